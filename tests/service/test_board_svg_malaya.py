"""The SVG board of Malaya (issue 26, with the renderer of issue 5): its schematic layout covers the map of
1.3 and keeps its adjacencies, the setup of 2.1 renders every space, piece, marker, track and box from the
view, and the renderer's layout options the board needs (markers at a level, Control markers, dotted track
keys, a flipped track marker, per-space styles and marker rows) work on a layout of their own."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

import pytest

import engine
from engine.core.chance import SeededChance
from engine.core.game import REGISTRY
from service.reports import load_layout, render_board_svg
from service.reports.board import board_note
from tests.service import board_checks as checks
from tests.service.svg_reading import NS, SVG, counts_in, groups, markers_in, spaces_of, text_of, track

PIECE_KINDS = ("troops", "police", "guerrillas_u", "guerrillas_a", "bases")
SHAPE = {"province": "polygon", "foreign": "polygon", "city": "circle", "ec": "circle"}


@pytest.fixture(scope="module")
def malaya():
    """Malaya registered for these tests only while it is being built (as tests/engine/malaya/conftest.py)."""
    from engine.games.malaya import DEFINITION
    had = REGISTRY.get("malaya")
    REGISTRY["malaya"] = DEFINITION
    yield DEFINITION
    if had is None:
        REGISTRY.pop("malaya", None)


@pytest.fixture(scope="module")
def state(malaya):
    return engine.setup("malaya", "standard", {}, SeededChance(1))


@pytest.fixture(scope="module")
def view(malaya, state):
    return malaya.view(state, "british")


@pytest.fixture(scope="module")
def layout(malaya):
    return load_layout("malaya")


@pytest.fixture(scope="module")
def board_map(malaya):
    from engine.games.malaya.data import MAP
    return MAP


def render(view, layout, malaya=None, **kw):
    names = {**malaya.names, "game": malaya.title} if malaya else {}
    return ET.fromstring(render_board_svg(view, layout, names, **kw))


def expected_markers(view: dict, sid: str) -> set[str]:
    """The labels the layout's markers give *sid* in *view*: Control (1.7), Support or Opposition (1.6),
    New Village (1.12), Terror and Sabotage (1.9)."""
    x, out = view["spaces"][sid], set()
    side = view["control"].get(sid)
    if side:
        out.add({"british": "British Control", "mcp": "MCP Control"}[side])
    out |= {1: {"Support"}, -1: {"Opposition"}}.get(x["support"], set())
    for kind, label in (("new_village", "New Village"), ("terror", "Terror"), ("sabotage", "Sabotage")):
        if x[kind]:
            out.add(label if x[kind] == 1 else f"{label} \u00d7{x[kind]}")
    return out


# --- the layout -----------------------------------------------------------------------------------------


def test_1_3_layout_covers_the_map_and_says_it_is_schematic(layout, board_map):
    """Every space of 1.3 (data/map.json) has a position of the shape of its kind, and every position
    says it is schematic, inferred and not traced from the printed board, as the key's note does."""
    assert set(layout["spaces"]) == {s["id"] for s in board_map["spaces"]}
    for s in board_map["spaces"]:
        spec = layout["spaces"][s["id"]]
        assert spec["shape"] == SHAPE[s["kind"]], s["id"]
        assert spec["source"].startswith("schematic: inferred") and "not traced from the printed board" in spec["source"]
    for f in layout["foreign"] + [layout["map"]]:
        assert f["source"].startswith("schematic:") and "not traced from the printed board" in f["source"]
    assert board_note(layout).startswith("Schematic map")
    assert layout["title"] == "The British Way: Malaya"
    # 1.4: tan Troops and blue Police cubes, red Guerrilla cylinders and Base discs
    pieces = {p["kind"]: p for p in layout["legend"]["pieces"]}
    assert set(pieces) == set(PIECE_KINDS)
    assert [pieces[k]["shape"] for k in PIECE_KINDS] == ["cube", "cube", "cylinder", "cylinder", "disc"]
    assert pieces["guerrillas_u"]["fill"] == pieces["guerrillas_a"]["fill"] == pieces["bases"]["fill"] == "#c62828"
    assert [m["label"] for m in layout["legend"]["markers"]] == [
        "British Control", "MCP Control", "Support", "Opposition", "New Village", "Terror", "Sabotage"]


