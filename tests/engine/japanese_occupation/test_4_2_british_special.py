"""Japanese Occupation's British Special Activities (4.2): Supply (4.2.1), Gather (4.2.2) and Raid (4.2.3), with
the Operations each accompanies (4.1.1), a space once (4.1), the counts of 6.7.3 (Supply at Zipper '12', Raid at
'20'), the Intel chits revealed (1.11: a value drawn as it is revealed, or the Example's fixed chits), a Supply
Cache taken from the map (1.4.1 IMPORTANT, ruling R-4.2.1-CACHE), the Capabilities J8, J19, J22 and J27, the
frames of a phase or an Event (6.4.1, J7, J24), and the Example of Play's steps (8.0: L1656 Raid, L1694 Supply,
L1716 Gather)."""

from __future__ import annotations

import pytest

from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import intel_chits as chits
from engine.games.japanese_occupation.operation import SA_ACCOMPANY, SA_RULE
from engine.games.japanese_occupation.setup import EXAMPLE_INTEL
from engine.games.japanese_occupation.special_british import Gather, Raid, Supply
from engine.testing import idle

from .helpers import (
    check,
    do,
    legal,
    on_setup,
    pos,
    proc,
    prompt_text,
    refused,
    said,
    sp,
    start,
    start_sa,
)


def example_chits(g):
    """The Example of Play's Intel chits, face down (8.0 L1650)."""
    g.s["intel"], g.s["intel_face_down"] = chits.fresh_intel(), dict(EXAMPLE_INTEL)
    check(g.s)
    return g


def supply_position(**kw):
    """Three Provinces with Force 136 and a Jungle Camp, Perak with a Supply Cache and two Guerrillas."""
    spaces = dict(trengganu={"force_136": 1, "jungle_camp": 1}, pahang={"force_136": 1, "jungle_camp": 1},
                  kelantan={"force_136": 1, "jungle_camp": 1}, perak={"caches": 1, "mpaja_u": 2})
    spaces.update(kw.pop("spaces", {}))
    return pos(**spaces, **kw)


# -- 4.1.1: the Operations each accompanies ------------------------------------------------------------------

def test_4_1_1_the_operations_offer_the_british_special_activities_their_rules_name():
    assert SA_ACCOMPANY["train"] == ["supply", "raid"]
    assert SA_ACCOMPANY["contact"] == ["supply", "gather", "raid"]
    assert SA_ACCOMPANY["sabotage"] == SA_ACCOMPANY["ambush"] == ["gather", "raid"]
    assert SA_RULE["supply"] == "4.2.1" and SA_RULE["gather"] == "4.2.2" and SA_RULE["raid"] == "4.2.3"


def test_4_2_1_supply_accompanies_train_and_is_refused_with_sabotage():
    g = supply_position(spaces={"trengganu": {"force_136": 1, "jungle_camp": 1, "non_mpaja_u": 1}})
    start(g, "train", with_sa=True)
    assert "supply" in legal(g)["sa"]
    do(g, "sa supply")
    assert proc(g) == "jo.sa.supply"
    g2 = supply_position(spaces={"trengganu": {"force_136": 1, "jungle_camp": 1, "non_mpaja_u": 1}})
    start(g2, "sabotage", with_sa=True)
    refused(g2, "sa supply", "Supply may not accompany Sabotage", rule="4.2.1")


# -- 4.2.1 Supply ------------------------------------------------------------------------------------------

def test_4_2_1_supply_replaces_each_jungle_camp_with_a_supply_cache():
    g = supply_position()
    jc, caches = g.s["available"]["jungle_camp"], g.s["available"]["caches"]
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    assert legal(g) == {"space": ["kelantan", "trengganu", "pahang"]}
    do(g, "space trengganu")
    refused(g, "space trengganu", "already selected for this Supply: a space only once", rule="4.1")
    do(g, "space pahang")
    assert proc(g) is None
    for sid in ("trengganu", "pahang"):
        assert sp(g, sid)["caches"] == 1 and sp(g, sid)["jungle_camp"] == 0
    assert sp(g, "kelantan")["jungle_camp"] == 1 and sp(g, "kelantan")["caches"] == 0
    assert g.s["available"]["jungle_camp"] == jc + 2 and g.s["available"]["caches"] == caches - 2
    assert "The Jungle Camp in Pahang was removed (Supply: replaced by the Supply Cache)." in said(g)


