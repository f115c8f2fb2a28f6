"""EOKA Special Activities of Cyprus (4.3, L3446-3462): Smuggle (4.3.1), Infiltrate (4.3.2), Propagandize
(4.3.3); the Operations each may accompany (4.1.1); the Capabilities that change them (C9, C13, C25, C31, and
C25 with C31: ruling R-CAPABILITY-CONFLICT) and the Events that grant Propagandize (C3 and C8 shaded).

The tests push the Special Activity's frame as an Operation does (``parent_op``) or as an Event does (its
flags), or an EOKA Operation's with its Special Activity open, on a Context built by hand, and give orders with
the driver of helpers.py (as engine.api applies them: the legal actions of the prompt, ``act``, ``settle``),
checking the invariants after each order. Each refusal is checked for what is wrong and the rule."""

from __future__ import annotations

from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus import (
    eoka_ops,  # noqa: F401  (registers the Operations)
    special,
)
from engine.games.cyprus.operation import ACTIVITIES, new_op_frame

from .helpers import do, legal, over, position, refused, sp, space, start_sa, texts

# -- helpers (this file's own) ----------------------------------------------------------------------------

def sa(g: Context, name: str, parent: str | None = "recruit", **frame) -> Context:
    """Starts EOKA Special Activity *name* as Operation *parent* does (``sa NAME``), or as an Event does
    (*parent* ``None`` and the Event's flags)."""
    if parent:
        frame = {"parent_op": parent, "parent_spaces": [], **frame}
    return start_sa(g, name, "eoka", **frame)


def possible(g: Context, name: str, frame: dict | None = None) -> bool:
    return ACTIVITIES.possible(g, name, frame)


# -- the table (4.3, 4.1.1) -----------------------------------------------------------------------------------

def test_4_3_eoka_special_activities_and_the_operations_they_accompany():
    assert special.SA_OF["eoka"] == ("smuggle", "infiltrate", "propagandize")
    cls = ACTIVITIES.specials
    assert cls["smuggle"].accompanies == ("recruit", "travel")
    assert cls["infiltrate"].accompanies == ("recruit", "travel", "sabotage", "ambush")
    assert cls["propagandize"].accompanies == ("recruit", "travel", "sabotage", "ambush")
    assert [ACTIVITIES.sa_rule[a] for a in special.SA_OF["eoka"]] == ["4.3.1", "4.3.2", "4.3.3"]
    assert {ACTIVITIES.sa_faction[a] for a in special.SA_OF["eoka"]} == {"eoka"}


# -- 4.3.1 Smuggle ------------------------------------------------------------------------------------------

def smuggle_board(io=2, **kw) -> Context:
    return position(io=io, **{
        "troodos": space(cells_u=1),                   # a Mountain with a Cell, no cube: place
        "nicosia": space(cells_u=1, caches=1),         # a Town with a Cell and an Arms Cache: place, or move from
        "paphos": space(cells_a=1, police=1),          # a Cell and a cube: no place; a move may enter
        "famagusta": space(troops=1),                  # no Cell
        "kyrenia": space(cells_u=1, caches=2),         # full (1.4.2)
        "akrotiri": space(cells_u=1),                  # a British Base
        **kw})


def test_4_3_1_smuggle_is_not_performed_at_ignored():
    g = smuggle_board(io=0)
    assert not possible(g, "smuggle")
    reason = g.procs["cy.sa.smuggle"].no_space(g)
    assert "may not be performed while International Opinion is at Ignored (0)" in reason and "4.3.1" in reason
    assert possible(smuggle_board(io=1), "smuggle")


def test_4_3_1_smuggle_places_or_moves_an_arms_cache():
    g = sa(smuggle_board(), "smuggle")
    assert legal(g) == {"place": ["nicosia", "troodos"],
                        "move": ["nicosia paphos", "nicosia troodos", "kyrenia nicosia"]}
    do(g, "place troodos")
    assert sp(g, "troodos") == space(cells_u=1, caches=1)
    assert g.s["available"]["caches"] == 0
    assert over(g)                                           # one space below Condemned
    assert "EOKA Smuggled an Arms Cache into Troodos Mountains from Available." in texts(g)


