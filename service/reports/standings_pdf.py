"""A tournament's standings as a PDF (issue 33, item 4): the tournament's name and game, the date of the latest
result, the scoring and the tie-breaks in force, the table, the notes on abandoned and forfeited games, the
rounds counted and the games still in play. Built from ``service.tournaments.standings_view`` (the same data
as the page and the JSON API) with ``templates/reports/standings.html.j2``, every value escaped, and rendered
by the reports' WeasyPrint machinery: in the render child under its time and memory limits
(``limits.render_pdf``), fetching nothing but ``data:`` URLs (``pdf.DataOnlyFetcher``).
"""

from __future__ import annotations

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.orm import Session

from ..errors import ServiceError
from ..tournaments.standings_view import number, standings_view
from .documents import TEMPLATES
from .limits import RenderLimitError, render_pdf
from .pdf import DataOnlyFetcher, html_to_pdf

_env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True,
                   default_for_string=True))
_env.filters["num"] = number


def standings_html(view: dict) -> str:
    """The standings document's HTML, from ``standings_view``'s data."""
    return _env.get_template("reports/standings.html.j2").render(v=view, t=view["tournament"])


def render_standings(view: dict, fetcher: DataOnlyFetcher | None = None) -> bytes:
    """The standings of *view* as PDF bytes. With a *fetcher* (tests that read what it refused) rendered here;
    otherwise in the render child, under its limits.

    :raises ServiceError: (503, ``render-failed``) the PDF could not be rendered within its limits.
    """
    html = standings_html(view)
    if fetcher is not None:
        return html_to_pdf(html, fetcher)
    try:
        return render_pdf(html)
    except RenderLimitError as e:  # our limit, not the caller's fault: try again later
        raise ServiceError(f"the standings PDF could not be rendered now: {e}", code="render-failed",
                           status=503) from None


def standings_pdf(session: Session, tid: str, fetcher: DataOnlyFetcher | None = None) -> bytes:
    """The standings PDF of tournament *tid* (``standings_view``, then ``render_standings``).

    :raises NotFound: no such tournament.
    """
    return render_standings(standings_view(session, tid), fetcher)
