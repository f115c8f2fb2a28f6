"""What must hold in every Malaya state (``GameDefinition.invariants``): the series' checks of pieces,
stacking and cards (engine.coin.invariants) with Malaya's counter mix, and its own: Control kept equal to
Control computed from the pieces (1.7), the three levels only where a space takes one (1.6), New Villages
one a Province and never more than four (1.12, 1.4.2), no New Village left where 1.12 removes it, the tracks
(Political Will 1.10, Resources 1.8, the Commander Track 6.6). Each problem names its rule; ``[]`` when
all holds."""

from __future__ import annotations

from ...coin import invariants as I
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def invariants(state: dict) -> list[str]:
    out = I.pieces(state, B.BOARD, B.BOARD.count_pieces(state), B.TOTALS, "1.2 and 1.4")
    out += I.track(state, "pw", 0, 20, "Political Will", "1.10")
    for f in ("british", "mcp"):
        v = state["resources"][f]
        if not isinstance(v, int) or not 0 <= v <= B.RESOURCES_MAX:
            out.append(f"{f} Resources {v!r}, off the track 0-20 (1.8)")
    out += I.track(state, "commander", 0, len(B.COMMANDERS) - 1, "the Commander Track", "6.6")
    out += I.track(state, "propaganda", 0, len(PROPAGANDA_CARDS), "the Propaganda Rounds held", "6.0")
    out += [f"Control of {m} (1.7: kept current as pieces change)" for m in B.CONTROL.mismatches(state)]
    on_map = 0
    for sid, x in state["spaces"].items():
        lv, nv = x["support"], x["new_village"]
        if lv not in (-1, 0, 1) or (lv and not B.SUPPORT.takes(sid)):
            out.append(f"{sid} ({B.KIND[sid]}) at level {lv}: three levels, Provinces and Kuala Lumpur only (1.6)")
        if nv not in (0, 1) or (nv and B.KIND[sid] != "province"):
            out.append(f"{nv} New Village(s) in {sid} ({B.KIND[sid]}): one a Province at most (1.4.2, 1.12)")
        on_map += nv
        if nv and ((state["control"].get(sid) == "british" and lv > 0 and not B.mcp(x))
                   or (B.mcp(x) and not B.british(x))):
            out.append(f"the New Village in {sid} should have been removed (1.12)")
        for key in ("terror", "sabotage"):
            if x[key] and (key == "terror") != (B.KIND[sid] in ("province", "city")):
                out.append(f"a {key.title()} marker in {sid} ({B.KIND[sid]}): Terror in Provinces and Kuala "
                           "Lumpur, Sabotage in Economic Centers (3.3.4)")
    if on_map + state["new_villages"] != B.NEW_VILLAGES:
        out.append(f"{on_map} New Villages on the map and {state['new_villages']} in the pool: not the "
                   f"{B.NEW_VILLAGES} of 1.2")
    if state["gurney_killed"] not in (True, False):
        out.append(f"gurney_killed is {state['gurney_killed']!r} (6.6.3)")
    out += I.cards(state, len(CARDS), "1.2: a deck of 35 Malaya cards; 2.1")
    return out
