"""British Special Activities of Cyprus (4.2, L3430-3444): Restore (4.2.1), Diplomacy (4.2.2), Interrogate
(4.2.3); the Operations each may accompany (4.1.1) and when (4.1); the Capabilities that change them (C10,
C17) and the Events that grant them (C1 unshaded's Restore, C12's Special Activity, C27 unshaded's Interrogate).

The tests push a British Operation's frame with its Special Activity open, or an Event's Special Activity
frame, on a Context built by hand, and give orders with the driver of helpers.py (as engine.api applies them:
the legal actions of the prompt, ``act``, ``settle``), checking the invariants after each order. Each refusal is
checked for what is wrong and the rule."""

from __future__ import annotations

from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus import (
    british_ops,  # noqa: F401  (registers the Operations)
    special,
)
from engine.games.cyprus.operation import ACTIVITIES

from .helpers import do, legal, position, proc, refused, sp, space, start, start_sa, texts

# -- helpers (this file's own) ----------------------------------------------------------------------------

def op(g: Context, name: str, limited: bool = False) -> Context:
    """Starts British Operation *name* with its Special Activity open (a full Operation, 2.3.2)."""
    return start(g, name, limited, with_sa=not limited)


# -- the table (4.2, 4.1.1) -----------------------------------------------------------------------------------

def test_4_2_british_special_activities_and_the_operations_they_accompany():
    assert special.SA_OF["british"] == ("restore", "diplomacy", "interrogate")
    assert ACTIVITIES.sa_accompany["deploy"] == ["restore", "diplomacy"]
    assert ACTIVITIES.sa_accompany["patrol"] == ["diplomacy"]
    assert ACTIVITIES.sa_accompany["search"] == ["diplomacy", "interrogate"]
    assert ACTIVITIES.sa_accompany["assault"] == ["interrogate"]
    assert [ACTIVITIES.sa_rule[a] for a in special.SA_OF["british"]] == ["4.2.1", "4.2.2", "4.2.3"]


def test_2_3_4_a_limited_operation_offers_no_special_activity():
    g = op(position(nicosia=space(troops=3, police=1, sabotage=1)), "deploy", limited=True)
    assert "sa" not in legal(g)
    refused(g, "sa restore", "Limited", "2.3.4")


# -- 4.2.1 Restore ------------------------------------------------------------------------------------------

def restore_board(**extra) -> Context:
    return position(
        nicosia=space(troops=2, police=1, sabotage=2, curfew=1),     # yes
        famagusta=space(troops=1, police=1, cells_u=1, sabotage=1),  # a Cell: no
        larnaca=space(troops=2, sabotage=1, curfew=1),               # no Police: no
        limassol=space(police=1, sabotage=1),                        # no Troops: no
        troodos=space(troops=1, police=1, caches=1),                 # an Arms Cache: no
        akrotiri=space(troops=3, police=1, sabotage=1),              # a Base: yes
        **extra)


def test_4_2_1_restore_space_needs_troops_police_and_no_eoka():
    g = do(op(restore_board(), "deploy"), "sa restore")
    assert proc(g) == "cy.sa.restore"
    assert legal(g) == {"space": ["nicosia", "akrotiri"]}
    refused(g, "space famagusta", "Famagusta has 1 Troop, 1 Police cube and 1 EOKA piece",
            "Troops, Police and no EOKA pieces", "4.2.1")
    refused(g, "space larnaca", "no Police cube", "4.2.1")
    refused(g, "space limassol", "no Troop", "4.2.1")
    refused(g, "space troodos", "1 EOKA piece", "4.2.1")
    refused(g, "space atlantis", "not a space", "1.3.1")


def test_4_2_1_restore_removes_every_curfew_and_sabotage_marker_in_its_space():
    g = do(op(restore_board(), "deploy"), "sa restore", "space nicosia")
    assert sp(g, "nicosia") == space(troops=2, police=1)
    assert sp(g, "akrotiri")["sabotage"] == 1 and sp(g, "larnaca")["curfew"] == 1  # elsewhere untouched
    assert proc(g) == "cy.op.deploy" and g.top()["sa"] == "used"
    assert texts(g)[-3:] == ["British Restored Nicosia.", "2 Sabotage markers were removed from Nicosia (Restore).",
                             "The Curfew in Nicosia was removed (Restore)."]
    assert B.curfew_pool(g) == B.CURFEWS - 1                                       # the Curfew back in the pool


