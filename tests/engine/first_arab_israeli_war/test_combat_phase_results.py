"""Combat results (11.5-11.7, 13.3-13.4, 5.6, 9.5c, 19.1b, 19.5, 20.4, 8.1, 26.1c) on the test pack's CRTs (made-up
data), with fixed dice. The Egyptian 1st brigade (CS 5) in 0304 attacks 0303 (clear); the Raid and Assault
tables' 2:1 column: Assault 1 D1, 2 DR, 3 EX, 6 AE; Raid 3 AR."""

from __future__ import annotations

from engine.games.first_arab_israeli_war import units

from .faiw_combat_helpers import combat_position, legal, log_of, play, who
from .faiw_helpers import put


def _fight(defenders=("IL-inf-bn-1",), broken=(), month=None, side="arab"):
    s = combat_position(side, month=month)
    put(s, "AL-egy-inf-bde-1", "0304")
    for d in defenders:
        put(s, d, "0303", broken=d in broken)
    return s


def _attack(s, table, roll):
    return play(s, "attack 0303", "with AL-egy-inf-bde-1", (f"table {table}", [roll]))


def test_13_3_d1_the_defender_breaks_the_unit_he_names():
    s = _fight(defenders=("IL-inf-bn-1", "IL-cdo-bn-1"))  # 5 against 4: 1:1
    s["supply"]["arab"]["0304"] = 1
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "table assault", ("double 0304", [1]))  # 10:4, 2:1; 1: D1
    assert who(s) == "israel" and legal(s, "israel") == {"break": ["IL-inf-bn-1", "IL-cdo-bn-1"]}
    text = log_of(play(s, "break IL-cdo-bn-1"))
    assert "IL-cdo-bn-1 was broken in 0303" in text and "(13.3)" in text
    assert s["units"]["IL-cdo-bn-1"]["broken"] and not s["units"]["IL-inf-bn-1"]["broken"]


def test_13_4_a_broken_unit_broken_again_is_eliminated_and_scores():
    s = _fight(broken=("IL-inf-bn-1",))  # 5 against 1: 5:1
    vp = s["vp"]["arab"]
    text = log_of(_attack(s, "assault", 3))  # 5:1 Assault, 3: D1 (one unit: no choice)
    assert "already broken, was broken again in 0303 and eliminated" in text
    assert s["units"]["IL-inf-bn-1"]["status"] == "eliminated"
    assert s["vp"]["arab"] >= vp


def test_5_6_a_brigade_splits_to_take_a_break():
    s = _fight(defenders=("IL-inf-bde-1",))  # 5 against 5: 1:1
    put(s, "AL-egy-inf-bn-1", "0204")
    put(s, "AL-egy-armor-1", "0204")  # 10 against 5: 2:1
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "with AL-egy-inf-bn-1", "with AL-egy-armor-1",
         ("table assault", [1]))  # D1
    assert legal(s, "israel") == {"break": ["IL-inf-bde-1"], "split": ["IL-inf-bde-1"]}
    text = log_of(play(s, "split IL-inf-bde-1"))
    assert "split IL-inf-bde-1 in 0303 into" in text and "(5.6)" in text
    bns = [c for c in units.at(s, "0303")]
    assert len(bns) == 3 and s["units"]["IL-inf-bde-1"]["status"] == "pool"
    # three identical battalions: which one breaks is no choice (R-4.6-alike)
    assert sorted(s["units"][c]["broken"] for c in bns) == [False, False, True]


def test_11_6b_retreat_chosen_by_the_owner_and_9_5c_an_enemy_zoc_breaks():
    s = _fight()
    _attack(s, "assault", 2)  # DR
    options = legal(s, "israel")["retreat"]
    assert "IL-inf-bn-1 0302" in options and "IL-inf-bn-1 0404" in options  # 0304's brigade's ZOC covers 0404
    assert "IL-inf-bn-1 0304" not in options  # never into enemy units (9.5c)
    text = log_of(play(s, "retreat IL-inf-bn-1 0404"))
    assert "retreated from 0303 to 0404 and was broken" in text and "(9.5c, 13.3)" in text
    assert s["units"]["IL-inf-bn-1"] == {"status": "map", "at": "0404", "broken": True}


def test_19_5a_non_combat_units_retreat_with_the_stack_and_supply_in_zoc_is_lost():
    s = _fight(defenders=("IL-inf-bn-1", "IL-ldr-allon"))  # the leader shifts 1 left: 2:1 -> 1:1
    s["supply"]["israel"]["0303"] = 1
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "table assault", ("done", [1]))  # Israel keeps its supply; 1:1, 1: DR
    assert who(s) == "israel"
    opts = legal(s, "israel")["retreat"]
    assert any(o.startswith("IL-ldr-allon ") for o in opts) and any(o.startswith("supply@0303 ") for o in opts)
    play(s, "retreat supply@0303 0404")  # into the brigade's ZOC: eliminated (19.5a)
    assert s["supply"]["israel"] == {}
    play(s, "retreat IL-ldr-allon 0404", "retreat IL-inf-bn-1 0302")
    assert s["units"]["IL-ldr-allon"]["at"] == "0404" and not s["units"]["IL-inf-bn-1"]["broken"]


