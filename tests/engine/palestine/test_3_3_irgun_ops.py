"""Irgun Operations (3.3): Recruit, Travel, Rob, and Sabotage beyond test_3_3_3_sabotage.py."""

import engine

from .helpers import at_card, clear, fresh, legal, put, run, sp

ZERO = {"troops": 0, "police": 0, "cells_u": 0, "cells_a": 0, "caches": 0, "sabotage": 0, "terror": 0, "curfew": 0}


def space(**pieces):
    return {**ZERO, **pieces}


def irgun(s, haganah=4):
    """P31 current with the Irgun 1st Eligible; at *haganah* 3 the Haganah box 4 pieces are on the Track."""
    if haganah == 3:
        s["haganah"] = 3
        s["haganah_slots"]["4"] = {"cells": 2, "caches": 1}
        s["available"]["cells"] -= 2
        s["available"]["caches"] -= 1
    return at_card(s, "P31", first="irgun")


# -- 3.3.1 Recruit ---------------------------------------------------------------------------------

def recruit_board():
    s = clear(fresh())
    put(s, "lydda", caches=1)
    put(s, "haifa-city", troops=2)
    put(s, "jerusalem-city", troops=1, curfew=1)
    return irgun(s)


def test_3_3_1_recruit_spaces_cache_in_or_adjacent_or_city_without_curfew():
    s, _ = run(recruit_board(), "box opsa", "op recruit")
    # Lydda (Cache) and its neighbours incl. three Railways; Haifa City (a City); not Jerusalem City
    # (Curfew), not Galilee, Haifa District or the Haifa-Syria Railway (no Cache near, not a City).
    assert legal(s)["space"] == ["haifa-city", "samaria", "tel-aviv-jaffa", "lydda", "jerusalem-district",
                                 "gaza", "rail-egypt", "rail-jerusalem", "rail-haifa"]


def test_3_3_1_recruit_places_up_to_two_with_or_next_to_a_cache():
    s, _ = run(recruit_board(), "box opsa", "op recruit", "space lydda")
    assert legal(s) == {"place": ["1", "2"]}
    s, _ = run(s, "place 2", "space samaria")
    assert legal(s) == {"place": ["1", "2"]}
    s, _ = run(s, "place 2")
    assert sp(s, "lydda") == space(caches=1, cells_u=2)
    assert sp(s, "samaria") == space(cells_u=2)


def test_3_3_1_recruit_places_cells_on_a_railway_next_to_a_cache():
    s, _ = run(recruit_board(), "box opsa", "op recruit", "space rail-haifa", "place 2")
    assert sp(s, "rail-haifa") == space(cells_u=2)


def test_3_3_1_recruit_places_only_one_in_a_city_without_cache_near():
    s, _ = run(recruit_board(), "box opsa", "op recruit", "space haifa-city")
    assert legal(s) == {"place": ["1"]}
    s, _ = run(s, "place 1")
    assert sp(s, "haifa-city") == space(troops=2, cells_u=1)


def test_3_3_1_recruit_city_next_to_a_cache_places_two():
    s, _ = run(recruit_board(), "box opsa", "op recruit", "space tel-aviv-jaffa")
    assert legal(s) == {"place": ["1", "2"]}


def test_3_3_1_recruit_curfew_blocks_even_with_a_cache():
    s = recruit_board()
    put(s, "tel-aviv-jaffa", police=1, curfew=1, caches=1)
    s, _ = run(s, "box opsa", "op recruit")
    assert "tel-aviv-jaffa" not in legal(s)["space"] and "jerusalem-city" not in legal(s)["space"]


def test_3_3_1_recruit_limited_by_available_cells():
    s = recruit_board()
    put(s, "galilee", cells_u=s["available"]["cells"] - 1)
    s, _ = run(s, "box opsa", "op recruit", "space lydda")
    assert legal(s) == {"place": ["1"]}
    s, _ = run(s, "place 1")
    assert "space" not in legal(s)                   # none Available: no further space
    assert sp(s, "lydda") == space(caches=1, cells_u=1) and s["available"]["cells"] == 0


def test_3_3_1_recruit_not_offered_with_no_cells_available():
    s = recruit_board()
    put(s, "galilee", cells_u=s["available"]["cells"])
    s, _ = run(s, "box opsa")
    assert "recruit" not in legal(s)["op"]


# -- 3.3.2 Travel ----------------------------------------------------------------------------------

def travel_board(haganah=3):
    s = clear(fresh())
    put(s, "galilee", cells_u=2, cells_a=2)
    put(s, "samaria", cells_a=1, cells_u=1)
    put(s, "rail-haifa", troops=2)
    put(s, "haifa-city", troops=1, curfew=1)
    put(s, "tel-aviv-jaffa", troops=3)
    return irgun(s, haganah)


