"""Seat and umpire tokens: random secrets shown once, stored as SHA-256 hashes."""

from __future__ import annotations

import hashlib
import secrets


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: The game page's cookie that holds a seat token (``service.pages.cookies``); the throttle counts a request
#: that carries it as one that gives a token.
SEAT_COOKIE = "umpire_seat"
