"""The inbound pipeline, the same for SMTP, IMAP and the webhook.

``receive`` stores the raw message first (one row per Message-ID, so a message seen twice, even at the
same moment, is handled once) and is all a transport does before acknowledging. ``handle`` then reads
it: an automatic message is ignored (never answered); a message over a limit, for an unknown game, or
without a seat's secret is refused; a command is answered; a move is submitted with
``service.adjudication.store``, like the API's, and answered when its verdict is in (``notices``).

Whatever becomes of a message, every seat token is then cut out of the stored copy (``mail.scrub``).
Wrong ``Token:`` lines are counted per sender, and a seat's right token from the seat's own address is
taken even while that address is throttled (``_by_token``). A mail
no seat token proves is answered only to its sender, at most once a window, and only once ever to an
address that is no seat's (``_unproven_answer``). Each try of a message is counted; one that has failed
``MAX_TRIES`` times is given up, marked failed and reported to the umpire (``handle``).
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email import policy as email_policy
from email.errors import MessageError

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

import engine
from engine.core.errors import EngineError
from engine.core.moves import parse_move_file
from service import addresses, adjudication, strict_json, throttle
from service import games as G
from service.errors import ServiceError
from service.mail_models import InboundMail, MailGame, MailSeat, OutboundMail
from service.models import Game, Seat, now
from service.throttle import TooManyBadTokens
from service.tokens import hash_token

from . import auth, compose, confirm
from .config import MailSettings
from .outbound import outbox
from .parse import (
    Letter,
    Refusal,
    addr_of,
    automatic,
    check_structure,
    game_hints,
    header_address,
    header_message_id,
    parse_bytes,
    plain_address,
    read_letter,
    references_of,
    reply_address,
)
from .scrub import clean_text, scrub

log = logging.getLogger("umpire.mail")
#: Bytes of an oversized message kept (its headers, to answer it); the rest is not stored.
HEAD_BYTES = 64 * 1024
#: Tries of one stored message: a message whose handling has raised this many times is not read again,
#: but marked failed and reported to the umpire.
MAX_TRIES = 5
#: ``reason`` of a message still ``received``: how many tries have begun, and the last one's error.
TRIES = re.compile(r"tries (\d+)(?:; last error: (.*))?\Z", re.S)


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
    """Reads and acts on a stored message, once (a row already handled is left alone).

    Each try is counted first, in a transaction of its own (``_begin_try``), so that a message that makes
    the handling raise (the database, a rules bug, or a worker killed on it) is tried at most ``MAX_TRIES``
    times: the next try gives it up (``_give_up``: failed, reported to the umpire) instead of reading it.
    The count also moves the row to the back of the sweep's queue (``updated_at``), behind real mail.
    """
    status, tries = _begin_try(Session, inbound_id)
    if status != "received":
        return Handled(status)
    try:
        return _handle(Session, s, inbound_id, tries)
    except Exception as e:
        _note_error(Session, inbound_id, e)
        raise


def _handle(Session: sessionmaker, s: MailSettings, inbound_id: int, tries: int) -> Handled:
    with Session() as session, session.begin():
        row = session.execute(select(InboundMail).where(InboundMail.id == inbound_id).with_for_update()
                              ).scalar_one_or_none()
        if row is None or row.status != "received":
            return Handled(row.status if row else "missing")
        out = Handled("received")
        last_error = _tries_of(row.reason)[1]
        row.reason = ""
        if tries > MAX_TRIES:
            _give_up(session, s, row, out, f"failed after {MAX_TRIES} tries: "
                                           f"{last_error or 'no error was kept (a worker stopped while reading it?)'}")
        else:
            try:
                _route(session, s, row, out)
            except Refusal as r:
                row.status, row.reason = "refused", f"{r.code}: {r.message}".replace("\x00", "")  # PostgreSQL text
                _answer_refusal(session, s, row, out, r)
            except (SQLAlchemyError, EngineError):
                raise  # the database (retried by the task) or a rules bug: tried again, MAX_TRIES at most
            except Exception as e:  # a message that breaks the parser: kept, marked, not retried for ever
                log.exception("inbound message %s could not be read", inbound_id)
                _give_up(session, s, row, out, f"internal: {type(e).__name__}: {e}")
        row.raw = scrub(row.raw, _known_tokens(session))  # whatever became of it (mail.scrub)
        row.updated_at = now()
        out.status = row.status
        return out


def _tries_of(reason: str | None) -> tuple[int, str]:
    """How many tries of a ``received`` message have begun, and the last one's error ('' if none)."""
    m = TRIES.match(reason or "")
    return (int(m.group(1)), m.group(2) or "") if m else (0, "")


