"""The JSON API (service/api/routes.py) through Flask's test client: every endpoint and its error paths.

No worker runs here: ``enqueue`` is replaced by a list that records the queued ids (so nothing reaches a
broker), and a verdict is produced by calling ``service.adjudication.adjudicate`` directly, as a worker
would. The sweeper is ``service.adjudication.stuck``. The CLI's service operations (umpire_cli/service_ops.py)
are run through click's CliRunner against a SQLite file named by ``DATABASE_URL``.

Useful Palestine facts (the Irgun acts first): ``box opsa`` / ``op sabotage`` / ``space galilee`` are legal
and need no chance; ``roll`` then rolls a die (binding: DESIGN.md section 4); a second ``space galilee`` is
illegal (rule 3.3.3); ``done``, ``done`` ends the Irgun's turn and the British choose a box.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import time
from datetime import timedelta

import jsonschema
import pytest
from click.testing import CliRunner
from sqlalchemy import delete, func, select, update

from engine.coin import deck
from engine.core.moves import MOVE_FORMAT, MOVE_SCHEMA
from service import adjudication
from service import games as G
from service.models import Game, Move, Seat, Snapshot, Submission, now
from service.seeds import open_seed
from umpire_app.web import create_app
from umpire_cli.main import cli

HIDDEN_KEYS = {"deck", "unused", "flow"}
HEX64 = re.compile(r"^[0-9a-f]{64}$")
FIRST = "box opsa\nop sabotage\nspace galilee\n"          # three legal orders, no chance
WITH_DIE = FIRST + "roll\n"                                 # ... and a die (seq 4)
PARTIAL = WITH_DIE + "space galilee\n"                      # ... then an illegal order after the die
ILLEGAL_BEFORE_DIE = FIRST + "space galilee\nroll\n"        # illegal on line 4, before any die


# ---------------------------------------------------------------------------------------------- helpers


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: no broker, no worker; the test sees exactly what was queued."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def auth(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token is not None else {}


def new_game(client, **body) -> dict:
    r = client.post("/api/games", json={"game": "palestine", **body})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()


def move_file(gid: str, actions: list[str], role: str = "irgun", after: int | None = 0, **extra) -> dict:
    mf = {"format": MOVE_FORMAT, "game": gid, "role": role, "actions": actions, **extra}
    if after is not None:
        mf["after"] = after
    return mf


def post_text(client, gid: str, token: str | None, text: str, path: str = "moves", query: str = "", **headers):
    return client.post(f"/api/games/{gid}/{path}{query}", data=text.encode(), content_type="text/plain",
                       headers={**auth(token), **headers})


def adjudicated(client, sessions, sid: str) -> dict:
    """Runs the worker's function on *sid*, then reads the submission back through the API."""
    adjudication.adjudicate(sessions, sid)
    r = client.get(f"/api/submissions/{sid}")
    assert r.status_code == 200, r.get_data(as_text=True)
    return r.get_json()


def submit_and_adjudicate(client, sessions, gid: str, token: str, text: str) -> dict:
    r = post_text(client, gid, token, text)
    assert r.status_code == 202, r.get_data(as_text=True)
    return adjudicated(client, sessions, r.get_json()["id"])


def game_row(sessions, gid: str) -> dict:
    with sessions() as s:
        g = s.get(Game, gid)
        return {"seq": g.seq, "state": g.state, "digest": g.digest, "status": g.status}


def count(sessions, model, gid: str) -> int:
    with sessions() as s:
        return s.scalar(select(func.count()).select_from(model).where(model.game_id == gid))


def move_seqs(sessions, gid: str) -> list[int]:
    with sessions() as s:
        return list(s.scalars(select(Move.seq).where(Move.game_id == gid).order_by(Move.seq)))


def keys_of(obj):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from keys_of(v)
    elif isinstance(obj, list):
        for x in obj:
            yield from keys_of(x)


def values_of(obj):
    yield obj
    if isinstance(obj, dict):
        for v in obj.values():
            yield from values_of(v)
    elif isinstance(obj, list):
        for x in obj:
            yield from values_of(x)


def assert_no_hidden(body, hidden_state: dict, where: str) -> None:
    """No hidden key (deck order, unused cards, flow) and no hidden list anywhere in *body*."""
    leaked = HIDDEN_KEYS & set(keys_of(body))
    assert not leaked, f"{where} leaks hidden information under the key(s) {sorted(leaked)}"
    for name in ("deck", "unused"):
        if name not in hidden_state:  # "unused": games stored before issue 22, attack 5 (engine.coin.deck)
            continue
        secret = hidden_state[name]
        assert not any(v == secret for v in values_of(body)), f"{where} contains the hidden {name} list"


def assert_error(r, status: int, code: str) -> dict:
    body = r.get_json(silent=True)
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:500])
    assert r.mimetype == "application/json", r.mimetype
    assert isinstance(body, dict) and body.get("code") == code, body
    assert isinstance(body.get("message"), str) and body["message"], body
    return body


# ------------------------------------------------------------------------------------------ POST /games


def test_create_game_returns_tokens_commitment_and_the_irgun_prompt(client, sessions):
    r = client.post("/api/games", json={"game": "palestine"})
    assert r.status_code == 201
    b = r.get_json()
    assert set(b["tokens"]) == {"irgun", "british", "umpire"}
    assert all(isinstance(t, str) and len(t) >= 24 for t in b["tokens"].values())
    assert len(set(b["tokens"].values())) == 3, "every seat and the umpire get a different token"
    assert HEX64.match(b["commitment"]), b["commitment"]
    assert b["seq"] == 0 and b["status"] == "active" and b["scenario"] == "standard"
    assert b["waiting_for"] == ["irgun"]
    assert list(b["prompts"]) == ["irgun"]
    p = b["prompts"]["irgun"]
    assert p["role"] == "irgun" and p["rule"] and p["text"]
    assert "box" in p["actions"] and "opsa" in p["actions"]["box"]
    gid = b["id"]
    assert re.match(r"^G-[0-9A-F]{6}$", gid)
    # Tokens are stored hashed, never in clear; the setup is the log's position 0 and a snapshot.
    with sessions() as s:
        game = s.get(Game, gid)
        seats = {x.role: x for x in s.scalars(select(Seat).where(Seat.game_id == gid))}
        assert game.umpire_token_hash == hashlib.sha256(b["tokens"]["umpire"].encode()).hexdigest()
        for role in ("irgun", "british"):
            assert seats[role].token_hash == hashlib.sha256(b["tokens"][role].encode()).hexdigest()
        stored = json.dumps([game.state, game.seed, game.umpire_token_hash,
                             [x.token_hash for x in seats.values()]])
        assert not any(t in stored for t in b["tokens"].values()), "a token is stored in clear"
        seed = open_seed(s, game)  # stored sealed (issue 22, attack 5: tests/security/test_database_copy.py)
        assert seed.hex() not in stored and hashlib.sha256(seed).hexdigest() == b["commitment"]
    assert move_seqs(sessions, gid) == [0]
    assert count(sessions, Snapshot, gid) == 1


def test_create_game_with_named_seats(client, sessions):
    seats = [{"role": "british", "player": "Alan", "email": "alan@example.org", "entropy": "tea"},
             {"role": "irgun", "player": "Menachem", "email": "m@example.org", "entropy": "olive"}]
    b = new_game(client, seats=seats, title="Club game", scenario="standard")
    assert b["title"] == "Club game"
    with sessions() as s:
        rows = {x.role: (x.player, x.email, x.entropy) for x in s.scalars(select(Seat).where(Seat.game_id == b["id"]))}
    assert rows == {"british": ("Alan", "alan@example.org", "tea"), "irgun": ("Menachem", "m@example.org", "olive")}
    ex = client.get(f"/api/games/{b['id']}/export", headers=auth(b["tokens"]["umpire"])).get_json()
    assert {(x["role"], x["player"], x["entropy"]) for x in ex["seats"]} == {("british", "Alan", "tea"),
                                                                               ("irgun", "Menachem", "olive")}


@pytest.mark.parametrize("body, words", [
    ({"game": "chess"}, ["chess", "palestine"]),
    ({"game": "palestine", "scenario": "1066"}, ["1066", "standard"]),
])
def test_create_game_unknown_game_or_scenario(client, body, words):
    e = assert_error(client.post("/api/games", json=body), 422, "invalid")
    for w in words:
        assert w in e["message"], f"the message should name {w!r} (what is wrong and what is allowed): {e}"
    assert client.get("/api/games").get_json() == []


