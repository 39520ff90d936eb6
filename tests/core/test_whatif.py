"""What-if rulings: ``branch``, ``compare`` and ``verify`` on a branch, through the real CLI (exact outputs).

The sample session ``flamecraft/3p-disputed.json`` (157 events, six forced plays) is copied to a temporary
folder and made the default session; the tests run from that folder, so paths print as typed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.journal import Journal, SessionMeta, canonical, meta_hash, verify_chain
from tests.conftest import Cli

SAMPLE = Path(__file__).resolve().parents[2] / "sample_sessions" / "flamecraft" / "3p-disputed.json"
PARENT_HEAD = "187e9ff204a57a180e81cb8f13157a29b09937c07b7ddd06be4691c545adb2c9"  # the sample's head hash

SCORES_AFTER_VOIDING_43 = """\
player    category            A    B    B-A
--------  ----------------  ---  ---  -----
Fern      Reputation track   25   21     -4
          Coins               2    2
          Moon dragons        7    7
          total              34   30     -4
Gus       Reputation track   34   34
          Coins               1    1
          Moon dragons        0    0
          total              35   35
Hana      Reputation track   27   27
          Coins               1    1
          Moon dragons        4    4
          total              32   32
"""


@pytest.fixture
def table(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """The disputed sample as the default session, run from its folder."""
    shutil.copy(SAMPLE, cli.session)
    monkeypatch.chdir(tmp_path)
    return cli


def stored(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def ok(cli: Cli, *args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


# -- the parent field of the metadata --------------------------------------------------------------


def test_a_meta_without_a_parent_serialises_exactly_as_before() -> None:
    data = stored(SAMPLE)["meta"]["1"]
    meta = SessionMeta.from_record(data)
    assert meta.parent is None
    assert meta.to_record() == data and "parent" not in meta.to_record()
    assert meta_hash(meta) == __import__("hashlib").sha256(canonical(data)).hexdigest()
    journal = Journal(SAMPLE)
    assert verify_chain(journal.meta, journal.records) is None and journal.head_hash == PARENT_HEAD


def test_a_meta_with_a_parent_round_trips() -> None:
    meta = SessionMeta.from_record({**stored(SAMPLE)["meta"]["1"], "parent": {"path": "p.json", "head": "h",
                                                                          "events": 3, "at": 4}})
    assert meta.parent == {"path": "p.json", "head": "h", "events": 3, "at": 4}
    assert SessionMeta.from_record(meta.to_record()) == meta


# -- branch ----------------------------------------------------------------------------------------


def test_branch_copies_the_whole_journal_records_its_parent_and_keeps_the_current_session(table: Cli) -> None:
    (table.home / "current").write_text(str(table.session) + "\n")
    assert ok(table, "branch", "what-if.json") == (
        "what-if.json: a what-if branch of session.json\n"
        "it holds the parent's events 1 to 157 (of 157); the current session is unchanged\n"
        "try the other ruling there: scorekeeper … --session what-if.json\n"
        "next: the game is over: scorekeeper score\n"
    )
    branch, parent = stored(Path("what-if.json")), stored(table.session)
    assert branch["meta"]["1"]["parent"] == {"path": "session.json", "head": PARENT_HEAD, "events": 157, "at": None}
    strip = lambda doc: {k: v for k, v in doc.items() if k not in ("hash", "prev_hash")}  # noqa: E731
    assert [strip(d) for d in branch["events"].values()] == [strip(d) for d in parent["events"].values()]
    assert branch["events"]["1"]["prev_hash"] != parent["events"]["1"]["prev_hash"]  # chained from its own meta
    assert (table.home / "current").read_text() == str(table.session) + "\n"
    assert table.session.read_bytes() == SAMPLE.read_bytes()


def test_branch_at_n_keeps_the_events_before_n(table: Cli) -> None:
    assert ok(table, "branch", "at45.json", "--at", "45") == (
        "at45.json: a what-if branch of session.json\n"
        "it holds the parent's events 1 to 44 (of 157); the current session is unchanged\n"
        "try the other ruling there: scorekeeper … --session at45.json\n"
        "next: Gus visits a shop: scorekeeper fc visit SHOP (open: CRUMBHALL, GRISTLEGATE (pay Hana), "
        "CLANKWORKS (pay Fern), GLINTNOOK, BUBBLEVAT)\n"
    )
    head44 = stored(table.session)["events"]["44"]["hash"]
    data = table.json("branch", "at1.json", "--at", "1")
    assert data["events"] == 0 and data["parent"]["at"] == 1 and data["parent_events"] == 157
    assert stored(Path("at45.json"))["meta"]["1"]["parent"] == {"path": "session.json", "head": head44,
                                                                "events": 44, "at": 45}
    assert len(stored(Path("at45.json"))["events"]) == 44
    assert ok(table, "verify", "--session", "at1.json").splitlines()[1:3] == [
        "branch of session.json, forked before #1",
        "shared history intact: the parent's metadata, as it was at the fork",
    ]


def test_branch_refusals_write_nothing(table: Cli, tmp_path: Path) -> None:
    for at in ("0", "159"):
        result = table("branch", "x.json", "--at", at)
        assert result.exit_code == 2
        assert result.stderr == f"error: --at {at}: the journal has events 1 to 157 (--at N keeps the events before N)\n"
    Path("taken.json").write_text("mine")
    result = table("branch", "taken.json")
    assert result.exit_code == 2
    assert result.stderr == "error: taken.json: a file already exists there; choose another name for the branch\n"
    assert Path("taken.json").read_text() == "mine"
    data = stored(table.session)
    data["events"]["10"]["player"] = "Gus"
    table.session.write_text(json.dumps(data))
    result = table("branch", "x.json")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        "the session's history was edited (#10: #10 was edited after it was recorded (its hash does not match)); "
        "a what-if must start from an intact one: see 'scorekeeper verify' (or accept the history as it stands "
        "with 'scorekeeper verify --accept-broken-chain', and the copy says so)")
    assert not Path("x.json").exists()


# -- compare ---------------------------------------------------------------------------------------


def test_void_in_the_branch_then_compare_shows_the_changed_verdicts_and_scores(table: Cli) -> None:
    ok(table, "branch", "what-if.json")
    assert ok(table, "void", "43", "--reason", "Gus disputes FY-1", "--session", "what-if.json") == (
        "#158 recorded: void #43 (Gus disputes FY-1): Fern scores sun dragon FY-1 spending 1plant+1iron+1crystal\n"
        "next: the game is over: scorekeeper score\n"
    )
    ok(table, "void", "65", "--session", "what-if.json")  # a flagged play: forced, now voided
    out = ok(table, "compare", "what-if.json")
    assert out == (
        "A: session.json (157 events)\n"
        "B: what-if.json (159 events)\n"
        "B is a branch of A, forked after #157\n"
        "\n" + SCORES_AFTER_VOIDING_43 + "\n"
        "A: Gus wins (final score)\n"
        "B: Gus wins (final score)\n"
        "\n"
        "The journals part at #158:\n"
        "  A: (ends at #157)\n"
        "  B: void #43 (Gus disputes FY-1): Fern scores sun dragon FY-1 spending 1plant+…\n"
        "Verdicts that differ (2):\n"
        "  #  event                           A                 B\n"
        "---  ------------------------------  ----------------  ------\n"
        " 43  Fern scores sun dragon FY-1 s…  applied           voided\n"
        " 65  Gus fires up S-FIZZ             forced FC-FIRE-2  voided\n"
    )
    assert max(len(line) for line in out.splitlines()) <= 80
    # the other way round: A is the branch
    assert ok(table, "compare", "session.json", "--session", "what-if.json").splitlines()[:3] == [
        "A: what-if.json (159 events)", "B: session.json (157 events)", "A is a branch of B, forked after #157"]


FY1 = "Fern scores sun dragon FY-1 spending 1plant+1iron+1crystal"


def test_compare_json_is_complete(table: Cli) -> None:
    ok(table, "branch", "what-if.json")
    ok(table, "void", "43", "--session", "what-if.json")
    data = table.json("compare", "what-if.json")
    assert set(data) == {"a", "b", "relation", "scores", "parting", "verdicts"}
    assert data["a"]["path"] == str(table.session) and data["b"]["path"] == "what-if.json"
    assert (data["a"]["events"], data["b"]["events"], data["a"]["head"]) == (157, 158, PARENT_HEAD)
    assert data["a"]["winners"] == data["b"]["winners"] == ["Gus"] and data["b"]["final"] is True
    assert data["b"]["score"]["players"][0] == {"name": "Fern", "categories": {"Reputation track": 21, "Coins": 2,
                                                                               "Moon dragons": 7},
                                                "total": 30, "rank": 3}
    assert data["relation"] == {"branch": "b", "of": "a", "shared_events": 157, "at": None,
                                "text": "B is a branch of A, forked after #157"}
    assert len(data["scores"]) == 12
    assert data["scores"][3] == {"player": "Fern", "category": "total", "a": 34, "b": 30, "diff": -4}
    assert data["parting"] == {"seq": 158, "a": None, "b": f"void #43: {FY1}"}
    assert data["verdicts"] == [{
        "seq": 43, "event": FY1,
        "a": {"status": "applied", "rules": [], "amended": False, "verdict": "applied",
              "description": FY1, "recorded": FY1},
        "b": {"status": "voided", "rules": [], "amended": False, "verdict": "voided",
              "description": FY1, "recorded": FY1},
    }]


def test_compare_a_branch_that_plays_on_differently(table: Cli) -> None:
    ok(table, "branch", "at45.json", "--at", "45")
    ok(table, "fc", "visit", "grist", "--pay", "bread", "--session", "at45.json")
    out = ok(table, "compare", "at45.json").split("\n\n")
    assert out[0] == "A: session.json (157 events)\nB: at45.json (45 events)\nB is a branch of A, forked after #44"
    assert out[2] == "A: Gus wins (final score)\nB: Fern leads (provisional score)"
    assert out[3] == (
        "The journals part at #45:\n"
        "  A: Gus visits GLINTNOOK\n"
        "  B: Gus visits GRISTLEGATE, pays Hana 1 bread\n"
        "No event they both hold has a different verdict.\n"
    )


def test_compare_the_same_plays_and_another_game(table: Cli, tmp_path: Path) -> None:
    shutil.copy(SAMPLE, "copy.json")
    out = ok(table, "compare", "copy.json")
    assert "B is a branch" not in out
    assert out.endswith("\nThe journals are the same play for play.\nNo event they both hold has a different verdict.\n")
    import tests.fake_game  # noqa: F401  (registers the fake game)

    ok(table, "new", "fake", "--players", "Ann,Bob", "--session", "fake.json")
    result = table("compare", "fake.json")
    assert result.exit_code == 2
    assert result.stderr == (f"error: fake.json records a game of Fake and {table.session} one of Flamecraft; "
                             "compare two sessions of the same game\n")


# -- verify on a branch ----------------------------------------------------------------------------


def branch_with_parent(table: Cli) -> None:
    ok(table, "branch", "what-if.json", "--at", "30")


def verify_lines(table: Cli) -> tuple[int, list[str]]:
    result = table("verify", "--session", "what-if.json")
    return result.exit_code, result.stdout.splitlines()[1:3]


def test_verify_proves_the_shared_history_while_the_parent_plays_on(table: Cli) -> None:
    branch_with_parent(table)
    ok(table, "note", "the parent goes on")  # events after the fork do not matter
    first = ok(table, "verify", "--session", "what-if.json").splitlines()[0]
    assert first.startswith("intact: 29 events, head hash ")
    assert verify_lines(table) == (0, ["branch of session.json, forked after #29",
                                       "shared history intact: #1 to #29 are the parent's, as it was at the fork"])
    data = table.json("verify", "--session", "what-if.json")
    assert data["intact"] is True and data["events"] == 29
    assert data["parent"] == {"path": "session.json", "head": stored(table.session)["events"]["29"]["hash"],
                              "events": 29, "at": 30, "resolved": str(table.session), "checked": True,
                              "intact": True, "problem": None, "reason": None}


def test_verify_without_the_parent_says_it_is_not_checked(table: Cli) -> None:
    branch_with_parent(table)
    table.session.rename("elsewhere.json")
    assert verify_lines(table) == (0, ["branch of session.json, forked after #29",
                                       "shared history not checked: the parent session.json is not at hand"])


def test_verify_names_a_parent_edited_before_the_fork(table: Cli) -> None:
    branch_with_parent(table)
    data = stored(table.session)
    data["events"]["10"]["player"] = "Gus"
    table.session.write_text(json.dumps(data))
    assert verify_lines(table) == (1, [
        "branch of session.json, forked after #29",
        "SHARED HISTORY DIFFERS: the parent was edited before the fork: #10 was edited after it was recorded "
        "(its hash does not match)"])


def test_verify_names_a_rewritten_parent_and_the_first_event_that_differs(table: Cli) -> None:
    branch_with_parent(table)
    export = ok(table, "export").splitlines()
    event = json.loads(export[12])
    event["payload"] = {"shop": "MOSSLOFT"}
    export[12] = json.dumps(event)
    Path("edited.jsonl").write_text("\n".join(export) + "\n")
    table.session.unlink()
    ok(table, "import", "edited.jsonl", "--session", str(table.session), "--allow-edited")  # a consistent new chain
    assert verify_lines(table) == (1, [
        "branch of session.json, forked after #29",
        "SHARED HISTORY DIFFERS: the parent is not the history the branch was made from (its hash at the fork "
        "differs; its #12 differs from the branch's)"])


def test_verify_names_a_branch_edited_in_the_shared_history(table: Cli) -> None:
    branch_with_parent(table)
    path = Path("what-if.json")
    data = stored(path)
    data["events"]["5"]["payload"] = {"shop": "MOSSLOFT"}
    path.write_text(json.dumps(data))
    result = table("verify", "--session", "what-if.json")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:3] == [
        "TAMPERED at #5: #5 was edited after it was recorded (its hash does not match)",
        "branch of session.json, forked after #29",
        "SHARED HISTORY DIFFERS: #5 differs from the parent's #5",
    ]


def test_verify_catches_events_cut_from_the_end_of_a_branch(table: Cli) -> None:
    """A chain alone cannot see its last events removed; the parent link's count can."""
    branch_with_parent(table)
    path = Path("what-if.json")
    data = stored(path)
    for doc in range(20, 30):
        data["events"].pop(str(doc))
    path.write_text(json.dumps(data))
    result = table("verify", "--session", "what-if.json")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith("intact: 19 events")
    assert result.stdout.splitlines()[2] == (
        "SHARED HISTORY DIFFERS: the branch has 19 events but shares 29 with its parent: events were removed")


