"""``umpire``: play and umpire games from the command line."""

from __future__ import annotations

import json
import sys

import click

import engine
from engine.core.chance import NoChance
from engine.core.errors import EngineError
from engine.core.moves import apply_move, parse_move_file

from . import gamefile


def _fmt_legal(legal: dict) -> list[str]:
    """The allowed orders, every argument of each order word listed, wrapped (``service.textboard``; issue 27:
    they were cut after 12)."""
    from service.textboard import legal_lines
    return legal_lines(legal)


def _now(state: dict, viewer: str | None = None) -> list[str]:
    """Who is to act and what they are asked, as *viewer* (a role, or None: the local file's maker) may see
    it (``engine.open_prompt``: in a game with hidden units, another seat's prompt shows only who is
    awaited)."""
    res = engine.outcome(state)
    if res:
        from service.textboard import outcome_line
        return [outcome_line(res, state.get("game"))]
    lines = []
    for role in engine.active_roles(state):
        p = engine.prompt(state, role)
        p = p if viewer is None else engine.open_prompt(state["game"], p, viewer)
        lines.append(f"{engine.definition(state['game']).role_name(role)} to act (rule {p['rule']}): {p['text']}")
        lines.extend(_fmt_legal(p["actions"]))
    return lines


def _log_line(entry: dict) -> str:
    if entry.get("kind") == "h1":
        return f"== {entry['text']}"
    if entry.get("kind") == "h2":
        return f"-- {entry['text']}"
    return f"   {entry['text']}"


@click.group()
def cli():
    """Umpire: rules-checked play of board wargames, with dice nobody can cheat."""


@cli.command()
def games():
    """List the games and their scenarios."""
    for g in engine.games():
        click.echo(f"{g['slug']}: {g['title']} (roles: {', '.join(g['roles'])})")
        for slug, desc in g["scenarios"].items():
            click.echo(f"    scenario {slug}: {desc}")
        for name, desc in g["options"].items():
            click.echo(f"    option {name}: {desc}")


@cli.command()
@click.argument("game")
@click.option("--scenario", default=None, help="the scenario (default: standard, or the game's first)")
@click.option("--seed", type=int, default=None, help="fix the chance seed (reproducible local games)")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="game file to write (a local game)")
@click.option("--db", "in_db", is_flag=True, help="create the game in the service's database instead")
@click.option("--title", default="", help="the game's title (service games)")
@click.option("--options", "options_json", default="{}", metavar="JSON",
              help='game options as JSON, e.g. \'{"rulings": {"R-P32": "modified"}}\' (umpire games lists them)')
