"""The director's desk as a page (issue 33, item 3): ``/tournaments/<tid>/desk``.

The director enters the director's token in a form; a good one is kept in a cookie of its own
(``umpire_director``: HttpOnly, SameSite=Strict, scoped to ``/tournaments/<tid>``, never in a URL), as the
game page keeps a seat's token (``cookies``, ``routes.enter_seat``). Without it the page shows only the
form (401), with a wrong one the form and what is wrong; wrong tokens are counted by the throttle
(``service.throttle``) and a blocked client's token is refused (429) whether right or not.

With it the page shows the desk (``service.tournaments.desk``): the games, what needs the director first,
each game's links to its page and its umpire tools, one-click acts (pause, resume, extend the deadline:
``service.tournaments.acts``, logged in the game and in the tournament), and each player's response times;
and the forms that run the tournament (pair the next round, rule on a game, enter or withdraw a player,
close it), whose routes are in ``tournament_desk_acts``.
Every POST carries the form key (``cookies.check_form_key``) and the acts' forms are authenticated before
their body is read (``service.auth_first``: the view's ``authenticate``).
"""

from __future__ import annotations

from flask import current_app, redirect, render_template, request, url_for

from .. import throttle
from ..errors import ServiceError, Unauthorized
from ..tournaments import acts
from ..tournaments.access import get_tournament, is_director
from ..tournaments.desk import desk
from ..tournaments.entry import players_of
from ..tournaments.response_times import span
from ..tournaments.rounds import OUTCOMES, RULED
from . import cookies
from .routes import MAX_TOKEN, bp

#: The cookie that keeps the director's token for one tournament's pages.
DIRECTOR_COOKIE = "umpire_director"
#: It lasts as long as a seat's (a tournament goes on for weeks); "Leave the desk" ends it.
DIRECTOR_DAYS = cookies.SEAT_DAYS


def path_of(tid: str) -> str:
    return f"/tournaments/{tid}"


def _sessions():
    return current_app.extensions["umpire"]["sessions"]


def _kept_token() -> str | None:
    return request.cookies.get(DIRECTOR_COOKIE) or None


def _director(t) -> tuple[bool, str | None]:
    """Whether this browser keeps the director's token of tournament *t*, and a note if it keeps another.
    A kept token is checked against the throttle first; a wrong one is counted."""
    token = _kept_token()
    if not token:
        return False, None
    throttle.current().check(throttle.client_key())
    if len(token) <= MAX_TOKEN and is_director(t, token):
        return True, None
    throttle.current().failed(throttle.client_key())
    return False, "the token this browser kept is not this tournament's director's token; enter it again"


def _page(session, t, *, status: int = 200, message: str | None = None, done: str | None = None):
    ok, note = _director(t)
    data = desk(session, t.id) if ok else None
    roster = players_of(session, t.id) if ok else []
    key, new_key = cookies.form_key()
    html = render_template("pages/tournament_desk.html", t=t, desk=data, note=note, message=message, done=done,
                           form_key=key, form_field=cookies.CSRF_FIELD, span=span, acts=acts.DESK_ACTS,
                           roster=roster, outcomes=OUTCOMES, ruled=RULED)
    resp = current_app.make_response((html, status if ok or status != 200 else 401))
    if new_key:
        cookies.put(resp, cookies.CSRF, key, path_of(t.id), None)
    if note:
        cookies.remove(resp, DIRECTOR_COOKIE, path_of(t.id))
    return resp


def _see_desk(tid: str, **kw):
    return redirect(url_for("pages.tournament_desk", tid=tid, **kw), code=303)


@bp.get("/tournaments/<tid>/desk")
def tournament_desk(tid):
    """The desk for the director (the token kept in this browser); else the form to enter it (401)."""
    with _sessions()() as s:
        t = get_tournament(s, tid)
        return _page(s, t, done=_said(s, t.id, request.args))


