"""Cyprus Event cards C13 to C22 that grant no Operation (rule 5; texts and Tips in 9.0, L3761-3857): C13
Human Rights Committees (EOKA Capability), C14 Radio Athens, C16 Q-Patrols, C17 Special Branch (British
Capability), C18 Cordon and Search (British Capability), C20 Youth Movements, C21 Development Program, C22
Greek Government (one text). (C15 and C19 grant Operations: written elsewhere.)

The executing faction makes every choice of these texts (5.1; ruling R-EVENT-FACTION: C16's and C20's spaces,
C22's direction and Cells), except where a Curfew must be moved, which the British do (ruling
R-CURFEW-POOL). A text that can change nothing now is not offered (5.1.3). Events place only Available Cells
(5.1.1), Underground (1.4.3). The Capabilities' effects live where the rules they change live (5.3): C13 in
Propagandize, C17 in Interrogate (unshaded, with C10: ruling R-CAPABILITY-CONFLICT) and Patrol (shaded), C18
in Travel (ruling R-C18) and, unshaded, at the start of the Reset Phase.
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....core.flow import Context, procedure
from .. import board as B
from . import capability, event
from .common import (
    CELL_KEYS,
    EOKA_KEYS,
    cells_on_map,
    choose,
    mark,
    mark_spaces,
    mark_test,
    pick,
    placeable,
    put,
)

for _cid in ("C13", "C17", "C18"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")

#: C14 unshaded works at Discussed or Ignored (ruling R-IO-LABELS: 1 and 0).
IO_DISCUSSED = {label: v for v, label in B.IO_LABELS.items()}["Discussed"]


# -- C14 Radio Athens ----------------------------------------------------------------------------------------

@event("C14", "unshaded", playable=lambda g, faction: B.io(g) <= IO_DISCUSSED and cells_on_map(g) > 0)
def radio_athens_unshaded(g: Context, faction: str) -> None:
    """C14 unshaded (Disrupted by Greece): with International Opinion at Discussed or Ignored (1 or 0, ruling
    R-IO-LABELS), the executing faction removes 3 Cells of its choice from anywhere on the map to Available,
    fewer if fewer are there (5.1.3); never from Prison. At Debated or beyond the text does nothing and is not
    offered."""
    n = min(3, cells_on_map(g))
    pick(g, faction, CELL_KEYS, max=3, min=n, rule="C14", label="Radio Athens")


@event("C14", "shaded", playable=lambda g, faction: bool(placeable(g, "cells", B.TOWNS + B.MOUNTAINS)))
def radio_athens_shaded(g: Context, faction: str) -> None:
    """C14 shaded (Attracts recruits): the executing faction places 3 Cells from Available in Towns or Mountains,
    shared among them at will, fewer if fewer are Available (5.1.1, 5.1.3)."""
    n = min(3, g.s["available"]["cells"])
    put(g, faction, "cells", spaces=B.TOWNS + B.MOUNTAINS, max=3, min=n, rule="C14", label="Radio Athens")


# -- C16 Q-Patrols -------------------------------------------------------------------------------------------

def troops_and_eoka(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["troops"] and B.eoka_pieces(B.sp(g, s))]


@event("C16", "unshaded", playable=lambda g, faction: bool(troops_and_eoka(g)))
def q_patrols_unshaded(g: Context, faction: str) -> None:
    """C16 unshaded (Root out EOKA): in each of up to 3 spaces with Troops the executing faction removes 1 EOKA
    piece of its choice to Available, a Cell or an Arms Cache, at most 1 Arms Cache in all; the Arms Cache
    raises Political Will by 1 (not beyond 15, 5.1.1; Tip L3797). "Up to": it may stop sooner."""
    pick(g, faction, EOKA_KEYS, spaces=troops_and_eoka(g), max=3, per_space=1, most={"caches": 1},
         on_cache="pw", rule="C16", label="Q-Patrols")


@mark_test("C16-shaded", "a Town with Troops")
def c16_town(g: Context, sid: str) -> bool:
    return B.is_town(sid) and bool(B.sp(g, sid)["troops"])


@event("C16", "shaded", playable=lambda g, faction: bool(mark_spaces(g, "sabotage", "C16-shaded")))
def q_patrols_shaded(g: Context, faction: str) -> None:
    """C16 shaded (Terrorize civilians): the executing faction places a Sabotage marker in each of up to 2
    Towns with Troops, even on others (1.7), while one of the fifteen is left (ruling R-SABOTAGE-POOL)."""
    mark(g, faction, "sabotage", "C16-shaded", count=2, rule="C16", label="Q-Patrols")


# -- C20 Youth Movements -------------------------------------------------------------------------------------

@mark_test("C20-unshaded", "a Town with Troops")
def c20_town(g: Context, sid: str) -> bool:
    return B.is_town(sid) and bool(B.sp(g, sid)["troops"])


@event("C20", "unshaded", playable=lambda g, faction: bool(mark_spaces(g, "curfew", "C20-unshaded")))
def youth_unshaded(g: Context, faction: str) -> None:
    """C20 unshaded (British impose curfews): the executing faction places a Curfew in each of up to 2 Towns
    with Troops and no Curfew (1.4.2). With none left in the pool the British, whoever executes, move one from
    another Town (1.10 L3293; ruling R-CURFEW-POOL)."""
    mark(g, faction, "curfew", "C20-unshaded", count=2, rule="C20", label="Youth Movements")


@event("C20", "shaded", playable=lambda g, faction: bool(placeable(g, "cells", B.TOWNS)))
def youth_shaded(g: Context, faction: str) -> None:
    """C20 shaded (Used for recruitment): the executing faction places 3 Cells from Available in Towns, fewer
    if fewer are Available (5.1.1, 5.1.3)."""
    n = min(3, g.s["available"]["cells"])
    put(g, faction, "cells", spaces=B.TOWNS, max=3, min=n, rule="C20", label="Youth Movements")


# -- C21 Development Program ---------------------------------------------------------------------------------

def developed(g: Context) -> list[str]:
    """Towns with a Troop and a Police cube and no EOKA piece, Sabotage marker or Curfew (Tip L3847)."""
    out = []
    for sid in B.TOWNS:
        x = B.sp(g, sid)
        if x["troops"] and x["police"] and not B.eoka_pieces(x) and not x["sabotage"] and not x["curfew"]:
            out.append(sid)
    return out


@event("C21", "unshaded", playable=lambda g, faction: bool(developed(g)) and B.will(g) < B.PW_MAX)
def development_unshaded(g: Context, faction: str) -> None:
    """C21 unshaded (Win hearts and minds): Political Will rises by 1 for each Town with Troops and Police and
    no EOKA piece, Sabotage marker or Curfew (Tip L3847), not beyond 15 (5.1.1). Nothing to choose."""
    towns = developed(g)
    B.shift_will(g, len(towns), f"Development Program: {', '.join(B.name(s) for s in towns)}", "C21")


@event("C21", "shaded", playable=lambda g, faction: bool(placeable(g, "cells", B.TOWNS)))
def development_shaded(g: Context, faction: str) -> None:
    """C21 shaded (Loyalty cannot be bought): the executing faction places 2 Cells from Available in Towns,
    together or apart, fewer if fewer are Available (5.1.1, 5.1.3)."""
    n = min(2, g.s["available"]["cells"])
    put(g, faction, "cells", spaces=B.TOWNS, max=2, min=n, rule="C21", label="Development Program")


# -- C22 Greek Government ------------------------------------------------------------------------------------

#: C22's shifts of International Opinion, by the word of ``choose``: steps right (toward Condemned).
C22_SHIFTS = {"left-2": -2, "left-1": -1, "none": 0, "right-1": 1, "right-2": 2}


def c22_shifts(g: Context) -> list[str]:
    """The shifts that do what they say: none past either end of the track (6.5; ruling R-IO-LABELS: a shift
    past an end is lost, so ``left-2`` at Discussed would be ``left-1``), and ``none`` ("up to 2")."""
    v = B.io(g)
    return [w for w, d in C22_SHIFTS.items() if B.IO_MIN <= v + d <= B.IO_MAX]


def c22_ways(g: Context) -> list[str]:
    """What the second sentence can do now: ``place`` 2 Cells in Towns (some Available, 5.1.1), ``remove`` 2
    Cells from the map (some there; never from Prison, Tip L3855)."""
    out = []
    if placeable(g, "cells", B.TOWNS):
        out.append("place")
    if cells_on_map(g):
        out.append("remove")
    return out


@event("C22", "event")
@procedure
class GreekGovernment(ScriptEvent):
    """C22 (Critical opinion on Enosis, L3853): the executing faction shifts International Opinion up to 2 steps
    in the direction it chooses, or not at all (ruling R-IO-LABELS); then it either places 2 Cells from
    Available in Towns or removes 2 Cells from the map to Available, its choice (5.1; Tip L3855: either player),
    2 where it can (5.1.3). Where only one of the two can do anything it is done without asking; where neither
    can, the text ends with the shift."""

    name = "cy.ev.C22.event"
    script = ("ask_shift", "shift", "ask_way", "way")

    def ask_shift(self, g, f):
        shifts = c22_shifts(g)
        choose(g, f["faction"], shifts, rule="C22", label="Greek Government",
               ask=f"shift International Opinion, now {B.io_label(B.io(g))}, up to 2 steps left (toward Ignored) "
                   f"or right (toward Condemned): choose {', '.join(shifts[:-1])} or {shifts[-1]}")

    def shift(self, g, f):
        steps = C22_SHIFTS[f.pop("ret")]
        if steps:
            B.shift_io(g, steps, "Greek Government", "C22")
        else:
            g.say("Greek Government: International Opinion was left where it was.", faction=f["faction"],
                  rule="C22")

    def ask_way(self, g, f):
        ways = c22_ways(g)
        if len(ways) == 1:
            f["ret"] = ways[0]
            return
        if not ways:
            g.say("Greek Government: no Cell is Available to place or on the map to remove.", faction=f["faction"],
                  rule="C22, 5.1.3")
            f["pc"] = len(self.script)
            return
        choose(g, f["faction"], ways, rule="C22", label="Greek Government",
               ask="choose place (2 Cells from Available into Towns) or choose remove (2 Cells from the map to "
                   "Available)")

    def way(self, g, f):
        if f.pop("ret") == "place":
            n = min(2, g.s["available"]["cells"])
            put(g, f["faction"], "cells", spaces=B.TOWNS, max=2, min=n, rule="C22", label="Greek Government")
        else:
            n = min(2, cells_on_map(g))
            pick(g, f["faction"], CELL_KEYS, max=2, min=n, rule="C22", label="Greek Government")
