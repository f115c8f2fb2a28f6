"""JSON API endpoints. Every write needs a token; errors are JSON with a code."""

from __future__ import annotations

import re

from flask import Response, current_app, request, url_for
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import RAISE, Schema, fields, validate

from engine.core.moves import MOVE_SCHEMA

from .. import adjudication, control, importer, rollback, rulings
from .. import games as G
from ..access import creates_game
from ..auth_first import bearer
from ..errors import ServiceError
from ..move_input import MAX_TEXT, move_text, with_position
from ..queue import enqueue
from ..reports.boards import BOARDS
from ..strict_json import StrictParser
from ..throttle import takes_token
from .schemas import (
    GAMES,
    ApiError,
    ControlOut,
    CorrectIn,
    CorrectionOut,
    DeadlineOut,
    ExtendDeadlineIn,
    GameCreated,
    GameIn,
    GameSummary,
    GameView,
    ImportedGame,
    ListQuery,
    LogOut,
    LogQuery,
    MoveQuery,
    ReplaceSeatIn,
    ResignIn,
    RollbackIn,
    RollbackOut,
    RulingsOut,
    SeatReplaced,
    SubmissionOut,
    UmpireActIn,
    Verdict,
    WaitQuery,
)

blp = Blueprint("games", __name__, url_prefix="/api", description="Games, seats, moves and verdicts")
blp.ARGUMENTS_PARSER = StrictParser()  # JSON bodies read strictly, once a request (service.strict_json)


@blp.before_request
def _json_for_new_games():
    """A new game is described in JSON; say so rather than report missing fields."""
    if request.method == "POST" and request.endpoint == "games.Games" and request.mimetype != "application/json":
        raise ServiceError(f"send the new game as application/json, not {request.mimetype or 'no content type'}",
                           code="unsupported-media-type", status=415)


MOVE_BODY = {k: v for k, v in MOVE_SCHEMA.items() if k not in ("$schema", "title")}
TEXT_BODY = {"type": "string", "maxLength": MAX_TEXT, "pattern": "^[^\\u0000]*$",
             "description": "one order a line; # starts a comment"}
MOVE_REQUEST = {"required": True, "content": {
    "application/json": {"schema": MOVE_BODY},
    "text/plain": {"schema": TEXT_BODY},
    "multipart/form-data": {
        "schema": {"type": "object", "required": ["file"],
                   "properties": {"file": {**TEXT_BODY, "contentMediaType": "text/plain",
                                           "description": "a .json move file or a .txt of orders (UTF-8)"}}},
        "encoding": {"file": {"contentType": "text/plain"}}},
}}
BEARER = [{"bearer": []}]
ERRORS = (400, 401, 403, 404, 413, 415)
token = takes_token(blp)


def move_body(view):
    """What the two endpoints that take a move file share in the document: the body, the token, the errors."""
    view.seat_token = True  # authenticated before the body is read (``service.auth_first``)
    for code in ERRORS:
        view = blp.alt_response(code, schema=ApiError)(view)
    return blp.doc(requestBody=MOVE_REQUEST, security=BEARER)(token(view))


def creation(view):
    """What the two endpoints that make a game share (``POST /games``, ``/imports``): the creation setting,
    checked before the body is read (``service.access.gate``), its token throttled, and the errors."""
    view = creates_game(view)
    for code in (401, 403):
        view = blp.alt_response(code, schema=ApiError)(view)
    return blp.doc(security=[{"bearer": []}, {}])(token(view))


