"""Airlift (10.5), flown in the friendly Air Operations phase (digest A.6: 10.2a's "Movement phase" is read as the
Air Operations phase of 10.5 and 2.0; ruling R-10.5-phase).

- 10.5a: the cargo is a supply point, an infantry battalion, a commando/guerrilla unit or a leader; one air unit
  carries one unit (10.5b); supply is points, and an airlift carries one point (ruling R-10.5-supply);
- 10.5b: the cargo starts in a city, clear or desert hex not in an enemy ZOC, and lands in a hex with a friendly
  unit, not in an enemy ZOC, city, clear or desert; a supply point may be dropped into an enemy ZOC (the hex
  with a friendly unit): 1d6, 1-3 it lands, 4-6 it is eliminated;
- 10.5c: a unit that moved in the preceding Movement phase is not airlifted (the Movement phase lists the units
  it moved in ``state["flags"]["moved"]``);
- 10.5d: one unit a side a turn ("shift" is the turn, digest A.17 Terminology; ruling R-10.5d-turn);
- 10.5e: the cargo is of the air unit's nationality, except supply, which any friendly air unit carries;
- 10.6d: the enemy may intercept over the origin and over the destination; an air unit shot down or aborting
  leaves its cargo where it stood (ruling R-10.6d-cargo);
- 22.1d-e: during a truce an airlift does not carry an Israeli unit or supply across a border into Egypt,
  Transjordan, Syria or Lebanon, nor an Arab League one from outside Palestine into Palestine; an airlift is never
  a deliberate breach (22.3), in any turn of the truce (ruling R-22.1-airlift);
- 27.8 (the option ``british_intervention``, ``british``): British air units fly up to two airlifts an impulse,
  apart from 10.5d's count (27.8a); a British airborne unit is airlifted and lands in any land hex without enemy
  units or mountain terrain (27.8b).
"""

from __future__ import annotations

from ...hexwar.zoc import enemy_zoc
from . import air_units, amphibious, british, units
from .movement_limits import FOREIGN
from .sequence import truce as truce_in_effect
from .units import SIDE_TITLES

CARGO_TYPES = ("commando", "guerrilla", "leader")


def _zoc(state: dict, side: str):
    """The enemy ZOC for *side*'s units (9.0), worked out once in a ``units.Reading``."""
    kept = units.memo(state)
    if kept is None:
        return enemy_zoc(units.pack_of(state).map, units.board(state), side)
    key = ("zoc", side)
    found = kept.get(key)
    if found is None:
        found = kept[key] = enemy_zoc(units.pack_of(state).map, units.board(state), side)
    return found


def airfield_terrain(state: dict, hex_: str) -> bool:
    """A city, clear or desert hex (10.5b)."""
    d = units.pack_of(state).map.hex(hex_)
    return d.settlement == "city" or d.terrain in ("clear", "desert")


def cargo_refusal(state: dict, side: str, cargo: str, air: str, zoc=None) -> str | None:
    """Why *air* may not carry *cargo* now (10.5a-e), or None; a cargo with nowhere to land is refused too
    (10.5b, 22.1d-e: :func:`landing_refusal`)."""
    return carry_refusal(state, side, cargo, air, zoc) or landing_refusal(state, side, cargo)


