"""The SVG board of Japanese Occupation (issue 30), played on the mounted Malaya board (1.2 L1121): its schematic
layout (data/layout.json) covers the map of 1.3 and keeps this game's own adjacency (data/map.json, 1.3.7,
ruling R-MAP-1) with Provinces that tile the peninsula; the eight Railway markers lie on the borders map.json
puts them on (1.3.6) and show their Sabotage (1.12); the setup (2.1) renders every space, piece, marker, track
and box, each inside its own space; the Intel chits show a value only where the view does (1.11: a concealed
chit shows "?" and the board is the same whatever its hidden value); Thailand is Out of Play (1.3.3).

The renderer options this board needs are general (service/reports/board.py): the layout's ``chits`` and
``borders``, a track's listed ``values`` and a list of ``slots``, a pool's ``id`` and colours, a foreign
label's ``points``; the tests below exercise them on this layout."""

from __future__ import annotations

import copy
import math
import xml.etree.ElementTree as ET

import pytest

import engine
from engine.core.chance import SeededChance
from engine.games.japanese_occupation import DEFINITION  # registers the game
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation.data import CARDS, COMPONENTS, MAP
from engine.games.japanese_occupation.setup import initial_state
from engine.games.japanese_occupation.view import view as jo_view
from service.reports import load_layout, render_board_svg
from service.reports.board import board_note
from tests.service import board_checks as checks
from tests.service.svg_reading import NS, SVG, counts_in, groups, markers_in, spaces_of, text_of, track

JO = "japanese-occupation"
PIECE_KINDS = ("troops", "police", "mpaja_u", "mpaja_a", "non_mpaja_u", "non_mpaja_a", "caches")
SHAPE = {"province": "polygon", "city": "circle", "ec": "circle"}
SPACES = {s["id"]: s for s in MAP["spaces"]}
CIRCLES = [s for s, v in SPACES.items() if SHAPE[v["kind"]] == "circle"]
RAILS = {r["id"]: r for r in MAP["railways"]}
#: The label of each marker a space holds (B.MARKERS), as the key names it.
LABEL = {"opposition": "Opposition", "terror": "Terror", "kempeitai": "Kempeitai", "force_136": "Force 136",
         "jungle_camp": "Jungle Camp", "new_village": "New Village"}


@pytest.fixture(scope="module")
def layout():
    return load_layout(JO)


@pytest.fixture(scope="module")
def state():
    return engine.setup(JO, "standard", {}, SeededChance(1))


@pytest.fixture(scope="module")
def view(state):
    return engine.view(state, "public")


def render(view: dict, layout: dict, **kw) -> ET.Element:
    return ET.fromstring(render_board_svg(view, layout, {**DEFINITION.names, "game": DEFINITION.title}, **kw))


def expected_markers(view: dict, sid: str) -> set[str]:
    """The labels the layout's markers give *sid*: each marker it holds (1.6, 1.8-1.10, 1.12, 1.15), with its
    count where more than one (Terror by Events, Kempeitai and Force 136: 1.4.2)."""
    x = view["spaces"][sid]
    return {LABEL[m] if x[m] == 1 else f"{LABEL[m]} \u00d7{x[m]}" for m in B.MARKERS if x[m]}


def chits(root) -> dict[str, ET.Element]:
    """Each space's Intel chit group (``class="chit"``) by space."""
    out = {}
    for sid, g in spaces_of(root).items():
        found = groups(g, "chit")
        assert len(found) <= 1, sid
        if found:
            out[sid] = found[0]
    return out


def borders(root) -> dict[str, ET.Element]:
    return {g.get("data-border"): g for g in groups(root, "border")}


def pools(root) -> dict[str, dict]:
    return {g.get("data-pool"): counts_in(g) for g in groups(root, "pool")}


def counters(root) -> dict[str, str]:
    return {t.get("data-key"): text_of(t) for t in root.iter(SVG + "text") if t.get("class") == "counter"}


# --- the layout -----------------------------------------------------------------------------------------