def pdf_response(pdf: bytes, *name_parts) -> Response:
    """A PDF, inline, its file name made of *name_parts* with anything but letters, digits, ``.``, ``_`` and
    ``-`` replaced: no stored id or role reaches the header as it is."""
    name = re.sub(r"[^A-Za-z0-9._-]", "_", "-".join(map(str, name_parts)))[:120] or "umpire"
    return Response(pdf, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{name}.pdf"'})


def sessions():
    return current_app.extensions["umpire"]["sessions"]


def read_move() -> tuple[str, str]:
    """The move in the request: ``(raw text, content type)``; JSON, text, or an uploaded file."""
    ctype = (request.mimetype or "").lower()
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if request.content_length is not None and request.content_length > limit:
        # Refuse before parsing anything: no temporary file is made for a body we will not read.
        raise ServiceError(f"the request is too large: at most {limit} bytes", code="too-large", status=413)
    if ctype == "multipart/form-data":
        f = request.files.get("file")
        if f is not None:
            data, name = f.read(current_app.config["MAX_CONTENT_LENGTH"] + 1), f.filename or ""
            part_type = (f.mimetype or "").lower()
        elif "file" in request.form:  # a part with no filename arrives as a form field
            data, name, part_type = request.form["file"].encode("utf-8"), "", ""
        else:
            raise ServiceError("upload the move as the form field 'file' (a .json move file or .txt orders)")
        is_json = name.lower().endswith(".json") or part_type == "application/json" or data.lstrip()[:1] == b"{"
        kind = "application/json" if is_json and data.strip() else "text/plain"
    elif ctype in ("application/json", "text/plain"):
        data, kind = request.get_data(cache=False), ctype
    else:
        raise ServiceError(f"send the move as application/json, text/plain or multipart/form-data, not "
                           f"{ctype or 'no content type'}", code="unsupported-media-type", status=415)
    text = move_text(data, kind)
    return text, kind


def _notifier():
    return current_app.extensions["umpire"]["notifier"]


def _submission_out(d: dict) -> dict:
    return {**d, "url": url_for("games.Submission", sid=d["id"], _external=False)}


@blp.route("/games")
class Games(MethodView):
    @blp.arguments(ListQuery, location="query", unknown=RAISE)
    @blp.response(200, GameSummary(many=True))
    def get(self, q):
        """The public list of games, newest first."""
        with sessions()() as s:
            return G.list_games(s, q["limit"], q["offset"])

    @blp.arguments(GameIn)
    @blp.response(201, GameCreated)
    @blp.alt_response(415, schema=ApiError)
    @blp.alt_response(400, schema=ApiError)
    @creation
    def post(self, body):
        """Create a game: one seat per role. The tokens in the reply are shown only once. Who may is a setting
        (`UMPIRE_CREATE_TOKEN`: then send it as the Bearer token); a seat's address is mailed only once
        confirmed. With `position` (a position file, docs/positions.md) the game starts there; a position
        refused is a 400 whose `faults` list every fault with its path."""
        with sessions()() as s, s.begin():
            game, tokens = G.create_game(s, body["game"], body["scenario"], body["options"], body["seats"],
                                         body["title"], position=body["position"])
            return {**G.summary(game), "tokens": tokens, "prompts": G.prompts(game)}


@blp.route("/games/<string:gid>")
class GameResource(MethodView):
    @blp.response(200, GameView)
    @blp.alt_response(401, schema=ApiError)
    @blp.alt_response(404, schema=ApiError)
    @blp.doc(security=[{"bearer": []}, {}])
    @token
    def get(self, gid):
        """The game as the caller may see it: a seat's view, the umpire's, or the public view."""
        with sessions()() as s:
            game = G.get_game(s, gid)
            return G.game_view(game, G.whose_token(s, game, bearer()))


@blp.route("/games/<string:gid>/log")
class GameLog(MethodView):
    @blp.arguments(LogQuery, location="query", unknown=RAISE)
    @blp.response(200, LogOut, content_type="application/json")
    @blp.alt_response(401, schema=ApiError)
    @blp.alt_response(404, schema=ApiError)
    @blp.doc(responses={"200": {"description": "the log: JSON, or text with ?format=text", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/LogOut"}},
        "text/plain": {"schema": {"type": "string"}}}}}, security=[{"bearer": []}, {}])
    @token
    def get(self, q, gid):
        """The move log: every accepted action with its log lines and chance outcomes. In a game with hidden
        units (The First Arab-Israeli War) the others' orders show only their first word while it goes on: a
        seat's token shows its own whole."""
        with sessions()() as s:
            game = G.get_game(s, gid)
            viewer = G.whose_token(s, game, bearer())
            entries = G.move_log(s, game, viewer)
            undone = G.undone_log(s, game, viewer)
            evs = G.events(s, game)
        if q["format"] == "text":
            text = G.log_text(entries) + "".join(map(G.event_text, evs)) + G.undone_text(undone)
            return Response(text, mimetype="text/plain")
        return {"game": gid, "entries": entries, "undone": undone, "events": evs}


@blp.route("/games/<string:gid>/export")
class GameExport(MethodView):
    @blp.response(200)
    @blp.alt_response(401, schema=ApiError)
    @blp.alt_response(403, schema=ApiError)
    @blp.alt_response(404, schema=ApiError)
    @blp.doc(security=BEARER)
    @token
    def get(self, gid):
        """The whole record of the game, for the umpire."""
        with sessions()() as s:
            game = G.get_game(s, gid)
            G.require_umpire(s, game, bearer())
            return G.export(s, game)


