"""Plan the Flamecraft sample games: a simple deterministic table bot that plays whole games through the
real CLI (in-process) and writes every command it typed into ``make_flamecraft.sh``.

Run it from the repository root: ``.venv/bin/python sample_sessions/make_flamecraft_plan.py``. Then
``sample_sessions/make_flamecraft.sh`` re-records the same games from scratch, command by command, through
the ``scorekeeper`` CLI. The card faces come from ``flamecraft-catalog.json`` (invented cards). The bot is
not clever; it only needs to make legal, varied plays: visits with payments, gathers, placements, every
artisan ability, enchantments (fixed, no-coin and in sets), reservations, sun dragons, discards, refills,
new shops, the end trigger and the final turns.
"""

from __future__ import annotations

import json
import os
import random
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from click.testing import CliRunner  # noqa: E402

from scorekeeper.cli import main  # noqa: E402
from scorekeeper.games.flamecraft import GAME  # noqa: E402
from scorekeeper.journal import Journal  # noqa: E402

HERE = Path(__file__).resolve().parent
CATALOG = json.loads((HERE / "flamecraft-catalog.json").read_text())
GOODS = ["bread", "meat", "plant", "iron", "crystal", "potion"]
SHOP_DECK = ["OVENSTEP", "HAMHOCK", "FERNWICK", "RIVETROW", "SHARDSHOP", "TONICTOWER", "JUMBLEFAIR", "PENNYPOT", "HATCHERY", "TWOFOLD"]


