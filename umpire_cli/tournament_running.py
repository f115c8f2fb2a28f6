"""``umpire tournament`` commands that run a tournament (issue 33, items 1, 2 and 6): ``new``, ``players``,
``withdraw``, ``confirm``, ``pair``, ``rule``, ``close`` and ``show``. See umpire_cli.tournament_cmd.

They act on the service's database (``DATABASE_URL``) through the service functions the API uses
(``service.tournaments.running``); whoever runs them holds the instance, so no director's token is asked,
and each act is logged as the director's from the command line (``via``). ``confirm NAME`` is the
operator's mark of a player's address (for a club without mail, or a player without an address).
``pair`` mails each player their seat; a seat whose letter could not be written (no address, or no relay
configured) has its token printed instead, for the director to hand over.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import click

from .tournament_cmd import in_database, tournament_group

BY = "director"


def _json_arg(text: str | None, what: str):
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise click.BadParameter(f"{what} is not JSON: {e}") from None


def read_players(path: str) -> list[dict]:
    """A players file: JSON (``[{"name", "email"}]``) or CSV (a header naming ``name`` and ``email``, else a
    name and an address a row), in entry order."""
    text = Path(path).read_text(encoding="utf-8-sig") if path != "-" else click.get_text_stream("stdin").read()
    if text.lstrip().startswith("["):
        data = _json_arg(text, "the players file")
        if not isinstance(data, list):
            raise click.BadParameter("the players file's JSON is a list of {\"name\", \"email\"}")
        return data
    rows = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
    if rows and [c.strip().lower() for c in rows[0]][:1] == ["name"]:
        head = [c.strip().lower() for c in rows.pop(0)]
        return [{k: (row[i].strip() if i < len(row) else "") for i, k in enumerate(head) if k in ("name", "email")}
                for row in rows]
    return [{"name": r[0].strip(), "email": r[1].strip() if len(r) > 1 else ""} for r in rows]


@tournament_group.command("new")
@click.option("--name", required=True, help="the tournament's name")
@click.option("--game", required=True, help="the game (umpire games lists them)")
@click.option("--players", "players_file", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
              help="the players in entry order: JSON [{name, email}] or CSV (name,email)")
@click.option("--scenario", "scenarios", multiple=True, help="a scenario a round may use (repeat; the first is the "
                                                             "default; none: the game's default)")
@click.option("--options", "options_json", default=None, metavar="JSON", help="game options in force in every game")
@click.option("--rulings", "rulings_json", default=None, metavar="JSON",
              help='the director\'s rulings in force: [{"id": ..., "text": ...}]')
@click.option("--pairing", default="swiss", show_default=True, type=click.Choice(["swiss", "round-robin", "manual"]))
@click.option("--rounds", "rounds_planned", default=0, show_default=True, type=int, help="rounds planned (0: not fixed)")
@click.option("--points", "points_json", default=None, metavar="JSON",
              help='e.g. {"win": 2, "draw": 1, "loss": 0, "bye": 2}')
@click.option("--deadline-hours", type=float, default=None, help="hours per decision in every game (none: no deadline)")
@click.option("--director-email", default="", help="the director's address, told when a deadline passes")
def new_command(name, game, players_file, scenarios, options_json, rulings_json, pairing, rounds_planned,
                points_json, deadline_hours, director_email):
    """Create a tournament; prints its id and the director's token (shown only now)."""
    from service.tournaments import running
    players = read_players(players_file) if players_file else []
    options, rulings = _json_arg(options_json, "--options"), _json_arg(rulings_json, "--rulings")
    points = _json_arg(points_json, "--points")

    def act(s):
        t, token = running.create_tournament(
            s, name=name, game=game, scenarios=list(scenarios), options={} if options is None else options,
            rulings=[] if rulings is None else rulings, pairing=pairing, rounds_planned=rounds_planned,
            points={} if points is None else points, deadline_hours=deadline_hours, director_email=director_email,
            players=players, by=BY)
        return t.id, token
    _app, (tid, token) = in_database(act)
    n = len(players)
    click.echo(f"Created tournament {tid} ({game}, {pairing} pairing, {n} player{'s' if n != 1 else ''}).")
    click.echo(f"Director's token (the umpire of every game; shown only now): {token}")
    click.echo("Each player with an address is sent one confirmation mail; 'umpire tournament confirm TID NAME' "
               "marks one on the server.")


