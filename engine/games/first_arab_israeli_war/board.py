"""The hex map of a position as a role sees it, as plain data for drawing (issue 31 item 5; 1.3, 21.0).

``board_data(view)`` turns a view (``view.view``: what one side, or the public, may see) and the game's data
pack (``units.pack_of(view)``: the view carries ``pack``) into a JSON-able dict that
``service.reports.hexboard.render_hex_svg`` draws; the game's definition names it as its ``board``. It is pure
(no SVG, no I/O) and reads nothing but the view and the pack, so it cannot show what the view hides:

- ``layout``: how the hexes are drawn and numbered (the pack's ``meta``: ``engine.hexwar.grid.Layout``);
- ``hexes``: every hex of the map (1.3) in the map's order, with its label, printed ``col`` and ``row``, axial
  ``q`` and ``r``, terrain, country, name, settlement, population symbol (17.0: ``jewish``, the Star of David;
  ``arab``, the Crescent), whether it is terrorized (17.2, 18.0) and entrenched (15.0): the markers are open to
  both sides (``view.OPEN``);
- ``hexsides``: each hexside with a feature (river, wadi, cliff, sea, lake: 7.2, 9.2) or on an international
  border (9.7; a border is where two countries meet, or where the pack marks one: ruling R-9.7-borders, as
  ``MapData.is_border`` reads it);
- ``roads``: each road hexside (7.5a) as a pair of labels; ``bridges``: each bridge (7.5b) and whether it is
  destroyed (16.0: ``view["destroyed_bridges"]``);
- ``stacks``: for each hex with anything the view shows: its units (id, side, nationality, type, size, the
  counter's designation, broken or not: 13.2), the supply points shown (14.0; ruling R-14.0-points), and each
  hidden enemy stack (21.0, ruling R-21.0-hidden: ``view["hidden_stacks"]``) as one entry saying only that
  enemy units stand there, with no count, no id and no supply.

The map's part of the data depends on the pack alone and is worked out once per pack (``_static``).
"""

from __future__ import annotations

from functools import lru_cache

from . import units

#: What a hidden stack says (21.0): that the hex holds enemy units, nothing more; to the public (who has no
#: enemy), whose units they are.
HIDDEN_TEXT = "enemy units, hidden"
HIDDEN_PUBLIC = {"arab": "Arab League units, hidden", "israel": "Israeli units, hidden"}
#: The unit sizes in the order a stack shows its counters, largest first (1.4a, 8.1).
SIZE_ORDER = {"brigade": 0, "regiment": 1, "battalion": 2, "group": 3, None: 4}


@lru_cache(maxsize=8)
def _static(digest: str) -> dict:
    """The map's part of the board, which only the pack decides: the layout, the hexes' fixed features, the
    hexsides with a feature or on a border, the road hexsides and the bridges (1.3, 7.2, 7.5, 9.7)."""
    pack = units.pack_of({"pack": {"digest": digest}})
    m = pack.map
    grid = m.grid
    lay = grid.layout
    hexes = []
    for label in grid.hexes:
        d = m.hexes[label]
        q, r = grid.hex(label)
        col, row = grid.colrow(label)
        hexes.append({"label": label, "col": col, "row": row, "q": q, "r": r, "terrain": d.terrain,
                      "country": d.country, "name": d.name, "settlement": d.settlement, "population": d.population})
    hexsides, roads, bridges = [], [], []
    for a in grid.hexes:
        for b in grid.neighbours(a):
            if b < a:
                continue
            side = m.hexside(a, b)
            border = m.is_border(a, b)
            if side.features or border:
                hexsides.append({"hexes": [a, b], "features": sorted(side.features), "border": border})
            if m.is_road(a, b):
                roads.append([a, b])
            if side.bridge:
                bridges.append([a, b])
    return {"layout": {"orientation": lay.orientation, "odd_shift": lay.odd_shift, "first": lay.first,
                       "digits": lay.digits},
            "hexes": tuple(hexes), "hexsides": tuple(hexsides), "roads": tuple(roads), "bridges": tuple(bridges)}


def _unit(pack, cid: str, rec: dict, british: str) -> dict:
    """A counter as the board draws it: its side is the one it fights for (a British counter: nobody's, 27.2, or the
    side a record or an intervention gives it, 25.3, 27.8; *british*: ``units.british_side``)."""
    c = pack.counters[cid]
    return {"id": cid, "side": rec.get("side") or c.side or british, "nationality": c.nationality, "type": c.type,
            "size": c.size, "designation": c.designation, "broken": bool(rec.get("broken"))}


def stacks(view: dict) -> list[dict]:
    """What stands in each hex as the view shows it (21.0), in the map's order: ``{"hex", "units", "supply",
    "hidden"}``; a hidden enemy stack is ``{"side", "text"}`` and nothing else (ruling R-21.0-hidden)."""
    pack = units.pack_of(view)
    role = view.get("role")
    british = units.british_side(view)
    out: dict[str, dict] = {}

    def at(hex_: str) -> dict:
        return out.setdefault(hex_, {"hex": hex_, "units": [], "supply": {}, "hidden": []})

    for cid, rec in (view.get("units") or {}).items():
        if rec.get("status") == "map" and rec.get("at"):
            at(rec["at"])["units"].append(_unit(pack, cid, rec, british))
    for side, points in (view.get("supply") or {}).items():
        for hex_, n in points.items():
            if n:
                at(hex_)["supply"][side] = n
    for side, hexes in (view.get("hidden_stacks") or {}).items():
        text = HIDDEN_TEXT if role in units.SIDES else HIDDEN_PUBLIC.get(side, f"{side} units, hidden")
        for hex_ in hexes:
            at(hex_)["hidden"].append({"side": side, "text": text})
    order = {label: i for i, label in enumerate(pack.map.grid.hexes)}
    for st in out.values():
        st["units"].sort(key=lambda u: (u["type"] in ("leader", "arms_factory", "secret_airfield"),
                                        SIZE_ORDER.get(u["size"], 4), u["id"]))
    return sorted(out.values(), key=lambda st: order.get(st["hex"], len(order)))


def board_data(view: dict) -> dict:
    """The board of *view* (module docstring): JSON-able, fresh for each call."""
    static = _static(view["pack"]["digest"])
    terrorized = view.get("terrorized") or {}
    entrenched = view.get("entrenched") or {}
    destroyed = {frozenset(p) for p in view.get("destroyed_bridges") or ()}
    hexes = [{**h, "terrorized": h["label"] in terrorized, "entrenched": h["label"] in entrenched}
             for h in static["hexes"]]
    return {
        "game": view.get("game"), "role": view.get("role"),
        "pack": dict(view["pack"]),
        "layout": dict(static["layout"]),
        "hexes": hexes,
        "hexsides": [{**s, "hexes": list(s["hexes"]), "features": list(s["features"])} for s in static["hexsides"]],
        "roads": [list(r) for r in static["roads"]],
        "bridges": [{"hexes": list(b), "destroyed": frozenset(b) in destroyed} for b in static["bridges"]],
        "stacks": stacks(view),
    }
