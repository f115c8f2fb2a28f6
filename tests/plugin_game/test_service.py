"""The tiny game through the service, as any client sees it: the JSON API (create, move, view, log, dice,
export and its verification, a correction), the game page and the PDFs (snapshot and report), to its end in
a win or a draw. No code of the service names the game."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner

from engine.core.verify import verify
from service import adjudication
from umpire_cli.main import cli

pypdf = pytest.importorskip("pypdf", reason="pypdf is a test dependency (pyproject [test])")


@pytest.fixture(autouse=True)
def no_queue(app):
    """No worker: a move is queued into a list, and adjudicated by the test (``move``)."""
    app.extensions["umpire"]["enqueue"] = lambda sid: None


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def create(client, scenario: str = "standard") -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": "tinygame", "scenario": scenario, "title": "Tiny club",
                                        "seats": [{"role": "red", "player": "Ann"}, {"role": "blue", "player": "Bob"}]})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.json["id"], r.json["tokens"]


def move(client, sessions, gid: str, token: str, text: str) -> dict:
    r = client.post(f"/api/games/{gid}/moves", data=text.encode(), content_type="text/plain", headers=auth(token))
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.json["id"])
    return client.get(f"/api/submissions/{r.json['id']}").json


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return " ".join(" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(data)).pages)


def test_the_api_from_creation_to_a_verified_export(client, sessions, tmp_path):
    gid, tokens = create(client)
    v = client.get(f"/api/games/{gid}", headers=auth(tokens["red"])).json
    assert v["prompts"]["red"]["actions"] == {"roll": [], "add": ["1", "2", "3"]} and v["view"]["counter"] == 0
    assert move(client, sessions, gid, tokens["red"], "add 3\n")["status"] == "accepted"
    refused = move(client, sessions, gid, tokens["blue"], "add 4\n")
    assert refused["status"] == "rejected" and refused["verdict"]["error"]["rule"] == "T2"
    while not (v := client.get(f"/api/games/{gid}").json)["outcome"]:
        role = v["waiting_for"][0]
        assert move(client, sessions, gid, tokens[role], "roll\n")["status"] == "accepted"
    log = client.get(f"/api/games/{gid}/log").json["entries"]
    assert log[1]["action"] == "add 3" and any(o["kind"] == "die" for e in log for o in e["outcomes"])
    assert "Red added 3" in client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    dice = client.get(f"/api/games/{gid}/dice").json
    assert dice["seed"], "the seed is revealed at the end"
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    assert export["game"] == "tinygame" and export["outcome"] == v["outcome"]
    rep = verify(export)
    assert rep.ok and not rep.problems, rep.problems
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    res = CliRunner().invoke(cli, ["verify", str(path)])
    assert res.exit_code == 0 and "OK:" in res.output, res.output


def test_a_correction_of_a_protected_key_is_refused(client, sessions):
    gid, tokens = create(client)
    move(client, sessions, gid, tokens["red"], "add 2\n")
    assert client.post(f"/api/games/{gid}/pause", json={}, headers=auth(tokens["umpire"])).status_code == 200
    ok = client.post(f"/api/games/{gid}/correct", json={"correction": "set counter 4 T2: misread"},
                     headers=auth(tokens["umpire"]))
    assert ok.status_code == 200 and "corrected counter from 2 to 4" in ok.json["log"][0]["text"], ok.json
    no = client.post(f"/api/games/{gid}/correct", json={"correction": "set turns 99 T4"},
                     headers=auth(tokens["umpire"]))
    assert no.status_code == 409 and "'turns' cannot be corrected" in no.json["message"], no.json


def test_the_game_page_and_the_pdfs_show_its_facts_and_a_draw(client, sessions):
    gid, tokens = create(client, "short")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Tiny: First to Twenty" in page and "<td>Counter</td><td>0 of 20</td>" in page
    assert 'class="board"' not in page, "a game without a layout has no board"
    key = re.search(r'name="form_key" value="([^"]+)"', page).group(1)
    client.post(f"/games/{gid}/seat", data={"form_key": key, "token": tokens["red"]})
    seated = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Your move." in seated and "<code>add 1</code>" in seated
    snap = pdf_text(client.get(f"/api/games/{gid}/snapshot.pdf", headers=auth(tokens["red"])).data)
    assert "Counter: 0 of 20" in snap and "Turns: 0 of 2" in snap and "red to act" in snap
    move(client, sessions, gid, tokens["red"], "add 3\n")
    move(client, sessions, gid, tokens["blue"], "add 1\n")
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Game over: <b>no winner</b> (a draw: nobody reached 20 in 2 turns (T4))." in page
    snap = pdf_text(client.get(f"/api/games/{gid}/snapshot.pdf").data)
    assert "Counter: 4 of 20" in snap and "Game over: no winner (a draw" in snap
    report = pdf_text(client.get(f"/api/games/{gid}/report.pdf").data)
    assert "Tiny club — game report" in report and "Tiny: First to Twenty (tinygame, scenario short)" in report
    assert "no winner (a draw: nobody reached 20 in 2 turns (T4))" in report
    assert "Counter: 4 of 20; Turns: 2 of 2" in report and "Blue added 1" in report
