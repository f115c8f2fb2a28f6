"""What every British Way game shows a role (DESIGN.md section 3, hidden information): the state less the
draw deck, the set-aside Events and the procedure stack, with their sizes and the current card."""

from __future__ import annotations

from ..core import canonical

HIDDEN_KEYS = ("deck", "unused", "flow")


def base_view(state: dict, role: str, cards: dict[str, dict]) -> dict:
    """A copy of *state* without the hidden keys; the deck's and the set-aside Events' sizes (2.2: the played
    cards and the number left are open) and the current card's title and kind."""
    v = {k: canonical.copy(val) for k, val in state.items() if k not in HIDDEN_KEYS}
    v["deck_size"] = len(state["deck"])
    v["unused_count"] = len(state["unused"])
    v["role"] = role
    cur = state.get("current")
    v["current_card"] = {"id": cur, **{k: cards[cur][k] for k in ("title", "kind")}} if cur else None
    return v
