#!/usr/bin/env bash
# Record the 8 Dragons sample sessions through the real scorekeeper CLI, and their golden score tables.
# Usage: ./make_eight_dragons.sh            record everything again (about 3 minutes)
#        ./make_eight_dragons.sh goldens    only refresh the golden score tables
#
#   eight-dragons-3p-board.json     a complete, legal 3-player game on the INVENTED example board
#                                   (eight-dragons-board.json) with Royal Challenges (invented card values)
#   eight-dragons-4p-long.json      a complete, legal 4-player long game (5 Bonfires) on the same board
#   eight-dragons-2p-aurea.json     a complete, legal 2-player game on the same board (Aurea, 3 Wyrmlings each)
#   eight-dragons-disputed.json     a 3-player game without a board description (flights as stated), short
#                                   game (3 Bonfires), with four plays the table insisted on (--force)
#
# The plays are decided by make_eight_dragons_plan.py (a seeded table that only plans legal plays, checked
# against the rules engine, except the disputed ones); every play is recorded by the CLI below.
set -euo pipefail
cd "$(dirname "$0")"
ROOT="$(cd .. && pwd)"
PY="${PYTHON:-$ROOT/.venv/bin/python}"
export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"
SCOREKEEPER_HOME="$(mktemp -d)"
export SCOREKEEPER_HOME
GOLDEN="$ROOT/tests/games/eight_dragons/golden"
mkdir -p "$GOLDEN"

sk() { "$PY" -m scorekeeper "$@"; }

if [ "${1:-}" = "goldens" ]; then  # only refresh the golden score tables from the recorded sessions
    for name in 3p-board 4p-long 2p-aurea disputed; do
        sk score --json --explain --session "eight-dragons-$name.json" > "$GOLDEN/$name.score.json"
        rm -f "eight-dragons-$name.json.lock"
    done
    rm -rf "$SCOREKEEPER_HOME"
    exit 0
fi

record() {  # record NAME PLAN -- NEW-ARGS…
    local name="$1" plan="$2"; shift 3
    local file="eight-dragons-$name.json"
    rm -f "$file" "$file.lock"
    sk new eight-dragons "$@" --session "$file" > /dev/null
    "$PY" make_eight_dragons_plan.py "$plan" | while read -r line; do
        # shellcheck disable=SC2086
        sk $line --session "$file" > /dev/null
    done
    sk score --json --explain --session "$file" > "$GOLDEN/$name.score.json"
    rm -f "$file.lock"
    echo "recorded $file ($(sk log --session "$file" | wc -l) log lines)"
}

record 3p-board three -- --players Rhed,Greenyra,Blakkar --catalog eight-dragons-board.json \
    --set royal=smallest:6:3,artifacts:5:2,gold:8:4,wall:7:3
record 4p-long four -- --players Greenyra,Whytera,Rhed,Blakkar --catalog eight-dragons-board.json \
    --set bonfires=5 --set first=Whytera
record 2p-aurea two -- --players Whytera,Blakkar --catalog eight-dragons-board.json \
    --set first=Blakkar --set colours=white,black
record disputed disputed -- --players Rhed,Greenyra,Blakkar --set bonfires=3
rm -rf "$SCOREKEEPER_HOME"
