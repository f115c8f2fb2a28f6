"""How the engine reads the result codes and modifiers of the pack's air and terrorism tables (10.3a, 10.6a, 18.1).

The text gives none of these tables (digest A.0): the pack does, each code with its meaning in words (the key).
The engine reads a code by this fixed vocabulary (a reading of the pack's codes, consistent with the test pack's
keys; an umpire's pack must use it for the engine to apply a result):

Air strike (10.3a), the result falls on the struck hex:
- ``NE``: no effect;
- ``D<n>`` (``D1``, ``D2``): *n* breaks among the enemy units in the hex, the owner naming each (13.3);
- ``DE``: every enemy unit an air strike may hit is eliminated (19.6, 20.4c);
- ``AA``: anti-aircraft fire: the air unit returns without effect (10.1c);
- ``AX`` or ``AE``: anti-aircraft fire: the air unit is eliminated (10.1c).
Interception (10.6a), the result falls on the enemy air unit: ``NE``; ``AB`` it aborts its mission; ``AX`` or
``AE`` it is eliminated.
Terrorism (18.1): ``T`` the hex is terrorized; ``F`` or ``NE`` the attempt fails.
Several codes may be joined with ``/`` or ``+`` (``D1/AA``). A code outside the vocabulary is not applied by the
engine: the log gives the key's words for the players (and the umpire) to apply by hand.

Modifiers (1.7) are applied when their name is a fact of the target hex the engine can read: ``terrain_<name>``
(the hex's terrain, ``terrain_mountain``), ``settlement_<kind>`` (``settlement_city``), ``entrenched`` (an
entrenchment in the hex, 15.0), ``two_air_units`` (a mission of two air units). A modifier with another name
is not applied, and the log says so.
"""

from __future__ import annotations

import re

STRIKE_AIR = {"AA": "abort", "AX": "eliminated", "AE": "eliminated"}
INTERCEPT = {"NE": None, "AB": "abort", "AX": "eliminated", "AE": "eliminated"}
TERROR = {"T": True, "F": False, "NE": False}
_BREAKS = re.compile(r"^D(\d)$")
#: The modifier name patterns the engine reads.
MODIFIER_PATTERNS = (r"terrain_[a-z_]+", r"settlement_[a-z_]+", "entrenched", "two_air_units")


def parts(code: str) -> list[str]:
    return [p.strip() for p in re.split(r"[/+]", code) if p.strip()]


def strike(code: str) -> dict | None:
    """An air strike's code read: ``{"breaks": n, "all": bool, "air": None|"abort"|"eliminated"}``, or None if
    a part of it is outside the vocabulary."""
    out = {"breaks": 0, "all": False, "air": None}
    for p in parts(code):
        m = _BREAKS.match(p)
        if p == "NE":
            continue
        if m:
            out["breaks"] += int(m.group(1))
        elif p == "DE":
            out["all"] = True
        elif p in STRIKE_AIR:
            out["air"] = STRIKE_AIR[p]
        else:
            return None
    return out


def interception(code: str) -> str | None:
    """``None`` (no effect), ``abort`` or ``eliminated``; ``"?"`` for a code outside the vocabulary."""
    worst = None
    for p in parts(code):
        if p not in INTERCEPT:
            return "?"
        if INTERCEPT[p] == "eliminated" or (INTERCEPT[p] == "abort" and worst is None):
            worst = INTERCEPT[p]
    return worst


def terror(code: str) -> bool | None:
    """True (terrorized), False (failed) or None (outside the vocabulary)."""
    return TERROR.get(code)


def known_modifier(name: str) -> bool:
    return any(re.fullmatch(p, name) for p in MODIFIER_PATTERNS)


def modifiers_for(table, facts: set[str]) -> tuple[tuple[str, ...], list[str]]:
    """The names of *table*'s modifiers that apply to a target with *facts*, and those the engine cannot read."""
    names = [m.name for m in table.modifiers]
    return (tuple(n for n in names if n in facts), [n for n in names if not known_modifier(n)])


def hex_facts(state: dict, hex_: str, n_air: int = 1) -> set[str]:
    """The facts of a target hex the modifiers may name."""
    from . import units

    d = units.pack_of(state).map.hex(hex_)
    out = {f"terrain_{d.terrain}"}
    if d.settlement:
        out.add(f"settlement_{d.settlement}")
    if state.get("entrenched", {}).get(hex_):
        out.add("entrenched")
    if n_air >= 2:
        out.add("two_air_units")
    return out


def read(g, table, roll: int, facts: set[str], what: str) -> tuple[int, str]:
    """*roll* read on *table* with the modifiers that apply (1.7); logs the modifiers the engine cannot read."""
    mods, unknown = modifiers_for(table, facts)
    if unknown:
        g.say(f"The {what} table's modifiers {', '.join(unknown)} are not ones the engine reads: not applied "
              f"(the players apply them by hand if they hold).", rule="1.7")
    return table.read(roll, mods)
