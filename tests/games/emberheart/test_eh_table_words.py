"""The verdict items of the 2026-12-06 table trials (Emberheart): each test names its item and fails without its
fix."""

from __future__ import annotations

from eh_helpers import Table


def test_a_tavern_reveal_reads_the_compact_hireling_form() -> None:
    """Field report EH-V1: ``amend 209 hire=2G1R`` on a Tavern reveal was refused under EH-REW-9 (only the JSON
    form worked), while the same form works on a Party. A reveal reads ``2G1R`` as the Party does."""
    t = Table()
    t.ok("CARD_REVEAL", location="tavern", slot=1, hire="2G1R", flame=-1)
    card = t.state.cards[t.state.offers["tavern"][0]]
    assert (card.hire["G"], card.hire["R"], card.hire["S"], card.flame) == (2, 1, 0, -1)
    found = t.refused("EH-REW-9", "CARD_REVEAL", location="tavern", slot=2, hire="2Q")
    assert "2G1S" in found.message


def _play(t, type: str, player: str | None = None, **payload):
    """Play on the table; what the play said (its infos) and its effects line, as a verdict shows them."""
    return t.said(type, player, **payload)


def _priestess_table(greens: int) -> Table:
    from test_eh_audit import with_hero
    from eh_helpers import finish_action_phase, give

    t = Table()
    t.fill_offers()
    with_hero(t, "priestess", owner="Astrid")  # her own green Dragon is one
    for i in range(greens - 1):
        give(t, "Astrid", f"G{i}", "captive", colour="green", glory=1)
    for slot in (0, 1):
        t.state.cards[t.state.raids[slot]].basis = "scout"
    t.p("Astrid").flame = 3
    finish_action_phase(t)
    for name in ("Astrid", "Brandon", "Helga"):
        t.ok("RAID_DISCARD", name)
    return t


def test_the_priestess_is_offered_only_when_she_would_act_and_her_use_says_what_she_did() -> None:
    """Field report EH-V2: with 1 green Dragon the Priestess can do nothing, yet ``next:`` offered her after every
    Raid, and ``hero priestess`` said no effect. She is offered only with a pair of green Dragons and Flame above
    the floor; her use gives its effect with its cause, or says why it did nothing."""
    from scorekeeper.games.emberheart.view import open_answers

    one = _priestess_table(1)
    assert not any("Priestess" in a for a in open_answers(one.state))
    infos, _ = _play(one, "HERO_ABILITY", "Astrid", hero="priestess")
    assert "the Priestess does nothing: Astrid has 1 green Dragon (one Flame per 2)" in infos
    two = _priestess_table(2)
    assert any("Astrid's Priestess may act" in a for a in open_answers(two.state))
    _, effects = _play(two, "HERO_ABILITY", "Astrid", hero="priestess")
    assert effects == "Astrid -1 flame (the Priestess: 2 green Dragons)"
    at_floor = _priestess_table(2)
    at_floor.p("Astrid").flame = 0
    assert not any("Priestess" in a for a in open_answers(at_floor.state))


def test_lost_effects_are_said_and_effects_name_their_cause() -> None:
    """Field report EH-V7: a step past the top of a track and Flame below the floor were lost silently, and effect
    lines had no cause (``Ilse +1 grunt`` for the Caretaker, ``Tobi -1 flame`` for the Healer's −2 at the floor)."""
    from test_eh_audit import with_hero

    t = Table()
    t.fill_offers()
    with_hero(t, "caretaker", owner="Astrid")
    _, effects = _play(t, "PLACE_PARTY", "Astrid", location="preserve", space=2, hire={"G": 2})
    assert effects == "Astrid +1 grunt (the Caretaker)"
    t.p("Brandon").flame = 1
    infos, effects = _play(t, "TAKE_AIDE", "Brandon", aide="healer")
    assert effects == "Brandon -1 flame (the Healer), +1 aide"
    assert "Brandon's Flame: 1 of −2 lost at the floor (0)" in infos

    from scorekeeper.games.emberheart.context import Ctx, advance
    from scorekeeper.core.events import Event

    ctx = Ctx(Event(1, "GARRISON_COMPLETE", "Helga", {}))
    t.p("Helga").attrs["speed"] = 7
    advance(t.state, t.p("Helga"), "speed", 1, ctx)
    t.p("Helga").attrs["senses"] = 6
    advance(t.state, t.p("Helga"), "senses", 2, ctx)
    assert ctx.infos == ["Helga's Speed is already at 7: the step is lost", "Helga's Senses reaches 7: 1 of 2 steps lost"]


