"""What a move does to others and where the political rules stop it (4.5, 12.1, 14.5, 19.1, 19.4, 22.1, 22.3,
24.2, 25.1-25.3, 26.1, 27.4) on the test pack (made-up data)."""

from __future__ import annotations

import pytest

from engine.core.flow import Procedure
from engine.games.first_arab_israeli_war import DEFINITION, border_specials, calendar, invasion

from .faiw_helpers import act
from .faiw_movement_helpers import at, at_movement, force, frame, left, legal, refused

STRUGGLE = {"scenario": "struggle"}  # December 1947: the mandate (26.0) and the British (27.0)


@pytest.fixture
def crossings(monkeypatch):
    seen = []
    monkeypatch.setattr(border_specials, "crossed", lambda g, country: seen.append(country))
    return seen


# 19.1, 14.5, 24.2 ------------------------------------------------------------------------------------------------


def test_19_1a_14_5_a_combat_unit_entering_non_combat_units_eliminates_and_captures():
    s = at_movement(place={"IL-inf-bn-1": "0303", "AL-ldr-el-tel": "0304"}, supply={("arab", "0304"): 2})
    vp = s["vp"]["israel"]
    act(s, "israel", "move IL-inf-bn-1")
    assert "0304" in legal(s)["enter"]
    act(s, "israel", "enter 0304", rolls=[2, 5])  # 14.5: 1-3 eliminated, 4-6 captured
    assert s["units"]["AL-ldr-el-tel"]["status"] == "out"  # 20.6: a leader never returns
    assert "0304" not in s["supply"]["arab"] and s["supply"]["israel"]["0304"] == 1
    assert s["vp"]["israel"] == vp + 5  # the test pack's VP for a leader
    assert left(s) == {"IL-inf-bn-1": 3.0}  # 19.1a: no extra cost


def test_24_2_the_secret_airfield_entered_comes_back_two_turns_later():
    s = at_movement("arab", place={"AL-egy-inf-bn-1": "0305", "IL-airfield": "0304", "IL-factory": "0304"})
    for line in ("move AL-egy-inf-bn-1", "enter 0304"):
        act(s, "arab", line)
    assert s["units"]["IL-airfield"]["status"] == "eliminated" and s["units"]["IL-factory"]["status"] == "eliminated"
    assert s["flags"]["airfield_back"] == calendar.plus(s["month"], 2)


def test_19_4_a_non_combat_unit_enters_enemy_non_combat_units_only_with_combat_units():
    s = at_movement(place={"IL-ldr-allon": "0303", "IL-inf-bn-1": "0303", "AL-ldr-el-tel": "0304"})
    act(s, "israel", "move IL-ldr-allon")
    assert "0304" not in legal(s)["enter"]
    e = refused(s, "enter 0304")
    assert e.rule == "19.4"
    act(s, "israel", "add IL-inf-bn-1")
    assert "0304" in legal(s)["enter"]


# 27.4 -----------------------------------------------------------------------------------------------------------


def test_27_4_a_british_hex_costs_one_more_and_a_unit_ending_there_is_eliminated():
    s = at_movement(place={"IL-inf-bn-1": "0303"}, keep_british=True, **STRUGGLE)
    assert any(at(s, c) == "0403" for c in s["units"] if c.startswith("BR-"))
    vp = s["vp"]["arab"]
    act(s, "israel", "move IL-inf-bn-1")
    assert "0403 1 1/2 MP (road, British: do not stop there, 27.4)" in _text(s)
    for line in ("enter 0403", "stop"):
        act(s, "israel", line)
    assert s["units"]["IL-inf-bn-1"]["status"] == "eliminated" and s["vp"]["arab"] == vp + 1


def test_27_4_a_unit_may_move_through_a_british_hex():
    s = at_movement(place={"IL-inf-bn-1": "0303"}, keep_british=True, **STRUGGLE)
    for line in ("move IL-inf-bn-1", "enter 0403", "enter 0503", "stop"):
        act(s, "israel", line)
    assert at(s, "IL-inf-bn-1") == "0503"


def test_27_4_supply_points_ending_their_move_with_british_units_are_eliminated():
    s = at_movement(supply={("israel", "0303"): 2}, keep_british=True, **STRUGGLE)
    for line in ("move supply@0303", "carry 2", "enter 0403", "stop"):
        act(s, "israel", line)
    assert s["supply"]["israel"] == {}


# 25.1-25.3 ------------------------------------------------------------------------------------------------------


