"""``umpire tournament standings TID [--pdf FILE]`` (issue 33, item 4): the standings as an aligned text table,
with the scoring and tie-breaks in force, the notes on abandoned and forfeited games, the rounds counted and
the games still in play; ``--pdf FILE`` writes the standings PDF too. Read from the service's database
(``DATABASE_URL``), as the other tournament commands. See umpire_cli.tournament_cmd."""

from __future__ import annotations

import click

from .tournament_cmd import in_database, tournament_group

#: The table's columns: heading, the row's key, right-aligned.
COLUMNS = (("#", "rank", True), ("Player", "player", False), ("Points", "points", True),
           ("Buchholz", "buchholz", True), ("Margin", "margin", True), ("Played", "played", True),
           ("W-D-L", "wdl", True), ("Byes", "byes", True))


def table_lines(view: dict) -> list[str]:
    """The standings table of *view* (``standings_view``) as aligned lines: a heading, a rule, a row a player."""
    from service.tournaments.standings_view import number

    cells = [[h for h, _k, _r in COLUMNS]]
    for r in view["rows"]:
        shown = {**r, "points": number(r["points"]), "buchholz": number(r["buchholz"]),
                 "margin": number(r["margin"]), "wdl": f"{r['wins']}-{r['draws']}-{r['losses']}",
                 "player": r["player"] + (" (withdrawn)" if r["withdrawn"] else "")}
        cells.append([str(shown[k]) for _h, k, _r in COLUMNS])
    widths = [max(len(row[i]) for row in cells) for i in range(len(COLUMNS))]

    def line(row):
        return "  ".join(c.rjust(w) if right else c.ljust(w)
                         for c, w, (_h, _k, right) in zip(row, widths, COLUMNS, strict=True)).rstrip()
    return [line(cells[0]), "  ".join("-" * w for w in widths)] + [line(row) for row in cells[1:]]


def standings_text(view: dict) -> str:
    """Everything the command prints (see the module docstring)."""
    t = view["tournament"]
    latest = view["latest_result"]
    out = [f"{t['name']} ({t['id']}): {t['game_title']}, {t['status']}",
           f"Latest result: {latest[:10] + ' ' + latest[11:16] + ' UTC' if latest else 'none yet'}",
           f"Rounds counted: {', '.join(map(str, view['rounds_counted'])) or 'none complete yet'} of "
           f"{len(view['rounds'])} paired" + (f" ({t['rounds_planned']} planned)" if t["rounds_planned"] else ""),
           f"Scoring: {view['scoring_text']}", ""]
    out += table_lines(view) if view["rows"] else ["No players entered yet."]
    out += ["", "Order of the table:"] + [f"  {i}. {line}" for i, line in enumerate(view["tie_breaks"], 1)]
    notes = [(r["player"], n) for r in view["rows"] for n in r["notes"]]
    if notes:
        out += ["", "Notes:"] + [f"  {p}: {n}" for p, n in notes]
    waiting = view["in_play"] + view["awaiting_ruling"]
    out += ["", "Not counted yet:" if waiting else "Not counted yet: none, every game paired so far counts."]
    out += [f"  round {g['round']}, board {g['board']} ({g['game']}): {g['table']}: {g['result']}" for g in waiting]
    return "\n".join(out)


@tournament_group.command("standings")
@click.argument("tid")
@click.option("--pdf", "pdf_file", type=click.Path(dir_okay=False, writable=True),
              help="also write the standings PDF to this file")
def standings(tid, pdf_file):
    """Print tournament TID's standings as a table (and write them as a PDF with --pdf FILE)."""
    from service.errors import ServiceError
    from service.reports.standings_pdf import render_standings
    from service.tournaments.standings_view import standings_view

    from .service_ops import _fail

    _app, view = in_database(lambda s: standings_view(s, tid), write=False)
    click.echo(standings_text(view))
    if pdf_file:
        try:
            pdf = render_standings(view)
        except ServiceError as e:  # a render limit
            raise _fail(e) from None
        with open(pdf_file, "wb") as fh:
            fh.write(pdf)
        click.echo(f"Wrote {pdf_file}: the standings of {tid} as a PDF.")