def test_4_2_1_restore_in_a_british_base():
    g = do(op(restore_board(), "deploy"), "sa restore", "space akrotiri")
    assert sp(g, "akrotiri") == space(troops=3, police=1)


def test_4_2_1_restore_once_chosen_takes_place_in_a_space():
    g = do(op(restore_board(), "deploy"), "sa restore")
    refused(g, "done", "once chosen", "4.2.1")


def test_4_2_1_restore_accompanies_only_deploy():
    for name in ("patrol", "search", "assault"):
        g = op(restore_board(**{"karpas": space(cells_a=1)}, paphos=space(troops=1, cells_a=1)), name)
        assert "restore" not in legal(g).get("sa", []), name
        refused(g, "sa restore", "may only accompany Deploy", "4.2.1")


def test_4_2_1_restore_is_not_offered_without_a_valid_space():
    g = op(position(nicosia=space(troops=2, police=1, cells_u=1, sabotage=1)), "deploy")
    assert "restore" not in legal(g)["sa"]
    refused(g, "sa restore", "Restore has no valid space", "4.2.1")


def test_4_1_restore_before_the_deploy_then_the_deploy_goes_on():
    g = do(op(restore_board(), "deploy"), "sa restore", "space nicosia", "space nicosia")
    assert sp(g, "nicosia")["police"] == 2 and sp(g, "nicosia")["sabotage"] == 0
    refused(g, "sa diplomacy", "already used its one Special Activity", "Restore", "4.1")


def test_4_1_restore_after_the_deploys_spaces():
    g = do(op(restore_board(), "deploy"), "space akrotiri", "sa restore", "space akrotiri")
    assert sp(g, "akrotiri") == space(troops=3, police=2)


# -- C1 unshaded: Restore in up to 2 spaces with cubes and no EOKA -------------------------------------------

C1 = {"rule": "C1", "max": 2, "cubes": True, "optional": True}


def test_c1_unshaded_restore_in_up_to_two_spaces_with_cubes_and_no_eoka():
    g = start_sa(restore_board(), "restore", **C1)
    assert legal(g) == {"space": ["nicosia", "larnaca", "limassol", "akrotiri"], "done": []}
    refused(g, "space famagusta", "British cubes and no EOKA pieces", "Makarios III, C1")
    do(g, "space larnaca")
    assert sp(g, "larnaca") == space(troops=2)
    refused(g, "space larnaca", "already restored", "C1")
    do(g, "space limassol")
    assert sp(g, "limassol") == space(police=1)
    assert not g.s["flow"]                                   # two spaces: over
    assert sp(g, "nicosia")["sabotage"] == 2                 # the others untouched
    assert all(e.get("rule") == "C1" for e in g.log)


def test_c1_unshaded_restore_may_stop_after_one_space_or_decline():
    g = do(start_sa(restore_board(), "restore", **C1), "space nicosia", "done")
    assert not g.s["flow"] and sp(g, "nicosia") == space(troops=2, police=1)
    g = do(start_sa(restore_board(), "restore", **C1), "done")
    assert not g.s["flow"] and sp(g, "nicosia")["sabotage"] == 2
    assert "British chose not to Restore (C1)." in texts(g)


def test_c1_unshaded_restore_with_no_valid_space_ends_at_once():
    g = start_sa(position(nicosia=space(troops=1, cells_u=1, sabotage=1)), "restore", **C1)
    assert not g.s["flow"]
    assert any("found no space" in t for t in texts(g))


# -- 4.2.2 Diplomacy ----------------------------------------------------------------------------------------

def marked(n_towns: int, **extra) -> dict:
    """Pieces for a Deploy and Patrol, with *n_towns* Towns holding a Sabotage or Curfew marker."""
    towns = ["nicosia", "famagusta", "larnaca", "limassol", "paphos", "karpas"]
    out = {t: space(troops=1, police=1, cells_a=1) for t in towns}
    for i, t in enumerate(towns[:n_towns]):
        out[t] = space(troops=1, police=1, cells_a=1, **({"sabotage": 1} if i % 2 else {"curfew": 1}))
    out.update(extra)
    return out


