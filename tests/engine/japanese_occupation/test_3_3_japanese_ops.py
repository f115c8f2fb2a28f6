"""Japanese Occupation's Japanese Operations (3.3, L1370-1398): Deploy (3.3.1), Construct (3.3.2), Sweep (3.3.3)
and Assault (3.3.4); their counts (3.1) and Limited forms (2.4.4), a Pass's Limited Deploy (2.4.3), Police from
the map (1.4.1 IMPORTANT), New Villages (1.15), Labor Service Corps unshaded (J12, ruling R-J12), Subhas Chandra
Bose shaded (J26: Police as Troops), the Propaganda Round's Construct (6.3.2), and the Japanese steps of the
Example of Play (8.0 L1660, L1670, L1680-1686, L1702, L1706) from the positions it describes."""

from __future__ import annotations

import engine.games.japanese_occupation  # noqa: F401  (registers the procedures)
from engine.games.japanese_occupation.operation import new_op_frame

from .helpers import (
    do,
    legal,
    offers_only_legal,
    over,
    pieces,
    position,
    refused,
    role,
    said,
    sp,
    start,
)

# -- the Example of Play's positions (8.0) --------------------------------------------------------------------

def after_card_1_british():
    """Card 1 (J14), after the British Contact and Raid (L1654-1656): Sabotage on the Perak-Pahang-Selangor
    Railway, one MPAJA Guerrilla moved from Perak into Selangor and Activated."""
    return position(
        perak=dict(troops=3, police=1, kempeitai=1, caches=1, mpaja_u=1, jungle_camp=1, force_136=1, opposition=1),
        selangor=dict(mpaja_a=1), kedah=dict(non_mpaja_u=1), kelantan=dict(non_mpaja_u=1), pahang=dict(mpaja_u=1),
        trengganu=dict(force_136=1, jungle_camp=1), kuala_lumpur=dict(troops=3, police=1, kempeitai=1),
        negri_sembilan=dict(mpaja_u=1, jungle_camp=1, force_136=1, opposition=1),
        johore=dict(troops=3, police=1, kempeitai=1, mpaja_u=2, jungle_camp=1, opposition=1),
        ec_top=dict(troops=3), ec_bottom=dict(troops=3), sabotage={"perak-pahang-selangor": 1})


def card_2_japanese():
    """Card 2 (J27), the Japanese 1st Eligible after the Food Shortage icon removed Pahang's Guerrilla (L1666)."""
    return position(
        perak=dict(troops=3, police=1, kempeitai=1, caches=1, mpaja_u=1, jungle_camp=1, force_136=1, opposition=1),
        selangor=dict(mpaja_a=1), kedah=dict(non_mpaja_u=1), kelantan=dict(non_mpaja_u=1),
        trengganu=dict(force_136=1, jungle_camp=1), kuala_lumpur=dict(troops=3, police=1, kempeitai=1),
        negri_sembilan=dict(mpaja_u=1, jungle_camp=1, force_136=1, opposition=1),
        johore=dict(troops=3, police=1, kempeitai=1, mpaja_u=2, jungle_camp=1, opposition=1),
        ec_top=dict(troops=3), ec_bottom=dict(troops=3))


def card_3_after_reprisal():
    """Card 3 (J2), after the Japanese Reprisal in Perak and Johore (L1678)."""
    return position(
        perak=dict(troops=3, police=1, kempeitai=1, caches=1, mpaja_u=2, jungle_camp=1, force_136=1, terror=1),
        kedah=dict(non_mpaja_u=1, mpaja_u=1), kelantan=dict(non_mpaja_u=1),
        trengganu=dict(force_136=1, jungle_camp=1, non_mpaja_u=1, opposition=1), selangor=dict(mpaja_a=1),
        kuala_lumpur=dict(troops=3, police=2, kempeitai=1),
        negri_sembilan=dict(mpaja_u=3, jungle_camp=1, force_136=1, opposition=1),
        johore=dict(troops=3, police=1, kempeitai=1, mpaja_u=1, jungle_camp=1, terror=1),
        ec_top=dict(troops=3), ec_bottom=dict(troops=3),
        sabotage={"perak-kelantan": 1, "perak-pahang-selangor": 1, "negri-sembilan-johore": 1})


