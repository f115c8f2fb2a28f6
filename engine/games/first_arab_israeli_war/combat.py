"""The combat desk of The First Arab-Israeli War: ground combat arithmetic without a map (11.0-13.0).

Everything about one ground combat (a normal attack or an invasion, 12.0) that needs no geometry: who
may attack (11.1, 1.4a, 19.2, 19.5, 22.1b/22.3, 25, 26.1, 27.2, 27.5, 11.8), the 2-brigade cap per hex
(8.2), supply doubling (14.3b/c), the odds and their rounding (11.2b), the 7:1 and 1:3 caps (11.2d), the
column shifts (11.2c: terrain from the TEC, entrenchment 15.3, leaders 20.2/20.5, invasion 12.3,
fanaticism 31; the commando/guerrilla terrain cancellation 29.2a), the choice of CRT (11.3, 29.2b,
26.1b), the d6 and the result from the pack's CRT with its key; then the result's application to unit
records: breaks, the second break that eliminates (13.4), a brigade split to take a D1 (5.6). Digest part
A, A.7 (combat), A.8 (breakdown), A.4.1 (reorganization), A.16 ("Checkable WITHOUT the map").

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.errors import IllegalActionError, InvalidActionError, Refusal

from .data import RULINGS

# --------------------------------------------------------------------------------------------------------
# Rulings
# --------------------------------------------------------------------------------------------------------

# RULINGS, imported above: the game's rulings (``data/rulings.json``: id, rule, quotes of the text's lines,
# the ruling, and ``default``/``alternatives`` where both readings hold). Combat reads, R-11.2c,
# R-11.2c-H, R-11.2d, R-20.5, R-29.2b and R-31.2b.

_RULING_DEFAULTS = {r["id"]: r["default"] for r in RULINGS if "default" in r}


@dataclass(frozen=True)
class CombatOptions:
    """The game's options that touch combat: the optional rules in play and the rulings chosen."""

    guerrilla: bool = False        # optional rule 29 (29.2a terrain, 29.2b the defender's CRT choice)
    fanaticism: bool = False       # optional rule 31
    treaty_attacks: bool = False   # optional rule 25.3: Israel may attack the treaty cities
    rulings: Mapping[str, str] = field(default_factory=dict)

    def ruling(self, rid: str) -> str:
        choice = self.rulings.get(rid, _RULING_DEFAULTS[rid])
        allowed = next(r for r in RULINGS if r["id"] == rid)["alternatives"]
        if choice not in allowed:
            raise InvalidActionError(f"ruling {rid} may be {', '.join(allowed)}, not {choice!r}")
        return choice


#: The options of a game with no optional rule and every ruling at its default.
DEFAULTS = CombatOptions()


# --------------------------------------------------------------------------------------------------------
# Units
# --------------------------------------------------------------------------------------------------------

SIDES = ("israel", "arab")
_SIDE_ALIASES = {"israeli": "israel", "arab_league": "arab", "arab league": "arab", "british": "british"}
_SIDE_NAMES = {"israel": "Israel", "arab": "the Arab League", "british": "the British"}

#: Unit types (1.4a), with the translation's and the counters' other spellings.
_TYPE_ALIASES = {"tank": "armor", "armored": "armor", "armoured": "armor", "armour": "armor",
                 "reconnaissance": "recon", "motorized": "mechanized", "mech": "mechanized",
                 "commando_guerrilla": "commando", "commando/guerrilla": "commando",
                 "command/guerrilla": "commando", "mp": "military_police", "machining": "machine_gun",
                 "supplies": "supply", "weapons_factory": "arms_factory"}
