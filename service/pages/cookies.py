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


def _set(resp: Response, name: str, value: str, gid: str, max_age: int | None) -> None:
    resp.set_cookie(name, value, max_age=max_age, path=path_of(gid), httponly=True, samesite="Strict",
                    secure=request.is_secure)


def seat_token() -> str | None:
    return request.cookies.get(SEAT) or None


def keep_seat(resp: Response, gid: str, token: str) -> None:
    _set(resp, SEAT, token, gid, SEAT_DAYS * 24 * 3600)


def drop_seat(resp: Response, gid: str) -> None:
    resp.delete_cookie(SEAT, path=path_of(gid), httponly=True, samesite="Strict", secure=request.is_secure)


def form_key() -> tuple[str, bool]:
    """The form key of this browser for the page, and whether it is new (then ``keep_form_key``)."""
    key = request.cookies.get(CSRF)
    if key and 20 <= len(key) <= 64:
        return key, False
    return secrets.token_urlsafe(24), True


def keep_form_key(resp: Response, gid: str, key: str) -> None:
    _set(resp, CSRF, key, gid, None)


def check_form_key() -> None:
    """Refuses a POST whose hidden form key does not match the cookie (sent from another site, or a
    page older than the browser's cookie)."""
    sent, kept = request.form.get(CSRF_FIELD, ""), request.cookies.get(CSRF, "")
    if not sent or not kept or not secrets.compare_digest(sent.encode(), kept.encode()):
        raise Forbidden("this form was not sent from this game's page (or the browser refused its cookie): "
                        "reload the page and try again; nothing was changed", code="csrf")
