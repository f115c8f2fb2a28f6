"""The SVG board (issue #5): drawn only from engine.view, every space and piece, escaped, self-contained."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET

import pytest

import engine
from engine.coin import deck
from engine.core.chance import SeededChance
from engine.games.palestine.data import CARDS, MAP
from service.reports import load_layout, render_board_svg
from service.reports.board import DIGIT_W, LABEL_CHAR_W, VALUE_CHAR_W, _counter_lines, _tally, key_box

NS = {"s": "http://www.w3.org/2000/svg"}
PIECE_KINDS = ("troops", "police", "cells_u", "cells_a", "caches")
MARKERS = ("sabotage", "terror", "curfew")
ALL_TITLES = {cid: c["title"] for cid, c in CARDS.items()}


@pytest.fixture(scope="module")
def state():
    return engine.setup("palestine", "standard", {}, SeededChance(1))


@pytest.fixture(scope="module")
def layout():
    return load_layout("palestine")


def render(view, layout, names=None):
    svg = render_board_svg(view, layout, names if names is not None else {"cards": ALL_TITLES})
    return svg, ET.fromstring(svg)


def spaces_of(root):
    return {g.get("data-space"): g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if g.get("class") == "space"}


def counts_in(group, cls="pieces"):
    out: dict[str, int] = {}
    for g in group.iter("{http://www.w3.org/2000/svg}g"):
        if cls in (g.get("class") or "").split() and g.get("data-kind"):
            out[g.get("data-kind")] = out.get(g.get("data-kind"), 0) + int(g.get("data-count"))
    return out


def all_text(root) -> str:
    return " ".join("".join(e.itertext()) for e in root.iter() if e.text or len(e))


def test_layout_covers_map_with_sources(layout):
    ids = {s["id"] for s in MAP["spaces"]}
    assert set(layout["spaces"]) == ids
    for sid, spec in layout["spaces"].items():
        assert spec["source"] == "schematic: inferred from 1945 geography, not the printed board", sid
    kinds = {s["id"]: s["kind"] for s in MAP["spaces"]}
    shape = {"district": "polygon", "city": "circle", "railway": "line"}
    assert all(layout["spaces"][sid]["shape"] == shape[k] for sid, k in kinds.items())
    assert {f["name"] for f in layout["foreign"]} >= {"EGYPT", "TRANSJORDAN", "SYRIA", "LEBANON"}


def test_every_space_and_piece_of_the_setup(state, layout):
    view = engine.view(state, "irgun")
    svg, root = render(view, layout)
    spaces = spaces_of(root)
    assert set(spaces) == set(view["spaces"]) and len(spaces) == 13
    totals = dict.fromkeys(PIECE_KINDS, 0)
    for sid in view["spaces"]:
        got = counts_in(spaces[sid])
        want = {k: state["spaces"][sid][k] for k in PIECE_KINDS if state["spaces"][sid][k]}
        assert got == want, sid
        for k, n in got.items():
            totals[k] += n
    assert totals == {k: sum(sv[k] for sv in view["spaces"].values()) for k in PIECE_KINDS}
    assert totals["troops"] > 0 and totals["cells_u"] > 0


def test_boxes_tracks_card_and_deck(state, layout):
    view = engine.view(state, "irgun")
    svg, root = render(view, layout)
    pools = {g.get("data-pool"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "pool"}
    assert counts_in(pools["available"]) == view["available"]
    assert counts_in(pools["prison"]) == {"cells": view["prison"]}
    tracks = {g.get("data-track"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "track"}
    assert tracks["pw"].get("data-value") == str(view["pw"])
    assert tracks["haganah"].get("data-value") == str(view["haganah"])
    on = [b.get("data-value") for b in tracks["pw"].iter("{http://www.w3.org/2000/svg}g") if b.get("data-marker") == "on"]
    assert on == [str(view["pw"])]
    assert "Political Will: 18" in all_text(tracks["pw"])
    assert "Coordinate" in all_text(tracks["haganah"]) and "Neutral" in all_text(tracks["haganah"])
    card = root.find(".//s:g[@class='card']", NS)
    assert card.get("data-card") == view["current_card"]["id"]
    assert view["current_card"]["title"] in all_text(card)
    assert root.find(".//s:g[@class='deck']", NS).get("data-count") == str(view["deck_size"])
    elig = [g.get("data-side") for g in root.findall(".//s:g[@class='eligible']", NS)]
    assert elig == view["eligible"]
    boxes = {g.get("data-box"): g.get("data-side") for g in root.findall(".//s:g[@class='initiative-box']", NS)}
    assert boxes == {"limited": "", "event": "", "opsa": ""}


def unrevealed(state: dict, view: dict) -> list[str]:
    """The cards not revealed yet (engine.coin.deck.remaining) whose title is not the current card's."""
    return [c for c in sorted(deck.remaining(state)) if CARDS[c]["title"] != view["current_card"]["title"]]


