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

import contextlib

import click


def in_database(act, write: bool = True):
    """``act(session)`` on the service's database, in one transaction when it *write* s (the command line's
    authority: an act is logged with ``via``, the command line); returns the app and what *act* returned. A
    refusal is printed, every fault of it, and exits 1."""
    from service.control import COMMAND_LINE
    from service.errors import ServiceError

    from . import service_ops
    app = service_ops._app()
    try:
        with service_ops._sessions(app)() as s, s.begin() if write else contextlib.nullcontext():
            s.info["via"] = COMMAND_LINE  # control.record writes it into a game's event, and so the tournament's
            return app, act(s)
    except ServiceError as e:
        problems = e.extra.get("problems") or []
        if len(problems) > 1:
            click.echo(f"Refused ({len(problems)} faults):", err=True)
            for p in problems:
                click.echo(f"  - {p}", err=True)
            raise SystemExit(1) from None
        raise service_ops._fail(e) from None


@click.group("tournament")
def tournament_group():
    """Run a tournament: players, rounds and pairings, the desk, standings and the verification bundle."""


from . import tournament_bundle, tournament_desk, tournament_running, tournament_standings  # noqa: E402,F401
