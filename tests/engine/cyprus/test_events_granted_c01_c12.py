"""Cyprus Event cards that grant Operations or Special Activities, with their other texts (rule 5, 9.0
L3643-3759): C1 Makarios III, C2 Georgios Grivas, C3 AKEL, C6 Operation Pepperpot, C8 School Children Revolt,
C12 Hugh Foot. Each text as printed and in order, who makes each choice (5.1, ruling R-EVENT-FACTION), "may"
(declined) against a text that must be carried out (5.1.3), the counts, the Intelligence Lead and Offensive
(ruling R-EVENT-LEAD), the texts not offered where they can change nothing (5.1.3), and Eligibility left alone
by the granted Operations and Special Activities (4.1 L3422, ruling R-FREE-OPS).

The texts are started as the Event box starts them (``EVENTS.start``) on a Context built by hand, and orders
are given with the driver of helpers.py, as ``engine.api`` applies them (the same legality test and refusal),
the invariants checked after each.
"""

from __future__ import annotations

import pytest

from engine.core import canonical
from engine.core.flow import Context
from engine.games.cyprus import british_ops, eoka_ops, special  # noqa: F401  (register the Operations and SAs)

from . import helpers
from .helpers import (
    at_card,
    do,
    legal,
    over,
    position,
    proc,
    prompt_text,
    refused,
    role,
    said,
    sides,
    sp,
    space,
)

# -- helpers (this file's own) ----------------------------------------------------------------------------------

def execute(g: Context, cid: str, side: str, faction: str = "british") -> Context:
    """*faction* executes the *side* text of *cid* (helpers.execute); Eligibility is the Event box's, so the
    text must leave it as it was (4.1, ruling R-FREE-OPS: checked here and by :func:`order`)."""
    g.s["flags"]["test_eligible"] = canonical.copy([g.s["eligible"], g.s["boxes"]])
    helpers.execute(g, cid, side, faction)
    untouched(g)
    return g


def untouched(g: Context) -> None:
    assert [g.s["eligible"], g.s["boxes"]] == g.s["flags"]["test_eligible"]


def order(g: Context, *actions: str) -> Context:
    """Gives *actions* with the driver of helpers.py (``do``), Eligibility left as it was after each."""
    return do(g, *actions, after=untouched)


# -- C1 Makarios III ----------------------------------------------------------------------------------------------

def test_c1_shaded_shifts_international_opinion_two_steps_right():
    g = execute(position(io=1), "C1", "shaded", "eoka")
    assert g.s["io"] == 3 and over(g)
    assert "International Opinion moved from Discussed (1) to Criticized (3) (Makarios III)" in said(g)


def test_c1_shaded_stops_at_condemned_and_is_not_offered_there():
    g = execute(position(io=3), "C1", "shaded", "british")
    assert g.s["io"] == 4
    assert "shaded" not in sides(g, "C1", "eoka")


# -- C2 Georgios Grivas -------------------------------------------------------------------------------------------

def test_c2_unshaded_british_assault_one_space_removing_arms_caches_first():
    """L3655: "In a space with British Troops, Assault removing any Arms Caches first": each Cache +1 Political
    Will and a chit (3.2.4); the British choose the space whoever executes (ruling R-EVENT-FACTION)."""
    g = position(draws=(2,), nicosia={"troops": 2, "cells_a": 1, "caches": 1}, limassol={"troops": 1, "cells_a": 1})
    execute(g, "C2", "unshaded", "eoka")
    assert proc(g) == "cy.op.assault" and role(g) == "british"
    assert legal(g) == {"space": ["nicosia", "limassol"]}           # no "may": no done before a space
    assert "lead" not in legal(g)                                     # one space, fixed (ruling R-EVENT-LEAD)
    refused(g, "done", match=r"select at least one space first")
    order(g, "space nicosia")
    assert sp(g, "nicosia") == space(troops=2)                        # the Cache first, then the Active Cell
    assert g.s["pw"] == 11 and g.s["intel"]["held"] == [2]
    assert said(g).index("Arms Caches first") < said(g).index("British removed an Active Cell")
    refused(g, "space limassol", match=r"already has its 1 space\(s\).*the Event grants 1 space")
    order(g, "done")
    assert over(g) and sp(g, "limassol") == space(troops=1, cells_a=1)
    assert "Georgios Grivas: the British began an Assault." in said(g)


