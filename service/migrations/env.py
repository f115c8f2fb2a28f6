"""Alembic environment: the connection or engine comes from the caller (service.migrate), else DATABASE_URL.

``config.attributes["connection"]``: a connection the caller opened and began a transaction on (Alembic's
"sharing a connection" pattern, as ``service.migrate.upgrade`` does while it holds the migration lock);
the migrations run in that transaction and the caller commits it. Otherwise
``config.attributes["engine"]`` (or ``DATABASE_URL``): a connection of its own, committed here.
"""

from __future__ import annotations

from alembic import context

import service.mail_models  # noqa: F401  (the mail tables, migration 0004)
import service.tournaments.models  # noqa: F401  (the tournament tables, migration 0010)
from service import settings
from service.db import make_engine
from service.models import Base

config = context.config


def run_migrations(connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()


shared = config.attributes.get("connection")
if shared is not None:
    run_migrations(shared)
else:
    engine = config.attributes.get("engine")
    if engine is None:  # the ``alembic`` command: the database the settings name (service.settings)
        url = settings.read().database_url
        if not url:
            raise SystemExit("set DATABASE_URL to the database to migrate (or run: umpire init-db)")
        engine = make_engine(url)
    with engine.connect() as connection:
        run_migrations(connection)
        if connection.in_transaction():
            connection.commit()