def test_next_card_is_not_shown(state, layout):
    """No card not revealed yet is named (the deck stores no next card: it is drawn when revealed)."""
    view = engine.view(state, "british")
    svg, _ = render(view, layout)
    tokens = set(svg.split('"'))
    for cid in unrevealed(state, view):
        assert CARDS[cid]["title"] not in svg and cid not in tokens, cid


def test_markers_capabilities_and_boxes_when_set(state, layout):
    view = copy.deepcopy(engine.view(state, "irgun"))
    view["spaces"]["samaria"].update(sabotage=1, cells_a=2)
    view["spaces"]["rail-haifa"].update(terror=1)
    view["spaces"]["jerusalem-city"].update(curfew=1)
    view["boxes"]["event"] = "irgun"
    cap = next(cid for cid, c in CARDS.items() if c.get("capability"))
    view["capabilities"] = {cap: "british"}
    svg, root = render(view, layout)
    spaces = spaces_of(root)
    markers = {sid: {m.get("data-marker") for m in g.iter("{http://www.w3.org/2000/svg}g") if m.get("class") == "marker"}
               for sid, g in spaces.items()}
    assert markers["samaria"] == {"sabotage"}
    assert markers["rail-haifa"] == {"terror"}
    assert markers["jerusalem-city"] == {"curfew"}
    assert all(not v for k, v in markers.items() if k not in ("samaria", "rail-haifa", "jerusalem-city"))
    assert counts_in(spaces["samaria"])["cells_a"] == 2
    boxes = {g.get("data-box"): g.get("data-side") for g in root.findall(".//s:g[@class='initiative-box']", NS)}
    assert boxes["event"] == "irgun"
    caps = root.findall(".//s:text[@class='capability']", NS)
    assert [c.get("data-card") for c in caps] == [cap]
    assert CARDS[cap]["title"] in all_text(caps[0])


def test_hostile_strings_are_escaped(state, layout):
    view = copy.deepcopy(engine.view(state, "irgun"))
    evil_title = "<img src=file:///private/secret>"
    view["current_card"]["title"] = evil_title
    names = {"roles": {"irgun": 'Eve" style="background:url(http://evil.example/x)'},
             "game": "<script>alert(1)</script>"}
    svg, root = render(view, layout, names)
    assert "<img" not in svg and "<script" not in svg
    for el in root.iter():
        tag = el.tag.split("}")[-1]
        assert tag not in ("img", "image", "script", "a", "foreignObject", "use")
        for k, v in el.attrib.items():
            assert "href" not in k
            assert "url(" not in v and "file:" not in v and "http:" not in v, (tag, k, v)
    assert evil_title in all_text(root.find(".//s:g[@class='card']", NS))
    assert "url(http://evil.example/x)" in all_text(root)  # shown as text, never as style


def test_well_formed_and_self_contained(state, layout):
    svg, root = render(engine.view(state, "irgun"), layout)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    body = svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for bad in ("http:", "https:", "file:", "url(", "href", "@import", "<image"):
        assert bad not in body, bad
    assert "DejaVu Sans, sans-serif" in svg


