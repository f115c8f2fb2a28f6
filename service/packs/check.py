"""``check_pack``: every fault of a data pack, each with its file, JSON path, what is wrong and what is allowed.

First each file against its JSON Schema (``files.schema_problems``); then, for the files that pass, what a
schema cannot say (digest A.16, "Validation the engine should do on load", and more):

- the map: hex numbers that fit the pack's numbering (1.3); hexsides naming two adjacent hexes of the map;
  roads joining adjacent hexes (7.5a); bridges on river hexsides crossed by a road (7.5b, 16.0); borders
  between the countries of their hexes (9.7); each named place exactly once (:data:`PLACES`), Gaza on the
  Gaza line (30.1b1; ruling R-30.1b1-gaza); population symbols only on settlements in Palestine (17.0, 17.3;
  ruling R-17.0-population), none in Eilat;
  every terrain and hexside feature in the TEC (7.2); map-edge marks only on the hexes along that edge and
  reinforcement areas naming hexes of the map (4.2b);
- the TEC, the CRTs, the die tables, the events, the victory points, the counters and the British
  withdrawal schedule (1.4, 3.1, 10.3a, 11.2b, 11.5, 14.7, 18.1, 23.0, 24.0, 27.6...): in
  :mod:`service.packs.check_tables`, whose names (``NATION_SIDE``...) are importable from here too;
- ``test_data``: a test pack's every file says it is test data; a pack of the game's data says none is.

Nothing here reads a file: ``service.packs.check_pack`` reads the directory and
:func:`check_files` is pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.hexwar.grid import COMPASS, Grid, GridError, Hexside, Layout, neighbours
from engine.hexwar.terrain import WATER_TERRAINS

from .check_tables import (
    COMBAT_TYPES,
    D66,
    FIRST_TURN,
    LAST_TURN,
    LEADERS,
    NATION_SIDE,
    NON_COMBAT_TYPES,
    _air,
    _an,
    _british,
    _counters,
    _crt,
    _events,
    _tec,
    _terrorism,
    _vp,
    _withdrawal,
)
from .files import MANIFEST, PARTS, PackFiles, Problem, problem, schema_problems

__all__ = ["CHECKS", "COMBAT_TYPES", "COUNTRIES", "D66", "EDGE_AREAS", "FIRST_TURN", "JEWISH_CITIES", "LAST_TURN",
           "LEADERS", "NATION_SIDE", "NON_COMBAT_TYPES", "OPTIONAL_PLACES", "PLACES", "TEST_WORDS", "check_files"]

#: The named places the rules refer to, each exactly once on the map: tag -> (name, where the rules use it)
#: (ruling R-1.3-places: Scenario 1's places too).
PLACES = {
    "tel_aviv": ("Tel Aviv", "Reinforcement Table, Israeli placement 1 and 3"),
    "haifa_new": ("the new city of Haifa", "Reinforcement Table, Israeli placement 1 and 3"),
    "jerusalem_new": ("the new city of Jerusalem", "Reinforcement Table, Israeli placement 1"),
    "haifa_old": ("the old city of Haifa", "Scenario 1, 1b"),
    "tiberias": ("Tiberias", "Scenario 1, 1b"),
    "deir_yassin": ("Deir Yassin", "Scenario 1, 1b"),
    "etzion": ("Etzion", "Scenario 1, 1b and 5e"),
    "fort_latrun": ("Fort Latrun", "Scenario 1, 3b"),
    "el_arish": ("El Arish", "25.1; Arab League reinforcements and supplies"),
    "amman": ("Amman", "25.1; Arab League supplies"),
    "aqaba": ("Aqaba", "25.1; Arab League supplies"),
    "damascus": ("Damascus", "25.2"),
    "gaza": ("Gaza", "30.1b1, the Gaza line"),
}
#: Named places the rules mention that a map may lack, but has at most once.
OPTIONAL_PLACES = {"eilat": ("Eilat", "17.3"), "jerusalem_old": ("the old city of Jerusalem", "Reinforcement "
                                                                                              "Table, placement 1")}
#: The places where Israeli reinforcements are placed (Reinforcement Table, Israeli placement 1): cities
#: with a Star of David, or a terrorized marker could never matter there (18.3; ruling R-4.2a-david).
JEWISH_CITIES = ("tel_aviv", "haifa_new", "jerusalem_new")
#: The countries of the map (1.3).
COUNTRIES = ("Palestine", "Egypt", "Transjordan", "Syria", "Lebanon")
#: The placement areas the Reinforcement Table names as map edges (4.2b), with their country.
EDGE_AREAS = {"egypt_west_edge": "Egypt", "transjordan_east_edge": "Transjordan", "syria_north_edge": "Syria",
              "syria_east_edge": "Syria", "lebanon_north_edge": "Lebanon"}
#: What a test pack's every ``source`` says (pack.json ``test_data``).
TEST_WORDS = "test data"


@dataclass
class _Ctx:
    """What the checks share: the parsed files that passed their schema, and the map's grid once built."""

    files: PackFiles
    ok: dict[str, Any]
    grid: Grid | None = None
    layout: Layout | None = None
    bad_labels: set[str] = field(default_factory=set)

    def f(self, part: str) -> str:
        return self.files.file(part)

    def on_map(self, label: str, file: str, parts: list, what: str) -> Problem | None:
        """None if *label* is a hex of the map (or a bad number, reported already); else the problem."""
        if self.grid.has(label) or label in self.bad_labels:
            return None
        return problem(file, parts, f"{what} {label!r} is not a hex of the map; allowed: a hex listed in "
                                    f"{self.f('map')}'s hexes ({self.grid.problem(label)})")


