"""The landing page, ``/`` and ``/games`` (issue 27, point 3), and the addresses ``scripts/run`` prints.

The page lists the games, the latest active first, each with its title, which game it is, whose move it
is (with the players), when its position was reached and its deadline when it has one, each linking to
its game page; everything escaped; ``PAGE_SIZE`` games a page, a page that is not one is a 404 saying
the range. ``scripts/run`` prints the list's address and the games' pages as well as the API's, and
they answer.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from datetime import datetime
from pathlib import Path

import pytest

import engine
from engine.core.chance import SeededChance
from engine.playout import choose
from service import adjudication, deadlines
from service import games as G
from service.pages import landing
from tests.service.test_api import post_text
from tests.service.test_game_page import html

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "<img src=x onerror=alert(1)>"


@pytest.fixture(autouse=True)
def queued(app):
    """No worker: a move is adjudicated by the test itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def new_game(client, slug="palestine", title="", players=None) -> tuple[str, dict]:
    body = {"game": slug, "title": title}
    if players:
        body["seats"] = [{"role": r, "player": p} for r, p in players.items()]
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.json["id"], r.json["tokens"]


def rows(page: str) -> list[str]:
    """The games' ids, in the order the page lists them."""
    return re.findall(r'<tr data-game="([^"]+)">', page)


def row(page: str, gid: str) -> str:
    return re.search(rf'<tr data-game="{gid}">.*?</tr>', page, re.S).group(0)


def test_no_games_yet(client):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    page = html(r)
    assert "No games yet" in page and "POST /api/games" in page and rows(page) == []


def test_the_games_each_linking_to_its_page(client, sessions):
    first, _ = new_game(client, title=HOSTILE, players={"irgun": "Ann & <b>Co</b>", "british": "Bob"})
    second, tokens = new_game(client, "arab-revolt", players={"rebels": "Rae", "british": "Ben"})
    malaya, _ = new_game(client, "malaya", title="Emergency")
    r = client.get("/")
    page = html(r)
    assert "default-src 'none'" in r.headers["Content-Security-Policy"], "the page's security headers"
    assert set(rows(page)) == {first, second, malaya}
    for gid in (first, second, malaya):
        assert f'<a href="/games/{gid}">' in row(page, gid)
        assert client.get(f"/games/{gid}").status_code == 200
    # escaped: a title or a player's name never becomes markup
    assert HOSTILE not in page and "&lt;img src=x onerror=alert(1)&gt;" in row(page, first)
    assert "Irgun (Ann &amp; &lt;b&gt;Co&lt;/b&gt;)" in row(page, first)
    # which game, and the game's title where the game has none
    assert "The British Way: Palestine" in row(page, first)
    assert re.search(r'<a href="/games/[^"]+">The British Way: Arab Revolt</a>', row(page, second))
    assert ">Emergency</a>" in row(page, malaya) and "The British Way: Malaya" in row(page, malaya)
    # whose move, when the position was reached, no deadline
    with sessions() as s:
        game = G.get_game(s, second)
        reached = deadlines.position_reached(s, game)
        acting = G.summary(game)["waiting_for"]
    # the first to act depends on the card the game's seed draws: either seat, with its player's name
    assert acting and f"{acting[0].capitalize()} ({ {'rebels': 'Rae', 'british': 'Ben'}[acting[0]]})" in row(page, second)
    assert reached.strftime("%Y-%m-%d %H:%M UTC") in row(page, second) and "(created)" in row(page, second)
    assert "none" in re.search(r'class="due">(.*?)</td>', row(page, second)).group(1)
    # /games and /games/ are the same list
    assert rows(html(client.get("/games"))) == rows(page) == rows(html(client.get("/games/")))
    # a move brings its game to the top, with the time of that move
    with sessions() as s:
        state = G.get_game(s, second).state
    action = choose(engine.legal_actions(state, acting[0]), SeededChance(1, context="landing"))
    r = post_text(client, second, tokens[acting[0]], action, query="?after=0")
    adjudication.adjudicate(sessions, r.json["id"])
    page = html(client.get("/"))
    assert rows(page)[0] == second and "(created)" not in row(page, second)
    with sessions() as s:
        game = G.get_game(s, second)
        assert game.seq == 1
        assert deadlines.position_reached(s, game).strftime("%Y-%m-%d %H:%M UTC") in row(page, second)