def test_4_3_1_smuggle_moves_a_cache_into_a_space_with_cubes():
    g = do(sa(smuggle_board(), "smuggle", parent="travel"), "move nicosia paphos")
    assert sp(g, "nicosia") == space(cells_u=1) and sp(g, "paphos") == space(cells_a=1, police=1, caches=1)
    assert over(g)


def test_4_3_1_smuggle_place_refusals():
    g = sa(smuggle_board(), "smuggle")
    refused(g, "place paphos", "Paphos has 1 British cube", "no cube", "4.3.1")
    refused(g, "place famagusta", "Famagusta has no Cell", "4.3.1")
    refused(g, "place kyrenia", "Kyrenia Mountains has 2 Arms Caches already", "1.4.2")
    refused(g, "place akrotiri", "Akrotiri is a British Base", "4.3.1, 1.3.4")
    refused(g, "place atlantis", "not a space", "1.3.1")
    refused(g, "place", "'place SPACE'", "4.3.1")


def test_4_3_1_smuggle_move_refusals():
    g = sa(smuggle_board(karpas=space(caches=1)), "smuggle")
    refused(g, "move nicosia limassol", "not adjacent", "1.3.5")
    refused(g, "move karpas kyrenia", "Karpas has no Cell", "from a space with a Cell", "4.3.1")
    refused(g, "move troodos nicosia", "Troodos Mountains has no Arms Cache to move", "4.3.1")
    refused(g, "move nicosia famagusta", "Famagusta has no Cell", "4.3.1")
    refused(g, "move nicosia kyrenia", "2 Arms Caches already", "1.4.2")
    refused(g, "move nicosia", "'move FROM TO'", "4.3.1")


def test_1_4_1_smuggle_places_only_an_available_cache():
    g = smuggle_board(limassol=space(cells_u=1, caches=1))   # all four Arms Caches on the map
    g = sa(g, "smuggle")
    assert "place" not in legal(g)
    refused(g, "place troodos", "no Arms Cache is Available", "1.4.1")
    assert "move" in legal(g)


def test_4_3_1_smuggle_once_chosen_acts():
    g = sa(smuggle_board(), "smuggle")
    refused(g, "done", "once chosen", "4.3.1, 4.1")


def test_4_3_1_smuggle_two_spaces_at_condemned():
    g = sa(smuggle_board(io=4), "smuggle")
    do(g, "place nicosia")
    assert not over(g)
    assert "done" in legal(g) and "nicosia" not in legal(g).get("place", [])
    refused(g, "place nicosia", "already selected for this Smuggle", "4.3.1, 4.1")
    do(g, "move nicosia troodos")                               # the cache that was there before
    assert sp(g, "nicosia") == space(cells_u=1, caches=1) and sp(g, "troodos") == space(cells_u=1, caches=1)
    assert over(g)


def test_4_3_1_smuggle_second_space_may_be_declined():
    g = do(sa(smuggle_board(io=4), "smuggle"), "place troodos", "done")
    assert over(g) and sp(g, "troodos")["caches"] == 1


def test_4_3_1_smuggle_selects_one_space_below_condemned():
    g = sa(smuggle_board(io=3), "smuggle")
    assert g.top()["p"] == "cy.sa.smuggle"
    f = g.top()
    assert g.proc(f).most(g, f) == 1


def test_r_smuggle_once_a_cache_smuggled_in_does_not_move_again():
    g = sa(smuggle_board(io=4), "smuggle")
    do(g, "place troodos")
    assert "troodos nicosia" not in legal(g).get("move", [])
    refused(g, "move troodos paphos", "came there by this Smuggle", "R-SMUGGLE-ONCE")