def test_1_3_layout_covers_the_map_and_says_it_is_schematic(layout):
    """Every space of 1.3 (data/map.json) and no other has a position of the shape of its kind (Provinces
    irregular, Kuala Lumpur and the ECs circles: 1.3.2-1.3.5) and the style of its terrain (Mountain or
    Jungle, 1.3.2); every position, railway and label says it is schematic and not traced from the printed
    board, as the key's note does; Thailand is a region with an Out of Play label, not a space (1.3.3)."""
    assert set(layout["spaces"]) == set(SPACES) and len(SPACES) == 11
    for sid, s in SPACES.items():
        spec = layout["spaces"][sid]
        assert spec["shape"] == SHAPE[s["kind"]], sid
        assert spec["style"] == (s["terrain"] if s["kind"] == "province" else s["kind"]), sid
        assert spec["style"] in layout["legend"]["spaces"]
        assert spec["source"].startswith("schematic: inferred") and "not traced from the printed board" in spec["source"]
    for f in [*layout["foreign"], layout["map"], *layout["borders"]["items"].values()]:
        assert f["source"].startswith("schematic:") and "not traced from the printed board" in f["source"]
    assert "schematic" in layout["source"].lower() and "not traced from the printed board" in layout["source"]
    assert board_note(layout).startswith("Schematic map") and "not the printed board" in board_note(layout)
    foreign = {f["name"]: f for f in layout["foreign"]}
    assert "thailand" not in layout["spaces"] and foreign["THAILAND"]["points"] and "OUT OF PLAY" in foreign
    assert layout["title"] == DEFINITION.title == "The British Way: Japanese Occupation"


def test_1_2_1_4_1_5_pieces_markers_and_sides(layout):
    """The forces of 1.2 and 1.4: tan Troops and light blue Police cubes, red MPAJA and blue non-MPAJA
    cylinders (Underground and Active), red Supply Cache discs; the markers a space holds (B.MARKERS) and the
    Sabotage of the Railways; the Factions of 1.5, British blue and Japanese red."""
    legend = layout["legend"]
    pieces = {p["kind"]: p for p in legend["pieces"]}
    assert list(pieces) == list(PIECE_KINDS)
    assert [pieces[k]["shape"] for k in PIECE_KINDS] == ["cube", "cube"] + ["cylinder"] * 4 + ["disc"]
    assert pieces["mpaja_u"]["fill"] == pieces["mpaja_a"]["fill"] == pieces["caches"]["fill"]  # red
    assert pieces["non_mpaja_u"]["fill"] == pieces["non_mpaja_a"]["fill"] != pieces["mpaja_u"]["fill"]  # blue
    assert len({pieces[k]["fill"] for k in ("troops", "police", "mpaja_u", "non_mpaja_u")}) == 4
    assert all(bool(pieces[k].get("mark")) == k.endswith("_a") for k in PIECE_KINDS)
    assert [m["kind"] for m in legend["markers"]] == [*B.MARKERS, "sabotage"]
    assert {m["kind"]: m["label"] for m in legend["markers"] if m["kind"] in LABEL} == LABEL
    assert {s: legend["sides"][s]["label"] for s in legend["sides"]} == {f["id"]: f["name"] for f in COMPONENTS["factions"]}
    assert legend["sides"]["british"]["fill"] != legend["sides"]["japanese"]["fill"]


