"""A tournament's making and its players (issue 33, items 1 and 2): creating it, entering and withdrawing
players, and confirming their addresses.

- ``create_tournament`` checks everything before it makes anything, one message per fault (``Refused``
  with ``problems``): the game, its scenarios and options (checked as a game's creation checks them: the
  engine sets a game up with them), the director's rulings, the pairing, the points, the deadline, the
  director's address and every player. It returns the tournament and the director's token, shown once
  (kept hashed: ``access``).
- ``add_player`` / ``withdraw_player``: a late entry (not once a round-robin has begun: its schedule is
  made of the players entered; a late Swiss entry starts on 0 points), a withdrawal (paired no more; the
  results stand).
- A player's address is confirmed as a game's are (``mail.confirm``): one confirmation mail with a code,
  written by the mail sweep (``to_confirm``, ``sent``), answered with that code (``confirm_by_code``); or by
  the operator on the server (``mark_player_confirmed``), for clubs without mail. A player without an
  address is mailed nothing and confirmed only so. The director pairs only confirmed players.

Every act is a ``TournamentEvent`` (``record``), with no address or token in it.
"""

from __future__ import annotations

import math
import re
import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

import engine
from engine.core import dice
from engine.core.errors import EngineError
from service.addresses import normal
from service.control import Conflict, clean_reason
from service.errors import NotFound, ServiceError
from service.mail_settings import ADDRESS, MAX_ADDRESS, MAX_HOURS
from service.models import now
from service.tokens import hash_token, new_token

from .access import get_tournament, new_tournament_id
from .models import Tournament, TournamentEvent, TournamentPlayer, TournamentRound
from .standings import Scoring

PAIRINGS = ("swiss", "round-robin", "manual")
#: Limits: a tournament's name leaves room in its games' titles ("<name>, round N, board B": 200 characters).
MAX_TOURNAMENT_NAME, MAX_PLAYER_NAME, MAX_PLAYERS, MAX_ROUNDS = 150, 100, 1000, 200
MAX_RULINGS, MAX_RULING_ID, MAX_RULING_TEXT = 50, 32, 2000
#: What a name may not hold: control characters (a name is printed in mail, pages and the command line).
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: The director's log is the instance holder's when the command line acts without a token.
VIA = "via"


class Refused(ServiceError):
    """A request refused for one or more faults, each its own message (``problems``)."""

    def __init__(self, what: str, problems: Sequence[str], **extra):
        problems = list(problems)
        super().__init__(f"{what}: " + "; ".join(problems), problems=problems, **extra)


def record(session: Session, t: Tournament, kind: str, by: str, text: str, game_id: str | None = None,
           **data: Any) -> TournamentEvent:
    """Writes an act into the tournament's log (public: never an address or a token). An act of the
    instance holder without a token (``session.info["via"]``, as ``service.control.record``) says so."""
    if session.info.get(VIA):
        data[VIA] = session.info[VIA]
    ev = TournamentEvent(tournament_id=t.id, kind=kind, by=by[:32], game_id=game_id, data=data, text=text)
    session.add(ev)
    t.updated_at = now()
    session.flush()
    return ev


# -- checks ---------------------------------------------------------------------------------------------------


def _number(v: Any) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def check_name(name: Any, what: str = "a player's name", most: int = MAX_PLAYER_NAME) -> list[str]:
    """A name (stripped of the spaces around it, as it is kept): not empty, at most *most* characters, on one
    line."""
    if not isinstance(name, str) or not name.strip():
        return [f"{what} is empty: write one of 1 to {most} characters"]
    name = name.strip()
    if len(name) > most:
        return [f"{what} {name[:40]!r}... is {len(name)} characters: at most {most}"]
    if CONTROL.search(name):
        return [f"{what} {name[:40]!r} holds a control character (a line break, a tab...): write it on one line"]
    return []


def check_email(email: Any, who: str) -> list[str]:
    """An address is one address Umpire will write to (``service.mail_settings.ADDRESS``), or "" for none."""
    if email is None or email == "":
        return []
    if not isinstance(email, str) or len(email.strip()) > MAX_ADDRESS or not re.match(ADDRESS, email.strip()):
        return [f"{who}'s address {str(email)[:80]!r} is not a mail address: write one address such as "
                f"ann@example.org (ASCII, at most {MAX_ADDRESS} characters), or none"]
    return []