def test_c9_unshaded_smuggle_placement_needs_a_roll_above_3():
    g = do(sa(smuggle_board(rolls=[4], capabilities={"C9": "unshaded"}), "smuggle"), "place troodos")
    assert sp(g, "troodos")["caches"] == 1 and over(g)
    g = do(sa(smuggle_board(rolls=[3], capabilities={"C9": "unshaded"}), "smuggle"), "place troodos")
    assert sp(g, "troodos")["caches"] == 0 and g.s["available"]["caches"] == 1 and over(g)
    assert any("rolled 3, not greater than 3" in t and "spent" in t for t in texts(g))


def test_c9_unshaded_smuggle_move_is_not_rolled_for():
    g = do(sa(smuggle_board(capabilities={"C9": "unshaded"}), "smuggle"), "move nicosia troodos")
    assert sp(g, "troodos")["caches"] == 1                       # no die scripted: none was rolled


def test_r_smuggle_c9_failed_roll_costs_that_space_only_by_default():
    g = do(sa(smuggle_board(io=4, rolls=[2], capabilities={"C9": "unshaded"}), "smuggle"), "place troodos")
    assert not over(g)
    assert "troodos" not in legal(g).get("place", [])             # spent: it stays selected
    do(g, "move nicosia paphos")
    assert sp(g, "paphos")["caches"] == 1


def test_r_smuggle_c9_whole_reading_a_failed_roll_ends_the_smuggle():
    g = do(sa(smuggle_board(io=4, rolls=[1], capabilities={"C9": "unshaded"}, rulings={"R-SMUGGLE": "whole"}),
              "smuggle"), "place troodos")
    assert over(g) and sp(g, "troodos")["caches"] == 0
    assert any("ends the Smuggle" in t for t in texts(g))


def test_c9_shaded_smuggle_to_any_mountain_or_town():
    g = sa(smuggle_board(capabilities={"C9": "shaded"}), "smuggle")
    assert legal(g)["place"] == ["nicosia", "famagusta", "larnaca", "limassol", "paphos", "karpas", "troodos"]
    refused(g, "place akrotiri", "British Base", "1.3.4")
    refused(g, "place kyrenia", "2 Arms Caches already", "1.4.2")
    do(g, "place famagusta")
    assert sp(g, "famagusta") == space(troops=1, caches=1)


def test_c9_shaded_smuggle_move_still_leaves_a_space_with_a_cell():
    g = sa(smuggle_board(capabilities={"C9": "shaded"}, karpas=space(caches=1)), "smuggle")
    assert "nicosia famagusta" in legal(g)["move"]
    assert not any(m.startswith("karpas") for m in legal(g)["move"])
    do(g, "move nicosia famagusta")
    assert sp(g, "famagusta") == space(troops=1, caches=1)


# -- 4.3.2 Infiltrate ---------------------------------------------------------------------------------------

def infiltrate_board(**kw) -> Context:
    spaces = {
        "nicosia": space(troops=1, police=2, cells_u=2),   # 2 Underground against 2 Police: yes
        "famagusta": space(police=2, cells_u=1),           # fewer Underground Cells than Police: no
        "larnaca": space(police=1, cells_a=2),             # Active Cells do not count: no
        "paphos": space(police=1, cells_u=1, curfew=1),    # yes: its last British piece
        "troodos": space(cells_u=3),                       # no Police: no
    }
    spaces.update(kw.pop("spaces", {}))
    return position(**kw, **spaces)


def test_4_3_2_infiltrate_space_needs_police_and_as_many_underground_cells():
    g = sa(infiltrate_board(), "infiltrate", parent="ambush")
    assert legal(g) == {"space": ["nicosia", "paphos"]}
    refused(g, "space famagusta", "Famagusta has 2 Police cubes and 1 Underground Cell",
            "at least as many Underground Cells as Police", "4.3.2")
    refused(g, "space larnaca", "no Underground Cell", "4.3.2")
    refused(g, "space troodos", "no Police cube", "4.3.2")
    refused(g, "done", "once chosen", "4.3.2")


