"""Cyprus Event cards C4 to C11 that grant no Operation (rule 5; texts and Tips in 9.0, L3673-3749): C4 Suez
Crisis (one text), C5 Turkish Government, C7 Mass Detention, C9 Royal Navy Blockade (British Capability), C10
Rough Handling (British Capability), C11 Appeals to UN. (C6 and C8 grant Operations and Special Activities:
written elsewhere.)

The executing faction makes every choice of these texts (5.1; ruling R-EVENT-FACTION: none of them names a
faction), except where a Curfew must be moved, which the British do (ruling R-CURFEW-POOL). A text that can
change nothing now is not offered (5.1.3). The Capabilities' effects live where the rules they change live
(5.3): C9 in Smuggle (ruling R-SMUGGLE), C10 in Interrogate (with C17: ruling R-CAPABILITY-CONFLICT).
"""

from __future__ import annotations

from ....core.flow import Context
from .. import board as B
from ..propaganda_phases import SUEZ_BY
from . import capability, event
from .common import CELL_KEYS, mark, mark_spaces, mark_test, pick, put

for _cid in ("C9", "C10"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")


# -- C4 Suez Crisis ------------------------------------------------------------------------------------------

def troops_on_map(g: Context) -> int:
    return sum(B.sp(g, s)["troops"] for s in B.SPACES)


@event("C4", "event", playable=lambda g, faction: troops_on_map(g) > 0)
def suez_crisis(g: Context, faction: str) -> None:
    """C4 (Troops withdrawn, L3675): the executing faction chooses 3 Troops on the map, fewer if fewer are there
    (5.1.3), and sets them on the card (``suez``): neither on the map nor Available until the Reset Phase of
    the next Propaganda Round returns them to British Bases of the same faction's choice (ruling R-C4; the
    return is the Propaganda Round's, which reads ``flags["suez_by"]`` for the faction that chooses). A Curfew
    left with no British piece is lifted at once (1.10)."""
    g.s["flags"][SUEZ_BY] = faction
    n = min(B.SUEZ_TROOPS, troops_on_map(g))
    pick(g, faction, ["troops"], max=B.SUEZ_TROOPS, min=n, dest="suez", rule="C4", label="Suez Crisis")


# -- C5 Turkish Government -----------------------------------------------------------------------------------

@event("C5", "unshaded", playable=lambda g, faction: B.io(g) > B.IO_MIN)
def turkish_government_unshaded(g: Context, faction: str) -> None:
    """C5 unshaded (Defends minority interests): International Opinion shifts 2 steps left, toward Ignored, not
    past its end (6.5; ruling R-IO-LABELS)."""
    B.shift_io(g, -2, "Turkish Government", "C5")


@mark_test("C5-shaded", "a Town with Police and an EOKA piece")
def c5_town(g: Context, sid: str) -> bool:
    x = B.sp(g, sid)
    return B.is_town(sid) and bool(x["police"]) and bool(B.eoka_pieces(x))


@event("C5", "shaded", playable=lambda g, faction: bool(mark_spaces(g, "sabotage", "C5-shaded")))
def turkish_government_shaded(g: Context, faction: str) -> None:
    """C5 shaded (Encourages TMT): the executing faction chooses 1 Town with both Police and an EOKA piece (a
    Cell or an Arms Cache) and a Sabotage marker is placed there, even on others (1.7), if one of the fifteen
    is left (ruling R-SABOTAGE-POOL; with none, the text is not offered)."""
    mark(g, faction, "sabotage", "C5-shaded", count=1, min=1, rule="C5", label="Turkish Government")


# -- C7 Mass Detention ---------------------------------------------------------------------------------------

def curfew_cells(g: Context) -> list[str]:
    """The Curfew spaces holding Cells."""
    return [s for s in B.curfew_spaces(g) if B.cells(B.sp(g, s))]


@event("C7", "unshaded", playable=lambda g, faction: bool(curfew_cells(g)))
def mass_detention_unshaded(g: Context, faction: str) -> None:
    """C7 unshaded (Roundup): every Cell, Underground and Active, in a space with a Curfew goes to Prison
    (1.3.6). Nothing to choose."""
    for sid in curfew_cells(g):
        n = 0
        for key in CELL_KEYS:
            n += B.remove(g, sid, key, B.sp(g, sid)[key], to="prison")
        g.say(f"Mass Detention: {'1 Cell' if n == 1 else f'{n} Cells'} in {B.name(sid)} went to Prison.",
              faction=faction, rule="C7")


@event("C7", "shaded", playable=lambda g, faction: B.prison(g) > 0 and bool(B.curfew_spaces(g)))
def mass_detention_shaded(g: Context, faction: str) -> None:
    """C7 shaded (Creates new recruits): in each space with a Curfew the executing faction may place 1 Cell
    out of Prison (the card's source, not Available), Underground (1.4.3); "up to 1": it chooses the spaces,
    as many as the Prison's Cells allow, and may stop."""
    spaces = B.curfew_spaces(g)
    put(g, faction, "cells", spaces=spaces, max=len(spaces), per_space=1, source="prison", rule="C7",
        label="Mass Detention")


# -- C11 Appeals to UN ---------------------------------------------------------------------------------------

#: The box C11 shaded sets (ruling R-IO-LABELS: 0 Ignored, 1 Discussed, 2 Debated, 3 Criticized, 4 Condemned).
IO_DEBATED = {label: v for v, label in B.IO_LABELS.items()}["Debated"]


@event("C11", "unshaded", playable=lambda g, faction: B.io(g) != B.IO_IGNORED)
def appeals_unshaded(g: Context, faction: str) -> None:
    """C11 unshaded (Ignored): International Opinion is set to Ignored (0; ruling R-IO-LABELS)."""
    B.set_io(g, B.IO_IGNORED, "Appeals to UN", "C11")


@event("C11", "shaded", playable=lambda g, faction: B.io(g) != IO_DEBATED)
def appeals_shaded(g: Context, faction: str) -> None:
    """C11 shaded (Debated): International Opinion is set to Debated (2; ruling R-IO-LABELS)."""
    B.set_io(g, IO_DEBATED, "Appeals to UN", "C11")
