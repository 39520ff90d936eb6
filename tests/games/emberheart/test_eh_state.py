"""Emberheart's whole-state check (``Game.check_state``, ``games/emberheart/state_check.py``, EH-STATE-1..19): each
invariant finds a state that breaks it, with its rule ID, naming the player and the thing; and no state that a
legal sequence of plays reaches (every event of every sample and of games the sample generator plays), nor any
tally or join the other tests build, finds anything."""

from __future__ import annotations

import copy
import json
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.session import Session
from scorekeeper.app.tally import parse_tally, tally_data, tally_session
from scorekeeper.core.engine import replay
from scorekeeper.core.events import Event
from scorekeeper.games.emberheart import GAME
from scorekeeper.games.emberheart.cards import Card
from scorekeeper.games.emberheart.state import ACTION, END, RAID, REWARD, Party, State
from scorekeeper.games.emberheart.state_check import CHECKS, INVARIANTS, check_state

from eh_helpers import config

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "sample_sessions" / "emberheart"
TALLY = ROOT / "sample_sessions" / "inputs" / "emberheart-tally.toml"


def tallied(state: dict[str, Any], players: tuple[str, ...] = ("Maren", "Tobi"), **settings: Any) -> State:
    """The state a TALLY of ``state`` leaves (forced: the tally's own box checks do not stop it)."""
    event = Event(1, "TALLY", None, {"state": state}, "2026-12-06T12:00:00+00:00", forced=True)
    done = replay([event], GAME, config(players, **settings))
    assert not [f for f in done.errors if f.rule == "EH-TALLY-1"], done.errors
    st: State = done.state
    return st


def end_state() -> State:
    """The bundled tally (Astrid, Bjorn at the end of round V): a legal state to break."""
    data = tomllib.loads(TALLY.read_text(encoding="utf-8"))
    return tallied(data["state"], tuple(data["players"]), flame_glory=data["settings"]["flame_glory"])


@cache
def _sample_events(name: str) -> tuple[Session, list[Event]]:
    session = Session.open(SAMPLES / name)
    return session, list(session.events)


def sample_state(name: str, wanted: Any) -> State:
    """The first state of sample ``name`` for which ``wanted(state)`` holds (a copy: the test may break it)."""
    session, events = _sample_events(name)
    for n in range(1, len(events) + 1):
        st = replay(events[:n], GAME, session.config).state
        if wanted(st):
            return copy.deepcopy(st)
    raise AssertionError(f"no state of {name} is wanted")


def rules(st: State) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for finding in check_state(st):
        assert finding.severity == "error"
        found.setdefault(finding.rule, []).append(finding.message)
    return found


def breaks(st: State, rule: str, *words: str) -> str:
    """``st`` is found breaking ``rule``, with a message naming each of ``words``; that message."""
    found = rules(st)
    assert rule in found, found
    hit = [m for m in found[rule] if all(w in m for w in words)]
    assert hit, found[rule]
    return hit[0]


def card(st: State, cid: str) -> Card:
    return st.cards[cid]


def action_state() -> State:
    """Four players in an Action phase with Parties on the board and an Aide taken."""
    return sample_state("four-players.json", lambda s: s.phase == ACTION and len(s.parties) >= 2
                        and any(s.aides.values()))


def _set(obj: Any, **values: Any) -> None:
    for key, value in values.items():
        setattr(obj, key, value)


