"""Fixtures for the service: an app on a fresh database (SQLite, or PostgreSQL with
``UMPIRE_TEST_DATABASE=postgresql``), and the machine's PostgreSQL and Redis.

PostgreSQL (127.0.0.1:5432, trust auth) gets a throwaway database per test session; Redis uses the
dedicated db number 15, flushed before use. Tests that need them are skipped, with the reason shown,
only where they cannot be reached.
"""

from __future__ import annotations

import contextlib
import os
import uuid

import pytest

from umpire_app.web import create_app

PG_HOST = os.environ.get("UMPIRE_TEST_PG_HOST", "127.0.0.1")
PG_ADMIN_DB = os.environ.get("UMPIRE_TEST_PG_DB", "test")
REDIS_TEST_URL = os.environ.get("UMPIRE_TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def app_secret() -> str:
    """The server secret of the apps this process makes with ``create_app`` (``UMPIRE_SECRET_KEY``, else
    the instance folder's key): what a worker process started by a test needs to open the seeds of the
    games those apps created (``service.seeds``; at scale every process shares one secret)."""
    from flask import Flask

    from service import config as config_mod
    return config_mod.secret_key(Flask("service", instance_path=os.environ.get("UMPIRE_INSTANCE") or None)
                                 .instance_path)


#: The database the service suite's apps use: ``sqlite`` (a fresh file per test) or ``postgresql`` (a fresh
#: database per test, copied from one migrated once); ``scripts/test`` runs the suite on both.
TEST_DATABASE = os.environ.get("UMPIRE_TEST_DATABASE", "sqlite")


@pytest.fixture(scope="session")
def _migrated_template():
    """A PostgreSQL database migrated to head, which each test's database is copied from."""
    from service.db import make_engine
    from service.migrate import upgrade
    with throwaway_database("umpire_template") as (url, name):
        engine = make_engine(url)
        upgrade(engine, secret_key=app_secret())
        engine.dispose()  # a template may have no connection open while it is copied
        yield name


@pytest.fixture
def database_url(request, tmp_path):
    """The URL of a fresh database for one test's app, on the suite's database (``TEST_DATABASE``)."""
    if TEST_DATABASE != "postgresql":
        yield f"sqlite:///{tmp_path / 'umpire.sqlite3'}"
        return
    import psycopg
    template = request.getfixturevalue("_migrated_template")
    name = f"umpire_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    try:
        yield f"postgresql+psycopg://postgres@{PG_HOST}/{name}"
    finally:
        with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def app(database_url):
    """An app on a fresh database (``TEST_DATABASE``), embedded mode (in-memory broker), no worker running."""
    app = create_app({"DATABASE_URL": database_url, "REDIS_URL": "", "SWEEP_SECONDS": 0.5})
    yield app
    app.extensions["umpire"]["engine"].dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def sessions(app):
    return app.extensions["umpire"]["sessions"]


def _pg_reachable() -> str | None:
    try:
        import psycopg
        with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", connect_timeout=3):
            return None
    except Exception as e:  # any failure to connect means: skip, saying why
        return f"PostgreSQL at {PG_HOST} is not reachable: {e}"


@contextlib.contextmanager
def throwaway_database(prefix: str = "umpire_test"):
    """``(url, name)`` of a new PostgreSQL database, dropped (its connections ended) at the end; skips
    the test, saying why, where PostgreSQL cannot be reached."""
    why = _pg_reachable()
    if why:
        pytest.skip(why)
    import psycopg
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@{PG_HOST}/{name}", name
    finally:
        with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def pg_url():
    """A throwaway PostgreSQL database for this test session, dropped at the end."""
    with throwaway_database() as (url, _name):
        yield url


@pytest.fixture(scope="session")
def redis_url():
    """Redis db 15, flushed; skipped where Redis cannot be reached."""
    try:
        import redis
        r = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=3)
        r.ping()
        r.flushdb()
    except Exception as e:
        pytest.skip(f"Redis at {REDIS_TEST_URL} is not reachable: {e}")
    return REDIS_TEST_URL
