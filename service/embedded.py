"""The embedded default: web server, Celery worker and sweeper in one local process, no servers needed.

The broker is kombu's in-memory transport, so the worker is a thread of this process; the database is
the source of truth, so at start-up (and every few seconds) the sweeper queues again anything left
queued, and a restart loses nothing.
"""

from __future__ import annotations

import logging
import threading
import time

from celery.worker import WorkController
from flask import Flask
from werkzeug.serving import make_server

from .config import QUEUES

log = logging.getLogger("umpire.embedded")


def start_worker(app: Flask) -> WorkController:
    """Starts a Celery worker (solo pool) in a daemon thread of this process."""
    celery = app.extensions["celery"]
    worker = WorkController(app=celery, concurrency=1, pool="solo", hostname="embedded@localhost", queues=",".join(QUEUES),
                            without_heartbeat=True, without_mingle=True, without_gossip=True, loglevel="WARNING")
    threading.Thread(target=worker.start, name="celery-worker", daemon=True).start()
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
