"""British Operations (3.2): Deploy, Patrol, Search, Assault; and the Curfew's removal when its City holds no
British piece any more (1.10)."""

import pytest

import engine
from engine.core.chance import NoChance
from engine.core.errors import EngineError

from .helpers import at_card, clear, fresh, legal, put, run, sp
from .helpers import hold_chits as with_chits

ZERO = {"troops": 0, "police": 0, "cells_u": 0, "cells_a": 0, "caches": 0, "sabotage": 0, "terror": 0, "curfew": 0}


def space(**pieces):
    return {**ZERO, **pieces}


def british(s):
    return at_card(s, "P31", first="british")


# -- 3.2.1 Deploy ----------------------------------------------------------------------------------

def deploy_board():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=1)            # 2 > 1: eligible
    put(s, "samaria", troops=1, cells_u=1)            # 1 = 1: not
    put(s, "haifa-city", troops=3, cells_u=1, caches=1)  # 3 > 2: eligible (Caches count as Irgun pieces)
    put(s, "gaza", troops=1)                          # 1 > 0: eligible
    put(s, "rail-haifa", troops=3)                    # Railway: never
    put(s, "jerusalem-district", police=2)            # no Troops: not
    return british(s)


def test_3_2_1_deploy_selects_districts_and_cities_with_more_troops_than_irgun_pieces():
    s, _ = run(deploy_board(), "box opsa", "op deploy")
    assert legal(s)["space"] == ["galilee", "haifa-city", "gaza"]


def test_3_2_1_deploy_places_one_police_from_available_in_each_space():
    s, _ = run(deploy_board(), "box opsa", "op deploy", "space galilee", "space haifa-city", "space gaza",
               "done", "done", "done")
    assert sp(s, "galilee") == space(troops=2, police=1, cells_u=1)
    assert sp(s, "haifa-city") == space(troops=3, police=1, cells_u=1, caches=1)
    assert sp(s, "gaza") == space(troops=1, police=1)
    assert sp(s, "jerusalem-district")["police"] == 2      # Police on the map are not taken (1.4.1)
    assert s["available"]["police"] == 1


def test_3_2_1_deploy_with_no_police_available_places_none():
    s = deploy_board()
    put(s, "lydda", police=3)
    assert s["available"]["police"] == 1
    s, _ = run(s, "box opsa", "op deploy", "space galilee", "space gaza", "done", "done", "done")
    assert sp(s, "galilee")["police"] == 1
    assert sp(s, "gaza")["police"] == 0                     # none left Available
    assert sp(s, "lydda")["police"] == 3 and s["available"]["police"] == 0


def test_3_2_1_deploy_moves_troops_from_anywhere_to_one_space_even_a_railway():
    s, _ = run(deploy_board(), "box opsa", "op deploy", "space gaza", "done", "to rail-jerusalem")
    # Any space may send Troops, adjacent or not (Galilee and Haifa City are far from this Railway).
    assert legal(s)["troop"] == ["galilee", "haifa-city", "samaria", "gaza", "rail-haifa"]
    assert "to" not in legal(s)                             # one destination only
    s, _ = run(s, "troop galilee", "troop galilee", "troop haifa-city", "troop rail-haifa", "done", "done")
    assert sp(s, "rail-jerusalem") == space(troops=4)
    assert sp(s, "galilee")["troops"] == 0 and sp(s, "haifa-city")["troops"] == 2
    assert sp(s, "rail-haifa")["troops"] == 2 and sp(s, "gaza") == space(troops=1, police=1)


def test_3_2_1_deploy_troop_move_is_optional():
    s, _ = run(deploy_board(), "box opsa", "op deploy", "space gaza", "done", "done", "done")
    assert sp(s, "galilee")["troops"] == 2 and sp(s, "rail-haifa")["troops"] == 3
    assert engine.active_roles(s) == ["irgun"]


def test_3_2_1_limited_deploy_still_moves_troops_to_one_space():
    s, _ = run(deploy_board(), "box limited", "op deploy", "space galilee")
    assert "space" not in legal(s)
    s, _ = run(s, "done", "to lydda", "troop rail-haifa", "troop gaza", "troop samaria", "done")
    assert sp(s, "lydda") == space(troops=3)
    assert sp(s, "galilee") == space(troops=2, police=1, cells_u=1)
    assert engine.active_roles(s) == ["irgun"]


