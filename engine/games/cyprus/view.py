"""What each role may see of a Cyprus game (DESIGN.md section 3, hidden information; issue 29).

Hidden from both players: the next cards and which Events are set aside (2.1, 2.2: the played cards and the
number of cards left are open; the deck stores no order, engine.coin.deck, so neither is decided yet), and
which chit the next draw from the bag gives (1.6.1: drawn at random). Everything else is open: the Intel
Chits the British hold, their number and values (1.6.1, L3273), and so how many are in the bag; where every
Cell is and whether it is Underground or Active (1.4.3); the Prison, the Curfews and Sabotage markers, the
tracks.
"""

from __future__ import annotations

from ...coin.view import base_view
from .data import CARDS


def view(state: dict, role: str) -> dict:
    v = base_view(state, role, CARDS)
    v["intel"] = {"held": list(state["intel"]["held"]), "bag_size": len(state["intel"]["bag"])}
    return v
