"""The resolution context shared by every rule module, and the helpers most plays use.

Each event is *resolved* by one function that both checks and carries it out, in one pass: it records
findings on the context (a ``base.Findings``, in the one forced-play vocabulary of
``scorekeeper.core.findings``) while it mutates the state. When the play is refused, or forced but blocked,
the engine puts the state back as it was before the event, so no rule copies the state.
"""

from __future__ import annotations


from collections.abc import Callable, Iterable, Mapping
from typing import Any

from scorekeeper.core.events import Event
from scorekeeper.core.protocol import Findings

from .notation import COIN, KINDS, FaceError, norm_face, norm_goods, norm_id
from .state import FlameState, PlayerState, ShopState, goal_met


class Ctx(Findings):
    """One event being resolved against one state: the rules' findings (``error``, ``stop``, ``warn``, ``info``).

    Given the engine's ``found``, the context records into it directly (a ``stop`` loses nothing): it takes
    ``found``'s lists and ``forced`` as its own rather than making new ones (a context per play).

    A *forced* play (the table made it all the same) is carried out as far as it can be: a rule the table can
    break and play on is a *breach* (``error``, ``breach``) and the resolution goes on; a problem that leaves
    nothing to carry out (a card not there, a choice not named, a turn that is not the player's) is a *block*
    (``block``, ``stop``), which the engine keeps inert. A helper whose failure ends the resolution says so
    with a block.
    """

    def __init__(self, state: FlameState, event: Event, found: Findings | None = None) -> None:
        if found is None:
            super().__init__(event.forced)
        else:  # the whole of a Findings: its findings, its infos, whether the play is forced
            self.items = found.items
            self.infos = found.infos
            self.forced = found.forced
        self.state = state
        self.event = event
        payload = self.payload = event.payload
        draws, fancies = payload.get("draws"), payload.get("fancies")
        self.draws: list[Any] = list(draws) if draws else []
        self.fancies: list[Any] = list(fancies) if fancies else []

    @property
    def broken(self) -> bool:
        """Whether an error was recorded (``Findings.broken``; asked several times per play, so written out)."""
        for finding in self.items:
            if finding.is_error:
                return True
        return False

    @property
    def seq(self) -> int:
        return self.event.seq

    @property
    def goods(self) -> tuple[str, ...]:
        return self.state.goods

    def setting(self, key: str) -> Any:
        return self.state.settings.get(key)

    def player(self, name: str | None = None) -> PlayerState | None:
        name = self.event.player if name is None else name
        return self.state.players.get(name) if name else None

    # -- faces -------------------------------------------------------------------------------------

    def learn_faces(self) -> None:
        """Register the faces the event declares (``faces: {kind: {ID: face}}``) (FC-GEN-5)."""
        faces = self.payload.get("faces")
        if not faces:  # most plays name no face
            return
        for kind, entries in dict(faces).items():
            if kind not in KINDS:
                self.error("FC-GEN-5", f"faces.{kind}: not a kind of card; use {', '.join(KINDS)}")
                continue
            if not isinstance(entries, Mapping):
                self.error("FC-GEN-5", f"faces.{kind} must map card names to faces")
                continue
            for card, value in entries.items():
                self.learn(kind, card, value)

    def learn(self, kind: str, card: str, value: Any) -> None:
        """Record one card's face; a face that contradicts the one already known is an error."""
        if value is None:
            return
        card = norm_id(card)
        try:
            face = norm_face(kind, value, self.goods, self.setting("enchant_blocked_symbols") or ())
        except (FaceError, KeyError) as exc:
            self.error("FC-GEN-5", f"cannot read the face of {card}: {exc}")
            return
        known = self.state.faces.setdefault(kind, {}).get(card)
        if known is not None and known != face:
            self.error("FC-GEN-5", f"{card} is already known with another face ({describe_face(kind, known)})")
            return
        self.state.faces[kind][card] = face

    def face(self, kind: str, card: str, *, rule: str = "FC-GEN-5", why: str = "", blocks: bool = False) -> dict[str, Any] | None:
        """The face of ``card``, or an error asking the user to enter it: a block when the play cannot be carried
        out without it (``blocks``), else a breach."""
        face = self.state.face(kind, card)
        if face is None:
            label = {"shop": "shop", "dragon": "dragon", "ench": "enchantment", "fancy": "fancy dragon", "comp": "companion"}[kind]
            hint = FACE_HINTS[kind]
            import difflib  # only to suggest

            close = difflib.get_close_matches(card, list(self.state.faces.get(kind, {})), n=1, cutoff=0.6)
            if close:  # a slip of the keyboard: a suggestion, not --force (field report FC-V8)
                self.block(rule, f"the face of {label} {card} is not known{why}; did you mean {close[0]}?")
                return None
            (self.block if blocks else self.error)(rule, f"the face of {label} {card} is not known{why}: enter it as {card}={hint} (or put it in the catalog)")
        return face

    # -- holdings ----------------------------------------------------------------------------------

    def read_items(self, value: Any, what: str, *, coin: bool = True) -> dict[str, int] | None:
        """Goods (and coins) named in the payload, as ``{type: n}``; None, with an FC-GEN-1 block, if unreadable."""
        try:
            return norm_goods(value, self.goods, what=what, allow_coin=coin)
        except FaceError as exc:
            self.block("FC-GEN-1", str(exc))
            return None

    def gain_goods(self, who: PlayerState, goods: Mapping[str, int]) -> None:
        """Goods from the unlimited supply (FC-GEN-2)."""
        for good, count in goods.items():
            if good == COIN:
                who.coins += count
            else:
                who.goods[good] = who.goods.get(good, 0) + count

    def take_items(
        self, who: PlayerState, items: Mapping[str, int], *, rule: str = "FC-GEN-3", what: str = "pay",
        hint: str | Callable[[], str] = "",
    ) -> bool:
        """Remove goods/coins the player must hold (FC-GEN-3). Returns False (and a block, ending with ``hint``) when short.

        ``hint`` may be a function: it is called only for the refusal."""
        short = []
        for item, count in items.items():
            have = who.coins if item == COIN else who.goods.get(item, 0)
            if count > have:
                short.append(f"{count} {item} (holds {have})")
        if short:
            self.block(rule, f"{who.name} cannot {what} {', '.join(short)}{hint if isinstance(hint, str) else hint()}")
            return False
        for item, count in items.items():
            if item == COIN:
                who.coins -= count
            else:
                who.goods[item] = who.goods.get(item, 0) - count
        return True

    def add_rep(self, who: PlayerState, points: int, source: str) -> None:
        """Move a reputation marker (FC-REW-1; unbounded, A-36) and remember why (for ``score --explain``)."""
        if points:
            who.rep += points
            who.rep_log.append({"points": points, "source": f"#{self.seq} {source}"})

    # -- rewards -----------------------------------------------------------------------------------

    def grant(self, who: PlayerState, reward: Mapping[str, Any], source: str) -> None:
        """Give every item of a reward (FC-REW-1 to FC-REW-5, FC-REW-8: from the supply, never a player)."""
        if not reward:  # a slot or card that gives nothing
            return
        if any(reward.get(k) for k in ("coins", "goods", "fancy", "artisan")):  # each gain with its source (FC-V6)
            self.info(f"{who.name} gets {reward_words(reward)} ({source})")
        self.add_rep(who, int(reward.get("rep", 0)), source)  # FC-REW-1
        who.coins += int(reward.get("coins", 0))  # FC-REW-4
        self.gain_goods(who, reward.get("goods", {}))
        for _ in range(int(reward.get("fancy", 0))):  # FC-REW-2
            self.take_fancy(who, source)
        for _ in range(int(reward.get("artisan", 0))):  # FC-REW-3
            self.take_artisan(who, source)
        if reward.get("effect"):
            self.info(f"{source}: {reward['effect']} (applied as declared)")

    def take_fancy(self, who: PlayerState, source: str) -> None:
        """Draw the top fancy dragon (FC-REW-2); lost when the fancy deck is empty (FC-REW-7, A-28)."""
        state = self.state
        if state.fancy_deck is not None and state.fancy_deck <= 0:
            self.info(f"{source}: the fancy deck is empty, the fancy dragon is lost (FC-REW-7)")
            return
        if not self.fancies:
            self.ask("FC-REW-2", f"{source} gives a fancy dragon: name the card drawn (--fancy NAME or NAME=sun:4rep)", word="fancies")
        card, face = _ref(self.fancies.pop(0))
        if not card:
            card = state.next_auto("F")
        if self._owned_fancy(card):
            self.block("FC-GEN-5", f"fancy dragon {card} is already in play")
            return
        self._drawn_from_the_bottom(card)
        self.learn("fancy", card, face)
        who.fancies.append(card)
        if state.fancy_deck is not None:
            state.fancy_deck -= 1  # FC-END-6: never triggers the end

    def _drawn_from_the_bottom(self, card: str) -> None:
        """FC-REW-2 draws the *top* card: warn when it is a card put back at setup while unseen cards still lie
        above it (field report FC-R2; the deck's order is not modelled otherwise, so a warning, not a refusal)."""
        bottom = self.state.fancy_bottom
        if card not in bottom:
            return
        deck = self.state.fancy_deck
        above = (deck - len(bottom) if deck is not None else 0) + bottom.index(card)
        if above > 0:
            self.warn("FC-REW-2", f"{card} went to the bottom of the fancy deck at setup; {above} card(s) lie above "
                      "it, so it is not the top card")
        bottom.remove(card)

    def _owned_fancy(self, card: str) -> bool:
        return any(card in p.fancies for p in self.state.players.values())

    def take_artisan(self, who: PlayerState, source: str, rule: str = "FC-REW-3") -> None:
        """Take 1 artisan dragon from the park or the top of the deck (FC-REW-3, FC-GATHER-5, FC-ART-DRAW-1);
        ``rule`` is cited when the table did not say where it came from (a gathered dragon: FC-GATHER-5)."""
        state = self.state
        if not self.draws:
            if not state.park and state.artisan_deck <= 0:
                self.info(f"{source}: the park and the artisan deck are empty, the dragon is lost (FC-REW-7)")
                return
            self.ask(
                rule,
                f"{source} gives an artisan dragon: say where it came from "
                f"(--draw park:NAME from {', '.join(state.park) or 'an empty park'}, or --draw deck[:NAME])",
                word="draws",
            )
        draw = self.draws.pop(0)
        if isinstance(draw, str):
            src, _, rest = draw.partition(":")
            draw = {"from": src, "card": rest.partition("=")[0] or None, "face": rest.partition("=")[2] or None}
        src = str(draw.get("from", "deck")).lower()
        card = norm_id(draw["card"]) if draw.get("card") else ""
        if src == "park":
            # FC-ART-DRAW-3, FC-GEN-5: a named park card must be face up in the park now
            if not self.reveal(state.park, card, "dragon"):
                self.block("FC-ART-DRAW-3", f"{card or '(no name)'} is not in the park; the park holds {', '.join(state.park) or 'nothing'}")
                return
            state.park.remove(card)  # the gap is refilled at end of turn (FC-REW-6)
        elif src == "deck":
            if state.artisan_deck <= 0:  # FC-END-7
                self.block("FC-END-7", "the artisan deck is empty: take a dragon from the park instead")
                return
            if not card:
                card = state.next_auto("A")
            if self.card_in_play(card):
                self.block("FC-GEN-5", f"dragon {card} is already in play; a card drawn from the deck needs a new name")
                return
            state.artisan_deck -= 1
            self.check_trigger("artisan")
        else:
            self.block("FC-GEN-5", f"a dragon comes from the park or the deck, not {src!r}")
            return
        self.learn("dragon", card, draw.get("face"))
        who.hand.append(card)

    def reveal(self, zone: list[str], card: str, kind: str) -> bool:
        """Whether ``card`` is face up in ``zone`` (the park or the row). A card revealed there under a provisional
        name, its face unknown, takes its real name the first time it is named (FC-END-TURN-8)."""
        if card in zone:
            return True
        in_play = self.card_in_play if kind == "dragon" else self.ench_in_play
        unnamed = [c for c in zone if c in self.state.provisional and self.state.face(kind, c) is None]
        if not card or not unnamed or in_play(card):
            return False
        zone[zone.index(unnamed[0])] = card
        self.state.provisional.remove(unnamed[0])
        self.info(f"{card} is the card revealed as {unnamed[0]}")
        return True

    def card_in_play(self, card: str) -> bool:
        """Whether an artisan dragon ID is already somewhere (hand, park, town, discard)."""
        return self.card_place(card) is not None

    def card_place(self, card: str) -> str | None:
        """Where an artisan dragon ID already is, in words (``in the park``, ``in Bo's hand``), or None."""
        state = self.state
        if card in state.park:
            return "in the park"
        if card in state.discarded:
            return "discarded"
        holder = next((p.name for p in state.players.values() if card in p.hand), None)
        if holder is not None:
            return f"in {holder}'s hand"
        spot = state.dragon_location(card)
        return None if spot is None else f"at {spot[0]}"

    def ench_in_play(self, card: str) -> bool:
        """Whether an enchantment ID is already somewhere (the row, a reserve, tucked behind a shop) (FC-GEN-5)."""
        state = self.state
        if card in state.row or any(p.reserved == card for p in state.players.values()):
            return True
        return any(card in s.enchantments for s in state.shops.values())

    def from_this_deck(self, card: str) -> bool:
        """FC-SETUP-8: a known enchantment belongs to the deck this game uses (the other one is out of the game)."""
        face = self.state.face("ench", card) or {}
        deck = self.setting("ench_deck")
        if face.get("deck") and face["deck"] != deck:
            self.error("FC-SETUP-8", f"{card} belongs to the {face['deck']} deck; this game uses the {deck} deck")
            return False
        return True

    def check_trigger(self, deck: str) -> None:
        """FC-END-1/FC-END-2 (A-14): the first time the artisan or enchantment deck runs out, the end is triggered."""
        state = self.state
        count = state.artisan_deck if deck == "artisan" else state.ench_deck
        if count > 0 or state.end_trigger is not None:
            return
        turn = state.turn
        state.end_trigger = {
            "deck": deck,
            "seq": self.seq,
            "player": turn.player if turn else None,
            "turn": turn.number if turn else 0,
        }
        self.info(f"the {DECK_NAMES[deck]} deck ran out: the game end is triggered (FC-END-1)")
        if turn is None:  # ran out during setup: everyone gets 1 turn
            state.final_queue = list(state.order)

    def leftover_choices(self) -> None:
        """Draw choices that no reward used are a mistake in the record (FC-REW-3 / FC-REW-2)."""
        if self.draws:
            self.error("FC-REW-3", f"{len(self.draws)} artisan draw(s) given but no reward or ability here draws a dragon")
        if self.fancies:
            self.error("FC-REW-2", f"{len(self.fancies)} fancy dragon(s) given but no reward here draws one")

    # -- the town ----------------------------------------------------------------------------------

    def shop(self, shop_id: str, *, rule: str = "FC-GEN-5") -> ShopState | None:
        shop = self.state.shops.get(norm_id(shop_id))
        if shop is None:  # a shop of the catalog not in town yet is named as such (field report FC-V8)
            unseen = [s for s in self.state.faces.get("shop", {}) if s.startswith(norm_id(shop_id)) and s not in self.state.shops]
            where = f": {unseen[0]} is not in town yet (still in the shop deck)" if len(unseen) == 1 else " in town"
            self.block(rule, f"there is no shop {shop_id}{where}; the town has {', '.join(self.state.shops) or 'no shops yet'}")
        return shop

    def shop_face(self, shop: ShopState) -> dict[str, Any] | None:
        return self.state.face("shop", shop.id)

    def place_dragon(self, who: PlayerState, dragon: str, shop_id: str, slot_no: Any, source: str) -> bool:
        """Put a dragon from the hand into an empty matching slot and take the slot's reward (FC-PLACE-1 to 7)."""
        dragon = norm_id(dragon)
        ok = True
        if dragon not in who.hand:  # FC-PLACE-1
            self.block("FC-PLACE-1", f"{dragon} is not in {who.name}'s hand; the hand holds {', '.join(who.hand) or 'nothing'}")
            ok = False
        shop = self.shop(shop_id)
        if shop is None:
            return False
        if not shop.face_up:  # FC-PLACE-8
            self.block("FC-PLACE-8", f"{shop.id} is face down until the end of the turn: nothing can be placed there")
            return False
        face = self.shop_face(shop)
        if face is None:
            return False
        if slot_no is None:
            if ok:  # a dragon that is not in the hand is refused for that alone (FC-PLACE-1)
                self._which_slot(who, shop, face, dragon)
            return False
        if not isinstance(slot_no, int) or isinstance(slot_no, bool) or not 1 <= slot_no <= len(shop.slots):
            self.block("FC-PLACE-2", f"{shop.id} has slots 1 to {len(shop.slots)}, not {slot_no!r}")
            return False
        index = slot_no - 1
        if shop.slots[index] is not None:  # FC-PLACE-2 (starter slots are filled)
            empty = [str(i + 1) for i, d in enumerate(shop.slots) if d is None]
            self.block("FC-PLACE-2", f"slot {slot_no} of {shop.id} already holds {shop.slots[index]}; empty slots: {', '.join(empty) or 'none'}")
            ok = False
        slot = face["slots"][index]
        dface = self.state.face("dragon", dragon) if ok else None
        if ok and dface is None:
            self.face("dragon", dragon, why=" (its icon must match the slot)", blocks=True)
            ok = False
        if dface is not None and dface["icon"] not in slot["icons"]:  # FC-PLACE-3 (FC-PLACE-4: any order)
            fits = [
                str(i + 1)
                for i, d in enumerate(shop.slots)
                if d is None and dface["icon"] in face["slots"][i]["icons"]
            ]
            self.error(
                "FC-PLACE-3",
                f"slot {slot_no} of {shop.id} takes {'/'.join(slot['icons'])} dragons, and {dragon} is {dface['icon']}"
                + (f"; it fits slot {', '.join(fits)}" if fits else f"; no empty slot of {shop.id} takes {dface['icon']}")
                + (self._fitting(who, shop, face, dragon) if not fits else ""),
            )
            ok = not self.failed  # forced: placed in the slot all the same
        if not ok:
            return False
        who.hand.remove(dragon)
        shop.slots[index] = dragon
        who.placed += 1
        self.grant(who, slot["reward"], f"slot {slot_no} reward at {shop.id}")  # FC-PLACE-5
        if shop.is_full():
            self.draw_new_shop(shop.id)
        return True

    def _which_slot(self, who: PlayerState, shop: ShopState, face: Mapping[str, Any], dragon: str) -> None:
        """A placement that names no slot: which empty slots take the dragon (FC-PLACE-2), or none (FC-PLACE-3);
        the first asks the player to name one, the second is a block (no slot to carry the placement out in)."""
        dface = self.state.face("dragon", dragon)
        if dface is None:
            self.ask("FC-PLACE-2", f"say which slot {dragon} goes to (a number: 1, 2, 3…)", word=self.slot_word)
        fits = [str(i + 1) for i, d in enumerate(shop.slots) if d is None and dface["icon"] in face["slots"][i]["icons"]]
        if fits:
            self.ask("FC-PLACE-2", f"say which slot {dragon} goes to at {shop.id}: slot{'s' if len(fits) > 1 else ''} {', '.join(fits)} take{'' if len(fits) > 1 else 's'} it", word=self.slot_word)
        else:
            self.block("FC-PLACE-3", f"no empty slot of {shop.id} takes a {dface['icon']} dragon" + self._fitting(who, shop, face, dragon))

    @property
    def slot_word(self) -> str:
        """The word that names a placement's slot: ``slot`` of a placement, ``place`` of a PLACE ability."""
        return "place" if self.event.type == "FIRE_UP" else "slot"

    def _fitting(self, who: PlayerState, shop: ShopState, face: Mapping[str, Any], dragon: str) -> str:
        """For a refusal: which other dragons of the hand fit an empty slot of the shop (FC-PLACE-3)."""
        fits = []
        for card in who.hand:
            icon = (self.state.face("dragon", card) or {}).get("icon")
            slots = [str(i + 1) for i, d in enumerate(shop.slots) if d is None and icon in face["slots"][i]["icons"]]
            if card != dragon and slots:
                fits.append(f"{card} fits slot {'/'.join(slots)}")
        return f"; from {who.name}'s hand, {', '.join(fits)}" if fits else f"; no dragon in {who.name}'s hand fits an empty slot there"

    def draw_new_shop(self, filled: str) -> None:
        """FC-PLACE-6/7: a filled shop brings the top shop card, face down, if a space and a card remain."""
        state = self.state
        if state.shop_deck <= 0:
            self.info(f"{filled} is full; the shop deck is empty, so no new shop (FC-PLACE-7)")
            return
        if len(state.shops) >= state.town_spaces:
            self.info(f"{filled} is full; the town has no free space, so no new shop (FC-PLACE-7)")
            return
        state.shop_deck -= 1
        state.auto += 1  # the shared counter still moves: the other provisional names stay as recorded before
        state.shops_drawn += 1  # field report FC-F4: the face-down shops have a counter of their own
        placeholder = f"NEW-{state.shops_drawn}"
        state.provisional.append(placeholder)
        state.shops[placeholder] = ShopState(placeholder, face_up=False)
        if state.turn is not None:
            state.turn.new_shops.append(placeholder)
        self.info(f"{filled} is full: draw a new shop face down ({placeholder}) and flip it at the end of the turn "
                  "(fc end --flip SHOP) (FC-PLACE-6)")

    def goal_met(self, who: PlayerState, card: str) -> bool | None:
        """Whether a fancy dragon's structured goal is met now (FC-FANCY-7, A-31); None for a text goal."""
        return goal_met(self.state, who, card)

    def shop_goods(self, shop: ShopState, *, enchantments: bool) -> set[str]:
        """The goods a shop shows: upper-left goods symbols, optionally the enchantments' ``adds`` (A-18)."""
        face = self.shop_face(shop) or {"symbols": []}
        found = {s for s in face["symbols"] if s in self.goods}
        if enchantments:
            for card in shop.enchantments:
                ef = self.state.face("ench", card)
                if ef and ef["adds"] in self.goods:
                    found.add(ef["adds"])
        return found


