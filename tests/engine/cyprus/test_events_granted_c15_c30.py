"""Cyprus Event cards C15, C19, C24, C27, C28, C29 and C30, whose texts grant Operations or Special Activities
(rule 5, 9.0 L3781-3933), both texts of each: each text carried out in order, every choice asked of the faction
that makes it (5.1; ruling R-EVENT-FACTION: the British Search, Assault, Patrol and Interrogate, EOKA's
Sabotage, whoever executes), "may" declinable, "up to" counts, what can be done done (5.1.3), a text that can
change nothing not offered, no Intelligence Lead or Offensive on a text's fixed spaces (ruling R-EVENT-LEAD),
and Eligibility left to the Event box (4.1, ruling R-FREE-OPS).

The texts are started as the Event box starts them (``EVENTS.start``) on a Context built by hand, and orders
are given with the driver of helpers.py, as ``engine.api`` applies them (the same legality test and refusal),
the invariants checked after each.
"""

from __future__ import annotations

import pytest

from engine.core.flow import Context
from engine.games.cyprus import british_ops, eoka_ops, special  # noqa: F401  (register the procedures)

from .helpers import at_card, do, execute, legal, over, position, refused, said, sides, sp, space

# -- helpers (this file's own) ----------------------------------------------------------------------------------

def top(g: Context) -> tuple[str, str]:
    """The procedure asking now and the faction it asks."""
    return g.top()["p"], g.top()["role"]


# -- C15 John Harding ---------------------------------------------------------------------------------------------

def harding_board(**kw) -> Context:
    return position(limassol={"troops": 3, "cells_u": 2, "cells_a": 1}, nicosia={"troops": 1},
                    akrotiri={"troops": 2}, paphos={"cells_u": 1}, **kw)


def test_c15_unshaded_curfew_in_a_town_with_troops_then_search_then_assault_there():
    """L3783: the executing faction chooses the Town (5.1); a Curfew goes in; the British Search there (one
    adjacent Troop moves in, 4 cubes Activate one Cell) and then Assault there: the Town was selected for them,
    so the Assault resolves at once, Available then Prison (ruling R-ASSAULT-PRISON)."""
    g = execute(harding_board(), "C15", "unshaded", "british")
    assert top(g) == ("cy.ev.C15.town", "british") and legal(g) == {"space": ["nicosia", "limassol"]}
    do(g, "space limassol")
    assert sp(g, "limassol")["curfew"] == 1 and "A Curfew was placed in Limassol." in said(g)
    assert top(g) == ("cy.op.search", "british")
    f = g.top()
    assert f["spaces"] == ["limassol"] and f["stage"] == "move" and f["card"] == "C15"
    assert legal(g) == {"done": [], "move": ["akrotiri limassol"]}     # only the Town chosen
    do(g, "move akrotiri limassol", "done")
    assert legal(g) == {"curfew": []}                                   # no chit held: the Curfew form
    do(g, "curfew")
    assert over(g)
    assert sp(g, "limassol") == space(troops=4, cells_u=1, curfew=1)
    assert g.s["available"]["cells"] == 12 - 4 + 1 and g.s["prison"] == 1
    assert "the British began the Event's Assault (Limassol)" in said(g)


def test_c15_unshaded_town_refusals_name_the_facts():
    g = execute(harding_board(larnaca={"troops": 1, "curfew": 1}), "C15", "unshaded", "british")
    assert legal(g) == {"space": ["nicosia", "limassol"]}
    refused(g, "space troodos", "Troodos Mountains is a Mountain", "a Town with Troops", "C15")
    refused(g, "space paphos", "Paphos has no Troop: the card places its Curfew in a Town with Troops", "C15")
    err = refused(g, "space larnaca", "Larnaca has 1 Curfew already", "Nicosia or Limassol can still take one",
                  "5.1.3")
    assert err.rule == "C15"
    refused(g, "space atlantis", "'atlantis' is not a space of the map")


def test_c15_unshaded_the_one_possible_town_is_taken_without_asking():
    g = execute(position(larnaca={"troops": 2, "cells_a": 1}), "C15", "unshaded", "eoka")
    assert "Larnaca is the one Town the card can choose" in said(g)
    assert sp(g, "larnaca")["curfew"] == 1
    assert top(g) == ("cy.op.search", "british")


