"""The Celery tasks: thin tasks that take ids (the Celery app bound to Flask is ``service.queue``).

Tasks only load ids and call service functions; the database is the source of truth, so a task run
twice does nothing the second time (``adjudicate`` is idempotent).
"""

from __future__ import annotations

import logging

from celery import shared_task
from celery.app.trace import LOG_RECEIVED, LOG_SUCCESS
from celery.utils.log import get_task_logger
from flask import current_app
from sqlalchemy.exc import OperationalError

from service import settings

logger = get_task_logger(__name__)


class QuietMoves(logging.Filter):
    """Leaves out Celery's two INFO lines for every move it adjudicates ("received", "succeeded"): the
    submission's row records both, with its verdict, so the worker does not write them. A move task that
    is retried or fails is logged as usual, and so is every other task. ``UMPIRE_LOG_MOVES=1`` keeps the
    two lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.msg in (LOG_RECEIVED, LOG_SUCCESS) and isinstance(record.args, dict)
                    and record.args.get("name") == "tasks.adjudicate")


if not settings.current().log_moves:
    for _name in ("celery.worker.strategy", "celery.app.trace"):
        logging.getLogger(_name).addFilter(QuietMoves())


@shared_task(name="tasks.adjudicate", bind=True, acks_late=True, reject_on_worker_lost=True,
             autoretry_for=(OperationalError,), retry_backoff=True, retry_backoff_max=30, max_retries=5)
def adjudicate(self, submission_id: str) -> str | None:
    """Adjudicates one submission (and any older one of the same game first)."""
    from service.adjudication import adjudicate as run

    umpire = current_app.extensions["umpire"]
    status = run(umpire["sessions"], submission_id, current_app.config["SNAPSHOT_EVERY"],
                 on_done=lambda subs: _tell(umpire["notifier"], subs))
    mail.after_adjudication(submission_id)  # play by email: answer mailed moves, mail whoever must act next
    if status in ("accepted", "partial") and current_app.config.get("PRERENDER_SNAPSHOTS"):
        from service.models import Submission
        with umpire["sessions"]() as s:
            gid = s.get(Submission, submission_id).game_id
        render_snapshots.delay(gid)
    return status


def _tell(notifier, subs: list[dict]) -> None:
    """Wakes the web requests waiting for these verdicts, handing them the committed submissions (so
    they need not read them back). The verdicts are committed already: if the
    notice cannot be published (Redis down), the waiters find them by re-reading the database within a
    second, and the hooks after the verdict (mail, renders) must still run."""
    import redis

    try:
        notifier.done(subs)
    except (redis.RedisError, OSError) as e:  # Redis is down or restarting
        logger.warning("verdict notice for %s not published (%s); waiters re-read the database",
                       [s["id"] for s in subs], e)


@shared_task(name="tasks.render_snapshots", soft_time_limit=60, time_limit=90)
def render_snapshots(game_id: str) -> int:
    """Renders each seat's PDF snapshot of the current position (stored; served by the API)."""
    from service.reports.store import render_snapshots as run

    return run(current_app.extensions["umpire"]["sessions"], game_id)


@shared_task(name="tasks.sweep")
def sweep() -> int:
    """Queues again the submissions left queued (a lost message, a killed worker)."""
    from service.adjudication import stuck

    ids = stuck(current_app.extensions["umpire"]["sessions"], current_app.config["SWEEP_SECONDS"],
                current_app.config["MAX_ATTEMPTS"])
    for sid in ids:
        adjudicate.delay(sid)
    return len(ids)


from . import mail  # noqa: E402  (the mail tasks; imported here so that workers register them)
