"""``umpire``: play and umpire games from the command line (issue: rules engine, CLI)."""

from __future__ import annotations

import json
import sys

import click

import engine
from engine.core.errors import EngineError
from engine.core.moves import apply_move, parse_move_file

from . import gamefile

MAX_ARGS_SHOWN = 12


def _fmt_legal(legal: dict) -> list[str]:
    out = []
    for verb in sorted(legal):
        args = legal[verb]
        if not args:
            out.append(f"  {verb}")
        else:
            shown = ", ".join(args[:MAX_ARGS_SHOWN])
            more = f" (+{len(args) - MAX_ARGS_SHOWN} more)" if len(args) > MAX_ARGS_SHOWN else ""
            out.append(f"  {verb} {{{shown}}}{more}")
    return out


def _now(state: dict) -> list[str]:
    res = engine.outcome(state)
    if res:
        return [f"Game over: {res['winner'].title()} won ({res['reason']})."]
    lines = []
    for role in engine.active_roles(state):
        p = engine.prompt(state, role)
        lines.append(f"{role.title()} to act (rule {p['rule']}): {p['text']}")
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


@cli.command()
@click.argument("game")
@click.option("--scenario", default="standard", show_default=True)
@click.option("--seed", type=int, default=None, help="fix the chance seed (reproducible local games)")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="game file to write")
def new(game, scenario, seed, output):
    """Create a local game file."""
    try:
        g = gamefile.new_game(game, scenario, seed)
    except EngineError as e:
        raise click.ClickException(e.message) from None
    gamefile.save(g, output)
    click.echo(f"Created {g['id']} ({game}, {scenario}) in {output}.")
    click.echo("\n".join(_now(g["state"])))


def _read_move(source: str) -> object:
    if source == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as e:
            raise click.ClickException(f"cannot read the move file: {e}") from None
    stripped = text.lstrip()
    if stripped.startswith(("{", "[")):
        try:
            return json.loads(text)
        except json.JSONDecodeError as e:
            raise click.ClickException(f"the move file is not valid JSON: {e}") from None
    return text


@cli.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "role", required=True, help="the role (faction) you play")
@click.argument("source", default="-")
def move(path, role, source):
    """Apply a move (JSON move file or text orders; - reads standard input) to the game in PATH."""
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
        bnd = gamefile.binder(g, role)
        result = apply_move(g["state"], role, mv["actions"], bnd, after=mv["after"])
    except EngineError as e:
        click.echo(f"Refused ({e.code}): {e.message}", err=True)
        sys.exit(2)
    for entry in result.log:
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
    click.echo("\n".join(_now(result.state)))
    sys.exit(0 if result.status == "accepted" else 1)


@cli.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@click.option("--as", "role", default="public", help="whose view to show (default: the public view)")
@click.option("--json", "as_json", is_flag=True, help="print the view as JSON")
def show(path, role, as_json):
    """Show the position as ROLE sees it."""
    try:
        g = gamefile.load(path)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    v = engine.view(g["state"], role)
    if as_json:
        click.echo(json.dumps(v, indent=1, sort_keys=True))
        return
    from .render import render_text
    click.echo(render_text(g, v))
    click.echo("\n".join(_now(g["state"])))


@cli.command()
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
def log(path):
    """Print the game's log, with every chance outcome."""
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


if __name__ == "__main__":  # pragma: no cover
    cli()
