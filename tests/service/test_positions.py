"""Games created from position files (issue 23, item 5; docs/positions.md) through the API and the CLI: the
game starts at the position, plays, verifies once resigned (engine.core.verify) and imports; a position
refused is a 400 listing every fault with its path."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import engine
from engine.core import canonical
from engine.core.verify import verify
from service import adjudication
from service import games as G
from tests.service.test_api import assert_error, auth, post_text
from umpire_app.web import create_app
from umpire_cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
MID = json.loads((ROOT / "docs" / "positions" / "palestine-8.0-menachem-begin.json").read_text())
AR_SETUP = json.loads((ROOT / "docs" / "positions" / "arab-revolt-setup.json").read_text())


@pytest.fixture(autouse=True)
def queued(app):
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def create(client, position, game="palestine", **body):
    return client.post("/api/games", json={"game": game, "position": position, **body})


def move(client, sessions, gid, token, text):
    with sessions() as s:
        seq = G.get_game(s, gid).seq
    r = post_text(client, gid, token, text, query=f"?after={seq}")
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.json["id"])
    return client.get(f"/api/submissions/{r.json['id']}").json


def test_a_game_created_from_a_position_starts_there_plays_verifies_and_imports(client, sessions, tmp_path):
    r = create(client, MID)
    assert r.status_code == 201, r.json
    gid, tokens = r.json["id"], r.json["tokens"]
    assert r.json["scenario"] == "example-of-play" and r.json["waiting_for"] == ["british"]
    with sessions() as s:
        game = G.get_game(s, gid)
        assert engine.definition("palestine").position.to_position(game.state) == MID
        assert game.options == {"position": MID}
    out = move(client, sessions, gid, tokens["british"], "box opsa\nop search\nspace tel-aviv-jaffa\n")
    assert out["status"] == "accepted", out
    assert client.post(f"/api/games/{gid}/resign", json={"role": "british"},
                       headers=auth(tokens["umpire"])).status_code == 200
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    assert export["options"]["position"] == MID
    rep = verify(export)
    assert rep.ok, rep.problems
    other = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}", "REDIS_URL": ""})
    try:
        r = other.test_client().post("/api/imports", json=export)
        assert r.status_code == 201, r.json
        assert r.json["status"] == "finished" and r.json["outcome"]["winner"] == "irgun"
        with other.extensions["umpire"]["sessions"]() as s:
            assert canonical.digest(G.get_game(s, gid).state) == export["state_hash"]
    finally:
        other.extensions["umpire"]["engine"].dispose()


def test_a_position_at_the_start_of_a_card_records_the_steps_run_to_reach_the_decision(client, sessions):
    # the first card is drawn when revealed, from a seed nobody knows: the position names it (A1), since two
    # Events (A11, A24) would put another decision first
    position = json.loads(json.dumps(AR_SETUP))
    position["cards"]["top"] = ["A1"]
    r = create(client, position, game="arab-revolt")
    assert r.status_code == 201, r.json
    assert r.json["waiting_for"] == ["rebels"] and "chit" in r.json["prompts"]["rebels"]["actions"]
    log = client.get(f"/api/games/{r.json['id']}/log").json
    setup = next(m for m in log["entries"] if m["seq"] == 0)
    assert "was revealed" in setup["log"][0]["text"] and any("Rebels drew" in e["text"] for e in setup["log"])


def test_a_refused_position_is_a_400_listing_every_fault_with_its_path(client, sessions):
    bad = json.loads(json.dumps(MID))
    bad["spaces"]["galilee"]["cells_u"] = bad["spaces"]["galilee"].get("cells_u", 0) + 8
    bad["available"]["police"] = -2
    bad["tracks"]["haganah"] = 7
    r = create(client, bad)
    e = assert_error(r, 400, "invalid")
    paths = [f["path"] for f in e["faults"]]
    assert {"available.cells", "available.police", "tracks.haganah"} <= set(paths)
    assert all(f["message"] for f in e["faults"]) and "fault" in e["message"]
    with sessions() as s:
        assert G.list_games(s, 10, 0) == [], "nothing is stored"


@pytest.mark.parametrize("position, words", [
    ([1, 2], "Not a valid mapping"),
    ({"format": "umpire-position/1", "game": "palestine"}, "the position is not valid"),
])
def test_a_position_that_is_no_position_is_refused(client, position, words):
    r = create(client, position)
    assert r.status_code in (400, 422) and words in json.dumps(r.json), r.json


def test_the_position_must_be_the_games(client):
    e = assert_error(create(client, AR_SETUP, game="palestine"), 400, "invalid")
    assert any(f["path"] == "game" for f in e["faults"])


# ------------------------------------------------------------------------------------------------ the CLI


def test_cli_new_from_a_position_file_in_the_database(tmp_path):
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}", "REDIS_URL": "",
           "UMPIRE_INSTANCE": str(tmp_path / "instance")}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(MID))
    runner = CliRunner()
    res = runner.invoke(cli, ["new", "palestine", "--position", str(path), "--db"], env=env)
    assert res.exit_code == 0, res.output
    gid = re.search(r"Created (G-[0-9A-F]{6}) \(palestine, example-of-play\)", res.output).group(1)
    app = create_app({"DATABASE_URL": env["DATABASE_URL"], "REDIS_URL": ""})
    try:
        with app.extensions["umpire"]["sessions"]() as s:
            assert engine.definition("palestine").position.to_position(G.get_game(s, gid).state) == MID
    finally:
        app.extensions["umpire"]["engine"].dispose()
    bad = dict(MID, tracks={"political_will": 30, "haganah": 2})
    path.write_text(json.dumps(bad))
    res = runner.invoke(cli, ["new", "palestine", "--position", str(path), "--db"], env=env)
    assert res.exit_code == 2 and "tracks.political_will: 30 is off the track" in res.output
