"""Japanese Occupation's British Operations (3.2): Train (3.2.1), Contact (3.2.2), Sabotage (3.2.3) and Ambush
(3.2.4); in every space with Force 136, Limited or not (3.1, 1.9, 2.4.4); a Pass's Contact (2.4.3); own
Guerrillas from the map (1.4.1 IMPORTANT, L1698), Force 136 from Available only (1.9 NOTE), a Jungle Camp moved
when none is Available (1.10); one Sabotage a Railway (1.4.2); Resistance for an Ambush's move (7.1); the frame
flags of Raid and the Events (no_f136, mpaja_only, only, resistance_instead) and Jungle Conference (J27)
unshaded; rulings R-3.2.2 and R-3.2.4-KL; and the Example of Play's British Operations (8.0: L1654 Contact,
L1672 Limited Train, L1694-1698 Train, L1712 Limited Contact, L1718 Ambush) from the positions it describes."""

from __future__ import annotations

from engine.core import notation
from engine.games.japanese_occupation import british_ops
from engine.games.japanese_occupation.operation import new_op_frame

from .helpers import (
    B,
    check,
    do,
    legal,
    offers_only_legal,
    over,
    pieces,
    position,
    proc,
    prompt_text,
    refused,
    said,
    sp,
    start,
)

# -- 3.1: British Operations in the spaces with Force 136 ---------------------------------------------------------

def test_3_1_british_operation_offers_every_space_with_force_136_even_limited():
    g = position(perak={"force_136": 1}, kedah={"force_136": 2}, johore={}, kelantan={"non_mpaja_u": 1})
    for limited in (False, True):
        start(g, "train", limited=limited)
        assert legal(g)["space"] == ["kedah", "perak"]
        assert ("Limited " in prompt_text(g)) is limited
    do(g, "space kedah", "done", "space perak", "done")
    assert legal(g) == {"done": []}  # the two Force 136 spaces, both selected (2.4.4: no fewer when Limited)


def test_3_1_refuses_a_space_without_force_136():
    g = position(perak={"force_136": 1}, kedah={"mpaja_u": 1, "troops": 1})
    start(g, "ambush")
    refused(g, "space kedah", "Kedah has no Force 136 marker", rule="3.1")


def test_2_4_4_british_limited_operation_takes_no_special_activity():
    g = position(perak={"force_136": 1, "jungle_camp": 1})
    start(g, "train", limited=True)
    refused(g, "sa supply", "Limited Operation comes with no Special Activity", rule="2.4.4")


# -- Train (3.2.1) ------------------------------------------------------------------------------------------------

def test_3_2_1_train_refuses_an_economic_center():
    g = position(ec_top={"force_136": 1}, perak={"force_136": 1})
    start(g, "train")
    assert legal(g)["space"] == ["perak"]
    refused(g, "space ec-top", "Economic Center: Train selects non-EC spaces", rule="3.2.1")


def test_3_2_1_train_places_one_non_mpaja_where_no_camp_or_cache():
    g = position(kuala_lumpur={"force_136": 1, "troops": 2})
    start(g, "train")
    do(g, "space kuala-lumpur")
    assert legal(g) == {"place": ["non-mpaja"], "done": []}
    offers_only_legal(g)
    refused(g, "place mpaja", "Kuala Lumpur has no Jungle Camp and no Supply Cache", rule="3.2.1")
    refused(g, "place troops", "'place' here is written 'place mpaja|non-mpaja'")
    refused(g, "space perak", "finish the Train in Kuala Lumpur first")
    do(g, "place non-mpaja")
    assert pieces(g, "kuala-lumpur")["non_mpaja_u"] == 1
    assert proc(g) == "jo.op.train" and "space" not in legal(g)  # one a space: the selection goes on (done)


def test_3_2_1_train_places_one_mpaja_where_a_jungle_camp_is():
    g = position(trengganu={"force_136": 1, "jungle_camp": 1})
    start(g, "train", limited=True)
    do(g, "space trengganu")
    assert legal(g)["place"] == ["mpaja", "non-mpaja"]
    do(g, "place mpaja")
    assert sp(g, "trengganu")["mpaja_u"] == 1 and legal(g) == {"done": []}


