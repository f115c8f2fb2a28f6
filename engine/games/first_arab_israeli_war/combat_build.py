"""The Combat phase's reading of the position (11.1, 12.2, 19.2, 25, 26.1, 27.5, 11.8): which units may attack
which hex, and the combat desk's records (:mod:`.combat_units`: ``Unit``, ``Attack``, ``CombatOptions``) built
from the state and the pack, so that the desk's arithmetic (:mod:`.combat`) resolves a combat of the game.

- 11.1a: an attacker is a combat unit of the phasing side adjacent to the defended hex, with its CS not in
  parentheses (1.4a; non-combat units never attack, 19.5), that has not attacked this phase; 11.8: never
  across an all-sea or all-lake hexside (the defended hex holds units, so it is land);
- 8.2: at most two brigades attack from one hex (ruling R-8.2);
- 19.2: a hex of only enemy non-combat units cannot be attacked; 27.5: nor a hex with British units;
- 25.1, 25.2: Israel never attacks El Arish, Aqaba, Amman or Damascus unless optional rule 25.3 is in force;
- 26.1d: in the mandate period an Israeli commando/guerrilla unit does not attack a city, town or base outside
  Palestine; 26.1c: other Israeli units may attack across the border.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from . import calendar, places, setup, units
from .combat_units import TREATY_PLACES, Attack, CombatOptions, TerrainEntry, Unit
from .units import SIDES

#: Settlements a commando may not attack outside Palestine in the mandate period (26.1d).
TOWNS_AND_BASES = frozenset({"city", "town", "fort_base"})


def options(state: dict) -> CombatOptions:
    """The optional rules that bear on combat (29, 31, 25.3) and the umpire's rulings, as the desk reads them."""
    return CombatOptions(guerrilla=setup.optional(state, "29"), fanaticism=setup.optional(state, "31"),
                         treaty_attacks=setup.optional(state, "25.3"),
                         rulings=dict(state["options"].get("rulings") or {}))


def desk_unit(state: dict, cid: str, hex_: str | None = None) -> Unit:
    """Counter *cid* as the combat desk reads it (its faces, its face up: 13.2)."""
    c = units.counter(state, cid)
    rec = state["units"][cid]
    front, back = c.front, c.back
    return Unit(id=cid, side=units.side_of(state, cid), type=c.type, size=c.size or "", nationality=c.nationality or "",
                front_cs=front.cs if front else 0, back_cs=back.cs if back else 0,
                front_paren=bool(front and front.paren), back_paren=bool(back and back.paren),
                broken=bool(rec["broken"]), hex=hex_ or rec["at"] or "", name=c.designation)


def supply_unit(side: str, hex_: str, points: int) -> Unit:
    """A side's supply points in a hex, as one supply unit of the desk (R-14.0-points)."""
    return Unit(id=f"supply@{hex_}", side=side, type="supply", size="", hex=hex_, points=points)


def treaty_place(state: dict, hex_: str) -> str | None:
    """The treaty city in *hex_* (25.1, 25.2), or None."""
    tags = units.pack_of(state).map.hex(hex_).tags
    return next((TREATY_PLACES[t] for t in sorted(tags) if t in TREATY_PLACES), None)


def enemy_in(state: dict, hex_: str, side: str) -> list[str]:
    """The enemy counters in *hex_* (not the British: nobody's, 27.2)."""
    return [cid for cid in units.at(state, hex_) if units.side_of(state, cid) == units.other(side)]


def british_in(state: dict, hex_: str) -> bool:
    return units.occupies(state, hex_, "british")  # an uncontrolled British counter there (27.2)


def enemy_combat_in(state: dict, hex_: str, side: str) -> list[str]:
    return [cid for cid in enemy_in(state, hex_, side) if units.unit(state, cid).combat]


def occupied_by_enemy(state: dict, hex_: str, side: str) -> bool:
    """Whether the enemy of *side* has a counter (:func:`enemy_in`) or supply points in *hex_*."""
    return places.occupied_by(state, hex_, units.other(side))


def may_attack(state: dict, cid: str, attacked: list[str]) -> bool:
    """Whether counter *cid* may attack at all now: a combat unit whose CS is not in parentheses (1.4a, 19.5)
    that has not attacked this phase (11.1a)."""
    u = units.unit(state, cid)
    return u.combat and not u.parenthesized and cid not in attacked


def unit_may_attack_hex(state: dict, cid: str, target: str) -> str | None:
    """Why counter *cid* may not attack *target* (a reason naming its rule), or None: adjacency (11.1a), water
    (11.8), the mandate's commando limit (26.1d)."""
    m = units.pack_of(state).map
    at = state["units"][cid]["at"]
    if not m.adjacent(at, target):
        return f"{cid} in {at} is not adjacent to {target}: attackers are adjacent to the defended hex (11.1a)"
    if m.water_hexside(at, target):
        return f"{cid} in {at} would attack across a sea or lake hexside, which no unit does (11.8)"
    c = units.counter(state, cid)
    d = m.hex(target)
    if (c.side == "israel" and c.type in ("commando", "guerrilla") and calendar.mandate(state["month"])
            and d.country != "Palestine" and d.settlement in TOWNS_AND_BASES):
        return (f"{cid} is an Israeli commando/guerrilla unit: it may not attack a city, town or base outside "
                f"Palestine until May 1948 (26.1d)")
    return None


