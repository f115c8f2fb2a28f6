"""Japanese Occupation Event cards of the first batch (rule 5, 9.0 L1751-1939): J2, J3, J4, J5, J6 (Mandatory),
J10, J14, J16, J17 and the Capabilities J8, J12, J15. Each text's effect, its choices and who makes them (5.1,
ruling R-5.1), its refusals (words and rule), 5.1.3 (a text that can change nothing is not offered; what can be
done must be), 5.1.1 (Available pieces only, own forces from the map by ruling R-EVENT-FROM-MAP, Resistance and
Resources 0-20) and the card rulings (R-SABOTAGE-EVENTS, R-NEUTRAL, R-J3, R-J6, R-J10, R-J17, R-EVENT-MAY).

The texts are started as the Event box starts them (``EVENTS.start``) on a position built by hand, and the
orders are given with the driver of helpers.py, as ``engine.api`` applies them, the invariants checked after
each.
"""

from __future__ import annotations

import pytest

from engine.core.flow import Context
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import intel_chits as chits
from engine.games.japanese_occupation.own_pieces import OWN

from .helpers import (
    capability_in_play,
    do,
    execute,
    legal,
    over,
    position,
    prompt_text,
    refused,
    role,
    said,
    sides,
    sp,
)

PK, PPS, NJ, PJ, NP = "perak-kelantan", "perak-pahang-selangor", "negri-sembilan-johore", "pahang-johore", \
    "negri-sembilan-pahang"
TK, TKEL, TP = "thailand-kedah", "thailand-kelantan", "thailand-perak"


# -- Capabilities (5.3) -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["J8", "J12", "J15"])
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
@pytest.mark.parametrize("faction", ["british", "japanese"])
def test_5_3_capabilities_j8_j12_j15_go_into_play_for_the_rest_of_the_game(cid, side, faction):
    """Either faction may execute either text (5.3: the labels are flavour); it stays in effect."""
    capability_in_play(cid, side, faction)


# -- J2 Greater East Asia Co-Prosperity Sphere ---------------------------------------------------------------------

def example_j2() -> Context:
    """8.0 L1676: Opposition in Perak, Johore, Negri Sembilan and Trengganu when the British execute J2."""
    return position(perak={"opposition": 1, "troops": 3}, johore={"opposition": 1}, negri_sembilan={"opposition": 1},
                    trengganu={"opposition": 1})


def test_J2_unshaded_example_of_play_sabotages_three_railways_next_to_opposition():
    """8.0 L1676: the Perak-Kelantan, Perak-Pahang-Selangor and starred Negri Sembilan-Johore Railways."""
    g = example_j2()
    execute(g, "J2", "unshaded", "british")
    assert role(g) == "british"
    # every Railway touching Perak, Johore or Negri Sembilan; none touches only Kedah or Kelantan (Neutral)
    assert legal(g) == {"sabotage": [NJ, PJ, TP, PK, PPS, NP], "done": []}
    assert "place a Sabotage marker on a Railway next to Opposition (sabotage RAILWAY) (0 of up to 3), or done" \
        in prompt_text(g)
    do(g, f"sabotage {PK}", f"sabotage {PPS}", f"sabotage {NJ}")
    assert over(g)
    assert {r: n for r, n in g.s["railways"].items() if n} == {PK: 1, PPS: 1, NJ: 1}
    assert "A Sabotage marker was placed on the Perak-Kelantan Railway (Greater East Asia" in said(g)


def test_J2_unshaded_may_stack_on_a_sabotaged_railway_once_each_and_stop_early():
    """Tip L1757: a Railway already sabotaged takes another; one marker a Railway (ruling R-SABOTAGE-EVENTS)."""
    g = position(sabotage={PK: 1}, kelantan={"opposition": 1})
    execute(g, "J2", "unshaded", "japanese")
    assert legal(g) == {"sabotage": [TKEL, PK], "done": []}
    do(g, f"sabotage {PK}")
    assert g.s["railways"][PK] == 2
    refused(g, f"sabotage {PK}", "was chosen already: one marker a Railway", rule="J2")
    do(g, "done")
    assert over(g) and g.s["railways"][TKEL] == 0


