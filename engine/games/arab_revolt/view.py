"""What each role may see of an Arab Revolt game (DESIGN.md section 3, hidden information).

Hidden from both players: the order of the draw deck and which Events were set aside (2.1, 2.2: the
played cards and the number left are open), and the order of the chits in their cups. Everything else is
open: chits held are public knowledge (1.7.1, 1.8.1), drawn chits are shown as they are drawn (8.0), and
the contents of each cup follow from the chits held, drawn and set aside.
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
    for cup in ("punishment", "ops"):
        c = dict(v[cup])
        c["pool_size"] = len(c.pop("pool"))
        v[cup] = c
    return v
