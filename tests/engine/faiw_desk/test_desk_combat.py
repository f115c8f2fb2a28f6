"""The combat desk without a pack (engine.games.faiw_desk): strengths declared, the odds (11.2b), the caps
(11.2d), the shifts (11.2c with the five-shift cap; 12.3, 14.3, 15.3, 20.2, 31), the die thrown by the server
and the final column given for the umpire to read his CRT (ruling R-11.2b4-columns); the text's worked examples.
"""

from __future__ import annotations

import engine

from .desk_helpers import act, attack, desk, legal, log_text, orders, refusal


def _one(cs: int, size: str = "brigade") -> list[str]:
    return [f"strength {cs}", f"size {size}"]


def test_11_2c_example_4_to_1_leader_right_two_left_is_3_to_1():
    s = desk()
    step = attack(s, "arab", [*_one(8), "leader", "shift 2", "table raid"],
                  [*_one(2, "battalion")], die=4)
    rec = s["attacks"][-1]
    assert (rec["base_column"], rec["column"]) == ("4:1", "3:1")
    text = log_text(step)
    assert "odds 4:1" in text and "1 right (20.2)" in text and "2 left (11.2c1)" in text
    assert "column 3:1 on the Raid table; die 4" in text


def test_11_2d_example_10_to_1_with_two_left_is_5_to_1():
    s = desk()
    attack(s, "arab", [*_one(10), "shift 2", "table raid"], [*_one(1, "battalion")])
    rec = s["attacks"][-1]
    assert (rec["odds"], rec["base"], rec["column"]) == ("10:1", "7:1", "5:1")
    assert any("ruling R-11.2d" in x for x in rec["steps"])


def test_11_2d_worse_than_1_to_3_starts_from_1_to_3():
    s = desk()
    attack(s, "arab", [*_one(1, "battalion"), "table raid"], [*_one(5)])
    assert (s["attacks"][-1]["odds"], s["attacks"][-1]["column"]) == ("1:5", "1:3")


def test_11_2b_odds_14_against_5_fractions_ignored_is_2_to_1():
    s = desk()
    attack(s, "arab", [*_one(8), "from 2", *_one(6), "table raid"], [*_one(5)])
    rec = s["attacks"][-1]
    assert (rec["attack"], rec["defence"], rec["odds"], rec["column"]) == (14, 5, "2:1", "2:1")


def test_11_2b_odds_6_against_10_rounded_up_is_1_to_2():
    s = desk()
    attack(s, "arab", [*_one(6), "table raid"], [*_one(6), *_one(4)])
    assert s["attacks"][-1]["odds"] == "1:2"


def test_11_2b5_the_die_is_the_servers_and_the_umpire_reads_the_crt_without_a_pack():
    s = desk()
    step = attack(s, "arab", [*_one(9), "table assault"], [*_one(3)], die=6)
    assert [o["value"] for o in step.outcomes] == [6]
    assert step.outcomes[0]["label"] == "combat 1: The Arab League on the Assault table, column 3:1"
    rec = s["attacks"][-1]
    assert (rec["roll"], rec["result"], rec["table"]) == (6, None, "assault")
    assert "the umpire reads the result on his CRT (ruling R-11.2b4-columns)" in log_text(step)


def test_11_2c_ruling_a_sixth_shift_is_refused():
    s = desk(optional={"31": True})
    orders(s, "arab", "attack", *_one(9), "shift 4", "invasion", "table raid")
    assert "entrench" not in legal(s, "arab")
    orders(s, "arab", "roll")
    assert "entrench" not in legal(s, "israel") and "leader" not in legal(s, "israel")
    e = refusal(s, "israel", "entrench")
    assert e.rule == "11.2c" and "at most 5 count" in e.message and "R-11.2c-sixth" in e.message
    e = refusal(s, "israel", "fanaticism")
    assert e.rule == "11.2c"


def test_11_2c1_without_a_pack_the_shift_is_declared_zero_to_five():
    s = desk()
    orders(s, "arab", "attack")
    assert legal(s, "arab")["shift"] == ["0", "1", "2", "3", "4", "5"]
    act(s, "arab", "shift 1")
    e = refusal(s, "arab", "shift 2")
    assert e.rule == "11.2c1" and "declared already" in e.message
    e = refusal(s, "arab", "terrain rough")
    assert e.rule == "11.2c1" and "no TEC" in e.message


