"""Japanese Occupation Event cards J18-J31 of batch 2 (rule 5; 9.0 L1941-2107): J18, J20, J23, J25 shaded, J28,
J29, J30, J31 and the Capabilities J19, J22, J27. Each text's effect, who chooses (ruling R-5.1), "may" and "up
to" (ruling R-EVENT-MAY, both readings), 5.1.3 (a text that can change nothing is not offered; what can be done
must be), 5.1.1 (Available pieces and markers, stacking, tracks 0-20), own forces from the map (ruling
R-EVENT-FROM-MAP), the card rulings R-J20, R-J25, R-J28 and R-SABOTAGE-EVENTS, and each refusal's words and rule.

The texts are started as the Event box starts them (``EVENTS.start``) on a position built by hand, and orders go
through the driver of helpers.py, as ``engine.api`` applies them, the invariants checked after each.
"""

from __future__ import annotations

import pytest

from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import intel_chits as chits
from engine.games.japanese_occupation.data import CARDS
from engine.games.japanese_occupation.events import EVENTS

from .helpers import (
    capability_in_play,
    do,
    execute,
    offers_only_legal,
    over,
    position,
    prompt_text,
    refused,
    role,
    said,
    sides,
    sp,
)


def test_5_the_batch_registers_both_texts_of_its_cards_and_j25_shaded():
    cards = ("J18", "J19", "J20", "J22", "J23", "J25", "J27", "J28", "J29", "J30", "J31")
    mine = {(cid, side) for cid in cards for side in ("unshaded", "shaded")} - {("J25", "unshaded")}
    assert len(mine) == 21 and mine <= set(EVENTS)
    assert all(CARDS[cid]["capability"] for cid in ("J19", "J22", "J27"))


# -- Capabilities (5.3) --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["J19", "J22", "J27"])
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
@pytest.mark.parametrize("faction", ["british", "japanese"])
def test_5_3_J19_J22_J27_capabilities_stay_in_play_whoever_executes(cid, side, faction):
    capability_in_play(cid, side, faction)


# -- J18 Thai Administration -------------------------------------------------------------------------------------

def test_J18_unshaded_the_british_place_up_to_three_non_mpaja_next_to_thailand_whoever_executes():
    g = position(kedah={"troops": 1})
    execute(g, "J18", "unshaded", "japanese")
    assert role(g) == "british"
    assert offers_only_legal(g) == {"place": ["kedah", "perak", "kelantan"], "done": []}
    assert "place a non-MPAJA Guerrilla in Kedah, Perak or Kelantan (place SPACE) (0 of up to 3), or done" \
        in prompt_text(g)
    refused(g, "place pahang", "Pahang is not among the spaces the card places in", rule="J18")
    do(g, "place kedah", "place kedah", "place perak")
    assert over(g)
    assert sp(g, "kedah")["non_mpaja_u"] == 2 and sp(g, "perak")["non_mpaja_u"] == 1
    assert g.s["available"]["non_mpaja"] == 1


def test_J18_unshaded_up_to_three_the_british_may_stop_sooner():
    g = execute(position(), "J18", "unshaded", "british")
    do(g, "place kelantan", "done")
    assert over(g) and sp(g, "kelantan")["non_mpaja_u"] == 1 and g.s["available"]["non_mpaja"] == 3


def test_J18_unshaded_with_none_available_the_british_take_their_own_from_the_map():
    """Ruling R-EVENT-FROM-MAP (default map): 1.4.1 IMPORTANT names Events."""
    g = position(pahang={"non_mpaja_a": 4})
    execute(g, "J18", "unshaded", "british")
    do(g, "place perak")
    assert offers_only_legal(g) == {"take": ["pahang non-mpaja-a"], "done": []}
    do(g, "take pahang non-mpaja-a", "done")
    assert over(g)
    assert sp(g, "perak")["non_mpaja_u"] == 1 and sp(g, "pahang")["non_mpaja_a"] == 3


