"""What must hold in every Arab Revolt state (``GameDefinition.invariants``): the series' checks of pieces,
stacking, Curfews and cards (engine.coin.invariants) with Arab Revolt's counter mix, and its own tracks,
Foreign Countries, Opposition and chit cups. Each problem names its rule; ``[]`` when all holds."""

from __future__ import annotations

from collections import Counter

from ...coin import invariants as I
from . import board as B
from .data import CARDS, COMPONENTS
from .setup import PROPAGANDA_CARDS

#: Procedures that hold drawn Punishment chits in their frame while the British decide (4.2.1, A6, A10).
HOLDS_PUNISHMENT = ("ar.sa.punish", "ar.ev.a10s", "ar.ev.a6u")


def invariants(state: dict) -> list[str]:
    out = I.pieces(state, B.BOARD, B.count_pieces(state), B.TOTALS, "1.2 and 1.4")
    out += I.track(state, "pw", 0, 20, "Political Will", "1.10")
    out += I.track(state, "unity", B.DECENTRALIZED, B.CENTRALIZED, "the Unity Track", "1.11, 6.6")
    out += I.track(state, "propaganda", 0, len(PROPAGANDA_CARDS), "the Propaganda Rounds held", "6.0")
    for sid, x in state["spaces"].items():
        if B.KIND[sid] == "foreign" and B.british_pieces(x):
            out.append(f"British pieces in the Foreign Country {sid} (1.4.2, 1.3.7)")
        if x["opposition"] not in (0, 1) or (x["opposition"] and B.KIND[sid] not in ("district", "city")):
            out.append(f"Opposition {x['opposition']} in {sid} ({B.KIND[sid]}): one marker, Districts and Cities "
                       "only (1.6)")
    ops = state["ops"]
    have = Counter([*ops["pool"], *ops["held"], *ops["set_aside"], *ops["drawn"],
                    *([ops["played"]["value"]] if ops["played"] else [])])
    if have != Counter(COMPONENTS["operations_chits"]["chits"]):
        out.append(f"the Operations chits {dict(have)} are not the nine of 1.8.1")
    p = state["punishment"]
    have = Counter([*p["pool"], *p["held"], *p["set_aside"]])
    mix = Counter(COMPONENTS["punishment_chits"]["chits"])
    holding = any(f["p"] in HOLDS_PUNISHMENT for f in state["flow"])
    if (have != mix and not holding) or (have - mix):
        out.append(f"the Punishment chits {dict(have)} are not the six of 1.7.1"
                   + (" (some are drawn, held by the procedure deciding)" if holding else ""))
    out += I.cards(state, len(CARDS), "1.2: a deck of 35 Arab Revolt cards; 2.1")
    return out
