"""The Reorganization phase (2.1c-d): splitting and reforming (5.0), promotion (6.0, Israel only) and entrenching
(15.0, ``entrenchment``), in both impulses.

- 5.1a, 5.2: a brigade splits into the battalions 5.2 lists for its side and nationality
  (``combat_units.EQUIVALENCES``: Israel's infantry, mechanized and tank brigades; the Arab League's infantry and
  commando/guerrilla brigades, the Egyptian, Syrian and Iraqi mechanized brigades and the Transjordanian one);
  5.1b: battalions in one hex reform into the brigade they make up;
- 5.3: a broken brigade splits into broken battalions; a brigade reformed from any broken battalion is broken;
- 5.4: one nationality in and out; 5.5: never the Irgun's or the Stern Group's units;
- 4.6: the counters must exist: the battalions (or the brigade) come from the pool, the counters that have not
  entered play or were taken off by an earlier reorganization, and the counters replaced go back to it (ruling
  R-5.1-pool: the eliminated return only as reinforcements, 4.4);
- 6.0: Israel promotes a Zahal militia group to an infantry battalion, an infantry or commando battalion to a
  reconnaissance battalion (6.2), spending one supply point in its hex (6.1, 6.4), once a turn a unit (6.3:
  ``state["flags"]["promoted"]``), on the face it had (ruling R-6.1-face); 6.5: with reorganization in one phase;
  6.6: never Irgun or Stern.
Where identical counters could serve, the engine takes one (ruling R-4.6-alike); where they differ, the player
chooses each with ``take UNIT``.

:func:`split` and :func:`reform` work on the state alone, for the initial deployment too (Scenario 1, 5d;
Scenario 2, 5c) and for a split in combat (5.6).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from ...core.grammar import Order
from . import entrenchment, units
from .combat_units import EQUIVALENCES, UNDERGROUND
from .reinforcement_table import BATTALION, family
from .sequence import Phase
from .units import SIDE_TITLES
from .view import public

notation.declare(__name__, {"split", "reform", "promote", "take", "entrench"})

ORDERS = (
    Order("split UNIT", "reorganization, and a player's own deployment (Scenario 1 5d, Scenario 2 5c): split the "
          "brigade into its battalions", "5.1a, 5.2"),
    Order("reform UNIT HEX", "reorganization, and a player's own deployment: form the brigade UNIT (from the "
          "counters off the map) out of the battalions in the hex", "5.1b, 5.2"),
    Order("promote UNIT", "reorganization (Israel, Zahal): promote the unit, spending a supply point in its hex",
          "6.0"),
    Order("take UNIT", "reorganization and deployment: the counter to use, where counters that differ could serve",
          "5.2, 6.1"),
    Order("entrench HEX", "reorganization: place an entrenchment in the hex, spending a supply point there",
          "15.1"),
)

#: 6.2: what each type of Zahal unit is promoted to (militia group -> infantry battalion...).
PROMOTIONS = {"militia": "infantry", "infantry": "recon", "commando": "recon"}


def _c(state: dict, cid: str):
    return units.counter(state, cid)


def equivalence(state: dict, cid: str) -> tuple[str, ...] | None:
    """The battalion types brigade *cid* splits into (5.2), or None."""
    c = _c(state, cid)
    if c.size != "brigade" or c.side not in units.SIDES:
        return None
    kind = family(c.type)
    return EQUIVALENCES.get((c.side, kind, c.nationality)) or EQUIVALENCES.get((c.side, kind, None))


def _battalion_like(state: dict, cid: str, side: str, nationality: str | None, kind: str) -> bool:
    c = _c(state, cid)
    return c.side == side and c.nationality == nationality and c.size in BATTALION and family(c.type) == kind


def pool_of(state: dict, side: str, nationality: str | None, kind: str, size: str = "battalion",
            exclude: tuple = ()) -> list[str]:
    """Counters in the pool (R-5.1-pool) of *side*, *nationality*, *kind* and *size*, in the mix's order (each
    list worked out once in a ``units.Reading``)."""
    kept = units.memo(state)
    if kept is None or exclude:
        return _pool_of(state, side, nationality, kind, size, exclude)
    key = ("pool_of", side, nationality, kind, size)
    found = kept.get(key)
    if found is None:
        found = kept[key] = _pool_of(state, side, nationality, kind, size, exclude)
    return list(found)


def _pool_of(state: dict, side: str, nationality: str | None, kind: str, size: str, exclude: tuple) -> list[str]:
    out = []
    counters = units.pack_of(state).counters
    for cid in units.with_status(state, "pool"):
        if cid in exclude:
            continue
        c = counters[cid]
        if c.side != side or c.nationality != nationality or family(c.type) != kind:
            continue
        if (c.size in BATTALION) if size == "battalion" else (c.size == size):
            out.append(cid)
    return out


def _enough(need: tuple[str, ...], have: dict[str, int]) -> bool:
    want: dict[str, int] = {}
    for k in need:
        want[k] = want.get(k, 0) + 1
    return all(have.get(k, 0) >= n for k, n in want.items())


def split_refusal(state: dict, cid: str) -> Refusal | None:
    """Why brigade *cid* (on the map) cannot split now, or None (5.1a, 5.2, 5.5, 4.6)."""
    c = _c(state, cid)
    if c.nationality in UNDERGROUND:
        return Refusal(f"{cid} is an Irgun or Stern Group unit: they never split or reform (5.5)", "5.5")
    if c.size != "brigade":
        return Refusal(f"{cid} is not a brigade: only brigades split (5.1a)", "5.1a")
    need = equivalence(state, cid)
    if not need:
        return Refusal(f"5.2 lists no battalions for {cid} ({c.nationality} {c.type} brigade) (5.2)", "5.2")
    have = {k: len(pool_of(state, c.side, c.nationality, k)) for k in set(need)}
    if not _enough(need, have):
        return Refusal(f"{cid} splits into {' + '.join(need)} battalions, and the counter mix has not that many "
                       f"{c.nationality} battalions off the map (4.6; ruling R-5.1-pool)", "4.6")
    return None


def split(state: dict, cid: str, battalions: list[str] | None = None) -> list[str]:
    """Brigade *cid* is replaced in its hex by *battalions* (counters of the pool), or by the first of the pool
    for each type 5.2 lists; they are broken if it was (5.3). Returns their ids. Raises ValueError if illegal."""
    why = split_refusal(state, cid)
    if why:
        raise ValueError(str(why))
    c = _c(state, cid)
    need = list(equivalence(state, cid))
    chosen = list(battalions or [])
    if chosen:
        kinds = sorted(family(_c(state, b).type) for b in chosen)
        if kinds != sorted(need) or any(state["units"][b]["status"] != "pool" or not _battalion_like(
                state, b, c.side, c.nationality, family(_c(state, b).type)) for b in chosen):
            raise ValueError(f"{cid} splits into {' + '.join(need)} {c.nationality} battalions of the pool (5.2)")
    else:
        for k in need:
            chosen.append(pool_of(state, c.side, c.nationality, k, exclude=tuple(chosen))[0])
    rec = state["units"][cid]
    for b in chosen:
        units.place(state, b, rec["at"], broken=rec["broken"])
    state["units"][cid] = {"status": "pool", "at": None, "broken": False}
    return chosen


def brigades_for(state: dict, side: str, hex_: str) -> list[str]:
    """The pool brigades (one of each kind) that *side*'s battalions in *hex_* could reform into (5.1b, 5.4)."""
    brigades = _pool_brigades(state, side)
    if not brigades:
        return []
    here = [cid for cid in units.at(state, hex_) if units.side_of(state, cid) == side]
    if not here:
        return []
    # the battalions of the hex by nationality and type (_battalion_like, once for every brigade)
    have_of: dict[tuple, int] = {}
    for cid in here:
        c = _c(state, cid)
        if c.side == side and c.size in BATTALION:
            key = (c.nationality, family(c.type))
            have_of[key] = have_of.get(key, 0) + 1
    out = []
    for b, nationality, need in brigades:
        if _enough(need, {k: have_of.get((nationality, k), 0) for k in set(need)}):
            out.append(b)
    return out


