"""Cyprus's invariants (engine.games.cyprus.invariants; issue 29) hold at setup in both scenarios and after a
few board changes, and each one fails for a fault planted in a copy of the setup, naming its rule: pieces
conserved and never negative (1.2, 1.4.1), stacking and Arms Caches never in a British Base (1.4.2), the Prison
and C4's boxes (1.3.6, L3675), Curfews (1.10), the fifteen Sabotage markers (1.2, 1.7), no Terror (1.7 NOTE),
the tracks (1.8, 6.5, 6.0), the Intel Chits (1.6.1) and the cards (2.1, 2.2)."""

from __future__ import annotations

import pytest

from engine.games.cyprus import board as B
from engine.games.cyprus.invariants import invariants

from .helpers import context, fresh, make_current, planted


def _move(s, src, dst, key, n=1):
    s["spaces"][src][key] -= n
    s["spaces"][dst][key] += n


FAULTS = {
    "a piece made from nothing": (lambda s: s["available"].__setitem__("troops", 2),
                                  "pieces are not conserved: {'troops': 2}"),
    "a piece lost": (lambda s: s["spaces"]["paphos"].__setitem__("cells_u", 0), "pieces are not conserved: {'cells': -1}"),
    "a negative count": (lambda s: (s["available"].__setitem__("cells", -1), s["spaces"]["karpas"].__setitem__("cells_u", 7)),
                         "available.cells is -1: a count of pieces is never negative (1.4.1)"),
    "a negative marker": (lambda s: s["spaces"]["karpas"].__setitem__("sabotage", -1),
                          "spaces.karpas.sabotage is -1"),
    "a third Arms Cache": (lambda s: (s["available"].__setitem__("caches", 1), s["spaces"]["troodos"].__setitem__("caches", 3)),
                           "troodos holds 3 caches, more than 2 (1.4.2)"),
    "an Arms Cache in a Base": (lambda s: _move(s, "troodos", "akrotiri", "caches"),
                                "akrotiri (base) holds caches, which may never occupy it (1.4.2)"),
    "Prison as a dict": (lambda s: s.__setitem__("prison", {"cells": 0}), "a number of Cells (1.3.6)"),
    "Cells in Prison from nowhere": (lambda s: s.__setitem__("prison", 2), "pieces are not conserved: {'cells': 2}"),
    "Suez Troops with C4 unplayed": (lambda s: (s.__setitem__("suez", 3), s["spaces"]["akrotiri"].__setitem__("troops", 0)),
                                     "Troops on Suez Crisis, which has not been played (C4, L3675)"),
    "four Troops on Suez": (lambda s: (make_current(s, "C4"), s.__setitem__("suez", 4),
                                       s["spaces"]["dhekelia"].__setitem__("troops", 0),
                                       s["spaces"]["akrotiri"].__setitem__("troops", 2)),
                            "4 Troops on Suez Crisis, more than the 3"),
    "two Curfews in a Town": (lambda s: s["spaces"]["nicosia"].__setitem__("curfew", 2),
                              "the Curfew in nicosia breaks 1.10"),
    "a Curfew in a Base": (lambda s: s["spaces"]["akrotiri"].__setitem__("curfew", 1),
                           "the Curfew in akrotiri breaks 1.10"),
    "a Curfew with no British piece": (lambda s: s["spaces"]["paphos"].__setitem__("curfew", 1),
                                       "the Curfew in paphos breaks 1.10"),
    "five Curfews": (lambda s: [s["spaces"][t].__setitem__("curfew", 1) for t in ("nicosia", "limassol", "larnaca",
                                                                                  "famagusta")]
                     + [s["spaces"]["karpas"].__setitem__("curfew", 1), s["spaces"]["karpas"].__setitem__("police", 1),
                        s["available"].__setitem__("police", 2)],
                     "5 Curfews on the map, more than the pool of 4 (1.10)"),
    "sixteen Sabotage markers": (lambda s: s["spaces"]["nicosia"].__setitem__("sabotage", 16),
                                 "16 Sabotage markers on the map, more than the 15"),
    "a Terror marker": (lambda s: s["spaces"]["nicosia"].__setitem__("terror", 1),
                        "nicosia holds terror: a Cyprus space holds only forces, Sabotage markers and a Curfew"),
    "Political Will off its track": (lambda s: s.__setitem__("pw", 16), "Political Will is 16, off its track 0-15 (1.8)"),
    "International Opinion off its track": (lambda s: s.__setitem__("io", 5),
                                            "International Opinion is 5, off its track 0-4 (6.5)"),
    "International Opinion negative": (lambda s: s.__setitem__("io", -1), "International Opinion is -1"),
    "Propaganda Rounds off": (lambda s: s.__setitem__("propaganda", 4), "the Propaganda Rounds held is 4"),
    "a tenth Intel Chit": (lambda s: s["intel"]["held"].append(2), "are not the nine"),
    "an Intel Chit lost": (lambda s: s["intel"]["bag"].pop(), "are not the nine"),
    "Intel Chits unsorted": (lambda s: s["intel"].update(bag=[2, 0, 0, 1, 1, 1, 2, 2], held=[0]), "not kept sorted"),
    "a card lost": (lambda s: s["deck"]["pools"]["events"].pop(), "not the 35 of the game"),
    "a current card not played": (lambda s: s.__setitem__("current", "C3"), "not among the played cards"),
    "a card played twice": (lambda s: (make_current(s, "C5"), s["played"].append("C5")), "a card was played twice"),
}


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
def test_invariants_hold_at_setup(scenario):
    assert invariants(fresh(scenario)) == []


def test_invariants_hold_after_board_changes():
    g = context()
    B.place_curfew(g, "nicosia")
    B.place_sabotage(g, "nicosia", "3.3.3")
    B.place_sabotage(g, "nicosia", "3.3.3")
    B.remove(g, "paphos", "cells_u", 1, to="prison")
    B.place(g, "kyrenia", "caches", 2)
    g.s["intel"] = {"bag": [0, 0, 1, 1, 1, 2, 2], "held": [0, 2]}
    make_current(g.s, "C4")
    B.remove(g, "akrotiri", "troops", 3, to="suez")
    assert invariants(g.s) == []


def test_sixteen_sabotage_markers_hold_where_the_umpire_chose_them_unlimited():
    s = fresh("standard", {"rulings": {"R-SABOTAGE-POOL": "unlimited"}})
    s["spaces"]["nicosia"]["sabotage"] = 16
    assert invariants(s) == []


@pytest.mark.parametrize("fault", FAULTS)
def test_each_invariant_fails_for_a_planted_fault(fault):
    plant, words = FAULTS[fault]
    problems = planted(fresh(), plant)
    assert any(words in p for p in problems), problems