@pytest.mark.parametrize(("zipper", "most"), [(0, 2), (6, 2), (12, 3), (18, 3), (20, 3)])
def test_6_7_3_supply_selects_a_third_province_at_zipper_12(zipper, most):
    g = supply_position(zipper=zipper)
    assert B.supply_spaces(g) == most
    start_sa(g, "supply", parent_op="contact", parent_spaces=[])
    do(g, "space trengganu", "space pahang")
    if most == 2:
        assert proc(g) is None and sp(g, "kelantan")["jungle_camp"] == 1
    else:
        assert legal(g) == {"space": ["kelantan"], "done": []}
        do(g, "space kelantan")
        assert sp(g, "kelantan")["caches"] == 1


def test_6_7_3_supply_count_refusal_cites_the_rule_of_its_count():
    g = supply_position(zipper=12)
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    do(g, "space trengganu", "space pahang", "space kelantan")
    assert proc(g) is None and all(sp(g, s)["caches"] for s in ("trengganu", "pahang", "kelantan"))
    g = supply_position(zipper=12)
    start_sa(g, "supply", rule="J24", max=1, optional=True)
    do(g, "space trengganu")
    assert proc(g) is None and sp(g, "pahang")["caches"] == 0  # the Event's count, one space, prevails
    g = supply_position(zipper=0, spaces={"johore": {"jungle_camp": 1}})
    frame = {"p": "jo.sa.supply", "role": "british", "started": True, "chosen": ["trengganu", "pahang"],
             "stage": "select"}
    assert "selects up to 2 space(s)" in Supply().refusal(g, frame, "space", "johore")
    g.s["zipper"] = 12
    frame["chosen"].append("kelantan")
    reason = Supply().refusal(g, frame, "space", "johore")
    assert "selects up to 3 space(s)" in reason and reason.rule == "4.2.1" and "6.7.3" in reason


def test_4_2_1_supply_refuses_provinces_that_do_not_qualify():
    g = supply_position(spaces={"selangor": {"jungle_camp": 1}, "johore": {"force_136": 1}, "pahang": {},
                                "negri_sembilan": {"force_136": 1, "jungle_camp": 1, "caches": 1},
                                "kelantan": {}, "ec_top": {"troops": 1}})
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    refused(g, "space selangor", "Selangor has no Force 136 marker", rule="4.2.1")
    refused(g, "space johore", "Johore has no Jungle Camp", rule="4.2.1")
    refused(g, "space negri-sembilan", "holds a Supply Cache already", "R-4.2.1-CACHE", rule="1.4.2")
    refused(g, "space ec-top", "an Economic Center: Supply takes place in Provinces", rule="4.2.1")
    refused(g, "space atlantis", "not a space of the map", rule="1.3.1")
    refused(g, "done", "selected no space yet", rule="4.2.1")


def test_1_4_1_supply_takes_a_cache_from_the_map_when_none_is_available():
    g = supply_position()
    g.s["available"]["caches"] = 0
    g.s["removed"] = 2  # the two Available Caches out of the game (J14): Perak's is the only one to take
    check(g.s)
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    do(g, "space trengganu")
    assert proc(g) == "jo.from_map" and legal(g) == {"take": ["perak cache"], "done": []}
    do(g, "take perak cache")
    assert sp(g, "perak")["caches"] == 0 and sp(g, "trengganu")["caches"] == 1
    assert sp(g, "trengganu")["jungle_camp"] == 0
    assert "moved a Supply Cache from Perak to place it in Trengganu" in said(g)
    # the one Cache is now in Trengganu: Pahang may still take it from there (1.4.1 IMPORTANT)
    assert legal(g)["space"] == ["kelantan", "pahang"]


