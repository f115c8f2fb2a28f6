"""Who won, in the same words every way in: "British won", "Japanese won", and "both players lost" where the rules
make both players lose (Japanese Occupation 7.0.1, L1616-1626: the final Resistance 18 or 19 with as many Jungle
Camps as Force 136 markers on the map or more is the MPAJA's win). The engine records that end as
``{"winner": None, "reason": ..., "losers": ["british", "japanese"]}``; ``service.textboard.result_words`` names it,
and no way in may call it "no winner", the words of a draw or of a game the umpire ended (tests/service/
test_draw_outcome.py).

The game that ends so is started from a position file (docs/positions.md) at the final Propaganda Round (two
held, 6.2.6), its MPAJA Phase (6.1) waiting for the British to say which MPAJA Guerrilla a Clash in Kedah removes
(6.1.1: an Underground and an Active one are there). Their move finishes the phase, the Resistance Phase (6.2)
nets nothing (every Province and Kuala Lumpur at Opposition with as many cubes as Guerrillas after Mobilize, no
Supply Cache, Police, Resources or revealed chit) and the victory check follows (7.0.1). The same position with
Resistance 20 ends in a British win, with 17 in a Japanese win.

(The Resistance Phase itself cannot be the position's decision: the round's counter rises as its MPAJA Phase
begins, so the final round past that phase counts three rounds, which a position refuses, "0 to 2 Propaganda
Rounds run": engine.coin.position_checks.validate_decision.)

Each way in is read after that move: the API's outcome and the verdict, the game page, the landing page, the
board, the snapshot and report documents and their PDFs, the mail's verdict to each seat, a local game file
through the command line (``umpire new --position``, ``move``, ``show``, ``render``) and a service game through
the command line (``umpire new --db --position``, ``move --game``, ``show --game``)."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner

import engine
from engine.core.chance import SeededChance
from engine.games.japanese_occupation import board as B
from engine.testing import Position, run
from mail import compose
from service import games as G
from service.reports import documents, load_layout, render_board_svg
from service.reports.pdf import DataOnlyFetcher
from service.textboard import outcome_line, result_words
from tests.service.ways_in import flat, game_json, send_move
from umpire_cli.main import cli

pypdf = pytest.importorskip("pypdf", reason="pypdf is a test dependency (pyproject [test])")

GAME = "japanese-occupation"
#: The British answer to the Clash in Kedah (6.1.1): the Underground MPAJA Guerrilla goes.
CLASH = ["remove kedah mpaja-u"]
#: Each end: the final Resistance, the engine's record (7.0.1) and the words every way in gives it.
ENDS = {
    "mpaja": (18, {"winner": None, "losers": ["british", "japanese"],
                   "reason": "the MPAJA won: the final Resistance is 18 and the Jungle Camps are not fewer than the "
                             "Force 136 markers (2 Jungle Camps and 2 Force 136 markers on the map)"},
              "both players lost"),
    "british": (20, {"winner": "british", "reason": "the final Resistance is 20"}, "British won"),
    "japanese": (17, {"winner": "japanese", "reason": "the final Resistance is 17, below 18"}, "Japanese won"),
}
#: The board's header says a win as "<side> win" (service.reports.board: not the record's words).
HEADER = {"mpaja": "both players lost", "british": "British win", "japanese": "Japanese win"}
#: The words of a draw, which none of these ends is.
DRAW_WORDS = "no winner"


def final_round(resistance: int) -> dict:
    """The position: the third Propaganda card (J35) after two Campaigns, its MPAJA Phase about to begin with
    Resistance at *resistance*. Every Province and Kuala Lumpur at Opposition with one Troop; Kedah also holds a
    second Troop, an Underground and an Active MPAJA Guerrilla and an Underground non-MPAJA one (the Clash), a
    Jungle Camp and Force 136, and Perak a Jungle Camp and Force 136: two of each on the map (7.0.1); the two
    other Jungle Camps, the third Force 136 and the New Villages Available; the three Kempeitai in Kuala Lumpur."""
    p = Position(GAME).clear()
    p.position["markers_available"] = {"jungle_camp": 2, "force_136": 1, "new_village": 4}
    for sid in B.OPPOSITION_SPACES:
        p.put(sid, opposition=1, troops=1)
    p.put("kedah", troops=1, mpaja_u=1, mpaja_a=1, non_mpaja_u=1, jungle_camp=1, force_136=1)
    p.put("perak", jungle_camp=1, force_136=1).put("kuala-lumpur", kempeitai=B.MARKER_TOTALS["kempeitai"])
    # two piles of six Events and a Propaganda card among their bottom two (2.1 L2141), then five of the third's
    p.played("J1", "J2", "J3", "J4", "J5", "J33", "J7", "J8", "J10", "J11", "J12", "J13", "J34", "J14", "J15", "J16",
             "J17", "J18", "J19")
    p.track(resistance=resistance).rounds(2).propaganda("mpaja", "J35")
    assert p.validate() == []
    return p.position


def squash(text: str) -> str:
    return "".join(text.split())


def pdf_text(pdf: bytes) -> str:
    assert pdf.startswith(b"%PDF")
    return " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def says(text: str, words: str, where: str) -> None:
    """*text* says *words* and never the draw's words (white space ignored: a PDF's lines break anywhere)."""
    assert squash(words) in squash(text), (where, words)
    assert squash(DRAW_WORDS) not in squash(text), (where, DRAW_WORDS)


# -- the words ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("end", ENDS)
def test_7_0_1_the_engine_ends_the_game_so(end):
    resistance, record, _ = ENDS[end]
    state = Position(final_round(resistance)).state()
    assert engine.active_roles(state) == ["british"] and engine.prompt(state, "british")["rule"] == "6.1.1"
    after, log = run(state, [("british", CLASH[0])], chance=SeededChance(1))
    assert engine.outcome(after) == record and after["resistance"] == resistance
    assert log[-1]["kind"] == "h1"


def test_the_words_of_each_end():
    for end, (_, record, words) in ENDS.items():
        assert result_words(record, GAME) == words, end
        assert result_words(record) == words, end  # without its game, the roles' names are found all the same
        assert outcome_line(record, GAME) == f"Game over: {words} ({record['reason']}).", end
        assert compose.outcome_line(record) == f"Game over: {words} ({record['reason']}).", end
    # one loser named, and a draw, for contrast
    assert result_words({"winner": None, "reason": "x", "losers": ["japanese"]}, GAME) == "Japanese lost"
    assert result_words({"winner": None, "reason": "x"}, GAME) == DRAW_WORDS


@pytest.mark.parametrize("end", ENDS)
def test_the_board_header_gives_the_end(end):
    _, record, _ = ENDS[end]
    state = engine.setup(GAME, "standard", {}, SeededChance(1))
    view = {**engine.view(state, "public"), "outcome": record}
    header = flat(render_board_svg(view, load_layout(GAME)))
    says(header, f"Outcome: {HEADER[end]}", "board header")


# -- through the service -----------------------------------------------------------------------------------------

@pytest.fixture
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def _ended(client, sessions, resistance: int) -> tuple[str, dict, dict]:
    """A game created through the API at :func:`final_round`, ended by the British move; its id, tokens and the
    move's submission."""
    r = client.post("/api/games", json={"game": GAME, "title": "Liberation", "position": final_round(resistance)})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    assert b["waiting_for"] == ["british"]
    out = send_move(client, sessions, b["id"], "british", b["tokens"]["british"], CLASH, b["seq"])
    assert out["status"] == "accepted", out
    return b["id"], b["tokens"], out