@click.option("--position", "position_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="start from this position file instead of the setup (docs/positions.md; - reads standard "
                   "input); its scenario is the game's")
@click.option("--pack", "pack_dir", type=click.Path(file_okay=False), metavar="DIR",
              help="play on this data pack (a game that needs the umpire's data, such as The First Arab-Israeli "
                   "War; umpire pack check DIR checks it); kept whole in the game's options")
def new(game, scenario, seed, output, in_db, title, options_json, position_path, pack_dir):
    """Create a game: a local game file (-o FILE) or a game in the service's database (--db)."""
    try:
        options = json.loads(options_json)
    except json.JSONDecodeError as e:
        raise click.UsageError(f"--options is not valid JSON: {e}") from None
    if not isinstance(options, dict):
        raise click.UsageError('--options is a JSON object of option name to value, e.g. {"map": {...}}')
    if pack_dir:
        options["pack"] = _read_pack(pack_dir)
    position = _read_position(position_path) if position_path else None
    if position is not None and isinstance(position.get("scenario", "standard"), str):
        scenario = position.get("scenario", "standard")
    if scenario is None:
        try:
            scenario = engine.definition(game).default_scenario()
        except EngineError as e:
            _refused(e)
    if in_db:
        from . import service_ops
        service_ops.new(game, scenario, title, options, position)
        return
    if not output:
        raise click.UsageError("give -o FILE for a local game, or --db for a game in the service's database")
    if seed is not None and not 0 <= seed < 2 ** 63:
        raise click.UsageError("--seed must be between 0 and 2**63-1")
    try:
        g = gamefile.new_game(game, scenario, seed, options, position)
    except EngineError as e:
        _refused(e)
    gamefile.save(g, output)
    click.echo(f"Created {g['id']} ({game}, {scenario}) in {output}.")
    for entry in g.get("setup_log", []):
        click.echo(_log_line(entry))
    click.echo("\n".join(_now(g["state"])))


def _read_pack(directory: str) -> dict:
    """The pack in *directory* as the option ``pack`` takes it whole, or an error listing every problem."""
    from service.packs import check_files, read_pack_dir
    from service.packs.store import install

    install()  # the engine checks a pack given whole with the service's checks
    files = read_pack_dir(directory)
    problems = files.problems or check_files(files)
    if problems:
        raise click.ClickException(f"the data pack in {directory} has {len(problems)} problem"
                                   f"{'s' if len(problems) != 1 else ''}:\n" + "\n".join(f"  {p}" for p in problems))
    return {"manifest": files.manifest, "files": files.data}


def _read_position(source: str) -> dict:
    """A position file (JSON), read from *source* (- for standard input)."""
    text = _read_raw(source, "position file")
    try:
        position = json.loads(text)
    except json.JSONDecodeError as e:
        raise click.ClickException(f"the position file is not valid JSON: {e}") from None
    if not isinstance(position, dict):
        raise click.ClickException("a position file is a JSON object (docs/positions.md)")
    return position


def _refused(e: EngineError):
    """Exits with an engine refusal; a position refused lists every fault, one a line, with its path."""
    faults = getattr(e, "faults", None)
    if faults:
        click.echo(f"Refused: the position is not valid ({len(faults)} fault{'s' if len(faults) != 1 else ''}):",
                   err=True)
        for f in faults:
            click.echo(f"  {f}", err=True)
        sys.exit(2)
    raise click.ClickException(e.message) from None


def _read_move(source: str) -> object:
    text = _read_raw(source)
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        try:
            return json.loads(text)
        except json.JSONDecodeError as e:
            raise click.ClickException(f"the move file is not valid JSON: {e}") from None
    return text


def _read_raw(source: str, what: str = "move file") -> str:
    if source == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as e:
            raise click.ClickException(f"cannot read the {what}: {e}") from None
    return text


@cli.command()
@click.argument("args", nargs=-1)
@click.option("--as", "role", required=True, help="the role (faction) you play")
@click.option("--game", "gid", help="a game in the service's database instead of a file")
@click.option("--check", is_flag=True, help="only check the move (the preview): nothing is stored, no die is rolled")
@click.option("--token", envvar="UMPIRE_TOKEN",
              help="with --game: the seat's own token (its own move) or the umpire's; without it, the move is "
                   "entered as the umpire's and logged so")
def move(args, role, gid, check, token):
    """Apply a move: `umpire move GAMEFILE --as ROLE [MOVE]` or `umpire move --game ID --as ROLE [MOVE]`.

    MOVE is a JSON move file or text orders; - (the default) reads standard input. Prints what happened
    and what each role may do now. With --check, the same checks stop before the first die, draw or
    shuffle, and nothing is stored.

    With --game, whoever runs the command holds the service's database and so acts as the umpire: a move
    entered without the seat's own token (--token) is the umpire's act, and the game's log says so.
    """
    if gid:
        if len(args) > 1:
            raise click.UsageError("with --game, give only the MOVE (or nothing to read standard input)")
        from . import service_ops
        raw = _read_raw(args[0] if args else "-")
        sys.exit(service_ops.check(gid, role, raw) if check else service_ops.move(gid, role, raw, token))
    if token and click.get_current_context().get_parameter_source("token") == click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--token is for a game in the service's database (--game ID); a game file needs none")
    if not args or len(args) > 2:
        raise click.UsageError("give the game file and, optionally, the move: umpire move GAMEFILE --as ROLE [MOVE]")
    path, source = args[0], (args[1] if len(args) > 1 else "-")
    from pathlib import Path
    if not Path(path).is_file():
        raise click.UsageError(f"no game file {path!r}")
    try:
        g = gamefile.load(path)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    try:
        mv = parse_move_file(_read_move(source))
        if mv["role"] and mv["role"] != role:
            raise click.ClickException(f"the move file is for {mv['role']}, but you play as {role}")
        if mv["game"] and mv["game"] != g["id"]:
            raise click.ClickException(f"the move file is for game {mv['game']}, this file holds {g['id']}")
        if check:
            result = apply_move(g["state"], role, mv["actions"], lambda n, applied: NoChance(), after=mv["after"],
                                stop_before_chance=True)
            sys.exit(_print_check(result.status, result.applied, result.error))
        bnd = gamefile.binder(g, role)
        result = apply_move(g["state"], role, mv["actions"], bnd, after=mv["after"])
    except EngineError as e:
        click.echo(f"Refused ({e.code}): {e.message}", err=True)
        sys.exit(2)
    for entry in engine.log_for(result.log, role):
        click.echo(_log_line(entry))
    if result.status != "rejected":
        gamefile.record(g, result, role, bnd)
        gamefile.save(g, path)
    if result.error:
        e = result.error
        what = "Rejected, nothing changed" if result.status == "rejected" else (
            f"Stopped: the {len(result.applied)} order(s) before it stand, as chance was already used")
        click.echo(f"{what}. Line {e['line']} {e['order']!r}: {e['message']}"
                   + (f" [rule {e['rule']}]" if e.get("rule") else ""), err=True)
        if e.get("legal"):
            click.echo("Allowed there:", err=True)
            click.echo("\n".join(_fmt_legal(e["legal"])), err=True)
    click.echo("\n".join(_now(result.state, role)))
    sys.exit(0 if result.status == "accepted" else 1)


def _print_check(status: str, applied: list, error: dict | None) -> int:
    """Prints a preview's verdict (``umpire move --check``); returns the exit code: 0 legal, 1 refused."""
    if status == "accepted":
        click.echo(f"Legal: all {len(applied)} order(s) would be applied. Nothing was stored.")
        return 0
    if status == "preview-stopped":
        click.echo(f"Legal up to line {error['line']} ({error['order']!r}), which needs a die, draw or shuffle: "
                   f"only a submitted move gets one. {len(applied)} order(s) checked; nothing was stored.")
        return 0
    e = error or {}
    click.echo(f"Refused ({e.get('code')}): line {e.get('line', '-')} {e.get('order', '')!r}: {e.get('message')}"
               + (f" [rule {e['rule']}]" if e.get("rule") else ""), err=True)
    if e.get("legal"):
        click.echo("Allowed there:", err=True)
        click.echo("\n".join(_fmt_legal(e["legal"])), err=True)
    return 1


@cli.command()
@click.argument("path", required=False, type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "role", default="public", help="whose view to show (default: the public view)")
@click.option("--json", "as_json", is_flag=True, help="print the view as JSON")
@click.option("--game", "gid", help="a game in the service's database instead of a file")
@click.option("--position", "as_position", is_flag=True,
              help="print the game file's position as a position file (JSON, docs/positions.md)")
def show(path, role, as_json, gid, as_position):
    """Show the position as ROLE sees it."""
    if as_position:
        if gid or not path:
            raise click.UsageError("--position shows a local game file: umpire show GAMEFILE --position")
        try:
            g = gamefile.load(path)
            rules = engine.definition(g["state"]["game"]).position
            if rules is None:
                raise click.ClickException(f"{g['state']['game']} has no position files")
            click.echo(json.dumps(rules.to_position(g["state"]), indent=1))
        except ValueError as e:
            raise click.ClickException(str(e)) from None
        except EngineError as e:
            raise click.ClickException(f"no position states this game now: {e.message}") from None
        return
    if gid:
        from . import service_ops
        service_ops.show(gid, role, as_json)
        return
    if not path:
        raise click.UsageError("give the game file PATH, or --game ID")
    try:
        g = gamefile.load(path)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    v = engine.view(g["state"], role)
    if as_json:
        click.echo(json.dumps(v, indent=1, sort_keys=True))
        return
    from service.textboard import render_text
    click.echo(render_text(g, v))
    click.echo("\n".join(_now(g["state"], role)))


@cli.command()
@click.argument("path", required=False, type=click.Path(exists=True, dir_okay=False))
@click.option("--game", "gid", help="a game in the service's database instead of a file")
def log(path, gid):
    """Print the game's log, with every chance outcome."""
    if gid:
        from . import service_ops
        service_ops.log(gid)
        return
    if not path:
        raise click.UsageError("give the game file PATH, or --game ID")
    try:
        g = gamefile.load(path)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    for step in g["history"]:
        click.echo(f"[{step['seq']}] {step['role']}: {step['action']}")
        for entry in step["log"]:
            click.echo(_log_line(entry))
        for o in step["outcomes"]:
            if o["kind"] != "shuffle":
                click.echo(f"      chance: {o['label']} -> {o['value']}")


@cli.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--no-replay", is_flag=True, help="skip replaying the actions through the engine")
@click.option("--quiet", "-q", is_flag=True, help="no progress lines while replaying")
def verify(path, no_replay, quiet):
    """Check a game's whole record offline: its history, the chain of actions, every outcome against the
    seeds and their commitments, the seats' entropy, and a replay through the engine of every log line,
    position and the result (docs/dice.md, "Checking a game").

    PATH is a game export (GET /api/games/ID/export), the dice JSON (GET /api/games/ID/dice), a local
    game file, or a tournament's bundle (a zip: GET /api/tournaments/ID/bundle), whose every game is
    checked, one line each (docs/dice.md, "Checking a tournament"). Exits 0 when everything matches, 1 on
    any difference (the first is named with its position), 3 when nothing differs but a seed that outcomes
    used is not revealed yet.
    """
    from engine.core.verify import verify as run
    from service.tournaments.bundle_verify import is_zip

    if is_zip(path):  # a tournament's bundle (issue 33, item 5)
        from .tournament_bundle import verify_bundle
        verify_bundle(path, replay=not no_replay, quiet=quiet)
        return

    def progress(done, total):
        if not quiet and total >= 400:
            click.echo(f"replayed {done}/{total} action(s)", err=True)

    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
        rep = run(record, replay=not no_replay, progress=progress)
    except (OSError, json.JSONDecodeError, ValueError, KeyError, TypeError, AttributeError) as e:
        raise click.ClickException(f"cannot read {path} as a game record (JSON) nor a tournament bundle (a zip): "
                                   f"{e}") from None
    click.echo(f"Game {rep.game}: {rep.actions} action(s), {rep.outcomes} chance outcome(s), "
               f"{rep.recomputed} recomputed from the seed.")
    for note in rep.notes:
        click.echo(f"Note: {note}")
    for what in rep.unchecked:
        click.echo(f"Not checked: {what}")
    if rep.problems:
        click.echo(f"FIRST DIFFERENCE: {rep.first}")
        for problem in rep.problems:
            click.echo(f"MISMATCH: {problem}")
        click.echo(f"FAILED: {len(rep.problems)} problem(s).")
        sys.exit(1)
    if not rep.seed_known:
        click.echo("NOT YET: nothing differs, but the outcomes under an unrevealed seed are not recomputed.")
        sys.exit(3)
    click.echo("OK: every seed matches its commitment, every outcome matches its seed and the history, and the "
               "replay gives the record.")


@cli.command()
@click.argument("path", required=False, type=click.Path(dir_okay=False))
@click.option("--game", "gid", help="a game in the service's database instead of a file")
@click.option("--as", "role", default="public", show_default=True, help="whose view the snapshot shows")
@click.option("--report", is_flag=True, help="the game report instead of a snapshot")
@click.option("--boards", default="none", show_default=True, metavar="none|card|propaganda",
              help="with --report: a board per card or per Propaganda Round before the current position's")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="the PDF to write")
