"""The hex grid (1.3; "hexagon line 4000", 30.1b1): engine/hexwar/grid.py.

The neighbours are checked against the drawn hexes (the centres of a printed map sheet, computed
independently of the axial arithmetic), and the distance against a breadth-first search over them.
"""

from __future__ import annotations

import math
from collections import deque
from itertools import pairwise

import pytest

from engine.core.errors import InvalidActionError
from engine.hexwar.grid import (
    DIRECTIONS,
    Grid,
    GridError,
    Hex,
    Hexside,
    Layout,
    adjacent,
    distance,
    hexside,
    neighbours,
    ring,
    within,
)

LAYOUTS = {
    "flat-odd-down": Layout("flat", odd_shift="down"),
    "flat-odd-up": Layout("flat", odd_shift="up"),
    "pointy-odd-right": Layout("pointy", odd_shift="right"),
    "pointy-odd-left": Layout("pointy", odd_shift="left"),
}
COLUMNS, ROWS = 60, 40


@pytest.fixture(scope="module", params=list(LAYOUTS), ids=list(LAYOUTS))
def grid(request):
    return Grid.rectangle(COLUMNS, ROWS, LAYOUTS[request.param])


def all_labels():
    return [f"{c:02d}{r:02d}" for c in range(1, COLUMNS + 1) for r in range(1, ROWS + 1)]


def centre(layout: Layout, label: str) -> tuple[float, float]:
    """Where the hex *label* is drawn (unit hexes, y down the sheet), from the printed rules of 1.3
    alone: flat-top columns 1.5 apart with the odd ones half a hex lower (down) or higher (up); pointy-top
    rows 1.5 apart with the odd ones half a hex right or left."""
    c, r = int(label[:2]), int(label[2:])
    s3 = math.sqrt(3)
    if layout.orientation == "flat":
        half = 0.5 if layout.odd_shift == "down" else -0.5
        return 1.5 * c, s3 * (r + (half if c % 2 else 0.0))
    half = 0.5 if layout.odd_shift == "right" else -0.5
    return s3 * (c + (half if r % 2 else 0.0)), 1.5 * r


def drawn_neighbours(layout: Layout, label: str) -> set[str]:
    """The on-map hexes whose centres lie one hex-width (sqrt 3) from *label*'s: the hexes that touch it."""
    c, r = int(label[:2]), int(label[2:])
    x, y = centre(layout, label)
    out = set()
    for cc in range(max(1, c - 2), min(COLUMNS, c + 2) + 1):
        for rr in range(max(1, r - 2), min(ROWS, r + 2) + 1):
            other = f"{cc:02d}{rr:02d}"
            ox, oy = centre(layout, other)
            if abs(math.hypot(ox - x, oy - y) - math.sqrt(3)) < 1e-9:
                out.add(other)
    return out