def test_3_2_1_train_places_up_to_two_of_either_kind_where_a_supply_cache_is():
    g = position(perak={"force_136": 1, "caches": 1})
    start(g, "train")
    do(g, "space perak", "place mpaja")
    assert legal(g) == {"place": ["mpaja", "non-mpaja"], "done": []}
    assert "may place up to two Guerrillas of either kind (a Supply Cache is there); 1 placed" in prompt_text(g)
    offers_only_legal(g)
    do(g, "place non-mpaja")
    assert sp(g, "perak")["mpaja_u"] == 1 and sp(g, "perak")["non_mpaja_u"] == 1
    assert legal(g) == {"done": []}


def test_3_2_1_train_may_place_none_in_a_selected_space():
    g = position(perak={"force_136": 1})
    start(g, "train")
    do(g, "space perak", "done")
    assert not sp(g, "perak")["non_mpaja_u"]
    assert "placed no Guerrilla in Perak" in said(g)


def test_1_4_1_train_takes_a_guerrilla_from_the_map_when_none_is_available():
    g = position(perak={"force_136": 1}, kedah={"non_mpaja_a": 2}, johore={"non_mpaja_u": 2})
    assert g.s["available"]["non_mpaja"] == 0
    start(g, "train")
    do(g, "space perak", "place non-mpaja")
    assert proc(g) == "jo.from_map"
    assert set(legal(g)["take"]) == {"kedah non-mpaja-a", "johore non-mpaja-u"}
    do(g, "take kedah non-mpaja-a")
    assert sp(g, "kedah")["non_mpaja_a"] == 1 and sp(g, "perak")["non_mpaja_u"] == 1  # placed Underground (1.4.3)


# -- Contact (3.2.2) ------------------------------------------------------------------------------------------------

def test_3_2_2_contact_places_an_available_force_136_in_a_province_with_a_jungle_camp():
    g = position(perak={"force_136": 1}, negri_sembilan={"force_136": 1})
    start(g, "contact")
    assert legal(g) == {"choose": ["place", "move"]}
    offers_only_legal(g)
    refused(g, "done", "places one Force 136 marker or moves any", rule="3.2.2")
    refused(g, "choose stay", "'choose' here is written 'choose place|move'")
    do(g, "choose place")
    assert legal(g)["place"] == B.PROVINCES
    refused(g, "place kuala-lumpur", "Kuala Lumpur is Kuala Lumpur: Contact places Force 136 in a Province",
            rule="3.2.2")
    refused(g, "place ec-top", "Economic Center: Contact places Force 136 in a Province", rule="3.2.2")
    refused(g, "move perak kedah", "places a Force 136 marker and moves none")
    do(g, "place johore")
    assert over(g)
    assert sp(g, "johore")["force_136"] == 1 and sp(g, "johore")["jungle_camp"] == 1
    assert g.s["available"]["force_136"] == 0


def test_1_9_contact_never_places_a_force_136_from_the_map():
    g = position(perak={"force_136": 1}, kedah={"force_136": 1}, johore={"force_136": 1})
    start(g, "contact")
    assert set(legal(g)) == {"move"}  # none Available: no choice to make
    offers_only_legal(g)
    refused(g, "place trengganu", "moves Force 136 markers and places none", rule="3.2.2")
    refused(g, "choose place", "moves Force 136 markers and places none", rule="3.2.2")


def test_3_2_2_contact_with_no_marker_on_the_map_goes_straight_to_placing():
    g = position()
    start(g, "contact")
    assert set(legal(g)) == {"place"}
    offers_only_legal(g)


def test_3_2_2_contact_moves_markers_once_each_carrying_one_non_mpaja_guerrilla():
    g = position(kedah={"force_136": 1, "non_mpaja_u": 1, "non_mpaja_a": 1, "mpaja_u": 1},
                 perak={"force_136": 1, "jungle_camp": 1})
    g.s["available"]["force_136"] = 0
    g.s["spaces"]["johore"]["force_136"] = 1  # the third marker, as a position built
    check(g.s)
    start(g, "contact")
    assert set(legal(g)) == {"move"}
    refused(g, "done", "has moved no Force 136 marker yet", rule="3.2.2")
    refused(g, "move kedah johore", "Johore is not adjacent to Kedah", rule="3.2.2")
    refused(g, "move kelantan perak", "Kelantan has no Force 136 marker", rule="3.2.2")
    do(g, "move kedah perak")
    assert legal(g) == {"carry": ["non-mpaja-u", "non-mpaja-a"], "done": []}
    offers_only_legal(g)
    refused(g, "carry mpaja-u", "only a non-MPAJA Guerrilla", rule="3.2.2")
    do(g, "carry non-mpaja-a")
    assert sp(g, "perak")["non_mpaja_a"] == 1 and sp(g, "kedah")["non_mpaja_u"] == 1  # its state kept (1.4.3)
    # the marker that came to Perak moves no more; Perak's own may (ruling)
    assert all(not m.startswith("kedah") for m in legal(g)["move"])
    do(g, "move perak kelantan")
    # the Guerrilla that came with the first marker does not go on with the second
    assert "carry" not in legal(g)
    refused(g, "move perak selangor", "moved there in this Contact: each marker moves once", rule="3.2.2")
    do(g, "done")
    assert over(g)
    assert pieces(g, "kelantan") == {"force_136": 1, "jungle_camp": 1}
    assert sp(g, "perak")["jungle_camp"] == 1 and sp(g, "perak")["force_136"] == 1


