"""What Kenya's Event tests share (test_events_k12_k22.py, test_events_k23_k32.py): positions built with
engine.testing (an empty map, the pieces, tracks, Capabilities and lowered Populations given), a card current
for the faction that acts first, orders played with scripted dice and the invariants checked after each, and
the words to read the result."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.kenya.invariants import invariants
from engine.testing import Position

from ..scripted import run_scripted


def check(s: dict) -> None:
    problems = invariants(s)
    assert not problems, problems


def position(pipeline: int = 2, pw: int = 10, resources: int = 5, caps: dict | None = None,
             population: dict | None = None, **spaces) -> Position:
    """An empty map with the given pieces and markers (``support`` -1 Resistance, 1 Loyal; ``terror``), the
    tracks, Capabilities and lowered Populations (a Population marker, ruling R-POPULATION). The standard setup
    leaves 8 Police Out of Play."""
    p = Position("kenya").clear().track(political_will=pw, resources_maumau=resources, pipeline=pipeline)
    for sid, counts in spaces.items():
        p.put(sid.replace("_", "-"), **counts)
    for cid, side in (caps or {}).items():
        p.capability(cid, side)
    if population:
        p.position["population"] = {k.replace("_", "-"): v for k, v in population.items()}
    return p


def board(cid: str, first: str = "british", rulings: dict | None = None, **kw) -> dict:
    """Card *cid* current, *first* 1st Eligible at its choice of a box; *rulings* the umpire's readings."""
    s = position(**kw).turn(first, cid).state()
    if rulings:
        s["rulings"] = rulings
    return s


def run(state, *orders, rolls=()):
    return run_scripted(state, orders, rolls, (), check)


def role(state) -> str:
    return engine.active_roles(state)[0]


def legal(state):
    return engine.legal_actions(state, role(state))


def refused(state, order, match):
    with pytest.raises(IllegalActionError, match=match):
        engine.apply(state, role(state), order)


def offered(cid, first="british", **kw) -> set[str]:
    """The texts of card *cid* offered in the Event box (5.1.3: only those that can change something)."""
    s, _ = run(board(cid, first, **kw), "box event")
    return {k for k in legal(s) if k in ("unshaded", "shaded", "event")}


def texts(log) -> str:
    return "\n".join(e["text"] for e in log)


def sp(state, sid):
    return state["spaces"][sid]


def over(state, first="british") -> bool:
    """The executing faction's turn is over: the other faction is at its choice of a box."""
    return role(state) != first and "box" in legal(state)
