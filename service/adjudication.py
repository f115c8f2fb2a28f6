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
from datetime import timedelta

from sqlalchemy import String, bindparam, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

import engine
from engine.core import dice
from engine.core.chance import NoChance
from engine.core.errors import EngineError, InvalidActionError, StalePositionError
from engine.core.moves import apply_move, parse_move_file, stated_after
from engine.versions import RulesVersionError, upgrade

from . import movepath, settings, strict_json
from .control import refusal
from .errors import NotFound, ServiceError
from .games import Head, get_game, head, require_seat, reveal_seed
from .models import Game, Move, Seat, Snapshot, Submission, now
from .movepath import Accepted, LockedGame, QueuedSubmission, lock_game_of
from .notify import until
from .seeds import open_seed
from .tokens import hash_token

DONE = ("accepted", "partial", "rejected", "failed")


def decode(raw: str, content_type: str):
    """The move as the engine's move-file layer takes it: a dict for JSON, text otherwise."""
    if content_type == "application/json":
        try:
            data = strict_json.loads(raw.removeprefix("\ufeff"))
        except strict_json.JsonRefused as e:
            raise InvalidActionError(f"the move file is refused: {e}") from None
        except json.JSONDecodeError as e:
            raise InvalidActionError(f"not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
        if not isinstance(data, dict):
            raise InvalidActionError("a JSON move file is an object with format, role, after and actions "
                                     "(send text orders as text/plain)")
        return data
    return raw


@contextlib.contextmanager
def storing(Session: sessionmaker):
    """A session of its own to store a submission in (``store`` given a sessionmaker).

    Storing is one read (``games.head``) and one ``INSERT ... ON CONFLICT DO NOTHING``, each atomic on
    its own, so on PostgreSQL they run without a transaction around them (autocommit): the request saves
    the BEGIN and COMMIT round trips. SQLite takes its write lock at BEGIN (``service.db``), so there the
    two run in one transaction.
    """
    with Session() as session:
        if session.get_bind().dialect.name == "postgresql":
            session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
            yield session
        else:
            with session.begin():
                yield session


def store(into: sessionmaker | Session, gid: str, raw: str, content_type: str, key: str | None = None, *,
          token: str | None = None, role: str | None = None) -> tuple[dict, bool]:
    """Stores a submission, queued (nothing is checked but who sent it and whether the game takes moves);
    returns it as ``describe`` gives it, and whether it is new. Every way in stores a move through here:
    the HTTP API, the game page, mail and the CLI.

    Who sends it: *role*, a seat already authenticated (mail's signed move file or ``Token:`` line, the
    local operator), or else the seat *token* is of (``games.require_seat``).
    *into*: a ``sessionmaker``, to store in a session of its own (``storing``), tried once more on a new
    connection if the first try met one the server had ended (the engine then says
    ``connection_invalidated``; ``service.db.ping_when_idle``); or a ``Session``, to store in the caller's
    transaction (committed by the caller, with whatever else it writes).

    The same submission twice (same idempotency key, or the same body from the same seat for the same
    position: ``idempotency_key``) is stored once; the second is answered with the first. Storing is
    idempotent, so the second try after a dropped connection inserts nothing if the first stored the move
    and finds it; if it is still queued it is handed back as new, to be queued for adjudication (the first
    try's answer was lost, so it may not have been; queueing a submission twice is harmless, ``adjudicate``
    being idempotent).

    :raises NotFound, Unauthorized, Forbidden, BadToken: no such game; the token is not a seat's.
    :raises ServiceError: 409 while the game is paused or after it ended (``control.refusal``); 400 for an
        Idempotency-Key longer than 128 characters.
    """
    if isinstance(into, Session):
        return _store(into, gid, raw, content_type, key, token, role)
    try:
        with storing(into) as s:
            return _store(s, gid, raw, content_type, key, token, role)
    except DBAPIError as e:
        if not e.connection_invalidated:
            raise
    with storing(into) as s:
        out, new = _store(s, gid, raw, content_type, key, token, role)
        return out, new or out["status"] == "queued"


def _store(session: Session, gid: str, raw: str, content_type: str, key: str | None, token: str | None,
           role: str | None) -> tuple[dict, bool]:
    if role is None and (key is None or len(key) <= 128) and movepath.is_postgresql(session):
        return _store_in_one_statement(session, gid, raw, content_type, key, token)
    game = head(session, gid, None if role is not None else token)
    if role is None:
        role = require_seat(session, game, token)
    if (why := refusal(game)) is not None:
        raise why
    # Without a key, the same body from the same seat for the same position is the same submission
    # (a retry); the same orders sent again at a later position are a new move. A client's key is
    # scoped to its seat, so two seats' keys never collide.
    if key is not None and len(key) > 128:
        raise ServiceError("the Idempotency-Key header may be at most 128 characters")
    key = idempotency_key(role, after_of(raw, content_type), game.seq, raw, content_type, key)
    at = now()
    values = {"id": str(uuid.uuid4()), "game_id": gid, "role": role, "idempotency_key": key, "raw": raw,
              "content_type": content_type, "status": "queued", "verdict": None, "attempts": 0,
              "created_at": at, "updated_at": at}
    # One statement whether or not the key is new: a copy that arrives at the same moment from another
    # request inserts nothing and finds the first below. If the first was rolled back between the two
    # statements (the insert waited for it, the read found nothing), the insert is tried again.
    for _ in range(3):
        if session.connection().execute(_insert(session, Submission.__table__), values).first() is not None:
            return describe(QueuedSubmission(values["id"], gid, role, raw, content_type, "queued", 0, None, at,
                                             at)), True
        old = session.connection().execute(_STATUS_BY_KEY, {"gid": gid, "key": key}).first()
        if old is not None:
            return describe(old), False
    raise ServiceError("the move could not be stored: a copy of it was being stored at the same moment; send it "
                       "again", status=503)


def _store_in_one_statement(session: Session, gid: str, raw: str, content_type: str, key: str | None,
                            token: str | None) -> tuple[dict, bool]:
    """``_store`` for a seat's token on PostgreSQL, in one round trip (``movepath.store``: the head's read,
    the key and the insert in one statement); the same checks, in the same order, with the same answers.
    ``bench/compare.py`` measured the two statements of ``_store`` at about 8% of the scale stack's
    throughput (docs/performance.md, "One store for every way in")."""
    h = hash_token(token) if token else ""
    at = now()
    values = {"id": str(uuid.uuid4()), "game_id": gid, "raw": raw, "content_type": content_type, "created_at": at}
    got = movepath.store(session, values, h, key, after_of(raw, content_type))
    if got is None:
        raise NotFound(f"no game {gid!r}")
    columns, stored_key, inserted = got
    game = Head(*columns, h)
    role = require_seat(session, game, token)
    if (why := refusal(game)) is not None:
        raise why
    if inserted:
        return describe(QueuedSubmission(values["id"], gid, role, raw, content_type, "queued", 0, None, at, at)), True
    old = session.connection().execute(_STATUS_BY_KEY, {"gid": gid, "key": stored_key}).first()
    return describe(old), False


def after_of(raw: str, content_type: str) -> int | None:
    """The position a move states it was written at, or None: a JSON move file's ``after`` (an integer),
    or a text move's first order line ``after N`` (``engine.core.moves.stated_after``)."""
    if content_type == "application/json":
        try:
            after = strict_json.loads(raw.removeprefix("\ufeff")).get("after")
        except (ValueError, AttributeError):
            return None
        if isinstance(after, int) and not isinstance(after, bool):
            return after
        return None
    return stated_after(raw)


#: The key of a move that states no position and carries no Idempotency-Key begins with this: such a move
#: is keyed to the position current when it is stored, which a copy stored after the first was applied
#: does not share, so the worker looks for copies of it under the game's lock (``_copy_of``).
FREE = "free:"


def idempotency_key(role: str, after: int | None, current: int, raw: str, content_type: str,
                    key: str | None) -> str:
    """The key that makes the same submission twice one (``store``): the client's Idempotency-Key,
    scoped to the seat; else the body from the same seat for the position it states (*after*) or, where
    it states none, the position current when it is stored (*current*; the key then begins with ``FREE``)."""
    if key is not None:
        return hashlib.sha256(f"key\n{role}\n{key}".encode()).hexdigest()
    body = hashlib.sha256(f"body\n{role}\n{current if after is None else after}\n{content_type}\n{raw}"
                          .encode()).hexdigest()
    return body if after is not None else FREE + body


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
    bnd = dice.Binder(open_seed(session, game), game.id, game.digest, dice.entropy_string(ent), role)
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
    try:  # a game saved under an older edition of the rules: migrated in place, or refused (engine.versions)
        upgrade(game.state)
    except RulesVersionError as e:
        return _verdict_error(e.code, e.message), None, None
    try:
        mv = parse_move_file(decode(raw, content_type))
    except EngineError as e:
        return _verdict_error(e.code, e.message), None, None
    if mv["role"] and mv["role"] != role:
        return _verdict_error("wrong-seat", f"the move file is for {mv['role']}, but your token is the {role} "
                                            f"seat's: send it with the {mv['role']} seat's token, or write "
                                            f"role {role!r}"), None, None
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
    verdict = {"status": result.status, "applied": result.applied, "log": engine.log_for(result.log, role),
               "error": result.error,
               "seq": state.get("seq", game.seq),
               "prompts": {r: engine.open_prompt(state["game"], engine.prompt(state, r), role)
                           for r in engine.active_roles(state)},
               "outcome": engine.outcome(state)}
    if result.ignored:
        verdict["ignored"] = result.ignored  # trailing done lines the position no longer needed (docs/orders.md)
    if result.status == "rejected":
        verdict["fine"] = result.fine  # the lines before the refused one, legal in their turn
    if preview:
        verdict["preview"] = True
        verdict.pop("log")  # the preview commits nothing; its log would only repeat the orders
    return verdict, result, bnd


# The worker's statements are in ``service.movepath`` (two round trips an ordinary move on PostgreSQL).
_S = Submission.__table__.c
_SEAT_ENTROPY = select(Seat.__table__.c.role, Seat.__table__.c.entropy).where(
    Seat.__table__.c.game_id == bindparam("gid"))


def _accepted(session: Session, game: LockedGame, sub: QueuedSubmission, result, bnd: dice.Binder,
              snapshot_every: int, entropy: dict[str, str]) -> tuple[Accepted, bool]:
    """What an accepted move writes (``movepath.write``), and whether it ended the game. The rare writes
    go through the ORM here: a seat's first entropy (which also counts for the next pending move's dice)
    and a snapshot when the move crosses a multiple of *snapshot_every*. The game's end is known before
    either is made, so a rules bug there (``engine.outcome``) leaves nothing half written."""
    ended = bool(engine.outcome(result.state))
    rows = [{"seq": step["seq"], "action": step["action"], "log": step["log"],
             "outcomes": bnd.records(step["seq"])} for step in result.steps]
    values = {"state": result.state, "seq": result.state["seq"], "digest": bnd.digest_after(result.applied),
              "status": "finished" if ended else game.status}
    if getattr(bnd, "new_entropy", None):
        _seat(session, game, sub.role).entropy = bnd.new_entropy
        entropy[sub.role] = bnd.new_entropy
    if snapshot_every and result.steps:
        first, last = result.steps[0]["seq"], result.steps[-1]["seq"]
        if last // snapshot_every > (first - 1) // snapshot_every:  # the move crossed a multiple of N
            session.add(Snapshot(game_id=game.id, seq=last, state=result.state))
    return Accepted(rows, values), ended


#: Seconds within which a move that states no position and carries no Idempotency-Key, repeating the
#: seat's previous such move to the letter with no move accepted in between, is a copy of it (``_copy_of``);
#: ``UMPIRE_COPY_SECONDS`` sets it, 0 turns the check off (then only copies stored at the same position are
#: found, as the key finds them).
COPY_SECONDS = settings.current().copy_seconds
_COPY = (select(_S.id, _S.status, _S.verdict)
         .where(_S.game_id == bindparam("gid"), _S.role == bindparam("role"), _S.content_type == bindparam("ct"),
                _S.raw == bindparam("raw"), _S.id != bindparam("sid"), _S.idempotency_key.like(FREE + "%"),
                _S.status.in_(DONE), _S.created_at >= bindparam("since"), _S.created_at <= bindparam("at"))
         .order_by(_S.created_at.desc(), _S.id.desc()).limit(1))
#: Refusals that say nothing of the move itself: a copy sent once the game takes moves again is a new move.
_PASSING = ("paused",)
_FORGET_KEY = (update(Submission.__table__).where(_S.id == bindparam("sid"))
               .values(idempotency_key=bindparam("why", type_=String) + _S.id))


def _copy_of(session: Session, game: LockedGame, sub: QueuedSubmission) -> tuple[str, dict] | None:
    """``(status, verdict)`` of the move *sub* copies, decided under the game's lock, or None.

    A move that states no position and has no Idempotency-Key is keyed to the position current when it
    was stored; a copy that arrived after the first was applied (a retry after a timeout, a double click,
    20 requests at once, a mail sent again with a new Message-ID) is keyed to the next position and so is
    not found when it is stored. Here it is: the same seat's same body, stored at most ``COPY_SECONDS``
    after a move of the same kind that already has its verdict, with no move accepted since (the game is
    still at the position that verdict left it at) is that move again, and gets its verdict."""
    if not sub.idempotency_key.startswith(FREE) or COPY_SECONDS <= 0:
        return None
    first = session.connection().execute(_COPY, {
        "gid": game.id, "role": sub.role, "ct": sub.content_type, "raw": sub.raw, "sid": sub.id,
        "since": sub.created_at - timedelta(seconds=COPY_SECONDS), "at": sub.created_at}).first()
    if first is None or not first.verdict:
        return None
    if "seq" in first.verdict and first.verdict["seq"] != game.seq:
        return None  # a move was accepted since: these orders are meant for the new position
    note = (f"the same orders from your seat as move {first.id}, sent within {COPY_SECONDS} s of it with no "
            "move in between: a copy, answered with that move's verdict and not applied again. To play the "
            f"same orders again, state the position: a first line 'after {game.seq}' (or ?after={game.seq}, "
            "or an Idempotency-Key)")
    return first.status, {**first.verdict, "copy_of": first.id, "copy": note}


def process(session: Session, game: LockedGame, sub: QueuedSubmission, snapshot_every: int = 50,
            entropy: dict[str, str] | None = None) -> None:
    """Adjudicates one queued submission inside the caller's transaction (the game is locked).
    *entropy*: the seats' entropy by role as read under the lock (read here if not given); a seat's
    first move that gives entropy adds it, for the next pending move. A copy of a move that has its
    verdict gets that verdict (``_copy_of``); a move refused because the game was paused gives up its key,
    so that the same move sent after the umpire resumes the game is a new one (not that refusal again)."""
    copy = _copy_of(session, game, sub)
    if copy is not None:
        # The copy gives up its key too: the same orders sent later (past the window) are a new move, not
        # this copy's answer again.
        session.connection().execute(_FORGET_KEY, {"sid": sub.id, "why": "copy:"})
        movepath.write(session, game, sub, None, copy[0], copy[1], now())
        return
    if entropy is None:
        entropy = dict(session.connection().execute(_SEAT_ENTROPY, {"gid": game.id}).all())
    accepted, ended = None, False
    try:
        verdict, result, bnd = evaluate(session, game, sub.role, sub.raw, sub.content_type, entropy=entropy)
        if result is not None and result.status in ("accepted", "partial"):
            accepted, ended = _accepted(session, game, sub, result, bnd, snapshot_every, entropy)
    except EngineError as e:  # a rules bug: our fault; the position is not changed
        verdict = _verdict_error("rules-bug", f"the rules engine failed on this move: {e.message}")
        status, accepted, ended = "failed", None, False
    else:
        status = verdict["status"]
    if status == "rejected" and (verdict.get("error") or {}).get("code") in _PASSING:
        session.connection().execute(_FORGET_KEY, {"sid": sub.id, "why": "refused:"})
    movepath.write(session, game, sub, accepted, status, verdict, now())
    if ended:  # the seed is revealed when the game ends (DESIGN.md 5); rare, so through the ORM
        movepath.flush(session)
        reveal_seed(session, session.get(Game, game.id), by="service")


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


def _adjudicate(Session: sessionmaker, submission_id: str, snapshot_every: int, done: list) -> str | None:
    with Session() as session, session.begin():
        # The game is locked first, found through the submission, and everything after is read under
        # that lock, in statements of their own (``movepath``), so a submission another worker has just
        # adjudicated is never adjudicated twice and the seats' entropy is the latest.
        locked = lock_game_of(session, submission_id)
        if locked is None:
            return None
        if locked.status in DONE:
            return locked.status
        if locked.queued:
            movepath.last_of_batch(session, locked.queued[-1].id)
        for p in locked.queued:
            process(session, locked.game, p, snapshot_every, locked.entropy)
            done.append(p)
        movepath.commit(session)
        mine = [p.status for p in locked.queued if p.id == submission_id]
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
_STATUS_BY_KEY = (select(_S.id, _S.game_id, _S.role, _S.status, _S.attempts, _S.verdict, _S.created_at,
                         _S.updated_at).where(_S.game_id == bindparam("gid"), _S.idempotency_key == bindparam("key")))


def submission_status(session: Session, sid: str) -> dict:
    """What ``describe`` says of a submission, read without loading it as an object (the ``?wait`` path)."""
    sub = session.connection().execute(_STATUS, {"sid": sid}).first()
    if sub is None:
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