def test_the_layouts_keys_are_the_state_keys_of_the_game(layout, view):
    """The tracks read Resistance and Japanese Resources over the ranges of components.json (1.13, 1.7) and
    the Operation Zipper Track its boxes (B.ZIPPER_BOXES, 6.7) with the Supply Caches still on it; the
    Initiative Track has the boxes of 2.4.2; the British (blue) Available box the British forces and the
    Japanese (red) one the Japanese forces (1.4.1 NOTE); the counters the markers Available (B.POOLED), J25's
    Force 136 and what is out of the game; every key the layout reads is in the view."""
    tracks = {p["key"]: p for p in layout["panels"] if p["type"] == "track"}
    assert set(tracks) == {"resistance", "resources", "zipper"}
    for key in ("resistance", "resources"):
        assert (tracks[key]["min"], tracks[key]["max"]) == (COMPONENTS[key]["min"], COMPONENTS[key]["max"]) == (0, 20)
    assert tracks["zipper"]["values"] == list(B.ZIPPER_BOXES) and tracks["zipper"]["slots"] == "zipper_caches"
    initiative = next(p for p in layout["panels"] if p["type"] == "initiative")
    assert [b["key"] for b in initiative["boxes"]] == COMPONENTS["initiative_boxes"]["boxes"]
    pool = {p.get("id", p["key"]): p for p in layout["panels"] if p["type"] == "pool"}
    side = {p["piece"]: p["side"] for p in COMPONENTS["pieces"]}
    assert set(pool["british-available"]["kinds"]) == {k for k, s in side.items() if s == "british"}
    assert set(pool["japanese-available"]["kinds"]) == {k for k, s in side.items() if s == "japanese"}
    assert pool["burma"]["piece"] == "troops"
    items = [i["key"] for p in layout["panels"] if p["type"] == "counters" for i in p["items"]]
    assert {f"available.{m}" for m in B.POOLED} <= set(items)
    assert {"davis", "removed", "kempeitai_out", "intel_aside", "propaganda"} <= set(items)
    for key in [*tracks, "zipper_caches", *pool, "available", *items, layout["chits"]["key"], layout["borders"]["key"]]:
        head, _, rest = key.partition(".")
        head = "available" if head.endswith("-available") else head
        assert head in view and (not rest or rest in view[head]), key


def test_1_3_7_adjacent_spaces_touch_on_the_schematic_and_no_others_do(layout):
    """The drawing keeps this game's adjacency (1.3.7, ruling R-MAP-1): every pair map.json makes adjacent
    meets and no other pair does, not even at a corner, among them the pairs it lists as not adjacent (the
    bottom EC and Kuala Lumpur, Perak and Trengganu, Kedah and Kelantan...). Unlike Malaya's drawing of the
    same board, Kuala Lumpur touches Negri Sembilan (8.0 L1684) and the bottom EC Pahang (1.3.7 L1174). Each
    circle lies across the borders of its neighbours, its centre close to them."""
    spaces = layout["spaces"]
    adjacent = checks.check_adjacency_drawn(spaces, MAP)
    assert frozenset(("kuala-lumpur", "negri-sembilan")) in adjacent and frozenset(("ec-bottom", "pahang")) in adjacent
    for sid in CIRCLES:
        circle = spaces[sid]
        near = [next(iter(p - {sid})) for p in adjacent if sid in p]
        assert near and all(checks.border_distance(tuple(circle["center"]), spaces[n]["points"]) < circle["r"] / 2
                            for n in near), sid


def test_the_provinces_tile_the_peninsula_without_gaps_or_overlaps(layout):
    checks.check_tiling(layout["spaces"])


# --- the Railway markers (1.3.6) ------------------------------------------------------------------------


def _samples(points, step: float = 2.0):
    for (x1, y1), (x2, y2) in zip(points, points[1:], strict=False):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step))
        for i in range(n + 1):
            yield x1 + (x2 - x1) * i / n, y1 + (y2 - y1) * i / n


def _near(p, spaces: dict) -> set[str]:
    """The spaces a point of a Railway's line touches: the circle it lies in (drawn over the polygons there), or
    else the circles and polygons it lies in or within 3 px of."""
    circles = {sid for sid, s in spaces.items() if s["shape"] == "circle"}
    inside = {sid for sid in circles if math.dist(p, spaces[sid]["center"]) <= spaces[sid]["r"]}
    if inside:
        return inside
    out = {sid for sid in circles if math.dist(p, spaces[sid]["center"]) <= spaces[sid]["r"] + 3}
    return out | {sid for sid, s in spaces.items() if sid not in circles
                  and (checks.inside(p, s["points"]) or checks.border_distance(p, s["points"]) < 3)}


