"""The combat desk on a data pack (the test pack: made-up values, TEST DATA, not the game's): the counters of the
mix (1.4a, 11.0, 19.5, 27), the TEC's shifts (11.2c1, 11.8, 29.2a), leaders' 50% (20.5), the result read on the
pack's CRT with its key (11.2b5, 11.5), the advance it opens (11.6a, 12.4a), one attack a unit a phase (11.1a)."""

from __future__ import annotations

from engine.games.first_arab_israeli_war import packs

from .desk_helpers import attack, desk, legal, log_text, orders, refusal

CRT = packs.TEST_PACK.crt


def test_11_2b5_the_result_is_read_on_the_packs_crt_with_its_key():
    s = desk(pack="test")
    step = attack(s, "arab", ["unit AL-egy-inf-bde-1", "unit AL-egy-inf-bde-2", "table raid"],
                  ["unit IL-inf-bn-1"], die=2)
    rec = s["attacks"][-1]
    assert (rec["attack"], rec["defence"], rec["column"]) == (10, 2, "5:1")
    code = CRT.raid.result("5:1", 2)
    assert (rec["roll"], rec["result"], rec["meaning"]) == (2, code, CRT.raid.key[code])
    assert f"die 2: {code}, {CRT.raid.key[code]}" in log_text(step)


def test_13_2_a_broken_counter_attacks_and_defends_with_its_back():
    s = desk(pack="test")
    attack(s, "arab", ["unit AL-egy-inf-bde-1", "broken", "table raid"], ["unit IL-inf-bde-1", "broken"])
    rec = s["attacks"][-1]
    assert (rec["attack"], rec["defence"]) == (2, 2)
    orders(s, "arab", "attack", "unit AL-egy-inf-bde-2", "broken")
    assert refusal(s, "arab", "broken").rule == "13.2"


def test_1_4a_a_parenthesized_unit_cannot_attack_but_defends():
    s = desk(pack="test")
    orders(s, "arab", "pass")
    orders(s, "israel", "attack")
    assert "IL-militia-1" not in legal(s, "israel")["unit"]
    e = refusal(s, "israel", "unit IL-militia-1")
    assert e.rule == "1.4a" and "parentheses" in e.message
    orders(s, "israel", "unit IL-stern-1")
    e = refusal(s, "israel", "broken")
    assert e.rule == "1.4a"
    orders(s, "israel", "table raid", "roll")
    assert "AL-aas-militia-1" in legal(s, "arab")["unit"]


def test_11_0_27_19_5_who_may_be_named():
    s = desk(pack="test")
    orders(s, "arab", "attack")
    assert refusal(s, "arab", "unit IL-inf-bn-1").rule == "11.0"
    assert refusal(s, "arab", "unit BR-inf-1").rule == "27.2"
    assert refusal(s, "arab", "unit AL-ldr-el-tel").rule == "20.2"
    supply = next(c for c, x in packs.TEST_PACK.counters.items() if x.side == "arab" and x.type == "supply")
    assert refusal(s, "arab", f"unit {supply}").rule == "14.3b"
    air = next(c for c, x in packs.TEST_PACK.counters.items() if x.side == "arab" and x.type == "air")
    assert refusal(s, "arab", f"unit {air}").rule == "11.0"
    orders(s, "arab", "unit AL-egy-inf-bn-1", "table raid", "roll")
    assert refusal(s, "israel", "unit BR-inf-1").rule == "27.5"
    assert refusal(s, "israel", "unit AL-egy-inf-bn-2").rule == "11.0"


def test_11_1a_a_unit_attacks_once_while_its_side_holds_the_desk():
    s = desk(pack="test")
    attack(s, "arab", ["unit AL-egy-inf-bn-1", "table raid"], ["unit IL-inf-bn-1"])
    orders(s, "arab", "attack")
    assert "AL-egy-inf-bn-1" not in legal(s, "arab")["unit"]
    e = refusal(s, "arab", "unit AL-egy-inf-bn-1")
    assert e.rule == "11.1a" and "R-11.1a-desk" in e.message
    orders(s, "arab", "cancel", "pass")
    orders(s, "israel", "pass")
    orders(s, "arab", "attack")
    assert "AL-egy-inf-bn-1" in legal(s, "arab")["unit"]


def test_11_1a_a_unit_is_named_once_in_a_combat():
    s = desk(pack="test")
    orders(s, "arab", "attack", "unit AL-egy-inf-bn-1")
    assert refusal(s, "arab", "unit AL-egy-inf-bn-1").rule == "11.1a"


def test_8_2_two_brigades_from_a_hex_with_counters():
    s = desk(pack="test")
    orders(s, "arab", "attack", "unit AL-egy-inf-bde-1", "unit AL-syr-inf-bde-1")
    assert "unit" not in legal(s, "arab")
    e = refusal(s, "arab", "unit AL-egy-inf-bn-1")
    assert e.rule == "8.2"


def test_11_2c1_the_tec_shift_of_the_terrain_and_of_a_hexside_crossed_from_every_hex():
    s = desk(pack="test")
    attack(s, "arab", ["unit AL-egy-inf-bde-1", "from 2", "unit AL-egy-inf-bde-2", "terrain rough", "terrain river",
                       "table raid"], ["unit IL-inf-bn-1"])
    rec = s["attacks"][-1]
    assert (rec["base_column"], rec["defender_shifts"], rec["column"]) == ("5:1", 2, "3:1")
    assert [x["rule"] for x in rec["shifts"]] == ["11.2c1", "11.2c1"]


