"""The scale setting for the race tests (test_races.py; issue 9 part 3), started once per module:

- ``bench.harness.redis_pg_stack``: gunicorn (2 workers x 8 threads) on a throwaway PostgreSQL database
  and 2 real Celery worker processes (solo pool; ``marked_worker.py``: the real worker, with a marker of
  each adjudication, each held ``UMPIRE_RACE_HOLD_SECONDS`` (0.01) inside the game's lock) on Redis db ``UMPIRE_TEST_REDIS_URL`` (flushed before and after), taking the moves'
  and the mail's queues;
- a real SMTP relay on localhost (``tests.mail.conftest.Relay``) that the workers send Umpire's mail to,
  and the SMTP listener (``mail.smtp_listener``, as ``umpire mail listen`` runs it) in this process;
- an app on the same database and Redis, for the tests to read the database and queue mail.

Skipped, with the reason, only where PostgreSQL or Redis cannot be reached. Everything started here is
stopped at the end of the module, each by its own id.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
import requests
from sqlalchemy import select

from bench.harness import redis_pg_stack
from mail.config import settings
from mail.smtp_listener import controller
from service.models import Move, Submission
from tests.mail.conftest import DOMAIN, SECRET, Relay, free_port, mail_config
from umpire_app.web import create_app

REDIS_TEST_URL = os.environ.get("UMPIRE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
PG_HOST = os.environ.get("UMPIRE_TEST_PG_HOST", "127.0.0.1")
PG_ADMIN_DB = os.environ.get("UMPIRE_TEST_PG_DB", "test")
#: Slept inside each adjudication (marked_worker.py): a game's next submission then often reaches the
#: other worker while the game is locked, so the lock is what keeps them apart.
HOLD = os.environ.get("UMPIRE_RACE_HOLD_SECONDS", "0.01")
#: The web processes' bad-token limit (service.throttle), low so the throttle test is short.
BAD_TOKEN_LIMIT = 6
MARKED_WORKER = [sys.executable, str(Path(__file__).with_name("marked_worker.py"))]


def _unreachable() -> str | None:
    try:
        import psycopg
        with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", connect_timeout=3):
            pass
    except Exception as e:  # any failure to connect means: skip, saying why
        return f"PostgreSQL at {PG_HOST} is not reachable: {e}"
    try:
        import redis
        r = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=3)
        r.ping()
        r.close()
    except Exception as e:
        return f"Redis at {REDIS_TEST_URL} is not reachable: {e}"
    return None


@pytest.fixture(scope="module", name="scale")
def scale_setting(tmp_path_factory):
    """The running scale setting: ``base`` (HTTP), ``sessions`` (the database), ``celery``, ``relay``,
    ``smtp_port`` (the listener), ``marker`` (the workers' adjudication marks), ``stack``."""
    why = _unreachable()
    if why:
        pytest.skip(why)
    marker = tmp_path_factory.mktemp("races") / "adjudications.txt"
    relay = Relay()
    relay.controller.start()
    app = listener = None
    try:
        env = {"UMPIRE_TEST_MARKER": str(marker), "UMPIRE_TEST_HOLD_SECONDS": HOLD, "UMPIRE_MAIL_DOMAIN": DOMAIN,
               "UMPIRE_MAIL_WEBHOOK_SECRET": SECRET, "UMPIRE_SMTP_HOST": "127.0.0.1",
               "UMPIRE_SMTP_PORT": str(relay.port), "UMPIRE_SMTP_SECURITY": "none",
               # the throttle test (test_races.py) speaks for other client addresses through this header
               "UMPIRE_TRUSTED_PROXIES": "1", "UMPIRE_BAD_TOKEN_LIMIT": str(BAD_TOKEN_LIMIT)}
        with redis_pg_stack(8, REDIS_TEST_URL, env, MARKED_WORKER, "celery,mail", PG_HOST, PG_ADMIN_DB) as stack:
            app = create_app({"DATABASE_URL": stack.db_url, "REDIS_URL": stack.redis_url, "MIGRATE": False,
                              "MAIL": mail_config(relay.port)})
            celery = app.extensions["celery"]
            smtp_port = free_port()
            listener = controller(app.extensions["umpire"]["sessions"], settings(app),
                                  lambda rid: celery.send_task("tasks.mail.handle", args=[rid]), "127.0.0.1",
                                  smtp_port)
            listener.start()
            try:
                yield SimpleNamespace(base=stack.base, sessions=app.extensions["umpire"]["sessions"],
                                      celery=celery, relay=relay, smtp_port=smtp_port, marker=marker,
                                      stack=stack)
            finally:
                listener.stop()
                app.extensions["umpire"]["engine"].dispose()
    finally:
        relay.controller.stop()


# --- helpers ---------------------------------------------------------------------------------------------

def verdict_of(base: str, sid: str, seconds: float = 60.0) -> dict:
    """GET /api/submissions/<id>?wait until it has a verdict (bounded)."""
    deadline = time.monotonic() + seconds
    while True:
        out = requests.get(f"{base}/api/submissions/{sid}?wait=10", timeout=30).json()
        if out["status"] in ("accepted", "partial", "rejected", "failed"):
            return out
        assert time.monotonic() < deadline, f"no verdict within {seconds}s for submission {sid}: {out}"


def log_rows(sessions, gid: str) -> list[tuple[int, str, str | None, str | None]]:
    """The game's Move rows in order: (seq, action, submission id, the submission's game)."""
    with sessions() as s:
        return list(s.execute(select(Move.seq, Move.action, Move.submission_id, Submission.game_id)
                              .outerjoin(Submission, Submission.id == Move.submission_id)
                              .where(Move.game_id == gid).order_by(Move.seq)).all())


def submissions(sessions, gid: str) -> list[Submission]:
    with sessions() as s:
        return list(s.execute(select(Submission).where(Submission.game_id == gid)
                              .order_by(Submission.created_at, Submission.id)).scalars())


def marks(marker: Path) -> list[tuple[int, str, str, float, float]]:
    """The workers' adjudication marks: (pid, game, submission, start, end)."""
    if not marker.exists():
        return []
    out = []
    for line in marker.read_text().splitlines():
        pid, gid, sid, start, end = line.split()
        out.append((int(pid), gid, sid, float(start), float(end)))
    return out


def queues_idle(redis_url: str, seconds: float = 60.0) -> None:
    """Waits (bounded) until the Redis queues of the moves and the mail are empty and nothing is
    unacknowledged (every task the tests caused has run), seen twice in a row half a second apart."""
    import redis

    r = redis.Redis.from_url(redis_url)
    try:
        deadline, quiet = time.monotonic() + seconds, 0
        while quiet < 2:
            busy = r.llen("celery") + r.llen("mail") + r.hlen("unacked")
            quiet = quiet + 1 if busy == 0 else 0
            assert time.monotonic() < deadline, f"the queues were still busy after {seconds}s ({busy} messages)"
            time.sleep(0.5)
    finally:
        r.close()
