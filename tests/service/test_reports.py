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
