"""The replay cache only ever saves time: a command resumed from it reads exactly what a fresh replay gives, and
a missing, stale, damaged, foreign or tampered entry is ignored (issue 9)."""

from __future__ import annotations

import json
import os
import shutil
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from scorekeeper.app import replay_cache
from scorekeeper.core.engine import replay
from scorekeeper.core.journal import Journal, event_hash
from scorekeeper.app.session import Session
from scorekeeper.core.state_codec import CodecError, decode, encode
from tests.core.test_kept_replay import SAMPLES, facts


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "home").mkdir()
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SCOREKEEPER_SESSION", "")


#: the threshold below which a journal gets no entry (set to 0 for the other tests here)
SHORT = replay_cache.SHORT


@pytest.fixture(autouse=True)
def entries_at_any_length(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests prove what an entry vouches for at every cut of every sample, the shortest too: here a
    journal below ``SHORT`` events gets an entry as a long one does (the last test proves the threshold)."""
    monkeypatch.setattr(replay_cache, "SHORT", 0)


def fresh(session: Session) -> Any:
    return facts(session, replay(session.events, session.game, session.config))


def entry(path: Path) -> Path:
    return Path(replay_cache.entry_path(os.path.realpath(path)))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_replay_resumed_from_the_cache_is_the_journal_replayed(path: Path, tmp_path: Path) -> None:
    """At cut points through every sample: a file of the first K events is replayed (which keeps an entry),
    the rest is appended, and the next open resumes after K and reads exactly the fresh replay."""
    sample = Session.open(path)
    events = sample.events
    for cut in sorted({1, len(events) // 3, 2 * len(events) // 3, len(events) - 1}):
        target = tmp_path / f"cut{cut}.json"
        Journal.create(target, sample.journal.meta, events[:cut])
        first = Session.open(target)
        first.replay()
        assert entry(target).exists(), f"cut {cut}: no entry kept"
        with Journal(target).transaction() as tx:
            tx.append_many(events[cut:])
        resumed = Session.open(target)
        assert replay_cache.vouched_count(resumed.journal) == cut, f"cut {cut}: the entry was not used"
        assert facts(resumed, resumed.replay()) == fresh(resumed), f"cut {cut}"
        assert resumed.chain_problem is None
        assert encode(resumed.state) == encode(replay(resumed.events, resumed.game, resumed.config).state)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_sample_state_is_plain_data_that_decodes_to_the_same_board(path: Path) -> None:
    session = Session.open(path)
    data = json.loads(json.dumps(encode(session.state)))
    again = decode(data)
    assert encode(again) == data
    assert session.game.snapshot(again) == session.game.snapshot(session.state)
    assert session.game.score(again) == session.game.score(session.state)


def _copy(path: Path, tmp_path: Path) -> Path:
    target = tmp_path / "session.json"
    shutil.copy(path, target)
    return target


def _run(*args: str) -> str:
    from scorekeeper.cli import main

    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return f"{result.exit_code}\n{result.output}"


READS = (["score"], ["status"], ["check"], ["log", "--last", "8"], ["verify"], ["score", "--json"])


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_deleting_the_cache_changes_no_output(path: Path, tmp_path: Path) -> None:
    session = _copy(path, tmp_path)
    warm = [_run(*args, "--session", str(session)) for args in READS]
    assert entry(session).exists()
    warm_again = [_run(*args, "--session", str(session)) for args in READS]
    entry(session).unlink()
    cold = [_run(*args, "--session", str(session)) for args in READS]
    assert warm == warm_again == cold


def test_a_play_recorded_keeps_an_entry_for_the_next_command(tmp_path: Path) -> None:
    session = _copy(SAMPLES[0], tmp_path)
    _run("note", "a ruling", "--session", str(session))
    opened = Session.open(session)
    assert replay_cache.vouched_count(opened.journal) == len(opened.events)


def test_an_edited_event_is_never_read_from_the_cache(tmp_path: Path) -> None:
    """Event 3 edited in place, its stored hash kept: the cache's digest no longer matches, so the replay and
    verify read the edited file, as they would without any cache."""
    session = _copy(SAMPLES[0], tmp_path)
    _run("score", "--session", str(session))
    data = json.loads(session.read_text(encoding="utf-8"))
    doc = data["events"]["3"]
    doc["recorded_at"] = "2020-01-01T00:00:00+00:00"
    session.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    opened = Session.open(session)
    assert replay_cache.vouched_count(opened.journal) is None
    assert opened.chain_problem is not None and opened.chain_problem.seq == 3
    assert "edited" in _run("verify", "--session", str(session))


def test_a_repeated_event_key_after_the_vouched_text_is_not_trusted(tmp_path: Path) -> None:
    """JSON keeps the last of two equal keys: an event 2 added again at the end would replace the one the
    cache vouches for, so the entry is refused."""
    session = _copy(SAMPLES[0], tmp_path)
    _run("score", "--session", str(session))
    text = session.read_text(encoding="utf-8")
    data = json.loads(text)
    doc = dict(data["events"]["2"], recorded_at="2020-01-01T00:00:00+00:00")
    tampered = text[:-2] + ',"2":' + json.dumps(doc, separators=(",", ":")) + "}}"
    session.write_text(tampered, encoding="utf-8")
    opened = Session.open(session)
    assert replay_cache.vouched_count(opened.journal) is None
    assert opened.chain_problem is not None


@pytest.mark.parametrize("damage", ["not json", '{"format": 1}', "[]", ""])
def test_a_damaged_entry_is_ignored_and_rebuilt(damage: str, tmp_path: Path) -> None:
    session = _copy(SAMPLES[0], tmp_path)
    before = _run("score", "--session", str(session))
    entry(session).write_text(damage, encoding="utf-8")
    assert _run("score", "--session", str(session)) == before
    assert replay_cache.vouched_count(Session.open(session).journal) is not None  # rebuilt by that command


def test_an_entry_naming_code_outside_the_games_is_refused(tmp_path: Path) -> None:
    """The state is data: a class outside the game packages (or not loaded) is never looked up, let alone run."""
    for hostile in ({"c": "os:system", "v": {}}, {"c": "subprocess:Popen", "v": {}},
                    {"c": "scorekeeper.games.nowhere:State", "v": {}}, {"x": []}):
        with pytest.raises(CodecError):
            decode(hostile)
    session = _copy(SAMPLES[0], tmp_path)
    before = _run("score", "--session", str(session))
    data = json.loads(stored_body(entry(session)))
    data["state"] = {"c": "os:system", "v": {}}
    entry(session).write_bytes(replay_cache.sealed(json.dumps(data).encode(), replay_cache.user_key() or b""))
    assert _run("score", "--session", str(session)) == before


def stored_body(path: Path) -> str:
    """The JSON body of an entry as stored (after its seal's line)."""
    return path.read_bytes().partition(b"\n")[2].decode("utf-8")


def test_entries_are_private_and_the_cache_can_be_turned_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = _copy(SAMPLES[0], tmp_path)
    _run("score", "--session", str(session))
    assert stat.S_IMODE(entry(session).stat().st_mode) == 0o600
    monkeypatch.setenv("SCOREKEEPER_CACHE_DIR", str(tmp_path / "off"))
    monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
    _run("score", "--session", str(session))
    assert not (tmp_path / "off").exists()


def test_one_object_in_two_places_is_not_cached() -> None:
    from scorekeeper.games.emberheart.state import Player

    shared = Player("Astrid")
    with pytest.raises(CodecError):
        encode([shared, shared])


def test_an_appended_event_keeps_the_file_laid_out_as_tinydb_writes_it(tmp_path: Path) -> None:
    """The journal adds events at the end of the file's text instead of laying the whole document out again:
    the text is the one TinyDB would write, and TinyDB reads every document back."""
    from tinydb import TinyDB

    session = _copy(SAMPLES[0], tmp_path)
    before = session.read_text(encoding="utf-8")
    _run("note", "Æsa's ruling: ✓", "--session", str(session))
    _run("note", "second", "--session", str(session))
    text = session.read_text(encoding="utf-8")
    assert text.startswith(before[:-2])
    assert json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")) == text
    with TinyDB(session) as db:
        docs = db.table("events").all()
    assert [d["payload"].get("text") for d in docs[-2:]] == ["Æsa's ruling: ✓", "second"]
    records = Journal(session).records
    assert all(event_hash(r, r["prev_hash"]) == r["hash"] for r in records[-2:])


def test_with_a_valid_entry_only_the_events_after_it_are_read(tmp_path: Path) -> None:
    """The point of the cache at 50,000 events: a read or a write parses the events after the entry only;
    the earlier ones are parsed only when a command asks for them (the log, an audit)."""
    session = _copy(SAMPLES[0], tmp_path)
    _run("score", "--session", str(session))
    _run("note", "after the entry", "--session", str(session))
    opened = Session.open(session)
    opened.score()
    opened.status()
    assert [v.seq for v in opened.replay().errors] == [v.seq for v in replay(
        Journal(session).events(), opened.game, opened.config).errors]
    opened.note("one more")
    assert opened.journal._all is None  # nothing before the entry was parsed
    assert opened.replay().timeline[-1].event.get("text") == "one more"  # the outcomes are built when asked
    assert opened.journal._all is not None
    assert facts(opened, opened.replay()) == fresh(opened)


def _without_time_and_hash(output: str) -> Any:
    code, _, text = output.partition("\n")
    data = json.loads(text)
    data["recorded"].pop("recorded_at")
    data.pop("hash")
    return code, data


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_note_on_a_vouched_journal_reads_as_a_note_recorded_through_the_game(
        path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9 (a note imports no game package): with the cache's word for the whole journal, a ``note`` is
    recorded without the game's rules; its verdict (text and --json), the file it leaves and every read after
    it are those of the note recorded through the game with no cache at all."""
    warm, cold = tmp_path / "warm.json", tmp_path / "cold.json"
    shutil.copy(path, warm)
    shutil.copy(path, cold)
    _run("score", "--session", str(warm))
    fast = Session.open(warm, lazy=True).note_without_rules("first ruling")
    assert fast is not None, "the cache did not vouch for the journal"
    slow = Session.open(cold).note("first ruling")
    assert (fast.event.seq, fast.description, fast.expected, fast.recorded) == (
        slow.event.seq, slow.description, slow.expected, slow.recorded)
    assert fast.expected, "a sample's hint is never empty"
    fast_json = _run("note", "second ruling", "--json", "--session", str(warm))
    monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
    slow_json = _run("note", "second ruling", "--json", "--session", str(cold))
    assert _without_time_and_hash(fast_json) == _without_time_and_hash(slow_json)
    assert "\nintact: " in _run("verify", "--session", str(warm))
    monkeypatch.delenv("SCOREKEEPER_NO_CACHE")
    assert [_run(*args, "--session", str(warm)) for args in (["score"], ["check"], ["status"])] == [
        _run(*args, "--session", str(cold)) for args in (["score"], ["check"], ["status"])]


def _appended(session: Path, doc_of_last: Any) -> None:
    """Add, at the end of the file, an event made from the last one by ``doc_of_last`` (no cache update)."""
    text = session.read_text(encoding="utf-8")
    data = json.loads(text)
    last_key = max(data["events"], key=int)
    doc = doc_of_last(dict(data["events"][last_key], seq=int(last_key) + 1))
    session.write_text(text[:-2] + f',"{int(last_key) + 1}":' + json.dumps(doc, separators=(",", ":")) + "}}",
                       encoding="utf-8")


def test_a_note_after_an_unreplayed_play_goes_through_the_game(tmp_path: Path) -> None:
    """A play written after the cache's entry (by a tool that kept no entry) must be replayed: the note
    without rules declines and writes nothing; the ``note`` command then records it through the game."""
    session = _copy(SAMPLES[0], tmp_path)
    _run("score", "--session", str(session))
    plays = [e for e in Session.open(session).events if e.type not in ("note", "assert", "set", "void", "amend")]
    play = plays[-1]

    def replayed_play(doc: Any) -> Any:
        doc = dict(doc, type=play.type, player=play.player, payload=dict(play.payload), prev_hash=doc["hash"])
        doc.pop("hash")
        doc["hash"] = event_hash(doc, doc["prev_hash"])
        return doc

    _appended(session, replayed_play)
    before = session.read_bytes()
    assert Session.open(session, lazy=True).note_without_rules("a ruling") is None
    assert session.read_bytes() == before
    output = _run("note", "a ruling", "--session", str(session))
    assert output.startswith("0\n") and "recorded: note: a ruling" in output
    assert Session.open(session).events[-1].get("text") == "a ruling"


def test_a_note_after_a_broken_chain_goes_through_the_game_and_is_refused(tmp_path: Path) -> None:
    """An event after the entry whose hash does not chain: the note without rules declines (nothing
    written); the command reads the whole chain, so it refuses in one line as every writer does on such a file."""
    session = _copy(SAMPLES[0], tmp_path)
    _run("score", "--session", str(session))
    _appended(session, lambda doc: dict(doc, type="note", player=None, payload={"text": "forged"},
                                        prev_hash=doc["hash"], hash="0" * 64))
    before = session.read_bytes()
    assert Session.open(session, lazy=True).note_without_rules("a ruling") is None
    assert session.read_bytes() == before
    output = _run("note", "a ruling", "--session", str(session))
    assert output.startswith("1\nrefused: this journal fails verify (#158 ") and output.count("\n") == 2
    assert session.read_bytes() == before


def test_a_note_without_the_cache_goes_through_the_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = _copy(SAMPLES[0], tmp_path)
    _run("score", "--session", str(session))
    monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
    assert Session.open(session, lazy=True).note_without_rules("a ruling") is None
    assert "recorded: note: a ruling" in _run("note", "a ruling", "--session", str(session))


def test_a_short_journal_keeps_no_entry_and_reads_as_without_the_cache(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Below ``SHORT`` events every command folds the journal afresh (cheaper than an entry): no read and no
    write leaves an entry, and every output is the one without the cache; at ``SHORT`` events the entry comes."""
    monkeypatch.setattr(replay_cache, "SHORT", SHORT)
    sample = Session.open(SAMPLES[0])
    short = SHORT - 2
    assert len(sample.events) > short
    warm, cold = tmp_path / "warm" / "session.json", tmp_path / "cold" / "session.json"
    for target in (warm, cold):
        target.parent.mkdir()
        Journal.create(target, sample.journal.meta, sample.events[:short])
    warm_reads = [_run(*args, "--session", str(warm)) for args in READS]
    warm_note = _run("note", "a ruling", "--json", "--session", str(warm))
    assert not entry(warm).exists()
    assert replay_cache.vouched_count(Session.open(warm).journal) is None
    monkeypatch.setenv("SCOREKEEPER_NO_CACHE", "1")
    cold_reads = [_run(*args, "--session", str(cold)) for args in READS]
    cold_note = _run("note", "a ruling", "--json", "--session", str(cold))
    monkeypatch.delenv("SCOREKEEPER_NO_CACHE")
    assert warm_reads == cold_reads
    assert _without_time_and_hash(warm_note) == _without_time_and_hash(cold_note)
    _run("note", "one more", "--session", str(warm))  # SHORT events now: this write keeps an entry
    assert replay_cache.vouched_count(Session.open(warm).journal) == SHORT
