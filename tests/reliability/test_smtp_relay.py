"""Fault: a slow, then failing, SMTP relay while games are played (issue 9, part 2; DESIGN.md 8).

A real aiosmtpd relay on 127.0.0.1 (``tests/mail/conftest.py``'s, made faulty here): first it answers each
message slowly (longer than a verdict takes), then for a few seconds it answers 421 (at MAIL) and 451 (at
RCPT, as greylisting does) until both have been seen, then it recovers; one seat's address is always refused with 554. The games' "your move" mails go through the
background worker's mail queue (the Procfile's), so verdicts never wait for the relay. At the end every
outbox row is sent or failed, none is left pending; a row the relay refused with 5xx is failed with its
error; and the relay was handed each sent row exactly once (its Message-ID), none twice.
"""

from __future__ import annotations

import asyncio
import collections
import random
import threading
import time

from sqlalchemy import select

from service.mail_models import OutboundMail
from tests.mail.conftest import DOMAIN, Relay

from .harness import SETTLE_SECONDS, Table, check, wait_until

SLOW = 3.0  # seconds the relay takes per message at first
BUSY = 4.0  # seconds it answers 421/451 afterwards
REFUSED = "refused@example.org"


class FaultyRelay(Relay):
    """The test relay, slowed down, made busy, or refusing one recipient, as the test says."""

    def __init__(self):
        super().__init__()
        self.delay = 0.0
        self.busy = False
        self.temporary = collections.Counter()  # 421/451 answers given
        self.refusals = 0
        self.greylisted: set[str] = set()  # addresses answered 451 at RCPT
        self.lock = threading.Lock()

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        with self.lock:
            busy = self.busy and sum(self.temporary.values()) % 2 == 0
            if busy:
                self.temporary["421 at MAIL"] += 1
        if busy:  # every other message, whoever it is for: the relay is closing the connection
            return "421 4.3.2 the relay is busy, try again later"
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        with self.lock:
            if self.busy:  # the others: greylisted, as many relays do to a sender they do not know yet
                self.temporary["451 at RCPT"] += 1
                self.greylisted.add(address)
                return "451 4.7.1 greylisted, try again later"
            if address == REFUSED:
                self.refusals += 1
                return "554 5.7.1 <refused@example.org>: recipient refused"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        return await super().handle_DATA(server, session, envelope)


def test_a_slow_then_failing_relay_never_delays_a_verdict_and_each_mail_goes_at_most_once(stack_on, seed):
    relay = FaultyRelay()
    relay.controller.start()
    try:
        _play_through_a_faulty_relay(stack_on, seed, relay)
    finally:
        relay.controller.stop()


def _play_through_a_faulty_relay(stack_on, seed, relay: FaultyRelay) -> None:
    stack = stack_on()
    smtp = {"UMPIRE_SMTP_HOST": "127.0.0.1", "UMPIRE_SMTP_PORT": str(relay.port), "UMPIRE_SMTP_SECURITY": "none",
            "UMPIRE_MAIL_DOMAIN": DOMAIN}
    moves = stack.worker("moves", wait=False, UMPIRE_TEST_QUEUES="celery", **smtp)
    background = stack.worker("mail", wait=False, UMPIRE_TEST_QUEUES="renders,mail", **smtp)
    stack.ready(moves, background)
    seats = [{"role": "irgun", "player": "Ann", "email": "ann@example.org"},
             {"role": "british", "player": "Bob", "email": REFUSED}]
    tables = [Table(stack.client, random.Random(seed * 10 + i), seats=seats) for i in range(2)]
    from mail.confirm import mark_confirmed
    with stack.sessions() as s, s.begin():  # the players answered their confirmation mails (issue 21, finding 6)
        for t in tables:
            for seat in seats:
                mark_confirmed(s, t.id, seat["email"])
    verdict_seconds: list[float] = []

    def rows(gid: str | None = None) -> list[OutboundMail]:
        q = select(OutboundMail).where(OutboundMail.status != "covered")
        with stack.sessions() as s:
            return list(s.execute(q if gid is None else q.where(OutboundMail.game_id == gid)).scalars())

    def turn(t: Table) -> None:
        """Plays until the other side must act, as players by mail do: that seat is mailed its move."""
        before, (role,) = len(rows(t.id)), t.prompts
        while not t.over and role in t.prompts:
            t0 = time.monotonic()
            r = t.play(wait=20)
            assert r.status_code == 200, f"no verdict within 20 s: {r.get_json()}"
            verdict_seconds.append(time.monotonic() - t0)
        if not t.over:
            wait_until(lambda: len(rows(t.id)) > before, 60, f"the 'your move' mail of {t.id} at {t.seq}")

    relay.delay = SLOW  # every message takes SLOW seconds to hand over
    for t in tables:
        turn(t)
    # Then 421/451 for BUSY seconds, and until a few messages have been answered so (bounded).
    relay.delay, relay.busy = 0.0, True
    busy_end, give_up = time.monotonic() + BUSY, time.monotonic() + 60
    while time.monotonic() < busy_end or len(relay.temporary) < 2 or "ann@example.org" not in relay.greylisted:
        assert time.monotonic() < give_up, "no message reached the busy relay within 60 s"
        for t in tables:
            turn(t)
    relay.busy = False
    # Bounded: the send task retries a 4xx after 10 s (then 20 s...); the relay has recovered by then.
    wait_until(lambda: all(r.status in ("sent", "failed") for r in rows()), SETTLE_SECONDS,
               "every outbox row sent or failed")
    out = rows()
    delivered = collections.Counter(str(m["Message-ID"]) for m in relay.messages)
    twice = [mid for mid, n in delivered.items() if n > 1]
    sent = [r for r in out if r.status == "sent"]
    failed = [r for r in out if r.status == "failed"]
    summary = [(r.to_addr, r.status, r.error) for r in out]
    assert not twice, f"messages the relay was given more than once: {twice}"
    assert all(delivered[r.message_id] == 1 for r in sent), f"a row marked sent never reached the relay: {summary}"
    assert set(delivered) <= {r.message_id for r in sent}, f"the relay has a message not marked sent: {summary}"
    assert sent and all(r.to_addr == "ann@example.org" for r in sent), summary
    assert any(r.attempts > 1 for r in sent), f"no row was sent after a 4xx: {summary}"
    assert failed and all(r.to_addr == REFUSED and "554" in r.error for r in failed), summary
    assert max(verdict_seconds) < SLOW, f"a verdict waited for the slow relay: {max(verdict_seconds):.2f}s"
    print(f"[faults] SMTP relay: {SLOW:g}s a message, then 421/451 for {BUSY:g}s, 554 for one seat; outbox rows "
          f"{len(out)}: sent {len(sent)} (each exactly once), failed with 554 {len(failed)}, left pending 0; "
          f"4xx answered {dict(relay.temporary)}; moves {len(verdict_seconds)}, slowest verdict "
          f"{max(verdict_seconds):.2f}s")
    check(stack, tables, 3, "SMTP relay slow/4xx/554")
