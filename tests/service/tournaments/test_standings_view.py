"""The standings published (issue 33, item 4; item 6 for abandoned and forfeited games): the data
(``service.tournaments.standings_view``), the JSON (``GET /api/tournaments/<tid>/standings``), the page
(``/tournaments/<tid>/standings``), the PDF (``.../standings.pdf``) and ``umpire tournament standings``.

The fixture tournament is built from model rows and ``service.games.create_game`` with the director's token
hash as every game's umpire token hash, as a round makes them. Six players of Malaya, three rounds, the
default points (win 1, draw 0.5, loss 0, bye 1) and a bye adding the player's own points to their Buchholz;
Fay withdrew after round 2. Malaya's margin is the final Political Will less 10, the British's (7.0.2), the
MCP's its negative; a game that ends is given its final position here (status, Political Will, outcome) and
a resignation or an abandon is the umpire's act (``service.control``).

Round 1: Ann (British) beat Bob (MCP) at Political Will 15; Cat (British) and Dan (MCP) drew at exactly 10;
Eve (British) v Fay (MCP) was forfeited, ruled a win for Eve and a loss for Fay.
Round 2: Cat (MCP) beat Bob (British) at 6; Ann (British) beat Eve (MCP) at 13; Fay (British) resigned to Dan.
Round 3: Eve has a bye; Cat v Ann is in play; Dan v Bob was abandoned, no ruling yet.

By hand:

=====  ======================  =========  =================================  =======================
 who    results                 points     Buchholz                           margin
=====  ======================  =========  =================================  =======================
 Ann    W Bob, W Eve            2          Bob 0 + Eve 2 = 2                  +5 +3 = 8
 Bob    L Ann, L Cat            0          Ann 2 + Cat 1.5 = 3.5              -5 -4 = -9
 Cat    D Dan, W Bob            1.5        Dan 1.5 + Bob 0 = 1.5              0 +4 = 4
 Dan    D Cat, W Fay (resign)   1.5        Cat 1.5 + Fay 0 = 1.5              0 (a resignation: none)
 Eve    W Fay (ruled), L Ann,   1 + 0 + 1  Fay 0 + Ann 2 + own 2 = 4          -3 (a ruling: none)
        bye                     = 2
 Fay    L Eve (ruled), L Dan    0          Eve 2 + Dan 1.5 = 3.5              none
=====  ======================  =========  =================================  =======================

So Eve and Ann (2) are split by Buchholz (4 against 2: Eve first though Ann's margin is better); Cat and Dan
(1.5, Buchholz 1.5) by margin (4 against 0); Fay and Bob (0, Buchholz 3.5) by margin (none, counted 0,
against -9). Rounds 1 and 2 are counted; round 3's two games are not (one in play, one awaiting a ruling).
"""

from __future__ import annotations

import io
import re
from datetime import datetime

import jsonschema
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from sqlalchemy import select

from service import control
from service import games as G
from service.models import Game
from service.reports.pdf import DataOnlyFetcher
from service.reports.standings_pdf import standings_pdf
from service.tokens import hash_token
from service.tournaments.models import (
    Tournament,
    TournamentEvent,
    TournamentGame,
    TournamentPlayer,
    TournamentRound,
)
from service.tournaments.standings import Scoring
from service.tournaments.standings_view import number, standings_view, tie_break_lines
from umpire_cli.main import cli

TID = "T-5A1AD0"
NAME = "Spring <Cup> & Plate"
DIRECTOR = "director-token-of-the-spring-cup"
PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
FORFEIT_REASON = "Fay sent no orders for 10 days (deadline 72 hours)"


def at(day: int, hour: int = 12, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute)


def _game(s, rnd: TournamentRound, board: int, british: str, mcp: str) -> tuple[Game, TournamentGame]:
    seats = {"british": british, "mcp": mcp}
    game, _tokens = G.create_game(s, "malaya", "standard", {}, [{"role": r, "player": p} for r, p in seats.items()],
                                  f"{NAME}: round {rnd.number}, board {board}",
                                  umpire_token_hash=hash_token(DIRECTOR))
    tg = TournamentGame(tournament_id=TID, round_id=rnd.id, board=board, game_id=game.id, seats=seats)
    s.add(tg)
    rnd.pairing = {**rnd.pairing, "tables": [*rnd.pairing.get("tables", []), {"board": board, "seats": seats}]}
    s.flush()
    return game, tg


