"""The checks a move passes before it is stored, whichever way it came (the API, the game page).

A move arrives as bytes: it must be UTF-8 without NUL characters; text orders may be at most MAX_TEXT
characters; a JSON move file must match its schema (``engine.core.moves``), since a malformed file is
the sender's fault (400), not a verdict. Whether its orders are legal is for the verdict.
"""

from __future__ import annotations

from engine.core.errors import EngineError
from engine.core.moves import parse_move_file

from .adjudication import after_of, decode
from .errors import ServiceError

#: Text orders: at most this many characters (fits the body limit in any encoding).
MAX_TEXT = 60_000


def move_text(data: bytes, kind: str) -> str:
    """*data* as the text of a move of *kind* (``application/json`` or ``text/plain``), checked.

    :raises ServiceError: not UTF-8, a NUL, text orders too long, or a malformed JSON move file.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ServiceError("the move must be UTF-8 text") from None
    if "\x00" in text:
        raise ServiceError("the move must not contain NUL characters")
    if kind == "text/plain" and len(text) > MAX_TEXT:
        raise ServiceError(f"text orders may be at most {MAX_TEXT} characters long", code="too-large", status=413)
    if kind == "application/json":
        try:
            parse_move_file(decode(text, kind))
        except EngineError as e:
            raise ServiceError(f"the move file is malformed: {e.message}", code="invalid") from None
    return text


def with_position(text: str, kind: str, query: int | None, header: str | None) -> str:
    """*text* stating the position the sender gives beside the body (``?after=N`` or an ``After: N``
    header): a text move gets a first line ``after N`` (what a mailed move writes itself), so that a copy
    of it sent later is known for the same move (``adjudication.idempotency_key``) and a move for a
    position the game has left is refused as stale. A JSON move file states its position in its ``after``.

    :raises ServiceError: the header is not a position, the two disagree, or they disagree with the body.
    """
    given = query
    if header is not None:
        try:
            from_header = int(header.strip())
        except ValueError:
            raise ServiceError(f"position: the After header is the position you saw, a whole number; not "
                               f"{header[:40]!r}") from None
        if from_header < 0 or from_header > 999_999_999:
            raise ServiceError("position: the After header is the position you saw, 0 to 999999999")
        if given is not None and given != from_header:
            raise ServiceError(f"position: ?after={given} and the After header ({from_header}) disagree; give "
                               "it once")
        given = from_header
    if given is None:
        return text
    stated = after_of(text, kind)
    if stated == given:
        return text
    if kind == "application/json":
        raise ServiceError(f"position: a JSON move file states it in its own \"after\" field "
                           f"({'none' if stated is None else stated}), not in ?after or an After header; "
                           f"put \"after\": {given} in the file")
    if stated is not None:
        raise ServiceError(f"position: the orders begin with 'after {stated}' but ?after or the After header "
                           f"says {given}; give the position once")
    return f"after {given}\n{text}"

