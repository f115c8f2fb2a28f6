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
- the TEC: no ground unit enters an all-sea or all-lake hex or crosses a sea or lake hexside (9.2, 11.8);
- the CRTs: odds columns in order (11.2b), every column complete for rows 1-6 (11.2b5), every result
  code in the table's key (11.5);
- the die tables (air, bridges, terrorism): rows 1-6, every code in the key, the modified rolls covered;
- the events: every d66 result 11-66 (3.1), event 12 named as 3.1 names it, a truce (22.0) and the
  "United Nations Truce" (28.4);
- the counters: ids once, sides that fit the nationalities (1.4b, 27.2; supply has none, 14.7), sizes
  and faces that fit the types (1.6, 13.2, 19.0), the named leaders (Reinforcement Table, scenarios), the
  Arms Factory (23.0) and the Secret Airfield (24.0), a British unit for each fort/base hex (Scenario 2, 2a);
- the British withdrawal schedule: turns of the game, fort/base hexes of the map (27.6);
- ``test_data``: a test pack's every file says it is test data; a pack of the game's data says none is.

Nothing here reads a file: ``service.packs.check_pack`` reads the directory and
:func:`check_files` is pure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.hexwar.grid import COMPASS, Grid, GridError, Hexside, Layout, neighbours
from engine.hexwar.terrain import SIZES, UNIT_TYPES, WATER_FEATURES, WATER_TERRAINS

from .files import MANIFEST, PARTS, PackFiles, Problem, problem, schema_problems

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
#: Each nationality's side (1.4b; the British belong to no side, 27.2).
NATION_SIDE = {"zahal": "israel", "irgun": "israel", "stern": "israel", "aas": "arab", "ala": "arab",
               "egypt": "arab", "transjordan": "arab", "iraq": "arab", "syria": "arab", "lebanon": "arab",
               "saudi_arabia": "arab", "yemen": "arab", "morocco": "arab", "british": None}
#: Ground unit types that are non-combat units (19.0, 20.0, 23.0, 24.0): CS 0, no size, never broken.
NON_COMBAT_TYPES = frozenset({"leader", "supply", "arms_factory", "secret_airfield"})
#: The combat unit types (1.4a).
COMBAT_TYPES = UNIT_TYPES - NON_COMBAT_TYPES
#: The leaders the rules name, with their nationality (Reinforcement Table; Scenarios 1 and 2).
LEADERS = {"allon": ("Allon", "zahal"), "marcus": ("Marcus", "zahal"),
           "abd el kader": ("Abd el Kader", "aas"), "el-tel": ("El-Tel", "transjordan")}
#: The game's turns, Dec 1947 to Mar 1949 (Scenario 2, 1: the longest scenario).
FIRST_TURN, LAST_TURN = "1947-12", "1949-03"
#: What a test pack's every ``source`` says (pack.json ``test_data``).
TEST_WORDS = "test data"
D66 = tuple(f"{a}{b}" for a in range(1, 7) for b in range(1, 7))


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


def _on_map(ctx: _Ctx, label: str, file: str, parts: list, what: str) -> Problem | None:
    if ctx.grid.has(label) or label in ctx.bad_labels:
        return None
    return problem(file, parts, f"{what} {label!r} is not a hex of the map; allowed: a hex listed in "
                                f"{ctx.f('map')}'s hexes ({ctx.grid.problem(label)})")


def _pair(ctx: _Ctx, pair: list[str], file: str, parts: list, what: str,
          hex_parts: list[list] | None = None) -> tuple[Hexside | None, list[Problem]]:
    """The hexside of *pair*, or the problems: a hex off the map, the same hex twice, not adjacent (1.3).
    Problems of one hex are reported at *hex_parts* (default: ``parts + [0]``, ``parts + [1]``)."""
    where = hex_parts or [parts + [0], parts + [1]]
    out = [p for i, label in enumerate(pair) if (p := _on_map(ctx, label, file, where[i], f"the {what}'s hex"))]
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
            p = _on_map(ctx, label, file, parts + [j], "the area's hex")
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


# The TEC.


