"""Tables: games, seats, submissions (raw input kept), the append-only move log, state snapshots."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, LargeBinary, MetaData, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Game(Base):
    """A game: what it is, which engine and rules it runs on, its current position."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    engine_version: Mapped[str] = mapped_column(String(32))
    rules_version: Mapped[int] = mapped_column(Integer)
    rulings: Mapped[list[Any]] = mapped_column(JSON, default=list)
    data_version: Mapped[str] = mapped_column(String(64), default="")
    title: Mapped[str] = mapped_column(String(200), default="")
    seq: Mapped[int] = mapped_column(Integer, default=0)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), default="active")
    umpire_token_hash: Mapped[str] = mapped_column(String(64))
    #: sealed under UMPIRE_SECRET_KEY (``service.seeds``: "s1:" + 96 hex); plain hex before migration 0009
    seed: Mapped[str] = mapped_column(String(128))
    commitment: Mapped[str] = mapped_column(String(64))
    digest: Mapped[str] = mapped_column(String(64))
    revealed: Mapped[bool] = mapped_column(default=False)
    #: how the game ended when the service, not the rules, ended it (a resignation, the umpire abandoning it)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)


class Seat(Base):
    """A player's seat: one role of one game, with its hashed secret token and the key its mailed move
    files are signed with, sealed under the server secret (``service.keys``; NULL for a seat made before
    migration 0006, whose signed files are refused)."""

    __tablename__ = "seats"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    role: Mapped[str] = mapped_column(String(32))
    player: Mapped[str] = mapped_column(String(100), default="")
    email: Mapped[str] = mapped_column(String(254), default="")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    mail_key: Mapped[str | None] = mapped_column(String(96), nullable=True)
    entropy: Mapped[str] = mapped_column(String(128), default="")
    __table_args__ = (UniqueConstraint("game_id", "role", name="uq_seats_game_role"),)


class Submission(Base):
    """A move file as received (kept raw), its processing status and its verdict."""

    __tablename__ = "submissions"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    role: Mapped[str] = mapped_column(String(32))
    idempotency_key: Mapped[str] = mapped_column(String(128))
    raw: Mapped[str] = mapped_column(Text)
    content_type: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default="queued")
    verdict: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)
    __table_args__ = (
        UniqueConstraint("game_id", "idempotency_key", name="uq_submissions_game_key"),
        Index("ix_submissions_status_created", "status", "created_at"),
    )


class Move(Base):
    """One accepted action: the append-only log (``UNIQUE(game_id, seq)``)."""

    __tablename__ = "moves"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(200))
    log: Mapped[list[Any]] = mapped_column(JSON, default=list)
    outcomes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    submission_id: Mapped[str | None] = mapped_column(ForeignKey("submissions.id"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_moves_game_seq"),)


class UndoneMove(Base):
    """A move the umpire rolled back: moved here from ``moves`` (never deleted), with the rollback that undid
    it (its ``game_events`` row), so the log can show it as undone and ``umpire verify`` can check it."""

    __tablename__ = "undone_moves"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    rollback_id: Mapped[int] = mapped_column(ForeignKey("game_events.id"))
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(32))
    action: Mapped[str] = mapped_column(String(200))
    log: Mapped[list[Any]] = mapped_column(JSON, default=list)
    outcomes: Mapped[list[Any]] = mapped_column(JSON, default=list)
    submission_id: Mapped[str | None] = mapped_column(ForeignKey("submissions.id"), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    undone_at: Mapped[datetime] = mapped_column(default=now)


class Snapshot(Base):
    """The state at a position, every ``SNAPSHOT_EVERY`` positions (and at creation)."""

    __tablename__ = "snapshots"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_snapshots_game_seq"),)


class GameEvent(Base):
    """Something the umpire or the service did to a game outside its moves (revealing the seed, and
    later rulings, overrides, pauses): recorded in the log with the position it happened at."""

    __tablename__ = "game_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    at_seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(32))
    by: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=now)


class Render(Base):
    """A rendered PDF: a seat's snapshot at a position, or the game report at a position, each as it was
    after the game's latest event (``after_event``, a ``GameEvent`` id, 0 before any: an abandon, a
    resignation or a reveal keeps the position but changes the PDFs)."""

    __tablename__ = "renders"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    kind: Mapped[str] = mapped_column(String(16))
    role: Mapped[str] = mapped_column(String(32))
    seq: Mapped[int] = mapped_column(Integer)
    after_event: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    pdf: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(default=now)
    __table_args__ = (UniqueConstraint("game_id", "kind", "role", "seq", "after_event", name="uq_renders_key"),)
