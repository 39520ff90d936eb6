"""FC-F3: a gift's ``--to`` completes to the other players only (FC-GIFT-3: a gift goes to another player),
in the table and in bash; before, the giver herself came first."""

from __future__ import annotations

import json
from pathlib import Path

from scorekeeper.cli.shell import Table
from tests.games.eight_dragons.test_ed_completion import ROOT, shell_complete


def test_fc_gift_3_a_gift_completes_to_the_other_players_only(tmp_path: Path) -> None:
    data = json.loads((ROOT / "sample_sessions" / "flamecraft" / "3p-disputed.json").read_text(encoding="utf-8"))
    data["events"] = {k: v for k, v in data["events"].items() if int(k) <= 6}  # Fern's turn, a fire-up legal
    session = tmp_path / "fc.json"
    session.write_text(json.dumps(data), encoding="utf-8")
    assert shell_complete("scorekeeper fc fire S-BOLT --to ", session) == ["Gus", "Hana"]
    assert Table(session).complete("fire S-BOLT --to ") == ["Gus", "Hana"]
