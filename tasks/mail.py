"""Mail tasks: handle an inbound message, answer a game's mailed moves, send an outbox row,
and the periodic mail sweep. Thin: they load ids and call ``mail``; the database is the truth."""

from __future__ import annotations

import smtplib

from celery import shared_task
from flask import current_app
from sqlalchemy.exc import OperationalError

import mail.config
from mail import inbound, notices, outbound
from mail import sweep as mail_sweep
from service.queue import enqueue


def _ctx():
    return current_app.extensions["umpire"]["sessions"], mail.config.settings(current_app)


def _send_all(ids) -> None:
    for oid in ids:
        send.delay(oid)


@shared_task(name="tasks.mail.handle", acks_late=True, autoretry_for=(OperationalError,), retry_backoff=True,
             max_retries=5)
def handle(inbound_id: int) -> str:
    """Reads a stored message and acts on it: a submission is queued, answers are sent."""
    Session, s = _ctx()
    res = inbound.handle(Session, s, inbound_id)
    if res.submission_id:
        enqueue(res.submission_id)  # a broker that is down: the sweeper queues it (service.queue.enqueue)
    if res.answer_game:
        answer.delay(res.answer_game)
    _send_all(res.outbox_ids)
    return res.status


@shared_task(name="tasks.mail.answer", acks_late=True, autoretry_for=(OperationalError,), retry_backoff=True,
             max_retries=5, soft_time_limit=100, time_limit=120)
def answer(game_id: str) -> int:
    """Answers the game's mailed moves that have their verdicts, and mails whoever must act next."""
    Session, s = _ctx()
    ids = notices.answer_game(Session, s, game_id)
    _send_all(ids)
    return len(ids)


@shared_task(name="tasks.mail.send", bind=True, acks_late=True, max_retries=5)
def send(self, outbound_id: int) -> str:
    """Claims and sends one outbox row through the relay (``outbound.send``: a row another sender has
    claimed is left to it); retried (at most 5 times, backing off) while the relay is unreachable or
    answers 4xx. Queuing one row twice sends it once."""
    Session, s = _ctx()
    try:
        return outbound.send(Session, s, outbound_id, final=self.request.retries >= self.max_retries)
    except (outbound.TemporaryFailure, OperationalError, smtplib.SMTPException) as e:
        raise self.retry(exc=e, countdown=min(600, 10 * 2 ** self.request.retries)) from None


@shared_task(name="tasks.mail.sweep")
def sweep() -> int:
    """The periodic mail sweep (``mail.sweep``): unread messages, unanswered verdicts, deadlines."""
    Session, s = _ctx()
    todo = mail_sweep.sweep(Session, s)
    for iid in todo.inbound:
        handle.delay(iid)
    for gid in todo.games:
        answer.delay(gid)
    _send_all(todo.outbox)
    return len(todo.inbound) + len(todo.games) + len(todo.outbox)


def after_adjudication(submission_id: str) -> None:
    """The hook after a verdict: answers the game's mailed moves and mails whoever must act next.
    Does nothing when no relay is configured."""
    if not mail.config.settings(current_app).enabled:
        return
    from service.models import Submission
    with current_app.extensions["umpire"]["sessions"]() as s:
        sub = s.get(Submission, submission_id)
        gid = sub.game_id if sub else None
    if gid:
        answer.delay(gid)