def test_a_failed_tavernkeeper_condition_says_not_met() -> None:
    """Field report EH-V4: ``score --explain`` showed ``Tavernkeeper: all Attributes at step 3+ (strength 7, senses
    0, speed 0)`` as if met, while the Fire Sage's line of the same sheet ends with ": not met"."""
    from scorekeeper.games.emberheart.scoring import hero_points
    from test_eh_audit import with_hero

    t = Table()
    with_hero(t, "tavernkeeper")
    t.p("Astrid").attrs.update(strength=7, senses=0, speed=0)
    assert hero_points(t.state, "Astrid", "tavernkeeper") == (
        0, "all Attributes at step 3+ (strength 7, senses 0, speed 0): not met")
    t.p("Astrid").attrs.update(senses=3, speed=4)
    assert hero_points(t.state, "Astrid", "tavernkeeper")[1].endswith("speed 4)")


def test_an_assertion_says_what_it_counted_and_an_agreement_says_so(cli) -> None:
    """Field report EH-V5: ``assert Ilse grunts=2`` said only "the journal gives 5" while ``status`` showed 2 in
    the supply and 3 on the board; an agreement said nothing; the slip was then counted among the plays that
    "break a rule". A disagreement now gives the parts it counted, an agreement says so, and the score's warning
    keeps a disagreement apart from broken rules."""
    t = Table()
    t.fill_offers()
    t.p("Astrid").hire["G"] = 5
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 3})
    from scorekeeper.core.engine import _check_assertion
    from scorekeeper.games.emberheart import GAME

    findings = _check_assertion(GAME, t.state, t.event("assert", "Astrid", {"facts": {"grunts": 2}}))
    assert [f.message for f in findings] == [
        "the table shows Astrid's grunts=2, but the journal gives 5 (2 in supply, 3 on the board)"]

    assert cli("new", "emberheart", "--players", "Ann,Bob").exit_code == 0
    agreed = cli("assert", "Ann", "flame=0")
    assert agreed.exit_code == 0 and "  agrees: the journal gives the same" in agreed.output
    assert cli("assert", "Ann", "flame=3").exit_code == 1
    warning = cli("score").output
    assert "1 assertion(s) disagree with the journal" in warning and "break a rule" not in warning


def test_what_a_reveal_did_is_printed_before_next(cli) -> None:
    """Field report EH-V6: ``guild offer: …`` (and ``Raid: …``) were printed after ``next:``, indented under the
    hint as if part of it. They belong to the play just recorded: they come before ``next:``."""
    assert cli("new", "emberheart", "--players", "Ann,Bob").exit_code == 0
    said = cli("eh", "reveal", "guild", "1", "bard").output.splitlines()
    offer = next(i for i, line in enumerate(said) if line.strip().startswith("guild offer:"))
    nexts = [i for i, line in enumerate(said) if line.startswith("next:")]
    assert nexts and offer < nexts[0], said


def test_the_defender_names_the_raid_cards() -> None:
    """Field report EH-V8: ``aide defender`` said only "--raid 1 or 2", and the play "discards Raid slot 1":
    neither named the cards. The refusal and the play now give each face, and which card stays in force."""
    t = Table()
    t.fill_offers()
    first, second = (t.state.cards[r] for r in t.state.raids)
    second.basis = "scout"
    found = t.refused("EH-AIDE-7", "TAKE_AIDE", "Astrid", aide="defender")
    assert f"--raid 1 {first.label()} or 2 {second.label()}" in found.message
    infos, _ = _play(t, "TAKE_AIDE", "Astrid", aide="defender", raid=1)
    assert f"Raid slot 1 discarded: {first.label()}; in force: {second.label()}" in infos
    assert "per scout" in second.label()


def test_the_defenders_line_is_printed_under_its_verdict(cli) -> None:
    """Field report EH-V8 at the terminal: what an Emberheart play did in words (the Defender's discarded and kept
    Raid cards) is printed under its verdict line, as in the other games."""
    assert cli("new", "emberheart", "--players", "Ann,Bob,Cy").exit_code == 0
    for args in (["raidcard", "1", "G", "hero"], ["raidcard", "2", "E", "attribute", "--amount", "3"]):
        assert cli("eh", *args).exit_code == 0
    said = cli("eh", "aide", "defender", "1").output.splitlines()
    assert said[1].startswith("  Raid slot 1 discarded: ") and "in force: " in said[1], said


