"""Japanese Occupation Event cards J21 to J32 whose texts grant Operations and Special Activities, with the texts
printed beside them (rule 5; texts and Tips in 9.0, L1967-2121): J21 Malay Collaboration, J25 John Davis
(unshaded; the shaded text is in ``cards_j25_j31``), J26 Subhas Chandra Bose and J32 MPAJU. J24 Victory in
Europe is in ``granted_j01_j13`` beside J7, whose unshaded text it shares; J1 to J13 there too.

The granted Operations and Special Activities are those of ``events.granted`` (:func:`free_op`, :func:`free_sa`,
:class:`FreeSpecial`; ruling R-FREE-OPS): made by their owner whoever executes the Event (ruling R-5.1: the
Japanese make J21 shaded's Eliminate), each space and each granted action left to that faction where the text
says "may" (ruling R-EVENT-MAY). Pieces are placed with the shared placement (``jo.ev.put``, ``place SPACE``,
events.common) and J21's other reading moves them (``move FROM TO PIECE``). Order words: ``move`` and ``done``,
with the granted ones' ``op`` and ``sa``.
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from ..special import SA_OF
from . import event
from .common import (
    TITLE,
    any_placeable,
    next_to_sabotage,
    put,
    whole,
)
from .granted import (
    FreeSpecial,
    free_op,
    free_sa,
    op_frame,
    op_possible,
    sa_local,
    sa_possible,
)

notation.declare(__name__, {"move", "done"})


# -- J21 Malay Collaboration --------------------------------------------------------------------------------------------

def from_map_too(g: Context) -> bool:
    """Ruling R-J21: ``available`` (default) places the non-MPAJA Guerrillas in Available only; ``map`` lets the
    British then take theirs from the map and place them anew."""
    return chosen(g.s, "R-J21", "available") == "map"


def j21u_playable(g: Context, faction: str) -> bool:
    return bool(g.s["available"]["non_mpaja"]) or (from_map_too(g) and B.on_map(g, "non_mpaja_u")
                                                   + B.on_map(g, "non_mpaja_a") > 0)


@event("J21", "unshaded", playable=j21u_playable)
@procedure
class MalayUnshaded(ScriptEvent):
    """J21 unshaded (Malays form guerrilla groups): the British, whoever executes (ruling R-5.1), may place the
    non-MPAJA Guerrillas in Available, Underground (1.4.3), each in any space, Economic Centers included, any or
    all of them (ruling R-EVENT-MAY); none comes from the map (ruling R-J21 ``available``). With R-J21's ``map``
    the British may then take any of their non-MPAJA Guerrillas from the map, each once, and place it anew,
    Underground, in any space (:class:`Relocate`)."""

    name = "jo.ev.J21.unshaded"
    script = ("place", "relocate")

    def place(self, g, f):
        n = g.s["available"]["non_mpaja"]
        if not n:
            g.say(f"{TITLE['J21']}: no non-MPAJA Guerrilla is Available.", faction="british", rule="J21, ruling R-J21")
            return
        put(g, "british", "non_mpaja", spaces=list(B.SPACES), where="any space", max=n, rule="J21",
            label=TITLE["J21"], bind=whole(g))

    def relocate(self, g, f):
        placed = f.pop("ret", None) or {}
        if not from_map_too(g):
            return
        g.call(Relocate.name, "british", fresh=dict(placed), moved=0, rule="J21", label=TITLE["J21"])


#: The non-MPAJA Guerrillas J21's ``map`` reading takes from the map, by order word.
NON_MPAJA = {"non-mpaja-u": "non_mpaja_u", "non-mpaja-a": "non_mpaja_a"}


@procedure
class Relocate(Procedure):
    """Ruling R-J21 ``map``: the British take a non-MPAJA Guerrilla of the kind and state they choose from the map
    and place it anew, Underground (1.4.3), in any space, the same one included (``move FROM TO PIECE``), each
    Guerrilla once (one this card placed is not taken again), or ``done``. Frame: ``fresh`` (space -> the
    Underground non-MPAJA Guerrillas this card put there), ``moved``."""

    name = "jo.ev.J21.relocate"

    @staticmethod
    def movable(g: Context, f: dict, src: str, key: str) -> int:
        return B.sp(g, src)[key] - (f["fresh"].get(src, 0) if key == "non_mpaja_u" else 0)

    def options(self, g: Context, f: dict) -> list[str]:
        return [f"{src} {dst} {w}" for src in B.SPACES for w, k in NON_MPAJA.items()
                if self.movable(g, f, src, k) > 0 for dst in B.SPACES]

    def prompt(self, g, f):
        moves = self.options(g, f)
        return {"move": moves, "done": []} if moves else {"done": []}

    def rule_for(self, g, f):
        return f["rule"]

    def text(self, g, f):
        head = f"British ({f['label']}): "
        if not g.offers("move", lambda: bool(self.options(g, f))):
            return f"{head}no non-MPAJA Guerrilla is left on the map to place anew; done"
        return (f"{head}take a non-MPAJA Guerrilla from the map and place it anew, Underground, in any space (move "
                f"FROM TO non-mpaja-u|non-mpaja-a; {f['moved']} so far), or done")

    def explain(self, g, f, verb, arg):
        if verb != "move" or arg is None or arg in self.options(g, f):
            return None
        words = (arg or "").split()
        if len(words) != 3 or words[2] not in NON_MPAJA:
            return W.form("move", "FROM TO non-mpaja-u|non-mpaja-a", arg, "J21")
        for w in words[:2]:
            if not W.is_space(w):
                return W.not_a_space(w)
        src, key = words[0], NON_MPAJA[words[2]]
        if B.sp(g, src)[key]:
            return W.because(f"the {W.NOUNS[key][1]} of {B.name(src)} were placed there by this card: each Guerrilla "
                             "once", "J21, ruling R-J21")
        return W.because(f"{W.has(g, src, key)} to take", "J21, ruling R-J21")

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{f['label']}: the British placed {f['moved']} non-MPAJA Guerrilla(s) anew from the map.",
                  faction="british", rule=f"{f['rule']}, ruling R-J21")
            g.end()
            return
        src, dst, word = arg.split(" ")
        B.remove(g, src, NON_MPAJA[word], 1)
        B.place(g, dst, "non_mpaja", 1)
        f["fresh"][dst] = f["fresh"].get(dst, 0) + 1
        f["moved"] += 1
        g.say(f"{f['label']}: {B.BOARD.named(NON_MPAJA[word])} of {B.name(src)} was placed anew, Underground, in "
              f"{B.name(dst)}.", faction="british", rule=f"{f['rule']}, ruling R-J21")

    def step(self, g, f):
        if not self.options(g, f):
            g.end()
            return True
        return False


#: J21 shaded's Provinces that get a Police cube.
J21_POLICE = 3


def j21s_eliminate_spaces(g: Context) -> list[str]:
    """The Provinces with Police and Kempeitai: where J21 shaded's Eliminate may go."""
    return [s for s in B.PROVINCES if B.sp(g, s)["police"] and B.sp(g, s)["kempeitai"]]