def test_1_3_6_adjacent_spaces_touch_on_the_schematic_and_no_others_do(layout, board_map):
    """The drawing keeps the map's adjacency (1.3.6): every pair map.json makes adjacent meets, and no
    other pair does (among them Perak with Kuala Lumpur, Trengganu or the bottom EC, and Kedah with
    Kelantan, which map.json lists as not adjacent)."""
    checks.check_adjacency_drawn(layout["spaces"], board_map, corners=False)


# --- the setup (2.1) ------------------------------------------------------------------------------------


def test_2_1_setup_renders_every_space_piece_and_marker(malaya, view, layout):
    """Setup 2.1 (L2176-2186): every space and its pieces, Kuala Lumpur at Support and British Control,
    Pahang at Opposition and MCP Control, Perak British-Controlled; Thailand and the ECs show no marker."""
    root = render(view, layout, malaya)
    spaces = spaces_of(root)
    assert set(spaces) == set(view["spaces"]) and len(spaces) == 12
    totals = checks.drawn_totals(root, view, PIECE_KINDS, expected_markers)
    # 8 Troops, 6 Police, 6 Guerrillas and 2 Bases on the map (L2176-2184)
    assert totals == {"troops": 8, "police": 6, "guerrillas_u": 6, "guerrillas_a": 0, "bases": 2}
    assert markers_in(spaces["pahang"]) == {"MCP Control", "Opposition"}
    assert markers_in(spaces["kuala-lumpur"]) == {"British Control", "Support"}
    assert markers_in(spaces["perak"]) == {"British Control"}
    assert markers_in(spaces["johore"]) == {"British Control"}
    assert markers_in(spaces["kelantan"]) == markers_in(spaces["trengganu"]) == {"MCP Control"}
    assert not markers_in(spaces["thailand"]) | markers_in(spaces["ec-top"]) | markers_in(spaces["ec-bottom"])
    levels = {m.get("data-level") for m in groups(spaces["pahang"], "marker")} - {None}
    assert levels == {"-1"}
    assert {m.get("data-control") for m in groups(spaces["pahang"], "marker")} - {None} == {"mcp"}
    assert "Kuala Lumpur" in text_of(spaces["kuala-lumpur"]) and "Negri Sembilan" in text_of(spaces["negri-sembilan"])


def test_2_1_setup_tracks_pools_and_boxes(malaya, view, layout):
    """Setup 2.1 (L2166-2169): Political Will 12, Resources British 20 and MCP 10, the Commander Track at
    Gurney; British then MCP eligible; the Available boxes, the New Villages pool (1.12) and the card."""
    root = render(view, layout, malaya)
    assert track(root, "pw").get("data-value") == "12"
    assert "Political Will: 12" in text_of(track(root, "pw"))
    assert track(root, "resources.british").get("data-value") == "20"
    assert track(root, "resources.mcp").get("data-value") == "10"
    assert "British Resources: 20" in text_of(track(root, "resources.british"))
    assert "MCP Resources: 10" in text_of(track(root, "resources.mcp"))
    commander = track(root, "commander")
    assert commander.get("data-value") == "0" and commander.get("data-flipped") is None
    assert "Commander Track: 0 (Gurney)" in text_of(commander)
    assert {"Gurney", "Briggs", "Templer"} <= set(t.text for t in commander.iter(SVG + "text"))
    assert "Gurney Killed" not in text_of(root)
    on = [b.get("data-value") for b in commander.iter(SVG + "g") if b.get("data-marker") == "on"]
    assert on == ["0"]
    pools = {g.get("data-pool"): g for g in groups(root, "pool")}
    assert counts_in(pools["available"]) == view["available"] == {"troops": 7, "police": 9, "guerrillas": 9, "bases": 2}
    counters = {t.get("data-key"): text_of(t) for t in root.iter(SVG + "text") if t.get("class") == "counter"}
    assert counters == {"new_villages": "New Villages pool: 4", "propaganda": "Propaganda rounds: 0"}
    elig = [g.get("data-side") for g in root.findall(".//s:g[@class='eligible']", NS)]
    assert elig == ["british", "mcp"]
    card = root.find(".//s:g[@class='card']", NS)
    assert card.get("data-card") == view["current_card"]["id"] and view["current_card"]["title"] in text_of(card)
    assert "The British Way: Malaya" in text_of(root.find(".//s:g[@class='header']", NS))


