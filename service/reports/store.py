"""Rendered PDFs, stored per game, kind, seat, position and the game's latest event, and rendered on
demand when missing.

The latest event is part of the key because an abandon, a resignation or the seed's reveal changes what
the PDFs say (the result, the seed, the events, who is to act) without changing the position: keyed by
position alone, a report asked for before such an event would be served unchanged after it. A render
that read the game before an event and is stored after it goes under the old key, which no later request
asks for.
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

import engine

from .. import games as G
from ..errors import ServiceError
from ..models import GameEvent, Render
from .boards import check_boards
from .limits import RenderLimitError


def roles_of(game) -> list[str]:
    return list(engine.definition(game.game).roles)


def last_event(session, gid: str) -> int:
    """The id of the game's latest event (``GameEvent``), 0 before any: with the position, what a stored
    PDF was rendered after."""
    return session.execute(select(func.coalesce(func.max(GameEvent.id), 0))
                           .where(GameEvent.game_id == gid)).scalar_one()


#: The stored kind of a report with each ``boards`` option (``boards.BOARDS``): one PDF each, kept apart.
REPORT_KINDS = {"none": "report", "card": "report+card", "propaganda": "report+prop"}


def get_or_render(Session: sessionmaker, gid: str, kind: str, role: str, boards: str = "none") -> tuple[bytes, int]:
    """The PDF of *kind* (``snapshot`` or ``report``, the report with the boards *boards* asks for) for
    *role* at the game's current position and after its latest event.

    :raises ServiceError: (400, ``bad-boards``) *boards* is not an option; (503, ``render-failed``) the
        PDF could not be rendered within its limits (``limits``).
    """
    from .documents import report_pdf, snapshot_pdf

    boards = check_boards(boards)
    if kind == "report":
        kind = REPORT_KINDS[boards]
    with Session() as s:
        # The event first: what the document shows is then read at or after it (read committed may show
        # later statements newer rows), never before: a PDF is never stored under a key newer than it.
        after = last_event(s, gid)
        game = G.get_game(s, gid)
        seq = game.seq
        row = s.execute(select(Render).where(Render.game_id == gid, Render.kind == kind, Render.role == role,
                                             Render.seq == seq, Render.after_event == after)).scalar_one_or_none()
        if row is not None:
            return row.pdf, seq
        try:
            pdf = snapshot_pdf(s, game, role) if kind == "snapshot" else report_pdf(s, game, boards=boards)
        except RenderLimitError as e:  # our limit, not the caller's fault: try again later
            what = "snapshot" if kind == "snapshot" else "report"
            raise ServiceError(f"the {what} PDF could not be rendered now: {e}", code="render-failed",
                               status=503) from None
    try:
        with Session() as s, s.begin():
            s.add(Render(game_id=gid, kind=kind, role=role, seq=seq, after_event=after, pdf=pdf))
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
