"""Tournament pages: the standings, ``/tournaments/<tid>/standings`` (issue 33, item 4). Public: the table,
the notes on abandoned and forfeited games, the scoring and tie-breaks in force, the rounds and their games
(each linking to its game page), the games still in play, and links to the PDF and the JSON. Routes on the
pages blueprint (service.pages); its error pages say what is wrong (an unknown tournament: 404)."""

from __future__ import annotations

from flask import current_app, render_template

from ..tournaments.standings_view import number, standings_view
from .routes import bp


@bp.get("/tournaments/<tid>/standings")
def tournament_standings(tid):
    """The standings page (``service.tournaments.standings_view``'s data)."""
    with current_app.extensions["umpire"]["sessions"]() as s:
        view = standings_view(s, tid)
    return render_template("pages/tournament_standings.html", v=view, t=view["tournament"], num=number)
