"""What must hold in every Palestine state (``GameDefinition.invariants``): the series' checks of pieces,
stacking, Curfews and cards (engine.coin.invariants) with Palestine's counter mix, and its own tracks,
Haganah boxes and Intel Chits. Each problem names its rule; ``[]`` when all holds."""

from __future__ import annotations

from ...coin import invariants as I
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def invariants(state: dict) -> list[str]:
    out = I.pieces(state, B.BOARD, B.count_pieces(state), B.TOTALS, "1.2 and the Setup NOTE, 2.1")
    out += I.track(state, "pw", 0, 20, "Political Will", "1.8")
    out += I.track(state, "haganah", 0, 4, "the Haganah Track", "1.9, 6.5")
    out += I.track(state, "propaganda", 0, len(PROPAGANDA_CARDS), "the Propaganda Rounds held", "6.0")
    for box, caps in B.HAGANAH_SLOTS.items():
        slot = state["haganah_slots"][box]
        for piece, n in slot.items():
            out += I.negative(f"haganah_slots.{box}.{piece}", n)
            if n > caps.get(piece, 0):
                out.append(f"Haganah box {box} holds {n} {piece}, more than its {caps.get(piece, 0)} (6.5.2)")
        if isinstance(state["haganah"], int) and state["haganah"] >= int(box) and any(slot.values()):
            out.append(f"the Haganah Track is at {state['haganah']} but box {box} still holds pieces (6.5.2)")
    intel = state["intel"]
    if sorted(intel["bag"] + intel["held"]) != sorted(B.INTEL_CHITS):
        out.append(f"the Intel Chits in the bag {intel['bag']} and held {intel['held']} are not the nine "
                   f"{B.INTEL_CHITS} (1.6.1)")
    out += I.cards(state, len(CARDS), "1.2: a deck of 35 Palestine cards; 2.1")
    return out
