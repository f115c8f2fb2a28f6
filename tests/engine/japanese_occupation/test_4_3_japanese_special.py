"""Japanese Occupation's Japanese Special Activities (4.3): Extract (4.3.1), Reprisal (4.3.2) and Eliminate
(4.3.3), with the Operations each accompanies (4.1.1), a space once (4.1), Japanese Resources within 0-20 (1.7),
Intel chits concealed again (1.11), Resistance down for each Force 136 marker Eliminate removes (7.2), the New
Village bonus's two readings (ruling R-EXTRACT-NV), the Capabilities J12 shaded, J15 unshaded and J22 shaded,
the frames of a phase or an Event (6.4.2, J1, J13, J21), scripted dice, and the Example of Play's steps (8.0:
L1668 Extract, L1678 Reprisal, L1708 Eliminate, L1720 Eliminate with J21)."""

from __future__ import annotations

from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import intel_chits as chits
from engine.games.japanese_occupation.operation import ACTIVITIES
from engine.games.japanese_occupation.own_pieces import OWN
from engine.games.japanese_occupation.special_japanese import Eliminate, Extract, Reprisal

from .helpers import (
    check,
    do,
    legal,
    pos,
    proc,
    prompt_text,
    refused,
    role,
    said,
    sp,
    start,
    start_sa,
)


def rules_of(g) -> list[str]:
    return [e.get("rule") for e in g.log]


# -- 4.1.1: the Operations each accompanies -----------------------------------------------------------------

def test_4_1_1_each_japanese_special_activity_names_its_operations():
    assert Extract.accompanies == ("deploy",)
    assert Reprisal.accompanies == Eliminate.accompanies == ("construct", "sweep", "assault")
    assert ACTIVITIES.sa_accompany["deploy"] == ["extract"]
    for op in ("construct", "sweep", "assault"):
        assert ACTIVITIES.sa_accompany[op] == ["reprisal", "eliminate"]
    assert ACTIVITIES.sa_of["japanese"] == ("extract", "reprisal", "eliminate")
    assert ACTIVITIES.problems() == []


def test_4_3_1_extract_accompanies_deploy_and_is_refused_with_sweep():
    g = pos(kuala_lumpur={"troops": 2}, perak={"troops": 2, "mpaja_u": 1})
    start(g, "deploy", with_sa=True)
    assert legal(g)["sa"] == ["extract"]
    do(g, "sa extract")
    assert proc(g) == "jo.sa.extract" and role(g) == "japanese"
    do(g, "space ec-top", "space ec-bottom")
    assert g.s["resources"] == 8 and proc(g) == "jo.op.deploy"
    g = pos(kuala_lumpur={"troops": 2}, perak={"troops": 2, "mpaja_u": 1})
    start(g, "sweep", with_sa=True)
    refused(g, "sa extract", "Extract may not accompany Sweep", rule="4.3.1")


def test_4_3_2_reprisal_and_eliminate_refused_with_deploy_and_with_a_limited_operation():
    g = pos(kuala_lumpur={"troops": 2}, perak={"troops": 2, "mpaja_u": 1, "opposition": 1, "kempeitai": 1,
                                              "jungle_camp": 1})
    start(g, "deploy", with_sa=True)
    refused(g, "sa reprisal", "Reprisal may not accompany Deploy", rule="4.3.2")
    refused(g, "sa eliminate", "Eliminate may not accompany Deploy", rule="4.3.3")
    g = pos(perak={"troops": 3, "mpaja_u": 1, "kempeitai": 1, "jungle_camp": 1}, sabotage={"perak-kelantan": 1})
    start(g, "construct", limited=True)
    refused(g, "sa reprisal", "a Limited Operation comes with no Special Activity", rule="2.4.4")


def test_4_3_2_reprisal_and_eliminate_accompany_construct_sweep_and_assault():
    for op in ("construct", "sweep", "assault"):
        g = pos(perak={"troops": 3, "police": 1, "mpaja_a": 1, "kempeitai": 1, "jungle_camp": 1},
                sabotage={"perak-kelantan": 1})
        start(g, op, with_sa=True)
        assert legal(g)["sa"] == ["reprisal", "eliminate"], op


