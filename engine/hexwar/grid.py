"""The hex grid of a map (1.3): axial coordinates, the printed XXYY numbering, neighbours, distance, hexsides.

Rule 1.3 puts "a hexagonal network" over the map; units stand in hexes and move from hex to hex. The
rulebook gives no map (digest A.0): the umpire's data pack says how its hexes are drawn and numbered
(digest A.16, ``meta.orientation`` and ``meta.coord``), and :class:`Layout` turns that into arithmetic.

Coordinates. A :class:`Hex` is an axial coordinate ``(q, r)``: ``q`` counts columns (flat-top) or
diagonals (pointy-top), ``r`` the other axis, with ``r`` growing down the page. The six neighbours are
the six unit steps (:data:`DIRECTIONS`), and the distance is ``(|dq| + |dr| + |dq + dr|) / 2``: pure
arithmetic, no search, the same on any map (hexes counted as the rules count them, e.g. "within four
hexes"; a path that must stay on the map is the business of movement).

Printed numbers. A hex is printed "XXYY": the column, then the row, each ``digits`` wide ("4012" is
column 40, row 12), starting at ``first``. Flat-top hexes stand in straight columns and every other
column is half a hex lower (``odd_shift="down"``: the odd-numbered columns) or higher (``"up"``);
pointy-top hexes stand in straight rows and the odd-numbered rows are half a hex to the ``"right"`` or
the ``"left"``. Parity is that of the printed number, so it does not depend on ``first``.

"Hexagon line 4000" (30.1b1). The only hex number in the rulebook names the hex line containing Gaza,
not a hex: ``XX00`` is no hex when the numbering starts at 01 (digest A.0, A.16 and A.17). Ruling
R-30.1b1-line (the digest's interpretation): "4000" names the line of hexes numbered 40xx; a label
ending (or starting) in 00 below ``first`` is refused with that explanation, and :meth:`Grid.column`
and :meth:`Grid.row` give a whole printed line. Which axis the line runs along, and so what "south of"
it means, is the pack's to say (the digest: "confirm which axis against the map").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from engine.core.errors import InvalidActionError

RULE = "1.3"


class GridError(InvalidActionError, ValueError):
    """A hex number that is not one, a hex off the map, or two hexes that share no hexside (1.3).

    An :class:`~engine.core.errors.InvalidActionError` (code ``invalid``) and a ``ValueError``."""

    def __init__(self, message: str, *, rule: str = RULE):
        super().__init__(message, rule=rule)


class Hex(NamedTuple):
    """A hex in axial coordinates: ``q`` along the columns (flat-top) or diagonals (pointy-top), ``r``
    growing down the page. Only :class:`Layout` knows its printed number."""

    q: int
    r: int


#: The six unit steps, clockwise from the top: N, NE, SE, S, SW, NW on a flat-top map; NW, NE, E,
#: SE, SW, W on a pointy-top one (:data:`COMPASS`). :func:`neighbours` follows this order.
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))

#: The compass name of each of :data:`DIRECTIONS`, by orientation (north at the top of the map sheet).
COMPASS = {
    "flat": ("N", "NE", "SE", "S", "SW", "NW"),
    "pointy": ("NW", "NE", "E", "SE", "SW", "W"),
}


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes that share a hexside with *h*, clockwise from the top (:data:`DIRECTIONS`) (1.3)."""
    q, r = h
    return (Hex(q, r - 1), Hex(q + 1, r - 1), Hex(q + 1, r), Hex(q, r + 1), Hex(q - 1, r + 1), Hex(q - 1, r))


def distance(a: Hex, b: Hex) -> int:
    """The number of hexes from *a* to *b* (1.3): the length of the shortest chain of neighbours on
    the whole grid, by arithmetic."""
    dq = a[0] - b[0]
    dr = a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Hex, b: Hex) -> bool:
    """Whether *a* and *b* share a hexside (1.3)."""
    return distance(a, b) == 1


