"""The tournament tables (issue 33, migration 0010): a tournament, its players, its rounds, the games each
round made, and the log of what the director and the service did to it. They share ``service.models.Base``.

A tournament's games are ordinary games (``games``): the director's token is the umpire token of every
one of them (``Game.umpire_token_hash`` is the tournament's ``director_token_hash``), so the director uses
each game's umpire tools as they are. Players are named by ``TournamentPlayer.name``, unique in the
tournament; the pairing and standings functions (``pairing``, ``standings``) take those names.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from service.models import Base, now


class Tournament(Base):
    """A tournament: its name, the game and the scenarios a round may use, the options in force for every
    game, how rounds are paired, the points, the hours allowed per decision, and the director's token
    (hashed). ``status``: ``entry`` (players being entered and confirming), ``running`` (a round paired),
    ``finished`` (the director closed it)."""

    __tablename__ = "tournaments"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(32))
    #: the scenarios a round may be played in; the first is the default
    scenarios: Mapped[list[Any]] = mapped_column(JSON, default=list)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: the director's rulings in force for every game, each ``{"id", "text"}`` (beside the game's own)
    rulings: Mapped[list[Any]] = mapped_column(JSON, default=list)
    #: ``swiss``, ``round-robin`` or ``manual`` (a round may still be paired by hand)
    pairing: Mapped[str] = mapped_column(String(16), default="swiss")
    rounds_planned: Mapped[int] = mapped_column(Integer, default=0)
    #: ``{"win", "draw", "loss", "bye", "bye_buchholz"}``: ``standings.Scoring``'s fields
    points: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: hours allowed per decision in every game (None: no deadline); each game's ``MailGame.deadline_hours``
    deadline_hours: Mapped[float | None] = mapped_column(Float, nullable=True)
    director_token_hash: Mapped[str] = mapped_column(String(64))
    director_email: Mapped[str] = mapped_column(String(254), default="")
    status: Mapped[str] = mapped_column(String(16), default="entry")
    created_at: Mapped[datetime] = mapped_column(default=now)
    updated_at: Mapped[datetime] = mapped_column(default=now)


class TournamentPlayer(Base):
    """A player entered in a tournament, in entry order (``id``). Their address is confirmed by its owner
    answering one confirmation mail (``code_hash``, the hash of the code it carries; ``confirmed_at``), as a
    game's seat addresses are (``mail.confirm``); the tournament's games then count it confirmed.
    ``withdrawn_at``: the director withdrew them (they are paired no more; their results stand)."""

    __tablename__ = "tournament_players"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    email: Mapped[str] = mapped_column(String(254), default="")
    code_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    confirm_sent_at: Mapped[datetime | None] = mapped_column(nullable=True)
    confirmed_at: Mapped[datetime | None] = mapped_column(nullable=True)
    withdrawn_at: Mapped[datetime | None] = mapped_column(nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=now)
    __table_args__ = (UniqueConstraint("tournament_id", "name", name="uq_tournament_players_name"),)


class TournamentRound(Base):
    """A paired round: its number (from 1), how it was paired, the scenario its games use, and the pairing
    as data (``{"tables": [{"board", "seats": {role: player}}], "byes": [player]}``)."""

    __tablename__ = "tournament_rounds"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = mapped_column(String(16))
    scenario: Mapped[str] = mapped_column(String(64))
    pairing: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    started_at: Mapped[datetime] = mapped_column(default=now)
    __table_args__ = (UniqueConstraint("tournament_id", "number", name="uq_tournament_rounds_number"),)


class TournamentGame(Base):
    """One game of a round: its board (table number), the game it made, and who sits where
    (``{role: player}``). ``ruling``: the director's ruling once the game was abandoned or forfeited
    (``{"status": "abandoned"|"forfeited", "outcome": {player: "win"|"draw"|"loss"|"void"}, "reason"}``),
    as ``standings.Ruling`` counts it."""

    __tablename__ = "tournament_games"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), index=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("tournament_rounds.id"), index=True)
    board: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), unique=True)
    seats: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    ruling: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class TournamentEvent(Base):
    """What the director or the service did to a tournament (entering a player, pairing a round, a ruling,
    a forfeit...): the tournament's own log. An act on one game is also recorded in that game's log
    (``service.control.record``) and names it here (``game_id``)."""

    __tablename__ = "tournament_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"))
    kind: Mapped[str] = mapped_column(String(32))
    by: Mapped[str] = mapped_column(String(32))
    game_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(default=now)
    __table_args__ = (Index("ix_tournament_events_tournament_id", "tournament_id", "id"),)
