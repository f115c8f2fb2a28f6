"""The SVG of a hex map (issue 31 item 5): a board drawn from a hex grid's data, for the PDFs and the game page.

``render_hex_svg(data, title, paper=False)`` draws what a game's ``board(view)`` gives
(``GameDefinition.board``; The First Arab-Israeli War's is ``engine.games.first_arab_israeli_war.board``): the
hexes shaded by terrain, the country borders, the rivers and other hexside features, the roads and bridges, the
places with their settlement and population symbols, the terrorized and entrenchment markers, and the stacks
as counters, a hidden stack as a plain counter with "?". Only what *data* holds is drawn, and every text from
it is escaped (``_esc``). The SVG is built as a string (no DOM), self-contained (no links, fonts or images).

Cost. WeasyPrint lays out SVG text a letter at a time and reads a path a point at a time, in Python: a
full-size map (60 x 40 hexes) drawn hex by hex, a polygon and a label each, took seconds. So the terrain is
drawn as one region a terrain (the hexes' union, traced along the hexsides between terrains: ``_regions``), the
hex outlines as one pattern tile repeated (``_grid_pattern``), each hexside feature, the borders and the roads
as one path each, and the labels and counts of a kind as one ``<text>`` whose letters the lists place
(``_glyphs``). The browser board (*paper* false) prints every hex's label, a header and a key; the paper board
(the PDFs) prints the column and row numbers around the map and the labels of the named places, and leaves
the key to the document's HTML (``paper_key``), where text costs far less.

Geometry. Hex centres come from the axial coordinates (``engine.hexwar.grid``): a flat-top map in columns, a
pointy-top one in rows, which is the flat-top one with its axes swapped (``_Geo``). Corners are points of an
integer lattice, so the same corner met from two hexes is one key.
"""

from __future__ import annotations

import math
from html import escape

from .textwidth import BOLD, REGULAR, UNITS_PER_EM, text_width

#: A hex's circumradius in the drawing's units.
S = 20.0
H = math.sqrt(3) * S
#: The terrains' fills, and the colour of a terrain the palette does not name.
TERRAIN_FILLS = {
    "clear": "#f3efd2", "desert": "#f1d79a", "rough": "#d3bf8b", "mountain": "#b7a07a", "forest": "#a9cf8f",
    "marsh": "#b9d8c6", "swamp": "#b9d8c6", "city": "#d8d0c8", "all_sea": "#a9cbea", "all_lake": "#9cc3e6",
}
OTHER_FILL = "#e2e2e2"
#: The settlements whose names the paper board prints (the browser's prints every name).
PAPER_NAMES = frozenset({"city", "town", "fort_base"})
#: The hexside features: stroke, width and dashes (7.2, 9.2).
FEATURE_STYLES = {
    "river": ("#2f6fd0", 3.2, None), "wadi": ("#b58a3c", 2.2, "4 2"), "cliff": ("#6b3f1d", 2.6, "1.5 1.5"),
    "sea": ("#5d92cf", 2.4, None), "lake": ("#5d92cf", 2.4, None),
}
BORDER_STYLE = ("#5b2a86", 3.4, "7 3")
ROAD_STYLE = ("#b8322a", 1.6)
#: The sides' counters (1.4b; the British belong to no side: 27.2) and a hidden stack's (21.0).
SIDE_FILLS = {"israel": "#9cc8f0", "arab": "#95cc79", "british": "#d9c48f"}
HIDDEN_FILL = "#a3a3a3"
SIDE_NAMES = {"israel": "Israel", "arab": "Arab League", "british": "British"}
#: The NATO size symbols (1.4a; a group is a battalion for stacking, 8.1c).
SIZE_SYMBOLS = {"brigade": "X", "regiment": "III", "battalion": "II", "group": "G"}
TYPE_SHORT = {"leader": "Ldr", "arms_factory": "Fact", "secret_airfield": "Airf", "supply": "Sup"}
#: A counter's side, and the offset of the counters under it in a stack.
C, SHADOW = 22.0, 2.0
FONT = "DejaVu Sans, sans-serif"
#: Room around the map, the browser board's header and key panel.
MARGIN, RULER, HEADER_H, KEY_W = 8.0, 14.0, 34.0, 210.0
#: The key's text: the paper board leaves it to the document (``paper_key``).
NOTE = ("Hex map: each hex is numbered column then row (XXYY); on paper the columns are numbered along the top "
        "and foot of the map, the rows along its sides. An enemy stack the side cannot see stands as a plain "
        "counter with ? (21.0).")