def j21s_local(g: Context) -> dict:
    return sa_local(rule="J21", max=1, only=j21s_eliminate_spaces(g), optional=False)


def j21s_playable(g: Context, faction: str) -> bool:
    return any_placeable(g, faction, "police", B.PROVINCES) or sa_possible(g, "eliminate", j21s_local(g))


@event("J21", "shaded", playable=j21s_playable)
@procedure
class MalayShaded(ScriptEvent):
    """J21 shaded (Collaborate with Japanese): the executing faction places 1 Police cube in each of 3 different
    Provinces of its choice, as many as it can (5.1.3; the Japanese may take theirs from the map with none
    Available, ruling R-EVENT-FROM-MAP, the British place Available ones only, 5.1.1); then the Japanese, whoever
    executes (ruling R-FREE-OPS), Eliminate (4.3.3) in 1 Province with Police and Kempeitai, which they must
    where one can do something (no "may", 5.1.3). Example of Play L1720: Police into Perak, Negri Sembilan and
    Johore, then the 1-value Intel chit of Perak concealed."""

    name = "jo.ev.J21.shaded"
    script = ("police", "eliminate")

    def police(self, g, f):
        faction = f["faction"]
        if not any_placeable(g, faction, "police", B.PROVINCES):
            g.say(f"{TITLE['J21']}: no Police cube can be placed in a Province.", faction=faction, rule="J21, 5.1.1")
            return
        put(g, faction, "police", spaces=list(B.PROVINCES), where="a Province", max=J21_POLICE, min=J21_POLICE,
            per_space=1, rule="J21", label=TITLE["J21"])

    def eliminate(self, g, f):
        f.pop("ret", None)
        local = j21s_local(g)
        free_sa(g, "japanese", "eliminate", rule="J21", label=TITLE["J21"], max=1, only=local["only"],
                optional=False)


