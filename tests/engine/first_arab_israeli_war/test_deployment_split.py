"""Splitting and reforming during the initial deployment (Scenario 1, 5d; Scenario 2, 5c; ruling R-S1-split), with
the Reorganization phase's rules (5.1-5.5, 4.6), on the test pack (made-up data)."""

from __future__ import annotations

import engine
from engine.api import log_for
from engine.games.first_arab_israeli_war import units
from engine.games.first_arab_israeli_war.view import public

from .faiw_air_helpers import refused_rule
from .faiw_helpers import act, first_legal, new_game, put


def until_offered(state: dict, cid: str) -> list[str]:
    """Deploys by the first legal order until *cid* may be placed; returns the hexes it may go to."""
    for _ in range(500):
        role = engine.active_roles(state)[0]
        legal = engine.legal_actions(state, role)
        hexes = [a.split()[1] for a in legal.get("place", []) if a.split()[0] == cid]
        if hexes:
            return hexes
        act(state, role, first_legal(state, role))
    raise AssertionError(f"{cid} was never offered")


def placed_brigade(scenario: str = "independence", hidden: bool | None = None) -> tuple[dict, str]:
    """Israel's deployment with IL-inf-bde-1 just placed (in a hex the Arab League does not see, if *hidden*)."""
    s = new_game(scenario)
    hexes = until_offered(s, "IL-inf-bde-1")
    if hidden is not None:
        hexes = [h for h in hexes if public(s, "israel", h) is not hidden]
    act(s, "israel", f"place IL-inf-bde-1 {hexes[0]}")
    return s, hexes[0]


def mine_in(s: dict, h: str, prefix: str) -> list[str]:
    return [c for c in units.at(s, h) if c.startswith(prefix)]


def test_s1_5d_a_placed_brigade_may_split_beside_the_next_placement():
    s, h = placed_brigade()
    legal = engine.legal_actions(s, "israel")
    assert list(legal)[0] == "place"  # the placement stays the first order of the prompt
    assert "IL-inf-bde-1" in legal["split"]
    assert "or split units" in engine.prompt(s, "israel")["text"]  # no reform open: not offered
    act(s, "israel", "split IL-inf-bde-1")
    assert len(mine_in(s, h, "IL-inf-bn")) == 3 and "IL-inf-bde-1" not in units.at(s, h)  # 5.1a: in its hex
    assert s["units"]["IL-inf-bde-1"]["status"] == "pool"  # R-5.1-pool
    assert s["phase"] == "deployment" and engine.active_roles(s) == ["israel"]  # the deployment goes on
    assert "place" in engine.legal_actions(s, "israel")


def test_s1_5d_battalions_in_one_hex_reform_into_a_brigade():
    s, h = placed_brigade()
    act(s, "israel", "split IL-inf-bde-1")
    assert f"IL-inf-bde-1 {h}" in engine.legal_actions(s, "israel")["reform"]
    act(s, "israel", f"reform IL-inf-bde-1 {h}")
    assert mine_in(s, h, "IL-inf-b") == ["IL-inf-bde-1"] and not s["units"]["IL-inf-bde-1"]["broken"]
    assert all(s["units"][f"IL-inf-bn-{n}"]["status"] == "pool" for n in range(1, 13))


def test_5_2_take_names_the_counter_where_the_battalions_differ():
    s, h = placed_brigade()
    act(s, "israel", "split IL-inf-bde-1")
    spare = next(c for c in (f"IL-inf-bn-{n}" for n in range(1, 13)) if s["units"][c]["status"] == "pool")
    put(s, spare, h, broken=True)  # a fourth battalion, broken, in the hex (by hand)
    act(s, "israel", f"reform IL-inf-bde-1 {h}")
    takes = 0
    while "take" in engine.legal_actions(s, "israel"):
        offered = engine.legal_actions(s, "israel")["take"]
        assert spare in offered and len(offered) == 2  # an effective kind and the broken one
        assert set(engine.legal_actions(s, "israel")) == {"take"}  # nothing else until the reform is made
        act(s, "israel", f"take {next(c for c in offered if c != spare)}")
        takes += 1
    assert takes == 3
    assert not s["units"]["IL-inf-bde-1"]["broken"] and s["units"]["IL-inf-bde-1"]["at"] == h  # 5.3: none broken
    assert s["units"][spare]["at"] == h and s["units"][spare]["broken"]


