"""The table experience: four friends play Emberheart through the real CLI, mistakes included.

Each test pins a friction found while playing complete games at the table (short forms, defaults, refusals
that say what would be legal, a readable ``status``).
"""

from __future__ import annotations

import pytest

from tests.conftest import Cli

PLAYERS = "Astrid,Bjorn,Cara,Dag"


def ok(cli: Cli, *args: str) -> str:
    result = cli(*args)
    assert result.exit_code == 0, result.output
    return result.output


def refused(cli: Cli, *args: str, code: int = 1) -> str:
    result = cli(*args)
    assert result.exit_code == code, result.output
    assert "Traceback" not in result.output
    return result.output


def setup_round(cli: Cli) -> None:
    """Round I's offers, a few commands: several cards per reveal."""
    ok(cli, "eh", "reveal", "guild", "bard", "master-scout", "prie")
    ok(cli, "eh", "reveal", "tavern", "2G1S-1", "3G", "1S1W+1")
    ok(cli, "eh", "reveal", "camp", "exotic2=X1", "red3", "green1")
    ok(cli, "eh", "reveal", "mountain", "green3w1", "red3f2", "blue2", "blue5w1f1", "green4", "red8f1")
    ok(cli, "eh", "reveal", "preserve", "red", "blue", "green")
    for colour, reqs, track in (("red", "1red", "speed"), ("blue", "1blue+1hero", "senses"),
                                ("green", "2green", "strength")):
        ok(cli, "eh", "reveal", "garrison", colour, "3", reqs, track)
    ok(cli, "eh", "raidcard", "1", "G", "hero")
    ok(cli, "eh", "raidcard", "2", "E", "scouts")


@pytest.fixture
def table(cli: Cli) -> Cli:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    setup_round(cli)
    return cli


def to_reward(cli: Cli) -> None:
    """A short Action phase: Astrid 2 Parties at the Tavern, Bjorn 2 at the Camp, Cara the Mountain, Dag the
    Preserve and the Guild; the Aides go round."""
    for args in (["place", "tavern", "3", "2G", "-c"], ["place", "camp", "3", "3G"], ["place", "mountain", "5", "5G"],
                 ["place", "preserve", "2", "2G"], ["place", "tavern", "4", "4G"], ["place", "camp", "1", "1G"],
                 ["aide", "survivalist"], ["place", "guild", "5", "5G"], ["aide", "leader"], ["aide", "defender", "2"],
                 ["aide", "healer"], ["special", "warehouse"]):
        ok(cli, "eh", *args)
    assert cli.json("status")["expected"] == "Reward phase · Heroes' Guild · Dag (space 5) claims or recalls"


# -- reveals ---------------------------------------------------------------------------------------------


def test_several_cards_are_revealed_in_one_command_left_to_right(table: Cli) -> None:
    """Setup and every Reset: one command per Location, not one per card (21 commands were needed)."""
    status = table.json("status")
    offers = {row["offer"]: row["cards"] for row in status["sections"][0]["rows"]}
    assert offers["guild"] == "bard (red Hero) | master-scout (blue Hero) | priestess (green Hero)"
    assert offers["tavern"] == "T1 (2G1S Flame-1) | T2 (3G) | T3 (1S1W Flame+1)"
    assert offers["camp"] == "X1 (exotic 2) | C1 (red 3) | C2 (green 1)"
    assert offers["mtn bottom"] == "M1 (green 3 W1) | M2 (red 3 F+2) | M3 (blue 2)"
    assert offers["mtn middle"] == "M4 (blue 5 F+1 W1) | M5 (green 4)"
    assert offers["mtn top"] == "M6 (red 8 F+1)"
    assert status["expected"].startswith("Astrid's turn: send a Party (5 Crests)")


def test_a_reveal_prints_the_offer_with_the_short_names(cli: Cli) -> None:
    """The names to claim with (C1, M2…) are generated: the reveal shows them."""
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    out = ok(cli, "eh", "reveal", "camp", "exotic2=X1", "red3")
    assert "#1 recorded: reveal camp slot 1: exotic · 2 Glory · named X1" in out
    assert "camp offer: X1 (exotic 2) | C1 (red 3) | —" in out
    assert out.count("next: ") == 1  # one "next" line for the whole reveal
    out = ok(cli, "eh", "reveal", "tavern", "1", "3G")  # the one-card form still works
    assert "Flame +0" not in out and "tavern offer: T1 (3G) | — | —" in out


