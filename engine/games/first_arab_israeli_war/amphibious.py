"""Amphibious operations (30.0, an optional rule: ``setup.optional(state, "30")``): a force of one unit moved
across the sea or a lake in the Movement phase, offered to a force that has not begun its move as
``sail HEX``.

- 30.1a: Israel makes two operations in the game, in any turn from May 1948; the unit is an infantry or
  commando/guerrilla unit or supply; from a Mediterranean coastal hex to any other, or from a coastal hex of Lake
  Tiberias or the Dead Sea to another of the same lake;
- 30.1b: the Arab League makes two a turn, May to October 1948; the unit is an Egyptian infantry or
  commando/guerrilla unit, or Arab supply; between the Mediterranean coastal hexes in or south of the Gaza line
  (``pack.gaza_line``) and the Gulf of Aqaba's, either way (30.1b1); supply lands only where Arab supply already
  stands (30.1b2);
- 30.2: the unit may not land on a hex holding enemy units; it may start and end in an enemy ZOC; once landed it
  moves no more that turn (``state["flags"]["amphibious_landed"]``: ``units``, and ``supply`` {side: {hex:
  points}}) but fights normally. Landed supply points stay locked in their hex to the end of the turn, the second
  impulse's Movement phase included (:func:`locked_supply`, which ``movement_force.carryable`` subtracts; ruling
  R-30.2-supply); they may still be spent there (14.3, 7.3).

Readings (data/rulings_movement.json): one operation carries one unit, or as many supply points as one supply
counter of the side holds (R-30.1-cargo); a landing is never a deliberate breach: where the truce or the
treaties forbid the crossing (22.1d-e, 25.1) the hex is not offered (R-30.0-limits). Entering Egypt, Transjordan,
Syria or Lebanon this way calls 4.5's reinforcements like any other entry.

27.8c (the option ``british_intervention``): one operation a turn with a British commando/guerrilla or marine unit
of the intervening side, on 30.1a's routes, whether or not rule 30 is in force (``british``; ruling
R-27.8c-amphibious).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.grammar import Order
from . import border_specials, british, calendar, places, setup, units
from .movement_effects import end_move, left_hex
from .movement_limits import FOREIGN, TREATY
from .sequence import truce as truce_in_effect
from .units import SIDE_TITLES

VERBS = notation.declare(__name__, {"sail"})
ORDERS = (Order("sail HEX", "movement: an amphibious operation: the force of one unit (or supply) that has not moved "
                "lands in the coastal hex, and moves no more this turn (optional rule 30)", "30.1"),)
#: Israel's operations in a game (30.1a); the Arab League's in a turn (30.1b).
ISRAEL_OPS, ARAB_OPS = 2, 2
ARAB_LAST = "1948-10"
ISRAEL_WATERS = ("mediterranean", "lake_tiberias", "dead_sea")
CARGO = frozenset({"infantry", "commando", "guerrilla"})


def landed(state: dict, cid: str) -> bool:
    """30.2: whether *cid* made an amphibious landing this turn (it moves no more)."""
    rec = state["flags"].get("amphibious_landed")
    return bool(rec) and rec["month"] == state["month"] and cid in rec["units"]


def landed_units(state: dict) -> frozenset[str]:
    """30.2: the units that made an amphibious landing this turn (:func:`landed` for each, read once)."""
    rec = state["flags"].get("amphibious_landed")
    return frozenset(rec["units"]) if rec and rec["month"] == state["month"] else frozenset()


def locked_supply(state: dict, side: str, hex_: str, moved: int = 0) -> int:
    """30.2: the supply points of *side* in *hex_* that landed there by an amphibious operation this turn and so
    move no more (ruling R-30.2-supply): as many as landed, but no more than the hex still holds besides the
    *moved* points that moved there this phase (a point spent or lost in the hex is a free one while any is
    left)."""
    rec = state["flags"].get("amphibious_landed")
    if not rec or rec["month"] != state["month"]:
        return 0
    landed_here = (rec.get("supply") or {}).get(side, {}).get(hex_, 0)
    if not landed_here:
        return 0
    return min(landed_here, max(0, units.supply_points(state, side, hex_) - moved))


def supply_refusal(state: dict, side: str, hex_: str, moved: int = 0, wanted: int = 1) -> Refusal | None:
    """Why *wanted* of *side*'s supply points in *hex_* may not move now when the 30.2 lock is the reason (else
    None): the hex holds points that landed this turn, and fewer than *wanted* others that may move."""
    locked = locked_supply(state, side, hex_, moved)
    free = units.supply_points(state, side, hex_) - moved - locked
    if not locked or free >= wanted:
        return None
    return Refusal(f"{locked} of the supply points of {SIDE_TITLES[side]} in {hex_} landed by an amphibious "
                   f"operation this turn and move no more in it, though they may be spent there; {max(0, free)} "
                   f"may move (30.2; ruling R-30.2-supply)", "30.2")


def _key(state: dict, side: str) -> str:
    return "israel" if side == "israel" else f"arab@{state['month']}"


def operations_left(state: dict, side: str) -> int:
    """The operations *side* may still make now (30.1a: 2 a game from May 1948; 30.1b: 2 a turn May-October
    1948); 0 when the rule is not in force."""
    month = state["month"]
    if not setup.optional(state, "30") or month < calendar.MAY_1948:
        return 0
    if side == "arab" and month > ARAB_LAST:
        return 0
    done = (state["flags"].get("amphibious") or {}).get(_key(state, side), 0)
    return max(0, (ISRAEL_OPS if side == "israel" else ARAB_OPS) - done)


def _cargo_ok(state: dict, side: str, force: dict) -> bool:
    """30.1: one unit of the types the side may carry, or one supply counter's worth of points (R-30.1-cargo)."""
    if force["units"]:
        if len(force["units"]) != 1 or force["carry"]:
            return False
        c = units.counter(state, force["units"][0])
        return c.type in CARGO and (side == "israel" or c.nationality == "egypt")
    biggest = max((c.points or 0 for c in units.pack_of(state).counters.values()
                   if c.type == "supply" and c.side == side), default=0)
    return 0 < force["carry"] <= biggest


