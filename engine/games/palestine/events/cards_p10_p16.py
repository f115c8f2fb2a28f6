"""Event cards P10 Palestine Police Force, P11 Operation Shark, P12 Peter Bergson, P14 Martial Law,
P15 Chaim Weizmann and P16 Alan Cunningham (rule 5; card texts in section 9.0).

P13 Palmach is a Capability and is registered in ``capabilities``.

Who decides (5.1): the executing faction makes the selections of a text unless the text names a faction
("British may", "Irgun may", "British must"). An Operation P11 grants without naming a faction is
conducted, with all its selections, by the faction that owns it (Search and Assault by the British, Travel
by the Irgun), or by the executing faction: ruling R-EV-OWNER, an umpire option (``common.conductor``).

Rulings used here: R-5.1.3 (a text that can change nothing is not offered), R-EV-OPS (Event-granted
Operations), R-P11 (the Cache removal of P11 unshaded), R-P14 / R-P16 (the Special Activity at the end
of P14 and P16 unshaded is optional), R-P16-S (the British choose the Cities of P16 shaded).
"""

from __future__ import annotations

from ....coin.sequence import op_refusal
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from ..data import CARDS
from ..haganah import shift_haganah
from ..operation import cap, event_op_frame, new_op_frame
from ..special import SA_TITLE, mass_detention_cities, restore_spaces, sa_possible
from ..why import Refusal, has, kind_of, not_a_space, space_of
from .base import ScriptEvent, event
from .common import conductor
from .pickers import pick, put

notation.declare(__name__, {"space", "op", "sa", "remove", "place", "done"})


def _police_on_map(g: Context) -> int:
    return sum(B.sp(g, s)["police"] for s in B.SPACES)


def _curfew_cities(g: Context) -> list[str]:
    return [c for c in B.CITIES if B.sp(g, c)["curfew"]]


def _search_can_change(g: Context, city: str) -> bool:
    """Whether a Search in *city* (3.2.3) could change anything: move an adjacent Troop in, place a
    Curfew that stays (1.10: only with British pieces there), or Activate an Underground Cell."""
    x = B.sp(g, city)
    if any(B.sp(g, a)["troops"] for a in B.adj(g, city)):
        return True
    cubes = B.cubes(x)
    if not cubes:
        return False
    if not x["curfew"] and B.curfews_on_map(g) < B.CURFEWS:
        return True
    per = 4 if cap(g, "P17") == "shaded" else 3
    return bool(x["cells_u"]) and (cubes >= per or bool(g.s["intel"]["held"]))


def _assault_can_change(g: Context, city: str) -> bool:
    """Whether an Assault in *city* (3.2.4) could remove anything as the space stands now."""
    x = B.sp(g, city)
    room = x["troops"] if cap(g, "P18") == "unshaded" else x["troops"] // 2
    if not room:
        return False
    if x["cells_a"] or (x["caches"] and not B.cells(x)):
        return True
    return bool(x["cells_u"]) and any(v >= 1 for v in g.s["intel"]["held"])


def _caches_near(g: Context, city: str) -> list[str]:
    return [s for s in B.within_one(g, city) if B.sp(g, s)["caches"]]


# -- small choice procedures -----------------------------------------------------------------------------

def _not_a_city(arg: str | None, text: str, card: str) -> str:
    """Why *arg* is refused where a card names a City (P11, P16)."""
    sid = space_of(arg)
    if sid is None:
        return not_a_space(arg or "")
    return Refusal(f"{text}; {B.name(sid)} is {kind_of(sid)}", rule=card)


