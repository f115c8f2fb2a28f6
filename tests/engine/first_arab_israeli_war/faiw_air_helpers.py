"""Positions for the air, reconnaissance, event, truce, terrorism, treaty and armistice tests (issue 31): a game
advanced to a side's phase through the engine's own orders, then a bare map with the counters put by hand."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import units

from .faiw_helpers import act, advance_to, deployed, put

__all__ = ["at_phase", "bare", "ready_air", "legal", "put", "supply", "truce", "refused_rule"]


def at_phase(side: str = "arab", phase: str = "air", scenario: str = "independence", month: str | None = None,
             **options) -> dict:
    """A game at *side*'s *phase* (Scenario 1 starts in May 1948: air units may fly)."""
    s = deployed(scenario, **options)
    return advance_to(s, side, phase, month)


def bare(state: dict) -> dict:
    """Every counter off the map (back to the pool) and no supply: a clean board for a position."""
    for cid, rec in state["units"].items():
        if rec["status"] in ("map", "available", "completed"):
            state["units"][cid] = {"status": "pool", "at": None, "broken": False}
    for side in units.SIDES:
        state["supply"][side] = {}
    state["revealed"] = {"arab": [], "israel": []}
    return state


def ready_air(state: dict, *cids: str, status: str = "available") -> None:
    for cid in cids:
        state["units"][cid] = {"status": status, "at": None, "broken": False}


def supply(state: dict, side: str, hex_: str, points: int = 1) -> None:
    state["supply"][side][hex_] = points


def legal(state: dict, role: str) -> dict:
    return engine.legal_actions(state, role)


def truce(state: dict, start: str | None = None, until: str | None = None) -> None:
    """A truce in effect (22.0) from *start* to *until*: by default this month alone, the truce's first turn, in
    which it may not be violated (22.1b, 22.3)."""
    state["truce"] = {"from": start or state["month"], "until": until or state["month"], "event": "t",
                      "armistice": False}


def refused_rule(state: dict, role: str, order: str) -> str:
    """The order is refused: the rule its refusal cites."""
    with pytest.raises(IllegalActionError) as e:
        act(state, role, order)
    return e.value.rule
