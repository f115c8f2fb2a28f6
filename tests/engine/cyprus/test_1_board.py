"""Cyprus's board (engine.games.cyprus.board; issue 29): the map's kinds of space and Sabotage values (1.3,
6.1.2), the forces and their counts (1.2, 1.4), placement only from Available (1.4.1), stacking with Arms
Caches never in a British Base (1.4.2, 1.3.4), Underground/Active (1.4.3), Prison (1.3.6, 6.4), Curfews only in
Towns and lifted at once when the last British piece leaves (1.10), Sabotage markers stacking (1.7, 1.4.2),
Intel Chits (1.6.1), Political Will (1.8) and International Opinion (6.5) clamped and logged, and card C4's
Troops (L3675)."""

from __future__ import annotations

import pytest

from engine.coin import deck as D
from engine.core.errors import RulesBugError
from engine.games.cyprus import board as B

from .helpers import check, context, empty, fresh, put, scripted, texts

# -- 1.3 the map ----------------------------------------------------------------------------------------------


def test_1_3_kinds_of_space():
    assert sorted(B.TOWNS) == ["famagusta", "karpas", "larnaca", "limassol", "nicosia", "paphos"]  # 1.3.2
    assert sorted(B.MOUNTAINS) == ["kyrenia", "troodos"]  # 1.3.3
    assert sorted(B.BASES) == ["akrotiri", "dhekelia"]  # 1.3.4
    assert B.is_town("karpas") and B.is_mountain("troodos") and B.is_base("dhekelia") and not B.is_town("akrotiri")


def test_1_3_5_famagusta_neighbours_as_the_example_lists_them():
    # L3231: Karpas, Nicosia, Larnaca, both Mountains and Dhekelia
    assert B.adj(context(), "famagusta") == {"karpas", "nicosia", "larnaca", "kyrenia", "troodos", "dhekelia"}
    assert B.within_one(context(), "akrotiri")[0] == "akrotiri" and "limassol" in B.within_one(context(), "akrotiri")


def test_6_1_2_sabotage_value_of_each_space():
    # 2 for Nicosia and the Bases, 1 for the other Towns (L3504), 0 in the Mountains (1.3.3)
    assert {s: B.sabotage_value(s) for s in B.SPACES} == {
        "nicosia": 2, "famagusta": 1, "larnaca": 1, "limassol": 1, "paphos": 1, "karpas": 1,
        "troodos": 0, "kyrenia": 0, "akrotiri": 2, "dhekelia": 2}


# -- 1.4 forces ---------------------------------------------------------------------------------------------

def test_1_2_the_counter_mix():
    assert B.TOTALS == {"troops": 12, "police": 6, "cells": 12, "caches": 4}  # 1.2, 1.4 Important
    assert B.count_pieces(fresh()) == B.TOTALS


def test_1_4_counting_helpers():
    x = fresh()["spaces"]["nicosia"]  # 2 Troops, 1 Police, 1 Cell (L4146)
    assert (B.cubes(x), B.british_pieces(x), B.cells(x), B.eoka_pieces(x)) == (3, 3, 1, 1)
    y = fresh()["spaces"]["troodos"]  # 1 Arms Cache, 1 Cell (L4152)
    assert (B.cubes(y), B.cells(y), B.eoka_pieces(y)) == (0, 1, 2)


def test_1_4_1_places_only_available_pieces():
    g = context()
    assert g.s["available"]["troops"] == 0  # all twelve on the map at setup
    assert B.place(g, "paphos", "troops", 2) == 0 and g.s["spaces"]["paphos"]["troops"] == 0
    assert B.place(g, "paphos", "police", 5) == 3  # only the 3 Available (L4138)
    assert g.s["available"]["police"] == 0 and g.s["spaces"]["paphos"]["police"] == 3
    check(g.s)


def test_1_4_3_new_cells_are_underground_and_flip():
    g = context()
    assert B.place(g, "kyrenia", "cells", 2) == 2
    assert g.s["spaces"]["kyrenia"]["cells_u"] == 2 and g.s["spaces"]["kyrenia"]["cells_a"] == 0
    assert B.activate(g, "kyrenia", 5) == 2  # only the Underground ones flip
    assert (g.s["spaces"]["kyrenia"]["cells_u"], g.s["spaces"]["kyrenia"]["cells_a"]) == (0, 2)
    assert B.move(g, "kyrenia", "karpas", "cells_a", 1) == 1  # moving keeps the state (1.4.3 NOTE)
    assert g.s["spaces"]["karpas"]["cells_a"] == 1
    B.flip_all_underground(g)  # the Reset (6.4)
    assert all(x["cells_a"] == 0 for x in g.s["spaces"].values())
    assert g.s["spaces"]["karpas"]["cells_u"] == 1 and g.s["spaces"]["kyrenia"]["cells_u"] == 1
    check(g.s)


