"""Move deadlines: an optional number of hours per decision, set per game (the game's mail settings).
The deadline of a decision is made when first asked; the umpire may extend the deadlines of the decisions
awaited. Reminders and notices are mailed by ``mail.deadlines``. Times are UTC."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine

from . import control
from .addresses import is_confirmed
from .mail_models import Deadline, MailGame, MailSeat
from .models import Game, Move, Seat


def position_reached(session: Session, game: Game) -> datetime:
    """When the game reached its current position (the last accepted action, or its creation)."""
    at = session.execute(select(Move.created_at).where(Move.game_id == game.id, Move.seq == game.seq)).scalar()
    return at or game.updated_at


def first_due(reached: datetime, mg: MailGame) -> datetime:
    """When a decision reached at *reached* is due under the game's mail settings *mg* (with a deadline):
    its hours from that time, or from the settings' last change if later."""
    return max(reached, mg.updated_at) + timedelta(hours=mg.deadline_hours)


def due(session: Session, game: Game, role: str) -> Deadline | None:
    """The deadline of *role*'s decision at the current position (made when first asked), or None when
    the game has no deadline."""
    mg = session.get(MailGame, game.id)
    if mg is None or not mg.deadline_hours:
        return None
    row = session.execute(select(Deadline).where(Deadline.game_id == game.id, Deadline.seq == game.seq,
                                                 Deadline.role == role)).scalar_one_or_none()
    if row is None:
        row = Deadline(game_id=game.id, seq=game.seq, role=role, due_at=first_due(position_reached(session, game), mg))
        session.add(row)
        session.flush()
    return row


def stamp(d: Deadline) -> str:
    """The deadline in an outbox key: an extended deadline gets its own reminder and notice."""
    return d.due_at.strftime("%Y%m%dT%H%M%S")


#: The least and the most an umpire may extend a deadline by at once (six minutes; 90 days).
MIN_EXTENSION_HOURS, MAX_EXTENSION_HOURS = 0.1, 24 * 90


def extend(session: Session, game: Game, hours: float, reason: str = "") -> dict:
    """The umpire gives every seat that must decide now *hours* more: their deadlines at
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
    """A seat's address (its own once its owner confirmed it, ``service.addresses``; else the one it last mailed
    from with its token) and time zone."""
    seat = session.execute(select(Seat).where(Seat.game_id == gid, Seat.role == role)).scalar_one_or_none()
    ms = session.get(MailSeat, (gid, role))
    own = seat.email if seat and is_confirmed(session, gid, seat.email) else ""
    addr = own or (ms.address if ms else "")
    return addr, (ms.tz if ms else "")