def _ended(game: Game, pw: int, winner: str | None, when: datetime) -> None:
    """The game's final position by Malaya's 7.0.2: Political Will *pw* at the final Propaganda Round."""
    reason = (f"the final Propaganda Round ended with Political Will {pw}" +
              (", above 10" if pw > 10 else ", below 10" if pw < 10 else " exactly 10 (a tie)"))
    game.state = {**game.state, "pw": pw, "outcome": {"winner": winner, "reason": reason}, "flow": []}
    game.status = "finished"
    game.updated_at = when


def build(sessions, scoring: dict | None = None) -> dict[tuple[int, int], str]:
    """The fixture tournament (the module docstring); returns (round, board) -> game id."""
    ids = {}
    with sessions() as s, s.begin():
        s.add(Tournament(id=TID, name=NAME, game="malaya", scenarios=["standard"], pairing="swiss", rounds_planned=4,
                         points=scoring if scoring is not None else {"bye_buchholz": "own"},
                         director_token_hash=hash_token(DIRECTOR), status="running"))
        for p in PLAYERS:
            s.add(TournamentPlayer(tournament_id=TID, name=p, email=f"{p.lower()}@example.org"))
            s.flush()  # entry order is the id order
        rounds = [TournamentRound(tournament_id=TID, number=n, method="swiss", scenario="standard",
                                  pairing={"tables": [], "byes": byes}) for n, byes in ((1, []), (2, []), (3, ["Eve"]))]
        s.add_all(rounds)
        s.flush()
        r1, r2, r3 = rounds
        g, _ = _game(s, r1, 1, "Ann", "Bob")
        _ended(g, 15, "british", at(1))
        ids[1, 1] = g.id
        g, _ = _game(s, r1, 2, "Cat", "Dan")
        _ended(g, 10, None, at(2))
        ids[1, 2] = g.id
        g, tg = _game(s, r1, 3, "Eve", "Fay")
        g.status, g.updated_at = "paused", at(3)
        tg.ruling = {"status": "forfeited", "outcome": {"Eve": "win", "Fay": "loss"}, "reason": FORFEIT_REASON}
        s.add(TournamentEvent(tournament_id=TID, kind="ruling", by="director", game_id=g.id, data=tg.ruling,
                              text=FORFEIT_REASON, created_at=at(5)))
        ids[1, 3] = g.id
        g, _ = _game(s, r2, 1, "Bob", "Cat")
        _ended(g, 6, "mcp", at(10))
        ids[2, 1] = g.id
        g, _ = _game(s, r2, 2, "Ann", "Eve")
        _ended(g, 13, "british", at(12, 9, 30))
        ids[2, 2] = g.id
        g, _ = _game(s, r2, 3, "Fay", "Dan")
        control.resign(s, g, "british", "umpire", "Fay withdrew from the tournament")
        g.updated_at = at(11)
        ids[2, 3] = g.id
        s.execute(select(TournamentPlayer).where(TournamentPlayer.name == "Fay")).scalar_one().withdrawn_at = at(11)
        g, _ = _game(s, r3, 1, "Cat", "Ann")
        ids[3, 1] = g.id
        g, _ = _game(s, r3, 2, "Dan", "Bob")
        control.abandon(s, g, "both players asked to stop")  # later than every counted result: not one itself
        ids[3, 2] = g.id
    return ids


@pytest.fixture
def ids(sessions):
    return build(sessions)


def view_of(sessions) -> dict:
    with sessions() as s:
        return standings_view(s, TID)


ROW_KEYS = ("rank", "player", "points", "buchholz", "margin", "played", "wins", "draws", "losses", "byes",
            "withdrawn")