#: Non-combat units (1.6, 19.0, 23, 24): no CS, never attack, never broken.
NON_COMBAT_TYPES = frozenset({"leader", "supply", "arms_factory", "secret_airfield"})
#: Commando/guerrilla units (1.4a "Command/Guerrilla", 29.0): the pack's counters may say either; one type
#: for every rule (digest A.17: "all the same type").
COMMANDO_TYPES = frozenset({"commando", "guerrilla"})
#: Haganah/Palmach units, for an Israeli leader's 50% (20.5a).
HAGANAH_PALMACH = frozenset({"zahal", "haganah", "palmach", "haganah_palmach"})
#: Units that can never split or reform (5.5).
UNDERGROUND = frozenset({"irgun", "stern"})
#: Hex terrain that the all-commando attack cancels (29.2a; "wild/rugged" = rough, digest A.17).
ROUGH_TERRAIN = frozenset({"rough", "mountain", "wild", "rugged"})
#: The treaty cities (25.1, 25.2) as map tags (digest A.16).
TREATY_PLACES = {"el_arish": "El Arish", "aqaba": "Aqaba", "amman": "Amman", "damascus": "Damascus"}
#: Settlements a commando may not attack outside Palestine in the mandate period (26.1d).
_TOWNS_AND_BASES = frozenset({"city", "town", "base", "fort_base", "fort"})

#: Battalion equivalents of brigades (5.2): (side, brigade type, nationality or None) -> battalion types.
EQUIVALENCES: dict[tuple[str, str, str | None], tuple[str, ...]] = {
    ("israel", "infantry", None): ("infantry", "infantry", "infantry"),
    ("israel", "mechanized", None): ("recon", "infantry", "commando"),
    ("israel", "armor", None): ("armor", "recon", "recon"),
    ("arab", "infantry", None): ("infantry", "infantry", "infantry"),
    ("arab", "commando", None): ("commando", "commando", "commando"),   # "3 x guerrilla battalions"
    ("arab", "mechanized", "egypt"): ("armor", "mechanized", "mechanized"),
    ("arab", "mechanized", "syria"): ("armor", "mechanized", "mechanized"),
    ("arab", "mechanized", "iraq"): ("armor", "mechanized", "mechanized"),
    ("arab", "mechanized", "transjordan"): ("recon", "recon"),
}


def _norm(word: str | None) -> str:
    return (word or "").strip().lower().replace("-", "_").replace(" ", "_")


def _family(kind: str) -> str:
    """A unit type as 5.2 counts it: commando and guerrilla are one type."""
    return "commando" if kind in COMMANDO_TYPES else kind