def hex_refusal(state: dict, side: str, target: str, *, seen: bool) -> str | None:
    """Why *side* may not attack *target* whatever the attackers (a reason naming its rule), or None. *seen*:
    whether *side* sees the stack (21.0); a hidden stack of only non-combat units is found out by declaring the
    attack (21.1), so 19.2 is not applied to it here."""
    m = units.pack_of(state).map
    if not m.has(target) or m.is_water(target):
        return f"{target} is not a land hex of the map (1.3, 11.8)"
    if british_in(state, target):
        return f"{target} holds British units: hexes with British units can never be attacked (27.5)"
    if not occupied_by_enemy(state, target, side):
        return f"{target} holds no enemy unit to attack (11.0)"
    if seen and not enemy_combat_in(state, target, side):
        return (f"{target} holds only non-combat units: they cannot be attacked from an adjacent hex; a combat "
                f"unit may enter the hex in the Movement phase instead (19.2, 19.1a)")
    place = treaty_place(state, target)
    if side == "israel" and place and not setup.optional(state, "25.3"):
        rule = "25.2" if place == "Damascus" else "25.1"
        return f"Israeli ground units may never attack {place} (optional rule 25.3 is not in force) ({rule})"
    return None


def attackers_of(state: dict, side: str, target: str, attacked: list[str]) -> list[str]:
    """The counters of *side* that may attack *target* now (11.1a, 11.8, 26.1d), in the manifest's order."""
    return list(each_attacker(state, side, target, attacked))


def each_attacker(state: dict, side: str, target: str, attacked: list[str]) -> Iterator[str]:
    """:func:`attackers_of`, one at a time (read lazily: a caller asking whether there is one stops at the first;
    nothing may change between two)."""
    m = units.pack_of(state).map
    near = set(m.neighbours(target))
    recs = state["units"]
    if units.memo(state) is not None:  # a units.Reading: the side's counters are indexed
        mine: Iterable[str] = (cid for cid in units.on_map(state, side) if recs[cid]["at"] in near)
    else:  # units.on_map(state, side), inline: the neighbours' counters only
        printed, brit = units.printed_sides(state), units.british_side(state)
        mine = (cid for cid, rec in recs.items() if rec["status"] == "map" and rec["at"] in near
                and (rec.get("side") or printed[cid] or brit) == side)
    return (cid for cid in mine if may_attack(state, cid, attacked) and unit_may_attack_hex(state, cid, target) is None)


def population_near(state: dict, hex_: str, defender: str) -> bool:
    """29.2b: the combat is on or next to a non-terrorized hex with the defender's own population."""
    m = units.pack_of(state).map
    people = places.POPULATION[defender]
    return any(places.population(state, h) == people for h in [hex_, *m.neighbours(hex_)])


def build_attack(state: dict, side: str, target: str, attackers: list[str], *, table: str = "raid",
                 chooser: str = "attacker", doubled: tuple[str, ...] = (), defender_supply: bool = False,
                 counting: list[str] | None = None, fanatic: tuple[bool, bool] = (False, False),
                 invasion: bool = False, support: list[str] | None = None) -> Attack:
    """The desk's :class:`Attack` for *side*'s *attackers* on *target*: every unit of the defended hex defends
    (11.1b), the attacker's leaders and supply in the attacking hexes support it (20.2, 14.3b; for an invasion
    only those named in *support*: 12.3b-c), the TEC's shifts of the hex and of the hexsides attacked across
    (11.2c1), the entrenchment (15.3)."""
    pack = units.pack_of(state)
    m, tec = pack.map, pack.tec
    foe = units.other(side)
    atk = tuple(desk_unit(state, cid) for cid in attackers)
    hexes = list(dict.fromkeys(u.hex for u in atk))
    dfn = [desk_unit(state, cid) for cid in units.at(state, target)]
    pts = units.supply_points(state, foe, target)
    if pts:
        dfn.append(supply_unit(foe, target, pts))
    sup: list[Unit] = []
    if support is None:
        for h in hexes:
            sup += [desk_unit(state, cid) for cid in units.at(state, h) if units.counter(state, cid).type == "leader"
                    and units.side_of(state, cid) == side]
            if units.supply_points(state, side, h):
                sup.append(supply_unit(side, h, units.supply_points(state, side, h)))
    else:
        for x in support:
            if x.startswith("supply@"):
                h = x.split("@", 1)[1]
                sup.append(supply_unit(side, h, units.supply_points(state, side, h)))
            else:
                sup.append(desk_unit(state, x))
    d = m.hex(target)
    eff = tec.hex_effect(d.terrain)
    terrain = (TerrainEntry(d.terrain, eff.shift, rough=eff.rough),)
    hexsides = {}
    for h in hexes:
        feats = sorted(m.hexside(h, target).features)
        if feats:
            hexsides[h] = tuple(TerrainEntry(f, tec.feature_effect(f).shift) for f in feats)
    return Attack(attackers=atk, defenders=tuple(dfn), defender_hex=target, crt=table, crt_named_by=chooser,
                  support=tuple(sup), attacker_supply=tuple(doubled), defender_supply=defender_supply,
                  defender_counting=tuple(counting) if counting is not None else None, terrain=terrain,
                  hexsides=hexsides, entrenched=target in state["entrenched"], invasion=invasion,
                  fanatic_attacker=fanatic[0], fanatic_defender=fanatic[1], attacker_vp=state["vp"][side],
                  defender_vp=state["vp"][foe], mandate=calendar.mandate(state["month"]),
                  defender_tags=tuple(sorted(d.tags)), defender_country=d.country, defender_settlement=d.settlement,
                  population_near=population_near(state, target, foe))


def reveal(state: dict, *hexes: str) -> None:
    """21.1: combat reveals the stacks of its hexes to both sides (``state["revealed"]``; the view shows them)."""
    for side in SIDES:
        seen = state["revealed"][side]
        for h in hexes:
            if h not in seen:
                seen.append(h)
