"""Event cards M17 to M32 (rule 5, 9.0 L1816-1975), both texts of each and every choice they give, and the
free Operations and Special Activities Events grant (granted.py: 3.1.2, 5.4; ruling R-FREE-OPS).

Rulings followed: R-EVENT-FACTION (a text naming a faction lets that faction decide), R-EVENT-SHIFT, R-FREE-OPS,
R-M24, R-COMMANDER, R-M25, R-M29, R-M30, R-M32, R-1.4.1-EVENT, R-8.0-ERRATA (M29 unshaded for 0)."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.malaya.events import granted

from .helpers import board, check, legal, role, run, sp, texts


def ev(cid: str, first: str = "british", **kw) -> dict:
    """*first* has chosen the Event box of card *cid*."""
    return run(board(cid, first=first, **kw), "box event")[0]


def refused(s: dict, *orders: str, match: str) -> None:
    with pytest.raises(IllegalActionError, match=match):
        run(s, *orders)


# -- M17 Special Branch ----------------------------------------------------------------------------------------

def test_m17_unshaded_flips_all_guerrillas_active_in_two_spaces_then_no_assault_possible():
    s = ev("M17", perak={"guerrillas_u": 2, "guerrillas_a": 1}, kedah={"guerrillas_u": 1}, johore={"guerrillas_a": 2},
           pahang={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"space": ["perak", "kedah", "pahang"]}  # both spaces must be chosen (5.1.3)
    refused(s, "done", match=r"chooses 2 space\(s\) where it can.*Special Branch, M17, 5\.1\.3")
    refused(s, "space johore", match=r"Johore has no Underground Guerrilla: no Guerrilla there to flip Active "
                                     r"\(Special Branch, M17\)")
    refused(run(s, "space perak")[0], "space perak", match=r"Perak was chosen already \(Special Branch, M17\)")
    s, log = run(s, "space perak", "space pahang")
    assert sp(s, "perak")["guerrillas_a"] == 3 and sp(s, "perak")["guerrillas_u"] == 0
    assert sp(s, "pahang")["guerrillas_a"] == 1 and sp(s, "kedah")["guerrillas_u"] == 1
    assert "2 Guerrillas in Perak flipped Active" in texts(log)
    assert "the British could conduct no free Assault" in texts(log)  # no cubes anywhere
    assert role(s) == "mcp"  # the turn moved on


def test_m17_unshaded_one_space_when_only_one_qualifies():
    s = ev("M17", first="mcp", kedah={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "mcp" and legal(s) == {"space": ["kedah"]}  # the executing faction chooses (5.1)
    s, _ = run(s, "space kedah")
    assert sp(s, "kedah")["guerrillas_a"] == 1 and "box" in legal(s)


def test_m17_shaded_flips_every_guerrilla_underground_and_is_idle_without_active_ones():
    s = ev("M17", first="mcp", perak={"guerrillas_a": 2, "guerrillas_u": 1}, thailand={"guerrillas_a": 1})
    s, log = run(s, "shaded")
    assert sp(s, "perak")["guerrillas_u"] == 3 and sp(s, "thailand")["guerrillas_u"] == 1
    assert "all Guerrillas flipped Underground (3 were Active)" in texts(log)
    s = ev("M17", first="mcp", perak={"guerrillas_u": 1})
    assert "shaded" not in legal(s)
    refused(s, "shaded", match=r"shaded text of Special Branch \(M17\), False leads, can change nothing now "
                               r"\(5\.1\.3\)")


# -- Capabilities: M18, M27, M28 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["M18", "M27", "M28"])
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
def test_5_3_capabilities_go_in_play(cid, side):
    s = ev(cid)
    s, log = run(s, side)
    assert s["capabilities"][cid] == side
    assert f"put {cid} in play, {side}, as a Capability" in texts(log)


# -- M19 Food Denial ---------------------------------------------------------------------------------------------

def test_m19_unshaded_the_mcp_choose_a_guerrilla_or_a_resource_for_each_new_village():
    s = ev("M19", perak={"guerrillas_u": 2, "troops": 1, "new_village": 1},
           johore={"police": 1, "new_village": 1, "guerrillas_a": 1}, kedah={"police": 1, "new_village": 1})
    s, log = run(s, "unshaded")
    assert "3 New Villages are on the map" in texts(log)
    assert role(s) == "mcp"  # British executed, the MCP decide (ruling R-EVENT-FACTION)
    assert legal(s) == {"remove": ["perak guerrilla-u", "johore guerrilla-a"], "lose": []}
    refused(s, "done", match=r"3 still to lose.*Food Denial, M19, 5\.1\.3")
    refused(s, "remove perak troop", match="removes Guerrillas, not Troops")
    s, _ = run(s, "remove johore guerrilla-a", "lose", "lose")  # any spaces, not only those with villages
    assert sp(s, "johore")["guerrillas_a"] == 0 and s["resources"]["mcp"] == 8
    assert sp(s, "perak")["guerrillas_u"] == 2 and role(s) == "mcp" and "box" in legal(s)


def test_m19_unshaded_guerrillas_only_when_resources_are_zero_and_the_rest_is_lost():
    s = ev("M19", mcp=0, perak={"guerrillas_u": 1, "troops": 2, "new_village": 1}, johore={"police": 1, "new_village": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"remove": ["perak guerrilla-u"]}
    refused(s, "lose", match=r"MCP Resources are 0: remove a Guerrilla instead \(Food Denial, M19, 1\.8\)")
    s, log = run(s, "remove perak guerrilla-u")
    assert "no Guerrilla on the map and no Resource left to lose for the other 1 New Village" in texts(log)


def test_m19_unshaded_idle_without_new_villages():
    s = ev("M19", perak={"guerrillas_u": 1})
    assert "unshaded" not in legal(s)


def test_m19_shaded_resources_for_spaces_with_a_new_village_and_mcp_pieces():
    s = ev("M19", first="mcp", mcp=18, perak={"guerrillas_u": 1, "troops": 2, "new_village": 1},
           johore={"police": 2, "bases": 1, "new_village": 1}, kedah={"police": 1, "new_village": 1},
           pahang={"guerrillas_u": 1})
    s, log = run(s, "shaded")
    assert s["resources"]["mcp"] == 20  # 2 spaces; 20 at most (5.1.1)
    s2 = ev("M19", first="mcp", mcp=20, perak={"guerrillas_u": 1, "troops": 2, "new_village": 1})
    assert "shaded" not in legal(s2)  # nothing to gain at 20
    s3 = ev("M19", first="mcp", kedah={"police": 1, "new_village": 1})
    assert "shaded" not in legal(s3)


# -- M20 Regroupment ---------------------------------------------------------------------------------------------

def test_m20_unshaded_police_in_each_ec_then_the_british_may_place_a_new_village():
    s = ev("M20", kuala_lumpur={"troops": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"place": ["ec-top", "ec-bottom"], "done": []}
    s, _ = run(s, "place ec-top", "place ec-top")
    refused(s, "place ec-top", match=r"2 piece\(s\) in Economic Center")
    s, _ = run(s, "place ec-bottom", "done")
    assert sp(s, "ec-top")["police"] == 2 and sp(s, "ec-bottom")["police"] == 1
    assert role(s) == "british" and legal(s) == {"space": ["perak", "kelantan", "negri-sembilan", "johore"],
                                                 "done": []}
    refused(s, "space kuala-lumpur", match=r"Kuala Lumpur is Kuala Lumpur: a New Village goes only in a Province "
                                           r"\(1\.4\.2\)")
    refused(s, "space pahang", match=r"Pahang is not adjacent to an Economic Center \(Regroupment, M20\)")
    s, log = run(s, "space kelantan")
    assert sp(s, "kelantan")["new_village"] == 1 and s["new_villages"] == 3
    assert "box" in legal(s)


def test_m20_unshaded_by_the_mcp_the_british_decide_the_new_village():
    s = ev("M20", first="mcp")
    s, _ = run(s, "unshaded")
    assert role(s) == "mcp"  # the executing faction places the Police
    s, _ = run(s, "done")
    assert role(s) == "british"  # "British may then place" (ruling R-EVENT-FACTION)
    s, _ = run(s, "done")
    assert s["new_villages"] == 4 and role(s) == "british" and "box" in legal(s)


def test_m20_unshaded_police_from_the_map_only_for_the_british():
    """Ruling R-1.4.1-EVENT (map): the British take their own Police from the map; the MCP place the other
    faction's pieces from Available only (5.1.1)."""
    s = board("M20", first="mcp", pahang={"police": 15})
    s, _ = run(s, "box event")
    s_m, _ = run(s, "unshaded")
    assert role(s_m) == "british" and "space" in legal(s_m)  # nothing for the MCP to place: on to the village
    s = ev("M20", pahang={"police": 15})
    s, _ = run(s, "unshaded", "place ec-top")
    assert legal(s)["take"] == ["pahang police"]
    s, _ = run(s, "take pahang police")
    assert sp(s, "ec-top")["police"] == 1 and sp(s, "pahang")["police"] == 14


