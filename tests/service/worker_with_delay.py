"""A Celery worker whose adjudication is slowed down, for the crash test (test_workers.py).

Run as a script (``python tests/service/worker_with_delay.py NODENAME``) with the same environment as
the real worker (``DATABASE_URL``, ``REDIS_URL``). Before adjudicating a submission it appends
``"<submission id> <pid>"`` to the file named by ``UMPIRE_TEST_MARKER`` and sleeps
``UMPIRE_TEST_DELAY`` seconds (default 60) *inside* the adjudication transaction (the game is locked),
then calls the real ``service.adjudication.process``. The test kills it with SIGKILL while it sleeps.
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


def slow_process(session, game, sub, snapshot_every: int = 50) -> None:
    marker = os.environ.get("UMPIRE_TEST_MARKER")
    if marker:
        with open(marker, "a", encoding="utf-8") as f:
            f.write(f"{sub.id} {os.getpid()}\n")
            f.flush()
            os.fsync(f.fileno())
    time.sleep(float(os.environ.get("UMPIRE_TEST_DELAY", "60")))
    return _real_process(session, game, sub, snapshot_every)


adjudication.process = slow_process


def main() -> None:
    node = sys.argv[1] if len(sys.argv) > 1 else f"slow-{os.getpid()}@localhost"
    from tasks.worker import celery_app

    celery_app.worker_main(["worker", "--pool", "solo", "--loglevel", "WARNING", "-n", node,
                            "--without-mingle", "--without-gossip", "--without-heartbeat"])


if __name__ == "__main__":
    main()