def test_1_4_1_supply_declined_from_the_map_leaves_the_jungle_camp():
    g = supply_position()
    g.s["available"]["caches"] = 0
    g.s["removed"] = 2
    check(g.s)
    start_sa(g, "supply", parent_op="contact", parent_spaces=[])
    do(g, "space pahang", "done")
    assert sp(g, "pahang")["jungle_camp"] == 1 and sp(g, "pahang")["caches"] == 0
    assert sp(g, "perak")["caches"] == 1
    assert "the Jungle Camp there stays (ruling R-4.2.1-CACHE)" in said(g)


def test_4_2_1_supply_is_impossible_with_no_supply_cache_available_or_on_the_map():
    g = supply_position(spaces={"perak": {"mpaja_u": 2}})
    g.s["available"]["caches"] = 0
    g.s["removed"] = 3
    check(g.s)
    assert not Supply().possible(g, None)
    start_sa(g, "supply", rule="6.4.1", optional=True)
    assert proc(g) is None
    assert "British Supply: no space may be selected." in said(g)
    frame = {"p": "jo.sa.supply", "role": "british", "started": True, "chosen": [], "stage": "select"}
    reason = Supply().refusal(g, frame, "space", "trengganu")
    assert "no Supply Cache is Available or elsewhere on the map" in reason and reason.rule == "1.4.1"


def test_6_4_1_the_support_phase_supply_cites_its_phase_and_may_be_declined():
    g = supply_position()
    start_sa(g, "supply", rule="6.4.1", optional=True)
    assert "done" in legal(g) and "or done" in prompt_text(g)
    do(g, "space kelantan", "done")
    assert sp(g, "kelantan")["caches"] == 1
    assert any(e.get("rule") == "4.2.1, 6.4.1" for e in g.log)
    g = supply_position()
    start_sa(g, "supply", rule="6.4.1", optional=True)
    do(g, "done")
    assert proc(g) is None and sp(g, "kelantan")["caches"] == 0


# -- Capabilities J8, J27 -----------------------------------------------------------------------------------

def test_J8_unshaded_supply_selects_one_province_without_force_136():
    g = supply_position(capabilities={"J8": "unshaded"},
                        spaces={"johore": {"jungle_camp": 1}, "selangor": {"jungle_camp": 1}, "kelantan": {}})
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    assert {"johore", "selangor"} <= set(legal(g)["space"])
    do(g, "space johore")
    assert sp(g, "johore")["caches"] == 1 and "Air Drops allow one such Province" in said(g)
    assert "selangor" not in legal(g)["space"]
    refused(g, "space selangor", "this Supply's one Province without one is Johore", rule="J8")
    do(g, "space pahang")
    assert proc(g) is None  # the count stays two (J8 Tip)


def test_J8_shaded_a_die_per_space_on_1_or_2_the_jungle_camp_stays():
    g = supply_position(capabilities={"J8": "shaded"}, rolls=[2, 3])
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    do(g, "space trengganu", "space pahang")
    assert sp(g, "trengganu")["jungle_camp"] == 1 and sp(g, "trengganu")["caches"] == 0
    assert sp(g, "pahang")["jungle_camp"] == 0 and sp(g, "pahang")["caches"] == 1
    text = said(g)
    assert "Rolled 2 for Air Drops in Trengganu: supplies lost, the Jungle Camp is not replaced" in text
    assert "Rolled 3 for Air Drops in Pahang: the Jungle Camp is replaced" in text


def test_J27_shaded_one_selected_space_at_opposition_loses_it():
    g = supply_position(capabilities={"J27": "shaded"},
                        spaces={"trengganu": {"force_136": 1, "jungle_camp": 1, "opposition": 1},
                                "johore": {"opposition": 1}})
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    do(g, "space trengganu", "space pahang")
    assert proc(g) is None
    assert not B.opposed(g, "trengganu") and B.opposed(g, "johore")


