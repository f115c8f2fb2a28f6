"""A tournament's rounds and the director's rulings (issue 33, items 2 and 6).

``pair_round`` pairs the next round (Swiss from the scores so far, the round-robin's next round, or the
director's tables checked), then, in the caller's one transaction, makes each table's game (the director's
token its umpire; the tournament's options, the round's scenario), sets its mail settings (the deadline
per decision, the director's address) so its clocks start, counts each player's confirmed address as
confirmed for their game, and writes each player one letter: their seat (side, opponents, token, the
game's address and page, the deadline) or their bye (``mailing``). A failure anywhere leaves nothing made.

``rule_game``: the director's ruling on an abandoned or forfeited game (each player's win, draw, loss or
void, and the reason), ending the game first if it is still going on; in the game's log and the
tournament's. ``close``: the tournament ends, once no game is in play or awaits a ruling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from service import addresses, control, deadlines, mail_settings
from service import games as G
from service.errors import NotFound, ServiceError
from service.mail_models import MailConfirmation
from service.models import Game
from service.textboard import role_name

from . import mailing
from .access import get_tournament
from .entry import PAIRINGS, Conflict, Refused, players_of, record
from .models import Tournament, TournamentGame, TournamentPlayer, TournamentRound
from .pairing import (
    ManualPairingError,
    NoPairing,
    PairingError,
    Round,
    SearchTooLong,
    check_manual,
    round_robin,
    swiss,
)
from .results import results, rounds_of, scoring_of
from .standings import ABANDONED, DRAW, FORFEITED, LOSS, VOID, WIN, points

RULED = (ABANDONED, FORFEITED)
OUTCOMES = (WIN, DRAW, LOSS, VOID)


def _open(t: Tournament) -> None:
    if t.status == "finished":
        raise Conflict(f"tournament {t.id} is closed: no round can be paired", code="tournament-closed")


def games_of_round(session: Session, round_id: int) -> list[tuple[TournamentGame, Game]]:
    return list(session.execute(select(TournamentGame, Game).join(Game, Game.id == TournamentGame.game_id)
                                .where(TournamentGame.round_id == round_id).order_by(TournamentGame.board)).all())


def unsettled(session: Session, tid: str, round_ids: Sequence[int] | None = None) -> list[str]:
    """The games (of the rounds *round_ids*, else of every round) that count for nothing yet: in play, or
    abandoned and awaiting the director's ruling; each named with its board and round."""
    q = (select(TournamentGame, Game, TournamentRound.number).join(Game, Game.id == TournamentGame.game_id)
         .join(TournamentRound, TournamentRound.id == TournamentGame.round_id)
         .where(TournamentGame.tournament_id == tid).order_by(TournamentRound.number, TournamentGame.board))
    if round_ids is not None:
        q = q.where(TournamentGame.round_id.in_(round_ids))
    out = []
    for tg, g, n in session.execute(q).all():
        if g.status == "finished" or tg.ruling:
            continue
        where = f"{g.id} (round {n}, board {tg.board})"
        out.append(f"{where} is {'abandoned and awaits your ruling' if g.status == 'abandoned' else f'in play ({g.status})'}")
    return out


# -- the pairing ----------------------------------------------------------------------------------------------


def _manual(manual: Any, players: list[TournamentPlayer], sides: tuple[str, ...], history: Sequence[Round],
            number: int) -> Round:
    """The director's tables checked (``pairing.check_manual``), with a withdrawn player refused too."""
    if not isinstance(manual, dict) or not set(manual) <= {"tables", "byes", "allow_repeat"} \
            or not isinstance(manual.get("tables"), list):
        raise ServiceError("a manual pairing is {\"tables\": [{side: player}, ...], \"byes\": [player, ...], "
                           "\"allow_repeat\": false}: each table names a player for each side "
                           f"({', '.join(sides)})", code="pairing-refused")
    tables, byes = manual["tables"], manual.get("byes") or []
    shapes = [f"table {j} is not an object side -> player name" for j, t in enumerate(tables, start=1)
              if not isinstance(t, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in t.items())]
    if not isinstance(byes, list) or not all(isinstance(b, str) for b in byes):
        shapes.append("the byes are a list of player names")
    if shapes:
        raise Refused("the pairing is refused", shapes, code="pairing-refused")
    gone = {p.name for p in players if p.withdrawn_at is not None}
    problems = [f"{name} withdrew from the tournament" for name in
                dict.fromkeys([v for t in tables for v in t.values()] + list(byes)) if name in gone]
    try:
        rnd = check_manual([p.name for p in players], sides, tables, byes=byes, history=history, number=number,
                           allow_repeat=bool(manual.get("allow_repeat")))
    except ManualPairingError as e:
        problems += list(e.problems)
    except PairingError as e:
        problems.append(str(e))
    if problems:
        raise Refused("the pairing is refused", problems, code="pairing-refused")
    return rnd


