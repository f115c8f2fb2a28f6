"""PDF renders in every Celery worker pool (issue 21, finding 1).

The Procfile's ``background`` worker takes the ``renders`` and ``mail`` queues with Celery's default pool,
prefork. Its pool children are daemonic processes, and Python refuses to let a daemonic process start a
child with ``multiprocessing`` ("daemonic processes are not allowed to have children"), which is how the
renderer (``service/reports/limits.py``) used to start its WeasyPrint process: every
``tasks.render_snapshots`` and every ``tasks.mail.answer`` with a PDF failed in the deployment, while the
tests, whose workers used the solo pool, stayed green. Here the Procfile's own ``background`` command
renders each seat's snapshot, in the prefork pool (as written) and in the solo and threads pools.
"""

from __future__ import annotations

import shlex
import sys
import time

import pytest
from sqlalchemy import func, select

from service import games as G
from service.models import Render
from tests.service.test_workers import ROOT, Proc, node_name, redis_to_ourselves, wait_ready, worker_env
from umpire_app.web import create_app


def procfile_command(name: str) -> list[str]:
    """The argv of the Procfile's process *name*, as written (no shell variables in these lines)."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        key, sep, cmd = line.partition(":")
        if sep and key.strip() == name:
            return shlex.split(cmd)
    raise AssertionError(f"no {name!r} process in the Procfile")


def background_worker(pool: str | None, node: str) -> list[str]:
    """The Procfile's ``background`` command, run by this interpreter's ``celery``, in *pool* (None: as
    written, Celery's default pool), named *node*."""
    argv = procfile_command("background")
    assert argv[:2] == ["celery", "-A"], argv
    return [sys.executable, "-m", *argv, "-n", node, *(["--pool", pool] if pool else [])]


@pytest.mark.parametrize("pool", [None, "solo", "threads"], ids=["prefork-as-written", "solo", "threads"])
def test_the_background_worker_renders_pdfs_in_every_pool(pool, pg_url, redis_url, tmp_path):
    redis_to_ourselves(redis_url)
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": redis_url})
    node = node_name(f"background-{pool or 'prefork'}")
    proc = Proc(background_worker(pool, node), worker_env(pg_url, redis_url, tmp_path),
                tmp_path / "background.log")
    try:
        wait_ready(app, {node: proc})
        with app.extensions["umpire"]["sessions"]() as s, s.begin():
            game, _ = G.create_game(s, "palestine", "standard", {}, None, "pools")
            gid = game.id
        app.extensions["celery"].send_task("tasks.render_snapshots", args=[gid])
        deadline = time.monotonic() + 90
        rendered = 0
        while time.monotonic() < deadline:
            with app.extensions["umpire"]["sessions"]() as s:
                rendered = s.execute(select(func.count()).select_from(Render)
                                     .where(Render.game_id == gid, Render.kind == "snapshot")).scalar()
            log = proc.tail(20000)
            if rendered == 2 or "Traceback" in log or "raised unexpected" in log:
                break
            time.sleep(0.3)
        assert rendered == 2, f"{rendered} of 2 snapshots rendered by the {pool or 'prefork'} pool:\n{proc.tail()}"
        with app.extensions["umpire"]["sessions"]() as s:
            pdfs = s.execute(select(Render.pdf).where(Render.game_id == gid)).scalars().all()
        assert all(p.startswith(b"%PDF") for p in pdfs)
    finally:
        proc.stop()
        app.extensions["umpire"]["engine"].dispose()
