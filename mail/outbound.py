"""The outbox: a message is written whole to ``mail_outbound`` (once per key), then sent by a task
through the configured relay with smtplib. A row already sent is never sent again."""

from __future__ import annotations

import smtplib
import ssl
from email import policy
from email.message import EmailMessage

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from service.models import now

from .config import MailSettings
from .models import OutboundMail

#: Errors worth trying again (the relay down, a 4xx answer); a 5xx answer fails the row at once.
TRANSIENT = (smtplib.SMTPServerDisconnected, smtplib.SMTPConnectError, ConnectionError, TimeoutError)


class TemporaryFailure(Exception):
    """The relay answered 4xx or could not be reached: the send task retries (capped)."""


def outbox(session: Session, key: str, kind: str, gid: str | None, msg: EmailMessage) -> int | None:
    """Writes *msg* to the outbox under *key*; returns its id, or None when *key* was written before
    (by this or a concurrent worker): each answer and notice is sent at most once."""
    if session.execute(select(OutboundMail.id).where(OutboundMail.key == key)).first():
        return None
    row = OutboundMail(key=key[:200], message_id=str(msg["Message-ID"]), game_id=gid, kind=kind,
                       to_addr=str(msg["To"]), raw=msg.as_bytes(policy=policy.SMTP), status="pending")
    try:
        with session.begin_nested():
            session.add(row)
    except IntegrityError:
        return None
    return row.id


def relay_send(s: MailSettings, to_addr: str, raw: bytes) -> None:
    """Hands one message to the relay (STARTTLS or SSL and a login when configured)."""
    if s.smtp_security == "ssl":
        conn = smtplib.SMTP_SSL(s.smtp_host, s.smtp_port, timeout=30, context=ssl.create_default_context())
    else:
        conn = smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=30)
    with conn:
        if s.smtp_security == "starttls":
            conn.starttls(context=ssl.create_default_context())
        if s.smtp_user:
            conn.login(s.smtp_user, s.smtp_password)
        conn.sendmail(s.from_addr, [to_addr], raw)


def send(Session: sessionmaker, s: MailSettings, outbound_id: int, final: bool = False) -> str:
    """Sends one outbox row; returns its status. A 5xx answer marks it failed; a temporary failure
    raises ``TemporaryFailure`` (the task retries) unless *final*, when it is marked failed too."""
    with Session() as session:
        row = session.get(OutboundMail, outbound_id)
        if row is None or row.status != "pending":
            return row.status if row else "missing"
        to_addr, raw = row.to_addr, row.raw
    error, status = "", "sent"
    try:
        relay_send(s, to_addr, raw)
    except smtplib.SMTPResponseException as e:
        error = f"{e.smtp_code} {e.smtp_error!r}"
        status = "failed" if e.smtp_code >= 500 or final else "pending"
    except smtplib.SMTPRecipientsRefused as e:  # a 4xx (greylisting, a full mailbox) is worth a retry
        temporary = all(code < 500 for code, _text in e.recipients.values())
        error = f"recipient refused: {e.recipients!r}"
        status = "pending" if temporary and not final else "failed"
    except (*TRANSIENT, OSError, smtplib.SMTPException) as e:
        error, status = f"{type(e).__name__}: {e}", "failed" if final else "pending"
    with Session() as session, session.begin():
        row = session.get(OutboundMail, outbound_id)
        row.attempts += 1
        row.error = error
        if row.status == "pending":
            row.status = status
            if status == "sent":
                row.sent_at = now()
    if status == "pending":
        raise TemporaryFailure(error)
    return status
