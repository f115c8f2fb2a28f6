"""British Operations of Cyprus (3.2, L3365-3383): Deploy (3.2.1), Patrol (3.2.2), Search (3.2.3), Assault
(3.2.4); the Limited forms (2.3.4), the Intelligence Lead (2.3.7), the Curfew lifted from a Town left with no
British piece and the Curfew moved when the pool is empty (1.10), C17 shaded, the frames the Events pass
(C2 unshaded, C3, C6, C15, C19, C24, C30), and the Example of Play's British Operations (8.0) from the
positions it describes. Each refusal is checked for what is wrong, what is allowed and the rule.

The tests push an Operation's frame on a Context built by hand and give it orders with the driver of
helpers.py (as engine.api applies them: the prompt's legal actions, ``act``, ``settle``), checking the
invariants after each order."""

from __future__ import annotations

import pytest

from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus import british_ops  # noqa: F401  (registers the Operations)
from engine.games.cyprus.operation import event_limited_frame, event_op_frame

from . import helpers
from .helpers import (
    at_card,
    check,
    do,
    finish,
    hold,
    legal,
    on_setup,
    over,
    put,
    refused,
    said,
    sp,
    space,
    start,
)


def position(**kw) -> Context:
    """A position of :func:`helpers.position` at the setup's Political Will (14), as these tests build them."""
    return helpers.position(pw=14, **kw)


# -- 3.2.1 Deploy ---------------------------------------------------------------------------------------------

def deploy_board(**kw) -> Context:
    return position(
        nicosia={"troops": 2, "cells_u": 1},                   # 2 > 1: selectable
        famagusta={"troops": 1, "cells_a": 1},                 # 1 = 1: not
        larnaca={"troops": 3, "cells_u": 1, "caches": 1},      # 3 > 2: an Arms Cache is an EOKA piece
        akrotiri={"troops": 1},                                # a Base: 1 > 0
        troodos={"troops": 3},                                 # a Mountain: never
        limassol={"police": 2},                                # no Troop: not
        **kw)


def test_3_2_1_deploy_selects_towns_and_bases_with_more_troops_than_eoka_pieces():
    g = start(deploy_board(), "deploy")
    assert legal(g)["space"] == ["nicosia", "larnaca", "akrotiri"]
    refused(g, "space troodos", "Troodos Mountains is a Mountain", "Deploy selects Towns and British Bases only", "(3.2.1)")
    refused(g, "space famagusta", "Famagusta has 1 Troop and 1 EOKA piece",
            "Deploy needs more Troops than EOKA pieces (3.2.1)")
    refused(g, "space limassol", "Limassol has no Troop", "(3.2.1)")
    refused(g, "space atlantis", "'atlantis' is not a space")


def test_3_2_1_deploy_places_one_police_from_available_in_each_space():
    g = start(deploy_board(), "deploy")
    assert g.s["available"]["police"] == 4
    do(g, "space nicosia", "space larnaca", "space akrotiri", "done", "done")
    assert sp(g, "nicosia") == space(troops=2, police=1, cells_u=1)
    assert sp(g, "larnaca") == space(troops=3, police=1, cells_u=1, caches=1)
    assert sp(g, "akrotiri") == space(troops=1, police=1)
    assert sp(g, "limassol")["police"] == 2 and g.s["available"]["police"] == 1
    assert over(g)


def test_3_2_1_deploy_with_no_police_available_places_none_and_takes_none_from_the_map():
    g = deploy_board(paphos={"police": 3})
    assert g.s["available"]["police"] == 1
    start(g, "deploy")
    do(g, "space nicosia", "space akrotiri", "done", "done")
    assert sp(g, "nicosia")["police"] == 1 and sp(g, "akrotiri")["police"] == 0    # 1.4.1 Important
    assert sp(g, "paphos")["police"] == 3 and sp(g, "limassol")["police"] == 2
    assert "British Deployed in Akrotiri (no Police Available)." in said(g)


def test_3_2_1_deploy_tests_troops_against_eoka_pieces_as_each_space_is_selected():
    """The Troop move that follows does not undo a selection: Nicosia's two Troops leave and its Police stays
    (ruling R-DEPLOY: a space qualifies when selected)."""
    g = start(deploy_board(), "deploy")
    do(g, "space nicosia", "done", "to troodos", "troop nicosia", "troop nicosia", "done")
    assert sp(g, "nicosia") == space(police=1, cells_u=1)
    assert sp(g, "troodos") == space(troops=5)


def test_3_2_1_deploy_moves_any_troops_from_anywhere_to_one_space_even_a_mountain():
    g = start(deploy_board(), "deploy")
    do(g, "space akrotiri", "done")
    assert legal(g) == {"to": B.SPACES, "done": []}
    do(g, "to kyrenia")
    # From any space, adjacent or not (Akrotiri borders Limassol only); the one destination is fixed.
    assert legal(g) == {"done": [], "troop": ["nicosia", "famagusta", "larnaca", "troodos", "akrotiri"]}
    do(g, "troop akrotiri", "troop larnaca", "troop larnaca", "troop troodos", "done")
    assert sp(g, "kyrenia") == space(troops=4)
    assert sp(g, "akrotiri") == space(police=1) and sp(g, "larnaca")["troops"] == 1
    assert over(g)


def test_3_2_1_deploy_troop_orders_refused_with_their_reasons():
    g = start(deploy_board(), "deploy")
    do(g, "space nicosia", "done", "to nicosia")
    refused(g, "troop nicosia", "Nicosia is where the Troops go", "(3.2.1: from anywhere to one space)")
    refused(g, "troop limassol", "Limassol has no Troop to move (3.2.1)")
    refused(g, "troop akrotiri nicosia", "troop names the one space a Troop moves from", "all go to Nicosia")
    refused(g, "to larnaca", "the Troops' one destination is Nicosia", "(3.2.1)")


def test_3_2_1_deploy_troop_move_is_optional():
    g = start(deploy_board(), "deploy")
    do(g, "space larnaca", "done", "done")
    assert over(g)
    assert sp(g, "troodos")["troops"] == 3 and sp(g, "larnaca")["troops"] == 3


def test_2_3_4_limited_deploy_one_space_then_troops_to_any_one_space():
    """3.2.1: "even if a Limited Operation (2.3.4), may move any Troops from anywhere on the map to one space";
    by default any space (ruling R-DEPLOY)."""
    g = start(deploy_board(), "deploy", limited=True)
    do(g, "space nicosia")
    assert "space" not in legal(g)
    refused(g, "space larnaca", "this Limited Deploy already has its 1 space(s) (Nicosia)",
            "a Limited Operation selects one space")
    do(g, "done")
    assert legal(g)["to"] == B.SPACES
    do(g, "to troodos", "troop akrotiri", "troop larnaca", "done")
    assert sp(g, "troodos") == space(troops=5)
    assert sp(g, "nicosia") == space(troops=2, police=1, cells_u=1)
    assert over(g)


