"""The British intervention (27.8, the game option ``british_intervention``; ruling R-27.8-intervention): the
British units on a side (27.2-27.6 no longer bind them) and their special capabilities (27.8a-d), each also shown
not to apply without the option.

The shipped test pack has three British ground counters and no British air, airborne, commando or marine unit, so
these tests play on a variant of it (``british_pack``: TEST DATA, made up like the test pack) with five British
air units, an airborne, a commando and a marine battalion, and two more fort/base hexes (0504 and 0604, desert),
registered with ``packs.add`` and named by its digest in the game's ``pack`` option."""

from __future__ import annotations

import copy
from functools import lru_cache

import pytest

import engine
from engine.core.data import loader
from engine.core.errors import IllegalActionError, InvalidActionError
from engine.games.first_arab_israeli_war import british, packs, sequence, units
from engine.games.first_arab_israeli_war.pack import MANIFEST, PARTS, file_name
from engine.hexwar.zoc import enemy_zoc

from .faiw_air_helpers import bare, ready_air
from .faiw_combat_helpers import combat_position, play
from .faiw_helpers import act, advance_to, deployed, new_game, put
from .faiw_movement_helpers import at_movement

BR_AIR = tuple(f"BR-air-{i}" for i in range(1, 6))
TEL_AVIV, HAIFA = "0203", "0202"


def _ground(cid: str, type_: str, name: str) -> dict:
    return {"id": cid, "side": None, "nationality": "british", "type": type_, "size": "battalion", "designation": name,
            "front": {"cs": 3, "mf": 5}, "back": {"cs": 1, "mf": 4}}


@lru_cache(maxsize=1)
def british_pack() -> str:
    """The test pack with British air, airborne, commando and marine counters and four fort/base hexes (TEST
    DATA: made-up values, not the game's); its digest."""
    load = loader("engine.games.first_arab_israeli_war.data.test_pack")
    manifest = dict(load(MANIFEST))
    manifest["name"] = "FAIW test pack with British intervention counters"
    data = {part: copy.deepcopy(load(file_name(manifest, part))) for part in PARTS}
    data["counters"]["counters"] += [
        {"id": cid, "side": None, "nationality": "british", "type": "air", "size": None,
         "designation": f"RAF {cid[-1]}", "back": None} for cid in BR_AIR] + [
        _ground("BR-abn-1", "airborne", "6 Airborne"), _ground("BR-cdo-1", "commando", "40 Commando"),
        _ground("BR-mar-1", "marine", "Royal Marines")]
    for h in ("0504", "0604"):
        data["map"]["hexes"][h].update(settlement="fort_base", name=f"Test Base {h}")
    return packs.add(manifest, data).digest


def opts(side: str | None = "israel") -> dict:
    return {"pack": british_pack(), "british_intervention": side}


