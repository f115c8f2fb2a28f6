"""``umpire tournament desk TID [--json]``: the director's desk on the command line (issue 33, item 3), and the
desk's acts on a game of the tournament: ``umpire tournament pause|resume TID GID [--reason]`` and
``extend-deadline TID GID --hours N``, logged in the game and in the tournament (``service.tournaments.acts``).
See ``umpire_cli.tournament_cmd``: the commands act on the service's database (``DATABASE_URL``), whose holder
is every game's umpire, so no token is asked; an act says in both logs that it came from the command line.
"""

from __future__ import annotations

import json

import click

from service.tournaments.response_times import span

from .tournament_cmd import in_database, tournament_group


def _seat(s: dict) -> str:
    return f"{s['side']} ({s['player']})" if s["player"] else s["side"]


def game_lines(g: dict) -> list[str]:
    """One game of the desk as text: its head line, then its deadlines and disputes, indented."""
    head = f"R{g['round']} B{g['board']} {g['game']} [{g['status']}] " + " v ".join(map(_seat, g["seats"]))
    if g["over"]:
        outcome = g.get("outcome") or {}
        now = "over" + (f": {outcome.get('winner') or 'no winner'}" if outcome else "")
        if g["ruled"]:
            now += f"; ruled {g['ruling'].get('status')}"
    elif g["awaiting"]:
        now = (", ".join(map(_seat, g["awaiting"])) + f" to move since {g['since']} "
               f"({span(g['waiting_seconds'])}{', clock stopped' if g['paused'] else ''})")
    else:
        now = "nobody to move"
    lines = [("! " if g["needs_director"] else "  ") + head, f"    {now}"]
    lines += [f"    deadline: {d['role']} by {d['due']}{' PASSED' if d['passed'] else ''}" for d in g["deadlines"]]
    lines += [f"    {'DISPUTE' if d['open'] else 'settled'} {d['kind']}: {d['text']}" for d in g["disputes"]]
    lines.append(f"    tools: {g['links']['page']}  {g['links']['api']}")
    return lines


def text(d: dict) -> str:
    """The whole desk as text."""
    c = d["counts"]
    t = d["tournament"]
    out = [f"{t['name']} ({t['id']}, {t['game']}, {t['status']}) at {d['at']}",
           f"{c['games']} game(s), {c['going_on']} going on; {c['needs_director']} need the director: "
           f"{c['ruling_awaited']} ruling(s) awaited, {c['deadline_passed']} deadline(s) passed, "
           f"{c['paused']} paused.", ""]
    for g in d["games"]:
        out += game_lines(g)
    out += ["", "Response times (one decision = one accepted submission; pauses left out):",
            f"  {'player':<20} {'decisions':>9} {'median':>12} {'longest':>12}  waited on now"]
    for p in d["players"]:
        now = "; ".join(f"{span(a['waiting_seconds'])} in {a['game']}{' (paused)' if a['paused'] else ''}"
                        for a in p["awaited"]) or "no"
        out.append(f"  {p['player']:<20} {p['decisions']:>9} {span(p['median_seconds']):>12} "
                   f"{span(p['longest_seconds']):>12}  {now}")
    return "\n".join(out)


@tournament_group.command("desk")
@click.argument("tid")
@click.option("--json", "as_json", is_flag=True, help="print the desk as JSON (as GET /api/tournaments/TID/desk)")
def desk_command(tid, as_json):
    """The director's desk of tournament TID: every game with whose move it is, since when, its deadlines and
    disputes (what needs the director first), and each player's response times."""
    from service.tournaments.desk import desk

    _app, d = in_database(lambda s: desk(s, tid), write=False)
    click.echo(json.dumps(d, indent=1) if as_json else text(d))


def _act(tid: str, run) -> dict:
    """Runs a desk act (``service.tournaments.acts``) on the service's database, as the director: the holder
    of the instance, so without a token; the game's log and the tournament's say it came from the command line."""
    return in_database(run)[1]


_REASON = click.option("--reason", default="", help="why: recorded in the game's log and the tournament's")


@tournament_group.command("pause")
@click.argument("tid")
@click.argument("gid")
@_REASON
def pause_command(tid, gid, reason):
    """Pause game GID of tournament TID (logged in the game and in the tournament)."""
    from service.tournaments import acts
    out = _act(tid, lambda s: acts.pause(s, tid, gid, reason))
    click.echo(f"{gid}: paused at position {out['seq']} (tournament event {out['tournament_event']}).")


@tournament_group.command("resume")
@click.argument("tid")
@click.argument("gid")
@_REASON
def resume_command(tid, gid, reason):
    """Resume paused game GID of tournament TID (logged in the game and in the tournament)."""
    from service.tournaments import acts
    out = _act(tid, lambda s: acts.resume(s, tid, gid, reason))
    click.echo(f"{gid}: resumed at position {out['seq']} (tournament event {out['tournament_event']}).")


@tournament_group.command("extend-deadline")
@click.argument("tid")
@click.argument("gid")
@click.option("--hours", required=True, type=float, help="how many more hours the seats that must decide now get")
@_REASON
def extend_deadline_command(tid, gid, hours, reason):
    """Give the seats that must decide now in game GID of tournament TID more time (logged in both logs)."""
    from service.tournaments import acts
    out = _act(tid, lambda s: acts.extend_deadline(s, tid, gid, hours, reason))
    for role, due in out["due"].items():
        click.echo(f"{gid}: {role} must now decide position {out['seq']} by {due}.")
