"""The umpire's commands (issue 8; the command line is the umpire, issue 27): pause, resume, abandon,
extend-deadline, rollback, correct, replace-seat, resign, rulings, export and import. Without a token the
holder of the instance acts as the umpire and the log says so (``service_ops.umpire``)."""

from __future__ import annotations

import json

import click

import engine
from engine.core.errors import EngineError


def _umpire_options(f):
    f = click.option("--token", envvar="UMPIRE_TOKEN",
                     help="the umpire's token (or set UMPIRE_TOKEN); not needed: without it the act is the "
                          "umpire's from the command line, and logged so")(f)
    return click.option("--game", "gid", required=True, help="a game in the service's database")(f)


def _reason(f):
    return click.option("--reason", default="", help="why: recorded in the log")(f)


def _control(act_name: str):
    """``umpire pause`` / ``resume`` / ``abandon``: one umpire act on the game, printed with its result."""

    def run(gid, token, reason):
        from service import control

        from . import service_ops
        out = service_ops.umpire(gid, token, lambda s, g: getattr(control, act_name)(s, g, reason))
        click.echo(f"{out['id']}: {act_name} done at position {out['seq']}; status {out['status']}.")
        if out.get("outcome"):
            click.echo(f"Result: {out['outcome']['winner'] or 'no winner'} ({out['outcome']['reason']}). "
                       f"Seed revealed: {out['seed']}")
    return run


CONTROL_ACTS = tuple(
    click.command(_name, help=_help)(_umpire_options(_reason(_control(_name))))
    for _name, _help in (("pause", "Pause a game: moves and previews are refused until it is resumed."),
                         ("resume", "Resume a paused game."),
                         ("abandon", "End a game with no winner; the seed is revealed.")))


@click.command("extend-deadline")
@_umpire_options
@click.option("--hours", required=True, type=float, help="how many more hours the seats that must decide now get")
@_reason
def extend_deadline(gid, token, hours, reason):
    """Give the seats that must decide now more time before their mail deadline."""
    from service.deadlines import extend

    from . import service_ops
    out = service_ops.umpire(gid, token, lambda s, g: extend(s, g, hours, reason))
    for role, due in out["due"].items():
        click.echo(f"{out['id']}: {role} must now decide position {out['seq']} by {due}.")


@click.command()
@_umpire_options
@click.option("--to", "to", required=True, type=int, help="the position to go back to")
@_reason
def rollback(gid, token, to, reason):
    """Roll a game back to position TO: later moves are kept in the log as undone, their dice superseded."""
    from service import rollback as rb

    from . import service_ops
    out = service_ops.umpire(gid, token, lambda s, g: rb.rollback(s, g, to, reason))
    click.echo(f"{out['id']}: rolled back from position {out['from_seq']} to {out['seq']}; "
               f"{out['undone']} action(s) undone; status {out['status']}.")
    for o in out["superseded"]:
        shown = f" -> {o['value']}" if "value" in o and o.get("kind") != "shuffle" else ""
        click.echo(f"  superseded: action {o['seq']} {o.get('label') or o.get('kind')}{shown}")
    if out["refused_submissions"]:
        click.echo(f"  {len(out['refused_submissions'])} queued move(s) refused as stale.")


@click.command()
@_umpire_options
@click.argument("correction", nargs=-1, required=True)
def correct(gid, token, correction):
    """Correct a paused game's position, citing the rule applied: `set PATH VALUE CITATION` (a track or
    count) or `move FROM TO COUNT CITATION` (pieces between two counts); PATH, FROM and TO name integers of
    the state key by key with dots. E.g. in Palestine: `umpire correct --game ID set haganah 3 6.5.3: marker
    misplaced`."""
    from service import control

    from . import service_ops
    out = service_ops.umpire(gid, token, lambda s, g: control.correct(s, g, " ".join(correction)))
    click.echo(f"{out['id']}: position {out['seq']}: {out['log'][0]['text']}")


@click.command("replace-seat")
@_umpire_options
@click.option("--role", required=True, help="the seat given a new token, or umpire for the umpire's own token")
@click.option("--player", default=None, help="the new player's name (default: the seat keeps its player)")
@click.option("--email", default=None, help="the new player's address (default: the seat keeps its address)")
@_reason
def replace_seat(gid, token, role, player, email, reason):
    """Give a seat a new token (shown only now): the old one is revoked, and the seat's mail signing key is
    replaced with it. For a lost token the seat keeps its player; with --player (and --email) the seat goes
    to a new player. --role umpire gives the umpire a new token the same way (a lost or leaked one)."""
    from service import control

    from . import service_ops
    out = service_ops.umpire(gid, token, lambda s, g: control.replace_seat(s, g, role, player, email, reason))
    if out["role"] == control.UMPIRE:
        click.echo(f"{out['id']}: the umpire has a new token; the old one is revoked.")
    else:
        click.echo(f"{out['id']}: the {out['role']} seat is now {out['player'] or 'unnamed'}; "
                   "the old token is revoked.")
    click.echo(f"  {out['role']:8} token: {out['token']}")
    click.echo("The token is shown only now; give it to " + ("the umpire." if out["role"] == control.UMPIRE
                                                             else "the player."))


