"""30.2 for supply: points landed by an amphibious operation move no more in the turn, the second impulse's Movement
phase included, but may be spent where they landed (ruling R-30.2-supply), on the test pack (made-up data)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import amphibious

from .faiw_helpers import act, advance_to
from .faiw_movement_helpers import at_movement, legal, refused

ON = {"optional": {"30": True}}
TEL_AVIV, HAIFA, EL_ARISH, EILAT = "0203", "0202", "0105", "0505"


def _second_impulse(s: dict, side: str) -> dict:
    """Ends *side*'s Movement phase of the first impulse and advances to its Movement phase of the second."""
    month = s["month"]
    assert s["impulse"] == 1
    act(s, side, "end")
    advance_to(s, side, "movement")
    assert (s["month"], s["impulse"]) == (month, 2)
    return s


def _israel_lands_two_points_in_haifa(**kw) -> dict:
    s = at_movement(supply={("israel", TEL_AVIV): 2}, **ON, **kw)
    act(s, "israel", f"move supply@{TEL_AVIV}")
    act(s, "israel", "carry 2")
    act(s, "israel", f"sail {HAIFA}")
    assert s["supply"]["israel"] == {HAIFA: 2}
    return s


def test_30_2_landed_supply_is_locked_in_its_hex_in_the_phase_of_the_landing():
    s = _israel_lands_two_points_in_haifa()
    assert amphibious.locked_supply(s, "israel", HAIFA) == 2
    assert f"supply@{HAIFA}" not in legal(s).get("move", [])
    e = refused(s, f"move supply@{HAIFA}")
    assert e.rule == "30.2" and "landed by an amphibious operation this turn" in str(e)


def test_30_2_landed_supply_moves_no_more_in_the_second_impulse():
    s = _second_impulse(_israel_lands_two_points_in_haifa(), "israel")
    assert s["supply"]["israel"] == {HAIFA: 2}
    assert f"supply@{HAIFA}" not in legal(s).get("move", [])
    e = refused(s, f"move supply@{HAIFA}")
    assert e.rule == "30.2" and "0 may move" in str(e)


def test_30_2_landed_supply_fights_normally_a_forced_march_spends_it():
    """'They can fight normally': a landed point is spent where it stands (7.3, 14.3a); what is left stays locked."""
    s = _israel_lands_two_points_in_haifa(place={"IL-inf-bn-1": HAIFA})
    _second_impulse(s, "israel")
    act(s, "israel", "move IL-inf-bn-1")
    assert "march" in legal(s)
    act(s, "israel", "march")
    assert s["supply"]["israel"] == {HAIFA: 1}
    assert amphibious.locked_supply(s, "israel", HAIFA) == 1
    assert "carry" not in legal(s)
    e = refused(s, "carry 1")
    assert e.rule == "30.2"


def test_30_2_the_other_points_of_the_landing_hex_still_move():
    """30.1b2: Arab supply lands on Arab supply; the points that were there before move as before."""
    s = at_movement("arab", supply={("arab", EL_ARISH): 2, ("arab", EILAT): 1}, **ON)
    act(s, "arab", f"move supply@{EL_ARISH}")
    act(s, "arab", f"sail {EILAT}")
    assert s["supply"]["arab"] == {EL_ARISH: 1, EILAT: 2}
    assert amphibious.locked_supply(s, "arab", EILAT) == 1
    _second_impulse(s, "arab")
    assert f"supply@{EILAT}" in legal(s, "arab")["move"]
    act(s, "arab", f"move supply@{EILAT}")
    assert "carry" not in legal(s, "arab")   # one point may move: the force carries it already
    e = refused(s, "carry 2", "arab")
    assert e.rule == "30.2" and "1 may move" in str(e)


def test_30_2_the_lock_ends_with_the_turn():
    s = _israel_lands_two_points_in_haifa()
    month = s["month"]
    act(s, "israel", "end")
    advance_to(s, "israel", "movement")
    while s["month"] == month:
        act(s, "israel", "end")
        advance_to(s, "israel", "movement")
    assert amphibious.locked_supply(s, "israel", HAIFA) == 0
    assert f"supply@{HAIFA}" in legal(s)["move"]


def test_30_2_the_lock_is_never_more_than_the_hex_holds():
    """Ruling R-30.2-supply: points spent or lost in the hex are its other points first; the lock shrinks with the
    hex only when no other point is left."""
    s = at_movement("arab", supply={("arab", EL_ARISH): 2, ("arab", EILAT): 1}, **ON)
    act(s, "arab", f"move supply@{EL_ARISH}")
    act(s, "arab", f"sail {EILAT}")
    s["supply"]["arab"][EILAT] = 1   # a point of the hex spent (14.3)
    assert amphibious.locked_supply(s, "arab", EILAT) == 1
    del s["supply"]["arab"][EILAT]   # the rest lost
    assert amphibious.locked_supply(s, "arab", EILAT) == 0
    assert amphibious.supply_refusal(s, "arab", EILAT) is None


def _israel_air_phase_with_landed_supply(points: int, landed: int) -> dict:
    """Israel's air phase with *points* supply points in the Palestinian desert (0305), *landed* of them landed
    there by an amphibious operation this turn (the record ``amphibious.locked_supply`` reads), and an Israeli
    battalion in 0405 where a point may land (10.5b)."""
    from .faiw_air_helpers import at_phase, bare, put, ready_air, supply
    s = bare(at_phase("israel", "air", optional={"30": True}))
    put(s, "IL-inf-bn-2", "0405")  # somewhere to land (10.5b)
    supply(s, "israel", "0305", points)
    ready_air(s, "IL-air-1")
    s["flags"]["amphibious_landed"] = {"month": s["month"], "supply": {"israel": {"0305": landed}}}
    return s


def test_30_2_landed_supply_is_not_airlifted_either():
    """'cannot move more in the turn': an airlift is a move (10.5); the landed points are not offered as cargo."""
    from .faiw_air_helpers import legal as air_legal
    s = _israel_air_phase_with_landed_supply(2, 2)
    assert "supply@0305 IL-air-1" not in air_legal(s, "israel").get("airlift", [])
    with pytest.raises(IllegalActionError) as e:
        act(s, "israel", "airlift supply@0305 IL-air-1")
    assert "landed there by an amphibious operation this turn" in str(e.value) and "30.2" in str(e.value)


def test_30_2_a_point_that_did_not_land_may_still_be_airlifted():
    from .faiw_air_helpers import legal as air_legal
    s = _israel_air_phase_with_landed_supply(3, 2)
    assert "supply@0305 IL-air-1" in air_legal(s, "israel")["airlift"]
    act(s, "israel", "airlift supply@0305 IL-air-1")
    act(s, "israel", "land 0405")
    assert s["supply"]["israel"] == {"0305": 2, "0405": 1}
