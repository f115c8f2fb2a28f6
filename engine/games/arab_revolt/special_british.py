"""The British Special Activities of Arab Revolt other than Punish (``punish``): Divide (4.2.2) and Air
Recon (4.2.3). Their shared base is in ``special``."""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import place_own
from .rebel_ops import WORD_KEY
from .special import SpecialActivity, roll_words

notation.declare(__name__, {"space", "chit", "remove", "replace", "roll", "place", "done"})




# -- Divide (4.2.2) ------------------------------------------------------------------------------------------

def replacements(g: Context, used: list[str]):
    """``SOURCE TARGET guerrilla-u|guerrilla-a``, one at a time: an Underground Irregular in SOURCE (not used
    yet) replaces a Guerrilla in or adjacent to it; never into a Foreign Country, where British pieces may not go
    (1.4.2)."""
    for src in B.SPACES:
        if src in used or not B.sp(g, src)["irregulars_u"]:
            continue
        for tgt in B.within_one(g, src):
            if B.KIND[tgt] == "foreign":
                continue
            for w, k in WORD_KEY.items():
                if B.sp(g, tgt)[k]:
                    yield f"{src} {tgt} {w}"


def divide_replacements(g: Context, used: list[str]) -> list[str]:
    """Every replacement Divide may make now (:func:`replacements`)."""
    return list(replacements(g, used))