def test_J27_shaded_the_british_choose_which_selected_space_loses_opposition():
    g = supply_position(capabilities={"J27": "shaded"},
                        spaces={"trengganu": {"force_136": 1, "jungle_camp": 1, "opposition": 1},
                                "pahang": {"force_136": 1, "jungle_camp": 1, "opposition": 1},
                                "johore": {"opposition": 1}})
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    do(g, "space trengganu", "space pahang")
    assert legal(g) == {"choose": ["trengganu", "pahang"]}
    assert "(Trengganu or Pahang: choose SPACE)" in prompt_text(g)
    refused(g, "choose johore", "not a space this Supply selected", rule="J27")
    refused(g, "done", "must remove the Opposition of one selected space", rule="J27")
    do(g, "choose pahang")
    assert proc(g) is None
    assert B.opposed(g, "trengganu") and not B.opposed(g, "pahang")


def test_J27_shaded_no_selected_space_at_opposition_removes_none():
    g = supply_position(capabilities={"J27": "shaded"}, spaces={"johore": {"opposition": 1}})
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    do(g, "space trengganu", "done")
    assert B.opposed(g, "johore") and "so none is removed" in said(g)


def test_J24_unshaded_supply_frame_cites_the_card():
    g = supply_position()
    start_sa(g, "supply", rule="J24", optional=True)
    do(g, "space pahang", "done")
    assert sp(g, "pahang")["caches"] == 1
    assert any(e.get("rule") == "4.2.1, J24" for e in g.log)


# -- 4.2.2 Gather --------------------------------------------------------------------------------------------

def gather_example():
    """Card 6 of the Example of Play (L1714-1716): Force 136 in Perak, Kelantan and Pahang; Guerrillas in Kedah,
    Perak, Kelantan, Trengganu and Johore; the Example's chits face down."""
    g = pos(kedah={"mpaja_u": 1},
            perak={"troops": 3, "police": 1, "kempeitai": 1, "mpaja_u": 2, "caches": 1, "force_136": 1},
            kelantan={"troops": 2, "non_mpaja_u": 1, "force_136": 1, "jungle_camp": 1},
            trengganu={"non_mpaja_u": 2, "jungle_camp": 1, "opposition": 1},
            pahang={"force_136": 1, "jungle_camp": 1},
            johore={"troops": 1, "kempeitai": 1, "mpaja_u": 1, "terror": 1},
            negri_sembilan={"troops": 6, "opposition": 1})
    return example_chits(g)


def test_8_0_gather_in_perak_and_pahang_reveals_the_example_chits():
    g = gather_example()
    start_sa(g, "gather", parent_op="ambush", parent_spaces=[])
    assert legal(g) == {"space": ["perak", "kelantan", "pahang"]}
    do(g, "space perak")
    assert legal(g)["reveal"] == ["kedah mpaja-u", "perak mpaja-u", "kelantan non-mpaja-u"]
    do(g, "space pahang")
    assert legal(g)["reveal"] == ["kedah mpaja-u", "perak mpaja-u", "kelantan non-mpaja-u",
                                  "trengganu non-mpaja-u", "johore mpaja-u"]
    do(g, "reveal kedah mpaja-u", "reveal perak mpaja-u", "reveal trengganu non-mpaja-u", "reveal johore mpaja-u")
    values = {s: g.s["intel"][s]["value"] for s in chits.revealed_spaces(g)}
    assert values == {"kedah": 2, "perak": 1, "trengganu": 2, "johore": 0}
    assert chits.revealed_total(g.s) == 5
    for s, key in (("kedah", "mpaja_a"), ("perak", "mpaja_a"), ("trengganu", "non_mpaja_a"), ("johore", "mpaja_a")):
        assert sp(g, s)[key] == 1, s
    assert legal(g) == {"reveal": ["kelantan non-mpaja-u"], "done": []}
    do(g, "done")  # Kelantan's Guerrilla is kept Underground for the Ambush
    assert proc(g) is None and sp(g, "kelantan")["non_mpaja_u"] == 1 and chits.concealed(g, "kelantan")
    assert "The Intel chit in Trengganu was revealed: value 2 (Gather)." in said(g)


