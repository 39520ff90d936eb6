"""The values legal now for a command's parameter, read from the game's ``expect``: for the interactive table's
Tab key and for bash/zsh/fish completion alike (no Click here).

A game's ``Expectation`` lists the plays it accepts now, each a ``Choice`` with an example in the game's own
words (``scorekeeper fc visit SHOP``) and the values each field accepts (``{"shop": [...]}``). The example
names the command; the field names match the command's parameter names. ``Game.legal_values`` adds those a
hint does not need (8 Dragons' placements, offered a piece at a time: the tile, then the cell, then the
rotation). A value that depends on another word comes from the choices that agree with the words typed
(``agreeing``: after ``place tavern`` the Tavern's free spaces). ``described`` gives each candidate a few words
(an event number: the event; a value: the choice's ``words``) and completes a comma-separated list at its last
item (``listed``); ``games`` and ``rule_ids`` complete from the registries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from scorekeeper.core.protocol import Choice, Expectation

if TYPE_CHECKING:
    from scorekeeper.app.session import Session

#: the columns of a completion menu besides a command and its description: padding and the scroll bar
MENU_MARGINS = 6
#: the fewest columns a command's description is cut to in a completion menu
MENU_META = 40
#: the keys typed after Esc that are typed as such (prompt_toolkit reads Esc 1 as Alt-1: a numeric argument)
ESCAPED = "0123456789-,.@:"
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


def menu(now: Sequence[str], game: Sequence[str], session: Sequence[str]) -> list[str]:
    """Tab on an empty line: the plays legal ``now``, then the ``session``'s commands (always possible), the
    ``game``'s other commands last, out of the menu's first screen (the 2026-12-06 field report)."""
    return [*now, *(w for w in session if w not in now), *(w for w in game if w not in now)]


def meta_width(names: Sequence[str], columns: int) -> int:
    """The columns a description beside ``names`` may take in a menu ``columns`` wide (at least ``MENU_META``)."""
    return max(columns - max((len(w) for w in names), default=0) - MENU_MARGINS, MENU_META)


def escape_keys() -> Any:
    """The key bindings of a prompt at the table (``play``, the tally walk): Esc closes the completion menu and
    nothing else, and a key typed after it (``ESCAPED``) is typed (prompt_toolkit, imported here only when asked
    for, reads Esc 1 as Alt-1: the digit was lost, field report 2026-12-06)."""
    from prompt_toolkit.key_binding import KeyBindings

    keys = KeyBindings()
    for key in [("escape",), *(("escape", c) for c in ESCAPED)]:
        keys.add(*key)(escaped)
    return keys


def escaped(event: Any) -> None:
    """A key binding of the table (``Esc``, ``Esc 1``…): Esc closes the completion menu, and a key typed after it
    (``ESCAPED``) is typed, not read as Alt+key (field report 2026-12-06)."""
    event.current_buffer.complete_state = None
    event.current_buffer.insert_text("".join(k.data for k in event.key_sequence[1:]))


def agreeing(choices: Sequence[Choice], given: Mapping[str, str]) -> list[Choice]:
    """The choices that agree with the words already typed (``given``: a parameter's name → its word, a unique
    prefix as the game reads it): a choice that lists values for a typed parameter lists one the word begins;
    all of them when none agrees (a word the game reads otherwise, an alias)."""
    def agrees(choice: Choice) -> bool:
        return all(any(v.lower().startswith(word.lower()) for v in choice.values[name])
                   for name, word in given.items() if choice.values.get(name))

    return [c for c in choices if agrees(c)] or list(choices)


def choices_for(session: "Session", choices: Sequence[Choice], command: str, given: Mapping[str, str]) -> list[Choice]:
    """The game's ``choices`` for ``command`` (a game command's full name) that agree with ``given``."""
    names = (session.game.name, *session.game.aliases)
    return agreeing([c for c in choices if command_of(c.example, names) == command], given)


def narrowed(choice: Choice, given: Mapping[str, str]) -> Choice:
    """``choice`` with each word typed (``given``) that names one of its values narrowed to that value: what the
    game is asked for the next word knows the words before it (``place tavern 3``: the Party for space 3)."""
    values = dict(choice.values)
    for name, word in given.items():
        named = [v for v in values.get(name, ()) if v.lower().startswith(word.lower())]
        if len(named) == 1 or word in named:
            values[name] = [word if word in named else named[0]]
    return Choice(choice.event, choice.player, values, choice.example, choice.words)


def values_now(session: "Session", expectation: Expectation, chosen: Sequence[Choice], param: str,
               given: Mapping[str, str] | None = None) -> list[str]:
    """The values legal now for ``param`` in the ``chosen`` choices (``choices_for``); a player parameter the
    game names no value for: whoever it expects first, then everyone."""
    found: dict[str, None] = {}
    for choice in chosen:
        for value in session.game.legal_values(session.state, narrowed(choice, given or {}), param):
            found.setdefault(value, None)
    if param in PLAYER_PARAMS and not found:
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


def listed(values: Sequence[str], incomplete: str) -> list[str]:
    """A comma-separated list (``--park BR-1,MT-1``) completed at its last item: the values not yet listed,
    each after the items typed."""
    done, _, last = incomplete.rpartition(",")
    typed = done.lower().split(",")
    return [f"{done},{v}" for v in starting_with(values, last) if v.lower() not in typed]


def described(session: "Session", command: str, param: str, incomplete: str,
              given: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """The candidates for ``param`` of ``command`` starting with ``incomplete``, each with a few words: an
    event number with its event, the newest first; a placement a piece at a time (``staged``); an item of a
    comma-separated list after the items typed (``listed``); a value with the game's words on it."""
    if command == "amend" and param == "changes" and (given or {}).get("seq", "").isdigit():
        return amendments(session, int((given or {})["seq"]), incomplete)
    if param in SEQ_PARAMS:
        events = reversed(session.events)
        return [(str(e.seq), session.describe(e)) for e in events if str(e.seq).startswith(incomplete)]
    expectation = session.expect()
    chosen = choices_for(session, expectation.choices, command, given or {})
    values = values_now(session, expectation, chosen, param, given)
    if any("@" in v for v in values):
        return [(v, "") for v in staged(values, incomplete)]
    if "," in incomplete and not any("," in v for v in values):
        return [(v, "") for v in listed(values, incomplete)]
    words = {v: w for c in chosen for v, w in c.words.items()}
    return [(v, words.get(v, "")) for v in starting_with(values, incomplete)]


def amendments(session: "Session", seq: int, incomplete: str) -> list[tuple[str, str]]:
    """The words after ``amend SEQ`` (field report ED-F3): each field of the event as ``KEY=`` with its value now,
    and each tile of a placement in the game's shorthand (``T10@2,0r3``, when the game reads it), to edit."""
    event = next((e for e in session.events if e.seq == seq), None)
    if event is None:
        return []
    found = [(f"{key}=", _short(value)) for key, value in event.payload.items()]
    for item in event.payload.get("tiles") or []:
        word = f"{item.get('tile')}@{item.get('at')}" + (f"r{item['rot']}" if "rot" in item else "") \
            if isinstance(item, dict) else ""
        try:
            if word and session.game.amendment(event, word) is not None:
                found.append((word, "this tile: change its cell or turns"))
        except Exception:  # noqa: BLE001 (a word the game does not read is not offered)
            continue
    return [(w, said) for w, said in found if w.lower().startswith(incomplete.lower())]


def _short(value: Any) -> str:
    """A field's value in a few words: a list by its items, anything else as written."""
    if isinstance(value, list):
        return ", ".join(_short(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k} {_short(v)}" for k, v in value.items())
    return str(value)


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
