"""The statements of the move path (DESIGN.md section 6).

A move request's store on PostgreSQL is one statement (``store``, the fast path ``adjudication.store`` takes
there): the seat the token is of, the game's state of play and the insert, with the idempotency key made
in SQL as ``adjudication.idempotency_key`` makes it and the refusals of ``control.refusal`` as conditions of
the insert. ``tests/service/test_store_statement.py`` checks both give the same key, the same refusals in
the same order, and store nothing when they refuse; the whole service suite runs on both databases.
SQLite, and a store for a role already authenticated (mail, the CLI), run the SQLAlchemy Core statements.

An ordinary move costs the worker two round trips to PostgreSQL: ``BEGIN`` with the
locking read of the game and the read of the queued submissions (and the seats' entropy) after it (``lock_game_of``), then
the one write (the accepted actions, the game's new position and the verdict) with the ``COMMIT``
(``last_of_batch``, ``commit``). The rows are read into plain records (``LockedGame``,
``QueuedSubmission``) rather than ORM objects, so the ORM's loading and unit of work cost nothing; the
rare writes (a seat's entropy, a snapshot, the seed revealed at the end) go through the ORM in the same
transaction (``service.adjudication``).

On PostgreSQL the statements are SQL run on the driver's (psycopg's) connection inside the session's
transaction, without SQLAlchemy's execution step, and the one write is a statement with data-modifying
``WITH`` parts. SQLite (the embedded default, one writer at a
time) runs the same reads and writes as SQLAlchemy Core statements, the write as three.

Why the entropy is read with the pending submissions and not with the lock: PostgreSQL, at READ
COMMITTED, evaluates the rest of a ``SELECT ... FOR UPDATE`` that had to wait for the lock against the
snapshot taken before the wait; only the locked row itself is read again. A seat's entropy that the
worker holding the lock stored (its first move) would then be missed by the worker that waited, and its
dice would not be the ones ``umpire verify`` computes. The statement after the lock takes a new snapshot
(``tests/service/test_adjudication_entropy.py`` shows both).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from datetime import datetime

from sqlalchemy import bindparam, func, insert, select, update
from sqlalchemy.orm import Session

from .models import Game, Move, Seat, Submission


@dataclass(slots=True)
class LockedGame:
    """The game as the worker adjudicates it: the columns the move path reads, read with the game's row
    locked. Attributes as ``models.Game``'s; ``write`` keeps them up to date with what it writes."""

    id: str
    seq: int
    state: dict
    status: str
    seed: str  #: sealed (``service.seeds``): the binder opens it with ``commitment``, read with it
    commitment: str
    digest: str
    result: dict | None
    updated_at: datetime


@dataclass(slots=True)
class QueuedSubmission:
    """A queued submission as the worker reads it under the game's lock (attributes as
    ``models.Submission``'s, for ``adjudication.describe``); ``write`` keeps them up to date."""

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
    idempotency_key: str = ""


@dataclass(slots=True)
class Accepted:
    """What an accepted (or partly accepted) move writes besides its verdict: the actions as move rows
    (``seq``, ``action``, ``log``, ``outcomes``) and the game's new columns."""

    rows: list[dict]
    game: dict


#: Separators of the seats' entropy as the pending read gives it: entropy has no control characters
#: (``engine.core.moves``: the move file's ``entropy``; ``service.api.schemas``: a seat's at creation).
PAIR, ROLE_END = "\x1e", "\x1f"


def entropy_of(text: str | None) -> dict[str, str]:
    """The seats' entropy by role from ``role<US>entropy`` pairs joined by RS (seats without any left out)."""
    return dict(p.split(ROLE_END, 1) for p in text.split(PAIR)) if text else {}


