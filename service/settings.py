"""Every setting Umpire reads from the environment, typed and checked, read once per process.

``VARS`` is the one table: each variable's name, type, default and meaning. ``read(environ)`` turns an
environment into a ``Settings`` (every fault reported at once, each naming the variable, the value given
and what is allowed); ``current()`` is the process's, read on first use and kept. Nothing else in the
code reads ``os.environ`` for a setting: the app factory builds the Flask config from ``current()``
(``service.config``), mail its ``MailSettings`` (``mail.config``), and the web worker, the render limits,
the adjudicator and the tasks take their values from it. README.md's table of settings is
``table_markdown()`` (a test keeps the two the same).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, make_dataclass
from typing import Any

#: The shortest ``UMPIRE_SECRET_KEY`` and ``UMPIRE_CREATE_TOKEN`` accepted (a generated key has 64 characters).
MIN_SECRET_CHARS = 32
MIN_CREATE_TOKEN_CHARS = 16

#: The words a yes/no setting takes.
YES, NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


@dataclass(frozen=True)
class Var:
    """One environment variable: its ``Settings`` attribute, type (``str``, ``int``, ``float``, ``bool``),
    default (``None``: worked out from other settings, as *doc* says), the least value it may take, the
    choices it must be one of, whether it is a secret, and its meaning for the README's table."""

    env: str
    attr: str
    kind: type
    default: Any
    doc: str
    group: str
    least: float | None = None
    choices: tuple[str, ...] = ()
    secret: bool = False  #: never repeated in a message


MIB = 1024 * 1024

