"""A game's mail settings, as the umpire sets them (``umpire mail settings``)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import sessionmaker

from service import games as G
from service.errors import ServiceError
from service.models import Seat, now

from .models import MailGame


def update(Session: sessionmaker, gid: str, hours: float | None = None, umpire_email: str | None = None,
           emails: dict[str, str] | None = None) -> str:
    """Sets what is given; returns the settings as one line. ``hours`` 0 removes the deadline.

    :raises ValueError: an unknown game or role, a negative deadline, an address without ``@``.
    """
    with Session() as s, s.begin():
        try:
            game = G.get_game(s, gid)
        except ServiceError as e:
            raise ValueError(e.message) from None
        mg = s.get(MailGame, game.id) or MailGame(game_id=game.id, umpire_email="")
        s.add(mg)
        if hours is not None:
            if hours < 0:
                raise ValueError("the deadline is a number of hours, 0 for none")
            mg.deadline_hours = hours or None
        for addr in [umpire_email or "", *(emails or {}).values()]:
            if addr and "@" not in addr:
                raise ValueError(f"{addr!r} is not a mail address")
        if umpire_email is not None:
            mg.umpire_email = umpire_email
        for role, addr in (emails or {}).items():
            seat = s.execute(select(Seat).where(Seat.game_id == game.id, Seat.role == role)).scalar_one_or_none()
            if seat is None:
                raise ValueError(f"{role!r} is not a seat of game {game.id}")
            seat.email = addr
        mg.updated_at = now()
        seats = s.execute(select(Seat).where(Seat.game_id == game.id).order_by(Seat.role)).scalars()
        return (f"{game.id}: deadline {f'{mg.deadline_hours:g} h' if mg.deadline_hours else 'none'}; umpire "
                f"{mg.umpire_email or '-'}; " + ", ".join(f"{x.role} {x.email or '-'}" for x in seats))
