"""The SVG board of Cyprus (issue 29), before the game is registered: its schematic layout (data/layout.json)
covers the map of Cyprus 1.3 and keeps its adjacencies (1.3.5, ruling R-MAP-1) with spaces that tile the
island; a view of the setup (2.1) built by hand from data/setup.json renders every space, piece, marker,
track and box, each piece and marker inside its own space; the two British Bases are circles (1.3.4) with
their names, pieces and markers inside them; the International Opinion Track names its boxes as
components.json does (ruling R-IO-LABELS).

The layout is read from its file and the views name no game (the capabilities panel then names a
Capability by its title among the names passed, as it does without facts)."""

from __future__ import annotations

import copy

import pytest

from engine.games.cyprus.data import CARDS, COMPONENTS, DECK, MAP, SETUP, load
from service.reports.board import board_note
from tests.service import board_checks as checks
from tests.service.svg_reading import NS, SVG, counts_in, groups, markers_in, spaces_of, text_of, track

PIECE_KINDS = ("troops", "police", "cells_u", "cells_a", "caches")
SHAPE = {"town": "polygon", "mountain": "polygon", "base": "circle"}
SPACES = {s["id"]: s for s in MAP["spaces"]}
BASES = [s for s, v in SPACES.items() if v["kind"] == "base"]
TITLES = {cid: c["title"] for cid, c in CARDS.items()}


@pytest.fixture(scope="module")
def layout():
    return load("layout.json")


def setup_view() -> dict:
    """The public view of Cyprus's setup (2.1: setup.json): every space's pieces, its Cells Underground
    (1.4.3), no Curfew or Sabotage; Political Will 14 and International Opinion 2 (Debated); EOKA then the
    British eligible (2.3); the first card of the Example of Play's deck (8.0 L3574) as the current card;
    the Available box, an empty Prison, every Intel Chit in the bag (1.6.1)."""
    spaces = {}
    for e in SETUP["spaces"]:
        spaces[e["space"]] = {"troops": e.get("troops", 0), "police": e.get("police", 0), "cells_u": e.get("cells", 0),
                              "cells_a": 0, "caches": e.get("caches", 0), "curfew": 0, "sabotage": 0}
    example = DECK["example_of_play"]
    first = example["cards"][0]
    deck = len(example["cards"]) + example["rest"]["piles"] * (example["rest"]["pile_size"] + 1)
    return {"role": "public", "seq": 0, "spaces": spaces, "pw": SETUP["political_will"]["value"],
            "io": SETUP["international_opinion"]["value"], "eligible": list(SETUP["eligible"]["order"]),
            "boxes": dict.fromkeys(COMPONENTS["initiative_boxes"]["boxes"]),
            "current_card": {"id": first, "title": CARDS[first]["title"], "kind": CARDS[first]["kind"]},
            "deck_size": deck - 1, "played": [first], "capabilities": {}, "propaganda": 0, "outcome": None,
            "available": {k: v for k, v in SETUP["available"].items() if k != "source"},
            "prison": SETUP["prison"]["cells"], "suez": 0,
            "intel": {"held": list(SETUP["intel"]["held"]), "bag_size": len(SETUP["intel"]["bag"])}}


@pytest.fixture(scope="module")
def view():
    return setup_view()


def busy(view: dict) -> dict:
    """*view* with every space as full as a board gets: two-digit stacks, Cells of both sides, two Arms
    Caches (1.4.2) where they may stand (never in a Base: 1.3.4), a Curfew in every Town (1.4.2) and three
    Sabotage markers everywhere (they stack: 1.7)."""
    v = copy.deepcopy(view)
    for sid, x in v["spaces"].items():
        kind = SPACES[sid]["kind"]
        x.update(troops=12, police=6, cells_u=10, cells_a=12, caches=0 if kind == "base" else 2,
                 curfew=int(kind == "town"), sabotage=3)
    return v


def render(view, layout, **kw):
    return checks.render_unregistered(view, layout, TITLES, **kw)


def expected_markers(view: dict, sid: str) -> set[str]:
    """The labels the layout's markers give *sid*: a Curfew (1.10) and its Sabotage markers with their count
    (1.7)."""
    x, out = view["spaces"][sid], set()
    if x["curfew"]:
        out.add("Curfew")
    if x["sabotage"]:
        out.add("Sabotage" if x["sabotage"] == 1 else f"Sabotage \u00d7{x['sabotage']}")
    return out