@tournament_group.command("players")
@click.argument("tid")
@click.option("--add", "add_name", default=None, metavar="NAME", help="enter this player (late entry)")
@click.option("--email", default="", help="the entered player's address")
def players_command(tid, add_name, email):
    """List tournament TID's players (entry order), or enter one late with --add NAME [--email ADDRESS]."""
    from service.tournaments import running
    if add_name is not None:
        in_database(lambda s: running.add_player(s, tid, name=add_name, email=email, by=BY))
        click.echo(f"Entered {add_name.strip()} in tournament {tid}.")
    _app, d = in_database(lambda s: running.describe(s, tid), write=False)
    for i, p in enumerate(d["players"], start=1):
        state = "withdrawn" if p["withdrawn"] else "confirmed" if p["confirmed"] else "not confirmed"
        click.echo(f"{i:3}. {p['name']} ({state})")


@tournament_group.command("withdraw")
@click.argument("tid")
@click.argument("name")
@click.option("--reason", default="", help="why: in the tournament's log")
def withdraw_command(tid, name, reason):
    """Withdraw player NAME from tournament TID: paired no more; their results stand."""
    from service.tournaments import running
    in_database(lambda s: running.withdraw_player(s, tid, name, by=BY, reason=reason))
    click.echo(f"{name} is withdrawn from tournament {tid}.")


@tournament_group.command("confirm")
@click.argument("tid")
@click.argument("name")
def confirm_command(tid, name):
    """Mark player NAME's address confirmed (the operator's act on the server, without a mail)."""
    from service.tournaments import running
    _app, first = in_database(lambda s: running.mark_player_confirmed(s, tid, name, by=BY))
    click.echo(f"{name} is confirmed in tournament {tid}." if first else f"{name} was confirmed already.")


def _send(app, ids: list[int]) -> None:
    """Sends the letters written: here and now without a broker (nothing else would run the send tasks of
    this process), else through the workers. A send that fails is left to the mail sweep."""
    from mail import outbound
    from mail.config import settings
    if not ids:
        return
    if not app.config.get("EMBEDDED"):
        for oid in ids:
            app.extensions["celery"].send_task("tasks.mail.send", args=[oid])
        click.echo(f"{len(ids)} letter(s) queued for sending.")
        return
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    late = 0
    for oid in ids:
        try:
            outbound.send(Session, s, oid)
        except outbound.TemporaryFailure:
            late += 1
    click.echo(f"{len(ids) - late} letter(s) sent" + (f"; {late} left to the mail sweep (the relay did not take "
                                                      f"them now)" if late else "") + ".")


def round_lines(r: dict) -> list[str]:
    out = [f"Round {r['number']} ({r['method']}, {r['scenario']}):"]
    for tb in r["tables"]:
        seats = " v ".join(f"{x['player']} ({x['side']})" for x in tb["seats"])
        out.append(f"  board {tb['board']}: {tb['game_id']} {seats} [{tb['result'] or tb['status']}]")
    if r["byes"]:
        out.append(f"  bye: {', '.join(r['byes'])}")
    return out


@tournament_group.command("pair")
@click.argument("tid")
@click.option("--method", type=click.Choice(["swiss", "round-robin", "manual"]), default=None,
              help="default: the tournament's")
@click.option("--scenario", default=None, help="one of the tournament's (default: its first)")
@click.option("--manual", "manual_file", type=click.Path(dir_okay=False, allow_dash=True), metavar="FILE",
              help='the tables (method manual): JSON {"tables": [{side: player}], "byes": [...], "allow_repeat": false}')
@click.option("--site", default="", envvar="UMPIRE_SITE_URL", metavar="URL",
              help="this Umpire's web address, for the game pages named in the letters (or UMPIRE_SITE_URL)")