@procedure
class OptionalSA(Procedure):
    """A Special Activity a text grants with "may" (P14, P16 unshaded): the British choose to conduct it
    (``sa NAME``) or not (``done``). Frame: ``sa`` (restore, mass-detention), ``card``."""

    name = "pal.ev.p10-16.optional-sa"

    def prompt(self, g, f):
        if f.get("over") or not sa_possible(g, f["sa"]):
            return {}
        return {"sa": [f["sa"]], "done": []}

    def text(self, g, f):
        what = {"restore": "Restore", "mass-detention": "Mass Detention"}[f["sa"]]
        return f"British ({f['card']}): conduct {what}, or done"

    def rule_for(self, g, f):
        return f["card"]

    def explain(self, g, f, verb, arg):
        if verb != "sa":
            return None
        what = SA_TITLE[f["sa"]]
        card = f["card"]
        return Refusal(f"{CARDS[card]['title']} ({card}) grants {what} here, not {SA_TITLE.get(arg, arg)}",
                       rule=card)

    def act(self, g, f, verb, arg):
        if verb == "done":
            what = {"restore": "Restore", "mass-detention": "Mass Detention"}[f["sa"]]
            g.say(f"British chose not to conduct {what} ({f['card']}).", faction="british", rule=f["card"])
            f["over"] = True
            return
        g.goto(f"pal.sa.{f['sa']}", "british")

    def step(self, g, f):
        if f.get("over") or not sa_possible(g, f["sa"]):
            g.end()
            return True
        return False


@procedure
class SharkCity(Procedure):
    """P11 unshaded: the faction that conducts the Search and Assault (R-EV-OWNER) chooses their City."""

    name = "pal.ev.P11.city"

    def prompt(self, g, f):
        return {"space": list(B.CITIES)}

    def text(self, g, f):
        return f"{f['role'].title()} (Operation Shark, P11): choose the City to Search and then Assault"

    def rule_for(self, g, f):
        return "P11"

    def explain(self, g, f, verb, arg):
        if verb != "space":
            return None
        return _not_a_city(arg, "Operation Shark (P11): the Search and then Assault are in a City", "P11")

    def act(self, g, f, verb, arg):
        g.say(f"{f['role'].title()} chose {B.name(arg)} for Operation Shark.", faction=f["role"], rule="P11")
        g.end(arg)


@procedure
class SabotageMarker(Procedure):
    """P15 unshaded: the executing faction removes up to one Sabotage marker from the map."""

    name = "pal.ev.P15.sabotage"

    def spaces(self, g):
        return [s for s in B.SPACES if B.sp(g, s)["sabotage"]]

    def prompt(self, g, f):
        c = self.spaces(g)
        return {"remove": c, "done": []} if c else {}

    def text(self, g, f):
        return f"{f['role'].title()} (Chaim Weizmann, P15): remove a Sabotage marker, or done"

    def rule_for(self, g, f):
        return "P15"

    def explain(self, g, f, verb, arg):
        if verb != "remove":
            return None
        sid = space_of(arg)
        if sid is None:
            return not_a_space(arg or "")
        return Refusal(f"Chaim Weizmann (P15): {has(g, sid, 'sabotage')} to remove", rule="P15")

    def act(self, g, f, verb, arg):
        if verb == "remove":
            B.sp(g, arg)["sabotage"] -= 1
            g.say(f"{f['role'].title()} removed a Sabotage marker from {B.name(arg)}.", faction=f["role"],
                  rule="P15")
        g.end()

    def step(self, g, f):
        if not self.spaces(g):
            g.end()
            return True
        return False


def _british_limited_ops(g: Context) -> list[str]:
    from ..rules import RULES  # imported here: rules imports the events package
    return RULES.ops(g, "british", True)


@procedure
class CunninghamOps(Procedure):
    """P16 unshaded: up to two British Limited Operations, one after the other, each of any type (the
    same type twice too, P16 Tip). Each follows 2.3.4 and may add a space by Intelligence Lead
    (R-EV-OPS). ``done`` ends the choice early."""

    name = "pal.ev.P16.ops"

    def prompt(self, g, f):
        out: dict[str, list[str]] = {}
        ops = _british_limited_ops(g) if f["left"] > 0 else []
        if ops:
            out["op"] = ops
            out["done"] = []
        return out

    def text(self, g, f):
        n = 3 - f["left"]
        return f"British (Alan Cunningham, P16): Limited Operation {n} of 2 (op TYPE), or done"

    def rule_for(self, g, f):
        return "P16"

    def explain(self, g, f, verb, arg):
        if verb == "op" and arg:
            return op_refusal(g, "british", arg, True)
        return None

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say("British conducted no further Limited Operation (P16).", faction="british", rule="P16")
            f["left"] = 0
            return
        f["left"] -= 1
        g.say(f"British began a Limited {arg.title()} Operation (Alan Cunningham).", faction="british",
              rule="P16")
        g.call(f"pal.op.{arg}", "british", **new_op_frame(g, arg, True, False))

    def step(self, g, f):
        if f["left"] <= 0 or not _british_limited_ops(g):
            g.end()
            return True
        return False


