"""The routes of the game page and the landing page (``landing``). GET shows; every POST carries the form
key (``cookies``) and answers with a redirect or the page itself; errors are HTML pages that say what is
wrong and change nothing. ``/games/<id>?at=N`` shows an earlier position (``positions``)."""

from __future__ import annotations

import hashlib
import json
import secrets

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from sqlalchemy import select
from werkzeug.exceptions import HTTPException

import engine
from engine.core import notation

from .. import adjudication, history, throttle
from .. import games as G
from ..errors import NotFound, ServiceError, Unauthorized
from ..models import Seat
from ..move_input import MAX_TEXT, move_text
from ..queue import enqueue
from ..reports.documents import TEMPLATES
from . import cookies, positions

#: The game pages under ``/games/<id>``, and the landing page at ``/`` and ``/games`` (``landing``).
bp = Blueprint("pages", __name__, template_folder=str(TEMPLATES))

#: How long the page waits for a submitted move's verdict before it says "queued" with a reload link.
WAIT_SECONDS = 5.0
#: Longest seat token accepted in the form (real ones are 32 characters).
MAX_TOKEN = 200
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _sessions():
    return current_app.extensions["umpire"]["sessions"]


@bp.after_request
def _headers(resp):
    resp.headers.update(SECURITY_HEADERS)
    return resp


# --- reading the seat and the move ---------------------------------------------------------------------

def _seat(session, game) -> tuple[str | None, str | None]:
    """The seat whose token the browser keeps for *game*, and a note if a kept token is no longer good."""
    token = cookies.seat_token()
    try:
        role = G.whose_token(session, game, token)
    except Unauthorized:
        throttle.current().failed(throttle.client_key())
        return None, "the seat token this browser kept belongs to no seat of this game; enter it again"
    if role == "umpire":
        return None, "the umpire token cannot move for a seat; enter a seat's token"
    return role, None


def _require_seat(session, game) -> str:
    role, why = _seat(session, game)
    if role is None:
        raise Unauthorized(why or "enter your seat token first (the form at the top of the page)")
    return role


def _seat_first(view):
    """Marks a form that only a seat may send: its seat cookie is checked before its body is read
    (``service.auth_first``), 401 without a good one."""
    view.authenticate = _authenticate_seat
    return view


def _authenticate_seat(gid: str) -> None:
    with _sessions()() as s:
        _require_seat(s, G.get_game(s, gid))


def _form_move() -> tuple[str, str]:
    """The move from the form: an uploaded file if one was chosen, else the pasted text.

    The same limits and the same JSON-or-text rule as the API (``service.api.routes.read_move``).
    """
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is not None and request.content_length > limit:
        raise ServiceError(f"the move is too large: at most {limit} bytes", code="too-large", status=413)
    upload = request.files.get("upload")
    if upload is not None and upload.filename:
        data, name = upload.read(limit + 1), upload.filename
    else:
        data, name = request.form.get("orders", "").encode("utf-8"), ""
    if not data.strip():
        raise ServiceError("the move is empty: paste orders (one a line) or choose a .json or .txt file")
    is_json = name.lower().endswith(".json") or data.lstrip().startswith(b"{")
    kind = "application/json" if is_json else "text/plain"
    return move_text(data, kind), kind


# --- the page ------------------------------------------------------------------------------------------

def _players(session, gid: str) -> dict[str, str]:
    rows = session.execute(select(Seat.role, Seat.player).where(Seat.game_id == gid)).all()
    return {role: player for role, player in rows}


def _verdict(v: dict | None) -> dict | None:
    """A verdict as the page shows it: the legal choices of a refusal as text orders."""
    if not v:
        return v
    err = dict(v.get("error") or {})
    if err.get("legal") is not None:
        err["legal_lines"] = notation.legal_lines(err["legal"])
    return {**v, "error": err or None}