def test_1_11_gather_reveals_a_chit_nobody_has_seen_by_a_draw():
    g = pos(perak={"force_136": 1, "mpaja_u": 1}, draws=[2])
    assert g.s["intel"]["perak"]["value"] is None
    start_sa(g, "gather", parent_op="contact", parent_spaces=[])
    do(g, "space perak", "reveal perak mpaja-u")
    chit = g.s["intel"]["perak"]
    assert chit == {"revealed": True, "seen": True, "value": 2}
    assert proc(g) is None  # nothing more to select or reveal
    assert "The Intel chit in Perak was revealed: value 2 (Gather)." in said(g)


def test_4_2_2_gather_refusals():
    g = gather_example()
    g.s["intel"]["selangor"] = {"revealed": True, "seen": True, "value": g.s["intel_face_down"].pop("selangor")}
    g.s["spaces"]["selangor"]["mpaja_u"] = 1
    g.s["available"]["mpaja"] -= 1
    g.s["spaces"]["ec-top"]["mpaja_u"] = 1
    g.s["available"]["mpaja"] -= 1
    check(g.s)
    start_sa(g, "gather", parent_op="sabotage", parent_spaces=[])
    refused(g, "space trengganu", "Trengganu has no Force 136 marker", rule="4.2.2")
    do(g, "space perak")
    refused(g, "reveal johore mpaja-u", "neither selected for this Gather", rule="4.2.2")
    refused(g, "reveal ec-top mpaja-u", "holds no Intel chit", rule="1.3.5")
    refused(g, "reveal selangor mpaja-u", "is revealed already", rule="4.2.2")
    refused(g, "reveal kedah non-mpaja-u", "Kedah has no Underground non-MPAJA Guerrilla", rule="4.2.2")
    refused(g, "reveal kedah", "'reveal' here is written 'reveal SPACE mpaja-u|non-mpaja-u'", rule="4.2.2")
    do(g, "reveal kedah mpaja-u")
    refused(g, "reveal kedah mpaja-u", "revealed the chit in Kedah already", rule="4.2.2")


def test_4_2_2_gather_reveal_before_any_space_is_refused():
    g = gather_example()
    start_sa(g, "gather", parent_op="contact", parent_spaces=[])
    refused(g, "reveal perak mpaja-u", "select a space first", rule="4.2.2")


def test_4_2_2_gather_is_not_possible_without_a_chit_to_reveal():
    g = pos(perak={"force_136": 1, "troops": 1})
    assert not Gather().possible(g, None)
    g = pos(perak={"force_136": 1}, kedah={"non_mpaja_u": 1})
    assert Gather().possible(g, None)


def test_J19_unshaded_gather_selects_three_spaces():
    g = gather_example()
    start_sa(g, "gather", parent_op="contact", parent_spaces=[])
    do(g, "space perak", "space pahang")
    assert "space" not in legal(g)
    refused(g, "space kelantan", "selects up to 2 space(s)", rule="4.2.2")
    g = gather_example()
    g.s["capabilities"] = {"J19": "unshaded"}
    start_sa(g, "gather", parent_op="contact", parent_spaces=[])
    do(g, "space perak", "space pahang")
    assert legal(g)["space"] == ["kelantan"]
    do(g, "space kelantan")
    refused(g, "space kedah", "selects up to 3 space(s)", rule="J19")


def test_J19_shaded_guerrillas_outside_the_selection_serve_next_to_one_selected_space():
    g = gather_example()
    g.s["capabilities"] = {"J19": "shaded"}
    start_sa(g, "gather", parent_op="contact", parent_spaces=[])
    do(g, "space perak", "space pahang", "reveal kedah mpaja-u")
    # Kedah is next to Perak only: Trengganu and Johore (next to Pahang only) may no longer serve
    assert legal(g)["reveal"] == ["perak mpaja-u", "kelantan non-mpaja-u"]
    refused(g, "reveal johore mpaja-u", "Radios down", "Kedah and Johore", rule="J19")
    do(g, "reveal perak mpaja-u", "reveal kelantan non-mpaja-u")
    assert proc(g) is None


