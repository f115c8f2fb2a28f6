"""Air strikes (10.3): what may be struck, and the strike's resolution once the interception is over.

- 10.3: a target is a hex with enemy ground units or an enemy city or town (a city or town with the enemy's
  population symbol, not terrorized: 17.2), never one with friendly units; never one with British units (27.5:
  never attacked); a friendly population in the hex is not affected. 25.1: Israel may strike El Arish, Aqaba and
  Amman by air (and Damascus: 25.2 forbids ground units only).
- 10.3b: up to two air units a hex, all placed before any is resolved, of one country (10.7); one strike mission
  a target hex a phase, so that the two-unit cap holds for the hex (ruling R-10.3b-hex).
- 10.3a: a die per air unit on the pack's strike table (codes read by ``air_codes``); the stack is revealed to
  the striker (21.1); the owner names the units each break falls on, or splits a brigade to take one (5.6:
  ``air_breaks``, the only results that break units being ``D<n>``).
- 10.3d: a strike adds nothing to a ground combat (nothing in the engine links them).
"""

from __future__ import annotations

from . import air_breaks, air_codes, air_mission, places, units
from .units import SIDE_TITLES, other


def enemy_town(state: dict, side: str, hex_: str) -> bool:
    """A city or town of *side*'s enemy: its population symbol (17.0), not terrorized (17.2)."""
    d = units.pack_of(state).map.hex(hex_)
    return d.settlement in places.CITY_TOWN and places.population(state, hex_) == places.POPULATION[other(side)]


def has_british(state: dict, hex_: str) -> bool:
    return units.occupies(state, hex_, "british")  # an uncontrolled British counter there (27.2)


#: What :func:`target_refusal` gives with ``why=False`` for a hex that may not be struck: the same questions, without
#: the words of the reason (:func:`targets` asks them of every land hex; only a refusal needs the words).
NO = "no"


def target_refusal(state: dict, side: str, hex_: str, struck: list[str], why: bool = True) -> str | None:
    """Why *side* may not strike *hex_* now (10.3, 10.3b, 27.5), or None; with *why* false, :data:`NO` for a refusal."""
    m = units.pack_of(state).map
    if not m.has(hex_) or m.is_water(hex_):
        return f"{hex_} is not a land hex of the map (10.3)" if why else NO
    if places.occupied_by(state, hex_, side):
        return (f"{hex_} holds {SIDE_TITLES[side]}'s own units: no air strike on a hex with friendly units (10.3)"
                if why else NO)
    if has_british(state, hex_):
        return f"{hex_} holds British units, which are never attacked (27.5)" if why else NO
    if not places.occupied_by(state, hex_, other(side)) and not enemy_town(state, side, hex_):
        return f"{hex_} holds no enemy ground unit and is no enemy city or town (10.3)" if why else NO
    if hex_ in struck:
        return (f"{hex_} was struck already this phase: up to two air units a hex (10.3b, ruling R-10.3b-hex)"
                if why else NO)
    return None


def targets(state: dict, side: str, struck: list[str]) -> list[str]:
    """The hexes *side* may strike now (10.3): the land hexes :func:`target_refusal` lets through, asked without
    the words of its refusals."""
    return [h for h in places.land(state) if target_refusal(state, side, h, struck, False) is None]


def resolve(g, f: dict, flying: list[str]) -> None:
    """10.3a: a die per air unit, the results applied to the enemy's units in the hex."""
    s = g.s
    side, hex_ = f["side"], f["hex"]
    enemy = other(side)
    table = units.pack_of(s).air.strike
    facts = air_codes.hex_facts(s, hex_, len(flying))
    air_mission.reveal(s, side, hex_)  # 21.1: the strike reveals the stack
    stack = units.at(s, hex_)
    pts = units.supply_points(s, enemy, hex_)
    shown = ", ".join(stack) + (f" and {pts} supply point{'s' if pts != 1 else ''}" if pts else "")
    g.say(f"The air strike revealed the stack in {hex_}: {shown or 'no unit'} (21.1).", rule="21.1")
    breaks, wipe = 0, False
    for cid in flying:
        roll = g.roll(f"air strike: {cid} ({SIDE_TITLES[side]}) on {hex_}")
        total, code = air_codes.read(g, table, roll, facts, "air strike")
        meaning = table.key.get(code, code)
        read = air_codes.strike(code)
        g.say(f"{cid} struck {hex_}: die {roll}" + (f" (modified {total})" if total != roll else "")
              + f": {code}, {meaning} (10.3a).", faction=side, rule="10.3a")
        if read is None:
            g.say(f"The result {code} is not one the engine reads: the players apply it by hand ({meaning}) "
                  f"(10.3a).", rule="10.3a")
            continue
        if read["air"] == "eliminated":
            air_mission.lose_air(g, cid, "anti-aircraft fire, 10.1c")
            f["lost"].append(cid)
        breaks += read["breaks"]
        wipe = wipe or read["all"]
    if wipe:
        for cid in air_mission.strikeable(s, enemy, hex_):
            units.remove(s, cid, "eliminated")
            g.say(f"{cid} was eliminated by the air strike on {hex_} (10.3a).", faction=enemy, rule="10.3a")
            from . import victory
            victory.eliminated(g, cid, "an air strike, 10.3")
        if units.supply_points(s, enemy, hex_):
            units.spend_supply(s, enemy, hex_, units.supply_points(s, enemy, hex_))
            g.say(f"{SIDE_TITLES[enemy]}'s supply in {hex_} was eliminated by the air strike (19.6).",
                  faction=enemy, rule="19.6")
    elif breaks:
        g.call(air_breaks.Breaks.name, enemy, hex=hex_, breaks=breaks, hit=[])  # the owner's choice (13.3, 5.6)
