"""The Event phase (3.0): the d66 (3.1), the VP lead an event may require (3.0) and every kind of effect the
pack's events may have, on the test pack's events (made up, apart from the names the rulebook gives)."""

from __future__ import annotations

import engine
from engine.core.flow import Context
from engine.games.first_arab_israeli_war import phase_event, units

from .faiw_air_helpers import at_phase, bare, put
from .faiw_helpers import FixedChance, act, advance_to


def _event(state: dict, *rolls: int) -> Context:
    g = Context(state, FixedChance(rolls), None)
    phase_event.EventPhase().begin(g, {})
    return g


def test_3_1_the_first_die_is_the_tens_12_more_israeli_supplies():
    s = at_phase("arab", "air")
    g = _event(s, 1, 2)
    assert s["pending"]["israel"] == [{"kind": "supply", "points": 2, "event": "12", "area": "israel@tel_aviv"}]
    assert "More Israeli Supplies" in g.log[0]["text"]


def test_4_1b_an_event_supply_goes_where_the_pack_says():
    s = at_phase("arab", "air")
    _event(s, 1, 2)
    advance_to(s, "israel", "reinforcement", month="1948-05")  # Israel's turn follows the Arab League's (2.1)
    f = s["flow"][-1]
    assert f["supply"][0] == {"points": 2, "area": "israel@tel_aviv", "rule": "4.1b"}
    tel_aviv = units.pack_of(s).places["tel_aviv"]
    assert tel_aviv in engine.legal_actions(s, "israel")["supply"]
    act(s, "israel", f"supply {tel_aviv}")
    assert s["flow"][-1]["supply"][0]["points"] == 1  # the event's point went first, to Tel Aviv


def test_3_1_the_event_phase_is_rolled_at_the_start_of_a_turn():
    s = at_phase("israel", "recovery")
    while s["month"] == "1948-05":
        role = engine.active_roles(s)[0]
        act(s, role, "end", rolls=[1, 1] + [3] * 20)  # event 11 (No Event); spare dice for the phases after it
    assert s["month"] == "1948-06"


def test_4_1b_event_reinforcements_wait_for_the_next_reinforcement_phase():
    s = at_phase("arab", "air")
    _event(s, 2, 1)
    (entry,) = s["pending"]["arab"]
    assert entry["kind"] == "units" and entry["nationality"] == "egypt" and entry["units"] == [
        {"type": "infantry", "size": "battalion", "count": 1}]


def test_3_0_an_event_needing_a_vp_lead_does_nothing_without_it():
    s = at_phase("arab", "air")
    s["vp"] = {"arab": 20, "israel": 11}  # a lead of 9: short of 10
    _event(s, 4, 3)
    assert s["vp"] == {"arab": 20, "israel": 11}
    s["vp"] = {"arab": 21, "israel": 11}
    _event(s, 4, 3)
    assert s["vp"] == {"arab": 21, "israel": 14}


def test_21_4_an_event_reveals_the_stacks():
    s = bare(at_phase("arab", "air"))
    put(s, "AL-egy-inf-bn-1", "0605")
    _event(s, 5, 2)
    assert "0605" in s["revealed"]["israel"]


def test_3_0_an_umpires_event_and_no_event_are_logged():
    s = at_phase("arab", "air")
    before = {k: v for k, v in s.items() if k != "flow"}
    g = _event(s, 6, 3)
    assert "umpire" in g.log[-1]["text"]
    g = _event(s, 1, 1)
    assert "No Event" in g.log[-1]["text"]
    assert {k: v for k, v in s.items() if k != "flow"} == before


def test_22_0_a_truce_event_starts_a_truce_from_june_1948():
    s = at_phase("arab", "air")
    s["month"] = "1948-06"
    _event(s, 3, 4, 3)  # event 34, a truce; the length die 3: two turns
    assert s["truce"] == {"from": "1948-06", "until": "1948-07", "event": "Event 34, Test local truce",
                          "armistice": False}


def test_28_4_the_united_nations_truce_allows_an_armistice():
    s = at_phase("arab", "air")
    s["month"] = "1948-06"
    _event(s, 5, 5, 1)
    assert s["truce"]["armistice"] is True and s["truce"]["until"] == "1948-06"


def test_advance_helper_still_reaches_june():
    s = at_phase("arab", "air")
    advance_to(s, "arab", "movement", "1948-06")
    assert s["month"] == "1948-06"
