"""Issue 23 item 6: a Flamecraft verdict says what the play gave or cost (gathering, place rewards, fire-ups,
visit payments), in one line under the acknowledgement and as ``effects`` in ``--json``."""

from __future__ import annotations

import json

from tests.conftest import Cli
from tests.games.flamecraft.test_fc_cli import ready


def test_gather_place_and_fire_up_say_their_gains(cli: Cli) -> None:
    ready(cli)
    assert cli("fc", "visit", "crumbhall").exit_code == 0
    gathered = cli("fc", "gather")
    assert gathered.exit_code == 0 and "\n  Ann +2 bread\n" in gathered.output
    placed = cli("fc", "place", "br-2", "3", "--json")
    assert placed.exit_code == 0, placed.output
    effects = json.loads(placed.output)["effects"]
    assert {"player": "Ann", "what": "dragons", "change": -1} in [
        {k: e[k] for k in ("player", "what", "change")} for e in effects]
    assert all(e["text"].startswith("Ann ") for e in effects)
    fired = cli("fc", "fire", "S-TOAST", "--good", "bread")
    assert fired.exit_code == 0 and "taking 2 bread\n  Ann +2 bread\n" in fired.output
