"""The MCP Operations of Malaya: Rally (3.3.1), March (3.3.2) and Terror (3.3.4); Attack (3.3.3), with the
removal of cubes it shares with Ambush, is in ``mcp_attack``.

Each selects any number of spaces, paying for each as it is selected (3.1: Resources permitting), one if
Limited (2.3.4; March one destination). Rally and Attack cost 1 Resource a space; March and Terror 1, but
nothing in an Economic Center. An Event's Operation (3.1.2, 5.4) pays nothing for its spaces; the Agitate of
a Rally still costs (ruling R-FREE-OPS), except M30 shaded's (ruling R-M30, frame flag ``free_agitate``).
MCP pieces may enter Thailand (1.3.3). The Capabilities read here: M1 shaded (Rally where a New Village is at
Opposition), M8 (Attack's and Ambush's casualties and cubes) and M27 shaded (Terror removes Police).
"""

from __future__ import annotations

from ...coin.march import GroupedMarch
from ...coin.wording import rule_with_card as mcp_rule
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import Operation, cap, map_sources, place_own
from .pacify import agitate_ok_rally, start_agitate

notation.declare(__name__, {"place", "replace", "take", "flip", "move", "remove", "done"})

#: The order words of a Guerrilla in each state and the space key they name (1.4.3).
WORD_KEY = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}
#: The cube words an Attack or Ambush may name when it chooses what to remove (M8 shaded).
CUBE_KEY = {"troop": "troops", "police": "police"}
#: The marker Terror places in each kind of space (3.3.4; none in Thailand, ruling R-TERROR-THAILAND).
TERROR_MARKER = {"ec": "sabotage", "province": "terror", "city": "terror"}


class McpOperation(Operation):
    """An MCP Operation: pays for each selected space once (3.1). The base pays as a space is selected; an
    Ambush adds its space to the Attack's and pays for it the same way (4.3.3); ``paid_for`` keeps it to
    one payment a space."""

    def pay_for(self, g, f, sid):
        paid = f.setdefault("paid_for", [])
        if sid in paid:
            return
        paid.append(sid)
        super().pay_for(g, f, sid)


# -- Rally (3.3.1) -------------------------------------------------------------------------------------

def rally_refusal(g: Context, sid: str) -> str | None:
    """Why Rally may not select *sid*, ``None`` if it may: Provinces, Thailand and Kuala Lumpur (not an
    Economic Center), not at Support, no New Village (M1 shaded: a New Village at Opposition allowed)."""
    x, name = B.sp(g, sid), B.name(sid)
    if B.KIND[sid] == "ec":
        return W.because(f"{name} is an Economic Center: Rally selects Provinces, Thailand and Kuala Lumpur",
                         "3.3.1")
    if x["support"] > 0:
        return W.because(f"{W.level_of(g, sid)}: Rally may not select a space at Support", "3.3.1")
    if x["new_village"] and not (cap(g, "M1") == "shaded" and x["support"] < 0):
        if cap(g, "M1") == "shaded":
            return W.because(f"{name} has a New Village and is not at Opposition ({W.level_of(g, sid)}): "
                             "Relocation resented lets Rally select a New Village space at Opposition only",
                             "3.3.1, M1")
        return W.because(f"{name} has a New Village: Rally may not select a space with one", "3.3.1, 1.12")
    return None


def rally_limit(g: Context, sid: str) -> int:
    """Guerrillas a Rally may place in *sid*: one; where a Base already is, up to the Population plus the
    Bases there (3.3.1), at least one."""
    bases = B.sp(g, sid)["bases"]
    return max(1, B.POP[sid] + bases) if bases else 1


def replace_options(g: Context, sid: str) -> list[str]:
    """The pairs of Guerrillas (``guerrilla-u guerrilla-a``) a Rally in *sid* may replace with a Base (3.3.1):
    two Guerrillas there, room for a Base (1.4.2), and a Base Available or on the map elsewhere (1.4.1)."""
    x = B.sp(g, sid)
    if B.guerrillas(x) < 2 or not B.BOARD.room(g, sid, "bases"):
        return []
    if not g.s["available"]["bases"] and not map_sources(g, sid, "bases"):
        return []
    u, a = x["guerrillas_u"], x["guerrillas_a"]
    out: list[str] = []
    if u >= 2:
        out.append("guerrilla-u guerrilla-u")
    if u >= 1 and a >= 1:
        out.append("guerrilla-u guerrilla-a")
    if a >= 2:
        out.append("guerrilla-a guerrilla-a")
    return out


