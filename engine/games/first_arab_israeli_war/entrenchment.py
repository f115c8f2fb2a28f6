"""Entrenchments (15.0): ``state["entrenched"][hex] = side``, one marker a hex (15.2).

- 15.1, 14.3f: in its Reorganization phase a side places a marker in a hex holding one of its combat units and
  one of its supply points, which is spent;
- 15.3: the marker shifts a combat one column in the defenders' favour (the combat desk reads
  ``state["entrenched"]``); units attack normally from it;
- 15.4: the marker goes when no unit of its side remains in the hex (all moved out, eliminated or removed), so
  it is never captured: :func:`tidy`, which the game calls after every order.
"""

from __future__ import annotations

from ...core.errors import Refusal
from . import units
from .units import SIDE_TITLES
from .view import private_to


def _combat_unit(state: dict, side: str, hex_: str) -> bool:
    """A combat unit of *side* in *hex_* (1.6: a printed CS of one or more, in parentheses or not)."""
    for cid in units.at(state, hex_):
        c = units.counter(state, cid)
        if c.side == side and c.type != "air" and c.front is not None and c.front.cs > 0:
            return True
    return False


def refusal(state: dict, side: str, hex_: str) -> Refusal | None:
    """Why *side* cannot entrench in *hex_* now, or None (15.1, 15.2)."""
    if hex_ in state["entrenched"]:
        return Refusal(f"{hex_} has an entrenchment already: never more than one a hex (15.2)", "15.2")
    if not _combat_unit(state, side, hex_):
        return Refusal(f"{hex_} holds no combat unit of yours: an entrenchment needs one (15.1)", "15.1")
    if units.supply_points(state, side, hex_) < 1:
        return Refusal(f"{hex_} holds no supply point of yours: an entrenchment spends one there (15.1, 14.3f)",
                       "15.1")
    return None


def hexes(state: dict, side: str) -> list[str]:
    """The hexes where *side* may entrench now (those with its supply, in label order)."""
    return [h for h in sorted(state["supply"][side]) if refusal(state, side, h) is None]


def entrench(g, side: str, hex_: str) -> None:
    """15.1: spend a supply point in *hex_* and place the marker."""
    units.spend_supply(g.s, side, hex_, 1)
    g.s["entrenched"][hex_] = side
    g.say(f"{SIDE_TITLES[side]} entrenched in {hex_}, spending a supply point (15.1).", faction=side, rule="15.1",
          to=private_to(g.s, side, hex_))  # the marker is on the map; the supply spent in a hidden stack is not


#: For each (hex, side) of a marker, the counter last found holding it (15.4): :func:`tidy` looks at that counter's
#: record first, and passes over every counter only for a marker whose holder has left. A guess only, checked
#: against the records of the state at hand every time (any game, any state): what it says never decides alone.
_HOLDER: dict[tuple[str, str], str] = {}


def tidy(g) -> None:
    """15.4: remove every marker whose side has no unit (combat or not, supply included) left in its hex (as
    ``places.occupied_by`` asks of each; called after every order). A marker whose last holder (``_HOLDER``) still
    stands in its hex is held; the others are looked for in one pass over the counters."""
    s = g.s
    entrenched = s["entrenched"]
    if not entrenched:
        return
    # the markers with no supply of their side in their hex: held only if a counter of that side is there too
    bare = {h: side for h, side in entrenched.items() if side in units.SIDES and not s["supply"][side].get(h, 0)}
    if not bare:
        return
    printed, brit = units.printed_sides(s), units.british_side(s)
    recs = s["units"]
    unheld = set()
    for h, side in bare.items():
        cid = _HOLDER.get((h, side))
        rec = recs.get(cid) if cid is not None else None
        if not (rec is not None and rec["at"] == h and rec["status"] == "map"
                and (rec.get("side") or printed[cid] or brit) == side):  # side_of, inline
            unheld.add(h)
    if not unheld:
        return
    # the markers no counter of their side was found holding yet: a hex found held leaves the set, so the other
    # counters in it are passed over at once, and the pass stops when every marker is held
    for cid, rec in recs.items():
        h = rec["at"]
        if h in unheld and rec["status"] == "map" and (rec.get("side") or printed[cid] or brit) == bare[h]:
            unheld.discard(h)
            _HOLDER[(h, bare[h])] = cid
            if not unheld:
                break
    for h, side in bare.items():
        if h not in unheld:
            continue
        del entrenched[h]
        g.say(f"The entrenchment in {h} was removed: no unit of {units.SIDE_NAMES[side]} remains there (15.4).",
              rule="15.4")
