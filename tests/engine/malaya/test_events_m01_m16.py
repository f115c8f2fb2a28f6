"""Malaya Event cards M1 to M16 in both texts (rule 5, 9.0), and the shared Event choosers of
events/common.py (remove, place, shift, choose) through them."""

import pytest

from engine.core.errors import IllegalActionError

from .helpers import B, board, legal, role, run, sp, texts


def ev(cid, side, first="british", **kw):
    """Card *cid* revealed, *first* takes the Event box and executes *side*."""
    s = board(cid, first=first, **kw)
    s, _ = run(s, "box event", side)
    return s


def refused(state, *orders, match):
    with pytest.raises(IllegalActionError, match=match):
        run(state, *orders)


def offered(cid, first="british", **kw):
    """The texts of card *cid* offered in the Event box (5.1.3: only those that can change something)."""
    s = board(cid, first=first, **kw)
    s, _ = run(s, "box event")
    return {k for k in legal(s) if k in ("unshaded", "shaded")}


# -- Capabilities: M1, M2, M8 (5.3) ------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["M1", "M2", "M8"])
@pytest.mark.parametrize("side", ["unshaded", "shaded"])
def test_5_3_capabilities_m1_m2_m8_go_into_play_for_the_rest_of_the_game(cid, side):
    s = board(cid, first="mcp")
    assert cid not in s["capabilities"]
    s, log = run(s, "box event", side)
    assert s["capabilities"][cid] == side
    assert f"put {cid} in play, {side}, as a Capability" in texts(log)
    assert role(s) == "british"  # the MCP's turn is over; the capability stays


# -- M3 Leaflets --------------------------------------------------------------------------------------------

def test_m3_unshaded_jungle_removes_one_guerrilla_each_from_two_jungle_spaces():
    s = ev("M3", "unshaded", pahang={"guerrillas_u": 2}, johore={"guerrillas_a": 1}, perak={"guerrillas_u": 2})
    assert legal(s) == {"choose": ["jungle", "mountain"]}
    s, _ = run(s, "choose jungle")
    assert set(legal(s)["remove"]) == {"pahang guerrilla-u", "johore guerrilla-a"}
    assert "done" not in legal(s)  # 5.1.3: two Jungle spaces have Guerrillas, both must lose one
    s, _ = run(s, "remove pahang guerrilla-u")
    refused(s, "remove pahang guerrilla-u", match="1 piece.*in Pahang already, the most the card allows")
    refused(s, "remove perak guerrilla-u", match="Perak is not among the spaces the card removes from")
    s, log = run(s, "remove johore guerrilla-a")
    assert sp(s, "pahang")["guerrillas_u"] == 1 and sp(s, "johore")["guerrillas_a"] == 0
    assert sp(s, "perak")["guerrillas_u"] == 2 and s["available"]["guerrillas"] == 15 - 3
    assert "Leaflets: an Active Guerrilla in Johore was removed to Available" in texts(log)
    assert role(s) == "mcp"


def test_m3_unshaded_mountain_removes_two_guerrillas_from_one_mountain_space():
    s = ev("M3", "unshaded", perak={"guerrillas_u": 1, "guerrillas_a": 2}, selangor={"guerrillas_u": 1},
           kuala_lumpur={"guerrillas_u": 3})
    assert legal(s) == {"choose": ["mountain"]}  # no Jungle Province has a Guerrilla; KL is neither (Tip)
    refused(s, "choose jungle", match="'jungle' is not a choice here")
    s, _ = run(s, "choose mountain")
    assert legal(s) == {"space": ["perak", "selangor"]}
    refused(s, "space kuala-lumpur", match="Kuala Lumpur is neither Jungle nor Mountain .the Tip; ruling R-MAP-3")
    refused(s, "space pahang", match="Pahang is a Jungle Province, not a Mountain space")
    s, _ = run(s, "space perak")
    refused(s, "remove selangor guerrilla-u", match="Selangor is not among the spaces")
    s, _ = run(s, "remove perak guerrilla-a")
    refused(s, "done", match="the card removes 2 piece.*5.1.3")
    s, _ = run(s, "remove perak guerrilla-u")
    assert (sp(s, "perak")["guerrillas_u"], sp(s, "perak")["guerrillas_a"]) == (0, 1)
    assert sp(s, "selangor")["guerrillas_u"] == 1 and role(s) == "mcp"


def test_m3_unshaded_not_offered_without_guerrillas_in_jungle_or_mountain_spaces():
    """Ruling R-MAP-3: Thailand is neither; the Tip: nor are Kuala Lumpur and the Economic Centers."""
    kw = dict(thailand={"guerrillas_u": 2}, kuala_lumpur={"guerrillas_u": 1}, ec_top={"guerrillas_u": 1})
    assert offered("M3", **kw) == {"shaded"}
    s = board("M3", **kw)
    s, _ = run(s, "box event")
    refused(s, "unshaded", match="the unshaded text of Leaflets .M3., Induce surrender, can change nothing now")


