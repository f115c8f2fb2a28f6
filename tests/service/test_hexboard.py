"""The hex map's SVG (issue 31 item 5): service/reports/hexboard.py, and its hook in service/reports/documents.py.

The First Arab-Israeli War is not a registered game yet: each test registers it with its board
(``GameDefinition.board``) and takes it out after. The SVG must parse, hold every hex once, draw the terrain where
the data puts it, show a hidden stack as "?" without its contents, escape its text, and reach the PDFs.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import engine
from engine.core.game import REGISTRY
from engine.games.first_arab_israeli_war import DEFINITION, board, units
from service.reports import documents
from service.reports.hexboard import TERRAIN_FILLS, paper_key, render_hex_svg
from service.reports.pdf import DataOnlyFetcher, html_to_pdf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine" / "first_arab_israeli_war"))
from faiw_helpers import deployed  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def faiw():
    """The game registered with its hex board, for this test only."""
    had = REGISTRY.get(DEFINITION.slug)
    REGISTRY[DEFINITION.slug] = dataclasses.replace(DEFINITION, board=board.board_data)
    yield REGISTRY[DEFINITION.slug]
    if had is None:
        REGISTRY.pop(DEFINITION.slug, None)
    else:
        REGISTRY[DEFINITION.slug] = had


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode())


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def test_the_svg_is_well_formed_and_holds_every_hex_once(faiw):
    state = deployed()
    data = board.board_data(engine.view(state, "israel"))
    svg = render_hex_svg(data, "The First Arab-Israeli War")
    root = parse(svg)
    assert re.search(r'viewBox="0 0 [0-9.]+ [0-9.]+"', svg)  # as the game page reads it (pages.positions)
    labels = [t for t in texts(root) if re.fullmatch(r"\d{4}", t)]
    assert sorted(labels) == sorted(h["label"] for h in data["hexes"])


def _polygons(d: str) -> list[list[tuple[float, float]]]:
    """The loops of a path of absolute M, L and Z commands."""
    loops = []
    for part in d.split("M")[1:]:
        pts = [tuple(map(float, p.split())) for p in part.rstrip("Z").split("L")]
        loops.append(pts)
    return loops


def _inside(x: float, y: float, loops) -> bool:
    """Even-odd: whether (x, y) lies inside the path's loops."""
    inside = False
    for pts in loops:
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
    return inside


def test_each_hex_is_shaded_by_its_own_terrain(faiw):
    """The terrain is drawn as one region a terrain (hexboard._regions): each hex's centre lies in its
    terrain's region and in no other."""
    state = deployed()
    data = board.board_data(engine.view(state, "arab"))
    svg = render_hex_svg(data, "FAIW", paper=True)
    root = parse(svg)
    regions = {p.get("data-terrain"): _polygons(p.get("d")) for p in root.iter(f"{NS}path")
               if p.get("class") == "terrain"}
    assert set(regions) == {h["terrain"] for h in data["hexes"]}
    fills = {p.get("data-terrain"): p.get("fill") for p in root.iter(f"{NS}path") if p.get("class") == "terrain"}
    assert fills["clear"] == TERRAIN_FILLS["clear"]
    # the hexes' centres: the drawing's, moved so that the map's left and top edges fall where the regions' do
    from service.reports.hexboard import H, _Geo
    geo = _Geo("flat", data["hexes"])
    dx = min(x for loops in regions.values() for pts in loops for x, _ in pts) - geo.min_x
    dy = min(y for loops in regions.values() for pts in loops for _, y in pts) - geo.min_y
    for h in data["hexes"]:
        x, y = geo.px(*geo.centre_lattice(h["q"], h["r"]))
        x, y = x + dx, y + dy
        inside = [t for t, loops in regions.items() if _inside(x, y + 0.01 * H, loops)]
        assert inside == [h["terrain"]], (h["label"], inside)


