"""Fixtures for play by email: a real SMTP relay on localhost (aiosmtpd) that captures Umpire's mail,
an app configured to send through it, and helpers that write and deliver player mail.

Every server started here is stopped at the end of its test; every wait is bounded.
"""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select

from mail import inbound, notices, outbound
from mail.config import settings
from service import adjudication
from service import games as G
from tests.service.conftest import pg_url  # noqa: F401  (the throwaway PostgreSQL database, for the outbox races)
from umpire_app.web import create_app

DOMAIN = "umpire.test"
SECRET = "webhook-secret-for-tests"


def free_port() -> int:
    """A free TCP port (aiosmtpd's Controller cannot take port 0: aio-libs/aiosmtpd#276)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Relay:
    """An SMTP relay that keeps every message it is given (parsed), for the tests to read."""

    def __init__(self):
        self.messages: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.cond = threading.Condition()
        self.port = free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):
        msg = BytesParser(policy=policy.default).parsebytes(envelope.original_content or envelope.content)
        with self.cond:
            self.messages.append(msg)
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
            self.cond.notify_all()
        return "250 OK"

    def wait_for(self, n: int, seconds: float = 20.0) -> list[EmailMessage]:
        """Waits (bounded) until *n* messages in all have arrived; returns them."""
        deadline = time.monotonic() + seconds
        with self.cond:
            while len(self.messages) < n:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(self.messages)} message(s) relayed within {seconds}s, expected {n}: "
                                         f"{[m['Subject'] for m in self.messages]}")
                self.cond.wait(left)
            return list(self.messages)

    def to(self, addr: str) -> list[EmailMessage]:
        return [m for m in self.messages if str(m["To"]) == addr]


@contextmanager
def started(r: Relay):
    """*r* (a ``Relay`` or a subclass) listening, and stopped at the end."""
    r.controller.start()
    try:
        yield r
    finally:
        r.controller.stop()


@pytest.fixture
def relay():
    with started(Relay()) as r:
        yield r


def mail_config(relay_port: int | None, **extra) -> dict:
    cfg = {"domain": DOMAIN, "webhook_secret": SECRET, **extra}
    if relay_port:
        cfg.update(smtp_host="127.0.0.1", smtp_port=relay_port, smtp_security="none")
    return cfg


@pytest.fixture
def mail_app(tmp_path, relay):
    """An app (SQLite, embedded mode) whose mail goes to the test relay; no worker thread."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'umpire.sqlite3'}", "REDIS_URL": "",
                      "SWEEP_SECONDS": 0.5, "MAIL": mail_config(relay.port)})
    yield app
    app.extensions["umpire"]["engine"].dispose()


def new_game(app, emails: dict | None = None) -> tuple[str, dict]:
    seats = [{"role": r, "email": (emails or {}).get(r, "")} for r in ("irgun", "british")]
    with app.extensions["umpire"]["sessions"]() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", "standard", {}, seats, "By mail")
        return game.id, tokens


def confirm_addresses(app, gid: str) -> None:
    """The owners of game *gid*'s addresses (its seats' and its umpire's, as set now) confirm them, as an
    answer to their confirmation mail does (``mail.confirm``): before, nothing else is mailed to them."""
    from mail.confirm import mark_confirmed
    from service.mail_models import MailGame
    from service.models import Seat
    with app.extensions["umpire"]["sessions"]() as s, s.begin():
        mg = s.get(MailGame, gid)
        for addr in [mg.umpire_email if mg else "", *s.scalars(select(Seat.email).where(Seat.game_id == gid))]:
            if addr:
                mark_confirmed(s, gid, addr)


def letter(gid: str | None, body: str, *, sender="ann@example.org", to=None, subject="my move",
           attachments=(), headers=None, message_id=None) -> EmailMessage:
    """A player's mail to the game's address."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to or (f"game-{gid.lower()}@{DOMAIN}" if gid else f"nobody@{DOMAIN}")
    msg["Subject"] = subject
    msg["Message-ID"] = message_id or make_msgid(domain="example.org")
    for k, v in (headers or {}).items():
        msg[k] = v
    msg.set_content(body)
    for name, data, ctype in attachments:
        maintype, subtype = ctype.split("/")
        if maintype == "text" or ctype == "application/json":
            msg.add_attachment(data.encode() if isinstance(data, str) else data, maintype=maintype,
                               subtype=subtype, filename=name)
        else:
            msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=name)
    return msg


def deliver(app, raw: bytes | EmailMessage, source: str = "webhook", envelope_from: str | None = None,
            envelope_to=()) -> dict:
    """The whole pipeline, synchronously, as the tasks run it: store, handle, adjudicate, answer, send.
    Returns what happened: the inbound row id, whether it was new, its status, the outbox ids sent."""
    if isinstance(raw, EmailMessage):
        raw = raw.as_bytes()
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    rid, new = inbound.receive(Session, s, raw, source, envelope_from, list(envelope_to))
    return {**process(app, rid), "new": new}


def process(app, rid: int) -> dict:
    """What the tasks do with a stored message, synchronously: handle, adjudicate, answer, send."""
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    res = inbound.handle(Session, s, rid)
    sent = list(res.outbox_ids)
    if res.submission_id:
        adjudication.adjudicate(Session, res.submission_id)
    gid = res.answer_game
    if res.submission_id or gid:
        from service.mail_models import InboundMail
        with Session() as ss:
            gid = ss.get(InboundMail, rid).game_id
        sent += notices.answer_game(Session, s, gid)
    for oid in sent:
        outbound.send(Session, s, oid)
    from service.mail_models import InboundMail
    with Session() as ss:
        row = ss.get(InboundMail, rid)
        return {"id": rid, "status": row.status, "reason": row.reason, "sent": sent,
                "submission": row.submission_id}
