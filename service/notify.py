"""Waking a request that waits for a verdict (``?wait=N``) as soon as the worker commits it.

Both notifiers keep, per process, a ``threading.Event`` for each submission a request thread waits on.
Embedded mode: the worker is a thread of the same process and sets the events directly. At scale: the
worker publishes on ``umpire:verdict:<submission id>`` and one listener thread per web process, pattern-
subscribed to every such channel, sets the events; no request opens a connection of its own to wait.

A notice may carry the submission as the worker committed it (``adjudication.describe``): the waiter
then answers from it without reading the database again (one database read and one connection checkout
fewer per move). The database stays the truth: a waiter registers (``expect``) before
the submission is queued, sleeps until woken or a second passes, and re-reads the database whenever it
has no verdict from a notice, so a lost notice only costs time.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator

RECHECK = 1.0
CHANNEL_PREFIX = "umpire:verdict:"

log = logging.getLogger(__name__)


def until(check: Callable[[], bool], seconds: float, sleep: Callable[[float], object],
          check_first: bool = True) -> bool:
    """Calls *check* until it is true or *seconds* pass, sleeping with *sleep(t)* (woken early by a
    notice) for at most RECHECK seconds between checks. With ``check_first=False`` it sleeps first (the
    caller has just read the state and registered for the notice)."""
    deadline = time.monotonic() + seconds
    if not check_first:
        sleep(min(seconds, RECHECK))
    while True:
        if check():
            return True
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        sleep(min(left, RECHECK))


class Waiter(threading.Event):
    """A request thread's wake-up call for one submission; ``result`` is the submission as a notice
    carried it (``adjudication.describe``), or None when the notice carried only the id."""

    result: dict | None = None


def _items(done) -> list[tuple[str, dict | None]]:
    """``(id, submission or None)`` for each item told done: a submission id, or its describe() dict."""
    return [(d["id"], d) if isinstance(d, dict) else (d, None) for d in done]


class Waiters:
    """The events of this process's threads waiting for verdicts, by submission id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._events: dict[str, list[Waiter]] = {}

    def set(self, done) -> None:
        """Wakes the waiters of each item of *done*: submission ids, or describe() dicts."""
        with self._lock:
            for sid, result in _items(done):
                for ev in self._events.get(sid, ()):
                    if result is not None:
                        ev.result = result
                    ev.set()

    def wants(self, sid: str) -> bool:
        """Whether a thread of this process waits for *sid* (every web process hears every notice)."""
        return sid in self._events

    def set_all(self) -> None:
        """Wakes every waiter (the listener lost its connection: everyone re-reads the database)."""
        with self._lock:
            for evs in self._events.values():
                for ev in evs:
                    ev.set()

    @contextlib.contextmanager
    def register(self, sid: str) -> Iterator[Waiter]:
        ev = Waiter()
        with self._lock:
            self._events.setdefault(sid, []).append(ev)
        try:
            yield ev
        finally:
            with self._lock:
                evs = self._events.get(sid, [])
                if ev in evs:
                    evs.remove(ev)
                if not evs:
                    self._events.pop(sid, None)


def sleeper(ev: threading.Event) -> Callable[[float], None]:
    """A sleep for ``until`` that a notice cuts short."""
    def sleep(t: float) -> None:
        ev.wait(t)
        ev.clear()
    return sleep


class LocalNotifier:
    """Embedded mode: the worker thread wakes the request threads of the same process."""

    def __init__(self) -> None:
        self.waiters = Waiters()

    def done(self, done: list) -> None:
        """*done*: the submissions that got their verdict, as ids or describe() dicts."""
        self.waiters.set(done)

    def expect(self, sid: str):
        return self.waiters.register(sid)


class RedisNotifier:
    """At scale: Redis pub/sub, with one pattern subscription per web process."""

    def __init__(self, url: str, name: str = "umpire-verdicts") -> None:
        import redis
        self._redis = redis.Redis.from_url(url, client_name=name)  # named: visible in CLIENT LIST
        self.waiters = Waiters()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._pid = 0
        self._subscribed = threading.Event()

    def done(self, done: list) -> None:
        """Publishes a notice per submission of *done* (ids, or describe() dicts, sent as JSON)."""
        items = [(CHANNEL_PREFIX + sid, "done" if result is None else json.dumps(result)) for sid, result in _items(done)]
        if len(items) == 1:  # the usual case: no pipeline to build
            self._redis.publish(*items[0])
        elif items:
            with self._redis.pipeline(transaction=False) as p:
                for channel, data in items:
                    p.publish(channel, data)
                p.execute()

    def expect(self, sid: str):
        self._ensure_listener()
        return self.waiters.register(sid)

    def _ensure_listener(self) -> None:
        """Starts the listener thread in this process (after a fork too) and waits briefly until it is
        subscribed; if Redis is down, waiters fall back to re-reading every RECHECK seconds."""
        with self._lock:
            if self._thread is None or not self._thread.is_alive() or self._pid != os.getpid():
                self._pid = os.getpid()
                self._subscribed.clear()
                self._thread = threading.Thread(target=self._listen, name="umpire-verdict-listener", daemon=True)
                self._thread.start()
        self._subscribed.wait(RECHECK)

    def _listen(self) -> None:
        import redis
        backoff = 0.05
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                pubsub.psubscribe(CHANNEL_PREFIX + "*")
                while True:
                    msg = pubsub.get_message(timeout=RECHECK)
                    if msg is None:
                        if pubsub.subscribed:
                            self._subscribed.set()
                            backoff = 0.05
                        continue
                    channel = msg["channel"].decode() if isinstance(msg["channel"], bytes) else msg["channel"]
                    sid = channel.removeprefix(CHANNEL_PREFIX)
                    if self.waiters.wants(sid):  # another process's waiter: not even parsed here
                        self.waiters.set([_notice(sid, msg["data"])])
            except redis.RedisError as e:
                log.warning("verdict listener: %s; subscribing again (waiters re-read the database)", e)
                self._subscribed.clear()
                with contextlib.suppress(Exception):
                    pubsub.close()
                self.waiters.set_all()
                time.sleep(backoff)
                backoff = min(backoff * 2, RECHECK)


def _notice(sid: str, data) -> str | dict:
    """What a published notice tells: the submission it carries if that is well formed and for *sid*,
    else only the id (the waiter then reads the database)."""
    try:
        result = json.loads(data)
    except (TypeError, ValueError):
        return sid
    if isinstance(result, dict) and result.get("id") == sid and isinstance(result.get("status"), str):
        return result
    return sid


def make_notifier(redis_url: str):
    return RedisNotifier(redis_url) if redis_url else LocalNotifier()
