"""The measures and readings both parts of the SVG board use (DESIGN.md section 7): the map's spaces
(service.reports.board) and the panels around it (service.reports.board_panels).

A piece cell's size and the advance of a count's digits (``_cell_w``: a stack's cell widens for every digit of
its count past the first), the sizes a City's name and a track box's name step down through, and the small
readings of the layout and the view: a coordinate as a number (``_num``), a count of anything (``_count``) and
a dotted key of the view (``_lookup``: ``resources.british``).
"""

from __future__ import annotations

#: Size of one piece cell in a stack grid (icon + count).
CELL_W, CELL_H = 40, 24
#: Where a stack's count stands from its icon's top left, and the advance of one digit of the counts
#: (13 px DejaVu Sans Bold, whose digits are all 1425/2048 em wide), for ``_count_text`` and ``_cell_w``.
COUNT_DX, COUNT_DY, DIGIT_W = 22, 16, 9.05
#: A City's name in its circle (board.svg.j2, bold): at most ``CITY_LABEL_SIZE`` px, smaller by
#: ``CITY_LABEL_STEP`` until it fits, never under ``CITY_LABEL_MIN``; its baseline ``CITY_LABEL_RISE`` of the
#: radius above the centre (``_circle_label_size``).
CITY_LABEL_SIZE, CITY_LABEL_MIN, CITY_LABEL_STEP, CITY_LABEL_RISE = 11.5, 7.0, 0.5, 0.55


def _num(v) -> float:
    """A coordinate from the layout, as a number (never a string that reaches an attribute raw)."""
    return round(float(v), 2)


def _count(v) -> int:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int | float):
        return int(v)
    if isinstance(v, list | tuple | dict):
        return len(v)
    return 0


def _lookup(view: dict, dotted: str):
    cur = view
    for part in dotted.split("."):
        if not isinstance(cur, dict):
            return None
        cur = cur.get(part)
    return cur


def _cell_w(count: int, least: float = CELL_W) -> float:
    """The width of a stack's cell: *least*, and a digit's advance more for every digit of its count past
    the first, so that a count of two digits stands as clear of the next icon as a count of one does
    (with ``CELL_W`` a one-digit count ends 9 px before the next cell; a two-digit one reached into it)."""
    return least + (len(str(count)) - 1) * DIGIT_W
