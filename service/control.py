"""Game control by the umpire: pause and resume, replace a seat's player or token (or the umpire's own),
resignation and abandonment. Every act is a ``GameEvent``, so it shows in the log with the position it
happened at.

The command line's authority (issue 27): whoever runs ``umpire`` against the database holds the instance,
and so acts as the umpire, with or without the umpire's token (``as_umpire`` with ``via``). An act it makes
without a token is logged as the umpire's and marked with where it came from (``data["via"]``: ``COMMAND_LINE``),
as is a move it enters for a seat without that seat's token (``enter_move``: the ``move-entered`` event).

While a game is paused, or after it was resigned or abandoned, moves and previews are refused: at
submission (``refusal`` raised as a 409) and again by the worker, for a move queued before the pause.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine

from .addresses import request
from .errors import Forbidden, NotFound, ServiceError, Unauthorized
from .games import get_game, rekey, require_umpire, reveal_seed, touch, whose_token
from .keys import sealed_key
from .mail_settings import check_address
from .models import Game, GameEvent, Seat
from .tokens import hash_token, new_token

MAX_REASON = 500


#: The umpire's "seat" in ``replace_seat``: the umpire's token is replaced like a seat's.
UMPIRE = "umpire"
#: What ``data["via"]`` says of an act made from the command line without a token (``as_umpire``).
COMMAND_LINE = "command line"


class Conflict(ServiceError):
    status = 409


def refusal(game) -> ServiceError | None:
    """Why no move may be made or previewed in *game* now (paused, or ended by the umpire or a
    resignation), or None. *game* is a ``Game`` or the move path's ``games.Head``."""
    if game.status == "paused":
        return Conflict(f"game {game.id} is paused by the umpire: no move or preview is taken until the "
                        "umpire resumes it; the log says why", code="paused")
    if game.status == "abandoned":
        return Conflict(f"game {game.id} was abandoned by the umpire: it takes no more moves", code="game-over")
    # a seed revealed in an active game and not re-keyed: stored before a reveal re-keyed the game at once
    if getattr(game, "revealed", False) and game.status == "active":
        return Conflict(f"game {game.id}'s seed is revealed: no move is judged until it has a new seed (the umpire "
                        "pauses and resumes it, which gives it one)", code="seed-revealed")
    if getattr(game, "result", None) is not None:
        return Conflict(f"game {game.id} is over ({game.result.get('reason', 'ended')}): it takes no more moves",
                        code="game-over")
    return None


def as_umpire(Session, gid: str, token: str | None, act, via: str | None = None):
    """Runs ``act(session, game)`` for the umpire (the token checked), the game locked, in one transaction;
    the API and the CLI both come through here.

    *via* (``COMMAND_LINE``): the caller holds the instance (it has the database), so it is the umpire
    without a token; a token it gives is still checked (a seat's is refused). An act made so without a token
    is recorded with ``via`` (``record``), so the log says where it came from."""
    with Session() as s, s.begin():
        game = get_game(s, gid, lock=True)
        if via is None or token:
            require_umpire(s, game, token)
        else:
            s.info["via"] = via
        return act(s, game)


def record(session: Session, game: Game, kind: str, by: str, **data) -> GameEvent:
    """Writes an umpire act (or a seat's resignation) into the game's log; an act of the instance holder
    without a token (``as_umpire``'s *via*, in ``session.info``) says so in ``data["via"]``."""
    if session.info.get("via"):
        data["via"] = session.info["via"]
    ev = GameEvent(game_id=game.id, at_seq=game.seq, kind=kind, by=by, data=data)
    session.add(ev)
    touch(game)
    session.flush()
    return ev


def clean_reason(reason: str | None) -> str:
    reason = (reason or "").strip()
    if len(reason) > MAX_REASON:
        raise ServiceError(f"the reason may be at most {MAX_REASON} characters")
    return reason


