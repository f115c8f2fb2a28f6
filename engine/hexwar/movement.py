"""Ground movement (7.0): the cost of a step, of a declared path, and where a unit can go.

- 7.1: a unit moves hex by hex up to its movement factor (MF); unused MP are lost.
- 7.2: entering a hex costs its terrain's MP, crossing a hexside adds its features' MP (the text's example:
  a river hexside +2 and a clear hex 1 = 3 MP). The last paragraph of 7.2: a unit can always move one hex
  (the "minimum move"), unless into forbidden terrain, into a hex of enemy combat units (the text says
  "friendly": ruling R-7.2-enemy, digest A.5/A.17, read as enemy), or directly from one enemy ZOC to
  another. Ruling R-7.2-mf0: a unit with an MF of 0 does not move at all (7.3a and 19.5a treat MF-0
  units as immobile), so the minimum move, the leader's +1 and the forced march do not apply to it.
- 7.3: a forced march doubles the MF (7.3a: every unit of the force with an MF of one or more). Its
  supply point (7.3, 14.3a) is the game's to spend: the result flags it.
- 7.4: no unit enters a hex holding enemy combat units (also along a road), nor terrain the TEC forbids
  it; all-sea/all-lake hexes and sea/lake hexsides are crossed only by amphibious movement (30.0). A
  combat unit may enter a hex holding only enemy non-combat units, which are eliminated at no extra cost
  (19.1a: 7.4's "Friendly combat units can enter hexes containing enemy combat units (see non-combat unit
  rule)" is read as 19.1a says, digest A.5; ruling R-7.4-noncombat); a non-combat unit may only if it moves with combat units
  (19.4). Entering and leaving an enemy ZOC is free (7.4, R-9.4a); infiltration costs +1 MP (9.4b).
- 7.5a: along a road (from road hex to road hex across a road hexside) a hex costs 1/2 MP whatever its
  terrain; infiltration still costs +1 (7.5a). Ruling R-7.5a-hexsides: road movement ignores the other
  hexside features' costs too ("all the costs of the other terrain"), except a river, which only a bridge
  waives (7.5b). Prohibitions stand on a road (7.4 says "never"; only advance and retreat may use a road
  into prohibited terrain, 11.9).
- 7.5b: a bridge waives the river's cost for road movement; ruling R-7.5b-destroyed: a bridge destroyed
  (16.0) waives nothing: road movement across that river pays the river's cost (the alternative reading,
  the road cut there, would charge the terrain cost instead).
- 7.6a (and optional 29.1, its repeat): commando/guerrilla units pay 1 MP to enter rough or mountain
  hexes (the TEC's ``rough`` flag), and the other costs normally.
- 20.1: units that start their move with a friendly leader get +1 MF (not leaders themselves: 20.3; one
  however many leaders: 20.1b), +2 on a forced march (20.1a).
- 22.1c: during a truce no infiltration (ruling R-22.1c, digest A.11.2).
- 27.4: entering a hex with (uncontrolled) British units costs +1 MP; a unit ending its move there is
  eliminated: the result flags it.
- Countries a unit may not enter (26.1c, 22.1d-e: the game knows the date and where each unit started)
  are given as ``barred_countries`` {country: rule}.

MP are :class:`fractions.Fraction` (roads cost 1/2). A refusal is an :class:`engine.core.errors.Refusal`
(a string naming the rule in parentheses, with ``.rule``).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.core.errors import Refusal

from .stacking import Board
from .terrain import WATER_FEATURES, MapData, Tec, Unit, mp_text
from .zoc import ZocView, infiltration

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class Cost:
    """One step: *frm* to the adjacent *to*, its MP and why (each part with its rule)."""

    frm: str
    to: str
    mp: Fraction
    road: bool
    parts: tuple[str, ...]
    infiltration: bool = False
    british: bool = False
    captures: tuple[str, ...] = ()

    def text(self) -> str:
        return f"{self.frm} to {self.to}: {mp_text(self.mp)} MP ({'; '.join(self.parts)})"


@dataclass(frozen=True)
class Move:
    """A declared path checked (7.0): the steps and their total, or the first illegal step and why.

    ``minimum_move``: the one hex a unit can always move was used (7.2). ``forced_march``: the force spends
    a supply point (7.3, 14.3a: the game's). ``eliminated``: the unit ended its move with British units
    (27.4). ``captured``: enemy non-combat units eliminated on the way (19.1a). ``countries``: the
    countries entered across a border (for 22.3's truce violations)."""

    unit: str
    path: tuple[str, ...]
    steps: tuple[Cost, ...]
    total: Fraction
    allowance: int
    refusal: Refusal | None = None
    failed_step: int | None = None
    minimum_move: bool = False
    forced_march: bool = False
    eliminated: str | None = None
    captured: tuple[str, ...] = ()
    countries: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.refusal is None

    @property
    def left(self) -> Fraction:
        """MP left (none after a minimum move)."""
        return max(Fraction(self.allowance) - self.total, Fraction(0))



def forbidden_to(mp, unit_type: str, verb: str) -> str:
    """``no ground unit may enter`` (a terrain no unit enters) or ``an armor unit may not cross`` (7.4, TEC)."""
    if mp is None:
        return f"no ground unit may {verb}"
    return f"{'an' if unit_type[:1] in 'aeiou' else 'a'} {unit_type} unit may not {verb}"

def allowance(unit: Unit, *, forced_march: bool = False, with_leader: bool = False) -> int:
    """The MP *unit* may spend this move (7.1): its MF, +1 if it started its move in a hex with a friendly
    leader and is not a leader (20.1, 20.1b, 20.3), the whole doubled by a forced march (7.3, 7.3a), the
    leader's point with it (20.1a). An MF of 0 stays 0 (R-7.2-mf0)."""
    if unit.mf <= 0:
        return 0
    mf = unit.mf + (1 if with_leader and not unit.leader else 0)
    return mf * 2 if forced_march else mf


def leader_with(unit: Unit, units_in_hex: Iterable[Unit]) -> bool:
    """Whether a friendly leader stands in *unit*'s hex (20.1): give this before the leader moves."""
    return not unit.leader and any(u.leader and u.side == unit.side and u.id != unit.id for u in units_in_hex)


def _pair(p: Iterable[str]) -> frozenset[str]:
    return frozenset(p)


def step_cost(map: MapData, tec: Tec, unit: Unit, frm: str, to: str, *, road: bool | None = None,
              zoc: ZocView, board: Board, truce: bool = False,
              destroyed_bridges: Iterable[Iterable[str]] = (), barred_countries: Mapping[str, str] | None = None,
              escorted: bool = False) -> Cost | Refusal:
    """The MP for *unit* to move from *frm* to the adjacent *to* (7.2), or why it may not.

    *road*: True for road movement (7.5a: refused if no road joins the two hexes), False for the terrain
    cost, None for the road where one joins them and it costs no more. *zoc*: the enemy ZOC affecting
    the unit's side; *board*: who is where; *truce*: 22.1c; *destroyed_bridges*: hexsides (pairs of labels)
    whose bridge is destroyed (16.0); *barred_countries*: {country: rule} the unit may not cross into;
    *escorted*: a non-combat unit moving with combat units (19.4)."""
    side = unit.side
    if zoc.side != side:
        raise ValueError(f"the ZOC view is {zoc.side!r}'s, the unit {unit.id} is {side!r}'s (9.3)")
    # what the map alone says of the step (two adjacent hexes of the map, the hex entered and the hexside, and the
    # water no ground unit crosses: 7.4, 30.0) is worked out once per pair of hexes (MapData.memo: the map never
    # changes); a pair off the map or not adjacent is refused as ever, and not kept
    pair = map.memo.get(("step_pair", frm, to))
    if pair is None:
        if not map.has(to):
            why = map.grid.problem(to)
            return Refusal(why, "1.3")
        if not map.has(frm):
            return Refusal(map.grid.problem(frm), "1.3")
        if not map.adjacent(frm, to):
            return Refusal(f"{frm} and {to} are not adjacent: a unit moves from a hex to an adjacent one (7.1)", "7.1")
        pair = map.memo[("step_pair", frm, to)] = _pair_facts(map, frm, to)
    dest, side_data, water = pair
    if water is not None:
        return Refusal(water, "7.4")
    effect = tec.hex_effect(dest.terrain)
    if effect.forbids(unit.type):
        return Refusal(f"{to} is {dest.terrain}, which {forbidden_to(effect.mp, unit.type, 'enter')} by the Terrain "
                       f"Effects Table; a unit never "
                       f"enters forbidden terrain, even along a road (7.4)", "7.4")
    if board.enemy_combat(to, side):
        return Refusal(f"{to} holds enemy combat units: no unit enters such a hex (7.4, 19.1c)", "7.4")
    captures = board.enemy_noncombat_only(to, side)
    if captures and not unit.combat and not escorted:
        return Refusal(f"{to} holds enemy non-combat units: a non-combat unit enters such a hex only moving with "
                       f"combat units (19.4)", "19.4")
    barred = barred_countries or {}
    if dest.country in barred and map.is_border(frm, to) and map.hex(frm).country != dest.country:
        rule = barred[dest.country]
        return Refusal(f"{unit.id} may not cross the border from {frm} into {dest.country} at {to} ({rule})", rule)
    infil = infiltration(zoc, frm, to)
    if infil and truce:
        return Refusal(f"{zoc.why(frm)} and {zoc.why(to)}: during a truce units may not move directly from one "
                       f"enemy ZOC to another; entering or leaving one is allowed (22.1c; ruling R-22.1c)",
                       "22.1c")

    bridged = side_data.bridge and _pair((frm, to)) not in {_pair(p) for p in destroyed_bridges}
    is_road = map.is_road(frm, to)
    if road and not is_road:
        return Refusal(f"no road runs from {frm} to {to}: road movement goes from road hex to road hex along a "
                       f"connected road (7.5a)", "7.5a")
    # the terrain part depends on the map and the TEC alone: worked out once per step, unit type and bridge
    # (MapData.memo, with the TEC it was read from: another TEC finds nothing)
    key = ("step", frm, to, unit.type, road, bridged)
    found = map.memo.get(key)
    if found is not None and found[0] is tec:
        chosen, by_road = found[1], found[2]
    else:
        chosen, by_road = _terrain_part(tec, unit, frm, to, road, is_road, bridged, dest, side_data, effect)
        if not isinstance(chosen, Refusal):
            chosen = (chosen[0], tuple(chosen[1]))
            map.memo[key] = (tec, chosen, by_road)
    if isinstance(chosen, Refusal):
        return chosen
    mp, parts = chosen[0], list(chosen[1])
    if infil:
        mp += 1
        parts.append(f"infiltration +1 MP: {zoc.why(frm)} and so is {to} (9.4b)")
    british = board.british(to)
    if british:
        mp += 1
        parts.append(f"British units in {to} +1 MP (27.4)")
    if captures:
        parts.append(f"the enemy non-combat units in {to} are eliminated, at no extra cost (19.1a)")
    return Cost(frm, to, mp, by_road, tuple(parts), infil, british, tuple(u.id for u in captures))


def _pair_facts(map: MapData, frm: str, to: str) -> tuple:
    """:func:`step_cost`'s facts of the map for the adjacent *frm* and *to*: the hex entered, the hexside, and why
    no ground unit makes the step over water (7.4, 30.0: the refusal's text), or None."""
    dest = map.hex(to)
    side_data = map.hexside(frm, to)
    water = None
    if map.is_water(to):
        water = (f"{to} is {dest.terrain.replace('_', ' ')}: no ground unit enters it; water is crossed only "
                 f"by amphibious movement (7.4, 30.0)")
    else:
        crossed = sorted(side_data.features & WATER_FEATURES)
        if crossed:
            water = (f"the hexside {frm}-{to} is a {crossed[0]} hexside: no ground unit crosses it; water is "
                     f"crossed only by amphibious movement (7.4, 30.0)")
    return dest, side_data, water


def _terrain_part(tec: Tec, unit: Unit, frm: str, to: str, road: bool | None, is_road: bool, bridged: bool,
                  dest, side_data, effect) -> tuple[tuple[Fraction, list[str]] | Refusal, bool]:
    """The terrain's share of a step (7.2, 7.4, 7.5a-b, 7.6a; R-7.5a-hexsides, R-7.5b-destroyed), by road or
    not as *road* asks (None: the road where it costs no more), and whether the road is taken: ``step_cost``'s."""
    def terrain_option() -> tuple[Fraction, list[str]] | Refusal:
        parts = []
        if unit.commando and effect.rough:  # rough, rugged, wild and mountain alike (ruling R-29.2a-rough)
            mp = Fraction(1)
            parts.append(f"{dest.terrain} 1 MP for a commando/guerrilla unit (7.6a)")
        else:
            mp = effect.mp
            parts.append(f"{dest.terrain} {mp_text(mp)} MP (7.2)")
        for feature in sorted(side_data.features):
            fe = tec.feature_effect(feature)
            if fe.forbids(unit.type):
                return Refusal(f"the hexside {frm}-{to} is a {feature} hexside, which "
                               f"{forbidden_to(fe.mp, unit.type, 'cross')} by the Terrain Effects Table (7.4)", "7.4")
            mp += fe.mp
            parts.append(f"{feature} hexside +{mp_text(fe.mp)} MP (7.2)")
        return mp, parts

    def road_option() -> tuple[Fraction, list[str]] | Refusal:
        mp = HALF
        parts = [f"along the road 1/2 MP, ignoring the {dest.terrain} (7.5a)"]
        for feature in sorted(side_data.features):
            if feature != "river":
                continue  # R-7.5a-hexsides
            if bridged:
                parts.append("the bridge: no river cost (7.5b)")
                continue
            fe = tec.feature_effect(feature)
            if fe.forbids(unit.type):
                return Refusal(f"the hexside {frm}-{to} is a river hexside with no standing bridge, which "
                               f"{forbidden_to(fe.mp, unit.type, 'cross')} by the Terrain Effects Table (7.4, 7.5b)", "7.4")
            mp += fe.mp
            why = "its bridge is destroyed (16.0; ruling R-7.5b-destroyed)" if side_data.bridge else "no bridge"
            parts.append(f"river hexside +{mp_text(fe.mp)} MP: {why} (7.5b)")
        for feature in sorted(side_data.features - {"river"}):
            fe = tec.feature_effect(feature)
            if fe.forbids(unit.type):
                return Refusal(f"the hexside {frm}-{to} is a {feature} hexside, which "
                               f"{forbidden_to(fe.mp, unit.type, 'cross')} by the Terrain Effects Table, road or not (7.4)",
                               "7.4")
        return mp, parts

    if road:
        chosen, by_road = road_option(), True
    elif road is False or not is_road:
        chosen, by_road = terrain_option(), False
    else:
        by_r, by_t = road_option(), terrain_option()
        if isinstance(by_r, Refusal):
            chosen, by_road = by_t, False
        elif isinstance(by_t, Refusal) or by_r[0] <= by_t[0]:
            chosen, by_road = by_r, True
        else:
            chosen, by_road = by_t, False
    return chosen, by_road


def path_cost(map: MapData, tec: Tec, unit: Unit, path: Sequence[str], *, zoc: ZocView, board: Board,
              forced_march: bool = False, with_leader: bool = False,
              road: bool | None | Sequence[bool | None] = None, truce: bool = False,
              destroyed_bridges: Iterable[Iterable[str]] = (), barred_countries: Mapping[str, str] | None = None,
              escorted: bool = False) -> Move:
    """Check *unit*'s whole move along *path* (the hex it starts in, then each hex entered: 7.1).

    *road*: one value for every step or one per step (see :func:`step_cost`). The result has the total and
    each step's cost, or the first illegal step (``failed_step``, 0 for the first) and the refusal."""
    path = tuple(path)
    limit = allowance(unit, forced_march=forced_march, with_leader=with_leader)
    base = dict(unit=unit.id, path=path, allowance=limit, forced_march=forced_march and unit.mf > 0)
    if len(path) < 2:
        return Move(steps=(), total=Fraction(0), refusal=Refusal(
            "a move names the hex the unit starts in and at least one hex entered (7.1)", "7.1"), **base)
    where = board.where(unit.id)
    if where is not None and where != path[0]:
        return Move(steps=(), total=Fraction(0), failed_step=0, refusal=Refusal(
            f"{unit.id} is in {where}, not {path[0]}: a move starts in the unit's hex (7.1)", "7.1"), **base)
    if limit == 0:
        return Move(steps=(), total=Fraction(0), failed_step=0, refusal=Refusal(
            f"{unit.id} has a movement factor of 0: it does not move (7.1; ruling R-7.2-mf0)", "7.1"), **base)
    roads = list(road) if isinstance(road, list | tuple) else [road] * (len(path) - 1)
    if len(roads) != len(path) - 1:
        raise ValueError(f"{len(roads)} road choices for {len(path) - 1} steps")
    kw = dict(zoc=zoc, board=board, truce=truce, destroyed_bridges=list(destroyed_bridges),
              barred_countries=barred_countries, escorted=escorted)
    steps: list[Cost] = []
    total = Fraction(0)
    minimum = False
    for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
        step = step_cost(map, tec, unit, a, b, road=roads[i], **kw)
        if isinstance(step, Refusal):
            return Move(steps=tuple(steps), total=total, failed_step=i, refusal=step, **base)
        if total + step.mp > limit:
            left = Fraction(limit) - total
            if i == 0 and len(path) == 2 and not step.infiltration:
                minimum = True
            else:
                why = (f"entering {b} costs {mp_text(step.mp)} MP but {unit.id} has {mp_text(left)} left of its "
                       f"{limit} (7.1): {'; '.join(step.parts)}")
                if i == 0 and step.infiltration:
                    why += ("; the one-hex minimum move is not allowed directly from one enemy ZOC to another "
                            "(7.2)")
                elif i == 0:
                    why += "; the minimum move is one hex, no more (7.2)"
                return Move(steps=tuple(steps), total=total, failed_step=i, refusal=Refusal(why, "7.1"), **base)
        steps.append(step)
        total += step.mp
    countries = []
    for a, b in zip(path, path[1:], strict=False):
        if map.is_border(a, b):
            c = map.hex(b).country
            if c is not None and c not in countries:
                countries.append(c)
    end = path[-1]
    eliminated = None
    if board.british(end):
        eliminated = (f"{unit.id} ends its move in {end} with British units: it is eliminated, and counts for "
                      f"victory (27.4)")
    return Move(steps=tuple(steps), total=total, minimum_move=minimum, eliminated=eliminated,
                captured=tuple(c for s in steps for c in s.captures), countries=tuple(countries), **base)


def reachable(map: MapData, tec: Tec, unit: Unit, start: str, *, zoc: ZocView, board: Board,
              forced_march: bool = False, with_leader: bool = False, truce: bool = False,
              destroyed_bridges: Iterable[Iterable[str]] = (), barred_countries: Mapping[str, str] | None = None,
              escorted: bool = False) -> dict[str, Fraction]:
    """Every hex *unit* can move to from *start*, with the least MP it costs (7.1-7.6; roads where they
    are cheaper). A neighbour beyond the MF is there if the minimum move allows it (7.2). Hexes with
    British units are listed: the unit may enter them, but ending there eliminates it (27.4)."""
    limit = allowance(unit, forced_march=forced_march, with_leader=with_leader)
    if limit == 0:
        return {}
    kw = dict(zoc=zoc, board=board, truce=truce, destroyed_bridges=list(destroyed_bridges),
              barred_countries=barred_countries, escorted=escorted)
    best: dict[str, Fraction] = {start: Fraction(0)}
    heap: list[tuple[Fraction, str]] = [(Fraction(0), start)]
    out: dict[str, Fraction] = {}
    while heap:
        spent, here = heapq.heappop(heap)
        if spent > best.get(here, spent):
            continue
        for n in map.neighbours(here):
            step = step_cost(map, tec, unit, here, n, road=None, **kw)
            if isinstance(step, Refusal):
                continue
            cost = spent + step.mp
            if cost > limit:
                if here == start and not step.infiltration and n not in out:
                    out[n] = cost  # the minimum move (7.2): one hex, no further
                continue
            if cost < best.get(n, cost + 1):
                best[n] = cost
                out[n] = cost
                heapq.heappush(heap, (cost, n))
    out.pop(start, None)
    return out
