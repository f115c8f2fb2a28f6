"""The British Special Activities of Malaya: Resettle (4.2.1), Reprisal (4.2.2) and Air Strike (4.2.3).

Each selects Provinces, never Thailand (1.3.3), each space once (4.1), up to its own count: Resettle one (two
at Briggs), Reprisal one (two at Gurney), Air Strike two; none of the Commander's added spaces while Gurney
Killed is in effect (6.6.2, 6.6.3). An Event's free Special Activity gives its count in ``max``, its spaces in
``only`` and its card in ``rule`` (5.4; ruling R-FREE-OPS: no accompanying Operation). Each ends with the
spaces it selected as the caller's ``ret`` (M9 unshaded Assaults where its Reprisal was).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .british_ops import kind_words
from .operation import cap
from .special import SpecialActivity

notation.declare(__name__, {"space", "move", "done"})

#: The Terror and Sabotage markers of the game, one pool for both (1.2).
GUERRILLA_WORDS = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}




class BritishSpecial(SpecialActivity):
    """What the three share: select Provinces one at a time, each once, up to :meth:`most`; ``done`` once one
    is selected; the end comes by itself when no space is left. A subclass says which Provinces qualify
    (:meth:`qualifies`, with :meth:`why_not` for a refusal) and what happens in one (:meth:`on_space`)."""

    faction = "british"
    initial = {"chosen": []}
    #: The Special Activity's own count of spaces, without the Commander (4.2).
    spaces = 1

    def most(self, g: Context, f: dict | None) -> int:
        """How many spaces it selects: an Event's ``max``, else its own count."""
        return (f or {}).get("max") or self.spaces

    def qualifies(self, g: Context, f: dict | None, sid: str) -> bool:
        """Whether Province *sid* may be selected (each Special Activity its own test; none by default)."""
        return False

    def why_not(self, g: Context, f: dict, sid: str) -> str:
        """Why *sid* fails :meth:`qualifies`, with the facts and the rule (each its own words)."""
        return W.because(f"{B.name(sid)} does not qualify for {self.title}", self.rule)

    def blocked(self, g: Context) -> str | None:
        """What stops it in every space (Resettle: no New Village left), else ``None``."""
        return None

    def candidates(self, g: Context, f: dict | None) -> list[str]:
        """The Provinces it may select now, in board order: not chosen yet, within the count (:meth:`most`) and
        ``only``, none while :meth:`blocked`, and :meth:`qualifies` (a plain loop: its prompt asks it each step)."""
        f = f or {}
        chosen, only = f.get("chosen", ()), f.get("only")
        out: list[str] = []
        if len(chosen) >= self.most(g, f) or self.blocked(g):
            return out
        qualifies = self.qualifies
        for s in B.PROVINCES:
            if s not in chosen and (only is None or s in only) and qualifies(g, f, s):
                out.append(s)
        return out

    def possible(self, g, f=None):
        """Whether :meth:`candidates` holds a Province: the same test, a plain loop that stops at the first
        (every British Operation's prompt asks it)."""
        f = f or {}
        chosen, only = f.get("chosen", ()), f.get("only")
        # the count is one space at least (:meth:`most`): it can be reached only once a space is chosen
        if (chosen and len(chosen) >= self.most(g, f)) or self.blocked(g):
            return False
        qualifies = self.qualifies
        if not chosen and only is None:  # an Operation's question: the Provinces' own test alone
            for s in B.PROVINCES:
                if qualifies(g, f, s):
                    return True
            return False
        for s in B.PROVINCES:
            if s not in chosen and (only is None or s in only) and qualifies(g, f, s):
                return True
        return False

    def busy(self, f: dict) -> bool:
        """Whether a step inside the last space is under way (Reprisal's Guerrilla move)."""
        return False

    def prompt(self, g, f):
        out: dict[str, list[str]] = {}
        c = self.candidates(g, f)
        if c:
            out["space"] = c
        if f["chosen"]:
            out["done"] = []
        return out

    def text(self, g, f):
        done = ", or done" if f["chosen"] else ""
        return (f"British {self.title}: select a Province ({self.where}; {len(f['chosen'])} of up to "
                f"{self.most(g, f)} selected){done}")

    #: Which Provinces it selects, as the prompt says.
    where = ""

    def refusal(self, g, f, verb, arg):
        rule = W.rule_of(f, self.rule)
        if verb == "done" and not f["chosen"]:
            return W.because(f"{self.title} selects at least one Province, and none is selected yet", rule)
        if verb != "space" or arg is None:
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name = B.name(arg)
        if arg in f["chosen"]:
            return W.because(f"{name} is already selected for this {self.title}: a space only once", "4.1")
        most = self.most(g, f)
        if len(f["chosen"]) >= most:
            return W.because(f"this {self.title} selects up to {most} Province(s) and has them", self.count_rule(g, f))
        only = f.get("only")
        if only is not None and arg not in only:
            return W.because(f"{name} is not among the spaces this {self.title} may select ({W.names(only)})", rule)
        if B.KIND[arg] == "foreign":
            return W.because(f"{name} takes MCP forces only: no British Special Activity selects it",
                             f"1.3.3, {self.rule}")
        if B.KIND[arg] != "province":
            return W.because(f"{name} is {kind_words(arg)}: {self.title} selects Provinces", self.rule)
        return self.blocked(g) or self.why_not(g, f, arg)

    def count_rule(self, g: Context, f: dict) -> str:
        return W.rule_of(f, self.rule)

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        f["chosen"].append(arg)
        self.on_space(g, f, arg)

    def on_space(self, g: Context, f: dict, sid: str) -> None:
        """What happens in the Province just selected (each Special Activity its own)."""

    def advance(self, g, f):
        if self.busy(f):
            return False
        if f.get("over") or not self.candidates(g, f):
            g.end(list(f["chosen"]))
            return True
        return False