def _round_robin(t: Tournament, players: list[TournamentPlayer], sides: tuple[str, ...], number: int) -> Round:
    """The round-robin's round *number*, from the schedule of every player entered (it does not change when
    a player withdraws: their tables become byes for their opponents). Double when more rounds are planned
    than a single round-robin has."""
    names = [p.name for p in players]
    single = round_robin(names, sides)
    schedule = round_robin(names, sides, double=True) if t.rounds_planned > len(single) else single
    if number > len(schedule):
        raise Conflict(f"the round-robin of tournament {t.id} is complete: its {len(schedule)} rounds are paired "
                       f"(close the tournament, or pair a further round by hand: method manual)", code="no-round")
    gone = {p.name for p in players if p.withdrawn_at is not None}
    rnd = schedule[number - 1]
    tables = tuple(tb for tb in rnd.tables if not gone & set(tb.players))
    byes = [p for p in rnd.byes if p not in gone] + [p for tb in rnd.tables if gone & set(tb.players)
                                                     for p in tb.players if p not in gone]
    return Round(number, tables, tuple(byes))


def _pairing(t: Tournament, session: Session, method: str, manual: Any, players: list[TournamentPlayer],
             sides: tuple[str, ...], number: int) -> Round:
    res = results(session, t.id)
    if method == "manual":
        return _manual(manual, players, sides, res.rounds, number)
    if manual is not None:
        raise ServiceError(f"tables are given only with method manual, not {method}", code="pairing-refused")
    if method == "round-robin":
        return _round_robin(t, players, sides, number)
    scores = points(res.players, res.games, res.byes, res.scoring)
    active = [p.name for p in players if p.withdrawn_at is None]
    try:
        return swiss(active, sides, scores, res.rounds, number=number)
    except NoPairing as e:
        raise ServiceError(f"{e}; pair this round by hand (method manual, allow_repeat to let players meet again)",
                           code="no-pairing") from None
    except SearchTooLong as e:
        raise ServiceError(str(e).replace("(check_manual)", "(method manual)"), code="search-too-long") from None
    except PairingError as e:
        raise ServiceError(f"round {number} cannot be paired: {e}", code="pairing-refused") from None


# -- making the games -----------------------------------------------------------------------------------------


def _director_confirmed(session: Session, tid: str, address: str) -> bool:
    """Whether the director's *address* was confirmed for a game of the tournament already (its owner
    answered one confirmation: the tournament's later games need none)."""
    return bool(address) and session.execute(
        select(MailConfirmation.id).join(TournamentGame, TournamentGame.game_id == MailConfirmation.game_id)
        .where(TournamentGame.tournament_id == tid, MailConfirmation.address == address,
               MailConfirmation.confirmed_at.is_not(None)).limit(1)).first() is not None


def _page(site: str, gid: str) -> str:
    return f"{site.rstrip('/')}/games/{gid}" if site else f"/games/{gid} on this Umpire's site"


def _make_game(session: Session, t: Tournament, rnd: TournamentRound, board: int, seats: Mapping[str, str],
               who: Mapping[str, TournamentPlayer], post: mailing.Post, site: str, director_ok: bool) -> TournamentGame:
    """Table *board*'s game: made, its mail settings set, its players' addresses confirmed, its letters written."""
    game, tokens = G.create_game(
        session, t.game, rnd.scenario, dict(t.options),
        [{"role": role, "player": p, "email": who[p].email} for role, p in seats.items()],
        f"{t.name}, round {rnd.number}, board {board}", umpire_token_hash=t.director_token_hash)
    mail_settings.apply(session, game, hours=t.deadline_hours or 0, umpire_email=t.director_email)
    for p in seats.values():
        if who[p].email and who[p].confirmed_at is not None:
            addresses.confirm(session, game.id, who[p].email)
    if director_ok:
        addresses.confirm(session, game.id, t.director_email)
    tg = TournamentGame(tournament_id=t.id, round_id=rnd.id, board=board, game_id=game.id, seats=dict(seats))
    session.add(tg)
    session.flush()
    first = {}
    for role in engine.active_roles(game.state):  # the first decisions' clocks start now
        d = deadlines.due(session, game, role)
        first[role] = d.due_at if d else None
    for role, p in seats.items():
        post.write(session, mailing.seat_letter(
            tid=t.id, name=t.name, game=t.game, number=rnd.number, board=board, gid=game.id, role=role, player=p,
            email=who[p].email, opponents={r: q for r, q in seats.items() if r != role}, token=tokens[role],
            address=post.address(game.id), page=_page(site, game.id), deadline_hours=t.deadline_hours,
            first=first, rulings=t.rulings))
    return tg


