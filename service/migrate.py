"""Alembic migrations, run programmatically (``upgrade``) at start-up and by ``umpire init-db``.

Several processes may call ``upgrade`` at once (a web, worker and beat process starting together on a
fresh database): the database is migrated once, by whichever gets the lock first; the others wait for
it, then find the database at the revision asked for and change nothing.

- PostgreSQL: a session-level advisory lock, ``pg_advisory_lock(MIGRATION_LOCK_KEY)``, held by one
  dedicated connection around the whole upgrade and released after it (the server also releases it if
  the process dies). Alembic runs on that same connection, in one transaction.
- SQLite: the upgrade runs in one transaction on one connection; ``service.db`` begins every transaction
  with ``BEGIN IMMEDIATE``, so it holds the database's write lock from its first read of the current
  revision to its commit, and another process waits for it (up to ``service.db.SQLITE_LOCK_SECONDS``).

A process that finds the database already at head (``is_current``: one read of ``alembic_version``)
takes no lock at all.

Migration 0009 seals the games' dice seeds under the server secret (``service.seeds``): the caller passes
it (``create_app`` does); without it, the migration looks for it where the service does
(``service.seeds.migration_secret``).
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import func, select
from sqlalchemy.engine import Connection, Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

#: The PostgreSQL advisory lock key that serialises migrations: "umpire" in ASCII, as a bigint. Advisory
#: locks are per database, so databases on one server do not wait for one another.
MIGRATION_LOCK_KEY = 0x756D70697265

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Upgrade:
    """What one ``upgrade`` call found and left: the database's revisions before and after it (``()``: an
    empty database)."""

    before: tuple[str, ...]
    after: tuple[str, ...]

    @property
    def migrated(self) -> bool:
        """True if this call changed the database's revision."""
        return self.before != self.after

    def __str__(self) -> str:
        if self.migrated:
            return f"migrated from {_names(self.before)} to {_names(self.after)}"
        return f"already at {_names(self.after)}"


def _names(revisions: tuple[str, ...]) -> str:
    return ", ".join(revisions) if revisions else "an empty database"


def alembic_config(engine: Engine, secret_key: str | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["engine"] = engine
    if secret_key:
        cfg.attributes["secret_key"] = secret_key
    return cfg


@functools.cache
def script_heads() -> tuple[str, ...]:
    """The head revision(s) of the migration scripts, sorted."""
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return tuple(sorted(ScriptDirectory.from_config(cfg).get_heads()))


def current_heads(connection: Connection) -> tuple[str, ...]:
    """The revision(s) the database on *connection* is at, sorted (``()``: no ``alembic_version`` yet)."""
    return tuple(sorted(MigrationContext.configure(connection).get_current_heads()))


def is_current(engine: Engine) -> bool:
    """True if the database is already at the scripts' head: one short read, no lock."""
    with engine.connect() as connection:  # its read transaction ends (rolled back) with it
        return current_heads(connection) == script_heads()


def upgrade(engine: Engine, revision: str = "head", secret_key: str | None = None) -> Upgrade:
    """Migrates the database to *revision*, once however many processes call this at the same time.

    Returns the revisions found and left; ``.migrated`` says whether this call changed them. To head, a
    database already there is seen without taking the lock (``is_current``).
    """
    if revision == "head" and is_current(engine):
        heads = script_heads()
        return Upgrade(heads, heads)
    cfg = alembic_config(engine, secret_key)
    with engine.connect() as connection:
        postgres = connection.dialect.name == "postgresql"
        if postgres:
            connection.execute(select(func.pg_advisory_lock(MIGRATION_LOCK_KEY)))
            connection.commit()  # the lock is the session's: it outlives this transaction
        try:
            with connection.begin():  # SQLite: BEGIN IMMEDIATE, the write lock until the commit
                before = current_heads(connection)
                cfg.attributes["connection"] = connection  # service/migrations/env.py runs on it
                command.upgrade(cfg, revision)
                after = current_heads(connection)
        finally:
            if postgres:
                _unlock(connection)
    done = Upgrade(before, after)
    if done.migrated:
        log.info("database %s", done)
    return done


def _unlock(connection: Connection) -> None:
    """Releases the migration lock; if that fails, ends the connection's session, which releases it."""
    try:
        connection.execute(select(func.pg_advisory_unlock(MIGRATION_LOCK_KEY)))
        connection.commit()
    except Exception as e:  # a broken connection: closing it ends the session and with it the lock
        log.warning("releasing the migration lock failed (%s): closing its connection", e)
        connection.invalidate()
