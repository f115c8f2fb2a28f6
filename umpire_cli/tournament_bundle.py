"""``umpire tournament bundle``: write a tournament's verification bundle; and the check of one that
``umpire verify BUNDLE.zip`` runs (issue 33, item 5). See umpire_cli.tournament_cmd and
service.tournaments.bundle / bundle_verify.
"""

from __future__ import annotations

import json
import sys

import click

from .tournament_cmd import in_database, tournament_group


@tournament_group.command("bundle")
@click.argument("tid")
@click.option("--round", "number", type=click.IntRange(min=1), default=None,
              help="only this round's games (default: the whole tournament)")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="the zip to write")
def bundle_command(tid, number, output):
    """Write the verification bundle of tournament TID (or of one round) to FILE.zip: every game that is over
    with its export, the games in play listed, and a manifest of each game's commitments and result. Anyone
    may have it; `umpire verify FILE.zip` checks it."""
    from service.tournaments.bundle import contents, write_zip
    from service.tournaments.bundle_verify import MANIFEST

    _app, files = in_database(lambda s: contents(s, tid, number), write=False)
    data, m = write_zip(files), json.loads(files[MANIFEST])
    try:
        with open(output, "wb") as fh:
            fh.write(data)
    except OSError as e:
        raise click.ClickException(f"cannot write {output}: {e.strerror or e}") from None
    scope = "the whole tournament" if number is None else f"round {number}"
    click.echo(f"Wrote {output}: {scope} of {tid}, {len(m['games'])} game(s), {m['exports']} with their "
               f"export, {m['in_play']} not over yet (listed without one).")


def _seats(seats: dict) -> str:
    from service.tournaments.bundle_verify import printable
    return ", ".join(f"{printable(role, 40)} {printable(player, 40)}" for role, player in seats.items())


def verify_bundle(path: str, replay: bool, quiet: bool) -> None:
    """``umpire verify BUNDLE.zip``: checks the manifest against every export and verifies each export (a
    progress bar over the games on stderr unless *quiet*), prints one line per game and exits 0 (every game
    verifies), 1 (any fails: all of them listed at the end) or 3 (nothing differs, some not checkable yet)."""
    from service.tournaments.bundle_verify import FAILED, NOT_YET, BundleError, open_bundle, printable

    try:
        b = open_bundle(path)
    except BundleError as e:
        raise click.ClickException(f"{path} is refused as a tournament bundle: {e}") from None
    with b:
        t = b.manifest["tournament"]
        rounds = b.manifest.get("rounds")
        rounds = ", ".join(map(str, rounds)) if isinstance(rounds, list) else rounds
        click.echo(f"Bundle of tournament {printable(t.get('id'), 40)} ({printable(t.get('name'), 80)}, "
                   f"{printable(t.get('game'), 40)}), round(s) {printable(rounds, 80)}: {len(b.games)} game(s).")
        checks = []
        with click.progressbar(b.games, label="Verifying the games", file=sys.stderr,
                               hidden=quiet, item_show_func=lambda g: g and printable(g["id"], 40)) as games:
            for entry in games:
                checks.append(b.check(entry, replay=replay))
        unlisted = b.unlisted()
    for c in checks:
        head = f"{c.id} ({c.where}" + (f": {_seats(c.seats)})" if c.seats else ")")
        if c.verdict == FAILED:
            click.echo(f"{head}: FAILED: {printable(c.first, 400)}")
        elif c.verdict == NOT_YET:
            click.echo(f"{head}: NOT YET: {c.detail}")
        else:
            click.echo(f"{head}: OK: {c.detail}; commitment {printable(c.commitment, 80)}")
    failed = [c for c in checks if c.verdict == FAILED]
    for name in unlisted:
        click.echo(f"{printable(name)}: FAILED: the manifest does not list it as any game's export")
    if failed or unlisted:
        click.echo(f"FAILED: {len(failed)} game(s) do not verify" + (f", {len(unlisted)} file(s) not listed"
                                                                       if unlisted else "") + ":")
        for c in failed:
            click.echo(f"  {c.id} ({c.where}):")
            for p in c.problems:
                click.echo(f"    {printable(p, 400)}")
        for name in unlisted:
            click.echo(f"  {printable(name)}: not listed in the manifest")
        sys.exit(1)
    waiting = [c for c in checks if c.verdict == NOT_YET]
    if waiting:
        click.echo(f"NOT YET: nothing differs, but {len(waiting)} game(s) cannot be checked yet (their seeds are "
                   f"not revealed): {', '.join(c.id for c in waiting)}.")
        sys.exit(3)
    click.echo(f"OK: all {len(checks)} game(s) verify: every seed matches its commitment, every outcome its seed, "
               "and each replay gives its record. Compare each commitment with the one you were sent when your "
               "game began.")
