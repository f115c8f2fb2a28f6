"""Submissions and their adjudication (DESIGN.md sections 4 and 6).

A submission is stored first (raw input kept), then only its id is queued. ``adjudicate`` is idempotent:
it takes the game's lock, processes every queued submission of that game up to this one in the order
received, and commits the verdicts and the accepted actions in one transaction. A crash before the commit
leaves the submission queued; the sweeper queues it again.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, fields
from datetime import datetime, timedelta

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

import engine
from engine.core import dice
from engine.core.chance import NoChance
from engine.core.errors import EngineError, InvalidActionError, StalePositionError
from engine.core.moves import apply_move, parse_move_file

from . import strict_json
from .control import refusal
from .errors import ServiceError
from .games import get_game, require_seat, reveal_seed, seat_of
from .models import Game, Move, Seat, Snapshot, Submission, now
from .notify import until

DONE = ("accepted", "partial", "rejected", "failed")


def decode(raw: str, content_type: str):
    """The move as the engine's move-file layer takes it: a dict for JSON, text otherwise."""
    if content_type == "application/json":
        try:
            data = strict_json.loads(raw.removeprefix("\ufeff"))
        except strict_json.JsonRefused as e:
            raise InvalidActionError(f"the move file is refused: {e}") from None
        except json.JSONDecodeError as e:
            raise InvalidActionError(f"the move file is not valid JSON: {e.msg} at line {e.lineno}") from None
        if not isinstance(data, dict):
            raise InvalidActionError("a JSON move file is an object with format, role, after and actions "
                                     "(send text orders as text/plain)")
        return data
    return raw


@contextlib.contextmanager
def storing(Session: sessionmaker):
    """A session to store a submission in (the move request).

    Storing is one read (``games.seat_of``) and one ``INSERT ... ON CONFLICT DO NOTHING``, each atomic
    on its own, so on PostgreSQL they run without a transaction around them (autocommit): the request
    saves the BEGIN and COMMIT round trips (issue 3's throughput). SQLite takes its write lock at BEGIN
    (``service.db``), so there the two run in one transaction, as before.
    """
    with Session() as session:
        if session.get_bind().dialect.name == "postgresql":
            session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
            yield session
        else:
            with session.begin():
                yield session


def submit(session: Session, gid: str, token: str | None, raw: str, content_type: str,
           key: str | None = None) -> tuple[Submission, bool]:
    """Stores a submission (nothing is checked but who sent it); returns it and whether it is new.

    The same submission twice (same idempotency key, or the same body from the same seat for the same
    position) is stored once. The game and the seat are found in one query (``games.seat_of``).
    """
    head, role = seat_of(session, gid, token)
    return submit_as(session, head, role, raw, content_type, key)


def store(Session: sessionmaker, gid: str, token: str | None, raw: str, content_type: str,
          key: str | None = None) -> tuple[dict, bool]:
    """The move request's write: stores a submission (``submit``, in ``storing``) and returns it as
    ``describe`` gives it, and whether it is new.

    Tried once more on a new connection if the first try met one the server had ended (the engine then
    says ``connection_invalidated``; ``service.db.ping_when_idle``). Storing is idempotent, so the second
    try of a move the first one stored inserts nothing and finds it; if it is still queued it is
    handed back as new, to be queued for adjudication (the first try's answer was lost, so it may not
    have been; queueing a submission twice is harmless, ``adjudicate`` being idempotent).
    """
    try:
        with storing(Session) as s:
            sub, new = submit(s, gid, token, raw, content_type, key)
            return describe(sub), new
    except DBAPIError as e:
        if not e.connection_invalidated:
            raise
    with storing(Session) as s:
        sub, new = submit(s, gid, token, raw, content_type, key)
        return describe(sub), new or sub.status == "queued"