@procedure
class Divide(SpecialActivity):
    """Divide: in spaces up to the Unity Track value, Activate an Underground Irregular to replace a Guerrilla
    in or adjacent to it with an Irregular; or roll a die, at most the Irregulars on the map shifting the
    Unity Track toward Decentralized (4.2.2, 6.6.2).

    Frame flags an Event may set: ``no_roll`` (the replacements only: A3, A29), ``then_roll`` (the roll after
    them: A3), ``must`` (at least one replacement where one is possible: A29 unshaded)."""

    name = "ar.sa.divide"
    sa = "divide"
    faction = "british"
    rule = "4.2.2"
    accompanies = ("deploy", "patrol")
    initial = {"used": []}

    def possible(self, g, f=None):
        """Always: it may roll for the Unity Track instead of selecting spaces (4.2.2)."""
        return True

    def prompt(self, g, f):
        used = f["used"]
        out: dict[str, list[str]] = {}
        if len(used) < B.unity_value(g):
            reps = divide_replacements(g, used)
            if reps:
                out["replace"] = reps
        if used or f.get("no_roll"):
            if out and not (f.get("must") and not used):
                out["done"] = []
        else:
            out["roll"] = []
        return out

    def text(self, g, f):
        """What :meth:`prompt` offers, tested the same way without listing the replacements."""
        used, most = f["used"], B.unity_value(g)
        can_replace = len(used) < most and next(replacements(g, used), None) is not None
        if used:
            return (f"British Divide: another replacement (replace SOURCE TARGET KIND; {len(used)} of up to "
                    f"{most}), or done")
        replace = ("replace a Guerrilla with an Irregular (replace SOURCE TARGET KIND; up to "
                   f"{most} space(s))") if can_replace else ""
        roll = "roll against the Irregulars on the map (roll)" if not f.get("no_roll") else ""
        return f"British Divide: {' or '.join(x for x in (replace, roll) if x) or 'nothing to do; done'}"

    def refusal(self, g, f, verb, arg):
        can = self.prompt(g, f)
        if verb == "replace":
            return self.replace_refusal(g, f, arg)
        if verb == "roll" and "roll" not in can:
            if f.get("no_roll"):
                return W.because("this Divide replaces Guerrillas only, without the roll", W.rule_of(f, "4.2.2"))
            return W.because(f"Divide replaces or rolls, and it has replaced in {W.names(f['used'])}", "4.2.2")
        if verb == "done" and "done" not in can:
            if f.get("must") and not f["used"]:
                return W.because("this Divide must replace at least one Guerrilla where it can", W.rule_of(f, "4.2.2"))
            return W.because("Divide replaces a Guerrilla with an Irregular or rolls: choose one", "4.2.2")
        return None

    def replace_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why replacement *arg* (``SOURCE TARGET guerrilla-u|guerrilla-a``) is refused
        (:func:`divide_replacements`): spaces up to the Unity value (4.2.2, 6.6.2), each once (4.1), an
        Underground Irregular in the source, a Guerrilla in or adjacent to it (4.2.2), never in a Foreign
        Country (1.4.2)."""
        used, most = f["used"], B.unity_value(g)
        if most == 0:
            return W.because(f"the Unity Track is at {B.unity_name(g.s['unity'])}, whose value 0 allows no Divide "
                             "replacement", "6.6.2, 4.2.2")
        if len(used) >= most:
            return W.because(f"Divide replaces in up to {most} space(s), the Unity Track's value, and has used "
                             f"{len(used)}", "4.2.2, 6.6.2")
        if arg is None or arg in divide_replacements(g, used):
            return None
        words = W.parts(arg, 3)
        if words is None or words[2] not in WORD_KEY:
            return W.form("replace", "SOURCE TARGET guerrilla-u|guerrilla-a", arg, "4.2.2")
        src, tgt, word = words
        for sid in (src, tgt):
            if not W.is_space(sid):
                return W.not_a_space(sid)
        if src in used:
            return W.because(f"the Irregular in {B.name(src)} was used in this Divide already: each space once", "4.1")
        if not B.sp(g, src)["irregulars_u"]:
            return W.because(f"{W.has(g, src, 'irregulars_u')} to Activate", "4.2.2")
        if tgt not in B.within_one(g, src):
            return W.because(f"{B.name(tgt)} is neither {B.name(src)} nor adjacent to it", "4.2.2")
        if B.KIND[tgt] == "foreign":
            return W.because(f"{B.name(tgt)} is a Foreign Country: no Irregular may go there", "1.4.2")
        return W.because(f"{W.has(g, tgt, WORD_KEY[word])} to replace", "4.2.2")

    def act(self, g, f, verb, arg):
        if verb == "roll":
            g.end()
            divide_roll(g)
            return
        if verb == "done":
            self.finish(g, f)
            return
        src, tgt, word = arg.split(" ")
        f["used"].append(src)
        B.activate(g, src, 1, "irregulars")
        B.remove(g, tgt, WORD_KEY[word], 1)
        g.say(f"British Divided: the Irregular in {B.name(src)} was Activated to replace a Guerrilla in "
              f"{B.name(tgt)}.", faction="british", rule="4.2.2")
        # The new Irregular: from Available, else one the British may take from the map, else none and the
        # Guerrilla is simply removed (1.4.1 IMPORTANT and second paragraph, 1.4.3; ruling ).
        place_own(g, "british", tgt, "irregulars", rule="4.2.2", label="Divide")

    def advance(self, g, f):
        if not self.prompt(g, f) or (f["used"] and "replace" not in self.prompt(g, f)):
            if not f["used"] and f.get("no_roll"):
                g.say("British Divide: no Guerrilla could be replaced.", faction=f["role"], rule=self.rule_for(g, f))
            self.finish(g, f)
            return True
        return False

    def finish(self, g, f):
        """Ends the Divide; A3 unshaded: the roll follows the replacements."""
        g.end()
        if f.get("then_roll"):
            divide_roll(g)


def divide_roll(g: Context) -> None:
    die = g.roll("Divide")
    n = B.irregulars_on_map(g)
    ok = die <= n
    g.say(f"British {roll_words(die, 'Divide', n, 'Irregular(s) on the map', ok)}: "
          f"{'the Unity Track shifts toward Decentralized' if ok else 'the Unity Track does not shift'}.",
          faction="british", rule="4.2.2")
    if ok:
        B.shift_unity(g, -1, "Divide", rule="4.2.2")


# -- Air Recon (4.2.3) ---------------------------------------------------------------------------------------

#: The spaces Air Recon may ever select: Districts and Railways (4.2.3), in board order.
AIR_RECON_KINDS = [s for s in B.SPACES if B.KIND[s] in ("district", "railway")]


def air_recon_spaces(g: Context) -> list[str]:
    """Districts and Railways with an Underground Guerrilla to Activate (4.2.3)."""
    spaces = g.s["spaces"]
    return [s for s in AIR_RECON_KINDS if spaces[s]["guerrillas_u"]]


@procedure
class AirRecon(SpecialActivity):
    """Air Recon: Activate one Guerrilla in each of up to two Districts or Railways (4.2.3); A32 unshaded
    grants one that Activates two (frame ``per``)."""

    name = "ar.sa.air-recon"
    sa = "air-recon"
    faction = "british"
    rule = "4.2.3"
    accompanies = ("deploy", "patrol", "sweep", "assault")  # any British Operation
    initial = {"chosen": []}

    def possible(self, g, f=None):
        """A space of :func:`air_recon_spaces`: "is there one" stops at the first."""
        spaces = g.s["spaces"]
        return any(spaces[s]["guerrillas_u"] for s in AIR_RECON_KINDS)

    def prompt(self, g, f):
        done = f["chosen"]
        out: dict[str, list[str]] = {}
        c = [s for s in air_recon_spaces(g) if s not in done]
        if c and len(done) < 2:
            out["space"] = c
        if done:
            out["done"] = []
        return out

    def text(self, g, f):
        done = ", or done" if f["chosen"] else ""
        return (f"British Air Recon: select up to 2 Districts or Railways to Activate Guerrillas in "
                f"({len(f['chosen'])} selected){done}")

    def refusal(self, g, f, verb, arg):
        chosen = f["chosen"]
        if verb == "done" and not chosen:
            return W.because("Air Recon selects at least one space: none is selected yet", "4.2.3")
        if verb != "space" or arg is None or arg in self.prompt(g, f).get("space", ()):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name = B.name(arg)
        if arg in chosen:
            return W.because(f"{name} is already selected for this Air Recon: a space only once", "4.1")
        if len(chosen) >= 2:
            return W.because("Air Recon takes place in up to two spaces and has them", "4.2.3")
        if B.KIND[arg] == "foreign":
            return W.because(f"{name} is a Foreign Country: British Special Activities never select one", "1.3.7")
        if B.KIND[arg] not in ("district", "railway"):
            return W.because(f"{name} is {W.kind_of(arg)}: Air Recon takes place in Districts and Railways", "4.2.3")
        return W.because(f"{W.has(g, arg, 'guerrillas_u')} for Air Recon to Activate", "4.2.3")

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        f["chosen"].append(arg)
        k = B.activate(g, arg, f.get("per", 1))
        g.say(f"British Air Recon Activated {k} Guerrilla(s) in {B.name(arg)}.", faction="british", rule="4.2.3")

    def advance(self, g, f):
        if f.get("over") or "space" not in self.prompt(g, f):
            g.end()
            return True
        return False
