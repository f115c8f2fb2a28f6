"""The SVG board of Kenya (issue 28), before the game is built: its schematic layout (data/layout.json) covers
the map of Kenya 1.3 and keeps its adjacencies (1.3.6, ruling R-MAP-1) with spaces that tile the map; a view
of the setup (2.1) built by hand from data/setup.json, in the shape a COIN view has (Malaya's), renders every
space, piece, marker, track and box, each piece and marker inside its own space; Nairobi's name and markers
stand in its circle; the Pipeline Track's boxes are the ones components.json gives (ruling R-PIPELINE-1).

Kenya is not a registered game yet, so the layout is read from its file (``load_layout`` asks the registry
where a game's data is) and the views name no game (the capabilities panel then names a Capability by its
title among the names passed, as it does without facts)."""

from __future__ import annotations

import colorsys
import copy
import math
import xml.etree.ElementTree as ET

import pytest

from engine.games.kenya.data import CARDS, COMPONENTS, DECK, MAP, SETUP, load
from service.reports import render_board_svg
from service.reports.board import CIRCLE_INSET, board_note
from service.reports.textwidth import text_width
from tests.service import board_checks as checks
from tests.service.svg_reading import NS, SVG, counts_in, groups, markers_in, spaces_of, text_of, track

PIECE_KINDS = ("troops", "police", "guerrillas_u", "guerrillas_a", "bases")
SHAPE = {"province": "polygon", "mountain-jungle": "polygon", "city": "circle"}
#: The view's level of a space (its ``support`` count), from setup.json's alignment (1.6: no marker at Neutral).
LEVEL = {"loyal": 1, "neutral": 0, "resistance": -1}
SPACES = {s["id"]: s for s in MAP["spaces"]}
TITLES = {cid: c["title"] for cid, c in CARDS.items()}


@pytest.fixture(scope="module")
def layout():
    return load("layout.json")


def setup_view() -> dict:
    """The public view of Kenya's setup (2.1: setup.json) as a COIN view has it: every space's pieces, its
    Guerrillas Underground (1.4.3), its level of Loyalty or Resistance and its Terror; Control (1.7); Political
    Will, the Mau Mau Resources and the Pipeline (1.8, 1.10, 1.11); the eligibility order (2.3); the first card
    of the Example of Play's deck (8.0 L2597) as the current card, the rest of that deck left; the Available and
    Out of Play boxes (1.3.5)."""
    spaces, control = {}, {}
    for e in SETUP["spaces"]:
        spaces[e["space"]] = {"troops": e.get("troops", 0), "police": e.get("police", 0),
                              "guerrillas_u": e.get("guerrillas", 0), "guerrillas_a": 0, "bases": e.get("bases", 0),
                              "terror": SETUP["markers"]["terror"], "support": LEVEL[e["alignment"]]}
        control[e["space"]] = e["control"]
    example = DECK["example_of_play"]
    first = example["cards"][0]
    # the example's seven cards, then two piles of six Events and a Propaganda card each (8.0 L2657)
    deck = len(example["cards"]) + example["rest"]["piles"] * (example["rest"]["pile_size"] + 1)
    return {"role": "public", "seq": 0, "spaces": spaces, "control": control,
            "pw": SETUP["political_will"]["value"], "resources": {"maumau": SETUP["resources"]["maumau"]},
            "pipeline": SETUP["pipeline"]["index"], "eligible": list(SETUP["eligible"]["order"]),
            "boxes": dict.fromkeys(COMPONENTS["initiative_boxes"]["boxes"]),
            "current_card": {"id": first, "title": CARDS[first]["title"], "kind": CARDS[first]["kind"]},
            "deck_size": deck - 1, "played": [first], "capabilities": {}, "propaganda": 0, "outcome": None,
            "available": {k: v for k, v in SETUP["available"].items() if k != "source"},
            "out_of_play": {"police": SETUP["out_of_play"]["police"]}}


@pytest.fixture(scope="module")
def view():
    return setup_view()


def busy(view: dict) -> dict:
    """*view* with every space as full as a board gets: two-digit stacks of Troops and Police, Guerrillas of
    both sides, two Bases (1.4.2), two Terror markers (Events may stack them: 1.4.2), Mau Mau Control and
    Resistance where a space may have it (never in a Mountain Jungle: 1.3.3)."""
    v = copy.deepcopy(view)
    for sid, x in v["spaces"].items():
        x.update(troops=10, police=15, guerrillas_u=3, guerrillas_a=2, bases=2, terror=2,
                 support=0 if SPACES[sid]["kind"] == "mountain-jungle" else -1)
        v["control"][sid] = "maumau"
    return v


