"""``load_pack``: a checked data pack as a frozen, typed :class:`Pack`.

The rulebook text gives the rules but not the map, the CRTs, the terrain effects, the events, air, bridge
and terrorism tables, the VP table, the counters or the British withdrawal schedule (digest A.0): the
umpire supplies them as a pack (digest A.16). :func:`load_pack` reads a pack's directory, refuses it with a
:class:`PackError` listing every problem (``check.check_files``), and otherwise builds the :class:`Pack`:
``pack.map`` an ``engine.hexwar.terrain.MapData``, ``pack.tec`` a ``Tec`` (both through their
constructors), ``pack.crt``, ``pack.events``, ``pack.air``, ``pack.terrorism``, ``pack.vp``,
``pack.counters``, ``pack.british_withdrawal``, the reinforcement areas and named places resolved to hex
labels, and ``pack.digest``: the SHA-256 of the canonical JSON of every file (``engine.core.canonical``),
the same however the files are laid out and different when any value in any file changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from engine.core import canonical
from engine.hexwar.grid import Grid, Layout
from engine.hexwar.terrain import HexData, HexsideData, MapData, Tec, TerrainEffect, Unit

from .check import check_files
from .files import MANIFEST, PARTS, PackFiles, Problem


class PackError(ValueError):
    """A pack that does not pass ``check_pack``: ``problems`` lists every fault, one a line in the message."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        n = len(self.problems)
        super().__init__(f"the data pack has {n} problem{'s' if n != 1 else ''}:\n"
                         + "\n".join(f"  {p}" for p in self.problems))


def _frozen(d: Mapping) -> Mapping:
    return MappingProxyType(dict(d))


# The tables.


@dataclass(frozen=True)
class CrtTable:
    """One Combat Results Table (11.3): the odds ``columns`` left to right, the result code of each column
    for each ``rows`` die roll 1-6, and the ``key`` saying what each code means (11.5)."""

    name: str
    columns: tuple[str, ...]
    rows: Mapping[int, tuple[str, ...]]
    key: Mapping[str, str]

    def result(self, column: str, roll: int) -> str:
        """The code at *column* for the die *roll* (11.2b5); a ``KeyError``/``ValueError`` if there is none."""
        return self.rows[roll][self.columns.index(column)]

    def as_dict(self) -> dict:
        """The plain form ``{columns, rows: {"1": [...]}, key}`` (crt.json's)."""
        return {"columns": list(self.columns), "rows": {str(r): list(v) for r, v in self.rows.items()},
                "key": dict(self.key)}


@dataclass(frozen=True)
class Crts:
    """The two CRTs (1.5, 11.3): ``raid`` and ``assault``."""

    raid: CrtTable
    assault: CrtTable

    def table(self, name: str) -> CrtTable:
        """``"raid"`` or ``"assault"``."""
        if name not in ("raid", "assault"):
            raise KeyError(f"{name!r} is not a CRT: raid or assault (11.3)")
        return getattr(self, name)


@dataclass(frozen=True)
class Modifier:
    """A die roll modifier of a table (1.7)."""

    name: str
    value: int
    text: str = ""


@dataclass(frozen=True)
class DieTable:
    """A table read with one die (air strike 10.3a, interception 10.6a, bridge destruction 16.1, terrorism
    18.1): its modifiers (1.7), whether a modified roll beyond the rows reads the nearest row (``clamp``),
    its ``columns`` if it has several, the result of each roll and the ``key``."""

    name: str
    rows: Mapping[int, str | tuple[str, ...]]
    key: Mapping[str, str]
    modifiers: tuple[Modifier, ...] = ()
    clamp: bool = True
    columns: tuple[str, ...] | None = None

    def read(self, roll: int, modifiers: tuple[str, ...] = (), column: str | None = None) -> tuple[int, str]:
        """The modified roll and its result code: *roll* plus the named *modifiers* (1.7), clamped to the
        rows if ``clamp``; *column* for a table with columns."""
        values = {m.name: m.value for m in self.modifiers}
        unknown = [m for m in modifiers if m not in values]
        if unknown:
            raise KeyError(f"{self.name} has no modifier {unknown[0]!r}: it has {', '.join(values) or 'none'}")
        total = roll + sum(values[m] for m in modifiers)
        if self.clamp:
            total = max(min(self.rows), min(max(self.rows), total))
        row = self.rows[total]
        if self.columns is None:
            return total, row  # type: ignore[return-value]
        return total, row[self.columns.index(column)]  # type: ignore[index]


@dataclass(frozen=True)
class AirTables:
    """The Air Attack (10.3a), Interception (10.6a) and Bridge Destruction (16.1) Tables."""

    strike: DieTable
    interception: DieTable
    bridge_destruction: DieTable