EXPECTED = [
    (1, "Eve", 2, 4, -3, 2, 1, 0, 1, 1, False),
    (2, "Ann", 2, 2, 8, 2, 2, 0, 0, 0, False),
    (3, "Cat", 1.5, 1.5, 4, 2, 1, 1, 0, 0, False),
    (4, "Dan", 1.5, 1.5, 0, 2, 1, 1, 0, 0, False),
    (5, "Fay", 0, 3.5, None, 2, 0, 0, 2, 0, True),
    (6, "Bob", 0, 3.5, -9, 2, 0, 0, 2, 0, False),
]


# ------------------------------------------------------------------------------------------------ the data

def test_the_standings_match_the_hand_computation(sessions, ids):
    v = view_of(sessions)
    assert [tuple(r[k] for k in ROW_KEYS) for r in v["rows"]] == EXPECTED


def test_the_notes_carry_the_director_s_reason_or_say_a_ruling_is_awaited(sessions, ids):
    notes = {r["player"]: r["notes"] for r in view_of(sessions)["rows"]}
    assert notes["Eve"] == [f"round 1 ({ids[1, 3]}): forfeited, ruled win: {FORFEIT_REASON}"]
    assert notes["Fay"] == [f"round 1 ({ids[1, 3]}): forfeited, ruled loss: {FORFEIT_REASON}"]
    awaiting = f"round 3 ({ids[3, 2]}): abandoned, awaiting the director's ruling"
    assert notes["Dan"] == [awaiting] and notes["Bob"] == [awaiting]
    assert notes["Ann"] == notes["Cat"] == []


def test_the_rounds_counted_and_the_games_not_counted(sessions, ids):
    v = view_of(sessions)
    assert v["rounds_counted"] == [1, 2]
    r3 = v["rounds"][2]
    assert (r3["number"], r3["byes"], r3["counted"], r3["complete"]) == (3, ["Eve"], 0, False)
    assert [(g["round"], g["board"], g["game"], g["seats"], g["status"]) for g in v["in_play"]] == [
        (3, 1, ids[3, 1], {"british": "Cat", "mcp": "Ann"}, "in play")]
    assert v["in_play"][0]["table"] == "Cat (British) v Ann (MCP)"
    assert [(g["game"], g["status"], g["result"]) for g in v["awaiting_ruling"]] == [
        (ids[3, 2], "abandoned", "abandoned: awaiting the director's ruling")]
    results = {g["game"]: (g["result"], g["counts"]) for r in v["rounds"] for g in r["games"]}
    assert results[ids[1, 1]] == ("British won", True)
    assert results[ids[1, 2]] == ("a draw", True)
    assert results[ids[1, 3]] == (f"forfeited, ruled win for Eve, loss for Fay: {FORFEIT_REASON}", True)
    assert results[ids[2, 3]] == ("MCP won (British resigned)", True)
    assert results[ids[3, 1]] == ("in play", False)


def test_the_latest_result_is_the_latest_counted_game_or_ruling(sessions, ids):
    """Round 2 board 2 ended on 12 March, 09:30; the abandoned game, touched later, counts for nothing yet."""
    assert view_of(sessions)["latest_result"] == "2025-03-12T09:30:00Z"
    with sessions() as s, s.begin():  # a ruling made later is the latest result
        s.add(TournamentEvent(tournament_id=TID, kind="ruling", by="director", game_id=ids[1, 3],
                              created_at=at(20, 8)))
    assert view_of(sessions)["latest_result"] == "2025-03-20T08:00:00Z"


def test_the_scoring_and_the_order_of_the_table_in_words(sessions, ids):
    v = view_of(sessions)
    assert v["scoring"] == {"win": 1.0, "draw": 0.5, "loss": 0.0, "bye": 1.0, "bye_buchholz": "own"}
    assert v["scoring_text"] == "win 1, draw 0.5, loss 0; a bye 1"
    assert v["margin"] == "Final Political Will less 10 (7.0.2): the British score it, the MCP its negative"
    first, buchholz, margin, entry = v["tie_breaks"]
    assert first.startswith("Points (win 1") and "a bye adds the player's own points" in buchholz
    assert "Final Political Will less 10 (7.0.2)" in margin and entry.startswith("Entry order")
    assert v["tournament"] == {"id": TID, "name": NAME, "game": "malaya", "game_title": "The British Way: Malaya",
                               "status": "running", "rounds_planned": 4}


