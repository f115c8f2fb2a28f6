"""Alembic environment: the engine comes from the caller (service.migrate) or DATABASE_URL."""

from __future__ import annotations

import os

from alembic import context

import mail.models  # noqa: F401  (the mail tables, migration 0004)
from service.db import make_engine
from service.models import Base

config = context.config
engine = config.attributes.get("engine") or make_engine(os.environ["DATABASE_URL"])

with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()
    if connection.in_transaction():
        connection.commit()
