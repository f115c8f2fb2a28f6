"""Aerial reconnaissance (10.4, 21.2), flown at any time of the friendly Movement phase.

The Movement phase merges :func:`actions` into its orders and hands the verbs it returns to :func:`do` (and may
ask :func:`explain` why one is refused). ``scout HEX AIR``: an Available air unit that has not flown this impulse
(10.1, 10.2b) is placed on a hex holding enemy units (units or supply); the enemy may intercept it (10.6); if it
survives and does not abort, the stack is revealed to the side (``state["revealed"][side]``, 21.2) and the air
unit goes to the Completed box (10.4). Not from December 1947 to April 1948 (26.1b). A reconnaissance is no
attack, so a truce does not forbid it (22.1b lists the attacks); the enemy cannot intercept it in a truce's first
turn, and an interception later violates the truce (22.3).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.grammar import Order
from . import air_mission, air_units, places
from .units import SIDE_TITLES, other
from .view import enemy_hexes

notation.declare(__name__, {"scout"})

VERBS = ("scout",)
ORDERS = (
    Order("scout HEX AIR", "movement phase: aerial reconnaissance of the enemy stack in the hex with the air unit",
          "10.4, 21.2"),
)


def targets(state: dict, side: str) -> list[str]:
    """The hexes holding enemy units (10.4), in the map's order."""
    held = enemy_hexes(state, other(side))
    return [h for h in places.land(state) if h in held]


def actions(g, side: str) -> dict[str, list[str]]:
    """The reconnaissance orders *side* may give now."""
    s = g.s
    if air_units.grounded(s):
        return {}
    kinds = air_units.kinds(s, air_units.ready(s, side))
    if not kinds:
        return {}
    hexes = targets(s, side)
    if not hexes:
        return {}
    return {"scout": [f"{h} {a}" for h in hexes for a in kinds]}


def do(g, f: dict, verb: str, arg: str | None) -> None:
    """``scout HEX AIR``: the air unit placed, then the mission (interception, the reveal: ``air_mission``)."""
    side = f["role"]
    hex_, air = arg.split()
    g.say(f"{SIDE_TITLES[side]} placed {air} over {hex_} for an aerial reconnaissance (10.4).", faction=side,
          rule="10.4")
    air_mission.start(g, side, "recon", [air], hex=hex_)


def explain(g, side: str, verb: str, arg: str | None):
    """Why ``scout`` *arg* is refused now (26.1b, 10.1, 10.2b, 10.4), or None."""
    if verb != "scout":
        return None
    why = air_units.grounded(g.s)
    if why:
        return Refusal(why, "26.1b")
    words = (arg or "").split()
    if len(words) != 2:
        return None
    from .air import air_refusal

    hex_, air = words
    bad = air_refusal(g.s, side, air)
    if bad:
        return bad
    if hex_ not in targets(g.s, side):
        return Refusal(f"{hex_} holds no enemy unit: reconnaissance is flown over a hex with enemy units (10.4)",
                       "10.4")
    return None