def test_1_4_2_no_third_arms_cache():
    g = context()
    assert g.s["spaces"]["troodos"]["caches"] == 1 and B.may_place(g, "troodos", "caches")
    assert B.place(g, "troodos", "caches", 3) == 1  # room for one more only
    assert not B.may_place(g, "troodos", "caches") and B.place(g, "troodos", "caches") == 0
    assert g.s["spaces"]["troodos"]["caches"] == 2 and g.s["available"]["caches"] == 2
    check(g.s)


@pytest.mark.parametrize("base", ["akrotiri", "dhekelia"])
def test_1_4_2_arms_caches_never_in_a_british_base(base):
    g = context()
    assert not B.may_place(g, base, "caches")
    assert B.place(g, base, "caches", 1) == 0 and g.s["spaces"][base]["caches"] == 0
    assert g.s["available"]["caches"] == 3
    assert B.may_place(g, base, "cells") and B.place(g, base, "cells") == 1  # Cells may be in a Base
    check(g.s)


# -- 1.3.6 Prison -------------------------------------------------------------------------------------------

def test_1_3_6_only_cells_go_to_prison():
    g = context()
    assert B.remove(g, "nicosia", "cells_u", 1, to="prison") == 1
    assert B.prison(g) == 1 and g.s["spaces"]["nicosia"]["cells_u"] == 0
    with pytest.raises(RulesBugError):
        B.remove(g, "nicosia", "troops", 1, to="prison")
    assert g.s["spaces"]["nicosia"]["troops"] == 2
    check(g.s)


@pytest.mark.parametrize("n, back, stay", [(0, 0, 0), (1, 0, 1), (5, 2, 3), (6, 3, 3)])
def test_6_4_half_the_cells_in_prison_rounded_down_return(n, back, stay):
    g = empty(context())
    g.s["available"]["cells"] -= n
    g.s["prison"] = n
    assert B.half_of_prison(g) == back
    assert B.release_half(g) == back
    assert B.prison(g) == stay and g.s["available"]["cells"] == 12 - stay
    if back:
        assert texts(g)[-1] == f"{back} Cell{'s' if back > 1 else ''} returned from Prison to Available (half the " \
                               "Cells in Prison, rounded down)." and g.log[-1]["rule"] == "6.4"
    else:
        assert g.log == []
    check(g.s)


@pytest.mark.parametrize("n, steps", [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2), (12, 4)])
def test_6_1_1_international_pressure_one_step_per_three_cells_in_prison(n, steps):
    g = empty(context())
    g.s["available"]["cells"] -= n
    g.s["prison"] = n
    assert B.io_from_prison(g) == steps


def test_c7_cells_placed_from_prison_are_underground():
    g = context()
    B.remove(g, "limassol", "cells_u", 1, to="prison")
    assert B.place_from_prison(g, "famagusta", 3, "Mass Detention", "C7") == 1  # only 1 in Prison
    assert g.s["spaces"]["famagusta"]["cells_u"] == 2 and B.prison(g) == 0
    assert texts(g)[-1] == "1 Cell went from Prison to Famagusta, Underground (Mass Detention)."
    check(g.s)


# -- 1.10 Curfews -------------------------------------------------------------------------------------------

def test_1_10_a_curfew_goes_only_in_a_town_with_a_british_piece_and_one_each():
    g = context()
    assert B.curfew_pool(g) == 4
    assert B.place_curfew(g, "nicosia") and g.s["spaces"]["nicosia"]["curfew"] == 1
    assert texts(g)[-1] == "A Curfew was placed in Nicosia." and g.log[-1]["rule"] == "3.2.3"
    assert not B.place_curfew(g, "nicosia")  # one a Town (1.4.2)
    assert not B.place_curfew(g, "akrotiri")  # a Base, with Troops (1.4.2: never in another kind of space)
    put(g, "troodos", police=1)
    assert not B.place_curfew(g, "troodos")  # a Mountain
    assert not B.place_curfew(g, "paphos")  # a Town with no British piece: it would be lifted at once
    assert B.curfew_pool(g) == 3 and B.curfew_spaces(g) == ["nicosia"]
    check(g.s)