def test_c15_unshaded_every_troop_town_has_a_curfew_so_none_is_placed_but_search_and_assault_follow():
    """5.1.3: the Curfew cannot be placed (1.4.2: one a Town); the Search and the Assault still are."""
    g = position(larnaca={"troops": 2, "cells_a": 1, "curfew": 1}, nicosia={"troops": 1, "curfew": 1, "cells_u": 1})
    assert sides(g, "C15") == ["unshaded", "shaded"]
    execute(g, "C15", "unshaded", "british")
    assert legal(g) == {"space": ["nicosia", "larnaca"]}
    do(g, "space larnaca")
    assert "Larnaca has a Curfew already; none is placed" in said(g)
    do(g, "done", "curfew")
    assert over(g) and sp(g, "larnaca") == space(troops=2, curfew=1)


def test_c15_unshaded_executed_by_eoka_eoka_choose_the_town_the_british_move_the_curfew_search_and_assault():
    """R-EVENT-FACTION: the Town is the executing faction's (5.1); the Curfew moved from the map (the pool
    empty, 1.10 L3293; ruling R-CURFEW-POOL), the Search and the Assault are the British's."""
    g = position(limassol={"troops": 2, "cells_a": 2}, nicosia={"troops": 1, "curfew": 1},
                 larnaca={"police": 1, "curfew": 1}, famagusta={"troops": 1, "curfew": 1},
                 karpas={"police": 1, "curfew": 1}, paphos={"troops": 1})
    execute(g, "C15", "unshaded", "eoka")
    assert top(g) == ("cy.ev.C15.town", "eoka") and legal(g) == {"space": ["limassol", "paphos"]}
    do(g, "space limassol")
    assert top(g) == ("cy.ev.curfew-from", "british")
    assert legal(g) == {"space": ["nicosia", "famagusta", "larnaca", "karpas"]}
    do(g, "space karpas")
    assert sp(g, "karpas")["curfew"] == 0 and sp(g, "limassol")["curfew"] == 1
    assert top(g) == ("cy.op.search", "british")
    do(g, "move paphos limassol", "done", "curfew")
    assert over(g) and sp(g, "limassol") == space(troops=3, curfew=1)
    assert g.s["available"]["cells"] == 12 - 1 and g.s["prison"] == 1


def test_c15_unshaded_no_assault_where_no_eoka_piece_is_left():
    g = execute(position(nicosia={"troops": 1}, kyrenia={"troops": 1}), "C15", "unshaded", "british")
    do(g, "move kyrenia nicosia", "done", "curfew")
    assert over(g)
    assert "John Harding (C15): no Assault followed in Nicosia: Nicosia has 2 Troops and no EOKA piece" in said(g)
    assert sp(g, "nicosia") == space(troops=2, curfew=1)


def test_c15_unshaded_search_and_assault_take_no_intelligence_lead():
    """R-EVENT-LEAD: "there" fixes the spaces; the British chit goes to the Search's choice or the Assault's
    Underground Cell, never to another space."""
    g = execute(position(chits=(1,), larnaca={"troops": 3, "cells_u": 1}), "C15", "unshaded", "british")
    assert "lead" not in legal(g)
    do(g, "done")
    assert legal(g) == {"curfew": [], "chit": ["1"]}
    do(g, "curfew")                                                  # 3 cubes: one Cell Activated
    assert over(g) and sp(g, "larnaca") == space(troops=3, curfew=1) and g.s["intel"]["held"] == [1]


def test_c15_unshaded_not_offered_without_troops_in_a_town():
    g = position(troodos={"troops": 4, "cells_a": 1}, akrotiri={"troops": 2})
    assert sides(g, "C15") == ["shaded"]


def test_c15_unshaded_not_offered_where_every_troop_town_has_a_curfew_and_nothing_to_search_or_assault():
    g = position(nicosia={"troops": 1, "curfew": 1})
    assert sides(g, "C15") == ["shaded"]


@pytest.mark.parametrize("io,after", [(2, 4), (3, 4)])
def test_c15_shaded_international_opinion_two_steps_right(io, after):
    g = execute(position(io=io), "C15", "shaded", "eoka")
    assert g.s["io"] == after and over(g)


def test_c15_shaded_not_offered_at_condemned():
    assert sides(position(io=4, nicosia={"troops": 1}), "C15") == ["unshaded"]


# -- C19 Mountain Gangs ---------------------------------------------------------------------------------------------

