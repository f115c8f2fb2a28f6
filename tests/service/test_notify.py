"""The verdict notice that ends a ``?wait`` early (service.notify), in-process and over Redis pub/sub."""

from __future__ import annotations

import threading
import time

import pytest

from service.notify import RECHECK, LocalNotifier, RedisNotifier, sleeper, until


def _wait(notifier, sid: str, seconds: float, flag: dict) -> float:
    """Waits for *sid* like a request does; returns how long it took."""
    t0 = time.monotonic()
    with notifier.expect(sid) as ev:
        until(lambda: flag.get(sid, False), seconds, sleeper(ev), check_first=False)
    return time.monotonic() - t0


@pytest.fixture(params=["local", "redis"])
def pair(request):
    """The notifier a waiting request uses and the one a worker tells, in one process or over Redis."""
    if request.param == "redis":
        url = request.getfixturevalue("redis_url")
        return RedisNotifier(url), RedisNotifier(url)  # the web process and a worker process
    local = LocalNotifier()
    return local, local


def test_a_notice_wakes_the_waiter_before_the_recheck(pair):
    listener, worker = pair
    flag: dict = {}
    took: list[float] = []
    t = threading.Thread(target=lambda: took.append(_wait(listener, "sub-1", 10, flag)))
    t.start()
    time.sleep(0.2)  # the waiter is registered and asleep
    flag["sub-1"] = True
    worker.done(["sub-1"])
    t.join(10)
    assert took and took[0] < RECHECK, f"woken after {took} s: the notice did not arrive"


def test_a_notice_for_another_submission_does_not_end_the_wait(pair):
    listener, worker = pair
    flag: dict = {}
    took: list[float] = []
    t = threading.Thread(target=lambda: took.append(_wait(listener, "sub-2", 0.6, flag)))
    t.start()
    time.sleep(0.1)
    worker.done(["sub-3"])
    t.join(10)
    assert took and took[0] >= 0.6, "the wait ended on someone else's notice"


def test_without_a_notice_the_database_is_read_again_every_recheck():
    """A lost notice costs time, not the verdict: the check runs again after RECHECK seconds."""
    calls = []

    def check():
        calls.append(time.monotonic())
        return len(calls) >= 2

    t0 = time.monotonic()
    with LocalNotifier().expect("lost") as ev:
        assert until(check, 5, sleeper(ev)) is True
    assert len(calls) == 2 and RECHECK * 0.9 <= calls[1] - t0 < RECHECK + 1


def test_the_listener_survives_a_lost_connection(redis_url):
    """The Redis connection of the listener is killed: the listener subscribes again on a new connection,
    so later notices arrive."""
    import uuid

    import redis

    name = f"umpire-test-{uuid.uuid4().hex[:8]}"
    listener, worker = RedisNotifier(redis_url, name=name), RedisNotifier(redis_url)
    r = redis.Redis.from_url(redis_url)

    def listening() -> list[str]:
        return [c["id"] for c in r.client_list() if c.get("name") == name and c.get("psub") == "1"]

    with listener.expect("warm-up"):
        pass
    first = listening()
    assert len(first) == 1, r.client_list()
    r.client_kill_filter(_id=first[0])
    deadline, seen, since = time.monotonic() + 10, None, time.monotonic()
    while time.monotonic() < deadline:  # until one new subscription has held for half a second
        now_ = listening()
        if now_ != seen:
            seen, since = now_, time.monotonic()
        elif len(seen) == 1 and seen != first and time.monotonic() - since > 0.5:
            break
        time.sleep(0.05)
    assert len(seen) == 1 and seen != first, f"the listener did not subscribe again: {seen}"
    flag: dict = {}
    took: list[float] = []
    t = threading.Thread(target=lambda: took.append(_wait(listener, "after", 10, flag)))
    t.start()
    time.sleep(0.3)
    flag["after"] = True
    worker.done(["after"])
    t.join(10)
    assert took and took[0] < RECHECK, f"after the reconnect the notice took {took} s"


