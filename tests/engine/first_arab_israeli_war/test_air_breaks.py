"""An air strike's breaks taken by the struck stack's owner, who may split a brigade to take one (5.6, its second
paragraph; 10.3a, 13.3, 13.4; rulings R-10.3-breaks, R-5.6-air), on the test pack (made-up strike table: 1-2 NE,
3 AA, 4-5 D1, 6 D2)."""

from __future__ import annotations

import pytest

import engine
from engine.api import log_for
from engine.games.first_arab_israeli_war import air_codes, units

from .faiw_air_helpers import at_phase, bare, legal, put, ready_air, refused_rule
from .faiw_helpers import act

H = "0303"  # a kibbutz of the test map, an Israeli stack the Arab League strikes


@pytest.fixture
def strike():
    """The Arab League's Air Operations phase, May 1948, an Egyptian air unit Available; the board bare."""
    s = bare(at_phase("arab", "air"))
    ready_air(s, "AL-air-egy-1")
    return s


def launch(s: dict, roll: int):
    act(s, "arab", f"strike {H} AL-air-egy-1")
    return act(s, "arab", "launch", rolls=[roll])


def battalions(s: dict, hex_: str = H) -> list[str]:
    return [c for c in units.at(s, hex_) if units.counter(s, c).size == "battalion"]


def test_5_6_a_d1_on_a_lone_brigade_offers_its_owner_the_split(strike):
    put(strike, "IL-inf-bde-1", H)
    launch(strike, 5)  # D1
    assert engine.active_roles(strike) == ["israel"]  # the owner decides, not the striker (13.3, 5.6)
    assert legal(strike, "israel") == {"break": ["IL-inf-bde-1"], "split": ["IL-inf-bde-1"]}
    assert "split a brigade" in engine.prompt(strike, "israel")["text"]
    assert engine.legal_actions(strike, "arab") == {}


def test_5_6_split_the_brigade_and_break_one_of_its_battalions(strike):
    put(strike, "IL-inf-bde-1", H)
    launch(strike, 4)
    step = act(strike, "israel", "split IL-inf-bde-1")
    bns = battalions(strike)
    assert len(bns) == 3 and all(b.startswith("IL-inf-bn") for b in bns)
    assert strike["units"]["IL-inf-bde-1"]["status"] == "pool"  # back to the mix (R-5.1-pool)
    # the battalions are identical: breaking one is no choice, and is made (R-4.6-alike)
    assert sum(strike["units"][b]["broken"] for b in bns) == 1
    assert engine.active_roles(strike) == ["arab"]
    texts = [e["text"] for e in log_for(step.log, "arab")]  # 21.1: the strike revealed the stack to the striker
    assert any("split IL-inf-bde-1" in t and "(5.6)" in t for t in texts)
    assert any("was broken by the air strike" in t for t in texts)


def test_5_6_a_d2_may_fall_on_two_battalions_of_the_split_brigade(strike):
    put(strike, "IL-inf-bde-1", H)
    put(strike, "IL-mech-bde-1", H)
    launch(strike, 6)  # D2
    act(strike, "israel", "split IL-inf-bde-1")
    assert {"IL-mech-bde-1"} < set(legal(strike, "israel")["break"])  # a battalion or the other brigade
    first = next(b for b in legal(strike, "israel")["break"] if b.startswith("IL-inf-bn"))
    act(strike, "israel", f"break {first}")
    # R-10.3-breaks: the second break falls on another unit: an effective battalion or the mechanized brigade
    offered = legal(strike, "israel")["break"]
    assert first not in offered and "IL-mech-bde-1" in offered
    other = next(b for b in offered if b.startswith("IL-inf-bn"))
    act(strike, "israel", f"break {other}")
    assert sum(strike["units"][b]["broken"] for b in battalions(strike)) == 2
    assert not strike["units"]["IL-mech-bde-1"]["broken"]
    assert engine.active_roles(strike) == ["arab"]


def test_5_3_a_broken_brigade_splits_into_broken_battalions_and_one_is_eliminated(strike):
    put(strike, "IL-inf-bde-1", H, broken=True)
    vp = strike["vp"]["arab"]
    launch(strike, 4)
    act(strike, "israel", "split IL-inf-bde-1")
    bns = battalions(strike)
    assert len(bns) == 2 and all(strike["units"][b]["broken"] for b in bns)  # 5.3
    gone = [c for c, r in strike["units"].items() if c.startswith("IL-inf-bn") and r["status"] == "eliminated"]
    assert len(gone) == 1  # 13.4: a broken unit broken again is eliminated
    assert strike["vp"]["arab"] > vp  # 28.1: the battalion's VP, not the brigade's
    assert strike["units"]["IL-inf-bde-1"]["status"] == "pool"


def test_5_6_breaking_the_brigade_whole_is_still_the_owners_choice(strike):
    put(strike, "IL-inf-bde-1", H)
    launch(strike, 5)
    act(strike, "israel", "break IL-inf-bde-1")
    assert strike["units"]["IL-inf-bde-1"]["broken"] and not battalions(strike)


