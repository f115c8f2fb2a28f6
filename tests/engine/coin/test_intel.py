"""The Intel Chit bag of the Cell games (engine.coin.intel; Palestine and Cyprus 1.6.1, L276 and L3273): nine
chits 0-2, drawn at random and revealed, held face up, returned to the bag when spent or discarded."""

from __future__ import annotations

import pytest

from engine.coin import intel
from engine.core.chance import Recorder, ScriptedChance, SeededChance
from engine.core.errors import RulesBugError
from engine.core.flow import Context


def ctx(bag=None, held=(), draws=()) -> Context:
    state = {"intel": {"bag": list(intel.INTEL_CHITS if bag is None else bag), "held": list(held)}}
    return Context(state, Recorder(ScriptedChance(draws=draws)), rules=None, procs={})


def test_1_6_1_nine_chits_three_of_each_value():
    assert sorted(intel.INTEL_CHITS) == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    fresh = intel.fresh_intel()
    assert fresh == {"bag": [0, 0, 0, 1, 1, 1, 2, 2, 2], "held": []}
    fresh["bag"].pop()
    assert len(intel.fresh_intel()["bag"]) == 9  # each game gets its own lists


def test_1_6_1_draw_moves_the_drawn_value_to_the_british_and_reveals_it():
    g = ctx(bag=[0, 0, 0, 1, 1, 1, 2, 2], held=[2], draws=[1])
    assert intel.draw_chit(g, "British Pass", rule="2.3.3") == 1
    assert g.s["intel"] == {"bag": [0, 0, 0, 1, 1, 2, 2], "held": [1, 2]}
    assert g.log[-1]["text"] == "British drew an Intel Chit of value 1 (British Pass)."
    assert g.log[-1]["rule"] == "2.3.3"
    assert g.chance.outcomes == [{"kind": "draw", "label": "Intel Chit (British Pass)", "value": 1}]


def test_1_6_1_draw_is_random_over_the_bag():
    seen = set()
    for seed in range(40):
        g = Context({"intel": intel.fresh_intel()}, Recorder(SeededChance(seed)), rules=None, procs={})
        v = intel.draw_chit(g, "test")
        seen.add(v)
        assert sorted(g.s["intel"]["bag"] + g.s["intel"]["held"]) == sorted(intel.INTEL_CHITS)
    assert seen == {0, 1, 2}


def test_1_6_1_draw_from_an_empty_bag_gives_nothing():
    g = ctx(bag=[], held=list(intel.INTEL_CHITS))
    assert intel.draw_chit(g, "Haganah cooperation", rule="6.2.3") is None
    assert g.s["intel"]["held"] == list(intel.INTEL_CHITS) and g.chance.outcomes == []
    assert "the bag is empty" in g.log[-1]["text"]


def test_1_6_1_spent_chit_returns_to_the_bag():
    g = ctx(bag=[0, 0, 1, 1, 1, 2, 2], held=[0, 2])
    intel.spend_chit(g, 2)
    assert g.s["intel"] == {"bag": [0, 0, 1, 1, 1, 2, 2, 2], "held": [0]}
    intel.spend_chit(g, 0)
    assert g.s["intel"] == {"bag": list(intel.INTEL_CHITS), "held": []}


def test_1_6_1_spending_a_chit_not_held_is_a_bug():
    g = ctx(bag=[0, 0, 0, 1, 1, 2, 2, 2], held=[1])
    with pytest.raises(RulesBugError):
        intel.spend_chit(g, 2)
    assert g.s["intel"]["held"] == [1]


def test_1_6_1_values_offered_once_each_and_from_a_minimum():
    g = ctx(bag=[0, 1, 1, 2, 2], held=[0, 0, 1, 2])
    assert intel.chit_values(g) == ["0", "1", "2"]
    assert intel.chit_values(g, 1) == ["1", "2"]
    assert intel.held_text(g) == "0, 0, 1, 2"
    assert intel.bag_size(g) == 5
    assert intel.held_text(ctx()) == "none" and intel.chit_values(ctx()) == []


class Choice(intel.ChitChoice):
    name = "test.chit"


def test_1_6_1_the_british_choose_a_chit_or_none():
    g = ctx(bag=[0, 0, 1, 1, 2, 2, 2], held=[0, 1])
    choice = Choice()
    pay = {"minimum": 1, "ask": "spend an Intel Chit here"}
    assert choice.prompt(g, pay) == {"chit": ["1"], "done": []}
    assert choice.explain(g, pay, "chit", "0") == "a chit of value 0 pays for no Underground Cell (1.6.1)"
    assert choice.explain(g, pay, "chit", "2").endswith("(held: 0, 1) (1.6.1)")
    discard = {"minimum": 0, "ask": "discard an Intel Chit"}
    assert choice.prompt(g, discard) == {"chit": ["0", "1"], "done": []}
    assert choice.explain(g, discard, "chit", "2").endswith("(3.2.3)")
    assert choice.text(g, discard) == "British: discard an Intel Chit (chit VALUE), or done"