# -- 3.2.2 Patrol ----------------------------------------------------------------------------------

def patrol_board():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=2, cells_a=3)
    put(s, "samaria", cells_a=2)
    put(s, "gaza", police=1)
    put(s, "jerusalem-city", police=2)
    put(s, "rail-egypt", troops=1)                     # no Cells: not a destination
    return british(s)


def test_3_2_2_patrol_destinations_need_cells():
    s, _ = run(patrol_board(), "box opsa", "op patrol")
    assert legal(s)["space"] == ["galilee", "samaria"]


def test_3_2_2_patrol_moves_police_from_anywhere_and_removes_one_active_cell_per_police():
    s, _ = run(patrol_board(), "box opsa", "op patrol", "space galilee", "done")
    # Police from any space, adjacent or not, may move to the destination.
    assert sorted(legal(s)["move"]) == ["gaza galilee", "jerusalem-city galilee"]
    s, _ = run(s, "move jerusalem-city galilee", "move jerusalem-city galilee", "done", "space galilee")
    assert sp(s, "galilee") == space(troops=2, police=2, cells_u=2, cells_a=1)
    assert s["prison"] == 2
    assert sp(s, "jerusalem-city") == space()


def test_3_2_2_patrol_removes_in_one_destination_only():
    s, _ = run(patrol_board(), "box opsa", "op patrol", "space galilee", "space samaria", "done",
               "move jerusalem-city galilee", "move gaza samaria", "done", "space samaria")
    assert sp(s, "samaria") == space(police=1, cells_a=1)
    assert s["prison"] == 1
    while engine.active_roles(s) == ["british"]:
        assert "space" not in legal(s), "3.2.2: Cells are removed in one destination only"
        s, _ = run(s, "done")
    assert sp(s, "galilee") == space(troops=2, police=1, cells_u=2, cells_a=3)
    assert engine.active_roles(s) == ["irgun"]


def test_3_2_2_patrol_police_move_once_each():
    s, _ = run(patrol_board(), "box opsa", "op patrol", "space galilee", "space samaria", "done",
               "move gaza samaria")
    assert "samaria galilee" not in legal(s)["move"]      # the arrived cube stays (R-OP-8)
    assert sorted(legal(s)["move"]) == ["jerusalem-city galilee", "jerusalem-city samaria"]


def test_3_2_2_patrol_removal_space_needs_police():
    s, _ = run(patrol_board(), "box opsa", "op patrol", "space galilee", "space samaria", "done",
               "move gaza samaria", "done")
    assert legal(s)["space"] == ["samaria"]


def ug_patrol_board(*chits):
    s = clear(fresh())
    put(s, "galilee", police=2, cells_u=3)
    put(s, "samaria", police=3, cells_u=1, cells_a=1)
    return with_chits(british(s), *chits)


def test_3_2_2_patrol_removes_underground_cells_with_a_chit_of_enough_value():
    s, _ = run(ug_patrol_board(2), "box opsa", "op patrol", "space galilee", "done", "done", "space galilee")
    assert legal(s)["chit"] == ["2"]
    s, _ = run(s, "chit 2")
    assert sp(s, "galilee") == space(police=2, cells_u=1)     # two Police: two Cells at most
    assert s["prison"] == 2
    assert s["intel"]["held"] == [] and s["intel"]["bag"].count(2) == 3


def test_3_2_2_patrol_chits_add_up_in_the_space():
    s, _ = run(ug_patrol_board(1, 1), "box opsa", "op patrol", "space galilee", "done", "done",
               "space galilee", "chit 1")
    assert sp(s, "galilee")["cells_u"] == 2 and s["prison"] == 1
    s, _ = run(s, "chit 1")
    assert sp(s, "galilee")["cells_u"] == 1 and s["prison"] == 2
    assert s["intel"]["held"] == []


def test_3_2_2_patrol_zero_chit_cannot_pay_for_an_underground_cell():
    s, _ = run(ug_patrol_board(0), "box opsa", "op patrol", "space galilee", "done", "done", "space galilee")
    assert "chit" not in legal(s)
    assert sp(s, "galilee")["cells_u"] == 3 and s["intel"]["held"] == [0]


