"""Kenya's setup (Setup Instructions 2.1, L3149-3179; engine.games.kenya.setup): the initial state equals
data/setup.json in every space, pool and track, Control at setup equals setup.json's markers (1.7), the
decks of both scenarios (Deck Preparation L3151-3153; 8.0 L2597, L2657), and clear refusals of a bad
scenario or option that name what is allowed."""

from __future__ import annotations

import pytest

from engine.coin import deck as D
from engine.core.errors import InvalidActionError
from engine.games.kenya import board as B
from engine.games.kenya.data import MAP, SETUP
from engine.games.kenya.setup import EXAMPLE_CARDS, PROPAGANDA_CARDS, deck_for, initial_state, spaces_at_setup

from ..setup_checks import (
    check_a_bad_scenario_is_refused,
    check_the_example_deck,
    check_unknown_options_refused,
)
from .helpers import check, fresh

LEVEL = {"loyal": 1, "neutral": 0, "resistance": -1}


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
def test_2_1_every_space_is_as_setup_json_says(scenario):
    s = fresh(scenario)
    listed = {e["space"]: e for e in SETUP["spaces"]}
    assert set(s["spaces"]) == {sp["id"] for sp in MAP["spaces"]} == set(listed)
    for sid, x in s["spaces"].items():
        e = listed[sid]
        assert x == {"troops": e.get("troops", 0), "police": e.get("police", 0),
                     "guerrillas_u": e.get("guerrillas", 0), "guerrillas_a": 0,  # Underground (1.4.3)
                     "bases": e.get("bases", 0), "terror": 0, "support": LEVEL[e["alignment"]]}, sid
    assert spaces_at_setup() == s["spaces"]


def test_1_7_control_at_setup_equals_setup_json():
    s = fresh()
    assert s["control"] == {e["space"]: e["control"] for e in SETUP["spaces"]}
    assert B.CONTROL.mismatches(s) == []


def test_2_1_pools_tracks_and_out_of_play():
    s = fresh()
    assert s["available"] == {"troops": 4, "police": 0, "guerrillas": 7, "bases": 1}
    assert s["out_of_play"] == 8 == SETUP["out_of_play"]["police"]  # 1.3.5
    assert s["pw"] == 12 and s["resources"] == {"maumau": 8} and s["pipeline"] == 1
    assert B.pipeline_name(s["pipeline"]) == SETUP["pipeline"]["name"] == "Emergency Powers"
    assert s["eligible"] == ["maumau", "british"]
    assert s["boxes"] == {"limited": None, "event": None, "opsa": None}
    assert s["population"] == {sp["id"]: sp["pop"] for sp in MAP["spaces"]}  # no Population marker
    assert s["capabilities"] == {} and s["played"] == [] and s["current"] is None and s["propaganda"] == 0
    assert s["flow"] == []  # no procedure stack before the Operations exist
    # every piece of the counter mix somewhere (1.2, 1.4 Important: 10 Troops, 4 Bases)
    assert B.BOARD.count_pieces(s) == B.TOTALS == {"troops": 10, "police": 15, "guerrillas": 15, "bases": 4}
    check(s)


def test_2_1_standard_deck_three_piles_of_six_and_fourteen_set_aside():
    s = fresh()
    assert D.sizes(s) == (21, 14)
    assert len(D.remaining(s)) == 35
    assert [g["name"] for g in s["deck"]["groups"]] == [f"pile {i}, {p}" for i in (1, 2, 3) for p in ("top", "bottom")]
    assert sorted(s["deck"]["pools"]["propaganda"]) == PROPAGANDA_CARDS == ["K33", "K34", "K35"]
    for group in s["deck"]["groups"][1::2]:
        assert group["slots"] == {"events": 2, "propaganda": 1}  # a Propaganda card among the bottom two


def test_8_0_example_deck_has_the_seven_cards_on_top_in_order():
    s = fresh("example-of-play")
    assert EXAMPLE_CARDS == ["K19", "K31", "K17", "K25", "K20", "K7", "K35"]
    # then two piles of six, each with one of the two other Propaganda cards among its bottom two (L2657)
    check_the_example_deck(s, EXAMPLE_CARDS, ["K33", "K34"], deck_for)
    check(s)


def test_2_1_a_bad_scenario_is_refused_naming_the_allowed_ones():
    check_a_bad_scenario_is_refused(initial_state, deck_for, "extended", "campaign")


def test_options_are_checked_before_anything_is_built():
    check_unknown_options_refused(initial_state, "kiambu")
    with pytest.raises(InvalidActionError) as e:
        initial_state("standard", {"rulings": {"R-1.4.1": "sometimes"}})
    assert "map, available" in e.value.message
    s = initial_state("standard", {"rulings": {"R-1.4.1": "available"},
                                   "map": {"remove": [["meru", "nanyuki"]], "citation": "physical board"}})
    assert s["rulings"] == {"R-1.4.1": "available"} and s["map"]["remove"] == [["meru", "nanyuki"]]
    assert "nanyuki" not in B.adj(type("G", (), {"s": s})(), "meru")
