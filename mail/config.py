"""Mail settings: environment variables with safe defaults, overridable per app (``app.config["MAIL"]``).

Outbound mail is off unless ``UMPIRE_SMTP_HOST`` is set: a service without a relay never tries to send.

- ``UMPIRE_MAIL_DOMAIN``: the domain of the game addresses (``game-<id>@<domain>``) and of Message-IDs.
- ``UMPIRE_MAIL_FROM``: the sender of Umpire's mail (default ``umpire@<domain>``).
- ``UMPIRE_SMTP_HOST``, ``UMPIRE_SMTP_PORT`` (587), ``UMPIRE_SMTP_SECURITY`` (``starttls``, ``ssl`` or
  ``none``), ``UMPIRE_SMTP_USER``, ``UMPIRE_SMTP_PASSWORD``: the relay.
- ``UMPIRE_MAIL_WEBHOOK_SECRET``: the shared secret of ``POST /api/mail/inbound`` (refused while unset).
- ``UMPIRE_MAIL_MAX_BYTES`` (5 MiB), ``UMPIRE_MAIL_MAX_ATTACHMENT_BYTES`` (1 MiB),
  ``UMPIRE_MAIL_MAX_DEPTH`` (6), ``UMPIRE_MAIL_MAX_ATTACHMENTS`` (10): the limits of an inbound message.
- ``UMPIRE_MAIL_REMIND_HOURS`` (12): how long before a deadline the reminder goes (at most half of it).
- ``UMPIRE_MAIL_CONFIRM_HOURS`` (1): an address is sent at most one confirmation mail (``mail.confirm``) in
  this many hours, whatever the number of games naming it.
- ``UMPIRE_IMAP_HOST``, ``UMPIRE_IMAP_PORT``, ``UMPIRE_IMAP_SECURITY`` (``ssl``, ``starttls`` or
  ``none``), ``UMPIRE_IMAP_USER``, ``UMPIRE_IMAP_PASSWORD``, ``UMPIRE_IMAP_FOLDER`` (INBOX): the mailbox
  ``umpire mail poll`` reads.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class MailSettings:
    domain: str = "umpire.localhost"
    sender: str = ""
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_security: str = "starttls"
    smtp_user: str = ""
    smtp_password: str = ""
    webhook_secret: str = ""
    max_bytes: int = 5 * 1024 * 1024
    max_attachment_bytes: int = 1024 * 1024
    max_depth: int = 6
    max_attachments: int = 10
    remind_hours: float = 12.0
    confirm_hours: float = 1.0
    send_retries: int = 5
    imap_host: str = ""
    imap_port: int = 993
    imap_security: str = "ssl"
    imap_user: str = ""
    imap_password: str = ""
    imap_folder: str = "INBOX"

    @property
    def enabled(self) -> bool:
        """Whether outbound mail is configured (a relay host); without it nothing is sent."""
        return bool(self.smtp_host)

    @property
    def from_addr(self) -> str:
        return self.sender or f"umpire@{self.domain}"

    def game_addr(self, gid: str) -> str:
        return f"game-{gid.lower()}@{self.domain}"


ENV = {"domain": "UMPIRE_MAIL_DOMAIN", "sender": "UMPIRE_MAIL_FROM", "smtp_host": "UMPIRE_SMTP_HOST",
       "smtp_port": "UMPIRE_SMTP_PORT", "smtp_security": "UMPIRE_SMTP_SECURITY", "smtp_user": "UMPIRE_SMTP_USER",
       "smtp_password": "UMPIRE_SMTP_PASSWORD", "webhook_secret": "UMPIRE_MAIL_WEBHOOK_SECRET",
       "max_bytes": "UMPIRE_MAIL_MAX_BYTES", "max_attachment_bytes": "UMPIRE_MAIL_MAX_ATTACHMENT_BYTES",
       "max_depth": "UMPIRE_MAIL_MAX_DEPTH", "max_attachments": "UMPIRE_MAIL_MAX_ATTACHMENTS",
       "remind_hours": "UMPIRE_MAIL_REMIND_HOURS", "confirm_hours": "UMPIRE_MAIL_CONFIRM_HOURS",
       "imap_host": "UMPIRE_IMAP_HOST", "imap_port": "UMPIRE_IMAP_PORT",
       "imap_security": "UMPIRE_IMAP_SECURITY", "imap_user": "UMPIRE_IMAP_USER",
       "imap_password": "UMPIRE_IMAP_PASSWORD", "imap_folder": "UMPIRE_IMAP_FOLDER"}


def from_env(overrides: dict | None = None) -> MailSettings:
    """The settings from the environment, then *overrides* (keys as the field names)."""
    out = MailSettings()
    types = {f.name: f.type for f in fields(MailSettings)}
    values = {}
    for name, var in ENV.items():
        raw = os.environ.get(var, "").strip()
        if raw:
            values[name] = {"int": int, "float": float}.get(types[name], str)(raw)
    values.update(overrides or {})
    out = replace(out, **values)
    if out.smtp_security not in ("starttls", "ssl", "none") or out.imap_security not in ("starttls", "ssl", "none"):
        raise ValueError("UMPIRE_SMTP_SECURITY and UMPIRE_IMAP_SECURITY must be starttls, ssl or none")
    return out


def settings(app) -> MailSettings:
    """The app's mail settings (read once per app)."""
    ext = app.extensions.setdefault("umpire", {})
    if "mail" not in ext:
        ext["mail"] = from_env(app.config.get("MAIL"))
    return ext["mail"]
