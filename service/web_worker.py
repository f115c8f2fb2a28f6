"""The Procfile's gunicorn worker: ``gthread``, except that a thread only ever gets a request that has come
whole.

gunicorn's ``gthread`` worker hands a connection to one of its threads as soon as a byte has come; the thread
then reads the request's head, and the application its body, each read waiting for as long as the client
takes. With the Procfile's 2 processes of 8 threads, 16 clients sending a body a byte every few seconds would
hold every thread, and the service would answer nothing more. gunicorn's own
advice is a buffering proxy in front (nginx); this worker does that buffering itself, so the web process is
safe on its own:

- each request is read in the worker's event loop (non-blocking, where gthread already waits for kept-alive
  connections) until its head and its whole body have come; only then does a thread take it, its bytes
  already in gunicorn's parser, so neither gunicorn nor the application ever waits for the client;
- its framing is read by gunicorn's own parser (``Content-Length``, chunked), and a body is held up to what
  its endpoint takes (the app's ``body_limit``): one announced larger goes to a thread at once, whose answer
  (413, from the head alone) closes the connection without reading the rest;
- read deadlines: the head within ``UMPIRE_HEADER_SECONDS`` (10) of the connection (kept alive: of the next
  request's first byte; a connection that sent nothing is closed silently), the body within ``UMPIRE_BODY_SECONDS`` (20) of the
  head's end plus one second for every ``UMPIRE_BODY_MIN_RATE`` (1024) bytes received; past one, 408 and the
  connection is closed. A process holds at most ``UMPIRE_BUFFER_MB`` (256) of requests still coming; a
  request that would go past it is answered 503;
- a request whose body is still coming is first put to the app's head-only checks (``precheck``: the
  throttle, the creation setting, the size, the caller's token; ``service.auth_first``) in a thread: a refusal
  (401, 403, 404, 413, 429) is answered at once and the body never read; ``Expect: 100-continue`` is answered
  only once they pass.

TLS, HTTP/2 and uWSGI connections are left to gunicorn's own path (the Procfile uses none of them).
"""

from __future__ import annotations

import io
import json
import re
import selectors
import time
from datetime import datetime
from functools import partial

from gunicorn.http import wsgi as gwsgi
from gunicorn.http.body import ChunkedReader
from gunicorn.http.message import Request
from gunicorn.http.unreader import IterUnreader
from gunicorn.http2 import negotiation
from gunicorn.workers.gthread import ThreadWorker

from . import settings

#: How long a request's head may take to come, and its body (plus a second per MIN_RATE bytes received).
HEADER_SECONDS = settings.current().header_seconds
BODY_SECONDS = settings.current().body_seconds
MIN_RATE = settings.current().body_min_rate
#: Most bytes one worker process holds for requests still coming.
BUFFER_BYTES = int(settings.current().buffer_mb * 1024 * 1024)
#: The body limit when the app names none (it does: ``umpire_app.web.create_app``'s ``body_limit``).
DEFAULT_LIMIT = 16 * 1024 * 1024

_EXPECT = re.compile(rb"^expect:[^\r\n]*\r\n", re.IGNORECASE | re.MULTILINE)


def _expects_continue(req) -> bool:
    """Whether the parsed request *req* (``None``: not parsed yet) asks for ``100 Continue`` (its headers,
    as gunicorn lists them: upper-case names)."""
    return req is not None and req.version >= (1, 1) and any(
        name == "EXPECT" and value.strip().lower() == "100-continue" for name, value in req.headers)


