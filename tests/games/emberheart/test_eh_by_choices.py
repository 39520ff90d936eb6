"""A whole Emberheart game by taps: every play of the bundled samples made by picking words among the values the
game offers at that moment (``tests/web/by_choices``, with ``tests/web/taps_emberheart.words_of``), and what the
offers hold: the faces a revealed card can have, only the free spaces a player can fill with the Hirelings the
Location takes that the player holds, nothing once the game is over (field report WEB-11); the phone's strings
complete as the CLI's words do, and an ask names the word it wants."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scorekeeper.core.protocol import Choice, Draft
from scorekeeper.games.emberheart import GAME
from scorekeeper.games.emberheart.cards import HEROES
from scorekeeper.app.session import Session
from scorekeeper.cli.shell import Table as Shell
from scorekeeper.games.emberheart.choices import hire_forms
from tests.games.emberheart.eh_helpers import Table, attach_now, finish_action_phase, give
from tests.samples import sample_until
from tests.web.by_choices import walk
from tests.web.taps_emberheart import words_of


@pytest.mark.parametrize("sample", ["emberheart/two-players-side-b.json", "emberheart/four-players.json"])
def test_a_whole_game_is_made_by_picking_among_the_words_offered(sample: str) -> None:
    """Each pick is among the values offered at that moment, and each play the picks make is the sample's."""
    found = walk(sample, words_of)
    assert found.problems == []
    assert found.plays > 240 and found.picks > 3 * found.plays and found.typed == 0


def choices(table: Table, event: str, player: str | None = None) -> list[Choice]:
    return [c for c in GAME.expect(table.state).choices if c.event == event and (player is None or c.player == player)]


def at(found: list[Choice], **words: str) -> Choice:
    """The one choice whose values for ``words`` are those."""
    match = [c for c in found if all(list(c.values.get(k, ())) == [v] for k, v in words.items())]
    assert len(match) == 1, (words, found)
    return match[0]


def test_a_card_reveal_offers_the_faces_a_card_of_that_location_can_have() -> None:
    table = Table()
    table.ok("CARD_REVEAL", location="guild", slot=1, hero="fire sage")
    reveals = choices(table, "CARD_REVEAL")
    guild = at(reveals, location="guild")
    assert guild.values["slot"] == ["2"]  # offers fill from the left
    assert "fire-sage" not in guild.values["hero"] and len(guild.values["hero"]) == len(HEROES) - 1
    tavern = at(reveals, location="tavern")
    assert tavern.values["hire"] == ["G", "S", "R", "W"] and tavern.values["flame"] == ["-1", "0", "1"]
    assert "colour" not in tavern.values and "hero" not in tavern.values
    assert at(reveals, location="camp").values["colour"] == ["red", "blue", "green", "exotic"]
    top = at(reveals, location="mountain", level="top")  # one choice per level: its own slots
    assert top.values["slot"] == ["1"] and "exotic" not in top.values["colour"] and "wardens" in top.values
    assert at(reveals, location="preserve").values["colour"] == ["red", "blue", "green"]
    red = at(reveals, location="garrison", slot="red")
    assert red.values["colour"] == ["red"] and red.values["glory"] == ["3"] and "2red" in red.values["reqs"]
    assert "2blue" not in red.values["reqs"] and red.values["track"] == ["strength", "senses", "speed"]
    table.ok("CARD_REVEAL", location="garrison", slot="red", colour="red", glory=3, reqs="1red", track="speed")
    assert not [c for c in choices(table, "CARD_REVEAL") if c.values["slot"] == ["red"]]
    table.state.garrison["red"] = None  # (claimed: the next red card shows at least the Glory of the last)
    assert at(choices(table, "CARD_REVEAL"), slot="red").values["glory"] == ["3", "4", "5", "6", "7"]
    raid = choices(table, "RAID_REVEAL")[0]
    assert raid.values["slot"] == ["1", "2"] and raid.values["item"] == ["G", "E"] and "hero" in raid.values["basis"]


def test_a_tavern_card_tapped_hireling_by_hireling_is_the_card_typed() -> None:
    table = Table()
    tapped = GAME.complete(table.state, Draft("CARD_REVEAL", None, {
        "location": "tavern", "slot": "1", "hire": ["G", "G", "S"], "flame": "-1"}))
    typed = GAME.complete(table.state, Draft("CARD_REVEAL", None, {
        "location": "tavern", "slot": 1, "hire": {"G": 2, "S": 1}, "flame": -1}))
    assert tapped == typed
    garrison = GAME.complete(table.state, Draft("CARD_REVEAL", None, {
        "location": "garrison", "slot": "blue", "colour": "blue", "glory": "3", "reqs": ["2blue", "1hero"],
        "track": "senses"}))
    assert garrison.payload["reqs"] == "2blue+1hero" and garrison.payload["glory"] == 3


