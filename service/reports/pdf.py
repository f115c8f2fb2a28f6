"""HTML to PDF with WeasyPrint, fetching nothing but ``data:`` URLs (DESIGN.md section 7).

Every value in our templates is escaped by Jinja2; this fetcher is the second wall: a stylesheet,
image or font reference that slipped through is refused and recorded, never fetched.
"""

from __future__ import annotations

from weasyprint import HTML
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


def html_to_pdf(html: str, fetcher: DataOnlyFetcher | None = None) -> bytes:
    fetcher = fetcher or DataOnlyFetcher()
    return HTML(string=html, url_fetcher=fetcher, base_url=None).write_pdf()
