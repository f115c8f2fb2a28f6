"""A real Celery worker with faults put in on demand, for the crash tests (tests/service/test_workers.py,
tests/reliability/, issue 9 part 2).

Run as a script (``python tests/service/worker_with_delay.py NODENAME``) with the same environment as
the real worker (``DATABASE_URL``, ``REDIS_URL``). It is the real ``celery worker`` (solo pool) with, as
the environment asks:

- ``UMPIRE_TEST_DELAY`` (seconds): before adjudicating a submission, append ``"<submission id> <pid>"``
  to the file named by ``UMPIRE_TEST_MARKER`` (if set) and sleep that long *inside* the adjudication
  transaction (the game is locked), then call the real ``service.adjudication.process``;
- ``UMPIRE_TEST_KILL_AT`` (a point of ``KILL_POINTS``) and ``UMPIRE_TEST_KILL_AFTER`` (n, default 1): the
  n-th time the worker reaches that point it appends ``"<point> <submission id> <pid>"`` to the marker
  file and kills itself with SIGKILL (no clean-up, no ack, no rollback sent to the database);
- ``UMPIRE_TEST_VISIBILITY_TIMEOUT`` (seconds): the Redis transport gives a message back to the queue
  when it has been unacked that long, checked every second (so a killed worker's message returns soon);
- ``UMPIRE_TEST_QUEUES``: the queues to take (``--queues``), as the Procfile's worker or background.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import service.adjudication as adjudication  # noqa: E402
import service.notify as notify  # noqa: E402

#: Where a worker can be killed, in the order an adjudication reaches them.
KILL_POINTS = (
    "before-lock",    # the adjudication's transaction begun, the game's row lock not yet taken
    "before-commit",  # the engine applied the move; its rows are written or kept for the commit
    "after-commit",   # committed; the task has not returned, so its message is not acked
    "notify",         # telling the waiting web requests that the verdict is in (Redis pub/sub)
    "after-hooks",    # the hooks after the verdict: mail answers, PDF renders
)

_real_process = adjudication.process
_real_lock_game_of = adjudication.lock_game_of
_real_adjudicate = adjudication._adjudicate
_real_done = notify.RedisNotifier.done
_seen = {"n": 0}


def _mark(line: str) -> None:
    marker = os.environ.get("UMPIRE_TEST_MARKER")
    if marker:
        with open(marker, "a", encoding="utf-8") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())


def _reached(point: str, sid: str) -> None:
    """Kills this process if *point* is the one asked for and this is its n-th time."""
    if os.environ.get("UMPIRE_TEST_KILL_AT") != point:
        return
    _seen["n"] += 1
    if _seen["n"] >= int(os.environ.get("UMPIRE_TEST_KILL_AFTER", "1")):
        _mark(f"{point} {sid} {os.getpid()}")
        os.kill(os.getpid(), signal.SIGKILL)


def slow_process(session, game, sub, snapshot_every: int = 50, entropy=None) -> None:
    _mark(f"{sub.id} {os.getpid()}")
    time.sleep(float(os.environ["UMPIRE_TEST_DELAY"]))
    return _real_process(session, game, sub, snapshot_every, entropy)


def _process(session, game, sub, snapshot_every: int = 50, entropy=None) -> None:
    out = _real_process(session, game, sub, snapshot_every, entropy)
    session.flush()  # the move's rows are in the database, uncommitted
    _reached("before-commit", sub.id)
    return out


def _lock_game_of(session, submission_id):
    _reached("before-lock", submission_id)
    return _real_lock_game_of(session, submission_id)


def _adjudicate(Session, submission_id, snapshot_every, done):
    out = _real_adjudicate(Session, submission_id, snapshot_every, done)
    _reached("after-commit", submission_id)
    return out


def _done(self, done):
    for item in done:  # submission ids, or the submissions as describe() gives them
        _reached("notify", item["id"] if isinstance(item, dict) else item)
    return _real_done(self, done)


def install() -> None:
    """Puts in the faults the environment asks for (before the worker starts)."""
    if os.environ.get("UMPIRE_TEST_DELAY"):
        adjudication.process = slow_process
    point = os.environ.get("UMPIRE_TEST_KILL_AT")
    if point:
        if point not in KILL_POINTS:
            raise SystemExit(f"UMPIRE_TEST_KILL_AT={point!r}: not one of {', '.join(KILL_POINTS)}")
        adjudication.process = _process
        adjudication.lock_game_of = _lock_game_of
        adjudication._adjudicate = _adjudicate
        notify.RedisNotifier.done = _done
        import tasks.mail as mail_tasks
        real_after = mail_tasks.after_adjudication

        def after_adjudication(submission_id):
            _reached("after-hooks", submission_id)
            return real_after(submission_id)

        mail_tasks.after_adjudication = after_adjudication


def main() -> None:
    node = sys.argv[1] if len(sys.argv) > 1 else f"slow-{os.getpid()}@localhost"
    from umpire_app.worker import celery_app

    install()
    vt = os.environ.get("UMPIRE_TEST_VISIBILITY_TIMEOUT")
    if vt:
        celery_app.conf.broker_transport_options = {
            **(celery_app.conf.broker_transport_options or {}), "visibility_timeout": float(vt),
            "unacked_restore_interval": 1, "unacked_restore_throttle": 1}
    argv = ["worker", "--pool", "solo", "--loglevel", "WARNING", "-n", node,
            "--without-mingle", "--without-gossip", "--without-heartbeat"]
    if os.environ.get("UMPIRE_TEST_QUEUES"):
        argv += ["--queues", os.environ["UMPIRE_TEST_QUEUES"]]
    celery_app.worker_main(argv)


if __name__ == "__main__":
    main()
