"""The MCP Special Activities of Malaya: Extort (4.3.1), Intimidate (4.3.2) and Ambush (4.3.3).

Each runs at one time before, during or after its Operation (4.1), with the Operations its rule names
(4.1.1), in any otherwise valid spaces (Ambush in a space of its Attack). One an Event grants (M32 shaded's
Intimidate, ruling R-FREE-OPS) has no Operation: its frame carries the card's ``rule``, ``free``, ``max`` (the
spaces it may select) and ``only`` (the spaces it may select among). The Capabilities read here: M2 shaded
(Extort's yield, ruling R-M2), M27 unshaded (Intimidate in one space, its Guerrilla flipped Active) and M8
(Ambush's cubes and casualties, with Attack's in ``mcp_attack.Hits``).
"""

from __future__ import annotations

from ...coin import resources, special_select
from ...coin.special_select import sa_rule
from ...core import notation
from ...core.flow import Context, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .mcp_attack import Hits, attack_ok
from .operation import cap
from .special import SpecialActivity

notation.declare(__name__, {"space", "remove", "done"})


class Selecting(special_select.Selecting, SpecialActivity):
    """An MCP Special Activity that selects up to two spaces one at a time (engine.coin.special_select); its
    prompt gives the count before the spaces it selects, and it leaves its caller no ``ret``."""

    default_max = 2

    def select_text(self, g, f):
        return f"select a space ({len(f['chosen'])} of up to {self.most(g, f)} selected; {self.where})"

    def result(self, f):
        return None


# -- Extort (4.3.1) --------------------------------------------------------------------------------------

def extort_gain(g: Context, sid: str) -> tuple[int, str]:
    """The Resources Extort gains in *sid* and why: 1 (4.3.1); with M2 shaded in an MCP Controlled space, the
    Population instead, or 1 plus the Population as the umpire reads ruling R-M2."""
    if cap(g, "M2") == "shaded" and B.control(g, sid) == "mcp":
        pop = B.POP[sid]
        if chosen(g.s, "R-M2", "instead") == "plus":
            return 1 + pop, f"1 + Population {pop}: Min Yuen, MCP Control (ruling R-M2)"
        return pop, f"the Population, {pop}: Min Yuen, MCP Control (ruling R-M2)"
    return 1, "1"


@procedure
class Extort(Selecting):
    """Extort (4.3.1): in each of up to two spaces with an Underground Guerrilla and no New Village (Thailand
    included, 1.3.3), one Underground Guerrilla goes Active and the MCP gain 1 Resource (M2 shaded:
    :func:`extort_gain`). It accompanies Rally, March or Terror."""

    name = "my.sa.extort"
    sa = "extort"
    faction = "mcp"
    rule = "4.3.1"
    accompanies = ("rally", "march", "terror")
    where = "an Underground Guerrilla and no New Village"

    def qualifies(self, g, f, sid):
        x = g.s["spaces"][sid]
        return bool(x["guerrillas_u"]) and not x["new_village"]

    def unqualified(self, g, f, sid):
        if B.sp(g, sid)["new_village"]:
            return W.because(f"{B.name(sid)} has a New Village: Extort may not select a space with one", "4.3.1, 1.12")
        return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Extort needs one to Activate", "4.3.1")

    def on_space(self, g, f, sid):
        rule = sa_rule(f, "4.3.1")
        B.activate(g, sid, 1, "guerrillas")
        n, why = extort_gain(g, sid)
        g.say(f"MCP Extorted in {B.name(sid)}: a Guerrilla went Active, for {why} Resource(s).", faction="mcp",
              rule=rule if n == 1 and why == "1" else f"{rule}, M2")
        resources.shift(g, "mcp", n, f"Extort in {B.name(sid)}", rule)


# -- Intimidate (4.3.2) ----------------------------------------------------------------------------------

def intimidate_options(g: Context, sid: str) -> list[str]:
    """What an Intimidate in *sid* may remove (4.3.2, ruling R-INTIMIDATE): a Police cube there; a New
    Village (and any Support with it) where more Guerrillas than British forces are there."""
    x = g.s["spaces"][sid]
    out = ["police"] if x["police"] else []
    if x["new_village"] and B.guerrillas(x) > B.british(x):
        out.append("new-village")
    return out