def test_3_3_2_travel_may_move_cells_to_any_space():
    s, _ = run(travel_board(), "box opsa", "op travel")
    assert legal(s)["space"] == ["galilee", "samaria"]
    s, _ = run(s, "space galilee")
    dests = {m.split(" ")[0] for m in legal(s)["move"]}
    assert dests == set(s["spaces"])                 # every space, the origin included


def test_3_3_2_travel_group_on_railway_with_more_than_three_is_active():
    s, _ = run(travel_board(), "box opsa", "op travel", "space galilee",
               "move rail-haifa underground", "move rail-haifa underground", "done")
    assert sp(s, "rail-haifa") == space(troops=2, cells_a=2)       # 2 moving + 2 cubes = 4 > 3


def test_3_3_2_travel_small_group_on_railway_flips_underground():
    s, _ = run(travel_board(), "box opsa", "op travel", "space galilee", "move rail-haifa active", "done")
    assert sp(s, "rail-haifa") == space(troops=2, cells_u=1)       # 1 + 2 = 3, not over three


def test_3_3_2_travel_curfew_city_exposes_large_group_plain_city_does_not():
    s, _ = run(travel_board(), "box opsa", "op travel", "space galilee",
               "move haifa-city underground", "move haifa-city underground", "move haifa-city active",
               "move tel-aviv-jaffa active", "done")
    assert sp(s, "haifa-city") == space(troops=1, curfew=1, cells_a=3)   # 3 + 1 = 4 > 3 with Curfew
    assert sp(s, "tel-aviv-jaffa") == space(troops=3, cells_u=1)        # no Curfew: Underground


def test_3_3_2_travel_groups_from_different_origins_are_judged_apart():
    s, _ = run(travel_board(), "box opsa", "op travel", "space galilee",
               "move rail-haifa underground", "move rail-haifa underground", "done",
               "space samaria", "move rail-haifa active", "done")
    # Galilee's pair: 2 + 2 > 3 Active; Samaria's single Cell: 1 + 2 = 3, Underground.
    assert sp(s, "rail-haifa") == space(troops=2, cells_a=2, cells_u=1)


def test_3_3_2_travel_cells_returning_to_origin_flip_underground():
    s, _ = run(travel_board(), "box opsa", "op travel", "space galilee",
               "move galilee active", "move galilee active", "done")
    assert sp(s, "galilee") == space(cells_u=4)


def test_3_3_2_travel_cells_that_do_not_move_keep_their_state():
    s, _ = run(travel_board(), "box opsa", "op travel", "space samaria", "move gaza underground", "done")
    assert sp(s, "samaria") == space(cells_a=1)
    assert sp(s, "gaza") == space(cells_u=1)


def test_3_3_2_limited_travel_one_origin_many_destinations():
    s, _ = run(travel_board(), "box limited", "op travel", "space galilee",
               "move rail-haifa underground", "move gaza active", "move jerusalem-city active",
               "move galilee underground", "done")
    assert "space" not in legal(s)                   # one origin only (Haganah at 3: no extra)
    assert sp(s, "rail-haifa") == space(troops=2, cells_u=1)
    assert sp(s, "gaza") == space(cells_u=1)
    assert sp(s, "jerusalem-city") == space(cells_u=1)
    assert sp(s, "galilee") == space(cells_u=1)
    assert sp(s, "samaria") == space(cells_a=1, cells_u=1)


def test_3_3_2_travel_moved_cells_may_not_travel_again():
    s, _ = run(travel_board(), "box opsa", "op travel", "space galilee",
               "move samaria underground", "move samaria underground", "done", "space samaria")
    moving = {m.split(" ")[1] for m in legal(s)["move"]}
    assert moving == {"underground", "active"}
    s, _ = run(s, "move gaza underground", "move gaza active")
    assert "move" not in legal(s)                    # only Samaria's own two Cells could move (R-OP-5)


# -- 3.3.4 Rob -------------------------------------------------------------------------------------

def rob_board():
    s = clear(fresh())
    put(s, "galilee", cells_u=2, police=1)             # 2 > 1
    put(s, "samaria", cells_u=1, police=1)             # 1 = 1: no
    put(s, "haifa-city", cells_a=1)                     # a City
    put(s, "gaza", cells_u=1, caches=2)                 # two Caches already
    put(s, "rail-haifa", cells_u=3)                     # a Railway: never
    return irgun(s)


def test_3_3_4_rob_needs_more_cells_than_police_and_never_a_railway():
    s, _ = run(rob_board(), "box opsa", "op rob")
    assert legal(s)["space"] == ["galilee", "haifa-city", "gaza"]


