"""A game's mail settings, as the umpire sets them: the hours allowed per decision, the umpire's address
and each seat's address. One service function (``apply``) behind both ``umpire mail settings``
(``update``) and ``GET``/``POST /api/games/ID/mail-settings`` (``service.api.mail_settings``).
"""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

import engine
from service import games as G
from service.errors import ServiceError
from service.models import Game, Seat, now

from . import addresses
from .mail_models import MailGame

#: A mail address Umpire will write to: ASCII, one ``@``, no spaces, quotes, brackets or commas (so it
#: is one address, and safe in a header). The API's document carries the same pattern.
ADDRESS = r"^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$"
MAX_ADDRESS = 254
MAX_HOURS = 24 * 90


class Refused(ServiceError, ValueError):
    """Settings refused, with the reason (a ``ValueError`` for the command line, a ``ServiceError`` with
    its HTTP status for the API): 400 for a bad value or a role no game has, 404 for an unknown game or a
    role that is not a seat of this game."""


def check_address(addr: str) -> str:
    if addr and (len(addr) > MAX_ADDRESS or not re.match(ADDRESS, addr)):
        raise Refused(f"{addr[:300]!r} is not a mail address: write one address such as ann@example.org "
                      f"(ASCII, at most {MAX_ADDRESS} characters), or nothing to remove it")
    return addr


def read(session: Session, game: Game) -> dict:
    """The game's mail settings; ``unconfirmed``: the addresses set whose owners have not confirmed them yet
    (``mail.confirm``: nothing but the confirmation mail goes to them)."""
    mg = session.get(MailGame, game.id)
    seats = session.execute(select(Seat).where(Seat.game_id == game.id).order_by(Seat.role)).scalars().all()
    umpire_email = mg.umpire_email if mg else ""
    return {"id": game.id, "deadline_hours": mg.deadline_hours if mg else None,
            "umpire_email": umpire_email, "emails": {x.role: x.email for x in seats},
            "unconfirmed": addresses.unconfirmed(session, game.id, [umpire_email, *(x.email for x in seats)])}


def apply(session: Session, game: Game, hours: float | None = None, umpire_email: str | None = None,
          emails: dict[str, str] | None = None) -> dict:
    """Sets what is given (``hours`` 0 removes the deadline) and returns the settings; checks everything
    before changing anything.

    :raises Refused: a negative or too long deadline, a bad address, a role that is not a seat of the game.
    """
    if hours is not None and not 0 <= hours <= MAX_HOURS:
        raise Refused(f"the deadline is a number of hours from 0 (no deadline) to {MAX_HOURS}, not {hours:g}")
    for addr in [umpire_email or "", *(emails or {}).values()]:
        check_address(addr)
    seats = {x.role: x for x in session.execute(select(Seat).where(Seat.game_id == game.id)).scalars()}
    for role in emails or {}:
        if role not in seats:
            known = sorted({r for g in engine.games() for r in g["roles"]})
            status = 404 if role in known else 400
            raise Refused(f"{role[:100]!r} is not a seat of game {game.id}; its seats are {', '.join(sorted(seats))}",
                          code="not-found" if status == 404 else "invalid", status=status)
    mg = session.get(MailGame, game.id) or MailGame(game_id=game.id, umpire_email="")
    session.add(mg)
    if hours is not None:
        mg.deadline_hours = hours or None
    if umpire_email is not None:
        mg.umpire_email = umpire_email
        addresses.request(session, game.id, umpire_email, again=True)
    for role, addr in (emails or {}).items():
        seats[role].email = addr
        addresses.request(session, game.id, addr, again=True)  # mailed only once confirmed (mail.confirm)
    mg.updated_at = now()
    session.flush()
    return read(session, game)


def line(d: dict) -> str:
    """The settings as one line (what the command prints)."""
    hours = d["deadline_hours"]
    waiting = d.get("unconfirmed") or []
    return (f"{d['id']}: deadline {f'{hours:g} h' if hours else 'none'}; umpire {d['umpire_email'] or '-'}; "
            + ", ".join(f"{role} {addr or '-'}" for role, addr in sorted(d["emails"].items()))
            + (f"; not yet confirmed by their owners (mailed nothing else): {', '.join(waiting)}" if waiting else ""))


def update(Session: sessionmaker, gid: str, hours: float | None = None, umpire_email: str | None = None,
           emails: dict[str, str] | None = None) -> str:
    """``umpire mail settings``: ``apply`` in a transaction of its own; returns the settings as one line.

    :raises Refused: (a ``ValueError``) an unknown game, or what ``apply`` refuses.
    """
    with Session() as s, s.begin():
        try:
            game = G.get_game(s, gid)
        except ServiceError as e:
            raise Refused(e.message, code="not-found", status=404) from None
        return line(apply(s, game, hours, umpire_email, emails))
