"""Cyprus Event cards C27 to C30 whose texts grant Operations or Special Activities (rule 5; texts in 9.0,
L3897-3933): C27 Kyrenia Castle Prison, C28 British Bases, C29 Macmillan Plan and C30 Operation Forward to
Victory, both texts of each. How the granted Operations read (rulings R-FREE-OPS, R-EVENT-LEAD,
R-EVENT-FACTION, R-EVENT-OP-COUNT, R-SEARCH-ASSAULT, R-C28, R-C29) is said in granted_c15_c24's docstring;
the shared machinery is in granted.py. Texts that can change nothing now are not offered (5.1.3,
``playable``).
"""

from __future__ import annotations

from ....coin import pickers
from ....coin.events import ScriptEvent
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from ..operation import event_op_frame
from . import event
from .common import CELL_KEYS, cells_on_map, choose, pick, put
from .granted import (
    SearchThenAssault,
    grant_op,
    grant_sa,
    op_possible,
    sa_possible,
    search_or_assault,
    title,
)

notation.declare(__name__, {"remove", "choose", "done"})


# -- C27 Kyrenia Castle Prison -------------------------------------------------------------------------------------

def c27_unshaded_playable(g: Context, faction: str) -> bool:
    return bool(cells_on_map(g)) or sa_possible(g, "interrogate", {"rule": "C27"})


@event("C27", "unshaded", playable=c27_unshaded_playable)
@procedure
class KyreniaUnshaded(ScriptEvent):
    """C27 unshaded (Attack thwarted, L3899): the executing faction removes 1 Cell of its choice, Underground
    or Active, from any space to Prison (5.1); then the British Interrogate (4.2.3, with C10 and C17 if in
    play), with no Operation (rulings R-FREE-OPS, R-EVENT-FACTION). With no Cell on the map the Interrogate
    still follows (5.1.3)."""

    name = "cy.ev.C27.unshaded"
    script = ("cell", "interrogate")

    def cell(self, g, f):
        if not cells_on_map(g):
            g.say(f"{title('C27')}: no Cell is on the map to remove to Prison.", faction=f["faction"], rule="C27")
            return
        pick(g, f["faction"], CELL_KEYS, max=1, min=1, dest="prison", rule="C27", label="Kyrenia Castle Prison")

    def interrogate(self, g, f):
        grant_sa(g, "british", "interrogate", {"rule": "C27"}, "C27")


@event("C27", "shaded", playable=lambda g, faction: B.prison(g) > 0)
def kyrenia_shaded(g: Context, faction: str) -> None:
    """C27 shaded (Prison escape, L3901): every Cell in Prison goes to Available. Nothing to choose."""
    B.release_from_prison(g, B.prison(g), "Kyrenia Castle Prison: prison escape", "C27")


# -- C28 British Bases ---------------------------------------------------------------------------------------------

def quiet_bases(g: Context) -> list[str]:
    """British Bases with no Sabotage marker and no EOKA piece (C28 unshaded)."""
    return [b for b in B.BASES if not B.sp(g, b)["sabotage"] and not B.eoka_pieces(B.sp(g, b))]


@event("C28", "unshaded", playable=lambda g, faction: bool(quiet_bases(g)) and B.will(g) < B.PW_MAX)
def british_bases_unshaded(g: Context, faction: str) -> None:
    """C28 unshaded (Unsinkable aircraft carrier, L3909): Political Will rises by 1 for each British Base with
    neither a Sabotage marker nor an EOKA piece, not beyond 15 (5.1.1). Nothing to choose."""
    bases = quiet_bases(g)
    B.shift_will(g, len(bases), f"British Bases: {W.names(bases)}", "C28")


def base_sabotage_frame(g: Context) -> dict:
    """EOKA's Sabotage of C28 shaded: in either British Base or both, optional ("may")."""
    return event_op_frame(g, "sabotage", len(B.BASES), only=list(B.BASES), optional=True)


def c28_shaded_playable(g: Context, faction: str) -> bool:
    if g.s["available"]["cells"]:
        return True
    return op_possible(g, "eoka", "sabotage", base_sabotage_frame(g))