def test_2_3_4_umpire_option_limited_deploy_troops_go_to_its_one_selected_space():
    """Ruling R-DEPLOY, reading ``same``: 2.3.4's "only one destination space" is the space selected."""
    g = start(deploy_board(rulings={"R-DEPLOY": "same"}), "deploy", limited=True)
    do(g, "space akrotiri", "done")
    assert legal(g) == {"to": ["akrotiri"], "done": []}
    refused(g, "to troodos", "Troodos Mountains is not the space this Limited Deploy selected", "go to Akrotiri only",
            "(2.3.4, ruling R-DEPLOY)")
    do(g, "to akrotiri", "troop nicosia", "done")
    assert sp(g, "akrotiri") == space(troops=2, police=1)
    # A full Deploy under the same reading still sends its Troops to any one space (3.2.1).
    g = start(deploy_board(rulings={"R-DEPLOY": "same"}), "deploy")
    do(g, "space akrotiri", "done")
    assert legal(g)["to"] == B.SPACES


def test_2_3_7_deploy_takes_no_intelligence_lead():
    g = start(deploy_board(chits=(0, 2)), "deploy", limited=True)
    assert "lead" not in legal(g)
    refused(g, "lead 2", "an Intelligence Lead adds a space to Patrol, Search or Assault only, not to Limited "
                         "Deploy (2.3.7)")
    assert g.s["intel"]["held"] == [0, 2]


def test_1_10_curfew_lifted_when_deploy_moves_the_last_troop_out_of_a_town():
    g = position(nicosia={"troops": 1, "curfew": 1, "cells_u": 1}, larnaca={"troops": 1, "police": 1, "curfew": 1},
                 akrotiri={"troops": 2})
    start(g, "deploy", limited=True)
    do(g, "space akrotiri", "done", "to troodos", "troop nicosia", "troop larnaca", "done")
    assert sp(g, "nicosia") == space(cells_u=1)                       # no British piece: the Curfew goes
    assert sp(g, "larnaca") == space(police=1, curfew=1)              # a Police cube stays: so does it
    assert "The Curfew in Nicosia was lifted: no British pieces remain." in said(g)
    assert B.curfew_pool(g) == 3


# -- 3.2.2 Patrol ---------------------------------------------------------------------------------------------

def patrol_board(**kw) -> Context:
    return position(
        nicosia={"troops": 2, "cells_u": 2, "cells_a": 3},
        karpas={"cells_a": 2},
        akrotiri={"cells_a": 1},                      # a Base with a Cell: a destination
        troodos={"cells_a": 2},                       # a Mountain: never
        larnaca={"troops": 2},                        # no Cell: not
        paphos={"police": 1},
        famagusta={"police": 2},
        **kw)


def test_3_2_2_patrol_destinations_are_non_mountain_spaces_with_cells():
    g = start(patrol_board(), "patrol")
    assert legal(g)["space"] == ["nicosia", "karpas", "akrotiri"]
    refused(g, "space troodos", "Troodos Mountains is a Mountain: Patrol selects non-Mountain spaces only (3.2.2)")
    refused(g, "space larnaca", "Patrol destinations need Cells (3.2.2); Larnaca has none")


def test_3_2_2_patrol_moves_police_from_anywhere_and_removes_one_active_cell_per_police_to_prison():
    g = start(patrol_board(), "patrol")
    do(g, "space karpas", "done")
    # Paphos is far from Karpas: Police need not be adjacent (8.0 L3608).
    assert sorted(legal(g)["move"]) == ["famagusta karpas", "paphos karpas"]
    do(g, "move paphos karpas", "done", "space karpas")
    assert sp(g, "karpas") == space(police=1, cells_a=1)
    assert g.s["prison"] == 1 and sp(g, "paphos") == space()
    assert over(g)


def test_3_2_2_patrol_removes_in_one_destination_only():
    g = start(patrol_board(), "patrol")
    do(g, "space karpas", "space akrotiri", "done", "move famagusta karpas", "move paphos akrotiri", "done")
    assert legal(g) == {"space": ["karpas", "akrotiri"]}             # the first removal is not optional
    refused(g, "done", "the Patrol then removes Cells in one destination with Police (3.2.2)")
    do(g, "space akrotiri")
    assert sp(g, "akrotiri") == space(police=1) and g.s["prison"] == 1
    assert sp(g, "karpas") == space(police=1, cells_a=2)              # one destination only
    assert over(g)


def test_3_2_2_patrol_police_move_once_each():
    g = start(patrol_board(), "patrol")
    do(g, "space karpas", "space akrotiri", "done", "move paphos karpas")
    assert sorted(legal(g)["move"]) == ["famagusta akrotiri", "famagusta karpas"]
    refused(g, "move karpas akrotiri", "Karpas has 1 Police cube, each moved into it in this Patrol already",
            "a cube moves once (3.2.2, ruling R-OP-MOVE-ONCE)")
    refused(g, "move famagusta nicosia", "Nicosia is not a destination of this Patrol: Karpas and Akrotiri (3.2.2)")
    refused(g, "move larnaca karpas", "Larnaca has no Police cube to move (3.2.2)")


def test_3_2_2_patrol_removal_space_needs_police():
    g = start(patrol_board(), "patrol")
    do(g, "space karpas", "space akrotiri", "done", "move paphos karpas", "done")
    assert legal(g) == {"space": ["karpas"]}
    refused(g, "space akrotiri", "Akrotiri has no Police cube", "one Cell per Police cube there (3.2.2)")


def ug_board(*chits, **kw) -> Context:
    return position(chits=chits, nicosia={"police": 2, "cells_u": 3}, limassol={"police": 3, "cells_u": 1,
                                                                               "cells_a": 1}, **kw)


def test_3_2_2_patrol_removes_underground_cells_with_chits_worth_at_least_their_number():
    g = start(ug_board(2), "patrol")
    do(g, "space nicosia", "done", "done", "space nicosia")
    assert legal(g) == {"chit": ["2"], "done": []}
    do(g, "chit 2")
    assert sp(g, "nicosia") == space(police=2, cells_u=1)            # two Police: two Cells at most
    assert g.s["prison"] == 2
    assert g.s["intel"] == {"bag": [0, 0, 0, 1, 1, 1, 2, 2, 2], "held": []}   # the chit back in the bag
    assert over(g)


