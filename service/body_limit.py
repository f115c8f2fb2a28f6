"""A request body without ``Content-Length`` (``Transfer-Encoding: chunked``) is held to the same limit.

With a ``Content-Length`` over the limit Flask refuses the request (413) before reading any of it. A
chunked body has no length to check, and werkzeug's limited stream then stops reading at the limit and
returns what it has *without an error*: a move over the limit would be silently cut. This WSGI middleware
reads such a body up to one byte past the limit: more than the limit is a 413 at once (the rest is never
read); within it, the request goes on with the bytes and their length, as if the client had sent a
``Content-Length``.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable


class ChunkedBodyLimit:
    def __init__(self, app, limit_for: Callable[[str], int]):
        self.app, self.limit_for = app, limit_for

    def __call__(self, environ, start_response):
        if environ.get("CONTENT_LENGTH") or not environ.get("wsgi.input_terminated"):
            return self.app(environ, start_response)
        path = environ.get("PATH_INFO", "")
        limit = self.limit_for(path)
        stream, chunks, size = environ["wsgi.input"], [], 0
        while size <= limit:
            chunk = stream.read(min(65536, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            message = f"the request is too large: at most {limit} bytes"
            if path.startswith("/api"):
                body, ctype = json.dumps({"code": "too-large", "message": message}).encode(), "application/json"
            else:
                body, ctype = f"<!doctype html><title>413</title><p>{message}; nothing was stored</p>".encode(), \
                    "text/html; charset=utf-8"
            start_response("413 Request Entity Too Large", [("Content-Type", ctype), ("Content-Length", str(len(body))),
                                                            ("Connection", "close")])
            return [body]
        data = b"".join(chunks)
        environ = {**environ, "wsgi.input": io.BytesIO(data), "CONTENT_LENGTH": str(len(data))}
        environ.pop("wsgi.input_terminated", None)
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return self.app(environ, start_response)
