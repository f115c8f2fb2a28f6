"""Air operations (10.0): the boxes (10.1), air strikes (10.3), interception (10.6), the countries (10.7), the
mandate (26.1b) and the truce (22.1b, 22.3), with fixed dice on the test pack (made-up tables: strike 1-2 NE,
3 AA, 4-5 D1, 6 D2; interception 1-3 NE, 4-5 AB, 6 AX)."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import air_codes, air_units

from .faiw_air_helpers import at_phase, bare, legal, put, ready_air, refused_rule, supply, truce
from .faiw_helpers import act, advance_to


@pytest.fixture
def arab_air():
    """The Arab League's Air Operations phase, May 1948: an Israeli brigade in the kibbutz 0303, an Arab unit in
    the old city of Haifa 0302, a British unit in 0402; the Egyptian and Syrian air units Available."""
    s = bare(at_phase("arab", "air"))
    put(s, "IL-inf-bde-1", "0303")
    put(s, "AL-aas-gue-1", "0302")
    put(s, "BR-inf-1", "0402")
    ready_air(s, "AL-air-egy-1", "AL-air-syr-1")
    return s


def test_10_1a_completed_air_units_return_to_available_as_the_air_phase_starts():
    s = at_phase("arab", "movement")
    ready_air(s, "AL-air-egy-1", status="completed")
    advance_to(s, "arab", "air")
    assert s["units"]["AL-air-egy-1"]["status"] == "available"


def test_10_3_targets_are_enemy_stacks_and_enemy_towns_never_friendly_or_british_hexes(arab_air):
    hexes = {a.split()[0] for a in legal(arab_air, "arab")["strike"]}
    assert "0303" in hexes and "0203" in hexes  # an Israeli stack; Tel Aviv, a Jewish city
    assert "0302" not in hexes and "0402" not in hexes and "0204" not in hexes  # own unit; British; Arab town


@pytest.mark.parametrize(("order", "rule"), [("strike 0302 AL-air-egy-1", "10.3"), ("strike 0402 AL-air-egy-1", "27.5"),
                                             ("strike 0504 AL-air-egy-1", "10.3")])
def test_10_3_strike_refusals_name_the_rule(arab_air, order, rule):
    with pytest.raises(IllegalActionError) as e:
        act(arab_air, "arab", order)
    assert e.value.rule == rule


def test_10_7_a_mission_never_mixes_countries(arab_air):
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    assert "fly" not in legal(arab_air, "arab") and "end" not in legal(arab_air, "arab")
    with pytest.raises(IllegalActionError) as e:
        act(arab_air, "arab", "fly AL-air-syr-1")
    assert e.value.rule == "10.7"


def test_10_3a_a_d1_breaks_the_only_unit_and_reveals_the_stack(arab_air):
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[5])  # D1; Israel has no air unit: no interception
    act(arab_air, "israel", "break IL-inf-bde-1")  # the owner may split the brigade instead (5.6): his choice
    assert arab_air["units"]["IL-inf-bde-1"]["broken"] is True
    assert "0303" in arab_air["revealed"]["arab"]  # 21.1
    assert arab_air["units"]["AL-air-egy-1"]["status"] == "completed"  # 10.3c
    assert air_units.flown(arab_air, "AL-air-egy-1")


def test_10_3a_a_second_break_eliminates_a_broken_unit(arab_air):
    arab_air["units"]["IL-inf-bde-1"]["broken"] = True
    vp = arab_air["vp"]["arab"]
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[4])
    act(arab_air, "israel", "break IL-inf-bde-1")  # the owner may split the brigade instead (5.6): his choice
    assert arab_air["units"]["IL-inf-bde-1"]["status"] == "eliminated"
    assert arab_air["vp"]["arab"] == vp + 3  # the test pack's brigade VP (28.1)


def test_10_3a_the_owner_names_the_unit_that_breaks(arab_air):
    put(arab_air, "IL-mech-bde-1", "0303")
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[4])
    assert engine.active_roles(arab_air) == ["israel"]
    assert set(legal(arab_air, "israel")["break"]) == {"IL-inf-bde-1", "IL-mech-bde-1"}
    act(arab_air, "israel", "break IL-mech-bde-1")
    assert arab_air["units"]["IL-mech-bde-1"]["broken"] and not arab_air["units"]["IL-inf-bde-1"]["broken"]
    assert engine.active_roles(arab_air) == ["arab"]


def test_19_6_supply_is_hit_leaders_never(arab_air):
    put(arab_air, "IL-ldr-allon", "0404")
    supply(arab_air, "israel", "0404", 2)
    act(arab_air, "arab", "strike 0404 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[6])  # D2: two breaks, only supply may take them
    assert "0404" not in arab_air["supply"]["israel"]
    assert arab_air["units"]["IL-ldr-allon"]["status"] == "map"  # 20.4c


def test_10_1c_anti_aircraft_fire_the_air_unit_returns_without_effect(arab_air):
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[3])  # AA
    assert not arab_air["units"]["IL-inf-bde-1"]["broken"]
    assert arab_air["units"]["AL-air-egy-1"]["status"] == "completed"


def test_10_3b_two_air_units_a_hex_placed_before_any_is_resolved():
    s = bare(at_phase("israel", "air"))
    put(s, "AL-egy-inf-bde-1", "0304")
    put(s, "AL-egy-inf-bde-2", "0304")
    put(s, "AL-egy-inf-bn-1", "0304")
    ready_air(s, "IL-air-1", "IL-air-2")
    act(s, "israel", "strike 0304 IL-air-1")
    act(s, "israel", "fly IL-air-2")
    assert "fly" not in legal(s, "israel")
    act(s, "israel", "launch", rolls=[4, 5])  # D1 + D1: two breaks, the Arab League names them
    assert engine.active_roles(s) == ["arab"]
    assert legal(s, "arab")["break"] == ["AL-egy-inf-bde-1", "AL-egy-inf-bn-1"]  # identical brigades: one named
    act(s, "arab", "break AL-egy-inf-bn-1")
    # the second break: not the unit hit already (R-10.3-breaks); the two brigades are identical (R-4.6-alike)
    assert s["units"]["AL-egy-inf-bn-1"]["broken"] and s["units"]["AL-egy-inf-bde-1"]["broken"]
    assert not s["units"]["AL-egy-inf-bde-2"]["broken"] and engine.active_roles(s) == ["israel"]


def test_10_3b_one_strike_a_hex_a_phase(arab_air):
    ready_air(arab_air, "AL-air-syr-1")
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[1])
    assert not any(a.startswith("0303 ") for a in legal(arab_air, "arab")["strike"])
    with pytest.raises(IllegalActionError, match="R-10.3b-hex"):
        act(arab_air, "arab", "strike 0303 AL-air-syr-1")


def test_10_2b_one_mission_an_impulse(arab_air):
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[1])
    arab_air["units"]["AL-air-egy-1"]["status"] = "available"  # even back in the box (R-10.1b-impulse)
    with pytest.raises(IllegalActionError) as e:
        act(arab_air, "arab", "strike 0203 AL-air-egy-1")
    assert e.value.rule == "10.2b"


def test_10_6_the_other_side_may_intercept_and_shoot_the_striker_down(arab_air):
    ready_air(arab_air, "IL-air-1")
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch")
    assert engine.active_roles(arab_air) == ["israel"]
    assert legal(arab_air, "israel") == {"intercept": ["IL-air-1 0303"], "decline": []}
    vp = arab_air["vp"]["israel"]
    act(arab_air, "israel", "intercept IL-air-1 0303", rolls=[1, 6])  # the striker NE, the interceptor AX
    assert arab_air["units"]["AL-air-egy-1"]["status"] == "eliminated"
    assert not arab_air["units"]["IL-inf-bde-1"]["broken"]  # no strike: no air unit left (10.6b)
    assert arab_air["units"]["IL-air-1"]["status"] == "completed" and arab_air["vp"]["israel"] == vp + 1


def test_10_6a_an_aborting_striker_does_not_strike(arab_air):
    ready_air(arab_air, "IL-air-1")
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch")
    act(arab_air, "israel", "intercept IL-air-1 0303", rolls=[6, 4])  # the interceptor AX, the striker AB
    assert arab_air["units"]["IL-air-1"]["status"] == "eliminated"
    assert arab_air["units"]["AL-air-egy-1"]["status"] == "completed"
    assert not arab_air["units"]["IL-inf-bde-1"]["broken"]


def test_10_6b_a_surviving_striker_completes_its_mission(arab_air):
    ready_air(arab_air, "IL-air-1")
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch")
    act(arab_air, "israel", "intercept IL-air-1 0303", rolls=[1, 2, 5])  # NE, NE, then the strike: D1
    act(arab_air, "israel", "break IL-inf-bde-1")  # the owner may split the brigade instead (5.6): his choice
    assert arab_air["units"]["IL-inf-bde-1"]["broken"]


def test_10_6_declining(arab_air):
    ready_air(arab_air, "IL-air-1")
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch")
    act(arab_air, "israel", "decline", rolls=[5])
    act(arab_air, "israel", "break IL-inf-bde-1")  # the owner may split the brigade instead (5.6): his choice
    assert arab_air["units"]["IL-inf-bde-1"]["broken"] and arab_air["units"]["IL-air-1"]["status"] == "available"


def test_10_6c_an_interceptor_flies_no_other_mission_in_the_impulse(arab_air):
    ready_air(arab_air, "IL-air-1")
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch")
    act(arab_air, "israel", "intercept IL-air-1 0303", rolls=[1, 1, 1])
    advance_to(arab_air, "israel", "air")
    assert arab_air["units"]["IL-air-1"]["status"] == "available"  # 10.1a
    assert not any(a.endswith(" IL-air-1") for a in legal(arab_air, "israel").get("strike", []))
    with pytest.raises(IllegalActionError) as e:
        act(arab_air, "israel", "strike 0302 IL-air-1")
    assert e.value.rule == "10.2b"


def test_26_1b_no_air_operations_in_the_mandate_period():
    s = at_phase("arab", "movement", scenario="struggle")
    assert s["month"] == "1947-12"
    ready_air(s, "AL-air-egy-1")
    assert "scout" not in legal(s, "arab")
    act(s, "arab", "end")
    assert s["phase"] != "air" and s["units"]["AL-air-egy-1"]["status"] == "available"


def test_22_1b_no_air_strike_in_a_truces_first_turn(arab_air):
    truce(arab_air)
    assert "strike" not in legal(arab_air, "arab")
    assert refused_rule(arab_air, "arab", "strike 0303 AL-air-egy-1") == "22.1b"


def test_22_3_a_strike_after_a_truces_first_turn_violates_it(arab_air):
    truce(arab_air, "1948-04", "1948-06")
    vp = arab_air["vp"]["israel"]
    act(arab_air, "arab", "strike 0303 AL-air-egy-1")
    act(arab_air, "arab", "launch", rolls=[1])
    assert arab_air["truce"] is None and arab_air["vp"]["israel"] == vp + 10


def test_air_codes_reading():
    assert air_codes.strike("D2") == {"breaks": 2, "all": False, "air": None}
    assert air_codes.strike("D1/AA") == {"breaks": 1, "all": False, "air": "abort"}
    assert air_codes.strike("DE")["all"] and air_codes.strike("XYZ") is None
    assert air_codes.interception("AX") == "eliminated" and air_codes.interception("NE") is None
    assert air_codes.interception("Q") == "?" and air_codes.terror("T") is True


def test_1_7_strike_modifiers_the_engine_reads(arab_air):
    facts = air_codes.hex_facts(arab_air, "0503", 2)
    assert {"terrain_mountain", "settlement_city", "two_air_units"} <= facts


@pytest.mark.parametrize("seed", [3, 17])
def test_10_3_the_listed_targets_are_exactly_the_land_hexes_target_refusal_allows(seed):
    """``air_strike.targets`` asks 10.3's questions in one loop, cheapest first; it must list exactly the land
    hexes ``target_refusal`` (the refusal's own words) lets through, for either side, before and after a strike,
    at positions of a random game on the test pack."""
    from engine.core.chance import SeededChance
    from engine.games.first_arab_israeli_war import air_strike, places
    from engine.playout import choose

    from ..games_common import first_scenario

    game = "first-arab-israeli-war"
    state = engine.setup(game, first_scenario(game), {}, SeededChance(seed, context="setup"))
    picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
    compared = 0
    for n in range(600):
        if engine.outcome(state):
            break
        if n % 25 == 0:
            for side in ("arab", "israel"):
                listed = air_strike.targets(state, side, [])
                assert listed == [h for h in places.land(state) if air_strike.target_refusal(state, side, h, []) is None]
                struck = listed[:1]
                assert air_strike.targets(state, side, struck) == [
                    h for h in places.land(state) if air_strike.target_refusal(state, side, h, struck) is None]
                compared += bool(listed)
        role = engine.active_roles(state)[0]
        engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picker), dice)
    assert compared, "no position with a target was compared"
