"""The panels around the SVG board's map (DESIGN.md section 7), each drawn from the layout's ``panels`` and
what the view shows (``_panel``): the tracks, the initiative boxes, the current card, the Capabilities and
Momentum in force, the pools, the counters, the key and the header.

A track numbers every box from ``min`` to ``max``, or only the boxes it lists (``values``: the Operation
Zipper Track's Delay, issue 30), and on *paper* only some boxes of a long one (``_numbered``); its boxes may
hold pieces (``slots``, ``_slots``: the Supply Caches still on the Zipper track), name themselves (set smaller
where wider than the box, ``_box_label_size``) and print notes under the name (Kenya's Pipeline boxes, issue
28); its ``flip`` names a flag of the view that shows its marker's reverse side. The capabilities panel
prints what the game's facts say of the Capabilities and Momentum in force (``capabilities.capability_lines``,
issue 27); a counters panel's lists are tallied (``_tally``) and wrapped (``_counter_lines``); the key panel
lays out the legend's markers in rows (``_legend_markers``) above the map's note (``board_note``); the header
names the game, who is looking and the outcome ("British win", not the record the engine keeps).

The map's spaces, chits and borders, and the board as a whole, are drawn in service.reports.board.
"""

from __future__ import annotations

import math

from ..textboard import result_words, role_name
from .board_units import CELL_H, CITY_LABEL_MIN, CITY_LABEL_STEP, _cell_w, _count, _lookup, _num
from .capabilities import capability_lines
from .textwidth import text_width

#: A track longer than this many boxes numbers only some of them on *paper* (``_numbered``).
SPARSE_AFTER = 10
#: The advance from one held piece to the next in a track's box (``_panel``).
HELD_W = 42
#: A counters panel's lines (11.5 px text): the advance from one counter to the next and from one line
#: of a long list to its next, the indent of those next lines, and the estimated advance of a character
#: of the label (regular) and of the value (bold) for ``_counter_lines``.
COUNTER_H, COUNTER_WRAP_H, COUNTER_INDENT = 18, 14, 10
LABEL_CHAR_W, VALUE_CHAR_W = 6.4, 7.2
#: The key panel's marker labels: the least width of one, the gap between two, the advance to a next row.
LEGEND_MARKER_W, LEGEND_GAP, LEGEND_ROW_H = 100, 10, 24
#: A track box's name (board.svg.j2): its size in px, and the room it leaves at the box's sides
#: (``_box_label_size``); the baseline of a box's first note under its top, and the advance and size of its
#: notes (a track's ``notes``, ``_panel``).
TRACK_NAME_SIZE, TRACK_NAME_PAD, TRACK_NOTE_Y, TRACK_NOTE_H, TRACK_NOTE_SIZE = 10.0, 4.0, 43, 11, 9


def _row(x: float, y: float, stacks: list[dict], least: float) -> list[dict]:
    """Places piece stacks in one row from (x, y), each cell *least* wide or wider (``_cell_w``)."""
    out = []
    for st in stacks:
        out.append({**st, "x": _num(x), "y": _num(y)})
        x += _cell_w(st["count"], least)
    return out


def _tally(values) -> str:
    """A counters panel's list as text, each value once with how many there are (``demolish ×2``), in
    the order they first appear."""
    seen: dict[str, int] = {}
    for x in values:
        seen[str(x)] = seen.get(str(x), 0) + 1
    return ", ".join(k if n == 1 else f"{k} \u00d7{n}" for k, n in seen.items())


def _counter_lines(label: str, value: str, width: float) -> list[dict]:
    """One counter's text as lines no wider than *width* (estimated: ``LABEL_CHAR_W`` and
    ``VALUE_CHAR_W`` per character), broken after a comma: the first line holds the label, the next
    ones only the rest of the value, indented (``{"label", "value", "indent"}`` each)."""
    parts = value.split(", ")
    lines, cur = [], ""
    room = width - (len(label) + 2) * LABEL_CHAR_W
    for part in parts:
        trial = f"{cur}, {part}" if cur else part
        if cur and len(trial) * VALUE_CHAR_W > room:
            lines.append(cur + ",")
            cur, room = part, width - COUNTER_INDENT
        else:
            cur = trial
    lines.append(cur)
    return [{"label": f"{label}: " if i == 0 else "", "value": v, "indent": 0 if i == 0 else COUNTER_INDENT}
            for i, v in enumerate(lines)]