@pytest.mark.parametrize("seats", [
    [{"role": "irgun"}],                                   # a role missing
    [{"role": "irgun"}, {"role": "irgun"}],                # a role twice
    [{"role": "irgun"}, {"role": "british"}, {"role": "british"}],
])
def test_create_game_seats_must_name_each_role_once(client, seats):
    e = assert_error(client.post("/api/games", json={"game": "palestine", "seats": seats}), 400, "invalid")
    assert "irgun" in e["message"] and "british" in e["message"], e
    assert client.get("/api/games").get_json() == []


def test_create_game_unknown_role_is_a_schema_error(client):
    r = client.post("/api/games", json={"game": "palestine", "seats": [{"role": "irgun"}, {"role": "martians"}]})
    e = assert_error(r, 422, "invalid")
    assert "martians" in e["message"] and "british" in e["message"] and "irgun" in e["message"], e
    assert client.get("/api/games").get_json() == []


@pytest.mark.parametrize("body, field", [
    ({"game": 5}, "game"),
    ({"game": "palestine", "options": []}, "options"),
    ({"game": "palestine", "seats": "irgun"}, "seats"),
    ({"game": "palestine", "seats": [{"player": "no role"}, {"role": "british"}]}, "seats"),
    ({"game": "palestine", "seats": [{"role": "irgun", "email": "not-an-email"}, {"role": "british"}]}, "seats"),
    ({"game": "palestine", "seats": [{"role": f"r{i}"} for i in range(9)]}, "seats"),
    ({"game": "palestine", "colour": "red"}, "colour"),
    ({"game": "palestine", "title": "x" * 201}, "title"),
    ({"scenario": "standard"}, "game"),
])
def test_create_game_schema_errors_are_422_with_the_field(client, body, field):
    e = assert_error(client.post("/api/games", json=body), 422, "invalid")
    assert field in e["errors"]["json"], e
    assert client.get("/api/games").get_json() == []


def test_create_game_body_not_json(client):
    e = assert_error(client.post("/api/games", data="{not json", content_type="application/json"), 400, "invalid")
    assert "errors" in e
    assert_error(client.post("/api/games", data="[1, 2]", content_type="application/json"), 422, "invalid")
    # Not declared as JSON at all: 415 saying what to send, and nothing created.
    r = client.post("/api/games", data='{"game": "palestine"}', content_type="text/plain")
    assert r.status_code == 415 and r.get_json()["code"] == "unsupported-media-type", r.get_data(as_text=True)
    assert "application/json" in r.get_json()["message"]
    assert client.get("/api/games").get_json() == []


def test_create_game_huge_body_is_413(client, app):
    limit = app.config["MAX_CONTENT_LENGTH"]
    e = assert_error(client.post("/api/games", json={"game": "palestine", "title": "x" * (limit + 10)}),
                     413, "too-large")
    assert str(limit) in e["message"]
    assert client.get("/api/games").get_json() == []


# ------------------------------------------------------------------------------------------- GET /games


def test_list_games_newest_first_with_limit_and_offset(client):
    made = [new_game(client, title=f"g{i}") for i in range(3)]
    r = client.get("/api/games")
    assert r.status_code == 200
    rows = r.get_json()
    assert [g["id"] for g in rows] == [g["id"] for g in reversed(made)]
    assert all(set(g) >= {"id", "game", "seq", "status", "waiting_for", "commitment"} for g in rows)
    text = r.get_data(as_text=True)
    assert not any(t in text for g in made for t in g["tokens"].values()), "the list shows a token"
    assert "tokens" not in set(keys_of(rows))
    assert [g["id"] for g in client.get("/api/games?limit=2").get_json()] == [made[2]["id"], made[1]["id"]]
    assert [g["id"] for g in client.get("/api/games?limit=2&offset=2").get_json()] == [made[0]["id"]]
    assert [g["id"] for g in client.get("/api/games?limit=1&offset=1").get_json()] == [made[1]["id"]]
    assert client.get("/api/games?offset=3").get_json() == []


@pytest.mark.parametrize("query, field", [("limit=0", "limit"), ("limit=201", "limit"), ("limit=abc", "limit"),
                                          ("offset=-1", "offset"), ("limit=1.5", "limit")])
def test_list_games_bad_query_is_422(client, query, field):
    e = assert_error(client.get(f"/api/games?{query}"), 422, "invalid")
    assert field in e["errors"]["query"], e


# ------------------------------------------------------------------------------------- GET /games/<id>


def test_game_view_public_seats_and_umpire_hide_the_deck(client, sessions):
    b = new_game(client)
    gid, tokens = b["id"], b["tokens"]
    hidden = game_row(sessions, gid)["state"]
    assert deck.size(hidden) and deck.remaining(hidden), "the test needs a deck to look for"
    for who in (None, "irgun", "british", "umpire"):
        r = client.get(f"/api/games/{gid}", headers=auth(tokens[who] if who else None))
        assert r.status_code == 200, r.get_data(as_text=True)
        v = r.get_json()
        assert v["role"] == (who or "public")
        assert v["id"] == gid and v["seq"] == 0 and v["waiting_for"] == ["irgun"]
        assert v["view"]["deck_size"] == deck.size(hidden)
        if who in ("irgun", "british"):
            assert v["view"]["role"] == who
        assert list(v["prompts"]) == ["irgun"] and v["prompts"]["irgun"]["actions"]
        assert_no_hidden(v, hidden, f"GET /api/games/<id> as {who or 'public'}")
        text = r.get_data(as_text=True)
        assert not any(t in text for t in tokens.values()), "a view shows a token"


@pytest.mark.parametrize("token", ["forged-token", "x" * 200])
def test_game_view_with_a_forged_token_is_401(client, token):
    gid = new_game(client)["id"]
    assert_error(client.get(f"/api/games/{gid}", headers=auth(token)), 401, "unauthorized")


def test_game_view_with_another_games_token_is_401(client):
    gid = new_game(client)["id"]
    other = new_game(client)["tokens"]
    for role in ("irgun", "umpire"):
        assert_error(client.get(f"/api/games/{gid}", headers=auth(other[role])), 401, "unauthorized")


def test_game_view_unknown_game_is_404(client):
    e = assert_error(client.get("/api/games/G-000000"), 404, "not-found")
    assert "G-000000" in e["message"]


# ----------------------------------------------------------------------------------------------- log


def test_log_at_creation_shows_the_first_card_drawn_and_no_shuffle(client, sessions):
    """The deck stores no order (issue 22, attack 5; engine.coin.deck): the setup shuffles nothing, and the
    only outcome is the draw of the first card, revealed by it (2.2), which the log shows."""
    gid = new_game(client)["id"]
    r = client.get(f"/api/games/{gid}/log")
    assert r.status_code == 200 and r.mimetype == "application/json"
    body = r.get_json()
    assert body["game"] == gid
    assert [e["seq"] for e in body["entries"]] == [0]
    setup = body["entries"][0]
    assert setup["action"] == "setup" and setup["role"] == "umpire"
    assert not [o for o in setup["outcomes"] if o["kind"] == "shuffle"], "a shuffle at setup"
    state = game_row(sessions, gid)["state"]
    draws = [o for o in setup["outcomes"] if o["kind"] == "draw"]
    assert draws and all(o["label"].startswith("deck:") for o in draws)
    assert draws[-1]["value"] == state["current"]
    assert_no_hidden(body, state, "GET log")
    t = client.get(f"/api/games/{gid}/log?format=text")
    assert t.status_code == 200 and t.mimetype == "text/plain"
    assert t.get_data(as_text=True).startswith("[0] umpire: setup")
    assert state["current"] in t.get_data(as_text=True)


def test_log_after_a_move_shows_the_actions_and_the_die(client, sessions):
    b = new_game(client)
    gid = b["id"]
    v = submit_and_adjudicate(client, sessions, gid, b["tokens"]["irgun"], WITH_DIE)
    assert v["status"] == "accepted", v
    entries = client.get(f"/api/games/{gid}/log").get_json()["entries"]
    assert [(e["seq"], e["role"], e["action"]) for e in entries] == [
        (0, "umpire", "setup"), (1, "irgun", "box opsa"), (2, "irgun", "op sabotage"),
        (3, "irgun", "space galilee"), (4, "irgun", "roll")]
    assert all(e["log"] for e in entries[1:]), "every accepted action has its log lines"
    dice = entries[4]["outcomes"]
    assert len(dice) == 1 and dice[0]["kind"] == "die" and dice[0]["sides"] == 6 and 1 <= dice[0]["value"] <= 6
    assert any(f"rolled {dice[0]['value']}" in line["text"] for line in entries[4]["log"]), entries[4]
    text = client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    assert "[4] irgun: roll" in text
    assert re.search(rf"chance: .+ -> {dice[0]['value']}$", text, re.M), text