def pair_round(session: Session, tid: str, *, by: str, method: str | None = None, scenario: str | None = None,
               manual: Any = None, site: str = "", post: mailing.Post | None = None) -> TournamentRound:
    """Pairs the next round and makes its games (see the module's docstring). *method*: swiss, round-robin
    (a round-robin tournament's own) or manual (with *manual*: ``{"tables": [{side: player}], "byes": [...],
    "allow_repeat": bool}``); by default the tournament's. *scenario*: one of the tournament's (default its
    first). *site*: the root URL of the game pages named in the letters. *post*: where the letters go (by
    default the session's, ``mailing.post_of``). Issue 33, item 2.

    :raises Conflict: the tournament is closed, the previous round still has a game that counts for
        nothing (named), an active player is unconfirmed (named), the rounds planned are paired.
    :raises ServiceError: a method or scenario not allowed, a pairing refused (every fault) or not found.
    """
    post = post or mailing.post_of(session)
    t = get_tournament(session, tid, lock=True)
    _open(t)
    method = method or t.pairing
    if method not in PAIRINGS:
        raise ServiceError(f"{str(method)[:40]!r} is not a pairing method: {', '.join(PAIRINGS)}", code="invalid")
    if method == "round-robin" and t.pairing != "round-robin":
        raise ServiceError(f"tournament {tid} is paired {t.pairing}, not round-robin (whose schedule is fixed when "
                           f"round 1 is paired): pair this round swiss or manual", code="invalid")
    if method == "manual" and manual is None:
        raise ServiceError("method manual needs the tables: {\"tables\": [{side: player}, ...], \"byes\": [...]}",
                           code="pairing-refused")
    scenario = scenario or t.scenarios[0]
    if scenario not in t.scenarios:
        raise ServiceError(f"{str(scenario)[:40]!r} is not a scenario of tournament {tid}: {', '.join(t.scenarios)}",
                           code="invalid")
    done = rounds_of(session, tid)
    number = done[-1].number + 1 if done else 1
    if t.rounds_planned and number > t.rounds_planned:
        raise Conflict(f"tournament {tid} planned {t.rounds_planned} round(s), and they are paired: close it",
                       code="no-round")
    if done:
        waiting = unsettled(session, tid, [done[-1].id])
        if waiting:
            raise Conflict(f"round {done[-1].number} is not over: " + "; ".join(waiting), code="round-not-over")
    players = players_of(session, tid)
    unconfirmed = [p.name for p in players if p.withdrawn_at is None and p.confirmed_at is None]
    if unconfirmed:
        raise Conflict(f"not every player has confirmed their address: {', '.join(unconfirmed)} (withdraw them, "
                       f"or wait for their confirmation; on the server, 'umpire tournament confirm NAME' marks one)",
                       code="unconfirmed-players")
    sides = tuple(engine.definition(t.game).roles)
    paired = _pairing(t, session, method, manual, players, sides, number)
    if not paired.tables:
        raise ServiceError(f"round {number} has no table: pair at least {len(sides)} players", code="pairing-refused")
    tables = [{"board": b, "seats": tb.as_dict()} for b, tb in enumerate(paired.tables, start=1)]
    rnd = TournamentRound(tournament_id=tid, number=number, method=method, scenario=scenario,
                          pairing={"tables": tables, "byes": list(paired.byes)})
    session.add(rnd)
    session.flush()
    who = {p.name: p for p in players}
    director_ok = _director_confirmed(session, tid, t.director_email)
    made = [{**tb, "game_id": _make_game(session, t, rnd, tb["board"], tb["seats"], who, post, site,
                                         director_ok).game_id} for tb in tables]
    bye = scoring_of(t).bye
    for name in paired.byes:
        if who[name].email:
            post.write(session, mailing.bye_letter(tid=tid, name=t.name, number=number, player=name,
                                                   email=who[name].email, bye_points=bye, player_id=who[name].id))
    t.status = "running"
    text = (f"paired round {number} ({method}, {scenario}): "
            + "; ".join(f"board {tb['board']} {tb['game_id']}: "
                        + " v ".join(f"{p} ({role_name(r, t.game)})" for r, p in tb["seats"].items()) for tb in made)
            + (f"; bye: {', '.join(paired.byes)}" if paired.byes else ""))
    record(session, t, "round-paired", by, text, number=number, method=method, scenario=scenario,
           tables=made, byes=list(paired.byes))
    return rnd