def test_c2_unshaded_only_spaces_where_the_assault_removes_something():
    """5.1.3: the Assault is made where it can remove a piece: one Troop in a Mountain removes none (3.2.4), an
    Underground Cell alone needs a chit worth 1 or more (1.6.1)."""
    g = position(chits=(0,), troodos={"troops": 1, "caches": 1}, kyrenia={"troops": 2, "cells_u": 1, "caches": 1},
                 larnaca={"troops": 3, "cells_u": 2})
    execute(g, "C2", "unshaded", "british")
    assert legal(g) == {"space": ["kyrenia"]}
    refused(g, "space larnaca", match=r"Georgios Grivas \(C2\): this Assault may select only Kyrenia")


@pytest.mark.parametrize(("chit", "offered"), [(0, False), (1, True)])
def test_c2_unshaded_not_offered_where_the_assault_could_remove_nothing(chit, offered):
    """A chit of 1 or more pays for Larnaca's Underground Cell (1.6.1); one of 0 pays for nothing."""
    g = position(chits=(chit,), troodos={"troops": 1, "caches": 1}, larnaca={"troops": 3, "cells_u": 2},
                 nicosia={"police": 3, "cells_a": 1})
    assert ("unshaded" in sides(at_card(g, "C2"), "C2", "british")) is offered


# -- C3 AKEL ------------------------------------------------------------------------------------------------------

def test_c3_unshaded_limited_patrol_then_political_will_up_one():
    g = position(pw=9, nicosia={"police": 2, "cells_a": 1}, limassol={"police": 1, "cells_a": 1})
    execute(g, "C3", "unshaded", "eoka")
    assert proc(g) == "cy.op.patrol" and role(g) == "british"        # "British may": the British decide
    assert "done" in legal(g)                                         # "may": they may decline
    order(g, "space nicosia")
    refused(g, "space limassol", match=r"this Limited Patrol already has its 1 space\(s\) \(Nicosia\)")
    assert g.s["pw"] == 9                                             # "then": after the Patrol
    order(g, "done", "move limassol nicosia", "done", "space nicosia")
    assert over(g)
    assert sp(g, "nicosia") == space(police=3) and g.s["prison"] == 1
    assert g.s["pw"] == 10
    assert said(g).index("Patrol removed") < said(g).index("Political Will")


def test_c3_unshaded_political_will_rises_even_if_the_british_decline_the_patrol():
    """Ruling R-C3: the rise does not depend on the Patrol."""
    g = position(pw=9, nicosia={"police": 2, "cells_a": 1})
    execute(g, "C3", "unshaded", "british")
    order(g, "done")
    assert over(g) and g.s["pw"] == 10 and sp(g, "nicosia") == space(police=2, cells_a=1)


def test_c3_unshaded_intelligence_lead_may_add_a_space():
    """Ruling R-EVENT-LEAD: a Limited Operation whose space the text does not fix may take the Lead."""
    g = position(chits=(1,), nicosia={"police": 1, "cells_a": 1}, limassol={"police": 1, "cells_a": 1})
    execute(g, "C3", "unshaded", "british")
    assert legal(g)["lead"] == ["1"]
    order(g, "lead 1", "space nicosia", "space limassol")
    assert g.top()["max"] == 2


def test_c3_unshaded_with_no_patrol_possible_only_political_will_rises():
    g = position(pw=3, troodos={"police": 1, "cells_a": 1}, nicosia={"troops": 1})
    execute(g, "C3", "unshaded", "british")
    assert over(g) and g.s["pw"] == 4
    assert "AKEL: the British could conduct no Limited Patrol: Patrol has no space it may select" in said(g)


def test_c3_unshaded_at_political_will_15_only_the_patrol_is_left():
    g = position(pw=15, nicosia={"troops": 1})
    assert "unshaded" not in sides(at_card(g, "C3"), "C3")            # nothing it could change (5.1.3)
    g = position(pw=15, nicosia={"police": 1, "cells_a": 1})
    execute(g, "C3", "unshaded", "british")
    order(g, "space nicosia", "done", "done", "space nicosia")
    assert over(g) and g.s["pw"] == 15 and g.s["prison"] == 1


# -- C6 Operation Pepperpot ---------------------------------------------------------------------------------------