@procedure
class Intimidate(Selecting):
    """Intimidate (4.3.2): in each of up to two spaces with an Underground Guerrilla, one Police cube
    removed, or, where the Guerrillas outnumber the British forces, a New Village and any Support instead
    (``remove police|new-village`` where both may be). Only spaces where it removes something qualify, and
    the Guerrilla stays Underground (ruling R-INTIMIDATE). M27 unshaded: one space at most, and its Guerrilla
    flips Active; an Event's count (M32 shaded, 2 spaces) prevails as the card played (5.1.2). It accompanies
    Rally or Terror."""

    name = "my.sa.intimidate"
    sa = "intimidate"
    faction = "mcp"
    rule = "4.3.2"
    accompanies = ("rally", "terror")
    where = "an Underground Guerrilla and a Police cube, or a New Village and more Guerrillas than British forces"

    def most(self, g, f):
        if f.get("max"):
            return f["max"]
        return 1 if cap(g, "M27") == "unshaded" else 2

    def count_rule(self, g, f):
        if not f.get("max") and cap(g, "M27") == "unshaded":
            return "M27"
        return super().count_rule(g, f)

    def qualifies(self, g, f, sid):
        """An Underground Guerrilla, and something :func:`intimidate_options` may remove (its test, without
        the list: every Rally and Terror prompt asks it of each space)."""
        x = g.s["spaces"][sid]
        if not x["guerrillas_u"]:
            return False
        return bool(x["police"] or (x["new_village"] and B.guerrillas(x) > B.british(x)))

    def unqualified(self, g, f, sid):
        x = B.sp(g, sid)
        if not x["guerrillas_u"]:
            return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Intimidate needs one", "4.3.2")
        if x["new_village"]:
            return W.because(f"{W.has(g, sid, 'police', 'guerrillas', 'british')}: Intimidate removes a Police "
                             "cube, or a New Village where Guerrillas outnumber British forces (ruling "
                             "R-INTIMIDATE)", "4.3.2")
        return W.because(f"{W.has(g, sid, 'police', 'new_village')}: Intimidate would remove nothing there "
                         "(ruling R-INTIMIDATE)", "4.3.2")

    def on_space(self, g, f, sid):
        f["here"] = sid
        if cap(g, "M27") == "unshaded":
            B.activate(g, sid, 1, "guerrillas")
            g.say(f"Local collaboration: the Guerrilla Intimidating in {B.name(sid)} flipped Active.",
                  faction="mcp", rule="M27")
        opts = intimidate_options(g, sid)
        if len(opts) == 1:
            self.remove(g, f, opts[0])
        else:
            f["stage"] = "choose"

    def remove(self, g: Context, f: dict, what: str) -> None:
        sid, rule = f["here"], sa_rule(f, "4.3.2")
        name = B.name(sid)
        if what == "police":
            B.remove(g, sid, "police", 1)
            g.say(f"MCP Intimidated in {name}: a Police cube was removed.", faction="mcp", rule=rule)
        else:
            g.say(f"MCP Intimidated in {name}, removing the New Village and any Support there.", faction="mcp",
                  rule=rule)
            B.remove_new_village(g, sid, rule, "Intimidate")
            if B.level(g, sid) > 0:
                B.set_level(g, sid, 0, "Intimidate removed the Support", rule)
        f["stage"] = "select"

    def sub_prompt(self, g, f):
        return {"remove": intimidate_options(g, f["here"])}

    def sub_text(self, g, f):
        return (f"MCP Intimidate in {B.name(f['here'])}: remove a Police cube (remove police), or the New "
                "Village and any Support (remove new-village)")

    def sub_refusal(self, g, f, verb, arg):
        if verb == "remove":
            return W.form("remove", "police|new-village", arg, "4.3.2")
        if verb == "done":
            return W.because(f"the Intimidate in {B.name(f['here'])} removes a Police cube or the New Village: "
                             "choose which", "4.3.2")
        return None

    def sub_act(self, g, f, verb, arg):
        self.remove(g, f, arg)


# -- Ambush (4.3.3) --------------------------------------------------------------------------------------

def attack_frame(g: Context) -> dict | None:
    """The Attack an Ambush accompanies: the nearest Attack frame below the top of the stack."""
    for frame in reversed(g.frames):
        if frame["p"] == "my.op.attack":
            return frame
    return None


