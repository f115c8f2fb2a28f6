"""The inbound pipeline, the same for SMTP, IMAP and the webhook.

``receive`` stores the raw message first (one row per Message-ID, so a message seen twice, even at the
same moment, is handled once) and is all a transport does before acknowledging. ``handle`` then reads
it (the ``Token:`` line's token is then removed from the stored message): an automatic message is
ignored (never answered); a message over a limit, for an unknown game, or
without a seat's secret is refused with one answer; a command is answered; a move is submitted with
``service.adjudication.submit_as``, like the API's, and answered when its verdict is in (``notices``).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

import engine
from engine.core.errors import EngineError
from engine.core.moves import parse_move_file
from service import adjudication, strict_json, throttle
from service import games as G
from service.errors import ServiceError
from service.models import Game, now
from service.throttle import TooManyBadTokens
from service.tokens import hash_token

from . import auth, compose
from .config import MailSettings
from .models import InboundMail, MailSeat
from .outbound import outbox
from .parse import (
    Letter,
    Refusal,
    automatic,
    check_structure,
    game_hints,
    header_message_id,
    parse_bytes,
    read_letter,
    references_of,
    reply_address,
)

log = logging.getLogger("umpire.mail")
#: Bytes of an oversized message kept (its headers, to answer it); the rest is not stored.
HEAD_BYTES = 64 * 1024


@dataclass
class Handled:
    """What ``handle`` leaves for the task to do after its commit."""

    status: str
    submission_id: str | None = None
    outbox_ids: list[int] = field(default_factory=list)
    answer_game: str | None = None


def message_key(message_id: str, raw: bytes) -> str:
    ident = message_id.strip().strip("<>").strip().lower()
    return hashlib.sha256(("mid:" + ident).encode() if ident else b"raw:" + raw).hexdigest()


def receive(Session: sessionmaker, s: MailSettings, raw: bytes, source: str, envelope_from: str | None = None,
            envelope_to: list[str] | tuple = (), size: int | None = None) -> tuple[int, bool]:
    """Stores a raw message and commits; returns ``(row id, new)``. A message over the size limit is
    kept as its headers only (enough to answer it); *size* is its size when only its headers were read."""
    mid = header_message_id(raw[:HEAD_BYTES * 4])
    key = message_key(mid, raw)
    size = max(len(raw), size or 0)
    stored = raw if size <= s.max_bytes else _head(raw)
    with Session() as session, session.begin():
        old = session.execute(select(InboundMail.id).where(InboundMail.message_key == key)).scalar_one_or_none()
        if old is not None:
            return old, False
        row = InboundMail(message_key=key, message_id=mid[:998], source=source, size=size, raw=stored,
                          envelope_from=(envelope_from or "")[:254] if envelope_from is not None else "",
                          envelope_to=[str(a)[:254] for a in envelope_to][:20], status="received")
        if envelope_from is not None and not envelope_from.strip():
            row.envelope_from = "<>"
        try:
            with session.begin_nested():
                session.add(row)
        except IntegrityError:  # the same message at the same moment, through another way in
            old = session.execute(select(InboundMail.id).where(InboundMail.message_key == key)).scalar_one()
            return old, False
        return row.id, True


def _head(raw: bytes) -> bytes:
    for sep in (b"\r\n\r\n", b"\n\n"):
        if sep in raw[:HEAD_BYTES]:
            return raw[:raw.index(sep) + len(sep)]
    return raw[:HEAD_BYTES]


def handle(Session: sessionmaker, s: MailSettings, inbound_id: int) -> Handled:
    """Reads and acts on a stored message, once (a row already handled is left alone)."""
    with Session() as session, session.begin():
        row = session.execute(select(InboundMail).where(InboundMail.id == inbound_id).with_for_update()
                              ).scalar_one_or_none()
        if row is None or row.status != "received":
            return Handled(row.status if row else "missing")
        out = Handled("received")
        try:
            _route(session, s, row, out)
        except Refusal as r:
            row.status, row.reason = "refused", f"{r.code}: {r.message}"
            if row.reply_to and s.enabled:
                blocks = [("h", "Your mail was refused; nothing was changed."), ("p", r.message),
                          ("p", "Send HELP to the game's address for how to write an order mail.")]
                _reply(session, s, row, out, "refused: " + r.code, blocks)
        except (SQLAlchemyError, EngineError):
            raise  # the database (retried by the task) or a rules bug: the message stays to be read again
        except Exception as e:  # a message that breaks the parser: kept, marked, not retried for ever
            log.exception("inbound message %s could not be read", inbound_id)
            row.status, row.reason = "failed", f"internal: {type(e).__name__}: {e}"[:2000]
        row.updated_at = now()
        out.status = row.status
        return out


def _reply(session: Session, s: MailSettings, row: InboundMail, out: Handled, subject: str, blocks) -> None:
    """The one answer to *row* (key ``reply:<id>``), without attachment."""
    msg = compose.build(s, row.game_id, row.reply_to, subject, blocks, in_reply_to=row.message_id,
                        references=references_of(row.raw))
    oid = outbox(session, f"reply:{row.id}", "reply", row.game_id, msg)
    if oid:
        out.outbox_ids.append(oid)


def _find_game(session: Session, letter: Letter, s: MailSettings) -> Game:
    for gid in letter.game_hints:
        game = session.get(Game, gid)
        if game is not None:
            return game
    named = f" ({', '.join(letter.game_hints)})" if letter.game_hints else ""
    raise Refusal("unknown-game", f"this mail names no game of this service{named}; write to the game's "
                                  f"address (game-<id>@{s.domain}) or put a line 'Game: <id>' in the body")


def _route(session: Session, s: MailSettings, row: InboundMail, out: Handled) -> None:
    msg = parse_bytes(row.raw)
    why = automatic(msg, row.envelope_from if row.source == "smtp" else None, {s.from_addr.lower()})
    if why:
        row.status, row.reason = "ignored", why  # never answered: no loops with robots or lists
        return
    row.reply_to = reply_address(msg)[:254]
    if row.size > s.max_bytes:
        known = [g for g in game_hints(msg, list(row.envelope_to or []), []) if session.get(Game, g)]
        row.game_id = known[0] if known else None  # from the headers: the body was not kept
        raise Refusal("too-large", f"the message is {row.size} bytes; at most {s.max_bytes} are accepted "
                                   f"(send the orders as text, or attach only the move file)")
    check_structure(msg, s)
    letter = read_letter(msg, list(row.envelope_to or []))
    if letter.token:  # the stored message keeps no seat token (tokens are stored hashed only)
        row.raw = row.raw.replace(letter.token.encode(), b"[token removed]")
    game = _find_game(session, letter, s)
    row.game_id = game.id
    if letter.move and letter.move_kind == "application/json":
        try:  # before anything reads it (a signature check, the move file's schema)
            strict_json.loads(letter.move.removeprefix("\ufeff"))
        except strict_json.JsonRefused as e:
            raise Refusal("malformed", f"the move file is refused: {e}") from None
        except ValueError:
            pass  # not JSON at all: the move file check below says so
    if letter.command == "HELP":
        role = _by_token(session, game, letter.token) if letter.token else None
        blocks = compose.help_blocks(game.id, game.game, s.game_addr(game.id), role, G.prompts(game))
        row.status = "answered"
        if s.enabled:
            _reply(session, s, row, out, "how to play by mail", blocks)
        return
    if letter.token:
        role, move = _by_token(session, game, letter.token), letter.move
    elif letter.move and letter.move_kind == "application/json":
        role, move = auth.by_signature(session, game, letter.move)
    else:
        raise Refusal("no-token", "the mail carries no seat secret: add a line 'Token: <your token>' to the body "
                                  "(or sign the JSON move file); the sender's address alone is not enough")
    row.role = role
    _remember(session, game.id, role, row.reply_to)
    if letter.command in ("STATUS", "LOG", "TZ"):
        _command(session, s, row, out, game, role, letter)
        return
    if not move:
        raise Refusal("no-move", "the mail holds no orders: write them one a line under the Token: line, attach a "
                                 "move file, or send a command (HELP, STATUS, LOG, CHECK)")
    if letter.move_kind == "application/json":
        try:
            parse_move_file(adjudication.decode(move, "application/json"))
        except EngineError as e:
            raise Refusal("malformed", f"the move file is malformed: {e.message}") from None
    if letter.command == "CHECK":
        verdict, _r, _b = adjudication.evaluate(session, game, role, move, letter.move_kind, preview=True)
        row.status = "answered"
        if s.enabled:
            subject = {"accepted": "check: legal", "preview-stopped": "check: legal up to the first die or draw"
                       }.get(verdict["status"], "check: would be refused")
            _reply(session, s, row, out, subject, compose.verdict_blocks(verdict, role))
        return
    try:
        sub, new = adjudication.submit_as(session, game, role, move, letter.move_kind)
    except ServiceError as e:  # the game is paused or over (service.control.refusal)
        raise Refusal(e.code, e.message) from None
    row.submission_id, row.status = sub.id, "submitted"
    if new:
        out.submission_id = sub.id
    else:
        out.answer_game = game.id  # the same move again: answered with its verdict when it has one


def _by_token(session: Session, game: Game, token: str) -> str:
    """``auth.by_token``, throttled per game (``service.throttle``, key ``mail:<game id>``): after too many
    bad ``Token:`` lines for one game, every mail to it with a Token: line is refused for a while, saying why."""
    t, key = throttle.current(), f"mail:{game.id}"
    try:
        t.check(key, f"Token: lines mailed to game {game.id}")
    except TooManyBadTokens as why:
        raise Refusal(why.code, why.message) from None
    try:
        return auth.by_token(session, game, token)
    except Refusal as r:
        if r.code == "bad-token" and not secrets.compare_digest(hash_token(token), game.umpire_token_hash):
            t.failed(key)  # a wrong token (the umpire's own, refused for a seat, is not a guess)
        raise


def _remember(session: Session, gid: str, role: str, address: str) -> None:
    """The address a seat mailed from with its secret: where its "your move" mail goes if it has none."""
    seat = session.get(MailSeat, (gid, role))
    if seat is None:
        try:
            with session.begin_nested():
                session.add(MailSeat(game_id=gid, role=role, address=address))
            return
        except IntegrityError:  # the seat's other mail, read at the same moment, made the row first
            seat = session.get(MailSeat, (gid, role))
    if address:
        seat.address = address


def _command(session: Session, s: MailSettings, row: InboundMail, out: Handled, game: Game, role: str,
             letter: Letter) -> None:
    if letter.command == "STATUS":
        row.status = "asked"  # answered with the view and the PDF outside this transaction (notices)
        out.answer_game = game.id
        return
    if letter.command == "TZ":
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
        zone = letter.command_arg.strip()
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError):
            raise Refusal("bad-zone", f"{zone or '(nothing)'} is not a time zone; write e.g. 'TZ Europe/London' "
                                      f"or 'TZ America/New_York' (IANA names)") from None
        session.get(MailSeat, (game.id, role)).tz = zone
        blocks = [("p", f"Times in your mail for game {game.id} are now also given in {zone}.")]
        subject = "time zone set"
    else:
        blocks = [("h", f"The log of game {game.id} ({engine.definition(game.game).title})"),
                  ("pre", G.log_text(G.move_log(session, game)) or "(no moves yet)")]
        subject = "log"
    row.status = "answered"
    if s.enabled:
        _reply(session, s, row, out, subject, blocks)
