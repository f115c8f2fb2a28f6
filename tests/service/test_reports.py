"""PDF snapshots and game reports (issue 5): content from the view, hidden cards kept hidden, no fetches."""

from __future__ import annotations

import base64
import io
import re

import pytest

pypdf = pytest.importorskip("pypdf", reason="pypdf is a test dependency (pyproject [test])")

import engine  # noqa: E402
from engine.coin import deck  # noqa: E402
from engine.games.palestine.data import CARDS  # noqa: E402
from service import adjudication  # noqa: E402
from service import games as G  # noqa: E402
from service.models import Render  # noqa: E402
from service.reports import documents  # noqa: E402
from service.reports.board import key_box, load_layout  # noqa: E402
from service.reports.pdf import DataOnlyFetcher  # noqa: E402
from service.reports.store import render_snapshots  # noqa: E402
from service.rulings import rulings_in_force  # noqa: E402


def text_of(pdf: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return "\n".join(page.extract_text() for page in reader.pages)


def squash(s: str) -> str:
    return "".join(s.split())


def new_game(sessions, seats=None, title="Club game"):
    with sessions() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", "standard", {}, seats, title)
        return game.id, tokens


def play(sessions, gid, role, text):
    with sessions() as s, s.begin():
        sub, _ = adjudication.store(s, gid, text, "text/plain", role=role)
        sid = sub["id"]
    adjudication.adjudicate(sessions, sid)


def test_snapshot_shows_the_position_and_not_the_next_card(sessions):
    gid, _ = new_game(sessions)
    play(sessions, gid, "irgun", "box opsa\nop sabotage\nspace galilee\nroll\n")
    fetcher = DataOnlyFetcher()
    with sessions() as s:
        game = G.get_game(s, gid)
        pdf = documents.snapshot_pdf(s, game, "irgun", fetcher)
        current, unrevealed = game.state["current"], deck.remaining(game.state)
        commitment = game.commitment
    assert pdf.startswith(b"%PDF") and not fetcher.refused
    text = text_of(pdf)
    flat = squash(text)
    for name in ("Galilee", "Jerusalem District", "Tel Aviv-Jaffa", "Haifa-Syria"):
        assert squash(name) in flat, name
    assert squash(CARDS[current]["title"]) in flat
    # No card not revealed yet is named (the deck stores no next card: engine.coin.deck).
    assert not [c for c in unrevealed
                if CARDS[c]["title"] != CARDS[current]["title"] and squash(CARDS[c]["title"]) in flat]
    assert commitment[:16] in flat
    assert squash("Schematic map: positions inferred") in flat  # the map's note, in the HTML under the board
    for label in ("Troops", "Cell (Underground)", "Arms Cache", "Sabotage", "Curfew"):  # the key, there too
        assert squash(label) in flat, label
    assert "Sabotage in Galilee" in text or squash("Irgun Sabotage in Galilee") in flat


BOARD_HTML = re.compile(r'<div class="paper-board" style="width: ([\d.]+)mm; height: ([\d.]+)mm"><img [^>]*>'
                        r'<div class="key-box" style="left: ([\d.]+)%; top: ([\d.]+)%; width: ([\d.]+)%; '
                        r'height: ([\d.]+)%">(.*?)</div></div>', re.S)


def test_the_board_is_printed_larger_with_its_key_over_the_foot_of_its_side_panel(sessions):
    """The key and the map's note stand over the foot of the board's side panel, where the paper board
    leaves its key panel out (board.key_box), not under the board, which takes the room they took: as
    large as fits ``BOARD_MAX_W`` by ``BOARD_MAX_H`` at the canvas's proportions, taller than the 150 mm
    it had; the whole still fits the snapshot's first page."""
    gid, _ = new_game(sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        htmls = [documents.snapshot_html(s, game, "irgun"), documents.report_html(s, game)]
        first_page = pypdf.PdfReader(io.BytesIO(documents.snapshot_pdf(s, game, "irgun", DataOnlyFetcher()))).pages[0]
    layout = load_layout("palestine")
    canvas, box = layout["canvas"], key_box(layout)
    # The snapshot's board gives up the room its facts take past their first line (documents.facts_lines);
    # the report prints its facts on the cover.
    lines = documents.facts_lines(engine.facts(engine.view(game.state, "irgun")))
    for html, max_h in zip(htmls, (documents.BOARD_MAX_H - documents.FACTS_LINE_H * (lines - 1),
                                   documents.BOARD_MAX_H), strict=True):
        m = BOARD_HTML.search(html)
        assert m, "the board with its key box"
        w, h = float(m[1]), float(m[2])
        assert w / h == pytest.approx(canvas["width"] / canvas["height"], rel=1e-3)
        assert w <= documents.BOARD_MAX_W and h == pytest.approx(max_h, abs=0.05) and h > 150
        assert [float(v) for v in m.groups()[2:6]] == [box["left"], box["top"], box["width"], box["height"]]
        inside = m[7]
        assert html.count('class="key"') == 1 and 'class="key"' in inside
        for text in ["Troops", "Cell (Underground)", "Curfew", "Schematic map: positions inferred"]:
            assert text in inside, text
    flat = squash(first_page.extract_text())
    assert squash("Cell (Underground)") in flat and squash("not the printed board.") in flat


def test_report_has_cover_log_and_hash(sessions):
    gid, _ = new_game(sessions, [{"role": "irgun", "player": "Ann"}, {"role": "british", "player": "Bob"}])
    play(sessions, gid, "irgun", "box opsa\nop sabotage\nspace galilee\nroll\n")
    with sessions() as s:
        game = G.get_game(s, gid)
        pdf = documents.report_pdf(s, game)
        moves = G.export(s, game)["moves"]
        commitment = game.commitment
    flat = squash(text_of(pdf))
    assert "Ann" in flat and "Bob" in flat
    assert commitment[:16] in flat
    assert documents.log_hash(moves)[:16] in flat
    assert squash("Irgun chose the Operation + Special Activity box.") in flat
    assert "notrevealedyet" in flat


def test_hostile_names_are_escaped_and_fetch_nothing(sessions):
    evil = "<img src=file:///private/secret>"
    css = "x</style><style>@import url(http://evil.example/x.css);</style>"
    gid, _ = new_game(sessions, [{"role": "irgun", "player": evil}, {"role": "british", "player": css}],
                      title=f"{evil} url(http://evil.example/y)")
    fetcher = DataOnlyFetcher()
    with sessions() as s:
        game = G.get_game(s, gid)
        html = documents.report_html(s, game)
        pdf = documents.report_pdf(s, game, fetcher)
        snap = documents.snapshot_pdf(s, game, "irgun", fetcher)
    assert fetcher.refused == [], "a PDF tried to fetch something"
    # The <img>s are the board and the key's piece icons (documents.board_around), each a data: URL
    # (documents.svg_src); what each holds is checked too.
    imgs = re.findall(r"<img\b[^>]*>", html)
    assert len(imgs) == 1 + len(load_layout("palestine")["legend"]["pieces"])
    assert all(img.startswith('<img src="data:image/svg+xml;base64,') for img in imgs)
    svgs = [base64.b64decode(img.split("base64,", 1)[1].split('"', 1)[0]).decode() for img in imgs]
    assert 'class="umpire-board"' in svgs[0]
    for svg in svgs:
        assert "<img" not in svg and "evil.example" not in svg and "secret" not in svg
    assert "&lt;img src=file:///private/secret&gt;" in html
    assert "<style>@import" not in html
    flat = squash(text_of(pdf))
    assert squash("<img src=file:///private/secret>") in flat       # shown as text, not obeyed
    assert snap.startswith(b"%PDF")


def test_fetcher_refuses_everything_but_data_urls():
    from service.reports.pdf import html_to_pdf
    fetcher = DataOnlyFetcher()
    html = ('<html><head><link rel="stylesheet" href="http://evil.example/a.css"></head><body>'
            '<img src="file:///etc/passwd"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">x</body></html>')
    pdf = html_to_pdf(html, fetcher)
    assert pdf.startswith(b"%PDF")
    assert sorted(fetcher.refused) == ["file:///etc/passwd", "http://evil.example/a.css"]


def test_snapshot_and_report_endpoints(client, sessions):
    r = client.post("/api/games", json={"game": "palestine"})
    gid, tokens = r.json["id"], r.json["tokens"]
    res = client.get(f"/api/games/{gid}/snapshot.pdf", headers={"Authorization": f"Bearer {tokens['british']}"})
    assert res.status_code == 200 and res.mimetype == "application/pdf" and res.data.startswith(b"%PDF")
    assert "british" in res.headers["Content-Disposition"]
    res = client.get(f"/api/games/{gid}/snapshot.pdf")
    assert res.status_code == 200 and "public" in res.headers["Content-Disposition"]
    assert client.get(f"/api/games/{gid}/snapshot.pdf", headers={"Authorization": "Bearer forged"}).status_code == 401
    res = client.get(f"/api/games/{gid}/report.pdf")
    assert res.status_code == 200 and res.data.startswith(b"%PDF")
    assert client.get("/api/games/G-000000/report.pdf").status_code == 404


def test_snapshots_rendered_after_a_move_are_stored_once(sessions):
    gid, _ = new_game(sessions)
    play(sessions, gid, "irgun", "box opsa\n")
    assert render_snapshots(sessions, gid) == 2
    assert render_snapshots(sessions, gid) == 2
    with sessions() as s:
        rows = s.query(Render).filter_by(game_id=gid).all()
    assert sorted((r.role, r.seq) for r in rows) == [("british", 1), ("irgun", 1)]


def test_cli_render_writes_snapshot_and_report(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from umpire_cli.main import cli
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'u.sqlite3'}")
    monkeypatch.setenv("REDIS_URL", "")
    r = CliRunner()
    out = r.invoke(cli, ["new", "palestine", "--db"])
    assert out.exit_code == 0, out.output
    gid = out.output.split()[1]
    res = r.invoke(cli, ["render", "--game", gid, "--as", "british", "-o", str(tmp_path / "s.pdf")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF")
    res = r.invoke(cli, ["render", "--game", gid, "--report", "-o", str(tmp_path / "r.pdf")])
    assert res.exit_code == 0 and "report" in res.output
    assert "Dicecommitment" in squash(text_of((tmp_path / "r.pdf").read_bytes()))
    res = r.invoke(cli, ["render", "--game", gid, "--as", "romans", "-o", str(tmp_path / "x.pdf")])
    assert res.exit_code == 1 and "romans" in res.output


# -- issue 27: who is awaited, a game in progress, rows kept whole -------------------------------------------

def test_now_says_who_is_awaited_to_the_other_seat_and_the_public(sessions):
    """The seat not on move and the public saw an empty "Now": they are told who is awaited and what that
    side is asked, never the orders it may give (those are the seat's own)."""
    gid, tokens = new_game(sessions)  # the Irgun choose a box first (2.3.2)
    waiting = "Waiting for the <b>Irgun</b>: choose a box on the Initiative Track (rule 2.3.2)."
    with sessions() as s:
        game = G.get_game(s, gid)
        html = {role: documents.snapshot_html(s, game, role) for role in ("british", "public", "irgun")}
        pdf = documents.snapshot_pdf(s, game, "british", DataOnlyFetcher())
    for role in ("british", "public"):
        assert waiting in html[role], role
        assert "to act (rule" not in html[role] and "box limited" not in html[role], role
    assert "<b>irgun</b> to act (rule 2.3.2)" in html["irgun"] and "Waiting for" not in html["irgun"]
    assert squash("Waiting for the Irgun: choose a box on the Initiative Track (rule 2.3.2).") in squash(text_of(pdf))


def test_now_gives_the_outcome_of_a_finished_game_and_waits_for_nobody(client, sessions):
    gid, tokens = new_game(sessions)
    r = client.post(f"/api/games/{gid}/resign", json={"role": "irgun"},
                    headers={"Authorization": f"Bearer {tokens['irgun']}"})
    assert r.status_code == 200, r.get_json()
    with sessions() as s:
        game = G.get_game(s, gid)
        for role in ("british", "public", "irgun"):
            html = documents.snapshot_html(s, game, role)
            assert "Game over: <b>British won</b> (irgun resigned)." in html and "Waiting for" not in html, role
        report = documents.report_html(s, game)
    assert "<td>Final position</td>" in report and "<h2>Final position</h2>" in report


def test_the_report_of_a_game_in_progress_does_not_say_final(sessions):
    gid, _ = new_game(sessions)
    play(sessions, gid, "irgun", "box opsa\n")
    with sessions() as s:
        game = G.get_game(s, gid)
        html = documents.report_html(s, game)
        flat = squash(text_of(documents.report_pdf(s, game, DataOnlyFetcher())))
    assert "Final position" not in html
    assert "<td>Position 1, game in progress</td>" in html and "<h2>Position 1, game in progress</h2>" in html
    assert squash("Position 1, game in progress") in flat and "Finalposition" not in flat


@pytest.mark.parametrize("drop", [0, 25, 50, 75, 100, 125])
def test_no_ruling_is_split_from_its_text_across_pages(sessions, drop):
    """Every ruling's row is on one page: its id, rule and provenance and the start of its text together (a
    row split across pages put R-P27's id on one page and its text on the next). Where the table's page
    breaks fall depends on the log above it: the rulings are pushed down by *drop* mm, so that the breaks
    fall in other rows each time."""
    from service.reports.pdf import html_to_pdf

    gid, _ = new_game(sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        rulings = rulings_in_force(game)["rulings"]
        html = documents.report_html(s, game)
    head = "<h2>Rulings in force</h2>"
    assert html.count(head) == 1
    pdf = html_to_pdf(html.replace(head, f'<div style="height: {drop}mm"></div>{head}'), DataOnlyFetcher())
    pages = [squash(p.extract_text()) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    first = next(i for i, p in enumerate(pages) if squash("Rulings in force") in p)
    assert len(pages) - first >= 2, "the rulings run over two pages at least"
    for r in rulings:
        row = squash(f"{r['id']} {r['rule']} {r['provenance']} {' '.join(r['text'].split()[:4])}")
        assert any(row in p for p in pages[first:]), r["id"]
