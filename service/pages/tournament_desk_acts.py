"""The director runs the tournament from the desk page (issue 33, item 3, and its "Done when": a director can
run a Swiss tournament from the page without touching a single game by hand). Routes on the pages blueprint,
beside the desk (``tournament_desk``):

- ``POST /tournaments/<tid>/desk/round``: pair the next round by the tournament's method, in the scenario
  chosen (``running.pair_round``); answered with the paired round's page: its tables, byes and the seats whose
  letter could not be written, with their tokens, shown only on this page (never stored, never in a URL);
- ``POST /tournaments/<tid>/desk/rule/<gid>``: the director's ruling on a game abandoned, or still in play
  (``running.rule_game``: abandoned or forfeited, each player's win, draw, loss or void, the reason);
- ``POST /tournaments/<tid>/desk/players``, ``.../desk/withdraw``: enter a player (name, address), withdraw
  one (with a reason);
- ``POST /tournaments/<tid>/desk/close``: close the tournament.

Each form is the director's: the director's cookie is checked before its body is read (``service.auth_first``:
the views' ``authenticate``), then the form key (``cookies.check_form_key``), as for the desk's one-click acts.
A done act redirects to the desk (POST/redirect/GET) with what was done in the query string (``done``, and
the game or player it was done to, shown only when it names one of the tournament's); a refused one shows the
desk with the service's message and its status (4xx), and nothing is changed.
"""

from __future__ import annotations

from flask import current_app, render_template, request

from ..errors import ServiceError, Unauthorized
from ..queue import queue_mail
from ..tournaments import mailing, running
from ..tournaments.access import get_tournament
from ..tournaments.acts import DIRECTOR
from . import cookies
from .routes import bp
from .tournament_desk import _director, _page, _see_desk, _sessions

#: The prefix of a ruling form's fields, one a player of the game: ``outcome:<player>`` = win, draw, loss, void.
OUTCOME = "outcome:"


def _authenticate(tid: str, **_ignored) -> None:
    """The director's cookie of a form, checked before its body is read (401 without a good one)."""
    with _sessions()() as s:
        ok, note = _director(get_tournament(s, tid))
    if not ok:
        raise Unauthorized(note or "enter the director's token first (the form on the desk)",
                           code="director-token-needed")


def _director_first(view):
    """Marks a form only the director may send (``_authenticate``)."""
    view.authenticate = _authenticate
    return view


def _desk_of(session, tid: str):
    """Tournament *tid*, once the form key and the director's cookie are checked (403, 401: nothing changed)."""
    cookies.check_form_key()
    t = get_tournament(session, tid)
    ok, note = _director(t)
    if not ok:
        raise Unauthorized(note or "enter the director's token first (the form on the desk)",
                           code="director-token-needed")
    return t


def _act(tid: str, run, **done):
    """Runs ``run(session)`` for the director and commits, then back to the desk saying *done*; a refusal is
    the desk with the service's message and status, everything rolled back."""
    with _sessions()() as s:
        t = _desk_of(s, tid)
        try:
            run(s)
            s.commit()
        except ServiceError as e:
            s.rollback()
            return _page(s, t, status=e.status, message=f"{e.message}; nothing was changed")
    return _see_desk(tid, **done)


@bp.post("/tournaments/<tid>/desk/round")
@_director_first
def tournament_desk_pair(tid):
    """Pairs the next round (the tournament's method; the scenario of the form, else the first) and shows it
    once, with the tokens of the seats not mailed; a refusal (a player unconfirmed, a game still in play or
    awaiting a ruling...) is the desk saying why."""
    scenario = request.form.get("scenario", "").strip() or None
    with _sessions()() as s:
        t = _desk_of(s, tid)
        post = mailing.Kept(mailing.post_of(s))
        try:
            number = running.pair_round(s, tid, by=DIRECTOR, scenario=scenario, site=request.url_root,
                                        post=post).number
            s.commit()
        except ServiceError as e:
            s.rollback()
            return _page(s, t, status=e.status, message=f"{e.message}; nothing was changed")
    queue_mail(post.written)
    with _sessions()() as s:
        d = running.describe(s, tid)
    paired = next(r for r in d["rounds"] if r["number"] == number)
    html = render_template("pages/tournament_paired.html", t=d, r=paired, unmailed=post.unsent)
    return current_app.make_response((html, 201))


@bp.post("/tournaments/<tid>/desk/rule/<gid>")
@_director_first
def tournament_desk_rule(tid, gid):
    """The director's ruling on game *gid*: its status, each player's outcome (``outcome:<player>``), the reason.
    A player left out, or one not of the game, is refused with the players it has."""
    form = request.form
    outcome = {k[len(OUTCOME):]: v for k, v in form.items() if k.startswith(OUTCOME) and v}
    return _act(tid, lambda s: running.rule_game(s, tid, gid, status=form.get("status", ""), outcome=outcome,
                                                 reason=form.get("reason", ""), by=DIRECTOR),
                done="ruled", game=gid)


@bp.post("/tournaments/<tid>/desk/players")
@_director_first
def tournament_desk_enter_player(tid):
    """Enters a player (name, and an address or none); the address is then sent its confirmation."""
    name, email = request.form.get("name", ""), request.form.get("email", "").strip()
    return _act(tid, lambda s: running.add_player(s, tid, name=name, email=email, by=DIRECTOR),
                done="entered", player=name.strip())


@bp.post("/tournaments/<tid>/desk/withdraw")
@_director_first
def tournament_desk_withdraw(tid):
    """Withdraws the player of the form (``player``), with a reason: paired no more, their results stand."""
    name = request.form.get("player", "")
    return _act(tid, lambda s: running.withdraw_player(s, tid, name, by=DIRECTOR,
                                                       reason=request.form.get("reason", "")),
                done="withdrawn", player=name)


@bp.post("/tournaments/<tid>/desk/close")
@_director_first
def tournament_desk_close(tid):
    """Closes the tournament: refused while a game is in play or awaits a ruling."""
    return _act(tid, lambda s: running.close(s, tid, DIRECTOR), done="closed")
