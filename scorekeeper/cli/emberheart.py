"""``scorekeeper emberheart`` (alias ``eh``): one short command per kind of Emberheart play, Click declarations only.

Each command turns its words into plays (event type, player, payload, with card and Party words as typed), made by
the recorder (``scorekeeper.cli.recording``): the game completes each from the board (``Game.complete``) and judges
it, and a command's plays are recorded in one write, all or none.
"""

from __future__ import annotations

from typing import Any, Callable

import click

from scorekeeper.app.session import Session
from scorekeeper.cli.common import Domain, complete_now, game_group
from scorekeeper.cli.recording import FITTED_INFOS, Recorder, named, whose_turn as who
from scorekeeper.core import adjusting
from scorekeeper.errors import BadInput
from scorekeeper.core.protocol import Draft
from scorekeeper.games.emberheart import notation as n

arg, opt = click.argument, click.option
Plays = list[tuple[str, Draft]]


@game_group("emberheart")
def group() -> None:
    """Record Emberheart plays: parties, Aides, claims, the Mountain, raids, Heroes and skills.

    Commands, players, locations, Heroes and card names accept unique prefixes.

    Example: scorekeeper eh place tavern 3 2G --companion
    """


#: ``@command(NAME, TYPE, PARAMS…)`` on a function of its words, or ``command(…, text=HELP, build=PAYLOAD)(EXAMPLE)``
#: (``scorekeeper.cli.recording``); ``player=named``: without -p the game says who (the Party's or the card's owner…)
command = Recorder(group, "emberheart", "eh", FITTED_INFOS,
                   opt("-p", "--player", type=Domain("player"), help="Who plays (default: whose turn it is)."))


def flag(*names: str, help: str) -> Callable[[Any], Any]:
    return opt(*names, is_flag=True, help=help)


def track(word: str | None) -> str | None:
    return n.track(word) if word else None


@command("place", "PLACE_PARTY", arg("location", type=Domain("location")), arg("space", required=False, metavar="[SPACE]", shell_complete=complete_now),
         arg("hire", required=False), flag("-c", "--companion", help="The Dragon Companion joins the Party."),
         flag("--no-strength", help="Do not use the Companion's Strength."),
         flag("--no-senses", help="Do not take the Companion's Senses Gear."),
         flag("--no-speed", help="Do not take the Companion's Speed Flame decrease."),
         opt("-g", "--grunts", type=int, help="Grunts (instead of the HIRE notation)."),
         opt("-s", "--scouts", type=int, help="Scouts."), opt("-r", "--rangers", type=int, help="Rangers."),
         opt("-w", "--wardens", type=int, help="Wardens."),
         opt("--master-scout", type=int, help="Master Scout swap: +N Grunts→Scouts, -N Scouts→Grunts."),
         opt("--master-ranger", type=int, help="Master Ranger swap: +N Grunts→Rangers, -N Rangers→Grunts."))
def place(location: str, space: str | None, hire: str | None, **o: Any) -> dict[str, Any]:
    """Send a Party of Hirelings (HIRE such as 2G1S) to a space of a Common Location.

    SPACE may be left out: a Party goes on the space of its size ('eh place tavern 3G' is space 3), the
    Companion's Strength included ('eh place tavern 2G -c' with Strength 1 is space 3; 'eh place mtn -c' alone
    is space 1).

    Example: scorekeeper eh place tavern 3 2G --companion
    """
    payload = n.party(location, space, hire, {"G": o["grunts"], "S": o["scouts"], "R": o["rangers"], "W": o["wardens"]})
    if o["companion"]:
        payload.update(companion=True, **{k: False for k in ("strength", "senses", "speed") if o[f"no_{k}"]})
    return {**payload, "master_scout": o["master_scout"] or None, "master_ranger": o["master_ranger"] or None}