def card_4_after_train():
    """Card 4 (J17), after the British Train with Supply (L1694-1700)."""
    return position(
        perak=dict(troops=3, police=1, kempeitai=1, caches=1, mpaja_a=2, mpaja_u=2, jungle_camp=1, force_136=1,
                   terror=1),
        trengganu=dict(non_mpaja_u=3, caches=1, force_136=1, opposition=1),
        negri_sembilan=dict(troops=6, mpaja_a=1, mpaja_u=2, caches=1, force_136=1, opposition=1),
        kedah=dict(mpaja_u=1), kelantan=dict(troops=2, non_mpaja_a=1), selangor=dict(mpaja_a=1),
        kuala_lumpur=dict(troops=1, police=2, kempeitai=1),
        johore=dict(troops=1, police=1, kempeitai=1, mpaja_u=1, jungle_camp=1, terror=1),
        ec_top=dict(troops=1), ec_bottom=dict(troops=1), zipper=0,
        sabotage={"perak-kelantan": 1, "perak-pahang-selangor": 1, "negri-sembilan-johore": 1})


def card_5_japanese():
    """Card 5 (J8), after the Seize Supplies icon replaced Trengganu's Supply Cache (L1704), the Limited Sweep done."""
    return position(
        perak=dict(troops=3, police=1, kempeitai=1, caches=1, mpaja_a=2, mpaja_u=2, jungle_camp=1, force_136=1,
                   terror=1),
        trengganu=dict(non_mpaja_u=3, jungle_camp=1, force_136=1, opposition=1),
        negri_sembilan=dict(troops=6, mpaja_a=3, caches=1, force_136=1, opposition=1),
        kedah=dict(mpaja_u=1), kelantan=dict(troops=2, non_mpaja_a=1), selangor=dict(mpaja_a=1),
        kuala_lumpur=dict(troops=1, police=2, kempeitai=1),
        johore=dict(troops=1, police=1, kempeitai=1, mpaja_u=1, jungle_camp=1, terror=1),
        ec_top=dict(troops=1), ec_bottom=dict(troops=1),
        sabotage={"perak-kelantan": 1, "perak-pahang-selangor": 1, "negri-sembilan-johore": 1})


def test_8_0_limited_construct_in_perak_removes_the_sabotage_the_raid_placed():
    """L1660: Limited Construct in Perak (4 cubes, 1 Guerrilla) removes the Perak-Pahang-Selangor Sabotage."""
    g = start(after_card_1_british(), "construct", limited=True)
    assert legal(g)["space"] == ["perak", "johore"]
    do(g, "space perak")
    assert legal(g) == {"remove": ["perak-pahang-selangor"], "place": ["new-village"]}
    offers_only_legal(g)
    refused(g, "done", "removes a Sabotage marker", "R-CONSTRUCT", rule="3.3.2")
    do(g, "remove perak-pahang-selangor")
    assert g.s["railways"]["perak-pahang-selangor"] == 0
    refused(g, "space johore", "Limited Operation selects one space", rule="2.4.4")
    do(g, "done")
    assert over(g)
    assert sp(g, "perak")["new_village"] == 0


def test_8_0_deploy_places_police_only_in_kuala_lumpur_and_moves_no_kempeitai():
    """L1668-1670: Extract first (8 Resources); only Kuala Lumpur qualifies for Deploy (Perak and Johore at
    Opposition, no other Province with Troops); one Police there, then no Kempeitai moved."""
    g = start(card_2_japanese(), "deploy", with_sa=True)
    assert legal(g) == {"space": ["kuala-lumpur"], "sa": ["extract"]}
    do(g, "sa extract", "space ec-top", "space ec-bottom")
    assert g.s["resources"] == 8 and g.top()["p"] == "jo.op.deploy" and "sa" not in legal(g)
    refused(g, "space perak", "Perak is at Opposition", "Neutral Provinces with Troops", rule="3.3.1")
    refused(g, "space kedah", "Kedah has no Troop", rule="3.3.1")
    refused(g, "space ec-top", "Economic Center", rule="3.3.1")
    do(g, "space kuala-lumpur")
    assert sp(g, "kuala-lumpur")["police"] == 2 and g.s["available"]["police"] == 2
    do(g, "done")
    assert "move" in legal(g)
    offers_only_legal(g)
    do(g, "done")
    assert over(g)
    assert [sp(g, s)["kempeitai"] for s in ("perak", "kuala-lumpur", "johore")] == [1, 1, 1]
    assert "moved no Kempeitai" in said(g)