def render(view, layout, **kw):
    return checks.render_unregistered(view, layout, TITLES, **kw)


def expected_markers(view: dict, sid: str) -> set[str]:
    """The labels the layout's markers give *sid* in *view*: Control (1.7), Loyal or Resistance (1.6), Terror
    (1.9, with its count where Events stacked more than one)."""
    x, out = view["spaces"][sid], set()
    side = view["control"].get(sid)
    if side:
        out.add({"british": "British Control", "maumau": "Mau Mau Control"}[side])
    out |= {1: {"Loyal"}, -1: {"Resistance"}}.get(x["support"], set())
    if x["terror"]:
        out.add("Terror" if x["terror"] == 1 else f"Terror \u00d7{x['terror']}")
    return out


# --- the layout -----------------------------------------------------------------------------------------


def test_1_3_layout_covers_the_map_and_says_it_is_schematic(layout):
    """Every space of 1.3 (data/map.json) and no other has a position of the shape of its kind and the style
    of its kind (Reserve or Non-Reserve Province, Mountain Jungle, the City), and every position says it is
    schematic, inferred and not traced from the printed board, as the key's note does. The Southern Provinces
    are a label, not a space (1.3.1 L2230)."""
    assert set(layout["spaces"]) == set(SPACES) and len(SPACES) == 12
    style = {"city": "city", "mountain-jungle": "mountain"}
    for sid, s in SPACES.items():
        spec = layout["spaces"][sid]
        assert spec["shape"] == SHAPE[s["kind"]], sid
        assert spec["style"] == (style.get(s["kind"]) or ("reserve" if s["reserve"] else "province")), sid
        assert spec["style"] in layout["legend"]["spaces"]
        assert spec["name"] == s["name"]
        assert spec["source"].startswith("schematic: inferred") and "not traced from the printed board" in spec["source"]
    for f in layout["foreign"] + [layout["map"]]:
        assert f["source"].startswith("schematic:") and "not traced from the printed board" in f["source"]
    assert [f["name"] for f in layout["foreign"]] == ["SOUTHERN PROVINCES"]
    assert not [s for s in layout["spaces"].values() if "southern" in s["name"].lower()]
    assert board_note(layout).startswith("Schematic map") and "1950s" in board_note(layout)
    assert layout["title"] == "The British Way: Kenya"


def _hue(fill: str) -> float:
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360


HUES = {"red": (-15, 15), "tan": (25, 50), "blue": (200, 235)}


def _is(colour: str, fill: str) -> bool:
    lo, hi = HUES[colour]
    h = _hue(fill)
    return lo <= h <= hi or lo <= h - 360 <= hi


def test_1_2_1_4_1_5_pieces_markers_and_sides(layout):
    """The pieces of 1.2 and 1.4 (tan Troops and blue Police cubes, red Guerrilla cylinders Underground and
    Active, red Base discs) in the Factions' colours of 1.5 (components.json: British blue, Mau Mau red), and
    the markers: Control of either Faction (1.7), Loyal and Resistance on one ``support`` level (1.6), Terror."""
    legend = layout["legend"]
    pieces = {p["kind"]: p for p in legend["pieces"]}
    assert list(pieces) == list(PIECE_KINDS)
    assert [pieces[k]["shape"] for k in PIECE_KINDS] == ["cube", "cube", "cylinder", "cylinder", "disc"]
    colour = {f["id"]: f["color"] for f in COMPONENTS["factions"]}
    assert set(legend["sides"]) == set(colour)
    for side, c in colour.items():
        assert _is(c, legend["sides"][side]["fill"]), side
    assert _is("tan", pieces["troops"]["fill"]) and _is(colour["british"], pieces["police"]["fill"])
    for k in ("guerrillas_u", "guerrillas_a", "bases"):
        assert _is(colour["maumau"], pieces[k]["fill"]), k
    assert pieces["guerrillas_a"].get("mark") and not pieces["guerrillas_u"].get("mark")
    assert [m["label"] for m in legend["markers"]] == ["British Control", "Mau Mau Control", "Loyal", "Resistance", "Terror"]
    assert {m["control"] for m in legend["markers"] if "control" in m} == set(colour)
    assert {m["level"]: m["kind"] for m in legend["markers"] if "level" in m} == {1: "support", -1: "support"}