def pair_command(tid, method, scenario, manual_file, site):
    """Pair tournament TID's next round: make its games and mail each player their seat or bye."""
    from service.tournaments import mailing, running
    manual = None
    if manual_file:
        text = Path(manual_file).read_text(encoding="utf-8") if manual_file != "-" else \
            click.get_text_stream("stdin").read()
        manual = _json_arg(text, "the manual pairing")
        method = method or "manual"
    kept: dict = {}

    def act(s):
        post = kept["post"] = mailing.Kept(mailing.post_of(s))
        return running.pair_round(s, tid, by=BY, method=method, scenario=scenario, manual=manual, site=site,
                                  post=post).number
    app, number = in_database(act)
    _send(app, kept["post"].written)
    _app, d = in_database(lambda s: running.describe(s, tid), write=False)
    click.echo("\n".join(round_lines(next(r for r in d["rounds"] if r["number"] == number))))
    unsent = kept["post"].unsent
    if unsent:
        click.echo("Not mailed (no address, or no mail relay): hand these seat tokens over yourself; they are shown "
                   "only now.")
        for u in unsent:
            click.echo(f"  {u.game_id} {u.role:10} {u.player}: {u.token}")


@tournament_group.command("rule")
@click.argument("tid")
@click.argument("gid")
@click.option("--status", required=True, type=click.Choice(["abandoned", "forfeited"]))
@click.option("--outcome", "outcomes", multiple=True, required=True, metavar="PLAYER=RESULT",
              help="each player of the game: win, draw, loss or void (repeat)")
@click.option("--reason", required=True, help="shown on the standings")
def rule_command(tid, gid, status, outcomes, reason):
    """Rule on game GID of tournament TID (abandoned or forfeited): each player's result and the reason. A game
    still going on is abandoned first (its seed revealed)."""
    from service.tournaments import running
    outcome = {}
    for item in outcomes:
        player, sep, result = item.rpartition("=")
        if not sep or not player:
            raise click.BadParameter(f"{item!r} is not PLAYER=RESULT", param_hint="--outcome")
        outcome[player] = result
    in_database(lambda s: running.rule_game(s, tid, gid, status=status, outcome=outcome, reason=reason, by=BY))
    click.echo(f"{gid} ruled {status}: " + ", ".join(f"{p} {o}" for p, o in outcome.items()) + f" ({reason}).")


@tournament_group.command("close")
@click.argument("tid")
def close_command(tid):
    """Close tournament TID: no more entries, rounds or rulings (refused while a game counts for nothing yet)."""
    from service.tournaments import running
    in_database(lambda s: running.close(s, tid, BY))
    click.echo(f"Tournament {tid} is closed.")


def show_text(d: dict) -> str:
    pts = d["points"]
    out = [f"{d['name']} ({d['id']}): {d['game_title']}, {d['pairing']} pairing, {d['status']}",
           f"Scenarios: {', '.join(d['scenarios'])}; points: win {pts['win']:g}, draw {pts['draw']:g}, loss "
           f"{pts['loss']:g}, bye {pts['bye']:g}; deadline: "
           + (f"{d['deadline_hours']:g} h per decision" if d["deadline_hours"] else "none"),
           f"Players ({len(d['players'])}): " + ", ".join(
               p["name"] + (" (withdrawn)" if p["withdrawn"] else "" if p["confirmed"] else " (not confirmed)")
               for p in d["players"])]
    out += [f"Ruling {r['id']}: {r['text']}" for r in d["rulings"]]
    for r in d["rounds"]:
        out += round_lines(r)
    out += ["Log:"] + [f"  {e['at'][:16].replace('T', ' ')} {e['by']}: {e['text']}" for e in d["log"]]
    return "\n".join(out)


@tournament_group.command("show")
@click.argument("tid")
@click.option("--json", "as_json", is_flag=True, help="as GET /api/tournaments/TID")
def show_command(tid, as_json):
    """Tournament TID: its settings, players, rounds with their games and results, and its log."""
    from service.tournaments import running
    _app, d = in_database(lambda s: running.describe(s, tid), write=False)
    click.echo(json.dumps(d, indent=1) if as_json else show_text(d))