def test_the_paper_board_numbers_every_column_and_row(faiw):
    state = deployed()
    data = board.board_data(engine.view(state, "public"))
    root = parse(render_hex_svg(data, "FAIW", paper=True))
    assert not list(root.iter(f"{NS}title"))[1:], "no tooltips on paper"
    placed = "".join(texts(root))
    for h in data["hexes"]:
        assert f"{h['col']:02d}" in placed and f"{h['row']:02d}" in placed


def test_21_0_a_hidden_stack_is_a_plain_counter_without_its_contents(faiw):
    state = deployed()
    view = engine.view(state, "arab")
    hidden = view["hidden_stacks"]["israel"]
    secret = [cid for h in hidden for cid in units.at(state, h)]
    assert secret
    pack = units.pack_of(state)
    for paper in (False, True):
        svg = render_hex_svg(board.board_data(view), "FAIW", paper=paper)
        for cid in secret:
            assert cid not in svg
        if not paper:
            root = parse(svg)
            tips = {r.get("data-hex"): r.find(f"{NS}title").text for r in root.iter(f"{NS}rect") if r.get("data-hex")}
            for h in hidden:
                assert tips[h] == f"{h}:\nenemy units, hidden"
            assert "?" in texts(root)
            shown = [d for d in (pack.counters[c].designation for c in secret)
                     if d and all(d not in tip for tip in tips.values())]
            assert shown  # the hidden counters' designations are nowhere in the tooltips
    # the own units' designations are on their counters
    root = parse(render_hex_svg(board.board_data(view), "FAIW"))
    own = next(c for c in units.on_map(state, "arab"))
    assert any(pack.counters[own].designation[:7].rstrip() == t for t in texts(root))


def test_text_is_escaped(faiw):
    state = deployed()
    data = board.board_data(engine.view(state, "israel"))
    data["hexes"][1]["name"] = '<script>alert("x")</script> & co'
    data["stacks"][0]["hidden"] = [{"side": "arab", "text": "<b>&"}]
    for paper in (False, True):
        svg = render_hex_svg(data, 'Title <with> "quotes" & more', paper=paper)
        assert "<script>" not in svg and "<b>&" not in svg
        parse(svg)


def test_a_snapshot_pdf_of_a_hex_game_renders(faiw):
    state = deployed()
    game = {"id": "hexgame", "game": DEFINITION.slug, "title": "Hex test", "seq": state["seq"],
            "commitment": "ab" * 32, "outcome": None}
    html = documents.snapshot_of(game, state, "israel", [], {})
    assert 'class="paper-board"' in html and "Jewish population" in html  # the board and its key in HTML
    fetcher = DataOnlyFetcher()
    pdf = html_to_pdf(html, fetcher)
    assert pdf.startswith(b"%PDF") and not fetcher.refused


def test_board_of_and_board_around_use_the_hex_board(faiw):
    state = deployed()
    view = engine.view(state, "public")
    svg = documents.board_of(DEFINITION.slug, view, paper=True)
    assert svg == render_hex_svg(board.board_data(view), DEFINITION.title, paper=True)
    around = documents.board_around(DEFINITION.slug, engine.facts(view))
    assert around["box"] is None and around["size"]["w"] == documents.BOARD_MAX_W
    assert [p["label"] for p in around["pieces"]] == [p["label"] for p in paper_key()["pieces"]]
    assert all(p["src"].startswith("data:image/svg+xml;base64,") for p in around["pieces"])
    for p in paper_key()["pieces"]:
        parse(p["svg"])


def test_a_game_without_a_hex_board_keeps_its_layout_board():
    defn = engine.definition("palestine")
    assert defn.board is None
    from engine.core.chance import SeededChance
    from service.reports.board import load_layout, render_board_svg

    view = engine.view(engine.setup("palestine", "standard", {}, SeededChance(1, context="s")), "public")
    expected = render_board_svg(view, load_layout("palestine"), {**defn.names, "game": defn.title}, tooltips=False,
                                header=False, paper=True)
    assert documents.board_of("palestine", view, paper=True) == expected
    assert documents.board_around("palestine")["pieces"]