@procedure
class CellsReleased(Procedure):
    """P16 shaded: the British place Cells from Prison (Underground, 1.4.3) into Cities of their choice,
    one at a time; ``left`` is how many (2, or 1 if only 1 is in Prison)."""

    name = "pal.ev.P16.release"

    def prompt(self, g, f):
        return {"place": list(B.CITIES)}

    def text(self, g, f):
        return f"British (Alan Cunningham, P16): place a Cell from Prison in a City ({f['left']} more)"

    def rule_for(self, g, f):
        return "P16"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return Refusal(f"Alan Cunningham (P16, shaded): the British place {f['left']} more Cell(s) from Prison "
                           "in Cities", rule="P16")
        if verb != "place":
            return None
        return _not_a_city(arg, "Alan Cunningham (P16, shaded): the Cells from Prison go to Cities", "P16")

    def act(self, g, f, verb, arg):
        g.s["prison"] -= 1
        B.sp(g, arg)["cells_u"] += 1
        f["left"] -= 1
        g.say(f"British placed a Cell from Prison in {B.name(arg)} (Cells released).", faction="british",
              rule="P16")

    def step(self, g, f):
        if f["left"] <= 0 or g.s["prison"] <= 0:
            g.end()
            return True
        return False


# -- P10 Palestine Police Force --------------------------------------------------------------------------

def _p10_unshaded_playable(g: Context, faction: str) -> bool:
    return g.s["available"]["police"] > 0


@event("P10", "unshaded", playable=_p10_unshaded_playable)
def police_force_unshaded(g: Context, faction: str) -> None:
    """P10 unshaded: the executing faction places any number of Available Police (0 to all) in Railway
    spaces of its choice (5.1)."""
    put(g, faction, "police", spaces=list(B.RAILWAYS), max=g.s["available"]["police"], rule="P10",
        label="Guard railways (P10)")


def _p10_shaded_playable(g: Context, faction: str) -> bool:
    return _police_on_map(g) // 2 > 0


@event("P10", "shaded", playable=_p10_shaded_playable)
def police_force_shaded(g: Context, faction: str) -> None:
    """P10 shaded: half the Police on the map, rounded down, go to Available; the executing faction
    chooses which (5.1). A Curfew left without British pieces is lifted (1.10, in ``board.remove``)."""
    n = _police_on_map(g) // 2
    g.say(f"Half the {_police_on_map(g)} Police on the map, {n}, must be removed (Poorly funded).",
          faction=faction, rule="P10")
    pick(g, faction, ["police"], max=n, min=n, rule="P10", label="Poorly funded (P10)")


# -- P11 Operation Shark ---------------------------------------------------------------------------------

def _p11_unshaded_playable(g: Context, faction: str) -> bool:
    return any(_search_can_change(g, c) or _assault_can_change(g, c) or _caches_near(g, c)
               for c in B.CITIES)


@event("P11", "unshaded", playable=_p11_unshaded_playable)
@procedure
class OperationSharkUnshaded(ScriptEvent):
    """P11 unshaded: a City is chosen, Searched, then Assaulted (one space each, no Special Activity, 4.1;
    R-EV-OPS), by the British, or by the executing faction under R-EV-OWNER
    ``executing`` (the British still decide their Intel Chits, 1.6.1); then the executing faction removes
    one Arms Cache in or next to that City, for +1 Political Will but no Intel Chit: it is not an Assault
    removal (P11 Tip, ruling R-P11). Each part is done as far as it can be (5.1.3)."""

    name = "pal.ev.P11.unshaded"
    script = ("city", "search", "assault", "cache")

    def city(self, g, f):
        g.call("pal.ev.P11.city", conductor(g, f["faction"], "british"))

    def search(self, g, f):
        f["city"] = f.pop("ret")
        g.call("pal.op.search", conductor(g, f["faction"], "british"),
               **event_op_frame(g, "search", 1, only=[f["city"]], selected=[f["city"]]))

    def assault(self, g, f):
        city = f["city"]
        frame = event_op_frame(g, "assault", 1, only=[city])
        why = g.procs["pal.op.assault"].eligible(g, frame, city)
        if why:
            g.say(f"No Assault followed in {B.name(city)}: {why}.", faction="british", rule="P11")
            return
        g.call("pal.op.assault", conductor(g, f["faction"], "british"), **frame)

    def cache(self, g, f):
        city = f["city"]
        if not _caches_near(g, city):
            g.say(f"No Arms Cache lay within 1 space of {B.name(city)}.", faction=f["faction"], rule="P11")
            return
        pick(g, f["faction"], ["caches"], spaces=B.within_one(g, city), max=1, min=1, rule="P11",
             label="Crackdown on Irgun (P11)", on_cache="pw")


