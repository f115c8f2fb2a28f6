"""``adjudication.store`` on PostgreSQL (in autocommit, ``adjudication.storing``) stores what
``adjudication.idempotency_key`` says: the same submission once, whichever way in stored it first, and the
refusals in their order, with nothing stored when it refuses. Every test runs on both of its ways there:
the one statement a seat's token takes (``movepath.store``) and the SQLAlchemy Core statements."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from service import adjudication, control, movepath
from service import games as G
from service.errors import BadToken, Forbidden, NotFound, ServiceError, Unauthorized
from service.models import Submission
from umpire_app.web import create_app


@pytest.fixture(scope="module")
def pg(pg_url):
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    yield app.extensions["umpire"]["sessions"]
    app.extensions["umpire"]["engine"].dispose()


@pytest.fixture(autouse=True, params=["one statement", "core"])
def way(request, monkeypatch):
    """The store's way on PostgreSQL: its one statement, or the Core statements every other store takes."""
    if request.param == "core":
        monkeypatch.setattr(movepath, "is_postgresql", lambda session: False)
    calls, real = [], movepath.store
    monkeypatch.setattr(movepath, "store", lambda *a, **k: calls.append(a) or real(*a, **k))
    return request.param, calls


@pytest.fixture
def game(pg):
    with pg() as s, s.begin():
        g, tokens = G.create_game(s, "palestine", "standard", {}, None, "store")
        return g.id, tokens


def _stored(sessions, gid):
    with sessions() as s:
        return s.execute(select(Submission.id, Submission.role, Submission.idempotency_key, Submission.raw)
                         .where(Submission.game_id == gid)).all()


def _move(after=0, **extra) -> str:
    return json.dumps({"format": "umpire-move/1", "role": "irgun", "after": after, "actions": ["box opsa"], **extra})


CASES = [
    ("json with after", _move(0), "application/json", None, 0),
    ("json, a later after", _move(7), "application/json", None, 7),
    ("json with a byte-order mark and no after", "\ufeff" + json.dumps({"actions": ["box opsa"]}),
     "application/json", None, None),
    ("json with an after of 25 digits", _move(10 ** 24), "application/json", None, 10 ** 24),
    ("json whose after is true (not a position)", _move(True), "application/json", None, None),
    ("text, non-ASCII and CRLF", "box opsa\r\n# \u00e9t\u00e9 \u2014 \u05e9\u05dc\u05d5\u05dd \U0001f3b2\r\n",
     "text/plain", None, None),
    ("an Idempotency-Key", "box opsa\n", "text/plain", "client-key \u00e9", None),
    ("an empty Idempotency-Key", "box opsa\n", "text/plain", "", None),
    ("not JSON though it says so", "{not json", "application/json", None, None),
    ("text stating its position", "# my move\nafter 3\nbox opsa\n", "text/plain", None, 3),
    ("text whose after line is not first", "box opsa\nafter 3\n", "text/plain", None, None),
]


@pytest.mark.parametrize("what,raw,ctype,key,after", CASES, ids=[c[0] for c in CASES])
def test_store_stores_the_key_idempotency_key_computes(pg, game, way, what, raw, ctype, key, after):
    gid, tokens = game
    out, new = adjudication.store(pg, gid, raw, ctype, key, token=tokens["irgun"])
    assert new and out["status"] == "queued" and out["role"] == "irgun" and out["game"] == gid
    [(sid, role, stored_key, stored_raw)] = _stored(pg, gid)
    assert (sid, role, stored_raw) == (out["id"], "irgun", raw)
    assert stored_key == adjudication.idempotency_key("irgun", after, 0, raw, ctype, key)  # the game is at 0
    assert stored_key.startswith(adjudication.FREE) == (after is None and key is None)
    again, new_again = adjudication.store(pg, gid, raw, ctype, key, token=tokens["irgun"])
    assert (again["id"], new_again) == (out["id"], False)
    assert len(_stored(pg, gid)) == 1
    name, calls = way
    assert len(calls) == (2 if name == "one statement" else 0)  # the way under test is the way taken


def test_the_same_body_from_the_other_seat_is_another_submission(pg, game):
    gid, tokens = game
    a, _ = adjudication.store(pg, gid, "box opsa\n", "text/plain", token=tokens["irgun"])
    b, new = adjudication.store(pg, gid, "box opsa\n", "text/plain", token=tokens["british"])
    assert new and a["id"] != b["id"] and b["role"] == "british"


def test_a_copy_stored_for_an_authenticated_role_is_found_by_its_token(pg, game):
    """Mail stores in its own transaction for a role it authenticated; the API's request with the seat's
    token finds that submission."""
    gid, tokens = game
    with pg() as s, s.begin():
        sid = adjudication.store(s, gid, _move(0), "application/json", role="irgun")[0]["id"]
    out, new = adjudication.store(pg, gid, _move(0), "application/json", token=tokens["irgun"])
    assert (out["id"], new) == (sid, False)


@pytest.mark.parametrize("token,error", [(None, Unauthorized), ("umpire", Forbidden), ("wrong", BadToken)])
def test_a_token_that_speaks_for_no_seat_is_refused_and_nothing_stored(pg, game, token, error):
    gid, tokens = game
    tok = tokens.get(token, token) if token else None
    with pytest.raises(error):
        adjudication.store(pg, gid, "box opsa\n", "text/plain", token=tok)
    assert _stored(pg, gid) == []


def test_no_such_game_is_404(pg, game):
    _gid, tokens = game
    with pytest.raises(NotFound):
        adjudication.store(pg, "G-NOSUCH", "box opsa\n", "text/plain", token=tokens["irgun"])


@pytest.mark.parametrize("stop, code", [(lambda s, g: control.pause(s, g, "lunch"), "paused"),
                                        (lambda s, g: control.abandon(s, g, "venue closed"), "game-over"),
                                        (lambda s, g: setattr(g, "revealed", True), "seed-revealed")],
                         ids=["paused", "abandoned", "a seed revealed and not re-keyed"])
def test_a_paused_or_ended_game_refuses_the_move_and_stores_nothing(pg, game, stop, code):
    gid, tokens = game
    with pg() as s, s.begin():
        stop(s, G.get_game(s, gid))
    with pytest.raises(ServiceError) as e:
        adjudication.store(pg, gid, "box opsa\n", "text/plain", token=tokens["irgun"])
    assert e.value.code == code
    assert _stored(pg, gid) == []


def test_a_key_over_128_characters_is_refused(pg, game):
    gid, tokens = game
    with pytest.raises(ServiceError, match="at most 128"):
        adjudication.store(pg, gid, "box opsa\n", "text/plain", "k" * 129, token=tokens["irgun"])
    with pg() as s:
        assert s.scalar(select(func.count()).select_from(Submission).where(Submission.game_id == gid)) == 0
