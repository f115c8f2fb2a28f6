"""The CLI's operations on the service's database, through the same service functions the API uses."""

from __future__ import annotations

import json
import signal
import sys

import click

import engine
from engine.core.moves import stated_after
from service import adjudication
from service import games as G
from service.errors import ServiceError
from service.textboard import legal_lines, outcome_line, role_name


def _app(config: dict | None = None):
    """The service's app for one command; its database engine is disposed when the command ends (its
    pooled connections closed, not left to the garbage collector: the CLI runs in-process in tests and in
    other programs too)."""
    from umpire_app.web import create_app
    app = create_app(config)
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.call_on_close(app.extensions["umpire"]["engine"].dispose)
    return app


def _sessions(app):
    return app.extensions["umpire"]["sessions"]


def stop_on_sigterm() -> None:
    """SIGTERM (what systemd, container runtimes, honcho and foreman send) stops a long-running command as
    Ctrl-C does: its ``finally`` blocks and ``atexit`` hooks run, so the PDF render child is stopped at
    once (the child also ends by itself when its parent is gone, however it ends: ``service.reports.limits``)."""
    def stop(signum, _frame):
        raise SystemExit(128 + signum)
    signal.signal(signal.SIGTERM, stop)


def init_db() -> None:
    """Migrates the database to head (``service.migrate.upgrade``: once, whoever else is starting on it)
    and says what it did."""
    from service.migrate import upgrade
    app = _app({"MIGRATE": False})  # the upgrade below is this command's own, to report it
    engine_ = app.extensions["umpire"]["engine"]
    try:
        done = upgrade(engine_, secret_key=app.config["UMPIRE_SECRET_KEY"])  # 0009 seals the dice seeds with it
    finally:
        engine_.dispose()
    what = (f"Migrated the database from {_revisions(done.before)} to {_revisions(done.after)}" if done.migrated
            else f"The database is already at head ({_revisions(done.after)}): nothing to migrate")
    click.echo(f"{what}.")
    click.echo(f"Database ready: {app.config['DATABASE_URL']}")


def _revisions(revisions: tuple[str, ...]) -> str:
    return ", ".join(revisions) if revisions else "empty"


def new(game: str, scenario: str, title: str, options: dict | None = None, position: dict | None = None) -> None:
    app = _app()
    with _sessions(app)() as s, s.begin():
        try:
            row, tokens = G.create_game(s, game, scenario, options or {}, None, title, position=position)
        except ServiceError as e:
            faults = e.extra.get("faults") or []
            if faults:
                click.echo(f"Refused: the position is not valid ({len(faults)} fault"
                           f"{'s' if len(faults) != 1 else ''}):", err=True)
                for f in faults:
                    click.echo(f"  {f['path']}: {f['message']}", err=True)
                sys.exit(2)
            raise click.ClickException(e.message) from None
        gid, commitment = row.id, row.commitment
    click.echo(f"Created {gid} ({game}, {scenario}). Dice commitment: {commitment}")
    for role, tok in tokens.items():
        click.echo(f"  {role:8} token: {tok}")
    click.echo("The tokens are shown only now; give each player theirs.")


def move(gid: str, role: str, raw: str, token: str | None = None) -> int:
    """``umpire move --game ID --as ROLE``: stores the move and adjudicates it at once. Without *role*'s own
    token it is the umpire's act (the instance holder's, ``control.entered_by``), logged as such
    (``control.enter_move``: "umpire (command line): entered a move for the irgun seat")."""
    from service import control

    app = _app()
    kind = "application/json" if raw.lstrip().startswith("{") else "text/plain"
    Session = _sessions(app)
    try:
        with Session() as s, s.begin():
            game = G.get_game(s, gid)
            slug = game.game
            if role not in engine.definition(game.game).roles:
                raise click.ClickException(f"{role!r} is not a role of {game.game}; its roles are "
                                           f"{', '.join(engine.definition(game.game).roles)}")
            who = control.entered_by(s, game, token, role)
            if kind == "text/plain" and stated_after(raw) is None:
                # The operator moves at the position just read: the same orders run twice are two moves.
                raw = f"after {game.seq}\n{raw}"
            sub, new = adjudication.store(s, gid, raw, kind, role=role)
            sid = sub["id"]
            entered = who == control.UMPIRE and new  # a copy of a move already stored is no new act
            if entered:
                control.enter_move(s, game, role, sid, None if token else control.COMMAND_LINE)
    except ServiceError as e:
        raise _fail(e) from None
    if entered:
        click.echo(f"Entered for the {role} seat by the umpire{'' if token else ' (the command line)'}; "
                   "the log says so.")
    adjudication.adjudicate(Session, sid, app.config["SNAPSHOT_EVERY"])
    with Session() as s:
        out = adjudication.submission_status(s, sid)
    v = out["verdict"] or {}
    for entry in v.get("log", []):
        click.echo(("== " if entry.get("kind") == "h1" else "   ") + entry["text"])
    if v.get("outcome"):
        click.echo(outcome_line(v["outcome"]))
    if v.get("error"):
        e = v["error"]
        click.echo(f"{out['status'].title()}: line {e.get('line', '-')} {e.get('order', '')!r}: {e['message']}"
                   + (f" [rule {e['rule']}]" if e.get("rule") else ""), err=True)
        if e.get("legal"):
            click.echo("Allowed there:", err=True)
            click.echo("\n".join(legal_lines(e["legal"])), err=True)
    _prompts(v.get("prompts") or {}, slug)
    return 0 if out["status"] == "accepted" else 1


def _prompts(prompts: dict, game: str | None = None) -> None:
    """Who must act now, each as the game's rulebook prints the seat (``textboard.role_name``), with every
    order allowed (``textboard.legal_lines``: none left out)."""
    for r, p in prompts.items():
        click.echo(f"{role_name(r, game)} to act (rule {p['rule']}): {p['text']}")
        click.echo("\n".join(legal_lines(p.get("actions") or {})))