def test_3_2_2_patrol_underground_cells_count_against_the_police():
    """3.2.4 NOTE: "Underground Cells removed by spending Intel Chits still count towards the total number of
    pieces that may be removed by Patrol or Assault." 3 Police: the Active Cell and one Underground Cell
    paid by the 2 chit, whichever the British take first."""
    s, _ = run(ug_patrol_board(2), "box opsa", "op patrol", "space samaria", "done", "done", "space samaria")
    assert legal(s) == {"remove": ["active"], "chit": ["2"]}
    s, _ = run(s, "chit 2")
    assert legal(s) == {"remove": ["active", "underground"]}
    s, _ = run(s, "remove underground")
    assert sp(s, "samaria") == space(police=3)                 # the Active Cell then went without asking
    assert s["prison"] == 2


def test_3_2_2_patrol_unused_chit_value_is_lost():
    s = clear(fresh())
    put(s, "samaria", police=2, cells_u=1)
    s = with_chits(british(s), 2)
    s, _ = run(s, "box opsa", "op patrol", "space samaria", "done", "done", "space samaria", "chit 2")
    assert sp(s, "samaria") == space(police=2) and s["prison"] == 1
    assert s["intel"]["held"] == [] and s["intel"]["bag"].count(2) == 3


def test_3_2_2_patrol_police_capacity_limits_underground_removal():
    """3.2.2: "remove one Active Cell to Prison for each Police in the space": two Police, two removals in
    all, however the chit value would pay for more."""
    s = clear(fresh())
    put(s, "samaria", police=2, cells_u=2, cells_a=1)
    s = with_chits(british(s), 2)
    s, _ = run(s, "box opsa", "op patrol", "space samaria", "done", "done", "space samaria", "chit 2",
               "remove active")
    assert sp(s, "samaria") == space(police=2, cells_u=1)      # then one Underground Cell, without asking
    assert s["prison"] == 2


def test_3_2_2_patrol_intel_chits_may_take_underground_cells_first():
    """3.2.2: "remove one Active Cell to Prison for each Police in the space. Patrol may remove Underground
    Cells if the British player spends Intel Chits (1.6.1) equal to or greater in value than the number of
    Underground Cells removed." 3.1: the executing Faction chooses "the enemy pieces to be affected". Two
    Police, a chit of 2: the British take both Underground Cells and leave the Active ones (R-OP-3)."""
    s = clear(fresh())
    put(s, "samaria", police=2, cells_u=2, cells_a=2)
    s = with_chits(british(s), 2)
    s, _ = run(s, "box opsa", "op patrol", "space samaria", "done", "done", "space samaria")
    assert legal(s) == {"remove": ["active"], "chit": ["2"]}      # nothing removed before they choose
    assert sp(s, "samaria") == space(police=2, cells_u=2, cells_a=2)
    s, _ = run(s, "chit 2", "remove underground", "remove underground")
    assert sp(s, "samaria") == space(police=2, cells_a=2)
    assert s["prison"] == 2 and s["intel"]["held"] == []
    assert "remove" not in legal(s)                              # the two Police are used up


def test_3_1_patrol_removes_to_the_maximum_extent_once_targeted():
    """3.1: "Once targeted, a Faction's pieces are affected to the maximum extent possible." While an
    Active Cell can still go, the British may not stop; with none left they may decline to spend a chit
    on the Underground Cell (spending is a "may", 3.2.2)."""
    s = clear(fresh())
    put(s, "samaria", police=3, cells_u=1, cells_a=1)
    s = with_chits(british(s), 1)
    s, _ = run(s, "box opsa", "op patrol", "space samaria", "done", "done", "space samaria")
    assert "done" not in legal(s)
    with pytest.raises(EngineError) as e:
        engine.apply(s, "british", "done", NoChance())
    assert e.value.code == "illegal" and "maximum extent" in e.value.message and "3.1" in e.value.message
    s, _ = run(s, "remove active")
    assert legal(s) == {"chit": ["1"], "done": []}
    s, _ = run(s, "done")
    assert sp(s, "samaria") == space(police=3, cells_u=1) and s["intel"]["held"] == [1]


