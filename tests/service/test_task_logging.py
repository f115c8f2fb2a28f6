"""Celery's per-task INFO lines for moves are left out of the worker's log (``tasks.QuietMoves``; issue 3's
throughput); every other line, a move's retry included, is kept."""

from __future__ import annotations

import logging

from celery.app.trace import LOG_RECEIVED, LOG_RETRY, LOG_SUCCESS

import tasks  # noqa: F401  (installs the filter)


def _ctx(name: str) -> dict:
    return {"id": "T-1", "name": name, "args": "['S-1']", "kwargs": "{}", "return_value": "'accepted'",
            "runtime": 0.01, "eta": None, "exc": "OperationalError"}


def test_a_moves_received_and_succeeded_lines_are_left_out(caplog):
    caplog.set_level(logging.INFO)
    logging.getLogger("celery.worker.strategy").info(LOG_RECEIVED, _ctx("tasks.adjudicate"))
    logging.getLogger("celery.app.trace").info(LOG_SUCCESS, _ctx("tasks.adjudicate"))
    assert "T-1" not in caplog.text


def test_a_moves_retry_and_other_tasks_lines_are_kept(caplog):
    caplog.set_level(logging.INFO)
    logging.getLogger("celery.app.trace").info(LOG_RETRY, _ctx("tasks.adjudicate"))
    logging.getLogger("celery.app.trace").info(LOG_SUCCESS, _ctx("tasks.render_snapshots"))
    logging.getLogger("celery.worker.strategy").info(LOG_RECEIVED, _ctx("tasks.mail.send"))
    assert "tasks.adjudicate[T-1] retry" in caplog.text
    assert "tasks.render_snapshots[T-1] succeeded" in caplog.text
    assert "tasks.mail.send[T-1]" in caplog.text
