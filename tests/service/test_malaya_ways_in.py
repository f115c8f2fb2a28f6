"""Malaya played every way in (issue 26; GAME-STANDARD.md "playable through every way in"): created and
played through the API by a move file, its board on the game page, its snapshot and report documents with
its facts, and mail's HELP with its orders. The Example of Play's deck, so the first card and who acts
first do not depend on the game's seed (8.0: New Directives, M23; the British 1st Eligible, 2.3.1 NOTE)."""

from __future__ import annotations

import re

import pytest

import engine
from engine.core.moves import MOVE_FORMAT
from mail.compose import help_blocks, text_of
from service import adjudication
from service import games as G
from service.reports import documents

#: The Example of Play's first move file (8.0, L1602-1606): Sweep, then Reprisal in Pahang and Perak.
SWEEP = ["box opsa", "op sweep", "space perak", "space pahang", "space johore", "done", "move kuala-lumpur pahang",
         "move kuala-lumpur pahang", "move kuala-lumpur pahang", "move johore pahang", "done", "sa reprisal",
         "space pahang", "move trengganu guerrilla-a", "space perak", "move pahang guerrilla-a"]


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def test_malaya_is_created_and_played_through_the_api(client, sessions):
    r = client.post("/api/games", json={"game": "malaya", "scenario": "example-of-play"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    assert set(b["tokens"]) == {"british", "mcp", "umpire"} and b["waiting_for"] == ["british"]
    gid = b["id"]
    mf = {"format": MOVE_FORMAT, "game": gid, "role": "british", "actions": SWEEP, "after": 0}
    r = client.post(f"/api/games/{gid}/moves", json=mf, headers={"Authorization": f"Bearer {b['tokens']['british']}"})
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.get_json()["id"])
    out = client.get(f"/api/submissions/{r.get_json()['id']}").get_json()
    assert out["status"] == "accepted", out
    g = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {b['tokens']['mcp']}"}).get_json()
    v = g["view"]
    assert v["pw"] == 13 and v["resources"] == {"british": 14, "mcp": 10} and v["control"]["pahang"] == "british"
    assert not {"deck", "unused", "flow"} & set(v) and g["waiting_for"] == ["mcp"]


def test_malaya_page_shows_its_board_and_tracks(client):
    r = client.post("/api/games", json={"game": "malaya", "title": "Emergency"})
    assert r.status_code == 201, r.get_data(as_text=True)
    page = client.get(f"/games/{r.get_json()['id']}").get_data(as_text=True)
    for space in ("thailand", "perak", "kuala-lumpur", "ec-top", "ec-bottom", "johore"):
        assert f'data-space="{space}"' in page, space
    assert 'data-track="pw"' in page and "Schematic map" in page


def test_malaya_snapshot_and_report_print_its_facts(sessions):
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "malaya", "standard", {}, None, "Emergency")
        gid = game.id
    with sessions() as s:
        game = G.get_game(s, gid)
        for html in (documents.snapshot_html(s, game, "mcp"), documents.report_html(s, game)):
            flat = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
            assert "British Perak, Johore, Kuala Lumpur; MCP Kelantan, Trengganu, Pahang" in flat
            assert "Resources" in flat and "Gurney" in flat


def test_malaya_mail_help_gives_its_orders():
    text = text_of(help_blocks("G-1", "malaya", "umpire@example.org", None, {}))
    for order in engine.definition("malaya").orders:  # the grammar as docs/orders.md gives it
        assert order.form in text, order.form
    assert "pacify SPACE" in text and "agitate SPACE" in text and "How to play game G-1 (malaya) by mail" in text
