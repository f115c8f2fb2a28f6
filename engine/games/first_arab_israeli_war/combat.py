"""The combat desk of The First Arab-Israeli War: ground combat arithmetic without a map (11.0-13.0).

Everything about one ground combat (a normal attack or an invasion, 12.0) that needs no geometry: who
may attack (11.1, 1.4a, 19.2, 19.5, 22.1b/22.3, 25, 26.1, 27.2, 27.5, 11.8), the 2-brigade cap per hex
(8.2), supply doubling (14.3b/c), the odds and their rounding (11.2b), the 7:1 and 1:3 caps (11.2d), the
column shifts (11.2c: terrain from the TEC, entrenchment 15.3, leaders 20.2/20.5, invasion 12.3,
fanaticism 31; the commando/guerrilla terrain cancellation 29.2a), the choice of CRT (11.3, 29.2b,
26.1b), the d6 and the result from the pack's CRT with its key; then the result's application to unit
records: breaks, the second break that eliminates (13.4), a brigade split to take a D1 (5.6). Digest part
A, A.7 (combat), A.8 (breakdown), A.4.1 (reorganization), A.16 ("Checkable WITHOUT the map").

The desk is four modules, and every name is importable from this one: :mod:`.combat_units` holds the
records (the options and rulings chosen, the units, the declared attack); :mod:`.combat_checks` the
refusals of who may attack (:func:`refusals`: 11.1 and its restrictions, the 2-brigade cap of 8.2 by
ruling R-8.2); this module the odds, the CRT, the shifts and the roll (11.2-11.5); :mod:`.combat_results`
the application of a result (13.3, 13.4, 5.6, 19.5).

Geometry is the caller's: the attacking hexes' adjacency, the TEC entries of the defender's hex and of
the hexsides each attacking hex attacks across (or a terrain the players declare), whether a sea or lake
hex or hexside lies in the way (11.8), whether a friendly population is near (29.2b). The rulebook has no
CRT and no TEC (digest A.0): they come from the umpire's data pack, as data.

A CRT is ``{"columns": ["1:3", ..., "7:1"], "rows": {"1": [code, ...], ..., "6": [...]}, "key":
{code: meaning}}``; :func:`resolve` takes both tables, ``{"raid": table, "assault": table}`` (or an object
with ``raid``/``assault`` attributes). The die comes from an injected chance object with
``roll(label, sides=6)`` (:class:`engine.core.chance.Recorder`). Every step of a :class:`Resolution` is
recorded in words with its rule.

Rulings where the text is silent or contradicts itself are in :data:`RULINGS`, read from the game's
``data/rulings.json``; a ruling with alternatives is chosen per game through
``CombatOptions.rulings`` (``{"R-11.2c-H": "any"}``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from engine.core.errors import IllegalActionError, InvalidActionError, Refusal  # noqa: F401

from .combat_checks import refusals  # noqa: F401  (who may attack: 11.1 and its restrictions)
from .combat_results import (  # noqa: F401  (applying results: 13.3, 13.4, 5.6, 19.5)
    BREAK_CAUSES,
    Losses,
    apply_breaks,
    break_unit,
    split_brigade,
    take_break,
)
from .combat_units import (  # noqa: F401  (the records; the game's code and tests import them from here)
    _RULING_DEFAULTS,
    _SIDE_ALIASES,
    _SIDE_NAMES,
    _TOWNS_AND_BASES,
    _TYPE_ALIASES,
    COMMANDO_TYPES,
    DEFAULTS,
    EQUIVALENCES,
    HAGANAH_PALMACH,
    NON_COMBAT_TYPES,
    ROUGH_TERRAIN,
    RULINGS,
    SIDES,
    TREATY_PLACES,
    UNDERGROUND,
    Attack,
    CombatOptions,
    TerrainEntry,
    Unit,
    _brigades,
    _family,
    _norm,
    equivalent,
)

# --------------------------------------------------------------------------------------------------------
# Odds, caps, columns (11.2b, 11.2d)
# --------------------------------------------------------------------------------------------------------


def odds(a: int, d: int) -> tuple[int, int]:
    """The combat ratio (11.2b3): A >= D gives floor(A/D):1 (fractions ignored), A < D gives 1:ceil(D/A)
    (fractions rounded up). 14 vs 5 -> (2, 1); 6 vs 10 -> (1, 2); equal -> (1, 1)."""
    if a <= 0 or d <= 0:
        raise ValueError(f"odds need positive strengths, not {a} against {d}")
    if a >= d:
        return (a // d, 1)
    return (1, -(-d // a))


def capped(ratio: tuple[int, int]) -> tuple[int, int]:
    """The 11.2d caps (ruling R-11.2d): above 7:1 -> 7:1, worse than 1:3 -> 1:3; others unchanged."""
    a, d = ratio
    if d == 1 and a > 7:
        return (7, 1)
    if a == 1 and d > 3:
        return (1, 3)
    return ratio


def label(ratio: tuple[int, int]) -> str:
    return f"{ratio[0]}:{ratio[1]}"


_COLUMN = re.compile(r"^\s*(\d+)\s*[:/]\s*(\d+)\s*$")


def parse_column(text: str) -> tuple[int, int]:
    """ "3:1" (or "3/1") -> (3, 1). A column's words always give the same odds: read once each (the CRT's few
    columns are read at every combat: 11.2d)."""
    if isinstance(text, str):
        return _parse_column(text)
    return _read_column(text)


@lru_cache(maxsize=256)
def _parse_column(text: str) -> tuple[int, int]:
    return _read_column(text)


def _read_column(text: Any) -> tuple[int, int]:
    """:func:`parse_column`'s reading of *text* (a malformed column raises ValueError, and is not kept)."""
    m = _COLUMN.match(str(text))
    if not m or int(m.group(1)) <= 0 or int(m.group(2)) <= 0:
        raise ValueError(f"a CRT column is an odds like '3:1' or '1:2', not {text!r}")
    return int(m.group(1)), int(m.group(2))


