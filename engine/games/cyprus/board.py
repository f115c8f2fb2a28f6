"""Cyprus's board: spaces, forces, Curfews, Sabotage markers, Prison, Intel Chits, Political Will and
International Opinion (issue 29).

Rules 1.3 (map: six Towns, two Mountains, two British Bases; 1.3.6 the Prison box of Cells), 1.4 (forces: 12
Troops, 6 Police, 12 Cells, 4 Arms Caches; 1.4.1 removed forces go to Available, Cells sometimes to Prison, and
a faction never takes its own pieces from the map to place them; 1.4.2 two Arms Caches a space at most and
never one in a British Base, any number of Sabotage markers in a space, one Curfew a Town and none elsewhere;
1.4.3 Underground/Active Cells), 1.6.1 (Intel Chits: the series' bag, engine.coin.intel), 1.7 (Sabotage
markers, never flipped to Terror), 1.8 (Political Will 0-15), 1.9 and 6.5 (International Opinion 0-4) and 1.10
(four Curfews, only in Towns, lifted at once from a space left with no British piece, L3295). The piece
bookkeeping and the Curfews are the COIN layer's (engine.coin.board); Cyprus has no Control, no Support and
no Resources.

A space's counts: ``troops``, ``police``, ``cells_u``, ``cells_a``, ``caches`` (forces), ``sabotage`` (how
many Sabotage markers) and ``curfew`` (0 or 1). The state: ``available``, ``prison`` (the Cells in Prison, a
number), ``suez`` (the Troops set on card C4 Suez Crisis until the next Reset, L3675, a number), ``pw``,
``io`` (International Opinion's value, 0 Ignored to 4 Condemned) and ``intel`` (``{"bag": [...], "held":
[...]}``, engine.coin.intel).
"""

from __future__ import annotations

from ...coin import cell_counts, intel
from ...coin.board import Board, PieceKind
from ...coin.tracks import shift_track
from ...coin.wording import count
from ...core.errors import RulesBugError
from ...core.flow import Context
from ...core.ruling_choice import chosen
from .data import COMPONENTS, MAP

_PIECE = {p["piece"]: p for p in COMPONENTS["pieces"]}
_MARKERS = {m["marker"]: m for m in COMPONENTS["markers"]}
_LABEL = {"troops": "Troop", "police": "Police cube", "cells": "Cell", "caches": "Arms Cache"}
#: The order words of each piece's keys (Palestine's, the sibling Cell game's).
_WORDS = {"troops": ("troops",), "police": ("police",), "cells": ("underground", "active"), "caches": ("cache",)}

#: Cyprus's forces (1.2, 1.4): Cells two-state, Arms Caches at most two a space and never in a British Base
#: (1.4.2, 1.3.4). Cells alone go to Prison (1.3.6); Troops alone to card C4 (``suez``, L3675).
BOARD = Board(MAP, [PieceKind(name, p["side"], flips=p["flips"], stack=p.get("stack"),
                              never_in=frozenset(p.get("never_in", ())), label=_LABEL[name], words=_WORDS[name])
                    for name, p in _PIECE.items()],
              markers=("sabotage", "curfew"), curfews=_MARKERS["curfew"]["count"],
              curfew_kinds=tuple(_MARKERS["curfew"]["kinds"]), curfew_rule="1.10",
              boxes={"prison": tuple(COMPONENTS["prison"]["accepts"]), "suez": ("troops",)})