# -- rulings and the end ----------------------------------------------------------------------------------------


def _check_outcome(outcome: Any, players: Sequence[str]) -> list[str]:
    if not isinstance(outcome, dict):
        return [f"the outcome is an object: each player of the game ({', '.join(players)}) -> "
                f"{', '.join(OUTCOMES)}"]
    problems = [f"{str(p)[:100]!r} is not a player of this game; its players are {', '.join(players)}"
                for p in outcome if p not in players]
    problems += [f"no outcome for {p}: every player of the game is named once" for p in players if p not in outcome]
    problems += [f"{p}'s outcome {str(o)[:20]!r} is not one of {', '.join(OUTCOMES)}" for p, o in outcome.items()
                 if p in players and o not in OUTCOMES]
    return problems


def rule_game(session: Session, tid: str, gid: str, *, status: str, outcome: Mapping[str, str], reason: str,
              by: str) -> TournamentGame:
    """The director's ruling on game *gid* (issue 33, item 6): *status* abandoned or forfeited (a deadline
    passed), each player's win, draw, loss or void (the game does not count for them), and the reason (shown
    on the standings). A game still going on is ended first (``control.abandon``: its seed is revealed, its
    log says so); a finished game's result stands. Ruling again replaces the ruling; both are logged.

    :raises NotFound: no such game in the tournament. :raises Refused: a bad status, outcome or reason.
    :raises Conflict: the game finished, or the tournament is closed.
    """
    t = get_tournament(session, tid, lock=True)
    if t.status == "finished":
        raise Conflict(f"tournament {tid} is closed: its results stand", code="tournament-closed")
    tg = session.execute(select(TournamentGame).where(TournamentGame.tournament_id == tid,
                                                      TournamentGame.game_id == gid)).scalar_one_or_none()
    if tg is None:
        raise NotFound(f"{str(gid)[:20]!r} is not a game of tournament {tid}", code="not-in-tournament")
    players = list(tg.seats.values())
    problems = [] if status in RULED else [f"the status is {' or '.join(RULED)}, not {str(status)[:20]!r}"]
    problems += _check_outcome(outcome, players)
    why = reason.strip() if isinstance(reason, str) else ""
    if not why:
        problems.append("a ruling needs its reason (shown on the standings)")
    elif len(why) > control.MAX_REASON:
        problems.append(f"the reason may be at most {control.MAX_REASON} characters")
    if problems:
        raise Refused("the ruling is refused", problems)
    game = G.get_game(session, gid, lock=True)
    if game.status == "finished":
        raise Conflict(f"game {gid} finished ({(game.result or {}).get('reason', 'by its rules')}): its result "
                       f"stands and cannot be ruled", code="game-over")
    if game.status in ("active", "paused"):
        control.abandon(session, game, f"tournament {tid}: {status} ({why})"[:control.MAX_REASON])
    ruled = {p: outcome[p] for p in players}
    tg.ruling = {"status": status, "outcome": ruled, "reason": why}
    control.record(session, game, "tournament-ruling", "director", tournament=tid, status=status, outcome=ruled,
                   reason=why)
    record(session, t, "game-ruled", by, f"ruled {gid} {status}: "
           + ", ".join(f"{p} {o}" for p, o in ruled.items()) + f" ({why})", game_id=gid, status=status,
           outcome=ruled, reason=why)
    return tg


def close(session: Session, tid: str, by: str) -> Tournament:
    """Ends the tournament (no more entries, rounds or rulings) once every game counts: none in play, none
    awaiting a ruling.

    :raises Conflict: closed already, or games that count for nothing yet (named).
    """
    t = get_tournament(session, tid, lock=True)
    if t.status == "finished":
        raise Conflict(f"tournament {tid} is closed already", code="tournament-closed")
    waiting = unsettled(session, tid)
    if waiting:
        raise Conflict(f"tournament {tid} has games that count for nothing yet: " + "; ".join(waiting)
                       + " (rule on them, or wait for their end)", code="games-in-play")
    t.status = "finished"
    record(session, t, "closed", by, f"closed the tournament after {len(rounds_of(session, tid))} round(s)")
    return t
