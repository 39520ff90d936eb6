"""The Emberheart ``Game``: settings, setup, the check/apply dispatch, and the optional hooks."""

from __future__ import annotations

from dataclasses import asdict
from operator import gt
from typing import Any, Callable, Mapping, Sequence

from scorekeeper.core.events import Event
from scorekeeper.games import entry, later  # later: a handler a warm read never runs, imported when it first runs
from scorekeeper.core.protocol import (
    Choice, Draft, Expectation, Finding, Findings, Game, GameSetupError, ScoreTable, SessionConfig, Status, Violation, warning,
)
from scorekeeper.games.emberheart import rules_cards
from scorekeeper.games.emberheart.cards import COMPONENT_COUNTS, HIRELING_NAMES, TRACKS
from scorekeeper.games.emberheart.context import Ctx, assumption_settled, hero_active, total_hire
from scorekeeper.games.emberheart.events import EVENTS
from scorekeeper.games.emberheart.rules_cards import completable, garrison_shortfall
from scorekeeper.games.emberheart.scoring import flame_table, score as score_table
from scorekeeper.games.emberheart.settings import SETTINGS, flame_glory_problem
from scorekeeper.games.emberheart.state import ACTION, END, RAID, REWARD, Player, State, new_offers

Handler = Callable[[State, Ctx], None]

HANDLERS: dict[str, Handler] = {
    "CARD_REVEAL": later(f"{__package__}.rules_setup", "card_reveal"),
    "RAID_REVEAL": later(f"{__package__}.rules_setup", "raid_reveal"),
    "TWO_P_REVEAL": later(f"{__package__}.rules_setup", "two_p_reveal"),
    "PLACE_PARTY": later(f"{__package__}.rules_action", "place_party"),
    "USE_SPECIAL": later(f"{__package__}.rules_action", "use_special"),
    "TAKE_AIDE": later(f"{__package__}.rules_action", "take_aide"),
    "GEAR_SWAP": later(f"{__package__}.rules_action", "gear_swap"),
    "SKIP_TURN": later(f"{__package__}.rules_action", "skip_turn"),
    "CLAIM": later(f"{__package__}.rules_reward", "claim"),
    "RECALL": later(f"{__package__}.rules_reward", "recall"),
    "NP_DISCARD": later(f"{__package__}.rules_reward", "np_discard"),
    "MTN_CLAIM": later(f"{__package__}.rules_reward", "mountain_claim"),
    "MTN_RETRIEVE": later(f"{__package__}.rules_reward", "mountain_retrieve"),
    "MTN_ORDER": later(f"{__package__}.rules_reward", "mountain_order"),
    "ATTACH_DRAGON": rules_cards.attach,
    "GARRISON_COMPLETE": rules_cards.garrison_complete,
    "HERO_ABILITY": rules_cards.hero_ability,
    "RAID_DISCARD": later(f"{__package__}.rules_raid", "raid_discard"),
    "FLAME_RESPONSE": rules_cards.flame_response,
    "ATTR_EXTRA_STEP": rules_cards.extra_step,
    "END_GEAR_CONVERT": rules_cards.end_gear_convert,
    "END_DECLARE": rules_cards.end_declare,
    "ADJUST": later(f"{__package__}.adjust", "adjust"),
    "TALLY": later(f"{__package__}.tally", "tally"),
}

#: EH-SETUP-14's token kinds, in the order ``Emberheart._supply`` counts them
TOKENS: tuple[str, ...] = ("G", "S", "R", "W", "gear")
CAPS: tuple[int, ...] = tuple(COMPONENT_COUNTS[key] for key in TOKENS)
#: the plays that give nobody a token (they only reveal cards): EH-SETUP-14 has nothing to count for them,
#: and they are a third of a game's plays (tests/games/emberheart/test_eh_speed.py holds them to it)
NO_TOKENS = frozenset({"CARD_REVEAL", "RAID_REVEAL", "TWO_P_REVEAL"})