def _pool_brigades(state: dict, side: str) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """*side*'s pool brigades that reform (one of each kind, 5.1b, 5.5): (id, nationality, the battalion types
    5.2 lists), worked out once in a ``units.Reading``."""
    kept = units.memo(state)
    key = ("pool_brigades", side)
    if kept is not None and key in kept:
        return kept[key]
    counters = units.pack_of(state).counters
    out = []
    for b in units.interchangeable(state, [cid for cid in units.with_status(state, "pool")
                                           if counters[cid].side == side and counters[cid].size == "brigade"]):
        c = counters[b]
        need = equivalence(state, b)
        if need and c.nationality not in UNDERGROUND:
            out.append((b, c.nationality, need))
    if kept is not None:
        kept[key] = out
    return out


def reform(state: dict, brigade: str, battalions: list[str]) -> str:
    """*battalions* (one hex, one nationality, the types 5.2 lists) are replaced by *brigade* from the pool,
    broken if any of them was (5.3). Returns the brigade's id. Raises ValueError if illegal."""
    c = _c(state, brigade)
    need = equivalence(state, brigade)
    hexes = {state["units"][b]["at"] for b in battalions}
    if (state["units"][brigade]["status"] != "pool" or not need or c.nationality in UNDERGROUND
            or len(hexes) != 1 or None in hexes
            or sorted(family(_c(state, b).type) for b in battalions) != sorted(need)
            or not all(_battalion_like(state, b, c.side, c.nationality, family(_c(state, b).type))
                       for b in battalions)):
        raise ValueError(f"{brigade} is formed from {' + '.join(need or ())} {c.nationality} battalions in one hex "
                         f"(5.1b, 5.2, 5.4, 5.5)")
    broken = any(state["units"][b]["broken"] for b in battalions)
    (h,) = hexes
    for b in battalions:
        state["units"][b] = {"status": "pool", "at": None, "broken": False}
    units.place(state, brigade, h, broken=broken)
    return brigade


