"""What must hold in every Japanese Occupation state (``GameDefinition.invariants``; issue 30): the series'
checks of pieces and stacking (engine.coin.invariants) with the game's counter mix, and its own. Each problem
names its rule; ``[]`` when all holds.

- Pieces: never a negative count (1.4.1); all 15 Troops, 6 Police, 10 MPAJA and 4 non-MPAJA Guerrillas and 5
  Supply Caches on the map, in Available, on J17 (Troops), out of the game (Caches, J14) or on the Zipper track
  (Caches, 6.7.2) (1.2, 1.4.3 IMPORTANT); one Supply Cache a space and none in an EC (1.4.2).
- Markers: the 4 Jungle Camps, 3 Force 136 (J25's card too), 4 New Villages and 3 Kempeitai (out of the game by
  J29 too) all somewhere (1.2); a Jungle Camp and a New Village only in a Province, one each (1.4.2);
  Opposition only in Provinces and Kuala Lumpur (1.6, 1.3.5 NOTE); no New Village where British forces are and
  Japanese forces are not (1.15); the Sabotage and Terror markers on the map at most the 15 of the
  countersheet (1.2).
- Tracks: Resistance 0-20 (1.13), Resources 0-20 (1.7), Zipper on a box (6.7; ruling R-ZIPPER) with only boxes
  that started with a Supply Cache still holding one, each above the marker (6.7.2).
- Intel: each Intel space holds a chit or none (J20), the known values (face down by 8.0 included) and those set
  aside never more than the nine chits (1.11), a revealed chit has its value, no chit neither revealed nor seen
  shows one, and a value kept face down (8.0) only for a chit concealed, unseen and without a shown value.
- Cards: every card played, in the deck or set aside (2.1, 2.2).
"""

from __future__ import annotations

from collections import Counter

from ...coin import invariants as I
from . import board as B
from .data import CARDS
from .intel_chits import FACE_DOWN
from .setup import PROPAGANDA_CARDS


def invariants(state: dict) -> list[str]:
    out = I.pieces(state, B.BOARD, B.count_pieces(state), B.TOTALS, "1.2, 1.4.3 IMPORTANT")
    keys = set(B.empty_space())
    for sid, x in state["spaces"].items():
        stray = sorted(set(x) - keys)
        if stray:
            out.append(f"{sid} holds {', '.join(stray)}: a space holds forces and the markers of 1.2")
        for m in ("jungle_camp", "new_village"):
            if x[m] and (not B.is_province(sid) or x[m] > 1):
                out.append(f"{sid} holds {x[m]} {m}: one a Province and none elsewhere (1.4.2)")
        if x["opposition"] not in (0, 1) or (x["opposition"] and sid not in B.OPPOSITION_SPACES):
            out.append(f"{sid} has opposition {x['opposition']!r}: 0 or 1, only in Provinces and Kuala Lumpur (1.6)")
        if x["new_village"] and B.british_forces(x) and not B.japanese_forces(x):
            out.append(f"a New Village stands in {sid} with British forces and no Japanese forces (1.15)")
        for k, n in x.items():
            out += I.negative(f"spaces.{sid}.{k}", n)
    marks = B.count_markers(state)
    if marks != B.MARKER_TOTALS:
        out.append(f"markers are not conserved: {marks} against the countersheet's {B.MARKER_TOTALS} (1.2)")
    used = sum(state["railways"].values()) + sum(x["terror"] for x in state["spaces"].values())
    if used > B.SABOTAGE_TERROR or any(n < 0 for n in state["railways"].values()):
        out.append(f"{used} Sabotage and Terror markers on the map, beyond the {B.SABOTAGE_TERROR} (1.2)")
    out += I.track(state, "resistance", B.RES_MIN, B.RES_MAX, "Resistance", "1.13")
    out += I.track(state, "resources", B.RESOURCES_MIN, B.RESOURCES_MAX, "Japanese Resources", "1.7")
    out += I.track(state, "propaganda", 0, len(PROPAGANDA_CARDS), "the Propaganda Rounds held", "6.0")
    z = state["zipper"]
    if z not in B.ZIPPER_BOXES:
        out.append(f"Operation Zipper is at {z!r}, not a box of the track {B.ZIPPER_BOXES} (6.7; ruling R-ZIPPER)")
    held = state["zipper_caches"]
    starts = B.cache_boxes(state)
    if held != sorted(set(held)) or any(b not in starts or (z in B.ZIPPER_BOXES and b <= z) for b in held):
        out.append(f"Supply Caches on the Zipper track in boxes {held}: only boxes {list(starts)} above the marker "
                   f"({z}) hold one (6.7.2; ruling R-ZIPPER)")
    intel, face_down = state["intel"], state[FACE_DOWN]
    known = Counter(c["value"] for c in intel.values() if c is not None and c["value"] is not None)
    known.update(face_down.values())
    known.update(state["intel_aside"])
    if known - Counter(B.INTEL_CHITS):
        out.append(f"Intel values {dict(known)} exceed the nine chits {list(B.INTEL_CHITS)} (1.11)")
    if set(state["intel"]) != set(B.INTEL_SPACES):
        out.append(f"Intel chits are kept for {sorted(state['intel'])}, not the Provinces and Kuala Lumpur (1.11)")
    for sid, c in intel.items():
        if c is None:
            continue
        if c["revealed"] and (c["value"] is None or not c["seen"]):
            out.append(f"the revealed Intel chit in {sid} has no value or is not marked seen (1.11)")
        if c["value"] is not None and not (c["revealed"] or c["seen"]):
            out.append(f"the Intel chit in {sid}, neither revealed nor seen, shows its value {c['value']}: a "
                       f"concealed value is hidden (1.11; 8.0's face down in {FACE_DOWN})")
    for sid in face_down:
        c = intel.get(sid)
        if c is None or c["revealed"] or c["seen"] or c["value"] is not None:
            out.append(f"a face-down Intel value is kept for {sid}, whose chit is not concealed unseen "
                       "without a value (1.11, 8.0)")
    gone = sum(c is None for c in state["intel"].values())
    if gone != len(state["intel_aside"]):
        out.append(f"{gone} Intel spaces without a chit but {len(state['intel_aside'])} chits set aside (J20, 6.6)")
    if state["flags"].get("davis_by") and not state["davis"]:
        out.append("who executed John Davis is kept, but no Force 136 is on the card (J25)")
    out += I.cards(state, len(CARDS), "1.2: a deck of 35 Japanese Occupation cards; 2.1")
    return out