def render(path, gid, role, report, boards, output):
    """Render a game's PDF: a seat's snapshot of the position, or the whole game report.

    `umpire render GAMEFILE --as ROLE -o FILE` renders a local game file; `umpire render --game ID ...` a
    game in the service's database.
    """
    from service.reports.boards import BOARDS

    if boards not in BOARDS:
        raise click.BadParameter(f"{boards!r} is not a boards option: use one of {', '.join(BOARDS)}",
                                 param_hint="--boards")
    if boards != "none" and not report:
        raise click.UsageError("--boards goes with --report (the snapshot has one board, the current one)")
    if report and role != "public":
        raise click.UsageError("--as goes with a snapshot: the report is the public's (leave --as out)")
    if bool(path) == bool(gid):
        raise click.UsageError("give the game file PATH, or --game ID (not both)")
    if gid:
        from . import service_ops
        service_ops.render(gid, role, report, output, boards)
        return
    from service.errors import ServiceError
    from service.reports.limits import RenderLimitError, render_pdf
    try:
        g = gamefile.load(path)
        html = gamefile.report_html(g, boards) if report else gamefile.snapshot_html(g, role)
        pdf = render_pdf(html)
    except OSError as e:
        raise click.ClickException(f"cannot read {path}: {e.strerror or e}") from None
    except (ValueError, ServiceError, RenderLimitError) as e:
        raise click.ClickException(getattr(e, "message", None) or str(e)) from None
    with open(output, "wb") as fh:
        fh.write(pdf)
    what = f"report{f' (boards: {boards})' if boards != 'none' else ''}" if report else f"{role} snapshot"
    click.echo(f"Wrote {output}: {what} of {g['id']} at position {g['state'].get('seq', len(g['history']))}.")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--demo/--no-demo", default=True, help="create a demo Palestine game if there is none")
def serve(host, port, demo):
    """Run the service locally: web, worker and sweeper in one process (embedded default, no servers)."""
    from . import service_ops
    service_ops.serve(host, port, demo)


@cli.command("init-db")
def init_db():
    """Create or migrate the service's database (DATABASE_URL, default SQLite in the instance folder)."""
    from . import service_ops
    service_ops.init_db()


# -- umpire tools -------------------------------------------------------------------------------------------
# Whoever runs the command line against the service's database holds the instance, and so is the umpire
# (issue 27): the umpire's token is not needed here. An act made without it is logged as the umpire's from
# the command line (service.control.as_umpire); a token given is checked, and a seat's is refused.


from .mail_cmd import mail_group  # noqa: E402
from .umpire_cmd import COMMANDS as UMPIRE_COMMANDS  # noqa: E402

cli.add_command(mail_group)

from .pack_cmd import pack_group  # noqa: E402

cli.add_command(pack_group)

from .tournament_cmd import tournament_group  # noqa: E402

cli.add_command(tournament_group)
for _command in UMPIRE_COMMANDS:
    cli.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    cli()
