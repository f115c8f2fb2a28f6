"""Test helpers for Malaya: build small positions, play orders with scripted chance.

Positions are built with the position builder (engine.testing) from the standard setup, so that piece totals
stay right: ``clear`` sends every map piece to Available, and ``put`` takes pieces from Available. Control
is computed from the pieces as the position is built (1.7). After every run the game's invariants must hold
(pieces conserved, Control kept equal to Control computed, New Villages, tracks).
"""

from __future__ import annotations

import engine
from engine.games.malaya import board as B
from engine.games.malaya.invariants import invariants
from engine.testing import Position

from ..scripted import run_scripted

LEVEL = {"support": 1, "neutral": 0, "opposition": -1}


def position(pw: int = 10, british: int = 20, mcp: int = 10, commander: int = 0,
             capabilities: dict | None = None, gurney_killed: bool = False, **spaces) -> Position:
    """The position builder (engine.testing) on an empty map with the given pieces and markers (space ids
    with underscores as keyword names; a space's ``support`` -1, 0 or 1), Political Will *pw*, Resources
    *british* and *mcp*, the Commander Track's box, Capabilities, Gurney Killed; its decision is the
    caller's."""
    b = Position("malaya").clear().track(political_will=pw, resources_british=british, resources_mcp=mcp,
                                         commander=commander)
    b.position["spaces"] = {}
    for sid, counts in spaces.items():
        b.put(sid.replace("_", "-"), **counts)
    for cid_, side in (capabilities or {}).items():
        b.capability(cid_, side)
    if gurney_killed:
        b.position["gurney_killed"] = True
    return b


def board(cid: str = "M4", first: str = "british", **kw) -> dict:
    """:func:`position` with card *cid* just revealed and *first* to act, waiting at the box choice."""
    return position(**kw).card(cid, first=first).state()


def turn(faction: str, cid: str = "M4", first: str | None = None, **kw) -> dict:
    """:func:`position` waiting at *faction*'s choice of a box on card *cid* (1st Eligible unless *first*)."""
    return position(**kw).turn(faction, cid, first=first).state()


def check(s: dict) -> None:
    problems = invariants(s)
    assert not problems, problems


def run(state: dict, *actions: str, rolls=(), draws=()) -> tuple[dict, list[dict]]:
    """Applies *actions* in order, each for the role that must act, to a copy of *state*. Every scripted die
    and draw must be used; the invariants must hold at the end. Returns the new state and the log entries."""
    return run_scripted(state, actions, rolls, draws, check)


def legal(state: dict) -> dict:
    return engine.legal_actions(state, role(state))


def role(state: dict) -> str:
    """The role that must act now."""
    return engine.active_roles(state)[0]


def sp(state: dict, sid: str) -> dict:
    return state["spaces"][sid]


def texts(log: list[dict]) -> str:
    return "\n".join(e["text"] for e in log)


__all__ = ["B", "position", "board", "turn", "check", "run", "legal", "role", "sp", "texts", "LEVEL"]
