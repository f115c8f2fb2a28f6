"""What each role may see of a Japanese Occupation game (DESIGN.md section 3, hidden information; issue 30).

Hidden from both players: the next cards and which Events are set aside (2.2: the played cards and the number
of cards left are open; the deck stores no order, engine.coin.deck), and the value of every concealed Intel
chit (1.11: neither player may look at one). A chit nobody has seen has no value yet (it is drawn as it is
revealed, intel_chits.reveal_intel), except the Example of Play's, placed face down by 8.0: their values are
kept apart in ``state["intel_face_down"]``, which the view drops. The chits themselves are stored as every role
sees them (intel_chits): a concealed chit shows only that it is concealed, unless both players saw it revealed
before Eliminate concealed it again (``seen``: its value was in the log). Everything else is open: every piece
and marker, the Railways' Sabotage, the tracks, the Supply Caches on the Zipper track, J17's Troops and J25's
Force 136, the chits J20 set aside (their values were shown).

As the rest of the view (engine.coin.view.base_view), ``intel`` is the state's own dict, not a copy: read-only.
"""

from __future__ import annotations

from ...coin.view import base_view
from .data import CARDS
from .intel_chits import FACE_DOWN


def view(state: dict, role: str) -> dict:
    v = base_view(state, role, CARDS)
    v.pop(FACE_DOWN, None)  # the values the Example of Play placed face down (8.0, 1.11)
    return v