def test_m3_shaded_places_two_guerrillas_in_a_space_with_mcp_pieces():
    s = ev("M3", "shaded", first="mcp", kedah={"bases": 1}, ec_top={"guerrillas_u": 1}, johore={"troops": 1})
    assert legal(s) == {"space": ["kedah", "ec-top"]}
    refused(s, "space johore", match="Johore has no MCP piece: the card places in a space with MCP pieces")
    s, _ = run(s, "space ec-top")
    assert legal(s) == {"choose": ["guerrillas"]}  # the Tip: no Base in an Economic Center (1.4.2)
    refused(s, "choose base", match="'base' is not a choice here")
    s, _ = run(s, "choose guerrillas", "place ec-top")
    refused(s, "done", match="the card places 2 piece.*5.1.3")
    s, log = run(s, "place ec-top")
    assert sp(s, "ec-top")["guerrillas_u"] == 3 and role(s) == "british"
    assert "Leaflets: MCP placed a Guerrilla in Economic Center (top)" in texts(log)


def test_m3_shaded_places_a_base_and_control_follows():
    s = ev("M3", "shaded", first="mcp", pw=10, kedah={"guerrillas_u": 1, "troops": 1})
    s, _ = run(s, "space kedah", "choose base", "place kedah")
    assert sp(s, "kedah")["bases"] == 1 and s["control"]["kedah"] == "mcp"
    assert s["pw"] == 8  # 1.7: MCP gained Control of Kedah, Population 2


def test_m3_shaded_british_executing_place_mcp_pieces_from_available_only():
    """5.1.1, ruling R-1.4.1-EVENT: the other faction's pieces come from Available only; with no Base
    Available the British may only place Guerrillas; with neither, the text is not offered."""
    s = ev("M3", "shaded", kedah={"bases": 2}, pahang={"bases": 2, "guerrillas_u": 1})
    assert s["available"]["bases"] == 0
    s, _ = run(s, "space pahang")
    assert legal(s) == {"choose": ["guerrillas"]}
    assert offered("M3", kedah={"bases": 2}, pahang={"bases": 2, "guerrillas_u": 15}) == {"unshaded"}


def test_m3_shaded_the_mcp_may_take_their_own_guerrillas_from_the_map():
    """1.4.1 IMPORTANT, ruling R-1.4.1-EVENT (reading "map"): the MCP place their own Guerrillas from the map
    when none are Available; with the reading "available" they may not."""
    kw = dict(first="mcp", kedah={"bases": 1}, pahang={"guerrillas_u": 15})
    s = ev("M3", "shaded", **kw)
    s, _ = run(s, "space kedah", "choose guerrillas", "place kedah")
    assert legal(s) == {"take": ["pahang guerrilla-u"], "done": []}
    s, log = run(s, "take pahang guerrilla-u")
    assert sp(s, "kedah")["guerrillas_u"] == 1 and sp(s, "pahang")["guerrillas_u"] == 14
    assert "moved an Underground Guerrilla from Pahang to place it in Kedah" in texts(log)
    s2 = board("M3", **kw)
    s2["rulings"] = {"R-1.4.1-EVENT": "available"}
    s2, _ = run(s2, "box event", "shaded")
    assert legal(s2) == {"space": ["kedah", "pahang"]}
    s2, _ = run(s2, "space kedah")
    assert legal(s2) == {"choose": ["base"]}  # no Guerrilla Available, none from the map


# -- M4 Chinese Squatters -----------------------------------------------------------------------------------

def test_m4_unshaded_places_a_new_village_in_a_province_without_one():
    s = ev("M4", "unshaded", johore={"troops": 1, "new_village": 1}, pahang={"troops": 2, "guerrillas_u": 1})
    assert "johore" not in legal(s)["space"] and "kuala-lumpur" not in legal(s)["space"]
    assert len(legal(s)["space"]) == 7
    refused(s, "space johore", match="Johore has a New Village already: one a Province .Chinese Squatters, M4, 1.4.2")
    refused(s, "space kuala-lumpur", match="Kuala Lumpur is not a Province")
    s, log = run(s, "space pahang")
    assert sp(s, "pahang")["new_village"] == 1 and s["new_villages"] == 2
    assert "A New Village was placed in Pahang" in texts(log)


def test_m4_unshaded_new_village_removed_at_once_where_mcp_forces_stand_alone():
    """1.12: a New Village in a space with MCP forces and no British forces is removed at once."""
    s = ev("M4", "unshaded", kelantan={"guerrillas_u": 1})
    s, log = run(s, "space kelantan")
    assert sp(s, "kelantan")["new_village"] == 0 and s["new_villages"] == 4
    assert "The New Village in Kelantan was removed: MCP forces and no British forces there" in texts(log)


