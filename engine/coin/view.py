"""What every British Way game shows a role (DESIGN.md section 3, hidden information): the state less the
draw deck, the set-aside Events and the procedure stack, with their sizes and the current card.

The deck of a game made since issue 22, attack 5 holds nothing secret (engine.coin.deck: no order, only
how many cards of which kind are left); a game stored before holds its order. Both show only the sizes."""

from __future__ import annotations

from ..core import canonical
from . import deck

HIDDEN_KEYS = ("deck", "unused", "flow")


def base_view(state: dict, role: str, cards: dict[str, dict]) -> dict:
    """A copy of *state* without the hidden keys; the deck's and the set-aside Events' sizes (2.2: the played
    cards and the number left are open) and the current card's title and kind."""
    v = {k: canonical.copy(val) for k, val in state.items() if k not in HIDDEN_KEYS}
    v["deck_size"] = deck.size(state)
    v["unused_count"] = deck.unused_count(state)
    v["role"] = role
    cur = state.get("current")
    v["current_card"] = {"id": cur, **{k: cards[cur][k] for k in ("title", "kind")}} if cur else None
    return v