command("special", "USE_SPECIAL", arg("site"),
        flag("--double", help="Fire Marshall: 2 Crests on the Firestation at once."),
        opt("--outfit", type=int, help="Outfitter: turn N of the Grunts just gained into Gear."),
        text="Put a Crest on the Warehouse (2 Gear) or the Firestation (4 Grunts, Flame +1).",
        build=lambda site, double, outfit: {"site": n.special(site), "crests": 2 if double else None,
                                            "outfit": outfit or None})("special warehouse")


@command("aide", "TAKE_AIDE", arg("aide", type=Domain("aide")), arg("extra", nargs=-1, metavar="[RAID | RECALL [PLACE]]"),
         opt("--recall", "recall_spot", help="Leader: recall your Party at LOCATION:SPACE."),
         opt("--place", "place_spot", help="Leader: then place LOCATION:SPACE:HIRE (e.g. tavern:4:3G1S)."),
         opt("--raid", type=int, help="Defender: the Raid card slot (1 or 2) to discard (or just: eh aide def 2)."),
         flag("-c", "--companion", help="Leader: the new Party takes the Companion (if not used yet)."))
def aide(aide: str, extra: tuple[str, ...], recall_spot: str | None, place_spot: str | None, raid: int | None,
         companion: bool) -> dict[str, Any]:
    """Take an Aide: leader (maybe recalling a Party and placing a new one), defender (with the Raid slot it
    discards), survivalist or healer.

    The Defender's slot and the Leader's Parties may follow the Aide's name: 'eh aide def 2' is
    'eh aide defender --raid 2'; 'eh aide leader tav:2 camp:3:3G' is
    'eh aide leader --recall tavern:2 --place camp:3:3G'.

    Example: scorekeeper eh aide defender 2
    """
    return n.aide_words(aide, extra, recall_spot, place_spot, raid, companion)


command("swap", "GEAR_SWAP", arg("source"), arg("target"), arg("count", type=int, default=1),
        text="Spend Gear to turn Hirelings of one type into another (G, S, R, W), one Gear each.",
        build=lambda source, target, count: {"from": source.upper()[:1], "to": target.upper()[:1], "count": count},
        )("swap G W 2")
command("skip", "SKIP_TURN", text="Skip a turn (only with no Crest and no Aide left).")("skip -p Helga")


@command("reveal", "CARD_REVEAL", arg("location", type=Domain("location")),
         arg("slot", metavar="SLOT|CARD", shell_complete=complete_now),
         arg("face", nargs=-1, metavar="[FACE|CARD]...", shell_complete=complete_now),
         opt("--flame", type=int, help="Tavern: Flame change (signed); Dragon: Flame cost."),
         opt("--wardens", type=int, help="Mountain Dragon: Warden cost."),
         opt("--name", help="A short name for the card (default: generated, e.g. C3, M7, red5)."), player=None,
         say=lambda infos: infos[-1])  # the offer with the cards' short names (used later to claim them)
def reveal(location: str, slot: str, face: tuple[str, ...], flame: int | None, wardens: int | None,
           name: str | None) -> dict[str, Any] | Callable[[Session], Plays]:
    """Reveal cards into an offer: one card into SLOT with its face, or several cards, left to right.

    One card: guild SLOT HERO · tavern SLOT 2G1S [--flame -1] · camp SLOT COLOUR GLORY ·
    mountain b1|m2|t COLOUR GLORY [--wardens N --flame N] · preserve SLOT COLOUR ·
    garrison COLOUR GLORY REQS TRACK (REQS like 2red+1hero).

    Several cards at once (no SLOT: they fill the empty slots from the left; the Mountain bottom, then middle,
    then top), one word per card: guild bard master-scout priestess · tavern 2G1S-1 3G 1S1W+1 (a signed
    number is the Flame) · camp exotic2=X1 red3 green1 (=NAME names the card) · mountain green3w1 red3f2
    blue2 blue5w1f1 green4 red8f1 (w Wardens, f Flame; 'mountain m blue5 green4' fills the middle level only) ·
    preserve red blue green ·
    garrison red 3 1red speed blue 3 1blue+1hero senses (four words per card).

    Example: scorekeeper eh reveal camp exotic2=X1 red3 green1
    """
    cards = n.reveal_cards(location, slot, face, flame, wardens, name)
    if len(cards) == 1 and "slot" in cards[0][1]:  # one card into a named slot
        return cards[0][1]
    # several cards: each fills the leftmost empty slot, and all of them must find one
    return lambda s: [(f"card {i + 1} ({words})", Draft("CARD_REVEAL", None, {**card, "batch": len(cards) - i}))
                      for i, (words, card) in enumerate(cards)]


