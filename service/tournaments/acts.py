"""The director's acts on a tournament's games, logged in the game and in the tournament (issue 33, item 3:
"The director's acts are logged in the game and in the tournament").

Every act on a game is a ``GameEvent`` in that game's log (``service.control.record``, as any umpire act:
the director is the umpire of every game of the tournament) and a ``TournamentEvent`` in the tournament's
log naming the game and the game's event (``data["event"]``), written in the same transaction:

- ``act``: an act of the director's own kind (a ruling, a forfeit...), both rows written here;
- ``pause``, ``resume``, ``extend_deadline``: the desk's one-click acts, which run the umpire's own tools
  (``service.control.pause``/``resume``, ``service.deadlines.extend``: they check what they check and write
  the game's event) and then write the tournament's event.

The game must be one of the tournament's (``game_in``), else nothing is done (404 ``not-in-tournament``).
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from .. import control, deadlines
from ..errors import NotFound
from ..games import get_game
from ..models import Game, GameEvent
from .access import get_tournament
from .models import TournamentEvent, TournamentGame, TournamentRound

#: Who the tournament's log says acted (the game's log says ``umpire``: the director is every game's umpire).
DIRECTOR = "director"
#: The desk's one-click acts: the kind of the game's event each writes, and its API/page name.
DESK_ACTS = {"pause": "paused", "resume": "resumed", "extend-deadline": "deadline-extended"}


def game_in(session: Session, tid: str, gid: str, lock: bool = False) -> tuple[Game, TournamentGame]:
    """Game *gid* of tournament *tid* (locked with *lock*) and its tournament row.

    :raises NotFound: no such tournament, or *gid* is not one of its games (the message says where its games
        are listed).
    """
    get_tournament(session, tid)
    tg = session.execute(select(TournamentGame).where(TournamentGame.tournament_id == tid,
                                                      TournamentGame.game_id == gid)).scalar_one_or_none()
    if tg is None:
        raise NotFound(f"{gid!r} is not a game of tournament {tid}: its games are on its desk "
                       f"(GET /api/tournaments/{tid}/desk)", code="not-in-tournament")
    return get_game(session, gid, lock=lock), tg


def _where(session: Session, tg: TournamentGame) -> str:
    number = session.get(TournamentRound, tg.round_id).number
    return f"game {tg.game_id} (round {number}, board {tg.board})"


WORDS = {"paused": "paused", "resumed": "resumed", "deadline-extended": "extended the deadline in"}


def describe(kind: str, where: str, data: dict) -> str:
    """The tournament log's line for an act on a game."""
    text = f"{WORDS.get(kind, kind)} {where}"
    if kind == "deadline-extended":
        text += f" by {data.get('hours'):g} hour(s)"
    if data.get("reason"):
        text += f": {data['reason']}"
    return text


def log(session: Session, tid: str, kind: str, by: str, gid: str | None = None, text: str = "",
        data: dict | None = None) -> TournamentEvent:
    """Writes one line of the tournament's own log (an act on game *gid*, or on the tournament)."""
    ev = TournamentEvent(tournament_id=tid, kind=kind, by=by, game_id=gid, data=data or {}, text=text)
    session.add(ev)
    session.flush()
    return ev


def act(session: Session, tid: str, gid: str, kind: str, by: str = DIRECTOR,
        **data) -> tuple[GameEvent, TournamentEvent]:
    """Records the director's act *kind* on game *gid* of tournament *tid* in the game's log
    (``control.record``, as the umpire's) and in the tournament's, naming the game's event.

    :raises NotFound: as ``game_in``.
    """
    game, tg = game_in(session, tid, gid)
    ev = control.record(session, game, kind, "umpire", **data)
    return ev, log(session, tid, kind, by, gid, describe(kind, _where(session, tg), ev.data),
                   {**ev.data, "event": ev.id, "seq": ev.at_seq})


def _wrapped(session: Session, tid: str, gid: str, kind: str, run: Callable[[Session, Game], dict],
             by: str) -> dict:
    """Runs one of the umpire's tools on game *gid* of tournament *tid* (locked), which writes the game's
    event *kind*, then writes the tournament's; returns what the tool returns, with both events' ids."""
    game, tg = game_in(session, tid, gid, lock=True)
    out = run(session, game)
    ev = session.execute(select(GameEvent).where(GameEvent.game_id == gid, GameEvent.kind == kind)
                         .order_by(GameEvent.id.desc()).limit(1)).scalar_one()
    tev = log(session, tid, kind, by, gid, describe(kind, _where(session, tg), ev.data),
              {**ev.data, "event": ev.id, "seq": ev.at_seq})
    return {**out, "tournament": tid, "game_event": ev.id, "tournament_event": tev.id}


def pause(session: Session, tid: str, gid: str, reason: str = "", by: str = DIRECTOR) -> dict:
    """Pauses a tournament game from the desk (``control.pause``: 409 if paused already or over)."""
    return _wrapped(session, tid, gid, "paused", lambda s, g: control.pause(s, g, reason), by)


def resume(session: Session, tid: str, gid: str, reason: str = "", by: str = DIRECTOR) -> dict:
    """Resumes a paused tournament game from the desk (``control.resume``: 409 if it is not paused)."""
    return _wrapped(session, tid, gid, "resumed", lambda s, g: control.resume(s, g, reason), by)


def extend_deadline(session: Session, tid: str, gid: str, hours: float, reason: str = "",
                    by: str = DIRECTOR) -> dict:
    """Gives the seats that must decide now in a tournament game *hours* more (``deadlines.extend``: 400 out
    of range, 409 without a deadline or once over)."""
    return _wrapped(session, tid, gid, "deadline-extended", lambda s, g: deadlines.extend(s, g, hours, reason), by)
