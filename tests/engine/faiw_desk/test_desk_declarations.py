"""The desk's declarations of the conditions a map would show: the defender's choice of the CRT under optional
29.2b (``population``, ``table``; ruling R-29.2b-desk), a truce in effect that the attack violates (``truce
violate``: 22.1b, 22.3, 22.4; ruling R-22.3-desk) and a city of the treaties (``treaty CITY``: 25.1-25.3; ruling
R-25.3-desk), resolved by the game's combat desk (``crt_chooser``, ``refusals``, ``assess``). The test pack's
values are made up (TEST DATA, not the game's)."""

from __future__ import annotations

import engine
from engine.games import faiw_desk

from .desk_helpers import act, desk, legal, log_text, orders, refusal

GUERRILLAS = ["unit AL-aas-gue-1", "unit AL-aas-gue-2"]


def _israel_attacks(s: dict, *attacker: str) -> None:
    """The Arab League passes the desk; Israel declares *attacker* on the Raid table and hands it over."""
    orders(s, "arab", "pass")
    orders(s, "israel", "attack", *attacker, "table raid", "roll")


# 29.2b: the defender's choice of the CRT --------------------------------------------------------------------


def test_29_2b_guerrillas_by_a_friendly_settlement_choose_the_table():
    s = desk(pack="test", optional={"29": True})
    _israel_attacks(s, "unit IL-inf-bn-1", "unit IL-inf-bn-2")
    orders(s, "arab", *GUERRILLAS)
    assert "table" not in legal(s, "arab")  # no friendly settlement declared: the attacker's table stands
    e = refusal(s, "arab", "table assault")
    assert e.rule == "11.3" and "not on or next to a non-terrorized settlement" in e.message
    orders(s, "arab", "population")
    assert legal(s, "arab")["table"] == ["raid", "assault"]
    assert "roll" not in legal(s, "arab")
    e = refusal(s, "arab", "roll")
    assert e.rule == "29.2b" and "the defender chooses (29.2b)" in e.message and "table raid or table assault" in e.message
    orders(s, "arab", "table assault")
    step = act(s, "arab", "roll", [4])
    rec = s["attacks"][-1]
    assert (rec["table"], rec["chooser"]) == ("assault", "defender")
    assert "on the Assault table (chosen by the defender, 29.2b)" in log_text(step)
    assert any("named by the defender" in x for x in rec["steps"])


def test_29_2b_half_the_attack_guerrilla_leaves_the_choice_to_the_attacker():
    s = desk(pack="test", optional={"29": True})
    _israel_attacks(s, "unit IL-cdo-bn-1", "unit IL-inf-bn-1")   # commando CS 2 of 4: 50% (ruling R-29.2b)
    orders(s, "arab", *GUERRILLAS, "population")
    assert "table" not in legal(s, "arab")
    e = refusal(s, "arab", "table assault")
    assert e.rule == "11.3" and "at least 50%" in e.message
    act(s, "arab", "roll", [2])
    assert (s["attacks"][-1]["table"], s["attacks"][-1]["chooser"]) == ("raid", "attacker")


def test_29_2b_every_defender_must_be_a_guerrilla_unit():
    s = desk(pack="test", optional={"29": True})
    _israel_attacks(s, "unit IL-inf-bn-1")
    orders(s, "arab", *GUERRILLAS, "population", "table assault", "unit AL-egy-inf-bn-1")
    assert "table" not in legal(s, "arab")   # the infantry battalion ends the defender's choice
    act(s, "arab", "roll", [2])
    rec = s["attacks"][-1]
    assert (rec["table"], rec["chooser"]) == ("raid", "attacker")
    assert any("not all the defenders are guerrilla units" in x for x in rec["steps"])


def test_29_2b_population_needs_the_optional_rule_and_a_pack():
    s = desk(pack="test")
    _israel_attacks(s, "unit IL-inf-bn-1")
    orders(s, "arab", *GUERRILLAS)
    assert "population" not in legal(s, "arab")
    e = refusal(s, "arab", "population")
    assert e.rule == "29.2b" and "optional rule 29" in e.message
    s = desk(optional={"29": True})
    orders(s, "arab", "attack", "strength 4", "size battalion", "table raid", "roll")
    e = refusal(s, "israel", "population")
    assert e.rule == "29.2b" and "without a data pack" in e.message and "R-29.2b-desk" in e.message
    s = desk(pack="test", optional={"29": True})
    _israel_attacks(s, "unit IL-inf-bn-1")
    orders(s, "arab", "population")
    assert refusal(s, "arab", "population").rule == "29.2b"


def test_29_2b_the_defenders_choice_is_his_until_the_die():
    s = desk(pack="test", optional={"29": True})
    _israel_attacks(s, "unit IL-inf-bn-1")
    step = act(s, "arab", GUERRILLAS[0])
    for line in (GUERRILLAS[1], "population", "table assault"):
        step = act(s, "arab", line)
        assert not step.log
    seen = engine.view(s, "israel")
    assert "defence" not in seen["declaring"]
    assert engine.view(s, "arab")["declaring"]["defence"]["table"] == "assault"


