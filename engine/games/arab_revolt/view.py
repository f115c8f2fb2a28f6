"""What each role may see of an Arab Revolt game (DESIGN.md section 3, hidden information).

Hidden from both players: the next cards and which Events are set aside (2.1, 2.2: the played cards and
the number left are open; the deck stores no order, engine.coin.deck, so neither is decided yet), and the
order of the chits in their cups. Everything else is open: chits held are public knowledge (1.7.1, 1.8.1),
drawn chits are shown as they are drawn (8.0), and the contents of each cup follow from the chits held,
drawn and set aside.
"""

from __future__ import annotations

from ...coin.view import base_view
from .data import CARDS


def view(state: dict, role: str) -> dict:
    v = base_view(state, role, CARDS)
    for cup in ("punishment", "ops"):  # a new dict: the view shares the state's (engine.coin.view)
        c = v[cup] = state[cup].copy()
        c["pool_size"] = len(c.pop("pool"))
    return v
