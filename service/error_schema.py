"""The body of every error the service answers over HTTP (the API, the game page's JSON, the mail
webhook): a code, a message, and where they apply the fields at fault, the position's faults, the
sequence number or the wait before a token is taken again. Documented in the OpenAPI description."""

from __future__ import annotations

from marshmallow import Schema, fields


class Fault(Schema):
    path = fields.String(metadata={"description": "the JSON path of the field at fault (spaces.galilee.cells_u)"})
    message = fields.String()


class ApiError(Schema):
    code = fields.String(required=True)
    message = fields.String(required=True)
    errors = fields.Dict()
    faults = fields.List(fields.Nested(Fault), metadata={"description": "a position refused: every fault"})
    problems = fields.List(fields.String(), metadata={"description": "a request refused for several faults (a "
                                                                     "tournament, a pairing, a ruling): each"})
    seq = fields.Integer()
    retry_after = fields.Integer(metadata={"description": "with 429: seconds until a token is taken again"})
