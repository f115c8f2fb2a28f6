"""Position files of The First Arab-Israeli War (issue 23 item 5; docs/positions.md, its section): the round trip,
the start of each phase of each impulse and of a turn (2.1), every validation fault with its path and rule, a
position through ``engine.setup``, and the documented example."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path

import pytest

import engine
from engine.coin.position import Fault, PositionError
from engine.core.chance import SeededChance
from engine.core.errors import InvalidActionError
from engine.core.game import REGISTRY
from engine.games.first_arab_israeli_war import DEFINITION, places
from engine.games.first_arab_israeli_war.position import POSITION
from engine.games.first_arab_israeli_war.sequence import FIRST_IMPULSE, SECOND_IMPULSE

from .faiw_helpers import SLUG, FixedChance, act, advance_to, deployed

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "docs" / "positions" / "first-arab-israeli-war-independence-deployed.json"


@pytest.fixture(autouse=True)
def with_positions(faiw_registered):
    """The game's definition with its position files (``position=POSITION``), registered for the test."""
    REGISTRY[SLUG] = dataclasses.replace(DEFINITION, position=POSITION)
    yield


def example_position() -> dict:
    """The documented example: Scenario 1 deployed on the test pack (the first legal placements), at the start of
    the Arab League's Reorganization phase of May 1948 (generated: :func:`test_the_documented_example_is_generated`)."""
    state = advance_to(deployed("independence"), "arab", "reorganization")
    return POSITION.to_position(state)


def base() -> dict:
    """A small valid position: the Arab League's Movement phase of June 1948, second impulse."""
    return {
        "format": "umpire-position/1", "game": SLUG, "scenario": "independence", "pack": "test", "month": "1948-06",
        "start": {"impulse": 2, "side": "arab", "phase": "movement"},
        "map": {"0204": ["AL-aas-gue-1", "AL-aas-gue-2"], "0202": ["IL-mech-bde-1", "IL-inf-bde-1"],
                "0303": ["IL-militia-1"]},
        "broken": ["IL-inf-bde-1"],
        "off_map": {"eliminated": [], "out": ["AL-ldr-abd-el-kader"], "available": ["IL-air-1"], "completed": []},
        "supply": {"arab": {"0204": 2}, "israel": {"0202": 1}}, "vp": {"arab": 8, "israel": 18},
        "terrorized": {"0304": "israel", "0404": None}, "entrenched": {"0202": "israel"},
        "destroyed_bridges": [["0202", "0203"]], "truce": None, "revealed": {"arab": [], "israel": []},
        "pending": {"arab": [], "israel": [{"kind": "supply", "points": 2, "area": None}]}, "flags": {},
    }


# ---------------------------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("scenario", ["independence", "struggle"])
def test_2_1_a_deployed_game_round_trips_with_the_same_state_and_orders(scenario):
    """A deployed game waits at the start of the Arab League's Reinforcement phase: its position, built with the
    dice its beginning rolled (the AAS die in Scenario 1), is the same state with the same legal orders."""
    state = deployed(scenario)
    p = POSITION.to_position(state)
    assert p["start"] == {"impulse": 1, "side": "arab", "phase": "reinforcement"}
    assert POSITION.validate(json.loads(json.dumps(p))) == []
    assert all(state["units"][cid]["status"] == "map" for cids in p["map"].values() for cid in cids)
    rolls = [state_roll(state)] if scenario == "independence" else []
    again = POSITION.from_position(json.loads(json.dumps(p)), FixedChance(rolls))
    assert POSITION.same(again, state)
    assert engine.legal_actions(again, "arab") == engine.legal_actions(state, "arab")
    assert POSITION.to_position(again) == p


def state_roll(state: dict) -> int:
    """The AAS die a deployed Scenario 1 game rolled: the one that builds its position into it again."""
    for d in range(1, 7):
        try:
            again = POSITION.from_position(POSITION.to_position(state), FixedChance([d]))
        except AssertionError:
            continue
        if POSITION.same(again, state):
            return d
    raise AssertionError("no die gives the state back")


def test_2_1_a_position_inside_a_phase_is_not_stated():
    """After an order the phase's frame remembers (a unit that moved, 7.1) the game is inside the phase. (An order
    that leaves no trace but on the map, an entrenchment, 15.1, gives a state the same as a phase's start: that
    state is stated, since building it gives it back.)"""
    state = advance_to(deployed("independence"), "arab", "movement")
    POSITION.to_position(state)  # the start of the phase: stated
    legal = engine.legal_actions(state, "arab")
    verb = next(v for v in legal if v != "end" and legal[v])
    act(state, "arab", f"{verb} {legal[verb][0]}")
    assert state["flow"][1]["p"] == "faiw.phase.movement"
    with pytest.raises(InvalidActionError, match="only the start of a turn or of a phase"):
        POSITION.to_position(state)


