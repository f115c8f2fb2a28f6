"""Tournament API endpoints: running a tournament (issue 33, items 1, 2 and 6). See ``service.api.tournaments``.

- ``POST /api/tournaments``: create a tournament (governed by the creation setting like ``POST /api/games``:
  ``service.access``); 201 with its id and the director's token, shown only then;
- ``GET /api/tournaments/<tid>``: its public description (``running.describe``);
- ``POST /api/tournaments/<tid>/players``, ``.../players/<name>/withdraw``: a late entry, a withdrawal;
- ``POST /api/tournaments/<tid>/rounds``: pair the next round and make its games, each player mailed their
  seat (``running.pair_round``);
- ``POST /api/tournaments/<tid>/games/<gid>/ruling``: the director's ruling on an abandoned or forfeited game;
- ``POST /api/tournaments/<tid>/close``: the end.

Every write but the creation needs the director's token (``Authorization: Bearer``), checked before any body
is read (``service.auth_first``: the views' ``authenticate``): none is 401 ``director-token-needed``, another
(a seat's, a game umpire's) 401 ``bad-director-token``, counted by the throttle. Unknown fields are refused
(422); a value refused is 400 with every fault in ``problems``; an act the tournament's state refuses is 409.
Nothing changes unless everything is right.
"""

from __future__ import annotations

from flask import request, url_for
from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate

from .. import mail_settings
from ..access import creates_game
from ..queue import queue_mail
from ..tournaments import entry, mailing, running
from .routes import sessions
from .schemas import GAMES, OPTIONS, SCENARIOS, ApiError, OneOfDeclared
from .tournaments import SeatOut, as_director, director, director_act, tblp

BY = "director"


# -- bodies -------------------------------------------------------------------------------------------------
#
# The document says what the service takes, as far as JSON Schema can: what it cannot say (a scenario or an
# option of another game, an option's content, two players or rulings of one name) is a 400 whose problems
# name each fault.

#: A name: on one line (no control character), not blank. ``TEXT`` also lets a ruling's text hold line breaks.
#: (Explicit classes, not ``\S``: regular expression engines differ on which control characters are spaces.)
NAME = r"^[^\x00-\x1f\x7f]*[^\x00-\x20\x7f][^\x00-\x1f\x7f]*$"
TEXT = r"^[^\x00-\x09\x0b-\x1f\x7f]*[^\x00-\x20\x7f][^\x00-\x09\x0b-\x1f\x7f]*$"
ADDRESS = f"^$|{mail_settings.ADDRESS}"


class Number(fields.Float):
    """A JSON number (not a string of one, not a boolean), finite."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValidationError("Not a valid number.")
        return super()._deserialize(value, attr, data, **kwargs)


class Whole(fields.Integer):
    """A JSON integer as JSON Schema has it: 3 and 3.0 (not "3", not true, not 3.5)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, bool) or not (isinstance(value, int) or isinstance(value, float) and value.is_integer()):
            raise ValidationError("Not a valid integer.")
        return super()._deserialize(int(value), attr, data, **kwargs)


