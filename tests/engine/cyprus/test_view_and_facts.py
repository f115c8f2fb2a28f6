"""What each role sees of Cyprus (engine.games.cyprus.view; DESIGN.md section 3) and the headline values
(engine.games.cyprus.facts); issue 29.

Cyprus hides the draw deck (the next cards and which Events are set aside: 2.1, 2.2, the played cards and the
number left are open) and the draws to come from the Intel bag (1.6.1: at random). The chits the British hold
are open (1.6.1, L3273). Each output is compared with the hidden facts themselves: the cards still in the deck
(engine.coin.deck.remaining) never appear in any role's view or facts, at setup or after cards are revealed,
in either scenario (the Example of Play's deck order is fixed by 8.0, and still not shown)."""

from __future__ import annotations

import re

import pytest

from engine.coin import deck as D
from engine.games.cyprus import board as B
from engine.games.cyprus.data import CARDS
from engine.games.cyprus.facts import facts
from engine.games.cyprus.view import view

from ..view_checks import check_no_python_reprs, check_only_revealed_cards_shown, facts_by_label, reveal
from .helpers import context, fresh, put

ROLES = ("british", "eoka", "public")
CARD_ID = re.compile(r"\bC\d+\b")


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
@pytest.mark.parametrize("revealed", [0, 1, 4])
def test_2_2_views_and_facts_never_name_a_card_still_in_the_deck(scenario, revealed):
    check_only_revealed_cards_shown(lambda seed: context(fresh(scenario), seed), revealed, ROLES, view, facts, CARD_ID)


def test_1_6_1_the_chits_held_are_open_the_bag_only_counted():
    g = context()
    g.s["intel"] = {"bag": [0, 0, 1, 1, 2, 2, 2], "held": [0, 1]}
    for role in ROLES:
        v = view(g.s, role)
        assert v["intel"] == {"held": [0, 1], "bag_size": 7}  # the same for every role (L3273)
    assert g.s["intel"]["bag"] == [0, 0, 1, 1, 2, 2, 2]  # the view changed nothing


def test_2_2_the_view_shows_the_map_the_tracks_and_the_current_card():
    s = fresh("example-of-play")
    reveal(context(s, 0), 1)
    assert s["current"] == "C3"  # AKEL, the Example of Play's first card (8.0 L3574)
    v = view(s, "eoka")
    assert v["current_card"] == {"id": "C3", "title": CARDS["C3"]["title"], "kind": "event"}
    assert v["spaces"] == s["spaces"] and v["available"] == s["available"]
    assert (v["pw"], v["io"], v["prison"], v["suez"], v["role"]) == (14, 2, 0, 0, "eoka")


def test_facts_at_setup():
    f = facts_by_label(facts, view(fresh(), "public"))
    assert f["Card"] == "none" and f["Deck"] == "21 cards left, 0 played"
    assert f["Eligible"] == "1st EOKA, 2nd British"
    assert f["Political Will"] == "14" and f["International Opinion"] == "Debated (2)"
    assert f["Intel Chits"] == "held none; 9 in the bag"
    assert f["Prison"] == "0 Cells"
    assert f["Curfews"] == "none; 4 in the pool" and f["Sabotage"] == "none"
    assert f["Available"] == "Troops 0, Police cubes 3, Cells 6, Arms Caches 3"
    assert f["Capabilities"] == "none" and f["Propaganda Rounds"] == "0 of 3"
    assert not [k for k in f if "Suez" in k]  # no Troops on C4, no fact (and C4 is not named)


def test_facts_follow_the_board_and_have_no_python_reprs():
    g = context()
    put(g, "karpas", police=1)
    B.place_curfew(g, "nicosia")
    B.place_curfew(g, "karpas")
    B.place_sabotage(g, "nicosia", "3.3.3")
    B.place_sabotage(g, "karpas", "3.3.3")
    B.place_sabotage(g, "karpas", "3.3.3")
    B.remove(g, "paphos", "cells_u", 1, to="prison")
    B.shift_io(g, 2, "test", "C1")
    B.shift_will(g, -3, "test", "4.3.3")
    g.s["intel"] = {"bag": [0, 0, 1, 1, 1, 2, 2], "held": [0, 2]}
    D.stack(g.s, "C4")
    reveal(context(g.s, 0), 1)
    B.remove(g, "dhekelia", "troops", 3, to="suez")
    g.s["capabilities"] = {"C13": "shaded"}
    f = facts_by_label(facts, view(g.s, "public"))
    assert f["Card"] == f"{CARDS['C4']['title']} (C4)" and f["Deck"] == f"{D.size(g.s)} cards left, 1 played"
    assert f["Curfews"] == "Nicosia, Karpas; 2 in the pool"
    assert f["Sabotage"] == "Nicosia 1, Karpas 2"
    assert f["Prison"] == "1 Cell"
    assert f["International Opinion"] == "Condemned (4)" and f["Political Will"] == "11"
    assert f["Intel Chits"] == "held 0, 2; 7 in the bag"
    assert f[f"{CARDS['C4']['title']} (C4)"] == "3 Troops"
    assert f["Capabilities"] == f"{CARDS['C13']['title']} (C13, shaded: {CARDS['C13']['shaded']})"
    check_no_python_reprs(f.values())
