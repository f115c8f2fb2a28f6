"""JSON as the service reads it (bombs and deep nesting are refused, never a 500).

Python's ``json`` accepts what no move file, game or export needs and some that crash or stall it: nesting
deep enough to raise ``RecursionError``, integers past the int-string limit (``ValueError``), ``NaN`` and
``Infinity``, numbers that overflow to infinity (``1e999999``), and duplicate keys (the last one silently
wins, so two readers of the same file could disagree). ``loads`` refuses each with ``JsonRefused`` (a
``ValueError``), saying what is wrong and what is allowed; ``check_request_json`` applies it to every JSON
request body before any view or schema reads it (400 ``invalid``).

What it costs is linear and in C, so a large body cannot hold a process for long. The shape of a
document (how deep it nests, how many arrays and objects it holds) is measured before it is parsed by
passes of ``str``/``re`` methods over the text, never a Python loop per character (``shape``); more than
``MAX_CONTAINERS`` arrays and objects are refused there too. The parse itself runs with the cyclic garbage
collector paused: hundreds of thousands of new lists would make the collector walk the whole process,
several times a parse. A request's body is parsed once: the API's argument parser (``StrictParser``) takes
the document ``check_request_json`` read (``request_json``).
"""

from __future__ import annotations

import gc
import json
import math
import re

from webargs import core
from webargs.flaskparser import FlaskParser, abort, is_json_request

from .errors import ServiceError

#: Deepest nesting of arrays and objects accepted (an export, the deepest document we take, needs ~8).
MAX_DEPTH = 64
#: Longest integer literal accepted, in digits (a position number or a count needs far fewer).
MAX_INT_DIGITS = 30
#: Most arrays and objects accepted in one document. A whole Palestine game's export (397 moves, 105 kB)
#: holds 1,740, so an export as large as the largest body taken (2 MiB) holds about 35,000; each one costs
#: Python about 70 bytes and a little time, and a body of empty arrays is 2 or 3 bytes each.
MAX_CONTAINERS = 100_000


class JsonRefused(ValueError):
    """A JSON document we will not read: the message says why and what is allowed."""


#: A JSON string with its escapes taken out (``_outside_strings``): no quote or backslash inside.
_STRING = re.compile(r'"[^"]*"')
#: Keeps the brackets only, each opening one as "[" and each closing one as "]" (ASCII text: CPython's
#: fast path for ``str.translate``).
_BRACKETS = str.maketrans({**{chr(i): None for i in range(128)}, "[": "[", "{": "[", "]": "]", "}": "]"})
_NOT_BRACKET = re.compile(r"[^\[\]]+")


def _outside_strings(text: str) -> str:
    """*text* with every string taken out: the escapes first (``\\\\``, then ``\\"``, left to right as JSON
    pairs them), then each quoted run; an unterminated string runs to the end."""
    text = text.replace("\\\\", "").replace('\\"', "")
    return _STRING.sub("", text).split('"', 1)[0]


def shape(text: str) -> None:
    """Refuses nesting deeper than MAX_DEPTH and more than MAX_CONTAINERS arrays and objects, without parsing.

    Each step is a ``str`` or ``re`` method over the text, never a Python loop over every character. The
    strings are taken out, then all but the brackets; a run of MAX_DEPTH + 1 opening
    brackets is too deep at once. Otherwise each pass of ``replace("[]", "")`` takes away the innermost
    pairs, one level of nesting, so a pair left after MAX_DEPTH passes is nested deeper than MAX_DEPTH (the
    passes stop as soon as nothing changes; the count limit comes first, so they never run over more than
    2 x MAX_CONTAINERS brackets)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return
    brackets = _outside_strings(text).translate(_BRACKETS)
    if not brackets.isascii():  # not JSON (a character JSON does not allow outside a string); count it all
        brackets = _NOT_BRACKET.sub("", brackets)
    deep = JsonRefused(f"the JSON nests arrays and objects more than {MAX_DEPTH} levels deep")
    if "[" * (MAX_DEPTH + 1) in brackets:
        raise deep
    opening = brackets.count("[")
    if opening <= MAX_DEPTH:
        return
    many = max(opening, len(brackets) - opening)
    if many > MAX_CONTAINERS:
        raise JsonRefused(f"the JSON holds {many} arrays and objects; at most {MAX_CONTAINERS} are accepted")
    for _ in range(MAX_DEPTH):
        inner = brackets.replace("[]", "")
        if len(inner) == len(brackets):
            break
        brackets = inner
    if "[]" in brackets or "[" * (MAX_DEPTH + 1) in brackets:
        raise deep


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
    shape(text)
    paused = gc.isenabled()
    gc.disable()  # a parse makes no cycles; the collector would walk the whole process, again and again
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant,
                          object_pairs_hook=_pairs)
    finally:
        if paused:
            gc.enable()


#: Where a request keeps its parsed JSON body (``request_json``): ``(True, document)`` or ``(False, error)``.
PARSED = "umpire.json"


def request_json(req):
    """The JSON body of *req* as ``loads`` reads it, parsed once a request (kept in its environ).

    :raises JsonRefused: see ``loads``.
    :raises json.JSONDecodeError: not JSON, or not UTF-8 (as webargs reports it: an empty body is
        ``missing`` there).
    """
    kept = req.environ.get(PARSED)
    if kept is None:
        data = req.get_data(cache=True)
        try:
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise json.JSONDecodeError(f"Bytes decoding error : {exc.reason}", doc=str(exc.object),
                                           pos=exc.start) from exc
            kept = (True, loads(text))
        except ValueError as e:  # JsonRefused or json.JSONDecodeError
            kept = (False, e)
        req.environ[PARSED] = kept
    ok, value = kept
    if not ok:
        raise value
    return value


def _refused(e: JsonRefused) -> ServiceError:
    return ServiceError(f"{e}; nothing was read or changed", code="invalid")


def check_request_json() -> None:
    """``before_request``: a JSON body that ``loads`` refuses is a 400 before anything else reads it.

    Only the bombs are refused here; a body that is simply not JSON is left to the view, which says what
    it expected. The body read here is cached for the view (it is within ``MAX_CONTENT_LENGTH``), and so
    is the document (``request_json``). It runs after the callers are authenticated
    (``service.auth_first``): an unauthenticated body is neither read nor parsed."""
    from flask import request
    if request.method in ("GET", "HEAD", "OPTIONS") or not request.is_json:
        return
    try:
        request_json(request)
    except JsonRefused as e:
        raise _refused(e) from None
    except ValueError:  # not JSON: the view says what it expected
        return


class StrictParser(FlaskParser):
    """webargs' Flask parser, its JSON read by ``request_json``: strictly, and once a request (the document
    ``check_request_json`` parsed, with the garbage collector paused; the body is not parsed a second
    time). It overrides the public location loader ``load_json`` and answers a body
    that is not JSON as webargs does (400, "Invalid JSON body."; an empty body is missing)."""

    def load_json(self, req, schema):
        if not is_json_request(req):
            return core.missing
        try:
            return request_json(req)
        except JsonRefused as e:
            raise _refused(e) from None
        except json.JSONDecodeError as e:
            if e.doc == "":
                return core.missing
            abort(400, exc=e, messages={"json": ["Invalid JSON body."]})
