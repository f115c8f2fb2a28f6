"""Mail settings: the typed settings' mail part (``service.settings``: ``UMPIRE_MAIL_*``, ``UMPIRE_SMTP_*``,
``UMPIRE_IMAP_*``), overridable per app (``app.config["MAIL"]``).

Outbound mail is off unless ``UMPIRE_SMTP_HOST`` is set: a service without a relay never tries to send.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from service import settings as typed


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


#: MailSettings' field -> the settings' attribute (``service.settings.VARS``).
FROM_SETTINGS = {"domain": "mail_domain", "sender": "mail_from", "smtp_host": "smtp_host", "smtp_port": "smtp_port",
                 "smtp_security": "smtp_security", "smtp_user": "smtp_user", "smtp_password": "smtp_password",
                 "webhook_secret": "mail_webhook_secret", "max_bytes": "mail_max_bytes",
                 "max_attachment_bytes": "mail_max_attachment_bytes", "max_depth": "mail_max_depth",
                 "max_attachments": "mail_max_attachments", "remind_hours": "mail_remind_hours",
                 "confirm_hours": "mail_confirm_hours", "imap_host": "imap_host", "imap_port": "imap_port",
                 "imap_security": "imap_security", "imap_user": "imap_user", "imap_password": "imap_password",
                 "imap_folder": "imap_folder"}

SECURITY = ("starttls", "ssl", "none")


def from_env(overrides: dict | None = None, env: typed.Settings | None = None) -> MailSettings:
    """The mail settings of *env* (the typed settings, read from the environment if not given), then
    *overrides* (keys as the field names)."""
    env = env or typed.read()
    out = replace(MailSettings(), **{**{name: getattr(env, attr) for name, attr in FROM_SETTINGS.items()},
                                     **(overrides or {})})
    if out.smtp_security not in SECURITY or out.imap_security not in SECURITY:
        raise ValueError("UMPIRE_SMTP_SECURITY and UMPIRE_IMAP_SECURITY must be starttls, ssl or none")
    return out


def settings(app) -> MailSettings:
    """The app's mail settings (read once per app)."""
    ext = app.extensions.setdefault("umpire", {})
    if "mail" not in ext:
        ext["mail"] = from_env(app.config.get("MAIL"), app.config.get("SETTINGS"))
    return ext["mail"]
