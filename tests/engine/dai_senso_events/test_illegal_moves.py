"""Illegal orders at the Dai Senso! political events desk (GAME-STANDARD.md: each refused with its code, the rule
that forbids it and the facts of the position, and nothing changes), on the sample position.

The table ``CASES`` holds one refused order per row, named by its rule; each row runs three ways
(tests/engine/refusals.py): ``engine.apply``, a move file rejected whole, and the reason its reply gives.
"""

from __future__ import annotations

import pytest

from ..refusals import (
    Case,
    check_engine_refuses,
    check_move_file_refusal_names_the_rule,
    check_move_file_rejected_whole,
)
from .ds_helpers import play, state


def declared(n: int, recv: str, *fields: str) -> tuple[str, ...]:
    """The desk's orders declaring event 15.*n* received by *recv* with its *fields*, then resolving it."""
    return (f"event 15.{n}", f"receiver {recv}", *fields, "resolve")


S = state


def after(*orders: str, rolls: tuple[int, ...] = ()):
    """The sample position after *orders*, each given by the faction awaited then (a declaration by the desk's
    holder, then the receiver's or another faction's choices), with the dice *rolls*: a Case's board where the
    refused order is another faction's than the desk's holder."""
    return lambda: play(state(), list(orders), rolls=rolls)[0]