def test_J2_unshaded_refuses_a_railway_away_from_opposition_and_a_word_that_is_no_railway():
    g = example_j2()
    execute(g, "J2", "unshaded", "british")
    refused(g, f"sabotage {TK}", "the card sabotages Railways next to Opposition",
            "Thailand-Kedah Railway is next to Kedah (Neutral)", rule="J2")
    refused(g, "sabotage perak", "'perak' is not a Railway marker", rule="J2")


def test_J2_unshaded_not_offered_without_opposition_or_without_a_marker_left():
    assert "unshaded" not in sides(position(), "J2")
    # 1.2: 15 Sabotage/Terror markers in all
    g = position(perak={"opposition": 1, "terror": 5}, sabotage={PK: 5, PPS: 5})
    assert "unshaded" not in sides(g, "J2")


def test_J2_shaded_repairs_up_to_two_railways_next_to_neutral_spaces_one_marker_each():
    g = position(sabotage={PK: 2, TK: 1, NJ: 1}, negri_sembilan={"opposition": 1}, johore={"opposition": 1})
    execute(g, "J2", "shaded", "japanese")
    # the Negri Sembilan-Johore Railway touches two spaces at Opposition and an EC, never Neutral (R-NEUTRAL)
    assert legal(g) == {"repair": [TK, PK], "done": []}
    refused(g, f"repair {NJ}", "Economic Center (bottom) (never Neutral)", match=r"Negri Sembilan \(at Opposition\)",
            rule="J2")
    refused(g, f"repair {PJ}", "has no Sabotage marker to remove", rule="J2")
    do(g, f"repair {PK}")
    assert g.s["railways"][PK] == 1
    assert legal(g) == {"repair": [TK], "done": []}
    do(g, f"repair {TK}")
    assert over(g) and g.s["railways"] == {**g.s["railways"], PK: 1, TK: 0, NJ: 1}


def test_J2_shaded_ruling_alternative_all_clears_every_marker_of_a_railway():
    g = position(sabotage={PK: 2}, rulings={"R-SABOTAGE-EVENTS": "all"})
    execute(g, "J2", "shaded", "british")
    do(g, f"repair {PK}")
    assert over(g) and g.s["railways"][PK] == 0


def test_J2_shaded_not_offered_without_sabotage_next_to_a_neutral_space():
    assert "shaded" not in sides(position(), "J2")
    g = position(sabotage={NJ: 1}, negri_sembilan={"opposition": 1}, johore={"opposition": 1})
    assert "shaded" not in sides(g, "J2")


# -- J3 Overseas Chinese Association -------------------------------------------------------------------------------

def test_J3_unshaded_the_british_place_up_to_two_mpaja_and_one_non_mpaja_where_force_136_is():
    """The British decide even when the Japanese execute (the text names them); an EC counts (ruling R-J3)."""
    g = position(perak={"force_136": 1, "troops": 2}, ec_top={"force_136": 1}, kedah={"jungle_camp": 1})
    execute(g, "J3", "unshaded", "japanese")
    assert role(g) == "british"
    assert legal(g) == {"place": ["perak", "ec-top"], "done": []}
    assert "British (Overseas Chinese Association): place an MPAJA Guerrilla in a space with Force 136 " \
           "(place SPACE) (0 of up to 2), or done" in prompt_text(g)
    refused(g, "place kedah", "Kedah is not among the spaces the card places in (Perak and Economic Center (top))",
            rule="J3")
    do(g, "place ec-top", "place ec-top")
    assert sp(g, "ec-top")["mpaja_u"] == 2
    assert "place a non-MPAJA Guerrilla" in prompt_text(g)
    do(g, "place perak")
    assert over(g)
    assert sp(g, "perak")["non_mpaja_u"] == 1 and g.s["available"]["non_mpaja"] == 3


def test_J3_unshaded_up_to_lets_the_british_place_none():
    g = position(pahang={"force_136": 1})
    execute(g, "J3", "unshaded", "british")
    do(g, "done", "done")
    assert over(g) and B.guerrillas(sp(g, "pahang")) == 0


