"""The session commands through the real CLI (CliRunner): exact output and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from tests.conftest import Cli


def flat(text: str) -> str:
    """``text`` with its wrapping undone (lines a player reads are wrapped at the terminal's width)."""
    return " ".join(text.split())


@pytest.fixture
def game(cli: Cli) -> Cli:
    result = cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session))
    assert result.exit_code == 0, result.output
    return cli


def test_new_creates_the_session_and_makes_it_current(cli: Cli) -> None:
    result = cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session), session=False)
    assert result.exit_code == 0
    assert flat(result.output) == flat(  # wrapped at 80 columns
        f"created Fake session {cli.session} for Ann, Bob (now the current session)\n"
        "next: Ann adds 1 to 3 counters\n"
    )
    # no --session needed afterwards: the current-session pointer is used
    assert cli("status", session=False).output.startswith("Next: Ann adds 1 to 3 counters\n"
                                                          "Turn: Fake game · 0/10 counters\nPlayers:\n")


def test_new_refuses_an_existing_file_and_leaves_it_alone(game: Cli) -> None:
    before = game.session.read_bytes()
    result = game("new", "fake", "--players", "Ann,Bob", "--session", str(game.session))
    assert result.exit_code == 2
    assert "already exists" in result.stderr
    assert game.session.read_bytes() == before


def test_new_refuses_bad_player_counts_and_unknown_games(cli: Cli) -> None:
    many = cli("new", "fake", "--players", "A,B,C,D,E", "--session", str(cli.session))
    assert many.exit_code == 1
    assert many.stderr == "Fake is played by 1 to 4 players, not 5; list them with --players A,B,C\n"
    unknown = cli("new", "chess", "--players", "A,B", "--session", str(cli.session))
    assert unknown.exit_code == 2
    assert "unknown game 'chess'" in unknown.stderr
    dup = cli("new", "fake", "--players", "Ann,ann", "--session", str(cli.session))
    assert dup.exit_code == 2
    assert not cli.session.exists()


def test_new_with_settings_and_a_bad_setting(cli: Cli) -> None:
    bad = cli("new", "fake", "--players", "A,B", "--set", "target=lots", "--session", str(cli.session))
    assert bad.exit_code == 2
    assert flat(bad.stderr) == flat("error: setting target: cannot read 'lots' as int (invalid literal for int() with base 10: 'lots')")
    unknown = cli("new", "fake", "--players", "A,B", "--set", "speed=3", "--session", str(cli.session))
    assert unknown.exit_code == 2 and "known settings: bonus, target" in unknown.stderr
    illegal = cli("new", "fake", "--players", "A,B", "--set", "target=0", "--session", str(cli.session))
    assert illegal.exit_code == 1 and illegal.stderr == "target must be at least 1\n"
    ok = cli("new", "fake", "--players", "A,B", "--set", "target=4", "--session", str(cli.session))
    assert ok.exit_code == 0
    rows = cli.json("settings")
    assert {r["key"]: (r["value"], r["source"]) for r in rows} == {"target": (4, "--set"), "bonus": (0, "default"),
                                                                 "location": ("", "default")}  # the session's place


def test_recording_a_legal_play_prints_the_verdict_and_what_is_next(game: Cli) -> None:
    result = game("fake", "add", "2")
    assert result.exit_code == 0
    assert result.output == "#1 recorded: Ann adds 2\nnext: Bob adds 1 to 3 counters\n"


def test_a_refused_play_writes_nothing(game: Cli) -> None:
    before = game.session.read_bytes()
    result = game("fake", "add", "2", "-p", "Bob")
    assert result.exit_code == 1
    assert flat(result.stderr) == "refused: FAKE-TURN: it is Ann's turn, not Bob's (use --force to record it anyway)"
    assert game.session.read_bytes() == before


