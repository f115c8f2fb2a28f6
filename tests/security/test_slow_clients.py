"""Slow clients do not take the web tier offline (issue 21, finding 4).

The finding: 40 unauthenticated connections, each sending a 100 kB JSON body a byte every 5 s, stopped
gunicorn answering. JSON bodies were read (``service.strict_json.check_request_json``) before any token
check, and gunicorn's ``gthread`` worker reads a body in one of its threads: 2 processes x 8 threads are
16 slow bodies, and nothing is answered any more.

These tests start the Procfile's own ``web:`` command (its worker class and options, on a free port on
127.0.0.1, against a temporary SQLite database) and check, over raw sockets:

- with 40 slow unauthenticated bodies open, to every endpoint that takes a body (the token-requiring ones
  with no token or a forged one, and the open ones: a new game, an import, the page's seat form), a normal
  request still gets its answer at once;
- an endpoint that requires a token answers 401 without waiting for the body (a head announcing 100 kB
  and no body at all), and so does a game page's form without a seat;
- a body (or a request head) that trickles in is cut at the read deadline (408), with the deadlines made
  short for the test (``UMPIRE_BODY_SECONDS``, ``UMPIRE_HEADER_SECONDS``).
"""

from __future__ import annotations

import contextlib
import io
import shlex
import socket
import sys
import time
from pathlib import Path

import pytest
import requests
from werkzeug.test import EnvironBuilder

from bench.harness import ROOT, Proc, Trickle, base_env, free_port, wait_http
from tests.service.test_api import new_game as new_game_here

SLOW = 40  # the finding's figure
BODY = 100_000  # bytes each slow connection announces
FORGED = "x" * 32
SECRET = "slow-client-test-webhook-secret"


def procfile_web(port: int) -> list[str]:
    """The Procfile's ``web:`` command, with the port given and bound to 127.0.0.1 only."""
    line = next(s for s in (ROOT / "Procfile").read_text().splitlines() if s.startswith("web:"))
    argv = shlex.split(line.partition(":")[2].replace("${PORT:-5000}", str(port)))
    assert argv[0] == "gunicorn", line
    argv = [a.replace("0.0.0.0:", "127.0.0.1:") for a in argv]
    return [sys.executable, "-m", "gunicorn", *argv[1:]]


@contextlib.contextmanager
def web_tier(tmp: Path, **env):
    """The Procfile's web process on a temporary SQLite database (migrated first: two processes starting
    on an empty file would both create the tables). Yields its base URL."""
    from service.db import make_engine
    from service.migrate import upgrade
    url = f"sqlite:///{tmp / 'umpire.sqlite3'}"
    eng = make_engine(url)
    upgrade(eng)
    eng.dispose()
    port = free_port()
    penv = base_env(tmp) | {"DATABASE_URL": url, "UMPIRE_MAIL_WEBHOOK_SECRET": SECRET,
                            # the forged tokens below would otherwise get this client throttled (429)
                            "UMPIRE_BAD_TOKEN_LIMIT": "1000000"} | env
    proc = Proc("web", procfile_web(port), penv, tmp)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_http(base, [proc])
        yield base
    finally:
        proc.stop()


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    with web_tier(tmp_path_factory.mktemp("web")) as base:
        yield base