def shifted(column: str, shifts: int, columns: Sequence[str]) -> str:
    """The column *shifts* columns to the right (negative: left) of *column*, clamped to the table's ends
    (11.2c)."""
    i = list(columns).index(column)
    return columns[max(0, min(len(columns) - 1, i + shifts))]


def _base_column(ratio: tuple[int, int], columns: Sequence[str]) -> tuple[int, str]:
    """The index of the column the shifts start from (11.2d), and words when the table has no such column."""
    value = ratio[0] / ratio[1]
    values = [a / d for a, d in map(parse_column, columns)]
    for i, v in enumerate(values):
        if v == value:
            return i, ""
    if value < values[0]:
        return 0, f"the table's lowest column is {columns[0]}: {label(ratio)} uses it"
    if value > values[-1]:
        return len(columns) - 1, f"the table's highest column is {columns[-1]}: {label(ratio)} uses it"
    i = max(j for j, v in enumerate(values) if v < value)
    return i, f"the table has no {label(ratio)} column: the next lower one, {columns[i]}, is used"


# --------------------------------------------------------------------------------------------------------
# The CRT (pack data)
# --------------------------------------------------------------------------------------------------------

TABLES = ("raid", "assault")


def _get(obj: Any, key: str) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(key)
    return getattr(obj, key, None)


def crt_table(crt: Any, name: str) -> dict:
    """The table *name* ("raid"/"assault") of the pack's CRTs, checked: columns in increasing odds, rows
    "1" to "6" with one code per column, every code in the key. Raises ValueError on a malformed table."""
    table = _get(crt, name)
    if table is None:
        raise ValueError(f"the CRTs have no {name} table")
    columns = list(_get(table, "columns") or [])
    rows = _get(table, "rows") or {}
    key = _get(table, "key") or {}
    if not columns:
        raise ValueError(f"the {name} table has no columns")
    values = [a / d for a, d in map(parse_column, columns)]
    if any(b <= a for a, b in zip(values, values[1:], strict=False)):
        raise ValueError(f"the {name} table's columns are not in increasing odds: {columns}")
    out_rows = {}
    for face in range(1, 7):
        row = rows.get(str(face), rows.get(face)) if isinstance(rows, Mapping) else None
        if row is None or len(row) != len(columns):
            raise ValueError(f"the {name} table's row {face} needs one result per column ({len(columns)})")
        for code in row:
            if code not in key:
                raise ValueError(f"the {name} table's result {code!r} is not in its key")
        out_rows[str(face)] = list(row)
    return {"columns": columns, "rows": out_rows, "key": dict(key)}