def test_the_layouts_keys_are_the_state_keys_of_the_game(layout):
    """The tracks read ``pw``, ``resources.maumau`` and ``pipeline`` over the ranges of components.json (1.8,
    1.10, 1.11); the Initiative Track has the boxes of 2.3.2 left to right; the Available box shows every kind
    of piece and the Out of Play box what 1.3.5 puts there (Police)."""
    panels = {p.get("key"): p for p in layout["panels"]}
    tracks = {p["key"]: p for p in layout["panels"] if p["type"] == "track"}
    res = COMPONENTS["resources"]
    assert set(tracks) == {"pw", "pipeline"} | {f"resources.{f}" for f in res["factions"]}
    will = COMPONENTS["political_will"]
    assert (tracks["pw"]["min"], tracks["pw"]["max"]) == (will["min"], will["max"])
    for f in res["factions"]:
        assert (tracks[f"resources.{f}"]["min"], tracks[f"resources.{f}"]["max"]) == (res["min"], res["max"])
    boxes = [b["index"] for b in COMPONENTS["pipeline_track"]["boxes"]]
    assert (tracks["pipeline"]["min"], tracks["pipeline"]["max"]) == (min(boxes), max(boxes))
    assert [b["key"] for b in panels["eligible"]["boxes"]] == COMPONENTS["initiative_boxes"]["boxes"]
    assert len(panels["eligible"]["eligible"]) == len(COMPONENTS["factions"])
    assert set(panels["available"]["kinds"]) == {p["piece"] for p in COMPONENTS["pieces"]}
    assert set(panels["out_of_play"]["kinds"]) == set(COMPONENTS["out_of_play"]["accepts"])
    assert panels["out_of_play"]["kind"] in COMPONENTS["out_of_play"]["accepts"]


def test_r_pipeline_1_the_pipeline_boxes_are_the_components_boxes(layout):
    """Each box of the Pipeline Track is named as components.json names it, boxes 0 and 4 'Pipeline 0' and
    'Pipeline 4' (ruling R-PIPELINE-1), and shows the spaces Relocate and Reprisal may select there (3.2.2,
    4.2.2: ruling R-PIPELINE-2)."""
    pipe = next(p for p in layout["panels"] if p.get("key") == "pipeline")
    for box in COMPONENTS["pipeline_track"]["boxes"]:
        i = str(box["index"])
        assert pipe["names"][i] == (box["name"] or f"Pipeline {i}")
        assert pipe["notes"][i] == [f"Relocate {box['relocate']}", f"Reprisal {box['reprisal']}"]
    assert len(pipe["names"]) == len(pipe["notes"]) == len(COMPONENTS["pipeline_track"]["boxes"])


def test_1_3_6_adjacent_spaces_touch_on_the_schematic_and_no_others_do(layout):
    """The drawing keeps the map's adjacency (1.3.6, ruling R-MAP-1): every pair map.json makes adjacent
    meets (Nairobi's circle lies across the border of Kiambu and Thika) and no other pair does, not even at
    a corner (among them the pairs map.json lists as not adjacent: Kiambu with Nyeri, the two Mountain
    Jungles, Rift Valley with Nairobi, Thika with Embu...)."""
    spaces = layout["spaces"]
    adjacent = checks.check_adjacency_drawn(spaces, MAP)
    assert len(adjacent) == len(MAP["adjacency"]) == 24
    # Nairobi's only neighbours, and its centre on their border (1.3.4: the City between them)
    nairobi = spaces["nairobi"]
    border = (set(map(frozenset, checks.segments(spaces["kiambu"]["points"])))
              & set(map(frozenset, checks.segments(spaces["thika"]["points"]))))
    assert min(checks.to_segment(tuple(nairobi["center"]), *e) for e in map(tuple, border)) < nairobi["r"] / 4


def test_the_provinces_and_mountain_jungles_tile_the_map_without_gaps_or_overlaps(layout):
    """The polygons are drawn the same way round, no two borders cross, a border two spaces share runs one
    way in one and the other way in the other (so neither lies over the other), and the borders no two
    share form one closed outline: the spaces cover the map with no hole between them."""
    checks.check_tiling(layout["spaces"])


# --- the setup (2.1) ------------------------------------------------------------------------------------