def test_m4_unshaded_not_offered_with_the_pool_empty():
    kw = {p: {"troops": 1, "new_village": 1} for p in ("perak", "kedah", "kelantan", "trengganu")}
    assert offered("M4", **kw) == {"shaded"}


def test_m4_shaded_the_mcp_decide_where_to_place_even_when_the_british_execute():
    s = ev("M4", "shaded")
    assert role(s) == "mcp"  # ruling R-EVENT-FACTION: "MCP may place"
    assert len(legal(s)["place"]) == 8 and "done" in legal(s)  # "may": the MCP may place none
    refused(s, "place kuala-lumpur", match="Kuala Lumpur is not among the spaces the card places in")
    s, _ = run(s, "place kedah")
    refused(s, "place kedah", match="1 piece.*in Kedah already, the most the card allows in one space")
    s, log = run(s, "place johore")
    assert sp(s, "kedah")["guerrillas_u"] == 1 and sp(s, "johore")["guerrillas_u"] == 1
    assert role(s) == "mcp" and legal(s) == {"box": ["limited", "opsa"]}  # the MCP's own turn follows
    s2 = ev("M4", "shaded")
    s2, _ = run(s2, "done")
    assert s2["available"]["guerrillas"] == 15


def test_m4_shaded_not_offered_when_the_mcp_have_no_guerrilla_to_place():
    kw = dict(thailand={"guerrillas_u": 15})
    assert offered("M4", **kw) == {"unshaded", "shaded"}  # from the map (ruling R-1.4.1-EVENT)
    s = board("M4", **kw)
    s["rulings"] = {"R-1.4.1-EVENT": "available"}
    s, _ = run(s, "box event")
    assert "shaded" not in legal(s)


# -- M5 MPAJA Legacy ----------------------------------------------------------------------------------------

def test_m5_unshaded_sets_one_opposition_space_to_neutral():
    s = ev("M5", "unshaded", kedah={"support": -1}, kuala_lumpur={"support": -1}, johore={"support": 1})
    assert legal(s) == {"space": ["kedah", "kuala-lumpur"]}
    refused(s, "space johore", match="Johore is not among the spaces the card names")
    refused(s, "done", match="5.1.3")
    s, log = run(s, "space kuala-lumpur")
    assert sp(s, "kuala-lumpur")["support"] == 0 and sp(s, "kedah")["support"] == -1
    assert "Kuala Lumpur went from Opposition to Neutral (MPAJA Legacy)" in texts(log)
    assert "unshaded" not in offered("M5", kedah={"support": 1, "bases": 1})


def test_m5_shaded_shifts_two_spaces_with_mcp_toward_opposition_terror_no_bar():
    """Ruling R-EVENT-SHIFT: Terror does not hinder an Event's shift; Thailand and ECs take no level."""
    s = ev("M5", "shaded", first="mcp", perak={"guerrillas_u": 1, "support": 1, "terror": 1},
           kedah={"bases": 1, "support": -1}, johore={"guerrillas_a": 1}, thailand={"guerrillas_u": 1},
           ec_top={"guerrillas_u": 1}, pahang={"support": 1})
    assert legal(s) == {"space": ["perak", "johore"]}
    refused(s, "space kedah", match="Kedah is at Opposition already")
    refused(s, "space thailand", match="Thailand is never at Support or Opposition .1.6 NOTE, ruling R-EVENT-SHIFT")
    s, _ = run(s, "space perak")
    refused(s, "done", match="the card has 2 space.*so far: what an Event can do, it must")
    s, log = run(s, "space johore")
    assert sp(s, "perak")["support"] == 0 and sp(s, "johore")["support"] == -1
    assert sp(s, "perak")["terror"] == 1 and role(s) == "british"


def test_m5_shaded_not_offered_when_no_space_with_mcp_can_shift():
    assert "shaded" not in offered("M5", kedah={"bases": 1, "support": -1}, thailand={"guerrillas_u": 2})


# -- M6 Chin Peng -------------------------------------------------------------------------------------------

