"""Who may act on a tournament: its director, by the director's token (issue 33, item 1).

The director's token is made once, when the tournament is created, and shown only then; the tournament
keeps its hash (``Tournament.director_token_hash``), which is also the umpire token hash of every game
the tournament makes, so one token is the umpire of all of them.
"""

from __future__ import annotations

import secrets

from sqlalchemy.orm import Session

from service.errors import BadToken, Forbidden, NotFound, Unauthorized
from service.tokens import hash_token

from .models import Tournament


def new_tournament_id(session: Session) -> str:
    """A fresh tournament id: ``T-`` and six hexadecimal digits."""
    while True:
        tid = "T-" + secrets.token_hex(3).upper()
        if session.get(Tournament, tid) is None:
            return tid


def get_tournament(session: Session, tid: str, lock: bool = False) -> Tournament:
    """The tournament *tid*.

    :raises NotFound: no such tournament.
    """
    t = session.get(Tournament, tid, with_for_update=lock or None)
    if t is None:
        raise NotFound(f"no tournament {tid!r}")
    return t


def is_director(t: Tournament, token: str | None) -> bool:
    return bool(token) and secrets.compare_digest(hash_token(token), t.director_token_hash)


def require_director(t: Tournament, token: str | None) -> None:
    """Refuses anyone but the director.

    :raises Unauthorized: no token. :raises BadToken: a token that is not the director's (counted by the
        throttle, like a guessed seat token).
    """
    if not token:
        raise Unauthorized("the director's token is needed: send 'Authorization: Bearer <token>'",
                           code="director-token-needed")
    if not is_director(t, token):
        raise BadToken(f"this is not the director's token of tournament {t.id}", code="bad-director-token")


__all__ = ["Forbidden", "get_tournament", "is_director", "new_tournament_id", "require_director"]
