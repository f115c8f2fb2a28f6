"""Kenya's reading of 1.4.1 IMPORTANT (ruling R-1.4.1; engine.coin.placement): a faction placing its own
forces by an Operation or Special Activity with none of that kind Available may take them from elsewhere on
the map; by an Event's own text too, unless the umpire chose the strict reading of 5.1.1 (R-1.4.1,
``available``). A Base is never taken from the space it goes to (a Base moved within its space changes
nothing); a Guerrilla may be, as a new piece placed Underground (1.4.1 DESIGN NOTE, 1.4.3). Markers and the
other faction's pieces come from Available only. In its own module because the question needs the game's
refusal words (engine.games.kenya.why), which import the board."""

from __future__ import annotations

from ...coin import placement
from ...core.flow import procedure
from . import board as B
from . import why as W

#: R-1.4.1's default reading: Events place own pieces from the map too.
OWN = placement.OwnPieces(B.BOARD, W, proc="ke.from_map", event_ruling="R-1.4.1", event_default="map")
map_sources = OWN.sources
may_take_from_map = OWN.may_take
place_own = OWN.place


@procedure
class FromMap(placement.FromMap):
    """None of a piece is Available: the owner takes one from the map to place it, or places none (1.4.1)."""

    name = "ke.from_map"
    own = OWN
