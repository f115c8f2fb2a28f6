"""EOKA Operations of Cyprus (3.3, L3385-3416): Recruit (3.3.1), Travel (3.3.2), Sabotage (3.3.3), Ambush
(3.3.4); their Limited forms (2.3.4), the Offensive (2.3.7), the EOKA Pass's Ambush (2.3.3), the Capabilities
that change them (C18, C23, C31, C32), the frames the Events pass (C2, C6, C12, C28, C30), and the Example of
Play's EOKA Operations (8.0) from the positions it describes. Each refusal is checked for what is wrong and
the rule; the dice are scripted and each roll's effect asserted.

Each test starts an EOKA Operation (or an Event's or the Pass's frame of one) on a hand-built position and
plays it through ``helpers.do``, which applies each order as engine.api would and then checks the invariants."""

from __future__ import annotations

import pytest

from engine.core import canonical
from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus import eoka_ops  # noqa: F401  (registers the Operations)
from engine.games.cyprus.operation import event_limited_frame, event_op_frame
from engine.testing import idle

from . import helpers
from .helpers import (
    at_card,
    check,
    do,
    empty,
    finish,
    legal,
    on_setup,
    over,
    prompt_text,
    put,
    refused,
    said,
    sp,
    space,
    start,
)


def position(rolls=(), rulings=None, capabilities=None, **spaces) -> Context:
    """A position of :func:`helpers.position` at the setup's Political Will (14), as these tests build them."""
    return helpers.position(pw=14, rolls=rolls, rulings=rulings, capabilities=capabilities, **spaces)


def rolled(g: Context) -> list[tuple[str, int]]:
    """The dice the Operation rolled: (label, face), in order."""
    return [(o["label"], o["value"]) for o in g.chance.outcomes if o["kind"] == "d6"]


# -- 3.3.1 Recruit ---------------------------------------------------------------------------------------------

def recruit_board(**kw) -> Context:
    return position(
        troodos={"caches": 1, "troops": 1},        # a Mountain with a Cache: up to 2 (cubes do not matter)
        paphos={"troops": 1, "curfew": 1},         # next to Troodos's Cache but with a Curfew: never
        **kw)


def test_3_3_1_recruit_selects_mountains_and_towns_with_or_next_to_a_cache_without_curfew():
    g = start(recruit_board(), "recruit")
    # Towns next to Troodos (Nicosia, Famagusta, Larnaca, Limassol; Paphos has a Curfew), both Mountains;
    # not Karpas (no Cache in or next to it), never a Base.
    assert legal(g)["space"] == ["nicosia", "famagusta", "larnaca", "limassol", "troodos", "kyrenia"]
    refused(g, "space karpas", "Karpas is a Town, not a Mountain, and has no Arms Cache in or next to it (3.3.1)")
    refused(g, "space paphos", "Recruit may not select a space with a Curfew (3.3.1, 1.10); Paphos has one")
    refused(g, "space akrotiri", "Akrotiri is a British Base: Recruit never places Cells there (3.3.1)")
    refused(g, "space atlantis", "'atlantis' is not a space of the map (1.3.1)")


def test_3_3_1_note_recruit_never_places_cells_in_a_base_even_next_to_a_cache():
    g = start(position(limassol={"caches": 2}), "recruit")
    assert "akrotiri" not in legal(g)["space"] and "limassol" in legal(g)["space"]
    refused(g, "space akrotiri", "Akrotiri is a British Base: Recruit never places Cells there (3.3.1)")


def test_3_3_1_recruit_two_cells_in_a_mountain_with_a_cache_one_without_one_in_a_town():
    g = start(recruit_board(), "recruit")
    do(g, "space troodos")
    assert legal(g) == {"place": ["1", "2"]}
    do(g, "place 2", "space kyrenia")
    assert legal(g) == {"place": ["1"]}
    refused(g, "place 2", "Kyrenia Mountains is a Mountain with no Arms Cache: Recruit places one Cell there (3.3.1)")
    do(g, "place 1", "space nicosia")
    refused(g, "place 2", "Nicosia is a Town: Recruit places one Cell there (3.3.1)")
    do(g, "place 1")
    assert "space" not in legal(g)                                   # three spaces: the Operation's limit
    refused(g, "space larnaca", "this Recruit already has its 3 space(s)", "(3.1: an Operation selects up to 3")
    finish(g)
    # new Cells are Underground (1.4.3), from Available (1.4.1)
    assert sp(g, "troodos") == space(caches=1, troops=1, cells_u=2)
    assert sp(g, "kyrenia") == space(cells_u=1) and sp(g, "nicosia") == space(cells_u=1)
    assert g.s["available"]["cells"] == 12 - 4


def test_3_3_1_recruit_place_refusals_name_what_is_allowed():
    g = start(recruit_board(), "recruit")
    do(g, "space troodos")
    refused(g, "place 3", "Recruit places 1 or 2 Cells in a Mountain with an Arms Cache (3.3.1): place 1 to 2")
    refused(g, "space kyrenia", "say how many Cells Recruit places in Troodos Mountains: place 1 to 2 (3.3.1)")


def test_1_4_1_recruit_takes_no_cell_from_the_map_when_none_is_available():
    g = recruit_board(karpas={"cells_u": 11})
    g = start(g, "recruit")
    do(g, "space troodos")
    assert legal(g) == {"place": ["1"]}                             # one Available, though the Cache allows 2
    refused(g, "place 2", "the EOKA have 1 Cell Available (1.4.1): place 1")
    do(g, "place 1")
    assert g.s["available"]["cells"] == 0 and sp(g, "karpas") == space(cells_u=11)
    assert "space" not in legal(g)
    refused(g, "space kyrenia", "the EOKA have no Cell Available to place (1.4.1: pieces are placed from Available)")


def test_2_3_7_offensive_adds_a_fourth_recruit_space_its_cache_from_a_space_with_no_british_cube():
    g = start(recruit_board(kyrenia={"caches": 1}, famagusta={"caches": 1, "police": 1}), "recruit")
    assert legal(g)["offensive"] == ["kyrenia"]            # Troodos and Famagusta hold British cubes
    refused(g, "offensive troodos", "Troodos Mountains has 1 Troop and no Police cube",
            "the Offensive's Arms Cache comes from a space with no British piece (2.3.7)")
    refused(g, "offensive karpas", "Karpas has no Arms Cache: the Offensive removes an Arms Cache (2.3.7)")
    do(g, "offensive kyrenia")
    assert sp(g, "kyrenia") == space() and g.s["available"]["caches"] == 2
    assert "offensive" not in legal(g)
    refused(g, "offensive troodos", "this Recruit already had its Offensive: once per Operation (2.3.7)")
    do(g, "space troodos", "place 2", "space kyrenia", "place 1", "space nicosia", "place 1", "space larnaca",
       "place 1")
    refused(g, "space limassol", "this Recruit already has its 4 space(s)", "1 by Offensive, 2.3.7")
    finish(g)
    assert g.s["available"]["cells"] == 12 - 5