@dataclass(frozen=True)
class Event:
    """One result of the Casual Events Table (3.1): its d66 ``number``, ``name``, ``text``, the VP lead it
    ``requires`` (3.0; None if none) and its ``effects`` (each a read-only mapping with a ``kind``)."""

    number: str
    name: str
    text: str
    requires: Mapping | None
    effects: tuple[Mapping, ...]


@dataclass(frozen=True)
class VpTable:
    """The VP values the text lacks (28.1): terrorism (18.5), eliminated units (first matching line) and the
    objectives (28.3). The values the text states are the engine's."""

    terrorism_victim: int
    terrorism_per_hex: int
    eliminated: tuple[Mapping, ...]
    objectives: tuple[Mapping, ...]

    def eliminated_vp(self, counter: CounterData) -> int:
        """The VP the enemy scores for eliminating *counter* (the first line that matches it; 0 if none)."""
        for line in self.eliminated:
            if all(line.get(k) in (None, getattr(counter, k)) for k in ("side", "nationality", "type", "size")):
                return line["vp"]
        return 0


@dataclass(frozen=True)
class Face:
    """One face of a counter (1.4a, 13.2): CS, whether it is in parentheses, MF."""

    cs: int
    paren: bool
    mf: int


@dataclass(frozen=True)
class CounterData:
    """One counter of the manifest (1.4a): ``side`` is None for the British (27.2); ``back`` is None for a
    counter that cannot be broken (19.5c); ``points`` a supply unit's supply points (14.0)."""

    id: str
    side: str | None
    nationality: str | None
    type: str
    size: str | None
    designation: str
    front: Face | None
    back: Face | None
    points: int | None = None

    def unit(self, broken: bool = False) -> Unit:
        """The ground unit as the movement rules read it, on its *broken* face or not (13.2)."""
        face = self.back if broken else self.front
        if face is None:
            side = "broken " if broken else ""
            raise ValueError(f"the counter {self.id} ({self.type}) has no {side}face to stand on the map")
        return Unit(id=self.id, side=self.side, type=self.type, size=self.size, cs=face.cs, mf=face.mf,
                    parenthesized=face.paren, broken=broken, nationality=self.nationality)


@dataclass(frozen=True)
class GazaLine:
    """The hex line containing Gaza (30.1b1): a printed ``column`` or ``row`` ``number``, and on which side
    lie the hexes south of it."""

    axis: str
    number: int
    south: str
    digits: int

    def in_or_south(self, label: str) -> bool:
        """Whether *label* lies on the Gaza line or south of it (30.1b1)."""
        d = self.digits
        n = int(label[:d]) if self.axis == "column" else int(label[d:])
        return n == self.number or (n > self.number if self.south == "higher" else n < self.number)


@dataclass(frozen=True)
class Pack:
    """A checked data pack (digest A.16), frozen."""

    name: str
    version: str
    test_data: bool
    source: str
    digest: str
    map: MapData
    tec: Tec
    crt: Crts
    events: Mapping[str, Event]
    air: AirTables
    terrorism: DieTable
    vp: VpTable
    counters: Mapping[str, CounterData]
    british_withdrawal: Mapping[str, frozenset[str]]
    reinforcement_areas: Mapping[str, frozenset[str]]
    places: Mapping[str, str]
    gaza_line: GazaLine

    def place(self, tag: str) -> str:
        """The hex of the named place *tag* ("tel_aviv" -> "0203")."""
        try:
            return self.places[tag]
        except KeyError:
            raise KeyError(f"the map has no place tagged {tag!r}: it has {', '.join(sorted(self.places))}") from None


# Building.


def pack_digest(files: PackFiles) -> str:
    """SHA-256 over the canonical JSON of the manifest and every part's file, by file name."""
    content = {MANIFEST: files.manifest}
    content.update({files.file(p): files.data.get(p) for p in PARTS})
    return canonical.digest(content)


def _map(m: dict) -> tuple[MapData, Mapping[str, frozenset[str]], Mapping[str, str], GazaLine]:
    coord = m["meta"]["coord"]
    layout = Layout(m["meta"]["orientation"], first=coord["first"], odd_shift=coord["odd_shift"],
                    digits=coord["digits"])
    hexes = {label: HexData(terrain=h["terrain"], country=h.get("country"), settlement=h.get("settlement"),
                            name=h.get("name"), population=h.get("population"),
                            tags=frozenset(h.get("tags", ())), coastal=frozenset(h.get("coastal", ())),
                            # a corner hex lies along two edges: the set of them (digest A.16 has one)
                            map_edge=frozenset(h.get("map_edge", ())))  # type: ignore[arg-type]
             for label, h in m["hexes"].items()}
    grid = Grid(hexes, layout)
    bridged = {frozenset(b["hexes"]) for b in m["bridges"]}
    sides: dict[tuple[str, str], HexsideData] = {}
    for item in m["hexsides"]:
        a, b = item["hexes"]
        border = item.get("border")
        sides[(a, b)] = HexsideData(features=frozenset(item.get("features", ())),
                                    border=tuple(sorted(border)) if border else None,  # type: ignore[arg-type]
                                    bridge=bool(item.get("bridge")) or frozenset((a, b)) in bridged)
    # every bridge lies on a river hexside listed in hexsides (check_pack refuses any other)
    mapdata = MapData(grid, hexes, sides, m["roads"])
    areas = {}
    for name, area in m["reinforcement_areas"].items():
        if isinstance(area, dict):
            areas[name] = frozenset(label for label, h in m["hexes"].items()
                                    if area["edge"] in h.get("map_edge", ()) and h.get("country") == area["country"]
                                    and label in grid and not mapdata.is_water(label))
        else:
            areas[name] = frozenset(area)
    places = {tag: label for label, h in m["hexes"].items() for tag in h.get("tags", ())}
    g = m["meta"]["gaza_line"]
    return mapdata, _frozen(areas), _frozen(places), GazaLine(g["axis"], g["number"], g["south"], layout.digits)


