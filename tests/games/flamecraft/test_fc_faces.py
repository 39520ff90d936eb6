"""Card faces: the short forms typed at the table and the catalog format (FC-GEN-1, FC-GEN-5, A-04, A-05,
A-06, A-26), and the one-line descriptions of events."""

from __future__ import annotations

import pytest

from tests.table import judge
from scorekeeper.core.events import Event
from scorekeeper.core.protocol import GameSetupError, SessionConfig
from scorekeeper.games.flamecraft import GAME
from scorekeeper.games.flamecraft.notation import DEFAULT_GOODS, FaceError, load_catalog, norm_face, parse_items
from fc_helpers import FIXTURE_CATALOG, settings

G = DEFAULT_GOODS


def test_items_and_rewards_short_forms() -> None:
    assert parse_items("2bread+meat+coins3") == {"bread": 2, "meat": 1, "coin": 3}
    assert norm_face("fancy", "sun:4rep+1coin:spend=plant+iron", G) == {
        "kind": "sun", "reward": {"rep": 4, "coins": 1}, "spend": {"plant": 1, "iron": 1}}
    with pytest.raises(FaceError):
        parse_items("2bread3")


def test_shop_face_slots_rewards_and_a04_default() -> None:
    """A-04: coin and dragon shops cannot be enchanted unless the face says so; FC-GEN-1: slot icons are goods."""
    shop = norm_face("shop", "coin,meat>1rep,plant/iron>2coin+1artisan", G)
    assert shop["enchantable"] is False and shop["symbols"] == ["coin"]
    assert shop["slots"][1] == {"icons": ["plant", "iron"], "reward": {"coins": 2, "artisan": 1}}
    assert norm_face("shop", "dragon,bread,ench", G)["enchantable"] is True
    assert norm_face("shop", "potion,potion,ability=reserve", G)["ability"] == {"text": "reserve", "effect": "reserve"}
    with pytest.raises(FaceError, match="not a dragon icon"):
        norm_face("shop", "bread,gold>1rep", G)


def test_enchantment_faces_fixed_no_coin_and_sets() -> None:
    """A-05 (no-coin flag), A-26 (cost and reward per set, up to N sets)."""
    fixed = norm_face("ench", "meat:2crystal>4rep:nocoin", G)
    assert fixed == {"icon": "meat", "no_coin": True, "adds": "meat", "cost": {"crystal": 2}, "reward": {"rep": 4}}
    sets = norm_face("ench", "bread:iron+potion>2rep:sets=3", G)
    assert sets["set_cost"] == {"iron": 1, "potion": 1} and sets["max_sets"] == 3 and sets["reward_per_set"] == {"rep": 2}
    with pytest.raises(FaceError):
        norm_face("ench", "bread:2bread", G)


def test_a_bad_catalog_is_refused_when_the_session_is_set_up() -> None:
    with pytest.raises(GameSetupError, match="catalog"):
        GAME.setup(SessionConfig("flamecraft", ("A", "B"), settings(), {"dragons": {"X": "gold/gift"}}))
    faces = load_catalog(FIXTURE_CATALOG, G, ["coin", "dragon"])
    assert faces["dragon"]["SD-BREAD"] == {"icon": "bread", "ability": "GAIN2", "starter": True}
    assert faces["shop"]["CAFE"]["enchantable"] is False


def test_unknown_event_type_is_core_type() -> None:
    state = GAME.setup(SessionConfig("flamecraft", ("A", "B"), settings(), FIXTURE_CATALOG))
    assert [f.rule for f in judge(GAME, state, Event(1, "DANCE", "A", {}))] == ["CORE-TYPE"]


@pytest.mark.parametrize(
    "event,text",
    [
        (Event(1, "VISIT", "Ann", {"shop": "BAKERY", "pay": {"Bo": "bread"}}), "Ann visits BAKERY, pays Bo 1 bread"),
        (Event(2, "GATHER", "Ann", {"gain": {"bread": 2}, "draws": [{"from": "park", "card": "PK-1"}]}), "Ann gathers 2bread (draws PK-1 from the park)"),
        (Event(3, "FIRE_UP", "Ann", {"dragon": "AD-3", "place": {"dragon": "AD-2", "shop": "BAKERY", "slot": 2}}), "Ann fires up AD-3 placing AD-2 at BAKERY:2"),
        (Event(4, "END_TURN", "Ann", {"flips": ["MILL"], "row": ["EN-10"]}), "Ann ends the turn: flips MILL; row + EN-10"),
        (Event(5, "FINAL_SCORING", None, {"moon": {"FM-1": True}}), "final scoring: FM-1 fulfilled"),
    ],
)
def test_describe_gives_one_plain_line(event: Event, text: str) -> None:
    assert GAME.describe(event) == text
