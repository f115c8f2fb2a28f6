"""Configuration: safe defaults, overridden by environment variables (issue: the service).

- ``DATABASE_URL``: SQLAlchemy URL. Default: SQLite (WAL) in the instance folder. Scale:
  ``postgresql+psycopg://user@host/db``.
- ``REDIS_URL``: Celery broker at scale (``redis://host:6379/0``). Unset: the embedded default, a worker
  thread inside the one local process on kombu's in-memory transport (``service.memory_broker``).
- ``UMPIRE_MAX_MOVE_BYTES``: largest request body accepted (default 2 MiB: the largest move file the
  schema allows, 500 orders of 200 characters, fits with any escaping).
- ``UMPIRE_SWEEP_SECONDS``: how old a queued submission must be before the sweeper queues it again.
- ``UMPIRE_SNAPSHOT_EVERY``: keep a state snapshot every N positions (default 50).
- ``UMPIRE_SECRET_KEY``: the server secret that seals each seat's mail signing key (``mail.keys``) and each
  game's dice seed (``service.seeds``); it is never stored in the database. At scale every process must have the same one (set it). Unset, it is
  generated once (``secrets``) into ``secret_key`` in the instance folder (mode 0600) and read from there.
- ``UMPIRE_BAD_TOKEN_LIMIT`` (20) and ``UMPIRE_BAD_TOKEN_WINDOW`` (600 seconds): a client address that sends
  more than that many bad tokens (API, game page, mail webhook secret) within that many seconds gets 429
  ``too-many-bad-tokens`` for every request with a token until the window passes; the same per game for
  mailed ``Token:`` lines (``service.throttle``; shared through Redis when ``REDIS_URL`` is set).
- ``UMPIRE_TRUSTED_PROXIES`` (0): how many reverse proxies in front of the service set ``X-Forwarded-For``;
  with 0 the client address is the socket's and the header is ignored.
- ``UMPIRE_CREATE_TOKEN``: who may create games and import exports (``POST /api/games``, ``/api/imports``):
  set, they need ``Authorization: Bearer <it>``. ``UMPIRE_OPEN_CREATION=1`` opens them to anyone. With
  neither, they are open only to this machine on the embedded default (loopback), and refused in the scale
  setting (``REDIS_URL`` or a non-SQLite ``DATABASE_URL`` in the environment): ``service.access``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

#: The shortest ``UMPIRE_SECRET_KEY`` accepted (a generated one has 64 hex characters).
MIN_SECRET_CHARS = 32


def from_env(instance_path: str) -> dict:
    db_default = "sqlite:///" + str(Path(instance_path) / "umpire.sqlite3")
    redis_url = os.environ.get("REDIS_URL", "").strip()
    cfg = {
        "DATABASE_URL": os.environ.get("DATABASE_URL", "").strip() or db_default,
        "REDIS_URL": redis_url,
        "EMBEDDED": not redis_url,
        "MAX_CONTENT_LENGTH": int(os.environ.get("UMPIRE_MAX_MOVE_BYTES", str(2 * 1024 * 1024))),
        "SWEEP_SECONDS": float(os.environ.get("UMPIRE_SWEEP_SECONDS", "30")),
        "UMPIRE_SECRET_KEY": secret_key(instance_path),
        "SNAPSHOT_EVERY": int(os.environ.get("UMPIRE_SNAPSHOT_EVERY", "50")),
        "MAX_ATTEMPTS": int(os.environ.get("UMPIRE_MAX_ATTEMPTS", "5")),
        "WAIT_MAX_SECONDS": 30,
        **bad_token_settings(),
        **creation_settings(),
        # At scale a worker renders each seat's PDF snapshot after every accepted move; the embedded
        # default renders on request instead, so its single worker is never busy rendering.
        "PRERENDER_SNAPSHOTS": os.environ.get("UMPIRE_PRERENDER", "1" if redis_url else "0") == "1",
    }
    cfg["CELERY"] = celery_config(redis_url)
    return cfg


def bad_token_settings() -> dict:
    """The bad-token throttle's settings (``service.throttle``), read from the environment alone."""
    return {"BAD_TOKEN_LIMIT": int(os.environ.get("UMPIRE_BAD_TOKEN_LIMIT", "20")),
            "BAD_TOKEN_WINDOW": float(os.environ.get("UMPIRE_BAD_TOKEN_WINDOW", "600")),
            "TRUSTED_PROXIES": int(os.environ.get("UMPIRE_TRUSTED_PROXIES", "0"))}


#: The shortest ``UMPIRE_CREATE_TOKEN`` accepted.
MIN_CREATE_TOKEN_CHARS = 16


def creation_settings() -> dict:
    """Who may create games and import exports (``service.access``), read from the environment alone:
    ``CREATE_TOKEN``, ``OPEN_CREATION`` and ``SCALE_SETTING`` (``REDIS_URL``, or a ``DATABASE_URL`` that is not
    SQLite, in the environment: how the Procfile runs the service)."""
    token = os.environ.get("UMPIRE_CREATE_TOKEN", "").strip()
    if token and len(token) < MIN_CREATE_TOKEN_CHARS:
        raise ValueError(f"UMPIRE_CREATE_TOKEN must have at least {MIN_CREATE_TOKEN_CHARS} characters; make one "
                         f"with: python -c 'import secrets; print(secrets.token_urlsafe(32))'")
    db = os.environ.get("DATABASE_URL", "").strip()
    return {"CREATE_TOKEN": token,
            "OPEN_CREATION": os.environ.get("UMPIRE_OPEN_CREATION", "").strip().lower() in ("1", "true", "yes"),
            "SCALE_SETTING": bool(os.environ.get("REDIS_URL", "").strip()) or bool(db and not db.startswith("sqlite"))}


def secret_key(instance_path: str) -> str:
    """``UMPIRE_SECRET_KEY``, or the key generated once into ``<instance>/secret_key`` (mode 0600).

    The file is written whole under another name and linked into place, so processes starting at once
    all read the same key, never a half-written one.
    """
    env = os.environ.get("UMPIRE_SECRET_KEY", "").strip()
    if env:
        if len(env) < MIN_SECRET_CHARS:
            raise ValueError(f"UMPIRE_SECRET_KEY must have at least {MIN_SECRET_CHARS} characters; make one "
                             f"with: python -c 'import secrets; print(secrets.token_hex(32))'")
        return env
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
        base["broker_transport"] = "service.broker:Transport"  # kombu's Redis transport, one client per channel
        # Short tasks only: a lost worker's message comes back after this many seconds.
        base["broker_transport_options"] = {"visibility_timeout": 300}
    else:
        # Kombu's in-memory queue, whose worker waits for the next message instead of polling for it.
        base["broker_transport"] = "service.memory_broker:Transport"
    return base