def promoted_this_turn(state: dict) -> list[str]:
    p = state["flags"].get("promoted")
    return list(p["units"]) if p and p.get("month") == state["month"] else []


def promote_refusal(state: dict, side: str, cid: str) -> Refusal | None:
    """Why *side* cannot promote *cid* now, or None (6.0)."""
    c = _c(state, cid)
    if side != "israel":
        return Refusal("only the Israeli player promotes units (6.0)", "6.0")
    if c.nationality != "zahal":
        return Refusal(f"{cid} is not a Haganah/Palmach unit: only they are promoted (6.6)", "6.6")
    kind = family(c.type)
    if kind not in PROMOTIONS or c.size not in BATTALION:
        return Refusal(f"{cid} is not a militia group or an infantry or commando battalion (6.2)", "6.2")
    if cid in promoted_this_turn(state):
        return Refusal(f"{cid} was promoted this turn already: once a turn a unit (6.3)", "6.3")
    if units.supply_points(state, side, state["units"][cid]["at"]) < 1:
        return Refusal(f"no Israeli supply point in {state['units'][cid]['at']}: promotion spends one there "
                       f"(6.1, 6.4)", "6.1")
    if not pool_of(state, side, "zahal", PROMOTIONS[kind]):
        return Refusal(f"the counter mix has no Zahal {PROMOTIONS[kind]} battalion off the map (4.6)", "4.6")
    return None