@pytest.mark.parametrize("rid", list(RAILS))
def test_1_3_6_each_railway_runs_along_its_border_next_to_the_spaces_it_is_adjacent_to(layout, rid):
    """Every point of the Railway's line lies on the border of two of the spaces it is between (Thailand's
    region counting for Thailand), or inside a circle next to it (a Railway runs along the whole border,
    through Kuala Lumpur and the ECs: 1.3.6); the spaces the line touches are exactly the ones map.json
    makes the Railway adjacent to (1.3.7); its marker stands on the line, outside every circle, with a star
    where the setup stars it (L2154-2157)."""
    spaces, item = layout["spaces"], layout["borders"]["items"][rid]
    rail = RAILS[rid]
    assert item["name"] == rail["name"] and item["starred"] == rail["starred"] == (rid in B.STARRED)
    outlines = {sid: s["points"] for sid, s in spaces.items() if s["shape"] == "polygon"}
    outlines["thailand"] = next(f["points"] for f in layout["foreign"] if f["name"] == "THAILAND")
    touched = set()
    for p in _samples(item["points"]):
        near = _near(p, spaces)
        assert near <= set(rail["adjacent"]), (p, near)
        touched |= near
        on = {sid for sid, pts in outlines.items() if checks.border_distance(p, pts) < 1}
        in_circle = {sid for sid in CIRCLES if math.dist(p, spaces[sid]["center"]) <= spaces[sid]["r"]}
        assert in_circle & set(rail["adjacent"]) or (len(on & set(rail["between"])) >= 2), (p, on)
    assert touched == set(rail["adjacent"])
    at = tuple(item["at"])
    assert min(checks.to_segment(at, a, b) for a, b in zip(item["points"], item["points"][1:], strict=False)) < 1
    for sid in CIRCLES:  # the marker (26 x 14 about its point) clear of the circles drawn over it
        c = spaces[sid]
        nearest = (min(max(c["center"][0], at[0] - 13), at[0] + 13), min(max(c["center"][1], at[1] - 7), at[1] + 7))
        assert math.dist(nearest, c["center"]) > c["r"] + 2, sid


def test_1_12_railways_show_their_sabotage_markers(view, layout):
    """The setup has no Sabotage (2.1); Sabotage placed by the Operation (one) and by Events (more than one,
    1.4.2) is shown on its Railway with its count, and the starred Railways are marked."""
    root = render(view, layout)
    drawn = borders(root)
    assert set(drawn) == set(RAILS)
    assert all(g.get("data-count") == "0" and not groups(g, "border-marker") for g in drawn.values())
    assert {r for r, g in drawn.items() if g.get("data-starred") == "true"} == set(B.STARRED)
    assert all((g.find(SVG + "polygon[@class='star']") is not None) == (r in B.STARRED) for r, g in drawn.items())
    v = copy.deepcopy(view)
    v["railways"].update({"perak-kelantan": 1, "thailand-kedah": 2})
    drawn = borders(render(v, layout))
    for rid, g in drawn.items():
        marks = groups(g, "border-marker")
        assert g.get("data-count") == str(v["railways"][rid]), rid
        assert [text_of(m.find(SVG + "text")) for m in marks] == {0: [], 1: ["Sabotage"], 2: ["Sabotage \u00d72"]}[
            v["railways"][rid]]
    assert "Perak-Kelantan Railway: Sabotage" in text_of(drawn["perak-kelantan"].find(SVG + "title"))


def test_a_view_counting_a_border_the_layout_has_no_place_for_is_refused(view, layout):
    """As a space the layout has no position for (``render_board_svg``): an error, not a board that leaves a
    Railway out."""
    v = copy.deepcopy(view)
    v["railways"]["singapore-johore"] = 1
    with pytest.raises(ValueError, match="singapore-johore"):
        render_board_svg(v, layout, facts=[])


# --- the setup (2.1) ------------------------------------------------------------------------------------


