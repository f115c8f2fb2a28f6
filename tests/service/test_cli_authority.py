"""The command line's authority (issue 27, point 7): whoever runs ``umpire`` against the service's database
holds the instance, and so acts as the umpire, without a token. Every act it makes for a seat without that
seat's token is logged as the umpire's from the command line; ``umpire replace-seat`` gives a seat (or the
umpire) a new token, printed once, and the old one is refused through the API from then on, while the seat's
mail signing key, sealed per seat and token (service.keys), follows the new token.

The command runs in this process (click's CliRunner) on the same database and server secret as the test's
app, which reads what it did through the API.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from mail import auth as mail_auth
from mail.parse import Refusal
from service import adjudication, keys
from service import games as G
from service.models import Game, GameEvent, Move, Seat, Submission
from service.tokens import hash_token
from tests.service.test_api import assert_error, auth, post_text
from tests.service.test_umpire_tools import FIRST, queued  # noqa: F401 (queued: an autouse fixture)
from umpire_cli.main import cli


@pytest.fixture
def run(database_url):
    """``umpire ARGS`` on the app's database; asserts the exit code, returns the output."""
    runner = CliRunner()
    env = {"DATABASE_URL": database_url, "REDIS_URL": ""}

    def invoke(*args, input=None, code=0):
        res = runner.invoke(cli, list(args), input=input, env=env)
        assert res.exit_code == code, res.output
        assert "Traceback" not in res.output
        return res.output
    return invoke


def new_game(client) -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": "palestine", "seats": [
        {"role": "irgun", "player": "Ann", "email": "ann@example.org"}, {"role": "british", "player": "Bob"}]})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.json["id"], r.json["tokens"]


def events(sessions, gid) -> list[dict]:
    with sessions() as s:
        return G.events(s, G.get_game(s, gid))


def counts(sessions, gid) -> tuple[int, int, int]:
    """The game's position, its submissions and its events: what a refused act must leave as it was."""
    with sessions() as s:
        return (s.get(Game, gid).seq,
                s.scalar(select(func.count()).select_from(Submission).where(Submission.game_id == gid)),
                s.scalar(select(func.count()).select_from(GameEvent).where(GameEvent.game_id == gid)))


def api_move(client, sessions, gid, token, text) -> dict:
    with sessions() as s:
        seq = s.get(Game, gid).seq
    r = post_text(client, gid, token, text, query=f"?after={seq}")
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.json["id"])
    return client.get(f"/api/submissions/{r.json['id']}").json


def test_a_move_entered_for_a_seat_without_its_token_is_logged_as_the_umpires(client, sessions, run):
    gid, tokens = new_game(client)
    out = run("show", "--game", gid)  # a read: the public view with the key, every allowed order; no act logged
    assert "Key: T = Troops, P = Police cubes, Cu = Underground Cells" in out and "  box limited | event | opsa" in out
    out = run("move", "--game", gid, "--as", "irgun", input=FIRST)
    assert "Entered for the irgun seat by the umpire (the command line); the log says so." in out
    assert "Irgun began a Sabotage Operation." in out
    (ev,) = events(sessions, gid)
    assert (ev["kind"], ev["by"], ev["at_seq"], ev["data"]["role"], ev["data"]["via"]) == (
        "move-entered", "umpire", 0, "irgun", "command line")
    with sessions() as s:  # the move's record names the submission the event names
        moved = s.scalars(select(Move.submission_id).where(Move.game_id == gid, Move.seq > 0)).all()
        assert moved == [ev["data"]["submission"]] * 3 and s.get(Game, gid).seq == 3
    line = f"[after 0] umpire (command line): entered a move for the irgun seat (submission {ev['data']['submission']})"
    assert line in run("log", "--game", gid)
    assert line in client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    assert client.get(f"/api/games/{gid}/log").json["events"][0]["data"]["via"] == "command line"

    # the seat's own token: the seat's move, no umpire act; the umpire's token: the umpire's, not "command line"
    out = run("move", "--game", gid, "--as", "irgun", "--token", tokens["irgun"], input="roll\n")
    assert "Entered for" not in out and len(events(sessions, gid)) == 1
    with sessions() as s:
        assert s.get(Game, gid).seq == 4
    role = client.get(f"/api/games/{gid}").json["waiting_for"][0]  # a refused move is an act all the same
    out = run("move", "--game", gid, "--as", role, "--token", tokens["umpire"], input="nonsense\n", code=1)
    assert f"Entered for the {role} seat by the umpire; the log says so." in out and "Rejected" in out
    last = events(sessions, gid)[-1]
    assert (last["kind"], last["by"], last["data"]["role"], "via" in last["data"]) == ("move-entered", "umpire",
                                                                                       role, False)

    # another seat's token, or a token of nothing: refused, saying why, and nothing stored
    before = counts(sessions, gid)
    out = run("move", "--game", gid, "--as", "irgun", "--token", tokens["british"], input="done\n", code=1)
    assert "this token is british's, not irgun's" in out and "(forbidden)" in out
    out = run("move", "--game", gid, "--as", "irgun", "--token", "forged-token", input="done\n", code=1)
    assert "belongs to no seat of this game (unauthorized)" in out
    out = run("move", "--game", gid, "--as", "hagana", input="done\n", code=1)
    assert "'hagana' is not a role of palestine; its roles are irgun, british" in out
    assert counts(sessions, gid) == before


