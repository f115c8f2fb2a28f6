"""Setup (Setup Instructions 2.1, L1049-1097) and the deck (Deck Preparation, L1086)."""

import pytest

import engine
from engine.coin import deck
from engine.core.chance import ScriptedChance, SeededChance
from engine.games.arab_revolt import board as B
from engine.games.arab_revolt.data import CARDS

from ..scripted import deal_out
from .helpers import fresh

# The setup list, space by space (L1058-1084): Guerrillas set up Underground (1.4.3).
EXPECTED = {
    "lebanon": {"guerrillas_u": 1},
    "syria": {"bases": 1, "guerrillas_u": 2},
    "galilee": {"guerrillas_u": 1, "police": 1},
    "haifa-city": {"troops": 2, "police": 1},
    "haifa-district": {"guerrillas_u": 1, "troops": 2, "police": 1},
    "samaria": {"opposition": 1, "bases": 1, "guerrillas_u": 2, "police": 1},
    "tel-aviv-jaffa": {"troops": 2, "police": 1},
    "lydda": {"guerrillas_u": 1, "police": 1},
    "jerusalem-city": {"troops": 2, "police": 1},
    "jerusalem-district": {"guerrillas_u": 1, "troops": 2, "police": 1},
    "gaza": {"police": 1},
    "transjordan": {"out_of_play": 1},
    "egypt": {"out_of_play": 1},
}


@pytest.fixture(scope="module")
def state():
    return fresh(seed=3)


def test_2_1_every_space_as_the_setup_list(state):
    zero = B.empty_space()
    for sid in B.SPACES:
        assert state["spaces"][sid] == {**zero, **EXPECTED.get(sid, {})}, sid


def test_2_1_available_prison_out_of_play_and_tracks(state):
    assert state["available"] == {"troops": 0, "police": 0, "irregulars": 6, "guerrillas": 6, "bases": 3}
    assert state["prison"] == {"guerrillas": 0, "bases": 0}
    assert state["out_of_play"] == 5
    assert state["pw"] == 18
    assert state["unity"] == 2 and B.UNITY_BOXES[state["unity"]]["value"] == 1
    assert state["eligible"] == ["rebels", "british"]
    assert not any(x["curfew"] or x["sabotage"] for x in state["spaces"].values())  # 3 Curfews Available


def test_2_1_piece_totals_are_the_components(state):
    assert B.count_pieces(state) == B.TOTALS == {"troops": 15, "police": 9, "irregulars": 6, "guerrillas": 15,
                                                 "bases": 5}


def test_2_1_deck_of_21_cards_three_piles_propaganda_in_the_bottom_three():
    for seed in range(30):
        s = engine.setup("arab-revolt", "standard", {}, SeededChance(seed))
        assert deck.size(s) == 20 and deck.unused_count(s) == 14
        cards = s["played"] + deal_out(s, SeededChance(seed, context="deal"))
        unused = deck.remaining(s) - set(cards)
        assert len(cards) == 21 and len(unused) == 14
        assert sorted(cards + sorted(unused), key=lambda c: int(c[1:])) == list(CARDS)
        assert all(CARDS[c]["kind"] == "event" for c in unused)
        for pile in range(3):
            seven = cards[pile * 7:(pile + 1) * 7]
            props = [i for i, c in enumerate(seven) if CARDS[c]["kind"] == "propaganda"]
            assert len(props) == 1 and props[0] >= 4, (seed, seven)


def test_2_1_every_propaganda_card_can_close_any_pile():
    # "a random Propaganda card" per pile (L1086): A34 Munich is not always in the same pile.
    piles = set()
    s = engine.setup("arab-revolt", "standard", {}, SeededChance(0))
    for seed in range(40):
        cards = s["played"] + deal_out(s, SeededChance(seed))
        piles.add(cards.index("A34") // 7)
    assert piles == {0, 1, 2}


def test_2_3_4_first_card_revealed_and_rebels_drew_two_chits(state):
    assert len(state["played"]) == 1 and state["current"] == state["played"][0]
    assert engine.active_roles(state) == ["rebels"]
    assert len(state["ops"]["drawn"]) == 2 and len(state["ops"]["pool"]) == 7
    assert state["punishment"] == {"pool": ["demolish", "demolish", "detain", "detain", "fine", "fine"],
                                   "held": [], "set_aside": []}


def test_8_0_example_of_play_deck_top():
    s = engine.setup("arab-revolt", "example-of-play", {}, ScriptedChance(draws=[1, 3]))
    assert s["played"] == ["A13"]
    for seed in range(5):
        cards = deal_out(s, SeededChance(seed))
        assert cards[:6] == ["A14", "A10", "A11", "A23", "A25", "A33"]
        rest = cards[6:]
        assert len(rest) == 14 and sorted(c for c in rest if CARDS[c]["kind"] == "propaganda") == ["A34", "A35"]
    assert s["ops"]["drawn"] == [1, 3]