def test_2_1_setup_renders_every_space_piece_and_marker(view, layout):
    """Setup 2.1 (L2139-2187): every space with its pieces and markers and its name; on the map every force
    that is neither Available nor on the Operation Zipper Track (1.2's counts: 15 Troops, 3 Police, 6 MPAJA, 2
    non-MPAJA, 1 Supply Cache); Perak with Opposition, Kempeitai, Force 136 and a Jungle Camp; the ECs and
    Kuala Lumpur's circle hold their pieces."""
    root = render(view, layout)
    spaces = spaces_of(root)
    assert set(spaces) == set(SPACES)
    totals = checks.drawn_totals(root, view, PIECE_KINDS, expected_markers, {sid: B.NAME[sid] for sid in SPACES}
                                 | {"ec-top": "EC (top)", "ec-bottom": "EC (bottom)"})
    count = {p["piece"]: p["count"] for p in COMPONENTS["pieces"]}
    avail, zipper = view["available"], len(view["zipper_caches"])
    assert totals == {"troops": count["troops"] - avail["troops"], "police": count["police"] - avail["police"],
                      "mpaja_u": count["mpaja"] - avail["mpaja"], "mpaja_a": 0,
                      "non_mpaja_u": count["non_mpaja"] - avail["non_mpaja"], "non_mpaja_a": 0,
                      "caches": count["caches"] - avail["caches"] - zipper}
    assert totals == {"troops": 15, "police": 3, "mpaja_u": 6, "mpaja_a": 0, "non_mpaja_u": 2, "non_mpaja_a": 0,
                      "caches": 1}
    assert markers_in(spaces["perak"]) == {"Opposition", "Kempeitai", "Force 136", "Jungle Camp"}
    assert counts_in(spaces["ec-top"]) == counts_in(spaces["ec-bottom"]) == {"troops": 3}
    assert counts_in(spaces["kuala-lumpur"]) == {"troops": 3, "police": 1}
    checks.check_name_fits_its_circle(spaces["kuala-lumpur"], "Kuala Lumpur")


def test_2_1_setup_tracks_pools_and_boxes(view, layout):
    """Setup 2.1: Resistance 2, Japanese Resources 0, Operation Zipper at Delay with a Supply Cache in its 6 and
    12 boxes (ruling R-ZIPPER); the British then the Japanese eligible; the blue British Available box (4 MPAJA,
    2 non-MPAJA, 2 Supply Caches), the red Japanese one (no Troops, 3 Police), no Troops on J17; the markers
    Available, nothing out of the game; the first card (2.2) and the cards left; Thailand Out of Play."""
    root = render(view, layout)
    assert track(root, "resistance").get("data-value") == "2" and "Resistance: 2" in text_of(track(root, "resistance"))
    assert track(root, "resources").get("data-value") == "0"
    assert "Japanese Resources: 0" in text_of(track(root, "resources"))
    zipper = track(root, "zipper")
    assert zipper.get("data-value") == "0" and "Operation Zipper: 0 (Delay)" in text_of(zipper)
    boxes = {b.get("data-value"): b for b in zipper.iter(SVG + "g") if b.get("class") == "track-box"}
    assert list(boxes) == [str(v) for v in B.ZIPPER_BOXES]
    assert {v: counts_in(b) for v, b in boxes.items() if counts_in(b)} == {"6": {"caches": 1}, "12": {"caches": 1}}
    assert [v for v, b in boxes.items() if b.get("data-marker") == "on"] == ["0"]
    assert [g.get("data-side") for g in root.findall(".//s:g[@class='eligible']", NS)] == ["british", "japanese"]
    assert pools(root) == {"british-available": {"mpaja": 4, "non_mpaja": 2, "caches": 2},
                           "japanese-available": {"troops": 0, "police": 3}, "burma": {"troops": 0}}
    pool_box = {g.get("data-pool"): g.find(SVG + "rect").get("stroke") for g in groups(root, "pool")}
    legend = layout["legend"]["sides"]
    assert pool_box["british-available"] == legend["british"]["fill"]
    assert pool_box["japanese-available"] == legend["japanese"]["fill"]
    assert counters(root) == {
        "available.force_136": "Force 136 Available: 1", "available.jungle_camp": "Jungle Camps Available: 1",
        "available.new_village": "New Villages Available: 4", "davis": "Force 136 on J25: 0",
        "removed": "Caches out of game: 0", "kempeitai_out": "Kempeitai out of game: 0",
        "intel_aside": "Intel set aside: none", "propaganda": "Propaganda rounds: 0"}
    card = root.find(".//s:g[@class='card']", NS)
    assert card.get("data-card") == view["current_card"]["id"] and view["current_card"]["title"] in text_of(card)
    assert root.find(".//s:g[@class='deck']", NS).get("data-count") == str(view["deck_size"])
    foreign = root.find(".//s:g[@class='foreign']", NS)
    assert foreign.find(SVG + "polygon[@class='region']") is not None
    assert {"THAILAND", "OUT OF PLAY"} <= {t.text for t in foreign.iter(SVG + "text")}
    assert DEFINITION.title in text_of(root.find(".//s:g[@class='header']", NS))


