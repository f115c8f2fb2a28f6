"""Rolling a game back to position N (an umpire's correction).

The moves after N are moved to the audit table ``undone_moves`` (never deleted) under the rollback's event,
which names every chance outcome they had: those outcomes are superseded. The position is rebuilt from the
nearest snapshot at or before N and the kept moves, replayed with their recorded outcomes
(``service.replay``). The chain of the game's history never goes back: the rollback is
a link of it (``dice.rollback_digest``) after the undone actions, so the dice of the moves made after it are
bound to everything that happened before, the superseded outcomes included, and no outcome seen before the
rollback tells one after it (docs/dice.md, "After a rollback"). The new digest is in the rollback's event,
so a verifier recomputes it.
"""

from __future__ import annotations

import hashlib

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from engine.core import dice
from engine.core.errors import EngineError

from .control import Conflict, clean_reason, record
from .errors import ServiceError
from .games import hides_orders, order_as_seen, public_outcome
from .models import Game, Move, Render, Snapshot, Submission, UndoneMove, now
from .replay import ReplayMismatch, rebuild


def _superseded(moves: list[Move], revealed: bool) -> list[dict]:
    out = []
    for m in moves:
        for o in m.outcomes:
            o = public_outcome(o, revealed)
            out.append({"seq": m.seq, "k": o.get("k"), "kind": o.get("kind"), "label": o.get("label"),
                        **({"value": o["value"]} if "value" in o else {})})
    return out


def rollback(session: Session, game: Game, to: int, reason: str = "") -> dict:
    """Rolls *game* (locked by the caller) back to position *to*; returns what was undone.

    :raises ServiceError: *to* is not an earlier position; 409 once the game was resigned or abandoned.
    """
    if game.result is not None or game.status == "abandoned":
        raise Conflict(f"game {game.id} was ended by the umpire or a resignation ({game.status}): "
                       "it cannot be rolled back", code="game-over")
    if isinstance(to, bool) or not isinstance(to, int) or not 0 <= to < game.seq:
        raise Conflict(f"roll back to an earlier position, 0 to {game.seq - 1}; the game is at {game.seq}",
                       code="not-earlier")
    why = clean_reason(reason)
    undone = list(session.execute(select(Move).where(Move.game_id == game.id, Move.seq > to)
                                  .order_by(Move.seq)).scalars())
    kept = [{"seq": m.seq, "role": m.role, "action": m.action, "outcomes": m.outcomes}
            for m in session.execute(select(Move).where(Move.game_id == game.id, Move.seq <= to, Move.seq > 0)
                                     .order_by(Move.seq)).scalars()]
    snap = session.execute(select(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq <= to)
                           .order_by(Snapshot.seq.desc()).limit(1)).scalar_one()
    try:
        state = rebuild(snap.state, [m for m in kept if m["seq"] > snap.seq])
    except (ReplayMismatch, EngineError) as e:
        raise ServiceError(f"position {to} could not be rebuilt from the recorded moves: {e}",
                           code="rules-bug", status=500) from None
    was = {"seq": game.seq, "status": game.status}
    digest = dice.rollback_digest(game.digest, to)
    ev = record(session, game, "rolled-back", "umpire", to=to, from_seq=game.seq, reason=why, digest=digest,
                undone=[{"seq": m.seq, "role": m.role,  # the public event: orders as the public may read them
                         "action": order_as_seen(m.action, m.role, None) if hides_orders(game) else m.action}
                        for m in undone],
                superseded=_superseded(undone, game.revealed))
    at = now()
    for m in undone:
        session.add(UndoneMove(game_id=game.id, rollback_id=ev.id, seq=m.seq, role=m.role, action=m.action,
                               log=m.log, outcomes=m.outcomes, submission_id=m.submission_id,
                               created_at=m.created_at, undone_at=at))
    session.execute(delete(Move).where(Move.game_id == game.id, Move.seq > to))
    session.execute(delete(Snapshot).where(Snapshot.game_id == game.id, Snapshot.seq > to))
    # PDFs of the undone positions, and of this one (its report now has the rollback in its log).
    session.execute(delete(Render).where(Render.game_id == game.id, Render.seq >= to))
    stale = _refuse_queued(session, game, to)
    _forget_keys(session, game, ev.id)
    game.state = state
    game.seq = to
    game.digest = digest
    if was["status"] == "finished":  # a rules ending undone: the umpire resumes the game when ready
        game.status = "paused"
    session.flush()
    return {"id": game.id, "seq": game.seq, "status": game.status, "undone": len(undone),
            "from_seq": was["seq"], "superseded": ev.data["superseded"], "refused_submissions": stale}


def _forget_keys(session: Session, game: Game, rollback_id: int) -> None:
    """The submissions before the rollback no longer stand for the positions they were made at: the same
    orders sent again for a position reached again are a new move, not a copy of the undone one."""
    rows = session.execute(select(Submission).where(Submission.game_id == game.id)).scalars().all()
    for sub in rows:
        sub.idempotency_key = hashlib.sha256(f"{sub.idempotency_key}|rollback|{rollback_id}".encode()).hexdigest()


def _refuse_queued(session: Session, game: Game, to: int) -> list[str]:
    """Moves waiting in the queue were written for a position that no longer exists: refused as stale."""
    rows = session.execute(select(Submission).where(Submission.game_id == game.id,
                                                    Submission.status == "queued")).scalars().all()
    for sub in rows:
        sub.status = "rejected"
        sub.verdict = {"status": "rejected", "applied": [], "log": [], "error": {
            "code": "stale", "seq": to,
            "message": f"the umpire rolled the game back to position {to} before this move was adjudicated; "
                       "look at the game again and resend"}}
        sub.updated_at = now()
    return [s.id for s in rows]
