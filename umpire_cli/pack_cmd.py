"""``umpire pack``: The First Arab-Israeli War's data pack, the map and tables the rulebook text lacks.

``umpire pack check DIR`` reads the pack in DIR (``pack.json`` and the files it names), prints every
problem (file, JSON path, what is wrong and what is allowed) and exits 1, or prints
``pack OK: <name> <digest>`` and exits 0 (``service.packs``; digest A.0, A.16).
"""

from __future__ import annotations

import sys

import click


@click.group("pack")
def pack_group():
    """The First Arab-Israeli War's data pack: the map and tables the rulebook text lacks (digest A.0)."""


@pack_group.command("check")
@click.argument("directory", type=click.Path(file_okay=False, dir_okay=True))
def check(directory):
    """Check the data pack in DIRECTORY: every problem with its file and JSON path (exit 1), or
    "pack OK: <name> <digest>" (exit 0)."""
    from service.packs import PackError, load_files, read_pack_dir

    try:
        pack = load_files(read_pack_dir(directory))
    except PackError as e:
        for p in e.problems:
            click.echo(str(p))
        n = len(e.problems)
        click.echo(f"pack refused: {n} problem{'s' if n != 1 else ''} in {directory}", err=True)
        sys.exit(1)
    click.echo(f"pack OK: {pack.name} {pack.digest}")
    if pack.test_data:
        click.echo("test data: its values are made up, not the game's (pack.json \"test_data\": true)")