def _esc(value) -> str:
    return escape(str(value), quote=True)


def _n(v: float) -> str:
    """A coordinate as short text."""
    return f"{v:.1f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


# Geometry.

#: Flat-top lattice: corner i of a hex (units of S/2 across, H/2 down) and the step to the hex across edge i
#: (from corner i to corner i + 1): SE, S, SW, NW, N, NE.
CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
STEPS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


class _Geo:
    """Hex centres and corners of a layout in the drawing's units: flat-top as it stands, pointy-top as the
    flat-top map with its axes swapped (column and row, x and y)."""

    def __init__(self, orientation: str, hexes: list[dict]):
        self.pointy = orientation == "pointy"
        xs, ys = [], []
        for h in hexes:
            x, y = self.px(*self.centre_lattice(h["q"], h["r"]))
            xs.append(x)
            ys.append(y)
        self.min_x = (min(xs) if xs else 0) - (H / 2 if self.pointy else S)
        self.min_y = (min(ys) if ys else 0) - (S if self.pointy else H / 2)
        self.max_x = (max(xs) if xs else 0) + (H / 2 if self.pointy else S)
        self.max_y = (max(ys) if ys else 0) + (S if self.pointy else H / 2)
        self.dx = self.dy = 0.0

    def flat(self, q: int, r: int) -> tuple[int, int]:
        return (r, q) if self.pointy else (q, r)

    def centre_lattice(self, q: int, r: int) -> tuple[int, int]:
        a, b = self.flat(q, r)
        return 3 * a, 2 * b + a

    def px(self, x: int, y: int) -> tuple[float, float]:
        """A lattice point in the drawing's units (before the offset)."""
        if self.pointy:
            return y * H / 2, x * S / 2
        return x * S / 2, y * H / 2

    def at(self, x: int, y: int) -> tuple[float, float]:
        px, py = self.px(x, y)
        return px + self.dx, py + self.dy

    def centre(self, q: int, r: int) -> tuple[float, float]:
        return self.at(*self.centre_lattice(q, r))

    def edge(self, q: int, r: int, i: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The lattice ends of edge *i* of hex (q, r)."""
        cx, cy = self.centre_lattice(q, r)
        a, b = CORNERS[i], CORNERS[(i + 1) % 6]
        return (cx + a[0], cy + a[1]), (cx + b[0], cy + b[1])

    def step(self, q: int, r: int, i: int) -> tuple[int, int]:
        """The axial coordinates of the hex across edge *i* of (q, r)."""
        da, db = STEPS[i]
        return (q + db, r + da) if self.pointy else (q + da, r + db)


def _regions(geo: _Geo, hexes: list[dict], key: str) -> dict[str, str]:
    """Each value of *key* (the terrain) as one path ``d``: the union of its hexes, traced along the edges to
    a hex of another value or off the map. Every corner of a hex grid has one such edge in and one out, so the
    edges chain into closed loops (a hole's loop runs the other way: drawn with the even-odd rule)."""
    value = {(h["q"], h["r"]): h[key] for h in hexes}
    nxt: dict[str, dict[tuple[int, int], tuple[int, int]]] = {}
    for (q, r), v in value.items():
        out = nxt.setdefault(v, {})
        for i in range(6):
            if value.get(geo.step(q, r, i)) != v:
                a, b = geo.edge(q, r, i)
                out[a] = b
    paths = {}
    for v, out in nxt.items():
        parts = []
        while out:
            start, cur = next(iter(out.items()))
            del out[start]
            x, y = geo.at(*start)
            pts = [f"M{_n(x)} {_n(y)}"]
            while cur != start:
                x, y = geo.at(*cur)
                pts.append(f"L{_n(x)} {_n(y)}")
                cur = out.pop(cur)
            parts.append("".join(pts) + "Z")
        paths[v] = "".join(parts)
    return paths


def _grid_pattern(geo: _Geo) -> tuple[str, float, float]:
    """The hex outlines as one pattern tile (two hexes: each owns its N, NE and SE edges; the lines that cross
    the tile's edges are drawn from the tiles around too, and clipped), its content, width and height. The tile
    starts at the centre of the hex (0, 0), or whole tiles away from it."""
    own = [((-1, -1), (1, -1)), ((1, -1), (2, 0)), ((2, 0), (1, 1)),
           ((2, 0), (4, 0)), ((4, 0), (5, 1)), ((5, 1), (4, 2))]
    parts = []
    for sx in (-6, 0, 6):
        for sy in (-2, 0, 2):
            for (ax, ay), (bx, by) in own:
                x1, y1 = geo.px(ax + sx, ay + sy)
                x2, y2 = geo.px(bx + sx, by + sy)
                parts.append(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}")
    w, h = geo.px(6, 2)
    return "".join(parts), w, h


def _side_line(geo: _Geo, coords: dict, a: str, b: str) -> str | None:
    """The path of the hexside between hexes *a* and *b*, None if they are not neighbours on the drawing."""
    qa, qb = coords.get(a), coords.get(b)
    if qa is None or qb is None:
        return None
    for i in range(6):
        if geo.step(*qa, i) == qb:
            (x1, y1), (x2, y2) = (geo.at(*p) for p in geo.edge(*qa, i))
            return f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}"
    return None


def _advance(ch: str, size: float, bold: bool) -> float:
    o = ord(ch)
    table = BOLD if bold else REGULAR
    return (table[o - 32] if 32 <= o < 127 else UNITS_PER_EM) * size / UNITS_PER_EM


def _glyphs(items: list[tuple[float, float, str]], size: float, bold: bool = False) -> tuple[str, str, str]:
    """Many short texts as one ``<text>``: the x and y of each letter (advances of DejaVu Sans: ``textwidth``)
    and the letters, each text centred on its point."""
    xs, ys, letters = [], [], []
    for x, y, text in items:
        x0 = x - text_width(text, size, bold) / 2
        for ch in text:
            if ch != " ":  # a space needs no place: the next letter's x is given
                xs.append(_n(x0))
                ys.append(_n(y))
                letters.append(ch)
            x0 += _advance(ch, size, bold)
    return " ".join(xs), " ".join(ys), _esc("".join(letters))


def _text_el(items, size: float, fill: str = "#555", bold: bool = False, placed: bool = True) -> str:
    """The texts of *items* ``(x, y, text)``, each centred on its point: one ``<text>`` whose letters are placed
    (*placed*: ``_glyphs``, for WeasyPrint), else one ``<text>`` each (for a browser, which sets the letters
    better); nothing if there are none."""
    if not items:
        return ""
    weight = ' font-weight="bold"' if bold else ""
    if not placed:
        return "".join(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" fill="{fill}"{weight} '
                       f'text-anchor="middle">{_esc(t)}</text>' for x, y, t in items)
    xs, ys, letters = _glyphs(items, size, bold)
    return f'<text x="{xs}" y="{ys}" font-size="{_n(size)}" fill="{fill}"{weight}>{letters}</text>'


# Places, markers and counters: shapes of one style are one path (``Shapes``), as WeasyPrint's cost is per element.


def _rect(x: float, y: float, w: float, h: float) -> str:
    return f"M{_n(x)} {_n(y)}h{_n(w)}v{_n(h)}h{_n(-w)}Z"


def _circle(x: float, y: float, r: float) -> str:
    return f"M{_n(x - r)} {_n(y)}a{_n(r)} {_n(r)} 0 1 0 {_n(2 * r)} 0a{_n(r)} {_n(r)} 0 1 0 {_n(-2 * r)} 0Z"


class Shapes:
    """Path data gathered by layer and style, drawn as one ``<path>`` for each (*layer* first, then the order
    the styles were first used)."""

    def __init__(self):
        self.paths: dict[tuple[int, str], list[str]] = {}

    def add(self, layer: int, style: str, d: str) -> None:
        self.paths.setdefault((layer, style), []).append(d)

    def svg(self) -> str:
        order = sorted(self.paths, key=lambda k: k[0])
        return "".join(f'<path d="{"".join(self.paths[k])}" {k[1]}/>' for k in order)


#: The styles of the places' symbols and the markers.
INK = 'fill="#222"'
HOLLOW = 'fill="#fff" stroke="#222" stroke-width="1.1"'
STAR = 'fill="none" stroke="#1f4fbf" stroke-width="1"'
CRESCENT = 'fill="#1d7a2e"'
MARKER_FILLS = {"terrorized": "#c8102e", "entrenched": "#7a4a12"}


def _settlement(kind: str | None, x: float, y: float) -> tuple[str, str] | None:
    """A settlement's symbol (city, town, village, settlement, fort or base): its style and path."""
    if kind == "city":
        return INK, _rect(x - 3.5, y - 3.5, 7, 7)
    if kind == "town":
        return INK, _circle(x, y, 3.2)
    if kind == "village":
        return HOLLOW, _circle(x, y, 2.4)
    if kind == "settlement":
        return INK, f"M{_n(x)} {_n(y - 3)}L{_n(x + 3)} {_n(y + 2.5)}L{_n(x - 3)} {_n(y + 2.5)}Z"
    if kind == "fort_base":
        return HOLLOW, _rect(x - 3, y - 3, 6, 6)
    return None


def _population(kind: str | None, x: float, y: float) -> tuple[str, str] | None:
    """The population symbol (17.0): the Star of David (two triangles) or the Crescent (two arcs)."""
    if kind == "jewish":
        r = 4.0
        tris = [[(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a))) for a in angles]
                for angles in ((-90, 30, 150), (90, 210, 330))]
        return STAR, "".join("M" + "L".join(f"{_n(a)} {_n(b)}" for a, b in tri) + "Z" for tri in tris)
    if kind == "arab":
        return CRESCENT, (f"M{_n(x + 1.5)} {_n(y - 3.8)}A4 4 0 1 0 {_n(x + 1.5)} {_n(y + 3.8)}"
                          f"A3.2 3.2 0 1 1 {_n(x + 1.5)} {_n(y - 3.8)}Z")
    return None