def test_2_3_4_limited_recruit_selects_one_space_and_an_offensive_makes_it_two():
    g = start(recruit_board(kyrenia={"caches": 1}), "recruit", limited=True)
    do(g, "space troodos", "place 2")
    refused(g, "space kyrenia", "this Limited Recruit already has its 1 space(s) (Troodos Mountains)",
            "(2.3.4: a Limited Operation selects one space)")
    refused(g, "sa smuggle", "a Limited Operation has no Special Activity (2.3.4; 4.1)")
    do(g, "offensive kyrenia", "space kyrenia", "place 1")
    finish(g)
    assert sp(g, "kyrenia") == space(cells_u=1) and sp(g, "troodos")["cells_u"] == 2


def test_2_3_7_an_offensive_cache_taken_from_next_to_a_town_leaves_it_unable_to_recruit():
    """The Cache an Offensive removes counts no more for "with or adjacent to Arms Caches" (3.3.1)."""
    g = start(position(karpas={"caches": 1}), "recruit")
    assert "famagusta" in legal(g)["space"]
    do(g, "offensive karpas")
    assert "famagusta" not in legal(g)["space"] and "karpas" not in legal(g)["space"]
    refused(g, "space famagusta", "Famagusta is a Town, not a Mountain, and has no Arms Cache in or next to it")


# -- 3.3.2 Travel ----------------------------------------------------------------------------------------------

def travel_board(**kw) -> Context:
    return position(
        paphos={"cells_u": 2, "cells_a": 2},
        karpas={"cells_a": 1, "cells_u": 1},
        nicosia={"cells_u": 1, "troops": 1, "curfew": 1},      # a Curfew: never an origin
        akrotiri={"troops": 2},
        famagusta={"troops": 2, "curfew": 1},
        larnaca={"troops": 3},
        **kw)


def test_3_3_2_travel_origins_have_cells_and_no_curfew():
    g = start(travel_board(), "travel")
    assert legal(g)["space"] == ["paphos", "karpas"]
    refused(g, "space nicosia", "Travel may not select an origin with a Curfew (3.3.2); Nicosia has one")
    refused(g, "space larnaca", "Travel origins need Cells that have not moved this Travel (3.3.2); Larnaca has none")


def test_3_3_2_travel_moves_cells_to_any_space_the_origin_included():
    g = start(travel_board(), "travel")
    do(g, "space karpas")
    dests = {m.split(" ")[0] for m in legal(g)["move"]}
    assert dests == set(B.SPACES)                             # no adjacency: Akrotiri and Paphos too
    do(g, "move akrotiri active", "move paphos underground", "done")
    assert sp(g, "karpas") == space() and sp(g, "akrotiri") == space(troops=2, cells_u=1)
    assert sp(g, "paphos") == space(cells_u=3, cells_a=2)


def test_3_3_2_travel_group_into_a_base_with_more_than_three_with_the_cubes_ends_active():
    g = start(travel_board(), "travel")
    do(g, "space paphos", "move akrotiri underground", "move akrotiri underground", "done")
    assert sp(g, "akrotiri") == space(troops=2, cells_a=2)          # 2 + 2 cubes = 4 > 3
    assert "Travelled 2 Cell(s) from Paphos to Akrotiri, which stayed Active" in said(g)


def test_3_3_2_travel_group_into_a_base_of_three_with_the_cubes_flips_underground():
    g = start(travel_board(), "travel")
    do(g, "space karpas", "move akrotiri active", "done")
    assert sp(g, "akrotiri") == space(troops=2, cells_u=1)          # 1 + 2 = 3: not over three


def test_3_3_2_travel_curfew_town_exposes_a_large_group_a_town_without_curfew_does_not():
    g = start(travel_board(), "travel")
    do(g, "space paphos", "move famagusta underground", "move famagusta active", "move larnaca active",
       "move larnaca underground", "done")
    assert sp(g, "famagusta") == space(troops=2, curfew=1, cells_a=2)   # 2 + 2 > 3 with a Curfew
    assert sp(g, "larnaca") == space(troops=3, cells_u=2)              # 2 + 3 > 3 but no Curfew


def test_3_3_2_travel_groups_from_different_origins_are_judged_apart():
    g = start(travel_board(), "travel")
    do(g, "space paphos", "move akrotiri underground", "move akrotiri underground", "done",
       "space karpas", "move akrotiri active", "done")
    # Paphos's pair: 2 + 2 > 3, Active; Karpas's single Cell: 1 + 2 = 3, Underground.
    assert sp(g, "akrotiri") == space(troops=2, cells_a=2, cells_u=1)


def test_3_3_2_travel_cells_returning_to_their_origin_flip_underground_those_not_moving_keep_their_state():
    g = start(travel_board(), "travel")
    do(g, "space paphos", "move paphos active", "move paphos active", "done")
    assert sp(g, "paphos") == space(cells_u=4)
    do(g, "space karpas", "move kyrenia underground", "done")
    assert sp(g, "karpas") == space(cells_a=1) and sp(g, "kyrenia") == space(cells_u=1)


def test_3_3_2_travel_a_cell_moves_once_each_travel():
    """Ruling R-TRAVEL-ONCE: Cells that arrived by this Travel do not Travel again in it."""
    g = start(travel_board(), "travel")
    do(g, "space karpas", "move paphos active", "move paphos underground", "done")
    do(g, "space paphos", "move kyrenia underground", "move kyrenia underground")
    assert {m.split(" ")[1] for m in legal(g)["move"]} == {"active"}
    refused(g, "move kyrenia underground", "Paphos has no Underground Cell left to move in this Travel "
            "(0 Underground, 2 Active left) (3.3.2)")       # the two from Karpas are Underground there
    do(g, "move kyrenia active", "move kyrenia active")
    assert "move" not in legal(g)                    # only Paphos's own four: the two from Karpas stay
    do(g, "done")
    assert sp(g, "paphos") == space(cells_u=2) and sp(g, "kyrenia") == space(cells_u=4)
    g2 = start(travel_board(), "travel")
    do(g2, "space karpas", "move kyrenia active", "move kyrenia underground", "done")
    refused(g2, "space kyrenia", "Travel origins need Cells that have not moved this Travel (3.3.2); "
            "Kyrenia Mountains has none (2 Cells, all moved in)")


def test_3_3_2_travel_move_refusals():
    g = start(travel_board(), "travel")
    do(g, "space karpas", "move kyrenia active")
    refused(g, "move kyrenia active", "Karpas has no Active Cell left to move in this Travel "
            "(1 Underground, 0 Active left) (3.3.2)")
    refused(g, "move kyrenia", "move TO underground|active: where one Cell from Karpas goes, and which (3.3.2)")
    refused(g, "move atlantis underground", "'atlantis' is not a space of the map (1.3.1)")


