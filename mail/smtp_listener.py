"""The SMTP listener (``umpire mail listen``): an aiosmtpd server for a real MTA to relay to.

``handle_DATA`` stores the raw message (``inbound.receive``) and commits before answering ``250``; on
any error it answers ``451`` so the sending MTA tries again later: SMTP's own retries make delivery
durable. A message over twice the size limit is refused in the SMTP dialogue (552, the sender's MTA
bounces it); one over the limit but under that is stored as its headers and answered by mail.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from aiosmtpd.controller import Controller

from .config import MailSettings
from .inbound import receive

log = logging.getLogger("umpire.mail")


class Handler:
    """aiosmtpd handler: store, then hand the row's id to *enqueue* (the ``tasks.mail.handle`` task)."""

    def __init__(self, Session, settings: MailSettings, enqueue: Callable[[int], object]):
        self.Session, self.settings, self.enqueue = Session, settings, enqueue

    async def handle_DATA(self, server, session, envelope) -> str:
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", "surrogateescape")
        loop = asyncio.get_running_loop()
        try:
            rid, new = await loop.run_in_executor(None, lambda: receive(
                self.Session, self.settings, raw, "smtp", envelope.mail_from or "", list(envelope.rcpt_tos)))
        except Exception:
            log.exception("could not store an inbound message")
            return "451 4.3.0 Could not store the message now; try again later"
        if new:
            try:
                self.enqueue(rid)
            except Exception:  # the broker is down: the mail sweeper handles the stored message later
                log.exception("could not queue inbound message %s; the sweeper will", rid)
        return f"250 2.0.0 Stored as message {rid}"


def controller(Session, settings: MailSettings, enqueue, host: str, port: int) -> Controller:
    """A listener, not started (``.start()`` / ``.stop()``)."""
    return Controller(Handler(Session, settings, enqueue), hostname=host, port=port,
                      data_size_limit=2 * settings.max_bytes)
