"""Pooled PostgreSQL connections the server ended (docs/reliability.md; issue 3's throughput).

``service.db.ping_when_idle`` pings a connection only if it sat idle in the pool for a while, so the move
path under load costs no ping round trip, while the request after a drop still works. A connection used a
moment ago that the server ended fails its statement; the move request's store is then tried once more
on a new connection (``adjudication.store``), and nothing is stored twice.
"""

from __future__ import annotations

import json
import time

import psycopg
import pytest
from sqlalchemy import create_engine, func, select, text
from sqlalchemy.exc import DBAPIError

from service import adjudication
from service import games as G
from service.db import PING_AFTER_IDLE, make_engine, ping_when_idle
from service.models import Submission
from umpire_app.web import create_app

from .conftest import PG_ADMIN_DB, PG_HOST


def _end_connections(dbname: str) -> int:
    """Ends every connection to *dbname* but the caller's (as a restart or pg_terminate_backend would)."""
    with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True) as c:
        rows = c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE datname = %s AND pid <> pg_backend_pid()", (dbname,)).fetchall()
    return sum(1 for (ok,) in rows if ok)


def _backend_pid(eng) -> int:
    with eng.connect() as c:
        return c.execute(text("SELECT pg_backend_pid()")).scalar_one()


@pytest.fixture
def pg(pg_url):
    return pg_url, pg_url.rsplit("/", 1)[1]


def test_a_connection_idle_past_the_limit_is_pinged_and_replaced_if_the_server_ended_it(pg):
    url, name = pg
    eng = create_engine(url, pool_recycle=1800)
    ping_when_idle(eng, after=0.0)  # every pooled connection counts as idle: pinged at each checkout
    try:
        first = _backend_pid(eng)
        assert _end_connections(name) >= 1
        # The pooled connection is dead; its ping fails and the pool connects again: the statement works.
        second = _backend_pid(eng)
        assert second != first
    finally:
        eng.dispose()


def test_a_connection_used_a_moment_ago_is_not_pinged(pg):
    """Under load a connection goes back to the pool and out again within milliseconds: no ping, so a
    connection the server ended meanwhile fails its statement (and the engine marks the pool stale)."""
    url, name = pg
    eng = create_engine(url, pool_recycle=1800)
    ping_when_idle(eng, after=3600.0)
    try:
        _backend_pid(eng)
        assert _end_connections(name) >= 1
        with pytest.raises(DBAPIError) as caught:
            _backend_pid(eng)
        assert caught.value.connection_invalidated
        _backend_pid(eng)  # the next checkout has a new connection
    finally:
        eng.dispose()


def test_the_services_engine_replaces_a_connection_ended_after_a_pause(pg):
    """A database restart between two requests: the service's engine (``make_engine``) finds the
    pooled connection dead after its idle time and uses a new one; the request works."""
    url, name = pg
    eng = make_engine(url)
    try:
        first = _backend_pid(eng)
        assert _end_connections(name) >= 1
        time.sleep(PING_AFTER_IDLE + 0.1)
        assert _backend_pid(eng) != first
    finally:
        eng.dispose()


@pytest.fixture
def pg_app(pg):
    url, name = pg
    app = create_app({"DATABASE_URL": url, "REDIS_URL": ""})
    with app.app_context():
        yield app, name
    app.extensions["umpire"]["engine"].dispose()


def _new_game(sessions):
    with sessions() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", "standard", {}, None, "drops")
        return game.id, tokens


def _move(gid: str, after: int = 0) -> str:
    return json.dumps({"format": "umpire-move/1", "role": "irgun", "after": after, "actions": ["box opsa"]})


def _count(sessions, gid: str) -> int:
    with sessions() as s:
        return s.execute(select(func.count()).select_from(Submission).where(Submission.game_id == gid)).scalar_one()


def test_store_tries_once_more_on_a_new_connection_after_the_server_ended_the_pooled_one(pg_app):
    app, name = pg_app
    sessions = app.extensions["umpire"]["sessions"]
    gid, tokens = _new_game(sessions)  # the pool now holds a connection used a moment ago: not pinged
    assert _end_connections(name) >= 1
    out, new = adjudication.store(sessions, gid, _move(gid), "application/json", token=tokens["irgun"])
    assert new and out["status"] == "queued" and out["game"] == gid
    assert _count(sessions, gid) == 1


def test_store_hands_back_as_new_a_move_the_lost_first_try_had_stored(pg_app, monkeypatch):
    """The first try's insert was committed but its answer lost: the second finds the same submission,
    queued, and says new (so the request queues it); it is stored once."""
    app, _name = pg_app
    sessions = app.extensions["umpire"]["sessions"]
    gid, tokens = _new_game(sessions)
    real = adjudication._store
    calls = []

    def lost_answer(session, *a, **kw):
        out = real(session, *a, **kw)
        calls.append(out[1])
        if len(calls) == 1:
            err = DBAPIError("INSERT ...", {}, psycopg.OperationalError("server closed the connection"))
            err.connection_invalidated = True
            raise err
        return out

    monkeypatch.setattr(adjudication, "_store", lost_answer)
    out, new = adjudication.store(sessions, gid, _move(gid), "application/json", token=tokens["irgun"])
    assert calls == [True, False]  # stored by the first try; the second found it
    assert new and out["status"] == "queued"
    assert _count(sessions, gid) == 1


def test_store_does_not_retry_an_error_that_is_not_a_dropped_connection(pg_app, monkeypatch):
    app, _name = pg_app
    sessions = app.extensions["umpire"]["sessions"]
    gid, tokens = _new_game(sessions)
    calls = []

    def failing(session, *a, **kw):
        calls.append(1)
        raise DBAPIError("INSERT ...", {}, psycopg.DataError("value too long"))

    monkeypatch.setattr(adjudication, "_store", failing)
    with pytest.raises(DBAPIError):
        adjudication.store(sessions, gid, _move(gid), "application/json", token=tokens["irgun"])
    assert calls == [1]


def test_adjudicate_runs_again_at_once_on_a_new_connection_after_the_server_ended_the_pooled_one(pg_app):
    """The worker's connection, used a moment ago, was ended: the adjudication's transaction is tried
    once more on a new connection, and the move is applied once."""
    app, name = pg_app
    sessions = app.extensions["umpire"]["sessions"]
    gid, tokens = _new_game(sessions)
    out, _new = adjudication.store(sessions, gid, _move(gid), "application/json", token=tokens["irgun"])
    assert _end_connections(name) >= 1
    told = []
    assert adjudication.adjudicate(sessions, out["id"], on_done=told.append) == "accepted"
    assert [s["id"] for s in told[0]] == [out["id"]]
    with sessions() as s:
        assert G.get_game(s, gid).seq == 1
        assert adjudication.submission_status(s, out["id"])["status"] == "accepted"
