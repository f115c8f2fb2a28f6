"""Tokens are stored hashed and compared in constant time (issue 9, part 5, item 3).

Stored: after games are made (by the API and the CLI's functions), a seat replaced, moves made over the
API, the page and by mail (a Token: line), every column of every table of the database is searched for
every token ever given out: none appears, raw or in any case. A mailed Token: line is removed from the
stored message once it is read (found by this test: the raw mail kept it).

Compared: the umpire's token with ``secrets.compare_digest`` of its hash; a seat's token is found by its
SHA-256 hash in an indexed, unique column (the database compares hashes, so how long the comparison takes
says nothing about the token: an attacker would have to find SHA-256 preimages to steer it); the page's
form key and the webhook secret with ``compare_digest``. Each spy below proves the compare function is the
one called.
"""

from __future__ import annotations

import secrets

from sqlalchemy import inspect, text

from service import games as G
from service.tokens import hash_token
from tests.mail.conftest import deliver, letter
from tests.service.test_api import FIRST, auth, new_game, post_text
from tests.service.test_game_page import form_key, sit


def _every_value(engine) -> list[tuple[str, str, str]]:
    out = []
    with engine.connect() as c:
        insp = inspect(c)
        for table in insp.get_table_names():
            cols = [col["name"] for col in insp.get_columns(table)]
            for row in c.execute(text(f'SELECT * FROM "{table}"')):
                for col, v in zip(cols, row, strict=True):
                    if v is not None:
                        out.append((table, col, v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)))
    return out


def _leaks(engine, tokens: list[str]) -> list[tuple[str, str, str]]:
    values = _every_value(engine)
    return [(t, c, tok) for tok in tokens for t, c, v in values if tok.lower() in v.lower()]


def test_the_scan_finds_a_planted_token(app, sessions):
    g = None
    with sessions() as s, s.begin():
        g, toks = G.create_game(s, "palestine", title="x")
        g.title = toks["irgun"]
    assert _leaks(app.extensions["umpire"]["engine"], [toks["irgun"]]) == [("games", "title", toks["irgun"])]


def test_no_raw_token_is_stored_in_any_column(mail_app, relay):
    app = mail_app
    app.extensions["umpire"]["enqueue"] = lambda sid: None
    c = app.test_client()
    S = app.extensions["umpire"]["sessions"]
    given: list[str] = []
    a = new_game(c)
    given += a["tokens"].values()
    with S() as s, s.begin():
        _g, toks = G.create_game(s, "arab-revolt", title="second")
    given += toks.values()
    r = c.post(f"/api/games/{a['id']}/replace-seat", json={"role": "british", "player": "Dan"},
               headers=auth(a["tokens"]["umpire"]))
    given.append(r.get_json()["token"])
    assert post_text(c, a["id"], a["tokens"]["irgun"], FIRST).status_code == 202
    sit(c, a["id"], a["tokens"]["irgun"])
    c.post(f"/games/{a['id']}/preview", data={"form_key": form_key(c, a["id"]), "orders": FIRST})
    out = deliver(app, letter(a["id"], f"Token: {a['tokens']['irgun']}\nSTATUS\n"))
    assert out["status"] in ("asked", "answered"), out
    deliver(app, letter(a["id"], f"Token: {r.get_json()['token']}\nbox event\n"))
    assert len(given) == 7 and len(set(given)) == 7
    assert _leaks(app.extensions["umpire"]["engine"], given) == []
    with S() as s:  # and what is stored is the hash
        assert G.whose_token(s, G.get_game(s, a["id"]), a["tokens"]["irgun"]) == "irgun"


def test_the_umpire_token_is_compared_with_compare_digest(client, sessions, monkeypatch):
    g = new_game(client)
    calls, real = [], secrets.compare_digest

    def spy(x, y):
        calls.append((x, y))
        return real(x, y)
    monkeypatch.setattr(G.secrets, "compare_digest", spy)
    assert client.post(f"/api/games/{g['id']}/pause", json={}, headers=auth(g["tokens"]["umpire"])).status_code == 200
    assert post_text(client, g["id"], g["tokens"]["umpire"], FIRST).status_code == 403  # the move path's query
    want = hash_token(g["tokens"]["umpire"])
    assert len(calls) >= 2 and all(x == want for x, _ in calls) and all(len(y) == 64 for _, y in calls)


def test_a_seat_is_found_by_the_hash_of_its_token_in_a_unique_index(app, sessions):
    from service.models import Seat
    col = Seat.__table__.c.token_hash
    assert col.unique and col.type.length == 64
    # the query the service runs compares the stored hash with the hash of what was sent, never the token
    with sessions() as s, s.begin():
        game, toks = G.create_game(s, "palestine")
    stmts = []
    from sqlalchemy import event
    engine = app.extensions["umpire"]["engine"]

    def seen(conn, cursor, statement, params, context, executemany):
        stmts.append(str(params))
    event.listen(engine, "before_cursor_execute", seen)
    try:
        with sessions() as s:
            assert G.whose_token(s, G.get_game(s, game.id), toks["british"]) == "british"
            G.whose_token(s, G.head(s, game.id, toks["irgun"]), toks["irgun"])
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    joined = " ".join(stmts)
    assert hash_token(toks["british"]) in joined and hash_token(toks["irgun"]) in joined
    assert toks["british"] not in joined and toks["irgun"] not in joined


def test_the_pages_form_key_is_compared_with_compare_digest(client, monkeypatch):
    from service.pages import cookies
    g = new_game(client)
    key = form_key(client, g["id"])
    calls, real = [], secrets.compare_digest

    def spy(x, y):
        calls.append((x, y))
        return real(x, y)
    monkeypatch.setattr(cookies.secrets, "compare_digest", spy)
    client.post(f"/games/{g['id']}/seat", data={"form_key": key, "token": g["tokens"]["irgun"]})
    assert calls[0] == (key.encode(), key.encode())  # then the umpire hash check of the seat token