def test_2_3_4_limited_travel_one_origin_many_destinations():
    g = start(travel_board(), "travel", limited=True)
    do(g, "space paphos", "move akrotiri underground", "move larnaca active", "move kyrenia active",
       "move paphos underground", "done")
    assert "space" not in legal(g)
    refused(g, "space karpas", "this Limited Travel already has its 1 space(s) (Paphos)", "(2.3.4")
    finish(g)
    assert sp(g, "akrotiri") == space(troops=2, cells_u=1) and sp(g, "larnaca") == space(troops=3, cells_u=1)
    assert sp(g, "kyrenia") == space(cells_u=1) and sp(g, "paphos") == space(cells_u=1)
    assert sp(g, "karpas") == space(cells_a=1, cells_u=1)


def test_2_3_7_travel_takes_no_offensive():
    g = start(travel_board(kyrenia={"caches": 1}), "travel")
    assert "offensive" not in legal(g)
    refused(g, "offensive kyrenia", "an Offensive adds a space to Recruit, Sabotage or Ambush only, not to Travel "
            "(2.3.7)")


def test_4_1_no_special_activity_while_an_origins_cells_move():
    """Ruling R-TRAVEL-GROUP: a group's state depends on the whole group, so a Special Activity waits for the
    origin's moves to end."""
    g = start(travel_board(), "travel", with_sa=True)
    do(g, "space paphos", "move kyrenia underground")
    refused(g, "sa infiltrate", "a Special Activity may not run while an origin's Cells are moving (3.3.2, 4.1, "
            "ruling R-TRAVEL-GROUP): finish this origin (done) first")


def test_c18_unshaded_cells_travelling_to_a_curfew_space_always_flip_active():
    g = position(capabilities={"C18": "unshaded"}, paphos={"cells_u": 2}, nicosia={"troops": 1, "curfew": 1},
                 akrotiri={"troops": 1})
    start(g, "travel")
    do(g, "space paphos", "move nicosia underground", "move akrotiri underground", "done")
    assert sp(g, "nicosia") == space(troops=1, curfew=1, cells_a=1)      # 1 + 1 cube, Active all the same
    assert sp(g, "akrotiri") == space(troops=1, cells_u=1)               # a Base without Curfew: the rule
    assert "Cordon and Search (C18): Cells Travelling to Nicosia, a Curfew space, flip Active." in said(g)


def c18_shaded(reading=None) -> Context:
    g = position(capabilities={"C18": "shaded"}, rulings={"R-C18": reading} if reading else None,
                 paphos={"cells_a": 4, "cells_u": 1}, nicosia={"troops": 4, "curfew": 1},
                 famagusta={"troops": 2, "curfew": 1}, akrotiri={"troops": 4})
    return start(g, "travel")


def test_c18_shaded_a_single_cell_travels_to_a_curfew_space_without_activating():
    """R-C18 (default ``alone``): a group of one Cell into a Curfew space stays Underground however many
    cubes; a larger group is judged as usual, and a Base is not a Curfew space."""
    g = c18_shaded()
    do(g, "space paphos", "move nicosia active", "move famagusta active", "move famagusta active",
       "move akrotiri active", "done")
    assert sp(g, "nicosia") == space(troops=4, curfew=1, cells_u=1)          # alone: 1 + 4 > 3, Underground
    assert sp(g, "famagusta") == space(troops=2, curfew=1, cells_a=2)        # two: 2 + 2 > 3, Active
    assert sp(g, "akrotiri") == space(troops=4, cells_a=1)                   # a Base: the rule
    assert "Cells slip through (C18): a single Cell Travels to Nicosia without Activating." in said(g)


def test_c18_shaded_umpire_reading_one_cell_of_any_group_slips_through():
    g = c18_shaded("one")
    do(g, "space paphos", "move nicosia active", "move nicosia active", "move famagusta active",
       "move famagusta active", "done")
    # Nicosia: one slips through, the other judged alone: 1 + 4 > 3, Active.
    assert sp(g, "nicosia") == space(troops=4, curfew=1, cells_u=1, cells_a=1)
    # Famagusta: one slips through, the other: 1 + 2 = 3, Underground.
    assert sp(g, "famagusta") == space(troops=2, curfew=1, cells_u=2)
    assert "Travelled 2 Cell(s) from Paphos to Nicosia, 1 Active and 1 Underground." in said(g)


def test_c6_shaded_travel_from_the_mountains_the_event_names():
    g = position(troodos={"cells_a": 2}, kyrenia={"cells_u": 1}, paphos={"cells_u": 1})
    at_card(g, "C6")
    start(g, "travel", frame=event_op_frame(g, "travel", 2, only=B.MOUNTAINS, optional=True))
    assert legal(g) == {"space": ["troodos", "kyrenia"], "done": []}     # "may": EOKA may decline
    reason = refused(g, "space paphos", "Operation Pepperpot (C6): this Travel may select only Troodos "
                     "Mountains and Kyrenia Mountains")
    assert reason.rule == "C6"
    do(g, "space troodos", "move paphos active", "move paphos active", "done", "space kyrenia",
       "move kyrenia underground", "done")
    finish(g)
    assert sp(g, "paphos") == space(cells_u=3) and sp(g, "troodos") == space()


# -- 3.3.3 Sabotage --------------------------------------------------------------------------------------------

def sabotage_board(rolls=(), **kw) -> Context:
    return position(
        rolls,
        nicosia={"cells_u": 1, "police": 2},
        troodos={"cells_u": 1, "caches": 1},          # a Mountain: never; its Cache is next to Nicosia
        famagusta={"cells_a": 2},                      # no Underground Cell
        akrotiri={"cells_u": 1, "troops": 3},          # a Base
        karpas={"cells_u": 2, "sabotage": 1},
        kyrenia={"caches": 1},
        **kw)


def test_3_3_3_sabotage_selects_towns_and_bases_with_an_underground_cell():
    g = start(sabotage_board(), "sabotage")
    assert legal(g)["space"] == ["nicosia", "karpas", "akrotiri"]
    refused(g, "space troodos", "Troodos Mountains is a Mountain: Sabotage selects a Town or a British Base only "
            "(3.3.3)")
    refused(g, "space famagusta", "Sabotage needs an Underground Cell (3.3.3); Famagusta has none")


def test_3_3_3_sabotage_activates_a_cell_and_a_roll_above_two_places_a_marker_on_others():
    g = start(sabotage_board(rolls=[3]), "sabotage")
    do(g, "space karpas")
    assert sp(g, "karpas") == space(cells_u=1, cells_a=1, sabotage=1)       # Activated before the roll
    assert legal(g) == {"roll": [], "cache": ["kyrenia"]}            # Kyrenia's Cache is next to Karpas
    do(g, "roll")
    assert rolled(g) == [("Sabotage in Karpas", 3)]
    assert sp(g, "karpas") == space(cells_u=1, cells_a=1, sabotage=2)       # markers stack (3.3.3 NOTE)
    assert "EOKA rolled 3 for Sabotage in Karpas: 3 after modifiers; succeeds (more than 2)." in said(g)