def test_log_and_export_show_the_seed_revealed_mid_game_as_key_0(client, sessions):
    b = new_game(client)
    gid = b["id"]
    r = client.post(f"/api/games/{gid}/reveal", headers=auth(b["tokens"]["umpire"]))
    assert r.status_code == 200, r.get_data(as_text=True)
    seed = r.get_json()["seed"]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == b["commitment"]
    setup = client.get(f"/api/games/{gid}/log").get_json()["entries"][0]
    with sessions() as s:
        stored = s.scalars(select(Move.outcomes).where(Move.game_id == gid, Move.seq == 0)).one()
    assert [o.get("value") for o in setup["outcomes"]] == [o["value"] for o in stored]
    ex = client.get(f"/api/games/{gid}/export", headers=auth(b["tokens"]["umpire"])).get_json()
    # revealed mid-game, the seed is key 0's; the game goes on under key 1, not revealed (issue 22, attack 2)
    assert ex["keys"][0]["seed"] == seed and ex["seed"] is None and ex["keys"][1]["seed"] is None


@pytest.mark.parametrize("fmt", ["xml", "JSON", ""])
def test_log_bad_format_is_422(client, fmt):
    gid = new_game(client)["id"]
    e = assert_error(client.get(f"/api/games/{gid}/log?format={fmt}"), 422, "invalid")
    assert "format" in e["errors"]["query"]


@pytest.mark.parametrize("query", ["", "?format=text", "?format=json"])
def test_log_unknown_game_is_404(client, query):
    assert_error(client.get(f"/api/games/G-000000/log{query}"), 404, "not-found")


# -------------------------------------------------------------------------------------------- export


def test_export_for_the_umpire(client, sessions):
    b = new_game(client)
    gid, tokens = b["id"], b["tokens"]
    submit_and_adjudicate(client, sessions, gid, tokens["irgun"], WITH_DIE)
    r = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"]))
    assert r.status_code == 200 and r.mimetype == "application/json"
    ex = r.get_json()
    assert ex["format"] == "umpire-export/1" and ex["id"] == gid and ex["seq"] == 4
    assert ex["commitment"] == b["commitment"]
    assert [m["action"] for m in ex["moves"]] == ["setup", "box opsa", "op sabotage", "space galilee", "roll"]
    assert ex["seed"] is None, "the seed is in the export before the game ends"
    assert "state" not in ex
    with sessions() as s:
        seed = open_seed(s, s.get(Game, gid)).hex()
    text = r.get_data(as_text=True)
    assert seed not in text
    assert not any(t in text for t in tokens.values()), "the export shows a token"
    assert_no_hidden(ex, game_row(sessions, gid)["state"], "the export")


@pytest.mark.parametrize("who, status, code", [
    ("irgun", 403, "forbidden"), ("british", 403, "forbidden"),
    (None, 401, "unauthorized"),         # no token: a credential is missing
    ("forged", 401, "unauthorized"), ("other-umpire", 401, "unauthorized"),
])
def test_export_is_for_the_umpire_only(client, who, status, code):
    b = new_game(client)
    token = {"forged": "forged", "other-umpire": new_game(client)["tokens"]["umpire"]}.get(who) \
        or (b["tokens"][who] if who else None)
    e = assert_error(client.get(f"/api/games/{b['id']}/export", headers=auth(token)), status, code)
    assert "moves" not in e and "seed" not in e


def test_export_unknown_game_is_404(client):
    assert_error(client.get("/api/games/G-000000/export", headers=auth("x")), 404, "not-found")


# --------------------------------------------------------------------------------- POST moves: inputs


def test_move_as_json_is_queued_then_accepted(client, sessions, queued):
    b = new_game(client)
    gid = b["id"]
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, ["box opsa", "op sabotage"]),
                    headers=auth(b["tokens"]["irgun"]))
    assert r.status_code == 202, r.get_data(as_text=True)
    sub = r.get_json()
    assert sub["status"] == "queued" and sub["verdict"] is None and sub["role"] == "irgun" and sub["game"] == gid
    assert sub["url"] == f"/api/submissions/{sub['id']}"
    assert queued == [sub["id"]], "only the submission's id is queued, once"
    assert game_row(sessions, gid)["seq"] == 0, "nothing is applied before a worker adjudicates"
    out = adjudicated(client, sessions, sub["id"])
    assert out["status"] == "accepted"
    v = out["verdict"]
    assert v["status"] == "accepted" and v["applied"] == ["box opsa", "op sabotage"] and v["error"] is None
    assert v["seq"] == 2 and [line["rule"] for line in v["log"]] == ["2.3.2", "3.0"]
    assert list(v["prompts"]) == ["irgun"] and "space" in v["prompts"]["irgun"]["actions"]
    assert game_row(sessions, gid)["seq"] == 2
    assert move_seqs(sessions, gid) == [0, 1, 2]
    g = client.get(f"/api/games/{gid}").get_json()
    assert g["seq"] == 2 and g["prompts"] == v["prompts"]


def test_move_as_text(client, sessions):
    b = new_game(client)
    r = post_text(client, b["id"], b["tokens"]["irgun"], "# my move\nbox opsa\n\n  op sabotage  \n")
    assert r.status_code == 202
    out = adjudicated(client, sessions, r.get_json()["id"])
    assert out["verdict"]["applied"] == ["box opsa", "op sabotage"] and out["verdict"]["seq"] == 2


@pytest.mark.parametrize("filename, content", [
    ("move.json", lambda gid: json.dumps(move_file(gid, ["box opsa", "op sabotage"]))),
    ("orders.txt", lambda gid: "box opsa\r\nop sabotage\r\n"),
    ("orders", lambda gid: json.dumps(move_file(gid, ["box opsa", "op sabotage"]))),  # JSON by content
])
def test_move_as_an_uploaded_file(client, sessions, filename, content):
    b = new_game(client)
    gid = b["id"]
    data = {"file": (io.BytesIO(content(gid).encode()), filename)}
    r = client.post(f"/api/games/{gid}/moves", data=data, content_type="multipart/form-data",
                    headers=auth(b["tokens"]["irgun"]))
    assert r.status_code == 202, r.get_data(as_text=True)
    out = adjudicated(client, sessions, r.get_json()["id"])
    assert out["status"] == "accepted", out
    assert out["verdict"]["applied"] == ["box opsa", "op sabotage"]


@pytest.mark.parametrize("path", ["moves", "check"])
def test_upload_without_the_file_field_is_400(client, sessions, path):
    b = new_game(client)
    r = client.post(f"/api/games/{b['id']}/{path}", data={"move": (io.BytesIO(b"box opsa"), "m.txt")},
                    content_type="multipart/form-data", headers=auth(b["tokens"]["irgun"]))
    e = assert_error(r, 400, "invalid")
    assert "file" in e["message"]
    assert count(sessions, Submission, b["id"]) == 0


@pytest.mark.parametrize("path", ["moves", "check"])
@pytest.mark.parametrize("ctype", ["application/xml", "application/x-www-form-urlencoded", "image/png", None])
def test_move_unsupported_content_type_is_415(client, sessions, path, ctype):
    b = new_game(client)
    kw = {"content_type": ctype} if ctype else {}
    r = client.post(f"/api/games/{b['id']}/{path}", data=b"box opsa", headers=auth(b["tokens"]["irgun"]), **kw)
    e = assert_error(r, 415, "unsupported-media-type")
    assert "application/json" in e["message"] and "text/plain" in e["message"]
    assert count(sessions, Submission, b["id"]) == 0


@pytest.mark.parametrize("path", ["moves", "check"])
@pytest.mark.parametrize("data, words", [(b"box opsa\n\xff\xfe", "UTF-8"), (b"box\x00opsa", "NUL")])
def test_move_bad_bytes_are_400(client, sessions, path, data, words):
    b = new_game(client)
    r = client.post(f"/api/games/{b['id']}/{path}", data=data, content_type="text/plain",
                    headers=auth(b["tokens"]["irgun"]))
    e = assert_error(r, 400, "invalid")
    assert words in e["message"]
    # the same through an upload
    r = client.post(f"/api/games/{b['id']}/{path}", data={"file": (io.BytesIO(data), "m.txt")},
                    content_type="multipart/form-data", headers=auth(b["tokens"]["irgun"]))
    assert_error(r, 400, "invalid")
    assert count(sessions, Submission, b["id"]) == 0
    assert game_row(sessions, b["id"])["seq"] == 0


