"""The values legal now for a command's parameter, read from the game's ``expect``: for the interactive table's
Tab key and for shell completion alike (no Click here).

A game's ``Expectation`` lists the plays it accepts now, each a ``Choice`` with an example in the game's own
words (``scorekeeper fc visit SHOP``) and the values each field accepts (``{"shop": [...]}``). The example
names the command; the field names match the command's parameter names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from scorekeeper.app.session import Session

#: parameters that name a player, whatever the command
PLAYER_PARAMS = ("player", "who", "to", "by")
#: parameters that name an event of the journal
SEQ_PARAMS = ("seq",)


def command_of(example: str, names: Sequence[str]) -> str | None:
    """The command word of a choice's example (``"scorekeeper fc visit SHOP"`` → ``"visit"``)."""
    words = [w for w in example.split() if w != "scorekeeper"]
    if words and words[0] in names:
        words = words[1:]
    return words[0] if words else None


def commands_now(session: "Session") -> list[str]:
    """The command words of the plays the game accepts now (those its hints name), in its order; none when the
    game cannot say (completion and help never stop the table)."""
    try:
        choices = session.expect().choices
    except Exception:  # noqa: BLE001
        return []
    names = (session.game.name, *session.game.aliases)
    return [w for w in dict.fromkeys(command_of(choice.example, names) for choice in choices) if w]


def values_now(session: "Session", command: str, param: str) -> list[str]:
    """The values legal now for ``param`` of ``command`` (a game or session command's full name)."""
    if param in SEQ_PARAMS:
        return [str(e.seq) for e in reversed(session.events)]
    expectation = session.expect()
    names = (session.game.name, *session.game.aliases)
    found: dict[str, None] = {}
    for choice in expectation.choices:
        if command_of(choice.example, names) != command:
            continue
        for value in choice.values.get(param, ()):
            found.setdefault(value, None)
    if param in PLAYER_PARAMS and not found:  # whoever the game expects first, then everyone
        for player in [expectation.player, *session.players]:
            if player:
                found.setdefault(player, None)
    return list(found)


def starting_with(values: Sequence[str], incomplete: str) -> list[str]:
    """The values that begin with ``incomplete`` (case-insensitive), in their order."""
    low = incomplete.lower()
    return [v for v in values if v.lower().startswith(low)]
