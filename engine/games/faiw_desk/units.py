"""The units a side declares at the desk, attacking or defending (1.4a, 8.2, 11.1, 13.2, 19.5, 27): the pack
counters it may name, the strengths and sizes without a pack, and why a unit is refused.

Both frames (``desk.attack``, ``desk.defend``) keep ``units``; a frame's side is its role. An attacking unit is
a combat counter of the side, not parenthesized (1.4a), not yet attacking this phase (11.1a; ruling
R-11.1a-desk), within 2 brigades in its attacking hex (8.2; ruling R-8.2); a defending unit is any combat counter
of the side (every unit in the hex defends, 11.1b; beyond 2 brigades the defender names those that count).
"""

from __future__ import annotations

from ...core.errors import Refusal
from .desk import (
    MAX_HALVES,
    NAMES,
    SIZES,
    STRENGTHS,
    counter_unit,
    halves,
    other,
    pack_of,
    terrain_names,
    terrain_shift,
)

__all__ = ["STRENGTHS", "SIZES"]

#: The orders that declare a unit, attacking or defending: ``unit ID``; ``strength N`` then ``size S``;
#: ``broken`` (11.1a, 11.1b, 11.2b, 8.2, 13.2).
UNIT_VERBS = ("unit", "strength", "size", "broken")


def _r(text: str, rule: str) -> Refusal:
    return Refusal(text, rule)


def attacked(g) -> list[str]:
    """The counters that have attacked while this side holds the desk (11.1a; ruling R-11.1a-desk)."""
    return g.s["flow"][0].get("attacked", [])


def free_halves(state: dict, f: dict) -> int:
    """Half brigades still free to attack from the attacking hex being declared (8.2; ruling R-8.2)."""
    return MAX_HALVES - sum(halves(state, u) for u in f["units"] if u["hex"] == f["hex"])


def candidates(g, f, *, attacking: bool) -> list[str]:
    """The pack counters of the frame's side that may still be named (combat units, each once)."""
    pack = pack_of(g.s)
    named = {u["id"] for u in f["units"]}
    out = []
    for cid, c in pack.counters.items():
        if c.side != f["role"] or cid in named:
            continue
        u = counter_unit(pack, cid)
        if not u.is_combat or (attacking and (u.paren or cid in attacked(g))):
            continue
        out.append(cid)
    return out


def attacker_refusal(g, f, cid: str) -> Refusal | None:
    """8.2 for an attacker otherwise eligible: at most 2 brigades attack from a hex."""
    need = halves(g.s, {"id": cid})
    free = free_halves(g.s, f)
    if need > free:
        return _r(f"{cid} would make more than 2 brigades attack from hex {f['hex']}: at most 2 brigades attack "
                  f"from a hex (8.2; ruling R-8.2)", "8.2")
    return None


def unit_refusal(g, f, cid: str | None, *, attacking: bool) -> Refusal | None:
    """Why the counter *cid* may not be named here."""
    s = g.s
    pack = pack_of(s)
    if pack is None:
        return _r("without a data pack the desk has no counters: declare a unit's strength (strength N), then its "
                  "size (11.2b)", "11.2b")
    if f["stage"] != "declare":
        return None
    if not cid or cid not in pack.counters:
        return None
    side = f["role"]
    c = pack.counters[cid]
    u = counter_unit(pack, cid)
    if c.side is None:
        if attacking:
            return _r(f"{cid} is British: British units cannot move or attack (27.2)", "27.2")
        return _r(f"{cid} is British: a hex with British units can never be attacked (27.5)", "27.5")
    if c.side != side:
        role = "attacks with his own units" if attacking else "defends with his own units"
        return _r(f"{cid} belongs to {NAMES[other(side)]}: {NAMES[side]} {role} (11.0)", "11.0")
    if u.type == "air":
        return _r(f"{cid} is an air unit: ground combat is fought by ground units (11.0, 10.3)", "11.0")
    if u.type == "leader":
        return _r(f"{cid} is a leader: name it with leader {cid} (20.2)", "20.2")
    if u.type == "supply":
        return _r(f"{cid} is a supply unit: a supply point is spent with double (14.3b, 14.3c)", "14.3b")
    if not u.is_combat:
        return _r(f"{cid} is a non-combat unit: non-combat units never attack, and defend with the hex's combat "
                  f"units (19.5)", "19.5")
    if cid in {x["id"] for x in f["units"]}:
        if attacking:
            return _r(f"{cid} is named already: a unit attacks once in a combat (11.1a)", "11.1a")
        return _r(f"{cid} is named already among the defenders (11.1b)", "11.1b")
    if attacking:
        if cid in attacked(g):
            return _r(f"{cid} has attacked already this combat phase: each unit attacks once a phase (11.1a; "
                      f"ruling R-11.1a-desk)", "11.1a")
        if u.paren:
            return _r(f"{cid} has its CS in parentheses: it can only defend, never attack (1.4a)", "1.4a")
        return attacker_refusal(g, f, cid)
    return None