def test_another_scoring_changes_points_and_buchholz_alike(sessions):
    """Three points a win, one a draw, a bye worth two and adding nothing to Buchholz: the same games."""
    build(sessions, {"win": 3, "draw": 1, "loss": 0, "bye": 2, "bye_buchholz": 0})
    rows = {r["player"]: (r["rank"], r["points"], r["buchholz"]) for r in view_of(sessions)["rows"]}
    # Ann 6; Eve 3 + 2 = 5; Cat and Dan 4; Bob and Fay 0. Buchholz: Ann: Bob 0 + Eve 5; Eve: Fay 0 + Ann 6
    # Cat: Dan 4 + Bob 0; Dan: Cat 4 + Fay 0; Bob: Ann 6 + Cat 4 = 10, now ahead of Fay: Eve 5 + Dan 4 = 9
    assert rows == {"Ann": (1, 6, 5), "Eve": (2, 5, 6), "Cat": (3, 4, 4), "Dan": (4, 4, 4), "Bob": (5, 0, 10),
                    "Fay": (6, 0, 9)}


def test_a_game_without_a_margin_of_its_own_says_so():
    lines = tie_break_lines("dai-senso-events", Scoring())
    assert "has none" in lines[2] and "a bye adds nothing" in lines[1]


def test_numbers_are_printed_plainly():
    assert [number(x) for x in (2.0, 1.5, -9.0, 0.1 + 0.2, None)] == ["2", "1.5", "-9", "0.3", "—"]


def test_a_ruling_the_standings_cannot_count_is_a_conflict_naming_it(sessions, ids, client):
    with sessions() as s, s.begin():
        tg = s.execute(select(TournamentGame).where(TournamentGame.game_id == ids[1, 3])).scalar_one()
        tg.ruling = {"status": "forfeited", "outcome": {"Eve": "win"}, "reason": "half a ruling"}
    r = client.get(f"/api/tournaments/{TID}/standings")
    assert r.status_code == 409 and r.json["code"] == "inconsistent-results"
    assert "the ruling needs a win, draw, loss or void for each player" in r.json["message"]


# ------------------------------------------------------------------------------------------------ the ways out

def test_the_json_is_the_view(sessions, ids, client):
    r = client.get(f"/api/tournaments/{TID}/standings")
    assert r.status_code == 200
    assert r.json == view_of(sessions)
    assert [row["player"] for row in r.json["rows"]] == [e[1] for e in EXPECTED]
    spec = client.get("/api/openapi.json").json  # the reply is what the published document says it is
    ref = spec["paths"]["/api/tournaments/{tid}/standings"]["get"]["responses"]["200"]["content"]["application/json"]
    jsonschema.Draft202012Validator({**ref["schema"], "components": spec["components"]}).validate(r.json)


def test_an_unknown_tournament_is_a_404_everywhere(client):
    r = client.get("/api/tournaments/T-NOPE00/standings")
    assert r.status_code == 404 and r.json["code"] == "not-found" and "T-NOPE00" in r.json["message"]
    assert client.get("/api/tournaments/T-NOPE00/standings.pdf").status_code == 404
    page = client.get("/tournaments/T-NOPE00/standings")
    assert page.status_code == 404 and "no tournament" in page.get_data(as_text=True)


def test_the_page_shows_the_table_the_notes_and_the_games_not_counted(ids, client):
    r = client.get(f"/tournaments/{TID}/standings")
    assert r.status_code == 200 and r.mimetype == "text/html"
    html = r.get_data(as_text=True)
    assert "Spring &lt;Cup&gt; &amp; Plate" in html and "<Cup>" not in html  # escaped
    order = [m.group(1) for m in re.finditer(r'<tr data-player="(\w+)">', html)]
    assert order == [e[1] for e in EXPECTED]
    assert FORFEIT_REASON in html and "awaiting the director&#39;s ruling" in html
    assert f'href="/games/{ids[3, 1]}"' in html and "Cat (British) v Ann (MCP)" in html
    assert "(withdrawn)" in html and "2025-03-12 09:30 UTC" in html
    assert f"/api/tournaments/{TID}/standings.pdf" in html
    row = re.search(r'<tr data-player="Fay">(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r'data-label="(?:Points|Buchholz|Margin)">([^<]*)<', row) == ["0", "3.5", "—"]


def pdf_text(pdf: bytes) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)