def test_2_1_setup_renders_every_space_piece_and_marker(view, layout):
    """Setup 2.1 (L3157-3179): every space and its pieces and markers; on the map, every piece that is not
    Available or Out of Play (1.2's counts less the setup's boxes: 6 Troops, 7 Police, 8 Guerrillas, 3 Bases);
    Nairobi British-Controlled, the Reserves and Mountain Jungles Mau Mau-Controlled, all Neutral."""
    root = render(view, layout)
    spaces = spaces_of(root)
    assert set(spaces) == set(SPACES)
    totals = checks.drawn_totals(root, view, PIECE_KINDS, expected_markers,
                                 {sid: s["name"] for sid, s in SPACES.items()})
    count = {p["piece"]: p["count"] for p in COMPONENTS["pieces"]}
    off = {k: view["available"].get(k, 0) + view["out_of_play"].get(k, 0) for k in count}
    assert totals == {"troops": count["troops"] - off["troops"], "police": count["police"] - off["police"],
                      "guerrillas_u": count["guerrillas"] - off["guerrillas"], "guerrillas_a": 0,
                      "bases": count["bases"] - off["bases"]}
    assert totals == {"troops": 6, "police": 7, "guerrillas_u": 8, "guerrillas_a": 0, "bases": 3}
    assert markers_in(spaces["nairobi"]) == {"British Control"}
    for sid in ("kiambu", "fort-hall", "nyeri", "embu", "meru", "aberdares", "mount-kenya"):
        assert markers_in(spaces[sid]) == {"Mau Mau Control"}, sid
    assert {m.get("data-control") for m in groups(spaces["aberdares"], "marker")} == {"maumau"}
    assert not {m.get("data-level") for g in spaces.values() for m in groups(g, "marker")} - {None}


def test_2_1_setup_tracks_pools_and_boxes(view, layout):
    """Setup 2.1 (L3159-3169): Political Will 12, Mau Mau Resources 8, the Pipeline at Emergency Powers (1),
    the Mau Mau then the British eligible, the Available and Out of Play boxes (8 Police, 1.3.5); the current
    card and the cards left; the Pipeline's boxes with their names and the spaces Relocate and Reprisal select."""
    root = render(view, layout)
    assert track(root, "pw").get("data-value") == "12" and "Political Will: 12" in text_of(track(root, "pw"))
    res = track(root, "resources.maumau")
    assert res.get("data-value") == "8" and "Mau Mau Resources: 8" in text_of(res)
    pipe = track(root, "pipeline")
    assert pipe.get("data-value") == "1" and "Pipeline Track: 1 (Emergency Powers)" in text_of(pipe)
    on = [b for b in pipe.iter(SVG + "g") if b.get("data-marker") == "on"]
    assert [b.get("data-value") for b in on] == ["1"]
    boxes = {b.get("data-value"): b for b in pipe.iter(SVG + "g") if b.get("class") == "track-box"}
    for box in COMPONENTS["pipeline_track"]["boxes"]:
        notes = [t.text for t in boxes[str(box["index"])].iter(SVG + "text") if t.get("class") == "track-note"]
        assert notes == [f"Relocate {box['relocate']}", f"Reprisal {box['reprisal']}"]
        assert (box["name"] or f"Pipeline {box['index']}") in text_of(boxes[str(box["index"])])
    elig = [g.get("data-side") for g in root.findall(".//s:g[@class='eligible']", NS)]
    assert elig == ["maumau", "british"]
    assert [g.get("data-side") for g in root.findall(".//s:g[@class='initiative-box']", NS)] == ["", "", ""]
    pools = {g.get("data-pool"): g for g in groups(root, "pool")}
    assert counts_in(pools["available"]) == view["available"] == {"troops": 4, "police": 0, "guerrillas": 7, "bases": 1}
    assert counts_in(pools["out_of_play"]) == {"police": 8}
    card = root.find(".//s:g[@class='card']", NS)
    assert card.get("data-card") == "K19" and "'One-Mile Strip'" in text_of(card)
    assert root.find(".//s:g[@class='deck']", NS).get("data-count") == str(view["deck_size"]) == "20"
    counters = {t.get("data-key"): text_of(t) for t in root.iter(SVG + "text") if t.get("class") == "counter"}
    assert counters == {"propaganda": "Propaganda rounds: 0"}
    assert "The British Way: Kenya" in text_of(root.find(".//s:g[@class='header']", NS))
    assert groups(root, "capabilities")[0].get("data-count") == "0"


