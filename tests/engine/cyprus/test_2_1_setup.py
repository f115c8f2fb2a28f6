"""Cyprus's setup (Setup Instructions 2.1, L4121-4160; engine.games.cyprus.setup): every count the rulebook
gives, space by space, pool by pool and track by track, as the text states it and as data/setup.json holds it;
the decks of both scenarios (Deck Preparation L4125; 8.0 L3574, L3637); clear refusals of a bad scenario or
option that name what is allowed; and the first frame of the game (2.2)."""

from __future__ import annotations

import pytest

from engine.coin import deck as D
from engine.coin.intel import INTEL_CHITS
from engine.core.chance import Recorder, SeededChance
from engine.core.errors import InvalidActionError
from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus.data import MAP, SETUP
from engine.games.cyprus.setup import (
    EVENT_CARDS,
    EXAMPLE_CARDS,
    PROPAGANDA_CARDS,
    deck_for,
    initial_state,
    setup,
    spaces_at_setup,
)

from ..setup_checks import (
    check_a_bad_scenario_is_refused,
    check_the_example_deck,
    check_unknown_options_refused,
)
from .helpers import PROCS, check, fresh

#: The map at setup as L4142-4160 print it (Cells Underground, 1.4.3); every other count 0.
RULEBOOK = {
    "paphos": {"cells_u": 1},                                   # L4142
    "limassol": {"cells_u": 1, "troops": 2},                    # L4144
    "nicosia": {"cells_u": 1, "troops": 2, "police": 1},        # L4146
    "larnaca": {"cells_u": 1, "troops": 2, "police": 1},        # L4148
    "famagusta": {"cells_u": 1, "police": 1},                   # L4150
    "troodos": {"caches": 1, "cells_u": 1},                     # L4152
    "akrotiri": {"troops": 3},                                  # L4154
    "dhekelia": {"troops": 3},                                  # L4156
    "karpas": {},                                               # L4158: Empty
    "kyrenia": {},                                              # L4160: Empty
}
ZERO = {"troops": 0, "police": 0, "cells_u": 0, "cells_a": 0, "caches": 0, "sabotage": 0, "curfew": 0}


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
def test_2_1_every_space_is_as_the_rulebook_says(scenario):
    s = fresh(scenario)
    assert set(s["spaces"]) == {sp["id"] for sp in MAP["spaces"]} == set(RULEBOOK)
    for sid, x in s["spaces"].items():
        assert x == {**ZERO, **RULEBOOK[sid]}, sid
    assert spaces_at_setup() == s["spaces"]


def test_2_1_setup_json_lists_every_space_as_the_rulebook():
    for e in SETUP["spaces"]:
        counts = {("cells_u" if k == "cells" else k): n for k, n in e.items() if k not in ("space", "source")}
        assert counts == RULEBOOK[e["space"]], e["space"]


def test_2_1_pools_tracks_and_the_rest():
    s = fresh()
    assert s["available"] == {"troops": 0, "police": 3, "cells": 6, "caches": 3}  # L4137-4138
    assert s["prison"] == 0  # L4140
    assert s["suez"] == 0
    assert s["pw"] == 14  # L4132
    assert s["io"] == 2 and B.io_label(s["io"]) == "Debated (2)"  # L4131
    assert s["eligible"] == ["eoka", "british"]  # L4133
    assert s["intel"] == {"bag": sorted(INTEL_CHITS), "held": []}  # L4125: all nine in the cup
    assert sorted(s["intel"]["bag"]) == [0, 0, 0, 1, 1, 1, 2, 2, 2]  # 1.6.1
    assert B.curfew_pool(type("G", (), {"s": s})()) == 4  # 1.10: all four in the pool
    assert s["boxes"] == {"limited": None, "event": None, "opsa": None}
    assert s["capabilities"] == {} and s["flags"] == {} and s["played"] == [] and s["current"] is None
    assert s["propaganda"] == 0 and s["outcome"] is None and s["flow"] == []
    assert s["game"] == "cyprus" and s["scenario"] == "standard" and s["options"] == {}
    # the counter mix, every piece somewhere (1.2; setup NOTE L4127)
    assert B.count_pieces(s) == B.TOTALS == {"troops": 12, "police": 6, "cells": 12, "caches": 4}
    check(s)


