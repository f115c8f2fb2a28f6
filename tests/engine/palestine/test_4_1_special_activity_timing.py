"""A Special Activity run before, during or after its Operation (4.1) changes what the Operation's later
steps see: each Operation step reads the position as it stands, and a Travel's moving Cells are never
counted twice (issue 20, item 16; rulings R-OP-9, R-OP-5)."""

import pytest

import engine
from engine.core.chance import NoChance
from engine.core.errors import EngineError

from .helpers import board, legal, role, run, sp


def travel_board():
    """Irgun first on P31. Haifa City: 2 Underground Cells (the origin). Jerusalem City: Curfew, 3 Troops
    (a group moving in there is exposed). Tel Aviv-Jaffa: Curfew, 1 Police, 1 Underground Cell."""
    return board("P31", first="irgun", haifa_city={"cells_u": 2},
                 jerusalem_city={"troops": 3, "curfew": 1},
                 tel_aviv_jaffa={"police": 1, "curfew": 1, "cells_u": 1})


def test_4_1_no_special_activity_while_a_travel_origins_cells_are_moving():
    """4.1: "A Faction may execute its Special Activity at any one time immediately before, during, or
    after its Operation." 3.3.2 sets the state of "Cells moving from one origin space to one destination
    space" by the whole group, so the Special Activity waits until the origin is done (ruling R-OP-9)."""
    s, _ = run(travel_board(), "box opsa", "op travel")
    assert "sa" in legal(s)                                    # before the first origin
    s, _ = run(s, "space haifa-city", "move jerusalem-city underground")
    assert "sa" not in legal(s)
    with pytest.raises(EngineError) as e:
        engine.apply(s, "irgun", "sa propagandize", NoChance())
    assert e.value.code == "illegal" and "R-OP-9" in e.value.message
    s, _ = run(s, "done")
    assert "sa" in legal(s)                                    # between origins
    assert (sp(s, "jerusalem-city")["cells_u"], sp(s, "jerusalem-city")["cells_a"]) == (0, 1)


def test_4_3_2_propagandize_after_an_exposed_travel_group_leaves_no_negative_count():
    """The position of random game 4186 (issue 20, item 16): Travel moved one Underground Cell into a
    Curfew City with 3 cubes and Propagandize ran there before the origin's next move, which left -1
    Underground Cells when the group was set Active. 3.3.2: "Set Cells moving ... Active if ... the number
    of moving Cells plus the number of cubes in that destination exceeds three." 4.3.2: "If all Cells
    Underground, Activate one Cell." Now the Special Activity waits for the origin (R-OP-9): the group is
    Active, Propagandize finds an Active Cell and Activates none, and no count goes below zero."""
    s, _ = run(travel_board(), "box opsa", "op travel", "space haifa-city", "move jerusalem-city underground",
               "move rail-syria underground", "done", "sa propagandize", "space jerusalem-city")
    assert sp(s, "jerusalem-city")["cells_u"] == 0 and sp(s, "jerusalem-city")["cells_a"] == 1
    assert sp(s, "rail-syria")["cells_u"] == 1
    assert s["pw"] == 9
    assert all(v >= 0 for x in s["spaces"].values() for v in x.values())


def moved_and_unmoved_board():
    """Haifa City: 1 Underground Cell (origin). Tel Aviv-Jaffa: Curfew, 1 Police, 1 Underground Cell
    that has not moved."""
    return board("P31", first="irgun", haifa_city={"cells_u": 1},
                 tel_aviv_jaffa={"police": 1, "curfew": 1, "cells_u": 1})