def test_8_0_sweep_moves_troops_from_three_spaces_and_activates_by_terrain():
    """L1680-1686: Perak (no move, 4 cubes) Activates its 2 MPAJA; Kelantan (2 Troops from the top EC, Jungle)
    Activates its non-MPAJA; Negri Sembilan (2 Troops each from Kuala Lumpur, the bottom EC and Johore, Jungle)
    Activates all 3."""
    g = start(card_3_after_reprisal(), "sweep")
    do(g, "space perak", "space kelantan", "space negri-sembilan", "done")
    offers_only_legal(g)
    refused(g, "move johore kelantan", "not adjacent", rule="3.3.3")
    refused(g, "move kuala-lumpur negri-sembilan police", "Subhas Chandra Bose", rule="3.3.3")
    do(g, *["move ec-top kelantan"] * 2, *["move kuala-lumpur negri-sembilan"] * 2,
       *["move ec-bottom negri-sembilan"] * 2, *["move johore negri-sembilan"] * 2)
    do(g, "done")
    assert over(g)
    assert pieces(g, "perak") == {"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_a": 2,
                                      "jungle_camp": 1, "force_136": 1, "terror": 1}
    assert (sp(g, "kelantan")["troops"], sp(g, "kelantan")["non_mpaja_a"]) == (2, 1)
    assert (sp(g, "negri-sembilan")["troops"], sp(g, "negri-sembilan")["mpaja_a"]) == (6, 3)
    assert [sp(g, s)["troops"] for s in ("kuala-lumpur", "ec-top", "ec-bottom", "johore")] == [1, 1, 1, 1]
    assert "one per two in a Jungle Province without Kempeitai" in said(g)


def test_4_1_no_special_activity_in_the_middle_of_the_sweeps_moves():
    g = start(card_3_after_reprisal(), "sweep", with_sa=True)
    do(g, "space perak", "done")
    assert "sa" in legal(g)
    do(g, "move ec-top perak")
    refused(g, "sa reprisal", "not in the middle of one", rule="4.1")


def test_8_0_limited_sweep_in_negri_sembilan_activates_without_moving():
    """L1702: a Limited Sweep in Negri Sembilan, no Troop moved: 6 cubes Activate both new Guerrillas."""
    g = start(card_4_after_train(), "sweep", limited=True)
    do(g, "space negri-sembilan")
    refused(g, "space kedah", "one destination", "several spaces", rule="2.4.4")
    do(g, "done")
    assert "move" in legal(g)
    do(g, "done")
    assert over(g)
    assert (sp(g, "negri-sembilan")["mpaja_a"], sp(g, "negri-sembilan")["mpaja_u"]) == (3, 0)


def test_8_0_assault_removes_guerrillas_and_a_cache_where_none_remains():
    """L1706: Kelantan loses its Active non-MPAJA; Perak (Mountain with Kempeitai: one per Troop) its 2 Active
    MPAJA, the Cache kept by 2 Underground; Negri Sembilan its 3 Active MPAJA and then the Cache."""
    g = card_5_japanese()
    before = dict(g.s["available"])
    start(g, "assault")
    assert legal(g)["space"] == ["perak", "kelantan", "negri-sembilan"]
    do(g, "space kelantan", "space perak", "space negri-sembilan", "done")
    assert over(g)
    assert sp(g, "kelantan")["non_mpaja_a"] == 0
    assert pieces(g, "perak")["mpaja_u"] == 2 and sp(g, "perak")["mpaja_a"] == 0 and sp(g, "perak")["caches"] == 1
    assert sp(g, "negri-sembilan")["mpaja_a"] == 0 and sp(g, "negri-sembilan")["caches"] == 0
    assert g.s["available"]["mpaja"] - before["mpaja"] == 5
    assert g.s["available"]["non_mpaja"] - before["non_mpaja"] == 1
    assert g.s["available"]["caches"] - before["caches"] == 1
    assert "The Supply Cache in Perak stays" in said(g)


# -- Deploy (3.3.1) ---------------------------------------------------------------------------------------------