#: the skill 2/3 answers, which do not close a pending answer (EH-FLAME-3, EH-SKILL-3B)
ANSWERS = {"FLAME_RESPONSE", "ATTR_EXTRA_STEP"}

def _resolve_track(text: str) -> str | None:
    """A track from a unique prefix, or None."""
    matches = [t for t in TRACKS if t.startswith(text.strip().lower())] if text.strip() else []
    return matches[0] if len(matches) == 1 else None


class Emberheart(Game):
    """Emberheart, 2–4 players, five rounds of Action → Reward → Raid → Reset."""

    info = entry("emberheart")
    min_players = 2
    max_players = 4
    settings = SETTINGS
    events = EVENTS
    #: raise on a payload of the wrong shape instead of refusing it (tests use it to find unchecked fields)
    strict = False

    def board(self, settings: Mapping[str, Any]) -> str:
        """The Player boards' side all players use (EH-SETUP-2): "Side A" or "Side B"."""
        return f"Side {str(settings.get('side', 'A')).upper()}"

    # -- setup (EH-SETUP-*) ---------------------------------------------------------------------

    def setup(self, config: SessionConfig) -> State:
        """The state before any event; raises GameSetupError for an illegal setup (EH-SETUP-*)."""
        players = list(config.players)
        s = dict(config.settings)
        n = len(players)
        if not 2 <= n <= 4:  # EH-SETUP-1
            raise GameSetupError(f"Emberheart is played by 2 to 4 players, not {n}"
                                 + (" (there is no solo mode)" if n == 1 else ""))
        if len({p.lower() for p in players}) != n:
            raise GameSetupError("each player needs a different name")
        colours = list(s.get("colours") or [])
        if colours and (len(colours) != n or len({c.lower() for c in colours}) != n):  # EH-SETUP-1
            raise GameSetupError(f"give each of the {n} players a different colour, in seat order (--set colours=…)")
        side = str(s.get("side", "A")).upper()
        s["side"] = side
        skills = [int(x) for x in (s.get("skills") or [])]
        if side == "B":  # EH-SETUP-2, EH-SETUP-3
            if len(skills) != n or any(k not in (1, 2, 3, 4) for k in skills) or len(set(skills)) != n:
                raise GameSetupError(
                    f"side B: give the skill printed on each board, in seat order, all different, 1–4 "
                    f"(1 Gear-on-Dragon attach, 2 Flame conversion, 3 extra Attribute step, 4 attach bonus); "
                    f"for example --set skills={','.join(str(i + 1) for i in range(n))}")
        elif skills:
            raise GameSetupError("player skills exist only on side B (--set side=B)")
        tracks = [str(t) for t in (s.get("start_tracks") or [])] or ["strength"]
        if len(tracks) == 1:
            tracks = tracks * n
        resolved = [_resolve_track(t) for t in tracks]
        if len(resolved) != n or None in resolved:  # EH-SETUP-5, EH-SETUP-6
            raise GameSetupError(f"start_tracks: one track per player in seat order (strength, senses or speed), "
                                 f"for example --set start_tracks={','.join(['strength'] * n)}")
        first = str(s.get("first_player") or players[0])
        match = [p for p in players if p.lower() == first.lower()] or \
                [p for p in players if p.lower().startswith(first.lower())]
        if len(match) != 1:  # EH-SETUP-12
            raise GameSetupError(f"first_player {first!r} is not one of {', '.join(players)}")
        state = State(
            players=[Player(name, skill=(skills[i] if side == "B" else None)) for i, name in enumerate(players)],
            settings=s, seats=players, first=match[0],
        )  # EH-SETUP-4, EH-SETUP-11
        starts = [t for t in resolved if t is not None]  # all of them: None was rejected above
        for p, track in zip(state.players, starts):
            p.attrs[track] = 1  # EH-SETUP-5
            if side == "B" and p.skill == 3 and s.get("skill3_at_setup"):  # AMB-17
                p.pending_track = track
        state.offers = new_offers()
        return state

    # -- check / apply ------------------------------------------------------------------------

    def move_on(self, state: State, event: Event) -> str | None:
        """A turn play forced and kept inert still ends the Action-phase turn (``rules_action.move_on``)."""
        from scorekeeper.games.emberheart.rules_action import move_on

        return move_on(state, event)

    def play(self, state: State, event: Event, found: Findings) -> State:
        """Check and carry out ``event`` in one pass, into ``found`` (a rejected play is put back by the engine).

        The payload's shape was checked by the engine against ``events.EVENTS``; a field whose inner shape is
        wrong raises, and the engine reports it as ``CORE-PAYLOAD``.
        """
        warn_supply = event.type not in NO_TOKENS and state.settings.get("supply_limits", "warn") == "warn"
        before = self._supply(state) if warn_supply else []
        state.log = []
        ctx = Ctx(event, forced=found.forced)
        ready = completable(state) if event.type not in NO_TOKENS else set()
        try:
            self._run(state, ctx)  # a ``Stop`` goes on to the engine, which decides from the findings
            if event.type not in NO_TOKENS:  # a Garrison card the play made completable (field report EH-F3)
                ctx.infos.extend(f"{who}'s {card} can now be completed: eh complete {card} -p {who}"
                                 for who, card in sorted(completable(state) - ready))
        finally:
            if ctx.items:  # (most plays find nothing)
                found.extend(ctx.items)
            if ctx.infos:
                found.infos.extend(ctx.infos)
        if warn_supply and not (found.items and found.failed):  # (no finding: not failed)
            after = self._supply(state)
            if any(map(gt, after, CAPS)):  # (a play nearly always leaves every count within the box)
                for key, held, had, cap in zip(TOKENS, after, before, CAPS):
                    if held > cap >= had:  # EH-SETUP-14 (AMB-31): once, as the box is first exceeded (EH-F5)
                        found.warn("EH-SETUP-14", f"the players now hold {held} {key} tokens; the box "
                                                  f"has {cap} (the supply is unlimited by default)")
        return state

    @staticmethod
    def _run(state: State, ctx: Ctx) -> None:
        """The checks every play shares, then the event's rule handler (which mutates ``state``)."""
        event = ctx.event
        name, kind = event.player, event.type
        if name is not None:
            me = next((p for p in state.players if p.name == name), None)  # state.player(), once
            if me is None:
                ctx.stop("EH-SETUP-1", f"{name} is not a player of this game ({', '.join(state.seats)})")
            if kind not in ANSWERS:
                # EH-FLAME-3, EH-SKILL-3B: a skill 2/3 answer follows its trigger; the player's next play closes it
                # (the Flame increase stands as "normal", the extra step is forgone)
                me.pending_flame, me.pending_track, me.pending_tracks = 0, None, []
        if kind != "SKIP_TURN":  # a skipped turn may be typed right after the play that skipped it
            state.skipped = []
        HANDLERS[kind](state, ctx)

    @staticmethod
    def _supply(state: State) -> list[int]:
        """Tokens held by all players together (supply and board), for EH-SETUP-14: the counts of ``TOKENS``
        (Grunts, Scouts, Rangers, Wardens, Gear). It runs twice per play, so it is one plain pass over the
        players and the Parties (every Party is a player's, with the four types: ``rules_action.do_place``)."""
        g = s = r = w = gear = 0
        for p in state.players:
            hire = p.hire
            g, s, r, w, gear = g + hire["G"], s + hire["S"], r + hire["R"], w + hire["W"], gear + p.gear
        for party in state.parties:
            hire = party.hire
            g, s, r, w = g + hire["G"], s + hire["S"], r + hire["R"], w + hire["W"]
        return [g, s, r, w, gear]

    # -- the rest of the protocol -------------------------------------------------------------

    def expect(self, state: State) -> Expectation:
        """Who acts now and the plays legal now, with the values each accepts (``status`` says the same)."""
        from scorekeeper.games.emberheart.choices import expect_of

        return expect_of(state)

    def legal_values(self, state: State, choice: Choice, name: str) -> list[str]:
        """Those of ``choice`` (every word's, ``choices``), and for the shell the words where the CLI's differ:
        a Hero revealed into the Guild is the word after ``reveal guild`` (several cards) or after its slot; the
        words no hint lists (``tab``, field report EH-F1); a Party's Hirelings are one word (``2G1S``: those the
        player holds that the Location takes, at most 5), not a letter per Hireling as a phone taps them."""
        if choice.event == "CARD_REVEAL" and name in ("slot", "face") and choice.values.get("hero"):
            return list(choice.values.get("hero", ()))
        from scorekeeper.games.emberheart.choices import hire_forms
        from scorekeeper.games.emberheart.tab import tab_values

        found = tab_values(state, choice, name)  # the words no hint lists (field report EH-F1)
        if found is None and choice.event == "PLACE_PARTY" and name == "hire" and choice.player:
            found = hire_forms(state, choice.player, choice.values.get("location", [""])[0])
        return found if found is not None else super().legal_values(state, choice, name)

    def complete(self, state: State, draft: Draft) -> Draft:
        """The event to record for a play as typed (see ``complete``); refuses nothing on the rules."""
        from scorekeeper.games.emberheart.complete import complete as complete_draft

        from scorekeeper.games.emberheart.view import expected_text

        return complete_draft(state, draft, lambda: expected_text(state)[1])

    def holdings(self, state: State) -> dict[str, dict[str, int]]:
        """Each champion's Gear, Hirelings (in the supply and in Parties on the board: sending a Party costs
        nothing), Flame, Attribute steps, Aides and cards by kind, for the effects line under a verdict."""
        out: dict[str, dict[str, int]] = {}
        for p in state.players:
            on_board = [party.hire for party in state.parties if party.owner == p.name]
            held: dict[str, int] = {"gear": p.gear}
            for key, word in HIRELING_NAMES.items():
                held[f"{word.lower()}s"] = p.hire.get(key, 0) + sum(h.get(key, 0) for h in on_board)
            held["flame"] = p.flame
            held.update({track.title(): p.attrs.get(track, 0) for track in TRACKS})  # +1 Senses (EH-V11)
            held["aides"] = len(p.aides)
            for kind in ("dragon", "hero", "preserve", "garrison"):
                held[f"{kind}s"] = len(state.owned(p.name, kind))
            out[p.name] = held
        return out

    def effect_reasons(self, before: State, after: State, event: Event) -> dict[tuple[str, str], str]:
        """EH-HERO-WRANGLER-A: the Wrangler's Gear, a default chosen for the player, said with the option that
        changes it (field report EH-V4)."""
        if event.type == "CLAIM" and event.player and not event.payload.get("wrangler"):
            gained = after.player(event.player).gear - before.player(event.player).gear
            if gained > 0 and hero_active(after, event.player, "wrangler"):
                return {(event.player, "gear"): "Wrangler's default; --wrangler grunt for a Grunt"}
        from scorekeeper.games.emberheart.causes import effect_causes

        return effect_causes(before, after, event)

    def status(self, state: State) -> Status:
        """Round, phase, whose turn, holdings, offers and what comes next."""
        from scorekeeper.games.emberheart.view import status_of

        return status_of(state)

    def score(self, state: State) -> ScoreTable:
        """The End Game Scoring table (provisional before the end)."""
        return score_table(state)

    progress_unit = "round"

    def progress(self, state: State) -> str | None:
        """The round in progress (a round is over once its Raid is resolved), then End Game Scoring."""
        return "end of game" if state.phase == END else f"round {state.round}"

    def describe(self, event: Event) -> str:
        """One human line for the log."""
        from scorekeeper.games.emberheart.view import describe_event

        return describe_event(event)

    def observe(self, state: State, player: str | None, key: str) -> Any:
        """A value for ``scorekeeper assert``."""
        from scorekeeper.games.emberheart.view import observe_key

        return observe_key(state, player, key)

    def observed_as(self, state: State, player: str | None, key: str) -> str:
        """A Hireling count's supply and board parts (``view.observed_as``)."""
        from scorekeeper.games.emberheart.view import observed_as

        return observed_as(state, player, key)

    def observable_keys(self) -> Sequence[str]:
        """The keys ``observe`` knows."""
        from scorekeeper.games.emberheart.view import OBSERVABLE

        return tuple(OBSERVABLE)

    def observable_values(self, key: str) -> Sequence[str]:
        """``phase`` is one of the four phases of a round (the End Game is ``end``)."""
        return (ACTION, REWARD, RAID, END) if key.lower() == "phase" else ()

    def change_setting(self, state: State, key: str, value: Any) -> State:
        """``flame_glory`` and ``colour_tracks`` merge into the current table; others replace."""
        if key in ("flame_glory", "colour_tracks") and isinstance(value, dict):
            merged = dict(state.settings.get(key) or {})
            merged.update(value)
            state.settings[key] = merged
        else:
            state.settings[key] = value
        return state

    def settles(self, state: State, violation: Violation) -> bool:
        """EH-ATTR-6: the warnings on the assumed colour→track map, once ``colour_tracks_confirmed`` says it is the
        board's (field report EH-V6)."""
        return assumption_settled(state, violation.rule, violation.message)

    def setting_in_force(self, state: State, key: str, value: Any) -> tuple[Any, str]:
        """``flame_glory`` and ``colour_tracks`` as every ``set`` merged them; the Flame table with the rulebook's
        3 → 3 and 6 → 8, the table the score uses (field report EH-V2)."""
        if key == "flame_glory":
            return {str(k): v for k, v in sorted(flame_table(state).items()) if k}, "3 → 3 and 6 → 8: the rulebook's"
        if key == "colour_tracks":
            return state.settings.get(key, value), ""
        return value, ""

    def check_state(self, state: State) -> list[Finding]:
        """What is impossible about the table as a whole (EH-STATE-1..19, ``state_check``): an error each, naming
        the player and the thing; nothing for a state any legal sequence of plays reaches."""
        from scorekeeper.games.emberheart.state_check import check_state as state_findings

        return state_findings(state)

    def end_words(self, before: State, after: State) -> list[str]:
        """Field report FC-V1: the Raid whose Reset begins round V says it is the last
        round and that the game ends after its Raid (the game over and the winner: ``app.ending``)."""
        from scorekeeper.games.emberheart.view import LAST_ROUND

        if before.round < LAST_ROUND <= after.round and after.phase != END:
            return ["Round V begins: the last round; the game ends after its Raid (no Reset), then the score"]
        return []

    def end_findings(self, state: State) -> list[Finding]:
        """EH-GAR-5: a claimed Garrison card that is completable but was never completed (AMB-19); EH-END-9: a
        Flame table that, merged over several sets, no longer rises with the step difference."""
        found = []
        table = flame_glory_problem(state.settings.get("flame_glory") or {})
        if table:
            found.append(warning("EH-END-9", f"the flame_glory table in force {table.removesuffix(' (EH-END-9)')}"))
        if state.phase == END:
            for p in state.players:
                for card in state.owned(p.name, "garrison"):
                    if not card.completed and not garrison_shortfall(state, p.name, card, {}):
                        found.append(warning("EH-GAR-5", f"{p.name} meets the requirements of {card.id} but never "
                                                         f"completed it (eh complete {card.id} -p {p.name})"))
        return found

    def snapshot(self, state: State) -> Any:
        """The whole state as JSON-ready data (``state --json``)."""
        data = asdict(state)
        from scorekeeper.games.emberheart.view import status_of

        data["status"] = status_of(state).to_json()
        return data


GAME = Emberheart()
