"""The checks a move passes before it is stored, whichever way it came (the API, the game page).

A move arrives as bytes: it must be UTF-8 without NUL characters; text orders may be at most MAX_TEXT
characters; a JSON move file must match its schema (``engine.core.moves``), since a malformed file is
the sender's fault (400), not a verdict. Whether its orders are legal is for the verdict.
"""

from __future__ import annotations

from engine.core.errors import EngineError
from engine.core.moves import parse_move_file

from .adjudication import decode
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
