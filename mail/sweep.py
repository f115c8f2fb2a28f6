"""The mail sweeper (a periodic task): what a lost task message or a crash left undone, and the clock.

It handles inbound messages left unread, answers verdicts not yet answered, sends "your move" mails not
yet sent, reminds and reports deadlines, and queues again outbox rows left pending (a lost task message)
or left ``sending`` under an expired claim (the sender crashed mid-send). Everything it does is keyed,
and a row is sent only by the sender that claims it (``mail.outbound``), so running it twice, or while a
slow send is under way, sends nothing twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import or_, select
from sqlalchemy.orm import sessionmaker

from service.mail_models import InboundMail, MailSeat, OutboundMail
from service.models import Game, Seat, now

from . import confirm, deadlines
from .config import MailSettings
from .outbound import CLAIM_EXPIRES

#: An inbound message still unread after this long had its task lost.
UNREAD_AFTER = timedelta(seconds=60)
#: Inbound messages queued again by one sweep, the longest untouched first: each try of a message moves it
#: to the back (``inbound.handle`` counts it), so a message that keeps failing (given up after
#: ``inbound.MAX_TRIES``) never keeps real mail out of the batch.
BATCH = 200
#: An outbox row still pending this long after it was written is past its send task's retries (about 5
#: minutes) or had its task message lost. Queuing it again is safe at any time (the claim), so not long.
UNSENT_AFTER = timedelta(minutes=10)


@dataclass
class Sweep:
    inbound: list[int] = field(default_factory=list)
    games: set[str] = field(default_factory=set)
    outbox: list[int] = field(default_factory=list)


def sweep(Session: sessionmaker, s: MailSettings, at: datetime | None = None) -> Sweep:
    """What to do now: inbound ids to handle, games to answer, outbox ids to send (deadline mails are
    written here, in the outbox)."""
    at = at or now()
    out = Sweep()
    with Session() as session, session.begin():
        out.inbound = list(session.execute(select(InboundMail.id).where(
            InboundMail.status == "received", InboundMail.updated_at < at - UNREAD_AFTER)
            .order_by(InboundMail.updated_at, InboundMail.id).limit(BATCH)).scalars())
        if not s.enabled:
            return out
        out.games = set(session.execute(select(InboundMail.game_id).where(
            InboundMail.status.in_(("submitted", "asked")))).scalars())
        # Active games with a seat to mail: their "your move" mails (keyed, so sent once per position).
        out.games |= set(session.execute(
            select(Game.id).outerjoin(Seat, Seat.game_id == Game.id).outerjoin(MailSeat, MailSeat.game_id == Game.id)
            .where(Game.status == "active", or_(Seat.email != "", MailSeat.address != ""))).scalars())
        out.outbox = deadlines.check(session, s, at)
        out.outbox += confirm.send_due(session, s, at)  # addresses to confirm, one mail per window each
        out.outbox += list(session.execute(select(OutboundMail.id).where(or_(
            (OutboundMail.status == "pending") & (OutboundMail.created_at < at - UNSENT_AFTER),
            (OutboundMail.status == "sending") & (OutboundMail.claimed_at < at - CLAIM_EXPIRES)))
            .order_by(OutboundMail.id).limit(200)).scalars())
    return out


def inbox(Session: sessionmaker, failed_only: bool = False, limit: int = 50) -> list[str]:
    """``umpire mail inbox``: how many stored messages are in each state, then the newest that need a look
    (failed, or still unread with tries counted), one line each: id, state, when, game, sender, reason."""
    from sqlalchemy import func

    from .inbound import _sender
    with Session() as session:
        counts = dict(session.execute(select(InboundMail.status, func.count()).group_by(InboundMail.status)).all())
        which = ("failed",) if failed_only else ("failed", "received")
        rows = session.execute(select(InboundMail).where(InboundMail.status.in_(which))
                               .order_by(InboundMail.id.desc()).limit(limit)).scalars().all()
        out = ["stored messages: " + (", ".join(f"{n} {st}" for st, n in sorted(counts.items())) or "none")]
        for row in rows:
            out.append(f"#{row.id} {row.status} {row.created_at:%Y-%m-%d %H:%M} UTC game {row.game_id or '-'} "
                       f"from {_sender(row) or '-'}: {row.reason or '-'}")
    return out


def scrub_stored(Session: sessionmaker, batch: int = 200) -> int:
    """``umpire mail inbox --scrub``: cuts the seat tokens out of every message already handled (those
    stored before ``mail.scrub`` was applied to each). Returns how many changed."""
    from .inbound import _known_tokens
    from .scrub import scrub
    changed, last = 0, 0
    while True:
        with Session() as session, session.begin():
            rows = session.execute(select(InboundMail).where(InboundMail.id > last, InboundMail.status != "received")
                                   .order_by(InboundMail.id).limit(batch)).scalars().all()
            if not rows:
                return changed
            known = _known_tokens(session)
            for row in rows:
                clean = scrub(row.raw, known)
                if clean != row.raw:
                    row.raw, changed = clean, changed + 1
            last = rows[-1].id
