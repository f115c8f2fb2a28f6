"""PDFs rendered in a child process, under a memory ceiling and a time limit.

WeasyPrint runs in one long-lived child process per process that renders (started on first use), whose
address space is capped with ``RLIMIT_AS``. A render that runs out of memory fails inside the child; one
that takes too long has its child killed. Either way the caller gets ``RenderLimitError`` saying which
limit, and the next render starts a fresh child.

The child is a new interpreter started with ``subprocess`` (``python -c``, this process's ``sys.path``),
talking over a socket pair with ``multiprocessing.connection``'s framing; ``multiprocessing`` does not
start it, because the Procfile's ``background`` worker runs Celery's default pool, prefork, whose pool
children are daemonic, and ``multiprocessing`` refuses to start a child from a daemonic process
("daemonic processes are not allowed to have children"): no PDF would be rendered and no mail carrying
one sent. ``subprocess`` has no such rule, so the renderer works in every pool (prefork, solo, threads)
and in gunicorn, ``umpire serve`` and ``umpire mail listen`` alike; nor does it start
``multiprocessing``'s resource tracker, a second process that could outlive its parent too.

The child ends with its parent however the parent ends (SIGTERM included: neither the child nor a
resource tracker is left running): between renders it waits on the socket, which reads
end-of-file once the parent is gone; during a render a watchdog thread sees its parent change
(``os.getppid``) within ``PARENT_POLL_SECONDS``. A process forked after starting a child (a Celery
prefork pool, a gunicorn worker) forgets it and starts its own.

Settings (environment): ``UMPIRE_RENDER_SECONDS`` (default 60) and ``UMPIRE_RENDER_MAX_MB`` (default
1024, the child's whole address space, libraries included).
"""

from __future__ import annotations

import atexit
import json
import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection

from .. import settings

#: How often the child checks that its parent is still there, in seconds (the longest a render goes on
#: after its parent died).
PARENT_POLL_SECONDS = 0.25

#: The child's start: this module's ``child_main`` on the parent's ``sys.path`` (in ``_PATH_VAR``, as
#: JSON); argv: socket fd, memory cap in bytes, parent pid.
_PATH_VAR = "UMPIRE_RENDER_CHILD_SYS_PATH"
_CHILD_CODE = (f"import json, os, sys; sys.path[:] = json.loads(os.environ.pop({_PATH_VAR!r})); "
               "from service.reports.limits import child_main; "
               "child_main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))")

# Replies from the child: one byte saying what follows.
_PDF, _NO_MEMORY, _ERROR = b"P", b"M", b"E"


class RenderLimitError(Exception):
    """A PDF could not be rendered within the time or memory limit."""


@dataclass(frozen=True)
class Limits:
    seconds: float
    max_bytes: int

    @classmethod
    def from_env(cls) -> Limits:
        s = settings.current()
        return cls(seconds=s.render_seconds, max_bytes=s.render_max_mb * 1024 * 1024)


# --- the child -------------------------------------------------------------------------------------------

def _cap_memory(max_bytes: int) -> None:
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (max_bytes, max_bytes))
    from . import pdf  # noqa: F401  (WeasyPrint is loaded once, under the cap)


def _render(html: str) -> bytes | None:
    """In the child: the PDF, or None when it ran out of memory (said by a value, not the exception,
    because sending a traceback back needs memory the child no longer has)."""
    from .pdf import html_to_pdf
    try:
        return html_to_pdf(html)
    except MemoryError:
        pass  # leaving the handler frees the traceback and everything the render held
    return None


def _watch_parent(ppid: int) -> None:
    """In the child (a daemon thread): ends the process as soon as its parent is gone, even mid-render."""
    while True:
        if os.getppid() != ppid:
            os._exit(0)
        time.sleep(PARENT_POLL_SECONDS)


def child_main(fd: int, max_bytes: int, ppid: int) -> None:
    """The render child: renders each HTML document it is sent, until its parent closes the socket or
    goes away. Interrupts typed at a terminal are the parent's to handle (it stops the child)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(ppid,), name="watch-parent", daemon=True).start()
    conn = Connection(fd)
    _cap_memory(max_bytes)
    while True:
        try:
            html = conn.recv_bytes().decode()
        except (EOFError, OSError):
            return  # the parent stopped us, or is gone
        try:
            pdf = _render(html)
            reply = _NO_MEMORY if pdf is None else _PDF + pdf
        except Exception as e:  # the render's own error, for the caller to raise
            try:
                reply = _ERROR + pickle.dumps(e)
            except Exception:
                reply = _ERROR + pickle.dumps(RuntimeError(f"{type(e).__name__}: {e}"))
        try:
            conn.send_bytes(reply)
        except (OSError, MemoryError):
            return


# --- the parent ------------------------------------------------------------------------------------------

class _Child:
    """A running render child and this process's end of its socket."""

    def __init__(self, max_bytes: int) -> None:
        ours, theirs = socket.socketpair()
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", _CHILD_CODE, str(theirs.fileno()), str(max_bytes), str(os.getpid())],
                env={**os.environ, _PATH_VAR: json.dumps([str(p) for p in sys.path])}, pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL)
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        self.conn = Connection(ours.detach())

    def stop(self) -> None:
        self.conn.close()  # an idle child reads end-of-file and exits; a busy one is killed
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:  # pragma: no cover  (SIGKILL not taken within 10 s)
            pass