def test_3_2_2_patrol_without_a_usable_chit_active_cells_go_without_asking():
    """A forced consequence with one outcome is applied without asking: no chit of value 1 or more, so
    the Police remove Active Cells only, as many as they are."""
    s = clear(fresh())
    put(s, "samaria", police=2, cells_u=1, cells_a=3)
    s = with_chits(british(s), 0)
    s, _ = run(s, "box limited", "op patrol", "space samaria", "done", "done", "space samaria")
    assert sp(s, "samaria") == space(police=2, cells_u=1, cells_a=1) and s["prison"] == 2
    assert engine.active_roles(s) == ["irgun"]


# -- 3.2.3 Search ----------------------------------------------------------------------------------

def search_board():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=3)
    put(s, "haifa-district", troops=1, police=1, cells_u=3)
    put(s, "haifa-city", troops=2, police=1, cells_u=4)
    put(s, "rail-syria", cells_u=3)
    put(s, "gaza", troops=3)                          # not adjacent to any destination below
    return british(s)


def test_3_2_3_search_moves_only_adjacent_troops():
    s, _ = run(search_board(), "box opsa", "op search", "space rail-syria", "done")
    assert sorted(legal(s)["move"]) == ["galilee rail-syria", "haifa-city rail-syria",
                                        "haifa-district rail-syria"]


def test_3_2_3_search_movement_is_simultaneous():
    s, _ = run(search_board(), "box opsa", "op search", "space haifa-district", "space haifa-city", "done",
               "move galilee haifa-district", "move galilee haifa-district")
    # Haifa District's own Troop may still go on to Haifa City, but not those that just arrived.
    s2, _ = run(s, "move haifa-district haifa-city")
    assert "haifa-district haifa-city" not in legal(s2)["move"]
    assert sp(s2, "haifa-district")["troops"] == 2 and sp(s2, "haifa-city")["troops"] == 3


def test_3_2_3_search_keeps_the_curfew_of_a_destination_city_refilled_in_the_same_move():
    """3.2.3 "simultaneously move" and 1.10 "ever empty of British pieces": Haifa City's one Troop goes to the
    Railway while Haifa District's arrives, so the City is never empty and keeps its Curfew (ruling
    R-SEARCH-TOGETHER); left empty when the moves end, it loses it."""
    s = clear(fresh())
    put(s, "haifa-city", troops=1, curfew=1, cells_u=3)
    put(s, "haifa-district", troops=1, cells_u=1)
    put(s, "rail-syria", cells_u=1)
    s = british(s)
    s, _ = run(s, "box opsa", "op search", "space haifa-city", "space rail-syria", "done",
               "move haifa-city rail-syria")
    assert sp(s, "haifa-city")["troops"] == 0 and "sa" not in legal(s)   # the Curfew is held aside
    s2, log = run(s, "move haifa-district haifa-city", "done")
    assert sp(s2, "haifa-city")["curfew"] == 1 and not any("lifted" in e["text"] for e in log)
    s3, log = run(s, "done")
    assert sp(s3, "haifa-city")["curfew"] == 0
    assert any("Curfew in Haifa City was lifted" in e["text"] for e in log)


def test_3_2_3_search_districts_and_railways_activate_one_cell_per_two_cubes():
    s, _ = run(search_board(), "box opsa", "op search", "space haifa-district", "space rail-syria", "done",
               "move galilee rail-syria", "move galilee rail-syria", "move haifa-city rail-syria", "done")
    # Haifa District: 1 Troop + 1 Police = 2 cubes -> 1; the Railway: 3 Troops -> 1.
    assert sp(s, "haifa-district") == space(troops=1, police=1, cells_u=2, cells_a=1)
    assert sp(s, "rail-syria") == space(troops=3, cells_u=2, cells_a=1)
    s, _ = run(search_board(), "box opsa", "op search", "space haifa-district", "done",
               "move galilee haifa-district", "move galilee haifa-district", "done")
    assert sp(s, "haifa-district") == space(troops=3, police=1, cells_u=1, cells_a=2)   # 4 cubes -> 2
    assert sp(s, "haifa-district")["curfew"] == 0


