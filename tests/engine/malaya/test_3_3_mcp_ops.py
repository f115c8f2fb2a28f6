"""MCP Operations of Malaya (3.3): Rally, March, Attack, Terror; their costs (3.1), Limited (2.3.4), free
Operations an Event grants (3.1.2, 5.4, ruling R-FREE-OPS), the Capabilities they read (M1, M8, M27), and
the Example of Play's MCP steps with its numbers (8.0 L1608, L1612-1616, L1624)."""

import pytest

import engine
from engine.core import canonical
from engine.core.chance import NoChance, Recorder
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.malaya import DEFINITION
from engine.games.malaya import board as MB
from engine.games.malaya.operation import new_op_frame
from engine.testing import begin

from .helpers import board, check, legal, run, sp, texts


def mcp(**kw):
    """A position with the MCP 1st Eligible, at the box choice."""
    return board(first="mcp", **kw)


def refused(state, order, match):
    with pytest.raises(IllegalActionError, match=match):
        engine.apply(state, engine.active_roles(state)[0], order)


def granted(state, proc, role="mcp", **local):
    """*state* with an Event's frame for procedure *proc* pushed on top (the contract of the Event writers:
    ``new_op_frame(..., free=True, rule=CARD)``), its first automatic steps run."""
    s = canonical.copy(state)
    begin(Context(s, Recorder(NoChance()), DEFINITION.rules, DEFINITION.procedures), proc, role, on_top=True, **local)
    return s


def free_op(state, op, *, limited=False, spaces=None, only=None, rule="M22", **flags):
    return granted(state, f"my.op.{op}", **new_op_frame(None, op, limited, False, free=True, spaces=spaces,
                                                        only=only, rule=rule, **flags))


# -- Rally (3.3.1) -------------------------------------------------------------------------------------