def test_flat_names_and_public_view(state, layout):
    from engine.games.palestine import board
    view = engine.view(state, "public")
    svg, root = render(view, layout, dict(board.NAME))
    assert set(spaces_of(root)) == set(view["spaces"])
    assert view["current_card"]["title"] in svg
    assert not [c for c in unrevealed(state, view) if CARDS[c]["title"] in svg]


def test_the_paper_board_leaves_its_header_and_note_to_the_document(state, layout):
    """``header=False`` (the PDFs) draws neither the header panel nor the map's note: the PDF's HTML
    prints them (service/reports/documents.py), as text WeasyPrint lays out far faster than SVG text."""
    from service.reports.board import board_note
    view = engine.view(state, "irgun")
    screen = ET.fromstring(render_board_svg(view, layout, {"cards": ALL_TITLES}))
    paper = ET.fromstring(render_board_svg(view, layout, {"cards": ALL_TITLES}, tooltips=False, header=False))
    note = board_note(layout)
    assert note.startswith("Schematic map")
    headers = [g for g in screen.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "header"]
    assert headers and "View for Irgun" in all_text(screen) and note in all_text(screen)
    assert not [g for g in paper.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "header"]
    assert "View for" not in all_text(paper) and note not in all_text(paper)
    # everything else is the same board: every space and every stack
    assert spaces_of(paper).keys() == spaces_of(screen).keys()
    assert counts_in(paper) == counts_in(screen)


def test_the_paper_board_leaves_its_key_to_the_document_and_draws_less_text(state, layout):
    """``header=False`` leaves the key out too (the PDFs print ``board_key`` in HTML under the board);
    ``paper`` numbers a long track's ends, every fifth box and the marked one, and draws every stack's
    count in one ``<text>`` (issue 5)."""
    from service.reports.board import board_key
    view = engine.view(state, "irgun")
    screen = ET.fromstring(render_board_svg(view, layout, {"cards": ALL_TITLES}))
    paper = ET.fromstring(render_board_svg(view, layout, {"cards": ALL_TITLES}, tooltips=False, header=False,
                                           paper=True))
    groups = lambda root, cls: [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == cls]  # noqa: E731
    assert groups(screen, "legend") and not groups(paper, "legend")
    assert counts_in(paper) == counts_in(screen)
    texts = lambda root: [t for t in root.iter("{http://www.w3.org/2000/svg}text") if "count" in (t.get("class") or "").split()]  # noqa: E731
    screen_counts = [t.text for t in texts(screen)]
    merged, = texts(paper)  # one <text> for every count, a position per digit
    assert merged.text == "".join(screen_counts)
    assert len(merged.get("x").split()) == len(merged.get("y").split()) == len(merged.text)
    starts = [(float(x), float(y)) for x, y in zip(merged.get("x").split(), merged.get("y").split(), strict=True)]
    i = 0
    for t in texts(screen):  # each count's first digit where the screen board puts that count
        assert starts[i] == (float(t.get("x")), float(t.get("y")))
        i += len(t.text)

    def numbers(root, track):
        g = next(t for t in groups(root, "track") if t.get("data-track") == track)
        return {b.get("data-value"): [t.text for t in b.findall("s:text", NS)] for b in g.findall("s:g", NS)}
    pw_screen, pw_paper = numbers(screen, "pw"), numbers(paper, "pw")
    assert pw_screen.keys() == pw_paper.keys() == {str(v) for v in range(21)}  # every box is still drawn
    assert all(pw_screen[v] == [v] for v in pw_screen)
    shown = {v for v, texts in pw_paper.items() if texts}
    assert shown == {"0", "5", "10", "15", "20", str(view["pw"])}
    assert all(pw_paper[v] == [v] for v in shown)
    assert numbers(paper, "haganah") == numbers(screen, "haganah")  # five boxes: all numbered

    key = board_key(layout)
    assert [p["label"] for p in key["pieces"]] == [p["label"] for p in layout["legend"]["pieces"]]
    for p in key["pieces"]:
        icon = ET.fromstring(p["svg"])
        assert icon.tag == "{http://www.w3.org/2000/svg}svg" and len(icon) and "<text" not in p["svg"]
    assert [m["label"] for m in key["markers"]] == ["Sabotage", "Terror", "Curfew"]