def test_J18_unshaded_not_offered_with_none_available_under_the_strict_reading():
    g = position(pahang={"non_mpaja_a": 4}, rulings={"R-EVENT-FROM-MAP": "available"})
    assert sides(g, "J18") == []  # nor the shaded text: no Guerrilla or Troop next to Thailand


def test_J18_shaded_the_japanese_may_remove_one_guerrilla_a_space_then_troops_go_to_kuala_lumpur():
    g = position(kedah={"mpaja_u": 1, "non_mpaja_a": 1, "troops": 2}, perak={"troops": 1},
                 kelantan={"mpaja_a": 2}, pahang={"mpaja_u": 1, "troops": 1})
    execute(g, "J18", "shaded", "british")
    assert role(g) == "japanese"
    assert offers_only_legal(g) == {"remove": ["kedah mpaja-u", "kedah non-mpaja-a", "kelantan mpaja-a"], "done": []}
    do(g, "remove kedah mpaja-u")  # Tip L1947: even an Underground one
    refused(g, "remove kedah non-mpaja-a", "Kedah", rule="J18")
    refused(g, "remove pahang mpaja-u", "Pahang is not among the spaces the card removes from", rule="J18")
    do(g, "done")
    assert over(g)
    assert sp(g, "kedah")["mpaja_u"] == 0 and sp(g, "kedah")["non_mpaja_a"] == 1 and sp(g, "kelantan")["mpaja_a"] == 2
    assert [sp(g, s)["troops"] for s in ("kedah", "perak", "kuala-lumpur", "pahang")] == [0, 0, 3, 1]
    assert g.s["available"]["mpaja"] == 10 - 4 + 1
    assert "2 Troops moved from Kedah to Kuala Lumpur" in said(g)
    assert "1 Troop moved from Perak to Kuala Lumpur" in said(g)


def test_J18_shaded_troops_move_even_where_no_guerrilla_was_removed():
    """Ruling R-EVENT-MAY: what follows 'then' is carried out whatever was chosen before it."""
    g = position(perak={"troops": 2})
    execute(g, "J18", "shaded", "japanese")
    assert over(g) and sp(g, "perak")["troops"] == 0 and sp(g, "kuala-lumpur")["troops"] == 2


def test_J18_shaded_1_15_a_new_village_left_with_guerrillas_and_no_troops_is_removed():
    g = position(kedah={"troops": 1, "mpaja_u": 1, "new_village": 1})
    execute(g, "J18", "shaded", "japanese")
    do(g, "done")
    assert over(g) and sp(g, "kedah")["new_village"] == 0 and g.s["available"]["new_village"] == 4
    assert "The New Village in Kedah was removed" in said(g)


