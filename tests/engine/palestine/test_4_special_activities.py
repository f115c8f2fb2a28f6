"""Special Activities (4.0): Restore, Negotiate, Mass Detention, Silence, Propagandize, Terror; when a
Special Activity may run (4.1, 4.1.1); and the Haganah Track's pieces (6.5.2)."""

import pytest

import engine
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import EngineError
from engine.core.flow import Context
from engine.games.palestine import board as B
from engine.games.palestine.haganah import shift_haganah
from engine.testing import waiting

from .helpers import at_card, clear, fresh, legal, put, run, sp, to_prison

ZERO = {"troops": 0, "police": 0, "cells_u": 0, "cells_a": 0, "caches": 0, "sabotage": 0, "terror": 0, "curfew": 0}


def space(**pieces):
    return {**ZERO, **pieces}


def at(s, first):
    return at_card(s, "P31", first=first)


def set_haganah(s, value):
    """Puts the Haganah marker at *value* with the Track's boxes full as they would be (6.5.2)."""
    s["haganah"] = value
    if value < 4:
        s["haganah_slots"]["4"] = {"cells": 2, "caches": 1}
        s["available"]["cells"] -= 2
        s["available"]["caches"] -= 1
    if value < 3:
        s["haganah_slots"]["3"] = {"cells": 3}
        s["available"]["cells"] -= 3
    return s


# -- 4.2.1 Restore ---------------------------------------------------------------------------------

def restore_board():
    s = clear(fresh())
    put(s, "haifa-city", troops=1, police=1, sabotage=2, terror=1, curfew=1)
    put(s, "galilee", troops=2, police=1, cells_u=1, sabotage=1)     # Irgun present: no
    put(s, "samaria", troops=2, sabotage=1)                           # no Police: no
    put(s, "gaza", troops=2, police=1)
    return at(s, "british")


def test_4_2_1_restore_space_needs_troops_police_and_no_irgun():
    s, _ = run(restore_board(), "box opsa", "op deploy", "sa restore")
    assert legal(s) == {"space": ["haifa-city", "gaza"]}


def test_4_2_1_restore_removes_curfew_and_sabotage_then_flips_terror():
    s, _ = run(restore_board(), "box opsa", "op deploy", "sa restore", "space haifa-city")
    assert sp(s, "haifa-city") == space(troops=1, police=1, sabotage=1)
    assert sp(s, "galilee")["sabotage"] == 1 and sp(s, "samaria")["sabotage"] == 1


def test_4_2_1_restore_accompanies_only_deploy():
    for op in ("patrol", "search", "assault"):
        s, _ = run(restore_board(), "box opsa", f"op {op}")
        assert "restore" not in legal(s).get("sa", []), op
    s, _ = run(restore_board(), "box opsa", "op deploy")
    assert legal(s)["sa"] == ["restore", "negotiate"]


# -- 4.2.2 Negotiate -------------------------------------------------------------------------------

def negotiate_board(haganah=4, terror=0):
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=1)
    put(s, "jerusalem-city", troops=1, terror=terror)
    return at(set_haganah(s, haganah), "british")


def test_4_2_2_negotiate_roll_above_haganah_shifts_left():
    s, log = run(negotiate_board(3), "box opsa", "op patrol", "sa negotiate", rolls=[4])
    assert s["haganah"] == 2
    assert s["haganah_slots"]["3"] == {"cells": 3}            # refilled from Available (6.5.2)
    assert engine.active_roles(s) == ["british"] and "space" in legal(s)


def test_4_2_2_negotiate_roll_not_above_haganah_fails():
    s, _ = run(negotiate_board(4), "box opsa", "op patrol", "sa negotiate", rolls=[4])
    assert s["haganah"] == 4 and s["haganah_slots"]["4"] == {"cells": 0, "caches": 0}


def test_4_2_2_negotiate_adds_one_per_terror_marker_on_the_map():
    s = negotiate_board(4, terror=1)
    sp(s, "galilee")["terror"] = 1
    s2, _ = run(s, "box opsa", "op search", "sa negotiate", rolls=[3])        # 3 + 2 = 5 > 4
    assert s2["haganah"] == 3
    s3, _ = run(s, "box opsa", "op search", "sa negotiate", rolls=[2])        # 2 + 2 = 4
    assert s3["haganah"] == 4


