"""marshmallow schemas of the JSON API; flask-smorest turns them into the OpenAPI 3.1 document."""

from __future__ import annotations

from collections.abc import Sequence

from marshmallow import Schema, ValidationError, fields, validate

import engine

from ..error_schema import ApiError, Fault  # noqa: F401  (the error body of every endpoint)


class Declared(Sequence):
    """The slugs, scenarios, roles or options of the games declared now (``engine.games``), read each time:
    a game's plug-in installed after this module was imported (``engine.plugins.refresh``) is known too."""

    def __init__(self, pick):
        self._pick = pick

    def _now(self) -> list:
        return sorted({x for g in engine.games() for x in self._pick(g)})

    def __getitem__(self, i):
        return self._now()[i]

    def __len__(self) -> int:
        return len(self._now())

    def __contains__(self, x) -> bool:
        return x in self._now()


class OneOfDeclared(validate.OneOf):
    """``OneOf`` a ``Declared`` list, its error naming the choices of the moment (the OpenAPI document's
    ``enum`` is the list when the document is built)."""

    def __call__(self, value):
        if value not in self.choices:
            raise ValidationError(self.error.format(input=value, choices=", ".join(map(str, self.choices)),
                                                    labels=""))
        return value


GAMES = Declared(lambda g: [g["slug"]])
SCENARIOS = Declared(lambda g: g["scenarios"])
ROLES = Declared(lambda g: g["roles"])
OPTIONS = Declared(lambda g: g["options"])


class SeatIn(Schema):
    role = fields.String(required=True, validate=OneOfDeclared(ROLES, error="{input!r} is not a role; roles: {choices}"))
    player = fields.String(load_default="", validate=validate.Length(max=100))
    email = fields.Email(load_default="", validate=validate.Length(max=254))
    entropy = fields.String(load_default="", validate=validate.Length(max=128),
                            metadata={"description": "public entropy of this seat, mixed into every die"})


class GameIn(Schema):
    game = fields.String(required=True, validate=OneOfDeclared(GAMES, error="{input!r} is not a game; games: {choices}"))
    scenario = fields.String(load_default=None, allow_none=True,  # None: the game's default scenario
                             metadata={"description": "a scenario of the game (default: standard, or the game's first)"},
                             validate=OneOfDeclared(SCENARIOS, error="{input!r} is not a scenario; scenarios: {choices}"))
    options = fields.Dict(keys=fields.String(validate=OneOfDeclared(OPTIONS)), load_default=dict,
                          metadata={"description": "game options by name (engine.games() lists them)",
                                    "json_schema": {"propertyNames": {"enum": list(OPTIONS)}}})
    title = fields.String(load_default="", validate=validate.Length(max=200))
    seats = fields.List(fields.Nested(SeatIn), load_default=None, allow_none=True,
                        validate=validate.Length(max=8))
    position = fields.Dict(load_default=None, allow_none=True,
                           metadata={"description": "start from this position instead of the scenario's setup: a "
                                                    "position file (umpire-position/1, docs/positions.md); a refusal "
                                                    "lists every fault with its path"})


class Prompt(Schema):
    role = fields.String()
    text = fields.String()
    rule = fields.String()
    actions = fields.Dict(keys=fields.String(), values=fields.List(fields.String()))


class GameSummary(Schema):
    id = fields.String()
    game = fields.String()
    scenario = fields.String()
    title = fields.String()
    seq = fields.Integer()
    status = fields.String()
    waiting_for = fields.List(fields.String())
    outcome = fields.Dict(allow_none=True)
    commitment = fields.String()
    created_at = fields.String()
    updated_at = fields.String()


class GameCreated(GameSummary):
    tokens = fields.Dict(keys=fields.String(), values=fields.String(),
                         metadata={"description": "one secret per seat and one for the umpire; shown only now"})
    prompts = fields.Dict(keys=fields.String(), values=fields.Nested(Prompt))


class ImportedGame(GameSummary):
    tokens = fields.Dict(keys=fields.String(), values=fields.String(),
                         metadata={"description": "new tokens for every seat and the umpire; shown only now"})


class GameView(GameSummary):
    role = fields.String()
    view = fields.Dict()
    prompts = fields.Dict(keys=fields.String(), values=fields.Nested(Prompt))


class LogEntry(Schema):
    seq = fields.Integer()
    role = fields.String()
    action = fields.String()
    log = fields.List(fields.Dict())
    outcomes = fields.List(fields.Dict())
    at = fields.String()


class UndoneEntry(LogEntry):
    undone = fields.Boolean()
    rollback = fields.Integer(metadata={"description": "the id of the rollback event that undid it"})
    undone_at = fields.String()


class LogOut(Schema):
    game = fields.String()
    entries = fields.List(fields.Nested(LogEntry))
    undone = fields.List(fields.Nested(UndoneEntry), metadata={"description": "moves the umpire rolled back"})
    events = fields.List(fields.Dict())


#: A correction's text (engine.core.corrections): set or move, then the citation.
_WORD = r"[^ \u0000-\u001f\u007f]+"
CORRECTION = (rf"^(correct +)?(set +{_WORD} +[0-9]{{1,6}}|move +{_WORD} +{_WORD} +[0-9]{{1,6}}) +{_WORD}"
              r"[^\u0000-\u001f\u007f]*$")

REASON = fields.String(load_default="", validate=validate.Length(max=500),
                       metadata={"description": "why: recorded in the log"})


class UmpireActIn(Schema):
    reason = REASON


class RollbackIn(Schema):
    to = fields.Integer(required=True, validate=validate.Range(min=0),
                        metadata={"description": "the position to go back to; the moves after it are undone"})
    reason = REASON