def test_m6_unshaded_activates_all_guerrillas_and_moves_two_troops_from_the_map():
    s = ev("M6", "unshaded", pw=10, kelantan={"bases": 1, "guerrillas_u": 3},
           kuala_lumpur={"troops": 1}, johore={"troops": 2, "guerrillas_u": 1}, trengganu={"bases": 1})
    assert legal(s) == {"space": ["kelantan", "trengganu"]}
    refused(s, "space johore", match="Johore has no Base: the card chooses a Province with a Base")
    s, log = run(s, "space kelantan")
    assert sp(s, "kelantan")["guerrillas_a"] == 3 and sp(s, "kelantan")["guerrillas_u"] == 0
    assert "Chin Peng: 3 Guerrilla(s) in Kelantan were Activated" in texts(log)
    assert legal(s) == {"move": ["johore troop", "kuala-lumpur troop"]}
    refused(s, "done", match="2 more Troop.*must move to Kelantan.*5.1.3")
    refused(s, "move kelantan troop", match="the Troops move to Kelantan: take them from other spaces")
    refused(s, "move pahang troop", match="Pahang has no Troop to move .Troops come from the map")
    s, log = run(s, "move johore troop", "move johore troop")
    assert sp(s, "kelantan")["troops"] == 2 and sp(s, "johore")["troops"] == 0
    assert s["available"]["troops"] == 15 - 3  # none from Available (Tip)
    # Johore: British Control lost to the MCP (PW -2); Kelantan keeps MCP Control (4 MCP to 2 Troops).
    assert s["control"]["johore"] == "mcp" and s["control"]["kelantan"] == "mcp" and s["pw"] == 8
    assert "a Troop moved from Johore to Kelantan" in texts(log) and role(s) == "mcp"


def test_m6_unshaded_moves_what_troops_there_are():
    s = ev("M6", "unshaded", pahang={"bases": 1, "guerrillas_u": 1}, perak={"troops": 1})
    s, _ = run(s, "space pahang", "move perak troop")
    assert sp(s, "pahang")["troops"] == 1 and role(s) == "mcp"  # no more Troops on the map: the text is done


def test_m6_unshaded_not_offered_without_a_province_base_where_it_would_change_anything():
    assert "unshaded" not in offered("M6", thailand={"bases": 1, "guerrillas_u": 2}, perak={"troops": 2})
    assert "unshaded" not in offered("M6", pahang={"bases": 1, "guerrillas_a": 2})


def test_m6_shaded_the_mcp_conduct_two_free_limited_operations_whoever_executes():
    """The Tip: of different types, one after the other; free (3.1.2, 5.4), Agitate still costs."""
    s = ev("M6", "shaded", mcp=0, pw=10, pahang={"guerrillas_u": 2, "bases": 1},
           perak={"police": 1, "guerrillas_u": 1})
    assert role(s) == "mcp"  # ruling R-EVENT-FACTION: "MCP may conduct"
    assert legal(s) == {"op": ["rally", "march", "attack", "terror"], "done": []}
    s, log = run(s, "op rally", "space pahang")
    assert "Chin Peng: the MCP began a free Limited Rally" in texts(log)
    s, log = run(s, "place guerrilla", "place guerrilla", "done")
    assert sp(s, "pahang")["guerrillas_u"] == 4 and s["resources"]["mcp"] == 0
    assert "MCP could not Agitate: Agitate costs 1 Resource; MCP Resources are 0" in texts(log)
    assert legal(s) == {"op": ["rally", "march", "attack", "terror"], "done": []}  # the second one
    s, log = run(s, "op attack")
    assert legal(s)["space"] == ["perak"]  # Limited: one space
    s, log = run(s, "space perak", "done", rolls=[1])
    assert sp(s, "perak")["police"] == 0 and s["resources"]["mcp"] == 0 and s["pw"] == 7
    assert role(s) == "mcp" and "box" in legal(s)  # both granted: the MCP's own turn follows


def test_m6_shaded_the_mcp_may_stop_after_one_operation_or_none():
    s = ev("M6", "shaded", pahang={"guerrillas_u": 2, "bases": 1})
    s, log = run(s, "done")
    assert "Chin Peng: the MCP conducted no more free Operations" in texts(log)
    assert role(s) == "mcp" and "box" in legal(s) and s["resources"]["mcp"] == 10


# -- M7 Trade Unions ----------------------------------------------------------------------------------------

def test_m7_unshaded_mcp_resources_minus_3_and_kuala_lumpur_to_support():
    s = ev("M7", "unshaded", mcp=2, kuala_lumpur={"support": -1})
    assert s["resources"]["mcp"] == 0 and sp(s, "kuala-lumpur")["support"] == 1  # not below 0 (5.1.1)
    assert "unshaded" not in offered("M7", mcp=0, kuala_lumpur={"support": 1})


def test_m7_shaded_mcp_resources_plus_5_and_kuala_lumpur_to_neutral():
    s = board("M7", first="mcp", mcp=17, kuala_lumpur={"support": 1})
    s, log = run(s, "box event", "shaded")
    assert s["resources"]["mcp"] == 20 and sp(s, "kuala-lumpur")["support"] == 0  # not beyond 20 (5.1.1)
    assert "MCP Resources rose from 17 to 20 (Trade Unions)" in texts(log)
    assert "Kuala Lumpur went from Support to Neutral (Trade Unions)" in texts(log)
    assert "shaded" not in offered("M7", mcp=20)


# -- M9 Batang Kali -----------------------------------------------------------------------------------------