class _Chunks:
    """Where a chunked body that starts at *start* ends, found as its bytes come (each call goes on from
    where the last stopped); also how many bytes of content it holds so far."""

    def __init__(self, start: int):
        self.pos, self.left, self.state, self.content = start, 0, "size", 0

    def end(self, body: bytearray) -> int | None:
        """The index in *body* just past the chunked body's end, None if that has not come yet, -1 if it is
        malformed (gunicorn's parser then says so from what is here)."""
        while True:
            if self.state == "size":
                eol = body.find(b"\r\n", self.pos)
                if eol < 0:
                    return -1 if len(body) - self.pos > 8192 else None
                size = bytes(body[self.pos:eol]).split(b";", 1)[0].strip(b" \t")
                try:
                    self.left = int(size, 16)
                except ValueError:
                    return -1
                self.pos = eol + 2
                self.state = "data" if self.left else "trailer"
            elif self.state == "data":
                take = min(self.left, len(body) - self.pos)
                self.pos += take
                self.left -= take
                self.content += take
                if self.left:
                    return None
                self.state = "crlf"
            elif self.state == "crlf":
                if len(body) - self.pos < 2:
                    return None
                if body[self.pos:self.pos + 2] != b"\r\n":
                    return -1
                self.pos += 2
                self.state = "size"
            else:  # the trailer section: an empty line, or header lines and an empty line
                if body[self.pos:self.pos + 2] == b"\r\n":
                    return self.pos + 2
                end = body.find(b"\r\n\r\n", self.pos)
                if end < 0:
                    return -1 if len(body) - self.pos > 8190 * 32 else None
                return end + 4


class _Arriving:
    """A request on its way in: its bytes so far and what is known of them."""

    def __init__(self, data: bytes, now: float):
        self.buf = bytearray(data)
        self.deadline = now + HEADER_SECONDS
        self.head_end: int | None = None  # index just past the head's empty line
        self.req = None  # gunicorn's Request, parsed from the head
        self.path: str | None = None
        self.length: int | None = None  # the body's Content-Length; None when chunked
        self.chunks: _Chunks | None = None
        self.limit = DEFAULT_LIMIT
        self.head_at = 0.0
        self.checked = False  # the app's head-only checks have passed (or there are none)
        self.busy = False  # a thread is running those checks: leave the socket alone


def _answer(status: str, message: str, path: str | None) -> bytes:
    """A small complete HTTP answer that closes the connection: JSON under /api (or for no known path), a
    short HTML page elsewhere."""
    if path is None or path.startswith("/api"):
        code = status.split(" ", 1)[1].lower().replace(" ", "-")
        body, ctype = json.dumps({"code": code, "message": message}).encode(), "application/json"
    else:
        body = f"<!doctype html><title>{status}</title><p>{message}; nothing was stored</p>".encode()
        ctype = "text/html; charset=utf-8"
    return (f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
            f"Connection: close\r\n\r\n").encode() + body


