"""HTML to PDF with WeasyPrint, fetching nothing but ``data:`` URLs (DESIGN.md section 7).

Every value in our templates is escaped by Jinja2; this fetcher is the second wall: a stylesheet,
image or font reference that slipped through is refused and recorded, never fetched.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager

from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher


class DataOnlyFetcher(URLFetcher):
    """Fetches ``data:`` URLs only; everything else is refused and listed in ``refused``."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols={"data"}, allow_redirects=False, timeout=1)
        self.refused: list[str] = []

    def fetch(self, url, headers=None):
        if not str(url).lower().startswith("data:"):
            self.refused.append(str(url))
            raise ValueError(f"refused to fetch {url!r}: only data: URLs are allowed")
        return super().fetch(url, headers)


_local = threading.local()


def font_config() -> FontConfiguration:
    """This thread's font configuration, made once and passed to every render.

    A new ``FontConfiguration`` per render (WeasyPrint's default) would load Fontconfig's configuration
    and font list again and start Pango's font caches empty; this one is loaded once. Our documents
    declare no ``@font-face``, so what it holds is the system's fonts and WeasyPrint's bounded caches of
    them. One per thread, as Pango's font map is not thread-safe (the render child, ``limits``, renders
    one PDF at a time).
    """
    fc = getattr(_local, "fonts", None)
    if fc is None:
        fc = _local.fonts = FontConfiguration()
    return fc


#: The cyclic garbage collector's thresholds while a PDF renders (``gc.set_threshold``; Python's are 700, 10, 10).
RENDER_GC_THRESHOLDS = (10_000, 10, 10)


@contextmanager
def fewer_collections():
    """Python's cyclic garbage collector runs less often while this block runs.

    A render makes hundreds of thousands of small objects (boxes, styles, text layouts) that live until
    it ends. At the default thresholds the collector would run hundreds of times during a report, each
    pass of the oldest generation scanning the whole heap (WeasyPrint's stylesheets and fonts too).
    Thresholds change when collections run, never what they collect; the price is more memory at a
    report's peak, well inside the render child's memory ceiling (``limits``). Two renders overlapping in
    threads may restore each other's thresholds early or late, which only moves collections.
    """
    old = gc.get_threshold()
    gc.set_threshold(*RENDER_GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*old)


def html_to_pdf(html: str, fetcher: DataOnlyFetcher | None = None) -> bytes:
    fetcher = fetcher or DataOnlyFetcher()
    with fewer_collections():
        return HTML(string=html, url_fetcher=fetcher, base_url=None).write_pdf(font_config=font_config())