def test_3_3_3_sabotage_roll_of_two_fails_and_the_cell_stays_active():
    g = start(sabotage_board(rolls=[2]), "sabotage")
    do(g, "space akrotiri", "roll")
    assert sp(g, "akrotiri") == space(troops=3, cells_a=1)
    assert "fails (needs 3 or more): no Sabotage marker." in said(g)


def test_3_3_3_police_subtract_and_an_adjacent_cache_spent_before_the_roll_adds_two():
    g = start(sabotage_board(rolls=[2]), "sabotage")
    do(g, "space nicosia")
    assert legal(g)["cache"] == ["kyrenia", "troodos"]       # Nicosia's neighbours with a Cache, itself none
    refused(g, "cache karpas", "Karpas is not in or adjacent to Nicosia: the Cache spent must be (3.3.3)")
    refused(g, "cache famagusta", "Famagusta has no Arms Cache to spend (3.3.3)")
    do(g, "cache troodos")
    assert sp(g, "troodos") == space(cells_u=1) and g.s["available"]["caches"] == 3
    refused(g, "cache kyrenia", "one Arms Cache at most per Sabotage space: one was spent for Nicosia already "
            "(3.3.3)")
    refused(g, "space karpas", "first roll for the Sabotage in Nicosia (3.3.3: roll)")
    do(g, "roll")                                            # 2 - 2 Police + 2 = 2: fails
    assert sp(g, "nicosia") == space(police=2, cells_a=1)
    assert "2 after modifiers (-2 for Police, +2 for an Arms Cache); fails" in said(g)


def test_3_3_3_the_cache_is_spent_before_the_roll_not_after():
    g = start(sabotage_board(rolls=[1]), "sabotage")
    do(g, "space karpas", "roll")
    assert sp(g, "karpas")["sabotage"] == 1
    refused(g, "cache kyrenia", "an Arms Cache is spent on a Sabotage roll before it is rolled (3.3.3")


def test_3_3_3_three_spaces_each_rolls_in_the_order_chosen():
    g = start(sabotage_board(rolls=[6, 3, 4]), "sabotage")
    do(g, "space akrotiri", "roll", "space nicosia", "roll", "space karpas", "roll")
    assert rolled(g) == [("Sabotage in Akrotiri", 6), ("Sabotage in Nicosia", 3), ("Sabotage in Karpas", 4)]
    assert sp(g, "akrotiri")["sabotage"] == 1 and sp(g, "nicosia")["sabotage"] == 0   # 3 - 2 = 1
    assert sp(g, "karpas")["sabotage"] == 2
    refused(g, "space famagusta", "this Sabotage already has its 3 space(s)")


def test_r_sabotage_pool_no_marker_when_all_fifteen_are_on_the_map():
    g = sabotage_board(rolls=[6])
    sp(g, "larnaca")["sabotage"] = 14                        # with Karpas's: fifteen
    start(g, "sabotage")
    do(g, "space akrotiri", "roll")
    assert sp(g, "akrotiri")["sabotage"] == 0
    assert "No Sabotage marker is left to place in Akrotiri: all 15 are on the map." in said(g)


def test_r_sabotage_pool_umpire_reading_unlimited_markers():
    g = sabotage_board(rolls=[6], rulings={"R-SABOTAGE-POOL": "unlimited"})
    sp(g, "larnaca")["sabotage"] = 14
    start(g, "sabotage")
    do(g, "space akrotiri", "roll")
    assert sp(g, "akrotiri")["sabotage"] == 1


def test_c31_police_no_longer_subtract_from_sabotage_rolls():
    g = sabotage_board(rolls=[3], capabilities={"C31": "unshaded"})
    start(g, "sabotage")
    do(g, "space nicosia", "roll")                           # 3, the two Police count nothing
    assert sp(g, "nicosia") == space(police=2, cells_a=1, sabotage=1)
    assert "Turkish Police (C31): the 2 Police cubes in Nicosia take nothing off the Sabotage roll." in said(g)


def test_2_3_7_sabotage_offensive_adds_a_space_and_the_limited_sabotage_takes_one_too():
    g = start(sabotage_board(rolls=[1, 1]), "sabotage", limited=True)
    assert legal(g)["offensive"] == ["troodos", "kyrenia"]   # neither holds a British cube
    do(g, "space karpas", "roll")
    refused(g, "space nicosia", "this Limited Sabotage already has its 1 space(s) (Karpas)")
    do(g, "offensive kyrenia", "space nicosia", "roll")
    finish(g)
    assert sp(g, "kyrenia") == space() and g.s["available"]["caches"] == 3
    assert sp(g, "nicosia")["cells_a"] == 1 and sp(g, "karpas")["cells_a"] == 1


def test_2_3_7_offensive_cache_only_from_a_space_without_british_cubes():
    g = start(position(nicosia={"cells_u": 1, "caches": 1, "police": 1}, troodos={"caches": 1}), "sabotage")
    assert legal(g)["offensive"] == ["troodos"]
    refused(g, "offensive nicosia", "Nicosia has no Troop and 1 Police cube",
            "the Offensive's Arms Cache comes from a space with no British piece (2.3.7)")


# -- C23 Street Riots ------------------------------------------------------------------------------------------

def riots(side: str, rolls=(), **kw) -> Context:
    return position(
        rolls, capabilities={"C23": side},
        nicosia={"cells_u": 1, "cells_a": 1, "troops": 1},     # British and two Cells
        limassol={"cells_u": 2, "police": 1},                  # British and two Underground Cells
        larnaca={"cells_u": 2},                                 # no British piece
        famagusta={"cells_u": 1, "troops": 2},                  # one Cell
        paphos={"cells_a": 1},                                   # an Active Cell only
        karpas={"cells_a": 1, "police": 1},                     # an Active Cell only
        **kw)


def test_c23_unshaded_a_space_with_british_pieces_and_two_cells_first_loses_the_cell_eoka_choose():
    g = start(riots("unshaded", rolls=[4]), "sabotage")
    assert legal(g)["space"] == ["nicosia", "famagusta", "larnaca", "limassol"]
    do(g, "space nicosia")
    assert legal(g) == {"remove": ["underground", "active"]}
    assert prompt_text(g) == ("EOKA Sabotage in Nicosia: Crowds dispersed (C23): remove 1 Cell to Available first "
                       "(remove underground|active)")
    refused(g, "roll", "first say, for the Sabotage in Nicosia, which Cell Crowds dispersed send to Available "
            "first", "remove underground|active")
    do(g, "remove active", "roll")
    assert sp(g, "nicosia") == space(troops=1, cells_a=1, sabotage=1)
    assert g.s["available"]["cells"] == 12 - 9 + 1
    assert "Crowds dispersed (C23): an Active Cell in Nicosia went to Available before the Sabotage." in said(g)


