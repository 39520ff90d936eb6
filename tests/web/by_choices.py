"""A whole bundled game replayed by choices only: each play built from the words the game offers now.

The phone makes a play from a game's words (``EventType.draft_words``), each picked among the legal values the game
lists now (``Expectation.choices``: a ``Choice`` per event and player, its ``values`` per word), the choices
narrowed to those that agree with the words already picked, as the shell's completion does. This module walks a
bundled sample that way, in memory: for each recorded event, ``words_of`` (one per game: ``tests/web/taps_<game>``)
says which words a player picks for it; the walk checks that each pick is offered at that moment, records the
``Draft`` the picks make, and compares the event the game completed with the sample's. The browser test drives
the same picks through the phone's pages (``tests/web/test_whole_game_taps.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.app.session import Session
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Choice, Draft, Expectation
from scorekeeper.errors import ScorekeeperError

SAMPLES = Path(__file__).resolve().parents[2] / "sample_sessions"

#: the words a player picks for one recorded event: (type, player, {word: value or list of values}); a value the
#: game lists nothing for is typed (a ``typed`` word: a name, a note, a face no catalog holds)
Picks = tuple[str, "str | None", dict[str, "str | list[str]"]]
WordsOf = Callable[[Event], Picks]
#: event types the table records as they are, not by choices (a note, a setting changed mid-game)
AS_THEY_ARE = frozenset({"note", "set"})


@dataclass
class Walk:
    """What walking a sample by choices found: one line per pick not offered, or play completed differently."""

    sample: str
    plays: int = 0
    picks: int = 0
    typed: int = 0
    problems: list[str] = field(default_factory=list)


def agreeing(choices: Sequence[Choice], word: str, value: str | list[str]) -> list[Choice]:
    """The choices that offer ``value`` (each item of a list) for ``word``."""
    wanted = value if isinstance(value, list) else [value]
    return [c for c in choices if all(v in c.values.get(word, ()) for v in wanted)]


def offered(expected: Expectation, type: str, player: str | None) -> list[Choice]:
    """The choices of ``type`` the game offers ``player`` now (a choice naming no player is anyone's)."""
    return [c for c in expected.choices if c.event == type and c.player in (None, player)]


def walk(sample: str, words_of: WordsOf, *, limit: int | None = None, catalog: Mapping[str, Any] | None = None) -> Walk:
    """Replay ``sample`` (a path under ``sample_sessions/``) by choices in memory; ``limit``: its first plays only;
    ``catalog``: the table's catalog instead of the sample's (e.g. one that lists the box's tiles)."""
    recorded = Session.open(SAMPLES / sample, cached=False)
    config = recorded.config
    table = Session.in_memory(config.game, config.players, dict(config.settings),
                              catalog=config.catalog if catalog is None else catalog)
    game = table.game
    found = Walk(sample)
    events = [e for e in recorded.events if e.type != "note"]
    for event in events[:limit]:
        if event.type in AS_THEY_ARE:
            table.record(Draft(event.type, event.player, dict(event.payload)))
            continue
        found.plays += 1
        type, player, words = words_of(event)
        declared = game.declaration(type)
        if declared is None:
            found.problems.append(f"#{event.seq} {type}: not a play of {game.title}")
            break
        choices = offered(table.expect(), type, player)
        if not choices:
            found.problems.append(f"#{event.seq} {type} by {player}: not offered now")
        by_name = {w.name: w for w in declared.draft_words}
        for name, value in words.items():
            word = by_name.get(name)
            if word is None:
                found.problems.append(f"#{event.seq} {type}: {name!r} is not one of its words")
                continue
            narrowed = agreeing(choices, name, value)
            if narrowed:
                choices = narrowed
                found.picks += len(value) if isinstance(value, list) else 1
            elif word.typed and not any(c.values.get(name) for c in choices):
                found.typed += 1
            else:
                legal = sorted({v for c in choices for v in c.values.get(name, ())})
                found.problems.append(f"#{event.seq} {type} {name}={value!r}: not offered (offered: {legal[:12]})")
        # the sample's event as the game completes it today (an older sample may leave out a field it now fills)
        same = game.complete(table.state, Draft(event.type, event.player, dict(event.payload)))
        try:
            made = table.record(Draft(type, player, words), force=event.forced).event
        except ScorekeeperError as exc:
            found.problems.append(f"#{event.seq} {type}: refused: {str(exc).splitlines()[0]}")
            break
        if (made.type, made.player, dict(made.payload)) != (same.type, same.player, dict(same.payload)):
            found.problems.append(f"#{event.seq}: recorded {made.type} {made.player} {dict(made.payload)}, "
                                  f"the sample has {same.type} {same.player} {dict(same.payload)}")
    return found


def sample_final_score(sample: str) -> Mapping[str, Any]:
    """The sample's final ``score --json``, to compare with the table's."""
    from scorekeeper.render.payloads import score_payload

    recorded = Session.open(SAMPLES / sample, cached=False)
    return score_payload(recorded.score_at(None), None, False)
