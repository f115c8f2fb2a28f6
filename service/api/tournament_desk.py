"""Tournament API endpoints: the director's desk (issue 33, item 3). See ``service.api.tournaments``.

- ``GET /api/tournaments/<tid>/desk``: every game with whose move it is, since when, deadlines, pauses and
  disputes, what needs the director first; each player's response times (``service.tournaments.desk``);
- ``POST /api/tournaments/<tid>/games/<gid>/pause``, ``/resume``, ``/extend-deadline``: the desk's one-click
  acts on a game of the tournament, logged in the game and in the tournament
  (``service.tournaments.acts``).

All need the director's token (``Authorization: Bearer``), checked before any body is read
(``service.auth_first``: the views' ``authenticate``): none is 401 ``director-token-needed``, another
token 401 ``bad-director-token`` (counted by the throttle). A game that is not one of the tournament's is
404 ``not-in-tournament``; what the umpire's tools refuse (pausing a paused game, resuming an active one,
extending where there is no deadline) is 409 with their code, and nothing is changed.
"""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields

from ..auth_first import bearer
from ..tournaments import acts
from ..tournaments.access import get_tournament, require_director
from ..tournaments.desk import desk
from .routes import sessions
from .schemas import ControlOut, DeadlineOut, ExtendDeadlineIn, UmpireActIn
from .tournaments import SeatOut, as_director, director_act, director_only, tblp

_STR = {"allow_none": True}


class DeskDeadline(Schema):
    role = fields.String()
    player = fields.String()
    due = fields.String(metadata={"description": "when the seat's decision is due (UTC)"})
    passed = fields.Boolean()


class DeskPause(Schema):
    since = fields.String(**_STR)
    by = fields.String(**_STR)
    reason = fields.String()


class DeskDispute(Schema):
    kind = fields.String(metadata={"description": "open: ruling-awaited, deadline-passed, paused; settled: "
                                                  "rolled-back, corrected, seed-revealed"})
    open = fields.Boolean(metadata={"description": "whether it needs the director"})
    text = fields.String()
    seq = fields.Integer()
    at = fields.String(**_STR)
    role = fields.String()
    player = fields.String()
    event = fields.Integer(metadata={"description": "the game's event it comes from"})


class DeskGame(Schema):
    round = fields.Integer()
    board = fields.Integer()
    game = fields.String()
    title = fields.String()
    seq = fields.Integer()
    status = fields.String(metadata={"description": "active, paused, finished or abandoned"})
    over = fields.Boolean()
    ruled = fields.Boolean()
    ruling = fields.Dict(allow_none=True)
    outcome = fields.Dict(allow_none=True)
    seats = fields.List(fields.Nested(SeatOut))
    awaiting = fields.List(fields.Nested(SeatOut), metadata={"description": "whose move it is"})
    since = fields.String(allow_none=True, metadata={"description": "when the current position was reached"})
    waiting_seconds = fields.Float(allow_none=True, metadata={"description": "the wait so far, pauses left out"})
    deadlines = fields.List(fields.Nested(DeskDeadline))
    paused = fields.Nested(DeskPause, allow_none=True)
    disputes = fields.List(fields.Nested(DeskDispute))
    needs_director = fields.Boolean()
    links = fields.Dict(keys=fields.String(), values=fields.String(),
                        metadata={"description": "the game's page, its API and the umpire's tools"})


class DeskAwaited(Schema):
    game = fields.String()
    role = fields.String()
    seq = fields.Integer()
    since = fields.String()
    waiting_seconds = fields.Float()
    paused = fields.Boolean()


class DeskPlayer(Schema):
    player = fields.String()
    decisions = fields.Integer(metadata={"description": "submissions accepted (one a move file, however many "
                                                        "orders it holds)"})
    median_seconds = fields.Float(allow_none=True)
    longest_seconds = fields.Float(allow_none=True)
    longest_game = fields.String(allow_none=True)
    waiting_seconds = fields.Float(allow_none=True, metadata={"description": "the longest current wait"})
    awaited = fields.List(fields.Nested(DeskAwaited))


class DeskTournament(Schema):
    id = fields.String()
    name = fields.String()
    game = fields.String()
    status = fields.String()


class DeskCounts(Schema):
    games = fields.Integer()
    needs_director = fields.Integer()
    going_on = fields.Integer()
    ruling_awaited = fields.Integer()
    deadline_passed = fields.Integer()
    paused = fields.Integer()


class DeskOut(Schema):
    tournament = fields.Nested(DeskTournament)
    at = fields.String(metadata={"description": "the time the desk was read at (UTC)"})
    counts = fields.Nested(DeskCounts)
    games = fields.List(fields.Nested(DeskGame), metadata={"description": "what needs the director first"})
    players = fields.List(fields.Nested(DeskPlayer), metadata={"description": "response times, in entry order"})


class _ActIds(Schema):
    tournament = fields.String()
    game_event = fields.Integer(metadata={"description": "the act's event in the game's log"})
    tournament_event = fields.Integer(metadata={"description": "the act's event in the tournament's log"})


class DeskActOut(ControlOut, _ActIds):
    pass


class DeskDeadlineOut(DeadlineOut, _ActIds):
    pass


@tblp.route("/tournaments/<string:tid>/desk")
class TournamentDesk(MethodView):
    @tblp.response(200, DeskOut)
    @director_only
    def get(self, tid):
        """The director's desk: every game of the tournament with whose move it is, since when, its deadlines,
        whether it is paused and its disputes, what needs the director first (a ruling awaited, a deadline
        passed, a paused game; then the games going on, the longest waiting first; then the games over); and
        each player's response times (decisions, median and longest wait, the current wait). Read only."""
        with sessions()() as s:
            require_director(get_tournament(s, tid), bearer())
            return desk(s, tid)


@tblp.route("/tournaments/<string:tid>/games/<string:gid>/pause")
class TournamentGamePause(MethodView):
    @tblp.arguments(UmpireActIn, required=False)
    @tblp.response(200, DeskActOut)
    @director_act
    def post(self, body, tid, gid):
        """Pause a game of the tournament (the director): moves and previews are refused until it is resumed.
        Logged in the game (`paused`) and in the tournament."""
        return as_director(tid, lambda s: acts.pause(s, tid, gid, (body or {}).get("reason", "")))


@tblp.route("/tournaments/<string:tid>/games/<string:gid>/resume")
class TournamentGameResume(MethodView):
    @tblp.arguments(UmpireActIn, required=False)
    @tblp.response(200, DeskActOut)
    @director_act
    def post(self, body, tid, gid):
        """Resume a paused game of the tournament (the director). Logged in the game (`resumed`) and in the
        tournament."""
        return as_director(tid, lambda s: acts.resume(s, tid, gid, (body or {}).get("reason", "")))


@tblp.route("/tournaments/<string:tid>/games/<string:gid>/extend-deadline")
class TournamentGameExtendDeadline(MethodView):
    @tblp.arguments(ExtendDeadlineIn)
    @tblp.response(200, DeskDeadlineOut)
    @director_act
    def post(self, body, tid, gid):
        """Give the seats that must decide now in a game of the tournament `hours` more (the director): their
        deadlines move, a new reminder comes before the new time. Logged in the game (`deadline-extended`) and
        in the tournament."""
        return as_director(tid, lambda s: acts.extend_deadline(s, tid, gid, body["hours"], body["reason"]))
