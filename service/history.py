"""A game's earlier positions, for the replay (the game page's ``?at=N`` and the report's boards per card).

An earlier position is rebuilt as rollback rebuilds one (``service.rollback``): from the nearest snapshot at
or before it and the recorded moves after that snapshot, replayed with their recorded outcomes
(``service.replay``). Nothing is written. The state returned holds hidden information like any state:
what a player is shown of it goes through ``engine.view`` as for the current position.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.core.errors import EngineError

from .errors import NotFound, ServiceError
from .models import Game, Move, Snapshot
from .replay import ReplayMismatch, rebuild


def check_position(game: Game, seq) -> int:
    """*seq* as a position of *game* (0, the setup, to ``game.seq``, the current one).

    :raises NotFound: it is not a whole number in that range; the message says the range.
    """
    if isinstance(seq, str):
        seq = seq.strip()
        if not (seq.isascii() and seq.isdigit()) or len(seq) > 9:
            raise NotFound(f"no position {seq!r} in game {game.id}: positions are whole numbers from 0 "
                           f"(the setup) to {game.seq} (the current one)", code="no-position")
        seq = int(seq)
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= game.seq:
        raise NotFound(f"no position {seq} in game {game.id}: positions run from 0 (the setup) to {game.seq} "
                       "(the current one)", code="no-position")
    return seq


def state_at(session: Session, game: Game, seq: int) -> dict:
    """The state of *game* at position *seq* (``check_position``). The current position is the game's own
    state (not a copy: read it, do not change it); an earlier one is rebuilt.

    :raises NotFound: no such position.
    :raises ServiceError: (500, ``rules-bug``) the recorded moves do not replay.
    """
    seq = check_position(game, seq)
    if seq == game.seq:
        return game.state
    snap = session.execute(select(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq <= seq)
                           .order_by(Snapshot.seq.desc()).limit(1)).scalar_one()
    moves = [{"seq": m.seq, "role": m.role, "action": m.action, "outcomes": m.outcomes}
             for m in session.execute(select(Move).where(Move.game_id == game.id, Move.seq > snap.seq,
                                                         Move.seq <= seq).order_by(Move.seq)).scalars()]
    try:
        return rebuild(snap.state, moves)
    except (ReplayMismatch, EngineError) as e:
        raise ServiceError(f"position {seq} could not be rebuilt from the recorded moves: {e}",
                           code="rules-bug", status=500) from None


def states_at(session: Session, game: Game, positions: list[int]) -> dict[int, dict]:
    """The states at several *positions* (each checked), rebuilt in one pass forward: for a report that
    prints a board per card. Each value is a state of its own (a copy), the current one included."""
    wanted = sorted({check_position(game, p) for p in positions})
    if not wanted:
        return {}
    snap = session.execute(select(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq <= wanted[0])
                           .order_by(Snapshot.seq.desc()).limit(1)).scalar_one()
    out: dict[int, dict] = {}
    state, at = snap.state, snap.seq
    rows = session.execute(select(Move).where(Move.game_id == game.id, Move.seq > snap.seq,
                                              Move.seq <= wanted[-1]).order_by(Move.seq)).scalars()
    pending = iter(rows)
    for p in wanted:
        moves = []
        while at < p:
            m = next(pending)
            moves.append({"seq": m.seq, "role": m.role, "action": m.action, "outcomes": m.outcomes})
            at = m.seq
        try:
            state = rebuild(state, moves)
        except (ReplayMismatch, EngineError) as e:
            raise ServiceError(f"position {p} could not be rebuilt from the recorded moves: {e}",
                               code="rules-bug", status=500) from None
        out[p] = state  # rebuild works on a copy: the next position does not change this one
    return out
