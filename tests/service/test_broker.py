"""The web process's move publisher (``service.broker.MovePublisher``, issue 3's throughput): the message it
queues is the one ``Celery.send_task`` would queue, so a Celery worker takes it as its own (the end-to-end
tests in test_workers.py run real workers on it)."""

from __future__ import annotations

import base64
import json

import pytest

from service import create_app
from service.broker import MovePublisher


@pytest.fixture
def app(redis_url, tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": redis_url})
    yield app
    app.extensions["umpire"]["engine"].dispose()


def _queued(redis_url: str) -> list[dict]:
    import redis

    r = redis.Redis.from_url(redis_url)
    try:
        return [json.loads(m) for m in reversed(r.lrange("celery", 0, -1))]  # LPUSH: oldest last
    finally:
        r.delete("celery")
        r.close()


def _without_ids(m: dict) -> dict:
    m = json.loads(json.dumps(m))
    ids = {m["headers"]["id"]}
    assert m["headers"]["root_id"] == m["properties"]["correlation_id"] == m["headers"]["id"]
    for k in ("id", "root_id"):
        m["headers"][k] = None
    for k in ("correlation_id", "delivery_tag"):
        m["properties"][k] = None
    assert ids and all(ids)
    return m


def test_the_app_at_scale_queues_moves_with_the_move_publisher(app):
    assert isinstance(app.extensions["umpire"]["enqueue"], MovePublisher)
    assert app.extensions["umpire"]["enqueue"].queue == "celery"


def test_the_move_publisher_queues_what_send_task_queues(app, redis_url):
    _queued(redis_url)
    app.extensions["celery"].send_task("tasks.adjudicate", args=["S-1"])
    app.extensions["umpire"]["enqueue"]("S-1")
    by_celery, ours = _queued(redis_url)
    assert _without_ids(ours) == _without_ids(by_celery)
    assert json.loads(base64.b64decode(ours["body"]))[0] == ["S-1"]
    assert ours["headers"]["id"] != by_celery["headers"]["id"]
    assert ours["properties"]["delivery_tag"] != by_celery["properties"]["delivery_tag"]


def test_the_template_message_is_what_send_task_queues_for_each_submission(app, redis_url):
    """Submission ids are uuids: after the first, each message comes from the publisher's template."""
    import uuid

    pub = app.extensions["umpire"]["enqueue"]
    _queued(redis_url)
    for _ in range(3):
        sid = str(uuid.uuid4())
        app.extensions["celery"].send_task("tasks.adjudicate", args=[sid])
        pub(sid)
        by_celery, ours = _queued(redis_url)
        assert _without_ids(ours) == _without_ids(by_celery)
        assert json.loads(base64.b64decode(ours["body"]))[0] == [sid]
        assert ours["headers"]["argsrepr"] == by_celery["headers"]["argsrepr"] == repr([sid])
    assert pub._template not in (None, False), "the template was not used"


def test_a_template_that_celery_would_not_write_is_not_used(app, redis_url, monkeypatch):
    """If Celery's message has a field the template does not follow (here: the origin changes with each
    message), the check made with the template refuses it and every message is Celery's own."""
    import itertools
    import uuid

    pub = app.extensions["umpire"]["enqueue"]
    real = app.extensions["celery"].amqp.as_task_v2
    n = itertools.count()

    def changing(*a, **kw):
        return real(*a, **{**kw, "origin": f"origin-{next(n)}"})

    monkeypatch.setattr(app.extensions["celery"].amqp, "as_task_v2", changing)
    _queued(redis_url)
    pub(str(uuid.uuid4()))
    assert pub._template is False
    msgs = _queued(redis_url)
    assert msgs[0]["headers"]["origin"].startswith("origin-")


def test_each_move_gets_its_own_task_id_and_delivery_tag(app, redis_url):
    _queued(redis_url)
    for sid in ("S-1", "S-2", "S-3"):
        app.extensions["umpire"]["enqueue"](sid)
    msgs = _queued(redis_url)
    assert [json.loads(base64.b64decode(m["body"]))[0][0] for m in msgs] == ["S-1", "S-2", "S-3"]
    assert len({m["headers"]["id"] for m in msgs}) == len({m["properties"]["delivery_tag"] for m in msgs}) == 3


def test_a_broker_that_cannot_be_reached_raises_and_the_move_request_still_stores_it(tmp_path):
    """With Redis unreachable the publisher raises, and the move request answers 202 all the same: the
    submission is stored, queued in the database, and the sweeper queues it again (routes._enqueue)."""
    import redis

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}",
                      "REDIS_URL": "redis://127.0.0.1:1/0"})
    try:
        with pytest.raises(redis.ConnectionError):
            app.extensions["umpire"]["enqueue"]("S-1")
    finally:
        app.extensions["umpire"]["engine"].dispose()
