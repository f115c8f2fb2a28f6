"""Advance and retreat after combat (11.6, 11.9, 9.5, 19.1b, 19.5, 27.4, 26.1c, optional 29.3).

Advance (11.6a): the player the combat result names may move units into the hex the enemy left, at no MP
cost and through enemy ZOC without penalty (9.5b), but not into prohibited terrain (11.6a) unless along a
road (11.9), nor into a hex with British units (27.4). 11.6a1: one hex. 11.6a2: two hexes for Israeli
armor/mechanized/reconnaissance units from May 1948, all Transjordanian mechanized/reconnaissance units,
all British armor/mechanized/reconnaissance units, and "the leading units of the same nationality stacked
with the previous ones" (ruling R-11.6a-leaders, digest A.7.4: leaders of the same nationality stacked
with such units); the first hex is the vacated one, the second any adjacent hex without enemy units.

Retreat (11.6b): as long as the combat result says (the CRT, the pack's). Never into enemy combat units
(9.5c); a combat unit may retreat into a hex holding only enemy non-combat units, which are eliminated
(19.1b: its first "Enemy" read as "friendly", digest A.17; ruling R-19.1b-friendly), a non-combat unit may
not (19.1b). Into an enemy
ZOC: an effective unit is broken, a broken one eliminated (9.5c, 13.3, 13.4); ruling R-9.5c-each: each
enemy-ZOC hex entered is one such retreat (after the first the unit is broken, so a second eliminates it:
13.4); the alternative reading, once per retreat whatever its length, is ``ezoc_once=True``. Leaders retreat
through enemy ZOC freely (19.5a, 20.4a); supply units retreating through one are eliminated (19.5a); MF-0
units that must retreat are eliminated (19.5a). Optional 29.3: a commando/guerrilla unit that begins its
retreat in or adjacent to a non-terrorized friendly-population hex is not broken by enemy ZOC. Prohibited
terrain only along roads (11.9). A hex with British units (27.4), or a country a unit may not enter
(26.1c: Israeli units out of Palestine in the mandate period), is taken only if there is no other
retreat, and then the unit is eliminated. Ruling R-11.6b-path: a retreat enters each hex at most once and
not the hex it left; ruling R-11.6b-none: a unit with no retreat at all is eliminated (the text is silent
but for 27.4's British case; digest A.7.4 gives nothing).

Stacking is not checked on the way (8.1a): only at the end of the Combat phase (see
:mod:`engine.hexwar.stacking`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.core.errors import Refusal

from .stacking import Board
from .terrain import WATER_FEATURES, MapData, Tec, Unit
from .zoc import ZocView

#: Types that may advance two hexes (11.6a2): armor, mechanized, reconnaissance.
FAST_TYPES = frozenset({"armor", "mechanized", "recon"})
#: Transjordan's two-hex types (11.6a2: "mechanized/reconnaissance").
TRANSJORDAN_FAST_TYPES = frozenset({"mechanized", "recon"})


@dataclass(frozen=True)
class Displacement:
    """An advance or retreat checked: the path, what becomes of the unit (``"moves"``, ``"broken"`` or
    ``"eliminated"``) and why, the enemy non-combat units it eliminates (19.1b)."""

    unit: str
    path: tuple[str, ...]
    outcome: str
    reasons: tuple[str, ...] = ()
    captured: tuple[str, ...] = ()


def two_hex_advance(unit: Unit, *, from_may_1948: bool) -> bool:
    """Whether *unit* itself is one of 11.6a2's units that advance two hexes."""
    if unit.nationality == "british":
        return unit.type in FAST_TYPES
    if unit.nationality == "transjordan":
        return unit.type in TRANSJORDAN_FAST_TYPES
    if unit.side == "israel":
        return from_may_1948 and unit.type in FAST_TYPES
    return False