@event("C28", "shaded", playable=c28_shaded_playable)
@procedure
class BritishBasesShaded(ScriptEvent):
    """C28 shaded (Sabotage attempts, L3911): a Cell from Available goes into each British Base, Underground
    (1.4.3, 5.1.1); with one Cell Available the executing faction chooses its Base (ruling R-C28); then EOKA
    may Sabotage in either Base or both (ruling R-EVENT-OP-COUNT), an Underground Cell needed as usual
    (3.3.3), no Offensive (ruling R-EVENT-LEAD)."""

    name = "cy.ev.C28.shaded"
    script = ("cells", "sabotage")

    def cells(self, g, f):
        n = g.s["available"]["cells"]
        if n >= len(B.BASES):
            for b in B.BASES:
                B.place(g, b, "cells", 1)
                g.say(f"{title('C28')}: a Cell was placed in {B.name(b)} (Underground).", faction=f["faction"],
                      rule="C28")
        elif n:
            put(g, f["faction"], "cells", spaces=list(B.BASES), max=n, min=n, per_space=1, rule="C28",
                label="British Bases")
        else:
            g.say(f"{title('C28')}: no Cell is Available to place in the Bases (5.1.1).", faction=f["faction"],
                  rule="C28")

    def sabotage(self, g, f):
        grant_op(g, "eoka", "sabotage", base_sabotage_frame(g), "C28")


# -- C29 Macmillan Plan ------------------------------------------------------------------------------------------

#: C29 unshaded's two effects, by the word of ``choose``.
C29_WAYS = {"sabotage": "remove 2 Sabotage markers", "opinion": "shift International Opinion 2 steps left"}


def paid(g: Context) -> bool:
    """Whether C29's effect needs its Political Will shift to be made (the umpire's reading ``paid`` of ruling
    R-C29; by default the effect follows at the end of the track too, 5.1.3)."""
    return chosen(g.s, "R-C29", "partial") == "paid"


def c29_ways(g: Context) -> list[str]:
    """What C29 unshaded's effect can do now: remove Sabotage markers (some on the map), shift International
    Opinion left (not at Ignored)."""
    out = []
    if B.sabotage_on_map(g):
        out.append("sabotage")
    if B.io(g) > B.IO_MIN:
        out.append("opinion")
    return out


def c29_unshaded_playable(g: Context, faction: str) -> bool:
    return bool(c29_ways(g)) and (not paid(g) or B.will(g) > B.PW_MIN)


@procedure
class Unmark(pickers.Chooser):
    """C29 unshaded: the executing faction removes Sabotage markers one at a time (``remove SPACE``), ``min``
    of them where there are that many (5.1.3), up to ``max``."""

    name = "cy.ev.C29.remove"
    verb = "remove"

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        return [s for s in B.SPACES if B.sp(g, s)["sabotage"]]

    def take(self, g, f, arg):
        B.remove_sabotage(g, arg, "Macmillan Plan", "C29", n=1)

    def text(self, g, f):
        head = f"{side_name(f['role'])} (Macmillan Plan): remove a Sabotage marker (remove SPACE)"
        if f["taken"] < f["min"]:
            return f"{head} ({f['taken']} of {f['min']} to remove)"
        return f"{head} ({f['taken']} of up to {f['max']}), or done"

    def explain(self, g, f, verb, arg):
        """Why the order is refused: ``done`` before the card's count (5.1.3), a space with no marker."""
        opts = self.options(g, f)
        if verb == "done" and f["taken"] < f["min"] and opts:
            return W.because(f"the card removes {f['min']} Sabotage markers where there are that many, and "
                             f"{f['taken']} so far: what an Event can do, it must", "C29, 5.1.3")
        if verb != "remove":
            return W.turn_order(verb)
        if arg in opts:
            return None
        if f["taken"] >= f["max"]:
            return W.because(f"the card removes {f['max']} Sabotage markers, and has removed them", "C29")
        sid = W.space_of(arg)
        if sid is None:
            return W.not_a_space(arg or "")
        return W.because(f"{W.has(g, sid, 'sabotage')} to remove", "C29")