# --------------------------------------------------------------------------------------------------------
# The CRT choice (11.3, 29.2b), fanaticism's cost (31.2b)
# --------------------------------------------------------------------------------------------------------


def crt_chooser(attack: Attack, options: CombatOptions = DEFAULTS) -> tuple[str, str]:
    """Who chooses the CRT, and why: the attacker (11.3), or the defender when optional rule 29 is in use
    and 29.2b's three conditions hold (ruling R-29.2b for the attacking force's share)."""
    if not options.guerrilla:
        return "attacker", "the attacker chooses the Raid or the Assault table (11.3)"
    defending = [u for u in attack.defenders if u.is_combat]
    if not defending or not all(u.is_commando for u in defending):
        return "attacker", "the attacker chooses (11.3): not all the defenders are guerrilla units (29.2b)"
    if not attack.population_near:
        return "attacker", ("the attacker chooses (11.3): the combat is not on or next to a non-terrorized "
                            "settlement friendly to the defender (29.2b)")
    irregular = [u for u in attack.attackers if u.is_commando or u.type == "military_police"]
    if options.ruling("R-29.2b") == "units":
        part, whole, unit = len(irregular), len(attack.attackers), "units"
    else:
        part, whole, unit = sum(u.cs for u in irregular), sum(u.cs for u in attack.attackers), "CS"
    if whole and 2 * part >= whole:
        return "attacker", (f"the attacker chooses (29.2b): guerrilla/military police units make {part} of the "
                            f"{whole} attacking {unit}, at least 50%")
    return "defender", (f"the defender chooses (29.2b): all defenders are guerrillas, next to a friendly "
                        f"settlement, and guerrilla/military police units make only {part} of the {whole} "
                        f"attacking {unit}")


def fanaticism_cost(attack: Attack, who: str, options: CombatOptions = DEFAULTS) -> int:
    """The VP a fanaticism declaration costs (31.2b; ruling R-31.2b): the battalions involved."""
    atk = sum(u.battalions for u in attack.attackers)
    dfn = sum(u.battalions for u in attack.defenders if u.side != "british")
    if options.ruling("R-31.2b") == "both":
        return atk + dfn
    return atk if who == "attacker" else dfn


# --------------------------------------------------------------------------------------------------------
# The resolution
# --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Shift:
    """One column shift: ``columns`` to the right for the attacker, to the left for the defender."""

    side: str
    columns: int
    what: str
    rule: str


@dataclass(frozen=True)
class Resolution:
    """A combat worked out: the totals, the odds, the shifts, the column, the table and (after the roll)
    the die and the result; ``steps`` says each in words with its rule."""

    attack_total: int
    defence_total: int
    odds: tuple[int, int] | None
    base: tuple[int, int]
    base_column: str
    shifts: tuple[Shift, ...]
    attacker_shifts: int
    defender_shifts: int
    column: str
    table: str
    chooser: str
    steps: tuple[str, ...]
    supply_spent: tuple[tuple[str, str], ...] = ()   # (side, hex): one point each
    vp_cost: Mapping[str, int] = field(default_factory=dict)
    vp_award: Mapping[str, int] = field(default_factory=dict)
    truce_broken: bool = False
    british_intervention_due: bool = False
    roll: int | None = None
    result: str | None = None
    meaning: str | None = None

    @property
    def net(self) -> int:
        return self.attacker_shifts - self.defender_shifts

    def to_dict(self) -> dict[str, Any]:
        return {"attack": self.attack_total, "defence": self.defence_total,
                "odds": label(self.odds) if self.odds else None, "base": label(self.base),
                "base_column": self.base_column,
                "shifts": [{"side": s.side, "columns": s.columns, "what": s.what, "rule": s.rule}
                           for s in self.shifts],
                "net": self.net, "column": self.column, "table": self.table, "chooser": self.chooser,
                "roll": self.roll, "result": self.result, "meaning": self.meaning, "steps": list(self.steps),
                "supply_spent": [list(x) for x in self.supply_spent], "vp_cost": dict(self.vp_cost),
                "vp_award": dict(self.vp_award), "truce_broken": self.truce_broken,
                "british_intervention_due": self.british_intervention_due}