def test_m9_unshaded_british_reprisal_in_one_province_then_free_assault_there():
    """Ruling R-M9: the British decide whoever executes; one space even at Gurney; the Assault is there."""
    s = ev("M9", "unshaded", first="mcp", pw=10, commander=0, british=0,
           pahang={"troops": 3, "guerrillas_a": 2, "support": -1}, johore={"troops": 1, "guerrillas_a": 1},
           trengganu={})
    assert role(s) == "british" and legal(s) == {"space": ["pahang", "johore"]}
    s, log = run(s, "space pahang")
    assert sp(s, "pahang")["support"] == 0 and sp(s, "pahang")["terror"] == 1
    s, log = run(s, "move trengganu guerrilla-a")
    assert legal(s) == {"space": ["pahang"]}  # the Assault, only there: no second Reprisal space at Gurney
    assert sp(s, "johore")["terror"] == 0
    assert "Batang Kali: the British began a free Limited Assault" in texts(log)
    s, log = run(s, "space pahang", "done")
    assert sp(s, "pahang")["guerrillas_a"] == 0 and sp(s, "trengganu")["guerrillas_a"] == 1
    assert s["resources"]["british"] == 0  # free (5.4)
    assert role(s) == "british" and "box" in legal(s)


def test_m9_unshaded_no_assault_where_the_reprisal_left_no_mcp_piece():
    s = ev("M9", "unshaded", pahang={"troops": 2, "guerrillas_u": 1}, trengganu={})
    s, log = run(s, "space pahang", "move trengganu guerrilla-u")
    assert "Batang Kali: the British could conduct no free Limited Assault" in texts(log)
    assert role(s) == "mcp" and "box" in legal(s)


def test_m9_unshaded_not_offered_without_troops_in_a_province():
    assert "unshaded" not in offered("M9", kuala_lumpur={"troops": 4}, pahang={"guerrillas_u": 2})


def test_m9_shaded_sets_a_province_to_opposition_then_political_will_minus_2():
    s = ev("M9", "shaded", first="mcp", pw=10, kedah={"support": -1}, kuala_lumpur={"support": 1})
    assert "kedah" not in legal(s)["space"] and "kuala-lumpur" not in legal(s)["space"]
    refused(s, "space kuala-lumpur", match="Kuala Lumpur is not among the spaces the card names")
    s, log = run(s, "space johore")
    assert sp(s, "johore")["support"] == -1 and s["pw"] == 8
    assert "Political Will fell from 10 to 8 (Batang Kali)" in texts(log)


def test_m9_shaded_political_will_falls_even_with_every_province_at_opposition():
    ps = {p: {"support": -1} for p in B.PROVINCES}
    s = ev("M9", "shaded", first="mcp", pw=1, **ps)
    assert s["pw"] == 0 and role(s) == "british"
    assert "shaded" not in offered("M9", pw=0, **ps)


# -- M10 Gurney Killed --------------------------------------------------------------------------------------

def test_m10_unshaded_places_one_police_each_into_three_spaces_with_british_pieces():
    s = ev("M10", "unshaded", perak={"troops": 1}, johore={"police": 1}, kuala_lumpur={"troops": 1},
           ec_bottom={"police": 1}, kedah={"guerrillas_u": 1})
    assert legal(s)["place"] == ["perak", "johore", "kuala-lumpur", "ec-bottom"] and "done" not in legal(s)
    refused(s, "place kedah", match="Kedah is not among the spaces the card places in")
    s, _ = run(s, "place perak")
    refused(s, "place perak", match="1 piece.*in Perak already")
    refused(s, "done", match="the card places 3 piece.*1 placed so far.*5.1.3")
    s, log = run(s, "place johore", "place ec-bottom")
    assert (sp(s, "perak")["police"], sp(s, "johore")["police"], sp(s, "ec-bottom")["police"]) == (1, 2, 2)
    assert "Gurney Killed: British placed a Police cube in Economic Center (bottom)" in texts(log)
    assert role(s) == "mcp"


def test_m10_unshaded_the_mcp_executing_place_police_from_available_only():
    s = board("M10", first="mcp", perak={"troops": 1}, johore={"police": 15})
    s, _ = run(s, "box event")
    refused(s, "unshaded", match="can change nothing now")
    s2 = ev("M10", "unshaded", perak={"troops": 1}, johore={"police": 15})  # the British take their own
    assert legal(s2)["place"] == ["perak", "johore"]


def test_m10_shaded_cancels_the_commander_until_reset_and_places_a_guerrilla_anywhere():
    s = ev("M10", "shaded", first="mcp", commander=0)
    assert s["gurney_killed"] is True
    assert len(legal(s)["place"]) == 12 and "done" not in legal(s)
    s, log = run(s, "place ec-top")
    assert sp(s, "ec-top")["guerrillas_u"] == 1 and role(s) == "british"
    from engine.core.flow import Context
    g = Context(s, None, None)
    assert B.commander(g) is None and B.reprisal_spaces(g) == 1