# -- Resettle (4.2.1) -----------------------------------------------------------------------------------------

@procedure
class Resettle(BritishSpecial):
    """Resettle (4.2.1, with Train): British Controlled Provinces without a New Village, one (two at Briggs).
    In each, a New Village from the pool (never from the map: 4.2.1 NOTE, ruling R-1.4.1) is placed, then the
    space shifts once toward Opposition; with New Villages unshaded (M1), a space at Opposition goes to Neutral
    instead (its Tip: Neutral still goes to Opposition). The New Village test of 1.12 follows each change."""

    name = "my.sa.resettle"
    sa = "resettle"
    rule = "4.2.1"
    accompanies = ("train",)
    where = "British Controlled, without a New Village"

    def most(self, g, f):
        return (f or {}).get("max") or B.resettle_spaces(g)

    def count_rule(self, g, f):
        return W.rule_of(f, "4.2.1 NOTE, 6.6.2")

    def blocked(self, g):
        if not g.s["new_villages"]:
            return W.because(f"all {B.NEW_VILLAGES} New Villages are on the map, and Resettle never takes one from "
                             "there", "4.2.1 NOTE")
        return None

    def qualifies(self, g, f, sid):
        return g.s["control"].get(sid) == "british" and not g.s["spaces"][sid]["new_village"]

    def why_not(self, g, f, sid):
        if B.control(g, sid) != "british":
            return W.because(f"{W.control_of(g, sid)}: Resettle selects British Controlled Provinces", self.rule)
        return W.because(f"{B.name(sid)} has a New Village already: one a Province", "4.2.1, 1.4.2")

    def on_space(self, g, f, sid):
        """The two steps in their printed order, the New Village test of 1.12 after each; with the umpire's
        reading ``after`` of ruling R-RESETTLE-SUPPORT, 1.12 is tested once both are done (the shift made
        first, then the New Village placed, which comes to the same)."""
        name = B.name(sid)
        g.say(f"British Resettled in {name}.", faction="british", rule=self.rule)
        after = chosen(g.s, "R-RESETTLE-SUPPORT", "literal") == "after"
        if not after:
            B.place_new_village(g, sid, self.rule)
        if cap(g, "M1") == "unshaded" and B.level(g, sid) < 0:
            B.shift(g, sid, 1, "Resettle under New Villages: Opposition to Neutral", "M1")
        else:
            B.shift(g, sid, -1, "Resettle", self.rule)
        if after:
            B.place_new_village(g, sid, self.rule)


# -- Reprisal (4.2.2) -----------------------------------------------------------------------------------------