def _tec(ctx: _Ctx) -> list[Problem]:
    tec, file = ctx.ok["tec"], ctx.f("tec")
    out = []
    for kind, water in (("terrain", WATER_TERRAINS), ("features", WATER_FEATURES)):
        for name in sorted(water & set(tec[kind])):
            if tec[kind][name]["mp"] is not None:
                out.append(problem(file, [kind, name, "mp"], f"{name} costs {tec[kind][name]['mp']} MP, so ground "
                                   f"units could enter or cross it; allowed: null (no ground unit enters all-sea "
                                   f"or all-lake hexes or crosses sea or lake hexsides: 7.4, 9.2, 11.8, 30.0)"))
    for kind in ("terrain", "features"):
        for name, line in tec[kind].items():
            for j, t in enumerate(line.get("prohibited", ())):
                if t not in UNIT_TYPES:  # the schema's list, kept with engine.hexwar.terrain's
                    out.append(problem(file, [kind, name, "prohibited", j], f"{t!r} is not a unit type; allowed: "
                                                                            f"{', '.join(sorted(UNIT_TYPES))} (1.4a)"))
    return out


# The tables.


def _odds(column: str) -> Fraction:
    a, d = column.split(":")
    return Fraction(int(a), int(d))


def _crt(ctx: _Ctx) -> list[Problem]:
    crt, file = ctx.ok["crt"], ctx.f("crt")
    out = []
    for name in ("raid", "assault"):
        t = crt[name]
        cols = t["columns"]
        for i, col in enumerate(cols):
            a, d = col.split(":")
            if "1" not in (a, d):
                out.append(problem(file, [name, "columns", i], f"{col!r} is not an odds column; allowed: A:1 or 1:D, "
                                                               f"as 11.2b reduces every ratio (e.g. \"3:1\", \"1:2\")"))
        ratios = [_odds(c) for c in cols]
        for i in range(1, len(cols) if not out else 0):
            if ratios[i] <= ratios[i - 1]:
                out.append(problem(file, [name, "columns", i], f"{cols[i]!r} follows {cols[i - 1]!r}; allowed: "
                                   f"columns from the worst odds for the attacker to the best, each better than the "
                                   f"last (11.2c: shifts move left to the defender, right to the attacker)"))
        for roll in ("1", "2", "3", "4", "5", "6"):
            row = t["rows"][roll]
            if len(row) != len(cols):
                out.append(problem(file, [name, "rows", roll], f"row {roll} has {len(row)} results for {len(cols)} "
                                   f"columns; allowed: one result for each column, {', '.join(cols)} (11.2b5)"))
            for j, code in enumerate(row):
                if code not in t["key"]:
                    col = cols[j] if j < len(cols) else "?"
                    out.append(problem(file, [name, "rows", roll, j], f"the result {code!r} (roll {roll}, column "
                                       f"{col}) is not in the {name} table's key; allowed: "
                                       f"{', '.join(t['key'])} (11.5)"))
    return out


def _die_table(t: dict, file: str, parts: list, what: str, rule: str) -> list[Problem]:
    out = []
    cols = t.get("columns")
    for roll, row in t["rows"].items():
        rparts = parts + ["rows", roll]
        codes = row if isinstance(row, list) else [row]
        if cols is not None and (not isinstance(row, list) or len(row) != len(cols)):
            out.append(problem(file, rparts, f"roll {roll} gives {len(codes)} result(s) for {len(cols)} columns; "
                                             f"allowed: a list of {len(cols)} results, one per column "
                                             f"({', '.join(cols)})"))
        elif cols is None and isinstance(row, list):
            out.append(problem(file, rparts, f"roll {roll} gives a list but the {what} has no columns; allowed: "
                                             f"one result code, or columns for the table"))
        for j, code in enumerate(codes):
            if code not in t["key"]:
                out.append(problem(file, rparts + ([j] if isinstance(row, list) else []),
                                   f"the result {code!r} is not in the {what}'s key; allowed: "
                                   f"{', '.join(t['key'])} ({rule})"))
    if not t.get("clamp", True):
        mods = [m["value"] for m in t.get("modifiers", ())]
        low = 1 + sum(v for v in mods if v < 0)
        high = 6 + sum(v for v in mods if v > 0)
        missing = [str(r) for r in range(low, high + 1) if str(r) not in t["rows"]]
        if missing:
            out.append(problem(file, parts + ["rows"], f"no result for the modified roll(s) {', '.join(missing)}; "
                                                       f"allowed: rows for every roll from {low} to {high} (the die "
                                                       f"with its modifiers, 1.7), or \"clamp\": true"))
    return out