def gangs_board(**kw) -> Context:
    return position(troodos={"troops": 2, "cells_u": 2, "cells_a": 1}, nicosia={"troops": 2},
                    kyrenia={"cells_a": 1}, **kw)


def test_c19_unshaded_british_may_search_a_mountain_then_assault_there_even_when_eoka_execute():
    g = execute(gangs_board(), "C19", "unshaded", "eoka")
    assert top(g) == ("cy.op.search", "british")
    assert legal(g) == {"space": ["troodos", "kyrenia"], "done": []}    # "may": done
    err = refused(g, "space nicosia", "this Search may select only Troodos Mountains and Kyrenia Mountains")
    assert err.rule == "C19"
    do(g, "space troodos")
    refused(g, "space kyrenia", "the Event grants 1 space(s)")
    do(g, "done", "move nicosia troodos", "done")
    assert sp(g, "troodos") == space(troops=3, cells_a=3)               # one Cell per cube in a Mountain
    assert top(g) == ("cy.op.assault", "british")
    assert legal(g) == {"space": ["troodos"], "done": []}
    refused(g, "space kyrenia", "this Assault may select only Troodos Mountains")
    do(g, "space troodos")                                           # 3 Troops in a Mountain: 1 piece
    assert legal(g) == {"done": []}
    do(g, "done")
    assert over(g)
    assert sp(g, "troodos") == space(troops=3, cells_a=2) and g.s["available"]["cells"] == 12 - 4 + 1


def test_c19_unshaded_declining_the_search_ends_the_text():
    g = execute(gangs_board(), "C19", "unshaded", "british")
    do(g, "done")
    assert over(g)
    assert "Mountain Gangs (C19): the British made no Search, so no Assault follows." in said(g)
    assert sp(g, "troodos") == space(troops=2, cells_u=2, cells_a=1)


def test_c19_unshaded_no_assault_follows_in_a_mountain_without_troops():
    g = execute(gangs_board(), "C19", "unshaded", "british")
    do(g, "space kyrenia", "done", "done")
    assert over(g)
    assert "Mountain Gangs (C19): no Assault could follow in Kyrenia Mountains" in said(g)
    assert "Kyrenia Mountains has no Troop and 1 EOKA piece" in said(g)
    assert sp(g, "kyrenia") == space(cells_a=1)


def test_c19_unshaded_the_british_may_decline_the_assault_after_the_search():
    g = execute(gangs_board(), "C19", "unshaded", "british")
    do(g, "space troodos", "done", "done")
    assert top(g) == ("cy.op.assault", "british")
    do(g, "done")
    assert over(g) and sp(g, "troodos") == space(troops=2, cells_u=0, cells_a=3)


def test_c19_unshaded_no_intelligence_lead():
    g = execute(gangs_board(chits=(2,)), "C19", "unshaded", "british")
    assert "lead" not in legal(g)
    err = refused(g, "lead 2", "the Event sets this Search's spaces at 1: no Intelligence Lead adds one")
    assert err.rule == "C19"


def test_c19_unshaded_not_offered_when_no_mountain_search_or_assault_could_change_anything():
    g = position(troodos={"cells_u": 2}, limassol={"police": 2})
    assert sides(g, "C19") == []


def test_c19_shaded_moves_up_to_six_troops_from_towns_to_one_mountain_even_not_adjacent():
    """L3825, Tip L3827: Troops from any Towns, to one Mountain, adjacent or not; the first move fixes it; a
    Town its last British piece leaves loses its Curfew (1.10)."""
    g = position(nicosia={"troops": 3}, karpas={"troops": 2, "curfew": 1}, paphos={"troops": 3},
                 akrotiri={"troops": 2})
    execute(g, "C19", "shaded", "eoka")
    assert top(g) == ("cy.ev.C19.shaded", "eoka")
    assert set(legal(g)["move"]) == {f"{t} {m}" for t in ("nicosia", "paphos", "karpas")
                                     for m in ("troodos", "kyrenia")}
    refused(g, "move akrotiri troodos", "Akrotiri is a British Base: the Troops come from Towns")
    refused(g, "move nicosia limassol", "Limassol is a Town: the Troops go to one Mountain space")
    refused(g, "move larnaca troodos", "Larnaca has no Troop to move")
    do(g, "move karpas troodos")                                     # Karpas and Troodos are not adjacent
    refused(g, "move nicosia kyrenia", "the first went to Troodos Mountains")
    assert legal(g)["move"] == ["nicosia troodos", "paphos troodos", "karpas troodos"]
    do(g, "move karpas troodos")
    assert sp(g, "karpas") == space() and "The Curfew in Karpas was lifted" in said(g)
    do(g, "move nicosia troodos", "move nicosia troodos", "move nicosia troodos", "move paphos troodos")
    assert over(g)                                                      # six moved: the most
    assert sp(g, "troodos") == space(troops=6) and sp(g, "paphos") == space(troops=2)