def test_c23_unshaded_one_of_two_underground_cells_goes_without_asking_and_none_goes_without_british():
    g = start(riots("unshaded", rolls=[1, 1, 1]), "sabotage")
    do(g, "space limassol")
    assert sp(g, "limassol") == space(police=1, cells_a=1)          # one removed, the other Activated
    do(g, "roll", "space larnaca", "roll", "space famagusta", "roll")
    assert sp(g, "larnaca") == space(cells_u=1, cells_a=1)          # no British piece: none removed
    assert sp(g, "famagusta") == space(troops=2, cells_a=1)         # one Cell: none removed


def test_c23_unshaded_removing_the_only_underground_cell_ends_the_sabotage_there():
    """Ruling R-C23: with no Underground Cell left the Sabotage does nothing more there; the space stays
    selected."""
    g = start(riots("unshaded"), "sabotage")
    do(g, "space nicosia", "remove underground")
    assert sp(g, "nicosia") == space(troops=1, cells_a=1)
    assert "No Underground Cell is left in Nicosia: the Sabotage there does nothing more." in said(g)
    assert rolled(g) == []
    refused(g, "space nicosia", "Nicosia is already selected for this Sabotage (3.1: a space only once)")


def test_c23_shaded_one_space_of_a_sabotage_may_use_an_active_cell():
    g = start(riots("shaded", rolls=[3, 3]), "sabotage")
    assert legal(g)["space"] == ["nicosia", "famagusta", "larnaca", "limassol", "paphos", "karpas"]
    do(g, "space paphos", "roll")
    assert sp(g, "paphos") == space(cells_a=1, sabotage=1)
    assert "EOKA Sabotage in Paphos: an Active Cell there was used (Demonstrations, C23)." in said(g)
    assert "karpas" not in legal(g)["space"]
    refused(g, "space karpas", "Sabotage needs an Underground Cell and Karpas has no Underground Cell; Street "
            "Riots let one space of a Sabotage use an Active Cell, and Paphos has used it (3.3.3, C23)")
    do(g, "space nicosia")
    assert legal(g) == {"roll": []}                              # the Active Cell is used already: Activate
    do(g, "roll")
    assert sp(g, "nicosia") == space(troops=1, cells_a=2, sabotage=1)


def test_c23_shaded_eoka_choose_to_use_the_active_cell_where_both_stand():
    g = start(riots("shaded", rolls=[5]), "sabotage")
    do(g, "space nicosia")
    assert legal(g) == {"use": ["underground", "active"]}
    assert "or use the Active Cell there (Demonstrations, C23" in prompt_text(g)
    refused(g, "roll", "whether an Underground Cell is Activated or the Active Cell serves")
    do(g, "use active", "roll")
    assert sp(g, "nicosia") == space(troops=1, cells_u=1, cells_a=1, sabotage=1)   # the Underground one hides
    assert "paphos" not in legal(g)["space"]


def test_c23_shaded_activating_the_underground_cell_keeps_the_active_cell_for_another_space():
    g = start(riots("shaded", rolls=[5, 5]), "sabotage")
    do(g, "space nicosia", "use underground", "roll")
    assert sp(g, "nicosia") == space(troops=1, cells_a=2, sabotage=1)
    assert "paphos" in legal(g)["space"]
    do(g, "space paphos", "roll")
    assert sp(g, "paphos") == space(cells_a=1, sabotage=1)


# -- Sabotage an Event grants (C12, C28, C29, C30) and the Cache asked of EOKA ---------------------------------

def test_c12_shaded_eoka_may_sabotage_in_up_to_three_spaces_no_offensive():
    g = sabotage_board(rolls=[4])
    at_card(g, "C12")
    start(g, "sabotage", frame=event_op_frame(g, "sabotage", 3, optional=True))
    assert "done" in legal(g) and "offensive" not in legal(g)
    reason = refused(g, "offensive kyrenia", "Hugh Foot (C12): the Event sets this Sabotage's spaces at 3: no "
                     "Offensive adds one")
    assert reason.rule == "C12"
    refused(g, "sa propagandize", "this Sabotage comes with no Special Activity (4.1")
    do(g, "space karpas", "roll")
    finish(g)
    assert sp(g, "karpas")["sabotage"] == 2


def test_r_event_lead_umpire_reading_all_lets_an_offensive_extend_an_events_sabotage():
    g = sabotage_board(rulings={"R-EVENT-LEAD": "all"})
    at_card(g, "C29")
    start(g, "sabotage", frame=event_op_frame(g, "sabotage", 3))
    assert legal(g)["offensive"] == ["troodos", "kyrenia"]
    do(g, "offensive kyrenia")
    assert g.top()["max"] == 4


def test_c28_shaded_eoka_may_sabotage_in_each_base():
    g = position(rolls=[6], akrotiri={"cells_u": 1, "troops": 2}, dhekelia={"cells_u": 1},
                 nicosia={"cells_u": 1})
    at_card(g, "C28")
    start(g, "sabotage", frame=event_op_frame(g, "sabotage", 2, only=B.BASES, optional=True))
    assert legal(g) == {"space": ["akrotiri", "dhekelia"], "done": []}
    reason = refused(g, "space nicosia", "British Bases (C28): this Sabotage may select only Akrotiri and "
                     "Dhekelia")
    assert reason.rule == "C28"
    do(g, "space dhekelia", "roll", "done")
    assert over(g) and sp(g, "dhekelia") == space(cells_a=1, sabotage=1)
    assert sp(g, "akrotiri") == space(cells_u=1, troops=2)


def test_c30_shaded_sabotage_in_each_town_with_underground_cells():
    g = sabotage_board(rolls=[1, 1])
    towns = [s for s in B.TOWNS if sp(g, s)["cells_u"]]
    at_card(g, "C30")
    start(g, "sabotage", frame=event_op_frame(g, "sabotage", len(towns), only=towns, optional=True))
    assert legal(g)["space"] == ["nicosia", "karpas"]
    refused(g, "space akrotiri", "Operation Forward to Victory (C30): this Sabotage may select only Nicosia "
            "and Karpas")
    do(g, "space nicosia", "roll", "space karpas", "roll")
    assert legal(g) == {"done": []}


def test_3_3_3_the_cache_is_eokas_decision_when_another_faction_conducts_the_sabotage():
    g = sabotage_board(rolls=[1])
    at_card(g, "C12")
    start(g, "sabotage", role="british", frame=event_op_frame(g, "sabotage", 1))
    do(g, "space nicosia")
    f = g.top()
    assert f["p"] == "cy.op.cache" and f["role"] == "eoka"
    assert legal(g) == {"cache": ["kyrenia", "troodos"], "done": []}
    do(g, "cache kyrenia")                                      # 1 - 2 + 2 = 1: fails
    assert sp(g, "kyrenia") == space() and sp(g, "nicosia") == space(police=2, cells_a=1)
    assert rolled(g) == [("Sabotage in Nicosia", 1)]


