"""Spaces, pieces, boxes and Curfews shared by the British Way games (rules 1.3, 1.4 and Curfews of each).

A game describes its map (``map.json``: spaces with ``id``, ``name``, ``kind``; ``adjacency`` edges) and
its piece kinds (:class:`PieceKind`); :class:`Board` then gives the helpers every Operation, Special
Activity and Event uses, so that the invariants hold after each change:

- pieces are placed from Available (1.4.1), two-state pieces (Cells, Guerrillas, Irregulars) Underground
  (1.4.3), never beyond a stacking limit or into a kind of space they may not occupy (1.4.2);
- pieces removed go to Available, or to a box (Prison, out of the game) that accepts them;
- a Curfew in a space left with no British piece is lifted at once (Palestine 1.10, Arab Revolt 1.12);
- the game's after-change hooks (:attr:`Board.hooks`: Control kept current with its immediate effects,
  markers removed when their condition ends) run after every placement, removal and move, or once at the
  end of a simultaneous move (:meth:`Board.together`).

The state holds ``spaces`` (space id -> counts by key), ``available`` (piece -> count) and the boxes.
A box holding one kind of piece is a number (Palestine's Prison of Cells); a box holding several is a
dict by piece (Arab Revolt's Prison of Guerrillas and Bases).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter

from ..core.errors import InvalidActionError, RulesBugError
from ..core.flow import Context
from . import map_overrides
from .wording import article


@dataclass(frozen=True)
class PieceKind:
    """One kind of piece.

    :ivar name: its name in Available (``cells``, ``guerrillas``, ``troops``).
    :ivar side: the faction that owns it.
    :ivar flips: Underground/Active (1.4.3): kept in a space under ``<name>_u`` and ``<name>_a``.
    :ivar stack: at most this many in one space (1.4.2), or no limit.
    :ivar never_in: kinds of space it may never occupy (1.4.2).
    :ivar label: its display name, singular (``Cell``, ``Arms Cache``, ``Police cube``).
    :ivar words: the word naming each of its keys in orders (``lydda underground``, ``gaza cache``).
    """

    name: str
    side: str
    flips: bool = False
    stack: int | None = None
    never_in: frozenset[str] = field(default_factory=frozenset)
    label: str = ""
    words: tuple[str, ...] = ()

    @functools.cached_property
    def keys(self) -> tuple[str, ...]:
        """Its keys in a space: Underground first for a two-state piece (worked out once: a piece's fields
        never change, and placements and counts ask it every step)."""
        return (f"{self.name}_u", f"{self.name}_a") if self.flips else (self.name,)

    def named(self, key: str | None = None) -> str:
        """``a Troop``, ``an Arms Cache``; for a two-state key ``an Underground Cell``."""
        if self.flips and key:
            return f"an {'Underground' if key.endswith('_u') else 'Active'} {self.label}"
        return f"{article(self.label)} {self.label}"


class Board:
    """The map of one game and the piece bookkeeping on it (see the module docstring)."""

    def __init__(self, map_data: dict, pieces: list[PieceKind], *, markers: tuple[str, ...],
                 curfews: int, curfew_kinds: tuple[str, ...], curfew_rule: str,
                 boxes: dict[str, tuple[str, ...]]):
        self.spaces: list[str] = [s["id"] for s in map_data["spaces"]]
        self.names: dict[str, str] = {s["id"]: s["name"] for s in map_data["spaces"]}
        self.kind: dict[str, str] = {s["id"]: s["kind"] for s in map_data["spaces"]}
        #: the map's own adjacency; the rules ask ``neighbours``, which applies a game's map overrides.
        self.adj: dict[str, set[str]] = {s: set() for s in self.spaces}
        #: each edge's provenance (``stated: ...``, ``example: ...``, ``inferred: ...``).
        self.edge_source: dict[frozenset[str], str] = {}
        for e in map_data["adjacency"]:
            self.adj[e["a"]].add(e["b"])
            self.adj[e["b"]].add(e["a"])
            self.edge_source[frozenset((e["a"], e["b"]))] = e["source"]
        #: the map's own adjacency sorted by id (:meth:`sorted_neighbours`).
        self.adj_sorted: dict[str, tuple[str, ...]] = {s: tuple(sorted(near)) for s, near in self.adj.items()}
        self.pieces: dict[str, PieceKind] = {p.name: p for p in pieces}
        self.piece_of_key: dict[str, str] = {k: p.name for p in pieces for k in p.keys}
        #: side -> the keys of its pieces in a space (:meth:`side_pieces`).
        self.side_keys: dict[str, tuple[str, ...]] = {}
        for k, name in self.piece_of_key.items():
            side = self.pieces[name].side
            self.side_keys[side] = (*self.side_keys.get(side, ()), k)
        #: order word <-> key (PieceKind.words).
        self.key_of_word: dict[str, str] = {w: k for p in pieces for w, k in zip(p.words, p.keys, strict=True)}
        self.word_of_key: dict[str, str] = {k: w for w, k in self.key_of_word.items()}
        self.markers = markers
        self.curfews = curfews
        self.curfew_kinds = curfew_kinds
        self.curfew_rule = curfew_rule
        #: box name -> the pieces it accepts (``prison``, ``removed``).
        self.boxes = boxes
        #: Population of each space (Malaya 1.3; 0 where the map gives none).
        self.pop: dict[str, int] = {s["id"]: s.get("pop") or 0 for s in map_data["spaces"]}
        #: After-change hooks ``hook(g, sid)``, in order (:meth:`changed`); a game adds its own.
        self.hooks: list[Callable[[Context, str], None]] = []

    # -- spaces ------------------------------------------------------------------------------------
    def of_kind(self, *kinds: str) -> list[str]:
        return [s for s in self.spaces if self.kind[s] in kinds]

    def empty_space(self) -> dict:
        return {**{k: 0 for k in self.piece_of_key}, **{m: 0 for m in self.markers}}

    def spaces_at_setup(self, entries: list[dict], levels: dict[str, int] | None = None) -> dict[str, dict]:
        """Every space's counts at setup from a game's ``setup.json`` entries: each names its ``space`` and
        counts pieces by piece name (``guerrillas``: the first key, Underground, 1.4.3) or markers by key;
        ``alignment`` is the space's level by *levels* (Support/Opposition, Loyalty/Resistance); ``source``
        and ``control`` (worked out, engine.coin.control) are not counts."""
        spaces = {sid: self.empty_space() for sid in self.spaces}
        for entry in entries:
            x = spaces[entry["space"]]
            for key, n in entry.items():
                if key in ("space", "source", "control"):
                    continue
                if key == "alignment":
                    x["support"] = levels[n]
                else:
                    x[self.pieces[key].keys[0] if key in self.pieces else key] += n
        return spaces

    def sp(self, g: Context, sid: str) -> dict:
        return g.s["spaces"][sid]

    def name(self, sid: str) -> str:
        return self.names[sid]

    def neighbours(self, g: Context, sid: str) -> set[str]:
        """The spaces adjacent to *sid* in this game: the map's, with the umpire's overrides chosen at
        creation (``state["map"]``, ``map_overrides``)."""
        over = g.s.get("map")
        return map_overrides.apply(self.adj[sid], sid, over) if over else self.adj[sid]

    def sorted_neighbours(self, g: Context, sid: str) -> tuple[str, ...]:
        """:meth:`neighbours` sorted by id, the order in which the prompts list moves from them: the map's own,
        sorted once (:attr:`adj_sorted`), unless the game has map overrides."""
        over = g.s.get("map")
        return tuple(sorted(map_overrides.apply(self.adj[sid], sid, over))) if over else self.adj_sorted[sid]

    def within_one(self, g: Context, sid: str) -> list[str]:
        """The space and those adjacent to it."""
        return [sid, *self.sorted_neighbours(g, sid)]

    def map_option(self, spec) -> dict:
        """The game option ``map`` checked (``map_overrides.check``): what setup keeps in ``state["map"]``."""
        try:
            return map_overrides.check(self, spec)
        except InvalidActionError as e:
            raise InvalidActionError(f"map option: {e.message}") from None

    def named(self, key: str) -> str:
        """Display name of one piece of *key* (``an Underground Cell``)."""
        return self.pieces[self.piece_of_key[key]].named(key)

    # -- counting ----------------------------------------------------------------------------------
    def count(self, x: dict, piece: str) -> int:
        """Pieces of kind *piece* in the space counts *x*, in either state."""
        n = 0
        for k in self.pieces[piece].keys:
            n += x[k]
        return n

    def side_pieces(self, x: dict, side: str) -> int:
        """Pieces of faction *side* in the space counts *x*, in either state."""
        n = 0
        for k in self.side_keys.get(side, ()):
            n += x[k]
        return n

    def on_map(self, g: Context, key: str) -> int:
        """Total of *key* (a piece key or a marker) over the map."""
        return sum(map(itemgetter(key), g.s["spaces"].values()))  # no generator to resume a space

    def room(self, g: Context, sid: str, piece: str) -> int | None:
        """How many more of *piece* fit in *sid* (1.4.2); ``None`` for no limit."""
        p = self.pieces[piece]
        if self.kind[sid] in p.never_in:
            return 0
        if p.stack is None:
            return None
        return max(0, p.stack - self.count(self.sp(g, sid), piece))

    # -- after-change hooks ------------------------------------------------------------------------
    def changed(self, g: Context, sid: str) -> None:
        """Runs the hooks for *sid*, whose pieces just changed; inside :meth:`together`, once at its end."""
        if g.batch is not None:
            g.batch.add(sid)
            return
        for hook in self.hooks:
            hook(g, sid)

    def together(self, g: Context) -> _Together:
        """A simultaneous move (Malaya's Sweep, March and Garrison: every group moves at once): the hooks of
        the spaces it changes run once it is over, in board order, so that a space passed through or left and
        refilled in the same move does not gain and lose Control, or lose a marker, on the way. Nested uses
        join the outer one. A context manager (``with board.together(g):``); none of the hooks run if the move
        raises."""
        return _Together(self, g)

    # -- moving pieces -----------------------------------------------------------------------------
    def place(self, g: Context, sid: str, piece: str, n: int = 1) -> int:
        """Places up to *n* of *piece* from Available in *sid*; returns how many (1.4.1, 1.4.2, 1.4.3)."""
        room = self.room(g, sid, piece)
        if room is not None:
            n = min(n, room)
        avail = g.s["available"]
        n = max(0, min(n, avail[piece]))
        if n:
            avail[piece] -= n
            self.sp(g, sid)[self.pieces[piece].keys[0]] += n
            if self.hooks:
                self.changed(g, sid)
        return n

    def remove(self, g: Context, sid: str, key: str, n: int = 1, to: str = "available") -> int:
        """Removes up to *n* pieces of *key* from *sid* to Available or a box; returns how many."""
        x = self.sp(g, sid)
        n = max(0, min(n, x[key]))
        if not n:
            return 0
        piece = self.piece_of_key[key]
        if to != "available" and piece not in self.boxes.get(to, ()):
            raise RulesBugError(f"{piece} cannot go to {to}")
        x[key] -= n
        self.add_to(g, to, piece, n)
        self.check_curfew(g, sid)
        if self.hooks:
            self.changed(g, sid)
        return n

    def add_to(self, g: Context, box: str, piece: str, n: int) -> None:
        """Adds *n* of *piece* to Available or a box (a number, or a dict by piece)."""
        if box == "available":
            g.s["available"][piece] += n
        elif isinstance(g.s[box], dict):
            g.s[box][piece] = g.s[box].get(piece, 0) + n
        else:
            g.s[box] += n

    def move(self, g: Context, src: str, dst: str, key: str, n: int = 1) -> int:
        """Moves up to *n* pieces of *key* from *src* to *dst* (state unchanged, 1.4.3 NOTE)."""
        x, y = self.sp(g, src), self.sp(g, dst)
        n = max(0, min(n, x[key]))
        x[key] -= n
        y[key] += n
        self.check_curfew(g, src)
        if self.hooks and n:
            self.changed(g, src)
            self.changed(g, dst)
        return n

    def activate(self, g: Context, sid: str, n: int, piece: str) -> int:
        """Flips up to *n* Underground pieces of *piece* Active; returns how many flipped (1.4.3)."""
        u, a = self.pieces[piece].keys
        x = self.sp(g, sid)
        k = max(0, min(n, x[u]))
        x[u] -= k
        x[a] += k
        return k

    def flip_all_underground(self, g: Context) -> None:
        """Every two-state piece on the map Underground (Reset of each game)."""
        for x in g.s["spaces"].values():
            for p in self.pieces.values():
                if p.flips:
                    u, a = p.keys
                    x[u] += x[a]
                    x[a] = 0

    # -- Curfews -----------------------------------------------------------------------------------
    def british(self, x: dict) -> int:
        return self.side_pieces(x, "british")

    def check_curfew(self, g: Context, sid: str) -> None:
        """A Curfew in a space with no British pieces is removed at once."""
        x = self.sp(g, sid)
        if x.get("curfew") and not self.british(x):
            x["curfew"] = 0
            g.say(f"The Curfew in {self.name(sid)} was lifted: no British pieces remain.", rule=self.curfew_rule)

    def curfews_on_map(self, g: Context) -> int:
        return self.on_map(g, "curfew")

    def can_curfew(self, g: Context, sid: str) -> bool:
        """A Curfew may go in *sid*: a kind that takes one, none there, one in the pool, British present."""
        x = self.sp(g, sid)
        return (self.kind[sid] in self.curfew_kinds and not x["curfew"]
                and self.curfews_on_map(g) < self.curfews and bool(self.british(x)))

    def place_curfew(self, g: Context, sid: str) -> bool:
        """Places a Curfew in *sid* if :meth:`can_curfew`; a Curfew where no British are would be lifted at
        once, so none is placed there."""
        if not self.can_curfew(g, sid):
            return False
        self.sp(g, sid)["curfew"] = 1
        return True

    # -- checks ------------------------------------------------------------------------------------
    def count_pieces(self, state: dict, elsewhere: dict[str, int] | None = None) -> dict[str, int]:
        """Every piece on the map, in Available and in the boxes (plus *elsewhere*), by piece."""
        tot = dict.fromkeys(self.pieces, 0)
        for x in state["spaces"].values():
            for key, piece in self.piece_of_key.items():
                tot[piece] += x[key]
        for piece, n in state["available"].items():
            tot[piece] += n
        for box, accepts in self.boxes.items():
            val = state[box]
            if isinstance(val, dict):
                for piece, n in val.items():
                    tot[piece] += n
            else:
                tot[accepts[0]] += val
        for piece, n in (elsewhere or {}).items():
            tot[piece] += n
        return tot


class _Together:
    """The context of :meth:`Board.together` (a class rather than a generator: Operations open one a step)."""

    __slots__ = ("board", "g", "outer")

    def __init__(self, board: Board, g: Context):
        self.board, self.g, self.outer = board, g, False

    def __enter__(self) -> None:
        self.outer = self.g.batch is not None  # a nested use joins the outer one
        if not self.outer:
            self.g.batch = set()

    def __exit__(self, kind, value, tb) -> bool:
        if self.outer:
            return False
        g = self.g
        spaces, g.batch = g.batch, None
        if kind is None:
            board = self.board
            for sid in board.spaces:
                if sid in spaces:
                    board.changed(g, sid)
        return False
