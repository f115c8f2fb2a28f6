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


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_a_notice_wakes_the_waiter_before_the_recheck(kind, request):
    if kind == "redis":
        url = request.getfixturevalue("redis_url")
        listener, worker = RedisNotifier(url), RedisNotifier(url)  # the web process and a worker process
    else:
        listener = worker = LocalNotifier()
    flag: dict = {}
    took: list[float] = []
    t = threading.Thread(target=lambda: took.append(_wait(listener, "sub-1", 10, flag)))
    t.start()
    time.sleep(0.2)  # the waiter is registered and asleep
    flag["sub-1"] = True
    worker.done(["sub-1"])
    t.join(10)
    assert took and took[0] < RECHECK, f"woken after {took} s: the notice did not arrive"


@pytest.mark.parametrize("kind", ["local", "redis"])
def test_a_notice_for_another_submission_does_not_end_the_wait(kind, request):
    if kind == "redis":
        url = request.getfixturevalue("redis_url")
        listener, worker = RedisNotifier(url), RedisNotifier(url)
    else:
        listener = worker = LocalNotifier()
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