def refused(state: dict, role: str, order: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as e:
        act(state, role, order)
    return e.value


def air_phase(side: str, intervention: str | None = "israel") -> dict:
    s = deployed(**opts(intervention))
    return bare(advance_to(s, side, "air"))


# -- the option and the units' side (R-27.8-intervention) -------------------------------------------------------

def test_27_8_the_option_is_null_arab_or_israel():
    with pytest.raises(InvalidActionError) as e:
        new_game(british_intervention="france")
    assert "27.8" in str(e.value)


def test_27_2_the_british_are_nobodys_without_the_option_and_the_sides_with_it():
    off = deployed(**opts(None))
    on = deployed(**opts("arab"))
    for s in (off, on):
        put(s, "BR-inf-1", "0504")
    assert units.side_of(off, "BR-inf-1") == "british" and units.unit(off, "BR-inf-1").british
    assert units.side_of(on, "BR-inf-1") == "arab" and not units.unit(on, "BR-inf-1").british
    assert "BR-inf-1" in units.on_map(on, "arab") and units.occupies(on, "0504", "arab")
    assert "BR-inf-1" not in units.on_map(off, "arab")


def test_27_2_british_units_of_the_side_move_with_the_option_only():
    s = at_movement(place={"BR-inf-1": "0305"}, **opts("israel"))
    assert "BR-inf-1" in engine.legal_actions(s, "israel")["move"]
    act(s, "israel", "move BR-inf-1")
    act(s, "israel", "enter 0405")
    assert s["units"]["BR-inf-1"]["at"] == "0405"
    s = at_movement(place={"BR-inf-1": "0305", "IL-inf-bn-1": "0203"}, keep_british=True, **opts(None))
    assert "BR-inf-1" not in engine.legal_actions(s, "israel")["move"]
    assert refused(s, "israel", "move BR-inf-1")


def test_27_3_british_units_of_the_side_have_a_zoc_with_the_option_only():
    for side, zoc in (("israel", True), (None, False)):
        s = deployed(**opts(side))
        for cid in list(units.on_map(s)):
            s["units"][cid] = {"status": "pool", "at": None, "broken": False}
        put(s, "BR-inf-1", "0504")
        z = enemy_zoc(units.pack_of(s).map, units.board(s), "arab")
        assert ("0405" in z) is zoc  # 0405 is next to 0504, both in Palestine


def test_27_5_british_units_of_the_side_can_be_attacked_with_the_option():
    s = combat_position("arab", **opts("israel"))
    put(s, "AL-egy-inf-bde-1", "0304")
    put(s, "BR-inf-1", "0303")
    assert engine.legal_actions(s, "arab")["attack"] == ["0303"]
    s = combat_position("arab", **opts(None))
    put(s, "AL-egy-inf-bde-1", "0304")
    put(s, "BR-inf-1", "0303")
    assert "attack" not in engine.legal_actions(s, "arab")
    assert refused(s, "arab", "attack 0303").rule == "27.5"


def test_27_2_british_units_of_the_side_attack_with_the_option():
    s = combat_position("israel", **opts("israel"))
    put(s, "BR-inf-1", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")
    play(s, "attack 0304")
    assert "BR-inf-1" in engine.legal_actions(s, "israel")["with"]
    play(s, "with BR-inf-1")  # the only attacker: the CRT's choice comes next
    assert engine.legal_actions(s, "israel") == {"table": ["raid", "assault"]}


class _G:
    """The little of a flow context the withdrawal reads: the state and the log."""

    def __init__(self, s):
        self.s, self.log = s, []

    def say(self, text, **kw):
        self.log.append(text)


def test_27_6_no_withdrawal_of_the_british_units_of_an_intervention():
    for side, stays in (("arab", True), (None, False)):
        s = deployed(**opts(side))
        put(s, "BR-inf-1", "0402")  # the test pack's schedule withdraws 0402's British in February 1948
        s["month"] = "1948-02"
        sequence.british_withdrawal(_G(s))
        assert (s["units"]["BR-inf-1"]["status"] == "map") is stays


# -- 27.8a: air units ------------------------------------------------------------------------------------------

def test_27_8a_four_british_air_units_strike_a_hex():
    s = air_phase("israel")
    put(s, "AL-egy-inf-bde-1", "0304")
    put(s, "IL-inf-bn-1", "0203")
    ready_air(s, *BR_AIR, "IL-air-1", "IL-air-2")
    act(s, "israel", "strike 0304 BR-air-1")
    for _ in range(3):
        act(s, "israel", f"fly {engine.legal_actions(s, 'israel')['fly'][0]}")
    plan = next(f for f in s["flow"] if f["p"] == "faiw.phase.air")["plan"]
    assert len(plan["air"]) == 4 and "fly" not in engine.legal_actions(s, "israel")
    e = refused(s, "israel", "fly BR-air-5")
    assert e.rule == "27.8a" and "4 air units" in str(e)
    step = act(s, "israel", "launch", rolls=[6, 6, 6, 6])  # a die for each of the four (10.3a)
    assert all(any(t["text"].startswith(f"{a} struck 0304") for t in step.log) for a in plan["air"])


def test_27_8a_other_air_units_keep_two_a_hex_and_british_ones_fly_for_nobody_without_the_option():
    s = air_phase("israel")
    put(s, "AL-egy-inf-bde-1", "0304")
    ready_air(s, "IL-air-1", "IL-air-2", "BR-air-1")
    act(s, "israel", "strike 0304 IL-air-1")
    act(s, "israel", "fly IL-air-2")
    assert "fly" not in engine.legal_actions(s, "israel")
    assert refused(s, "israel", "fly BR-air-1").rule == "10.3b"
    s = air_phase("israel", None)
    put(s, "AL-egy-inf-bde-1", "0304")
    ready_air(s, "BR-air-1")
    assert refused(s, "israel", "strike 0304 BR-air-1").rule == "10.1"


def _arab_strike(intervention):
    s = air_phase("arab", intervention)
    put(s, "IL-inf-bn-1", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")
    ready_air(s, "AL-air-egy-1")
    ready_air(s, "IL-air-1", "IL-air-2", *BR_AIR[:3])
    act(s, "arab", "strike 0303 AL-air-egy-1")
    act(s, "arab", "launch")
    assert engine.active_roles(s) == ["israel"]
    return s


def test_27_8a_two_british_air_units_intercept_over_a_hex():
    s = _arab_strike("israel")
    assert {"BR-air-1 0303", "IL-air-1 0303"} <= set(engine.legal_actions(s, "israel")["intercept"])
    act(s, "israel", "intercept BR-air-1 0303")
    assert engine.legal_actions(s, "israel")["intercept"] == ["BR-air-2 0303"]  # not the Israeli air unit
    act(s, "israel", "intercept BR-air-2 0303", rolls=[3] * 10)
    assert s["units"]["BR-air-3"]["status"] == "available"  # two a hex at most
    assert {s["units"][a]["status"] for a in ("BR-air-1", "BR-air-2")} <= {"completed", "eliminated"}


def test_27_8a_one_interceptor_a_hex_for_other_air_units_and_none_british_without_the_option():
    s = _arab_strike("israel")
    act(s, "israel", "intercept IL-air-1 0303", rolls=[3] * 10)
    assert s["units"]["IL-air-2"]["status"] == "available" and s["units"]["BR-air-1"]["status"] == "available"
    s = _arab_strike(None)
    assert all(not a.startswith("BR-") for a in engine.legal_actions(s, "israel")["intercept"])


def _airlift_position(intervention):
    s = air_phase("israel", intervention)
    put(s, "IL-inf-bn-1", TEL_AVIV)
    for cid, h in (("BR-inf-1", "0305"), ("BR-cdo-1", "0405"), ("BR-abn-1", "0504"), ("IL-inf-bn-2", "0604")):
        put(s, cid, h)
    ready_air(s, "IL-air-1", *BR_AIR[:3])
    return s


def test_27_8a_two_british_airlifts_an_impulse_apart_from_10_5d():
    s = _airlift_position("israel")
    act(s, "israel", "airlift BR-inf-1 BR-air-1")
    act(s, "israel", f"land {TEL_AVIV}")
    act(s, "israel", "airlift BR-cdo-1 BR-air-2")
    act(s, "israel", f"land {TEL_AVIV}")
    assert s["units"]["BR-inf-1"]["at"] == s["units"]["BR-cdo-1"]["at"] == TEL_AVIV
    lifts = engine.legal_actions(s, "israel")["airlift"]
    assert not any(a.endswith(" BR-air-3") for a in lifts) and "IL-inf-bn-1 IL-air-1" in lifts  # 10.5d's own
    e = refused(s, "israel", "airlift BR-abn-1 BR-air-3")
    assert e.rule == "27.8a"
    act(s, "israel", "airlift IL-inf-bn-1 IL-air-1")
    act(s, "israel", "land 0604")
    assert s["units"]["IL-inf-bn-1"]["at"] == "0604"


def test_27_8a_without_the_option_british_air_units_carry_nothing():
    s = _airlift_position(None)
    assert not any("BR-" in a for a in engine.legal_actions(s, "israel").get("airlift", []))
    assert refused(s, "israel", "airlift BR-inf-1 BR-air-1").rule == "10.1"


# -- 27.8b: airborne units -------------------------------------------------------------------------------------

def test_27_8b_an_airborne_unit_lands_anywhere_but_enemy_or_mountain_hexes():
    s = _airlift_position("israel")
    put(s, "AL-egy-inf-bn-1", "0304")
    act(s, "israel", "airlift BR-abn-1 BR-air-1")
    lands = engine.legal_actions(s, "israel")["land"]
    assert "0305" in lands  # a friendly unit there: allowed too
    assert "0205" in lands  # no friendly unit, in Egypt: 27.8b needs none
    assert "0303" in lands  # next to the Arab unit in 0304: in its ZOC (27.8b)
    assert "0304" not in lands and "0404" not in lands and "0503" not in lands  # enemy; mountain; mountain
    e = refused(s, "israel", "land 0404")
    assert e.rule == "27.8b" and "mountain" in str(e)
    assert refused(s, "israel", "land 0304").rule == "27.8b"
    act(s, "israel", "land 0303")
    assert s["units"]["BR-abn-1"]["at"] == "0303"


def test_27_8b_other_cargo_still_lands_with_a_friendly_unit_and_without_the_option_no_airborne_lift():
    s = _airlift_position("israel")
    act(s, "israel", "airlift BR-inf-1 BR-air-1")
    lands = engine.legal_actions(s, "israel")["land"]
    assert "0205" not in lands and TEL_AVIV in lands
    assert refused(s, "israel", "land 0205").rule == "10.5b"
    s = _airlift_position(None)
    ready_air(s, "IL-air-1")
    e = refused(s, "israel", "airlift BR-abn-1 IL-air-1")
    assert e.rule == "10.5"


# -- 27.8c: amphibious operations ------------------------------------------------------------------------------

def test_27_8c_one_british_commando_or_marine_operation_a_turn_without_rule_30():
    s = at_movement(place={"BR-cdo-1": TEL_AVIV, "BR-mar-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV},
                    **opts("israel"))
    act(s, "israel", "move IL-inf-bn-1")
    assert "sail" not in engine.legal_actions(s, "israel")  # rule 30 is not in force for Israel's own units
    act(s, "israel", "stop")
    act(s, "israel", "move BR-cdo-1")
    assert HAIFA in engine.legal_actions(s, "israel")["sail"]
    act(s, "israel", f"sail {HAIFA}")
    assert s["units"]["BR-cdo-1"]["at"] == HAIFA and s["flags"]["amphibious"] == {f"british@{s['month']}": 1}
    act(s, "israel", "move BR-mar-1")
    assert "sail" not in engine.legal_actions(s, "israel")  # one a turn (27.8c)
    assert british.amphibious_left(s) == 0


def test_27_8c_no_british_operation_without_the_option():
    s = at_movement(place={"BR-cdo-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV}, keep_british=True,
                    **opts(None), optional={"30": True})
    assert refused(s, "israel", "move BR-cdo-1")
    assert british.amphibious_left(s) == 0


# -- 27.8d: supply ---------------------------------------------------------------------------------------------

BASES = {"BR-inf-1": "0402", "BR-inf-2": "0403", "BR-armor-1": "0504", "BR-cdo-1": "0604"}


def _to_israel_reinforcement(intervention, placed):
    s = deployed(**opts(intervention))
    for cid, h in placed.items():
        for other in units.at(s, h):
            s["units"][other] = {"status": "pool", "at": None, "broken": False}
        for side in units.SIDES:
            s["supply"][side].pop(h, None)
        put(s, cid, h)
    return advance_to(s, "israel", "reinforcement")


def test_27_8d2_a_supply_point_per_three_bases_rounded_up_one_a_base():
    s = _to_israel_reinforcement("israel", BASES)
    assert s["flow"][-1]["p"] == "faiw.british.supply" and s["flow"][-1]["left"] == 2  # 4 bases: 2 points
    assert engine.legal_actions(s, "israel") == {"supply": ["0402", "0403", "0504", "0604"]}
    before = dict(s["supply"]["israel"])
    act(s, "israel", "supply 0504")
    assert engine.legal_actions(s, "israel") == {"supply": ["0402", "0403", "0604"]}
    e = refused(s, "israel", "supply 0504")
    assert e.rule == "27.8d2" and "one a base" in str(e)
    act(s, "israel", "supply 0402")
    assert s["flow"][-1]["p"] != "faiw.british.supply"
    assert s["supply"]["israel"]["0504"] == before.get("0504", 0) + 1
    assert s["supply"]["israel"]["0402"] == before.get("0402", 0) + 1


def test_27_8d2_one_base_gets_its_point_without_a_choice_and_none_without_the_option():
    s = _to_israel_reinforcement("israel", {"BR-inf-1": "0402"})
    assert s["supply"]["israel"].get("0402") == 1
    assert all(f["p"] != "faiw.british.supply" for f in s["flow"])
    s = _to_israel_reinforcement(None, {"BR-inf-1": "0402"})
    assert "0402" not in s["supply"]["israel"]
    assert british.points_due(s) == 0


def test_27_8d1_british_units_use_their_sides_supply():
    s = combat_position("israel", **opts("israel"))
    put(s, "BR-inf-1", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")
    s["supply"]["israel"]["0303"] = 1
    play(s, "attack 0304", "with BR-inf-1", "table assault")
    assert engine.legal_actions(s, "israel")["double"] == ["0303"]  # 14.3b: Israel's point doubles the British


def test_27_8_a_position_carries_the_option_and_its_british_units_stack_with_their_side():
    from engine.games.first_arab_israeli_war.position import POSITION

    from .test_position import base

    p = base()
    p["map"]["0202"].append("BR-inf-1")  # with Israeli units
    assert any(f.path == "map.0202" and "27.4" in f.message for f in POSITION.validate(p))
    p["options"] = {"british_intervention": "israel"}
    assert POSITION.validate(p) == []
    p["options"] = {"british_intervention": "france"}
    assert "options.british_intervention" in [f.path for f in POSITION.validate(p)]


def test_28_1_an_eliminated_british_unit_of_an_intervention_scores_as_its_sides_ruling_r_27_8_vp():
    """R-27.8-vp: the enemy scores a British counter of the intervening side as one of that side's (the test pack's
    line for any other Israeli counter: 1 VP); a British unit of no side scores nothing."""
    from engine.core.chance import SeededChance
    from engine.core.flow import Context, Recorder
    from engine.games.first_arab_israeli_war import victory

    for side, gains in (("israel", {"arab": 1, "israel": 0}), (None, {"arab": 0, "israel": 0})):
        s = deployed(**opts(side))
        before = dict(s["vp"])
        victory.eliminated(Context(s, Recorder(SeededChance(0)), None), "BR-inf-1", "test")
        assert {k: s["vp"][k] - before[k] for k in before} == gains


def test_27_8_the_board_draws_a_british_unit_of_an_intervention_as_its_sides():
    """The hex board (board.stacks) colours a counter by the side it fights for: Israel's with the option, nobody's
    ('british', 27.2) without it."""
    from engine.games.first_arab_israeli_war import board

    for side, drawn in (("israel", "israel"), (None, "british")):
        s = bare(deployed(**opts(side)))
        put(s, "BR-inf-1", "0405")
        units_there = next(st["units"] for st in board.stacks(engine.view(s, "israel")) if st["hex"] == "0405")
        assert [(u["id"], u["side"]) for u in units_there] == [("BR-inf-1", drawn)]
