"""The tiny game through the ``umpire`` command (click's CliRunner): games, new, move, show, log, verify, a
draw; and the same against the service's database."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from umpire_cli.main import cli


def state_of(path: str) -> dict:
    return json.loads(Path(path).read_text())["state"]


def invoke(*args: str, input: str | None = None, env: dict | None = None):
    return CliRunner().invoke(cli, list(args), input=input, env=env, catch_exceptions=False)


def test_a_local_game_from_new_to_verify(tmp_path):
    assert "tinygame: Tiny: First to Twenty (roles: red, blue)" in invoke("games").output
    path = str(tmp_path / "tiny.json")
    res = invoke("new", "tinygame", "--seed", "7", "-o", path)
    assert res.exit_code == 0, res.output
    assert "Red to act (rule T2)" in res.output and "add 1 | 2 | 3" in res.output
    res = invoke("move", path, "--as", "red", "-", input="add 3\n")
    assert res.exit_code == 0 and "Red added 3: the counter is at 3." in res.output, res.output
    res = invoke("move", path, "--as", "red", "-", input="add 1\n")
    assert res.exit_code == 1 and "red has no decision to make now; waiting for blue" in res.output
    while not state_of(path)["outcome"]:  # dice to the end: a win, or a draw after 20 turns
        res = invoke("move", path, "--as", state_of(path)["flow"][-1]["role"], "-", input="roll\n")
        assert res.exit_code == 0, res.output
    res = invoke("show", path)
    lines = res.output.splitlines()
    assert lines[0].startswith("L-00000007 Tiny: First to Twenty (tinygame, standard), position ")
    assert lines[1].startswith("  Counter: ") and lines[2].startswith("  Turns: ")
    state = state_of(path)
    who = state["outcome"]["winner"]
    assert (f"Game over: {who.title()} won" if who else "Game over: no winner") in res.output
    assert "Red added 3" in invoke("log", path).output
    res = invoke("verify", path)
    assert res.exit_code == 0 and "OK:" in res.output, res.output


def test_a_draw_is_shown_as_no_winner(tmp_path):
    path = str(tmp_path / "tiny.json")
    assert invoke("new", "tinygame", "--scenario", "short", "--seed", "1", "-o", path).exit_code == 0
    assert invoke("move", path, "--as", "red", "-", input="add 2\n").exit_code == 0
    res = invoke("move", path, "--as", "blue", "-", input="add 1\n")
    assert res.exit_code == 0, res.output
    assert "Game over: no winner (a draw: nobody reached 20 in 2 turns (T4))." in res.output
    res = invoke("show", path, "--as", "red")
    assert "Counter: 3 of 20" in res.output and "Turns: 2 of 2" in res.output and "no winner" in res.output
    assert invoke("verify", path).exit_code == 0


def test_a_game_in_the_service_database(tmp_path):
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'u.sqlite3'}", "REDIS_URL": ""}
    res = invoke("new", "tinygame", "--db", "--scenario", "short", env=env)
    assert res.exit_code == 0, res.output
    gid = res.output.split()[1]
    res = invoke("move", "--game", gid, "--as", "red", input="roll\n", env=env)
    assert res.exit_code == 0 and "Red added" in res.output, res.output
    res = invoke("show", "--game", gid, env=env)
    assert f"{gid} Tiny: First to Twenty (tinygame, short), position 1" in res.output
    assert "Turns: 1 of 2" in res.output and "Blue to act (rule T2)" in res.output
    res = invoke("move", "--game", gid, "--as", "blue", input="add 1\n", env=env)
    assert res.exit_code == 0, res.output
    assert "no winner" in invoke("show", "--game", gid, env=env).output