class BufferedThreadWorker(ThreadWorker):
    """gthread with each request read whole in the event loop first (see the module's docstring)."""

    def init_process(self):
        self._arriving: dict = {}
        self._held = 0  # bytes held in self._arriving
        super().init_process()

    def load_wsgi(self):
        super().load_wsgi()
        ext = getattr(self.wsgi, "extensions", {}).get("umpire", {})
        self._precheck = ext.get("precheck")
        self._body_limit = ext.get("body_limit")

    # --- where a connection goes -----------------------------------------------------------------------

    def _stock(self, conn) -> bool:
        return (self.cfg.is_ssl or conn.is_http2 or getattr(self.cfg, "protocol", "http") != "http"
                or negotiation.prior_knowledge_allowed(self.cfg, conn.client))

    def enqueue_req(self, conn):
        """Every way a connection reaches a thread (accepted, kept alive and readable again, a request
        pipelined behind the last) goes through here: it is read first."""
        if getattr(conn, "umpire_whole", False) or self._stock(conn):
            conn.umpire_whole = False
            return super().enqueue_req(conn)
        conn.sock.setblocking(False)
        held = conn.parser.unreader.take_buffered() if conn.parser is not None else b""
        a = _Arriving(held, time.monotonic())
        self._arriving[conn] = a
        self._held += len(held)
        if held:
            self._advance(conn, a)
        if conn in self._arriving:
            self._read(conn, a, register=True)

    def _read(self, conn, a: _Arriving, register: bool = False) -> None:
        """Reads what has come (the socket is non-blocking), then waits in the poller for more."""
        if a.busy:  # a thread is checking the head and owns the socket
            return
        try:
            data = conn.sock.recv(256 * 1024)
        except (BlockingIOError, InterruptedError):
            data = None
        except OSError:
            self._close(conn)
            return
        if data == b"":  # the client went away
            self._close(conn)
            return
        if data:
            if self._held + len(data) > BUFFER_BYTES:
                self._refuse(conn, "503 Service Unavailable", "too many requests are arriving at once: try again "
                                                              "in a few seconds")
                return
            a.buf += data
            self._held += len(data)
            self._advance(conn, a)
        if register and conn in self._arriving and not a.busy:
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self._on_readable, conn))

    def _on_readable(self, conn, _sock):
        a = self._arriving.get(conn)
        if a is not None:
            self._read(conn, a)

    # --- what has come ---------------------------------------------------------------------------------

    def _advance(self, conn, a: _Arriving) -> None:
        now = time.monotonic()
        if a.head_end is None:
            start = 2 if a.buf.startswith(b"\r\n") else 0  # one empty line may come first (RFC 9112 2.2)
            end = a.buf.find(b"\r\n\r\n", start)
            if end < 0:
                if len(a.buf) > self._head_max():  # gunicorn's parser refuses it from what is here
                    self._whole(conn, a)
                return
            a.head_end = end + 4
            a.head_at = now
            a.deadline = now + BODY_SECONDS
            # The framing is gunicorn's own reading of the head (never a second parser of ours that could
            # read a length differently from the one the thread will use).
            try:
                a.req = self._parse(bytes(a.buf[:a.head_end]), conn)
            except Exception:  # a head gunicorn refuses: its thread says so from what is here
                self._whole(conn, a)
                return
            a.path = a.req.path or ""
            if isinstance(a.req.body.reader, ChunkedReader):
                a.chunks = _Chunks(a.head_end)
            else:
                a.length = a.req.body.reader.length
            if self._body_limit is not None:
                try:
                    a.limit = self._body_limit(a.path)
                except Exception:
                    a.limit = DEFAULT_LIMIT
            if a.length is not None and a.length > a.limit:  # refused from the head (413), never read
                conn.umpire_unread = True
                self._whole(conn, a)
                return
        got = len(a.buf) - a.head_end
        a.deadline = a.head_at + BODY_SECONDS + got / MIN_RATE
        if a.chunks is None:
            done = got >= a.length
        else:
            end = a.chunks.end(a.buf)
            if end == -1 or a.chunks.content > a.limit:
                conn.umpire_unread = True  # malformed, or more than the endpoint takes: refused from here
                self._whole(conn, a)
                return
            done = end is not None
        if done:
            self._whole(conn, a)
        elif not a.checked:
            self._check_first(conn, a)

    def _parse(self, head: bytes, conn):
        """gunicorn's ``Request`` of *head* (the request line and headers, through the empty line)."""
        n = conn.parser.req_count + 1 if conn.parser is not None else 1
        return Request(self.cfg, IterUnreader([head]), conn.client, n)

    def _head_max(self) -> int:
        fields = self.cfg.limit_request_fields or 100
        size = self.cfg.limit_request_field_size or 8190
        return 2 * ((self.cfg.limit_request_line or 8190) + fields * (size + 2) + 4)

    @staticmethod
    def _request_bytes(a: _Arriving) -> bytes:
        """The request as a thread gets it: without ``Expect: 100-continue`` (its body has come, so gunicorn
        must not send its own ``100 Continue``)."""
        if not _expects_continue(a.req):
            return bytes(a.buf)
        return _EXPECT.sub(b"", bytes(a.buf[:a.head_end])) + bytes(a.buf[a.head_end:])

    def _whole(self, conn, a: _Arriving) -> None:
        """The request has come (or will be refused from what has): a thread takes it."""
        self._forget(conn, a)
        conn.umpire_bytes = self._request_bytes(a)
        conn.data_ready = True
        conn.umpire_whole = True
        self.enqueue_req(conn)

    # --- the app's head-only checks -------------------------------------------------------------------

    def _check_first(self, conn, a: _Arriving) -> None:
        if self._precheck is None:
            a.checked = True
            self._continue(conn, a)
            return
        a.busy = True
        self._unregister(conn)
        fut = self.tpool.submit(self._run_precheck, conn, a)
        fut.add_done_callback(lambda f: self.method_queue.defer(self._after_check, conn, a, f))

    def _run_precheck(self, conn, a: _Arriving) -> bool:
        """In a thread: the app's head-only checks. True if it refused the request (the answer is sent)."""
        resp, environ, t0 = None, {}, datetime.now()
        try:
            conn.sock.setblocking(True)
            head = _EXPECT.sub(b"", bytes(a.buf[:a.head_end]))  # no 100 Continue before the checks pass
            req = self._parse(head, conn)
            resp, environ = gwsgi.create(req, conn.sock, conn.client, conn.server, self.cfg)
            environ["wsgi.input"] = io.BytesIO(b"")
            environ["wsgi.multithread"] = True
            answer = self._precheck(environ, resp.start_response)
            if answer is None:
                return False
            resp.force_close()
            try:
                for item in answer:
                    resp.write(item)
                resp.close()
            finally:
                if hasattr(answer, "close"):
                    answer.close()
                self.log.access(resp, req, environ, datetime.now() - t0)
            return True
        except Exception:
            self.log.debug("the head-only checks failed; the whole request will be answered", exc_info=True)
            return bool(resp is not None and resp.headers_sent)

    def _after_check(self, conn, a: _Arriving, fut) -> None:
        a.busy = False
        if conn not in self._arriving:
            return
        try:
            refused = fut.result()
        except Exception:
            refused = False
        if refused:  # answered: what the client sent meanwhile is read off, so the close is not a reset
            conn.sock.setblocking(False)
            self._drain(conn)
            self._close(conn)
            return
        a.checked = True
        conn.sock.setblocking(False)
        self._continue(conn, a)
        if conn in self._arriving:
            self._read(conn, a, register=True)

    @staticmethod
    def _continue(conn, a: _Arriving) -> None:
        """The checks passed: a client waiting for ``100 Continue`` gets it now."""
        if _expects_continue(a.req):
            try:
                conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")
            except OSError:
                pass

    # --- endings ---------------------------------------------------------------------------------------

    def _unregister(self, conn) -> None:
        try:
            self.poller.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass

    def _forget(self, conn, a: _Arriving) -> None:
        self._unregister(conn)
        if self._arriving.pop(conn, None) is not None:
            self._held -= len(a.buf)

    def _close(self, conn) -> None:
        a = self._arriving.get(conn)
        if a is not None:
            self._forget(conn, a)
        self.nr_conns -= 1
        conn.close()

    def _refuse(self, conn, status: str, message: str) -> None:
        """Answers *status* and closes the connection (the socket is non-blocking: a small answer fits in its
        send buffer; what the client sent meanwhile is read off first, so the close is a FIN, not a reset)."""
        a = self._arriving.get(conn)
        path = a.path if a is not None else None
        try:
            conn.sock.send(_answer(status, message, path))
        except OSError:
            pass
        self._drain(conn)
        self._close(conn)

    @staticmethod
    def _drain(conn) -> None:
        try:
            for _ in range(64):
                if not conn.sock.recv(65536):
                    break
        except OSError:
            pass

    def murder_pending(self):
        """Also ends the requests whose head or body is late (408; silently if nothing came at all)."""
        super().murder_pending()
        now = time.monotonic()
        for conn, a in list(self._arriving.items()):
            if a.busy or now < a.deadline:
                continue
            if not a.buf:
                self._close(conn)
            elif a.head_end is None:
                self._refuse(conn, "408 Request Timeout", f"the request's head did not come within {HEADER_SECONDS:g} s")
            else:
                self._refuse(conn, "408 Request Timeout",
                             f"the request's body did not come in time ({BODY_SECONDS:g} s, and one more for every "
                             f"{MIN_RATE:g} bytes received)")

    # --- in the thread ---------------------------------------------------------------------------------

    def handle(self, conn):
        data = getattr(conn, "umpire_bytes", None)
        if data is not None:
            conn.umpire_bytes = None
            conn.sock.setblocking(True)
            conn.init()
            conn.parser.unreader.unread(data)
        return super().handle(conn)

    def handle_request(self, req, conn):
        """gthread's request handling; a request whose body was not all read here (larger than its endpoint
        takes) is answered without keep-alive, so its connection closes: draining the rest would wait for
        the client in this thread."""
        keepalive = super().handle_request(req, conn)
        if getattr(conn, "umpire_unread", False):
            conn.umpire_unread = False
            return False
        return keepalive