# The manifest and the test-data flag.


def _test_data(ctx: _Ctx) -> list[Problem]:
    man = ctx.files.manifest
    if not isinstance(man, dict) or not isinstance(man.get("test_data"), bool):
        return []
    test = man["test_data"]
    out = []
    sources = [(MANIFEST, man.get("source"))] + [(ctx.f(p), d.get("source")) for p, d in ctx.files.data.items()
                                                if isinstance(d, dict)]
    saying = [file for file, source in sources if isinstance(source, str) and TEST_WORDS in source.lower()]
    if test:
        for file, source in sources:
            if isinstance(source, str) and file not in saying:
                out.append(Problem(file, "$.source", f"{source!r} does not say it is test data, but pack.json says "
                                                     f"\"test_data\": true; allowed: a source containing "
                                                     f"\"{TEST_WORDS}\" (made-up values are never shown as the "
                                                     f"game's)"))
    elif saying:
        out.append(Problem(MANIFEST, "$.test_data", f"false, but the source of {', '.join(saying)} says it is test "
                                                    f"data; allowed: true for a pack of made-up data, false only when "
                                                    f"every file holds the game's own data"))
    return out


# The map.


def _grid(ctx: _Ctx) -> list[Problem]:
    """Builds the grid from ``meta`` (1.3); the hex numbers that do not fit are problems."""
    m = ctx.ok["map"]
    file = ctx.f("map")
    coord = m["meta"]["coord"]
    try:
        layout = Layout(m["meta"]["orientation"], first=coord["first"], odd_shift=coord["odd_shift"],
                        digits=coord["digits"])
    except GridError as e:
        return [problem(file, ["meta", "coord", "odd_shift"], f"{e.message}; allowed: \"down\" or \"up\" with "
                                                               f"flat hexes, \"right\" or \"left\" with pointy hexes")]
    out = []
    good = []
    for label in m["hexes"]:
        why = layout.problem(label)
        if why:
            ctx.bad_labels.add(label)
            first = f"{layout.first:0{layout.digits}d}"
            out.append(problem(file, ["hexes", label], f"{why}; allowed: a number of this map's numbering "
                                                       f"({2 * layout.digits} digits from {first})"))
        else:
            good.append(label)
    ctx.layout = layout
    ctx.grid = Grid(good, layout)
    return out


