"""The MCP Attack of Malaya (3.3.3) and the removal of cubes it shares with Ambush (4.3.3, ``special_mcp``):
Police first, Troops once no Police remain (M8 shaded: any two cubes, the MCP choosing); Political Will -1 if a
Troop is removed; M8 unshaded: the MCP remove one Attacking or Ambushing Guerrilla for each Troop removed.
Attack costs 1 Resource a space (3.1), nothing in an Event's free Attack (3.1.2, 5.4).
"""

from __future__ import annotations

from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .mcp_ops import CUBE_KEY, McpOperation, mcp_rule
from .operation import cap

notation.declare(__name__, {"remove", "done"})


# -- removing cubes: Attack (3.3.3) and Ambush (4.3.3) ------------------------------------------------

class Hits:
    """The removal of British cubes by an Attack (two) or an Ambush (one): Police first, Troops only once no
    Police remain; with M8 shaded any two cubes, the MCP choosing which (``remove troop|police``). Political
    Will -1 if any Troop was removed (3.3.3, 4.3.3, 7.2); with M8 unshaded, then one Attacking or Ambushing
    Guerrilla removed for each Troop removed. Frame locals: ``hit`` (the space, the cubes left to remove, the
    Troops removed, the words of the log) while a removal is under way; ``stage`` returns to ``after``."""

    def start_hits(self, g: Context, f: dict, sid: str, count: int, what: str, after: str) -> None:
        """Removes *count* cubes in *sid* for *what* (``Attack``, ``Ambush``); asks which only where M8 shaded
        leaves a choice; then stage *after*."""
        n = min(count, B.cubes(B.sp(g, sid)))
        f["hit"] = {"space": sid, "left": n, "troops": 0, "what": what, "after": after}
        f["stage"] = "hit"
        self.auto_hits(g, f)

    def hit_choices(self, g: Context, f: dict) -> list[str]:
        """The cube words the MCP may choose between now: only with M8 shaded, both kinds there, and fewer to
        remove than the cubes there."""
        h = f["hit"]
        x = B.sp(g, h["space"])
        if cap(g, "M8") != "shaded" or not (x["troops"] and x["police"]) or h["left"] >= B.cubes(x):
            return []
        return ["troop", "police"]

    def auto_hits(self, g: Context, f: dict) -> None:
        """Removes the cubes there is no choice about, then ends the removal once none is left."""
        h = f["hit"]
        while h["left"] > 0 and not self.hit_choices(g, f):
            x = B.sp(g, h["space"])
            if cap(g, "M8") == "shaded":  # no choice left: one kind there, or every cube goes
                key = "troops" if x["troops"] else "police"
            else:
                key = "police" if x["police"] else "troops"
            self.hit_one(g, f, key)
        if h["left"] <= 0:
            self.end_hits(g, f)

    def hit_one(self, g: Context, f: dict, key: str) -> None:
        h = f["hit"]
        sid = h["space"]
        B.remove(g, sid, key, 1)
        h["left"] -= 1
        if key == "troops":
            h["troops"] += 1
        rule = "4.3.3" if h["what"] == "Ambush" else "3.3.3"
        m8 = ", M8 shaded" if cap(g, "M8") == "shaded" else ""
        g.say(f"The MCP {h['what']} removed {B.BOARD.named(key)} from {B.name(sid)}.", faction="mcp",
              rule=f"{rule}{m8}")

    def end_hits(self, g: Context, f: dict) -> None:
        """Political Will -1 if a Troop was removed (3.3.3, 4.3.3); M8 unshaded casualties."""
        h = f.pop("hit")
        sid, troops = h["space"], h["troops"]
        rule = "4.3.3" if h["what"] == "Ambush" else "3.3.3"
        if troops:
            shift_will(g, -1, f"the {h['what']} in {B.name(sid)} removed a Troop", rule)
        if troops and cap(g, "M8") == "unshaded":
            lost = B.remove(g, sid, "guerrillas_a", troops)
            role = "Ambushing" if h["what"] == "Ambush" else "Attacking"
            g.say(f"High casualties: MCP removed {W.count(lost, 'guerrillas_a')} ({role}) from {B.name(sid)}, one "
                  "for each Troop removed.", faction="mcp", rule="M8")
        f["stage"] = h["after"]

    def hit_text(self, g: Context, f: dict) -> str:
        h = f["hit"]
        return (f"MCP {h['what']} in {B.name(h['space'])} (MNLA, M8 shaded: any cubes): remove a cube, "
                f"{h['left']} left to remove (remove troop|police)")

    def hit_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        h = f["hit"]
        rule = "4.3.3" if h["what"] == "Ambush" else "3.3.3"
        if verb == "remove":
            if arg not in CUBE_KEY:
                return W.form("remove", "troop|police", arg, rule)
            return W.because(f"{W.has(g, h['space'], CUBE_KEY[arg])} to remove", rule)
        if verb == "done":
            return W.because(f"the {h['what']} removes {h['left']} more cube(s) in {B.name(h['space'])}: each "
                             "targeted piece is affected to the maximum extent", "3.1")
        return None

    def hit_act(self, g: Context, f: dict, arg: str) -> None:
        self.hit_one(g, f, CUBE_KEY[arg])
        self.auto_hits(g, f)