@pytest.mark.parametrize("path", ["moves", "check"])
def test_move_too_large_is_413(client, app, sessions, path):
    b = new_game(client)
    big = "box opsa\n" * (app.config["MAX_CONTENT_LENGTH"] // 9 + 10)
    assert_error(post_text(client, b["id"], b["tokens"]["irgun"], big, path=path), 413, "too-large")
    # The upload is built by hand: the test client would spool a body this large to a temporary file.
    boundary = "umpire-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"m.txt\"\r\n"
            f"Content-Type: text/plain\r\n\r\n{big}\r\n--{boundary}--\r\n").encode()
    r = client.post(f"/api/games/{b['id']}/{path}", input_stream=io.BytesIO(body),
                    content_type=f"multipart/form-data; boundary={boundary}",
                    headers={**auth(b["tokens"]["irgun"]), "Content-Length": str(len(body))})
    assert_error(r, 413, "too-large")
    assert count(sessions, Submission, b["id"]) == 0


@pytest.mark.parametrize("path", ["moves", "check"])
@pytest.mark.parametrize("who, status, code", [
    (None, 401, "unauthorized"),
    ("basic", 401, "unauthorized"),
    ("empty", 401, "unauthorized"),
    ("forged", 401, "unauthorized"),
    ("umpire", 403, "forbidden"),
    ("other-game", 401, "unauthorized"),
])
def test_move_auth_errors(client, sessions, queued, path, who, status, code):
    b = new_game(client)
    other = new_game(client)["tokens"]["irgun"]
    headers = {
        None: {}, "basic": {"Authorization": "Basic aXJndW46eA=="}, "empty": {"Authorization": "Bearer "},
        "forged": auth("forged"), "umpire": auth(b["tokens"]["umpire"]), "other-game": auth(other),
    }[who]
    r = client.post(f"/api/games/{b['id']}/{path}", data=b"box opsa", content_type="text/plain", headers=headers)
    assert_error(r, status, code)
    assert count(sessions, Submission, b["id"]) == 0 and queued == []
    assert game_row(sessions, b["id"])["seq"] == 0


@pytest.mark.parametrize("path", ["moves", "check"])
def test_move_unknown_game_is_404(client, path):
    token = new_game(client)["tokens"]["irgun"]
    e = assert_error(post_text(client, "G-000000", token, "box opsa", path=path), 404, "not-found")
    assert "G-000000" in e["message"]


# ------------------------------------------------------------------------------- POST moves: verdicts


def test_rejected_illegal_order_changes_nothing(client, sessions):
    b = new_game(client)
    gid = b["id"]
    before = game_row(sessions, gid)
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["irgun"], ILLEGAL_BEFORE_DIE)
    assert out["status"] == "rejected"
    v = out["verdict"]
    assert v["applied"] == [] and v["log"] == []
    e = v["error"]
    assert e["line"] == 4 and e["order"] == "space galilee" and e["code"] == "illegal"
    assert e["rule"] == "3.3.3" and e["legal"] == {"roll": []} and "not allowed" in e["message"]
    assert game_row(sessions, gid) == before, "a rejected move changed the game (seq, state or dice digest)"
    assert move_seqs(sessions, gid) == [0], "a rejected move added Move rows"
    assert count(sessions, Snapshot, gid) == 1
    # The first order already illegal: the legal choices at that point are listed.
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["irgun"], "op sabotage")
    e = out["verdict"]["error"]
    assert out["status"] == "rejected" and e["line"] == 1 and e["code"] == "illegal" and e["rule"] == "2.3.2"
    assert set(e["legal"]["box"]) == {"limited", "event", "opsa"}
    assert game_row(sessions, gid) == before and move_seqs(sessions, gid) == [0]


def test_rejected_unknown_word_is_invalid(client, sessions):
    b = new_game(client)
    out = submit_and_adjudicate(client, sessions, b["id"], b["tokens"]["irgun"], "box opsa\nfrobnicate galilee")
    e = out["verdict"]["error"]
    assert out["status"] == "rejected" and e["code"] == "invalid" and e["line"] == 2 and "frobnicate" in e["message"]
    assert move_seqs(sessions, b["id"]) == [0]


def test_partial_the_prefix_up_to_the_die_stands(client, sessions):
    b = new_game(client)
    gid = b["id"]
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["irgun"], PARTIAL)
    assert out["status"] == "partial", out
    v = out["verdict"]
    assert v["applied"] == ["box opsa", "op sabotage", "space galilee", "roll"]
    assert v["seq"] == 4
    e = v["error"]
    assert e["line"] == 5 and e["order"] == "space galilee" and e["code"] == "illegal" and e["rule"] == "3.1"
    assert "Galilee is already selected for this Sabotage" in e["message"]  # 3.1: a space only once
    assert isinstance(e["legal"], dict) and e["legal"], e
    assert "space galilee" not in [f"space {a}" for a in e["legal"].get("space", [])]
    row = game_row(sessions, gid)
    assert row["seq"] == 4
    assert move_seqs(sessions, gid) == [0, 1, 2, 3, 4]
    entries = client.get(f"/api/games/{gid}/log").get_json()["entries"]
    die = entries[-1]["outcomes"]
    assert entries[-1]["action"] == "roll" and die and die[0]["kind"] == "die"
    assert any("rolled" in line["text"] for line in v["log"]), "the die is in the verdict's log"
    # The die is binding: resending the same orders is stale now and rolls nothing again.
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, PARTIAL.split("\n")[:5], after=0),
                    headers=auth(b["tokens"]["irgun"]))
    out = adjudicated(client, sessions, r.get_json()["id"])
    assert out["verdict"]["error"]["code"] == "stale" and game_row(sessions, gid) == row


def test_stale_move(client, sessions):
    b = new_game(client)
    gid, tok = b["id"], b["tokens"]["irgun"]
    assert submit_and_adjudicate(client, sessions, gid, tok, "box opsa\nop sabotage")["status"] == "accepted"
    before = game_row(sessions, gid)
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, ["space galilee"], after=0), headers=auth(tok))
    out = adjudicated(client, sessions, r.get_json()["id"])
    assert out["status"] == "rejected"
    e = out["verdict"]["error"]
    assert e["code"] == "stale" and e["seq"] == 2 and "2" in e["message"]
    assert game_row(sessions, gid) == before and move_seqs(sessions, gid) == [0, 1, 2]
    # ...and the same orders written after the right position are accepted
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, ["space galilee"], after=2), headers=auth(tok))
    assert adjudicated(client, sessions, r.get_json()["id"])["verdict"]["seq"] == 3


@pytest.mark.parametrize("raw", [
    "{not json",
    "[\"box opsa\"]",
    json.dumps({"format": "umpire-move/2", "role": "irgun", "actions": ["box opsa"]}),
    json.dumps({"format": MOVE_FORMAT, "role": "irgun", "actions": ["box opsa"], "colour": "red"}),
    json.dumps({"format": MOVE_FORMAT, "role": "irgun", "actions": []}),
    json.dumps({"format": MOVE_FORMAT, "role": "irgun", "actions": "box opsa"}),
    json.dumps({"format": MOVE_FORMAT, "role": "irgun", "actions": ["box opsa", 7]}),
    json.dumps({"format": MOVE_FORMAT, "role": "irgun", "after": -1, "actions": ["box opsa"]}),
    json.dumps({"format": MOVE_FORMAT, "role": "irgun", "after": "0", "actions": ["box opsa"]}),
    json.dumps({"format": MOVE_FORMAT, "actions": ["box opsa"]}),
    json.dumps({"format": MOVE_FORMAT, "role": "irgun", "actions": ["x" * 201]}),
])
def test_malformed_move_file_is_rejected_as_invalid(client, sessions, raw):
    """A JSON move file that does not match its schema is the client's fault: 400 at once, nothing stored."""
    b = new_game(client)
    gid = b["id"]
    r = client.post(f"/api/games/{gid}/moves", data=raw, content_type="application/json",
                    headers=auth(b["tokens"]["irgun"]))
    assert r.status_code == 400, r.get_data(as_text=True)
    e = r.get_json()
    assert e["code"] == "invalid" and e["message"]
    with sessions() as s:
        assert s.query(Submission).filter_by(game_id=gid).count() == 0
    assert game_row(sessions, gid)["seq"] == 0 and move_seqs(sessions, gid) == [0]


