"""What each role may see of a Japanese Occupation game (DESIGN.md section 3, hidden information; issue 30).

Hidden from both players: the next cards and which Events are set aside (2.2: the played cards and the number
of cards left are open; the deck stores no order, engine.coin.deck), and the value of every concealed Intel
chit (1.11: neither player may look at one). A chit nobody has seen has no value yet (it is drawn as it is
revealed, intel_chits.reveal_intel), except the Example of Play's, placed face down by 8.0: the view never shows
a concealed chit's value, only that it is concealed, unless both players saw it revealed before Eliminate
concealed it again (``seen``: it was in the log). Everything else is open: every piece and marker, the
Railways' Sabotage, the tracks, the Supply Caches on the Zipper track, J17's Troops and J25's Force 136, the
chits J20 set aside (their values were shown).
"""

from __future__ import annotations

from ...coin.view import base_view
from .data import CARDS

#: A chit concealed that nobody has seen (the most common): copied for each, so that no two views share it.
_UNSEEN = {"revealed": False, "seen": False, "value": None}


def intel_view(intel: dict) -> dict:
    """Each Intel space's chit as a role sees it: ``None`` where none is (J20 set it aside); ``revealed`` and its
    ``value`` when face up; concealed with ``value`` only where both players saw it before (``seen``)."""
    out = {}
    for sid, chit in intel.items():
        if chit is None:
            out[sid] = None
        elif chit["up"] or chit["seen"]:
            out[sid] = {"revealed": chit["up"], "seen": chit["seen"], "value": chit["v"]}
        else:  # neither up nor seen: both False (intel_chits.fresh_intel; position files store bools)
            out[sid] = _UNSEEN.copy()
    return out


def view(state: dict, role: str) -> dict:
    v = base_view(state, role, CARDS)
    v["intel"] = intel_view(state["intel"])
    return v
