"""Kenya's board (engine.games.kenya.board; issue 28): the space lists of 1.3, stacking (1.4.2), own pieces
from the map when none are Available (1.4.1 IMPORTANT, ruling R-1.4.1), Loyalty and Resistance only in
Nairobi and Populated Provinces (1.6, 1.3.3), the current Population and what follows when it changes
(1.3.2, 1.6 NOTE, ruling R-POPULATION), Terror (1.9, 1.4.2, ruling R-TERROR), the Pipeline (1.11, 6.6;
rulings R-PIPELINE-1, R-PIPELINE-2), Mau Mau Resources (1.8), Political Will (1.10) and Out of Play (1.3.5)."""

from __future__ import annotations

import pytest

from engine.core.errors import RulesBugError
from engine.games.kenya import board as B
from engine.games.kenya.data import COMPONENTS

from .helpers import check, context, empty, fresh, texts

# -- 1.3 the map ----------------------------------------------------------------------------------------


def test_1_3_space_lists():
    assert sorted(B.RESERVES) == ["embu", "fort-hall", "kiambu", "meru", "nyeri"]  # 1.3.2
    assert sorted(B.NON_RESERVE_PROVINCES) == ["nanyuki", "rift-valley", "thika", "thompsons-falls"]
    assert sorted(B.NON_RESERVE_SPACES) == sorted([*B.NON_RESERVE_PROVINCES, "nairobi"])  # 1.3.4
    assert sorted(B.MOUNTAIN_JUNGLES) == ["aberdares", "mount-kenya"]  # 1.3.3
    assert len(B.PROVINCES) == 9 and B.NAIROBI == "nairobi"
    # a Mountain Jungle is neither Reserve nor Non-Reserve (R-MAP-3)
    assert not any(B.is_reserve(s) or B.is_non_reserve(s) for s in B.MOUNTAIN_JUNGLES)
    assert sorted(B.adj(context(), "kiambu")) == ["aberdares", "fort-hall", "nairobi", "rift-valley", "thika"]


def test_1_4_counting_helpers():
    x = fresh()["spaces"]["nairobi"]  # 2 Troops, 3 Police, 1 Guerrilla, 1 Base (L3171)
    assert (B.cubes(x), B.british(x), B.guerrillas(x), B.maumau(x)) == (5, 5, 1, 2)


# -- 1.4.2 stacking -------------------------------------------------------------------------------------

def test_1_4_2_no_third_base_by_placement():
    g = context()
    assert g.s["spaces"]["aberdares"]["bases"] == 1 and B.may_place(g, "aberdares", "bases")
    B.remove(g, "nairobi", "bases", 1)  # a second Available Base
    assert g.s["available"]["bases"] == 2
    assert B.place(g, "aberdares", "bases", 2) == 1  # room for one only
    assert not B.may_place(g, "aberdares", "bases") and B.place(g, "aberdares", "bases", 1) == 0
    assert g.s["spaces"]["aberdares"]["bases"] == 2 and g.s["available"]["bases"] == 1
    assert B.may_place(g, "aberdares", "guerrillas") and B.may_place(g, "nairobi", "troops")  # no other limit
    check(g.s)


def test_1_4_2_own_placement_refuses_a_third_base_with_the_rule():
    from engine.games.kenya.own_pieces import OWN
    g = context()
    B.place(g, "mount-kenya", "bases", 1)
    OWN.place(g, "maumau", "mount-kenya", "bases", rule="3.3.1", label="Rally")
    assert g.s["spaces"]["mount-kenya"]["bases"] == 2 and g.s["available"]["bases"] == 0 and g.frames == []
    assert texts(g)[-1] == "Rally: no Base may go in Mount Kenya (1.4.2)."


# -- 1.4.1 IMPORTANT own pieces from the map ------------------------------------------------------------

def test_1_4_1_own_pieces_from_the_map_when_none_are_available():
    from engine.games.kenya.own_pieces import OWN
    g = context()
    assert g.s["available"]["police"] == 0  # setup: no Police Available (L3167)
    OWN.place(g, "british", "rift-valley", "police", rule="3.2.1", label="Deploy")
    f = g.frames[-1]
    assert f["p"] == "ke.from_map" and f["options"] == [
        "nairobi police", "rift-valley police", "nanyuki police", "thompsons-falls police", "thika police"]
    proc = g.proc(f)
    assert proc.explain(g, f, "take", "kiambu police") == \
        "Kiambu has no Police cube to take (1.4.1)"
    assert "take one of those, not a Troop" in proc.explain(g, f, "take", "nairobi troop")
    proc.act(g, f, "take", "thika police")
    assert g.frames == [] and g.s["spaces"]["thika"]["police"] == 0 and g.s["spaces"]["rift-valley"]["police"] == 2
    # Thika lost its only piece: Uncontrolled, no Political Will change (no Mau Mau Control involved, 1.7)
    assert g.s["control"]["thika"] is None and g.s["pw"] == 12
    assert "Deploy: British moved a Police cube from Thika to place it in Rift Valley." in texts(g)
    check(g.s)