# 22.1b, 22.3, 22.4: truces ----------------------------------------------------------------------------------


def test_22_3_an_attack_that_violates_the_truce_ends_it_and_gives_the_other_side_10_vp():
    s = desk(month="1948-07")
    orders(s, "arab", "attack", "strength 6", "size brigade", "truce violate", "table raid", "roll")
    assert "a violation of the truce in effect (22.3)" in engine.prompt(s, "israel")["text"]
    orders(s, "israel", "strength 3", "size battalion")
    step = act(s, "israel", "roll", [5])
    rec = s["attacks"][-1]
    assert rec["truce_broken"] is True and rec["vp_award"] == {"israel": 10}
    text = log_text(step)
    assert "The attack violated the truce: it ended, Israel gains 10 VP (22.3)." in text
    assert "ruling R-22.3-desk" in text


def test_22_1b_a_truce_in_the_turn_it_took_effect_forbids_every_attack():
    s = desk(month="1948-07")
    orders(s, "arab", "attack", "strength 6", "size brigade")
    e = refusal(s, "arab", "truce first")
    assert e.rule == "22.1b" and "a truce took effect this turn" in e.message
    assert "cancel" in e.message and "truce violate" in e.message
    assert legal(s, "arab")["truce"] == ["violate"]


def test_22_3_the_violation_is_declared_once():
    s = desk(month="1948-07")
    orders(s, "arab", "attack", "truce violate")
    assert "truce" not in legal(s, "arab")
    assert refusal(s, "arab", "truce violate").rule == "22.3"


def test_22_4_no_truce_before_june_1948():
    s = desk(month="1948-05")
    orders(s, "arab", "attack")
    assert "truce" not in legal(s, "arab")
    e = refusal(s, "arab", "truce violate")
    assert e.rule == "22.4" and "June 1948" in e.message


def test_22_1b_no_invasion_violates_a_truce():
    s = desk(month="1948-08")
    orders(s, "arab", "attack", "truce violate")
    assert "invasion" not in legal(s, "arab")
    e = refusal(s, "arab", "invasion")
    assert e.rule == "22.1b" and "R-12.2-force" in e.message
    s = desk(month="1948-08")
    orders(s, "arab", "attack", "invasion")
    assert "truce" not in legal(s, "arab")
    assert refusal(s, "arab", "truce violate").rule == "22.1b"


# 25.1-25.3: the treaty cities -------------------------------------------------------------------------------


def test_25_1_25_2_israel_never_attacks_a_treaty_city_without_rule_25_3():
    s = desk()
    orders(s, "arab", "pass")
    orders(s, "israel", "attack", "strength 6", "size brigade")
    assert "treaty" not in legal(s, "israel")
    e = refusal(s, "israel", "treaty amman")
    assert e.rule == "25.1" and "may never attack Amman" in e.message and "by air" in e.message
    e = refusal(s, "israel", "treaty damascus")
    assert e.rule == "25.2" and "Damascus" in e.message
    e = refusal(s, "israel", "treaty jerusalem")
    assert e.rule == "25.1" and "el_arish, aqaba, amman, damascus" in e.message


def test_25_3_with_the_optional_rule_israel_attacks_and_the_british_are_due():
    s = desk(optional={"25.3": True})
    orders(s, "arab", "pass")
    orders(s, "israel", "attack", "strength 6", "size brigade")
    assert legal(s, "israel")["treaty"] == ["el_arish", "aqaba", "amman", "damascus"]
    orders(s, "israel", "treaty aqaba", "table raid", "roll")
    assert "treaty" not in engine.legal_actions(s, "arab")
    orders(s, "arab", "strength 2", "size battalion")
    step = act(s, "arab", "roll", [1])
    rec = s["attacks"][-1]
    assert rec["british_intervention_due"] is True
    assert "the Arab League rolls a die for British units in its next Reinforcement phase (25.3)" in log_text(step)


def test_25_1_the_treaties_bind_israel_only():
    s = desk(optional={"25.3": True})
    orders(s, "arab", "attack")
    assert "treaty" not in legal(s, "arab")
    e = refusal(s, "arab", "treaty amman")
    assert e.rule == "25.1" and "bind Israel only" in e.message


def test_the_declarations_are_in_the_desks_order_help():
    forms = {o.form for o in faiw_desk.DEFINITION.orders}
    assert {"truce violate", "treaty CITY", "population", "table raid|assault"} <= forms
    words = [o.word for o in faiw_desk.DEFINITION.orders]
    assert len(words) == len(set(words))


def test_29_2b_26_1b_in_the_mandate_period_the_defenders_choice_is_the_raid_table():
    s = desk(pack="test", month="1948-02", optional={"29": True})
    _israel_attacks(s, "unit IL-inf-bn-1")
    orders(s, "arab", *GUERRILLAS, "population")
    assert legal(s, "arab")["table"] == ["raid"] and "roll" in legal(s, "arab")
    e = refusal(s, "arab", "table assault")
    assert e.rule == "26.1b"
    act(s, "arab", "roll", [3])
    assert (s["attacks"][-1]["table"], s["attacks"][-1]["chooser"]) == ("raid", "defender")