def _page(session, game, *, at: int | None = None, status: int = 200, message: str | None = None,
          verdict: dict | None = None, submission: dict | None = None, orders: str = ""):
    """The game page at its current position, or at the earlier position *at* (the replay: no move form,
    the log up to *at*)."""
    role, note = _seat(session, game)
    view, svg, state = positions.board_at(game, session, at, role or "public")
    if at is None:
        prompt = view.get("prompt") if game.result is None else None  # resigned or abandoned: nobody acts
        outcome = game.result or engine.outcome(game.state)
    else:  # an earlier position: nobody may move there
        prompt, outcome = None, engine.outcome(state)
    seq = game.seq if at is None else at
    choices = notation.legal_lines(prompt["actions"]) if prompt else []
    example = json.dumps({"format": "umpire-move/1", "game": game.id, "role": role, "after": game.seq,
                          "actions": choices[:1]}, indent=1) if role and choices else ""
    log = positions.log_until(G.move_log(session, game, role), seq)
    board_svg, board_size = positions.inline_svg(svg)
    key, new_key = cookies.form_key()
    html = render_template(
        "pages/game.html", game=G.summary(game), game_title=engine.definition(game.game).title, role=role,
        note=note, view=view, facts=engine.facts(view), board_svg=board_svg, board_size=board_size,
        players=_players(session, game.id), prompt=prompt, choices=choices, example=example,
        orders_help=engine.orders_text(game.game), at=at, nav=positions.links(game.id, seq, game.seq),
        log=log, this_move=log[-1] if log and log[-1]["seq"] == seq else None, outcome=outcome,
        message=message, verdict=_verdict(verdict), submission=submission, orders=orders, form_key=key,
        form_field=cookies.CSRF_FIELD, move_id=secrets.token_urlsafe(12),
        max_bytes=current_app.config["MAX_CONTENT_LENGTH"], max_text=MAX_TEXT)
    resp = current_app.make_response((html, status))
    if new_key:
        cookies.keep_form_key(resp, game.id, key)
    if note:
        cookies.drop_seat(resp, game.id)
    return resp


def _see_page(gid: str, endpoint: str = "pages.game", **kw):
    return redirect(url_for(endpoint, gid=gid, **kw), code=303)


def _position(game, raw: str | None) -> int | None:
    """The position ``?at=`` asks for: None for the current one (no ``at``, or the current number).

    :raises NotFound: not a position of the game; the message says the range (``history.check_position``).
    """
    if raw is None:
        return None
    seq = history.check_position(game, raw)
    return None if seq == game.seq else seq


def _back_to(game) -> dict:
    """Where a seat form sent from an earlier position returns: that position (its hidden ``at``), if it
    is one of the game's; else the current one."""
    try:
        seq = _position(game, request.form.get("at"))
    except NotFound:
        seq = None
    return {} if seq is None else {"at": seq}


@bp.get("/games/<gid>")
def game(gid):
    """The game: the board and log for everyone; a seat's view, orders and move form with its token.
    ``?at=N``: position N as it stood (the replay), for the same viewer, with links to the others."""
    with _sessions()() as s:
        game = G.get_game(s, gid)
        return _page(s, game, at=_position(game, request.args.get("at")))


@bp.get("/games/<gid>/board.svg")
def board(gid):
    """The board alone, as an SVG document the browser can zoom (a phone's screen shows the page's board
    small): the same view as the page's, at ``?at=N`` or the current position."""
    with _sessions()() as s:
        game = G.get_game(s, gid)
        role, _note = _seat(s, game)
        _view, svg, _state = positions.board_at(game, s, _position(game, request.args.get("at")),
                                                role or "public")
    if svg is None:
        raise NotFound(f"game {gid} ({game.game}) has no board drawing: its page shows the position as text")
    return current_app.response_class(svg, mimetype="image/svg+xml")


@bp.post("/games/<gid>/seat")
def enter_seat(gid):
    """Takes a seat token from the form; a good one is kept in a cookie, a wrong one changes nothing."""
    with _sessions()() as s:
        game = G.get_game(s, gid)
        cookies.check_form_key()
        token = request.form.get("token", "").strip()
        why = None
        if not token:
            why = "enter the seat token you were given when the game was created"
        elif len(token) > MAX_TOKEN:
            why = "that is not a seat token (too long)"
        else:
            try:
                role = G.whose_token(s, game, token)
            except Unauthorized:
                throttle.current().failed(throttle.client_key())
                why = "this token belongs to no seat of this game; nothing was changed"
            else:
                if role == "umpire":
                    why = "the umpire token cannot move for a seat; enter a seat's token"
        if why:
            return _page(s, game, status=401 if token else 400, message=why)
        back = _back_to(game)
    resp = _see_page(gid, **back)
    cookies.keep_seat(resp, gid, token)
    return resp