SPACES: list[str] = BOARD.spaces
NAME: dict[str, str] = BOARD.names
KIND: dict[str, str] = BOARD.kind
TOWNS = BOARD.of_kind("town")
MOUNTAINS = BOARD.of_kind("mountain")
BASES = BOARD.of_kind("base")
#: The number printed in each space: what one Sabotage marker there costs in Political Will (6.1.2, L3504; 0 in a
#: Mountain, 1.3.3).
SABOTAGE_VALUE: dict[str, int] = {s["id"]: s["sabotage"] for s in MAP["spaces"]}
TOTALS: dict[str, int] = {name: p["count"] for name, p in _PIECE.items()}
#: The most Arms Caches a space may hold (1.4.2).
CACHES_MAX: int = _PIECE["caches"]["stack"]
#: Markers of the countermix (1.2, L3207): the four Curfews (1.10) and the fifteen Sabotage markers (1.7;
#: ruling R-SABOTAGE-POOL).
CURFEWS: int = BOARD.curfews
SABOTAGE_MARKERS: int = _MARKERS["sabotage"]["count"]
INTEL_CHITS: list[int] = list(intel.INTEL_CHITS)
#: The Troops C4 Suez Crisis sets on its card (L3675).
SUEZ_TROOPS = 3
PW_MIN, PW_MAX = COMPONENTS["political_will"]["min"], COMPONENTS["political_will"]["max"]
_IO = COMPONENTS["international_opinion"]
IO_MIN, IO_MAX = _IO["min"], _IO["max"]
#: International Opinion's boxes by value (6.5; ruling R-IO-LABELS): 0 Ignored ... 4 Condemned.
IO_LABELS: dict[int, str] = {e["value"]: e["label"] for e in _IO["labels"]}
IO_IGNORED, IO_CONDEMNED = _IO["smuggle"]["none_at"], _IO["smuggle"]["two_at"]
#: Cells in Prison per step of International Opinion in the Political Will Phase (6.1.1, L3502).
PRISON_PER_IO = COMPONENTS["prison"]["io_per_cells"]

CELL_KINDS = {"underground": "cells_u", "active": "cells_a"}

adj = BOARD.neighbours  # adj(g, sid): the neighbours in this game (map overrides applied)
sp = BOARD.sp
name = BOARD.name
named = BOARD.named  # named(key): "an Underground Cell", "a Police cube"
within_one = BOARD.within_one
empty_space = BOARD.empty_space
check_curfew = BOARD.check_curfew
curfews_on_map = BOARD.curfews_on_map
can_curfew = BOARD.can_curfew

# Intel Chits (1.6.1): the series' bag, under the names the game uses.
draw_chit = intel.draw_chit
spend_chit = intel.spend_chit
chit_values = intel.chit_values
held_text = intel.held_text
bag_size = intel.bag_size


# -- counting (the Cell games', engine.coin.cell_counts) ---------------------------------------------------

cells = cell_counts.cells  # Cells, Underground and Active (1.4.3)
cubes = cell_counts.cubes  # Troops and Police
british_pieces = cell_counts.cubes  # British forces: Troops and Police (1.4)
eoka_pieces = cell_counts.insurgent_pieces  # EOKA forces: Cells and Arms Caches (1.4)


def is_town(sid: str) -> bool:
    return KIND[sid] == "town"


def is_mountain(sid: str) -> bool:
    return KIND[sid] == "mountain"


def is_base(sid: str) -> bool:
    return KIND[sid] == "base"


def may_place(g: Context, sid: str, piece: str) -> bool:
    """Whether one more *piece* fits in *sid* (1.4.2: no third Arms Cache, none in a British Base)."""
    return BOARD.room(g, sid, piece) != 0


def count_pieces(state: dict) -> dict[str, int]:
    """Every piece wherever it is: the map, Available, Prison and card C4 (the conservation check)."""
    return BOARD.count_pieces(state)


# -- placing, removing, moving (1.4.1-1.4.3) ------------------------------------------------------------

def place(g: Context, sid: str, piece: str, n: int = 1) -> int:
    """Places up to *n* of *piece* (troops, police, cells, caches) from Available in *sid*; returns how many.
    New Cells are Underground (1.4.3); an Arms Cache never goes in a British Base nor as a third in a space
    (1.4.2). Only Available pieces are placed (1.4.1 Important: never one taken from the map)."""
    return BOARD.place(g, sid, piece, n)