def test_25_1_israeli_ground_units_never_enter_el_arish():
    s = at_movement(place={"IL-recon-bn-1": "0205"})
    act(s, "israel", "move IL-recon-bn-1")
    assert "0105" not in legal(s)["enter"] and "breach" not in legal(s)
    e = refused(s, "enter 0105")
    assert e.rule == "25.1" and "never enter" in e.message


def test_25_3_optionally_entering_a_treaty_city_is_a_deliberate_attack():
    s = at_movement(place={"IL-recon-bn-1": "0205"}, optional={"25.3": True})
    act(s, "israel", "move IL-recon-bn-1")
    assert legal(s)["breach"] == ["0105"] and "0105" not in legal(s)["enter"]
    e = refused(s, "enter 0105")
    assert e.rule == "25.3" and "breach" in e.message
    act(s, "israel", "breach 0105")
    assert at(s, "IL-recon-bn-1") == "0105" and s["flags"]["treaty_attacked"] is True


def test_25_2_israeli_ground_units_never_enter_damascus():
    s = at_movement(place={"IL-recon-bn-1": "0601"})
    act(s, "israel", "move IL-recon-bn-1")
    e = refused(s, "enter 0701")
    assert e.rule == "25.2" and "0701" not in legal(s)["enter"]


def test_25_1_the_arab_league_enters_the_treaty_cities_freely():
    s = at_movement("arab", place={"AL-egy-inf-bn-1": "0205"})
    act(s, "arab", "move AL-egy-inf-bn-1")
    assert "0105" in legal(s, "arab")["enter"]


# 26.1 -----------------------------------------------------------------------------------------------------------


def test_26_1c_israeli_units_do_not_cross_out_of_palestine_in_the_mandate(crossings):
    s = at_movement(place={"IL-inf-bn-1": "0202"}, **STRUGGLE)
    assert calendar.mandate(s["month"])
    act(s, "israel", "move IL-inf-bn-1")
    assert "0201" not in legal(s)["enter"]
    e = refused(s, "enter 0201")
    assert e.rule == "26.1c" and "mandate" in e.message


def test_26_1d_israeli_commandos_cross_but_enter_no_foreign_town_in_the_mandate(crossings):
    s = at_movement(place={"IL-cdo-bn-1": "0202", "IL-cdo-bn-2": "0802"}, **STRUGGLE)
    for line in ("move IL-cdo-bn-1", "enter 0201", "stop"):
        act(s, "israel", line)
    assert at(s, "IL-cdo-bn-1") == "0201" and crossings == ["Lebanon"]  # 4.5 all the same
    act(s, "israel", "move IL-cdo-bn-2")
    assert "0801" not in legal(s)["enter"]  # a town of Syria
    e = refused(s, "enter 0801")
    assert e.rule == "26.1d"


def test_26_1e_arab_league_units_cross_every_border_in_the_mandate():
    s = at_movement("arab", place={"AL-aas-gue-1": "0502"}, **STRUGGLE)
    act(s, "arab", "move AL-aas-gue-1")
    assert "0501" in legal(s, "arab")["enter"]


def test_7_1_a_step_needs_a_force_and_a_breach_a_forbidden_crossing():
    s = at_movement(place={"IL-recon-bn-1": "0204"})
    e = refused(s, "enter 0205")
    assert e.rule == "7.1" and "move UNIT" in e.message
    act(s, "israel", "move IL-recon-bn-1")
    e = refused(s, "breach 0205")
    assert e.rule == "22.3" and "enter 0205" in e.message


# 4.5 ------------------------------------------------------------------------------------------------------------


def test_4_5_an_israeli_unit_entering_egypt_calls_its_reinforcements(crossings):
    s = at_movement(place={"IL-recon-bn-1": "0204"})
    for line in ("move IL-recon-bn-1", "enter 0205", "enter 0304", "enter 0205"):
        act(s, "israel", line)
    assert crossings == ["Egypt", "Egypt"]  # border_specials counts once a game


# 22.1, 22.3 -----------------------------------------------------------------------------------------------------


def _truce(since: str):
    def start(s):
        s["truce"] = {"from": since, "until": calendar.plus(s["month"], 1)}
    return start


def test_22_3_no_crossing_in_the_truces_first_turn():
    s = at_movement(place={"IL-recon-bn-1": "0204"}, before=_truce("1948-05"))
    act(s, "israel", "move IL-recon-bn-1")
    assert "0205" not in legal(s)["enter"] and "breach" not in legal(s)
    e = refused(s, "breach 0205")
    assert e.rule == "22.1d" and "took effect this turn" in e.message


