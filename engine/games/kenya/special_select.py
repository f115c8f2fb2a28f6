"""The selection every Kenya Special Activity but Supply makes (4.1; engine.games.kenya.special): spaces one
at a time (``space SPACE``), each once (4.1), up to a count (the rule's, a Capability's or an Event's
``max``), within an Event's ``only``, each tested by the Special Activity's own :meth:`Selecting.qualifies`
and refused with its own :meth:`Selecting.unqualified` words. A step inside the space just selected (Reprisal's
Guerrilla move, Oath's placement, Raid's moves and free Operation) is a sub-stage of the frame; ``done`` ends the
selection once a space is selected, and it ends by itself when the count is reached or no space is left.

Frame locals (besides :class:`engine.games.kenya.special.SpecialActivity`'s): ``chosen`` (the spaces
selected), ``stage`` (``select`` or the Special Activity's own sub-stage), ``over`` (``done`` given)."""

from __future__ import annotations

from ...core.flow import Context
from . import board as B
from . import why as W
from .special import SpecialActivity


def sa_rule(f: dict, own: str) -> str:
    """The rule a log line cites: the Special Activity's own, with an Event's card or a phase where one
    granted it (5.4, 6.3)."""
    card = f.get("rule")
    return f"{own}, {card}" if card and card != own else own


class Selecting(SpecialActivity):
    """A Special Activity that selects up to :meth:`most` spaces (see the module)."""

    initial = {"chosen": [], "stage": "select"}
    #: The Special Activity's own count of spaces, without Capabilities (4.2, 4.3: one).
    default_max = 1
    #: Which spaces it selects, as the prompt says.
    where = ""

    # -- the count ---------------------------------------------------------------------------------------
    def own_max(self, g: Context) -> int:
        """Its own count now (a Capability or the Pipeline may change it)."""
        return self.default_max

    def own_count_rule(self, g: Context) -> str:
        """The rule of :meth:`own_max` (the Capability's card where one sets it)."""
        return self.rule

    def most(self, g: Context, f: dict | None) -> int:
        """How many spaces it selects: an Event's ``max``, else its own count."""
        return (f or {}).get("max") or self.own_max(g)

    def count_rule(self, g: Context, f: dict) -> str:
        return W.rule_of(f, self.rule) if f.get("max") else self.own_count_rule(g)

    # -- the spaces --------------------------------------------------------------------------------------
    def qualifies(self, g: Context, f: dict, sid: str) -> bool:
        """Whether *sid* may be selected (each Special Activity its own test)."""
        return False

    def unqualified(self, g: Context, f: dict, sid: str) -> str:
        """Why *sid* fails :meth:`qualifies`, with the facts and the rule (each its own words)."""
        return W.because(f"{B.name(sid)} does not qualify for {self.title}", self.rule)

    def spaces(self, g: Context, f: dict) -> list[str]:
        """The spaces it may select now, in board order."""
        if len(f.get("chosen", ())) >= self.most(g, f):
            return []
        only, done = f.get("only"), f.get("chosen", ())
        return [s for s in B.SPACES if s not in done and (only is None or s in only) and self.qualifies(g, f, s)]

    def possible(self, g, f=None):
        f = f or {}
        if self.most(g, f) <= 0:
            return False
        only = f.get("only")
        return any((only is None or s in only) and self.qualifies(g, f, s) for s in B.SPACES)

    # -- prompting ---------------------------------------------------------------------------------------
    def who(self) -> str:
        return B.CONTROL.name(self.faction)

    def prompt(self, g, f):
        if f["stage"] != "select":
            return self.sub_prompt(g, f)
        out: dict[str, list[str]] = {}
        c = self.spaces(g, f)
        if c:
            out["space"] = c
        if f["chosen"] or not c:
            out["done"] = []
        return out

    def text(self, g, f):
        if f["stage"] != "select":
            return self.sub_text(g, f)
        done = ", or done" if f["chosen"] else ""
        return (f"{self.who()} {self.title}: select a space ({self.where}; {len(f['chosen'])} of up to "
                f"{self.most(g, f)} selected){done}")

    def sub_prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        return {}

    def sub_text(self, g: Context, f: dict) -> str:
        return f"{self.who()} {self.title}"

    # -- refusals ----------------------------------------------------------------------------------------
    def refusal(self, g, f, verb, arg):
        if f["stage"] != "select":
            return self.sub_refusal(g, f, verb, arg)
        if verb == "space":
            return self.space_refusal(g, f, arg)
        if verb == "done" and not f["chosen"]:
            return W.because(f"the {self.title} has selected no space yet: select one", W.rule_of(f, self.rule))
        return None

    def sub_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        return None

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why *arg* may not be selected: not a space, once a space (4.1), the count (the rule, a Capability,
        an Event's), an Event's ``only``, then the Special Activity's own test."""
        if arg is None:
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name = B.name(arg)
        if arg in f["chosen"]:
            return W.because(f"{name} is already selected for this {self.title}: a space only once", "4.1")
        n = self.most(g, f)
        if len(f["chosen"]) >= n:
            return W.because(f"this {self.title} selects up to {n} space(s) and has {W.names(f['chosen'])}",
                             self.count_rule(g, f))
        only = f.get("only")
        if only is not None and arg not in only:
            return W.because(f"{name} is not among the spaces this {self.title} may select ({W.names(only)})",
                             W.rule_of(f, self.rule))
        if self.qualifies(g, f, arg):
            return None
        return self.unqualified(g, f, arg)

    # -- acting ------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        if f["stage"] != "select":
            self.sub_act(g, f, verb, arg)
            return
        if verb == "done":
            f["over"] = True
            return
        f["chosen"].append(arg)
        self.on_space(g, f, arg)

    def on_space(self, g: Context, f: dict, sid: str) -> None:
        """The Special Activity's work in *sid*, just selected."""

    def sub_act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        pass

    def sub_advance(self, g: Context, f: dict) -> bool:
        """Automatic progress inside a sub-stage (Raid's free Operation returning); ``False`` if none."""
        return False

    def advance(self, g, f):
        if f["stage"] != "select":
            return self.sub_advance(g, f)
        if f.get("over") or not self.spaces(g, f):
            self.finish(g, f)
            g.end(list(f["chosen"]))
            return True
        return False

    def finish(self, g: Context, f: dict) -> None:
        """Once, as the Special Activity ends (Reprisal's roll for Outrage, 6.6.3)."""
