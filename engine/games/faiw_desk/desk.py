"""What the desk's procedures share: the pack, the sides, the declared attack as the combat desk of The First
Arab-Israeli War reads it (``engine.games.first_arab_israeli_war.combat``: :class:`Attack`, :class:`Unit`), and
the column shifts declared so far (11.2c, ruling R-11.2c-sixth).

A declaration lives in two frames: the attacker's (``desk.attack``: ``units``, ``hex`` the attacking hex being
filled, ``leader``, ``supply``, ``terrain``/``shift``, ``invasion``, ``fanatic``, ``table``, ``truce`` ("violate":
the attack violates a truce in effect, 22.3), ``treaty`` (the treaty city attacked, 25.1-25.3)) and the
defender's (``desk.defend``: ``units``, ``leader``, ``double``, ``entrench``, ``fanatic``, ``count``,
``population`` (29.2b's friendly settlement on or next to the defended hex), ``table`` (his CRT where 29.2b gives
him the choice)). A unit is a pack
counter ``{"id", "hex", "broken"}`` or, without a pack, a strength ``{"id", "hex", "cs", "size"}``. The attacking
hexes are numbered 1 to 6, the defended hex's six neighbours (ruling R-11.1-desk): their adjacency is the
umpire's to see on his map.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ...core.errors import Refusal
from ...hexwar.terrain import WATER_FEATURES, WATER_TERRAINS
from ..first_arab_israeli_war import calendar, packs
from ..first_arab_israeli_war.combat import (
    NON_COMBAT_TYPES,
    TREATY_PLACES,
    Attack,
    CombatOptions,
    TerrainEntry,
    Unit,
    crt_chooser,
    refusals,
)
from ..first_arab_israeli_war.pack import Pack

SIDES = ("arab", "israel")
NAMES = {"arab": "the Arab League", "israel": "Israel"}
TITLES = {"arab": "The Arab League", "israel": "Israel"}
#: The defended hex, as the combat desk's log lines name it.
DEFENDED = "the defended hex"
#: The attacking hexes: the defended hex's six neighbours (11.1a; ruling R-11.1-desk).
HEXES = tuple(range(1, 7))
#: Without a pack: the strengths a unit may be declared with, and its sizes (1.4a; a regiment or group is a
#: battalion, 8.1c).
STRENGTHS = tuple(range(1, 61))
SIZES = ("battalion", "brigade")
#: Without a pack the desk sees no nationality (ruling R-20.5-desk): one for each side's units and leader.
NO_PACK_NATIONALITY = {"israel": "haganah", "arab": "arab_league"}
#: Most column shifts that count for a side (11.2c; ruling R-11.2c).
MAX_SHIFTS = 5
#: Half brigades that may attack from a hex, or count in the defended hex (8.2; ruling R-8.2).
MAX_HALVES = 4
#: The fanatic's VP, which the desk does not keep (ruling R-31.2b-desk): the combat desk's check passes.
UNKEPT_VP = 10**6


def other(side: str) -> str:
    return "israel" if side == "arab" else "arab"


def pack_of(state: dict) -> Pack | None:
    """The session's data pack, or None without one."""
    return packs.get(state["pack"]["digest"]) if state.get("pack") else None


def optional(state: dict, rule: str) -> bool:
    return bool(state.get("optional", {}).get(rule))


def options(state: dict) -> CombatOptions:
    """The combat desk's options: the optional rules 25.3, 29 and 31 and the umpire's rulings."""
    return CombatOptions(guerrilla=optional(state, "29"), fanaticism=optional(state, "31"),
                         treaty_attacks=optional(state, "25.3"), rulings=dict(state.get("rulings") or {}))


def mandate(state: dict) -> bool:
    """Whether the month of play lies in the mandate period (26.0); False when no month is given."""
    return bool(state.get("month")) and calendar.mandate(state["month"])


def hex_label(n: int) -> str:
    return f"hex {n}"


# Units ------------------------------------------------------------------------------------------------------


def counter_unit(pack: Pack, cid: str, *, broken: bool = False, hex_: str = "") -> Unit:
    """A pack counter as the combat desk reads it (1.4a, 13.2): the same frozen unit for the same counter, face and
    hex of a pack (a pack's digest names its content), so a prompt that reads a declaration again makes none anew."""
    return _counter_unit(pack.digest, cid, broken, hex_)


@lru_cache(maxsize=4096)
def _counter_unit(digest: str, cid: str, broken: bool, hex_: str) -> Unit:
    c = packs.get(digest).counters[cid]
    front, back = c.front, c.back
    return Unit(id=c.id, side=c.side or "", type=c.type, size=c.size or "none", nationality=c.nationality or "",
                front_cs=front.cs if front else 0, back_cs=back.cs if back else 0,
                front_paren=bool(front and front.paren), back_paren=bool(back and back.paren), broken=broken,
                hex=hex_, points=c.points or 0, name=c.id)


