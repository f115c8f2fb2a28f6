"""The Recovery phase (13.5 recovery, 14.6 destroying one's own supply, 16.2 bridge repair) on the test pack
(made-up data, issue 31)."""

from __future__ import annotations

from engine.games.first_arab_israeli_war import units

from .faiw_helpers import act, put
from .faiw_reinf_helpers import empty, fresh, legal, phase, refused

H = "0303"      # clear
SAND = "0405"   # desert, in Palestine


def recovery(*hexes):
    s = fresh()
    empty(s, *hexes)
    return s


def test_13_5_recovery_spends_one_supply_point_and_every_broken_unit_recovers():
    s = recovery(H)
    put(s, "IL-inf-bn-10", H, broken=True)
    put(s, "IL-inf-bn-11", H, broken=True)
    s["supply"]["israel"][H] = 2
    phase(s, "israel", "recovery")
    assert legal(s, "israel")["recover"] == [H]
    act(s, "israel", f"recover {H}")
    assert not s["units"]["IL-inf-bn-10"]["broken"] and not s["units"]["IL-inf-bn-11"]["broken"]
    assert s["supply"]["israel"][H] == 1


def test_13_5_sandy_terrain_costs_two_supply_points():
    s = recovery(SAND)
    put(s, "IL-inf-bn-10", SAND, broken=True)
    s["supply"]["israel"][SAND] = 1
    phase(s, "israel", "recovery")
    assert "recover" not in legal(s, "israel")
    refused(s, "israel", f"recover {SAND}", "spends 2 supply points")
    s["supply"]["israel"][SAND] = 2
    act(s, "israel", f"recover {SAND}")
    assert not s["units"]["IL-inf-bn-10"]["broken"] and SAND not in s["supply"]["israel"]


def test_13_5_recovery_needs_a_broken_unit_and_supply_in_its_hex():
    s = recovery(H)
    put(s, "IL-inf-bn-10", H)
    s["supply"]["israel"][H] = 1
    phase(s, "israel", "recovery")
    refused(s, "israel", f"recover {H}", "none of your units")


def test_13_5_a_broken_infantry_brigade_absorbs_an_effective_commando_battalion():
    s = recovery(H)
    put(s, "IL-inf-bde-1", H, broken=True)
    put(s, "IL-cdo-bn-2", H)
    put(s, "IL-recon-bn-3", H)
    phase(s, "israel", "recovery")
    assert legal(s, "israel")["absorb"] == ["IL-inf-bde-1 IL-cdo-bn-2"]
    refused(s, "israel", "absorb IL-inf-bde-1 IL-recon-bn-3", "absorbs only a infantry or commando battalion")
    act(s, "israel", "absorb IL-inf-bde-1 IL-cdo-bn-2")
    assert not s["units"]["IL-inf-bde-1"]["broken"] and s["units"]["IL-cdo-bn-2"]["status"] == "pool"


def test_13_5_absorption_needs_an_effective_battalion_of_the_same_nationality():
    s = recovery(H)
    put(s, "IL-mech-bde-1", H, broken=True)
    put(s, "IL-recon-bn-3", H, broken=True)
    put(s, "IL-irgun-1", H)
    phase(s, "israel", "recovery")
    assert "absorb" not in legal(s, "israel")
    refused(s, "israel", "absorb IL-mech-bde-1 IL-recon-bn-3", "not an effective battalion")
    refused(s, "israel", "absorb IL-mech-bde-1 IL-irgun-1", "same nationality")


def test_14_6_a_player_destroys_his_own_supply():
    s = recovery(H)
    put(s, "IL-inf-bn-10", H)
    s["supply"]["israel"][H] = 2
    phase(s, "israel", "recovery")
    act(s, "israel", f"discard {H}")
    assert s["supply"]["israel"][H] == 1
    refused(s, "israel", "discard 0404", "no supply point in 0404")


def test_16_2_a_supply_point_next_to_the_bridge_repairs_it():
    s = recovery("0202", "0203", "0302", "0303", "0102", "0103", "0201", "0301", "0204", "0304", "0101", "0104")
    s["destroyed_bridges"] = [["0202", "0203"]]
    put(s, "IL-inf-bn-10", "0202")
    s["supply"]["israel"]["0202"] = 1
    phase(s, "israel", "recovery")
    assert legal(s, "israel")["repair"] == ["0202 0203"]
    act(s, "israel", "repair 0202 0203")
    assert s["destroyed_bridges"] == [] and "0202" not in s["supply"]["israel"]


def test_16_2_no_repair_with_an_enemy_unit_next_to_the_bridge():
    s = recovery("0202", "0203", "0302", "0303", "0102", "0103", "0201", "0301", "0204", "0304", "0101", "0104")
    s["destroyed_bridges"] = [["0202", "0203"]]
    s["supply"]["israel"]["0202"] = 1
    put(s, "AL-aas-gue-8", "0204")  # next to 0203, the bridge's other hex
    phase(s, "israel", "recovery")
    assert "repair" not in legal(s, "israel")
    refused(s, "israel", "repair 0202 0203", "cannot be repaired")
    refused(s, "israel", "repair 0203 0202", "no supply point in 0203")
    assert units.supply_points(s, "israel", "0202") == 1
