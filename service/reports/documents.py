"""The seat's PDF snapshot and the game report, built from ``engine.view`` only.

The snapshot: the board as the seat sees it, the tracks, the current card, what the seat may do now,
the last moves. The report: a cover (game, players, dates, result, dice commitment and, once revealed,
the seed, the hash of the log), the final board, the whole log with every chance outcome and its
derivation inputs.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.orm import Session

import engine

from .. import games as G
from ..models import Game
from ..rulings import rulings_in_force
from .board import board_key, board_note, key_box, load_layout, render_board_svg
from .limits import render_pdf
from .pdf import DataOnlyFetcher, html_to_pdf

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"  # the top-level templates/ folder
LAST_MOVES = 12
#: The most room the PDFs' board takes, in mm: the width of A4 landscape inside its 10 mm margins
#: (reports/base.css.j2), and the page's height less the heading and the facts line above the board
#: and room for a title of two lines (``board_size``).
BOARD_MAX_W, BOARD_MAX_H = 277, 163
#: The height in mm the key and the map's note take under the board, for a layout without a key panel
#: to print them over (``board.key_box``): the board is that much shorter.
KEY_UNDER_H = 14
#: The snapshot's facts line (reports/base.css.j2, ``.facts``): its height in mm, and an estimate of the
#: characters one line of it holds across A4 landscape (``facts_lines``).
FACTS_LINE_H, FACTS_LINE_CHARS = 4.2, 158


def facts_lines(facts: list[dict]) -> int:
    """How many lines the snapshot's facts above the board take (estimated; at least one): each fact is
    ``label: value`` and breaks only between facts (reports/base.css.j2); the commitment's 64 hex digits
    are set smaller, in a monospace font, about as wide as 48 characters of text."""
    lines, used = 1, 0
    for f in [{"label": "Seen by", "value": "umpire"}, *facts, {"label": "Dice commitment", "value": "x" * 48}]:
        n = len(f["label"]) + len(f["value"]) + 3
        if used and used + n > FACTS_LINE_CHARS:
            lines, used = lines + 1, 0
        used += n
    return lines

_env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True,
                   default_for_string=True))


def board_for(game: Game, role: str, paper: bool = False) -> tuple[dict, str | None]:
    """The view of *role* (a seat, else the public view) and its board as SVG: for a browser, or for
    *paper* (the PDFs: no tooltips, less SVG text, and the header, the key and the map's note left to
    the document's HTML: ``board_around``). No board (None) for a game without a layout (``load_layout``):
    its facts show the position."""
    defn = engine.definition(game.game)
    view_role = role if role in defn.roles else "public"
    view = engine.view(game.state, view_role)
    layout = load_layout(game.game)
    if layout is None:
        return view, None
    return view, render_board_svg(view, layout, {**defn.names, "game": defn.title}, tooltips=not paper,
                                  header=not paper, paper=paper)


def board_size(canvas: dict, max_h: float = BOARD_MAX_H) -> dict:
    """The printed size of the board in mm (``{"w", "h"}``): the largest within ``BOARD_MAX_W`` by
    *max_h* at the canvas's proportions. A size given, not left to the image, so that the key printed
    over the board (``board.key_box``) can stand in percent of it."""
    scale = min(BOARD_MAX_W / canvas["width"], max_h / canvas["height"])
    return {"w": round(canvas["width"] * scale, 1), "h": round(canvas["height"] * scale, 1)}


def board_around(game: Game, facts: list[dict] = ()) -> dict | None:
    """What the PDFs print in HTML with their board (reports/board.html.j2): its size (``board_size``),
    the key, each piece's icon as a ``data:`` URL (``svg_src``), and the map's note, both over the foot
    of the board's side panel (``box``, ``board.key_box``) or, for a layout without a key panel, under
    the board. The board is shorter by the lines the *facts* above it take past the first
    (``facts_lines``). None for a game without a layout (no board)."""
    layout = load_layout(game.game)
    if layout is None:
        return None
    key, box = board_key(layout), key_box(layout)
    max_h = (BOARD_MAX_H if box else BOARD_MAX_H - KEY_UNDER_H) - FACTS_LINE_H * (facts_lines(facts) - 1)
    size = board_size(layout["canvas"], max_h)
    return {"pieces": [{**p, "src": svg_src(p["svg"])} for p in key["pieces"]], "markers": key["markers"],
            "note": board_note(layout), "size": size, "box": box}


def svg_src(svg: str) -> str:
    """The board (or a key's icon, ``board_around``) as a ``data:`` URL for an ``<img>`` in the PDFs' HTML.

    WeasyPrint draws an inline ``<svg>`` and an ``<img>`` of the same SVG alike (the PDFs are identical
    byte for byte), but inline it first runs the whole SVG through its HTML tokenizer and computes CSS
    for every SVG element, which an ``<img>`` is spared. The URL is fetched by the same data-only fetcher
    (``pdf.DataOnlyFetcher``) as everything else.
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def log_hash(moves: list[dict]) -> str:
    """SHA-256 of the public log (canonical JSON), printed on the report so a copy can be compared."""
    return hashlib.sha256(json.dumps(moves, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def snapshot_html(session: Session, game: Game, role: str) -> str:
    view, svg = board_for(game, role, paper=True)
    moves = G.move_log(session, game)
    facts = engine.facts(view)
    prompts = {r: p for r, p in G.prompts(game).items() if role in (r, "umpire")}
    return _env.get_template("reports/snapshot.html.j2").render(
        game=G.summary(game) | {"title": game.title}, game_title=engine.definition(game.game).title, role=role,
        facts=facts, board_src=svg_src(svg) if svg else None, around=board_around(game, facts), prompts=prompts,
        outcome=game.result or engine.outcome(game.state),  # a resignation or abandon too
        last_moves=[m for m in moves if m["seq"] > 0][-LAST_MOVES:])


def report_html(session: Session, game: Game) -> str:
    export = G.export(session, game)
    view, svg = board_for(game, "public", paper=True)
    moves = export["moves"]
    return _env.get_template("reports/report.html.j2").render(
        game=export, game_title=engine.definition(game.game).title, seats=export["seats"],
        board_src=svg_src(svg) if svg else None, around=board_around(game), facts=engine.facts(view),
        moves=moves, events=export["events"],
        event_lines=[G.event_text(e).rstrip("\n") for e in export["events"]], undone=export["undone"],
        rulings=rulings_in_force(game), log_hash=log_hash(moves))


def _pdf(html: str, fetcher: DataOnlyFetcher | None) -> bytes:
    """With a *fetcher* (tests that read what it refused): rendered here. Otherwise in the renderer's
    child process, under its time and memory limits (``limits.render_pdf``)."""
    if fetcher is not None:
        return html_to_pdf(html, fetcher)
    return render_pdf(html)


def snapshot_pdf(session: Session, game: Game, role: str, fetcher: DataOnlyFetcher | None = None) -> bytes:
    return _pdf(snapshot_html(session, game, role), fetcher)


def report_pdf(session: Session, game: Game, fetcher: DataOnlyFetcher | None = None) -> bytes:
    return _pdf(report_html(session, game), fetcher)
