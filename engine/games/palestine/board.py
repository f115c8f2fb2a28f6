"""Palestine's board: spaces, pieces, markers, Intel Chits and their bookkeeping.

Rules 1.3 (map), 1.4 (forces, availability, stacking, Underground/Active), 1.6 (Intel Chits, Arms
Caches), 1.10 (Curfews). Every change to pieces goes through these helpers, so that the invariants
(Curfew removal, stacking, availability) hold after each one.
"""

from __future__ import annotations

from ...core.errors import RulesBugError
from ...core.flow import Context
from .data import MAP

SPACES: list[str] = [s["id"] for s in MAP["spaces"]]
NAME: dict[str, str] = {s["id"]: s["name"] for s in MAP["spaces"]}
KIND: dict[str, str] = {s["id"]: s["kind"] for s in MAP["spaces"]}
COASTAL: set[str] = {s["id"] for s in MAP["spaces"] if s.get("coastal")}
CITIES = [s for s in SPACES if KIND[s] == "city"]
DISTRICTS = [s for s in SPACES if KIND[s] == "district"]
RAILWAYS = [s for s in SPACES if KIND[s] == "railway"]
ADJ: dict[str, set[str]] = {s: set() for s in SPACES}
for _e in MAP["adjacency"]:
    ADJ[_e["a"]].add(_e["b"])
    ADJ[_e["b"]].add(_e["a"])
CITY_DISTRICT: dict[str, str] = {c: MAP["mass_detention_district"][c] for c in CITIES}

#: Piece totals (1.2, 1.4): used by the conservation check.
TOTALS = {"troops": 12, "police": 6, "cells": 15, "caches": 5}
#: Intel Chits: 9, values 0 to 2, three of each (1.6.1).
INTEL_CHITS = [0, 0, 0, 1, 1, 1, 2, 2, 2]
CURFEWS = 3
#: Irgun pieces held under the Haganah Track's boxes (6.5.2; example 8.0 L594 and L630).
HAGANAH_SLOTS = {"4": {"cells": 2, "caches": 1}, "3": {"cells": 3}}

CELL_KINDS = {"underground": "cells_u", "active": "cells_a"}


def empty_space() -> dict:
    return {"troops": 0, "police": 0, "cells_u": 0, "cells_a": 0, "caches": 0,
            "sabotage": 0, "terror": 0, "curfew": 0}


def sp(g: Context, sid: str) -> dict:
    return g.s["spaces"][sid]


def cells(x: dict) -> int:
    return x["cells_u"] + x["cells_a"]


def cubes(x: dict) -> int:
    return x["troops"] + x["police"]


def irgun_pieces(x: dict) -> int:
    return x["cells_u"] + x["cells_a"] + x["caches"]


def british_pieces(x: dict) -> int:
    return x["troops"] + x["police"]


def adjacent(a: str, b: str) -> bool:
    return b in ADJ[a]


def within_one(sid: str) -> list[str]:
    """The space and those adjacent to it."""
    return [sid, *sorted(ADJ[sid])]


def name(sid: str) -> str:
    return NAME[sid]


# -- availability and placement (1.4.1) ---------------------------------------------------------------

def place(g: Context, sid: str, piece: str, n: int = 1) -> int:
    """Places up to *n* pieces of *piece* (troops, police, cells, caches) from Available; returns how many.

    New Cells are Underground (1.4.3). Caches never on Railways and at most two a space (1.4.2).
    """
    avail = g.s["available"]
    x = sp(g, sid)
    if piece == "caches":
        if KIND[sid] == "railway":
            return 0
        n = min(n, 2 - x["caches"])
    n = max(0, min(n, avail[piece]))
    if n:
        avail[piece] -= n
        x["cells_u" if piece == "cells" else piece] += n
    return n