def _position_of(raw: str, content_type: str, current: int) -> int:
    """The position a move was written for: its ``after`` if it states one, else the current position.

    So a copy of a JSON move that arrives after the original was applied is still the same submission,
    while text orders (no ``after``) sent again at a later position are a new move.
    """
    if content_type == "application/json":
        try:
            after = strict_json.loads(raw.removeprefix("\ufeff")).get("after")
        except (ValueError, AttributeError):
            return current
        if isinstance(after, int) and not isinstance(after, bool):
            return after
    return current


def submit_as(session: Session, game, role: str, raw: str, content_type: str,
              key: str | None = None) -> tuple[Submission, bool]:
    """Stores a submission for *role* (already authenticated: a seat token, or the local operator).

    :raises ServiceError: 409 while the game is paused or after it ended (``control.refusal``).
    """
    gid = game.id
    if (why := refusal(game)) is not None:
        raise why
    # Without a key, the same body from the same seat for the same position is the same submission
    # (a retry); the same orders sent again at a later position are a new move. A client's key is
    # scoped to its seat, so two seats' keys never collide.
    if key is not None and len(key) > 128:
        raise ServiceError("the Idempotency-Key header may be at most 128 characters")
    key = hashlib.sha256((f"key\n{role}\n{key}" if key is not None else
                          f"body\n{role}\n{_position_of(raw, content_type, game.seq)}\n{content_type}\n{raw}"
                          ).encode()).hexdigest()
    at = now()
    values = {"id": str(uuid.uuid4()), "game_id": gid, "role": role, "idempotency_key": key, "raw": raw,
              "content_type": content_type, "status": "queued", "verdict": None, "attempts": 0,
              "created_at": at, "updated_at": at}
    # One statement whether or not the key is new: a copy that arrives at the same moment from another
    # request inserts nothing and finds the first below.
    stored = session.connection().execute(_insert(session, Submission.__table__), values).first()
    if stored is None:
        old = session.execute(select(Submission).where(Submission.game_id == gid,
                                                       Submission.idempotency_key == key)).scalar_one()
        return old, False
    return Submission(**values), True  # what was stored (not attached to the session)


_INSERTS: dict[tuple[str, type], object] = {}


def _insert(session: Session, table):
    """``INSERT ... ON CONFLICT (game_id, idempotency_key) DO NOTHING RETURNING id`` for the database in use
    (PostgreSQL or SQLite), built once per database and table (the move path runs it for every move)."""
    name = session.get_bind().dialect.name
    stmt = _INSERTS.get((name, table))
    if stmt is None:
        if name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert
        else:
            from sqlalchemy.dialects.sqlite import insert
        stmt = _INSERTS[(name, table)] = (insert(table)
                                          .on_conflict_do_nothing(index_elements=["game_id", "idempotency_key"])
                                          .returning(table.c.id))
    return stmt


def _binder(session: Session, game, role: str, new_entropy: str | None = None,
            entropy: dict[str, str] | None = None) -> dice.Binder:
    """The move's dice. *entropy* is the seats' entropy by role as read under the game's lock (the
    adjudication), else it is read here (a preview). *new_entropy* (a seat's first move) counts for this
    move's dice; it is stored with the seat only if the move is accepted (``_commit_result``)."""
    ent = dict(entropy) if entropy is not None else dict(
        session.connection().execute(_SEAT_ENTROPY, {"gid": game.id}).all())
    if new_entropy:
        ent[role] = new_entropy
    bnd = dice.Binder(bytes.fromhex(game.seed), game.id, game.digest, dice.entropy_string(ent), role)
    bnd.new_entropy = new_entropy
    return bnd


def _seat(session: Session, game, role: str):
    return session.execute(select(Seat).where(Seat.game_id == game.id, Seat.role == role)).scalar_one()


