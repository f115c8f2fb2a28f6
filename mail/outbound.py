"""The outbox: a message is written whole to ``mail_outbound`` (once per key), then sent by a task
through the configured relay with smtplib.

Sending claims the row first: one conditional UPDATE turns it from ``pending`` to ``sending``
with the claim's time and the attempt's number, so of any number of senders of one row (two queued
tasks, a task and the sweep's re-queue, a retry) exactly one sends it and the others stop. The claim
holds ``CLAIM_EXPIRES``: a send gives up after ``SEND_TIMEOUT`` in all (a watchdog closes a relay that
stalls), so a row still ``sending`` after that plus a margin had its sender crash, and may be claimed
again (``mail.sweep`` queues it). The result is written only while the claim is still the sender's.

What is still possible, and nothing else: a sender that crashes (or loses the database) after the relay
accepted the message but before the row is marked ``sent`` leaves the row claimed; once the claim expires
it is sent once more, with the same Message-ID, which recipients' mail clients treat as the same message.
A row already sent is never sent again. A row is tried at most ``send_retries + 1`` times (attempts
counted at each claim, whoever queued it), then marked failed.
"""

from __future__ import annotations

import logging
import smtplib
import socket
import ssl
import threading
from datetime import timedelta
from email import policy
from email.message import EmailMessage

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from service.mail_models import OutboundMail
from service.models import now

from .config import MailSettings

log = logging.getLogger("umpire.mail")

#: The longest a relay may take for one message, connection to the last answer; then the send fails
#: (temporary) and is retried.
SEND_TIMEOUT = 60.0
#: How long a claim holds: a row ``sending`` for longer had its sender crash (the send timeout plus a
#: generous margin, for a slow database and clocks a little apart).
CLAIM_EXPIRES = timedelta(seconds=SEND_TIMEOUT) + timedelta(minutes=4)

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


def relay_send(s: MailSettings, to_addr: str, raw: bytes, timeout: float = SEND_TIMEOUT) -> None:
    """Hands one message to the relay (STARTTLS or SSL and a login when configured), in at most *timeout*
    seconds in all: past it a watchdog shuts the connection, and the send fails with an OSError."""
    each = min(30.0, timeout)  # each read or write; the watchdog bounds them all together
    if s.smtp_security == "ssl":
        conn = smtplib.SMTP_SSL(timeout=each, context=ssl.create_default_context())
    else:
        conn = smtplib.SMTP(timeout=each)

    def stall():
        try:
            conn.sock.shutdown(socket.SHUT_RDWR)
        except (OSError, AttributeError):  # closed already
            pass

    watchdog = threading.Timer(timeout, stall)
    watchdog.daemon = True
    watchdog.start()
    try:
        conn.connect(s.smtp_host, s.smtp_port)
        with conn:
            if s.smtp_security == "starttls":
                conn.starttls(context=ssl.create_default_context())
            if s.smtp_user:
                conn.login(s.smtp_user, s.smtp_password)
            conn.sendmail(s.from_addr, [to_addr], raw)
    finally:
        watchdog.cancel()


#: Outbox keys of letters whose body holds a secret (a tournament round's letter to a player carries their
#: seat token, ``service.tournaments.mailing``): once sent, the row keeps its key, address and times but not
#: its body, so a copy of the database does not hold the token (only its hash, on the seat).
FORGOTTEN_ONCE_SENT = ("tournament-seat:",)


def claimable(at):
    """The rows a sender may claim at *at*: pending, or sending under a claim that has expired."""
    return or_(OutboundMail.status == "pending",
               (OutboundMail.status == "sending") & (OutboundMail.claimed_at < at - CLAIM_EXPIRES))


def claim(Session: sessionmaker, outbound_id: int):
    """Claims the row for this sender: ``(attempt number, to, raw)``, or ``(None, status, None)`` when it is
    not claimable (sent, failed, or being sent by another sender)."""
    at = now()
    with Session() as session, session.begin():
        done = session.execute(update(OutboundMail)
                               .where(OutboundMail.id == outbound_id, claimable(at))
                               .values(status="sending", claimed_at=at, attempts=OutboundMail.attempts + 1)
                               .execution_options(synchronize_session=False))
        row = session.get(OutboundMail, outbound_id)
        if done.rowcount != 1:
            return None, (row.status if row else "missing"), None
        return row.attempts, row.to_addr, row.raw


def send(Session: sessionmaker, s: MailSettings, outbound_id: int, final: bool = False) -> str:
    """Claims and sends one outbox row; returns its status (``sending`` when another sender has it). A 5xx
    answer marks it failed; a temporary failure raises ``TemporaryFailure`` (the task retries) unless this
    is the row's last attempt (*final*, or ``send_retries + 1`` attempts made), when it is marked failed."""
    attempt, to_addr, raw = claim(Session, outbound_id)
    if attempt is None:
        return to_addr
    final = final or attempt > s.send_retries
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
    except Exception as e:  # e.g. an address smtplib cannot encode: trying again would fail the same way
        log.exception("outbox row %s cannot be sent", outbound_id)
        error, status = f"{type(e).__name__}: {e}", "failed"
    with Session() as session, session.begin():
        mine = session.execute(update(OutboundMail)
                               .where(OutboundMail.id == outbound_id, OutboundMail.status == "sending",
                                      OutboundMail.attempts == attempt)
                               .values(status=status, error=error, sent_at=now() if status == "sent" else None)
                               .execution_options(synchronize_session=False)).rowcount == 1
        if mine and status == "sent":  # a letter that carries a seat's token is not kept once sent
            session.execute(update(OutboundMail)
                            .where(OutboundMail.id == outbound_id,
                                   or_(*(OutboundMail.key.startswith(k) for k in FORGOTTEN_ONCE_SENT)))
                            .values(raw=b"").execution_options(synchronize_session=False))
    if not mine:
        log.warning("outbox row %s: the claim of attempt %s expired before the send ended", outbound_id, attempt)
    if status == "pending":
        raise TemporaryFailure(error)
    return status