def test_11_2c1_one_hex_terrain_and_each_feature_once():
    s = desk(pack="test")
    orders(s, "arab", "attack", "terrain rough")
    assert "clear" not in legal(s, "arab")["terrain"] and "river" in legal(s, "arab")["terrain"]
    assert refusal(s, "arab", "terrain clear").rule == "11.2c1"
    assert refusal(s, "arab", "terrain rough").rule == "11.2c1"


def test_11_8_no_attack_into_or_across_sea_or_lake():
    s = desk(pack="test")
    orders(s, "arab", "attack")
    assert "all_sea" not in legal(s, "arab")["terrain"]
    for name in ("all_sea", "lake"):
        e = refusal(s, "arab", f"terrain {name}")
        assert e.rule == "11.8" and "all-sea or all-lake" in e.message


def test_11_2c_ruling_a_sixth_shift_from_the_tec_is_refused():
    s = desk(pack="test")
    orders(s, "arab", "attack", "unit AL-egy-inf-bn-1", "terrain mountain", "terrain river", "terrain cliff",
           "invasion")
    assert legal(s, "arab")["terrain"] == ["wadi"]   # the only shift left: none (a test value)
    assert refusal(s, "arab", "terrain cliff").rule == "11.2c1"
    orders(s, "arab", "table raid", "roll")
    assert "entrench" not in legal(s, "israel")
    assert refusal(s, "israel", "entrench").rule == "11.2c"


def test_20_5a_an_israeli_leader_needs_half_the_cs_from_haganah_palmach():
    s = desk(pack="test")
    orders(s, "arab", "pass")
    attack(s, "israel", ["unit IL-irgun-1", "unit IL-irgun-2", "unit IL-inf-bn-1", "leader IL-ldr-allon",
                         "table raid"], ["unit AL-egy-inf-bn-1"])
    rec = s["attacks"][-1]
    assert rec["attacker_shifts"] == 0 and any("20.5a" in x for x in rec["steps"])
    attack(s, "israel", ["unit IL-inf-bn-2", "unit IL-irgun-3", "leader IL-ldr-allon", "table raid"],
           ["unit AL-egy-inf-bn-2"])
    assert s["attacks"][-1]["attacker_shifts"] == 1


def test_20_2_a_leader_must_be_a_friendly_leader():
    s = desk(pack="test")
    orders(s, "arab", "attack")
    assert legal(s, "arab")["leader"] == ["AL-ldr-abd-el-kader", "AL-ldr-el-tel"]
    e = refusal(s, "arab", "leader IL-ldr-allon")
    assert e.rule == "20.2"


def test_29_2a_an_all_guerrilla_attack_cancels_rough_terrain():
    s = desk(pack="test", optional={"29": True})
    attack(s, "arab", ["unit AL-aas-gue-1", "unit AL-aas-gue-2", "terrain rough", "table raid"],
           ["unit IL-inf-bn-1"])
    rec = s["attacks"][-1]
    assert (rec["defender_shifts"], rec["column"]) == (0, "1:1")
    assert any("(29.2a)" in x for x in rec["steps"])
    s = desk(pack="test")
    attack(s, "arab", ["unit AL-aas-gue-1", "unit AL-aas-gue-2", "terrain rough", "table raid"],
           ["unit IL-inf-bn-1"])
    assert s["attacks"][-1]["column"] == "1:2"


def test_11_6a_israeli_recon_advances_two_hexes_from_may_1948():
    s = desk(pack="test", month="1948-05")
    orders(s, "arab", "pass")
    die = next(r for r in range(1, 7) if CRT.raid.effects[CRT.raid.result("7:1", r)].advance == "attacker")
    step = attack(s, "israel", ["unit IL-recon-bn-1", "unit IL-inf-bn-1", "table raid"], ["unit AL-sau-inf-1"],
                  die=die)
    text = log_text(step)
    assert "the attacker may advance" in text and "two hexes: IL-recon-bn-1 (11.6a2)" in text
    s = desk(pack="test", month="1948-04")
    orders(s, "arab", "pass")
    step = attack(s, "israel", ["unit IL-recon-bn-1", "unit IL-inf-bn-1", "table raid"], ["unit AL-sau-inf-1"],
                  die=die)
    assert "two hexes" not in log_text(step) and "one hex (11.6a1)" in log_text(step)


def test_12_4a_no_advance_after_an_invasion():
    s = desk(pack="test", month="1948-06")
    orders(s, "arab", "pass")
    die = next(r for r in range(1, 7) if CRT.raid.effects[CRT.raid.result("6:1", r)].advance == "attacker")
    step = attack(s, "israel", ["unit IL-recon-bn-1", "unit IL-inf-bde-1", "invasion", "table raid"],
                  ["unit AL-sau-inf-1"], die=die)
    assert "no advance after an invasion (12.4a)" in log_text(step)


def test_13_3_the_owner_chooses_the_breaks():
    s = desk(pack="test")
    die = next(r for r in range(1, 7) if CRT.raid.effects[CRT.raid.result("1:1", r)].attacker_breaks)
    step = attack(s, "arab", ["unit AL-egy-inf-bn-1", "table raid"], ["unit IL-inf-bn-1"], die=die)
    assert "the attacker chooses the 1 unit that breaks" in log_text(step)
