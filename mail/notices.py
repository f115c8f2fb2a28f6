"""Answers that carry the position: the verdict of a mailed move, STATUS, and the "your move" mail to
whoever must act next. Each attaches the seat's PDF snapshot (``service.reports.store``), rendered
outside any transaction, then written to the outbox once (its key)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

import engine
from service import games as G
from service.adjudication import DONE
from service.deadlines import address_of, due
from service.mail_models import InboundMail, OutboundMail
from service.models import Game, Move, Submission

from . import compose
from .config import MailSettings
from .outbound import outbox
from .parse import references_of


def _pdf(Session: sessionmaker, gid: str, role: str) -> tuple[bytes, str]:
    from service.reports.store import get_or_render
    pdf, seq = get_or_render(Session, gid, "snapshot", role)
    return pdf, f"{gid}-{seq}-{role}.pdf"


def _deadline_block(session, game: Game, role: str, tz: str) -> list:
    d = due(session, game, role)
    return [("p", f"Your decision is due {compose.when(d.due_at, tz)}.")] if d else []


def answer_game(Session: sessionmaker, s: MailSettings, gid: str) -> list[int]:
    """Answers the game's mailed moves that have their verdict and its STATUS requests, then sends the
    "your move" mails of the current position; returns the outbox ids written."""
    if not s.enabled:
        return []
    ids = []
    with Session() as session:
        rows = session.execute(select(InboundMail.id).where(InboundMail.game_id == gid,
                                                            InboundMail.status.in_(("submitted", "asked")))
                               .order_by(InboundMail.id)).scalars().all()
    for rid in rows:
        ids.extend(_answer(Session, s, rid))
    ids.extend(turn_mails(Session, s, gid))
    return [i for i in ids if i]


def _answer(Session: sessionmaker, s: MailSettings, rid: int) -> list:
    with Session() as session:
        row = session.get(InboundMail, rid)
        if row.status == "submitted":
            sub = session.get(Submission, row.submission_id)
            if sub.status not in DONE:
                return []
        role, gid = row.role, row.game_id
    pdf = _pdf(Session, gid, role)
    with Session() as session, session.begin():
        row = session.execute(select(InboundMail).where(InboundMail.id == rid).with_for_update()).scalar_one()
        if row.status not in ("submitted", "asked"):
            return []
        game = G.get_game(session, gid)
        _addr, tz = address_of(session, gid, role)
        if row.status == "submitted":
            verdict = session.get(Submission, row.submission_id).verdict or {}
            blocks = compose.verdict_blocks(verdict, role)
            subject = {"accepted": "accepted", "partial": "partly accepted"}.get(verdict.get("status"), "rejected")
        else:
            blocks = compose.position_blocks(gid, G.game_view(game, role), role)
            subject = f"status at position {game.seq}"
        if role in engine.active_roles(game.state):
            blocks += _deadline_block(session, game, role, tz)
            covered(session, f"turn:{gid}:{game.seq}:{role}", gid)  # this answer lists the seat's choices
        msg = compose.build(s, gid, row.reply_to, subject, blocks, in_reply_to=row.message_id,
                            references=references_of(row.raw), pdf=pdf)
        row.status = "answered"
        return [outbox(session, f"reply:{row.id}", "reply", gid, msg)]


def covered(session, key: str, gid: str) -> None:
    """Records *key* as said by another mail (kept in the outbox as ``covered``, never sent). A row a
    concurrent worker wrote under the same key first says the same: its savepoint is dropped."""
    if not session.execute(select(OutboundMail.id).where(OutboundMail.key == key)).first():
        try:
            with session.begin_nested():
                session.add(OutboundMail(key=key, message_id="", game_id=gid, kind="turn", to_addr="", raw=b"",
                                         status="covered"))
        except IntegrityError:
            pass


def turn_mails(Session: sessionmaker, s: MailSettings, gid: str) -> list:
    """A "your move" mail to each seat that must act at the current position and did not itself make
    it (the mover's answer already lists its choices), if the seat has an address."""
    with Session() as session:
        game = G.get_game(session, gid)
        if game.status != "active":
            return []
        seq = game.seq
        last = session.execute(select(Move.role).where(Move.game_id == gid, Move.seq == seq)).scalar()
        todo = []
        for role in engine.active_roles(game.state):
            key = f"turn:{gid}:{seq}:{role}"
            if role == last or session.execute(select(OutboundMail.id).where(OutboundMail.key == key)).first():
                continue
            addr, _tz = address_of(session, gid, role)
            if addr:
                todo.append((role, key))
    ids = []
    for role, key in todo:
        pdf = _pdf(Session, gid, role)
        with Session() as session, session.begin():
            game = G.get_game(session, gid)
            if game.seq != seq:
                break  # the game moved on meanwhile; the next round mails the new position
            addr, tz = address_of(session, gid, role)
            blocks = [("h", f"It is your move in game {gid} ({engine.definition(game.game).title}), "
                            f"position {seq}."),
                      *compose.position_blocks(gid, G.game_view(game, role), role),
                      *_deadline_block(session, game, role, tz),
                      ("p", "Answer this mail with your 'Token: <your token>' line and your orders.")]
            msg = compose.build(s, gid, addr, f"your move (position {seq})", blocks, pdf=pdf, auto="auto-generated")
            ids.append(outbox(session, key, "turn", gid, msg))
    return ids