def test_c19_shaded_may_stop_sooner():
    g = execute(position(nicosia={"troops": 3}), "C19", "shaded", "british")
    assert "done" in legal(g)
    do(g, "move nicosia kyrenia", "done")
    assert over(g) and sp(g, "kyrenia") == space(troops=1) and sp(g, "nicosia") == space(troops=2)


def test_c19_shaded_not_offered_without_troops_in_a_town():
    assert sides(position(akrotiri={"troops": 4}, troodos={"cells_a": 1}), "C19", "eoka") == []


# -- C24 Turkish Cypriots -------------------------------------------------------------------------------------------

def test_c24_unshaded_all_available_police_placed_then_british_patrol_in_up_to_two_spaces():
    """L3871: the executing faction places all six Police, only where British pieces stand; then the British
    Patrol (R-EVENT-FACTION) in up to 2 spaces, at least one (ruling R-EVENT-OP-COUNT), no Lead."""
    g = position(chits=(1,), nicosia={"troops": 1, "cells_a": 2}, larnaca={"police": 0, "troops": 1},
                 limassol={"cells_a": 1}, famagusta={"cells_u": 1})
    assert g.s["available"]["police"] == 6
    execute(g, "C24", "unshaded", "eoka")
    assert top(g) == ("cy.ev.put", "eoka") and legal(g) == {"place": ["nicosia", "larnaca"]}
    refused(g, "place limassol", "Limassol is not among the spaces the card places in")
    do(g, "place nicosia")
    refused(g, "done", "what an Event can do, it must")
    do(g, "place nicosia", "place larnaca", "place larnaca", "place larnaca", "place larnaca")
    assert g.s["available"]["police"] == 0
    assert top(g) == ("cy.op.patrol", "british")
    assert "done" not in legal(g) and "lead" not in legal(g)
    refused(g, "space troodos", "Troodos Mountains is a Mountain")
    do(g, "space nicosia", "space limassol")
    refused(g, "space famagusta", "the Event grants 2 space(s)")
    do(g, "done", "move larnaca limassol", "done", "space nicosia")
    assert sp(g, "nicosia") == space(troops=1, police=2) and g.s["prison"] == 2
    assert over(g)


def test_c24_unshaded_police_go_to_the_one_space_with_british_pieces_without_asking():
    g = execute(position(troodos={"troops": 1}, paphos={"cells_a": 1}), "C24", "unshaded", "british")
    assert sp(g, "troodos") == space(troops=1, police=6)
    assert "6 Police cubes placed in Troodos Mountains, the one space with British pieces" in said(g)
    assert top(g) == ("cy.op.patrol", "british") and legal(g) == {"space": ["paphos"]}


def test_c24_unshaded_no_police_available_the_patrol_still_follows():
    g = position(nicosia={"police": 4, "cells_a": 1}, karpas={"police": 2})
    execute(g, "C24", "unshaded", "british")
    assert "no Police cube is Available; no Police was placed" in said(g)
    assert top(g) == ("cy.op.patrol", "british")
    refused(g, "done", "select at least one space first: this Patrol has selected none (3.1)")


def test_c24_unshaded_with_no_patrol_destination_only_the_police_are_placed():
    g = execute(position(nicosia={"troops": 2}, troodos={"cells_a": 2}), "C24", "unshaded", "british")
    assert over(g) and sp(g, "nicosia") == space(troops=2, police=6)
    assert "Turkish Cypriots (C24): the British could conduct no Patrol" in said(g)


def test_c24_unshaded_not_offered_when_nothing_can_be_placed_or_patrolled():
    g = position(nicosia={"police": 6}, troodos={"cells_a": 2})
    assert sides(g, "C24") == []


