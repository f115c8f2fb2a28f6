"""What the movement and combat rules read of a map, its Terrain Effects Table and a counter.

The rulebook of *The First Arab-Israeli War* gives neither the map nor the Terrain Effects Table (digest
A.0): the umpire's data pack does (digest A.16, "Proposed map data format"). This module is the small typed
view of that data the rules read, built from plain dicts (the pack's ``map.json`` and ``tec.json``):

- :class:`MapData`: per hex its ``terrain``, ``country``, ``settlement``, ``name``, ``population``,
  ``tags``, ``coastal`` and ``map_edge``; per hexside its ``features`` (river, wadi, cliff, sea, lake),
  ``border`` and ``bridge``; the ``roads`` (polylines of hex labels: each consecutive pair is a road
  hexside, 7.5a) and ``bridges``; the all-sea and all-lake hexes (terrain ``all_sea``/``all_lake``, 9.2,
  11.8). Geometry is the :class:`~engine.hexwar.grid.Grid`'s.
- :class:`Tec`: per hex terrain the MP to enter (7.2), the defender's column shift (11.2c1), the unit
  types that may not enter (7.4), and the flags ``rough`` (rough or mountain: 7.6a, 29.2a) and ``desert``
  ("sandy terrain": 13.5); per hexside feature the extra MP to cross (7.2), the column shift and the
  prohibited unit types. An ``mp`` of ``null`` means no ground unit may enter or cross.
- :class:`Unit`: one counter as it stands now (its current face: 13.2), the attributes of 1.4a and 1.6.

No value here is the game's: the pack supplies them, and a test pack says it is test data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from .grid import Grid, GridError, Hexside, Layout

#: Hex terrains that are wholly sea or lake: no ground unit enters them (7.4, TEC), no ZOC extends into
#: them (9.2), no attack is made into them (11.8). Digest A.16's names.
WATER_TERRAINS = frozenset({"all_sea", "all_lake"})
#: Hexside features that are sea or lake: no ZOC extends across them (9.2), no attack across them (11.8).
WATER_FEATURES = frozenset({"sea", "lake"})
#: The hexside features digest A.16 names (7.2: "rivers, wadis, cliffs"; 9.2 and 11.8: sea and lake).
FEATURES = ("river", "wadi", "cliff", "sea", "lake")

#: The unit types of 1.4a as the rules here name them (digest A.3). "armor" is 5.2's "tank"; "commando"
#: is the "Command/Guerrilla" type (one type: digest A.17, "guerrilla" is read as the same).
UNIT_TYPES = frozenset({
    "armor", "mechanized", "recon", "machine_gun", "infantry", "commando", "guerrilla", "militia",
    "airborne", "marine", "military_police", "leader", "supply", "arms_factory", "secret_airfield",
})
#: Commando/guerrilla units (7.6a, 29.0).
#: Commando and guerrilla units are one kind (1.4a, 7.6a, 29.0; ruling R-1.4a-commando).
COMMANDO_TYPES = frozenset({"commando", "guerrilla"})
#: Unit sizes (1.4a) and what each counts for stacking (8.1: a battalion is half a brigade; 8.1c: a group
#: is a battalion; 1.4a: the Transjordanian "regiments" are battalion-sized).
SIZES = {"brigade": Fraction(1), "regiment": Fraction(1, 2), "battalion": Fraction(1, 2),
         "group": Fraction(1, 2)}


class MapDataError(ValueError):
    """Map or TEC data the rules cannot read (a terrain missing from the TEC, a hexside between hexes that
    are not adjacent...): a fault of the data pack, not of an order."""


def _frac(value: object, where: str) -> Fraction | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | str | Fraction):
        raise MapDataError(f"{where}: an MP cost is a number or null, not {value!r}")
    try:
        out = Fraction(str(value)) if not isinstance(value, Fraction) else value
    except ValueError as exc:
        raise MapDataError(f"{where}: an MP cost is a number or null, not {value!r}") from exc
    if out < 0:
        raise MapDataError(f"{where}: an MP cost is 0 or more, not {value!r}")
    return out


# The map.


@dataclass(frozen=True)
class HexData:
    """One hex of the map (digest A.16): its terrain (a TEC key), country, settlement (city, town, village,
    settlement, fort_base or None), name, population (``"arab"``, ``"jewish"`` or None: 17.0), tags
    (named places such as ``tel_aviv``), the waters its coast touches, and the map edges it lies on (a
    corner hex lies on two)."""

    terrain: str
    country: str | None = None
    settlement: str | None = None
    name: str | None = None
    population: str | None = None
    tags: frozenset[str] = frozenset()
    coastal: frozenset[str] = frozenset()
    map_edge: frozenset[str] = frozenset()

    @classmethod
    def from_dict(cls, data: Mapping) -> HexData:
        return cls(terrain=data["terrain"], country=data.get("country"), settlement=data.get("settlement"),
                   name=data.get("name"), population=data.get("population"),
                   tags=frozenset(data.get("tags") or ()), coastal=frozenset(data.get("coastal") or ()),
                   map_edge=frozenset([edge] if isinstance(edge := data.get("map_edge"), str) else edge or ()))


@dataclass(frozen=True)
class HexsideData:
    """One hexside (digest A.16): its features (river, wadi, cliff, sea, lake: 7.2, 9.2), the pair of
    countries it divides if it is a border (9.7), and whether a bridge crosses it (7.5b)."""

    features: frozenset[str] = frozenset()
    border: tuple[str, str] | None = None
    bridge: bool = False


_NO_FEATURES = HexsideData()


class MapData:
    """The map as the rules read it, spoken of by hex label ("4012").

    Build it with :meth:`from_dict` from the pack's ``map.json`` (digest A.16's format), or directly from a
    :class:`Grid` and the parts. A hexside or road between hexes that are not adjacent, or off the map, is
    refused with a :class:`MapDataError`.
    """

    def __init__(self, grid: Grid, hexes: Mapping[str, HexData],
                 hexsides: Mapping[tuple[str, str], HexsideData] | None = None,
                 roads: Iterable[Iterable[str]] = ()):
        self.grid = grid
        missing = [label for label in grid.hexes if label not in hexes]
        if missing:
            raise MapDataError(f"hexes without data: {', '.join(missing[:5])}")
        self.hexes: dict[str, HexData] = {label: hexes[label] for label in grid.hexes}
        self._sides: dict[Hexside, HexsideData] = {}
        self._by_pair: dict[tuple[str, str], HexsideData] = {}  # hexside(), per ordered pair of labels
        #: What the rules work out of the map alone, kept once asked (the map never changes): the roads
        #: (:meth:`is_road`), the ZOC's extent (``zoc.zoc_extent``), a step's terrain cost (``movement.step_cost``).
        self.memo: dict[tuple, object] = {}
        for (a, b), data in (hexsides or {}).items():
            self._sides[self._side(a, b, "hexside")] = data
        self._roads: set[Hexside] = set()
        self.road_hexes: frozenset[str]
        road_hexes: set[str] = set()
        for line in roads:
            line = list(line)
            for a, b in zip(line, line[1:], strict=False):
                self._roads.add(self._side(a, b, "road"))
                road_hexes.update((a, b))
        self.road_hexes = frozenset(road_hexes)

    def _side(self, a: str, b: str, what: str) -> Hexside:
        try:
            return self.grid.hexside(a, b)
        except GridError as exc:
            raise MapDataError(f"the {what} {a}-{b}: {exc.message}") from exc

    @classmethod
    def from_dict(cls, data: Mapping, layout: Layout | None = None) -> MapData:
        """The map from the pack's ``map.json``: ``meta`` (``orientation``, ``first``, ``odd_shift``,
        ``digits``: :class:`Layout`'s fields, at ``meta`` or under ``meta.coord``, where digest A.16's
        ``odd_col_shift`` is read as ``odd_shift``; or give *layout*),
        ``hexes`` {label: {terrain, country, ...}}, ``hexsides`` [{hexes: [a, b], features, border,
        bridge}], ``roads`` [[label, ...], ...] and ``bridges`` [{hexes: [a, b]}]."""
        if layout is None:
            meta = dict(data.get("meta") or {})
            spec: dict = {}
            for part in (meta.get("coord") if isinstance(meta.get("coord"), Mapping) else {}, meta):
                for key, value in part.items():
                    if key in ("odd_shift", "odd_col_shift", "odd_row_shift"):
                        spec["odd_shift"] = value
                    elif key in ("first", "digits") and isinstance(value, int):
                        spec[key] = value  # digest A.16's "first: col" says the column comes first: no number
            layout = Layout(meta.get("orientation", "flat"), **spec)
        hexes = {label: HexData.from_dict(h) for label, h in (data.get("hexes") or {}).items()}
        grid = Grid(hexes, layout)
        sides: dict[tuple[str, str], HexsideData] = {}
        for item in data.get("hexsides") or ():
            a, b = item["hexes"]
            border = item.get("border")
            sides[(a, b)] = HexsideData(features=frozenset(item.get("features") or ()),
                                        border=tuple(sorted(border)) if border else None,
                                        bridge=bool(item.get("bridge", False)))
        for item in data.get("bridges") or ():
            a, b = item["hexes"] if isinstance(item, Mapping) else item
            key = next((k for k in sides if set(k) == {a, b}), (a, b))
            old = sides.get(key, _NO_FEATURES)
            sides[key] = HexsideData(features=old.features, border=old.border, bridge=True)
        return cls(grid, hexes, sides, data.get("roads") or ())

    # Hexes.

    def hex(self, label: str) -> HexData:
        """The data of hex *label*; a :class:`~engine.hexwar.grid.GridError` if it is not on the map."""
        data = self.hexes.get(label)
        if data is None:
            self.grid.hex(label)  # raises, saying why
        return data

    def has(self, label: object) -> bool:
        return self.grid.has(label)

    def neighbours(self, label: str) -> list[str]:
        return self.grid.neighbours(label)

    def adjacent(self, a: str, b: str) -> bool:
        return self.grid.adjacent(a, b)

    def is_water(self, label: str) -> bool:
        """Whether *label* is an all-sea or all-lake hex (9.2, 11.8)."""
        return self.hex(label).terrain in WATER_TERRAINS

    # Hexsides.

    def hexside(self, a: str, b: str) -> HexsideData:
        """The hexside between adjacent *a* and *b* (no features if the pack lists none); kept per pair once
        asked (the map never changes: every movement cost and zone of control asks)."""
        found = self._by_pair.get((a, b))
        if found is None:
            found = self._by_pair[(a, b)] = self._sides.get(self.grid.hexside(a, b), _NO_FEATURES)
        return found

    def water_hexside(self, a: str, b: str) -> bool:
        """Whether the hexside *a*-*b* is a sea or lake hexside (9.2, 11.8)."""
        return bool(self.hexside(a, b).features & WATER_FEATURES)

    def is_border(self, a: str, b: str) -> bool:
        """Whether the hexside *a*-*b* is an international border (9.7, 22.1d-e, 26.1c): the pack marks it
        a border, or the two hexes lie in different countries (a border is where the countries meet; ruling
        R-9.7-borders)."""
        if self.hexside(a, b).border:
            return True
        ca, cb = self.hex(a).country, self.hex(b).country
        return ca is not None and cb is not None and ca != cb

    def is_road(self, a: str, b: str) -> bool:
        """Whether a road runs from *a* to *b* across their hexside (7.5a: "via a connected road"); kept per
        pair once asked, as :meth:`hexside`."""
        key = ("road", a, b)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self.grid.hexside(a, b) in self._roads
        return found

    def has_bridge(self, a: str, b: str) -> bool:
        """Whether a bridge crosses the hexside *a*-*b* (7.5b; destroyed or not: 16.0 is the game's)."""
        return self.hexside(a, b).bridge

    def tagged(self, tag: str) -> list[str]:
        """The hexes carrying *tag* (a named place such as ``tel_aviv``)."""
        return [label for label, h in self.hexes.items() if tag in h.tags]


# The Terrain Effects Table.


@dataclass(frozen=True)
class TerrainEffect:
    """One TEC line: the MP to enter (a hex) or the extra MP to cross (a hexside feature), ``None`` when no
    ground unit may (7.2, 7.4); the defender's column shift to the left (11.2c1); the unit types that may
    not enter or cross (7.4); ``rough`` (rough or mountain terrain: 7.6a, 29.2a) and ``desert`` (13.5)."""

    name: str
    mp: Fraction | None
    shift: int = 0
    prohibited: frozenset[str] = frozenset()
    rough: bool = False
    desert: bool = False

    def forbids(self, unit_type: str) -> bool:
        """Whether a unit of *unit_type* may not enter or cross (7.4)."""
        return self.mp is None or unit_type in self.prohibited


@dataclass(frozen=True)
class Tec:
    """The Terrain Effects Table (7.2, 7.4, 11.2c1): ``terrain`` by hex terrain, ``features`` by hexside
    feature. Build it with :meth:`from_dict` from the pack's ``tec.json``."""

    terrain: Mapping[str, TerrainEffect]
    features: Mapping[str, TerrainEffect] = field(default_factory=dict)
    source: str | None = None

    @classmethod
    def from_dict(cls, data: Mapping) -> Tec:
        """``{"source": ..., "terrain": {name: {"mp", "shift", "prohibited", "rough", "desert"}},
        "features": {name: {"mp", "shift", "prohibited"}}}``. ``rough`` defaults to the terrain being named
        ``rough`` or ``mountain``, ``desert`` to its being named ``desert``; other keys are left for the game."""
        def effect(name: str, item: Mapping, kind: str) -> TerrainEffect:
            if "mp" not in item:
                raise MapDataError(f"TEC {kind} {name!r}: no 'mp' (a number, or null: may not be entered)")
            return TerrainEffect(
                name=name, mp=_frac(item["mp"], f"TEC {kind} {name!r}"), shift=int(item.get("shift", 0)),
                prohibited=frozenset(item.get("prohibited") or ()),
                rough=bool(item.get("rough", name in ("rough", "mountain"))),
                desert=bool(item.get("desert", name == "desert")))
        return cls(terrain={n: effect(n, v, "terrain") for n, v in (data.get("terrain") or {}).items()},
                   features={n: effect(n, v, "feature") for n, v in (data.get("features") or {}).items()},
                   source=data.get("source"))

    def hex_effect(self, terrain: str) -> TerrainEffect:
        """The TEC line of hex terrain *terrain*; a :class:`MapDataError` if the TEC has none."""
        try:
            return self.terrain[terrain]
        except KeyError:
            raise MapDataError(f"the terrain {terrain!r} is not in the Terrain Effects Table: it has "
                               f"{', '.join(sorted(self.terrain))}") from None

    def feature_effect(self, feature: str) -> TerrainEffect:
        """The TEC line of hexside feature *feature*; a :class:`MapDataError` if the TEC has none."""
        try:
            return self.features[feature]
        except KeyError:
            raise MapDataError(f"the hexside feature {feature!r} is not in the Terrain Effects Table: it has "
                               f"{', '.join(sorted(self.features)) or 'none'}") from None


# Units.


@dataclass(frozen=True)
class Unit:
    """A counter as it stands now (its current face, 13.2): the attributes 1.4a and 1.6 give.

    ``side`` is the player controlling it (``"israel"``, ``"arab"``...) or ``None`` for the uncontrolled
    British units of 27.2. ``cs``, ``mf`` and ``parenthesized`` are those of the face up (a broken unit's
    reverse: 13.2, 9.1). ``size`` is brigade, regiment, battalion or group (None for a unit that is not a
    formation: leaders, supply). ``nationality`` is its colour (1.4b: zahal, irgun, stern, aas, ala, egypt,
    transjordan, iraq, syria, lebanon, saudi_arabia, yemen, morocco; british).
    """

    id: str
    side: str | None
    type: str
    size: str | None = None
    cs: int = 0
    mf: int = 0
    parenthesized: bool = False
    broken: bool = False
    nationality: str | None = None

    @property
    def combat(self) -> bool:
        """A combat unit has a CS of one or more, parenthesized or not (1.6)."""
        return self.cs >= 1

    @property
    def commando(self) -> bool:
        """A commando/guerrilla unit (7.6a, 29.0)."""
        return self.type in COMMANDO_TYPES

    @property
    def leader(self) -> bool:
        return self.type == "leader"

    @property
    def supply(self) -> bool:
        return self.type == "supply"

    @property
    def british(self) -> bool:
        """An uncontrolled British unit (27.2): it belongs to no side."""
        return self.side is None

    @classmethod
    def from_dict(cls, data: Mapping) -> Unit:
        return cls(id=data["id"], side=data.get("side"), type=data["type"], size=data.get("size"),
                   cs=int(data.get("cs", 0)), mf=int(data.get("mf", 0)),
                   parenthesized=bool(data.get("parenthesized", False)), broken=bool(data.get("broken", False)),
                   nationality=data.get("nationality"))


def mp_text(mp: Fraction | int) -> str:
    """MP in words a player reads: 3, 1/2, 2 1/2 (7.5a's half MP)."""
    mp = Fraction(mp)
    whole, rest = divmod(mp.numerator, mp.denominator)
    if rest == 0:
        return str(whole)
    frac = f"{rest}/{mp.denominator}"
    return f"{whole} {frac}" if whole else frac