def test_1_10_the_pool_holds_four_and_a_curfew_may_be_moved_when_it_is_empty():
    g = context()
    put(g, "paphos", police=1)
    put(g, "karpas", police=1)
    for sid in ("nicosia", "larnaca", "limassol", "famagusta"):
        assert B.place_curfew(g, sid)
    assert B.curfew_pool(g) == 0 and not B.place_curfew(g, "paphos")
    assert B.move_curfew(g, "limassol", "paphos")  # 1.10 L3293: moved from elsewhere
    assert texts(g)[-1] == "The Curfew in Limassol was moved to Paphos."
    assert B.curfew_spaces(g) == ["nicosia", "famagusta", "larnaca", "paphos"]  # board order
    assert not B.move_curfew(g, "nicosia", "paphos")  # one there already
    assert not B.move_curfew(g, "limassol", "karpas")  # none in Limassol now
    assert not B.move_curfew(g, "nicosia", "troodos")  # not a Town
    check(g.s)


def test_1_10_a_curfew_is_lifted_when_its_last_british_piece_leaves():
    g = context()
    B.place_curfew(g, "larnaca")  # 2 Troops, 1 Police (L4148)
    B.move(g, "larnaca", "troodos", "troops", 2)
    assert g.s["spaces"]["larnaca"]["curfew"] == 1  # the Police cube stays
    B.remove(g, "larnaca", "police", 1)  # Ambush, Infiltrate...
    assert g.s["spaces"]["larnaca"]["curfew"] == 0 and B.curfew_pool(g) == 4
    assert texts(g)[-1] == "The Curfew in Larnaca was lifted: no British pieces remain."
    assert g.log[-1]["rule"] == "1.10"
    check(g.s)


def test_1_10_a_curfew_is_lifted_when_the_last_piece_moves_away():
    g = context()
    B.place_curfew(g, "famagusta")  # 1 Police (L4150)
    B.move(g, "famagusta", "karpas", "police", 1)  # Patrol moves Police anywhere
    assert g.s["spaces"]["famagusta"]["curfew"] == 0
    assert "The Curfew in Famagusta was lifted: no British pieces remain." in texts(g)
    check(g.s)


def test_4_2_1_removing_a_curfew_returns_it_to_the_pool():
    g = context()
    B.place_curfew(g, "limassol")
    assert B.remove_curfew(g, "limassol", "Restore", "4.2.1") and B.curfew_pool(g) == 4
    assert texts(g)[-1] == "The Curfew in Limassol was removed (Restore)."
    assert not B.remove_curfew(g, "limassol", "Restore", "4.2.1")


# -- 1.7 Sabotage markers -----------------------------------------------------------------------------------

def test_1_7_sabotage_markers_stack_in_a_space():
    g = context()
    for _ in range(3):
        assert B.place_sabotage(g, "limassol", "3.3.3")
    assert g.s["spaces"]["limassol"]["sabotage"] == 3 and B.sabotage_on_map(g) == 3
    assert texts(g) == ["A Sabotage marker was placed in Limassol.",
                        "A Sabotage marker was placed in Limassol (2 there now).",
                        "A Sabotage marker was placed in Limassol (3 there now)."]
    assert B.remove_sabotage(g, "limassol", "Macmillan Plan", "C29", n=2) == 2
    assert B.remove_sabotage(g, "limassol", "Restore", "4.2.1") == 1
    assert g.s["spaces"]["limassol"]["sabotage"] == 0
    assert texts(g)[-2:] == ["2 Sabotage markers were removed from Limassol (Macmillan Plan).",
                             "A Sabotage marker was removed from Limassol (Restore)."]
    check(g.s)


def test_1_2_fifteen_sabotage_markers_at_most():
    g = context()
    for sid in ("nicosia", "limassol", "karpas"):
        g.s["spaces"][sid]["sabotage"] = 5
    assert B.sabotage_left(g) == 0
    assert not B.place_sabotage(g, "paphos", "3.3.3") and g.s["spaces"]["paphos"]["sabotage"] == 0
    assert texts(g)[-1] == "No Sabotage marker is left to place in Paphos: all 15 are on the map."
    check(g.s)


def test_1_2_sabotage_markers_unlimited_where_the_umpire_chose_so():
    g = context(fresh("standard", {"rulings": {"R-SABOTAGE-POOL": "unlimited"}}))  # ruling R-SABOTAGE-POOL
    g.s["spaces"]["nicosia"]["sabotage"] = 15
    assert B.sabotage_left(g) is None
    assert B.place_sabotage(g, "paphos", "3.3.3") and B.sabotage_on_map(g) == 16
    check(g.s)