def test_1_4_1_a_guerrilla_may_come_from_its_own_space_a_base_never_and_never_the_others_pieces():
    from engine.games.kenya.own_pieces import OWN
    g = context()
    g.s["available"]["guerrillas"] = g.s["available"]["bases"] = 0
    assert "nyeri guerrilla-u" in OWN.sources(g, "nyeri", "guerrillas")  # 1.4.1 DESIGN NOTE
    assert "aberdares base" not in OWN.sources(g, "aberdares", "bases")
    assert OWN.may_take(g, "maumau", "guerrillas", "op") and not OWN.may_take(g, "british", "guerrillas", "op")
    assert OWN.may_take(g, "maumau", "guerrillas", "event")  # default reading
    strict = context(fresh(options={"rulings": {"R-1.4.1": "available"}}))
    assert not OWN.may_take(strict, "maumau", "guerrillas", "event")
    OWN.place(strict, "maumau", "thika", "guerrillas", rule="K4", label="K4", by="event")
    strict.s["available"]["guerrillas"] = 0
    OWN.place(strict, "maumau", "thika", "guerrillas", rule="K4", label="K4", by="event")
    assert strict.frames == [] and texts(strict)[-1] == "K4: no Guerrilla is Available (5.1.1)."


# -- 1.6 Loyalty and Resistance ---------------------------------------------------------------------------

def test_1_6_levels_only_in_nairobi_and_populated_provinces_never_a_mountain_jungle():
    g = context()
    assert B.LOYALTY.word(1) == "Loyal" and B.LOYALTY.word(-1) == "Resistance"
    assert B.shift(g, "aberdares", -1, "Terror", "3.3.3") == 0 and B.level(g, "aberdares") == 0  # R-TERROR
    assert not B.set_level(g, "mount-kenya", 1, "an Event", "K1") and B.level(g, "mount-kenya") == 0
    assert B.set_level(g, "mount-kenya", 0, "an Event", "K1")  # Neutral it is (1.6 NOTE)
    assert B.shift(g, "nairobi", 1, "Reward", "4.2.1") == 1 and B.level(g, "nairobi") == 1
    assert B.shift(g, "nairobi", 3, "Reward", "4.2.1") == 0  # at the track's end
    assert B.shift(g, "kiambu", -2, "an Event", "K1") == -1 and B.level(g, "kiambu") == -1
    assert "Kiambu went from Neutral to Resistance (an Event)." in texts(g)
    g.s["population"]["embu"] = 0  # Unpopulated (built, not played)
    assert B.shift(g, "embu", 1, "Reward", "4.2.1") == 0 and not B.takes_level(g, "embu")
    check(g.s)


# -- 1.3.2 Population -----------------------------------------------------------------------------------

def test_1_3_2_population_is_kept_and_read_current():
    g = context()
    assert B.pop(g, "nyeri") == 2 and B.PRINTED["nyeri"] == 2 and B.populated(g, "nyeri")
    assert not B.populated(g, "aberdares")
    assert B.reduce_population(g, "nyeri", "Relocate")
    assert B.pop(g, "nyeri") == 1 and B.PRINTED["nyeri"] == 2 and B.lowered(g.s) == {"nyeri": 1}
    assert "The Population of Nyeri went from 2 to 1 (Relocate)." in texts(g)
    assert not B.reduce_population(g, "rift-valley", "Relocate")  # only Reserve Provinces (3.2.2)
    assert not B.reduce_population(g, "aberdares", "Relocate")
    assert not B.restore_population(g, "kiambu", "K23", "K23")  # not below its printed value
    assert B.restore_population(g, "nyeri", "K23 shaded", "K23") and B.pop(g, "nyeri") == 2
    assert B.lowered(g.s) == {}
    check(g.s)


def test_1_6_note_a_province_reduced_to_0_loses_its_level_at_once_and_comes_back_neutral():
    g = context()
    B.set_level(g, "meru", -1, "test", "K19")
    assert B.reduce_population(g, "meru", "Relocate")  # Meru's printed Population is 1
    assert B.pop(g, "meru") == 0 and B.level(g, "meru") == 0
    assert texts(g)[-2:] == ["The Population of Meru went from 1 to 0 (Relocate).",
                             "Meru went from Resistance to Neutral (Meru is Unpopulated)."]
    assert not B.reduce_population(g, "meru", "Relocate")  # Unpopulated: Relocate cannot select it
    assert B.restore_population(g, "meru", "K27 shaded", "K27") and B.level(g, "meru") == 0  # Neutral
    assert B.shift(g, "meru", -1, "Terror", "3.3.3") == -1  # Populated again: takes a level
    check(g.s)