# -- 3.3.4 Ambush ----------------------------------------------------------------------------------------------

def ambush_board(rolls=(), rulings=None, capabilities=None, **kw) -> Context:
    spaces = {
        "larnaca": {"cells_u": 1, "troops": 2, "police": 1},
        "nicosia": {"cells_u": 2, "police": 1, "curfew": 1},
        "famagusta": {"cells_a": 1},                           # no Underground Cell
        "troodos": {"cells_u": 1},                             # a Mountain: never
        "akrotiri": {"cells_u": 1},                            # a Base: never
        "karpas": {"cells_u": 1},
    }
    for sid, counts in kw.items():
        spaces[sid] = {**spaces.get(sid, {}), **counts}
    return position(rolls, rulings, capabilities, **spaces)


def test_3_3_4_ambush_selects_towns_with_an_underground_cell():
    g = start(ambush_board(), "ambush")
    assert legal(g)["space"] == ["nicosia", "larnaca", "karpas"]
    refused(g, "space troodos", "Troodos Mountains is a Mountain: Ambush selects Towns only (3.3.4)")
    refused(g, "space akrotiri", "Akrotiri is a British Base: Ambush selects Towns only (3.3.4)")
    refused(g, "space famagusta", "Ambush needs a Town with an Underground Cell (3.3.4); Famagusta has no "
            "Underground Cell and 1 Active Cell")


def test_3_3_4_ambush_removes_a_police_and_a_roll_above_the_cubes_remaining_places_a_cache_where_eoka_choose():
    g = start(ambush_board(rolls=[3]), "ambush")
    do(g, "space larnaca")
    # The Police cube goes; 2 Troops remain; 3 > 2: a Cache in Larnaca or a Town or Mountain next to it.
    assert sp(g, "larnaca") == space(cells_a=1, troops=2)
    assert g.s["available"]["police"] == 6 - 2 + 1
    assert rolled(g) == [("Ambush in Larnaca", 3)]
    assert legal(g) == {"place": ["famagusta", "larnaca", "limassol", "troodos"]}   # not Dhekelia, a Base
    assert prompt_text(g) == ("EOKA Ambush in Larnaca: place the Arms Cache (place SPACE: Famagusta, Larnaca, Limassol "
                       "and Troodos Mountains)")
    refused(g, "place dhekelia", "Dhekelia is not Larnaca nor a Town or Mountain adjacent to it")
    refused(g, "place karpas", "Karpas is not Larnaca nor a Town or Mountain adjacent to it")
    refused(g, "space karpas", "first place the Arms Cache the Ambush in Larnaca won: place SPACE (3.3.4)")
    refused(g, "done", "the Ambush in Larnaca succeeded: an Arms Cache is placed, place SPACE")
    do(g, "place troodos")
    assert sp(g, "troodos") == space(cells_u=1, caches=1) and g.s["available"]["caches"] == 3
    assert "EOKA placed an Arms Cache in Troodos Mountains (Ambush in Larnaca)." in said(g)


def test_3_3_4_a_roll_not_above_the_cubes_remaining_places_no_cache():
    g = start(ambush_board(rolls=[2]), "ambush")
    do(g, "space larnaca")
    assert sp(g, "larnaca") == space(cells_a=1, troops=2) and g.s["available"]["caches"] == 4
    assert "EOKA rolled 2 for the Ambush in Larnaca, not more than the 2 British cubes there: no Arms Cache." \
        in said(g)
    assert "space" in legal(g)


def test_1_10_ambush_removing_the_last_police_lifts_the_curfew():
    g = start(ambush_board(rolls=[1]), "ambush")
    do(g, "space nicosia")
    assert sp(g, "nicosia") == space(cells_u=1, cells_a=1)       # Police gone, the Curfew lifted
    assert "The Curfew in Nicosia was lifted: no British pieces remain." in said(g)
    assert legal(g)["place"] == ["nicosia", "famagusta", "paphos", "troodos", "kyrenia"]   # 1 > 0 cubes


def test_1_4_2_ambush_cache_never_a_third_in_a_space():
    g = start(ambush_board(rolls=[6], kyrenia={"caches": 2}), "ambush")
    do(g, "space karpas")
    assert legal(g) == {"place": ["famagusta", "karpas"]}
    refused(g, "place kyrenia", "Kyrenia Mountains has 2 Arms Caches: two Arms Caches at most in a space (1.4.2)")


def test_1_4_1_ambush_places_no_cache_when_none_is_available():
    g = start(ambush_board(rolls=[6], kyrenia={"caches": 2}, paphos={"caches": 2}), "ambush")
    do(g, "space karpas")
    assert g.s["available"]["caches"] == 0 and "place" not in legal(g)
    assert "No Arms Cache is Available to place for the Ambush in Karpas; none is taken from the map." in said(g)
    assert sp(g, "kyrenia")["caches"] == 2 and sp(g, "paphos")["caches"] == 2


def test_1_4_2_ambush_cache_goes_only_where_there_is_room():
    """Two Arms Caches at most in a space: Kyrenia, holding two, is not offered."""
    g = start(ambush_board(rolls=[6], kyrenia={"caches": 2}, karpas={"caches": 1}), "ambush")
    do(g, "space karpas")
    assert legal(g) == {"place": ["famagusta", "karpas"]}
    do(g, "place karpas")
    assert sp(g, "karpas") == space(cells_a=1, caches=2) and g.s["available"]["caches"] == 0


def test_3_3_4_three_spaces_each_rolls():
    g = start(ambush_board(rolls=[1, 6, 3]), "ambush")
    do(g, "space larnaca", "space karpas", "place karpas", "space nicosia", "place paphos")
    assert rolled(g) == [("Ambush in Larnaca", 1), ("Ambush in Karpas", 6), ("Ambush in Nicosia", 3)]
    assert sp(g, "karpas") == space(cells_a=1, caches=1) and sp(g, "paphos") == space(caches=1)
    refused(g, "space famagusta", "this Ambush already has its 3 space(s)")
    finish(g)


