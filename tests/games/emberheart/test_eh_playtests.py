"""What the play-tests of issue 14 hit at the table: hints that suggest only legal plays, words the table uses
(faces, interchangeable cards, the Flame table as the board shows it), and a journal the rulebook allows."""

from __future__ import annotations

import re

import pytest

from scorekeeper.core.protocol import Draft, MissingValueError
from scorekeeper.games.emberheart import GAME
from scorekeeper.games.emberheart.scoring import score

from eh_helpers import Table, finish_action_phase, give
from tests.conftest import Cli


def rewarded(parties: list[tuple[str, str, int, dict]], players: tuple[str, ...] = ("Astrid", "Brandon", "Helga")
             ) -> Table:
    """Place the given Parties (in turn order), take the Aides, and stop at the Reward phase."""
    t = Table(players=players)
    t.fill_offers()
    for name, location, space, hire in parties:
        t.ok("PLACE_PARTY", name, location=location, space=space, hire=hire)
    finish_action_phase(t)
    return t


def completed(t: Table, type: str, player: str | None = None, **payload: object) -> Draft:
    return GAME.complete(t.state, Draft(type, player, payload))


def expert_raid(**hire: int) -> Table:
    """The Raid phase with an Expert Raid card in force (1 Expert per green Dragon); Helga holds one green
    Dragon and the Experts ``hire``."""
    t = Table()
    t.fill_offers()
    st = t.state
    st.cards[st.raids[0]].item, st.cards[st.raids[0]].basis = "E", "green"
    finish_action_phase(t)
    st.raid_discarded = 2
    give(t, "Helga", "G0", "captive", colour="green", glory=1)
    t.p("Helga").hire.update(hire)
    return t


def raid_hints(t: Table, name: str) -> list[str]:
    """Every ``eh raid -p NAME …`` command the status notes and expect suggest for ``name``."""
    status = GAME.status(t.state)
    words = [c.example for c in GAME.expect(t.state).choices if c.event == "RAID_DISCARD" and c.player == name]
    words += [m for note in status.notes for m in re.findall(rf"eh raid -p {name}[^)]*", note)]
    return words


def play_of(t: Table, command: str) -> Draft:
    """The RAID_DISCARD an ``eh raid -p NAME [--discard HIRE]`` hint stands for, completed from the board."""
    from scorekeeper.games.emberheart.notation import hirelings

    found = re.fullmatch(r"eh raid -p (\w+)(?: --discard (\w+))?", command)
    assert found, command
    payload = {"discard": hirelings(found[2])} if found[2] else {}
    return completed(t, "RAID_DISCARD", found[1], **payload)


@pytest.mark.parametrize("hire", [{"R": 1}, {"S": 1, "R": 1}, {"W": 2}, {}], ids=["ranger", "two-kinds", "two-wardens",
                                                                                   "none"])
def test_the_raid_hints_suggest_only_plays_the_rules_accept(hire: dict[str, int]) -> None:
    """EH-RAID-5: "choose: eh raid -p Helga --discard 1S" was shown when Helga held only a Ranger, and the rules
    then refused it; the hints now come from ``expect``, which lists the discards legal now."""
    t = expert_raid(**hire)
    hints = raid_hints(t, "Helga")
    assert hints
    for hint in hints:
        play = play_of(t, hint)
        assert not [f for f in t.judge(play.type, play.player, **play.payload) if f.is_error], hint


def test_a_player_who_must_choose_is_shown_each_legal_discard() -> None:
    """EH-RAID-5: with a Scout and a Ranger and one Expert to lose, the player says which; expect lists both,
    and the play without a choice is refused."""
    t = expert_raid(S=1, R=1)
    choice = next(c for c in GAME.expect(t.state).choices if c.event == "RAID_DISCARD" and c.player == "Helga")
    assert list(choice.values["discard"]) == ["1S", "1R"]
    assert choice.example == "eh raid -p Helga --discard 1S"
    t.refused("EH-RAID-5", "RAID_DISCARD", "Helga")