def _element(shape: tuple[str, str] | None) -> str:
    """One symbol as a path of its own (the key's icons)."""
    return f'<path d="{shape[1]}" {shape[0]}/>' if shape else ""


def short_id(unit: dict) -> str:
    """What a counter prints: its designation (1.4a), cut to seven letters."""
    text = str(unit.get("designation") or unit.get("id") or "")
    return text if len(text) <= 7 else text[:7].rstrip()


def _top_line(unit: dict) -> str:
    return SIZE_SYMBOLS.get(unit.get("size")) or TYPE_SHORT.get(unit.get("type"), "")


def _stack_title(st: dict) -> str:
    lines = [f"{st['hex']}:"]
    for u in st["units"]:
        size = f" {u['size']}" if u.get("size") else ""
        lines.append(f"{u['id']} ({u.get('designation') or ''}, {SIDE_NAMES.get(u['side'], u['side'])} "
                     f"{u['type'].replace('_', ' ')}{size}{', broken' if u.get('broken') else ''})")
    for side, n in st["supply"].items():
        lines.append(f"{SIDE_NAMES.get(side, side)}: {n} supply point{'s' if n != 1 else ''}")
    lines.extend(h["text"] for h in st["hidden"])
    return "\n".join(lines)


def _counter_style(fill: str) -> str:
    return f'fill="{fill}" stroke="#222" stroke-width="0.8"'


