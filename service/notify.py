"""Waking a request that waits for a verdict (``?wait=N``) as soon as the worker commits it.

Embedded mode: the worker is a thread of the same process, so a per-submission ``threading.Event`` is
enough. At scale: Redis pub/sub on ``umpire:verdict:<submission id>``. Either way the database stays the
truth: the waiter subscribes, then reads the database, then sleeps until notified or the deadline (and
re-reads once a second in case a notice was missed), so a lost message only costs time.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

RECHECK = 1.0


def _until(check: Callable[[], bool], seconds: float, sleep: Callable[[float], object]) -> bool:
    """Calls *check* until it is true or *seconds* pass, sleeping with *sleep(t)* (woken early by a
    notice) for at most RECHECK seconds between checks."""
    deadline = time.monotonic() + seconds
    while True:
        if check():
            return True
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        sleep(min(left, RECHECK))


class LocalNotifier:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: dict[str, list[threading.Event]] = {}

    def done(self, ids: list[str]) -> None:
        with self._lock:
            for sid in ids:
                for ev in self._events.get(sid, []):
                    ev.set()

    def wait(self, sid: str, seconds: float, check: Callable[[], bool]) -> bool:
        ev = threading.Event()
        with self._lock:
            self._events.setdefault(sid, []).append(ev)
        try:
            return _until(check, seconds, lambda t: (ev.wait(t), ev.clear()))
        finally:
            with self._lock:
                waiters = self._events.get(sid, [])
                if ev in waiters:
                    waiters.remove(ev)
                if not waiters:
                    self._events.pop(sid, None)


class RedisNotifier:
    def __init__(self, url: str) -> None:
        import redis
        self._redis = redis.Redis.from_url(url)

    @staticmethod
    def channel(sid: str) -> str:
        return f"umpire:verdict:{sid}"

    def done(self, ids: list[str]) -> None:
        for sid in ids:
            self._redis.publish(self.channel(sid), "done")

    def wait(self, sid: str, seconds: float, check: Callable[[], bool]) -> bool:
        pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        try:
            pubsub.subscribe(self.channel(sid))
            return _until(check, seconds, lambda t: pubsub.get_message(timeout=t))
        finally:
            pubsub.close()


def make_notifier(redis_url: str):
    return RedisNotifier(redis_url) if redis_url else LocalNotifier()