def test_2_1_no_control_support_or_resources():
    s = fresh()
    assert not {"control", "support", "resources", "population"} & set(s)
    assert all(set(x) == set(ZERO) for x in s["spaces"].values())


def test_2_1_standard_deck_three_piles_of_seven_and_fourteen_set_aside():
    s = fresh()
    assert D.sizes(s) == (21, 14)  # L4125: three 7-card piles; 14 Events not used
    assert len(D.remaining(s)) == 35 == len(EVENT_CARDS) + len(PROPAGANDA_CARDS)
    assert PROPAGANDA_CARDS == ["C33", "C34", "C35"] and EVENT_CARDS == [f"C{i}" for i in range(1, 33)]
    assert [g["name"] for g in s["deck"]["groups"]] == [f"pile {i}, {p}" for i in (1, 2, 3) for p in ("top", "bottom")]
    for top, bottom in zip(s["deck"]["groups"][::2], s["deck"]["groups"][1::2], strict=True):
        assert top["slots"] == {"events": 4}  # the four Events on top of each pile
        assert len(bottom["slots"]) == 2 and bottom["slots"]["events"] == 2  # a Propaganda card among the
        assert sum(bottom["slots"].values()) == 3  # bottom two Events
    props = [p for g in s["deck"]["groups"][1::2] for p in g["slots"] if p != "events"]
    assert sorted(c for p in set(props) for c in s["deck"]["pools"][p]) == PROPAGANDA_CARDS
    assert s["deck"] == deck_for("standard")


def test_2_1_the_propaganda_card_is_always_among_the_last_three_of_its_pile():
    """Revealing the whole deck: in each pile of seven, the Propaganda card is the 5th, 6th or 7th card."""
    seen = set()
    for seed in range(30):
        g = Context(fresh(), Recorder(SeededChance(seed)), rules=None, procs=PROCS)
        cards = [D.draw_top(g) for _ in range(21)]
        assert D.size(g.s) == 0 and len(set(cards)) == 21
        for pile in range(3):
            seven = cards[7 * pile: 7 * pile + 7]
            places = [i for i, c in enumerate(seven) if c in PROPAGANDA_CARDS]
            assert len(places) == 1 and places[0] in (4, 5, 6), seven
            seen.add(places[0])
    assert seen == {4, 5, 6}


def test_8_0_example_deck_has_the_seven_cards_on_top_in_order():
    s = fresh("example-of-play")
    # AKEL, Development Program, Appeals to UN, Operation Pepperpot, Mountain Gangs, Human Rights Committees,
    # Propaganda! (L3574)
    assert EXAMPLE_CARDS == ["C3", "C21", "C11", "C6", "C19", "C13", "C35"]
    # then two piles of six, each with one of the two other Propaganda cards among its bottom two (L3637)
    check_the_example_deck(s, EXAMPLE_CARDS, ["C33", "C34"], deck_for)
    g = Context(s, Recorder(SeededChance(3)), rules=None, procs=PROCS)
    assert [D.draw_top(g) for _ in range(7)] == EXAMPLE_CARDS
    check(fresh("example-of-play"))


def test_2_2_setup_pushes_the_card_round_for_eoka():
    g = Context({"flow": []}, Recorder(SeededChance(1)), rules=None, procs=PROCS)
    s = setup("standard", {}, g)
    assert s["flow"] == [{"p": "coin.round", "role": "eoka", "stage": "reveal"}]  # EOKA 1st Eligible (L4133)
    assert {k: v for k, v in s.items() if k != "flow"} == {k: v for k, v in fresh().items() if k != "flow"}


def test_2_1_a_bad_scenario_is_refused_naming_the_allowed_ones():
    check_a_bad_scenario_is_refused(initial_state, deck_for, "campaign", "short")


def test_options_are_checked_before_anything_is_built():
    check_unknown_options_refused(initial_state, "nicosia")
    with pytest.raises(InvalidActionError) as e:
        initial_state("standard", {"rulings": {"R-NOTHING": "x"}})
    assert e.value.message.startswith("rulings option:")
    s = initial_state("standard", {"map": {"remove": [["nicosia", "paphos"]], "citation": "physical board"}})
    assert s["map"]["remove"] == [["nicosia", "paphos"]]
    assert "paphos" not in B.adj(type("G", (), {"s": s})(), "nicosia")
    assert "paphos" in B.adj(type("G", (), {"s": fresh()})(), "nicosia")