def test_5_5_irgun_units_never_split_to_take_a_break(strike):
    put(strike, "IL-inf-bde-1", H)
    put(strike, "IL-irgun-1", H)
    launch(strike, 5)
    assert legal(strike, "israel")["split"] == ["IL-inf-bde-1"]
    assert refused_rule(strike, "israel", "split IL-irgun-1") == "5.5"


def test_4_6_no_split_when_the_mix_lacks_the_battalions(strike):
    for n in range(1, 11):
        strike["units"][f"IL-inf-bn-{n}"]["status"] = "eliminated"  # two infantry battalions left in the mix
    put(strike, "IL-inf-bde-1", H)
    put(strike, "IL-mech-bde-1", H)
    launch(strike, 5)
    assert "IL-inf-bde-1" not in legal(strike, "israel").get("split", [])
    assert refused_rule(strike, "israel", "split IL-inf-bde-1") == "4.6"


def test_4_6_a_lone_brigade_the_mix_cannot_split_takes_the_break_unasked(strike):
    for n in range(1, 11):
        strike["units"][f"IL-inf-bn-{n}"]["status"] = "eliminated"
    put(strike, "IL-inf-bde-1", H)
    launch(strike, 5)
    assert strike["units"]["IL-inf-bde-1"]["broken"]  # one unit, no split: no choice, made (GAME-STANDARD)
    assert engine.active_roles(strike) == ["arab"]


def test_10_3a_a_brigade_this_strike_broke_is_not_split_by_it(strike):
    put(strike, "IL-inf-bde-1", H)
    put(strike, "IL-mech-bde-1", H)
    launch(strike, 6)  # D2
    act(strike, "israel", "break IL-inf-bde-1")
    assert legal(strike, "israel") == {"break": ["IL-mech-bde-1"], "split": ["IL-mech-bde-1"]}
    assert refused_rule(strike, "israel", "split IL-inf-bde-1") == "10.3a"  # ruling R-5.6-air


def test_5_6_a_split_names_a_unit_in_the_struck_hex(strike):
    put(strike, "IL-inf-bde-1", H)
    put(strike, "IL-inf-bde-2", "0203")
    launch(strike, 5)
    assert refused_rule(strike, "israel", "split IL-inf-bde-2") == "5.6"


def test_13_4_identical_brigades_on_different_faces_are_two_choices(strike):
    put(strike, "IL-inf-bde-1", H)
    put(strike, "IL-inf-bde-2", H, broken=True)
    launch(strike, 5)
    offered = legal(strike, "israel")
    assert offered["break"] == ["IL-inf-bde-1", "IL-inf-bde-2"] and offered["split"] == ["IL-inf-bde-1", "IL-inf-bde-2"]
    act(strike, "israel", "break IL-inf-bde-1")
    assert strike["units"]["IL-inf-bde-1"]["broken"] and strike["units"]["IL-inf-bde-2"]["status"] == "map"


def test_5_6_an_identical_brigade_is_named_as_the_prompt_names_it(strike):
    put(strike, "IL-inf-bde-1", H)
    put(strike, "IL-inf-bde-2", H)
    launch(strike, 5)
    assert legal(strike, "israel")["split"] == ["IL-inf-bde-1"]
    assert refused_rule(strike, "israel", "split IL-inf-bde-2") == "5.6"


def test_5_6_the_arab_league_splits_an_egyptian_brigade_under_an_israeli_strike():
    s = bare(at_phase("israel", "air"))
    ready_air(s, "IL-air-1")
    put(s, "AL-egy-inf-bde-1", "0805")
    act(s, "israel", "strike 0805 IL-air-1")
    act(s, "israel", "launch", rolls=[4])  # D1; no Arab air unit Available: no interception
    assert engine.active_roles(s) == ["arab"] and legal(s, "arab")["split"] == ["AL-egy-inf-bde-1"]
    act(s, "arab", "split AL-egy-inf-bde-1")
    bns = battalions(s, "0805")
    assert sorted(bns) == ["AL-egy-inf-bn-1", "AL-egy-inf-bn-2", "AL-egy-inf-bn-3"]  # 5.4: Egyptian in, out
    assert sum(s["units"][b]["broken"] for b in bns) == 1


def test_10_3a_only_d_results_break_units_and_de_leaves_nothing_to_split():
    """air_codes: D<n> gives breaks (the owner's choice, with the split); DE eliminates, AA/AX hit the air unit."""
    assert air_codes.strike("D2")["breaks"] == 2 and not air_codes.strike("D2")["all"]
    assert air_codes.strike("DE") == {"breaks": 0, "all": True, "air": None}
    assert air_codes.strike("D1/AX") == {"breaks": 1, "all": False, "air": "eliminated"}
    assert all(air_codes.strike(c)["breaks"] == 0 for c in ("NE", "AA", "AX", "AE"))