def _strengths(attack: Attack, steps: list[str]) -> tuple[int, int, set[str]]:
    """The CS totals after 8.2 and supply doubling (11.2b1-2, 14.3b/c), and the ids of the defenders that
    count."""
    doubled = set(attack.attacker_supply)
    a_total = 0
    for h in attack.attacking_hexes:
        units = [u for u in attack.attackers if u.hex == h]
        cs = sum(u.cs for u in units)
        names = ", ".join(f"{u.label} {u.cs}" for u in units)
        if h in doubled:
            steps.append(f"attackers from {h}: {names} = {cs}, doubled by one supply point to {2 * cs} (14.3b)")
            cs *= 2
        else:
            steps.append(f"attackers from {h}: {names} = {cs} (11.2b1)")
        a_total += cs
    combat = [u for u in attack.defenders if u.is_combat]
    counting = set(attack.defender_counting) if attack.defender_counting is not None else {u.id for u in combat}
    excess = [u for u in combat if u.id not in counting]
    d_total = sum(u.cs for u in combat if u.id in counting)
    names = ", ".join(f"{u.label} {u.cs}" for u in combat if u.id in counting)
    if attack.defender_supply:
        steps.append(f"defenders in {attack.defender_hex}: {names} = {d_total}, doubled by one supply point to "
                     f"{2 * d_total} (14.3c)")
        d_total *= 2
    else:
        steps.append(f"defenders in {attack.defender_hex}: {names} = {d_total} (11.2b2)")
    if excess:
        steps.append(f"beyond 2 brigades, {', '.join(u.label for u in excess)} count CS 0 in this combat but "
                     f"take its result (8.2)")
    steps.append(f"attack {a_total} against defence {d_total} (11.2b3)")
    return a_total, d_total, counting


def _leader_shift(attack: Attack, who: str, counting: set[str], options: CombatOptions,
                  steps: list[str]) -> Shift | None:
    """20.2: one column for a side with a friendly leader stacked with its units (one leader per side,
    20.2c), if the 50% printed-CS condition holds (20.5; ruling R-20.5). An invasion's leader must move
    with the force (12.3b, 20.2b): the caller gives only those as ``support``."""
    if who == "attacker":
        units = list(attack.attackers)
        hexes = set(attack.attacking_hexes)
        leaders = [u for u in attack.support if u.type == "leader" and u.side == attack.side and u.hex in hexes]
    else:
        units = [u for u in attack.defenders if u.is_combat and u.id in counting]
        leaders = [u for u in attack.defenders if u.type == "leader"]
    if not leaders or not units:
        return None
    face = options.ruling("R-20.5")

    def printed(u: Unit) -> int:
        return u.front_cs if face == "front" else u.cs

    whole = sum(printed(u) for u in units)
    eligible = []
    for leader in leaders:
        if leader.side == "israel":
            part = sum(printed(u) for u in units if u.nationality in HAGANAH_PALMACH)
            whose, rule = "Haganah/Palmach", "20.5a"
        else:
            part = sum(printed(u) for u in units if u.nationality == leader.nationality)
            whose, rule = leader.nationality.title() or "its nationality's", "20.5b"
        if whole and 2 * part >= whole:
            eligible.append((leader, f"{whose} units give {part} of the {whole} printed CS involved, at least "
                                     f"50% ({rule})"))
        else:
            steps.append(f"leader {leader.label} gives no shift: {whose} units give only {part} of the {whole} "
                         f"printed CS involved, under 50% ({rule}; ruling R-20.5)")
    if not eligible:
        return None
    leader, why = eligible[0]
    others = f"; only one leader's shift counts (20.2c): {len(eligible)} qualify" if len(eligible) > 1 else ""
    where = "with the invading force" if attack.invasion and who == "attacker" else f"with the {who}s"
    steps.append(f"leader {leader.label} {where}: 1 column {'right' if who == 'attacker' else 'left'} (20.2); "
                 f"{why}{others}")
    return Shift(who, 1, f"leader {leader.label}", "20.2")