def remove(g: Context, sid: str, key: str, n: int = 1, to: str = "available") -> int:
    """Removes up to *n* pieces (key: troops, police, cells_u, cells_a, caches) to Available or Prison."""
    x = sp(g, sid)
    n = max(0, min(n, x[key]))
    if not n:
        return 0
    x[key] -= n
    piece = "cells" if key in ("cells_u", "cells_a") else key
    if to == "prison":
        if piece != "cells":
            raise RulesBugError("only Cells go to Prison (1.3.6)")
        g.s["prison"] += n
    elif to == "removed":
        g.s["removed"] += n
    else:
        g.s["available"][piece] += n
    if key in ("troops", "police"):
        check_curfew(g, sid)
    return n


def move(g: Context, src: str, dst: str, key: str, n: int = 1) -> int:
    x, y = sp(g, src), sp(g, dst)
    n = max(0, min(n, x[key]))
    x[key] -= n
    y[key] += n
    if key in ("troops", "police"):
        check_curfew(g, src)
    return n


def activate(g: Context, sid: str, n: int) -> int:
    """Flips up to *n* Underground Cells Active; returns how many flipped (1.4.3)."""
    x = sp(g, sid)
    k = max(0, min(n, x["cells_u"]))
    x["cells_u"] -= k
    x["cells_a"] += k
    return k


def check_curfew(g: Context, sid: str) -> None:
    """A Curfew in a space empty of British pieces is removed at once (1.10)."""
    x = sp(g, sid)
    if x["curfew"] and not british_pieces(x):
        x["curfew"] = 0
        g.say(f"The Curfew in {name(sid)} was lifted: no British pieces remain.", rule="1.10")


def curfews_on_map(g: Context) -> int:
    return sum(sp(g, s)["curfew"] for s in SPACES)


def place_curfew(g: Context, sid: str) -> bool:
    """Places a Curfew in City *sid* if it has none and one is in the pool (1.4.2, 1.10)."""
    x = sp(g, sid)
    if KIND[sid] != "city" or x["curfew"] or curfews_on_map(g) >= CURFEWS:
        return False
    if not british_pieces(x):
        return False  # it would be lifted at once (1.10)
    x["curfew"] = 1
    return True


def terror_on_map(g: Context) -> int:
    return sum(sp(g, s)["terror"] for s in SPACES)


def sabotage_on_map(g: Context) -> int:
    return sum(sp(g, s)["sabotage"] for s in SPACES)


# -- Intel Chits (1.6.1) -----------------------------------------------------------------------------

def draw_chit(g: Context, why: str, rule: str | None = None) -> int | None:
    """Draws one Intel Chit at random from the bag and reveals it; ``None`` if the bag is empty."""
    intel = g.s["intel"]
    if not intel["bag"]:
        g.say(f"British could not draw an Intel Chit ({why}): the bag is empty.", faction="british", rule=rule)
        return None
    v = g.draw(intel["bag"], f"Intel Chit ({why})")
    intel["held"].append(v)
    intel["held"].sort()
    g.say(f"British drew an Intel Chit of value {v} ({why}).", faction="british", rule=rule or "1.6.1")
    return v


def spend_chit(g: Context, value: int) -> None:
    """Returns one held chit of *value* to the bag (spent or discarded, 1.6.1)."""
    intel = g.s["intel"]
    if value not in intel["held"]:
        raise RulesBugError(f"British hold no Intel Chit of value {value}")
    intel["held"].remove(value)
    intel["bag"].append(value)
    intel["bag"].sort()


def chit_values(g: Context, minimum: int = 0) -> list[str]:
    return [str(v) for v in sorted(set(g.s["intel"]["held"])) if v >= minimum]


# -- checks ------------------------------------------------------------------------------------------

def count_pieces(state: dict) -> dict[str, int]:
    """Every piece wherever it is: map, Available, Prison, Haganah boxes, out of the game."""
    tot = {k: 0 for k in TOTALS}
    for x in state["spaces"].values():
        tot["troops"] += x["troops"]
        tot["police"] += x["police"]
        tot["cells"] += x["cells_u"] + x["cells_a"]
        tot["caches"] += x["caches"]
    for k, v in state["available"].items():
        tot[k] += v
    tot["cells"] += state["prison"] + state["removed"]
    for slot in state["haganah_slots"].values():
        for k, v in slot.items():
            tot[k] += v
    return tot
