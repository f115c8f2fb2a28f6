"""Service errors: a stable code, an HTTP status and a message that says what is wrong and what is allowed."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400
    code = "invalid"

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None, **extra):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if status:
            self.status = status
        self.extra = extra

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, **self.extra}


class NotFound(ServiceError):
    status = 404
    code = "not-found"


class Unauthorized(ServiceError):
    status = 401
    code = "unauthorized"


class Forbidden(ServiceError):
    status = 403
    code = "forbidden"


class BadToken(Unauthorized):
    """A token that belongs to nothing here (no seat of this game, not its umpire, not the webhook secret):
    counted by ``service.throttle``."""