def test_4_3_2_propagandize_during_travel_the_irgun_choose_a_moved_or_unmoved_cell():
    """4.1: "the executing Faction selects spaces and pieces affected". After a Travel moved a Cell into
    Tel Aviv-Jaffa (it may not move again, R-OP-5) beside one that has not moved, Propagandize there must
    Activate one (4.3.2: "If all Cells Underground, Activate one Cell"); which one decides what the City
    may still send if it becomes an origin."""
    s, _ = run(moved_and_unmoved_board(), "box opsa", "op travel", "space haifa-city",
               "move tel-aviv-jaffa underground", "done", "sa propagandize", "space tel-aviv-jaffa")
    assert role(s) == "irgun" and legal(s) == {"activate": ["moved", "unmoved"]}

    moved, _ = run(s, "activate moved", "space tel-aviv-jaffa")
    assert sp(moved, "tel-aviv-jaffa")["cells_u"] == 1 and sp(moved, "tel-aviv-jaffa")["cells_a"] == 1
    # the Cell that has not moved is still Underground and may Travel; the moved one may not
    assert "galilee underground" in legal(moved)["move"] and "galilee active" not in legal(moved)["move"]

    unmoved, _ = run(s, "activate unmoved", "space tel-aviv-jaffa")
    # the Cell that has not moved is the Active one now
    assert "galilee active" in legal(unmoved)["move"] and "galilee underground" not in legal(unmoved)["move"]
    assert moved["pw"] == unmoved["pw"] == 9


def test_4_3_2_propagandize_during_travel_with_only_moved_cells_asks_nothing():
    """Only Cells that have moved are there: the one Activated is one of them, nothing to choose."""
    s = board("P31", first="irgun", haifa_city={"cells_u": 1}, tel_aviv_jaffa={"police": 1, "curfew": 1},
              galilee={"cells_u": 1})
    s, _ = run(s, "box opsa", "op travel", "space haifa-city", "move tel-aviv-jaffa underground", "done",
               "sa propagandize", "space tel-aviv-jaffa")
    assert sp(s, "tel-aviv-jaffa")["cells_a"] == 1
    assert "tel-aviv-jaffa" not in legal(s)["space"]          # its one Cell has moved (R-OP-5)


def test_3_2_2_patrol_removal_reads_the_space_after_negotiate_refills_the_haganah_box():
    """4.1 lets Negotiate run between the Patrol's Police movement and its removal. 6.5.2: a shift away
    from 3 refills the box "First ... from Available, then from the map (with Irgun choosing which pieces
    to remove)". The removal then takes what is left in the space: one Cell, not the four counted when
    Galilee was selected."""
    s = board("P31", first="british", h=3, galilee={"police": 2, "cells_a": 4})
    s["prison"] += s["available"]["cells"]                    # none Available: the refill takes map Cells
    s["available"]["cells"] = 0
    s, _ = run(s, "box opsa", "op patrol", "space galilee", "done", "done", "sa negotiate", rolls=[6])
    assert s["haganah"] == 2 and role(s) == "irgun" and legal(s) == {"take": ["galilee active"]}
    s, _ = run(s, "take galilee active", "take galilee active", "take galilee active")
    assert role(s) == "british" and sp(s, "galilee")["cells_a"] == 1
    prison = s["prison"]
    s, _ = run(s, "space galilee")
    assert sp(s, "galilee")["cells_a"] == 0 and s["prison"] == prison + 1
    assert role(s) == "irgun"


def test_3_2_3_search_activates_what_mass_detention_left_during_its_troop_movement():
    """4.1: Mass Detention may run while the Search's Troops move; 3.2.3 then Activates "one Cell for every
    two cubes (moved or already there)" among the Cells the detention left (4.2.3: "Remove a die roll of
    Irgun Cells from the selected City and its adjacent District")."""
    s = board("P31", first="british", haifa_city={"troops": 3, "curfew": 1, "cells_u": 1},
              haifa_district={"troops": 4, "cells_u": 3})
    s, _ = run(s, "box opsa", "op search", "space haifa-district", "done", "sa mass-detention",
               "space haifa-city", "remove haifa-city underground", "remove haifa-district underground",
               rolls=[2])
    assert sp(s, "haifa-district")["cells_u"] == 2 and s["prison"] == 2
    s, _ = run(s, "done")
    assert sp(s, "haifa-district")["cells_u"] == 0 and sp(s, "haifa-district")["cells_a"] == 2
