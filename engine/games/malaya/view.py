"""What each role may see of a Malaya game (DESIGN.md section 3, hidden information).

Hidden from both players: the next cards and which Events are set aside (2.1, 2.2: the played cards and
the number left are open; the deck stores no order, engine.coin.deck, so neither is decided yet). Malaya has
no chits and no hidden pieces: Underground Guerrillas are hidden in the physical game only in what they
will do, not where they are (1.4.3). Everything else is open.
"""

from __future__ import annotations

from ...coin.view import base_view
from .data import CARDS


def view(state: dict, role: str) -> dict:
    return base_view(state, role, CARDS)
