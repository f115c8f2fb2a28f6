"""Alembic migrations, run programmatically (``upgrade``) at start-up and by ``umpire init-db``.

Migration 0009 seals the games' dice seeds under the server secret (``service.seeds``): the caller passes
it (``create_app`` does); without it, the migration looks for it where the service does
(``service.seeds.migration_secret``).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def alembic_config(engine: Engine, secret_key: str | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["engine"] = engine
    if secret_key:
        cfg.attributes["secret_key"] = secret_key
    return cfg


def upgrade(engine: Engine, revision: str = "head", secret_key: str | None = None) -> None:
    command.upgrade(alembic_config(engine, secret_key), revision)
