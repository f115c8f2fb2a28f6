"""No request body is read before its caller is authenticated.

Were JSON bodies read (``strict_json.check_request_json``, an app ``before_request``) before any token is
looked at, a client with no token could make the service read and parse whatever it sent, as slowly as it
liked. So:

- ``authenticate_first`` (an app ``before_request``, after the throttle's ``gate``, the creation gate
  ``service.access.gate`` and ``size_first``, before ``check_request_json``) authenticates the caller of every endpoint that needs
  a token, from the request's head alone: a Bearer token for the views marked ``needs_token`` (the umpire's
  acts, ``umpire_act``) or ``seat_token`` (moves and checks, ``move_body``), which must be a token of that
  game (a seat's or the umpire's: which one may do what is still the view's to say, 403); the seat cookie of
  the game page's move forms (views marked ``authenticate``, ``service.pages.routes``). No token is 401, a
  token of no seat of the game 401 (counted by the throttle), a game that does not exist 404.
- ``make_precheck`` gives the web worker (``service.web_worker``) the same checks on a request whose head
  has come and whose body has not: it answers a refusal at once, without waiting for the body, and only
  then reads the body of a request that passed. It also checks the mail webhook's secret, which the
  webhook's view (``mail.webhook``) checks itself before it reads the body.
"""

from __future__ import annotations

from flask import current_app, request
from werkzeug.exceptions import RequestEntityTooLarge

from . import games as G
from .errors import Unauthorized


def bearer() -> str | None:
    """The request's ``Authorization: Bearer`` token, or None (the API, the creation gate, this module)."""
    auth = request.headers.get("Authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return None


def _view_method():
    view = current_app.view_functions.get(request.endpoint)
    return view, getattr(getattr(view, "view_class", None), request.method.lower(), None)


def size_first() -> None:
    """``before_request``: a body announced (``Content-Length``) larger than its endpoint takes is 413 before
    its caller is looked at: it will not be read, whoever sends it. The mail webhook says so itself, after its
    secret (``mail.webhook``)."""
    length = request.content_length
    if length is not None and request.endpoint != "mail.Inbound" \
            and length > current_app.extensions["umpire"]["body_limit"](request.path):
        raise RequestEntityTooLarge()


def authenticate_first() -> None:
    """``before_request``: the caller of an endpoint that needs a token is authenticated before its body is
    read (see the module's docstring).

    :raises Unauthorized, BadToken, NotFound: no token, a token of no seat of the game, no such game.
    """
    view, method = _view_method()
    gid = (request.view_args or {}).get("gid")
    if getattr(method, "needs_token", False) or getattr(method, "seat_token", False):
        token = bearer()
        if token is None:
            if getattr(method, "needs_token", False):
                raise Unauthorized("a token is needed: send 'Authorization: Bearer <token>' (the umpire's; "
                                   "to resign, the seat's own or the umpire's)")
            raise Unauthorized("a seat token is needed: send 'Authorization: Bearer <token>'")
        with current_app.extensions["umpire"]["sessions"]() as s:
            # one Core read of the game's head and the token's seat (``games.head``; not the game's state)
            G.whose_token(s, G.head(s, gid, token), token)  # raises for no game, or a token of no seat of it
        return
    check = getattr(method, "authenticate", None) or getattr(view, "authenticate", None)
    if check is not None:
        check(**(request.view_args or {}))


def make_precheck(app, gates, by_endpoint=None):
    """``precheck(environ, start_response)`` for the web worker: runs *gates* (``before_request`` functions
    that read the request's head only) and, for an endpoint named in *by_endpoint*, its own head-only check
    (the mail webhook's secret, given by the app factory), on a request whose body has not come yet. Returns the refusal as a WSGI response, answered as the app answers it (its error handlers and
    ``after_request`` functions), or None to let the request go on. Never reads ``wsgi.input``."""
    proxied = None
    if app.config.get("TRUSTED_PROXIES"):
        from werkzeug.middleware.proxy_fix import ProxyFix
        n = app.config["TRUSTED_PROXIES"]
        proxied = ProxyFix(lambda environ, start_response: environ, x_for=n, x_proto=n, x_host=0, x_port=0,
                           x_prefix=0)

    def precheck(environ, start_response):
        if proxied is not None:
            environ = proxied(environ, None)
        with app.request_context(environ):
            if request.routing_exception is not None:  # no such page: the whole request answers it
                return None
            try:
                for gate in gates:
                    gate()
                own = (by_endpoint or {}).get(request.endpoint)
                if own is not None:
                    own()
            except Exception as e:
                response = app.process_response(app.make_response(app.handle_user_exception(e)))
                return response(environ, start_response)
        return None

    return precheck
