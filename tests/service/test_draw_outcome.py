"""An outcome with no winner (issue 23, item 2): ``{"winner": None, "reason": ...}``, as a game that ends in a
draw gives it (tests/plugin_game plays one), in every generic layer: the CLI's local and service games, the
board's header, the game page, the snapshot and report PDFs' HTML, and the mail's verdict."""

from __future__ import annotations

import json

from click.testing import CliRunner
from sqlalchemy import update

import engine
from engine.core.chance import SeededChance
from mail import compose
from service import games as G
from service.models import Game
from service.reports import documents, load_layout, render_board_svg
from service.textboard import outcome_line
from umpire_cli import gamefile
from umpire_cli.main import cli

DRAW = {"winner": None, "reason": "a draw by agreement"}
SAID = "no winner (a draw by agreement)"


def test_the_words_of_a_draw_and_of_a_win():
    assert outcome_line(DRAW) == f"Game over: {SAID}."
    assert outcome_line({"winner": "arab-revolt", "reason": "x"}) == "Game over: Arab Revolt won (x)."
    blocks = compose.verdict_blocks({"status": "accepted", "applied": ["x"], "outcome": DRAW}, "irgun")
    assert ("h", f"Game over: {SAID}.") in blocks


def test_the_cli_shows_a_drawn_local_game(tmp_path):
    g = gamefile.new_game("palestine", "standard", 3)
    g["state"]["outcome"] = dict(DRAW)
    path = tmp_path / "g.json"
    gamefile.save(g, path)
    res = CliRunner().invoke(cli, ["show", str(path)], catch_exceptions=False)
    assert res.exit_code == 0 and f"Game over: {SAID}." in res.output, res.output
    res = CliRunner().invoke(cli, ["move", str(path), "--as", "irgun", "-"], input="box opsa\n")
    assert res.exit_code == 1 and "the game is over" in res.output and SAID in res.output, res.output


def test_the_board_header_says_no_winner():
    state = engine.setup("palestine", "standard", {}, SeededChance(1))
    view = {**engine.view(state, "public"), "outcome": DRAW}
    assert "Outcome: no winner" in render_board_svg(view, load_layout("palestine"))


def test_the_page_and_the_pdfs_say_no_winner(client, sessions):
    r = client.post("/api/games", json={"game": "palestine"})
    gid = r.json["id"]
    with sessions() as s, s.begin():
        state = json.loads(json.dumps(G.get_game(s, gid).state))
        state["outcome"] = dict(DRAW)
        s.execute(update(Game).where(Game.id == gid).values(state=state, status="finished"))
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Game over: <b>no winner</b> (a draw by agreement)." in page
    assert client.get(f"/api/games/{gid}").json["outcome"] == DRAW
    with sessions() as s:
        game = G.get_game(s, gid)
        assert "Game over: <b>no winner</b> (a draw by agreement)." in documents.snapshot_html(s, game, "irgun")
        assert f"<td>Result</td><td>{SAID}</td>" in documents.report_html(s, game)