def test_J3_unshaded_british_take_their_own_from_the_map_when_none_is_available():
    """1.4.1 IMPORTANT, ruling R-EVENT-FROM-MAP: the owner picks the piece, or takes none."""
    g = position(pahang={"force_136": 1}, johore={"mpaja_a": 10}, kedah={"non_mpaja_u": 4})
    execute(g, "J3", "unshaded", "japanese")
    do(g, "place pahang")
    assert legal(g) == {"take": ["johore mpaja-a"], "done": []} and role(g) == "british"
    do(g, "take johore mpaja-a")
    assert sp(g, "pahang")["mpaja_u"] == 1 and sp(g, "johore")["mpaja_a"] == 9
    do(g, "done", "place pahang", "take kedah non-mpaja-u")
    assert over(g) and sp(g, "pahang")["non_mpaja_u"] == 1


def test_J3_unshaded_strict_reading_of_5_1_1_places_available_pieces_only():
    """The umpire's other reading of the from-the-map ruling: an Event places Available pieces only (5.1.1)."""
    g = position(pahang={"force_136": 1}, johore={"mpaja_a": 10}, rulings={OWN.event_ruling: "available"})
    execute(g, "J3", "unshaded", "british")
    assert role(g) == "british" and legal(g) == {"place": ["pahang"], "done": []}
    assert "place a non-MPAJA Guerrilla" in prompt_text(g)  # no MPAJA to place: that part is passed over
    assert "no MPAJA Guerrilla can be placed in a space with Force 136" in said(g)
    do(g, "place pahang")
    assert over(g) and sp(g, "johore")["mpaja_a"] == 10
    g = position(perak={"caches": 1}, pahang={"force_136": 1}, johore={"mpaja_u": 10},
                 rulings={OWN.event_ruling: "available"})
    assert sides(g, "J14", "british") == ["shaded"]


def test_J3_unshaded_not_offered_without_force_136_on_the_map():
    assert "unshaded" not in sides(position(perak={"jungle_camp": 1}), "J3")


def test_J3_shaded_resources_rise_one_for_every_two_neutral_population():
    """R-POP: Kedah 2, Perak 3, Kelantan 2, Trengganu 1, Pahang 1, Selangor 1, Kuala Lumpur 2, Negri Sembilan 2,
    Johore 2; Perak and Kedah at Opposition leave 11 Neutral Population; ECs have none (ruling R-NEUTRAL)."""
    g = position(resources=3, perak={"opposition": 1}, kedah={"opposition": 1})
    execute(g, "J3", "shaded", "japanese")
    assert g.s["resources"] == 3 + 5 and over(g)


def test_J3_shaded_stops_at_twenty_and_is_not_offered_there():
    g = execute(position(resources=15), "J3", "shaded", "british")
    assert g.s["resources"] == 20
    assert "shaded" not in sides(position(resources=20), "J3")


# -- J4 Chin Peng --------------------------------------------------------------------------------------------------

def test_J4_unshaded_resistance_rises_per_space_with_force_136_and_a_jungle_camp():
    g = position(resistance=5, perak={"force_136": 2, "jungle_camp": 1}, pahang={"force_136": 1, "jungle_camp": 1},
                 kedah={"jungle_camp": 1})
    execute(g, "J4", "unshaded", "british")
    assert g.s["resistance"] == 7 and over(g)


def test_J4_unshaded_not_offered_without_such_a_space_or_at_twenty():
    assert "unshaded" not in sides(position(perak={"force_136": 1}, kedah={"jungle_camp": 1}), "J4")
    assert "unshaded" not in sides(position(resistance=20, perak={"force_136": 1, "jungle_camp": 1}), "J4")
    g = execute(position(resistance=19, perak={"force_136": 1, "jungle_camp": 1},
                         pahang={"force_136": 1, "jungle_camp": 1}), "J4", "unshaded", "japanese")
    assert g.s["resistance"] == 20


