"""Cyprus Event cards C23 to C32 that grant no Operation (rule 5; texts and Tips in 9.0, L3859-3953): C23
Street Riots (EOKA Capability), C25 Assassinations (EOKA Capability), C26 Volkan/TMT (one text), C31 Turkish
Police (Dual Capability, one text), C32 Road Ambushes (EOKA Capability). (C24 and C27 to C30 grant Operations
and Special Activities: written elsewhere.)

The Capabilities' effects live where the rules they change live (5.3): C23 in Sabotage (ruling R-C23), C25 and
C31 in Infiltrate (which governs where both are in play: ruling R-CAPABILITY-CONFLICT, the one played later,
``state["played"]`` giving the order), C31 also in Sabotage's roll, C32 in Ambush. C31 has one text: the
Capability is recorded under the side ``event``, as the registry names a single text (``cap(g, "C31")`` is
``"event"`` once it is in play).
"""

from __future__ import annotations

from ....core.flow import Context
from .. import board as B
from . import capability, event
from .common import CELL_KEYS, pick

for _cid in ("C23", "C25", "C32"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")
capability("C31", "event")


# -- C26 Volkan/TMT ------------------------------------------------------------------------------------------

def cells_and_police(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.cells(B.sp(g, s)) and B.sp(g, s)["police"]]


@event("C26", "event", playable=lambda g, faction: bool(cells_and_police(g)))
def volkan(g: Context, faction: str) -> None:
    """C26 (Turkish resistance groups, L3891): in each of up to 2 spaces with Cells and Police the executing
    faction removes 1 Cell, Underground or Active as it chooses, to Available, and a Sabotage marker is placed
    there, only where a Cell was removed (Tip L3893). With all fifteen markers on the map the Cell is removed
    and no marker placed (5.1.3; ruling R-SABOTAGE-POOL). "Up to": it may stop sooner."""
    pick(g, faction, CELL_KEYS, spaces=cells_and_police(g), max=2, per_space=1, then="sabotage", rule="C26",
         label="Volkan/TMT")