def test_4_1_contact_takes_its_special_activity_between_moves_not_while_a_marker_moves():
    g = position(kedah={"force_136": 1, "non_mpaja_u": 1}, perak={"force_136": 1, "jungle_camp": 1})
    start(g, "contact", with_sa=True)
    assert "gather" in legal(g)["sa"]
    do(g, "choose move")
    assert "gather" in legal(g)["sa"]
    do(g, "move kedah perak")
    assert "sa" not in legal(g)
    refused(g, "sa gather", "not in the middle of one: finish this step first", rule="4.1")
    do(g, "carry non-mpaja-u")
    assert "gather" in legal(g)["sa"]


def test_3_2_2_contact_places_no_jungle_camp_outside_provinces():
    g = position(negri_sembilan={"force_136": 1})
    g.s["available"]["force_136"] = 0
    g.s["spaces"]["johore"]["force_136"] = 2
    check(g.s)
    start(g, "contact")
    do(g, "move negri-sembilan kuala-lumpur", "move johore ec-bottom", "done")
    assert sp(g, "kuala-lumpur")["force_136"] == 1 and not sp(g, "kuala-lumpur")["jungle_camp"]
    assert sp(g, "ec-bottom")["force_136"] == 1 and not sp(g, "ec-bottom")["jungle_camp"]
    assert g.s["available"]["jungle_camp"] == 4


def test_1_10_contact_moves_a_jungle_camp_of_the_british_choice_when_none_is_available():
    g = position(perak={"jungle_camp": 1}, kedah={"jungle_camp": 1}, johore={"jungle_camp": 1},
                 selangor={"jungle_camp": 1})
    start(g, "contact", only=None)
    do(g, "place trengganu")
    assert proc(g) == "jo.op.contact" and legal(g) == {"take": ["kedah jungle-camp", "perak jungle-camp",
                                                                "selangor jungle-camp", "johore jungle-camp"]}
    offers_only_legal(g)
    refused(g, "take trengganu jungle-camp", "move one from another space", rule="1.10")
    refused(g, "take pahang jungle-camp", "Pahang has no Jungle Camp", rule="1.10")
    refused(g, "done", "none is Available: move one from the map", rule="1.10")
    do(g, "take kedah jungle-camp")
    assert sp(g, "trengganu")["jungle_camp"] == 1 and not sp(g, "kedah")["jungle_camp"]
    assert "moved from Kedah to Trengganu" in said(g)


def test_R_3_2_2_contact_keeps_the_camps_of_the_provinces_it_moved_into():
    g = position(kedah={"force_136": 1, "jungle_camp": 1}, perak={"jungle_camp": 1}, johore={"jungle_camp": 1},
                 trengganu={"jungle_camp": 1})
    g.s["available"]["force_136"] = 0
    g.s["spaces"]["selangor"]["force_136"] = 2
    check(g.s)
    start(g, "contact")
    # Kedah's marker to Perak (a camp there, kept: it stays); Selangor's two to Pahang and Negri Sembilan: the
    # camps of Kedah, Trengganu and Johore may go, Perak's may not
    do(g, "move kedah perak", "move selangor pahang", "move selangor negri-sembilan")
    assert proc(g) == "jo.op.contact" and set(legal(g)["take"]) == {
        "kedah jungle-camp", "trengganu jungle-camp", "johore jungle-camp"}
    do(g, "take johore jungle-camp")
    assert sp(g, "pahang")["jungle_camp"] == 1
    # Negri Sembilan next: Kedah's and Trengganu's remain, a choice again
    refused(g, "take pahang jungle-camp", "whose Jungle Camp stays (ruling R-3.2.2)", rule="3.2.2")
    do(g, "take trengganu jungle-camp")
    assert over(g) and sp(g, "negri-sembilan")["jungle_camp"] == 1