def test_J4_shaded_every_force_136_space_loses_its_jungle_camp():
    g = position(perak={"force_136": 1, "jungle_camp": 1}, pahang={"force_136": 1, "jungle_camp": 1},
                 kedah={"jungle_camp": 1})
    execute(g, "J4", "shaded", "japanese")
    assert over(g)
    assert B.spaces_with(g, "jungle_camp") == ["kedah"] and g.s["available"]["jungle_camp"] == 3
    assert B.on_map(g, "force_136") == 2
    assert "shaded" not in sides(position(kedah={"jungle_camp": 1}, perak={"force_136": 1}), "J4")


# -- J5 "Hill Rats" ---------------------------------------------------------------------------------------------------

def test_J5_unshaded_flips_every_guerrilla_underground():
    g = position(perak={"mpaja_a": 2, "non_mpaja_a": 1, "mpaja_u": 1}, ec_top={"non_mpaja_a": 1})
    execute(g, "J5", "unshaded", "british")
    assert over(g)
    assert sp(g, "perak")["mpaja_u"] == 3 and sp(g, "perak")["non_mpaja_u"] == 1
    assert sum(B.active_guerrillas(sp(g, s)) for s in B.SPACES) == 0
    assert "(4 Active Guerrillas flipped)" in said(g)
    assert "unshaded" not in sides(position(perak={"mpaja_u": 2}), "J5")


def test_J5_shaded_japanese_choose_an_opposition_space_with_an_active_guerrilla():
    g = position(perak={"opposition": 1, "mpaja_a": 1}, johore={"opposition": 1, "non_mpaja_a": 1},
                 kedah={"opposition": 1, "mpaja_u": 2}, pahang={"mpaja_a": 1})
    execute(g, "J5", "shaded", "japanese")
    assert role(g) == "japanese" and legal(g) == {"space": ["perak", "johore"]}
    refused(g, "space kedah", "Kedah has no Active Guerrilla", rule="J5")
    refused(g, "space pahang", "Pahang is Neutral: no Opposition to remove", rule="J5")
    do(g, "space johore")
    assert over(g) and not B.opposed(g, "johore") and B.opposed(g, "perak")


def test_J5_shaded_one_space_is_taken_without_asking_and_none_is_not_offered():
    g = execute(position(perak={"opposition": 1, "mpaja_a": 1}), "J5", "shaded", "british")
    assert over(g) and not B.opposed(g, "perak")
    assert "shaded" not in sides(position(perak={"opposition": 1, "mpaja_u": 1}), "J5")


# -- J6 Jungle is Neutral (Mandatory) -------------------------------------------------------------------------------

def test_J6_rolls_for_each_jungle_province_and_misses_change_nothing():
    g = position(rolls=[3, 4, 5, 6, 3, 4], kedah={"non_mpaja_u": 1}, johore={"troops": 2, "mpaja_u": 1})
    assert sides(g, "J6") == ["event"]
    execute(g, "J6", "event", "british")
    assert over(g)
    assert sp(g, "kedah")["non_mpaja_u"] == 1 and sp(g, "johore")["troops"] == 2
    for name, die in (("Kedah", 3), ("Kelantan", 4), ("Trengganu", 5), ("Pahang", 6), ("Negri Sembilan", 3),
                      ("Johore", 4)):
        assert f"the die for {name} rolled {die}; nothing happens there" in said(g)


def test_J6_each_faction_chooses_its_own_force_troops_go_to_kuala_lumpur():
    """Tip L1805 and ruling R-J6: the British choose first (a Guerrilla to keep the Cache), then the Japanese."""
    g = position(rolls=[6, 6, 6, 1, 6, 6],
                 pahang={"troops": 2, "police": 1, "mpaja_u": 1, "non_mpaja_a": 1, "caches": 1,
                         "force_136": 1, "jungle_camp": 1, "kempeitai": 1})
    execute(g, "J6", "event", "japanese")
    assert role(g) == "british"
    assert legal(g) == {"remove": ["pahang mpaja-u", "pahang non-mpaja-a", "pahang cache"]}
    refused(g, "remove pahang troops", "is not a choice here", rule="J6")
    do(g, "remove pahang non-mpaja-a")
    assert role(g) == "japanese" and legal(g) == {"remove": ["pahang troops", "pahang police"]}
    do(g, "remove pahang troops")
    assert over(g)
    x = sp(g, "pahang")
    assert (x["troops"], x["police"], x["mpaja_u"], x["non_mpaja_a"], x["caches"]) == (1, 1, 1, 0, 1)
    assert (x["force_136"], x["jungle_camp"], x["kempeitai"]) == (1, 1, 1)  # markers are no forces (Tip L1805)
    assert sp(g, "kuala-lumpur")["troops"] == 1 and g.s["available"]["non_mpaja"] == 4
    assert "a Troop left Pahang for Kuala Lumpur" in said(g)