# -- J25 John Davis (unshaded) -----------------------------------------------------------------------------------------

def j25u_playable(g: Context, faction: str) -> bool:
    contact = op_frame(g, "contact", limited=False, rule="J25")
    return op_possible(g, "british", "contact", contact) or any(
        sa_possible(g, sa, sa_local(rule="J25")) for sa in SA_OF["british"])


@event("J25", "unshaded", playable=j25u_playable)
@procedure
class DavisUnshaded(ScriptEvent):
    """J25 unshaded (Meets with Chin Peng): the British, whoever executes (ruling R-5.1), may Contact (3.2.2), then
    conduct any one British Special Activity (Supply, Gather or Raid, 4.2), each free, in the rule's spaces
    (ruling R-FREE-OPS), either or both declined (ruling R-EVENT-MAY; with its ``whole`` reading, declining the
    Contact declines the text)."""

    name = "jo.ev.J25.unshaded"
    script = ("contact", "special")

    def contact(self, g, f):
        f["contacted"] = free_op(g, "british", "contact", limited=False, rule="J25", label=TITLE["J25"])

    def special(self, g, f):
        spaces = f.pop("ret", None)
        bound = whole(g) and bool(spaces)
        if whole(g) and f.get("contacted") and not spaces:
            g.say(f"{TITLE['J25']}: the British declined the Contact, and with it the text (the umpire's reading "
                  "'whole' of ruling R-EVENT-MAY).", faction="british", rule="J25, ruling R-EVENT-MAY")
            return
        if not any(sa_possible(g, sa, sa_local(rule="J25")) for sa in SA_OF["british"]):
            g.say(f"{TITLE['J25']}: no British Special Activity could do anything now.", faction="british",
                  rule="J25, 5.1.3")
            return
        g.call(FreeSpecial.name, "british", rule="J25", label=TITLE["J25"], bound=bound)


# -- J26 Subhas Chandra Bose -------------------------------------------------------------------------------------------

def j26u_frame(g: Context) -> dict:
    """J26 unshaded's Ambush: one space with Troops, the roll taken, Resistance +2 on a success instead of a move
    (``resistance_instead``); Force 136 not needed (ruling R-J26 ``no-f136``) or needed (``f136``)."""
    no_f136 = chosen(g.s, "R-J26", "no-f136") == "no-f136"
    return op_frame(g, "ambush", limited=False, rule="J26", spaces=1, resistance_instead=True,
                    **({"no_f136": True} if no_f136 else {}))


@event("J26", "unshaded", playable=lambda g, faction: op_possible(g, "british", "ambush", j26u_frame(g)))
def bose_unshaded(g: Context, faction: str) -> None:
    """J26 unshaded (Assassination attempt): the British, whoever executes (ruling R-5.1), may Ambush (3.2.4) in 1
    space with Troops and an Underground Guerrilla, Activating it and rolling (+1 for each Supply Cache in or
    next to the space); above the cubes there, Resistance rises by 2 and no Troop moves (ruling R-J26)."""
    frame = j26u_frame(g)
    flags = {k: frame[k] for k in ("resistance_instead", "no_f136") if k in frame}
    free_op(g, "british", "ambush", limited=False, rule="J26", label=TITLE["J26"], spaces=1, **flags)