def advance_limit(unit: Unit, *, stacked_with: Iterable[Unit] = (), from_may_1948: bool = False) -> int:
    """How many hexes *unit* may advance after combat (11.6a1-2): 2 for the units 11.6a2 lists and for a
    leader of the same nationality stacked with one of them (R-11.6a-leaders), else 1."""
    if two_hex_advance(unit, from_may_1948=from_may_1948):
        return 2
    if unit.leader and any(u.nationality == unit.nationality and two_hex_advance(u, from_may_1948=from_may_1948)
                           for u in stacked_with if u.id != unit.id):
        return 2
    return 1


def _prohibited(map: MapData, tec: Tec, unit: Unit, a: str, b: str, what: str) -> Refusal | None:
    """Water, or terrain the unit may not enter except along a road (11.6a, 11.9)."""
    if map.is_water(b) or map.hexside(a, b).features & WATER_FEATURES:
        return Refusal(f"{b} lies across water: no ground unit may {what} there; water is crossed only by "
                       f"amphibious movement (7.4, 30.0)", "7.4")
    if map.is_road(a, b):
        return None  # 11.9: prohibited terrain may be entered along a road
    terrain = map.hex(b).terrain
    if tec.hex_effect(terrain).forbids(unit.type):
        return Refusal(f"{b} is {terrain}, which a {unit.type} unit may not enter; it may {what} there only along a "
                       f"road (11.9)", "11.9")
    for feature in sorted(map.hexside(a, b).features):
        if tec.feature_effect(feature).forbids(unit.type):
            return Refusal(f"the hexside {a}-{b} is a {feature} hexside, which a {unit.type} unit may not cross; it "
                           f"may {what} across it only along a road (11.9)", "11.9")
    return None


def _common(map: MapData, unit: Unit, a: str, b: str) -> Refusal | None:
    if not map.has(b):
        return Refusal(map.grid.problem(b), "1.3")
    if not map.adjacent(a, b):
        return Refusal(f"{a} and {b} are not adjacent: advance and retreat go hex by hex (11.6)", "11.6")
    return None


def advance(map: MapData, tec: Tec, unit: Unit, path: Sequence[str], *, vacated: str, board: Board, limit: int,
            barred_countries: Mapping[str, str] | None = None) -> Displacement | Refusal:
    """Check an advance after combat along *path* (the unit's hex, then the hexes entered), *limit* hexes
    at most (:func:`advance_limit`), the first being *vacated* (11.6a). No MP, no ZOC (9.5b)."""
    path = tuple(path)
    if len(path) < 2:
        return Refusal("an advance names the unit's hex and the hex it enters (11.6a)", "11.6a")
    if len(path) - 1 > limit:
        return Refusal(f"{unit.id} may advance {limit} hex{'es' if limit > 1 else ''}, not {len(path) - 1} (11.6a: "
                       f"one hex, two only for the units 11.6a2 lists)", "11.6a")
    if path[1] != vacated:
        return Refusal(f"an advance enters first the hex the enemy left, {vacated}, not {path[1]} (11.6a)", "11.6a")
    barred = barred_countries or {}
    captured: list[str] = []
    for a, b in zip(path, path[1:], strict=False):
        why = _common(map, unit, a, b) or _prohibited(map, tec, unit, a, b, "advance")
        if why:
            return why
        if board.enemy_combat(b, unit.side):
            return Refusal(f"{b} holds enemy combat units: an advance enters no hex occupied by the enemy (11.6a, "
                           f"7.4)", "11.6a")
        if board.british(b):
            return Refusal(f"{b} holds British units: no unit advances after combat into such a hex (27.4)", "27.4")
        country = map.hex(b).country
        if country in barred and map.is_border(a, b) and map.hex(a).country != country:
            return Refusal(f"{unit.id} may not advance across the border into {country} ({barred[country]})",
                           barred[country])
        prey = board.enemy_noncombat_only(b, unit.side)
        if prey:
            if not unit.combat:
                return Refusal(f"{b} holds enemy non-combat units: only combat units advance into such a hex "
                               f"(19.1b, 19.4)", "19.1b")
            captured.extend(u.id for u in prey)
    reasons = ("advance after combat: no MP, enemy ZOC without penalty (11.6a, 9.5b)",)
    if captured:
        reasons += ("the enemy non-combat units there are eliminated (19.1b)",)
    return Displacement(unit.id, path, "moves", reasons, tuple(captured))


