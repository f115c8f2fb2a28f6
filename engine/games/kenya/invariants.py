"""What must hold in every Kenya state (a later ``GameDefinition.invariants``; issue 28): the series' checks of
pieces, stacking and cards (engine.coin.invariants) with Kenya's counter mix and Out of Play box, and its own:
Control kept equal to Control computed from the pieces (1.7), the three levels only in Nairobi and Populated
Provinces (1.6 and its NOTE, 1.3.3), each space's current Population from 0 to its printed value and changed
only in a Reserve Province (1.3.2, ruling R-POPULATION), at most the 15 Terror markers (1.2, 1.9), the tracks
(Political Will 1.10, Mau Mau Resources 1.8, the Pipeline 1.11 and R-PIPELINE-1). Each problem names its rule;
``[]`` when all holds."""

from __future__ import annotations

from ...coin import invariants as I
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def invariants(state: dict) -> list[str]:
    oop = state["out_of_play"]
    out = []
    if not isinstance(oop, int) or isinstance(oop, bool):
        out.append(f"the Out of Play box is {oop!r}: a number of Police cubes (1.3.5)")
        counted = B.BOARD.count_pieces({**state, "out_of_play": 0})
    else:
        counted = B.BOARD.count_pieces(state)
    out += I.pieces(state, B.BOARD, counted, B.TOTALS, "1.2 and 1.4")
    out += I.track(state, "pw", B.PW_MIN, B.PW_MAX, "Political Will", "1.10")
    out += I.track(state, "pipeline", B.PIPELINE_MIN, B.PIPELINE_MAX, "the Pipeline", "1.11, R-PIPELINE-1")
    out += I.track(state, "propaganda", 0, len(PROPAGANDA_CARDS), "the Propaganda Rounds held", "6.0")
    res = state["resources"]
    if set(res) != {"maumau"}:
        out.append(f"Resources kept for {sorted(res)}: only the Mau Mau have Resources (1.8, 3.1)")
    out += I.track(res, "maumau", 0, B.RESOURCES_MAX, "Mau Mau Resources", "1.8") if "maumau" in res else []
    out += [f"Control of {m} (1.7: kept current as pieces change)" for m in B.CONTROL.mismatches(state)]
    out += _population(state)
    for sid, x in state["spaces"].items():
        lv = x["support"]
        n = state["population"].get(sid, 0)
        if lv not in (-1, 0, 1):
            out.append(f"{sid} at level {lv!r}: Resistance -1, Neutral 0 or Loyal 1 (1.6)")
        elif lv and not B.LOYALTY.takes(sid):
            out.append(f"{sid} ({B.KIND[sid]}) at level {lv}: never at Loyalty or Resistance (1.3.3, 1.6)")
        elif lv and not n:
            out.append(f"{sid} is Unpopulated at level {lv}: its marker goes at once (1.6 NOTE)")
    terror = sum(x["terror"] for x in state["spaces"].values())
    if terror > B.TERROR_MARKERS:
        out.append(f"{terror} Terror markers on the map, more than the {B.TERROR_MARKERS} of the game (1.2, 1.9)")
    out += I.cards(state, len(CARDS), "1.2: a deck of 35 Kenya cards; 2.1")
    return out


def _population(state: dict) -> list[str]:
    """Every space has a current Population, 0 to its printed one, different only in a Reserve Province
    (1.3.2, R-POPULATION), so at most the five Population markers are in use (1.2)."""
    pops = state["population"]
    out = []
    if set(pops) != set(B.SPACES):
        out.append(f"Population kept for {sorted(pops)}, not for the {len(B.SPACES)} spaces of the map (1.3)")
    for sid in B.SPACES:
        n, printed = pops.get(sid), B.PRINTED[sid]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= printed:
            out.append(f"the Population of {sid} is {n!r}: 0 to its printed {printed} (1.3.2)")
        elif n != printed and not B.is_reserve(sid):
            out.append(f"the Population of {sid} is {n}, not its printed {printed}: only a Reserve Province's "
                       "changes (1.3.2)")
    if len(B.lowered(state)) > B.POPULATION_MARKERS:
        out.append(f"{len(B.lowered(state))} Populations changed, more than the {B.POPULATION_MARKERS} Population "
                   "markers (1.2)")
    return out