def carry_refusal(state: dict, side: str, cargo: str, air: str, zoc=None) -> str | None:
    """Why *air* may not carry *cargo* from where it stands (10.5a-e), or None."""
    moved = state["flags"].get("moved") or []
    if cargo.startswith("supply@"):
        hex_ = cargo.split("@", 1)[1]
        if not units.supply_points(state, side, hex_):
            return f"{SIDE_TITLES[side]} has no supply point in {hex_} (10.5a)"
        if units.supply_points(state, side, hex_) <= amphibious.locked_supply(state, side, hex_):
            return (f"the supply in {hex_} landed there by an amphibious operation this turn: it moves no more this "
                    f"turn, by air either (30.2, ruling R-30.2-supply)")
    else:
        rec = state["units"].get(cargo)
        if rec is None or rec["status"] != "map" or units.side_of(state, cargo) != side:
            return f"{cargo} is not one of {SIDE_TITLES[side]}'s units on the map (10.5)"
        c = units.counter(state, cargo)
        if not (c.type in CARGO_TYPES or (c.type == "infantry" and c.size == "battalion")
                or british.airborne(state, cargo)):
            return (f"{cargo} is a {c.size or ''} {c.type}: only supply, infantry battalions, commando/guerrilla "
                    f"units and leaders are airlifted (10.5a; British airborne units too, 27.8b, when Britain "
                    f"intervenes)")
        if c.nationality != air_units.country(state, air):
            return (f"{cargo} is {c.nationality}, {air} is {air_units.country(state, air)}: an air unit carries only "
                    f"units of its own nationality, except supply (10.5e)")
        if cargo in moved:
            return f"{cargo} moved in the Movement phase: an airlifted unit makes no other move (10.5c)"
        hex_ = rec["at"]
    if not airfield_terrain(state, hex_):
        return f"{hex_} is not a city, clear or desert hex: an airlift starts from one (10.5b)"
    zoc = zoc if zoc is not None else _zoc(state, side)
    if hex_ in zoc:
        return f"{zoc.why(hex_)}: an airlift does not start in an enemy ZOC (10.5b)"
    return None


def lift_refusal(state: dict, side: str, air: str | None = None) -> str | None:
    """10.5d: one airlift a side a turn; with a British air unit of an intervening side, 27.8a's count instead:
    two British air units an impulse (ruling R-27.8a-air)."""
    if air is not None and british.fighting(state, air):
        return british.airlift_refusal(state)
    if (air_units.book(state)["airlift"].get(side)) == state["month"]:
        return f"{SIDE_TITLES[side]} airlifted a unit this turn already: one unit a side a turn (10.5d)"
    return None


def record(state: dict, side: str, air: str) -> None:
    """The airlift placed with *air* counts against 10.5d's one unit a side a turn, or against 27.8a's two British
    airlifts an impulse."""
    if british.fighting(state, air):
        british.count_airlift(state)
    else:
        air_units.book(state)["airlift"][side] = state["month"]


def cargoes(state: dict, side: str) -> list[str]:
    """The units and supply points *side* may airlift now with some ready air unit (one of each kind), where they
    have somewhere to land (10.5b)."""
    ready = [a for a in air_units.ready(state, side) if lift_refusal(state, side, a) is None]
    if not ready:
        return []
    zoc = _zoc(state, side)
    out = []
    for cid in units.interchangeable(state, [c for c in units.on_map(state, side)]):
        if any(carry_refusal(state, side, cid, a, zoc) is None for a in ready):
            out.append(cid)
    for hex_ in state["supply"][side]:
        if carry_refusal(state, side, f"supply@{hex_}", ready[0], zoc) is None:
            out.append(f"supply@{hex_}")
    return [c for c in out if lands_somewhere(state, side, c)]


def origin(state: dict, cargo: str) -> str:
    return cargo.split("@", 1)[1] if cargo.startswith("supply@") else state["units"][cargo]["at"]


def truce_refusal(state: dict, side: str, start: str, dest: str) -> str | None:
    """22.1d-e during a truce: no airlift of an Israeli unit across a border into Egypt, Transjordan, Syria or
    Lebanon; none of an Arab League unit from outside Palestine into Palestine (the cargo starts its turn where it
    stands: 10.5c, it has not moved). Never a deliberate breach (ruling R-22.1-airlift)."""
    if not truce_in_effect(state):
        return None
    m = units.pack_of(state).map
    frm, to = m.hex(start).country, m.hex(dest).country
    if frm == to:
        return None
    if side == "israel" and to in FOREIGN:
        return (f"during the truce Israeli units may not cross the border into {to}: no airlift from {start} to "
                f"{dest} (22.1d; ruling R-22.1-airlift)")
    if side == "arab" and to == "Palestine" and frm != "Palestine":
        return (f"during the truce Arab League units outside Palestine may not cross into Palestine: no airlift "
                f"from {start} ({frm}) to {dest} (22.1e; ruling R-22.1-airlift)")
    return None