def test_J6_a_faction_with_one_kind_of_force_is_not_asked_and_one_with_none_loses_nothing():
    g = position(rolls=[2, 6, 6, 6, 6, 6], kedah={"mpaja_a": 2, "police": 1}, perak={"troops": 3})
    execute(g, "J6", "event", "british")
    assert over(g)
    assert sp(g, "kedah")["mpaja_a"] == 1 and sp(g, "kedah")["police"] == 0 and g.s["available"]["police"] == 6
    # Perak is a Mountain Province: no roll for it
    assert sp(g, "perak")["troops"] == 3 and "Perak" not in said(g)


def test_J6_a_hit_where_no_force_stands_removes_no_marker():
    g = position(rolls=[1, 6, 6, 6, 6, 6], kedah={"force_136": 1, "jungle_camp": 1, "kempeitai": 1})
    execute(g, "J6", "event", "british")
    assert over(g) and sp(g, "kedah")["force_136"] == 1 and sp(g, "kedah")["jungle_camp"] == 1
    assert "the die for Kedah rolled 1, but no forces are there" in said(g)


def test_J6_both_removals_happen_before_the_new_village_is_checked():
    """Ruling R-J6 and 1.15: with its Police and the only Guerrilla gone together, no British force remains, so
    the New Village stays; taken one after the other it would have gone."""
    g = position(rolls=[6, 6, 6, 6, 6, 2], johore={"police": 1, "mpaja_u": 1, "new_village": 1})
    execute(g, "J6", "event", "british")
    assert over(g) and sp(g, "johore")["new_village"] == 1 and B.japanese_forces(sp(g, "johore")) == 0


def test_J6_a_new_village_left_with_british_forces_only_goes():
    g = position(rolls=[6, 6, 6, 6, 6, 1], johore={"troops": 1, "mpaja_u": 2, "new_village": 1})
    execute(g, "J6", "event", "british")
    assert over(g) and sp(g, "johore")["new_village"] == 0 and sp(g, "johore")["mpaja_u"] == 1
    assert "The New Village in Johore was removed" in said(g)


def test_J6_runs_as_the_mandatory_event_of_the_sequence():
    """5.4: rules.py's jo.mandatory starts the one text as the card is revealed."""
    g = position(rolls=[1, 6, 6, 6, 6, 6], kedah={"non_mpaja_u": 1})
    g.s["current"] = "J6"
    g.call("jo.mandatory", "british", cid="J6")
    g.settle()
    assert over(g) and sp(g, "kedah")["non_mpaja_u"] == 0
    assert "Jungle is Neutral is a Mandatory Event" in said(g)


# -- J10 Rationing System ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("before,result,loss", [(7, 3, 4), (8, 4, 4), (1, 0, 1), (20, 10, 10)])
def test_J10_unshaded_halves_resources_by_ruling_r_j10(before, result, loss):
    g = execute(position(resources=before), "J10", "unshaded", "british")
    assert g.s["resources"] == result and over(g)
    g = position(resources=before, rulings={"R-J10": "loss"})
    if loss == before:
        assert "unshaded" not in sides(g, "J10")
    else:
        assert execute(g, "J10", "unshaded", "british").s["resources"] == loss


def test_J10_unshaded_not_offered_at_zero():
    assert "unshaded" not in sides(position(resources=0), "J10")