def test_4_3_2_infiltrate_replaces_a_police_cube_then_discards_the_highest_chit():
    g = infiltrate_board(chits=(0, 1, 2))
    cells = g.s["available"]["cells"]
    do(sa(g, "infiltrate", parent="sabotage"), "space nicosia")
    assert sp(g, "nicosia") == space(troops=1, police=1, cells_u=3)
    assert g.s["available"]["police"] == 6 - 6 + 1 and g.s["available"]["cells"] == cells - 1
    assert g.s["intel"]["held"] == [0, 1] and g.s["intel"]["bag"].count(2) == 3
    assert over(g)
    assert any("highest Intel Chit, of value 2" in t for t in texts(g))


def test_1_10_infiltrate_of_the_last_police_lifts_the_curfew():
    g = do(sa(infiltrate_board(), "infiltrate", parent="travel"), "space paphos")
    assert sp(g, "paphos") == space(cells_u=2)


def test_1_4_1_infiltrate_with_no_cell_available_simply_removes_the_police():
    g = infiltrate_board(spaces={"kyrenia": space(cells_u=3)})   # all 12 Cells on the map
    assert g.s["available"]["cells"] == 0
    do(sa(g, "infiltrate"), "space nicosia")
    assert sp(g, "nicosia") == space(troops=1, police=1, cells_u=2)
    assert [e["rule"] for e in g.log if "No Cell is Available" in e["text"]] == ["1.4.1"]


def test_r_intel_bag_infiltrate_with_no_chit_held_discards_nothing():
    g = do(sa(infiltrate_board(), "infiltrate"), "space nicosia")
    assert g.s["intel"]["held"] == [] and len(g.s["intel"]["bag"]) == 9
    assert "The British hold no Intel Chit: none was discarded." in texts(g)


def test_c25_unshaded_infiltrate_replaces_or_discards_not_both():
    g = do(sa(infiltrate_board(chits=(1, 2), capabilities={"C25": "unshaded"}), "infiltrate"), "space nicosia")
    assert legal(g) == {"choose": ["replace", "discard"]}
    refused(g, "choose both", "choose replace or choose discard", "C25")
    refused(g, "space paphos", "takes place in Nicosia", "4.3.2, 4.1")
    do(g, "choose replace")
    assert sp(g, "nicosia") == space(troops=1, police=1, cells_u=3) and g.s["intel"]["held"] == [1, 2]
    g = do(sa(infiltrate_board(chits=(1, 2), capabilities={"C25": "unshaded"}), "infiltrate"),
           "space nicosia", "choose discard")
    assert sp(g, "nicosia") == space(troops=1, police=2, cells_u=2) and g.s["intel"]["held"] == [1]


def test_c25_unshaded_with_no_chit_held_the_replacement_is_all_there_is():
    g = do(sa(infiltrate_board(capabilities={"C25": "unshaded"}), "infiltrate"), "space nicosia")
    assert over(g) and sp(g, "nicosia") == space(troops=1, police=1, cells_u=3)


def test_c25_shaded_infiltrate_may_only_remove_police_where_an_underground_cell_is():
    g = sa(infiltrate_board(chits=(2,), capabilities={"C25": "shaded"}), "infiltrate")
    assert legal(g) == {"space": ["nicosia", "famagusta", "paphos"]}
    refused(g, "space larnaca", "a Police cube and an Underground Cell (C25)", "4.3.2")
    do(g, "space famagusta")                                   # only the shaded way: no question
    assert sp(g, "famagusta") == space(police=1, cells_u=1) and g.s["intel"]["held"] == [2]
    assert over(g)