@command("raidcard", "RAID_REVEAL", arg("words", nargs=-1, required=True, metavar="[SLOT] ITEM BASIS [ITEM BASIS]"),
         opt("--amount", type=int, default=1, show_default=True, help="Hirelings per unit."),
         opt("--per", type=int, default=1, show_default=True, help="Units per discard group (divisor)."),
         opt("--name", help="A short name for the card."), player=None)
def raidcard(words: tuple[str, ...], amount: int, per: int, name: str | None) -> Any:
    """Reveal a Raid card: ITEM G (Grunts) or E (Experts), per BASIS (hero, red, scout, attribute…).

    SLOT (1 or 2) may be left out: the card fills the first empty slot. Both of a round's cards at once:
    'eh raidcard G hero E scout'.

    Example: scorekeeper eh raidcard 1 E green
    """
    cards = n.raid_cards(words, amount, per, name)
    return cards[0] if len(cards) == 1 else lambda s: [(f"Raid card {i + 1}", Draft("RAID_REVEAL", None, c))
                                                       for i, c in enumerate(cards)]


command("block", "TWO_P_REVEAL", arg("spaces", nargs=-1, required=True, shell_complete=complete_now), player=None,
        text="2 players: reveal the round's Two player mode card, listing the spaces it blocks.",
        build=lambda spaces: {"spaces": [list(n.spot(x)) for x in spaces]})("block tavern:3 mountain:5 garrison:2")

PARTY = (opt("-l", "--location", help="The Location (default: the one being resolved)."),
         opt("-s", "--space", type=int, help="The Party's space (default: the Party whose turn it is)."))


@command("claim", "CLAIM", arg("card", required=False), *PARTY,
         opt("-a", "--attach", help="Attach the claimed Dragon at once to this Hero/Preserve."),
         opt("-t", "--track", "track_word", help="Mountain top: the Attribute track to advance."),
         opt("--peak", help="Peakwalker: the extra Attribute track."),
         opt("--wrangler", type=click.Choice(["gear", "grunt"]), help="Wrangler: +1 Gear or +1 Grunt."),
         opt("--mentor", multiple=True, help="Mentor: exchange a claimed Expert, FROM:TO (e.g. S:R)."),
         flag("--blazebinder", help="Blazebinder: Flame -1 on a Preserve claim."),
         flag("--dragonspeaker", help="Dragonspeaker: Flame -1 on a Camp claim."),
         flag("--gear", "skill1", help="Skill 1: attach with a Gear, whatever the colours."), player=named)
def claim(card: str | None, location: str | None, space: int | None, **o: Any) -> dict[str, Any]:
    """Claim a card on offer for the Party whose turn it is in the Reward phase.

    CARD is the card's name (C2, bard, red3…), its slot number, its face (3G, red3), its colour (red) or a
    Hero's name, matched among the cards on offer first; left out when a single card is left. At the top of the
    Mountain, -t names the track the Dragon advances.

    Example: scorekeeper eh claim red --attach priestess
    """
    return {"location": location and n.location_word(location), "space": space, "card": card, "attach": o["attach"],
            "skill1": o["skill1"] or None, "track": track(o["track_word"]), "peakwalker": track(o["peak"]),
            "wrangler": o["wrangler"], "mentor": [m.upper().split(":") for m in o["mentor"]] or None,
            "blazebinder": o["blazebinder"] or None, "dragonspeaker": o["dragonspeaker"] or None}


