"""Move deadlines (issue 6): an optional number of hours per decision, set per game. The seat is
reminded before the deadline; when it passes, the umpire and the other seats are told. No move is made
for anyone. Times are UTC, with the seat's time zone where it set one. The clock is a parameter."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from service import control
from service.models import Game, Move, Seat

from . import compose, confirm
from .config import MailSettings
from .models import Deadline, MailGame, MailSeat
from .outbound import outbox


def position_reached(session: Session, game: Game) -> datetime:
    """When the game reached its current position (the last accepted action, or its creation)."""
    at = session.execute(select(Move.created_at).where(Move.game_id == game.id, Move.seq == game.seq)).scalar()
    return at or game.updated_at


def due(session: Session, game: Game, role: str) -> Deadline | None:
    """The deadline of *role*'s decision at the current position (made when first asked), or None when
    the game has no deadline."""
    mg = session.get(MailGame, game.id)
    if mg is None or not mg.deadline_hours:
        return None
    row = session.execute(select(Deadline).where(Deadline.game_id == game.id, Deadline.seq == game.seq,
                                                 Deadline.role == role)).scalar_one_or_none()
    if row is None:
        start = max(position_reached(session, game), mg.updated_at)
        row = Deadline(game_id=game.id, seq=game.seq, role=role, due_at=start + timedelta(hours=mg.deadline_hours))
        session.add(row)
        session.flush()
    return row


def _stamp(d: Deadline) -> str:
    """The deadline in an outbox key: an extended deadline gets its own reminder and notice."""
    return d.due_at.strftime("%Y%m%dT%H%M%S")


#: The least and the most an umpire may extend a deadline by at once (six minutes; 90 days).
MIN_EXTENSION_HOURS, MAX_EXTENSION_HOURS = 0.1, 24 * 90


def extend(session: Session, game: Game, hours: float, reason: str = "") -> dict:
    """The umpire gives every seat that must decide now *hours* more (issue 8, part 3): their deadlines at
    this position move, a new reminder is due before the new time, and the act is in the game's log.

    :raises ServiceError: *hours* out of range; 409 when the game has no deadline or nobody must act.
    """
    if not (MIN_EXTENSION_HOURS <= hours <= MAX_EXTENSION_HOURS):
        raise control.ServiceError(f"extend a deadline by {MIN_EXTENSION_HOURS} to {MAX_EXTENSION_HOURS} hours, "
                                   f"not {hours:g}")
    mg = session.get(MailGame, game.id)
    if mg is None or not mg.deadline_hours:
        raise control.Conflict(f"game {game.id} has no move deadline to extend; set one with "
                               f"'umpire mail settings --game {game.id} --hours N'", code="no-deadline")
    roles = engine.active_roles(game.state)
    if game.status not in ("active", "paused") or not roles:
        raise control.Conflict(f"game {game.id} is over: nobody has a decision to extend", code="game-over")
    due_now = {}
    for role in roles:
        d = due(session, game, role)
        d.due_at += timedelta(hours=hours)
        d.reminded_at = d.expired_at = None
        due_now[role] = d.due_at.isoformat() + "Z"
    control.record(session, game, "deadline-extended", "umpire", hours=hours, due=due_now,
                   reason=control.clean_reason(reason))
    return {"id": game.id, "seq": game.seq, "due": due_now}


def address_of(session: Session, gid: str, role: str) -> tuple[str, str]:
    """A seat's address (its own once its owner confirmed it, ``mail.confirm``; else the one it last mailed
    from with its token) and time zone."""
    seat = session.execute(select(Seat).where(Seat.game_id == gid, Seat.role == role)).scalar_one_or_none()
    ms = session.get(MailSeat, (gid, role))
    own = seat.email if seat and confirm.is_confirmed(session, gid, seat.email) else ""
    addr = own or (ms.address if ms else "")
    return addr, (ms.tz if ms else "")


def check(session: Session, s: MailSettings, now: datetime) -> list[int]:
    """Reminds and reports for every game with a deadline; returns the outbox ids written. Each reminder
    and each notice is written once (its outbox key names the game, position and seat)."""
    out: list[int] = []
    rows = session.execute(select(Game, MailGame).join(MailGame, MailGame.game_id == Game.id)
                           .where(Game.status == "active", MailGame.deadline_hours.is_not(None))).all()
    for game, mg in rows:
        for role in engine.active_roles(game.state):
            d = due(session, game, role)
            if d is None:
                continue
            remind_at = d.due_at - timedelta(hours=min(s.remind_hours, mg.deadline_hours / 2))
            if now >= d.due_at and d.expired_at is None:
                d.expired_at = now
                out.extend(_expired(session, s, game, mg, role, d))
            elif remind_at <= now < d.due_at and d.reminded_at is None:
                d.reminded_at = now
                addr, tz = address_of(session, game.id, role)
                if addr:
                    blocks = [("h", f"Reminder: your decision in game {game.id} is due {compose.when(d.due_at, tz)}."),
                              ("p", f"Position {game.seq}. Send STATUS for your view and choices, or your orders.")]
                    msg = compose.build(s, game.id, addr, "reminder: your move is due", blocks, auto="auto-generated")
                    out.append(outbox(session, f"remind:{game.id}:{game.seq}:{role}:{_stamp(d)}", "remind", game.id, msg))
    return [i for i in out if i]


def _expired(session: Session, s: MailSettings, game: Game, mg: MailGame, role: str, d: Deadline) -> list:
    """The deadline passed: the umpire and every other seat are told (nothing is played for anyone)."""
    ids = []
    umpire = mg.umpire_email if confirm.is_confirmed(session, game.id, mg.umpire_email) else ""
    told = [("umpire", umpire, "")] + [
        (r, *address_of(session, game.id, r)) for r in engine.definition(game.game).roles if r != role]
    for who, addr, tz in told:
        if not addr:
            continue
        blocks = [("h", f"{role.title()} did not decide by the deadline in game {game.id}."),
                  ("p", f"The deadline for position {game.seq} was {compose.when(d.due_at, tz)}. No move is made "
                        f"for them; the game waits. The umpire decides what happens next.")]
        msg = compose.build(s, game.id, addr, f"deadline passed: {role.title()}", blocks, auto="auto-generated")
        ids.append(outbox(session, f"expired:{game.id}:{game.seq}:{role}:{who}:{_stamp(d)}", "expired", game.id, msg))
    return ids