def test_2_4_3_a_british_pass_may_contact_or_decline():
    g = position(perak={"force_136": 1})
    frame = new_op_frame(g, "contact", False, False, optional=True, rule="2.4.3", passed=True)
    start(g, "contact", frame=frame)
    assert legal(g) == {"choose": ["place", "move"], "done": []}
    offers_only_legal(g)
    do(g, "done")
    assert over(g) and "conducted no Contact" in said(g)
    g = position(perak={"force_136": 1})
    start(g, "contact", frame=new_op_frame(g, "contact", False, False, optional=True, rule="2.4.3"))
    do(g, "choose move")
    assert "done" in legal(g)  # optional: the Pass's Contact may move none


def test_2_4_4_limited_contact_places_one_or_moves_any():
    g = position(perak={"force_136": 1}, negri_sembilan={"force_136": 1})
    start(g, "contact", limited=True)
    assert legal(g) == {"choose": ["place", "move"]}
    do(g, "choose move", "move perak kedah", "move negri-sembilan pahang")
    assert over(g)
    assert sp(g, "kedah")["jungle_camp"] == 1 and sp(g, "pahang")["jungle_camp"] == 1


def test_3_2_2_contact_is_impossible_without_any_force_136():
    g = position()
    g.s["available"]["force_136"] = 0
    g.s["davis"] = 3
    check(g.s)
    proc_ = g.procs["jo.op.contact"]
    frame = new_op_frame(g, "contact", False, False)
    assert not proc_.possible(g, frame)
    assert "no Force 136 marker is Available to place or on the map to move" in proc_.space_refusal(g, frame, "perak")


# -- Sabotage (3.2.3) -------------------------------------------------------------------------------------------------

def test_3_2_3_sabotage_places_on_the_one_adjacent_railway_without_asking():
    g = position(selangor={"force_136": 1, "mpaja_u": 1})
    start(g, "sabotage")
    do(g, "space selangor")
    assert g.s["railways"]["perak-pahang-selangor"] == 1 and sp(g, "selangor")["mpaja_a"] == 1


def test_3_2_3_sabotage_lets_the_british_choose_the_railway_and_refuses_a_sabotaged_one():
    g = position(perak={"force_136": 1, "non_mpaja_u": 1}, sabotage={"perak-kelantan": 1})
    start(g, "sabotage", limited=True)
    do(g, "space perak")
    assert legal(g) == {"sabotage": ["thailand-perak", "perak-pahang-selangor"]}
    offers_only_legal(g)
    refused(g, "sabotage perak-kelantan", "has a Sabotage marker already", rule="1.4.2")
    refused(g, "sabotage negri-sembilan-johore", "not adjacent to Perak", rule="3.2.3")
    refused(g, "sabotage nowhere", "not a Railway marker", rule="3.2.3")
    refused(g, "done", "places a Sabotage marker on one adjacent Railway")
    do(g, "sabotage thailand-perak")
    assert g.s["railways"] == {**dict.fromkeys(B.RAILWAYS, 0), "perak-kelantan": 1, "thailand-perak": 1}


def test_3_2_3_sabotage_british_choose_which_guerrilla_goes_active():
    g = position(kelantan={"force_136": 1, "mpaja_u": 1, "non_mpaja_u": 1})
    start(g, "sabotage", with_sa=True)
    do(g, "space kelantan")
    assert legal(g) == {"activate": ["mpaja-u", "non-mpaja-u"]}
    offers_only_legal(g)
    refused(g, "activate mpaja-a", "'activate' here is written 'activate mpaja-u|non-mpaja-u'")
    refused(g, "sa gather", "not in the middle of one: finish this step first", rule="4.1")
    do(g, "activate non-mpaja-u")
    assert sp(g, "kelantan")["non_mpaja_a"] == 1 and sp(g, "kelantan")["mpaja_u"] == 1
    assert legal(g) == {"sabotage": ["thailand-kelantan", "perak-kelantan"]}


def test_3_2_3_sabotage_refuses_a_space_without_an_underground_guerrilla():
    g = position(perak={"force_136": 1, "mpaja_a": 2}, kedah={"force_136": 1, "mpaja_u": 1})
    start(g, "sabotage")
    refused(g, "space perak", "Perak has no Underground Guerrilla to Activate", rule="3.2.3")