def test_3_2_2_patrol_a_chit_of_zero_pays_for_no_underground_cell():
    g = start(ug_board(0), "patrol")
    do(g, "space nicosia", "done", "done", "space nicosia")
    assert over(g)                                                    # nothing to decide: nothing removed
    assert sp(g, "nicosia") == space(police=2, cells_u=3) and g.s["intel"]["held"] == [0]


def test_3_2_4_note_underground_cells_count_in_the_patrols_one_cell_per_police():
    """3.2.4 NOTE (L3383): Underground Cells removed by chits "still count towards the total number of pieces
    that may be removed by Patrol". Three Police: the Active Cell and one Underground Cell at most."""
    g = start(ug_board(2, 1), "patrol")
    do(g, "space limassol", "done", "done", "space limassol")
    assert legal(g) == {"remove": ["active"], "chit": ["1", "2"]}
    do(g, "chit 1", "remove underground")
    assert sp(g, "limassol") == space(police=3)                       # the Active Cell went without asking
    assert g.s["prison"] == 2 and g.s["intel"]["held"] == [2]


def test_1_6_1_chit_value_left_over_in_a_patrol_space_is_lost():
    g = start(ug_board(2), "patrol")
    do(g, "space limassol", "done", "done", "space limassol")
    do(g, "chit 2", "remove underground")
    assert sp(g, "limassol") == space(police=3) and g.s["prison"] == 2
    assert g.s["intel"]["held"] == [] and g.s["intel"]["bag"].count(2) == 3


def test_3_1_patrol_removes_active_cells_to_the_maximum_extent():
    g = start(ug_board(1), "patrol")
    do(g, "space limassol", "done", "done", "space limassol")
    refused(g, "done", "targeted Cells are removed to the maximum extent possible (3.1, ruling R-OP-REMOVE)",
            "Limassol still has 1 Active Cell")
    do(g, "remove active")
    assert legal(g) == {"chit": ["1"], "done": []}                    # the chit is a "may" (3.2.2)
    do(g, "done")
    assert sp(g, "limassol") == space(police=3, cells_u=1) and g.s["intel"]["held"] == [1]


def test_c17_shaded_patrol_removes_one_cell_per_two_police():
    g = position(capabilities={"C17": "shaded"}, chits=(2,),
                 nicosia={"police": 3, "cells_a": 3}, limassol={"police": 1, "cells_u": 2, "cells_a": 1})
    start(g, "patrol")
    do(g, "space nicosia", "done", "done", "space nicosia")
    assert sp(g, "nicosia") == space(police=3, cells_a=2) and g.s["prison"] == 1     # 3 Police: 1 Cell
    assert "Police stretched thin (C17): 3 Police cubes in Nicosia remove 1 Cell(s) at most." in said(g)
    # Underground Cells count in the same number: four Police, two removals, the chit pays for both.
    g = position(capabilities={"C17": "shaded"}, chits=(2,), limassol={"police": 4, "cells_u": 3})
    start(g, "patrol")
    do(g, "space limassol", "done", "done", "space limassol", "chit 2")
    assert sp(g, "limassol") == space(police=4, cells_u=1) and g.s["prison"] == 2
    # Without the Capability (or with C17 unshaded) one Cell per Police.
    g = position(capabilities={"C17": "unshaded"}, nicosia={"police": 3, "cells_a": 3})
    start(g, "patrol")
    do(g, "space nicosia", "done", "done", "space nicosia")
    assert sp(g, "nicosia") == space(police=3) and g.s["prison"] == 3


def test_2_3_4_limited_patrol_one_destination_police_from_several_spaces():
    g = start(patrol_board(), "patrol", limited=True)
    do(g, "space karpas")
    refused(g, "space akrotiri", "this Limited Patrol already has its 1 space(s) (Karpas)", "(2.3.4")
    do(g, "done", "move paphos karpas", "move famagusta karpas", "move famagusta karpas", "done")
    assert legal(g) == {"space": ["karpas"]}
    do(g, "space karpas")
    assert sp(g, "karpas") == space(police=3) and g.s["prison"] == 2
    assert over(g)


def test_1_10_curfew_lifted_when_patrol_moves_the_last_police_out_of_a_town():
    g = position(karpas={"cells_a": 1}, famagusta={"police": 1, "curfew": 1, "cells_u": 1},
                 larnaca={"police": 1, "troops": 1, "curfew": 1})
    start(g, "patrol", limited=True)
    do(g, "space karpas", "done", "move famagusta karpas")
    assert sp(g, "famagusta") == space(cells_u=1)
    assert "The Curfew in Famagusta was lifted: no British pieces remain." in said(g)
    do(g, "move larnaca karpas", "done", "space karpas")
    assert sp(g, "larnaca") == space(troops=1, curfew=1)              # a Troop stays: so does the Curfew
    assert sp(g, "karpas") == space(police=2) and g.s["prison"] == 1


# -- 3.2.3 Search ---------------------------------------------------------------------------------------------

def search_board(**kw) -> Context:
    return position(
        troodos={"cells_u": 3},
        nicosia={"troops": 2, "police": 1, "cells_u": 2},
        limassol={"troops": 1, "cells_u": 2},
        akrotiri={"troops": 3, "cells_u": 2},
        dhekelia={"troops": 2},
        karpas={"troops": 2},
        **kw)


def test_3_2_3_search_moves_only_adjacent_troops():
    g = start(search_board(), "search")
    do(g, "space troodos", "done")
    assert sorted(legal(g)["move"]) == ["limassol troodos", "nicosia troodos"]
    refused(g, "move akrotiri troodos", "Akrotiri is not adjacent to Troodos Mountains: Search moves adjacent Troops (3.2.3)")
    refused(g, "move karpas troodos", "Karpas is not adjacent to Troodos Mountains")


def test_3_2_3_search_moves_are_simultaneous_each_troop_once():
    g = start(search_board(), "search")
    do(g, "space limassol", "space troodos", "done", "move akrotiri limassol", "move akrotiri limassol")
    assert "limassol troodos" in legal(g)["move"]                    # Limassol's own Troop may go on
    do(g, "move limassol troodos")
    assert "limassol troodos" not in legal(g)["move"]                # not those that just arrived
    refused(g, "move limassol troodos", "Limassol has 2 Troops, each moved into it in this Search already",
            "a cube moves once (3.2.3, ruling R-OP-MOVE-ONCE)")
    assert sp(g, "limassol")["troops"] == 2 and sp(g, "troodos")["troops"] == 1


