"""JSON as the service reads it (issue 9, part 5: bombs and deep nesting are refused, never a 500).

Python's ``json`` accepts what no move file, game or export needs and some that crash or stall it: nesting
deep enough to raise ``RecursionError``, integers past the int-string limit (``ValueError``), ``NaN`` and
``Infinity``, numbers that overflow to infinity (``1e999999``), and duplicate keys (the last one silently
wins, so two readers of the same file could disagree). ``loads`` refuses each with ``JsonRefused`` (a
``ValueError``), saying what is wrong and what is allowed; ``check_request_json`` applies it to every JSON
request body before any view or schema reads it (400 ``invalid``).
"""

from __future__ import annotations

import json
import math

from .errors import ServiceError

#: Deepest nesting of arrays and objects accepted (an export, the deepest document we take, needs ~8).
MAX_DEPTH = 64
#: Longest integer literal accepted, in digits (a position number or a count needs far fewer).
MAX_INT_DIGITS = 30


class JsonRefused(ValueError):
    """A JSON document we will not read: the message says why and what is allowed."""


def _depth_ok(text: str) -> None:
    """Refuses nesting deeper than MAX_DEPTH, counted without recursion (brackets outside strings)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    depth, in_str, esc = 0, False, False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise JsonRefused(f"the JSON nests arrays and objects more than {MAX_DEPTH} levels deep")
        elif ch in "]}":
            depth -= 1


def _int(s: str) -> int:
    if len(s.lstrip("-")) > MAX_INT_DIGITS:
        raise JsonRefused(f"the JSON holds an integer of {len(s.lstrip('-'))} digits; at most {MAX_INT_DIGITS} "
                          "are accepted")
    return int(s)


def _float(s: str) -> float:
    f = float(s)
    if not math.isfinite(f):
        raise JsonRefused(f"the JSON holds the number {s[:40]}, too large to be a number we can use")
    return f


def _constant(name: str):
    raise JsonRefused(f"the JSON holds {name}, which is not JSON (RFC 8259 has no NaN or Infinity)")


def _pairs(pairs: list[tuple[str, object]]) -> dict:
    out: dict = {}
    for k, v in pairs:
        if k in out:
            raise JsonRefused(f"the JSON names the key {k[:60]!r} twice in one object; each key once")
        out[k] = v
    return out


def loads(text: str | bytes):
    """``json.loads`` without the bombs.

    :raises JsonRefused: too deep, a huge or non-finite number, NaN/Infinity, or a duplicate key.
    :raises json.JSONDecodeError: not JSON at all (also a ``ValueError``).
    """
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    _depth_ok(text)
    return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant, object_pairs_hook=_pairs)


def check_request_json() -> None:
    """``before_request``: a JSON body that ``loads`` refuses is a 400 before anything else reads it.

    Only the bombs are refused here; a body that is simply not JSON is left to the view, which says what
    it expected. The body read here is cached for the view (it is within ``MAX_CONTENT_LENGTH``)."""
    from flask import request
    if request.method in ("GET", "HEAD", "OPTIONS") or not request.is_json:
        return
    data = request.get_data(cache=True)
    try:
        loads(data)
    except JsonRefused as e:
        raise ServiceError(f"{e}; nothing was read or changed", code="invalid") from None
    except (ValueError, UnicodeDecodeError):
        return