def test_1_3_2_a_population_change_never_shifts_political_will_by_itself():
    g = context()
    assert g.s["control"]["kiambu"] == "maumau"
    B.reduce_population(g, "kiambu", "Relocate")
    B.reduce_population(g, "kiambu", "Relocate")
    assert g.s["pw"] == 12 and g.s["control"]["kiambu"] == "maumau"  # R-POPULATION


def test_1_3_2_population_bounds_are_rules_bugs():
    g = context()
    with pytest.raises(RulesBugError):
        B.set_population(g, "nairobi", 1, "test", "K1")  # not a Reserve Province
    with pytest.raises(RulesBugError):
        B.set_population(g, "embu", 2, "test", "K23")  # above its printed 1


# -- 1.9 Terror ------------------------------------------------------------------------------------------

def test_1_9_terror_one_a_space_by_operation_more_by_event_fifteen_in_all():
    g = context()
    assert B.TERROR_MARKERS == 15 and B.terror_left(g) == 15
    assert B.place_terror(g, "aberdares", "3.3.3")  # any space, a Mountain Jungle included (R-TERROR)
    assert not B.place_terror(g, "aberdares", "3.3.3")  # never a second by the Operation (1.4.2)
    assert B.place_terror(g, "aberdares", "K9", by_event=True)  # Events may stack them (1.4.2)
    assert g.s["spaces"]["aberdares"]["terror"] == 2 and B.terror_left(g) == 13
    g.s["spaces"]["nairobi"]["terror"] = 13
    assert B.terror_left(g) == 0 and not B.place_terror(g, "thika", "3.3.3")  # none left: none placed
    assert B.remove_terror(g, "aberdares", "K1", 5) == 2 and B.terror_left(g) == 2
    check(g.s)


# -- 1.11, 6.6 the Pipeline -----------------------------------------------------------------------------

def test_1_11_pipeline_boxes_their_counts_and_ends():
    counts = [(B.pipeline_name(v), B.relocate_spaces(v), B.reprisal_spaces(v)) for v in range(5)]
    assert counts == [("Pipeline 0", 0, 0), ("Emergency Powers", 0, 1), ("Villagization", 1, 1),
                      ("Prison System", 1, 2), ("Pipeline 4", 2, 2)]  # R-PIPELINE-1, R-PIPELINE-2
    assert [B.outrage_possible(v) for v in range(5)] == [False, False, True, True, True]  # 6.6.3
    g = context()
    assert B.shift_pipeline(g, 1, "British pass", "2.3.3") == 1 and B.pipeline(g) == 2
    assert texts(g)[-1] == "The Pipeline moved from Emergency Powers (1) to Villagization (2) (British pass)."
    assert B.shift_pipeline(g, 5, "K1", "K1") == 2 and B.pipeline(g) == 4
    assert B.shift_pipeline(g, 1, "Reset", "6.5") == 0  # past the end: stays (R-PIPELINE-1)
    assert B.shift_pipeline(g, -9, "K2", "K2") == -4 and B.pipeline(g) == 0
    check(g.s)


# -- 1.8 Resources, 1.10 Political Will --------------------------------------------------------------

def test_1_8_1_10_tracks_stay_in_range():
    g = context()
    assert B.shift_resources(g, 30, "Pass", "2.3.3") == 12 and B.resources(g) == 20
    assert texts(g)[-1] == "Mau Mau Resources rose from 8 to 20 (Pass)."
    assert B.shift_resources(g, -25, "K5", "K5") == -20 and B.resources(g) == 0
    assert B.will(g) == 12 == COMPONENTS["political_will"]["start"]
    check(g.s)


# -- 1.3.5 Out of Play ------------------------------------------------------------------------------------

def test_1_3_5_police_released_from_out_of_play():
    g = context()
    assert B.release_police(g, 1, "Relocate in Nyeri") == 1
    assert B.out_of_play(g) == 7 and g.s["available"]["police"] == 1
    assert "1 Police cube went from Out of Play to Available (Relocate in Nyeri)." in texts(g)
    check(g.s)
    # K6 unshaded: from anywhere, even Out of Play, into a space: Control follows at once (1.7)
    empty(g)
    B.place(g, "kiambu", "guerrillas", 1)
    assert g.s["control"]["kiambu"] == "maumau"
    pw = g.s["pw"]
    assert B.police_from_out_of_play(g, "kiambu", 3, "Protect reserves", "K6") == 3
    assert g.s["control"]["kiambu"] == "british" and g.s["pw"] == pw + 2  # Kiambu's Population 2
    assert B.release_police(g, 10, "Relocate") == 4 and B.out_of_play(g) == 0
    assert B.release_police(g, 1, "Relocate") == 0  # 'if possible' (3.2.2)
    check(g.s)