def _begin_try(Session: sessionmaker, inbound_id: int) -> tuple[str, int]:
    """Counts one more try of a ``received`` message (committed before it is read): ``(status, tries)``."""
    with Session() as session, session.begin():
        row = session.execute(select(InboundMail).where(InboundMail.id == inbound_id).with_for_update()
                              ).scalar_one_or_none()
        if row is None or row.status != "received":
            return (row.status if row else "missing"), 0
        n, last = _tries_of(row.reason)
        row.reason = f"tries {n + 1}" + (f"; last error: {last}" if last else "")
        row.updated_at = now()
        return "received", n + 1


def _note_error(Session: sessionmaker, inbound_id: int, e: Exception) -> None:
    """Keeps the error of a try that raised (shown when the message is given up). A lost database
    connection is not the message's fault: that try is not counted."""
    lost = isinstance(e, OperationalError) and getattr(e, "connection_invalidated", False)
    error = clean_text(f"{type(e).__name__}: {e}".replace("\x00", ""))[0][:1000]
    try:
        with Session() as session, session.begin():
            row = session.get(InboundMail, inbound_id)
            if row is not None and row.status == "received":
                n = _tries_of(row.reason)[0] - (1 if lost else 0)
                row.reason = f"tries {max(n, 0)}; last error: {error}"
    except Exception:
        log.exception("could not note the error of inbound message %s", inbound_id)


def _give_up(session: Session, s: MailSettings, row: InboundMail, out: Handled, reason: str) -> None:
    """Marks *row* failed and reports it: to the game's umpire (``MailGame.umpire_email``) when the game
    is known and has one, and in the log (and ``umpire mail inbox --failed``) always."""
    row.status, row.reason = "failed", clean_text(reason.replace("\x00", ""))[0][:2000]
    gid = row.game_id or _game_of_headers(session, row)
    row.game_id = gid
    log.error("inbound message %s (game %s) failed and will not be tried again: %s", row.id, gid or "unknown",
              row.reason)
    mg = session.get(MailGame, gid) if gid else None
    if not (mg and mg.umpire_email and s.enabled):
        return
    sender = _sender(row) or "an address Umpire will not write to"
    blocks = [("h", f"A mail to game {gid} could not be handled"),
              ("p", f"Message #{row.id} from {sender}, received {compose.when(row.created_at)}, was not "
                    f"applied and its sender was not answered: {row.reason}"),
              ("p", "Ask the sender to send it again. 'umpire mail inbox --failed' lists such messages.")]
    try:
        msg = compose.build(s, gid, mg.umpire_email, f"a mail could not be handled (#{row.id})", blocks)
    except (ValueError, TypeError) as e:  # an address the mail library refuses
        log.error("could not report inbound message %s to the umpire: %s", row.id, e)
        return
    oid = outbox(session, f"failed:{row.id}", "report", gid, msg)
    if oid:
        out.outbox_ids.append(oid)


def _game_of_headers(session: Session, row: InboundMail) -> str | None:
    """The game a message is for, from its headers and envelope alone (its body may be what fails)."""
    try:
        msg = parse_bytes(_head(row.raw))
        hints = game_hints(msg, list(row.envelope_to or []), [])
    except Exception:
        return None
    return next((g for g in hints if session.get(Game, g) is not None), None)


def _known_tokens(session: Session):
    """Which of some words are tokens of this service (a seat's or an umpire's), by their hashes."""
    def known(words: set[str]) -> set[str]:
        by_hash = {hash_token(w): w for w in words}
        hashes, found = list(by_hash), set()
        for i in range(0, len(hashes), 500):
            chunk = hashes[i:i + 500]
            found |= set(session.execute(select(Seat.token_hash).where(Seat.token_hash.in_(chunk))).scalars())
            found |= set(session.execute(select(Game.umpire_token_hash).where(Game.umpire_token_hash.in_(chunk))
                                         ).scalars())
        return {by_hash[h] for h in found}
    return known


