"""What each role may see of a Palestine game (DESIGN.md section 3, hidden information).

Hidden from everyone: the order of the draw deck and which Events were set aside (2.1, 2.2: the played
cards and the number left are open). Everything else is open: Intel Chits held are public (1.6.1), and
the bag's contents follow from them.
"""

from __future__ import annotations

from ...core import canonical
from .data import CARDS

HIDDEN_KEYS = ("deck", "unused", "flow")


def view(state: dict, role: str) -> dict:
    v = {k: canonical.copy(val) for k, val in state.items() if k not in HIDDEN_KEYS}
    v["deck_size"] = len(state["deck"])
    v["unused_count"] = len(state["unused"])
    v["role"] = role
    cur = state.get("current")
    v["current_card"] = {"id": cur, **{k: CARDS[cur][k] for k in ("title", "kind")}} if cur else None
    v["intel"] = {"held": list(state["intel"]["held"]), "bag_size": len(state["intel"]["bag"])}
    return v
