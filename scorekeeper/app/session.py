"""The application layer's front door: ``Session``, a session opened, replayed once, its plays tried and
recorded, its read views; and ``WORKSPACE``, the one default ``Workspace`` (the sessions kept in memory as
``memory:NAME`` and those a long-lived process keeps open), which the CLI, the tools and the tests share.

No Click here, and no text layout (``scorekeeper.render.verdicts`` words verdicts and audits): the CLI and the
interactive table both stand on this layer, and so do the tests and the sample generators
(``Session.in_memory`` records without a file). Domain errors come from ``scorekeeper.errors``.

``Session`` is put together from one module per concept:

* ``session_core`` — the journal, the game, the config and the replay (through the replay cache's one seam);
* ``opening`` — open, create, import, in memory, and the checks a session passes first;
* ``reading`` — status, score, log, audit, settings;
* ``trust`` — the hash chain: its first break, an accepted break, the refusal to record on an unaccepted one;
* ``recording`` — ``transact``, the one write path, and the plays and notes recorded through it;
* ``corrections`` — void, undo, amend, assert, set, and the note that accepts a broken chain;
* ``place`` — where the game is played (``set location PLACE``, recorded as a note);
* ``verdicts`` — what a play came to and what an audit found (data), and ``describe``.
"""

from __future__ import annotations

from scorekeeper.app.place import Placing
from scorekeeper.app.opening import Opening
from scorekeeper.app.session_checks import check_meta  # noqa: F401 (the layer's names, where callers import them)
from scorekeeper.app.recording import DraftOrFunction  # noqa: F401
from scorekeeper.app.session_core import WriteHook, config_of  # noqa: F401
from scorekeeper.app.verdicts import Audit, PlayRefused, Verdict, core_description, describe, new_findings  # noqa: F401
from scorekeeper.app.workspace import MEMORY_PREFIX, WORKSPACE, Workspace  # noqa: F401
from scorekeeper.core.protocol import resolve_player  # noqa: F401


class Session(Placing, Opening):
    """A session: its journal (a file, or memory), its game and config, and its replay (done once); see the
    module's docstring for where each of its parts lives."""