def test_terror_sabotage_a_new_village_and_gurney_killed_are_shown(malaya, view, layout):
    """A position with Terror (1.9; two in Kedah, placed by Events: 1.4.2), Sabotage in an EC, a New
    Village in Selangor (1.12), Kuala Lumpur gone Uncontrolled and Neutral, and GURNEY KILLED's shaded text
    in force with Briggs in command (the Commander marker flipped: 1.11, 6.6.3)."""
    v = copy.deepcopy(view)
    v["spaces"]["perak"].update(terror=1)
    v["spaces"]["kedah"].update(terror=2, guerrillas_a=3)
    v["spaces"]["ec-top"].update(sabotage=1, troops=1)
    v["spaces"]["selangor"].update(new_village=1, police=1)
    v["spaces"]["kuala-lumpur"].update(support=0)
    v["control"]["kuala-lumpur"] = None
    v["control"]["selangor"] = "british"
    v.update(gurney_killed=True, commander=1, new_villages=3)
    root = render(v, layout, malaya)
    spaces = spaces_of(root)
    for sid in v["spaces"]:
        assert markers_in(spaces[sid]) == expected_markers(v, sid), sid
    assert markers_in(spaces["perak"]) == {"British Control", "Terror"}
    assert markers_in(spaces["kedah"]) == {"Terror \u00d72"}
    assert markers_in(spaces["ec-top"]) == {"Sabotage"}
    assert markers_in(spaces["selangor"]) == {"British Control", "New Village"}
    assert markers_in(spaces["kuala-lumpur"]) == set()
    assert counts_in(spaces["kedah"]) == {"guerrillas_a": 3}
    commander = track(root, "commander")
    assert commander.get("data-value") == "1" and commander.get("data-flipped") == "Gurney Killed"
    assert "Commander Track: 1 (Briggs) \u00b7 Gurney Killed" in text_of(commander)
    box = next(b for b in commander.iter(SVG + "g") if b.get("data-marker") == "on")
    assert box.get("data-value") == "1" and "Briggs (Gurney Killed)" in text_of(box)
    assert box.find("s:rect", NS).get("fill") == "#8e1b1b"
    counters = {t.get("data-key"): text_of(t) for t in root.iter(SVG + "text") if t.get("class") == "counter"}
    assert counters["new_villages"] == "New Villages pool: 3"


def test_the_paper_board_and_its_key(malaya, view, layout):
    """The PDFs' board (no header or key panel, less text) draws the same spaces and stacks; the key the
    PDFs print lists every piece and marker, and its box lies below every panel the paper board draws."""
    screen = render(view, layout, malaya)
    paper = render(view, layout, malaya, tooltips=False, header=False, paper=True)
    checks.check_the_paper_board(screen, paper)
    assert counts_in(paper) == counts_in(screen)
    checks.check_the_key(layout)


