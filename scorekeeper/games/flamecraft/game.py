"""The Flamecraft game object: the engine's five hooks plus observe, describe and snapshot."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.core.events import Event
from scorekeeper.games import entry, later  # later: a resolver a warm read never runs, imported when it first runs
from scorekeeper.core.protocol import (
    Choice, Draft, Expectation, Finding, Findings, Game, GameSetupError, MissingValueError, ObservationError, ScoreTable, SessionConfig, Status, warning,
)

from . import ending, scoring
from .context import Ctx
from .events import EVENTS
from .notation import FaceError, load_catalog, norm_id
from .settings import SETTINGS
from .state import FlameState, PlayerState

#: event type → its resolver, imported when a play of that type is first resolved, so that a read with the
#: replay cache warm imports no rules (the declarations, with the payload fields, are in ``events``)
RESOLVERS: dict[str, Callable[[Ctx], None]] = {
    "SETUP": later(f"{__package__}.rules_setup", "resolve_setup"),
    "SETUP_PLAYER": later(f"{__package__}.rules_setup", "resolve_setup_player"),
    "VISIT": later(f"{__package__}.rules_turn", "resolve_visit"),
    "GATHER": later(f"{__package__}.rules_gather", "resolve_gather"),
    "PLACE": later(f"{__package__}.rules_gather", "resolve_place"),
    "FIRE_UP": later(f"{__package__}.rules_fire", "resolve_fire"),
    "SHOP_ABILITY": later(f"{__package__}.rules_gather", "resolve_shop_ability"),
    "ENCHANT": later(f"{__package__}.rules_enchant", "resolve_enchant"),
    "RESERVE": later(f"{__package__}.rules_gift", "resolve_reserve"),
    "GIFT": later(f"{__package__}.rules_gift", "resolve_gift"),
    "FANCY_SCORE": later(f"{__package__}.rules_gift", "resolve_fancy_score"),
    "COMPANION_USE": later(f"{__package__}.rules_gift", "resolve_companion"),
    "END_TURN": later(f"{__package__}.rules_turn", "resolve_end_turn"),
    "FINAL_SCORING": later(f"{__package__}.rules_final", "resolve_final"),
    "ADJUST": later(f"{__package__}.adjust", "resolve_adjust"),
    "TALLY": later(f"{__package__}.tally", "resolve_tally"),
}

PLAYER_KEYS = ("rep", "reputation", "coins", "goods", "hand", "hand_cards", "at", "reserved", "fancy", "companion_used", "score")
GAME_KEYS = ("artisan_deck", "ench_deck", "shop_deck", "fancy_deck", "park", "row", "turn", "active", "finished", "end_triggered")


class Flamecraft(Game):
    """Flamecraft: visit a shop, gather or enchant, end the turn; until the artisan or enchantment deck runs out."""

    info = entry("flamecraft")
    min_players = 2  # FC-SETUP-1
    max_players = 5
    settings = SETTINGS
    events = EVENTS

    def board(self, settings: Mapping[str, Any]) -> str:
        """The choices of setup that make a variant: the gold enchantment deck (FC-SETUP-8: the purple one is the
        first game's), the Companions (FC-SETUP-16): "Gold enchantments, Companions"; '' for neither."""
        deck = settings.get("ench_deck", "purple")
        chosen = [f"{str(deck).capitalize()} enchantments"] if deck != "purple" or settings.get("companions") else []
        return ", ".join(chosen + ["Companions"] * bool(settings.get("companions")))

    # -- the five hooks --------------------------------------------------------------------------

    def setup(self, config: SessionConfig) -> FlameState:
        """The state before any event: players in turn order from the start player (FC-SETUP-1, FC-SETUP-10)."""
        players = list(config.players)
        if not self.min_players <= len(players) <= self.max_players:  # FC-SETUP-1
            raise GameSetupError(f"Flamecraft is played by {self.min_players} to {self.max_players} players, not {len(players)}")
        if len(set(p.lower() for p in players)) != len(players):
            raise GameSetupError("every player needs a different name")
        settings = dict(config.settings)
        for setting in SETTINGS:
            settings.setdefault(setting.key, setting.default)
        start = str(settings.get("start_player") or "").strip()
        if start:
            match = [p for p in players if p.lower() == start.lower()]
            if not match:
                raise GameSetupError(f"start_player {start!r} is not one of the players ({', '.join(players)})")
            index = players.index(match[0])
            players = players[index:] + players[:index]
        goods = tuple(str(g).lower() for g in settings.get("goods") or ())
        if len(goods) != 6 or len(set(goods)) != 6:  # FC-GEN-1
            raise GameSetupError(f"Flamecraft has exactly 6 goods types; the goods setting names {len(set(goods))}")
        blocked = [str(s).lower() for s in settings.get("enchant_blocked_symbols") or ()]
        try:
            faces = load_catalog(config.catalog, goods, blocked)
        except FaceError as exc:
            raise GameSetupError(f"the card catalog cannot be read: {exc}") from None
        starters = {
            "shops": [card for card, face in faces["shop"].items() if face.get("starter")],
            "dragons": [card for card, face in faces["dragon"].items() if face.get("starter")],
        }
        state = FlameState(
            settings=settings,
            goods=goods,
            order=players,
            players={name: PlayerState(name, seat) for seat, name in enumerate(players, start=1)},
            faces=faces,
            catalog_starters=starters,
            shop_deck=int(settings.get("shop_deck_size") or 0),
        )
        return state

    def move_on(self, state: FlameState, event: Event) -> str | None:
        """An end of turn forced and kept inert still passes the turn (``rules_turn.move_on``)."""
        from .rules_turn import move_on

        return move_on(state, event)

    def play(self, state: FlameState, event: Event, found: Findings) -> FlameState:
        """Resolve the event: check and carry it out in one pass (a rejected play is put back by the engine).

        A payload whose fields cannot be read is the engine's ``CORE-PAYLOAD``; a card face that does not
        parse is ``FC-GEN-5``.
        """
        ctx = Ctx(state, event, found)
        RESOLVERS[event.type](ctx)  # a ``Stop`` goes on to the engine, which decides from the findings
        if not ctx.failed:  # the context records into ``found``
            for info in ctx.infos:
                state.notes.append(f"#{event.seq} {info}")
        return state

    def holdings(self, state: FlameState) -> dict[str, dict[str, int]]:
        """Each player's reputation, coins, goods (each kind), artisan and fancy dragons in hand, for the
        effects line under a verdict (gathers, visit payments, place rewards, fire-ups, enchantments)."""
        out: dict[str, dict[str, int]] = {}
        for name, p in state.players.items():
            held = {"reputation": p.rep, "coins": p.coins}
            held.update({good: int(n) for good, n in sorted(p.goods.items())})
            held.update({"dragons": len(p.hand), "fancy dragons": len(p.fancies)})
            out[name] = held
        return out

    def effect_reasons(self, before: FlameState, after: FlameState, event: Event) -> dict[tuple[str, str], str]:
        """The reputation's sources, as ``score --explain`` gives them (``#12 fire-up S-TOAST``)."""
        out: dict[tuple[str, str], str] = {}
        for name, p in after.players.items():
            new = p.rep_log[len(before.players[name].rep_log):] if name in before.players else []
            if new:
                out[(name, "reputation")] = ", ".join(str(entry["source"]).split(" ", 1)[-1] for entry in new)
        return out

    def status(self, state: FlameState) -> Status:
        from . import view

        return view.status(state)

    def expect(self, state: FlameState) -> Expectation:
        """Who acts now, and the plays legal now with the values each accepts (shops, cards, dragons…)."""
        from . import choices

        return choices.expect(state)

    def legal_values(self, state: FlameState, choice: Choice, name: str) -> list[str]:
        """FC-GIFT-3: a gift (``--to``) goes to another player: the others, in seat order after the giver."""
        if name == "to" and choice.player in state.order:
            seat = state.order.index(choice.player)
            return [*state.order[seat + 1:], *state.order[:seat]]
        return super().legal_values(state, choice, name)

    def complete(self, state: FlameState, draft: Draft) -> Draft:
        """A play as typed → the event to record: names completed, faces read, derived fields filled in."""
        from . import complete as completion

        return completion.complete(state, draft)

    def score(self, state: FlameState) -> ScoreTable:
        return scoring.score(state)

    def progress(self, state: FlameState) -> str | None:
        """The turn in progress (none during the setup); a turn is over at its ``fc end``."""
        if state.finished:
            return "end of game"
        if not state.started:
            return None
        return f"turn {state.turn_count + 1}" + (f" · {state.turn.player}" if state.turn else "")

    # -- optional hooks --------------------------------------------------------------------------

    def describe(self, event: Event) -> str:
        from . import view

        return view.describe(event)

    def observable_keys(self) -> Sequence[str]:
        return [*PLAYER_KEYS, "<good name>", *GAME_KEYS]

    def observe(self, state: FlameState, player: str | None, key: str) -> Any:
        """A value for ``scorekeeper assert``: per player (rep, coins, goods, bread…, hand…) or per game."""
        key = key.strip().lower()
        if player is None:
            values: dict[str, Any] = {
                "artisan_deck": state.artisan_deck,
                "ench_deck": state.ench_deck,
                "shop_deck": state.shop_deck,
                "fancy_deck": state.fancy_deck,
                "park": list(state.park),
                "row": list(state.row),
                "turn": state.turn.number if state.turn else None,
                "active": state.turn.player if state.turn else None,
                "finished": state.finished,
                "end_triggered": state.end_trigger is not None,
            }
            if key in values:
                return values[key]
            if key.startswith("shop:"):
                shop = state.shops.get(norm_id(key[5:]))
                if shop:
                    return [s or "-" for s in shop.slots]
            raise ObservationError(f"unknown game key {key!r}; known: {', '.join(GAME_KEYS)}, shop:NAME")
        p = state.players.get(player)
        if p is None:
            raise ObservationError(f"no player {player!r}")
        if key in state.goods:
            return p.goods.get(key, 0)
        values = {
            "rep": p.rep,
            "reputation": p.rep,
            "coins": p.coins,
            "goods": p.goods_total(),
            "hand": len(p.hand),
            "hand_cards": sorted(p.hand),
            "at": p.token or "off-town",
            "reserved": p.reserved or "none",
            "fancy": sorted(p.fancies),
            "companion_used": p.companion_used,
        }
        if key == "score":
            try:
                table = scoring.score(state)
            except MissingValueError as exc:
                raise ObservationError(f"the score is not known yet: {exc}") from None
            return next(row.total for row in table.rows if row.player == player)
        if key in values:
            return values[key]
        raise ObservationError(f"unknown key {key!r}; known: {', '.join(PLAYER_KEYS)}, or a good ({', '.join(state.goods)})")

    def check_state(self, state: FlameState) -> list[Finding]:
        """What no table can show: the FC-STATE invariants (``state_check``), each naming the player and the thing."""
        from . import state_check

        return state_check.check_state(state)

    def end_words(self, before: FlameState, after: FlameState) -> list[str]:
        """The end triggered and the final turns that follow, each final turn begun (``ending.end_words``)."""
        return ending.end_words(before, after)

    def end_findings(self, state: FlameState) -> list[Finding]:
        """FC-SCORE-1: a finished game whose moon dragons were never judged is missing its final scoring."""
        if state.finished and state.moon is None and any(scoring.moon_cards(state, name) for name in state.order):
            return [warning("FC-SCORE-1", "the game is over but the final scoring is not recorded: scorekeeper fc final --moon CARD --missed CARD")]
        return []

    def snapshot(self, state: FlameState) -> Any:
        """The whole state as JSON-ready data."""
        data = asdict(state)
        data["started"] = state.started
        return data


GAME = Flamecraft()
