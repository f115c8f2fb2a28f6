"""A tournament for the desk's tests (issue 33, item 3), built row by row: the tournament, its players and
rounds with the models, each game with ``service.games.create_game`` (the director's token its umpire's),
moves stored and adjudicated as any move is, then every time set by hand (``Move.created_at``, the games'
and events' times) so the desk can be worked out on paper. Nothing here sleeps or reads the clock for an
expectation; the desk is read at ``AT``.

The tournament "Desk Cup", Palestine, eight players (Ann ... Hal, in entry order); ``h(x)`` is ``T0`` plus x
hours. Round 1 (all made at T0):

- board 1, G1: Ann (Irgun) v Bob (British), 24 hours a decision. Ann 3 orders at h(2) (positions 1-3), Ann
  3 orders at h(3) (4-6); paused h(4), resumed h(6); Bob 2 orders at h(9) (7-8). Bob is awaited since
  h(9), due h(33) (made at position 8 + 24 h; no stored row).
- board 2, G2: Cat (Irgun) v Dan (British), 24 hours. Cat 3 orders at h(4) (1-3); paused at h(5) "dispute
  over Galilee" (still paused). Cat is awaited at position 3; a stored deadline row says h(30).
- board 3, G3: Eve (Irgun) v Fay (British), abandoned by the umpire at h(1) "no show", not ruled.
- board 4, G4: Gus (Irgun) v Hal (British). Gus 3 orders at h(1) (1-3), rolled back to 0 at h(2)
  "wrong card", Gus the same orders again at h(5) (1-3); Hal resigned at h(6): Irgun won.

Round 2: board 1, G5: Ann (Irgun) v Dan (British), made at h(20), no move; board 2, G6: Bob (Irgun) v Eve
(British), made at h(30), no move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import select, update

from service import adjudication, control, rollback
from service import games as G
from service.mail_models import Deadline, MailGame
from service.models import Game, GameEvent, Move, Submission
from service.tokens import hash_token
from service.tournaments.access import new_tournament_id
from service.tournaments.models import Tournament, TournamentGame, TournamentPlayer, TournamentRound

T0 = datetime(2025, 3, 1, 8, 0, 0)
AT = T0 + timedelta(hours=40)
DIRECTOR = "director-token-of-the-desk-cup-0123"
PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
FIRST = "box opsa\nop sabotage\nspace galilee\n"  # three Irgun orders, no chance
SECOND = "roll\ndone\ndone\n"  # the Irgun's next three: British to act after them
BRITISH = "box limited\npass\n"


def h(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


@dataclass
class Cup:
    """The built tournament: its id, its games by name (``g1`` ... ``g6``), every seat's token by game."""

    tid: str
    games: dict[str, str] = field(default_factory=dict)
    tokens: dict[str, dict[str, str]] = field(default_factory=dict)


def add_tournament(sessions, name: str = "Desk Cup", players=PLAYERS, token: str = DIRECTOR) -> str:
    with sessions() as s, s.begin():
        tid = new_tournament_id(s)
        s.add(Tournament(id=tid, name=name, game="palestine", scenarios=["standard"], pairing="swiss",
                         rounds_planned=2, deadline_hours=24, director_token_hash=hash_token(token),
                         status="running", created_at=T0, updated_at=T0))
        for p in players:
            s.add(TournamentPlayer(tournament_id=tid, name=p, email=f"{p.lower()}@example.org", confirmed_at=T0))
            s.flush()  # entry order is the id order
    return tid


def add_round(sessions, tid: str, number: int, tables: list[dict], at: datetime) -> int:
    with sessions() as s, s.begin():
        r = TournamentRound(tournament_id=tid, number=number, method="manual", scenario="standard",
                            pairing={"tables": tables, "byes": []}, started_at=at)
        s.add(r)
        s.flush()
        return r.id


def add_game(sessions, tid: str, round_id: int, board: int, seats: dict[str, str], made: datetime,
             hours: float | None = None, token: str = DIRECTOR) -> tuple[str, dict]:
    """A Palestine game of the tournament made at *made* (its setup's time too), with *hours* a decision."""
    with sessions() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", seats=[{"role": r, "player": p} for r, p in seats.items()],
                                     umpire_token_hash=hash_token(token))
        game.created_at = game.updated_at = made
        s.execute(update(Move).where(Move.game_id == game.id, Move.seq == 0).values(created_at=made))
        s.add(TournamentGame(tournament_id=tid, round_id=round_id, board=board, game_id=game.id, seats=seats))
        if hours:
            s.add(MailGame(game_id=game.id, deadline_hours=hours, updated_at=made))
        return game.id, tokens


