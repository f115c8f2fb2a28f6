"""Arab Revolt Event cards A9 to A16 (rule 5; texts and Tips in 9.0): A9 Hajj Amin al-Husayni, A10
Ex-Black and Tans, A11 Italian Aid (Mandatory), A12 General Dill, A13 Arab Investigation Centres, A14 Arab
Ladies of Jerusalem, A15 Human Shields (capability: effects in Raid and Punish's Fine), A16 Censorship."""

from __future__ import annotations

from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..chits import CHIT_NAMES, draw_punishment, mobilize_effect, return_punishment
from ..data import CARDS
from ..operation import chit_value, new_op_frame, op_refusal
from . import capability, event
from .choosers import pick
from .granted import granted_ops, may_sa

notation.declare(__name__, {"space", "chit", "done"})


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

    def explain(self, g, f, verb, arg):
        if verb != "space" or arg is None or arg in a10_unshaded_spaces(g):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        return W.because(f"{W.has(g, arg, 'police', 'opposition')}: the card removes Opposition where Police are",
                         "A10")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "space":
            B.set_opposition(g, arg, False)
            g.say(f"Ex-Black and Tans: the Opposition in {B.name(arg)} was removed.", faction=f["role"], rule="A10")


@event("A10", "unshaded", playable=lambda g, faction: bool(a10_unshaded_spaces(g)))
def a10_unshaded(g: Context, faction: str) -> None:
    """"British may remove Opposition": the British decide, whoever executes the Event (5.1: the Faction the
    text specifies decides the details)."""
    g.call(A10Unshaded.name, "british")


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

    def explain(self, g, f, verb, arg):
        if verb != "space" or arg is None or arg in self.prompt(g, f).get("space", ()):
            return None
        if len(f["done"]) >= 2:
            return W.because("the card's Mobilization effect goes in up to 2 spaces, and has gone in 2", "A10")
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg in f["done"]:
            return W.because(f"{B.name(arg)} had the Mobilization effect already: a space once", "A10")
        return W.because(f"{W.has(g, arg, 'police')}: the effect goes in spaces with Police", "A10")

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        f["done"].append(arg)
        mobilize_effect(g, f["chit"], arg, placer="rebels")

    def step(self, g, f):
        if f.get("over") or "space" not in self.prompt(g, f):
            return_punishment(g, [f["chit"]])
            g.say(f"The {CHIT_NAMES[f['chit']]} chit went back to the cup.", rule="A10")
            g.end()
            return True
        return False


@procedure
class A10Draw(Procedure):
    """A10 shaded: "Rebels may draw": the Rebels decide whether to draw, whoever executes the Event (5.1)."""

    name = "ar.ev.a10d"
    rule = "A10"

    def prompt(self, g, f):
        return {"draw": [], "done": []}

    def text(self, g, f):
        return "Rebels (Unsanctioned reprisals, A10): draw a Punishment chit (draw), or done"

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say("Rebels drew no Punishment chit (Ex-Black and Tans, A10).", faction="rebels", rule="A10")
            return
        chit = draw_punishment(g, 1, "Ex-Black and Tans, A10", "A10", who="rebels")[0]
        if chit == "fine":
            return_punishment(g, [chit])
            g.say("A Fine has no Mobilization effect: nothing happened; the chit went back to the cup.", rule="A10")
            return
        g.call(A10Shaded.name, "rebels", chit=chit, done=[])


@event("A10", "shaded", playable=lambda g, faction: bool(g.s["punishment"]["pool"]))
def a10_shaded(g: Context, faction: str) -> None:
    g.call(A10Draw.name, "rebels")


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

    def explain(self, g, f, verb, arg):
        held = ", ".join(CHIT_NAMES[c] for c in g.s["punishment"]["held"]) or "none"
        if verb == "done":
            return W.because(f"the British must discard a held Punishment chit (held: {held})", "A14")
        if verb != "chit" or arg is None or arg in g.s["punishment"]["held"]:
            return None
        if arg not in CHIT_NAMES:
            return W.because(f"{arg!r} is no Punishment chit: Detain, Demolish or Fine (held: {held})", "A14")
        return W.because(f"the British hold no {CHIT_NAMES[arg]} chit to discard (held: {held})", "A14")

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


# -- A9 Hajj Amin al-Husayni --------------------------------------------------------------------------------

def bases_abroad(g: Context) -> list[str]:
    return [s for s in ("syria", "lebanon") if B.sp(g, s)["bases"]]