def attack_ok(g: Context, sid: str) -> bool:
    """Guerrillas and British cubes in *sid* (3.3.3)."""
    x = g.s["spaces"][sid]
    return bool((x["guerrillas_u"] or x["guerrillas_a"]) and (x["troops"] or x["police"]))


def attack_refusal(g: Context, sid: str, rule: str = "3.3.3") -> str | None:
    """Why an Attack may not select *sid*, ``None`` if it may."""
    if attack_ok(g, sid):
        return None
    return W.because(f"{W.has(g, sid, 'guerrillas', 'cubes')}: Attack needs Guerrillas and British cubes", rule)


@procedure
class Attack(Hits, McpOperation):
    """Attack (3.3.3): in each selected space with Guerrillas and British cubes, every Guerrilla there goes
    Active and a die is rolled; at most the Guerrillas there, two cubes are removed (:class:`Hits`). Ambush
    (4.3.3) takes one space of the Attack instead (``special_mcp``)."""

    name = "my.op.attack"
    op = "attack"
    faction = "mcp"
    rule = "3.3.3"

    def ok(self, g, f, sid):
        return attack_ok(g, sid)

    def why_not(self, g, f, sid):
        return attack_refusal(g, sid)

    most_cost = 1  # what a space costs at most (cost, below)

    def cost(self, g, f, sid):
        return 1

    def sa_allowed(self, g, f):
        """Ambush only where a space is left for it (``special_mcp.ambush_spaces``, with this Attack's
        frame); the others as the base says."""
        from .special_mcp import ambush_spaces
        out = []
        for a, possible in self.activities.accompanying(self.op):
            if (ambush_spaces(g, {}, f) if a == "ambush" else possible(g, None)):
                out.append(a)
        return out

    def on_selected(self, g, f, sid):
        x = B.sp(g, sid)
        rule = mcp_rule(f, "3.3.3")
        B.activate(g, sid, x["guerrillas_u"], "guerrillas")
        n = B.guerrillas(x)
        die = g.roll(f"Attack in {B.name(sid)}")
        hit = die <= n
        g.say(f"MCP Attacked in {B.name(sid)}: every Guerrilla there went Active; rolled {die} against "
              f"{W.count(n, 'guerrillas')}: {'a hit' if hit else 'no effect'} (needs {n} or less).",
              faction="mcp", rule=rule)
        if hit:
            self.start_hits(g, f, sid, 2, "Attack", "select")

    def sub_prompt(self, g, f):
        if f["stage"] == "hit":
            return {"remove": self.hit_choices(g, f)}
        return {}

    def sub_text(self, g, f):
        return self.hit_text(g, f) if f["stage"] == "hit" else ""

    def sub_explain(self, g, f, verb, arg):
        return self.hit_refusal(g, f, verb, arg) if f["stage"] == "hit" else None

    def sub_act(self, g, f, verb, arg):
        self.hit_act(g, f, arg)