def broken_refusal(state: dict, f: dict, *, attacking: bool) -> Refusal | None:
    """Why the counter just named may not show its broken face (13.2)."""
    pack = pack_of(state)
    if pack is None:
        return _r("without a data pack a unit is declared with the strength of the face it shows (13.2)", "13.2")
    if f["stage"] != "declare":
        return None
    if not f["units"]:
        return _r("name a counter first (unit ID): broken says the counter just named shows its broken face (13.2)",
                  "13.2")
    last = f["units"][-1]
    c = pack.counters[last["id"]]
    if last.get("broken"):
        return _r(f"{last['id']} shows its broken face already (13.2)", "13.2")
    if c.back is None:
        return _r(f"{last['id']} has no broken face: it cannot be broken (19.5c)", "19.5c")
    if attacking and c.back.paren:
        return _r(f"{last['id']} has its broken CS in parentheses: broken, it can only defend (1.4a)", "1.4a")
    if attacking and c.back.cs <= 0:
        return _r(f"{last['id']} has no CS on its broken face: it cannot attack broken (13.2)", "13.2")
    return None


def sizes(state: dict, f: dict, *, attacking: bool) -> list[str]:
    if attacking and free_halves(state, f) < 2:
        return ["battalion"]
    return list(SIZES)


def size_refusal(state: dict, f: dict, arg: str | None, *, attacking: bool) -> Refusal | None:
    if f["stage"] != "size":
        return _r("a size follows a strength: declare the unit's strength first (strength N) (8.2)", "8.2")
    if arg == "brigade" and attacking:
        return _r(f"a brigade would make more than 2 brigades attack from hex {f['hex']}: at most 2 brigades "
                  f"attack from a hex (8.2; ruling R-8.2)", "8.2")
    return None


def strength_refusal(state: dict, f: dict, *, attacking: bool) -> Refusal | None:
    if pack_of(state) is not None:
        return _r("with a data pack the desk reads the counters' strengths: name the counter (unit ID) (1.4a)",
                  "1.4a")
    if f["stage"] != "declare":
        return None
    if attacking and free_halves(state, f) < 1:
        return _r(f"2 brigades attack from hex {f['hex']} already: at most 2 brigades attack from a hex (8.2; "
                  f"ruling R-8.2)", "8.2")
    return None


def leaders(state: dict, side: str) -> list[str] | None:
    """The leaders a side may name: the pack's (None if it has none), or the bare order without a pack."""
    pack = pack_of(state)
    if pack is None:
        return []
    found = [cid for cid, c in pack.counters.items() if c.side == side and c.type == "leader"]
    return found or None


def leader_refusal(g, f, arg: str | None) -> Refusal | None:
    """Why the leader *arg* may not be named (20.2): one leader's shift counts in a combat (20.2c), and it is a
    friendly leader of the pack. The sixth shift is the caller's to check (11.2c)."""
    if f["leader"] is not None:
        return _r("only one leader's column shift counts in a combat, and one is declared (20.2c)", "20.2c")
    pack = pack_of(g.s)
    if pack is None or not arg or arg not in pack.counters:
        return None
    c = pack.counters[arg]
    if c.type != "leader":
        return _r(f"{arg} is not a leader: name its attacking or defending units with unit (20.2)", "20.2")
    if c.side != f["role"]:
        return _r(f"{arg} is a leader of {NAMES[other(f['role'])]}: a friendly leader gives the shift (20.2)",
                  "20.2")
    return None


def terrain_choices(state: dict, f: dict) -> list[str]:
    land, features, _ = terrain_names(pack_of(state))
    return land + features


def known_terrain(state: dict, name: str | None) -> bool:
    tec = pack_of(state).tec
    return bool(name) and (name in tec.terrain or name in tec.features)


def shift_of(state: dict, name: str) -> int:
    return terrain_shift(state, name)


def pending_size_refusal(f: dict) -> Refusal:
    """8.2: a strength declared without a pack waits for its size before any other order."""
    return _r(f"say the size of the unit of strength {f['pending']} first: size battalion or size brigade (8.2)",
              "8.2")


def unit_order_refusal(g, f: dict, verb: str, arg: str | None, *, attacking: bool) -> Refusal | None:
    """Why a unit order (:data:`UNIT_VERBS`) is refused, attacking or defending (11.1a, 11.1b, 11.2b, 8.2,
    13.2)."""
    s = g.s
    if verb == "size":
        return size_refusal(s, f, arg, attacking=attacking)
    if verb == "unit":
        return unit_refusal(g, f, arg, attacking=attacking)
    if verb == "strength":
        return strength_refusal(s, f, attacking=attacking)
    return broken_refusal(s, f, attacking=attacking)


def add_unit(g, f, verb: str, arg: str | None, *, prefix: str, hex_: int) -> None:
    """``unit ID``, ``strength N`` then ``size S``, ``broken``: the frame's units."""
    if verb == "unit":
        f["units"].append({"id": arg, "hex": hex_, "broken": False})
    elif verb == "strength":
        f["pending"] = int(arg)
        f["stage"] = "size"
    elif verb == "size":
        f["units"].append({"id": f"{prefix}{len(f['units']) + 1}", "hex": hex_, "cs": f["pending"], "size": arg})
        f["pending"] = None
        f["stage"] = "declare"
    else:
        f["units"][-1]["broken"] = True