#: Children started by a parent before it forked this process: not ours to stop or wait for; kept so
#: that they are never collected (a collected ``Popen`` would warn that its process is still running).
_INHERITED: list[_Child] = []


def _at_memory_cap(pid: int, max_bytes: int) -> bool:
    """Whether the child *pid* reached its address-space cap (``RLIMIT_AS``): its peak virtual size within
    5% of *max_bytes*. A render that hits the cap may fail inside the child, or keep working at the edge
    (allocations failing and retried) until the time limit stops it; either way, memory is the cause to
    report. False where ``/proc`` cannot tell."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmPeak:"):
                    return int(line.split()[1]) * 1024 >= 0.95 * max_bytes
    except (OSError, ValueError, IndexError):
        return False
    return False


class Renderer:
    """One child process at a time, replaced after a failure or when the limits change. Renders of one
    process wait for each other; the wait counts against the render's time limit."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._child: _Child | None = None
        self._limits: Limits | None = None

    def _get(self, limits: Limits) -> _Child:
        if self._child is None or self._limits != limits or self._child.proc.poll() is not None:
            self._stop_locked()
            self._child = _Child(limits.max_bytes)
            self._limits = limits
        return self._child

    def _stop_locked(self) -> None:
        child, self._child = self._child, None
        if child is not None:
            child.stop()

    def stop(self) -> None:
        with self._lock:
            self._stop_locked()

    def forget(self) -> None:
        """After a fork, in the new process: the child belongs to the parent; start afresh."""
        if self._child is not None:
            self._child.conn.close()  # our copy of the parent's socket: the child must still see EOF
            _INHERITED.append(self._child)
        self._child, self._limits = None, None
        self._lock = threading.Lock()  # another thread may have held it at the fork

    def render(self, html: str, limits: Limits | None = None) -> bytes:
        limits = limits or Limits.from_env()
        too_long = RenderLimitError(f"the PDF took longer than {limits.seconds:g} s to render "
                                    f"(UMPIRE_RENDER_SECONDS)")
        deadline = time.monotonic() + limits.seconds
        if not self._lock.acquire(timeout=limits.seconds):
            raise too_long
        try:
            try:
                conn = self._get(limits).conn
                conn.send_bytes(html.encode())
                if not conn.poll(max(0.0, deadline - time.monotonic())):
                    capped = _at_memory_cap(self._child.proc.pid, limits.max_bytes)
                    self._stop_locked()
                    if capped:  # it ran at its memory cap until the clock stopped it: memory is the cause
                        raise RenderLimitError(
                            f"the PDF needed more than {limits.max_bytes // (1024 * 1024)} MiB to render "
                            f"(UMPIRE_RENDER_MAX_MB): the renderer worked at that limit until it was stopped "
                            f"after {limits.seconds:g} s")
                    raise too_long
                reply = conn.recv_bytes()
            except (EOFError, OSError):
                self._stop_locked()
                raise RenderLimitError("the PDF renderer process died (out of memory or killed); "
                                       "the next render starts a new one") from None
            except RenderLimitError:
                raise
            except BaseException:  # interrupted mid-exchange (a task's soft time limit): the reply is unread
                self._stop_locked()
                raise
            kind, body = reply[:1], reply[1:]
            if kind == _PDF:
                return body
            if kind == _NO_MEMORY:
                self._stop_locked()
                raise RenderLimitError(f"the PDF needed more than {limits.max_bytes // (1024 * 1024)} MiB to "
                                       f"render (UMPIRE_RENDER_MAX_MB)")
            try:
                error = pickle.loads(body)
            except Exception as e:  # an exception that cannot be rebuilt here: its text is enough
                error = RuntimeError(f"the PDF could not be rendered ({type(e).__name__} reading its error)")
            raise error
        finally:
            self._lock.release()


RENDERER = Renderer()
atexit.register(RENDERER.stop)  # end the child at once on a normal exit
os.register_at_fork(after_in_child=RENDERER.forget)


def render_pdf(html: str, limits: Limits | None = None) -> bytes:
    """*html* as PDF bytes, rendered under the limits (``Limits.from_env()`` unless given)."""
    return RENDERER.render(html, limits)
