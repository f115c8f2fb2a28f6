"""The embedded default's broker (``service.memory_broker``, issue 3): kombu's in-memory queue, whose
consumer waits for the next message instead of polling for it. The worker end to end on it is in
test_workers.py (the ``sqlite-memory`` stack)."""

from __future__ import annotations

import socket
import threading

import pytest
from kombu import Connection, Consumer, Exchange, Producer, Queue

from service import create_app, memory_broker
from service.memory_broker import Doorbell, Transport


class WatchedDoorbell(Doorbell):
    """A doorbell that says when a consumer has started to wait on it."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting = threading.Event()

    def wait_past(self, seen: int, timeout: float) -> bool:
        self.waiting.set()
        return super().wait_past(seen, timeout)


@pytest.fixture
def bell(monkeypatch):
    bell = WatchedDoorbell()
    monkeypatch.setattr(memory_broker, "DOORBELL", bell)
    return bell


@pytest.fixture
def queue_name(request):
    name = f"test-memory-broker-{request.node.name}"
    yield name
    memory_broker.Channel.queues.pop(name, None)


def test_embedded_config_selects_the_waking_transport(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": ""})
    try:
        with app.extensions["celery"].connection_for_write() as conn:
            assert isinstance(conn.transport, Transport)
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_a_put_after_the_consumer_began_to_wait_wakes_it(bell, queue_name, monkeypatch):
    """With no timeout and the safety wait set to an hour, the consumer can only get the message by being
    woken by its put: a poll would not look again within the test's 10 s."""
    monkeypatch.setattr(memory_broker, "LONGEST_WAIT", 3600.0)
    got: list = []
    q = Queue(queue_name, Exchange(queue_name, "direct"), routing_key=queue_name)
    with Connection("memory://", transport=Transport) as consume, Connection("memory://", transport=Transport) as put:
        consumer = Consumer(consume.channel(), [q], callbacks=[lambda body, msg: (got.append(body), msg.ack())])
        consumer.consume()
        waiter = threading.Thread(target=consume.drain_events, daemon=True)
        waiter.start()
        assert bell.waiting.wait(10), "the consumer never started to wait on the doorbell"
        rings = bell.rings
        Producer(put.channel()).publish({"submission": "s-1"}, exchange=q.exchange, routing_key=queue_name,
                                        declare=[q])
        waiter.join(10)
        assert not waiter.is_alive(), "the put did not wake the waiting consumer"
        assert got == [{"submission": "s-1"}]
        assert bell.rings > rings


def test_a_put_between_the_look_and_the_wait_is_not_missed():
    """The consumer reads the counter before it looks at the queues; a put after that look makes the wait
    return at once (a zero timeout here: it returns True only because the counter moved)."""
    bell = Doorbell()
    seen = bell.rings
    bell.ring()
    assert bell.wait_past(seen, 0) is True
    assert bell.wait_past(bell.rings, 0) is False


def test_drain_events_with_nothing_queued_times_out(bell, queue_name):
    q = Queue(queue_name, Exchange(queue_name, "direct"), routing_key=queue_name)
    with Connection("memory://", transport=Transport) as conn:
        Consumer(conn.channel(), [q], callbacks=[lambda body, msg: msg.ack()]).consume()
        with pytest.raises(socket.timeout):
            conn.drain_events(timeout=0.05)
    assert bell.waiting.is_set()


def test_ack_and_reject_ring_the_doorbell(bell, queue_name):
    """A freed prefetch slot is a reason to look again: acks and rejects ring too."""
    q = Queue(queue_name, Exchange(queue_name, "direct"), routing_key=queue_name)
    with Connection("memory://", transport=Transport) as conn:
        channel = conn.channel()
        Producer(channel).publish({"n": 1}, exchange=q.exchange, routing_key=queue_name, declare=[q])
        Producer(channel).publish({"n": 2}, exchange=q.exchange, routing_key=queue_name, declare=[q])
        first, second = q(channel).get(no_ack=False), q(channel).get(no_ack=False)
        before = bell.rings
        first.ack()
        assert bell.rings == before + 1
        second.reject(requeue=True)
        assert bell.rings == before + 3  # the reject, and the message's put back on the queue
        assert q(channel).get(no_ack=True).payload == {"n": 2}