def deploy_position(**extra):
    spaces = dict(kedah=dict(troops=1), pahang=dict(troops=2, mpaja_u=1), selangor=dict(troops=1),
                  perak=dict(troops=1, opposition=1, kempeitai=1), kuala_lumpur=dict(troops=1, opposition=1),
                  kelantan=dict(police=1), johore=dict(kempeitai=2, mpaja_u=1))
    spaces.update(extra)
    return position(**spaces)


def test_3_3_1_deploy_places_police_in_three_spaces_and_refuses_a_fourth():
    g = start(deploy_position(), "deploy")
    assert legal(g)["space"] == ["kedah", "pahang", "selangor", "kuala-lumpur"]
    do(g, "space kedah", "space pahang", "space kuala-lumpur")
    assert [sp(g, s)["police"] for s in ("kedah", "pahang", "kuala-lumpur")] == [1, 1, 1]
    refused(g, "space selangor", "selects up to 3", rule="3.1")
    refused(g, "space kedah", "already selected", rule="3.1")


def test_2_4_4_limited_deploy_selects_one_space():
    g = start(deploy_position(), "deploy", limited=True)
    do(g, "space kedah")
    refused(g, "space pahang", "one space", rule="2.4.4")


def test_1_4_1_deploy_takes_police_from_the_map_when_none_is_available():
    g = deploy_position(negri_sembilan=dict(police=5))
    assert g.s["available"]["police"] == 0
    start(g, "deploy")
    do(g, "space kedah")
    assert role(g) == "japanese" and legal(g)["take"] == ["kelantan police", "negri-sembilan police"]
    do(g, "take negri-sembilan police")
    assert sp(g, "kedah")["police"] == 1 and sp(g, "negri-sembilan")["police"] == 4
    assert g.top()["p"] == "jo.op.deploy"


def test_3_3_1_kempeitai_move_to_spaces_with_japanese_forces_each_once():
    g = start(deploy_position(), "deploy")
    do(g, "space kedah", "done")
    offers_only_legal(g)
    refused(g, "move johore trengganu", "Trengganu has no Troop and no Police cube", rule="3.3.1")
    do(g, "move johore kelantan", "move perak kedah")
    refused(g, "move kelantan pahang", "each moves once", rule="3.3.1")
    refused(g, "move trengganu pahang", "no Kempeitai marker", rule="3.3.1")
    do(g, "move johore kuala-lumpur")
    assert over(g)  # every marker has moved: nothing is left to decide
    assert [sp(g, s)["kempeitai"] for s in ("kelantan", "kedah", "kuala-lumpur", "johore", "perak")] == [1, 1, 1, 0, 0]


def test_2_4_3_a_passs_limited_deploy_may_select_no_space_and_move_kempeitai():
    g = deploy_position()
    frame = new_op_frame(g, "deploy", True, False, optional=True, rule="2.4.3", passed=True)
    start(g, "deploy", frame=frame)
    assert "done" in legal(g)
    do(g, "done")
    do(g, "move perak pahang", "done")
    assert over(g)
    assert sp(g, "pahang")["kempeitai"] == 1 and g.s["available"]["police"] == 5


# -- Construct (3.3.2) -----------------------------------------------------------------------------------------

def test_3_3_2_construct_places_a_new_village_and_opposition_next_to_an_ec():
    g = position(johore=dict(troops=1, police=1, mpaja_u=1), kedah=dict(troops=1),
                 pahang=dict(troops=1, mpaja_u=1, non_mpaja_u=1), kuala_lumpur=dict(troops=1, kempeitai=3))
    start(g, "construct")
    assert legal(g)["space"] == ["kedah", "johore"]
    refused(g, "space kuala-lumpur", "not a Province", rule="3.3.2")
    refused(g, "space pahang", "Pahang has 1 cube and 2 Guerrillas", rule="3.3.2")
    do(g, "space kedah")
    assert "Construct in Kedah did nothing" in said(g) and "not adjacent to an Economic Center" in said(g)
    do(g, "space johore")
    assert legal(g) == {"place": ["new-village"], "done": []}
    offers_only_legal(g)
    do(g, "place new-village")
    assert sp(g, "johore")["new_village"] == 1 and sp(g, "johore")["opposition"] == 1
    assert g.s["available"]["new_village"] == 3


