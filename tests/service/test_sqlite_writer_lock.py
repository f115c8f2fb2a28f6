"""SQLite's write lock in the embedded default (``service.db.SerialWriter``, issue 3): the threads of one
process queue for a transaction on a lock of the process, and wake as it is released, instead of
sleeping in SQLite's busy handler; the lock is released however the transaction ends."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from sqlalchemy import text

from service import db
from service.db import SerialWriter, make_engine


@pytest.fixture
def engine(tmp_path):
    eng = make_engine(f"sqlite:///{tmp_path / 'umpire.sqlite3'}")
    with eng.begin() as c:
        c.execute(text("CREATE TABLE moves (n INTEGER)"))
    yield eng
    eng.dispose()


def _lock(tmp_path) -> threading.Lock:
    return db._writer_lock(str(tmp_path / "umpire.sqlite3"))


def test_a_second_transaction_waits_on_the_process_lock_and_sees_the_first(engine, tmp_path):
    lock = _lock(tmp_path)
    first_open, second_done, seen = threading.Event(), threading.Event(), []

    def second():
        with engine.begin() as c:  # blocks in begin_immediate until the first commits
            seen.append(c.execute(text("SELECT count(*) FROM moves")).scalar())
        second_done.set()

    with engine.begin() as c:
        c.execute(text("INSERT INTO moves VALUES (1)"))
        first_open.set()
        t = threading.Thread(target=second, daemon=True)
        t.start()
        assert not second_done.wait(0.2), "the second transaction ran while the first held the write lock"
        assert lock.locked()
    t.join(10)
    assert second_done.is_set() and seen == [1]
    assert not lock.locked()


@pytest.mark.parametrize("ending", ["commit", "rollback", "close"])
def test_the_lock_is_released_however_the_transaction_ends(engine, tmp_path, ending):
    lock = _lock(tmp_path)
    conn = engine.connect()
    trans = conn.begin()
    conn.execute(text("INSERT INTO moves VALUES (2)"))
    assert lock.locked()
    if ending == "commit":
        trans.commit()
    elif ending == "rollback":
        trans.rollback()
    conn.close()
    assert not lock.locked()
    with engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM moves")).scalar() == (1 if ending == "commit" else 0)


def test_a_begin_that_sqlite_refuses_releases_the_lock(tmp_path):
    """Another process (here a plain connection) holds SQLite's write lock: BEGIN IMMEDIATE fails after
    SQLite's own wait, and this process's lock is not left held."""
    path = str(tmp_path / "umpire.sqlite3")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode=WAL")
    other.execute("BEGIN IMMEDIATE")
    try:
        conn = sqlite3.connect(path, timeout=0.05, isolation_level=None, factory=SerialWriter)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            conn.begin_immediate()
        assert not _lock(tmp_path).locked()
        conn.close()
    finally:
        other.execute("ROLLBACK")
        other.close()


def test_a_lock_held_too_long_fails_with_database_is_locked(engine, tmp_path, monkeypatch):
    monkeypatch.setattr(db, "SQLITE_LOCK_SECONDS", 0.05)
    errors = []

    def second():
        try:
            with engine.begin() as c:
                c.execute(text("INSERT INTO moves VALUES (3)"))
        except Exception as e:  # noqa: BLE001 - the error is the assertion
            errors.append(e)

    with engine.begin() as c:
        c.execute(text("INSERT INTO moves VALUES (1)"))
        t = threading.Thread(target=second, daemon=True)
        t.start()
        t.join(10)
    assert len(errors) == 1 and "database is locked" in str(errors[0])
    with engine.connect() as c:
        assert c.execute(text("SELECT n FROM moves")).scalars().all() == [1]


def test_one_lock_per_database_file_none_in_memory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert db._writer_lock("a.sqlite3") is db._writer_lock(str(tmp_path / "a.sqlite3"))
    assert db._writer_lock("a.sqlite3") is not db._writer_lock("b.sqlite3")
    assert db._writer_lock(":memory:") is None
    assert db._writer_lock("file:x?mode=memory&cache=shared") is None


def test_a_forked_child_starts_with_no_lock_held(engine, tmp_path):
    """A lock the parent holds at a fork (gunicorn or Celery forking with SQLite) is not inherited held."""
    import os

    with engine.begin() as c:
        c.execute(text("INSERT INTO moves VALUES (4)"))
        assert _lock(tmp_path).locked()
        pid = os.fork()
        if pid == 0:  # the child: exit 0 only if its lock for the file is free
            os._exit(0 if not _lock(tmp_path).locked() else 1)
        _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
