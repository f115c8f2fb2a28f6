"""The headline values every British Way game shows (``GameDefinition.facts``): the current card, the cards
left, the Initiative Track's eligibility, the Capabilities in force, the Available pools and the boxes, as
``{"label", "value"}`` pairs of text, read from a role's view (engine.coin.view) and so never more than it
may see. Each game adds its own tracks and chits (``engine/games/<game>/facts.py``); the generic layers
(the text board, the PDFs, the mail, the game page) print the list and know no key of the state.
"""

from __future__ import annotations

from .board import Board
from .sequence import BOX_NAMES
from .wording import side_name

#: Short labels of the keys of a space (pieces and markers) in the text board (service.textboard), which
#: finds them in the game's ``GameDefinition.names`` (``names``).
KEY_LABELS = {"troops": "T", "police": "P", "cells_u": "Cu", "cells_a": "Ca", "caches": "AC",
              "irregulars_u": "Iu", "irregulars_a": "Ia", "guerrillas_u": "Gu", "guerrillas_a": "Ga", "bases": "B",
              "sabotage": "Sab", "terror": "Ter", "curfew": "Curfew", "opposition": "Opp", "out_of_play": "OutOfPlay",
              "new_village": "NV", "mpaja_u": "Mu", "mpaja_a": "Ma", "non_mpaja_u": "Nu", "non_mpaja_a": "Na",
              "kempeitai": "K", "force_136": "F", "jungle_camp": "JC"}


def names(board: Board) -> dict[str, str]:
    """A game's display names (``GameDefinition.names``): its spaces', then the short labels of the keys of
    its spaces, in the order the text board prints them."""
    keys = {k for k in board.empty_space()}
    return {**board.names, **{k: v for k, v in KEY_LABELS.items() if k in keys}}


def fact(label: str, value) -> dict:
    return {"label": label, "value": str(value)}


def role_name(role: str) -> str:
    """A role as the rulebooks print it (``British``, ``MCP``; the public view ``Public``)."""
    return side_name(role.replace("-", " "))


def plural(label: str) -> str:
    """``Troop`` -> ``Troops``, ``Arms Cache`` -> ``Arms Caches`` (a piece's label, engine.coin.board)."""
    return label if label.endswith("s") else label + ("es" if label.endswith(("ch", "sh", "x")) else "s")


def pieces_text(counts: dict, board: Board) -> str:
    """``Troops 0, Police cubes 3, Cells 6``: counts by piece name, in the board's order of its pieces."""
    names = [p for p in board.pieces if p in counts] + sorted(p for p in counts if p not in board.pieces)
    return ", ".join(f"{plural(board.pieces[p].label) if p in board.pieces else p} {counts[p]}" for p in names)


def card(view: dict) -> list[dict]:
    """The current card (2.2: revealed and open) and the deck: cards left and played (2.2: open)."""
    cur = view.get("current_card")
    return [fact("Card", f"{cur['title']} ({cur['id']})" if cur else "none"),
            fact("Deck", f"{view['deck_size']} cards left, {len(view.get('played') or [])} played")]


def eligibility(view: dict) -> list[dict]:
    """The Initiative Track (2.3): who is 1st and 2nd Eligible, and who took which box this card."""
    order = ", ".join(f"{n} {role_name(r)}" for n, r in zip(("1st", "2nd"), view.get("eligible") or [], strict=False))
    taken = [f"{BOX_NAMES.get(b, b)} {role_name(who)}" for b, who in (view.get("boxes") or {}).items() if who]
    return [fact("Eligible", (order or "none") + (f"; taken: {', '.join(taken)}" if taken else ""))]


#: What separates the cards of the Capabilities and Momentum facts: never in a card's title or in the label
#: of one of its texts (tests/service/test_board_svg_capabilities.py), so a layer that prints each card on a
#: line of its own (the board's panel, service.reports.board) splits the fact's value on it.
CARD_SEP = "; "
#: The texts of a card (5.2): the two of a dual-use card, or the one of a single-text card (``event``).
SIDES = ("unshaded", "shaded", "event")


def in_force(cards: dict[str, dict], cid: str, side: str) -> str:
    """A card and its text in force, as the log names an Event executed (engine.coin.events, 5.1):
    ``Menachem Begin (P25, shaded: Irgun leader)``. *side* is ``unshaded``, ``shaded`` or ``event`` (a
    single text: its label is the card's ``unshaded``); a card the game does not know is named by its id."""
    card = cards.get(cid)
    if card is None:
        return f"{cid} ({side})"
    label = card.get("unshaded" if side in ("unshaded", "event") else side) if side in SIDES else None
    return f"{card['title']} ({cid}, {side}{f': {label}' if label else ''})"


def capabilities(view: dict, cards: dict[str, dict]) -> list[dict]:
    """The Capabilities in force (5.3): open, each with its card's title and the text in force, its side
    and that text's label (``in_force``), sorted by card id."""
    caps = view.get("capabilities") or {}
    return [fact("Capabilities", CARD_SEP.join(in_force(cards, c, side) for c, side in sorted(caps.items()))
                 or "none")]


def momentum(cards: dict[str, dict], effects: list[tuple[str, str, str]]) -> list[dict]:
    """The Events in effect for a while that are not Capabilities (the ``momentum`` of a game's position
    files, docs/positions.md), for a game that has such cards: *effects* are the ones in effect now, each
    ``(card id, side, what it does now)``, printed as the card and its text in force (``in_force``) and what
    it does: ``American Loans (P27, shaded: Financial Dunkirk): the British must Pass on the next Event
    card``. No fact while none is in effect: such an effect is rare and short (a card or two), and the
    facts line above the PDFs' board is better spent on what is there."""
    if not effects:
        return []
    return [fact("Momentum", CARD_SEP.join(f"{in_force(cards, cid, side)}: {what}" for cid, side, what in effects))]


def available(view: dict, board: Board) -> list[dict]:
    """The Available Forces boxes (1.4.1)."""
    return [fact("Available", pieces_text(view["available"], board) or "none")]


def box(view: dict, board: Board, key: str, label: str) -> list[dict]:
    """A box of pieces (Prison, out of play): a number of its one kind of piece, or counts by piece."""
    val = view[key]
    if isinstance(val, dict):
        return [fact(label, pieces_text(val, board) or "none")]
    kinds = board.boxes.get(key) or ()
    what = f" {plural(board.pieces[kinds[0]].label)}" if kinds and kinds[0] in board.pieces else ""
    return [fact(label, f"{val}{what}")]


def propaganda(view: dict, rounds: int) -> list[dict]:
    """How many of the deck's Propaganda Rounds have been held (6.0)."""
    return [fact("Propaganda Rounds", f"{view.get('propaganda', 0)} of {rounds}")]
