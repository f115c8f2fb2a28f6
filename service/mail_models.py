"""The mail tables (migration 0004): raw inbound messages, the outbox, per-game and per-seat mail
settings, and the deadline of each decision. They share ``service.models.Base``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.models import Base, now


class InboundMail(Base):
    """A message as received, stored before anything else. ``message_key`` (SHA-256 of the Message-ID,
    or of the raw bytes when there is none) is unique: a message seen twice is handled once."""

    __tablename__ = "mail_inbound"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    message_key: Mapped[str] = mapped_column(String(64), unique=True)
    message_id: Mapped[str] = mapped_column(Text, default="")
    source: Mapped[str] = mapped_column(String(16))
    envelope_from: Mapped[str] = mapped_column(String(254), default="")
    envelope_to: Mapped[list[Any]] = mapped_column(JSON, default=list)
    size: Mapped[int] = mapped_column(Integer)
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    status: Mapped[str] = mapped_column(String(16), default="received")
    reason: Mapped[str] = mapped_column(Text, default="")
    game_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    role: Mapped[str | None] = mapped_column(String(32), nullable=True)
    reply_to: Mapped[str] = mapped_column(String(254), default="")
    submission_id: Mapped[str | None] = mapped_column(ForeignKey("submissions.id"), nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)
    __table_args__ = (Index("ix_mail_inbound_status_updated", "status", "updated_at"),)


class OutboundMail(Base):
    """A message to send, written whole before it is sent. ``key`` names what it answers or announces
    (``reply:<inbound id>``, ``turn:<game>:<seq>:<role>``...), so each is sent at most once. ``status``:
    pending, sending (claimed at ``claimed_at`` for attempt number ``attempts``: ``mail.outbound``),
    sent, failed, or covered (said by another mail, never sent). ``claimed_at`` from migration 0006."""

    __tablename__ = "mail_outbound"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200), unique=True)
    message_id: Mapped[str] = mapped_column(String(255))
    game_id: Mapped[str | None] = mapped_column(String(16), nullable=True, index=True)
    kind: Mapped[str] = mapped_column(String(16))
    to_addr: Mapped[str] = mapped_column(String(254))
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    status: Mapped[str] = mapped_column(String(16), default="pending")
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    error: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(default=now)
    claimed_at: Mapped[datetime | None] = mapped_column(nullable=True)
    sent_at: Mapped[datetime | None] = mapped_column(nullable=True)
    __table_args__ = (Index("ix_mail_outbound_status_created", "status", "created_at"),)


class MailGame(Base):
    """A game's mail settings: the hours allowed per decision (none: no deadline) and the umpire's
    address, told when a deadline passes."""

    __tablename__ = "mail_games"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    deadline_hours: Mapped[float | None] = mapped_column(Float, nullable=True)
    umpire_email: Mapped[str] = mapped_column(String(254), default="")
    updated_at: Mapped[datetime] = mapped_column(default=now)


class MailSeat(Base):
    """A seat's mail settings: the address it last mailed from with its token (used when the seat has no
    address of its own) and its time zone (IANA name) for the times in its mail."""

    __tablename__ = "mail_seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(32), primary_key=True)
    address: Mapped[str] = mapped_column(String(254), default="")
    tz: Mapped[str] = mapped_column(String(64), default="")


class Deadline(Base):
    """The deadline of one decision: *role* to act at position *seq* of a game with a deadline."""

    __tablename__ = "mail_deadlines"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    role: Mapped[str] = mapped_column(String(32))
    due_at: Mapped[datetime]
    reminded_at: Mapped[datetime | None] = mapped_column(nullable=True)
    expired_at: Mapped[datetime | None] = mapped_column(nullable=True)
    __table_args__ = (UniqueConstraint("game_id", "seq", "role", name="uq_mail_deadlines_decision"),)


class MailConfirmation(Base):
    """An address given for a game (a seat's, or the umpire's) and whether its owner
    confirmed it (``mail.confirm``). Nothing but its one confirmation mail goes to an address before
    ``confirmed_at``. ``code_hash``: the hash of the code its confirmation mail carries (made when the mail
    is written, at ``sent_at``). One row per game and address (lower case). From migration 0007."""

    __tablename__ = "mail_confirmations"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    address: Mapped[str] = mapped_column(String(254))
    code_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    sent_at: Mapped[datetime | None] = mapped_column(nullable=True)
    confirmed_at: Mapped[datetime | None] = mapped_column(nullable=True)
    __table_args__ = (UniqueConstraint("game_id", "address", name="uq_mail_confirmations_game_address"),
                      Index("ix_mail_confirmations_unsent", "sent_at", "confirmed_at"))


class MailAddress(Base):
    """One row per address Umpire was asked to confirm: when it was last sent a confirmation mail. A
    confirmation goes to an address at most once per window (``MailSettings.confirm_hours``), whatever the
    number of games naming it; the window is taken with one conditional UPDATE of this row. Migration 0007."""

    __tablename__ = "mail_addresses"
    address: Mapped[str] = mapped_column(String(254), primary_key=True)
    confirm_sent_at: Mapped[datetime | None] = mapped_column(nullable=True)
