"""Fixtures for the fault tests (issue 9, part 2): a throwaway PostgreSQL database per test (the pattern
of ``tests/service/conftest.py``'s ``pg_url``: a test may end its connections), a private Redis server
per test (a test may stop and start it), and the stack on both (``harness.Stack``), every process of it
stopped at the end. Skipped, saying why, where PostgreSQL or ``redis-server`` is missing."""

from __future__ import annotations

import shutil

import pytest

from tests.service.conftest import throwaway_database

from .harness import RedisServer, Stack, fault_seed


@pytest.fixture
def pg_db():
    """``(url, name)`` of a new PostgreSQL database of this test's own (a test may end its connections)."""
    with throwaway_database("umpire_faults") as db:
        yield db


@pytest.fixture
def redis_server(tmp_path):
    """A private ``redis-server`` on a free port (no persistence), stopped at the end."""
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (the fault tests start a private one)")
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def stack_on(pg_db, redis_server, tmp_path):
    """Makes the stack (config overrides as keyword arguments); its workers are stopped at the end."""
    made: list[Stack] = []

    def make(**config) -> Stack:
        s = Stack(pg_db[0], redis_server.url, tmp_path, **config)
        made.append(s)
        return s

    try:
        yield make
    finally:
        for s in made:
            s.close()


@pytest.fixture(scope="session")
def seed():
    """The run's one seed for the faults (``UMPIRE_FAULT_SEED`` to replay a run), printed."""
    n = fault_seed()
    print(f"\n[faults] UMPIRE_FAULT_SEED={n}")
    return n
