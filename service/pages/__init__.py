"""The game page: plain server-rendered HTML at ``/games/<id>``, no build step; and the landing page at
``/`` and ``/games``, the list of games, each linking to its page.

The board (the same SVG as the PDF snapshot), whose move it is, the move log and, for a seat that has
entered its token, that seat's view, its legal orders and a form to preview or submit a move file;
``?at=N`` shows an earlier position (``positions``). Everything shown comes from ``engine.view`` for the
viewer (the public view without a seat) and the service functions the JSON API uses; nothing hidden from
a seat (deck order, unused cards) reaches it.
"""

from . import landing, tournament_desk, tournament_desk_acts, tournament_running, tournament_standings  # noqa: F401  (routes on bp)
from .routes import bp

__all__ = ["bp"]