@pytest.mark.parametrize("actions, after, code", [(["op sabotage"], 0, "illegal"), (["box opsa"], 3, "stale")])
def test_a_refused_move_with_entropy_stores_no_entropy(client, sessions, actions, after, code):
    """A move file may carry the seat's entropy with its first move. If that move is refused, nothing may
    change: neither the position nor the seat's entropy (else the corrected move is refused as a second
    entropy, and the refused file has already fixed the seat's dice)."""
    b = new_game(client)
    gid, tok = b["id"], b["tokens"]["irgun"]
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, actions, after=after, entropy="first-try"),
                    headers=auth(tok))
    out = adjudicated(client, sessions, r.get_json()["id"])
    assert out["status"] == "rejected" and out["verdict"]["error"]["code"] == code, out
    with sessions() as s:
        stored = s.scalars(select(Seat.entropy).where(Seat.game_id == gid, Seat.role == "irgun")).one()
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, ["box opsa"], entropy="second-try"),
                    headers=auth(tok))
    again = adjudicated(client, sessions, r.get_json()["id"])
    assert stored == "" and again["status"] == "accepted", (
        "BUG service/adjudication.py evaluate: the seat's entropy is written (and flushed, then committed by "
        f"adjudicate) before the orders are checked, so a refused ({code}) move stored entropy {stored!r} and the "
        f"corrected first move was refused: {again['verdict'].get('error')}")


def test_move_file_for_another_role_is_refused(client, sessions):
    b = new_game(client)
    gid = b["id"]
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, ["box opsa"], role="british"),
                    headers=auth(b["tokens"]["irgun"]))
    out = adjudicated(client, sessions, r.get_json()["id"])
    e = out["verdict"]["error"]
    assert out["status"] == "rejected" and out["role"] == "irgun"
    assert e["code"] == "wrong-seat" and "british" in e["message"] and "irgun" in e["message"]  # issue 24
    assert move_seqs(sessions, gid) == [0]


def test_move_file_for_another_game_is_refused(client, sessions):
    b = new_game(client)
    other = new_game(client)["id"]
    r = client.post(f"/api/games/{b['id']}/moves", json=move_file(other, ["box opsa"]),
                    headers=auth(b["tokens"]["irgun"]))
    out = adjudicated(client, sessions, r.get_json()["id"])
    e = out["verdict"]["error"]
    assert out["status"] == "rejected" and e["code"] == "invalid" and other in e["message"] and b["id"] in e["message"]
    assert move_seqs(sessions, b["id"]) == [0] and move_seqs(sessions, other) == [0]


def test_not_your_turn_the_british_cannot_move_first(client, sessions):
    b = new_game(client)
    gid = b["id"]
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["british"], "box limited")
    e = out["verdict"]["error"]
    assert out["status"] == "rejected" and out["role"] == "british"
    assert e["code"] == "not-your-turn" and "irgun" in e["message"]
    assert game_row(sessions, gid)["seq"] == 0 and move_seqs(sessions, gid) == [0]
    # After the Irgun's turn, the British choose a box.
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["irgun"], WITH_DIE + "done\ndone\n")
    assert out["status"] == "accepted" and list(out["verdict"]["prompts"]) == ["british"], out
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["irgun"], "box limited")
    assert out["verdict"]["error"]["code"] == "not-your-turn"
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["british"], "box limited")
    assert out["status"] == "accepted", out


# -------------------------------------------------------------------------------------- idempotency


def test_the_same_body_twice_is_one_submission_applied_once(client, sessions, queued):
    b = new_game(client)
    gid, tok = b["id"], b["tokens"]["irgun"]
    body = json.dumps(move_file(gid, ["box opsa", "op sabotage"]))
    r1 = client.post(f"/api/games/{gid}/moves", data=body, content_type="application/json", headers=auth(tok))
    r2 = client.post(f"/api/games/{gid}/moves", data=body, content_type="application/json", headers=auth(tok))
    assert r1.status_code == 202 and r2.status_code == 200
    assert r1.get_json()["id"] == r2.get_json()["id"]
    assert queued == [r1.get_json()["id"]], "a duplicate is not queued again"
    assert count(sessions, Submission, gid) == 1
    sid = r1.get_json()["id"]
    assert adjudication.adjudicate(sessions, sid) == "accepted"
    assert adjudication.adjudicate(sessions, sid) == "accepted"   # a redelivered task: nothing more
    assert move_seqs(sessions, gid) == [0, 1, 2] and game_row(sessions, gid)["seq"] == 2
    # Sent again after its verdict: never applied a second time.
    r3 = client.post(f"/api/games/{gid}/moves", data=body, content_type="application/json", headers=auth(tok))
    assert r3.status_code in (200, 202)
    adjudication.adjudicate(sessions, r3.get_json()["id"])
    assert move_seqs(sessions, gid) == [0, 1, 2] and game_row(sessions, gid)["seq"] == 2


def test_idempotency_key_header_returns_the_first_submission(client, sessions, queued):
    b = new_game(client)
    gid, tok = b["id"], b["tokens"]["irgun"]
    r1 = post_text(client, gid, tok, "box opsa\nop sabotage", **{"Idempotency-Key": "move-1"})
    r2 = post_text(client, gid, tok, "box event", **{"Idempotency-Key": "move-1"})
    assert r1.status_code == 202 and r2.status_code == 200
    assert r2.get_json()["id"] == r1.get_json()["id"]
    with sessions() as s:
        assert s.get(Submission, r1.get_json()["id"]).raw == "box opsa\nop sabotage"
    assert count(sessions, Submission, gid) == 1 and len(queued) == 1
    out = adjudicated(client, sessions, r1.get_json()["id"])
    assert out["verdict"]["applied"] == ["box opsa", "op sabotage"]
    # After the verdict the key still answers with the first submission and its verdict.
    r3 = post_text(client, gid, tok, "space galilee", **{"Idempotency-Key": "move-1"})
    assert r3.status_code == 200 and r3.get_json()["id"] == r1.get_json()["id"]
    assert r3.get_json()["status"] == "accepted" and game_row(sessions, gid)["seq"] == 2
    # A different key is a different submission.
    r4 = post_text(client, gid, tok, "space galilee", **{"Idempotency-Key": "move-2"})
    assert r4.status_code == 202 and r4.get_json()["id"] != r1.get_json()["id"]


def test_idempotency_key_too_long_is_400(client, sessions):
    b = new_game(client)
    r = post_text(client, b["id"], b["tokens"]["irgun"], "box opsa", **{"Idempotency-Key": "k" * 129})
    e = assert_error(r, 400, "invalid")
    assert "128" in e["message"]
    assert count(sessions, Submission, b["id"]) == 0


def test_idempotency_key_is_scoped_to_the_seat(client, sessions):
    """Two seats whose clients happen to use the same key (say, a per-seat counter "1", "2", ...) send two
    different moves: the second seat must not get the first seat's submission back with its move dropped."""
    b = new_game(client)
    gid = b["id"]
    r1 = post_text(client, gid, b["tokens"]["irgun"], "box opsa", **{"Idempotency-Key": "1"})
    r2 = post_text(client, gid, b["tokens"]["british"], "box limited", **{"Idempotency-Key": "1"})
    assert r1.status_code == 202
    got = r2.get_json()
    assert got["role"] == "british" and got["id"] != r1.get_json()["id"], (
        "BUG service/adjudication.py store: the Idempotency-Key is looked up per game, not per seat, so "
        f"the British POST got the Irgun's submission back ({got['role']}, HTTP {r2.status_code}) and the "
        "British move was silently dropped")


# --------------------------------------------------------------------------------------------- ?wait


def test_wait_with_no_worker_returns_the_submission_still_queued(client, sessions):
    b = new_game(client)
    t0 = time.monotonic()
    r = post_text(client, b["id"], b["tokens"]["irgun"], "box opsa", query="?wait=0.4")
    took = time.monotonic() - t0
    assert r.status_code == 202 and r.get_json()["status"] == "queued"
    assert 0.4 <= took < 10, f"?wait=0.4 took {took:.2f}s"
    sid = r.get_json()["id"]
    t0 = time.monotonic()
    r = client.get(f"/api/submissions/{sid}?wait=0.3")
    took = time.monotonic() - t0
    assert r.status_code == 200 and r.get_json()["status"] == "queued"
    assert 0.3 <= took < 10, f"?wait=0.3 took {took:.2f}s"


