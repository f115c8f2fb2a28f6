"""``GET`` and ``POST /api/games/<gid>/mail-settings``: a game's mail settings for the umpire,
the deadline hours per decision, the umpire's address and each seat's address, through the service
function ``umpire mail settings`` uses (``service.mail_settings.apply``). Registered on the API blueprint by
``routes`` (imported at its end); umpire acts like the others (``umpire_act``: the token first).
"""

from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from service import mail_settings

from .. import games as G
from .routes import _as_umpire, bearer, blp, sessions, umpire_act
from .schemas import ROLES

#: The document's pattern of an address field: one address, or "" to remove it (the service checks the
#: same pattern and answers 400, saying what is allowed).
ADDRESS_DOC = {"pattern": f"^$|{mail_settings.ADDRESS}"}


def _address(description: str) -> fields.String:
    return fields.String(validate=validate.Length(max=mail_settings.MAX_ADDRESS),
                         metadata={"description": description, "json_schema": ADDRESS_DOC})


class MailSettingsIn(Schema):
    hours = fields.Float(allow_nan=False, validate=validate.Range(min=0, max=mail_settings.MAX_HOURS),
                         metadata={"description": "hours allowed per decision; 0 removes the deadline"})
    umpire_email = _address("the umpire's address, told when a deadline passes; \"\" removes it")
    emails = fields.Dict(keys=fields.String(), values=_address("the seat's address; \"\" removes it"),
                         metadata={"description": "each seat's address, by role (only the seats named change)",
                                   "json_schema": {"propertyNames": {"enum": list(ROLES)}}})


class MailSettingsOut(Schema):
    id = fields.String()
    deadline_hours = fields.Float(allow_none=True, metadata={"description": "null: no deadline"})
    umpire_email = fields.String()
    emails = fields.Dict(keys=fields.String(), values=fields.String(),
                         metadata={"description": "each seat's address, by role (\"\": none)"})
    unconfirmed = fields.List(fields.String(), metadata={
        "description": "the addresses set whose owners have not yet answered their confirmation mail: they are "
                       "mailed nothing else until then"})


@blp.route("/games/<string:gid>/mail-settings")
class GameMailSettings(MethodView):
    @blp.response(200, MailSettingsOut)
    @umpire_act
    def get(self, gid):
        """A game's mail settings (the umpire): the deadline per decision, the umpire's address and each
        seat's address."""
        with sessions()() as s:
            game = G.get_game(s, gid)
            G.require_umpire(s, game, bearer())
            return mail_settings.read(s, game)

    @blp.arguments(MailSettingsIn, required=False)  # no body: nothing changes, the settings come back
    @blp.response(200, MailSettingsOut)
    @umpire_act
    def post(self, body, gid):
        """Set a game's mail settings (the umpire), as `umpire mail settings` does: what is given changes,
        the rest stays. A bad address, or a role no game has, is 400; a role that is not a seat of this
        game, 404; nothing changes unless everything is right."""
        return _as_umpire(gid, lambda s, g: mail_settings.apply(s, g, body.get("hours"), body.get("umpire_email"),
                                                                 body.get("emails")))