def test_3_3_1_rally_selects_provinces_thailand_kuala_lumpur_without_support_or_new_village():
    s = mcp(kedah={}, perak={"troops": 1, "police": 1, "support": 1}, johore={"new_village": 1, "police": 1},
            ec_top={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op rally")
    assert set(legal(s)["space"]) == set(MB.SPACES) - {"perak", "johore", "ec-top", "ec-bottom"}
    refused(s, "space perak", r"Perak is at Support: Rally may not select a space at Support \(3\.3\.1\)")
    refused(s, "space johore", r"Johore has a New Village: Rally may not select a space with one \(3\.3\.1")
    refused(s, "space ec-top", r"Economic Center: Rally selects Provinces, Thailand and Kuala Lumpur \(3\.3\.1\)")


def test_m1_shaded_rally_may_select_a_new_village_space_at_opposition_only():
    s = mcp(capabilities={"M1": "shaded"}, johore={"new_village": 1, "police": 1, "support": -1},
            pahang={"new_village": 1, "police": 1})
    s, _ = run(s, "box opsa", "op rally")
    assert "johore" in legal(s)["space"] and "pahang" not in legal(s)["space"]
    refused(s, "space pahang", r"Pahang has a New Village and is not at Opposition .*Relocation resented.*M1")
    s2, _ = run(s, "space johore", "place guerrilla")
    assert sp(s2, "johore")["guerrillas_u"] == 1 and sp(s2, "johore")["new_village"] == 1


def test_3_3_1_rally_places_one_underground_guerrilla_for_1_resource_and_control_shifts_will():
    s = mcp(pw=10, mcp=3, kedah={})
    s, log = run(s, "box opsa", "op rally", "space kedah")
    assert legal(s) == {"place": ["guerrilla"]}  # no Base: one Guerrilla, nothing else
    s, log2 = run(s, "place guerrilla")
    assert sp(s, "kedah")["guerrillas_u"] == 1 and s["resources"]["mcp"] == 2
    assert s["control"]["kedah"] == "mcp" and s["pw"] == 8  # Kedah Population 2 (1.7)
    assert "MCP paid 1 Resource for Rally in Kedah (3 -> 2)" in texts(log + log2)


def test_3_3_1_rally_with_a_base_places_up_to_population_plus_bases():
    s = mcp(kelantan={"bases": 1, "guerrillas_u": 1})  # Population 2 + 1 Base: 3
    s, _ = run(s, "box opsa", "op rally", "space kelantan", "place guerrilla", "place guerrilla")
    assert legal(s) == {"place": ["guerrilla"], "done": []}
    s2, _ = run(s, "place guerrilla")
    assert sp(s2, "kelantan")["guerrillas_u"] == 4
    assert "space" in legal(s2) and "place" not in legal(s2)  # the third ends the space's placement
    s3, _ = run(s, "done")
    assert sp(s3, "kelantan")["guerrillas_u"] == 3


def test_3_3_1_rally_in_thailand_with_a_base_places_bases_plus_population_zero():
    s = mcp(thailand={"bases": 2})
    s, _ = run(s, "box opsa", "op rally", "space thailand", "place guerrilla")
    assert legal(s) == {"place": ["guerrilla"], "done": []}
    s, _ = run(s, "place guerrilla")
    assert sp(s, "thailand")["guerrillas_u"] == 2 and "place" not in legal(s)


def test_3_3_1_rally_flips_all_guerrillas_underground_only_where_a_base_is():
    s = mcp(pahang={"bases": 1, "guerrillas_a": 2, "guerrillas_u": 1}, kedah={"guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op rally", "space kedah")
    assert "flip" not in legal(s)
    refused(s, "flip", r"Kedah has no Base: Rally flips Guerrillas Underground only where a Base already is")
    s, _ = run(s, "place guerrilla", "space pahang")
    assert "flip" in legal(s)
    s, log = run(s, "flip")
    assert sp(s, "pahang")["guerrillas_u"] == 3 and sp(s, "pahang")["guerrillas_a"] == 0
    assert "flipped 2 Active Guerrillas in Pahang Underground" in texts(log)


def test_3_3_1_rally_replaces_two_guerrillas_with_a_base_chosen_by_state():
    s = mcp(pahang={"guerrillas_u": 1, "guerrillas_a": 2})
    s, _ = run(s, "box opsa", "op rally", "space pahang")
    assert legal(s)["replace"] == ["guerrilla-u guerrilla-a", "guerrilla-a guerrilla-a"]
    refused(s, "replace guerrilla-u guerrilla-u", r"Pahang has 1 Underground Guerrilla and 2 Active Guerrillas: "
            r"not the two Guerrillas named")
    s, _ = run(s, "replace guerrilla-a guerrilla-a")
    assert sp(s, "pahang")["bases"] == 1 and sp(s, "pahang")["guerrillas_u"] == 1
    assert sp(s, "pahang")["guerrillas_a"] == 0


def test_1_4_2_rally_may_not_replace_with_a_third_base():
    s = mcp(pahang={"bases": 2, "guerrillas_u": 2})
    s, _ = run(s, "box opsa", "op rally", "space pahang")
    assert "replace" not in legal(s)
    refused(s, "replace guerrilla-u guerrilla-u", r"Pahang has 2 Bases: two Bases at most in a space \(1\.4\.2\)")


def test_1_4_1_rally_takes_a_base_from_the_map_when_none_is_available():
    s = mcp(pahang={"guerrillas_u": 2}, thailand={"bases": 2}, kelantan={"bases": 2, "guerrillas_u": 1})
    assert s["available"]["bases"] == 0
    s, _ = run(s, "box opsa", "op rally", "space pahang", "replace guerrilla-u guerrilla-u")
    assert legal(s) == {"take": ["kelantan base", "thailand base"]}
    refused(s, "take pahang base", r"the Base goes to Pahang: take one from another space \(1\.4\.1\)")
    s, log = run(s, "take thailand base")
    assert sp(s, "pahang")["bases"] == 1 and sp(s, "thailand")["bases"] == 1
    assert s["available"]["guerrillas"] == 15 - 1 and "taken from Thailand" in texts(log)


def test_r_control_pw_rally_replacement_adjusts_control_once():
    """Ruling R-CONTROL-PW: the two Guerrillas and the Base change places at once, so Kedah stays MCP
    Controlled throughout: Political Will at 20 neither rises (clamped) nor then falls by 2."""
    s = mcp(pw=18, kedah={"guerrillas_u": 2})
    assert s["pw"] == 18 and s["control"]["kedah"] == "mcp"
    s, log = run(s, "box opsa", "op rally", "space kedah", "replace guerrilla-u guerrilla-u")
    assert s["pw"] == 18 and s["control"]["kedah"] == "mcp" and "Political Will" not in texts(log)


def test_1_4_1_example_rally_takes_a_guerrilla_from_the_map_when_none_is_available():
    s = mcp(thailand={"guerrillas_a": 8}, kedah={"guerrillas_u": 7})
    assert s["available"]["guerrillas"] == 0
    s, _ = run(s, "box opsa", "op rally", "space thailand", "place guerrilla")
    assert legal(s) == {"take": ["kedah guerrilla-u", "thailand guerrilla-a"], "done": []}
    s, _ = run(s, "take thailand guerrilla-a")
    assert sp(s, "thailand")["guerrillas_u"] == 1  # placed Underground (1.4.3)
    assert sp(s, "thailand")["guerrillas_a"] == 7


def test_3_1_rally_is_resources_permitting():
    s = mcp(mcp=1, kedah={}, perak={})
    s, _ = run(s, "box opsa", "op rally", "space kedah", "place guerrilla")
    assert "space" not in legal(s)
    refused(s, "space perak", r"Rally in Perak costs 1 Resource; MCP Resources are 0 \(3\.1: Resources permitting\)")


def test_3_3_1_rally_must_act_in_the_space_selected():
    s = mcp(kedah={})
    s, _ = run(s, "box opsa", "op rally", "space kedah")
    refused(s, "done", r"the Rally in Kedah places a Guerrilla, replaces two with a Base.*choose one")


def test_3_3_1_agitate_after_rally_in_one_space_with_mcp_control_and_a_base():
    s = mcp(mcp=5, kelantan={"bases": 1, "guerrillas_u": 1, "terror": 1}, trengganu={"bases": 1},
            kedah={"police": 2})
    s, _ = run(s, "box opsa", "op rally", "space kelantan", "place guerrilla", "done", "space trengganu",
               "place guerrilla", "done", "space kedah", "place guerrilla", "done")
    assert legal(s) == {"agitate": ["kelantan", "trengganu"], "done": []}  # Kedah: British Control, no Base
    s, log = run(s, "agitate kelantan", "agitate kelantan")
    assert sp(s, "kelantan")["terror"] == 0 and sp(s, "kelantan")["support"] == -1
    assert s["resources"]["mcp"] == 5 - 3 - 2
    assert engine.active_roles(s) == ["mcp"] and "sa" in legal(s)  # the Extort or Intimidate may follow


# -- March (3.3.2) -------------------------------------------------------------------------------------

def test_3_3_2_march_destinations_cost_1_economic_centers_free():
    s = mcp(mcp=2, kelantan={"guerrillas_u": 3}, perak={"guerrillas_u": 1})
    s, log = run(s, "box opsa", "op march", "space ec-top", "space trengganu", "space pahang")
    assert s["resources"]["mcp"] == 0
    paid = [t for t in texts(log).splitlines() if "paid" in t]
    assert paid == ["MCP paid 1 Resource for March in Trengganu (2 -> 1).",
                    "MCP paid 1 Resource for March in Pahang (1 -> 0)."]


def test_3_3_2_march_destination_needs_a_guerrilla_adjacent():
    s = mcp(kelantan={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op march")
    assert "johore" not in legal(s)["space"] and "thailand" in legal(s)["space"]
    refused(s, "space johore", r"no space adjacent to Johore \(.*\) has a Guerrilla to March in")


def test_3_3_2_march_moves_from_adjacent_spaces_keeping_their_state():
    s = mcp(kelantan={"guerrillas_u": 1, "guerrillas_a": 1}, perak={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op march", "space thailand", "done")
    assert legal(s)["move"] == ["kelantan thailand guerrilla-u", "kelantan thailand guerrilla-a",
                                "perak thailand guerrilla-u"]
    refused(s, "move johore thailand guerrilla-u", r"Johore is not adjacent to Thailand")
    refused(s, "move perak pahang guerrilla-u", r"Pahang is not a destination of this March \(Thailand\)")
    s, _ = run(s, "move perak thailand guerrilla-u")
    refused(s, "move perak thailand guerrilla-u", r"the 1 Underground Guerrilla in Perak are all declared to move "
            r"already: each Guerrilla moves once")
    s, log = run(s, "move kelantan thailand guerrilla-a", "done")
    assert sp(s, "thailand")["guerrillas_u"] == 1 and sp(s, "thailand")["guerrillas_a"] == 1
    assert sp(s, "kelantan")["guerrillas_u"] == 1 and "MCP Marched 1 Guerrilla from Perak to Thailand" in texts(log)


def test_3_3_2_march_group_into_an_economic_center_goes_active_above_three():
    s = mcp(kelantan={"guerrillas_u": 3}, perak={"guerrillas_u": 1}, ec_top={"police": 1})
    s, _ = run(s, "box opsa", "op march", "space ec-top", "done")
    s, log = run(s, "move kelantan ec-top guerrilla-u", "move kelantan ec-top guerrilla-u",
                 "move kelantan ec-top guerrilla-u", "move perak ec-top guerrilla-u", "done")
    x = sp(s, "ec-top")
    assert x["guerrillas_a"] == 3 and x["guerrillas_u"] == 1  # Kelantan's 3 + 1 Police > 3; Perak's 1 + 1 not
    assert "3 Underground Guerrillas went Active" in texts(log)


def test_3_3_2_march_group_into_support_goes_active_above_three_otherwise_not():
    s = mcp(pahang={"guerrillas_u": 2}, johore={"support": 1, "police": 2}, selangor={"troops": 2})
    s, _ = run(s, "box opsa", "op march", "space johore", "space selangor", "done",
               "move pahang johore guerrilla-u", "move pahang johore guerrilla-u", "done")
    assert sp(s, "johore")["guerrillas_a"] == 2  # 2 moving + 2 cubes > 3, Johore at Support
    s = mcp(pahang={"guerrillas_u": 2}, selangor={"troops": 3})
    s, _ = run(s, "box opsa", "op march", "space selangor", "done",
               "move pahang selangor guerrilla-u", "move pahang selangor guerrilla-u", "done")
    assert sp(s, "selangor")["guerrillas_u"] == 2  # Neutral: no Activation however many


def test_2_3_4_limited_march_one_destination_from_several_origins():
    s = mcp(kelantan={"guerrillas_u": 1}, perak={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op march", "space pahang")
    refused(s, "space thailand", r"a Limited Operation selects one space, and this March has selected Pahang")
    s, _ = run(s, "done", "move kelantan pahang guerrilla-u", "move perak pahang guerrilla-u", "done")
    assert sp(s, "pahang")["guerrillas_u"] == 2 and s["control"]["pahang"] == "mcp"
    assert engine.active_roles(s) == ["british"]


def test_r_control_pw_march_moves_are_simultaneous():
    """Guerrillas leave Kedah for Perak while others enter Kedah from Thailand: Kedah stays MCP Controlled
    through the move (ruling R-CONTROL-PW), so Political Will at 20 is not clamped on the way."""
    s = mcp(pw=20, kedah={"guerrillas_u": 1}, thailand={"guerrillas_u": 1}, perak={"police": 2})
    pw = s["pw"]
    s, log = run(s, "box opsa", "op march", "space perak", "space kedah", "done",
                 "move kedah perak guerrilla-u", "move thailand kedah guerrilla-u", "done")
    assert s["pw"] == pw and s["control"]["kedah"] == "mcp" and "Political Will" not in texts(log)


# -- Attack (3.3.3) ------------------------------------------------------------------------------------

def test_3_3_3_attack_needs_guerrillas_and_cubes():
    s = mcp(kedah={"guerrillas_u": 1}, perak={"police": 1}, pahang={"guerrillas_a": 1, "troops": 1})
    s, _ = run(s, "box opsa", "op attack")
    assert legal(s)["space"] == ["pahang"]
    refused(s, "space kedah", r"Kedah has 1 Guerrilla and no British cube: Attack needs Guerrillas and British "
            r"cubes \(3\.3\.3\)")


def test_3_3_3_attack_activates_all_and_removes_two_cubes_police_first_on_a_hit():
    s = mcp(pw=10, selangor={"guerrillas_u": 2, "guerrillas_a": 1, "troops": 4, "police": 1})
    s, log = run(s, "box opsa", "op attack", "space selangor", rolls=[3])
    x = sp(s, "selangor")
    assert x["guerrillas_a"] == 3 and x["police"] == 0 and x["troops"] == 3
    assert s["pw"] == 9 and s["resources"]["mcp"] == 9  # a Troop removed: -1 (3.3.3)
    assert "rolled 3 against 3 Guerrillas: a hit" in texts(log)


def test_3_3_3_attack_misses_above_the_guerrillas_and_still_activates():
    s = mcp(selangor={"guerrillas_u": 2, "troops": 2})
    s, log = run(s, "box opsa", "op attack", "space selangor", rolls=[3])
    assert sp(s, "selangor")["troops"] == 2 and sp(s, "selangor")["guerrillas_a"] == 2 and s["pw"] == 10
    assert "no effect" in texts(log)


def test_3_3_3_attack_removing_only_police_keeps_political_will():
    s = mcp(selangor={"guerrillas_u": 2, "police": 2, "troops": 3})
    s, _ = run(s, "box opsa", "op attack", "space selangor", rolls=[1])
    assert sp(s, "selangor")["police"] == 0 and sp(s, "selangor")["troops"] == 3 and s["pw"] == 10


def test_1_7_attack_taking_control_shifts_political_will_too():
    s = mcp(pw=10, selangor={"guerrillas_u": 3, "police": 1, "troops": 2})  # Selangor Population 1
    s, log = run(s, "box opsa", "op attack", "space selangor", rolls=[3])
    assert s["control"]["selangor"] == "mcp" and s["pw"] == 8  # -1 for the Troop, -1 for MCP Control


def test_m8_shaded_attack_removes_any_two_cubes_the_mcp_choosing():
    s = mcp(capabilities={"M8": "shaded"}, selangor={"guerrillas_u": 2, "police": 2, "troops": 2})
    s, _ = run(s, "box opsa", "op attack", "space selangor", rolls=[2])
    assert legal(s) == {"remove": ["troop", "police"]}
    refused(s, "remove base", r"'remove' here is written 'remove troop\|police'")
    s, _ = run(s, "remove troop", "remove troop")
    assert sp(s, "selangor")["troops"] == 0 and sp(s, "selangor")["police"] == 2 and s["pw"] == 9


def test_m8_unshaded_attack_loses_a_guerrilla_for_each_troop_removed():
    s = mcp(capabilities={"M8": "unshaded"}, selangor={"guerrillas_u": 3, "police": 1, "troops": 4})
    s, log = run(s, "box opsa", "op attack", "space selangor", rolls=[3])
    x = sp(s, "selangor")
    assert x["police"] == 0 and x["troops"] == 3 and x["guerrillas_a"] == 2 and s["pw"] == 9
    assert "High casualties: MCP removed 1 Active Guerrilla" in texts(log)


# -- Terror (3.3.4) ------------------------------------------------------------------------------------

def test_3_3_4_terror_places_terror_and_shifts_toward_opposition():
    s = mcp(mcp=2, kedah={"guerrillas_u": 2}, ec_top={"guerrillas_u": 1}, perak={"guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op terror")
    assert set(legal(s)["space"]) == {"kedah", "ec-top"}
    refused(s, "space perak", r"Perak has no Underground Guerrilla: Terror needs one to Activate \(3\.3\.4\)")
    s, log = run(s, "space kedah", "space ec-top")
    assert sp(s, "kedah")["terror"] == 1 and sp(s, "kedah")["support"] == -1 and sp(s, "kedah")["guerrillas_u"] == 1
    assert sp(s, "ec-top")["sabotage"] == 1 and sp(s, "ec-top")["guerrillas_a"] == 1
    assert s["resources"]["mcp"] == 1  # the Economic Center is free


def test_1_4_2_terror_places_no_second_marker_but_still_shifts():
    s = mcp(kedah={"guerrillas_u": 1, "terror": 1, "support": 1})
    s, log = run(s, "box opsa", "op terror", "space kedah")
    assert sp(s, "kedah")["terror"] == 1 and sp(s, "kedah")["support"] == 0
    assert "no Terror marker (one is there already)" in texts(log)


def test_r_terror_thailand_costs_one_and_only_activates():
    s = mcp(thailand={"guerrillas_u": 1})
    s, log = run(s, "box opsa", "op terror", "space thailand")
    assert sp(s, "thailand")["guerrillas_a"] == 1 and sp(s, "thailand")["terror"] == 0
    assert s["resources"]["mcp"] == 9 and "ruling R-TERROR-THAILAND" in texts(log)


def test_m27_shaded_terror_may_also_remove_a_police_cube():
    s = mcp(capabilities={"M27": "shaded"}, kedah={"guerrillas_u": 1, "police": 2}, perak={"guerrillas_u": 1,
                                                                                         "police": 1})
    s, _ = run(s, "box opsa", "op terror", "space kedah")
    assert legal(s) == {"remove": ["police"], "done": []}
    s, log = run(s, "remove police", "space perak", "done")
    assert sp(s, "kedah")["police"] == 1 and sp(s, "perak")["police"] == 1
    assert "Target traitors" in texts(log)


# -- Event-granted Operations (3.1.2, 5.4, ruling R-FREE-OPS) ------------------------------------------

def test_5_4_m22_free_rally_in_3_spaces_costs_nothing_but_its_agitate_does():
    s = mcp(mcp=1, kelantan={"bases": 1, "guerrillas_u": 1}, kedah={}, perak={}, selangor={})
    s = free_op(s, "rally", spaces=3, rule="M22")
    s, _ = run(s, "space kedah", "place guerrilla", "space perak", "place guerrilla", "space kelantan",
               "place guerrilla", "done")
    refused(s, "space selangor", r"this Rally selects up to 3 space\(s\) and has them \(Nationalist Parties, M22\)")
    assert s["resources"]["mcp"] == 1
    s, _ = run(s, "done", "agitate kelantan")
    assert s["resources"]["mcp"] == 0 and sp(s, "kelantan")["support"] == -1
    check(s)


def test_r_m30_free_agitate_costs_nothing():
    s = mcp(mcp=0, kelantan={"bases": 1, "guerrillas_u": 1})
    s = free_op(s, "rally", spaces=2, rule="M30", free_agitate=True)
    s, _ = run(s, "space kelantan", "place guerrilla", "done", "done", "agitate kelantan")
    assert sp(s, "kelantan")["support"] == -1 and s["resources"]["mcp"] == 0


def test_5_1_event_operation_selects_only_among_its_spaces():
    s = mcp(kedah={"guerrillas_u": 1}, perak={"guerrillas_u": 1})
    s = free_op(s, "terror", limited=True, only=["kedah"], rule="M6")
    assert legal(s)["space"] == ["kedah"]
    refused(s, "space perak", r"Perak is not among the spaces this Terror may select \(Kedah\) \(Chin Peng, M6\)")
    refused(s, "sa extort", r"this Terror comes with no Special Activity \(an Event's Operation\)")
    s, _ = run(s, "space kedah")
    assert s["resources"]["mcp"] == 10 and sp(s, "kedah")["terror"] == 1


def test_m23_shaded_free_limited_march_then_attack():
    s = mcp(mcp=0, kelantan={"guerrillas_u": 2}, pahang={"police": 1})
    s = free_op(s, "march", limited=True, rule="M23")
    s, _ = run(s, "space pahang", "done", "move kelantan pahang guerrilla-u", "move kelantan pahang guerrilla-u",
               "done")
    s = free_op(s, "attack", limited=True, rule="M23")
    s, _ = run(s, "space pahang", rolls=[2])
    assert sp(s, "pahang")["police"] == 0 and sp(s, "pahang")["guerrillas_a"] == 2 and s["resources"]["mcp"] == 0


# -- The Example of Play (8.0) ------------------------------------------------------------------------

def test_8_0_l1608_limited_rally_and_agitate_in_trengganu():
    """L1608: a Limited Rally replaces Trengganu's two Guerrillas with a Base, then Agitates it to Opposition:
    2 Resources, 10 to 8."""
    s = mcp(pw=13, mcp=10, trengganu={"guerrillas_u": 1, "guerrillas_a": 1})
    s, log = run(s, "box limited", "op rally", "space trengganu", "replace guerrilla-u guerrilla-a", "done",
                 "agitate trengganu")
    x = sp(s, "trengganu")
    assert x["bases"] == 1 and B_guerrillas(x) == 0 and x["support"] == -1
    assert s["resources"]["mcp"] == 8 and s["pw"] == 13 and s["control"]["trengganu"] == "mcp"
    assert engine.active_roles(s) == ["british"]


def B_guerrillas(x):
    return x["guerrillas_u"] + x["guerrillas_a"]


def test_8_0_l1612_rally_in_seven_spaces_then_extort():
    """L1612-1616: Rally in 7 spaces places 11 Guerrillas (one each in Kedah, Perak, Selangor, Negri Sembilan;
    3 in Kelantan, 2 each in Trengganu and Pahang), Agitates Kelantan, costs 8 (8 to 0), takes MCP Control of
    Kedah, Selangor, Negri Sembilan and Pahang (Political Will 13 to 7); Extort in Kelantan and Trengganu
    gains 2."""
    s = mcp(pw=13, mcp=8, british=14, kedah={}, perak={"troops": 2, "police": 2},
            kelantan={"bases": 1, "guerrillas_u": 1}, trengganu={"bases": 1, "support": -1},
            pahang={"bases": 1, "guerrillas_a": 2, "troops": 4, "terror": 1},
            johore={"troops": 1, "police": 2, "guerrillas_a": 1}, kuala_lumpur={"troops": 1, "police": 2,
                                                                                "support": 1})
    assert s["available"]["guerrillas"] == 11 and s["pw"] == 13 and s["control"]["pahang"] == "british"
    s, _ = run(s, "box opsa", "op rally", "space kedah", "place guerrilla", "space perak", "place guerrilla",
               "space kelantan", "place guerrilla", "place guerrilla", "place guerrilla",
               "space trengganu", "place guerrilla", "place guerrilla", "space pahang", "place guerrilla",
               "place guerrilla", "space selangor", "place guerrilla", "space negri-sembilan", "place guerrilla",
               "done")
    assert s["available"]["guerrillas"] == 0 and s["resources"]["mcp"] == 1
    assert legal(s)["agitate"] == ["kelantan", "pahang"]  # Trengganu is at Opposition already
    s, _ = run(s, "agitate kelantan")
    assert s["resources"]["mcp"] == 0 and sp(s, "kelantan")["support"] == -1
    assert s["pw"] == 7
    assert {k: s["control"][k] for k in ("kedah", "selangor", "negri-sembilan", "pahang", "perak")} == {
        "kedah": "mcp", "selangor": "mcp", "negri-sembilan": "mcp", "pahang": "mcp", "perak": "british"}
    s, _ = run(s, "sa extort", "space kelantan", "space trengganu")  # two spaces: the Rally is over
    assert s["resources"]["mcp"] == 2 and sp(s, "kelantan")["guerrillas_a"] == 1
    assert sp(s, "trengganu")["guerrillas_a"] == 1 and engine.active_roles(s) == ["british"]


def test_8_0_l1624_limited_march_into_the_economic_center_is_free():
    """L1624: one Underground Guerrilla Marches from Kelantan to the top Economic Center for 0 Resources and
    stays Underground (1 moving + 0 cubes)."""
    s = mcp(mcp=2, kelantan={"bases": 1, "guerrillas_u": 3, "guerrillas_a": 1})
    s, _ = run(s, "box limited", "op march", "space ec-top", "done", "move kelantan ec-top guerrilla-u", "done")
    assert sp(s, "ec-top")["guerrillas_u"] == 1 and sp(s, "kelantan")["guerrillas_u"] == 2
    assert s["resources"]["mcp"] == 2 and engine.active_roles(s) == ["british"]


def test_3_3_1_rally_flip_needs_an_active_guerrilla():
    s = mcp(pahang={"bases": 1, "guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op rally", "space pahang")
    assert "flip" not in legal(s)
    refused(s, "flip", r"Pahang has no Active Guerrilla to flip Underground \(3\.3\.1\)")


def test_3_3_4_terror_police_removal_is_written_remove_police():
    s = mcp(capabilities={"M27": "shaded"}, kedah={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box opsa", "op terror", "space kedah")
    refused(s, "remove troop", r"'remove' here is written 'remove police'")
    s, _ = run(s, "done")
    assert sp(s, "kedah")["police"] == 1  # the removal is optional ("may also")


def test_3_1_an_operation_selects_a_space_before_it_ends():
    s = mcp(kedah={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror")
    refused(s, "done", r"the Terror has selected no space yet: select at least one \(3\.1\)")