def _stack(st: dict, cx: float, cy: float, shapes: Shapes, texts: dict) -> tuple[float, float]:
    """One hex's stack (21.0) into *shapes* and *texts*: the top counter over the edges of the next two, their
    number beside it; a hidden stack as a grey counter with "?" and nothing else. Returns its top left."""
    items = [("unit", u) for u in st["units"]] + [("supply", {"side": s, "points": n})
                                                  for s, n in st["supply"].items()]
    x, y = cx - C / 2, cy - C / 2 + 1.5
    if st["hidden"]:
        hx, hy = (x - 5, y - 5) if items else (x, y)
        shapes.add(1, _counter_style(HIDDEN_FILL), _rect(hx, hy, C, C))
        texts["big"].append((hx + C / 2, hy + C / 2 + 4.5, "?"))
    if items:
        for k in range(min(len(items) - 1, 2), 0, -1):
            fill = SIDE_FILLS.get(items[k][1]["side"], OTHER_FILL)
            shapes.add(2 if k == 2 else 3, _counter_style(fill), _rect(x + k * SHADOW, y + k * SHADOW, C, C))
        kind, top = items[0]
        shapes.add(4, _counter_style(SIDE_FILLS.get(top["side"], OTHER_FILL)), _rect(x, y, C, C))
        if kind == "unit":
            if top.get("broken"):  # the back face up (13.2): a white band across
                shapes.add(5, 'fill="none" stroke="#fff" stroke-width="3"',
                           f"M{_n(x + 1)} {_n(y + C - 5)}L{_n(x + C - 5)} {_n(y + 1)}")
            texts["top"].append((x + C / 2, y + 8.5, _top_line(top)))
            texts["id"].append((x + C / 2, y + C - 4, short_id(top)))
        else:
            texts["top"].append((x + C / 2, y + 8.5, "Sup"))
            texts["id"].append((x + C / 2, y + C - 4, f"{top['points']} pt"))
        if len(items) > 1:
            shapes.add(6, 'fill="#222"', _circle(x + C, y, 5))
            texts["count"].append((x + C, y + 2.6, str(len(items))))
    return x, y