@bp.post("/games/<gid>/leave")
def leave_seat(gid):
    """Forgets the seat token this browser kept for the game."""
    with _sessions()() as s:
        back = _back_to(G.get_game(s, gid))
    cookies.check_form_key()
    resp = _see_page(gid, **back)
    cookies.drop_seat(resp, gid)
    return resp


def _with_move(gid: str, then):
    """Reads a seat's move from the form and hands it to ``then(session, game, raw, kind, orders)``; a
    move that cannot be read is shown on the page with what is wrong (nothing is stored)."""
    with _sessions()() as s:
        game = G.get_game(s, gid)
        cookies.check_form_key()
        _require_seat(s, game)
        orders = request.form.get("orders", "")
        try:
            raw, kind = _form_move()
        except ServiceError as e:
            return _page(s, game, status=e.status, message=e.message, orders=orders)
        return then(s, game, raw, kind, orders)


@bp.post("/games/<gid>/preview")
@_seat_first
def preview(gid):
    """The rules check of the pasted or uploaded move (``adjudication.preview``): commits nothing."""
    def check(s, game, raw, kind, orders):
        verdict = adjudication.preview(s, gid, cookies.seat_token(), raw, kind)
        return _page(s, game, verdict=verdict, orders=orders or raw)

    return _with_move(gid, check)


@bp.post("/games/<gid>/submit")
@_seat_first
def submit(gid):
    """Stores the move (``adjudication.store``), queues it (``service.queue.enqueue``), and shows its
    verdict page (a redirect, so a reload never sends the move again). The same form sent again with the
    same move (the back button) is the same submission, so it is applied once; an edited move is a new one."""
    def store(s, game, raw, kind, orders):
        move_id = request.form.get("move_id", "")[:64]
        body = hashlib.sha256(raw.encode()).hexdigest()[:32]
        out, new = adjudication.store(s, gid, raw, kind, f"page:{move_id}:{body}" if move_id else None,
                                      token=cookies.seat_token())
        s.commit()
        if new:
            enqueue(out["id"])
        return _see_page(gid, "pages.submission", sid=out["id"])

    return _with_move(gid, store)


@bp.get("/games/<gid>/moves/<sid>")
def submission(gid, sid):
    """A move this seat submitted: its verdict (waiting a few seconds for it), or "queued" and a reload link."""
    with _sessions()() as s:
        game = G.get_game(s, gid)
        role = _require_seat(s, game)
        try:
            out = adjudication.submission_status(s, sid)
        except NotFound:
            out = None
        if out is None or out["game"] != gid or out["role"] != role:
            raise NotFound(f"no move {sid!r} of yours in game {gid}")
    if out["status"] not in adjudication.DONE:
        out = adjudication.wait_for(_sessions(), sid, WAIT_SECONDS, current_app.extensions["umpire"]["notifier"])
    with _sessions()() as s:
        return _page(s, G.get_game(s, gid), verdict=out["verdict"], submission=out)


@bp.get("/games/<gid>/<path:rest>")
def elsewhere(gid, rest):
    """A form's address opened directly (or a stale link): back to the game page if the game exists."""
    with _sessions()() as s:
        G.get_game(s, gid)
    return _see_page(gid)


# --- errors as pages -----------------------------------------------------------------------------------

def _error_page(status: int, message: str, game_exists: bool = False):
    """The error page: what is wrong, and a link back to the game's page (unless the game may not exist)
    and to the list of games."""
    gid = (request.view_args or {}).get("gid") if status != 404 or game_exists else None
    return render_template("pages/error.html", status=status, message=message, gid=gid), status


@bp.errorhandler(ServiceError)
def _service_error(e: ServiceError):
    page, status = _error_page(e.status, e.message, game_exists=e.code == "no-position")
    headers = {"Retry-After": str(e.extra["retry_after"])} if status == 429 else {}
    return page, status, headers


@bp.errorhandler(HTTPException)
def _http_error(e: HTTPException):
    code = e.code or 500
    if code == 413:
        return _error_page(413, f"the move is too large: at most {current_app.config['MAX_CONTENT_LENGTH']} "
                                "bytes; nothing was stored")
    if code >= 500:
        return _error_page(code, "something went wrong on our side; nothing was changed. Try again later")
    return _error_page(code, e.description or e.name)

