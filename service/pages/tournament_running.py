"""The tournament's public page (issue 33, items 1 and 2): ``/tournaments/<tid>``.

What anyone may see of a tournament (``service.tournaments.running.describe``): its game, scenarios,
options and rulings, the pairing, points and deadline, the players (names, whether confirmed or withdrawn;
never an address), each round's tables with links to their game pages, seats and results, the byes, and
the tournament's log; with links to the standings (``/tournaments/<tid>/standings``) and the director's desk
(``/tournaments/<tid>/desk``). Everything is escaped (names are what the director and players typed).
"""

from __future__ import annotations

from flask import current_app, render_template

from ..tournaments.running import describe
from .routes import bp


@bp.get("/tournaments/<tid>")
def tournament(tid):
    """The tournament's page; an unknown id is the error page (404) saying so."""
    with current_app.extensions["umpire"]["sessions"]() as s:
        t = describe(s, tid)
    return render_template("pages/tournament.html", t=t)