def test_a_claim_that_cannot_attach_says_the_attach_command_to_type_after_it() -> None:
    """EH-DRG-1: `claim P1 --attach M1` at the Preserve said "later: eh attach DRAGON TARGET"; it now names the
    command that does it once the Preserve is claimed: eh attach M1 P1."""
    t = rewarded([("Astrid", "preserve", 1, {"G": 1})])
    give(t, "Astrid", "M1", "mountain", colour="red", glory=3)
    play = completed(t, "CLAIM", card="1", attach="M1")
    preserve = play.payload["card"]
    refusal = t.refused("EH-DRG-1", play.type, play.player, **play.payload)
    assert f"eh attach M1 {preserve}" in refusal.message
    assert "DRAGON" not in refusal.message


def test_identical_cards_on_offer_are_interchangeable() -> None:
    """EH-REW-3: two identical green Preserves made `claim green` "ambiguous"; either is the same card, so the
    leftmost is taken. Two cards that differ still need a name."""
    t = rewarded([("Astrid", "preserve", 1, {"G": 1})])
    st = t.state
    first, second, third = st.offers["preserve"]
    st.cards[second].colour = "green"  # green, green (slots 2 and 3), red in slot 1
    play = completed(t, "CLAIM", card="green")
    assert play.payload["card"] == second
    t.ok(play.type, play.player, **play.payload)
    assert st.cards[second].owner == "Astrid"


def test_cards_that_differ_still_need_a_name() -> None:
    from scorekeeper.errors import BadInput

    t = rewarded([("Astrid", "camp", 1, {"G": 1})])
    st = t.state
    for cid in st.offers["camp"]:
        st.cards[cid].colour = "green"
    st.cards[st.offers["camp"][1]].glory = 4  # green 2, green 4, green 2
    with pytest.raises(BadInput, match="could be"):
        completed(t, "CLAIM", card="green")
    assert completed(t, "CLAIM", card="green2").payload["card"] == st.offers["camp"][0]


def test_the_non_player_crest_takes_the_card_by_its_face() -> None:
    """EH-2P-5, EH-2P-9: `eh np green2` was not read (only card names were); a face names the card as it does
    for `claim`, and the wrong face is still refused under EH-2P-9."""
    t = Table(players=("Astrid", "Brandon"))
    t.fill_offers()  # blocks tavern:1 and mountain:1
    st = t.state
    st.blocked = [("camp", 4)]
    finish_action_phase(t)
    assert st.location == "camp"
    leftmost, middle, _ = st.offers["camp"]
    face = f"{st.cards[leftmost].colour}{st.cards[leftmost].glory}"
    wrong = f"{st.cards[middle].colour}{st.cards[middle].glory}"
    play = completed(t, "NP_DISCARD", card=face)
    assert play.payload == {"card": leftmost}
    t.refused("EH-2P-9", **{"type": "NP_DISCARD", **completed(t, "NP_DISCARD", card=wrong).payload})
    t.ok("NP_DISCARD", **play.payload)
    assert st.cards[leftmost].discarded


def no_crest_round(last_has_none: bool) -> Table:
    """Round I where Brandon (or Helga, the last in order) has no Crest left when the last Aide is taken."""
    t = Table()
    t.fill_offers()
    t.arrange(players={"Helga" if last_has_none else "Brandon": {"crests": 0}})
    party = {"location": "tavern", "space": 1, "hire": {"G": 1}}
    plays = ([("Astrid", "PLACE_PARTY", party), ("Brandon", "TAKE_AIDE", {"aide": "defender", "raid": 1}),
              ("Helga", "TAKE_AIDE", {"aide": "leader"}), ("Astrid", "TAKE_AIDE", {"aide": "survivalist"}),
              ("Brandon", "TAKE_AIDE", {"aide": "healer"})] if last_has_none else
             [("Astrid", "TAKE_AIDE", {"aide": "leader"}), ("Brandon", "TAKE_AIDE", {"aide": "defender", "raid": 1}),
              ("Helga", "TAKE_AIDE", {"aide": "survivalist"}), ("Astrid", "TAKE_AIDE", {"aide": "healer"})])
    for name, type, payload in plays:
        t.ok(type, name, **payload)
    return t


