"""The addresses given for a game, and whether their owners confirmed them (mail goes only to a
confirmed address, beside the answers to a mail and the address a seat mails from with its token).

Whoever creates a game, sets its mail settings or replaces a seat names addresses; each starts unconfirmed
(``request``: a ``mail_confirmations`` row). The mail sweep sends the confirmation mail and takes the
answer (``mail.confirm``); here is what the service core asks of those rows.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from .mail_models import MailConfirmation
from .models import now


def normal(address: str) -> str:
    return (address or "").strip().lower()


def request(session: Session, gid: str, address: str, again: bool = False) -> None:
    """*address* was given for game *gid*: unless confirmed already, it is to be sent a confirmation mail
    (by the next mail sweep). *again* (the umpire setting it again): a confirmation already sent and not
    answered is sent once more, still at most one per window to the address."""
    addr = normal(address)
    if not addr:
        return
    row = session.execute(select(MailConfirmation).where(MailConfirmation.game_id == gid,
                                                         MailConfirmation.address == addr)).scalar_one_or_none()
    if row is None:
        try:
            with session.begin_nested():
                session.add(MailConfirmation(game_id=gid, address=addr))
        except IntegrityError:  # the same address for another seat of this game, at the same moment
            pass
    elif again and row.confirmed_at is None:
        row.sent_at = None


def is_confirmed(session: Session, gid: str, address: str) -> bool:
    """Whether *address* was confirmed for game *gid* (mail other than its confirmation may go to it)."""
    addr = normal(address)
    return bool(addr) and session.execute(
        select(MailConfirmation.id).where(MailConfirmation.game_id == gid, MailConfirmation.address == addr,
                                          MailConfirmation.confirmed_at.is_not(None))).first() is not None


def confirm(session: Session, gid: str, address: str) -> None:
    """Records *address* as confirmed for game *gid* without a confirmation mail: the operator's act on the
    server (``mail.confirm.mark_confirmed``), or a tournament's game given to a player whose address is
    confirmed for the tournament (``service.tournaments.rounds``, issue 33 item 2)."""
    request(session, gid, address)
    session.flush()
    session.execute(update(MailConfirmation)
                    .where(MailConfirmation.game_id == gid, MailConfirmation.address == normal(address),
                           MailConfirmation.confirmed_at.is_(None))
                    .values(confirmed_at=now()).execution_options(synchronize_session=False))


def unconfirmed(session: Session, gid: str, addresses) -> list[str]:
    """The given addresses not confirmed for game *gid* (for the mail settings)."""
    return sorted({normal(a) for a in addresses if a and not is_confirmed(session, gid, a)})
