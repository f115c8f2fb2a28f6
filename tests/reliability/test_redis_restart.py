"""Fault: the broker (a private Redis, no persistence) stopped and started again while moves are
submitted (issue 9, part 2; DESIGN.md 6: the database is the source of truth).

While Redis is down a move is still answered 202: it is stored, and its id could not be queued. Redis
comes back empty (what was queued or unacked in it is gone); the worker reconnects, and the sweeper
(``tasks.sweep``, as beat would send it) queues again every submission left queued. Twice; then the
invariant (``harness.check``).
"""

from __future__ import annotations

import random
import time

from sqlalchemy import select

from service.models import Submission

from .harness import Table, check, play_until

RESTARTS = 2


def test_redis_restarted_mid_run_moves_stored_then_swept_nothing_lost(stack_on, redis_server, seed):
    stack = stack_on()
    worker = stack.worker("redis")
    tables = [Table(stack.client, random.Random(seed * 10 + i)) for i in range(3)]
    while_down: list[str] = []
    slowest = 0.0
    for _ in range(RESTARTS):
        more = {t.id: len(t.posted) + 2 for t in tables}
        play_until(tables, lambda m=more: all(t.over or (len(t.posted) >= m[t.id] and t.settle()) for t in tables),
                   60, sweep=stack.sweep)
        redis_server.stop()
        for i, t in enumerate(tables):
            t0 = time.monotonic()
            r = t.play(wait=1 if i == 0 else None)  # one waits for the verdict: answered in bounded time
            slowest = max(slowest, time.monotonic() - t0)
            assert r is not None and r.status_code == 202, (r.status_code, r.get_json()) if r else "no move"
            while_down.append(r.get_json()["id"])
        with stack.sessions() as s:
            got = dict(s.execute(select(Submission.id, Submission.status)
                                 .where(Submission.id.in_(while_down))).all())
        assert all(got.get(sid) in ("queued", "accepted", "partial", "rejected") for sid in while_down), got
        time.sleep(0.5)
        redis_server.start()
        play_until(tables, lambda: all(t.settle() for t in tables), 60, sweep=stack.sweep)
    assert slowest < 15, f"a POST while Redis was down took {slowest:.1f}s"
    assert worker.p.poll() is None, f"the worker did not survive the restarts:\n{worker.tail()}"
    with stack.sessions() as s:
        tries = dict(s.execute(select(Submission.id, Submission.attempts)
                               .where(Submission.id.in_(while_down))).all())
    assert all(tries[sid] >= 1 for sid in while_down), f"queued by the sweeper, each at least once: {tries}"
    more = {t.id: len(t.posted) + 2 for t in tables}
    play_until(tables, lambda: all(t.over or (len(t.posted) >= more[t.id] and t.settle()) for t in tables), 60,
               sweep=stack.sweep)
    print(f"[faults] Redis restarts {RESTARTS}: moves posted while down {len(while_down)} (all 202), "
          f"slowest such POST {slowest:.2f}s")
    check(stack, tables, RESTARTS, "Redis restarted")


def test_a_verdict_whose_notice_cannot_be_published_still_runs_the_hooks_after_it(tmp_path, monkeypatch):
    """Redis gone between the commit and the notice (pub/sub to the waiting web requests): the verdict is
    committed, and the hooks after it (mail answers, PDF renders) must still run; the waiters re-read the
    database anyway. The task runs here in this process (eagerly), its notifier on a port nobody serves."""
    import tasks
    import tasks.mail as mail_tasks
    from service.notify import RedisNotifier
    from tests.mail.conftest import free_port
    from umpire_app.web import create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": ""})
    try:
        app.extensions["umpire"]["notifier"] = RedisNotifier(f"redis://127.0.0.1:{free_port()}/0")
        client = app.test_client()
        held: list[str] = []
        monkeypatch.setitem(app.extensions["umpire"], "enqueue", held.append)
        t = Table(client, random.Random(1))
        role, body = t.next_move()
        assert t.post(role, body).status_code == 202
        hooks: list[str] = []
        monkeypatch.setattr(mail_tasks, "after_adjudication", hooks.append)
        result = tasks.adjudicate.apply(args=[held[0]])
        assert t.settle() and t.seq == 1, "the verdict is committed"
        assert hooks == held, f"the hooks after the verdict did not run: {result.result!r}"
        assert result.successful(), result.result
    finally:
        app.extensions["umpire"]["engine"].dispose()