def test_the_umpire_tools_need_no_token_from_the_command_line_and_log_the_act_so(client, sessions, run):
    gid, tokens = new_game(client)
    assert "pause done at position 0; status paused." in run("pause", "--game", gid, "--reason", "tea")
    assert client.get(f"/api/games/{gid}").json["status"] == "paused"
    assert_error(post_text(client, gid, tokens["irgun"], FIRST), 409, "paused")
    run("resume", "--game", gid, "--token", tokens["umpire"])  # with the umpire's token: checked, no "via"
    paused, resumed = events(sessions, gid)
    assert (paused["kind"], paused["by"], paused["data"]["via"]) == ("paused", "umpire", "command line")
    assert (resumed["kind"], resumed["by"], "via" in resumed["data"]) == ("resumed", "umpire", False)
    log = run("log", "--game", gid)
    assert "[after 0] umpire (command line): paused the game (reason: tea)" in log
    assert "[after 0] umpire: resumed the game" in log

    before = counts(sessions, gid)  # a seat's token given to an umpire tool is still refused
    out = run("pause", "--game", gid, "--token", tokens["irgun"], code=1)
    assert "only the umpire token may do this" in out and "(forbidden)" in out
    out = run("resign", "--game", gid, "--role", "hagana", code=1)
    assert "'hagana' is not a seat of game" in out and "its seats are irgun, british" in out
    assert counts(sessions, gid) == before

    out = run("resign", "--game", gid, "--role", "british", "--reason", "no show")
    assert "british resigned; irgun won. Seed revealed:" in out
    ev = events(sessions, gid)[2]
    assert (ev["kind"], ev["by"], ev["data"]["role"], ev["data"]["via"]) == ("resigned", "umpire", "british",
                                                                             "command line")