@dataclass(frozen=True)
class Unit:
    """One counter as the combat desk sees it (1.4a, 13.0).

    ``front_cs``/``back_cs`` are the printed CS of the effective and broken faces, ``*_paren`` whether it
    is in parentheses (defends only, 1.4a); ``broken`` says which face shows. ``size``: brigade,
    battalion, regiment or group (a regiment or group is a battalion, 1.4a, 8.1c). ``points``: a supply
    unit's supply points (14.0). ``hex``: the label of its hex, opaque here.
    """

    id: str
    side: str
    type: str
    size: str = "battalion"
    nationality: str = ""
    front_cs: int = 0
    back_cs: int = 0
    front_paren: bool = False
    back_paren: bool = False
    broken: bool = False
    hex: str = ""
    points: int = 0
    name: str = ""

    def __post_init__(self):
        side = _norm(self.side)
        if not side and _norm(self.nationality) == "british":
            side = "british"   # the pack's uncontrolled British counters have side null (27.2)
        object.__setattr__(self, "side", _SIDE_ALIASES.get(side, side))
        kind = _norm(self.type)
        object.__setattr__(self, "type", _TYPE_ALIASES.get(kind, kind))
        object.__setattr__(self, "size", _norm(self.size))
        object.__setattr__(self, "nationality", _norm(self.nationality))

    @classmethod
    def from_record(cls, rec: Mapping[str, Any]) -> Unit:
        """A unit from a plain record: a counter of the pack's ``counters.json`` (``front``/``back`` faces
        ``{cs, paren, mf}``, ``designation``, ``side`` null for the British) with its state (``broken``,
        ``hex``), or the flat field names above (``cs``/``paren`` for the front's)."""
        names = set(cls.__dataclass_fields__)
        data = {k: v for k, v in rec.items() if k in names and v is not None}
        for face in ("front", "back"):
            values = rec.get(face)
            if isinstance(values, Mapping):
                data.setdefault(f"{face}_cs", values.get("cs", 0))
                data.setdefault(f"{face}_paren", bool(values.get("paren", False)))
        if "front_cs" not in data and "cs" in rec:
            data["front_cs"] = rec["cs"]
        if "front_paren" not in data and "paren" in rec:
            data["front_paren"] = rec["paren"]
        if "name" not in data and rec.get("designation"):
            data["name"] = rec["designation"]
        if rec.get("side") is None and "nationality" in data:
            data["side"] = ""
        missing = {"id", "side", "type"} - set(data)
        if missing:
            raise InvalidActionError(f"a unit record needs {', '.join(sorted(missing))}: {dict(rec)!r}"[:200])
        return cls(**data)

    def to_record(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in self.__dataclass_fields__}

    @property
    def label(self) -> str:
        return self.name or self.id

    @property
    def cs(self) -> int:
        """The CS printed on the face showing (13.2)."""
        return self.back_cs if self.broken else self.front_cs

    @property
    def paren(self) -> bool:
        return self.back_paren if self.broken else self.front_paren

    @property
    def is_combat(self) -> bool:
        """A combat unit: printed CS of 1 or more, parenthesized or not (1.6, 19.0); British units too."""
        return self.type not in NON_COMBAT_TYPES and self.front_cs > 0 and self.type != "air"

    @property
    def is_commando(self) -> bool:
        return self.type in COMMANDO_TYPES

    @property
    def halves(self) -> int:
        """Stacking value in half brigades (8.1): a brigade 2, a battalion/regiment/group 1, others 0."""
        if not self.is_combat:
            return 0
        return 2 if self.size == "brigade" else 1

    @property
    def battalions(self) -> int:
        """Battalion equivalents (5.2; ruling R-31.2b for a brigade 5.2 does not list)."""
        if not self.is_combat:
            return 0
        if self.size != "brigade":
            return 1
        eq = equivalent(self)
        return len(eq) if eq else 3


def equivalent(brigade: Unit) -> tuple[str, ...] | None:
    """The battalion types a brigade splits into (5.2), or None where 5.2 lists none."""
    nat = brigade.nationality
    return (EQUIVALENCES.get((brigade.side, brigade.type, nat))
            or EQUIVALENCES.get((brigade.side, brigade.type, None)))


def _brigades(halves: int) -> str:
    n = halves / 2
    return f"{n:g} brigade" + ("" if n == 1 else "s")


# --------------------------------------------------------------------------------------------------------
# The declared attack
# --------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TerrainEntry:
    """A TEC entry (digest A.16 ``tec``) as it bears on combat: ``shift`` columns to the left, in the
    defender's favour (a negative number shifts right). ``source``: "tec" (from the pack, for the map's
    hex or hexside) or "declared" (said by the players; unverifiable without a map, A.16). ``rough``: the
    terrain is rough or mountain for 29.2a (None: it is named rough or mountain)."""

    name: str
    shift: int
    source: str = "tec"
    rough: bool | None = None

    @classmethod
    def from_tec(cls, name: str, entry: Mapping[str, Any], *, source: str = "tec") -> TerrainEntry:
        """From a ``tec.json`` line (``terrain`` or ``features``): its ``shift`` (columns left, 11.2c1) and
        its optional ``rough`` flag (29.2a)."""
        if "shift" not in entry:
            raise InvalidActionError(f"the TEC line for {name} has no shift (11.2c1)")
        return cls(name=_norm(name), shift=int(entry["shift"]), source=source, rough=entry.get("rough"))

    @property
    def is_rough(self) -> bool:
        return self.rough if self.rough is not None else _norm(self.name) in ROUGH_TERRAIN