def _not_over(game: Game, what: str) -> None:
    if game.status in ("finished", "abandoned") or game.result is not None:
        raise Conflict(f"game {game.id} is over (status {game.status}): it cannot be {what}", code="game-over")


def pause(session: Session, game: Game, reason: str = "") -> dict:
    """Stops the game: moves and previews are refused (409 ``paused``) until ``resume``."""
    _not_over(game, "paused")
    if game.status == "paused":
        raise Conflict(f"game {game.id} is paused already; resume it first", code="paused")
    game.status = "paused"
    record(session, game, "paused", "umpire", reason=clean_reason(reason))
    return {"id": game.id, "status": game.status, "seq": game.seq}


def resume(session: Session, game: Game, reason: str = "") -> dict:
    if game.status != "paused":
        raise Conflict(f"game {game.id} is not paused (status {game.status}); only a paused game resumes",
                       code="not-paused")
    why = clean_reason(reason)
    if game.revealed:  # rolled back from its end, or imported: its seed is known, so it gets a new one
        rekey(session, game, "umpire", "the game resumes and its seed is revealed")
    game.status = "active"
    record(session, game, "resumed", "umpire", reason=why)
    return {"id": game.id, "status": game.status, "seq": game.seq}


def _seat(session: Session, game: Game, role: str) -> Seat:
    seat = session.execute(select(Seat).where(Seat.game_id == game.id, Seat.role == role)).scalar_one_or_none()
    if seat is None:
        roles = ", ".join(engine.definition(game.game).roles)
        raise NotFound(f"{role!r} is not a seat of game {game.id}; its seats are {roles}")
    return seat


def replace_seat(session: Session, game: Game, role: str, player: str | None = "", email: str | None = "",
                 reason: str = "") -> dict:
    """Gives *role* a new token (returned, shown only now; the old one is revoked from now on) and a new mail
    signing key sealed for it (``keys.sealed_key``: per seat and token). *player* and *email* are the seat's
    new player and address; None keeps the seat's own (a player who lost a token keeps the seat).

    *role* ``umpire`` (issue 27): the umpire's token is replaced, the old one revoked; the umpire has no
    player name or signing key here, and its address is the mail settings' (``umpire mail settings``).

    :raises NotFound: *role* is not a seat of the game.
    :raises ServiceError: a name or address too long or not an address, or a player or address for the
        umpire.
    """
    why = clean_reason(reason)
    if role == UMPIRE:
        if player or email:
            raise ServiceError("the umpire's token is replaced without a player or address: the umpire's address "
                               "is set in the mail settings (umpire mail settings --umpire-email)")
        token = new_token()
        game.umpire_token_hash = hash_token(token)
        record(session, game, "seat-replaced", "umpire", role=UMPIRE, player_before="", player="", reason=why)
        return {"id": game.id, "role": UMPIRE, "player": "", "token": token}
    seat = _seat(session, game, role)
    player = seat.player if player is None else player
    email = seat.email if email is None else check_address(email.strip())
    if len(player) > 100 or len(email) > 254:
        raise ServiceError("the player's name may be at most 100 characters and the email 254")
    before = seat.player
    token = new_token()
    seat.token_hash = hash_token(token)
    seat.mail_key = sealed_key(session, game.id, role, token)  # a new token, a new mail signing key
    seat.player = player
    seat.email = email
    request(session, game.id, email)  # mailed only once confirmed (mail.confirm)
    record(session, game, "seat-replaced", "umpire", role=role, player_before=before, player=player, reason=why)
    return {"id": game.id, "role": role, "player": player, "token": token}


def entered_by(session: Session, game: Game, token: str | None, role: str) -> str:
    """Who enters a move for seat *role* from the command line: the seat itself (its own token), else the
    umpire (the umpire's token, or none: the instance holder is the umpire). Another seat's token is
    refused."""
    who = whose_token(session, game, token) if token else UMPIRE
    _seat(session, game, role)
    if who not in (UMPIRE, role):
        raise Forbidden(f"this token is {who}'s, not {role}'s: give {role}'s own token, the umpire's, or none "
                        "(the command line then enters the move as the umpire's)")
    return who