def test_typing_the_skip_the_engine_already_made_is_not_flagged() -> None:
    """EH-EOA-5: with no Crest and no Aide left the engine skips the turn itself; the rulebook says "simply skip
    your final turn", so a table that types `eh skip` for it records a play that is not flagged."""
    t = no_crest_round(last_has_none=False)
    assert t.state.active() == "Helga"  # Brandon's turn was skipped
    play = completed(t, "SKIP_TURN")
    assert play.player == "Brandon"
    t.ok(play.type, play.player, **play.payload)
    assert t.state.active() == "Helga"
    t.refused("EH-FLOW-5", "SKIP_TURN", "Brandon")  # once: a second skip is out of turn
    t.ok("PLACE_PARTY", "Helga", location="tavern", space=1, hire={"G": 1})
    assert t.state.phase == "reward" and not [e for e in t.replay().errors if "-STATE-" not in e.rule]  # the arranged position's


def test_the_last_players_typed_skip_after_the_action_phase_ended_is_not_flagged() -> None:
    """EH-EOA-5, EH-EOA-3: Helga, last in order, has no Crest: the phase ends with Brandon's last Aide; her
    `eh skip` typed then is accepted, and the Reward phase goes on as before."""
    t = no_crest_round(last_has_none=True)
    assert t.state.phase == "reward"
    location = t.state.location
    play = completed(t, "SKIP_TURN")
    assert play.player == "Helga"
    t.ok(play.type, play.player, **play.payload)
    assert (t.state.phase, t.state.location) == ("reward", location)
    t.refused("EH-FLOW-2", "SKIP_TURN", "Helga")
    t.ok("CLAIM", "Astrid", location="tavern", space=1, card=1)
    assert not [e for e in t.replay().errors if "-STATE-" not in e.rule]  # the arranged position's


def test_a_skip_nobody_was_spared_is_still_refused() -> None:
    """EH-EOA-5: a player with Crests cannot skip (the engine skipped nobody)."""
    t = Table()
    t.fill_offers()
    t.refused("EH-EOA-5", "SKIP_TURN", "Astrid")


# -- the Flame table -------------------------------------------------------------------------------------


def end_game(cli: Cli) -> None:
    """A four-player game over, with Flame differences the rulebook does not give (copied from the sample)."""
    import shutil
    from pathlib import Path

    shutil.copy(Path(__file__).resolve().parents[3] / "sample_sessions" / "emberheart" / "four-players.json",
                cli.session)
    assert cli("void", "1", "--reason", "the Flame table was misread").exit_code == 0  # its `set flame_glory`


def missing_steps(cli: Cli) -> list[int]:
    from scorekeeper.app.session import Session

    s = Session.open(cli.session, "emberheart")
    st = s.state_at(None)
    top = max(p.flame for p in st.players)
    from scorekeeper.games.emberheart.scoring import flame_table

    return sorted({top - p.flame for p in st.players} - set(flame_table(st)))


def test_the_flame_table_is_typed_as_the_board_shows_it(cli: Cli) -> None:
    """AMB-01: `set flame_glory 2=2,4=5` (and flame_glory=2=2,4=5) as well as the JSON."""
    assert cli("new", "emberheart", "--players", "Astrid,Brandon").exit_code == 0
    for args in (("set", "flame_glory", "2=2,4=5"), ("set", "flame_glory=7=9"), ("set", 'flame_glory={"1":1}')):
        result = cli(*args)
        assert result.exit_code == 0, result.output
    from scorekeeper.app.session import Session

    merged = Session.open(cli.session, "emberheart").state_at(None).settings["flame_glory"]
    assert merged == {"2": 2, "4": 5, "7": 9, "1": 1}  # `set` merges into the table
    bad = cli("set", "flame_glory", "2=two")
    assert bad.exit_code == 2 and "2=two" in bad.output and len(bad.output.strip().splitlines()) == 1