def test_1_4_2_sabotage_where_every_adjacent_railway_has_one_places_none():
    g = position(kedah={"force_136": 1, "mpaja_u": 1}, trengganu={"force_136": 1, "mpaja_u": 1},
                 sabotage={"thailand-kedah": 1})
    start(g, "sabotage")
    do(g, "space kedah", "space trengganu")
    assert g.s["railways"]["thailand-kedah"] == 1
    assert "every Railway adjacent to Kedah has one" in said(g)
    assert "no Railway is adjacent to Trengganu" in said(g)
    assert sp(g, "kedah")["mpaja_a"] == 1 and sp(g, "trengganu")["mpaja_a"] == 1


def test_J27_unshaded_sabotage_and_ambush_take_one_more_space_without_force_136():
    for op in ("sabotage", "ambush"):
        g = position(capabilities={"J27": "unshaded"},
                     perak={"force_136": 1, "mpaja_u": 1, "police": 1},
                     kedah={"mpaja_u": 1, "police": 1}, kelantan={"non_mpaja_u": 1, "police": 1})
        start(g, op)
        assert legal(g)["space"] == ["kedah", "perak", "kelantan"]
        do(g, "space kelantan")
        if op == "ambush":
            do(g, "remove police")
        else:
            do(g, "sabotage perak-kelantan")
        assert "Jungle Conference (J27)" in said(g)
        assert legal(g)["space"] == ["perak"]
        refused(g, "space kedah", "one additional space without Force 136 is Kelantan already", rule="J27")
    g = position(perak={"force_136": 1, "mpaja_u": 1}, kedah={"mpaja_u": 1})
    start(g, "sabotage")
    assert legal(g)["space"] == ["perak"]  # without the Capability, Force 136 only
    g = position(capabilities={"J27": "shaded"}, perak={"force_136": 1, "mpaja_u": 1}, kedah={"mpaja_u": 1})
    start(g, "train")
    assert legal(g)["space"] == ["perak"]


def test_flags_no_f136_only_and_mpaja_only():
    g = position(kedah={"mpaja_u": 1}, perak={"non_mpaja_u": 1}, kelantan={"mpaja_u": 1})
    start(g, "sabotage", limited=True, spaces=2, only=["kedah", "perak", "selangor"], no_f136=True,
          mpaja_only=True, rule="J13")
    assert legal(g)["space"] == ["kedah"]
    refused(g, "space perak", "only MPAJA Guerrillas serve this Sabotage", rule="J13")
    refused(g, "space kelantan", "not among the spaces this Sabotage may select", rule="J13")
    do(g, "space kedah")
    assert g.s["railways"]["thailand-kedah"] == 1 and "3.2.3, J13" in [e.get("rule") for e in g.log]


# -- Ambush (3.2.4) -------------------------------------------------------------------------------------------------

def test_3_2_4_ambush_removes_a_police():
    g = position(perak={"force_136": 1, "mpaja_u": 1, "police": 2, "troops": 3})
    start(g, "ambush")
    do(g, "space perak")
    assert legal(g) == {"remove": ["police"], "roll": []}
    offers_only_legal(g)
    refused(g, "remove troops", "'remove' here is written 'remove police'")
    do(g, "remove police")
    assert sp(g, "perak")["police"] == 1 and sp(g, "perak")["mpaja_a"] == 1 and g.s["available"]["police"] == 5


def test_3_2_4_ambush_roll_must_beat_the_cubes_with_supply_caches_in_or_adjacent():
    g = position(rolls=[3], resistance=5, perak={"force_136": 1, "mpaja_u": 1, "troops": 3, "police": 1, "caches": 1},
                 kedah={"caches": 1})
    start(g, "ambush")
    do(g, "space perak", "roll")
    assert "rolled 3 for the Ambush in Perak +2 for Supply Caches in or adjacent = 5, more than the 4 cubes" in said(g)
    assert legal(g) == {"move": ["troops"], "done": []}
    offers_only_legal(g)
    refused(g, "move police", "'move' here is written 'move troops|kempeitai'")
    refused(g, "move kempeitai", "Perak has no Kempeitai marker to move to Kuala Lumpur", rule="3.2.4")
    refused(g, "remove police", "rolled instead of removing a Police cube")
    refused(g, "roll", "has rolled already")
    do(g, "move troops")
    assert sp(g, "perak")["troops"] == 2 and sp(g, "kuala-lumpur")["troops"] == 1 and g.s["resistance"] == 6


def test_3_2_4_ambush_failed_roll_changes_nothing_more():
    g = position(rolls=[2], resistance=5, perak={"force_136": 1, "mpaja_u": 1, "troops": 2})
    start(g, "ambush")
    do(g, "space perak")  # no Police: the roll at once
    assert "not more than the 2 cubes" in said(g) and legal(g) == {"done": []}
    assert sp(g, "perak")["troops"] == 2 and g.s["resistance"] == 5


