"""Database access: one SQLAlchemy engine and session factory per app, shared by web and workers.

SQLite is the embedded default (WAL, foreign keys, writes take the lock at BEGIN so a read-then-write
transaction cannot fail half way); PostgreSQL is the scale setting, with the same code.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time

from sqlalchemy import create_engine, event, exc
from sqlalchemy.engine import Engine
from sqlalchemy.orm import sessionmaker

#: Seconds a transaction waits for the database's write lock (SQLite's busy timeout, and the wait for
#: ``SerialWriter``'s lock) before it fails with "database is locked".
SQLITE_LOCK_SECONDS = 30.0

_writer_locks: dict[str, threading.Lock] = {}
_writer_locks_guard = threading.Lock()


def _forget_writer_locks() -> None:
    """In a forked child: a lock some thread of the parent held at the fork would never be released."""
    global _writer_locks_guard
    _writer_locks.clear()
    _writer_locks_guard = threading.Lock()


os.register_at_fork(after_in_child=_forget_writer_locks)


def _writer_lock(database: str) -> threading.Lock | None:
    """The process's one lock for a database file (None for a private in-memory database)."""
    name = os.fspath(database)
    if name in ("", ":memory:") or "mode=memory" in name:
        return None
    key = os.path.realpath(name.removeprefix("file:").split("?", 1)[0])
    with _writer_locks_guard:
        return _writer_locks.setdefault(key, threading.Lock())


class SerialWriter(sqlite3.Connection):
    """A SQLite connection whose transactions queue on a lock of this process before ``BEGIN IMMEDIATE``.

    SQLite's own wait for its write lock (the busy handler behind ``timeout``) sleeps and looks again,
    by steps that grow to 100 ms, so a thread waiting behind another thread's short transaction would
    sleep on long after the lock was free: in the embedded default (web threads storing moves, the worker
    thread adjudicating, one process) those sleeps would be the slowest moves.
    Threads of one process wait here instead and wake as the lock is released; another process (the
    command line on the same file) still meets SQLite's own wait.
    """

    def __init__(self, database, *args, **kwargs):
        super().__init__(database, *args, **kwargs)
        self._writer_lock = _writer_lock(database)
        self._holding = False

    def begin_immediate(self) -> None:
        lock = self._writer_lock
        if lock is not None and not self._holding:
            if not lock.acquire(timeout=SQLITE_LOCK_SECONDS):
                raise sqlite3.OperationalError(
                    f"database is locked: another transaction of this process held it {SQLITE_LOCK_SECONDS:g} s")
            self._holding = True
        try:
            self.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._release()
            raise

    def _release(self) -> None:
        """Gives the lock back if this connection holds it and its transaction has ended."""
        if not self._holding:
            return
        try:
            still_open = self.in_transaction
        except sqlite3.ProgrammingError:  # closed: its transaction ended with it
            still_open = False
        if not still_open:
            self._holding = False
            self._writer_lock.release()

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self._release()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self._release()

    def close(self) -> None:
        try:
            super().close()  # ends any transaction (SQLite rolls it back)
        finally:
            self._release()


def wal_mode(cur: sqlite3.Cursor) -> None:
    """Puts the database in WAL mode. Switching a fresh file's journal needs its lock, and SQLite answers
    "database is locked" at once, without waiting out the busy timeout, when another process is switching it at
    the same moment (several processes starting together on a new file: tests/service/test_migrate_once.py):
    so the switch is tried again, for up to :data:`SQLITE_LOCK_SECONDS`, as any other statement would wait."""
    deadline = time.monotonic() + SQLITE_LOCK_SECONDS
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"timeout": SQLITE_LOCK_SECONDS, "check_same_thread": False,
                                               "factory": SerialWriter})

        @event.listens_for(eng, "connect")
        def _pragmas(dbapi_conn, _record):
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
            cur = dbapi_conn.cursor()
            wal_mode(cur)
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        @event.listens_for(eng, "begin")
        def _begin(conn):
            conn.connection.dbapi_connection.begin_immediate()

        return eng
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    eng = create_engine(url, pool_recycle=1800)
    ping_when_idle(eng)
    return eng


#: A pooled connection idle this long (seconds) is pinged before it is used again (``ping_when_idle``).
PING_AFTER_IDLE = 1.0


def ping_when_idle(eng: Engine, after: float = PING_AFTER_IDLE) -> None:
    """Checks a pooled connection before use if it has been idle *after* seconds or more.

    A connection the server ended while it sat in the pool (a restart, a failover,
    ``pg_terminate_backend``) fails its ping and the pool connects again (SQLAlchemy's checkout event
    and ``DisconnectionError``), so the request after a drop works. A connection back in the pool for
    less than that, the rule under load, is used without the round trip that ``pool_pre_ping`` costs
    every checkout. A drop that such a connection meets fails its statement; the
    engine then marks every pooled connection stale, so only the requests in flight at the drop see it:
    they are answered 503 (service/__init__.py), a move's store is tried once more on a new connection
    (``service.api.routes``), and a task retries (``tasks.adjudicate``).
    """

    @event.listens_for(eng, "checkin")
    def _idle_from(_dbapi_conn, record):
        record.info["idle_from"] = time.monotonic()

    @event.listens_for(eng, "checkout")
    def _ping_if_idle(dbapi_conn, record, _proxy):
        since = record.info.pop("idle_from", None)
        if since is None or time.monotonic() - since < after:
            return  # a new connection, or one used a moment ago
        try:
            eng.dialect.do_ping(dbapi_conn)
        except Exception as e:  # closed, or in no state to use: the pool replaces it
            raise exc.DisconnectionError(f"a pooled connection failed its ping: {e}") from e


def make_sessionmaker(engine: Engine) -> sessionmaker:
    return sessionmaker(bind=engine, expire_on_commit=False)
