"""Checks of a game's SVG board (service.reports.board) shared by the games' board tests: the plane geometry of a
schematic layout (data/layout.json), that the drawing keeps the map's adjacency (1.3) and tiles the map, that
each space's name, stacks and markers stand inside it, that a circle's name fits it, and the paper board and its
key. Each game's test calls them with its own layout, map and view; what the game draws of its own stays there.
Reading a rendered board is tests/service/svg_reading.py."""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET

import pytest

from service.reports import render_board_svg
from service.reports.board import CIRCLE_INSET, DIGIT_W, board_key, key_box
from service.reports.textwidth import ASCENT, text_width
from tests.service.svg_reading import SVG, counts_in, groups, markers_in, spaces_of, text_of

#: How far inside its space's border a label, stack or marker stands at the least (a border is 2 px wide).
MARGIN = 3.0


def render_unregistered(view: dict, layout: dict, titles: dict[str, str], **kw) -> ET.Element:
    """The board of a game not in the registry yet: *view* drawn on *layout* (read from the game's data), the
    cards named by *titles* and the game by the layout's title; *kw* as ``render_board_svg`` takes them."""
    return ET.fromstring(render_board_svg(view, layout, {"cards": titles, "game": layout["title"]}, **kw))

# -- plane geometry of the layout's spaces (points as [x, y]) ---------------------------------------------------


def segments(points):
    """A polygon's sides, each from one corner to the next, the last back to the first."""
    return [(tuple(points[i]), tuple(points[(i + 1) % len(points)])) for i in range(len(points))]


def to_segment(p, a, b) -> float:
    """How far *p* lies from the segment *ab*."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def inside(p, points) -> bool:
    """Whether *p* lies inside the polygon (even-odd rule: a point on a side may count either way)."""
    hit = False
    for (ax, ay), (bx, by) in segments(points):
        if (ay > p[1]) != (by > p[1]) and p[0] < ax + (p[1] - ay) * (bx - ax) / (by - ay):
            hit = not hit
    return hit


def border_distance(p, points) -> float:
    """How far *p* lies from the polygon's border."""
    return min(to_segment(p, *e) for e in segments(points))


def touch(a: dict, b: dict) -> bool:
    """Whether two drawn spaces meet: two polygons share an edge; a circle crosses or touches a polygon's
    border or lies in it; two circles touch."""
    if a["shape"] == b["shape"] == "polygon":
        edges = lambda s: {tuple(sorted(e)) for e in segments(s["points"])}  # noqa: E731
        return bool(edges(a) & edges(b))
    if a["shape"] == b["shape"] == "circle":
        return math.dist(a["center"], b["center"]) <= a["r"] + b["r"]
    poly, circle = (a, b) if a["shape"] == "polygon" else (b, a)
    c = tuple(circle["center"])
    return inside(c, poly["points"]) or border_distance(c, poly["points"]) <= circle["r"]


def meet_at_a_point(a: dict, b: dict) -> bool:
    """Whether two polygons have any point in common: a corner of one on the other's border."""
    return any(border_distance(p, b["points"]) < 1e-9 for p in a["points"]) or any(
        border_distance(p, a["points"]) < 1e-9 for p in b["points"])


def area(points) -> float:
    """The polygon's signed area: positive when its corners run the drawing's way round."""
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in segments(points)) / 2