def test_verify_catches_an_edited_parent_link(table: Cli) -> None:
    branch_with_parent(table)
    path = Path("what-if.json")
    data = stored(path)
    data["meta"]["1"]["parent"]["events"] = 20
    path.write_text(json.dumps(data))
    result = table("verify", "--session", "what-if.json")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == "TAMPERED at #1: #1 does not follow the journal before it (the metadata was edited)"


def test_verify_of_a_session_that_is_not_a_branch_says_nothing_of_a_parent(table: Cli) -> None:
    out = ok(table, "verify")
    assert out.startswith(f"intact: 157 events, head hash {PARENT_HEAD}\n")
    assert "branch" not in out and "shared history" not in out
    data = table.json("verify")
    assert "parent" not in data
    assert {k: data[k] for k in ("intact", "events", "head", "first_bad_seq", "problem")} == {
        "intact": True, "events": 157, "head": PARENT_HEAD, "first_bad_seq": None, "problem": None}


def test_a_branch_of_a_session_kept_in_memory() -> None:
    """The session layer without the CLI: a memory session as the parent, another as the branch."""
    import tests.fake_game  # noqa: F401  (registers the fake game)
    from scorekeeper.core.protocol import Draft
    from scorekeeper.app.session import Session
    from scorekeeper.app.whatif import branch, compare, shared_history

    parent = Session.create("memory:whatif-parent", "fake", ["Ann", "Bob"])
    for n in (2, 3, 1):
        parent.record(Draft("ADD", None, {"n": n}))
    made = branch(parent, "memory:whatif-branch", at=3)
    assert made.link.path == "memory:whatif-parent" and made.link.events == 2
    assert [e.to_record() for e in made.session.events] == [e.to_record() for e in parent.events[:2]]
    history = shared_history(made.session)
    assert history is not None and history.checked and history.ok
    assert shared_history(parent) is None
    made.session.record(Draft("ADD", None, {"n": 2}))
    result = compare(parent, made.session, "memory:whatif-parent", "memory:whatif-branch")
    assert result.relation is not None and result.relation["text"] == "B is a branch of A, forked after #2"
    assert result.parting == {"seq": 3, "a": "Ann adds 1", "b": "Ann adds 2"}
    with pytest.raises(Exception, match="already exists"):
        branch(parent, "memory:whatif-branch")


def test_verify_names_a_branch_whose_settings_are_not_its_parents(table: Cli) -> None:
    """A branch forged with other settings (chained consistently) is caught by the metadata comparison."""
    branch_with_parent(table)
    path = Path("what-if.json")
    data = stored(path)
    data["meta"]["1"]["settings"]["allow_pass"] = True
    meta = SessionMeta.from_record(data["meta"]["1"])
    from scorekeeper.core.journal import event_hash

    prev = meta_hash(meta)
    for doc in data["events"].values():  # re-chained, so that the branch's own chain is intact
        doc["prev_hash"] = prev
        doc["hash"] = prev = event_hash(doc, prev)
    path.write_text(json.dumps(data))
    result = table("verify", "--session", "what-if.json")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0].startswith("intact: 29 events")
    assert result.stdout.splitlines()[2] == "SHARED HISTORY DIFFERS: the branch's metadata (settings) is not its parent's"


def test_verify_says_when_the_parent_cannot_be_read(table: Cli) -> None:
    branch_with_parent(table)
    table.session.write_text("{not json")
    assert verify_lines(table)[0] == 1
    assert verify_lines(table)[1][1].startswith("SHARED HISTORY NOT PROVED: the parent cannot be read (")