def _shark_origins(g: Context) -> list[str]:
    return [s for s in B.SPACES if (x := B.sp(g, s))["curfew"] and B.cells(x)]


def _p11_shaded_playable(g: Context, faction: str) -> bool:
    return bool(_shark_origins(g))


@event("P11", "shaded", playable=_p11_shaded_playable)
def operation_shark_shaded(g: Context, faction: str) -> None:
    """P11 shaded: a Travel (3.3.2) from up to two origins that have Cells and a Curfew when the Event is
    executed, conducted by the Irgun (or by the executing faction under R-EV-OWNER ``executing``); no
    Special Activity (4.1; extra spaces: R-EV-OPS)."""
    g.call("pal.op.travel", conductor(g, faction, "irgun"),
           **event_op_frame(g, "travel", 2, optional=True, only=_shark_origins(g)))


# -- P12 Peter Bergson -----------------------------------------------------------------------------------

def _p12_unshaded_playable(g: Context, faction: str) -> bool:
    return any(B.sp(g, s)["caches"] for s in B.SPACES)


@event("P12", "unshaded", playable=_p12_unshaded_playable)
def bergson_unshaded(g: Context, faction: str) -> None:
    """P12 unshaded: the executing faction removes two Arms Caches (all if fewer) from the map to
    Available; no Political Will and no Intel Chit for them (P12 Tip)."""
    pick(g, faction, ["caches"], max=2, min=2, rule="P12", label="British complaints (P12)")


def _bergson_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES
            if B.KIND[s] != "railway" and B.cells(B.sp(g, s)) and B.sp(g, s)["caches"] < 2]


def _p12_shaded_playable(g: Context, faction: str) -> bool:
    return g.s["available"]["caches"] > 0 and bool(_bergson_spaces(g))


@event("P12", "shaded", playable=_p12_shaded_playable)
def bergson_shaded(g: Context, faction: str) -> None:
    """P12 shaded: the executing faction places 0 to 2 Available Arms Caches in spaces with Cells, both in
    one space if it likes (never on a Railway nor above two a space, 1.4.2)."""
    put(g, faction, "caches", spaces=_bergson_spaces(g), max=2, rule="P12",
        label="American fundraising (P12)")


# -- P14 Martial Law -------------------------------------------------------------------------------------

def _p14_unshaded_playable(g: Context, faction: str) -> bool:
    return any(_search_can_change(g, c) for c in B.CITIES) or bool(mass_detention_cities(g))


@event("P14", "unshaded", playable=_p14_unshaded_playable)
@procedure
class MartialLawUnshaded(ScriptEvent):
    """P14 unshaded: the British may Search in 0 to 2 Cities (an Intelligence Lead as R-EV-OPS allows), then may
    conduct Mass Detention in any City that meets 4.2.3 (P14 Tip; ruling R-P14)."""

    name = "pal.ev.P14.unshaded"
    script = ("search", "detain")

    def search(self, g, f):
        g.call("pal.op.search", "british", **event_op_frame(g, "search", 2, optional=True, only=list(B.CITIES)))

    def detain(self, g, f):
        if not mass_detention_cities(g):
            g.say("No City had a Curfew and 3 Troops: no Mass Detention (4.2.3).", faction="british",
                  rule="P14")
            return
        g.call("pal.ev.p10-16.optional-sa", "british", sa="mass-detention", card="P14")