def test_3_2_3_search_mountains_and_bases_activate_one_cell_per_cube():
    g = start(search_board(), "search")
    do(g, "space troodos", "space akrotiri", "done", "move nicosia troodos", "move nicosia troodos", "done")
    # Troodos: 2 Troops -> 2 Cells; Akrotiri: 3 Troops -> 2 Cells (all it has); no Curfew outside Towns.
    assert sp(g, "troodos") == space(troops=2, cells_u=1, cells_a=2)
    assert sp(g, "akrotiri") == space(troops=3, cells_a=2)
    assert over(g) and B.curfew_pool(g) == 4


def test_3_2_3_search_town_places_a_curfew_and_activates_one_cell_per_three_cubes():
    g = start(search_board(), "search")
    do(g, "space nicosia", "done", "done")
    assert legal(g) == {"curfew": []}                                 # no chit held
    refused(g, "curfew larnaca", "curfew takes nothing after it here: a Curfew comes from the pool (3.2.3, 1.10)")
    do(g, "curfew")
    assert sp(g, "nicosia") == space(troops=2, police=1, cells_u=1, cells_a=1, curfew=1)   # 3 cubes -> 1
    assert over(g)
    g = start(search_board(), "search")
    do(g, "space limassol", "done", "move akrotiri limassol", "done", "curfew")
    assert sp(g, "limassol") == space(troops=2, cells_u=2, curfew=1)  # 2 cubes -> none, the Curfew all the same


def test_3_2_3_search_town_with_a_chit_of_any_value_activates_one_per_cube_and_places_no_curfew():
    g = start(search_board(chits=(0, 2)), "search")
    do(g, "space nicosia", "done", "done")
    assert legal(g) == {"curfew": [], "chit": ["0", "2"]}
    refused(g, "chit 1", "the British hold no Intel Chit of value 1 (held: 0, 2) (3.2.3)")
    do(g, "chit 0")
    assert sp(g, "nicosia") == space(troops=2, police=1, cells_a=2)
    assert g.s["intel"]["held"] == [2] and g.s["intel"]["bag"].count(0) == 3


def test_3_2_3_search_town_with_a_curfew_already_gets_no_second_one():
    g = search_board()
    sp(g, "nicosia")["curfew"] = 1
    start(g, "search")
    do(g, "space nicosia", "done", "done", "curfew")
    assert sp(g, "nicosia") == space(troops=2, police=1, cells_u=1, cells_a=1, curfew=1)
    assert B.curfew_pool(g) == 3


def test_1_10_search_places_no_curfew_in_a_town_with_no_british_piece():
    g = start(position(paphos={"cells_u": 2}), "search", limited=True)
    do(g, "space paphos", "done", "done", "curfew")
    assert sp(g, "paphos") == space(cells_u=2) and over(g)


def full_pool_board(**kw) -> Context:
    """Every Curfew on the map (1.10: the pool empty): Nicosia, Famagusta, Larnaca and Karpas."""
    return position(nicosia={"police": 1, "curfew": 1}, famagusta={"police": 1, "curfew": 1},
                    larnaca={"troops": 1, "curfew": 1}, karpas={"police": 1, "curfew": 1},
                    limassol={"troops": 3, "cells_u": 2}, paphos={"troops": 3, "cells_u": 1}, **kw)


def test_1_10_search_with_the_pool_empty_moves_a_curfew_the_british_choose():
    """1.10 (L3293): "if no Curfews are available to be placed then the British player must move one from
    elsewhere on the map" (ruling R-CURFEW-POOL): the British choose which."""
    g = start(full_pool_board(), "search", limited=True)
    do(g, "space limassol", "done", "done")
    assert legal(g) == {"curfew": ["nicosia", "famagusta", "larnaca", "karpas"]}
    assert "no Curfew is left in the pool: curfew FROM moves one from another Town" in g.proc(g.top()).text(g, g.top())
    refused(g, "curfew", "no Curfew is left in the pool", "curfew FROM, one of Nicosia, Famagusta, Larnaca and Karpas",
            "(1.10, ruling R-CURFEW-POOL)")
    refused(g, "curfew paphos", "Paphos has no Curfew to move", "(1.10, ruling R-CURFEW-POOL)")
    refused(g, "curfew limassol", "the Curfew goes to Limassol; it moves from another Town")
    do(g, "curfew famagusta")
    assert sp(g, "famagusta") == space(police=1)                      # removed from its Town at once
    assert sp(g, "limassol") == space(troops=3, cells_u=1, cells_a=1, curfew=1)
    assert "The Curfew in Famagusta was moved to Limassol." in said(g)
    assert over(g)


def test_1_10_a_curfew_this_search_just_placed_is_not_moved_again():
    """Ruling R-CURFEW-POOL: a Curfew is never taken from a Town where the same action has just placed one.
    One Curfew in the pool: Limassol takes it; Paphos must then move one of the three others."""
    g = full_pool_board()
    g.s["spaces"]["karpas"]["curfew"] = 0
    start(g, "search")
    do(g, "space limassol", "space paphos", "done", "done", "curfew")
    assert sp(g, "limassol")["curfew"] == 1 and B.curfew_pool(g) == 0
    assert legal(g) == {"curfew": ["nicosia", "famagusta", "larnaca"]}
    refused(g, "curfew limassol", "this Search has just placed the Curfew in Limassol",
            "it is not taken from there again (1.10, ruling R-CURFEW-POOL)")
    do(g, "curfew nicosia")
    assert sp(g, "paphos")["curfew"] == 1 and sp(g, "nicosia")["curfew"] == 0
    assert sp(g, "limassol")["curfew"] == 1


def test_1_10_with_the_pool_empty_a_chit_still_avoids_the_curfew():
    g = start(full_pool_board(chits=(1,)), "search", limited=True)
    do(g, "space limassol", "done", "done")
    assert legal(g) == {"curfew": ["nicosia", "famagusta", "larnaca", "karpas"], "chit": ["1"]}
    do(g, "chit 1")
    assert sp(g, "limassol") == space(troops=3, cells_a=2) and B.curfew_pool(g) == 0