def test_a_later_position_zipper_j17_j25_capabilities_and_the_card(view, layout):
    """Operation Zipper at its 6 box with the 12 box's Supply Cache still on the track (6.7.2), Troops on J17
    and Force 136 on J25, a Supply Cache and a Kempeitai out of the game (J14 shaded, J29 unshaded), chits set
    aside by J20 shaded, a Capability in force (5.3) and the current card."""
    v = copy.deepcopy(view)
    cap = next(c for c, card in CARDS.items() if card["capability"])
    v.update(zipper=6, zipper_caches=[12], burma=3, davis=1, removed=1, kempeitai_out=1, intel_aside=[0, 2],
             resistance=7, capabilities={cap: "unshaded"},
             current_card={"id": "J5", "title": CARDS["J5"]["title"], "kind": "event"})
    v["available"]["force_136"] = 0
    root = render(v, layout)
    zipper = track(root, "zipper")
    assert zipper.get("data-value") == "6" and "Operation Zipper: 6" in text_of(zipper)
    boxes = {b.get("data-value"): b for b in zipper.iter(SVG + "g") if b.get("class") == "track-box"}
    assert {k: counts_in(b) for k, b in boxes.items() if counts_in(b)} == {"12": {"caches": 1}}
    assert pools(root)["burma"] == {"troops": 3}
    got = counters(root)
    assert got["davis"] == "Force 136 on J25: 1" and got["available.force_136"] == "Force 136 Available: 0"
    assert got["removed"] == "Caches out of game: 1" and got["kempeitai_out"] == "Kempeitai out of game: 1"
    assert got["intel_aside"] == "Intel set aside: 0, 2"
    caps = [t for t in root.iter(SVG + "text") if t.get("class") == "capability"]
    assert [(t.get("data-card"), t.get("data-side")) for t in caps] == [(cap, "unshaded")]
    assert CARDS[cap]["title"] in text_of(caps[0])
    card = root.find(".//s:g[@class='card']", NS)
    assert card.get("data-card") == "J5" and CARDS["J5"]["title"] in text_of(card)


def test_the_zipper_track_numbers_every_box_on_paper(view, layout):
    """A track of listed boxes has five: the paper board (which numbers only some boxes of a long track)
    numbers all of them."""
    zipper = track(render(view, layout, tooltips=False, header=False, paper=True), "zipper")
    for box in zipper.iter(SVG + "g"):
        if box.get("class") == "track-box":
            assert box.get("data-value") in [t.text for t in box.iter(SVG + "text")]


# --- the Intel chits (1.11) -----------------------------------------------------------------------------


def _example() -> dict:
    """The Example of Play's setup (8.0): every chit face down, each with its value in the state's hidden
    ``intel_face_down`` (placed by the example, L1650), which no output may show."""
    state = initial_state("example-of-play")
    assert set(state["intel_face_down"]) == set(state["intel"])
    assert all(c == {"revealed": False, "seen": False, "value": None} for c in state["intel"].values())
    return state


def _twin(state: dict) -> dict:
    """*state* with its concealed values moved round one space (some differ): nothing public changes."""
    sids = list(state["intel_face_down"])
    values = [state["intel_face_down"][s] for s in sids]
    moved = values[1:] + values[:1]
    assert moved != values
    return {**state, "intel_face_down": dict(zip(sids, moved, strict=True))}


@pytest.mark.parametrize("role", ["british", "japanese", "public"])
def test_1_11_a_concealed_intel_chit_shows_no_value(layout, role):
    """Each Province and Kuala Lumpur shows its chit face down, "Intel ?", with no value in its text or
    attributes (the Example of Play's hidden values, state['intel_face_down'][sid]); the ECs hold none (1.3.5 NOTE);
    and the whole board is the same SVG when the hidden values are moved round among the spaces."""
    state = _example()
    svg = render_board_svg(jo_view(state, role), layout, {**DEFINITION.names, "game": DEFINITION.title})
    shown = chits(ET.fromstring(svg))
    assert set(shown) == set(B.INTEL_SPACES)
    for sid, chit in shown.items():
        assert chit.get("data-state") == "concealed" and chit.get("data-value") is None, sid
        assert text_of(chit.find(SVG + "text")) == "Intel ?", sid
        assert str(state["intel_face_down"][sid]) not in "".join(f"{k}={v}" for k, v in chit.attrib.items()), sid
    twin = render_board_svg(jo_view(_twin(state), role), layout, {**DEFINITION.names, "game": DEFINITION.title})
    assert twin == svg