def new_game(base: str) -> tuple[str, dict]:
    r = requests.post(f"{base}/api/games", json={"game": "palestine"}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["tokens"]


FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
#: Endpoints that take a body and need a token: (path, content type, headers). None sends no token, the
#: others a forged one (or the page's seat cookie, forged).
TOKEN_ENDPOINTS = [
    ("/api/games/{gid}/moves", JSON, {}),
    ("/api/games/{gid}/moves", JSON, {"Authorization": f"Bearer {FORGED}"}),
    ("/api/games/{gid}/check", JSON, {"Authorization": f"Bearer {FORGED}"}),
    ("/api/games/{gid}/check", "text/plain", {}),
    ("/api/games/{gid}/pause", JSON, {}),
    ("/api/games/{gid}/rollback", JSON, {"Authorization": f"Bearer {FORGED}"}),
    ("/api/games/{gid}/resign", JSON, {"Authorization": f"Bearer {FORGED}"}),
    ("/api/games/{gid}/mail-settings", JSON, {"Authorization": f"Bearer {FORGED}"}),
    ("/api/mail/inbound", "message/rfc822", {}),
    ("/api/mail/inbound", "message/rfc822", {"Authorization": "Bearer wrong"}),
    ("/games/{gid}/submit", FORM, {}),
    ("/games/{gid}/preview", FORM, {"Cookie": f"umpire_seat={FORGED}"}),
]
#: Endpoints that take a body from anyone, by design.
OPEN_ENDPOINTS = [("/api/games", JSON, {}), ("/api/imports", JSON, {}), ("/games/{gid}/seat", FORM, {})]


def head(path: str, ctype: str, headers: dict, length: int = BODY) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Type: {ctype}", f"Content-Length: {length}",
             *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def status_of(sock: socket.socket, seconds: float) -> tuple[int | None, float]:
    """The status of the answer on *sock* (None: none, or the connection closed without one) and how long
    it took to come."""
    t0 = time.monotonic()
    sock.settimeout(seconds)
    data = b""
    with contextlib.suppress(OSError):
        while b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    took = time.monotonic() - t0
    if not data.startswith(b"HTTP/1."):
        return None, took
    return int(data.split(b" ", 2)[1]), took


def test_slow_unauthenticated_bodies_do_not_stop_the_web_tier(web):
    gid, tokens = new_game(web)
    port = int(web.rsplit(":", 1)[1])
    targets = TOKEN_ENDPOINTS + OPEN_ENDPOINTS
    slow = Trickle(port)
    try:
        t0 = time.monotonic()
        opened = [slow.open(head(targets[i % len(targets)][0].format(gid=gid), *targets[i % len(targets)][1:]))
                  for i in range(SLOW)]
        time.sleep(2.0)  # every slow connection has reached the server (and, before the fix, a thread)
        for _ in range(3):
            t1 = time.monotonic()
            r = requests.get(f"{web}/api/games?limit=5", timeout=10)
            assert r.status_code == 200
            r = requests.post(f"{web}/api/games/{gid}/check", data=b"box opsa\n", timeout=10,
                              headers={"Content-Type": "text/plain", "Authorization": f"Bearer {tokens['irgun']}"})
            assert r.status_code == 200 and r.json()["status"] in ("accepted", "rejected"), r.text
            assert requests.get(f"{web}/games/{gid}", timeout=10).status_code == 200
            print(f"3 normal requests answered in {time.monotonic() - t1:.3f} s with {SLOW} slow bodies open")
            time.sleep(0.5)
        # The server survived the open endpoints' slow bodies without cutting them: no answer has come on
        # them yet (checked well within their read deadline, UMPIRE_BODY_SECONDS = 20 by default).
        if time.monotonic() - t0 < 15:
            for i, s in enumerate(opened):
                if targets[i % len(targets)] in OPEN_ENDPOINTS:
                    s.setblocking(False)
                    with pytest.raises(BlockingIOError):
                        s.recv(1)
    finally:
        slow.close()


@pytest.mark.parametrize("path,ctype,headers", TOKEN_ENDPOINTS)
def test_a_token_endpoint_answers_401_without_waiting_for_the_body(web, path, ctype, headers):
    gid, _ = new_game(web)
    port = int(web.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(head(path.format(gid=gid), ctype, headers))  # 100 kB announced, none sent
        status, took = status_of(s, 5.0)
    assert status == 401, (path, headers, status, took)


@pytest.fixture(scope="module")
def web_short(tmp_path_factory):
    with web_tier(tmp_path_factory.mktemp("web-short"), UMPIRE_BODY_SECONDS="2", UMPIRE_HEADER_SECONDS="2",
                  UMPIRE_BODY_MIN_RATE="1000") as base:
        yield base


@pytest.mark.parametrize("what", ["body", "head"])
def test_a_request_that_trickles_in_is_cut_at_the_read_deadline(web_short, what):
    port = int(web_short.rsplit(":", 1)[1])
    slow = Trickle(port, every=0.3)
    try:
        if what == "body":  # an open endpoint: anyone may send a new game, but not forever
            s = slow.open(head("/api/games", JSON, {}))
        else:  # a request head that never ends
            s = slow.open(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        status, took = status_of(s, 15.0)
    finally:
        slow.close()
    print(f"slow {what}: answered {status} after {took:.2f} s")
    assert took < 10.0, "the connection was not cut at the read deadline"
    assert status == 408
    assert requests.get(f"{web_short}/api/games?limit=1", timeout=10).status_code == 200


# --- the pieces, without a server ----------------------------------------------------------------------

class Unreadable(io.RawIOBase):
    """A request body that must not be read."""

    def readable(self):
        return True

    def readinto(self, b):
        raise AssertionError("the body was read")


def _precheck(app, path: str, headers: dict, ctype: str = JSON, environ: dict | None = None):
    env = EnvironBuilder(path=path, method="POST", headers=headers, content_type=ctype,
                         content_length=BODY, environ_base={"REMOTE_ADDR": "127.0.0.1", **(environ or {})}).get_environ()
    env["wsgi.input"] = Unreadable()
    status = []
    out = app.extensions["umpire"]["precheck"](env, lambda s, h, exc=None: status.append(s))
    return None if out is None else int(status[0].split()[0])


def test_the_head_only_checks_refuse_what_the_app_refuses_and_never_read_the_body(app, client):
    app.config["MAIL"] = {"webhook_secret": SECRET}
    g = new_game_here(client)
    gid, tokens = g["id"], g["tokens"]
    for path, ctype, headers in TOKEN_ENDPOINTS:
        assert _precheck(app, path.format(gid=gid), headers, ctype) == 401, (path, headers)
        r = client.post(path.format(gid=gid), data=b"{}", content_type=ctype, headers=headers)
        assert r.status_code == 401, (path, headers)  # the app answers the same with the body
    seat = {"Authorization": f"Bearer {tokens['irgun']}"}
    assert _precheck(app, f"/api/games/{gid}/moves", seat) is None  # authenticated: its body is read next
    assert _precheck(app, f"/api/games/{gid}/pause", seat) is None  # the view says 403 once it has the body
    assert _precheck(app, "/api/mail/inbound", {"Authorization": f"Bearer {SECRET}"}, "message/rfc822") is None
    assert _precheck(app, "/api/games/G-NOSUCH/moves", seat) == 404
    assert _precheck(app, "/api/games", {}) is None  # open to this machine
    assert _precheck(app, "/api/games", {}, environ={"REMOTE_ADDR": "203.0.113.9"}) == 403  # and only to it
    too_big = EnvironBuilder(path="/api/games", method="POST", content_type=JSON,
                             headers={"Content-Length": str(10**10)}).get_environ()
    too_big["wsgi.input"] = Unreadable()
    assert app.extensions["umpire"]["precheck"](too_big, lambda *a: None) is not None


def test_a_chunked_body_is_found_to_end_where_it_ends():
    from service.web_worker import _Chunks
    head = b"POST / HTTP/1.1\r\n\r\n"
    body = b"4;x=1\r\nbox \r\n5\r\nopsa\n\r\n0\r\nTrailer: 1\r\n\r\nGET / HTTP/1.1"
    whole = head + body
    c = _Chunks(len(head))
    ends = [c.end(bytearray(whole[:n])) for n in range(len(head), len(whole) + 1)]  # byte by byte
    assert ends[-1] == len(whole) - len(b"GET / HTTP/1.1") and set(ends[:-15]) == {None}
    assert c.content == 9
    for bad in (b"zz\r\n", b"4\r\nbox X0\r\n"):
        assert _Chunks(0).end(bytearray(bad)) == -1


def test_a_client_that_expects_100_continue_gets_it_once_the_checks_pass_then_its_answer(web):
    """``Expect: 100-continue`` (RFC 9110 10.1.1): the worker sends ``100 Continue`` once the head-only checks
    passed, reads the body, and the thread answers the move without a second ``100 Continue``."""
    gid, tokens = new_game(web)
    body = b"box opsa\n"
    host, port = web.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(head(f"/api/games/{gid}/check", "text/plain", {"Authorization": f"Bearer {tokens['irgun']}",
                                                            "Expect": "100-continue"}, len(body)))
        sock.settimeout(10)
        first = sock.recv(4096)
        assert first.startswith(b"HTTP/1.1 100 Continue\r\n\r\n"), first
        sock.sendall(body)
        rest = first.removeprefix(b"HTTP/1.1 100 Continue\r\n\r\n")
        while b"\r\n\r\n" not in rest:
            chunk = sock.recv(4096)
            assert chunk, rest
            rest += chunk
    assert rest.startswith(b"HTTP/1.1 200"), rest[:300]
    assert b"100 Continue" not in rest