def _entropy_refused(session: Session, game, role: str) -> str | None:
    """Why a seat may not add entropy now, or None (docs/dice.md: at creation or with its first move)."""
    if _seat(session, game, role).entropy:
        return "this seat gave its entropy already; entropy is accepted once, at creation or the first move"
    moved = session.execute(select(Move.id).where(Move.game_id == game.id, Move.role == role).limit(1)).first()
    if moved:
        return "entropy is accepted only with a seat's first move (or when the game is created)"
    return None


def _verdict_error(code: str, message: str, **extra) -> dict:
    return {"status": "rejected", "error": {"code": code, "message": message, **extra}, "applied": [], "log": []}


def evaluate(session: Session, game, role: str, raw: str, content_type: str, *, preview: bool = False,
             entropy: dict[str, str] | None = None):
    """Runs a move against *game* without writing anything; returns ``(verdict, result, binder)``.
    *entropy*: the seats' entropy by role, if the caller has read it (``_binder``)."""
    if (why := refusal(game)) is not None:  # a move queued before the umpire paused or ended the game
        return _verdict_error(why.code, why.message), None, None
    try:
        mv = parse_move_file(decode(raw, content_type))
    except EngineError as e:
        return _verdict_error(e.code, e.message), None, None
    if mv["role"] and mv["role"] != role:
        return _verdict_error("not-your-turn", f"the move file is for {mv['role']}, but your seat is {role}"), None, None
    if mv["game"] and mv["game"] != game.id:
        return _verdict_error("invalid", f"the move file is for game {mv['game']}, not {game.id}"), None, None
    if mv.get("entropy"):
        why = _entropy_refused(session, game, role)
        if why:
            return _verdict_error("invalid", why), None, None
    bnd = _binder(session, game, role, mv.get("entropy"), entropy)
    chance_for: Callable = (lambda n, applied: NoChance()) if preview else bnd
    try:
        result = apply_move(game.state, role, mv["actions"], chance_for, after=mv["after"],
                            stop_before_chance=preview)
    except StalePositionError as e:
        return _verdict_error("stale", e.message, seq=game.seq), None, None
    except EngineError as e:
        return _verdict_error(e.code, e.message), None, None
    state = result.state
    verdict = {"status": result.status, "applied": result.applied, "log": result.log, "error": result.error,
               "seq": state.get("seq", game.seq),
               "prompts": {r: engine.prompt(state, r) for r in engine.active_roles(state)},
               "outcome": engine.outcome(state)}
    if preview:
        verdict["preview"] = True
        verdict.pop("log")  # the preview commits nothing; its log would only repeat the orders
    return verdict, result, bnd


# The move path's statements, built once (issue 3's throughput). The worker reads and writes with Core
# statements on the session's connection: the locked game and the queued submissions are read into plain
# records (``LockedGame``, ``QueuedSubmission``) rather than ORM objects, and the writes are prebuilt
# statements, so the ORM's loading and unit of work cost nothing on an ordinary move. The rare writes (a
# seat's entropy, a snapshot, the seed revealed at the end) still go through the ORM, in the same
# transaction.
_G, _S = Game.__table__.c, Submission.__table__.c
_SEAT_ENTROPY = select(Seat.__table__.c.role, Seat.__table__.c.entropy).where(
    Seat.__table__.c.game_id == bindparam("gid"))
_ST = Seat.__table__.c
#: Separators of the seats' entropy as the lock query reads it: entropy has no control characters
#: (``engine.core.moves``: the move file's ``entropy``; ``service.api.schemas``: a seat's at creation).
_PAIR, _ROLE_END = "\x1e", "\x1f"
#: The seats' entropy in one text (``role<US>entropy`` pairs joined by RS), for the lock query.
_ENTROPIES = (select(func.aggregate_strings(_ST.role + _ROLE_END + _ST.entropy, _PAIR))
              .where(_ST.game_id == _G.id, _ST.entropy != "").scalar_subquery())