@dataclass(frozen=True)
class Attack:
    """One ground combat as declared.

    - ``attackers``: the attacking units, each with its hex; ``support``: the attacker's leaders and
      supply units in the attacking hexes (for an invasion: those moving with the force, 12.3b/c).
    - ``defenders``: every unit in the defender's hex (combat and non-combat: all defend, 11.1b).
    - ``crt``: "raid" or "assault", named by ``crt_named_by`` (the attacker, 11.3; the defender where 29.2b
      gives him the choice: see :func:`crt_chooser`).
    - ``attacker_supply``: the hexes where the attacker spends one supply point for this attack (14.3b);
      ``defender_supply``: the defender spends one in his hex (14.3c).
    - ``defender_counting``: where the defended hex holds more than 2 brigades, the units the defender
      names to count (8.2).
    - ``terrain``: the TEC entries of the defender's hex; ``hexsides``: for each attacking hex, the TEC
      entries of the hexside features it attacks across (11.2c).
    - ``truce``: "none", "first_turn" (the turn the truce takes effect) or "later"; ``violate_truce``: the
      attacker knowingly violates it (22.3). ``mandate``: the period Dec 1947 - Apr 1948 (26.1).
    - ``defender_tags``/``defender_country``/``defender_settlement``: the defended hex's named places (25),
      country and settlement (26.1d); ``sea_or_lake``: an attacker attacks into, from or across an all-sea
      or all-lake hex or hexside (11.8); ``population_near``: the combat is on or next to a non-terrorized
      settlement friendly to the defender (29.2b); ``attacked_already``: units that attacked this phase.
    - ``attacker_vp``/``defender_vp``: the VP each has, for fanaticism (31.2b).
    """

    attackers: tuple[Unit, ...]
    defenders: tuple[Unit, ...]
    defender_hex: str
    crt: str = "raid"
    crt_named_by: str = "attacker"
    support: tuple[Unit, ...] = ()
    attacker_supply: tuple[str, ...] = ()
    defender_supply: bool = False
    defender_counting: tuple[str, ...] | None = None
    terrain: tuple[TerrainEntry, ...] = ()
    hexsides: Mapping[str, tuple[TerrainEntry, ...]] = field(default_factory=dict)
    entrenched: bool = False
    invasion: bool = False
    fanatic_attacker: bool = False
    fanatic_defender: bool = False
    attacker_vp: int | None = None
    defender_vp: int | None = None
    truce: str = "none"
    violate_truce: bool = False
    mandate: bool = False
    defender_tags: tuple[str, ...] = ()
    defender_country: str | None = None
    defender_settlement: str | None = None
    sea_or_lake: bool = False
    population_near: bool = False
    attacked_already: frozenset[str] = frozenset()

    @property
    def side(self) -> str:
        return self.attackers[0].side if self.attackers else ""

    @property
    def attacking_hexes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(u.hex for u in self.attackers))


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
    """ "3:1" (or "3/1") -> (3, 1)."""
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
# Who may attack (11.1 and the restrictions), the CRT choice
# --------------------------------------------------------------------------------------------------------


def _r(text: str, rule: str) -> Refusal:
    return Refusal(text, rule)