class Bot:
    """Plays one game: chooses legal plays from the replayed state and records them through the CLI."""

    def __init__(self, name: str, players: list[str], seed: int, sets: list[str], disputes: dict[int, list[str]] | None = None) -> None:
        self.name = name
        self.players = players
        self.rng = random.Random(seed)
        self.tmp = Path(tempfile.mkdtemp())
        self.session = self.tmp / f"{name}.json"
        self.env = {"SCOREKEEPER_HOME": str(self.tmp / "home"), "SCOREKEEPER_SESSION": str(self.session)}
        self.runner = CliRunner()
        self.lines: list[str] = []
        self.sets = sets
        self.disputes = disputes or {}
        self.disputed: set[str] = set()
        self.state: Any = None
        self.seen = 0
        self.config: Any = None
        # the decks, in a fixed shuffled order
        artisans = [c for c, f in CATALOG["dragons"].items() if not (isinstance(f, dict) and f.get("starter"))]
        self.rng.shuffle(artisans)
        per_type = {2: 2, 3: 1}.get(len(players), 0)
        removed: list[str] = []
        for good in GOODS:
            of_type = [c for c in artisans if CATALOG["dragons"][c].split("/")[0] == good][:per_type]
            removed.extend(of_type)
        self.artisan_deck = [c for c in artisans if c not in removed]
        deck = next((x.split("=", 1)[1] for x in sets if x.startswith("ench_deck=")), "purple")
        self.ench_deck = [c for c in CATALOG["enchantments"] if c.startswith("PU" if deck == "purple" else "GO")]
        self.rng.shuffle(self.ench_deck)
        self.fancy_deck = list(CATALOG["fancy"])
        self.rng.shuffle(self.fancy_deck)
        self.shop_deck = list(SHOP_DECK)
        self.rng.shuffle(self.shop_deck)
        self.deck_name = deck

    # -- the CLI ---------------------------------------------------------------------------------------

    def run(self, *args: str, force: bool = False) -> None:
        argv = [*args, *(["--force"] if force else [])]
        result = self.runner.invoke(main, argv, env=self.env, catch_exceptions=False)
        if result.exit_code != 0:
            raise SystemExit(f"{self.name}: {' '.join(argv)} failed ({result.exit_code}): {result.output}")
        shown = ["CATALOG" if a == str(HERE / "flamecraft-catalog.json") else "SESSION" if a == str(self.session) else a for a in argv]
        self.lines.append("sk " + " ".join(shlex.quote(a) for a in shown))
        self.sync()

    def sync(self) -> None:
        events = Journal(self.session).events()
        for event in events[self.seen:]:
            if event.type in ("void", "amend", "note", "assert", "set"):
                continue
            findings = GAME.check(self.state, event)
            if not any(f.is_error for f in findings):
                self.state = GAME.apply(self.state, event)
        self.seen = len(events)

    def fc(self, *args: str, force: bool = False) -> None:
        self.run("fc", *args, force=force)

    def dispute(self, kind: str, *args: str) -> None:
        """A play the table made although the engine refuses it: recorded with --force, flagged."""
        self.disputed.discard(kind)
        self.lines.append("FORCED=1")
        self.fc(*args, force=True)
        self.lines.append("FORCED=0")
        last = Journal(self.session).events()[-1]
        assert last.forced, f"{self.name}: the disputed play {args} was legal"

    # -- setup -----------------------------------------------------------------------------------------

    def start(self) -> None:
        sets = []
        for s in self.sets:
            sets += ["--set", s]
        self.lines.append(f"# {self.name}")
        self.run("new", "flamecraft", "--players", ",".join(self.players), "--catalog", str(HERE / "flamecraft-catalog.json"), *sets, "--session", str(self.session))
        self.config = None
        from scorekeeper.cli.common import open_session

        s = open_session(str(self.session), "flamecraft")
        self.state = GAME.setup(s.config)
        self.seen = 0
        park = [self.artisan_deck.pop(0) for _ in range(5)]
        row = [self.ench_deck.pop(0) for _ in range(5)]
        shop_cats = [(CATALOG["shops"][x].split(",")[0]) for x in self.shop_deck]
        cats = [c if c in GOODS else "other" for c in shop_cats]
        self.fc("setup", "--park", ",".join(park), "--row", ",".join(row), "--shop-deck", ",".join(cats))
        for name in self.state.order:
            hand = [self.artisan_deck.pop(0) for _ in range(3)]
            drew = [self.fancy_deck.pop(0), self.fancy_deck.pop(0)]
            self.fancy_deck.append(drew[1])
            extra: list[str] = []
            seat = self.state.players[name].seat
            if len(self.players) >= 4 and seat in (4, 5):
                extra = ["--good", GOODS[seat]]
            if self.state.settings.get("companions"):
                extra += ["--companion", f"CP-{seat}"]
            self.fc("deal", name, "--hand", ",".join(hand), "--drew", ",".join(drew), "--keep", drew[0], *extra)

    # -- helpers ---------------------------------------------------------------------------------------

    def me(self) -> Any:
        return self.state.players[self.state.turn.player]

    def face(self, kind: str, card: str) -> Any:
        return self.state.face(kind, card)

    def richest_good(self, p: Any) -> str | None:
        goods = sorted(((n, g) for g, n in p.goods.items() if n), reverse=True)
        return goods[0][1] if goods else None

    def poorest_goods(self, p: Any, k: int) -> list[str]:
        return sorted(GOODS, key=lambda g: (p.goods.get(g, 0), GOODS.index(g)))[:k]

    def can_pay(self, p: Any, cost: dict[str, int], no_coin: bool, goods: dict[str, int] | None = None, coins: int | None = None) -> bool:
        goods = p.goods if goods is None else goods
        coins = p.coins if coins is None else coins
        short = sum(max(0, n - goods.get(g, 0)) for g, n in cost.items())
        return short == 0 or (not no_coin and short <= coins)

    def after_visit(self, shop_id: str) -> tuple[dict[str, int], int]:
        """The visitor's goods and coins once the players at ``shop_id`` are paid (as ``pay_args`` pays)."""
        p = self.me()
        goods, coins = dict(p.goods), p.coins
        for q in self.state.players.values():
            if q.token == shop_id and q.name != p.name:
                good = max((g for g in GOODS if goods.get(g, 0) > 0), key=lambda g: goods[g], default=None)
                if good:
                    goods[good] -= 1
                else:
                    coins -= 1
        return goods, coins

    def enchant_option(self, shop_id: str) -> tuple[str, int | None] | None:
        p = self.me()
        shop = self.state.shops[shop_id]
        sface = self.face("shop", shop_id)
        if not sface["enchantable"] or len(shop.enchantments) >= 3:
            return None
        cards = list(self.state.row) + ([p.reserved] if p.reserved else [])
        goods, coins = self.after_visit(shop_id)
        for card in cards:
            f = self.face("ench", card)
            if not ("wild" in sface["symbols"] or f["icon"] in sface["symbols"]):
                continue
            if "cost" in f:
                if self.can_pay(p, f["cost"], f["no_coin"], goods, coins):
                    return card, None
            else:
                for k in (2, 1):
                    cost = {g: n * k for g, n in f["set_cost"].items()}
                    if self.can_pay(p, cost, f["no_coin"], goods, coins):
                        return card, k
        return None

    def payments_possible(self, shop_id: str) -> bool:
        p = self.me()
        present = [q for q in self.state.players.values() if q.token == shop_id and q.name != p.name]
        return p.items_total() >= len(present)

    def pay_args(self, shop_id: str) -> list[str]:
        p = self.me()
        present = [q.name for q in self.state.players.values() if q.token == shop_id and q.name != p.name]
        goods = dict(p.goods)
        coins = p.coins
        args = []
        for name in present:
            good = max((g for g in GOODS if goods.get(g, 0) > 0), key=lambda g: goods[g], default=None)
            if good:
                goods[good] -= 1
                args += ["--pay", f"{name}={good}"]
            else:
                coins -= 1
                args += ["--pay", f"{name}=coin"]
        return args

    def reward_args(self, reward: dict[str, Any]) -> list[str]:
        args: list[str] = []
        for _ in range(reward.get("artisan", 0)):
            args += self.draw_arg()
        for _ in range(reward.get("fancy", 0)):
            if self.fancy_deck:
                args += ["--fancy", self.fancy_deck.pop(0)]
        return args

    def draw_arg(self) -> list[str]:
        if self.state.park:
            return ["--draw", f"park:{self.state.park[0]}"]
        if self.artisan_deck:
            return ["--draw", f"deck:{self.artisan_deck.pop(0)}"]
        return []

    # -- one turn --------------------------------------------------------------------------------------

    def turn(self, number: int) -> None:
        p = self.me()
        self.disputed |= set(self.disputes.get(number, []))
        if "repeat-visit" in self.disputed and p.token:
            self.dispute("repeat-visit", "visit", p.token)  # FC-TURN-4: the token is already there
        if "early-end" in self.disputed:
            self.dispute("early-end", "end")  # FC-TURN-2: no visit yet
        if "companion" in self.disputed:
            self.dispute("companion", "companion", "--gain", "2rep")  # FC-COMP-1: companions are off
        if "unpaid-visit" in self.disputed:
            crowded = [s.id for s in self.state.shops.values() if s.face_up and s.id != p.token
                       and any(q.token == s.id and q.name != p.name for q in self.state.players.values())]
            if crowded:
                self.dispute("unpaid-visit", "visit", crowded[0])  # FC-TURN-6: the players there are not paid
        if self.state.settings.get("companions") and number in (3, 4) and not p.companion_used:
            effect = {"CP-1": "1potion", "CP-2": "2rep", "CP-4": "3rep", "CP-5": "1rep"}.get(p.companion or "", "1bread")
            self.fc("companion", "--gain", effect)
        self.maybe_sun()
        shops = [s for s in self.state.shops.values() if s.face_up and s.id not in p.recent_shops[-1:] and self.payments_possible(s.id)]
        choice = None
        for shop in shops:
            option = self.enchant_option(shop.id)
            if option:
                choice = ("enchant", shop.id, option)
                break
        if choice is None or self.rng.random() < 0.35:
            def value(s: Any) -> tuple[int, int]:
                free = sum(1 for i, d in enumerate(s.slots) if d is None and any(self.face("dragon", h) and self.face("dragon", h)["icon"] in self.face("shop", s.id)["slots"][i]["icons"] for h in p.hand))
                return (len([d for d in s.slots if d]) + len(s.enchantments) + free * 2, self.rng.random())
            best = max(shops, key=value)
            choice = ("gather", best.id, None)
        action, shop_id, option = choice
        self.fc("visit", shop_id, *self.pay_args(shop_id))
        if action == "enchant":
            card, k = option
            self.fc("enchant", card, *(["--sets", str(k)] if k else []), *self.reward_args(self.ench_reward(card, k)))
            shop = self.state.shops[shop_id]
            for dragon in list(shop.slots):
                if dragon and dragon not in self.state.turn.fired and dragon in self.state.shops[shop_id].slots:
                    self.fire(dragon, shop_id)
        else:
            self.gather(shop_id)
        self.maybe_sun()
        self.end()

    def ench_reward(self, card: str, k: int | None) -> dict[str, Any]:
        f = self.face("ench", card)
        if "reward" in f:
            return f["reward"]
        per = f.get("reward_per_set") or {}
        return {key: v * (k or 1) for key, v in per.items() if isinstance(v, int)}

    def gather(self, shop_id: str) -> None:
        shop = self.state.shops[shop_id]
        sface = self.face("shop", shop_id)
        symbols = list(sface["symbols"]) + [self.face("dragon", d)["icon"] for d in shop.slots if d]
        symbols += [self.face("ench", e)["adds"] for e in shop.enchantments]
        gain: dict[str, int] = {}
        args: list[str] = []
        for sym in symbols:
            if sym == "wild":
                g = self.poorest_goods(self.me(), 1)[0]
                gain[g] = gain.get(g, 0) + 1
            elif sym == "dragon":
                args += self.draw_arg()
            else:
                gain[sym] = gain.get(sym, 0) + 1
        gain_text = "+".join(f"{n}{g}" for g, n in gain.items())
        if "greedy-gather" in self.disputed:
            self.dispute("greedy-gather", "gather", gain_text + "+1bread")  # FC-GATHER-3: more than the shop yields
        self.fc("gather", *([gain_text] if gain_text else []), *args)
        p = self.me()
        for i, d in enumerate(shop.slots):
            if d is not None:
                continue
            slot = sface["slots"][i]
            fit = next((h for h in p.hand if self.face("dragon", h) and self.face("dragon", h)["icon"] in slot["icons"]), None)
            if fit:
                self.fc("place", fit, str(i + 1), *self.reward_args(slot["reward"]))
                break
        shop = self.state.shops[shop_id]
        candidates = [d for d in shop.slots if d]
        self.rng.shuffle(candidates)
        fired = None
        for dragon in candidates:
            if self.fire(dragon, shop_id):
                fired = dragon
                break
        others = [d for d in self.state.shops[shop_id].slots if d and d not in self.state.turn.fired]
        if "second-fire" in self.disputed and fired and others:
            ability = self.face("dragon", others[0])["ability"]
            extra = {"GAIN2": ["--good", "bread"], "GAIN3": ["--goods", "bread,meat,plant"]}.get(ability, [])
            self.dispute("second-fire", "fire", others[0], *extra)  # FC-FIRE-2: one fire-up when gathering
        if sface.get("ability") and self.state.turn.gather_step < 4:
            p = self.me()
            if p.reserved is None and self.state.row:
                self.fc("ability", "--reserve", self.state.row[-1])

    def fire(self, dragon: str, shop_id: str) -> bool:
        """Fire up one dragon with a sensible choice; False when the bot skips it."""
        p = self.me()
        ability = self.face("dragon", dragon)["ability"]
        shop = self.state.shops[shop_id]
        sface = self.face("shop", shop_id)
        if ability == "GAIN2":
            if "wild" in sface["symbols"]:
                good = self.poorest_goods(p, 1)[0]
            else:
                here = [s for s in sface["symbols"] if s in GOODS] + [self.face("dragon", d)["icon"] for d in shop.slots if d]
                good = here[0]
            self.fc("fire", dragon, "--good", good)
        elif ability == "GAIN3":
            self.fc("fire", dragon, "--goods", ",".join(self.poorest_goods(p, 3)))
        elif ability == "GIFT":
            good = self.richest_good(p)
            if good is None:
                return False
            order = self.state.order
            to = order[(order.index(p.name) + 1) % len(order)]
            self.fc("fire", dragon, "--to", to, "--item", good)
        elif ability == "DRAW":
            draw = self.draw_arg()
            if not draw:
                return False
            self.fc("fire", dragon, *draw)
        elif ability == "PLACE":
            for h in p.hand:
                hf = self.face("dragon", h)
                if not hf:
                    continue
                for other in self.state.shops.values():
                    if not other.face_up:
                        continue
                    oface = self.face("shop", other.id)
                    for i, d in enumerate(other.slots):
                        if d is None and hf["icon"] in oface["slots"][i]["icons"]:
                            self.fc("fire", dragon, "--dragon", h, "--at", f"{other.id}:{i + 1}", *self.reward_args(oface["slots"][i]["reward"]))
                            return True
            return False
        elif ability == "SWAP":
            here = self.state.dragon_location(dragon)
            partners = [d for s in self.state.shops.values() if s.face_up and s.id != shop_id for d in s.slots if d]
            partners = [d for d in partners if self.face("dragon", d)["ability"] in ("GAIN3", "GIFT") and d not in self.state.turn.fired]
            if not partners or here is None:
                return False
            partner = partners[0]
            self.fc("fire", dragon, "--with", partner)
            if self.state.turn.followup == partner:
                self.fire(partner, shop_id)
        else:
            return False
        return True

    def maybe_sun(self) -> None:
        p = self.me()
        for card in p.fancies:
            f = self.face("fancy", card)
            if f and f["kind"] == "sun" and card not in p.sun_scored and self.can_pay(p, f.get("spend") or {}, False):
                self.fc("sun", card)

    def end(self) -> None:
        p = self.me()
        args: list[str] = []
        turn = self.state.turn
        for _ in turn.new_shops:
            args += ["--flip", self.shop_deck.pop(0)]
        over = len(p.hand) - 6
        for dragon in p.hand[-over:] if over > 0 else []:
            args += ["--discard", dragon]
        for good, n in p.goods.items():
            if n > 7:
                args += ["--discard", f"{n - 7}{good}"]
        park_need = min(5 - len(self.state.park), self.state.artisan_deck)
        if park_need > 0:
            args += ["--park", ",".join(self.artisan_deck.pop(0) for _ in range(park_need))]
        row_need = min(5 - len(self.state.row), self.state.ench_deck)
        if row_need > 0:
            args += ["--row", ",".join(self.ench_deck.pop(0) for _ in range(row_need))]
        self.fc("end", *args)

    def finish(self) -> None:
        args: list[str] = []
        for p in self.state.players.values():
            for card in p.fancies:
                f = self.face("fancy", card)
                if f["kind"] == "moon":
                    fulfilled = len([s for s in self.state.shops.values() if s.enchantments]) >= 3 and self.rng.random() < 0.7
                    args += ["--moon" if fulfilled else "--missed", card]
        self.fc("final", *args)

    def play(self, max_turns: int = 200) -> list[str]:
        self.start()
        number = 0
        while not self.state.finished and number < max_turns:
            number += 1
            self.turn(number)
        assert self.state.finished, f"{self.name} did not finish"
        self.finish()
        return self.lines