@dataclass(slots=True)
class LockedGame:
    """The game as the worker adjudicates it: the columns the move path reads, read with the game's row
    locked. Attributes as ``models.Game``'s; ``_commit_result`` keeps them up to date with what it writes."""

    id: str
    seq: int
    state: dict
    status: str
    seed: str
    digest: str
    result: dict | None
    updated_at: datetime


@dataclass(slots=True)
class QueuedSubmission:
    """A queued submission as the worker reads it under the game's lock (attributes as
    ``models.Submission``'s, for ``describe``); ``process`` keeps them up to date with what it writes."""

    id: str
    game_id: str
    role: str
    raw: str
    content_type: str
    status: str
    attempts: int
    verdict: dict | None
    created_at: datetime
    updated_at: datetime


_GAME_COLS = [getattr(_G, f.name) for f in fields(LockedGame)]
_SUB_COLS = [getattr(_S, f.name) for f in fields(QueuedSubmission)]
_NG = len(_GAME_COLS)
#: The submission's game, locked (PostgreSQL; SQLite: BEGIN IMMEDIATE), with the submission's status
#: and the seats' entropy (saving a query per move).
_LOCK_GAME_OF = (select(*_GAME_COLS, _S.status, _ENTROPIES).select_from(Game.__table__)
                 .join(Submission.__table__, _S.game_id == _G.id)
                 .where(_S.id == bindparam("sid")).with_for_update(of=Game.__table__))
_CREATED = select(_S.created_at).where(_S.id == bindparam("sid")).scalar_subquery()
#: The game's queued submissions up to this one, in the order received, read under the game's lock.
_PENDING = (select(*_SUB_COLS)
            .where(_S.game_id == bindparam("gid"), _S.status == "queued", _S.created_at <= _CREATED)
            .order_by(_S.created_at, _S.id))
_INSERT_MOVE = insert(Move.__table__)
_UPDATE_GAME = (update(Game.__table__).where(_G.id == bindparam("b_id"))
                .values(state=bindparam("b_state"), seq=bindparam("b_seq"), digest=bindparam("b_digest"),
                        status=bindparam("b_status"), updated_at=bindparam("b_updated_at")))
_UPDATE_SUBMISSION = (update(Submission.__table__).where(_S.id == bindparam("b_id"))
                      .values(status=bindparam("b_status"), verdict=bindparam("b_verdict"),
                              updated_at=bindparam("b_updated_at")))


def _committed(obj, **values) -> None:
    """Sets attributes of a record to what a Core statement has just written."""
    for k, v in values.items():
        setattr(obj, k, v)


def pending(session: Session, gid: str, submission_id: str) -> list[QueuedSubmission]:
    """The game's queued submissions up to *submission_id*, in the order received (read under the lock)."""
    return [QueuedSubmission(*r) for r in session.connection().execute(_PENDING, {"gid": gid, "sid": submission_id})]


def _commit_result(session: Session, game: LockedGame, sub: QueuedSubmission, result, bnd: dice.Binder, snapshot_every: int,
                   entropy: dict[str, str]) -> None:
    if getattr(bnd, "new_entropy", None):
        _seat(session, game, sub.role).entropy = bnd.new_entropy
        entropy[sub.role] = bnd.new_entropy  # counts for the next pending move's dice
    if result.steps:
        at = now()
        session.connection().execute(_INSERT_MOVE, [
            {"game_id": game.id, "seq": step["seq"], "role": sub.role, "action": step["action"],
             "log": step["log"], "outcomes": bnd.records(step["seq"]), "submission_id": sub.id, "created_at": at}
            for step in result.steps])
    if snapshot_every and result.steps:
        first, last = result.steps[0]["seq"], result.steps[-1]["seq"]
        if last // snapshot_every > (first - 1) // snapshot_every:  # the move crossed a multiple of N
            session.add(Snapshot(game_id=game.id, seq=last, state=result.state))
    ended = bool(engine.outcome(result.state))
    values = {"state": result.state, "seq": result.state["seq"], "digest": bnd.digest_after(result.applied),
              "status": "finished" if ended else game.status, "updated_at": now()}
    session.connection().execute(_UPDATE_GAME, {f"b_{k}": v for k, v in values.items()} | {"b_id": game.id})
    _committed(game, **values)
    if ended:  # the seed is revealed when the game ends (DESIGN.md 5); rare, so through the ORM
        reveal_seed(session, session.get(Game, game.id), by="service")