@dataclass(frozen=True, slots=True)
class Hexside:
    """The side two adjacent hexes share (1.3), as a canonical unordered pair: ``a < b`` whichever order
    the hexes were given in, so ``Hexside.of(a, b) == Hexside.of(b, a)`` and either is the same key.
    Raises ``ValueError`` (a :class:`GridError`) if the hexes are not adjacent."""

    a: Hex
    b: Hex

    def __post_init__(self):
        a, b = Hex(*self.a), Hex(*self.b)
        if not adjacent(a, b):
            raise GridError(f"{tuple(a)} and {tuple(b)} are not adjacent: a hexside lies between two "
                            f"neighbouring hexes ({RULE})")
        if b < a:
            a, b = b, a
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)

    @classmethod
    def of(cls, a: Hex, b: Hex) -> Hexside:
        """The hexside between *a* and *b*, in either order."""
        return cls(a, b)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        """The hex across this hexside from *h*."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise GridError(f"{tuple(h)} is not on either side of the hexside {tuple(self.a)}-{tuple(self.b)} "
                        f"({RULE})")


def hexside(a: Hex, b: Hex) -> Hexside:
    """The hexside between adjacent hexes *a* and *b* (:meth:`Hexside.of`)."""
    return Hexside(a, b)


def ring(h: Hex, n: int) -> tuple[Hex, ...]:
    """The hexes exactly *n* hexes from *h*, clockwise from the one *n* steps straight up
    (``(h,)`` for 0; ``6 n`` hexes otherwise)."""
    if n < 0:
        raise GridError(f"a ring has a radius of 0 or more, not {n} ({RULE})")
    if n == 0:
        return (h,)
    q, r = h[0], h[1] - n
    out = []
    for i in range(6):
        dq, dr = DIRECTIONS[(i + 2) % 6]
        for _ in range(n):
            out.append(Hex(q, r))
            q += dq
            r += dr
    return tuple(out)


def within(h: Hex, n: int) -> tuple[Hex, ...]:
    """The hexes at most *n* hexes from *h*, *h* first then ring by ring (``3 n (n + 1) + 1`` hexes)."""
    if n < 0:
        raise GridError(f"a radius is 0 or more, not {n} ({RULE})")
    out: list[Hex] = []
    for k in range(n + 1):
        out.extend(ring(h, k))
    return tuple(out)


_ORIENTATIONS = {"flat": "flat", "flat-top": "flat", "pointy": "pointy", "pointy-top": "pointy"}
_SHIFTS = {"flat": ("down", "up"), "pointy": ("right", "left")}
_COUNT = {2: "two", 4: "four", 6: "six", 8: "eight"}


@dataclass(frozen=True)
class Layout:
    """How a map's hexes are drawn and numbered (1.3; the pack's ``meta``, digest A.16).

    - ``orientation``: ``"flat"`` (flat-top hexes in straight columns) or ``"pointy"`` (pointy-top hexes
      in straight rows); ``"flat-top"`` and ``"pointy-top"`` are read as these.
    - ``first``: the lowest printed column and row number (1: the corner hex is "0101").
    - ``odd_shift``: flat: ``"down"`` or ``"up"``, where the odd-numbered columns stand half a hex lower
      or higher than the even ones; pointy: ``"right"`` or ``"left"``, where the odd-numbered rows stand.
      Left out: ``"down"`` (flat) or ``"right"`` (pointy).
    - ``digits``: how wide each of the column and the row is printed (2: "XXYY").
    """

    orientation: str
    first: int = 1
    odd_shift: str | None = None
    digits: int = 2

    def __post_init__(self):
        orientation = _ORIENTATIONS.get(self.orientation) if isinstance(self.orientation, str) else None
        if orientation is None:
            raise GridError(f"the orientation {self.orientation!r} is not one: \"flat\" (flat-top hexes in "
                            f"columns) or \"pointy\" (pointy-top hexes in rows) ({RULE})")
        allowed = _SHIFTS[orientation]
        shift = allowed[0] if self.odd_shift is None else self.odd_shift
        if shift not in allowed:
            raise GridError(f"the odd-line shift {self.odd_shift!r} does not fit {orientation}-top hexes: "
                            f"the odd {'columns' if orientation == 'flat' else 'rows'} are shifted "
                            f"{allowed[0]!r} or {allowed[1]!r} ({RULE})")
        if not isinstance(self.digits, int) or isinstance(self.digits, bool) or not 1 <= self.digits <= 4:
            raise GridError(f"a hex number has 1 to 4 digits for the column and as many for the row, "
                            f"not {self.digits!r} ({RULE})")
        if (not isinstance(self.first, int) or isinstance(self.first, bool)
                or not 0 <= self.first < 10 ** self.digits):
            raise GridError(f"the first column and row number is 0 or more and fits in {self.digits} "
                            f"digits, not {self.first!r} ({RULE})")
        object.__setattr__(self, "orientation", orientation)
        object.__setattr__(self, "odd_shift", shift)
        object.__setattr__(self, "_pattern", re.compile(f"[0-9]{{{2 * self.digits}}}"))
        # +1 where the odd lines are the shifted ones in the axial sense (down/right), -1 otherwise.
        object.__setattr__(self, "_sign", 1 if shift in ("down", "right") else -1)

    # The printed numbers.

    @property
    def last(self) -> int:
        """The highest column or row number the labels can print."""
        return 10 ** self.digits - 1

    def hex_at(self, column: int, row: int) -> Hex:
        """The hex printed at *column*, *row* (no bounds check: see :meth:`parse`)."""
        if self.orientation == "flat":
            return Hex(column, row - (column - self._sign * (column & 1)) // 2)
        return Hex(column - (row - self._sign * (row & 1)) // 2, row)

    def colrow(self, h: Hex) -> tuple[int, int]:
        """The printed column and row of *h* (which may lie outside the numbering)."""
        q, r = h
        if self.orientation == "flat":
            return q, r + (q - self._sign * (q & 1)) // 2
        return q + (r - self._sign * (r & 1)) // 2, r

    def problem(self, label: object) -> str | None:
        """Why *label* is not a hex number of this layout (the refusal, naming the rule), or None."""
        d = self.digits
        if not isinstance(label, str) or not self._pattern.fullmatch(label):
            width = _COUNT.get(2 * d, str(2 * d))
            return f"{label!r} is not a hex number: {width} digits, column then row ({RULE})"
        for part, text in (("column", label[:d]), ("row", label[d:])):
            if int(text) < self.first:
                line = ""
                if int(text) == 0:
                    line = (f"; a number with {'0' * d} for its {part} names a hex line, as \"hexagon line "
                            f"4000\" does (30.1b1), not a hex")
                return (f"{label!r} is not a hex number: {part} {text} is below the first {part}, "
                        f"{self.first:0{d}d} ({RULE}){line}")
        return None

    def parse(self, label: str) -> Hex:
        """The hex printed *label* ("4012": column 40, row 12); a :class:`GridError` if it is not one."""
        why = self.problem(label)
        if why:
            raise GridError(why)
        d = self.digits
        return self.hex_at(int(label[:d]), int(label[d:]))

    def label(self, h: Hex) -> str:
        """The printed number of *h*; a :class:`GridError` if the numbering cannot print it."""
        column, row = self.colrow(h)
        if not (self.first <= column <= self.last and self.first <= row <= self.last):
            raise GridError(f"the hex {tuple(h)} would be column {column}, row {row}: outside the printed "
                            f"numbers {self.first:0{self.digits}d}-{self.last} ({RULE})")
        return f"{column:0{self.digits}d}{row:0{self.digits}d}"

    def direction(self, a: Hex, b: Hex) -> str:
        """The compass name of the step from *a* to the adjacent *b* ("N", "SE"... :data:`COMPASS`)."""
        step = (b[0] - a[0], b[1] - a[1])
        if step not in DIRECTIONS:
            raise GridError(f"{tuple(a)} and {tuple(b)} are not adjacent ({RULE})")
        return COMPASS[self.orientation][DIRECTIONS.index(step)]


class Grid:
    """The hexes of one map (1.3), spoken of by their printed labels.

    ``grid.hexes`` is the sorted tuple of labels (column then row). Neighbours, rings and lines give only
    hexes on the map; distances are counted on the whole grid (:func:`distance`). A label that is not a
    hex number, or not on this map, is refused with a :class:`GridError` saying why.
    """

    def __init__(self, labels: Iterable[str], layout: Layout):
        if isinstance(labels, str):
            raise GridError(f"a map is a collection of hex numbers, not the one string {labels!r} ({RULE})")
        self.layout = layout
        hex_of: dict[str, Hex] = {}
        for label in labels:
            hex_of[label] = layout.parse(label)
        self._hex_of = hex_of
        self._label_of = {h: label for label, h in hex_of.items()}
        self.hexes: tuple[str, ...] = tuple(sorted(hex_of))
        self._neighbours: dict[str, tuple[str, ...]] = {}
        d = layout.digits
        cols = [int(label[:d]) for label in self.hexes]
        rows = [int(label[d:]) for label in self.hexes]
        self._extent = (min(cols), max(cols), min(rows), max(rows)) if cols else None

    @classmethod
    def rectangle(cls, columns: int, rows: int, layout: Layout) -> Grid:
        """A whole map of *columns* by *rows* hexes numbered from ``layout.first``."""
        f = layout.first
        if columns < 0 or rows < 0 or f + max(columns, rows) - 1 > layout.last:
            raise GridError(f"a {columns} x {rows} map does not fit in {layout.digits}-digit column and "
                            f"row numbers from {f} ({RULE})")
        d = layout.digits
        return cls((f"{c:0{d}d}{r:0{d}d}" for c in range(f, f + columns) for r in range(f, f + rows)), layout)

    def __len__(self) -> int:
        return len(self.hexes)

    def __iter__(self) -> Iterator[str]:
        return iter(self.hexes)

    def __contains__(self, label: object) -> bool:
        return label in self._hex_of

    def __repr__(self) -> str:
        return f"Grid({len(self.hexes)} hexes, {self.layout!r})"

    # Labels in and out.

    def has(self, label: object) -> bool:
        """Whether *label* is a hex of this map (False for anything else, a malformed label included)."""
        return label in self._hex_of

    def problem(self, label: object) -> str | None:
        """Why *label* is not a hex of this map (the refusal, naming the rule), or None."""
        if label in self._hex_of:
            return None
        why = self.layout.problem(label)
        if why:
            return why
        if self._extent is None:
            return f"{label!r} is not on the map: the map has no hexes ({RULE})"
        c0, c1, r0, r1 = self._extent
        d = self.layout.digits
        return (f"{label!r} is not on the map: its hexes run from column {c0:0{d}d} to {c1:0{d}d} and row "
                f"{r0:0{d}d} to {r1:0{d}d}, and this one is not among them ({RULE})")

    def hex(self, label: str) -> Hex:
        """The hex of the map labelled *label*; a :class:`GridError` saying why if there is none."""
        h = self._hex_of.get(label)
        if h is None:
            raise GridError(self.problem(label) or f"{label!r} is not on the map ({RULE})")
        return h

    def label(self, h: Hex) -> str:
        """The label of the map's hex *h*; a :class:`GridError` if it is off the map."""
        label = self._label_of.get(Hex(*h))
        if label is None:
            printed = self.layout.label(h)  # raises if it cannot even be printed
            raise GridError(self.problem(printed) or f"{printed!r} is not on the map ({RULE})")
        return label

    def colrow(self, label: str) -> tuple[int, int]:
        """The printed column and row of *label* ("4012" -> (40, 12))."""
        self.hex(label)
        d = self.layout.digits
        return int(label[:d]), int(label[d:])

    def _on_map(self, hexes: Iterable[Hex]) -> list[str]:
        lab = self._label_of
        return [lab[h] for h in hexes if h in lab]

    # Geometry.

    def neighbours(self, label: str) -> list[str]:
        """The hexes of the map adjacent to *label*, clockwise from the top (fewer than six at an edge)."""
        found = self._neighbours.get(label)
        if found is None:
            found = self._neighbours[label] = tuple(self._on_map(neighbours(self.hex(label))))
        return list(found)

    def adjacent(self, a: str, b: str) -> bool:
        """Whether the map's hexes *a* and *b* share a hexside (*b* among *a*'s neighbours on the map, when those
        are known already: the same answer for two hexes of the map)."""
        found = self._neighbours.get(a)
        if found is not None and b in self._hex_of:
            return b in found
        return adjacent(self.hex(a), self.hex(b))

    def distance(self, a: str, b: str) -> int:
        """The number of hexes from *a* to *b*, counted across the grid (1.3)."""
        return distance(self.hex(a), self.hex(b))

    def hexside(self, a: str, b: str) -> Hexside:
        """The hexside between the map's adjacent hexes *a* and *b*, the same key in either order."""
        ha, hb = self.hex(a), self.hex(b)
        if not adjacent(ha, hb):
            raise GridError(f"{a!r} and {b!r} are not adjacent: a hexside lies between two neighbouring "
                            f"hexes ({RULE})")
        return Hexside(ha, hb)

    def hexside_labels(self, side: Hexside) -> tuple[str, str]:
        """The labels of the two hexes of *side*, in label order ("4012", "4013")."""
        a, b = self.label(side.a), self.label(side.b)
        return (a, b) if a < b else (b, a)

    def direction(self, a: str, b: str) -> str:
        """The compass name of the step from *a* to the adjacent *b* (:meth:`Layout.direction`)."""
        return self.layout.direction(self.hex(a), self.hex(b))

    def ring(self, label: str, n: int) -> list[str]:
        """The map's hexes exactly *n* hexes from *label*, clockwise from the top."""
        return self._on_map(ring(self.hex(label), n))

    def within(self, label: str, n: int) -> list[str]:
        """The map's hexes at most *n* hexes from *label*, nearest first."""
        return self._on_map(within(self.hex(label), n))

    # Printed lines (R-30.1b1-line).

    def column(self, number: int) -> list[str]:
        """The map's hexes in printed column *number*, top to bottom (column 40: "hexagon line 4000" if
        the pack says that line is a column, 30.1b1)."""
        d = self.layout.digits
        return [label for label in self.hexes if int(label[:d]) == number]

    def row(self, number: int) -> list[str]:
        """The map's hexes in printed row *number*, left to right."""
        d = self.layout.digits
        return [label for label in self.hexes if int(label[d:]) == number]
