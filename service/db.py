"""Database access: one SQLAlchemy engine and session factory per app, shared by web and workers.

SQLite is the embedded default (WAL, foreign keys, writes take the lock at BEGIN so a read-then-write
transaction cannot fail half way); PostgreSQL is the scale setting, with the same code.
"""

from __future__ import annotations

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import sessionmaker


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        eng = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

        @event.listens_for(eng, "connect")
        def _pragmas(dbapi_conn, _record):
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves (below)
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        @event.listens_for(eng, "begin")
        def _begin(conn):
            conn.exec_driver_sql("BEGIN IMMEDIATE")

        return eng
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    # A pooled connection the server ended (a restart, a failover, pg_terminate_backend) is found by a
    # ping when it is checked out and replaced, so the request after a drop works; one caught in the
    # middle of a request fails it with a 503 (service/__init__.py) and a task retries (tasks.adjudicate).
    return create_engine(url, pool_recycle=1800, pool_pre_ping=True)


def make_sessionmaker(engine: Engine) -> sessionmaker:
    return sessionmaker(bind=engine, expire_on_commit=False)
