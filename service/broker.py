"""Kombu's Redis transport, publishing through one Redis client per channel.

The stock channel builds a new ``redis.Redis`` client (and its table of response callbacks) for every
message it publishes; on the move path that was about a millisecond of the web process's CPU per move
(measured with ``bench/service.py``). The client kept here shares the channel's connection pool, as the
stock one does; only its construction is saved. Selected by ``broker_transport`` in ``service.config``.
"""

from __future__ import annotations

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _publish_client = None

    def _create_client(self, asynchronous: bool = False):
        if asynchronous:
            return super()._create_client(asynchronous=True)
        if self._publish_client is None or self._publish_client.connection_pool is not self.pool:
            self._publish_client = super()._create_client()
        return self._publish_client


class Transport(kombu_redis.Transport):
    Channel = Channel


class MovePublisher:
    """Queues ``tasks.adjudicate(submission_id)`` on the Redis broker with one ``LPUSH``: the web process's
    ``enqueue`` at scale (``service.create_app``).

    ``Celery.send_task`` spent about 0.8 ms of the web process's CPU per move (its producer pool, router,
    retry wrapper and kombu's publishing layers; ``bench/service.py``), a fifth of a move request. Here
    Celery still writes the task message (``amqp.as_task_v2``: headers, properties and body of its task
    protocol 2); only kombu's Redis envelope is written here, as kombu's virtual channel writes it
    (``prepare_message``, then ``basic_publish`` on the default exchange: the body base64-encoded, a new
    delivery tag, priority 0, which is the queue's own list). ``tests/service/test_broker.py`` checks the
    message against one ``send_task`` writes, and the end-to-end tests run real workers on it.
    """

    TASK = "tasks.adjudicate"

    def __init__(self, celery_app, redis_url: str):
        import redis

        self._app = celery_app
        self._redis = redis.Redis.from_url(redis_url)
        route = celery_app.amqp.router.route({}, self.TASK, None, None)
        queue = route.get("queue")
        self.queue = getattr(queue, "name", None) or celery_app.conf.task_default_queue
        self._origin = None

    def __call__(self, submission_id: str) -> None:
        import base64
        import json
        import uuid

        from celery.utils.nodenames import anon_nodename

        if self._origin is None:
            self._origin = anon_nodename()
        task_id = str(uuid.uuid4())
        headers, properties, body, _sent = self._app.amqp.as_task_v2(
            task_id, self.TASK, args=[submission_id], origin=self._origin, ignore_result=None,
            reply_to=self._app.thread_oid)
        message = {
            "body": base64.b64encode(json.dumps(body).encode()).decode(),
            "content-encoding": "utf-8",
            "content-type": "application/json",
            "headers": headers,
            "properties": {**properties, "delivery_mode": 2,
                           "delivery_info": {"exchange": "", "routing_key": self.queue},
                           "priority": 0, "body_encoding": "base64", "delivery_tag": str(uuid.uuid4())},
        }
        self._redis.lpush(self.queue, json.dumps(message))
