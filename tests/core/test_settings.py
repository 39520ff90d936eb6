"""Settings: parsing, overrides and their sources."""

from __future__ import annotations

import pytest

from scorekeeper.core.settings import Setting, SettingError, describe, parse_assignment, resolve

DECLARED = (
    Setting("side", "A", "board side", choices=("A", "B")),
    Setting("rounds", 5, "rounds", kind="int"),
    Setting("companions", False, "companions on", kind="bool"),
    Setting("glory", [0, 3], "glory table", kind="int_list"),
    Setting("order", ["a"], "seat order", kind="list"),
    Setting("faces", {}, "faces", kind="json"),
)


def test_defaults_and_overrides_with_their_sources() -> None:
    values, sources = resolve(DECLARED, ["side=B", "companions=yes", "glory=0,1,2", "order=x, y", 'faces={"a":1}'])
    assert values == {"side": "B", "rounds": 5, "companions": True, "glory": [0, 1, 2], "order": ["x", "y"],
                      "faces": {"a": 1}}
    assert sources["side"] == "--set" and sources["rounds"] == "default"


@pytest.mark.parametrize("text,message", [
    ("side=C", "setting side: 'C' is not one of A, B"),
    ("rounds=five", "setting rounds: cannot read 'five' as int"),
    ("companions=maybe", "setting companions: cannot read 'maybe' as bool"),
    ("speed=1", "unknown setting 'speed'"),
    ("side", "'side' is not key=value"),
])
def test_bad_overrides_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(SettingError, match=message.replace("(", r"\(")):
        resolve(DECLARED, [text])


def test_parse_assignment_strips_spaces() -> None:
    assert parse_assignment(" side = B ") == ("side", "B")


def test_describe_lists_every_setting() -> None:
    rows = describe(DECLARED, {"side": "B"}, {"side": "--set"})
    assert [r["key"] for r in rows] == [s.key for s in DECLARED]
    assert rows[0]["value"] == "B" and rows[1]["value"] == 5 and rows[1]["source"] == "default"
