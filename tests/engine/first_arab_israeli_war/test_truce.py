"""Truces (22.0): from June 1948 (22.4), not during a truce (22.6), their length (22.2), violation (22.3)."""

from __future__ import annotations

import pytest

from engine.core.flow import Context
from engine.games.first_arab_israeli_war import truce

from .faiw_air_helpers import at_phase
from .faiw_air_helpers import truce as in_truce
from .faiw_helpers import FixedChance


@pytest.fixture
def s():
    return at_phase("arab", "air")


def _g(state, *rolls):
    return Context(state, FixedChance(rolls), None)


def test_22_4_no_truce_before_june_1948(s):
    assert s["month"] == "1948-05"
    assert truce.start(_g(s), "Event 34") is False and s["truce"] is None  # no die rolled


@pytest.mark.parametrize(("roll", "until"), [(1, "1948-06"), (2, "1948-06"), (3, "1948-07"), (4, "1948-07"),
                                             (5, "1948-08"), (6, "1948-08")])
def test_22_2_the_length_die_counts_this_turn(s, roll, until):
    s["month"] = "1948-06"
    assert truce.start(_g(s, roll), "Event 34")
    assert s["truce"]["from"] == "1948-06" and s["truce"]["until"] == until


def test_22_6_a_truce_during_a_truce_is_no_event(s):
    s["month"] = "1948-06"
    truce.start(_g(s, 1), "Event 34")
    first = dict(s["truce"])
    assert truce.start(_g(s), "Event 55", armistice=True) is False and s["truce"] == first


def test_22_6_the_length_is_capped_at_the_last_turn(s):
    s["month"] = "1949-01"
    truce.start(_g(s, 6), "Event 34")
    assert s["truce"]["until"] == "1949-01" == s["last_month"]


def test_22_3_a_truce_may_not_be_violated_in_its_first_turn(s):
    s["month"] = "1948-06"
    truce.start(_g(s, 6), "Event 34")
    assert truce.in_effect(s) and not truce.violable(s)
    s["month"] = "1948-07"
    assert truce.violable(s)


def test_22_3_violation_ends_the_truce_and_gives_the_other_side_10_vp(s):
    in_truce(s, "1948-04", "1948-06")
    vp = dict(s["vp"])
    assert truce.violated(_g(s), "israel", "crossing a border")
    assert s["truce"] is None and s["vp"]["arab"] == vp["arab"] + 10 and s["vp"]["israel"] == vp["israel"]
    assert truce.violated(_g(s), "israel", "again") is False