def _air(ctx: _Ctx) -> list[Problem]:
    air, file = ctx.ok["air"], ctx.f("air")
    return (_die_table(air["strike"], file, ["strike"], "Air Attack Table", "10.3a")
            + _die_table(air["interception"], file, ["interception"], "Interception Table", "10.6a")
            + _die_table(air["bridge_destruction"], file, ["bridge_destruction"], "Bridge Destruction Table", "16.1"))


def _terrorism(ctx: _Ctx) -> list[Problem]:
    return _die_table(ctx.ok["terrorism"]["table"], ctx.f("terrorism"), ["table"], "Terrorism Table", "18.1")


def _area_names(ctx: _Ctx) -> set[str] | None:
    m = ctx.ok.get("map")
    if m is None:
        return None
    tags = {t for h in m["hexes"].values() for t in h.get("tags", ())}
    return set(m["reinforcement_areas"]) | tags


def _events(ctx: _Ctx) -> list[Problem]:
    ev, file = ctx.ok["events"], ctx.f("events")
    table = ev["events"]
    out = []
    missing = [n for n in D66 if n not in table]
    if missing:
        out.append(problem(file, ["events"], f"no event for {', '.join(missing)}; allowed: an event (or \"no "
                                             f"event\") for every result 11-16, 21-26, 31-36, 41-46, 51-56, "
                                             f"61-66 (3.1)"))
    twelve = table.get("12")
    if twelve is not None and twelve["name"].strip().lower() != "more israeli supplies":
        out.append(problem(file, ["events", "12", "name"], f"event 12 is named {twelve['name']!r}; allowed: "
                                                           f"\"More Israeli Supplies\", the name 3.1 gives it"))
    if not any(e["name"].strip().lower() == "united nations truce"
               and any(x["kind"] == "truce" for x in e["effects"]) for e in table.values()):
        out.append(problem(file, ["events"], "no event named \"United Nations Truce\" with a truce effect; allowed: "
                                             "the \"United Nations Truce\" event that 28.4 names, one of the "
                                             "events that cause a truce (22.0)"))
    areas = _area_names(ctx)
    for n, e in table.items():
        for i, eff in enumerate(e["effects"]):
            parts = ["events", n, "effects", i]
            nat = eff.get("nationality")
            if nat is not None and NATION_SIDE[nat] != eff["side"]:
                out.append(problem(file, parts + ["nationality"], f"{nat} units are not {eff['side']}'s; allowed: "
                                   f"a nationality of {eff['side']} ({_nationalities(eff['side'])}) (1.4b)"))
            for j, u in enumerate(eff.get("units", ())):
                out += _type_size(file, parts + ["units", j], u["type"], u.get("size"))
            area = eff.get("area")
            if area is not None and areas is not None and area not in areas:
                out.append(problem(file, parts + ["area"], f"{area!r} is neither a reinforcement area nor a named "
                                   f"place of the map; allowed: {', '.join(sorted(areas))} (4.1b)"))
    return out