def _friendly_population_near(map: MapData, label: str, population: str | None, terrorized: Iterable[str]) -> bool:
    if population is None:
        return False
    terrorized = set(terrorized)
    return any(map.hex(h).population == population and h not in terrorized
               for h in [label, *map.neighbours(label)])


def _retreat_path(map, tec, unit, path, board, zoc, barred, option_29_3, population, terrorized,
                  ezoc_once) -> tuple[Displacement | Refusal, tuple[str, str] | None]:
    """(the displacement or refusal, (why, rule) if the path is a last resort: 27.4 or 26.1c)."""
    start = path[0]
    seen = {start}
    captured: list[str] = []
    reasons: list[str] = []
    last_resort = None
    broken = unit.broken
    eliminated = False
    ezoc_hits = 0
    immune = (option_29_3 and unit.commando and unit.combat
              and _friendly_population_near(map, start, population, terrorized))
    for a, b in zip(path, path[1:], strict=False):
        why = _common(map, unit, a, b) or _prohibited(map, tec, unit, a, b, "retreat")
        if why:
            return why, None
        if b in seen:
            return Refusal(f"a retreat enters each hex once and never the hex it left: {b} again (11.6b; ruling "
                           f"R-11.6b-path)", "11.6b"), None
        seen.add(b)
        if board.enemy_combat(b, unit.side):
            return Refusal(f"{b} holds enemy combat units: no unit retreats into enemy units (9.5c)", "9.5c"), None
        prey = board.enemy_noncombat_only(b, unit.side)
        if prey:
            if not unit.combat:
                return Refusal(f"{b} holds enemy non-combat units: a non-combat unit may not retreat there "
                               f"(19.1b)", "19.1b"), None
            captured.extend(u.id for u in prey)
            reasons.append(f"the enemy non-combat units in {b} are eliminated (19.1b)")
        if board.british(b) and last_resort is None:
            last_resort = (f"{b} holds British units: a unit retreats there only if it has no other choice, and "
                           f"is then eliminated", "27.4")
        country = map.hex(b).country
        if (last_resort is None and country in barred and map.is_border(a, b)
                and map.hex(a).country != country):
            last_resort = (f"{unit.id} may not retreat across the border into {country}; forced to, it is "
                           f"eliminated", barred[country])
        if b in zoc and not eliminated:
            if unit.leader:
                reasons.append(f"{zoc.why(b)}: a leader retreats through enemy ZOC without penalty (19.5a, 20.4a)")
            elif unit.supply:
                eliminated = True
                reasons.append(f"{zoc.why(b)}: a supply unit retreating through enemy ZOC is eliminated (19.5a)")
            elif not unit.combat:
                reasons.append(f"{zoc.why(b)}: a non-combat unit cannot be broken (19.5c)")
            elif immune:
                reasons.append(f"{zoc.why(b)}: not broken, the commando/guerrilla unit began its retreat in or next "
                               f"to a friendly population hex (29.3)")
            elif ezoc_once and ezoc_hits:
                pass
            else:
                ezoc_hits += 1
                if broken:
                    eliminated = True
                    reasons.append(f"{zoc.why(b)}: a broken unit retreating into an enemy ZOC is eliminated "
                                   f"(9.5c, 13.4)")
                else:
                    broken = True
                    reasons.append(f"{zoc.why(b)}: an effective unit retreating into an enemy ZOC is broken "
                                   f"(9.5c, 13.3)" + ("; a further enemy-ZOC hex would eliminate it (ruling "
                                                      "R-9.5c-each)" if not ezoc_once else ""))
    outcome = "eliminated" if eliminated else ("broken" if broken and not unit.broken else "moves")
    return Displacement(unit.id, tuple(path), outcome, tuple(reasons), tuple(captured)), last_resort