def test_4_2_2_negotiate_at_haganah_zero_draws_a_chit_instead_of_rolling():
    s, log = run(negotiate_board(0), "box opsa", "op deploy", "sa negotiate", draws=[1])
    assert s["haganah"] == 0 and s["intel"]["held"] == [1]


def test_4_2_2_negotiate_from_one_to_zero():
    s, _ = run(negotiate_board(1), "box opsa", "op patrol", "sa negotiate", rolls=[2])
    assert s["haganah"] == 0 and s["intel"]["held"] == []


def test_4_2_2_negotiate_accompanies_deploy_patrol_search_not_assault():
    for op in ("deploy", "patrol", "search"):
        s, _ = run(negotiate_board(), "box opsa", f"op {op}")
        assert "negotiate" in legal(s)["sa"], op
    s, _ = run(negotiate_board(), "box opsa", "op assault")
    assert "negotiate" not in legal(s).get("sa", [])


# -- 4.2.3 Mass Detention ------------------------------------------------------------------------

def detention_board():
    s = clear(fresh())
    put(s, "tel-aviv-jaffa", troops=3, curfew=1, cells_u=1, cells_a=1)
    put(s, "lydda", cells_u=1)
    put(s, "rail-egypt", cells_u=2)                                 # adjacent Railway: not part of it
    put(s, "jerusalem-city", troops=2, police=2, curfew=1, cells_u=1)  # only 2 Troops: no
    put(s, "haifa-city", troops=4, cells_u=1)                       # no Curfew: no
    put(s, "galilee", troops=2, cells_a=1)
    return at(s, "british")


def test_4_2_3_mass_detention_city_needs_curfew_and_three_troops():
    s, _ = run(detention_board(), "box opsa", "op assault", "sa mass-detention")
    assert legal(s) == {"space": ["tel-aviv-jaffa"]}


def test_4_2_3_mass_detention_removes_die_roll_of_cells_and_excess_lowers_will():
    s, _ = run(detention_board(), "box opsa", "op assault", "sa mass-detention", "space tel-aviv-jaffa",
               rolls=[5])
    assert legal(s) == {"remove": ["tel-aviv-jaffa underground", "tel-aviv-jaffa active", "lydda underground"]}
    s, _ = run(s, "remove tel-aviv-jaffa underground", "remove tel-aviv-jaffa active", "remove lydda underground")
    assert sp(s, "tel-aviv-jaffa") == space(troops=3, curfew=1)
    assert sp(s, "lydda") == space()
    assert sp(s, "rail-egypt")["cells_u"] == 2
    assert s["prison"] == 3
    assert s["pw"] == 16                                           # 5 - 3 = 2 lost (4.2.3 EXAMPLE)
    assert engine.active_roles(s) == ["british"]
    assert legal(s) == {"space": ["galilee", "haifa-city", "jerusalem-city"]}     # Tel Aviv-Jaffa emptied


def test_4_2_3_mass_detention_roll_below_cells_removes_exactly_the_roll():
    s = detention_board()
    put(s, "lydda", cells_a=2)
    s, _ = run(s, "box opsa", "op search", "sa mass-detention", "space tel-aviv-jaffa",
               "remove lydda active", "remove tel-aviv-jaffa underground", rolls=[2])
    assert s["prison"] == 2 and s["pw"] == 18
    assert sp(s, "lydda") == space(cells_u=1, cells_a=1)
    assert sp(s, "tel-aviv-jaffa") == space(troops=3, curfew=1, cells_a=1)
    assert "remove" not in legal(s)


def test_4_2_3_mass_detention_accompanies_search_and_assault_only():
    s, _ = run(detention_board(), "box opsa", "op search")
    assert "mass-detention" in legal(s)["sa"]
    for op in ("deploy", "patrol"):
        s, _ = run(detention_board(), "box opsa", f"op {op}")
        assert "mass-detention" not in legal(s).get("sa", []), op


# -- 4.3.1 Silence ---------------------------------------------------------------------------------

def silence_board():
    s = clear(fresh())
    put(s, "samaria", police=2, cells_u=2)                     # 2 >= 2: yes
    put(s, "galilee", police=2, cells_u=1, cells_a=3)          # Active Cells do not count: no
    put(s, "tel-aviv-jaffa", police=1, curfew=1, cells_u=1)    # the last British piece
    put(s, "lydda", caches=1)
    return at(s, "irgun")


