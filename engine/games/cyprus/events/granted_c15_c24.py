"""Cyprus Event cards C15 to C24 whose texts grant Operations or Special Activities (rule 5; texts in 9.0,
L3781-3877): C15 John Harding, C19 Mountain Gangs and C24 Turkish Cypriots, both texts of each; C27 to C30 are
in granted_c27_c30. The shared machinery is in granted.py.

What a granted Operation or Special Activity is (ruling R-FREE-OPS; Cyprus has no rule 5.4): part of
executing the Event, so it leaves Eligibility to the Event box (4.1, L3422), carries no Special Activity of
its own, and keeps its rule's requirements unless the text changes them. Its frame is the card's
(``operation.event_op_frame``: ``only``, ``selected``, ``optional``, the card and its count); every text here
fixes its spaces, so no Intelligence Lead or Offensive adds one (ruling R-EVENT-LEAD). It is conducted, with
all its choices, by the faction that owns it: the British Search, Assault, Patrol and Interrogate, EOKA's
Sabotage, whoever executes the Event (ruling R-EVENT-FACTION); the rest of a text is the executing faction's
(5.1). A granted Operation that could select no space is not asked for: the log says why (5.1.3).

How the texts read (rulings R-EVENT-OP-COUNT, R-SEARCH-ASSAULT, R-C15, R-C24, R-C28, R-C29):

- "may" lets the named faction decline (R-FREE-OPS); a granted Operation without "may" (C15, C24 unshaded,
  C29 shaded) is conducted wherever a space qualifies, and "in up to N spaces" bounds its count (ruling
  R-EVENT-OP-COUNT); "may Sabotage in each" (C28 shaded, C30 shaded) lets EOKA choose any of those spaces.
- "Search ... and then Assault there" (C19 unshaded, C30 unshaded): the space is the one the British select
  for the Search; the "may" reaches both Operations, so declining the Search ends the text and the Assault
  may still be declined (ruling R-SEARCH-ASSAULT). C15 unshaded has no "may": both are made (ruling R-C15).
- C15 unshaded: the Town must be one that can take the Curfew, while one can (ruling R-C15).
- C24 unshaded: the executing faction places the Police, all of them, in spaces already holding British
  pieces (ruling R-C24). C28 shaded: with one Cell Available the executing faction chooses its Base (R-C28).
- C29: the Political Will shift is the price of the effect ("to"); at the end of the track it cannot be
  made and the effect follows all the same (5.1.3), unless the umpire chose that the price must be paid
  (ruling R-C29: then the text is not offered there).

Texts that can change nothing now are not offered (5.1.3, ``playable``).
"""

from __future__ import annotations

from ....coin import pickers
from ....coin.events import ScriptEvent
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import event_op_frame
from . import event
from .common import event_curfew, mark, mark_spaces, mark_test, put
from .granted import (
    SearchThenAssault,
    grant_op,
    op_local,
    op_proc,
    search_or_assault,
    title,
)

notation.declare(__name__, {"space", "move", "remove", "choose", "done"})


# -- C15 John Harding ------------------------------------------------------------------------------------------

def harding_towns(g: Context) -> list[str]:
    """The Towns C15 unshaded may choose: with Troops and no Curfew, so that the Curfew can be placed (1.4.2;
    ruling R-C15); only if every Town with Troops has one already, any of them (the Curfew is then not
    placed, 5.1.3)."""
    troops = [t for t in B.TOWNS if B.sp(g, t)["troops"]]
    free = [t for t in troops if not B.sp(g, t)["curfew"]]
    return free or troops


def c15_unshaded_playable(g: Context, faction: str) -> bool:
    return any(not B.sp(g, t)["curfew"] or search_or_assault(g, t) for t in harding_towns(g))


@procedure
class HardingTown(Procedure):
    """C15 unshaded: the executing faction chooses the Town with Troops for the Curfew, the Search and the
    Assault (``space TOWN``); it ends with the Town."""

    name = "cy.ev.C15.town"

    def prompt(self, g, f):
        return {"space": harding_towns(g)}

    def text(self, g, f):
        return (f"{side_name(f['role'])} (John Harding): choose a Town with Troops for the Curfew, then the "
                "British Search and Assault there")

    def rule_for(self, g, f):
        return "C15"

    def explain(self, g, f, verb, arg):
        """Why ``space ARG`` is refused: not a space, not a Town, no Troops, or a Curfew there already while
        another Town with Troops can take one (ruling R-C15)."""
        if verb != "space":
            return W.turn_order(verb)
        opts = harding_towns(g)
        if arg in opts:
            return None
        sid = W.space_of(arg)
        if sid is None:
            return W.not_a_space(arg or "")
        if not B.is_town(sid):
            return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: the card places its Curfew in a Town with "
                             "Troops", "C15")
        if not B.sp(g, sid)["troops"]:
            return W.because(f"{W.has(g, sid, 'troops')}: the card places its Curfew in a Town with Troops", "C15")
        return W.because(f"{W.has(g, sid, 'curfew')} already, and {W.names(opts, joint='or')} can still take "
                         "one: what the Event can do, it must", "C15, 1.4.2, 5.1.3, ruling R-C15")

    def act(self, g, f, verb, arg):
        g.end(arg)