def remove(g: Context, sid: str, key: str, n: int = 1, to: str = "available") -> int:
    """Removes up to *n* pieces of *key* (troops, police, cells_u, cells_a, caches) from *sid* to Available,
    Prison (Cells only, 1.3.6) or card C4 (``suez``, Troops only); returns how many. A Curfew left with no
    British piece is lifted at once (1.10, L3295)."""
    return BOARD.remove(g, sid, key, n, to)


def move(g: Context, src: str, dst: str, key: str, n: int = 1) -> int:
    """Moves up to *n* pieces of *key* from *src* to *dst*, their state unchanged (1.4.3 NOTE); a Curfew in
    *src* left with no British piece is lifted at once (1.10)."""
    return BOARD.move(g, src, dst, key, n)


def activate(g: Context, sid: str, n: int) -> int:
    """Flips up to *n* Underground Cells in *sid* Active; returns how many flipped (1.4.3)."""
    return BOARD.activate(g, sid, n, "cells")


def flip_all_underground(g: Context) -> None:
    """Every Cell on the map Underground (the Reset, 6.4)."""
    BOARD.flip_all_underground(g)


# -- Prison (1.3.6) ---------------------------------------------------------------------------------------

def prison(g: Context) -> int:
    """The Cells in Prison (1.3.6)."""
    return g.s["prison"]


def half_of_prison(g: Context) -> int:
    """Half the Cells in Prison, rounded down: those the Reset returns (1.3.6, 6.4)."""
    return g.s["prison"] // 2


def _take_out(g: Context, box: str, n: int, into: dict, key: str, said: str, faction: str, rule: str) -> int:
    """Takes up to *n* pieces out of the state's *box* (``prison``: Cells; ``suez``: Troops) into *into*'s *key*
    (Available, or a space's counts), logged as the count of pieces and *said*; returns how many."""
    k = max(0, min(n, g.s[box]))
    if k:
        g.s[box] -= k
        into[key] += k
        noun = "Cell" if box == "prison" else "Troop"
        g.say(f"{count(k, noun, noun + 's')} {said}", faction=faction, rule=rule)
    return k


def release_from_prison(g: Context, n: int, why: str, rule: str) -> int:
    """Returns up to *n* Cells from Prison to Available (the Reset 6.4, C27 shaded); returns how many."""
    return _take_out(g, "prison", n, g.s["available"], "cells", f"returned from Prison to Available ({why}).",
                     "eoka", rule)


def release_half(g: Context, rule: str = "6.4") -> int:
    """The Reset's return of half the Cells in Prison, rounded down, to Available (1.3.6, 6.4)."""
    return release_from_prison(g, half_of_prison(g), "half the Cells in Prison, rounded down", rule)


def place_from_prison(g: Context, sid: str, n: int, why: str, rule: str) -> int:
    """Places up to *n* Cells from Prison in *sid*, Underground (C7 shaded "place up to 1 Cell from Prison";
    1.4.3: new Cells are Underground); returns how many."""
    return _take_out(g, "prison", n, sp(g, sid), "cells_u", f"went from Prison to {NAME[sid]}, Underground ({why}).",
                     "eoka", rule)


def io_from_prison(g: Context) -> int:
    """The steps International Pressure shifts International Opinion right: one per 3 Cells in Prison,
    rounded down (6.1.1, L3502)."""
    return g.s["prison"] // PRISON_PER_IO


# -- card C4, Suez Crisis (L3675) -------------------------------------------------------------------------

def suez(g: Context) -> int:
    """The Troops on card C4 Suez Crisis, waiting for the next Reset to return to a British Base (L3675)."""
    return g.s["suez"]


def return_from_suez(g: Context, sid: str, n: int, rule: str = "C4") -> int:
    """Returns up to *n* Troops from card C4 to British Base *sid* (L3675: "return them to any British
    Bases"); returns how many."""
    if not is_base(sid):
        raise RulesBugError(f"{sid} is not a British Base: C4's Troops return to a Base (L3675)")
    return _take_out(g, "suez", n, sp(g, sid), "troops", f"returned from Suez Crisis to {NAME[sid]}.", "british",
                     rule)


