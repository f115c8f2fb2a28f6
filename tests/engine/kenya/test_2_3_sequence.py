"""Kenya's turn sequence as far as it is built (issue 28), and the roll for Outrage (6.6.3): the game starts with the Mau Mau 1st Eligible on
the first card (2.2, L3162); a Pass still takes a box (2.3.3, ruling R-PASS); a Mau Mau Pass gains 1 Resource
and a British Pass may shift the Pipeline one box either way or leave it (2.3.3); the position files round
trip and refuse a Population out of range (1.3.2, ruling R-POPULATION)."""

from __future__ import annotations

import re

import pytest

import engine
from engine.core.chance import Recorder, ScriptedChance, SeededChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.kenya import POSITION, RULES
from engine.games.kenya import board as B
from engine.games.kenya.outrage import roll_outrage
from engine.testing import Position


def started(first: str = "maumau", pipeline: int = 1, resources: int = 8) -> dict:
    """A standard game at *first*'s box choice on the Example of Play's first card, with the given tracks."""
    p = Position("kenya").track(pipeline=pipeline, resources_maumau=resources)
    return p.turn(first, "K19").state()


def apply(state: dict, *orders: str) -> dict:
    for order in orders:
        role = engine.active_roles(state)[0]
        engine.apply_in_place(state, role, order, SeededChance(1, context="d"))
    return state


def test_2_2_the_mau_mau_are_first_to_choose_a_box_on_the_first_card():
    state = engine.setup("kenya", "standard", {}, SeededChance(3, context="setup"))
    assert engine.active_roles(state) == ["maumau"]
    assert engine.legal_actions(state, "maumau") == {"box": ["limited", "event", "opsa"]}
    assert state["current"].startswith("K") and state["played"] == [state["current"]]


def test_2_3_3_a_mau_mau_pass_gains_one_resource_and_keeps_its_box():
    state = apply(started(resources=8), "box limited", "pass")
    assert state["resources"]["maumau"] == 9 and state["boxes"]["limited"] == "maumau"
    assert engine.active_roles(state) == ["british"]
    assert apply(started(resources=20), "box limited", "pass")["resources"]["maumau"] == 20  # 1.8: at most 20


@pytest.mark.parametrize("order, after", [("pipeline up", 2), ("pipeline down", 0), ("done", 1)])
def test_2_3_3_a_british_pass_may_shift_the_pipeline_one_box_either_way_or_leave_it(order, after):
    state = apply(started(first="british", pipeline=1), "box opsa", "pass")
    assert engine.legal_actions(state, "british") == {"pipeline": ["up", "down"], "done": []}
    assert "Pipeline Track is at 1 (Emergency Powers)" in engine.prompt(state, "british")["text"]
    state = apply(state, order)
    assert state["pipeline"] == after and state["boxes"]["opsa"] == "british"
    assert engine.active_roles(state) == ["maumau"]


def test_2_3_3_r_pipeline_1_no_shift_past_either_end_of_the_track():
    top = apply(started(first="british", pipeline=B.PIPELINE_MAX), "box opsa", "pass")
    assert engine.legal_actions(top, "british") == {"pipeline": ["down"], "done": []}
    with pytest.raises(IllegalActionError, match="last box"):
        engine.apply_in_place(top, "british", "pipeline up", None)
    bottom = apply(started(first="british", pipeline=B.PIPELINE_MIN), "box opsa", "pass")
    assert engine.legal_actions(bottom, "british") == {"pipeline": ["up"], "done": []}


def test_positions_round_trip_from_the_rulebooks_setup():
    body = POSITION.rulebook("standard")
    assert body["tracks"] == {"political_will": 12, "resources_maumau": 8, "pipeline": 1}
    assert body["out_of_play"] == 8 and "population" not in body
    state = Position(body).state()
    assert state["population"] == B.initial_population() and state["control"] == B.CONTROL.computed(state)


@pytest.mark.parametrize("population, words", [({"nyeri": 3}, "from 0 to 2"), ({"somewhere": 1}, "not a space"),
                                               ({"fort-hall": True}, "whole number")])
def test_1_3_2_a_position_refuses_a_population_out_of_range(population, words):
    body = {**POSITION.rulebook("standard"), "population": population}
    faults = POSITION.validate(body)
    assert any(words in f.message and f.path.startswith("population") for f in faults), faults


@pytest.mark.parametrize("pipeline, die, lost", [(2, 1, 1), (2, 2, 0), (3, 2, 1), (4, 3, 1), (4, 4, 0)])
def test_6_6_3_outrage_lowers_political_will_on_a_die_below_the_pipeline(pipeline, die, lost):
    state = started(pipeline=pipeline)
    g = Context(state, Recorder(ScriptedChance(rolls=[die])), RULES)
    assert roll_outrage(g, "Relocate", loss=1) is bool(lost)
    assert state["pw"] == 12 - lost and len(g.chance.outcomes) == 1


@pytest.mark.parametrize("pipeline", [0, 1])
def test_6_6_3_no_outrage_roll_at_pipeline_0_or_1(pipeline):
    state = started(pipeline=pipeline)
    g = Context(state, Recorder(ScriptedChance(rolls=[])), RULES)
    assert roll_outrage(g, "Reprisal") is False
    assert state["pw"] == 12 and g.chance.outcomes == [] and "No Outrage roll" in g.log[-1]["text"]


def test_every_declared_order_word_is_in_kenyas_table_and_no_other(kenya):
    """As tests/engine/test_orders_grammar.py checks every registered game: the table names exactly the words
    Kenya's modules declare, each with its meaning and rule, no card named (the help goes to every seat)."""
    words = [o.word for o in kenya.orders]
    assert len(words) == len(set(words))
    assert set(words) == set(kenya.verbs), (sorted(kenya.verbs - set(words)), sorted(set(words) - kenya.verbs))
    assert all(o.meaning and o.rule for o in kenya.orders)
    assert not [o.form for o in kenya.orders if re.search(r"\b[A-Z]\d+\b", o.form + o.meaning + o.rule)]