#: the other things each invariant finds, one case each: (the legal state, its edit, words of the message)
MORE: dict[str, list[tuple[Any, Any, tuple[str, ...]]]] = {
    "EH-STATE-1": [(action_state, lambda st: _set(st.players[0], raided=True), ("has resolved the Raid", "action"))],
    "EH-STATE-3": [(lambda: sample_state("four-players.json", lambda s: s.phase == REWARD),
                    lambda st: _set(st, location="market"), ("'market'",))],
    "EH-STATE-4": [(end_state, lambda st: st.specials.update(market=["Astrid"]), ("'market'",))],
    "EH-STATE-5": [(end_state, lambda st: st.player("Astrid").hire.update(Q=1), ("Astrid", "'Q'")),
                   (action_state, lambda st: st.parties[0].hire.update(W=-1), ("Party at",))],
    "EH-STATE-6": [(end_state, lambda st: _set(st.player("Astrid"), flame="hot"), ("Astrid", "Flame track"))],
    "EH-STATE-7": [(end_state, lambda st: st.player("Bjorn").attrs.update(wisdom=1), ("Bjorn", "'wisdom'"))],
    "EH-STATE-9": [(end_state, lambda st: _set(st.cards["H1"], hero=""), ("Astrid's H1", "no Hero named"))],
    "EH-STATE-10": [(end_state, lambda st: _set(st.cards["D1"], exotic=True, attached_to=None, colour="red"),
                     ("Astrid's D1", "unattached exotic Dragon coloured red"))],
    "EH-STATE-11": [
        (end_state, lambda st: st.player("Astrid").cards.append("Z9"), ("Astrid", "'Z9'")),
        (end_state, lambda st: (st.player("Astrid").cards.remove("D2"), st.player("Bjorn").cards.append("D2")),
         ("Bjorn's cards list D2", "Astrid")),
        (end_state, lambda st: _set(st.cards["D3"], owner="Zed"), ("D3", "'Zed'")),
        (end_state, lambda st: _set(st.cards["D3"], id="D9"), ("filed as D3", "D9")),
        (action_state, lambda st: _set(st, offers={**st.offers, "tavern": ["Z9", None, None]}), ("tavern", "'Z9'")),
        (action_state, lambda st: _set(st.cards[str(st.offers["camp"][0])], owner="Astrid"), ("camp", "Astrid's")),
        (action_state, lambda st: (st.cards.update(X9=Card("X9", "hero", colour="red", hero="bard")),
                                   st.offers["tavern"].__setitem__(0, "X9")), ("X9", "hero card on the tavern")),
        (action_state, lambda st: _set(st, garrison={**st.garrison, "red": "Z9"}), ("red Garrison slot", "'Z9'")),
        (action_state, lambda st: _set(st, garrison={**st.garrison, "red": st.garrison["blue"]}),
         ("red Garrison slot", "blue garrison")),
        (action_state, lambda st: _set(st.cards[str(st.garrison["red"])], owner="Astrid"), ("Garrison", "Astrid's")),
        (action_state, lambda st: _set(st, raids=["Z9", st.raids[1]]), ("Raid slot", "'Z9'")),
    ],
    "EH-STATE-12": [
        (end_state, lambda st: _set(st.cards["P1"], attached_to="H1"), ("Astrid's P1", "only Dragons")),
        (end_state, lambda st: _set(st.cards["D2"], attached_to="Z9"), ("Astrid's D2", "'Z9'")),
        (end_state, lambda st: _set(st.cards["D3"], attached_to="G1"), ("Bjorn's D3", "garrison card")),
        (end_state, lambda st: _set(st.cards["D2"], attached_to="P1"), ("D2", "P1", "holds nothing")),
        (end_state, lambda st: _set(st.cards["G1"], holds="D3"), ("Bjorn's G1", "garrison card holding")),
        (end_state, lambda st: _set(st.cards["H1"], holds="P1"), ("Astrid's H1", "not a Dragon")),
    ],
    "EH-STATE-15": [(end_state, lambda st: (st.settings.update(side="B"), _set(st.players[0], skill=2),
                                            _set(st.players[1], skill=1), _set(st.cards["D1"], gear_on=True)),
                     ("Astrid's D1", "does not show skill 1"))],
    "EH-STATE-16": [
        (end_state, lambda st: st.aides.update(cook=None), ("'cook'",)),
        (end_state, lambda st: st.aides.update(leader="Zed"), ("Leader", "'Zed'")),
        (end_state, lambda st: st.player("Astrid").aides.append("cook"), ("Astrid", "'cook'")),
        (end_state, lambda st: (st.player("Astrid").aides.extend(["healer", "healer"]),
                                st.aides.update(healer="Astrid")),
         ("Astrid", "Healer 2 times")),
    ],
    "EH-STATE-17": [
        (action_state, lambda st: _set(st.parties[0], owner="Zed"), ("'Zed'",)),
        (action_state, lambda st: _set(st.parties[0], location="market"), ("market", "Common Locations")),
        (action_state, lambda st: _set(st.parties[0], space=9), ("space 9", "1 to 5")),
        (action_state, lambda st: (_set(st.parties[1], owner=st.parties[0].owner, companion=True),
                                   _set(st.parties[0], companion=True)), ("Companion is with 2 Parties",)),
        (action_state, lambda st: (_set(st.parties[0], companion=True),
                                   _set(st.player(st.parties[0].owner), companion_used=False)), ("not marked used",)),
    ],
    "EH-STATE-19": [(lambda: sample_state("two-players-side-b.json", lambda s: s.phase == ACTION),
                     lambda st: _set(st, blocked=[("market", 1)]), ("'market'",))],
}


