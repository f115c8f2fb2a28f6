"""Migrations run once: processes starting together on a fresh database migrate it once between them
(``service.migrate.upgrade``: a PostgreSQL advisory lock; SQLite's write lock), a process starting on a
database already at head takes no lock, and ``umpire init-db`` says what it did.

The concurrent callers are real processes (``python -c``), each printing what its ``upgrade`` returned.
PostgreSQL tests use a throwaway database each and are skipped, saying why, only where PostgreSQL at
127.0.0.1:5432 cannot be reached (``tests.service.conftest``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import text

from service.db import make_engine
from service.migrate import MIGRATION_LOCK_KEY, is_current, script_heads, upgrade
from tests.service.conftest import PG_HOST, throwaway_database

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 120.0  # generous: a wait this long means something is stuck, not slow

#: The start of the ``python -c`` programs below: ``await_go(go)`` says the process is ready (it creates the
#: file ``go + ".<pid>"``) and waits until the file *go* exists, so that the test releases them together.
AWAIT_GO = """
import os, sys, time
def await_go(go):
    open(f"{go}.{os.getpid()}", "w").close()
    deadline = time.monotonic() + 120
    while not os.path.exists(go):
        if time.monotonic() > deadline:
            sys.exit("never told to go")
        time.sleep(0.005)
"""

#: ``python -c`` program: ``upgrade`` on the database ``argv[1]``, released by the file ``argv[2]`` if given
#: (``AWAIT_GO``); prints the result as JSON.
UPGRADE = AWAIT_GO + """
import json
from service.db import make_engine
from service.migrate import upgrade
url, go = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else None)
if go:
    await_go(go)
engine = make_engine(url)
done = upgrade(engine, secret_key="migrate-once-test-secret-" + "x" * 20)
engine.dispose()
print(json.dumps({"before": done.before, "after": done.after, "migrated": done.migrated}))
"""


def child_env(tmp: Path) -> dict:
    """This environment without the test run's own Umpire settings; the instance folder in *tmp*."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("UMPIRE_", "CELERY_"))
           and k not in ("DATABASE_URL", "REDIS_URL")}
    return env | {"UMPIRE_INSTANCE": str(tmp / "instance"), "PYTHONPATH": str(ROOT)}


def start_upgrade(url: str, tmp: Path, go: Path | None = None) -> subprocess.Popen:
    args = [sys.executable, "-c", UPGRADE, url] + ([str(go)] if go else [])
    return subprocess.Popen(args, cwd=ROOT, env=child_env(tmp), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True)


def result_of(p: subprocess.Popen) -> dict:
    """What the upgrade process *p* printed, once it has ended (killed, and the test failed, if it has not
    within ``SECONDS``)."""
    try:
        out, err = p.communicate(timeout=SECONDS)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        pytest.fail(f"the upgrade process did not return within {SECONDS:g} s:\n{out}\n{err[-4000:]}")
    assert p.returncode == 0, f"the upgrade process exited {p.returncode}:\n{err[-4000:]}"
    return json.loads(out.strip().splitlines()[-1])