#: J26 shaded's Sweep destinations.
J26_SWEEP = 2


def j26s_frame(g: Context) -> dict:
    return op_frame(g, "sweep", limited=False, rule="J26", spaces=J26_SWEEP, police_as_troops=True)


@event("J26", "shaded", playable=lambda g, faction: op_possible(g, "japanese", "sweep", j26s_frame(g)))
def bose_shaded(g: Context, faction: str) -> None:
    """J26 shaded (Indian National Army): the Japanese, whoever executes (ruling R-5.1), may Sweep (3.3.3) in up to
    2 spaces, Police moving in from adjacent spaces and counting as Troops do (Tip L2043: ``police_as_troops``)."""
    free_op(g, "japanese", "sweep", limited=False, rule="J26", label=TITLE["J26"], spaces=J26_SWEEP,
            police_as_troops=True)


# -- J32 MPAJU ---------------------------------------------------------------------------------------------------------

def camps_at_opposition(g: Context) -> list[str]:
    return [s for s in B.PROVINCES if B.sp(g, s)["jungle_camp"] and B.opposed(g, s)]


@event("J32", "unshaded", playable=lambda g, faction: any_placeable(g, "british", "mpaja",
                                                                         camps_at_opposition(g)))
def mpaju_unshaded(g: Context, faction: str) -> None:
    """J32 unshaded (Supply jungle camps): the British, whoever executes (ruling R-5.1), may place an MPAJA
    Guerrilla, Underground (1.4.3), in each space with a Jungle Camp and Opposition, any, all or none (ruling
    R-EVENT-MAY); their own, so from the map when none is Available (ruling R-EVENT-FROM-MAP)."""
    spaces = camps_at_opposition(g)
    put(g, "british", "mpaja", spaces=spaces, where="a space with a Jungle Camp and Opposition", max=len(spaces),
        per_space=1, rule="J32", label=TITLE["J32"], bind=whole(g))


def j32s_frame(g: Context) -> dict:
    return op_frame(g, "sweep", limited=True, rule="J32", spaces=1, only=next_to_sabotage(g))


@event("J32", "shaded", playable=lambda g, faction: bool(next_to_sabotage(g))
       and op_possible(g, "japanese", "sweep", j32s_frame(g)))
@procedure
class MpajuShaded(ScriptEvent):
    """J32 shaded (Exposed to reprisals): the Japanese, whoever executes (ruling R-5.1), may make a Limited Sweep
    (3.3.3, 2.4.4) into 1 Province adjacent to a Railway with a Sabotage marker, then a Reprisal (4.3.2) in that
    Province (ruling R-FREE-OPS), each free. Declining the Sweep, they may still Reprisal in one such Province
    with Troops (ruling R-J32, default ``either``, with R-EVENT-MAY ``each``); with R-J32's ``after-sweep``, or
    R-EVENT-MAY's ``whole``, declining the Sweep declines the Reprisal, and with ``whole`` a Sweep made binds the
    Japanese to the Reprisal where it can be made."""

    name = "jo.ev.J32.shaded"
    script = ("sweep", "reprisal")

    def sweep(self, g, f):
        f["swept"] = free_op(g, "japanese", "sweep", limited=True, rule="J32", label=TITLE["J32"], spaces=1,
                             only=next_to_sabotage(g))

    def reprisal(self, g, f):
        spaces = f.pop("ret", None) or []
        if not spaces and f.get("swept") and (whole(g) or chosen(g.s, "R-J32", "either") == "after-sweep"):
            g.say(f"{TITLE['J32']}: the Japanese declined the Sweep, and with it the Reprisal that follows it "
                  "(ruling R-J32 'after-sweep', or the reading 'whole' of ruling R-EVENT-MAY).", faction="japanese",
                  rule="J32, ruling R-J32")
            return
        only = spaces[:1] or next_to_sabotage(g)
        free_sa(g, "japanese", "reprisal", rule="J32", label=TITLE["J32"], max=1, only=only,
                optional=not (whole(g) and spaces))