@pytest.mark.parametrize("end", ENDS)
def test_the_api_the_pages_and_the_mail_give_the_end(end, client, sessions, queued):
    resistance, record, words = ENDS[end]
    gid, tokens, out = _ended(client, sessions, resistance)
    # the API: the verdict's and the game's outcome, the record as the engine keeps it; nobody to act
    assert out["verdict"]["outcome"] == record
    for who in ("british", "japanese", None):
        g = game_json(client, gid, tokens[who] if who else None)
        assert g["outcome"] == record and g["status"] == "finished" and g["waiting_for"] == [], who
    # the game page
    line = f"Game over: {words} ({record['reason']})."
    says(flat(client.get(f"/games/{gid}").get_data(as_text=True)), line, "game page")
    # the landing page's row of the game
    landing = client.get("/").get_data(as_text=True)
    row = re.search(rf'<tr data-game="{gid}">.*?</tr>', landing, re.S).group(0)
    says(flat(row), f"Game over: {words}", "landing page")
    # the board alone
    says(flat(client.get(f"/games/{gid}/board.svg").get_data(as_text=True)), f"Outcome: {HEADER[end]}", "board")
    # the mail's verdict, to the mover and to the other seat (mail.notices sends both the same blocks)
    for role in ("british", "japanese"):
        mail = compose.text_of(compose.verdict_blocks(out["verdict"], role))
        says(mail, line, f"mail to {role}")
        # STATUS: the seat's view of the finished game, with its result
        with sessions() as s:
            status = compose.text_of(compose.position_blocks(gid, G.game_view(G.get_game(s, gid), role), role))
        says(status, line, f"STATUS mail to {role}")


