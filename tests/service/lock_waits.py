"""For the PostgreSQL race tests: waiting until a worker is blocked on the game's row lock."""

from __future__ import annotations

import threading

from sqlalchemy import text


def until_a_lock_is_waited_for(engine, what: str = "") -> None:
    """Returns once a session of this database waits for a lock (``pg_stat_activity``); fails after about
    20 s, showing what the database's sessions were doing. Each look is its own transaction (autocommit):
    within one transaction PostgreSQL keeps showing the ``pg_stat_activity`` it read first, so a wait that
    began after the first look would never be seen."""
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as c:
        for _ in range(400):
            if c.execute(text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                              "AND datname = current_database()")).scalar():
                return
            threading.Event().wait(0.05)
        seen = c.execute(text("SELECT wait_event_type, wait_event, state, left(query, 60) "
                              "FROM pg_stat_activity WHERE datname = current_database()")).all()
    raise AssertionError(f"no worker waited for the game's lock: {seen}; {what}")
