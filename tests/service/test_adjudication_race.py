"""One game's submissions are adjudicated once each, even when two workers race for the same one, and a
verdict is never overwritten by the sweeper racing with the worker that gave it."""

from __future__ import annotations

from service import adjudication
from service import games as G
from service.models import Move
from umpire_app.web import create_app

from .lock_waits import until_a_lock_is_waited_for


def test_a_submission_adjudicated_meanwhile_is_not_adjudicated_again(pg_url, monkeypatch):
    """Worker B is adjudicating a submission (it holds the game's lock) when worker A, given the same
    submission, asks for the lock. A waits; when B commits, A must see B's verdict under the lock and do
    nothing (PostgreSQL: what A's locking read joined was read before B committed)."""
    import threading

    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "palestine", "standard", {}, None, "race")
        gid = game.id
        sub, _ = adjudication.store(s, game.id, "box opsa\nop sabotage\nspace galilee\nroll\n", "text/plain", role="irgun")
        sid = sub["id"]
    real = adjudication.process
    b_inside, a_waits = threading.Event(), threading.Event()

    def slow_process(session, game, sub, snapshot_every=50, entropy=None):
        if threading.current_thread().name == "worker-b":  # B holds the game's lock here
            b_inside.set()
            assert a_waits.wait(20)
        return real(session, game, sub, snapshot_every, entropy)

    monkeypatch.setattr(adjudication, "process", slow_process)
    results: dict = {}

    def worker(name: str) -> threading.Thread:
        t = threading.Thread(target=lambda: results.__setitem__(name, adjudication.adjudicate(sessions, sid)),
                             name=f"worker-{name}", daemon=True)
        t.start()
        return t

    try:
        b = worker("b")
        assert b_inside.wait(20), "worker B never started adjudicating"
        a = worker("a")
        until_a_lock_is_waited_for(app.extensions["umpire"]["engine"], f"results {results}")  # A waits for B
        a_waits.set()
        b.join(30)
        a.join(30)
        assert results == {"a": "accepted", "b": "accepted"}
        with sessions() as s:
            seqs = sorted(m.seq for m in s.query(Move).filter_by(game_id=gid))
            assert seqs == [0, 1, 2, 3, 4], "the move was applied twice"
            assert G.get_game(s, gid).seq == 4
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_a_submission_adjudicated_before_is_answered_with_its_verdict(pg_url):
    """The same submission delivered again after its verdict (a redelivered task): its status, nothing
    applied again."""
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    try:
        with sessions() as s, s.begin():
            game, _ = G.create_game(s, "palestine", "standard", {}, None, "again")
            gid = game.id
            sid = adjudication.store(s, game.id, "box opsa\n", "text/plain", role="irgun")[0]["id"]
        assert adjudication.adjudicate(sessions, sid) == "accepted"
        told: list = []
        assert adjudication.adjudicate(sessions, sid, on_done=told.append) == "accepted"
        assert told == [], "a verdict already given was announced again"
        assert adjudication.adjudicate(sessions, "no-such-submission") is None
        with sessions() as s:
            assert s.query(Move).filter_by(game_id=gid).count() == 2  # the setup and the one move
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_the_sweeper_never_marks_failed_a_submission_a_worker_has_just_adjudicated(pg_url, monkeypatch):
    """The sweeper reads a submission queued past its attempts; a worker adjudicates and commits it before
    the sweeper writes its verdict. The sweeper must not overwrite the worker's verdict with 'failed'
    (the move applied, the submission saying it failed). PostgreSQL, the worker in a thread of its own."""
    import threading

    from service.models import Submission

    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "palestine", "standard", {}, None, "sweeper race")
        gid = game.id
        sub, _ = adjudication.store(s, game.id, "box opsa\n", "text/plain", role="irgun")
        sid = sub["id"]
    real_now = adjudication.now
    calls, worker, worker_done = [], [], threading.Event()

    def racing_now():
        calls.append(1)
        if len(calls) == 2:  # the sweeper has read the queued row; a worker takes it now
            def work():
                worker.append(adjudication.adjudicate(sessions, sid))
                worker_done.set()
            threading.Thread(target=work, daemon=True).start()
            worker_done.wait(3)  # done, or waiting for a lock the sweeper holds
        return real_now()

    monkeypatch.setattr(adjudication, "now", racing_now)
    try:
        # older_than -1: every queued submission is old; max_attempts 0: this sweep marks it failed
        adjudication.stuck(sessions, -1, 0)
        assert worker_done.wait(20), "the worker never finished"
        assert worker == ["accepted"]
        with sessions() as s:
            got = s.get(Submission, sid)
            moved = s.query(Move).filter_by(game_id=gid).count() - 1
        assert (got.status, moved) == ("accepted", 1), \
            f"the submission says {got.status!r} ({got.verdict}) with {moved} move(s) applied"
    finally:
        app.extensions["umpire"]["engine"].dispose()