def refusals(attack: Attack, options: CombatOptions = DEFAULTS) -> list[Refusal]:
    """Every reason the declared attack may not be made, each naming its rule (empty: it may)."""
    out: list[Refusal] = []
    if not attack.attackers:
        return [_r("an attack needs at least one attacking unit (11.1a)", "11.1a")]
    side = attack.side
    enemy = [u for u in attack.defenders if u.side != "british"]
    seen: set[str] = set()
    for u in attack.attackers:
        if u.id in seen:
            out.append(_r(f"{u.label} is named twice: a unit attacks once in a combat (11.1a)", "11.1a"))
        seen.add(u.id)
        if u.side == "british":
            out.append(_r(f"{u.label} is British: British units cannot move or attack (27.2)", "27.2"))
        elif u.side != side:
            out.append(_r(f"{u.label} belongs to {_SIDE_NAMES.get(u.side, u.side)}, not to the attacker "
                          f"{_SIDE_NAMES.get(side, side)}: one side attacks (11.0)", "11.0"))
        if u.type == "air":
            out.append(_r(f"{u.label} is an air unit: ground combat is fought by ground units; air units "
                          f"strike in the Air Operations phase (11.0, 10.3)", "11.0"))
        elif not u.is_combat:
            out.append(_r(f"{u.label} is a non-combat unit: non-combat units can never attack (19.5)", "19.5"))
        elif u.paren:
            out.append(_r(f"{u.label} has its CS in parentheses: it can only defend, never attack (1.4a)",
                          "1.4a"))
        if not u.hex:
            out.append(_r(f"{u.label}: say the hex it attacks from (11.1a)", "11.1a"))
        elif u.hex == attack.defender_hex:
            out.append(_r(f"{u.label} is in the defended hex {u.hex}: attackers are adjacent to it (11.1a)",
                          "11.1a"))
        if u.id in attack.attacked_already:
            out.append(_r(f"{u.label} has already attacked this combat phase: each unit attacks once (11.1a)",
                          "11.1a"))
    # The defended hex.
    if any(u.side == "british" for u in attack.defenders):
        out.append(_r(f"{attack.defender_hex} holds a British unit: hexes with British units can never be "
                      f"attacked (27.5)", "27.5"))
    if not enemy:
        out.append(_r(f"{attack.defender_hex} holds no enemy unit to attack (11.0)", "11.0"))
    elif not any(u.is_combat for u in enemy):
        out.append(_r(f"{attack.defender_hex} holds only non-combat units: they cannot be attacked from an "
                      f"adjacent hex; a combat unit may enter the hex instead (19.2, 19.1a)", "19.2"))
    for u in enemy:
        if u.side == side:
            out.append(_r(f"{u.label} in {attack.defender_hex} is the attacker's own unit: the defenders are "
                          f"the enemy's (11.0, 8.3)", "11.0"))
    if attack.sea_or_lake:
        out.append(_r("units cannot attack into, from or across an all-sea or all-lake hex or hexside (11.8)",
                      "11.8"))
    # Truce, treaties, mandate.
    if attack.truce == "first_turn":
        out.append(_r("a truce took effect this turn: no attacks of any kind while its terms must be followed "
                      "(22.1b, 22.3)", "22.1b"))
    elif attack.truce == "later" and not attack.violate_truce:
        out.append(_r("a truce is in effect: no attacks (22.1b); an attack may be declared as a violation, "
                      "which ends the truce and gives the other player 10 VP (22.3)", "22.1b"))
    elif attack.truce not in ("none", "later"):
        out.append(_r(f"truce must be none, first_turn or later, not {attack.truce!r} (22.1)", "22.1"))
    if side == "israel":
        for tag in attack.defender_tags:
            place = TREATY_PLACES.get(_norm(tag))
            if place and not options.treaty_attacks:
                rule = "25.2" if place == "Damascus" else "25.1"
                out.append(_r(f"Israeli ground units may never attack {place} (optional rule 25.3 not in use) "
                              f"({rule})", rule))
        if attack.mandate and attack.defender_country and _norm(attack.defender_country) != "palestine" \
                and _norm(attack.defender_settlement) in _TOWNS_AND_BASES:
            for u in attack.attackers:
                if u.is_commando:
                    out.append(_r(f"{u.label}: Israeli commando/guerrilla units may not attack cities, towns "
                                  f"or bases outside Palestine until May 1948 (26.1d)", "26.1d"))
    # The 2-brigade cap (8.2), the invasion force (12.2).
    by_hex: dict[str, int] = {}
    for u in attack.attackers:
        by_hex[u.hex] = by_hex.get(u.hex, 0) + u.halves
    for h, halves in by_hex.items():
        if halves > 4:
            out.append(_r(f"{_brigades(halves)} attack from {h}: at most 2 brigades attack from a hex, the others "
                          f"cannot attack (8.2; ruling R-8.2)", "8.2"))
    if attack.invasion and len(by_hex) > 1:
        out.append(_r(f"an invasion's units start in one hex and move together, not from {', '.join(by_hex)} "
                      f"(12.2)", "12.2"))
    out += _counting_refusals(attack)
    out += _supply_refusals(attack)
    out += _hexside_refusals(attack)
    # The CRT.
    table = _norm(attack.crt)
    if table not in TABLES:
        out.append(_r(f"the table is raid or assault, not {attack.crt!r} (11.3)", "11.3"))
    elif table == "assault" and attack.mandate:
        out.append(_r("the Assault table cannot be used in the mandate period (Dec 1947 - Apr 1948): the Raid "
                      "table may (26.1b)", "26.1b"))
    chooser, why = crt_chooser(attack, options)
    if attack.crt_named_by != chooser:
        out.append(_r(f"the {chooser} chooses the CRT here, not the {attack.crt_named_by}: {why}",
                      "29.2b" if chooser == "defender" else "11.3"))
    # Fanaticism (31).
    for who, declared, vp in (("attacker", attack.fanatic_attacker, attack.attacker_vp),
                              ("defender", attack.fanatic_defender, attack.defender_vp)):
        if not declared:
            continue
        if not options.fanaticism:
            out.append(_r(f"the {who} declares fanaticism, but optional rule 31 is not in use (31)", "31"))
            continue
        cost = fanaticism_cost(attack, who, options)
        if vp is None:
            out.append(_r(f"fanaticism costs the {who} {cost} VP: say how many VP the {who} has (31.2b)",
                          "31.2b"))
        elif vp < cost:
            out.append(_r(f"fanaticism costs the {who} {cost} VP (the battalions involved) but the {who} has "
                          f"{vp} (31.2b)", "31.2b"))
    return out


