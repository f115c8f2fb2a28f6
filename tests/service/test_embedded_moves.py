"""The embedded default's moves (``service.embedded``): once its worker is started, each move is adjudicated
by a thread of the one local process the moment it is stored, and the request waiting with ``?wait`` wakes
with the verdict; mail and PDF renders go through kombu's own in-memory transport to the Celery worker
thread (test_render_queue.py). The embedded stack of test_workers.py runs Celery's worker on that transport."""

from __future__ import annotations

import threading
import time

import pytest
from kombu.transport import memory

from service import config as config_mod
from service import embedded
from umpire_app.web import create_app

from .test_workers import CHAIN, move, new_game, no_stray_worker_threads, post_move


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    """An embedded app whose worker is started (``embedded.start_worker``), for this module's tests; stopped
    at the end."""
    from celery.worker import state as worker_state

    no_stray_worker_threads()
    db = tmp_path_factory.mktemp("embedded") / "umpire.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{db}", "REDIS_URL": ""})
    before = set(threading.enumerate())
    embedded.start_worker(app)
    workers = [t for t in threading.enumerate() if t not in before and t.name == "celery-worker"]
    try:
        yield app
    finally:
        app.extensions["umpire"]["enqueue"].shutdown(wait=True)
        worker_state.should_terminate = 0  # stops the worker thread as Celery's own test helper does
        try:
            for t in workers:
                t.join(20)
        finally:
            worker_state.should_terminate = None
        app.extensions["umpire"]["engine"].dispose()
    assert not any(t.is_alive() for t in workers), "the embedded worker thread did not stop"


def test_the_embedded_config_is_kombus_memory_transport_with_a_short_poll(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": ""})
    try:
        with app.extensions["celery"].connection_for_write() as conn:
            assert type(conn.transport) is memory.Transport
            assert conn.transport.polling_interval == config_mod.MEMORY_POLL_SECONDS <= 0.1
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_an_app_whose_worker_is_not_started_leaves_its_moves_queued(app, client):
    """Without ``start_worker`` a move goes to the in-memory queue as a Celery message, and stays queued."""
    gid, tokens = new_game(client)
    try:
        out = post_move(client, gid, tokens["irgun"], move(gid, 0, CHAIN[0]))
        assert out["status"] == "queued"
        time.sleep(0.3)
        assert client.get(f"/api/submissions/{out['id']}").get_json()["status"] == "queued"
    finally:
        app.extensions["celery"].control.purge()  # the in-memory queues are the process's: leave them empty


def test_the_started_worker_adjudicates_each_move_promptly_and_wakes_its_request(running):
    """Moves posted one after another with ``?wait``: each answered with its verdict. The bound is generous
    (about half a second a move, where a move takes a few milliseconds): a verdict found only by the
    waiting request's once-a-second re-read, or a worker that looked for moves once a second, would miss it."""
    assert isinstance(running.extensions["umpire"]["enqueue"], embedded.InProcessMoves)
    client = running.test_client()
    games = [new_game(client) for _ in range(3)]
    started, n = time.monotonic(), 0
    for gid, tokens in games:
        for seq, order in enumerate(CHAIN):
            out = post_move(client, gid, tokens["irgun"], move(gid, seq, order), wait=10)
            assert out["status"] == "accepted", f"move {seq} ({order!r}) of {gid}: {out}"
            assert out["verdict"]["seq"] == seq + 1
            n += 1
    took = time.monotonic() - started
    assert took < 0.5 * n, f"{n} moves took {took:.1f} s"


def test_a_move_whose_adjudication_fails_does_not_stop_the_next(running, monkeypatch, caplog):
    """The failure is logged (by Celery, as a worker logs it); the move stays queued for the sweeper, and
    the thread goes on with the next move."""
    from service import adjudication

    client = running.test_client()
    (g1, t1), (g2, t2) = new_game(client), new_game(client)
    real, calls = adjudication.adjudicate, []

    def fails_once(*args, **kwargs):
        calls.append(args)
        if len(calls) == 1:
            raise RuntimeError("adjudication failed on purpose")
        return real(*args, **kwargs)

    monkeypatch.setattr(adjudication, "adjudicate", fails_once)
    first = post_move(client, g1, t1["irgun"], move(g1, 0, CHAIN[0]), wait=1)
    second = post_move(client, g2, t2["irgun"], move(g2, 0, CHAIN[0]), wait=10)
    assert first["status"] == "queued", first
    assert second["status"] == "accepted", second
    assert "adjudication failed on purpose" in caplog.text