def test_the_key_panel_wraps_its_markers_inside_the_panel(malaya, view, layout):
    """Seven markers do not fit one row of the key: they wrap, each label as wide as its text needs, all
    inside the panel, and the note stands under the last row."""
    root = render(view, layout, malaya)
    legend = groups(root, "legend")[0]
    panel = next(p for p in layout["panels"] if p["type"] == "legend")
    rects = [r for r in legend.findall("s:rect", NS) if r.get("height") == "16"]  # the markers, not the cubes
    assert len(rects) == 7 and len({r.get("y") for r in rects}) == 2
    for r in rects:
        assert float(r.get("x")) + float(r.get("width")) <= panel["x"] + panel["w"]
    wide = next(r for r in rects if float(r.get("width")) > 100)  # "British Control"
    assert float(wide.get("width")) >= 10 + 7 * len("British Control")
    note = next(t for t in legend.findall("s:text", NS) if t.get("class") == "small")
    assert float(note.get("y")) > max(float(r.get("y")) + 16 for r in rects)


# --- the renderer's options, on a layout of their own ---------------------------------------------------


def tiny_layout(markers: list[dict], **space_options) -> dict:
    square = lambda x: [[x, 0], [x + 200, 0], [x + 200, 200], [x, 200]]  # noqa: E731
    return {"canvas": {"width": 900, "height": 400},
            "legend": {"pieces": [{"kind": "troops", "label": "Troops", "shape": "cube", "fill": "#d8b87a", "stroke": "#5c4519"}],
                       "markers": markers, "spaces": {"district": {"fill": "#eeeeee"}, "hill": {"fill": "#94ba7e"}}},
            "spaces": {sid: {"shape": "polygon", "points": square(i * 200), "label": [i * 200 + 100, 20],
                             "pieces": [i * 200 + 10, 30], **space_options.get(sid, {})}
                       for i, sid in enumerate(("a", "b", "c"))},
            "panels": []}


def markers_by_space(root) -> dict[str, list[dict]]:
    return {sid: [dict(m.attrib, text=text_of(m).strip()) for m in groups(g, "marker")] for sid, g in spaces_of(root).items()}


def test_a_marker_with_a_level_is_drawn_where_the_count_equals_it_negative_levels_too():
    """``"level": 1`` and ``"level": -1`` on one count (``support``: 1 Support, -1 Opposition, 0 Neutral
    with no marker, 1.6): each drawn once where the count equals its level, never as a count of markers."""
    lay = tiny_layout([{"kind": "support", "level": 1, "label": "Support", "fill": "#9cc3ea"},
                       {"kind": "support", "level": -1, "label": "Opposition", "fill": "#f2b3b3"},
                       {"kind": "terror", "label": "Terror", "fill": "#e2711d"}])
    view = {"spaces": {"a": {"support": -1}, "b": {"support": 1, "terror": 2}, "c": {"support": 0}}}
    got = markers_by_space(render(view, lay))
    assert [(m["text"], m["data-marker"], m["data-level"], m["data-count"]) for m in got["a"]] == [
        ("Opposition", "support", "-1", "1")]
    assert [(m["text"], m.get("data-level")) for m in got["b"]] == [("Support", "1"), ("Terror \u00d72", None)]
    assert got["c"] == []
    # a plain marker (no level) still counts: -1 or 0 draws none
    plain = tiny_layout([{"kind": "support", "label": "Support", "fill": "#9cc3ea"}])
    assert [len(ms) for ms in markers_by_space(render(view, plain)).values()] == [0, 1, 0]


def test_a_control_marker_is_drawn_where_the_views_control_gives_the_space_to_its_side():
    """``"control": side`` reads the view's top-level ``control`` ({space: side or None}, 1.7), not the
    space's counts: drawn in the spaces of that side only, and nowhere in a view without ``control``."""
    lay = tiny_layout([{"kind": "british_control", "control": "british", "label": "British Control", "fill": "#172f5c"},
                       {"kind": "mcp_control", "control": "mcp", "label": "MCP Control", "fill": "#5a0f0f"}])
    spaces = {"a": {"british_control": 0}, "b": {"mcp_control": 0}, "c": {"british_control": 3}}
    got = markers_by_space(render({"spaces": spaces, "control": {"a": "british", "b": "mcp", "c": None}}, lay))
    assert [(m["text"], m["data-control"], m["data-marker"]) for m in got["a"]] == [
        ("British Control", "british", "british_control")]
    assert [(m["text"], m["data-control"]) for m in got["b"]] == [("MCP Control", "mcp")]
    assert got["c"] == []
    assert all(ms == [] for ms in markers_by_space(render({"spaces": spaces}, lay)).values())


