"""Japanese Occupation's reading of 1.4.1 IMPORTANT (L1188; engine.coin.placement): a faction placing its own
forces by an Operation, Special Activity or Event with none of that kind Available may take them from elsewhere
on the map (the Example of Play does so for Train, L1698, even from the space placed in, the piece placed
again Underground, 1.4.3). An Event's own text follows 1.4.1 IMPORTANT, which names Events, over the general
"Events place only Available pieces" of 5.1.1 (ruling R-EVENT-FROM-MAP; the umpire may choose the strict reading).
Markers and the other faction's pieces come from Available only (1.9 NOTE for Force 136)."""

from __future__ import annotations

from ...coin import placement
from ...core import notation
from ...core.flow import procedure
from . import board as B
from . import why as W

notation.declare(__name__, {"take", "done"})

OWN = placement.OwnPieces(B.BOARD, W, proc="jo.from_map", event_ruling="R-EVENT-FROM-MAP", event_default="map",
                          not_from_target=("caches",))
map_sources = OWN.sources
may_take_from_map = OWN.may_take
place_own = OWN.place


@procedure
class FromMap(placement.FromMap):
    """None of a piece is Available: the owner takes one from the map to place it, or places none (1.4.1)."""

    name = "jo.from_map"
    own = OWN