def move(sessions, gid: str, token: str, text: str, at: datetime) -> str:
    """A seat's move, stored and adjudicated, then dated *at* (its submission, its moves, the game)."""
    out, _new = adjudication.store(sessions, gid, text, "text/plain", token=token)
    adjudication.adjudicate(sessions, out["id"])
    with sessions() as s, s.begin():
        sub = s.get(Submission, out["id"])
        assert sub.status == "accepted", sub.verdict
        sub.created_at = sub.updated_at = at
        s.execute(update(Move).where(Move.submission_id == sub.id).values(created_at=at))
        s.get(Game, gid).updated_at = at
    return out["id"]


def umpire(sessions, gid: str, act, at: datetime, kind: str) -> None:
    """An umpire's act on the game (``act(session, game)``), its event *kind* then dated *at*."""
    with sessions() as s, s.begin():
        game = G.get_game(s, gid, lock=True)
        act(s, game)
        ev = s.execute(select(GameEvent).where(GameEvent.game_id == gid, GameEvent.kind == kind)
                       .order_by(GameEvent.id.desc()).limit(1)).scalar_one()
        ev.created_at = at
        game.updated_at = at


def build(sessions) -> Cup:
    """The Desk Cup (see the module's docstring)."""
    tid = add_tournament(sessions)
    cup = Cup(tid)
    r1 = add_round(sessions, tid, 1, [
        {"board": 1, "seats": {"irgun": "Ann", "british": "Bob"}}, {"board": 2, "seats": {"irgun": "Cat", "british": "Dan"}},
        {"board": 3, "seats": {"irgun": "Eve", "british": "Fay"}}, {"board": 4, "seats": {"irgun": "Gus", "british": "Hal"}}], T0)
    for board, (a, b, hours) in enumerate((("Ann", "Bob", 24), ("Cat", "Dan", 24), ("Eve", "Fay", None),
                                           ("Gus", "Hal", None)), 1):
        gid, tokens = add_game(sessions, tid, r1, board, {"irgun": a, "british": b}, T0, hours)
        cup.games[f"g{board}"], cup.tokens[f"g{board}"] = gid, tokens
    g1, g2, g3, g4 = (cup.games[f"g{i}"] for i in range(1, 5))
    t1, t2, t4 = cup.tokens["g1"], cup.tokens["g2"], cup.tokens["g4"]

    move(sessions, g1, t1["irgun"], FIRST, h(2))
    move(sessions, g1, t1["irgun"], SECOND, h(3))
    umpire(sessions, g1, lambda s, g: control.pause(s, g, "a question of rules"), h(4), "paused")
    umpire(sessions, g1, lambda s, g: control.resume(s, g, "answered"), h(6), "resumed")
    move(sessions, g1, t1["british"], BRITISH, h(9))

    move(sessions, g2, t2["irgun"], FIRST, h(4))
    umpire(sessions, g2, lambda s, g: control.pause(s, g, "dispute over Galilee"), h(5), "paused")
    with sessions() as s, s.begin():
        s.add(Deadline(game_id=g2, seq=3, role="irgun", due_at=h(30)))

    umpire(sessions, g3, lambda s, g: control.abandon(s, g, "no show"), h(1), "abandoned")

    move(sessions, g4, t4["irgun"], FIRST, h(1))
    umpire(sessions, g4, lambda s, g: rollback.rollback(s, g, 0, "wrong card"), h(2), "rolled-back")
    move(sessions, g4, t4["irgun"], FIRST, h(5))
    umpire(sessions, g4, lambda s, g: control.resign(s, g, "british", "umpire", "conceded"), h(6), "resigned")

    r2 = add_round(sessions, tid, 2, [{"board": 1, "seats": {"irgun": "Ann", "british": "Dan"}},
                                      {"board": 2, "seats": {"irgun": "Bob", "british": "Eve"}}], h(20))
    for board, (a, b, made) in enumerate((("Ann", "Dan", h(20)), ("Bob", "Eve", h(30))), 1):
        gid, tokens = add_game(sessions, tid, r2, board, {"irgun": a, "british": b}, made)
        cup.games[f"g{4 + board}"], cup.tokens[f"g{4 + board}"] = gid, tokens
    return cup
