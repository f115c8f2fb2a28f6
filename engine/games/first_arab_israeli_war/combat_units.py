"""The combat desk's records (The First Arab-Israeli War): the options, the units, the declared attack.

What every part of the combat desk reads: the rulings chosen per game and the optional rules in play
(:class:`CombatOptions`; ``data/rulings.json``, digest A.17), the vocabulary of sides and unit types
(1.4a, 1.6, 19.0, 29.0), a :class:`Unit` record with its printed and broken combat strengths (1.4, 13.3)
and its battalion equivalents (5.2), a TEC entry as it bears on combat (11.2c, digest A.16 ``tec``) and
the declared :class:`Attack` (11.1, 12.0). No rule is applied here: the refusals are in
:mod:`.combat_checks`, the arithmetic in :mod:`.combat`, the application of results in
:mod:`.combat_results`. Rules: ../shared/rules/first-arab-israeli-war.txt; digest part A, A.7, A.16.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import InvalidActionError

from ...hexwar.terrain import COMMANDO_TYPES  # one kind (ruling R-1.4a-commando)
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
