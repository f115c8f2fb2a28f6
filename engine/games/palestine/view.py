"""What each role may see of a Palestine game (DESIGN.md section 3, hidden information).

Hidden from everyone: the next cards and which Events are set aside (2.1, 2.2: the played cards and the
number left are open; the deck stores no order, engine.coin.deck, so neither is decided yet). Everything
else is open: Intel Chits held are public (1.6.1), and the bag's contents follow from them.
"""

from __future__ import annotations

from ...coin.view import base_view
from .data import CARDS


def view(state: dict, role: str) -> dict:
    v = base_view(state, role, CARDS)
    v["intel"] = {"held": list(state["intel"]["held"]), "bag_size": len(state["intel"]["bag"])}
    return v