def test_c6_unshaded_british_move_cubes_from_anywhere_into_the_mountains_then_search_in_each():
    g = position(nicosia={"troops": 2, "police": 1}, akrotiri={"troops": 1}, troodos={"cells_u": 3},
                 kyrenia={"cells_u": 1, "cells_a": 1})
    execute(g, "C6", "unshaded", "eoka")
    assert proc(g) == "cy.ev.C6.moves" and role(g) == "british"
    assert legal(g) == {"move": ["nicosia troodos troops", "nicosia kyrenia troops", "nicosia troodos police",
                                 "nicosia kyrenia police", "akrotiri troodos troops", "akrotiri kyrenia troops"],
                        "done": []}
    order(g, "move akrotiri troodos troops", "move nicosia troodos police", "move nicosia kyrenia troops")
    assert "Operation Pepperpot: British moved a Troop from Akrotiri to Troodos Mountains." in said(g)
    order(g, "done")
    # The Search: both Mountains selected by the text; adjacent Troops may move in (3.2.3).
    assert proc(g) == "cy.op.search" and g.top()["stage"] == "move"
    assert g.top()["spaces"] == ["troodos", "kyrenia"]
    order(g, "done")
    assert over(g)
    assert sp(g, "troodos") == space(troops=1, police=1, cells_u=1, cells_a=2)   # one Cell per cube (3.2.3)
    assert sp(g, "kyrenia") == space(troops=1, cells_a=2)
    assert sp(g, "nicosia") == space(troops=1)


def test_c6_unshaded_each_cube_moves_once_and_the_refusals_say_why():
    g = position(nicosia={"troops": 1}, troodos={"police": 1})
    execute(g, "C6", "unshaded", "british")
    refused(g, "move nicosia larnaca troops", match=r"the cubes go to Mountain spaces \(Troodos Mountains and Kyrenia "
                                                    r"Mountains\); Larnaca is a Town \(Operation Pepperpot, C6\)")
    refused(g, "move troodos troodos police", match=r"the cube is in Troodos Mountains already")
    refused(g, "move nicosia troodos underground", match=r"the text moves British cubes: Troops or Police")
    refused(g, "move nicosia troodos police", match=r"Nicosia has no Police cube to move")
    refused(g, "move atlantis troodos police", match=r"'atlantis' is not a space")
    order(g, "move nicosia troodos troops")
    refused(g, "move troodos kyrenia troops", match=r"each moved into it by this Event already: a cube moves once "
                                                    r"\(Operation Pepperpot, C6, ruling R-C6\)")
    order(g, "move troodos kyrenia police")                          # there before the Event: it may move
    assert sp(g, "kyrenia") == space(police=1)
    assert proc(g) == "cy.op.search"                                 # no cube left to move: the Search follows


def test_c6_unshaded_moves_may_be_none_and_the_search_follows():
    g = position(troodos={"troops": 1, "cells_u": 2}, nicosia={"troops": 2})
    execute(g, "C6", "unshaded", "british")
    order(g, "done")                                                  # no cube moved ("any number")
    assert proc(g) == "cy.op.search"
    order(g, "move nicosia troodos", "done")                          # the Search's own move of adjacent Troops
    assert sp(g, "troodos") == space(troops=2, cells_a=2) and over(g)


def test_c6_unshaded_curfew_lifted_when_the_last_cube_leaves_a_town():
    g = position(nicosia={"police": 1, "curfew": 1})
    execute(g, "C6", "unshaded", "british")
    order(g, "move nicosia kyrenia police")
    assert sp(g, "nicosia") == space() and "The Curfew in Nicosia was lifted" in said(g)


def test_c6_unshaded_not_offered_with_no_british_cube_on_the_map():
    g = position(troodos={"cells_u": 2})
    assert "unshaded" not in sides(at_card(g, "C6"), "C6")


# -- C8 School Children Revolt ------------------------------------------------------------------------------------

def test_c8_unshaded_executing_faction_removes_two_cells_to_available():
    g = position(nicosia={"cells_u": 1, "cells_a": 1}, troodos={"cells_u": 2})
    execute(g, "C8", "unshaded", "eoka")
    assert role(g) == "eoka"
    refused(g, "done", match=r"the card removes 2 piece\(s\) where it can, and 0 removed so far")
    order(g, "remove troodos underground", "remove troodos underground")
    assert over(g) and sp(g, "troodos") == space() and g.s["available"]["cells"] == 12 - 2