def icon_left(group) -> float:
    """The left edge of a stack's icon: the least x of the shapes the icon macro draws (pieces.svg.j2)."""
    xs = []
    for el in group.iter():
        tag = el.tag.split("}")[-1]
        if tag == "rect":
            xs.append(float(el.get("x")))
        elif tag == "circle":
            xs.append(float(el.get("cx")) - float(el.get("r")))
        elif tag == "polygon":
            xs.extend(float(pt.split(",")[0]) for pt in el.get("points").split())
    return min(xs)


def count_spans(root, paper: bool) -> list[tuple[float, float, float]]:
    """Every stack's count as (left, right, baseline y), in the order the board draws the stacks: the
    right is the last digit's x plus a digit's advance (board.DIGIT_W)."""
    texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if "count" in (t.get("class") or "").split()]
    if not paper:
        return [(float(t.get("x")), float(t.get("x")) + len(t.text) * DIGIT_W, float(t.get("y"))) for t in texts]
    merged, = texts
    xs, ys = [float(x) for x in merged.get("x").split()], [float(y) for y in merged.get("y").split()]
    spans, i = [], 0
    for g in stacks_of(root):
        n = len(g.get("data-count"))
        spans.append((xs[i], xs[i + n - 1] + DIGIT_W, ys[i]))
        i += n
    return spans


def stacks_of(root) -> list:
    return [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "pieces" in (g.get("class") or "").split()]


@pytest.mark.parametrize("paper", [False, True], ids=["screen", "paper"])
def test_a_two_digit_count_ends_clear_of_the_next_icon_in_its_row(state, layout, paper):
    """A count of two digits (one ``<text>``, a position per digit on paper) ends a clear gap before the
    next icon on its row, as a one-digit count does: in a district, a city, a railway's tray and a track's
    box; before the fix "12" ended at the next cell's left and touched its icon."""
    view = copy.deepcopy(engine.view(state, "irgun"))
    view["spaces"]["tel-aviv-jaffa"].update(troops=12, police=3, cells_u=10, caches=1)
    view["spaces"]["samaria"].update(troops=11, police=2)
    view["spaces"]["rail-haifa"].update(troops=10, police=1)
    view["haganah_slots"] = {"4": {"cells": 12, "caches": 1}}
    root = ET.fromstring(render_board_svg(view, layout, {"cards": ALL_TITLES}, tooltips=not paper,
                                          header=not paper, paper=paper))
    stacks, spans = stacks_of(root), count_spans(root, paper)
    assert len(stacks) == len(spans)
    pairs = [(spans[i], stacks[i + 1]) for i in range(len(stacks) - 1)
             if spans[i][2] == spans[i + 1][2] and spans[i + 1][0] > spans[i][0]]  # the next stack on the same row
    two_digit = [(span, nxt) for span, nxt in pairs if span[1] - span[0] > 1.5 * DIGIT_W]
    assert len(two_digit) >= 4  # Tel Aviv-Jaffa's two rows, Samaria, the railway; the Haganah box
    for (_left, right, _y), nxt in pairs:
        assert right + 6 <= icon_left(nxt), (right, nxt.get("data-kind"), icon_left(nxt))