def test_a_bad_card_word_records_nothing_and_says_how_to_write_it(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    out = refused(cli, "eh", "reveal", "mountain", "green3w1", "yellow8", code=2)
    assert "unknown colour 'yellow'" in out
    out = refused(cli, "eh", "reveal", "tavern", "2G1S-1", "3G", "1S1W+1", "2R", code=2)
    assert "4 cards but only 3 empty slots at the tavern" in out
    out = refused(cli, "eh", "reveal", "guild", "master", code=2)
    assert "master-scout" in out
    assert cli.json("log") == []  # nothing was written


def test_a_refused_card_in_a_reveal_records_none_of_them(cli: Cli) -> None:
    """The second Hero is already in play: the reveal is refused as a whole (one write, all or nothing), and the
    message names the card and says that the one before it was not recorded either."""
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    ok(cli, "eh", "reveal", "guild", "1", "bard")
    before = cli.session.read_bytes()
    out = refused(cli, "eh", "reveal", "guild", "mentor", "bard")
    assert "card 2 (bard): refused: EH-SETUP-13" in out and "the 1 before it was not recorded either" in out
    assert cli.session.read_bytes() == before and len(cli.json("log")) == 1
    assert "FLAGGED EH-SETUP-13" in ok(cli, "eh", "reveal", "guild", "mentor", "bard", "--force")  # both, one flagged
    assert len(cli.json("log")) == 3


def test_several_cards_as_json_is_one_list(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    data = cli.json("eh", "reveal", "preserve", "red", "blue", "green")
    assert [d["recorded"]["payload"]["colour"] for d in data] == ["red", "blue", "green"]


def test_the_setup_line_is_short_and_names_what_to_reveal(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    ok(cli, "eh", "reveal", "guild", "bard")
    expected = cli.json("status")["expected"]
    assert expected == ("Round I setup: reveal guild 2,3 · tavern · camp · preserve · mountain · garrison red, blue, "
                        "green · raid card 1,2 (eh raidcard) — then Astrid starts")


# -- the Action phase ------------------------------------------------------------------------------------


def test_the_defender_takes_its_raid_slot_as_a_plain_number(table: Cli) -> None:
    """`eh aide def 2` was a usage error; only --raid 2 worked."""
    for args in (["place", "tavern", "3", "2G", "-c"], ["aide", "def", "2"]):
        ok(table, "eh", *args)
    assert "takes the defender, discards Raid slot 2" in table.json("log")[-1]["description"]
    out = refused(table, "eh", "aide", "heal", "1", code=2)
    assert "after 'eh aide healer' write nothing: the Survivalist and the Healer take no argument" in out


def test_the_leader_recall_and_new_party_follow_its_name(table: Cli) -> None:
    """`--recall tavern:3 --place camp:2:2G` is long to type; the two spots may follow the Aide's name."""
    ok(table, "eh", "place", "tavern", "3", "3G")
    ok(table, "eh", "special", "warehouse")  # Bjorn
    ok(table, "eh", "special", "warehouse")  # Cara
    ok(table, "eh", "special", "warehouse")  # Dag
    ok(table, "eh", "aide", "leader", "tav:3", "camp:2:2G")  # Astrid
    assert table.json("log")[-1]["description"] == ("Astrid: takes the leader, recalls tavern space 3, "
                                                    "re-places 2G on camp 2")
    out = refused(table, "eh", "aide", "leader", "tav:3", "camp:2:2G", "x", code=2)
    assert "eh aide leader tavern:2 camp:3:3G" in out


def test_the_last_turns_are_announced(table: Cli) -> None:
    for args in (["aide", "leader"], ["aide", "defender", "1"], ["aide", "healer"], ["place", "tavern", "1", "1G"],
                 ["aide", "survivalist"]):
        ok(table, "eh", *args)
    assert table.json("status")["expected"] == ("Bjorn's turn: send a Party (5 Crests) / Warehouse or Firestation"
                                                " · no Aide left, ends after Dag")


# -- the Reward phase ------------------------------------------------------------------------------------


def test_claim_outside_the_reward_phase_says_what_comes_next(table: Cli) -> None:
    out = refused(table, "eh", "claim", "bard")
    assert "EH-FLOW-2" in out and "Action phase" in out and "next: Astrid's turn" in out


def test_claim_by_slot_records_the_card_name(table: Cli) -> None:
    to_reward(table)
    ok(table, "eh", "claim", "1")  # Dag, Guild space 5: slot 1 is the Bard
    assert table.json("log")[-1]["description"] == "Dag: guild space 5 claims bard"


def test_claim_by_colour_or_hero_name_among_the_cards_on_offer(table: Cli) -> None:
    """`eh claim red` at the Preserve resolved to the Garrison card red3 (a prefix of every card in play); the
    cards on offer now come first: by name, Hero name, or colour."""
    to_reward(table)
    ok(table, "eh", "claim", "master")  # Dag: a unique prefix of a Hero on offer
    ok(table, "eh", "claim", "t1")  # Astrid, Tavern space 4 (case does not matter)
    ok(table, "eh", "claim", "T3")  # Astrid, Tavern space 3
    ok(table, "eh", "claim", "red")  # Bjorn, Camp space 3: the only red Dragon on offer
    ok(table, "eh", "claim", "ex")  # Bjorn, Camp space 1: the exotic X1
    ok(table, "eh", "claim", "red")  # Cara, Mountain space 5 (bottom): M2
    ok(table, "eh", "claim", "red")  # Dag, Preserve space 2: the red Preserve, not the Garrison card red3
    claims = [row["description"] for row in table.json("log")[-7:]]
    assert claims == ["Dag: guild space 5 claims master-scout", "Astrid: tavern space 4 claims T1",
                      "Astrid: tavern space 3 claims T3", "Bjorn: camp space 3 claims C1", "Bjorn: camp space 1 claims X1",
                      "Cara: mountain (bottom) space 5 claims M2", "Dag: preserve space 2 claims P1"]


def test_claim_without_a_card_lists_the_offer_or_takes_the_last_one(table: Cli) -> None:
    to_reward(table)
    out = refused(table, "eh", "claim", code=2)
    assert "name the card to claim: bard (red Hero), master-scout (blue Hero), priestess (green Hero)" in out
    for card in ("bard", "T1", "T2", "red"):
        ok(table, "eh", "claim", card)
    out = refused(table, "eh", "claim", code=2)  # Bjorn, Camp space 1: two Dragons left
    assert "name the card to claim: X1 (exotic 2), C2 (green 1) (or 'eh recall' to take nothing)" in out


def test_claim_without_a_card_takes_the_last_card_on_offer(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    setup_round(cli)
    for args in (["place", "camp", "3", "2G", "-c"], ["place", "camp", "2", "2G"], ["place", "camp", "1", "1G"],
                 ["aide", "leader"], ["aide", "defender", "1"], ["aide", "healer"], ["aide", "survivalist"],
                 ["special", "warehouse"], ["claim", "C1"], ["claim", "X1"], ["claim"]):
        ok(cli, "eh", *args)
    assert cli.json("log")[-1]["description"] == "Cara: camp space 1 claims C2"


def test_attach_on_a_claim_that_is_no_dragon_is_refused(table: Cli) -> None:
    """`eh claim red3 --attach P3` at the Garrison was recorded as "attaches to P3" and silently ignored."""
    to_reward(table)
    out = refused(table, "eh", "claim", "bard", "--attach", "X1")  # a rule of the game: --force may record it
    assert ("EH-DRG-1: bard is not a Dragon: only a Dragon claimed at the Poachers' Camp or the Mountain can be "
            "attached at once") in out


# -- the Raid phase --------------------------------------------------------------------------------------


def finish_reward(cli: Cli) -> None:
    for card in ("bard", "T1", "T2", "red", "X1", "red", "red"):
        ok(cli, "eh", "claim", card)


def test_raid_all_resolves_everyone_and_stops_at_a_choice(table: Cli) -> None:
    """Four `eh raid -p NAME` per round; `--all` does it in one, and stops where a player must choose."""
    to_reward(table)
    finish_reward(table)
    status = table.json("status")
    assert status["expected"] == ("Raid phase · raid1 (-1G per hero) · waiting for Astrid, Bjorn, Cara, Dag "
                                  "· eh raid --all")
    out = ok(table, "eh", "raid", "--all")
    assert [line.split(": ")[1] for line in out.splitlines() if "recorded" in line] == [
        "Astrid", "Bjorn", "Cara", "Dag"]
    assert out.count("next: ") == 1 and "Round II setup: reveal" in out
    out = refused(table, "eh", "raid", "--all")  # nobody is waiting: the rules say so (--force would record it)
    assert out.startswith("refused: EH-FLOW-2: Raid discards happen in the Raid phase") and "Action phase" in out


def test_raid_all_resolves_everyone_but_a_player_who_must_say_which_experts(cli: Cli) -> None:
    """EH-F3 (field report): ``raid --all`` stopped at the first player who must choose (exit 1) and left the
    Raids that need no choice for a second ``raid --all``. It now resolves those and names who must choose."""
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    setup_round(cli)
    ok(cli, "eh", "swap", "G", "S")  # Astrid: a Scout and a Warden for her 2 Gear
    ok(cli, "eh", "swap", "G", "W")
    for args in (["aide", "leader"], ["aide", "healer"], ["aide", "survivalist"], ["aide", "defender", "1"]):
        ok(cli, "eh", *args)  # the last Aide ends the round's actions; the Raid in force is -1E per Scout
    out = " ".join(ok(cli, "eh", "raid", "--all").split())
    assert "Bjorn" in out and "Dag" in out
    assert "Astrid says which Experts go (eh raid -p Astrid --discard 1S|1W)" in out
    out = refused(cli, "eh", "raid", "--all", code=2)  # only Astrid is left: the rules ask her which (UX-12)
    assert "Astrid: incomplete: EH-RAID-5: Astrid must discard 1 Expert(s) and owns 1S, 1W: say which" in out
    ok(cli, "eh", "raid", "-p", "Astrid", "--discard", "1W")


# -- refusals that say what would be legal ---------------------------------------------------------------


def test_a_party_of_missing_experts_says_how_to_swap(table: Cli) -> None:
    """`eh place mtn 5 3G2W` with 10 Grunts: say the Gear swap that makes it legal."""
    out = refused(table, "eh", "place", "mtn", "5", "3G2W")
    assert ("EH-ACT-5: Astrid has only 10G in supply, not 3G2W; swap Grunts first, 1 Gear each: eh swap G W 2"
            in out)
    ok(table, "eh", "swap", "G", "W", "2")
    ok(table, "eh", "place", "mtn", "5", "3G2W")


def test_a_player_with_no_hireling_is_told_about_the_firestation(table: Cli) -> None:
    for args in (["place", "tavern", "5", "5G"], ["special", "fire"], ["special", "fire"], ["special", "fire"],
                 ["place", "camp", "5", "5G"], ["special", "ware"], ["special", "ware"], ["special", "ware"]):
        ok(table, "eh", *args)
    out = refused(table, "eh", "place", "guild", "1", "1G")
    assert "EH-ACT-9: Astrid has no Hirelings left in supply; the Firestation gives 4 Grunts, or take an Aide" in out


def test_the_top_of_the_mountain_asks_for_the_track_before_recording(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    setup_round(cli)
    ok(cli, "eh", "swap", "G", "W", "2")  # Astrid: 3G2W on Mountain space 5
    for args in (["place", "mtn", "5", "3G2W"], ["aide", "leader"], ["aide", "healer"], ["special", "ware"],
                 ["aide", "survivalist"], ["special", "ware"], ["special", "ware"], ["aide", "defender", "1"],
                 ["claim", "blue"], ["claim", "green"]):
        ok(cli, "eh", *args)
    status = cli.json("status")
    assert status["expected"] == ("Reward phase · Mountain (top level) · Astrid (space 5) claims the top Dragon "
                                  "(eh claim -t TRACK) or withdraws (eh recall)")
    assert status["headline"][2] == "Resolving: Mountain (top level) · on offer: M6 red8 F+1"
    before = cli.session.read_bytes()
    out = refused(cli, "eh", "claim", code=2)  # the rules ask (EH-MTN-15: a prompt, exit 2, UX-12), nothing is recorded
    assert "incomplete: EH-MTN-15: the top Dragon also moves one Attribute marker up: say which, e.g. eh claim -t strength" in out
    assert cli.session.read_bytes() == before
    ok(cli, "eh", "claim", "-t", "sen")
    assert cli.json("log")[-1]["description"] == "Astrid: mountain (top) space 5 claims M6"


def test_claim_by_the_face_read_off_the_card(table: Cli) -> None:
    """At the table one says "the 3 Grunts" or "the red 3": `eh claim 3G`, `eh claim red3`."""
    to_reward(table)
    for card in ("bard", "2G1S", "3G", "red3"):
        ok(table, "eh", "claim", card)
    assert [row["description"].split(" claims ")[1] for row in table.json("log")[-4:]] == ["bard", "T1", "T2", "C1"]


# -- status at the table ---------------------------------------------------------------------------------


def status_lines(cli: Cli) -> list[str]:
    return ok(cli, "status", "--full").splitlines()


def test_status_fits_a_100_column_terminal_through_a_whole_round(table: Cli) -> None:
    assert max(map(len, status_lines(table))) <= 100
    to_reward(table)
    for card in ("bard", "T1", "T2", "red", "X1", "red", "red"):
        assert max(map(len, status_lines(table))) <= 100, card
        ok(table, "eh", "claim", card)
    lines = status_lines(table)
    assert max(map(len, lines)) <= 100
    text = "\n".join(lines)
    assert "Cards (← the Dragon attached; Garrison ✓ completed, … not yet):" in text
    assert "Bjorn     Dragons    C1 red3, X1 exotic2" in text
    assert "Dag       Heroes     bard" in text and "          Preserves  P1 red" in text


def test_status_shows_round_phase_turn_holdings_aides_and_what_comes_next(table: Cli) -> None:
    """The issue's list: round, phase, whose turn, crests, hirelings, Gear, Flame, attributes, Aides, next."""
    to_reward(table)
    lines = status_lines(table)
    assert lines[:9] == ["Next: Reward phase · Heroes' Guild · Dag (space 5) claims or recalls",  # the next step first
                         "", "Turn:", "  Round I · Reward phase", "  First player: Astrid",
                         "  Resolving: Heroes' Guild · on offer: bard (red), master-scout (blue),",
                         "    priestess (green)",  # wrapped to 80 columns
                         "", "Players:"]
    players = lines[9:lines.index("", 9)]  # too wide for a table: a short paragraph per player
    assert players[0].startswith("  Astrid *  crests 3 · hirelings 4G · board 6G · gear 2 · flame 0 ·")
    text = " ".join(" ".join(players).split())
    for name in ("Bjorn", "Cara", "Dag"):
        assert f" {name} crests " in text
    for column in ("str/sen/spd 1/0/0", "companion ready", "aides Surv,Heal"):
        assert column in text
    assert "Aides:" in lines




# -- corrections: undo, amend, a dispute -----------------------------------------------------------------


def test_amend_takes_the_table_notation(table: Cli) -> None:
    """`amend N hire=1G1S` was refused with "such as 2G1S" — the very form that had just failed; it is read now
    (the rules reviewer made the readers take the compact notation), and an unreadable value says how to write it."""
    ok(table, "eh", "place", "tavern", "3", "3G")
    out = refused(table, "amend", "24", "hire=2G1S")
    assert "EH-ACT-5: #24 Astrid has only 10G in supply, not 2G1S; swap Grunts first, 1 Gear each: eh swap G S 1" in out
    out = refused(table, "amend", "24", "hire=2X")
    assert "cannot read hirelings '2X'; write them like 2G1S" in out
    ok(table, "amend", "24", "hire=3G")
    ok(table, "amend", "24", 'hire={"G":3}')


def test_a_dispute_forced_then_settled_and_audited(table: Cli) -> None:
    """A Warden at the Tavern is recorded with --force and a note: carried out (the table placed it), flagged;
    `check` and `audit` show it with its rule (EH-ACT-6)."""
    out = refused(table, "eh", "place", "tavern", "2", "1G1W")
    assert "EH-ACT-5" in out or "EH-ACT-6" in out
    ok(table, "eh", "swap", "G", "W")
    out = refused(table, "eh", "place", "tavern", "2", "1G1W")
    assert out.splitlines()[0] == ("refused: EH-ACT-6: Tavern takes only Grunts and Scouts, not Wardens "
                                   "(use --force to record it anyway)")
    out = ok(table, "eh", "place", "tavern", "2", "1G1W", "--force")
    assert "FLAGGED EH-ACT-6" in out
    ok(table, "note", "Astrid says the Warden only drinks; settle after the game")
    check = table("check")
    assert check.exit_code == 1 and "#25 EH-ACT-6" in check.output
    audit = ok(table, "audit", "25")
    assert "with --force" in audit and "Verdict: forced" in audit and "The board just before #25:" in audit
    state = ok(table, "state", "--at", "25")
    assert state.startswith("The board just before event #25:")
    ok(table, "amend", "25", 'hire={"G":2}')  # settled: it was 2 Grunts after all
    assert table("check").exit_code == 0


# -- a 2-player side-B game ------------------------------------------------------------------------------


@pytest.fixture
def duel(cli: Cli) -> Cli:
    ok(cli, "new", "emberheart", "--players", "Astrid,Bjorn", "--set", "side=B", "--set", "skills=1,3",
       "--session", str(cli.session))
    ok(cli, "eh", "block", "tav:3", "mtn:5", "gar:2", "camp:4")
    ok(cli, "eh", "reveal", "guild", "bard", "tact", "caretaker")
    ok(cli, "eh", "reveal", "tavern", "2G1S", "3G+1", "1S1R-1")
    ok(cli, "eh", "reveal", "camp", "exotic2", "red3", "blue1")
    ok(cli, "eh", "reveal", "mountain", "green3w1", "red3f2", "blue2", "blue5w1f1", "green4", "red8f1")
    ok(cli, "eh", "reveal", "preserve", "red", "blue", "green")
    ok(cli, "eh", "reveal", "garrison", "red", "3", "1red", "speed", "blue", "3", "1blue+1hero", "senses",
       "green", "3", "2green", "strength")
    ok(cli, "eh", "raidcard", "1", "G", "hero")
    ok(cli, "eh", "raidcard", "2", "E", "scout")
    return cli


def test_the_three_garrison_cards_in_one_reveal(duel: Cli) -> None:
    offers = {row["offer"]: row["cards"] for row in duel.json("status")["sections"][0]["rows"]}
    assert offers["garrison"] == "red3: 1red→speed | blue3: 1blue+1hero→senses | green3: 2green→strength"


def test_side_b_skills_are_shown_by_name(duel: Cli) -> None:
    players = duel.json("status")["players"]
    assert [p["skill"] for p in players] == ["1 attach+G", "3 +step"]


def test_a_blocked_space_says_which_spaces_are_free(duel: Cli) -> None:
    out = refused(duel, "eh", "place", "tav", "3", "3G")
    assert ("EH-2P-3: Tavern space 3 is blocked by a non-player Crest this round; free spaces: 1, 2, 4, 5" in out)


def test_the_non_player_turns_in_the_parties_table_and_a_premature_np(duel: Cli) -> None:
    for args in (["place", "camp", "2", "2G"], ["place", "pres", "3", "2G", "-c"], ["aide", "def", "1"],
                 ["place", "guild", "4", "4G"], ["aide", "heal"], ["aide", "lead"], ["aide", "surv"],
                 ["place", "mtn", "1", "1G"]):
        ok(duel, "eh", *args)
    rows = next(s for s in duel.json("status")["sections"] if s["title"] == "Parties")["rows"]
    assert [(r["location"], r["space"], r["player"]) for r in rows] == [
        ("Heroes' Guild", 4, "Bjorn"), ("Tavern", 3, "(non-player)"), ("Poachers' Camp", 4, "(non-player)"),
        ("Poachers' Camp", 2, "Astrid"), ("Mountain", 5, "(non-player)"), ("Mountain", 1, "Bjorn"),
        ("Preserve", 3, "Bjorn"), ("Garrison", 2, "(non-player)")]
    for args in (["claim", "tact"], ["np"], ["np"]):
        ok(duel, "eh", *args)
    out = refused(duel, "eh", "np")
    assert "EH-REW-2: no non-player Crest is due to act now; next: Astrid (space 2) claims or recalls" in out


def test_heroes_are_named_by_any_word_of_their_name(duel: Cli) -> None:
    """`eh hero trainer` was refused: only a prefix of the whole name worked (dragon-t…)."""
    out = refused(duel, "eh", "hero", "trainer", code=2)
    assert "nobody owns the Dragon Trainer" in out
    out = refused(duel, "eh", "hero", "master", code=2)
    assert "'master' is not a Hero (or not a unique prefix)" in out


def test_the_skill_3_extra_step_goes_to_its_holder_not_to_whose_turn_it_is(duel: Cli) -> None:
    """`eh extra` defaulted to whose turn it is (Astrid, skill 1) and was refused; Bjorn holds skill 3."""
    for args in (["aide", "def", "1"], ["place", "camp", "2", "2G"], ["aide", "heal"], ["place", "pres", "3", "2G", "-c"],
                 ["aide", "lead"], ["aide", "surv"], ["np"], ["np"], ["claim", "red"], ["np"], ["claim", "red"]):
        ok(duel, "eh", *args)
    out = refused(duel, "eh", "extra")  # the skill-3 holder, Bjorn, has nothing waiting: the rules say so
    assert "EH-SKILL-3B: Bjorn has no advancement waiting for the extra step" in out
    attached = ok(duel, "eh", "attach", "C2", "P1")  # Bjorn's red Dragon on his red Preserve: Strength +2
    # EH-F2 (field report): the answer was only in the status Notes; next: names it first, then what comes after
    answer = "Bjorn may pay 1 Gear for one more strength step (eh extra -p Bjorn) — then "
    assert f"next: {answer}" in " ".join(attached.split())
    assert duel.json("status")["expected"].startswith(answer)
    ok(duel, "eh", "extra")
    assert duel.json("log")[-1]["description"] == "Bjorn: pays 1 Gear for an extra Attribute step"
    assert [p["str/sen/spd"] for p in duel.json("status")["players"]] == ["1/0/0", "4/0/0"]


# -- the docs --------------------------------------------------------------------------------------------


def test_the_docs_walkthrough_runs_as_written(cli: Cli) -> None:
    """docs/emberheart.md's walkthrough, up to its `…` line, replayed command by command."""
    import shlex
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "emberheart.md").read_text(encoding="utf-8")
    block = text.split("## A game in a few commands", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = []
    for line in block.strip().splitlines():
        if line.startswith("…"):
            break
        commands.append(shlex.split(line.split("#", 1)[0])[1:])
    assert commands[0][:2] == ["new", "emberheart"] and len(commands) > 30
    refusals = {("eh", "claim")}  # the one line shown failing: three cards left, name one
    for args in commands:
        result = cli(*args, *(["--session", str(cli.session)] if args[0] == "new" else []))
        expected = 2 if tuple(args) in refusals else 0
        assert result.exit_code == expected, (args, result.output)
    status = cli.json("status")
    assert status["expected"].startswith("Round II setup: reveal guild")
    assert status["expected"].endswith("then Astrid starts")


def test_the_docs_two_player_side_b_walkthrough_runs_as_written(cli: Cli) -> None:
    import shlex
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "emberheart.md").read_text(encoding="utf-8")
    block = text.split("Two players on side B", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    commands = [shlex.split(line.split("#", 1)[0])[1:] for line in block.strip().splitlines()]
    assert commands[0][:2] == ["new", "emberheart"] and "side=B" in commands[0]
    for args in commands:
        result = cli(*args, *(["--session", str(cli.session)] if args[0] == "new" else []))
        assert result.exit_code == 0, (args, result.output)
    status = cli.json("status")
    assert [p["str/sen/spd"] for p in status["players"]] == ["1/0/0", "4/0/0"]
    assert status["expected"].startswith("Round II setup: reveal guild")
    assert "the Two player mode card (eh block)" in status["expected"]


def test_the_command_reference_has_an_example_for_every_command() -> None:
    from pathlib import Path

    from scorekeeper.cli.emberheart import group

    text = (Path(__file__).resolve().parents[3] / "docs" / "emberheart.md").read_text(encoding="utf-8")
    reference = text.split("## Command reference", 1)[1].split("### Event payloads", 1)[0]
    rows = {line.split("|")[1].strip().strip("`").split()[0]: line for line in reference.splitlines()
            if line.startswith("| `")}
    assert set(rows) == set(group.commands)
    for name, line in rows.items():
        assert f"`scorekeeper eh {name}" in line.split("|")[-2], name


def test_hero_moments_are_reminded_in_status(duel: Cli) -> None:
    """The Bard acts before the first turn of a round; `status` says who may and with which command."""
    for args in (["aide", "def", "1"], ["place", "guild", "4", "4G"], ["aide", "heal"], ["place", "camp", "2", "2G"],
                 ["aide", "lead"], ["aide", "surv"], ["claim", "bard"], ["np"], ["np"], ["claim", "red"], ["np"],
                 ["np"]):
        ok(duel, "eh", *args)
    ok(duel, "eh", "attach", "C2", "bard")  # Bjorn's red Dragon on his red Bard
    ok(duel, "eh", "raid", "--all")
    ok(duel, "eh", "block", "tav:1")
    notes = duel.json("status")["notes"]
    assert "Bjorn's Bard may act now: eh hero bard --keep HERO --discard HERO -p Bjorn" in notes
    ok(duel, "eh", "hero", "bard", "--keep", "mentor", "--discard", "squire")


def test_the_end_game_says_who_can_convert_and_which_flame_value_is_missing(cli: Cli) -> None:
    from scorekeeper.cli.common import open_session
    from scorekeeper.games.emberheart.view import expected_text, status_of

    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    state = open_session(str(cli.session), "emberheart").state
    state.phase, state.round = "end", 5
    state.players[0].gear, state.players[0].flame = 7, 3
    state.players[1].flame = 1
    assert expected_text(state)[0] == ("End Game Scoring: convert Gear if you like (eh convert 3 -p NAME; "
                                       "Gear: Astrid 7), then scorekeeper score")
    notes = status_of(state).notes
    assert ("the final score needs the Glory printed under the Flame track for 2 step(s) (Bjorn): "
            "scorekeeper set flame_glory 2=N") in notes
    assert any("for 3 step(s)" in n for n in notes) is False  # 3 → 3 is the rulebook's


def test_attach_and_complete_resolve_names_among_the_players_own_cards(table: Cli) -> None:
    """`eh attach C1 P` matched every P-card ever revealed (and the Priestess); the player's own free Preserves and
    Heroes come first, and an unknown name lists the cards that fit."""
    from scorekeeper.cli.common import open_session
    from scorekeeper.games.emberheart.complete import card_ref, owned_ids

    to_reward(table)
    finish_reward(table)  # Dag: bard and the red Preserve P1; Bjorn: C1 (red 3) and X1
    state = open_session(str(table.session), "emberheart").state
    hosts = owned_ids(state, "Dag", lambda c: c.kind in ("hero", "preserve") and not c.holds)
    assert sorted(hosts) == ["P1", "bard"] and card_ref(state, "P", hosts) == "P1"
    assert card_ref(state, "b", hosts) == "bard"
    out = refused(table, "eh", "attach", "C22", "P1", code=2)
    assert "no card 'C22' in play; the cards that fit: " in out and "C1" in out and "X1" in out
    out = refused(table, "eh", "attach", "C1", "P1")  # Bjorn's Dragon, Dag's Preserve: the rule says why not
    assert "EH-DRG-1: Bjorn has no card P1" in out


def test_a_mountain_tie_waits_for_the_survivalist_and_says_so(cli: Cli) -> None:
    """Two Parties with 2 Wardens each after the bottom level: `eh claim` used to answer "say which Party with -s"."""
    ok(cli, "new", "emberheart", "--players", "Astrid,Brandon,Helga", "--session", str(cli.session))
    setup_round(cli)
    for args in (["swap", "G", "W", "2"], ["place", "mtn", "4", "2G2W"], ["swap", "G", "W", "2"],
                 ["place", "mtn", "3", "1G2W"], ["aide", "surv"], ["aide", "lead"], ["aide", "def", "1"],
                 ["aide", "heal"], ["claim", "blue"], ["claim", "red"]):
        ok(cli, "eh", *args)
    status = cli.json("status")
    assert status["headline"][2] == "Resolving: Mountain (middle level) · on offer: M4 blue5 F+1 W1, M5 green4"
    assert status["expected"] == ("Reward phase · Mountain (a tie before the middle level) · Helga (Survivalist) "
                                  "orders the tied Parties (eh order …)")
    out = refused(cli, "eh", "claim")  # a claim before the Survivalist's order breaks the level order
    assert out.startswith("refused: EH-MTN-19: Helga (Survivalist) must first order the tied Parties (eh order …)")
    ok(cli, "eh", "order", "Brandon", "Astrid")
    assert cli.json("status")["expected"] == ("Reward phase · Mountain (middle level) · Brandon (space 3) claims or "
                                              "withdraws (no Gear)")


def test_a_party_of_the_wrong_size_names_the_space_it_fits(table: Cli) -> None:
    ok(table, "eh", "place", "tavern", "3", "2G", "-c")  # Astrid's Companion is used: no Companion hint for her
    ok(table, "eh", "place", "guild", "2", "2G")  # Bjorn
    ok(table, "eh", "special", "ware")  # Cara
    ok(table, "eh", "special", "ware")  # Dag
    out = refused(table, "eh", "place", "guild", "4", "2G")
    assert "EH-ACT-4: space 4 needs exactly 4 Hirelings, not 2; a Party of 2 goes on space 2 (taken by Bjorn)" in out
    out = refused(table, "eh", "place", "tavern", "5", "1G")
    assert "EH-ACT-4: space 5 needs exactly 5 Hirelings, not 1; a Party of 1 goes on space 1" in out


def test_location_words_at_the_table(table: Cli) -> None:
    """`eh place m 5 5G` said "'m' could be mountain or mtn" (the same place); the board's names work too."""
    from scorekeeper.games.emberheart.notation import location_word

    assert [location_word(w) for w in ("m", "mtn", "mo", "heroes", "poach", "pres", "tav")] == [
        "mountain", "mountain", "mountain", "guild", "camp", "preserve", "tavern"]
    out = refused(table, "eh", "place", "g", "2", "2G", code=2)
    assert "'g' could be guild or garrison; type more of the location" in out
    ok(table, "eh", "place", "m", "5", "5G")


def test_both_raid_cards_in_one_command_and_the_slot_may_be_left_out(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    out = ok(cli, "eh", "raidcard", "G", "hero", "E", "scouts")
    assert "Raid card in slot 1: -1G per hero" in out and "Raid card in slot 2: -1E per scout" in out
    assert out.count("next: ") == 1
    out = refused(cli, "eh", "raidcard", "G", "hero", code=1)
    assert "EH-RESET-11" in out  # both slots are full
    out = refused(cli, "eh", "raidcard", "X", "hero", code=2)
    assert "a Raid card discards G (Grunts) or E (Experts), not 'X'" in out
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session.with_name("two.json")))
    ok(cli, "eh", "raidcard", "2", "E", "hero/preserve", "--session", str(cli.session.with_name("two.json")))


def test_more_refusals_say_what_would_be_legal(table: Cli) -> None:
    ok(table, "eh", "place", "tavern", "3", "2G", "-c")  # Astrid uses her Companion
    for _ in range(3):
        ok(table, "eh", "special", "ware")  # Bjorn, Cara, Dag
    out = refused(table, "eh", "place", "camp", "2", "1G", "-c")
    assert ("EH-CMP-1: Astrid's Companion has already joined a Party this round; place the Party without it "
            "(no -c): space 2 needs 2 Hirelings") in out
    out = refused(table, "eh", "swap", "G", "S", "3")
    assert "EH-GEAR-4: Astrid has 2 Gear; each swap costs 1 (swap 2 now, or get 2 Gear at the Warehouse first)" in out
    out = refused(table, "eh", "place", "camp", "1", "1G", "--master-scout", "1")
    assert "EH-HERO-MASTERSCOUT-A: Astrid has no Master Scout Hero" in out


def test_a_play_in_the_wrong_phase_names_the_phase_in_words(table: Cli) -> None:
    to_reward(table)
    out = refused(table, "eh", "special", "ware", "-p", "Astrid")
    assert ("EH-FLOW-2: using a Special Location happens in the Action phase; it is now the Reward phase, the Action "
            "phase ended with the last Aide (see 'scorekeeper status' for what comes next)") in out
    out = refused(table, "eh", "raid", "-p", "Astrid")
    assert "it is now the Reward phase (see 'scorekeeper status'" in out


def test_the_raid_says_what_it_cost_each_player(table: Cli) -> None:
    """"Raid discards as required" did not say how many; a line under each play now says each player's loss, and
    the Reset the last one brings is a line of its own (field report EH-V9)."""
    to_reward(table)
    finish_reward(table)  # raid1 in force: -1G per Hero card; Dag has the Bard and P1? (Heroes only)
    out = ok(table, "eh", "raid", "--all")
    lines = out.splitlines()
    assert {"  Raid: Astrid nothing", "  Raid: Bjorn nothing", "  Raid: Cara nothing", "  Raid: Dag -1G"} <= set(lines)
    reset = next(line for line in lines if line.startswith("  Reset: "))
    assert reset.startswith("  Reset: the Aides go back to the Ambassador; discarded from the offers: ")
    assert lines.index(reset) == lines.index("  Raid: Dag -1G") + 1 and reset.endswith("; round 2 begins")


def test_a_companion_alone_reads_as_such_in_the_log(table: Cli) -> None:
    """`eh place mtn 1 -c` (Strength 1 replaces the one Hireling) was logged "Party none + Companion"."""
    ok(table, "eh", "place", "mtn", "1", "-c")
    assert table.json("log")[-1]["description"] == "Astrid: Party the Companion alone → mountain space 1"


def test_an_amended_party_reads_in_the_table_notation(table: Cli) -> None:
    """An amend stores `hire=1G2S` as text; the log reads it as written, not as a raw payload."""
    ok(table, "eh", "swap", "G", "S", "2")
    ok(table, "eh", "place", "tavern", "3", "3G")
    ok(table, "amend", "25", "hire=1G2S")
    assert table.json("log")[24]["description"] == "Astrid: Party 1G2S → tavern space 3"


def test_the_space_of_a_party_defaults_to_its_size(table: Cli) -> None:
    """The rule fixes the space (exactly as many Hirelings as its number): `eh place tavern 3G` is enough."""
    ok(table, "eh", "place", "tavern", "2G", "-c")  # Astrid, Strength 1: 2 Grunts + Companion → space 3
    ok(table, "eh", "place", "camp", "3G")  # Bjorn → space 3
    ok(table, "eh", "place", "mtn", "-c")  # Cara: the Companion alone, Strength 1 → space 1
    out = refused(table, "eh", "place", "tavern", "3G")  # Dag: space 3 is Astrid's
    assert "EH-ACT-3: Tavern space 3 is taken by Astrid" in out
    out = refused(table, "eh", "place", "tavern", "6G", code=2)
    assert "a Party of 6 Hireling(s) fits no space" in out
    rows = [row["description"] for row in table.json("log")[-3:]]
    assert rows == ["Astrid: Party 2G + Companion → tavern space 3", "Bjorn: Party 3G → camp space 3",
                    "Cara: Party the Companion alone → mountain space 1"]


def test_a_party_with_nothing_left_to_claim_is_told_to_recall(table: Cli) -> None:
    """The Example at the Poachers' Camp: the last Party finds nothing left and recalls with +2 Gear."""
    for args in (["place", "camp", "3G"], ["place", "camp", "2G"], ["place", "camp", "1G"], ["place", "camp", "4G"],
                 ["aide", "lead"], ["aide", "def", "1"], ["aide", "heal"], ["aide", "surv"], ["claim", "red"],
                 ["claim", "green"], ["claim", "X1"]):
        ok(table, "eh", *args)
    status = table.json("status")
    assert status["expected"] == ("Reward phase · Poachers' Camp · Cara (space 1) recalls (eh recall, +2 Gear): "
                                  "nothing is left on offer")
    assert status["headline"][2] == "Resolving: Poachers' Camp · on offer: nothing (recall: eh recall)"
    ok(table, "eh", "recall")


def test_incomplete_faces_say_how_to_write_them(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    out = refused(cli, "eh", "reveal", "guild", "1", code=2)
    assert "the card face is incomplete; write the Hero's name: eh reveal guild 1 master-scout" in out
    out = refused(cli, "eh", "reveal", "camp", "red", code=2)
    assert "cannot read the Dragon 'red'; write colour and Glory together, e.g. red3, exotic2" in out


def test_offers_are_listed_in_the_order_the_locations_resolve(table: Cli) -> None:
    rows = table.json("status")["sections"][0]["rows"]
    assert [row["offer"] for row in rows] == ["guild", "tavern", "camp", "mtn bottom", "mtn middle", "mtn top",
                                              "preserve", "garrison", "raid"]


def test_the_end_game_does_not_claim_nobody_has_gear_when_the_flame_is_at_its_floor(cli: Cli) -> None:
    """A 2-player side-B game ended with Astrid at 7 Gear and Flame 0: "nobody has 3 Gear" was wrong. EH-F8 (field
    report): with nothing left to convert, the game is over, said so (it kept saying "convert Gear if you like")."""
    from scorekeeper.cli.common import open_session
    from scorekeeper.games.emberheart.view import expected_text

    ok(cli, "new", "emberheart", "--players", "Astrid,Bjorn", "--session", str(cli.session))
    state = open_session(str(cli.session), "emberheart").state
    state.phase, state.round = "end", 5
    state.players[0].gear = 7
    assert expected_text(state)[0] == ("Game over: nobody can convert Gear (it takes 3 Gear and a Flame above the "
                                       "floor); the final score: scorekeeper score")


def test_several_cards_into_one_mountain_level(cli: Cli) -> None:
    ok(cli, "new", "emberheart", "--players", PLAYERS, "--session", str(cli.session))
    out = ok(cli, "eh", "reveal", "mountain", "m", "blue5w1f1", "green4")
    assert "reveal mountain middle slot 1: blue · 5 Glory · 1 Warden · Flame +1" in out
    assert "reveal mountain middle slot 2: green · 4 Glory" in out
    out = refused(cli, "eh", "reveal", "mountain", "t", "red8f1", "red9", code=2)
    assert "2 cards but only 1 empty slot at the Mountain's top level" in out
    ok(cli, "eh", "reveal", "mountain", "t", "red", "8", "--flame", "1")  # the one-card form is unchanged


def test_the_leaders_new_party_may_take_the_companion(table: Cli) -> None:
    """The engine accepts the Companion in the Leader's new Party (docs conflict 8); the CLI now says so with -c."""
    ok(table, "eh", "place", "tavern", "3G")
    for _ in range(3):
        ok(table, "eh", "special", "ware")
    ok(table, "eh", "aide", "leader", "tav:3", "camp:3:2G", "-c")
    assert table.json("log")[-1]["payload"]["place"] == {
        "location": "camp", "space": 3, "hire": {"G": 2}, "companion": True}
    out = refused(table, "eh", "aide", "heal", "-c", "-p", "Bjorn", code=2)
    assert "-c goes with the Leader's new Party" in out


def test_the_skill_3_extra_step_may_name_its_track(duel: Cli) -> None:
    """ATTR_EXTRA_STEP takes an optional track (a play with two advancements); `eh extra -t` writes it."""
    for args in (["aide", "def", "1"], ["place", "camp", "2", "2G"], ["aide", "heal"], ["place", "pres", "3", "2G", "-c"],
                 ["aide", "lead"], ["aide", "surv"], ["np"], ["np"], ["claim", "red"], ["np"], ["claim", "red"],
                 ["attach", "C2", "P1"], ["extra", "-t", "str"]):
        ok(duel, "eh", *args)
    assert duel.json("log")[-1]["payload"] == {"track": "strength"}
    assert [p["str/sen/spd"] for p in duel.json("status")["players"]] == ["1/0/0", "4/0/0"]