def test_c25_shaded_where_both_ways_qualify_eoka_choose():
    g = do(sa(infiltrate_board(chits=(2,), capabilities={"C25": "shaded"}), "infiltrate"), "space nicosia")
    assert legal(g) == {"choose": ["usual", "remove"]}
    do(g, "choose remove")
    assert sp(g, "nicosia") == space(troops=1, police=1, cells_u=2) and g.s["intel"]["held"] == [2]
    g = do(sa(infiltrate_board(chits=(2,), capabilities={"C25": "shaded"}), "infiltrate"),
           "space nicosia", "choose usual")
    assert sp(g, "nicosia") == space(troops=1, police=1, cells_u=3) and g.s["intel"]["held"] == []


def test_c31_infiltrate_only_removes_police_and_discards_no_chit():
    g = do(sa(infiltrate_board(chits=(2,), capabilities={"C31": "event"}), "infiltrate"), "space nicosia")
    assert over(g)
    assert sp(g, "nicosia") == space(troops=1, police=1, cells_u=2) and g.s["intel"]["held"] == [2]


def test_r_capability_conflict_c31_played_after_c25_unshaded_governs():
    g = do(sa(infiltrate_board(chits=(2,), capabilities={"C25": "unshaded", "C31": "event"},
                               played=("C25", "C31")), "infiltrate"), "space nicosia")
    assert over(g) and sp(g, "nicosia") == space(troops=1, police=1, cells_u=2) and g.s["intel"]["held"] == [2]


def test_r_capability_conflict_c25_unshaded_played_after_c31_governs():
    g = do(sa(infiltrate_board(chits=(2,), capabilities={"C25": "unshaded", "C31": "event"},
                               played=("C31", "C25")), "infiltrate"), "space nicosia")
    assert legal(g) == {"choose": ["replace", "discard"]}
    do(g, "choose replace")
    assert sp(g, "nicosia") == space(troops=1, police=1, cells_u=3)


def test_r_capability_conflict_c25_shaded_and_c31_both_ways_only_remove():
    g = sa(infiltrate_board(chits=(2,), capabilities={"C25": "shaded", "C31": "event"}, played=("C31", "C25")),
           "infiltrate")
    assert legal(g) == {"space": ["nicosia", "famagusta", "paphos"]}
    do(g, "space nicosia")
    assert over(g) and sp(g, "nicosia") == space(troops=1, police=1, cells_u=2) and g.s["intel"]["held"] == [2]


# -- 4.3.3 Propagandize -------------------------------------------------------------------------------------

def propaganda_board(**kw) -> Context:
    spaces = {
        "nicosia": space(troops=1, cells_u=2, sabotage=1),          # Sabotage: Political Will
        "famagusta": space(police=1, cells_u=1, curfew=1),          # Curfew, no Sabotage: International Opinion
        "larnaca": space(troops=1, cells_a=1, cells_u=1, sabotage=1, curfew=1),   # both: Political Will only
        "dhekelia": space(troops=1, cells_u=1, sabotage=2),         # a Base (ruling R-PROPAGANDIZE)
        "limassol": space(troops=1, curfew=1),                      # no Cell
        "paphos": space(cells_u=1),                                 # no marker
    }
    spaces.update(kw.pop("spaces", {}))
    return position(**kw, **spaces)


def test_4_3_3_propagandize_space_needs_a_cell_and_a_sabotage_or_curfew_marker():
    g = sa(propaganda_board(), "propagandize", parent="sabotage")
    assert legal(g) == {"space": ["nicosia", "famagusta", "larnaca", "dhekelia"]}
    refused(g, "space limassol", "Limassol has no Cell", "a Cell and a Sabotage or Curfew marker", "4.3.3")
    refused(g, "space paphos", "no Sabotage marker and no Curfew", "4.3.3")
    refused(g, "done", "once chosen", "4.3.3")


def test_4_3_3_propagandize_at_sabotage_activates_a_cell_and_lowers_political_will():
    g = do(sa(propaganda_board(pw=10), "propagandize"), "space nicosia")
    assert sp(g, "nicosia") == space(troops=1, cells_u=1, cells_a=1, sabotage=1)
    assert g.s["pw"] == 9 and g.s["io"] == 2 and over(g)
    assert "EOKA Activated an Underground Cell in Nicosia to Propagandize." in texts(g)