def upgrade_at_once(url: str, tmp: Path, n: int = 3) -> list[dict]:
    """*n* processes calling ``upgrade`` on *url* released together (each started and imported first)."""
    go = tmp / "go"
    procs = [start_upgrade(url, tmp, go) for _ in range(n)]
    try:
        deadline = time.monotonic() + SECONDS
        while not all(Path(f"{go}.{p.pid}").exists() for p in procs):
            exited = [p for p in procs if p.poll() is not None]
            assert not exited, f"an upgrade process ended before its start: {exited[0].communicate()[1][-4000:]}"
            assert time.monotonic() < deadline, f"the upgrade processes were not ready within {SECONDS:g} s"
            time.sleep(0.02)
        go.touch()
        return [result_of(p) for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()


def version_rows(url: str) -> list[str]:
    engine = make_engine(url)
    try:
        with engine.connect() as c:
            return list(c.execute(text("SELECT version_num FROM alembic_version")).scalars())
    finally:
        engine.dispose()


def assert_migrated_once(url: str, results: list[dict]) -> None:
    head = list(script_heads())
    assert version_rows(url) == head
    assert all(r["after"] == head for r in results), results
    assert [r["migrated"] for r in results].count(True) == 1, results
    assert all(r["before"] == [] for r in results if r["migrated"]), results
    assert all(r["before"] == head for r in results if not r["migrated"]), results


def psycopg_connect(db_name: str) -> psycopg.Connection:
    return psycopg.connect(host=PG_HOST, dbname=db_name, user="postgres", autocommit=True)


def waiting_for_migration_lock(admin: psycopg.Connection) -> int:
    """How many sessions of *admin*'s database are waiting for the migration lock."""
    return admin.execute(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
        " AND classid = %s AND objid = %s AND objsubid = 1",
        (MIGRATION_LOCK_KEY >> 32, MIGRATION_LOCK_KEY & 0xFFFFFFFF)).fetchone()[0]


def test_three_processes_starting_together_on_a_fresh_postgresql_database_migrate_it_once(tmp_path):
    with throwaway_database("umpire_migrate_once") as (url, _name):
        assert_migrated_once(url, upgrade_at_once(url, tmp_path))


def test_three_processes_starting_together_on_a_fresh_sqlite_file_migrate_it_once(tmp_path):
    url = f"sqlite:///{tmp_path / 'umpire.sqlite3'}"
    assert_migrated_once(url, upgrade_at_once(url, tmp_path))


def test_a_process_on_a_database_at_head_does_not_take_the_migration_lock(tmp_path):
    with throwaway_database("umpire_migrate_once") as (url, name), psycopg_connect(name) as holder:
        engine = make_engine(url)
        try:
            assert not is_current(engine)
            holder.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK_KEY,))
            # the control: on a database not at head, upgrade waits for the lock the test holds
            waiting = start_upgrade(url, tmp_path)
            deadline = time.monotonic() + SECONDS
            while not waiting_for_migration_lock(holder):
                assert waiting.poll() is None, f"upgrade ended without the lock: {waiting.communicate()}"
                assert time.monotonic() < deadline, f"upgrade was not waiting for the lock within {SECONDS:g} s"
                time.sleep(0.05)
            holder.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK_KEY,))
            assert result_of(waiting)["migrated"] is True
            assert is_current(engine)

            # at head: the lock held again, and upgrade returns without waiting for it
            holder.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK_KEY,))
            done = result_of(start_upgrade(url, tmp_path))
            assert done == {"before": list(script_heads()), "after": list(script_heads()), "migrated": False}
            assert waiting_for_migration_lock(holder) == 0
            assert str(upgrade(engine)) == f"already at {', '.join(script_heads())}"  # in this process too
        finally:
            engine.dispose()


def test_init_db_on_a_fresh_database_migrates_it_then_says_it_is_already_at_head(tmp_path):
    head = ", ".join(script_heads())
    with throwaway_database("umpire_migrate_once") as (url, _name):
        env = child_env(tmp_path) | {"DATABASE_URL": url, "UMPIRE_SECRET_KEY": "init-db-test-secret-" + "y" * 20}

        def init_db() -> str:
            out = subprocess.run([sys.executable, "-m", "umpire_cli.main", "init-db"], cwd=ROOT, env=env,
                                 capture_output=True, text=True, timeout=SECONDS, stdin=subprocess.DEVNULL)
            assert out.returncode == 0, out.stderr[-4000:]
            return out.stdout

        first = init_db()
        assert f"Migrated the database from empty to {head}." in first, first
        second = init_db()
        assert f"The database is already at head ({head}): nothing to migrate." in second, second
        assert "Migrated" not in second and version_rows(url) == list(script_heads())


#: ``python -c`` program: the app as a web, worker or beat process builds it at start (``create_app`` from
#: the environment), released by the file ``argv[1]`` (``AWAIT_GO``); prints "started".
START = AWAIT_GO + """
await_go(sys.argv[1])
from umpire_app.web import create_app
app = create_app()
app.extensions["umpire"]["engine"].dispose()
print("started")
"""


def test_three_processes_starting_the_app_at_once_on_a_fresh_postgresql_database_migrate_it_once(tmp_path):
    """Web, worker and beat start together on a new database: each builds the app (which migrates), none
    fails on another's half-made tables, and the database ends at head with one revision row."""
    with throwaway_database("umpire_start") as (url, _name):
        go = tmp_path / "go"
        env = child_env(tmp_path) | {"DATABASE_URL": url, "UMPIRE_SECRET_KEY": "start-once-test-secret-" + "y" * 20}
        procs = [subprocess.Popen([sys.executable, "-c", START, str(go)], cwd=ROOT, env=env, text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
                 for _ in range(3)]
        try:
            deadline = time.monotonic() + SECONDS
            while not all(Path(f"{go}.{p.pid}").exists() for p in procs):
                assert time.monotonic() < deadline, "the processes were not ready in time"
                time.sleep(0.02)
            go.touch()
            for p in procs:
                out, err = p.communicate(timeout=SECONDS)
                assert p.returncode == 0 and out.strip().endswith("started"), err[-4000:]
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
                    p.wait()
        assert version_rows(url) == list(script_heads())