def test_4_3_1_silence_needs_as_many_underground_cells_as_police():
    s, _ = run(silence_board(), "box opsa", "op recruit", "sa silence")
    assert legal(s) == {"space": ["samaria", "tel-aviv-jaffa"]}


def test_4_3_1_silence_removes_one_police_to_available():
    s = silence_board()
    avail = s["available"]["police"]
    s, _ = run(s, "box opsa", "op rob", "sa silence", "space samaria")
    assert sp(s, "samaria") == space(police=1, cells_u=2)
    assert s["available"]["police"] == avail + 1


def test_1_10_silence_of_the_last_police_lifts_the_curfew():
    s, _ = run(silence_board(), "box opsa", "op travel", "sa silence", "space tel-aviv-jaffa")
    assert sp(s, "tel-aviv-jaffa") == space(cells_u=1)


# -- 4.3.2 Propagandize ----------------------------------------------------------------------------

def propaganda_board():
    s = clear(fresh())
    put(s, "haifa-city", troops=1, curfew=1, cells_u=2)
    put(s, "tel-aviv-jaffa", police=1, curfew=1, cells_u=1, cells_a=1)
    put(s, "jerusalem-city", troops=1, curfew=1, cells_u=1)
    put(s, "galilee", cells_u=1)
    return at(s, "irgun")


def test_4_3_2_propagandize_activates_only_if_all_cells_underground():
    s, _ = run(propaganda_board(), "box opsa", "op travel", "sa propagandize")
    assert legal(s) == {"space": ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"]}
    s, _ = run(s, "space haifa-city", "space tel-aviv-jaffa")
    assert sp(s, "haifa-city") == space(troops=1, curfew=1, cells_u=1, cells_a=1)
    assert sp(s, "tel-aviv-jaffa") == space(police=1, curfew=1, cells_u=1, cells_a=1)
    assert s["pw"] == 16


def test_4_3_2_propagandize_up_to_two_cities():
    s, _ = run(propaganda_board(), "box opsa", "op travel", "sa propagandize", "space jerusalem-city")
    assert legal(s) == {"space": ["haifa-city", "tel-aviv-jaffa"], "done": []}
    s1, _ = run(s, "done")
    assert s1["pw"] == 17 and waiting(s1)["p"] == "pal.op.travel"
    s2, _ = run(s, "space haifa-city")
    assert s2["pw"] == 16 and waiting(s2)["p"] == "pal.op.travel"    # a third City is not offered


def test_4_3_2_propagandize_needs_a_cell_and_a_curfew():
    s = propaganda_board()
    sp(s, "jerusalem-city")["curfew"] = 0
    s["available"]["cells"] += sp(s, "haifa-city")["cells_u"]
    sp(s, "haifa-city")["cells_u"] = 0
    s, _ = run(s, "box opsa", "op travel", "sa propagandize")
    assert legal(s) == {"space": ["tel-aviv-jaffa"]}


# -- 4.3.3 Terror ----------------------------------------------------------------------------------

def terror_board():
    s = clear(fresh())
    put(s, "jerusalem-city", troops=1, police=1, cells_u=2)
    put(s, "haifa-city", cells_u=1)
    put(s, "galilee", cells_u=1)
    put(s, "samaria", police=1, cells_u=1)
    return at(s, "irgun")


def test_4_3_3_terror_only_in_a_city_and_only_with_sabotage():
    s, _ = run(terror_board(), "box opsa", "op sabotage", "space galilee")
    assert "terror" not in legal(s)
    s, _ = run(s, "roll", "space haifa-city", rolls=[1])
    assert "terror" in legal(s)
    for op in ("recruit", "travel", "rob"):
        s, _ = run(terror_board(), "box opsa", f"op {op}")
        assert "terror" not in legal(s).get("sa", []) and "terror" not in legal(s), op


def test_4_3_3_terror_declared_before_the_roll_places_terror_instead_of_sabotage():
    s, log = run(terror_board(), "box opsa", "op sabotage", "space haifa-city", "terror", "roll", rolls=[3])
    assert sp(s, "haifa-city") == space(cells_a=1, terror=1)
    assert s["haganah"] == 4


def test_4_3_3_terror_cannot_be_declared_after_the_roll():
    s, _ = run(terror_board(), "box opsa", "op sabotage", "space haifa-city", "roll", rolls=[4])
    assert sp(s, "haifa-city") == space(cells_a=1, sabotage=1)
    assert "terror" not in legal(s)


def test_4_3_3_terror_six_places_two_and_shifts_haganah_left():
    s, _ = run(terror_board(), "box opsa", "op sabotage", "space haifa-city", "terror", "roll", rolls=[6])
    assert sp(s, "haifa-city") == space(cells_a=1, terror=2)
    assert s["haganah"] == 3 and s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}