VARS: tuple[Var, ...] = (
    # -- where things are ------------------------------------------------------------------------------
    Var("DATABASE_URL", "database_url", str, "", "SQLAlchemy URL (`postgresql+psycopg://user@host/db` at "
        "scale); unset: SQLite in the instance folder", "service", secret=True),
    Var("REDIS_URL", "redis_url", str, "", "Celery's broker and the shared throttle at scale "
        "(`redis://host:6379/0`); unset: the embedded default, every worker a thread of the one process",
        "service", secret=True),
    Var("UMPIRE_INSTANCE", "instance", str, "", "the instance folder (the SQLite file, the generated secret "
        "key); unset: `instance/` beside the code", "service"),
    Var("UMPIRE_SECRET_KEY", "secret_key", str, "", "the server secret that seals seats' mail signing keys and "
        "games' dice seeds (never stored in the database; the same in every process at scale; at least 32 "
        "characters); unset: generated once into the instance folder", "service", secret=True),
    # -- who may do what -------------------------------------------------------------------------------
    Var("UMPIRE_CREATE_TOKEN", "create_token", str, "", "the token that creating and importing games needs "
        "(at least 16 characters)", "access", secret=True),
    Var("UMPIRE_OPEN_CREATION", "open_creation", bool, False, "anyone may create and import games", "access"),
    Var("UMPIRE_BAD_TOKEN_LIMIT", "bad_token_limit", int, 20, "bad tokens a client address may send within "
        "the window before its requests with a token get 429", "access", least=1),
    Var("UMPIRE_BAD_TOKEN_WINDOW", "bad_token_window", float, 600.0, "that window, in seconds", "access",
        least=1),
    Var("UMPIRE_TRUSTED_PROXIES", "trusted_proxies", int, 0, "reverse proxies in front that set "
        "`X-Forwarded-For` (0: the socket's address counts)", "access", least=0),
    # -- moves -----------------------------------------------------------------------------------------
    Var("UMPIRE_MAX_MOVE_BYTES", "max_move_bytes", int, 2 * MIB, "the largest request body accepted",
        "moves", least=1024),
    Var("UMPIRE_SWEEP_SECONDS", "sweep_seconds", float, 30.0, "how long a submission waits queued before the "
        "sweeper queues it again", "moves", least=0.1),
    Var("UMPIRE_MAX_ATTEMPTS", "max_attempts", int, 5, "how many times a submission is tried before it is "
        "failed", "moves", least=1),
    Var("UMPIRE_SNAPSHOT_EVERY", "snapshot_every", int, 50, "a state snapshot every N positions", "moves",
        least=1),
    Var("UMPIRE_COPY_SECONDS", "copy_seconds", int, 120, "how long after a move a copy of it (the same "
        "orders, no position stated) is recognised as a copy", "moves", least=0),
    Var("UMPIRE_LOG_MOVES", "log_moves", bool, False, "workers log Celery's received and succeeded lines for "
        "every move too", "moves"),
    # -- the web process -------------------------------------------------------------------------------
    Var("UMPIRE_HEADER_SECONDS", "header_seconds", float, 10.0, "a request's head must arrive within this "
        "many seconds (else 408)", "web", least=0.1),
    Var("UMPIRE_BODY_SECONDS", "body_seconds", float, 20.0, "its body within this many seconds, plus one per "
        "`UMPIRE_BODY_MIN_RATE` bytes", "web", least=0.1),
    Var("UMPIRE_BODY_MIN_RATE", "body_min_rate", float, 1024.0, "bytes a second a slow body is allowed",
        "web", least=1),
    Var("UMPIRE_BUFFER_MB", "buffer_mb", float, 256.0, "MiB of requests still arriving a web process holds "
        "(else 503)", "web", least=1),
    # -- PDFs ------------------------------------------------------------------------------------------
    Var("UMPIRE_PRERENDER", "prerender", bool, None, "render each seat's PDF after every accepted move; "
        "unset: yes with `REDIS_URL`, no on the embedded default", "reports"),
    Var("UMPIRE_RENDER_SECONDS", "render_seconds", float, 60.0, "the longest a PDF render may take (else "
        "503)", "reports", least=0.1),
    Var("UMPIRE_RENDER_MAX_MB", "render_max_mb", int, 1024, "the render child's whole address space, in MiB",
        "reports", least=64),
    # -- mail ------------------------------------------------------------------------------------------
    Var("UMPIRE_MAIL_DOMAIN", "mail_domain", str, "umpire.localhost", "the domain of the game addresses "
        "(`game-<id>@<domain>`) and of Message-IDs", "mail"),
    Var("UMPIRE_MAIL_FROM", "mail_from", str, "", "the sender of Umpire's mail; unset: `umpire@<domain>`",
        "mail"),
    Var("UMPIRE_SMTP_HOST", "smtp_host", str, "", "the relay outbound mail goes through; unset: nothing is "
        "sent", "mail"),
    Var("UMPIRE_SMTP_PORT", "smtp_port", int, 587, "its port", "mail", least=1),
    Var("UMPIRE_SMTP_SECURITY", "smtp_security", str, "starttls", "its security", "mail",
        choices=("starttls", "ssl", "none")),
    Var("UMPIRE_SMTP_USER", "smtp_user", str, "", "its user", "mail"),
    Var("UMPIRE_SMTP_PASSWORD", "smtp_password", str, "", "its password", "mail", secret=True),
    Var("UMPIRE_MAIL_WEBHOOK_SECRET", "mail_webhook_secret", str, "", "the shared secret of "
        "`POST /api/mail/inbound` (refused while unset)", "mail", secret=True),
    Var("UMPIRE_MAIL_MAX_BYTES", "mail_max_bytes", int, 5 * MIB, "the largest inbound message", "mail",
        least=1024),
    Var("UMPIRE_MAIL_MAX_ATTACHMENT_BYTES", "mail_max_attachment_bytes", int, MIB, "the largest attachment",
        "mail", least=1),
    Var("UMPIRE_MAIL_MAX_DEPTH", "mail_max_depth", int, 6, "the deepest nesting of MIME parts", "mail",
        least=1),
    Var("UMPIRE_MAIL_MAX_ATTACHMENTS", "mail_max_attachments", int, 10, "the most attachments", "mail",
        least=0),
    Var("UMPIRE_MAIL_REMIND_HOURS", "mail_remind_hours", float, 12.0, "how long before a deadline the "
        "reminder goes (at most half the deadline)", "mail", least=0),
    Var("UMPIRE_MAIL_CONFIRM_HOURS", "mail_confirm_hours", float, 1.0, "an address is sent at most one "
        "confirmation mail in this many hours", "mail", least=0),
    Var("UMPIRE_IMAP_HOST", "imap_host", str, "", "the mailbox `umpire mail poll` reads", "mail"),
    Var("UMPIRE_IMAP_PORT", "imap_port", int, 993, "its port", "mail", least=1),
    Var("UMPIRE_IMAP_SECURITY", "imap_security", str, "ssl", "its security", "mail",
        choices=("starttls", "ssl", "none")),
    Var("UMPIRE_IMAP_USER", "imap_user", str, "", "its user", "mail"),
    Var("UMPIRE_IMAP_PASSWORD", "imap_password", str, "", "its password", "mail", secret=True),
    Var("UMPIRE_IMAP_FOLDER", "imap_folder", str, "INBOX", "its folder", "mail"),
)