def _ref(value: Any) -> tuple[str, Any]:
    """A card reference from a payload: ``"NAME"``, ``"NAME=FACE"`` or ``{"card", "face"}``."""
    if isinstance(value, Mapping):
        return (norm_id(value["card"]) if value.get("card") else ""), value.get("face")
    name, sep, face = str(value).partition("=")
    return norm_id(name) if name.strip() else "", (face if sep else None)


ref = _ref

DECK_NAMES = {"artisan": "artisan", "ench": "enchantment"}

FACE_HINTS = {
    "shop": "SYMBOLS,SLOT=REWARD,… (e.g. bread,bread,bread=1coin,bread/meat=2rep)",
    "dragon": "ICON/ABILITY (e.g. bread/gift)",
    "ench": "ICON:COST=REWARD (e.g. bread:2bread+meat=3rep)",
    "fancy": "sun:REWARD or moon:REWARD (e.g. moon:4rep)",
    "comp": "start=REWARD or none",
}


def describe_face(kind: str, face: Mapping[str, Any]) -> str:
    """A compact human form of a face (the inverse of the short forms in ``faces``)."""
    if kind == "dragon":
        return f"{face['icon']}/{face['ability'].lower()}"
    if kind == "ench":
        cost = items_text(face.get("cost") or face.get("set_cost") or {})
        if "cost" in face:
            text = f"{face['icon']}:{cost}>{reward_text(face['reward'])}"
        else:
            text = f"{face['icon']}:{cost}>{reward_text(face.get('reward_per_set') or {})}/set"
            if face.get("max_sets"):
                text += f":sets={face['max_sets']}"
        return text + (":nocoin" if face.get("no_coin") else "")
    if kind == "fancy":
        return f"{face['kind']}:{reward_text(face['reward'])}" + (f":spend={items_text(face['spend'])}" if face.get("spend") else "")
    if kind == "shop":
        slots = ",".join(
            "/".join(s["icons"]) + (f">{reward_text(s['reward'])}" if s["reward"] else "") for s in face["slots"]
        )
        return "+".join(face["symbols"]) + "," + slots + ("" if face["enchantable"] else ",noench")
    if kind == "comp":
        return f"start={reward_text(face['start'])}" if face.get("start") else "no START"
    return str(face)


