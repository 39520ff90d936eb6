"""The walk keeps its answers (TALLY-18), judges each one as it is typed (issue 33, part 2), says what a running
total still waits for (TALLY-29), and a tally leaves a game in progress the current session (TALLY-30)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main
from tests.tally.walk_lines import lines


def _env(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "home").mkdir(exist_ok=True)
    return {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_SESSION": ""}


def test_leaving_keeps_the_answers_and_resume_goes_on(tmp_path: Path) -> None:
    typed = [text for _, text in lines("flamecraft")]
    half = len(typed) // 2
    env = _env(tmp_path)
    out = tmp_path / "w.json"
    left = CliRunner(env=env).invoke(main, ["tally", "flamecraft", "--players", "Ada,Ben,Cy", "--session", str(out)],
                                     input="\n".join(typed[:half]) + "\n")  # the input ends: Ctrl-D
    assert left.exit_code == 1
    assert f"your {half} answers are kept: 'scorekeeper tally --resume'" in " ".join(left.output.split())
    assert not out.exists()
    kept = json.loads((tmp_path / "home" / "tally-walk.json").read_text(encoding="utf-8"))
    assert kept["game"] == "flamecraft" and kept["lines"] == typed[:half]
    again = CliRunner(env=env).invoke(main, ["tally", "--resume", "--session", str(out)],
                                      input="\n".join(typed[half:]) + "\n")
    assert again.exit_code == 0, again.output
    assert f"going on from {half} answers kept" in again.output
    assert not (tmp_path / "home" / "tally-walk.json").exists()  # written: nothing left to go on with
    walked = CliRunner(env=env).invoke(main, ["score", "--json", "--session", str(out)])
    assert [row["total"] for row in json.loads(walked.stdout)["players"]] == [27, 27, 27]  # as the whole walk


def test_resume_with_nothing_kept_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner(env=_env(tmp_path)).invoke(main, ["tally", "--resume"])
    assert result.exit_code == 2 and "none are kept" in result.output


def test_a_line_that_breaks_the_games_checks_is_said_at_once(tmp_path: Path) -> None:
    """Each answer is judged as the tally so far (the game's checks of a tally, ``check_state``): what the line made
    impossible is said right after it, with how to take it back; the summary says it again before writing."""
    typed = lines("flamecraft")
    at = next(n for n, (prompt, _) in enumerate(typed) if prompt == "Ada · coins")
    answers = [text for _, text in typed]
    answers[at] = "-4"
    result = CliRunner(env=_env(tmp_path)).invoke(
        main, ["tally", "flamecraft", "--players", "Ada,Ben,Cy", "--session", str(tmp_path / "w.json")],
        input="\n".join(answers) + "\n")
    after = " ".join(result.output.split("Ada · coins > -4", 1)[1].split())
    assert after.startswith("total: Ada 20 · Ben 0 · Cy 0 breaks FC-STATE-4: Ada holds -4 coins; a count cannot be "
                            "below 0 ('back' takes the line back)"), after[:200]
    assert ("(write it with --force to record it flagged, or 'back'; refused, the answers stay kept for 'tally "
            "--resume')") in " ".join(result.output.split())
    assert result.exit_code == 1 and "refused: FC-STATE-4" in result.output and not (tmp_path / "w.json").exists()


def test_a_tally_leaves_a_game_in_progress_the_current_session(tmp_path: Path) -> None:
    env = _env(tmp_path)
    runner = CliRunner(env=env)
    game = tmp_path / "game.json"
    assert runner.invoke(main, ["new", "flamecraft", "--players", "A,B", "--session", str(game)]).exit_code == 0
    source = Path(__file__).resolve().parents[2] / "sample_sessions" / "inputs" / "emberheart-tally.toml"
    made = runner.invoke(main, ["tally", "--from", str(source), "--session", str(tmp_path / "t.json")])
    assert made.exit_code == 0, made.output
    assert "the game in progress stays the current session" in " ".join(made.output.split())
    assert (tmp_path / "home" / "current").read_text(encoding="utf-8").strip() == str(game.resolve())
    # a finished (or no) current session: the tally becomes current, as before
    again = runner.invoke(main, ["tally", "--from", str(source), "--session", str(tmp_path / "t2.json")])
    assert "(now the current session)" not in again.output  # the game is still in progress
    runner.invoke(main, ["use", str(tmp_path / "t.json")])
    third = runner.invoke(main, ["tally", "--from", str(source), "--session", str(tmp_path / "t3.json")])
    assert "now the current" in " ".join(third.output.split())


def test_completion_is_of_the_line_not_only_its_last_word() -> None:
    """TALLY-20's generic part: a name with spaces completes whole, and a question's ``complete`` hook offers the
    words the line so far calls for (given the answers so far)."""
    from dataclasses import replace

    from scorekeeper.app.tally_walk import Walker
    from scorekeeper.core.tallying import Question

    walker = Walker("emberheart", ["Ann", "Bo"])
    names = Question("x", "x", str, "", words=("fire sage", "fire warden", "messenger"))
    walker.progress.walk = replace(walker.progress.walk, table=(names,))
    assert walker.completions("hero fire s") == [("fire sage", 6)]
    assert walker.completions("hero m") == [("messenger", 1)]
    colours = Question("y", "y", str, "", complete=lambda before, _: ("red", "blue") if before.startswith("captive ")
                       else ("captive", "mountain"))
    walker.progress.walk = replace(walker.progress.walk, table=(colours,))
    assert walker.completions("captive r") == [("red", 1)]
    assert walker.completions("ca") == [("captive", 2)]


def test_a_missing_flame_value_still_asks_to_write_it(tmp_path: Path) -> None:
    """TALLY-18: with the Flame table left at Enter and a step whose Glory is not printed, the walk ended with exit 1
    after every answer; now the summary says what to set, and 'write it?' is asked (the tally then waits for it)."""
    typed = lines("emberheart", {"Flame table": ""})
    out = tmp_path / "w.json"
    result = CliRunner(env=_env(tmp_path)).invoke(
        main, ["tally", "emberheart", "--players", "Astrid,Bjorn", "--session", str(out)],
        input="\n".join(text for _, text in typed) + "\n")
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "not scored yet: the Glory for a Flame difference of 4 step(s) is not set" in said
    assert "write it? (yes, back, quit) > yes" in said and out.exists()