def test_J22_unshaded_gather_guerrillas_stay_underground():
    g = gather_example()
    g.s["capabilities"] = {"J22": "unshaded"}
    start_sa(g, "gather", parent_op="contact", parent_spaces=[])
    do(g, "space pahang")
    assert "not Activated" in prompt_text(g)
    do(g, "reveal johore mpaja-u")
    assert sp(g, "johore")["mpaja_u"] == 1 and sp(g, "johore")["mpaja_a"] == 0
    assert g.s["intel"]["johore"]["revealed"] and "stays Underground (Jikeidan System)" in said(g)


def test_J7_unshaded_gather_frame_cites_the_card():
    g = gather_example()
    start_sa(g, "gather", rule="J7", optional=True)
    do(g, "space pahang", "reveal trengganu non-mpaja-u", "done")
    assert any(e.get("rule") == "4.2.2, J7" for e in g.log)
    assert chits.revealed_spaces(g) == ["trengganu"]


# -- 4.2.3 Raid ----------------------------------------------------------------------------------------------

def raid_position(**kw):
    """Perak with a Supply Cache and Guerrillas of both kinds and states; its neighbours empty."""
    spaces = dict(perak={"caches": 1, "mpaja_u": 2, "mpaja_a": 1, "non_mpaja_u": 1, "troops": 3, "police": 1})
    spaces.update(kw.pop("spaces", {}))
    return pos(**spaces, **kw)


@pytest.mark.parametrize(("zipper", "most"), [(0, 2), (12, 2), (18, 2), (20, 3)])
def test_6_7_3_raid_selects_a_third_space_at_zipper_20(zipper, most):
    g = raid_position(zipper=zipper)
    assert B.raid_spaces(g) == most
    start_sa(g, "raid", parent_op="train", parent_spaces=[])
    assert legal(g)["space"] == sorted(B.adj(g, "perak"), key=B.SPACES.index)
    for sid in ("kedah", "kelantan", "pahang")[:most]:
        do(g, f"space {sid}", "move perak mpaja-a" if sid == "pahang" else "move perak mpaja-u", "done")
        if proc(g) == "jo.sa.raid" and "op" in legal(g):
            do(g, "done")
    assert proc(g) is None
    moved = sum(B.guerrillas(sp(g, s)) for s in ("kedah", "kelantan", "pahang"))
    assert moved == most
    if most == 2:
        frame = {"p": "jo.sa.raid", "role": "british", "started": True, "chosen": ["kedah", "kelantan"],
                 "stage": "select"}
        assert Raid().refusal(g, frame, "space", "pahang").rule == "4.2.3"


def test_4_2_3_raid_moves_one_or_two_guerrillas_keeping_their_state():
    g = raid_position()
    start_sa(g, "raid", parent_op="contact", parent_spaces=[])
    do(g, "space kedah")
    assert legal(g) == {"move": ["perak mpaja-u", "perak mpaja-a", "perak non-mpaja-u"]}
    assert "(move FROM PIECE)" in prompt_text(g)
    refused(g, "done", "none moved yet", rule="4.2.3")
    do(g, "move perak mpaja-a", "move perak non-mpaja-u")
    assert sp(g, "kedah")["mpaja_a"] == 1 and sp(g, "kedah")["non_mpaja_u"] == 1
    assert sp(g, "perak")["mpaja_a"] == 0 and sp(g, "perak")["non_mpaja_u"] == 0
    assert "British Raid: 1 Active MPAJA Guerrilla moved from Perak into Kedah." in said(g)


