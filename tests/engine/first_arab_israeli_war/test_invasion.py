"""Invasion (12.0) on the test pack (made-up data), with fixed dice: the procedure ``faiw.invasion`` as the Movement
phase calls it (pushed here directly, on top of the Movement phase, as movement.py does after spending the MP)."""

from __future__ import annotations

from engine.core.chance import Recorder
from engine.core.flow import Context
from engine.games.first_arab_israeli_war import DEFINITION, invasion

from .faiw_combat_helpers import empty_board, legal, log_of, play, who
from .faiw_helpers import advance_to, deployed, put


def _movement(side="israel", **options):
    s = deployed("independence", **options)
    advance_to(s, side, "movement")
    empty_board(s)
    return s


def _g(s):
    return Context(s, Recorder(None), DEFINITION.rules, DEFINITION.procedures)


def _invade(s, side, force, at, target, supply=0):
    """Pushes the invasion as the Movement phase does and runs it to its first decision (or its end)."""
    g = _g(s)
    g.call("faiw.invasion", side, force=list(force), at=at, target=target, supply=supply)
    g.settle()
    return g


def test_12_2_targets_are_adjacent_enemy_hexes_for_a_force_of_two_brigades_at_most():
    s = _movement()
    put(s, "IL-inf-bde-1", "0303")
    put(s, "IL-ldr-allon", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")
    put(s, "AL-egy-inf-bn-2", "0404")
    g = _g(s)
    assert invasion.targets(g, "israel", ["IL-inf-bde-1", "IL-ldr-allon"], "0303") == ["0404", "0304"]
    put(s, "IL-inf-bde-2", "0303")
    put(s, "IL-inf-bde-3", "0303")  # three brigades: the force is over two (12.2)
    assert invasion.targets(g, "israel", ["IL-inf-bde-1", "IL-inf-bde-2", "IL-inf-bde-3"], "0303") == []
    # two brigades invading from a hex holding three: over the stacking limit (12.2)
    assert invasion.targets(g, "israel", ["IL-inf-bde-1", "IL-inf-bde-2"], "0303") == []


def test_22_1b_no_invasion_during_a_truce():
    s = _movement()
    put(s, "IL-inf-bde-1", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")
    s["truce"] = {"from": s["month"], "until": s["month"]}
    assert invasion.targets(_g(s), "israel", ["IL-inf-bde-1"], "0303") == []


def test_12_3_one_column_left_and_12_3c_supply_moving_with_the_force():
    s = _movement()
    put(s, "IL-inf-bde-1", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")  # desert: no shift
    s["supply"]["israel"]["0303"] = 2
    _invade(s, "israel", ["IL-inf-bde-1"], "0303", "0304", supply=1)
    assert who(s) == "israel" and legal(s, "israel") == {"table": ["raid", "assault"]}
    play(s, "table assault")
    assert legal(s, "israel") == {"double": ["0303"], "done": []}
    text = log_of(play(s, ("double 0303", [1])))  # 10 against 2: 5:1, 1 left: 4:1 Assault, 1: D2
    assert "invasion: 1 column left (12.3)" in text and "column 4:1" in text
    assert s["supply"]["israel"]["0303"] == 1
    assert s["units"]["AL-egy-inf-bn-1"]["status"] == "eliminated"  # two breaks on one battalion (13.4)
    assert s["units"]["IL-inf-bde-1"]["at"] == "0303"  # 12.4a: no advance after an invasion
    assert s["flow"][-1]["p"] == "faiw.phase.movement" and s["flow"][-1]["ret"] == {"stop": False}


def test_12_4b_the_force_stops_when_a_unit_is_broken():
    s = _movement()
    put(s, "IL-inf-bn-1", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")
    _invade(s, "israel", ["IL-inf-bn-1"], "0303", "0304")
    text = log_of(play(s, ("table raid", [4])))  # 2 against 2: 1:1, 1 left: 1:2 Raid, 4: A1
    assert "stops moving" in text and s["units"]["IL-inf-bn-1"]["broken"]
    assert s["flow"][-1]["ret"] == {"stop": True}


def test_12_3b_only_a_leader_moving_with_the_force_shifts():
    s = _movement()
    put(s, "IL-inf-bde-1", "0303")
    put(s, "IL-ldr-allon", "0303")
    put(s, "AL-egy-inf-bn-1", "0304")
    _invade(s, "israel", ["IL-inf-bde-1"], "0303", "0304")  # Allon stays behind
    text = log_of(play(s, ("table raid", [1])))
    assert "leader Allon" not in text
    s2 = _movement()
    put(s2, "IL-inf-bde-1", "0303")
    put(s2, "IL-ldr-allon", "0303")
    put(s2, "AL-egy-inf-bn-1", "0304")
    _invade(s2, "israel", ["IL-inf-bde-1", "IL-ldr-allon"], "0303", "0304")
    text = log_of(play(s2, ("table raid", [1])))
    assert "leader Allon with the invading force: 1 column right (20.2)" in text


def test_12_0_the_invasion_is_registered_and_persisted():
    assert "faiw.invasion" in DEFINITION.persisted[1]


def test_19_2_an_invasion_of_a_hidden_stack_of_non_combat_units_finds_it_out():
    s = _movement()
    put(s, "IL-inf-bde-1", "0504")
    put(s, "AL-ldr-el-tel", "0505")  # Eilat: no population symbol, the stack is hidden from Israel
    assert invasion.targets(_g(s), "israel", ["IL-inf-bde-1"], "0504") == ["0505"]
    _invade(s, "israel", ["IL-inf-bde-1"], "0504", "0505")
    assert s["flow"][-1]["ret"] == {"stop": False} and "0505" in s["revealed"]["israel"]
    assert s["units"]["AL-ldr-el-tel"]["at"] == "0505"