def test_3_2_3_search_city_places_curfew_and_activates_one_per_three_cubes():
    s, _ = run(search_board(), "box opsa", "op search", "space haifa-city", "done", "done")
    assert legal(s) == {"curfew": []}                       # no chits held
    s, _ = run(s, "curfew")
    assert sp(s, "haifa-city") == space(troops=2, police=1, cells_u=3, cells_a=1, curfew=1)
    s, _ = run(search_board(), "box opsa", "op search", "space haifa-city", "done",
               "move haifa-district haifa-city", "done", "curfew")
    assert sp(s, "haifa-city") == space(troops=3, police=1, cells_u=3, cells_a=1, curfew=1)   # 4 cubes -> 1


def test_3_2_3_search_city_six_cubes_activate_two():
    s = search_board()
    put(s, "haifa-city", police=3)
    s, _ = run(s, "box opsa", "op search", "space haifa-city", "done", "done", "curfew")
    assert sp(s, "haifa-city") == space(troops=2, police=4, cells_u=2, cells_a=2, curfew=1)


def test_3_2_3_search_city_with_a_chit_activates_one_per_cube_and_places_no_curfew():
    s = with_chits(search_board(), 0)
    s, _ = run(s, "box opsa", "op search", "space haifa-city", "done", "done")
    assert legal(s) == {"curfew": [], "chit": ["0"]}        # a chit of any value, even 0
    s, _ = run(s, "chit 0")
    assert sp(s, "haifa-city") == space(troops=2, police=1, cells_u=1, cells_a=3)
    assert s["intel"]["held"] == [] and s["intel"]["bag"].count(0) == 3


def test_3_2_3_search_city_with_curfew_already_there_keeps_one():
    s = search_board()
    sp(s, "haifa-city")["curfew"] = 1
    s, _ = run(s, "box opsa", "op search", "space haifa-city", "done", "done", "curfew")
    assert sp(s, "haifa-city")["curfew"] == 1 and sp(s, "haifa-city")["cells_a"] == 1


# -- 3.2.4 Assault ---------------------------------------------------------------------------------

def test_3_2_4_assault_needs_troops_and_irgun_pieces():
    s = clear(fresh())
    put(s, "galilee", troops=2, caches=1)
    put(s, "samaria", troops=2)
    put(s, "gaza", police=2, cells_a=1)
    put(s, "lydda", troops=1, cells_u=1)
    s, _ = run(british(s), "box opsa", "op assault")
    assert legal(s)["space"] == ["galilee", "lydda"]


def test_3_2_4_assault_removes_one_active_piece_per_two_troops():
    s = clear(fresh())
    put(s, "galilee", troops=3, cells_a=3)
    put(s, "samaria", troops=5, cells_a=3)
    s, _ = run(british(s), "box opsa", "op assault", "space galilee", "space samaria", "done")
    assert sp(s, "galilee") == space(troops=3, cells_a=2)
    assert sp(s, "samaria") == space(troops=5, cells_a=1)


def test_3_2_4_assault_alternates_available_and_prison_starting_with_available():
    s = clear(fresh())
    put(s, "galilee", troops=6, cells_a=3)
    put(s, "samaria", troops=2, cells_a=1)
    s = british(s)
    avail = s["available"]["cells"]
    s, _ = run(s, "box opsa", "op assault", "space galilee")
    assert s["available"]["cells"] == avail + 2 and s["prison"] == 1          # Available, Prison, Available
    s, _ = run(s, "space samaria", "done")
    assert s["available"]["cells"] == avail + 2 and s["prison"] == 2          # the alternation goes on (R-OP-4)


def test_3_2_4_assault_removes_caches_only_when_no_cells_remain():
    s = clear(fresh())
    put(s, "galilee", troops=6, cells_a=1, cells_u=1, caches=2)
    s, _ = run(british(s), "box opsa", "op assault", "space galilee", "done")
    # The Underground Cell (no chit to remove it) shields both Caches.
    assert sp(s, "galilee") == space(troops=6, cells_u=1, caches=2)
    assert s["pw"] == 18 and s["intel"]["held"] == []