def test_4_2_2_diplomacy_with_three_or_fewer_towns_marked_shifts_without_a_roll():
    # the Bases' Sabotage markers do not count: Towns only
    g = op(position(io=3, **marked(3, akrotiri=space(troops=3, sabotage=2), dhekelia=space(troops=3, sabotage=1))),
           "patrol")
    do(g, "sa diplomacy")                                    # no die scripted: a roll would fail the test
    assert g.s["io"] == 2
    assert proc(g) == "cy.op.patrol"
    assert any("3 Towns with a Sabotage or Curfew marker" in t and "three or fewer" in t for t in texts(g))


def test_4_2_2_diplomacy_with_four_towns_marked_rolls_above_the_track():
    g = do(op(position(io=3, rolls=[4], **marked(4)), "deploy"), "sa diplomacy")
    assert g.s["io"] == 2
    assert any("rolled 4, greater than International Opinion at Criticized (3)" in t for t in texts(g))


def test_4_2_2_diplomacy_roll_equal_to_the_track_does_not_shift():
    g = do(op(position(io=3, rolls=[3], **marked(5)), "search"), "sa diplomacy")
    assert g.s["io"] == 3
    assert any("rolled 3, not greater than" in t and "no shift" in t for t in texts(g))


def test_4_2_2_diplomacy_at_condemned_needs_a_five_or_six():
    g = do(op(position(io=4, rolls=[5], **marked(6)), "patrol"), "sa diplomacy")
    assert g.s["io"] == 3
    g = do(op(position(io=4, rolls=[4], **marked(6)), "patrol"), "sa diplomacy")
    assert g.s["io"] == 4


def test_4_2_2_diplomacy_accompanies_deploy_patrol_search_not_assault():
    for name in ("deploy", "patrol", "search"):
        assert "diplomacy" in legal(op(position(**marked(0)), name))["sa"], name
    g = op(position(**marked(0)), "assault")
    assert "diplomacy" not in legal(g).get("sa", [])
    refused(g, "sa diplomacy", "may only accompany Deploy or Patrol or Search", "4.2.2")


def test_4_2_2_diplomacy_is_not_offered_at_ignored():
    g = op(position(io=0, **marked(0)), "patrol")
    assert "diplomacy" not in legal(g).get("sa", [])
    refused(g, "sa diplomacy", "Ignored (0), its last box", "4.2.2")


def test_c12_unshaded_diplomacy_granted_by_the_event_cites_the_card():
    g = start_sa(position(io=1, **marked(1)), "diplomacy", rule="C12")
    assert g.s["io"] == 0 and not g.s["flow"]
    assert {e.get("rule") for e in g.log} == {"C12"}


# -- 4.2.3 Interrogate --------------------------------------------------------------------------------------

def assault_board(**kw) -> Context:
    return position(nicosia=space(troops=2, cells_a=1), famagusta=space(police=1, cells_u=1),
                    larnaca=space(police=2, cells_a=2), **kw)


def test_4_2_3_interrogate_draws_one_chit_for_every_two_cells_in_prison():
    g = do(op(assault_board(prison=5, draws=[2, 0]), "assault"), "sa interrogate")
    assert g.s["intel"]["held"] == [0, 2]
    assert sorted(g.s["intel"]["bag"]) == [0, 0, 1, 1, 1, 2, 2]
    assert g.s["prison"] == 5                                 # the Cells stay in Prison
    assert proc(g) == "cy.op.assault"
    assert any("2 Intel Chits to draw, one for every two Cells in Prison: Prison holds 5 Cells" in t
               for t in texts(g))
    assert sum("British drew an Intel Chit" in t for t in texts(g)) == 2


def test_4_2_3_interrogate_needs_two_cells_in_prison():
    g = op(assault_board(prison=1), "assault")
    assert "sa" not in legal(g)
    refused(g, "sa interrogate", "one Intel Chit for every two Cells in Prison", "Prison holds 1 Cell", "4.2.3")