def test_4_2_3_raid_refusals():
    g = raid_position(spaces={"johore": {"caches": 1}, "negri_sembilan": {"caches": 1, "mpaja_u": 1},
                              "kuala_lumpur": {"mpaja_u": 1}})
    start_sa(g, "raid", parent_op="ambush", parent_spaces=[])
    refused(g, "space trengganu", "adjacent to no space with a Supply Cache", rule="4.2.3")
    do(g, "space pahang")
    refused(g, "move kuala-lumpur mpaja-u", "Kuala Lumpur has no Supply Cache", rule="4.2.3")
    refused(g, "move kedah mpaja-u", "Kedah is not adjacent to Pahang", rule="4.2.3")
    refused(g, "move johore mpaja-u", "Johore has no Underground MPAJA Guerrilla to move in", rule="4.2.3")
    refused(g, "move perak troops", "'move' here is written", rule="4.2.3")
    refused(g, "space kedah", "moves its Guerrillas in first", rule="4.2.3")
    do(g, "move perak mpaja-u")
    refused(g, "move negri-sembilan mpaja-u", "come from one space, Perak", "R-4.2.3-SOURCE", rule="4.2.3")


def test_4_2_3_raid_space_next_to_a_cache_without_guerrillas_is_refused():
    g = raid_position(spaces={"johore": {"caches": 1}})
    start_sa(g, "raid", parent_op="ambush", parent_spaces=[])
    refused(g, "space negri-sembilan", "adjacent to a Supply Cache only in Johore, where no Guerrilla",
            rule="4.2.3")
    refused(g, "space perak", "adjacent to no space with a Supply Cache", rule="4.2.3")


def test_4_2_3_raid_ruling_each_lets_guerrillas_come_from_two_cache_spaces():
    g = raid_position(spaces={"negri_sembilan": {"caches": 1, "mpaja_u": 1}},
                      rulings={"R-4.2.3-SOURCE": "each"})
    start_sa(g, "raid", parent_op="ambush", parent_spaces=[])
    do(g, "space pahang", "move perak mpaja-u", "move negri-sembilan mpaja-u")
    assert sp(g, "pahang")["mpaja_u"] == 2


def test_4_2_3_raid_after_two_guerrillas_offers_the_limited_operation_or_done():
    g = raid_position(spaces={"selangor": {"troops": 1}})
    start_sa(g, "raid", parent_op="train", parent_spaces=[])
    do(g, "space selangor", "move perak mpaja-u", "move perak mpaja-u")
    assert proc(g) == "jo.sa.raid"
    assert set(legal(g)["op"]) == {"sabotage", "ambush"} and "done" in legal(g)
    refused(g, "op train", "Raid's Operation is a Limited Sabotage or Ambush", rule="4.2.3")
    refused(g, "move perak mpaja-a", "has moved its Guerrillas in", rule="4.2.3")
    do(g, "done")
    assert legal(g)["space"] and g.top()["chosen"] == ["selangor"]


def test_4_2_3_raid_with_only_active_guerrillas_moved_has_no_operation_to_offer():
    g = raid_position(spaces={"perak": {"caches": 1, "mpaja_a": 1}})
    start_sa(g, "raid", parent_op="train", parent_spaces=[])
    do(g, "space selangor", "move perak mpaja-a")
    # no Underground Guerrilla in Selangor: neither Sabotage nor Ambush can Activate one; nothing to ask
    assert proc(g) is None
    assert "No Limited Sabotage or Ambush is possible in Selangor: the Raid there ends." in said(g)


def test_8_0_raid_into_selangor_and_limited_sabotage_of_the_railway():
    """L1656: the Raid selects Selangor, an MPAJA Guerrilla moves in from Perak and Sabotages the
    Perak-Pahang-Selangor Railway, Selangor having no Force 136."""
    g = on_setup(scenario="example-of-play")
    start_sa(idle(g), "raid", parent_op="contact", parent_spaces=[])
    assert "selangor" in legal(g)["space"]
    do(g, "space selangor", "move perak mpaja-u", "done")
    assert "sabotage" in legal(g)["op"]
    do(g, "op sabotage")
    assert proc(g) == "jo.op.sabotage" and legal(g)["space"] == ["selangor"]
    do(g, "space selangor")  # Selangor's one Railway: the marker goes there
    assert g.s["railways"]["perak-pahang-selangor"] == 1
    assert sp(g, "selangor")["mpaja_a"] == 1 and sp(g, "perak")["mpaja_u"] == 1
    do(g, "done")  # the Limited Sabotage ends; the Raid may select its second space
    assert proc(g) == "jo.sa.raid" and g.top()["stage"] == "select" and "space" in legal(g)
    do(g, "done")
    assert proc(g) is None
    text = said(g)
    assert "British Raid: 1 Underground MPAJA Guerrilla moved from Perak into Selangor." in text
    assert "A Sabotage marker was placed on the Perak-Pahang-Selangor Railway" in text