def _p14_shaded_playable(g: Context, faction: str) -> bool:
    return g.s["available"]["cells"] > 0 and bool(_curfew_cities(g))


@event("P14", "shaded", playable=_p14_shaded_playable)
def martial_law_shaded(g: Context, faction: str) -> None:
    """P14 shaded: the executing faction places 0 or 1 Available Cell in each City with a Curfew."""
    cities = _curfew_cities(g)
    put(g, faction, "cells", spaces=cities, max=len(cities), per_space=1, rule="P14",
        label="Angers populace (P14)")


# -- P15 Chaim Weizmann ----------------------------------------------------------------------------------

def _p15_unshaded_playable(g: Context, faction: str) -> bool:
    return g.s["haganah"] > 0 or B.sabotage_on_map(g) > 0


@event("P15", "unshaded", playable=_p15_unshaded_playable)
@procedure
class WeizmannUnshaded(ScriptEvent):
    """P15 unshaded: Haganah Track one box left (the Irgun's refill choice, 6.5.2, comes first), then the
    executing faction removes 0 or 1 Sabotage marker."""

    name = "pal.ev.P15.unshaded"
    script = ("shift", "sabotage")

    def shift(self, g, f):
        if not shift_haganah(g, -1, "Chaim Weizmann", rule="P15"):
            g.say("The Haganah Track was already at 0 and did not shift.", rule="P15")

    def sabotage(self, g, f):
        if B.sabotage_on_map(g):
            g.call("pal.ev.P15.sabotage", f["faction"])


def _p15_shaded_playable(g: Context, faction: str) -> bool:
    return g.s["haganah"] < 4 or any(B.sp(g, s)["cells_u"] for s in B.SPACES)


@event("P15", "shaded", playable=_p15_shaded_playable)
@procedure
class WeizmannShaded(ScriptEvent):
    """P15 shaded: Haganah Track one box right (releasing pieces, 6.5.2), then the Irgun may Sabotage in
    one space with an Underground Cell (P15 Tip), without Terror (4.1); extra spaces as R-EV-OPS allows."""

    name = "pal.ev.P15.shaded"
    script = ("shift", "sabotage")

    def shift(self, g, f):
        if not shift_haganah(g, 1, "Chaim Weizmann", rule="P15"):
            g.say("The Haganah Track was already at 4 and did not shift.", rule="P15")

    def sabotage(self, g, f):
        if not any(B.sp(g, s)["cells_u"] for s in B.SPACES):
            g.say("No space had an Underground Cell: no Sabotage (3.3.3).", faction="irgun", rule="P15")
            return
        g.call("pal.op.sabotage", "irgun",
               **event_op_frame(g, "sabotage", 1, optional=True))


# -- P16 Alan Cunningham ---------------------------------------------------------------------------------

def _p16_unshaded_playable(g: Context, faction: str) -> bool:
    return bool(_british_limited_ops(g)) or bool(restore_spaces(g))


@event("P16", "unshaded", playable=_p16_unshaded_playable)
@procedure
class CunninghamUnshaded(ScriptEvent):
    """P16 unshaded: the British may conduct two Limited Operations one after the other (P16 Tip), then
    may Restore (4.2.1) in one qualifying space (ruling R-P16)."""

    name = "pal.ev.P16.unshaded"
    script = ("ops", "restore")

    def ops(self, g, f):
        g.call("pal.ev.P16.ops", "british", left=2)

    def restore(self, g, f):
        if not restore_spaces(g):
            g.say("No space had Troops, Police and no Irgun pieces: no Restore (4.2.1).", faction="british",
                  rule="P16")
            return
        g.call("pal.ev.p10-16.optional-sa", "british", sa="restore", card="P16")


def _p16_shaded_playable(g: Context, faction: str) -> bool:
    return g.s["prison"] > 0


@event("P16", "shaded", playable=_p16_shaded_playable)
def cunningham_shaded(g: Context, faction: str) -> None:
    """P16 shaded: the British place two Cells from Prison (one if only one is there, P16 Tip) in Cities of
    their choice, whoever executes the text (ruling R-P16-S). The Cells come from Prison, not Available."""
    g.call("pal.ev.P16.release", "british", left=min(2, g.s["prison"]))