def enter_move(session: Session, game: Game, role: str, submission: str, via: str | None = None) -> GameEvent:
    """Logs a move the umpire entered for seat *role* (submission id *submission*): the seat did not send
    it, so the log says whose act it was (issue 27)."""
    if via:
        session.info["via"] = via
    return record(session, game, "move-entered", UMPIRE, role=role, submission=submission)


def who_resigns(session: Session, game: Game, token: str | None, role: str) -> str:
    """Who resigns seat *role*: the seat itself (its own token) or the umpire (``umpire``)."""
    who = whose_token(session, game, token)
    if who is None:
        raise Unauthorized("a seat's token (to resign that seat) or the umpire's is needed: "
                           "send 'Authorization: Bearer <token>'")
    _seat(session, game, role)
    if who not in ("umpire", role):
        raise Forbidden(f"a seat resigns only itself: this token is {who}'s, not {role}'s")
    return who


def _end(session: Session, game: Game, status: str, result: dict, kind: str, by: str, **data) -> dict:
    game.status = status
    game.result = result
    record(session, game, kind, by, result=result, **data)
    seed = reveal_seed(session, game, by="service")  # the seed is revealed when the game ends (DESIGN.md 5)
    return {"id": game.id, "status": game.status, "seq": game.seq, "outcome": result, "seed": seed}


def resign(session: Session, game: Game, role: str, by: str, reason: str = "") -> dict:
    """*role* resigns (its own act, or the umpire's for it): the game ends, the other side wins (in a
    two-seat game), the seed is revealed."""
    _not_over(game, "resigned")
    others = [r for r in engine.definition(game.game).roles if r != role]
    winner = others[0] if len(others) == 1 else None
    result = {"winner": winner, "reason": f"{role} resigned", "resigned": role}
    return _end(session, game, "finished", result, "resigned", by, role=role, reason=clean_reason(reason))


def abandon(session: Session, game: Game, reason: str = "") -> dict:
    """The umpire ends the game with no winner; the seed is revealed."""
    _not_over(game, "abandoned")
    why = clean_reason(reason)
    result = {"winner": None, "reason": "abandoned by the umpire" + (f": {why}" if why else "")}
    return _end(session, game, "abandoned", result, "abandoned", "umpire", reason=why)


def correct(session: Session, game: Game, action: str) -> dict:
    """Applies an umpire correction (``engine.core.corrections``: set a track or count, or move pieces,
    with a citation) to a paused game. It is an action in the game's chain: a move of the umpire at the
    next position, in the log with its citation, bound into the digest like any action, and undone by a
    rollback like any other."""
    from engine.core import corrections, dice
    from engine.core.canonical import copy
    from engine.core.errors import EngineError

    from .models import Move, Snapshot

    if game.status != "paused":
        raise Conflict(f"pause game {game.id} before correcting it, so no move is judged against a position "
                       f"being corrected (it is {game.status})", code="not-paused")
    action = " ".join(action.split())
    if not action.startswith(corrections.VERB + " "):
        action = f"{corrections.VERB} {action}"
    state = copy(game.state)
    try:
        log = corrections.apply_in_place(state, action)
    except EngineError as e:  # not understood: 400; understood but not possible in this state: 409
        raise ServiceError(e.message, code=e.code, status=409 if e.code == "illegal" else 400) from None
    seq = state["seq"]
    session.add(Move(game_id=game.id, seq=seq, role=corrections.ROLE, action=action, log=log, outcomes=[]))
    session.add(Snapshot(game_id=game.id, seq=seq, state=state))
    game.state, game.seq = state, seq
    game.digest = dice.next_digest(game.digest, corrections.ROLE, action)
    record(session, game, "corrected", "umpire", action=action, cite=corrections.parse(action)["cite"],
           text=log[0]["text"])
    return {"id": game.id, "seq": seq, "status": game.status, "action": action, "log": log}