def test_J10_shaded_two_resources_per_new_village_up_to_twenty():
    g = execute(position(resources=5, perak={"new_village": 1, "troops": 1}, johore={"new_village": 1}), "J10",
                "shaded", "japanese")
    assert g.s["resources"] == 9 and over(g)
    g = execute(position(resources=19, perak={"new_village": 1}), "J10", "shaded", "japanese")
    assert g.s["resources"] == 20
    assert "shaded" not in sides(position(resources=5), "J10")
    assert "shaded" not in sides(position(resources=20, perak={"new_village": 1}), "J10")


# -- J14 "Secret Army" ------------------------------------------------------------------------------------------------

def test_J14_unshaded_places_an_mpaja_guerrilla_in_each_supply_cache_space():
    g = position(perak={"caches": 1, "mpaja_a": 1}, pahang={"caches": 1})
    execute(g, "J14", "unshaded", "british")
    assert over(g)
    assert sp(g, "perak")["mpaja_u"] == 1 and sp(g, "pahang")["mpaja_u"] == 1 and g.s["available"]["mpaja"] == 7


def test_J14_unshaded_with_too_few_available_the_executing_faction_chooses_where():
    """5.1.3 and 5.1.1: the Japanese place the British's pieces from Available only."""
    g = position(perak={"caches": 1}, pahang={"caches": 1}, johore={"caches": 1, "mpaja_u": 9})
    execute(g, "J14", "unshaded", "japanese")
    assert role(g) == "japanese" and legal(g) == {"place": ["perak", "pahang", "johore"]}
    refused(g, "done", "the card places 3 piece(s) where it can, and 0 placed so far: what an Event can do, it must",
            rule="J14")
    do(g, "place pahang")
    assert over(g) and sp(g, "pahang")["mpaja_u"] == 1 and sp(g, "perak")["mpaja_u"] == 0


def test_J14_unshaded_the_british_take_their_own_from_the_map():
    g = position(perak={"caches": 1}, pahang={"caches": 1}, johore={"mpaja_u": 10})
    execute(g, "J14", "unshaded", "british")
    do(g, "place perak", "take johore mpaja-u")
    refused(g, "place perak", "1 piece(s) in Perak already, the most the card allows in one space", rule="J14")
    do(g, "place pahang", "take johore mpaja-u")
    assert over(g) and sp(g, "perak")["mpaja_u"] == 1 and sp(g, "pahang")["mpaja_u"] == 1
    assert sp(g, "johore")["mpaja_u"] == 8


def test_J14_unshaded_not_offered_without_a_cache_or_a_guerrilla_the_executor_may_place():
    assert "unshaded" not in sides(position(), "J14")
    g = position(perak={"caches": 1, "mpaja_u": 10})
    assert sides(g, "J14", "japanese") == ["shaded"]
    assert "unshaded" in sides(g, "J14", "british")


def test_J14_shaded_removes_a_cache_of_the_executors_choice_from_the_game():
    g = position(perak={"caches": 1}, pahang={"caches": 1, "troops": 1})
    execute(g, "J14", "shaded", "japanese")
    assert legal(g) == {"space": ["perak", "pahang"]}
    refused(g, "space kedah", "Kedah has no Supply Cache to remove from the game", rule="J14")
    do(g, "space pahang")
    assert over(g) and sp(g, "pahang")["caches"] == 0 and g.s["removed"] == 1
    assert B.count_pieces(g.s)["caches"] == 5  # still counted: out of the game, never Available (Tip L1899)
    assert "(1 out of the game now)" in said(g)


def test_J14_shaded_one_cache_goes_without_asking_and_none_is_not_offered():
    g = execute(position(johore={"caches": 1}), "J14", "shaded", "british")
    assert over(g) and g.s["removed"] == 1 and B.on_map(g, "caches") == 0
    assert "shaded" not in sides(position(), "J14")


# -- J16 Freddie Spencer Chapman --------------------------------------------------------------------------------------