def test_4_2_3_interrogate_accompanies_search_and_assault_only():
    assert "interrogate" in legal(op(assault_board(prison=2), "search"))["sa"]
    for name in ("deploy", "patrol"):
        g = op(assault_board(prison=2, akrotiri=space(troops=2)), name)
        assert "interrogate" not in legal(g).get("sa", []), name
        refused(g, "sa interrogate", "may only accompany Search or Assault", "4.2.3")


def test_4_1_interrogate_before_the_assault_gives_chits_for_its_intelligence_lead():
    g = op(assault_board(prison=2, draws=[1]), "assault")
    assert "lead" not in legal(g)                               # no chit yet
    do(g, "sa interrogate")
    assert legal(g)["lead"] == ["1"]                            # 2.3.7 now possible


def test_r_intel_bag_interrogate_stops_when_the_bag_is_empty():
    g = do(op(assault_board(prison=8, chits=(0, 0, 0, 1, 1, 1, 2), draws=[2, 2]), "assault"), "sa interrogate")
    assert g.s["intel"]["bag"] == [] and len(g.s["intel"]["held"]) == 9
    assert any("The bag is empty: 2 of the 4 Intel Chits were drawn" in t for t in texts(g))


def test_r_intel_bag_interrogate_is_not_offered_with_the_bag_empty():
    g = op(assault_board(prison=6, chits=(0, 0, 0, 1, 1, 1, 2, 2, 2)), "assault")
    assert "sa" not in legal(g)
    refused(g, "sa interrogate", "Interrogate", "4.2.3")
    reason = g.procs["cy.sa.interrogate"].no_space(g)
    assert "the bag, and it is empty" in reason and "R-INTEL-BAG" in reason


def test_c10_unshaded_interrogate_draws_one_chit_per_cell_in_prison():
    g = do(op(assault_board(prison=3, draws=[0, 1, 2], capabilities={"C10": "unshaded"}), "assault"),
           "sa interrogate")
    assert g.s["intel"]["held"] == [0, 1, 2]
    g = op(assault_board(prison=1, draws=[1], capabilities={"C10": "unshaded"}), "assault")
    assert "interrogate" in legal(g)["sa"]                       # one Cell is enough with C10 unshaded


def test_c10_shaded_interrogate_also_lowers_political_will():
    g = do(op(assault_board(prison=4, draws=[1, 1], pw=9, capabilities={"C10": "shaded"}), "assault"),
           "sa interrogate")
    assert g.s["intel"]["held"] == [1, 1] and g.s["pw"] == 8
    assert g.log[-1]["rule"] == "C10"


def test_c17_unshaded_the_british_choose_which_count():
    # Prison 2 gives 1 chit; Famagusta and Larnaca have Police and Cells: 2 chits
    g = do(op(assault_board(prison=2, draws=[2, 0], capabilities={"C17": "unshaded"}), "assault"),
           "sa interrogate")
    assert proc(g) == "cy.sa.interrogate"
    assert legal(g) == {"count": ["prison", "spaces"]}
    refused(g, "count everything", "count prison or count spaces", "C17")
    do(g, "count spaces")
    assert g.s["intel"]["held"] == [0, 2]
    assert any("one for each space with Police and Cells (C17): Famagusta and Larnaca" in t for t in texts(g))


def test_c17_unshaded_the_british_may_keep_the_prison_count():
    g = do(op(assault_board(prison=2, draws=[1], capabilities={"C17": "unshaded"}), "assault"),
           "sa interrogate", "count prison")
    assert g.s["intel"]["held"] == [1]


def test_c17_unshaded_no_question_where_both_counts_draw_alike():
    g = do(op(assault_board(prison=4, draws=[0, 2], capabilities={"C17": "unshaded"}), "assault"),
           "sa interrogate")
    assert proc(g) == "cy.op.assault" and g.s["intel"]["held"] == [0, 2]


def test_c17_unshaded_makes_interrogate_possible_with_an_empty_prison():
    g = op(assault_board(prison=0, draws=[1, 1], capabilities={"C17": "unshaded"}), "assault")
    assert "interrogate" in legal(g)["sa"]
    do(g, "sa interrogate", "count spaces")
    assert g.s["intel"]["held"] == [1, 1]