def test_c24_shaded_sabotage_markers_in_up_to_two_towns_with_cells_and_police():
    g = position(nicosia={"police": 1, "cells_u": 1}, limassol={"police": 2, "cells_a": 1, "sabotage": 1},
                 larnaca={"police": 1}, troodos={"police": 1, "cells_u": 1}, paphos={"police": 1, "cells_u": 1})
    execute(g, "C24", "shaded", "british")
    assert top(g) == ("cy.ev.mark", "british")
    assert legal(g) == {"space": ["nicosia", "limassol", "paphos"], "done": []}
    refused(g, "space larnaca", "the card marks a Town with Cells and Police")
    refused(g, "space troodos", "the card marks a Town with Cells and Police")
    do(g, "space limassol", "space nicosia")
    assert over(g) and sp(g, "limassol")["sabotage"] == 2 and sp(g, "nicosia")["sabotage"] == 1


def test_c24_shaded_not_offered_without_a_town_with_cells_and_police():
    assert "shaded" not in sides(position(troodos={"police": 1, "cells_u": 1}, nicosia={"cells_u": 1}), "C24")


# -- C27 Kyrenia Castle Prison --------------------------------------------------------------------------------------

def test_c27_unshaded_a_cell_to_prison_then_the_british_interrogate():
    """L3899: the executing faction picks the Cell (5.1), Underground or Active; the British Interrogate with
    no Operation (R-FREE-OPS): 4 Cells in Prison draw 2 chits."""
    g = position(prison=3, draws=(2, 0), nicosia={"cells_u": 1}, troodos={"cells_a": 2})
    execute(g, "C27", "unshaded", "eoka")
    assert top(g) == ("cy.ev.pick", "eoka")
    assert legal(g) == {"remove": ["nicosia underground", "troodos active"]}
    refused(g, "done", "what an Event can do, it must")
    do(g, "remove nicosia underground")
    assert over(g)
    assert g.s["prison"] == 4 and sp(g, "nicosia") == space()
    assert g.s["intel"]["held"] == [0, 2]
    assert "Kyrenia Castle Prison (C27): the British began the Event's Interrogate." in said(g)


def test_c27_unshaded_interrogate_with_special_branch_asks_the_british_the_count():
    g = position(prison=1, draws=(1, 1), capabilities={"C17": "unshaded"}, nicosia={"police": 1, "cells_u": 2},
                 limassol={"police": 1, "cells_a": 1})
    execute(g, "C27", "unshaded", "eoka")
    do(g, "remove nicosia underground")                              # Prison 2: one chit, or two by spaces
    assert top(g) == ("cy.sa.interrogate", "british")
    do(g, "count spaces")
    assert over(g) and g.s["intel"]["held"] == [1, 1]


def test_c27_unshaded_with_no_cell_on_the_map_the_interrogate_still_follows():
    g = execute(position(prison=2, draws=(0,)), "C27", "unshaded", "british")
    assert "no Cell is on the map to remove to Prison" in said(g)
    assert over(g) and g.s["intel"]["held"] == [0]


def test_c27_unshaded_interrogate_with_too_few_cells_in_prison_draws_nothing_and_says_why():
    g = execute(position(nicosia={"cells_u": 1}), "C27", "unshaded", "british")
    do(g, "remove nicosia underground")
    assert over(g) and g.s["prison"] == 1 and g.s["intel"]["held"] == []
    assert "the British could conduct no Interrogate" in said(g) and "Prison holds 1 Cell" in said(g)


def test_c27_unshaded_not_offered_with_no_cell_on_the_map_and_nothing_to_interrogate():
    assert sides(position(prison=1), "C27") == ["shaded"]


def test_c27_shaded_every_cell_in_prison_to_available():
    g = execute(position(prison=5), "C27", "shaded", "eoka")
    assert over(g) and g.s["prison"] == 0 and g.s["available"]["cells"] == 12


def test_c27_shaded_not_offered_with_prison_empty():
    assert sides(position(nicosia={"cells_u": 1}), "C27") == ["unshaded"]


# -- C28 British Bases ---------------------------------------------------------------------------------------------

def test_c28_unshaded_political_will_per_base_with_no_sabotage_or_eoka():
    g = execute(position(pw=10, akrotiri={"troops": 2}), "C28", "unshaded", "eoka")
    assert over(g) and g.s["pw"] == 12
    g = execute(position(pw=10, akrotiri={"sabotage": 1}), "C28", "unshaded", "eoka")
    assert g.s["pw"] == 11
    g = execute(position(pw=14), "C28", "unshaded", "british")
    assert g.s["pw"] == 15                                              # not beyond 15 (5.1.1)