# -- Curfews (1.10) ---------------------------------------------------------------------------------------

def curfew_pool(g: Context) -> int:
    """Curfews in the British pool, not on the map (1.10: four in all)."""
    return CURFEWS - curfews_on_map(g)


def curfew_spaces(g: Context) -> list[str]:
    """The spaces with a Curfew, in board order."""
    return [s for s in SPACES if g.s["spaces"][s]["curfew"]]


def place_curfew(g: Context, sid: str, rule: str = "3.2.3") -> bool:
    """Places a Curfew from the pool in Town *sid* if it has none and holds a British piece (1.4.2, 1.10: a
    Curfew where no British piece is would be lifted at once, so none is placed); returns whether one was.
    With the pool empty, the British move one from elsewhere instead (1.10 L3293: :func:`move_curfew`, their
    choice of which)."""
    if not BOARD.place_curfew(g, sid):
        return False
    g.say(f"A Curfew was placed in {NAME[sid]}.", faction="british", rule=rule)
    return True


def move_curfew(g: Context, src: str, dst: str, rule: str = "1.10") -> bool:
    """Moves the Curfew in *src* to Town *dst* (1.10, L3293: none left in the pool, the British move one from
    elsewhere on the map; ruling R-CURFEW-POOL); returns whether it moved. *dst* must take one: a Town with
    none and a British piece."""
    x, y = sp(g, src), sp(g, dst)
    if src == dst or not x["curfew"] or y["curfew"] or not is_town(dst) or not british_pieces(y):
        return False
    x["curfew"], y["curfew"] = 0, 1
    g.say(f"The Curfew in {NAME[src]} was moved to {NAME[dst]}.", faction="british", rule=rule)
    return True


def remove_curfew(g: Context, sid: str, why: str, rule: str) -> bool:
    """Removes the Curfew in *sid* back to the pool (Restore 4.2.1, the Reset 6.4, Events); returns whether
    there was one."""
    x = sp(g, sid)
    if not x["curfew"]:
        return False
    x["curfew"] = 0
    g.say(f"The Curfew in {NAME[sid]} was removed ({why}).", rule=rule)
    return True


# -- Sabotage markers (1.7) -------------------------------------------------------------------------------

def sabotage_on_map(g: Context) -> int:
    return BOARD.on_map(g, "sabotage")


def sabotage_limited(state: dict) -> bool:
    """Whether the game has only the fifteen Sabotage markers of the countersheet (1.2; ruling R-SABOTAGE-POOL,
    by default; the umpire may choose them unlimited)."""
    return chosen(state, "R-SABOTAGE-POOL", "fifteen") == "fifteen"


def sabotage_left(g: Context) -> int | None:
    """Sabotage markers not on the map, those a placement may use (1.2: fifteen); ``None`` where the umpire
    chose them unlimited (ruling R-SABOTAGE-POOL)."""
    return SABOTAGE_MARKERS - sabotage_on_map(g) if sabotage_limited(g.s) else None


def place_sabotage(g: Context, sid: str, rule: str) -> bool:
    """Places a Sabotage marker in *sid*, even on others (1.4.2, 1.7: no limit in a space), if one of the
    fifteen is left (ruling R-SABOTAGE-POOL); returns whether one was placed."""
    if sabotage_left(g) == 0:
        g.say(f"No Sabotage marker is left to place in {NAME[sid]}: all {SABOTAGE_MARKERS} are on the map.",
              rule=rule)
        return False
    x = sp(g, sid)
    x["sabotage"] += 1
    n = x["sabotage"]
    g.say(f"A Sabotage marker was placed in {NAME[sid]}{f' ({n} there now)' if n > 1 else ''}.", rule=rule)
    return True