def test_1_10_curfew_to_move_is_asked_of_the_british_when_another_faction_conducts_the_search():
    """An Event's Search conducted by EOKA (as the executing faction): the Curfew to move stays the British
    player's choice (1.10: "the British player must move one"), asked of them; the engine never picks."""
    g = full_pool_board()
    at_card(g, "C30")
    start(g, "search", role="eoka", frame=event_op_frame(g, "search", 1, only=["limassol"], selected=["limassol"]))
    assert g.top()["role"] == "eoka" and legal(g) == {"done": [], "move": ["larnaca limassol", "paphos limassol"]}
    do(g, "done")
    assert g.top() == {"p": "cy.op.curfew", "role": "british", "town": "limassol",
                       "sources": ["nicosia", "famagusta", "larnaca", "karpas"]}
    assert legal(g) == {"curfew": ["nicosia", "famagusta", "larnaca", "karpas"]}
    refused(g, "curfew paphos", "Paphos has no Curfew to move")
    do(g, "curfew larnaca")
    assert sp(g, "larnaca") == space(troops=1) and sp(g, "limassol")["curfew"] == 1
    assert over(g)


def test_1_10_event_search_asks_the_british_for_a_chit_first_then_the_curfew():
    g = full_pool_board(chits=(2,))
    at_card(g, "C30")
    start(g, "search", role="eoka", frame=event_op_frame(g, "search", 1, only=["limassol"], selected=["limassol"]))
    do(g, "done")
    assert g.top()["p"] == "cy.op.chit" and legal(g) == {"chit": ["2"], "done": []}
    do(g, "done")                                                     # the British keep their chit
    assert g.top()["p"] == "cy.op.curfew"
    do(g, "curfew karpas")
    assert sp(g, "limassol") == space(troops=3, cells_u=1, cells_a=1, curfew=1)
    assert g.s["intel"]["held"] == [2] and over(g)


def test_1_10_curfew_lifted_when_search_moves_the_last_troop_out_of_a_town():
    g = start(position(limassol={"troops": 1, "curfew": 1, "cells_u": 1}, troodos={"cells_u": 1}), "search",
              limited=True)
    do(g, "space troodos", "done", "move limassol troodos")
    assert sp(g, "limassol") == space(cells_u=1)
    do(g, "done")
    assert sp(g, "troodos") == space(troops=1, cells_a=1)


def test_3_2_3_simultaneous_search_keeps_a_curfew_whose_town_is_refilled():
    """3.2.3: "simultaneously move": Larnaca's one Troop goes to Limassol while Limassol's goes to Larnaca,
    both destinations; neither Town is ever empty, so neither Curfew is lifted (ruling R-SEARCH-TOGETHER)."""
    g = position(larnaca={"troops": 1, "curfew": 1, "cells_u": 3}, limassol={"troops": 1, "curfew": 1, "cells_u": 3})
    start(g, "search")
    do(g, "space larnaca", "space limassol", "done", "move larnaca limassol")
    search = g.proc(g.top())
    assert g.top()["kept"] == ["larnaca"] and not search.interruptible(g, g.top())   # no Special Activity now
    do(g, "move limassol larnaca")
    assert "kept" not in g.top() or g.top()["kept"] == []
    assert sp(g, "larnaca")["curfew"] == 1 and sp(g, "limassol")["curfew"] == 1
    do(g, "done", "curfew", "curfew")
    assert sp(g, "larnaca") == space(troops=1, cells_u=3, curfew=1)
    assert "lifted" not in said(g)


def test_3_2_3_simultaneous_search_lifts_the_curfew_of_a_destination_left_empty_when_the_moves_end():
    g = position(larnaca={"troops": 1, "curfew": 1, "cells_u": 1}, limassol={"cells_u": 3})
    start(g, "search")
    do(g, "space larnaca", "space limassol", "done", "move larnaca limassol")
    assert "lifted" not in said(g)
    do(g, "done")
    assert "The Curfew in Larnaca was lifted: no British pieces remain." in said(g)
    assert sp(g, "larnaca") == space(cells_u=1)
    do(g, "curfew", "curfew")                                        # Larnaca: no British piece, no Curfew
    assert sp(g, "larnaca") == space(cells_u=1) and sp(g, "limassol") == space(troops=1, cells_u=3, curfew=1)


def test_c6_search_in_each_mountain_selected_by_the_event():
    g = search_board()
    at_card(g, "C6")
    frame = event_op_frame(g, "search", 2, only=B.MOUNTAINS, selected=B.MOUNTAINS)
    start(g, "search", frame=frame)
    assert g.top()["stage"] == "move"                                # no selection left to make
    assert "lead" not in legal(g)
    do(g, "move nicosia troodos", "done")
    assert sp(g, "troodos") == space(troops=1, cells_u=2, cells_a=1)
    assert over(g)


# -- 3.2.4 Assault --------------------------------------------------------------------------------------------

def test_3_2_4_assault_needs_troops_and_eoka_pieces():
    g = position(nicosia={"troops": 1, "caches": 1}, larnaca={"troops": 2}, famagusta={"police": 3, "cells_a": 1},
                 troodos={"troops": 1, "cells_u": 1}, akrotiri={"troops": 1, "cells_a": 1})
    start(g, "assault")
    assert legal(g)["space"] == ["nicosia", "troodos", "akrotiri"]
    refused(g, "space famagusta", "Famagusta has no Troop and 1 EOKA piece",
            "Assault needs Troops and EOKA pieces in the space (3.2.4)")
    refused(g, "space larnaca", "Larnaca has 2 Troops and no EOKA piece")


def test_3_2_4_assault_removes_one_piece_per_troop_and_per_two_troops_in_mountains():
    g = position(nicosia={"troops": 2, "cells_a": 3}, troodos={"troops": 3, "cells_a": 3},
                 akrotiri={"troops": 2, "cells_a": 3})
    start(g, "assault")
    do(g, "space nicosia", "space troodos", "space akrotiri", "done")
    assert sp(g, "nicosia") == space(troops=2, cells_a=1)            # a Town: per Troop
    assert sp(g, "troodos") == space(troops=3, cells_a=2)            # a Mountain: per two Troops
    assert sp(g, "akrotiri") == space(troops=2, cells_a=1)           # a Base: per Troop (L3604)
    assert over(g)


def test_3_2_4_police_never_count_for_assault():
    g = position(nicosia={"troops": 1, "police": 4, "cells_a": 3})
    start(g, "assault", limited=True)
    do(g, "space nicosia", "done")
    assert sp(g, "nicosia") == space(troops=1, police=4, cells_a=2)