def test_scenarios_the_deployment_is_not_a_position():
    state = engine.setup(SLUG, "independence", {}, SeededChance(1, context="setup"))
    with pytest.raises(InvalidActionError, match="deployment is not one"):
        POSITION.to_position(state)


def test_positions_round_trip_at_every_phase_start_of_random_games():
    """Every phase start of two random games (an order picked at random, ``end`` half the time) is stated, and
    the position built again (with the dice of its beginning) is the same state. States where an entrenchment
    outlived its units are skipped: the engine does not always apply 15.4 yet (see the report), and the
    position refuses them."""
    stated = 0
    for scenario, seed in (("independence", 1), ("struggle", 2)):
        state = engine.setup(SLUG, scenario, {}, SeededChance(seed, context="setup"))
        rnd, seen = random.Random(seed), set()
        for n in range(400):
            if engine.outcome(state):
                break
            role = engine.active_roles(state)[0]
            key = (state["month"], state["impulse"], state["phasing"], state["phase"])
            if state["phase"] != "deployment" and key not in seen and len(state["flow"]) == 2:
                seen.add(key)
                if not [h for h, sd in state["entrenched"].items() if not places.occupied_by(state, h, sd)]:
                    p = POSITION.to_position(state)
                    assert p["start"]["phase"] == state["phase"] and POSITION.validate(p) == []
                    stated += 1
            legal = engine.legal_actions(state, role)
            verb = "end" if "end" in legal and rnd.random() < 0.5 else rnd.choice(sorted(legal))
            order = verb if not legal[verb] else f"{verb} {rnd.choice(legal[verb])}"
            engine.apply_in_place(state, role, order, SeededChance(n, context="fuzz"), legal=legal)
    assert stated > 40


# ---------------------------------------------------------------------------------------------- the starts


STARTS = [(1, side, phase) for side in ("arab", "israel") for phase in FIRST_IMPULSE] + [
    (2, side, phase) for side in ("arab", "israel") for phase in SECOND_IMPULSE]


@pytest.mark.parametrize("impulse,side,phase", STARTS)
def test_2_1_each_phase_of_each_impulse_starts_with_that_sides_prompt(impulse, side, phase):
    p = example_position()
    p["start"] = {"impulse": impulse, "side": side, "phase": phase}
    assert POSITION.validate(p) == []
    state = POSITION.from_position(p, SeededChance(5, context="position"))
    assert engine.active_roles(state) == [side]
    assert (state["impulse"], state["phasing"], state["phase"]) == (impulse, side, phase)
    assert state["flow"][1] == state["flow"][1] | {"p": f"faiw.phase.{phase}", "role": side}
    turn = state["flow"][0]
    assert (turn["p"], turn["stage"], turn["impulse"], turn["side"]) == ("faiw.turn", "impulses", impulse,
                                                                         ("arab", "israel").index(side))
    assert engine.prompt(state, side)["actions"]
    # the phase ends into the next one as the turn's own sequence would have it
    phases = FIRST_IMPULSE if impulse == 1 else SECOND_IMPULSE
    if phase != phases[-1] and phase != "reinforcement":
        act(state, side, "end")
        assert state["phase"] == phases[phases.index(phase) + 1] and state["phasing"] == side


def test_2_1a_the_start_of_a_turn_runs_the_event_phase_and_the_withdrawal():
    p = example_position()
    p.update(month="1948-06", start={"turn": "start"})
    with pytest.raises(InvalidActionError, match="needs chance"):
        POSITION.from_position(p)  # the Event phase's dice (3.1)
    step = POSITION.start(p, FixedChance([1, 1, 1, 1, 1, 1]))
    texts = " ".join(e["text"] for e in step.log)
    assert "The turn of June 1948 began" in texts and "Casual Events roll was 11" in texts
    assert engine.active_roles(step.state) == ["arab"] and step.state["phase"] == "reinforcement"


def test_scenario_5a_the_first_turn_has_no_event_phase():
    p = example_position()
    p["start"] = {"turn": "start"}
    step = POSITION.start(p, FixedChance([1]))  # the AAS die only: no Event phase on the first turn
    assert any("No Event phase on a scenario's first turn" in e["text"] for e in step.log)
    assert step.state["phase"] == "reinforcement" and step.state["phasing"] == "arab"