def remove_sabotage(g: Context, sid: str, why: str, rule: str, n: int | None = None) -> int:
    """Removes up to *n* Sabotage markers from *sid*, all of them if *n* is None (Restore 4.2.1, the Reset
    6.4, C29 unshaded); returns how many."""
    x = sp(g, sid)
    k = x["sabotage"] if n is None else max(0, min(n, x["sabotage"]))
    if k:
        x["sabotage"] -= k
        g.say(f"{'A Sabotage marker was' if k == 1 else f'{k} Sabotage markers were'} removed from {NAME[sid]} "
              f"({why}).", rule=rule)
    return k


def sabotage_value(sid: str) -> int:
    """The number printed in *sid*: what each Sabotage marker there costs in Political Will (6.1.2: 2 in
    Nicosia and the Bases, 1 in the other Towns; 0 in a Mountain, 1.3.3)."""
    return SABOTAGE_VALUE[sid]


def disorder(g: Context) -> int:
    """The Political Will the Sabotage markers cost in the Political Will Phase: each marker in a Town or Base
    its space's value (6.1.2)."""
    return sum(x["sabotage"] * SABOTAGE_VALUE[s] for s, x in g.s["spaces"].items())


def towns_without_sabotage(g: Context) -> list[str]:
    """The Towns with no Sabotage marker (6.1.3: +1 Political Will for every two)."""
    return [s for s in TOWNS if not g.s["spaces"][s]["sabotage"]]


def towns_marked(g: Context) -> list[str]:
    """The Towns with a Sabotage or a Curfew marker (Diplomacy 4.2.2 and the Reset 6.4 count them; Bases
    are not Towns)."""
    return [s for s in TOWNS if g.s["spaces"][s]["sabotage"] or g.s["spaces"][s]["curfew"]]


def caches_in_mountains(g: Context) -> int:
    """The Arms Caches in the Mountains (6.1.3: none gives +2 Political Will)."""
    return sum(g.s["spaces"][s]["caches"] for s in MOUNTAINS)


# -- Political Will (1.8) and International Opinion (1.9, 6.5) ---------------------------------------------

def will(g: Context) -> int:
    """British Political Will (1.8)."""
    return g.s["pw"]


def shift_will(g: Context, delta: int, why: str, rule: str) -> int:
    """Moves Political Will by *delta*, never below 0 or above 15 (1.8, 5.1.1); returns the change made and
    logs it with *rule*."""
    return shift_track(g, "pw", delta, PW_MIN, PW_MAX, "Political Will", why, rule)


def io(g: Context) -> int:
    """International Opinion's value, 0 (Ignored) to 4 (Condemned) (6.5)."""
    return g.s["io"]


def io_label(value: int) -> str:
    """``Debated (2)``: the box's name and value (ruling R-IO-LABELS)."""
    return f"{IO_LABELS[value]} ({value})"


def set_io(g: Context, value: int, why: str, rule: str) -> int:
    """Sets International Opinion to *value* (C11 "Set International Opinion to Ignored"), within 0-4;
    returns the change made and logs it."""
    before = g.s["io"]
    after = max(IO_MIN, min(IO_MAX, value))
    if after != before:
        g.s["io"] = after
        g.say(f"International Opinion moved from {io_label(before)} to {io_label(after)} ({why}).", rule=rule)
    return after - before


def shift_io(g: Context, steps: int, why: str, rule: str) -> int:
    """Shifts International Opinion *steps* boxes right (toward Condemned; negative: left, toward Ignored),
    never past either end (6.5); returns the shift made."""
    return set_io(g, g.s["io"] + steps, why, rule)


def smuggle_spaces(value: int) -> int:
    """How many spaces Smuggle may select at International Opinion *value*: none at Ignored, two at
    Condemned, else one (4.3.1, L3450)."""
    return 0 if value == IO_IGNORED else 2 if value == IO_CONDEMNED else 1