def test_a_placement_offers_only_free_spaces_the_player_can_fill_with_hirelings_held() -> None:
    table = Table()
    table.fill_offers()
    table.ok("PLACE_PARTY", "Astrid", location="tavern", space=2, hire={"G": 2})
    brandon = table.p("Brandon")
    brandon.hire.update(G=2, S=1, R=0, W=0)
    brandon.companion_used = True  # no Strength to lower a space
    places = choices(table, "PLACE_PARTY", "Brandon")
    tavern = at(places, location="tavern")
    assert tavern.values["space"] == ["1", "3"]  # 2 is taken; 4 and 5 need more than his 3 Hirelings
    assert tavern.values["hire"] == ["G", "S"] and "companion" not in tavern.values
    preserve = at(places, location="preserve")  # Grunts and Rangers: he has no Ranger
    assert preserve.values["hire"] == ["G"] and preserve.values["space"] == ["1", "2"]
    brandon.companion_used = False  # the Companion's Strength (1) makes space 4 reachable
    tavern = at(choices(table, "PLACE_PARTY", "Brandon"), location="tavern")
    assert tavern.values["space"] == ["1", "3", "4"] and tavern.values["companion"] == ["yes", "no"]
    brandon.hire.update(G=0, S=0)
    brandon.companion_used = True
    assert choices(table, "PLACE_PARTY", "Brandon") == []  # nothing to send: no Location offered
    assert choices(table, "USE_SPECIAL", "Brandon")


def test_blocked_spaces_are_not_offered_to_place_on() -> None:
    table = Table(("Astrid", "Brandon"))
    table.fill_offers()  # the Two player mode card blocks tavern 1 and mountain 1
    tavern = at(choices(table, "PLACE_PARTY", "Astrid"), location="tavern")
    assert tavern.values["space"] == ["2", "3", "4", "5"]


def test_a_placement_picked_on_the_phone_records_what_the_cli_records() -> None:
    table = Table()
    table.fill_offers()
    tapped = GAME.complete(table.state, Draft("PLACE_PARTY", "Astrid", {
        "location": "tavern", "space": "3", "hire": ["G", "G"], "companion": "yes"}))
    typed = GAME.complete(table.state, Draft("PLACE_PARTY", "Astrid", {
        "location": "tavern", "space": 3, "hire": {"G": 2}, "companion": True}))
    assert tapped == typed
    assert not [f for f in table.play("PLACE_PARTY", "Astrid", **tapped.payload) if f.is_error]


def test_aides_swaps_and_attachments_are_a_choice_each_with_their_own_words() -> None:
    table = Table()
    table.fill_offers()
    aides = choices(table, "TAKE_AIDE", "Astrid")
    assert at(aides, aide="defender").values["raid"] == ["1", "2"] and "raid" not in at(aides, aide="healer").values
    swaps = choices(table, "GEAR_SWAP", "Astrid")
    assert [c.values["from"] for c in swaps] == [["G"]] and swaps[0].values["count"] == ["1", "2"]  # 2 Gear
    give(table, "Astrid", "C9", "captive", colour="red", glory=2)
    give(table, "Astrid", "P9", "preserve", colour="blue")
    give(table, "Astrid", "bard", "hero", hero="bard")
    give(table, "Astrid", "X9", "captive", colour="exotic", glory=1)
    attach = choices(table, "ATTACH_DRAGON", "Astrid")
    assert at(attach, dragon="C9").values["target"] == ["bard"]  # a red Dragon joins a red card only
    assert at(attach, dragon="X9").values["target"] == ["bard", "P9"]
    attach_now(table, "C9", "bard")
    assert at(choices(table, "ATTACH_DRAGON", "Astrid"), dragon="X9").values["target"] == ["P9"]


def test_a_finished_game_offers_no_play() -> None:
    """Field report WEB-11: a finished game offered an End Game declaration to every player, and took it."""
    for sample in ("four-players.json", "two-players-side-b.json"):
        from tests.web.by_choices import SAMPLES

        expectation = Session.open(SAMPLES / "emberheart" / sample, cached=False).expect()
        assert expectation.finished and expectation.choices == []