def test_4_3_3_propagandize_at_a_curfew_without_sabotage_shifts_international_opinion():
    g = do(sa(propaganda_board(pw=10), "propagandize", parent="ambush"), "space famagusta")
    assert sp(g, "famagusta") == space(police=1, cells_a=1, curfew=1)
    assert g.s["io"] == 3 and g.s["pw"] == 10


def test_4_3_3_propagandize_with_both_markers_only_lowers_political_will():
    g = do(sa(propaganda_board(pw=10), "propagandize"), "space larnaca")
    assert g.s["pw"] == 9 and g.s["io"] == 2
    # an Active Cell was there already: none Activated (4.3.3 NOTE)
    assert sp(g, "larnaca") == space(troops=1, cells_a=1, cells_u=1, sabotage=1, curfew=1)
    assert not any("Activated" in t for t in texts(g))


def test_r_propagandize_in_a_british_base_with_sabotage():
    g = do(sa(propaganda_board(pw=10), "propagandize"), "space dhekelia")
    assert g.s["pw"] == 9 and sp(g, "dhekelia")["cells_a"] == 1


def test_6_5_propagandize_at_condemned_shifts_no_further():
    g = do(sa(propaganda_board(io=4), "propagandize"), "space famagusta")
    assert g.s["io"] == 4
    assert any("already at Condemned (4)" in t for t in texts(g))


def test_c13_unshaded_propagandize_may_not_shift_international_opinion():
    g = do(sa(propaganda_board(pw=10, capabilities={"C13": "unshaded"}), "propagandize"), "space famagusta")
    assert g.s["io"] == 2 and g.s["pw"] == 10 and sp(g, "famagusta")["cells_a"] == 1
    assert any("does not shift" in t and "C13" in t for t in texts(g))
    g = do(sa(propaganda_board(pw=10, capabilities={"C13": "unshaded"}), "propagandize"), "space nicosia")
    assert g.s["pw"] == 9


def test_c13_shaded_propagandize_selects_two_spaces():
    g = sa(propaganda_board(pw=10, capabilities={"C13": "shaded"}), "propagandize")
    do(g, "space nicosia")
    assert not over(g) and "done" in legal(g)
    refused(g, "space nicosia", "already selected", "4.1")
    do(g, "space famagusta")
    assert over(g) and g.s["pw"] == 9 and g.s["io"] == 3


def test_c13_shaded_propagandize_may_stop_after_one():
    g = do(sa(propaganda_board(pw=10, capabilities={"C13": "shaded"}), "propagandize"), "space dhekelia", "done")
    assert over(g) and g.s["pw"] == 9


C3 = {"rule": "C3", "max": 1, "optional": True, "need_curfew": True}
C8 = {"rule": "C8", "max": 1, "optional": True, "need_curfew": True, "no_cell": True}


def test_c3_shaded_propagandize_in_a_space_with_a_cell_and_a_curfew():
    g = sa(propaganda_board(capabilities={"C13": "shaded"}), "propagandize", parent=None, **C3)
    assert legal(g) == {"space": ["famagusta", "larnaca"], "done": []}
    refused(g, "space nicosia", "needs a Cell and a Curfew", "AKEL, C3")
    do(g, "space famagusta")
    assert over(g) and g.s["io"] == 3                      # one space, C13 shaded notwithstanding
    assert {e.get("rule") for e in g.log} == {"C3"}


def test_c3_shaded_propagandize_may_be_declined():
    g = do(sa(propaganda_board(), "propagandize", parent=None, **C3), "done")
    assert over(g) and g.s["io"] == 2