def test_3_2_4_assault_removes_caches_with_one_political_will_and_one_chit_each():
    s = clear(fresh())
    put(s, "galilee", troops=6, cells_a=1, caches=2)
    s = british(s)
    s, log = run(s, "box opsa", "op assault", "space galilee", "done", draws=[2, 0])
    assert sp(s, "galilee") == space(troops=6)
    assert s["pw"] == 20
    assert s["intel"]["held"] == [0, 2]
    assert s["available"]["caches"] == 5


def test_3_2_4_assault_cache_bonus_political_will_clamps_at_20():
    s = clear(fresh())
    put(s, "galilee", troops=2, caches=1)
    s = british(s)
    s["pw"] = 20
    s, _ = run(s, "box opsa", "op assault", "space galilee", "done", draws=[1])
    assert s["pw"] == 20 and s["intel"]["held"] == [1]


def test_3_2_4_assault_removes_underground_cells_with_chits():
    s = clear(fresh())
    put(s, "galilee", troops=4, cells_u=3)
    s = with_chits(british(s), 0, 2)
    s, _ = run(s, "box opsa", "op assault", "space galilee")
    assert legal(s) == {"done": [], "chit": ["2"]}           # a 0 chit cannot pay
    avail = s["available"]["cells"]
    s, _ = run(s, "chit 2", "done")
    assert sp(s, "galilee") == space(troops=4, cells_u=1)
    assert s["available"]["cells"] == avail + 1 and s["prison"] == 1
    assert s["intel"]["held"] == [0]


def test_3_2_4_note_chits_and_troops_enough_remove_underground_cell_then_cache():
    s = clear(fresh())
    put(s, "galilee", troops=4, cells_u=1, caches=1)
    s = with_chits(british(s), 1)
    s, _ = run(s, "box opsa", "op assault", "space galilee", "chit 1", "done", draws=[2])
    assert sp(s, "galilee") == space(troops=4)
    assert s["pw"] == 19 and s["intel"]["held"] == [2]


def test_3_2_4_note_underground_cell_counts_toward_the_total_removed():
    s = clear(fresh())
    put(s, "galilee", troops=3, cells_u=1, caches=1)
    s = with_chits(british(s), 1)
    s, _ = run(s, "box opsa", "op assault", "space galilee", "chit 1", "done")
    assert sp(s, "galilee") == space(troops=3, caches=1)     # one removal only: the Cell
    assert s["pw"] == 18


def test_3_2_4_note_chit_value_is_not_split_across_spaces():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=1)
    put(s, "samaria", troops=2, cells_u=1)
    s = with_chits(british(s), 2)
    s, _ = run(s, "box opsa", "op assault", "space galilee", "chit 2")
    assert sp(s, "galilee")["cells_u"] == 0
    s, _ = run(s, "space samaria")
    assert "chit" not in legal(s)                             # the unused point of the 2 is gone
    assert sp(s, "samaria")["cells_u"] == 1 and s["intel"]["held"] == []


def test_3_2_4_assault_removes_active_cells_before_underground_ones():
    """3.2.4: "First remove Active Cells, then remove Arms Caches only once no Cells remain (even
    Underground)." By default (ruling R-OP-3b, active-first) the Active Cell goes first, then the chit
    pays for one Underground Cell: four Troops, two removals."""
    s = clear(fresh())
    put(s, "galilee", troops=4, cells_a=1, cells_u=2)
    s = with_chits(british(s), 2)
    avail = s["available"]["cells"]
    s, _ = run(s, "box opsa", "op assault", "space galilee")
    assert sp(s, "galilee")["cells_a"] == 0 and s["available"]["cells"] == avail + 1
    assert legal(s) == {"chit": ["2"], "done": []}                 # no "remove underground" choice
    s, _ = run(s, "chit 2")
    assert sp(s, "galilee") == space(troops=4, cells_u=1) and s["prison"] == 1