def land_refusal(state: dict, side: str, cargo: str, hex_: str, zoc=None) -> str | None:
    """Why *cargo* may not land in *hex_* (10.5b; 27.8b for a British airborne unit; 22.1d-e), or None."""
    start = origin(state, cargo)
    if hex_ == start:
        return f"{hex_} is where {cargo} stands: an airlift lands elsewhere (10.5b)"
    if not cargo.startswith("supply@") and british.airborne(state, cargo):
        why = british.airborne_landing_refusal(state, side, hex_)
    else:
        m = units.pack_of(state).map
        zoc = zoc if zoc is not None else _zoc(state, side)
        why = None
        if not m.has(hex_) or m.is_water(hex_) or not (
                units.occupies(state, hex_, side) or units.supply_points(state, side, hex_)):
            why = f"{hex_} holds no unit of {SIDE_TITLES[side]}: an airlift lands with a friendly unit (10.5b)"
        elif not airfield_terrain(state, hex_):
            why = f"{hex_} is not a city, clear or desert hex: an airlift lands in one (10.5b)"
        elif not cargo.startswith("supply@") and hex_ in zoc:
            why = f"{zoc.why(hex_)}: an airlift does not land in an enemy ZOC, except supply (10.5b)"
    return why or truce_refusal(state, side, start, hex_)


def landing_refusal(state: dict, side: str, cargo: str) -> str | None:
    """Why *cargo* has nowhere to land (10.5b; 22.1d-e when the truce closed the hexes it had), or None."""
    if lands_somewhere(state, side, cargo):
        return None
    for h in _candidates(state, side, cargo):
        why = truce_refusal(state, side, origin(state, cargo), h)
        if why:
            return why
    return (f"{cargo} has no hex to land in: a hex with a friendly unit, city, clear or desert, not in an enemy ZOC "
            f"(10.5b)")


def _candidates(state: dict, side: str, cargo: str) -> list[str]:
    if not cargo.startswith("supply@") and british.airborne(state, cargo):
        return list(units.pack_of(state).map.hexes)
    return sorted({state["units"][c]["at"] for c in units.on_map(state, side)} | set(state["supply"][side]))


def destinations(state: dict, side: str, cargo: str) -> list[str]:
    """Where *cargo* may land (10.5b): a hex with a friendly unit, city, clear or desert, not in an enemy ZOC
    (a supply point: in one too, at a risk); a British airborne unit: any land hex without enemy units or
    mountain terrain (27.8b); never across a border the truce closes (22.1d-e)."""
    zoc = _zoc(state, side)
    return sorted(h for h in _candidates(state, side, cargo) if land_refusal(state, side, cargo, h, zoc) is None)


def lands_somewhere(state: dict, side: str, cargo: str) -> bool:
    """Whether *cargo* has a hex to land in (:func:`destinations` is not empty: 10.5b, 27.8b, 22.1d-e): a yes/no
    question, it stops at the first hex found."""
    zoc = _zoc(state, side)
    return any(land_refusal(state, side, cargo, h, zoc) is None for h in _candidates(state, side, cargo))


def carry(g, f: dict) -> None:
    """10.5: the cargo lands (a supply drop into an enemy ZOC: 1d6, 1-3 lands, 4-6 eliminated)."""
    s = g.s
    side, cargo, start, dest = f["side"], f["cargo"], f["origin"], f["dest"]
    if cargo.startswith("supply@"):
        units.spend_supply(s, side, start)
        if dest in _zoc(s, side):
            roll = g.roll(f"airlift: {SIDE_TITLES[side]}'s supply drop into the enemy ZOC at {dest} (10.5b)")
            if roll >= 4:
                g.say(f"{SIDE_TITLES[side]}'s supply point dropped into {dest} was eliminated: die {roll} (10.5b).",
                      faction=side, rule="10.5b")
                return
            g.say(f"{SIDE_TITLES[side]}'s supply point dropped into {dest} landed: die {roll} (10.5b).",
                  faction=side, rule="10.5b")
        units.add_supply(s, side, dest, 1)
        g.say(f"{SIDE_TITLES[side]} airlifted a unit from {start} to {dest} (10.5).", faction=side, rule="10.5")
        return
    s["units"][cargo]["at"] = dest
    # the cargo is not named: the log is public and the stacks are hidden (21.0)
    g.say(f"{SIDE_TITLES[side]} airlifted a unit from {start} to {dest} (10.5).", faction=side, rule="10.5")
