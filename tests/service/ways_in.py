"""A game played every way in (GAME-STANDARD.md "playable through every way in"), the steps the games' tests
share: a move file sent through the API and adjudicated as the worker would, the game as the API gives it, a
document's text without its tags, and a local game file made and played through the command line."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from click.testing import CliRunner, Result

from engine.core.moves import MOVE_FORMAT
from service import adjudication
from umpire_cli.main import cli


def flat(html: str) -> str:
    """The text of an HTML or SVG document, tags removed and white space collapsed."""
    return unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)))


def send_move(client, sessions, gid: str, role: str, token: str, actions: list[str], after: int) -> dict:
    """Posts *actions* as one move file of *role*, runs the worker's adjudication, returns the submission."""
    mf = {"format": MOVE_FORMAT, "game": gid, "role": role, "actions": actions, "after": after}
    r = client.post(f"/api/games/{gid}/moves", json=mf, headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.get_json()["id"])
    return client.get(f"/api/submissions/{r.get_json()['id']}").get_json()


def game_json(client, gid: str, token: str | None = None) -> dict:
    """The game as the API gives it to the holder of *token* (the public without one)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.get(f"/api/games/{gid}", headers=headers).get_json()


def cli_play(path: Path, game: str, moves: list[tuple[str, list[str]]], seed: int = 7) -> list[Result]:
    """A local game file of *game*'s Example of Play deck made at *path* with ``umpire new`` (*seed*), then each
    of *moves* (role, orders) played with ``umpire move`` from standard input; returns each move's result."""
    runner = CliRunner()
    out = runner.invoke(cli, ["new", game, "--scenario", "example-of-play", "--seed", str(seed), "-o", str(path)])
    assert out.exit_code == 0, out.output
    results = []
    for role, actions in moves:
        out = runner.invoke(cli, ["move", str(path), "--as", role, "-"], input="\n".join(actions) + "\n")
        assert out.exit_code == 0, out.output
        results.append(out)
    return results


def cli_show(path: Path, role: str) -> Result:
    """``umpire show`` of the local game file at *path* as *role* sees it."""
    return CliRunner().invoke(cli, ["show", str(path), "--as", role])