def test_3_2_4_note_umpire_option_british_may_take_underground_cells_first():
    """The other reading of R-OP-3b (an umpire option, british-choose): "First remove Active Cells"
    orders Active Cells before Arms Caches; the 3.2.4 NOTE: Underground Cells removed by chits "still count
    towards the total". Two Troops, one removal: the British take the Underground Cell and leave the Active
    one; Cells alternate Available first, so it goes to Available."""
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_a=1, cells_u=1)
    s = with_chits(british(s), 1)
    s["rulings"] = {"R-OP-3b": "british-choose"}
    avail = s["available"]["cells"]
    s, _ = run(s, "box opsa", "op assault", "space galilee")
    assert legal(s) == {"remove": ["active"], "chit": ["1"]}
    s, _ = run(s, "chit 1")
    assert legal(s) == {"remove": ["active", "underground"]}
    s, _ = run(s, "remove underground")
    assert sp(s, "galilee") == space(troops=2, cells_a=1)
    assert s["available"]["cells"] == avail + 1 and s["prison"] == 0


def test_3_2_4_umpire_option_caches_still_only_once_no_cells_remain():
    """3.2.4 under british-choose (R-OP-3b): "remove Arms Caches only once no Cells remain (even
    Underground)": the British may not leave a Cell to take the Cache."""
    s = clear(fresh())
    put(s, "galilee", troops=4, cells_u=1, caches=1)
    s = with_chits(british(s), 1)
    s["rulings"] = {"R-OP-3b": "british-choose"}
    s, _ = run(s, "box opsa", "op assault", "space galilee")
    assert legal(s) == {"chit": ["1"], "done": []}
    held = s["intel"]["held"]
    s2, _ = run(s, "done")
    assert sp(s2, "galilee") == space(troops=4, cells_u=1, caches=1)
    s3, _ = run(s, "chit 1", draws=[2])
    assert sp(s3, "galilee") == space(troops=4) and s3["intel"]["held"] == [2] and held == [1]


# -- 1.10 Curfew removed when its City has no British piece --------------------------------------

def curfew_board():
    s = clear(fresh())
    put(s, "jerusalem-city", troops=1, curfew=1, cells_u=1)
    put(s, "tel-aviv-jaffa", police=1, curfew=1, cells_u=1)
    put(s, "haifa-city", troops=1, police=1, curfew=1)
    put(s, "galilee", cells_u=1)
    put(s, "jerusalem-district", cells_u=1)
    return british(s)


def test_1_10_curfew_removed_when_deploy_moves_the_last_troop_out():
    s, _ = run(curfew_board(), "box limited", "op deploy", "space haifa-city", "done", "to gaza",
               "troop jerusalem-city", "troop haifa-city", "done")
    assert sp(s, "jerusalem-city") == space(cells_u=1)                        # Curfew gone
    assert sp(s, "haifa-city") == space(police=2, curfew=1)                  # Police remain: stays


def test_1_10_curfew_removed_when_patrol_moves_the_last_police_out():
    s, _ = run(curfew_board(), "box limited", "op patrol", "space galilee", "done",
               "move tel-aviv-jaffa galilee")
    assert sp(s, "tel-aviv-jaffa") == space(cells_u=1)


def test_1_10_curfew_removed_when_search_moves_the_last_troop_out():
    s, _ = run(curfew_board(), "box limited", "op search", "space jerusalem-district", "done",
               "move jerusalem-city jerusalem-district")
    assert sp(s, "jerusalem-city") == space(cells_u=1)


def test_1_10_search_places_no_curfew_in_a_city_without_british_pieces():
    s = clear(fresh())
    put(s, "tel-aviv-jaffa", cells_u=2)
    put(s, "galilee", troops=2)
    s, _ = run(british(s), "box limited", "op search", "space tel-aviv-jaffa", "done", "done", "curfew")
    assert sp(s, "tel-aviv-jaffa") == space(cells_u=2), "1.10: a Curfew cannot stay in a City with no British"
    assert engine.active_roles(s) == ["irgun"]


def test_1_10_search_troop_leaving_its_curfew_city_lifts_it_and_none_is_placed_again():
    s, _ = run(curfew_board(), "box opsa", "op search", "space jerusalem-district", "space jerusalem-city", "done",
               "move jerusalem-city jerusalem-district", "done", "curfew")
    assert sp(s, "jerusalem-city") == space(cells_u=1)
    assert sp(s, "jerusalem-district") == space(troops=1, cells_u=1)     # 1 cube: no Cell Activated