def _zones(state: dict, side: str, hex_: str) -> set[str]:
    """The waters of *side*'s amphibious routes that *hex_*'s coast touches (30.1a1-2, 30.1b1)."""
    m = units.pack_of(state).map
    coast = m.hex(hex_).coastal
    if side == "israel":
        return {w for w in coast if w in ISRAEL_WATERS}
    out = set()
    if "mediterranean" in coast and units.pack_of(state).gaza_line.in_or_south(hex_):
        out.add("south")
    if "gulf_of_aqaba" in coast:
        out.add("south")  # 30.1b1: to and from the Mediterranean and the Gulf of Aqaba alike
    return out


def destinations(state: dict, side: str, force: dict) -> list[str]:
    """The hexes the force may land in (30.1-30.2), in the map's order."""
    brit = british.amphibious_force(state, force)  # 27.8c
    if brit:
        if british.amphibious_left(state) <= 0:
            return []
    elif operations_left(state, side) <= 0 or not _cargo_ok(state, side, force):
        return []
    routes = "israel" if brit else side  # 27.8c: 30.1a's routes (R-27.8c-amphibious)
    pack = units.pack_of(state)
    m = pack.map
    start = force["at"]
    zones = _zones(state, routes, start)
    if not zones:
        return []
    enemy = units.other(side)
    mover = units.unit(state, force["units"][0]) if force["units"] else None
    treaty = {places.tagged(state, t) for t in TREATY}
    start_country = m.hex(start).country
    out = []
    for h, d in m.hexes.items():
        if h == start or m.is_water(h) or not (_zones(state, routes, h) & zones):
            continue
        if places.occupied_by(state, h, enemy):
            continue  # 30.2
        if mover and pack.tec.hex_effect(d.terrain).forbids(mover.type):
            continue  # 7.4
        if not force["units"] and side == "arab" and not units.supply_points(state, side, h):
            continue  # 30.1b2
        if side == "israel" and h in treaty:
            continue  # 25.1 (R-30.0-limits)
        if truce_in_effect(state) and d.country != start_country and (
                (side == "israel" and d.country in FOREIGN)
                or (side == "arab" and d.country == "Palestine" and start_country != "Palestine")):
            continue  # 22.1d-e (R-30.0-limits)
        out.append(h)
    return out


def actions(g, f: dict) -> dict[str, list[str]]:
    """``sail HEX`` for the force in the Movement phase's frame, before it begins its move."""
    force = f.get("force")
    if not force or len(force["path"]) > 1 or force.get("invaded") or force["march"]:
        return {}
    return {"sail": destinations(g.s, f["role"], force)}


def do(g, f: dict, verb: str, arg: str) -> None:
    """30.1-30.2: the force lands in *arg*; its unit is released and moves no more this turn."""
    s, side, force = g.s, f["role"], f["force"]
    start = force["at"]
    brit = british.amphibious_force(s, force)
    for cid in force["units"]:
        s["units"][cid]["at"] = arg
        f["moved"].append(cid)
    rec = s["flags"].get("amphibious_landed")
    if not rec or rec["month"] != s["month"]:
        rec = s["flags"]["amphibious_landed"] = {"month": s["month"], "units": []}
    rec["units"].extend(force["units"])
    if force["carry"]:
        units.spend_supply(s, side, start, force["carry"])
        s["supply"][side][arg] = s["supply"][side].get(arg, 0) + force["carry"]
        locked = rec.setdefault("supply", {}).setdefault(side, {})  # 30.2: to the end of the turn, not the phase
        locked[arg] = locked.get(arg, 0) + force["carry"]
    done = s["flags"].setdefault("amphibious", {})
    key = british.amphibious_key(s) if brit else _key(s, side)
    done[key] = done.get(key, 0) + 1
    f["force"] = None
    if brit:
        g.say(f"{SIDE_TITLES[side]} made a British amphibious operation from {start} to {arg} (one a turn) (27.8c, "
              f"30.2).", faction=side, rule="27.8c")
    else:
        limit = "in the game" if side == "israel" else f"in {calendar.name(s['month'])}"
        g.say(f"{SIDE_TITLES[side]} made an amphibious operation from {start} to {arg} ({done[key]} of "
              f"{ISRAEL_OPS if side == 'israel' else ARAB_OPS} {limit}) (30.1, 30.2).", faction=side, rule="30.1")
    m = units.pack_of(s).map
    country = m.hex(arg).country
    if side == "israel" and country in FOREIGN and m.hex(start).country != country:
        border_specials.crossed(g, country)
    left_hex(g, side, start)
    end_move(g, side, arg, list(force["units"]), force["carry"])
