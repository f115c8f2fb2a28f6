"""The game page at an earlier position, ``/games/<id>?at=N`` (issue 27, the replay).

Position N is the state after the move numbered N (0: the setup), rebuilt by ``service.history.state_at``
from the nearest snapshot and the recorded moves. What the page shows of it goes through ``engine.view``
for the page's role (the seat the browser holds, else the public), as the current position does, so a
replayed position hides exactly what it hid when it was the current one (DESIGN.md section 3). The log
stops at N; the moves after N, their dice and the cards they drew are not on the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from flask import url_for

from .. import history
from ..models import Game
from ..reports.documents import board_for


@dataclass(frozen=True, slots=True)
class At:
    """A game at one of its positions, as ``board_for`` reads a game: which game it is, and the state."""

    game: str
    state: dict


def board_at(game: Game, session, seq: int | None, role: str) -> tuple[dict, str | None, dict]:
    """The view of *role* (a seat, else ``public``), its board (SVG, or None for a game without a layout)
    and the state, at position *seq* of *game* (None: the current one).

    :raises NotFound: no position *seq* in the game (the message says the range).
    """
    state = game.state if seq is None else history.state_at(session, game, seq)
    view, svg = board_for(At(game.game, state), role)
    return view, svg, state


_VIEWBOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')


def inline_svg(svg: str | None) -> tuple[str | None, tuple[str, str] | None]:
    """The board as the page embeds it (no XML declaration) and its drawing's width and height (the
    ``viewBox``), which the page's styles scale it by (pages/page.css: ``--board-w``, ``--board-h``)."""
    if not svg:
        return None, None
    body = svg.removeprefix('<?xml version="1.0" encoding="UTF-8"?>').lstrip()
    m = _VIEWBOX.search(body)
    return body, (m.group(1), m.group(2)) if m else None


def log_until(log: list[dict], seq: int) -> list[dict]:
    """The move log (``games.move_log``: public outcomes only) up to and including position *seq*."""
    return [e for e in log if e["seq"] <= seq]


def links(gid: str, at: int, last: int) -> dict:
    """The replay's plain links from position *at* of a game at position *last*: first, previous, next and
    current (None where there is none: no previous at the setup, nothing after the current position)."""
    def to(n: int) -> str:
        return url_for("pages.game", gid=gid) if n == last else url_for("pages.game", gid=gid, at=n)
    return {"first": to(0) if at > 0 else None, "previous": to(at - 1) if at > 0 else None,
            "next": to(at + 1) if at < last else None, "current": to(last) if at < last else None,
            "at": at, "last": last}