@event("C29", "unshaded", playable=c29_unshaded_playable)
@procedure
class MacmillanUnshaded(ScriptEvent):
    """C29 unshaded (Compromise offer, L3919): Political Will falls by 1 (not below 0, 5.1.1; ruling R-C29),
    then the executing faction either removes 2 Sabotage markers of its choice from the map or shifts
    International Opinion 2 steps left, toward Ignored (5.1; ruling R-EVENT-FACTION). Only an effect that can
    do something is offered; where only one can, it is carried out without asking."""

    name = "cy.ev.C29.unshaded"
    script = ("will", "ask", "effect")

    def will(self, g, f):
        if not B.shift_will(g, -1, "Macmillan Plan: the compromise offer", "C29"):
            g.say(f"{title('C29')}: Political Will is at {B.PW_MIN} and cannot fall; the offer stands all the same "
                  "(5.1.1, 5.1.3, ruling R-C29).", faction=f["faction"], rule="C29")

    def ask(self, g, f):
        ways = c29_ways(g)
        if len(ways) == 1:
            f["ret"] = ways[0]
            return
        choose(g, f["faction"], ways, rule="C29", label="Macmillan Plan",
               ask=f"choose sabotage, to {C29_WAYS['sabotage']}, or choose opinion, to {C29_WAYS['opinion']} "
                   f"(now at {B.io_label(B.io(g))})")

    def effect(self, g, f):
        way = f.pop("ret")
        g.say(f"{title('C29')}: the {side_name(f['faction'])} chose to {C29_WAYS[way]}.", faction=f["faction"],
              rule="C29")
        if way == "opinion":
            B.shift_io(g, -2, "Macmillan Plan: the compromise offer", "C29")
            return
        n = min(2, B.sabotage_on_map(g))
        g.call(Unmark.name, f["faction"], max=2, min=n, taken=0, per={}, rule="C29", label="Macmillan Plan")


def c29_shaded_playable(g: Context, faction: str) -> bool:
    if paid(g) and B.will(g) >= B.PW_MAX:
        return False
    return op_possible(g, "eoka", "sabotage", event_op_frame(g, "sabotage", 3))


@event("C29", "shaded", playable=c29_shaded_playable)
@procedure
class MacmillanShaded(ScriptEvent):
    """C29 shaded (Plan rejected, L3921): Political Will rises by 1 (not beyond 15, 5.1.1; ruling R-C29), then
    EOKA Sabotage in up to 3 spaces, Underground Cells needed as usual (Tip L3923), at least one where one
    qualifies (ruling R-EVENT-OP-COUNT), no Offensive (ruling R-EVENT-LEAD); EOKA conduct it whoever executes
    (ruling R-EVENT-FACTION)."""

    name = "cy.ev.C29.shaded"
    script = ("will", "sabotage")

    def will(self, g, f):
        if not B.shift_will(g, 1, "Macmillan Plan: the plan was rejected", "C29"):
            g.say(f"{title('C29')}: Political Will is at {B.PW_MAX} and cannot rise; the Sabotage follows all the "
                  "same (5.1.1, 5.1.3, ruling R-C29).", faction=f["faction"], rule="C29")

    def sabotage(self, g, f):
        grant_op(g, "eoka", "sabotage", event_op_frame(g, "sabotage", 3), "C29")


# -- C30 Operation Forward to Victory ------------------------------------------------------------------------------

@event("C30", "unshaded", playable=lambda g, faction: any(search_or_assault(g, s) for s in B.SPACES))
@procedure
class ForwardToVictoryUnshaded(SearchThenAssault):
    """C30 unshaded (British pre-empt offensive, L3929): the British may Search in 1 space of any kind and then
    Assault there (ruling R-SEARCH-ASSAULT)."""

    name = "cy.ev.C30.unshaded"
    cid = "C30"


def terror_towns(g: Context) -> list[str]:
    """The Towns with Underground Cells when C30 shaded is executed: the spaces its Sabotage may select."""
    return [t for t in B.TOWNS if B.sp(g, t)["cells_u"]]


def terror_frame(g: Context) -> dict:
    towns = terror_towns(g)
    return event_op_frame(g, "sabotage", len(towns), only=towns, optional=True)


def c30_shaded_playable(g: Context, faction: str) -> bool:
    return bool(terror_towns(g)) and op_possible(g, "eoka", "sabotage", terror_frame(g))


@event("C30", "shaded", playable=c30_shaded_playable)
def forward_to_victory_shaded(g: Context, faction: str) -> None:
    """C30 shaded (Grivas' terror campaign, L3931): EOKA may Sabotage in each Town with Underground Cells, any
    or all of them, each once (ruling R-EVENT-OP-COUNT), whoever executes (ruling R-EVENT-FACTION); the Towns
    are those with Underground Cells as the Event is executed."""
    grant_op(g, "eoka", "sabotage", terror_frame(g), "C30")
