"""A generic hex-and-counter library (issue 31): no game data, nothing of ``engine.coin``.

- ``grid``: the hex grid of a map (rule 1.3 of *The First Arab-Israeli War*: a hexagonal network
  superimposed on the map): axial coordinates, the printed XXYY numbering in either orientation,
  neighbours, distance, hexsides, rings, and :class:`Grid`, the hexes of one map spoken of by label.
- ``terrain``, ``movement``, ``zoc``, ``stacking``, ``retreat``: movement costs, zones of control,
  stacking, retreat and advance over a map view (see each module).

The rest of the code speaks labels ("4012"); coordinates stay inside these modules.
"""

from .grid import (
    DIRECTIONS,
    Grid,
    GridError,
    Hex,
    Hexside,
    Layout,
    adjacent,
    distance,
    hexside,
    neighbours,
    ring,
    within,
)

__all__ = [
    "DIRECTIONS",
    "Grid",
    "GridError",
    "Hex",
    "Hexside",
    "Layout",
    "adjacent",
    "distance",
    "hexside",
    "neighbours",
    "ring",
    "within",
]
