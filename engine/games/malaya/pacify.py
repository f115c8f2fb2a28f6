"""Pacify (British) and Agitate (MCP): spending Resources to clear Terror and shift a space's level.

The same procedures serve Train (3.2.1), Rally (3.3.1) and the Support phase of the Propaganda Round (6.3.1,
6.3.2). The caller passes the spaces that qualify and how many of them may be used; the player then spends
Resources step by step: each ``pacify SPACE`` (``agitate SPACE``) removes one Terror marker from the space,
or, once it has none, shifts it once toward Support (Opposition). A space counts against the limit from its
first step. The player may stop at any point (``done``) and never spends more than they hold.

Costs (3.2.1, 3.3.1, 6.3.1, 6.3.2; 3.1.2 and 5.4: they are paid even in a free Operation): 2 British
Resources a step, 3 with Unity of Command (M28) shaded; 1 MCP Resource a step (nothing for M30 shaded's
Agitate, ruling R-M30: the caller passes ``free=True``). One shift a space, two for Pacify with Unity of
Command (M28) unshaded. Thailand and the Economic Centers take no level (1.6 NOTE): there only Terror may be
removed.
"""

from __future__ import annotations

from ...coin import resources
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W
from .operation import cap

notation.declare(__name__, {"pacify", "agitate", "done"})


# -- which spaces qualify ---------------------------------------------------------------------------------

def pacify_ok(g: Context, sid: str) -> bool:
    """The space has British Control, Troops and Police (3.2.1, 6.3.1)."""
    x = B.sp(g, sid)
    return B.control(g, sid) == "british" and x["troops"] > 0 and x["police"] > 0


def agitate_ok_rally(g: Context, sid: str) -> bool:
    """The space has MCP Control and a Base (3.3.1)."""
    return B.control(g, sid) == "mcp" and B.sp(g, sid)["bases"] > 0


def agitate_ok_propaganda(g: Context, sid: str) -> bool:
    """The space has MCP pieces and no British Control (6.3.2; ruling R-8.0-ERRATA: not MCP Control)."""
    return B.mcp(B.sp(g, sid)) > 0 and B.control(g, sid) != "british"


def pacify_refusal(g: Context, sid: str, rule: str) -> str | None:
    """Why *sid* may not be Pacified: the first of British Control, Troops, Police it lacks (3.2.1, 6.3.1)."""
    x = B.sp(g, sid)
    if sid == B.THAILAND:
        return W.because("British pieces never enter Thailand: Pacify needs British Control, Troops and Police",
                         f"1.4.2, {rule}")
    if B.control(g, sid) != "british":
        return W.because(f"{W.control_of(g, sid)}: Pacify needs British Control, Troops and Police", rule)
    if not x["troops"] or not x["police"]:
        return W.because(f"{W.has(g, sid, 'troops', 'police')}: Pacify needs British Control, Troops and Police",
                         rule)
    return None


def agitate_refusal(g: Context, sid: str, rule: str, rally: bool) -> str | None:
    """Why *sid* may not be Agitated: in a Rally, MCP Control and a Base (3.3.1); in the Support phase, MCP
    pieces and no British Control (6.3.2)."""
    if rally:
        if B.control(g, sid) != "mcp":
            return W.because(f"{W.control_of(g, sid)}: Agitate with Rally needs MCP Control and a Base", rule)
        if not B.sp(g, sid)["bases"]:
            return W.because(f"{W.has(g, sid, 'bases')}: Agitate with Rally needs MCP Control and a Base", rule)
        return None
    if not B.mcp(B.sp(g, sid)):
        return W.because(f"{W.has(g, sid, 'mcp')}: Agitate needs MCP pieces and no British Control", rule)
    if B.control(g, sid) == "british":
        return W.because(f"{W.control_of(g, sid)}: Agitate needs MCP pieces and no British Control", rule)
    return None


# -- costs and limits -------------------------------------------------------------------------------------

def step_cost(g: Context, faction: str) -> int:
    """Resources a step costs: Pacify 2, or 3 with M28 shaded; Agitate 1 (3.2.1, 3.3.1, 6.3)."""
    if faction == "mcp":
        return 1
    return 3 if cap(g, "M28") == "shaded" else 2


def shift_limit(g: Context, faction: str) -> int:
    """Shifts a space may take: 1, or 2 for Pacify with M28 unshaded (6.3.1, 6.3.2, M28)."""
    return 2 if faction == "british" and cap(g, "M28") == "unshaded" else 1