def test_force_records_an_illegal_play_flagged_and_check_reports_it(game: Cli) -> None:
    """A forced play is carried out as the table played it, and stays flagged (issue: forced plays)."""
    forced = game("fake", "add", "7", "--force")
    assert forced.exit_code == 0
    assert "FLAGGED FAKE-RANGE: take 1 to 3 counters, not 7" in forced.output
    assert "applied as the table played it; it stays flagged in check, log and audit" \
        in " ".join(forced.output.split())  # wrapped to 80 columns
    assert forced.output.endswith("next: Bob adds 1 to 3 counters\n")  # the game went on from the forced play
    check = game("check")
    assert check.exit_code == 1
    assert check.output == "#1 FAKE-RANGE: take 1 to 3 counters, not 7\n"
    assert game.json("check") == {"violations": [
        {"seq": 1, "rule": "FAKE-RANGE", "severity": "error", "message": "take 1 to 3 counters, not 7"}]}
    log = game.json("log")
    assert log[0]["forced"] is True and log[0]["status"] == "forced"
    assert game("fake", "add", "1", "-p", "Bob").exit_code == 0  # the next player's real play is accepted
    assert [row["counters"] for row in game.json("status")["players"]] == [7, 1]


def test_check_passes_on_a_clean_journal(game: Cli) -> None:
    game("fake", "add", "1")
    result = game("check")
    assert (result.exit_code, result.output) == (0, "no violations in 1 events\n")


def test_player_prefixes_resolve_and_ambiguity_is_a_usage_error(cli: Cli) -> None:
    cli("new", "fake", "--players", "Anna,Annika,Bob", "--session", str(cli.session))
    assert cli("fake", "add", "1", "-p", "anna").exit_code == 0
    ambiguous = cli("fake", "add", "1", "-p", "An")
    assert ambiguous.exit_code == 2
    assert ambiguous.stderr == "error: 'An' could be Anna or Annika; type more of the name\n"
    unknown = cli("fake", "add", "1", "-p", "Zed")
    assert unknown.exit_code == 2 and "the players are Anna, Annika, Bob" in unknown.stderr


def test_undo_voids_the_last_effective_event(game: Cli) -> None:
    game("fake", "add", "2")
    game("fake", "add", "1")
    result = game("undo")
    assert result.output == "#3 recorded: void #2 (undo): Bob adds 1\nnext: Bob adds 1 to 3 counters\n"
    second = game("undo")
    assert second.output.startswith("#4 recorded: void #1 (undo): Ann adds 2")
    assert game.json("status")["players"] == [{"player": "Ann", "counters": 0}, {"player": "Bob", "counters": 0}]
    assert len(game.json("log")) == 4  # nothing was deleted


def test_undo_on_an_empty_journal_is_refused(game: Cli) -> None:
    result = game("undo")
    assert result.exit_code == 1 and result.stderr == "nothing to undo: no event in the journal still counts\n"


def test_void_and_amend_check_their_target(game: Cli) -> None:
    game("fake", "add", "2")
    assert game("void", "9").exit_code == 2
    assert game("amend", "9", "n=1").exit_code == 2
    assert game("amend", "1", "n").exit_code == 2
    amended = game("amend", "1", "n=3")
    assert amended.output.startswith("#2 recorded: amend #1: now Ann adds 3 (was: Ann adds 2)\n")  # words (issue 36)
    assert game.json("score")["players"][0]["categories"]["counters"] == 3


def test_undo_void_and_amend_preview_with_dry_run_and_write_nothing(game: Cli) -> None:
    """UX-27 (field report): undo, void and amend wrote at once, with no way to see first what they would do."""
    game("fake", "add", "2")
    game("fake", "add", "1")
    before = game.session.read_bytes()
    undo = game("undo", "--dry-run")
    assert (undo.exit_code, undo.output) == (0, "#3 would record: void #2 (undo): Bob adds 1\n")
    assert game("void", "1", "--dry-run").exit_code == 1  # it would break #2: refused as it would be
    void = game("void", "1", "--dry-run", "--force")  # what it would do all the same: the later play it breaks
    assert void.output.startswith("#3 would record: void #1: Ann adds 2\n") and "#2" in void.output.split("\n", 1)[1]
    assert game("amend", "1", "n=3", "--dry-run").output.startswith("#3 would record: amend #1: now Ann adds 3 (was: ")
    refused = game("amend", "1", "n=9", "--dry-run")  # refused as it would be
    assert refused.exit_code == 1 and "FAKE-RANGE: #1 take 1 to 3 counters, not 9" in refused.stderr
    assert game.session.read_bytes() == before
    assert game("undo").output.startswith("#3 recorded: void #2 (undo)")