def cross(p, q, r, s) -> bool:
    """Whether segments pq and rs cross at a point inside both (not at an end)."""
    def side(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0


# -- the layout against the map ---------------------------------------------------------------------------------


def check_adjacency_drawn(spaces: dict, map_: dict, corners: bool = True) -> set[frozenset]:
    """The drawing keeps the map's adjacency (1.3): every pair map.json makes adjacent meets and no other pair
    does, none of the pairs it lists as not adjacent among them; with *corners*, no two polygons of a pair not
    adjacent meet even at a point. Returns the adjacent pairs."""
    adjacent = {frozenset((e["a"], e["b"])) for e in map_["adjacency"]}
    wrong = [(a, b) for a, b in itertools.combinations(sorted(spaces), 2)
             if touch(spaces[a], spaces[b]) != (frozenset((a, b)) in adjacent)]
    assert wrong == []
    assert not any(touch(spaces[e["a"]], spaces[e["b"]]) for e in map_["not_adjacent"])
    if corners:
        met = [(a, b) for a, b in itertools.combinations(sorted(spaces), 2)
               if spaces[a]["shape"] == spaces[b]["shape"] == "polygon" and frozenset((a, b)) not in adjacent
               and meet_at_a_point(spaces[a], spaces[b])]
        assert met == []
    return adjacent


def check_tiling(spaces: dict) -> None:
    """The polygons are drawn the same way round, no two borders cross, a border two spaces share runs one way
    in one and the other way in the other (so neither lies over the other), and the borders no two share form
    one closed outline: the spaces cover the map with no hole between them."""
    polys = {sid: s["points"] for sid, s in spaces.items() if s["shape"] == "polygon"}
    assert all(area(p) > 0 for p in polys.values())
    directed: dict[tuple, list[str]] = {}
    for sid, pts in polys.items():
        for a, b in segments(pts):
            directed.setdefault((a, b), []).append(sid)
    assert all(len(v) == 1 for v in directed.values())  # no border twice the same way
    outline = {e: v for e, v in directed.items() if (e[1], e[0]) not in directed}
    nxt = {a: b for a, b in outline}
    assert len(nxt) == len(outline)  # each corner of the outline starts one border of it
    start = next(iter(nxt))
    loop, at = [start], nxt[start]
    while at != start:
        loop.append(at)
        at = nxt[at]
    assert len(loop) == len(outline)  # one closed loop
    assert sum(area(p) for p in polys.values()) == pytest.approx(area(loop))
    edges = [(sid, e) for sid, pts in polys.items() for e in segments(pts)]
    crossing = [(s1, s2) for (s1, e1), (s2, e2) in itertools.combinations(edges, 2) if s1 != s2 and cross(*e1, *e2)]
    assert crossing == []


# -- what the board draws in a space ----------------------------------------------------------------------------


def drawn_totals(root, view: dict, kinds: tuple[str, ...], markers, names: dict[str, str] | None = None) -> dict:
    """Each space of *view* drawn with its pieces of *kinds* (none drawn at 0) and the markers *markers(view,
    space)* gives it, and, given *names*, with its name; returns the pieces drawn on the map by kind."""
    spaces = spaces_of(root)
    totals = dict.fromkeys(kinds, 0)
    for sid, x in view["spaces"].items():
        got = counts_in(spaces[sid])
        assert got == {k: x[k] for k in kinds if x[k]}, sid
        assert markers_in(spaces[sid]) == markers(view, sid), sid
        if names is not None:
            assert names[sid] in text_of(spaces[sid])
        for k, n in got.items():
            totals[k] += n
    return totals


def item_boxes(g) -> list[tuple[str, float, float, float, float]]:
    """The space's name, stacks and markers as boxes (what, x, y, width, height): a name by its estimated width
    (``textwidth``) from the top of its letters to its baseline; a stack its icon (22 x 21) and count (a digit's
    advance each); a marker its rectangle."""
    out = []
    label = g.find(SVG + "text[@class='label']")
    size, x, y = float(label.get("font-size")), float(label.get("x")), float(label.get("y"))
    w = text_width(label.text, size, bold=True)
    out.append(("name", x - w / 2, y - ASCENT * size, w, ASCENT * size))
    for st in groups(g, "pieces"):
        count = st.find(SVG + "text[@class='count']")
        x, y = float(count.get("x")) - 22, float(count.get("y")) - 16
        out.append((st.get("data-kind"), x, y, 22 + DIGIT_W * len(count.text), 21))
    for m in groups(g, "marker"):
        rect = m.find(SVG + "rect")
        out.append((m.get("data-marker"), *(float(rect.get(k)) for k in ("x", "y", "width", "height"))))
    return out


def misplaced(root, spaces: dict, circles: list[dict], margin: float = MARGIN) -> list[tuple[str, str]]:
    """The names, stacks and markers (space, what) that do not stand inside their own space: *margin* px clear
    of a polygon's border and of every circle of *circles* over it, or inside a circle less its stroke."""
    out = []
    for sid, g in spaces_of(root).items():
        spec = spaces[sid]
        for what, x, y, w, h in item_boxes(g):
            corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
            if spec["shape"] == "circle":
                ok = all(math.dist(c, spec["center"]) <= spec["r"] - CIRCLE_INSET for c in corners)
            else:
                ok = all(inside(c, spec["points"]) and border_distance(c, spec["points"]) >= margin for c in corners)
                for city in circles:
                    near = (min(max(city["center"][0], x), x + w), min(max(city["center"][1], y), y + h))
                    ok = ok and math.dist(near, city["center"]) > city["r"] + margin
            if not ok:
                out.append((sid, what))
    return out


def check_name_fits_its_circle(g, name: str) -> None:
    """In the space *g* drawn as a circle, the name *name*, centred at 9 px or more: its estimated width at the
    size drawn fits the circle's chord at the top of its letters, less the stroke."""
    circle, label = g.find(SVG + "circle"), g.find(SVG + "text[@class='label']")
    cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
    size, x, y = float(label.get("font-size")), float(label.get("x")), float(label.get("y"))
    assert label.text == name and label.get("text-anchor") == "middle" and size >= 9
    w, top = text_width(label.text, size, bold=True), y - ASCENT * size
    for px, py in [(x - w / 2, top), (x + w / 2, top), (x - w / 2, y), (x + w / 2, y)]:
        assert math.hypot(px - cx, py - cy) <= r - CIRCLE_INSET


# -- the paper board and its key --------------------------------------------------------------------------------


def check_the_paper_board(screen, paper) -> None:
    """The PDFs' board (no header or key panel) draws the spaces and markers the screen's board draws."""
    assert not groups(paper, "legend") and not groups(paper, "header") and groups(screen, "legend")
    assert spaces_of(paper).keys() == spaces_of(screen).keys()
    assert {sid: markers_in(g) for sid, g in spaces_of(paper).items()} == {
        sid: markers_in(g) for sid, g in spaces_of(screen).items()}


def check_the_key(layout: dict) -> None:
    """The key the PDFs print lists every piece and marker of the legend, and its box lies in the side panel,
    reaches the canvas's foot and stands below every panel the paper board draws."""
    key = board_key(layout)
    assert [p["label"] for p in key["pieces"]] == [p["label"] for p in layout["legend"]["pieces"]]
    assert [m["label"] for m in key["markers"]] == [m["label"] for m in layout["legend"]["markers"]]
    box, h = key_box(layout), layout["canvas"]["height"]
    assert box["top"] + box["height"] == pytest.approx(100, abs=0.01) and box["height"] >= 20
    assert box["left"] >= 100 * layout["canvas"]["panel_x"] / layout["canvas"]["width"]
    for p in layout["panels"]:
        bottom = p["y"] + (18 * len(p["items"]) if p["type"] == "counters" else 86 if p["type"] == "initiative"
                           else p.get("h", 0))
        if p["type"] not in ("header", "legend"):
            assert 100 * bottom / h <= box["top"], p["type"]