def _an(word: str) -> str:
    """*word* with its article: "an infantry", "a leader"."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _nationalities(side: str | None) -> str:
    return ", ".join(n for n, s in NATION_SIDE.items() if s == side)


def _type_size(file: str, parts: list, typ: str, size: str | None) -> list[Problem]:
    if typ in COMBAT_TYPES and size is None:
        return [problem(file, parts, f"{_an(typ)} unit without a size; allowed: {', '.join(SIZES)} (1.4a, 8.1)")]
    if typ not in COMBAT_TYPES and size is not None:
        return [problem(file, parts + ["size"], f"{_an(typ)} with the size {size!r}; allowed: no size (null): only "
                                                f"combat units are brigades, regiments, battalions or groups "
                                                f"(1.4a, 8.1d)")]
    return []


def _vp(ctx: _Ctx) -> list[Problem]:
    vp, file = ctx.ok["vp"], ctx.f("vp")
    out = []
    if ctx.grid is not None:
        for i, obj in enumerate(vp["objectives"]):
            p = _on_map(ctx, obj["hex"], file, ["objectives", i, "hex"], "the objective")
            if p:
                out.append(p)
    for i, line in enumerate(vp["eliminated"]):
        nat = line.get("nationality")
        if nat is not None and NATION_SIDE[nat] != line["side"]:
            out.append(problem(file, ["eliminated", i, "nationality"], f"{nat} units are not {line['side']}'s; "
                               f"allowed: {_nationalities(line['side'])} (1.4b)"))
    return out


# The counters.


def _counters(ctx: _Ctx) -> list[Problem]:
    cs, file = ctx.ok["counters"]["counters"], ctx.f("counters")
    out = []
    first: dict[str, int] = {}
    for i, c in enumerate(cs):
        parts = ["counters", i]
        if c["id"] in first:
            out.append(problem(file, parts + ["id"], f"the id {c['id']!r} is already counters[{first[c['id']]}]'s; "
                                                     f"allowed: an id of its own for each counter"))
        first.setdefault(c["id"], i)
        nat = c["nationality"]
        if nat is None:
            if c["type"] != "supply":
                out.append(problem(file, parts + ["nationality"], f"{_an(c['type'])} without a nationality; allowed: "
                                   f"{', '.join(NATION_SIDE)} (1.4b); only supply has none (14.7)"))
            elif c["side"] is None:
                out.append(problem(file, parts + ["side"], "a supply unit of no side; allowed: israel or arab (14.7: "
                                                           "supply belongs to a side, not a nationality)"))
            side = c["side"]
        else:
            side = NATION_SIDE[nat]
        if c["side"] != side:
            want = "null (27.2: the British units are controlled by no side)" if side is None else \
                f"{side!r} (1.4b: {c['nationality']} is {side}'s)"
            out.append(problem(file, parts + ["side"], f"{_an(c['nationality'])} counter with the side "
                                                       f"{c['side']!r}; allowed: {want}"))
        typ = c["type"]
        if typ == "air":
            if c.get("size") is not None:
                out.append(problem(file, parts + ["size"], f"an air unit with the size {c['size']!r}; allowed: "
                                                           f"no size (null) (10.0)"))
        else:
            out += _type_size(file, parts, typ, c.get("size"))
            out += _faces(c, file, parts)
        if typ == "supply" and "points" not in c:
            out.append(problem(file, parts, "a supply unit without its points; allowed: \"points\" 1 to 20, the "
                                            "strength printed on it (1.4a, 14.0)"))
        if typ != "supply" and "points" in c:
            out.append(problem(file, parts + ["points"], f"{_an(typ)} with supply points; allowed: points only on "
                                                         f"supply units (14.0)"))
    out += _named_counters(cs, file)
    return out


def _faces(c: dict, file: str, parts: list) -> list[Problem]:
    out = []
    typ, front, back = c["type"], c["front"], c.get("back")
    for face_name, face in (("front", front), ("back", back)):
        if face and face.get("paren") and face["cs"] < 1:
            out.append(problem(file, parts + [face_name, "paren"], f"a CS of {face['cs']} in parentheses; allowed: "
                                                                   f"parentheses round a CS of 1 or more (1.4a, 1.6)"))
    if typ in NON_COMBAT_TYPES:
        if front["cs"] != 0:
            out.append(problem(file, parts + ["front", "cs"], f"{_an(typ)} with a CS of {front['cs']}; allowed: 0, a "
                                                              f"non-combat unit (1.6, 19.0)"))
        if back is not None:
            out.append(problem(file, parts + ["back"], f"{_an(typ)} with a broken face; allowed: null, non-combat "
                                                       f"units cannot be broken (19.5c)"))
    else:
        if front["cs"] < 1:
            out.append(problem(file, parts + ["front", "cs"], f"{_an(typ)} unit with a CS of 0; allowed: 1 or more, a "
                                                              f"combat unit (1.6)"))
        if back is None:
            out.append(problem(file, parts + ["back"], f"{_an(typ)} unit without a broken face; allowed: {{cs, paren, "
                                                       f"mf}}, the reverse side every combat unit has (13.2)"))
    return out


def _named_counters(cs: list[dict], file: str) -> list[Problem]:
    out = []
    leaders: dict[str, list[int]] = {}
    for i, c in enumerate(cs):
        if c["type"] == "leader":
            leaders.setdefault(" ".join(c.get("designation", "").lower().split()), []).append(i)
    for key, (name, nat) in LEADERS.items():
        found = leaders.get(key, [])
        if not found:
            out.append(problem(file, ["counters"], f"no leader {name}; allowed: a manifest with the leader {name} "
                                                   f"({nat}) whom the Reinforcement Table and scenarios name, once"))
        elif len(found) > 1:
            out.append(problem(file, ["counters", found[1]], f"the leader {name} is listed {len(found)} times; "
                                                              f"allowed: once (20.6: a leader never returns)"))
        elif cs[found[0]]["nationality"] != nat:
            out.append(problem(file, ["counters", found[0], "nationality"], f"{name} is {cs[found[0]]['nationality']}; "
                                                                             f"allowed: {nat}"))
    for typ, rule in (("arms_factory", "23.0"), ("secret_airfield", "24.0")):
        found = [i for i, c in enumerate(cs) if c["type"] == typ]
        if len(found) != 1:
            out.append(problem(file, ["counters"] + found[1:2], f"{len(found)} {typ} counters; allowed: exactly "
                                                                f"one, Israeli ({rule})"))
        elif cs[found[0]]["side"] != "israel":
            out.append(problem(file, ["counters", found[0], "side"], f"the {typ} is {cs[found[0]]['side']!r}'s; "
                                                                     f"allowed: israel ({rule})"))
    return out


def _british(ctx: _Ctx) -> list[Problem]:
    """Scenario 2, 2a: a British unit in each fort/base hex, so the manifest needs as many British ground units."""
    m = ctx.ok["map"]
    forts = [label for label, h in m["hexes"].items() if h.get("settlement") == "fort_base"]
    british = [c for c in ctx.ok["counters"]["counters"] if c["nationality"] == "british" and c["type"] != "air"]
    if len(british) < len(forts):
        return [problem(ctx.f("counters"), ["counters"], f"{len(british)} British ground units for {len(forts)} "
                                                         f"fort/base hexes; allowed: at least one British unit per "
                                                         f"fort/base hex (Scenario 2, 2a; 27.1)")]
    return []


def _withdrawal(ctx: _Ctx) -> list[Problem]:
    bw, file = ctx.ok["british_withdrawal"], ctx.f("british_withdrawal")
    m = ctx.ok.get("map")
    out = []
    turns = Counter(w["turn"] for w in bw["withdrawals"])
    seen: dict[str, str] = {}
    for i, w in enumerate(bw["withdrawals"]):
        parts = ["withdrawals", i]
        if not FIRST_TURN <= w["turn"] <= LAST_TURN:
            out.append(problem(file, parts + ["turn"], f"{w['turn']} is not a turn of the game; allowed: "
                                                       f"{FIRST_TURN} to {LAST_TURN} (Scenario 2, 1)"))
        if turns[w["turn"]] > 1:
            out.append(problem(file, parts + ["turn"], f"{w['turn']} is listed {turns[w['turn']]} times; allowed: "
                                                       f"each turn once, with all its hexes"))
        for j, label in enumerate(w["hexes"]):
            if m is not None and ctx.grid is not None:
                p = _on_map(ctx, label, file, parts + ["hexes", j], "the withdrawal's hex")
                if p:
                    out.append(p)
                    continue
                h = m["hexes"].get(label)
                if h is not None and h.get("settlement") != "fort_base":
                    out.append(problem(file, parts + ["hexes", j], f"{label} is not a fort/base hex; allowed: a hex "
                                       f"whose settlement is \"fort_base\", where Scenario 2 places the British "
                                       f"units (2a; 27.6)"))
            if label in seen:
                out.append(problem(file, parts + ["hexes", j], f"the British unit in {label} already withdraws in "
                                                               f"{seen[label]}; allowed: each hex once"))
            seen.setdefault(label, w["turn"])
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