def test_space_options_style_grid_columns_and_wrapped_marker_rows():
    """A space's ``style`` picks a legend style, ``cols`` its piece grid's columns, ``markers`` where its
    markers start and ``marker_w`` where their rows wrap; a space without them is drawn as before."""
    markers = [{"kind": k, "label": k.title(), "fill": "#111111"} for k in ("terror", "sabotage", "curfew")]
    lay = tiny_layout(markers, a={"style": "hill", "cols": 3, "markers": [20, 150], "marker_w": 80})
    lay["legend"]["pieces"] += [{"kind": k, "label": k, "shape": "disc", "fill": "#c62828", "stroke": "#5a0f0f"}
                                for k in ("bases", "police")]
    counts = {"troops": 1, "bases": 1, "police": 1, "terror": 1, "sabotage": 1, "curfew": 1}
    root = render({"spaces": {"a": counts, "b": counts, "c": {}}}, lay)
    spaces = spaces_of(root)
    assert spaces["a"].find("s:polygon", NS).get("fill") == "#94ba7e"
    assert spaces["b"].find("s:polygon", NS).get("fill") == "#eeeeee"
    def rows(sid):  # the y of each marker row, and of each row of stacks (their counts' baselines)
        return {float(g.find("s:rect", NS).get("y")) for g in groups(spaces[sid], "marker")}

    def stack_rows(sid):
        return len({g.find("s:text[@class='count']", NS).get("y") for g in groups(spaces[sid], "pieces")})

    assert stack_rows("a") == 1 and stack_rows("b") == 2  # three stacks: one row of 3, or 2 + 1
    assert rows("a") == {150.0, 170.0, 190.0}  # each label is wider than half of 80: one a row
    assert {float(g.find("s:rect", NS).get("x")) for g in groups(spaces["a"], "marker")} == {20.0}
    assert len(rows("b")) == 1  # no marker_w: one row, under the pieces
    assert min(rows("b")) == 30 + 2 * 24 + 4


def test_a_track_reads_a_dotted_key_and_shows_its_marker_flipped_while_the_flag_is_set():
    """A track's ``key`` may name a value inside a dict (``resources.red``), and ``flip`` shows the
    marker's reverse side (its label in the title and the marked box, the box in its fill) while the view's
    flag is true, and nothing while it is false."""
    lay = tiny_layout([])
    lay["panels"] = [
        {"type": "track", "key": "resources.red", "label": "Red Resources", "min": 0, "max": 20, "x": 620, "y": 40, "w": 260, "h": 26},
        {"type": "track", "key": "chief", "label": "Chief", "min": 0, "max": 2, "x": 620, "y": 120, "w": 260, "h": 40,
         "names": {"0": "One", "1": "Two", "2": "Three"}, "flip": {"key": "flags.down", "label": "Down", "fill": "#aa0000"}}]
    view = {"spaces": {}, "resources": {"red": 7, "blue": 3}, "chief": 2, "flags": {"down": True}}
    root = render(view, lay)
    res, chief = track(root, "resources.red"), track(root, "chief")
    assert res.get("data-value") == "7" and "Red Resources: 7" in text_of(res) and res.get("data-flipped") is None
    assert chief.get("data-flipped") == "Down" and "Chief: 2 (Three) \u00b7 Down" in text_of(chief)
    box = next(b for b in chief.iter(SVG + "g") if b.get("data-marker") == "on")
    assert box.find("s:rect", NS).get("fill") == "#aa0000" and "Three (Down)" in text_of(box)
    view["flags"]["down"] = False
    chief = track(render(view, lay), "chief")
    assert chief.get("data-flipped") is None and "Down" not in text_of(chief)
    box = next(b for b in chief.iter(SVG + "g") if b.get("data-marker") == "on")
    assert box.find("s:rect", NS).get("fill") == "#222222"
