"""Cyprus's headline values (``GameDefinition.facts``; issue 29), from a role's view: the series' card, deck,
eligibility, Available pools, Capabilities and Propaganda Rounds (engine.coin.facts), and Cyprus's own
Political Will (1.8), International Opinion with its box's name (6.5, ruling R-IO-LABELS), the Intel Chits the
British hold (open information, 1.6.1 L3273) and how many are in the bag, the Prison (1.3.6), the Curfews on
the map and in the pool (1.10), the Sabotage markers by space (1.7) and, while card C4 holds them, the Troops
of Suez Crisis (L3675): the board's markers the spaces' counts do not spell, every value as text."""

from __future__ import annotations

from ...coin import facts as F
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def _per_space(counts: dict[str, int]) -> str:
    """``Limassol 1, Karpas 2``, in board order; ``none`` if empty."""
    return ", ".join(f"{B.NAME[s]} {counts[s]}" for s in B.SPACES if counts.get(s)) or "none"


def _n(n: int, one: str) -> str:
    """``0 Cells``, ``1 Cell``, ``3 Troops``."""
    return f"{n} {one}{'' if n == 1 else 's'}"


def intel_text(intel: dict) -> str:
    """``held 0, 2; 7 in the bag`` (1.6.1)."""
    held = ", ".join(map(str, intel["held"])) or "none"
    return f"held {held}; {intel['bag_size']} in the bag"


def curfew_text(spaces: dict) -> str:
    """``Limassol, Famagusta; 2 in the pool`` (1.10)."""
    on = [s for s in B.SPACES if spaces[s]["curfew"]]
    return f"{', '.join(B.NAME[s] for s in on) or 'none'}; {B.CURFEWS - sum(spaces[s]['curfew'] for s in on)} in the pool"


def facts(view: dict) -> list[dict]:
    spaces = view["spaces"]
    suez = view.get("suez", 0)
    return [*F.card(view), *F.eligibility(view),
            F.fact("Political Will", view["pw"]),
            F.fact("International Opinion", B.io_label(view["io"]) if view["io"] in B.IO_LABELS else view["io"]),
            F.fact("Intel Chits", intel_text(view["intel"])),
            F.fact("Prison", _n(view["prison"], "Cell")),
            F.fact("Curfews", curfew_text(spaces)),
            F.fact("Sabotage", _per_space({s: x["sabotage"] for s, x in spaces.items()})),
            *([F.fact(f"{CARDS['C4']['title']} (C4)", _n(suez, "Troop"))] if suez else []),
            *F.available(view, B.BOARD),
            *F.capabilities(view, CARDS), *F.propaganda(view, len(PROPAGANDA_CARDS))]