def test_1_11_the_board_shows_no_concealed_value_a_view_might_carry(layout):
    """The renderer's own guard: a concealed chit nobody has seen is drawn "Intel ?" even if a view held its
    value, and the board is the same as without it."""
    v = jo_view(_example(), "british")
    carrying = copy.deepcopy(v)
    for sid in carrying["intel"]:
        carrying["intel"][sid]["value"] = 2
    assert render_board_svg(carrying, layout) == render_board_svg(v, layout)


def test_1_11_revealed_and_seen_chits_show_their_values(layout):
    """Gather reveals a chit (4.2.2): its value is shown; Eliminate conceals it again (4.3.3), its value public
    since both players saw it: "?" and that value, marked concealed; a chit J20 set aside leaves its space
    without one (its value in the set-aside counter)."""
    state = copy.deepcopy(_example())
    face_down = state["intel_face_down"]
    state["intel"]["perak"].update(revealed=True, seen=True, value=face_down.pop("perak"))
    state["intel"]["kedah"].update(seen=True, value=face_down.pop("kedah"))
    aside = face_down.pop("pahang")
    state["intel"]["pahang"] = None
    state["intel_aside"] = [aside]
    root = render(jo_view(state, "japanese"), layout)
    shown = chits(root)
    perak, kedah = state["intel"]["perak"]["value"], state["intel"]["kedah"]["value"]
    assert shown["perak"].get("data-state") == "revealed" and shown["perak"].get("data-value") == str(perak)
    assert text_of(shown["perak"].find(SVG + "text")) == f"Intel {perak}"
    assert shown["kedah"].get("data-state") == "seen" and shown["kedah"].get("data-value") == str(kedah)
    assert text_of(shown["kedah"].find(SVG + "text")) == f"Intel ? (seen {kedah})"
    assert "pahang" not in shown and set(shown) == set(B.INTEL_SPACES) - {"pahang"}
    assert counters(root)["intel_aside"] == f"Intel set aside: {aside}"
    face, back = layout["chits"]["face"]["fill"], layout["chits"]["back"]["fill"]
    assert shown["perak"].find(SVG + "rect").get("fill") == face != back == shown["kedah"].find(SVG + "rect").get("fill")


# --- where the board draws what -------------------------------------------------------------------------


def busy(view: dict) -> dict:
    """*view* with every space as full as a board gets: in each Province every kind of force, two-digit
    Troops, every marker (Terror stacked by Events, all three Kempeitai and Force 136: 1.4.2) and a chit seen
    before (its longest text); Kuala Lumpur (a City: no Jungle Camp or New Village, 1.4.2) with five kinds of
    forces and its markers; an EC (no Supply Cache, Intel or Opposition: 1.3.5, 1.4.2) with Troops, Police,
    MPAJA and a Kempeitai and a Force 136; two Sabotage markers on every Railway."""
    v = copy.deepcopy(view)
    for sid, x in v["spaces"].items():
        kind = SPACES[sid]["kind"]
        if kind == "ec":
            x.update(troops=12, police=6, mpaja_u=2, mpaja_a=1, kempeitai=1, force_136=1)
            continue
        x.update(troops=12, police=6, mpaja_u=8, non_mpaja_u=3, caches=1, opposition=1, terror=2, kempeitai=3,
                 force_136=3)
        if kind == "province":
            x.update(mpaja_a=2, non_mpaja_a=1, jungle_camp=1, new_village=1)
        v["intel"][sid] = {"revealed": False, "seen": True, "value": 2}
    v["railways"] = dict.fromkeys(v["railways"], 2)
    return v