# The board.


def _chain(segments: list[tuple[str, str]]) -> list[list[str]]:
    """Road hexsides (pairs of labels) joined into as few lines as a walk finds."""
    adj: dict[str, list[str]] = {}
    for a, b in segments:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    used: set[frozenset] = set()
    lines = []
    starts = [n for n in adj if len(adj[n]) % 2] + list(adj)
    for start in starts:
        while True:
            cur, line = start, [start]
            while True:
                nxt = next((n for n in adj[cur] if frozenset((cur, n)) not in used), None)
                if nxt is None:
                    break
                used.add(frozenset((cur, nxt)))
                line.append(nxt)
                cur = nxt
            if len(line) < 2:
                break
            lines.append(line)
    return lines


def _features(geo: _Geo, data: dict, coords: dict) -> list[str]:
    """The hexside features (one path each: 7.2, 9.2), the borders (9.7), the roads (7.5a) and the bridges
    (7.5b; a destroyed one crossed out: 16.0)."""
    out = []
    by_feature: dict[str, list[str]] = {}
    borders = []
    for side in data["hexsides"]:
        line = _side_line(geo, coords, *side["hexes"])
        if line is None:
            continue
        for f in side["features"]:
            by_feature.setdefault(f, []).append(line)
        if side.get("border"):
            borders.append(line)
    for f, lines in sorted(by_feature.items()):
        colour, width, dash = FEATURE_STYLES.get(f, ("#555", 2.0, None))
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f'<path class="{_esc(f)}" d="{"".join(lines)}" fill="none" stroke="{colour}" '
                   f'stroke-width="{width}" stroke-linecap="round"{dashes}/>')
    if borders:
        colour, width, dash = BORDER_STYLE
        out.append(f'<path class="border" d="{"".join(borders)}" fill="none" stroke="{colour}" '
                   f'stroke-width="{width}" stroke-dasharray="{dash}"/>')
    roads = []
    for line in _chain([tuple(r) for r in data["roads"] if r[0] in coords and r[1] in coords]):
        pts = [geo.centre(*coords[h]) for h in line]
        roads.append("M" + "L".join(f"{_n(x)} {_n(y)}" for x, y in pts))
    if roads:
        out.append(f'<path class="road" d="{"".join(roads)}" fill="none" stroke="{ROAD_STYLE[0]}" '
                   f'stroke-width="{ROAD_STYLE[1]}" stroke-linejoin="round" stroke-linecap="round"/>')
    for b in data["bridges"]:
        a, c = b["hexes"]
        if a not in coords or c not in coords:
            continue
        (x1, y1), (x2, y2) = geo.centre(*coords[a]), geo.centre(*coords[c])
        mx, my, ux, uy = (x1 + x2) / 2, (y1 + y2) / 2, (x2 - x1) / H, (y2 - y1) / H
        out.append(f'<path class="bridge" d="M{_n(mx - 5 * ux)} {_n(my - 5 * uy)}L{_n(mx + 5 * ux)} '
                   f'{_n(my + 5 * uy)}" stroke="#333" stroke-width="3.5"/>')
        if b.get("destroyed"):
            out.append(f'<path class="destroyed" d="M{_n(mx - 4)} {_n(my - 4)}L{_n(mx + 4)} {_n(my + 4)}'
                       f'M{_n(mx - 4)} {_n(my + 4)}L{_n(mx + 4)} {_n(my - 4)}" stroke="#d40000" '
                       f'stroke-width="1.8"/>')
    return out