class ByeBuchholz(fields.Field):
    """A number, or "own" (``standings.Scoring.bye_buchholz``)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if value == "own" or (isinstance(value, int | float) and not isinstance(value, bool)):
            return value
        raise ValidationError('a number, or "own"')


def _unique(items: list) -> None:
    if len(set(items)) != len(items):
        raise ValidationError("each item once")


def _name(most: int, description: str) -> fields.String:
    return fields.String(required=True, validate=[validate.Length(min=1, max=most), validate.Regexp(NAME)],
                         metadata={"description": description})


def _address(description: str) -> fields.String:
    return fields.String(load_default="", validate=[validate.Length(max=mail_settings.MAX_ADDRESS),
                                                    validate.Regexp(ADDRESS)], metadata={"description": description})


class PlayerIn(Schema):
    name = _name(entry.MAX_PLAYER_NAME, "unique in the tournament (whatever the case)")
    email = _address("the player's address (\"\": none; the operator then confirms the player)")


class RulingTextIn(Schema):
    id = _name(entry.MAX_RULING_ID, "unique among the tournament's rulings")
    text = fields.String(required=True, validate=[validate.Length(min=1, max=entry.MAX_RULING_TEXT),
                                                  validate.Regexp(TEXT)])


class PointsIn(Schema):
    win = Number(allow_nan=False)
    draw = Number(allow_nan=False)
    loss = Number(allow_nan=False)
    bye = Number(allow_nan=False)
    bye_buchholz = ByeBuchholz(metadata={"description": "what a bye adds to the Buchholz: a number, or \"own\" "
                                                        "(the player's own final points)",
                                         "json_schema": {"anyOf": [{"type": "number"}, {"const": "own"}]}})


class TournamentIn(Schema):
    name = _name(entry.MAX_TOURNAMENT_NAME, "the tournament's name")
    game = fields.String(required=True, validate=OneOfDeclared(GAMES, error="{input!r} is not a game; games: {choices}"))
    scenarios = fields.List(fields.String(validate=OneOfDeclared(SCENARIOS)), load_default=list, validate=_unique,
                            metadata={"description": "the scenarios of the game a round may use, the first the "
                                                     "default (none: the game's default)",
                                      "json_schema": {"uniqueItems": True}})
    options = fields.Dict(keys=fields.String(validate=OneOfDeclared(OPTIONS)), load_default=dict,
                          metadata={"description": "the game options in force in every game",
                                    "json_schema": {"propertyNames": {"enum": list(OPTIONS)}}})
    rulings = fields.List(fields.Nested(RulingTextIn), load_default=list, validate=validate.Length(max=entry.MAX_RULINGS),
                          metadata={"description": "the director's rulings in force in every game"})
    pairing = fields.String(load_default="swiss", validate=validate.OneOf(entry.PAIRINGS),
                            metadata={"description": "round-robin only for a two-seat game"})
    rounds_planned = Whole(load_default=0, validate=validate.Range(0, entry.MAX_ROUNDS),
                                    metadata={"description": "0: not fixed"})
    points = fields.Nested(PointsIn, load_default=dict, metadata={"description": "defaults: win 1, draw 0.5, loss 0, "
                                                                                 "bye 1, bye_buchholz 0"})
    deadline_hours = Number(load_default=None, allow_none=True, allow_nan=False,
                            validate=validate.Range(0, mail_settings.MAX_HOURS, min_inclusive=False),
                            metadata={"description": "hours per decision in every game; null: no deadline",
                                      "json_schema": {"exclusiveMinimum": 0}})
    director_email = _address("the director's address, told when a deadline passes")
    players = fields.List(fields.Nested(PlayerIn), load_default=list, validate=validate.Length(max=entry.MAX_PLAYERS),
                          metadata={"description": "in entry order"})


class WithdrawIn(Schema):
    reason = fields.String(load_default="", validate=validate.Length(max=500))


class ManualIn(Schema):
    tables = fields.List(fields.Dict(keys=fields.String(), values=fields.String()), required=True,
                         metadata={"description": "each table: side -> player"})
    byes = fields.List(fields.String(), load_default=list)
    allow_repeat = fields.Boolean(load_default=False)


class RoundIn(Schema):
    method = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(entry.PAIRINGS),
                           metadata={"description": "swiss, round-robin or manual; null: the tournament's"})
    scenario = fields.String(load_default=None, allow_none=True, metadata={"description": "null: the first"})
    manual = fields.Nested(ManualIn, load_default=None, allow_none=True)


class RulingIn(Schema):
    status = fields.String(required=True, validate=validate.OneOf(("abandoned", "forfeited")))
    outcome = fields.Dict(keys=fields.String(), values=fields.String(validate=validate.OneOf(("win", "draw", "loss",
                                                                                               "void"))),
                          required=True, metadata={"description": "each player of the game -> win, draw, loss or void"})
    reason = fields.String(required=True, metadata={"description": "shown on the standings"})


# -- answers ------------------------------------------------------------------------------------------------


class PlayerOut(Schema):
    name = fields.String()
    confirmed = fields.Boolean()
    withdrawn = fields.Boolean()


class TableOut(Schema):
    board = fields.Integer()
    game_id = fields.String()
    title = fields.String()
    status = fields.String(metadata={"description": "active, paused, finished, abandoned, or the ruling's status"})
    result = fields.String(metadata={"description": "in words"})
    seats = fields.List(fields.Nested(SeatOut))


class RoundOut(Schema):
    number = fields.Integer()
    method = fields.String()
    scenario = fields.String()
    started_at = fields.String()
    tables = fields.List(fields.Nested(TableOut))
    byes = fields.List(fields.String())


class EventOut(Schema):
    at = fields.String()
    kind = fields.String()
    by = fields.String()
    game_id = fields.String(allow_none=True)
    text = fields.String()


class TournamentOut(Schema):
    id = fields.String()
    name = fields.String()
    game = fields.String()
    game_title = fields.String()
    scenarios = fields.List(fields.String())
    options = fields.Dict()
    rulings = fields.List(fields.Dict())
    pairing = fields.String()
    rounds_planned = fields.Integer()
    points = fields.Dict()
    deadline_hours = fields.Float(allow_none=True)
    status = fields.String(metadata={"description": "entry, running or finished"})
    created_at = fields.String()
    players = fields.List(fields.Nested(PlayerOut))
    rounds = fields.List(fields.Nested(RoundOut))
    log = fields.List(fields.Nested(EventOut))


class TournamentCreated(Schema):
    id = fields.String()
    director_token = fields.String(metadata={"description": "the director's token, shown only now: the umpire of "
                                                            "every game of the tournament"})
    url = fields.String()
    tournament = fields.Nested(TournamentOut)


class UnsentSeat(Schema):
    game_id = fields.String()
    role = fields.String()
    player = fields.String()
    token = fields.String()


class RoundPaired(RoundOut):
    unmailed = fields.List(fields.Nested(UnsentSeat), metadata={
        "description": "the seats whose letter could not be written (the player has no address, or this Umpire "
                       "sends no mail), with their tokens, shown only now: hand them over yourself"})


# -- the director -------------------------------------------------------------------------------------------


def _describe(tid: str) -> dict:
    with sessions()() as s:
        return running.describe(s, tid)


# -- endpoints ----------------------------------------------------------------------------------------------


@tblp.route("/tournaments")
class Tournaments(MethodView):
    @tblp.arguments(TournamentIn)
    @tblp.response(201, TournamentCreated)
    @tblp.alt_response(400, schema=ApiError)
    @tblp.alt_response(401, schema=ApiError)
    @tblp.alt_response(403, schema=ApiError)
    @tblp.doc(security=[{"bearer": []}, {}])
    @director
    @creates_game
    def post(self, body):
        """Create a tournament: a game, its scenarios, options and rulings, the pairing, the points, the deadline
        per decision, the director's address and the players (in entry order). Who may is the setting that
        governs creating games (`UMPIRE_CREATE_TOKEN`: then send it as the Bearer token). The director's token
        in the reply is shown only now. Each player's address is sent one confirmation mail; the director
        pairs only confirmed players. Every fault is in `problems` (400)."""
        with sessions()() as s, s.begin():
            t, token = running.create_tournament(s, by=BY, **body)
            tid = t.id
        return {"id": tid, "director_token": token, "url": url_for("pages.tournament", tid=tid),
                "tournament": _describe(tid)}


@tblp.route("/tournaments/<string:tid>")
class TournamentResource(MethodView):
    @tblp.response(200, TournamentOut)
    @tblp.alt_response(404, schema=ApiError)
    def get(self, tid):
        """A tournament as anyone may see it: its settings, its players (names, confirmed, withdrawn; no
        address), its rounds with each table's game, seats and result, the byes, and its log."""
        return _describe(tid)