def test_loyalty_resistance_terror_control_the_pipeline_and_a_capability_are_shown(view, layout):
    """A later position: Nairobi Loyal with a Terror marker (1.6, 1.9), Kiambu at Resistance with Active
    Guerrillas, two Terror markers in the Aberdares (placed by Events: 1.4.2) gone Uncontrolled, Nyeri
    British-Controlled; the Pipeline at Prison System (3), the British first eligible with the Mau Mau's
    cylinder in the Event box, PASSIVE WING's shaded Capability in force (5.3), and 5 Police Out of Play given
    as a bare count."""
    v = copy.deepcopy(view)
    v["spaces"]["nairobi"].update(support=1, terror=1)
    v["spaces"]["kiambu"].update(support=-1, guerrillas_u=0, guerrillas_a=2)
    v["spaces"]["aberdares"].update(terror=2)
    v["spaces"]["nyeri"].update(guerrillas_u=0, police=2)
    v["control"].update(aberdares=None, nyeri="british")
    v.update(pipeline=3, pw=9, resources={"maumau": 14}, eligible=["british", "maumau"],
             boxes={**v["boxes"], "event": "maumau"}, capabilities={"K3": "shaded"}, out_of_play=5)
    root = render(v, layout)
    spaces = spaces_of(root)
    for sid in v["spaces"]:
        assert markers_in(spaces[sid]) == expected_markers(v, sid), sid
    assert markers_in(spaces["nairobi"]) == {"British Control", "Loyal", "Terror"}
    assert markers_in(spaces["kiambu"]) == {"Mau Mau Control", "Resistance"}
    assert markers_in(spaces["aberdares"]) == {"Terror \u00d72"}
    assert markers_in(spaces["nyeri"]) == {"British Control"}
    assert counts_in(spaces["kiambu"]) == {"guerrillas_a": 2}
    levels = {m.get("data-level") for m in groups(spaces["kiambu"], "marker")} - {None}
    assert levels == {"-1"}
    assert "Pipeline Track: 3 (Prison System)" in text_of(track(root, "pipeline"))
    assert track(root, "pw").get("data-value") == "9" and track(root, "resources.maumau").get("data-value") == "14"
    assert [g.get("data-side") for g in root.findall(".//s:g[@class='eligible']", NS)] == ["british", "maumau"]
    assert {g.get("data-box"): g.get("data-side") for g in root.findall(".//s:g[@class='initiative-box']", NS)} == {
        "limited": "", "event": "maumau", "opsa": ""}
    caps = [t for t in root.iter(SVG + "text") if t.get("class") == "capability"]
    assert [(t.get("data-card"), t.get("data-side"), t.text) for t in caps] == [("K3", "shaded", "Passive Wing (K3, shaded)")]
    pools = {g.get("data-pool"): g for g in groups(root, "pool")}
    assert counts_in(pools["out_of_play"]) == {"police": 5}


# --- where the board draws what -------------------------------------------------------------------------


@pytest.mark.parametrize("load_", ["setup", "busy"])
def test_every_name_piece_and_marker_stands_inside_its_own_space(view, layout, load_):
    """At the setup and on a board as full as it gets (``busy``): each space's name, stacks and markers lie
    inside it, ``board_checks.MARGIN`` px clear of its border (in Nairobi: inside the circle less its stroke),
    and nothing of a Province or Mountain Jungle lies under Nairobi's circle."""
    v = view if load_ == "setup" else busy(view)
    root = render(v, layout)
    spaces = layout["spaces"]
    assert checks.misplaced(root, spaces, [spaces["nairobi"]]) == []
    if load_ == "busy":  # every kind of piece and every marker was drawn
        for sid, g in spaces_of(root).items():
            assert set(counts_in(g)) == set(PIECE_KINDS) and markers_in(g) == expected_markers(v, sid), sid


def test_nairobis_name_fits_inside_its_circle(view, layout):
    """As test_board_svg_geometry checks every City: the name's estimated width at the size drawn fits the
    circle's chord at the top of its letters, less the stroke, at 9 px or more."""
    checks.check_name_fits_its_circle(spaces_of(render(view, layout))["nairobi"], "Nairobi")


NAIROBI_LOADS = [  # the setup's, and one of every kind of piece with Control, Loyalty or Resistance and Terror
    {},
    {"troops": 4, "police": 6, "guerrillas_u": 2, "guerrillas_a": 1, "bases": 2, "support": 1, "terror": 1},
    {"troops": 1, "police": 9, "guerrillas_u": 5, "guerrillas_a": 3, "bases": 1, "support": -1, "terror": 1},
]