def test_s1_5d_a_reform_with_a_broken_battalion_gives_a_broken_brigade():
    s, h = placed_brigade()
    act(s, "israel", "split IL-inf-bde-1")
    s["units"][mine_in(s, h, "IL-inf-bn")[0]]["broken"] = True
    act(s, "israel", f"reform IL-inf-bde-1 {h}")
    while "take" in engine.legal_actions(s, "israel"):
        act(s, "israel", f"take {engine.legal_actions(s, 'israel')['take'][0]}")
    assert s["units"]["IL-inf-bde-1"]["broken"]  # 5.3


def test_5_1a_a_brigade_not_yet_placed_is_not_split():
    s, _ = placed_brigade()
    assert s["units"]["IL-inf-bde-2"]["status"] == "deploying"
    assert refused_rule(s, "israel", "split IL-inf-bde-2") == "5.1a"  # ruling R-S1-split: split where it stands


def test_5_5_the_irgun_never_splits_or_reforms_in_the_deployment():
    s = new_game("independence")
    hexes = until_offered(s, "IL-irgun-1")
    act(s, "israel", f"place IL-irgun-1 {hexes[0]}")
    assert "IL-irgun-1" not in engine.legal_actions(s, "israel").get("split", [])
    assert refused_rule(s, "israel", "split IL-irgun-1") == "5.5"


def test_5_1b_a_reform_needs_the_battalions_in_the_hex():
    s, h = placed_brigade()
    assert refused_rule(s, "israel", f"reform IL-inf-bde-2 {h}") == "5.1b"  # not off the map: still deploying
    act(s, "israel", "split IL-inf-bde-1")
    bn = mine_in(s, h, "IL-inf-bn")[0]
    s["units"][bn] = {"status": "pool", "at": None, "broken": False}  # one battalion short (by hand)
    assert "reform" not in engine.legal_actions(s, "israel")
    assert refused_rule(s, "israel", f"reform IL-inf-bde-1 {h}") == "5.2"


def test_21_0_a_split_in_a_hidden_stack_is_logged_to_its_owner_alone():
    s, h = placed_brigade(hidden=True)
    step = act(s, "israel", "split IL-inf-bde-1")
    assert any("split IL-inf-bde-1" in e["text"] for e in log_for(step.log, "israel"))
    assert not any("IL-inf" in e["text"] for e in log_for(step.log, "arab"))
    assert not any("IL-inf" in e["text"] for e in log_for(step.log, None))


def test_21_3_a_split_in_a_stack_the_enemy_sees_is_public():
    s, h = placed_brigade(hidden=False)
    step = act(s, "israel", "split IL-inf-bde-1")
    assert any("split IL-inf-bde-1" in e["text"] and "Scenario 1, 5d" in e["text"] for e in log_for(step.log, "arab"))


def test_s2_5c_splitting_in_the_struggle_for_palestine_cites_its_special_rule():
    s = new_game("struggle")
    hexes = until_offered(s, "IL-cdo-bn-1")
    put(s, "IL-inf-bde-1", hexes[0])  # the test pack's Scenario 2 deploys no brigade: one put by hand
    assert "IL-inf-bde-1" in engine.legal_actions(s, "israel")["split"]
    assert "Scenario 2, 5c" in engine.prompt(s, "israel")["text"]
    step = act(s, "israel", "split IL-inf-bde-1")
    assert any("Scenario 2, 5c" in e["text"] for e in step.log)
    assert len(mine_in(s, hexes[0], "IL-inf-bn")) == 3


def test_s1_5d_the_arab_league_reforms_nothing_the_mix_cannot_make():
    """The test pack's Arab League deploys battalions only and its mix has no AAS, ALA or Egyptian commando
    brigade: its deployment offers no split and no reform (4.6)."""
    s = new_game("independence")
    while engine.active_roles(s) == ["arab"]:
        legal = engine.legal_actions(s, "arab")
        assert "split" not in legal and "reform" not in legal
        act(s, "arab", first_legal(s, "arab"))
