"""The Flamecraft event types: each one's payload fields, their JSON kinds, and who makes it.

The engine checks every payload against these declarations (``CORE-PAYLOAD``) before the rules see it.
Card references are names (``"AD-1"``) or ``NAME=FACE`` (a card's face given where it is named); faces
given apart go in ``faces`` (``{kind: {NAME: face}}``). Goods and rewards are written ``2bread+coin`` or as
objects (``{"bread": 2}``), so those fields are of kind ``any``; the rules read them.

A turn's plays name their player, but the declaration leaves it optional: before the setup, or once the game
is over, nobody's turn is due and the rules refuse the play with the reason (the setup is missing, the game
is over) rather than a missing field.
"""

from __future__ import annotations

from scorekeeper.core.protocol import PLAYER_NONE, PLAYER_OPTIONAL, PLAYER_REQUIRED, EventType, Field, Word
from scorekeeper.core.tally_event import TALLY_EVENT

#: the choices any reward may need: where each artisan dragon came from, which fancy dragons were drawn
DRAWS = Field("draws", "list", help="each artisan dragon gained: {from: park|deck, card, face} or 'park:NAME'")
FANCIES = Field("fancies", "list", help="each fancy dragon drawn as a reward: NAME or NAME=FACE")
FACES = Field("faces", "dict", help="card faces given with the play: {kind: {NAME: face}}")
CHOICES = (DRAWS, FANCIES, FACES)

#: what an effect declares (a shop ability, a companion, a dragon outside the six abilities)
GAIN = Field("gain", "any", help="what the effect gave: 2rep+1coin or {rep: 2, coins: 1}")
GIFT = Field("gift", "dict", help="a gift: {to: PLAYER, item: GOOD}")
RESERVE = Field("reserve", "str", help="the enchantment reserved")
SOURCE = Field("source", "str", help="where a reserved card comes from: row or deck")

#: the words of a play as the table gives them (``EventType.words``): the keys the ``fc`` commands pass, each value a
#: string picked among those ``Game.expect`` lists now (``choices``), a list of them for a ``many`` word; a card
#: the catalog does not hold is typed, as ``NAME`` or ``NAME=FACE``
W_DRAWS = Word("draws", "where each dragon gained came from", many=True, typed=True,
               help="park:NAME, or deck (deck:NAME when its name is known)")
W_FANCIES = Word("fancies", "each fancy dragon drawn", many=True, typed=True, help="NAME or NAME=FACE")
W_CHOICES = (W_DRAWS, W_FANCIES)
W_GAIN = Word("gain", "what the effect gave", typed=True, help="e.g. 2rep, 1coin, 1bread")
W_GIFT = Word("gift", "a good given", help="PLAYER:GOOD")
W_EFFECT = (Word("reserve", "the enchantment reserved", typed=True), Word("source", "reserved from"),
            W_GAIN, W_GIFT, *W_CHOICES)

