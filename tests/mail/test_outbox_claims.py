"""The outbox sends each row once (issue 9, mail.outbound): a row is claimed (pending -> sending) by one
conditional UPDATE before it is sent, so senders racing on one row, or the sweep during a slow send, send
it once; a claim left by a crashed sender expires and the row is sent again, once; the retry cap still
fails a row. Against a real SMTP relay on localhost (aiosmtpd) that takes its time.
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from datetime import timedelta

import pytest
from sqlalchemy import update

from mail import outbound
from mail import sweep as mail_sweep
from mail.compose import build
from mail.config import settings
from service.mail_models import OutboundMail
from service.models import now
from umpire_app.web import create_app

from .conftest import Relay, free_port, mail_config, started

#: How long the slow relay sits on each message before accepting it.
DELAY = 1.0


class SlowRelay(Relay):
    """The test relay, accepting each message only after ``DELAY`` seconds; ``started`` is set when the
    first message's data has arrived (a send is under way)."""

    def __init__(self):
        super().__init__()
        self.started = threading.Event()

    async def handle_DATA(self, server, session, envelope):
        self.started.set()
        await asyncio.sleep(DELAY)
        return await super().handle_DATA(server, session, envelope)


@pytest.fixture
def slow():
    with started(SlowRelay()) as r:
        yield r


@pytest.fixture
def app(request, tmp_path, slow):
    """An app sending to the slow relay: on SQLite, or (``indirect`` param ``postgresql``) on the machine's
    PostgreSQL, where the claims race under row locks."""
    db = getattr(request, "param", "sqlite")
    url = request.getfixturevalue("pg_url") if db == "postgresql" else f"sqlite:///{tmp_path / 'u.sqlite3'}"
    a = create_app({"DATABASE_URL": url, "REDIS_URL": "", "MAIL": mail_config(slow.port)})
    try:
        yield a
    finally:
        a.extensions["umpire"]["engine"].dispose()


def a_row(app, key: str = "", age: timedelta = timedelta(0)) -> int:
    """An outbox row written *age* ago (keyed uniquely: the PostgreSQL database is shared by the session)."""
    key = key or f"test:claim:{uuid.uuid4().hex}"
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    with Session() as session, session.begin():
        oid = outbound.outbox(session, key, "reply", None, build(s, None, "ann@example.org", "x", [("p", "x")]))
        session.execute(update(OutboundMail).where(OutboundMail.id == oid).values(created_at=now() - age))
    return oid


def row(app, oid: int) -> OutboundMail:
    with app.extensions["umpire"]["sessions"]() as session:
        return session.get(OutboundMail, oid)


def swept(app) -> list[int]:
    return mail_sweep.sweep(app.extensions["umpire"]["sessions"], settings(app)).outbox


