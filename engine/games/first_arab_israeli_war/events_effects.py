"""The effects of a Casual Event (3.0), by the kinds the pack's events may have (the events schema: no_event,
truce, reinforcements, supply, vp, reveal, umpire). The text gives the procedure, not the table (digest A.0):
every event and its effects are the pack's.

- ``no_event``: nothing happens;
- ``truce`` (22.0): ``truce.start``; ``armistice: true`` marks the "United Nations Truce" (28.4);
- ``reinforcements`` (4.1b) and ``supply`` (14.0): put in ``state["pending"][side]`` for the side's next
  Reinforcement phase, as ``{"kind": "units", "nationality", "units": [{type, size, count}], "area"}`` and
  ``{"kind": "supply", "points", "area"}`` (with the ``event``'s name), placed by that phase's rules;
- ``vp`` (28.1): the side gains (or loses) the VP at once;
- ``reveal`` (21.4): every stack of the effect's ``side`` is revealed to the other side (``state["revealed"]``);
- ``umpire``: the event's words are logged for the players and the umpire to apply; the engine does nothing.
None of these kinds gives a player a choice when the event is rolled: the reinforcements and supply are placed,
with the choices their placement gives, in the Reinforcement phase.
"""

from __future__ import annotations

from . import truce, units, victory
from .units import SIDE_TITLES, other

KINDS = ("no_event", "truce", "reinforcements", "supply", "vp", "reveal", "umpire")


def _area(side: str, area: str | None) -> dict:
    """The pending entry's ``area``: a name the Reinforcement phase knows (``reinforcement_areas.RULES``), else the
    pack's own word (a place tag or a reinforcement area of the pack's map) as ``SIDE@WORD``, which that phase
    places in (``reinforcement_areas.candidates``); None: the nationality's own area."""
    from . import reinforcement_areas

    if area is None or area in reinforcement_areas.RULES:
        return {"area": area}
    return {"area": f"{side}@{area}"}


def apply(g, event, effect) -> None:
    """Carries out one *effect* (a mapping with ``kind``) of *event* (``pack.Event``)."""
    s = g.s
    kind = effect["kind"]
    name = f"Event {event.number}, {event.name}"
    if kind == "no_event":
        g.say(f"{name}: No Event (3.0).", rule="3.0", kind="event")
    elif kind == "truce":
        truce.start(g, name, bool(effect.get("armistice")))
    elif kind == "reinforcements":
        side = effect["side"]
        s["pending"][side].append({"kind": "units", "nationality": effect["nationality"],
                                   "units": [dict(u) for u in effect["units"]], "event": event.number}
                                  | _area(side, effect.get("area")))
        what = ", ".join(f"{u['count']} {u.get('size') or ''} {u['type']}".replace("  ", " ") for u in effect["units"])
        g.say(f"{name}: {SIDE_TITLES[side]} receives {what} ({effect['nationality']}) in its next Reinforcement "
              f"phase (4.1b).", faction=side, rule="4.1b", kind="event")
    elif kind == "supply":
        side = effect["side"]
        s["pending"][side].append({"kind": "supply", "points": effect["points"], "event": event.number}
                                  | _area(side, effect.get("area")))
        g.say(f"{name}: {SIDE_TITLES[side]} receives {effect['points']} supply point"
              f"{'s' if effect['points'] != 1 else ''} in its next Reinforcement phase (4.1b).", faction=side,
              rule="4.1b", kind="event")
    elif kind == "vp":
        g.say(f"{name} (3.0).", rule="3.0", kind="event")
        victory.award(g, effect["side"], effect["vp"], name, "3.0")
    elif kind == "reveal":
        side = effect["side"]
        watcher = other(side)
        hexes = {s["units"][c]["at"] for c in units.on_map(s, side)} | set(s["supply"][side])
        for h in sorted(hexes):
            if h not in s["revealed"][watcher]:
                s["revealed"][watcher].append(h)
        g.say(f"{name}: {SIDE_TITLES[side]}'s stacks were revealed to {units.SIDE_NAMES[watcher]} (21.4).",
              rule="21.4", kind="event")
    elif kind == "umpire":
        g.say(f"{name}: {effect['text']} (the umpire applies this event: 3.0).", rule="3.0", kind="event")
    else:  # the pack's schema allows no other kind
        raise ValueError(f"event {event.number}: unknown effect kind {kind!r}")
