"""``POST /api/mail/inbound``: a raw RFC 5322 message from a mail provider's inbound webhook.

Authenticated by a shared secret (``UMPIRE_MAIL_WEBHOOK_SECRET``), sent as ``Authorization: Bearer
<secret>`` or as the password of HTTP Basic authentication (for providers that put it in the URL),
compared in constant time. While no secret is set the endpoint refuses everything (403, or 401
without a secret, each naming the setting). A wrong secret counts as a bad token (``service.throttle``): too many from one address, 429. The message
is stored (``inbound.receive``) before the answer: 202 for a new message, 200 for one already stored.
"""

from __future__ import annotations

import base64
import hmac

from flask import current_app, request
from flask.views import MethodView
from flask_smorest import Blueprint

from service.error_schema import ApiError
from service.errors import BadToken, ServiceError
from service.throttle import takes_token

from . import config
from .inbound import receive

blp = Blueprint("mail", __name__, url_prefix="/api/mail", description="Play by email: inbound messages")

RAW_TYPES = ("message/rfc822", "application/octet-stream", "text/plain")
#: The document names application/octet-stream; message/rfc822 and text/plain are accepted as the same bytes.
RAW_BODY = {"required": True, "description": "the raw message (also accepted as message/rfc822 or text/plain)",
            "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}
STORED = {"type": "object", "required": ["id", "status"],
          "properties": {"id": {"type": "integer"}, "status": {"type": "string", "enum": ["received", "duplicate"]}}}


def check_secret() -> None:
    """The webhook's shared secret, from the request's head alone (the view checks it first; the web worker
    also runs it before the body has come, ``service.auth_first.make_precheck``).

    :raises ServiceError: none given (401), the webhook off (403), or a wrong one (``BadToken``)."""
    secret = config.settings(current_app).webhook_secret
    off = "the mail webhook is off: set UMPIRE_MAIL_WEBHOOK_SECRET to turn it on"
    given = _secret_given()
    if not given:
        raise ServiceError("send the webhook secret: 'Authorization: Bearer <secret>'"
                           + ("" if secret else f" ({off})"), code="unauthorized", status=401)
    if not secret:
        raise ServiceError(off, code="forbidden", status=403)
    if not hmac.compare_digest(given.encode(), secret.encode()):
        raise BadToken("the webhook secret is wrong")


def _secret_given() -> str:
    auth = request.headers.get("Authorization", "")
    kind, _, value = auth.partition(" ")
    if kind.lower() == "bearer":
        return value.strip()
    if kind.lower() == "basic":
        try:
            return base64.b64decode(value.strip(), validate=True).decode("utf-8").partition(":")[2]
        except (ValueError, UnicodeDecodeError):
            return ""
    return ""


@blp.route("/inbound")
class Inbound(MethodView):
    @blp.doc(requestBody=RAW_BODY, security=[{"bearer": []}], responses={
        "202": {"description": "stored; it will be read and answered by mail",
                "content": {"application/json": {"schema": STORED}}},
        "200": {"description": "this message (its Message-ID) was stored before; nothing is done again",
                "content": {"application/json": {"schema": STORED}}}})
    @blp.alt_response(400, schema=ApiError)
    @blp.alt_response(401, schema=ApiError)
    @blp.alt_response(413, schema=ApiError)
    @blp.alt_response(415, schema=ApiError)
    @blp.alt_response(403, schema=ApiError)
    @takes_token(blp)
    def post(self):
        """A raw RFC 5322 message from a mail provider, authenticated by the shared webhook secret."""
        s = config.settings(current_app)
        check_secret()
        if (request.mimetype or "").lower() not in RAW_TYPES:
            raise ServiceError(f"send the raw message as message/rfc822, not {request.mimetype or 'no content type'}",
                               code="unsupported-media-type", status=415)
        limit = 2 * s.max_bytes
        if request.content_length is not None and request.content_length > limit:
            raise ServiceError(f"the message is too large: at most {limit} bytes", code="too-large", status=413)
        request.max_content_length = limit
        raw = request.get_data(cache=False)
        if not raw.strip():
            raise ServiceError("the body is empty: send the raw message (RFC 5322)")
        rid, new = receive(current_app.extensions["umpire"]["sessions"], s, raw, "webhook")
        if new:
            try:
                current_app.extensions["celery"].send_task("tasks.mail.handle", args=[rid])
            except Exception:  # the broker is down: the mail sweeper reads the stored message later
                current_app.logger.exception("could not queue inbound message %s; the sweeper will", rid)
        return {"id": rid, "status": "received" if new else "duplicate"}, 202 if new else 200