def run_threads(targets) -> None:
    threads = [threading.Thread(target=t) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a sender did not finish within 60 s"


@pytest.mark.parametrize("app", ["sqlite", "postgresql"], indirect=True)
def test_senders_of_one_row_at_once_deliver_it_once(app, slow):
    oid = a_row(app)
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    n = 4
    gate, results = threading.Barrier(n, timeout=30), []

    def sender():
        gate.wait()
        results.append(outbound.send(Session, s, oid))

    run_threads([sender] * n)
    # Every sender has returned, so any second delivery would have been made by now.
    print(f"\n{n} senders of one row at once ({app.config['DATABASE_URL'].split(':')[0]}, relay {DELAY:g} s "
          f"per message): {len(slow.messages)} delivered")
    assert len(slow.messages) == 1 and sorted(results) == ["sending"] * (n - 1) + ["sent"]
    got = row(app, oid)
    assert got.status == "sent" and got.attempts == 1 and got.sent_at is not None
    assert outbound.send(Session, s, oid) == "sent" and len(slow.messages) == 1


def test_a_sweep_during_a_slow_send_does_not_queue_it_again(app, slow):
    oid = a_row(app, age=timedelta(hours=2))  # old: the sweep of before issue 9 queued it again
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    assert swept(app) == [oid]  # pending and old: the sweep would queue it
    results = []
    t = threading.Thread(target=lambda: results.append(outbound.send(Session, s, oid)))
    t.start()
    try:
        assert slow.started.wait(30), "the send never reached the relay"
        during = swept(app)
        again = outbound.send(Session, s, oid)  # as a task the sweep had queued would
    finally:
        t.join(timeout=60)
    assert during == [] and again == "sending" and results == ["sent"]
    assert len(slow.messages) == 1 and swept(app) == [] and row(app, oid).attempts == 1


@pytest.mark.parametrize("app", ["sqlite", "postgresql"], indirect=True)
def test_a_claim_older_than_the_limit_is_sent_again_once(app, slow):
    oid = a_row(app)
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    attempt, _to, _raw = outbound.claim(Session, oid)  # a sender claims it, then crashes before the relay
    assert attempt == 1 and row(app, oid).status == "sending"
    assert swept(app) == [] and outbound.send(Session, s, oid) == "sending"  # the claim still holds
    with Session() as session, session.begin():
        session.execute(update(OutboundMail).where(OutboundMail.id == oid).values(
            claimed_at=now() - outbound.CLAIM_EXPIRES - timedelta(seconds=1)))
    assert swept(app) == [oid]
    results = []
    run_threads([lambda: results.append(outbound.send(Session, s, oid))] * 2)
    assert sorted(results) == ["sending", "sent"] and len(slow.messages) == 1
    got = row(app, oid)
    assert got.status == "sent" and got.attempts == 2 and swept(app) == []


def test_the_retry_cap_still_fails_a_row_by_the_task_and_by_the_sweep(tmp_path):
    from tasks import mail as mail_tasks
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": "",
                      "MAIL": mail_config(free_port())})  # nothing listens there
    try:
        Session, s = app.extensions["umpire"]["sessions"], settings(app)
        by_task, by_sweep = a_row(app), a_row(app)
        # Run eagerly, the task's retries run at once, one after the other (Celery's apply). The result is
        # there already, so reading it cannot block: without disable_sync_subtasks=False Celery refuses
        # it in a process where an earlier test started a worker (a process-wide flag it never clears).
        assert mail_tasks.send.apply(args=[by_task]).get(timeout=30, disable_sync_subtasks=False) == "failed"
        got = row(app, by_task)
        assert got.status == "failed" and got.attempts == s.send_retries + 1 and "Connection" in got.error
        # Queued again and again with no retry count (the sweep's way): the attempts still cap it.
        for _ in range(s.send_retries):
            with pytest.raises(outbound.TemporaryFailure):
                outbound.send(Session, s, by_sweep)
        assert outbound.send(Session, s, by_sweep) == "failed" and row(app, by_sweep).attempts == s.send_retries + 1
        assert outbound.send(Session, s, by_sweep) == "failed" and row(app, by_sweep).attempts == s.send_retries + 1
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_a_relay_that_stalls_is_given_up_on_within_the_send_timeout():
    """A relay that never finishes its greeting (a line every 0.1 s, so no single read times out) is cut
    off by the watchdog at the send timeout: the claim's limit bounds every send."""
    import socket
    import time

    from mail.config import from_env
    stop = threading.Event()
    srv = socket.create_server(("127.0.0.1", 0))

    def trickle():
        srv.settimeout(15)
        conn, _ = srv.accept()
        with conn:
            while not stop.wait(0.1):
                try:
                    conn.sendall(b"220-still here\r\n")
                except OSError:
                    return

    t = threading.Thread(target=trickle)
    t.start()
    try:
        s = from_env(mail_config(srv.getsockname()[1]))
        start = time.monotonic()
        with pytest.raises(OSError):
            outbound.relay_send(s, "ann@example.org", b"Subject: x\r\n\r\nx\r\n", timeout=1.0)
        assert 0.9 < time.monotonic() - start < 10
    finally:
        stop.set()
        t.join(timeout=20)
        srv.close()


def test_a_message_smtplib_cannot_send_fails_at_once_and_is_not_left_claimed(app, slow):
    """An address the relay's commands cannot carry (not ASCII) fails the row, so no claim is left to
    expire and be tried again every few minutes."""
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    with Session() as session, session.begin():
        oid = outbound.outbox(session, "test:ascii:" + uuid.uuid4().hex, "reply", None,
                              build(s, None, "ännä@example.org", "x", [("p", "x")]))
    assert outbound.send(Session, s, oid) == "failed"
    got = row(app, oid)
    assert got.attempts == 1 and "Encode" in got.error and slow.messages == [] and swept(app) == []
