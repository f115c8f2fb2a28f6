"""The landing page, ``/`` and ``/games`` (issue 27): the games of this Umpire, each linking to its game
page, ``PAGE_SIZE`` a page, the latest active first (``service.games.game_listing``).

Each row says the game's title, which game it is, whose move it is (the seats that must act, with their
players), when its current position was reached and, for a game with a move deadline, when each waiting
seat's decision is due. Everything is escaped (titles and player names are what the creator typed).
"""

from __future__ import annotations

from flask import current_app, render_template, request

import engine

from .. import games as G
from ..errors import NotFound
from .routes import bp

#: Games listed on one page of the landing page; ``?page=N`` shows the others.
PAGE_SIZE = 50


def _page_number(raw: str | None) -> int:
    """``?page=`` as a page number (1 when absent).

    :raises NotFound: not a whole number from 1; the message says what pages are.
    """
    if raw is None:
        return 1
    text = raw.strip()
    n = int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else 0
    if n < 1:
        raise NotFound(f"no page {raw[:20]!r} of the list of games: pages are whole numbers from 1 "
                       f"({PAGE_SIZE} games a page)", code="no-page")
    return n


@bp.get("/games", strict_slashes=False)
@bp.get("/")
def landing():
    """The list of games, each linking to its game page (``?page=N`` for the older ones)."""
    page = _page_number(request.args.get("page"))
    with current_app.extensions["umpire"]["sessions"]() as s:
        total, games = G.game_listing(s, PAGE_SIZE, (page - 1) * PAGE_SIZE)
    pages = max(1, -(-total // PAGE_SIZE))
    if page > pages:
        raise NotFound(f"no page {page} of the list of games: pages run from 1 to {pages} ({total} games, "
                       f"{PAGE_SIZE} a page)", code="no-page")
    for g in games:
        g["game_title"] = engine.definition(g["game"]).title
    return render_template("pages/landing.html", games=games, total=total, page=page, pages=pages,
                           page_size=PAGE_SIZE)
