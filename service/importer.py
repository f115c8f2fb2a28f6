"""Importing a game export into this Umpire.

The export (``games.export``, ``umpire-export/1``) is checked before anything is stored: its dice verify
(``engine.core.verify``), then it is replayed through this engine from its setup, with the recorded chance
outcomes. At every position the replay must give the recorded log, at every snapshot the recorded state
hash, and at the end the exported state hash and action digest: so an export made by an older engine
either replays identically or is refused naming the first position that differs.

Only an export with its seed revealed can be replayed: until then the deck order and every shuffle are
hidden. The imported game keeps its id (the dice are bound to it), gets new tokens for every seat and the
umpire (tokens are never exported), and, if it was still going on, is imported paused: its seed is known,
so the umpire decides whether play goes on.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import engine
from engine.core import canonical
from engine.core.errors import EngineError
from engine.core.verify import verify
from service.keys import sealed_key

from .errors import ServiceError
from .games import GAME_ID, engine_version, rekey
from .models import Game, GameEvent, Move, Seat, Snapshot, UndoneMove, now
from .replay import RecordedChance
from .rulings import data_version
from .seeds import sealed_seed
from .tokens import hash_token, new_token


class Refused(ServiceError):
    """An export this Umpire will not take as it is (409: the file contradicts itself or this engine)."""

    status = 409
    code = "export-refused"


class ReplayDiffers(Refused):
    code = "replay-differs"


class Invalid(ServiceError):
    """An export with a field creation would not allow (400): checked before anything
    is replayed or stored (``validate``), and after the replay the status against the game (``agrees``)."""

    status = 400
    code = "invalid-export"


SEED = re.compile(r"^[0-9a-fA-F]{64}$")

#: The statuses a game has here, and what an import of each comes in as: its seed is known, so a game
#: still going on comes in paused (the umpire resumes it), never running; an ended one stays ended.
IMPORTED_AS = {"active": "paused", "paused": "paused", "finished": "finished", "abandoned": "abandoned"}
#: The kinds of the umpire's and the service's acts in a game's log (``service.control``, ``games``).
EVENT_KINDS = frozenset({"paused", "resumed", "seat-replaced", "resigned", "abandoned", "corrected", "imported",
                         "seed-revealed", "deadline-extended", "rolled-back", "rekeyed", "move-entered"})
#: The service's epoch: no game of any Umpire was made before it.
EPOCH = datetime(2026, 1, 1)
#: How far ahead of this server's clock the exporting server's may have been.
CLOCK_SKEW = timedelta(minutes=10)
#: The most items of a list in an export (moves, events...): far beyond any game, within the body limit.
MAX_ITEMS = 100_000


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _text(value, where: str, most: int, choices=None) -> str:
    if not isinstance(value, str) or len(value) > most or (choices is not None and value not in choices):
        allowed = f"one of {', '.join(sorted(choices))}" if choices is not None else \
            f"a string of at most {most} characters"
        raise Invalid(f"the export's {where} must be {allowed}, not {_shown(value)}")
    return value


def _int(value, where: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= 10**9:
        raise Invalid(f"the export's {where} must be a whole number from {least}, not {_shown(value)}")
    return value


def _list(value, where: str, of=dict) -> list:
    if not isinstance(value, list) or len(value) > MAX_ITEMS or not all(isinstance(x, of) for x in value):
        raise Invalid(f"the export's {where} must be a list of {'objects' if of is dict else 'strings'}, "
                      f"not {_shown(value)}")
    return value


def _when(text: str | None, where: str = "date", required: bool = False) -> datetime:
    """A date of the export as this database keeps it (UTC, naive): after the service's epoch and not in
    the future (beyond ``CLOCK_SKEW``). A date left out (not ``required``) is now.

    :raises Invalid: a date that is not one, or out of that range.
    """
    if text is None and not required:
        return now()
    try:
        at = datetime.fromisoformat(text.removesuffix("Z"))
    except (AttributeError, TypeError, ValueError):
        raise Invalid(f"the export's {where} must be an ISO 8601 date and time (UTC), not {_shown(text)}") from None
    if at.tzinfo is not None:
        at = at.astimezone(UTC).replace(tzinfo=None)
    if not EPOCH <= at <= now() + CLOCK_SKEW:
        raise Invalid(f"the export's {where} {_shown(text)} is not a date a game can have: it must be after "
                      f"{EPOCH:%Y-%m-%d} and not in the future")
    return at


def validate(record: dict) -> None:
    """Checks every field of an export that is stored as it is, as strictly as creation checks a new game
    (the id by creation's pattern, the seats naming each role once, lengths within the columns, the status
    from the allowed set, dates neither in the future nor before the epoch). The moves' contents are the
    replay's to check (``check``). Nothing is read from the database.

    :raises Invalid: the first field that is not allowed, named.
    """
    gid = record.get("id")
    if not isinstance(gid, str) or not GAME_ID.fullmatch(gid):
        raise Invalid(f"the export's id {_shown(gid)} is not a game id: 'G-' and six hexadecimal digits "
                      f"(A-F in capitals), as this Umpire makes them")
    slug = _text(record.get("game"), "game", 32, {g["slug"] for g in engine.games()})
    defn = engine.definition(slug)
    roles = set(defn.roles)
    _text(record.get("scenario") or "standard", "scenario", 64, set(defn.scenarios))
    if not isinstance(record.get("options") or {}, dict):
        raise Invalid(f"the export's options must be an object, not {_shown(record.get('options'))}")
    _text(record.get("title", ""), "title", 200)
    _text(record.get("status"), "status", 16, set(IMPORTED_AS))
    _text(record.get("engine_version") or "", "engine_version", 64)
    if "rules_version" in record:
        _int(record["rules_version"], "rules_version", 1)
    for i, r in enumerate(_list(record.get("rulings") or [], "rulings", str)):
        _text(r, f"rulings[{i}]", 64)
    result = record.get("result")
    if result is not None:
        if not isinstance(result, dict) or not set(result) <= {"winner", "reason", "resigned", "losers"}:
            raise Invalid(f"the export's result must be an object with winner, reason (and resigned or losers), "
                          f"not {_shown(result)}")
        if result.get("winner") is not None:
            _text(result["winner"], "result.winner", 32, roles)
        _text(result.get("reason", ""), "result.reason", 600)
        if "resigned" in result:
            _text(result["resigned"], "result.resigned", 32, roles)
        for i, r in enumerate(_list(result.get("losers") or [], "result.losers", str)):
            _text(r, f"result.losers[{i}]", 32, roles)
    _when(record.get("created_at"), "created_at", required=True)
    seats = _list(record.get("seats"), "seats")
    named = [s.get("role") for s in seats]
    if sorted(map(str, named)) != sorted(roles) or len(named) != len(roles):
        raise Invalid(f"the export's seats must name each role of {slug} once ({', '.join(defn.roles)}), not "
                      f"{_shown(named)}")
    for i, s in enumerate(seats):
        _text(s.get("player", ""), f"seats[{i}].player", 100)
        _text(s.get("entropy", ""), f"seats[{i}].entropy", 128)
    moves = record.get("moves")  # what is not a list of objects is the replay's to refuse (unreadable, 409)
    for i, m in enumerate(moves if isinstance(moves, list) else []):
        if not isinstance(m, dict):
            continue
        _int(m.get("seq"), f"moves[{i}].seq")
        _text(m.get("role"), f"moves[{i}].role", 32, roles | {"umpire"})
        _text(m.get("action"), f"moves[{i}].action", 200)
        _when(m.get("at"), f"moves[{i}].at")
    by = roles | {"umpire", "service"}
    for i, e in enumerate(_list(record.get("events") or [], "events")):
        _int(e.get("id"), f"events[{i}].id")
        _int(e.get("at_seq"), f"events[{i}].at_seq")
        _text(e.get("kind"), f"events[{i}].kind", 32, EVENT_KINDS)
        _text(e.get("by"), f"events[{i}].by", 32, by)
        if not isinstance(e.get("data", {}), dict):
            raise Invalid(f"the export's events[{i}].data must be an object, not {_shown(e.get('data'))}")
        _when(e.get("at"), f"events[{i}].at")
    for i, u in enumerate(_list(record.get("undone") or [], "undone")):
        _int(u.get("seq"), f"undone[{i}].seq")
        _int(u.get("rollback"), f"undone[{i}].rollback")
        _text(u.get("role"), f"undone[{i}].role", 32, roles | {"umpire"})
        _text(u.get("action"), f"undone[{i}].action", 200)
        _when(u.get("at"), f"undone[{i}].at")
        _when(u.get("undone_at"), f"undone[{i}].undone_at")


def agrees(record: dict, state: dict) -> str:
    """The status the game is imported with, once the replay gave its *state*: the export's status must
    agree with the game (ended, by the rules or a result, exactly when the status says so).

    :raises Invalid: a status that contradicts the game.
    """
    status, result = record["status"], record.get("result")
    over = result is not None or engine.outcome(state) is not None
    if over != (status in ("finished", "abandoned")) or (status == "abandoned" and result is None):
        raise Invalid(f"the export's status {status!r} contradicts the game, which "
                      + ("has ended" if over else "has not ended") + " (a game going on is active or paused; "
                      "an ended one finished, or abandoned with its result)")
    return IMPORTED_AS[status]


def is_export(record) -> None:
    """:raises ServiceError: (400) *record* is not a game export at all."""
    if not isinstance(record, dict) or record.get("format") != "umpire-export/1":
        raise ServiceError("not a game export: expected a JSON object with format umpire-export/1 "
                           "(GET /api/games/ID/export, or umpire export)")


def check(record: dict) -> dict:
    """Verifies and replays an export; returns the replayed state. Nothing is stored.

    :raises ServiceError: not an export (400); seed not revealed, unreadable, dice that do not verify (409).
    :raises ReplayDiffers: the first position where this engine's replay differs from the record.
    """
    is_export(record)
    try:
        return _check(record)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise Refused(f"the export cannot be read: {type(e).__name__}: {e}", code="unreadable-export") from None


def _check(record: dict) -> dict:
    """``umpire verify``'s check (``engine.core.verify``, the one implementation), which must find nothing
    and must have recomputed every outcome: the import stores the state its replay ended in."""
    try:
        engine.definition(record.get("game", ""))
    except EngineError as e:
        raise Refused(f"the export cannot be read: {e.message}", code="unreadable-export") from None
    rep = verify(record, replay=True)
    first = rep.first
    if first is not None:
        if first.kind == "result":  # the status or result the export states contradicts the game (400)
            raise Invalid("the export contradicts the game: " + str(first).removeprefix(f"position {first.seq}: "))
        if first.kind == "replay":
            by = f"exported by engine {record.get('engine_version')}, replayed by engine {engine_version()}"
            text = str(first).removeprefix(f"position {first.seq}: ")
            raise ReplayDiffers(f"the replay differs first at position {first.seq}: {text} ({by})", seq=first.seq)
        code = "unreadable-export" if first.kind == "record" else "dice-mismatch"
        what = "cannot be read" if code == "unreadable-export" else "does not verify"
        raise Refused(f"the export {what}: {first}", code=code, seq=first.seq)
    if not rep.seed_known:
        raise Refused("the export has no seed for outcomes it holds: a game can be replayed elsewhere only once "
                      "the seed of its outcomes is revealed (at its end, or by the umpire: POST "
                      "/api/games/ID/reveal, after which it goes on under a new seed), since until then they "
                      "cannot be checked", code="no-seed")
    if rep.state is None:
        raise Refused("the export cannot be replayed by this engine: " + "; ".join(rep.unchecked),
                      code="unreadable-export")
    return rep.state


def import_game(session: Session, record: dict) -> tuple[Game, dict]:
    """Checks the export (``validate``, ``check``, ``agrees``) and stores it as a game of this Umpire; returns
    it and its new tokens (shown only now).

    :raises Invalid: a field creation would not allow (400).
    :raises Refused: (409) a game with its id exists here (also when another import of it commits first),
        or what ``check`` refuses.
    """
    is_export(record)
    validate(record)
    gid = record["id"]
    if session.get(Game, gid) is not None:
        raise Refused(f"game {gid} exists here already", code="exists")
    state = check(record)
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, str) or not SEED.match(seed)):  # stored sealed (service.seeds), which takes the 32 bytes of docs/dice.md
        raise Refused("the export's seed is not 32 bytes in hexadecimal (64 characters)", code="unreadable-export")
    status = record["status"]
    imported_as = agrees(record, state)
    umpire = new_token()
    game = Game(id=gid, game=record["game"], scenario=record.get("scenario") or "standard",
                options=record.get("options") or {}, engine_version=engine_version(),
                rules_version=record.get("rules_version", state.get("rules_version", 1)),
                rulings=record.get("rulings", []), data_version=data_version(record["game"]),
                title=record.get("title", ""), seq=state["seq"], state=state, status=imported_as,
                umpire_token_hash=hash_token(umpire), commitment=record["commitment"],
                seed=sealed_seed(session, gid, bytes.fromhex(seed)) if seed else "",
                digest=record["digest"], revealed=True,
                result=record.get("result"), created_at=_when(record.get("created_at"), required=True))
    try:  # the game's row first: of imports of one id at once, the first to commit has it, the others 409
        with session.begin_nested():
            session.add(game)
            session.flush()
    except IntegrityError:
        raise Refused(f"game {gid} exists here already", code="exists") from None
    tokens = {"umpire": umpire}
    for s in record.get("seats", []):
        tokens[s["role"]] = tok = new_token()
        session.add(Seat(game_id=gid, role=s["role"], player=s.get("player", ""), token_hash=hash_token(tok),
                         mail_key=sealed_key(session, gid, s["role"], tok), entropy=s.get("entropy", "")))
    session.flush()
    for m in record["moves"]:
        session.add(Move(game_id=gid, seq=m["seq"], role=m["role"], action=m["action"], log=m.get("log", []),
                         outcomes=m.get("outcomes", []), created_at=_when(m.get("at"))))
    ids = {}
    for e in record.get("events", []):
        ev = GameEvent(game_id=gid, at_seq=e["at_seq"], kind=e["kind"], by=e["by"], data=e.get("data", {}),
                       created_at=_when(e.get("at")))
        session.add(ev)
        session.flush()
        ids[e.get("id")] = ev.id
    for u in record.get("undone", []):
        if u.get("rollback") not in ids:
            raise Refused(f"undone action {u.get('seq')} names rollback {u.get('rollback')!r}, which is "
                               "not among the export's events")
        session.add(UndoneMove(game_id=gid, rollback_id=ids[u["rollback"]], seq=u["seq"], role=u["role"],
                               action=u["action"], log=u.get("log", []), outcomes=u.get("outcomes", []),
                               created_at=_when(u.get("at")), undone_at=_when(u.get("undone_at"))))
    setup = engine.setup(record["game"], game.scenario, game.options,
                         RecordedChance(record["moves"][0].get("outcomes", [])))
    session.add(Snapshot(game_id=gid, seq=0, state=setup))
    if game.seq:
        session.add(Snapshot(game_id=gid, seq=game.seq, state=state))
    session.add(GameEvent(game_id=gid, at_seq=game.seq, kind="imported", by="umpire",
                          data={"engine_version": record.get("engine_version"), "status": status,
                                "state_hash": canonical.digest(state),
                                "reason": "imported from an export; its seed is revealed"
                                          + (", so the game is paused until the umpire resumes it under a new "
                                             "seed" if imported_as == "paused" else "")}))
    session.flush()
    if not seed:  # the export's last key was used by no outcome and is not revealed: this Umpire makes its own
        rekey(session, game, "service", "imported: the export does not carry the seed of its last key, which no "
                                        "outcome used", unknown_seed=True)
    return game, tokens