def test_r_ambush_cell_an_active_cell_there_may_be_the_one_activated():
    """3.3.4 says "Activate one Cell"; by 1.4.3's NOTE an Active Cell already there may be it (ruling
    R-AMBUSH-CELL): EOKA choose where the Town holds both."""
    g = start(position(rolls=[1, 1], nicosia={"cells_u": 1, "cells_a": 1}, paphos={"cells_u": 1, "cells_a": 1}),
              "ambush")
    do(g, "space nicosia")
    assert legal(g) == {"use": ["underground", "active"]}
    assert prompt_text(g) == ("EOKA Ambush in Nicosia: Activate an Underground Cell, or let an Active Cell there be the "
                       "one (use underground|active)")
    refused(g, "roll", "first say which Cell the Ambush in Nicosia Activates: use underground|active (3.3.4)")
    do(g, "use active")
    assert sp(g, "nicosia") == space(cells_u=1, cells_a=1)
    assert "an Active Cell there is the one Activated (1.4.3 NOTE)" in said(g)
    do(g, "place nicosia", "space paphos", "use underground", "place paphos")
    assert sp(g, "paphos") == space(cells_a=2, caches=1)


def test_r_ambush_cell_umpire_reading_underground_flips_an_underground_cell():
    g = start(position(rolls=[1], rulings={"R-AMBUSH-CELL": "underground"}, nicosia={"cells_u": 1, "cells_a": 1}),
              "ambush")
    do(g, "space nicosia")
    assert sp(g, "nicosia") == space(cells_a=2)
    assert "place" in legal(g)


def test_r_ambush_cache_umpire_reading_may_lets_eoka_decline_the_cache():
    g = start(ambush_board(rolls=[6], rulings={"R-AMBUSH-CACHE": "may"}), "ambush")
    do(g, "space karpas")
    assert legal(g) == {"place": ["famagusta", "karpas", "kyrenia"], "done": []}
    do(g, "done")
    assert g.s["available"]["caches"] == 4 and "EOKA placed no Arms Cache for the Ambush in Karpas." in said(g)
    assert "space" in legal(g)


def test_2_3_7_a_limited_ambush_takes_an_offensive_for_a_second_town():
    g = start(ambush_board(rolls=[1, 1], kyrenia={"caches": 1}), "ambush", limited=True)
    assert legal(g)["offensive"] == ["kyrenia"]
    do(g, "space karpas", "place karpas")                        # 1 > 0 cubes
    refused(g, "space larnaca", "this Limited Ambush already has its 1 space(s) (Karpas)")
    do(g, "offensive kyrenia", "space larnaca")                  # 1 is not above the 2 Troops left
    finish(g)
    assert sp(g, "larnaca") == space(cells_a=1, troops=2) and sp(g, "karpas") == space(cells_a=1, caches=1)
    assert sp(g, "kyrenia") == space() and g.s["available"]["caches"] == 3


# -- C32 Road Ambushes -----------------------------------------------------------------------------------------

def test_c32_unshaded_an_ambush_with_troops_also_removes_the_activated_cell():
    g = ambush_board(rolls=[1, 1], capabilities={"C32": "unshaded"})
    start(g, "ambush")
    do(g, "space larnaca", "space karpas", "place karpas")
    assert sp(g, "larnaca") == space(troops=2)                  # the Activated Cell to Available
    assert sp(g, "karpas") == space(cells_a=1, caches=1)        # no Troops: the Cell stays
    assert g.s["available"]["cells"] == 12 - 7 + 1
    assert "Adapt to attacks (C32): the Activated Cell in Larnaca went to Available (British Troops there)." \
        in said(g)


def test_c32_shaded_in_one_space_with_troops_eoka_may_remove_no_police_for_political_will():
    g = ambush_board(rolls=[4, 6], capabilities={"C32": "shaded"}, limassol={"cells_u": 1, "troops": 1})
    g.s["pw"] = 10
    start(g, "ambush")
    do(g, "space larnaca")
    assert legal(g) == {"option": ["police", "will"]}
    assert "remove a Police cube as usual (option police), or Troop lorries attacked, C32" in prompt_text(g)
    refused(g, "space karpas", "first choose the Ambush's option in Larnaca: option police|will (C32)")
    do(g, "option will")
    # No Police removed: 3 cubes remain; 4 > 3 succeeds: 1 Political Will off and a Cache.
    assert sp(g, "larnaca") == space(cells_a=1, troops=2, police=1)
    assert g.s["pw"] == 9
    do(g, "place larnaca", "space limassol")
    assert "option" not in legal(g)                              # one space per Ambush: Police removed as usual
    assert g.s["pw"] == 9
    do(g, "place limassol")
    assert sp(g, "limassol") == space(cells_a=1, troops=1, caches=1)


def test_c32_shaded_a_failed_roll_costs_no_political_will_and_a_troopless_space_has_no_option():
    g = ambush_board(rolls=[3, 1], capabilities={"C32": "shaded"})
    g.s["pw"] = 10
    start(g, "ambush")
    do(g, "space larnaca", "option will")                         # 3 is not above the 3 cubes
    assert g.s["pw"] == 10 and sp(g, "larnaca") == space(cells_a=1, troops=2, police=1)
    do(g, "space nicosia")                                       # no Troops: no option
    assert sp(g, "nicosia") == space(cells_u=1, cells_a=1)


def test_c32_shaded_option_police_removes_the_police_as_usual_and_keeps_the_option():
    g = ambush_board(rolls=[3, 3], capabilities={"C32": "shaded"}, limassol={"cells_u": 1, "troops": 2})
    start(g, "ambush")
    do(g, "space larnaca", "option police", "place larnaca", "space limassol")
    assert legal(g) == {"option": ["police", "will"]}


# -- 2.3.3 the EOKA Pass's Ambush ------------------------------------------------------------------------------

def pass_eoka(g: Context) -> Context:
    idle(g).rules.start_pass(g, "eoka")
    g.settle()
    check(g.s)
    return g


def test_2_3_3_an_eoka_pass_may_ambush_in_one_town():
    g = pass_eoka(ambush_board(rolls=[6], kyrenia={"caches": 1}))
    f = g.top()
    assert f["p"] == "cy.op.ambush" and f["limited"] and f["rule"] == "2.3.3"
    assert legal(g) == {"space": ["nicosia", "larnaca", "karpas"], "done": []}   # optional: no offensive
    refused(g, "offensive kyrenia", "an EOKA Pass Ambushes in one space: no Offensive adds one (2.3.3, ruling "
            "R-PASS-AMBUSH)")
    refused(g, "sa infiltrate", "a Limited Operation has no Special Activity (2.3.4; 4.1)")
    do(g, "space karpas")
    refused(g, "place nicosia", "Nicosia is not Karpas nor a Town or Mountain adjacent to it")
    do(g, "place famagusta")
    refused(g, "space nicosia", "this Limited Ambush already has its 1 space(s) (Karpas) (2.3.3: an EOKA Pass "
            "Ambushes in one space)")
    finish(g)
    assert sp(g, "famagusta") == space(cells_a=1, caches=1)


def test_2_3_3_an_eoka_pass_may_forgo_the_ambush():
    g = ambush_board()
    before = canonical.copy(g.s["spaces"])
    pass_eoka(g)
    do(g, "done")
    assert over(g) and g.s["spaces"] == before and rolled(g) == []


