"""Test helpers for Kenya's board and setup (issue 28): a Context built by hand (tests/engine/coin_helpers.py),
with Kenya's procedures and the COIN layer's, around a state from :func:`engine.games.kenya.setup.initial_state`;
every helper leaves the state for the invariants to check."""

from __future__ import annotations

from engine.core.flow import Context
from engine.games.kenya import board as B
from engine.games.kenya import own_pieces  # noqa: F401  (registers ke.from_map)
from engine.games.kenya.invariants import invariants
from engine.games.kenya.setup import initial_state

from ..coin_helpers import HandBuilt, texts  # noqa: F401  (texts: the Kenya tests import it from here)

HAND = HandBuilt("kenya", initial_state, invariants)
PROCS = HAND.procs
fresh, context, check, planted = HAND.fresh, HAND.context, HAND.check, HAND.planted


def empty(g: Context) -> Context:
    """Every piece of the map back to Available and every space Neutral with no Terror, Control recomputed
    (no Political Will shift: the position is built, not played)."""
    for x in g.s["spaces"].values():
        for key, piece in B.BOARD.piece_of_key.items():
            g.s["available"][piece] += x[key]
            x[key] = 0
        x["support"] = x["terror"] = 0
    g.s["control"] = B.CONTROL.computed(g.s)
    return g