def test_m10_shaded_log_names_the_cancelled_commander():
    s = board("M10", first="mcp", commander=1)
    s, log = run(s, "box event", "shaded", "place kedah")
    assert "The British Commander's effect (Briggs) was cancelled until the next Reset" in texts(log)


# -- M11 Chemical Defoliants --------------------------------------------------------------------------------

def test_m11_unshaded_mcp_lose_one_resource_per_base_in_a_jungle_province():
    """The Tip: Thailand is not a Province; Perak is Mountain."""
    s = ev("M11", "unshaded", mcp=10, kelantan={"bases": 1}, pahang={"bases": 1}, perak={"bases": 1},
           thailand={"bases": 1})
    assert s["resources"]["mcp"] == 8
    assert "unshaded" not in offered("M11", perak={"bases": 1}, thailand={"bases": 2})
    assert "unshaded" not in offered("M11", mcp=0, kelantan={"bases": 1})


def test_m11_shaded_shifts_a_space_with_a_base_toward_opposition_and_political_will_minus_1():
    s = ev("M11", "shaded", first="mcp", pw=10, thailand={"bases": 1}, kelantan={"bases": 1, "support": 1},
           pahang={"bases": 1, "support": -1})
    assert legal(s) == {"space": ["kelantan"]}
    refused(s, "space thailand", match="never at Support or Opposition")
    s, _ = run(s, "space kelantan")
    assert sp(s, "kelantan")["support"] == 0 and s["pw"] == 9
    s2 = ev("M11", "shaded", first="mcp", pw=10, pahang={"bases": 1, "support": -1})
    assert s2["pw"] == 9 and role(s2) == "british"  # no space to shift: Political Will falls all the same


# -- M12 Orang Asli -----------------------------------------------------------------------------------------

def test_m12_unshaded_up_to_two_police_each_in_two_jungle_provinces_without_mcp_control():
    s = ev("M12", "unshaded", kelantan={"bases": 1}, perak={"troops": 1}, johore={"troops": 1})
    assert legal(s)["place"] == ["kedah", "trengganu", "pahang", "negri-sembilan", "johore"]
    refused(s, "place kelantan", match="Kelantan is not among the spaces")
    refused(s, "place perak", match="Perak is not among the spaces")  # Mountain
    s, _ = run(s, "place kedah", "place kedah")
    refused(s, "place kedah", match="2 piece.*in Kedah already")
    s, _ = run(s, "place johore")
    refused(s, "place pahang", match="the card uses at most 2 space.*Kedah and Johore")
    s, _ = run(s, "done")
    assert sp(s, "kedah")["police"] == 2 and sp(s, "johore")["police"] == 1 and role(s) == "mcp"


def test_m12_shaded_places_a_base_into_a_jungle_province():
    s = ev("M12", "shaded", first="mcp", pw=10, pahang={"bases": 2}, trengganu={"troops": 1})
    assert "pahang" not in legal(s)["place"] and "perak" not in legal(s)["place"]
    refused(s, "place pahang", match="Pahang has 2 Bases already, the most one space holds .1.4.2.")
    refused(s, "place thailand", match="Thailand is not among the spaces")
    refused(s, "done", match="5.1.3")
    s, _ = run(s, "place trengganu")
    assert sp(s, "trengganu")["bases"] == 1 and s["control"]["trengganu"] is None



def test_m12_shaded_the_mcp_take_a_base_from_the_map_when_none_is_available():
    """1.4.1 IMPORTANT, ruling R-1.4.1-EVENT: the Base comes from another space (never the one it goes to)."""
    s = ev("M12", "shaded", first="mcp", thailand={"bases": 2}, kedah={"bases": 1}, perak={"bases": 1})
    s, _ = run(s, "place kedah")
    assert legal(s) == {"take": ["perak base", "thailand base"], "done": []}
    refused(s, "take kedah base", match="the Base goes to Kedah: take one from another space")
    s, log = run(s, "take thailand base")
    assert sp(s, "kedah")["bases"] == 2 and sp(s, "thailand")["bases"] == 1 and role(s) == "british"
    assert "Orang Asli: MCP moved a Base from Thailand to place it in Kedah" in texts(log)

# -- M13 Malay Police ---------------------------------------------------------------------------------------

def test_m13_unshaded_up_to_four_police_spread_over_british_controlled_spaces():
    s = ev("M13", "unshaded", kuala_lumpur={"troops": 1}, johore={"troops": 2, "guerrillas_u": 1},
           perak={"troops": 1, "guerrillas_u": 1})
    assert legal(s)["place"] == ["johore", "kuala-lumpur"]
    refused(s, "place perak", match="Perak is not among the spaces")  # Uncontrolled
    s, _ = run(s, "place johore", "place kuala-lumpur", "place kuala-lumpur", "place johore")
    assert sp(s, "johore")["police"] == 2 and sp(s, "kuala-lumpur")["police"] == 2 and role(s) == "mcp"


