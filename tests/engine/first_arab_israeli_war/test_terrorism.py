"""The Terrorism phase (18.0): with fixed dice on the test pack's table (1-4 F, 5-6 T; the victim's VP 2)."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import terrorism

from .faiw_air_helpers import at_phase, bare, legal, put, refused_rule, truce
from .faiw_helpers import act


@pytest.fixture
def terror():
    """The Arab League's Terrorism phase, May 1948: an Arab guerrilla battalion in the Jewish kibbutz 0303."""
    s = bare(at_phase("arab", "terrorism"))
    put(s, "AL-aas-gue-1", "0303")
    return s


def test_18_1_a_success_terrorizes_the_hex_and_the_victim_gains_vp_at_once(terror):
    assert legal(terror, "arab")["terrorize"] == ["0303"]
    vp = terror["vp"]["israel"]
    act(terror, "arab", "terrorize 0303", rolls=[5])
    assert terror["terrorized"]["0303"] == "arab"  # 18.5: the terrorist scores it at the end
    assert terror["vp"]["israel"] == vp + 2  # 18.4a


def test_18_1_a_failure_changes_nothing(terror):
    act(terror, "arab", "terrorize 0303", rolls=[4])
    assert "0303" not in terror["terrorized"]


def test_18_2_one_attempt_a_hex_a_turn(terror):
    act(terror, "arab", "terrorize 0303", rolls=[1])
    assert "terrorize" not in legal(terror, "arab")
    with pytest.raises(IllegalActionError) as e:
        act(terror, "arab", "terrorize 0303")
    assert e.value.rule == "18.2"


def test_18_3_only_enemy_population_hexes(terror):
    put(terror, "AL-aas-gue-2", "0302")  # an Arab city
    assert legal(terror, "arab")["terrorize"] == ["0303"]
    with pytest.raises(IllegalActionError) as e:
        act(terror, "arab", "terrorize 0302")
    assert e.value.rule == "18.3"


def test_18_3_a_terrorized_hex_is_not_terrorized_again(terror):
    terror["terrorized"]["0303"] = "arab"
    with pytest.raises(IllegalActionError) as e:
        act(terror, "arab", "terrorize 0303")
    assert e.value.rule == "18.3"


def test_18_1_a_combat_unit_must_stand_in_the_hex(terror):
    terror["units"]["AL-aas-gue-1"]["at"] = "0304"
    put(terror, "AL-ldr-el-tel", "0303")  # a leader is no combat unit
    assert "terrorize" not in legal(terror, "arab")
    with pytest.raises(IllegalActionError) as e:
        act(terror, "arab", "terrorize 0303")
    assert e.value.rule == "18.1"


def test_22_1b_no_terrorism_in_a_truces_first_turn(terror):
    truce(terror)
    assert refused_rule(terror, "arab", "terrorize 0303") == "22.1b"


def test_22_3_terrorism_after_a_truces_first_turn_violates_it(terror):
    truce(terror, "1948-04", "1948-06")
    vp = terror["vp"]["israel"]
    act(terror, "arab", "terrorize 0303", rolls=[1])
    assert terror["truce"] is None and terror["vp"]["israel"] == vp + 10


def test_18_0_the_optional_rule_turned_off():
    s = at_phase("arab", "combat", optional={"18": False})
    assert terrorism.barred(s) and "optional" in terrorism.barred(s)
    act(s, "arab", "end")
    assert s["phase"] != "terrorism" and engine.active_roles(s) == ["arab"]