@event("C15", "unshaded", playable=c15_unshaded_playable)
@procedure
class HardingUnshaded(ScriptEvent):
    """C15 unshaded (Military approach, L3783): the executing faction chooses a Town with Troops (5.1) and a
    Curfew is placed there (with none left in the pool the British move one from another Town, 1.10 L3293,
    ruling R-CURFEW-POOL); then the British Search there and Assault there (ruling R-EVENT-FACTION), each in
    that Town only, neither optional (ruling R-C15); the Assault only where it may select the Town (3.2.4)."""

    name = "cy.ev.C15.unshaded"
    script = ("town", "curfew", "search", "assault")

    def town(self, g, f):
        towns = harding_towns(g)
        if len(towns) == 1:
            f["ret"] = towns[0]
            g.say(f"{title('C15')}: {B.name(towns[0])} is the one Town the card can choose (ruling R-C15).",
                  faction=f["faction"], rule="C15")
            return
        g.call(HardingTown.name, f["faction"])

    def curfew(self, g, f):
        town = f["town"] = f.pop("ret")
        g.say(f"{title('C15')}: the {side_name(f['faction'])} chose {B.name(town)}.", faction=f["faction"],
              rule="C15")
        if B.sp(g, town)["curfew"]:
            g.say(f"{title('C15')}: {B.name(town)} has a Curfew already; none is placed (1.4.2, 5.1.1).",
                  faction=f["faction"], rule="C15")
        else:
            event_curfew(g, town, [town], rule="C15", label="John Harding")

    def search(self, g, f):
        town = f["town"]
        grant_op(g, "british", "search", event_op_frame(g, "search", 1, only=[town], selected=[town]), "C15")

    def assault(self, g, f):
        f.pop("ret", None)
        town = f["town"]
        frame = event_op_frame(g, "assault", 1, only=[town], selected=[town])
        why = op_proc(g, "assault").eligible(g, op_local("british", "assault", frame), town)
        if why:
            g.say(f"{title('C15')}: no Assault followed in {B.name(town)}: {why}.", faction="british", rule="C15")
            return
        grant_op(g, "british", "assault", frame, "C15")



@event("C15", "shaded", playable=lambda g, faction: B.io(g) < B.IO_MAX)
def harding_shaded(g: Context, faction: str) -> None:
    """C15 shaded (Talks with Makarios fail, L3785): International Opinion shifts 2 steps right, toward
    Condemned, as far as the track goes (ruling R-IO-LABELS). Nothing to choose."""
    B.shift_io(g, 2, "John Harding: talks with Makarios failed", "C15")


# -- C19 Mountain Gangs ------------------------------------------------------------------------------------------

@event("C19", "unshaded", playable=lambda g, faction: any(search_or_assault(g, m) for m in B.MOUNTAINS))
@procedure
class MountainGangsUnshaded(SearchThenAssault):
    """C19 unshaded (Isolated and surrounded, L3823): the British may Search in 1 Mountain and then Assault
    there (ruling R-SEARCH-ASSAULT)."""

    name = "cy.ev.C19.unshaded"
    cid = "C19"

    def pool(self, g):
        return list(B.MOUNTAINS)


#: C19 shaded moves at most this many Troops (L3825).
LURE_TROOPS = 6


def town_troops(g: Context) -> list[str]:
    return [t for t in B.TOWNS if B.sp(g, t)["troops"]]


@procedure
class Lure(pickers.Chooser):
    """C19 shaded (Lure British from towns, L3825): the executing faction moves up to 6 Troops from Towns to
    one Mountain, adjacent or not (Tip L3827), one at a time (``move TOWN MOUNTAIN``); the first move fixes
    the Mountain (frame ``to``); ``done`` ends it ("up to": it may stop sooner). A Town its last British piece
    leaves loses its Curfew (1.10)."""

    name = "cy.ev.C19.shaded"
    verb = "move"

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        dests = [f["to"]] if f.get("to") else B.MOUNTAINS
        return [f"{t} {m}" for t in town_troops(g) for m in dests]

    def take(self, g, f, arg):
        a, b = arg.split(" ")
        B.move(g, a, b, "troops", 1)
        f["to"] = b
        g.say(f"{title('C19')}: a Troop moved from {B.name(a)} to {B.name(b)}.", faction=f["role"], rule="C19")

    def text(self, g, f):
        to = B.name(f["to"]) if f.get("to") else "one Mountain"
        return (f"{side_name(f['role'])} (Mountain Gangs): move a Troop from a Town to {to} (move TOWN MOUNTAIN; "
                f"{f['taken']} of up to {f['max']} moved), or done")

    def explain(self, g, f, verb, arg):
        """Why ``move TOWN MOUNTAIN`` is refused: the count (up to 6), the order's form, a Town with Troops,
        a Mountain, the one Mountain chosen by the first move."""
        if verb != "move":
            return W.turn_order(verb)
        if arg in self.options(g, f):
            return None
        if f["taken"] >= f["max"]:
            return W.because(f"the card moves up to {f['max']} Troops, and has moved them", "C19")
        words = W.space_args(arg, 2, "move", "TOWN MOUNTAIN", "C19")
        if not isinstance(words, list):
            return words
        a, b = words
        if not B.is_town(a):
            return W.because(f"{B.name(a)} is {W.kind_of(a)}: the Troops come from Towns", "C19")
        if not B.sp(g, a)["troops"]:
            return W.because(f"{W.has(g, a, 'troops')} to move", "C19")
        if not B.is_mountain(b):
            return W.because(f"{B.name(b)} is {W.kind_of(b)}: the Troops go to one Mountain space", "C19")
        return W.because(f"the Troops go to 1 Mountain space, and the first went to {B.name(f['to'])}", "C19")