def unit_of(state: dict, rec: dict, side: str, hex_: str) -> Unit:
    """A declared unit: a counter of the pack, or (without one) a strength and a size."""
    pack = pack_of(state)
    if pack is not None:
        return counter_unit(pack, rec["id"], broken=rec.get("broken", False), hex_=hex_)
    return _declared_unit(rec["id"], side, rec["size"], rec["cs"], hex_)


@lru_cache(maxsize=4096)
def _declared_unit(uid: str, side: str, size: str, cs: int, hex_: str) -> Unit:
    """A unit declared by its strength and size (no pack): frozen, the same for the same declaration."""
    return Unit(id=uid, side=side, type="infantry", size=size, nationality=NO_PACK_NATIONALITY[side], front_cs=cs,
                hex=hex_, name=uid)


def stand_in(side: str) -> Unit:
    """A defender of CS 1 standing in for the defence while the attacker's declaration is checked."""
    return Unit(id="defender", side=side, type="infantry", size="battalion", front_cs=1, hex=DEFENDED)


def leader_of(state: dict, leader, side: str, hex_: str) -> Unit:
    pack = pack_of(state)
    if pack is not None:
        return counter_unit(pack, leader, hex_=hex_)
    return Unit(id="leader", side=side, type="leader", size="none", nationality=NO_PACK_NATIONALITY[side], hex=hex_,
                name=f"for {NAMES[side]}")


def supply_unit(side: str, hex_: str) -> Unit:
    return Unit(id=f"supply in {hex_}", side=side, type="supply", size="none", points=1, hex=hex_)


def halves(state: dict, rec: dict) -> int:
    """Stacking value in half brigades (8.1): a brigade 2, a battalion, regiment or group 1."""
    pack = pack_of(state)
    if pack is None:
        return 2 if rec["size"] == "brigade" else 1
    return counter_unit(pack, rec["id"]).halves


def is_ground_combat(unit: Unit) -> bool:
    return unit.is_combat and unit.type not in NON_COMBAT_TYPES


# Terrain ----------------------------------------------------------------------------------------------------


def terrain_entries(state: dict, af: dict) -> tuple[tuple[TerrainEntry, ...], dict[str, tuple[TerrainEntry, ...]]]:
    """The defended hex's terrain and the hexside features every attacking hex attacks across (11.2c1; ruling
    R-11.2c-H): from the pack's TEC, or the shift the players declare without one."""
    pack = pack_of(state)
    if pack is None:
        if af.get("shift") is None:
            return (), {}
        return (TerrainEntry("declared terrain", af["shift"], source="declared"),), {}
    hex_terrain, features = [], []
    for name in af.get("terrain", []):
        if name in pack.tec.terrain:
            e = pack.tec.terrain[name]
            hex_terrain.append(TerrainEntry(name, e.shift, rough=e.rough))
        else:
            e = pack.tec.features[name]
            features.append(TerrainEntry(name, e.shift, rough=False))
    hexes = sorted({hex_label(u["hex"]) for u in af["units"]})
    return tuple(hex_terrain), {h: tuple(features) for h in hexes} if features else {}


def terrain_names(pack: Pack) -> tuple[list[str], list[str], list[str]]:
    """The TEC's hex terrains and hexside features a defended hex may have, and the all-sea/all-lake ones no
    attack goes into or across (11.8)."""
    water = [n for n in pack.tec.terrain if n in WATER_TERRAINS] + \
        [n for n in pack.tec.features if n in WATER_FEATURES]
    land = [n for n in pack.tec.terrain if n not in WATER_TERRAINS]
    sides = [n for n in pack.tec.features if n not in WATER_FEATURES]
    return land, sides, water


def terrain_shift(state: dict, name: str) -> int:
    pack = pack_of(state)
    tec = pack.tec
    return (tec.terrain.get(name) or tec.features[name]).shift


# Shifts (11.2c; ruling R-11.2c-sixth) ------------------------------------------------------------------------


def declared_shifts(state: dict, af: dict, df: dict | None = None) -> tuple[int, int]:
    """The column shifts declared so far: (to the right, for the attacker; to the left, for the defender)."""
    right = left = 0
    terrain, sides = terrain_entries(state, af)
    once = next(iter(sides.values()), ())
    for t in (*terrain, *once):
        if t.shift > 0:
            left += t.shift
        else:
            right -= t.shift
    right += bool(af.get("leader")) + bool(af.get("fanatic"))
    left += bool(af.get("invasion"))
    if df:
        left += bool(df.get("entrench")) + bool(df.get("leader"))
        if df.get("fanatic"):
            if af.get("fanatic"):
                right -= 1   # the two cancel out (31.2a)
            else:
                left += 1
    return right, left