def _boxes(root) -> list[tuple[str, str, float, float, float, float]]:
    """Every space's name, stacks, markers and chit as boxes (space, what, x, y, w, h)."""
    out = []
    for sid, g in spaces_of(root).items():
        out += [(sid, *box) for box in checks.item_boxes(g)]
        out += [(sid, "chit", *(float(c.find(SVG + "rect").get(k)) for k in ("x", "y", "width", "height")))
                for c in groups(g, "chit")]
    return out


def _feature_boxes(root) -> list[tuple[str, str, float, float, float, float]]:
    """Every Railway's marker and Sabotage count as boxes (railway, what, x, y, w, h)."""
    out = []
    for rid, g in borders(root).items():
        rects = [(r, "marker") for r in g.findall(SVG + "rect")] + [
            (m.find(SVG + "rect"), "sabotage") for m in groups(g, "border-marker")]
        out += [(rid, what, *(float(r.get(k)) for k in ("x", "y", "width", "height"))) for r, what in rects]
    return out


def _overlap(a, b) -> bool:
    return a[2] < b[2] + b[4] and b[2] < a[2] + a[4] and a[3] < b[3] + b[5] and b[3] < a[3] + a[5]


@pytest.mark.parametrize("load_", ["setup", "busy"])
def test_every_name_piece_marker_and_chit_stands_inside_its_own_space(view, layout, load_):
    """At the setup and on a board as full as it gets (``busy``): each space's name, stacks, markers and chit
    lie inside it, ``board_checks.MARGIN`` px clear of its border and of the circles (in a circle: inside it
    less its stroke), but the ECs' names, which the layout sets beside their small circles; nothing of one
    space covers another's, and no Railway marker or Sabotage count covers a space's content or hides under a
    circle."""
    v = view if load_ == "setup" else busy(view)
    root = render(v, layout)
    spaces = layout["spaces"]
    beside = {sid for sid in CIRCLES if spaces[sid].get("label")}
    assert beside == {"ec-top", "ec-bottom"}
    circles = [spaces[c] for c in CIRCLES]
    assert [m for m in checks.misplaced(root, spaces, circles) if not (m[0] in beside and m[1] == "name")] == []
    for sid, chit in chits(root).items():
        x, y, w, h = (float(chit.find(SVG + "rect").get(k)) for k in ("x", "y", "width", "height"))
        spec = spaces[sid]
        corners = [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]
        if spec["shape"] == "circle":
            assert all(math.dist(c, spec["center"]) <= spec["r"] - 3 for c in corners), sid
        else:
            assert all(checks.inside(c, spec["points"]) and checks.border_distance(c, spec["points"]) >= 3
                       for c in corners), sid
    items = _boxes(root)
    assert [(a[:2], b[:2]) for a in items for b in items if a[0] < b[0] and _overlap(a, b)] == []
    features = _feature_boxes(root)
    assert [(f[:2], i[:2]) for f in features for i in items if _overlap(f, i)] == []
    for f in features:
        for c in circles:
            near = (min(max(c["center"][0], f[2]), f[2] + f[4]), min(max(c["center"][1], f[3]), f[3] + f[5]))
            assert math.dist(near, c["center"]) > c["r"] + 2, f[:2]
    if load_ == "busy":  # every kind of piece and marker was drawn
        for sid, g in spaces_of(root).items():
            assert counts_in(g) == {k: n for k, n in v["spaces"][sid].items() if k in PIECE_KINDS and n}, sid
            assert markers_in(g) == expected_markers(v, sid), sid
        assert len(groups(root, "border-marker")) == len(RAILS)


def test_the_paper_board_and_its_key(view, layout):
    """The PDFs' board (no header or key panel) draws the spaces, markers, chits and Railways the screen's
    board draws; the key lists every piece and marker and stands below every other panel."""
    v = busy(view)
    screen, paper = render(v, layout), render(v, layout, tooltips=False, header=False, paper=True)
    checks.check_the_paper_board(screen, paper)
    assert {s: text_of(c) for s, c in chits(paper).items()} == {s: text_of(c) for s, c in chits(screen).items()}
    assert {r: g.get("data-count") for r, g in borders(paper).items()} == {
        r: g.get("data-count") for r, g in borders(screen).items()}
    checks.check_the_key(layout)