def _pair(ctx: _Ctx, pair: list[str], file: str, parts: list, what: str,
          hex_parts: list[list] | None = None) -> tuple[Hexside | None, list[Problem]]:
    """The hexside of *pair*, or the problems: a hex off the map, the same hex twice, not adjacent (1.3).
    Problems of one hex are reported at *hex_parts* (default: ``parts + [0]``, ``parts + [1]``)."""
    where = hex_parts or [parts + [0], parts + [1]]
    out = [p for i, label in enumerate(pair) if (p := ctx.on_map(label, file, where[i], f"the {what}'s hex"))]
    a, b = pair
    if out or a in ctx.bad_labels or b in ctx.bad_labels:
        return None, out
    if a == b:
        return None, [problem(file, parts, f"the {what} names {a} twice; allowed: two different adjacent hexes (1.3)")]
    if not ctx.grid.adjacent(a, b):
        lay = ctx.layout
        shift = "columns" if lay.orientation == "flat" else "rows"
        apart = ctx.grid.distance(a, b)
        return None, [problem(file, parts, f"the {what} {a}-{b} joins hexes that are not adjacent ({apart} "
                                           f"hexes apart); allowed: two hexes sharing a side on this map's grid "
                                           f"({lay.orientation}-top, odd {shift} {lay.odd_shift}: {a}'s neighbours "
                                           f"are {', '.join(ctx.grid.neighbours(a)) or 'none'}) (1.3)")]
    return ctx.grid.hexside(a, b), []


def _hexes(ctx: _Ctx) -> list[Problem]:
    m, file = ctx.ok["map"], ctx.f("map")
    out = []
    countries = m["countries"]
    for c in COUNTRIES:
        if c not in countries:
            out.append(problem(file, ["countries"], f"{c} is not among the countries; allowed: a map of "
                                                    f"{', '.join(COUNTRIES)} (1.3)"))
    tec = ctx.ok.get("tec")
    for label, h in m["hexes"].items():
        parts = ["hexes", label]
        water = h["terrain"] in WATER_TERRAINS
        country = h.get("country")
        if country is None and not water:
            out.append(problem(file, parts + ["country"], f"the land hex {label} has no country; allowed: one of "
                                                          f"{', '.join(countries)} (null only for all_sea and "
                                                          f"all_lake hexes) (1.3, 9.7)"))
        pop = h.get("population")
        if pop is not None:
            if country not in ("Palestine", None) or h.get("settlement") in (None, "fort_base"):
                out.append(problem(file, parts + ["population"], f"{_an(pop)} population symbol in {label} "
                                   f"({country or 'no country'}, {h.get('settlement') or 'no settlement'}); allowed: "
                                   f"population symbols on cities, towns, villages and settlements in Palestine "
                                   f"(17.0)"))
            if "eilat" in h.get("tags", ()):
                out.append(problem(file, parts + ["population"], f"Eilat ({label}) has a {pop} population "
                                   f"symbol; allowed: none, Eilat has no population symbol (17.3)"))
        if tec is not None and h["terrain"] not in tec["terrain"]:
            out.append(problem(file, parts + ["terrain"], f"the terrain {h['terrain']!r} is not in the Terrain "
                               f"Effects Table ({ctx.f('tec')}); allowed: {', '.join(tec['terrain'])} (7.2)"))
    return out


