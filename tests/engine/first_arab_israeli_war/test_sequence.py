"""The sequence of play (2.0), the scenarios' setup and deployment, victory (28.2) and the fog of war (21.0) on the
test pack (issue 31)."""

from __future__ import annotations

import engine
from engine.games.first_arab_israeli_war import calendar, units, victory
from engine.games.first_arab_israeli_war.view import view

from .faiw_helpers import act, advance_to, deployed, first_legal, new_game


def test_scenario_1_starts_in_may_1948_with_its_vp_and_terrorized_hexes():
    s = new_game("independence")
    assert (s["month"], s["last_month"], s["vp"]) == ("1948-05", "1949-01", {"arab": 8, "israel": 18})
    pack = units.pack_of(s)
    assert set(s["terrorized"]) == {pack.places[t] for t in ("haifa_old", "tiberias", "deir_yassin", "etzion")}
    assert s["units"]["AL-ldr-abd-el-kader"]["status"] == "out"  # Scenario 1, 5c
    assert engine.active_roles(s) == ["arab"]  # the Arab League places first


def test_scenario_2_places_a_british_unit_in_each_fort_base():
    s = deployed("struggle")
    pack = units.pack_of(s)
    forts = {h for h, d in pack.map.hexes.items() if d.settlement == "fort_base"}
    british = {s["units"][c]["at"] for c in units.on_map(s, "british")}
    assert british == forts and s["vp"] == {"arab": 0, "israel": 0} and not s["terrorized"]


def test_deployment_places_militia_in_each_settlement_and_never_with_the_enemy():
    s = deployed("independence")
    pack = units.pack_of(s)
    arab_settlements = [h for h, d in pack.map.hexes.items() if d.population == "arab" and d.country == "Palestine"
                        and d.settlement not in ("city", "town") and h not in s["terrorized"]]
    militia_at = {s["units"][c]["at"] for c in units.on_map(s, "arab") if pack.counters[c].type == "militia"}
    assert set(arab_settlements) <= militia_at
    for h in pack.map.hexes:
        sides = {units.side_of(s, c) for c in units.at(s, h)}
        assert len(sides & {"arab", "israel"}) <= 1  # 8.3


def test_2_1_one_impulse_in_the_mandate_and_two_from_may_1948():
    s = deployed("independence")
    advance_to(s, "arab", "reorganization")
    assert s["impulse"] == 1
    advance_to(s, "arab", "movement")
    seen = set()
    while s["month"] == "1948-05":
        seen.add((s["impulse"], s["phasing"], s["phase"]))
        role = engine.active_roles(s)[0]
        act(s, role, "end" if "end" in engine.legal_actions(s, role) else first_legal(s, role))
    assert (2, "israel", "recovery") in seen and (2, "arab", "reinforcement") not in seen  # 2.1d, 2.3
    s2 = deployed("struggle")
    while s2["month"] == "1947-12":
        assert s2["impulse"] == 1  # 2.1, 26.1a
        role = engine.active_roles(s2)[0]
        act(s2, role, "end" if "end" in engine.legal_actions(s2, role) else first_legal(s2, role))


def test_2_1_israel_has_combat_terrorism_and_recovery_in_the_first_impulse():
    s = deployed("independence")
    advance_to(s, "israel", "combat")
    assert s["impulse"] == 1
    advance_to(s, "israel", "recovery")
    assert s["impulse"] == 1


def test_28_2_the_game_ends_after_the_last_turn_with_the_level_of_the_difference():
    s = deployed("independence")
    while not engine.outcome(s):
        role = engine.active_roles(s)[0]
        act(s, role, "end" if "end" in engine.legal_actions(s, role) else first_legal(s, role))
    assert s["month"] == "1949-01"
    out = s["outcome"]
    assert out["level"] == victory.level(out["vp"]["arab"] - out["vp"]["israel"])
    assert victory.level(9) == "draw" and victory.level(-10) == "marginal victory"
    assert victory.level(40) == "strategic victory" and victory.level(70) == "decisive victory"


def test_21_0_an_enemy_stack_away_from_population_is_hidden_and_its_units_absent():
    s = deployed("independence")
    v = view(s, "israel")
    pack = units.pack_of(s)
    for cid in units.on_map(s, "arab"):
        h = s["units"][cid]["at"]
        near_jewish = any(pack.map.hex(x).population == "jewish" and x not in s["terrorized"]
                          for x in [h, *pack.map.neighbours(h)])
        assert (cid in v["units"]) == near_jewish
        if not near_jewish:
            assert h in v["hidden_stacks"]["arab"]
    assert all(h not in v["supply"]["arab"] for h in v["hidden_stacks"].get("arab", []))


def test_calendar_names_and_the_mandate():
    assert calendar.name("1947-12") == "December 1947" and calendar.mandate("1948-04")
    assert not calendar.mandate("1948-05") and calendar.following("1949-03") is None


def test_21_0_the_bookkeeping_that_names_moving_units_stays_out_of_every_view():
    s = deployed("independence")
    s["flags"].update(moved=["IL-inf-bde-1"], promoted={"month": "1948-05", "units": ["IL-militia-1"]},
                      border_specials=["Egypt"])
    for role in ("arab", "israel", "public"):
        v = view(s, role)
        assert "moved" not in v["flags"] and "promoted" not in v["flags"] and v["flags"]["border_specials"] == ["Egypt"]


def test_the_log_keeps_a_hidden_stacks_lines_to_its_owner():
    entries = [{"kind": "action", "text": "public"}, {"kind": "action", "text": "mine", "to": "israel"}]
    assert [e["text"] for e in engine.log_for(entries, "arab")] == ["public"]
    assert [e["text"] for e in engine.log_for(entries, None)] == ["public"]
    assert [e["text"] for e in engine.log_for(entries, "israel")] == ["public", "mine"]
    assert len(engine.log_for(entries, "umpire")) == 2
