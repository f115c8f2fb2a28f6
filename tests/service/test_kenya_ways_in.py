"""Kenya played every way in (issue 28; GAME-STANDARD.md "playable through every way in"): created and played
through the API by a move file, its board on the game page, its snapshot and report documents with its facts,
mail's HELP with its orders, and a local game file through the command line. The Example of Play's deck, so
the first card and who acts first do not depend on the game's seed (8.0 L2597-2599: 'One-Mile Strip', K19;
the Mau Mau 1st Eligible, setup L3162)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

import engine
from mail.compose import help_blocks, text_of
from service import games as G
from service.reports import documents
from tests.service.ways_in import cli_play, cli_show, flat, game_json, send_move

#: The Example of Play's first move file (8.0, L2599-2601): Terror in four Reserve Provinces, then Oath in Nyeri.
TERROR = ["box opsa", "op terror", "space meru", "space embu", "space fort-hall", "space kiambu", "done",
          "sa oath", "space nyeri", "place guerrilla"]


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def test_kenya_is_created_and_played_through_the_api(client, sessions):
    r = client.post("/api/games", json={"game": "kenya", "scenario": "example-of-play"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    assert set(b["tokens"]) == {"maumau", "british", "umpire"} and b["waiting_for"] == ["maumau"]
    gid = b["id"]
    out = send_move(client, sessions, gid, "maumau", b["tokens"]["maumau"], TERROR, 0)
    assert out["status"] == "accepted", out
    g = game_json(client, gid, b["tokens"]["british"])
    v = g["view"]
    assert v["pw"] == 12 and v["resources"] == {"maumau": 4} and v["control"]["nyeri"] == "maumau"
    assert v["spaces"]["nyeri"]["guerrillas_u"] == 2 and v["spaces"]["meru"]["terror"] == 1
    assert not {"deck", "unused", "flow"} & set(v) and g["waiting_for"] == ["british"]
    # an illegal order is refused with its rule and the orders allowed, and changes nothing
    out = send_move(client, sessions, gid, "british", b["tokens"]["british"], ["box limited", "op rally"], g["seq"])
    err = out["verdict"]["error"]
    assert out["status"] == "rejected" and err.get("rule") == "3.1", out
    assert "Rally is a Mau Mau Operation" in err["message"]
    assert game_json(client, gid)["seq"] == g["seq"]


def test_kenya_page_shows_its_board_and_tracks(client):
    r = client.post("/api/games", json={"game": "kenya", "title": "Emergency"})
    assert r.status_code == 201, r.get_data(as_text=True)
    page = client.get(f"/games/{r.get_json()['id']}").get_data(as_text=True)
    for space in ("nairobi", "kiambu", "aberdares", "mount-kenya", "rift-valley", "thika"):
        assert f'data-space="{space}"' in page, space
    assert 'data-track="pw"' in page and 'data-track="pipeline"' in page and "Schematic map" in page


def test_kenya_snapshot_and_report_print_its_facts(sessions):
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "kenya", "standard", {}, None, "Emergency")
        gid = game.id
    with sessions() as s:
        game = G.get_game(s, gid)
        for html in (documents.snapshot_html(s, game, "british"), documents.report_html(s, game)):
            text = flat(html)
            assert "British Nairobi, Rift Valley, Nanyuki, Thompson's Falls, Thika; Mau Mau Kiambu" in text
            assert "Emergency Powers (1): Relocate 0, Reprisal 1" in text and "Mau Mau Resources" in text
        assert "Waiting for the Mau Mau" in unescape(re.sub(r"<[^>]+>", "", documents.snapshot_html(s, game, "british")))


def test_kenya_mail_help_gives_its_orders():
    text = text_of(help_blocks("G-1", "kenya", "umpire@example.org", None, {}))
    for order in engine.definition("kenya").orders:  # the grammar as docs/orders.md gives it
        assert order.form in text, order.form
    assert "pipeline up|down" in text and "How to play game G-1 (kenya) by mail" in text


def test_kenya_through_the_command_line_with_a_local_file(tmp_path):
    path = tmp_path / "kenya.json"
    cli_play(path, "kenya", [("maumau", TERROR)])
    shown = cli_show(path, "british")
    assert shown.exit_code == 0 and "Political Will: 12" in shown.output and "Mau Mau Resources: 4" in shown.output
    assert "Key: " in shown.output and "British to act" in shown.output
    state = json.loads(path.read_text())
    assert state["state"]["resources"]["maumau"] == 4 if "state" in state else True