def promote(state: dict, cid: str, new: str | None = None) -> str:
    """6.1: *cid* is replaced by *new* (or the first pool counter of the promoted type) on the same face (ruling
    R-6.1-face); one supply point in the hex is spent (6.4). Returns the new counter's id."""
    kind = PROMOTIONS[family(_c(state, cid).type)]
    new = new or pool_of(state, "israel", "zahal", kind)[0]
    rec = state["units"][cid]
    units.spend_supply(state, "israel", rec["at"], 1)
    units.place(state, new, rec["at"], broken=rec["broken"])
    state["units"][cid] = {"status": "pool", "at": None, "broken": False}
    done = promoted_this_turn(state) + [new]
    state["flags"]["promoted"] = {"month": state["month"], "units": done}
    return new


# The phase ----------------------------------------------------------------------------------------------------


def _groups(state: dict, cids: list[str], by_face: bool) -> list[str]:
    """One counter of each kind among *cids* (R-4.6-alike), the face up counting when *by_face* (counters on the
    map, in one hex)."""
    return units.interchangeable(state, cids, placed=by_face)


def _candidates(state: dict, side: str, pick: dict) -> list[str]:
    """The counters that could fill *pick*'s next slot, one of each kind."""
    kind = pick["need"][0]
    if pick["op"] == "reform":
        nat = _c(state, pick["unit"]).nationality
        cids = [cid for cid in units.at(state, pick["hex"]) if cid not in pick["chosen"]
                and _battalion_like(state, cid, side, nat, kind)]
        return _groups(state, cids, by_face=True)
    nat = _c(state, pick["unit"]).nationality
    return _groups(state, pool_of(state, side, nat, kind, exclude=tuple(pick["chosen"])), by_face=False)