@procedure
class Rally(McpOperation):
    """Rally (3.3.1): in each selected space, one Guerrilla placed, or two Guerrillas replaced with a Base;
    where a Base already is, instead up to Population + Bases Guerrillas placed, or every Guerrilla there
    flipped Underground. New Guerrillas go Underground (1.4.3); with none Available the MCP may take them from
    the map (1.4.1 IMPORTANT, ruling R-1.4.1). Then, even if Limited, an Agitate in one selected space with MCP
    Control and a Base (``pacify.start_agitate``), paid even in a free Rally (3.1.2), free with M30 shaded
    (frame flag ``free_agitate``, ruling R-M30)."""

    name = "my.op.rally"
    op = "rally"
    faction = "mcp"
    rule = "3.3.1"
    kinds = ("province", "city", "foreign")

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]
        if x["support"] > 0:
            return False
        return not x["new_village"] or (x["support"] < 0 and cap(g, "M1") == "shaded")

    def why_not(self, g, f, sid):
        return rally_refusal(g, sid) or W.because(f"{B.name(sid)} does not qualify for Rally", "3.3.1")

    most_cost = 1  # what a space costs at most (cost, below)

    def cost(self, g, f, sid):
        return 1

    def on_selected(self, g, f, sid):
        f["here"] = sid
        f["placed"] = 0
        f["limit"] = rally_limit(g, sid)
        f["stage"] = "rally"
        g.say(f"MCP Rallied in {B.name(sid)}.", faction="mcp", rule=mcp_rule(f, "3.3.1"))

    def on_select_done(self, g, f):
        f["stage"] = "agitate"

    def sub_prompt(self, g, f):
        stage, here = f["stage"], f.get("here")
        if stage == "rally":
            out: dict[str, list[str]] = {"place": ["guerrilla"]}
            pairs = replace_options(g, here)
            if pairs:
                out["replace"] = pairs
            x = B.sp(g, here)
            if x["bases"] and x["guerrillas_a"]:
                out["flip"] = []
            return out
        if stage == "more":
            return {"place": ["guerrilla"], "done": []} if f["placed"] < f["limit"] else {"done": []}
        if stage == "base-from":
            return {"take": map_sources(g, here, "bases")}
        return {}

    def sub_text(self, g, f):
        stage, here = f["stage"], f.get("here")
        if stage == "rally":
            can = g.prompted(self, f)  # the prompt's actions hold the sub-stage's (Operation.prompt)
            x = B.sp(g, here)
            acts = [f"place up to {f['limit']} Guerrillas (place guerrilla, one at a time)" if f["limit"] > 1
                    else "place a Guerrilla (place guerrilla)"]
            if "replace" in can:
                acts.append("replace two Guerrillas with a Base (replace PIECE PIECE)")
            if "flip" in can:
                acts.append(f"flip the {W.count(x['guerrillas_a'], 'guerrillas_a')} there Underground (flip)")
            return f"MCP Rally in {B.name(here)}: {W.names(acts, plain=True, joint='or')}"
        if stage == "more":
            return (f"MCP Rally in {B.name(here)}: {f['placed']} of up to {f['limit']} Guerrillas placed "
                    f"(Population + Bases); place guerrilla, or done")
        if stage == "base-from":
            return (f"MCP Rally in {B.name(here)}: no Base is Available; take one from the map to replace the "
                    "two Guerrillas (take SPACE base)")
        return ""

    def sub_explain(self, g, f, verb, arg):
        stage, here = f["stage"], f.get("here")
        name = B.name(here) if here else ""
        rule = "3.3.1"
        if stage == "rally":
            if verb == "place":
                return W.form("place", "guerrilla", arg, rule) if arg != "guerrilla" else None
            if verb == "replace":
                return self.replace_refusal(g, f, arg)
            if verb == "flip":
                x = B.sp(g, here)
                if not x["bases"]:
                    return W.because(f"{W.has(g, here, 'bases')}: Rally flips Guerrillas Underground only where a "
                                     "Base already is", rule)
                return W.because(f"{W.has(g, here, 'guerrillas_a')} to flip Underground", rule)
            if verb == "done":
                return W.because(f"the Rally in {name} places a Guerrilla, replaces two with a Base, or (with a "
                                 "Base) flips them Underground: choose one", rule)
            if verb == "take":
                return W.because(f"a Base is taken from the map only once the Rally in {name} replaces two "
                                 "Guerrillas and none is Available", "1.4.1")
            return None
        if stage == "more":
            if verb == "place" and arg == "guerrilla":
                return W.because(f"the Rally in {name} places up to {f['limit']} Guerrillas (Population "
                                 f"{B.POP[here]} + {W.count(B.sp(g, here)['bases'], 'bases')}) and has placed "
                                 f"{f['placed']}", rule)
            if verb == "place":
                return W.form("place", "guerrilla", arg, rule)
            if verb in ("replace", "flip"):
                return W.because(f"the Rally in {name} is placing Guerrillas: one of its choices a space", rule)
            return None
        if stage == "base-from":
            if verb == "take":
                return self.take_refusal(g, f, arg)
            if verb == "done":
                return W.because(f"the two Guerrillas in {name} are replaced with a Base: take one from the map",
                                 "1.4.1")
        return None

    def replace_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why the Rally may not replace the Guerrillas *arg* with a Base: the form, two such Guerrillas
        there, stacking (1.4.2), a Base to place (1.4.1)."""
        here, rule = f["here"], "3.3.1"
        words = W.parts(arg, 2)
        if words is None or any(w not in WORD_KEY for w in words):
            return W.form("replace", "guerrilla-u|guerrilla-a guerrilla-u|guerrilla-a", arg, rule)
        x = B.sp(g, here)
        if B.guerrillas(x) < 2:
            return W.because(f"{W.has(g, here, 'guerrillas')}: a Base replaces two", rule)
        if not B.BOARD.room(g, here, "bases"):
            return W.because(f"{W.has(g, here, 'bases')}: two Bases at most in a space", "1.4.2")
        if not g.s["available"]["bases"] and not map_sources(g, here, "bases"):
            return W.because("no Base is Available, and none is on the map elsewhere to take", "1.4.1")
        return W.because(f"{W.has(g, here, 'guerrillas_u', 'guerrillas_a')}: not the two Guerrillas named "
                         f"({arg})", rule)

    def take_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        here = f["here"]
        words = W.parts(arg, 2)
        if words is None or words[1] != "base":
            return W.form("take", "SPACE base", arg, "1.4.1")
        src = words[0]
        if not W.is_space(src):
            return W.not_a_space(src)
        if src == here:
            return W.because(f"the Base goes to {B.name(here)}: take one from another space", "1.4.1")
        return W.because(f"{W.has(g, src, 'bases')} to take", "1.4.1")

    def sub_act(self, g, f, verb, arg):
        stage, here = f["stage"], f["here"]
        rule = mcp_rule(f, "3.3.1")
        if verb == "done":
            f["stage"] = "select"
            return
        if verb == "place":
            f["placed"] += 1
            f["stage"] = "more" if f["placed"] < f["limit"] else "select"
            place_own(g, "mcp", here, "guerrillas", rule=rule, label="Rally")
            return
        if verb == "flip":
            x = B.sp(g, here)
            n = x["guerrillas_a"]
            x["guerrillas_u"] += n  # a flip changes no count of forces: Control stays as it is (1.7)
            x["guerrillas_a"] = 0
            f["stage"] = "select"
            g.say(f"MCP flipped {W.count(n, 'guerrillas_a')} in {B.name(here)} Underground (Rally).",
                  faction="mcp", rule=rule)
            return
        if verb == "replace":
            f["pair"] = arg.split(" ")
            if g.s["available"]["bases"]:
                self.replace(g, f, None)
            else:
                f["stage"] = "base-from"
            return
        if stage == "base-from" and verb == "take":
            self.replace(g, f, arg.split(" ")[0])

    def replace(self, g: Context, f: dict, src: str | None) -> None:
        """Two Guerrillas in the Rally space replaced with a Base, from Available or from *src* on the map
        (1.4.1 IMPORTANT): one change, Control adjusted once it is over (ruling R-CONTROL-PW)."""
        here = f["here"]
        rule = mcp_rule(f, "3.3.1")
        with B.together(g):
            for w in f.pop("pair"):
                B.remove(g, here, WORD_KEY[w], 1)
            if src is None:
                B.place(g, here, "bases", 1)
            else:
                B.move(g, src, here, "bases", 1)
        whence = f" (taken from {B.name(src)}, none being Available)" if src else ""
        g.say(f"MCP replaced two Guerrillas in {B.name(here)} with a Base{whence} (Rally).", faction="mcp",
              rule=rule if src is None else f"{rule}, 1.4.1")
        f["stage"] = "select"

    def agitate_spaces(self, g: Context, f: dict) -> list[str]:
        """The selected spaces where the Rally may Agitate: MCP Control and a Base (3.3.1)."""
        return [s for s in f["spaces"] if agitate_ok_rally(g, s)]

    def step(self, g, f):
        if f["stage"] == "more" and f["placed"] >= f["limit"]:
            f["stage"] = "select"
            return True
        if f["stage"] == "agitate":
            f["stage"] = "final"
            spaces = self.agitate_spaces(g, f)
            if spaces:
                free = bool(f.get("free_agitate"))
                start_agitate(g, spaces, 1, rule=f.get("rule") or "3.3.1",
                              label="M30 shaded, free" if free else "Rally", free=free)
            return True
        return super().step(g, f)


# -- March (3.3.2) -------------------------------------------------------------------------------------

@procedure
class March(GroupedMarch, McpOperation):
    """March (3.3.2; engine.coin.march): destinations are selected, 1 Resource each but nothing for an Economic
    Center; a group goes Active if its destination is an Economic Center or at Support and the group plus the
    cubes there number more than three (1.4.3 NOTE)."""

    name = "my.op.march"
    op = "march"
    faction = "mcp"
    most_cost = 1  # what a space costs at most (cost, below)

    def cost(self, g, f, sid):
        return 0 if B.KIND[sid] == "ec" else 1

    def exposed(self, g, dest):
        return B.KIND[dest] == "ec" or g.s["spaces"][dest]["support"] > 0

    def exposed_where(self, g, dest):
        return "an Economic Center" if B.KIND[dest] == "ec" else "at Support"


# -- Terror (3.3.4) ------------------------------------------------------------------------------------

@procedure
class Terror(McpOperation):
    """Terror (3.3.4): in each selected space with an Underground Guerrilla, one goes Active; a Terror marker
    (Kuala Lumpur, Provinces) or Sabotage marker (Economic Centers) is placed unless one is there (1.4.2);
    then the space shifts once toward Opposition (none in an Economic Center). Thailand may be selected: the
    Guerrilla goes Active, nothing else (ruling R-TERROR-THAILAND). M27 shaded: the MCP may also remove one
    Police cube from each selected space (``remove police``)."""

    name = "my.op.terror"
    op = "terror"
    faction = "mcp"
    rule = "3.3.4"

    def ok(self, g, f, sid):
        return bool(g.s["spaces"][sid]["guerrillas_u"])

    def why_not(self, g, f, sid):
        return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Terror needs one to Activate", "3.3.4")

    most_cost = 1  # what a space costs at most (cost, below)

    def cost(self, g, f, sid):
        return 0 if B.KIND[sid] == "ec" else 1

    def on_selected(self, g, f, sid):
        rule = mcp_rule(f, "3.3.4")
        x, name = B.sp(g, sid), B.name(sid)
        B.activate(g, sid, 1, "guerrillas")
        key = TERROR_MARKER.get(B.KIND[sid])
        if key is None:
            what = "no marker (Thailand takes none; ruling R-TERROR-THAILAND)"
        elif x[key]:
            what = f"no {key.title()} marker (one is there already)"
        elif not B.markers_left(g):
            what = f"no {key.title()} marker (all {B.TERROR_MARKERS} are on the map)"
        else:
            x[key] += 1
            what = f"a {key.title()} marker"
        g.say(f"MCP carried out Terror in {name}: a Guerrilla went Active and {what} was placed.", faction="mcp", rule=rule)
        B.shift(g, sid, -1, "Terror", rule)
        f["here"] = sid
        if cap(g, "M27") == "shaded" and x["police"]:
            f["stage"] = "police"

    def sub_prompt(self, g, f):
        return {"remove": ["police"], "done": []} if f["stage"] == "police" else {}

    def sub_text(self, g, f):
        return (f"MCP Terror in {B.name(f['here'])} (Running Dogs, M27 shaded): remove a Police cube there "
                "(remove police), or done")

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "police" and verb == "remove":
            return W.form("remove", "police", arg, "M27")
        return None

    def sub_act(self, g, f, verb, arg):
        f["stage"] = "select"
        if verb == "remove":
            B.remove(g, f["here"], "police", 1)
            g.say(f"Target traitors: MCP removed a Police cube from {B.name(f['here'])} (Terror).", faction="mcp",
                  rule="M27")