def test_J16_unshaded_british_place_one_and_move_one_into_jungle_camp_spaces():
    """Tip L1925: one placed and one moved; the British decide whoever executes."""
    g = position(perak={"force_136": 1}, kedah={"jungle_camp": 1}, pahang={"jungle_camp": 1, "force_136": 1})
    execute(g, "J16", "unshaded", "japanese")
    assert role(g) == "british"
    assert legal(g) == {"place": ["kedah", "pahang"], "move": ["perak kedah", "perak pahang", "pahang kedah"],
                        "done": []}
    assert "(place SPACE or move FROM TO), 0 of up to 2, or done" in prompt_text(g)
    do(g, "place kedah")
    # the marker just brought to Kedah is not moved again
    assert legal(g)["move"] == ["perak kedah", "perak pahang", "pahang kedah"]
    refused(g, "move kedah pahang", "was brought there by this Event", rule="J16")
    do(g, "move perak pahang")
    assert over(g)
    assert (sp(g, "kedah")["force_136"], sp(g, "pahang")["force_136"], sp(g, "perak")["force_136"]) == (1, 2, 0)
    assert g.s["available"]["force_136"] == 0


def test_J16_unshaded_refusals_no_jungle_camp_and_no_marker_available():
    g = position(perak={"force_136": 3}, kedah={"jungle_camp": 1})
    execute(g, "J16", "unshaded", "british")
    assert legal(g) == {"move": ["perak kedah"], "done": []}
    refused(g, "place kedah", "no Force 136 marker is Available", rule="J16")
    refused(g, "move perak selangor", "Selangor has no Jungle Camp", rule="J16")
    refused(g, "move perak perak", "it moves to another space", rule="J16")
    do(g, "move perak kedah", "move perak kedah")
    assert over(g) and sp(g, "kedah")["force_136"] == 2