def _places(ctx: _Ctx) -> list[Problem]:
    m, file = ctx.ok["map"], ctx.f("map")
    where: dict[str, list[str]] = {}
    for label, h in m["hexes"].items():
        for tag in h.get("tags", ()):
            where.setdefault(tag, []).append(label)
    out = []
    for tag, (name, rule) in {**PLACES, **OPTIONAL_PLACES}.items():
        found = where.get(tag, [])
        if not found and tag in PLACES:
            out.append(problem(file, ["hexes"], f"no hex is tagged {tag!r} ({name}); allowed: exactly one hex "
                                                f"with {tag!r} in its tags ({rule})"))
        elif len(found) > 1:
            out.append(problem(file, ["hexes", found[1], "tags"], f"{name} ({tag!r}) is on {len(found)} hexes "
                               f"({', '.join(found)}); allowed: exactly one hex ({rule})"))
    for tag in JEWISH_CITIES:
        found = where.get(tag, [])
        if len(found) == 1 and m["hexes"][found[0]].get("population") != "jewish":
            name = PLACES[tag][0]
            out.append(problem(file, ["hexes", found[0], "population"], f"{name} ({found[0]}) has no Star of "
                               f"David; allowed: \"jewish\" (Reinforcement Table, Israeli placement 1: not "
                               f"terrorized, which only a Star of David hex can be, 18.3)"))
    gaza = where.get("gaza", [])
    line = m["meta"]["gaza_line"]
    if len(gaza) == 1 and gaza[0] not in ctx.bad_labels:
        col, row = ctx.grid.colrow(gaza[0])
        on = col if line["axis"] == "column" else row
        if on != line["number"]:
            out.append(problem(file, ["meta", "gaza_line", "number"],
                               f"Gaza ({gaza[0]}) is in {line['axis']} {on}, not on the Gaza line, {line['axis']} "
                               f"{line['number']}; allowed: the {line['axis']} containing Gaza, {on} (30.1b1)"))
    return out


def _hexsides(ctx: _Ctx) -> list[Problem]:
    m, file = ctx.ok["map"], ctx.f("map")
    tec = ctx.ok.get("tec")
    out = []
    seen: dict[Hexside, int] = {}
    for i, item in enumerate(m["hexsides"]):
        parts = ["hexsides", i]
        side, probs = _pair(ctx, item["hexes"], file, parts + ["hexes"], "hexside")
        out += probs
        if side is not None:
            if side in seen:
                out.append(problem(file, parts + ["hexes"], f"the hexside {'-'.join(item['hexes'])} is listed again "
                                   f"(first at hexsides[{seen[side]}]); allowed: each hexside once, with all its "
                                   f"features"))
            seen.setdefault(side, i)
        if tec is not None:
            for j, feat in enumerate(item.get("features", ())):
                if feat not in tec["features"]:
                    out.append(problem(file, parts + ["features", j], f"the hexside feature {feat!r} is not in the "
                                       f"Terrain Effects Table ({ctx.f('tec')}); allowed: "
                                       f"{', '.join(tec['features'])} (7.2)"))
        border = item.get("border")
        if border:
            out += _border(ctx, item, parts)
    return out


def _border(ctx: _Ctx, item: dict, parts: list) -> list[Problem]:
    m, file = ctx.ok["map"], ctx.f("map")
    a, b = item["hexes"]
    border = item["border"]
    if border[0] == border[1]:
        return [problem(file, parts + ["border"], f"the border separates {border[0]} from itself; allowed: two "
                                                  f"different countries (9.7)")]
    out = []
    ca = m["hexes"].get(a, {}).get("country")
    cb = m["hexes"].get(b, {}).get("country")
    if ca and cb and {ca, cb} != set(border):
        out.append(problem(file, parts + ["border"], f"the border {'/'.join(border)} lies between {a} ({ca}) and "
                                                     f"{b} ({cb}); allowed: the countries of its two hexes, "
                                                     f"{ca}/{cb}" + (" (or no border: they are the same country)"
                                                                     if ca == cb else "") + " (9.7)"))
    return out


