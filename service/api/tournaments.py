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

from ..strict_json import StrictParser
from ..throttle import takes_token

tblp = Blueprint("tournaments", __name__, url_prefix="/api",
                 description="Tournaments: players, rounds and pairings, the director's desk, standings, bundles")
tblp.ARGUMENTS_PARSER = StrictParser()  # JSON bodies read strictly, once a request (service.strict_json)
director = takes_token(tblp)  # an endpoint that reads the director's token (throttled like a seat token)

from . import tournament_bundle, tournament_desk, tournament_running, tournament_standings  # noqa: E402,F401