def the_other_cases(rule: str) -> None:
    """Each further thing ``rule`` finds (``MORE``), each on its own edited legal state."""
    for base, edit, words in MORE.get(rule, []):
        st = base()
        assert rules(st) == {}
        edit(st)
        breaks(st, rule, *words)


def test_the_legal_states_used_here_find_nothing() -> None:
    assert rules(end_state()) == {}
    assert GAME.check_state(end_state()) == []


def test_every_invariant_has_its_rulebook_sentence_and_one_check() -> None:
    """Each EH-STATE-n has a section, a summary and the sentence of the rulebook it rests on, word for word."""
    source = ROOT.parent / "shared" / "rulebooks" / "emberheart.txt"  # beside the repository, when it is there
    book = " ".join(source.read_text(encoding="utf-8").split()) if source.exists() else None
    assert list(INVARIANTS) == [f"EH-STATE-{n}" for n in range(1, len(INVARIANTS) + 1)]
    assert [rule for rule, _ in CHECKS] == list(INVARIANTS)
    for rule, invariant in INVARIANTS.items():
        assert invariant.section and invariant.summary and invariant.sentence, rule
        if book is not None:
            assert " ".join(invariant.sentence.split()) in book, rule


# -- one test per invariant --------------------------------------------------------------------------------------


def test_eh_state_1_the_round_and_phase() -> None:
    """EH-STATE-1: "A game of Emberheart lasts five rounds." "After completing the fifth Raid phase, proceed to the
    End Game Scoring." """
    st = end_state()
    st.round = 3
    breaks(st, "EH-STATE-1", "round 3", "fifth Raid")
    st.round, st.phase = 6, ACTION
    breaks(st, "EH-STATE-1", "6")
    st.round, st.phase = 2, "scoring"
    breaks(st, "EH-STATE-1", "'scoring'")
    the_other_cases("EH-STATE-1")


def test_eh_state_2_the_first_player_marker() -> None:
    """EH-STATE-2: "Randomly choose a First player and give them the First player marker." """
    st = end_state()
    st.first = "Zed"
    breaks(st, "EH-STATE-2", "'Zed'", "not a player")
    st.first, st.turn = "Astrid", -1
    breaks(st, "EH-STATE-2", "turn")


def test_eh_state_3_parties_go_home_by_the_end_of_the_reward_phase() -> None:
    """EH-STATE-3: "After resolving a Common Location, discard all Grunts from that Location and return all
    Experts, Crests, and Dragon Companions to the players' personal supplies" """
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and s.parties)
    party = st.parties[0]
    st.phase = RAID
    breaks(st, "EH-STATE-3", party.owner, party.location, "raid phase")
    st = sample_state("four-players.json", lambda s: s.phase == RAID)
    st.location = "tavern"
    breaks(st, "EH-STATE-3", "tavern", "Reward phase")
    the_other_cases("EH-STATE-3")