@procedure
class ReorganizationPhase(Phase):
    """The Reorganization phase of a player turn (2.1, 5.0, 6.0, 15.0); frame ``pick`` while counters are
    chosen for one reorganization."""

    name = "faiw.phase.reorganization"
    rule = "5.0"
    phase = "reorganization"

    def step(self, g, f: dict) -> bool:
        pick = f.get("pick")
        if pick and f.get("begun"):
            if pick["need"]:
                cands = _candidates(g.s, f["role"], pick)
                if not cands:  # nothing can fill the slot any more (never expected: the order was checked)
                    f.pop("pick")
                    return True
                if len(cands) != 1:
                    return False
                pick["chosen"].append(cands[0])
                pick["need"].pop(0)
            else:
                self._finish_pick(g, f)
            return True
        return super().step(g, f)

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        if f.get("pick"):
            return {"take": _candidates(g.s, f["role"], f["pick"])}
        return super().prompt(g, f)

    def text(self, g, f: dict) -> str:
        pick = f.get("pick")
        if pick:
            return (f"{SIDE_TITLES[f['role']]}'s Reorganization phase: to {pick['op']} {pick['unit']} in {pick['hex']}, "
                    f"take the counter that becomes the next {pick['need'][0].replace('_', ' ')} (5.2, 6.2)")
        return super().text(g, f)

    def actions(self, g, f: dict) -> dict[str, list[str]]:
        s, side = g.s, f["role"]
        mine = [cid for cid in units.on_map(s, side)]
        out: dict[str, list[str]] = {}
        splits = [cid for cid in mine if _c(s, cid).size == "brigade" and split_refusal(s, cid) is None]
        if splits:
            out["split"] = splits
        hexes = sorted({s["units"][cid]["at"] for cid in mine})
        reforms = [f"{b} {h}" for h in hexes for b in brigades_for(s, side, h)]
        if reforms:
            out["reform"] = reforms
        if side == "israel":
            promos = [cid for cid in mine if promote_refusal(s, side, cid) is None]
            if promos:
                out["promote"] = promos
        dig = entrenchment.hexes(s, side)
        if dig:
            out["entrench"] = dig
        return out

    def do(self, g, f: dict, verb: str, arg: str | None) -> None:
        s = g.s
        if verb == "entrench":
            entrenchment.entrench(g, f["role"], arg)
            return
        if verb == "take":
            f["pick"]["chosen"].append(arg)
            f["pick"]["need"].pop(0)
            return
        if verb == "split":
            f["pick"] = {"op": "split", "unit": arg, "hex": s["units"][arg]["at"],
                         "need": list(equivalence(s, arg)), "chosen": []}
        elif verb == "reform":
            b, h = arg.split()
            f["pick"] = {"op": "reform", "unit": b, "hex": h, "need": list(equivalence(s, b)), "chosen": []}
        elif verb == "promote":
            f["pick"] = {"op": "promote", "unit": arg, "hex": s["units"][arg]["at"],
                         "need": [PROMOTIONS[family(_c(s, arg).type)]], "chosen": []}

    def _finish_pick(self, g, f: dict) -> None:
        s, side = g.s, f["role"]
        pick = f.pop("pick")
        h, unit = pick["hex"], pick["unit"]
        if pick["op"] == "split":
            made = split(s, unit, pick["chosen"])
            what = (f"split {unit} into {', '.join(made)}{' (broken, 5.3)' if s['units'][made[0]]['broken'] else ''}"
                    if public(s, side, h) else "split a brigade")
            g.say(f"{SIDE_TITLES[side]} {what} in {h} (5.1a, 5.2).", faction=side, rule="5.1a")
        elif pick["op"] == "reform":
            reform(s, unit, pick["chosen"])
            what = (f"reformed {', '.join(pick['chosen'])} into {unit}"
                    f"{' (broken, 5.3)' if s['units'][unit]['broken'] else ''}" if public(s, side, h)
                    else "reformed battalions into a brigade")
            g.say(f"{SIDE_TITLES[side]} {what} in {h} (5.1b, 5.2).", faction=side, rule="5.1b")
        else:
            new = promote(s, unit, pick["chosen"][0])
            what = f"promoted {unit} to {new}" if public(s, side, h) else "promoted a unit"
            g.say(f"{SIDE_TITLES[side]} {what} in {h}, spending a supply point (6.1, 6.4).", faction=side,
                  rule="6.1")

    def explain(self, g, f: dict, verb: str, arg: str | None) -> Refusal | None:
        s, side = g.s, f["role"]
        if f.get("pick"):
            return Refusal(f"choose the counter for the {f['pick']['op']} under way first: take one of those "
                           f"listed (5.2)", "5.2")
        words = (arg or "").split()
        mine = lambda cid: cid in s["units"] and s["units"][cid]["status"] == "map" and (  # noqa: E731
            units.side_of(s, cid) == side)
        if verb in ("split", "promote") and words:
            if not mine(words[0]):
                return Refusal(f"{words[0]} is not one of your units on the map (5.1)", "5.1")
            return split_refusal(s, words[0]) if verb == "split" else promote_refusal(s, side, words[0])
        if verb == "reform" and len(words) == 2:
            b, h = words
            if b not in s["units"] or s["units"][b]["status"] != "pool":
                return Refusal(f"{b} is not a brigade counter off the map: a reform replaces battalions by a "
                               f"brigade of the mix (5.1b, 4.6)", "5.1b")
            c = _c(s, b)
            if c.nationality in UNDERGROUND:
                return Refusal("Irgun and Stern Group units never split or reform (5.5)", "5.5")
            need = equivalence(s, b)
            if not need:
                return Refusal(f"5.2 lists no battalions for {b} (5.2)", "5.2")
            return Refusal(f"{b} needs {' + '.join(need)} {c.nationality} battalions of yours in {h}, all of one "
                           f"nationality (5.1b, 5.2, 5.4)", "5.2")
        if verb == "entrench" and words:
            return entrenchment.refusal(s, side, words[0])
        return None