def test_c8_shaded_propagandize_in_a_curfew_space_needs_no_cell():
    g = sa(propaganda_board(), "propagandize", parent=None, **C8)
    assert legal(g) == {"space": ["famagusta", "larnaca", "limassol"], "done": []}
    refused(g, "space nicosia", "needs a Curfew", "School Children Revolt, C8")
    do(g, "space limassol")
    assert g.s["io"] == 3 and sp(g, "limassol") == space(troops=1, curfew=1) and over(g)


def test_c8_shaded_with_no_curfew_on_the_map_ends_at_once():
    g = sa(position(nicosia=space(cells_u=1, sabotage=1)), "propagandize", parent=None, **C8)
    assert over(g) and any("found no space with a Curfew" in t for t in texts(g))


def test_4_3_3_propagandize_is_possible_only_with_a_valid_space():
    assert possible(propaganda_board(), "propagandize")
    g = position(nicosia=space(cells_u=1), limassol=space(troops=1, curfew=1))
    assert not possible(g, "propagandize")
    assert possible(g, "propagandize", dict(C8))


def travel(g: Context) -> Context:
    """Starts an EOKA Travel with its Special Activity open (engine.games.cyprus.eoka_ops)."""
    g.call("cy.op.travel", "eoka", **new_op_frame(g, "travel", False, True))
    g.settle()
    return g


def test_r_travel_group_propagandize_with_travel_eoka_choose_the_cell_activated():
    # Nicosia: a Sabotage marker and an Underground Cell that has not moved; one more arrives from Paphos.
    g = travel(position(pw=10, nicosia=space(cells_u=1, sabotage=1), paphos=space(cells_u=1)))
    do(g, "space paphos", "move nicosia underground", "done", "sa propagandize", "space nicosia")
    assert legal(g) == {"activate": ["moved", "unmoved"]}
    refused(g, "space nicosia", "first choose which Cell", "4.3.3")
    do(g, "activate moved")
    assert g.s["pw"] == 9 and sp(g, "nicosia") == space(cells_u=1, cells_a=1, sabotage=1)
    f = g.top()
    assert f["p"] == "cy.op.travel" and f["arrived"]["nicosia"] == {"underground": 0, "active": 1}
    do(g, "space nicosia")                                     # the Cell that did not move may still Travel
    assert g.top()["left"] == {"underground": 1, "active": 0}


def test_r_travel_group_propagandize_activating_the_unmoved_cell():
    g = travel(position(pw=10, nicosia=space(cells_u=1, sabotage=1), paphos=space(cells_u=1)))
    do(g, "space paphos", "move nicosia underground", "done", "sa propagandize", "space nicosia", "activate unmoved")
    assert g.top()["arrived"]["nicosia"] == {"underground": 1, "active": 0}
    do(g, "space nicosia")
    assert g.top()["left"] == {"underground": 0, "active": 1}


def test_4_1_recruit_pauses_for_smuggle_then_goes_on():
    # 4.1 EXAMPLE (L3426): Recruit, then pause to Smuggle and gain an Arms Cache, then continue to Recruit
    g = position(io=2, troodos=space(cells_u=1, caches=1), paphos=space(cells_u=1))
    g.call("cy.op.recruit", "eoka", **new_op_frame(g, "recruit", False, True))
    g.settle()
    do(g, "space troodos", "place 2", "sa smuggle", "place paphos")
    f = g.top()
    assert f["p"] == "cy.op.recruit" and f["sa"] == "used" and sp(g, "paphos")["caches"] == 1
    assert "sa" not in legal(g)
    do(g, "space paphos", "place 1")                           # Paphos now has an Arms Cache: a Cell there
    assert B.cells(sp(g, "paphos")) == 2


def test_4_1_1_smuggle_accompanies_recruit_and_travel_only():
    assert ACTIVITIES.sa_accompany["recruit"] == ACTIVITIES.sa_accompany["travel"] == [
        "smuggle", "infiltrate", "propagandize"]
    assert ACTIVITIES.sa_accompany["sabotage"] == ACTIVITIES.sa_accompany["ambush"] == ["infiltrate", "propagandize"]
    g = position(io=2, nicosia=space(cells_u=1), troodos=space(cells_u=1))
    g.call("cy.op.sabotage", "eoka", **new_op_frame(g, "sabotage", False, True))
    g.settle()
    refused(g, "sa smuggle", "may only accompany Recruit or Travel", "4.3.1")