# --- the layout -----------------------------------------------------------------------------------------


def test_1_3_layout_covers_the_map_and_says_it_is_schematic(layout):
    """Every space of 1.3 (data/map.json) and no other has a position of the shape and style of its kind
    (Towns and Mountains irregular, the Bases circles: 1.3.2-1.3.4), and every position says it is
    schematic, inferred and not traced from the printed board, as the key's note does."""
    assert set(layout["spaces"]) == set(SPACES) and len(SPACES) == 10
    for sid, s in SPACES.items():
        spec = layout["spaces"][sid]
        assert spec["shape"] == SHAPE[s["kind"]], sid
        assert spec["style"] == s["kind"] and spec["style"] in layout["legend"]["spaces"], sid
        assert spec["name"] == s["name"]
        assert spec["source"].startswith("schematic: inferred") and "not traced from the printed board" in spec["source"]
    for f in layout["foreign"]:
        assert f["source"].startswith("schematic:") and "not traced from the printed board" in f["source"]
    assert board_note(layout).startswith("Schematic map") and "1950s" in board_note(layout)
    assert layout["title"] == "The British Way: Cyprus"


def test_1_2_1_4_1_5_pieces_markers_and_sides(layout):
    """The pieces of 1.2 and 1.4 (tan Troops and blue Police cubes, red Cell cylinders Underground and
    Active, red Arms Cache discs) and the Factions of 1.5 (components.json); the markers a space can carry:
    a Curfew (1.10) and Sabotage (1.7)."""
    legend = layout["legend"]
    pieces = {p["kind"]: p for p in legend["pieces"]}
    assert list(pieces) == list(PIECE_KINDS)
    assert [pieces[k]["shape"] for k in PIECE_KINDS] == ["cube", "cube", "cylinder", "cylinder", "disc"]
    assert set(legend["sides"]) == {f["id"] for f in COMPONENTS["factions"]}
    assert pieces["cells_a"].get("mark") and not pieces["cells_u"].get("mark")
    assert len({pieces[k]["fill"] for k in ("cells_u", "cells_a", "caches")}) == 1  # all EOKA red
    assert pieces["troops"]["fill"] != pieces["police"]["fill"]
    assert [m["kind"] for m in legend["markers"]] == ["curfew", "sabotage"]
    assert {m["marker"] for m in COMPONENTS["markers"]} >= {"curfew", "sabotage"}


def test_the_layouts_keys_are_the_state_keys_of_the_game(layout):
    """The tracks read ``pw`` and ``io`` over the ranges of components.json (1.8, 6.5); the Initiative Track
    has the boxes of 2.3.2 left to right; the Available box shows every kind of piece, the Prison box Cells
    (1.3.6), and the counters the Intel Chits held and in the bag (1.6.1)."""
    panels = {p.get("key"): p for p in layout["panels"]}
    tracks = {p["key"]: p for p in layout["panels"] if p["type"] == "track"}
    assert set(tracks) == {"pw", "io"}
    will, io = COMPONENTS["political_will"], COMPONENTS["international_opinion"]
    assert (tracks["pw"]["min"], tracks["pw"]["max"]) == (will["min"], will["max"]) == (0, 15)
    assert (tracks["io"]["min"], tracks["io"]["max"]) == (io["min"], io["max"]) == (0, 4)
    assert [b["key"] for b in panels["eligible"]["boxes"]] == COMPONENTS["initiative_boxes"]["boxes"]
    assert set(panels["available"]["kinds"]) == {p["piece"] for p in COMPONENTS["pieces"]}
    assert panels["prison"]["kind"] in COMPONENTS["prison"]["accepts"]
    counters = next(p for p in layout["panels"] if p["type"] == "counters")
    assert [i["key"] for i in counters["items"]] == ["intel.held", "intel.bag_size", "propaganda"]


def test_r_io_labels_the_track_names_its_boxes_as_the_components_do(layout):
    """Each box of the International Opinion Track bears the label components.json gives its value (ruling
    R-IO-LABELS), and its ends say what they do to Smuggle (4.3.1 L3450)."""
    io = next(p for p in layout["panels"] if p.get("key") == "io")
    assert io["names"] == {str(e["value"]): e["label"] for e in COMPONENTS["international_opinion"]["labels"]}
    assert set(io["notes"]) == {"0", "4"}