def test_the_end_game_offers_conversions_and_only_the_declarations_there_are() -> None:
    table = Table()
    st = table.state
    st.phase, st.round, st.after_raid_round = "end", 5, 5
    table.p("Astrid").gear, table.p("Astrid").flame = 7, 4
    give(table, "Brandon", "X9", "captive", colour="exotic", glory=1)
    found = GAME.expect(st).choices
    assert [(c.event, c.player) for c in found] == [("END_GEAR_CONVERT", "Astrid"), ("END_DECLARE", "Brandon")]
    assert found[0].values["gear"] == ["3", "6"] and "X9=red" in found[1].values["exotic"]
    table.p("Astrid").gear = 2
    assert GAME.expect(st).choices == []  # nobody can convert: the game is over, nothing to tap


def ask_word(findings: list[Any]) -> str | None:
    asks = [f for f in findings if f.asks]
    assert len(asks) == 1, findings
    return asks[0].word


def test_an_ask_names_the_word_it_wants() -> None:
    table = Table()
    table.fill_offers()
    table.p("Astrid").hire.update(S=1, R=1)
    finish_action_phase(table)
    st = table.state
    for slot in st.raids:
        if slot:
            st.cards[slot].item, st.cards[slot].basis = "E", "hero"
    give(table, "Astrid", "mentor", "hero", hero="mentor")
    assert ask_word(table.judge("RAID_DISCARD", "Astrid")) == "discard"
    assert "discard" in [c for c in GAME.expect(st).choices if c.player == "Astrid"][0].values


def sample_table(name: str, until: int) -> Table:
    """The bundled sample ``name`` as it stood before its event ``until``, on an engine-level table."""
    from scorekeeper.app.session import Session
    from tests.web.by_choices import SAMPLES

    recorded = Session.open(SAMPLES / "emberheart" / name, cached=False)
    table = Table(tuple(recorded.config.players), **dict(recorded.config.settings))
    for event in recorded.events:
        if event.seq >= until:
            break
        if event.type == "set":
            table.state = GAME.change_setting(table.state, event.payload["key"], event.payload["value"])
        elif event.type != "note":
            table.ok(event.type, event.player, **dict(event.payload))
    return table


def test_the_top_dragon_asks_for_its_track_by_its_word() -> None:
    table = sample_table("two-players-side-b.json", 194)  # Brandon claims the top Dragon, M24, with -t speed
    claim = at(choices(table, "MTN_CLAIM", "Brandon"), card="M24")
    assert claim.values["track"] == ["strength", "senses", "speed"]
    asked = table.judge("MTN_CLAIM", "Brandon", location="mountain", space=2, card="M24", level="top")
    assert ask_word(asked) == "track"


def test_a_hero_is_offered_at_its_moment_with_its_own_words() -> None:
    table = Table()
    give(table, "Astrid", "paragon", "hero", hero="paragon")
    give(table, "Astrid", "C8", "captive", colour="red", glory=2)
    attach_now(table, "C8", "paragon")  # an active Hero: a Dragon of its colour attached
    table.fill_offers()
    ability = at(choices(table, "HERO_ABILITY", "Astrid"), hero="paragon")  # before the round's first turn
    assert ability.values["gain"] == ["SS", "RR", "SR"]
    assert not choices(table, "HERO_ABILITY", "Brandon")
    table.ok("HERO_ABILITY", "Astrid", hero="paragon", gain="SR")
    assert not choices(table, "HERO_ABILITY", "Astrid")  # once a round


def test_a_raid_discard_lists_the_words_the_players_heroes_add() -> None:
    table = Table()
    give(table, "Astrid", "fire-sage", "hero", hero="fire sage")
    give(table, "Astrid", "C8", "captive", colour="red", glory=2)
    attach_now(table, "C8", "fire-sage")
    table.fill_offers()
    finish_action_phase(table)
    raids = {c.player: c for c in choices(table, "RAID_DISCARD")}
    assert raids["Astrid"].values["fire_sage"] == ["yes", "no"] and "fire_sage" not in raids["Brandon"].values


def test_the_shell_completes_a_partys_hirelings_as_one_word(tmp_path: Path) -> None:
    """The phone taps a letter per Hireling; the shell's HIRE is one word (2G1S): after the space, the Parties of
    its size the player can send (``tab``); before it, any the player holds that the Location takes."""
    session = sample_until(tmp_path, "emberheart", "two-players-side-b.json", 26)
    assert Shell(session).complete("place tavern 3 ") == ["3G"]  # Brandon holds Grunts only
    assert Shell(session).complete("place tavern ") == ["1", "2", "3", "5"]
    state = Session.open(session).state
    assert hire_forms(state, "Brandon", "tavern") == ["1G", "2G", "3G", "4G", "5G"]
