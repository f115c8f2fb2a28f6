"""The game page in a real headless browser (issue 5): Debian's chromium driven by Playwright.

The app runs on werkzeug's server in a thread of this process, with a real Celery worker thread on the
in-memory broker (the embedded default); both are stopped at the end. The browser loads the page, sees
the board, takes a seat with its token, previews a legal and an illegal move (rule 3.1, Operations in General),
submits a legal one and finds it in the log. Screenshots go to /tmp for a person to look at.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from umpire_app.web import create_app

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(f"no system chromium at {CHROMIUM} (Debian package 'chromium'; .ci/run installs it)",
                allow_module_level=True)

from celery.contrib.testing.worker import start_worker  # noqa: E402
from playwright import sync_api  # noqa: E402

from engine.coin import deck  # noqa: E402
from engine.games.palestine.data import CARDS  # noqa: E402
from service.reports.board import load_layout  # noqa: E402

SHOTS = Path("/tmp")
HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.fixture
def live(tmp_path):
    """The app on a free port with a worker thread; yields its base URL, test client and sessions.
    Both threads are stopped at the end, and none other is left behind."""
    before = set(threading.enumerate())
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": ""})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="page-test-server", daemon=True)
    try:
        with start_worker(app.extensions["celery"], pool="solo", perform_ping_check=False,
                          shutdown_timeout=20.0):
            thread.start()
            yield f"http://127.0.0.1:{server.server_port}", app.test_client(), app.extensions["umpire"]["sessions"]
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)
        app.extensions["umpire"]["engine"].dispose()
    assert not thread.is_alive(), "the test server did not stop"
    left = [t.name for t in set(threading.enumerate()) - before if t.is_alive()]
    assert not left, f"threads left running: {left}"


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True)
        try:
            yield b
        finally:
            b.close()


def test_game_page_in_a_browser_preview_and_submit(live, browser):
    base, client, sessions = live
    r = client.post("/api/games", json={"game": "palestine", "title": "Club game",
                                        "seats": [{"role": "irgun", "player": HOSTILE},
                                                  {"role": "british", "player": "Bob"}]})
    gid, tokens = r.get_json()["id"], r.get_json()["tokens"]
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    # the public page: the board with every space of the layout, whose move it is
    page.goto(f"{base}/games/{gid}")
    assert page.locator("svg.umpire-board").count() == 1
    spaces = load_layout("palestine")["spaces"]
    assert page.locator("svg.umpire-board g.space").count() == len(spaces)
    assert page.locator("g.space[data-space=galilee]").is_visible()
    assert "Waiting for Irgun" in page.locator(".now").inner_text()
    assert HOSTILE in page.locator(".now").inner_text(), "the player's name is shown as text"
    assert page.locator(".now img").count() == 0 and not dialogs, "a player's name must never become markup"
    page.screenshot(path=str(SHOTS / "umpire-game-page-public.png"), full_page=True)

    # a wrong token: a clear message, still no seat
    page.fill("#token", "not-a-token")
    page.click("text=Take my seat")
    assert "belongs to no seat of this game" in page.locator(".message").inner_text()
    assert page.locator("#orders").count() == 0

    # the Irgun's token: its orders and the move form
    page.fill("#token", tokens["irgun"])
    page.click("text=Take my seat")
    assert "You play Irgun" in page.locator("header").inner_text()
    assert "box opsa" in page.locator(".choices").inner_text()

    # a legal move, previewed: accepted up to the die, nothing stored
    page.fill("#orders", "box opsa\nop sabotage\nspace galilee\nroll\n")
    page.click("button:has-text('Preview')")
    verdict = page.locator(".verdict")
    assert verdict.get_attribute("data-status") == "preview-stopped"
    text = verdict.inner_text()
    assert "legal up to the first die" in text and "space galilee" in text and "line 4" in text

    # an illegal move, previewed: refused with its line, rule and the orders allowed there (rule 3.1: the faction's own Operations)
    page.fill("#orders", "box opsa\nop rally\n")
    page.click("button:has-text('Preview')")
    verdict = page.locator(".verdict")
    assert verdict.get_attribute("data-status") == "rejected"
    text = verdict.inner_text()
    assert "refused" in text and "op rally" in text and "3.1" in text and "op sabotage" in text
    page.screenshot(path=str(SHOTS / "umpire-game-page-refused.png"), full_page=True)

    # a legal move, submitted: the verdict, and the move in the log (its die with it)
    page.fill("#orders", "box opsa\nop sabotage\nspace galilee\nroll\n")
    page.click("button:has-text('Submit move')")
    verdict = page.locator(".verdict")
    assert verdict.get_attribute("data-status") == "accepted", verdict.inner_text()
    log = page.locator("#log").inner_text()
    assert "op sabotage" in log and "space galilee" in log and "roll" in log
    assert re.search(r"Sabotage in Galilee", log), log
    page.screenshot(path=str(SHOTS / "umpire-game-page-seat.png"), full_page=True)

    # leaving the seat: back to the public view
    page.click("text=Leave this seat")
    assert page.locator("#token").count() == 1 and page.locator("#orders").count() == 0
    with sessions() as s:
        from service import games as G
        game = G.get_game(s, gid)
        hidden = [c for c in deck.remaining(game.state)
                  if CARDS[c]["title"] not in {CARDS[v]["title"] for v in game.state["played"]}]
    body = page.locator("body").inner_text()
    assert not [CARDS[c]["title"] for c in hidden if CARDS[c]["title"] in body], "a hidden card is on the page"
    assert not dialogs
    page.close()