def _check_game(game: Any, scenarios: Any, options: Any) -> tuple[Any, list[str], list[str]]:
    """The game's definition (None when unknown), the scenarios (the default one when none is named), and
    the faults. Options are checked as a game's creation checks them: their names against the game's
    (``GameDefinition.options``), then their values by setting the game up with them in each scenario."""
    names = ", ".join(g["slug"] for g in engine.games())
    if not isinstance(game, str):
        return None, [], [f"the game is a name, one of {names}"]
    try:
        defn = engine.definition(game)
    except (EngineError, KeyError):
        return None, [], [f"{game[:40]!r} is not a game of this Umpire; games: {names}"]
    problems = []
    if scenarios in (None, []):
        scenarios = [defn.default_scenario()]
    if not isinstance(scenarios, list) or not all(isinstance(s, str) for s in scenarios):
        return defn, [], [f"the scenarios are a list of names of {game}'s: {', '.join(defn.scenarios)}"]
    for s in scenarios:
        if s not in defn.scenarios:
            problems.append(f"{s[:40]!r} is not a scenario of {game}; its scenarios: {', '.join(defn.scenarios)}")
    if len(set(scenarios)) != len(scenarios):
        problems.append("a scenario is named more than once")
    if not isinstance(options, dict):
        return defn, scenarios, problems + [f"the options are an object: option name -> value "
                                            f"({', '.join(defn.options) or 'this game has none'})"]
    for o in options:
        if o not in defn.options:
            problems.append(f"{str(o)[:40]!r} is not an option of {game}; its options: "
                            f"{', '.join(defn.options) or 'none'}")
    if not problems:
        for s in scenarios:
            chance = dice.DerivedChance(secrets.token_bytes(32), "T-CHECK", 0, dice.first_digest("T-CHECK"), "")
            try:
                engine.api.start(game, s, options, chance)
            except EngineError as e:
                problems.append(f"scenario {s}: {e.message}")
    return defn, scenarios, problems


def _check_rulings(rulings: Any) -> list[str]:
    if not isinstance(rulings, list):
        return ["the rulings are a list of {\"id\", \"text\"}"]
    problems, seen = [], set()
    if len(rulings) > MAX_RULINGS:
        problems.append(f"{len(rulings)} rulings: at most {MAX_RULINGS}")
    for i, r in enumerate(rulings, start=1):
        if not isinstance(r, dict) or set(r) != {"id", "text"}:
            problems.append(f"ruling {i} is not {{\"id\", \"text\"}}")
            continue
        problems += check_name(r["id"], f"ruling {i}'s id", MAX_RULING_ID)
        problems += check_name(r["text"].replace("\n", " ") if isinstance(r["text"], str) else r["text"],
                               f"ruling {i}'s text", MAX_RULING_TEXT)
        if r["id"] in seen:
            problems.append(f"the ruling id {str(r['id'])[:40]!r} is given twice")
        seen.add(r["id"])
    return problems


def check_points(points: Any) -> list[str]:
    """The points as ``standings.Scoring`` accepts them: any of win, draw, loss, bye (numbers) and
    bye_buchholz (a number or "own")."""
    if not isinstance(points, dict):
        return ["the points are an object: win, draw, loss, bye, bye_buchholz"]
    fields = Scoring.__dataclass_fields__
    problems = [f"{str(k)[:40]!r} is not a kind of points; they are {', '.join(fields)}" for k in points
                if k not in fields]
    for k in ("win", "draw", "loss", "bye"):
        if k in points and not _number(points[k]):
            problems.append(f"the points for a {k} are a number, not {points[k]!r}")
    b = points.get("bye_buchholz", 0)
    if not (_number(b) or b == "own"):
        problems.append(f"bye_buchholz is a number or \"own\", not {b!r}")
    return problems


def _check_players(players: Any) -> list[str]:
    if not isinstance(players, list):
        return ["the players are a list of {\"name\", \"email\"}, in entry order"]
    problems: list[str] = []
    if len(players) > MAX_PLAYERS:
        problems.append(f"{len(players)} players: at most {MAX_PLAYERS}")
    seen: dict[str, int] = {}
    for i, p in enumerate(players, start=1):
        if not isinstance(p, dict) or "name" not in p or not set(p) <= {"name", "email"}:
            problems.append(f"player {i} is not {{\"name\", \"email\"}}")
            continue
        bad = check_name(p["name"], f"player {i}'s name")
        problems += bad
        if not bad:
            key = p["name"].strip().casefold()
            if key in seen:
                problems.append(f"player {i}'s name {p['name'].strip()!r} is player {seen[key]}'s: names are unique")
            seen.setdefault(key, i)
        problems += check_email(p.get("email"), f"player {i} ({str(p['name']).strip()[:40]})")
    return problems


# -- creating -------------------------------------------------------------------------------------------------


