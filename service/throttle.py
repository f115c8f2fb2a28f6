"""Repeated bad tokens are throttled: guessing a token, a mail ``Token:`` line or the mail
webhook's secret gets nowhere.

A *key* is who guesses: ``ip:<client address>`` for the API (Bearer tokens), the game page's token form
and cookie, and the mail webhook; ``mail:<game id>:<hash of the sender>`` for the ``Token:`` lines mailed
to one game from one address (``mail.inbound._by_token``: counted per sender, not per game, so that a
stranger's guesses do not lock the game's players out). More than ``limit`` bad tokens
within ``window`` seconds of the first one, and every request of that key that carries a token is refused
with 429 ``too-many-bad-tokens`` (and ``Retry-After``) until the window has passed, whether its token is
right or not: so a guess gives no signal while it is blocked.

The counts live in Redis when ``REDIS_URL`` is set (gunicorn runs several processes, and the mail worker is
another), in the process otherwise. The clock is injectable (``Throttle.clock``) for tests. If Redis cannot
be reached the throttle lets requests through (and logs it): the token check itself still holds.

The client address is the socket's; behind a reverse proxy, ``UMPIRE_TRUSTED_PROXIES`` (a count) makes it
the address that many proxies put in ``X-Forwarded-For`` (werkzeug's ``ProxyFix``), never more.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable

from .errors import ServiceError
from .tokens import SEAT_COOKIE

log = logging.getLogger("umpire.throttle")

#: Default settings (``UMPIRE_BAD_TOKEN_LIMIT``, ``UMPIRE_BAD_TOKEN_WINDOW``).
LIMIT = 20
WINDOW = 600.0
PREFIX = "umpire:badtoken:"

# A key's hash holds ``s`` (when its window began, by the throttle's clock) and ``n`` (bad tokens since).
_FAILED = """
local s = redis.call('HGET', KEYS[1], 's')
if (not s) or (tonumber(ARGV[1]) - tonumber(s) >= tonumber(ARGV[2])) then
  redis.call('HSET', KEYS[1], 's', ARGV[1], 'n', 1)
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  return 1
end
return redis.call('HINCRBY', KEYS[1], 'n', 1)
"""


class TooManyBadTokens(ServiceError):
    status = 429
    code = "too-many-bad-tokens"

    def __init__(self, retry_after: float, what: str = "tokens", source: str = "here", each: str = "request"):
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(f"too many wrong {what} from {source}: every {each} with a token is refused for "
                         f"{self.retry_after} more second(s), whether its token is right or not; wait, then "
                         f"send the right one", retry_after=self.retry_after)


class Throttle:
    """Counts bad tokens per key in a window that begins at the key's first bad token."""

    def __init__(self, limit: int = LIMIT, window: float = WINDOW, redis_url: str = "",
                 clock: Callable[[], float] = time.time):
        self.limit, self.window, self.clock = limit, float(window), clock
        self._lock = threading.Lock()
        self._counts: dict[str, tuple[float, int]] = {}
        self._redis = None
        if redis_url:
            import redis
            self._redis = redis.Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
            self._script = self._redis.register_script(_FAILED)

    def failed(self, key: str) -> None:
        """One more bad token from *key*."""
        now = self.clock()
        if self._redis is not None:
            try:
                self._script(keys=[PREFIX + key], args=[repr(now), repr(self.window), math.ceil(self.window) + 60])
            except Exception:  # Redis down: the token check still holds, only the count is lost
                log.exception("could not count a bad token in Redis")
            return
        with self._lock:
            start, n = self._counts.get(key, (now, 0))
            if now - start >= self.window:
                start, n = now, 0
            self._counts[key] = (start, n + 1)
            if len(self._counts) > 100_000:  # forget windows that have passed
                self._counts = {k: v for k, v in self._counts.items() if now - v[0] < self.window}

    def blocked(self, key: str) -> float | None:
        """Seconds until *key* may send a token again, or None if it may now."""
        now = self.clock()
        if self._redis is not None:
            try:
                s, n = self._redis.hmget(PREFIX + key, "s", "n")
            except Exception:
                log.exception("could not read the bad-token count in Redis")
                return None
            if s is None or n is None:
                return None
            start, count = float(s), int(n)
        else:
            with self._lock:
                start, count = self._counts.get(key, (now, 0))
        left = self.window - (now - start)
        return left if count > self.limit and left > 0 else None

    def check(self, key: str, what: str = "tokens") -> None:
        """:raises TooManyBadTokens: while *key* is blocked."""
        left = self.blocked(key)
        if left is not None:
            raise TooManyBadTokens(left, what)


_default: Throttle | None = None


def current() -> Throttle:
    """The app's throttle inside an app context (web requests, Celery tasks); else one per process from
    the environment (the mail listener's and the CLI's own pipeline runs)."""
    global _default
    from flask import current_app, has_app_context
    if has_app_context():
        t = current_app.extensions.get("umpire", {}).get("throttle")
        if t is not None:
            return t
    if _default is None:
        from . import settings
        s = settings.current()
        _default = Throttle(s.bad_token_limit, s.bad_token_window, s.redis_url)
    return _default


def client_key() -> str:
    """Who sends this request: its client address (after ``ProxyFix``, if proxies are trusted)."""
    from flask import request
    return "ip:" + (request.remote_addr or "unknown")


RETRY_AFTER = {"Retry-After": {"description": "seconds until a request with a token is taken again",
                               "schema": {"type": "integer", "minimum": 1}}}


def takes_token(blp):
    """Marks an endpoint that reads a token (``Authorization``): refused with 429 while its client is
    blocked (``gate``), and the 429 in the OpenAPI document."""
    from .error_schema import ApiError

    def mark(view):
        view.takes_token = True  # kept by the decorators outside (functools.wraps copies the attributes)
        return blp.alt_response(429, schema=ApiError, headers=RETRY_AFTER,
                                description="too many bad tokens from this client: wait Retry-After seconds")(view)
    return mark


def carries_token() -> bool:
    """Whether this request gives a token where one is read: an ``Authorization`` header to an endpoint
    marked ``takes_token``, or a game page request with a seat cookie or the seat-token form."""
    from flask import current_app, request
    view = current_app.view_functions.get(request.endpoint)
    method = getattr(getattr(view, "view_class", None), request.method.lower(), None)
    if getattr(method, "takes_token", False):
        return bool(request.headers.get("Authorization", "").strip())
    if request.blueprint == "pages":
        return bool(request.cookies.get(SEAT_COOKIE)) or request.endpoint == "pages.enter_seat"
    return False


def gate() -> None:
    """``before_request``: a blocked client's request with a token is refused before anything is read."""
    if carries_token():
        current().check(client_key())