def test_6_1_the_counts_of_the_political_will_phase():
    g = context()
    g.s["spaces"]["nicosia"]["sabotage"] = 1  # 2 (6.1.2)
    g.s["spaces"]["karpas"]["sabotage"] = 2  # 1 each
    g.s["spaces"]["akrotiri"]["sabotage"] = 1  # 2
    g.s["spaces"]["troodos"]["sabotage"] = 1  # 0 (1.3.3)
    assert B.disorder(g) == 2 + 2 + 2 + 0
    assert B.towns_without_sabotage(g) == ["famagusta", "larnaca", "limassol", "paphos"]  # 6.1.3
    B.place_curfew(g, "larnaca")
    assert B.towns_marked(g) == ["nicosia", "larnaca", "karpas"]  # 4.2.2, 6.4: Towns only
    assert B.caches_in_mountains(g) == 1  # Troodos (L4152)
    B.remove(g, "troodos", "caches")
    assert B.caches_in_mountains(g) == 0


# -- 1.6.1 Intel Chits ---------------------------------------------------------------------------------------

def test_1_6_1_intel_chits_drawn_held_and_returned():
    g = scripted(draws=[2, 0])
    assert B.draw_chit(g, "British Pass", rule="2.3.3") == 2
    assert B.draw_chit(g, "Interrogate", rule="4.2.3") == 0
    assert g.s["intel"] == {"bag": [0, 0, 1, 1, 1, 2, 2], "held": [0, 2]}
    assert B.chit_values(g, 1) == ["2"] and B.held_text(g) == "0, 2" and B.bag_size(g) == 7
    assert texts(g)[0] == "British drew an Intel Chit of value 2 (British Pass)."
    B.spend_chit(g, 2)
    assert g.s["intel"] == {"bag": [0, 0, 1, 1, 1, 2, 2, 2], "held": [0]}
    with pytest.raises(RulesBugError):
        B.spend_chit(g, 1)
    check(g.s)


# -- 1.8 Political Will and 6.5 International Opinion ------------------------------------------------------

def test_1_8_political_will_stays_within_0_and_15():
    g = context()
    assert B.will(g) == 14
    assert B.shift_will(g, 5, "an Arms Cache removed", "3.2.4") == 1 and B.will(g) == 15
    assert texts(g)[-1] == "Political Will rose from 14 to 15 (an Arms Cache removed)."
    assert g.log[-1]["rule"] == "3.2.4"
    assert B.shift_will(g, 1, "C3", "C3") == 0 and len(g.log) == 1  # at 15 already: no change, no line
    assert B.shift_will(g, -20, "test", "6.1") == -15 and B.will(g) == 0
    assert texts(g)[-1] == "Political Will fell from 15 to 0 (test)."
    check(g.s)


def test_6_5_international_opinion_stays_within_ignored_and_condemned():
    g = context()
    assert B.io(g) == 2 and B.io_label(2) == "Debated (2)"  # setup L4131
    assert B.shift_io(g, 1, "Propagandize", "4.3.3") == 1
    assert texts(g)[-1] == "International Opinion moved from Debated (2) to Criticized (3) (Propagandize)."
    assert g.log[-1]["rule"] == "4.3.3"
    assert B.shift_io(g, 2, "Makarios III", "C1") == 1 and B.io(g) == 4
    assert B.shift_io(g, 1, "test", "4.3.3") == 0 and len(g.log) == 2
    assert B.set_io(g, 0, "Appeals to UN", "C11") == -4 and B.io_label(B.io(g)) == "Ignored (0)"
    assert B.shift_io(g, -1, "Diplomacy", "4.2.2") == 0 and B.io(g) == 0
    check(g.s)


@pytest.mark.parametrize("value, n", [(0, 0), (1, 1), (2, 1), (3, 1), (4, 2)])
def test_4_3_1_smuggle_spaces_by_international_opinion(value, n):
    assert B.smuggle_spaces(value) == n


# -- C4 Suez Crisis (L3675) ---------------------------------------------------------------------------------

def test_c4_troops_wait_on_the_card_and_return_to_a_base():
    g = context()
    D.take(g.s, "C4")
    g.s["played"], g.s["current"] = ["C4"], "C4"
    assert B.remove(g, "nicosia", "troops", 2, to="suez") == 2 and B.remove(g, "limassol", "troops", 1, to="suez")
    assert B.suez(g) == 3 and B.count_pieces(g.s) == B.TOTALS
    check(g.s)
    with pytest.raises(RulesBugError):
        B.return_from_suez(g, "nicosia", 3)  # only to British Bases
    assert B.return_from_suez(g, "akrotiri", 2) == 2 and B.return_from_suez(g, "dhekelia", 5) == 1
    assert (g.s["spaces"]["akrotiri"]["troops"], g.s["spaces"]["dhekelia"]["troops"], B.suez(g)) == (5, 4, 0)
    assert texts(g)[-1] == "1 Troop returned from Suez Crisis to Dhekelia."
    with pytest.raises(RulesBugError):
        B.remove(g, "troodos", "cells_u", 1, to="suez")
    check(g.s)
