"""The treaties (25.0): the optional British intervention of 25.3 after Israel attacked a treaty city."""

from __future__ import annotations

import engine
from engine.core.flow import Context
from engine.games.first_arab_israeli_war import treaties

from .faiw_air_helpers import at_phase, legal
from .faiw_helpers import FixedChance, act


def _g(s, *rolls):
    return Context(s, FixedChance(rolls), None)


def test_25_3_no_intervention_without_the_optional_rule_or_an_attack():
    s = at_phase("arab", "air")
    s["flags"]["treaty_attacked"] = True
    assert treaties.intervention(_g(s)) is False  # 25.3 not chosen: no die
    s = at_phase("arab", "air", optional={"25.3": True})
    assert treaties.intervention(_g(s)) is False


def test_25_3_the_arab_league_rolls_and_places_that_many_british_units():
    s = at_phase("arab", "air", optional={"25.3": True})
    s["flags"]["treaty_attacked"] = True
    assert treaties.intervention(_g(s, 2))
    assert s["flags"]["treaty_attacked"] is False
    assert engine.active_roles(s) == ["arab"]
    places = legal(s, "arab")["place"]
    assert "BR-inf-1 0802" in places and not any(p.split()[1] in ("0203", "0303") for p in places)  # Palestine
    act(s, "arab", "place BR-inf-1 0802")
    act(s, "arab", "place BR-armor-1 0803")
    assert s["units"]["BR-inf-1"] == {"status": "map", "at": "0802", "broken": False, "side": "arab"}
    assert s["units"]["BR-armor-1"]["at"] == "0803"
    assert s["flow"][-1]["p"] == "faiw.phase.air"  # two placed: the frame ended (R-25.3-control)


def test_25_3_no_more_than_the_mix_holds():
    s = at_phase("arab", "air", optional={"25.3": True})
    s["flags"]["treaty_attacked"] = True
    treaties.intervention(_g(s, 6))
    assert s["flow"][-1]["left"] == 3  # the test pack has three British counters (4.6)
