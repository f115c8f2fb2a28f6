"""Test helpers for Palestine: build small positions, play orders with scripted chance.

Positions are built from the standard setup so that piece totals stay right: ``clear`` sends every map
piece to Available, and ``put`` takes pieces from Available (or, for Cells, from Prison when asked).
"""

from __future__ import annotations

import engine
from engine.core.chance import SeededChance
from engine.games.palestine import board as B
from engine.testing import Position

from ..scripted import run_scripted

KEYS = ("troops", "police", "cells_u", "cells_a", "caches")


def fresh(scenario: str = "standard", seed: int = 0) -> dict:
    return engine.setup("palestine", scenario, {}, SeededChance(seed))


def clear(state: dict) -> dict:
    """Empties the map: all pieces to Available, no markers."""
    for x in state["spaces"].values():
        state["available"]["troops"] += x["troops"]
        state["available"]["police"] += x["police"]
        state["available"]["cells"] += x["cells_u"] + x["cells_a"]
        state["available"]["caches"] += x["caches"]
        x.update(B.empty_space())
    return state


def put(state: dict, sid: str, **counts) -> dict:
    """Moves pieces from Available into *sid*: troops, police, cells_u, cells_a, caches; markers
    (sabotage, terror, curfew) are set directly."""
    x = state["spaces"][sid]
    for key, n in counts.items():
        if key in ("sabotage", "terror", "curfew"):
            x[key] = n
            continue
        piece = "cells" if key in ("cells_u", "cells_a") else key
        if state["available"][piece] < n:
            raise ValueError(f"not enough {piece} Available to put {n} in {sid}")
        state["available"][piece] -= n
        x[key] += n
    return state


def to_prison(state: dict, n: int) -> dict:
    state["available"]["cells"] -= n
    state["prison"] += n
    return state


def at_card(state: dict, cid: str, first: str = "irgun") -> dict:
    """Makes *cid* the current card with *first* to choose a box (the turn's start, 2.3.2): the position of
    *state* is rebuilt at that decision (engine.testing), in place."""
    new = Position(state).turn(first, cid).state()
    state.clear()
    state.update(new)
    return state


def run(state: dict, *actions: str, rolls=(), draws=()) -> tuple[dict, list[dict]]:
    """Applies *actions* in order, each for the role that must act, to a copy of *state*.

    Every scripted die and draw must be used. Returns the new state and the log entries.
    """
    return run_scripted(state, actions, rolls, draws, totals)


def totals(s: dict) -> None:
    assert B.count_pieces(s) == B.TOTALS


def legal(state: dict) -> dict:
    role = engine.active_roles(state)[0]
    return engine.legal_actions(state, role)


def sp(state: dict, sid: str) -> dict:
    return state["spaces"][sid]


def role(state: dict) -> str:
    """The role that must act now."""
    return engine.active_roles(state)[0]


def at_track(s: dict, h: int) -> dict:
    """Puts the Haganah Track at *h*, the boxes right of it holding their pieces (6.5.2)."""
    s["haganah"] = h
    for box, caps in (("4", {"cells": 2, "caches": 1}), ("3", {"cells": 3})):
        for piece, n in caps.items():
            want = n if int(box) > h else 0
            s["available"][piece] -= want - s["haganah_slots"][box][piece]
            s["haganah_slots"][box][piece] = want
    return s


def board(cid: str, first: str = "british", h: int = 2, pw: int = 10, **spaces) -> dict:
    """An empty map with the Haganah Track at *h*, Political Will *pw*, the given pieces (space ids with
    underscores as keyword names), and card *cid* current with *first* to choose a box."""
    b = Position("palestine").clear().track(haganah=h, political_will=pw)
    for sid, counts in spaces.items():
        b.put(sid.replace("_", "-"), **counts)
    return b.turn(first, cid).state()


def hold_chits(s: dict, *values: int) -> dict:
    """The British hold Intel Chits of *values*, taken from the bag (1.6.1)."""
    for v in values:
        s["intel"]["bag"].remove(v)
        s["intel"]["held"].append(v)
    s["intel"]["held"].sort()
    return s