def _reply(session: Session, s: MailSettings, row: InboundMail, out: Handled, subject: str, blocks,
           to: str | None = None, key: str | None = None) -> None:
    """The one answer to *row* (key ``reply:<id>`` unless *key*), to *to* (its ``reply_to`` by default),
    without attachment. An answer the mail library cannot write is logged, not raised: the message's
    handling stands."""
    to = row.reply_to if to is None else to
    try:
        msg = compose.build(s, row.game_id, to, subject, blocks, in_reply_to=row.message_id,
                            references=references_of(row.raw))
        msg.as_bytes(policy=email_policy.SMTP)  # as the outbox will write it
    except (ValueError, TypeError, MessageError) as e:  # a header the mail library refuses
        log.warning("inbound message %s is not answered: %s", row.id, e)
        return
    oid = outbox(session, key or f"reply:{row.id}", "reply", row.game_id, msg)
    if oid:
        out.outbox_ids.append(oid)


def _sender(row: InboundMail, msg=None) -> str:
    """Who sent *row*, as far as mail tells: the SMTP envelope sender, else the From address, if it is one
    plain address (never a Reply-To); '' otherwise."""
    if row.source == "smtp" and row.envelope_from and row.envelope_from != "<>":
        return plain_address(addr_of(row.envelope_from))
    try:
        msg = msg if msg is not None else parse_bytes(_head(row.raw))
    except Exception:  # headers the parser cannot read
        return ""
    return header_address(msg, "From")


def _seat_addresses(session: Session, gid: str | None, role: str | None = None, confirmed: bool = False
                    ) -> set[str]:
    """The addresses (lower case) that belong to a seat of game *gid* (or to *role* alone): mailed from with
    the seat's token (``MailSeat.address``), or given for the seat (``Seat.email``) and, without *role*, the
    umpire's. *confirmed*: a given address only once its owner confirmed it (``mail.confirm``)."""
    if not gid:
        return set()
    q = select(Seat.email).where(Seat.game_id == gid)
    m = select(MailSeat.address).where(MailSeat.game_id == gid)
    if role is not None:
        q, m = q.where(Seat.role == role), m.where(MailSeat.role == role)
    given = set(session.execute(q).scalars())
    if role is None:
        mg = session.get(MailGame, gid)
        given.add(mg.umpire_email if mg else "")
    if confirmed:
        given = {a for a in given if a and addresses.is_confirmed(session, gid, a)}
    out = given | set(session.execute(m).scalars())
    return {addresses.normal(a) for a in out if a and a.strip()}