def _effect(name: str, line: dict) -> TerrainEffect:
    mp = line["mp"]
    return TerrainEffect(name=name, mp=None if mp is None else Fraction(str(mp)), shift=line["shift"],
                         prohibited=frozenset(line.get("prohibited", ())),
                         rough=line.get("rough", name in ("rough", "mountain")),
                         desert=line.get("desert", name == "desert"))


def _tec(t: dict) -> Tec:
    return Tec(terrain=_frozen({n: _effect(n, v) for n, v in t["terrain"].items()}),
               features=_frozen({n: _effect(n, v) for n, v in t["features"].items()}), source=t["source"])


def _crt(name: str, t: dict) -> CrtTable:
    return CrtTable(name, tuple(t["columns"]), _frozen({int(r): tuple(v) for r, v in t["rows"].items()}),
                    _frozen(t["key"]))


def _die(name: str, t: dict) -> DieTable:
    return DieTable(name=name,
                    rows=_frozen({int(r): (tuple(v) if isinstance(v, list) else v) for r, v in t["rows"].items()}),
                    key=_frozen(t["key"]),
                    modifiers=tuple(Modifier(m["name"], m["value"], m.get("text", "")) for m in t.get("modifiers", ())),
                    clamp=t.get("clamp", True), columns=tuple(t["columns"]) if "columns" in t else None)


def _face(f: dict | None) -> Face | None:
    return None if f is None else Face(f["cs"], bool(f.get("paren", False)), f["mf"])


def build_pack(files: PackFiles) -> Pack:
    """The :class:`Pack` of *files*, which must have passed ``check_files`` (pure)."""
    man, d = files.manifest, files.data
    mapdata, areas, places, gaza = _map(d["map"])
    events = {n: Event(n, e["name"], e["text"], _frozen(e["requires"]) if "requires" in e else None,
                       tuple(_frozen(x) for x in e["effects"]))
              for n, e in sorted(d["events"]["events"].items())}
    counters = {c["id"]: CounterData(id=c["id"], side=c["side"], nationality=c["nationality"], type=c["type"],
                                     size=c.get("size"), designation=c.get("designation", ""),
                                     front=_face(c.get("front")), back=_face(c.get("back")), points=c.get("points"))
                for c in d["counters"]["counters"]}
    vp = d["vp"]
    return Pack(
        name=man["name"], version=man["version"], test_data=man["test_data"], source=man["source"],
        digest=pack_digest(files),
        map=mapdata, tec=_tec(d["tec"]),
        crt=Crts(_crt("raid", d["crt"]["raid"]), _crt("assault", d["crt"]["assault"])),
        events=_frozen(events),
        air=AirTables(*(_die(k, d["air"][k]) for k in ("strike", "interception", "bridge_destruction"))),
        terrorism=_die("terrorism", d["terrorism"]["table"]),
        vp=VpTable(vp["terrorism"]["victim"], vp["terrorism"]["terrorist_per_hex"],
                   tuple(_frozen(x) for x in vp["eliminated"]), tuple(_frozen(x) for x in vp["objectives"])),
        counters=_frozen(counters),
        british_withdrawal=_frozen({w["turn"]: frozenset(w["hexes"]) for w in d["british_withdrawal"]["withdrawals"]}),
        reinforcement_areas=areas, places=places, gaza_line=gaza)


def load_files(files: PackFiles) -> Pack:
    """The :class:`Pack` of *files*, or a :class:`PackError` with every problem (pure)."""
    problems = check_files(files)
    if problems:
        raise PackError(problems)
    return build_pack(files)



__all__ = ["AirTables", "CounterData", "CrtTable", "Crts", "DieTable", "Event", "Face", "GazaLine", "Modifier",
           "Pack", "PackError", "VpTable", "build_pack", "load_files", "pack_digest"]

