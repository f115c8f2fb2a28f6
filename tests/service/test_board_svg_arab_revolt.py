"""The SVG board of Arab Revolt (issue #7 with the renderer of issue #5): its layout covers the map, and
the setup renders every space, piece, marker, track and box from the view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import engine
from engine.coin import deck
from engine.core.chance import SeededChance
from engine.games.arab_revolt import board as B
from engine.games.arab_revolt.data import CARDS, MAP
from service.reports import load_layout, render_board_svg

NS = {"s": "http://www.w3.org/2000/svg"}
G = "{http://www.w3.org/2000/svg}g"
PIECE_KINDS = tuple(B.BOARD.piece_of_key)
MARKERS = ("curfew", "sabotage", "opposition", "out_of_play")


@pytest.fixture(scope="module")
def state():
    return engine.setup("arab-revolt", "standard", {}, SeededChance(1))


@pytest.fixture(scope="module")
def layout():
    return load_layout("arab-revolt")


def render(view, layout):
    svg = render_board_svg(view, layout, {"cards": {c: v["title"] for c, v in CARDS.items()}})
    return svg, ET.fromstring(svg)


def spaces_of(root):
    return {g.get("data-space"): g for g in root.iter(G) if g.get("class") == "space"}


def counts_in(group, cls="pieces"):
    out: dict[str, int] = {}
    for g in group.iter(G):
        if cls in (g.get("class") or "").split() and g.get("data-kind"):
            out[g.get("data-kind")] = out.get(g.get("data-kind"), 0) + int(g.get("data-count"))
    return out


def test_layout_covers_the_map_with_sources(layout):
    assert set(layout["spaces"]) == {s["id"] for s in MAP["spaces"]}
    shape = {"district": "polygon", "foreign": "polygon", "city": "circle", "railway": "line"}
    for s in MAP["spaces"]:
        spec = layout["spaces"][s["id"]]
        assert spec["shape"] == shape[s["kind"]], s["id"]
        assert spec["source"].startswith("schematic: inferred"), s["id"]
    assert {p["kind"] for p in layout["legend"]["pieces"]} == set(PIECE_KINDS)
    assert {m["kind"] for m in layout["legend"]["markers"]} == set(MARKERS)


def test_2_1_setup_renders_every_space_piece_and_marker(state, layout):
    view = engine.view(state, "rebels")
    _, root = render(view, layout)
    spaces = spaces_of(root)
    assert set(spaces) == set(view["spaces"]) and len(spaces) == 17
    totals = dict.fromkeys(PIECE_KINDS, 0)
    for sid, x in view["spaces"].items():
        got = counts_in(spaces[sid])
        assert got == {k: x[k] for k in PIECE_KINDS if x[k]}, sid
        markers = {m.get("data-marker") for m in spaces[sid].iter(G) if m.get("class") == "marker"}
        assert markers == {m for m in MARKERS if x[m]}, sid
        for k, n in got.items():
            totals[k] += n
    # Setup list L1058-1084: 10 Troops, 9 Police, 9 Guerrillas, 2 Bases on the map.
    assert totals == {**dict.fromkeys(PIECE_KINDS, 0), "troops": 10, "police": 9, "guerrillas_u": 9, "bases": 2}


def test_2_1_setup_tracks_pools_and_boxes(state, layout):
    view = engine.view(state, "british")
    svg, root = render(view, layout)
    tracks = {g.get("data-track"): g for g in root.iter(G) if g.get("class") == "track"}
    assert tracks["pw"].get("data-value") == "18"
    assert tracks["unity"].get("data-value") == "2"
    pools = {g.get("data-pool"): g for g in root.iter(G) if g.get("class") == "pool"}
    assert counts_in(pools["available"]) == view["available"]
    assert counts_in(pools["prison"]) == view["prison"]
    assert counts_in(pools["out_of_play"]) == {"troops": 5}
    elig = [g.get("data-side") for g in root.findall(".//s:g[@class='eligible']", NS)]
    assert elig == ["rebels", "british"]
    assert root.find(".//s:g[@class='card']", NS).get("data-card") == state["current"]
    # No card not revealed yet is named (Propaganda cards share the current one's title when it is one).
    shown = CARDS[state["current"]]["title"]
    assert not [c for c in deck.remaining(state) if CARDS[c]["title"] != shown and CARDS[c]["title"] in svg]
