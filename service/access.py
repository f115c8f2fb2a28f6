"""Who may create games and import exports.

``POST /api/games`` and ``POST /api/imports`` make a game, and so seats whose addresses the service will
write to; they are governed by one setting, decided at start-up (``policy``) and checked by ``gate`` (an
app ``before_request``, so before the body is read or even parsed):

- ``token``: ``UMPIRE_CREATE_TOKEN`` is set; the request needs ``Authorization: Bearer <that token>``. None
  is 401 ``creation-token-needed``; another token is 403 ``bad-creation-token``, counted as a bad token by
  the throttle (``service.throttle``), like a guessed seat token.
- ``open``: ``UMPIRE_OPEN_CREATION=1``; anyone may (an explicit choice, for a closed network or a club
  server behind its own access control).
- ``local``: the embedded default (neither set, no scale setting): only a client on this machine, i.e. a
  loopback address that no proxy forwarded (no ``X-Forwarded-For``/``Forwarded`` unless
  ``UMPIRE_TRUSTED_PROXIES`` resolved them). ``umpire serve``/``scripts/run`` bound beyond loopback turns
  it into ``closed`` (``service.embedded.bind_creation``).
- ``closed``: the scale setting (``REDIS_URL``, or a non-SQLite ``DATABASE_URL``, in the environment: how
  the Procfile runs the service) with neither set: 403 ``creation-closed``, naming the two settings.

The command line (``umpire new --db``, ``umpire import``) acts on the database itself and is not concerned.
An app made by a program (``create_app(config)``) is ``local`` unless its config names ``CREATION`` or
``CREATE_TOKEN``/``OPEN_CREATION``.
"""

from __future__ import annotations

import hashlib
import ipaddress
import secrets

from .auth_first import bearer
from .errors import BadToken, Forbidden, Unauthorized

POLICIES = ("token", "open", "local", "closed")
HOW = ("set UMPIRE_CREATE_TOKEN on the server and send it as 'Authorization: Bearer <token>', or set "
       "UMPIRE_OPEN_CREATION=1 to let anyone; or create the game on the server with 'umpire new --db' "
       "('umpire import' for an export)")


def policy(config) -> str:
    """The creation policy of an app's *config* (see the module's docstring)."""
    if config.get("CREATION") in POLICIES:
        return config["CREATION"]
    if config.get("CREATE_TOKEN"):
        return "token"
    if config.get("OPEN_CREATION"):
        return "open"
    return "closed" if config.get("SCALE_SETTING") else "local"


def is_loopback(addr: str | None) -> bool:
    try:
        ip = ipaddress.ip_address((addr or "").split("%")[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return (mapped or ip).is_loopback


def from_this_machine(request, trusted_proxies: int) -> bool:
    """A client on this machine: a loopback address, not a request a proxy here forwarded for someone else
    (with trusted proxies, ``ProxyFix`` has already put the forwarded client's address in ``remote_addr``)."""
    if not is_loopback(request.remote_addr):
        return False
    if not trusted_proxies and any(request.headers.get(h) for h in ("X-Forwarded-For", "Forwarded", "X-Real-IP")):
        return False
    return True


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def creates_game(view):
    """Marks a view that creates a game (its method): ``gate`` checks the creation setting first."""
    view.creates_game = True  # kept by the decorators outside (functools.wraps copies the attributes)
    return view


def gate() -> None:
    """``before_request``: a request that creates a game (a view marked ``creates_game``) is checked against
    the creation setting before anything reads its body.

    :raises Unauthorized, BadToken, Forbidden: as the module's docstring says.
    """
    from flask import current_app, request
    view = current_app.view_functions.get(request.endpoint)
    method = getattr(getattr(view, "view_class", None), request.method.lower(), None)
    if not getattr(method, "creates_game", False):
        return
    cfg = current_app.config
    mode = cfg.get("CREATION", "closed")
    if mode == "open":
        return
    if mode == "token":
        given = bearer() or ""
        if not given:
            raise Unauthorized("creating a game or importing one needs this Umpire's creation token: send "
                               "'Authorization: Bearer <token>' (UMPIRE_CREATE_TOKEN; a seat's or umpire's token "
                               "is not it)", code="creation-token-needed")
        if not secrets.compare_digest(_digest(given), _digest(cfg["CREATE_TOKEN"])):
            raise BadToken("this is not this Umpire's creation token (UMPIRE_CREATE_TOKEN); nothing was read",
                           code="bad-creation-token", status=403)
        return
    if mode == "local" and from_this_machine(request, cfg.get("TRUSTED_PROXIES", 0)):
        return
    where = ("this Umpire takes new games and imports only from its own machine"
             if mode == "local" else "this Umpire takes no new games or imports over HTTP as it is configured")
    raise Forbidden(f"{where}: {HOW}", code="creation-closed")