def test_c8_unshaded_fewer_cells_on_the_map_all_go_and_none_from_prison():
    g = position(prison=3, larnaca={"cells_a": 1})
    execute(g, "C8", "unshaded", "british")
    order(g, "remove larnaca active")
    assert over(g) and g.s["prison"] == 3 and g.s["available"]["cells"] == 12 - 3


def test_c8_unshaded_not_offered_with_no_cell_on_the_map():
    g = position(prison=2)
    assert "unshaded" not in sides(at_card(g, "C8"), "C8")


# -- C1 Makarios III: the Restore -----------------------------------------------------------------------------------

def c1_board(**more) -> Context:
    return position(nicosia={"police": 1, "sabotage": 2, "curfew": 1}, larnaca={"troops": 1, "sabotage": 1},
                    limassol={"troops": 1, "police": 1, "cells_u": 1, "sabotage": 1}, famagusta={"troops": 1},
                    **more)


def test_c1_unshaded_british_may_restore_two_spaces_with_cubes_and_no_eoka():
    """L3645: "any 2 spaces with cubes and no EOKA": Police alone or Troops alone will do, no Deploy (ruling
    R-FREE-OPS); the British decide, whoever executes (ruling R-EVENT-FACTION)."""
    g = execute(c1_board(), "C1", "unshaded", "eoka")
    assert proc(g) == "cy.sa.restore" and role(g) == "british"
    assert legal(g) == {"space": ["nicosia", "famagusta", "larnaca"], "done": []}
    refused(g, "space limassol", match=r"Limassol has .*1 EOKA piece.*Restore \(Makarios III, C1\) needs British cubes "
                                       r"and no EOKA pieces")
    order(g, "space nicosia")
    refused(g, "space nicosia", match=r"Nicosia was already restored")
    order(g, "space larnaca")
    assert over(g)
    assert sp(g, "nicosia") == space(police=1) and sp(g, "larnaca") == space(troops=1)
    assert sp(g, "limassol")["sabotage"] == 1
    assert "Makarios III: the British began Restore." in said(g)


def test_c1_unshaded_the_british_may_decline_or_stop_after_one_space():
    g = execute(c1_board(), "C1", "unshaded", "british")
    order(g, "done")
    assert over(g) and sp(g, "nicosia")["sabotage"] == 2
    g = execute(c1_board(), "C1", "unshaded", "british")
    order(g, "space larnaca", "done")
    assert over(g) and sp(g, "larnaca") == space(troops=1) and sp(g, "nicosia")["curfew"] == 1


def test_c1_unshaded_not_offered_with_no_marker_in_a_space_with_cubes_and_no_eoka():
    g = position(limassol={"troops": 1, "cells_u": 1, "sabotage": 1}, famagusta={"troops": 1},
                 paphos={"sabotage": 1})
    assert sides(at_card(g, "C1"), "C1") == ["shaded"]


# -- C2 Georgios Grivas: three Limited Operations -------------------------------------------------------------------

def test_c2_shaded_eoka_conduct_three_limited_operations_of_any_kind_one_after_the_other():
    """L3657 and Tip L3659: the same kind again, the same pieces again; an Offensive may extend each (ruling
    R-EVENT-LEAD); EOKA decide whoever executes."""
    g = position(troodos={"cells_u": 1}, kyrenia={"caches": 1}, nicosia={"police": 1})
    execute(g, "C2", "shaded", "british")
    assert proc(g) == "cy.ev.limited-ops" and role(g) == "eoka"
    assert legal(g) == {"op": ["recruit", "travel"]}                  # no Town with an Underground Cell
    assert prompt_text(g) == ("EOKA (Georgios Grivas): Limited Operation 1 of 3, of any kind (op NAME: Recruit or Travel, "
                       "those with a space now)")
    refused(g, "done", match=r"the text grants 3 Limited Operations and 3 remain to be conducted.*Georgios Grivas, C2, "
                             r"5.1.3")
    refused(g, "op sabotage", match=r"Sabotage has no space it may select")
    refused(g, "op patrol", match=r"Patrol is a British Operation")
    order(g, "op recruit")
    assert proc(g) == "cy.op.recruit" and g.top()["limited"] and g.top()["sa"] == "none"
    assert legal(g)["offensive"] == ["kyrenia"] and "done" not in legal(g)  # "conducts": no "may"
    order(g, "offensive kyrenia", "space troodos", "place 1", "space kyrenia", "place 1", "done")
    assert sp(g, "troodos") == space(cells_u=2) and sp(g, "kyrenia") == space(cells_u=1)
    assert proc(g) == "cy.ev.limited-ops" and "Limited Operation 2 of 3" in prompt_text(g)
    order(g, "op travel", "space troodos", "move nicosia underground", "move nicosia underground", "done", "done")
    assert sp(g, "nicosia") == space(police=1, cells_u=2) and sp(g, "troodos") == space()
    order(g, "op travel", "space nicosia", "move larnaca underground", "done", "done")   # the same Cells again
    assert over(g) and sp(g, "larnaca") == space(cells_u=1) and sp(g, "nicosia") == space(police=1, cells_u=1)
    assert "Georgios Grivas: the EOKA began Limited Operation 3 of 3, a Limited Travel." in said(g)