def _said(session, tid: str, args) -> str | None:
    """What the act a form redirected from did, from the query string (``done``, ``game``, ``player``): said
    only of an act of the desk, and of a game id or one of the tournament's players (no other text of a URL is
    shown on the page)."""
    done, game, player = args.get("done"), args.get("game", ""), args.get("player", "")
    if done in (*acts.DESK_ACTS, "ruled") and game.startswith("G-") and len(game) <= 16:
        return f"{done.replace('-', ' ')}: done for game {game}"
    if done in ("entered", "withdrawn") and player in {p.name for p in players_of(session, tid)}:
        return f"{player} {done}" + (" (paired from the next round, once confirmed)" if done == "entered" else "")
    if done == "closed":
        return "the tournament is closed: its results stand"
    return None


@bp.post("/tournaments/<tid>/desk/token")
def tournament_desk_enter(tid):
    """Takes the director's token from the form; a good one is kept in this tournament's cookie, a wrong
    one changes nothing (and is counted by the throttle)."""
    with _sessions()() as s:
        t = get_tournament(s, tid)
        cookies.check_form_key()
        throttle.current().check(throttle.client_key())
        token = request.form.get("token", "").strip()
        why = None
        if not token:
            why = "enter the director's token you were given when the tournament was created"
        elif len(token) > MAX_TOKEN:
            why = "that is not a director's token (too long)"
        elif not is_director(t, token):
            throttle.current().failed(throttle.client_key())
            why = "this is not the director's token of this tournament; nothing was changed"
        if why:
            return _page(s, t, status=401 if token else 400, message=why)
    resp = _see_desk(tid)
    cookies.put(resp, DIRECTOR_COOKIE, token, path_of(tid), DIRECTOR_DAYS * 24 * 3600)
    return resp


@bp.post("/tournaments/<tid>/desk/leave")
def tournament_desk_leave(tid):
    """Forgets the director's token this browser kept for the tournament."""
    with _sessions()() as s:
        get_tournament(s, tid)
    cookies.check_form_key()
    resp = _see_desk(tid)
    cookies.remove(resp, DIRECTOR_COOKIE, path_of(tid))
    return resp


def _authenticate_director(tid: str, gid: str, act: str) -> None:
    """The director's cookie of a desk act's form, checked before its body is read (401 without a good one)."""
    with _sessions()() as s:
        ok, note = _director(get_tournament(s, tid))
    if not ok:
        raise Unauthorized(note or "enter the director's token first (the form on the desk)",
                           code="director-token-needed")


@bp.post("/tournaments/<tid>/desk/games/<gid>/<act>")
def tournament_desk_act(tid, gid, act):
    """One of the desk's acts on a game of the tournament (pause, resume, extend-deadline), from its form:
    done and logged (then back to the desk), or refused on the desk with what is wrong (nothing changed)."""
    cookies.check_form_key()
    with _sessions()() as s:
        t = get_tournament(s, tid)
        ok, note = _director(t)
        if not ok:
            raise Unauthorized(note or "enter the director's token first (the form on the desk)",
                               code="director-token-needed")
        if act not in acts.DESK_ACTS:
            return _page(s, t, status=404, message=f"no act {act[:40]!r} on the desk: the acts are "
                                                   f"{', '.join(acts.DESK_ACTS)}")
        reason = request.form.get("reason", "")
        try:
            if act == "extend-deadline":
                acts.extend_deadline(s, tid, gid, _hours(request.form.get("hours", "")), reason)
            else:
                getattr(acts, act)(s, tid, gid, reason)
            s.commit()
        except ServiceError as e:
            s.rollback()
            return _page(s, t, status=e.status, message=f"{e.message}; nothing was changed")
    return _see_desk(tid, done=act, game=gid)


tournament_desk_act.authenticate = _authenticate_director


def _hours(raw: str) -> float:
    """The hours of the extend form.

    :raises ServiceError: not a number (the range is ``deadlines.extend``'s to say).
    """
    try:
        hours = float(raw.strip())
    except ValueError:
        raise ServiceError(f"give the hours to extend by as a number, not {raw[:20]!r}") from None
    if hours != hours:  # NaN
        raise ServiceError("give the hours to extend by as a number")
    return hours