def test_3_2_4_ambush_may_move_a_kempeitai_or_nothing():
    g = position(rolls=[1], resistance=5, kedah={"force_136": 1, "mpaja_u": 2, "kempeitai": 1})
    start(g, "ambush")
    do(g, "space kedah")
    assert legal(g) == {"move": ["kempeitai"], "done": []}
    do(g, "move kempeitai")
    assert sp(g, "kuala-lumpur")["kempeitai"] == 1 and not sp(g, "kedah")["kempeitai"] and g.s["resistance"] == 6
    g = position(rolls=[1], resistance=5, kedah={"force_136": 1, "mpaja_u": 2, "kempeitai": 1})
    start(g, "ambush")
    do(g, "space kedah", "done")
    assert sp(g, "kedah")["kempeitai"] == 1 and g.s["resistance"] == 5
    assert "moved nothing to Kuala Lumpur" in said(g)


def test_3_2_4_ambush_refuses_a_space_without_japanese_pieces():
    g = position(perak={"force_136": 1, "mpaja_u": 1}, kedah={"force_136": 1, "mpaja_u": 1, "police": 1})
    start(g, "ambush")
    refused(g, "space perak", "Perak has no Troop, no Police cube and no Kempeitai marker", rule="3.2.4")
    refused(g, "space johore", "Johore has no Force 136 marker", rule="3.1")


def test_R_3_2_4_KL_ambush_in_kuala_lumpur_moves_nothing_by_default():
    g = position(rolls=[6], resistance=5, kuala_lumpur={"force_136": 1, "mpaja_u": 1, "troops": 3, "kempeitai": 1})
    start(g, "ambush")
    do(g, "space kuala-lumpur")
    assert "Nothing moves" in said(g) and g.s["resistance"] == 5 and legal(g) == {"done": []}


def test_R_3_2_4_KL_the_stay_reading_keeps_the_piece_and_raises_resistance():
    g = position(rolls=[6], resistance=5, rulings={"R-3.2.4-KL": "stay"},
                 kuala_lumpur={"force_136": 1, "mpaja_u": 1, "troops": 3, "kempeitai": 1})
    start(g, "ambush")
    do(g, "space kuala-lumpur")
    assert legal(g) == {"move": ["troops", "kempeitai"], "done": []}
    assert "it stays in Kuala Lumpur" in prompt_text(g)
    do(g, "move troops")
    assert sp(g, "kuala-lumpur")["troops"] == 3 and g.s["resistance"] == 6


def test_J26_unshaded_ambush_rolls_in_a_space_with_troops_for_resistance_2():
    flags = dict(limited=True, spaces=1, rule="J26", resistance_instead=True)
    g = position(rolls=[4], resistance=5, perak={"force_136": 1, "mpaja_u": 1, "troops": 2, "police": 1},
                 kedah={"force_136": 1, "mpaja_u": 1, "police": 1})
    start(g, "ambush", **flags)
    assert legal(g)["space"] == ["perak"]
    refused(g, "space kedah", "Kedah has no Troop: this Ambush goes to a space with Troops", rule="J26")
    do(g, "space perak")  # the roll at once: no choice of Police
    assert g.s["resistance"] == 7 and sp(g, "perak")["troops"] == 2 and sp(g, "perak")["police"] == 1
    g = position(rolls=[6], resistance=5, kuala_lumpur={"force_136": 1, "mpaja_u": 1, "troops": 3})
    start(g, "ambush", **flags)
    do(g, "space kuala-lumpur")
    assert g.s["resistance"] == 7  # in Kuala Lumpur too: nothing needs to move


def test_1_13_ambush_resistance_stops_at_20():
    g = position(rolls=[6], resistance=20, perak={"force_136": 1, "mpaja_u": 1, "troops": 1})
    start(g, "ambush")
    do(g, "space perak", "move troops")
    assert g.s["resistance"] == 20 and sp(g, "kuala-lumpur")["troops"] == 1


def test_4_2_3_raid_frame_ambush_without_force_136_may_end_unused():
    g = position(selangor={"mpaja_u": 1, "police": 1})
    frame = new_op_frame(g, "ambush", True, False, spaces=1, only=["selangor"], optional=True, no_f136=True,
                         rule="4.2.3")
    start(g, "ambush", frame=frame)
    assert legal(g) == {"space": ["selangor"], "done": []}
    do(g, "space selangor", "remove police")
    assert legal(g) == {"done": []}  # its one space
    do(g, "done")
    assert over(g) and not sp(g, "selangor")["police"]