def test_c28_unshaded_not_offered_at_15_or_with_both_bases_troubled():
    assert "unshaded" not in sides(position(pw=15), "C28")
    assert "unshaded" not in sides(position(akrotiri={"cells_u": 1}, dhekelia={"sabotage": 1}), "C28")


def test_c28_shaded_a_cell_in_each_base_then_eoka_may_sabotage_in_each():
    """L3911: two Cells placed, Underground; EOKA may Sabotage in either Base or both (ruling
    R-EVENT-OP-COUNT), whoever executes (R-EVENT-FACTION); each roll less the Police there (3.3.3)."""
    g = position(rolls=(3, 5), akrotiri={"police": 1}, dhekelia={"troops": 2})
    execute(g, "C28", "shaded", "british")
    assert sp(g, "akrotiri")["cells_u"] == 1 and sp(g, "dhekelia")["cells_u"] == 1
    assert top(g) == ("cy.op.sabotage", "eoka")
    assert legal(g)["space"] == ["akrotiri", "dhekelia"] and "done" in legal(g)
    assert "offensive" not in legal(g)
    do(g, "space akrotiri", "roll")                                  # 3 - 1 Police: fails
    do(g, "space dhekelia", "roll")                                  # 5: succeeds
    do(g, "done")
    assert over(g)
    assert sp(g, "akrotiri") == space(police=1, cells_a=1) and sp(g, "dhekelia") == space(troops=2, cells_a=1,
                                                                                           sabotage=1)


def test_c28_shaded_eoka_may_decline_the_sabotage():
    g = execute(position(), "C28", "shaded", "eoka")
    do(g, "done")
    assert over(g) and sp(g, "akrotiri") == space(cells_u=1) and sp(g, "dhekelia") == space(cells_u=1)


def test_c28_shaded_one_cell_available_the_executing_faction_chooses_its_base():
    g = position(rolls=(6,), nicosia={"cells_u": 11})
    execute(g, "C28", "shaded", "british")
    assert top(g) == ("cy.ev.put", "british") and legal(g) == {"place": ["akrotiri", "dhekelia"]}
    do(g, "place dhekelia")
    assert top(g) == ("cy.op.sabotage", "eoka") and legal(g)["space"] == ["dhekelia"]
    refused(g, "space akrotiri", "Sabotage needs an Underground Cell (3.3.3); Akrotiri has none")
    do(g, "space dhekelia", "roll", "done")
    assert sp(g, "dhekelia") == space(cells_a=1, sabotage=1) and over(g)


def test_c28_shaded_not_offered_with_no_cell_available_and_none_underground_in_a_base():
    g = position(pw=15, nicosia={"cells_u": 10}, akrotiri={"cells_a": 2})
    assert g.s["available"]["cells"] == 0
    assert sides(g, "C28") == []


# -- C29 Macmillan Plan ---------------------------------------------------------------------------------------------

def test_c29_unshaded_political_will_down_then_the_executing_faction_removes_two_sabotage_markers():
    g = position(pw=10, nicosia={"sabotage": 2}, akrotiri={"sabotage": 1})
    execute(g, "C29", "unshaded", "british")
    assert g.s["pw"] == 9
    assert top(g) == ("cy.ev.choose", "british") and legal(g) == {"choose": ["sabotage", "opinion"]}
    refused(g, "choose both", "'both' is not a choice here: it is one of sabotage or opinion")
    refused(g, "done", "the card's text must be carried out")
    do(g, "choose sabotage")
    assert top(g) == ("cy.ev.C29.remove", "british") and legal(g) == {"remove": ["nicosia", "akrotiri"]}
    refused(g, "remove limassol", "Limassol has no Sabotage marker to remove")
    do(g, "remove akrotiri")
    refused(g, "done", "what an Event can do, it must")
    do(g, "remove nicosia")
    assert over(g) and sp(g, "nicosia")["sabotage"] == 1 and sp(g, "akrotiri")["sabotage"] == 0


def test_c29_unshaded_or_shifts_international_opinion_two_steps_left():
    g = execute(position(pw=10, io=3, nicosia={"sabotage": 1}), "C29", "unshaded", "eoka")
    do(g, "choose opinion")
    assert over(g) and g.s["io"] == 1 and g.s["pw"] == 9 and sp(g, "nicosia")["sabotage"] == 1


