"""Arab Revolt Event cards of the Example of Play's first cards and their neighbours (rule 5; texts and
Tips in 9.0): A10 Ex-Black and Tans, A11 Italian Aid (Mandatory), A13 Arab Investigation Centres,
A14 Arab Ladies of Jerusalem."""

from __future__ import annotations

from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from ..chits import CHIT_NAMES, draw_punishment, return_punishment
from ..special import mobilize_effect
from . import event
from .granted import granted_ops

notation.VERBS.update({"space", "chit", "done"})


def prison_count(g: Context) -> int:
    return sum(g.s["prison"].values())


# -- A10 Ex-Black and Tans ----------------------------------------------------------------------------------

def a10_unshaded_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["police"] and B.sp(g, s)["opposition"]]


@procedure
class A10Unshaded(Procedure):
    """A10 unshaded: the British may remove Opposition from one space with Police."""

    name = "ar.ev.a10u"
    rule = "A10"

    def prompt(self, g, f):
        return {"space": a10_unshaded_spaces(g), "done": []}

    def text(self, g, f):
        return "British (Ex-Black and Tans, A10): remove Opposition from a space with Police, or done"

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "space":
            B.set_opposition(g, arg, False)
            g.say(f"Ex-Black and Tans: the Opposition in {B.name(arg)} was removed.", faction=f["role"], rule="A10")


@event("A10", "unshaded", playable=lambda g, faction: bool(a10_unshaded_spaces(g)))
def a10_unshaded(g: Context, faction: str) -> None:
    g.call(A10Unshaded.name, faction)


@procedure
class A10Shaded(Procedure):
    """A10 shaded: a Punishment chit is drawn; its Mobilization effect only, in up to 2 spaces with Police
    (1.7.2); the chit goes back to the cup. The Tip: a Fine does nothing."""

    name = "ar.ev.a10s"
    rule = "A10"

    def spaces(self, g, f):
        return [s for s in B.SPACES if B.sp(g, s)["police"] and s not in f["done"]]

    def prompt(self, g, f):
        out = {"done": []}
        if len(f["done"]) < 2 and self.spaces(g, f):
            out["space"] = self.spaces(g, f)
        return out

    def text(self, g, f):
        return (f"{f['role'].title()} (Unsanctioned reprisals, A10): {CHIT_NAMES[f['chit']]} Mobilization in a space "
                "with Police (up to 2), or done")

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        f["done"].append(arg)
        mobilize_effect(g, f["chit"], arg)

    def step(self, g, f):
        if f.get("over") or "space" not in self.prompt(g, f):
            return_punishment(g, [f["chit"]])
            g.say(f"The {CHIT_NAMES[f['chit']]} chit went back to the cup.", rule="A10")
            g.end()
            return True
        return False


@event("A10", "shaded", playable=lambda g, faction: bool(g.s["punishment"]["pool"]))
def a10_shaded(g: Context, faction: str) -> None:
    chit = draw_punishment(g, 1, "Ex-Black and Tans, A10", "A10", who=faction)[0]
    if chit == "fine":
        return_punishment(g, [chit])
        g.say("A Fine has no Mobilization effect: nothing happened; the chit went back to the cup.", rule="A10")
        return
    g.call(A10Shaded.name, faction, chit=chit, done=[])


# -- A11 Italian Aid (Mandatory) ----------------------------------------------------------------------------

@event("A11", "event")
def a11(g: Context, faction: str) -> None:
    """Rebels may conduct Limited Operations up to the number of Foreign Countries with Rebel pieces; not
    with A28 Tegart Forts in play."""
    if g.s["capabilities"].get("A28"):
        g.say("Tegart Forts (A28) is in play: Italian Aid is ignored.", rule="A11")
        return
    n = sum(1 for s in B.FOREIGN if B.rebel_pieces(B.sp(g, s)))
    granted_ops(g, "rebels", n, rule="A11", label="Italian Aid, A11")


# -- A13 Arab Investigation Centres -------------------------------------------------------------------------

@event("A13", "unshaded", playable=lambda g, faction: prison_count(g) > 0)
def a13_unshaded(g: Context, faction: str) -> None:
    """British may conduct Limited Operations up to the Rebel pieces in Prison, three at most."""
    granted_ops(g, "british", min(3, prison_count(g)), rule="A13", label="Arab Investigation Centres, A13")


@event("A13", "shaded", playable=lambda g, faction: prison_count(g) > 0)
def a13_shaded(g: Context, faction: str) -> None:
    """Political Will -1 per Rebel piece in Prison, three at most."""
    shift_will(g, -min(3, prison_count(g)), "Arab Investigation Centres", rule="A13")


# -- A14 Arab Ladies of Jerusalem ---------------------------------------------------------------------------

def a14_unshaded_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["curfew"] and B.sp(g, s)["opposition"]]


@event("A14", "unshaded", playable=lambda g, faction: bool(a14_unshaded_spaces(g)))
def a14_unshaded(g: Context, faction: str) -> None:
    """Remove Opposition from each space with a Curfew."""
    for s in a14_unshaded_spaces(g):
        B.set_opposition(g, s, False)
        g.say(f"Arab Ladies of Jerusalem: the Opposition in {B.name(s)} was removed.", rule="A14")


@procedure
class A14Discard(Procedure):
    """A14 shaded: the British choose which held Punishment chit to discard (back to the cup, ruling R-A14)."""

    name = "ar.ev.a14s"
    rule = "A14"

    def prompt(self, g, f):
        return {"chit": sorted(set(g.s["punishment"]["held"]))}

    def text(self, g, f):
        return "British (Arab Ladies of Jerusalem, A14): discard a held Punishment chit"

    def act(self, g, f, verb, arg):
        g.end()
        discard_held(g, arg)


@event("A14", "shaded",
       playable=lambda g, faction: bool(B.BOARD.curfews_on_map(g) or g.s["punishment"]["held"]))
def a14_shaded(g: Context, faction: str) -> None:
    """Remove all Curfews; the British must discard one held Punishment chit."""
    for s in B.SPACES:
        B.sp(g, s)["curfew"] = 0
    g.say("Arab Ladies of Jerusalem: every Curfew was removed.", rule="A14")
    held = g.s["punishment"]["held"]
    if len(set(held)) == 1:
        discard_held(g, held[0])
    elif held:
        g.call(A14Discard.name, "british")


def discard_held(g: Context, chit: str) -> None:
    g.s["punishment"]["held"].remove(chit)
    return_punishment(g, [chit])
    g.say(f"British discarded a held {CHIT_NAMES[chit]} chit (back to the cup).", faction="british", rule="A14")
