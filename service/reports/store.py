"""Rendered PDFs, stored per game, kind, seat and position, and rendered on demand when missing."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

import engine

from .. import games as G
from ..errors import ServiceError
from ..models import Render
from .limits import RenderLimitError


def roles_of(game) -> list[str]:
    return list(engine.definition(game.game).roles)


def get_or_render(Session: sessionmaker, gid: str, kind: str, role: str) -> tuple[bytes, int]:
    """The PDF of *kind* (``snapshot`` or ``report``) for *role* at the game's current position."""
    from .documents import report_pdf, snapshot_pdf

    with Session() as s:
        game = G.get_game(s, gid)
        seq = game.seq
        row = s.execute(select(Render).where(Render.game_id == gid, Render.kind == kind, Render.role == role,
                                             Render.seq == seq)).scalar_one_or_none()
        if row is not None:
            return row.pdf, seq
        try:
            pdf = snapshot_pdf(s, game, role) if kind == "snapshot" else report_pdf(s, game)
        except RenderLimitError as e:  # our limit, not the caller's fault: try again later
            raise ServiceError(f"the {kind} PDF could not be rendered now: {e}", code="render-failed",
                               status=503) from None
    try:
        with Session() as s, s.begin():
            s.add(Render(game_id=gid, kind=kind, role=role, seq=seq, pdf=pdf))
    except IntegrityError:  # rendered meanwhile by someone else: the same document
        pass
    return pdf, seq


def render_snapshots(Session: sessionmaker, gid: str) -> int:
    """Renders every seat's snapshot at the current position (the task after each accepted move)."""
    with Session() as s:
        roles = roles_of(G.get_game(s, gid))
    for role in roles:
        get_or_render(Session, gid, "snapshot", role)
    return len(roles)