def test_wait_returns_at_once_when_the_verdict_is_there(client, sessions):
    b = new_game(client)
    gid, tok = b["id"], b["tokens"]["irgun"]
    body = json.dumps(move_file(gid, ["box opsa"]))
    sid = client.post(f"/api/games/{gid}/moves", data=body, content_type="application/json",
                      headers=auth(tok)).get_json()["id"]
    adjudication.adjudicate(sessions, sid)
    t0 = time.monotonic()
    r = client.get(f"/api/submissions/{sid}?wait=20")
    assert r.status_code == 200 and r.get_json()["status"] == "accepted"
    assert time.monotonic() - t0 < 10, "a finished submission should not wait"


@pytest.mark.parametrize("wait", ["-1", "31", "abc", "1e9", "nan", "inf"])
def test_wait_out_of_range_is_422(client, sessions, queued, wait):
    b = new_game(client)
    e = assert_error(post_text(client, b["id"], b["tokens"]["irgun"], "box opsa", query=f"?wait={wait}"),
                     422, "invalid")
    assert "wait" in e["errors"]["query"]
    assert count(sessions, Submission, b["id"]) == 0 and queued == []
    sid = post_text(client, b["id"], b["tokens"]["irgun"], "box opsa").get_json()["id"]
    assert_error(client.get(f"/api/submissions/{sid}?wait={wait}"), 422, "invalid")


# ------------------------------------------------------------------------------------------ check


def test_check_accepted_commits_nothing(client, sessions, queued):
    b = new_game(client)
    gid = b["id"]
    before = game_row(sessions, gid)
    r = post_text(client, gid, b["tokens"]["irgun"], FIRST, path="check")
    assert r.status_code == 200
    v = r.get_json()
    assert v["status"] == "accepted" and v["preview"] is True and v["error"] is None
    assert v["applied"] == ["box opsa", "op sabotage", "space galilee"] and v["seq"] == 3
    assert "roll" in v["prompts"]["irgun"]["actions"]
    assert game_row(sessions, gid) == before
    assert move_seqs(sessions, gid) == [0] and count(sessions, Submission, gid) == 0 and queued == []


def test_check_stops_before_the_first_die(client, sessions):
    b = new_game(client)
    gid = b["id"]
    before = game_row(sessions, gid)
    r = client.post(f"/api/games/{gid}/check", json=move_file(gid, (WITH_DIE + "done").split("\n")),
                    headers=auth(b["tokens"]["irgun"]))
    assert r.status_code == 200
    v = r.get_json()
    assert v["status"] == "preview-stopped", v
    assert v["applied"] == ["box opsa", "op sabotage", "space galilee"]
    assert v["error"]["line"] == 4 and v["error"]["order"] == "roll" and v["error"]["code"] == "chance"
    assert game_row(sessions, gid) == before, "the preview rolled or changed something"
    assert move_seqs(sessions, gid) == [0] and count(sessions, Submission, gid) == 0
    # The real move then rolls its die, once, at position 4.
    out = submit_and_adjudicate(client, sessions, gid, b["tokens"]["irgun"], WITH_DIE)
    assert out["verdict"]["applied"][:3] == v["applied"] and out["verdict"]["seq"] == 4


def test_check_refuses_an_illegal_order_with_the_legal_choices(client, sessions):
    b = new_game(client)
    r = post_text(client, b["id"], b["tokens"]["irgun"], ILLEGAL_BEFORE_DIE, path="check")
    assert r.status_code == 200
    v = r.get_json()
    assert v["status"] == "rejected" and v["applied"] == []
    e = v["error"]
    assert e["line"] == 4 and e["code"] == "illegal" and e["rule"] == "3.3.3" and e["legal"] == {"roll": []}
    assert "first roll for the Sabotage in Galilee" in e["message"]
    # issue 24, item 6: the lines before the refused one were legal, and the answer says so
    assert [(x["line"], x["action"]) for x in v["fine"]] == [(1, "box opsa"), (2, "op sabotage"), (3, "space galilee")]
    assert count(sessions, Submission, b["id"]) == 0 and move_seqs(sessions, b["id"]) == [0]


def test_check_stale_and_wrong_role(client, sessions):
    b = new_game(client)
    gid, tok = b["id"], b["tokens"]["irgun"]
    submit_and_adjudicate(client, sessions, gid, tok, "box opsa")
    v = client.post(f"/api/games/{gid}/check", json=move_file(gid, ["op sabotage"], after=0), headers=auth(tok)).get_json()
    assert v["status"] == "rejected" and v["error"]["code"] == "stale" and v["error"]["seq"] == 1
    v = client.post(f"/api/games/{gid}/check", json=move_file(gid, ["op sabotage"], after=1), headers=auth(tok)).get_json()
    assert v["status"] == "accepted" and v["seq"] == 2
    v = client.post(f"/api/games/{gid}/check", json=move_file(gid, ["op sabotage"], role="british", after=1),
                    headers=auth(tok)).get_json()
    assert v["status"] == "rejected" and v["error"]["code"] == "wrong-seat"
    v = post_text(client, gid, b["tokens"]["british"], "box limited", path="check").get_json()
    assert v["status"] == "rejected" and v["error"]["code"] == "not-your-turn"
    r = client.post(f"/api/games/{gid}/check", data="{not json", content_type="application/json", headers=auth(tok))
    assert r.status_code == 400 and r.get_json()["code"] == "invalid" and "JSON" in r.get_json()["message"]
    assert game_row(sessions, gid)["seq"] == 1 and count(sessions, Submission, gid) == 1


# ---------------------------------------------------------------------------------- submissions


def test_submission_found_and_unknown(client, sessions):
    b = new_game(client)
    sid = post_text(client, b["id"], b["tokens"]["irgun"], "box opsa").get_json()["id"]
    r = client.get(f"/api/submissions/{sid}")
    assert r.status_code == 200
    s = r.get_json()
    assert s["id"] == sid and s["status"] == "queued" and s["attempts"] == 0 and s["verdict"] is None
    assert s["url"] == f"/api/submissions/{sid}" and s["game"] == b["id"] and s["role"] == "irgun"
    assert "raw" not in s and b["tokens"]["irgun"] not in r.get_data(as_text=True)
    for bad in ("nope", "00000000-0000-0000-0000-000000000000"):
        assert_error(client.get(f"/api/submissions/{bad}"), 404, "not-found")
        t0 = time.monotonic()
        assert_error(client.get(f"/api/submissions/{bad}?wait=5"), 404, "not-found")
        assert time.monotonic() - t0 < 4, "an unknown submission should not be waited for"


# ---------------------------------------------------------------------------------- dice / reveal


def test_dice_record_and_reveal_errors(client):
    b = new_game(client)
    gid, tokens = b["id"], b["tokens"]
    d = client.get(f"/api/games/{gid}/dice")
    assert d.status_code == 200
    assert d.get_json()["commitment"] == b["commitment"] and d.get_json()["seed"] is None
    assert_error(client.get("/api/games/G-000000/dice"), 404, "not-found")
    assert_error(client.post(f"/api/games/{gid}/reveal"), 401, "unauthorized")
    assert_error(client.post(f"/api/games/{gid}/reveal", headers=auth(tokens["irgun"])), 403, "forbidden")
    assert_error(client.post(f"/api/games/{gid}/reveal", headers=auth("forged")), 401, "unauthorized")
    assert_error(client.post("/api/games/G-000000/reveal", headers=auth(tokens["umpire"])), 404, "not-found")
    assert client.get(f"/api/games/{gid}/dice").get_json()["seed"] is None, "a refused reveal revealed"
    r1 = client.post(f"/api/games/{gid}/reveal", headers=auth(tokens["umpire"]))
    r2 = client.post(f"/api/games/{gid}/reveal", headers=auth(tokens["umpire"]))
    # each reveal mid-game reveals the seed in use and gives the game a new one (issue 22, attack 2)
    assert r1.status_code == r2.status_code == 200 and r1.get_json()["seed"] != r2.get_json()["seed"]
    d = client.get(f"/api/games/{gid}/dice").get_json()
    assert [k["seed"] for k in d["keys"]] == [r1.get_json()["seed"], r2.get_json()["seed"], None]
    assert d["seed"] is None and d["commitment"] == r2.get_json()["commitment"]


# ---------------------------------------------------------------------------------- OpenAPI, schema