def sixth(who: str, have: int, adding: int) -> str | None:
    """The refusal of a declaration that would give *who* a sixth shift, else None."""
    if have + adding <= MAX_SHIFTS:
        return None
    return (f"the {who} has {have} column shift{'s' if have != 1 else ''} declared: {adding} more would make "
            f"{have + adding}, and at most 5 count for a side (11.2c; ruling R-11.2c-sixth)")


def sixth_refusal(who: str, have: int, adding: int) -> Refusal | None:
    """:func:`sixth` as a refusal (11.2c; ruling R-11.2c-sixth)."""
    why = sixth(who, have, adding)
    return Refusal(why, "11.2c") if why else None


def fanaticism_refusal(state: dict, f: dict, who: str) -> Refusal | None:
    """Why *who* (``attacker``, ``defender``: the frame *f*'s side) may not declare fanaticism on the grounds
    both sides share: optional rule 31 is not in use, or he has declared it already (31.1). The sixth shift is
    the caller's to check (the defender's cancels the attacker's, 31.2a)."""
    if not optional(state, "31"):
        return Refusal("optional rule 31 (fanaticism) is not in use at this desk (31)", "31")
    if f["fanatic"]:
        return Refusal(f"the {who} has declared fanaticism already (31.1)", "31.1")
    return None


# The attack -------------------------------------------------------------------------------------------------


def build(state: dict, af: dict, df: dict | None = None) -> Attack:
    """The declared attack as the combat desk reads it (11.1, 12.0)."""
    side = af["role"]
    foe = other(side)
    attackers = tuple(unit_of(state, r, side, hex_label(r["hex"])) for r in af["units"])
    support = []
    if af.get("leader"):
        support.append(leader_of(state, af["leader"]["id"], side, hex_label(af["leader"]["hex"])))
    support += [supply_unit(side, hex_label(h)) for h in af.get("supply", [])]
    defenders: list[Unit] = []
    count = None
    if df is not None:
        defenders = [stand_in(foe) if df.get("stand_in") else unit_of(state, r, foe, DEFENDED) for r in df["units"]]
        if df.get("leader"):
            defenders.append(leader_of(state, df["leader"], foe, DEFENDED))
        if df.get("double"):
            defenders.append(supply_unit(foe, DEFENDED))
        count = tuple(df["count"]) if df.get("count") is not None else None
    terrain, hexsides = terrain_entries(state, af)
    violate = af.get("truce") == "violate"
    attack = Attack(attackers=attackers, defenders=tuple(defenders), defender_hex=DEFENDED,
                    crt=af.get("table") or "raid", support=tuple(support),
                    attacker_supply=tuple(hex_label(h) for h in af.get("supply", [])),
                    defender_supply=bool(df and df.get("double")), defender_counting=count, terrain=terrain,
                    hexsides=hexsides, entrenched=bool(df and df.get("entrench")),
                    invasion=bool(af.get("invasion")), fanatic_attacker=bool(af.get("fanatic")),
                    fanatic_defender=bool(df and df.get("fanatic")), attacker_vp=UNKEPT_VP, defender_vp=UNKEPT_VP,
                    mandate=mandate(state), truce="later" if violate else "none", violate_truce=violate,
                    defender_tags=(af["treaty"],) if af.get("treaty") else (),
                    population_near=bool(df and df.get("population")))
    if crt_chooser(attack, options(state))[0] == "defender":   # 29.2b: the defender's table, once he names it
        attack = replace(attack, crt=(df or {}).get("table") or attack.crt, crt_named_by="defender")
    return attack


def chooser(state: dict, af: dict, df: dict | None) -> tuple[str, str]:
    """Who chooses the CRT of the declared attack, and why (11.3; optional 29.2b): the combat desk's
    :func:`crt_chooser`."""
    return crt_chooser(build(state, af, df), options(state))


def probe(state: dict, side: str, rules: tuple[str, ...], **fields) -> Refusal | None:
    """The combat desk's refusal, under one of *rules*, of an attack by *side* with the declaration *fields*
    (``truce``, ``defender_tags``), whoever attacks and defends: what such a declaration forbids (22.1b, 25.1,
    25.2)."""
    attack = Attack(attackers=(replace(stand_in(side), id="attacker", hex=hex_label(1)),),
                    defenders=(stand_in(other(side)),), defender_hex=DEFENDED, mandate=mandate(state), **fields)
    return next((r for r in refusals(attack, options(state)) if r.rule in rules), None)


def treaty_city(name: str | None) -> str:
    """The treaty city's name in words (25.1, 25.2)."""
    return TREATY_PLACES.get(name or "", name or "")


def attack_refusal(state: dict, af: dict, df: dict) -> Refusal | None:
    """The combat desk's first refusal of the declared attack (11.1, 11.2, 12.0; with the defender's stand-in
    while the attacker declares), else None: what ``roll`` waits on once the units are named."""
    found = refusals(build(state, af, df), options(state))
    return found[0] if found else None
