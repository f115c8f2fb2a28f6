"""The Celery app bound to a Flask app (the Flask documentation's pattern): every task runs inside the
app's context. The tasks themselves are in ``tasks``; the web process sends them by name.

``enqueue`` is how every way in queues a stored submission for adjudication; ``queue_mail`` how a web
request queues the sending of mail it wrote to the outbox."""

from __future__ import annotations

import logging

from celery import Celery, Task
from flask import Flask, current_app

log = logging.getLogger("umpire.queue")


def celery_init_app(app: Flask) -> Celery:
    class FlaskTask(Task):
        def __call__(self, *args, **kwargs):
            with app.app_context():
                return self.run(*args, **kwargs)

    celery_app = Celery(app.name, task_cls=FlaskTask)
    celery_app.config_from_object(app.config["CELERY"])
    celery_app.set_default()
    app.extensions["celery"] = celery_app
    return celery_app


def enqueue(submission_id: str, app: Flask | None = None) -> bool:
    """Queues a stored submission's id for adjudication (the app's ``extensions["umpire"]["enqueue"]``:
    Celery's task message, or the embedded default's worker thread); *app* defaults to the current app.

    Returns whether the id was handed over. If the broker cannot take it (down, unreachable, or any
    other error raised while sending), a warning is logged and False returned: the submission is already
    stored with the status ``queued``, so the sweeper (``adjudication.stuck``) queues it again, and the
    caller answers as if it had been queued. Queueing an id twice is harmless (``adjudicate`` is
    idempotent), so nothing is lost or applied twice."""
    app = app or current_app._get_current_object()
    try:
        app.extensions["umpire"]["enqueue"](submission_id)
    except Exception as e:  # the broker is down or unreachable
        log.warning("could not queue submission %s (%s: %s); it stays queued and the sweeper will queue it "
                    "again", submission_id, type(e).__name__, e, exc_info=True)
        return False
    return True


def queue_mail(outbox_ids: list[int], app: Flask | None = None) -> None:
    """Queues the sending of outbox rows written by a transaction now committed (a tournament round's
    letters). A row the broker cannot take stays pending, and the mail sweep queues it again."""
    app = app or current_app._get_current_object()
    for oid in outbox_ids:
        try:
            app.extensions["celery"].send_task("tasks.mail.send", args=[oid])
        except Exception as e:  # the broker is down: the sweep queues pending rows again
            log.warning("could not queue outbox row %s (%s); the mail sweep will", oid, e)
