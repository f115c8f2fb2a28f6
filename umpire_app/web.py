"""The Flask app factory: the composition root of the web service (DESIGN.md section 6).

``create_app(config)`` builds the app: configuration from the environment with safe defaults, the
database (migrated with Alembic), the JSON API and the game page (``service.api``, ``service.pages``),
mail's HTTP endpoints (``mail.webhook``), the Celery app (``service.queue``) with the tasks registered
(``tasks``). Submissions are queued by id only; workers adjudicate them. With no ``REDIS_URL`` the broker
is in-process and the worker runs as a thread inside the one local process (``service.embedded``).
"""

from __future__ import annotations

from pathlib import Path

from flask import Flask, current_app, jsonify
from flask_smorest import Api
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from service import config as config_mod
from service import settings
from service.db import make_engine, make_sessionmaker
from service.error_schema import ApiError
from service.errors import BadToken, ServiceError

#: The repository (the app's root: ``instance/`` beside it) and its top-level ``templates/``.
ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = ROOT / "templates"

CODES = {400: "invalid", 401: "unauthorized", 403: "forbidden", 404: "not-found", 405: "method-not-allowed",
         413: "too-large", 415: "unsupported-media-type", 422: "invalid", 429: "too-many-bad-tokens",
         500: "internal"}


class UmpireApi(Api):
    """flask-smorest's Api, documenting our error body (``ApiError``) for 422 and unlisted statuses."""

    ERROR_SCHEMA = ApiError


def _flatten(messages, path: str = "") -> list[str]:
    """webargs' nested error messages as ``where: what`` lines."""
    if isinstance(messages, dict):
        out = []
        for k, v in messages.items():
            out.extend(_flatten(v, f"{path}.{k}" if path else str(k)))
        return out
    if isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        return [f"{path}: {' '.join(messages)}"]
    if isinstance(messages, list):
        return [line for m in messages for line in _flatten(m, path)]
    return [f"{path}: {messages}"]


def _http_error(error: HTTPException):
    code = error.code or 500
    body = {"code": CODES.get(code, "http-error"), "message": error.description or error.name}
    data = getattr(error, "data", None)
    if data and "messages" in data:
        body["message"] = "the request does not match the schema: " + "; ".join(_flatten(data["messages"]))
        body["errors"] = data["messages"]
    if code == 413:
        body["message"] = f"the request is too large: at most {current_app.config['MAX_CONTENT_LENGTH']} bytes"
    resp = jsonify(body)
    resp.status_code = code
    for k, v in error.get_headers():
        if k.lower() == "allow":
            resp.headers["Allow"] = v
    return resp


