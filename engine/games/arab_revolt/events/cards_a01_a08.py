"""Arab Revolt Event cards A1 to A8 (rule 5; texts and Tips in 9.0): A1 Mass Detention (capability),
A2 Central War Committee (capability), A3 Peace Bands, A4 Special Night Squads, A5 Village Occupations,
A6 House Demolition, A7 Memory of al-Qassam, A8 Fawzi al-Qawuqji (capability).

The capabilities' effects live where the rules they change live: A1 in Punish's Detain (punish.py), A2
in ``special.roll_against_bases``, A8 in Raid (special_rebel.py) and Ambush (rebel_ops.py).
"""

from __future__ import annotations

from ....coin.will import shift_will
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..chits import CHIT_NAMES, draw_punishment, return_punishment, set_aside_punishment
from ..operation import place_own
from ..special import roll_against_bases, roll_words, sentence
from . import capability, event
from .common import free_op, place_each
from .granted import granted_ops, may_sa

for _cid in ("A1", "A2", "A8"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")


# -- A3 Peace Bands ---------------------------------------------------------------------------------------

@event("A3", "unshaded")
def a3_unshaded(g: Context, faction: str) -> None:
    """British may Divide to Activate Irregulars, then also roll (the Tip: both options, in turn; ruling
    R-A3: the first still up to the Unity value)."""
    may_sa(g, "british", "divide", rule="A3", no_roll=True, then_roll=True)


@procedure
class ReplaceIrregulars(Procedure):
    """A3 shaded: the Rebels replace up to two Irregulars with Guerrillas (a Guerrilla from Available, else from
    the map where ruling R-1.4.1-EVENT allows, else the Irregular is only removed: 1.4.1, 5.1.1)."""

    name = "ar.ev.a3s"
    rule = "A3"

    def prompt(self, g, f):
        opts = [f"{s} {w}" for s in B.SPACES for w, k in (("irregular-u", "irregulars_u"),
                                                           ("irregular-a", "irregulars_a")) if B.sp(g, s)[k]]
        out = {"done": []}
        if opts and f["left"]:
            out["replace"] = opts
        return out

    def text(self, g, f):
        return f"Rebels (Peace Bands, A3): replace an Irregular with a Guerrilla ({f['left']} more), or done"

    def explain(self, g, f, verb, arg):
        if verb != "replace" or arg is None or arg in self.prompt(g, f).get("replace", ()):
            return None
        if not f["left"]:
            return W.because("Peace Bands replaces up to 2 Irregulars, and has replaced them", "A3")
        words = W.parts(arg, 2)
        if words is None or not W.is_space(words[0]) or words[1] not in ("irregular-u", "irregular-a"):
            return W.form("replace", "SPACE irregular-u|irregular-a", arg, "A3")
        return W.because(f"{W.has(g, words[0], B.BOARD.key_of_word[words[1]])} to replace", "A3")

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["left"] = 0
            return
        sid, word = arg.split(" ")
        f["left"] -= 1
        B.remove(g, sid, B.BOARD.key_of_word[word], 1)
        g.say(f"Peace Bands: the Rebels replaced an Irregular in {B.name(sid)}.", faction="rebels", rule="A3")
        # The Guerrilla: Available, else from the map as the umpire's reading allows, else none and the
        # Irregular is simply removed (1.4.1, 1.4.3, 5.1.1; ruling R-1.4.1-EVENT).
        place_own(g, "rebels", sid, "guerrillas", rule="A3", label="Peace Bands", by="event")

    def step(self, g, f):
        if not f["left"] or "replace" not in self.prompt(g, f):
            g.end()
            B.shift_unity(g, 1, "Peace Bands", rule="A3")
            return True
        return False


@event("A3", "shaded")
def a3_shaded(g: Context, faction: str) -> None:
    """Rebels may replace 2 Irregulars with Guerrillas; Unity one step toward Centralized."""
    g.call(ReplaceIrregulars.name, "rebels", left=2)


# -- A4 Special Night Squads ------------------------------------------------------------------------------

def districts_with_troops(g: Context) -> list[str]:
    return [s for s in B.DISTRICTS if B.sp(g, s)["troops"]]


@event("A4", "unshaded", playable=lambda g, faction: bool(districts_with_troops(g)))
def a4_unshaded(g: Context, faction: str) -> None:
    """Place 1 Irregular each into up to 3 Districts with Troops: the executing faction chooses the Districts
    and may place fewer (5.1, "up to"); the British may take Irregulars from the map when none is Available
    (1.4.1 IMPORTANT, ruling R-1.4.1-EVENT), the Rebels, placing pieces not their own, only Available ones."""
    place_each(g, faction, "irregulars", districts_with_troops(g), max=3, rule="A4", label="Special Night Squads, A4")


@event("A4", "shaded", playable=lambda g, faction: B.irregulars_on_map(g) >= 3)
def a4_shaded(g: Context, faction: str) -> None:
    """Political Will -1 for every 3 Irregulars in play (on the map)."""
    shift_will(g, -(B.irregulars_on_map(g) // 3), "Special Night Squads", rule="A4")


# -- A5 Village Occupations -------------------------------------------------------------------------------

@procedure
class Curfews(Procedure):
    """A5 unshaded: the British may place Curfews in up to 3 Districts with Troops."""

    name = "ar.ev.a5u"
    rule = "A5"

    def prompt(self, g, f):
        c = [s for s in districts_with_troops(g) if B.BOARD.can_curfew(g, s)] if f["left"] else []
        return {"curfew": c, "done": []} if c else {"done": []}

    def text(self, g, f):
        return f"British (Village Occupations, A5): place a Curfew in a District with Troops ({f['left']} more), or done"

    def explain(self, g, f, verb, arg):
        if verb != "curfew" or arg is None or arg in self.prompt(g, f).get("curfew", ()):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name = B.name(arg)
        if B.KIND[arg] != "district":
            return W.because(f"{name} is {W.kind_of(arg)}: Village Occupations places Curfews in Districts", "A5")
        if not B.sp(g, arg)["troops"]:
            return W.because(f"{W.has(g, arg, 'troops')}: Village Occupations needs Troops there", "A5")
        if B.sp(g, arg)["curfew"]:
            return W.because(f"{name} has a Curfew already: one a space", "1.4.2")
        return W.because(f"all {B.BOARD.curfews} Curfews are on the map already", "1.12")

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["left"] = 0
            return
        f["left"] -= 1
        B.place_curfew(g, arg)
        g.say(f"Village Occupations: a Curfew was placed in {B.name(arg)}.", faction="british", rule="A5")

    def step(self, g, f):
        if not f["left"] or "curfew" not in self.prompt(g, f):
            g.end()
            return True
        return False


@event("A5", "unshaded", playable=lambda g, faction: any(B.BOARD.can_curfew(g, s) for s in districts_with_troops(g)))
def a5_unshaded(g: Context, faction: str) -> None:
    g.call(Curfews.name, "british", left=3)


def curfew_districts_with_guerrillas(g: Context) -> list[str]:
    return [s for s in B.DISTRICTS if B.sp(g, s)["curfew"] and B.guerrillas(B.sp(g, s))]


@event("A5", "shaded", playable=lambda g, faction: bool(curfew_districts_with_guerrillas(g)))
def a5_shaded(g: Context, faction: str) -> None:
    """Rebels may March from all Districts with Curfews (a free March: no chit, no Special Activity)."""
    origins = curfew_districts_with_guerrillas(g)
    free_op(g, "rebels", "march", spaces=len(origins), only=origins, rule="A5", label="Village Occupations, A5")


# -- A6 House Demolition ----------------------------------------------------------------------------------

@procedure
class HouseDemolition(Procedure):
    """A6 unshaded: the British may draw 2 Punishment chits; each Demolish drawn they may use (a Punish with
    that chit, in up to 2 spaces with Troops: ruling R-A6). Every chit not used goes back to the pool ("Return
    any unused chits to the pool"): the other chits at once, a Demolish the British decline or cannot use
    (no space qualifies) as soon as that is known; a Demolish used is set aside (1.7.1)."""

    name = "ar.ev.a6u"
    rule = "A6"

    def prompt(self, g, f):
        return {"draw": [], "done": []} if f["stage"] == "draw" else {}

    def text(self, g, f):
        return "British (House Demolition, A6): draw 2 Punishment chits (draw), or done"

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say("British drew no chit (House Demolition, A6).", faction="british", rule="A6")
            g.end()
            return
        drawn = draw_punishment(g, 2, "House Demolition, A6", "A6")
        others = [c for c in drawn if c != "demolish"]
        return_punishment(g, others)
        if others:
            g.say(f"House Demolition: {', '.join(CHIT_NAMES[c] for c in others)} went back to the pool.", rule="A6")
        f["demolish"] = len(drawn) - len(others)
        if not f["demolish"]:
            g.say("House Demolition: no Demolish chit was drawn.", rule="A6")
        f["stage"] = "use"

    def step(self, g, f):
        if f["stage"] != "use":
            return False
        if f.get("asked"):  # the offer of one Demolish is over: used (Punish said so) or not
            f["asked"] = False
            f["demolish"] -= 1
            if f.pop("ret", None) == "used":
                set_aside_punishment(g, "demolish")
            else:
                return_punishment(g, ["demolish"])
                g.say("House Demolition: the unused Demolish chit went back to the pool.", rule="A6")
            return True
        if f["demolish"] > 0:
            f["asked"] = True
            may_sa(g, "british", "punish", rule="A6", preset="demolish")
            return True
        g.end()
        return True


@event("A6", "unshaded", playable=lambda g, faction: bool(g.s["punishment"]["pool"]))
def a6_unshaded(g: Context, faction: str) -> None:
    """British may draw 2 Punishment chits and use any Demolish drawn; unused chits back to the pool."""
    g.call(HouseDemolition.name, "british", stage="draw")


@event("A6", "shaded")
def a6_shaded(g: Context, faction: str) -> None:
    """Rebels may Mobilize, placing Guerrillas in spaces with Curfews rather than Opposition."""
    may_sa(g, "rebels", "mobilize", rule="A6", guerrillas_in="curfew")


# -- A7 Memory of al-Qassam -------------------------------------------------------------------------------

@event("A7", "unshaded")
def a7_unshaded(g: Context, faction: str) -> None:
    """Roll a die twice: each result at most the Irregulars on the map shifts Unity toward Decentralized."""
    for i in (1, 2):
        die = g.roll(f"Memory of al-Qassam, roll {i}")
        n = B.irregulars_on_map(g)
        ok = die <= n
        words = roll_words(die, f"Memory of al-Qassam (roll {i} of 2)", n, "Irregular(s) on the map", ok)
        g.say(f"{sentence(words)}: {'the Unity Track shifts toward Decentralized' if ok else 'no shift'}.",
              rule="A7")
        if ok:
            B.shift_unity(g, -1, "Memory of al-Qassam", rule="A7")


@event("A7", "shaded")
def a7_shaded(g: Context, faction: str) -> None:
    """Roll a die; at most the Rebel Bases on the map (A2 modifies): the Rebels may conduct a Limited
    Operation in each space with Opposition (one space each, each such space once)."""
    _, ok, words = roll_against_bases(g, "Memory of al-Qassam")
    effect = ("the Rebels may conduct a Limited Operation in each space with Opposition" if ok else
              "no Limited Operation")
    g.say(f"{sentence(words)}: {effect}.", rule="A7")
    if ok:
        spaces = B.opposition_spaces(g)
        granted_ops(g, "rebels", len(spaces), only=spaces, each=True, rule="A7", label="Memory of al-Qassam, A7")