#: The settings, typed: one attribute per ``VARS`` entry.
Settings = make_dataclass("Settings", [(v.attr, v.kind if v.default is not None else v.kind | None) for v in VARS],
                          frozen=True)
Settings.__doc__ = "Every setting read from the environment (``VARS``), typed and checked."


class SettingsError(ValueError):
    """The environment holds settings that cannot be used: every fault, one per line."""

    def __init__(self, faults: list[str]):
        self.faults = faults
        super().__init__("the environment's settings cannot be used:\n" + "\n".join(f"- {f}" for f in faults))


def _allowed(v: Var) -> str:
    if v.choices:
        return "one of " + ", ".join(v.choices)
    what = {int: "a whole number", float: "a number", bool: "yes or no (" + ", ".join(YES + NO) + ")"}[v.kind]
    if v.least is not None and v.kind is not bool:
        what += f" of at least {v.least:g}"
    return what


def _parse(v: Var, raw: str) -> Any:
    """The value of *v* given as *raw* (stripped, not empty); ValueError with what is allowed."""
    if v.kind is str:
        if v.choices and raw not in v.choices:
            raise ValueError(_allowed(v))
        return raw
    if v.kind is bool:
        if raw.lower() in YES:
            return True
        if raw.lower() in NO:
            return False
        raise ValueError(_allowed(v))
    try:
        value = v.kind(raw)
    except ValueError:
        raise ValueError(_allowed(v)) from None
    if v.least is not None and value < v.least or value != value:  # NaN is no number of at least anything
        raise ValueError(_allowed(v))
    return value


def read(environ: Mapping[str, str] | None = None) -> Settings:
    """The settings given by *environ* (the process's environment by default), the defaults for those
    unset or empty.

    :raises SettingsError: every variable whose value cannot be used, each with what it may be.
    """
    env = os.environ if environ is None else environ
    values, faults = {}, []
    for v in VARS:
        raw = (env.get(v.env) or "").strip()
        if not raw:
            values[v.attr] = v.default
            continue
        try:
            values[v.attr] = _parse(v, raw)
        except ValueError as e:
            shown = "(hidden)" if v.secret else repr(raw)
            faults.append(f"{v.env}={shown}: must be {e}")
    if values["secret_key"] and len(values["secret_key"]) < MIN_SECRET_CHARS:
        faults.append(f"UMPIRE_SECRET_KEY: must have at least {MIN_SECRET_CHARS} characters; make one with: "
                      "python -c 'import secrets; print(secrets.token_hex(32))'")
    if values["create_token"] and len(values["create_token"]) < MIN_CREATE_TOKEN_CHARS:
        faults.append(f"UMPIRE_CREATE_TOKEN: must have at least {MIN_CREATE_TOKEN_CHARS} characters; make one "
                      "with: python -c 'import secrets; print(secrets.token_urlsafe(32))'")
    if faults:
        raise SettingsError(faults)
    return Settings(**values)


_CURRENT: Settings | None = None


def current() -> Settings:
    """This process's settings, read from its environment on first use and kept."""
    global _CURRENT
    if _CURRENT is None:
        _CURRENT = read()
    return _CURRENT


def forget() -> None:
    """Reads the environment again at the next ``current()`` (a test that changes it)."""
    global _CURRENT
    _CURRENT = None


def scale_setting(s: Settings) -> bool:
    """Whether the service runs as the Procfile runs it: ``REDIS_URL`` set, or a database that is not SQLite."""
    return bool(s.redis_url) or bool(s.database_url and not s.database_url.startswith("sqlite"))


GROUPS = {"service": "Where things are", "access": "Who may do what", "moves": "Moves", "web": "The web process",
          "reports": "PDFs", "mail": "Mail"}


def table_markdown() -> str:
    """README.md's table of settings: every variable, with its default and meaning, by group."""
    out = ["| Variable | Default | Meaning |", "|---|---|---|"]
    for group, title in GROUPS.items():
        out.append(f"| **{title}** | | |")
        for v in VARS:
            if v.group != group:
                continue
            if v.default is None or v.default == "":
                default = ""
            elif v.kind is bool:
                default = "yes" if v.default else "no"
            elif v.kind is int and v.default >= MIB and v.default % MIB == 0:
                default = f"{v.default // MIB} MiB"
            else:
                default = f"{v.default:g}" if isinstance(v.default, float) else str(v.default)
            out.append(f"| `{v.env}` | {default} | {v.doc} |")
    return "\n".join(out)


def names() -> list[str]:
    """Every variable's name (``VARS``)."""
    return [v.env for v in VARS]