def test_3_3_2_construct_repairs_a_lone_railway_without_asking_and_refuses_a_far_one():
    g = position(negri_sembilan=dict(troops=2, new_village=1), perak=dict(troops=2, kempeitai=3),
                 sabotage={"negri-sembilan-pahang": 1, "perak-kelantan": 1, "thailand-perak": 1})
    start(g, "construct")
    do(g, "space negri-sembilan")
    assert g.s["railways"]["negri-sembilan-pahang"] == 0 and g.top()["stage"] == "select"
    do(g, "space perak")
    assert legal(g) == {"remove": ["thailand-perak", "perak-kelantan"], "place": ["new-village"]}
    refused(g, "remove pahang-johore", "not adjacent to Perak", rule="3.3.2")
    refused(g, "remove negri-sembilan-pahang", "not adjacent to Perak", rule="3.3.2")
    do(g, "remove perak-kelantan")
    assert (g.s["railways"]["perak-kelantan"], g.s["railways"]["thailand-perak"]) == (0, 1)


def test_j12_labor_service_corps_lets_the_british_set_opposition_next_to_a_repaired_railway():
    """J12 unshaded (ruling R-J12): after the repair the British may set a Neutral space next to the Railway to
    Opposition, Terror or not; Economic Centers and spaces not next to it are refused."""
    g = position(perak=dict(troops=2, new_village=1, kempeitai=3), kelantan=dict(terror=1),
                 sabotage={"perak-kelantan": 1}, capabilities={"J12": "unshaded"})
    start(g, "construct")
    do(g, "space perak")
    assert role(g) == "british" and legal(g) == {"space": ["perak", "kelantan"], "done": []}
    offers_only_legal(g)
    refused(g, "space ec-top", "never at Opposition", rule="J12")
    refused(g, "space johore", "not adjacent to the Perak-Kelantan Railway", rule="J12")
    do(g, "space kelantan")
    assert sp(g, "kelantan")["opposition"] == 1 and role(g) == "japanese"
    do(g, "done")
    assert over(g)


def test_j12_without_the_capability_the_british_are_not_asked():
    g = position(perak=dict(troops=2, new_village=1, kempeitai=3), sabotage={"perak-kelantan": 1},
                 capabilities={"J12": "shaded"})
    start(g, "construct")
    do(g, "space perak")
    assert role(g) == "japanese" and not sp(g, "kelantan")["opposition"]


def test_6_3_2_the_propaganda_rounds_construct_cites_its_phase():
    g = position(kedah=dict(troops=1), trengganu=dict(troops=1), selangor=dict(troops=1), johore=dict(troops=1),
                 kuala_lumpur=dict(kempeitai=3))
    start(g, "construct", frame=new_op_frame(g, "construct", False, False, optional=True, rule="6.3.2"))
    do(g, "space kedah", "space trengganu", "space selangor")
    refused(g, "space johore", "selects up to 3", rule="6.3.2")
    do(g, "done")
    assert over(g)


# -- Sweep (3.3.3) ----------------------------------------------------------------------------------------------

def test_3_3_3_sweep_asks_which_kind_when_the_cubes_reach_only_some():
    g = position(ec_top=dict(troops=1, mpaja_u=1, non_mpaja_u=1), kelantan=dict(troops=2, kempeitai=1, mpaja_u=2,
                 non_mpaja_u=1), kuala_lumpur=dict(kempeitai=2))
    start(g, "sweep")
    do(g, "space ec-top", "space kelantan", "done", "done")  # no Troop moves
    # Kelantan: a Jungle Province with Kempeitai, one per cube: 2 of 3, both kinds there, so a choice
    sid = g.top()["pending"][0][0]
    assert sid == "ec-top" and legal(g) == {"activate": ["mpaja-u", "non-mpaja-u"]}
    offers_only_legal(g)
    refused(g, "done", "choose which", rule="3.3.3")
    refused(g, "activate mpaja-a", "activate mpaja-u|non-mpaja-u", rule="3.3.3")
    do(g, "activate non-mpaja-u")
    assert (sp(g, "ec-top")["non_mpaja_a"], sp(g, "ec-top")["mpaja_u"]) == (1, 1)
    do(g, "activate mpaja-u")
    assert (sp(g, "kelantan")["mpaja_a"], sp(g, "kelantan")["non_mpaja_u"]) == (1, 1)
    do(g, "activate non-mpaja-u")
    assert over(g)
    assert (sp(g, "kelantan")["mpaja_a"], sp(g, "kelantan")["non_mpaja_a"]) == (1, 1)