def create_tournament(session: Session, *, name: str, game: str, scenarios: Sequence[str] | None = None,
                      options: dict | None = None, rulings: Sequence[dict] | None = None, pairing: str = "swiss",
                      rounds_planned: int = 0, points: dict | None = None, deadline_hours: float | None = None,
                      director_email: str = "", players: Sequence[dict] | None = None,
                      by: str = "director") -> tuple[Tournament, str]:
    """Creates a tournament and enters its *players* (``[{"name", "email"}]``, in entry order); returns it
    and the director's token (shown only now). *scenarios*: those a round may use, the first the default
    (none: the game's default). *rounds_planned*: 0 for no fixed number. Issue 33, item 1.

    :raises Refused: every fault found, each its own message.
    """
    options = {} if options is None else options
    scenarios = list(scenarios) if isinstance(scenarios, tuple) else scenarios
    rulings = [] if rulings is None else list(rulings) if isinstance(rulings, tuple) else rulings
    points = {} if points is None else points
    players = [] if players is None else list(players) if isinstance(players, tuple) else players
    problems = check_name(name, "the tournament's name", MAX_TOURNAMENT_NAME)
    defn, scenarios, found = _check_game(game, scenarios, options)
    problems += found
    problems += _check_rulings(rulings)
    if pairing not in PAIRINGS:
        problems.append(f"{str(pairing)[:40]!r} is not a pairing: {', '.join(PAIRINGS)}")
    elif pairing == "round-robin" and defn is not None and len(defn.roles) != 2:
        problems.append(f"round-robin pairs two players a game, and {game} has {len(defn.roles)} seats "
                        f"({', '.join(defn.roles)}): pair by swiss (tables of {len(defn.roles)}) or manual")
    if not isinstance(rounds_planned, int) or isinstance(rounds_planned, bool) or not 0 <= rounds_planned <= MAX_ROUNDS:
        problems.append(f"rounds_planned is a whole number from 0 (not fixed) to {MAX_ROUNDS}, not {rounds_planned!r}")
    problems += check_points(points)
    if deadline_hours is not None and (not _number(deadline_hours) or not 0 < deadline_hours <= MAX_HOURS):
        problems.append(f"deadline_hours is a number of hours above 0 and at most {MAX_HOURS}, or none for no "
                        f"deadline; not {deadline_hours!r}")
    problems += check_email(director_email, "the director")
    problems += _check_players(players)
    if problems:
        raise Refused("the tournament is refused", problems)
    token = new_token()
    t = Tournament(id=new_tournament_id(session), name=name.strip(), game=game, scenarios=list(scenarios),
                   options=dict(options), rulings=[dict(r) for r in rulings], pairing=pairing,
                   rounds_planned=rounds_planned, points=dict(points),
                   deadline_hours=float(deadline_hours) if deadline_hours is not None else None,
                   director_token_hash=hash_token(token), director_email=normal(director_email or ""),
                   status="entry")
    session.add(t)
    session.flush()
    for p in players:
        session.add(TournamentPlayer(tournament_id=t.id, name=p["name"].strip(), email=normal(p.get("email") or "")))
    session.flush()
    names = [p["name"].strip() for p in players]
    record(session, t, "created", by, f"created the tournament ({defn.title}, {pairing} pairing, "
                                      f"{len(names)} player{'s' if len(names) != 1 else ''})",
           game=game, scenarios=list(scenarios), pairing=pairing, players=names)
    return t, token


# -- players --------------------------------------------------------------------------------------------------


def players_of(session: Session, tid: str) -> list[TournamentPlayer]:
    """The tournament's players in entry order."""
    return list(session.execute(select(TournamentPlayer).where(TournamentPlayer.tournament_id == tid)
                                .order_by(TournamentPlayer.id)).scalars())


def get_player(session: Session, tid: str, name: str) -> TournamentPlayer:
    """The player *name* of tournament *tid*.

    :raises NotFound: no such player (the message lists the players).
    """
    players = players_of(session, tid)
    for p in players:
        if p.name == name:
            return p
    listed = ", ".join(p.name for p in players[:50]) or "none yet"
    raise NotFound(f"{str(name)[:100]!r} is not a player of tournament {tid}; its players: {listed}",
                   code="no-player")


def _open(t: Tournament, what: str) -> None:
    if t.status == "finished":
        raise Conflict(f"tournament {t.id} is closed: {what}", code="tournament-closed")


def rounds_paired(session: Session, tid: str) -> int:
    return len(session.execute(select(TournamentRound.id).where(TournamentRound.tournament_id == tid)).all())


