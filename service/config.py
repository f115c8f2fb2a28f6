"""The Flask app's configuration, made from the typed settings (``service.settings``: every environment
variable, its default and meaning, and README.md's table of them), and Celery's.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from . import settings
from .settings import MIN_SECRET_CHARS


def from_env(instance_path: str, s: settings.Settings | None = None) -> dict:
    """The app's configuration from the settings *s* (read from the environment if not given)."""
    s = s or settings.read()
    redis_url = s.redis_url
    return {
        "DATABASE_URL": s.database_url or "sqlite:///" + str(Path(instance_path) / "umpire.sqlite3"),
        "REDIS_URL": redis_url,
        "EMBEDDED": not redis_url,
        "MAX_CONTENT_LENGTH": s.max_move_bytes,
        "SWEEP_SECONDS": s.sweep_seconds,
        "UMPIRE_SECRET_KEY": secret_key(instance_path, s),
        "SNAPSHOT_EVERY": s.snapshot_every,
        "MAX_ATTEMPTS": s.max_attempts,
        "WAIT_MAX_SECONDS": 30,
        **bad_token_settings(s),
        **creation_settings(s),
        # At scale a worker renders each seat's PDF snapshot after every accepted move; the embedded
        # default renders on request instead, so its single worker is never busy rendering.
        "PRERENDER_SNAPSHOTS": bool(redis_url) if s.prerender is None else s.prerender,
        "CELERY": celery_config(redis_url),
    }


def bad_token_settings(s: settings.Settings) -> dict:
    """The bad-token throttle's settings (``service.throttle``)."""
    return {"BAD_TOKEN_LIMIT": s.bad_token_limit, "BAD_TOKEN_WINDOW": s.bad_token_window,
            "TRUSTED_PROXIES": s.trusted_proxies}


def creation_settings(s: settings.Settings) -> dict:
    """Who may create games and import exports (``service.access``): ``CREATE_TOKEN``, ``OPEN_CREATION`` and
    ``SCALE_SETTING`` (``REDIS_URL``, or a ``DATABASE_URL`` that is not SQLite: how the Procfile runs the
    service)."""
    return {"CREATE_TOKEN": s.create_token, "OPEN_CREATION": s.open_creation,
            "SCALE_SETTING": settings.scale_setting(s)}


def secret_key(instance_path: str, s: settings.Settings | None = None) -> str:
    """``UMPIRE_SECRET_KEY`` (of the settings *s*, read from the environment if not given), or the key
    generated once into ``<instance>/secret_key`` (mode 0600).

    The file is written whole under another name and linked into place, so processes starting at once
    all read the same key, never a half-written one.
    """
    s = s or settings.read()
    if s.secret_key:
        return s.secret_key
    path = Path(instance_path) / "secret_key"
    if not path.exists():
        tmp = path.with_name(f".secret_key.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w") as f:
                f.write(secrets.token_hex(32) + "\n")
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made it first: use theirs
        finally:
            tmp.unlink(missing_ok=True)
    key = path.read_text().strip()
    if len(key) < MIN_SECRET_CHARS:
        raise ValueError(f"{path} holds no secret key of at least {MIN_SECRET_CHARS} characters; delete it to "
                         f"have one generated, or set UMPIRE_SECRET_KEY")
    return key


#: Every queue the tasks use: moves on the default one; PDF renders and mail on their own (task_routes).
QUEUES = ("celery", "renders", "mail")


#: How long, in seconds, the embedded default's Celery worker sleeps when it finds kombu's in-memory
#: queues empty (kombu's ``polling_interval``; its own default is a second). That worker carries mail and
#: PDF renders; the embedded runner's moves do not pass through it (``service.embedded.InProcessMoves``).
MEMORY_POLL_SECONDS = 0.05


def celery_config(redis_url: str) -> dict:
    """Celery settings (lowercase keys only). Messages carry submission ids; the database is the truth."""
    base = {
        "broker_url": redis_url or "memory://",
        "task_ignore_result": True,
        "task_serializer": "json",
        "accept_content": ["json"],
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "task_time_limit": 120,
        "task_soft_time_limit": 100,
        "broker_connection_retry_on_startup": True,
        "worker_hijack_root_logger": False,
        # PDF renders, and the mail answers that carry them, wait in queues of their own, so a burst of
        # them (or a slow relay) never delays a verdict; at scale the Procfile's ``background`` worker
        # takes them; the embedded worker takes every queue.
        "task_routes": {"tasks.render_snapshots": {"queue": "renders"},
                        "tasks.mail.answer": {"queue": "mail"}, "tasks.mail.send": {"queue": "mail"}},
        "beat_schedule": {"sweep": {"task": "tasks.sweep", "schedule": 15.0},
                          "mail": {"task": "tasks.mail.sweep", "schedule": 60.0}},
    }
    if redis_url:
        # Short tasks only: a lost worker's message comes back after this many seconds.
        base["broker_transport_options"] = {"visibility_timeout": 300}
    else:
        base["broker_transport_options"] = {"polling_interval": MEMORY_POLL_SECONDS}
    return base