def items_text(items: Mapping[str, int]) -> str:
    return "+".join(f"{n}{k}" for k, n in items.items() if n) or "nothing"


def reward_text(reward: Mapping[str, Any]) -> str:
    parts = []
    for key in ("rep", "coins", "fancy", "artisan"):
        if reward.get(key):
            parts.append(f"{reward[key]}{'coin' if key == 'coins' else key}")
    for good, n in (reward.get("goods") or {}).items():
        parts.append(f"{n}{good}")
    if reward.get("effect"):
        parts.append(f"effect:{reward['effect']}")
    return "+".join(parts) or "nothing"


def reward_words(reward: Mapping[str, Any]) -> str:
    """A reward's gains in words for a verdict: ``2 reputation, 1 coin, 1 artisan dragon``."""
    counted = [(reward.get("rep"), "reputation", "reputation"), (reward.get("coins"), "coin", "coins"),
               *((n, good, good) for good, n in (reward.get("goods") or {}).items()),
               (reward.get("fancy"), "fancy dragon", "fancy dragons"),
               (reward.get("artisan"), "artisan dragon", "artisan dragons")]
    return ", ".join(f"{n} {one if n == 1 else many}" for n, one, many in counted if n)


def player_list(names: Iterable[str]) -> str:
    names = list(names)
    return ", ".join(names) if names else "nobody"
