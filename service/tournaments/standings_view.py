"""A tournament's standings as data (issue 33, items 4 and 6): what the standings page, the JSON API, the PDF
and ``umpire tournament standings`` all show, built once here from ``results.results`` and
``standings.standings``.

``standings_view(session, tid)`` is a plain dict:

- ``tournament``: its id, name, game (slug and title), status and rounds planned;
- ``latest_result``: when the latest result that counts was reached (a game finished or the director's ruling
  on one), ISO 8601 UTC, or None before any;
- ``scoring``: the points in force (``standings.Scoring``'s fields) and ``scoring_text``, them in words;
- ``tie_breaks``: the order of the table in words, one line a criterion (points, Buchholz, the game's own margin,
  entry order); ``margin``: what the game's margin measures, or that the game has none;
- ``rows``: the table, best first: rank, player, points, Buchholz, margin (None where no game of theirs gave
  one), played, wins, draws, losses, byes, withdrawn, and the notes (each abandoned or forfeited game with the
  director's reason, or that a ruling is awaited);
- ``rounds``: each round paired: its number, scenario, byes, its games (board, game id, each seat's player,
  status, result in words, whether it counts, and ``table``: the players with their sides in words), how many count, and ``complete`` when every game of it counts;
  ``rounds_counted``: the numbers of the complete rounds;
- ``in_play``: the games still going on (active or paused), which count for nothing yet, and
  ``awaiting_ruling``: the abandoned or forfeited games the director has not ruled on.

Only finished games count (``standings``), and a ruled game as the director ruled. ``number`` writes a score as
the pages print it (``1``, ``0.5``).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

import engine
from service.errors import ServiceError
from service.models import Game
from service.textboard import result_words

from .access import get_tournament
from .models import TournamentEvent, TournamentGame, TournamentPlayer, TournamentRound
from .results import results
from .standings import ABANDONED, FINISHED, FORFEITED, IN_PLAY, Scoring, standings


def number(x: float | None) -> str:
    """A score as printed: whole numbers without a decimal point, others with up to three places; ``—`` for
    none (a margin no game gave)."""
    if x is None:
        return "—"
    r = round(float(x), 3)
    if r == int(r):
        return str(int(r))
    return f"{r:.3f}".rstrip("0")


def _iso(at: datetime | None) -> str | None:
    return at.isoformat() + "Z" if at else None


def scoring_text(sc: Scoring) -> str:
    """The points in force in words: ``win 1, draw 0.5, loss 0; a bye 1``."""
    return f"win {number(sc.win)}, draw {number(sc.draw)}, loss {number(sc.loss)}; a bye {number(sc.bye)}"


def margin_words(slug: str) -> str | None:
    """What the game's own margin measures (the first line of ``GameDefinition.margins``' docstring), or None
    where the game has none."""
    hook = engine.definition(slug).margins
    if hook is None:
        return None
    doc = (hook.__doc__ or "").strip().splitlines()
    return doc[0].rstrip(".") if doc else "the game's own margin"


def tie_break_lines(slug: str, sc: Scoring) -> list[str]:
    """The order of the standings in words (``standings``' module docstring), one line a criterion, first first."""
    title = engine.definition(slug).title
    if sc.bye_buchholz == "own":
        bye = "a bye adds the player's own points"
    elif sc.bye_buchholz:
        bye = f"a bye adds {number(sc.bye_buchholz)}"
    else:
        bye = "a bye adds nothing"
    what = margin_words(slug)
    margin = (f"The game's own margin, summed over the player's finished games: {what} (a game ruled on or "
              f"resigned gives none)." if what else
              f"The game's own margin: {title} has none, so this tie-break leaves players level.")
    return [f"Points ({scoring_text(sc)}).",
            "Buchholz: the sum of the opponents' points, each at their final total, over every game that counts "
            f"for the player; {bye}.",
            margin,
            "Entry order: players level on all three share a rank and are listed in the order they were "
            "entered."]


def _latest_result(session: Session, tid: str, counted: list[str], ruled: list[str]) -> datetime | None:
    """When the latest result that counts was reached: a counted game's last move or act (``updated_at``: a
    finished game's end, a ruled game's abandon), or the latest tournament event naming a game the director
    ruled on (the ruling, which the game's own record does not hold)."""
    latest = None
    if counted or ruled:
        latest = session.execute(select(func.max(Game.updated_at)).where(Game.id.in_(counted + ruled))).scalar_one()
    if ruled:
        at = session.execute(select(func.max(TournamentEvent.created_at)).where(
            TournamentEvent.tournament_id == tid, TournamentEvent.game_id.in_(ruled))).scalar_one()
        if at is not None and (latest is None or at > latest):
            latest = at
    return latest


def _games(session: Session, tid: str) -> list[tuple[TournamentGame, Game, TournamentRound]]:
    return [tuple(row) for row in session.execute(
        select(TournamentGame, Game, TournamentRound)
        .join(Game, Game.id == TournamentGame.game_id)
        .join(TournamentRound, TournamentRound.id == TournamentGame.round_id)
        .where(TournamentGame.tournament_id == tid)
        .order_by(TournamentRound.number, TournamentGame.board))]


def _game_line(tg: TournamentGame, game: Game, status: str, counts: bool) -> dict:
    """One game of a round as the standings list it."""
    if status == FINISHED:
        res = game.result or (game.state or {}).get("outcome") or {}
        said = result_words(res, game.game)
        if said == "no winner":
            said = "a draw"  # a finished game with no winner and no losers: every player drew (results.outcome_of)
        if res.get("resigned"):
            said += f" ({engine.definition(game.game).role_name(res['resigned'])} resigned)"
    elif status in (ABANDONED, FORFEITED):
        if tg.ruling:
            ruled = ", ".join(f"{o} for {p}" for p, o in tg.ruling.get("outcome", {}).items())
            said = f"{status}, ruled {ruled}: {tg.ruling.get('reason', '')}"
        else:
            said = f"{status}: awaiting the director's ruling"
    else:
        said = "in play" + (" (paused)" if game.status == "paused" else "")
    defn = engine.definition(game.game)
    return {"board": tg.board, "game": game.id, "seats": dict(tg.seats), "status": status, "result": said,
            "counts": counts, "table": " v ".join(f"{p} ({defn.role_name(role)})" for role, p in tg.seats.items())}


def standings_view(session: Session, tid: str) -> dict:
    """The standings of tournament *tid* as data (see the module docstring).

    :raises NotFound: no such tournament. :raises ServiceError: (409, ``inconsistent-results``) a stored
        result or ruling the standings cannot count (a ruling naming someone not at the table): the message
        says which.
    """
    t = get_tournament(session, tid)
    res = results(session, tid)
    try:
        rows = standings(res.players, res.games, res.byes, res.scoring)
    except ValueError as e:
        raise ServiceError(f"the standings of {tid} cannot be counted: {e}", code="inconsistent-results",
                           status=409) from None
    withdrawn = set(session.execute(select(TournamentPlayer.name).where(
        TournamentPlayer.tournament_id == tid, TournamentPlayer.withdrawn_at.is_not(None))).scalars())
    by_id = {g.label: g for g in res.games}
    rounds: dict[int, dict] = {}
    for r in session.execute(select(TournamentRound).where(TournamentRound.tournament_id == tid)
                             .order_by(TournamentRound.number)).scalars():
        rounds[r.number] = {"number": r.number, "scenario": r.scenario, "byes": list(r.pairing.get("byes", [])),
                            "games": []}
    in_play, awaiting, counted, ruled = [], [], [], []
    for tg, game, rnd in _games(session, tid):
        result = by_id[game.id]
        counts = result.counted() is not None
        line = _game_line(tg, game, result.status, counts)
        rounds[rnd.number]["games"].append(line)
        where = {"round": rnd.number, **line}
        if result.status == IN_PLAY:
            in_play.append(where)
        elif not counts:
            awaiting.append(where)
        elif result.status == FINISHED:
            counted.append(game.id)
        else:
            ruled.append(game.id)
    for r in rounds.values():
        r["counted"] = sum(1 for g in r["games"] if g["counts"])
        r["complete"] = r["counted"] == len(r["games"])
    sc = res.scoring
    return {
        "tournament": {"id": t.id, "name": t.name, "game": t.game, "game_title": engine.definition(t.game).title,
                       "status": t.status, "rounds_planned": t.rounds_planned},
        "latest_result": _iso(_latest_result(session, tid, counted, ruled)),
        "scoring": {"win": sc.win, "draw": sc.draw, "loss": sc.loss, "bye": sc.bye,
                    "bye_buchholz": sc.bye_buchholz},
        "scoring_text": scoring_text(sc),
        "tie_breaks": tie_break_lines(t.game, sc),
        "margin": margin_words(t.game),
        "rows": [{"rank": row.rank, "player": row.player, "points": row.points, "buchholz": row.buchholz,
                  "margin": row.margin, "played": row.played, "wins": row.wins, "draws": row.draws,
                  "losses": row.losses, "byes": row.byes, "withdrawn": row.player in withdrawn,
                  "notes": list(row.notes)} for row in rows],
        "rounds": list(rounds.values()),
        "rounds_counted": [n for n, r in rounds.items() if r["complete"]],
        "in_play": in_play,
        "awaiting_ruling": awaiting,
    }