command("recall", "RECALL", *PARTY, player=named,
        text="Recall the Party whose turn it is (+2 Gear; on the Mountain's upper levels: withdraw, no Gear).",
        build=lambda location, space: {"location": location and n.location_word(location), "space": space})("recall")
command("np", "NP_DISCARD", arg("card", required=False), player=None, build=lambda card: {"card": card},
        text="2 players: the non-player Crest whose turn it is discards its prescribed card.")("np")
command("order", "MTN_ORDER", arg("parties", nargs=-1, required=True), player=named,
        text="Survivalist: order the tied Mountain Parties, first to last (player names or space numbers).",
        build=lambda parties: {"order": list(parties)})("order Helga Astrid")

EXOTIC = opt("--exotic", multiple=True, help="Count an unattached exotic Dragon as a colour: X1=red.")
command("attach", "ATTACH_DRAGON", arg("dragon"), arg("target"),
        flag("--gear", "skill1", help="Skill 1: put a Gear on the Dragon and attach it regardless of colour."),
        opt("--skill4", help="Skill 4: gain a Grunt (G) or turn a Grunt into S, R or W."),
        opt("-t", "--track", "track_word", help="The Preserve's track, if it differs from the colour map."),
        player=named, text="Attach one of your Dragons to one of your Heroes or Preserves (for good).",
        build=lambda dragon, target, skill1, skill4, track_word: {
            "dragon": dragon, "target": target, "skill1": skill1 or None, "skill4": skill4 and skill4.upper(),
            "track": track(track_word)})("attach C2 priestess")
command("complete", "GARRISON_COMPLETE", arg("card"), EXOTIC,
        opt("--tactician", type=int, help="Tactician: lower requirement line N by 1."),
        opt("-t", "--track", "track_word", help="Dragon Knight: advance this track instead."), player=named,
        text="Complete a claimed Garrison card whose requirements you meet (one Attribute step).",
        build=lambda card, exotic, tactician, track_word: {
            "card": card, "exotic": n.exotic_words(exotic) or None, "tactician": tactician or None,
            "track": track(track_word)})("complete red3")


@command("raid", "RAID_DISCARD",
         flag("--all", "everyone", help="Resolve the Raid for every player still waiting, each discarding what is "
                                        "required."),
         opt("-d", "--discard", help="The Hirelings discarded, e.g. 2G or 1S1R (default: what is required)."),
         opt("--card", type=int, help="Messenger: use Raid slot N (the discarded card)."),
         flag("--fire-sage", help="Fire Sage: Flame +1 to discard 2 fewer."),
         flag("--custodian", help="Custodian: discard 1 fewer."), EXOTIC,
         opt("-p", "--player", help="Who plays (default: whose turn it is)."), player=None)
def raid(everyone: bool, discard: str | None, card: int | None, fire_sage: bool, custodian: bool,
         exotic: tuple[str, ...], player: str | None) -> Callable[[Session], Plays]:
    """Resolve the Raid for a player (or --all): discard what the Raid card requires (shortfall: Flame +1 each).

    --all records one Raid discard per waiting player whose discard the rules decide, in seat order; a player
    who must choose which Experts go is left for -p NAME --discard … (next: names them); a Hero's reduction is
    recorded with -p NAME first.

    Example: scorekeeper eh raid -p Helga --discard 1S1R
    """
    if everyone and (discard or card or fire_sage or custodian or exotic or player):
        raise BadInput("--all resolves the Raid as required for everyone; record a player's choices "
                       "(--discard, --card, --fire-sage, --custodian, --exotic) with -p NAME first")
    payload = {"discard": n.hirelings(discard) if discard else None, "card": card or None,
               "fire_sage": fire_sage or None, "custodian": custodian or None, "exotic": n.exotic_words(exotic) or None}

    def plays(s: Session) -> Plays:
        if not everyone:
            return [("", Draft("RAID_DISCARD", who(s, player), payload))]
        waiting = [c for c in s.expect().choices if c.event == "RAID_DISCARD" and c.player]
        decided = [c for c in waiting if not c.values.get("discard")] or waiting[:1]  # who chooses is left
        return [(str(c.player), Draft("RAID_DISCARD", c.player, {})) for c in decided] or [
            ("", Draft("RAID_DISCARD", None, {}))]

    return plays


