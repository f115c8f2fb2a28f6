"""Positions for the political events' tests: the sample position (data/sample.json) changed by name, built
through the position files (engine.testing's way: no frame written by hand)."""

from __future__ import annotations

import copy

import engine
from engine import testing
from engine.games.dai_senso_events.data import SAMPLE

SLUG = "dai-senso-events"


def sample() -> dict:
    return copy.deepcopy(SAMPLE)


def state(change=None) -> dict:
    """The state of the sample position after *change(p)* (a function changing the position in place)."""
    p = sample()
    if change:
        change(p)
    return engine.definition(SLUG).position.from_position(p)


def declare(n: int, recv: str, **params) -> list[str]:
    """The desk's orders declaring event 15.*n* received by *recv*, with its parameters, then resolve."""
    out = [f"event 15.{n}", f"receiver {recv}"]
    out += [f"{k} {v}" for k, v in params.items()]
    return out + ["resolve"]


def play(s: dict, orders, rolls=()):
    return testing.run(s, orders, rolls=rolls)


def texts(log) -> str:
    return "\n".join(e["text"] for e in log)
