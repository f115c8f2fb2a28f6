"""The tournaments' JSON API blueprint (issue 33): a tournament and its players, its rounds, the director's
desk, the standings and the verification bundle. Each part's endpoints are in a module of its own, on the
one blueprint defined here:

- ``tournament_running``: create a tournament, enter and withdraw players, pair a round, rule on a game,
  close the tournament; the public description of a tournament;
- ``tournament_desk``: the director's desk;
- ``tournament_standings``: the standings as JSON and as a PDF;
- ``tournament_bundle``: the verification bundle of a round or of the whole tournament.

Every write needs the director's token (``service.tournaments.access``), but creating a tournament, which
is governed by the service's creation setting like creating a game (``service.access``).
"""

from __future__ import annotations

from flask_smorest import Blueprint
from marshmallow import Schema, fields

from ..auth_first import bearer
from ..strict_json import StrictParser
from ..throttle import takes_token
from ..tournaments.access import get_tournament, require_director
from .routes import BEARER, sessions
from .schemas import ApiError

tblp = Blueprint("tournaments", __name__, url_prefix="/api",
                 description="Tournaments: players, rounds and pairings, the director's desk, standings, bundles")
tblp.ARGUMENTS_PARSER = StrictParser()  # JSON bodies read strictly, once a request (service.strict_json)
director = takes_token(tblp)  # an endpoint that reads the director's token (throttled like a seat token)


def check_director(tid: str, **_ignored) -> None:
    """The director's token, checked from the request's head (``service.auth_first``), before any body; no
    token is 401 before the tournament is looked up (as for a game)."""
    token = bearer()
    with sessions()() as s:
        require_director(get_tournament(s, tid) if token else None, token)


def director_only(view, codes=(401, 404)):
    """An endpoint for the director alone: the token checked first, throttled, and the errors *codes*
    documented."""
    view.authenticate = check_director  # kept by the decorators outside (functools.wraps copies it)
    for code in codes:
        view = tblp.alt_response(code, schema=ApiError)(view)
    return tblp.doc(security=BEARER)(director(view))


def director_act(view):
    """A director's act: as ``director_only``, with the refusals of a body (400) and of the act (409)."""
    return director_only(view, (400, 401, 404, 409))


def as_director(tid: str, run, lock: bool = False):
    """Runs *run(session)* in one transaction once the request's token is the director's of *tid* (*lock*:
    the tournament's row locked for the transaction)."""
    with sessions()() as s, s.begin():
        require_director(get_tournament(s, tid, lock=lock), bearer())
        return run(s)


class SeatOut(Schema):
    """A seat of a tournament's game: its role, the role's printed name, and the player in it."""

    role = fields.String()
    side = fields.String(metadata={"description": "the role as the rulebook prints it"})
    player = fields.String()

from . import tournament_bundle, tournament_desk, tournament_running, tournament_standings  # noqa: E402,F401
