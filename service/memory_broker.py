"""The embedded default's broker: kombu's in-memory transport, with a wake-up in place of its poll.

Kombu's stock ``memory://`` transport finds every queue empty and sleeps ``polling_interval`` before
looking again, so a verdict waited up to that interval for the worker to notice its move (5 ms was the
setting; a steady client fell into the fast or the slow phase of the poll, tens of moves at a time,
which showed as p95 tails and as noise in ``bench/service.py``'s depth figures). Here every publish
bumps a counter under one condition variable, and a worker that found every queue empty waits on that
condition until the counter moves, so it wakes when the message is put. The counter is read before the
queues are looked at, so a message put between the look and the wait is not missed.

Messages pass only between threads of the one local process, as with the stock transport: the web
request threads publish, the worker thread (``service.embedded``) consumes. Selected by
``broker_transport`` in ``service.config`` when ``REDIS_URL`` is unset.
"""

from __future__ import annotations

import threading
from queue import Empty
from time import monotonic

from kombu.transport import memory

#: The longest single wait, in seconds, even with no timeout given: a safety net, not a poll; a put
#: always wakes the waiter at once.
LONGEST_WAIT = 1.0


class Doorbell:
    """A counter of publishes and the condition a consumer waits on for the next one."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.rings = 0

    def ring(self) -> None:
        with self._cond:
            self.rings += 1
            self._cond.notify_all()

    def wait_past(self, seen: int, timeout: float) -> bool:
        """Waits until a publish after the ``seen``-th one, or ``timeout`` seconds; True if one came."""
        with self._cond:
            return self._cond.wait_for(lambda: self.rings != seen, timeout)


#: One bell for the process, as the stock transport keeps one set of queues for the process.
DOORBELL = Doorbell()


class Channel(memory.Channel):
    """Rings the bell after every put, and after every ack or reject (a prefetch slot freed is also a
    reason for the consumer to look again)."""

    def _put(self, queue, message, **kwargs):
        super()._put(queue, message, **kwargs)
        DOORBELL.ring()

    def _put_fanout(self, exchange, message, routing_key=None, **kwargs):
        super()._put_fanout(exchange, message, routing_key, **kwargs)
        DOORBELL.ring()

    def basic_ack(self, delivery_tag, multiple=False):
        super().basic_ack(delivery_tag, multiple)
        DOORBELL.ring()

    def basic_reject(self, delivery_tag, requeue=False):
        super().basic_reject(delivery_tag, requeue)
        DOORBELL.ring()


class Transport(memory.Transport):
    """``memory://`` whose consumer sleeps until a message is put (or the timeout it was given ends)."""

    Channel = Channel

    def drain_events(self, connection, timeout=None):
        started = monotonic()
        while True:
            seen = DOORBELL.rings
            try:
                self.cycle.get(self._deliver, timeout=timeout)
                return
            except Empty:
                wait = LONGEST_WAIT
                if timeout is not None:
                    left = timeout - (monotonic() - started)
                    if left <= 0:
                        raise TimeoutError() from None
                    wait = min(wait, left)
                DOORBELL.wait_past(seen, wait)