def test_j26_police_move_and_count_as_troops():
    """Subhas Chandra Bose shaded (J26): a Sweep in 2 spaces whose Police move in from adjacent spaces."""
    g = position(kuala_lumpur=dict(police=2, troops=1, kempeitai=3), negri_sembilan=dict(mpaja_u=2))
    frame = new_op_frame(g, "sweep", False, False, spaces=2, rule="J26", police_as_troops=True)
    start(g, "sweep", frame=frame)
    do(g, "space negri-sembilan", "space johore")
    refused(g, "space pahang", "selects up to 2", rule="J26")
    do(g, "done")
    assert legal(g)["move"] == ["kuala-lumpur negri-sembilan troops", "kuala-lumpur negri-sembilan police"]
    offers_only_legal(g)
    refused(g, "move kuala-lumpur negri-sembilan", "move FROM TO troops|police", rule="3.3.3")
    do(g, "move kuala-lumpur negri-sembilan police", "move kuala-lumpur negri-sembilan police")
    refused(g, "move kuala-lumpur negri-sembilan police", "already written to move", rule="3.3.3")
    do(g, "move kuala-lumpur negri-sembilan troops")
    assert over(g)  # no cube is left to move: the moves were made and the Activation followed
    assert sp(g, "negri-sembilan")["police"] == 2 and sp(g, "negri-sembilan")["mpaja_a"] == 1


def test_1_15_a_sweep_that_empties_a_new_village_space_removes_it():
    g = position(johore=dict(troops=1, new_village=1, mpaja_u=1), negri_sembilan=dict(mpaja_u=2),
                 kuala_lumpur=dict(kempeitai=3))
    start(g, "sweep", limited=True)
    do(g, "space negri-sembilan", "done", "move johore negri-sembilan")  # the last Troop that could move
    assert over(g)
    assert sp(g, "johore")["new_village"] == 0 and g.s["available"]["new_village"] == 4
    assert "New Village in Johore was removed" in said(g)


# -- Assault (3.3.4) -------------------------------------------------------------------------------------------

def test_3_3_4_assault_refuses_police_and_underground_only_spaces():
    g = position(kuala_lumpur=dict(police=3, mpaja_a=1, kempeitai=3), pahang=dict(troops=2, mpaja_u=2),
                 selangor=dict(troops=3, mpaja_a=2))
    start(g, "assault")
    assert legal(g)["space"] == ["selangor"]
    refused(g, "space kuala-lumpur", "no Troop", "Police never Assault", rule="3.3.4")
    refused(g, "space pahang", "no Active Guerrilla and no Supply Cache", rule="3.3.4")
    # Selangor: a Mountain without Kempeitai, one per two Troops: 1 of the 2
    do(g, "space selangor")
    assert sp(g, "selangor")["mpaja_a"] == 1


def test_3_3_4_assault_asks_which_kind_and_keeps_caches_for_last():
    g = position(perak=dict(troops=2, kempeitai=1, mpaja_a=1, non_mpaja_a=2, caches=1),
                 kuala_lumpur=dict(kempeitai=2))
    start(g, "assault", limited=True)
    do(g, "space perak")
    assert legal(g) == {"remove": ["mpaja-a", "non-mpaja-a"]}
    offers_only_legal(g)
    refused(g, "remove cache", "Active Guerrillas go first", rule="3.3.4")
    refused(g, "done", "choose which", rule="3.3.4")
    do(g, "remove mpaja-a")
    assert g.top()["stage"] == "select" and sp(g, "perak")["non_mpaja_a"] == 1
    do(g, "done")
    assert over(g)
    assert sp(g, "perak")["caches"] == 1


def test_3_3_4_assault_takes_the_cache_once_no_guerrilla_remains():
    g = position(johore=dict(troops=3, mpaja_a=1, non_mpaja_a=1, caches=1), kuala_lumpur=dict(kempeitai=3))
    start(g, "assault")
    do(g, "space johore")
    assert pieces(g, "johore") == {"troops": 3}
