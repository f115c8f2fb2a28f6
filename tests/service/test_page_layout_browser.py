"""The game page's layout in a real headless browser (issue 27, point 1): from a 360 px phone to a 1920 px
screen (and 2560 px), for every game with a board, public and with a seat held, nothing covers the board and the page
never scrolls sideways.

Proven with element boxes (``bounding_box``), not by looking at pictures: the board's box; the groups
inside the SVG that a panel could cover (the tracks, the Initiative Track, the current card and deck, the
force pools, the spaces) each drawn whole inside the board's box and the board scaled to its width at the
drawing's proportions; no panel (the header, the positions bar, each box of the side panel, the log, the
footer) meeting the board, one of those groups or another panel; the side panel beside the board where
there is room for both (1100 px and wider) and under it where there is not; no element of the page past
the window's right edge (the log's table scrolls inside its own box) and
``document.documentElement.scrollWidth <= window.innerWidth``.

``UMPIRE_PICTURES=1`` also saves docs/pictures/game-page-1440.png and game-page-360.png (Palestine, a seat
held) for the README; CI leaves them as they are.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import engine
from engine.core.chance import SeededChance
from engine.playout import choose
from tests.engine.games_common import COIN_GAMES
from tests.service.test_game_page_browser import browser, live  # noqa: F401  (fixtures; skips without chromium)

ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / "docs" / "pictures"
#: Window sizes: a phone, a small tablet, two laptops, a desktop screen, a large one.
WINDOWS = [(360, 780), (800, 1000), (1280, 800), (1440, 900), (1920, 1080), (2560, 1440)]
#: Where the side panel stands beside the board (templates/pages/page.css).
SIDE_BY_SIDE = 1100
#: The groups of the board's SVG that a panel could cover; each game's board has at least one of each.
GROUPS = ("g.track", "g.initiative", "g.card-panel", "g.pool", "g.space")
#: Every panel of the page, besides the board.
PANELS = "header.top, nav.positions, .replay-note, .message, .side > section, section.log, footer"
#: A group's box (Chromium's counts its strokes) may pass the drawing's edge by this many drawing units: a
#: railway that runs off the map (Palestine's to Egypt) ends at the edge, its ties' stroke a little past it.
STROKE = 12
#: Players' names long enough to wrap in the side panel.
LONG_NAMES = ("Alexandra Konstantinopoulou-Whitfield", "Bartholomew Fitzwilliam-Okonkwo")
#: How a panel is named in a failure.
NAME = "e => e.tagName.toLowerCase() + '.' + e.className"
#: A box edge may touch another (a border's rounding): overlaps below this many pixels do not count.
SLACK = 0.5

#: Every element whose right edge is past the window's, but for those inside a box that scrolls or clips
#: them (the log's table, the board's SVG) and those not shown.
PAST_THE_RIGHT_EDGE = """() => [...document.querySelectorAll('body *')]
  .filter(e => !e.closest('.scroll') && !e.closest('svg'))
  .map(e => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.width > 0 && r.right > window.innerWidth + 0.5)
  .map(([e, r]) => `${e.tagName.toLowerCase()}.${e.className} right ${r.right}`)"""


def overlap(a: dict, b: dict) -> bool:
    return (min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"]) > SLACK
            and min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]) > SLACK)


def inside(inner: dict, outer: dict, slack: float = SLACK) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["y"] >= outer["y"] - slack
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack)


def play(client, gid: str, tokens: dict, actions: int, seed: int) -> None:
    """Plays *actions* random legal actions through the API (the live worker adjudicates them), so the
    log has moves and dice in it."""
    picker = SeededChance(seed, context="layout")
    for _ in range(actions):
        game = client.get(f"/api/games/{gid}").get_json()
        state_role = next(iter(game["prompts"]))
        # the seat's own view: a game with hidden units shows its orders to that seat alone (engine.open_prompt)
        game = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[state_role]}"}).get_json()
        legal = game["prompts"][state_role]["actions"]
        r = client.post(f"/api/games/{gid}/moves?wait=20&after={game['seq']}", data=choose(legal, picker),
                        content_type="text/plain", headers={"Authorization": f"Bearer {tokens[state_role]}"})
        assert r.status_code in (200, 202) and r.get_json()["status"] == "accepted", r.get_json()


def check_layout(page, where: str) -> None:
    """Every box of the page where it should be (the module's docstring); *where* names the case."""
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth"), \
        f"{where}: the page scrolls sideways"
    past = page.evaluate(PAST_THE_RIGHT_EDGE)
    assert not past, f"{where}: past the window's right edge: {past}"

    section = page.locator("section.board").bounding_box()
    svg_el = page.locator("section.board svg.umpire-board")
    svg = svg_el.bounding_box()
    assert inside(svg, section), f"{where}: the board's drawing {svg} spills out of its box {section}"
    w, h = (float(v) for v in svg_el.get_attribute("viewBox").split()[2:])
    assert abs(svg["height"] / svg["width"] - h / w) < 0.01, f"{where}: the board is not at its proportions"
    assert svg["width"] >= section["width"] - 12, f"{where}: the drawing does not fill the board's box"
    side = page.locator("aside.side").bounding_box()
    if width < SIDE_BY_SIDE:  # one column: the board at the page's width, the side panel under it
        assert svg["width"] >= width - 40, f"{where}: the board does not take the width it has ({svg})"
        assert side["y"] >= section["y"] + section["height"], f"{where}: the side panel is not under the board"
    else:  # beside the side panel: as wide as its column, or nearly as tall as the window
        assert side["x"] >= section["x"] + section["width"], f"{where}: the side panel is not beside the board"
        assert (section["x"] + section["width"] >= side["x"] - 16
                or svg["height"] >= 0.8 * page.viewport_size["height"]), f"{where}: the board is smaller than it may be"
    groups = []
    stroke = STROKE * svg["width"] / w  # a drawing unit in pixels, times the widest stroke
    for sel in GROUPS:
        found = page.locator(f"section.board svg {sel}")
        assert found.count() >= 1, f"{where}: the board has no {sel}"
        for i in range(found.count()):
            box = found.nth(i).bounding_box()
            if box and box["width"] and box["height"]:
                assert inside(box, svg, stroke), f"{where}: {sel} #{i} {box} is cut off by the board's box {svg}"
                groups.append((f"{sel} #{i}", box))

    panels = page.locator(PANELS)
    boxes = [(panels.nth(i).evaluate(NAME) + f" #{i}", panels.nth(i).bounding_box()) for i in range(panels.count())]
    boxes = [(name, b) for name, b in boxes if b and b["width"] and b["height"]]
    assert len(boxes) >= 5, f"{where}: panels missing: {boxes}"
    for name, box in boxes:
        assert box["x"] >= -SLACK and box["x"] + box["width"] <= width + SLACK, f"{where}: {name} cut off"
        assert not overlap(box, section), f"{where}: {name} {box} covers the board {section}"
        covered = [g for g, b in groups if overlap(box, b)]
        assert not covered, f"{where}: {name} covers {covered}"
    for i, (a, ab) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            assert not overlap(ab, bb), f"{where}: {a} {ab} and {b} {bb} overlap"


@pytest.mark.parametrize("slug", COIN_GAMES)  # the boards drawn from a layout.json (the hex map: test_hexboard*.py)
def test_the_game_page_fits_every_window_public_and_seated(live, browser, slug):  # noqa: F811
    base, client, _sessions = live
    r = client.post("/api/games", json={"game": slug, "title": "Autumn league, table 3", "seats": [
        {"role": role, "player": name} for role, name in zip(engine.definition(slug).roles, LONG_NAMES, strict=True)]})
    assert r.status_code == 201, r.get_json()
    gid, tokens = r.get_json()["id"], r.get_json()["tokens"]
    play(client, gid, tokens, 6, seed=len(slug))
    acting = next(iter(client.get(f"/api/games/{gid}").get_json()["prompts"]))

    page = browser.new_page(viewport={"width": WINDOWS[0][0], "height": WINDOWS[0][1]})
    for width, height in WINDOWS:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{base}/games/{gid}")
        assert page.locator("#token").count() == 1
        check_layout(page, f"{slug} public at {width} px")

    page.fill("#token", tokens[acting])
    with page.expect_navigation():
        page.click("text=Take my seat")
    for width, height in WINDOWS:
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{base}/games/{gid}")
        assert page.locator("section.choices").count() == 1 and page.locator("#orders").count() == 1, \
            "the seat's orders and move form are on the page"
        check_layout(page, f"{slug} seated ({acting}) at {width} px")
        if slug == "palestine" and width in (360, 1440) and os.environ.get("UMPIRE_PICTURES") == "1":
            PICTURES.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(PICTURES / f"game-page-{width}.png"), full_page=True)

    # an earlier position (the replay): the same layout, with its notice and no move form
    page.goto(f"{base}/games/{gid}?at=2")
    assert page.locator(".replay-note").count() == 1 and page.locator("#orders").count() == 0
    for width, height in WINDOWS:
        page.set_viewport_size({"width": width, "height": height})
        check_layout(page, f"{slug} seated, position 2, at {width} px")
    page.close()