@blp.route("/games/<string:gid>/moves")
class GameMoves(MethodView):
    @blp.arguments(MoveQuery, location="query", unknown=RAISE)
    @blp.response(202, SubmissionOut)
    @blp.alt_response(200, schema=SubmissionOut)
    @move_body
    def post(self, q, gid):
        """Submit a move file. 202 with the submission; with ?wait=N, up to N seconds for the verdict (200).

        The same move sent again is applied once and answered with the first verdict: the same
        ``Idempotency-Key`` header from the same seat; the same body for the same stated position (a JSON
        file's ``after``; for text, ``?after=N``, an ``After: N`` header or a first line ``after N``); or,
        stating no position, the same body from the same seat within 120 seconds with no move in between."""
        raw, kind = read_move()
        raw = with_position(raw, kind, q["after"], request.headers.get("After"))
        out, new = adjudication.store(sessions(), gid, raw, kind, request.headers.get("Idempotency-Key"),
                                      token=bearer())
        if new and q["wait"]:
            # Listen for the verdict before queueing, so the notice cannot come before we listen.
            with _notifier().expect(out["id"]) as ev:
                enqueue(out["id"])
                out = adjudication.wait_for(sessions(), out["id"], q["wait"], ev=ev, known=out)
        elif new:
            enqueue(out["id"])
        elif q["wait"] and out["status"] not in adjudication.DONE:
            out = adjudication.wait_for(sessions(), out["id"], q["wait"], _notifier())
        code = 200 if (out["status"] in adjudication.DONE or not new) else 202
        return _submission_out(out), code


@blp.route("/games/<string:gid>/check")
class GameCheck(MethodView):
    @blp.response(200, Verdict)
    @move_body
    def post(self, gid):
        """Check a move without committing it: the same checks, stopping before any die or draw."""
        raw, kind = read_move()
        raw = with_position(raw, kind, None, request.headers.get("After"))
        with sessions()() as s:
            return adjudication.preview(s, gid, bearer(), raw, kind)


@blp.route("/submissions/<string:sid>", endpoint="Submission")
class SubmissionResource(MethodView):
    @blp.arguments(WaitQuery, location="query", unknown=RAISE)
    @blp.response(200, SubmissionOut)
    @blp.alt_response(404, schema=ApiError)
    def get(self, q, sid):
        """A submission's status and verdict (its id is an unguessable capability)."""
        if q["wait"]:
            out = adjudication.wait_for(sessions(), sid, q["wait"], _notifier())
        else:
            with sessions()() as s:
                out = adjudication.submission_status(s, sid)
        return _submission_out(out)


@blp.route("/games/<string:gid>/dice")
class GameDice(MethodView):
    @blp.response(200)
    @blp.alt_response(404, schema=ApiError)
    def get(self, gid):
        """The dice: the commitment, every outcome with the inputs of its derivation (docs/dice.md) and,
        once revealed, the seed. `umpire verify` checks this file offline."""
        with sessions()() as s:
            return G.dice_record(s, G.get_game(s, gid))


PDF_RESPONSE = {"200": {"description": "a PDF", "content": {"application/pdf": {"schema": {"type": "string",
                                                                                       "format": "binary"}}}}}


@blp.route("/games/<string:gid>/snapshot.pdf")
class GameSnapshot(MethodView):
    @blp.alt_response(401, schema=ApiError)
    @blp.alt_response(404, schema=ApiError)
    @blp.doc(responses=PDF_RESPONSE, security=[{"bearer": []}, {}])
    @token
    def get(self, gid):
        """The position as a PDF, as the caller sees it (a seat's token: that seat's view)."""
        from ..reports.store import get_or_render
        with sessions()() as s:
            game = G.get_game(s, gid)
            role = G.whose_token(s, game, bearer()) or "public"
        pdf, seq = get_or_render(sessions(), gid, "snapshot", role)
        return pdf_response(pdf, gid, seq, role)