def test_c2_shaded_what_can_be_conducted_is_and_the_rest_is_logged():
    """5.1.3: with the Cell Activated by the first, no second Operation has a space."""
    g = position(prison=11, rolls=(6,), nicosia={"police": 1, "curfew": 1, "cells_u": 1})
    execute(g, "C2", "shaded", "eoka")
    assert legal(g) == {"op": ["sabotage", "ambush"]}                 # no Cell Available; a Curfew in Nicosia
    order(g, "op sabotage", "space nicosia", "roll", "done")
    assert over(g) and sp(g, "nicosia") == space(police=1, curfew=1, cells_a=1, sabotage=1)
    assert ("no EOKA Operation had a space it could select; 2 of the 3 Limited Operations could not be "
            "conducted") in said(g)


def test_c2_shaded_not_offered_when_no_eoka_operation_has_a_space():
    g = position(prison=12, nicosia={"police": 1})
    assert "shaded" not in sides(at_card(g, "C2"), "C2", "eoka")


# -- C3 AKEL: Propagandize ------------------------------------------------------------------------------------------

def c3_board() -> Context:
    return position(pw=10, io=2, nicosia={"police": 1, "curfew": 1, "cells_u": 1},
                    limassol={"police": 1, "curfew": 1, "sabotage": 1, "cells_a": 1},
                    famagusta={"sabotage": 1, "cells_u": 1}, larnaca={"troops": 1, "curfew": 1})


def test_c3_shaded_eoka_may_propagandize_in_one_space_with_a_cell_and_a_curfew():
    g = execute(c3_board(), "C3", "shaded", "british")
    assert proc(g) == "cy.sa.propagandize" and role(g) == "eoka"
    assert legal(g) == {"space": ["nicosia", "limassol"], "done": []}
    refused(g, "space famagusta", match=r"Famagusta has .*no Curfew.*Propagandize \(AKEL, C3\) needs a Cell and a Curfew")
    refused(g, "space larnaca", match=r"Larnaca has no Cell.*needs a Cell and a Curfew")
    order(g, "space nicosia")
    assert over(g) and sp(g, "nicosia")["cells_a"] == 1 and g.s["io"] == 3 and g.s["pw"] == 10


def test_c3_shaded_a_sabotage_marker_there_makes_it_political_will():
    g = execute(c3_board(), "C3", "shaded", "eoka")
    order(g, "space limassol")
    assert over(g) and g.s["pw"] == 9 and g.s["io"] == 2


def test_c3_shaded_eoka_may_decline():
    g = execute(c3_board(), "C3", "shaded", "eoka")
    order(g, "done")
    assert over(g) and g.s["io"] == 2 and sp(g, "nicosia")["cells_u"] == 1


def test_c3_shaded_one_space_even_with_c13_shaded():
    """5.1.2: the text's one space stands against Human Rights Committees shaded (two)."""
    g = position(capabilities={"C13": "shaded"}, nicosia={"police": 1, "curfew": 1, "cells_u": 1},
                 limassol={"police": 1, "curfew": 1, "cells_u": 1})
    execute(g, "C3", "shaded", "eoka")
    order(g, "space nicosia")
    assert over(g) and sp(g, "limassol")["cells_u"] == 1


def test_c3_shaded_not_offered_without_a_space_with_a_cell_and_a_curfew():
    g = position(famagusta={"sabotage": 1, "cells_u": 1}, larnaca={"troops": 1, "curfew": 1})
    assert sides(at_card(g, "C3"), "C3") == ["unshaded"]


# -- C6 Operation Pepperpot: the Travel -----------------------------------------------------------------------------