def _box_label_size(name: str, width: float) -> float:
    """The size in px of a track box's *name* (issue 28: Kenya's "Emergency Powers" ran past its Pipeline
    box): ``TRACK_NAME_SIZE``, or smaller by ``CITY_LABEL_STEP`` until its estimated width (``textwidth``)
    fits the box's *width* less ``TRACK_NAME_PAD``; ``CITY_LABEL_MIN`` at the least. A name that fits is set
    as before."""
    size = TRACK_NAME_SIZE
    while size > CITY_LABEL_MIN and text_width(name, size) > width - TRACK_NAME_PAD:
        size -= CITY_LABEL_STEP
    return size


def _numbered(v: int, lo: int, hi: int, on: bool, sparse: bool) -> bool:
    """Whether the box of *v* on a track from *lo* to *hi* shows its number: every box, or with *sparse*
    on a track longer than ``SPARSE_AFTER`` boxes only the ends, every fifth and the marked box
    (WeasyPrint lays out SVG text a letter at a time, and a long track's numbers are many of the board's
    text elements)."""
    return not sparse or hi - lo + 1 <= SPARSE_AFTER or on or v in (lo, hi) or v % 5 == 0


def _panel(p: dict, view: dict, legend: dict, names: dict, pieces_by_kind: dict, sparse: bool = False,
           facts: list[dict] = ()) -> dict:
    t = p["type"]
    out = {**p, "x": _num(p["x"]), "y": _num(p["y"])}
    if t == "track":
        # the boxes: every number from min to max, or the ones the layout lists (``values``)
        values = [int(v) for v in p["values"]] if p.get("values") else list(range(int(p["min"]), int(p["max"]) + 1))
        lo, hi = values[0], values[-1]
        value = _lookup(view, p["key"])  # a dotted key reads a dict: "resources.british"
        n = len(values)
        bw = _num(p["w"] / n)
        slots = _slots(_lookup(view, p["slots"]), p.get("slot_kind")) if p.get("slots") else {}
        cells = []
        for i, v in enumerate(values):
            slot = slots.get(str(v)) or slots.get(v) or {}
            held = [{"kind": k, "count": _count(c), "piece": pieces_by_kind.get(k) or pieces_by_kind.get(k + "_u")}
                    for k, c in sorted(slot.items()) if _count(c) > 0]
            held = _row(p["x"] + i * bw + 4, p["y"] + p["h"] + 2, held, HELD_W)
            name = p.get("names", {}).get(str(v), "")
            notes = p.get("notes", {}).get(str(v), [])
            notes = [{"text": str(t), "y": _num(p["y"] + TRACK_NOTE_Y + j * TRACK_NOTE_H), "size": TRACK_NOTE_SIZE}
                     for j, t in enumerate([notes] if isinstance(notes, str) else notes)]
            cells.append({"v": v, "x": _num(p["x"] + i * bw), "on": v == value,
                          "numbered": _numbered(v, lo, hi, v == value, sparse and not p.get("values")),
                          "name": name, "name_size": f"{_box_label_size(name, bw - 1):g}", "held": held,
                          "notes": notes})
        # A marker flipped to its reverse side ("flip": {"key", "label", "fill"}): shown while the key is true.
        flip = p.get("flip")
        out.update(value=value, cells=cells, bw=bw, flipped=flip["label"] if flip and _lookup(view, flip["key"]) else None,
                   flip_fill=(flip or {}).get("fill", "#8e1b1b"))
    elif t == "initiative":  # the roles in order (``key``) and who holds which box (``boxes_key``)
        elig = list(_lookup(view, p["key"]) or [])
        sides = legend.get("sides", {})
        out["elig"] = [{"label": lab, "side": elig[i] if i < len(elig) else None} for i, lab in enumerate(p["eligible"])]
        boxes = _lookup(view, p["boxes_key"]) or {}
        out["boxes_"] = [{"key": b["key"], "label": b["label"], "side": boxes.get(b["key"])} for b in p["boxes"]]
        out["sides"] = sides
    elif t == "card":  # the current card ``{id, title, kind}`` (``key``), cards left (``count``), played
        out["card"] = _lookup(view, p["key"])
        out["deck_size"] = _lookup(view, p["count"])
        out["played"] = _count(_lookup(view, p["played"]) or [])
    elif t == "capabilities":  # ``{card id: side}`` (``key``), and the Momentum fact's cards
        caps = _lookup(view, p["key"]) or {}
        out.update(caps=capability_lines(p, caps, names, facts, COUNTER_INDENT), count=len(caps))
    elif t == "pool":  # ``id``: which of two pools reading one key; ``fill`` and ``stroke``: its box's colours
        val = view.get(p["key"])
        if isinstance(val, dict):
            kinds = p.get("kinds", {k: k for k in val})
            stacks = [{"kind": k, "count": _count(val.get(k, 0)), "piece": pieces_by_kind.get(pk)}
                      for k, pk in kinds.items()]
        else:
            stacks = [{"kind": p.get("kind", p["key"]), "count": _count(val),
                       "piece": pieces_by_kind.get(p.get("piece", ""))}]
        cols = max(1, int((p["w"] - 10) // 60))
        placed = []
        for i, st in enumerate(stacks):
            placed.append({**st, "x": _num(p["x"] + 10 + (i % cols) * 60), "y": _num(p["y"] + 24 + (i // cols) * CELL_H)})
        out["stacks"] = placed
    elif t == "counters":
        items, y = [], p["y"] + 14
        for it in p["items"]:
            v = _lookup(view, it["key"])
            if it.get("list"):
                v = _tally(v) if v else "none"
            lines = _counter_lines(it["label"], "" if v is None else str(v), p.get("w", 150))
            items.append({"key": it["key"],
                          "lines": [{**ln, "y": _num(y + i * COUNTER_WRAP_H)} for i, ln in enumerate(lines)]})
            y += COUNTER_H + (len(lines) - 1) * COUNTER_WRAP_H
        out["entries"] = items
    elif t == "legend":
        out["pieces"] = [{**pc, "x": _num(p["x"] + 10 + (i % 3) * 155), "y": _num(p["y"] + 24 + (i // 3) * 24)}
                         for i, pc in enumerate(legend.get("pieces", []))]
        base = p["y"] + 24 + math.ceil(len(out["pieces"]) / 3) * 24
        out["markers"] = _legend_markers(legend.get("markers", []), p["x"] + 10, base, p["x"] + p.get("w", math.inf))
        rows = len({m["y"] for m in out["markers"]})
        out["note_y"] = _num(base + (40 + (rows - 1) * LEGEND_ROW_H if out["markers"] else 16))
        out["note"] = board_note({"panels": [p]})
    elif t == "header":
        role = view.get("role")
        out["title"] = names.get("game") or ""
        out["role"] = role
        out["role_name"] = role_name(role, view.get("game")) if role else "Public"
        out["player"] = (names["roles"].get(role) or names["flat"].get(role) or "") if role else ""
        out["seq"] = view.get("seq")
        outcome = view.get("outcome")
        if isinstance(outcome, dict):  # "British win", not the record the engine keeps; no winner: a draw
            winner = outcome.get("winner")
            outcome = f"{role_name(str(winner), view.get('game'))} win" if winner else result_words(outcome, view.get("game"))
        out["outcome"] = outcome
    return out


def _slots(held, kind: str | None) -> dict:
    """What a track's boxes hold, ``{value: {kind: count}}``: the view's dict as it is, or, for a list of box
    values (the Supply Caches still on the Operation Zipper Track), one piece of *kind* for each time a box
    is listed."""
    if isinstance(held, list | tuple):
        out: dict[str, dict] = {}
        for v in held:
            box = out.setdefault(str(v), {})
            box[kind] = box.get(kind, 0) + 1
        return out
    return held if isinstance(held, dict) else {}


def _legend_markers(markers: list[dict], left: float, y: float, right: float) -> list[dict]:
    """The key's marker labels in rows from (left, y): each ``LEGEND_MARKER_W`` wide or as wide as its
    label needs, ``LEGEND_GAP`` apart, a new row ``LEGEND_ROW_H`` lower when the next would end past
    *right* (the panel's right edge)."""
    out, x = [], left
    for m in markers:
        w = max(LEGEND_MARKER_W, 10 + 7 * len(m["label"]))
        if x > left and x + w > right:
            x, y = left, y + LEGEND_ROW_H
        out.append({**m, "x": _num(x), "y": _num(y), "w": w})
        x += w + LEGEND_GAP
    return out


def board_note(layout: dict) -> str:
    """The map's note (where its positions come from), printed under the key."""
    for p in layout.get("panels", []):
        if p.get("type") == "legend":
            return p.get("note", "Schematic map: positions inferred from 1945 geography, not the printed board.")
    return ""
