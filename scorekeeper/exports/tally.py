"""``export --to tally``: the session's state as a tally file, which ``tally --from`` scores to the same table and
``new GAME --from`` continues (see ``app.tally``); with ``--at N``, the table as it stood just before event N."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.exports import Options
    from scorekeeper.app.session import Session
    from scorekeeper.app.standings import Result


def export(s: "Session", result: "Result | None", options: "Options") -> tuple[str, str]:
    """The state now (or just before event ``options.at``) as a tally (JSON). Refused for a history ``verify``
    rejects, unless a recorded note accepted it: the tally then carries that in its ``reason``, into the session
    ``tally --from`` or ``new --from`` makes."""
    from scorekeeper.app.tally import tally_data

    carried = s.carried_edit("a tally export")
    data = tally_data(s, options.at)
    if carried is not None:
        data["reason"] = carried
    what = "the table as a tally" if options.at is None else f"the table just before #{options.at} as a tally"
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n", what
