"""Palestine's headline values (``GameDefinition.facts``), from a role's view: the series' card, deck,
eligibility, Available pools and Capabilities (engine.coin.facts), and Palestine's own Political Will (1.8),
Haganah Track (1.9, 6.5), Prison and out-of-play boxes (1.3.6), Intel Chits (1.6.1) and its one Event in
effect for a while that is not a Capability, P27 shaded (ruling R-P27), as its Momentum."""

from __future__ import annotations

from ...coin import facts as F
from . import board as B
from .data import CARDS
from .haganah import HAGANAH_NAMES
from .setup import PROPAGANDA_CARDS

#: What P27 shaded does while in effect (the state's ``flags.loans``, ruling R-P27).
LOANS = {"next": "the British must Pass on the next Event card (ruling R-P27)",
         "now": "the British must Pass on this card (ruling R-P27)"}


def facts(view: dict) -> list[dict]:
    h = view["haganah"]
    intel = view["intel"]
    held = ", ".join(map(str, intel["held"])) or "none"
    loans = (view.get("flags") or {}).get("loans")
    return [*F.card(view), *F.eligibility(view),
            F.fact("Political Will", view["pw"]),
            F.fact("Haganah", f"{h} ({HAGANAH_NAMES[h]})" if h in HAGANAH_NAMES else h),
            F.fact("Intel Chits", f"held {held}; {intel['bag_size']} in the bag"),
            *F.available(view, B.BOARD), *F.box(view, B.BOARD, "prison", "Prison"),
            *F.box(view, B.BOARD, "removed", "Out of play"), *F.capabilities(view, CARDS),
            *F.momentum(CARDS, [("P27", "shaded", LOANS[loans])] if loans in LOANS else []),
            *F.propaganda(view, len(PROPAGANDA_CARDS))]