def test_c29_unshaded_only_the_effect_that_can_do_something_is_carried_out_without_asking():
    g = execute(position(pw=10, io=0, nicosia={"sabotage": 1}), "C29", "unshaded", "british")
    assert top(g) == ("cy.ev.C29.remove", "british")                  # one marker only: min 1
    do(g, "remove nicosia")
    assert over(g) and g.s["pw"] == 9
    g = execute(position(pw=10, io=1), "C29", "unshaded", "british")
    assert over(g) and g.s["io"] == 0                                   # a shift past Ignored is lost


def test_c29_unshaded_at_political_will_0_the_offer_stands():
    """Ruling R-C29 (default): the shift cannot be made (5.1.1) and the effect follows (5.1.3)."""
    g = execute(position(pw=0, io=2), "C29", "unshaded", "british")
    assert over(g) and g.s["pw"] == 0 and g.s["io"] == 0
    assert "Political Will is at 0 and cannot fall" in said(g)


def test_c29_umpire_option_paid_the_price_must_be_paid():
    g = position(pw=0, io=2, rulings={"R-C29": "paid"})
    assert "unshaded" not in sides(g, "C29")
    g = position(pw=15, rulings={"R-C29": "paid"}, nicosia={"cells_u": 1})
    assert "shaded" not in sides(g, "C29")


def test_c29_unshaded_not_offered_with_no_marker_and_opinion_at_ignored():
    assert "unshaded" not in sides(position(io=0), "C29")


def test_c29_shaded_political_will_up_then_eoka_sabotage_in_up_to_three_spaces():
    """L3921, Tip L3923: +1 Political Will, then EOKA Sabotage (R-EVENT-FACTION), at least one space where one
    qualifies (ruling R-EVENT-OP-COUNT), Underground Cells as usual, no Offensive (R-EVENT-LEAD)."""
    g = position(pw=10, rolls=(4, 1), nicosia={"cells_u": 1}, limassol={"cells_u": 2, "police": 1},
                 larnaca={"cells_a": 1}, troodos={"cells_u": 1})
    execute(g, "C29", "shaded", "british")
    assert g.s["pw"] == 11
    assert top(g) == ("cy.op.sabotage", "eoka")
    assert legal(g)["space"] == ["nicosia", "limassol"] and "done" not in legal(g)
    assert "offensive" not in legal(g)
    refused(g, "space larnaca", "Sabotage needs an Underground Cell (3.3.3); Larnaca has none")
    refused(g, "space troodos", "Troodos Mountains is a Mountain: Sabotage selects a Town or a British Base only")
    refused(g, "done", "select at least one space first")
    err = refused(g, "offensive troodos", "the Event sets this Sabotage's spaces at 3: no Offensive adds one")
    assert err.rule == "C29"
    do(g, "space nicosia", "roll", "space limassol", "roll", "done")
    assert over(g)
    assert sp(g, "nicosia") == space(cells_a=1, sabotage=1) and sp(g, "limassol") == space(cells_u=1, cells_a=1,
                                                                                            police=1)


def test_c29_shaded_at_political_will_15_the_sabotage_follows():
    g = execute(position(pw=15, rolls=(6,), nicosia={"cells_u": 1}), "C29", "shaded", "eoka")
    assert "Political Will is at 15 and cannot rise" in said(g)
    do(g, "space nicosia", "roll", "done")
    assert over(g) and g.s["pw"] == 15 and sp(g, "nicosia")["sabotage"] == 1


def test_c29_shaded_not_offered_with_no_space_to_sabotage():
    assert "shaded" not in sides(position(troodos={"cells_u": 3}, nicosia={"cells_a": 1}), "C29")


# -- C30 Operation Forward to Victory --------------------------------------------------------------------------------

def test_c30_unshaded_british_may_search_in_one_space_of_any_kind_then_assault_there():
    g = position(chits=(2,), nicosia={"troops": 3, "cells_u": 2}, kyrenia={"troops": 1})
    execute(g, "C30", "unshaded", "eoka")
    assert top(g) == ("cy.op.search", "british") and "done" in legal(g)
    do(g, "space nicosia", "done", "move kyrenia nicosia", "done", "chit 2")   # 4 cubes, chit: 2 Cells
    assert sp(g, "nicosia") == space(troops=4, cells_a=2)
    assert top(g) == ("cy.op.assault", "british")
    do(g, "space nicosia", "done")
    assert over(g) and sp(g, "nicosia") == space(troops=4) and g.s["prison"] == 1