@procedure
class Reprisal(BritishSpecial):
    """Reprisal (4.2.2, with Garrison, Sweep or Assault): Provinces with British Troops, one (two at Gurney).
    In each, the level is set to Neutral, a Terror marker is placed unless one is there (at most one: 1.4.2),
    and the British move one Guerrilla there, of the state they choose, to an adjacent space of their choice;
    it keeps its state (1.4.3 NOTE). Frame: ``here`` while that Guerrilla waits to move."""

    name = "my.sa.reprisal"
    sa = "reprisal"
    rule = "4.2.2"
    accompanies = ("garrison", "sweep", "assault")
    where = "with British Troops"

    def most(self, g, f):
        return (f or {}).get("max") or B.reprisal_spaces(g)

    def count_rule(self, g, f):
        return W.rule_of(f, "4.2.2 NOTE, 6.6.2")

    def qualifies(self, g, f, sid):
        return g.s["spaces"][sid]["troops"] > 0

    def why_not(self, g, f, sid):
        return W.because(f"{W.has(g, sid, 'troops')}: Reprisal selects Provinces with British Troops", self.rule)

    def busy(self, f):
        return bool(f.get("here"))

    def candidates(self, g, f):
        if f and f.get("here"):
            return []
        return super().candidates(g, f)

    def on_space(self, g, f, sid):
        name = B.name(sid)
        g.say(f"British carried out a Reprisal in {name}.", faction="british", rule=self.rule)
        B.set_level(g, sid, 0, "Reprisal", self.rule)
        x = B.sp(g, sid)
        if x["terror"]:
            pass
        elif B.markers_left(g):
            x["terror"] = 1
            g.say(f"A Terror marker was placed in {name} (Reprisal).", faction="british", rule=self.rule)
        else:
            g.say(f"No Terror marker was placed in {name}: all {B.TERROR_MARKERS} are on the map.",
                  faction="british", rule="1.2")
        if self.move_options(g, sid):
            f["here"] = sid
        elif B.guerrillas(x):
            g.say(f"No Guerrilla could leave {name}: no adjacent space may take one.", faction="british",
                  rule=self.rule)

    def move_options(self, g: Context, sid: str) -> list[str]:
        """``TO guerrilla-u|guerrilla-a``: a Guerrilla of *sid*, of either state there, to an adjacent space a
        Guerrilla may enter (1.4.2)."""
        x = B.sp(g, sid)
        states = [w for w, k in GUERRILLA_WORDS.items() if x[k]]
        return [f"{dst} {w}" for dst in B.adj_sorted(g, sid) if B.may_hold(dst, "guerrillas") for w in states]

    def prompt(self, g, f):
        if f.get("here"):
            return {"move": self.move_options(g, f["here"])}
        return super().prompt(g, f)

    def text(self, g, f):
        if f.get("here"):
            return (f"British Reprisal in {B.name(f['here'])}: move one Guerrilla from there to an adjacent space "
                    "(move TO guerrilla-u|guerrilla-a; it keeps its state)")
        return super().text(g, f)

    def refusal(self, g, f, verb, arg):
        here = f.get("here")
        if here:
            if verb == "move":
                return self.move_refusal(g, f, here, arg)
            if verb in ("space", "done"):
                return W.because(f"the Reprisal in {B.name(here)} moves one Guerrilla from there first", self.rule)
            return None
        if verb == "move":
            return W.because("a Reprisal moves a Guerrilla out of the Province just selected: select one first",
                             self.rule)
        return super().refusal(g, f, verb, arg)

    def move_refusal(self, g: Context, f: dict, here: str, arg: str | None) -> str | None:
        """Why Guerrilla move *arg* (``TO guerrilla-u|guerrilla-a``) from *here* is refused (4.2.2)."""
        if arg in self.move_options(g, here):
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] not in GUERRILLA_WORDS:
            return W.form("move", "TO guerrilla-u|guerrilla-a", arg, self.rule)
        dst, word = words
        if not W.is_space(dst):
            return W.not_a_space(dst)
        if dst not in B.adj(g, here):
            return W.because(f"{B.name(dst)} is not adjacent to {B.name(here)}: the Guerrilla moves to an adjacent "
                             "space", self.rule)
        if not B.may_hold(dst, "guerrillas"):
            return W.because(f"no Guerrilla may enter {B.name(dst)}", "1.4.2")
        return W.because(f"{W.has(g, here, GUERRILLA_WORDS[word])} to move", self.rule)

    def act(self, g, f, verb, arg):
        if verb != "move":
            super().act(g, f, verb, arg)
            return
        here = f.pop("here")
        dst, word = arg.split(" ")
        key = GUERRILLA_WORDS[word]
        g.say(f"British Reprisal moved {W.count(1, key)} from {B.name(here)} to {B.name(dst)}.",
              faction="british", rule=self.rule)
        B.move(g, here, dst, key)


# -- Air Strike (4.2.3) ---------------------------------------------------------------------------------------

@procedure
class AirStrike(BritishSpecial):
    """Air Strike (4.2.3, with any Operation): up to two Provinces with British forces; one Active Guerrilla
    removed from each. A Province with no Active Guerrilla is not offered: the strike would remove nothing."""

    name = "my.sa.air-strike"
    sa = "air-strike"
    title = "Air Strike"
    rule = "4.2.3"
    accompanies = ("train", "garrison", "sweep", "assault")
    spaces = 2
    where = "with British forces and an Active Guerrilla"

    def qualifies(self, g, f, sid):
        x = g.s["spaces"][sid]
        return bool((x["troops"] or x["police"]) and x["guerrillas_a"])

    def why_not(self, g, f, sid):
        x = B.sp(g, sid)
        if not B.british(x):
            return W.because(f"{W.has(g, sid, 'british')}: Air Strike selects Provinces with British forces",
                             self.rule)
        return W.because(f"{W.has(g, sid, 'guerrillas_a')} for Air Strike to remove", self.rule)

    def on_space(self, g, f, sid):
        g.say(f"British Air Strike removed an Active Guerrilla in {B.name(sid)}.", faction="british",
              rule=self.rule)
        B.remove(g, sid, "guerrillas_a", 1)
