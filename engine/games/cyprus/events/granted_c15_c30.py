"""Cyprus Event cards C15 to C30 whose texts grant Operations or Special Activities (rule 5; texts in 9.0,
L3781-3933): C15 John Harding, C19 Mountain Gangs, C24 Turkish Cypriots, C27 Kyrenia Castle Prison, C28
British Bases, C29 Macmillan Plan and C30 Operation Forward to Victory, both texts of each.

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
from ....coin.granted import grant
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from ..operation import OP_PREFIX, SA_PREFIX, event_op_frame
from . import event
from .common import CELL_KEYS, cells_on_map, choose, event_curfew, mark, mark_spaces, mark_test, pick, put
from .granted import GRANTS, op_local, op_possible, op_proc, op_title, sa_possible, sa_proc, title

notation.declare(__name__, {"space", "move", "remove", "choose", "done"})


# -- granted Operations and Special Activities ----------------------------------------------------------------

def no_op_reason(g: Context, role: str, op: str, frame: dict) -> str:
    """Why the Operation has no space: the (different) reasons of the first spaces it may not select."""
    proc, local = op_proc(g, op), op_local(role, op, frame)
    where = frame.get("only")
    spaces = where if where is not None else B.SPACES
    why = list(dict.fromkeys(str(r) for s in spaces if (r := proc.space_refusal(g, local, s))))[:2]
    return "; ".join(why) or "it has no space it may select"


def grant_op(g: Context, role: str, op: str, frame: dict, cid: str) -> bool:
    """*role* conducts the Operation *op* the Event *cid* grants, with the card's *frame*: pushed for the
    player to select its spaces, or to resolve those the text selected (``selected``, checked by the caller);
    if no space may be selected nothing is asked and the log says why (5.1.3). Returns whether the Operation
    was pushed; its spaces come back to the caller's frame as ``ret``."""
    what, only = op_title(op), frame.get("only")
    where = f" ({W.names(only, joint='or')})" if only is not None and len(only) < len(B.SPACES) else ""
    return grant(g, role, f"{OP_PREFIX}{op}", frame,
                 can=bool(frame.get("preselected")) or op_possible(g, role, op, frame),
                 why=lambda: no_op_reason(g, role, op, frame), head=title(cid), what=what,
                 began=f"the Event's {what}{where}", rule=cid)


def grant_sa(g: Context, role: str, sa: str, local: dict, cid: str) -> bool:
    """*role* conducts the Special Activity *sa* the Event *cid* grants, with no Operation (ruling
    R-FREE-OPS); if it could do nothing, nothing is asked and the log says why (5.1.3)."""
    what = GRANTS.sa_title(sa)
    return grant(g, role, f"{SA_PREFIX}{sa}", local, can=sa_possible(g, sa, local),
                 why=lambda: str(sa_proc(g, sa).no_space(g, local)), head=title(cid), what=what,
                 began=f"the Event's {what}", rule=cid)


# -- what a Search or an Assault in a space could change (5.1.3) -----------------------------------------------

def search_can_change(g: Context, sid: str) -> bool:
    """Whether a Search in *sid* (3.2.3) could change anything: an adjacent Troop to move in; in a Town with a
    cube, a Curfew to place (from the pool or moved, 1.10) or Cells to Activate (one per three cubes, or per
    cube for a chit); elsewhere an Underground Cell and a cube to Activate it."""
    if any(B.sp(g, a)["troops"] for a in B.adj(g, sid)):
        return True
    x = B.sp(g, sid)
    cubes = B.cubes(x)
    if not cubes:
        return False
    if B.is_town(sid):
        if not x["curfew"]:
            return True
        return bool(x["cells_u"]) and (cubes >= 3 or bool(g.s["intel"]["held"]))
    return bool(x["cells_u"])


def assault_can_change(g: Context, sid: str) -> bool:
    """Whether an Assault in *sid* (3.2.4) could remove anything as it stands: Troops enough for one piece
    (two a piece in a Mountain) and an Active Cell, an Arms Cache with no Cell, or an Underground Cell and a
    chit of value 1 or more to pay for it."""
    x = B.sp(g, sid)
    if x["troops"] < (2 if B.is_mountain(sid) else 1):
        return False
    if x["cells_a"] or (x["caches"] and not B.cells(x)):
        return True
    return bool(x["cells_u"]) and any(v >= 1 for v in g.s["intel"]["held"])


def search_or_assault(g: Context, sid: str) -> bool:
    return search_can_change(g, sid) or assault_can_change(g, sid)


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


# -- "British may Search in 1 space and then Assault there" (C19 unshaded, C30 unshaded) --------------------------

class SearchThenAssault(ScriptEvent):
    """The British may Search in one space of :meth:`pool` and then Assault there (ruling R-SEARCH-ASSAULT):
    the Search is optional and selects the space; if it selected none the text is over; the Assault may
    select only the space Searched, and may be declined."""

    cid = ""
    script = ("search", "assault")

    def pool(self, g: Context) -> list[str] | None:
        return None

    def search(self, g, f):
        frame = event_op_frame(g, "search", 1, only=self.pool(g), optional=True)
        grant_op(g, "british", "search", frame, self.cid)

    def assault(self, g, f):
        spaces = f.pop("ret", None) or []
        if not spaces:
            g.say(f"{title(self.cid)}: the British made no Search, so no Assault follows.", faction="british",
                  rule=self.cid)
            return
        frame = event_op_frame(g, "assault", 1, only=list(spaces), optional=True)
        if not op_possible(g, "british", "assault", frame):
            g.say(f"{title(self.cid)}: no Assault could follow in {W.names(spaces)}: "
                  f"{no_op_reason(g, 'british', 'assault', frame)}.", faction="british", rule=self.cid)
            return
        grant_op(g, "british", "assault", frame, self.cid)


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