def _rulers(geo: _Geo, hexes: list[dict], top: float, bottom: float, left: float, right: float) -> list:
    """The column numbers along the top and foot of the map and the row numbers along its sides (1.3), for
    the paper board, whose hexes do not all print their labels."""
    cols: dict[int, list] = {}
    rows: dict[int, list] = {}
    for h in hexes:
        x, y = geo.centre(h["q"], h["r"])
        cols.setdefault(h["col"], []).append((y, x))
        rows.setdefault(h["row"], []).append((x, y))
    items = []
    for c, pts in cols.items():
        items.append((min(pts)[1], top, f"{c:02d}"))
        items.append((max(pts)[1], bottom, f"{c:02d}"))
    for r, pts in rows.items():
        items.append((left, min(pts)[1] + 2, f"{r:02d}"))
        items.append((right, max(pts)[1] + 2, f"{r:02d}"))
    return items


def render_hex_svg(data: dict, title: str, paper: bool = False) -> str:
    """The board *data* (a game's ``board(view)``) as a standalone SVG document. *paper*: for the PDFs (no
    header, key or tooltips; the column and row numbers around the map instead of every hex's label);
    otherwise for a browser, with a header naming *title*, who sees the board and the data pack, and a key."""
    hexes = data["hexes"]
    geo = _Geo(data["layout"]["orientation"], hexes)
    left0 = MARGIN + (RULER if paper else 0)
    top0 = MARGIN + (RULER if paper else HEADER_H)
    grid, tw, th = _grid_pattern(geo)
    # The centre of the hex (0, 0) whole tiles from (left0, top0), where the grid's tiles start (``_grid_pattern``),
    # and the map within the first tile from there.
    geo.dx = left0 + math.ceil(-geo.min_x / tw) * tw
    geo.dy = top0 + math.ceil(-geo.min_y / th) * th
    left, top, right, bottom = geo.min_x + geo.dx, geo.min_y + geo.dy, geo.max_x + geo.dx, geo.max_y + geo.dy
    width = right + MARGIN + (RULER if paper else KEY_W)
    height = max(bottom, 0 if paper else top + _key_height(data)) + MARGIN + (RULER if paper else 0)
    coords = {h["label"]: (h["q"], h["r"]) for h in hexes}
    parts = [f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
             f'viewBox="0 0 {_n(width)} {_n(height)}" width="{_n(width)}" height="{_n(height)}" '
             f'font-family="{FONT}"><title>{_esc(title)}</title>'
             f'<rect width="{_n(width)}" height="{_n(height)}" fill="#fff"/>']
    for terrain, d in sorted(_regions(geo, hexes, "terrain").items()):
        parts.append(f'<path class="terrain" data-terrain="{_esc(terrain)}" d="{d}" '
                     f'fill="{TERRAIN_FILLS.get(terrain, OTHER_FILL)}" fill-rule="evenodd"/>')
    # The pattern's tiles start at the origin of the group (a browser) and at the rectangle's top left
    # (WeasyPrint): both at (left0, top0).
    parts.append(f'<defs><pattern id="hexgrid" patternUnits="userSpaceOnUse" x="0" y="0" width="{_n(tw)}" '
                 f'height="{_n(th)}"><path d="{grid}" fill="none" stroke="#8c8a78" stroke-width="0.6"/></pattern>'
                 f'</defs><g transform="translate({_n(left0)} {_n(top0)})"><rect x="0" y="0" '
                 f'width="{_n(right - left0)}" height="{_n(bottom - top0)}" fill="url(#hexgrid)"/></g>')
    outline = _regions(geo, [{**h, "all": 1} for h in hexes], "all").get(1, "")
    parts.append(f'<path d="M0 0H{_n(width)}V{_n(height)}H0Z{outline}" fill="#fff" fill-rule="evenodd"/>'
                 f'<path d="{outline}" fill="none" stroke="#555" stroke-width="1"/>')
    parts.extend(_features(geo, data, coords))
    labels, names, marks = [], [], []
    places, counters = Shapes(), Shapes()
    shown = {st["hex"] for st in data["stacks"]}
    for h in hexes:
        cx, cy = geo.centre(h["q"], h["r"])
        if not paper or h["label"] in shown:
            labels.append((cx, cy - H / 2 + 6, h["label"]))
        for shape in (_settlement(h.get("settlement"), cx - 10.5, cy - 9.5),
                      _population(h.get("population"), cx + 10.5, cy - 9.5)):
            if shape:
                places.add(0, *shape)
        if h.get("name") and (not paper or h.get("settlement") in PAPER_NAMES):
            names.append((cx, cy + H / 2 - 1.2, h["name"]))
        for kind, x in (("terrorized", cx - 18.5), ("entrenched", cx + 10.5)):
            if h.get(kind):
                places.add(1, f'fill="{MARKER_FILLS[kind]}"', _rect(x, cy - 3.5, 8, 8))
                marks.append((x + 4, cy + 3.1, kind[0].upper()))
    parts.append(places.svg())
    parts.append(_text_el(labels, 5.0, "#555", placed=paper))
    parts.append(_text_el(marks, 6.0, "#fff", bold=True, placed=paper))
    texts: dict[str, list] = {"big": [], "top": [], "id": [], "count": []}
    tips = []
    for st in data["stacks"]:
        if st["hex"] in coords:
            x, y = _stack(st, *geo.centre(*coords[st["hex"]]), counters, texts)
            if not paper:  # a browser's tooltip: what the view shows of the stack
                tips.append(f'<rect data-hex="{_esc(st["hex"])}" x="{_n(x - 5)}" y="{_n(y - 5)}" width="{_n(C + 10)}" '
                            f'height="{_n(C + 10)}" fill="#fff" fill-opacity="0"><title>{_esc(_stack_title(st))}'
                            f'</title></rect>')
    parts.append(counters.svg())
    parts.append(_text_el(texts["big"], 13.0, "#fff", bold=True, placed=paper))
    parts.append(_text_el(texts["top"], 6.0, "#111", bold=True, placed=paper))
    parts.append(_text_el(texts["id"], 5.2, "#111", placed=paper))
    parts.append(_text_el(texts["count"], 6.5, "#fff", bold=True, placed=paper))
    parts.append(_text_el(names, 5.2, "#222", bold=True, placed=paper))
    parts.extend(tips)
    if paper:
        parts.append(_text_el(_rulers(geo, hexes, top - 4, bottom + 9, left - RULER / 2, right + RULER / 2), 6.5,
                              "#444"))
    else:
        parts.append(_header(data, title, width))
        parts.append(_key(data, right + MARGIN + 8, top))
    parts.append("</svg>")
    return "".join(parts)