def _terrain_shifts(attack: Attack, options: CombatOptions, steps: list[str]) -> list[Shift]:
    """11.2c1: the TEC shifts of the defender's hex terrain and of the hexsides attacked across (ruling
    R-11.2c-H), the all-commando attack cancelling rough/mountain hex terrain (optional 29.2a)."""
    out = []
    all_commando = options.guerrilla and all(u.is_commando for u in attack.attackers)
    for t in attack.terrain:
        said = "declared by the players, unverifiable without a map (A.16)" if t.source == "declared" else "TEC"
        if all_commando and t.is_rough:
            steps.append(f"terrain {t.name}: no shift, every attacker is a commando/guerrilla unit (29.2a)")
            continue
        if t.shift:
            out.append(_terrain(t, f"terrain {t.name} ({said})", steps))
        else:
            steps.append(f"terrain {t.name}: no shift ({said}, 11.2c1)")
    hexes = attack.attacking_hexes
    features: dict[str, list[tuple[str, TerrainEntry]]] = {}
    for h in hexes:
        for t in attack.hexsides.get(h, ()):
            features.setdefault(_norm(t.name), []).append((h, t))
    default = options.ruling("R-11.2c-H")
    for name, crossings in features.items():
        t = crossings[0][1]
        if any(x.shift != t.shift for _, x in crossings):
            raise InvalidActionError(f"the hexside feature {name} is given with different shifts (11.2c)")
        applies = default
        across = sorted({h for h, _ in crossings})
        if applies == "all" and len(across) < len(hexes):
            rest = [h for h in hexes if h not in across]
            steps.append(f"hexside {name}: no shift, the attack from {', '.join(rest)} does not cross it "
                         f"(ruling R-11.2c-H)")
            continue
        if t.shift:
            out.append(_terrain(t, f"hexside {name} attacked across from {', '.join(across)}", steps))
    return out


def _terrain(t: TerrainEntry, what: str, steps: list[str]) -> Shift:
    if t.shift > 0:
        steps.append(f"{what}: {t.shift} column{'s' if t.shift > 1 else ''} left (11.2c1)")
        return Shift("defender", t.shift, what, "11.2c1")
    steps.append(f"{what}: {-t.shift} column{'s' if t.shift < -1 else ''} right (11.2c1)")
    return Shift("attacker", -t.shift, what, "11.2c1")


