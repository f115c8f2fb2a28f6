"""One game's submissions are adjudicated once each, even when two workers race for the same one, and a
verdict is never overwritten by the sweeper racing with the worker that gave it."""

from __future__ import annotations

from service import adjudication, create_app
from service import games as G
from service.models import Move


def test_a_submission_adjudicated_meanwhile_is_not_adjudicated_again(pg_url, monkeypatch):
    """Worker A reads the submission (queued), worker B adjudicates it before A takes the game's lock;
    A must see B's verdict under the lock and do nothing (PostgreSQL: reads take no lock there)."""
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    sessions = app.extensions["umpire"]["sessions"]
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "palestine", "standard", {}, None, "race")
        gid = game.id
        sub, _ = adjudication.submit_as(s, game, "irgun", "box opsa\nop sabotage\nspace galilee\nroll\n",
                                        "text/plain")
        sid = sub.id
    real = adjudication.get_game
    raced = []

    def racing_get_game(session, game_id, lock=False):
        if lock and not raced:
            raced.append(True)
            assert adjudication.adjudicate(sessions, sid) == "accepted"  # worker B, its own session
        return real(session, game_id, lock)

    monkeypatch.setattr(adjudication, "get_game", racing_get_game)
    try:
        assert adjudication.adjudicate(sessions, sid) == "accepted"  # worker A
        assert raced
        with sessions() as s:
            seqs = sorted(m.seq for m in s.query(Move).filter_by(game_id=gid))
            assert seqs == [0, 1, 2, 3, 4], "the move was applied twice"
            assert G.get_game(s, gid).seq == 4
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
        sub, _ = adjudication.submit_as(s, game, "irgun", "box opsa\n", "text/plain")
        sid = sub.id
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
