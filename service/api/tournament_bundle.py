"""Tournament API endpoints: the verification bundle (issue 33, item 5). See service.api.tournaments.

``GET /api/tournaments/<tid>/bundle`` (the whole tournament) and ``GET /api/tournaments/<tid>/rounds/<n>/bundle``
(one round) answer the zip ``service.tournaments.bundle`` makes, as an attachment. Anyone may download it:
only games that are over are in it with their exports, and an export of a game that is over hides nothing
(the module ``service.tournaments.bundle`` says why), so a player verifies their own games without the
director. The director gets the same bytes; a token sent must be the director's (a wrong one is refused and
counted by the throttle, as on every endpoint that reads a token).
"""

from __future__ import annotations

from flask import Response, current_app
from flask.views import MethodView

from ..auth_first import bearer
from ..error_schema import ApiError
from ..tournaments import bundle as B
from ..tournaments.access import get_tournament, require_director
from .tournaments import director, tblp

ZIP_RESPONSE = {"200": {
    "description": "the bundle: a zip of manifest.json and games/<game id>.json (docs/dice.md, 'Checking a "
                   "tournament'); check it with `umpire verify FILE.zip`",
    "headers": {"Content-Disposition": {"required": True, "schema": {"type": "string"},
                                        "description": "attachment; filename=\"<tid>[-round-<n>]-bundle.zip\""}},
    "content": {"application/zip": {"schema": {"type": "string", "format": "binary"}}}}}


def _answer(tid: str, number: int | None) -> Response:
    with current_app.extensions["umpire"]["sessions"]() as s:
        token = bearer()
        if token:
            require_director(get_tournament(s, tid), token)
        data = B.bundle(s, tid, number)
    return Response(data, mimetype="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="{B.filename(tid, number)}"'})


@tblp.route("/tournaments/<string:tid>/bundle")
class TournamentBundle(MethodView):
    @tblp.alt_response(401, schema=ApiError)
    @tblp.alt_response(404, schema=ApiError)
    @tblp.doc(responses=ZIP_RESPONSE, security=[{"bearer": []}, {}])
    @director
    def get(self, tid):
        """The verification bundle of the whole tournament: every game that is over with its export, every
        game in play listed with its commitments, and a manifest of each game's commitments, result and
        export hash. Public; the director's token may be sent (a wrong token is refused)."""
        return _answer(tid, None)


@tblp.route("/tournaments/<string:tid>/rounds/<int:n>/bundle")
class TournamentRoundBundle(MethodView):
    @tblp.alt_response(401, schema=ApiError)
    @tblp.alt_response(404, schema=ApiError)
    @tblp.doc(responses=ZIP_RESPONSE, security=[{"bearer": []}, {}])
    @director
    def get(self, tid, n):
        """The verification bundle of round *n* only (404 naming the rounds paired if there is no round n)."""
        return _answer(tid, n)