def test_a_dry_run_at_the_table_leaves_the_next_command_recording(tmp_path: Path) -> None:
    """UX-27: the table keeps its session open between lines; a preview must not make the next play a preview."""
    from scorekeeper.app.session import Session

    session = Session.create(str(tmp_path / "t.json"), "fake", ["Ann", "Bob"])
    with session.previewing():
        assert not session.note("only a preview").recorded
    assert session.note("for real").recorded and [e.get("text") for e in session.events] == ["for real"]


def test_an_amend_that_breaks_a_rule_is_refused(game: Cli) -> None:
    game("fake", "add", "2")
    result = game("amend", "1", "n=9")
    assert result.exit_code == 1
    assert flat(result.stderr) == "refused: FAKE-RANGE: #1 take 1 to 3 counters, not 9 (use --force to record it anyway)"


def test_note_assert_and_set(game: Cli) -> None:
    game("fake", "add", "2")
    assert game("note", "Bob disputes").output.startswith("#2 recorded: note: Bob disputes")
    agree = game("assert", "ann", "counters=2")
    assert agree.exit_code == 0 and "DISAGREES" not in agree.output
    disagree = game("assert", "Ann", "counters=5")
    assert disagree.exit_code == 1  # recorded all the same, but a script sees the table disagree (UX-13)
    assert "DISAGREES CORE-ASSERT: the table shows Ann's counters=5, but the journal gives 2" \
        in " ".join(disagree.output.split())  # wrapped to 80 columns
    assert game("check").output.startswith(
        "#4 CORE-ASSERT: the table shows Ann's counters=5, but the journal gives 2\n    CORE-ASSERT: What the table")
    assert game("set", "bonus=3").exit_code == 0
    assert game("set", "target=3").exit_code == 1
    assert game("set", "nope=3").exit_code == 2
    assert game.json("score")["players"][0]["total"] == 5
    assert [r["source"] for r in game.json("settings")] == ["default", "set at #5", "default"]  # then the place


def test_score_json_shape(game: Cli) -> None:
    for n in ("3", "3", "3", "1"):
        game("fake", "add", n)
    data = game.json("score")
    assert data == {
        "game": "Fake", "final": True, "categories": ["counters", "bonus"],
        "players": [
            {"name": "Ann", "categories": {"counters": 6, "bonus": 0}, "total": 6, "rank": 1},
            {"name": "Bob", "categories": {"counters": 4, "bonus": 0}, "total": 4, "rank": 2},
        ],
        "winners": ["Ann"], "tiebreak": None, "notes": [],
    }
    text = game("score", "--format", "github").output
    assert text.splitlines()[:5] == [
        "Fake — final score",
        "",
        "|   rank | player   |   counters |   bonus |   total |",
        "|--------|----------|------------|---------|---------|",
        "|      1 | Ann      |          6 |       0 |       6 |",
    ]
    assert "Winner: Ann" in text.splitlines() and "wins" not in text  # the winner said once


def test_log_json_shape(game: Cli) -> None:
    game("fake", "add", "2")
    [entry] = game.json("log")
    assert {k: entry[k] for k in ("seq", "type", "player", "payload", "status")} == {
        "seq": 1, "type": "ADD", "player": "Ann", "payload": {"n": 2}, "status": "applied"}
    assert entry["recorded_at"]


def test_bad_format_is_a_usage_error(game: Cli) -> None:
    result = game("score", "--format", "fancy-pants")
    assert result.exit_code == 2 and "unknown --format 'fancy-pants'" in result.stderr


def test_state_at_and_audit(game: Cli) -> None:
    game("fake", "add", "2")
    game("fake", "add", "1")
    state = game("state", "--at", "2")
    assert state.output.startswith("The board just before event #2:\n\nNext: Bob adds 1 to 3 counters\n\n"
                                   "Turn:\n  Fake game · 2/10 counters\n")
    assert game("state", "--at", "9").exit_code == 2
    audit = game("audit", "2")
    assert audit.exit_code == 0
    assert audit.output.startswith("Event #2: Bob adds 1\n")
    assert "Verdict: applied" in audit.output and "The board just before #2:" in audit.output
    data = game.json("audit", "2")
    assert data["status"] == "applied" and data["state_before"]["players"][1] == {"player": "Bob", "counters": 0}
    assert game("audit", "7").exit_code == 2