def test_eh_state_4_five_crests_each() -> None:
    """EH-STATE-4: "Each player takes their Dragon Companion meeple and 5 Crest tokens matching their Player
    board." """
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and len(s.parties) >= 2)
    owner = st.parties[0].owner
    st.player(owner).crests += 1
    breaks(st, "EH-STATE-4", owner, "6 Crests", "each player has 5")
    st = end_state()
    st.player("Bjorn").crests = -1
    breaks(st, "EH-STATE-4", "Bjorn")
    st = end_state()
    st.specials["warehouse"].append("Zed")
    breaks(st, "EH-STATE-4", "'Zed'", "warehouse")
    the_other_cases("EH-STATE-4")


def test_eh_state_5_no_count_of_tokens_below_zero() -> None:
    """EH-STATE-5: "Each player takes 10 Grunt tokens." - "Each player takes 2 Gear tokens." (counts of tokens:
    never below 0)"""
    st = end_state()
    st.player("Astrid").gear = -2
    breaks(st, "EH-STATE-5", "Astrid", "-2 Gear")
    st = end_state()
    st.player("Bjorn").hire["W"] = -1
    breaks(st, "EH-STATE-5", "Bjorn", "Wardens")
    the_other_cases("EH-STATE-5")


def test_eh_state_6_the_flame_marker_stays_on_its_track() -> None:
    """EH-STATE-6: "Place each player's Flame marker on the Flame icon on the Flame track." (it is never left of
    where it starts: flame_min, AMB-02)"""
    st = end_state()
    st.player("Bjorn").flame = -1
    breaks(st, "EH-STATE-6", "Bjorn", "Flame is -1")
    st = end_state()
    st.settings["flame_max"] = 6
    breaks(st, "EH-STATE-6", "Bjorn", "flame_max")
    the_other_cases("EH-STATE-6")


def test_eh_state_7_attribute_markers_on_their_tracks() -> None:
    """EH-STATE-7: "Each player places an Attribute marker on each of their 3 Attribute tracks on their Player
    board. Then, each player moves one marker of their choice one step higher." (field report TALLY-10: a marker
    beyond its last step was scored as the last step)"""
    st = end_state()
    st.player("Bjorn").attrs["senses"] = 9
    breaks(st, "EH-STATE-7", "Bjorn", "Senses", "step 9", "0 to 7")
    st = end_state()
    st.player("Astrid").attrs = {"strength": 0, "senses": 0, "speed": 0}
    breaks(st, "EH-STATE-7", "Astrid", "all on step 0")
    the_other_cases("EH-STATE-7")


def test_eh_state_8_no_more_cards_of_a_kind_than_the_box() -> None:
    """EH-STATE-8: "45 Dragon cards - 30 Mountain Dragon cards - 15 Captive Dragon cards - 15 Preserve cards -
    10 Raid cards - 15 Tavern cards - 15 Garrison cards - 27 Hero cards" """
    st = end_state()
    for n in range(16):
        st.cards[f"P{n + 10}"] = Card(f"P{n + 10}", "preserve", colour="red", discarded=True)
    breaks(st, "EH-STATE-8", "17 preserve cards", "the box has 15")
    st = end_state()
    for n in range(6):
        st.cards[f"G{n + 10}"] = Card(f"G{n + 10}", "garrison", colour="red", glory=3 + n, discarded=True)
    breaks(st, "EH-STATE-8", "6 red Garrison cards", "5 of each colour")
    st = end_state()
    st.cards["D2"].kind = "mountian"
    breaks(st, "EH-STATE-8", "D2", "'mountian'")