def _road_sides(ctx: _Ctx) -> set[Hexside]:
    sides = set()
    for line in ctx.ok["map"]["roads"]:
        for a, b in zip(line, line[1:], strict=False):
            if ctx.grid.has(a) and ctx.grid.has(b) and a != b and ctx.grid.adjacent(a, b):
                sides.add(ctx.grid.hexside(a, b))
    return sides


def _roads(ctx: _Ctx) -> list[Problem]:
    m, file = ctx.ok["map"], ctx.f("map")
    out = []
    for i, line in enumerate(m["roads"]):
        for j, (a, b) in enumerate(zip(line, line[1:], strict=False)):
            _, probs = _pair(ctx, [a, b], file, ["roads", i, j + 1], "road",
                             hex_parts=[["roads", i, j], ["roads", i, j + 1]])
            out += probs
        for j, label in enumerate(line):
            h = m["hexes"].get(label)
            if h is not None and h["terrain"] in WATER_TERRAINS:
                out.append(problem(file, ["roads", i, j], f"the road enters {label}, {_an(h['terrain'])} hex; allowed: "
                                                          f"land hexes (7.4: no ground unit enters all-sea or "
                                                          f"all-lake hexes)"))
    return sorted(set(out), key=lambda p: p.path)


def _bridges(ctx: _Ctx) -> list[Problem]:
    m, file = ctx.ok["map"], ctx.f("map")
    features: dict[Hexside, set[str]] = {}
    for item in m["hexsides"]:
        a, b = item["hexes"]
        if ctx.grid.has(a) and ctx.grid.has(b) and a != b and ctx.grid.adjacent(a, b):
            features.setdefault(ctx.grid.hexside(a, b), set()).update(item.get("features", ()))
    roads = _road_sides(ctx)
    out = []
    listed = [(["bridges", i, "hexes"], item["hexes"]) for i, item in enumerate(m["bridges"])]
    listed += [(["hexsides", i], item["hexes"]) for i, item in enumerate(m["hexsides"]) if item.get("bridge")]
    seen: set[Hexside] = set()
    for parts, pair in listed:
        side, probs = _pair(ctx, pair, file, parts, "bridge")
        if parts[0] == "bridges":
            out += probs
        if side is None:
            continue
        name = "-".join(pair)
        if "river" not in features.get(side, ()):
            out.append(problem(file, parts, f"the bridge {name} is not on a river hexside; allowed: a hexside "
                                            f"listed in hexsides with the feature \"river\" (7.5b, 16.0)"))
        if side not in roads:
            out.append(problem(file, parts, f"no road crosses the bridge {name}; allowed: a river hexside between "
                                            f"two consecutive hexes of a road (7.5b: bridges carry road movement)"))
        if parts[0] == "bridges" and side in seen:
            out.append(problem(file, parts, f"the bridge {name} is listed twice; allowed: each bridge once"))
        seen.add(side)
    return out


#: The compass sides of a hex that face each map edge (4.2b), by orientation (engine.hexwar.grid.COMPASS).
EDGE_SIDES = {"flat": {"north": ("N",), "south": ("S",), "west": ("NW", "SW"), "east": ("NE", "SE")},
              "pointy": {"north": ("NW", "NE"), "south": ("SW", "SE"), "west": ("W",), "east": ("E",)}}


def _label_on(grid: Grid, h) -> str | None:
    """The label of *h* if it is a hex of the map, else None."""
    try:
        label = grid.layout.label(h)
    except GridError:
        return None
    return label if grid.has(label) else None