# -- 8.0 Supply (L1694) --------------------------------------------------------------------------------------

def test_8_0_supply_in_trengganu_and_negri_sembilan():
    """L1694: Train with Supply; Supply first in Trengganu and Negri Sembilan, the two Available Caches used."""
    g = pos(perak={"troops": 3, "police": 1, "kempeitai": 1, "caches": 1, "mpaja_a": 2, "jungle_camp": 1,
                   "force_136": 1},
            trengganu={"non_mpaja_u": 1, "jungle_camp": 1, "force_136": 1, "opposition": 1},
            negri_sembilan={"troops": 6, "mpaja_a": 3, "jungle_camp": 1, "force_136": 1},
            johore={"troops": 1, "police": 1, "kempeitai": 1, "mpaja_u": 1, "jungle_camp": 1, "terror": 1})
    assert g.s["available"]["caches"] == 2
    start_sa(g, "supply", parent_op="train", parent_spaces=[])
    assert legal(g) == {"space": ["trengganu", "negri-sembilan"]}  # Perak holds a Cache already
    do(g, "space trengganu", "space negri-sembilan")
    assert g.s["available"]["caches"] == 0
    assert sp(g, "trengganu")["caches"] == sp(g, "negri-sembilan")["caches"] == 1
    assert sp(g, "trengganu")["jungle_camp"] == sp(g, "negri-sembilan")["jungle_camp"] == 0


# -- with the Operations (4.1, 4.1.1) ---------------------------------------------------------------------------

def test_4_2_2_gather_accompanies_ambush_and_is_refused_with_train():
    g = gather_example()
    start(g, "ambush", with_sa=True)
    assert "gather" in legal(g)["sa"]
    do(g, "sa gather")
    assert proc(g) == "jo.sa.gather" and g.top()["parent_op"] == "ambush"
    do(g, "space pahang", "reveal johore mpaja-u", "done")
    assert proc(g) == "jo.op.ambush" and g.s["intel"]["johore"]["revealed"]
    g = gather_example()
    start(g, "train", with_sa=True)
    refused(g, "sa gather", "Gather may not accompany Train", rule="4.2.2")


def test_4_2_3_raid_accompanies_contact_and_ambushes_without_force_136():
    g = raid_position(spaces={"selangor": {"police": 1}})
    start(g, "contact", with_sa=True)
    do(g, "sa raid", "space selangor", "move perak mpaja-u", "done")
    assert legal(g)["op"] == ["sabotage", "ambush"] and "(op sabotage|ambush), or done" in prompt_text(g)
    do(g, "op ambush", "space selangor")
    assert "remove" in legal(g)
    do(g, "remove police")
    assert sp(g, "selangor")["police"] == 0 and sp(g, "selangor")["mpaja_a"] == 1
    do(g, "done")
    assert proc(g) == "jo.sa.raid"


def test_J8_unshaded_province_without_force_136_still_needs_a_supply_cache_to_come():
    g = supply_position(capabilities={"J8": "unshaded"}, spaces={"perak": {"mpaja_u": 2}, "kelantan": {},
                                                                  "johore": {"jungle_camp": 1}})
    g.s["available"]["caches"] = 0
    g.s["removed"] = 3
    check(g.s)
    frame = {"p": "jo.sa.supply", "role": "british", "started": True, "chosen": [], "stage": "select"}
    reason = Supply().refusal(g, frame, "space", "johore")
    assert "no Supply Cache is Available or elsewhere on the map" in reason and reason.rule == "1.4.1"