def test_15_3_entrenchment_one_column_left():
    s = desk()
    attack(s, "arab", [*_one(9), "table raid"], [*_one(3), "entrench"])
    rec = s["attacks"][-1]
    assert (rec["base_column"], rec["column"]) == ("3:1", "2:1")
    assert [x["rule"] for x in rec["shifts"]] == ["15.3"]
    orders(s, "arab", "attack", *_one(9), "table raid", "roll")
    act(s, "israel", "entrench")
    e = refusal(s, "israel", "entrench")
    assert e.rule == "15.1"


def test_12_3_invasion_one_column_left_and_12_2_one_hex():
    s = desk()
    attack(s, "arab", [*_one(9), "invasion", "table raid"], [*_one(3)])
    rec = s["attacks"][-1]
    assert rec["column"] == "2:1" and rec["invasion"] and rec["shifts"][-1]["rule"] == "12.3"
    orders(s, "arab", "attack", *_one(4), "invasion")
    assert "from" not in legal(s, "arab")
    assert refusal(s, "arab", "from 2").rule == "12.2"
    act(s, "arab", "cancel")
    orders(s, "arab", "attack", *_one(4), "from 2", *_one(4))
    e = refusal(s, "arab", "invasion")
    assert e.rule == "12.2" and "one hex" in e.message


def test_14_3b_one_supply_point_doubles_the_attackers_of_its_hex():
    s = desk()
    attack(s, "arab", [*_one(3, "battalion"), "double", "from 2", *_one(4), "table raid"], [*_one(7)])
    rec = s["attacks"][-1]
    assert (rec["attack"], rec["column"]) == (10, "1:1")
    assert rec["supply_spent"] == [["arab", "hex 1"]]


def test_14_3b_a_second_point_or_a_hex_without_attackers_is_refused():
    s = desk()
    orders(s, "arab", "attack")
    e = refusal(s, "arab", "double")
    assert e.rule == "14.3b" and "no unit attacks from hex 1" in e.message
    orders(s, "arab", *_one(3), "double")
    e = refusal(s, "arab", "double")
    assert e.rule == "14.3b" and "second adds nothing" in e.message


def test_14_3c_the_defenders_supply_doubles_the_defence():
    s = desk()
    attack(s, "arab", [*_one(16), "table raid"], [*_one(4), "double"])
    rec = s["attacks"][-1]
    assert (rec["defence"], rec["column"]) == (8, "2:1")
    assert ["israel", "the defended hex"] in rec["supply_spent"]


def test_20_2_defending_leader_one_left_and_20_2c_one_leader_a_side():
    s = desk()
    attack(s, "arab", [*_one(9), "leader", "table raid"], [*_one(3), "leader"])
    rec = s["attacks"][-1]
    assert (rec["attacker_shifts"], rec["defender_shifts"], rec["column"]) == (1, 1, "3:1")
    assert any("ruling R-20.5-desk" in x for x in rec["steps"])
    orders(s, "arab", "attack", *_one(3), "leader")
    e = refusal(s, "arab", "leader")
    assert e.rule == "20.2c"


def test_8_2_at_most_two_brigades_attack_from_a_hex():
    s = desk()
    orders(s, "arab", "attack", *_one(5), "strength 2")
    assert legal(s, "arab")["size"] == ["battalion", "brigade"]
    act(s, "arab", "size brigade")
    assert "strength" not in legal(s, "arab")
    e = refusal(s, "arab", "strength 3")
    assert e.rule == "8.2" and "at most 2 brigades" in e.message
    act(s, "arab", "from 2")
    assert "strength" in legal(s, "arab")


def test_8_2_a_brigade_over_the_cap_is_refused_a_battalion_fits():
    s = desk()
    orders(s, "arab", "attack", *_one(5), *_one(2, "battalion"), "strength 2")
    assert legal(s, "arab")["size"] == ["battalion"]
    assert refusal(s, "arab", "size brigade").rule == "8.2"