def process(session: Session, game: LockedGame, sub: QueuedSubmission, snapshot_every: int = 50,
            entropy: dict[str, str] | None = None) -> None:
    """Adjudicates one queued submission inside the caller's transaction (the game is locked).
    *entropy*: the seats' entropy by role as read under the lock (read here if not given); a seat's
    first move that gives entropy adds it, for the next pending move."""
    if entropy is None:
        entropy = dict(session.connection().execute(_SEAT_ENTROPY, {"gid": game.id}).all())
    try:
        verdict, result, bnd = evaluate(session, game, sub.role, sub.raw, sub.content_type, entropy=entropy)
        if result is not None and result.status in ("accepted", "partial"):
            _commit_result(session, game, sub, result, bnd, snapshot_every, entropy)
    except EngineError as e:  # a rules bug: our fault; the position is not changed
        verdict = _verdict_error("rules-bug", f"the rules engine failed on this move: {e.message}")
        status = "failed"
    else:
        status = verdict["status"]
    values = {"status": status, "verdict": verdict, "updated_at": now()}
    session.connection().execute(_UPDATE_SUBMISSION, {f"b_{k}": v for k, v in values.items()} | {"b_id": sub.id})
    _committed(sub, **values)


def adjudicate(Session: sessionmaker, submission_id: str, snapshot_every: int = 50,
               on_done: Callable[[list[dict]], None] | None = None) -> str | None:
    """Adjudicates *submission_id* (and any older queued submission of its game first). Idempotent.

    ``on_done(subs)`` is told, after the commit, the submissions that got their verdict, each as
    ``describe`` gives it (``service.notify`` carries them to the waiting requests).
    """
    done: list[QueuedSubmission] = []
    try:
        status = _adjudicate(Session, submission_id, snapshot_every, done)
    except DBAPIError as e:
        # The connection was one the server had ended (``service.db.ping_when_idle``): the transaction
        # is gone, so it is run again at once on a new connection. Any other database error is the
        # task's to retry (``tasks.adjudicate``).
        if not e.connection_invalidated:
            raise
        done.clear()
        status = _adjudicate(Session, submission_id, snapshot_every, done)
    if on_done and done:
        on_done([describe(p) for p in done])
    return status


def lock_game_of(session: Session, submission_id: str):
    """``(game, the submission's status, the seats' entropy by role)`` with the game's row locked, or
    None for no such submission."""
    row = session.connection().execute(_LOCK_GAME_OF, {"sid": submission_id}).first()
    if row is None:
        return None
    ents = row[_NG + 1]
    pairs = ents.split(_PAIR) if ents else []
    return LockedGame(*row[:_NG]), row[_NG], dict(p.split(_ROLE_END, 1) for p in pairs)


def _adjudicate(Session: sessionmaker, submission_id: str, snapshot_every: int, done: list) -> str | None:
    with Session() as session, session.begin():
        # The game is locked first, found through the submission, and everything after is read under
        # that lock (Core reads: no ORM copy read before it), so a submission another worker has just
        # adjudicated is never adjudicated twice.
        row = lock_game_of(session, submission_id)
        if row is None:
            return None
        game, status, entropy = row
        if status in DONE:
            return status
        queued = pending(session, game.id, submission_id)
        for p in queued:
            process(session, game, p, snapshot_every, entropy)
            done.append(p)
        mine = [p.status for p in queued if p.id == submission_id]
        if not mine:  # adjudicated by another worker while this one waited for the lock
            return session.connection().execute(_STATUS, {"sid": submission_id}).first().status
        return mine[0]