def test_replace_seat_without_a_token_issues_a_new_one_once_and_the_old_is_refused(client, sessions, run, app):
    gid, tokens = new_game(client)
    out = run("replace-seat", "--game", gid, "--role", "irgun", "--reason", "Ann lost her token")
    new = re.search(r"^  irgun    token: (\S+)$", out, re.M).group(1)
    assert f"{gid}: the irgun seat is now Ann; the old token is revoked." in out
    assert "The token is shown only now; give it to the player." in out and out.count(new) == 1
    assert new not in tokens.values()

    # the old token: 401 through the API, saying so; the new one plays
    body = assert_error(post_text(client, gid, tokens["irgun"], FIRST), 401, "unauthorized")
    assert "belongs to no seat of this game" in body["message"]
    assert_error(client.get(f"/api/games/{gid}/snapshot.pdf", headers=auth(tokens["irgun"])), 401, "unauthorized")
    assert api_move(client, sessions, gid, new, FIRST)["status"] == "accepted"

    # stored only hashed; the seat keeps its player and address; its signing key is sealed for the new token
    with sessions() as s:
        seat = s.scalars(select(Seat).where(Seat.game_id == gid, Seat.role == "irgun")).one()
        assert (seat.token_hash, seat.player, seat.email) == (hash_token(new), "Ann", "ann@example.org")
        assert new not in json.dumps(G.export(s, G.get_game(s, gid)))
        secret = app.config["UMPIRE_SECRET_KEY"]
        assert keys.unseal(secret, gid, "irgun", seat.token_hash, seat.mail_key) == keys.signing_key(new)
        move = {"format": "umpire-move/1", "game": gid, "role": "irgun", "after": 3, "actions": ["done"]}
        game = G.get_game(s, gid)
        assert mail_auth.by_signature(s, game, json.dumps({**move, "auth": mail_auth.sign(move, new)}))[0] == "irgun"
        with pytest.raises(Refusal) as refused:
            mail_auth.by_signature(s, game, json.dumps({**move, "auth": mail_auth.sign(move, tokens["irgun"])}))
        assert refused.value.code == "bad-signature"
    (ev,) = [e for e in events(sessions, gid) if e["kind"] == "seat-replaced"]
    assert (ev["by"], ev["data"]["role"], ev["data"]["player_before"], ev["data"]["player"], ev["data"]["via"]) == (
        "umpire", "irgun", "Ann", "Ann", "command line")
    assert "umpire (command line): gave the irgun seat to Ann (was Ann); the old token is revoked (reason: Ann lost " \
           "her token)" in run("log", "--game", gid)

    # to a new player; a bad address is refused, saying why, and changes nothing
    before = counts(sessions, gid)
    out = run("replace-seat", "--game", gid, "--role", "irgun", "--player", "Dan", "--email", "dan at home", code=1)
    assert "'dan at home' is not a mail address" in out
    out = run("replace-seat", "--game", gid, "--role", "hagana", code=1)
    assert "'hagana' is not a seat of game" in out and "(not-found)" in out
    assert counts(sessions, gid) == before and api_move(client, sessions, gid, new, "roll\n")["status"] == "accepted"
    out = run("replace-seat", "--game", gid, "--role", "british", "--player", "Dan", "--email", "dan@example.org")
    dan = re.search(r"british\s+token: (\S+)", out).group(1)
    with sessions() as s:
        seat = s.scalars(select(Seat).where(Seat.game_id == gid, Seat.role == "british")).one()
        assert (seat.player, seat.email, seat.token_hash) == ("Dan", "dan@example.org", hash_token(dan))


def test_the_umpire_gets_a_new_token_the_same_way(client, sessions, run):
    gid, tokens = new_game(client)
    out = run("replace-seat", "--game", gid, "--role", "umpire")
    new = re.search(r"^  umpire   token: (\S+)$", out, re.M).group(1)
    assert f"{gid}: the umpire has a new token; the old one is revoked." in out and out.count(new) == 1
    assert "give it to the umpire." in out
    body = assert_error(client.post(f"/api/games/{gid}/pause", json={}, headers=auth(tokens["umpire"])), 401,
                        "unauthorized")
    assert "belongs to no seat of this game" in body["message"]
    assert client.post(f"/api/games/{gid}/pause", json={}, headers=auth(new)).status_code == 200
    with sessions() as s:
        assert s.get(Game, gid).umpire_token_hash == hash_token(new)
    replaced = [e for e in events(sessions, gid) if e["kind"] == "seat-replaced"]
    assert [(e["by"], e["data"]["role"], e["data"]["via"]) for e in replaced] == [("umpire", "umpire", "command line")]
    assert "umpire (command line): gave the umpire a new token; the old one is revoked" in run("log", "--game", gid)

    before = counts(sessions, gid)  # the umpire has no player or address here: refused, saying where it is set
    out = run("replace-seat", "--game", gid, "--role", "umpire", "--player", "Zed", code=1)
    assert "umpire mail settings --umpire-email" in out
    out = run("replace-seat", "--game", gid, "--role", "umpire", "--token", tokens["umpire"], code=1)
    assert "(unauthorized)" in out  # the old umpire token, given, is checked and refused
    assert counts(sessions, gid) == before
