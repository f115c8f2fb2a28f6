"""The Reinforcement Table (its section after the scenarios, L1146-L1295) as data, and the counters it brings.

``data/reinforcements.json`` holds the table row by row with the rulebook line of each row: Israel's units and
supply by month (all Zahal), the Arab Salvation Army's rule (one commando/guerrilla battalion a turn while Abd el
Kader is in play, else the die), each Arab nationality's rows and placement area, the Arab League's supply and the
border specials (4.5). This module reads it and matches a row's units to the counter mix (4.6):

- a counter matches a line by side, nationality, type and size: commando and guerrilla are one type (ruling
  R-1.4a-commando), tank and armored are ``armor``, a Transjordanian regiment and a group are battalions (1.4a,
  8.1c);
- the counters waiting in the pool come first, then the eliminated ones, which return as replacements where the
  table lists their type (4.4); Irgun, Stern and leaders eliminated are ``out`` and never return (4.4, 20.6);
- what the mix lacks is not received (4.6): :func:`take` says how many are missing.
"""

from __future__ import annotations

from . import units
from .data import load

TABLE = load("reinforcements.json")

#: The sizes a line's "battalion" matches (1.4a: the Transjordanian regiments; 8.1c: groups).
BATTALION = ("battalion", "regiment", "group")
_TYPES = {"guerrilla": "commando", "tank": "armor", "armored": "armor", "reconnaissance": "recon"}
#: Which Arab nationality's rows place where (the pack's and the rules' names).
NATIONS = {row["nationality"]: row for row in TABLE["arab"]}
#: Readable names of the nationalities (1.4b).
NATION_NAMES = {"zahal": "Zahal", "irgun": "Irgun", "stern": "Stern Group", "aas": "Arab Salvation Army",
                "ala": "Arab Liberation Army", "egypt": "Egyptian", "transjordan": "Transjordanian",
                "syria": "Syrian", "lebanon": "Lebanese", "iraq": "Iraqi", "saudi_arabia": "Saudi",
                "morocco": "Moroccan", "yemen": "Yemeni"}


def family(kind: str | None) -> str:
    """A unit type as the rules count it: commando = guerrilla (R-1.4a-commando), tank = armored (1.4a)."""
    return _TYPES.get(kind or "", kind or "")


def matches(state: dict, cid: str, side: str, nationality: str | None, spec: dict) -> bool:
    """Whether counter *cid* is what *spec* (``{type, size, designation?}``) of *nationality* asks (4.6)."""
    c = units.counter(state, cid)
    if c.side != side or family(c.type) != family(spec["type"]):
        return False
    if nationality and c.nationality != nationality:
        return False
    size = spec.get("size")
    if size == "battalion" and c.size not in BATTALION:
        return False
    if size not in (None, "battalion") and c.size != size:
        return False
    return not spec.get("designation") or c.designation == spec["designation"]


def available(state: dict, side: str, nationality: str | None, spec: dict) -> list[str]:
    """The counters that could answer *spec*: the pool first, then the eliminated (4.4), in the mix's order."""
    counters, kind = units.pack_of(state).counters, family(spec["type"])
    pool: list[str] = []
    dead: list[str] = []
    for cid, r in state["units"].items():  # one pass; a counter of another side or type is no match (matches)
        status = r["status"]
        if status != "pool" and status != "eliminated":
            continue
        c = counters[cid]
        if c.side == side and family(c.type) == kind and matches(state, cid, side, nationality, spec):
            (pool if status == "pool" else dead).append(cid)
    return pool + dead


def take(state: dict, side: str, nationality: str | None, spec: dict, reserved: set[str]) -> tuple[list, int]:
    """Up to ``spec["count"]`` counters for *spec*, not among *reserved* (those already taken this phase); returns
    ``([(cid, status it came from)], how many the mix lacks)`` (4.4, 4.6)."""
    found = [cid for cid in available(state, side, nationality, spec) if cid not in reserved]
    chosen = found[:spec["count"]]
    reserved.update(chosen)
    return [(cid, state["units"][cid]["status"]) for cid in chosen], spec["count"] - len(chosen)


def describe(spec: dict, nationality: str | None = None) -> str:
    """``"2 Egyptian infantry battalions"``."""
    n = spec["count"]
    if spec["type"] == "leader":
        return f"leader {spec['designation']}"
    what = {"commando": "commando/guerrilla", "recon": "reconnaissance", "armor": "armored",
            "secret_airfield": "Secret Airfield", "air": "air"}.get(spec["type"], spec["type"])
    nat = f"{NATION_NAMES.get(nationality, nationality)} " if nationality else ""
    size = spec.get("size") or ("unit" if spec["type"] in ("air", "secret_airfield") else "")
    plural = "s" if n != 1 else ""
    return f"{n} {nat}{what} {size}{plural}".replace("  ", " ").strip()


def israel_row(month: str) -> dict | None:
    """Israel's row of *month* (L1152-L1167), or None."""
    return next((r for r in TABLE["israel"]["rows"] if r["month"] == month), None)


def arab_rows(month: str) -> list[tuple[dict, dict]]:
    """``[(nationality's entry, its row)]`` for *month*: the ALA, Egypt, Transjordan... (L1193-L1289)."""
    out = []
    for nation in TABLE["arab"]:
        for row in nation["rows"]:
            if row["month"] == month:
                out.append((nation, row))
    return out


def arab_supply(month: str) -> list[dict]:
    """``[{area, points, at}]``: the Arab League's supply of *month* (L1293-L1295)."""
    out = []
    for line in TABLE["arab_supply"]:
        for period in line["schedule"]:
            if period["from"] <= month <= period["to"]:
                out.append({"area": line["area"], "points": period["points"], "at": line["at"]})
    return out


def aas_in_period(month: str) -> bool:
    a = TABLE["aas"]
    return a["from"] <= month <= a["to"]


def cite(at: str) -> str:
    """A row's provenance as a rule citation: ``"Reinforcement Table L1157"``."""
    return f"Reinforcement Table {at}"