def test_2_3_3_an_eoka_pass_with_no_town_to_ambush_only_passes():
    g = pass_eoka(position(troodos={"cells_u": 2}, nicosia={"cells_a": 1}))
    assert over(g)
    assert "EOKA passed; no Town has an Underground Cell to Ambush with." in said(g)


def test_r_pass_ambush_umpire_reading_offensive_adds_a_second_town():
    g = pass_eoka(ambush_board(rolls=[1, 1], rulings={"R-PASS-AMBUSH": "offensive"}, kyrenia={"caches": 1}))
    assert legal(g)["offensive"] == ["kyrenia"]
    do(g, "offensive kyrenia", "space larnaca", "space nicosia", "place nicosia")
    finish(g)
    assert sp(g, "nicosia") == space(cells_u=1, cells_a=1, caches=1)


def test_c2_shaded_limited_ambush_may_take_an_offensive():
    g = ambush_board(rolls=[2, 2], kyrenia={"caches": 1})
    at_card(g, "C2")
    start(g, "ambush", frame=event_limited_frame(g, "ambush"))
    assert legal(g)["offensive"] == ["kyrenia"]
    do(g, "space nicosia", "place nicosia")
    refused(g, "space karpas", "this Limited Ambush already has its 1 space(s) (Nicosia) (C2")
    do(g, "offensive kyrenia", "space karpas", "place karpas")
    finish(g)


# -- 8.0 Example of Play: the EOKA Operations, from the positions it describes --------------------------------

def example(rolls=()) -> Context:
    g = on_setup(rolls)
    check(g.s)
    return g


def test_8_0_recruit_two_cells_in_troodos_one_each_in_nicosia_and_paphos():
    """L3576: Recruit in Troodos (two: its Arms Cache), Nicosia and Paphos (next to Troodos's Cache)."""
    g = start(example(), "recruit", with_sa=True)
    do(g, "space troodos", "place 2", "space nicosia", "place 1", "space paphos", "place 1")
    finish(g)
    assert sp(g, "troodos") == space(caches=1, cells_u=3)
    assert sp(g, "nicosia") == space(troops=2, police=1, cells_u=2)
    assert sp(g, "paphos") == space(cells_u=2)
    assert g.s["available"]["cells"] == 2


def example_before_card_three() -> Context:
    """The position after the Example's second card (L3576-3592): Recruit and Smuggle (Paphos's Cache),
    Search (Troodos's Cells Active, Curfews in Limassol and Famagusta), C21 shaded's Cells in Limassol and
    Karpas."""
    g = example(rolls=[2, 4, 6, 3])
    empty(g)
    put(g, "paphos", cells_u=2, caches=1)
    put(g, "limassol", cells_a=1, cells_u=1, troops=3, curfew=1)
    put(g, "nicosia", cells_u=2, police=1)
    put(g, "larnaca", cells_u=1, police=1)
    put(g, "famagusta", cells_a=1, troops=3, police=1, curfew=1)
    put(g, "troodos", cells_a=3, troops=6, caches=1)
    put(g, "karpas", cells_u=1)
    check(g.s)
    return g


def test_8_0_sabotage_with_an_offensive_in_paphos_limassol_karpas_and_nicosia():
    """L3596: the Offensive removes Paphos's Cache (Troodos's may not pay: British cubes there); rolls 2, 4,
    6 and 3; in Nicosia the adjacent Troodos Cache is spent, 3 - 1 + 2 = 4."""
    g = start(example_before_card_three(), "sabotage", with_sa=True)
    assert legal(g)["offensive"] == ["paphos"]
    do(g, "offensive paphos")
    do(g, "space paphos", "roll", "space limassol", "roll", "space karpas", "roll", "space nicosia",
       "cache troodos", "roll")
    assert rolled(g) == [("Sabotage in Paphos", 2), ("Sabotage in Limassol", 4), ("Sabotage in Karpas", 6),
                         ("Sabotage in Nicosia", 3)]
    assert sp(g, "paphos") == space(cells_u=1, cells_a=1)
    assert sp(g, "limassol") == space(cells_a=2, troops=3, curfew=1, sabotage=1)
    assert sp(g, "karpas") == space(cells_a=1, sabotage=1)
    assert sp(g, "nicosia") == space(cells_u=1, cells_a=1, police=1, sabotage=1)
    assert sp(g, "troodos") == space(cells_a=3, troops=6)
    assert g.s["available"]["caches"] == 4
    assert "EOKA rolled 3 for Sabotage in Nicosia: 4 after modifiers (-1 for Police, +2 for an Arms Cache)" \
        in said(g)


def test_8_0_limited_ambush_in_larnaca_places_a_cache_there():
    """L3614: Larnaca's Cell is Activated, no Police to remove (the Patrol took it), any roll beats 0 cubes."""
    g = example(rolls=[1])
    empty(g)
    put(g, "larnaca", cells_u=1)
    start(g, "ambush", limited=True)
    do(g, "space larnaca", "place larnaca")
    finish(g)
    assert sp(g, "larnaca") == space(cells_a=1, caches=1)


def test_8_0_travel_from_paphos_larnaca_and_karpas_all_underground():
    """L3618-3620 as the caption tells it (ruling R-8.0-TRAVEL): both Paphos Cells to Nicosia, Larnaca's to
    Kyrenia, Karpas's to Akrotiri (no cubes there: 1 + 0), every one Underground."""
    g = example()
    empty(g)
    put(g, "paphos", cells_a=1, cells_u=1)
    put(g, "larnaca", cells_a=1, caches=1)
    put(g, "karpas", cells_a=1, sabotage=1)
    put(g, "nicosia", police=2, sabotage=1)
    put(g, "limassol", cells_a=2, troops=3, curfew=1, sabotage=1)
    start(g, "travel", with_sa=True)
    assert legal(g)["space"] == ["larnaca", "paphos", "karpas"]     # not Limassol: its Curfew
    do(g, "space paphos", "move nicosia active", "move nicosia underground", "done",
       "space larnaca", "move kyrenia active", "done", "space karpas", "move akrotiri active", "done")
    finish(g)
    assert sp(g, "nicosia") == space(cells_u=2, police=2, sabotage=1)
    assert sp(g, "kyrenia") == space(cells_u=1) and sp(g, "akrotiri") == space(cells_u=1)
    assert sp(g, "paphos") == space() and sp(g, "larnaca") == space(caches=1)


@pytest.mark.parametrize("op", ["recruit", "travel", "sabotage", "ambush"])
def test_3_3_eoka_operations_are_entered_as_eokas(op):
    from engine.games.cyprus.operation import ACTIVITIES
    assert ACTIVITIES.op_faction[op] == "eoka" and op in ACTIVITIES.ops["eoka"]
    assert ACTIVITIES.op_rule[op] == {"recruit": "3.3.1", "travel": "3.3.2", "sabotage": "3.3.3",
                                      "ambush": "3.3.4"}[op]
