"""Test helpers for Kenya's board and setup (issue 28): the game is not registered yet (no GameDefinition), so
a Context is built by hand, with Kenya's procedures and the COIN layer's, around a state from
:func:`engine.games.kenya.setup.initial_state`; every helper leaves the state for the invariants to check."""

from __future__ import annotations

import copy

from engine.core.chance import Recorder, SeededChance
from engine.core.flow import Context, ProcedureTable
from engine.games.kenya import board as B
from engine.games.kenya import own_pieces  # noqa: F401  (registers ke.from_map)
from engine.games.kenya.invariants import invariants
from engine.games.kenya.setup import initial_state

PROCS = ProcedureTable(("engine.games.kenya", "engine.coin"))


def fresh(scenario: str = "standard", options: dict | None = None) -> dict:
    return initial_state(scenario, options)


def context(state: dict | None = None, seed: int = 1) -> Context:
    """A Context around *state* (default: a fresh standard setup) with a recorded seeded chance."""
    return Context(state if state is not None else fresh(), Recorder(SeededChance(seed)), rules=None, procs=PROCS)


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


def check(state: dict) -> None:
    problems = invariants(state)
    assert not problems, problems


def texts(g: Context) -> list[str]:
    return [e["text"] for e in g.log]


def planted(state: dict, fault) -> list[str]:
    """The invariants' problems for a copy of *state* changed by *fault(copy)*."""
    s = copy.deepcopy(state)
    fault(s)
    return invariants(s)
