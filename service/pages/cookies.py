"""The game page's two cookies, both HttpOnly, SameSite=Strict and scoped to one game's path.

- the seat: the seat token the player entered (never put in a URL, where it would reach logs);
- the form key: a random value every form of the page repeats in a hidden field (a double-submit
  check against cross-site requests, on top of SameSite=Strict).
"""

from __future__ import annotations

import secrets

from flask import Response, request

from ..errors import Forbidden
from ..tokens import SEAT_COOKIE

SEAT = SEAT_COOKIE
CSRF = "umpire_form"
CSRF_FIELD = "form_key"
#: A seat cookie lasts this long (a play-by-email game goes on for weeks); "Leave this seat" ends it.
SEAT_DAYS = 30


def path_of(gid: str) -> str:
    return f"/games/{gid}"


def put(resp: Response, name: str, value: str, path: str, max_age: int | None) -> None:
    """Sets cookie *name*, HttpOnly, SameSite=Strict, scoped to *path* (a game's, or a tournament's desk)."""
    resp.set_cookie(name, value, max_age=max_age, path=path, httponly=True, samesite="Strict",
                    secure=request.is_secure)


def remove(resp: Response, name: str, path: str) -> None:
    """Deletes the cookie :func:`put` set at *path*."""
    resp.delete_cookie(name, path=path, httponly=True, samesite="Strict", secure=request.is_secure)


def seat_token() -> str | None:
    return request.cookies.get(SEAT) or None


def keep_seat(resp: Response, gid: str, token: str) -> None:
    put(resp, SEAT, token, path_of(gid), SEAT_DAYS * 24 * 3600)


def drop_seat(resp: Response, gid: str) -> None:
    remove(resp, SEAT, path_of(gid))


def form_key() -> tuple[str, bool]:
    """The form key of this browser for the page, and whether it is new (then ``keep_form_key``)."""
    key = request.cookies.get(CSRF)
    if key and 20 <= len(key) <= 64:
        return key, False
    return secrets.token_urlsafe(24), True


def keep_form_key(resp: Response, gid: str, key: str) -> None:
    put(resp, CSRF, key, path_of(gid), None)


def check_form_key() -> None:
    """Refuses a POST whose hidden form key does not match the cookie (sent from another site, or a
    page older than the browser's cookie)."""
    sent, kept = request.form.get(CSRF_FIELD, ""), request.cookies.get(CSRF, "")
    if not sent or not kept or not secrets.compare_digest(sent.encode(), kept.encode()):
        raise Forbidden("this form was not sent from this game's page (or the browser refused its cookie): "
                        "reload the page and try again; nothing was changed", code="csrf")