def test_eh_state_9_one_hero_of_each_kind() -> None:
    """EH-STATE-9: "Hero cards are grouped by color: red, blue, and green." and the box's "27 Hero cards", one of
    each of the 27 Heroes (field report TALLY-10: two Heroes of the same kind were scored)"""
    st = end_state()
    st.cards["H2"] = Card("H2", "hero", colour="red", hero="paragon", owner="Astrid")
    st.player("Astrid").cards.append("H2")
    message = breaks(st, "EH-STATE-9", "Astrid holds 2 Heroes of kind Paragon", "H1, H2", "one of each")
    assert message == "Astrid holds 2 Heroes of kind Paragon (H1, H2); the box has one of each"
    st.cards["H2"].hero, st.cards["H2"].colour = "priestess", "red"
    breaks(st, "EH-STATE-9", "Astrid's H2", "Priestess", "green Hero")
    the_other_cases("EH-STATE-9")


def test_eh_state_10_card_colours() -> None:
    """EH-STATE-10: "Sort the Garrison cards into three decks by their color (red, blue and green)"; Dragons and
    Preserves are red, blue or green, and "An Exotic Dragon counts as any color of your choice ... until it is
    attached", found only at the Poachers' Camp."""
    st = end_state()
    st.cards["G1"].colour = ""
    breaks(st, "EH-STATE-10", "Bjorn's G1", "garrison")
    st = end_state()
    st.cards["D2"].exotic = True
    breaks(st, "EH-STATE-10", "Astrid's D2", "exotic mountain Dragon")
    st = end_state()
    st.cards["D3"].colour = "purple"
    breaks(st, "EH-STATE-10", "Bjorn's D3", "'purple'")
    the_other_cases("EH-STATE-10")


def test_eh_state_11_each_card_in_one_place() -> None:
    """EH-STATE-11: "When you claim a Hero card, place it in your player area." (a card is in one place: one
    player's area, or an offer of its Location)"""
    st = end_state()
    st.player("Bjorn").cards.append("D2")
    breaks(st, "EH-STATE-11", "D2", "Astrid and Bjorn")
    st = end_state()
    st.player("Astrid").cards.remove("P1")
    breaks(st, "EH-STATE-11", "Astrid's P1", "not among")
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and s.offers["camp"][0] is not None)
    cid = str(st.offers["camp"][0])
    st.offers["tavern"][0] = cid
    breaks(st, "EH-STATE-11", cid, "2 slots")
    the_other_cases("EH-STATE-11")


def test_eh_state_12_one_dragon_per_hero() -> None:
    """EH-STATE-12: "Only one Dragon can be attached to a Hero." (field report TALLY-10: two Dragons on one Hero
    were scored)"""
    st = end_state()
    card(st, "D2").attached_to = "H1"
    card(st, "D2").colour = "red"
    breaks(st, "EH-STATE-12", "Astrid's H1", "2 Dragons", "D1, D2", "holds one")
    st = end_state()
    card(st, "D3").attached_to = "H1"
    breaks(st, "EH-STATE-12", "Bjorn's D3", "H1", "Astrid's")
    st = end_state()
    card(st, "P1").holds = "D2"
    breaks(st, "EH-STATE-12", "Astrid's P1", "D2", "name each other")
    the_other_cases("EH-STATE-12")


def test_eh_state_13_a_dragon_on_a_preserve_of_its_colour() -> None:
    """EH-STATE-13: "You may attach a Dragon card of the same color to it anytime, but once a Dragon is attached to
    a Preserve, it cannot be detached or reassigned to another card." (field report TALLY-10: a Dragon on a
    Preserve of another colour was scored)"""
    st = end_state()
    card(st, "D2").attached_to, card(st, "P1").holds = "P1", "D2"
    message = breaks(st, "EH-STATE-13", "Astrid's D2", "blue Dragon", "P1", "green Preserve")
    assert "its own colour" in message


def test_eh_state_14_an_attached_exotic_dragon_adopts_the_colour() -> None:
    """EH-STATE-14: "Once attached, it permanently adopts the color of the Preserve or Hero card it is attached
    to." (field report TALLY-1)"""
    st = end_state()
    exotic = card(st, "D1")
    exotic.exotic, exotic.colour = True, "blue"
    breaks(st, "EH-STATE-14", "Astrid's D1", "exotic", "H1", "red")
    exotic.colour = ""
    breaks(st, "EH-STATE-14", "Astrid's D1", "colourless")


