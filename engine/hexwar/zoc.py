"""Zones of control (9.0).

- 9.1: a ground unit has a ZOC if its combat strength is one or more and not in parentheses; broken units
  keep it unless their broken-side CS is parenthesized (the :class:`~engine.hexwar.terrain.Unit` carries
  the face up). Non-combat units have none (19.1); the uncontrolled British units have none (27.3).
- 9.2: a ZOC covers the six adjacent hexes and is never blocked by units, friendly or enemy; it extends
  into terrain a unit could not enter, except "in or through hexagons or sea hexagon sides": ruling
  R-9.2-water (digest A.5, A.17): not into all-sea or all-lake hexes, nor across sea or lake hexsides.
- 9.7: never across a border hexside. 26.1c says "Israeli control zones extend across borders" in the
  mandate period: ruling R-26.1c-zoc (digest A.5: a contradiction of 9.7 "at any time", read as "do not
  extend"): by default no ZOC crosses a border; ``across_borders=True`` is the other reading, for the
  game to pass for the Israeli ZOC from December 1947 to April 1948 if the umpire so rules.
- 9.3: a ZOC affects only enemy ground units.
- 9.4: entering or leaving an enemy ZOC costs nothing extra (7.4; 9.4a's "with extra costs" is read as
  "without": ruling R-9.4a, digest A.5); moving directly from one enemy-ZOC hex to another is infiltration,
  +1 MP (9.4b), also along a road (7.5a); during a truce units "cannot move through enemy control zones"
  (22.1c): ruling R-22.1c (digest A.11.2): infiltration is forbidden. Those costs are
  :mod:`engine.hexwar.movement`'s; this module says which hexes are in an enemy ZOC.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .stacking import Board
from .terrain import MapData, Unit


def has_zoc(unit: Unit) -> bool:
    """Whether *unit* (its face up) projects a ZOC (9.1, 13.2, 19.1, 27.3)."""
    return unit.side is not None and unit.combat and not unit.parenthesized


def zoc_extent(map: MapData, label: str, *, across_borders: bool = False) -> list[str]:
    """The hexes a ZOC-bearing unit in *label* controls (9.2, 9.7): its neighbours on the map, except
    all-sea/all-lake hexes and those across a sea or lake hexside (R-9.2-water) or a border hexside (9.7,
    unless *across_borders*: R-26.1c-zoc). Units never block it (9.2). Worked out once per hex (``MapData.memo``)."""
    return list(_extent(map, label, across_borders))


def _extent(map: MapData, label: str, across_borders: bool) -> tuple[str, ...]:
    """:func:`zoc_extent`, kept in ``MapData.memo`` once worked out (the map never changes)."""
    key = ("zoc_extent", label, across_borders)
    found = map.memo.get(key)
    if found is None:
        found = map.memo[key] = tuple(_work_out_extent(map, label, across_borders))
    return found


def _work_out_extent(map: MapData, label: str, across_borders: bool) -> list[str]:
    out = []
    for n in map.neighbours(label):
        if map.is_water(n) or map.water_hexside(label, n):
            continue
        if not across_borders and map.is_border(label, n):
            continue
        out.append(n)
    return out


@dataclass(frozen=True)
class ZocView:
    """The hexes in an enemy ZOC for the units of ``side`` (9.3), each with the enemy-held hexes whose ZOC
    reaches it (for the explanations: the hexes, never the hidden units in them, 21.0)."""

    side: str
    sources: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __contains__(self, label: object) -> bool:
        return label in self.sources

    @property
    def hexes(self) -> frozenset[str]:
        return frozenset(self.sources)

    @classmethod
    def of(cls, side: str, hexes: Iterable[str]) -> ZocView:
        """A view naming the enemy-ZOC hexes directly (for a caller that knows them)."""
        return cls(side, {label: () for label in hexes})

    def why(self, label: str) -> str:
        """"4012 is in an enemy ZOC (from 4113)"."""
        src = self.sources.get(label) or ()
        return f"{label} is in an enemy ZOC" + (f" (from {', '.join(src)})" if src else "")


def enemy_zoc(map: MapData, board: Board, side: str, *, across_borders: bool = False) -> ZocView:
    """The enemy ZOC that affects the units of *side* (9.1-9.3, 9.7): every hex a ZOC-bearing unit of
    another side controls. *across_borders*: ruling R-26.1c-zoc's other reading (see the module)."""
    sources: dict[str, list[str]] = {}
    for label, units in board:
        for u in units:
            # has_zoc and Board.enemy_of, inline: a unit of another side (not the British: None) with a ZOC
            if u.side is not None and u.side != side and u.cs >= 1 and not u.parenthesized:
                for n in _extent(map, label, across_borders):
                    sources.setdefault(n, []).append(label)
                break
    return ZocView(side, {label: tuple(sorted(src)) for label, src in sources.items()})


def infiltration(zoc: ZocView, a: str, b: str) -> bool:
    """Whether moving from *a* to the adjacent *b* is infiltration: directly from one enemy-ZOC hex to
    another (9.4b, 7.4)."""
    return a in zoc and b in zoc