def check(gid: str, role: str, raw: str) -> int:
    """``umpire move --game ID --check``: the service's preview (adjudication.evaluate with preview=True),
    for the umpire or a player at the game's machine; nothing is stored."""
    from .main import _print_check

    app = _app()
    kind = "application/json" if raw.lstrip().startswith("{") else "text/plain"
    try:
        with _sessions(app)() as s:
            game = G.get_game(s, gid)
            if role not in engine.definition(game.game).roles:
                raise click.ClickException(f"{role!r} is not a role of {game.game}")
            verdict, _result, _bnd = adjudication.evaluate(s, game, role, raw, kind, preview=True)
    except ServiceError as e:
        raise click.ClickException(e.message) from None
    return _print_check(verdict["status"], verdict.get("applied", []), verdict.get("error"))


def show(gid: str, role: str, as_json: bool) -> None:
    app = _app()
    with _sessions(app)() as s:
        try:
            game = G.get_game(s, gid)
        except ServiceError as e:
            raise click.ClickException(e.message) from None
        v = G.game_view(game, role if role != "public" else None)
    if as_json:
        click.echo(json.dumps(v, indent=1, sort_keys=True, default=str))
        return
    from service.textboard import outcome_line, render_text
    click.echo(render_text({"id": gid}, v["view"]))
    if v.get("outcome"):  # the rules' or the umpire's (a resignation, an abandon)
        click.echo(outcome_line(v["outcome"], v["view"].get("game")))
    _prompts(v["prompts"], v["view"].get("game"))


def log(gid: str) -> None:
    app = _app()
    with _sessions(app)() as s:
        try:
            game = G.get_game(s, gid)
        except ServiceError as e:
            raise click.ClickException(e.message) from None
        text = G.log_text(G.move_log(s, game, "umpire")) + "".join(map(G.event_text, G.events(s, game)))
        click.echo(text + G.undone_text(G.undone_log(s, game, "umpire")), nl=False)


def serve(host: str, port: int, demo: bool) -> None:
    from service.embedded import serve as run

    app = _app()
    if demo:
        with _sessions(app)() as s, s.begin():
            if not G.list_games(s, 1):
                row, tokens = G.create_game(s, "palestine", "standard", {}, None, "Demo")
                click.echo(f"Demo game {row.id} created. Seat tokens (shown only now):")
                for role, tok in tokens.items():
                    click.echo(f"  {role:8} {tok}")
    mode = "embedded (in-process worker, in-memory queue)" if app.config["EMBEDDED"] else "Redis"
    click.echo(f"Umpire at http://{host}:{port}/api/games  database {app.config['DATABASE_URL']}  queue {mode}")
    sys.stdout.flush()
    stop_on_sigterm()
    run(app, host, port)


def render(gid: str, role: str, report: bool, output: str, boards: str = "none") -> None:
    """``umpire render --game ID``: a seat's snapshot, or the report with the boards *boards* asks for."""
    from service.reports.store import get_or_render

    app = _app()
    try:
        with _sessions(app)() as s:
            game = G.get_game(s, gid)
            if role != "public" and role not in engine.definition(game.game).roles:
                raise click.ClickException(f"{role!r} is not a role of {game.game}")
        pdf, seq = get_or_render(_sessions(app), gid, "report" if report else "snapshot",
                                 "public" if report else role, boards=boards)
    except ServiceError as e:
        raise click.ClickException(e.message) from None
    with open(output, "wb") as fh:
        fh.write(pdf)
    what = f"report{f' (boards: {boards})' if boards != 'none' else ''}" if report else f"{role} snapshot"
    click.echo(f"Wrote {output}: {what} of {gid} at position {seq}.")


# ------------------------------------------------------------------------------------------- umpire tools


def _fail(e: ServiceError):
    return click.ClickException(f"{e.message} ({e.code})")


def umpire(gid: str, token: str | None, act) -> dict:
    """Runs ``act(session, game)`` as the umpire, the game locked. The command line holds the instance (it
    has the database), so it is the umpire without a token (issue 27): such an act is logged as the umpire's
    from the command line (``control.as_umpire``'s *via*). A token given is checked: a seat's is refused."""
    from service.control import COMMAND_LINE, as_umpire

    app = _app()
    try:
        return as_umpire(_sessions(app), gid, token, act, via=COMMAND_LINE)
    except ServiceError as e:
        raise _fail(e) from None


def resign(gid: str, token: str | None, role: str, reason: str) -> dict:
    """Resigns seat *role*: with a token, the seat's own or the umpire's (``control.who_resigns``); without
    one, the umpire's act from the command line (the instance holder's), logged so."""
    from service import control

    app = _app()
    try:
        with _sessions(app)() as s, s.begin():
            game = G.get_game(s, gid, lock=True)
            if token:
                by = control.who_resigns(s, game, token, role)
            else:
                by = control.entered_by(s, game, None, role)
                s.info["via"] = control.COMMAND_LINE
            return control.resign(s, game, role, by, reason)
    except ServiceError as e:
        raise _fail(e) from None


def rulings(gid: str) -> dict:
    from service.rulings import rulings_in_force

    app = _app()
    with _sessions(app)() as s:
        try:
            return rulings_in_force(G.get_game(s, gid))
        except ServiceError as e:
            raise _fail(e) from None


def import_game(record: dict) -> tuple[str, dict, str]:
    from service.importer import import_game as run

    app = _app()
    try:
        with _sessions(app)() as s, s.begin():
            game, tokens = run(s, record)
            return game.id, tokens, game.status
    except ServiceError as e:
        raise _fail(e) from None
