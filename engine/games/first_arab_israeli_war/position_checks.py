"""Checking a position file of The First Arab-Israeli War before it is used (docs/positions.md, the section of this
game): every fault at once, each an ``engine.coin.position_checks.Fault`` with the JSON path of the field and the
rule it rests on. :func:`validate` is the entry; ``position`` reads and writes the positions.

Checked: the known fields and their types; the scenario, the data pack (loaded here), the month (2.2: within the
scenario); where play starts (2.1: the phases of each impulse, no Reinforcement phase in the second, 2.3; no second
impulse in the mandate period nor under a truce, 2.1d, 22.1a); every counter once, a counter of the pack's mix
(4.6), in a land hex of the map (7.4), never the enemy's hex (8.3) nor a British unit's (27.4), air units only in
their boxes (10.1), Irgun, Stern and leader counters never eliminated but out (4.4, 20.6), a broken unit one with a
broken face (13.0, 19.5c); supply points whole, in land hexes, within the mix (4.6, ruling R-14.0-points);
terrorized hexes with a population symbol, terrorized by the other people's side (17.2, 18.3); entrenchments held
by their side (15.2, 15.4); destroyed bridges that are bridges of the map (16.0); the truce (22.2, 22.4, 22.6); the
stacks revealed (21.0); the pending event reinforcements (4.1b); the flags (an object).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...coin.position_checks import FORMAT, Fault, is_count, path_of
from ...core.errors import InvalidActionError
from . import bridges, calendar, packs, reinforcement_areas
from .sequence import FIRST_IMPULSE, SECOND_IMPULSE
from .setup import MONTHS, OPTIONAL, SCENARIOS
from .units import SIDES

SLUG = "first-arab-israeli-war"
#: Fields a position must have.
REQUIRED = ("format", "game", "scenario", "pack", "month", "start", "map", "vp")
#: Fields a position may leave out (each has an empty default).
OPTIONAL_FIELDS = ("options", "broken", "arab_british", "off_map", "supply", "terrorized", "entrenched",
                   "destroyed_bridges", "truce", "revealed", "pending", "flags")
#: The statuses of the counters off the map a position lists (every other counter is in the pool).
OFF_MAP = ("eliminated", "out", "available", "completed")
#: The game options a position may carry (the data pack is its own field, ``pack``).
OPTIONS = ("rulings", "optional", "british_intervention")
PENDING_KEYS = {"units": {"kind", "nationality", "units", "area", "event"},
                "supply": {"kind", "points", "area", "event"}}


def pack_of(p: dict):
    """The pack a position names (``test`` or a loaded pack's digest), or None."""
    name = p.get("pack")
    if not isinstance(name, str):
        return None
    try:
        return packs.get(packs.NAMED.get(name, name))
    except InvalidActionError:
        return None


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Checker:
    """One validation run: the faults found so far (``out``) and what the later checks read."""

    def __init__(self, p: dict):
        self.p = p
        self.out: list[Fault] = []
        self.pack = None
        self.where: dict[str, str] = {}  # counter -> the path it was first listed at
        self.hex_of: dict[str, str] = {}  # counter on the map -> its hex

    def fault(self, path: str, message: str) -> None:
        self.out.append(Fault(path, message))

    # ------------------------------------------------------------------------------------------ the fields

    def fields(self) -> bool:
        p = self.p
        for k in p:
            if k not in REQUIRED and k not in OPTIONAL_FIELDS:
                self.fault(k, f"not a field of a {SLUG} position: its fields are "
                              f"{', '.join(REQUIRED + OPTIONAL_FIELDS)}")
        for k in REQUIRED:
            if k not in p:
                self.fault(k, "missing: a position states it")
        if p.get("format", FORMAT) != FORMAT:
            self.fault("format", f"must be {FORMAT!r}, not {p.get('format')!r}")
        if p.get("game", SLUG) != SLUG:
            self.fault("game", f"must be {SLUG!r}, not {p.get('game')!r}")
        if "scenario" in p and p["scenario"] not in SCENARIOS:
            self.fault("scenario", f"must be one of {', '.join(SCENARIOS)}, not {p['scenario']!r} (Scenarios)")
        if "pack" in p:
            self.pack = pack_of(p)
            if self.pack is None:
                self.fault("pack", f"{p['pack']!r} is not a data pack loaded here: 'test' (the test pack) or a loaded "
                                   "pack's digest (umpire pack check DIR shows it)")
        self.options()
        return self.pack is not None and p.get("scenario") in SCENARIOS

    def options(self) -> None:
        opts = self.p.get("options", {})
        if not isinstance(opts, dict):
            self.fault("options", "must be an object of game options")
            return
        for k in opts:
            if k not in OPTIONS:
                why = " (the data pack is the position's own field, pack)" if k == "pack" else ""
                self.fault(f"options.{k}", f"not an option a position carries: {', '.join(OPTIONS)}{why}")
        if opts.get("british_intervention") not in (None, "arab", "israel"):
            self.fault("options.british_intervention", "null, arab or israel: the side Britain intervenes on (27.8)")
        opt = opts.get("optional", {})
        if not isinstance(opt, dict):
            self.fault("options.optional", "must be an object {rule: true|false}")
            return
        for rule, on in opt.items():
            if rule not in OPTIONAL or not isinstance(on, bool):
                self.fault(f"options.optional.{rule}", f"the optional rules are {', '.join(OPTIONAL)}, each "
                                                       "true or false (OPTIONAL RULES)")

    def optional(self, rule: str) -> bool:
        opt = (self.p.get("options") or {}).get("optional") or {}
        return bool(opt.get(rule, OPTIONAL[rule])) if isinstance(opt, dict) else OPTIONAL[rule]

    # ------------------------------------------------------------------------------------ the calendar

    def month(self) -> bool:
        first, last = MONTHS[self.p["scenario"]]
        m = self.p.get("month")
        if not isinstance(m, str) or m not in calendar.MONTHS:
            self.fault("month", f"must be a month \"YYYY-MM\" of the game ({calendar.MONTHS[0]} to "
                                f"{calendar.MONTHS[-1]}), not {m!r} (1.1)")
            return False
        if not first <= m <= last:
            self.fault("month", f"{calendar.name(m)} is outside the scenario, {calendar.name(first)} to "
                                f"{calendar.name(last)} (Scenarios, 2.2)")
            return False
        return True

    def truce_in(self, month: str) -> bool:
        t = self.p.get("truce")
        return isinstance(t, dict) and isinstance(t.get("from"), str) and isinstance(t.get("until"), str) \
            and t["from"] <= month <= t["until"]

    def start(self, month_ok: bool) -> None:
        st = self.p.get("start")
        if not isinstance(st, dict):
            self.fault("start", 'must be {"turn": "start"} or {"impulse": 1|2, "side": "arab"|"israel", "phase": P}')
            return
        if "turn" in st:
            if st != {"turn": "start"}:
                self.fault("start", 'the start of a turn is {"turn": "start"} alone (2.1)')
            return
        extra = set(st) - {"impulse", "side", "phase"}
        if extra:
            self.fault(f"start.{sorted(extra)[0]}", "not a key of start: impulse, side, phase")
        imp, side, phase = st.get("impulse"), st.get("side"), st.get("phase")
        if imp not in (1, 2) or isinstance(imp, bool):
            self.fault("start.impulse", f"must be 1 or 2, not {imp!r} (2.1c-d)")
            return
        if side not in SIDES:
            self.fault("start.side", f"must be arab or israel, not {side!r} (2.1)")
        phases = FIRST_IMPULSE if imp == 1 else SECOND_IMPULSE
        if phase not in phases:
            if imp == 2 and phase == "reinforcement":
                why = "there is no Reinforcement phase in the second impulse (2.1d, 2.3)"
            elif phase in ("event", "withdrawal"):
                why = 'the Event and British Withdrawal phases open the turn: start at {"turn": "start"} (2.1a-b)'
            elif phase == "deployment":
                why = "a position states the counters deployed: start at a phase of play (Scenarios)"
            else:
                why = f"the phases of a player turn in impulse {imp} are {', '.join(phases)} (2.1)"
            self.fault("start.phase", f"{phase!r}: {why}")
        if imp == 2 and month_ok:
            m = self.p["month"]
            if calendar.mandate(m):
                self.fault("start.impulse", f"{calendar.name(m)} has no second impulse: none is played from December "
                                            "1947 to April 1948 (2.1d, ruling R-2.1-dates)")
            elif self.truce_in(m):
                self.fault("start.impulse", f"a truce is in effect in {calendar.name(m)}: only the first impulse is "
                                            "played (22.1a, 2.1d)")

    # ------------------------------------------------------------------------------------- the counters

    def counter(self, path: str, cid: Any) -> bool:
        """A listed counter id: one of the mix, listed once, and no supply counter. Returns whether to go on."""
        if not isinstance(cid, str) or cid not in self.pack.counters:
            self.fault(path, f"{cid!r} is not a counter of the data pack's mix (4.6)")
            return False
        c = self.pack.counters[cid]
        if c.type == "supply":
            self.fault(path, f"{cid} is a supply counter: supply is stated as points per hex in supply "
                             "(14.0, ruling R-14.0-points)")
            return False
        if cid in self.where:
            self.fault(path, f"{cid} is listed twice (also at {self.where[cid]}): a counter is in one place (4.6)")
            return False
        self.where[cid] = path
        return True

    def land(self, path: str, h: Any, what: str = "") -> bool:
        m = self.pack.map
        if not isinstance(h, str) or not m.has(h):
            self.fault(path, f"{h!r} is not a hex of the data pack's map{what}")
            return False
        if m.is_water(h):
            self.fault(path, f"{h} is all sea or lake: no unit or marker stands there{what} (7.4)")
            return False
        return True

    def list_of(self, path: str, v: Any) -> list:
        if not isinstance(v, list):
            self.fault(path, "must be a list of counter ids")
            return []
        return v

    def map(self) -> None:
        mp = self.p.get("map")
        if not isinstance(mp, dict):
            self.fault("map", "must be an object {hex: [counter ids]}")
            return
        for h, cids in mp.items():
            ok = self.land(f"map.{h}", h)
            for i, cid in enumerate(self.list_of(f"map.{h}", cids)):
                path = path_of("map", h, i)
                if not self.counter(path, cid):
                    continue
                if self.pack.counters[cid].type == "air":
                    self.fault(path, f"{cid} is an air unit: air units stay off the map, in their side's Available or "
                                     "Completed box (10.1)")
                elif ok:
                    self.hex_of[cid] = h

    def off_map(self) -> None:
        om = self.p.get("off_map", {})
        if not isinstance(om, dict):
            self.fault("off_map", f"must be an object of lists: {', '.join(OFF_MAP)}")
            return
        for status, cids in om.items():
            if status not in OFF_MAP:
                why = " (the pool holds every counter not listed)" if status == "pool" else ""
                self.fault(f"off_map.{status}", f"not a status a position lists: {', '.join(OFF_MAP)}{why}")
                continue
            for i, cid in enumerate(self.list_of(f"off_map.{status}", cids)):
                path = path_of("off_map", status, i)
                if not self.counter(path, cid):
                    continue
                c = self.pack.counters[cid]
                if status in ("available", "completed") and c.type != "air":
                    self.fault(path, f"{cid} is not an air unit: only air units are in the Available and Completed "
                                     "boxes (10.1a)")
                if status == "eliminated" and (c.nationality in ("irgun", "stern") or c.type == "leader"):
                    self.fault(path, f"{cid} cannot be eliminated and return: an eliminated Irgun, Stern or leader "
                                     "counter is out of the game (4.4, 20.6)")

    def broken(self) -> None:
        for i, cid in enumerate(self.list_of("broken", self.p.get("broken", []))):
            path = path_of("broken", i)
            if not isinstance(cid, str) or cid not in self.pack.counters:
                self.fault(path, f"{cid!r} is not a counter of the data pack's mix (4.6)")
            elif not self.where.get(cid, "").startswith("map"):
                self.fault(path, f"{cid} is not on the map: only units on the map show a face (13.0)")
            elif self.pack.counters[cid].back is None:
                self.fault(path, f"{cid} has no broken face: non-combat units are never broken (13.0, 19.5c)")

    def arab_british(self) -> None:
        ab = self.p.get("arab_british", [])
        if ab and not self.optional("25.3"):
            self.fault("arab_british", "British units join the Arab League only under the optional rule 25.3, "
                                       "which is not in force (options.optional)")
        for i, cid in enumerate(self.list_of("arab_british", ab)):
            path = path_of("arab_british", i)
            if not isinstance(cid, str) or cid not in self.pack.counters or self.pack.counters[cid].side is not None:
                self.fault(path, f"{cid!r} is not a British counter (27.2; 25.3)")
            elif cid not in self.where or self.where[cid].startswith("off_map.eliminated") \
                    or self.where[cid].startswith("off_map.out"):
                self.fault(path, f"{cid} is in the pool or out of play: the British units 25.3 gives the Arab League "
                                 "are on the map or in its air boxes (25.3)")

    def side_of(self, cid: str) -> str:
        if cid in (self.p.get("arab_british") or []):
            return "arab"
        brit = (self.p.get("options") or {}).get("british_intervention") if isinstance(self.p.get("options"), dict) \
            else None
        return self.pack.counters[cid].side or (brit if brit in ("arab", "israel") else "british")  # 27.8

    # -------------------------------------------------------------------------------------------- supply

    def supply(self) -> dict[str, dict[str, int]]:
        sup = self.p.get("supply", {})
        out: dict[str, dict[str, int]] = {s: {} for s in SIDES}
        if not isinstance(sup, dict):
            self.fault("supply", "must be an object {side: {hex: points}}")
            return out
        for side, hexes in sup.items():
            if side not in SIDES:
                self.fault(f"supply.{side}", "not a side: arab or israel (1.1)")
                continue
            if not isinstance(hexes, dict):
                self.fault(f"supply.{side}", "must be an object {hex: points}")
                continue
            for h, n in hexes.items():
                path = f"supply.{side}.{h}"
                if not is_count(n) or n == 0:
                    self.fault(path, f"must be a whole number of supply points from 1, not {n!r} (ruling "
                                     "R-14.0-points)")
                elif self.land(path, h):
                    out[side][h] = n
            cap = sum(c.points or 0 for c in self.pack.counters.values() if c.type == "supply" and c.side == side)
            total = sum(out[side].values())
            if total > cap:
                self.fault(f"supply.{side}", f"{total} supply points in play, but the mix's supply counters of this "
                                             f"side make {cap} (4.6, ruling R-14.0-points)")
        return out

    def stacking(self, supply: dict[str, dict[str, int]]) -> None:
        """8.3: a side never shares a hex with the enemy; 27.4: nor with a British unit it does not control."""
        at: dict[str, set[str]] = {}
        for cid, h in self.hex_of.items():
            at.setdefault(h, set()).add(self.side_of(cid))
        for side in SIDES:
            for h in supply[side]:
                at.setdefault(h, set()).add(side)
        for h, sides in sorted(at.items()):
            if set(SIDES) <= sides:
                self.fault(f"map.{h}" if h in (self.p.get("map") or {}) else f"supply.arab.{h}",
                           f"Arab League and Israeli units share {h}: enemy units never stack together (8.3)")
            elif "british" in sides and len(sides) > 1:
                self.fault(f"map.{h}", f"a British unit shares {h} with other units: units never end a move, are "
                                       "placed or retreat there (27.4)")

    # ------------------------------------------------------------------------------------------ markers

    def vp(self) -> None:
        vp = self.p.get("vp")
        if not isinstance(vp, dict) or set(vp) != set(SIDES) or not all(_whole(vp[s]) for s in SIDES):
            self.fault("vp", f"must be {{\"arab\": n, \"israel\": n}}, whole numbers, not {vp!r} (28.1)")

    def terrorized(self) -> None:
        ter = self.p.get("terrorized", {})
        if not isinstance(ter, dict):
            self.fault("terrorized", "must be an object {hex: the side that terrorized it, or null}")
            return
        people = {"israel": "arab", "arab": "jewish"}  # the population each side may terrorize (18.3)
        for h, who in ter.items():
            path = f"terrorized.{h}"
            if not self.land(path, h):
                continue
            pop = self.pack.map.hex(h).population
            if pop is None:
                self.fault(path, f"{h} has no population symbol: only a hex with one is terrorized (17.2, 18.3)")
            elif who is not None and who not in SIDES:
                self.fault(path, f"must be arab, israel or null (terrorized before play, 18.5), not {who!r}")
            elif who is not None and pop != people[who]:
                self.fault(path, f"{h} has a {pop} population: {who} terrorizes only the enemy's population (18.3)")

    def entrenched(self) -> None:
        ent = self.p.get("entrenched", {})
        if not isinstance(ent, dict):
            self.fault("entrenched", "must be an object {hex: side}: one marker a hex (15.2)")
            return
        sup = self.p.get("supply") if isinstance(self.p.get("supply"), dict) else {}
        for h, side in ent.items():
            path = f"entrenched.{h}"
            if not self.land(path, h):
                continue
            if side not in SIDES:
                self.fault(path, f"must be the side whose units hold it, arab or israel, not {side!r} (15.1)")
                continue
            held = any(hh == h and self.side_of(c) == side for c, hh in self.hex_of.items()) or bool(
                isinstance(sup.get(side), dict) and sup[side].get(h))
            if not held:
                self.fault(path, f"no unit of {side} is in {h}: the marker is removed once its units leave (15.4)")

    def destroyed_bridges(self) -> None:
        db = self.p.get("destroyed_bridges", [])
        if not isinstance(db, list):
            self.fault("destroyed_bridges", "must be a list of [hex, hex] pairs")
            return
        known = set(bridges._bridges(self.pack.digest))
        seen: set[tuple] = set()
        for i, pair in enumerate(db):
            path = path_of("destroyed_bridges", i)
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(h, str) for h in pair)):
                self.fault(path, f"must be a pair [hex, hex], not {pair!r}")
                continue
            key = tuple(sorted(pair))
            if key not in known:
                self.fault(path, f"{pair[0]}-{pair[1]} is not a bridge of the data pack's map (16.0, 7.5b)")
            elif key in seen:
                self.fault(path, f"{pair[0]}-{pair[1]} is listed twice: one marker a bridge (16.1)")
            seen.add(key)

    def truce(self, month_ok: bool) -> None:
        t = self.p.get("truce")
        if t is None:
            return
        keys = {"from", "until", "event", "armistice"}
        if not isinstance(t, dict) or set(t) != keys:
            self.fault("truce", 'must be null or {"from": month, "until": month, "event": text, "armistice": bool} '
                                "(22.0)")
            return
        if not isinstance(t["event"], str) or not isinstance(t["armistice"], bool):
            self.fault("truce", "event is the text of the event that gave it, armistice true or false (22.0, 28.4)")
        for k in ("from", "until"):
            if t[k] not in calendar.MONTHS:
                self.fault(f"truce.{k}", f"must be a month of the game, not {t[k]!r}")
                return
        if t["from"] < calendar.TRUCE_FROM:
            self.fault("truce.from", f"no truce takes effect before June 1948, not {calendar.name(t['from'])} (22.4)")
        if t["until"] < t["from"] or calendar.MONTHS.index(t["until"]) - calendar.MONTHS.index(t["from"]) > 2:
            self.fault("truce.until", "a truce lasts one to three turns from the turn it takes effect (22.2)")
        if month_ok:
            m, last = self.p["month"], MONTHS[self.p["scenario"]][1]
            if not t["from"] <= m <= t["until"]:
                self.fault("truce", f"a truce is stated while it is in effect: {calendar.name(m)} is not from "
                                    f"{calendar.name(t['from'])} to {calendar.name(t['until'])} (22.2; null otherwise)")
            if t["until"] > last:
                self.fault("truce.until", f"the End of Truce marker goes no later than the scenario's last turn, "
                                          f"{calendar.name(last)} (22.6)")

    def side_lists(self, key: str, whole: str, each: str) -> Iterator[tuple[str, list]]:
        """The position's *key*, an object of a list for each side (``revealed``: 21.0; ``pending``: 4.1b): each
        side and its list, in turn; a fault (*whole*, *each*: what they must be) for what is not."""
        found = self.p.get(key, {})
        if not isinstance(found, dict) or not set(found) <= set(SIDES):
            self.fault(key, f"must be an object {whole}")
            return
        for side, items in found.items():
            if isinstance(items, list):
                yield side, items
            else:
                self.fault(f"{key}.{side}", f"must be a list of {each}")

    def revealed(self) -> None:
        for side, hexes in self.side_lists("revealed", "{side: [hexes whose enemy stack it sees]} (21.0)",
                                           "hexes (21.1, 21.2, 21.4)"):
            for i, h in enumerate(hexes):
                path = path_of("revealed", side, i)
                if self.land(path, h) and hexes.index(h) != i:
                    self.fault(path, f"{h} is listed twice")

    def pending(self) -> None:
        for side, entries in self.side_lists("pending", "{side: [entries]} (4.1b)",
                                             "the event reinforcements waiting (4.1b)"):
            for i, e in enumerate(entries):
                self.pending_entry(path_of("pending", side, i), e)

    def pending_entry(self, path: str, e: Any) -> None:
        kind = e.get("kind") if isinstance(e, dict) else None
        if kind not in PENDING_KEYS:
            self.fault(path, 'must be {"kind": "units", "nationality", "units": [{"type", "size", "count"}], "area"} '
                             'or {"kind": "supply", "points", "area"} (4.1b)')
            return
        extra = set(e) - PENDING_KEYS[kind]
        if extra:
            self.fault(path, f"unknown keys {sorted(extra)} for a {kind} entry (4.1b)")
        area = e.get("area")
        if area is not None and area not in reinforcement_areas.RULES and not reinforcement_areas.pack_area(area):
            self.fault(f"{path}.area", f"{area!r} is not a reinforcement area: {', '.join(reinforcement_areas.RULES)} "
                                       "or null (the nationality's own)")
        if kind == "supply":
            if not is_count(e.get("points")) or e.get("points") == 0:
                self.fault(f"{path}.points", "must be a whole number of supply points from 1 (4.1b, 14.0)")
            return
        if not isinstance(e.get("nationality"), str):
            self.fault(f"{path}.nationality", "must name the units' nationality (4.1b)")
        specs = e.get("units")
        ok = isinstance(specs, list) and specs and all(
            isinstance(u, dict) and isinstance(u.get("type"), str) and is_count(u.get("count"))
            and (u.get("size") is None or isinstance(u.get("size"), str)) and set(u) <= {"type", "size", "count"}
            for u in specs)
        if not ok:
            self.fault(f"{path}.units", 'must be a list of {"type", "size", "count"} (4.1b)')

    def flags(self) -> None:
        fl = self.p.get("flags", {})
        if not isinstance(fl, dict):
            self.fault("flags", "must be an object: the rules' bookkeeping as the state keeps it")


def validate(p: Any) -> list[Fault]:
    """Every fault of position *p* (empty: it may be built)."""
    if not isinstance(p, dict):
        return [Fault("", "a position is a JSON object (docs/positions.md)")]
    c = Checker(p)
    if not c.fields():
        return c.out  # without the scenario and the pack nothing else can be checked
    month_ok = c.month()
    c.start(month_ok)
    c.map()
    c.off_map()
    c.broken()
    c.arab_british()
    supply = c.supply()
    c.stacking(supply)
    c.vp()
    c.terrorized()
    c.entrenched()
    c.destroyed_bridges()
    c.truce(month_ok)
    c.revealed()
    c.pending()
    c.flags()
    return c.out
