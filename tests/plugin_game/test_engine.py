"""The tiny game found as a plug-in (its distribution's ``umpire.games`` entry point) and played through the
engine's contract: a win, a draw (``{"winner": None}``), its facts, invariants and protected keys."""

from __future__ import annotations

from importlib.metadata import entry_points

import pytest

import engine
from engine import plugins
from engine.core import corrections
from engine.core.chance import ScriptedChance, SeededChance
from engine.core.errors import IllegalActionError
from engine.core.game import REGISTRY

from .conftest import SLUG


def play(scenario: str, orders: list[str], rolls=()) -> dict:
    state = engine.setup(SLUG, scenario, {}, SeededChance(1))
    chance = ScriptedChance(rolls=list(rolls))
    for order in orders:
        role = engine.active_roles(state)[0]
        engine.apply_in_place(state, role, engine.parse(state, role, order), chance)
        assert not engine.definition(SLUG).invariants(state)
    return state


def test_the_game_is_found_through_its_entry_point(tinygame):
    (ep,) = [ep for ep in entry_points(group=plugins.GROUP) if ep.name == SLUG]
    assert ep.dist.name == "tinygame" and ep.dist.version == "0.1"
    assert ep.load() is tinygame and engine.definition(SLUG) is tinygame
    assert SLUG in {g["slug"] for g in engine.games()} and {"palestine", "arab-revolt"} <= set(REGISTRY)


def test_a_win_and_a_draw():
    won = play("standard", ["roll", "add 3", "roll", "add 3", "roll"], rolls=[6, 6, 6])
    assert engine.outcome(won) == {"winner": "red", "reason": "red brought the counter to 20 (T3)"}
    assert engine.active_roles(won) == [] and engine.view(won, "blue")["waiting_for"] == []
    drawn = play("short", ["add 3", "add 2"])
    assert engine.outcome(drawn) == {"winner": None, "reason": "a draw: nobody reached 20 in 2 turns (T4)"}
    assert engine.active_roles(drawn) == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        engine.apply(drawn, "red", "add 1")


def test_facts_invariants_and_protected_keys(tinygame):
    state = play("standard", ["add 3", "add 2"])
    assert engine.facts(engine.view(state, "public")) == [{"label": "Counter", "value": "5 of 20"},
                                                          {"label": "Turns", "value": "2 of 20"}]
    assert tinygame.invariants(state) == []
    assert tinygame.invariants({**state, "counter": -1}) == ["the counter is -1 (T2)"]
    fixed = dict(state)
    corrections.apply_in_place(fixed, "correct set counter 7 T2: counter misread")
    assert fixed["counter"] == 7
    with pytest.raises(IllegalActionError, match="'turns' cannot be corrected"):
        corrections.apply_in_place(dict(state), "correct set turns 30 T4")
    assert corrections.protected(state) == corrections.GENERIC | {"turns"}
