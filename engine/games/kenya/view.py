"""What each role may see of a Kenya game (DESIGN.md section 3, hidden information; issue 28).

Hidden from both players: the next cards and which Events are set aside (2.1, 2.2: the played cards and the
number left are open; the deck stores no order, engine.coin.deck, so neither is decided yet). Kenya has no
chits and no hidden pieces: Underground Guerrillas are hidden only in what they will do, not where they are
(1.4.3). Everything else is open, the current Population of each space included (1.3.2: printed values and
Population markers on the board).
"""

from __future__ import annotations

from ...coin.view import base_view
from .data import CARDS


def view(state: dict, role: str) -> dict:
    return base_view(state, role, CARDS)