def test_1_3_5_adjacent_spaces_touch_on_the_schematic_and_no_others_do(layout):
    """The drawing keeps the map's adjacency (1.3.5, ruling R-MAP-1): every pair map.json makes adjacent
    meets and no other pair does, not even at a corner; among them the pairs map.json lists as not adjacent
    (Nicosia with Larnaca and Limassol, the two Mountains, Akrotiri with all but Limassol...). Each Base
    lies across the border of its neighbours, its centre close to it."""
    spaces = layout["spaces"]
    adjacent = checks.check_adjacency_drawn(spaces, MAP)
    for base in BASES:
        circle = spaces[base]
        near = [s for s in adjacent if base in s]
        assert near and all(
            checks.border_distance(tuple(circle["center"]), spaces[next(iter(p - {base}))]["points"])
            < circle["r"] / 2 for p in near), base


def test_the_towns_and_mountains_tile_the_island_without_gaps_or_overlaps(layout):
    """The polygons are drawn the same way round, no two borders cross, a border two spaces share runs one
    way in one and the other way in the other, and the borders no two share form one closed coastline: the
    spaces cover the island with no hole between them."""
    checks.check_tiling(layout["spaces"])


# --- the setup (2.1) ------------------------------------------------------------------------------------


def test_2_1_setup_renders_every_space_piece_and_marker(view, layout):
    """Setup 2.1 (L4142-4160): every space and its pieces; on the map every piece not Available (1.2's
    counts less the setup's Available box: 12 Troops, 3 Police, 6 Cells, 1 Arms Cache); Karpas and the
    Kyrenia Mountains empty; no marker anywhere."""
    root = render(view, layout)
    spaces = spaces_of(root)
    assert set(spaces) == set(SPACES)
    totals = checks.drawn_totals(root, view, PIECE_KINDS, lambda v, sid: set(),  # no marker anywhere
                          {sid: s["name"] for sid, s in SPACES.items()})
    count = {p["piece"]: p["count"] for p in COMPONENTS["pieces"]}
    assert totals == {"troops": count["troops"] - view["available"]["troops"],
                      "police": count["police"] - view["available"]["police"],
                      "cells_u": count["cells"] - view["available"]["cells"], "cells_a": 0,
                      "caches": count["caches"] - view["available"]["caches"]}
    assert totals == {"troops": 12, "police": 3, "cells_u": 6, "cells_a": 0, "caches": 1}
    assert counts_in(spaces["karpas"]) == counts_in(spaces["kyrenia"]) == {}
    assert counts_in(spaces["troodos"]) == {"cells_u": 1, "caches": 1}


def _nonzero(counts: dict) -> dict:
    """A box's stacks less the empty ones (a box draws every kind it holds, none included)."""
    return {k: n for k, n in counts.items() if n}


def _counters(root) -> dict:
    """Each counter's text by its key, its lines (a long list wraps) joined."""
    out: dict[str, list[str]] = {}
    for t in root.iter(SVG + "text"):
        if t.get("class") == "counter":
            out.setdefault(t.get("data-key"), []).append(text_of(t))
    return {k: " ".join(v) for k, v in out.items()}


def test_2_1_setup_tracks_pools_and_boxes(view, layout):
    """Setup 2.1 (L4131-4140): Political Will 14, International Opinion at Debated (2), EOKA then the British
    eligible, the Available box (3 Police, 6 Cells, 3 Arms Caches), an empty Prison, the nine Intel Chits in
    the bag and none held; the current card and the cards left."""
    root = render(view, layout)
    assert track(root, "pw").get("data-value") == "14" and "Political Will: 14" in text_of(track(root, "pw"))
    io = track(root, "io")
    assert io.get("data-value") == "2" and "International Opinion: 2 (Debated)" in text_of(io)
    boxes = {b.get("data-value"): b for b in io.iter(SVG + "g") if b.get("class") == "track-box"}
    for e in COMPONENTS["international_opinion"]["labels"]:
        assert e["label"] in text_of(boxes[str(e["value"])])
    assert [g.get("data-side") for g in root.findall(".//s:g[@class='eligible']", NS)] == ["eoka", "british"]
    pools = {g.get("data-pool"): _nonzero(counts_in(g)) for g in groups(root, "pool")}
    assert pools["available"] == {"police": 3, "cells": 6, "caches": 3}
    assert pools["prison"] == pools["suez"] == {}
    card = root.find(".//s:g[@class='card']", NS)
    assert card.get("data-card") == "C3" and "AKEL" in text_of(card)
    assert root.find(".//s:g[@class='deck']", NS).get("data-count") == str(view["deck_size"]) == "20"
    assert _counters(root) == {"intel.held": "Intel held: none", "intel.bag_size": "Intel bag: 9",
                               "propaganda": "Propaganda: 0"}
    assert "The British Way: Cyprus" in text_of(root.find(".//s:g[@class='header']", NS))


