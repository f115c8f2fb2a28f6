"""The Combat phase (11.0-11.3, 8.2, 14.3b-c, 15.3, 19.2, 20.2, 21.1, 22.1b, 22.3, 25, 26.1b, 27.5, 29.2b, 31.0) on
the test pack (made-up data), with fixed dice: who may attack what, the declaration's steps, the refusals.

The standard fight: the Egyptian 1st brigade (CS 5) in 0304 attacks the Israeli 1st infantry battalion (CS 2)
in 0303 (clear): 5 against 2 is 2:1 (11.2b3a)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import units

from .faiw_combat_helpers import combat_position, legal, log_of, play, who
from .faiw_helpers import put


def _fight(**options):
    s = combat_position("arab", **options)
    put(s, "AL-egy-inf-bde-1", "0304")
    put(s, "IL-inf-bn-1", "0303")
    return s


def _refused(s, order, rule):
    with pytest.raises(IllegalActionError) as e:
        play(s, order)
    assert e.value.rule == rule, (str(e.value), e.value.rule)
    return str(e.value)


def test_11_1a_attack_lists_the_adjacent_enemy_hexes_and_the_units_that_may_join():
    s = _fight()
    put(s, "IL-inf-bn-2", "0202")  # adjacent to no Arab unit
    assert legal(s, "arab")["attack"] == ["0303"]
    play(s, "attack 0303")
    assert legal(s, "arab") == {"with": ["AL-egy-inf-bde-1"], "cancel": []}
    why = _refused(s, "with IL-inf-bn-2", "11.1a")
    assert "not a unit of the Arab League" in why


def test_11_1a_a_unit_attacks_once_a_phase_and_the_attack_can_be_called_off():
    s = _fight()
    put(s, "AL-egy-inf-bn-1", "0204")
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "cancel")
    assert legal(s, "arab")["attack"] == ["0303"]  # nothing spent: the brigade may still attack
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "done", ("table raid", [1]))  # 2:1, 1: NE
    play(s, "attack 0303")  # 11.1a: a hex may be attacked again, by other units
    assert legal(s, "arab")["with"] == ["AL-egy-inf-bn-1"]
    why = _refused(s, "with AL-egy-inf-bde-1", "11.1a")
    assert "already attacked" in why


def test_1_4a_parenthesized_and_19_5_non_combat_units_never_attack():
    s = _fight()
    units.place(s, "AL-egy-inf-bde-1", "0305")  # away
    put(s, "AL-aas-militia-1", "0304")  # CS (1): defends only
    put(s, "AL-ldr-el-tel", "0204")
    assert "attack" not in legal(s, "arab")
    why = _refused(s, "attack 0303", "11.1a")
    assert "parentheses" in why


def test_19_2_a_seen_stack_of_only_non_combat_units_cannot_be_attacked():
    s = _fight()
    units.place(s, "IL-inf-bn-1", "0203")
    put(s, "IL-ldr-allon", "0303")  # 0303 is next to the Arab village 0304: the Arab League sees it (21.3)
    s["supply"]["israel"]["0303"] = 1
    assert "attack" not in legal(s, "arab")
    assert "19.2" in _refused(s, "attack 0303", "19.2")


def test_19_2_a_hidden_stack_is_found_out_by_the_attack_and_not_attacked():
    s = combat_position("arab")
    put(s, "AL-egy-inf-bde-1", "0603")  # mountain next to 0604 (desert, no population near: hidden)
    put(s, "IL-ldr-allon", "0604")
    assert legal(s, "arab")["attack"] == ["0604"]
    steps = play(s, "attack 0604")
    assert "only non-combat units" in log_of(steps) and "(19.2)" in log_of(steps)
    assert "0604" in s["revealed"]["arab"]  # 21.1
    assert who(s) == "arab" and "attack" not in legal(s, "arab")


def test_27_5_a_hex_with_british_units_is_never_attacked():
    s = _fight()
    units.place(s, "IL-inf-bn-1", "0203")
    british = next(c for c, x in units.pack_of(s).counters.items() if x.side is None and x.type != "air")
    put(s, british, "0303")
    assert "attack" not in legal(s, "arab")
    assert "British" in _refused(s, "attack 0303", "27.5")


def test_25_1_israel_never_attacks_a_treaty_city_and_25_3_lets_it_with_the_flag():
    s = combat_position("israel")
    put(s, "IL-inf-bde-1", "0604")
    put(s, "AL-egy-inf-bn-1", "0605")  # Aqaba
    assert "attack" not in legal(s, "israel")
    assert "Aqaba" in _refused(s, "attack 0605", "25.1")
    s = combat_position("israel", optional={"25.3": True})
    put(s, "IL-inf-bde-1", "0604")
    put(s, "AL-egy-inf-bn-1", "0605")
    play(s, "attack 0605", "with IL-inf-bde-1", ("table raid", [1]))
    assert s["flags"]["treaty_attacked"] is True


def test_22_1b_no_attack_in_a_truces_first_turn():
    s = _fight()
    s["truce"] = {"from": s["month"], "until": s["month"]}
    assert "attack" not in legal(s, "arab")
    assert "truce" in _refused(s, "attack 0303", "22.1b")


def test_22_3_an_attack_after_the_truces_first_turn_violates_it():
    s = combat_position("arab", month="1948-06")
    put(s, "AL-egy-inf-bde-1", "0304")
    put(s, "IL-inf-bn-1", "0303")
    s["truce"] = {"from": "1948-05", "until": "1948-07"}
    vp = s["vp"]["israel"]
    play(s, "attack 0303")
    assert legal(s, "arab") == {"violate": [], "cancel": []}
    play(s, "violate", "with AL-egy-inf-bde-1")
    assert s["truce"] is not None  # not yet: the declaration is not made
    play(s, ("table raid", [1]))
    assert s["truce"] is None and s["vp"]["israel"] == vp + 10


def test_26_1b_raid_only_in_the_mandate_period():
    s = combat_position("arab", scenario="struggle")
    assert s["month"] == "1947-12"
    put(s, "AL-aas-gue-1", "0304")
    put(s, "IL-inf-bn-1", "0303")
    steps = play(s, "attack 0303", ("with AL-aas-gue-1", [1]))  # 1:2 raid, 1: AR
    assert "Raid table" in log_of(steps) and "(26.1b)" in log_of(steps)


def test_11_8_no_attack_across_a_lake_hexside():
    s = combat_position("arab")
    put(s, "AL-egy-inf-bde-1", "0704")  # 0704-0604 is a lake hexside
    put(s, "IL-inf-bn-1", "0604")
    assert "attack" not in legal(s, "arab")
    assert "adjacent to 0604 may attack it" in _refused(s, "attack 0604", "11.1a")


def test_8_2_at_most_two_brigades_attack_from_a_hex():
    s = _fight()
    put(s, "AL-egy-inf-bde-2", "0304")
    put(s, "AL-egy-inf-bn-1", "0304")
    play(s, "attack 0303", "with AL-egy-inf-bde-1")
    assert legal(s, "arab")["with"] == ["AL-egy-inf-bde-2", "AL-egy-inf-bn-1"]
    play(s, "with AL-egy-inf-bde-2")  # two brigades from 0304: the battalion cannot join (8.2)
    assert "with" not in legal(s, "arab")
    s = _fight()
    put(s, "AL-egy-inf-bde-2", "0304")
    put(s, "AL-egy-inf-bn-1", "0304")
    put(s, "AL-egy-inf-bn-2", "0204")
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "with AL-egy-inf-bde-2")
    assert legal(s, "arab")["with"] == ["AL-egy-inf-bn-2"]
    assert "at most two brigades attack from a hex" in _refused(s, "with AL-egy-inf-bn-1", "8.2")


def test_8_2_the_defender_names_the_units_that_count():
    s = _fight()
    put(s, "IL-inf-bde-1", "0303")
    put(s, "IL-inf-bde-2", "0303")  # 2 1/2 brigades in 0303
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "table raid")
    assert who(s) == "israel" and legal(s, "israel") == {"count": ["IL-inf-bde-1", "IL-inf-bn-1"]}
    play(s, "count IL-inf-bde-1")
    assert legal(s, "israel") == {"count": ["IL-inf-bde-2", "IL-inf-bn-1"]}
    text = log_of(play(s, ("count IL-inf-bn-1", [1])))  # 2 Inf no longer fits: the choice ends
    assert "beyond 2 brigades, 2 Inf count CS 0 in this combat but take its result (8.2)" in text
    assert "attack 5 against defence 7" in text


def test_14_3b_14_3c_supply_doubles_and_20_2_a_leader_shifts_one_column():
    s = _fight()
    put(s, "AL-egy-inf-bn-1", "0204")
    put(s, "IL-ldr-allon", "0303")
    s["supply"]["arab"]["0304"] = 1
    s["supply"]["israel"]["0303"] = 1
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "with AL-egy-inf-bn-1", "table assault", "double 0304")
    assert who(s) == "israel" and legal(s, "israel") == {"double": ["0303"], "done": []}
    text = log_of(play(s, ("double 0303", [5])))
    assert "doubled by one supply point to 10 (14.3b)" in text and "doubled by one supply point to 4 (14.3c)" in text
    assert "12 / 4 = 3.00" in text and "leader Allon with the defenders: 1 column left (20.2)" in text
    assert "column 2:1" in text and "A1" in text
    assert s["supply"] == {"arab": {}, "israel": {}}  # spent (14.2)


def test_11_2c1_terrain_and_15_3_entrenchment_shift_left():
    s = combat_position("arab")
    put(s, "AL-egy-inf-bde-1", "0503")
    put(s, "AL-egy-inf-bde-2", "0504")
    put(s, "IL-inf-bn-1", "0404")  # mountain: 2 left
    s["entrenched"]["0404"] = "israel"
    text = log_of(play(s, "attack 0404", "with AL-egy-inf-bde-1", "with AL-egy-inf-bde-2", ("table raid", [1])))
    assert "terrain mountain (TEC): 2 columns left" in text and "entrenchment marker" in text
    assert "5:1 with 3 columns left" in text and "column 2:1" in text


def test_21_1_the_combat_reveals_both_stacks_to_both_sides():
    s = _fight()
    play(s, "attack 0303", "with AL-egy-inf-bde-1", ("table raid", [1]))
    for side in ("arab", "israel"):
        assert {"0303", "0304"} <= set(s["revealed"][side])


def test_31_fanaticism_the_attacker_then_the_defender_each_paying_vp():
    s = _fight(optional={"31": True})
    vp = dict(s["vp"])
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "table raid")
    assert legal(s, "arab") == {"fanaticism": [], "done": []}
    play(s, "fanaticism")
    assert who(s) == "israel" and legal(s, "israel") == {"fanaticism": [], "done": []}
    text = log_of(play(s, ("fanaticism", [1])))
    assert "both declare fanaticism: the two shifts cancel out (31.2a)" in text
    assert s["vp"] == {"arab": vp["arab"] - 3, "israel": vp["israel"] - 1}  # 3 battalions, 1 battalion (31.2b)


def test_29_2b_the_defender_chooses_the_crt_for_guerrillas_at_home():
    s = combat_position("israel", optional={"29": True})
    put(s, "IL-inf-bde-1", "0303")
    put(s, "AL-aas-gue-1", "0304")  # an Arab village: the defender's own population
    play(s, "attack 0304", "with IL-inf-bde-1")
    assert who(s) == "arab" and legal(s, "arab") == {"table": ["raid", "assault"]}
    text = log_of(play(s, ("table raid", [6])))
    assert "the defender chooses (29.2b)" in text
