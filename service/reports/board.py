"""The SVG board of a game, drawn only from what a role may see (DESIGN.md section 7).

``render_board_svg(view, layout, names)`` is game-agnostic: the positions of the spaces, the piece kinds
and their shapes and colours, and which tracks and boxes to draw all come from the game's
``data/layout.json`` (``load_layout``). The SVG is self-contained (no links, no fonts or images by URL)
and every string from the view, the layout or *names* goes through Jinja2's autoescaping.

*names* is optional display text: ``{"roles": {role: player name}, "cards": {card id: title},
"spaces": {space id: name}, "game": heading}``, or a flat ``{id: display name}`` (GameDefinition.names). Card titles are only printed for cards the view says are in force (capabilities)
or current, so passing every title does not leak the deck.

A City's name in its circle is set as large as fits it (``_circle_label_size``) and the City's markers
stand inside it (``_circle_markers``); the capabilities panel prints what the game's facts (``engine.facts``)
say of the Capabilities and Momentum in force (``capabilities.capability_lines``), as every other output does (issue 27).

What a layout may say beyond shapes and places (all optional; a layout that says none is drawn as before):
a legend marker with a ``level`` is drawn where the space's count of its ``kind`` equals that level (one
``support`` count gives Support at 1 and Opposition at -1), one with a ``control`` side where the view's
top-level ``control`` gives the space to that side (``_marker_count``); a space may name its ``style``,
the ``cols`` of its piece grid, where its ``markers`` start and the width ``marker_w`` at which their rows
wrap, and a circle too small for its name where the name stands beside it (``label``, ``_space``); a track's ``key`` may be dotted (``resources.british``) and its ``flip`` names a flag
of the view that shows its marker's reverse side (``_panel``); a track box's name is set smaller where it
is wider than the box (``_box_label_size``), and its ``notes`` (``{value: line or [lines]}``) are printed
under the name, one line each (Kenya's Pipeline boxes: their Relocate and Reprisal spaces, issue 28).

Options of issue 30 (Japanese Occupation, played on the Malaya board), general like the others: a track may
list its boxes' ``values`` (the Operation Zipper Track's Delay, 6, 12, 18, 20) instead of every number from
``min`` to ``max``, and its ``slots`` may name a list of box values, each one ``slot_kind`` piece held in that
box (the Supply Caches still on the Zipper track); a pool may have an ``id`` (two pools reading one key, the
British and the Japanese Available boxes) and a ``fill`` and ``stroke`` (the blue box and the red one); a
foreign label may outline its territory (``points``: Thailand, Out of Play); the layout's ``chits`` draw in
each space the chit the view gives it (``_chit``: a concealed chit shows "?" and no value, unless the view
says its value is public); and the layout's ``borders`` draw features of the borders between spaces, each a
line along its border with a marker and the count the view gives it (``_borders``: the Railway markers and
their Sabotage).

The panels (``_panel``: tracks, pools, counters, the key, the header) are drawn in service.reports.board_panels,
and the measures and readings both parts use (``_num``, ``_count``, ``_lookup``, ``_cell_w``) are in
service.reports.board_units; the names other modules import from here still are.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

# _panel draws the panels; the rest are imported from here by other modules and the tests
from .board_panels import LABEL_CHAR_W, VALUE_CHAR_W, _counter_lines, _panel, _tally, board_note  # noqa: F401
from .board_units import (
    CELL_H,
    CELL_W,
    CITY_LABEL_MIN,
    CITY_LABEL_RISE,
    CITY_LABEL_SIZE,
    CITY_LABEL_STEP,
    COUNT_DX,
    COUNT_DY,
    DIGIT_W,
    _cell_w,
    _count,
    _lookup,
    _num,
)
from .textwidth import ASCENT, text_width

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"  # the top-level templates/ folder

_env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True,
                   trim_blocks=True, lstrip_blocks=True)

#: The advance from one row of a space's markers to the next (a marker is 16 px high), when its layout
#: wraps them (``marker_w``, ``_markers``).
MARKER_ROW_H = 20
#: A marker's height, and the gap between two in a row (board.svg.j2's ``marker``, ``_markers``).
MARKER_H, MARKER_GAP = 16, 4
#: How far inside a circle's edge its contents stay: half its 3 px stroke and 1.5 px of room.
CIRCLE_INSET = 3.0
#: A City's markers inside its circle (``_circle_markers``): their height, text size, room around the
#: text, and the advance from one row to the next.
CITY_MARKER_H, CITY_MARKER_SIZE, CITY_MARKER_PAD, CITY_MARKER_ROW_H = 14, 9, 8, 16
#: Where a circle's piece grid starts, above its centre, as a part of its radius (``_space``).
CIRCLE_PIECES_RISE = 0.42
#: A space's chit (``_chit``): the size of its text, and the room it leaves around it.
CHIT_SIZE, CHIT_PAD = 10.5, 10
#: A border feature's marker (``_borders``): its width and height; the size of its count's text and the room
#: around it.
BORDER_W, BORDER_H, BORDER_COUNT_SIZE, BORDER_COUNT_PAD = 26, 14, 10, 8


def load_layout(game_slug: str) -> dict | None:
    """The schematic layout of *game_slug*, from ``layout.json`` in its data folder (``rulings.data_dir``:
    ``engine/games/<package>/data/`` for the games of this project); None for a game that has none, whose
    position is then shown by its facts alone (no board is drawn)."""
    if not game_slug.replace("_", "").replace("-", "").isalnum():
        raise ValueError(f"bad game slug {game_slug!r}")
    from ..rulings import data_dir

    path = data_dir(game_slug) / "layout.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def _columns(stacks: list[dict], cols: int) -> list[float]:
    """The widths of a stack grid's columns: each as wide as the widest cell in it (``_cell_w``)."""
    widths = [0.0] * min(len(stacks), cols)
    for i, st in enumerate(stacks):
        widths[i % cols] = max(widths[i % cols], _cell_w(st["count"]))
    return widths


