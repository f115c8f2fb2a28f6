"""Importing a game export into this Umpire (issue 8, part 4).

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

from datetime import datetime

from sqlalchemy.orm import Session

import engine
from engine.core import canonical
from engine.core.errors import EngineError
from engine.core.verify import verify
from mail.keys import sealed_key

from .errors import ServiceError
from .games import engine_version
from .models import Game, GameEvent, Move, Seat, Snapshot, UndoneMove, now
from .replay import RecordedChance, ReplayMismatch, apply_recorded, chain, plain
from .rulings import data_version
from .tokens import hash_token, new_token


class Refused(ServiceError):
    """An export this Umpire will not take as it is (409: the file contradicts itself or this engine)."""

    status = 409
    code = "export-refused"


class ReplayDiffers(Refused):
    code = "replay-differs"


def _when(text: str | None) -> datetime:
    try:
        return datetime.fromisoformat(str(text).removesuffix("Z"))
    except ValueError:
        return now()


def check(record: dict) -> dict:
    """Verifies and replays an export; returns the replayed state. Nothing is stored.

    :raises ServiceError: not an export (400); seed not revealed, unreadable, dice that do not verify (409).
    :raises ReplayDiffers: the first position where this engine's replay differs from the record.
    """
    if not isinstance(record, dict) or record.get("format") != "umpire-export/1":
        raise ServiceError("not a game export: expected a JSON object with format umpire-export/1 "
                           "(GET /api/games/ID/export, or umpire export)")
    try:
        return _check(record)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
        raise Refused(f"the export cannot be read: {type(e).__name__}: {e}", code="unreadable-export") from None


def _check(record: dict) -> dict:
    if not record.get("seed"):
        raise Refused("the export has no seed: a game can be replayed elsewhere only once its seed is "
                           "revealed (at its end, or by the umpire: POST /api/games/ID/reveal), since the deck "
                           "order and every shuffle are hidden until then", code="no-seed")
    try:
        engine.definition(record.get("game", ""))
        rep = verify(record, replay=False)
    except EngineError as e:
        raise Refused(f"the export cannot be read: {e.message}", code="unreadable-export") from None
    if rep.problems:
        raise Refused("the export's dice do not verify: " + "; ".join(rep.problems[:5]), code="dice-mismatch")
    moves = sorted(record.get("moves", []), key=lambda m: m["seq"])
    if not moves or moves[0]["seq"] != 0:
        raise Refused("the export has no setup (position 0) in its moves", code="unreadable-export")
    snaps = {s["seq"]: s["state_hash"] for s in record.get("snapshots", [])}
    older = record.get("engine_version")
    by = f"exported by engine {older}, replayed by engine {engine_version()}"

    def differs(seq: int, what: str):
        return ReplayDiffers(f"the replay differs first at position {seq}: {what} ({by})", seq=seq)

    try:
        state = engine.setup(record["game"], record.get("scenario") or "standard", record.get("options") or {},
                             RecordedChance(moves[0].get("outcomes", [])))
    except (ReplayMismatch, EngineError) as e:
        raise differs(0, f"the setup: {getattr(e, 'message', e)}") from None
    if 0 in snaps and canonical.digest(state) != snaps[0]:
        raise differs(0, "the setup's state is not the recorded one")
    for m in moves[1:]:
        where = f"action {m['seq']} ({m['role']}: {m['action']})"
        try:
            log = apply_recorded(state, m)
        except (ReplayMismatch, EngineError) as e:
            raise differs(m["seq"], f"{where}: {getattr(e, 'message', e)}") from None
        if log != plain(m.get("log", [])):
            raise differs(m["seq"], f"{where} gives another log than the recorded one")
        if m["seq"] in snaps and canonical.digest(state) != snaps[m["seq"]]:
            raise differs(m["seq"], f"the state after {where} is not the recorded one")
    last = moves[-1]["seq"]
    if state.get("seq") != record.get("seq", last):
        raise differs(last, f"the replay ends at position {state.get('seq')}, the export at {record.get('seq')}")
    if record.get("state_hash") and canonical.digest(state) != record["state_hash"]:
        raise differs(last, "the final state is not the exported one")
    if record.get("digest") and chain(record["id"], moves) != record["digest"]:
        raise differs(last, "the digest of the actions is not the exported one")
    return state


def import_game(session: Session, record: dict) -> tuple[Game, dict]:
    """Checks the export (``check``) and stores it as a game of this Umpire; returns it and its new tokens
    (shown only now)."""
    state = check(record)
    gid = record["id"]
    if not isinstance(gid, str) or not 0 < len(gid) <= 16:
        raise Refused(f"the export's game id {gid!r} is not an id", code="unreadable-export")
    if session.get(Game, gid) is not None:
        raise Refused(f"game {gid} exists here already", code="exists")
    status = record.get("status", "active")
    imported_as = "paused" if status == "active" else status
    umpire = new_token()
    game = Game(id=gid, game=record["game"], scenario=record.get("scenario") or "standard",
                options=record.get("options") or {}, engine_version=engine_version(),
                rules_version=record.get("rules_version", state.get("rules_version", 1)),
                rulings=record.get("rulings", []), data_version=data_version(record["game"]),
                title=record.get("title", ""), seq=state["seq"], state=state, status=imported_as,
                umpire_token_hash=hash_token(umpire), seed=record["seed"], commitment=record["commitment"],
                digest=record.get("digest") or chain(gid, record["moves"]), revealed=True,
                result=record.get("result"), created_at=_when(record.get("created_at")))
    session.add(game)
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
                                "reason": "imported from an export; the seed is revealed"
                                          + (", so the game is paused until the umpire resumes it"
                                             if imported_as == "paused" else "")}))
    session.flush()
    return game, tokens