def start_pacify(g: Context, spaces: list[str], count: int, *, rule: str, label: str) -> None:
    """Pushes the British choice to Pacify in up to *count* of *spaces* (each already qualifying), under *rule*
    (cited in refusals and the log) and *label* (what the Pacify is part of: "Train", "Support phase")."""
    g.call("my.pacify", "british", spaces=list(spaces), count=count, rule=rule, label=label, chosen=[],
           shifts={}, free=False)


def start_agitate(g: Context, spaces: list[str], count: int, *, rule: str, label: str, free: bool = False) -> None:
    """Pushes the MCP choice to Agitate in up to *count* of *spaces* (each already qualifying); *free*: no cost,
    only for M30 shaded (ruling R-M30)."""
    g.call("my.agitate", "mcp", spaces=list(spaces), count=count, rule=rule, label=label, chosen=[],
           shifts={}, free=free)


class _Spend(Procedure):
    """Pacify or Agitate, one step an order (see the module docstring)."""

    faction = ""
    verb = ""
    toward = 0  # +1 toward Support, -1 toward Opposition
    title = ""

    # -- what may be done ---------------------------------------------------------------------------------
    def cost(self, g: Context, f: dict) -> int:
        return 0 if f.get("free") else step_cost(g, self.faction)

    def shift_room(self, g: Context, f: dict, sid: str) -> bool:
        """Whether *sid* may still shift toward the faction's side: it takes a level (1.6 NOTE), is not at the
        end already, and has not had its shifts (one, two with M28 unshaded)."""
        if not B.SUPPORT.takes(sid):
            return False
        lv = B.level(g, sid)
        if lv == (B.SUPPORT.highest if self.toward > 0 else B.SUPPORT.lowest):
            return False
        return f["shifts"].get(sid, 0) < shift_limit(g, self.faction)

    def has_step(self, g: Context, f: dict, sid: str) -> bool:
        """Whether *sid* has a next step: a Terror marker to remove, or room to shift once none remains."""
        return B.sp(g, sid)["terror"] > 0 or self.shift_room(g, f, sid)

    def open(self, g: Context, f: dict, sid: str) -> bool:
        return sid in f["chosen"] or len(f["chosen"]) < f["count"]

    def options(self, g: Context, f: dict) -> list[str]:
        out: list[str] = []
        if g.s["resources"][self.faction] < self.cost(g, f):
            return out
        for s in f["spaces"]:  # a plain loop: the prompt and the automatic step ask it each step
            if self.open(g, f, s) and self.has_step(g, f, s):
                out.append(s)
        return out

    def prompt(self, g, f):
        out = {"done": []}
        opts = self.options(g, f)
        if opts:
            out[self.verb] = opts
        return out

    def step(self, g, f):
        """Ends by itself once no step remains possible: no space with a step left, or too few Resources for
        the next step (said in the log, with the cost and the Resources held)."""
        if self.options(g, f):
            return False
        if g.s["resources"][self.faction] < self.cost(g, f) and any(
                self.open(g, f, s) and self.has_step(g, f, s) for s in f["spaces"]):
            who = "MCP" if self.faction == "mcp" else "British"
            more = " further" if f["chosen"] else ""
            g.say(f"{who} could not {self.title}{more}: {self.cost_refusal(g, f)}.", faction=self.faction,
                  rule=W.rule_of(f, self.rule))
        g.end()
        return True

    def text(self, g, f):
        who = "MCP" if self.faction == "mcp" else "British"
        aim = "Opposition" if self.toward < 0 else "Support"
        used = f" (used: {W.names(f['chosen'])})" if f["chosen"] else ""
        cost = self.cost(g, f)
        price = "free" if not cost else f"{cost} Resource{'s' if cost != 1 else ''} each"
        if shift_limit(g, self.faction) > 1:
            price += "; up to two shifts a space, Unity of Command"
        return (f"{who} {self.title} ({f['label']}): {self.verb} SPACE removes a Terror marker there, or once none "
                f"remains shifts it toward {aim} ({price}); up to {f['count']} space(s){used}; or done")

    # -- refusals ------------------------------------------------------------------------------------------
    def qualifies(self, g: Context, f: dict, sid: str) -> str | None:
        """Why *sid* does not qualify at all, by the conditions of the rule at hand (each side its own)."""
        return None

    def explain(self, g, f, verb, arg):
        if verb != self.verb:
            return W.turn_order(verb)
        rule = W.rule_of(f, self.rule)
        if not arg or len(arg.split()) != 1:
            return W.form(verb, "SPACE", arg, rule)
        if not W.is_space(arg):
            return W.not_a_space(arg)
        sid, name = arg, B.name(arg)
        if sid not in f["spaces"]:
            return self.qualifies(g, f, sid) or W.because(
                f"{name} is not among the spaces where this {self.title} may take place "
                f"({W.names(f['spaces'])})", rule)
        if not self.open(g, f, sid):
            return W.because(f"{self.title} here takes up to {f['count']} space(s), and {W.names(f['chosen'])} "
                             f"{'has' if len(f['chosen']) == 1 else 'have'} been used", rule)
        if not self.has_step(g, f, sid):
            return self.nothing_left(g, f, sid, rule)
        return self.cost_refusal(g, f)

    def cost_refusal(self, g: Context, f: dict) -> str:
        """``Pacify costs 2 Resources; British Resources are 1 (6.3.1)``: the next step is more than the faction
        holds (3.2.1, 3.3.1, 6.3; M28 shaded)."""
        cost, have = self.cost(g, f), g.s["resources"][self.faction]
        who = "MCP" if self.faction == "mcp" else "British"
        rule = W.rule_of(f, self.rule)
        if self.faction == "british" and cap(g, "M28") == "shaded":
            rule = f"{rule}, M28 shaded"
        return W.because(f"{self.title} costs {cost} Resource{'s' if cost != 1 else ''}; {who} Resources are "
                         f"{have}", rule)

    def nothing_left(self, g: Context, f: dict, sid: str, rule: str) -> str:
        """The reason *sid* has no step left: no level to shift (1.6 NOTE), at the end of the track already, or
        its shifts taken."""
        name = B.name(sid)
        if not B.SUPPORT.takes(sid):
            return W.because(f"{name} has no Terror marker and is never at Support or Opposition", "1.6")
        aim = "Opposition" if self.toward < 0 else "Support"
        if B.level(g, sid) == (B.SUPPORT.highest if self.toward > 0 else B.SUPPORT.lowest):
            return W.because(f"{name} has no Terror marker and is at {aim} already", rule)
        n = f["shifts"].get(sid, 0)
        limit = shift_limit(g, self.faction)
        if limit > 1:
            return W.because(f"{name} has shifted {n} times toward {aim} in this {self.title}: two shifts a space "
                             "with Unity of Command", "M28")
        return W.because(f"{name} has shifted once toward {aim} in this {self.title}: one shift a space", rule)

    # -- doing ---------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        """One step in *arg*: the faction pays (unless free), then a Terror marker comes off, or, with none
        left, the space shifts once toward the faction's side (the New Village test follows, 1.12)."""
        if verb == "done":
            g.end()
            return
        rule = W.rule_of(f, self.rule)
        sid, name = arg, B.name(arg)
        if sid not in f["chosen"]:
            f["chosen"].append(sid)
        x = B.sp(g, sid)
        terror = x["terror"] > 0
        what = "to remove a Terror marker" if terror else "to shift it"
        resources.pay(g, self.faction, self.cost(g, f), f"{self.title} in {name}, {what}", rule)
        if terror:
            x["terror"] -= 1
            g.say(f"A Terror marker was removed from {name} ({self.title}, {f['label']}).", faction=self.faction,
                  rule=rule)
        else:
            B.shift(g, sid, self.toward, f"{self.title}, {f['label']}", rule)
            f["shifts"][sid] = f["shifts"].get(sid, 0) + 1


@procedure
class Pacify(_Spend):
    """British Pacify: Terror off, then toward Support (3.2.1, 6.3.1; M28)."""

    name = "my.pacify"
    rule = "6.3.1"
    faction = "british"
    verb = "pacify"
    toward = 1
    title = "Pacify"

    def qualifies(self, g, f, sid):
        return pacify_refusal(g, sid, W.rule_of(f, self.rule))


@procedure
class Agitate(_Spend):
    """MCP Agitate: Terror off, then toward Opposition (3.3.1, 6.3.2)."""

    name = "my.agitate"
    rule = "6.3.2"
    faction = "mcp"
    verb = "agitate"
    toward = -1
    title = "Agitate"

    def qualifies(self, g, f, sid):
        rule = W.rule_of(f, self.rule)
        return agitate_refusal(g, sid, rule, rally=not rule.startswith("6.3"))