def test_19_5b_when_every_combat_unit_is_eliminated_the_non_combat_units_go_too():
    s = _fight(defenders=("IL-inf-bn-1", "IL-ldr-allon"))
    s["supply"]["arab"]["0304"] = 1
    s["supply"]["israel"]["0303"] = 1
    put(s, "AL-egy-inf-bn-1", "0204")
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "with AL-egy-inf-bn-1", "table assault", "double 0304",
         ("done", [1]))  # 12 against 2: 6:1, the leader 1 left: 5:1 Assault, 1: D2 -> both breaks on the battalion
    assert s["units"]["IL-inf-bn-1"]["status"] == "eliminated"
    assert s["units"]["IL-ldr-allon"]["status"] == "out" and s["supply"]["israel"] == {}  # 19.5b, 20.6


def test_11_6a_the_attacker_advances_into_the_vacated_hex():
    s = _fight()
    _attack(s, "assault", 2)  # DR
    play(s, "retreat IL-inf-bn-1 0302")
    assert who(s) == "arab" and legal(s, "arab") == {"advance": ["AL-egy-inf-bde-1 0303"], "done": []}
    text = log_of(play(s, "advance AL-egy-inf-bde-1 0303"))
    assert "advanced after combat from 0304 to 0303 (11.6a)" in text
    assert s["units"]["AL-egy-inf-bde-1"]["at"] == "0303"


def test_11_6a2_israeli_recon_advances_two_hexes_from_may_1948():
    s = combat_position("israel")
    put(s, "IL-recon-bn-1", "0303")
    put(s, "IL-mech-bde-1", "0303")
    put(s, "AL-aas-gue-1", "0304")
    play(s, "attack 0304", "with IL-recon-bn-1", "with IL-mech-bde-1", ("table assault", [2]))  # 8:1 -> 7:1, 2: DE
    opts = legal(s, "israel")["advance"]
    assert "IL-recon-bn-1 0304" in opts and "IL-recon-bn-1 0304-0405" in opts
    assert "IL-mech-bde-1 0304-0405" in opts  # mechanized: a fast type too (11.6a2)
    play(s, "advance IL-recon-bn-1 0304-0405", "done")
    assert s["units"]["IL-recon-bn-1"]["at"] == "0405" and s["units"]["IL-mech-bde-1"]["at"] == "0303"


def test_11_5_ae_eliminates_the_attackers_and_ar_retreats_them():
    s = _fight()
    vp = s["vp"]["israel"]
    _attack(s, "assault", 6)  # AE
    assert s["units"]["AL-egy-inf-bde-1"]["status"] == "eliminated" and s["vp"]["israel"] >= vp
    s = _fight()
    _attack(s, "raid", 3)  # AR
    assert who(s) == "arab" and all(o.startswith("AL-egy-inf-bde-1 ") for o in legal(s, "arab")["retreat"])
    play(s, "retreat AL-egy-inf-bde-1 0405")
    assert s["units"]["AL-egy-inf-bde-1"]["at"] == "0405"


def test_11_7_a_unit_retreated_into_a_hex_attacked_later_defends_again():
    s = _fight()
    put(s, "AL-egy-inf-bde-2", "0403")  # next to 0302 and 0303
    play(s, "attack 0303", "with AL-egy-inf-bde-1", "done", ("table assault", [2]))  # DR
    play(s, "retreat IL-inf-bn-1 0302", "done")  # no advance
    assert "0302" in legal(s, "arab")["attack"]
    text = log_of(play(s, "attack 0302", "with AL-egy-inf-bde-2", ("table assault", [6])))
    assert "defenders in 0302: 1/Inf 1 = 1" in text  # the retreated battalion (broken by 0403's ZOC) defends again


def test_8_1b_the_stacking_check_ends_the_combat_phase():
    s = _fight()
    put(s, "AL-egy-inf-bde-2", "0304")
    put(s, "AL-egy-inf-bn-1", "0304")  # 2 1/2 brigades in 0304
    text = log_of(play(s, "end"))
    assert "more than two" in text and s["units"]["AL-egy-inf-bn-1"]["broken"]


def test_26_1c_an_israeli_unit_does_not_retreat_out_of_palestine_in_the_mandate():
    s = combat_position("arab", scenario="struggle")
    put(s, "AL-egy-inf-bde-1", "0304")
    put(s, "AL-egy-inf-bn-1", "0304")
    put(s, "IL-inf-bn-1", "0204")  # Gaza, on the Egyptian border
    play(s, "attack 0204", "with AL-egy-inf-bde-1", ("with AL-egy-inf-bn-1", [1]))  # 7:2, 3:1 Raid, 1: DR
    opts = legal(s, "israel")["retreat"]
    assert "IL-inf-bn-1 0203" in opts and "IL-inf-bn-1 0205" not in opts  # 0205 is Egypt (26.1c)
