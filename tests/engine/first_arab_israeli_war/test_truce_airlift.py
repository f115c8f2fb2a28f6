"""The truce's borders (22.1d-e) close some airlifts (10.5; ruling R-22.1-airlift), on the test pack (made-up
data): refused with the rule in every turn of the truce (an airlift is never a deliberate breach, 22.3), allowed
where 22.1d-e let a ground unit cross, and again once the truce is over."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError

from .faiw_air_helpers import at_phase, bare, legal, put, ready_air, supply, truce
from .faiw_helpers import act

PALESTINE_DESERT, EGYPT_DESERT, TRANSJORDAN_DESERT = "0305", "0205", "0804"


def _refused(state: dict, role: str, order: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as e:
        act(state, role, order)
    return e.value


@pytest.fixture
def israel():
    """Israel's air phase: Israeli battalions in the Palestinian desert (0305, 0405) and one in Egypt (0205), its
    air units Available; no Arab unit on the map."""
    s = bare(at_phase("israel", "air"))
    put(s, "IL-inf-bn-1", PALESTINE_DESERT)
    put(s, "IL-inf-bn-2", "0405")
    put(s, "IL-cdo-bn-1", EGYPT_DESERT)
    ready_air(s, "IL-air-1", "IL-air-2")
    return s


@pytest.fixture
def arab():
    """The Arab League's air phase: an Egyptian commando battalion in Egypt (0205), an Egyptian battalion in the
    Palestinian desert (0305), its Egyptian air unit Available."""
    s = bare(at_phase("arab", "air"))
    put(s, "AL-egy-cdo-1", EGYPT_DESERT)
    put(s, "AL-egy-inf-bn-1", PALESTINE_DESERT)
    ready_air(s, "AL-air-egy-1")
    return s


def test_22_1d_no_truce_an_israeli_unit_is_airlifted_into_egypt(israel):
    act(israel, "israel", "airlift IL-inf-bn-1 IL-air-1")
    assert EGYPT_DESERT in legal(israel, "israel")["land"]


def test_22_1d_in_the_truces_first_turn_no_israeli_airlift_across_the_border(israel):
    truce(israel)
    act(israel, "israel", "airlift IL-inf-bn-1 IL-air-1")
    assert EGYPT_DESERT not in legal(israel, "israel").get("land", [])
    e = _refused(israel, "israel", f"land {EGYPT_DESERT}")
    assert e.rule == "22.1d" and "truce" in str(e) and "Egypt" in str(e)


def test_22_1d_after_the_first_turn_still_no_airlift_across_the_border_and_no_violation(israel):
    truce(israel, start="1948-04", until="1948-07")  # in effect, not its first turn: 22.3 would allow a breach
    vp = dict(israel["vp"])
    act(israel, "israel", "airlift IL-inf-bn-1 IL-air-1")
    assert _refused(israel, "israel", f"land {EGYPT_DESERT}").rule == "22.1d"
    assert israel["truce"] is not None and israel["vp"] == vp  # nothing violated


def test_22_1d_a_unit_the_truce_leaves_nowhere_to_land_is_not_airlifted(israel):
    truce(israel)
    israel["units"]["IL-inf-bn-2"] = {"status": "pool", "at": None, "broken": False}
    assert not any(a.startswith("IL-inf-bn-1 ") for a in legal(israel, "israel")["airlift"])
    e = _refused(israel, "israel", "airlift IL-inf-bn-1 IL-air-1")
    assert e.rule == "22.1d" and "Egypt" in str(e)


def test_22_1d_an_israeli_unit_abroad_may_be_airlifted_back_into_palestine(israel):
    truce(israel)
    act(israel, "israel", "airlift IL-cdo-bn-1 IL-air-1")
    assert PALESTINE_DESERT in legal(israel, "israel")["land"]
    act(israel, "israel", f"land {PALESTINE_DESERT}")
    assert israel["units"]["IL-cdo-bn-1"]["at"] == PALESTINE_DESERT


def test_22_1d_israeli_supply_is_not_airlifted_into_egypt_either(israel):
    truce(israel)
    supply(israel, "israel", PALESTINE_DESERT, 2)
    act(israel, "israel", f"airlift supply@{PALESTINE_DESERT} IL-air-1")
    assert _refused(israel, "israel", f"land {EGYPT_DESERT}").rule == "22.1d"


def test_22_1d_an_israeli_unit_in_egypt_is_not_airlifted_to_transjordan(israel):
    truce(israel)
    put(israel, "IL-inf-bn-2", TRANSJORDAN_DESERT)
    act(israel, "israel", "airlift IL-cdo-bn-1 IL-air-1")
    assert TRANSJORDAN_DESERT not in legal(israel, "israel")["land"]
    assert _refused(israel, "israel", f"land {TRANSJORDAN_DESERT}").rule == "22.1d"


def test_22_1e_an_arab_unit_outside_palestine_is_not_airlifted_into_it(arab):
    truce(arab)
    assert not any(a.startswith("AL-egy-cdo-1 ") for a in legal(arab, "arab").get("airlift", []))  # nowhere to land
    assert _refused(arab, "arab", "airlift AL-egy-cdo-1 AL-air-egy-1").rule == "22.1e"
    act(arab, "arab", "airlift AL-egy-inf-bn-1 AL-air-egy-1")  # from Palestine
    assert EGYPT_DESERT in legal(arab, "arab")["land"]  # 22.1e: it may leave Palestine


def test_22_1e_the_refusal_names_the_rule(arab):
    put(arab, "AL-egy-inf-bn-2", "0405")  # a second landing hex in Palestine
    act(arab, "arab", "airlift AL-egy-cdo-1 AL-air-egy-1")  # no truce yet: it may fly into Palestine
    assert PALESTINE_DESERT in legal(arab, "arab")["land"]
    truce(arab)
    e = _refused(arab, "arab", f"land {PALESTINE_DESERT}")
    assert e.rule == "22.1e" and "outside Palestine" in str(e)
