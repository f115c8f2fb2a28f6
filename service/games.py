"""Service functions for games: create, list, view, log, export. The API and the CLI both call these."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import timedelta
from importlib import metadata

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

import engine
from engine import versions
from engine.core import canonical, dice
from engine.core.errors import EngineError

from .addresses import request
from .errors import BadToken, Forbidden, NotFound, ServiceError, Unauthorized
from .keys import sealed_key
from .mail_models import Deadline, MailGame
from .models import Game, GameEvent, Move, Seat, Snapshot, UndoneMove, now
from .rulings import data_version
from .seeds import open_seed, sealed_seed
from .tokens import hash_token, new_token

MAX_SEATS = 8
#: A game's id as this Umpire makes it (``_new_id``); an import's id must be one too (``service.importer``).
GAME_ID_PATTERN = r"^G-[0-9A-F]{6}$"
GAME_ID = re.compile(GAME_ID_PATTERN)


def engine_version() -> str:
    try:
        return metadata.version("pbem-umpire")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0+source"


def _new_id(session: Session) -> str:
    while True:
        gid = "G-" + secrets.token_hex(3).upper()
        if session.get(Game, gid) is None:
            return gid


def create_game(session: Session, game: str, scenario: str | None = None, options: dict | None = None,
                seats: list[dict] | None = None, title: str = "", position: dict | None = None,
                umpire_token_hash: str | None = None) -> tuple[Game, dict]:
    """Creates a game with one seat per role; returns the game and the tokens (shown only now).

    With *umpire_token_hash* (a tournament's director token, hashed: ``service.tournaments``) the game's
    umpire is whoever holds that token, and the tokens returned are the seats' only.

    With *position* (a position file, docs/positions.md) the game starts there instead of the scenario's
    setup: the position is kept in the game's options (``position``), so the export, ``umpire verify`` and
    the import rebuild it through ``engine.setup``; the log of the automatic steps run to reach its first
    decision is the setup move's. A position refused raises a ServiceError listing every fault (``faults``,
    each with its ``path``).
    """
    try:
        defn = engine.definition(game)
    except EngineError as e:
        raise ServiceError(e.message, code="invalid") from None
    scenario = scenario or defn.default_scenario()
    if position is not None:
        if not isinstance(position, dict):
            raise ServiceError("position must be a JSON object: a position file (docs/positions.md)")
        if options and "position" in options:
            raise ServiceError("give the position once: the position field, not an option")
        stated = position.get("scenario", "standard")
        scenario = stated if isinstance(stated, str) and stated in defn.scenarios else scenario  # else a fault
        options = {**(options or {}), "position": position}
    if scenario not in defn.scenarios:
        raise ServiceError(f"unknown scenario {scenario!r}; scenarios of {game}: {', '.join(defn.scenarios)}")
    seats = seats or [{"role": r} for r in defn.roles]
    roles = [s.get("role") for s in seats]
    if sorted(roles) != sorted(defn.roles):
        raise ServiceError(f"seats must name each role of {game} once: {', '.join(defn.roles)}; got "
                           f"{', '.join(map(str, roles)) or 'none'}")
    gid = _new_id(session)
    seed = secrets.token_bytes(32)
    entropy = dice.entropy_string({s["role"]: s.get("entropy", "") for s in seats})
    digest = dice.first_digest(gid)
    chance = dice.DerivedChance(seed, gid, 0, digest, entropy)
    try:
        started = engine.api.start(game, scenario, options or {}, chance)
    except EngineError as e:
        faults = [f.to_dict() for f in getattr(e, "faults", [])]
        raise ServiceError(e.message, code="invalid", **({"faults": faults} if faults else {})) from None
    state = started.state
    umpire = None if umpire_token_hash else new_token()
    row = Game(id=gid, game=game, scenario=scenario, options=options or {}, engine_version=engine_version(),
               rules_version=state.get("rules_version", 1),
               rulings=[r["id"] for r in (defn.rulings() if defn.rulings else [])],
               data_version=data_version(game), title=title, seq=0,
               state=state, status="active", umpire_token_hash=umpire_token_hash or hash_token(umpire), seed=sealed_seed(session, gid, seed),
               commitment=dice.commitment(seed), digest=digest)
    session.add(row)
    tokens = {"umpire": umpire} if umpire else {}
    for s in seats:
        tok = new_token()
        tokens[s["role"]] = tok
        session.add(Seat(game_id=gid, role=s["role"], player=s.get("player", ""), email=s.get("email", ""),
                         token_hash=hash_token(tok), mail_key=sealed_key(session, gid, s["role"], tok),
                         entropy=s.get("entropy", "")))
    session.add(Move(game_id=gid, seq=0, role="umpire", action="setup", log=started.log if position is not None else [],
                     outcomes=chance.records))
    session.add(Snapshot(game_id=gid, seq=0, state=state))
    session.flush()
    for s in seats:  # a seat's address is mailed only once its owner confirms it (mail.confirm)
        request(session, gid, s.get("email", ""))
    return row, tokens


def get_game(session: Session, gid: str, lock: bool = False) -> Game:
    q = select(Game).where(Game.id == gid)
    if lock:
        q = q.with_for_update()
    g = session.execute(q).scalar_one_or_none()
    if g is None:
        raise NotFound(f"no game {gid!r}")
    if versions.version_of(g.state) != engine.definition(g.game).rules_version:
        # saved under another edition of the rules (engine.versions): migrated (kept if the caller commits),
        # or refused naming both versions, never a KeyError deep in the rules that a worker retries
        state = canonical.copy(g.state)
        try:
            versions.upgrade(state)
        except versions.RulesVersionError as e:
            raise ServiceError(e.message, code=e.code, status=409) from None
        g.state = state
    return g


def whose_token(session: Session, game, token: str | None) -> str | None:
    """The role a token speaks for in *game* (``umpire`` for the umpire's), or None for no token: the one
    check of a token, for every way in (the API, the game page, mail's ``Token:`` line, the umpire's acts).

    *game* is a ``Game`` or a ``Head`` (``head``): a head read for this token already holds the seat it
    found, so no second read is made; otherwise the seat is read by the token's hash.

    :raises BadToken: a token that belongs to no seat of this game.
    """
    if not token:
        return None
    h = hash_token(token)
    if secrets.compare_digest(h, game.umpire_token_hash):
        return "umpire"
    if isinstance(game, Head) and game.token_hash == h:
        role = game.seat_role
    else:
        role = session.connection().execute(_SEAT_BY_TOKEN, {"gid": game.id, "h": h}).scalar()
    if role is None:
        raise BadToken("this token belongs to no seat of this game")
    return role


def require_seat(session: Session, game, token: str | None) -> str:
    """The seat a token speaks for (``whose_token``), where a seat is needed (a move, a preview).

    :raises Unauthorized, Forbidden, BadToken: no token, the umpire's token, a token of no seat of this game.
    """
    role = whose_token(session, game, token)
    if role is None:
        raise Unauthorized("a seat token is needed: send 'Authorization: Bearer <token>'")
    if role == "umpire":
        raise Forbidden("the umpire token cannot move for a seat; use the seat's token")
    return role


@dataclass(slots=True)
class Head:
    """What the move path reads of a game (``head``), with the seat the request's token is of, if any."""

    id: str
    seq: int
    status: str
    result: dict | None
    revealed: bool
    umpire_token_hash: str
    seat_role: str | None  #: the seat whose token hash is *token_hash*, or None
    token_hash: str


_G, _ST = Game.__table__.c, Seat.__table__.c
#: Core statements (run on the session's connection: no ORM execution step on the move path).
_SEAT_BY_TOKEN = select(_ST.role).where(_ST.game_id == bindparam("gid"), _ST.token_hash == bindparam("h"))
_HEAD = (select(_G.id, _G.seq, _G.status, _G.result, _G.revealed, _G.umpire_token_hash, _ST.role)
         .select_from(Game.__table__)
         .outerjoin(Seat.__table__, (_ST.game_id == _G.id) & (_ST.token_hash == bindparam("h")))
         .where(_G.id == bindparam("gid")))


def head(session: Session, gid: str, token: str | None = None) -> Head:
    """The game's id, position and state of play, and the seat *token* is of, in one query (the move path;
    ``whose_token`` then needs no read of its own).

    :raises NotFound: no such game.
    """
    h = hash_token(token) if token else ""
    row = session.connection().execute(_HEAD, {"gid": gid, "h": h}).first()
    if row is None:
        raise NotFound(f"no game {gid!r}")
    return Head(*row, h)


def require_umpire(session: Session, game: Game, token: str | None) -> None:
    role = whose_token(session, game, token)
    if role is None:
        raise Unauthorized("the umpire token is needed: send 'Authorization: Bearer <token>'")
    if role != "umpire":
        raise Forbidden("only the umpire token may do this; a seat token may not")


def summary(game: Game) -> dict:
    ended = game.result is not None  # resigned or abandoned: nobody is asked to act any more
    return {"id": game.id, "game": game.game, "scenario": game.scenario, "title": game.title,
            "seq": game.seq, "status": game.status, "waiting_for": [] if ended else engine.active_roles(game.state),
            "outcome": game.result or engine.outcome(game.state), "commitment": game.commitment,
            "created_at": game.created_at.isoformat() + "Z", "updated_at": game.updated_at.isoformat() + "Z"}


def list_games(session: Session, limit: int = 100, offset: int = 0) -> list[dict]:
    rows = session.execute(select(Game).order_by(Game.created_at.desc()).limit(limit).offset(offset)).scalars()
    return [summary(g) for g in rows]


def game_listing(session: Session, limit: int, offset: int = 0) -> tuple[int, list[dict]]:
    """The games for the landing page (issue 27): how many there are, and *limit* of them from *offset*, the
    latest active first (``updated_at``: a move or an umpire's act). Each is its ``summary`` with ``players``
    (role -> player), ``last_move`` (when its current position was reached: its last move, or its setup)
    and ``due`` (role -> when that waiting seat's decision is due, for an active game with a move deadline).
    Reads only: a deadline not yet made is worked out as ``service.deadlines.due`` would make it, not stored."""
    total = session.execute(select(func.count()).select_from(Game)).scalar_one()
    rows = session.execute(
        select(Game, Move.created_at, MailGame.deadline_hours, MailGame.updated_at)
        .outerjoin(Move, (Move.game_id == Game.id) & (Move.seq == Game.seq))
        .outerjoin(MailGame, MailGame.game_id == Game.id)
        .order_by(Game.updated_at.desc(), Game.id).limit(limit).offset(offset)).all()
    ids = [g.id for g, *_ in rows]
    players: dict[str, dict[str, str]] = {gid: {} for gid in ids}
    for gid, role, player in session.execute(select(Seat.game_id, Seat.role, Seat.player)
                                             .where(Seat.game_id.in_(ids))):
        players[gid][role] = player
    made = {(d.game_id, d.seq, d.role): d.due_at for d in session.execute(  # the current positions' only
        select(Deadline).join(Game, (Game.id == Deadline.game_id) & (Game.seq == Deadline.seq))
        .where(Deadline.game_id.in_([g.id for g, _, hours, _ in rows if hours]))).scalars()}
    out = []
    for game, moved_at, hours, set_at in rows:
        item = summary(game)
        reached = moved_at or game.updated_at
        due = {}
        if hours and game.status == "active":  # a paused game's deadlines wait (mail.deadlines)
            for role in item["waiting_for"]:
                at = made.get((game.id, game.seq, role)) or max(reached, set_at) + timedelta(hours=hours)
                due[role] = at.isoformat() + "Z"
        out.append({**item, "players": players[game.id], "last_move": reached.isoformat() + "Z", "due": due})
    return total, out


def prompts(game: Game, viewer: str | None = None) -> dict:
    """What each role that must act now is asked, with its legal orders (nobody, once the game ended), as
    *viewer* (a seat, ``umpire`` or None for the public) may see it (``engine.open_prompt``: a game with hidden
    units shows the others only who is awaited)."""
    if game.result is not None:
        return {}
    return {r: engine.open_prompt(game.game, engine.prompt(game.state, r), viewer)
            for r in engine.active_roles(game.state)}


def game_view(game: Game, role: str | None) -> dict:
    """What *role* (a seat, ``umpire`` or None for the public) may see: built from engine.view."""
    view_role = role if role in engine.definition(game.game).roles else "public"
    return {**summary(game), "role": role or "public", "view": engine.view(game.state, view_role),
            "prompts": prompts(game, role)}


def public_outcome(rec: dict, revealed: bool) -> dict:
    """An outcome record as players see it: a shuffle stays hidden until the seed is revealed, its order,
    its items and its label (the setup shuffle of a game whose deck was shuffled at setup names a card in
    it: "shuffle A34 into the bottom of pile 1" tells everyone where Munich is)."""
    if rec.get("kind") == "shuffle" and not revealed:
        return ({k: v for k, v in rec.items() if k not in ("value", "items", "label")}
                | {"size": len(rec.get("items", [])), "label": "a shuffle (hidden until the seed is revealed)"})
    return rec


def hides_orders(game: Game) -> bool:
    """Whether *game*'s orders name what the other seats may not see while it goes on: a game whose prompts
    are not open (``GameDefinition.open_prompts`` False; The First Arab-Israeli War's orders name the units of
    hidden stacks, 21.0). Its move log then shows each order whole only to the seat that gave it and the
    umpire (``order_as_seen``); its log lines are public, but those the engine writes to one seat alone
    (``engine.log_for``)."""
    return (not engine.definition(game.game).open_prompts and game.result is None
            and not engine.outcome(game.state))


def order_as_seen(action: str, role: str, viewer: str | None) -> str:
    """The order *action* of *role* as *viewer* (a seat, ``umpire`` or None for the public) may read it in a
    game that hides its orders (``hides_orders``): whole for the seat itself and the umpire, else its first
    word only (``place``, ``move``, ``end``), its arguments hidden."""
    if viewer in ("umpire", role):
        return action
    verb, _, arg = action.partition(" ")
    return f"{verb} (hidden)" if arg else verb


def _entry(m, revealed: bool, viewer: str | None = "umpire", hide: bool = False) -> dict:
    return {"seq": m.seq, "role": m.role, "action": order_as_seen(m.action, m.role, viewer) if hide else m.action,
            "log": engine.log_for(m.log, viewer), "outcomes": [public_outcome(o, revealed) for o in m.outcomes],
            "at": m.created_at.isoformat() + "Z"}


def move_log(session: Session, game: Game, viewer: str | None = None) -> list[dict]:
    """The moves of *game* as *viewer* (a seat, ``umpire`` or None: the public) may read them: every order
    whole, but in a game that hides its orders while it goes on (``hides_orders``), the others' orders
    reduced to their first word."""
    rows = session.execute(select(Move).where(Move.game_id == game.id).order_by(Move.seq)).scalars()
    hide = hides_orders(game)
    return [_entry(m, game.revealed, viewer, hide) for m in rows]


def undone_log(session: Session, game: Game, viewer: str | None = None) -> list[dict]:
    """The moves the umpire rolled back (``undone_moves``), each marked undone with the rollback (the id of
    its event) that undid it, in the order they were undone; their orders as *viewer* may read them
    (``move_log``)."""
    rows = session.execute(select(UndoneMove).where(UndoneMove.game_id == game.id)
                           .order_by(UndoneMove.rollback_id, UndoneMove.seq)).scalars()
    hide = hides_orders(game)
    return [{**_entry(m, game.revealed, viewer, hide), "undone": True, "rollback": m.rollback_id,
             "undone_at": m.undone_at.isoformat() + "Z"} for m in rows]


def events(session: Session, game: Game) -> list[dict]:
    rows = session.execute(select(GameEvent).where(GameEvent.game_id == game.id).order_by(GameEvent.id)).scalars()
    return [{"id": e.id, "at_seq": e.at_seq, "kind": e.kind, "by": e.by, "data": e.data,
             "at": e.created_at.isoformat() + "Z"} for e in rows]


def event_text(e: dict) -> str:
    """One line of the text log for an umpire act or a service event."""
    d = e["data"] or {}
    what = {
        "paused": "paused the game",
        "resumed": "resumed the game",
        "seat-replaced": "gave the umpire a new token; the old one is revoked" if d.get("role") == "umpire" else
                         f"gave the {d.get('role')} seat to {d.get('player') or 'a new player'} "
                         f"(was {d.get('player_before') or 'unnamed'}); the old token is revoked",
        "move-entered": f"entered a move for the {d.get('role')} seat (submission {d.get('submission')})",
        "resigned": f"{d.get('role')} resigned",
        "abandoned": "abandoned the game",
        "corrected": f"corrected the position: {d.get('text')}",
        "imported": f"imported the game (exported by engine {d.get('engine_version')})",
        "seed-revealed": "revealed the seed " + str(d.get("seed", "")),
        "rekeyed": f"gave the game a new seed (key {d.get('epoch')}), committed to {d.get('commitment')}",
        "deadline-extended": f"extended the deadline by {d.get('hours')} hour(s): "
                             + ", ".join(f"{r} by {t}" for r, t in (d.get("due") or {}).items()),
        "rolled-back": f"rolled the game back from position {d.get('from_seq')} to {d.get('to')}, undoing "
                       f"{len(d.get('undone', []))} action(s)",
        "tournament-ruling": f"ruled the game {d.get('status')} for tournament {d.get('tournament')}: "
                             + ", ".join(f"{p} {o}" for p, o in (d.get("outcome") or {}).items()),
    }.get(e["kind"], e["kind"])
    who = f"{e['by']} ({d['via']})" if d.get("via") else e["by"]  # the instance holder, without a token
    line = f"[after {e['at_seq']}] {who}: {what}"
    if d.get("reason"):
        line += f" (reason: {d['reason']})"
    if d.get("result"):
        line += f"; result: {d['result'].get('winner') or 'no winner'} ({d['result'].get('reason')})"
    for o in d.get("superseded", []):
        shown = f" -> {o['value']}" if "value" in o and o.get("kind") != "shuffle" else ""
        line += f"\n      superseded: action {o['seq']} {o.get('label') or o.get('kind')}{shown}"
    return line + "\n"


def undone_text(entries: list[dict]) -> str:
    return "".join(f"[undone by rollback {e['rollback']}] " + line + "\n"
                   for e in entries for line in log_text([e]).splitlines()[:1])


def chain_events(session: Session, game: Game) -> list[dict]:
    """The events that are links of the game's chain (rollbacks, new seeds) and the reveals, in order: what
    a verifier needs besides the moves (docs/dice.md)."""
    return [e for e in events(session, game) if e["kind"] in ("rolled-back", "rekeyed", "seed-revealed")]


def keys(session: Session, game: Game) -> list[dict]:
    """The game's keys in order: ``{"epoch", "commitment", "seed"}``, each earlier seed
    revealed (a game is re-keyed only once its seed is known), the current one once the game reveals it."""
    rows = session.execute(select(GameEvent.data).where(GameEvent.game_id == game.id, GameEvent.kind == "rekeyed")
                           .order_by(GameEvent.id)).scalars().all()
    out = [{"epoch": d["epoch"] - 1, "commitment": d["previous_commitment"], "seed": d.get("previous_seed")}
           for d in rows]
    out.append({"epoch": len(rows), "commitment": game.commitment,
                "seed": open_seed(session, game).hex() if game.revealed else None})
    return out


def dice_record(session: Session, game: Game) -> dict:
    """The game's dice (GET /dice): the commitments, every outcome with its inputs (the undone moves' too),
    the chain's events, the seed once revealed. ``umpire verify`` takes this as it is. It is public: a game
    that hides its orders while it goes on (``hides_orders``) gives their first words only, and says so
    (``orders_hidden``); its whole record is the umpire's export until it ends."""
    ks = keys(session, game)
    hidden = {"orders_hidden": True} if hides_orders(game) else {}
    return {**hidden,"format": "umpire-dice/1", "id": game.id, "game": game.game, "scenario": game.scenario,
            "options": game.options or {}, "commitment": game.commitment, "revealed": game.revealed,
            "seed": ks[-1]["seed"], "keys": ks, "digest": game.digest, "seq": game.seq,
            "moves": [{k: m[k] for k in ("seq", "role", "action", "outcomes")} for m in move_log(session, game)],
            "undone": [{k: m[k] for k in ("seq", "role", "action", "outcomes", "rollback")}
                       for m in undone_log(session, game)],
            "events": chain_events(session, game)}


def reveal_seed(session: Session, game: Game, by: str = "umpire", going_on: bool = False) -> str:
    """Reveals the current seed (the game's end, or the umpire for a dispute: *going_on*); recorded in the
    log. A game still going on is re-keyed at once (``rekey``): no move is ever judged under a revealed seed
    (docs/dice.md, "A revealed seed")."""
    if not game.revealed:
        seed = open_seed(session, game).hex()
        game.revealed = True
        session.add(GameEvent(game_id=game.id, at_seq=game.seq, kind="seed-revealed", by=by,
                              data={"seed": seed, "commitment": game.commitment}))
        touch(game)
        session.flush()
        if going_on and game.status in ("active", "paused") and game.result is None \
                and not engine.outcome(game.state):
            if engine.order_fixed_by_seed(game.state):  # its deck shuffled at setup: it cannot go on fairly
                game.status = "paused"
                session.add(GameEvent(game_id=game.id, at_seq=game.seq, kind="paused", by="service", data={
                    "reason": "the seed was revealed, and this game (made before cards were drawn as the rules "
                              "reveal them) keeps its deck order in its state: it cannot go on fairly; the "
                              "umpire may abandon it"}))
            else:
                rekey(session, game, by, "the seed was revealed while the game goes on")
        return seed
    return _revealed_seed(session, game)


def _revealed_seed(session: Session, game: Game) -> str:
    return session.execute(select(GameEvent.data).where(GameEvent.game_id == game.id,
                                                        GameEvent.kind == "seed-revealed")
                           .order_by(GameEvent.id.desc()).limit(1)).scalar_one()["seed"]


class CannotRekey(ServiceError):
    status = 409
    code = "cannot-rekey"


def rekey(session: Session, game: Game, by: str, reason: str, unknown_seed: bool = False) -> dict:
    """Gives a game whose seed is revealed a new seed: its commitment is published in a
    ``rekeyed`` event, which is a link of the chain (``dice.rekey_digest``), so every later outcome comes
    from a seed nobody knows. The revealed seed stays in the event for verifiers.

    :raises CannotRekey: the seed is not revealed (nothing to do), or the game stores an order its revealed
        seed tells (a deck shuffled at setup, ``engine.order_fixed_by_seed``): it cannot go on fairly.
    """
    if not game.revealed and not unknown_seed:
        raise CannotRekey(f"the seed of game {game.id} is not revealed: it keeps its seed")
    if engine.order_fixed_by_seed(game.state):
        raise CannotRekey(f"game {game.id} was made before Umpire drew cards as the rules reveal them: its deck "
                          "order is in its state and the revealed seed tells it, so it cannot go on fairly under "
                          "a new seed; the umpire may abandon it")
    old_seed = None if unknown_seed else _revealed_seed(session, game)
    epoch = session.execute(select(func.count()).select_from(GameEvent).where(
        GameEvent.game_id == game.id, GameEvent.kind == "rekeyed")).scalar_one() + 1
    seed = secrets.token_bytes(32)
    previous = game.commitment
    game.commitment = dice.commitment(seed)
    game.seed = sealed_seed(session, game.id, seed)
    game.revealed = False
    game.digest = dice.rekey_digest(game.digest, game.commitment)
    session.add(GameEvent(game_id=game.id, at_seq=game.seq, kind="rekeyed", by=by,
                          data={"epoch": epoch, "commitment": game.commitment, "previous_commitment": previous,
                                "previous_seed": old_seed, "digest": game.digest, "reason": reason}))
    touch(game)
    session.flush()
    return {"id": game.id, "epoch": epoch, "commitment": game.commitment}


def log_text(entries: list[dict]) -> str:
    lines = []
    for e in entries:
        lines.append(f"[{e['seq']}] {e['role']}: {e['action']}")
        for item in e["log"]:
            mark = {"h1": "== ", "h2": "-- "}.get(item.get("kind"), "   ")
            lines.append(mark + item["text"])
        for o in e["outcomes"]:
            if "value" in o and o.get("kind") != "shuffle":
                lines.append(f"      chance: {o.get('label', o['kind'])} -> {o['value']}")
    return "\n".join(lines) + ("\n" if lines else "")


def export(session: Session, game: Game) -> dict:
    """The whole record of a game for the umpire: settings, seats (no tokens), every move with its outcome
    records, the keys and, once revealed, their seeds; with the current seed revealed, the state and the
    snapshots' hashes too (hidden state stays hidden until then)."""
    seats = session.execute(select(Seat).where(Seat.game_id == game.id).order_by(Seat.role)).scalars()
    out = {"format": "umpire-export/1", **summary(game), "options": game.options,
           "engine_version": game.engine_version, "rules_version": game.rules_version, "rulings": game.rulings,
           "data_version": game.data_version, "result": game.result,
           "seats": [{"role": s.role, "player": s.player, "entropy": s.entropy} for s in seats],
           "moves": move_log(session, game, "umpire"), "undone": undone_log(session, game, "umpire"),
           "events": events(session, game), "digest": game.digest, "keys": keys(session, game)}
    out["seed"] = out["keys"][-1]["seed"]
    if game.revealed:
        out["state"] = game.state
        out["state_hash"] = canonical.digest(game.state)
        snaps = session.execute(select(Snapshot.seq, Snapshot.state).where(Snapshot.game_id == game.id)
                                .order_by(Snapshot.seq))
        out["snapshots"] = [{"seq": seq, "state_hash": canonical.digest(st)} for seq, st in snaps]
    return out


def touch(game: Game) -> None:
    game.updated_at = now()