class ExtendDeadlineIn(Schema):
    hours = fields.Float(required=True, allow_nan=False, validate=validate.Range(min=0.1, max=24 * 90),
                         metadata={"description": "how many more hours the seats that must decide now get"})
    reason = REASON


class DeadlineOut(Schema):
    id = fields.String()
    seq = fields.Integer()
    due = fields.Dict(keys=fields.String(), values=fields.String(),
                      metadata={"description": "each seat that must decide, and its new deadline (UTC)"})


class ResignIn(Schema):
    role = fields.String(required=True, validate=OneOfDeclared(ROLES, error="{input!r} is not a role; roles: {choices}"),
                         metadata={"description": "the seat that resigns (a seat's token resigns only itself)"})
    reason = REASON


class ReplaceSeatIn(Schema):
    role = fields.String(required=True, validate=OneOfDeclared(ROLES, error="{input!r} is not a role; roles: {choices}"),
                         metadata={"description": "the seat given a new token: to a new player, or to the same "
                                                  "one whose token was lost (the umpire's own: `umpire "
                                                  "replace-seat --role umpire` on the command line)"})
    player = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=100),
                           metadata={"description": "the seat's player from now on; absent: the seat keeps its own"})
    email = fields.Email(load_default=None, allow_none=True, validate=validate.Length(max=254),
                         metadata={"description": "the seat's address from now on; absent: the seat keeps its own"})
    reason = REASON


class CorrectIn(Schema):
    correction = fields.String(
        required=True, validate=[validate.Length(max=200),
                                 validate.Regexp(CORRECTION, error="write 'set PATH VALUE CITATION' or "
                                                                   "'move FROM TO COUNT CITATION'")],
        metadata={"description": "'set PATH VALUE CITATION' (a track or count) or 'move FROM TO COUNT "
                                 "CITATION' (pieces between two counts); PATH names an integer of the state, "
                                 "key by key with dots (in Palestine e.g. haganah or spaces.galilee.troops); "
                                 "the citation names the rule, card "
                                 "or ruling applied", "json_schema": {"pattern": CORRECTION}})


class CorrectionOut(Schema):
    id = fields.String()
    seq = fields.Integer()
    status = fields.String()
    action = fields.String()
    log = fields.List(fields.Dict())


class ControlOut(Schema):
    id = fields.String()
    status = fields.String()
    seq = fields.Integer()
    outcome = fields.Dict(allow_none=True)
    seed = fields.String()


class SeatReplaced(Schema):
    id = fields.String()
    role = fields.String()
    player = fields.String()
    token = fields.String(metadata={"description": "the seat's new token, shown only now; the old one is revoked"})


class RollbackOut(Schema):
    id = fields.String()
    seq = fields.Integer()
    status = fields.String()
    from_seq = fields.Integer()
    undone = fields.Integer(metadata={"description": "how many actions were undone"})
    superseded = fields.List(fields.Dict(), metadata={"description": "the chance outcomes of the undone actions"})
    refused_submissions = fields.List(fields.String())


class Ruling(Schema):
    id = fields.String()
    rule = fields.String(metadata={"description": "the rule numbers it concerns"})
    text = fields.String()
    provenance = fields.String(metadata={"description": "stated, example, inferred or ruling"})
    note = fields.String()
    choice = fields.String(metadata={"description": "the reading in force, where the ruling offers alternatives"})
    choices = fields.Dict(keys=fields.String(), values=fields.String(),
                          metadata={"description": "the readings an umpire may choose at creation (option rulings)"})


class RulingsOut(Schema):
    id = fields.String()
    game = fields.String()
    engine_version = fields.String()
    rules_edition = fields.Integer()
    data_version = fields.String()
    source = fields.String()
    rulings = fields.List(fields.Nested(Ruling))


class LogQuery(Schema):
    format = fields.String(load_default="json", validate=validate.OneOf(["json", "text"]))


class WaitQuery(Schema):
    wait = fields.Float(load_default=0, validate=validate.Range(min=0, max=30))


class MoveQuery(WaitQuery):
    after = fields.Integer(load_default=None, validate=validate.Range(min=0, max=999_999_999),
                           metadata={"description": "the position the move was written at (text moves; a JSON "
                                                    "move file says it in its own after): a copy sent again is "
                                                    "then applied once, and a move for an older position is "
                                                    "refused as stale"})


class ListQuery(Schema):
    limit = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))
    offset = fields.Integer(load_default=0, validate=validate.Range(min=0, max=1_000_000))


class Verdict(Schema):
    status = fields.String()
    applied = fields.List(fields.String())
    fine = fields.List(fields.Dict(), metadata={
        "description": "rejected only: the lines before the refused one, each legal in its turn though none "
                       "was applied ({line, order, action}); fix the refused line and send them again"})
    ignored = fields.List(fields.Integer(), metadata={
        "description": "the line numbers of trailing done orders the position no longer needed (the turn had "
                       "passed): accepted and ignored (docs/orders.md)"})
    log = fields.List(fields.Dict())
    error = fields.Dict(allow_none=True)
    seq = fields.Integer()
    prompts = fields.Dict(keys=fields.String(), values=fields.Nested(Prompt))
    outcome = fields.Dict(allow_none=True)
    preview = fields.Boolean()


class SubmissionOut(Schema):
    id = fields.String()
    game = fields.String()
    role = fields.String()
    status = fields.String(metadata={"description": "queued, accepted, partial, rejected or failed"})
    attempts = fields.Integer()
    verdict = fields.Nested(Verdict, allow_none=True)
    created_at = fields.String()
    updated_at = fields.String()
    url = fields.String()