def test_c6_shaded_eoka_may_travel_from_each_mountain():
    g = position(troodos={"cells_u": 2}, kyrenia={"cells_a": 1}, nicosia={"cells_u": 1}, karpas={"caches": 1})
    execute(g, "C6", "shaded", "british")
    assert proc(g) == "cy.op.travel" and role(g) == "eoka"
    assert legal(g) == {"space": ["troodos", "kyrenia"], "done": []}
    refused(g, "space nicosia", match=r"Operation Pepperpot \(C6\): this Travel may select only Troodos Mountains and "
                                      r"Kyrenia Mountains")
    order(g, "space troodos", "move nicosia underground", "done", "space kyrenia", "move larnaca active", "done")
    assert legal(g) == {"done": []}
    order(g, "done")
    assert over(g)
    assert sp(g, "nicosia") == space(cells_u=2) and sp(g, "troodos") == space(cells_u=1)
    assert sp(g, "larnaca") == space(cells_u=1) and sp(g, "kyrenia") == space()


def test_c6_shaded_eoka_may_decline_and_it_is_not_offered_with_no_cell_in_a_mountain():
    g = position(troodos={"cells_u": 1})
    execute(g, "C6", "shaded", "eoka")
    order(g, "done")
    assert over(g) and sp(g, "troodos") == space(cells_u=1)
    g = position(nicosia={"cells_u": 1}, troodos={"caches": 1}, larnaca={"troops": 1})
    assert sides(at_card(g, "C6"), "C6", "eoka") == ["unshaded"]


# -- C8 School Children Revolt: Propagandize ------------------------------------------------------------------------

def test_c8_shaded_eoka_may_propagandize_in_a_curfew_space_without_a_cell():
    """Tip L3717: no Cell needed; with none there, none is Activated."""
    g = position(io=1, nicosia={"police": 1, "curfew": 1}, famagusta={"sabotage": 1, "cells_u": 1},
                 limassol={"troops": 1, "curfew": 1, "sabotage": 1, "cells_u": 1})
    execute(g, "C8", "shaded", "british")
    assert role(g) == "eoka" and legal(g) == {"space": ["nicosia", "limassol"], "done": []}
    refused(g, "space famagusta", match=r"Propagandize \(School Children Revolt, C8\) needs a Curfew")
    order(g, "space nicosia")
    assert over(g) and g.s["io"] == 2 and sp(g, "nicosia") == space(police=1, curfew=1)


def test_c8_shaded_a_cell_there_is_activated_and_sabotage_lowers_political_will():
    g = position(pw=5, limassol={"troops": 1, "curfew": 1, "sabotage": 1, "cells_u": 2})
    execute(g, "C8", "shaded", "eoka")
    order(g, "space limassol")
    assert over(g) and g.s["pw"] == 4 and sp(g, "limassol")["cells_a"] == 1


def test_c8_shaded_eoka_may_decline_and_it_is_not_offered_without_a_curfew():
    g = position(nicosia={"police": 1, "curfew": 1})
    execute(g, "C8", "shaded", "eoka")
    order(g, "done")
    assert over(g) and g.s["io"] == 2
    g = position(famagusta={"sabotage": 1, "cells_u": 1})
    assert sides(at_card(g, "C8"), "C8") == ["unshaded"]


# -- C12 Hugh Foot ---------------------------------------------------------------------------------------------------

def c12_board(**kw) -> Context:
    return position(prison=3, draws=(2, 0), nicosia={"troops": 2, "police": 1, "cells_a": 2},
                    akrotiri={"troops": 1}, **kw)


def test_c12_unshaded_two_limited_operations_then_any_special_activity():
    g = execute(c12_board(), "C12", "unshaded", "eoka")
    assert proc(g) == "cy.ev.limited-ops" and role(g) == "british"
    assert legal(g) == {"op": ["deploy", "patrol", "search", "assault"]}
    refused(g, "done", match=r"the text grants 2 Limited Operations and 2 remain to be conducted.*Hugh Foot, C12, 5.1.3")
    order(g, "op assault", "space nicosia", "done")
    assert sp(g, "nicosia") == space(troops=2, police=1) and g.s["prison"] == 4
    assert "Limited Operation 2 of 2" in prompt_text(g)
    order(g, "op deploy", "space akrotiri", "done", "done")          # no Troops moved (3.2.1)
    assert sp(g, "akrotiri") == space(troops=1, police=1)
    # then any Special Activity, with no Operation (ruling R-FREE-OPS); "conduct": not declined (5.1.3)
    assert proc(g) == "cy.ev.granted-sa" and role(g) == "british"
    assert legal(g) == {"sa": ["restore", "diplomacy", "interrogate"]}
    refused(g, "done", match=r"the text grants a Special Activity to conduct, not to decline.*Hugh Foot, C12, 5.1.3")
    refused(g, "sa propagandize", match=r"Propagandize is EOKA's")
    refused(g, "sa smuggling", match=r"'smuggling' is no Special Activity of Cyprus")
    order(g, "sa interrogate")
    assert over(g) and g.s["intel"]["held"] == [0, 2]                 # four Cells in Prison: two chits
    assert "Hugh Foot: the British began Interrogate." in said(g)
    assert "British drew an Intel Chit of value 2 (Interrogate (C12))." in said(g)