def add_player(session: Session, tid: str, *, name: str, email: str = "", by: str = "director") -> TournamentPlayer:
    """Enters a player late: not once a round-robin has a round (its schedule is of the players entered);
    a Swiss or manual tournament takes them, on 0 points. Their address is then confirmed as the others'.

    :raises Refused: a bad name or address, or a name taken. :raises Conflict: too late, or closed.
    """
    t = get_tournament(session, tid, lock=True)
    _open(t, "no player can be entered")
    paired = rounds_paired(session, tid)
    if t.pairing == "round-robin" and paired:
        raise Conflict(f"tournament {tid} is a round-robin and round 1 is paired: its schedule is made of the "
                       f"players entered before it, so no player can be entered now", code="entry-closed")
    problems = check_name(name) + check_email(email, "the player")
    if not problems and any(p.name.casefold() == name.strip().casefold() for p in players_of(session, tid)):
        problems.append(f"{name.strip()!r} is a player already: names are unique")
    if problems:
        raise Refused("the player is refused", problems)
    p = TournamentPlayer(tournament_id=tid, name=name.strip(), email=normal(email or ""))
    session.add(p)
    session.flush()
    late = f", after round {paired} (on 0 points)" if paired else ""
    record(session, t, "player-entered", by, f"entered {p.name}{late}", player=p.name)
    return p


def withdraw_player(session: Session, tid: str, name: str, *, by: str = "director", reason: str = "") -> TournamentPlayer:
    """Withdraws a player: they are paired no more; their results stand (a game of theirs still going on
    is the director's to rule on). A round-robin's later tables of theirs become byes for their opponents.

    :raises NotFound: no such player. :raises Conflict: withdrawn already, or the tournament closed.
    """
    t = get_tournament(session, tid, lock=True)
    _open(t, "no player can be withdrawn")
    p = get_player(session, tid, name)
    if p.withdrawn_at is not None:
        raise Conflict(f"{p.name} withdrew from tournament {tid} already", code="withdrawn")
    why = clean_reason(reason)
    p.withdrawn_at = now()
    record(session, t, "player-withdrawn", by, f"withdrew {p.name}" + (f" ({why})" if why else ""),
           player=p.name, reason=why)
    return p


# -- confirmation ---------------------------------------------------------------------------------------------


def _confirm(session: Session, t: Tournament, p: TournamentPlayer, by: str, how: str) -> bool:
    if p.confirmed_at is not None:
        return False
    p.confirmed_at = now()
    record(session, t, "player-confirmed", by, f"{p.name}'s address was confirmed ({how})", player=p.name)
    return True


def mark_player_confirmed(session: Session, tid: str, name: str, by: str = "command line") -> bool:
    """The operator's act on the server (the command line, like ``mail.confirm.mark_confirmed``): *name*'s
    address counts as confirmed without a mail; also how a player without an address is confirmed.
    Returns False when it was confirmed already (nothing changes).

    :raises NotFound: no such player. :raises Conflict: the player withdrew, or the tournament is closed.
    """
    t = get_tournament(session, tid, lock=True)
    _open(t, "no player can be confirmed")
    p = get_player(session, tid, name)
    if p.withdrawn_at is not None:
        raise Conflict(f"{p.name} withdrew from tournament {tid}: nothing to confirm", code="withdrawn")
    return _confirm(session, t, p, by, "marked on the server")


def to_confirm(session: Session, limit: int = 200) -> list[tuple[TournamentPlayer, Tournament]]:
    """The players whose confirmation mail is due (the mail sweep): an address, not confirmed, not sent
    one yet, not withdrawn, in a tournament not closed."""
    return list(session.execute(
        select(TournamentPlayer, Tournament).join(Tournament, Tournament.id == TournamentPlayer.tournament_id)
        .where(TournamentPlayer.email != "", TournamentPlayer.confirmed_at.is_(None),
               TournamentPlayer.confirm_sent_at.is_(None), TournamentPlayer.withdrawn_at.is_(None),
               Tournament.status != "finished")
        .order_by(TournamentPlayer.id).limit(limit)).all())


def sent(p: TournamentPlayer, code: str, at: datetime) -> None:
    """Records that *p*'s confirmation mail, carrying *code*, is written (its hash is kept)."""
    p.code_hash, p.confirm_sent_at = hash_token(code), at


def confirm_by_code(session: Session, code: str) -> tuple[TournamentPlayer, Tournament, bool] | None:
    """The answer to a confirmation mail: the player whose code it is, their tournament, and whether this
    confirmed them (False: confirmed before; nothing changes); None when no player has this code."""
    p = session.execute(select(TournamentPlayer).where(TournamentPlayer.code_hash == hash_token(code))
                        .with_for_update()).scalar_one_or_none()
    if p is None:
        return None
    t = session.get(Tournament, p.tournament_id)
    return p, t, _confirm(session, t, p, "player", "answered by mail")
