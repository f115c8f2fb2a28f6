"""The counters in a game: where each stands, which face is up, and the board the hex library reads (issue 31).

The counter mix is the pack's manifest (1.4a; 4.6: an absolute limit). The state keeps one record a counter,
``state["units"][id] = {"status": ..., "at": hex or None, "broken": bool}``:

- ``pool``: not in play yet, available to the reinforcement and setup rules (4.0, 4.4, 4.6);
- ``map``: on the map in hex ``at``, on its front (effective) or back (broken) face (13.0);
- ``available`` / ``completed``: an air unit in its side's Available or Completed box (10.1);
- ``eliminated``: removed by play; it may come back as a replacement where the Reinforcement Table lists its
  type (4.4), except Irgun and Stern units (4.4) and leaders (20.6), which are ``out``;
- ``out``: permanently out of the game (4.4, 20.6; Abd el Kader in Scenario 1, its special rule 5c);
- ``deploying``: taken from the mix for a group of the initial deployment, not placed yet (``deployment``).

Supply is points, not counters (14.0: a supply unit "can be broken into change freely at any time"; ruling
R-14.0-points): ``state["supply"][side][hex]`` is the points a side has in a hex, and the counter mix caps the
points a side may have in play (the sum of its supply counters' printed points, 4.6). On the hex library's
board a hex's supply is one non-combat unit ``supply@HEX`` of its side.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import lru_cache

from ...hexwar.stacking import Board
from ...hexwar.terrain import Unit
from . import packs
from .pack import CounterData, Pack

#: The two players (1.1) in the order they play each impulse (2.1: the Arab League first).
SIDES = ("arab", "israel")
SIDE_NAMES = {"arab": "the Arab League", "israel": "Israel"}
#: A side's name starting a sentence.
SIDE_TITLES = {"arab": "The Arab League", "israel": "Israel"}

STATUSES = ("pool", "map", "available", "completed", "eliminated", "out", "deploying")


def other(side: str) -> str:
    return "israel" if side == "arab" else "arab"


def pack_of(state: dict) -> Pack:
    """The game's data pack (``state["pack"]["digest"]``, packs.get: a digest names one pack's content, so the
    answer is kept once found)."""
    return _pack(state["pack"]["digest"])


@lru_cache(maxsize=16)
def _pack(digest: str) -> Pack:
    return packs.get(digest)


def counter(state: dict, cid: str) -> CounterData:
    return _pack(state["pack"]["digest"]).counters[cid]


@lru_cache(maxsize=4096)
def _face(pack_digest: str, cid: str, broken: bool) -> Unit:
    return packs.get(pack_digest).counters[cid].unit(broken)


@lru_cache(maxsize=16)
def _faces(pack_digest: str) -> tuple[dict[str, Unit], dict[str, Unit]]:
    """The pack's faces as :func:`_face` makes them, by counter id: ``(fronts, backs)`` (13.2), each kept as it
    is first asked for (a pack's counters never change): :func:`_board` reads them by id, without making a key of
    three for :func:`_face` for every counter."""
    return {}, {}


def british_side(state: dict) -> str:
    """The side the printed British counters belong to: ``british`` (nobody's, 27.2), or the side the game option
    ``british_intervention`` puts them on (27.8; ruling R-27.8-intervention)."""
    return (state.get("options") or {}).get("british_intervention") or "british"


def unit(state: dict, cid: str) -> Unit:
    """Counter *cid* as it stands now (its face up: 13.2), as the hex library reads a unit; a record's ``side``
    gives a British unit to the side that controls it (25.3, ruling R-25.3-control), and so does a British
    intervention (27.8, ruling R-27.8-intervention)."""
    rec = state["units"][cid]
    u = _face(state["pack"]["digest"], cid, bool(rec["broken"]))
    side = rec.get("side")
    if side is None and u.side is None:
        side = (state.get("options") or {}).get("british_intervention")
    return u if side is None else _sided(u, side)


@lru_cache(maxsize=1024)
def _sided(u: Unit, side: str) -> Unit:
    """*u* (a counter's face, frozen) controlled by *side* (25.3, 27.8): made once for each face and side."""
    return replace(u, side=side)


def supply_unit(state: dict, side: str, hex_: str) -> Unit:
    """A side's supply points in a hex, as one non-combat unit of the hex library (ruling R-14.0-points): MF is
    the smallest printed MF among the side's supply counters (14.0; every supply counter moves alike). The unit
    is the pack's alone (frozen: one per pack, side and hex, kept once made)."""
    return _supply_unit(state["pack"]["digest"], side, hex_)


@lru_cache(maxsize=1024)
def _supply_unit(pack_digest: str, side: str, hex_: str) -> Unit:
    mfs = [c.front.mf for c in packs.get(pack_digest).counters.values()
           if c.type == "supply" and c.side == side and c.front is not None]
    return Unit(id=f"supply@{hex_}", side=side, type="supply", cs=0, mf=min(mfs) if mfs else 0)


def on_map(state: dict, side: str | None = None) -> Iterator[str]:
    """The ids of the counters on the map (of *side*; ``"british"`` for the uncontrolled British units)."""
    r = _reading(state)
    if r is not None:
        yield from list(r.by_side().get(side, ()))
        return
    pack = pack_of(state)
    brit = british_side(state)
    for cid, rec in state["units"].items():
        if rec["status"] == "map":
            s = rec.get("side") or pack.counters[cid].side or brit
            if side is None or s == side:
                yield cid


def sides_on_map(state: dict, *, made: bool = False) -> dict[str | None, list[str]] | None:
    """The counters on the map of each side, and of every side (None), in the manifest's order, as the
    :class:`Reading` of *state* under way indexes them (read-only: the index itself, not a copy); None outside
    one (then :func:`on_map` reads the records), and with *made* None unless the index is made already."""
    r = _reading(state)
    if r is None or (made and r.sides is None):
        return None
    return r.by_side()


class _Local(threading.local):
    reading: Reading | None = None


_LOCAL = _Local()


class Reading:
    """A stretch of work that reads the counters and supply points of *state* and changes none of them (every
    prompt: ``hooks``; a step's questions asked before it changes anything): ``with units.Reading(state):``.
    Inside it, :func:`at`, :func:`on_map`, :func:`with_status`, :func:`occupies` and :func:`board` answer from one
    index of ``state["units"]`` (and the supply, for the board), made on the first question, and :func:`memo`
    keeps what other modules work out from them; outside it (or for another state) they read the records, as
    ever. The indexes live as long as the ``with`` and never leave it (one per thread)."""

    __slots__ = ("state", "units", "prev", "at", "sides", "board", "statuses", "occupied", "memo")

    def __init__(self, state: dict):
        self.state, self.units = state, state["units"]
        # each index made on its first question: at(), on_map(), board(), with_status(), occupies()
        self.at: dict[str, list[str]] | None = None
        self.sides: dict[str | None, list[str]] | None = None
        self.board: Board | None = None
        self.statuses: dict[str, list[str]] | None = None
        self.occupied: set[tuple[str, str]] | None = None
        #: what other modules work out from the counters and supply once in the stretch (:func:`memo`)
        self.memo: dict = {}

    def __enter__(self) -> Reading:
        self.prev = _LOCAL.reading
        _LOCAL.reading = self
        return self

    def __exit__(self, *exc) -> None:
        _LOCAL.reading = self.prev

    def counters_at(self) -> dict[str, list[str]]:
        """The counters on the map by hex, in the manifest's order."""
        if self.at is None:
            self._index()
        return self.at

    def by_side(self) -> dict[str | None, list[str]]:
        """The counters on the map of each side, and of every side (None), in the manifest's order."""
        if self.sides is None:
            printed, brit = printed_sides(self.state), british_side(self.state)
            every: list[str] = []
            sides: dict[str | None, list[str]] = {None: every}
            for cid, rec in self.units.items():
                if rec["status"] == "map":
                    every.append(cid)
                    side = rec.get("side") or printed[cid] or brit  # side_of, inline
                    mine = sides.get(side)
                    if mine is None:
                        sides[side] = [cid]
                    else:
                        mine.append(cid)
            self.sides = sides
        return self.sides

    def _index(self) -> None:
        """:meth:`counters_at`, :meth:`by_side` and :meth:`occupancy` in one pass over the counters (a prompt that
        asks who stands in a hex nearly always asks each side's counters too); an index made already stays. When
        :meth:`by_side` has the sides already, the pass is over the counters on the map alone, side by side (the
        same hexes, each with its counters in the manifest's order: ``every`` is in that order)."""
        at_: dict[str, list[str]] = {}
        occupied: set[tuple[str, str]] = set()
        sides = self.sides
        if sides is not None:
            recs = self.units
            for cid in sides[None]:
                h = recs[cid]["at"]
                here = at_.get(h)
                if here is None:
                    at_[h] = [cid]
                else:
                    here.append(cid)
            for side, cids in sides.items():
                if side is not None:
                    occupied.update([(recs[cid]["at"], side) for cid in cids])
            self.at = at_
            if self.occupied is None:
                self.occupied = occupied
            return
        printed, brit = printed_sides(self.state), british_side(self.state)
        every: list[str] = []
        sides = {None: every}
        for cid, rec in self.units.items():
            if rec["status"] == "map":
                h, side = rec["at"], rec.get("side") or printed[cid] or brit  # side_of, inline
                here = at_.get(h)
                if here is None:
                    at_[h] = [cid]
                else:
                    here.append(cid)
                occupied.add((h, side))
                every.append(cid)
                mine = sides.get(side)
                if mine is None:
                    sides[side] = [cid]
                else:
                    mine.append(cid)
        self.at = at_
        self.sides = sides
        if self.occupied is None:
            self.occupied = occupied

    def by_status(self) -> dict[str, list[str]]:
        """The counters of each status (``pool``, ``map``...), in the manifest's order."""
        if self.statuses is None:
            statuses: dict[str, list[str]] = {}
            for cid, rec in self.units.items():
                statuses.setdefault(rec["status"], []).append(cid)
            self.statuses = statuses
        return self.statuses

    def occupancy(self) -> set[tuple[str, str]]:
        """Every (hex, side) where the side has a counter on the map (supply points aside)."""
        if self.occupied is None:
            self._index()
        return self.occupied


def _reading(state: dict) -> Reading | None:
    """The :class:`Reading` of *state* under way in this thread, or None."""
    r = _LOCAL.reading
    if r is None or r.state is not state or r.units is not state["units"]:
        return None
    return r


def memo(state: dict) -> dict | None:
    """A dict that lives as long as the :class:`Reading` of *state* under way (None outside one): where a module
    keeps what it works out from the counters and supply points once in it (read-only, like the indexes)."""
    r = _reading(state)
    return None if r is None else r.memo


def occupies(state: dict, hex_: str, side: str) -> bool:
    """Whether *side* has a counter in *hex_* (supply points aside: ``places.occupied_by`` counts them)."""
    r = _reading(state)
    if r is not None:
        return (hex_, side) in r.occupancy()
    printed = _sides(state["pack"]["digest"])
    brit = british_side(state)
    for cid, rec in state["units"].items():
        if rec["at"] == hex_ and rec["status"] == "map" and (rec.get("side") or printed[cid] or brit) == side:
            return True
    return False


def at(state: dict, hex_: str) -> list[str]:
    """The ids of the counters in *hex_* (any side), in the manifest's order."""
    r = _reading(state)
    if r is not None:
        return list(r.counters_at().get(hex_, ()))
    return [cid for cid, rec in state["units"].items() if rec["at"] == hex_ and rec["status"] == "map"]


def with_status(state: dict, status: str) -> list[str]:
    """The ids of the counters of *status* (``pool``, ``available``...), in the manifest's order."""
    r = _reading(state)
    if r is not None:
        return list(r.by_status().get(status, ()))
    return [cid for cid, rec in state["units"].items() if rec["status"] == status]


@lru_cache(maxsize=16)
def _sides(pack_digest: str) -> dict[str, str]:
    """Each counter's side as printed (None for the British units: 27.2), per pack."""
    return {cid: c.side for cid, c in packs.get(pack_digest).counters.items()}


def printed_sides(state: dict) -> dict[str, str | None]:
    """Each counter's side as printed (None for the British units, whose side :func:`british_side` gives; read-only: a
    table built once per pack).
    The loops over every counter (``view``, :class:`Reading`) read a counter's side as
    ``rec.get("side") or printed[cid] or side_of(state, cid)``: :func:`side_of` inline, and :func:`side_of` itself
    for a counter the table gives no side."""
    return _sides(state["pack"]["digest"])


def side_of(state: dict, cid: str) -> str:
    """``arab``, ``israel`` or ``british`` (27.2: the British units belong to no side, unless a record gives one
    to a side: 25.3, R-25.3-control; or a British intervention: 27.8, R-27.8-intervention)."""
    return state["units"][cid].get("side") or _sides(state["pack"]["digest"])[cid] or british_side(state)


def supply_points(state: dict, side: str, hex_: str) -> int:
    return state["supply"][side].get(hex_, 0)


def supply_cap(state: dict, side: str) -> int:
    """The most supply points *side* may have in play: its supply counters' points (4.6; R-14.0-points)."""
    return sum(c.points or 0 for c in pack_of(state).counters.values() if c.type == "supply" and c.side == side)


def supply_in_play(state: dict, side: str) -> int:
    return sum(state["supply"][side].values())


def add_supply(state: dict, side: str, hex_: str, points: int) -> int:
    """Adds up to *points* supply points of *side* in *hex_*, as far as the counter mix allows (4.6); returns
    how many were added."""
    room = max(0, supply_cap(state, side) - supply_in_play(state, side))
    n = min(points, room)
    if n > 0:
        state["supply"][side][hex_] = state["supply"][side].get(hex_, 0) + n
    return n


def spend_supply(state: dict, side: str, hex_: str, points: int = 1) -> None:
    """Spends *points* of *side*'s supply in *hex_* (14.1-14.2: spent supply leaves the map)."""
    have = state["supply"][side].get(hex_, 0)
    if have < points:
        raise ValueError(f"{side} has {have} supply points in {hex_}, not {points} (14.1)")
    if have == points:
        del state["supply"][side][hex_]
    else:
        state["supply"][side][hex_] = have - points


def board(state: dict) -> Board:
    """Every unit on the map, supply included, as the hex library's :class:`Board` (made once in a
    :class:`Reading`, from its index of the counters by hex: the supply points too stay as they are there, since
    a Board never changes)."""
    r = _reading(state)
    if r is not None:
        if r.board is None:
            r.board = _board(state, r.counters_at())
        return r.board
    return _board(state)


def board_near(state: dict, hexes: frozenset[str]) -> Board:
    """The part of :func:`board` in *hexes* (each of them with the same units in the same order, in the same order
    of hexes; no other hex), for a rule that asks of those hexes alone (a force on the move reads its hex's
    neighbours: ``movement_force``). The whole board when a :class:`Reading` has it made already."""
    r = _reading(state)
    if r is not None:
        if r.board is not None:
            return r.board
        return _board(state, {h: cids for h, cids in r.counters_at().items() if h in hexes}, hexes)
    local: dict[str, list[str]] = {}
    for cid, rec in state["units"].items():
        if rec["status"] == "map" and rec["at"] in hexes:
            local.setdefault(rec["at"], []).append(cid)
    return _board(state, local, hexes)


def _board(state: dict, by_hex: dict[str, list[str]] | None = None, only: frozenset[str] | None = None) -> Board:
    """:func:`board`; *by_hex*: the counters on the map by hex in the manifest's order (``Reading.counters_at``),
    when indexed already (the same hexes in the same order as the loop over the records finds them); *only*: the
    hexes whose supply points count (:func:`board_near`; None: every hex)."""
    recs = state["units"]
    digest = state["pack"]["digest"]
    intervention = (state.get("options") or {}).get("british_intervention")
    if by_hex is None:
        by_hex = {}
        for cid, rec in recs.items():
            if rec["status"] == "map":
                by_hex.setdefault(rec["at"], []).append(cid)
    at_: dict[str, list[Unit]] = {}
    fronts, backs = _faces(digest)
    for hex_, cids in by_hex.items():
        here = at_[hex_] = []
        for cid in cids:
            rec = recs[cid]
            broken = bool(rec["broken"])
            faces = backs if broken else fronts
            u = faces.get(cid)  # unit(), inline (its faces kept by counter id)
            if u is None:
                u = faces[cid] = _face(digest, cid, broken)
            side = rec.get("side")
            if side is None and u.side is None:
                side = intervention
            here.append(u if side is None else _sided(u, side))
    for side in SIDES:
        for hex_ in state["supply"][side]:
            if only is None or hex_ in only:
                at_.setdefault(hex_, []).append(supply_unit(state, side, hex_))
    return Board(at_)


def place(state: dict, cid: str, hex_: str, *, broken: bool = False) -> None:
    """Puts *cid* on the map in *hex_* (a record's controlling ``side``, 25.3, stays with it)."""
    side = state["units"].get(cid, {}).get("side")
    state["units"][cid] = {"status": "map", "at": hex_, "broken": broken, **({"side": side} if side else {})}


def remove(state: dict, cid: str, status: str) -> None:
    """Takes *cid* off the map (or out of a box) into *status*: ``eliminated`` (it may return, 4.4) or ``out``;
    an eliminated Irgun, Stern or leader counter is ``out`` (4.4, 20.6)."""
    c = counter(state, cid)
    if status == "eliminated" and (c.nationality in ("irgun", "stern") or c.type == "leader"):
        status = "out"
    state["units"][cid] = {"status": status, "at": None, "broken": False}


def interchangeable(state: dict, cids: Iterable[str], *, placed: bool = False) -> list[str]:
    """The first of each group of interchangeable counters among *cids* (the same side, nationality, type, size
    and faces: ruling R-4.6-alike), so a prompt names one of each kind rather than every identical counter. With
    *placed* (counters on the map) they are alike only on the same face in the same hex (13.2, 13.4: which unit
    takes a break, or leaves the map)."""
    pack = pack_of(state)
    seen: set[tuple] = set()
    out = []
    for cid in cids:
        c = pack.counters[cid]
        kind = (c.side, c.nationality, c.type, c.size, c.front, c.back, c.points, c.designation if c.type == "leader"
                else "")
        if placed:
            kind += (state["units"][cid]["broken"], state["units"][cid]["at"])
        if kind not in seen:
            seen.add(kind)
            out.append(cid)
    return out


def new_units(pack: Pack) -> dict[str, dict]:
    """Every counter of the mix in the pool (supply is points: R-14.0-points; the counters stay out of it)."""
    return {cid: {"status": "pool", "at": None, "broken": False}
            for cid, c in pack.counters.items() if c.type != "supply"}
