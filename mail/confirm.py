"""An address is confirmed before Umpire mails it anything but its confirmation.

Whoever creates a game, sets a game's mail settings or replaces a seat names addresses; none of them proves
that the owner of an address wants this game's mail. So every address given for a game (a seat's, the
umpire's) starts unconfirmed (``service.addresses.request``: a ``mail_confirmations`` row), and:

- the mail sweep writes its one confirmation mail (``send_due``): a random code (stored hashed), no
  attachment, and no text the creator chose (no title, no player name: only the game's id, its kind and
  the seats the address was given for), with ``Reply-To`` the game's address;
- an address is sent at most one confirmation mail per window (``MailSettings.confirm_hours``), whatever
  the number of games naming it; the window is taken by one conditional UPDATE of its ``mail_addresses``
  row, so two sweeps at once cannot both send;
- the owner confirms by answering that mail (``by_mail``): the answer's subject keeps the code, so an empty
  answer does (or a line ``CONFIRM <code>``). No seat token is needed: the code proves the mail was read.
  Confirming again is answered and changes nothing. A wrong code is refused (answered to its sender);
- until then nothing else goes to the address for that game: no "your move" with its PDF, no reminder, no
  deadline notice (``service.addresses.is_confirmed``, used by ``service.deadlines.address_of`` and the deadline notices).

A tournament's players (issue 33, item 2) confirm their addresses the same way, once for the tournament: the
sweep writes each player's one mail (``_tournament_due``, the same window per address), its code kept in
``TournamentPlayer.code_hash``; ``by_mail`` looks a code up there when no game's confirmation has it. The
tournament's games then count a confirmed player's address confirmed (``service.tournaments.rounds``).

What is not concerned: the answers to a mail (they go to the mail's sender, as any answer), and the address
a seat mails from with its own token (``MailSeat.address``: the seat chose it, proving the seat).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

import engine
from service.addresses import confirm, normal
from service.mail_models import MailAddress, MailConfirmation, MailGame
from service.models import Game, Seat, now
from service.tokens import hash_token
from service.tournaments import entry as tournament_entry
from service.tournaments import mailing

from . import compose
from .config import MailSettings
from .outbound import outbox
from .parse import Letter, Refusal

#: A confirmation code: 32 hexadecimal digits (128 bits from ``secrets``).
CODE = re.compile(r"(?<![0-9a-f])([0-9a-f]{32})(?![0-9a-f])", re.I)
#: Games whose addresses are still asked to confirm (an ended game mails nobody).
LIVE = ("active", "paused")


def mark_confirmed(session: Session, gid: str, address: str) -> None:
    """Records *address* as confirmed for *gid* (the operator's act, on the server; no mail)."""
    confirm(session, gid, address)


def _seats_named(session: Session, game: Game, addr: str) -> list[str]:
    """Who *addr* is given for in *game* now: its seats' roles, and ``umpire``."""
    out = [s.role for s in session.execute(select(Seat).where(Seat.game_id == game.id)).scalars()
           if normal(s.email) == addr]
    mg = session.get(MailGame, game.id)
    if mg is not None and normal(mg.umpire_email) == addr:
        out.append("umpire")
    return out


def _take_window(session: Session, addr: str, at: datetime, window: timedelta) -> bool:
    """Takes *addr*'s confirmation window at *at*: True when no confirmation went to it in the *window*
    before (and records this one), False otherwise. One conditional UPDATE (or the row's first INSERT)."""
    taken = session.execute(update(MailAddress)
                            .where(MailAddress.address == addr,
                                   or_(MailAddress.confirm_sent_at.is_(None),
                                       MailAddress.confirm_sent_at <= at - window))
                            .values(confirm_sent_at=at).execution_options(synchronize_session=False)).rowcount
    if taken == 1:
        return True
    if session.execute(select(MailAddress.address).where(MailAddress.address == addr)).first():
        return False
    try:
        with session.begin_nested():
            session.add(MailAddress(address=addr, confirm_sent_at=at))
        return True
    except IntegrityError:  # another sweep took it first
        return False


def blocks(game: Game, addr: str, named: list[str], code: str, hours: float) -> list:
    """The confirmation mail. Nothing in it was written by whoever named the address (no title, no player
    name), so it cannot carry their message."""
    who = ", ".join("the umpire" if r == "umpire" else f"the {r.title()} seat" for r in named)
    kind = engine.definition(game.game).title
    return [
        ("h", f"Is {addr} your address for game {game.id}?"),
        ("p", f"Someone gave this address to Umpire, a play-by-mail referee for board wargames, for game {game.id} "
              f"({kind}), as {who}. Umpire sends this game's mail (your turns with the position as a PDF, "
              f"reminders, deadline notices) only to an address whose owner confirmed it."),
        ("p", "To confirm, answer this mail without changing its subject: nothing needs to be written. Or send "
              "the game's address a mail whose first line is:"),
        ("pre", f"CONFIRM {code}"),
        ("p", f"If you did not expect this mail, ignore it: nothing more is sent to this address for this game, "
              f"and no other confirmation within {hours:g} hour(s)."),
    ]


def send_due(session: Session, s: MailSettings, at: datetime | None = None) -> list[int]:
    """Writes the confirmation mails due (the mail sweep): one per unconfirmed address of a game going on
    whose mail is not written yet, when its address's window is free. Returns the outbox ids written."""
    if not s.enabled:
        return []
    at = at or now()
    window = timedelta(hours=s.confirm_hours)
    rows = session.execute(select(MailConfirmation, Game).join(Game, Game.id == MailConfirmation.game_id)
                           .where(MailConfirmation.sent_at.is_(None), MailConfirmation.confirmed_at.is_(None),
                                  Game.status.in_(LIVE))
                           .order_by(MailConfirmation.id).limit(200)).all()
    ids = []
    for row, game in rows:
        named = _seats_named(session, game, row.address)
        if not named:  # given, then replaced before its mail was written: nothing to confirm
            session.delete(row)
            continue
        if not _take_window(session, row.address, at, window):
            continue  # the next sweep after the window sends it
        code = secrets.token_hex(16)
        row.code_hash, row.sent_at = hash_token(code), at
        msg = compose.build(s, game.id, row.address, f"CONFIRM your address: {code}",
                            blocks(game, row.address, named, code, s.confirm_hours), auto="auto-generated")
        oid = outbox(session, f"confirm:{row.id}", "confirm", game.id, msg)
        if oid:
            ids.append(oid)
    ids += _tournament_due(session, s, at, window)
    session.flush()
    return ids


def _tournament_due(session: Session, s: MailSettings, at: datetime, window: timedelta) -> list[int]:
    """The confirmation mails of tournaments' players (issue 33, item 2): one per player's address, in the
    same window per address as the games' (``_take_window``). Its subject carries the tournament's id in
    Umpire's tag, so an answer that keeps it says CONFIRM and the code (``by_mail``)."""
    ids = []
    for p, t in tournament_entry.to_confirm(session):
        addr = normal(p.email)
        if not _take_window(session, addr, at, window):
            continue
        code = secrets.token_hex(16)
        tournament_entry.sent(p, code, at)
        msg = compose.build(s, None, addr, "", mailing.confirmation_blocks(t.id, t.game, addr, code, s.confirm_hours),
                            auto="auto-generated")
        del msg["Subject"]  # the tournament's id in Umpire's tag, as a game's confirmation carries the game's
        msg["Subject"] = f"[Umpire {t.id}] CONFIRM your address: {code}"
        oid = outbox(session, f"tournament-confirm:{p.id}", "confirm", None, msg)
        if oid:
            ids.append(oid)
    return ids


@dataclass
class Confirmed:
    """What ``by_mail`` did: the game (None for a tournament player's address) and address confirmed, and
    its one answer (outbox key ``key``, so confirming again is not answered again)."""

    game_id: str | None
    address: str
    first: bool
    subject: str
    blocks: list
    key: str


def by_mail(session: Session, letter: Letter) -> Confirmed:
    """A mail that says ``CONFIRM`` (the answer to a confirmation mail): confirms the address its code names
    (again: nothing changes).

    :raises Refusal: no code, or a code of no confirmation.
    """
    found = CODE.search(letter.command_arg) or CODE.search(letter.subject)
    if not found:
        raise Refusal("no-confirmation-code", "CONFIRM needs the code of the confirmation mail: answer that mail "
                                              "without changing its subject, or write 'CONFIRM <code>'")
    row = session.execute(select(MailConfirmation).where(MailConfirmation.code_hash == hash_token(found.group(1).lower()))
                          .with_for_update()).scalar_one_or_none()
    if row is None:  # a tournament player's code (issue 33, item 2)?
        player = tournament_entry.confirm_by_code(session, found.group(1).lower())
        if player is not None:
            p, t, first = player
            return Confirmed(None, normal(p.email), first, "address confirmed",
                             mailing.confirmed_blocks(t.id, normal(p.email)), f"tournament-confirmed:{p.id}")
        raise Refusal("bad-confirmation-code", "this confirmation code belongs to no address here: answer the "
                                               "confirmation mail itself, without changing its subject")
    first = row.confirmed_at is None
    if first:
        row.confirmed_at = now()
    return Confirmed(row.game_id, row.address, first, "address confirmed", [
        ("h", f"{row.address} is confirmed for game {row.game_id}."),
        ("p", "Umpire will mail this game's turns, reminders and notices to it. To play by mail, answer "
              "with your seat's 'Token: <your token>' line and your orders; send HELP for how.")],
        f"confirmed:{row.id}")