def test_a_position_through_engine_setup():
    p = base()
    state = engine.setup(SLUG, "independence", {"position": p}, SeededChance(1))
    assert engine.active_roles(state) == ["arab"] and state["phase"] == "movement" and state["impulse"] == 2
    assert state["units"]["IL-inf-bde-1"] == {"status": "map", "at": "0202", "broken": True}
    assert state["units"]["IL-air-1"]["status"] == "available"
    assert state["units"]["AL-ldr-abd-el-kader"]["status"] == "out"
    assert state["units"]["AL-aas-gue-3"]["status"] == "pool"
    assert state["supply"] == {"arab": {"0204": 2}, "israel": {"0202": 1}}
    assert state["terrorized"] == {"0304": "israel", "0404": None} and state["entrenched"] == {"0202": "israel"}
    assert state["pending"]["israel"] == [{"kind": "supply", "points": 2, "area": None}]
    assert state["options"]["pack"] == state["pack"]["digest"] and state["rules_version"]
    assert DEFINITION.invariants(state) == []
    assert POSITION.to_position(state) == p
    with pytest.raises(InvalidActionError, match="for scenario 'independence'"):
        engine.setup(SLUG, "struggle", {"position": p}, SeededChance(1))


def test_a_position_keeps_its_options_and_25_3_british_units():
    p = base()
    p["options"] = {"optional": {"25.3": True}, "rulings": {}}
    p["map"]["0502"] = ["AL-aas-gue-3", "BR-inf-1"]
    p["arab_british"] = ["BR-inf-1"]
    state = POSITION.from_position(p)
    assert state["units"]["BR-inf-1"] == {"status": "map", "at": "0502", "broken": False, "side": "arab"}
    assert state["options"]["optional"] == {"25.3": True}
    assert POSITION.to_position(state) == p


def test_a_copy_of_the_position_is_never_changed_by_building():
    p = base()
    before = copy.deepcopy(p)
    POSITION.from_position(p)
    assert p == before


# ----------------------------------------------------------------------------------------------- faults


def _set(p, path, value):
    *head, last = path
    for k in head:
        p = p[k]
    if value is DELETE:
        del p[last]
    else:
        p[last] = value


DELETE = object()