def bfs(grid: Grid, source: str) -> dict[str, int]:
    seen = {source: 0}
    todo = deque([source])
    while todo:
        here = todo.popleft()
        for there in grid.neighbours(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return seen


# 1.3: the printed numbers.

@pytest.mark.parametrize("name", list(LAYOUTS))
def test_1_3_every_hex_of_a_60x40_map_round_trips_label_to_hex_to_label(name):
    layout = LAYOUTS[name]
    labels = all_labels()
    hexes = [layout.parse(label) for label in labels]
    assert len(set(hexes)) == COLUMNS * ROWS
    assert [layout.label(h) for h in hexes] == labels
    assert [layout.colrow(h) for h in hexes] == [(int(x[:2]), int(x[2:])) for x in labels]


def test_1_3_the_label_is_column_then_row():
    layout = LAYOUTS["flat-odd-down"]
    grid = Grid(["4012", "4013", "4112"], layout)
    assert grid.colrow("4012") == (40, 12)
    assert layout.colrow(layout.parse("4012")) == (40, 12)
    assert grid.column(40) == ["4012", "4013"] and grid.row(12) == ["4012", "4112"]


def test_1_3_wider_numbers_and_numbering_from_zero():
    wide = Layout("pointy", first=0, odd_shift="left", digits=3)
    assert wide.label(wide.parse("000000")) == "000000"
    assert wide.label(wide.parse("123045")) == "123045"
    assert "six digits" in wide.problem("4012")
    assert Layout("flat", first=0).label(Layout("flat", first=0).parse("4000")) == "4000"


@pytest.mark.parametrize("bad", ["40A2", "412", "40122", "", " 4012", "4012 ", "40-1", "٤٠١٢", "4.12"])
def test_1_3_a_label_that_is_not_four_digits_is_refused_saying_so(bad):
    layout = LAYOUTS["flat-odd-down"]
    with pytest.raises(GridError) as e:
        layout.parse(bad)
    assert e.value.message == f"{bad!r} is not a hex number: four digits, column then row (1.3)"
    assert e.value.rule == "1.3" and e.value.code == "invalid"
    assert isinstance(e.value, ValueError) and isinstance(e.value, InvalidActionError)


def test_1_3_the_refusal_quotes_the_label_as_the_brief_gives_it():
    with pytest.raises(GridError, match=r"^'40A2' is not a hex number: four digits, column then row \(1\.3\)$"):
        LAYOUTS["pointy-odd-right"].parse("40A2")


def test_1_3_a_label_that_is_not_a_string_is_refused():
    with pytest.raises(GridError, match=r"^4012 is not a hex number: four digits, column then row \(1\.3\)$"):
        LAYOUTS["flat-odd-down"].parse(4012)


def test_1_3_a_column_below_the_first_is_refused():
    with pytest.raises(GridError, match=r"'0012' is not a hex number: column 00 is below the first column, 01"):
        LAYOUTS["flat-odd-down"].parse("0012")


def test_30_1b1_hexagon_line_4000_names_a_line_not_a_hex():
    """The only hex number in the rulebook, "hexagon line 4000" (30.1b1), has row 00: no hex when the
    numbering starts at 01 (digest A.16). R-30.1b1-line: refused as a hex, and the line is a column."""
    layout = LAYOUTS["flat-odd-down"]
    with pytest.raises(GridError) as e:
        layout.parse("4000")
    assert e.value.message.startswith("'4000' is not a hex number: row 00 is below the first row, 01 (1.3)")
    assert "hexagon line 4000" in e.value.message and "(30.1b1)" in e.value.message
    for name, lay in LAYOUTS.items():
        grid = Grid.rectangle(COLUMNS, ROWS, lay)
        line = grid.column(40)
        assert line == [f"40{r:02d}" for r in range(1, ROWS + 1)], name
        assert all(grid.adjacent(a, b) for a, b in pairwise(line)), name


def test_1_3_a_hex_the_numbering_cannot_print_is_refused():
    layout = LAYOUTS["flat-odd-down"]
    with pytest.raises(GridError, match=r"outside the printed numbers 01-99 \(1\.3\)"):
        layout.label(Hex(0, 5))
    with pytest.raises(GridError, match="outside the printed numbers"):
        layout.label(layout.hex_at(100, 1))


@pytest.mark.parametrize("kwargs, words", [
    ({"orientation": "hexagonal"}, "'hexagonal' is not one: \"flat\""),
    ({"orientation": "flat", "odd_shift": "right"}, "does not fit flat-top hexes: the odd columns are shifted 'down' or 'up'"),
    ({"orientation": "pointy", "odd_shift": "down"}, "does not fit pointy-top hexes: the odd rows are shifted 'right' or 'left'"),
    ({"orientation": "flat", "digits": 0}, "1 to 4 digits"),
    ({"orientation": "flat", "first": 100}, "fits in 2 digits, not 100"),
])
def test_1_3_a_layout_that_cannot_be_drawn_is_refused(kwargs, words):
    with pytest.raises(GridError) as e:
        Layout(**kwargs)
    assert words in e.value.message and e.value.message.endswith("(1.3)")


def test_1_3_layout_reads_the_digest_orientation_names_and_defaults_the_shift():
    assert Layout("flat-top") == Layout("flat", 1, "down", 2)
    assert Layout("pointy-top").odd_shift == "right"
    assert Layout("flat", 1, "up").odd_shift == "up"


# 1.3: neighbours.

def test_1_3_neighbours_are_the_hexes_drawn_touching_in_every_layout(grid):
    layout = grid.layout
    for label in grid.hexes:
        found = grid.neighbours(label)
        assert set(found) == drawn_neighbours(layout, label), label
        assert len(found) == len(set(found))


def test_1_3_neighbours_run_clockwise_from_the_top_with_their_compass_names(grid):
    layout = grid.layout
    names = ("N", "NE", "SE", "S", "SW", "NW") if layout.orientation == "flat" else ("NW", "NE", "E", "SE", "SW", "W")
    label = "3020"
    x, y = centre(layout, label)
    found = grid.neighbours(label)
    assert [grid.direction(label, n) for n in found] == list(names)
    angles = [math.atan2(centre(layout, n)[0] - x, -(centre(layout, n)[1] - y)) for n in found]
    turns = [(b - a) % (2 * math.pi) for a, b in zip(angles, angles[1:] + angles[:1], strict=True)]
    assert all(abs(t - math.pi / 3) < 1e-9 for t in turns)  # clockwise on the sheet, a sixth of a turn each
    for n, name in zip(found, names, strict=True):
        dx, dy = centre(layout, n)[0] - x, centre(layout, n)[1] - y
        assert ("N" in name) == (dy < -1e-9) and ("S" in name) == (dy > 1e-9), (n, name)
        assert ("E" in name) == (dx > 1e-9) and ("W" in name) == (dx < -1e-9), (n, name)


@pytest.mark.parametrize("name, label, expected", [
    # odd column 05 is half a hex lower than columns 04 and 06
    ("flat-odd-down", "0505", ["0504", "0605", "0606", "0506", "0406", "0405"]),
    ("flat-odd-down", "0605", ["0604", "0704", "0705", "0606", "0505", "0504"]),
    # odd column 05 is half a hex higher
    ("flat-odd-up", "0505", ["0504", "0604", "0605", "0506", "0405", "0404"]),
    ("flat-odd-up", "0605", ["0604", "0705", "0706", "0606", "0506", "0505"]),
    # odd row 05 is half a hex to the right of rows 04 and 06
    ("pointy-odd-right", "0505", ["0504", "0604", "0605", "0606", "0506", "0405"]),
    ("pointy-odd-right", "0506", ["0405", "0505", "0606", "0507", "0407", "0406"]),
    # odd row 05 is half a hex to the left
    ("pointy-odd-left", "0505", ["0404", "0504", "0605", "0506", "0406", "0405"]),
    ("pointy-odd-left", "0506", ["0505", "0605", "0606", "0607", "0507", "0406"]),
])
def test_1_3_neighbours_of_an_odd_and_an_even_line_by_hand(name, label, expected):
    assert Grid.rectangle(COLUMNS, ROWS, LAYOUTS[name]).neighbours(label) == expected


def test_1_3_a_corner_and_an_edge_hex_have_only_their_neighbours_on_the_map():
    grid = Grid.rectangle(COLUMNS, ROWS, LAYOUTS["flat-odd-down"])
    assert grid.neighbours("0101") == ["0201", "0202", "0102"]  # NE, SE, S: column 01 is the lower one
    assert grid.neighbours("6001") == ["6002", "5901"]          # even column 60 is the higher one
    assert len(grid.neighbours("3001")) == 3 and len(grid.neighbours("3101")) == 5
    assert len(grid.neighbours("3020")) == 6


def test_1_3_neighbours_are_symmetric_and_one_hex_away(grid):
    for label in grid.hexes:
        for other in grid.neighbours(label):
            assert label in grid.neighbours(other)
            assert grid.distance(label, other) == 1 and grid.adjacent(label, other)


def test_1_3_the_axial_neighbours_are_the_six_unit_steps():
    h = Hex(7, -3)
    found = neighbours(h)
    assert found == tuple(Hex(7 + dq, -3 + dr) for dq, dr in DIRECTIONS)
    assert all(distance(h, n) == 1 and adjacent(h, n) for n in found)
    assert all(adjacent(a, b) for a, b in zip(found, found[1:] + found[:1], strict=True))  # a closed ring


# 1.3: distance.

SOURCES = ["0101", "6001", "0140", "6040", "3001", "3040", "0120", "6020", "3020", "3121", "1709", "4433",
           "5902", "0239", "2537", "4506"]


def test_1_3_distance_equals_a_breadth_first_search_over_a_whole_map_in_every_layout(grid):
    for source in SOURCES:
        steps = bfs(grid, source)
        assert len(steps) == COLUMNS * ROWS
        wrong = {t: (grid.distance(source, t), n) for t, n in steps.items() if grid.distance(source, t) != n}
        assert not wrong, (source, sorted(wrong.items())[:5])


def test_1_3_distance_along_a_column_a_row_and_across_the_zigzag():
    flat = Grid.rectangle(COLUMNS, ROWS, LAYOUTS["flat-odd-down"])
    assert flat.distance("0101", "0110") == 9
    assert flat.distance("0505", "0905") == 4      # NE, SE, NE, SE along the zigzag of row 05
    assert flat.distance("0101", "6001") == 59
    assert flat.distance("0101", "6040") == 68     # 30 of the 59 steps east go down a row; 9 more down
    pointy = Grid.rectangle(COLUMNS, ROWS, LAYOUTS["pointy-odd-right"])
    assert pointy.distance("0101", "6001") == 59
    assert pointy.distance("0101", "0140") == 39


def test_1_3_distance_is_arithmetic_not_a_search():
    """A billion hexes apart costs no more than one: no search anywhere."""
    assert distance(Hex(0, 0), Hex(10**9, -5)) == 10**9
    assert distance(Hex(-(10**9), 10**9), Hex(0, 0)) == 10**9
    assert len(neighbours(Hex(10**12, -(10**12)))) == 6


def test_1_3_distance_is_symmetric_and_keeps_the_triangle_inequality():
    hexes = list(within(Hex(0, 0), 3))
    for a in hexes:
        for b in hexes:
            assert distance(a, b) == distance(b, a) and (distance(a, b) == 0) == (a == b)
            for c in hexes[::5]:
                assert distance(a, b) <= distance(a, c) + distance(c, b)


# 1.3: hexsides.

def test_1_3_a_hexside_is_the_same_unordered_pair_from_either_side():
    a, b = Hex(3, 4), Hex(4, 4)
    assert Hexside.of(a, b) == Hexside.of(b, a) == hexside(b, a) == Hexside(b, a)
    assert hash(Hexside.of(a, b)) == hash(Hexside.of(b, a))
    assert Hexside.of(b, a).hexes == (a, b)
    assert {Hexside.of(a, b): "river"}[Hexside.of(b, a)] == "river"
    assert Hexside.of(a, b).other(a) == b and Hexside.of(a, b).other(b) == a
    with pytest.raises(GridError, match="not on either side"):
        Hexside.of(a, b).other(Hex(0, 0))


@pytest.mark.parametrize("a, b", [(Hex(3, 4), Hex(5, 4)), (Hex(3, 4), Hex(3, 4)), (Hex(0, 0), Hex(1, 1))])
def test_1_3_a_hexside_between_hexes_that_do_not_touch_is_refused(a, b):
    with pytest.raises(ValueError, match=r"are not adjacent: a hexside lies between two neighbouring hexes \(1\.3\)"):
        Hexside.of(a, b)


def test_1_3_a_map_counts_each_hexside_once(grid):
    sides = {grid.hexside(a, b) for a in grid.hexes for b in grid.neighbours(a)}
    assert len(sides) * 2 == sum(len(grid.neighbours(a)) for a in grid.hexes)
    # a rectangle: `lines` straight lines of `length` hexes (columns flat-top, rows pointy-top); n - 1 sides
    # inside each line and 2 n - 1 between two neighbouring lines
    length, lines = (ROWS, COLUMNS) if grid.layout.orientation == "flat" else (COLUMNS, ROWS)
    assert len(sides) == lines * (length - 1) + (lines - 1) * (2 * length - 1)
    side = grid.hexside("4013", "4012")
    assert side == grid.hexside("4012", "4013")
    assert grid.hexside_labels(side) == ("4012", "4013")


def test_1_3_a_hexside_of_the_map_names_the_labels_when_refused():
    grid = Grid.rectangle(COLUMNS, ROWS, LAYOUTS["flat-odd-down"])
    with pytest.raises(GridError, match=r"^'4012' and '4015' are not adjacent"):
        grid.hexside("4012", "4015")


# 1.3: rings and areas.

def test_1_3_a_ring_holds_six_n_hexes_at_exactly_n_clockwise_from_the_top():
    centre_hex = Hex(2, -1)
    assert ring(centre_hex, 0) == (centre_hex,)
    for n in range(1, 6):
        hexes = ring(centre_hex, n)
        assert len(hexes) == 6 * n == len(set(hexes))
        assert all(distance(centre_hex, h) == n for h in hexes)
        assert hexes[0] == Hex(2, -1 - n)
        assert all(adjacent(a, b) for a, b in zip(hexes, hexes[1:] + hexes[:1], strict=True))
    assert ring(centre_hex, 1) == neighbours(centre_hex)


def test_1_3_within_holds_every_hex_at_most_n_away_nearest_first():
    for n in range(5):
        hexes = within(Hex(0, 0), n)
        assert len(hexes) == len(set(hexes)) == 3 * n * (n + 1) + 1
        assert [distance(Hex(0, 0), h) for h in hexes] == sorted(distance(Hex(0, 0), h) for h in hexes)


def test_1_3_within_on_a_map_matches_counting_every_hex(grid):
    for label, n in (("3020", 4), ("0101", 3), ("6040", 5), ("0120", 2)):
        expected = {x for x in grid.hexes if grid.distance(label, x) <= n}
        assert set(grid.within(label, n)) == expected
        assert set(grid.ring(label, n)) == {x for x in expected if grid.distance(label, x) == n}


def test_1_3_a_negative_radius_is_refused():
    with pytest.raises(GridError, match=r"0 or more, not -1 \(1\.3\)"):
        ring(Hex(0, 0), -1)
    with pytest.raises(GridError, match=r"0 or more, not -2 \(1\.3\)"):
        within(Hex(0, 0), -2)


# 1.3: a map is a set of labels.

def test_1_3_a_grid_over_an_irregular_set_of_labels():
    layout = LAYOUTS["flat-odd-down"]
    grid = Grid(["4013", "4012", "4112", "4212", "4012"], layout)
    assert grid.hexes == ("4012", "4013", "4112", "4212") and len(grid) == 4 and list(grid) == list(grid.hexes)
    assert grid.has("4012") and "4012" in grid and not grid.has("4014") and not grid.has("40A2")
    assert grid.neighbours("4012") == ["4112", "4013"]   # SE and S; the rest are not on this map
    assert grid.hex("4112") == layout.parse("4112") and grid.label(layout.parse("4112")) == "4112"
    assert grid.distance("4012", "4212") == 2
    apart = Grid(["4012", "4212"], layout)                # no chain of hexes joins them on this map
    assert apart.distance("4012", "4212") == 2 and apart.neighbours("4012") == []


def test_1_3_a_label_off_the_map_is_refused_saying_where_the_map_is():
    grid = Grid.rectangle(COLUMNS, ROWS, LAYOUTS["flat-odd-down"])
    with pytest.raises(GridError) as e:
        grid.neighbours("6101")
    assert e.value.message == ("'6101' is not on the map: its hexes run from column 01 to 60 and row 01 to 40, "
                               "and this one is not among them (1.3)")
    assert grid.problem("40A2") == "'40A2' is not a hex number: four digits, column then row (1.3)"
    assert grid.problem("4012") is None
    with pytest.raises(GridError, match="'6101' is not on the map"):
        grid.label(LAYOUTS["flat-odd-down"].parse("6101"))
    with pytest.raises(GridError, match="'40A2' is not a hex number"):
        grid.distance("4012", "40A2")


def test_1_3_a_map_refuses_a_bad_label_and_a_lone_string():
    with pytest.raises(GridError, match="'40A2' is not a hex number"):
        Grid(["4012", "40A2"], LAYOUTS["flat-odd-down"])
    with pytest.raises(GridError, match="not the one string '4012'"):
        Grid("4012", LAYOUTS["flat-odd-down"])
    with pytest.raises(GridError, match="does not fit in 2-digit"):
        Grid.rectangle(100, 10, LAYOUTS["flat-odd-down"])
    empty = Grid([], LAYOUTS["flat-odd-down"])
    assert len(empty) == 0 and empty.problem("4012") == "'4012' is not on the map: the map has no hexes (1.3)"


def test_1_3_a_map_lists_neighbours_afresh_for_each_caller():
    grid = Grid.rectangle(COLUMNS, ROWS, LAYOUTS["flat-odd-down"])
    first = grid.neighbours("3020")
    first.clear()
    assert len(grid.neighbours("3020")) == 6
