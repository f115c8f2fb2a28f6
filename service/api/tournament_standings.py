"""Tournament API endpoints: the standings as JSON and as a PDF (issue 33, item 4). Public, like a game's
report: the standings are published. See service.api.tournaments.

- ``GET /api/tournaments/<tid>/standings``: ``service.tournaments.standings_view``'s data;
- ``GET /api/tournaments/<tid>/standings.pdf``: the same as a PDF (``service.reports.standings_pdf``), rendered
  on request under the renderer's limits.
"""

from __future__ import annotations

from flask import current_app
from flask.views import MethodView
from marshmallow import Schema, fields

from ..error_schema import ApiError
from ..reports.standings_pdf import render_standings
from ..tournaments.standings_view import standings_view
from .routes import PDF_RESPONSE, pdf_response
from .tournaments import tblp


def sessions():
    return current_app.extensions["umpire"]["sessions"]


class StandingsTournament(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True, metadata={"description": "the game's slug"})
    game_title = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "entry, running or finished"})
    rounds_planned = fields.Integer(required=True)


class StandingsScoring(Schema):
    win = fields.Float(required=True)
    draw = fields.Float(required=True)
    loss = fields.Float(required=True)
    bye = fields.Float(required=True)
    bye_buchholz = fields.Raw(required=True, metadata={
        "description": "what a bye adds to the player's Buchholz: a number, or 'own' (their own final points)"})


class StandingsRow(Schema):
    rank = fields.Integer(required=True, metadata={"description": "players level on every tie-break share one"})
    player = fields.String(required=True)
    points = fields.Float(required=True)
    buchholz = fields.Float(required=True, metadata={"description": "the sum of the opponents' points"})
    margin = fields.Float(required=True, allow_none=True, metadata={
        "description": "the sum of the game's own margin over the player's finished games; null where none "
                       "gave one"})
    played = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    draws = fields.Integer(required=True)
    losses = fields.Integer(required=True)
    byes = fields.Integer(required=True)
    withdrawn = fields.Boolean(required=True)
    notes = fields.List(fields.String(), required=True, metadata={
        "description": "each abandoned or forfeited game: the director's ruling and reason, or that one is "
                       "awaited"})


class StandingsGame(Schema):
    board = fields.Integer(required=True)
    game = fields.String(required=True, metadata={"description": "the game's id (its page: /games/<id>)"})
    seats = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                        metadata={"description": "role -> player"})
    table = fields.String(required=True, metadata={"description": "the players with their sides, in words"})
    status = fields.String(required=True, metadata={"description": "finished, in play, abandoned or forfeited"})
    result = fields.String(required=True)
    counts = fields.Boolean(required=True, metadata={"description": "whether the standings count it"})


class PlacedGame(StandingsGame):
    round = fields.Integer(required=True)


class StandingsRound(Schema):
    number = fields.Integer(required=True)
    scenario = fields.String(required=True)
    byes = fields.List(fields.String(), required=True)
    games = fields.List(fields.Nested(StandingsGame), required=True)
    counted = fields.Integer(required=True, metadata={"description": "how many of its games count"})
    complete = fields.Boolean(required=True, metadata={"description": "every game of it counts"})


class StandingsOut(Schema):
    tournament = fields.Nested(StandingsTournament, required=True)
    latest_result = fields.String(required=True, allow_none=True, metadata={
        "description": "when the latest result that counts was reached (UTC), null before any"})
    scoring = fields.Nested(StandingsScoring, required=True)
    scoring_text = fields.String(required=True)
    tie_breaks = fields.List(fields.String(), required=True, metadata={"description": "the table's order in words"})
    margin = fields.String(required=True, allow_none=True, metadata={
        "description": "what the game's own margin measures; null for a game without one"})
    rows = fields.List(fields.Nested(StandingsRow), required=True)
    rounds = fields.List(fields.Nested(StandingsRound), required=True)
    rounds_counted = fields.List(fields.Integer(), required=True)
    in_play = fields.List(fields.Nested(PlacedGame), required=True, metadata={
        "description": "games still going on: not counted"})
    awaiting_ruling = fields.List(fields.Nested(PlacedGame), required=True, metadata={
        "description": "abandoned or forfeited games the director has not ruled on: not counted"})


@tblp.route("/tournaments/<string:tid>/standings")
class TournamentStandings(MethodView):
    @tblp.response(200, StandingsOut)
    @tblp.alt_response(404, schema=ApiError)
    @tblp.alt_response(409, schema=ApiError)
    def get(self, tid):
        """The standings (issue 33, item 4): the table with points, Buchholz, the game's own margin and W-D-L,
        the notes on abandoned and forfeited games, the scoring and tie-breaks in force, the rounds counted and
        the games still in play. Only finished games count, and a ruled game as the director ruled."""
        with sessions()() as s:
            return standings_view(s, tid)


@tblp.route("/tournaments/<string:tid>/standings.pdf")
class TournamentStandingsPdf(MethodView):
    @tblp.alt_response(404, schema=ApiError)
    @tblp.alt_response(409, schema=ApiError)
    @tblp.alt_response(503, schema=ApiError)
    @tblp.doc(responses=PDF_RESPONSE)
    def get(self, tid):
        """The standings as a PDF: the tournament's name, the date of the latest result, the table, the
        order of the table and the notes."""
        with sessions()() as s:
            view = standings_view(s, tid)
        pdf = render_standings(view)  # outside the session: a render holds no connection
        return pdf_response(pdf, tid, "standings")