def test_eh_state_15_skills_and_the_skill_one_gear() -> None:
    """EH-STATE-15: "On the "B" side, however, each player has a unique Player Skill" (side A has none; the
    skill-1 Gear sits on a Dragon attached with it)"""
    st = end_state()
    st.players[0].skill = 2
    breaks(st, "EH-STATE-15", "Astrid", "side A")
    st.settings["side"] = "B"
    st.players[1].skill = 2
    breaks(st, "EH-STATE-15", "Bjorn", "own skill")
    st = end_state()
    card(st, "D2").gear_on = True
    breaks(st, "EH-STATE-15", "Astrid's D2", "skill-1 Gear")
    the_other_cases("EH-STATE-15")


def test_eh_state_16_each_aide_with_one_player() -> None:
    """EH-STATE-16: "There are four Aide tokens, representing the Ambassador's loyal assistants ready to help your
    cause, each with a unique ability" """
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and any(s.aides.values()))
    aide, holder = next((a, h) for a, h in st.aides.items() if h)
    other = next(p for p in st.players if p.name != holder)
    other.aides.append(aide)
    breaks(st, "EH-STATE-16", other.name, aide.title(), holder)
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and any(s.aides.values()))
    aide, holder = next((a, h) for a, h in st.aides.items() if h)
    st.player(holder).aides.remove(aide)
    breaks(st, "EH-STATE-16", aide.title(), holder)
    the_other_cases("EH-STATE-16")


def test_eh_state_17_a_party_on_its_space() -> None:
    """EH-STATE-17: "When performing this action, create a Party by forming a stack of 1-5 Hireling tokens and
    placing your Crest on top of it." "You cannot place your Party on a space that is already taken" """
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and s.parties)
    party = st.parties[0]
    party.hire["G"] += 5
    breaks(st, "EH-STATE-17", party.owner, party.location, "a Party is 1 to 5")
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and s.parties)
    party = st.parties[0]
    twin = Party(party.owner, party.location, party.space, dict(party.hire))
    st.parties.append(twin)
    st.player(party.owner).crests -= 1
    breaks(st, "EH-STATE-17", "2 Parties", f"{party.location} space {party.space}")
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and any(p.location == "tavern"
                                                                                for p in s.parties))
    party = next(p for p in st.parties if p.location == "tavern")
    party.hire["W"] += 1
    breaks(st, "EH-STATE-17", party.owner, "Wardens", "tavern allows Grunts and Scouts")
    the_other_cases("EH-STATE-17")


def test_eh_state_18_a_completed_garrison_card_is_claimed() -> None:
    """EH-STATE-18: "When you claim a Garrison card, place it in your player area, regardless of whether you meet
    its requirements or not." (completing comes after)"""
    st = sample_state("four-players.json", lambda s: s.phase == ACTION and s.garrison["red"] is not None)
    cid = str(st.garrison["red"])
    st.cards[cid].completed = True
    breaks(st, "EH-STATE-18", cid, "nobody has claimed")


def test_eh_state_19_non_player_crests_only_with_two_players() -> None:
    """EH-STATE-19: "During Setup, shuffle all Two player mode cards to form a deck and place it face down next to
    the Main board." (2 Player Mode: the non-player Crests)"""
    st = sample_state("four-players.json", lambda s: s.phase == ACTION)
    st.blocked = [("tavern", 1)]
    breaks(st, "EH-STATE-19", "4-player game")
    the_other_cases("EH-STATE-19")


# -- not over-strict: every state a legal sequence of plays reaches -------------------------------------------


def every_state(session_config: Any, events: list[Event]) -> list[tuple[int, State]]:
    return [(n, replay(events[:n], GAME, session_config).state) for n in range(len(events) + 1)]


