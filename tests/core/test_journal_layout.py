"""A new session file is laid out exactly as TinyDB lays it out: ``Journal.create`` writes the text itself
(``journal_format.new_session_text``) instead of inserting through TinyDB, and TinyDB stays the format's oracle."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core.events import Event
from scorekeeper.core.journal import EVENTS_TABLE, META_TABLE, Journal, JournalWriteError, SessionMeta, chained, meta_hash
from scorekeeper.core.journal_format import new_session_text
from scorekeeper.core.journal_storage import _tinydb, _write

TEXT = st.text(st.characters(codec="utf-8"), max_size=12)
PAYLOADS = st.dictionaries(TEXT, st.one_of(st.integers(-10**6, 10**6), TEXT, st.booleans(), st.none(),
                                           st.lists(st.integers(0, 9), max_size=4)), max_size=4)


def _meta(players: list[str], settings_: dict[str, Any]) -> SessionMeta:
    return SessionMeta(game="flamecraft", players=tuple(players), settings=settings_,
                       setting_sources={k: "default" for k in settings_}, catalog=None,
                       created="2026-12-07T00:00:00+00:00")


def _as_tinydb_writes(path: Path, meta: SessionMeta, records: list[dict[str, Any]]) -> bytes:
    db = _tinydb(path, {})
    db.table(META_TABLE).insert(meta.to_record())
    db.table(EVENTS_TABLE).insert_multiple(records)
    _write(db, path)
    return path.read_bytes()


def _events(payloads: list[dict[str, Any]]) -> list[Event]:
    return [Event(n, "NOTE", None, {"text": str(p), **p}, "2026-12-07T00:00:00+00:00") for n, p in
            enumerate(payloads, start=1)]


@settings(max_examples=60, deadline=None)
@given(players=st.lists(TEXT.filter(str.strip), min_size=1, max_size=5, unique=True),
       settings_=st.dictionaries(TEXT, st.one_of(st.integers(), TEXT, st.booleans()), max_size=3),
       payloads=st.lists(PAYLOADS, max_size=6))
def test_a_new_session_file_is_the_text_tinydb_writes(tmp_path_factory: pytest.TempPathFactory,
                                                      players: list[str], settings_: dict[str, Any],
                                                      payloads: list[dict[str, Any]]) -> None:
    folder = tmp_path_factory.mktemp("layout")
    meta = _meta(players, settings_)
    events = _events(payloads)
    records = chained(events, meta_hash(meta))
    assert new_session_text(meta, records).encode("utf-8") == _as_tinydb_writes(folder / "tinydb.json", meta, records)
    made = Journal.create(folder / "made.json", meta, events)
    assert (folder / "made.json").read_bytes() == (folder / "tinydb.json").read_bytes()
    assert made.records == records


def test_a_metadata_value_strict_json_cannot_hold_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    meta = _meta(["Ann", "Bo"], {"ratio": float("nan")})
    with pytest.raises(JournalWriteError, match="nothing was written"):
        Journal.create(tmp_path / "nan.json", meta)
    assert list(tmp_path.iterdir()) == []