def test_3_2_4_assault_cells_alternate_available_and_prison_over_the_whole_operation():
    """Ruling R-ASSAULT-PRISON (default ``operation``): Available first, then Prison, in turn across the
    spaces in the order the British resolve them."""
    g = position(troodos={"troops": 6, "cells_a": 3}, nicosia={"troops": 1, "cells_a": 1},
                 limassol={"troops": 2, "cells_a": 2})
    avail = g.s["available"]["cells"]
    start(g, "assault")
    do(g, "space troodos")
    assert g.s["available"]["cells"] == avail + 2 and g.s["prison"] == 1          # A, P, A
    do(g, "space nicosia")
    assert g.s["available"]["cells"] == avail + 2 and g.s["prison"] == 2          # P: the turn goes on
    do(g, "space limassol", "done")
    assert g.s["available"]["cells"] == avail + 3 and g.s["prison"] == 3          # A, P
    assert over(g)


def test_3_2_4_umpire_option_the_alternation_restarts_in_each_space():
    g = position(rulings={"R-ASSAULT-PRISON": "space"}, troodos={"troops": 6, "cells_a": 3},
                 nicosia={"troops": 1, "cells_a": 1})
    avail = g.s["available"]["cells"]
    start(g, "assault")
    do(g, "space troodos", "space nicosia", "done")
    assert g.s["available"]["cells"] == avail + 3 and g.s["prison"] == 1          # A, P, A; then A again


def test_3_2_4_cells_removed_by_chits_take_their_turn_in_the_alternation():
    g = position(chits=(2,), nicosia={"troops": 3, "cells_a": 1, "cells_u": 2})
    avail = g.s["available"]["cells"]
    start(g, "assault", limited=True)
    do(g, "space nicosia")
    assert g.s["available"]["cells"] == avail + 1                     # the Active Cell first (R-OP-ACTIVE-FIRST)
    assert legal(g) == {"chit": ["2"], "done": []}
    do(g, "chit 2")
    assert sp(g, "nicosia") == space(troops=3)
    assert g.s["available"]["cells"] == avail + 2 and g.s["prison"] == 1          # A, then P, then A


def test_3_2_4_arms_caches_only_once_no_cells_remain_even_underground():
    g = position(troodos={"troops": 8, "cells_a": 1, "cells_u": 1, "caches": 2})
    start(g, "assault", limited=True)
    do(g, "space troodos", "done")
    assert sp(g, "troodos") == space(troops=8, cells_u=1, caches=2)   # the Underground Cell shields both
    assert g.s["pw"] == 14 and g.s["intel"]["held"] == []


def test_3_2_4_each_arms_cache_removed_adds_political_will_and_draws_a_chit():
    g = position(draws=(2, 0), nicosia={"troops": 3, "cells_a": 1, "caches": 2})
    g.s["pw"] = 10
    start(g, "assault", limited=True)
    do(g, "space nicosia", "done")
    assert sp(g, "nicosia") == space(troops=3)
    assert g.s["pw"] == 12 and g.s["intel"]["held"] == [0, 2]
    assert "British drew an Intel Chit of value 2 (Arms Cache removed by Assault)." in said(g)


def test_3_2_4_assault_cache_political_will_stops_at_15():
    g = position(draws=(1,), nicosia={"troops": 1, "caches": 1})
    g.s["pw"] = 15
    start(g, "assault", limited=True)
    do(g, "space nicosia", "done")
    assert g.s["pw"] == 15 and g.s["intel"]["held"] == [1]


def test_r_intel_bag_with_every_chit_held_a_cache_draws_none():
    g = position(chits=(0, 0, 0, 1, 1, 1, 2, 2, 2), nicosia={"troops": 1, "caches": 1})
    start(g, "assault", limited=True)
    do(g, "space nicosia", "done")
    assert g.s["pw"] == 15 and len(g.s["intel"]["held"]) == 9
    assert "the bag is empty" in said(g)


def test_3_2_4_note_chits_and_troops_enough_remove_the_underground_cell_then_the_cache():
    g = position(chits=(1,), draws=(2,), nicosia={"troops": 2, "cells_u": 1, "caches": 1})
    start(g, "assault", limited=True)
    do(g, "space nicosia", "chit 1", "done")
    assert sp(g, "nicosia") == space(troops=2)
    assert g.s["pw"] == 15 and g.s["intel"]["held"] == [2]


def test_3_2_4_note_an_underground_cell_counts_toward_the_pieces_removed():
    g = position(chits=(1,), nicosia={"troops": 1, "cells_u": 1, "caches": 1})
    start(g, "assault", limited=True)
    do(g, "space nicosia", "chit 1", "done")
    assert sp(g, "nicosia") == space(troops=1, caches=1) and g.s["pw"] == 14


def test_3_2_4_a_chit_drawn_for_a_cache_may_pay_in_a_later_space():
    """Digest B5 subtle point 4: the chit drawn for Nicosia's Arms Cache pays for Limassol's Underground Cell."""
    g = position(draws=(2,), nicosia={"troops": 1, "caches": 1}, limassol={"troops": 1, "cells_u": 1})
    start(g, "assault")
    do(g, "space nicosia")
    assert g.s["intel"]["held"] == [2]
    do(g, "space limassol")
    assert legal(g) == {"chit": ["2"], "done": []}
    do(g, "chit 2", "done")
    assert sp(g, "limassol") == space(troops=1) and g.s["intel"]["held"] == []


def test_3_2_4_note_chit_value_is_not_split_across_spaces():
    g = position(chits=(2,), nicosia={"troops": 2, "cells_u": 1}, limassol={"troops": 2, "cells_u": 1})
    start(g, "assault")
    do(g, "space nicosia", "chit 2", "space limassol")
    # The point of the 2 left over in Nicosia pays for nothing in Limassol: its Cell stays, nothing to ask.
    assert legal(g) == {"done": []} and sp(g, "limassol")["cells_u"] == 1
    assert g.top()["unspent"] == [["nicosia", 1]]


def test_3_2_4_active_cells_go_before_underground_ones():
    """3.2.4: "First remove Active Cells" (ruling R-OP-ACTIVE-FIRST, default): two Troops, one Active and two
    Underground Cells, a 2 chit: the Active Cell goes first, then one Underground Cell."""
    g = position(chits=(2,), nicosia={"troops": 2, "cells_a": 1, "cells_u": 2})
    start(g, "assault", limited=True)
    do(g, "space nicosia")
    assert sp(g, "nicosia")["cells_a"] == 0
    assert legal(g) == {"chit": ["2"], "done": []}
    do(g, "chit 2", "done")
    assert sp(g, "nicosia") == space(troops=2, cells_u=1)