def ambush_spaces(g: Context, f: dict, parent: dict | None) -> list[str]:
    """Where an Ambush may take place (4.3.3): a space an Attack may select (Guerrillas and British cubes) with
    an Underground Guerrilla. With its Attack (*parent*): not yet attacked, within the Attack's ``only`` and
    count, and paid for as an Attack space (1 Resource unless the Attack is free). An Event's (no *parent*):
    as if a free Attack took place there (4.3.3 NOTE), within the frame's ``only``."""
    if parent is not None:
        if len(parent["spaces"]) >= parent["max"]:
            return []
        if not parent.get("free") and not resources.can_pay(g, "mcp", 1):
            return []
        only, done = parent.get("only"), parent["spaces"]
    else:
        only, done = f.get("only"), ()
    done = [*done, *f.get("chosen", ())]
    return [s for s in B.SPACES if s not in done and (only is None or s in only)
            and g.s["spaces"][s]["guerrillas_u"] and attack_ok(g, s)]


@procedure
class Ambush(Hits, Selecting):
    """Ambush (4.3.3): in one space the Attack selects for it (paid for as an Attack space), with an
    Underground Guerrilla, instead of the Attack's procedure: only one Underground Guerrilla goes Active and
    one cube is removed without a die, Police first (M8 shaded: any two; :class:`mcp_attack.Hits`); Political
    Will -1 if a Troop is removed; M8 unshaded, one Ambushing Guerrilla removed per Troop removed. An Event's
    Ambush acts as if a free Attack took place in the space (4.3.3 NOTE)."""

    name = "my.sa.ambush"
    sa = "ambush"
    faction = "mcp"
    rule = "4.3.3"
    accompanies = ("attack",)
    default_max = 1
    where = "Guerrillas, an Underground one, and British cubes"

    def parent(self, g: Context, f: dict) -> dict | None:
        return attack_frame(g) if f.get("parent_op") == "attack" else None

    def candidates(self, g, f):
        return ambush_spaces(g, f, self.parent(g, f))

    def qualifies(self, g, f, sid):
        return bool(g.s["spaces"][sid]["guerrillas_u"]) and attack_ok(g, sid)

    def unqualified(self, g, f, sid):
        if not attack_ok(g, sid):
            return W.because(f"{W.has(g, sid, 'guerrillas', 'cubes')}: Ambush takes place in a space an Attack "
                             "may select, with Guerrillas and British cubes", "4.3.3, 3.3.3")
        return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Ambush needs one", "4.3.3")

    def space_refusal(self, g, f, arg):
        parent = self.parent(g, f)
        if parent is not None and W.is_space(arg) and arg not in f["chosen"] and len(f["chosen"]) < self.most(g, f):
            name = B.name(arg)
            if arg in parent["spaces"]:
                return W.because(f"the Attack in {name} has taken place already: Ambush replaces the Attack's "
                                 "procedure in a space, so it comes as the space is selected", "4.3.3")
            if len(parent["spaces"]) >= parent["max"]:
                return W.because(f"the Attack has its {parent['max']} space(s)", W.rule_of(parent, "3.1"))
            only = parent.get("only")
            if only is not None and arg not in only:
                return W.because(f"{name} is not among the spaces this Attack may select ({W.names(only)})",
                                 W.rule_of(parent, "5.1"))
            if self.qualifies(g, f, arg) and not parent.get("free") and not resources.can_pay(g, "mcp", 1):
                return W.because(f"the Ambush in {name} is paid for as an Attack space, 1 Resource; "
                                 f"{W.resources(g, 'mcp')}", "4.3.3, 3.1")
        return super().space_refusal(g, f, arg)

    def on_space(self, g, f, sid):
        parent = self.parent(g, f)
        rule = sa_rule(f, "4.3.3")
        if parent is not None:
            parent["spaces"].append(sid)
            g.procs["my.op.attack"].pay_for(g, parent, sid)
        B.activate(g, sid, 1, "guerrillas")
        g.say(f"MCP Ambushed in {B.name(sid)}{' (a space of the Attack)' if parent is not None else ''}: one "
              "Underground Guerrilla went Active, no die rolled.", faction="mcp", rule=rule)
        self.start_hits(g, f, sid, 2 if cap(g, "M8") == "shaded" else 1, "Ambush", "select")

    def sub_prompt(self, g, f):
        return {"remove": self.hit_choices(g, f)}

    def sub_text(self, g, f):
        return self.hit_text(g, f)

    def sub_refusal(self, g, f, verb, arg):
        return self.hit_refusal(g, f, verb, arg)

    def sub_act(self, g, f, verb, arg):
        self.hit_act(g, f, arg)
