"""The director's desk (issue 33, item 3): every game of a tournament with whose move it is, since when,
deadlines passed, paused games and disputes, each player's response time, and the way to each game's
umpire tools. ``desk(session, tid, at)`` reads it (and writes nothing); the API, the page and the CLI show it.

Each game says its round and board, its seats (side and player), its status (``active``, ``paused``,
``finished`` or ``abandoned``) and the director's ruling if there is one; while it goes on, the players it
awaits (``engine.active_roles``), since when (the time its current position was reached: its last
action, or a rollback to it; ``response_times.reached``) and the wait so far (pauses left out); where it
has a move deadline, each awaited seat's deadline (the ``Deadline`` row, or the time
``service.deadlines.due`` would give it: not stored here) and whether it has passed at *at*.

**Disputes**, each ``{"kind", "open", "text", ...}``. Open ones need the director:

- ``ruling-awaited``: the game was abandoned and the director has not ruled how it counts
  (``TournamentGame.ruling``);
- ``deadline-passed``: a seat of a game going on did not decide by its deadline (a paused game's
  deadlines wait);
- ``paused``: the game is paused, with who paused it, when and why (its last ``paused`` event).

Settled ones are the umpire's corrections of the game, kept for the record: ``rolled-back`` (moves
undone), ``corrected`` (the position corrected) and ``seed-revealed`` (the umpire revealed the seed while
the game went on, for a dispute).

**Order**: what needs the director first: a ruling awaited, then a deadline passed, then a paused game,
then the games going on (the longest waiting first), then the games over (finished, or ruled); ties in
round and board order.

**Response times**: per player (``response_times``), every tournament player in entry order.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine

from .. import deadlines
from ..mail_models import Deadline, MailGame
from ..models import Game, GameEvent, Move, now
from . import response_times as rt
from .access import get_tournament
from .models import TournamentGame, TournamentPlayer, TournamentRound

RULING_AWAITED, DEADLINE_PASSED, PAUSED = "ruling-awaited", "deadline-passed", "paused"
ROLLED_BACK, CORRECTED, SEED_REVEALED = "rolled-back", "corrected", "seed-revealed"
#: The open disputes in the order the director sees them; a game with none is going on (3) or over (4).
PRIORITY = {RULING_AWAITED: 0, DEADLINE_PASSED: 1, PAUSED: 2}
GOING_ON, OVER = 3, 4
#: The game events the desk reads: the clock's (pauses, rollbacks, moves the umpire entered) and disputes'.
EVENT_KINDS = (rt.PAUSED, rt.RESUMED, rt.ROLLED_BACK, rt.MOVE_ENTERED, CORRECTED, SEED_REVEALED)


def links(tid: str, gid: str) -> dict[str, str]:
    """A game's umpire tools: its page, its API (view, log, export, the umpire's acts) and the desk's acts."""
    api = f"/api/games/{gid}"
    desk_api = f"/api/tournaments/{tid}/games/{gid}"
    return {"page": f"/games/{gid}", "api": api, "log": f"{api}/log", "export": f"{api}/export",
            "report": f"{api}/report.pdf", "rollback": f"{api}/rollback", "correct": f"{api}/correct",
            "abandon": f"{api}/abandon", "pause": f"{desk_api}/pause", "resume": f"{desk_api}/resume",
            "extend_deadline": f"{desk_api}/extend-deadline"}


