"""The data pack as the game reads it (issue 31): the typed, frozen :class:`Pack` built from a pack's files.

The rulebook text gives the rules but not the map, the CRTs, the terrain effects, the events, air, bridge
and terrorism tables, the VP table, the counters or the British withdrawal schedule (digest A.0): the
umpire supplies them as a pack (digest A.16). The service reads a pack's directory and checks it against its
JSON Schemas and the rules' consistency checks (``service.packs``: ``check_pack``, ``load_pack``); this module
only builds the checked files into a :class:`Pack` (pure: no file is read, no schema consulted):
``pack.map`` an ``engine.hexwar.terrain.MapData``, ``pack.tec`` a ``Tec`` (both through their constructors),
``pack.crt``, ``pack.events``, ``pack.air``, ``pack.terrorism``, ``pack.vp``, ``pack.counters``,
``pack.british_withdrawal``, the reinforcement areas and named places resolved to hex labels, and
``pack.digest``: the SHA-256 of the canonical JSON of every file (``engine.core.canonical``), which a game
records (``engine.games.first_arab_israeli_war.packs``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from ...core import canonical
from ...hexwar.grid import Grid, Layout
from ...hexwar.terrain import HexData, HexsideData, MapData, Tec, TerrainEffect, Unit

#: The manifest's file name.
MANIFEST = "pack.json"
#: The parts of a pack, each one file named in the manifest's ``files`` (digest A.0's list of what the
#: text lacks, A.16).
PARTS = ("map", "tec", "crt", "events", "air", "terrorism", "vp", "counters", "british_withdrawal")


def _frozen(d: Mapping) -> Mapping:
    return MappingProxyType(dict(d))


# The tables.


@dataclass(frozen=True)
class CrtEffect:
    """What one CRT result does (11.5), for the engine to apply: the breaks each side takes (13.3; chosen by the
    owner, a brigade may split to take one, 5.6; a second break eliminates, 13.4), whether every unit of a side
    in the combat is eliminated, the hexes each side retreats (11.6b), and the side that may advance into a hex
    the enemy left (11.6a: ``attacker``, ``defender`` or ``none``)."""

    attacker_breaks: int = 0
    defender_breaks: int = 0
    attacker_eliminated: bool = False
    defender_eliminated: bool = False
    attacker_retreat: int = 0
    defender_retreat: int = 0
    advance: str = "none"

    def as_dict(self) -> dict:
        return {"attacker_breaks": self.attacker_breaks, "defender_breaks": self.defender_breaks,
                "attacker_eliminated": self.attacker_eliminated, "defender_eliminated": self.defender_eliminated,
                "attacker_retreat": self.attacker_retreat, "defender_retreat": self.defender_retreat,
                "advance": self.advance}


@dataclass(frozen=True)
class CrtTable:
    """One Combat Results Table (11.3): the odds ``columns`` left to right, the result code of each column
    for each ``rows`` die roll 1-6, the ``key`` saying what each code means (11.5) and the ``effects`` of each
    code, which the engine applies (:class:`CrtEffect`)."""

    name: str
    columns: tuple[str, ...]
    rows: Mapping[int, tuple[str, ...]]
    key: Mapping[str, str]
    effects: Mapping[str, CrtEffect] = field(default_factory=lambda: MappingProxyType({}))

    def result(self, column: str, roll: int) -> str:
        """The code at *column* for the die *roll* (11.2b5); a ``KeyError``/``ValueError`` if there is none."""
        return self.rows[roll][self.columns.index(column)]

    def as_dict(self) -> dict:
        """The plain form ``{columns, rows: {"1": [...]}, key, effects}`` (crt.json's)."""
        return {"columns": list(self.columns), "rows": {str(r): list(v) for r, v in self.rows.items()},
                "key": dict(self.key), "effects": {c: e.as_dict() for c, e in self.effects.items()}}

    def effect(self, code: str) -> CrtEffect:
        """The effects of the result *code* (11.5); a ``KeyError`` naming the table if it has none."""
        try:
            return self.effects[code]
        except KeyError:
            raise KeyError(f"the {self.name} table has no effects for the result {code!r} (11.5)") from None


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

    def eliminated_vp(self, counter: CounterData, side: str | None = None) -> int:
        """The VP the enemy scores for eliminating *counter* (the first line that matches it; 0 if none). *side*: the
        side the counter fought for where it is not the printed one (a British counter of an intervention, 27.8:
        ruling R-27.8-vp), matched against a line's ``side``."""
        fought = side or counter.side
        for line in self.eliminated:
            if line.get("side") in (None, fought) and all(
                    line.get(k) in (None, getattr(counter, k)) for k in ("nationality", "type", "size")):
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


def file_name(manifest: Mapping, part: str) -> str:
    """The file name of *part*: the manifest's ``files`` entry, else ``<part>.json``."""
    files = manifest.get("files") if isinstance(manifest, Mapping) else None
    name = files.get(part) if isinstance(files, Mapping) else None
    return name if isinstance(name, str) else f"{part}.json"


def pack_digest(manifest: Mapping, data: Mapping[str, object]) -> str:
    """SHA-256 over the canonical JSON of the manifest and every part's file, by file name: the same however
    the files are laid out, different when any value in any file changes."""
    content = {MANIFEST: manifest}
    content.update({file_name(manifest, p): data.get(p) for p in PARTS})
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
                    _frozen(t["key"]), _frozen({c: CrtEffect(**e) for c, e in t.get("effects", {}).items()}))


def _die(name: str, t: dict) -> DieTable:
    return DieTable(name=name,
                    rows=_frozen({int(r): (tuple(v) if isinstance(v, list) else v) for r, v in t["rows"].items()}),
                    key=_frozen(t["key"]),
                    modifiers=tuple(Modifier(m["name"], m["value"], m.get("text", "")) for m in t.get("modifiers", ())),
                    clamp=t.get("clamp", True), columns=tuple(t["columns"]) if "columns" in t else None)


def _face(f: dict | None) -> Face | None:
    return None if f is None else Face(f["cs"], bool(f.get("paren", False)), f["mf"])


def build_pack(manifest: Mapping, data: Mapping[str, dict]) -> Pack:
    """The :class:`Pack` of a pack's parsed *manifest* and files (*data*, by part), which must have passed the
    service's checks (``service.packs.check_files``): pure, no schema is read here."""
    man, d = manifest, data
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
        digest=pack_digest(man, d),
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