GAMES = [
    # name, players, seed, settings, disputed plays (turn number → forced commands recorded first)
    ("flamecraft-3p-complete", ["Ada", "Bram", "Cleo"], 11, [], {}),
    ("flamecraft-2p-companions", ["Dana", "Emil"], 5, ["companions=yes"], {}),
    ("flamecraft-5p-gold", ["Ivo", "Juno", "Kit", "Lea", "Milo"], 8, ["ench_deck=gold", "companions=yes", "start_player=Kit"], {}),
    (
        "flamecraft-3p-disputed",
        ["Fern", "Gus", "Hana"],
        23,
        [],
        {4: ["repeat-visit"], 5: ["greedy-gather"], 7: ["early-end"], 8: ["unpaid-visit"], 9: ["second-fire"], 12: ["companion"]},
    ),
]


def main_() -> None:
    script = [
        "#!/usr/bin/env bash",
        "# Re-records the Flamecraft sample sessions through the scorekeeper CLI, command by command.",
        "# Generated by sample_sessions/make_flamecraft_plan.py (a deterministic table bot); run from anywhere.",
        "set -euo pipefail",
        'HERE="$(cd "$(dirname "$0")" && pwd)"',
        'ROOT="$(dirname "$HERE")"',
        'PY="${PYTHON:-$ROOT/.venv/bin/python}"',
        'export PYTHONPATH="$ROOT${PYTHONPATH:+:$PYTHONPATH}"',
        'export SCOREKEEPER_HOME="$(mktemp -d)"',
        'CATALOG="$HERE/flamecraft-catalog.json"',
        'sk() { "$PY" -m scorekeeper "$@" >/dev/null || { rc=$?; [ "$rc" = 1 ] && [ "$FORCED" = 1 ] || { echo "failed: scorekeeper $*" >&2; exit "$rc"; }; }; }',
        "FORCED=0",
    ]
    for name, players, seed, sets, disputes in GAMES:
        bot = Bot(name, players, seed, sets, disputes)
        lines = bot.play()
        script.append("")
        script.append(f'SESSION="$HERE/{name}.json"')
        script.append('rm -f "$SESSION" "$SESSION.lock"')
        for line in lines:
            if line.startswith("#") or line.startswith("FORCED="):
                script.append(line)
                continue
            line = line.replace("'CATALOG'", '"$CATALOG"').replace(" CATALOG ", ' "$CATALOG" ').replace(" SESSION", ' "$SESSION"')
            if line.startswith("sk new"):
                script.append(line)
            else:
                script.append(line + ' --session "$SESSION"')
        script.append(f'"$PY" -m scorekeeper score --json --session "$SESSION" > "$ROOT/tests/games/flamecraft/golden/{name}.score.json"')
        script.append('rm -f "$SESSION.lock"')
        print(f"{name}: {len(lines)} commands, {bot.state.turn_count} turns", file=sys.stderr)
    out = HERE / "make_flamecraft.sh"
    out.write_text("\n".join(script) + "\n")
    os.chmod(out, 0o755)


if __name__ == "__main__":
    main_()