def _edges(ctx: _Ctx) -> list[Problem]:
    """A hex marked along a map edge has no hex of the map beyond it on that side (4.2b: "the hexagon line
    adjacent to the indicated map edge")."""
    m, file = ctx.ok["map"], ctx.f("map")
    grid, lay = ctx.grid, ctx.layout
    names = COMPASS[lay.orientation]
    out = []
    for label, h in m["hexes"].items():
        if not grid.has(label):
            continue
        around = dict(zip(names, neighbours(grid.hex(label)), strict=True))
        for edge in h.get("map_edge", ()):
            sides = EDGE_SIDES[lay.orientation][edge]
            beyond = [lab for d in sides if (lab := _label_on(grid, around[d]))]
            if len(beyond) == len(sides):
                out.append(problem(file, ["hexes", label, "map_edge"], f"{label} is marked along the {edge} edge, "
                                   f"but {' and '.join(beyond)} {'lie' if len(beyond) > 1 else 'lies'} beyond it; allowed: {edge!r} only on the hexes "
                                   f"with no hex of the map to their {'/'.join(sides)} (4.2b)"))
    return out


def _areas(ctx: _Ctx) -> list[Problem]:
    m, file = ctx.ok["map"], ctx.f("map")
    out = []
    for name, area in m["reinforcement_areas"].items():
        parts = ["reinforcement_areas", name]
        want = EDGE_AREAS.get(name)
        if isinstance(area, dict):
            hexes = [label for label, h in m["hexes"].items()
                     if area["edge"] in h.get("map_edge", ()) and h.get("country") == area["country"]
                     and h["terrain"] not in WATER_TERRAINS]
            if not hexes:
                out.append(problem(file, parts, f"no land hex of {area['country']} lies along the {area['edge']} "
                                                f"edge; allowed: an edge and country with hexes whose map_edge "
                                                f"includes {area['edge']!r} (4.2b)"))
            if want and area["country"] != want:
                out.append(problem(file, parts + ["country"], f"{name} is in {area['country']}; allowed: {want} "
                                                              f"(Reinforcement Table, placement)"))
            continue
        for j, label in enumerate(area):
            p = ctx.on_map(label, file, parts + [j], "the area's hex")
            if p:
                out.append(p)
                continue
            h = m["hexes"].get(label)
            if h is None:
                continue
            if h["terrain"] in WATER_TERRAINS:
                out.append(problem(file, parts + [j], f"{label} is {_an(h['terrain'])} hex; allowed: land hexes (4.2)"))
            elif want and h.get("country") != want:
                out.append(problem(file, parts + [j], f"{label} is in {h.get('country')}, not {want}; allowed: "
                                                      f"hexes of {want} along the map edge (4.2b)"))
    return out


#: (the parts a check needs, the check), run in this order.
CHECKS: tuple[tuple[tuple[str, ...], Callable[[_Ctx], list[Problem]]], ...] = (
    (("map",), _grid),
    (("map",), _hexes),
    (("map",), _places),
    (("map",), _hexsides),
    (("map",), _roads),
    (("map",), _bridges),
    (("map",), _edges),
    (("map",), _areas),
    (("tec",), _tec),
    (("crt",), _crt),
    (("air",), _air),
    (("terrorism",), _terrorism),
    (("events",), _events),
    (("vp",), _vp),
    (("counters",), _counters),
    (("map", "counters"), _british),
    (("british_withdrawal",), _withdrawal),
)


def check_files(files: PackFiles) -> list[Problem]:
    """Every problem of the pack *files* (pure): reading, schemas, then the checks of each part that passed
    its schema (:data:`CHECKS`)."""
    out = list(files.problems)
    ok: dict[str, Any] = {}
    for part in PARTS:
        if part in files.data:
            probs = schema_problems(part, files.data[part], files.file(part))
            out += probs
            if not probs:
                ok[part] = files.data[part]
    ctx = _Ctx(files, ok)
    out += _test_data(ctx)
    for needs, check in CHECKS:
        if all(p in ok for p in needs) and ("map" not in needs or check is _grid or ctx.grid is not None):
            out += check(ctx)
    return _unique(out)


def _unique(problems: Iterable[Problem]) -> list[Problem]:
    seen = set()
    out = []
    for p in problems:
        if p not in seen:
            seen.add(p)
            out.append(p)
    return out