def test_verify_intact_prints_the_head_hash(game: Cli) -> None:
    game("fake", "add", "2")
    result = game("verify")
    assert result.exit_code == 0 and flat(result.output).startswith("intact: 1 events, head hash ")


def test_export_import_round_trip(game: Cli, tmp_path: Path) -> None:
    game("fake", "add", "2")
    game("fake", "add", "1")
    game("void", "2")
    exported = tmp_path / "out.jsonl"
    assert game("export", "-o", str(exported)).exit_code == 0
    assert len(exported.read_text().splitlines()) == 4
    copy = tmp_path / "copy.json"
    result = game("import", str(exported), "--session", str(copy))
    assert result.exit_code == 0 and flat(result.output).startswith(f"imported 3 events into {copy}")
    assert game("verify", "--session", str(copy)).exit_code == 0
    assert game.json("score", "--session", str(copy)) == game.json("score")


def test_import_reports_every_bad_line_and_creates_nothing(game: Cli, tmp_path: Path) -> None:
    game("fake", "add", "2")
    lines = game("export").output.splitlines()
    lines.insert(1, "{not json")
    lines.append(json.dumps({"seq": 9, "type": "ADD", "player": "Zed", "payload": {}}))
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    target = tmp_path / "never.json"
    result = game("import", str(bad), "--session", str(target))
    assert result.exit_code == 2
    assert "2 bad line(s): line 2: not JSON" in flat(result.stderr) and "line 4: player 'Zed'" in flat(result.stderr)
    assert not target.exists()


def test_a_session_of_another_game_is_refused_by_a_game_group(game: Cli) -> None:
    result = game("eh", "--help")
    assert result.exit_code == 0  # help always works
    # the fake session cannot take Emberheart plays; the check happens in open_session
    from scorekeeper.cli.common import open_session
    from scorekeeper.errors import BadInput

    with pytest.raises(BadInput, match="is a Fake session; record its plays with 'scorekeeper fk"):
        open_session(str(game.session), "emberheart")


def test_no_current_session_is_a_clear_usage_error(cli: Cli) -> None:
    result = cli("status", session=False)
    assert result.exit_code == 2
    assert flat(result.stderr) == flat(
        "error: no current session: create one with 'scorekeeper new GAME --players A,B' or pass --session PATH\n"
    )


