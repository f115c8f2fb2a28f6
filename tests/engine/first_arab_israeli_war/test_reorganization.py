"""The Reorganization phase (5.0 splitting and reforming, 6.0 promotion, 15.0 entrenchment) on the test pack
(made-up data, issue 31)."""

from __future__ import annotations

import pytest

from engine.games.first_arab_israeli_war import entrenchment, reorganization, units

from .faiw_helpers import act, put
from .faiw_reinf_helpers import ctx, empty, fresh, legal, phase, refused, top

H = "0303"  # a Jewish settlement (clear) of the test map


def reorg(side="israel", scenario="independence"):
    s = fresh(scenario)
    empty(s, H)
    return s


def test_5_1a_split_an_israeli_infantry_brigade_into_three_battalions():
    s = reorg()
    put(s, "IL-inf-bde-1", H)
    phase(s, "israel", "reorganization")
    assert "IL-inf-bde-1" in legal(s, "israel")["split"]
    act(s, "israel", "split IL-inf-bde-1")
    here = units.at(s, H)
    assert "IL-inf-bde-1" not in here and sum(c.startswith("IL-inf-bn") for c in here) == 3
    assert s["units"]["IL-inf-bde-1"]["status"] == "pool"  # ruling R-5.1-pool


def test_5_2_mechanized_brigade_splits_into_recon_infantry_and_commando():
    s = reorg()
    s["units"]["IL-recon-bn-3"]["status"] = "pool"
    put(s, "IL-mech-bde-2", H)
    made = reorganization.split(s, "IL-mech-bde-2")
    assert sorted(units.counter(s, c).type for c in made) == ["commando", "infantry", "recon"]


def test_5_3_a_broken_brigade_splits_into_broken_battalions_and_reforms_broken():
    s = reorg()
    put(s, "IL-inf-bde-1", H, broken=True)
    made = reorganization.split(s, "IL-inf-bde-1")
    assert all(s["units"][c]["broken"] for c in made)
    s["units"][made[0]]["broken"] = s["units"][made[1]]["broken"] = False
    reorganization.reform(s, "IL-inf-bde-1", made)
    assert s["units"]["IL-inf-bde-1"]["broken"] and s["units"]["IL-inf-bde-1"]["at"] == H


def test_5_1b_reform_battalions_of_one_hex_into_a_brigade():
    s = reorg()
    for cid in ("IL-inf-bn-10", "IL-inf-bn-11", "IL-inf-bn-12"):
        put(s, cid, H)
    s["units"]["IL-inf-bde-1"]["status"] = "pool"
    phase(s, "israel", "reorganization")
    assert f"IL-inf-bde-1 {H}" in legal(s, "israel")["reform"]
    act(s, "israel", f"reform IL-inf-bde-1 {H}")
    assert units.at(s, H) == ["IL-inf-bde-1"] and s["units"]["IL-inf-bn-10"]["status"] == "pool"


def test_5_1b_reform_needs_all_the_battalions_in_one_hex():
    s = reorg()
    put(s, "IL-inf-bn-10", H)
    put(s, "IL-inf-bn-11", H)
    put(s, "IL-inf-bn-12", "0404")
    s["units"]["IL-inf-bde-1"]["status"] = "pool"
    phase(s, "israel", "reorganization")
    assert "reform" not in legal(s, "israel") or f"IL-inf-bde-1 {H}" not in legal(s, "israel")["reform"]
    refused(s, "israel", f"reform IL-inf-bde-1 {H}", "5.1b")
    with pytest.raises(ValueError):
        reorganization.reform(s, "IL-inf-bde-1", ["IL-inf-bn-10", "IL-inf-bn-11", "IL-inf-bn-12"])


def test_5_4_one_nationality_in_and_out():
    s = reorg()
    empty(s, "0805")
    put(s, "AL-egy-inf-bn-1", "0805")
    put(s, "AL-egy-inf-bn-2", "0805")
    put(s, "AL-leb-inf-1", "0805")
    s["units"]["AL-egy-inf-bde-1"]["status"] = "pool"
    assert reorganization.brigades_for(s, "arab", "0805") == []
    with pytest.raises(ValueError):
        reorganization.reform(s, "AL-egy-inf-bde-1", ["AL-egy-inf-bn-1", "AL-egy-inf-bn-2", "AL-leb-inf-1"])
    put(s, "AL-egy-inf-bn-3", "0805")
    assert reorganization.brigades_for(s, "arab", "0805") == ["AL-egy-inf-bde-1"]


def test_5_5_irgun_and_stern_never_split_or_reform():
    s = reorg()
    put(s, "IL-irgun-1", H)
    why = reorganization.split_refusal(s, "IL-irgun-1")
    assert why and why.rule == "5.5"
    phase(s, "israel", "reorganization")
    refused(s, "israel", "split IL-irgun-1", "never split or reform (5.5)")