CASES = [
    # The desk and the declaration (ruling R-15-desk)
    Case("15_not_the_desks_holder", S, "western", (), "pass", "not-your-turn", ("waiting for axis",)),
    Case("15_no_such_event", S, "axis", (), "event 15.38", "illegal", ("not a political event", "15.1 to 15.37"),
         rule="15"),
    Case("15_nothing_to_clear", S, "axis", (), "clear", "illegal", ("no players' step nor manual ruling",),
         rule="15"),
    Case("15_9_resolve_before_the_declaration_is_complete", S, "axis", ("event 15.9",), "resolve", "illegal",
         ("name the receiver, country, faction first",), rule="15.9"),
    Case("15_the_receiver_named_twice", S, "axis", ("event 15.9", "receiver axis"), "receiver axis", "illegal",
         ("named as the receiver already",), rule="15"),
    Case("15_9_the_country_is_not_neutral", S, "axis", ("event 15.9", "receiver axis"), "country kansu", "illegal",
         ("Kansu is soviet, not Neutral",), rule="15"),
    Case("15_3_names_no_country", S, "axis", ("event 15.3", "receiver axis"), "country hopeh", "illegal",
         ("15.3 names no country",), rule="15.3"),
    Case("15_3_names_no_faction", S, "axis", ("event 15.3", "receiver axis"), "faction axis", "illegal",
         ("15.3 names no faction",), rule="15.3"),
    Case("15_32_not_an_imperial_directive_card", S, "axis", ("event 15.32", "receiver axis"), "card 58", "illegal",
         ("58 is not an Imperial Directive card", "52 to 57"), rule="15.32"),
    # The events
    Case("15_1_a_hex_with_nothing_to_strike", after(*declared(1, "axis"), rolls=(5,)), "soviet", (), "hex Nowhere", "illegal",
         ("holds no Axis Detachment or Logistics marker",), rule="15.1"),
    Case("15_2_banzai_is_a_must", S, "axis", declared(2, "axis"), "decline", "illegal", ("decline",), rule="15.2"),
    Case("15_4_a_policy_not_in_the_named_posture_boxes", S, "axis", declared(4, "axis"), "policy peace", "illegal",
         ("peace is no Policy in the russia, communist-china, nationalist-china Posture Boxes",), rule="15.4"),
    Case("15_4_a_step_of_a_unit_not_kwantung", S, "axis", declared(4, "axis"), "step jp-bomber-1", "illegal",
         ("not a Japanese Kwantung unit on the map",), rule="15.4"),
    Case("15_4_the_army_marker_only_when_the_army_leads", S, "axis", declared(4, "axis"), "government",
         "illegal", ("Navy side", "only with the Army leading the government"), rule="15.4"),
    Case("15_5_a_border_country_that_is_not_neutral", S, "axis", declared(5, "axis", "country hopeh"),
         "border kansu", "illegal", ("Kansu is soviet, not Neutral",), rule="15.5"),
    Case("15_8_chinese_strife_is_the_axis_option", after(*declared(8, "western")), "western", (), "strife", "illegal",
         ("strife is not an option of 15.8 for the Western faction",), rule="15.8"),
    Case("15_8_encourage_resistance_is_an_allied_option", S, "axis", declared(8, "axis"),
         "resistance nationalist-china", "illegal", ("resistance is not an option of 15.8 for the Axis",),
         rule="15.8"),
    Case("15_15_a_support_unit_of_another_faction", S, "axis", declared(15, "western", "failure command"),
         "delay jp-bomber-1", "illegal", ("jp-bomber-1", "is not a support unit of the Western faction"),
         rule="15.15"),
    Case("15_19_activation_needs_the_receivers_influence_marker", after(*declared(19, "western", "selected mongolia")), "western",
         (), "join mongolia", "illegal",
         ("Mongolia is activated only if Neutral with the Western faction's Influence marker",), rule="15.19"),
    Case("15_19_no_neutrality_marker_to_remove", S, "axis", declared(19, "axis", "selected hopeh"),
         "remove neutrality", "illegal", ("Hopeh holds no neutrality marker",), rule="15.19"),
    Case("15_24_military_takeover_flips_nothing", S, "axis", declared(24, "axis"), "flip", "illegal", ("flip",),
         rule="15.24"),
    Case("15_28_neutrals_pressured_is_a_must", S, "axis", declared(28, "axis"), "decline", "illegal", ("decline",),
         rule="15.28"),
    Case("15_29_army_heroic_effort_needs_28b", S, "axis", (*declared(29, "axis"), "decline"), "army jp-bomber-1",
         "illegal", ("has not played card 28b North Wind Cloudy",), rule="15.29"),
    Case("15_30_the_western_faction_cannot_select_war_in_asia", after(*declared(30, "western")), "western", (),
         "asia disputes", "illegal", ("the Western faction cannot select War in Asia",), rule="15.30"),
    Case("15_30_the_soviet_faction_cannot_select_war_in_the_pacific", after(*declared(30, "soviet")), "soviet", (),
         "pacific peace", "illegal", ("the Soviet faction cannot select War in the Pacific",), rule="15.30"),
    Case("15_31_power_shift_places_no_blitz", S, "axis", declared(31, "axis"), "blitz", "illegal", ("blitz",),
         rule="15.31"),
    Case("15_35_the_neutrality_policy_cannot_be_ended", after(*declared(35, "western", "challenge britain")), "western",
         (), "policy neutrality", "illegal",
         ("the Neutrality Policy cannot be ended",), rule="15.35"),
    # Orders the desk does not know, or after the session ended
    Case("15_an_unknown_order", S, "axis", (), "bomb hopeh", "invalid", ("bomb",)),
    Case("15_a_role_that_does_not_exist", S, "japan", (), "pass", "invalid", ("japan", "axis, western, soviet")),
    Case("15_the_session_is_over", S, "axis", ("end",), "pass", "illegal", ("game is over",)),
]
IDS = [c.id for c in CASES]


def test_the_table_holds_at_least_30_distinct_refusals():
    assert len(IDS) == len(set(IDS)) and len(CASES) >= 30
    assert sum(1 for c in CASES if c.rule) >= 25


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_engine_api_refuses(case: Case):
    check_engine_refuses(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_with_the_order_is_rejected_whole(case: Case):
    check_move_file_rejected_whole(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_move_file_refusal_names_the_rule_or_reason(case: Case):
    check_move_file_refusal_names_the_rule(case)
