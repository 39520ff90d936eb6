"""The checks a session passes before it is used: its settings and players against the game's declarations
(``check_without_rules``, no rules loaded), against the loaded game (``checked_game``), and a new session's
metadata (``check_meta``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from scorekeeper.core.journal import Journal, MemoryJournal, SessionMeta
from scorekeeper.core.protocol import Game
from scorekeeper.errors import BadInput, Refused

if TYPE_CHECKING:
    from _typeshed import StrPath


def check_without_rules(entry: Any, journal: Journal | MemoryJournal, path: StrPath | None) -> None:
    """``BadInput`` for a session whose settings do not fit the game's declarations, or whose players are
    missing or repeated: what can be told without loading the game's rules."""
    from scorekeeper.games import declared_settings

    _check_session_meta(declared_settings(entry), journal.meta, path)


def checked_game(entry: Any, journal: Journal | MemoryJournal, path: StrPath | None) -> Game:
    """The game of ``entry``, loaded; ``BadInput`` when the session's settings or players do not fit it."""
    from scorekeeper import games

    game = games.load(entry.name)
    _check_session_meta(game.settings, journal.meta, path, game)
    return game


def _check_session_meta(settings: Sequence[Any], meta: SessionMeta, path: StrPath | None, game: Game | None = None) -> None:
    """``BadInput`` when ``meta``'s settings do not fit ``settings``, or its players are missing, repeated or (with
    the ``game``) more or fewer than the game is played by."""
    from scorekeeper.core.settings import first_problem

    wrong = first_problem(settings, meta.settings)
    if wrong:
        raise BadInput(f"{path}: {wrong}; the file was left untouched")
    players = list(meta.players)
    low, high = (game.min_players, game.max_players) if game is not None else (1, max(1, len(players)))
    if not low <= len(players) <= high or len(set(players)) < len(players):
        played_by = f"; {game.title} is played by {low} to {high}" if game is not None else ""
        raise BadInput(f"{path}: the metadata is damaged ({len(players)} players, {len(set(players))} different"
                       f"{played_by}); the file was left untouched")


def check_meta(game: Game, meta: SessionMeta) -> None:
    """Refuse the metadata of a new session: players repeated or too many or too few, a setting of the wrong
    type or range, a catalog that is not an object (``BadInput``, or ``Refused`` for the player count)."""
    from scorekeeper.core.journal import meta_problem
    from scorekeeper.core.settings import first_problem

    damage = meta_problem(meta.to_record())
    if damage:
        raise BadInput(damage)
    names = [p.strip().lower() for p in meta.players]
    if len(set(names)) != len(names) or not all(names):
        raise BadInput("two players have the same name (or one has none); give each player a distinct name")
    if not game.min_players <= len(names) <= game.max_players:
        raise Refused(f"{game.title} is played by {game.min_players} to {game.max_players} players, "
                      f"not {len(names)}")
    wrong = first_problem(game.settings, meta.settings)
    if wrong:
        raise BadInput(wrong)