def test_a_later_position_curfews_sabotage_prison_intel_and_a_capability(view, layout):
    """The Example of Play's position before its Propaganda card (8.0 L3630): Sabotage in Nicosia and Karpas,
    the Limassol Curfew and Sabotage removed by Restore and Famagusta's Curfew left (L3624), Cells in Prison,
    International Opinion at Debated, HUMAN RIGHTS COMMITTEES shaded in force (L3628); and two Sabotage
    markers stacked in Dhekelia (1.7), Troops on the Suez card (C4) and chits held."""
    v = copy.deepcopy(view)
    v["spaces"]["nicosia"].update(troops=6, police=1, cells_u=3, sabotage=1)
    v["spaces"]["karpas"].update(cells_a=1, sabotage=1)
    v["spaces"]["famagusta"].update(troops=3, police=1, cells_a=1, cells_u=0, curfew=1)
    v["spaces"]["dhekelia"].update(troops=0, cells_u=1, sabotage=2)
    v.update(prison=5, suez=3, io=2, eligible=["eoka", "british"], boxes={**v["boxes"], "event": "eoka"},
             capabilities={"C13": "shaded"}, intel={"held": [1, 2], "bag_size": 7})
    root = render(v, layout)
    spaces = spaces_of(root)
    for sid in v["spaces"]:
        assert markers_in(spaces[sid]) == expected_markers(v, sid), sid
    assert markers_in(spaces["famagusta"]) == {"Curfew"}
    assert markers_in(spaces["dhekelia"]) == {"Sabotage \u00d72"}
    caps = [t for t in root.iter(SVG + "text") if t.get("class") == "capability"]
    assert [(t.get("data-card"), t.get("data-side"), t.text) for t in caps] == [
        ("C13", "shaded", "Human Rights Committees (C13, shaded)")]
    pools = {g.get("data-pool"): _nonzero(counts_in(g)) for g in groups(root, "pool")}
    assert pools["prison"] == {"cells": 5} and pools["suez"] == {"troops": 3}
    assert _counters(root)["intel.held"] == "Intel held: 1, 2"
    assert _counters(root)["intel.bag_size"] == "Intel bag: 7"


# --- where the board draws what -------------------------------------------------------------------------


@pytest.mark.parametrize("load_", ["setup", "busy"])
def test_every_name_piece_and_marker_stands_inside_its_own_space(view, layout, load_):
    """At the setup and on a board as full as it gets (``busy``): each space's name, stacks and markers lie
    inside it, ``board_checks.MARGIN`` px clear of its border (in a Base: inside the circle less its stroke),
    and nothing of a Town or Mountain lies under a Base's circle."""
    v = view if load_ == "setup" else busy(view)
    root = render(v, layout)
    spaces = layout["spaces"]
    assert checks.misplaced(root, spaces, [spaces[b] for b in BASES]) == []
    if load_ == "busy":  # every kind of piece and every marker was drawn
        for sid, g in spaces_of(root).items():
            want = set(PIECE_KINDS) - ({"caches"} if sid in BASES else set())
            assert set(counts_in(g)) == want and markers_in(g) == expected_markers(v, sid), sid


@pytest.mark.parametrize("base", BASES)
def test_a_bases_name_fits_inside_its_circle(view, layout, base):
    """The name's estimated width at the size drawn fits the circle's chord at the top of its letters, less
    the stroke, at 9 px or more."""
    checks.check_name_fits_its_circle(spaces_of(render(view, layout))[base], SPACES[base]["name"])
