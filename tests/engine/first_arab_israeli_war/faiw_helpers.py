"""Positions for The First Arab-Israeli War's tests, reached through the engine's own orders (never by writing
frames): a new game on the test pack, its deployment made, then ``end`` orders until the phase wanted.

- ``new_game(scenario, seed)``: the state after setup (the Arab League's first deployment decision);
- ``deployed(scenario, seed)``: both sides deployed by taking the first legal order each time (placements in the
  map's order), then at the first phase that waits for an order;
- ``advance_to(state, side, phase, month=None)``: ``end`` each phase until *side*'s *phase* (of *month*);
- ``act(state, role, order, rolls=())``: apply one order, with the dice fixed (``FixedChance``) when given;
- ``clear_hexes(state, *hexes)`` and ``put(state, cid, hex)``: move counters by hand between tests' steps (the
  counter records only: ``engine.games.first_arab_israeli_war.units``), for positions no play reaches quickly.
"""

from __future__ import annotations

import engine
from engine.core.chance import SeededChance
from engine.games.first_arab_israeli_war import units

SLUG = "first-arab-israeli-war"


class FixedChance:
    """A chance source that answers the die rolls given, in order (and fails if more are asked)."""

    def __init__(self, rolls=()):
        self.rolls = list(rolls)

    def roll(self, label, sides=6):
        if not self.rolls:
            raise AssertionError(f"an unexpected die roll: {label}")
        return self.rolls.pop(0)

    def draw(self, items, label):
        return items[0]

    def shuffle(self, items, label):
        return list(items)

    def reveal(self, value, label):
        return None


def new_game(scenario: str = "independence", seed: int = 1, **options) -> dict:
    return engine.setup(SLUG, scenario, options, SeededChance(seed, context="setup"))


def act(state: dict, role: str, order: str, rolls=()):
    chance = FixedChance(rolls) if rolls else SeededChance(state.get("seq", 0), context="test")
    return engine.apply_in_place(state, role, order, chance)


def first_legal(state: dict, role: str) -> str:
    legal = engine.legal_actions(state, role)
    verb = next(v for v in legal if v != "end") if any(v != "end" for v in legal) else "end"
    return verb if not legal[verb] else f"{verb} {legal[verb][0]}"


def deployed(scenario: str = "independence", seed: int = 1, **options) -> dict:
    state = new_game(scenario, seed, **options)
    while state["phase"] == "deployment":
        role = engine.active_roles(state)[0]
        act(state, role, first_legal(state, role))
    return state


def advance_to(state: dict, side: str, phase: str, month: str | None = None, limit: int = 2000) -> dict:
    for _ in range(limit):
        if (state["phasing"] == side and state["phase"] == phase and (month is None or state["month"] == month)
                and engine.active_roles(state) == [side]):
            return state
        role = engine.active_roles(state)[0]
        legal = engine.legal_actions(state, role)
        act(state, role, "end" if "end" in legal else first_legal(state, role))
    raise AssertionError(f"never reached {side}'s {phase} phase")


def clear_hexes(state: dict, *hexes: str) -> None:
    for cid, rec in state["units"].items():
        if rec["status"] == "map" and rec["at"] in hexes:
            state["units"][cid] = {"status": "pool", "at": None, "broken": False}
    for side in units.SIDES:
        for h in hexes:
            state["supply"][side].pop(h, None)


def put(state: dict, cid: str, hex_: str, broken: bool = False) -> None:
    units.place(state, cid, hex_, broken=broken)