def test_openapi_document_lists_every_endpoint(client, app):
    r = client.get("/api/openapi.json")
    assert r.status_code == 200
    doc = r.get_json()
    assert doc["openapi"] == "3.1.0"
    assert "bearer" in doc["components"]["securitySchemes"]
    expected = {}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") and rule.rule != "/api/openapi.json":
            path = re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
            expected.setdefault(path, set()).update(m.lower() for m in rule.methods - {"HEAD", "OPTIONS"})
    assert len(expected) >= 8
    for path, methods in expected.items():
        assert path in doc["paths"], f"{path} is missing from the OpenAPI document"
        assert methods <= set(doc["paths"][path]), (path, methods, list(doc["paths"][path]))
    moves = doc["paths"]["/api/games/{gid}/moves"]["post"]
    assert set(moves["requestBody"]["content"]) == {"application/json", "text/plain", "multipart/form-data"}


def test_move_schema_validates_good_and_bad_files(client):
    r = client.get("/api/schema/move.json")
    assert r.status_code == 200
    schema = r.get_json()
    assert schema == json.loads(json.dumps(MOVE_SCHEMA))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    good = {"format": MOVE_FORMAT, "game": "G-7F3A00", "role": "irgun", "after": 41,
            "actions": ["box opsa", "op sabotage"]}
    assert list(validator.iter_errors(good)) == []
    for bad in ({**good, "format": "umpire-move/2"}, {**good, "colour": "red"}, {**good, "after": -1},
                {**good, "actions": "box opsa"}, {**good, "actions": [""]}, {k: good[k] for k in ("format", "role")},
                {**good, "actions": ["x" * 201]}, [good]):
        assert list(validator.iter_errors(bad)), f"the schema accepts a bad move file: {bad}"


def test_a_schema_valid_move_file_is_not_refused_as_malformed(client, sessions):
    """The published schema is what clients check before sending: a file it accepts must not come back
    as a malformed file ("invalid" with no line) from the service."""
    b = new_game(client)
    gid = b["id"]
    validator = jsonschema.Draft202012Validator(client.get("/api/schema/move.json").get_json())
    cases = {"empty actions": move_file(gid, []), "empty role": move_file(gid, ["box opsa"], role=""),
             "blank order": move_file(gid, ["box opsa", "  "])}
    drift = []
    for name, mf in cases.items():
        schema_ok = not list(validator.iter_errors(mf))
        r = client.post(f"/api/games/{gid}/check", json=mf, headers=auth(b["tokens"]["irgun"]))
        parser_refuses = r.status_code == 400 and r.get_json()["code"] == "invalid"
        assert parser_refuses != schema_ok, f"{name}: the schema and the service disagree: {r.get_json()}"
        if schema_ok and parser_refuses:
            drift.append(f"{name}: {r.get_json()['message']}")
    assert not drift, ("BUG engine/core/moves.py MOVE_SCHEMA: the published schema accepts move files that "
                       "parse_move_file refuses as malformed: " + "; ".join(drift))


# ---------------------------------------------------------------------------------- generic errors


@pytest.mark.parametrize("method, path, allowed", [
    ("delete", "/api/games", {"GET", "POST"}),
    ("put", "/api/games/{gid}", {"GET"}),
    ("post", "/api/games/{gid}/log", {"GET"}),
    ("delete", "/api/games/{gid}/export", {"GET"}),
    ("get", "/api/games/{gid}/moves", {"POST"}),
    ("get", "/api/games/{gid}/check", {"POST"}),
    ("post", "/api/submissions/x", {"GET"}),
    ("post", "/api/schema/move.json", {"GET"}),
    ("get", "/api/games/{gid}/reveal", {"POST"}),
])
def test_wrong_method_is_405_with_allow(client, method, path, allowed):
    gid = new_game(client)["id"]
    r = getattr(client, method)(path.format(gid=gid))
    assert_error(r, 405, "method-not-allowed")
    allow = {m.strip() for m in r.headers.get("Allow", "").split(",") if m.strip()}
    assert allowed <= allow, f"Allow header {r.headers.get('Allow')!r} should list {allowed}"


@pytest.mark.parametrize("path", ["/api/nothing", "/api/games/G-1/nothing", "/nothing", "/api/submissions/"])
def test_unknown_url_is_404_json(client, path):
    assert_error(client.get(path), 404, "not-found")


# ---------------------------------------------------------------------------------------- sweeper


def _age(sessions, sid: str, seconds: float) -> None:
    with sessions() as s, s.begin():
        s.execute(update(Submission).where(Submission.id == sid).values(updated_at=now() - timedelta(seconds=seconds)))


def test_sweeper_requeues_stuck_submissions_then_gives_up(client, sessions, app):
    b = new_game(client)
    gid = b["id"]
    sweep, max_attempts = app.config["SWEEP_SECONDS"], app.config["MAX_ATTEMPTS"]
    sid = post_text(client, gid, b["tokens"]["irgun"], "box opsa").get_json()["id"]
    done = post_text(client, gid, b["tokens"]["irgun"], "box event", **{"Idempotency-Key": "other"}).get_json()["id"]
    adjudication.adjudicate(sessions, done)   # adjudicates the older queued one first, then this one
    sid2 = post_text(client, gid, b["tokens"]["irgun"], "op sabotage").get_json()["id"]
    assert adjudication.stuck(sessions, sweep, max_attempts) == [], "a fresh submission is not stuck yet"
    for n in range(1, max_attempts + 1):
        _age(sessions, sid2, sweep + 5)
        _age(sessions, done, sweep + 5)
        assert adjudication.stuck(sessions, sweep, max_attempts) == [sid2], f"sweep {n}"
        assert adjudication.stuck(sessions, sweep, max_attempts) == [], "re-queued twice in one period"
        with sessions() as s:
            sub = s.get(Submission, sid2)
            assert sub.attempts == n and sub.status == "queued"
    _age(sessions, sid2, sweep + 5)
    assert adjudication.stuck(sessions, sweep, max_attempts) == [], "past MAX_ATTEMPTS it is not queued again"
    out = client.get(f"/api/submissions/{sid2}").get_json()
    assert out["status"] == "failed" and out["attempts"] == max_attempts + 1
    assert out["verdict"]["status"] == "rejected" and str(max_attempts) in out["verdict"]["error"]["message"]
    before = game_row(sessions, gid)
    assert adjudication.adjudicate(sessions, sid2) == "failed"
    assert game_row(sessions, gid) == before
    _age(sessions, sid2, sweep + 5)
    assert adjudication.stuck(sessions, sweep, max_attempts) == []
    assert client.get(f"/api/submissions/{sid}").get_json()["status"] in adjudication.DONE


def test_sweep_once_queues_the_stuck_ids(client, sessions, app, queued):
    from service.embedded import sweep_once
    b = new_game(client)
    sid = post_text(client, b["id"], b["tokens"]["irgun"], "box opsa").get_json()["id"]
    assert queued == [sid]
    _age(sessions, sid, app.config["SWEEP_SECONDS"] + 5)
    assert sweep_once(app) == 1 and queued == [sid, sid]
    assert sweep_once(app) == 0


# -------------------------------------------------------------------------------------- snapshots


@pytest.fixture
def snap_app(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'snap.sqlite3'}", "REDIS_URL": "",
                      "SNAPSHOT_EVERY": 2})
    app.extensions["umpire"]["enqueue"] = lambda sid: None
    return app


def _run_task(app, sid: str) -> str:
    """Runs the Celery task in this process (no worker): it reads SNAPSHOT_EVERY from the app's config."""
    res = app.extensions["celery"].tasks["tasks.adjudicate"].apply(args=[sid])
    assert res.successful(), res.traceback
    return res.result


def _snapshots(S, gid: str) -> dict[int, dict]:
    with S() as s:
        return {x.seq: x.state for x in s.scalars(select(Snapshot).where(Snapshot.game_id == gid))}


