"""The pack checks of the tables, the counters and the schedules (``check.check_files`` runs them).

The map's own checks (hexes, places, population, hexsides, roads, bridges, edges, areas) are in
``service.packs.check``; here, for the parts that passed their schema:

- the TEC: no ground unit enters an all-sea or all-lake hex or crosses a sea or lake hexside (7.4, 9.2,
  11.8), every prohibited type a unit type (1.4a);
- the CRTs: odds columns in order (11.2b, 11.2c), every column complete for rows 1-6 (11.2b5), every
  result code in the table's key (11.5), and every code of the key with its effects, which the engine applies
  (breaks, eliminations, retreats, the side that advances: 11.5, 11.6, 13.3), and no effects for a code not
  in the key;
- the die tables (air 10.3a, 10.6a; bridges 16.1; terrorism 18.1): rows 1-6, every code in the key, the
  modified rolls covered (1.7);
- the events: every d66 result 11-66 (3.1), event 12 named as 3.1 names it, the "United Nations Truce"
  (28.4) with a truce (22.0), nationalities of their side (1.4b), sizes that fit the types (1.4a, 8.1),
  areas of the map (4.1b);
- the victory points: objectives on the map, nationalities of their side (1.4b);
- the counters: ids once, sides that fit the nationalities (1.4b, 27.2; supply has none, 14.7), sizes
  and faces that fit the types (1.6, 13.2, 19.0), the named leaders (Reinforcement Table, scenarios; 20.6),
  the Arms Factory (23.0) and the Secret Airfield (24.0), a British unit for each fort/base hex
  (Scenario 2, 2a; 27.1);
- the British withdrawal schedule: turns of the game, fort/base hexes of the map (Scenario 2, 1; 27.6).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.hexwar.terrain import SIZES, UNIT_TYPES, WATER_FEATURES, WATER_TERRAINS

from .files import Problem, problem

if TYPE_CHECKING:
    from .check import _Ctx

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
#: The results of a d66 roll, 11 to 66 (3.1).
D66 = tuple(f"{a}{b}" for a in range(1, 7) for b in range(1, 7))


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
        out += _crt_effects(t, file, name)
    return out


def _crt_effects(t: dict, file: str, name: str) -> list[Problem]:
    """11.5: every code of the key has its effects (what the engine applies) and every effects entry is a code
    of the key."""
    out = []
    key, effects = t["key"], t["effects"]
    for code in key:
        if code not in effects:
            out.append(problem(file, [name, "effects"], f"the result {code!r} of the {name} table's key has no "
                               f"effects; allowed: an entry {{attacker_breaks, defender_breaks, attacker_eliminated, "
                               f"defender_eliminated, attacker_retreat, defender_retreat, advance}} for every code "
                               f"of the key (11.5)"))
    for code in effects:
        if code not in key:
            out.append(problem(file, [name, "effects", code], f"{code!r} has effects but is not in the {name} "
                               f"table's key; allowed: the key's codes, {', '.join(key)} (11.5)"))
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
            p = ctx.on_map(obj["hex"], file, ["objectives", i, "hex"], "the objective")
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
                p = ctx.on_map(label, file, parts + ["hexes", j], "the withdrawal's hex")
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