def preview(session: Session, gid: str, token: str | None, raw: str, content_type: str) -> dict:
    """The rules check: the same checks as a move, stopping before any chance; commits nothing."""
    game = get_game(session, gid)
    role = require_seat(session, game, token)
    if (why := refusal(game)) is not None:
        raise why
    verdict, _result, _bnd = evaluate(session, game, role, raw, content_type, preview=True)
    return verdict


_STATUS = select(_S.id, _S.game_id, _S.role, _S.status, _S.attempts, _S.verdict, _S.created_at, _S.updated_at
                 ).where(_S.id == bindparam("sid"))


def submission_status(session: Session, sid: str) -> dict:
    """What ``describe`` says of a submission, read without loading it as an object (the ``?wait`` path)."""
    sub = session.connection().execute(_STATUS, {"sid": sid}).first()
    if sub is None:
        from .errors import NotFound
        raise NotFound(f"no submission {sid!r}")
    return describe(sub)


def describe(sub: Submission) -> dict:
    return {"id": sub.id, "game": sub.game_id, "role": sub.role, "status": sub.status,
            "attempts": sub.attempts, "verdict": sub.verdict,
            "created_at": sub.created_at.isoformat() + "Z", "updated_at": sub.updated_at.isoformat() + "Z"}


def wait_for(Session: sessionmaker, sid: str, seconds: float, notifier=None, ev=None, known: dict | None = None
             ) -> dict:
    """Waits until the submission has a verdict or *seconds* pass, woken by *notifier* (service.notify)
    when the worker commits; without one, re-reads the database every second.

    *ev* is the waiter the caller registered with ``notifier.expect(sid)`` before queueing the submission,
    and *known* what it knows of the submission now: then the first read is saved. A notice that carries
    the committed submission (``Waiter.result``) is answered from without reading the database again.
    """
    from .notify import LocalNotifier, sleeper

    def read() -> dict:
        with Session() as session:
            return submission_status(session, sid)

    out = known if known is not None else read()
    if out["status"] in DONE or seconds <= 0:
        return out
    box = {"out": out}

    def check(waiter) -> bool:
        told = waiter.result
        box["out"] = told if told is not None and told["status"] in DONE else read()
        return box["out"]["status"] in DONE

    if ev is not None:
        until(lambda: check(ev), seconds, sleeper(ev), check_first=False)
        return box["out"]
    with (notifier or LocalNotifier()).expect(sid) as waiter:
        until(lambda: check(waiter), seconds, sleeper(waiter))
    return box["out"]


def stuck(Session: sessionmaker, older_than: float, max_attempts: int) -> list[str]:
    """The sweeper: ids of queued submissions older than *older_than* seconds, to queue again.

    Each is counted as an attempt; past *max_attempts* it is marked failed (a poison message guard).
    """
    cutoff = now() - timedelta(seconds=older_than)
    out = []
    with Session() as session, session.begin():
        # Locked as read (PostgreSQL; SQLite has one writer): a worker committing a verdict meanwhile
        # either commits first (the row is no longer queued, so not read here) or waits for this sweep and
        # writes its verdict after it, so a verdict is never overwritten with 'failed'.
        rows = session.execute(select(Submission).where(Submission.status == "queued",
                                                        Submission.updated_at < cutoff)
                               .order_by(Submission.created_at).limit(500)
                               .with_for_update(skip_locked=True)).scalars().all()
        for sub in rows:
            sub.attempts += 1
            sub.updated_at = now()
            if sub.attempts > max_attempts:
                sub.status = "failed"
                sub.verdict = _verdict_error("rules-bug", f"the move could not be adjudicated after "
                                             f"{max_attempts} attempts; the umpire has been told")
            else:
                out.append(sub.id)
    return out