# -- Example of Play (8.0) ----------------------------------------------------------------------------------------

def test_8_0_L1654_contact_places_force_136_and_a_jungle_camp_in_trengganu():
    """Card 1: the British place their Available Force 136 in Trengganu, with the Available Jungle Camp."""
    g = position(perak={"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_u": 2, "jungle_camp": 1,
                        "force_136": 1, "opposition": 1},
                 negri_sembilan={"mpaja_u": 1, "jungle_camp": 1, "force_136": 1, "opposition": 1},
                 johore={"troops": 3, "police": 1, "kempeitai": 1, "mpaja_u": 2, "jungle_camp": 1, "opposition": 1})
    assert g.s["available"]["force_136"] == 1 and g.s["available"]["jungle_camp"] == 1
    start(g, "contact")
    do(g, "choose place", "place trengganu")
    assert over(g)
    assert pieces(g, "trengganu") == {"force_136": 1, "jungle_camp": 1}
    assert g.s["available"]["force_136"] == 0 and g.s["available"]["jungle_camp"] == 0


def test_8_0_L1672_limited_train_in_perak_trengganu_and_negri_sembilan():
    """Card 2: two MPAJA in Perak (Supply Cache), one non-MPAJA in Trengganu, one MPAJA in Negri Sembilan."""
    g = position(perak={"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_u": 1, "jungle_camp": 1,
                        "force_136": 1, "opposition": 1},
                 trengganu={"force_136": 1, "jungle_camp": 1},
                 negri_sembilan={"mpaja_u": 1, "jungle_camp": 1, "force_136": 1, "opposition": 1},
                 kedah={"non_mpaja_u": 1}, kelantan={"non_mpaja_u": 1}, selangor={"mpaja_a": 1},
                 johore={"troops": 3, "police": 1, "kempeitai": 1, "mpaja_u": 2, "jungle_camp": 1, "opposition": 1})
    assert g.s["available"]["mpaja"] == 5 and g.s["available"]["non_mpaja"] == 2
    start(g, "train", limited=True)
    assert legal(g)["space"] == ["perak", "trengganu", "negri-sembilan"]
    do(g, "space perak", "place mpaja", "place mpaja", "space trengganu", "place non-mpaja",
       "space negri-sembilan", "place mpaja", "done")
    assert over(g)
    assert sp(g, "perak")["mpaja_u"] == 3 and sp(g, "trengganu")["non_mpaja_u"] == 1
    assert sp(g, "negri-sembilan")["mpaja_u"] == 2
    assert g.s["available"]["mpaja"] == 2 and g.s["available"]["non_mpaja"] == 1


def test_8_0_L1694_L1698_train_takes_guerrillas_from_the_map_even_from_its_own_space():
    """Card 4, after Supply: Perak two MPAJA from Available; Trengganu one non-MPAJA from Available and one from
    Kedah; Negri Sembilan two MPAJA lifted from Negri Sembilan itself and placed again Underground."""
    g = position(perak={"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_a": 2, "jungle_camp": 1,
                        "force_136": 1, "terror": 1},
                 trengganu={"force_136": 1, "non_mpaja_u": 1, "caches": 1, "opposition": 1},
                 negri_sembilan={"troops": 6, "mpaja_a": 3, "caches": 1, "force_136": 1, "opposition": 1},
                 kedah={"non_mpaja_u": 1, "mpaja_u": 1}, kelantan={"troops": 2, "non_mpaja_a": 1},
                 selangor={"mpaja_a": 1},
                 johore={"troops": 1, "police": 1, "kempeitai": 1, "mpaja_u": 1, "jungle_camp": 1, "terror": 1})
    assert g.s["available"]["mpaja"] == 2 and g.s["available"]["non_mpaja"] == 1
    start(g, "train")
    do(g, "space perak", "place mpaja", "place mpaja")
    assert g.s["available"]["mpaja"] == 0
    do(g, "space trengganu", "place non-mpaja", "place non-mpaja")
    assert proc(g) == "jo.from_map"
    do(g, "take kedah non-mpaja-u")
    do(g, "space negri-sembilan", "place mpaja")
    assert "negri-sembilan mpaja-a" in legal(g)["take"]
    do(g, "take negri-sembilan mpaja-a", "place mpaja", "take negri-sembilan mpaja-a", "done")
    assert over(g)
    assert pieces(g, "perak") == {"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_a": 2, "mpaja_u": 2,
                                  "jungle_camp": 1, "force_136": 1, "terror": 1}
    assert pieces(g, "trengganu") == {"force_136": 1, "non_mpaja_u": 3, "caches": 1, "opposition": 1}
    assert pieces(g, "negri-sembilan") == {"troops": 6, "mpaja_a": 1, "mpaja_u": 2, "caches": 1, "force_136": 1,
                                           "opposition": 1}
    assert pieces(g, "kedah") == {"mpaja_u": 1}