def _is_pg(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def _driver(session: Session):
    """The psycopg connection under the session's (in its transaction)."""
    return session.connection().connection.driver_connection


# --- PostgreSQL: SQL on the driver's connection --------------------------------------------------------

_GAME_NAMES = [f.name for f in fields(LockedGame)]
_SUB_NAMES = [f.name for f in fields(QueuedSubmission)]
_NG = len(_GAME_NAMES)
_NS = len(_SUB_NAMES)

_PG_LOCK = (f"SELECT {', '.join('g.' + n for n in _GAME_NAMES)}, t.status "
            "FROM games g JOIN submissions t ON t.game_id = g.id WHERE t.id = %(sid)s FOR UPDATE OF g")
#: The pending read, by the submission's id alone, so that it can go in the same round trip as the lock
#: (``lock_game_of``): it is run after the lock is granted, in a snapshot of its own.
_PG_OF_GAME = "(SELECT c.game_id FROM submissions c WHERE c.id = %(sid)s)"
_PG_PENDING = (f"SELECT {', '.join('s.' + n for n in _SUB_NAMES)}, "
               "(SELECT string_agg(e.role || chr(31) || e.entropy, chr(30)) FROM seats e "
               f"WHERE e.game_id = {_PG_OF_GAME} AND e.entropy <> '') "
               f"FROM submissions s WHERE s.game_id = {_PG_OF_GAME} AND s.status = 'queued' "
               "AND s.created_at <= (SELECT c.created_at FROM submissions c WHERE c.id = %(sid)s) "
               "ORDER BY s.created_at, s.id")
_PG_VERDICT = ("UPDATE submissions SET status = %(status)s, verdict = %(verdict)s::json, "
               "updated_at = %(at)s WHERE id = %(sid)s")
_PG_ACCEPTED = ("WITH m AS (INSERT INTO moves (game_id, seq, role, action, log, outcomes, submission_id, "
                "created_at) SELECT %(gid)s, x.seq, %(role)s, x.action, x.log, x.outcomes, %(sid)s, %(at)s "
                "FROM json_to_recordset(%(rows)s::json) AS x(seq integer, action text, log json, outcomes json)), "
                "g AS (UPDATE games SET state = %(state)s::json, seq = %(seq)s, digest = %(digest)s, "
                "status = %(gstatus)s, updated_at = %(at)s WHERE id = %(gid)s) "
                + _PG_VERDICT)


#: The move request's one statement: ``games.head``'s read, and the insert of ``adjudication._store`` where
#: the token is a seat's and the game takes moves (``control.refusal``: not paused, not abandoned, no seed
#: revealed in an active game, no result), its key as ``adjudication.idempotency_key`` makes it. Gives the
#: head's columns, the key and the new id (NULL if the key was there already: the same submission again).
_PG_STORE = (
    "WITH h AS (SELECT g.id, g.seq, g.status, g.result, g.revealed, g.umpire_token_hash, s.role FROM games g "
    "LEFT JOIN seats s ON s.game_id = g.id AND s.token_hash = %(h)s WHERE g.id = %(gid)s), "
    "k AS (SELECT h.id, h.role, h.status, h.result, h.revealed, CASE WHEN %(key)s::text IS NULL "
    "AND %(after)s::text IS NULL THEN 'free:' ELSE '' END || encode(sha256(convert_to(CASE WHEN %(key)s::text "
    "IS NULL THEN 'body' || chr(10) || h.role || chr(10) || coalesce(%(after)s::text, h.seq::text) || chr(10) "
    "|| %(ctype)s::text || chr(10) || %(raw)s::text "
    "ELSE 'key' || chr(10) || h.role || chr(10) || %(key)s::text END, 'UTF8')), 'hex') AS key "
    "FROM h WHERE h.role IS NOT NULL), "
    "i AS (INSERT INTO submissions (id, game_id, role, idempotency_key, raw, content_type, status, verdict, "
    "attempts, created_at, updated_at) SELECT %(id)s, k.id, k.role, k.key, %(raw)s::text, %(ctype)s::text, "
    "'queued', NULL, 0, %(at)s, %(at)s FROM k WHERE k.status NOT IN ('paused', 'abandoned') "
    "AND NOT (k.revealed AND k.status = 'active') AND (k.result IS NULL OR k.result::text = 'null') "
    "ON CONFLICT (game_id, idempotency_key) DO NOTHING RETURNING id) "
    "SELECT h.id, h.seq, h.status, h.result, h.revealed, h.umpire_token_hash, h.role, (SELECT key FROM k), "
    "(SELECT id FROM i) FROM h")


def is_postgresql(session: Session) -> bool:
    return _is_pg(session)


def store(session: Session, values: dict, h: str, key: str | None, after: int | None) -> tuple[tuple, str | None, bool] | None:
    """PostgreSQL, in autocommit (``adjudication.storing``): stores a submission in one statement.

    *values*: the new submission's ``id``, ``game_id``, ``raw``, ``content_type`` and ``created_at``;
    *h*: the token's hash; *key*: the client's Idempotency-Key; *after*: the position the move states, if
    it does. Returns None for no such game, else ``(the head's columns as games.head reads them, the
    idempotency key or None if the token is no seat's, whether the submission was inserted)``."""
    row = _driver(session).execute(_PG_STORE, {
        "gid": values["game_id"], "h": h, "key": key, "after": None if after is None else str(after),
        "ctype": values["content_type"], "raw": values["raw"], "id": values["id"],
        "at": values["created_at"]}).fetchone()
    if row is None:
        return None
    return tuple(row[:7]), row[7], row[8] is not None


# --- SQLite (and any other database): SQLAlchemy Core ----------------------------------------------------

_G, _S, _ST = Game.__table__.c, Submission.__table__.c, Seat.__table__.c
_LOCK = (select(*[getattr(_G, n) for n in _GAME_NAMES], _S.status).select_from(Game.__table__)
         .join(Submission.__table__, _S.game_id == _G.id)
         .where(_S.id == bindparam("sid")).with_for_update(of=Game.__table__))
_ENTROPIES = (select(func.aggregate_strings(_ST.role + ROLE_END + _ST.entropy, PAIR))
              .where(_ST.game_id == bindparam("gid"), _ST.entropy != "").scalar_subquery())
_CREATED = select(_S.created_at).where(_S.id == bindparam("sid")).scalar_subquery()
_PENDING = (select(*[getattr(_S, n) for n in _SUB_NAMES], _ENTROPIES)
            .where(_S.game_id == bindparam("gid"), _S.status == "queued", _S.created_at <= _CREATED)
            .order_by(_S.created_at, _S.id))
_INSERT_MOVE = insert(Move.__table__)
_UPDATE_GAME = (update(Game.__table__).where(_G.id == bindparam("b_id"))
                .values(state=bindparam("b_state"), seq=bindparam("b_seq"), digest=bindparam("b_digest"),
                        status=bindparam("b_status"), updated_at=bindparam("b_updated_at")))
_UPDATE_SUBMISSION = (update(Submission.__table__).where(_S.id == bindparam("b_id"))
                      .values(status=bindparam("b_status"), verdict=bindparam("b_verdict"),
                              updated_at=bindparam("b_updated_at")))


# --- the move path -----------------------------------------------------------------------------------

@dataclass(slots=True)
class Locked:
    """What the worker reads with the game locked: the game, the submission's status, the game's queued
    submissions up to this one in the order received, and the seats' entropy by role."""

    game: LockedGame
    status: str
    queued: list[QueuedSubmission]
    entropy: dict[str, str]


def lock_game_of(session: Session, submission_id: str) -> Locked | None:
    """Locks the submission's game (PostgreSQL: ``FOR UPDATE``; SQLite: the transaction's ``BEGIN
    IMMEDIATE``) and reads, after the lock is granted, what ``Locked`` holds; None for no such submission.

    On PostgreSQL the three (the transaction's ``BEGIN``, the lock, the pending read) go in one round trip
    (psycopg's pipeline mode): the server runs them in order, so the pending read still waits for the
    lock and takes its snapshot after it. The status read with the lock is as it was before any wait for
    the lock (see the module's docstring): a submission another worker adjudicated meanwhile may still
    read ``queued``, and the pending read leaves it out."""
    params = {"sid": submission_id}
    if _is_pg(session):
        dc = _driver(session)
        with dc.pipeline():
            lock = dc.execute(_PG_LOCK, params)
            queued = dc.execute(_PG_PENDING, params)
        row, rows = lock.fetchone(), queued.fetchall()
    else:
        conn = session.connection()
        row = conn.execute(_LOCK, params).first()
        rows = conn.execute(_PENDING, {"gid": row[0], "sid": submission_id}).all() if row is not None else []
    if row is None:
        return None
    return Locked(LockedGame(*row[:_NG]), row[_NG], [QueuedSubmission(*r[:_NS]) for r in rows],
                  entropy_of(rows[0][_NS] if rows else None))


def write(session: Session, game: LockedGame, sub: QueuedSubmission, accepted: Accepted | None,
          status: str, verdict: dict, at: datetime) -> None:
    """Writes a verdict, and for an accepted move its actions and the game's new position; brings the
    records up to date. One statement on PostgreSQL; for the batch's last submission (``last_of_batch``)
    it is sent with the commit (``commit``), or before a read that must see it (``flush``)."""
    if _is_pg(session):
        params = {"sid": sub.id, "status": status, "verdict": json.dumps(verdict), "at": at}
        if accepted is None:
            stmt = _PG_VERDICT
        else:
            g = accepted.game
            stmt, params = _PG_ACCEPTED, params | {
                "gid": game.id, "role": sub.role, "rows": json.dumps(accepted.rows), "state": json.dumps(g["state"]),
                "seq": g["seq"], "digest": g["digest"], "gstatus": g["status"]}
        if session.info.get(_LAST) == sub.id:
            session.info[_DEFERRED] = (stmt, params)  # sent with the commit (``commit``)
        else:
            _driver(session).execute(stmt, params)
    else:
        conn = session.connection()
        if accepted is not None:
            if accepted.rows:
                conn.execute(_INSERT_MOVE, [{"game_id": game.id, "role": sub.role, "submission_id": sub.id,
                                             "created_at": at, **r} for r in accepted.rows])
            conn.execute(_UPDATE_GAME, {f"b_{k}": v for k, v in accepted.game.items()}
                         | {"b_id": game.id, "b_updated_at": at})
        conn.execute(_UPDATE_SUBMISSION, {"b_id": sub.id, "b_status": status, "b_verdict": verdict,
                                          "b_updated_at": at})
    if accepted is not None:
        for k, v in accepted.game.items():
            setattr(game, k, v)
        game.updated_at = at
    sub.status, sub.verdict, sub.updated_at = status, verdict, at


#: ``Session.info`` keys: the batch's last submission, and its write kept for the commit's round trip.
_LAST, _DEFERRED = "umpire.movepath.last", "umpire.movepath.deferred"


def last_of_batch(session: Session, submission_id: str) -> None:
    """The write of *submission_id* (the last the worker adjudicates in this transaction) is to be sent
    with the commit: one round trip fewer a move."""
    session.info[_LAST] = submission_id


def flush(session: Session) -> None:
    """Sends a write kept for the commit now (the seed is revealed through the ORM, which reads the game)."""
    kept = session.info.pop(_DEFERRED, None)
    if kept is not None:
        _driver(session).execute(*kept)


def commit(session: Session) -> None:
    """Flushes the ORM's rare writes, then sends the kept write and ``COMMIT`` in one round trip
    (PostgreSQL, pipeline mode; the server runs them in order and commits only if the write succeeded).
    The session's own commit that follows finds nothing left to commit. SQLite: nothing to do here."""
    session.info.pop(_LAST, None)
    kept = session.info.pop(_DEFERRED, None)
    if kept is None:
        return
    session.flush()
    dc = _driver(session)
    with dc.pipeline():
        dc.execute(*kept)
        dc.commit()
