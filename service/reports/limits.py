"""PDFs rendered in a child process, under a memory ceiling and a time limit (issue 5, point 4).

WeasyPrint runs in one long-lived child process (started on first use, with ``spawn``: no copy of the
parent's threads or database connections), whose address space is capped with ``RLIMIT_AS``. A render
that runs out of memory fails inside the child; one that takes too long has its child killed. Either
way the caller gets ``RenderLimitError`` saying which limit, and the next render starts a fresh child.

Settings (environment): ``UMPIRE_RENDER_SECONDS`` (default 60) and ``UMPIRE_RENDER_MAX_MB`` (default
1024, the child's whole address space, libraries included).
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import multiprocessing
import os
import threading
from dataclasses import dataclass


class RenderLimitError(Exception):
    """A PDF could not be rendered within the time or memory limit."""


@dataclass(frozen=True)
class Limits:
    seconds: float
    max_bytes: int

    @classmethod
    def from_env(cls) -> Limits:
        return cls(seconds=float(os.environ.get("UMPIRE_RENDER_SECONDS", "60")),
                   max_bytes=int(os.environ.get("UMPIRE_RENDER_MAX_MB", "1024")) * 1024 * 1024)


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


class Renderer:
    """One child process at a time, replaced after a failure or when the limits change."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: cf.ProcessPoolExecutor | None = None
        self._limits: Limits | None = None

    def _get(self, limits: Limits) -> cf.ProcessPoolExecutor:
        with self._lock:
            if self._pool is None or self._limits != limits:
                self._stop_locked()
                self._pool = cf.ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                                                    initializer=_cap_memory, initargs=(limits.max_bytes,))
                self._limits = limits
            return self._pool

    def _stop_locked(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            for p in list(getattr(pool, "_processes", {}).values()):  # a hung render: end it now
                p.kill()
            pool.shutdown(wait=True, cancel_futures=True)

    def stop(self) -> None:
        with self._lock:
            self._stop_locked()

    def render(self, html: str, limits: Limits | None = None) -> bytes:
        limits = limits or Limits.from_env()
        future = self._get(limits).submit(_render, html)
        try:
            pdf = future.result(timeout=limits.seconds)
            if pdf is None:
                raise MemoryError
            return pdf
        except cf.TimeoutError:
            self.stop()
            raise RenderLimitError(f"the PDF took longer than {limits.seconds:g} s to render "
                                   f"(UMPIRE_RENDER_SECONDS)") from None
        except MemoryError:
            self.stop()
            raise RenderLimitError(f"the PDF needed more than {limits.max_bytes // (1024 * 1024)} MiB to render "
                                   f"(UMPIRE_RENDER_MAX_MB)") from None
        except cf.process.BrokenProcessPool:
            self.stop()
            raise RenderLimitError("the PDF renderer process died (out of memory or killed); "
                                   "the next render starts a new one") from None


RENDERER = Renderer()
atexit.register(RENDERER.stop)  # end the child before the interpreter tears down what it needs


def render_pdf(html: str, limits: Limits | None = None) -> bytes:
    """*html* as PDF bytes, rendered under the limits (``Limits.from_env()`` unless given)."""
    return RENDERER.render(html, limits)
