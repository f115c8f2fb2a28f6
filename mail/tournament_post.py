"""The post of a tournament's letters (issue 33, item 2): puts the letters a round writes
(``service.tournaments.mailing``) in the outbox, in the round's transaction, as every other mail is written
(``compose.build``, ``outbound.outbox``: once per key). The app factory gives every session one
(``session.info[mailing.POST_KEY]``); nothing is written while outbound mail is off, nor to no address."""

from __future__ import annotations

from collections.abc import Callable

from service.tournaments import mailing

from . import compose
from .config import MailSettings
from .outbound import outbox


class TournamentPost:
    """``mailing.Post`` on the app's mail settings (*settings*: a callable, read when a letter is written)."""

    def __init__(self, settings: Callable[[], MailSettings]):
        self.settings = settings

    def address(self, gid: str) -> str:
        return self.settings().game_addr(gid)

    def write(self, session, letter: mailing.Letter) -> int | None:
        s = self.settings()
        if not s.enabled or not letter.to:
            return None
        msg = compose.build(s, letter.game_id, letter.to, letter.subject, letter.blocks, auto="auto-generated")
        return outbox(session, letter.key, mailing.KIND, letter.game_id, msg)