def _counting_refusals(attack: Attack) -> list[Refusal]:
    """8.2 for the defender: over 2 brigades, he names the units that count, up to the cap (11.1b)."""
    combat = [u for u in attack.defenders if u.is_combat and u.side != "british"]
    total = sum(u.halves for u in combat)
    named = attack.defender_counting
    if named is None:
        if total > 4:
            return [_r(f"{attack.defender_hex} holds {_brigades(total)}: the defender names the units that "
                       f"count, at most 2 brigades; the others count CS 0 but take the result (8.2)", "8.2")]
        return []
    ids = {u.id: u for u in combat}
    out = [_r(f"{x} is not a combat unit in {attack.defender_hex}: the units that count are named among its "
              f"defenders (8.2)", "8.2") for x in named if x not in ids]
    if out:
        return out
    halves = sum(ids[x].halves for x in set(named))
    if halves > 4:
        return [_r(f"the units named to count in {attack.defender_hex} make {_brigades(halves)}: at most 2 "
                   f"brigades count (8.2)", "8.2")]
    left = [u for u in combat if u.id not in named and halves + u.halves <= 4]
    if left:
        return [_r(f"{left[0].label} fits within the 2 brigades that count in {attack.defender_hex}: the "
                   f"defender cannot withhold a unit (11.1b, 8.2)", "11.1b")]
    return []


