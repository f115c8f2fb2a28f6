"""Placing reinforcements one by one (4.1-4.3, 4.6): what the Reinforcement phase and the border specials (4.5)
share. A frame that places keeps:

- ``todo``: the counters waiting, each ``{"cid", "area", "rule", "from"}`` (``from``: the status it was taken
  from, pool or eliminated, 4.4); the player places each with ``place UNIT HEX`` in a hex of its area
  (``reinforcement_areas``), identical counters of one area named once (ruling R-4.6-alike);
- ``supply``: supply waiting, each ``{"points", "area", "rule"}``, placed a point at a time with ``supply HEX``
  (ruling R-14.0-points), within the counter mix (4.6);
- ``placed``: ``{hex: battalions}`` placed this phase (the three a city of L1171).
A counter or supply with no hex to go to is lost at once (4.2: permanently, no VP): the counter is ``out``.
The log names a placed counter only where the enemy may see the stack (21.0); elsewhere it says a reinforcement
was placed in the hex (ruling R-21.0-hidden).
"""

from __future__ import annotations

from ...core.errors import Refusal
from . import reinforcement_areas as areas
from . import units
from .units import SIDE_TITLES
from .view import private_to, public


def battalions(state: dict, cid: str, area: str) -> int:
    """The battalions *cid* counts toward the three a city (L1171): a brigade three (5.2), a battalion one."""
    if area != "israel_combat":
        return 0
    c = units.counter(state, cid)
    if c.front is None or c.front.cs <= 0:
        return 0
    return 3 if c.size == "brigade" else 1


def item(cid: str, status: str, area: str, rule: str) -> dict:
    return {"cid": cid, "area": area, "rule": rule, "from": status}


def reserve(state: dict, cid: str) -> None:
    """Takes *cid* out of the pool (or the eliminated) while it waits to be placed (``deploying``)."""
    state["units"][cid] = {"status": "deploying", "at": None, "broken": False}


def release(state: dict, it: dict) -> None:
    """Puts a waiting counter back where it was taken from (a substitution)."""
    state["units"][it["cid"]] = {"status": it["from"], "at": None, "broken": False}


def options(g, f: dict) -> dict[str, list[str]]:
    """``place`` and ``supply`` orders for what *f* holds."""
    s = g.s
    out: dict[str, list[str]] = {}
    by_area: dict[str, list[str]] = {}
    for it in f.get("todo", ()):
        by_area.setdefault(it["area"], []).append(it["cid"])
    place = []
    for area, cids in by_area.items():
        for cid in units.interchangeable(s, cids):
            for h in areas.hexes(s, area, f.get("placed"), battalions(s, cid, area)):
                place.append(f"{cid} {h}")
    if place:
        out["place"] = place
    hexes: list[str] = []
    for sup in f.get("supply", ()):
        for h in areas.hexes(s, sup["area"]):
            if h not in hexes:
                hexes.append(h)
    if hexes:
        out["supply"] = hexes
    return out


def pending(f: dict) -> bool:
    return bool(f.get("todo") or f.get("supply"))


def drop_unplaceable(g, f: dict, side: str) -> bool:
    """4.2: a waiting counter or supply with no hex it may go to is lost. Returns whether any was."""
    s = g.s
    lost, kept = [], []
    with units.Reading(s):  # the question for every item first (one index of who stands where), then the losses
        for it in f.get("todo", ()):
            if areas.any_hex(s, it["area"], f.get("placed"), battalions(s, it["cid"], it["area"])):
                kept.append(it)
            else:
                lost.append(it)
    for it in lost:
        s["units"][it["cid"]] = {"status": "out", "at": None, "broken": False}
        g.say(f"{SIDE_TITLES[side]} lost the reinforcement {it['cid']}: no hex of its placement area may take it "
              f"(4.2, {it['rule']}); it is permanently out of the game and scores no VP.", faction=side, rule="4.2")
    f["todo"] = kept
    with units.Reading(s):
        sup_lost = [sup for sup in f.get("supply", ()) if not areas.any_hex(s, sup["area"])]
    for sup in sup_lost:
        f["supply"].remove(sup)
        g.say(f"{SIDE_TITLES[side]} lost {sup['points']} reinforcement supply point{'s' if sup['points'] != 1 else ''}"
              f": no hex of its placement area may take it (4.2, {sup['rule']}).", faction=side, rule="4.2")
    return bool(lost or sup_lost)