def create_app(config: dict | None = None) -> Flask:
    env = settings.read()  # the environment, read once for this app (service.settings)
    # Named "service" as the app always was (Celery's app name, the instance folder beside the code).
    app = Flask("service", root_path=str(ROOT), template_folder=str(TEMPLATES), instance_path=env.instance or None)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    from service.textboard import result_words, role_name
    app.add_template_filter(role_name, "seat")
    app.add_template_filter(result_words, "result")  # {{ outcome|result(game) }}: "British won", "both players lost"  # {{ role|seat(game) }}: "Mau Mau", "EOKA", "British"
    app.config.update(config_mod.from_env(app.instance_path, env))
    app.config["SETTINGS"] = env
    app.config.update(API_TITLE="Umpire", API_VERSION="1", OPENAPI_VERSION="3.1.0", OPENAPI_URL_PREFIX="/api",
                      OPENAPI_JSON_PATH="openapi.json", JSON_SORT_KEYS=False)
    if config:
        if "REDIS_URL" in config and "CELERY" not in config:
            config = {**config, "CELERY": config_mod.celery_config(config["REDIS_URL"]),
                      "EMBEDDED": not config["REDIS_URL"]}
        if ("DATABASE_URL" in config or "REDIS_URL" in config) and "SCALE_SETTING" not in config:
            config = {**config, "SCALE_SETTING": False}  # a program's own set-up: creation as it configures
        app.config.update(config)
    from service.access import policy
    app.config["CREATION"] = policy(app.config)  # who may create games and import them (service.access)

    engine_ = make_engine(app.config["DATABASE_URL"])
    Session = make_sessionmaker(engine_)
    Session.configure(info={"secret_key": app.config["UMPIRE_SECRET_KEY"]})  # service.keys.server_secret
    from service.packs.store import install as install_packs
    install_packs(Session)  # the data packs of games played on one: their checks, and where a process finds them
    if app.config.get("MIGRATE", True):
        from service.migrate import upgrade
        # Once across processes (an advisory lock on PostgreSQL); at head, one read and no lock. 0009 seals
        # the dice seeds with the secret.
        done = upgrade(engine_, secret_key=app.config["UMPIRE_SECRET_KEY"])
        if done.migrated:
            app.logger.info("database %s", done)
    from service.notify import make_notifier
    from service.throttle import Throttle
    app.extensions["umpire"] = {"engine": engine_, "sessions": Session,
                                "notifier": make_notifier(app.config["REDIS_URL"]),
                                "throttle": Throttle(app.config["BAD_TOKEN_LIMIT"], app.config["BAD_TOKEN_WINDOW"],
                                                     app.config["REDIS_URL"])}
    from mail.config import settings as mail_settings
    from service.body_limit import ChunkedBodyLimit
    def body_limit(path: str) -> int:
        return 2 * mail_settings(app).max_bytes if path == "/api/mail/inbound" else app.config["MAX_CONTENT_LENGTH"]
    app.wsgi_app = ChunkedBodyLimit(app.wsgi_app, body_limit)
    app.extensions["umpire"]["body_limit"] = body_limit  # the web worker buffers a body up to it
    from mail.tournament_post import TournamentPost
    from service.tournaments.mailing import POST_KEY
    # Where a tournament's round writes its letters (issue 33): the core writes no mail itself.
    Session.configure(info={**Session.kw["info"], POST_KEY: TournamentPost(lambda: mail_settings(app))})
    if app.config.get("TRUSTED_PROXIES"):
        from werkzeug.middleware.proxy_fix import ProxyFix
        n = app.config["TRUSTED_PROXIES"]
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=n, x_proto=n, x_host=0, x_port=0, x_prefix=0)

    api = UmpireApi(app, spec_kwargs={"components": {"securitySchemes": {
        "bearer": {"type": "http", "scheme": "bearer", "description": "a seat's or the umpire's token"}}}})
    # Schema properties marshmallow cannot express (for example propertyNames) come from field metadata.
    api.ma_plugin.converter.add_attribute_function(
        lambda self, field, **kwargs: dict(field.metadata.get("json_schema", {})))
    from service.api.routes import blp
    api.register_blueprint(blp)
    from service.api.tournaments import tblp
    api.register_blueprint(tblp)
    from service.pages import bp as pages
    app.register_blueprint(pages)
    from mail.webhook import blp as mail_blp
    api.register_blueprint(mail_blp)
    app.register_error_handler(HTTPException, _http_error)
    from service.access import gate as creation_gate
    from service.auth_first import authenticate_first, make_precheck, size_first
    from service.strict_json import check_request_json
    from service.throttle import gate
    app.before_request(gate)
    app.before_request(creation_gate)  # after the throttle, before anything reads the body
    app.before_request(size_first)  # likewise: too large, whoever sends it
    app.before_request(authenticate_first)  # likewise: a token is checked before its body is read
    app.before_request(check_request_json)
    # The web worker (service.web_worker) runs the same head-only checks before it waits for a body.
    from mail.webhook import check_secret
    app.extensions["umpire"]["precheck"] = make_precheck(app, (gate, creation_gate, size_first,
                                                                   authenticate_first),
                                                         {"mail.Inbound": check_secret})

    @app.errorhandler(OperationalError)
    def _database_unavailable(e: OperationalError):
        # The database went away in the middle of this request (the next one gets a fresh connection).
        app.logger.warning("database unavailable: %s", e.orig if e.orig is not None else e)
        resp = jsonify({"code": "database-unavailable",
                        "message": "the database could not be reached for the moment: try again in a few "
                                   "seconds (sending the same move again is safe: it is stored once)"})
        resp.status_code = 503
        resp.headers["Retry-After"] = "2"
        return resp

    @app.errorhandler(ServiceError)
    def _service_error(e: ServiceError):
        if isinstance(e, BadToken):
            from service.throttle import client_key, current
            current().failed(client_key())
        resp = jsonify(e.to_dict())
        resp.status_code = e.status
        if e.status == 429:
            resp.headers["Retry-After"] = str(e.extra["retry_after"])
        return resp

    import tasks  # noqa: F401  (registers the tasks on every Celery app, this one included)
    from service.queue import celery_init_app
    celery = celery_init_app(app)
    # Celery's task message on the broker (Redis, or the in-memory queue); the embedded runner's
    # start_worker then adjudicates moves in this process (service.embedded.InProcessMoves).
    app.extensions["umpire"]["enqueue"] = lambda sid: celery.send_task("tasks.adjudicate", args=[sid])
    return app