def _supply_refusals(attack: Attack) -> list[Refusal]:
    """14.3b/c: one point in a hex doubles all the side's units there for this one combat."""
    out = []
    hexes = set(attack.attacking_hexes)
    for i, h in enumerate(attack.attacker_supply):
        if h in attack.attacker_supply[:i]:
            out.append(_r(f"one supply point already doubles every attacker in {h} for this attack; a second "
                          f"adds nothing (14.3b)", "14.3b"))
        elif h not in hexes:
            out.append(_r(f"no unit attacks from {h}: a supply point doubles the attackers in its own hex "
                          f"(14.3b)", "14.3b"))
        elif not any(u.type == "supply" and u.hex == h and u.side == attack.side and u.points > 0
                     for u in attack.support):
            where = " moving with the invading force" if attack.invasion else ""
            out.append(_r(f"no {_SIDE_NAMES.get(attack.side, attack.side)} supply point in {h}{where} to spend "
                          f"(14.3b{', 12.3c' if attack.invasion else ''})", "14.3b"))
    if attack.defender_supply:
        foe = next((u.side for u in attack.defenders if u.is_combat), "")
        if not any(u.type == "supply" and u.side == foe and u.points > 0 for u in attack.defenders):
            out.append(_r(f"no supply point of the defender in {attack.defender_hex} to spend (14.3c)", "14.3c"))
    return out


def _hexside_refusals(attack: Attack) -> list[Refusal]:
    hexes = set(attack.attacking_hexes)
    return [_r(f"hexside terrain is given for {h}, but no unit attacks from it (11.2c)", "11.2c")
            for h in attack.hexsides if h not in hexes]


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


# --------------------------------------------------------------------------------------------------------
# Applying results: breaks, eliminations, splits (13.3, 13.4, 5.6, 19.5)
# --------------------------------------------------------------------------------------------------------

#: Causes of a break (13.3): a second break eliminates for a combat result or a retreat into an enemy ZOC
#: (13.4), not for overstacking (8.1b, 13.4).
BREAK_CAUSES = {"combat": "13.3", "retreat_zoc": "13.3", "overstack": "8.1b"}


@dataclass(frozen=True)
class Losses:
    """A hex's units after a result: ``units`` those left (in order), ``eliminated`` those removed."""

    units: tuple[Unit, ...]
    eliminated: tuple[Unit, ...]
    steps: tuple[str, ...]


def break_unit(unit: Unit, cause: str = "combat") -> Unit | None:
    """*unit* broken (13.3): an effective unit flips to its broken side; a broken one is eliminated (None) by
    a combat result or a retreat into an enemy ZOC (13.4) and stays broken otherwise (overstacking, 8.1b)."""
    if cause not in BREAK_CAUSES:
        raise InvalidActionError(f"a break's cause is {', '.join(BREAK_CAUSES)}, not {cause!r} (13.3)")
    if not unit.is_combat:
        raise IllegalActionError(f"{unit.label} is a non-combat unit: non-combat units cannot be broken (19.5c)",
                                 rule="19.5c")
    if not unit.broken:
        return replace(unit, broken=True)
    return None if cause in ("combat", "retreat_zoc") else unit


def apply_breaks(units: Sequence[Unit], ids: Iterable[str], cause: str = "combat") -> Losses:
    """The units named in *ids* (each once; the owner names them) of a hex's *units* broken (13.3/13.4); if
    that eliminates every combat unit of the hex, its non-combat units are eliminated too (19.5b)."""
    ids = list(ids)
    by_id = {u.id: u for u in units}
    for x in ids:
        if x not in by_id:
            raise IllegalActionError(f"{x} is not in the hex: the units broken are the hex's (13.3)", rule="13.3")
    if len(set(ids)) != len(ids):
        raise IllegalActionError("a unit is named twice: each break is taken by a different unit (13.3)",
                                 rule="13.3")
    left, gone, steps = [], [], []
    rule = BREAK_CAUSES.get(cause, "13.3")
    for u in units:
        if u.id not in ids:
            left.append(u)
            continue
        after = break_unit(u, cause)
        if after is None:
            gone.append(u)
            steps.append(f"{u.label}, already broken, is broken again and eliminated (13.4)")
        elif after is u:
            left.append(u)
            steps.append(f"{u.label} is already broken and stays broken (13.4, {rule})")
        else:
            left.append(after)
            steps.append(f"{u.label} is broken: CS {u.front_cs} -> {after.cs} ({rule})")
    had_combat = any(u.is_combat for u in units)
    if had_combat and not any(u.is_combat for u in left) and left:
        steps.append(f"no combat unit is left: {', '.join(u.label for u in left)} "
                     f"{'is' if len(left) == 1 else 'are'} eliminated too (19.5b)")
        gone += left
        left = []
    return Losses(units=tuple(left), eliminated=tuple(gone), steps=tuple(steps))


