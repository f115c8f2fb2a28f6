"""Move deadlines: an optional number of hours per decision, set per game. The seat is
reminded before the deadline; when it passes, the umpire and the other seats are told. No move is made
for anyone. Times are UTC, with the seat's time zone where it set one. The clock is a parameter."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from service.addresses import is_confirmed
from service.deadlines import address_of, due, stamp
from service.mail_models import Deadline, MailGame
from service.models import Game

from . import compose
from .config import MailSettings
from .outbound import outbox


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
                    out.append(outbox(session, f"remind:{game.id}:{game.seq}:{role}:{stamp(d)}", "remind", game.id, msg))
    return [i for i in out if i]


def _expired(session: Session, s: MailSettings, game: Game, mg: MailGame, role: str, d: Deadline) -> list:
    """The deadline passed: the umpire and every other seat are told (nothing is played for anyone)."""
    ids = []
    umpire = mg.umpire_email if is_confirmed(session, game.id, mg.umpire_email) else ""
    told = [("umpire", umpire, "")] + [
        (r, *address_of(session, game.id, r)) for r in engine.definition(game.game).roles if r != role]
    for who, addr, tz in told:
        if not addr:
            continue
        blocks = [("h", f"{role.title()} did not decide by the deadline in game {game.id}."),
                  ("p", f"The deadline for position {game.seq} was {compose.when(d.due_at, tz)}. No move is made "
                        f"for them; the game waits. The umpire decides what happens next.")]
        msg = compose.build(s, game.id, addr, f"deadline passed: {role.title()}", blocks, auto="auto-generated")
        ids.append(outbox(session, f"expired:{game.id}:{game.seq}:{role}:{who}:{stamp(d)}", "expired", game.id, msg))
    return ids
