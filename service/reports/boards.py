"""Which earlier positions the game report prints a board of (issue 27): one per card, or one per
Propaganda Round, as ``boards=card|propaganda`` asks (``none``, the default: only the current position).

The positions are found from the move log and the public views at them, never from hidden state:

- a card is revealed by the move whose log has a heading naming it (engine.coin.sequence, 2.2: ``kind``
  ``h1`` with ``refs.card``), and by the setup (position 0) for the first card; the board of a card is
  the position where it was revealed, the one the card before it left (a board shows its current card);
- a Propaganda Round is counted in the state as it starts (``propaganda``, the rounds held: each game's
  Propaganda Round adds one, engine/games/*/propaganda.py, rule 6), and the card revealed for it is of kind
  ``propaganda`` (engine.coin.view: ``current_card``). Its board is the position where the round is over:
  the next card's reveal, or the position where it ended the game.

A game whose views have no current card (a game without cards) has no such boards.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import ServiceError

#: The report's ``boards`` option: its values and what each prints besides the current position's board.
BOARDS = {"none": "no other board", "card": "a board at each card's reveal",
          "propaganda": "a board at the end of each Propaganda Round"}


def check_boards(boards) -> str:
    """*boards* as a value of the option (``BOARDS``).

    :raises ServiceError: (400, ``bad-boards``) another value; the message lists the allowed ones.
    """
    if not isinstance(boards, str) or boards not in BOARDS:
        allowed = "; ".join(f"{k} ({v})" for k, v in BOARDS.items())
        raise ServiceError(f"boards={str(boards)[:40]!r} is not a boards option: use one of {allowed}",
                           code="bad-boards")
    return boards


def reveals(moves: Iterable[dict]) -> list[int]:
    """The positions at which a card may have been revealed: 0 (the setup reveals the first card) and every
    move whose log names a revealed card."""
    return sorted({0} | {m["seq"] for m in moves
                         if any(e.get("kind") == "h1" and (e.get("refs") or {}).get("card") for e in m.get("log") or ())})


def _card(view: dict) -> dict:
    card = view.get("current_card")
    return card if isinstance(card, dict) and card.get("id") else {}


def positions(boards: str, views: dict[int, dict]) -> list[tuple[int, str]]:
    """``(position, heading)`` of each board *boards* asks for, in order of position, from *views*: the public
    view at each position ``reveals`` gives. ``none`` asks for none."""
    order = sorted(views)
    out: list[tuple[int, str]] = []
    if boards == "card":
        last = None
        for p in order:
            card = _card(views[p])
            if card and card["id"] != last:
                out.append((p, f"{card.get('title') or card['id']} ({card['id']}) revealed"))
                last = card["id"]
    elif boards == "propaganda":
        held = 0  # rounds whose board is found
        for p in order:
            v = views[p]
            rounds = v.get("propaganda")
            if not isinstance(rounds, int) or isinstance(rounds, bool):
                continue
            over = _card(v).get("kind") != "propaganda" or bool(v.get("outcome"))
            while held < rounds and (over or held < rounds - 1):
                held += 1
                end = " (the game's end)" if v.get("outcome") and held == rounds else ""
                out.append((p, f"after Propaganda Round {held}{end}"))
    return out
