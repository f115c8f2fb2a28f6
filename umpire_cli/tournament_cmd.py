"""``umpire tournament ...``: a director's commands (issue 33). Each part's commands are in a module of its
own, on the one group defined here:

- ``tournament_running``: new, players, withdraw, confirm (the operator's mark), pair, rule, close, show;
- ``tournament_desk``: desk, and the desk's acts on a game: pause, resume, extend-deadline;
- ``tournament_standings``: standings (and its PDF);
- ``tournament_bundle``: bundle (writing one; ``umpire verify BUNDLE`` checks it).

Like the umpire tools, these act on the service's database (``--db``/``DATABASE_URL``): whoever runs them on
the server holds the instance; a director elsewhere uses the API or the pages.
"""

from __future__ import annotations

import click


@click.group("tournament")
def tournament_group():
    """Run a tournament: players, rounds and pairings, the desk, standings and the verification bundle."""


from . import tournament_bundle, tournament_desk, tournament_running, tournament_standings  # noqa: E402,F401
