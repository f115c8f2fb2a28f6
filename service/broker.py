"""Kombu's Redis transport, publishing through one Redis client per channel.

The stock channel builds a new ``redis.Redis`` client (and its table of response callbacks) for every
message it publishes; on the move path that was about a millisecond of the web process's CPU per move
(measured with ``bench/service.py``). The client kept here shares the channel's connection pool, as the
stock one does; only its construction is saved. Selected by ``broker_transport`` in ``service.config``.
"""

from __future__ import annotations

import re
from uuid import uuid4

from kombu.transport import redis as kombu_redis

#: A submission id as ``adjudication`` makes them (``uuid.uuid4``): its ``repr`` is Celery's ``saferepr``.
_PLAIN_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


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
    protocol 2), once, as a template (``_task_message``); only kombu's Redis envelope is written here, as
    kombu's virtual channel writes it (``prepare_message``, then ``basic_publish`` on the default
    exchange: the body base64-encoded, a new delivery tag, priority 0, which is the queue's own list). ``tests/service/test_broker.py`` checks the
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
        self._template: tuple | bool | None = None

    def __call__(self, submission_id: str) -> None:
        import base64
        import json
        import uuid

        task_id = str(uuid.uuid4())
        headers, properties, body = self._task_message(task_id, submission_id)
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

    def _as_task_v2(self, task_id: str, submission_id: str) -> tuple[dict, dict, list]:
        """Celery's own task message: ``(headers, properties, body)``."""
        from celery.utils.nodenames import anon_nodename

        if self._origin is None:
            self._origin = anon_nodename()
        headers, properties, body, _sent = self._app.amqp.as_task_v2(
            task_id, self.TASK, args=[submission_id], origin=self._origin, ignore_result=None,
            reply_to=self._app.thread_oid)
        return headers, properties, list(body)

    def _task_message(self, task_id: str, submission_id: str) -> tuple[dict, dict, list]:
        """Celery's task message for these ids, from a template of it made once (``as_task_v2`` cost
        about 0.15 ms a move): only the task id, the submission id (with its ``argsrepr``) and the
        calling thread's ``reply_to`` change from one move to the next. The template is checked against
        Celery's message for other ids when it is made; if they differ (a Celery upgrade that adds a
        field that changes), every message is Celery's own. A submission id that is not a plain uuid
        takes Celery's too (its ``argsrepr`` is then Celery's ``saferepr``)."""
        if self._template is None:
            self._template = self._make_template()
        if self._template is False or not _PLAIN_ID.fullmatch(submission_id):
            return self._as_task_v2(task_id, submission_id)
        headers, body = self._template
        return ({**headers, "id": task_id, "root_id": task_id, "argsrepr": repr([submission_id])},
                {"correlation_id": task_id, "reply_to": self._app.thread_oid},
                [[submission_id], *body[1:]])

    def _make_template(self):
        t_id, s_id = "00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000001"
        headers, _properties, body = self._as_task_v2(t_id, s_id)
        self._template = (headers, body)
        check_t, check_s = str(uuid4()), str(uuid4())
        if self._task_message(check_t, check_s) != self._as_task_v2(check_t, check_s):
            return False
        return self._template
