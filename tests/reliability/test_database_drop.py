"""Fault: every connection to the database dropped, more than once, while games are played (issue 9,
part 2).

``pg_terminate_backend`` ends every connection to the test's own throwaway database (the web side's pool
and the worker's) three times while moves are posted and adjudicated. A request caught by a drop may be
answered 503 (``database-unavailable``), never 500; the client retries it (the same move file, so the same
submission); later requests work; the worker's task retries; no move is lost or applied twice.
"""

from __future__ import annotations

import random
import threading

import psycopg

from tests.service.conftest import PG_ADMIN_DB, PG_HOST

from .harness import Table, check, play_until

DROPS = 3


def terminate_all(dbname: str) -> int:
    """Ends every other connection to *dbname*; returns how many were ended."""
    with psycopg.connect(host=PG_HOST, dbname=PG_ADMIN_DB, user="postgres", autocommit=True) as c:
        rows = c.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE datname = %s AND pid <> pg_backend_pid()", (dbname,)).fetchall()
    return sum(1 for (ok,) in rows if ok)


def test_database_connections_dropped_mid_run_nothing_lost_or_doubled(stack_on, pg_db, seed):
    stack = stack_on()
    stack.worker("db")
    tables = [Table(stack.client, random.Random(seed * 10 + i)) for i in range(3)]
    ended: list[int] = []
    stop = threading.Event()

    def dropper():
        rng = random.Random(seed)
        while len(ended) < DROPS and not stop.wait(rng.uniform(1.0, 2.0)):
            ended.append(terminate_all(pg_db[1]))

    t = threading.Thread(target=dropper, name="pg-dropper", daemon=True)
    t.start()
    try:
        play_until(tables, lambda: len(ended) >= DROPS, 60, sweep=stack.sweep)
    finally:
        stop.set()
        t.join(20)
    assert all(n >= 1 for n in ended), f"connections ended at each drop: {ended}"
    more = {x.id: len(x.posted) + 3 for x in tables}  # and afterwards every request works
    play_until(tables, lambda: all(x.over or (len(x.posted) >= more[x.id] and x.settle()) for x in tables), 60,
               sweep=stack.sweep)
    print(f"[faults] database drops: connections ended {ended}; 503 answers (retried) "
          f"{sum(x.unavailable for x in tables)}")
    check(stack, tables, DROPS, "database connections dropped")