@procedure
class A9Unshaded(Procedure):
    """A9 unshaded: all Rebel Bases in Syria or Lebanon (not both) are removed; then Unity toward
    Decentralized."""

    name = "ar.ev.a9u"
    rule = "A9"

    def prompt(self, g, f):
        return {"space": bases_abroad(g)}

    def text(self, g, f):
        return f"{f['role'].title()} (Hajj Amin al-Husayni, A9): remove all Rebel Bases in Syria or Lebanon"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because("the card removes the Bases of Syria or Lebanon: choose which", "A9")
        if verb != "space" or arg is None or arg in bases_abroad(g):
            return None
        if arg not in ("syria", "lebanon"):
            return W.because(f"{B.name(arg) if W.is_space(arg) else repr(arg)} is neither Syria nor Lebanon", "A9")
        return W.because(f"{W.has(g, arg, 'bases')} to remove", "A9")

    def act(self, g, f, verb, arg):
        g.end()
        a9_remove(g, arg)
        B.shift_unity(g, -1, "Hajj Amin al-Husayni", rule="A9")

    def step(self, g, f):
        if len(bases_abroad(g)) <= 1:
            g.end()
            if bases_abroad(g):
                a9_remove(g, bases_abroad(g)[0])
            B.shift_unity(g, -1, "Hajj Amin al-Husayni", rule="A9")
            return True
        return False


def a9_remove(g: Context, sid: str) -> None:
    n = B.remove(g, sid, "bases", B.sp(g, sid)["bases"])
    g.say(f"Hajj Amin al-Husayni: {n} Base(s) in {B.name(sid)} were removed.", rule="A9")


@event("A9", "unshaded")
def a9_unshaded(g: Context, faction: str) -> None:
    g.call(A9Unshaded.name, faction)


@event("A9", "shaded")
def a9_shaded(g: Context, faction: str) -> None:
    """With a Rebel Base in a Foreign Country, Unity toward Centralized; the Rebels may also conduct an
    Operation with their Operations chit (ruling R-A9: one Operation, no Special Activity, up to the value of
    the chit played this turn)."""
    if any(B.sp(g, s)["bases"] for s in B.FOREIGN):
        B.shift_unity(g, 1, "Grand Mufti", rule="A9")
    value = chit_value(g)
    if value:
        g.call(A9Op.name, "rebels")
    else:
        g.say("Grand Mufti: the Rebels played no Operations chit this turn, so no Operation.", rule="A9")


@procedure
class A9Op(Procedure):
    """A9 shaded: the Rebels choose an Operation (or none) in spaces up to their chit's value."""

    name = "ar.ev.a9s"
    rule = "A9"

    def prompt(self, g, f):
        ops = g.rules.ops(g, "rebels", False)
        return {"op": ops, "done": []} if ops else {}

    def step(self, g, f):
        if self.prompt(g, f):
            return False
        g.say("Grand Mufti: no Rebel Operation has a space it may select.", faction="rebels", rule="A9")
        g.end()
        return True

    def text(self, g, f):
        return f"Rebels (Grand Mufti, A9): an Operation in up to {chit_value(g)} space(s), or done"

    def explain(self, g, f, verb, arg):
        if verb != "op" or arg is None:
            return None
        frame = new_op_frame(g, arg, False, False) if arg in ("rally", "march", "sabotage", "ambush") else {}
        return op_refusal(g, "rebels", arg, frame)

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "op":
            g.call(f"ar.op.{arg}", "rebels", **new_op_frame(g, arg, False, False))


# -- A12 General Dill ---------------------------------------------------------------------------------------

@event("A12", "unshaded")
def a12_unshaded(g: Context, faction: str) -> None:
    """British may Punish, then may Punish again using a held chit (the Tip: only if they hold one)."""
    may_sa(g, "british", "punish", rule="A12", held_only=True)
    may_sa(g, "british", "punish", rule="A12")


@event("A12", "shaded", playable=lambda g, faction: B.irregulars_on_map(g) >= 2)
def a12_shaded(g: Context, faction: str) -> None:
    """Remove half the Irregulars on the map, rounded down (the executing faction chooses which)."""
    n = B.irregulars_on_map(g) // 2
    pick(g, faction, list(B.IRREGULAR_KEYS), max=n, min=n, rule="A12", label="General Dill, A12")


# -- A15 Human Shields (capability; effects in Raid and Punish's Fine) ---------------------------------------

capability("A15", "unshaded")
capability("A15", "shaded")


# -- A16 Censorship -----------------------------------------------------------------------------------------

def british_caps(g: Context, side: str | None = None) -> list[str]:
    return [c for c, s in g.s["capabilities"].items()
            if CARDS[c]["capability"] == "british" and (side is None or s == side)]


@event("A16", "unshaded", playable=lambda g, faction: bool(british_caps(g, "shaded")))
def a16_unshaded(g: Context, faction: str) -> None:
    """Cancel all shaded British Capabilities (for the rest of the game: the Tip; ruling R-A16)."""
    for cid in british_caps(g, "shaded"):
        del g.s["capabilities"][cid]
        g.say(f"Censorship: the shaded {CARDS[cid]['title']} ({cid}) Capability was cancelled.", rule="A16")


@event("A16", "shaded", playable=lambda g, faction: bool(british_caps(g)))
def a16_shaded(g: Context, faction: str) -> None:
    """Political Will -1 for each British Capability in play."""
    shift_will(g, -len(british_caps(g)), "Censorship", rule="A16")
