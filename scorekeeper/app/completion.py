"""The values legal now for a command's parameter, read from the game's ``expect``: for the interactive table's
Tab key and for bash/zsh/fish completion alike (no Click here).

A game's ``Expectation`` lists the plays it accepts now, each a ``Choice`` with an example in the game's own
words (``scorekeeper fc visit SHOP``) and the values each field accepts (``{"shop": [...]}``). The example
names the command; the field names match the command's parameter names. ``Game.legal_values`` adds those a
hint does not need (8 Dragons' placements, offered a piece at a time: the tile, then the cell, then the
rotation). ``described`` gives each candidate a few words (an event number: the event); ``games`` and
``rule_ids`` complete from the registries.
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
        for value in session.game.legal_values(session.state, choice, param):
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


def staged(values: Sequence[str], incomplete: str) -> list[str]:
    """A placement (``T3@1,-1r2``) offered a piece at a time: the tiles (``T3@``), then the cells
    (``T3@1,-1``), then the rotations (``T3@1,-1r2``), each once, in their order; a piece typed whole is
    followed by the next (``T3@1,-1`` → its rotations)."""
    shown: dict[str, None] = {}
    for value in starting_with(values, incomplete):
        tile, at, where = value.partition("@")
        if "@" not in incomplete:
            shown.setdefault(tile + at if at else value, None)
        elif "r" not in incomplete.partition("@")[2]:
            shown.setdefault(tile + at + where.partition("r")[0], None)
        else:
            shown.setdefault(value, None)
    if list(shown) == [incomplete]:
        return [v for v in starting_with(values, incomplete) if v != incomplete] or [incomplete]
    return list(shown)


def described(session: "Session", command: str, param: str, incomplete: str) -> list[tuple[str, str]]:
    """The candidates for ``param`` of ``command`` starting with ``incomplete``, each with a few words: an
    event number with its event, the newest first; a placement a piece at a time (``staged``)."""
    if param in SEQ_PARAMS:
        events = reversed(session.events)
        return [(str(e.seq), session.describe(e)) for e in events if str(e.seq).startswith(incomplete)]
    values = values_now(session, command, param)
    if any("@" in v for v in values):
        values = staged(values, incomplete)
    return [(v, "") for v in starting_with(values, incomplete)]


def games(incomplete: str) -> list[tuple[str, str]]:
    """The games by name and alias, each with its title."""
    from scorekeeper.games import REGISTRY

    return [(name, g.title) for g in REGISTRY for name in (g.name, *g.aliases) if name.startswith(incomplete.lower())]


def rule_ids(incomplete: str) -> list[tuple[str, str]]:
    """The rule IDs of every game starting with ``incomplete`` (none for an empty word: there are hundreds),
    each with its summary."""
    from scorekeeper.app.rule_summaries import game_rules
    from scorekeeper.games import REGISTRY

    if not incomplete:
        return []
    return [(r.id, r.summary) for g in REGISTRY for r in game_rules(g.name) if r.id.startswith(incomplete.upper())]