def test_c12_unshaded_a_special_activity_with_nothing_to_do_is_refused_with_its_reason():
    g = execute(c12_board(), "C12", "unshaded", "british")
    order(g, "op search", "space akrotiri", "done", "done", "op search", "space akrotiri", "done", "done")
    assert proc(g) == "cy.ev.granted-sa" and legal(g) == {"sa": ["diplomacy", "interrogate"]}
    refused(g, "sa restore", match=r"Restore \(Hugh Foot, C12\) has no valid space \(Troops, Police and no EOKA "
                                   r"pieces\): Nicosia has 2 Troops, 1 Police cube and 2 EOKA pieces", rule="C12")
    order(g, "sa diplomacy")
    assert over(g) and g.s["io"] == 1                                 # no Town with a marker: no roll (4.2.2)


def test_c12_unshaded_a_limited_operation_may_take_an_intelligence_lead():
    g = execute(c12_board(chits=(1,), limassol={"police": 1, "cells_a": 1}), "C12", "unshaded", "british")
    order(g, "op patrol")
    assert legal(g)["lead"] == ["1"]
    order(g, "lead 1", "space nicosia", "space limassol")
    assert g.top()["max"] == 2


def test_c12_unshaded_with_no_special_activity_possible_the_log_says_so():
    g = position(io=0, prison=1, nicosia={"troops": 1, "cells_a": 1})
    execute(g, "C12", "unshaded", "british")
    order(g, "op assault", "space nicosia", "done", "op search", "space nicosia", "done", "done", "curfew")
    assert over(g)
    assert "Hugh Foot: the British could conduct no Restore, Diplomacy or Interrogate" in said(g)


def test_c12_shaded_eoka_may_sabotage_in_up_to_three_spaces_without_offensive():
    g = position(rolls=(3, 4, 1), nicosia={"cells_u": 1}, limassol={"police": 2, "cells_u": 1},
                 akrotiri={"troops": 1, "cells_u": 1}, larnaca={"cells_u": 1}, troodos={"cells_u": 1},
                 karpas={"caches": 1})
    execute(g, "C12", "shaded", "british")
    assert proc(g) == "cy.op.sabotage" and role(g) == "eoka"
    assert legal(g) == {"space": ["nicosia", "larnaca", "limassol", "akrotiri"], "done": []}
    refused(g, "offensive karpas", match=r"the Event sets this Sabotage's spaces at 3: no Offensive adds one")
    refused(g, "space troodos", match=r"Troodos Mountains is a Mountain: Sabotage selects")
    order(g, "space nicosia", "roll", "space limassol", "roll", "space akrotiri", "roll")
    refused(g, "space larnaca", match=r"already has its 3 space\(s\).*the Event grants 3 space")
    order(g, "done")
    assert over(g)
    assert sp(g, "nicosia") == space(cells_a=1, sabotage=1)           # 3 > 2
    assert sp(g, "limassol") == space(police=2, cells_a=1)            # 4 - 2 = 2: fails
    assert sp(g, "akrotiri") == space(troops=1, cells_a=1)            # 1: fails


def test_c12_shaded_eoka_may_decline_and_it_is_not_offered_without_an_underground_cell_in_a_town_or_base():
    g = position(nicosia={"cells_u": 1})
    execute(g, "C12", "shaded", "eoka")
    order(g, "done")
    assert over(g) and sp(g, "nicosia") == space(cells_u=1)
    g = position(nicosia={"cells_a": 1}, troodos={"cells_u": 2})
    assert sides(at_card(g, "C12"), "C12", "eoka") == ["unshaded"]
