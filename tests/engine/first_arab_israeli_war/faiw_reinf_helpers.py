"""Positions for the reinforcement, reorganization and recovery tests (issue 31): a phase of one side pushed on
top of a deployed game, in the month wanted, with the dice fixed, then orders through the engine."""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import Recorder
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.first_arab_israeli_war import DEFINITION, units

from .faiw_helpers import FixedChance, act, deployed


def ctx(state: dict, rolls=()) -> Context:
    """A context on *state* for calling the rules' functions directly (``g.log`` holds what they said)."""
    return Context(state, Recorder(FixedChance(rolls)), DEFINITION.rules, DEFINITION.procedures)


def push(state: dict, name: str, role: str | None, rolls=(), **local) -> list[dict]:
    """Pushes procedure *name* for *role* on top of the game's flow and runs it until a decision; returns the
    log. The dice are *rolls* (an unexpected roll fails the test)."""
    g = ctx(state, rolls)
    g.call(name, role, **local)
    g.settle()
    return g.log


def phase(state: dict, side: str, name: str, month: str | None = None, rolls=()) -> list[dict]:
    """*side*'s phase *name* (``reinforcement``...) of *month*, begun on top of the position."""
    if month:
        state["month"] = month
    return push(state, f"faiw.phase.{name}", side, rolls)


def fresh(scenario: str = "independence") -> dict:
    """A deployed game with nothing pending."""
    return deployed(scenario)


def top(state: dict) -> dict:
    return state["flow"][-1]


def legal(state: dict, role: str) -> dict[str, list[str]]:
    return engine.legal_actions(state, role)


def refused(state: dict, role: str, order: str, words: str) -> str:
    """The order is refused, the refusal saying *words*."""
    with pytest.raises(IllegalActionError) as e:
        act(state, role, order)
    assert words in str(e.value), str(e.value)
    return str(e.value)


def texts(log: list[dict]) -> str:
    return "\n".join(e["text"] for e in log)


def clear_side(state: dict, side: str, *hexes: str) -> None:
    """Takes *side*'s counters and supply out of *hexes* (back to the pool)."""
    for cid, rec in state["units"].items():
        if rec["status"] == "map" and rec["at"] in hexes and units.side_of(state, cid) == side:
            state["units"][cid] = {"status": "pool", "at": None, "broken": False}
    for h in hexes:
        state["supply"].get(side, {}).pop(h, None)


def empty(state: dict, *hexes: str) -> None:
    for side in ("arab", "israel", "british"):
        clear_side(state, side, *hexes)