def test_J16_unshaded_may_stop_after_one_but_not_under_r_event_may_whole():
    g = position(kedah={"jungle_camp": 1})
    execute(g, "J16", "unshaded", "british")
    do(g, "place kedah", "done")
    assert over(g) and sp(g, "kedah")["force_136"] == 1
    g = position(kedah={"jungle_camp": 1}, rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J16", "unshaded", "british")
    assert "done" in legal(g)
    do(g, "place kedah")
    assert "done" not in legal(g) and "or done" not in prompt_text(g)
    refused(g, "done", "carries a begun text out in full", rule="J16")
    do(g, "place kedah")
    assert over(g) and sp(g, "kedah")["force_136"] == 2


def test_J16_unshaded_not_offered_without_a_jungle_camp_or_a_marker_to_bring():
    assert "unshaded" not in sides(position(), "J16")
    g = position(kedah={"jungle_camp": 1, "force_136": 3})
    assert "unshaded" not in sides(g, "J16")


def test_J16_shaded_removes_a_jungle_camp_by_force_136_then_conceals_a_chit():
    g = position(perak={"force_136": 1, "jungle_camp": 1}, pahang={"force_136": 1, "jungle_camp": 1},
                 kedah={"jungle_camp": 1}, intel={"kedah": 2, "johore": 0})
    execute(g, "J16", "shaded", "japanese")
    assert legal(g) == {"space": ["perak", "pahang"]}
    refused(g, "space kedah", "Kedah has no Force 136 marker and 1 Jungle Camp", rule="J16")
    do(g, "space pahang")
    assert sp(g, "pahang")["jungle_camp"] == 0 and sp(g, "perak")["jungle_camp"] == 1
    assert legal(g) == {"conceal": ["kedah", "johore"]}
    assert "choose a revealed Intel chit to conceal (conceal SPACE) (0 of 1)" in prompt_text(g)
    refused(g, "conceal perak", "the Intel chit in Perak is concealed: the card conceals a revealed one", rule="J16")
    refused(g, "conceal ec-top", "which has no Intel chit", rule="J16")
    do(g, "conceal kedah")
    assert over(g) and chits.concealed(g, "kedah") and chits.revealed(g, "johore")
    assert g.s["intel"]["kedah"]["value"] == 2  # its value was seen (1.11)


def test_J16_shaded_does_what_it_can():
    """5.1.3: no revealed chit, the Jungle Camp only; no Jungle Camp by Force 136, the chit only."""
    g = execute(position(perak={"force_136": 1, "jungle_camp": 1}), "J16", "shaded", "japanese")
    assert over(g) and sp(g, "perak")["jungle_camp"] == 0
    assert "no Intel chit is revealed to conceal" in said(g)
    g = execute(position(intel={"perak": 1}), "J16", "shaded", "british")
    assert over(g) and chits.concealed(g, "perak")
    assert "no space has Force 136 and a Jungle Camp" in said(g)
    assert "shaded" not in sides(position(kedah={"jungle_camp": 1}, perak={"force_136": 1}), "J16")


# -- J17 Burma Theater ------------------------------------------------------------------------------------------------

def burma_position(**kw) -> Context:
    """Every Troop on the map (none is ever Available in play: ruling R-J17)."""
    spaces = {"kuala_lumpur": {"troops": 5}, "ec_top": {"troops": 5}, "johore": {"troops": 5}}
    spaces.update(kw.pop("spaces", {}))
    return position(**spaces, **kw)


def test_J17_zipper_steps_toward_delay_then_the_executor_sets_three_troops_on_the_card():
    g = burma_position(zipper=6)
    execute(g, "J17", "event", "british")
    # 6.7.2: Delay is below the '6' box, which gets a Supply Cache back from Available
    assert g.s["zipper"] == 0 and g.s["zipper_caches"] == [6, 12]
    assert role(g) == "british" and legal(g) == {"remove": ["kuala-lumpur troops", "johore troops", "ec-top troops"]}
    refused(g, "done", "what an Event can do, it must", rule="J17")
    do(g, "remove johore troops", "remove johore troops", "remove ec-top troops")
    assert over(g)
    assert g.s["burma"] == 3 and sp(g, "johore")["troops"] == 3 and sp(g, "ec-top")["troops"] == 4
    assert "Troop in Johore was removed to the Burma Theater card (J17)" in said(g)


def test_J17_ruling_alternative_the_japanese_pick_their_troops():
    g = burma_position(zipper=12, rulings={"R-J17": "japanese"})
    execute(g, "J17", "event", "british")
    assert g.s["zipper"] == 6 and role(g) == "japanese"
    do(g, "remove kuala-lumpur troops", "remove kuala-lumpur troops", "remove kuala-lumpur troops")
    assert over(g) and g.s["burma"] == 3


def test_J17_at_delay_and_with_few_troops_takes_what_there_is_without_asking():
    g = position(zipper=0, perak={"troops": 2, "new_village": 1, "mpaja_u": 1})
    g.s["available"]["troops"] = 0
    g.s["burma"] = 13  # the others away, as a position built by hand
    execute(g, "J17", "event", "japanese")
    assert over(g) and g.s["burma"] == 15 and sp(g, "perak")["troops"] == 0
    assert "Operation Zipper is at Delay already" in said(g)
    # 1.15: the New Village left with British forces and no Japanese ones goes
    assert sp(g, "perak")["new_village"] == 0


def test_J17_a_cache_returns_from_the_map_first_then_the_troops():
    """6.7.2: none Available, the British choose which Supply Cache on the map goes back to the track."""
    g = burma_position(zipper=6, spaces={"perak": {"caches": 1}, "pahang": {"caches": 1}})
    g.s["available"]["caches"] = 0
    g.s["removed"] = 2  # the other two out of the game, so that the count holds
    execute(g, "J17", "event", "japanese")
    assert role(g) == "british" and legal(g) == {"return": ["perak", "pahang"]}
    do(g, "return pahang")
    assert g.s["zipper_caches"] == [6, 12] and sp(g, "pahang")["caches"] == 0
    assert role(g) == "japanese"
    do(g, "remove ec-top troops", "remove ec-top troops", "remove ec-top troops")
    assert over(g) and g.s["burma"] == 3


def test_J17_not_offered_at_delay_with_no_troop_anywhere():
    g = position()
    g.s["available"]["troops"] = 0
    g.s["burma"] = 15
    assert sides(g, "J17") == []