def _grid(x: float, y: float, stacks: list[dict], cols: int = 2) -> tuple[list[dict], float, float]:
    """Places piece stacks in a grid from (x, y); returns them and the grid's width and height."""
    widths = _columns(stacks, cols)
    lefts = [x + sum(widths[:c]) for c in range(len(widths))]
    out = [{**st, "x": _num(lefts[i % cols]), "y": _num(y + (i // cols) * CELL_H)} for i, st in enumerate(stacks)]
    rows = math.ceil(len(stacks) / cols) if stacks else 0
    return out, sum(widths), rows * CELL_H


def _stacks(counts: dict, legend: dict) -> list[dict]:
    stacks = []
    for p in legend.get("pieces", []):
        n = _count(counts.get(p["kind"], 0))
        if n > 0:
            stacks.append({"kind": p["kind"], "count": n, "piece": p})
    return stacks


def _marker_count(m: dict, counts: dict, control) -> int:
    """How many of the legend's marker *m* a space shows: its count of the marker's ``kind``; or, for a
    marker with a ``level`` (Support 1, Opposition -1 on one ``support`` count), 1 when that count is the
    level and else none, so a negative level is a marker too; or, for a marker with a ``control`` side, 1
    when the view's ``control`` gives the space to that side (*control*) and else none."""
    if "control" in m:
        return int(control is not None and control == m["control"])
    n = _count(counts.get(m["kind"], 0))
    if "level" in m:
        return int(n == int(m["level"]))
    return n


def _marker_labels(counts: dict, legend: dict, control=None, lead: tuple = ()) -> list[dict]:
    """The markers a space shows (``_marker_count``), in the legend's order, each as a label and its width;
    *lead*: labels shown before them (the space's chit: ``_chit``)."""
    out = list(lead)
    for m in legend.get("markers", []):
        n = _marker_count(m, counts, control)
        if n > 0:
            text = m["label"] + (f" \u00d7{n}" if n > 1 else "")
            out.append({"kind": m["kind"], "count": n, "text": text, "fill": m["fill"],
                        "color": m.get("text", "#ffffff"), "w": 10 + 7 * len(text),
                        "level": m.get("level"), "control": m.get("control")})
    return out


def _markers(counts: dict, legend: dict, x: float, y: float, control=None, wrap: float | None = None,
             lead: tuple = ()) -> list[dict]:
    """The markers a space shows, as labels in a row from (x, y) in the legend's order (after *lead*, its
    chit); with *wrap* (a width from the layout) a label that would end past it starts a new row
    ``MARKER_ROW_H`` lower."""
    out, left = [], x
    for m in _marker_labels(counts, legend, control, lead):
        if wrap is not None and x > left and x + m["w"] > left + wrap:
            x, y = left, y + MARKER_ROW_H
        out.append({**m, "x": _num(x), "y": _num(y)})
        x += m["w"] + MARKER_GAP
    return out


def _chit(chits: dict | None, view: dict, sid: str) -> tuple[dict, ...]:
    """The chit the layout's ``chits`` (``{"key", "label", "face": {"fill", "text"}, "back": {...}}``) draw in
    space *sid*, from ``view[key][sid]``, as a label that leads its markers' row: none where the view gives
    none (or no dict); ``{label} {value}`` face up where it is ``revealed``; ``{label} ?`` face down, and
    ``{label} ? (seen {value})`` only where the view says that value is public (``seen``). A concealed chit's
    value is never drawn otherwise, whatever else the view holds (issue 30: Japanese Occupation's Intel chits,
    which neither player may look at, 1.11)."""
    if not chits:
        return ()
    chit = (_lookup(view, chits["key"]) or {}).get(sid)
    if not isinstance(chit, dict):
        return ()
    label = chits.get("label", "")
    if chit.get("revealed"):
        state, value, text, style = "revealed", chit.get("value"), f"{label} {chit.get('value')}", chits.get("face")
    elif chit.get("seen"):
        state, value, text, style = "seen", chit.get("value"), f"{label} ? (seen {chit.get('value')})", chits.get("back")
    else:
        state, value, text, style = "concealed", None, f"{label} ?", chits.get("back")
    text, style = text.strip(), style or {}
    return ({"kind": chits["key"], "chit": state, "value": value, "count": 1, "text": text,
             "fill": style.get("fill", "#555555"), "color": style.get("text", "#ffffff"),
             "w": _num(text_width(text, CHIT_SIZE, bold=True) + CHIT_PAD), "size": CHIT_SIZE,
             "level": None, "control": None},)


def _chord(cx: float, cy: float, r: float, top: float, bottom: float) -> float:
    """The width of a band from *top* to *bottom* that fits inside the circle (its edge less
    ``CIRCLE_INSET``) all the way down: the circle's chord where the band is furthest from the centre."""
    inner = r - CIRCLE_INSET
    far = max(abs(top - cy), abs(bottom - cy))  # a rectangle's corners: at its top or its bottom
    return 2 * math.sqrt(max(inner * inner - far * far, 0.0))


def _circle_markers(counts: dict, legend: dict, cx: float, cy: float, r: float, top: float,
                    control=None, lead: tuple = ()) -> list[dict]:
    """A City's markers inside its circle (issue 27: above it, Jerusalem's Curfew stood in Jerusalem
    District), set smaller than elsewhere (``CITY_MARKER_*``, each as wide as its text: ``textwidth``): in
    rows from *top* down (under the City's pieces), each centred and as long as the circle's chord there
    allows (``_chord``). A row that would end below the circle's foot is not started: its markers go on the
    row above, wider than the chord; and under pieces that fill the circle the first row stands across its
    rim, never wholly below it (a City with many pieces and markers has no room for them all). *lead*: labels
    shown first (the City's chit: ``_chit``)."""
    labels = [{**m, "w": _num(text_width(m["text"], CITY_MARKER_SIZE, bold=True) + CITY_MARKER_PAD),
               "h": CITY_MARKER_H, "size": CITY_MARKER_SIZE} for m in _marker_labels(counts, legend, control, lead)]
    foot = cy + r - CIRCLE_INSET
    top = min(top, cy + r - CITY_MARKER_H / 2)  # below pieces that fill the circle: across its rim, not under it
    rows: list[list[dict]] = [[]]
    y = top
    for m in labels:
        row = rows[-1]
        wide = sum(o["w"] + MARKER_GAP for o in row) + m["w"] > _chord(cx, cy, r, y, y + CITY_MARKER_H)
        if row and wide and y + CITY_MARKER_ROW_H + CITY_MARKER_H <= foot:
            rows.append([])
            y += CITY_MARKER_ROW_H
        rows[-1].append(m)
    out = []
    for i, row in enumerate(rows):
        x = cx - (sum(o["w"] for o in row) + MARKER_GAP * (len(row) - 1)) / 2
        for m in row:
            out.append({**m, "x": _num(x), "y": _num(top + i * CITY_MARKER_ROW_H)})
            x += m["w"] + MARKER_GAP
    return out


def _circle_label_size(name: str, r: float) -> float:
    """The size in px at which a City's *name* fits inside its circle of radius *r* (issue 27: "Tel
    Aviv-Jaffa" ran past it): ``CITY_LABEL_SIZE``, or smaller by steps until the name's estimated width
    (``textwidth``) fits the circle's chord at the top of its letters, its baseline standing
    ``CITY_LABEL_RISE`` of the radius above the centre; ``CITY_LABEL_MIN`` at the least."""
    size, base = CITY_LABEL_SIZE, r * CITY_LABEL_RISE
    while size > CITY_LABEL_MIN:
        top = base + ASCENT * size
        if text_width(name, size, bold=True) <= _chord(0, 0, r, -top, -top):
            return size
        size -= CITY_LABEL_STEP
    return CITY_LABEL_MIN


def _space(sid: str, spec: dict, counts: dict, legend: dict, names: dict, control=None, lead: tuple = ()) -> dict:
    """One space of the map placed by its *spec* in the layout, with its pieces and markers (*control*:
    the side the view's ``control`` gives it, for the control markers). The spec may name its own
    ``style`` among the legend's space styles (else the one of its shape), give its piece grid ``cols``
    columns (else 2), put its markers at ``markers`` [x, y] (else under its pieces, inside a circle too:
    ``_circle_markers``) and wrap their rows at ``marker_w``. A circle's name stands inside it, as large as
    fits (``_circle_label_size``), unless the layout puts it at ``label`` [x, y] beside a circle too small
    for it (``label_anchor``: ``start``, ``middle`` or ``end`` of the name there). *lead*: the space's chit
    (``_chit``), first in its markers' row."""
    kind = spec["shape"]
    styles = legend.get("spaces", {})
    style = styles.get(spec.get("style") or {"polygon": "district", "circle": "city", "line": "railway"}[kind], {})
    anchor = [_num(v) for v in spec["markers"]] if spec.get("markers") else None
    wrap = _num(spec["marker_w"]) if spec.get("marker_w") else None
    cols = max(1, int(spec.get("cols", 2)))
    name = names["spaces"].get(sid) or spec.get("name") or names["flat"].get(sid) or sid
    stacks = _stacks(counts, legend)
    sp = {"id": sid, "name": name, "shape": kind, "style": style, "tray": None}
    if kind == "circle":
        cx, cy = (_num(v) for v in spec["center"])
        r = _num(spec["r"])
        if spec.get("label"):  # a circle too small for its name: the layout puts it beside the circle
            lx, ly = (_num(v) for v in spec["label"])
            sp.update(cx=cx, cy=cy, r=r, lx=lx, ly=ly, lsize=CITY_LABEL_SIZE, lanchor=spec.get("label_anchor", "middle"))
        else:
            sp.update(cx=cx, cy=cy, r=r, lx=cx, ly=_num(cy - r * CITY_LABEL_RISE), lsize=_circle_label_size(name, r))
        pieces, gw, gh = _grid(cx - sum(_columns(stacks, cols)) / 2, cy - r * CIRCLE_PIECES_RISE, stacks, cols)
        if anchor:  # where the layout puts them
            sp["markers"] = _markers(counts, legend, *anchor, control, wrap, lead)
        else:
            sp["markers"] = _circle_markers(counts, legend, cx, cy, r, cy - r * CIRCLE_PIECES_RISE + gh + 2, control,
                                            lead)
    else:
        pts = [(_num(a), _num(b)) for a, b in spec["points"]]
        sp["points"] = " ".join(f"{a},{b}" for a, b in pts)
        lx, ly = (_num(v) for v in spec.get("label", pts[0]))
        sp.update(lx=lx, ly=ly)
        px, py = (_num(v) for v in spec.get("pieces", (lx, ly + 10)))
        pieces, gw, gh = _grid(px, py, stacks, cols)
        markers = _markers(counts, legend, *(anchor or (px, py + gh + 4)), control, wrap, lead)
        if kind == "line" and (pieces or markers):
            mx, my = pts[len(pts) // 2] if len(pts) > 2 else ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2)
            sp["tray"] = {"x": _num(px - 4), "y": _num(py - 3), "w": _num(gw + 8), "h": _num(gh + 6),
                          "hidden": not pieces, "leader": (_num(px - 4 + (gw + 8) / 2), _num(py - 3 + (gh + 6) / 2), _num(mx), _num(my))}
        elif pieces:
            sp["tray"] = {"x": _num(px - 4), "y": _num(py - 3), "w": _num(gw + 8), "h": _num(gh + 6), "soft": True}
        sp["markers"] = markers
    sp["pieces"] = pieces
    return sp


def _borders(layout: dict, view: dict, legend: dict) -> list[dict]:
    """The features of the borders between spaces the layout's ``borders`` draw (``{"key", "marker", "items":
    {id: {"name", "points", "at", "starred"}}}``: Japanese Occupation's Railway markers, 1.3.6): each a line
    along its border (``points``), a marker centred at ``at`` (with a star where ``starred``) and, where the
    view's ``view[key][id]`` counts any, the legend's ``marker`` with that count beside it (Sabotage, 1.12):
    right of the marker, or at ``count_at`` [x, y] (its top left) with a leader line from the marker where
    the layout has no room beside it. A feature the view counts that the layout has no place for is an
    error, as a space is (``render_board_svg``)."""
    spec = layout.get("borders")
    if not spec:
        return []
    counts = _lookup(view, spec["key"]) or {}
    missing = sorted(set(counts) - set(spec["items"]))
    if missing:
        raise ValueError(f"layout has no position for borders {missing}")
    style = next((m for m in legend.get("markers", []) if m["kind"] == spec.get("marker")), {})
    out = []
    for bid, it in spec["items"].items():
        n = _count(counts.get(bid, 0))
        ax, ay = (_num(v) for v in it["at"])
        f = {"id": bid, "name": it.get("name", bid), "starred": bool(it.get("starred")), "count": n,
             "points": " ".join(f"{_num(a)},{_num(b)}" for a, b in it["points"]),
             "x": _num(ax - BORDER_W / 2), "y": _num(ay - BORDER_H / 2), "w": BORDER_W, "h": BORDER_H,
             "cx": ax, "cy": ay, "mark": None}
        if n:
            text = style.get("label", spec.get("marker", "")) + (f" \u00d7{n}" if n > 1 else "")
            cx, cy = (_num(v) for v in it.get("count_at", (ax + BORDER_W / 2 + 2, ay - BORDER_H / 2)))
            f["mark"] = {"kind": spec.get("marker", ""), "count": n, "text": text, "x": cx, "y": cy,
                         "w": _num(text_width(text, BORDER_COUNT_SIZE, bold=True) + BORDER_COUNT_PAD),
                         "h": BORDER_H, "size": BORDER_COUNT_SIZE, "fill": style.get("fill", "#111111"),
                         "color": style.get("text", "#ffffff"), "leader": None}
            if it.get("count_at"):
                m = f["mark"]
                m["leader"] = (ax, ay, _num(cx + m["w"] / 2), _num(cy + BORDER_H / 2))
        out.append(f)
    return out


def _names(names: dict) -> dict:
    """Accepts the nested form (roles, cards, spaces, game) or a flat {id: display name} (GameDefinition.names)."""
    nested = {k: v for k, v in names.items() if k in ("roles", "cards", "spaces") and isinstance(v, dict)}
    return {"roles": nested.get("roles", {}), "cards": nested.get("cards", {}), "spaces": nested.get("spaces", {}),
            "game": names.get("game") if isinstance(names.get("game"), str) else "",
            "flat": {k: v for k, v in names.items() if isinstance(v, str) and k != "game"}}


def _count_text(stacks: list[dict]) -> dict:
    """Every stack's count as the ``x``, ``y`` and text of one SVG ``<text>``, each digit placed by the
    lists (SVG's per-glyph positioning), for *paper*: WeasyPrint's cost of SVG text is per ``<text>`` as
    well as per letter, so a board's thirty-odd counts make one ``<text>`` rather than one each.
    """
    xs, ys, digits = [], [], []
    for st in stacks:
        for i, d in enumerate(str(st["count"])):
            xs.append(f"{_num(st['x'] + COUNT_DX + i * DIGIT_W):g}")
            ys.append(f"{_num(st['y'] + COUNT_DY):g}")
            digits.append(d)
    return {"x": " ".join(xs), "y": " ".join(ys), "text": "".join(digits)}


def board_key(layout: dict) -> dict:
    """The key of the board's pieces and markers, for the PDFs to print in HTML under the board (the
    board then leaves out its key panel: ``render_board_svg(header=False)``).

    ``{"pieces": [{"kind", "label", "svg"}], "markers": [{"kind", "label", "fill", "text"}]}``: each
    piece's icon is a small standalone SVG drawn by the board's own icon macro (reports/pieces.svg.j2),
    so the key shows exactly what the board shows; a marker is only a coloured label.
    """
    legend = layout.get("legend", {})
    icon = _env.get_template("reports/piece.svg.j2")
    return {"pieces": [{"kind": p["kind"], "label": p["label"], "svg": icon.render(piece=p).strip()}
                       for p in legend.get("pieces", [])],
            "markers": [{"kind": m["kind"], "label": m["label"], "fill": m["fill"], "text": m.get("text", "#ffffff")}
                        for m in legend.get("markers", [])]}


def key_box(layout: dict) -> dict | None:
    """Where the board's key panel stands, from its top left down to the canvas's foot, in percent of the
    canvas (``{"left", "top", "width", "height"}``); None if the layout has no key panel.

    The paper board leaves that panel out (``header=False``) and the PDFs print their key and the map's
    note in HTML over the place it leaves (reports/board.html.j2): printed under the board instead, they
    would leave the foot of its side panel empty and the board smaller.
    """
    w, h = layout["canvas"]["width"], layout["canvas"]["height"]
    for p in layout.get("panels", []):
        if p.get("type") == "legend":
            return {"left": _num(100 * p["x"] / w), "top": _num(100 * p["y"] / h),
                    "width": _num(100 * p["w"] / w), "height": _num(100 * (h - p["y"]) / h)}
    return None


def _facts_of(view: dict) -> list[dict]:
    """The game's facts of *view* (``engine.facts``), none for a view that names no game."""
    import engine

    return engine.facts(view) if view.get("game") else []


def render_board_svg(view: dict, layout: dict, names: dict | None = None, tooltips: bool = True,
                     header: bool = True, paper: bool = False, facts: list[dict] | None = None) -> str:
    """The board as a standalone SVG document (a string), from *view* placed by *layout*.

    *tooltips* adds a ``<title>`` to each space and stack, for browsers; the PDFs leave them out (they
    show nothing on paper, and WeasyPrint would lay them out all the same).
    *header* draws the header panel (the game, who is looking, the outcome) and the key panel with the
    map's note; the PDFs print them in their HTML instead (``board_key``, ``board_note``), where text
    costs WeasyPrint a fraction of what it costs in SVG, which it lays out one letter at a time.
    *paper* draws less SVG text for the same reason: a long track numbers only some boxes
    (``_numbered``), and every stack's count is one ``<text>`` for the whole board (``_count_text``).
    *facts* are the view's (``engine.facts``), which name the Capabilities and Momentum in force the way
    every other output does (``capabilities.capability_lines``); computed here when not given.
    """
    names = _names(names or {})
    if facts is None:
        facts = _facts_of(view)
    legend = layout.get("legend", {})
    pieces_by_kind = {p["kind"]: p for p in legend.get("pieces", [])}
    spaces_view = view.get("spaces", {})
    control = view.get("control") if isinstance(view.get("control"), dict) else {}
    spaces = []
    # Districts first, then railways, then cities on top.
    order = {"polygon": 0, "line": 1, "circle": 2}
    for sid, spec in sorted(layout["spaces"].items(), key=lambda kv: order[kv[1]["shape"]]):
        spaces.append(_space(sid, spec, spaces_view.get(sid, {}), legend, names, control.get(sid),
                             _chit(layout.get("chits"), view, sid)))
    missing = sorted(set(spaces_view) - set(layout["spaces"]))
    if missing:
        raise ValueError(f"layout has no position for spaces {missing}")
    if not names.get("game"):
        names = {**names, "game": layout.get("title", "")}
    panels = [_panel(p, view, legend, names, pieces_by_kind, sparse=paper, facts=facts) for p in layout.get("panels", [])
              if header or p.get("type") not in ("header", "legend")]
    stacks = [st for sp in spaces for st in sp["pieces"]] + [  # in the order the board draws them
        st for p in panels for st in p.get("stacks") or [h for c in p.get("cells", []) for h in c["held"]]]
    canvas = layout["canvas"]
    land = layout.get("map", {}).get("land")
    # a foreign label's territory (``points``), drawn as a region that is no space (Thailand, Out of Play)
    foreign = [{**f, "region": " ".join(f"{_num(a)},{_num(b)}" for a, b in f["points"]) if f.get("points") else None}
               for f in layout.get("foreign", [])]
    return _env.get_template("reports/board.svg.j2").render(
        canvas=canvas, font=canvas.get("font", "DejaVu Sans, sans-serif"),
        land=" ".join(f"{_num(a)},{_num(b)}" for a, b in land) if land else None,
        spaces=spaces, foreign=foreign, borders=_borders(layout, view, legend), panels=panels, legend=legend,
        cw=CELL_W, ch=CELL_H, tooltips=tooltips, counts=_count_text(stacks) if paper and stacks else None).lstrip()