def test_8_0_L1712_limited_contact_moves_two_markers_one_with_a_non_mpaja_guerrilla():
    """Card 5: Trengganu -> Kelantan with a non-MPAJA Guerrilla, Negri Sembilan -> Pahang; Perak's stays; a
    Jungle Camp in Kelantan and Pahang (Available 3 -> 1)."""
    g = position(perak={"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_u": 2, "force_136": 1,
                        "terror": 1},
                 trengganu={"force_136": 1, "non_mpaja_u": 3, "jungle_camp": 1, "opposition": 1},
                 kelantan={"troops": 2}, negri_sembilan={"troops": 6, "force_136": 1, "opposition": 1},
                 kedah={"mpaja_u": 1}, selangor={"mpaja_a": 1},
                 johore={"troops": 1, "police": 1, "kempeitai": 1, "mpaja_u": 1, "terror": 1})
    assert g.s["available"]["jungle_camp"] == 3
    start(g, "contact", limited=True)
    assert set(legal(g)) == {"move"}  # no Force 136 is Available: the Contact moves
    do(g, "move trengganu kelantan", "carry non-mpaja-u", "move negri-sembilan pahang", "done")
    assert over(g)
    assert pieces(g, "kelantan") == {"troops": 2, "non_mpaja_u": 1, "force_136": 1, "jungle_camp": 1}
    assert pieces(g, "pahang") == {"force_136": 1, "jungle_camp": 1}
    assert pieces(g, "trengganu") == {"non_mpaja_u": 2, "jungle_camp": 1, "opposition": 1}
    assert sp(g, "perak")["force_136"] == 1 and g.s["available"]["jungle_camp"] == 1


def test_8_0_L1718_ambush_removes_the_police_in_perak_and_moves_a_troop_from_kelantan():
    """Card 6, after Gather: Perak Activates its last Underground MPAJA to remove the Police; Kelantan Activates
    its non-MPAJA and rolls 2 + 1 (the Supply Cache in Perak) = 3 > 2 cubes: a Troop to Kuala Lumpur,
    Resistance 2 -> 3."""
    g = position(rolls=[2], resistance=2,
                 perak={"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_a": 1, "mpaja_u": 1,
                        "force_136": 1, "terror": 1},
                 kelantan={"troops": 2, "non_mpaja_u": 1, "force_136": 1, "jungle_camp": 1},
                 pahang={"force_136": 1, "jungle_camp": 1},
                 trengganu={"non_mpaja_a": 1, "non_mpaja_u": 1, "jungle_camp": 1, "opposition": 1},
                 kuala_lumpur={"troops": 3, "police": 2, "kempeitai": 1},
                 negri_sembilan={"troops": 6, "opposition": 1})
    start(g, "ambush")
    assert legal(g)["space"] == ["perak", "kelantan"]
    do(g, "space perak", "remove police", "space kelantan")
    assert "rolled 2 for the Ambush in Kelantan +1 for Supply Caches in or adjacent = 3, more than the 2 cubes" in said(g)
    do(g, "move troops", "done")
    assert over(g)
    assert pieces(g, "perak") == {"troops": 3, "kempeitai": 1, "caches": 1, "mpaja_a": 2, "force_136": 1,
                                  "terror": 1}
    assert pieces(g, "kelantan") == {"troops": 1, "non_mpaja_a": 1, "force_136": 1, "jungle_camp": 1}
    assert sp(g, "kuala-lumpur")["troops"] == 4 and g.s["resistance"] == 3


def test_orders_declared_here_are_the_modules():
    assert {"place", "move", "activate", "sabotage", "remove", "roll", "done"} <= \
        notation.verbs_of(("engine.games.japanese_occupation.british_ops",))
    assert {"place", "choose", "move", "carry", "take", "done"} <= \
        notation.verbs_of(("engine.games.japanese_occupation.british_contact",))
    assert british_ops.KL_READINGS[0] == "none"