@click.command()
@click.option("--game", "gid", required=True, help="a game in the service's database")
@click.option("--token", envvar="UMPIRE_TOKEN",
              help="a seat's token (resigns that seat) or the umpire's; without one, the umpire resigns the seat "
                   "from the command line, logged so")
@click.option("--role", required=True, help="the seat resigning")
@_reason
def resign(gid, token, role, reason):
    """Resign a seat: the game ends, the other side wins and the seed is revealed."""
    from . import service_ops
    out = service_ops.resign(gid, token, role, reason)
    click.echo(f"{out['id']}: {out['outcome']['reason']}; {out['outcome']['winner'] or 'nobody'} won. "
               f"Seed revealed: {out['seed']}")


@click.command()
@click.argument("slug", required=False)
@click.option("--game", "gid", help="a game in the service's database: the rulings it runs on")
@click.option("--options-only", is_flag=True, help="only the rulings that offer the umpire a choice")
def rulings(slug, gid, options_only):
    """List rulings: those a game in the service runs on (--game ID, with the umpire's choices), or every ruling
    of a game (SLUG, e.g. arab-revolt), with the readings an umpire may choose when creating a game."""
    if bool(slug) == bool(gid):
        raise click.UsageError("give one of: a game (SLUG, e.g. palestine) or a game in the service (--game ID)")
    if gid:
        from . import service_ops
        out = service_ops.rulings(gid)
        click.echo(f"{out['id']} ({out['game']}): engine {out['engine_version']}, rules edition "
                   f"{out['rules_edition']}, data version {out['data_version']}")
        rows = out["rulings"]
    else:
        try:
            defn = engine.definition(slug)
        except EngineError as e:
            raise click.UsageError(e.message) from None
        rows = [{"id": r["id"], "rule": r.get("rule", ""), "text": r.get("ruling", r.get("text", "")),
                 "provenance": "umpire option" if r.get("alternatives") else "ruling",
                 **({"choice": r["default"], "choices": r["alternatives"]} if r.get("alternatives") else {})}
                for r in (defn.rulings() if defn.rulings else [])]
    for r in rows:
        if options_only and not r.get("choices"):
            continue
        click.echo(f"{r['id']} [rule {r['rule']}] ({r['provenance']}): {r['text']}")
        for name, text in (r.get("choices") or {}).items():
            mark = " (in force)" if gid and name == r["choice"] else " (default)" if not gid and name == r["choice"] else ""
            click.echo(f"    {name}{mark}: {text}")
        if r.get("choices") and not gid:
            other = next((n for n in r["choices"] if n != r["choice"]), r["choice"])
            click.echo(f"    choose at creation: --options '{{\"rulings\": {{\"{r['id']}\": \"{other}\"}}}}' "
                       f"(umpire new {slug}; or \"options\" in POST /api/games)")


@click.command("export")
@_umpire_options
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="the JSON file to write")
def export_cmd(gid, token, output):
    """Write a game's export (what `umpire verify` and `umpire import` read)."""
    from service import games as G

    from . import service_ops
    out = service_ops.umpire(gid, token, lambda s, g: G.export(s, g))
    with open(output, "w", encoding="utf-8") as fh:
        json.dump(out, fh, indent=1, sort_keys=True)
    click.echo(f"Wrote {output}: {gid} at position {out['seq']}, {len(out['moves'])} move(s)"
               + (f", {len(out['undone'])} undone" if out["undone"] else "") + ".")


@click.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
def import_cmd(path):
    """Import a game export into the service's database: it is verified and replayed first, and refused
    naming the first position where this engine's replay differs."""
    from . import service_ops
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except (OSError, json.JSONDecodeError) as e:
        raise click.ClickException(f"cannot read {path} as a game export: {e}") from None
    gid, tokens, status = service_ops.import_game(record)
    click.echo(f"Imported {gid}: replayed identically; status {status}.")
    for role, tok in tokens.items():
        click.echo(f"  {role:8} token: {tok}")
    click.echo("The tokens are shown only now; give each player theirs.")


#: The commands above, as ``umpire_cli.main`` adds them to the ``umpire`` group.
COMMANDS = (*CONTROL_ACTS, extend_deadline, rollback, correct, replace_seat, resign, rulings, export_cmd, import_cmd)