def test_J18_shaded_whole_reading_binds_the_japanese_once_they_remove_one():
    g = position(kedah={"mpaja_u": 1}, kelantan={"mpaja_a": 1}, rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J18", "shaded", "japanese")
    assert "done" in offers_only_legal(g)
    do(g, "remove kelantan mpaja-a")
    assert "done" not in offers_only_legal(g) and "or done" not in prompt_text(g)
    refused(g, "done", "the card removes up to 2 piece(s), and 1 removed so far",
            "the umpire's reading 'whole' of ruling R-EVENT-MAY carries a begun text out in full",
            "what an Event can do, it must", rule="J18")
    do(g, "remove kedah mpaja-u")
    assert over(g) and B.guerrillas(sp(g, "kedah")) == 0


def test_J18_shaded_not_offered_without_guerrillas_or_troops_next_to_thailand():
    g = position(pahang={"troops": 1, "mpaja_u": 1})
    assert sides(g, "J18") == ["unshaded"]


# -- J20 Lim Bo Seng ------------------------------------------------------------------------------------------------

def test_J20_unshaded_removes_the_force_136_chosen_then_reveals_two_concealed_chits():
    g = position(perak={"force_136": 1}, johore={"force_136": 1}, intel={"kedah": 1}, draws=[2, 0])
    execute(g, "J20", "unshaded", "japanese")
    assert role(g) == "japanese"
    assert offers_only_legal(g) == {"remove": ["perak force-136", "johore force-136"]}
    refused(g, "remove kedah force-136", "Kedah is not a space with Force 136", rule="J20")
    refused(g, "remove perak kempeitai", "the card removes a Force 136 marker, not 'kempeitai'", rule="J20")
    refused(g, "done", "the card's text must be carried out", rule="J20")
    do(g, "remove johore force-136")
    assert sp(g, "johore")["force_136"] == 0 and g.s["available"]["force_136"] == 2
    actions = offers_only_legal(g)
    assert "done" not in actions and len(actions["reveal"]) == 8
    refused(g, "reveal kedah", "the Intel chit in Kedah is revealed: the card reveals a concealed one", rule="J20")
    refused(g, "reveal ec-top", "Economic Center (top) is an Economic Center, which has no Intel chit", rule="J20")
    refused(g, "done", "what an Event can do, it must", rule="J20")
    do(g, "reveal perak", "reveal pahang")
    assert over(g)
    assert g.s["intel"]["perak"] == {"revealed": True, "seen": True, "value": 2}
    assert g.s["intel"]["pahang"] == {"revealed": True, "seen": True, "value": 0}
    assert "The Intel chit in Perak was revealed: value 2" in said(g)


def test_J20_unshaded_one_marker_and_two_chits_left_go_without_a_choice():
    intel = {"perak": 1, "kelantan": 1, "trengganu": 2, "pahang": 0, "selangor": 0, "kuala-lumpur": 1,
             "negri-sembilan": 2}
    g = position(selangor={"force_136": 1}, intel=intel, draws=[2, 0])
    execute(g, "J20", "unshaded", "british")
    assert over(g)
    assert g.s["available"]["force_136"] == 3
    assert g.s["intel"]["kedah"]["value"] == 2 and g.s["intel"]["johore"]["value"] == 0
    assert chits.concealed_spaces(g) == []


def test_J20_unshaded_without_force_136_the_price_reading_offers_nothing():
    """Ruling R-J20 (default price): the marker is the price of the chits."""
    g = position()
    assert "unshaded" not in sides(g, "J20")


def test_J20_unshaded_without_force_136_the_partial_reading_reveals_anyway():
    intel = {"perak": 1, "kelantan": 1, "trengganu": 2, "pahang": 0, "selangor": 0, "kuala-lumpur": 1,
             "negri-sembilan": 2, "johore": 0}
    g = position(intel=intel, draws=[2], rulings={"R-J20": "partial"})
    assert "unshaded" in sides(g, "J20")
    execute(g, "J20", "unshaded", "british")
    assert over(g) and g.s["intel"]["kedah"] == {"revealed": True, "seen": True, "value": 2}
    assert "the chits are revealed anyway" in said(g)


def test_J20_shaded_sets_a_concealed_chit_aside_and_resistance_falls_by_its_value():
    g = position(perak={"force_136": 1}, intel={"kedah": 1}, resistance=5, draws=[2])
    execute(g, "J20", "shaded", "british")
    assert g.s["available"]["force_136"] == 3  # the one marker went without a choice
    actions = offers_only_legal(g)
    assert len(actions["remove"]) == 8 and "kedah intel" not in actions["remove"]
    refused(g, "remove kedah intel", "the Intel chit in Kedah is revealed: the card takes a concealed one",
            rule="J20")
    refused(g, "remove ec-top intel", "Economic Center (top) is an Economic Center", rule="J20")
    do(g, "remove johore intel")
    assert over(g)
    assert g.s["intel"]["johore"] is None and g.s["intel_aside"] == [2]
    assert g.s["resistance"] == 3
    assert "value 2, was set aside until the Reset" in said(g)
    assert chits.intel_pool(g.s) == [0, 0, 0, 1, 1, 2, 2]  # the chit aside is no longer in the pool


def test_J20_shaded_a_chit_seen_before_keeps_its_value_and_resistance_stops_at_zero():
    g = position(resistance=1)
    g.s["intel"]["perak"] = {"revealed": False, "seen": True, "value": 2}
    assert sides(g, "J20") == ["shaded"]  # no Force 136: the chit part still acts (ruling R-J20)
    execute(g, "J20", "shaded", "japanese")
    do(g, "remove perak intel")
    assert over(g) and g.chance.outcomes == []  # no draw: its value was known
    assert g.s["resistance"] == 0 and g.s["intel_aside"] == [2]
    assert "Lim Bo Seng: no Force 136 marker is on the map to remove." in said(g)


def test_J20_shaded_a_zero_chit_leaves_resistance_where_it_is():
    intel = {"perak": 1, "kelantan": 1, "trengganu": 2, "pahang": 0, "selangor": 0, "kuala-lumpur": 1,
             "negri-sembilan": 2, "johore": 2}
    g = position(intel=intel, resistance=4, draws=[0])
    execute(g, "J20", "shaded", "british")
    assert over(g) and g.s["intel"]["kedah"] is None and g.s["resistance"] == 4
    assert "Resistance stays at 4 (the chit's value is 0)" in said(g)


def test_J20_neither_text_offered_with_nothing_to_take():
    intel = {s: v for s, v in zip(B.INTEL_SPACES, B.INTEL_CHITS, strict=True)}
    g = position(intel=intel)
    assert sides(g, "J20") == []


# -- J23 Allied Bombing ----------------------------------------------------------------------------------------------

def test_J23_unshaded_the_british_sabotage_two_different_railways_even_sabotaged_ones():
    g = position(sabotage={"perak-kelantan": 1})
    execute(g, "J23", "unshaded", "japanese")
    assert role(g) == "british"
    actions = offers_only_legal(g)
    assert actions == {"sabotage": B.RAILWAYS, "done": []}
    refused(g, "sabotage nowhere", "'nowhere' is not a Railway marker", rule="J23")
    do(g, "sabotage perak-kelantan")
    refused(g, "sabotage perak-kelantan", "was chosen already: one marker a Railway", rule="J23")
    do(g, "sabotage thailand-kedah")
    assert over(g)
    assert g.s["railways"]["perak-kelantan"] == 2 and g.s["railways"]["thailand-kedah"] == 1
    assert "(2 there now)" in said(g)


def test_J23_unshaded_may_stop_after_one_railway():
    g = execute(position(), "J23", "unshaded", "british")
    do(g, "sabotage pahang-johore", "done")
    assert over(g) and sum(g.s["railways"].values()) == 1


def test_J23_unshaded_whole_reading_binds_after_the_first_marker():
    g = execute(position(rulings={"R-EVENT-MAY": "whole"}), "J23", "unshaded", "british")
    do(g, "sabotage pahang-johore")
    refused(g, "done", "the card takes 2 Railways where it can, and has taken 1", "ruling R-EVENT-MAY",
            "what an Event can do, it must", rule="J23")
    assert "or done" not in prompt_text(g)
    do(g, "sabotage negri-sembilan-pahang")
    assert over(g)


def test_J23_unshaded_stops_when_the_fifteen_markers_are_out_and_is_then_not_offered():
    g = position(kedah={"terror": 8}, perak={"terror": 6})
    execute(g, "J23", "unshaded", "british")
    do(g, "sabotage thailand-perak")
    assert over(g) and B.sabotage_terror_left(g) == 0
    assert "unshaded" not in sides(g, "J23")


def test_J23_shaded_removes_opposition_from_two_provinces_next_to_sabotaged_railways():
    g = position(sabotage={"perak-pahang-selangor": 1}, perak={"opposition": 1}, pahang={"opposition": 1},
                 selangor={"opposition": 1}, kuala_lumpur={"opposition": 1}, kedah={"opposition": 1})
    execute(g, "J23", "shaded", "british")
    assert role(g) == "british"
    assert offers_only_legal(g) == {"space": ["perak", "pahang", "selangor"]}
    refused(g, "space kuala-lumpur", "Kuala Lumpur is not a Province", rule="J23")
    refused(g, "space kedah", "no Railway next to Kedah (Thailand-Kedah Railway) has a Sabotage marker", rule="J23")
    refused(g, "space johore", "Johore is Neutral: no Opposition to remove", rule="J23")
    refused(g, "done", "what an Event can do, it must", rule="J23")
    do(g, "space perak", "space selangor")
    assert over(g)
    assert [sp(g, s)["opposition"] for s in ("perak", "selangor", "pahang", "kuala-lumpur")] == [0, 0, 1, 1]


def test_J23_shaded_two_or_fewer_provinces_are_set_neutral_without_a_choice():
    g = position(sabotage={"thailand-kedah": 1}, kedah={"opposition": 1}, perak={"opposition": 1})
    execute(g, "J23", "shaded", "japanese")
    assert over(g) and not sp(g, "kedah")["opposition"] and sp(g, "perak")["opposition"]


def test_J23_shaded_not_offered_without_opposition_next_to_sabotage():
    assert sides(position(perak={"opposition": 1}), "J23") == ["unshaded"]


# -- J25 John Davis (shaded) ---------------------------------------------------------------------------------------

def test_J25_shaded_the_executing_faction_puts_a_force_136_marker_of_its_choice_on_the_card():
    g = position(perak={"force_136": 1}, johore={"force_136": 2})
    execute(g, "J25", "shaded", "japanese")
    assert role(g) == "japanese"
    assert offers_only_legal(g) == {"remove": ["perak force-136", "johore force-136"]}
    refused(g, "remove kedah force-136", "Kedah has no Force 136 marker to remove", rule="J25")
    do(g, "remove johore force-136")
    assert over(g)
    assert g.s["davis"] == 1 and sp(g, "johore")["force_136"] == 1 and g.s["available"]["force_136"] == 0
    assert g.s["flags"]["davis_by"] == "japanese"  # ruling R-J25: its executor places it at the Reset
    assert "Japanese return it to a Province with a Jungle Camp" in said(g)


def test_J25_shaded_a_single_marker_goes_without_a_choice():
    g = execute(position(kelantan={"force_136": 1}), "J25", "shaded", "british")
    assert over(g) and g.s["davis"] == 1 and g.s["flags"]["davis_by"] == "british"


def test_J25_shaded_not_playable_without_force_136_on_the_map():
    text = EVENTS[("J25", "shaded")]
    assert not text.playable(position(), "japanese")
    assert text.playable(position(trengganu={"force_136": 1}), "japanese")


# -- J28 Operation Gustavus -------------------------------------------------------------------------------------------

def test_J28_unshaded_lands_in_the_one_jungle_camp_province_where_the_cache_can_go():
    """Ruling R-J28: a Province where the Supply Cache can go comes first; the Jungle Camp stays."""
    g = position(perak={"jungle_camp": 1, "caches": 1}, johore={"jungle_camp": 1})
    execute(g, "J28", "unshaded", "japanese")
    assert over(g)
    assert sp(g, "johore")["force_136"] == 1 and sp(g, "johore")["caches"] == 1 and sp(g, "johore")["jungle_camp"] == 1
    assert sp(g, "perak")["force_136"] == 0


def test_J28_unshaded_the_executing_faction_chooses_among_the_provinces():
    g = position(kedah={"jungle_camp": 1}, johore={"jungle_camp": 1}, perak={"jungle_camp": 1, "caches": 1})
    execute(g, "J28", "unshaded", "british")
    assert offers_only_legal(g) == {"space": ["kedah", "johore"]}
    refused(g, "space perak", "Perak has 1 Supply Cache already", rule="J28")
    refused(g, "space pahang", "Pahang has no Jungle Camp", rule="J28")
    do(g, "space kedah")
    assert over(g) and sp(g, "kedah")["force_136"] == 1 and sp(g, "kedah")["caches"] == 1


def test_J28_unshaded_the_british_may_take_their_cache_from_the_map():
    g = position(kedah={"jungle_camp": 1}, perak={"caches": 1}, pahang={"caches": 1}, johore={"caches": 1})
    assert g.s["available"]["caches"] == 0
    execute(g, "J28", "unshaded", "british")
    assert offers_only_legal(g) == {"take": ["perak cache", "pahang cache", "johore cache"], "done": []}
    do(g, "take pahang cache")
    assert over(g) and sp(g, "kedah")["caches"] == 1 and sp(g, "pahang")["caches"] == 0
    assert sp(g, "kedah")["force_136"] == 1


def test_J28_unshaded_the_japanese_place_no_british_cache_from_the_map():
    g = position(kedah={"jungle_camp": 1}, perak={"caches": 1}, pahang={"caches": 1}, johore={"caches": 1})
    execute(g, "J28", "unshaded", "japanese")
    assert over(g) and sp(g, "kedah")["force_136"] == 1 and sp(g, "kedah")["caches"] == 0
    assert "no Supply Cache is Available" in said(g)


def test_J28_unshaded_not_offered_when_nothing_can_land():
    g = position(kedah={"jungle_camp": 1, "caches": 1}, perak={"force_136": 3})
    assert "unshaded" not in sides(g, "J28")
    assert "unshaded" not in sides(position(perak={"caches": 1}), "J28")  # no Jungle Camp


def test_J28_shaded_removes_a_force_136_or_a_cache_near_troops():
    g = position(kuala_lumpur={"troops": 1}, selangor={"caches": 1}, pahang={"force_136": 1, "caches": 1},
                 johore={"force_136": 1}, kedah={"caches": 1})
    execute(g, "J28", "shaded", "british")
    assert role(g) == "british"
    assert offers_only_legal(g) == {"remove": ["pahang force-136", "pahang cache", "selangor cache"]}
    refused(g, "remove johore force-136", "Johore is not a Province with Troops or next to Troops", rule="J28")
    refused(g, "remove selangor force-136", "Selangor has no Force 136 marker to remove", rule="J28")
    refused(g, "remove pahang troops", "not 'troops'", rule="J28")
    refused(g, "remove pahang", "'remove' here is written 'remove SPACE force-136|cache'", rule="J28")
    do(g, "remove pahang cache")
    assert over(g)
    assert sp(g, "pahang")["caches"] == 0 and sp(g, "pahang")["force_136"] == 1
    assert "the Supply Cache in Pahang was removed to Available" in said(g)


def test_J28_shaded_a_single_target_goes_without_a_choice():
    g = execute(position(kedah={"troops": 1, "force_136": 1}), "J28", "shaded", "japanese")
    assert over(g) and sp(g, "kedah")["force_136"] == 0 and g.s["available"]["force_136"] == 3


def test_J28_shaded_not_offered_far_from_troops():
    assert "shaded" not in sides(position(kedah={"force_136": 1}, johore={"troops": 1}), "J28")


# -- J29 Kempeitai ---------------------------------------------------------------------------------------------------

def test_J29_unshaded_takes_a_kempeitai_marker_out_of_the_game():
    g = position(perak={"kempeitai": 2}, johore={"kempeitai": 1})
    assert g.s["kempeitai_out"] == 0
    execute(g, "J29", "unshaded", "british")
    assert offers_only_legal(g) == {"remove": ["perak kempeitai", "johore kempeitai"]}
    do(g, "remove perak kempeitai")
    assert over(g) and sp(g, "perak")["kempeitai"] == 1 and g.s["kempeitai_out"] == 1


def test_J29_unshaded_not_offered_with_no_kempeitai_on_the_map():
    g = position()
    assert g.s["kempeitai_out"] == 3 and "unshaded" not in sides(g, "J29")


def test_J29_shaded_the_japanese_move_each_kempeitai_once_then_conceal_up_to_two_chits():
    g = position(perak={"kempeitai": 2}, johore={"kempeitai": 1}, intel={"kedah": 2, "pahang": 0, "johore": 1})
    execute(g, "J29", "shaded", "british")
    assert role(g) == "japanese"
    actions = offers_only_legal(g)
    assert len(actions["move"]) == 20 and "done" in actions
    do(g, "move perak kuala-lumpur", "move johore perak")
    assert "(2 of 3 moved), or done" in prompt_text(g)
    refused(g, "move johore selangor", "Johore has no Kempeitai marker to move", rule="J29")
    refused(g, "move kuala-lumpur kedah", "moved there by this card: each moves once", rule="J29")
    refused(g, "move perak perak", "would not move", rule="J29")
    do(g, "done")
    assert [sp(g, s)["kempeitai"] for s in ("perak", "johore", "kuala-lumpur")] == [2, 0, 1]
    assert offers_only_legal(g) == {"conceal": ["kedah", "pahang", "johore"], "done": []}
    refused(g, "conceal perak", "the Intel chit in Perak is concealed: the card conceals a revealed one", rule="J29")
    do(g, "conceal kedah", "conceal johore")
    assert over(g)
    assert g.s["intel"]["kedah"] == {"revealed": False, "seen": True, "value": 2}
    assert chits.revealed_spaces(g) == ["pahang"]


def test_J29_shaded_every_kempeitai_moved_ends_the_moves_and_no_revealed_chit_is_said():
    g = position(selangor={"kempeitai": 1})
    execute(g, "J29", "shaded", "japanese")
    do(g, "move selangor ec-top")
    assert over(g) and sp(g, "ec-top")["kempeitai"] == 1
    assert "no Intel chit is revealed to conceal" in said(g)


def test_J29_shaded_whole_reading_moves_every_marker_once_begun():
    g = position(perak={"kempeitai": 1}, johore={"kempeitai": 1}, rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J29", "shaded", "japanese")
    do(g, "move perak kedah")
    assert "done" not in offers_only_legal(g) and "or done" not in prompt_text(g)
    refused(g, "done", "move all 2", rule="J29")
    do(g, "move johore kedah")
    assert over(g) and sp(g, "kedah")["kempeitai"] == 2


def test_J29_shaded_offered_with_only_revealed_chits():
    g = position(intel={"kedah": 2})
    assert sides(g, "J29") == ["shaded"]
    execute(g, "J29", "shaded", "british")
    do(g, "conceal kedah")
    assert over(g) and chits.revealed_spaces(g) == []


# -- J30 Malayan Volunteer Corps -----------------------------------------------------------------------------------

def test_J30_unshaded_removes_a_police_each_from_up_to_three_spaces_with_guerrillas_and_opposition():
    g = position(perak={"mpaja_u": 1, "police": 2, "opposition": 1}, kedah={"non_mpaja_a": 1, "police": 1,
                 "opposition": 1}, pahang={"police": 1, "mpaja_u": 1}, johore={"police": 1, "opposition": 1})
    execute(g, "J30", "unshaded", "japanese")
    assert role(g) == "japanese"
    assert offers_only_legal(g) == {"remove": ["kedah police", "perak police"], "done": []}
    refused(g, "remove pahang police", "Pahang is not among the spaces the card removes from", rule="J30")
    do(g, "remove perak police")
    refused(g, "remove perak police", "Perak", rule="J30")
    do(g, "done")
    assert over(g) and sp(g, "perak")["police"] == 1 and sp(g, "kedah")["police"] == 1
    assert g.s["available"]["police"] == 6 - 5 + 1


def test_J30_shaded_with_enough_police_each_troops_space_gets_one_without_a_choice():
    g = position(perak={"troops": 1}, kuala_lumpur={"troops": 2, "police": 1})
    execute(g, "J30", "shaded", "british")
    assert over(g) and sp(g, "perak")["police"] == 1 and sp(g, "kuala-lumpur")["police"] == 2


def test_J30_shaded_with_too_few_police_the_executing_faction_chooses_the_spaces():
    """Ruling R-EVENT-MAY: carried out as fully as pieces allow, the executing faction choosing where."""
    g = position(perak={"troops": 1}, pahang={"troops": 1}, johore={"troops": 1}, kedah={"police": 4})
    execute(g, "J30", "shaded", "british")
    assert offers_only_legal(g) == {"place": ["perak", "pahang", "johore"]}
    assert "(0 of 2 to place)" in prompt_text(g)
    refused(g, "done", "what an Event can do, it must", rule="J30")
    refused(g, "place kedah", "Kedah is not among the spaces the card places in", rule="J30")
    do(g, "place johore")
    refused(g, "place johore", "Johore", rule="J30")
    do(g, "place perak")
    assert over(g) and [sp(g, s)["police"] for s in ("perak", "pahang", "johore")] == [1, 0, 1]


def test_J30_shaded_the_japanese_may_take_police_from_the_map():
    g = position(perak={"troops": 1}, kedah={"police": 6})
    execute(g, "J30", "shaded", "japanese")
    assert offers_only_legal(g) == {"place": ["perak"], "done": []}
    do(g, "place perak")
    assert offers_only_legal(g) == {"take": ["kedah police"], "done": []}
    do(g, "take kedah police")
    assert over(g) and sp(g, "perak")["police"] == 1 and sp(g, "kedah")["police"] == 5


def test_J30_shaded_not_offered_to_the_british_with_no_police_available():
    g = position(perak={"troops": 1}, kedah={"police": 6})
    assert "shaded" not in sides(g, "J30", "british") and "shaded" in sides(g, "J30", "japanese")


# -- J31 Comfort Women ----------------------------------------------------------------------------------------------

def test_J31_unshaded_resources_fall_per_space_with_troops_and_opposition():
    g = position(perak={"troops": 1, "opposition": 1}, kuala_lumpur={"troops": 1, "opposition": 1},
                 johore={"troops": 1}, kedah={"opposition": 1}, resources=5)
    execute(g, "J31", "unshaded", "japanese")
    assert over(g) and g.s["resources"] == 3
    assert "Japanese Resources fell from 5 to 3" in said(g)


def test_J31_unshaded_stops_at_zero_and_is_not_offered_there():
    g = position(perak={"troops": 1, "opposition": 1}, kuala_lumpur={"troops": 1, "opposition": 1}, resources=1)
    execute(g, "J31", "unshaded", "british")
    assert g.s["resources"] == 0
    assert "unshaded" not in sides(g, "J31")


def test_J31_shaded_resources_rise_per_space_with_troops_up_to_twenty():
    g = position(perak={"troops": 1, "opposition": 1}, kuala_lumpur={"troops": 3}, johore={"troops": 1},
                 resources=5)
    execute(g, "J31", "shaded", "british")
    assert g.s["resources"] == 8
    g = execute(position(perak={"troops": 1}, johore={"troops": 1}, resources=19), "J31", "shaded", "japanese")
    assert g.s["resources"] == 20
    assert "shaded" not in sides(g, "J31")


def test_J31_neither_text_offered_without_troops():
    assert sides(position(perak={"opposition": 1}, resources=5), "J31") == []