FAULTS = [
    ("format", [(("format",), "umpire-position/2")], "format", "umpire-position/1"),
    ("unknown field", [(("spaces",), {})], "spaces", "not a field"),
    ("missing vp", [(("vp",), DELETE)], "vp", "missing"),
    ("scenario", [(("scenario",), "standard")], "scenario", "independence, struggle"),
    ("pack", [(("pack",), "f" * 64)], "pack", "not a data pack loaded here"),
    ("month outside", [(("month",), "1949-02")], "month", "outside the scenario"),
    ("month shape", [(("month",), "June 1948")], "month", "YYYY-MM"),
    ("2.3 no reinforcement in impulse 2", [(("start", "phase"), "reinforcement")], "start.phase",
     "no Reinforcement phase in the second impulse (2.1d, 2.3)"),
    ("2.1d mandate", [(("month",), "1948-04"), (("scenario",), "struggle"), (("vp",), {"arab": 0, "israel": 0}),
                      (("terrorized",), {}), (("off_map", "out"), [])],
     "start.impulse", "no second impulse"),
    ("22.1a truce", [(("truce",), {"from": "1948-06", "until": "1948-07", "event": "Event 11", "armistice": False})],
     "start.impulse", "a truce is in effect"),
    ("event phase", [(("start",), {"impulse": 1, "side": "arab", "phase": "event"})], "start.phase",
     '{"turn": "start"}'),
    ("side", [(("start", "side"), "british")], "start.side", "arab or israel"),
    ("unknown counter", [(("map", "0204"), ["AL-aas-gue-1", "XX-1"])], "map.0204[1]", "not a counter"),
    ("twice", [(("off_map", "eliminated"), ["AL-aas-gue-1"])], "off_map.eliminated[0]", "listed twice"),
    ("supply counter", [(("map", "0305"), ["AL-supply-1-1"])], "map.0305[0]", "R-14.0-points"),
    ("not a hex", [(("map", "9999"), ["AL-aas-gue-3"])], "map.9999", "not a hex"),
    ("water", [(("map", "0101"), ["AL-aas-gue-3"])], "map.0101", "all sea or lake"),
    ("8.3 both sides", [(("map", "0204"), ["AL-aas-gue-1", "IL-militia-2"])], "map.0204", "(8.3)"),
    ("8.3 supply", [(("supply", "israel", "0204"), 1)], "map.0204", "(8.3)"),
    ("27.4 british", [(("map", "0302"), ["BR-inf-1", "AL-aas-gue-3"])], "map.0302", "(27.4)"),
    ("10.1 air on the map", [(("map", "0305"), ["AL-air-egy-1"])], "map.0305[0]", "(10.1)"),
    ("10.1a not air", [(("off_map", "completed"), ["AL-aas-gue-3"])], "off_map.completed[0]", "(10.1a)"),
    ("4.4 irgun", [(("off_map", "eliminated"), ["IL-irgun-1"])], "off_map.eliminated[0]", "(4.4, 20.6)"),
    ("pool listed", [(("off_map", "pool"), [])], "off_map.pool", "the pool holds every counter not listed"),
    ("19.5c no back", [(("map", "0202"), ["IL-inf-bde-1", "IL-ldr-allon"]), (("broken",), ["IL-ldr-allon"])],
     "broken[0]", "no broken face"),
    ("13.0 broken off the map", [(("broken",), ["AL-aas-gue-3"])], "broken[0]", "not on the map"),
    ("4.6 supply", [(("supply", "arab", "0204"), 21)], "supply.arab", "make 20 (4.6"),
    ("supply zero", [(("supply", "arab", "0204"), 0)], "supply.arab.0204", "from 1"),
    ("vp", [(("vp",), {"arab": 1.5, "israel": 0})], "vp", "whole numbers"),
    ("18.3 terrorized", [(("terrorized", "0304"), "arab")], "terrorized.0304", "(18.3)"),
    ("17.2 no population", [(("terrorized", "0305"), None)], "terrorized.0305", "no population symbol"),
    ("15.4 entrenchment", [(("entrenched", "0303"), "arab")], "entrenched.0303", "(15.4)"),
    ("16.0 bridge", [(("destroyed_bridges",), [["0202", "0303"]])], "destroyed_bridges[0]", "not a bridge"),
    ("22.4 truce", [(("month",), "1948-05"), (("start", "impulse"), 1),
                    (("truce",), {"from": "1948-05", "until": "1948-05", "event": "E", "armistice": False})],
     "truce.from", "(22.4)"),
    ("22.2 truce over", [(("start", "impulse"), 1),
                         (("truce",), {"from": "1948-07", "until": "1948-08", "event": "E", "armistice": False})],
     "truce", "while it is in effect"),
    ("4.1b pending", [(("pending", "arab"), [{"kind": "units", "nationality": "egypt", "units": []}])],
     "pending.arab[0].units", "(4.1b)"),
    ("pending area", [(("pending", "arab"), [{"kind": "supply", "points": 1, "area": "mars"}])],
     "pending.arab[0].area", "not a reinforcement area"),
    ("25.3 off", [(("arab_british",), ["BR-inf-1"])], "arab_british", "25.3"),
    ("optional rule", [(("options",), {"optional": {"99": True}})], "options.optional.99", "optional rules"),
    ("revealed", [(("revealed",), {"arab": ["9999"]})], "revealed.arab[0]", "not a hex"),
    ("flags", [(("flags",), [])], "flags", "an object"),
]


@pytest.mark.parametrize("name,changes,path,words", FAULTS, ids=[f[0] for f in FAULTS])
def test_each_fault_is_refused_with_its_path_and_rule(name, changes, path, words):
    p = base()
    assert POSITION.validate(p) == []
    for where, value in changes:
        _set(p, where, value)
    faults = POSITION.validate(p)
    assert any(f.path == path and words in f.message for f in faults), faults
    assert all(isinstance(f, Fault) for f in faults)
    with pytest.raises(PositionError) as e:
        engine.setup(SLUG, p.get("scenario") if p.get("scenario") in ("independence", "struggle") else
                     "independence", {"position": p}, SeededChance(1))
    assert any(f.path == path for f in e.value.faults)


@pytest.mark.parametrize("bad", [None, [], "x", {"map": 3, "off_map": [], "supply": 5, "start": 2}])
def test_a_malformed_position_gets_faults_not_a_crash(bad):
    assert POSITION.validate(bad)


# ---------------------------------------------------------------------------------------------- the example


def test_the_documented_example_is_generated():
    assert json.loads(EXAMPLE.read_text()) == example_position()


def test_the_documented_example_is_valid_and_round_trips():
    p = json.loads(EXAMPLE.read_text())
    assert POSITION.validate(p) == []
    state = POSITION.from_position(p, SeededChance(1))
    assert engine.active_roles(state) == ["arab"] and state["phase"] == "reorganization"
    assert POSITION.to_position(state) == p
