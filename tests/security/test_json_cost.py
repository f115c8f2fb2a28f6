"""A JSON body costs linear time in C, never a Python loop per character (issue 21, finding 12).

The finding: a 1.8 MB unauthenticated body of nested empty arrays cost about a second of CPU. Measured on
the code of then, through the app: 1.0 s for ``[[],[],...]`` and 1.5-1.7 s for groups of arrays nested 63
deep, on ``POST /api/games``, ``/api/imports``, a move check or an umpire act. Of that, the depth scan of
``service.strict_json`` (a Python loop over every character) was about 0.1 s; the rest was the body parsed
twice (the strict check, then webargs' own ``json.loads``), each time with the garbage collector walking the
whole process again and again while hundreds of thousands of lists were made.

Asserted here: the document's shape is measured without a Python loop per character (a tracer counts the
Python lines run: a handful, whatever the size); such a body is refused before it is parsed at all, by
``MAX_CONTAINERS``, with the depth refusal unchanged; and a body the API takes is parsed once. The CPU
figures are printed (``pytest -s``), not asserted.
"""

from __future__ import annotations

import json
import sys
import time

import pytest

from service import strict_json
from service.strict_json import MAX_CONTAINERS, MAX_DEPTH, JsonRefused
from tests.service.test_api import auth, new_game

SIZE = 1_800_000
BODIES = {
    "[[],[],...]": "[" + "[]," * (SIZE // 3 - 1) + "[]]",
    "groups nested 63 deep": "[" + ",".join(["[" * 63 + "]" * 63] * (SIZE // 127)) + "]",
    "nested 900,000 deep": "[" * (SIZE // 2) + "]" * (SIZE // 2),
    "objects in arrays": "[" + '{"a":[]},' * (SIZE // 9 - 1) + '{"a":[]}]',
}


class TooManyLines(Exception):
    pass


def python_lines(fn, cap: int = 20_000) -> int:
    """How many Python lines *fn* runs (any module), stopping it at *cap*: a loop per character of a
    1.8 MB text would run millions."""
    n = 0

    def tracer(frame, event, arg):
        nonlocal n
        if event == "line":
            n += 1
            if n > cap:
                raise TooManyLines(f"more than {cap} Python lines")
        return tracer

    sys.settrace(tracer)
    try:
        fn()
    except JsonRefused:
        pass
    finally:
        sys.settrace(None)
    return n


@pytest.mark.parametrize("name", list(BODIES))
def test_finding12_the_shape_of_a_big_body_is_measured_without_a_loop_per_character(name):
    body = BODIES[name]
    assert len(body) > 0.99 * SIZE
    lines = python_lines(lambda: strict_json.loads(body))
    print(f"{name}: {len(body):,} characters, {lines} Python lines run")
    assert lines < 1_000, lines
    with pytest.raises(JsonRefused) as e:
        strict_json.loads(body)
    assert ("levels deep" if "900,000" in name else f"at most {MAX_CONTAINERS} are accepted") in str(e.value)


def test_finding12_the_depth_refusal_is_exact_and_costs_no_loop_either():
    def ladder(levels: int) -> str:  # [[],[[],[[],...1]]]: never more than two brackets open in a row
        return "[[]," * levels + "1" + "]" * levels

    ok = ["[" * MAX_DEPTH + "]" * MAX_DEPTH, ladder(MAX_DEPTH - 1), '{"a":' * MAX_DEPTH + "1" + "}" * MAX_DEPTH]
    deep = ["[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), ladder(MAX_DEPTH), "[" + ",".join(ok * 500) + "]",
            '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1)]
    for text in ok:
        strict_json.loads(text)
    for text in deep:
        with pytest.raises(JsonRefused, match=f"more than {MAX_DEPTH} levels deep"):
            strict_json.loads(text)
        assert python_lines(lambda t=text: strict_json.loads(t)) < 1_000
    # brackets in strings, and escaped quotes and backslashes, are not nesting
    text = json.dumps({"a": "[" * 500 + '\\"' + "{" * 500, "b": ["\\", "[[[", '"[']})
    assert strict_json.loads(text)["b"][1] == "[[["


@pytest.mark.parametrize("name", list(BODIES))
def test_finding12_such_a_body_is_refused_unauthenticated_cheaply(client, name):
    gid = new_game(client)["id"]
    for path, token in (("/api/games", None), ("/api/imports", None), (f"/api/games/{gid}/pause", "x" * 32)):
        t0 = time.process_time()
        r = client.post(path, data=BODIES[name], content_type="application/json", headers=auth(token))
        cpu = time.process_time() - t0
        print(f"{name} -> POST {path}: {r.status_code} in {cpu * 1e3:.0f} ms of CPU")
        assert r.status_code in (400, 401), r.get_data(as_text=True)[:300]
        if token is None:
            assert r.get_json()["code"] == "invalid"
            assert "levels deep" in r.get_json()["message"] or "arrays and objects" in r.get_json()["message"]


def test_finding12_a_body_the_api_takes_is_parsed_once(client, monkeypatch):
    calls = []
    real = json.loads

    def spy(s, *a, **kw):
        if len(s) > 10_000:
            calls.append(len(s))
        return real(s, *a, **kw)

    monkeypatch.setattr(json, "loads", spy)
    # a new game whose title is padded with white space to 50 kB: read by the strict check and the schema
    body = json.dumps({"game": "palestine", "title": "Big"}) + " " * 50_000
    r = client.post("/api/games", data=body, content_type="application/json")
    assert r.status_code == 201, r.get_data(as_text=True)[:300]
    assert calls == [len(body)], calls