def test_c30_unshaded_not_offered_when_no_search_or_assault_could_change_anything():
    assert "unshaded" not in sides(position(troodos={"cells_u": 1}, nicosia={"cells_u": 1}), "C30")


def test_c30_shaded_eoka_may_sabotage_in_any_or_all_towns_with_underground_cells():
    g = position(rolls=(3, 2), nicosia={"cells_u": 1}, paphos={"cells_u": 1, "police": 2},
                 limassol={"cells_u": 1}, larnaca={"cells_a": 2}, akrotiri={"cells_u": 1})
    execute(g, "C30", "shaded", "british")
    assert top(g) == ("cy.op.sabotage", "eoka")
    assert legal(g)["space"] == ["nicosia", "limassol", "paphos"] and "done" in legal(g)
    err = refused(g, "space akrotiri", "this Sabotage may select only Nicosia, Limassol and Paphos")
    assert err.rule == "C30"
    refused(g, "space larnaca", "this Sabotage may select only")        # no Underground Cell
    do(g, "space nicosia", "roll", "space paphos", "roll", "done")    # Limassol left alone
    assert over(g)
    assert sp(g, "nicosia") == space(cells_a=1, sabotage=1) and sp(g, "paphos") == space(cells_a=1, police=2)
    assert sp(g, "limassol") == space(cells_u=1)


def test_c30_shaded_not_offered_without_a_town_with_an_underground_cell():
    assert "shaded" not in sides(position(akrotiri={"cells_u": 2}, nicosia={"cells_a": 1}), "C30", "eoka")


# -- 4.1: an Event's Operation or Special Activity leaves Eligibility to the Event box --------------------------------

def test_4_1_granted_operations_leave_eligibility_to_the_event_box():
    """The British take the Event box and execute C19 unshaded: the Search and Assault are part of the Event
    (ruling R-FREE-OPS); the cylinder stays in the Event box and the order of eligibility is not touched."""
    g = gangs_board()
    at_card(g, "C19")
    g.s["eligible"] = ["british", "eoka"]
    g.call("coin.turn", "british", stage="box")
    g.settle()
    do(g, "box event")
    assert "unshaded" in legal(g)
    do(g, "unshaded", "space troodos", "done", "done", "space troodos", "done")
    assert over(g)
    assert g.s["boxes"] == {"limited": None, "event": "british", "opsa": None}
    assert g.s["eligible"] == ["british", "eoka"]


def test_4_1_a_granted_special_activity_leaves_eligibility_to_the_event_box():
    """EOKA, 1st Eligible, take the Event box and execute C27 unshaded: the British Interrogate as part of the
    Event (4.1 L3422: "not further affecting Eligibility"); the Event box keeps EOKA's cylinder."""
    g = position(prison=1, draws=(2,), nicosia={"cells_a": 1})
    at_card(g, "C27")
    g.call("coin.turn", "eoka", stage="box")
    g.settle()
    do(g, "box event", "unshaded", "remove nicosia active")
    assert over(g) and g.s["intel"]["held"] == [2]
    assert g.s["boxes"] == {"limited": None, "event": "eoka", "opsa": None}
    assert g.s["eligible"] == ["eoka", "british"]


# -- ruling R-EVENT-LEAD, the umpire's wider reading ----------------------------------------------------------------

def test_r_event_lead_all_an_unfixed_search_may_take_a_lead_but_not_one_in_a_town_the_card_fixed():
    """Under the reading ``all`` an Event's Search may add a space where the text leaves more spaces to choose
    from than its count (C30: any space); C15's Search is in the one Town chosen, so none is added."""
    g = position(chits=(0, 1), rulings={"R-EVENT-LEAD": "all"}, nicosia={"troops": 2, "cells_a": 1},
                 limassol={"troops": 1, "cells_a": 1})
    execute(g, "C30", "unshaded", "british")
    assert legal(g)["lead"] == ["0", "1"]
    g = position(chits=(0,), rulings={"R-EVENT-LEAD": "all"}, nicosia={"troops": 2, "cells_a": 1})
    execute(g, "C15", "unshaded", "british")
    assert top(g) == ("cy.op.search", "british") and "lead" not in legal(g)