def test_3_3_4_rob_roll_above_two_adds_a_cache_and_police_activate_a_cell():
    s, _ = run(rob_board(), "box opsa", "op rob", "space galilee", rolls=[3])
    assert sp(s, "galilee") == space(police=1, caches=1, cells_u=1, cells_a=1)
    assert s["available"]["caches"] == 2


def test_3_3_4_rob_roll_of_two_fails_but_police_still_activate():
    s, _ = run(rob_board(), "box opsa", "op rob", "space galilee", rolls=[2])
    assert sp(s, "galilee") == space(police=1, cells_u=1, cells_a=1)
    assert s["available"]["caches"] == 3


def test_3_3_4_rob_without_police_activates_nothing():
    s = clear(fresh())
    put(s, "galilee", cells_u=1)
    s, _ = run(irgun(s), "box opsa", "op rob", "space galilee", rolls=[6])
    assert sp(s, "galilee") == space(cells_u=1, caches=1)


def test_3_3_4_rob_never_stacks_a_third_cache():
    s, _ = run(rob_board(), "box opsa", "op rob", "space gaza", rolls=[6])
    assert sp(s, "gaza") == space(cells_u=1, caches=2)
    assert s["available"]["caches"] == 3


def test_3_3_4_rob_with_no_cache_available_places_none():
    s = rob_board()
    put(s, "jerusalem-district", caches=2)
    put(s, "lydda", caches=1)
    assert s["available"]["caches"] == 0
    s, _ = run(s, "box opsa", "op rob", "space haifa-city", rolls=[6])
    assert sp(s, "haifa-city") == space(cells_a=1)


def test_3_3_4_rob_three_spaces_each_rolls():
    s = rob_board()
    put(s, "lydda", cells_u=1)
    s, _ = run(s, "box opsa", "op rob", "space galilee", "space haifa-city", "space lydda", "done",
               rolls=[1, 5, 4])
    assert sp(s, "galilee")["caches"] == 0 and sp(s, "haifa-city")["caches"] == 1
    assert sp(s, "lydda")["caches"] == 1


# -- 3.3.3 Sabotage (more cases) -------------------------------------------------------------------

def sabotage_board():
    s = clear(fresh())
    put(s, "galilee", cells_u=1, caches=1, sabotage=1)
    put(s, "samaria", cells_u=2, police=2)
    put(s, "haifa-district", caches=1)
    put(s, "gaza", cells_u=1, caches=1)
    put(s, "jerusalem-city", cells_a=2)
    return irgun(s, haganah=3)


def test_3_3_3_sabotage_needs_an_underground_cell():
    s, _ = run(sabotage_board(), "box opsa", "op sabotage")
    assert legal(s)["space"] == ["galilee", "samaria", "gaza"]


def test_3_3_3_sabotage_cache_in_the_space_adds_two():
    s, _ = run(sabotage_board(), "box opsa", "op sabotage", "space galilee")
    # The Cache in Galilee or in adjacent Haifa District; not the one in Gaza (not adjacent).
    assert legal(s)["cache"] == ["galilee", "haifa-district"]
    s, _ = run(s, "cache galilee")
    assert "cache" not in legal(s)                   # one Cache per space
    s, _ = run(s, "roll", rolls=[1])                  # 1 + 2 = 3 > 2
    assert sp(s, "galilee") == space(cells_a=1, sabotage=2)   # a second marker in the same space
    assert s["available"]["caches"] == 2             # 1 before (1 is on the Haganah Track) + the spent one


def test_3_3_3_sabotage_adjacent_cache_adds_two_against_police():
    s, _ = run(sabotage_board(), "box opsa", "op sabotage", "space samaria", "cache haifa-district", "roll",
               rolls=[3])
    assert sp(s, "samaria") == space(police=2, cells_u=1, cells_a=1, sabotage=1)   # 3 - 2 + 2 = 3
    assert sp(s, "haifa-district") == space()


def test_3_3_3_sabotage_fails_and_still_activates_without_cache():
    s, _ = run(sabotage_board(), "box opsa", "op sabotage", "space samaria", "roll", rolls=[4])
    assert sp(s, "samaria") == space(police=2, cells_u=1, cells_a=1)           # 4 - 2 = 2: fails


def test_3_3_3_sabotage_markers_accumulate_over_spaces_and_operations():
    s = sabotage_board()
    sp(s, "gaza")["sabotage"] = 2
    s, _ = run(s, "box opsa", "op sabotage", "space gaza", "roll", "space galilee", "roll", "done", "done",
               rolls=[3, 6])
    assert sp(s, "gaza")["sabotage"] == 3 and sp(s, "galilee")["sabotage"] == 2
    assert engine.active_roles(s) == ["british"]
