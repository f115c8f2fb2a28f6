"""A tournament's results as the standings count them (issue 33, items 4 and 6), read from its games.

``results`` turns each game of the tournament into a ``standings.GameResult``:

- a game that ended by its rules or by a resignation is *finished*: the winner's player wins and the other
  players lose; a game whose outcome names ``losers`` (Japanese Occupation 7.0.1: every player loses) is a
  loss for each of them; a game that ended with no winner is a draw for every player;
- a game the umpire abandoned is *abandoned*, and a game the director ruled forfeited (a deadline passed)
  is *forfeited*; either counts only as the director's ruling says (``TournamentGame.ruling``), and the
  standings say that a ruling is awaited until there is one;
- a game still going on (active or paused) is *in play* and counts for nothing.

The game's own margin (a tie-break) comes from the game's definition where it gives one
(``GameDefinition.margins``: a number per role of a finished position, higher better); a game without one
gives none.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from service.models import Game

from .access import get_tournament
from .models import Tournament, TournamentGame, TournamentPlayer, TournamentRound
from .pairing import Round, Table
from .standings import (
    ABANDONED,
    DRAW,
    FINISHED,
    FORFEITED,
    IN_PLAY,
    LOSS,
    WIN,
    Bye,
    GameResult,
    Ruling,
    Scoring,
)


@dataclass(frozen=True)
class Results:
    """What the standings and the next Swiss round need: the players in entry order, every game's result,
    the byes, the scoring in force, and the rounds paired so far (``pairing.Round``)."""

    players: tuple[str, ...]
    games: tuple[GameResult, ...]
    byes: tuple[Bye, ...]
    scoring: Scoring
    rounds: tuple[Round, ...]


def scoring_of(t: Tournament) -> Scoring:
    """The tournament's points (``Tournament.points``), defaults where it names none."""
    return Scoring(**{k: v for k, v in (t.points or {}).items() if k in Scoring.__dataclass_fields__})


def rounds_of(session: Session, tid: str) -> list[TournamentRound]:
    return list(session.execute(select(TournamentRound).where(TournamentRound.tournament_id == tid)
                                .order_by(TournamentRound.number)).scalars())


def as_round(r: TournamentRound) -> Round:
    """A stored round as ``pairing.Round`` (tables in board order, each player on their side)."""
    tables = []
    for t in sorted(r.pairing.get("tables", []), key=lambda t: t["board"]):
        sides = tuple(t["seats"])
        tables.append(Table(tuple(t["seats"][s] for s in sides), sides))
    return Round(r.number, tuple(tables), tuple(r.pairing.get("byes", [])))


def outcome_of(game: Game, seats: dict[str, str]) -> dict[str, str]:
    """Each player's win, draw or loss in a finished game, from its outcome (``seats``: role -> player)."""
    res = game.result or (game.state or {}).get("outcome") or {}
    winner, losers = res.get("winner"), res.get("losers") or []
    if winner:
        return {p: WIN if role == winner else LOSS for role, p in seats.items()}
    if losers:
        return {p: LOSS if role in losers else DRAW for role, p in seats.items()}
    return dict.fromkeys(seats.values(), DRAW)


def margins_of(game: Game, seats: dict[str, str]) -> dict[str, float] | None:
    """The game's own margin per player, where the game's definition gives one for this position."""
    hook = getattr(engine.definition(game.game), "margins", None)
    if hook is None or game.result and game.result.get("resigned"):
        return None  # a resigned game's position says nothing of the margin
    by_role = hook(game.state)
    if not by_role:
        return None
    return {p: float(by_role[role]) for role, p in seats.items() if role in by_role}


def status_of(game: Game, tg: TournamentGame) -> str:
    if tg.ruling and tg.ruling.get("status") == FORFEITED:
        return FORFEITED
    if game.status == "abandoned":
        return ABANDONED
    if game.status == "finished":
        return FINISHED
    return IN_PLAY


def game_result(game: Game, tg: TournamentGame, round_number: int) -> GameResult:
    """One tournament game as the standings count it."""
    seats = dict(tg.seats)
    players = tuple(seats.values())
    status = status_of(game, tg)
    ruling = Ruling(dict(tg.ruling["outcome"]), tg.ruling.get("reason", "")) if tg.ruling else None
    if status == FINISHED:
        return GameResult(round_number, players, FINISHED, outcome_of(game, seats), margins_of(game, seats),
                          None, game.id)
    return GameResult(round_number, players, status, {}, None,
                      ruling if status in (ABANDONED, FORFEITED) else None, game.id)


def results(session: Session, tid: str) -> Results:
    """Everything the standings of tournament *tid* count, read from the database.

    :raises NotFound: no such tournament.
    """
    t = get_tournament(session, tid)
    players = tuple(session.execute(select(TournamentPlayer.name).where(TournamentPlayer.tournament_id == tid)
                                    .order_by(TournamentPlayer.id)).scalars())
    rounds = rounds_of(session, tid)
    number = {r.id: r.number for r in rounds}
    rows = session.execute(select(TournamentGame, Game).join(Game, Game.id == TournamentGame.game_id)
                           .where(TournamentGame.tournament_id == tid)
                           .order_by(TournamentGame.round_id, TournamentGame.board)).all()
    games = tuple(game_result(g, tg, number[tg.round_id]) for tg, g in rows)
    paired = tuple(as_round(r) for r in rounds)
    return Results(players, games, tuple(Bye(r.number, p) for r in paired for p in r.byes), scoring_of(t), paired)