class ReportQuery(Schema):
    """The report's options (issue 27): the boards it prints besides the current position's."""

    boards = fields.String(load_default="none", validate=validate.OneOf(
        list(BOARDS), error="{input!r} is not a boards option: use one of " + "; ".join(
            f"{k} ({v})" for k, v in BOARDS.items())), metadata={"description": "boards besides the current "
        "position's: " + "; ".join(f"{k}: {v}" for k, v in BOARDS.items()) + " (each from the public view)"})


@blp.route("/games/<string:gid>/report.pdf")
class GameReport(MethodView):
    @blp.arguments(ReportQuery, location="query", unknown=RAISE)
    @blp.alt_response(404, schema=ApiError)
    @blp.doc(responses=PDF_RESPONSE)
    def get(self, q, gid):
        """The game report: cover with the dice commitment (and the seed once revealed), the current
        position's board (and with ?boards=card or ?boards=propaganda a board per card or per Propaganda
        Round before it), the whole log with every chance outcome and its inputs, and the log's hash."""
        from ..reports.store import get_or_render
        pdf, seq = get_or_render(sessions(), gid, "report", "public", boards=q["boards"])
        name = ("report", seq) if q["boards"] == "none" else ("report", q["boards"], seq)
        return pdf_response(pdf, gid, *name)


@blp.route("/schema/move.json")
class MoveSchema(MethodView):
    @blp.response(200)
    def get(self):
        """The JSON Schema of a move file (umpire-move/1)."""
        return MOVE_SCHEMA


# ------------------------------------------------------------------------------------------ umpire tools

UMPIRE_ERRORS = (400, 401, 403, 404, 409)


def umpire_act(view):
    """What the umpire's endpoints share: the token, checked first (``service.auth_first``), and the errors in
    the document."""
    view.needs_token = True  # kept by the decorators outside (functools.wraps copies the attributes)
    for code in UMPIRE_ERRORS:
        view = blp.alt_response(code, schema=ApiError)(view)
    return blp.doc(security=BEARER)(token(view))


@blp.route("/games/<string:gid>/reveal")
class GameReveal(MethodView):
    @blp.response(200)
    @umpire_act
    def post(self, gid):
        """Reveal the seed before the game ends (the umpire, for a dispute); recorded in the log. The game goes
        on under a new seed whose commitment is published in the log at once (`commitment` here)."""
        with sessions()() as s, s.begin():
            game = G.get_game(s, gid, lock=True)
            G.require_umpire(s, game, bearer())
            seed = G.reveal_seed(s, game, going_on=True)
            return {"id": gid, "seed": seed, "commitment": game.commitment, "status": game.status}


def _as_umpire(gid: str, act):
    return control.as_umpire(sessions(), gid, bearer(), act)


@blp.route("/games/<string:gid>/rulings")
class GameRulings(MethodView):
    @blp.response(200, RulingsOut)
    @blp.alt_response(404, schema=ApiError)
    def get(self, gid):
        """The rules the game runs on: engine version, rules edition, data version, and the rulings in
        force, each with its rule number, text and provenance."""
        with sessions()() as s:
            return rulings.rulings_in_force(G.get_game(s, gid))


def _control_route(act: str, doc: str) -> None:
    """``POST /games/<gid>/<act>``: one of the umpire's game-control acts (``control.<act>``), with a reason."""
    def post(self, body, gid):
        return _as_umpire(gid, lambda s, g: getattr(control, act)(s, g, body["reason"]))
    post.__doc__ = doc
    view = blp.arguments(UmpireActIn, required=False)(blp.response(200, ControlOut)(umpire_act(post)))
    blp.route(f"/games/<string:gid>/{act}")(type(f"Game{act.title()}", (MethodView,), {"post": view}))


_control_route("pause", "Pause the game (the umpire): moves and previews are refused with 409 `paused` until "
                        "it is resumed.")
_control_route("resume", "Resume a paused game (the umpire).")
_control_route("abandon", "End the game with no winner (the umpire); the seed is revealed.")


@blp.route("/games/<string:gid>/extend-deadline")
class GameExtendDeadline(MethodView):
    @blp.arguments(ExtendDeadlineIn)
    @blp.response(200, DeadlineOut)
    @umpire_act
    def post(self, body, gid):
        """Give the seats that must decide now more time (the umpire): their mail deadlines move by `hours`,
        a new reminder comes before the new time, and the act is in the log."""
        from ..deadlines import extend
        return _as_umpire(gid, lambda s, g: extend(s, g, body["hours"], body["reason"]))