def test_a_deadline_is_shown_as_the_mail_will_hold_it(client, sessions):
    gid, tokens = new_game(client, players={"irgun": "Ann", "british": "Bob"})
    r = client.post(f"/api/games/{gid}/mail-settings", json={"hours": 48},
                    headers={"Authorization": f"Bearer {tokens['umpire']}"})
    assert r.status_code == 200, r.get_json()
    shown = re.search(r'class="due">(.*?)</td>', row(html(client.get("/")), gid), re.S).group(1)
    m = re.fullmatch(r'Irgun by <time datetime="([^"]+)">[^<]+</time>', shown.strip())
    assert m, shown
    with sessions() as s, s.begin():
        game = G.get_game(s, gid)
        made = deadlines.due(s, game, "irgun").due_at  # the deadline the mail reminders will use
    assert datetime.fromisoformat(m.group(1).removesuffix("Z")) == made
    assert html(client.get("/")).count(m.group(1)) == 1, "the same once made"
    # a paused game's deadline waits
    r = client.post(f"/api/games/{gid}/pause", json={}, headers={"Authorization": f"Bearer {tokens['umpire']}"})
    assert r.status_code == 200
    page = html(client.get("/"))
    assert "(paused)" in row(page, gid) and m.group(1) not in page


def test_a_game_over_says_who_won(client):
    gid, tokens = new_game(client, players={"irgun": "Ann", "british": "Bob"})
    r = client.post(f"/api/games/{gid}/resign", json={"role": "british"},
                    headers={"Authorization": f"Bearer {tokens['british']}"})
    assert r.status_code == 200, r.get_json()
    assert "Game over: Irgun (Ann) won" in row(html(client.get("/")), gid)


def test_pages_of_the_list(client, monkeypatch):
    monkeypatch.setattr(landing, "PAGE_SIZE", 2)
    made = [new_game(client, title=f"Game {i}")[0] for i in range(5)]
    first = html(client.get("/"))
    assert len(rows(first)) == 2 and "5 games" in first and "2 a page" in first
    assert 'href="/?page=2" rel="next"' in first and 'rel="prev"' not in first
    listed = rows(first) + rows(html(client.get("/?page=2"))) + rows(html(client.get("/games?page=3")))
    assert sorted(listed) == sorted(made) and len(set(listed)) == 5
    last = html(client.get("/?page=3"))
    assert "Page 3 of 3" in last and 'rel="next"' not in last and 'href="/?page=2" rel="prev"' in last
    for bad, says in (("4", "pages run from 1 to 3"), ("0", "whole numbers from 1"), ("x", "whole numbers from 1"),
                      ("-1", "whole numbers from 1"), ("", "whole numbers from 1")):
        r = client.get("/", query_string={"page": bad})
        assert r.status_code == 404 and says in html(r) and "Traceback" not in html(r), bad
        assert '<a href="/">The list of games</a>' in html(r)


def test_the_game_page_and_the_error_page_lead_back_to_the_list(client):
    gid, _ = new_game(client)
    assert '<a href="/">All games</a>' in html(client.get(f"/games/{gid}"))
    assert '<a href="/">The list of games</a>' in html(client.get("/games/G-000000"))


# --- scripts/run ---------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_scripts_run_prints_the_pages_addresses_and_they_answer(tmp_path):
    """``scripts/run`` as it is, in a copy of the tree whose ``scripts/setup.sh`` does nothing (the real one
    installs from PyPI) and whose ``.venv`` is this one; on a fresh instance folder, then again."""
    tree = tmp_path / "tree"
    (tree / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "run", tree / "scripts" / "run")
    (tree / "scripts" / "setup.sh").write_text("#!/bin/sh\nexit 0\n")
    (tree / "scripts" / "setup.sh").chmod(0o755)
    (tree / ".venv").symlink_to(ROOT / ".venv")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UMPIRE_", "REDIS_", "DATABASE_"))}
    env["UMPIRE_INSTANCE"] = str(tmp_path / "instance")

    def run(port: int) -> list[str]:
        env["PORT"] = str(port)
        proc = subprocess.Popen(["bash", str(tree / "scripts" / "run")], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        lines: list[str] = []
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                line = proc.stdout.readline()
                assert line, "scripts/run stopped:\n" + "".join(lines)
                lines.append(line)
                if line.startswith("Umpire at "):
                    break
            for _ in range(100):  # the server is up once it answers
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
            return lines + [urllib.request.urlopen(u, timeout=5).read().decode()
                            for u in re.findall(r"(http://\S+/(?:games/\S+)?)(?=\s)", "".join(lines))
                            if "/api/" not in u]
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(20)
            proc.stdout.close()

    port = free_port()
    out = run(port)
    text = "".join(line for line in out if line.endswith("\n") and not line.startswith("<"))
    gid = re.search(r"Demo game (G-[0-9A-F]+) created", text).group(1)
    assert f"The games:     http://127.0.0.1:{port}/ " in text
    assert f"A game's page: http://127.0.0.1:{port}/games/{gid} " in text
    assert f"Umpire at http://127.0.0.1:{port}/api/games" in text
    pages = [o for o in out if o.startswith("<!doctype html>")]
    assert len(pages) == 2 and f'<a href="/games/{gid}">Demo</a>' in pages[0] and "svg" in pages[1]
    again = "".join(run(free_port()))
    assert "Demo game" not in again and f"/games/{gid} " in again, "one demo game, listed the next time"