def test_3_2_4_umpire_option_british_may_take_underground_cells_first():
    g = position(chits=(1,), rulings={"R-OP-ACTIVE-FIRST": "british-choose"},
                 nicosia={"troops": 1, "cells_a": 1, "cells_u": 1})
    start(g, "assault", limited=True)
    do(g, "space nicosia")
    assert legal(g) == {"remove": ["active"], "chit": ["1"]}
    do(g, "chit 1", "remove underground", "done")
    assert sp(g, "nicosia") == space(troops=1, cells_a=1)


def test_3_2_4_assault_refusals_name_the_space_and_the_rule():
    g = position(chits=(2,), nicosia={"troops": 3, "cells_u": 1, "caches": 1})
    start(g, "assault", limited=True)
    do(g, "space nicosia")
    refused(g, "remove cache", "Arms Caches are removed only once no Cells remain, even Underground (3.2.4)",
            "Nicosia has no Active Cell and 1 Underground Cell")
    refused(g, "chit 1", "the British hold no Intel Chit of value 1 (held: 2) (1.6.1)")


def test_c2_unshaded_assault_removes_arms_caches_first():
    """C2 unshaded (L3655): "Assault removing any Arms Caches first": the Caches go before the Cells, even
    with an Underground Cell there, each +1 Political Will and a chit; the Troops' count covers both."""
    g = position(draws=(0, 1), nicosia={"troops": 3, "cells_u": 1, "cells_a": 2, "caches": 2})
    g.s["pw"] = 10
    at_card(g, "C2")
    start(g, "assault", frame=event_op_frame(g, "assault", 1, caches_first=True))
    assert "lead" not in legal(g)
    do(g, "space nicosia")
    assert sp(g, "nicosia") == space(troops=3, cells_u=1, cells_a=1)  # 2 Caches, then 1 Active Cell
    assert g.s["pw"] == 12 and g.s["intel"]["held"] == [0, 1]
    assert said(g).index("Arms Caches first") < said(g).index("British removed an Active Cell")
    finish(g)


def test_c2_unshaded_caches_first_leave_the_rest_to_the_cells():
    g = position(draws=(2,), nicosia={"troops": 2, "cells_u": 1, "caches": 1})
    at_card(g, "C2")
    start(g, "assault", frame=event_op_frame(g, "assault", 1, caches_first=True))
    do(g, "space nicosia")
    assert legal(g) == {"chit": ["2"], "done": []}                   # the chit drawn pays for the Cell
    reason = refused(g, "remove cache", "Georgios Grivas (C2): this Assault removed the Arms Caches in Nicosia "
                     "first", "Nicosia has no Arms Cache left to take")
    assert reason.rule == "C2"
    do(g, "chit 2", "done")
    assert sp(g, "nicosia") == space(troops=2) and g.s["available"]["cells"] == 12


@pytest.mark.parametrize("cid", ["C15", "C19", "C30"])
def test_event_assault_only_in_the_space_the_event_names(cid):
    g = position(troodos={"troops": 2, "cells_a": 1}, nicosia={"troops": 2, "cells_a": 1})
    at_card(g, cid)
    start(g, "assault", frame=event_op_frame(g, "assault", 1, only=["troodos"]))
    assert legal(g) == {"space": ["troodos"]}
    reason = refused(g, "space nicosia", "this Assault may select only Troodos Mountains")
    assert reason.rule == cid
    do(g, "space troodos")
    assert sp(g, "troodos") == space(troops=2)
    assert legal(g) == {"done": []}
    finish(g)


def test_event_assault_resolves_the_spaces_the_event_selected():
    g = position(troodos={"troops": 2, "cells_a": 1}, nicosia={"troops": 2, "cells_a": 2})
    at_card(g, "C30")
    start(g, "assault", frame=event_op_frame(g, "assault", 1, only=["nicosia"], selected=["nicosia"]))
    assert over(g)
    assert sp(g, "nicosia") == space(troops=2) and sp(g, "troodos") == space(troops=2, cells_a=1)


def test_event_assault_for_another_faction_asks_the_british_to_spend_a_chit():
    g = position(chits=(1,), nicosia={"troops": 2, "cells_u": 1})
    at_card(g, "C2")
    start(g, "assault", role="eoka", frame=event_op_frame(g, "assault", 1, caches_first=True))
    do(g, "space nicosia")
    assert g.top()["p"] == "cy.op.chit" and g.top()["role"] == "british"
    do(g, "chit 1")
    assert sp(g, "nicosia") == space(troops=2)
    assert g.top()["role"] == "eoka" and legal(g) == {"done": []}
    finish(g)


# -- 2.3.7 Intelligence Lead ----------------------------------------------------------------------------------

def lead_board(*chits) -> Context:
    return position(chits=chits, nicosia={"troops": 2, "police": 1, "cells_a": 1},
                    limassol={"troops": 2, "police": 1, "cells_a": 1})


@pytest.mark.parametrize("op", ["patrol", "search", "assault"])
def test_2_3_7_intelligence_lead_adds_a_space_even_to_a_limited_operation(op):
    g = start(lead_board(0, 2), op, limited=True)
    assert legal(g)["lead"] == ["0", "2"]
    do(g, "lead 0")                                                   # any value, even 0
    assert g.top()["max"] == 2 and g.s["intel"]["held"] == [2] and g.s["intel"]["bag"].count(0) == 3
    assert "lead" not in legal(g)
    refused(g, "lead 2", "already had its Intelligence Lead: once per Operation (2.3.7)")
    do(g, "space nicosia", "space limassol")
    assert "space" not in legal(g)
    assert "British discarded an Intel Chit of value 0 for an Intelligence Lead (one more space)." in said(g)


def test_2_3_7_intelligence_lead_makes_a_full_assault_four_spaces():
    g = position(chits=(1,), nicosia={"troops": 1, "cells_a": 1}, limassol={"troops": 1, "cells_a": 1},
                 larnaca={"troops": 1, "cells_a": 1}, famagusta={"troops": 1, "cells_a": 1})
    start(g, "assault")
    do(g, "space nicosia", "space limassol", "space larnaca")
    refused(g, "space famagusta", "this Assault already has its 3 space(s)", "(3.1: an Operation selects up to 3 spaces)")
    do(g, "lead 1", "space famagusta", "done")
    assert all(sp(g, s)["cells_a"] == 0 for s in ("nicosia", "limassol", "larnaca", "famagusta"))
    assert g.s["available"]["cells"] == 10 and g.s["prison"] == 2


def test_2_3_7_no_intelligence_lead_without_a_chit():
    g = start(lead_board(), "patrol")
    assert "lead" not in legal(g)
    refused(g, "lead 1", "the British hold no Intel Chit to discard for an Intelligence Lead (2.3.7)")