def test_4_3_3_terror_police_lower_the_modified_roll_below_six():
    s, _ = run(terror_board(), "box opsa", "op sabotage", "space jerusalem-city", "terror", "roll", rolls=[6])
    assert sp(s, "jerusalem-city") == space(troops=1, police=1, cells_u=1, cells_a=1, terror=1)
    assert s["haganah"] == 4


def test_4_3_3_terror_failed_roll_places_nothing():
    s, _ = run(terror_board(), "box opsa", "op sabotage", "space jerusalem-city", "terror", "roll", rolls=[3])
    assert sp(s, "jerusalem-city") == space(troops=1, police=1, cells_u=1, cells_a=1)


def test_4_3_3_terror_is_the_special_activity_one_city_only():
    s, _ = run(terror_board(), "box opsa", "op sabotage", "space haifa-city", "terror", "roll",
               "space jerusalem-city", rolls=[1])
    assert "terror" not in legal(s)
    assert "sa" not in legal(s)                    # Silence (Samaria) no longer allowed: the SA is used


# -- 4.1 when the Special Activity runs ------------------------------------------------------------

def timing_board():
    s = clear(fresh())
    put(s, "galilee", cells_u=1)
    put(s, "samaria", police=2, cells_u=2)
    return at(s, "irgun")


def test_4_1_special_activity_before_the_operation():
    s, _ = run(timing_board(), "box opsa", "op sabotage", "sa silence", "space samaria")
    assert sp(s, "samaria") == space(police=1, cells_u=2)
    s, _ = run(s, "space samaria", "roll", rolls=[3])                 # 3 - 1 = 2: fails
    assert sp(s, "samaria") == space(police=1, cells_u=1, cells_a=1)
    assert "sa" not in legal(s)


def test_4_1_special_activity_during_the_operation_rulebook_example():
    # 4.1 EXAMPLE: Sabotage in one space, Silence in another, then Sabotage there.
    s, _ = run(timing_board(), "box opsa", "op sabotage", "space galilee", "roll", rolls=[3])
    assert legal(s)["sa"] == ["silence"]
    s, _ = run(s, "sa silence", "space samaria", "space samaria", "roll", "done", rolls=[4])
    assert sp(s, "galilee") == space(cells_a=1, sabotage=1)
    assert sp(s, "samaria") == space(police=1, cells_u=1, cells_a=1, sabotage=1)   # 4 - 1 = 3
    assert engine.active_roles(s) == ["british"]


def test_4_1_special_activity_after_the_operation():
    s, _ = run(timing_board(), "box opsa", "op sabotage", "space samaria", "roll", "done", rolls=[4])
    assert sp(s, "samaria") == space(police=2, cells_u=1, cells_a=1)      # 4 - 2 = 2: fails
    assert engine.active_roles(s) == ["british"]   # no Silence possible (1 Underground vs 2 Police): over
    s = timing_board()
    s, _ = run(s, "box opsa", "op sabotage", "space galilee", "roll", "done", rolls=[1])
    assert legal(s) == {"done": [], "sa": ["silence"]}
    s, _ = run(s, "sa silence", "space samaria")
    assert sp(s, "samaria") == space(police=1, cells_u=2)
    assert engine.active_roles(s) == ["british"]


def test_4_1_only_one_special_activity():
    s, _ = run(timing_board(), "box opsa", "op rob", "sa silence", "space samaria")
    assert "sa" not in legal(s)
    assert waiting(s)["sa"] == "used"


# -- 6.5.2 the Haganah Track's pieces -----------------------------------------------------------

def refill_board(avail_cells, map_cells, prison, avail_caches=0):
    """Haganah at 4; Negotiate will shift it to 3 and box 4 (2 Cells, 1 Cache) must be filled."""
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=1)                  # Patrol destination
    put(s, "samaria", cells_a=map_cells)
    put(s, "lydda", caches=2)
    put(s, "jerusalem-district", caches=2)                  # at most two a space (1.4.2)
    put(s, "gaza", caches=1 - avail_caches) if avail_caches < 1 else None
    rest = s["available"]["cells"] - avail_cells - prison
    put(s, "rail-haifa", cells_u=rest) if rest > 0 else None
    to_prison(s, prison)
    assert s["available"]["cells"] == avail_cells
    return at(s, "british")