def test_snapshots_every_n_and_adjudication_never_replays_the_log(snap_app):
    c, S = snap_app.test_client(), snap_app.extensions["umpire"]["sessions"]
    b = new_game(c)
    gid, tok = b["id"], b["tokens"]["irgun"]
    for text, seq in (("box opsa\nop sabotage", 2), ("space galilee\nroll", 4)):
        sid = post_text(c, gid, tok, text).get_json()["id"]
        assert _run_task(snap_app, sid) == "accepted"
        assert game_row(S, gid)["seq"] == seq
        snaps = _snapshots(S, gid)
        assert seq in snaps and snaps[seq] == game_row(S, gid)["state"] and snaps[seq]["seq"] == seq
    assert sorted(_snapshots(S, gid)) == [0, 2, 4]

    # What the next move should give, computed now from the game row...
    nxt = "space gaza\nroll\ndone"
    with S() as s:
        game = G.get_game(s, gid)
        expected, result, _ = adjudication.evaluate(s, game, "irgun", nxt, "text/plain")
        expected_state = result.state
        s.rollback()
    assert expected["status"] == "accepted", expected
    # ...then the log of every earlier position and every snapshot is deleted: nothing is left to replay.
    with S() as s, s.begin():
        s.execute(delete(Move).where(Move.game_id == gid))
        s.execute(delete(Snapshot).where(Snapshot.game_id == gid))
    sid = post_text(c, gid, tok, nxt).get_json()["id"]
    assert _run_task(snap_app, sid) == "accepted"
    out = c.get(f"/api/submissions/{sid}").get_json()["verdict"]
    for k in ("status", "applied", "log", "seq", "prompts", "error"):
        assert out[k] == expected[k], f"verdict {k} differs without the earlier log: {out[k]!r} != {expected[k]!r}"
    row = game_row(S, gid)
    assert row["state"] == expected_state and row["seq"] == 7
    assert move_seqs(S, gid) == [5, 6, 7]


def test_a_move_crossing_a_snapshot_boundary_leaves_a_snapshot(snap_app):
    """SNAPSHOT_EVERY=N promises a snapshot every N positions. A move file that goes from position 0 to 3
    passes position 2, so some snapshot after position 0 must exist."""
    c, S = snap_app.test_client(), snap_app.extensions["umpire"]["sessions"]
    b = new_game(c)
    gid = b["id"]
    sid = post_text(c, gid, b["tokens"]["irgun"], FIRST).get_json()["id"]
    assert _run_task(snap_app, sid) == "accepted" and game_row(S, gid)["seq"] == 3
    sid = post_text(c, gid, b["tokens"]["irgun"], "roll\nspace gaza").get_json()["id"]
    assert _run_task(snap_app, sid) == "accepted" and game_row(S, gid)["seq"] == 5
    snaps = sorted(_snapshots(S, gid))
    assert any(0 < q <= 5 for q in snaps), (
        f"BUG service/adjudication.py _commit_result: with SNAPSHOT_EVERY=2 the game went 0 -> 3 -> 5 and the "
        f"only snapshots are at {snaps}: a snapshot is written only when a file's last action lands exactly on "
        "a multiple of N, so files of odd length skip them for ever")


# -------------------------------------------------------------------------------------------- CLI


def test_cli_against_the_service_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    env = {"DATABASE_URL": url, "REDIS_URL": "", "UMPIRE_INSTANCE": str(tmp_path / "instance")}
    runner = CliRunner()

    res = runner.invoke(cli, ["new", "palestine", "--db", "--title", "CLI game"], env=env)
    assert res.exit_code == 0, res.output
    m = re.search(r"Created (G-[0-9A-F]{6}) \(palestine, standard\)\. Dice commitment: ([0-9a-f]{64})", res.output)
    assert m, res.output
    gid, commitment = m.groups()
    tokens = dict(re.findall(r"^\s+(\w+)\s+token: (\S+)$", res.output, re.M))
    assert set(tokens) == {"irgun", "british", "umpire"}

    res = runner.invoke(cli, ["move", "--game", gid, "--as", "irgun"], input=WITH_DIE, env=env)
    assert res.exit_code == 0, res.output
    assert "Irgun chose the Operation + Special Activity box." in res.output
    rolled = re.search(r"Irgun rolled (\d)", res.output)
    assert rolled, res.output
    assert "Irgun to act" in res.output

    res = runner.invoke(cli, ["move", "--game", gid, "--as", "irgun"], input="box event\n", env=env)
    assert res.exit_code == 1
    assert "Rejected: line 1 'box event'" in res.output and "rule 3.3.3" in res.output

    res = runner.invoke(cli, ["show", "--game", gid], env=env)
    assert res.exit_code == 0, res.output
    assert f"{gid} The British Way: Palestine 1945-1947 (palestine, standard), position 4" in res.output
    assert "Irgun to act" in res.output
    res = runner.invoke(cli, ["show", "--game", gid, "--as", "irgun", "--json"], env=env)
    assert res.exit_code == 0, res.output
    v = json.loads(res.output)
    assert v["role"] == "irgun" and v["seq"] == 4 and v["commitment"] == commitment
    assert not HIDDEN_KEYS & set(keys_of(v))

    res = runner.invoke(cli, ["log", "--game", gid], env=env)
    assert res.exit_code == 0, res.output
    # The setup's one outcome is the draw of the first card, public as it reveals it (engine.coin.deck).
    assert res.output.splitlines()[0] == "[0] umpire: setup"
    assert re.fullmatch(r" +chance: deck: .+ -> P\d+", res.output.splitlines()[1])
    assert res.output.splitlines()[2] == "[1] irgun: box opsa"
    assert "[4] irgun: roll" in res.output and f"-> {rolled.group(1)}" in res.output

    # The same game through the API of an app on the same database.
    app = create_app({"DATABASE_URL": url, "REDIS_URL": ""})
    c = app.test_client()
    g = c.get(f"/api/games/{gid}", headers=auth(tokens["irgun"])).get_json()
    assert g["seq"] == 4 and g["title"] == "CLI game" and g["role"] == "irgun"
    S = app.extensions["umpire"]["sessions"]
    with S() as s:
        subs = s.scalars(select(Submission).where(Submission.game_id == gid).order_by(Submission.created_at)).all()
        assert [(x.role, x.status) for x in subs] == [("irgun", "accepted"), ("irgun", "rejected")]


@pytest.mark.parametrize("args, words", [
    (["move", "--game", "G-000000", "--as", "irgun"], "no game 'G-000000'"),
    (["show", "--game", "G-000000"], "no game 'G-000000'"),
    (["log", "--game", "G-000000"], "no game 'G-000000'"),
    (["move", "--game", "{gid}", "--as", "martians"], "'martians' is not a role of palestine"),
    (["new", "chess", "--db"], "unknown game 'chess'"),
])
def test_cli_service_errors(tmp_path, args, words):
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}", "REDIS_URL": "",
           "UMPIRE_INSTANCE": str(tmp_path / "instance")}
    runner = CliRunner()
    res = runner.invoke(cli, ["new", "palestine", "--db"], env=env)
    gid = re.search(r"Created (G-[0-9A-F]{6})", res.output).group(1)
    res = runner.invoke(cli, [a.format(gid=gid) for a in args], input="box opsa\n", env=env)
    assert res.exit_code == 1, res.output
    assert words in res.output
    assert "Traceback" not in res.output


# ------------------------------------------------------------------------------------------ Arab Revolt


def test_arab_revolt_game_is_created_and_played_through_the_api(client, sessions):
    """Issue 7: the service's game enum takes arab-revolt; the Rebels play their Operations chit (drawn at
    setup, before the box: rule 2.3.4) by a move file; the views hide the deck. The Example of Play's deck,
    so the first card (and so who acts first) does not depend on the game's random seed."""
    r = client.post("/api/games", json={"game": "arab-revolt", "scenario": "example-of-play"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    assert set(b["tokens"]) == {"rebels", "british", "umpire"} and b["waiting_for"] == ["rebels"]
    chit = b["prompts"]["rebels"]["actions"]["chit"][0]
    gid = b["id"]
    r = client.post(f"/api/games/{gid}/moves", json=move_file(gid, [f"chit {chit}", "box opsa"], role="rebels"),
                    headers=auth(b["tokens"]["rebels"]))
    assert r.status_code == 202, r.get_data(as_text=True)
    out = adjudicated(client, sessions, r.get_json()["id"])
    assert out["status"] == "accepted", out
    assert "op" in out["verdict"]["prompts"]["rebels"]["actions"]
    g = client.get(f"/api/games/{gid}", headers=auth(b["tokens"]["british"])).get_json()
    assert g["seq"] == 2 and not HIDDEN_KEYS & set(g["view"]) and g["view"]["ops"]["played"]["value"] == int(chit)


def test_a_move_file_that_is_not_json_says_so_once(client):
    """Issue 24, item 4: 'the move file is malformed: the move file is not valid JSON' said it twice."""
    b = new_game(client)
    r = client.post(f"/api/games/{b['id']}/moves", data="{not json", content_type="application/json",
                    headers=auth(b["tokens"]["irgun"]))
    e = assert_error(r, 400, "invalid")
    assert e["message"].count("move file") == 1 and "not valid JSON" in e["message"] and "line 1" in e["message"]