def test_c3_limited_patrol_may_take_an_intelligence_lead():
    """C3 unshaded, a Limited Patrol the Event grants without fixing its space (ruling R-EVENT-LEAD): one
    space, no Special Activity, and an Intelligence Lead may add one."""
    g = lead_board(1)
    at_card(g, "C3")
    start(g, "patrol", frame=event_limited_frame(g, "patrol", optional=True))
    assert legal(g)["lead"] == ["1"] and "done" in legal(g)         # "may": the British may decline
    do(g, "space nicosia")
    refused(g, "space limassol", "this Limited Patrol already has its 1 space(s) (Nicosia)", "(C3")
    do(g, "lead 1", "space limassol", "done", "done", "space limassol")
    assert sp(g, "limassol") == space(troops=2, police=1) and g.s["prison"] == 1


def test_c24_patrol_in_up_to_two_spaces_takes_no_intelligence_lead():
    g = lead_board(1)
    at_card(g, "C24")
    start(g, "patrol", frame=event_op_frame(g, "patrol", 2))
    assert "lead" not in legal(g)
    reason = refused(g, "lead 1", "the Event sets this Patrol's spaces at 2: no Intelligence Lead adds one")
    assert reason.rule == "C24"
    do(g, "space nicosia", "space limassol", "done", "move limassol nicosia", "done", "space nicosia")
    assert sp(g, "nicosia") == space(troops=2, police=2) and sp(g, "limassol") == space(troops=2, cells_a=1)


# -- 8.0 Example of Play: the British Operations, from the positions it describes ------------------------------

def example_after_card_one() -> Context:
    """The standard setup after the Example's first card (L3576-3582): Recruit in Troodos (2), Nicosia and
    Paphos, Smuggle an Arms Cache into Paphos; the British Pass for a 2 chit."""
    g = on_setup()
    put(g, "troodos", cells_u=2)
    put(g, "nicosia", cells_u=1)
    put(g, "paphos", cells_u=1, caches=1)
    hold(g, 2)
    check(g.s)
    return g


def test_8_0_search_in_troodos_limassol_and_famagusta():
    """L3586: six Troops from Nicosia, Limassol and Larnaca into Troodos, three each from Akrotiri into
    Limassol and Dhekelia into Famagusta; five Cells Activated and two Curfews; the 2 chit kept."""
    g = start(example_after_card_one(), "search")
    do(g, "space troodos", "space limassol", "space famagusta", "done")
    for src in ("nicosia", "limassol", "larnaca"):
        do(g, f"move {src} troodos", f"move {src} troodos")
    do(g, *["move akrotiri limassol"] * 3, *["move dhekelia famagusta"] * 3, "done")
    assert sp(g, "troodos") == space(troops=6, cells_a=3, caches=1)
    assert legal(g) == {"curfew": [], "chit": ["2"]}                 # they could have spent the chit
    do(g, "curfew", "curfew")
    assert sp(g, "limassol") == space(troops=3, cells_a=1, curfew=1)
    assert sp(g, "famagusta") == space(troops=3, police=1, cells_a=1, curfew=1)
    assert sum(x["cells_a"] for x in g.s["spaces"].values()) == 5
    assert g.s["intel"]["held"] == [2] and over(g)


def test_8_0_limited_assault_in_troodos_two_cells_to_available_one_to_prison():
    """L3604: six Troops, three Active Cells in Troodos (its Arms Cache spent by the Sabotage in Nicosia)."""
    g = position(chits=(2,), troodos={"troops": 6, "cells_a": 3})
    avail = g.s["available"]["cells"]
    start(g, "assault", limited=True)
    assert legal(g)["lead"] == ["2"]                                  # "or two if they ... Intelligence Lead"
    do(g, "space troodos", "done")
    assert sp(g, "troodos") == space(troops=6)
    assert g.s["available"]["cells"] == avail + 2 and g.s["prison"] == 1


def test_8_0_patrol_in_nicosia_spends_the_2_chit_for_the_underground_cell():
    """L3608: Police from Larnaca to Nicosia and from Famagusta to Karpas; two Police in Nicosia remove its
    Active Cell and, with the 2 chit, its Underground Cell, both to Prison."""
    g = position(chits=(2,), nicosia={"police": 1, "cells_a": 1, "cells_u": 1, "sabotage": 1},
                 karpas={"cells_u": 1, "sabotage": 1}, larnaca={"police": 1, "cells_a": 1},
                 famagusta={"police": 1, "troops": 3, "curfew": 1, "cells_a": 1})
    start(g, "patrol")
    do(g, "space nicosia", "space karpas", "done", "move larnaca nicosia", "move famagusta karpas", "done",
       "space nicosia")
    assert legal(g) == {"remove": ["active"], "chit": ["2"]}
    do(g, "chit 2")
    assert legal(g) == {"remove": ["active", "underground"]}
    do(g, "remove active")                                            # the Underground Cell follows unasked
    assert sp(g, "nicosia") == space(police=2, sabotage=1) and g.s["prison"] == 2
    assert g.s["intel"]["held"] == [] and over(g)
    assert sp(g, "famagusta")["curfew"] == 1                          # Troops stay there: so does the Curfew


def test_8_0_limited_patrol_in_limassol_with_police_from_nicosia_and_karpas():
    """L3622: two Police move in, one from Nicosia and one from Karpas, and remove both Active Cells."""
    g = position(limassol={"troops": 3, "cells_a": 2, "curfew": 1}, nicosia={"police": 1, "cells_u": 3},
                 karpas={"police": 1})
    start(g, "patrol", limited=True)
    do(g, "space limassol", "done", "move nicosia limassol", "move karpas limassol", "done", "space limassol")
    assert sp(g, "limassol") == space(troops=3, police=2, curfew=1) and g.s["prison"] == 2


def test_8_0_deploy_police_in_limassol_and_famagusta_then_six_troops_to_nicosia():
    """L3624: one Police each in Limassol and Famagusta, then the six Troops of Troodos to Nicosia."""
    g = position(limassol={"troops": 3, "police": 2}, famagusta={"troops": 3, "police": 1, "cells_a": 1},
                 troodos={"troops": 6}, nicosia={"police": 1, "cells_u": 3})
    start(g, "deploy")
    assert legal(g)["space"] == ["famagusta", "limassol"]
    do(g, "space limassol", "space famagusta", "done", "to nicosia", *["troop troodos"] * 6, "done")
    assert sp(g, "nicosia") == space(troops=6, police=1, cells_u=3)
    assert sp(g, "limassol")["police"] == 3 and sp(g, "famagusta")["police"] == 2
    assert over(g)
