"""Truces (22.0): when one takes effect, how long it lasts, and its violation (22.3).

``state["truce"]`` is None or ``{"from": month, "until": month, "event": name, "armistice": bool}``: the truce
is in effect from its first turn to the end of its last (22.2: the duration counts the turn it takes effect);
``armistice`` marks the "United Nations Truce", during which the players may agree an armistice (28.4).

- 22.4: a truce event before June 1948 is No Event; 22.6: so is one while a truce is in effect;
- 22.2: 1d6 gives its length: 1-2 one turn, 3-4 two, 5-6 three, no later than the scenario's last turn (22.6);
- 22.1: its effects are enforced where they apply: one impulse (``sequence``), no attack (22.1b: movement,
  combat, ``air``, ``terrorism``), no move through an enemy ZOC (22.1c, movement), the borders (22.1d-e,
  movement);
- 22.3: in the turn it takes effect its terms bind; later a player may violate it by crossing a border or
  attacking: the truce ends at once and the other side gains 10 VP (:func:`violated`, which movement and combat
  call too).
"""

from __future__ import annotations

from . import calendar, victory
from .sequence import truce as in_effect
from .units import SIDE_TITLES, other

__all__ = ["in_effect", "violable", "start", "violated", "DURATION"]

#: 22.2: the truce's length in turns for each die roll.
DURATION = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}


def violable(state: dict) -> bool:
    """Whether a truce is in effect and may be violated now: not in the turn it took effect (22.3)."""
    return in_effect(state) and state["truce"]["from"] != state["month"]


def start(g, event: str, armistice: bool = False) -> bool:
    """A truce event (22.0): No Event before June 1948 (22.4) or during a truce (22.6); else 1d6 for its length
    (22.2) and the truce takes effect this turn. Returns whether it did."""
    s = g.s
    if s["month"] < calendar.TRUCE_FROM:
        g.say(f"{event}: no truce takes effect before June 1948: No Event (22.4).", rule="22.4", kind="event")
        return False
    if in_effect(s):
        g.say(f"{event}: a truce is already in effect: No Event (22.6).", rule="22.6", kind="event")
        return False
    roll = g.roll(f"truce: its length in turns, {event} (22.2)")
    n = DURATION[roll]
    until = min(calendar.plus(s["month"], n - 1), s["last_month"])
    s["truce"] = {"from": s["month"], "until": until, "event": event, "armistice": bool(armistice)}
    g.say(f"{event}: a truce took effect in {calendar.name(s['month'])}; die {roll}: {n} turn{'s' if n != 1 else ''}, "
          f"to the end of {calendar.name(until)} (22.2"
          + (", capped at the last turn: 22.6" if until != calendar.plus(s["month"], n - 1) else "") + ")."
          + (" The players may agree an armistice while it lasts (28.4)." if armistice else ""),
          rule="22.2", kind="event")
    return True


def violated(g, side: str, why: str) -> bool:
    """22.3: *side* violates the truce in effect (crossing a border, attacking); not allowed in the turn the truce
    takes effect (22.3: the caller refuses that order). The truce ends at once and the other side gains 10 VP.
    Returns whether a truce was in effect."""
    s = g.s
    if not in_effect(s):
        return False
    s["truce"] = None
    g.say(f"{SIDE_TITLES[side]} violated the truce in {calendar.name(s['month'])}: {why}; the truce ended (22.3).",
          faction=side, rule="22.3")
    victory.award(g, other(side), 10, "the other side violated the truce", "22.3")
    return True