def test_the_last_raid_discard_says_the_reset_apart() -> None:
    """Field report EH-V9: the last Raid discard's effects line carried the Reset's Aides as if the discard had cost
    them, and the offers discarded at the Reset went unsaid. The discard says its own cost, the Reset is a line of
    its own naming the discarded offers, and the Aides' change says it is the Reset's."""
    from eh_helpers import finish_action_phase

    t = Table()
    t.fill_offers()
    for slot in (0, 1):
        t.state.cards[t.state.raids[slot]].basis = "scout"
    finish_action_phase(t)
    offered = [cid for slots in t.state.offers.values() for cid in slots if cid]
    t.ok("RAID_DISCARD", "Astrid")
    t.ok("RAID_DISCARD", "Brandon")
    infos, effects = _play(t, "RAID_DISCARD", "Helga")
    assert infos == ["Raid: Helga nothing", "Reset: the Aides go back to the Ambassador; discarded from the offers: "
                     f"{', '.join(offered)}; round 2 begins"]
    assert "aides (back to the Ambassador at the Reset)" in effects


def test_status_notes_no_debt_of_zero() -> None:
    """Field report EH-V10: with nobody owing anything, ``status`` Notes printed "Maren must discard 0 Expert(s)
    before reductions" once per player. A debt of zero is no note; a real one still is."""
    from eh_helpers import finish_action_phase
    from scorekeeper.games.emberheart import GAME

    t = Table()
    t.fill_offers()
    for slot in (0, 1):
        t.state.cards[t.state.raids[slot]].basis = "scout"
    finish_action_phase(t)
    assert not [n for n in GAME.status(t.state).notes if "must discard" in n]
    t.state.cards[t.state.raids[0]].basis = t.state.cards[t.state.raids[1]].basis = "hero"
    from eh_helpers import give

    give(t, "Astrid", "HX", "hero", hero="bard")
    assert [n for n in GAME.status(t.state).notes if "must discard" in n][0].startswith("Astrid must discard 1 ")


def test_wording_of_lacks_senses_and_wardens() -> None:
    """Field report EH-V11: ``Ilse still lacks: 2 ranger (has 1)`` for one Ranger missing; ``Tobi +1 sense`` next to
    ``Ilse +2 senses``; ``1 Warden(s)`` on every Mountain reveal."""
    from eh_helpers import give
    from scorekeeper.core.protocol import Effect
    from scorekeeper.games.emberheart import GAME

    t = Table()
    card = give(t, "Astrid", "GX", "garrison", colour="green", glory=3,
                reqs=[{"item": "ranger", "count": 2}], track="speed")
    t.p("Astrid").hire["R"] = 1
    found = t.refused("EH-GAR-1", "GARRISON_COMPLETE", "Astrid", card=card.id)
    assert found.message.endswith("Astrid still lacks: 1 Ranger (needs 2, has 1)")
    assert Effect("Tobi", "Senses", 1).text == "+1 Senses" and Effect("Ilse", "Senses", 2).text == "+2 Senses"
    assert "Senses" in GAME.holdings(t.state)["Astrid"]
    line = GAME.describe(t.event("CARD_REVEAL", None, {"location": "mountain", "level": "bottom", "slot": 1,
                                                        "colour": "red", "glory": 3, "wardens": 1}))
    assert "1 Warden" in line and "Warden(s)" not in line


def test_the_play_that_makes_a_garrison_card_completable_says_so() -> None:
    """Field report EH-F3: a claim made red3 completable without a word; only ``status`` Notes said it. The play
    that makes a claimed Garrison card completable now says so, with the command."""
    from eh_helpers import give

    t = Table()
    t.fill_offers()
    grunts = t.p("Astrid").hire["G"]
    give(t, "Astrid", "GX", "garrison", colour="red", glory=3, reqs=[{"item": "grunt", "count": grunts + 4}],
         track="strength")
    infos, _ = _play(t, "USE_SPECIAL", "Astrid", site="firestation")
    assert "Astrid's GX can now be completed: eh complete GX -p Astrid" in infos
    infos, _ = _play(t, "USE_SPECIAL", "Brandon", site="firestation")
    assert not [i for i in infos if "can now be completed" in i]  # said once, by the play that did it


def test_tab_names_each_offered_cards_face() -> None:
    """Field report EH-F8: ``claim `` + Tab listed ``T1 T2 T3`` with no face. Each card offered now carries its
    face (``2G1S Flame-1``) for the Tab menu."""
    from eh_helpers import finish_action_phase
    from scorekeeper.games.emberheart import GAME

    t = Table()
    t.fill_offers()
    t.p("Astrid").hire["G"] = 3
    t.ok("PLACE_PARTY", "Astrid", location="tavern", space=3, hire={"G": 3})
    finish_action_phase(t)
    [claim] = [c for c in GAME.expect(t.state).choices if c.event == "CLAIM"]
    assert claim.words and all(claim.words[card] == "2G1S Flame-1" for card in claim.values["card"])