def test_8_2_the_defender_over_two_brigades_names_the_units_that_count():
    s = desk()
    orders(s, "arab", "attack", *_one(12), "table raid", "roll")
    orders(s, "israel", *_one(5), *_one(4), *_one(3))
    assert "roll" not in legal(s, "israel")
    e = refusal(s, "israel", "roll")
    assert e.rule == "8.2" and "names the units that count" in e.message
    assert legal(s, "israel")["count"] == ["d1", "d2", "d3"]
    orders(s, "israel", "count d1", "count d3")
    act(s, "israel", "roll", [2])
    rec = s["attacks"][-1]
    assert (rec["defence"], rec["odds"]) == (8, "1:1")


def test_11_1b_the_defender_declares_at_least_one_unit():
    s = desk()
    orders(s, "arab", "attack", *_one(3), "table raid", "roll")
    e = refusal(s, "israel", "roll")
    assert e.rule == "11.1b"


def test_11_3_the_table_is_chosen_before_the_roll_and_11_1a_one_unit_at_least():
    s = desk()
    orders(s, "arab", "attack")
    assert refusal(s, "arab", "roll").rule == "11.1a"
    orders(s, "arab", *_one(3))
    e = refusal(s, "arab", "roll")
    assert e.rule == "11.3" and "table raid or table assault" in e.message


def test_26_1b_assault_refused_in_the_mandate_period():
    s = desk(month="1948-02")
    orders(s, "arab", "attack")
    assert legal(s, "arab")["table"] == ["raid"]
    e = refusal(s, "arab", "table assault")
    assert e.rule == "26.1b" and "mandate period" in e.message
    s = desk(month="1948-05")
    orders(s, "arab", "attack")
    assert legal(s, "arab")["table"] == ["raid", "assault"]


def test_31_fanaticism_needs_optional_rule_31():
    s = desk()
    orders(s, "arab", "attack")
    e = refusal(s, "arab", "fanaticism")
    assert e.rule == "31" and "not in use" in e.message


def test_31_2a_fanaticism_one_column_and_its_cost_in_vp():
    s = desk(optional={"31": True})
    step = attack(s, "arab", [*_one(6), *_one(3, "battalion"), "fanaticism", "table raid"], [*_one(3)])
    rec = s["attacks"][-1]
    assert (rec["column"], rec["vp_cost"]) == ("4:1", {"arab": 4})
    assert "ruling R-31.2b-desk" in log_text(step)


def test_31_2a_both_declare_the_shifts_cancel_both_pay():
    s = desk(optional={"31": True})
    attack(s, "arab", [*_one(6), "fanaticism", "table raid"], [*_one(3), "fanaticism"])
    rec = s["attacks"][-1]
    assert rec["column"] == "2:1" and rec["vp_cost"] == {"arab": 3, "israel": 3}


def test_31_1_the_attacker_declares_fanaticism_once():
    s = desk(optional={"31": True})
    orders(s, "arab", "attack", "fanaticism")
    assert refusal(s, "arab", "fanaticism").rule == "31.1"


def test_11_1a_the_attacker_may_call_the_attack_off_before_the_defender_has_it():
    s = desk()
    orders(s, "arab", "attack", *_one(3))
    step = act(s, "arab", "cancel")
    assert "called off" in log_text(step) and s["flow"][-1]["p"] == "desk.session" and not s["attacks"]


def test_size_follows_a_strength():
    s = desk()
    orders(s, "arab", "attack", "strength 4")
    assert set(legal(s, "arab")) == {"size", "cancel"}
    e = refusal(s, "arab", "roll")
    assert e.rule == "8.2" and "size" in e.message
    act(s, "arab", "size battalion")
    assert refusal(s, "arab", "size brigade").rule == "8.2"


def test_the_log_line_gives_totals_odds_shifts_column_die():
    s = desk()
    step = attack(s, "arab", [*_one(8), "shift 1", "table raid"], [*_one(2, "battalion")], die=5)
    line = next(e["text"] for e in step.log if e["text"].startswith("Attack 1"))
    for words in ("8 against 2", "odds 4:1", "1 left (11.2c1)", "column 3:1", "die 5"):
        assert words in line, words
    assert engine.outcome(s) is None
