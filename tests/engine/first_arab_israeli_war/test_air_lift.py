"""Airlift (10.5) and its interception over both hexes (10.6d), with fixed dice on the test pack."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError

from .faiw_air_helpers import at_phase, bare, legal, put, ready_air, supply
from .faiw_helpers import act


@pytest.fixture
def lift():
    """The Arab League's air phase, May 1948: an Egyptian commando battalion in the desert 0205 (Egypt), an
    Egyptian battalion in 0305, an Israeli brigade far off in 0202; both Arab air units Available."""
    s = bare(at_phase("arab", "air"))
    put(s, "AL-egy-cdo-1", "0205")
    put(s, "AL-egy-inf-bn-1", "0305")
    put(s, "AL-egy-inf-bde-1", "0205")
    put(s, "IL-inf-bde-1", "0202")
    ready_air(s, "AL-air-egy-1", "AL-air-syr-1")
    return s


def test_10_5_airlift_a_commando_battalion_to_a_hex_with_a_friendly_unit(lift):
    assert "AL-egy-cdo-1 AL-air-egy-1" in legal(lift, "arab")["airlift"]
    act(lift, "arab", "airlift AL-egy-cdo-1 AL-air-egy-1")
    assert "0305" in legal(lift, "arab")["land"] and "0205" not in legal(lift, "arab")["land"]
    act(lift, "arab", "land 0305")
    assert lift["units"]["AL-egy-cdo-1"]["at"] == "0305"
    assert lift["units"]["AL-air-egy-1"]["status"] == "completed"


def test_10_5a_a_brigade_is_not_airlifted(lift):
    with pytest.raises(IllegalActionError) as e:
        act(lift, "arab", "airlift AL-egy-inf-bde-1 AL-air-egy-1")
    assert e.value.rule == "10.5a"


def test_10_5e_the_cargo_is_of_the_air_units_nationality(lift):
    assert "AL-egy-cdo-1 AL-air-syr-1" not in legal(lift, "arab")["airlift"]
    with pytest.raises(IllegalActionError) as e:
        act(lift, "arab", "airlift AL-egy-cdo-1 AL-air-syr-1")
    assert e.value.rule == "10.5e"


def test_10_5e_supply_flies_with_any_friendly_air_unit(lift):
    supply(lift, "arab", "0205", 2)
    assert "supply@0205 AL-air-syr-1" in legal(lift, "arab")["airlift"]
    act(lift, "arab", "airlift supply@0205 AL-air-syr-1")
    act(lift, "arab", "land 0305")
    assert lift["supply"]["arab"] == {"0205": 1, "0305": 1}  # one point an airlift (R-10.5-supply)


def test_10_5d_one_airlift_a_side_a_turn(lift):
    act(lift, "arab", "airlift AL-egy-cdo-1 AL-air-egy-1")
    act(lift, "arab", "land 0305")
    assert "airlift" not in legal(lift, "arab")
    with pytest.raises(IllegalActionError) as e:
        act(lift, "arab", "airlift AL-egy-inf-bn-1 AL-air-egy-1")
    assert e.value.rule in ("10.5d", "10.2b")


def test_10_5b_not_from_an_enemy_zoc(lift):
    put(lift, "IL-inf-bn-1", "0105")  # adjacent to 0205, in Egypt (no ZOC across the border: 9.7)
    with pytest.raises(IllegalActionError) as e:
        act(lift, "arab", "airlift AL-egy-cdo-1 AL-air-egy-1")
    assert e.value.rule == "10.5b"


def test_10_5b_not_into_an_enemy_zoc_but_supply_may_be_dropped_there(lift):
    put(lift, "IL-inf-bn-1", "0405")  # adjacent to 0305
    supply(lift, "arab", "0205", 1)
    assert not any(a.startswith("AL-egy-cdo-1 ") for a in legal(lift, "arab")["airlift"])  # nowhere to land
    act(lift, "arab", "airlift supply@0205 AL-air-syr-1")
    assert "0305" in legal(lift, "arab")["land"]
    act(lift, "arab", "land 0305", rolls=[5])  # 4-6: eliminated
    assert lift["supply"]["arab"] == {}


def test_10_5b_a_supply_drop_that_lands(lift):
    put(lift, "IL-inf-bn-1", "0405")
    supply(lift, "arab", "0205", 1)
    act(lift, "arab", "airlift supply@0205 AL-air-syr-1")
    act(lift, "arab", "land 0305", rolls=[3])
    assert lift["supply"]["arab"] == {"0305": 1}


def test_10_5c_a_unit_that_moved_is_not_airlifted(lift):
    lift["flags"]["moved"] = ["AL-egy-cdo-1"]
    with pytest.raises(IllegalActionError) as e:
        act(lift, "arab", "airlift AL-egy-cdo-1 AL-air-egy-1")
    assert e.value.rule == "10.5c"


def test_10_6d_an_airlift_is_intercepted_over_both_hexes(lift):
    ready_air(lift, "IL-air-1", "IL-air-2")
    act(lift, "arab", "airlift AL-egy-cdo-1 AL-air-egy-1")
    act(lift, "arab", "land 0305")
    assert engine.active_roles(lift) == ["israel"]
    assert set(legal(lift, "israel")["intercept"]) == {"IL-air-1 0205", "IL-air-1 0305"}
    act(lift, "israel", "intercept IL-air-1 0205")
    assert legal(lift, "israel")["intercept"] == ["IL-air-2 0305"]
    act(lift, "israel", "intercept IL-air-2 0305", rolls=[1, 1, 1, 4])  # over 0305 the carrier aborts
    assert lift["units"]["AL-egy-cdo-1"]["at"] == "0205"  # R-10.6d-cargo: the cargo stays