# The header and the key (the browser board's; the paper board's key is the document's: ``paper_key``).


def _header(data: dict, title: str, width: float) -> str:
    pack = data.get("pack") or {}
    role = data.get("role") or "public"
    line = f"Seen by {role}; data pack {pack.get('name', '')} ({str(pack.get('digest', ''))[:12]})"
    if pack.get("test_data"):
        line += ": TEST DATA, not the game's"
    return (f'<text x="{_n(MARGIN)}" y="16" font-size="13" font-weight="bold" fill="#111">{_esc(title)}</text>'
            f'<text x="{_n(MARGIN)}" y="29" font-size="8.5" fill="#444">{_esc(line)}</text>')


def _swatches(terrains) -> list[tuple[str, str]]:
    """The icons of the key: ``(label, svg body in a 24 x 16 box)``."""
    out = [(t.replace("_", " ").replace("all ", "all-"), f'<rect x="1" y="1" width="22" height="14" '
            f'fill="{TERRAIN_FILLS.get(t, OTHER_FILL)}" stroke="#8c8a78" stroke-width="0.6"/>') for t in terrains]
    for f, (colour, w, dash) in FEATURE_STYLES.items():
        d = f' stroke-dasharray="{dash}"' if dash else ""
        out.append((f"{f} hexside", f'<path d="M2 8H22" stroke="{colour}" stroke-width="{w}"{d}/>'))
    colour, w, dash = BORDER_STYLE
    out.append(("border", f'<path d="M2 8H22" stroke="{colour}" stroke-width="{w}" stroke-dasharray="{dash}"/>'))
    out.append(("road", f'<path d="M2 8H22" stroke="{ROAD_STYLE[0]}" stroke-width="{ROAD_STYLE[1]}"/>'))
    out.append(("bridge", '<path d="M2 8H22" stroke="#2f6fd0" stroke-width="3"/><path d="M12 3V13" '
                          'stroke="#333" stroke-width="3.5"/>'))
    out.append(("bridge destroyed", '<path d="M2 8H22" stroke="#2f6fd0" stroke-width="3"/><path d="M12 3V13" '
                                    'stroke="#333" stroke-width="3.5"/><path d="M8 4L16 12M8 12L16 4" '
                                    'stroke="#d40000" stroke-width="1.8"/>'))
    for kind in ("city", "town", "village", "settlement", "fort_base"):
        out.append((kind.replace("_", "/"), _element(_settlement(kind, 12, 8))))
    out.append(("Jewish population", _element(_population("jewish", 12, 8))))
    out.append(("Arab population", _element(_population("arab", 12, 8))))
    out.append(("terrorized", '<rect x="8" y="4" width="8" height="8" rx="1" fill="#c8102e"/><text x="12" y="10.6" '
                              'font-size="6" fill="#fff" font-weight="bold" text-anchor="middle">T</text>'))
    out.append(("entrenchment", '<rect x="8" y="4" width="8" height="8" rx="1" fill="#7a4a12"/><text x="12" '
                                'y="10.6" font-size="6" fill="#fff" font-weight="bold" text-anchor="middle">E</text>'))
    for side in ("israel", "arab", "british"):
        out.append((f"{SIDE_NAMES[side]} unit", f'<rect x="5" y="1" width="14" height="14" rx="1.5" '
                                                f'fill="{SIDE_FILLS[side]}" stroke="#222" stroke-width="0.8"/>'))
    out.append(("broken", f'<rect x="5" y="1" width="14" height="14" rx="1.5" fill="{SIDE_FILLS["israel"]}" '
                          'stroke="#222" stroke-width="0.8"/><path d="M6 12L16 2" stroke="#fff" stroke-width="2.5"/>'))
    out.append(("hidden stack", f'<rect x="5" y="1" width="14" height="14" rx="1.5" fill="{HIDDEN_FILL}" '
                                'stroke="#222" stroke-width="0.8"/><text x="12" y="12" font-size="10" fill="#fff" '
                                'font-weight="bold" text-anchor="middle">?</text>'))
    return out


