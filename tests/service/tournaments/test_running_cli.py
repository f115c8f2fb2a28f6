"""``umpire tournament new | players | withdraw | confirm | pair | rule | close | show`` (issue 33, items 1, 2
and 6), through click's CliRunner on the test app's database: the command line holds the instance, so it
needs no director's token, and its acts are logged as the director's from the command line. No relay is
configured for the command's app, so ``pair`` prints the seat tokens it could not mail; the test moves with
one through the API."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from service import adjudication
from service import games as G
from service.tournaments import running
from service.tournaments.models import Tournament
from tests.service.test_api import FIRST, auth
from umpire_cli.main import cli


@pytest.fixture
def run(database_url, app):  # app: the database migrated, read by the test
    runner = CliRunner()
    env = {"DATABASE_URL": database_url, "REDIS_URL": ""}

    def invoke(*args, code=0, input=None):
        res = runner.invoke(cli, ["tournament", *args], input=input, env=env)
        assert res.exit_code == code, res.output
        assert "Traceback" not in res.output
        return res.output
    return invoke


def new(run, tmp_path, text: str, *extra) -> tuple[str, str]:
    f = tmp_path / "players.csv"
    f.write_text(text)
    out = run("new", "--game", "palestine", "--name", "Club Night", "--players", str(f), *extra)
    tid = re.search(r"Created tournament (T-[0-9A-F]{6}) ", out).group(1)
    token = re.search(r"shown only now\): (\S+)", out).group(1)
    return tid, token


def test_a_tournament_run_from_the_command_line(run, tmp_path, client, sessions):
    tid, token = new(run, tmp_path, "name,email\nAnn,ann@example.org\nBob,\nCy,cy@example.org\n",
                     "--deadline-hours", "24", "--points", '{"win": 2, "draw": 1}')
    with sessions() as s:
        t = running.describe(s, tid)
    assert [p["name"] for p in t["players"]] == ["Ann", "Bob", "Cy"] and t["points"]["win"] == 2.0
    out = run("pair", tid, code=1)
    assert "not every player has confirmed their address: Ann, Bob, Cy" in out
    for name in ("Ann", "Bob", "Cy"):
        assert f"{name} is confirmed in tournament {tid}." in run("confirm", tid, name)
    assert "Ann was confirmed already." in run("confirm", tid, "Ann")
    out = run("players", tid)
    assert "  1. Ann (confirmed)" in out and "  3. Cy (confirmed)" in out
    out = run("pair", tid, "--site", "https://club.example/")
    assert "Round 1 (swiss, standard):" in out and "bye: Cy" in out
    tokens = dict(re.findall(r"(?m)^  (G-[0-9A-F]{6} \S+)\s+\S+: (\S+)$", out))
    assert len(tokens) == 2  # mail is off here: both seat tokens printed, once
    (gid_role, tok) = next((k, v) for k, v in tokens.items() if k.endswith("irgun"))
    gid = gid_role.split()[0]
    r = client.post(f"/api/games/{gid}/moves", data=FIRST.encode(), content_type="text/plain", headers=auth(tok))
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.get_json()["id"])
    assert client.get(f"/api/submissions/{r.get_json()['id']}").get_json()["status"] == "accepted"
    out = run("rule", tid, gid, "--status", "forfeited", "--outcome", "Ann=loss", "--outcome", "Bob=win",
              "--reason", "Ann left")
    assert f"{gid} ruled forfeited: Ann loss, Bob win (Ann left)." in out
    out = run("show", tid)
    assert "Club Night" in out and f"board 1: {gid}" in out and "ruled Ann loss, Bob win (Ann left)" in out
    assert "director: ruled" in out and "@" not in out
    d = json.loads(run("show", tid, "--json"))
    assert d["rounds"][0]["tables"][0]["status"] == "forfeited"
    ruled = [e for e in d["log"] if e["kind"] == "game-ruled"]
    assert ruled and ruled[0]["by"] == "director"
    with sessions() as s:
        evs = [e for e in G.events(s, G.get_game(s, gid)) if e["kind"] == "tournament-ruling"]
    assert evs[0]["data"]["via"] == "command line"  # the instance holder's act, without a token
    assert "Cy is withdrawn" in run("withdraw", tid, "Cy", "--reason", "ill")
    assert f"Tournament {tid} is closed." in run("close", tid)
    assert "is closed" in run("pair", tid, code=1)
    client_view = client.get(f"/api/tournaments/{tid}").get_json()
    assert client_view["status"] == "finished" and client_view["players"][2]["withdrawn"] is True


def test_new_lists_every_fault_and_makes_nothing(run, tmp_path, sessions):
    f = tmp_path / "players.json"
    f.write_text(json.dumps([{"name": "Ann", "email": "not mail"}, {"name": "ann"}]))
    out = run("new", "--game", "palestine", "--name", "X", "--players", str(f), "--points", '{"win": "a"}', code=1)
    assert "Refused (3 faults):" in out
    assert "  - player 2's name 'ann' is player 1's: names are unique" in out
    assert "  - the points for a win are a number, not 'a'" in out
    out = run("new", "--game", "palestine", "--name", "X", "--options", "{nope", code=2)
    assert "--options is not JSON" in out
    with sessions() as s:
        assert s.scalar(select(func.count()).select_from(Tournament)) == 0


def test_players_add_late_and_a_manual_pairing_from_a_file(run, tmp_path, sessions):
    tid, _ = new(run, tmp_path, "Ann,ann@example.org\nBob,bob@example.org\n", "--pairing", "manual")
    assert f"Entered Cy in tournament {tid}." in run("players", tid, "--add", "Cy", "--email", "cy@example.org")
    for name in ("Ann", "Bob", "Cy"):
        run("confirm", tid, name)
    f = tmp_path / "round.json"
    f.write_text(json.dumps({"tables": [{"irgun": "Cy", "british": "Ann"}], "byes": ["Bob"]}))
    out = run("pair", tid, "--manual", str(f))
    assert "Round 1 (manual, standard):" in out and "Cy (Irgun) v Ann (British)" in out and "bye: Bob" in out
    f.write_text(json.dumps({"tables": [{"irgun": "Cy", "axis": "Zed"}]}))
    out = run("pair", tid, "--manual", str(f), code=1)
    assert "round 1 is not over" in out