@tblp.route("/tournaments/<string:tid>/players")
class TournamentPlayers(MethodView):
    @tblp.arguments(PlayerIn)
    @tblp.response(201, PlayerOut)
    @director_act
    def post(self, body, tid):
        """Enter a player late (the director): not once a round-robin has a round; a Swiss or manual tournament
        takes them on 0 points. Their address is sent a confirmation mail."""
        p = as_director(tid, lambda s: running.add_player(s, tid, name=body["name"], email=body["email"], by=BY),
                        lock=True)
        return {"name": p.name, "confirmed": p.confirmed_at is not None, "withdrawn": False}


@tblp.route("/tournaments/<string:tid>/players/<path:name>/withdraw")
class TournamentWithdraw(MethodView):
    @tblp.arguments(WithdrawIn, required=False)
    @tblp.response(200, PlayerOut)
    @director_act
    def post(self, body, tid, name):
        """Withdraw a player (the director): paired no more; their results stand."""
        reason = (body or {}).get("reason", "")
        p = as_director(tid, lambda s: running.withdraw_player(s, tid, name, by=BY, reason=reason), lock=True)
        return {"name": p.name, "confirmed": p.confirmed_at is not None, "withdrawn": True}


@tblp.route("/tournaments/<string:tid>/rounds")
class TournamentRounds(MethodView):
    @tblp.arguments(RoundIn, required=False)
    @tblp.response(201, RoundPaired)
    @director_act
    def post(self, body, tid):
        """Pair the next round (the director) and make its games: Swiss from the scores so far, the round-robin's
        next round, or your tables (`manual`). Each game's umpire is your token; each player is mailed their
        seat (side, opponents, token, the game's address and page, the deadline) or their bye. Refused (409)
        while a game of the last round is in play or awaits your ruling, or a player is unconfirmed."""
        body = body or {}
        kept: dict[str, mailing.Kept] = {}

        def run(s):
            post = kept["post"] = mailing.Kept(mailing.post_of(s))
            return running.pair_round(s, tid, by=BY, method=body.get("method"), scenario=body.get("scenario"),
                                      manual=body.get("manual"), site=request.url_root, post=post).number
        number = as_director(tid, run, lock=True)
        post = kept["post"]
        queue_mail(post.written)
        out = next(r for r in _describe(tid)["rounds"] if r["number"] == number)
        return {**out, "unmailed": [{"game_id": u.game_id, "role": u.role, "player": u.player, "token": u.token}
                                    for u in post.unsent]}


@tblp.route("/tournaments/<string:tid>/games/<string:gid>/ruling")
class TournamentRuling(MethodView):
    @tblp.arguments(RulingIn)
    @tblp.response(200, TableOut)
    @director_act
    def post(self, body, tid, gid):
        """Rule on an abandoned or forfeited game (the director): each player's win, draw, loss or void, and the
        reason shown on the standings. A game still going on is ended first (abandoned: its seed is revealed);
        a finished game's result stands (409). In the game's log and the tournament's."""
        as_director(tid, lambda s: running.rule_game(s, tid, gid, by=BY, **body), lock=True)
        return next(tb for r in _describe(tid)["rounds"] for tb in r["tables"] if tb["game_id"] == gid)


@tblp.route("/tournaments/<string:tid>/close")
class TournamentClose(MethodView):
    @tblp.response(200, TournamentOut)
    @director_act
    def post(self, tid):
        """Close the tournament (the director): no more entries, rounds or rulings. Refused (409) while a game is
        in play or awaits your ruling."""
        as_director(tid, lambda s: running.close(s, tid, BY), lock=True)
        return _describe(tid)
