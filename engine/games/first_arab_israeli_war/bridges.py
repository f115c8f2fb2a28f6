"""Destruction of bridges (16.1), at the end of the friendly Combat phase.

A player with at least one combat unit (1.6: parenthesized or not) in one of the two hexes of a bridge hexside
may try to destroy the bridge: one die on the pack's Bridge Destruction Table (``air.bridge_destruction``) with
its modifiers (1.7). Once per bridge a turn for each player (ruling R-16.1-once: the text's "once per turn" read
per bridge, digest A.9), counted across the turn's two impulses (``state["flags"]["bridge_attempts"]``: the
month and each side's bridges tried). A destroyed bridge is recorded in ``state["destroyed_bridges"]`` as the
pair of its hexes, sorted, until repaired (16.2, the Recovery phase's). The table's modifiers and results are
the pack's words (ruling R-16.1-table): the modifiers the engine can evaluate are applied (``enemy_adjacent``:
an enemy unit in or next to either hex of the bridge), and a result destroys the bridge when its key says so.
"""

from __future__ import annotations

from functools import lru_cache

from . import units
from .units import SIDE_TITLES


@lru_cache(maxsize=8)
def _bridges(digest: str) -> tuple[tuple[str, str], ...]:
    m = units.pack_of({"pack": {"digest": digest}}).map
    out = set()
    for h in m.hexes:
        for n in m.neighbours(h):
            if m.has_bridge(h, n):
                out.add(tuple(sorted((h, n))))
    return tuple(sorted(out))


def bridges(state: dict) -> tuple[tuple[str, str], ...]:
    """Every bridge of the map, as sorted hex pairs (7.5b; the pack's map)."""
    return _bridges(state["pack"]["digest"])


def destroyed(state: dict, a: str, b: str) -> bool:
    return sorted((a, b)) in [sorted(p) for p in state["destroyed_bridges"]]


def _tried(state: dict, side: str) -> list[str]:
    rec = state["flags"].get("bridge_attempts")
    if not rec or rec.get("month") != state["month"]:
        return []
    return rec.get(side, [])


def label(pair) -> str:
    return f"{pair[0]}-{pair[1]}"


def targets(state: dict, side: str) -> list[str]:
    """The bridges *side* may try to destroy now (16.1)."""
    out = []
    for a, b in bridges(state):
        if destroyed(state, a, b) or label((a, b)) in _tried(state, side):
            continue
        if any(units.side_of(state, cid) == side and units.unit(state, cid).combat
               for h in (a, b) for cid in units.at(state, h)):
            out.append(label((a, b)))
    return out


def refusal(state: dict, side: str, arg: str | None) -> tuple[str, str] | None:
    """Why ``destroy ARG`` is refused (text, rule), or None."""
    pair = tuple(sorted((arg or "").split("-")))
    if len(pair) != 2 or pair not in bridges(state):
        return f"{arg} is not a bridge of the map: name its two hexes, e.g. {label(bridges(state)[0])}" \
               if bridges(state) else "the map has no bridge", "16.1"
    if destroyed(state, *pair):
        return f"the bridge {label(pair)} is destroyed already (16.1)", "16.1"
    if label(pair) in _tried(state, side):
        return f"{SIDE_TITLES[side]} has tried to destroy the bridge {label(pair)} this turn: once a turn (16.1)", "16.1"
    return (f"{SIDE_TITLES[side]} has no combat unit in {pair[0]} or {pair[1]}, the two hexes of the bridge "
            f"(16.1)", "16.1")


def _enemy_adjacent(state: dict, side: str, a: str, b: str) -> bool:
    m = units.pack_of(state).map
    near = {a, b, *m.neighbours(a), *m.neighbours(b)}
    foe = units.other(side)
    return any(units.side_of(state, cid) == foe for h in near for cid in units.at(state, h)) or any(
        units.supply_points(state, foe, h) for h in near)


#: The modifiers the engine evaluates, by the pack's name (ruling R-16.1-table).
CONDITIONS = {"enemy_adjacent": _enemy_adjacent}


def _destroys(table, code: str) -> bool:
    effects = getattr(table, "effects", None)
    if effects and code in effects:
        e = effects[code]
        return bool(e.get("destroyed") if hasattr(e, "get") else getattr(e, "destroyed", False))
    words = table.key.get(code, "").lower()
    return "destroyed" in words and "not destroyed" not in words


def attempt(g, side: str, arg: str) -> None:
    """16.1: *side* tries to destroy the bridge *arg* (``A-B``)."""
    s = g.s
    a, b = sorted(arg.split("-"))
    rec = s["flags"].get("bridge_attempts")
    if not rec or rec.get("month") != s["month"]:
        rec = s["flags"]["bridge_attempts"] = {"month": s["month"], "arab": [], "israel": []}
    rec[side].append(label((a, b)))
    table = units.pack_of(s).air.bridge_destruction
    mods, unknown = [], []
    for m in table.modifiers:
        test = CONDITIONS.get(m.name)
        if test is None:
            unknown.append(m.name)
        elif test(s, side, a, b):
            mods.append(m.name)
    roll = g.roll(f"bridge destruction: {SIDE_TITLES[side]} at {a}-{b}")
    total, code = table.read(roll, tuple(mods))
    hit = _destroys(table, code)
    if hit:
        s["destroyed_bridges"].append([a, b])
    mod_text = f" with {', '.join(mods)}" if mods else ""
    skipped = f"; modifiers not evaluated by the engine: {', '.join(unknown)} (ruling R-16.1-table)" if unknown else ""
    g.say(f"{SIDE_TITLES[side]} tried to destroy the bridge {a}-{b}: die {roll}{mod_text}, {total}: {code}, "
          f"{table.key.get(code, code)}; the bridge {'was destroyed' if hit else 'stands'}{skipped} (16.1).",
          faction=side, rule="16.1")