command("hero", "HERO_ABILITY", arg("hero"), opt("--card", help="Apprentice: the Guild card (slot or name) to take."),
        opt("--keep", help="Bard: the drawn Hero added to the offer for you."),
        opt("--discard", help="Bard: the drawn Hero discarded."), opt("--gain", help="Paragon: SS, RR or SR."),
        opt("--dragon", help="Dragon Trainer: the Dragon discarded."),
        opt("--colour", help="Dragon Trainer: the colour an exotic Dragon counts as."), player=named,
        text="Use a Hero ability that has its own moment (Apprentice, Bard, Paragon, Recruiter, Priestess, "
             "Dragon Trainer).",
        build=lambda hero, card, keep, discard, gain, dragon, colour: {
            "hero": n.hero(hero), "card": card, "keep": keep and (n.hero_word(keep) or keep),
            "discard": discard and (n.hero_word(discard) or discard), "gain": gain and gain.upper(),
            "dragon": dragon, "colour": colour and n.colour(colour)})("hero paragon --gain SR -p Astrid")
command("respond", "FLAME_RESPONSE", arg("answer", type=click.Choice(["normal", "grunts", "experts"])),
        opt("-d", "--discard", help="The Experts discarded to cancel the increase, e.g. 1S1R."), player=named,
        text="Skill 2: answer your last Flame increase: normal, grunts (+1 Grunt per step) or experts (cancel it)."
             "\n\n-p defaults to the skill-2 holder whose Flame increase is waiting.",
        build=lambda answer, discard: {"option": answer, "discard": n.hirelings(discard) if discard else None},
        )("respond grunts")
command("extra", "ATTR_EXTRA_STEP", opt("-t", "--track", "track_word", help="The track, when the play advanced two "
                                                                             "(Mountain top + Peakwalker)."),
        player=named, build=lambda track_word: {"track": track(track_word)},
        text="Skill 3: pay 1 Gear for one more step on the track you just advanced (-p: default, the skill-3 holder).",
        )("extra")
command("convert", "END_GEAR_CONVERT", arg("gear", type=int), build=lambda gear: {"gear": gear},
        text="End Game Scoring step 5: discard Gear (a multiple of 3) for Flame -1 per 3 Gear.")("convert 6 -p Astrid")
command("declare", "END_DECLARE",
        opt("--exotic", multiple=True, help="Count an unattached exotic Dragon as a colour for scoring: X1=red."),
        opt("--custodian", help="Custodian: the Attribute track compared."),
        text="End Game: declare exotic Dragon colours and the Custodian's track (default: the best choice).",
        build=lambda exotic, custodian: {"exotic": n.exotic_words(exotic) or None, "custodian": track(custodian)},
        )("declare --exotic X1=blue -p Astrid")
command("adjust", "ADJUST", arg("words", nargs=-1, required=True, metavar="[PLAYER] KEY=VALUE..."), player=None,
        text="A mid-game start or a manual correction, as absolute values (keys: docs/emberheart.md, 'adjust').",
        build=lambda words: adjusting.adjust_payload(words, ("round", "first", "reason")),
        )("adjust Astrid gear=4 flame=2 strength=3 round=3")
