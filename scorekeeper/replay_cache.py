"""The replay cache: the state after a journal's events, kept so that the next command folds only what came after.

The session file stays the only truth. A cache entry (one per session file, in the user's cache folder) holds
the state after the journal's first N events (``scorekeeper.state_codec``: plain tagged JSON, never code),
what replay made of each of them, and a digest of the file's text up to the end of event N. It is used only
when the file still begins with exactly that text (so those N events, the metadata and the hash chain up to N
are byte for byte the ones replayed and verified then), the game, its settings and the code are the same, and
no correction came after N (a ``void`` or ``amend`` changes how earlier events read). Anything else — a
missing, stale, damaged or foreign entry — is ignored and rebuilt: deleting the folder changes no output.

The folder is ``$SCOREKEEPER_CACHE_DIR``, else ``$XDG_CACHE_HOME/scorekeeper/replays`` (``~/.cache`` by
default), private to the user (0700, files 0600). ``SCOREKEEPER_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from scorekeeper.engine import Replay, Resume, usual_status
from scorekeeper.games.base import Violation
from scorekeeper.state_codec import CodecError, decode, encode

if TYPE_CHECKING:
    from scorekeeper.games.base import Game, SessionConfig
    from scorekeeper.journal import Journal

FORMAT = 1
#: the end of a session file after its last event: the events table and the document close
CLOSING = "}}"


def enabled() -> bool:
    return os.environ.get("SCOREKEEPER_NO_CACHE", "") in ("", "0")


def folder() -> Path:
    """Where the entries live (see the module's docstring)."""
    explicit = os.environ.get("SCOREKEEPER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scorekeeper" / "replays"


def entry_path(session_path: Path) -> Path:
    return folder() / (hashlib.sha256(str(session_path).encode("utf-8")).hexdigest()[:32] + ".json")


@dataclass
class Prefix:
    """What a valid entry vouches for: the file's first ``length`` characters (``digest``) hold the metadata
    and the first ``count`` events, intact, ending at ``head``; ``resume`` starts a replay after them."""

    count: int
    head: str
    length: int
    digest: str
    resume: Resume


def load(journal: "Journal", game: "Game", config: "SessionConfig") -> Prefix | None:
    """The entry for ``journal`` if it is valid for the file as it now reads, else None (never an error)."""
    if not enabled() or journal.path is None:
        return None
    try:
        entry = json.loads(entry_path(journal.path).read_text(encoding="utf-8"))
        if (entry["format"] != FORMAT or entry["session"] != str(journal.path) or entry["key"] != key(game, config)
                or not isinstance(entry["count"], int) or not isinstance(entry["length"], int)):
            return None
        outcomes = {int(seq): (status, [Violation(int(seq), *v) for v in found])
                    for seq, (status, found) in entry["outcomes"].items()}
        state_data = entry["state"]
        prefix = Prefix(entry["count"], entry["head"], entry["length"], entry["digest"],
                        Resume(entry["count"], None, outcomes, lambda: decode(state_data)))
        if not vouches(prefix, journal):
            return None
        prefix.resume.state = decode(state_data)
        return prefix
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, CodecError):
        return None


def vouches(prefix: Prefix, journal: "Journal") -> bool:
    """Whether the file, as ``journal`` last read it, still begins with the text ``prefix`` vouches for and only
    adds events after it. (A correction after it is seen by ``engine.replay``, which then folds it all.)"""
    text, records, count = journal.text, journal._records, prefix.count
    if not 0 < count <= len(records) or len(text) < prefix.length:
        return False
    if records[count - 1].get("hash") != prefix.head or digest(text[:prefix.length]) != prefix.digest:
        return False
    try:
        return _tail_is_new_events(text[prefix.length:], count)
    except ValueError:
        return False


def _tail_is_new_events(tail: str, count: int) -> bool:
    """Whether the file after the vouched text only adds events numbered after ``count`` (no key repeated,
    nothing else in the document)."""
    if tail == CLOSING:
        return True
    if not tail.startswith(",") or not tail.endswith(CLOSING):
        return False
    added = json.loads("{" + tail[1:-len(CLOSING)] + "}")
    return isinstance(added, dict) and all(k.isdigit() and int(k) > count for k in added)


def save(journal: "Journal", game: "Game", config: "SessionConfig", replayed: Replay) -> None:
    """Keep ``replayed`` (the replay of the whole journal as it now reads) for the next command; a state that
    is not plain data, a broken chain or a folder that cannot be written simply means no entry."""
    if not enabled() or journal.path is None or not journal._records or not journal.text.endswith(CLOSING):
        return
    if replayed.timeline and replayed.timeline[-1].seq != journal._records[-1].get("seq"):
        return
    try:
        state = encode(replayed.state)
    except CodecError:
        return
    length = len(journal.text) - len(CLOSING)
    entry = {
        "format": FORMAT, "session": str(journal.path), "key": key(game, config),
        "count": len(journal._records), "head": journal.head_hash, "length": length,
        "digest": digest(journal.text[:length]), "state": state, "outcomes": outcomes_of(replayed.timeline),
    }
    _write(entry_path(journal.path), json.dumps(entry, ensure_ascii=False, separators=(",", ":")))


def outcomes_of(timeline: Sequence[Any]) -> dict[str, Any]:
    """What replay made of each event whose status is not the usual one for its type (``engine.usual_status``)
    or that has findings: ``{seq: [status, findings]}``."""
    return {str(o.seq): [o.status, [[v.rule, v.message, v.severity] for v in o.violations]]
            for o in timeline if o.violations or o.status != usual_status(o.event.type)}


def key(game: "Game", config: "SessionConfig") -> str:
    """The game, the session's settings, players and catalog, and the code that replays them."""
    from scorekeeper import code_version

    data = [game.name, list(config.players), config.settings, config.catalog, code_version.fingerprint(game)]
    return digest(json.dumps(data, sort_keys=True, default=str))


def digest(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=20).hexdigest()


def _write(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".entry-", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        return  # no cache, same outputs