def test_c17_refusal_of_a_count_without_the_capability():
    g = op(assault_board(prison=2, capabilities={"C17": "unshaded", "C10": "unshaded"}, draws=[0, 0]), "assault")
    # C10 unshaded: 2 Cells give 2 chits, the same as the two spaces: no question
    do(g, "sa interrogate")
    assert g.s["intel"]["held"] == [0, 0]


def test_r_capability_conflict_c10_and_c17_together():
    # C10 unshaded: 3 chits for 3 Cells, or C17's 2 spaces; C10 shaded would cost 1 Political Will either way
    g = do(op(assault_board(prison=3, draws=[0, 1, 2], capabilities={"C10": "unshaded", "C17": "unshaded"}),
              "assault"), "sa interrogate")
    assert legal(g) == {"count": ["prison", "spaces"]}
    do(g, "count prison")
    assert g.s["intel"]["held"] == [0, 1, 2]
    g = do(op(assault_board(prison=0, pw=9, draws=[2, 2], capabilities={"C10": "shaded", "C17": "unshaded"}),
              "assault"), "sa interrogate", "count spaces")
    assert g.s["intel"]["held"] == [2, 2] and g.s["pw"] == 8


def test_c10_shaded_interrogate_with_nothing_to_draw_still_costs_political_will():
    g = op(assault_board(prison=1, pw=9, capabilities={"C10": "shaded"}), "assault")
    assert "interrogate" in legal(g)["sa"]
    do(g, "sa interrogate")
    assert g.s["intel"]["held"] == [] and g.s["pw"] == 8


def test_c27_unshaded_interrogate_runs_whatever_it_draws():
    g = start_sa(position(prison=1, pw=9, capabilities={"C10": "shaded"}), "interrogate", rule="C27")
    assert not g.s["flow"] and g.s["intel"]["held"] == [] and g.s["pw"] == 8
    assert any("no Intel Chit to draw" in t for t in texts(g))
    g = start_sa(position(prison=3, draws=[2]), "interrogate", rule="C27")
    assert g.s["intel"]["held"] == [2]
    assert g.log[-1]["rule"] == "C27"


# -- 8.0 Example of Play: the British Special Activities it shows --------------------------------------------

def test_8_0_diplomacy_with_two_curfews_shifts_from_2_to_1():
    # L3588-3590: after the Search, Curfews in Limassol and Famagusta, no Sabotage: no roll
    g = position(io=2, limassol=space(troops=3, cells_a=1, curfew=1), famagusta=space(troops=3, police=1,
                 cells_a=1, curfew=1), troodos=space(troops=6, cells_a=3, caches=1))
    do(op(g, "search"), "sa diplomacy")
    assert g.s["io"] == 1


def test_8_0_restore_in_limassol_removes_both_markers():
    # L3626: Deploy a Police cube into Limassol, then Restore there
    g = position(limassol=space(troops=3, sabotage=1, curfew=1), famagusta=space(troops=3, curfew=1),
                 troodos=space(troops=6))
    do(op(g, "deploy"), "space limassol", "sa restore")
    assert g.proc(g.top()).prompt(g, g.top()) == {"space": ["limassol"]}       # Famagusta has no Police yet
    do(g, "space limassol")
    assert sp(g, "limassol") == space(troops=3, police=1)
    assert sp(g, "famagusta")["curfew"] == 1


def test_4_2_the_british_special_activities_say_why_they_have_nothing_to_do():
    g = position(io=0, nicosia=space(troops=1, police=1, cells_u=1))
    assert "Restore has no valid space (Troops, Police and no EOKA pieces): Nicosia has 1 Troop, 1 Police cube " \
           "and 1 EOKA piece (4.2.1)" == g.procs["cy.sa.restore"].no_space(g)
    assert "Ignored (0), its last box (4.2.2)" in g.procs["cy.sa.diplomacy"].no_space(g)
    g = position(prison=1, capabilities={"C17": "unshaded"})
    assert g.procs["cy.sa.interrogate"].no_space(g) == (
        "Interrogate draws one Intel Chit for every two Cells in Prison, or one for each space with Police and "
        "Cells (C17), and no space has both, and Prison holds 1 Cell (4.2.3)")
