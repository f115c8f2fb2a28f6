"""What every British Way game shows a role (DESIGN.md section 3, hidden information): the state less the
draw deck, the set-aside Events and the procedure stack, with their sizes and the current card.

The deck holds nothing secret (engine.coin.deck: no order, only how many cards of which kind are left),
except a legacy deck, shuffled whole at setup and stored as a list (``deck.is_legacy``), which holds its
order. Both show only the sizes.

A view shares the state's lists and dicts (no copy of the state is made a step), so it is read-only
(``engine.view``)."""

from __future__ import annotations

HIDDEN_KEYS = frozenset(("deck", "unused", "flow"))

def base_view(state: dict, role: str, cards: dict[str, dict]) -> dict:
    """*state* without the hidden keys; the deck's and the set-aside Events' sizes (2.2: the played cards
    and the number left are open; 2.1), as the state keeps them (``engine.coin.deck.keep_sizes``: the view
    reads them, walking nothing), and the current card's title and kind.

    Built without copying the state: the view is a new dict whose values are the state's own, so it is
    read-only and describes the position until the next action is applied (``engine.view``). A
    game whose view hides part of a value builds that value anew (engine.games.arab_revolt.view: the cups)."""
    v = state.copy()
    pop = v.pop  # the HIDDEN_KEYS, one by one (a loop over the set costs more than the three pops)
    pop("deck", None)
    pop("unused", None)
    pop("flow", None)
    v["deck_size"] = pop("deck_size")  # kept by engine.coin.deck (keep_sizes), moved after the state's keys
    v["unused_count"] = pop("unused_count")
    v["role"] = role
    cur = state.get("current")
    card = cards[cur] if cur else None
    v["current_card"] = {"id": cur, "title": card["title"], "kind": card["kind"]} if card else None
    return v