def _key_height(data: dict) -> float:
    """How tall the browser board's key stands (``_key``)."""
    return 16 + 18 * len(_swatches({h["terrain"] for h in data["hexes"]})) + 30


def _key(data: dict, x: float, y: float) -> str:
    """The browser board's key, in a column right of the map."""
    terrains = sorted({h["terrain"] for h in data["hexes"]})
    out = [f'<text x="{_n(x)}" y="{_n(y + 8)}" font-size="10" font-weight="bold" fill="#111">Key</text>']
    y += 16
    for label, body in _swatches(terrains):
        out.append(f'<g transform="translate({_n(x)} {_n(y)})">{body}</g>'
                   f'<text x="{_n(x + 30)}" y="{_n(y + 11)}" font-size="8.5" fill="#222">{_esc(label)}</text>')
        y += 18
    out.append(f'<text x="{_n(x)}" y="{_n(y + 8)}" font-size="7" fill="#444">Counter: size (X brigade, III '
               f'regiment,</text><text x="{_n(x)}" y="{_n(y + 17)}" font-size="7" fill="#444">II battalion, G '
               f'group), designation;</text><text x="{_n(x)}" y="{_n(y + 26)}" font-size="7" fill="#444">a '
               f'number: the counters in the stack.</text>')
    return "".join(out)


def paper_key() -> dict:
    """The key the PDFs print in HTML under the paper board (reports/key.html.j2): ``pieces`` (each ``kind``,
    ``label`` and a small standalone ``svg``), ``markers`` (the terrains' colours) and the ``note``."""
    pieces = [{"kind": label, "label": label,
               "svg": f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 16" width="24" height="16" '
                      f'font-family="{FONT}">{body}</svg>'}
              for label, body in _swatches(())]
    markers = [{"kind": t, "label": t.replace("_", " ").replace("all ", "all-"), "fill": fill, "text": "#222"}
               for t, fill in TERRAIN_FILLS.items()]
    return {"pieces": pieces, "markers": markers, "note": NOTE}
