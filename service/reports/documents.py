"""The seat's PDF snapshot and the game report, built from ``engine.view`` only.

The snapshot: the board as the seat sees it, the tracks, the current card, what the seat may do now (or
who is awaited, and what they are asked), the last moves. The report: a cover (game, players, dates,
result, dice commitment and, once revealed, the seed, the hash of the log), the boards of earlier
positions its ``boards`` option asks for (service.reports.boards, issue 27), the current position's board
("Final position" once the game is over, else "Position N, game in progress"), the whole log with every
chance outcome and its derivation inputs, the umpire's events and the rulings in force.

``snapshot_of`` and ``report_of`` take a game as plain data, so a local game file renders the same
documents (``umpire render GAMEFILE``, umpire_cli.gamefile); ``snapshot_html`` and ``report_html`` read a
game of the service.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Callable
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.orm import Session

import engine

from .. import games as G
from .. import history
from ..models import Game
from ..rulings import rulings_in_force
from ..textboard import result_words
from .board import board_key, board_note, key_box, load_layout, render_board_svg
from .boards import BOARDS, check_boards, positions, reveals
from .hexboard import paper_key, render_hex_svg
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
#: The same for a hex map's key (``hexboard.paper_key``: its symbols and terrains take three lines or so).
HEX_KEY_H = 26
#: The snapshot's facts line (reports/base.css.j2, ``.facts``): its height in mm, and an estimate of the
#: characters one line of it holds across A4 landscape (``facts_lines``).
FACTS_LINE_H, FACTS_LINE_CHARS = 4.2, 158
#: A fact longer than this many characters may break between its words (``wrap`` in ``facts_line``; the
#: others never do), and the part of a line's characters such a fact fills, breaking only between words.
LONG_FACT, WRAP_FILL = 60, 0.9


def facts_lines(facts: list[dict]) -> int:
    """How many lines the snapshot's facts above the board take (estimated; at least one): each fact is
    ``label: value`` and breaks only between facts (reports/base.css.j2), but for a fact longer than
    ``LONG_FACT`` characters (the Capabilities in force, each named with its text: issue 27), which
    breaks between its words where it stands and so fills its lines to about ``WRAP_FILL``; the
    commitment's 64 hex digits are set smaller, in a monospace font, about as wide as 48 characters of
    text."""
    lines, used = 1, 0
    for f in [{"label": "Seen by", "value": "umpire"}, *facts, {"label": "Dice commitment", "value": "x" * 48}]:
        n = len(f["label"]) + len(f["value"]) + 3
        if n > LONG_FACT:
            room = int(FACTS_LINE_CHARS * WRAP_FILL)
            lines, used = lines + (used + n) // room, (used + n) % room
            continue
        if used and used + n > FACTS_LINE_CHARS:
            lines, used = lines + 1, 0
        used += n
    return lines

_env = Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(default=True,
                   default_for_string=True))
_env.filters["result"] = result_words  # {{ outcome|result(game) }}: "British won", "both players lost"


def facts_line(facts: list[dict]) -> list[dict]:
    """The facts as the PDFs print them above a board (``facts_lines``): each with ``wrap`` when it is long
    enough to break between its words."""
    return [{**f, "wrap": len(f["label"]) + len(f["value"]) + 3 > LONG_FACT} for f in facts]


def board_for(game, role: str, paper: bool = False) -> tuple[dict, str | None]:
    """The view of *role* (a seat, else the public view) of *game* (anything with the game's slug as ``game``
    and a ``state``: a game, or one of its earlier positions) and its board as SVG (``board_of``)."""
    defn = engine.definition(game.game)
    view = engine.view(game.state, role if role in defn.roles else "public")
    return view, board_of(game.game, view, paper)


def board_of(slug: str, view: dict, paper: bool = False, facts: list[dict] | None = None) -> str | None:
    """The board of *view* as SVG: for a browser, or for *paper* (the PDFs: no tooltips, less SVG text, and
    the header, the key and the map's note left to the document's HTML: ``board_around``). No board (None)
    for a game without a layout (``load_layout``): its facts show the position. *facts*: the view's, when
    the caller has them already (``board.render_board_svg``). A game drawn from a hex grid
    (``GameDefinition.board``) has its hex map drawn instead (``hexboard.render_hex_svg``)."""
    defn = engine.definition(slug)
    if defn.board is not None:
        return render_hex_svg(defn.board(view), defn.title, paper=paper)
    layout = load_layout(slug)
    if layout is None:
        return None
    return render_board_svg(view, layout, {**defn.names, "game": defn.title}, tooltips=not paper,
                            header=not paper, paper=paper, facts=facts)


def board_size(canvas: dict, max_h: float = BOARD_MAX_H) -> dict:
    """The printed size of the board in mm (``{"w", "h"}``): the largest within ``BOARD_MAX_W`` by
    *max_h* at the canvas's proportions. A size given, not left to the image, so that the key printed
    over the board (``board.key_box``) can stand in percent of it."""
    scale = min(BOARD_MAX_W / canvas["width"], max_h / canvas["height"])
    return {"w": round(canvas["width"] * scale, 1), "h": round(canvas["height"] * scale, 1)}


def board_around(slug: str, facts: list[dict] = ()) -> dict | None:
    """What the PDFs print in HTML with their board (reports/board.html.j2): its size (``board_size``),
    the key, each piece's icon as a ``data:`` URL (``svg_src``), and the map's note, both over the foot
    of the board's side panel (``box``, ``board.key_box``) or, for a layout without a key panel, under
    the board. The board is shorter by the lines the *facts* above it take past the first
    (``facts_lines``). None for a game without a layout (no board). A hex map (``GameDefinition.board``) takes
    the whole room, its key under it (``hexboard.paper_key``); the map stands in it at its own proportions."""
    if engine.definition(slug).board is not None:
        max_h = BOARD_MAX_H - HEX_KEY_H - FACTS_LINE_H * (facts_lines(facts) - 1)
        key = paper_key()
        return {"pieces": [{**p, "src": svg_src(p["svg"])} for p in key["pieces"]], "markers": key["markers"],
                "note": key["note"], "size": {"w": BOARD_MAX_W, "h": round(max_h, 1)}, "box": None}
    layout = load_layout(slug)
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


def waiting(prompts: dict, role: str, game: str) -> list[dict]:
    """Who the snapshot of *role* says is awaited (issue 27: the seat not on move and the public saw an
    empty "Now"): every side asked to act but *role*, each with its rule and what it is asked, the way
    every seat and the public are shown it (the API's game view gives every prompt to all), less the
    side's name the prompt's text may start with. Never the orders it may give: those are its own."""
    out = []
    for r, p in prompts.items():
        if r == role:
            continue
        name, text = engine.definition(game).role_name(r), str(p.get("text", ""))
        if text.lower().startswith(name.lower() + ": "):
            text = text[len(name) + 2:]
        out.append({"role": r, "name": name, "rule": p.get("rule", ""), "text": text})
    return out


def snapshot_html(session: Session, game: Game, role: str) -> str:
    """The snapshot of *role* at the game's current position (``snapshot_of``)."""
    return snapshot_of({**G.summary(game), "title": game.title, "outcome": game.result or engine.outcome(game.state)},
                       game.state, role, G.move_log(session, game, role), G.prompts(game, role))


def snapshot_of(game: dict, state: dict, role: str, moves: list[dict], prompts: dict) -> str:
    """The snapshot of *role* (a seat, ``umpire``, else the public) of a game at *state*: its board and
    facts from the view of *role*, whoever is asked to act, the last moves. *game* says ``id``, ``game``
    (the slug), ``title``, ``seq``, ``commitment`` and ``outcome`` (the rules' or the umpire's: a
    resignation or an abandon too); *moves* is the public move log and *prompts* every side asked to act
    now (``service.games.prompts``). A service game's (``snapshot_html``) or a local game file's."""
    defn = engine.definition(game["game"])
    view = engine.view(state, role if role in defn.roles else "public")
    facts = engine.facts(view)
    svg = board_of(game["game"], view, paper=True, facts=facts)
    mine = {r: p for r, p in prompts.items() if role in (r, "umpire")}
    return _env.get_template("reports/snapshot.html.j2").render(
        game=game, game_title=defn.title, role=role, facts=facts_line(facts), board_src=svg_src(svg) if svg else None,
        around=board_around(game["game"], facts), prompts=mine, outcome=game.get("outcome"),
        waiting=[] if role == "umpire" else waiting(prompts, role, game["game"]),
        last_moves=[m for m in moves if m["seq"] > 0][-LAST_MOVES:])


def report_html(session: Session, game: Game, boards: str = "none") -> str:
    """The game report at the current position (``report_of``), with the boards *boards* asks for
    (``boards.BOARDS``), their positions rebuilt from the recorded moves (``service.history.states_at``).

    :raises ServiceError: (400, ``bad-boards``) *boards* is not an option.
    """
    boards = check_boards(boards)
    export = G.export(session, game)  # its outcome: the rules' or the umpire's (service.games.summary)
    if G.hides_orders(game):  # the report is the public's: the orders as the public reads them
        export = {**export, "moves": G.move_log(session, game), "undone": G.undone_log(session, game)}
    return report_of(export, game.state, rulings_in_force(game), boards,
                     lambda ps: history.states_at(session, game, ps),
                     event_lines=[G.event_text(e).rstrip("\n") for e in export["events"]])


def report_of(game: dict, state: dict, rulings: dict, boards: str = "none",
              states_at: Callable[[list[int]], dict[int, dict]] | None = None,
              event_lines: list[str] = ()) -> str:
    """The game report: a cover (game, players, dates, result, dice commitment and, once revealed, the seed,
    the hash of the log), the boards *boards* asks for (``boards.positions``), the current position's
    board, the whole log with every chance outcome and its derivation inputs, the umpire's events, the
    undone moves and the rulings in force. *game* is a game's export (``service.games.export``) with its
    ``outcome``; *state* its current state; *states_at* gives the states at a list of positions (needed
    unless *boards* is ``none``). Every board and fact is built from the public view of its position
    (``engine.view``), an earlier one as much as the current one."""
    boards = check_boards(boards)
    slug, seq, moves = game["game"], game["seq"], game["moves"]
    view = engine.view(state, "public")
    picked: list[tuple[int, str]] = []
    if boards != "none":
        wanted = [*reveals(moves), seq]
        states = states_at(wanted)
        picked = positions(boards, {p: engine.view(states[p], "public") for p in wanted})
    pages = []
    for p, heading in picked:
        if p == seq:
            continue  # the current position's board is printed anyway, last
        v = engine.view(states[p], "public")
        facts = engine.facts(v)
        svg = board_of(slug, v, paper=True, facts=facts)
        if svg is not None:
            pages.append({"seq": p, "heading": heading, "facts": facts_line(facts), "src": svg_src(svg),
                          "around": board_around(slug, facts)})
    svg = board_of(slug, view, paper=True)
    now = next((h for p, h in picked if p == seq), None)
    title = "Final position" if game.get("outcome") else f"Position {seq}, game in progress"
    return _env.get_template("reports/report.html.j2").render(
        game=game, game_title=engine.definition(slug).title, seats=game["seats"],
        board_src=svg_src(svg) if svg else None, around=board_around(slug), facts=engine.facts(view),
        position_title=title, board_title=f"{title}{f' ({seq}): {now}' if now else ''}", boards=boards,
        board_pages=pages, boards_note=BOARDS[boards],
        moves=moves, events=game["events"], event_lines=list(event_lines), undone=game["undone"],
        rulings=rulings, log_hash=log_hash(moves))


def _pdf(html: str, fetcher: DataOnlyFetcher | None) -> bytes:
    """With a *fetcher* (tests that read what it refused): rendered here. Otherwise in the renderer's
    child process, under its time and memory limits (``limits.render_pdf``)."""
    if fetcher is not None:
        return html_to_pdf(html, fetcher)
    return render_pdf(html)


def snapshot_pdf(session: Session, game: Game, role: str, fetcher: DataOnlyFetcher | None = None) -> bytes:
    return _pdf(snapshot_html(session, game, role), fetcher)


def report_pdf(session: Session, game: Game, fetcher: DataOnlyFetcher | None = None, boards: str = "none") -> bytes:
    return _pdf(report_html(session, game, boards), fetcher)