# -- 4.3.1 Extract ------------------------------------------------------------------------------------------

def test_8_0_extract_from_both_economic_centers_gains_eight_resources():
    """L1668: no Sabotage on any Railway, each EC connected to four starred Railways: 4 + 4."""
    g = pos(resources=0, perak={"troops": 3})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    assert legal(g) == {"space": ["ec-top", "ec-bottom"]}
    do(g, "space ec-top")
    assert g.s["resources"] == 4
    do(g, "space ec-bottom")
    assert g.s["resources"] == 8 and proc(g) is None
    assert "4 starred Railway(s) without Sabotage connected to it: Thailand-Kedah Railway" in said(g)


def test_4_3_1_a_sabotaged_railway_cuts_the_chain_to_both_economic_centers():
    """L1444: Sabotage on the Perak-Kelantan Railway cuts the northern starred Railways from both ECs; the
    southern EC keeps its own two starred Railways."""
    g = pos(resources=3, sabotage={"perak-kelantan": 1})
    assert [B.extract_value(g, ec) for ec in B.ECS] == [0, 2]
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "space ec-bottom")
    assert g.s["resources"] == 5
    assert "0 starred Railway(s) without Sabotage connected to it." in said(g)


def test_4_3_1_new_villages_add_one_each_once_an_extract_by_default():
    g = pos(resources=0, johore={"troops": 1, "new_village": 1}, pahang={"police": 1, "new_village": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-bottom")
    assert g.s["resources"] == 4
    do(g, "done")
    assert g.s["resources"] == 6 and proc(g) is None
    assert "Japanese Extract: 2 New Villages on the map, one Resource each." in said(g)


def test_4_3_1_ruling_each_ec_counts_the_new_villages_for_each_selected_economic_center():
    g = pos(resources=0, rulings={"R-EXTRACT-NV": "each_ec"}, johore={"troops": 1, "new_village": 1},
            pahang={"police": 1, "new_village": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top")
    assert g.s["resources"] == 6
    do(g, "space ec-bottom")
    assert g.s["resources"] == 12
    assert "ruling R-EXTRACT-NV: each selected Economic Center" in said(g)
    g = pos(resources=0, johore={"troops": 1, "new_village": 1}, pahang={"police": 1, "new_village": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "space ec-bottom")
    assert g.s["resources"] == 10  # the default reading: the two New Villages once


def test_1_7_extract_stops_resources_at_twenty():
    g = pos(resources=15)
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "space ec-bottom")
    assert g.s["resources"] == 20
    assert "Japanese Resources stop at 20: 3 of the 4 gained are lost." in said(g)


def test_4_3_1_extract_with_nothing_to_gain_is_not_offered():
    g = pos(resources=20, kuala_lumpur={"troops": 2})
    assert not Extract().possible(g, None)
    start(g, "deploy", with_sa=True)
    assert "sa" not in legal(g)
    refused(g, "sa extract", "Extract has nothing it could do now", rule="4.3.1")
    g = pos(resources=0, sabotage={"perak-kelantan": 1, "negri-sembilan-pahang": 1, "pahang-johore": 1,
                                   "negri-sembilan-johore": 1})
    assert not Extract().possible(g, None)


def test_4_3_1_extract_refusals():
    g = pos(resources=0)
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    refused(g, "done", "the Extract has selected no space yet", rule="4.3.1")
    refused(g, "space perak", "Perak is a Province: Extract selects Economic Centers", rule="4.3.1")
    refused(g, "space kuala-lumpur", "Kuala Lumpur is Kuala Lumpur: Extract selects Economic Centers",
            rule="4.3.1")
    do(g, "space ec-top")
    refused(g, "space ec-top", "already selected for this Extract: a space only once", rule="4.1")


def test_J12_shaded_extract_first_removes_one_sabotage_next_to_troops():
    g = pos(resources=0, capabilities={"J12": "shaded"}, perak={"troops": 2},
            sabotage={"perak-kelantan": 1, "thailand-kedah": 1})
    assert Extract().possible(g, None)
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    assert legal(g) == {"remove": ["perak-kelantan"], "done": []}
    assert "remove RAILWAY" in prompt_text(g)
    refused(g, "remove thailand-kedah", "no space adjacent to the Thailand-Kedah Railway (Kedah) has Troops",
            rule="J12")
    refused(g, "remove negri-sembilan-pahang", "has no Sabotage marker to remove", rule="J12")
    refused(g, "space ec-top", "Labor Service Corps comes before any Resource is added", rule="J12")
    do(g, "remove perak-kelantan")
    assert g.s["railways"]["perak-kelantan"] == 0 and g.s["railways"]["thailand-kedah"] == 1
    assert legal(g) == {"space": ["ec-top", "ec-bottom"], "done": []}
    do(g, "space ec-top", "space ec-bottom")
    assert g.s["resources"] == 6  # Thailand-Kedah still cut: 3 starred Railways for each EC
    assert "4.3.1, J12" in rules_of(g)


def test_J12_shaded_extract_may_remove_no_sabotage_or_end_after_the_removal():
    g = pos(resources=0, capabilities={"J12": "shaded"}, perak={"troops": 2}, sabotage={"perak-kelantan": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "done")
    assert g.s["railways"]["perak-kelantan"] == 1
    assert "the Japanese removed no Sabotage marker before Extracting" in said(g)
    do(g, "space ec-bottom", "done")
    assert g.s["resources"] == 2
    g = pos(resources=20, capabilities={"J12": "shaded"}, perak={"troops": 2}, sabotage={"perak-kelantan": 1})
    assert Extract().possible(g, None)  # Resources at 20, but the Sabotage may still go
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "remove perak-kelantan", "done")
    assert proc(g) is None and g.s["railways"]["perak-kelantan"] == 0


def test_J12_unshaded_or_absent_asks_nothing_before_the_economic_centers():
    g = pos(resources=0, capabilities={"J12": "unshaded"}, perak={"troops": 2}, sabotage={"perak-kelantan": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    assert legal(g) == {"space": ["ec-top", "ec-bottom"]}


def test_J15_unshaded_the_british_may_place_a_guerrilla_in_each_new_village_space():
    g = pos(resources=0, capabilities={"J15": "unshaded"}, johore={"troops": 1, "new_village": 1},
            kelantan={"new_village": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-bottom", "done")
    assert g.s["resources"] == 6 and proc(g) == "jo.extract.resettlement" and role(g) == "british"
    assert legal(g) == {"place": ["kelantan mpaja", "kelantan non-mpaja", "johore mpaja", "johore non-mpaja"],
                        "done": []}
    do(g, "place johore mpaja")
    assert sp(g, "johore")["mpaja_u"] == 1 and sp(g, "johore")["new_village"] == 1
    assert legal(g) == {"place": ["kelantan mpaja", "kelantan non-mpaja"], "done": []}
    refused(g, "place johore non-mpaja", "placed their Guerrilla in Johore already", rule="J15")
    refused(g, "place perak mpaja", "Perak had no New Village", rule="J15")
    do(g, "place kelantan non-mpaja")
    # no Japanese force in Kelantan: the New Village goes at once (1.15)
    assert sp(g, "kelantan")["non_mpaja_u"] == 1 and sp(g, "kelantan")["new_village"] == 0
    assert proc(g) is None
    assert "The New Village in Kelantan was removed" in said(g)


def test_J15_unshaded_ruling_before_the_british_place_before_any_resource():
    g = pos(resources=0, capabilities={"J15": "unshaded", "J12": "shaded"}, rulings={"R-J15": "before"},
            johore={"troops": 1, "new_village": 1}, kelantan={"new_village": 1}, perak={"troops": 1},
            sabotage={"perak-kelantan": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    assert legal(g) == {"remove": ["perak-kelantan"], "done": []}  # J12 shaded's removal first
    do(g, "done")
    assert proc(g) == "jo.extract.resettlement" and g.s["resources"] == 0
    do(g, "place kelantan mpaja", "done")
    assert sp(g, "kelantan")["new_village"] == 0 and proc(g) == "jo.sa.extract"
    do(g, "space ec-bottom", "done")
    assert g.s["resources"] == 3 and proc(g) is None  # 2 starred Railways, and one New Village left


def test_J15_unshaded_the_british_may_decline_and_none_is_asked_without_a_new_village():
    g = pos(resources=0, capabilities={"J15": "unshaded"}, johore={"troops": 1, "new_village": 1})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "done", "done")
    assert proc(g) is None and B.guerrillas(sp(g, "johore")) == 0
    g = pos(resources=0, capabilities={"J15": "unshaded"})
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "done")
    assert proc(g) is None
    assert "no space has a New Village, so the British place no Guerrilla" in said(g)


def test_J15_unshaded_with_none_available_the_british_take_one_from_the_map():
    g = pos(resources=0, capabilities={"J15": "unshaded"}, johore={"troops": 1, "new_village": 1},
            perak={"mpaja_u": 1}, kedah={"non_mpaja_u": 1})
    g.s["available"]["mpaja"] -= 9  # nine MPAJA Guerrillas elsewhere: out of the way in Pahang
    sp(g, "pahang")["mpaja_u"] += 9
    g.s["available"]["non_mpaja"] -= 3
    sp(g, "pahang")["non_mpaja_u"] += 3
    check(g.s)
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "done", "place johore mpaja")
    assert proc(g) == "jo.from_map"
    do(g, "take perak mpaja-u")
    assert sp(g, "perak")["mpaja_u"] == 0 and sp(g, "johore")["mpaja_u"] == 1 and proc(g) is None


def test_J15_unshaded_ruling_available_only_offers_no_guerrilla_from_the_map():
    g = pos(resources=0, capabilities={"J15": "unshaded"}, rulings={OWN.event_ruling: "available"},
            johore={"troops": 1, "new_village": 1}, perak={"mpaja_u": 1})
    g.s["available"]["mpaja"] -= 9
    sp(g, "pahang")["mpaja_u"] += 9
    check(g.s)
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "done")
    assert legal(g) == {"place": ["johore non-mpaja"], "done": []}
    refused(g, "place johore mpaja", f"Events place only Available pieces here (ruling {OWN.event_ruling})", rule="5.1.1")
    g.s["available"]["non_mpaja"] -= 4
    sp(g, "pahang")["non_mpaja_u"] += 4
    check(g.s)
    start_sa(g, "extract", parent_op="deploy", parent_spaces=[])
    do(g, "space ec-top", "done")
    assert proc(g) is None
    assert "Resettlement Schemes: no Guerrilla is Available to place in Johore." in said(g)


# -- 4.3.2 Reprisal -----------------------------------------------------------------------------------------

def reprisal_example():
    """Before the Reprisal of L1678: Perak and Johore at Opposition with Troops and MPAJA Guerrillas."""
    return pos(perak={"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_u": 3, "jungle_camp": 1,
                      "force_136": 1, "opposition": 1},
               johore={"troops": 3, "police": 1, "kempeitai": 1, "mpaja_u": 2, "jungle_camp": 1, "opposition": 1},
               negri_sembilan={"mpaja_u": 2, "jungle_camp": 1, "force_136": 1, "opposition": 1},
               kedah={"non_mpaja_u": 1}, kuala_lumpur={"troops": 3, "police": 2})


def test_8_0_reprisal_in_perak_and_johore_moves_a_guerrilla_out_of_each():
    g = reprisal_example()
    start(g, "sweep", with_sa=True)
    do(g, "sa reprisal")
    assert proc(g) == "jo.sa.reprisal"
    do(g, "space perak")
    assert sp(g, "perak")["terror"] == 1 and sp(g, "perak")["opposition"] == 0
    assert legal(g) == {"move": ["kedah mpaja-u", "kelantan mpaja-u", "pahang mpaja-u", "selangor mpaja-u",
                                 "ec-top mpaja-u"]}
    do(g, "move kedah mpaja-u", "space johore", "move negri-sembilan mpaja-u")
    assert proc(g) == "jo.op.sweep"
    assert sp(g, "kedah")["mpaja_u"] == 1 and sp(g, "perak")["mpaja_u"] == 2
    assert sp(g, "johore")["mpaja_u"] == 1 and sp(g, "negri-sembilan")["mpaja_u"] == 3
    assert sp(g, "johore")["terror"] == 1 and sp(g, "johore")["opposition"] == 0
    assert "Japanese Reprisal moved 1 Underground MPAJA Guerrilla from Perak to Kedah." in said(g)


def test_4_3_2_reprisal_adds_no_second_terror_and_may_select_an_economic_center():
    g = pos(perak={"troops": 1, "terror": 1, "mpaja_a": 1, "non_mpaja_u": 1}, ec_top={"troops": 2})
    start_sa(g, "reprisal", parent_op="assault", parent_spaces=[])
    do(g, "space perak")
    assert sp(g, "perak")["terror"] == 1
    assert "Perak has a Terror marker already: Reprisal adds none." in said(g)
    assert "Perak is Neutral already: no Opposition to remove." in said(g)
    assert "move" in legal(g) and "ec-top non-mpaja-u" in legal(g)["move"]
    do(g, "move kelantan mpaja-a")
    assert sp(g, "kelantan")["mpaja_a"] == 1  # it keeps its state (1.4.3 NOTE)
    do(g, "space ec-top")
    assert sp(g, "ec-top")["terror"] == 1 and proc(g) is None
    assert "is an Economic Center, never at Opposition (1.3.5 NOTE): no Opposition to remove." in said(g) and "No Guerrilla is in Economic Center (top)" in said(g)


def test_1_2_reprisal_places_no_terror_when_all_fifteen_markers_are_out():
    g = pos(perak={"troops": 1, "opposition": 1}, sabotage={"perak-kelantan": 8, "thailand-perak": 7})
    start_sa(g, "reprisal", parent_op="sweep", parent_spaces=[])
    do(g, "space perak")
    assert sp(g, "perak")["terror"] == 0 and sp(g, "perak")["opposition"] == 0
    assert "No Terror marker is left to place in Perak: all 15 Sabotage/Terror markers are on the map." in said(g)


def test_4_3_2_reprisal_makes_the_only_possible_move_without_asking():
    g = pos(kedah={"troops": 1, "non_mpaja_a": 1, "opposition": 1}, johore={"troops": 1})
    start_sa(g, "reprisal", parent_op="construct", parent_spaces=[])
    do(g, "space kedah")
    assert sp(g, "perak")["non_mpaja_a"] == 1 and sp(g, "kedah")["non_mpaja_a"] == 0
    assert legal(g) == {"space": ["johore"], "done": []}
    assert prompt_text(g) == ("Japanese Reprisal: select a space (a space with Troops; 1 of up to 2 selected), "
                              "or done")


def test_4_3_2_reprisal_refusals():
    g = pos(perak={"troops": 1, "mpaja_u": 1, "mpaja_a": 1}, kelantan={"police": 2, "mpaja_u": 1},
            johore={"troops": 1})
    start_sa(g, "reprisal", parent_op="sweep", parent_spaces=[])
    refused(g, "space kelantan", "Kelantan has no Troop: Reprisal takes place in spaces with Japanese Troops",
            rule="4.3.2")
    refused(g, "done", "the Reprisal has selected no space yet", rule="4.3.2")
    do(g, "space perak")
    refused(g, "move johore mpaja-u", "Johore is not adjacent to Perak", rule="4.3.2")
    refused(g, "move kedah non-mpaja-u", "Perak has no Underground non-MPAJA Guerrilla to move", rule="4.3.2")
    refused(g, "move kedah", "'move' here is written 'move TO mpaja-u", rule="4.3.2")
    refused(g, "done", "the Reprisal in Perak moves one Guerrilla from there first", rule="4.3.2")
    refused(g, "space johore", "moves one Guerrilla from there first", rule="4.3.2")
    do(g, "move kedah mpaja-a")
    refused(g, "space kedah", "Kedah has no Troop", rule="4.3.2")
    refused(g, "space perak", "Perak is already selected for this Reprisal: a space only once", rule="4.1")
    do(g, "space johore")
    assert proc(g) is None


def test_4_3_2_reprisal_selects_up_to_two_spaces():
    g = pos(perak={"troops": 1}, johore={"troops": 1}, kedah={"troops": 1})
    start_sa(g, "reprisal", parent_op="sweep", parent_spaces=[])
    do(g, "space perak", "space johore")
    assert proc(g) is None and [sp(g, s)["terror"] for s in ("perak", "johore", "kedah")] == [1, 1, 0]


def test_6_4_2_the_support_phase_reprisal_cites_its_phase_and_may_be_declined():
    g = pos(perak={"troops": 1, "opposition": 1})
    start_sa(g, "reprisal", rule="6.4.2", optional=True)
    assert "done" in legal(g) and prompt_text(g).startswith("Japanese Reprisal (6.4.2): select a space")
    do(g, "done")
    assert proc(g) is None and sp(g, "perak")["opposition"] == 1
    g = pos(perak={"troops": 1, "opposition": 1})
    start_sa(g, "reprisal", rule="6.4.2", optional=True)
    do(g, "space perak")
    assert proc(g) is None and sp(g, "perak")["opposition"] == 0 and "4.3.2, 6.4.2" in rules_of(g)


def test_J1_shaded_reprisal_in_each_space_with_troops_and_opposition():
    g = pos(perak={"troops": 1, "opposition": 1}, johore={"troops": 1, "opposition": 1}, selangor={"troops": 1},
            kedah={"troops": 1, "opposition": 1})
    only = [s for s in B.SPACES if sp(g, s)["troops"] and sp(g, s)["opposition"]]
    start_sa(g, "reprisal", rule="J1", max=len(only), only=only, optional=True)
    assert legal(g) == {"space": ["kedah", "perak", "johore"], "done": []}
    assert prompt_text(g).startswith("Japanese Reprisal (Sook Ching, J1)")
    refused(g, "space selangor", "Selangor is not among the spaces this Reprisal may select", rule="J1")
    do(g, "space kedah", "space perak", "space johore")
    assert proc(g) is None and not any(sp(g, s)["opposition"] for s in only)


# -- 4.3.3 Eliminate ----------------------------------------------------------------------------------------

def eliminate_example(rolls=(4, 1)):
    """Before the Eliminate of L1708, after the Assault: Perak and Johore with Kempeitai, Police and a Jungle
    Camp; Perak's Force 136 too."""
    return pos(rolls=rolls,
               perak={"troops": 3, "police": 1, "kempeitai": 1, "mpaja_u": 2, "caches": 1, "jungle_camp": 1,
                      "force_136": 1},
               johore={"troops": 1, "police": 1, "kempeitai": 1, "mpaja_u": 1, "jungle_camp": 1, "terror": 1},
               kuala_lumpur={"troops": 1, "police": 2, "kempeitai": 1})


def test_8_0_eliminate_in_perak_and_johore_removes_both_jungle_camps():
    g = eliminate_example()
    start_sa(g, "eliminate", parent_op="assault", parent_spaces=["kelantan", "perak", "negri-sembilan"])
    assert legal(g) == {"space": ["perak", "johore"]}
    do(g, "space perak")  # the chit is concealed: the roll is the one way, made without asking
    assert "Japanese rolled 4 (+1 for 1 Police cube: 5) for Eliminate in Perak against 2 Guerrillas: succeeds" \
        in said(g)
    assert legal(g) == {"remove": ["jungle-camp"], "done": []}
    refused(g, "remove force-136", "Perak has a Jungle Camp, and Eliminate removes Jungle Camps before Force 136",
            rule="4.3.3")
    do(g, "remove jungle-camp", "space johore")
    assert "Japanese rolled 1 (+1 for 1 Police cube: 2) for Eliminate in Johore against 1 Guerrilla: succeeds" \
        in said(g)
    do(g, "remove jungle-camp")
    assert proc(g) is None
    assert sp(g, "perak")["jungle_camp"] == sp(g, "johore")["jungle_camp"] == 0
    assert sp(g, "perak")["force_136"] == 1 and g.s["resistance"] == 2


def test_4_3_3_eliminate_roll_not_above_the_guerrillas_removes_nothing():
    g = eliminate_example(rolls=(1,))
    start_sa(g, "eliminate", parent_op="sweep", parent_spaces=[])
    do(g, "space perak")
    assert "fails, no marker is removed (needs more than 2)" in said(g)
    assert sp(g, "perak")["jungle_camp"] == 1 and legal(g) == {"space": ["johore"], "done": []}


def test_7_2_eliminate_removing_force_136_lowers_resistance():
    g = pos(rolls=(6,), resistance=5, pahang={"kempeitai": 1, "force_136": 1, "mpaja_u": 3})
    start_sa(g, "eliminate", parent_op="construct", parent_spaces=[])
    do(g, "space pahang")
    assert legal(g) == {"remove": ["force-136"], "done": []}
    refused(g, "remove jungle-camp", "Pahang has no Jungle Camp to remove", rule="4.3.3")
    refused(g, "remove kempeitai", "'remove' here is written 'remove jungle-camp|force-136", rule="4.3.3")
    avail = g.s["available"]["force_136"]
    do(g, "remove force-136")
    assert sp(g, "pahang")["force_136"] == 0 and g.s["available"]["force_136"] == avail + 1
    assert g.s["resistance"] == 4 and "4.3.3, 7.2" in rules_of(g)


def test_4_3_3_eliminate_may_leave_the_marker_after_a_roll_that_succeeds():
    g = pos(rolls=(3,), pahang={"kempeitai": 1, "force_136": 1})
    start_sa(g, "eliminate", parent_op="construct", parent_spaces=[])
    do(g, "space pahang", "done")
    assert sp(g, "pahang")["force_136"] == 1 and proc(g) is None and g.s["resistance"] == 2
    assert "The Japanese removed no marker in Pahang." in said(g)


def test_J22_shaded_eliminate_may_remove_force_136_before_the_jungle_camp():
    g = pos(rolls=(5,), resistance=3, capabilities={"J22": "shaded"},
            perak={"kempeitai": 1, "jungle_camp": 1, "force_136": 1, "mpaja_u": 1})
    start_sa(g, "eliminate", parent_op="assault", parent_spaces=[])
    do(g, "space perak")
    assert legal(g) == {"remove": ["jungle-camp", "force-136"], "done": []}
    assert "(Jungle Camps before Force 136)" not in prompt_text(g)
    do(g, "remove force-136")
    assert sp(g, "perak")["jungle_camp"] == 1 and sp(g, "perak")["force_136"] == 0 and g.s["resistance"] == 2


def test_J22_shaded_ruling_reversed_removes_force_136_before_the_jungle_camp():
    g = pos(rolls=(5,), resistance=3, capabilities={"J22": "shaded"}, rulings={"R-J22-SHADED": "reversed"},
            perak={"kempeitai": 1, "jungle_camp": 1, "force_136": 1, "mpaja_u": 1})
    start_sa(g, "eliminate", parent_op="assault", parent_spaces=[])
    do(g, "space perak")
    assert legal(g) == {"remove": ["force-136"], "done": []}
    assert "(Jikeidan System: Force 136 before Jungle Camps)" in prompt_text(g)
    refused(g, "remove jungle-camp", "with Jikeidan System Eliminate removes Force 136 before Jungle Camps",
            rule="J22")
    do(g, "remove force-136")
    assert sp(g, "perak")["jungle_camp"] == 1 and g.s["resistance"] == 2


def test_4_3_3_eliminate_refusals():
    g = pos(rolls=(2,), perak={"kempeitai": 1, "jungle_camp": 1}, johore={"kempeitai": 1, "troops": 1},
            kelantan={"jungle_camp": 1, "troops": 1})
    start_sa(g, "eliminate", parent_op="sweep", parent_spaces=[])
    refused(g, "space kelantan", "Kelantan has no Kempeitai marker: Eliminate takes place in spaces with Kempeitai",
            rule="4.3.3")
    refused(g, "space johore", "Johore has its Intel chit concealed, no Jungle Camp and no Force 136 marker",
            rule="4.3.3")
    refused(g, "space ec-top", "no Kempeitai marker", rule="4.3.3")
    refused(g, "done", "the Eliminate has selected no space yet", rule="4.3.3")
    do(g, "space perak")
    refused(g, "space johore", "the Eliminate in Perak removes a marker first", rule="4.3.3")


def test_4_3_3_eliminate_with_a_revealed_chit_and_a_marker_asks_which_way():
    g = pos(rolls=(6,), intel={"perak": 2}, perak={"kempeitai": 1, "force_136": 1, "police": 1})
    start_sa(g, "eliminate", parent_op="sweep", parent_spaces=[])
    do(g, "space perak")
    assert legal(g) == {"conceal": ["perak"], "roll": []}
    assert "(conceal perak), or roll a die" in prompt_text(g)
    refused(g, "done", "either conceals its revealed Intel chit or rolls a die", rule="4.3.3")
    refused(g, "conceal kedah", "this Eliminate takes place in Perak: it conceals the chit there", rule="4.3.3")
    do(g, "roll", "remove force-136")
    assert g.s["intel"]["perak"]["revealed"] and sp(g, "perak")["force_136"] == 0 and g.s["resistance"] == 1


def test_1_11_eliminate_with_only_a_revealed_chit_conceals_it():
    g = pos(intel={"kuala-lumpur": 1})
    start_sa(g, "eliminate", parent_op="sweep", parent_spaces=[])
    assert legal(g) == {"space": ["kuala-lumpur"]}
    do(g, "space kuala-lumpur")
    chit = g.s["intel"]["kuala-lumpur"]
    assert not chit["revealed"] and chit["seen"] and chit["value"] == 1 and proc(g) is None
    assert chits.revealed_total(g.s) == 0


def test_8_0_J21_shaded_eliminate_conceals_perak_s_revealed_chit():
    """L1720: after the Police placed, Eliminate in one Province with Police and Kempeitai: Perak, whose 1 chit
    is concealed again."""
    g = pos(intel={"kedah": 2, "perak": 1, "trengganu": 2, "johore": 0},
            perak={"troops": 3, "police": 1, "kempeitai": 1, "mpaja_a": 2, "caches": 1, "force_136": 1},
            johore={"troops": 1, "police": 1, "kempeitai": 1, "mpaja_a": 1, "terror": 1},
            negri_sembilan={"troops": 6, "police": 1, "opposition": 1},
            kuala_lumpur={"troops": 2, "police": 2, "kempeitai": 1})
    only = [s for s in B.PROVINCES if sp(g, s)["police"] and sp(g, s)["kempeitai"]]
    start_sa(g, "eliminate", rule="J21", max=1, only=only)
    assert legal(g) == {"space": ["perak", "johore"]}  # Johore's revealed 0 chit may be concealed too
    assert prompt_text(g).startswith("Japanese Eliminate (Malay Collaboration, J21)")
    refused(g, "space kuala-lumpur", "Kuala Lumpur is not among the spaces this Eliminate may select",
            rule="J21")
    do(g, "space perak", "conceal perak")
    assert not g.s["intel"]["perak"]["revealed"] and chits.revealed_total(g.s) == 4 and proc(g) is None
    assert "4.3.3, J21" in rules_of(g)


def test_J13_shaded_eliminate_in_each_space_with_kempeitai():
    g = pos(rolls=(6, 6), intel={"kuala-lumpur": 2},
            perak={"kempeitai": 1, "jungle_camp": 1}, pahang={"kempeitai": 1, "force_136": 1},
            kuala_lumpur={"kempeitai": 1})
    kempeitai = B.spaces_with(g, "kempeitai")
    start_sa(g, "eliminate", rule="J13", max=len(kempeitai), optional=True)
    do(g, "space perak", "remove jungle-camp", "space pahang", "remove force-136", "space kuala-lumpur")
    assert proc(g) is None and chits.revealed_total(g.s) == 0 and g.s["resistance"] == 1
    assert sp(g, "perak")["jungle_camp"] == 0 and sp(g, "pahang")["force_136"] == 0