def _paths(map: MapData, start: str, length: int) -> list[tuple[str, ...]]:
    out = []

    def walk(path):
        if len(path) == length + 1:
            out.append(tuple(path))
            return
        for n in map.neighbours(path[-1]):
            if n not in path:
                walk(path + [n])
    walk([start])
    return out


def retreat_options(map: MapData, tec: Tec, unit: Unit, start: str, *, length: int, board: Board, zoc: ZocView,
                    barred_countries: Mapping[str, str] | None = None, option_29_3: bool = False,
                    friendly_population: str | None = None, terrorized: Iterable[str] = (),
                    ezoc_once: bool = False) -> list[Displacement]:
    """Every retreat of *length* hexes *unit* may make from *start*, each with its outcome (11.6b). If
    there is none, one elimination: by 27.4 or 26.1c where only those hexes are open, else by ruling
    R-11.6b-none. The owner chooses among them (the engine never chooses for a player)."""
    terrorized = tuple(terrorized)
    args = (board, zoc, barred_countries or {}, option_29_3, friendly_population, terrorized, ezoc_once)
    if zoc.side != unit.side:
        raise ValueError(f"the ZOC view is {zoc.side!r}'s, the unit {unit.id} is {unit.side!r}'s (9.3)")
    if unit.mf <= 0:
        return [Displacement(unit.id, (start,), "eliminated",
                             ("a unit with a movement factor of 0 that must retreat is eliminated (19.5a)",))]
    normal, forced = [], []
    for path in _paths(map, start, length):
        result, last = _retreat_path(map, tec, unit, path, *args)
        if isinstance(result, Refusal):
            continue
        (forced if last else normal).append((result, last))
    if normal:
        return [r for r, _ in normal]
    if forced:
        text, rule = forced[0][1]
        return [Displacement(unit.id, (start,), "eliminated", (f"{text} ({rule})",))]
    return [Displacement(unit.id, (start,), "eliminated",
                         (f"{unit.id} has no hex to retreat to: it is eliminated (11.6b; ruling R-11.6b-none)",))]


def retreat(map: MapData, tec: Tec, unit: Unit, path: Sequence[str], *, length: int, board: Board, zoc: ZocView,
            barred_countries: Mapping[str, str] | None = None, option_29_3: bool = False,
            friendly_population: str | None = None, terrorized: Iterable[str] = (),
            ezoc_once: bool = False) -> Displacement | Refusal:
    """Check the owner's retreat of *unit* along *path* (its hex, then *length* hexes: the CRT's number,
    11.6b), and say what becomes of it. A path into British units or a barred country is refused while
    another retreat exists, and eliminates the unit when none does (27.4, 26.1c)."""
    path = tuple(path)
    if zoc.side != unit.side:
        raise ValueError(f"the ZOC view is {zoc.side!r}'s, the unit {unit.id} is {unit.side!r}'s (9.3)")
    if unit.mf <= 0:
        return Displacement(unit.id, path[:1], "eliminated",
                            ("a unit with a movement factor of 0 that must retreat is eliminated (19.5a)",))
    if len(path) - 1 != length:
        return Refusal(f"the result calls for a retreat of {length} hex{'es' if length != 1 else ''}; this path has "
                       f"{len(path) - 1} (11.6b)", "11.6b")
    terrorized = tuple(terrorized)
    args = (board, zoc, barred_countries or {}, option_29_3, friendly_population, terrorized, ezoc_once)
    result, last = _retreat_path(map, tec, unit, path, *args)
    if isinstance(result, Refusal) or not last:
        return result
    options = retreat_options(map, tec, unit, path[0], length=length, board=board, zoc=zoc,
                              barred_countries=barred_countries, option_29_3=option_29_3,
                              friendly_population=friendly_population, terrorized=terrorized, ezoc_once=ezoc_once)
    text, rule = last
    open_paths = [o for o in options if len(o.path) > 1]
    if open_paths:
        return Refusal(f"{text}; another retreat is open: {', '.join('-'.join(o.path) for o in open_paths[:3])} "
                       f"({rule})", rule)
    return Displacement(unit.id, path, "eliminated", (f"{text} ({rule})",))