# -- 8.0 Example of Play: the EOKA Special Activities it shows -----------------------------------------------

def test_8_0_smuggle_after_recruit_places_an_arms_cache_in_paphos():
    # L3576-3578: after Recruit, Troodos 3 Cells and its Arms Cache, Nicosia 2 Cells and a Police cube, Paphos 2
    g = position(io=2, nicosia=space(troops=2, police=1, cells_u=2), famagusta=space(police=1, cells_u=1),
                 larnaca=space(troops=2, police=1, cells_u=1), limassol=space(troops=2, cells_u=1),
                 paphos=space(cells_u=2), troodos=space(cells_u=3, caches=1))
    g = sa(g, "smuggle", parent="recruit")
    assert legal(g)["place"] == ["paphos", "troodos"]
    do(g, "place paphos")
    assert sp(g, "paphos") == space(cells_u=2, caches=1) and over(g)


def test_8_0_propagandize_in_famagusta_where_a_cell_is_already_active():
    # L3600-3602: Famagusta has a Curfew, no Sabotage and an Active Cell: International Opinion 1 to 2
    g = position(io=1, pw=14, famagusta=space(troops=3, police=1, cells_a=1, curfew=1),
                 nicosia=space(police=1, cells_u=1, cells_a=1, sabotage=1))
    do(sa(g, "propagandize", parent="sabotage"), "space famagusta")
    assert g.s["io"] == 2 and g.s["pw"] == 14
    assert sp(g, "famagusta") == space(troops=3, police=1, cells_a=1, curfew=1)


def test_8_0_infiltrate_in_nicosia_with_no_chit_to_discard():
    # L3618-3620 (ruling R-8.0-TRAVEL): Nicosia 2 Police and 2 Underground Cells after the Travel
    g = position(nicosia=space(police=2, cells_u=2), kyrenia=space(cells_u=1), akrotiri=space(troops=3, cells_u=1))
    do(sa(g, "infiltrate", parent="travel"), "space nicosia")
    assert sp(g, "nicosia") == space(police=1, cells_u=3)
    assert g.s["intel"] == {"bag": [0, 0, 0, 1, 1, 1, 2, 2, 2], "held": []}


def test_r_8_0_travel_the_literal_version_leaves_infiltrate_no_space_in_nicosia():
    # The body text's version: one Cell from Paphos, so Nicosia has 1 Underground Cell against 2 Police
    g = position(nicosia=space(police=2, cells_u=1))
    assert not possible(g, "infiltrate")


def test_4_3_the_eoka_special_activities_say_why_they_have_nothing_to_do():
    g = position(nicosia=space(police=2, cells_u=1), paphos=space(cells_u=1))
    assert g.procs["cy.sa.infiltrate"].no_space(g) == (
        "Infiltrate has no valid space (a Police cube and at least as many Underground Cells as Police): Nicosia "
        "has 2 Police cubes and 1 Underground Cell (4.3.2)")
    assert "Propagandize has no valid space (a Cell and a Sabotage or Curfew marker)" in \
        g.procs["cy.sa.propagandize"].no_space(g)
    g = position(paphos=space(cells_u=1), karpas=space(caches=2), kyrenia=space(caches=2))   # none Available
    assert not possible(g, "smuggle")
    assert g.procs["cy.sa.smuggle"].no_space(g).endswith(
        "Paphos has 1 Cell, no British cube and no Arms Cache; Karpas has no Cell, no British cube and 2 Arms Caches; "
        "Kyrenia Mountains has no Cell, no British cube and 2 Arms Caches (4.3.1)")
