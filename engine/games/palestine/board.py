"""Palestine's board: spaces, pieces, markers, and the names of the Intel Chits' bookkeeping.

Rules 1.3 (map), 1.4 (forces, availability, stacking, Underground/Active), 1.6 (Intel Chits, Arms
Caches), 1.10 (Curfews). Every change to pieces goes through these helpers, so that the invariants
(Curfew removal, stacking, availability) hold after each one. The piece bookkeeping itself is the
series' (:class:`engine.coin.board.Board`), and so are the Intel Chit bag (engine.coin.intel) and Political
Will (engine.coin.will); this module names Palestine's pieces and keeps the names the rest of the game uses.
"""

from __future__ import annotations

from ...coin import cell_counts, intel
from ...coin.board import Board, PieceKind
from ...coin.will import shift_will  # noqa: F401  (the Cell games' Operations ask B.shift_will)
from ...core.flow import Context
from .data import MAP

#: Palestine's forces (1.4): Cells are two-state, Arms Caches at most two a space and never on Railways
#: (1.4.2). Cells alone go to Prison (1.3.6) or out of the game (Events).
BOARD = Board(MAP, [PieceKind("troops", "british", label="Troop", words=("troops",)),
                    PieceKind("police", "british", label="Police cube", words=("police",)),
                    PieceKind("cells", "irgun", flips=True, label="Cell", words=("underground", "active")),
                    PieceKind("caches", "irgun", stack=2, never_in=frozenset({"railway"}), label="Arms Cache",
                              words=("cache",))],
              markers=("sabotage", "terror", "curfew"), curfews=3, curfew_kinds=("city",), curfew_rule="1.10",
              boxes={"prison": ("cells",), "removed": ("cells",)})

SPACES: list[str] = BOARD.spaces
NAME: dict[str, str] = BOARD.names
KIND: dict[str, str] = BOARD.kind
COASTAL: set[str] = {s["id"] for s in MAP["spaces"] if s.get("coastal")}
CITIES = BOARD.of_kind("city")
DISTRICTS = BOARD.of_kind("district")
RAILWAYS = BOARD.of_kind("railway")
adj = BOARD.neighbours  # adj(g, sid): the neighbours in this game (map overrides applied)
CITY_DISTRICT: dict[str, str] = {c: MAP["mass_detention_district"][c] for c in CITIES}

#: Piece totals (1.2, 1.4): used by the conservation check.
TOTALS = {"troops": 12, "police": 6, "cells": 15, "caches": 5}
#: Intel Chits: 9, values 0 to 2, three of each (1.6.1).
INTEL_CHITS = list(intel.INTEL_CHITS)
CURFEWS = BOARD.curfews
#: Irgun pieces held under the Haganah Track's boxes (6.5.2; example 8.0 L594 and L630).
HAGANAH_SLOTS = {"4": {"cells": 2, "caches": 1}, "3": {"cells": 3}}

CELL_KINDS = {"underground": "cells_u", "active": "cells_a"}

empty_space = BOARD.empty_space
sp = BOARD.sp
name = BOARD.name
named = BOARD.named  # named(key): "an Underground Cell", "a Police cube"
within_one = BOARD.within_one
check_curfew = BOARD.check_curfew
curfews_on_map = BOARD.curfews_on_map
# The Cell games' counts (engine.coin.cell_counts).
cells = cell_counts.cells
cubes = cell_counts.cubes
irgun_pieces = cell_counts.insurgent_pieces
british_pieces = cell_counts.cubes


# -- availability and placement (1.4.1) ---------------------------------------------------------------

def place(g: Context, sid: str, piece: str, n: int = 1) -> int:
    """Places up to *n* pieces of *piece* (troops, police, cells, caches) from Available; returns how many.

    New Cells are Underground (1.4.3). Caches never on Railways and at most two a space (1.4.2).
    """
    return BOARD.place(g, sid, piece, n)


def remove(g: Context, sid: str, key: str, n: int = 1, to: str = "available") -> int:
    """Removes up to *n* pieces (key: troops, police, cells_u, cells_a, caches) to Available, Prison or out
    of the game (``removed``); only Cells go to Prison (1.3.6)."""
    return BOARD.remove(g, sid, key, n, to)


def move(g: Context, src: str, dst: str, key: str, n: int = 1) -> int:
    return BOARD.move(g, src, dst, key, n)


def activate(g: Context, sid: str, n: int) -> int:
    """Flips up to *n* Underground Cells Active; returns how many flipped (1.4.3)."""
    return BOARD.activate(g, sid, n, "cells")


def place_curfew(g: Context, sid: str) -> bool:
    """Places a Curfew in City *sid* if it has none and one is in the pool (1.4.2, 1.10)."""
    return BOARD.place_curfew(g, sid)


def terror_on_map(g: Context) -> int:
    return BOARD.on_map(g, "terror")


def sabotage_on_map(g: Context) -> int:
    return BOARD.on_map(g, "sabotage")


# -- Intel Chits (1.6.1): the series' bag (engine.coin.intel), under the names the game uses ----------

draw_chit = intel.draw_chit
spend_chit = intel.spend_chit
chit_values = intel.chit_values


# -- checks ------------------------------------------------------------------------------------------

def count_pieces(state: dict) -> dict[str, int]:
    """Every piece wherever it is: map, Available, Prison, Haganah boxes, out of the game."""
    held: dict[str, int] = {}
    for slot in state["haganah_slots"].values():
        for k, v in slot.items():
            held[k] = held.get(k, 0) + v
    return BOARD.count_pieces(state, held)