def test_the_pdf_has_the_name_the_date_the_table_and_the_notes(ids, client):
    r = client.get(f"/api/tournaments/{TID}/standings.pdf")
    assert r.status_code == 200 and r.mimetype == "application/pdf"
    assert r.headers["Content-Disposition"] == f'inline; filename="{TID}-standings.pdf"'
    text = pdf_text(r.data)
    assert "Spring <Cup> & Plate — standings" in text
    assert "2025-03-12 09:30 UTC" in text and "Rounds counted" in text
    lines = [ln for ln in text.splitlines() if re.match(r"^\d \w{3}", ln)]
    assert [ln.split()[:5] for ln in lines[:6]] == [
        ["1", "Eve", "2", "4", "-3"], ["2", "Ann", "2", "2", "8"], ["3", "Cat", "1.5", "1.5", "4"],
        ["4", "Dan", "1.5", "1.5", "0"], ["5", "Fay", "(withdrawn)", "0", "3.5"], ["6", "Bob", "0", "3.5", "-9"]]
    flat = " ".join(text.split())
    assert FORFEIT_REASON in flat and "awaiting the director's ruling" in flat
    assert "Cat (British) v Ann (MCP): in play" in flat


def test_the_pdf_fetches_nothing(sessions, ids):
    fetcher = DataOnlyFetcher()
    with sessions() as s:
        pdf = standings_pdf(s, TID, fetcher)
    assert pdf.startswith(b"%PDF") and fetcher.refused == []


@pytest.fixture
def run(database_url, app):
    """``umpire ARGS`` on the app's database; asserts the exit code, returns the output."""
    runner = CliRunner()
    env = {"DATABASE_URL": database_url, "REDIS_URL": ""}

    def invoke(*args, code=0):
        res = runner.invoke(cli, list(args), env=env)
        assert res.exit_code == code, res.output
        assert "Traceback" not in res.output
        return res.output
    return invoke


def test_the_cli_prints_an_aligned_table(ids, run):
    out = run("tournament", "standings", TID)
    lines = out.splitlines()
    head = lines.index(next(ln for ln in lines if ln.startswith("#")))
    table = lines[head:head + 2 + len(EXPECTED)]
    assert table[0].split() == ["#", "Player", "Points", "Buchholz", "Margin", "Played", "W-D-L", "Byes"]
    assert [ln.split()[:2] for ln in table[2:]] == [[str(e[0]), e[1]] for e in EXPECTED]
    assert table[3].split() == ["2", "Ann", "2", "2", "8", "2", "2-0-0", "0"]
    assert table[6].split() == ["5", "Fay", "(withdrawn)", "0", "3.5", "—", "2", "0-0-2", "0"]
    # aligned: every column's right edge (the numbers are right-aligned) is the heading's
    for word in ("Points", "Buchholz", "Margin", "Byes"):
        edge = table[0].index(word) + len(word)
        assert all(ln[edge - 1] != " " and (len(ln) == edge or ln[edge] == " ") for ln in table[2:]), word
    assert "Latest result: 2025-03-12 09:30 UTC" in out and "Rounds counted: 1, 2 of 3 paired" in out
    assert f"Eve: round 1 ({ids[1, 3]}): forfeited, ruled win: {FORFEIT_REASON}" in out
    assert f"round 3, board 1 ({ids[3, 1]}): Cat (British) v Ann (MCP): in play" in out


def test_the_cli_writes_the_pdf(ids, run, tmp_path):
    target = tmp_path / "standings.pdf"
    out = run("tournament", "standings", TID, "--pdf", str(target))
    assert f"Wrote {target}" in out
    assert "Spring <Cup> & Plate — standings" in pdf_text(target.read_bytes())


def test_the_cli_names_an_unknown_tournament(run):
    out = run("tournament", "standings", "T-NOPE00", code=1)
    assert "no tournament 'T-NOPE00'" in out