def _when(t: datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M UTC")


def _settled(ev: GameEvent) -> dict | None:
    """A settled dispute from one of the game's events, or None for an event that is not one."""
    d = ev.data or {}
    why = f" ({d['reason']})" if d.get("reason") else ""
    if ev.kind == ROLLED_BACK:
        text = (f"the umpire rolled the game back from position {d.get('from_seq')} to {d.get('to')}, undoing "
                f"{len(d.get('undone', []))} action(s){why}")
    elif ev.kind == CORRECTED:
        text = f"the umpire corrected the position after {ev.at_seq}: {d.get('text') or d.get('action')}"
    elif ev.kind == SEED_REVEALED and ev.by == "umpire":
        text = f"the umpire revealed the seed at position {ev.at_seq} while the game went on"
    else:
        return None
    return {"kind": ev.kind, "open": False, "text": text, "seq": ev.at_seq, "at": rt.iso(ev.created_at),
            "event": ev.id}


def _due(rows: dict, mg: MailGame | None, game: Game, role: str, moved_at: datetime | None) -> datetime | None:
    """The deadline of *role*'s decision now: its stored row, else the time ``deadlines.due`` would store
    (the current position's time, or the settings' if later, plus the hours); None without a deadline."""
    if mg is None or not mg.deadline_hours:
        return None
    row = rows.get((game.id, role))
    if row is not None:
        return row.due_at
    return deadlines.first_due(moved_at or game.updated_at, mg)


class _Reader:
    """The rows of a tournament's games the desk needs, read in a few queries for all its games."""

    def __init__(self, session: Session, gids: list[str]):
        self.moves: dict[str, list[rt.LoggedMove]] = {g: [] for g in gids}
        for gid, seq, role, sub, at in session.execute(
                select(Move.game_id, Move.seq, Move.role, Move.submission_id, Move.created_at)
                .where(Move.game_id.in_(gids)).order_by(Move.game_id, Move.seq)):
            self.moves[gid].append(rt.LoggedMove(seq, role, sub, at))
        self.events: dict[str, list[GameEvent]] = {g: [] for g in gids}
        for ev in session.execute(select(GameEvent).where(GameEvent.game_id.in_(gids),
                                                          GameEvent.kind.in_(EVENT_KINDS))
                                  .order_by(GameEvent.id)).scalars():
            self.events[ev.game_id].append(ev)
        self.mail = {m.game_id: m for m in session.execute(
            select(MailGame).where(MailGame.game_id.in_(gids))).scalars()}
        self.deadlines = {(d.game_id, d.role): d for d in session.execute(  # the current positions' only
            select(Deadline).join(Game, (Game.id == Deadline.game_id) & (Game.seq == Deadline.seq))
            .where(Deadline.game_id.in_(gids))).scalars()}

    def clock(self, game: Game, seats: dict[str, str]) -> rt.GameClock:
        evs = self.events[game.id]
        return rt.GameClock(
            game.id, game.created_at, self.moves[game.id], seats,
            rollbacks=[(e.data.get("to"), e.created_at) for e in evs if e.kind == rt.ROLLED_BACK],
            pauses=rt.pauses((e.kind, e.created_at) for e in evs),
            entered=frozenset(e.data.get("submission") for e in evs if e.kind == rt.MOVE_ENTERED))


def _seat(defn, role: str, seats: dict[str, str]) -> dict:
    return {"role": role, "side": defn.role_name(role), "player": seats.get(role, "")}


def _game(r: _Reader, tid: str, number: int, tg: TournamentGame, game: Game, at: datetime,
          made: list[rt.Decision], waiting: list[rt.Awaited]) -> tuple[tuple, dict]:
    """One game of the desk, and its sort key; adds its decisions to *made* and its awaited players to
    *waiting*."""
    defn = engine.definition(game.game)
    seats = dict(tg.seats)
    clock = r.clock(game, seats)
    made.extend(rt.decisions(clock))
    over = game.status in ("finished", "abandoned") or game.result is not None or tg.ruling is not None
    roles = [] if over else list(engine.active_roles(game.state))
    evs = r.events[game.id]
    disputes = []
    item = {"round": number, "board": tg.board, "game": game.id, "title": game.title, "seq": game.seq,
            "status": game.status, "over": over, "ruled": tg.ruling is not None, "ruling": tg.ruling,
            "outcome": (game.result or engine.outcome(game.state)) if over else None,
            "seats": [_seat(defn, role, seats) for role in defn.roles],
            "awaiting": [_seat(defn, role, seats) for role in roles],
            "since": None, "waiting_seconds": None, "deadlines": [], "paused": None}
    if game.status == "abandoned" and tg.ruling is None:
        why = (game.result or {}).get("reason") or "abandoned by the umpire"
        disputes.append({"kind": RULING_AWAITED, "open": True, "text": f"{why}: the director's ruling on how it "
                         "counts is awaited", "seq": game.seq, "at": rt.iso(game.updated_at)})
    if not over:
        paused = game.status == "paused"
        awaited = rt.awaited(clock, game.seq, roles, at, paused)
        waiting.extend(awaited)
        since = rt.reached(clock, game.seq, at)
        item["since"] = rt.iso(since)
        item["waiting_seconds"] = rt.wait_seconds(clock, since, at) if roles else None
        moved_at = next((m.at for m in r.moves[game.id] if m.seq == game.seq), None)
        mg = r.mail.get(game.id)
        for s in item["awaiting"]:
            due = _due(r.deadlines, mg, game, s["role"], moved_at)
            if due is None:
                continue
            passed = at >= due
            item["deadlines"].append({"role": s["role"], "player": s["player"], "due": rt.iso(due), "passed": passed})
            if passed and not paused:
                disputes.append({"kind": DEADLINE_PASSED, "open": True, "role": s["role"], "player": s["player"],
                                 "text": f"{s['side']} ({s['player']}) did not decide position {game.seq} by "
                                         f"{_when(due)}", "seq": game.seq, "at": rt.iso(due)})
        if paused:
            last = next((e for e in reversed(evs) if e.kind == rt.PAUSED), None)
            item["paused"] = {"since": rt.iso(last.created_at) if last else None, "by": last.by if last else None,
                              "reason": (last.data or {}).get("reason", "") if last else ""}
            reason = item["paused"]["reason"]
            disputes.append({"kind": PAUSED, "open": True, "seq": game.seq, "at": item["paused"]["since"],
                             "text": f"paused by the {item['paused']['by'] or 'umpire'}"
                                     + (f" since {_when(last.created_at)}" if last else "")
                                     + (f": {reason}" if reason else "")})
    disputes.extend(d for d in map(_settled, evs) if d is not None)
    item["disputes"] = disputes
    priority = min((PRIORITY[d["kind"]] for d in disputes if d["open"]), default=OVER if over else GOING_ON)
    item["needs_director"] = priority < GOING_ON
    item["links"] = links(tid, game.id)
    waited = -(item["waiting_seconds"] or 0.0) if priority == GOING_ON else 0.0
    return (priority, waited, number, tg.board), item


def desk(session: Session, tid: str, at: datetime | None = None) -> dict:
    """The director's desk of tournament *tid* at time *at* (naive UTC; default now): see the module's
    docstring. Reads only.

    :raises NotFound: no such tournament.
    """
    t = get_tournament(session, tid)
    at = at or now()
    rows = session.execute(
        select(TournamentGame, Game, TournamentRound.number)
        .join(Game, Game.id == TournamentGame.game_id)
        .join(TournamentRound, TournamentRound.id == TournamentGame.round_id)
        .where(TournamentGame.tournament_id == tid)).all()
    reader = _Reader(session, [g.id for _, g, _ in rows])
    made: list[rt.Decision] = []
    waiting: list[rt.Awaited] = []
    games = sorted((_game(reader, tid, number, tg, g, at, made, waiting) for tg, g, number in rows),
                   key=lambda kv: kv[0])
    players = session.execute(select(TournamentPlayer.name).where(TournamentPlayer.tournament_id == tid)
                              .order_by(TournamentPlayer.id)).scalars().all()
    items = [item for _, item in games]
    opened = [d for g in items for d in g["disputes"] if d["open"]]
    return {
        "tournament": {"id": t.id, "name": t.name, "game": t.game, "status": t.status},
        "at": rt.iso(at),
        "counts": {"games": len(items), "needs_director": sum(g["needs_director"] for g in items),
                   "going_on": sum(not g["over"] for g in items),
                   **{k.replace("-", "_"): sum(d["kind"] == k for d in opened) for k in PRIORITY}},
        "games": items,
        "players": [p.to_dict() for p in rt.per_player(players, made, waiting)],
    }
