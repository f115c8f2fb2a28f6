"""What must hold in every Cyprus state (``GameDefinition.invariants``; issue 29): the series' checks of
pieces, stacking and Curfews (engine.coin.invariants) with Cyprus's counter mix, and its own. Each problem
names its rule; ``[]`` when all holds.

- Pieces: never a negative count (1.4.1); all 12 Troops, 6 Police, 12 Cells and 4 Arms Caches on the map, in
  Available, in Prison or on card C4 (1.2, 1.4 Important); at most two Arms Caches a space and none in a
  British Base (1.4.2, 1.3.4); only Cells in Prison (1.3.6), a number; only Troops on C4, at most its three
  and only once it is played (L3675).
- Markers: a space holds only its forces, Sabotage markers and a Curfew (no Terror: 1.7 NOTE); Curfews one a
  space, only in Towns, only where a British piece is, at most the four of the pool (1.10, 1.4.2); at most the
  fifteen Sabotage markers (1.2, 1.7; ruling R-SABOTAGE-POOL, unless the umpire chose them unlimited).
- Tracks: Political Will 0-15 (1.8), International Opinion 0-4 (6.5), the Propaganda Rounds held 0-3 (6.0).
- Intel Chits: the bag and the British hand together are the nine chits, three each of 0, 1 and 2 (1.6.1),
  each list kept sorted (equal positions, equal states).
- Cards: every card played, in the deck or set aside (2.1, 2.2).
"""

from __future__ import annotations

from ...coin import invariants as I
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def _is_count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def invariants(state: dict) -> list[str]:
    out = []
    boxes = {}
    for box, what in (("prison", "a number of Cells (1.3.6)"), ("suez", "a number of Troops (C4, L3675)")):
        if not _is_count(state[box]):
            out.append(f"the {box} box is {state[box]!r}: {what}")
            boxes[box] = 0
    counted = B.count_pieces({**state, **boxes})
    out += I.pieces(state, B.BOARD, counted, B.TOTALS, "1.2, 1.4 Important and the Setup NOTE L4127")
    keys = set(B.empty_space())
    for sid, x in state["spaces"].items():
        stray = sorted(set(x) - keys)
        if stray:
            out.append(f"{sid} holds {', '.join(stray)}: a Cyprus space holds only forces, Sabotage markers and a "
                       "Curfew (1.4, 1.7 NOTE: Sabotage markers are never flipped to Terror)")
    sabotage = sum(x.get("sabotage", 0) for x in state["spaces"].values())
    if sabotage > B.SABOTAGE_MARKERS and B.sabotage_limited(state):
        out.append(f"{sabotage} Sabotage markers on the map, more than the {B.SABOTAGE_MARKERS} of the game "
                   "(1.2, 1.7; ruling R-SABOTAGE-POOL)")
    suez = state["suez"]
    if _is_count(suez) and suez > B.SUEZ_TROOPS:
        out.append(f"{suez} Troops on Suez Crisis, more than the {B.SUEZ_TROOPS} its text removes (C4, L3675)")
    if _is_count(suez) and suez and "C4" not in state["played"]:
        out.append(f"{suez} Troops on Suez Crisis, which has not been played (C4, L3675)")
    out += I.track(state, "pw", B.PW_MIN, B.PW_MAX, "Political Will", "1.8")
    out += I.track(state, "io", B.IO_MIN, B.IO_MAX, "International Opinion", "6.5")
    out += I.track(state, "propaganda", 0, len(PROPAGANDA_CARDS), "the Propaganda Rounds held", "6.0")
    intel = state["intel"]
    bag, held = intel["bag"], intel["held"]
    if sorted(bag + held) != sorted(B.INTEL_CHITS):
        out.append(f"the Intel Chits in the bag {bag} and held {held} are not the nine {B.INTEL_CHITS} (1.6.1)")
    elif bag != sorted(bag) or held != sorted(held):
        out.append(f"the Intel Chits in the bag {bag} and held {held} are not kept sorted (1.6.1: the chits of a "
                   "value are alike)")
    out += I.cards(state, len(CARDS), "1.2: a deck of 35 Cyprus cards; 2.1")
    return out