def test_m20_shaded_a_new_village_space_to_opposition_then_a_guerrilla_in_an_ec():
    s = ev("M20", first="mcp", perak={"troops": 1, "new_village": 1, "support": 1, "guerrillas_u": 1},
           johore={"police": 1, "new_village": 1, "support": -1}, kedah={"troops": 1})
    s, _ = run(s, "shaded")
    assert legal(s) == {"space": ["perak"]}  # Johore is at Opposition already
    refused(s, "space kedah", match="the card's shift would change nothing there|not among the spaces")
    s, _ = run(s, "space perak")
    assert sp(s, "perak")["support"] == -1
    assert legal(s) == {"place": ["ec-top", "ec-bottom"]}  # must place (5.1.3)
    s, _ = run(s, "place ec-bottom")
    assert sp(s, "ec-bottom")["guerrillas_u"] == 1


def test_m20_shaded_idle_without_a_new_village_or_a_guerrilla_to_place():
    s = board("M20", first="british", thailand={"guerrillas_u": 15})
    s, _ = run(s, "box event")
    assert "shaded" not in legal(s)  # the British may not take the MCP's Guerrillas from the map


# -- M21 White Areas ---------------------------------------------------------------------------------------------

def test_m21_unshaded_support_then_the_new_village_is_removed():
    s = ev("M21", perak={"troops": 1, "guerrillas_u": 1, "new_village": 1, "support": -1},
           kedah={"police": 2, "new_village": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"space": ["perak", "kedah"]}
    refused(s, "space johore", match=r"Johore has no New Village \(White Areas, M21\)")
    s, log = run(s, "space perak")
    assert sp(s, "perak")["support"] == 1 and sp(s, "perak")["new_village"] == 0 and s["new_villages"] == 3
    assert "The New Village in Perak was removed: restrictions lifted." in texts(log)


def test_m21_unshaded_where_1_12_removes_the_new_village_itself():
    s = ev("M21", kedah={"police": 2, "new_village": 1})
    s, log = run(s, "unshaded", "space kedah")
    assert sp(s, "kedah")["new_village"] == 0 and s["new_villages"] == 4
    assert "British Control, Support and no MCP forces" in texts(log)


def test_m21_shaded_a_new_village_replaced_with_a_guerrilla():
    s = ev("M21", first="mcp", perak={"troops": 2, "new_village": 1})
    s, _ = run(s, "shaded", "space perak")
    assert sp(s, "perak")["new_village"] == 0 and sp(s, "perak")["guerrillas_u"] == 1


def test_m21_shaded_by_the_british_with_no_guerrilla_available_is_a_removal():
    s = board("M21", perak={"troops": 2, "new_village": 1}, thailand={"guerrillas_u": 15})
    s, _ = run(s, "box event")
    s, log = run(s, "shaded", "space perak")
    assert sp(s, "perak")["new_village"] == 0 and sp(s, "perak")["guerrillas_u"] == 0
    assert "no Guerrilla is Available (5.1.1)" in texts(log)


def test_m21_idle_without_new_villages():
    s = ev("M21", perak={"troops": 1})
    assert set(legal(s)) == {"pass"}


# -- M22 Nationalist Parties -------------------------------------------------------------------------------------

def test_m22_unshaded_two_spaces_toward_support_then_political_will():
    s = ev("M22", perak={"support": 1, "terror": 1, "troops": 1}, kedah={"support": -1, "guerrillas_u": 1,
                                                                        "terror": 1})
    s, _ = run(s, "unshaded")
    assert "perak" not in legal(s)["space"] and "thailand" not in legal(s)["space"]
    refused(s, "space thailand", match=r"Thailand is never at Support or Opposition")
    refused(s, "done", match=r"5\.1\.3")
    s, log = run(s, "space kedah", "space kuala-lumpur")  # Terror does not hinder it (ruling R-EVENT-SHIFT)
    assert sp(s, "kedah")["support"] == 0 and sp(s, "kuala-lumpur")["support"] == 1 and s["pw"] == 11


# -- M23 New Directives ------------------------------------------------------------------------------------------

def test_m23_unshaded_removes_sabotage_and_terror_from_the_ecs_and_kuala_lumpur_only():
    s = ev("M23", ec_top={"sabotage": 1}, ec_bottom={"sabotage": 2}, kuala_lumpur={"terror": 1},
           perak={"terror": 1})
    s, log = run(s, "unshaded")
    assert sp(s, "ec-top")["sabotage"] == 0 and sp(s, "ec-bottom")["sabotage"] == 0
    assert sp(s, "kuala-lumpur")["terror"] == 0 and sp(s, "perak")["terror"] == 1
    assert "2 Sabotage markers removed from" in texts(log)
    s = ev("M23", perak={"terror": 1})
    assert "unshaded" not in legal(s)


# -- M24 British Government --------------------------------------------------------------------------------------

def test_m24_resources_and_the_only_way_from_gurney():
    s = ev("M24", british=10)
    s, _ = run(s, "event")
    assert legal(s) == {"choose": ["resources", "will"]}
    assert "British Resources +6 (choose resources) or Political Will -1 (choose will)" in \
        engine.prompt(s, "british")["text"]
    refused(s, "choose left", match=r"not a choice here.*British Government, M24")
    s, log = run(s, "choose resources")
    assert s["resources"]["british"] == 16 and s["commander"] == 1
    assert "moved right, the only way it can move from Gurney, from Gurney to Briggs" in texts(log)


def test_m24_will_and_a_choice_of_direction_at_briggs():
    s = ev("M24", first="mcp", commander=1, pw=10)
    s, _ = run(s, "event", "choose will")
    assert s["pw"] == 9 and role(s) == "mcp"  # the executing faction chooses (ruling R-M24)
    assert legal(s) == {"choose": ["left", "right"]}
    assert "from Briggs left to Gurney (choose left) or right to Templer (choose right)" in \
        engine.prompt(s, "mcp")["text"]
    s2, _ = run(s, "choose left")
    assert s2["commander"] == 0
    s3, _ = run(s, "choose right")
    assert s3["commander"] == 2


def test_m24_moves_left_from_templer_even_under_gurney_killed():
    s = ev("M24", commander=2, british=18, gurney_killed=True)
    s, log = run(s, "event", "choose resources")
    assert s["resources"]["british"] == 20 and s["commander"] == 1 and s["gurney_killed"] is True
    assert "the Commander's effect stays cancelled until the Reset" in texts(log)


# -- M25 Planters and Miners -------------------------------------------------------------------------------------

def test_m25_unshaded_resources_then_a_police_cube_in_each_ec():
    s = ev("M25", british=17)
    s, log = run(s, "unshaded")
    assert s["resources"]["british"] == 20
    s, _ = run(s, "place ec-top")
    refused(s, "place ec-top", match=r"1 piece\(s\) in Economic Center \(top\) already")
    s, _ = run(s, "place ec-bottom")
    assert sp(s, "ec-top")["police"] == 1 and sp(s, "ec-bottom")["police"] == 1 and "box" in legal(s)


def test_m25_shaded_all_troops_of_a_province_to_one_destination():
    s = ev("M25", first="mcp", pahang={"troops": 3, "guerrillas_u": 1}, perak={"troops": 1},
           kuala_lumpur={"troops": 2})
    s, _ = run(s, "shaded")
    assert legal(s) == {"space": ["perak", "pahang"]}
    refused(s, "space kuala-lumpur", match=r"Kuala Lumpur is Kuala Lumpur: the card moves the Troops of a "
                                           r"Province \(Planters and Miners, M25\)")
    s, _ = run(s, "space pahang")
    assert legal(s) == {"space": ["ec-top", "ec-bottom", "kuala-lumpur"]}
    refused(s, "space selangor", match="the Troops go to an Economic Center or Kuala Lumpur")
    s, log = run(s, "space ec-bottom")
    assert sp(s, "pahang")["troops"] == 0 and sp(s, "ec-bottom")["troops"] == 3
    assert s["control"]["pahang"] == "mcp" and s["pw"] == 9  # MCP Control gained, Population 1 (1.7)
    s = ev("M25", kuala_lumpur={"troops": 2})
    assert "shaded" not in legal(s)


# -- M26 Emergency Regulations -----------------------------------------------------------------------------------

def test_m26_terror_and_neutral_in_two_provinces_then_political_will():
    s = ev("M26", perak={"troops": 3, "guerrillas_u": 1, "terror": 1, "support": 1},
           kedah={"police": 2, "bases": 1, "support": -1}, johore={"police": 1, "guerrillas_u": 1},
           pahang={"troops": 2, "guerrillas_u": 1})
    s, _ = run(s, "event")
    assert legal(s) == {"space": ["perak", "kedah", "pahang"]}
    refused(s, "space johore", match=r"Johore is Uncontrolled: the card needs British Control")
    s, log = run(s, "space perak", "space kedah")
    assert sp(s, "perak")["terror"] == 2 and sp(s, "perak")["support"] == 0  # a second marker (the Tip)
    assert sp(s, "kedah")["terror"] == 1 and sp(s, "kedah")["support"] == 0
    assert sp(s, "pahang")["terror"] == 0 and s["pw"] == 9


def test_m26_political_will_falls_even_with_no_province_to_punish():
    s = ev("M26", perak={"troops": 1})
    s, log = run(s, "event")
    assert s["pw"] == 9 and "no Province has British Control and MCP pieces" in texts(log)


# -- M29 Weapon Bounties -----------------------------------------------------------------------------------------

def test_m29_unshaded_the_british_pay_one_resource_a_guerrilla_up_to_three():
    s = ev("M29", first="mcp", british=2, perak={"guerrillas_u": 2}, thailand={"guerrillas_a": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "british"  # "British may pay" (ruling R-EVENT-FACTION)
    s, log = run(s, "remove thailand guerrilla-a", "remove perak guerrilla-u")  # any spaces (the Tip)
    assert s["resources"]["british"] == 0 and sp(s, "thailand")["guerrillas_a"] == 0
    assert "paid 1 Resource for Weapon Bounties, M29: a Guerrilla in Thailand" in texts(log)
    assert "box" in legal(s)  # Resources ran out


def test_m29_unshaded_stops_at_three_or_when_the_british_say_done():
    s = ev("M29", perak={"guerrillas_u": 5})
    s, _ = run(s, "unshaded", "remove perak guerrilla-u", "remove perak guerrilla-u", "remove perak guerrilla-u")
    assert sp(s, "perak")["guerrillas_u"] == 2 and s["resources"]["british"] == 17
    s = ev("M29", perak={"guerrillas_u": 5})
    s, _ = run(s, "unshaded", "done")
    assert sp(s, "perak")["guerrillas_u"] == 5 and s["resources"]["british"] == 20


def test_m29_unshaded_may_be_executed_paying_nothing():
    """Ruling R-8.0-ERRATA: L1644 treats the text as needing Resources, but it reads "up to 3"."""
    s = ev("M29", british=0, perak={"guerrillas_u": 1})
    assert "unshaded" in legal(s)
    s, _ = run(s, "unshaded")
    assert "box" in legal(s) and sp(s, "perak")["guerrillas_u"] == 1


def test_m29_shaded_transfer_stops_at_the_limits():
    s, _ = run(ev("M29", first="mcp", british=5, mcp=10), "shaded")
    assert s["resources"] == {"british": 3, "mcp": 12}
    s, _ = run(ev("M29", first="mcp", british=1, mcp=10), "shaded")
    assert s["resources"] == {"british": 0, "mcp": 11}  # only what the British hold (ruling R-M29)
    s, log = run(ev("M29", first="mcp", british=5, mcp=19), "shaded")
    assert s["resources"] == {"british": 3, "mcp": 20} and "1 of the Resources transferred were lost" in texts(log)
    assert "shaded" not in legal(ev("M29", first="mcp", british=0))


# -- M30 CCP Victory ---------------------------------------------------------------------------------------------

def test_m30_unshaded_mcp_resources_then_two_guerrillas_removed():
    s = ev("M30", mcp=2, perak={"guerrillas_u": 1}, johore={"guerrillas_a": 1, "police": 1}, kedah={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert s["resources"]["mcp"] == 0 and role(s) == "british"  # the executing faction chooses
    refused(s, "done", match=r"removes 2 piece\(s\) where it can.*5\.1\.3")
    s, _ = run(s, "remove perak guerrilla-u", "remove johore guerrilla-a")
    assert sp(s, "perak")["guerrillas_u"] == 0 and sp(s, "johore")["guerrillas_a"] == 0
    assert sp(s, "kedah")["guerrillas_u"] == 1


def test_m30_unshaded_idle_with_nothing_to_lose():
    s = ev("M30", mcp=0)
    assert "unshaded" not in legal(s)


# -- M31 Ex-Palestine Recruits -----------------------------------------------------------------------------------

def test_m31_unshaded_up_to_four_police_in_british_controlled_spaces():
    s = ev("M31", perak={"troops": 1}, kuala_lumpur={"troops": 2}, kedah={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"place": ["perak", "kuala-lumpur"], "done": []}
    refused(s, "place kedah", match=r"Kedah is not among the spaces the card places in \(Perak and Kuala Lumpur\)")
    s, _ = run(s, "place perak", "place perak", "place kuala-lumpur", "place perak")
    assert sp(s, "perak")["police"] == 3 and sp(s, "kuala-lumpur")["police"] == 1 and "box" in legal(s)
    s = ev("M31", kedah={"guerrillas_u": 1})
    assert "unshaded" not in legal(s)


# -- M32 SEP -----------------------------------------------------------------------------------------------------

def test_m32_unshaded_british_replace_guerrillas_in_or_adjacent_to_british_control():
    s = ev("M32", first="mcp", perak={"troops": 2, "guerrillas_u": 1}, thailand={"guerrillas_a": 1},
           kedah={"guerrillas_u": 1}, johore={"guerrillas_u": 1})
    s, _ = run(s, "unshaded")
    assert role(s) == "british"  # "British may replace" (ruling R-EVENT-FACTION)
    assert legal(s) == {"replace": ["perak guerrilla-u", "kedah guerrilla-u", "thailand guerrilla-a"], "done": []}
    refused(s, "replace johore guerrilla-u", match=r"Johore is MCP Controlled and no adjacent space is British "
                                                  r"Controlled \(SEP, M32\)")
    s, log = run(s, "replace kedah guerrilla-u", "replace thailand guerrilla-a")
    assert sp(s, "kedah")["guerrillas_u"] == 0 and sp(s, "kedah")["police"] == 1 and s["control"]["kedah"] == "british"
    assert sp(s, "thailand")["guerrillas_a"] == 0 and sp(s, "thailand")["police"] == 0  # ruling R-M32
    assert "the Guerrilla is removed, not replaced" in texts(log)
    assert "box" in legal(s)


def test_m32_unshaded_idle_far_from_british_control():
    s = ev("M32", johore={"guerrillas_u": 1}, perak={"police": 1, "guerrillas_u": 1})
    assert "unshaded" not in legal(s)


# -- Operations and Special Activities the cards grant (granted.py; 3.1.2, 5.4; ruling R-FREE-OPS) ---------------

def test_m17_unshaded_the_british_may_assault_free_in_one_space_after_the_flip():
    s = ev("M17", first="mcp", british=0, pahang={"guerrillas_u": 2, "troops": 2}, kedah={"guerrillas_u": 1},
           johore={"troops": 1, "guerrillas_a": 1})
    s, _ = run(s, "unshaded", "space pahang", "space kedah")
    assert role(s) == "british"  # "British may free Assault" (ruling R-EVENT-FACTION), at 0 Resources
    assert legal(s)["space"] == ["pahang", "johore"] and "done" in legal(s)  # there or elsewhere (the Tip)
    s, log = run(s, "space pahang", "done")
    assert sp(s, "pahang")["guerrillas_a"] == 0 and s["resources"]["british"] == 0  # free (5.4)
    assert "box" in legal(s)  # the turn went on to the British, 2nd Eligible


def test_m17_unshaded_the_assault_is_in_one_space_only_and_may_be_declined():
    s = ev("M17", pahang={"guerrillas_u": 2, "troops": 2}, johore={"troops": 1, "guerrillas_a": 1})
    s, log = run(s, "unshaded", "space pahang")
    assert "the British began a free Assault" in texts(log)
    s2, _ = run(s, "space johore")
    refused(s2, "space pahang", match=r"selects up to 1 space")
    s3, _ = run(s, "done")
    assert sp(s3, "pahang")["guerrillas_a"] == 2 and "box" in legal(s3)


def test_m17_unshaded_playable_for_the_assault_alone():
    s = ev("M17", johore={"troops": 1, "guerrillas_a": 1})
    assert "unshaded" in legal(s)
    s = ev("M17", johore={"guerrillas_a": 1})
    assert "unshaded" not in legal(s)


def test_m22_shaded_the_mcp_may_rally_free_in_up_to_three_spaces():
    s = ev("M22", mcp=0, kedah={"guerrillas_u": 1}, perak={"support": 1, "police": 1})
    s, log = run(s, "shaded")
    assert role(s) == "mcp" and "done" in legal(s)  # "MCP may" (ruling R-EVENT-FACTION): optional
    assert "perak" not in legal(s)["space"]  # Rally's own conditions still apply (3.1.2)
    refused(s, "space perak", match=r"Perak is at Support: Rally may not select a space at Support")
    s, _ = run(s, "space kedah", "place guerrilla", "space thailand", "place guerrilla", "space pahang",
               "place guerrilla")
    assert s["resources"]["mcp"] == 0  # free (5.4)
    assert sp(s, "kedah")["guerrillas_u"] == 2 and sp(s, "thailand")["guerrillas_u"] == 1
    assert "space" not in legal(s)  # 3 spaces at most
    s2, _ = run(ev("M22", kedah={"guerrillas_u": 1}), "shaded", "done")
    assert "box" in legal(s2) and sp(s2, "kedah")["guerrillas_u"] == 1


def test_m23_shaded_a_free_limited_march_then_a_free_limited_attack():
    s = ev("M23", first="mcp", mcp=0, kedah={"guerrillas_u": 2}, perak={"police": 2, "troops": 1, "guerrillas_u": 1})
    s, log = run(s, "shaded")
    assert "the MCP began a free Limited March" in texts(log)
    s, _ = run(s, "space perak")
    assert legal(s) == {"done": []}  # Limited: one destination (2.3.4)
    s, log = run(s, "done", "move kedah perak guerrilla-u", "move kedah perak guerrilla-u", "done")
    assert sp(s, "perak")["guerrillas_u"] == 3 and "the MCP began a free Limited Attack" in texts(log)
    s, log = run(s, "space perak", "done", rolls=[3])  # may use the Guerrillas that just Marched (the Tip)
    assert sp(s, "perak")["police"] == 0 and sp(s, "perak")["guerrillas_a"] == 3
    assert s["resources"]["mcp"] == 0 and "box" in legal(s)


def test_m23_shaded_the_mcp_may_skip_the_march_and_attack_elsewhere():
    s = ev("M23", first="mcp", johore={"police": 1, "guerrillas_u": 1}, kedah={"guerrillas_u": 1})
    s, _ = run(s, "shaded", "done")
    assert legal(s) == {"space": ["johore"], "done": []}
    s, _ = run(s, "space johore", "done", rolls=[1])
    assert sp(s, "johore")["police"] == 0 and "box" in legal(s)


def test_m23_shaded_idle_without_guerrillas():
    s = ev("M23", first="mcp", perak={"police": 1})
    assert "shaded" not in legal(s)


def test_m30_shaded_a_free_rally_in_two_spaces_with_a_free_agitate():
    """Ruling R-M30: the Agitate in a Rally space with a Base and MCP Control costs nothing."""
    s = ev("M30", first="mcp", mcp=0, kedah={"guerrillas_u": 2, "bases": 1}, pahang={"guerrillas_u": 1})
    s, _ = run(s, "shaded")
    assert "done" not in legal(s)  # "MCP free Rally": it must (5.1.3)
    s, _ = run(s, "space kedah", "place guerrilla", "place guerrilla", "done", "space pahang", "place guerrilla",
               "done")
    assert legal(s)["agitate"] == ["kedah"]
    s, log = run(s, "agitate kedah")
    assert sp(s, "kedah")["support"] == -1 and s["resources"]["mcp"] == 0
    assert sp(s, "kedah")["guerrillas_u"] == 4 and sp(s, "pahang")["guerrillas_u"] == 2


def test_m30_shaded_executed_by_the_british_the_mcp_rally():
    s = ev("M30", kedah={"guerrillas_u": 1})
    s, _ = run(s, "shaded")
    assert role(s) == "mcp" and "space" in legal(s)


def test_m31_shaded_rally_then_one_rally_space_toward_opposition():
    s = ev("M31", mcp=1, kedah={"guerrillas_u": 1}, perak={"guerrillas_u": 1})
    s, _ = run(s, "shaded", "space thailand", "place guerrilla", "space kedah", "place guerrilla", "done")
    assert s["resources"]["mcp"] == 1  # free (5.4)
    assert role(s) == "mcp" and legal(s) == {"space": ["kedah"]}  # Thailand takes no level (ruling R-EVENT-SHIFT)
    refused(s, "space perak", match=r"Perak is not among the spaces the card names \(Kedah\)")
    s, _ = run(s, "space kedah")
    assert sp(s, "kedah")["support"] == -1 and "box" in legal(s)


def test_m31_shaded_no_shift_when_only_thailand_rallied():
    s = ev("M31", first="mcp", perak={"support": 1})
    s, log = run(s, "shaded", "space thailand", "place guerrilla", "done")
    assert "none of the Rally spaces (Thailand) can shift toward Opposition" in texts(log)
    assert "box" in legal(s)


def test_5_4_free_ops_choose_each_kind_in_turn_and_may_stop():
    """granted.free_ops (M6 shaded: 2 free Limited Operations, any kinds, one after the other)."""
    s = ev("M6", first="mcp", mcp=0, kedah={"guerrillas_u": 1}, perak={"police": 1, "guerrillas_u": 1})
    s, _ = run(s, "shaded")
    assert legal(s) == {"op": ["rally", "march", "attack", "terror"], "done": []}
    refused(s, "op train", match=r"Train is a British Operation; the MCP choose Rally, March, Attack or Terror")
    s, log = run(s, "op terror", "space kedah", "done")
    assert sp(s, "kedah")["terror"] == 1 and s["resources"]["mcp"] == 0  # free (5.4)
    assert "Chin Peng: the MCP began a free Limited Terror." in texts(log)
    assert legal(s) == {"op": ["rally", "march", "attack", "terror"], "done": []}  # the second, any kind
    s2, log = run(s, "done")
    assert "conducted no more free Operations" in texts(log) and "box" in legal(s2)


def test_m32_shaded_the_mcp_intimidate_free_in_two_spaces():
    s = ev("M32", mcp=0, perak={"police": 2, "guerrillas_u": 1}, kedah={"police": 1, "guerrillas_u": 1},
           johore={"police": 1, "guerrillas_u": 1}, pahang={"police": 1, "guerrillas_a": 1})
    s, log = run(s, "shaded")
    assert role(s) == "mcp"  # "MCP Intimidate" (ruling R-EVENT-FACTION), executed by the British
    assert legal(s) == {"space": ["perak", "kedah", "johore"]}  # an Underground Guerrilla (the Tip)
    s, log = run(s, "space perak", "space johore")
    assert sp(s, "perak")["police"] == 1 and sp(s, "johore")["police"] == 0 and sp(s, "kedah")["police"] == 1
    assert s["resources"]["mcp"] == 0 and "box" in legal(s)


def test_m32_shaded_two_spaces_even_with_running_dogs_unshaded():
    """5.1.2: the card played prevails over M27 unshaded's one space; its Guerrilla still flips Active."""
    s = ev("M32", first="mcp", capabilities={"M27": "unshaded"}, perak={"police": 1, "guerrillas_u": 1},
           kedah={"police": 1, "guerrillas_u": 1})
    s, _ = run(s, "shaded", "space perak", "space kedah")
    assert sp(s, "perak")["guerrillas_a"] == 1 and sp(s, "kedah")["guerrillas_a"] == 1
    assert sp(s, "perak")["police"] == 0 and sp(s, "kedah")["police"] == 0


def test_m32_shaded_idle_where_intimidate_would_remove_nothing():
    s = ev("M32", first="mcp", perak={"guerrillas_u": 1}, kedah={"police": 1, "guerrillas_a": 1})
    assert "shaded" not in legal(s)


# -- granted.py on its own ----------------------------------------------------------------------------------------

def pushed(s: dict, call) -> tuple[dict, list[dict]]:
    """*call(g)* run on a copy of *s* (a granted Operation or Special Activity pushed by an Event), then the
    automatic steps; the state and the log."""
    s = canonical.copy(s)
    g = Context(s, Recorder(ScriptedChance()), engine.definition("malaya").rules)
    call(g)
    g.settle()
    check(s)
    return s, g.log


def test_5_4_free_ops_offer_only_the_kinds_the_card_grants_within_its_spaces():
    s = board("M6", first="mcp", kedah={"guerrillas_u": 1}, thailand={"guerrillas_u": 1})
    s, _ = pushed(s, lambda g: granted.free_ops(g, "mcp", 2, ops=["march", "attack"], only=["perak", "kedah"],
                                                rule="M6", label="Chin Peng"))
    assert legal(s) == {"op": ["march"], "done": []}  # no Attack: no British cube in Perak or Kedah
    assert "conduct a free Limited Operation in Perak or Kedah (2 left), or done" in engine.prompt(s, "mcp")["text"]
    refused(s, "op rally", match=r"the card grants March or Attack, not Rally \(Chin Peng, M6\)")
    refused(s, "op attack", match=r"Attack has no space it may select among Perak and Kedah")
    s, _ = run(s, "op march", "space perak", "done", "move kedah perak guerrilla-u", "done")
    assert sp(s, "perak")["guerrillas_u"] == 1
    assert legal(s) == {"op": ["march"], "done": []}  # Thailand's Guerrilla may March into Kedah or Perak


def test_5_4_free_ops_end_when_no_kind_has_a_space():
    s = board("M6", first="mcp", perak={"police": 1})
    s, log = pushed(s, lambda g: granted.free_ops(g, "mcp", 2, ops=["attack"], rule="M6", label="Chin Peng"))
    assert "Chin Peng: no further Operation has a space it may select." in texts(log)
    assert "box" in legal(s)


def test_5_4_free_op_and_free_sa_with_nothing_to_do_say_why_and_ask_nothing():
    s = board("M32", first="mcp", perak={"police": 1})
    s, log = pushed(s, lambda g: granted.free_op(g, "mcp", "attack", limited=True, rule="M23",
                                                 label="New Directives, M23"))
    assert "New Directives, M23: the MCP could conduct no free Limited Attack: Attack has no space it may " \
           "select" in texts(log)
    s, log = pushed(s, lambda g: granted.free_sa(g, "mcp", "intimidate", max=2, rule="M32", label="SEP, M32"))
    assert "SEP, M32: the MCP could conduct no Intimidate: it has nothing it could do now." in texts(log)
    assert "box" in legal(s)


def test_5_4_free_sa_within_the_cards_spaces():
    s = board("M32", first="mcp", perak={"police": 1, "guerrillas_u": 1}, kedah={"police": 1, "guerrillas_u": 1})
    s, log = pushed(s, lambda g: granted.free_sa(g, "mcp", "intimidate", max=1, only=["kedah"], rule="M32",
                                                 label="SEP, M32"))
    assert "SEP, M32: the MCP began a free Intimidate." in texts(log)
    assert legal(s) == {"space": ["kedah"]}


def test_granted_near_is_the_space_and_its_neighbours():
    s = board("M15")
    g = Context(s, Recorder(ScriptedChance()), engine.definition("malaya").rules)
    assert granted.near(g, "kuala-lumpur") == ["pahang", "selangor", "kuala-lumpur"]


# -- more of the rule points ----------------------------------------------------------------------------------------

def test_m20_shaded_with_no_new_village_only_the_guerrilla():
    s = ev("M20", first="mcp")
    s, _ = run(s, "shaded")
    assert legal(s) == {"place": ["ec-top", "ec-bottom"]}


def test_m21_shaded_by_the_mcp_takes_a_guerrilla_from_the_map_when_none_is_available():
    """Ruling R-1.4.1-EVENT (default: map): the MCP place their own Guerrilla from the map."""
    s = board("M21", first="mcp", perak={"troops": 2, "new_village": 1}, thailand={"guerrillas_u": 15})
    s, _ = run(s, "box event", "shaded", "space perak")
    assert legal(s) == {"take": ["thailand guerrilla-u"], "done": []}
    s, _ = run(s, "take thailand guerrilla-u")
    assert sp(s, "perak")["guerrillas_u"] == 1 and sp(s, "thailand")["guerrillas_u"] == 14


def test_m22_unshaded_idle_at_the_top_with_every_space_at_support():
    spaces = {s.replace("-", "_"): {"support": 1, "police": 1} for s in
              ("perak", "kedah", "kelantan", "trengganu", "pahang", "selangor", "negri-sembilan", "johore",
               "kuala-lumpur")}
    s = ev("M22", pw=20, **spaces)
    assert "unshaded" not in legal(s)
    s = ev("M22", pw=19, **spaces)
    s, _ = run(s, "unshaded")
    assert s["pw"] == 20 and "box" in legal(s)


def test_m24_political_will_at_zero_stays():
    s = ev("M24", pw=0)
    s, log = run(s, "event", "choose will")
    assert s["pw"] == 0 and "Political Will stays at 0" in texts(log) and s["commander"] == 1


def test_m25_unshaded_idle_at_20_with_no_police_for_the_mcp_to_place():
    s = ev("M25", first="mcp", british=20, kuala_lumpur={"police": 15})
    assert "unshaded" not in legal(s)
    s = ev("M25", british=20, kuala_lumpur={"police": 15})  # the British take their own from the map
    s, _ = run(s, "unshaded", "place ec-top")
    assert legal(s)["take"] == ["kuala-lumpur police"]


def test_m26_no_terror_marker_left_no_neutral():
    s = ev("M26", kedah={"terror": 7, "police": 1}, kelantan={"terror": 8, "police": 1},
           perak={"troops": 2, "guerrillas_u": 1, "support": 1})
    s, log = run(s, "event", "space perak")
    assert sp(s, "perak")["terror"] == 0 and sp(s, "perak")["support"] == 1 and s["pw"] == 9
    assert "no Terror marker is left to place in Perak (15 in all)" in texts(log)


def test_m26_idle_with_no_province_and_political_will_at_zero():
    s = ev("M26", pw=0, perak={"troops": 1})
    assert set(legal(s)) == {"pass"}


def test_m32_unshaded_police_from_the_map_when_none_is_available():
    s = ev("M32", kuala_lumpur={"police": 15}, perak={"troops": 2, "guerrillas_u": 1})
    s, _ = run(s, "unshaded", "replace perak guerrilla-u")
    assert legal(s) == {"take": ["kuala-lumpur police"], "done": []}
    s, _ = run(s, "take kuala-lumpur police")
    assert sp(s, "perak")["police"] == 1 and sp(s, "kuala-lumpur")["police"] == 14 and "box" in legal(s)
    refused(ev("M32", perak={"troops": 2, "guerrillas_u": 1}), "unshaded", "replace perak guerrilla-a",
            match=r"Perak has no Active Guerrilla to replace \(SEP, M32\)")
    refused(ev("M32", perak={"troops": 2, "guerrillas_u": 1}), "unshaded", "replace perak",
            match=r"'replace' here is written 'replace SPACE guerrilla-u\|guerrilla-a'")


def test_m19_unshaded_prompt_offers_only_what_the_mcp_can_lose():
    s = ev("M19", mcp=0, perak={"guerrillas_u": 1, "troops": 2, "new_village": 1})
    s, _ = run(s, "unshaded")
    text = engine.prompt(s, "mcp")["text"]
    assert "remove a Guerrilla (remove SPACE PIECE) (1 of 1 left)" in text and "lose" not in text
    s = ev("M19", perak={"troops": 2, "new_village": 1})
    s, _ = run(s, "unshaded")
    assert legal(s) == {"lose": []} and "lose a Resource (lose)" in engine.prompt(s, "mcp")["text"]
