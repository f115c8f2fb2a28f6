"""The real Celery worker, with a marker of each adjudication, for the race tests (test_races.py).

Run as ``python tests/reliability/marked_worker.py worker --pool solo ...`` (the arguments of ``celery
worker``) with the worker's environment. Each call of ``service.adjudication.process`` (the game's row
lock is held) appends one line ``<pid> <game id> <submission id> <start> <end>`` (wall-clock seconds) to
the file named by ``UMPIRE_TEST_MARKER``, with one ``O_APPEND`` write, so the lines of the two worker
processes never mix. The interval lies inside the lock, before the commit: two intervals of one game
that overlap would mean two workers adjudicated that game at once. ``UMPIRE_TEST_HOLD_SECONDS`` (default
0) is slept at the start of each call, inside the lock: a slower adjudication, so that a game's next
submission is often taken by the other worker while the lock is held.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import service.adjudication as adjudication  # noqa: E402

_real_process = adjudication.process
HOLD = float(os.environ.get("UMPIRE_TEST_HOLD_SECONDS", "0"))


def marked_process(session, game, sub, snapshot_every: int = 50, entropy=None) -> None:
    start = time.time()
    time.sleep(HOLD)
    try:
        return _real_process(session, game, sub, snapshot_every, entropy)
    finally:
        line = f"{os.getpid()} {game.id} {sub.id} {start:.6f} {time.time():.6f}\n".encode()
        fd = os.open(os.environ["UMPIRE_TEST_MARKER"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)


adjudication.process = marked_process


def main() -> None:
    from umpire_app.worker import celery_app

    celery_app.worker_main(sys.argv[1:])


if __name__ == "__main__":
    main()