@event("C19", "shaded", playable=lambda g, faction: bool(town_troops(g)))
def mountain_gangs_shaded(g: Context, faction: str) -> None:
    """C19 shaded (Lure British from towns, L3825): the executing faction moves up to 6 British Troops from
    any Towns to 1 Mountain space of its choice (:class:`Lure`)."""
    g.call(Lure.name, faction, max=LURE_TROOPS, min=0, taken=0, per={}, rule="C19", label="Mountain Gangs")


# -- C24 Turkish Cypriots ----------------------------------------------------------------------------------------

def british_spaces(g: Context) -> list[str]:
    """The spaces with British pieces (Troops or Police): where C24's Police may go."""
    return [s for s in B.SPACES if B.british_pieces(B.sp(g, s))]


def patrol_spaces(g: Context) -> list[str]:
    """Patrol's destinations: non-Mountain spaces with Cells (3.2.2)."""
    return [s for s in B.SPACES if not B.is_mountain(s) and B.cells(B.sp(g, s))]


def police_on_map(g: Context) -> int:
    return sum(B.sp(g, s)["police"] for s in B.SPACES)


def c24_unshaded_playable(g: Context, faction: str) -> bool:
    """Police to place where British pieces stand, or a Patrol that could move Police to a destination."""
    placing = bool(g.s["available"]["police"] and british_spaces(g))
    return placing or bool(patrol_spaces(g) and police_on_map(g))


@event("C24", "unshaded", playable=c24_unshaded_playable)
@procedure
class TurkishCypriotsUnshaded(ScriptEvent):
    """C24 unshaded (Bolster police force, L3871): the executing faction places every Available Police cube in
    spaces with British pieces, as it chooses (5.1; ruling R-C24: where one space only qualifies they all go
    there); then the British Patrol in up to 2 spaces (ruling R-EVENT-FACTION), at least one where a
    destination qualifies (ruling R-EVENT-OP-COUNT), no Intelligence Lead (ruling R-EVENT-LEAD)."""

    name = "cy.ev.C24.unshaded"
    script = ("police", "patrol")

    def police(self, g, f):
        n, spaces = g.s["available"]["police"], british_spaces(g)
        if not n or not spaces:
            why = "no Police cube is Available" if not n else "no space holds a British piece"
            g.say(f"{title('C24')}: {why}; no Police was placed (5.1.1).", faction=f["faction"], rule="C24")
            return
        if len(spaces) == 1:
            k = B.place(g, spaces[0], "police", n)
            g.say(f"{title('C24')}: {W.count(k, 'police')} placed in {B.name(spaces[0])}, the one space with "
                  "British pieces.", faction=f["faction"], rule="C24")
            return
        put(g, f["faction"], "police", spaces=spaces, max=n, min=n, rule="C24", label="Turkish Cypriots")

    def patrol(self, g, f):
        grant_op(g, "british", "patrol", event_op_frame(g, "patrol", 2), "C24")


@mark_test("C24-shaded", "a Town with Cells and Police")
def c24_town(g: Context, sid: str) -> bool:
    x = B.sp(g, sid)
    return B.is_town(sid) and bool(B.cells(x)) and bool(x["police"])


@event("C24", "shaded", playable=lambda g, faction: bool(mark_spaces(g, "sabotage", "C24-shaded")))
def turkish_cypriots_shaded(g: Context, faction: str) -> None:
    """C24 shaded (Intercommunal violence, L3873): the executing faction places a Sabotage marker in each of up
    to 2 Towns with Cells and Police, even on others (1.7), while one of the fifteen is left (ruling
    R-SABOTAGE-POOL). "Up to": it may stop sooner."""
    mark(g, faction, "sabotage", "C24-shaded", count=2, rule="C24", label="Turkish Cypriots")
