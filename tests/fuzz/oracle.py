"""The one judgement of a fuzz case: what a command may never do, whatever it was given.

* no traceback and no "internal error" in what it printed;
* an exit code of 0, 1 (refused), 2 (usage) or 130 (interrupted), and no hang;
* a refusal (1 or 2) writes nothing: every file under the table folder, the home, the cache and the folder
  standing for another user's (``Place.elsewhere``) byte for byte what it was, no file added or removed — except
  the replay cache's key, which the first command on a machine makes, a lock file, which only lives while a
  command holds it, and the session's own replay cache entry (``replay_cache.entry_path``, whatever was in its
  place): a refused play replayed the unchanged file as ``status`` does and may keep that replay, sealed, for
  the next command (an entry changes no answer: deleting the cache folder changes no output);
* an error is one line: on a refusal, at most one line of standard error that starts ``error:`` and never
  Click's usage block, and no error line longer than ``LONGEST`` characters (a huge argument is clipped, never
  echoed whole; a table or an export on standard output may be long); a refused play's verdict may go on to
  quote the rules it breaks;
* no control character (ESC, BEL, CSI) printed raw.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tests.fuzz.sandbox import Outcome, Place

CODES = (0, 1, 2, 130)
LONGEST = 2500


def snapshot(place: Place) -> dict[str, object]:
    """Every entry under the case's folders: a regular file by its bytes, anything else by its kind (a link by
    where it points). Not the replay cache's key, not a lock file, not the session's cache entry (see the
    module's docstring)."""
    from scorekeeper.app.replay_cache import SECRET

    entry = _entry_name(place)
    seen: dict[str, object] = {}
    for folder in (place.table, place.home, place.cache, place.elsewhere):
        for path in sorted(folder.rglob("*")):
            if path.name in (SECRET, entry) or path.name.endswith(".lock"):
                continue
            info = os.lstat(path)
            if stat.S_ISLNK(info.st_mode):
                seen[str(path)] = ("link", os.readlink(path))
            elif stat.S_ISREG(info.st_mode):
                seen[str(path)] = path.read_bytes()
            else:
                seen[str(path)] = ("kind", stat.S_IFMT(info.st_mode))
    return seen


def _entry_name(place: Place) -> str:
    """The file name of the session's replay cache entry (a digest of the session's path)."""
    import hashlib

    return hashlib.sha256(str(place.session).encode("utf-8")).hexdigest()[:32] + ".json"


def problems(outcome: Outcome, before: dict[str, object], after: dict[str, object], *,
             may_write: bool = False) -> list[str]:
    """Everything wrong with ``outcome`` (an empty list: the case passed). ``may_write``: a refusal may have
    written before it (a ``play`` shell records line after line and exits 1 at a refused one)."""
    if outcome.hung:
        return ["a hang"]
    found = []
    printed = outcome.stdout + outcome.stderr
    if outcome.code not in CODES:
        found.append(f"exit {outcome.code}")
    if "Traceback" in printed or "internal error" in printed:
        shown = [line for line in printed.splitlines() if "internal error" in line or "Error" in line]
        found.append(f"a traceback or an internal error ({(shown or [''])[-1][:300]})")
    if outcome.code in (1, 2) and not may_write and before != after:
        changed = sorted(set(before) ^ set(after) | {k for k in before if k in after and before[k] != after[k]})
        found.append(f"a refusal wrote: {', '.join(Path(c).name for c in changed[:3])}")
    errors = [line for line in outcome.stderr.splitlines() if line.startswith("error:")]
    if outcome.code in (1, 2) and not may_write and (len(errors) > 1 or "Usage:" in outcome.stderr):
        found.append("an error of more than one line")
    if any(len(line) > LONGEST for line in outcome.stderr.splitlines()):
        found.append("an error line longer than it should be (an input echoed whole)")
    if any(ch in printed for ch in "\x1b\x07\x9b"):
        found.append("a control character printed raw")
    return found