@pytest.mark.parametrize("load_", range(len(NAIROBI_LOADS)))
def test_nairobis_markers_stand_inside_the_city_under_its_pieces(view, layout, load_):
    """Nairobi's markers (its Control, Loyal or Resistance and Terror) lie wholly inside its circle, less its
    stroke, and under its pieces (issue 27: a City's markers stood in the Province around it)."""
    v = copy.deepcopy(view)
    v["spaces"]["nairobi"].update(NAIROBI_LOADS[load_])
    if load_ == 2:
        v["control"]["nairobi"] = "maumau"
    g = spaces_of(render(v, layout))["nairobi"]
    circle = g.find(SVG + "circle")
    cx, cy, r = (float(circle.get(k)) for k in ("cx", "cy", "r"))
    assert markers_in(g) == expected_markers(v, "nairobi") and len(markers_in(g)) == (1 if load_ == 0 else 3)
    icons = max(float(t.get("y")) - 16 + 21 for t in g.iter(SVG + "text") if t.get("class") == "count")
    for m in groups(g, "marker"):
        rect = m.find(SVG + "rect")
        x, y, w, h = (float(rect.get(k)) for k in ("x", "y", "width", "height"))
        assert y >= icons, m.get("data-marker")
        for px, py in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]:
            assert math.hypot(px - cx, py - cy) <= r - CIRCLE_INSET, (m.get("data-marker"), px, py)


def test_a_pipeline_box_name_wider_than_its_box_is_set_smaller_and_the_others_as_before(view, layout):
    """The track boxes' names are 10 px unless wider than the box (less 2 px a side): 'Emergency Powers' is
    set smaller until it fits its 93 px box; 'Villagization' and 'Prison System' stay at 10 px (as every name
    of the other games' tracks does)."""
    pipe = track(render(view, layout), "pipeline")
    spec = next(p for p in layout["panels"] if p.get("key") == "pipeline")
    box_w = spec["w"] / (spec["max"] - spec["min"] + 1) - 1
    names = {t.text: float(t.get("font-size")) for t in pipe.iter(SVG + "text") if t.text in spec["names"].values()}
    assert set(names) == set(spec["names"].values())
    assert text_width("Emergency Powers", 10) > box_w - 4  # the defect: at 10 px it reaches the box's sides
    assert names["Emergency Powers"] < 10 and text_width("Emergency Powers", names["Emergency Powers"]) <= box_w - 4
    assert names["Villagization"] == names["Prison System"] == names["Pipeline 0"] == 10


def test_a_track_boxs_notes_are_printed_under_its_name_one_line_each():
    """A track's ``notes`` give a box a line (a string) or lines (a list) under its name; a box without notes
    has none, and a track without them is drawn as before."""
    lay = {"canvas": {"width": 400, "height": 200}, "legend": {}, "spaces": {}, "panels": [
        {"type": "track", "key": "t", "label": "T", "min": 0, "max": 2, "x": 10, "y": 20, "w": 300, "h": 60,
         "names": {"0": "Zero", "1": "One"}, "notes": {"0": "only line", "1": ["first", "second"]}},
        {"type": "track", "key": "u", "label": "U", "min": 0, "max": 1, "x": 10, "y": 120, "w": 300, "h": 40}]}
    root = ET.fromstring(render_board_svg({"spaces": {}, "t": 1, "u": 0}, lay))

    def notes(key):
        return {b.get("data-value"): [(t.text, float(t.get("y"))) for t in b.iter(SVG + "text") if t.get("class") == "track-note"]
                for b in track(root, key).iter(SVG + "g") if b.get("class") == "track-box"}

    got = notes("t")
    assert [n for n, _ in got["0"]] == ["only line"] and [n for n, _ in got["1"]] == ["first", "second"]
    assert got["2"] == []
    assert 20 + 30 < got["1"][0][1] < got["1"][1][1] <= 20 + 60  # under the name (its baseline 30 px down), in the box
    assert notes("u") == {"0": [], "1": []}


def test_the_paper_board_and_its_key(view, layout):
    """The PDFs' board (no header or key panel, less text) draws the same spaces, stacks and markers; the key
    the PDFs print lists every piece and marker, and its box lies below every panel the paper board draws."""
    screen = render(view, layout)
    paper = render(view, layout, tooltips=False, header=False, paper=True)
    checks.check_the_paper_board(screen, paper)
    assert {sid: {st.get("data-kind"): st.get("data-count") for st in groups(g, "pieces")} for sid, g in spaces_of(paper).items()} == {
        sid: {st.get("data-kind"): st.get("data-count") for st in groups(g, "pieces")} for sid, g in spaces_of(screen).items()}
    checks.check_the_key(layout)