def _unproven_answer(session: Session, s: MailSettings, row: InboundMail, msg=None) -> tuple[str, str] | None:
    """Where, and under which outbox key, to answer a mail no seat token proves (a refusal, HELP), or None
    not to answer it (a forged sender must not turn Umpire into a mail cannon).

    Only to its sender (``_sender``: never a Reply-To); at most once a window (the bad-token window) to an
    address of a seat of the game (proven by its token, or confirmed by its owner); once ever to any other
    address. The outbox's unique key is the limit: ``answer:<hash>`` for an address that is no seat's,
    ``answer:<hash>:<window number>`` for a seat's (and none if the last window's answer is less than a
    window old)."""
    to = _sender(row, msg)
    if not to:
        return None
    h = hashlib.sha256(to.lower().encode()).hexdigest()[:40]
    if to.lower() not in _seat_addresses(session, row.game_id, confirmed=True):
        key = f"answer:{h}"
        return None if _written(session, key) else (to, key)
    window = throttle.current().window
    at = now()
    n = int((at - datetime(1970, 1, 1)).total_seconds() // window)
    key = f"answer:{h}:{n}"
    if _written(session, key):
        return None
    last = session.execute(select(OutboundMail.created_at).where(OutboundMail.key == f"answer:{h}:{n - 1}")).scalar()
    if last is not None and last > at - timedelta(seconds=window):
        return None
    return to, key


def _written(session: Session, key: str) -> bool:
    return session.execute(select(OutboundMail.id).where(OutboundMail.key == key)).first() is not None


def _answer_refusal(session: Session, s: MailSettings, row: InboundMail, out: Handled, r: Refusal) -> None:
    """The answer to a refused mail: as any answer to its seat when it carried the seat's right token
    (``row.role``), else as ``_unproven_answer`` allows."""
    if not s.enabled:
        return
    blocks = [("h", "Your mail was refused; nothing was changed."), ("p", r.message),
              ("p", "Send HELP to the game's address for how to write an order mail.")]
    if row.role:
        if row.reply_to:
            _reply(session, s, row, out, "refused: " + r.code, blocks)
        return
    where = _unproven_answer(session, s, row)
    if where:
        _reply(session, s, row, out, "refused: " + r.code, blocks, to=where[0], key=where[1])


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
    senders = ((_sender(row, msg) or "(no sender)").lower(), header_address(msg, "From").lower())
    if row.size > s.max_bytes:
        known = [g for g in game_hints(msg, list(row.envelope_to or []), []) if session.get(Game, g)]
        row.game_id = known[0] if known else None  # from the headers: the body was not kept
        raise Refusal("too-large", f"the message is {row.size} bytes; at most {s.max_bytes} are accepted "
                                   f"(send the orders as text, or attach only the move file)")
    check_structure(msg, s)
    letter = read_letter(msg, list(row.envelope_to or []))
    if letter.command == "CONFIRM":  # the answer to a confirmation mail: its code proves it, no token (mail.confirm)
        done = confirm.by_mail(session, letter)
        row.game_id, row.status, out.answer_game = done.game_id, "answered", done.game_id  # "your move" may go
        if s.enabled:  # once, to the address confirmed
            _reply(session, s, row, out, done.subject, done.blocks, to=done.address, key=done.key)
        return
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
        role = _by_token(session, game, letter.token, senders) if letter.token else None
        blocks = compose.help_blocks(game.id, game.game, s.game_addr(game.id), role, G.prompts(game, role))
        row.status = "answered"
        where = (row.reply_to, None) if role else _unproven_answer(session, s, row, msg)
        if s.enabled and where and where[0]:
            _reply(session, s, row, out, "how to play by mail", blocks, to=where[0], key=where[1])
        return
    if letter.token:
        role, move = _by_token(session, game, letter.token, senders), letter.move
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
        sub, new = adjudication.store(session, game.id, move, letter.move_kind, role=role)
    except ServiceError as e:  # the game is paused or over (service.control.refusal)
        raise Refusal(e.code, e.message) from None
    row.submission_id, row.status = sub["id"], "submitted"
    if new:
        out.submission_id = sub["id"]
    else:
        out.answer_game = game.id  # the same move again: answered with its verdict when it has one


def _by_token(session: Session, game: Game, token: str, senders: tuple[str, str]) -> str:
    """``auth.by_token``, throttled per sender (``service.throttle``, key ``mail:<game id>:<hash of source>``;
    *senders*: the source, ``_sender`` in lower case, then the From address).

    After too many bad ``Token:`` lines for one game from one sender, that sender's mail with a Token: line
    is refused for the window, right token or wrong (so a guess says nothing), saying why. The count is
    per sender, not per game, so a stranger's guesses do not refuse every player's mail. Since a sender
    can be forged, the seat's own addresses (``_seat_addresses``) are not locked out either: a right
    token for a seat, mailed from one of that seat's addresses (envelope sender or From), is taken even
    while the address is throttled.
    """
    t, source = throttle.current(), senders[0]
    key = f"mail:{game.id}:{hashlib.sha256(source.encode()).hexdigest()[:32]}"
    left = t.blocked(key)
    if left is not None:
        role = _seat_of(session, game, token)
        if role is not None and _seat_addresses(session, game.id, role) & set(senders):
            return role
        why = TooManyBadTokens(left, f"Token: lines for game {game.id}", source=source, each="mail")
        raise Refusal(why.code, why.message)
    try:
        return auth.by_token(session, game, token)
    except Refusal as r:
        if r.code == "bad-token" and not secrets.compare_digest(hash_token(token), game.umpire_token_hash):
            t.failed(key)  # a wrong token (the umpire's own, refused for a seat, is not a guess)
        raise


def _seat_of(session: Session, game: Game, token: str) -> str | None:
    """The seat *token* is the right token of, or None."""
    try:
        return auth.by_token(session, game, token)
    except Refusal:
        return None


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
                  ("pre", G.log_text(G.move_log(session, game, role)) or "(no moves yet)")]
        subject = "log"
    row.status = "answered"
    if s.enabled:
        _reply(session, s, row, out, subject, blocks)