def test_m13_unshaded_may_place_fewer_and_the_british_take_from_the_map():
    s = ev("M13", "unshaded", kuala_lumpur={"troops": 2, "police": 2}, johore={"police": 13})
    s, _ = run(s, "place kuala-lumpur")
    assert legal(s) == {"take": ["johore police", "kuala-lumpur police"], "done": []}
    s, _ = run(s, "take johore police", "done")
    assert sp(s, "kuala-lumpur")["police"] == 3 and sp(s, "johore")["police"] == 12 and role(s) == "mcp"


def test_m13_shaded_shifts_a_space_with_police_toward_opposition():
    s = ev("M13", "shaded", first="mcp", kuala_lumpur={"police": 1, "support": 1}, johore={"police": 1,
                                                                                           "support": -1},
           ec_top={"police": 2})
    assert legal(s) == {"space": ["kuala-lumpur"]}
    s, _ = run(s, "space kuala-lumpur")
    assert sp(s, "kuala-lumpur")["support"] == 0 and role(s) == "british"
    assert "shaded" not in offered("M13", johore={"police": 1, "support": -1}, ec_top={"police": 2})


# -- M14 Korean War -----------------------------------------------------------------------------------------

def test_m14_unshaded_british_resources_plus_10_and_political_will_plus_1():
    s = ev("M14", "unshaded", british=15, pw=12)
    assert s["resources"]["british"] == 20 and s["pw"] == 13
    assert "unshaded" not in offered("M14", british=20, pw=20)


def test_m14_shaded_british_resources_minus_4():
    s = ev("M14", "shaded", first="mcp", british=3)
    assert s["resources"]["british"] == 0
    assert "shaded" not in offered("M14", first="mcp", british=0)



# -- M15 Urban Calm -----------------------------------------------------------------------------------------

def test_m15_unshaded_free_train_in_kuala_lumpur_then_a_free_limited_operation_near_it():
    """The Tip: the Limited Operation may use the cubes just placed; its space in or adjacent to KL."""
    s = ev("M15", "unshaded", first="mcp", british=0, pw=10, kuala_lumpur={"troops": 1},
           pahang={"guerrillas_u": 2, "troops": 1}, perak={"troops": 2})
    assert role(s) == "british" and legal(s) == {"space": ["kuala-lumpur"]}  # ruling R-EVENT-FACTION
    s, log = run(s, "space kuala-lumpur", "place troop", "place troop", "place police", "done")
    assert sp(s, "kuala-lumpur")["troops"] == 3 and sp(s, "kuala-lumpur")["police"] == 1
    s, log = run(s, "done")
    assert "British could not Pacify: Pacify costs 2 Resources; British Resources are 0" in texts(log)
    assert legal(s) == {"op": ["train", "garrison", "sweep", "assault"], "done": []}
    s, log = run(s, "op sweep")
    assert legal(s)["space"] == ["pahang", "selangor", "kuala-lumpur"]  # Perak is not adjacent to KL
    refused(s, "space perak", match="Perak is not among the spaces this Sweep may select")
    s, log = run(s, "space pahang", "done", "move kuala-lumpur pahang", "move kuala-lumpur pahang",
                 "move kuala-lumpur pahang", "done")
    assert sp(s, "pahang")["troops"] == 4 and sp(s, "pahang")["guerrillas_a"] == 2
    assert s["control"]["pahang"] == "british" and s["pw"] == 11 and s["resources"]["british"] == 0
    assert role(s) == "british" and "box" in legal(s)


def test_m15_shaded_places_a_guerrilla_in_kuala_lumpur():
    s = ev("M15", "shaded", first="mcp", pw=10, kuala_lumpur={"police": 1})
    assert legal(s) == {"place": ["kuala-lumpur"]}
    s, _ = run(s, "place kuala-lumpur")
    assert sp(s, "kuala-lumpur")["guerrillas_u"] == 1 and s["control"]["kuala-lumpur"] is None
    assert "shaded" not in offered("M15", thailand={"guerrillas_u": 15}, first="british")


# -- M16 Deportations ---------------------------------------------------------------------------------------