@pytest.mark.parametrize("game", ["palestine", "arab-revolt"])
def test_the_key_box_is_the_foot_of_the_side_panel_under_every_panel_the_paper_board_draws(game):
    """The PDFs print their key and note over ``key_box``: the key panel's place, which the paper board
    leaves empty. It lies in the side panel, clear of the map, below every panel the paper board still
    draws, and reaches the canvas's foot, so that foot is not left empty."""
    lay = load_layout(game)
    box, canvas = key_box(lay), lay["canvas"]
    w, h = canvas["width"], canvas["height"]
    assert box["left"] >= 100 * canvas.get("panel_x", 700) / w
    assert box["left"] + box["width"] <= 100
    assert box["top"] + box["height"] == pytest.approx(100, abs=0.01)
    assert box["height"] >= 20  # room for the key's lines and the note (checked by eye in the PDFs)
    for p in lay["panels"]:
        if p["type"] not in ("header", "legend"):
            assert 100 * panel_bottom(p) / h <= box["top"], p["type"]


def panel_bottom(p: dict) -> float:
    """The foot of a panel of the layout: its height, or the one reports/board.svg.j2 draws it to."""
    if p["type"] == "counters":
        return p["y"] + 18 * len(p["items"])
    if p["type"] == "initiative":
        return p["y"] + 86
    return p["y"] + p.get("h", 0)


def test_a_layout_without_a_key_panel_has_no_key_box(layout):
    assert key_box({**layout, "panels": [p for p in layout["panels"] if p["type"] != "legend"]}) is None


def test_a_counters_list_is_tallied_in_order_of_first_appearance():
    assert _tally(["demolish", "fine", "demolish", "detain", "demolish"]) == "demolish \u00d73, fine, detain"
    assert _tally([0, 0, 1]) == "0 \u00d72, 1"


def test_a_long_counter_wraps_after_a_comma_and_its_lines_stay_in_the_panel():
    lines = _counter_lines("Punish held", "demolish \u00d72, collective fine, detention, curfew", 150)
    assert len(lines) > 1
    assert lines[0]["label"] == "Punish held: " and all(ln["label"] == "" for ln in lines[1:])
    assert ", ".join(ln["value"].rstrip(",") for ln in lines) == "demolish \u00d72, collective fine, detention, curfew"
    for ln in lines:
        width = ln["indent"] + len(ln["label"]) * LABEL_CHAR_W + len(ln["value"]) * VALUE_CHAR_W
        assert width <= 150 or "," not in ln["value"].rstrip(","), ln
    assert _counter_lines("Ops cup", "4", 150) == [{"label": "Ops cup: ", "value": "4", "indent": 0}]


def test_an_arab_revolt_board_with_many_held_chits_draws_them_above_its_key():
    """The Arab Revolt counters panel with four different Punishment chits held: every chit is drawn, on
    lines that end left of the canvas's edge and above the key (which the PDFs print at key_box)."""
    lay = load_layout("arab-revolt")
    st = engine.setup("arab-revolt", "standard", {}, SeededChance(3))
    view = copy.deepcopy(engine.view(st, "british"))
    chits = ["demolish", "demolish", "collective fine", "detention", "curfew"]
    view.setdefault("punishment", {})["held"] = chits
    root = ET.fromstring(render_board_svg(view, lay, paper=True, header=False))
    texts = [t for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("data-key") == "punishment.held"]
    assert len(texts) > 1
    drawn = " ".join("".join(t.itertext()) for t in texts)
    for chit in set(chits):
        assert chit in drawn
    assert "demolish \u00d72" in drawn
    canvas = lay["canvas"]
    panel = next(p for p in lay["panels"] if p["type"] == "counters")
    for t in texts:  # the label in regular type (the text's own), the value in bold (its tspan)
        label, value = t.text or "", "".join(t[0].itertext())
        assert float(t.get("x")) + len(label) * LABEL_CHAR_W + len(value) * VALUE_CHAR_W <= canvas["width"], value
    ys = [float(t.get("y")) for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "counter"]
    assert ys == sorted(ys) and len(set(ys)) == len(ys), "the counters' lines overlap"
    assert max(ys) < canvas["height"] * key_box(lay)["top"] / 100 and min(ys) > panel["y"]
