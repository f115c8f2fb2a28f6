"""The embedded default: web server, Celery worker and sweeper in one local process, no servers needed.

Once the worker is started (``start_worker``), a move is adjudicated by a thread of this process the
moment it is stored (``InProcessMoves``), with no broker in between. Everything else Celery carries here
(mail, PDF renders) goes through kombu's in-memory transport to a Celery worker thread, which looks for
messages every ``service.config.MEMORY_POLL_SECONDS``. The database is the source of truth, so at start-up
(and every few seconds) the sweeper queues again anything left queued, and a restart loses nothing.
"""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from celery.worker import WorkController
from flask import Flask
from werkzeug.serving import make_server

from .config import QUEUES

log = logging.getLogger("umpire.embedded")


class InProcessMoves:
    """The embedded default's ``enqueue``: runs ``tasks.adjudicate`` for each submission id given, in a
    thread of this process, one at a time and in the order given (a ``ThreadPoolExecutor`` of one thread).

    The task runs through Celery's ``Task.apply``, so it is the task a worker runs: inside the app's
    context, logged by Celery, and retried on ``OperationalError`` (at once, where a worker waits between
    tries). A call returns as soon as the id is handed over; at the interpreter's exit the ids handed over
    are adjudicated first. A move it never gets to (the process killed) stays queued in the database, and
    the sweeper queues it again."""

    TASK = "tasks.adjudicate"

    def __init__(self, celery_app) -> None:
        self._task = celery_app.tasks[self.TASK]
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="adjudicate")

    def __call__(self, submission_id: str) -> None:
        self._pool.submit(self._run, submission_id)

    def _run(self, submission_id: str) -> None:
        try:
            self._task.apply(args=[submission_id])  # a failure of the task itself is logged by Celery
        except Exception:
            log.exception("adjudicating submission %s failed; the sweeper will queue it again", submission_id)

    def shutdown(self, wait: bool = True) -> None:
        """Takes no more moves; with *wait*, returns once those handed over are done."""
        self._pool.shutdown(wait=wait)


def start_worker(app: Flask) -> WorkController:
    """Starts a Celery worker (solo pool, every queue) in a daemon thread of this process, and from then on
    adjudicates the app's moves in this process (``InProcessMoves`` becomes the app's ``enqueue``)."""
    celery = app.extensions["celery"]
    worker = WorkController(app=celery, concurrency=1, pool="solo", hostname="embedded@localhost", queues=",".join(QUEUES),
                            without_heartbeat=True, without_mingle=True, without_gossip=True, loglevel="WARNING")
    threading.Thread(target=worker.start, name="celery-worker", daemon=True).start()
    app.extensions["umpire"]["enqueue"] = InProcessMoves(celery)
    return worker


def sweep_once(app: Flask, older_than: float | None = None) -> int:
    from .adjudication import stuck
    with app.app_context():
        ids = stuck(app.extensions["umpire"]["sessions"],
                    app.config["SWEEP_SECONDS"] if older_than is None else older_than,
                    app.config["MAX_ATTEMPTS"])
        for sid in ids:
            app.extensions["umpire"]["enqueue"](sid)
    return len(ids)


def start_sweeper(app: Flask, every: float = 5.0) -> threading.Thread:
    def loop():
        while True:
            time.sleep(every)
            try:
                sweep_once(app)
                app.extensions["celery"].send_task("tasks.mail.sweep")  # mail: deadlines, unanswered mail
            except Exception:  # keep sweeping; the next round will try again
                log.exception("sweep failed")

    t = threading.Thread(target=loop, name="sweeper", daemon=True)
    t.start()
    return t


def bind_creation(app: Flask, host: str) -> str:
    """The creation setting of a server bound to *host* (``service.access``): the embedded default's "this
    machine only" becomes closed when it listens beyond loopback (a token or UMPIRE_OPEN_CREATION=1 opens it).
    Returns the setting in force."""
    from .access import is_loopback
    loopback = host == "localhost" or is_loopback(host)
    if app.config.get("CREATION") == "local" and not loopback:
        app.config["CREATION"] = "closed"
        log.warning("listening on %s, beyond loopback: POST /api/games and /api/imports are refused; set "
                    "UMPIRE_CREATE_TOKEN (or UMPIRE_OPEN_CREATION=1) to allow them", host)
    return app.config.get("CREATION")


def serve(app: Flask, host: str = "127.0.0.1", port: int = 5000, ready=None) -> None:
    """Runs web, worker and sweeper until interrupted."""
    bind_creation(app, host)
    start_worker(app)
    sweep_once(app, older_than=0)
    start_sweeper(app)
    server = make_server(host, port, app, threaded=True)
    if ready:
        ready(server)
    try:
        server.serve_forever()
    finally:
        server.shutdown()
