"""Test helpers for Arab Revolt: build small positions, play orders with scripted chance.

Positions are built from the standard setup so that piece totals stay right: ``clear`` sends every map
piece to Available, and ``put`` takes pieces from Available.
"""

from __future__ import annotations

import engine
from engine.core.chance import SeededChance
from engine.games.arab_revolt import board as B
from engine.testing import Position

from ..scripted import run_scripted

PIECE_KEYS = tuple(B.BOARD.piece_of_key)
MARKERS = ("curfew", "sabotage", "opposition", "out_of_play")


def fresh(scenario: str = "standard", seed: int = 0) -> dict:
    return engine.setup("arab-revolt", scenario, {}, SeededChance(seed))


def clear(state: dict) -> dict:
    """Empties the map (Out of Play markers stay): all pieces to Available, no other markers; chits back
    in their cups."""
    for x in state["spaces"].values():
        for key, piece in B.BOARD.piece_of_key.items():
            state["available"][piece] += x[key]
        oop = x["out_of_play"]
        x.update(B.empty_space())
        x["out_of_play"] = oop
    ops = state["ops"]
    ops["pool"] = sorted(ops["pool"] + ops["drawn"] + ops["held"] + ops["set_aside"]
                         + ([ops["played"]["value"]] if ops["played"] else []))
    ops.update(drawn=[], held=[], set_aside=[], played=None)
    return state


def put(state: dict, sid: str, **counts) -> dict:
    """Moves pieces from Available into *sid* (keys of the space); markers are set directly."""
    x = state["spaces"][sid]
    for key, n in counts.items():
        if key in MARKERS:
            x[key] = n
            continue
        piece = B.BOARD.piece_of_key[key]
        if state["available"][piece] < n:
            raise ValueError(f"not enough {piece} Available to put {n} in {sid}")
        state["available"][piece] -= n
        x[key] += n
    return state


def at_card(state: dict, cid: str, first: str = "rebels", draws=()) -> dict:
    """Makes *cid* the current card, just revealed, with *first* 1st Eligible; runs the automatic steps
    (a Mandatory Event, the Rebels' chit draw with scripted *draws*): the position of *state* is rebuilt at
    that decision (engine.testing), in place."""
    new = Position(state).card(cid, first=first).state(draws=draws)
    state.clear()
    state.update(new)
    return state


def board(cid: str = "A13", first: str = "british", pw: int = 10, unity: int = 2, draws=(), **spaces) -> dict:
    """An empty map with the given pieces (space ids with underscores as keyword names), Political Will
    *pw*, the Unity Track at *unity*, and card *cid* current with *first* to act."""
    b = Position("arab-revolt").clear().track(political_will=pw, unity=unity)
    for sid, counts in spaces.items():
        b.put(sid.replace("_", "-"), **counts)
    return b.card(cid, first=first).state(draws=draws)


def run(state: dict, *actions: str, rolls=(), draws=()) -> tuple[dict, list[dict]]:
    """Applies *actions* in order, each for the role that must act, to a copy of *state*.

    Every scripted die and draw must be used. Returns the new state and the log entries.
    """
    return run_scripted(state, actions, rolls, draws, totals)


def totals(s: dict) -> None:
    assert B.count_pieces(s) == B.TOTALS


def legal(state: dict) -> dict:
    return engine.legal_actions(state, role(state))


def role(state: dict) -> str:
    """The role that must act now."""
    return engine.active_roles(state)[0]


def sp(state: dict, sid: str) -> dict:
    return state["spaces"][sid]


def texts(log: list[dict]) -> str:
    return "\n".join(e["text"] for e in log)
