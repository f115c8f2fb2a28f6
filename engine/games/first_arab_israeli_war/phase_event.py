"""The Event phase (3.0): two dice read as a d66, the first the tens and the second the units (3.1), and the
pack's event of that number applied (``events_effects``). An event that requires a VP lead (3.0: "certain events
occur only if one player has a certain number of victory points more than the other") does nothing unless the
side named leads by at least that many. An event may occur more than once a game (3.2). The phase is rolled,
not played: its frame belongs to nobody and it ends by itself.
"""

from __future__ import annotations

from ...core.flow import procedure
from . import events_effects, units
from .sequence import Phase
from .units import SIDE_TITLES, other


def lead(state: dict, side: str) -> int:
    """*side*'s VP lead over the other (negative when behind)."""
    return state["vp"][side] - state["vp"][other(side)]


def requirement_met(g, event) -> bool:
    """3.0: the event's VP lead (``requires: {vp_lead: {side, at_least}}``), if any, holds."""
    req = (event.requires or {}).get("vp_lead")
    if not req:
        return True
    have = lead(g.s, req["side"])
    if have >= req["at_least"]:
        return True
    g.say(f"Event {event.number}, {event.name}: it needs {SIDE_TITLES[req['side']]} to lead by {req['at_least']} VP "
          f"or more, and it leads by {have}: no effect (3.0).", rule="3.0", kind="event")
    return False


def roll_event(g) -> str:
    """3.1: the d66, first die the tens."""
    tens = g.roll("event: first die, the tens (3.1)")
    ones = g.roll("event: second die, the units (3.1)")
    return f"{tens}{ones}"


@procedure
class EventPhase(Phase):
    """The event phase of a game turn (2.1a, 3.0)."""

    name = "faiw.phase.event"
    rule = "3.0"
    phase = "event"
    automatic = True

    def begin(self, g, f: dict) -> None:
        number = roll_event(g)
        event = units.pack_of(g.s).events.get(number)
        if event is None:
            g.say(f"The Casual Events roll was {number}: the pack has no event {number}: No Event (3.1).",
                  rule="3.1", kind="event")
            return
        g.say(f"The Casual Events roll was {number}: {event.name}. {event.text} (3.1)", rule="3.1", kind="event")
        if not requirement_met(g, event):
            return
        for effect in event.effects:
            events_effects.apply(g, event, effect)
        if not event.effects:
            g.say(f"Event {number}, {event.name}: No Event (3.0).", rule="3.0", kind="event")
