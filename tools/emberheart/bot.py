"""The seeded table "player" of the Emberheart samples: it decides each play from the replayed state and types
it as the table would, with the real ``scorekeeper eh …`` words, through ``tools.recorder.Recorder``.

``make_game`` and ``make_disputed`` play one whole game; ``tools.emberheart.make`` records the samples with them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from scorekeeper.core.protocol import Draft
from scorekeeper.games.emberheart.cards import (
    ALLOWED, COLOURS, EXPERTS, HEROES, HIRELINGS, LOCATIONS, MOUNTAIN, TRACKS, hire_text,
)
from scorekeeper.games.emberheart.context import hero_active
from scorekeeper.games.emberheart.rules_action import aides_left, level
from scorekeeper.games.emberheart.rules_cards import garrison_shortfall
from scorekeeper.games.emberheart.rules_raid import raid_in_force, required_discards
from scorekeeper.games.emberheart.rules_reward import expected, offer_slots
from tools.recorder import Recorder

# The Flame-difference Glory of the board used for these samples. 3 → 3 and 6 → 8 are the rulebook's; the
# other entries are the checklist's proposed reading of the board (AMB-01), entered as a table would.
FLAME_TABLE = {"1": 1, "2": 2, "4": 5, "5": 6, **{str(d): 10 + 2 * (d - 7) for d in range(7, 31)}}


class Table(Recorder):
    """A ``Recorder`` for one seeded Emberheart game: ``eh(…)`` runs ``scorekeeper eh …``; ``state()`` is the board."""

    def __init__(self, path: str | Path, seed: int) -> None:
        super().__init__(path)
        self.rng = random.Random(seed)

    def eh(self, *args: Any, ok: tuple[int, ...] = (0,)) -> str:
        return self.run("eh", *args, ok=ok)

    def state(self) -> Any:
        return self.session("emberheart").state

    def legal(self, type: str, player: str | None, payload: dict[str, Any]) -> bool:
        return not self.session("emberheart").try_play(Draft(type, player, payload)).errors


# -- the seeded table player ------------------------------------------------------------------------------


class Bot:
    def __init__(self, rec: Table) -> None:
        self.rec = rec
        self.rng = rec.rng
        self.garrison_seen = {c: 0 for c in COLOURS}

    # reveals at setup and Reset
    def reveal_all(self) -> None:
        st = self.rec.state()
        used = {c.hero for c in st.cards.values() if c.kind == "hero"}
        heroes = [h for h in HEROES if h not in used]
        self.rng.shuffle(heroes)
        r = self.rng
        for i, cid in enumerate(st.offers["guild"][:3]):
            if cid is None and heroes:
                self.rec.eh("reveal", "guild", i + 1, heroes.pop().replace(" ", "-"))
        for i, cid in enumerate(st.offers["tavern"]):
            if cid is None:
                hire = r.choice(["3G", "2G1S", "1G1R", "1S1W", "2G1W", "1S1R", "4G", "1G1S1R"])
                self.rec.eh("reveal", "tavern", i + 1, hire, "--flame", r.choice([-1, 0, 0, 1]))
        for i, cid in enumerate(st.offers["camp"]):
            if cid is None:
                colour = r.choice([*COLOURS, *COLOURS, "exotic"])
                args = ["reveal", "camp", i + 1, colour, r.choice([1, 2, 2, 3, 4])]
                self.rec.eh(*args)
        for lvl, n, glories in (("bottom", 3, [2, 3, 3, 4]), ("middle", 2, [4, 5, 6]), ("top", 1, [7, 8, 9])):
            for i, cid in enumerate(st.offers[f"mountain-{lvl}"]):
                if cid is None:
                    args = ["reveal", "mountain", f"{lvl[0]}{i + 1}", r.choice(COLOURS), r.choice(glories)]
                    flame = r.choice([0, 0, 1, 2]) if lvl != "top" else 1
                    if flame:
                        args += ["--flame", flame]
                    if r.random() < 0.3:
                        args += ["--wardens", 1]
                    self.rec.eh(*args)
        for i, cid in enumerate(st.offers["preserve"]):
            if cid is None:
                self.rec.eh("reveal", "preserve", i + 1, r.choice(COLOURS))
        for colour in COLOURS:
            if st.garrison[colour] is None and self.garrison_seen[colour] < 5:
                k = self.garrison_seen[colour]
                glory = [3, 4, 5, 6, 7][k]
                reqs = [f"1{colour}", f"2{colour}", f"2{colour}+1hero", f"3{colour}+2ranger", f"4{colour}"][k]
                self.rec.eh("reveal", "garrison", colour, glory, reqs, r.choice(TRACKS))
                self.garrison_seen[colour] += 1
        for slot in (1, 2):
            if st.raids[slot - 1] is None:
                self.rec.eh("raidcard", slot, r.choice(["G", "G", "E"]),
                            r.choice(["hero", "preserve", "garrison", "red", "blue", "green", "scout", "ranger",
                                      "warden", "attribute"]))
        if len(st.seats) == 2 and not st.two_p_revealed:
            spaces = r.sample([f"{loc}:{s}" for loc in LOCATIONS for s in range(1, 6)], 3)
            self.rec.eh("block", *spaces)

    def free_plays(self) -> None:
        """Attach Dragons and complete Garrisons whenever possible (not tied to a turn)."""
        progress = True
        while progress:
            progress = False
            st = self.rec.state()
            for p in st.players:
                targets = [c for c in st.owned(p.name) if c.kind in ("hero", "preserve") and not c.holds]
                for dragon in st.owned(p.name, "dragon"):
                    if dragon.attached_to:
                        continue
                    fit = [t for t in targets if dragon.exotic or t.colour == dragon.colour]
                    if fit:
                        extra = ["--skill4", self.rng.choice(["G", "S", "R", "W"])] if p.skill == 4 else []
                        if extra and extra[1] != "G" and p.hire["G"] < 1:
                            extra = ["--skill4", "G"]
                        self.rec.eh("attach", dragon.id, fit[0].id, "-p", p.name, *extra)
                        self.extra_step(p.name)
                        progress = True
                        break
                if progress:
                    break
                for card in st.owned(p.name, "garrison"):
                    if not card.completed and not garrison_shortfall(st, p.name, card, {}):
                        self.rec.eh("complete", card.id, "-p", p.name)
                        self.extra_step(p.name)
                        progress = True
                        break
                if progress:
                    break

    def extra_step(self, name: str) -> None:
        """Skill 3: pay a Gear for one more step after an advancement, when it can."""
        st = self.rec.state()
        p = st.player(name)
        if p.skill == 3 and p.pending_track and p.gear >= 2 and p.attrs[p.pending_track] < 7:
            self.rec.eh("extra", "-p", name)

    def pre_turn(self) -> None:
        """Before the first turn: the Paragon converts 2 Grunts when its owner has them."""
        st = self.rec.state()
        for p in [st.player(n) for n in st.order()]:  # in player order (AMB-33)
            if hero_active(st, p.name, "paragon") and p.hire["G"] >= 4 and f"paragon:{st.round}" not in p.used:
                self.rec.eh("hero", "paragon", "--gain", self.rng.choice(["SR", "SS", "RR"]), "-p", p.name)

    def party_for(self, st: Any, p: Any, location: str, space: int, companion: bool) -> dict[str, int] | None:
        need = space - (level(p.attrs["strength"]) if companion else 0)
        need = max(0, need)
        hire = {t: 0 for t in HIRELINGS}
        for t in [x for x in ALLOWED[location] if x != "G"] + ["G"]:
            take = min(p.hire[t], need - sum(hire.values()))
            hire[t] += take
        return hire if sum(hire.values()) == need else None

    def action_turn(self) -> None:
        st = self.rec.state()
        name = st.active()
        p = st.player(name)
        r = self.rng
        # Gear upgrades Grunts into Experts, who come back after a claim
        if p.gear >= 2 and p.hire["G"] >= 3 and r.random() < 0.6:
            n = min(p.gear - 1, 2)
            self.rec.eh("swap", "G", r.choice(["S", "R", "W"]), n, "-p", name)
            st = self.rec.state()
            p = st.player(name)
        left = aides_left(st)
        if p.crests and sum(p.hire.values()) < 3 and r.random() < 0.5:
            self.rec.eh("special", "firestation", "-p", name)  # short of hands: recruit at the Firestation
            return
        if left and (p.crests == 0 or r.random() < 0.22 or (p.crests <= 1 and r.random() < 0.6)):
            aide = r.choice(left)
            args = ["aide", aide, "-p", name]
            if aide == "defender":
                args += ["--raid", r.choice([1, 2])]
            self.rec.eh(*args)
            return
        options: list[tuple[float, dict[str, Any]]] = []
        for location in LOCATIONS:
            for space in range(5, 0, -1):
                if st.party(location, space) or (location, space) in st.blocked:
                    continue
                for companion in (True, False):
                    if companion and (p.companion_used or p.companion_recalled):
                        continue
                    hire = self.party_for(st, p, location, space, companion)
                    if hire is None:
                        continue
                    payload: dict[str, Any] = {"location": location, "space": space,
                                               "hire": {k: v for k, v in hire.items() if v}}
                    if companion:
                        payload["companion"] = True
                    options.append((space + r.random() * 3 + (2 if companion else 0), payload))
        r.shuffle(options)
        options.sort(key=lambda o: -o[0])
        for _, payload in options[:6]:
            if self.rec.legal("PLACE_PARTY", name, payload):
                args = ["place", payload["location"], payload["space"], hire_text(payload["hire"]).replace("none", "0"),
                        "-p", name]
                if payload.get("companion"):
                    args.append("-c")
                left_g = p.hire["G"] - payload["hire"].get("G", 0)
                if payload["space"] >= 4 and left_g >= 2:
                    for hero, flag in (("master scout", "--master-scout"), ("master ranger", "--master-ranger")):
                        if hero_active(st, name, hero):
                            args += [flag, 2]
                            break
                self.rec.eh(*args)
                return
        if p.crests:
            site = "warehouse" if p.gear < 3 or r.random() < 0.4 else "firestation"
            self.rec.eh("special", site, "-p", name)
            return
        if left:
            self.rec.eh("aide", left[0], "-p", name, *(["--raid", 1] if left[0] == "defender" else []))
            return
        self.rec.eh("skip", "-p", name)

    def reward_step(self) -> None:
        st = self.rec.state()
        what, space, who = expected(st)
        r = self.rng
        if what == "np":
            self.rec.eh("np")
            return
        if what == "order":
            self.rec.eh("order", *st.mountain.order, "-p", who)
            return
        assert who is not None and st.location is not None  # a Party's claim or recall is due
        loc = st.location
        party = st.party(loc, space)
        lvl = st.mountain.stage if loc == MOUNTAIN else None
        slots = offer_slots(st, loc, "bottom" if lvl == "bottom" else lvl)
        cards = [st.cards[c] for c in slots if c and not (st.cards[c].reserved_for not in (None, who))]
        if loc == MOUNTAIN:
            cards = [c for c in cards if c.wardens <= party.hire["W"]]
        if cards and (lvl not in ("middle", "top") or r.random() < 0.8):
            card = max(cards, key=lambda c: (c.glory, r.random()))
            args = ["claim", card.id]
            if loc == "camp" and hero_active(st, who, "dragonspeaker") and st.player(who).flame:
                args.append("--dragonspeaker")
            if loc == "preserve" and hero_active(st, who, "blazebinder") and st.player(who).flame:
                args.append("--blazebinder")
            if lvl == "top":
                args += ["--track", r.choice(TRACKS)]
                if hero_active(st, who, "peakwalker"):
                    args += ["--peak", r.choice(TRACKS)]
            self.rec.eh(*args)
        else:
            self.rec.eh("recall")
        self.free_plays()

    def raid_step(self) -> None:
        for name in self.rec.state().seats:
            st = self.rec.state()  # afresh: the plays before this one changed it
            p = st.player(name)
            if p.raided:
                continue
            hero = None
            if hero_active(st, p.name, "dragon trainer") and not p.trainer_used and not any(q.raided for q in st.players):
                loose = [d for d in st.owned(p.name, "dragon") if not d.attached_to and not d.exotic]
                if loose:
                    self.rec.eh("hero", "dragon-trainer", "--dragon", loose[0].id, "-p", p.name)
                    st = self.rec.state()
                    p = st.player(p.name)
            slot = raid_in_force(st)
            assert slot is not None  # the Raid phase has a card in force
            card = st.cards[str(st.raids[slot - 1])]
            need = required_discards(st, p, card, {})
            args = ["raid", "-p", p.name]
            if need >= 3 and hero_active(st, p.name, "fire sage"):
                args.append("--fire-sage")
                need -= 2
            if need and hero_active(st, p.name, "custodian"):
                args.append("--custodian")
                need -= 1
            if card.item == "E":
                owned = [t for t in EXPERTS if p.hire[t]]
                must = min(need, sum(p.hire[t] for t in EXPERTS))
                if must and len(owned) > 1 and must < sum(p.hire[t] for t in EXPERTS):
                    plan = {t: 0 for t in EXPERTS}
                    for _ in range(must):
                        t = max(EXPERTS, key=lambda x: p.hire[x] - plan[x])
                        plan[t] += 1
                    args += ["--discard", hire_text(plan)]
            self.rec.eh(*args)
        st = self.rec.state()
        for p in [st.player(n) for n in st.order()]:  # in player order (AMB-33)
            for hero in ("recruiter", "priestess"):
                if hero_active(st, p.name, hero):
                    self.rec.eh("hero", hero, "-p", p.name)

    def play(self, max_steps: int = 2000) -> None:
        for _ in range(max_steps):
            st = self.rec.state()
            if st.phase == "end":
                return
            if st.phase == "action":
                if st.actions == 0 and (any(None in s[:3] for s in st.offers.values()) or None in st.raids
                                        or (len(st.seats) == 2 and not st.two_p_revealed)):
                    self.reveal_all()
                    self.pre_turn()
                    continue
                self.action_turn()
            elif st.phase == "reward":
                self.reward_step()
            elif st.phase == "raid":
                self.raid_step()
        raise SystemExit("the sample game did not finish")

    def finish(self) -> None:
        self.free_plays()
        st = self.rec.state()
        for p in st.players:
            n = min(p.gear // 3, p.flame)
            if n:
                self.rec.eh("convert", 3 * n, "-p", p.name)


def make_game(path: str | Path, seed: int, players: str, *settings: str) -> Table:
    """A whole game of ``players`` (comma-separated) with ``settings`` (``side=B``…), into ``path``."""
    rec = Table(path, seed)
    args = ["new", "emberheart", "--players", players, "--session", str(path)]
    for s in settings:
        args += ["--set", s]
    rec.run(*args)
    rec.run("set", f"flame_glory={json.dumps(FLAME_TABLE)}")
    bot = Bot(rec)
    bot.play()
    bot.finish()
    return rec


def make_disputed(path: str | Path, seed: int = 37) -> Table:
    """A 3-player game in which the table recorded some illegal plays with --force."""
    rec = Table(path, seed)
    rec.run("new", "emberheart", "--players", "Astrid,Brandon,Helga", "--session", str(path))
    rec.run("set", f"flame_glory={json.dumps(FLAME_TABLE)}")
    bot = Bot(rec)
    bot.reveal_all()
    # a Party of 3 Grunts on space 4 (EH-ACT-4), then a Warden sent to the Tavern (EH-ACT-6): the table lets
    # both stand, so each is carried out and the game goes on from it
    rec.eh("place", "tavern", 4, "3G", "-p", "Astrid", "--force", ok=(0,))
    rec.run("note", "Brandon says space 4 takes 4 Hirelings; we let it stand")
    rec.eh("swap", "G", "W", "-p", "Brandon")
    rec.eh("place", "tavern", 1, "1W", "-p", "Brandon", "--force")
    rec.run("note", "Astrid takes the Healer before Helga has played")
    # Astrid acts in Helga's turn (EH-FLOW-5); play goes on after Astrid
    rec.eh("aide", "healer", "-p", "Astrid", "--force")
    bot.play()
    bot.finish()
    # at the end, two more disputes: a Gear conversion that is not a multiple of 3, a skill on side A
    rec.eh("convert", 2, "-p", "Helga", "--force")
    rec.eh("extra", "-p", "Brandon", "--force")
    return rec