@pytest.mark.parametrize("name", ["four-players.json", "two-players-side-b.json"])
def test_every_state_of_a_legal_sample_finds_nothing(name: str) -> None:
    session, events = _sample_events(name)
    for n, st in every_state(session.config, events):
        assert check_state(st) == [], (name, n, events[n - 1] if n else None)


def test_the_disputed_sample_finds_only_the_warden_its_table_forced_into_the_tavern() -> None:
    """The table forced a Warden into the Tavern (EH-ACT-6): while that Party stands, EH-STATE-17 says so; every
    other state, before and after, finds nothing."""
    session, events = _sample_events("disputed.json")
    flagged = []
    for n, st in every_state(session.config, events):
        found = check_state(st)
        assert all(f.rule == "EH-STATE-17" and "Brandon's Party at tavern space 1 holds Wardens" in f.message
                   for f in found), (n, found)
        flagged += [n] * bool(found)
    assert flagged and events[flagged[0] - 1].forced and events[flagged[0] - 1].type == "PLACE_PARTY"


@cache
def generated(seed: int, players: str, *settings: str) -> tuple[Any, list[Event]]:
    from tools.emberheart import bot

    session = bot.make_game(f"memory:eh-state-{seed}", seed, players, *settings).session()
    return session.config, list(session.events)


@pytest.mark.parametrize("seed,players,settings", [
    (5, "Astrid,Brandon", ("side=B", "skills=1,2")),
    (9, "Astrid,Brandon,Helga,Sigrun", ("side=B", "skills=4,3,2,1", "special_crests_return=never")),
])
def test_every_state_of_a_generated_game_finds_nothing(seed: int, players: str, settings: tuple[str, ...]) -> None:
    """Games the sample generator's bot plays (``tools/emberheart/bot.py``), other seeds, sides and settings."""
    session_config, events = generated(seed, players, *settings)
    assert len(events) > 150
    for n, st in every_state(session_config, events):
        assert check_state(st) == [], (seed, n, events[n - 1] if n else None)


@pytest.mark.parametrize("name", ["four-players.json", "two-players-side-b.json", "disputed.json"])
def test_tallies_and_joins_of_the_samples_find_nothing(name: str) -> None:
    """The tallies the tests build (``tests/tally/``): each sample's end exported as a tally and tallied again, and
    joined mid-game at the points ``test_join.py`` uses."""
    sample = Session.open(SAMPLES / name)
    events = sample.events
    for n in (None, 2, len(events) // 3, len(events) // 2, len(events) - 3):
        typed = json.loads(json.dumps(tally_data(sample, at=n)))
        joined = tally_session(parse_tally(typed, "typed"), None, "typed", force=True)
        assert joined.game.check_state(joined.replay().state) == [], (name, n)


def test_the_bundled_tally_and_the_rulebook_example_find_nothing() -> None:
    assert check_state(end_state()) == []
    example = tallied({"phase": "end", "round": 5, "players": [{"flame": 9}, {"flame": 6}, {"flame": 3}]},
                      ("Astrid", "Helga", "Brandon"))
    assert check_state(example) == []


def invariants_table() -> str:
    """The table of ``docs/emberheart.md``'s section on the whole-state invariants, as ``INVARIANTS`` makes it."""
    rows = [f"| {rule} | {i.summary} | {i.section}: \"{' '.join(i.sentence.split())}\" |"
            for rule, i in INVARIANTS.items()]
    return "\n".join(["| ID | what | the rulebook's section and sentence it rests on |", "|---|---|---|", *rows])


def test_the_docs_list_every_invariant_with_its_sentence() -> None:
    """``docs/emberheart.md`` lists EH-STATE-1..19 with their summaries and sentences, as the code declares them."""
    text = (ROOT / "docs" / "emberheart.md").read_text(encoding="utf-8")
    start, end = "<!-- state-invariants:start -->\n", "\n<!-- state-invariants:end -->"
    assert text.split(start)[1].split(end)[0] == invariants_table()