EVENTS: tuple[EventType, ...] = (
    EventType("SETUP", "the game setup: starter town, artisan removal, park, row, shop deck", (
        Field("town", "list", help="the 6 starter shops"),
        Field("starters", "list", help="the 6 starter dragons"),
        Field("removed", "any", help="artisan dragons removed, per type (2bread+2meat…)"),
        Field("park", "list", help="the 5 park dragons"),
        Field("row", "list", help="the 5 enchantments of the row"),
        Field("shop_deck", "list", help="the shop deck's upper-left symbols"),
        Field("custom", "bool", help="the shop deck is a custom build on purpose"),
        Field("town_spaces", "int", help="shop spaces in town"),
        Field("deck_sizes", "dict", help="{artisan, ench, fancy, shop: count}"),
        FACES,
    ), PLAYER_NONE, label="record the setup", words=(
        Word("town", "the starter shops", many=True, typed=True), Word("starters", "the starter dragons", many=True, typed=True),
        Word("park", "the 5 park dragons", many=True, typed=True), Word("row", "the 5 enchantments of the row", many=True, typed=True),
        Word("shop_deck", "the shop deck's symbols", many=True), Word("removed", "artisan dragons removed", typed=True),
        Word("custom", "a custom shop deck"), Word("town_spaces", "shop spaces in town", typed=True),
    )),
    EventType("SETUP_PLAYER", "a player's deal: 3 dragons, the fancy kept, starting good, companion", (
        Field("hand", "list", help="the 3 starting artisan dragons"),
        Field("keep", "list", help="the fancy dragon kept (a list of one)"),
        Field("drew", "list", help="the 2 fancy dragons drawn"),
        Field("good", "str", help="the starting good (4th and 5th seats)"),
        Field("companion", "str", help="the companion dealt"),
        *CHOICES,
    ), PLAYER_REQUIRED, label="deal a player's cards", words=(
        Word("hand", "the 3 starting dragons", many=True, required=True, typed=True),
        Word("drew", "the 2 fancy dragons drawn", many=True, typed=True),
        Word("keep", "the fancy dragon kept", required=True, typed=True),
        Word("good", "the starting good"), Word("companion", "the companion", typed=True), *W_CHOICES,
    )),
    EventType("VISIT", "move to a shop, paying each player there", (
        Field("shop", "str", required=True, help="the shop visited"),
        Field("pay", "any", help="{PLAYER: GOOD} for each player there, or one GOOD for all of them"),
    ), PLAYER_OPTIONAL, label="visit a shop", words=(
        Word("shop", "shop", required=True),
        Word("pay", "paid to each player there", many=True, help="GOOD for all of them, or PLAYER=GOOD each"),
    )),
    EventType("GATHER", "gather step 1: gain the shop's yield", (
        Field("gain", "any", help="the goods gained (default: the computed yield)"),
        *CHOICES,
    ), PLAYER_OPTIONAL, label="gather", words=(
        Word("gain", "the goods gathered, one each", many=True, help="left out: the shop's yield"), W_DRAWS,
    )),
    EventType("PLACE", "gather step 2: place a dragon from the hand at the shop", (
        Field("dragon", "str", required=True, help="the dragon from the hand"),
        Field("slot", "int", help="the slot number (1, 2, 3…)"),
        Field("shop", "str", help="the shop (the visited one)"),
        *CHOICES,
    ), PLAYER_OPTIONAL, label="place a dragon", words=(
        Word("dragon", "dragon", required=True), Word("slot", "slot"), *W_CHOICES,
    )),
    EventType("FIRE_UP", "fire up a dragon at the shop (its ability)", (
        Field("dragon", "str", required=True, help="the dragon fired up"),
        Field("ability", "str", help="the ability claimed (checked against the face)"),
        Field("good", "str", help="GAIN2: the good taken twice"),
        Field("goods", "list", help="GAIN2/GAIN3: the goods taken"),
        Field("place", "dict", help="PLACE: {dragon, shop, slot}"),
        Field("swap", "str", help="SWAP: the dragon in town swapped with"),
        GIFT,
        GAIN,
        Field("reward", "any", help="a reward declared with the ability"),
        *CHOICES,
    ), PLAYER_OPTIONAL, label="fire up a dragon", words=(
        Word("dragon", "dragon", required=True), Word("good", "the good taken twice"),
        Word("goods", "the 3 different goods", many=True), Word("place", "the dragon placed, and where", help="DRAGON@SHOP:SLOT"),
        Word("swap", "swapped with"), W_GIFT, W_GAIN, *W_CHOICES,
    )),
    EventType("SHOP_ABILITY", "gather step 4: use the shop's ability", (
        RESERVE, SOURCE, GAIN, GIFT, *CHOICES,
    ), PLAYER_OPTIONAL, label="use the shop's ability", words=W_EFFECT),
    EventType("ENCHANT", "cast an enchantment on the shop", (
        Field("card", "str", required=True, help="the enchantment cast"),
        Field("source", "str", help="row or reserve (default: the reserve when it holds the card)"),
        Field("sets", "int", help="for a card paid in sets: how many sets"),
        Field("pay", "any", help="what was paid (2bread+1coin)"),
        *CHOICES,
    ), PLAYER_OPTIONAL, label="cast an enchantment", words=(
        Word("card", "enchantment", required=True), Word("sets", "sets"),
        Word("pay", "paid, one each", many=True, help="left out: the goods of the cost first, then coins"), *W_CHOICES,
    )),
    EventType("RESERVE", "reserve an enchantment (granted by an effect)", (
        Field("card", "str", required=True, help="the enchantment reserved"),
        SOURCE,
        Field("by", "str", help="the effect that grants it"),
        FACES,
    ), PLAYER_OPTIONAL, label="reserve an enchantment", words=(
        Word("card", "enchantment", required=True, typed=True), Word("source", "from"),
        Word("by", "granted by", required=True, typed=True),
    )),
    EventType("GIFT", "gift a good to another player (granted by an effect)", (
        Field("to", "str", required=True, help="who gets the good"),
        Field("item", "str", required=True, help="the good (or coin) given"),
        Field("by", "str", help="the effect that grants it"),
        Field("reward", "any", help="what the effect gave for it"),
        *CHOICES,
    ), PLAYER_OPTIONAL, label="gift a good", words=(
        Word("to", "to", required=True), Word("item", "good", required=True),
        Word("by", "granted by", required=True, typed=True), Word("reward", "what it gave", typed=True), *W_CHOICES,
    )),
    EventType("FANCY_SCORE", "score a sun fancy dragon", (
        Field("card", "str", required=True, help="the sun dragon scored"),
        Field("pay", "any", help="what its goal spent"),
        Field("fulfilled", "bool", help="false: the goal was not fulfilled"),
        *CHOICES,
    ), PLAYER_OPTIONAL, label="score a sun dragon", words=(
        Word("card", "sun dragon", required=True),
        Word("pay", "spent, one each", many=True, help="left out: its goods, coins for the missing ones"), *W_CHOICES,
    )),
    EventType("COMPANION_USE", "use a companion's once-per-game ability", (
        RESERVE, SOURCE, GAIN, GIFT, *CHOICES,
    ), PLAYER_OPTIONAL, label="use the companion", words=W_EFFECT),
    EventType("END_TURN", "end the turn: flip new shops, discard, refill", (
        Field("flips", "list", help="each new shop drawn this turn, flipped"),
        Field("discard", "dict", help="{goods: 2bread, dragons: [NAME…]} down to the limits"),
        Field("park", "list", help="the dragons revealed to refill the park"),
        Field("row", "list", help="the enchantments revealed to refill the row"),
        FACES,
    ), PLAYER_OPTIONAL, label="end the turn", words=(
        Word("flips", "each new shop, flipped", many=True, typed=True),
        Word("discard", "discarded down to the limits, one each", many=True),
        Word("park", "the dragons revealed in the park", many=True, typed=True),
        Word("row", "the enchantments revealed in the row", many=True, typed=True),
    )),
    EventType("FINAL_SCORING", "judge the moon dragons after the last final turn", (
        Field("moon", "dict", help="{CARD: true (fulfilled) or false (missed)}"),
        FACES,
    ), PLAYER_NONE, label="judge the moon dragons", words=(
        Word("moon", "moon dragons fulfilled", many=True), Word("missed", "moon dragons missed", many=True),
    )),
    EventType("ADJUST", "a manual correction (never judged as a play)", (
        Field("players", "dict", help="{PLAYER: {rep, coins, goods, hand, fancies, reserved, token, sun_scored, companion_used}}"),
        Field("add_shops", "list", help="shops put face up in town"),
        Field("slots", "dict", help="{SHOP: {slot: dragon or null}}"),
        Field("enchantments", "dict", help="{SHOP: [cards]}"),
        Field("park", "list", help="the park's cards"),
        Field("row", "list", help="the row's cards"),
        Field("decks", "dict", help="{artisan, ench, shop, fancy: count}"),
        Field("reason", "str", help="why the table differs from the journal"),
        FACES,
    ), PLAYER_NONE),
    TALLY_EVENT,
)
