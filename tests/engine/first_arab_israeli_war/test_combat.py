"""The combat desk's arithmetic (engine.games.first_arab_israeli_war.combat): 11.0-13.0 with 5.6, 8.2, 12.3,
14.3, 15.3, 19, 20, 22, 25, 26, 27, 29, 31; the rulebook's examples of 11.2b, 11.2c and 11.2d.

The CRT below is TEST DATA, made up for these tests: it is not the game's (the rulebook prints no CRT,
digest A.0). Its codes are invented names and its key says so.
"""

from __future__ import annotations

import pytest

from engine.core.chance import NoChance, Recorder, ScriptedChance
from engine.core.errors import ChanceRequested, IllegalActionError, InvalidActionError
from engine.games.first_arab_israeli_war.combat import (
    DEFAULTS,
    RULINGS,
    Attack,
    CombatOptions,
    TerrainEntry,
    Unit,
    apply_breaks,
    assess,
    break_unit,
    capped,
    crt_chooser,
    crt_table,
    fanaticism_cost,
    odds,
    refusals,
    resolve,
    shifted,
    split_brigade,
    take_break,
)

COLUMNS = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1"]
TEST_KEY = {
    "T-A": "test code A (TEST DATA, not the game's)",
    "T-B": "test code B (TEST DATA, not the game's)",
    "T-C": "test code C (TEST DATA, not the game's)",
    "D1": "the defender breaks one unit (5.6; the only code the text names)",
}


def _table(offset: int) -> dict:
    codes = ["T-A", "T-B", "T-C", "D1"]
    return {"source": "TEST DATA, not the game's CRT",
            "columns": list(COLUMNS),
            "rows": {str(r): [codes[(r + c + offset) % 4] for c in range(len(COLUMNS))] for r in range(1, 7)},
            "key": dict(TEST_KEY)}


#: TEST DATA: both tables, made up (not the game's).
CRT = {"source": "TEST DATA, not the game's", "raid": _table(0), "assault": _table(1)}