def test_6_5_2_refill_takes_available_pieces_first():
    s, _ = run(refill_board(5, 1, 0, avail_caches=1), "box opsa", "op patrol", "sa negotiate", rolls=[5])
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert s["available"]["cells"] == 3 and s["available"]["caches"] == 0
    assert sp(s, "samaria")["cells_a"] == 1
    assert engine.active_roles(s) == ["british"]


def test_6_5_2_refill_then_irgun_chooses_map_pieces():
    s, _ = run(refill_board(1, 1, 3), "box opsa", "op patrol", "sa negotiate", rolls=[6])
    assert engine.active_roles(s) == ["irgun"]
    assert s["haganah_slots"]["4"] == {"cells": 1, "caches": 0}
    assert sorted(legal(s)["take"]) == sorted(["galilee underground", "samaria active", "rail-haifa underground",
                                               "lydda cache", "jerusalem-district cache", "gaza cache"])
    s, _ = run(s, "take lydda cache", "take rail-haifa underground")
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert s["prison"] == 3                                   # Prison untouched: the map could supply
    assert sp(s, "lydda")["caches"] == 1 and sp(s, "rail-haifa")["cells_u"] == 8
    assert engine.active_roles(s) == ["british"] and "space" in legal(s)


def test_6_5_2_refill_from_prison_last():
    s = clear(fresh())
    put(s, "galilee", troops=2)
    put(s, "jerusalem-city", troops=1, terror=0)
    put(s, "lydda", caches=2)
    put(s, "gaza", caches=2)
    put(s, "samaria", caches=1)
    to_prison(s, s["available"]["cells"])                     # no Cell Available or on the map
    s = at(s, "british")
    s, _ = run(s, "box opsa", "op deploy", "sa negotiate", rolls=[6])
    assert engine.active_roles(s) == ["irgun"]                # the Cache must come from the map
    assert legal(s) == {"take": ["samaria cache", "lydda cache", "gaza cache"]}
    s, _ = run(s, "take gaza cache")
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert s["prison"] == 13


def test_6_5_2_refill_map_cells_before_prison():
    s = clear(fresh())
    put(s, "galilee", troops=2, cells_u=1)
    to_prison(s, s["available"]["cells"])
    s = at(s, "british")
    s, _ = run(s, "box opsa", "op patrol", "sa negotiate", rolls=[6])
    assert legal(s) == {"take": ["galilee underground"]}      # no "done": the map comes before Prison
    s, _ = run(s, "take galilee underground")
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert s["prison"] == 13 and sp(s, "galilee")["cells_u"] == 0


def test_6_5_2_box_3_refilled_when_leaving_3():
    s = set_haganah(clear(fresh()), 3)
    put(s, "galilee", troops=2, cells_u=1)
    s = at(s, "british")
    s, _ = run(s, "box opsa", "op patrol", "sa negotiate", rolls=[4])
    assert s["haganah"] == 2 and s["haganah_slots"]["3"] == {"cells": 3}
    assert s["available"]["cells"] == 15 - 1 - 2 - 3


def ctx(s):
    return Context(s, Recorder(ScriptedChance()), engine.definition("palestine").rules)


@pytest.mark.parametrize("start,box,pieces", [(2, "3", {"cells": 3, "caches": 0}),
                                              (3, "4", {"cells": 2, "caches": 1})])
def test_6_5_2_shift_right_releases_the_box_pieces_to_available(start, box, pieces):
    # Only Events shift the Track right (6.5.1); the Track helper they use is exercised directly.
    s = set_haganah(clear(fresh()), start)
    before = dict(s["available"])
    g = ctx(s)
    assert shift_haganah(g, 1, "test") == 1
    assert s["haganah"] == start + 1
    assert all(v == 0 for v in s["haganah_slots"][box].values())
    assert s["available"]["cells"] == before["cells"] + pieces["cells"]
    assert s["available"]["caches"] == before["caches"] + pieces["caches"]
    assert B.count_pieces(s) == B.TOTALS


def test_6_5_1_no_operation_or_special_activity_shifts_the_track_right():
    s = set_haganah(clear(fresh()), 2)
    put(s, "galilee", troops=2, cells_u=1)
    s = at(s, "british")
    s, _ = run(s, "box opsa", "op patrol", "sa negotiate", rolls=[1])
    assert s["haganah"] == 2


