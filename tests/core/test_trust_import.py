"""Trust (issue 12): ``import`` cannot be told to skip its tamper check, and validates everything before it writes.

Each test failed before its fix: a partly hashed export imported silently ("the export carries no hashes"), a
bad header or event line was found only after the session had been written and made current, and loose types
were read loosely (``"forced": "false"`` was a forced play, ``"schema": "abc"`` an internal error).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

import tests.fake_game  # noqa: F401  (registers the fake game)
from tests.conftest import Cli


@pytest.fixture
def exported(cli: Cli, tmp_path: Path) -> list[dict[str, Any]]:
    """A fake session of three plays, exported: the header, then one dict per event line."""
    assert cli("new", "fake", "--players", "Ann,Bob", "--session", str(cli.session)).exit_code == 0
    for n in ("1", "2", "1"):
        assert cli("fake", "add", n).exit_code == 0
    return [json.loads(line) for line in cli("export").stdout.splitlines()]


def write(tmp_path: Path, lines: list[dict[str, Any]], name: str = "x.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def current(cli: Cli) -> str:
    return (cli.home / "current").read_text(encoding="utf-8")


# -- 1. a partly hashed export is an edited one ----------------------------------------------------


def test_an_export_with_one_hash_removed_is_refused_as_edited(cli: Cli, exported: list, tmp_path: Path) -> None:
    exported[2]["payload"]["n"] = 3  # Bob took 3, says the edited line…
    del exported[2]["hash"]  # …whose hash was removed to hide it
    source = write(tmp_path, exported)
    target = tmp_path / "copy.json"
    result = cli("import", str(source), "--session", str(target))
    assert result.exit_code == 1
    assert result.stderr == (f"{source}: the exported history was edited (#2 carries no hash while other events do "
                             "(its hash was removed)); import it anyway with --allow-edited\n")
    assert not target.exists()
    allowed = cli("import", str(source), "--session", str(target), "--allow-edited")
    assert allowed.exit_code == 0 and "carries no hashes" not in allowed.stdout
    notes = [e for e in cli.json("log", "--session", str(target)) if e["type"] == "note"]
    assert "#2 carries no hash" in notes[-1]["payload"]["text"]


def test_an_export_with_only_prev_hash_removed_is_refused(cli: Cli, exported: list, tmp_path: Path) -> None:
    del exported[3]["prev_hash"]
    result = cli("import", str(write(tmp_path, exported)), "--session", str(tmp_path / "copy.json"))
    assert result.exit_code == 1 and "the exported history was edited" in result.stderr


def test_a_wholly_unhashed_export_imports_and_says_nothing_proves_it(cli: Cli, exported: list, tmp_path: Path) -> None:
    for line in exported[1:]:
        del line["hash"], line["prev_hash"]
    result = cli("import", str(write(tmp_path, exported)), "--session", str(tmp_path / "copy.json"))
    assert result.exit_code == 0
    assert "note: the export carries no hashes, so nothing proves its history was not edited" in result.stdout


# -- 2. everything is validated before anything is written or made current ---------------------------


def _header(change: Callable[[dict[str, Any]], None]) -> Callable[[list[dict[str, Any]]], None]:
    return lambda lines: change(lines[0])


BAD_EXPORTS: dict[str, tuple[Callable[[list[dict[str, Any]]], None], str]] = {
    "duplicate players": (_header(lambda h: h.update(players=["Ann", "Bob", "ann"])), "two players have the same name"),
    "too many players": (_header(lambda h: h.update(players=["Ann", "Bob", "C", "D", "E"])), "played by 1 to 4 players"),
    "setting of the wrong type": (_header(lambda h: h["settings"].update(target="ten")),
                                  "line 1: setting target is 'ten', which is not a whole number"),
    "catalog not an object": (_header(lambda h: h.update(catalog=[1, 2])), "catalog must be an object or null"),
    "schema as text": (_header(lambda h: h.update(schema="abc")), "schema must be a whole number"),
    "players as text": (_header(lambda h: h.update(players="Ann")), "players must be a list of names"),
    "forced as text": (lambda lines: lines[1].update(forced="false"), "line 2: forced must be true or false"),
    "seq as a boolean": (lambda lines: lines[1].update(seq=True), "line 2: an event needs an integer seq"),
    "NaN in a payload": (lambda lines: lines[1]["payload"].update(n=float("nan")), "line 2: NaN is not a number"),
    "note without text": (lambda lines: lines.append({"seq": 4, "type": "note", "payload": {}}),
                          "line 5: a note needs text"),
    "amend by a stranger": (lambda lines: lines.append({"seq": 4, "type": "amend", "payload": {
        "target": 1, "changes": {}, "player": "Zed"}}), "player 'Zed' is not one of Ann, Bob"),
    "set of a bad value": (lambda lines: lines.append({"seq": 4, "type": "set", "payload": {
        "key": "bonus", "value": [1]}}), "line 5: set bonus: is not a whole number"),
}


@pytest.mark.parametrize("name", list(BAD_EXPORTS))
def test_a_bad_export_writes_nothing_and_leaves_the_current_session(cli: Cli, exported: list, tmp_path: Path,
                                                                     name: str) -> None:
    damage, phrase = BAD_EXPORTS[name]
    for line in exported[1:]:  # no hashes: the tamper check must not be what refuses it
        line.pop("hash"), line.pop("prev_hash")
    damage(exported)
    before = current(cli)
    target = tmp_path / "copy.json"
    result = cli("import", str(write(tmp_path, exported)), "--session", str(target))
    assert result.exit_code in (1, 2), result.output
    assert phrase in result.stderr, result.stderr
    assert len(result.stderr.splitlines()) == 1 and "internal error" not in result.stderr
    assert not target.exists() and current(cli) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == []


def test_an_export_whose_events_the_game_cannot_replay_is_not_written(cli: Cli, exported: list, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The events are replayed in memory first: a game that fails on them refuses the whole import."""
    from tests.fake_game import FakeGame

    source = write(tmp_path, exported)
    monkeypatch.setattr(FakeGame, "end_findings", lambda self, state: 1 / 0)
    target = tmp_path / "copy.json"
    result = cli("import", str(source), "--session", str(target))
    assert result.exit_code == 1 and not target.exists()


# -- issue 24, item 6: a void whose target the export no longer holds ------------------------------------


def test_a_hashless_export_whose_void_lost_its_target_is_refused_not_repointed(cli: Cli, exported: list,
                                                                             tmp_path: Path) -> None:
    """#3 removed from a hash-less export whose #5 voids it: renumbering would make the void point at the new #3
    (the note). The import is refused, naming the void's line; nothing written."""
    assert cli("note", "x").exit_code == 0 and cli("void", "3").exit_code == 0
    lines = [json.loads(line) for line in cli("export").stdout.splitlines()]
    for line in lines[1:]:
        del line["hash"], line["prev_hash"]
    del lines[3]  # event #3
    target = tmp_path / "copy.json"
    result = cli("import", str(write(tmp_path, lines)), "--session", str(target))
    assert result.exit_code != 0 and not target.exists()
    assert result.stderr.count("\n") == 1
    assert "line 5: void #3 names an event the export does not hold" in result.stderr