def test_m16_unshaded_british_remove_three_mcp_pieces_bases_first_plus_will_per_base():
    """The Tip: Bases before Guerrillas, even Underground; 3 in all; +1 Political Will per Base (7.1)."""
    s = ev("M16", "unshaded", first="mcp", pw=10, pahang={"troops": 5, "bases": 2, "guerrillas_u": 2},
           johore={"troops": 2, "guerrillas_a": 1}, kelantan={"bases": 1, "guerrillas_u": 1})
    assert role(s) == "british"  # ruling R-EVENT-FACTION: "British may remove"
    assert set(legal(s)["remove"]) == {"pahang guerrilla-u", "pahang base", "johore guerrilla-a"}
    refused(s, "remove kelantan base", match="Kelantan is not among the spaces the card removes from")
    refused(s, "remove johore base", match="Johore has no Base to remove")
    refused(s, "remove johore troop", match="the card removes .*not Troops")
    s, log = run(s, "remove pahang base", "remove pahang base")
    assert s["pw"] == 12 and "Deportations: an MCP Base was removed" in texts(log)
    s, log = run(s, "remove johore guerrilla-a")
    assert s["pw"] == 12 and sp(s, "pahang")["guerrillas_u"] == 2 and sp(s, "johore")["guerrillas_a"] == 0
    assert role(s) == "british" and "box" in legal(s)


def test_m16_unshaded_the_british_may_remove_none():
    s = ev("M16", "unshaded", pahang={"troops": 5, "bases": 1})
    s, _ = run(s, "done")
    assert sp(s, "pahang")["bases"] == 1 and role(s) == "mcp"
    assert "unshaded" not in offered("M16", pahang={"bases": 1, "guerrillas_u": 3}, kuala_lumpur={"troops": 3})


def test_m16_shaded_shifts_a_province_toward_opposition_then_places_a_guerrilla_there():
    s = ev("M16", "shaded", first="mcp", kedah={"support": -1}, pw=10, johore={"troops": 1, "support": 1})
    assert "kedah" not in legal(s)["space"] and "kuala-lumpur" not in legal(s)["space"]
    refused(s, "space kedah", match="Kedah is at Opposition already, and other Provinces can still shift.*5.1.3")
    s, log = run(s, "space johore")
    assert sp(s, "johore")["support"] == 0 and sp(s, "johore")["guerrillas_u"] == 1
    assert s["control"]["johore"] is None and role(s) == "british"


def test_m16_shaded_with_every_province_at_opposition_the_guerrilla_is_still_placed():
    ps = {p: {"support": -1} for p in B.PROVINCES}
    s = ev("M16", "shaded", first="mcp", **ps)
    assert len(legal(s)["space"]) == 8
    s, _ = run(s, "space perak")
    assert sp(s, "perak")["guerrillas_u"] == 1


# -- 5.1.3: texts not offered when they can change nothing ----------------------------------------------------

def test_5_1_3_m10_shaded_not_offered_when_gurney_is_killed_and_no_guerrilla_can_be_placed():
    s = board("M10", gurney_killed=True, thailand={"guerrillas_u": 15})
    s, _ = run(s, "box event")
    refused(s, "shaded", match="the shaded text of Gurney Killed .M10., MCP kill leader, can change nothing now")
    assert "shaded" in offered("M10", thailand={"guerrillas_u": 15})  # the cancellation alone is a change


def test_5_1_3_m11_shaded_not_offered_at_political_will_0_without_a_base_space_to_shift():
    assert "shaded" not in offered("M11", pw=0, thailand={"bases": 1}, kedah={"bases": 1, "support": -1})
    assert "shaded" in offered("M11", pw=1, thailand={"bases": 1})


def test_5_1_3_m12_texts_not_offered_when_nothing_can_be_placed():
    mcp_held = {p.replace("-", "_"): {"guerrillas_u": 1} for p in B.JUNGLE}
    assert "unshaded" not in offered("M12", **mcp_held)  # every Jungle Province under MCP Control
    bases = dict(thailand={"bases": 2}, perak={"bases": 2})
    assert "shaded" not in offered("M12", **bases)  # the British place MCP Bases from Available only
    assert "shaded" in offered("M12", first="mcp", **bases)  # the MCP take theirs from the map


def test_5_1_3_m13_unshaded_not_offered_without_british_control():
    assert "unshaded" not in offered("M13", kuala_lumpur={"troops": 1, "guerrillas_u": 1})


def test_5_1_3_m16_shaded_not_offered_with_every_province_at_opposition_and_no_guerrilla_to_place():
    ps = {p.replace("-", "_"): {"support": -1} for p in B.PROVINCES}
    assert "shaded" not in offered("M16", thailand={"guerrillas_u": 15}, **ps)


def test_shift_spaces_ends_when_no_more_space_can_change():
    """5.1.3: M5 shaded shifts what it can; with one space to shift, the text ends after it."""
    s = ev("M5", "shaded", first="mcp", kedah={"bases": 1}, johore={"guerrillas_u": 1, "support": -1})
    assert legal(s) == {"space": ["kedah"]}
    s, _ = run(s, "space kedah")
    assert sp(s, "kedah")["support"] == -1 and role(s) == "british"