def test_sessions_and_use(game: Cli, tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    game("new", "fake", "--players", "X,Y", "--session", str(other))
    rows = game.json("sessions")
    assert [Path(r["path"]).name for r in rows] == ["other.json", "session.json"]
    assert rows[0]["current"] is True and rows[1]["current"] is False
    assert game("use", str(game.session)).exit_code == 0
    assert game.json("sessions")[0]["path"] == str(game.session.resolve())


def test_settings_of_a_game_without_a_session(cli: Cli) -> None:
    rows = cli.json("settings", "--game", "fk")
    assert [(r["key"], r["value"], r["source"], r["mid-game"]) for r in rows] == [
        ("target", 10, "default", False), ("bonus", 0, "default", True)]


def test_score_as_csv_is_data_only(game: Cli) -> None:
    game("fake", "add", "2")
    assert game("score", "--format", "csv").output == "rank,player,counters,bonus,total\n1,Ann,2,0,2\n2,Bob,0,0,0\n"


def test_import_refuses_an_export_whose_history_was_edited(game: Cli, tmp_path: Path) -> None:
    game("fake", "add", "2")
    game("fake", "add", "1")
    lines = game("export").output.splitlines()
    edited = json.loads(lines[1])
    edited["payload"]["n"] = 3  # Ann took 3, says the edited history
    lines[1] = json.dumps(edited)
    export = tmp_path / "edited.jsonl"
    export.write_text("\n".join(lines) + "\n")
    refused = game("import", str(export), "--session", str(tmp_path / "a.json"))
    assert refused.exit_code == 1
    assert flat(refused.stderr) == flat(
        f"{export}: the exported history was edited (#1 was edited after it was recorded (its hash does not match)); "
        "import it anyway with --allow-edited\n"
    )
    assert not (tmp_path / "a.json").exists()
    allowed = game("import", str(export), "--session", str(tmp_path / "b.json"), "--allow-edited")
    assert allowed.exit_code == 0
    log = game.json("log", "--session", str(tmp_path / "b.json"))
    assert log[-1]["type"] == "note" and "hash chain was broken" in log[-1]["payload"]["text"]


def test_import_of_an_export_without_hashes_says_nothing_proves_it(game: Cli, tmp_path: Path) -> None:
    game("fake", "add", "2")
    lines = game("export").output.splitlines()
    record = json.loads(lines[1])
    del record["hash"], record["prev_hash"]
    export = tmp_path / "plain.jsonl"
    export.write_text(lines[0] + "\n" + json.dumps(record) + "\n")
    result = game("import", str(export), "--session", str(tmp_path / "c.json"))
    assert result.exit_code == 0
    assert "nothing proves its history was not edited" in result.output


def test_a_setting_added_after_the_session_was_made_takes_its_default(game: Cli) -> None:
    """Sessions stay readable when a later version declares a new setting (its default is used and shown)."""
    data = json.loads(game.session.read_text())
    meta = data["meta"]["1"]
    del meta["settings"]["target"], meta["setting_sources"]["target"]
    game.session.write_text(json.dumps(data))
    assert game("status").exit_code == 0
    rows = {r["key"]: r for r in game.json("settings")}
    assert rows["target"]["value"] == 10
    assert rows["target"]["source"] == "default (setting added after the session was made)"
    # the file was edited here to stand for an older version's session: this machine's witness sees the edit, and
    # recording waits until the table accepts it (issue 24); a session an older version wrote is not edited
    assert game("fake", "add", "2").exit_code == 1
    assert game("verify", "--accept-broken-chain").exit_code == 0
    assert game("fake", "add", "2").exit_code == 0


def test_game_commands_take_unique_prefixes(game: Cli) -> None:
    assert game("fake", "add", "1").output.startswith("#1 recorded: Ann adds 1")
    assert game("fake", "adj", "--n", "2", "-p", "Ann").output.startswith("#2 recorded: Ann adds 2")
    ambiguous = game("fake", "ad", "1")
    assert ambiguous.exit_code == 2 and "'ad' could be add, adjust; type more of it" in ambiguous.stderr


def test_undo_count_voids_several_events_newest_first(game: Cli) -> None:
    for n in ("1", "2", "1"):
        game("fake", "add", n)
    result = game("undo", "--count", "2")
    assert result.output.splitlines() == [
        "#4 recorded: void #3 (undo): Ann adds 1",
        "#5 recorded: void #2 (undo): Bob adds 2",
        "next: Bob adds 1 to 3 counters",
    ]
    assert game("undo", "--count", "5").exit_code == 1  # only one left: the second is refused
    assert game("check").exit_code == 0


def test_log_clips_long_text_and_audit_shows_the_notes_after_a_play(game: Cli) -> None:
    game("fake", "add", "9", "--force")
    long_note = "Bob disputes this: " + "the counters were miscounted " * 5
    game("note", long_note)
    log_lines = game("log").output.splitlines()
    assert max(len(line) for line in log_lines) <= 80
    assert any(line.rstrip().endswith("…") or "…" in line for line in log_lines)
    audit = game("audit", "1").output
    assert "Notes recorded after it:\n  #2 Bob disputes this:" in audit  # wrapped to the screen, but whole:
    assert " ".join(f"#2 {long_note}".split()) in " ".join(audit.split())
    assert game.json("audit", "1")["notes_after"] == [{"seq": 2, "text": long_note}]


def test_a_closed_output_pipe_is_not_an_error() -> None:
    """`scorekeeper log | head -1`: the reader stops early; no traceback, no 'internal error'."""
    import os
    import subprocess
    import sys

    code = ("import sys, tests.fake_game; from scorekeeper.cli import main; "
            "sys.argv = ['scorekeeper', 'settings', '--game', 'fake']; main()")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root,
                            env=env)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the command writes
    err = proc.stderr.read().decode()
    assert proc.wait() == 0
    assert err == ""