def _submission(sid: str, status: str = "accepted") -> dict:
    return {"id": sid, "game": "G-1", "role": "irgun", "status": status, "attempts": 0,
            "verdict": {"status": status, "seq": 5}, "created_at": "2026-12-01T00:00:00Z",
            "updated_at": "2026-12-01T00:00:01Z"}


def test_a_notice_hands_the_waiter_the_committed_submission(pair):
    """The worker tells the submission as committed (``adjudication.describe``); the waiter gets it whole,
    in one process or through Redis (issue 3: no database read after the notice)."""
    listener, worker = pair
    got: list = []

    def wait() -> None:
        with listener.expect("sub-4") as ev:
            until(lambda: ev.result is not None, 10, sleeper(ev), check_first=False)
            got.append(ev.result)

    t = threading.Thread(target=wait)
    t.start()
    time.sleep(0.2)
    worker.done([_submission("sub-4")])
    t.join(10)
    assert got == [_submission("sub-4")]


def test_a_notice_that_is_not_a_well_formed_submission_only_wakes(redis_url):
    """A notice whose payload is not JSON, or is another submission's, wakes the waiter with no result:
    it reads the database as before."""
    import redis

    from service.notify import CHANNEL_PREFIX

    listener = RedisNotifier(redis_url)
    r = redis.Redis.from_url(redis_url)
    for payload in (b"done", b"{not json", b'{"id": "someone-else", "status": "accepted"}', b'["sub-5"]'):
        with listener.expect("sub-5") as ev:
            r.publish(CHANNEL_PREFIX + "sub-5", payload)
            assert ev.wait(5), f"{payload!r} did not wake the waiter"
            assert ev.result is None, f"{payload!r} was taken as the submission"


def test_wait_for_answers_from_the_notice_without_reading_the_database(monkeypatch):
    """``adjudication.wait_for`` with a registered waiter: a notice carrying the verdict ends the wait and
    is the answer; the database is not read again. A notice without one: the database is read."""
    import contextlib

    import service.adjudication as adjudication

    reads: list = []
    monkeypatch.setattr(adjudication, "submission_status", lambda session, sid: reads.append(sid) or _submission(sid))
    sessions = lambda: contextlib.nullcontext("session")  # noqa: E731  (what wait_for opens to read)
    notifier = LocalNotifier()
    for sid, notice in (("sub-6", _submission("sub-6")), ("sub-7", "sub-7")):
        queued = {**_submission(sid, "queued"), "verdict": None}
        with notifier.expect(sid) as ev:
            threading.Timer(0.1, notifier.done, args=([notice],)).start()
            out = adjudication.wait_for(sessions, sid, 5, ev=ev, known=queued)
        assert out == _submission(sid)
    assert reads == ["sub-7"], "the database was read after a notice that carried the verdict"


def test_a_batch_of_verdicts_wakes_each_of_its_waiters_with_its_own(pair):
    """A worker that adjudicated several queued moves at once tells them in one go (a pipeline of
    notices over Redis); each waiter gets its own submission."""
    listener, worker = pair
    got: dict = {}

    def wait(sid: str) -> None:
        with listener.expect(sid) as ev:
            until(lambda: ev.result is not None, 10, sleeper(ev), check_first=False)
            got[sid] = ev.result

    threads = [threading.Thread(target=wait, args=(sid,)) for sid in ("b-1", "b-2", "b-3")]
    for t in threads:
        t.start()
    time.sleep(0.2)
    t0 = time.monotonic()
    worker.done([_submission("b-1"), _submission("b-2"), _submission("b-3")])
    for t in threads:
        t.join(10)
    assert got == {sid: _submission(sid) for sid in ("b-1", "b-2", "b-3")}
    assert time.monotonic() - t0 < RECHECK, "woken by the database recheck, not by the notices"