@blp.route("/games/<string:gid>/resign")
class GameResign(MethodView):
    @blp.arguments(ResignIn)
    @blp.response(200, ControlOut)
    @umpire_act
    def post(self, body, gid):
        """Resign the seat named: with that seat's token, or the umpire's. The game ends, the other side
        wins, the seed is revealed."""
        with sessions()() as s, s.begin():
            game = G.get_game(s, gid, lock=True)
            by = control.who_resigns(s, game, bearer(), body["role"])
            return control.resign(s, game, body["role"], by, body["reason"])


@blp.route("/games/<string:gid>/replace-seat")
class SeatReplace(MethodView):
    @blp.arguments(ReplaceSeatIn)
    @blp.response(200, SeatReplaced)
    @umpire_act
    def post(self, body, gid):
        """Give a seat a new token (the umpire): to a new player, or to the same one whose token was lost (no
        `player` or `email`: the seat keeps its own). The new token is shown only now; the old one is refused
        from then on. The umpire's own token is replaced from the command line (`umpire replace-seat --role
        umpire`)."""
        return _as_umpire(gid, lambda s, g: control.replace_seat(s, g, body["role"], body["player"],
                                                                 body["email"], body["reason"]))


@blp.route("/games/<string:gid>/rollback")
class GameRollback(MethodView):
    @blp.arguments(RollbackIn)
    @blp.response(200, RollbackOut)
    @umpire_act
    def post(self, body, gid):
        """Roll the game back to position `to` (the umpire): the later moves are kept in the log as undone,
        their chance outcomes superseded; the dice of new moves come from the same committed seed."""
        return _as_umpire(gid, lambda s, g: rollback.rollback(s, g, body["to"], body["reason"]))


@blp.route("/games/<string:gid>/correct")
class GameCorrect(MethodView):
    @blp.arguments(CorrectIn)
    @blp.response(200, CorrectionOut)
    @umpire_act
    def post(self, body, gid):
        """Correct the position of a paused game (the umpire), citing the rule, card or ruling applied: set a
        track or count, or move pieces between two counts. It is an action of the umpire in the log and in
        the chain of actions (so later dice are bound to it), and a rollback undoes it like any other."""
        return _as_umpire(gid, lambda s, g: control.correct(s, g, body["correction"]))


EXPORT_BODY = {
    "type": "object", "description": "a game export (GET /api/games/ID/export) with its seed revealed",
    "required": ["format", "id", "game", "status", "created_at", "seats", "seed", "commitment", "moves"],
    "properties": {"format": {"const": "umpire-export/1"}, "id": {"type": "string", "pattern": G.GAME_ID_PATTERN},
                   "status": {"enum": sorted(importer.IMPORTED_AS)},
                   "created_at": {"type": "string", "format": "date-time"}, "title": {"type": "string", "maxLength": 200},
                   "seats": {"type": "array", "maxItems": 8, "items": {"type": "object", "required": ["role"]}},
                   "game": {"enum": list(GAMES)}, "seed": {"type": "string"}, "commitment": {"type": "string"},
                   "moves": {"type": "array", "items": {"type": "object", "required": ["seq", "role", "action"]}}}}


@blp.route("/imports")
class GameImport(MethodView):
    @blp.response(201, ImportedGame)
    @blp.alt_response(400, schema=ApiError)
    @blp.alt_response(409, schema=ApiError)
    @blp.alt_response(415, schema=ApiError)
    @blp.doc(requestBody={"required": True, "content": {"application/json": {"schema": EXPORT_BODY}}})
    @creation
    def post(self):
        """Import a game export: its dice are verified and it is replayed through this engine first; one
        that replays differently is refused (409 `replay-differs`) naming the first position that differs.
        Its fields are held to what creation allows (400 `invalid-export`: the id's pattern, the status,
        the seats, dates neither in the future nor before the service's epoch). The game keeps its id, gets
        new tokens (shown only now) and, if it was going on, is paused. Who may import is the creation
        setting (`UMPIRE_CREATE_TOKEN`)."""
        if request.mimetype != "application/json":
            raise ServiceError(f"send the export as application/json, not {request.mimetype or 'no content type'}",
                               code="unsupported-media-type", status=415)
        record = request.get_json(silent=True)
        with sessions()() as s, s.begin():
            game, tokens = importer.import_game(s, record)
            return {**G.summary(game), "tokens": tokens}


from . import mail_settings  # noqa: E402, F401  (GET/POST /games/<gid>/mail-settings, on this blueprint)