def split_brigade(brigade: Unit, battalions: Sequence[Unit]) -> tuple[Unit, ...]:
    """*brigade* split into *battalions* (counters from the mix, 4.6), checked against the equivalences of
    5.2 (same nationality 5.4, not Irgun/Stern 5.5); the battalions take its hex and, if it is broken,
    are broken (5.3)."""
    if brigade.size != "brigade" or not brigade.is_combat:
        raise IllegalActionError(f"{brigade.label} is not a brigade: only brigades split (5.1a)", rule="5.1a")
    if brigade.nationality in UNDERGROUND:
        raise IllegalActionError(f"{brigade.label} is {brigade.nationality.title()}: Irgun and Stern Group units "
                                 f"never split or reform (5.5)", rule="5.5")
    want = equivalent(brigade)
    if want is None:
        raise IllegalActionError(f"5.2 gives no battalions for a {brigade.nationality or brigade.side} "
                                 f"{brigade.type} brigade (5.2)", rule="5.2")
    for b in battalions:
        if b.size not in ("battalion", "regiment", "group"):
            raise IllegalActionError(f"{b.label} is not a battalion: a brigade splits into battalions (5.1a)",
                                     rule="5.1a")
        if b.side != brigade.side or b.nationality != brigade.nationality:
            raise IllegalActionError(f"{b.label} is {b.nationality or b.side}, not {brigade.nationality}: "
                                     f"units of one nationality split into the same nationality (5.4)", rule="5.4")
    if sorted(_family(b.type) for b in battalions) != sorted(want):
        raise IllegalActionError(f"{brigade.label} splits into {' + '.join(want)} battalions, not "
                                 f"{' + '.join(b.type for b in battalions) or 'none'} (5.2)", rule="5.2")
    return tuple(replace(b, hex=brigade.hex, broken=brigade.broken) for b in battalions)


def take_break(units: Sequence[Unit], unit_id: str, *, split_into: Sequence[Unit] = (),
               break_id: str | None = None, cause: str = "combat") -> Losses:
    """One break taken by a hex (a D1 and the like): the owner names the unit (*unit_id*); or, splitting
    a brigade during combat to take the loss (5.6), names the brigade, the battalions it splits into
    (*split_into*) and the one of them that breaks (*break_id*)."""
    by_id = {u.id: u for u in units}
    if unit_id not in by_id:
        raise IllegalActionError(f"{unit_id} is not in the hex: the break is taken by one of its units (13.3)",
                                 rule="13.3")
    if not split_into:
        if break_id is not None:
            raise IllegalActionError("a battalion to break is named only when a brigade splits (5.6)", rule="5.6")
        return apply_breaks(units, [unit_id], cause)
    brigade = by_id[unit_id]
    parts = split_brigade(brigade, split_into)
    if break_id not in {b.id for b in parts}:
        raise IllegalActionError(f"name the battalion of {brigade.label} that breaks, one of "
                                 f"{', '.join(b.id for b in parts)} (5.6)", rule="5.6")
    after = []
    for u in units:
        after.extend(parts if u.id == unit_id else (u,))
    done = apply_breaks(after, [break_id], cause)
    said = (f"{brigade.label} splits into {', '.join(b.label for b in parts)}"
            f"{' (broken, 5.3)' if brigade.broken else ''} to take the loss (5.6)")
    return replace(done, steps=(said,) + done.steps)