def test_22_1d_22_3_an_israeli_crossing_after_the_first_turn_is_a_deliberate_violation(crossings):
    s = at_movement(place={"IL-recon-bn-1": "0204"}, before=_truce("1948-04"))
    vp = s["vp"]["arab"]
    act(s, "israel", "move IL-recon-bn-1")
    assert legal(s)["breach"] == ["0205"] and "0205" not in legal(s)["enter"]
    e = refused(s, "enter 0205")  # R-22.3-breach: never by accident
    assert e.rule == "22.1d" and "breach" in e.message
    act(s, "israel", "breach 0205")
    assert s["truce"] is None and s["vp"]["arab"] == vp + 10 and at(s, "IL-recon-bn-1") == "0205"


def test_22_1d_israeli_units_abroad_may_cross_back_into_palestine():
    s = at_movement(place={"IL-recon-bn-1": "0205"}, before=_truce("1948-04"))
    act(s, "israel", "move IL-recon-bn-1")
    assert "0204" in legal(s)["enter"]


def test_22_1e_arab_units_from_outside_palestine_may_not_enter_it_during_a_truce():
    s = at_movement("arab", place={"AL-egy-inf-bn-1": "0205", "AL-egy-inf-bn-2": "0304"}, before=_truce("1948-04"))
    act(s, "arab", "move AL-egy-inf-bn-1")
    assert {"0204", "0304", "0305"} & set(legal(s, "arab")["enter"]) == set()
    assert "0204" in legal(s, "arab")["breach"]
    for line in ("stop", "move AL-egy-inf-bn-2", "enter 0205"):
        act(s, "arab", line)
    assert "0304" in legal(s, "arab")["enter"]  # it started its turn in Palestine (R-22.1d-start)


def test_22_1c_no_infiltration_during_a_truce():
    s = at_movement(place={"IL-inf-bn-1": "0304", "AL-egy-inf-bn-1": "0305"}, before=_truce("1948-05"))
    act(s, "israel", "move IL-inf-bn-1")
    e = refused(s, "enter 0405")
    assert e.rule == "22.1c"


# 12.1 -----------------------------------------------------------------------------------------------------------


class FakeInvasion(Procedure):
    """Stands in for the invasion desk: records its frame and ends with ``stop``."""

    name = "faiw.invasion"
    frames: list = []
    stop = False

    def step(self, g, f):
        FakeInvasion.frames.append(dict(f))
        g.end({"stop": FakeInvasion.stop})
        return True


@pytest.fixture
def invading(monkeypatch):
    monkeypatch.setattr(invasion, "targets", lambda g, side, force, at_: ["0305"])
    monkeypatch.setitem(DEFINITION.procedures, "faiw.invasion", FakeInvasion())
    FakeInvasion.frames = []
    return FakeInvasion


def test_12_1_an_invasion_costs_each_unit_two_mp_and_the_force_goes_on(invading):
    s = at_movement(place={"IL-inf-bn-1": "0303", "AL-egy-inf-bn-1": "0305"}, supply={("israel", "0303"): 1})
    for line in ("move IL-inf-bn-1", "carry 1", "enter 0304"):
        act(s, "israel", line)
    assert legal(s)["invade"] == ["0305"]
    act(s, "israel", "invade 0305")
    (fr,) = invading.frames
    assert (fr["force"], fr["at"], fr["target"], fr["supply"]) == (["IL-inf-bn-1"], "0304", "0305", 1)
    assert left(s) == {"IL-inf-bn-1": 1.0, "supply": 0.0}
    assert force(s)["at"] == "0304" and "enter" not in legal(s)  # the supply has no MP left: the force waits
    act(s, "israel", "drop supply")  # 12.2: the supply stays, its move over; the unit goes on (12.4a)
    assert "0303" in legal(s)["enter"] and s["supply"]["israel"] == {"0304": 1}


def test_12_4b_an_invasion_that_stops_the_force_ends_its_move(invading):
    invading.stop = True
    s = at_movement(place={"IL-inf-bn-1": "0303", "AL-egy-inf-bn-1": "0305"})
    for line in ("move IL-inf-bn-1", "enter 0304", "invade 0305"):
        act(s, "israel", line)
    invading.stop = False
    assert force(s) is None and "IL-inf-bn-1" in frame(s)["moved"]


def test_12_1_no_invasion_without_two_mp_for_every_unit(invading):
    s = at_movement(place={"IL-inf-bn-1": "0203", "AL-egy-inf-bn-1": "0305"})
    for line in ("move IL-inf-bn-1", "enter 0302"):  # 3 of 4 MP: clear and the river
        act(s, "israel", line)
    assert "invade" not in legal(s)
    e = refused(s, "invade 0305")
    assert e.rule == "12.1"


def _text(s) -> str:
    import engine
    return engine.view(s, s["phasing"])["prompt"]["text"]