def test_4_6_a_split_needs_the_battalions_in_the_mix():
    s = reorg()
    put(s, "IL-inf-bde-1", H)
    for i in range(1, 13):
        s["units"][f"IL-inf-bn-{i}"]["status"] = "eliminated"  # eliminated: not usable (R-5.1-pool)
    assert reorganization.split_refusal(s, "IL-inf-bde-1").rule == "4.6"
    phase(s, "israel", "reorganization")
    assert "IL-inf-bde-1" not in legal(s, "israel").get("split", [])
    refused(s, "israel", "split IL-inf-bde-1", "(4.6")


def test_6_2_promote_a_militia_group_to_an_infantry_battalion_spending_a_supply_point():
    s = reorg()
    put(s, "IL-militia-1", H)
    s["supply"]["israel"][H] = 2
    phase(s, "israel", "reorganization")
    assert "IL-militia-1" in legal(s, "israel")["promote"]
    act(s, "israel", "promote IL-militia-1")
    new = [c for c in units.at(s, H)]
    assert len(new) == 1 and units.counter(s, new[0]).type == "infantry" and s["supply"]["israel"][H] == 1
    assert new[0] in s["flags"]["promoted"]["units"]


def test_6_3_a_unit_is_promoted_once_a_turn():
    s = reorg()
    put(s, "IL-militia-1", H)
    s["supply"]["israel"][H] = 2
    phase(s, "israel", "reorganization")
    act(s, "israel", "promote IL-militia-1")
    new = units.at(s, H)[0]
    assert new not in legal(s, "israel").get("promote", [])
    refused(s, "israel", f"promote {new}", "once a turn a unit (6.3)")
    s["month"] = "1948-06"
    assert reorganization.promote_refusal(s, "israel", new) is None  # the next turn


def test_6_1_promotion_needs_supply_in_the_hex_and_keeps_the_face():
    s = reorg()
    put(s, "IL-cdo-bn-2", H, broken=True)
    phase(s, "israel", "reorganization")
    refused(s, "israel", "promote IL-cdo-bn-2", "no Israeli supply point")
    s["supply"]["israel"][H] = 1
    new = reorganization.promote(s, "IL-cdo-bn-2")
    assert units.counter(s, new).type == "recon" and s["units"][new]["broken"]  # ruling R-6.1-face


def test_6_6_only_zahal_and_only_israel_promote():
    s = reorg()
    put(s, "IL-irgun-1", H)
    s["supply"]["israel"][H] = 1
    assert reorganization.promote_refusal(s, "israel", "IL-irgun-1").rule == "6.6"
    assert reorganization.promote_refusal(s, "arab", "AL-aas-gue-1").rule == "6.0"
    phase(s, "arab", "reorganization")
    assert "promote" not in legal(s, "arab")


def test_15_1_entrench_spends_a_supply_point_beside_a_combat_unit():
    s = reorg()
    put(s, "IL-inf-bn-10", H)
    s["supply"]["israel"][H] = 1
    phase(s, "israel", "reorganization")
    assert H in legal(s, "israel")["entrench"]
    act(s, "israel", f"entrench {H}")
    assert s["entrenched"][H] == "israel" and H not in s["supply"]["israel"]


def test_15_2_one_marker_a_hex_and_a_combat_unit_needed():
    s = reorg()
    s["supply"]["israel"][H] = 2
    put(s, "IL-ldr-marcus", H)
    phase(s, "israel", "reorganization")
    refused(s, "israel", f"entrench {H}", "no combat unit of yours")
    put(s, "IL-inf-bn-10", H)
    act(s, "israel", f"entrench {H}")
    refused(s, "israel", f"entrench {H}", "never more than one a hex (15.2)")


def test_15_4_tidy_removes_a_marker_with_no_friendly_unit_left():
    s = reorg()
    put(s, "IL-inf-bn-10", H)
    s["entrenched"][H] = "israel"
    g = ctx(s)
    entrenchment.tidy(g)
    assert H in s["entrenched"]
    s["units"]["IL-inf-bn-10"] = {"status": "eliminated", "at": None, "broken": False}
    entrenchment.tidy(g)
    assert H not in s["entrenched"] and "(15.4)" in g.log[-1]["text"]


def test_5_2_take_chooses_between_counters_that_differ():
    s = reorg()
    put(s, "AL-egy-inf-bn-1", "0805")
    put(s, "AL-egy-inf-bn-2", "0805", broken=True)
    put(s, "AL-egy-inf-bn-3", "0805")
    empty(s, "0804")
    put(s, "AL-egy-cdo-1", "0804")
    s["units"]["AL-egy-inf-bde-2"]["status"] = "pool"
    phase(s, "arab", "reorganization")
    act(s, "arab", "reform AL-egy-inf-bde-2 0805")
    # all three are needed: an effective and a broken kind, each taken in turn only where it is a choice
    assert top(s)["p"] == "faiw.phase.reorganization"
    while "take" in legal(s, "arab"):
        act(s, "arab", f"take {legal(s, 'arab')['take'][0]}")
    assert s["units"]["AL-egy-inf-bde-2"]["at"] == "0805" and s["units"]["AL-egy-inf-bde-2"]["broken"]
