"""Running a tournament (issue 33, items 1, 2 and 6): the service functions the API, the page and the
command line share, and the tournament's public description.

The acts are in two modules, re-exported here: ``entry`` (creating a tournament, entering, withdrawing and
confirming players) and ``rounds`` (pairing a round and making its games, the director's rulings, closing).
``describe`` is what anyone may see of a tournament: its settings, its players (names, and whether
confirmed or withdrawn; never an address), its rounds with each table and bye, and its log.
"""

from __future__ import annotations

from dataclasses import asdict

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from service.textboard import result_words, role_name

from .access import get_tournament
from .entry import (
    PAIRINGS,
    Refused,
    add_player,
    confirm_by_code,
    create_tournament,
    mark_player_confirmed,
    players_of,
    withdraw_player,
)
from .models import Tournament, TournamentEvent, TournamentGame
from .results import rounds_of, scoring_of
from .rounds import close, games_of_round, pair_round, rule_game, unsettled

__all__ = ["PAIRINGS", "Refused", "add_player", "close", "confirm_by_code", "create_tournament", "describe",
           "mark_player_confirmed", "pair_round", "rule_game", "unsettled", "withdraw_player"]


def _iso(dt) -> str:
    return dt.isoformat(timespec="seconds") + "Z"


def table_status(game, tg: TournamentGame) -> tuple[str, str]:
    """A table's state and its result in words: a finished game's (``textboard.result_words``), a ruling's,
    or what it waits for."""
    if tg.ruling:
        r = tg.ruling
        return r["status"], ("ruled " + ", ".join(f"{p} {o}" for p, o in r["outcome"].items())
                             + f" ({r.get('reason', '')})")
    if game.status == "finished":
        return "finished", result_words(game.result, game.game)
    if game.status == "abandoned":
        return "abandoned", "awaits the director's ruling"
    return game.status, ""


def describe(session: Session, tid: str) -> dict:
    """The public description of tournament *tid* (issue 33, item 1): settings, players, rounds, log.

    :raises NotFound: no such tournament.
    """
    t: Tournament = get_tournament(session, tid)
    defn = engine.definition(t.game)
    players = [{"name": p.name, "confirmed": p.confirmed_at is not None, "withdrawn": p.withdrawn_at is not None}
               for p in players_of(session, tid)]
    rounds = []
    for r in rounds_of(session, tid):
        tables = []
        for tg, g in games_of_round(session, r.id):
            status, result = table_status(g, tg)
            tables.append({"board": tg.board, "game_id": g.id, "title": g.title, "status": status, "result": result,
                           "seats": [{"role": role, "side": role_name(role, t.game), "player": p}
                                     for role, p in tg.seats.items()]})
        rounds.append({"number": r.number, "method": r.method, "scenario": r.scenario, "started_at": _iso(r.started_at),
                       "tables": tables, "byes": list(r.pairing.get("byes", []))})
    log = [{"at": _iso(e.created_at), "kind": e.kind, "by": e.by, "game_id": e.game_id, "text": e.text}
           for e in session.execute(select(TournamentEvent).where(TournamentEvent.tournament_id == tid)
                                    .order_by(TournamentEvent.id)).scalars()]
    return {"id": t.id, "name": t.name, "game": t.game, "game_title": defn.title, "scenarios": list(t.scenarios),
            "options": dict(t.options), "rulings": list(t.rulings), "pairing": t.pairing,
            "rounds_planned": t.rounds_planned, "points": asdict(scoring_of(t)), "deadline_hours": t.deadline_hours,
            "status": t.status, "created_at": _iso(t.created_at), "players": players, "rounds": rounds, "log": log}