def rising(steps: int) -> int:
    """A Glory for ``steps`` that fits the rulebook's 3 → 3 and 6 → 8 and rises with the steps (EH-END-9)."""
    return {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}.get(steps, 8 + 2 * (steps - 6))


def test_score_prints_the_table_with_the_flame_column_marked_incomplete(cli: Cli) -> None:
    """EH-END-9 (AMB-01): the final score without the board's Flame values printed nothing but the error; it now
    prints the table, its Flame column marked incomplete, and says what to set (exit 1: not the final score)."""
    end_game(cli)
    wanted = missing_steps(cli)
    assert wanted, "the sample must need a Flame value the rulebook does not give"
    if len(wanted) > 1:  # all but one given: the column is still incomplete
        assert cli("set", "flame_glory", ",".join(f"{d}={rising(d)}" for d in wanted[1:])).exit_code == 0
    result = cli("score")
    assert result.exit_code == 1
    assert "Flame (incomplete)" in result.stdout and "\nrank" not in result.stdout  # no winner yet: no ranks
    assert f"flame_glory {wanted[0]}=N" in result.stderr
    assert cli("set", "flame_glory", f"{wanted[0]}={rising(wanted[0])}").exit_code == 0
    final = cli("score")
    assert final.exit_code == 0 and "incomplete" not in final.stdout and "final score" in final.stdout


def test_the_incomplete_table_is_the_final_one_without_the_missing_flame_glory() -> None:
    """EH-END-9: the table carried by the error counts every category but the missing Flame values."""
    t = Table(players=("Astrid", "Brandon"))
    st = t.state
    st.phase = "end"
    st.player("Astrid").flame, st.player("Brandon").flame = 4, 0
    with pytest.raises(MissingValueError) as caught:
        score(st)
    table = caught.value.table
    assert table is not None and "Flame (incomplete)" in table.categories and not table.winners
    rows = {r.player: r for r in table.rows}
    assert rows["Brandon"].categories["Flame (incomplete)"] == 0 and rows["Astrid"].categories[
        "Flame (incomplete)"] == 0
    st.settings["flame_glory"] = {"4": 5}
    assert {r.player: r.categories["Flame"] for r in score(st).rows} == {"Astrid": 0, "Brandon": 5}


# -- the Raid line --------------------------------------------------------------------------------------


def test_one_players_expert_raid_says_what_was_lost_and_the_flame_taken(cli: Cli) -> None:
    """EH-RAID-5, EH-RAID-7: `eh raid -p Helga --discard 1R` printed "Raid: Helga nothing" although she lost the
    Ranger and took Flame +2 for the two Experts she did not have."""
    assert cli("new", "emberheart", "--players", "Astrid,Brandon,Helga").exit_code == 0
    for args in (["raidcard", "1", "G", "hero"], ["raidcard", "2", "E", "attribute", "--amount", "3"],
                 ["adjust", "Helga", "R=1"], ["aide", "defender", "1"], ["aide", "leader"], ["aide", "healer"],
                 ["aide", "survivalist"], ["special", "warehouse"], ["special", "warehouse"]):
        result = cli("eh", *args)
        assert result.exit_code == 0, result.output
    assert cli.json("status")["expected"].startswith("Raid phase")
    result = cli("eh", "raid", "-p", "Helga", "--discard", "1R")
    assert result.exit_code == 0, result.output
    assert "  Raid: Helga -1R, Flame +2" in result.output.splitlines()[1:-1]  # before next: (EH-V6)
    helga = next(p for p in cli.json("status")["players"] if p["player"] == "Helga")
    assert helga