def test_6_5_2_terror_refill_waits_for_the_irgun_choice_then_sabotage_goes_on():
    s = clear(fresh())
    put(s, "haifa-city", cells_u=1)
    put(s, "galilee", cells_u=1)
    put(s, "gaza", cells_a=s["available"]["cells"])           # no Cell Available
    s = at(s, "irgun")
    s, _ = run(s, "box opsa", "op sabotage", "space haifa-city", "terror", "roll", rolls=[6])
    assert s["haganah"] == 3 and sp(s, "haifa-city")["terror"] == 2
    assert waiting(s)["p"] == "pal.haganah_refill" and engine.active_roles(s) == ["irgun"]
    assert s["haganah_slots"]["4"] == {"cells": 0, "caches": 1}   # the Cache came from Available
    s, _ = run(s, "take gaza active", "take haifa-city active")
    assert s["haganah_slots"]["4"] == {"cells": 2, "caches": 1}
    assert sp(s, "haifa-city") == space(terror=2)
    assert waiting(s)["p"] == "pal.op.sabotage"
    s, _ = run(s, "space galilee", "roll", "done", rolls=[3])
    assert sp(s, "galilee") == space(cells_a=1, sabotage=1)


def test_4_1_restore_during_deploy_after_police_placed():
    s = clear(fresh())
    put(s, "gaza", troops=1, sabotage=1)
    put(s, "galilee", troops=2, cells_u=1)
    s = at(s, "british")
    s, _ = run(s, "box opsa", "op deploy")
    assert "restore" not in legal(s)["sa"]                      # Gaza has no Police yet
    s, _ = run(s, "space gaza", "sa restore", "space gaza")
    assert sp(s, "gaza") == space(troops=1, police=1)
    s, _ = run(s, "done", "to rail-egypt", "troop galilee", "done")
    assert sp(s, "rail-egypt") == space(troops=1) and engine.active_roles(s) == ["irgun"]


def test_7_0_1_political_will_at_zero_outside_propaganda_is_not_yet_a_victory():
    s = propaganda_board()
    s["pw"] = 1
    s, _ = run(s, "box opsa", "op travel", "sa propagandize", "space haifa-city", "space jerusalem-city")
    assert s["pw"] == 0
    assert s["outcome"] is None and engine.active_roles(s) == ["irgun"]


# -- 4.3.3 Terror is the Operation's Special Activity (issue 20, item 20: no Terror by a frame flag) -----

def test_4_3_3_terror_only_as_the_special_activity_of_its_sabotage():
    """4.3.3: "Terror may only accompany Sabotage (3.3.3) and must be declared before rolling"; 4.1: one
    Special Activity with an Operation, none with a Limited one (2.3.4). A Limited Sabotage in a City
    offers no Terror and says why; a full one offers it once, and declaring it uses the Special
    Activity, so Silence is no longer offered."""
    s = terror_board()
    lim, _ = run(s, "box limited", "op sabotage", "space jerusalem-city")
    assert "terror" not in legal(lim)
    with pytest.raises(EngineError) as e:
        engine.apply(lim, "irgun", "terror", ScriptedChance())
    assert "2.3.4" in e.value.message and "4.1" in e.value.message
    full, _ = run(s, "box opsa", "op sabotage", "space jerusalem-city", "terror")
    assert waiting(full)["sa"] == "used" and "terror" not in legal(full)
    full, _ = run(full, "roll", rolls=[6])
    assert sp(full, "jerusalem-city")["terror"] == 1 and "sa" not in legal(full)


def test_3_2_1_deploy_always_offers_its_troop_move():
    """3.2.1: "Then, even if a Limited Operation (2.3.4), may move any Troops from anywhere on the map to
    one space" (an Event's Deploy too, P8 Tip): the Troop move always follows the Police placement."""
    s = clear(fresh())
    put(s, "galilee", troops=2)
    put(s, "gaza", troops=1)
    for box in ("limited", "opsa"):
        t, _ = run(at(s, "british"), f"box {box}", "op deploy", "space galilee", "done")
        assert legal(t)["to"] == list(B.SPACES) and "done" in legal(t)
    t = at_card(engine.loads(engine.dumps(s)), "P8", first="british")
    t, _ = run(t, "box event", "unshaded", "space galilee", "done")
    assert "to" in legal(t)
