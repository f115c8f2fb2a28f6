"""How the app queues a move at scale: ``app.extensions["umpire"]["enqueue"]`` sends ``tasks.adjudicate``
through Celery's own API, so the message on Redis is Celery's task message, which any Celery worker
takes (the end-to-end tests in test_workers.py run real workers on it)."""

from __future__ import annotations

import base64
import uuid

import pytest
import redis
from kombu.exceptions import OperationalError
from kombu.serialization import loads

from umpire_app.web import create_app


@pytest.fixture
def app(redis_url, tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": redis_url})
    yield app
    app.extensions["umpire"]["engine"].dispose()


@pytest.fixture
def queue(redis_url):
    """The Redis list of Celery's default queue, emptied before and after; reads its messages, oldest first."""
    r = redis.Redis.from_url(redis_url)
    r.delete("celery")

    def messages() -> list[bytes]:
        return list(reversed(r.lrange("celery", 0, -1)))  # pushed on the left: the oldest is last

    try:
        yield messages
    finally:
        r.delete("celery")
        r.close()


def decoded(raw: bytes) -> tuple[dict, list]:
    """A message as kombu's Redis transport stores it, read with kombu's serializers: its headers, and its
    body as its own content type and encoding say."""
    envelope = loads(raw, "application/json", "utf-8")
    body = envelope["body"]
    if envelope["properties"].get("body_encoding") == "base64":
        body = base64.b64decode(body)
    return envelope["headers"], loads(body, envelope["content-type"], envelope["content-encoding"])


def test_a_move_is_queued_as_celerys_task_message_for_tasks_adjudicate(app, queue):
    sid = str(uuid.uuid4())
    app.extensions["umpire"]["enqueue"](sid)
    [raw] = queue()
    headers, (args, kwargs, _embed) = decoded(raw)
    assert headers["task"] == "tasks.adjudicate"
    assert args == [sid] and kwargs == {}


def test_each_move_is_a_message_of_its_own_in_the_order_queued(app, queue):
    sids = [str(uuid.uuid4()) for _ in range(3)]
    for sid in sids:
        app.extensions["umpire"]["enqueue"](sid)
    messages = [decoded(raw) for raw in queue()]
    assert [args for _headers, (args, _kwargs, _embed) in messages] == [[sid] for sid in sids]
    assert len({headers["id"] for headers, _body in messages}) == 3


def test_a_broker_that_cannot_be_reached_raises(tmp_path):
    """Celery's publish retries (``task_publish_retry``), then raises; the move request catches it and
    answers 202 all the same: the submission is stored, queued in the database, and the sweeper queues it
    again (``service.api.routes._enqueue``)."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}",
                      "REDIS_URL": "redis://127.0.0.1:1/0"})
    try:
        with pytest.raises(OperationalError):
            app.extensions["umpire"]["enqueue"](str(uuid.uuid4()))
    finally:
        app.extensions["umpire"]["engine"].dispose()