def place(g, f: dict, side: str, arg: str) -> dict:
    """``place UNIT HEX``: the counter goes on the map (4.3: its placement costs no movement). Returns its item."""
    s = g.s
    cid, h = arg.split()
    it = next(i for i in f["todo"] if i["cid"] == cid)
    f["todo"].remove(it)
    units.place(s, cid, h)
    n = battalions(s, cid, it["area"])
    if n:
        f.setdefault("placed", {})[h] = f.get("placed", {}).get(h, 0) + n
    replacement = " (a replacement, 4.4)" if it["from"] == "eliminated" else ""
    what = f"{cid}{replacement}" if public(s, side, h) else "a reinforcement"
    g.say(f"{SIDE_TITLES[side]} placed {what} in {h} ({it['rule']}).", faction=side, rule=it["rule"])
    return it


def supply(g, f: dict, side: str, h: str) -> None:
    """``supply HEX``: one point of the first waiting supply whose area holds *h*, within the mix (4.6)."""
    s = g.s
    sup = next(x for x in f["supply"] if h in areas.hexes(s, x["area"]))
    added = units.add_supply(s, side, h, 1)
    sup["points"] -= 1
    if sup["points"] <= 0:
        f["supply"].remove(sup)
    if added:
        g.say(f"{SIDE_TITLES[side]} placed a reinforcement supply point in {h} ({sup['rule']}).", faction=side,
              rule=sup["rule"], to=private_to(s, side, h))
    else:
        g.say(f"{SIDE_TITLES[side]} received no supply point in {h}: its supply counters are all in play (4.6).",
              faction=side, rule="4.6", to=private_to(s, side, h))


def add_points(g, side: str, h: str, points: int, why: str, rule: str) -> None:
    """Supply received in a fixed hex (the Arms Factory 23.1, the Secret Airfield 24.1), within the mix (4.6)."""
    added = units.add_supply(g.s, side, h, points)
    to = private_to(g.s, side, h)  # where the Factory or the Airfield stands is hidden (21.0)
    if added:
        g.say(f"{SIDE_TITLES[side]} received {added} supply point{'s' if added != 1 else ''} at {why} in {h} "
              f"({rule}).", faction=side, rule=rule, to=to)
    if added < points:
        g.say(f"{SIDE_TITLES[side]} received {points - added} supply point{'s' if points - added != 1 else ''} "
              f"fewer at {why}: its supply counters are all in play (4.6).", faction=side, rule="4.6", to=to)


def explain(g, f: dict, verb: str, arg: str | None) -> Refusal | None:
    """Why a ``place`` or ``supply`` order the prompt does not list is refused."""
    s = g.s
    words = (arg or "").split()
    if verb == "place" and len(words) == 2:
        cid, h = words
        it = next((i for i in f.get("todo", ()) if i["cid"] == cid), None)
        if it is None:
            return Refusal(f"{cid} is not a reinforcement waiting to be placed now (4.1)", "4.1")
        if not units.pack_of(s).map.has(h):
            return Refusal(f"{h} is not a hex of the map (4.2)", "4.2")
        why = areas.refusal(s, it["area"], h, f.get("placed"), battalions(s, cid, it["area"]))
        if why:
            return why
    if verb == "supply" and len(words) == 1:
        if not f.get("supply"):
            return Refusal("no reinforcement supply is waiting to be placed (4.1)", "4.1")
        if not units.pack_of(s).map.has(words[0]):
            return Refusal(f"{words[0]} is not a hex of the map (4.2)", "4.2")
        return areas.refusal(s, f["supply"][0]["area"], words[0])
    return None


def add_units(g, f: dict, side: str, nationality: str | None, specs: list[dict], area: str, rule: str,
              reserved: set[str]) -> None:
    """The counters of a table row's (or an event's) *specs* join *f*'s ``todo`` for *area*: matched to the mix
    (4.4, 4.6: what it lacks is not received, and the log says so); an air unit goes straight to its side's
    Available box (10.1a); a leader goes where leaders go (L1183: with an Israeli unit; an Arab leader with its
    nationality), the Secret Airfield where 24.0 puts it."""
    from . import reinforcement_table as table  # the table reads this package's data

    s = g.s
    for spec in specs:
        got, missing = table.take(s, side, nationality, spec, reserved)
        if missing:
            g.say(f"{SIDE_TITLES[side]} received {missing} fewer of {table.describe(spec, nationality)} ({rule}): "
                  f"the counter mix holds no more (4.6).", faction=side, rule="4.6")
        for cid, status in got:
            if spec["type"] == "air":
                s["units"][cid] = {"status": "available", "at": None, "broken": False}
                g.say(f"{SIDE_TITLES[side]} received the air unit {cid} in its Available box ({rule}; 10.1a).",
                      faction=side, rule=rule)
                continue
            where = area
            if spec["type"] == "leader" and side == "israel":
                where = "israel_leader"
            elif spec["type"] == "secret_airfield":
                where = "airfield"
            reserve(s, cid)
            f.setdefault("todo", []).append(item(cid, status, where, rule))