def u(uid, side="israel", cs=4, *, type="infantry", size="brigade", nat=None, hex="0101", back=None, paren=False,
      broken=False, points=0, back_paren=False):
    nat = nat or ("zahal" if side == "israel" else "egypt")
    return Unit(id=uid, side=side, type=type, size=size, nationality=nat, front_cs=cs,
                back_cs=back if back is not None else max(cs // 2, 1), front_paren=paren, back_paren=back_paren,
                broken=broken, hex=hex, points=points)


def leader(uid, side="israel", nat=None, hex="0101"):
    return u(uid, side, 0, type="leader", size="none", nat=nat, hex=hex)


def supply(uid, side="israel", hex="0101", points=1):
    return u(uid, side, 0, type="supply", size="none", hex=hex, points=points)


def atk(attackers, defenders, **kw):
    return Attack(attackers=tuple(attackers), defenders=tuple(defenders), defender_hex=kw.pop("hex", "0202"),
                  **kw)


def roll(n):
    return Recorder(ScriptedChance(rolls=[n]))


def cols(res):
    return res.base_column, res.column


# ----------------------------------------------------------------------------------------------------
# 11.2b odds and rounding
# ----------------------------------------------------------------------------------------------------


def test_11_2b_odds_example_14_vs_5_fractions_ignored_is_2_to_1():
    assert odds(14, 5) == (2, 1)


def test_11_2b_odds_example_6_vs_10_rounded_up_is_1_to_2():
    assert odds(6, 10) == (1, 2)


@pytest.mark.parametrize("a,d,want", [(7, 7, (1, 1)), (3, 3, (1, 1)), (5, 4, (1, 1)), (4, 5, (1, 2)),
                                      (20, 3, (6, 1)), (3, 10, (1, 4)), (1, 3, (1, 3))])
def test_11_2b_odds_rounding_favours_the_defender(a, d, want):
    assert odds(a, d) == want


def test_11_2b_odds_refuse_a_zero_strength():
    with pytest.raises(ValueError):
        odds(0, 3)


def test_11_2b_example_14_vs_5_resolved_on_the_2_to_1_column():
    a = atk([u("a1", cs=8, hex="0101"), u("a2", cs=6, hex="0102")], [u("d1", "arab", 5)])
    res = resolve(a, CRT, roll(3))
    assert (res.attack_total, res.defence_total, res.odds, res.column) == (14, 5, (2, 1), "2:1")
    assert any("fractions ignored: 2:1 (11.2b3a)" in s for s in res.steps)


def test_11_2b_example_6_vs_10_resolved_on_the_1_to_2_column():
    a = atk([u("a1", cs=6)], [u("d1", "arab", 6), u("d2", "arab", 4)])
    res = assess(a, CRT)
    assert (res.odds, res.column) == ((1, 2), "1:2")
    assert any("rounded up: 1:2 (11.2b3b)" in s for s in res.steps)


def test_11_2b_equal_strengths_are_1_to_1():
    assert assess(atk([u("a1", cs=5)], [u("d1", "arab", 5)]), CRT).column == "1:1"


def test_11_2b_defence_of_zero_starts_at_7_to_1():
    a = atk([u("a1", cs=3)], [u("d1", "arab", 2, broken=True, back=0)])
    res = assess(a, CRT)
    assert (res.odds, res.base, res.column) == (None, (7, 1), "7:1")


# ----------------------------------------------------------------------------------------------------
# 11.2d caps (ruling R-11.2d)
# ----------------------------------------------------------------------------------------------------


def test_11_2d_odds_above_7_to_1_use_7_to_1():
    assert capped((12, 1)) == (7, 1)
    assert capped((7, 1)) == (7, 1)


def test_11_2d_ruling_odds_worse_than_1_to_3_use_1_to_3():
    assert capped((1, 5)) == (1, 3)
    assert capped((1, 3)) == (1, 3)
    assert capped((2, 1)) == (2, 1)   # the literal "less than 3/1" would make this 3:1: ruling R-11.2d


def test_11_2d_example_10_to_1_with_two_left_is_5_to_1():
    a = atk([u("a1", cs=10)], [u("d1", "arab", 1, size="battalion")],
            terrain=(TerrainEntry("hills-test", 2),))
    res = assess(a, CRT)
    assert (res.odds, res.base, res.column) == ((10, 1), (7, 1), "5:1")
    assert any("ruling R-11.2d" in s for s in res.steps)


def test_11_2d_1_to_5_shifted_right_starts_from_1_to_3():
    a = atk([u("a1", cs=1, size="battalion")], [u("d1", "arab", 5)], terrain=(TerrainEntry("x", -1),))
    assert cols(assess(a, CRT)) == ("1:3", "1:2")


# ----------------------------------------------------------------------------------------------------
# 11.2c shifts
# ----------------------------------------------------------------------------------------------------


def test_11_2c_example_4_to_1_leader_right_two_terrain_left_is_3_to_1():
    a = atk([u("a1", cs=8)], [u("d1", "arab", 2)], support=(leader("allon"),),
            terrain=(TerrainEntry("rough", 2),))
    res = assess(a, CRT)
    assert (res.base_column, res.attacker_shifts, res.defender_shifts, res.column) == ("4:1", 1, 2, "3:1")
    assert [s.rule for s in res.shifts] == ["11.2c1", "20.2"]


def test_11_2c_ruling_at_most_five_shifts_per_side():
    a = atk([u("a1", cs=21)], [u("d1", "arab", 3)], entrenched=True, defender_supply=False,
            terrain=(TerrainEntry("t1", 3), TerrainEntry("t2", 3)))
    res = assess(a, CRT)
    assert (res.defender_shifts, res.base_column, res.column) == (5, "7:1", "2:1")
    assert any("count as 5" in s and "R-11.2c" in s for s in res.steps)


def test_11_2c_final_column_clamped_to_the_table():
    a = atk([u("a1", cs=2, size="battalion")], [u("d1", "arab", 4)], entrenched=True)
    res = assess(a, CRT)
    assert cols(res) == ("1:2", "1:3")
    a = atk([u("a1", cs=2, size="battalion")], [u("d1", "arab", 4)], terrain=(TerrainEntry("t", 4),))
    res = assess(a, CRT)
    assert res.column == "1:3" and "first column" in res.steps[-1]


def test_11_2c_shifted_moves_and_clamps():
    assert shifted("4:1", -1, COLUMNS) == "3:1"
    assert shifted("6:1", 3, COLUMNS) == "7:1"
    assert shifted("1:2", -4, COLUMNS) == "1:3"


def test_11_2c_declared_terrain_is_said_unverifiable():
    a = atk([u("a1", cs=6)], [u("d1", "arab", 2)], terrain=(TerrainEntry("town", 1, source="declared"),))
    res = assess(a, CRT)
    assert res.column == "2:1"
    assert any("unverifiable without a map" in s for s in res.steps)


def test_11_2c_tec_entry_read_from_the_pack_format():
    t = TerrainEntry.from_tec("Rough", {"mp": 2, "shift": 1})
    assert (t.name, t.shift, t.is_rough) == ("rough", 1, True)
    assert TerrainEntry.from_tec("jebel", {"mp": 3, "shift": 2, "rough": True}).is_rough
    assert not TerrainEntry.from_tec("town", {"mp": 1, "shift": 1}).is_rough
    with pytest.raises(InvalidActionError, match="no shift"):
        TerrainEntry.from_tec("clear", {"mp": 1})


def test_11_2c_ruling_hexside_counts_when_every_attacking_hex_crosses_it():
    river = TerrainEntry("river", 1)
    two = [u("a1", cs=6, hex="0101"), u("a2", cs=6, hex="0102")]
    d = [u("d1", "arab", 3)]
    partial = assess(atk(two, d, hexsides={"0101": (river,)}), CRT)
    assert partial.column == "4:1"
    assert any("does not cross it (ruling R-11.2c-H)" in s for s in partial.steps)
    full = assess(atk(two, d, hexsides={"0101": (river,), "0102": (river,)}), CRT)
    assert full.column == "3:1"   # once, not once per hexside
    anyone = assess(atk(two, d, hexsides={"0101": (river,)}), CRT, CombatOptions(rulings={"R-11.2c-H": "any"}))
    assert anyone.column == "3:1"


def test_11_2c_hexside_for_a_hex_no_unit_attacks_from_is_refused():
    a = atk([u("a1", cs=6, hex="0101")], [u("d1", "arab", 3)], hexsides={"0303": (TerrainEntry("river", 1),)})
    assert [r.rule for r in refusals(a)] == ["11.2c"]


def test_15_3_entrenchment_one_column_left():
    res = assess(atk([u("a1", cs=9)], [u("d1", "arab", 3)], entrenched=True), CRT)
    assert (res.base_column, res.column) == ("3:1", "2:1")
    assert res.shifts[0].rule == "15.3"


# ----------------------------------------------------------------------------------------------------
# 20 leaders
# ----------------------------------------------------------------------------------------------------


def test_20_2_defending_leader_shifts_left():
    res = assess(atk([u("a1", "arab", 9)], [u("d1", "israel", 3, hex="0202"), leader("marcus", hex="0202")]), CRT)
    assert (res.base_column, res.column) == ("3:1", "2:1")


def test_20_2c_only_one_leader_per_side():
    a = atk([u("a1", cs=9)], [u("d1", "arab", 3)], support=(leader("allon"), leader("marcus")))
    res = assess(a, CRT)
    assert (res.attacker_shifts, res.column) == (1, "4:1")
    assert any("only one leader's shift counts (20.2c)" in s for s in res.steps)


def test_20_2_leader_not_with_the_attackers_gives_nothing():
    a = atk([u("a1", cs=9, hex="0101")], [u("d1", "arab", 3)], support=(leader("allon", hex="0909"),))
    assert assess(a, CRT).attacker_shifts == 0


def test_20_5a_israeli_leader_needs_half_the_printed_cs_from_haganah_palmach():
    units = [u("a1", cs=4), u("irgun", cs=6, nat="irgun", size="battalion")]
    res = assess(atk(units, [u("d1", "arab", 2)], support=(leader("allon"),)), CRT)
    assert res.attacker_shifts == 0
    assert any("only 4 of the 10 printed CS" in s and "20.5a" in s for s in res.steps)
    units = [u("a1", cs=5), u("irgun", cs=5, nat="irgun", size="battalion")]
    assert assess(atk(units, [u("d1", "arab", 2)], support=(leader("allon"),)), CRT).attacker_shifts == 1


def test_20_5b_arab_leader_needs_half_of_his_own_nationality():
    units = [u("a1", "arab", 4, nat="transjordan"), u("a2", "arab", 6, nat="iraq")]
    eltel = leader("el-tel", "arab", nat="transjordan")
    assert assess(atk(units, [u("d1", "israel", 2)], support=(eltel,)), CRT).attacker_shifts == 0
    units = [u("a1", "arab", 6, nat="transjordan"), u("a2", "arab", 6, nat="iraq")]
    assert assess(atk(units, [u("d1", "israel", 2)], support=(eltel,)), CRT).attacker_shifts == 1


def test_20_5_ruling_printed_cs_of_the_face_showing_or_the_front():
    units = [u("a1", cs=8, back=2, broken=True), u("irgun", cs=3, nat="irgun", size="battalion")]
    a = atk(units, [u("d1", "arab", 1, size="battalion")], support=(leader("allon"),))
    assert assess(a, CRT).attacker_shifts == 0        # showing: 2 of 5
    front = CombatOptions(rulings={"R-20.5": "front"})
    assert assess(a, CRT, front).attacker_shifts == 1  # front: 8 of 11


# ----------------------------------------------------------------------------------------------------
# 12 invasion
# ----------------------------------------------------------------------------------------------------


def test_12_3_invasion_shifts_one_left():
    res = assess(atk([u("a1", cs=9)], [u("d1", "arab", 3)], invasion=True), CRT)
    assert (res.base_column, res.column) == ("3:1", "2:1")
    assert res.shifts[-1].rule == "12.3"


def test_12_2_invasion_force_starts_in_one_hex():
    a = atk([u("a1", cs=4, hex="0101"), u("a2", cs=4, hex="0102")], [u("d1", "arab", 3)], invasion=True)
    assert "12.2" in [r.rule for r in refusals(a)]


def test_12_3b_invasion_leader_moving_with_the_force_shifts():
    a = atk([u("a1", cs=9)], [u("d1", "arab", 3)], invasion=True, support=(leader("allon"),))
    res = assess(a, CRT)
    assert res.column == "3:1"
    assert any("with the invading force" in s for s in res.steps)


def test_12_3c_invasion_supply_must_move_with_the_force():
    a = atk([u("a1", cs=4)], [u("d1", "arab", 3)], invasion=True, attacker_supply=("0101",))
    (r,) = refusals(a)
    assert r.rule == "14.3b" and "moving with the invading force" in r


# ----------------------------------------------------------------------------------------------------
# 14.3b/c supply
# ----------------------------------------------------------------------------------------------------


def test_14_3b_one_supply_point_doubles_every_attacker_in_its_hex_only():
    a = atk([u("a1", cs=3, hex="0101", size="battalion"), u("a2", cs=2, hex="0101", size="battalion"),
             u("a3", cs=4, hex="0102")], [u("d1", "arab", 7)],
            support=(supply("s1", hex="0101"),), attacker_supply=("0101",))
    res = assess(a, CRT)
    assert (res.attack_total, res.column) == (14, "2:1")
    assert res.supply_spent == (("israel", "0101"),)


def test_14_3b_a_second_point_in_the_same_hex_is_refused():
    a = atk([u("a1", cs=3)], [u("d1", "arab", 7)], support=(supply("s1", points=2),),
            attacker_supply=("0101", "0101"))
    assert [r.rule for r in refusals(a)] == ["14.3b"]


def test_14_3b_no_supply_point_in_the_hex_is_refused():
    a = atk([u("a1", cs=3)], [u("d1", "arab", 7)], support=(supply("s1", hex="0102"),), attacker_supply=("0101",))
    (r,) = refusals(a)
    assert r.rule == "14.3b" and "no Israel supply point in 0101" in r


def test_14_3c_defender_supply_doubles_the_defence():
    d = [u("d1", "arab", 4, hex="0202"), supply("s9", "arab", hex="0202")]
    res = assess(atk([u("a1", cs=16)], d, defender_supply=True), CRT)
    assert (res.defence_total, res.column) == (8, "2:1")
    assert ("arab", "0202") in res.supply_spent
    assert "14.3c" in [r.rule for r in refusals(atk([u("a1", cs=16)], d[:1], defender_supply=True))]


# ----------------------------------------------------------------------------------------------------
# 8.2 two brigades per hex in combat (ruling)
# ----------------------------------------------------------------------------------------------------


def test_8_2_defender_over_two_brigades_must_name_the_units_that_count():
    d = [u("d1", "arab", 5), u("d2", "arab", 4), u("d3", "arab", 3)]
    (r,) = refusals(atk([u("a1", cs=12)], d))
    assert r.rule == "8.2" and "names the units that count" in r


def test_8_2_excess_defender_counts_zero_the_owner_choosing():
    d = [u("d1", "arab", 5), u("d2", "arab", 4), u("d3", "arab", 3)]
    res = assess(atk([u("a1", cs=16)], d, defender_counting=("d2", "d3")), CRT)
    assert (res.defence_total, res.column) == (7, "2:1")
    assert any("d1 count CS 0" in s for s in res.steps)


def test_8_2_defender_cannot_withhold_a_unit_within_the_cap():
    d = [u("d1", "arab", 5), u("d2", "arab", 4), u("d3", "arab", 3, size="battalion")]
    (r,) = refusals(atk([u("a1", cs=12)], d, defender_counting=("d1",)))
    assert r.rule == "11.1b"
    assert refusals(atk([u("a1", cs=12)], d, defender_counting=("d1", "d2"))) == []


def test_8_2_more_than_two_brigades_cannot_attack_from_one_hex():
    a = [u("a1", cs=4), u("a2", cs=4), u("a3", cs=2, size="battalion")]
    (r,) = refusals(atk(a, [u("d1", "arab", 3)]))
    assert r.rule == "8.2" and "2.5 brigades attack from 0101" in r


def test_8_1_four_battalions_are_two_brigades():
    a = [u(f"b{i}", cs=2, size="battalion") for i in range(4)]
    assert refusals(atk(a, [u("d1", "arab", 3)])) == []
    a = [u(f"b{i}", cs=2, size="group" if i else "regiment") for i in range(5)]
    assert [r.rule for r in refusals(atk(a, [u("d1", "arab", 3)]))] == ["8.2"]


# ----------------------------------------------------------------------------------------------------
# 11.1 who may attack, and the restrictions
# ----------------------------------------------------------------------------------------------------


def _rules(a, options=DEFAULTS):
    return [r.rule for r in refusals(a, options)]


def test_1_4a_parenthesized_cs_cannot_attack():
    assert _rules(atk([u("a1", cs=2, paren=True)], [u("d1", "arab", 3)])) == ["1.4a"]


def test_1_4a_parenthesized_defender_defends():
    res = assess(atk([u("a1", cs=6)], [u("d1", "arab", 3, paren=True)]), CRT)
    assert res.column == "2:1"


def test_19_5_non_combat_units_never_attack():
    assert _rules(atk([u("a1", cs=4), leader("allon")], [u("d1", "arab", 3)])) == ["19.5"]


def test_19_2_a_hex_of_only_non_combat_units_cannot_be_attacked():
    (r,) = refusals(atk([u("a1", cs=4)], [supply("s", "arab", hex="0202"), leader("x", "arab", hex="0202")]))
    assert r.rule == "19.2" and "19.1a" in r


def test_27_5_hexes_with_british_units_are_never_attacked():
    d = [u("d1", "arab", 3), u("br", "british", 4, nat="british")]
    assert _rules(atk([u("a1", cs=8)], d)) == ["27.5"]


def test_27_2_british_units_cannot_attack():
    assert "27.2" in _rules(atk([u("br", "british", 4, nat="british")], [u("d1", "arab", 3)]))


def test_11_8_no_attack_into_or_across_all_sea_or_lake():
    assert _rules(atk([u("a1", cs=4)], [u("d1", "arab", 3)], sea_or_lake=True)) == ["11.8"]


def test_11_1a_each_unit_attacks_once_per_phase():
    a = atk([u("a1", cs=4)], [u("d1", "arab", 3)], attacked_already=frozenset({"a1"}))
    assert _rules(a) == ["11.1a"]
    assert _rules(atk([u("a1", cs=4), u("a1", cs=4, size="battalion")], [u("d1", "arab", 3)])) == ["11.1a"]


def test_11_0_attackers_of_one_side_against_the_other():
    assert "11.0" in _rules(atk([u("a1", cs=4), u("a2", "arab", 3)], [u("d1", "arab", 3)]))


def test_11_4_nationalities_of_one_side_combine():
    a = [u("a1", "arab", 4, nat="egypt"), u("a2", "arab", 3, nat="transjordan", hex="0102")]
    assert refusals(atk(a, [u("d1", "israel", 3)])) == []


def test_22_1b_no_attack_in_a_truce_first_turn():
    a = atk([u("a1", cs=4)], [u("d1", "arab", 3)], truce="first_turn", violate_truce=True)
    assert _rules(a) == ["22.1b"]


def test_22_3_a_later_attack_violates_the_truce_and_gives_10_vp():
    a = atk([u("a1", cs=4)], [u("d1", "arab", 3)], truce="later")
    (r,) = refusals(a)
    assert r.rule == "22.1b" and "violation" in r
    res = assess(atk([u("a1", cs=4)], [u("d1", "arab", 3)], truce="later", violate_truce=True), CRT)
    assert res.truce_broken and res.vp_award == {"arab": 10}


@pytest.mark.parametrize("tag,rule", [("el_arish", "25.1"), ("amman", "25.1"), ("aqaba", "25.1"),
                                      ("damascus", "25.2")])
def test_25_israel_may_not_attack_the_treaty_cities(tag, rule):
    a = atk([u("a1", cs=4)], [u("d1", "arab", 3)], defender_tags=(tag,))
    assert _rules(a) == [rule]
    res = assess(a, CRT, CombatOptions(treaty_attacks=True))
    assert res.british_intervention_due and any("(25.3)" in s for s in res.steps)


def test_25_the_arab_league_may_attack_there():
    assert refusals(atk([u("a1", "arab", 4)], [u("d1", "israel", 3)], defender_tags=("amman",))) == []


def test_26_1b_no_assault_table_in_the_mandate_period():
    a = atk([u("a1", cs=4)], [u("d1", "arab", 3)], crt="assault", mandate=True)
    assert _rules(a) == ["26.1b"]
    assert assess(atk([u("a1", cs=4)], [u("d1", "arab", 3)], mandate=True), CRT).table == "raid"


def test_26_1d_israeli_commandos_may_not_attack_towns_outside_palestine_in_the_mandate():
    a = atk([u("c1", cs=2, type="commando", size="battalion")], [u("d1", "arab", 3)], mandate=True,
            defender_country="Egypt", defender_settlement="town")
    assert _rules(a) == ["26.1d"]
    a = atk([u("i1", cs=2, size="battalion")], [u("d1", "arab", 3)], mandate=True,
            defender_country="Egypt", defender_settlement="town")
    assert refusals(a) == []   # 26.1c: other Israeli units may attack across the border


def test_refusal_raised_before_any_die():
    with pytest.raises(IllegalActionError) as e:
        resolve(atk([u("a1", cs=2, paren=True)], [u("d1", "arab", 3)]), CRT, Recorder(NoChance()))
    assert e.value.rule == "1.4a" and "(1.4a)" in e.value.message


# ----------------------------------------------------------------------------------------------------
# 11.3 the CRT choice, 29.2 the optional commando/guerrilla rule
# ----------------------------------------------------------------------------------------------------


def test_11_3_the_attacker_chooses_the_table():
    res = resolve(atk([u("a1", cs=6)], [u("d1", "arab", 3)], crt="assault"), CRT, roll(1))
    assert (res.table, res.chooser) == ("assault", "attacker")
    assert res.result == CRT["assault"]["rows"]["1"][COLUMNS.index("2:1")]
    assert _rules(atk([u("a1", cs=6)], [u("d1", "arab", 3)], crt="melee")) == ["11.3"]


GUERRILLA = CombatOptions(guerrilla=True)


def _guerrilla_defence():
    return [u("g1", "arab", 2, type="guerrilla", size="battalion", nat="aas", hex="0202"),
            u("g2", "arab", 2, type="commando", size="battalion", nat="aas", hex="0202")]


def test_29_2b_the_defender_chooses_when_all_three_conditions_hold():
    a = atk([u("a1", cs=6), u("c1", cs=2, type="commando", size="battalion")], _guerrilla_defence(),
            population_near=True, crt="raid", crt_named_by="defender")
    assert crt_chooser(a, GUERRILLA)[0] == "defender"
    assert refusals(a, GUERRILLA) == []
    wrong = atk(a.attackers, a.defenders, population_near=True, crt="assault")
    assert _rules(wrong, GUERRILLA) == ["29.2b"]
    assert crt_chooser(a)[0] == "attacker"    # optional rule not in use


def test_29_2b_the_attacker_chooses_without_a_friendly_settlement_or_with_half_guerrillas():
    a = atk([u("a1", cs=6)], _guerrilla_defence(), population_near=False)
    assert crt_chooser(a, GUERRILLA)[0] == "attacker"
    half = atk([u("a1", cs=4), u("mp", cs=4, type="military_police", size="battalion")], _guerrilla_defence(),
               population_near=True)
    assert crt_chooser(half, GUERRILLA)[0] == "attacker"
    mixed = atk([u("a1", cs=6)], _guerrilla_defence() + [u("i", "arab", 2, size="battalion", hex="0202")],
                population_near=True)
    assert crt_chooser(mixed, GUERRILLA)[0] == "attacker"


def test_29_2b_ruling_share_counted_in_cs_or_in_units():
    a = atk([u("a1", cs=6), u("c1", cs=1, type="commando", size="battalion")], _guerrilla_defence(),
            population_near=True)
    assert crt_chooser(a, GUERRILLA)[0] == "defender"              # 1 of 7 CS
    units = CombatOptions(guerrilla=True, rulings={"R-29.2b": "units"})
    assert crt_chooser(a, units)[0] == "attacker"                  # 1 of 2 units


def test_29_2a_all_commando_attack_cancels_rough_but_not_other_terrain():
    comm = [u("c1", cs=6, type="commando", size="battalion"), u("c2", cs=3, type="commando", size="battalion")]
    terrain = (TerrainEntry("rough", 1), TerrainEntry("town", 1))
    res = assess(atk(comm, [u("d1", "arab", 3)], terrain=terrain, hexsides={"0101": (TerrainEntry("river", 1),)}),
                 CRT, GUERRILLA)
    assert (res.defender_shifts, res.column) == (2, "1:1")
    assert any("every attacker is a commando/guerrilla unit (29.2a)" in s for s in res.steps)
    mixed = comm[:1] + [u("i1", cs=3, size="battalion")]
    assert assess(atk(mixed, [u("d1", "arab", 3)], terrain=terrain), CRT, GUERRILLA).defender_shifts == 2
    assert assess(atk(comm, [u("d1", "arab", 3)], terrain=terrain), CRT).defender_shifts == 2


# ----------------------------------------------------------------------------------------------------
# 31 fanaticism (optional; ruling R-31.2b)
# ----------------------------------------------------------------------------------------------------

FANATIC = CombatOptions(fanaticism=True)


def test_31_2a_fanaticism_shifts_one_in_favour_and_costs_the_battalions():
    a = atk([u("a1", cs=6), u("b1", cs=3, size="battalion")], [u("d1", "arab", 3)],
            fanatic_attacker=True, attacker_vp=10)
    res = assess(a, CRT, FANATIC)
    assert (res.column, res.vp_cost) == ("4:1", {"israel": 4})


def test_31_2a_both_declare_the_shifts_cancel_both_pay():
    a = atk([u("a1", cs=6)], [u("d1", "arab", 3, nat="transjordan", type="mechanized")],
            fanatic_attacker=True, attacker_vp=5, fanatic_defender=True, defender_vp=5)
    res = assess(a, CRT, FANATIC)
    assert (res.column, res.vp_cost) == ("2:1", {"israel": 3, "arab": 2})   # 5.2: 2 recon battalions


def test_31_fanaticism_needs_the_option_and_the_vp():
    a = atk([u("a1", cs=6)], [u("d1", "arab", 3)], fanatic_attacker=True, attacker_vp=2)
    assert _rules(a) == ["31"]
    (r,) = refusals(a, FANATIC)
    assert r.rule == "31.2b" and "costs the attacker 3 VP" in r
    assert fanaticism_cost(a, "attacker", CombatOptions(fanaticism=True, rulings={"R-31.2b": "both"})) == 6


# ----------------------------------------------------------------------------------------------------
# 11.2b5 the roll and the lookup
# ----------------------------------------------------------------------------------------------------


def test_11_2b5_the_die_comes_from_the_chance_object_and_is_looked_up():
    chance = roll(5)
    res = resolve(atk([u("a1", cs=9)], [u("d1", "arab", 3)]), CRT, chance)
    assert res.roll == 5 and res.column == "3:1"
    code = CRT["raid"]["rows"]["5"][COLUMNS.index("3:1")]
    assert (res.result, res.meaning) == (code, TEST_KEY[code])
    assert chance.outcomes == [{"kind": "d6", "label": "combat at 0202: raid table, column 3:1", "value": 5}]
    assert res.steps[-1].startswith("die 5 on the Raid table, column 3:1:") and "(11.2b5, 11.5)" in res.steps[-1]
    assert res.to_dict()["result"] == code


def test_11_2b5_a_preview_stops_at_the_die():
    with pytest.raises(ChanceRequested):
        resolve(atk([u("a1", cs=9)], [u("d1", "arab", 3)]), CRT, Recorder(NoChance()))


def test_crt_table_checks_the_pack_format():
    assert crt_table(CRT, "raid")["columns"] == COLUMNS
    bad = {"raid": {**_table(0), "rows": {**_table(0)["rows"], "6": ["T-A"]}}}
    with pytest.raises(ValueError, match="row 6"):
        crt_table(bad, "raid")
    bad = {"raid": {**_table(0), "key": {"T-A": "x"}}}
    with pytest.raises(ValueError, match="not in its key"):
        crt_table(bad, "raid")
    bad = {"raid": {**_table(0), "columns": list(reversed(COLUMNS))}}
    with pytest.raises(ValueError, match="increasing"):
        crt_table(bad, "raid")


def test_11_2b4_odds_missing_from_a_table_use_the_next_lower_column():
    short = {"raid": {"columns": ["1:1", "3:1"], "rows": {str(r): ["D1", "D1"] for r in range(1, 7)},
                      "key": {"D1": "test"}}}
    res = assess(atk([u("a1", cs=4)], [u("d1", "arab", 2)]), short)
    assert res.column == "1:1" and any("no 2:1 column" in s for s in res.steps)


# ----------------------------------------------------------------------------------------------------
# Applying results: 13.3/13.4 breaks, 19.5 non-combat units, 5.6 splitting for a D1
# ----------------------------------------------------------------------------------------------------


def test_13_3_a_break_flips_the_unit():
    b = break_unit(u("a1", cs=6, back=3))
    assert b.broken and b.cs == 3


def test_13_4_a_second_break_from_combat_or_zoc_retreat_eliminates():
    broken = u("a1", cs=6, broken=True)
    assert break_unit(broken) is None
    assert break_unit(broken, "retreat_zoc") is None
    assert break_unit(broken, "overstack") is broken     # 8.1b: stays broken


def test_19_5c_non_combat_units_cannot_be_broken():
    with pytest.raises(IllegalActionError) as e:
        break_unit(leader("allon"))
    assert e.value.rule == "19.5c"


def test_19_5b_when_every_combat_unit_goes_the_non_combat_units_go_too():
    hex_units = [u("d1", "arab", 3, broken=True), leader("x", "arab"), supply("s", "arab")]
    out = apply_breaks(hex_units, ["d1"])
    assert out.units == () and [x.id for x in out.eliminated] == ["d1", "x", "s"]
    assert any("(19.5b)" in s for s in out.steps)
    out = apply_breaks([u("d1", "arab", 3), leader("x", "arab")], ["d1"])
    assert [x.id for x in out.units] == ["d1", "x"] and out.units[0].broken


def test_5_6_d1_taken_by_splitting_a_brigade_and_breaking_one_battalion():
    bde = u("golani", cs=6, hex="0202")
    bns = [u(f"bn{i}", cs=2, size="battalion", hex="") for i in range(3)]
    out = take_break([bde, leader("allon", hex="0202")], "golani", split_into=bns, break_id="bn1")
    assert [x.id for x in out.units] == ["bn0", "bn1", "bn2", "allon"]
    assert [x.broken for x in out.units[:3]] == [False, True, False]
    assert all(x.hex == "0202" for x in out.units[:3])
    assert out.steps[0].endswith("to take the loss (5.6)")


def test_5_3_a_broken_brigade_splits_into_broken_battalions_and_one_is_eliminated():
    bde = u("golani", cs=6, broken=True)
    bns = [u(f"bn{i}", cs=2, size="battalion") for i in range(3)]
    out = take_break([bde], "golani", split_into=bns, break_id="bn0")
    assert [x.id for x in out.eliminated] == ["bn0"]
    assert all(x.broken for x in out.units)


def test_d1_without_a_split_breaks_the_named_unit():
    out = take_break([u("d1", "arab", 4), u("d2", "arab", 4)], "d2")
    assert [x.broken for x in out.units] == [False, True]
    with pytest.raises(IllegalActionError):
        take_break([u("d1", "arab", 4)], "d9")


def test_5_2_a_split_follows_the_equivalences():
    mech = u("m", cs=6, type="mechanized")
    ok = [u("r", cs=2, type="recon", size="battalion"), u("i", cs=2, size="battalion"),
          u("c", cs=2, type="commando", size="battalion")]
    assert len(split_brigade(mech, ok)) == 3
    with pytest.raises(IllegalActionError) as e:
        split_brigade(mech, [u(f"i{i}", cs=2, size="battalion") for i in range(3)])
    assert e.value.rule == "5.2"
    tj = u("tj", "arab", 6, type="mechanized", nat="transjordan")
    regs = [u(f"r{i}", "arab", 3, type="reconnaissance", size="regiment", nat="transjordan") for i in range(2)]
    assert [x.type for x in split_brigade(tj, regs)] == ["recon", "recon"]


def test_5_4_and_5_5_split_nationality_and_underground_units():
    eg = u("eg", "arab", 6, nat="egypt")
    with pytest.raises(IllegalActionError) as e:
        split_brigade(eg, [u(f"s{i}", "arab", 2, size="battalion", nat="syria") for i in range(3)])
    assert e.value.rule == "5.4"
    with pytest.raises(IllegalActionError) as e:
        split_brigade(u("irg", cs=6, nat="irgun"), [u(f"b{i}", cs=2, size="battalion", nat="irgun") for i in range(3)])
    assert e.value.rule == "5.5"


# ----------------------------------------------------------------------------------------------------
# Records and rulings
# ----------------------------------------------------------------------------------------------------


def test_unit_from_a_plain_record():
    x = Unit.from_record({"id": "7", "side": "Arab League", "type": "Tank", "size": "brigade", "nationality": "Egypt",
                          "cs": 6, "back_cs": 3, "hex": "4012"})
    assert (x.side, x.type, x.nationality, x.cs, x.halves) == ("arab", "armor", "egypt", 6, 2)
    assert Unit.from_record(x.to_record()) == x
    with pytest.raises(InvalidActionError):
        Unit.from_record({"id": "8"})


def test_unit_from_a_pack_counter_with_its_state():
    counter = {"id": "eg-1", "side": "arab", "nationality": "egypt", "type": "infantry", "size": "brigade",
               "designation": "1st Egyptian", "front": {"cs": 5, "mf": 4}, "back": {"cs": 2, "paren": True, "mf": 2}}
    x = Unit.from_record({**counter, "broken": True, "hex": "4012"})
    assert (x.label, x.cs, x.paren, x.front_cs, x.hex) == ("1st Egyptian", 2, True, 5, "4012")
    br = Unit.from_record({"id": "br-1", "side": None, "nationality": "british", "type": "infantry",
                           "size": "battalion", "front": {"cs": 3, "mf": 4}, "back": None})
    assert br.side == "british"
    assert _rules(atk([u("a1", cs=8)], [u("d1", "arab", 3), br])) == ["27.5"]


def test_5_2_arab_commando_brigade_splits_into_guerrilla_battalions():
    bde = u("ala", "arab", 6, type="commando", nat="ala")
    bns = [u(f"g{i}", "arab", 2, type="guerrilla", size="battalion", nat="ala") for i in range(3)]
    assert [x.type for x in split_brigade(bde, bns)] == ["guerrilla"] * 3


def test_rulings_are_complete_and_their_choices_checked():
    for r in RULINGS:
        assert r["id"].startswith("R-") and r["rule"] and r["quotes"] and r["ruling"]
        if "alternatives" in r:
            assert r["default"] in r["alternatives"]
    with pytest.raises(InvalidActionError, match="R-20.5"):
        CombatOptions(rulings={"R-20.5": "back"}).ruling("R-20.5")
