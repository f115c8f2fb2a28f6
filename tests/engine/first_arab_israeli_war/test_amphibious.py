"""Amphibious operations (30.0, the optional rule "30") on the test pack (made-up data): who may sail, from and to
which coasts, how often, and what a landing leaves."""

from __future__ import annotations

from engine.games.first_arab_israeli_war import amphibious

from .faiw_helpers import act
from .faiw_movement_helpers import at, at_movement, force, legal, refused

ON = {"optional": {"30": True}}
TEL_AVIV, HAIFA, GAZA, EL_ARISH, EILAT, AQABA = "0203", "0202", "0204", "0105", "0505", "0605"


def test_30_0_no_amphibious_operation_unless_the_optional_rule_is_in_force():
    s = at_movement(place={"IL-inf-bn-1": TEL_AVIV})
    act(s, "israel", "move IL-inf-bn-1")
    assert "sail" not in legal(s)


def test_30_1a_israel_sails_an_infantry_unit_between_mediterranean_coastal_hexes():
    s = at_movement(place={"IL-inf-bn-1": TEL_AVIV, "AL-aas-gue-1": GAZA}, **ON)
    act(s, "israel", "move IL-inf-bn-1")
    assert legal(s)["sail"] == ["0201", HAIFA]  # Gaza holds an enemy unit (30.2), El Arish a treaty city (25.1)
    act(s, "israel", f"sail {HAIFA}")
    assert at(s, "IL-inf-bn-1") == HAIFA and force(s) is None
    assert "IL-inf-bn-1" not in legal(s).get("move", [])  # 30.2: it moves no more this turn
    e = refused(s, "move IL-inf-bn-1")
    assert e.rule == "7.1"
    assert s["flags"]["amphibious"] == {"israel": 1}


def test_30_1a_only_infantry_commando_or_supply_and_one_unit():
    s = at_movement(place={"IL-recon-bn-1": TEL_AVIV, "IL-inf-bn-1": TEL_AVIV}, **ON)
    act(s, "israel", "move IL-recon-bn-1")
    assert "sail" not in legal(s)
    act(s, "israel", "stop")
    act(s, "israel", "move IL-inf-bn-1")
    assert "sail" in legal(s)
    act(s, "israel", "add IL-recon-bn-1")
    assert "sail" not in legal(s)  # R-30.1-cargo: one unit an operation


def test_30_1a_israel_has_two_operations_in_the_game():
    s = at_movement(place={"IL-inf-bn-1": TEL_AVIV, "IL-inf-bn-2": TEL_AVIV, "IL-inf-bn-3": TEL_AVIV}, **ON)
    for cid in ("IL-inf-bn-1", "IL-inf-bn-2"):
        act(s, "israel", f"move {cid}")
        act(s, "israel", f"sail {HAIFA}")
    assert amphibious.operations_left(s, "israel") == 0
    act(s, "israel", "move IL-inf-bn-3")
    assert "sail" not in legal(s)


def test_30_1a_a_lake_operation_stays_on_its_lake():
    s = at_movement(place={"IL-inf-bn-1": "0502"}, **ON)  # Tiberias, on Lake Tiberias
    act(s, "israel", "move IL-inf-bn-1")
    sails = legal(s)["sail"]
    assert "0603" in sails and TEL_AVIV not in sails
    assert "0701" not in sails  # 25.2: Damascus (R-30.0-limits)


def test_30_1a_not_before_may_1948():
    s = at_movement(place={"IL-inf-bn-1": TEL_AVIV}, scenario="struggle", **ON)
    act(s, "israel", "move IL-inf-bn-1")
    assert "sail" not in legal(s)


def test_30_1b_egypt_sails_south_of_the_gaza_line_and_in_the_gulf_of_aqaba():
    s = at_movement("arab", place={"AL-egy-inf-bn-1": EL_ARISH, "AL-aas-gue-1": GAZA}, **ON)
    act(s, "arab", "move AL-egy-inf-bn-1")
    sails = legal(s, "arab")["sail"]
    assert GAZA in sails and EILAT in sails and AQABA in sails  # 30.1b1: Mediterranean and Gulf alike
    assert TEL_AVIV not in sails and HAIFA not in sails  # north of the Gaza line


def test_30_1b_only_egyptian_infantry_or_commandos():
    s = at_movement("arab", place={"AL-aas-gue-1": EL_ARISH}, **ON)
    act(s, "arab", "move AL-aas-gue-1")
    assert "sail" not in legal(s, "arab")


def test_30_1b2_arab_supply_lands_only_on_arab_supply():
    s = at_movement("arab", supply={("arab", EL_ARISH): 2, ("arab", EILAT): 1}, **ON)
    act(s, "arab", f"move supply@{EL_ARISH}")
    assert legal(s, "arab")["sail"] == [EILAT]
    act(s, "arab", f"sail {EILAT}")
    assert s["supply"]["arab"] == {EL_ARISH: 1, EILAT: 2}


def test_30_2_no_landing_on_enemy_units():
    s = at_movement("arab", place={"AL-egy-inf-bn-1": EL_ARISH, "IL-inf-bn-1": GAZA}, **ON)
    act(s, "arab", "move AL-egy-inf-bn-1")
    assert GAZA not in legal(s, "arab")["sail"]


def test_30_2_no_sailing_once_the_force_has_moved():
    s = at_movement(place={"IL-inf-bn-1": HAIFA}, **ON)
    act(s, "israel", "move IL-inf-bn-1")
    act(s, "israel", f"enter {TEL_AVIV}")
    assert "sail" not in legal(s)
