"""Japanese Occupation's board (issue 30): the Extract search over the Railways (4.3.1), the Intel chits
concealed from both players and drawn only as they are revealed (1.11), Operation Zipper's Supply Caches
(6.7.2; ruling R-ZIPPER), New Villages removed at once (1.15), the tracks' ends (1.7, 1.13) and the series'
citations in this rulebook's numbers (2.4.x)."""

from __future__ import annotations

import pytest

from engine.core.citing import cite, cite_text
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import intel_chits as chits
from engine.games.japanese_occupation.rules import RULES

from .helpers import do, legal, position, said, sp


def test_4_3_1_extract_reaches_four_starred_railways_from_each_ec_without_sabotage():
    g = position()
    assert [B.extract_value(g, ec) for ec in B.ECS] == [4, 4]  # 8.0 L1668


def test_4_3_1_sabotage_on_the_perak_kelantan_railway_cuts_the_top_ec_and_the_thai_railways():
    g = position(sabotage={"perak-kelantan": 1})  # L1444's example
    assert B.extract_value(g, "ec-top") == 0
    assert B.connected_rails(g.s["railways"], "ec-bottom") & B.STARRED == {"negri-sembilan-johore", "pahang-johore"}


def test_4_3_1_a_sabotaged_starred_railway_gives_nothing():
    g = position(sabotage={"negri-sembilan-johore": 1})
    assert B.extract_value(g, "ec-bottom") == 3


def test_1_11_a_concealed_chit_has_no_value_until_revealed_and_then_the_draw_gives_it():
    g = position(draws=[2])
    assert all(c["value"] is None for c in g.s["intel"].values())
    assert chits.reveal_intel(g, "kedah", "a test", "4.2.2") == 2
    assert g.s["intel"]["kedah"] == {"revealed": True, "seen": True, "value": 2}
    assert g.chance.outcomes[0]["kind"] == "draw" and g.chance.outcomes[0]["value"] == 2
    assert "revealed: value 2" in said(g)


def test_1_11_the_pool_draws_only_from_chits_not_placed():
    g = position(intel={"kedah": 2, "perak": 2})
    assert chits.intel_pool(g.s) == [0, 0, 0, 1, 1, 1, 2]


def test_1_11_a_concealed_chit_seen_before_keeps_its_value():
    g = position(intel={"perak": 1})
    chits.conceal_intel(g, "perak", "Eliminate", "4.3.3")
    assert g.s["intel"]["perak"] == {"revealed": False, "seen": True, "value": 1}
    assert chits.reveal_intel(g, "perak", "Gather", "4.2.2") == 1
    assert g.chance.outcomes == []  # no draw: the chit's value was known


def test_6_6_redeal_forgets_every_value():
    g = position(intel={"perak": 1})
    chits.redeal_intel(g)
    assert all(c == {"revealed": False, "seen": False, "value": None} for c in g.s["intel"].values())
    assert chits.revealed_total(g.s) == 0


def test_6_7_2_reaching_the_6_box_releases_its_supply_cache():
    g = position()
    before = g.s["available"]["caches"]
    B.set_zipper(g, 6, "a test", "6.2.5")
    assert g.s["zipper_caches"] == [12] and g.s["available"]["caches"] == before + 1


def test_6_7_2_a_jump_past_both_boxes_releases_both():
    g = position()
    B.set_zipper(g, 18, "a test", "6.2.5")
    assert g.s["zipper_caches"] == []


def test_6_7_2_falling_takes_from_available_first():
    g = position(zipper=12)
    n = g.s["available"]["caches"]
    B.set_zipper(g, 6, "a test", "6.2.5")
    assert g.s["zipper_caches"] == [12] and g.s["available"]["caches"] == n - 1


def test_6_7_2_falling_with_none_available_the_british_choose_the_cache_on_the_map():
    g = position(zipper=12, perak={"caches": 1}, johore={"caches": 1}, pahang={"caches": 1}, kelantan={"caches": 1},
                 trengganu={"caches": 1})
    assert g.s["available"]["caches"] == 0
    B.set_zipper(g, 6, "a test", "6.2.5")
    assert legal(g) == {"return": ["perak", "kelantan", "trengganu", "pahang", "johore"]}
    do(g, "return johore")
    assert sp(g, "johore")["caches"] == 0 and g.s["zipper_caches"] == [12]


def test_ruling_r_zipper_the_second_cache_may_sit_in_18():
    g = position(rulings={"R-ZIPPER": "six_and_eighteen"})
    assert B.cache_boxes(g.s) == (6, 18)


def test_6_2_5_the_zipper_box_is_the_highest_not_above_resistance():
    assert [B.zipper_for(r) for r in (0, 5, 6, 14, 19, 20)] == [0, 0, 6, 12, 18, 20]


def test_1_15_a_new_village_with_british_forces_and_no_japanese_is_removed_at_once():
    g = position(johore={"new_village": 1, "police": 1})
    B.place(g, "johore", "mpaja")
    assert sp(g, "johore")["new_village"] == 1
    B.remove(g, "johore", "police")
    assert sp(g, "johore")["new_village"] == 0 and g.s["available"]["new_village"] == 4
    assert "New Village in Johore was removed" in said(g)


@pytest.mark.parametrize("delta, expected", [(30, 20), (-30, 0)])
def test_1_13_resistance_stays_on_its_track(delta, expected):
    g = position()
    B.shift_resistance(g, delta, "a test", "5.1.1")
    assert g.s["resistance"] == expected


def test_1_4_2_operations_place_one_sabotage_on_a_railway_events_may_stack():
    g = position()
    assert B.sabotage(g, "perak-kelantan", "Sabotage", "3.2.3")
    assert not B.sabotage(g, "perak-kelantan", "Sabotage", "3.2.3")
    assert B.sabotage(g, "perak-kelantan", "an Event", "J23", stack=True)
    assert g.s["railways"]["perak-kelantan"] == 2


def test_2_4_the_series_citations_read_in_this_rulebooks_numbers():
    assert cite(RULES, "2.3.2") == "2.4.2"
    assert cite(RULES, "2.3.4, 4.1") == "2.4.4, 4.1"
    assert cite_text(RULES, "a Limited Operation comes with no Special Activity (2.3.4, 4.1)").endswith("(2.4.4, 4.1)")
    assert cite(RULES, "2.3") == "2.3" and cite(RULES, "12.3.4") == "12.3.4"


def test_1_11_a_value_placed_face_down_is_made_public_as_chance_so_a_check_of_orders_stops_before_it():
    from engine.core.chance import NoChance, Recorder
    from engine.core.errors import ChanceRequested
    from engine.core.flow import Context

    from .helpers import PROCS, fresh
    g = Context(fresh("example-of-play"), Recorder(NoChance()), RULES, PROCS)  # a preview's chance source
    with pytest.raises(ChanceRequested):
        # the Example placed a 2 there, face down (8.0 L1650)
        chits.reveal_intel(g, "kedah", "Gather", "4.2.2")
    assert g.log == [] and not g.s["intel"]["kedah"]["revealed"]