@pytest.mark.parametrize("end", ENDS)
def test_the_snapshot_and_report_give_the_end(end, client, sessions, queued):
    resistance, record, words = ENDS[end]
    gid, _, _ = _ended(client, sessions, resistance)
    fetcher = DataOnlyFetcher()
    with sessions() as s:
        game = G.get_game(s, gid)
        snapshot = {role: documents.snapshot_html(s, game, role) for role in ("british", "japanese", "public")}
        report = documents.report_html(s, game)
        snapshot_pdf = documents.snapshot_pdf(s, game, "japanese", fetcher)
        report_pdf = documents.report_pdf(s, game, fetcher)
    assert not fetcher.refused
    for role, html in snapshot.items():
        assert f"Game over: <b>{words}</b> ({record['reason']})." in html, role
        assert "Waiting for" not in flat(html), role
    assert f"<td>Result</td><td>{words} ({record['reason']})</td>" in report
    says(flat(report), words, "report")
    says(pdf_text(snapshot_pdf), f"Game over: {words} ({record['reason']}).", "snapshot PDF")
    says(pdf_text(report_pdf), f"Result {words} ({record['reason']})", "report PDF")


# -- through the command line ------------------------------------------------------------------------------------

def _position_file(tmp_path, resistance: int):
    path = tmp_path / "final-round.json"
    path.write_text(json.dumps(final_round(resistance)))
    return path


@pytest.mark.parametrize("end", ENDS)
def test_a_local_game_file_gives_the_end(end, tmp_path):
    resistance, record, words = ENDS[end]
    line = f"Game over: {words} ({record['reason']})."
    game = tmp_path / "game.json"
    runner = CliRunner()
    res = runner.invoke(cli, ["new", GAME, "--position", str(_position_file(tmp_path, resistance)), "--seed", "7",
                              "-o", str(game)])
    assert res.exit_code == 0 and "British to act (rule 6.1.1)" in res.output, res.output
    res = runner.invoke(cli, ["move", str(game), "--as", "british", "-"], input="\n".join(CLASH) + "\n")
    assert res.exit_code == 0, res.output
    says(res.output, line, "umpire move")
    assert json.loads(game.read_text())["state"]["outcome"] == record
    res = runner.invoke(cli, ["show", str(game), "--as", "japanese"])
    assert res.exit_code == 0, res.output
    says(res.output, line, "umpire show")
    res = runner.invoke(cli, ["move", str(game), "--as", "japanese", "-"], input="box opsa\n")
    assert res.exit_code == 1 and "the game is over" in res.output, res.output
    says(res.output, words, "umpire move after the end")
    out = tmp_path / "report.pdf"
    res = runner.invoke(cli, ["render", str(game), "--report", "-o", str(out)])
    assert res.exit_code == 0, res.output
    says(pdf_text(out.read_bytes()), f"Result {words}", "umpire render --report")


@pytest.mark.parametrize("end", ENDS)
def test_a_service_game_through_the_command_line_gives_the_end(end, tmp_path, monkeypatch, database_url):
    resistance, record, words = ENDS[end]
    line = f"Game over: {words} ({record['reason']})."
    monkeypatch.setenv("DATABASE_URL", database_url)
    monkeypatch.setenv("REDIS_URL", "")
    runner = CliRunner()
    res = runner.invoke(cli, ["new", GAME, "--db", "--position", str(_position_file(tmp_path, resistance))])
    assert res.exit_code == 0, res.output
    gid = re.search(r"Created (G-[0-9A-F]{6})", res.output).group(1)
    res = runner.invoke(cli, ["move", "--game", gid, "--as", "british", "-"], input="\n".join(CLASH) + "\n")
    assert res.exit_code == 0, res.output
    assert "to act" not in res.output  # nobody acts once the game is over
    says(res.output, line, "umpire move --game")
    res = runner.invoke(cli, ["show", "--game", gid, "--as", "british"])
    assert res.exit_code == 0, res.output
    says(res.output, line, "umpire show --game")
    res = runner.invoke(cli, ["show", "--game", gid, "--json"])
    assert res.exit_code == 0 and json.loads(res.output)["outcome"] == record, res.output
