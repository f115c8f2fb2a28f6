"""Sessions of the combat desk (engine.games.faiw_desk) for its tests: a new desk with its options, orders applied
one by one with the dice fixed (``FixedChance`` of the game's helpers), and an attack declared in one call."""

from __future__ import annotations

import engine
from engine.core.chance import SeededChance

from ..first_arab_israeli_war.faiw_helpers import FixedChance

SLUG = "first-arab-israeli-war-desk"


def desk(**options) -> dict:
    return engine.setup(SLUG, "desk", options, SeededChance(1, context="setup"))


def act(state: dict, role: str, order: str, rolls=()):
    """One order for *role*, the dice fixed when *rolls* are given (else none may be rolled)."""
    return engine.apply_in_place(state, role, order, FixedChance(rolls))


def orders(state: dict, role: str, *lines: str) -> None:
    for line in lines:
        act(state, role, line)


def attack(state: dict, side: str, attacker: list[str], defender: list[str], die: int = 3):
    """``attack``, the attacker's orders, ``roll``; the defender's orders, ``roll`` with the die *die*: the
    resolution's step (its log)."""
    other = "israel" if side == "arab" else "arab"
    orders(state, side, "attack", *attacker, "roll")
    orders(state, other, *defender)
    return act(state, other, "roll", [die])


def legal(state: dict, role: str) -> dict:
    return engine.legal_actions(state, role)


def refusal(state: dict, role: str, order: str):
    """The error an order is refused with (its message and rule); the state is unchanged."""
    from engine.core.errors import IllegalActionError
    try:
        engine.apply(state, role, order, FixedChance())
    except IllegalActionError as e:
        return e
    raise AssertionError(f"{order!r} was accepted")


def log_text(step) -> str:
    return "\n".join(e["text"] for e in step.log)