def assess(attack: Attack, crt: Any, options: CombatOptions = DEFAULTS) -> Resolution:
    """Everything before the die: the checks (raising :class:`IllegalActionError` naming the rule of each
    refusal), the totals, the odds, the caps, the shifts, the column and the table."""
    found = refusals(attack, options)
    if found:
        raise IllegalActionError("; ".join(found), rule=found[0].rule)
    steps: list[str] = []
    # 11.2a: the table.
    chooser, why = crt_chooser(attack, options)
    table_name = _norm(attack.crt)
    table = crt_table(crt, table_name)
    steps.append(f"{table_name.title()} table, named by the {chooser}: {why}")
    if attack.invasion:
        steps.append("an invasion, during movement: resolved as normal combat, no advance after it (12.3, 12.4a)")
    # 11.2b: strengths and odds.
    a_total, d_total, counting = _strengths(attack, steps)
    if d_total == 0:
        ratio = None
        base = (7, 1)
        steps.append("the defence is 0: above 7:1, the shifts start from 7:1 (11.2d)")
    else:
        ratio = odds(a_total, d_total)
        if a_total >= d_total:
            steps.append(f"{a_total} / {d_total} = {a_total / d_total:.2f}, fractions ignored: {label(ratio)} (11.2b3a)")
        else:
            steps.append(f"{d_total} / {a_total} = {d_total / a_total:.2f}, rounded up: {label(ratio)} (11.2b3b)")
        base = capped(ratio)
        if base != ratio:
            steps.append(f"{label(ratio)} is beyond the table's ends: the shifts start from {label(base)} "
                         f"(11.2d; ruling R-11.2d)")
    columns = table["columns"]
    index, note = _base_column(base, columns)
    if note:
        steps.append(note + " (11.2b4)")
    # 11.2c: shifts.
    shifts: list[Shift] = _terrain_shifts(attack, options, steps)
    if attack.entrenched:
        steps.append("entrenchment marker in the defender's hex: 1 column left (15.3)")
        shifts.append(Shift("defender", 1, "entrenchment", "15.3"))
    for who in ("attacker", "defender"):
        s = _leader_shift(attack, who, counting, options, steps)
        if s:
            shifts.append(s)
    if attack.invasion:
        steps.append("invasion: 1 column left (12.3)")
        shifts.append(Shift("defender", 1, "invasion", "12.3"))
    vp_cost: dict[str, int] = {}
    foe = "arab" if attack.side == "israel" else "israel"
    if attack.fanatic_attacker or attack.fanatic_defender:
        for who, declared, side in (("attacker", attack.fanatic_attacker, attack.side),
                                    ("defender", attack.fanatic_defender, foe)):
            if declared:
                vp_cost[side] = fanaticism_cost(attack, who, options)
                steps.append(f"the {who} declares fanaticism and loses {vp_cost[side]} VP, the battalions "
                             f"involved (31.2b; ruling R-31.2b)")
        if attack.fanatic_attacker and attack.fanatic_defender:
            steps.append("both declare fanaticism: the two shifts cancel out (31.2a)")
        elif attack.fanatic_attacker:
            steps.append("fanaticism: 1 column right (31.2a)")
            shifts.append(Shift("attacker", 1, "fanaticism", "31.2a"))
        else:
            steps.append("fanaticism: 1 column left (31.2a)")
            shifts.append(Shift("defender", 1, "fanaticism", "31.2a"))
    right = sum(s.columns for s in shifts if s.side == "attacker")
    left = sum(s.columns for s in shifts if s.side == "defender")
    for who, n in (("attacker", right), ("defender", left)):
        if n > 5:
            steps.append(f"the {who}'s {n} shifts count as 5 (11.2c; ruling R-11.2c)")
    right, left = min(right, 5), min(left, 5)
    net = right - left
    final = shifted(columns[index], net, columns)
    move = f"{abs(net)} column{'s' if abs(net) != 1 else ''} {'right' if net > 0 else 'left'}" if net else "no shift"
    wanted = index + net
    clamp = ""
    if wanted < 0 or wanted >= len(columns):
        clamp = f", the table's {'first' if wanted < 0 else 'last'} column"
    steps.append(f"{columns[index]} with {move} (right {right}, left {left}): column {final}{clamp} (11.2c)")
    supply = tuple((attack.side, h) for h in attack.attacker_supply)
    if attack.defender_supply:
        supply += ((foe, attack.defender_hex),)
    vp_award: dict[str, int] = {}
    truce_broken = attack.truce == "later" and attack.violate_truce
    if truce_broken:
        vp_award[foe] = 10
        steps.append(f"the attack violates the truce: it ends now and {_SIDE_NAMES[foe]} gains 10 VP (22.3)")
    british = attack.side == "israel" and options.treaty_attacks and any(
        _norm(t) in TREATY_PLACES for t in attack.defender_tags)
    if british:
        steps.append("Israel attacks a treaty city: in the next Arab reinforcement phase the Arab League rolls a "
                     "die for British units (25.3)")
    return Resolution(attack_total=a_total, defence_total=d_total, odds=ratio, base=base,
                      base_column=columns[index], shifts=tuple(shifts), attacker_shifts=right,
                      defender_shifts=left, column=final, table=table_name, chooser=chooser, steps=tuple(steps),
                      supply_spent=supply, vp_cost=vp_cost, vp_award=vp_award, truce_broken=truce_broken,
                      british_intervention_due=british)


def resolve(attack: Attack, crt: Any, chance: Any, options: CombatOptions = DEFAULTS) -> Resolution:
    """One ground combat resolved: :func:`assess`, then a d6 from *chance* (``roll(label, sides=6)``) crossed
    with the column in the chosen table, and the result explained with the table's key (11.2b5, 11.5)."""
    done = assess(attack, crt, options)
    table = crt_table(crt, done.table)
    kind = "invasion" if attack.invasion else "combat"
    roll = chance.roll(f"{kind} at {attack.defender_hex}: {done.table} table, column {done.column}", sides=6)
    code = table["rows"][str(roll)][table["columns"].index(done.column)]
    meaning = table["key"][code]
    steps = done.steps + (f"die {roll} on the {done.table.title()} table, column {done.column}: {code}, "
                          f"{meaning} (11.2b5, 11.5)",)
    return replace(done, roll=roll, result=code, meaning=meaning, steps=steps)
