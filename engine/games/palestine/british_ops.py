"""British Operations: Deploy, Patrol, Search, Assault (rule 3.2)."""

from __future__ import annotations

from ...coin.will import shift_will
from ...core import notation
from ...core.flow import procedure
from . import board as B
from .operation import Operation, cap

notation.VERBS.update({"to", "troop", "move", "chit", "curfew", "arrest"})


@procedure
class Deploy(Operation):
    """Deploy (3.2.1): one Police in each selected District or City with more Troops than Irgun pieces;
    then, even if Limited, move any Troops from anywhere to one space (a Railway too)."""

    name = "pal.op.deploy"
    op = "deploy"

    def eligible(self, g, f, sid):
        x = B.sp(g, sid)
        if B.KIND[sid] == "railway":
            return "Deploy selects Districts and Cities only (3.2.1)"
        if x["troops"] <= B.irgun_pieces(x):
            return f"{B.name(sid)} needs more Troops than Irgun pieces (3.2.1)"
        return None

    def on_space(self, g, f, sid):
        n = B.place(g, sid, "police", 1)
        g.say(f"British Deployed in {B.name(sid)}" + (", placing a Police cube." if n else
              " (no Police Available)."), faction="british", rule="3.2.1")

    def on_select_done(self, g, f):
        f["stage"] = "dest" if f.get("troop_move", True) else "final"

    def interruptible(self, g, f):
        return f["stage"] in ("select", "dest", "troops")

    def sub_prompt(self, g, f):
        if f["stage"] == "dest":
            return {"to": list(B.SPACES), "done": []}
        src = [s for s in B.SPACES if s != f["dest"] and B.sp(g, s)["troops"]]
        out = {"done": []}
        if src:
            out["troop"] = src
        return out

    def sub_text(self, g, f):
        if f["stage"] == "dest":
            return "British Deploy: choose the one space Troops move to, or done to move none"
        return f"British Deploy: move Troops to {B.name(f['dest'])} one at a time from a space, or done"

    def sub_act(self, g, f, verb, arg):
        if verb == "done":
            f["stage"] = "final"
        elif verb == "to":
            f["dest"] = arg
            f["stage"] = "troops"
        else:
            B.move(g, arg, f["dest"], "troops")
            g.say(f"British moved a Troop from {B.name(arg)} to {B.name(f['dest'])}.", faction="british",
                  rule="3.2.1")


@procedure
class Patrol(Operation):
    """Patrol (3.2.2): select destinations with Cells; move Police from anywhere to them; then in one
    destination (two with P23 unshaded) remove one Active Cell per Police to Prison, and Underground Cells
    by spending Intel Chits worth at least as many."""

    name = "pal.op.patrol"
    op = "patrol"

    def eligible(self, g, f, sid):
        if not B.cells(B.sp(g, sid)):
            return f"Patrol destinations need Cells (3.2.2); {B.name(sid)} has none"
        return None

    def on_space(self, g, f, sid):
        g.say(f"British Patrol selected {B.name(sid)}.", faction="british", rule="3.2.2")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["moved_into"] = []
        f["arrived"] = {}

    def interruptible(self, g, f):
        return f["stage"] in ("select", "move", "arrest-space")

    def removal_spaces(self, g, f):
        return 2 if cap(g, "P23") == "unshaded" else 1

    def sub_prompt(self, g, f):
        st = f["stage"]
        if st == "move":
            moves = [f"{a} {b}" for a in B.SPACES if self.movable(g, f, a) > 0 for b in f["spaces"] if a != b]
            out = {"done": []}
            if moves:
                out["move"] = moves
            return out
        if st == "arrest-space":
            # The first removal space is not optional (3.2.2: "then in one destination space, remove");
            # a second one (P23 unshaded) is. Only destinations with Police can remove anything.
            c = [s for s in f["spaces"] if s not in f.get("arrested", []) and B.sp(g, s)["police"]]
            out = {"space": c} if c else {}
            if f.get("arrested") or not c:
                out["done"] = []
            return out
        if st == "arrest":
            out = {"done": []}
            if self.capacity(g, f) and B.sp(g, f["here"])["cells_u"]:
                vals = B.chit_values(g, 1)
                if vals:
                    out["chit"] = vals
            return out
        return {}

    def capacity(self, g, f):
        return f["cap"] - f["taken"]

    def movable(self, g, f, src):
        """Police in *src* that have not moved in this Patrol (ruling R-OP-8: each cube moves once)."""
        return B.sp(g, src)["police"] - f["arrived"].get(src, 0)

    def step(self, g, f):
        # Stages with nothing left to decide end by themselves.
        if f["stage"] == "arrest" and "chit" not in self.sub_prompt(g, f):
            f["stage"] = "arrest-space" if len(f["arrested"]) < self.removal_spaces(g, f) else "final"
            return True
        if f["stage"] == "arrest-space" and "space" not in self.sub_prompt(g, f):
            f["stage"] = "final"
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        st = f["stage"]
        if st == "move":
            return "British Patrol: move a Police cube to a destination (move FROM TO), or done"
        if st == "arrest-space":
            return "British Patrol: choose the destination where Cells are removed, or done"
        return (f"British Patrol in {B.name(f['here'])}: spend an Intel Chit to remove Underground Cells, "
                "or done")

    def sub_act(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move":
            if verb == "move":
                a, b = arg.split(" ")
                B.move(g, a, b, "police")
                f["arrived"][b] = f["arrived"].get(b, 0) + 1
                if b not in f["moved_into"]:
                    f["moved_into"].append(b)
                g.say(f"British moved a Police cube from {B.name(a)} to {B.name(b)}.", faction="british",
                      rule="3.2.2")
                return
            self.road_mines(g, f)
            f["stage"] = "arrest-space"
            f["arrested"] = []
            return
        if st == "arrest-space":
            if verb == "done":
                f["stage"] = "final"
                return
            f["arrested"].append(arg)
            f["here"] = arg
            f["cap"] = B.sp(g, arg)["police"]
            f["taken"] = 0
            f["budget"] = 0
            f["ug"] = 0
            n = B.remove(g, arg, "cells_a", f["cap"], to="prison")
            f["taken"] = n
            g.say(f"British Patrol removed {n} Active Cell(s) from {B.name(arg)} to Prison.", faction="british",
                  rule="3.2.2")
            f["stage"] = "arrest"
            return
        if st == "arrest":
            if verb == "chit":
                B.spend_chit(g, int(arg))
                f["budget"] += int(arg)
                g.say(f"British spent an Intel Chit of value {arg} in {B.name(f['here'])}.", faction="british",
                      rule="1.6.1")
                k = min(self.capacity(g, f), f["budget"] - f["ug"], B.sp(g, f["here"])["cells_u"])
                B.remove(g, f["here"], "cells_u", k, to="prison")
                f["ug"] += k
                f["taken"] += k
                if k:
                    g.say(f"British Patrol removed {k} Underground Cell(s) from {B.name(f['here'])} to Prison.",
                          faction="british", rule="3.2.2")
                return
            f["stage"] = ("arrest-space" if len(f["arrested"]) < self.removal_spaces(g, f) else "final")

    def road_mines(self, g, f):
        """P23 shaded: Police moving into a space with Sabotage are lost on a roll of 1-3 (ruling R-P23)."""
        if cap(g, "P23") != "shaded":
            return
        for sid in f["moved_into"]:
            x = B.sp(g, sid)
            if x["sabotage"] and x["police"]:
                die = g.roll(f"Road Mines in {B.name(sid)}")
                if die <= 3:
                    B.remove(g, sid, "police", 1)
                    g.say(f"Road Mines (P23): rolled {die}, a Police cube in {B.name(sid)} was removed.",
                          rule="P23")
                else:
                    g.say(f"Road Mines (P23): rolled {die}, no loss in {B.name(sid)}.", rule="P23")


@procedure
class Search(Operation):
    """Search (3.2.3): move adjacent Troops into the destinations at once; Activate one Cell per two cubes
    in Districts and Railways; in Cities place a Curfew and Activate one per three cubes (four with P17
    shaded), or discard an Intel Chit to Activate one per cube with no Curfew."""

    name = "pal.op.search"
    op = "search"

    def on_space(self, g, f, sid):
        g.say(f"British Search selected {B.name(sid)}.", faction="british", rule="3.2.3")

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["arrived"] = {}

    def interruptible(self, g, f):
        return f["stage"] in ("select", "move")

    def movable(self, g, f, src):
        return B.sp(g, src)["troops"] - f["arrived"].get(src, 0)

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            moves = [f"{a} {b}" for b in f["spaces"] for a in sorted(B.adj(g, b)) if self.movable(g, f, a) > 0]
            out = {"done": []}
            if moves:
                out["move"] = moves
            return out
        if f["stage"] == "city":
            out = {"curfew": []}
            if not f.get("no_intel"):
                vals = B.chit_values(g)
                if vals:
                    out["chit"] = vals
            return out
        return {}

    def sub_text(self, g, f):
        if f["stage"] == "move":
            return "British Search: move an adjacent Troop into a destination (move FROM TO), or done"
        per = 4 if cap(g, "P17") == "shaded" else 3
        return (f"British Search in {B.name(f['cities'][0])}: curfew (Curfew, 1 per {per} cubes) or chit VALUE "
                "(1 per cube, no Curfew)")

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "move":
            if verb == "move":
                a, b = arg.split(" ")
                B.move(g, a, b, "troops")
                f["arrived"][b] = f["arrived"].get(b, 0) + 1
                g.say(f"British moved a Troop from {B.name(a)} to {B.name(b)}.", faction="british", rule="3.2.3")
                return
            for sid in f["spaces"]:
                if B.KIND[sid] != "city":
                    k = B.activate(g, sid, B.cubes(B.sp(g, sid)) // 2)
                    g.say(f"British Search Activated {k} Cell(s) in {B.name(sid)}.", faction="british",
                          rule="3.2.3")
            f["cities"] = [s for s in f["spaces"] if B.KIND[s] == "city"]
            f["stage"] = "city" if f["cities"] else "final"
            return
        sid = f["cities"].pop(0)
        x = B.sp(g, sid)
        if verb == "chit":
            B.spend_chit(g, int(arg))
            k = B.activate(g, sid, B.cubes(x))
            g.say(f"British discarded an Intel Chit of value {arg} and Activated {k} Cell(s) in {B.name(sid)}.",
                  faction="british", rule="3.2.3")
        else:
            per = 4 if cap(g, "P17") == "shaded" else 3
            placed = B.place_curfew(g, sid)
            k = B.activate(g, sid, B.cubes(x) // per)
            g.say(f"British Search {'placed a Curfew and ' if placed else ''}Activated {k} Cell(s) in "
                  f"{B.name(sid)}.", faction="british", rule="3.2.3")
        if not f["cities"]:
            f["stage"] = "final"


def remove_cache_bonus(g, sid: str, rule: str) -> None:
    """A Cache removed by Assault: +1 Political Will and one Intel Chit (3.2.4); P25 unshaded: +2 and two."""
    n = 2 if cap(g, "P25") == "unshaded" else 1
    shift_will(g, n, f"Arms Cache removed in {B.name(sid)}", rule=rule)
    for _ in range(n):
        B.draw_chit(g, "Arms Cache removed by Assault", rule=rule)


@procedure
class Assault(Operation):
    """Assault (3.2.4): in each selected space with Troops and Irgun pieces remove one Active piece per two
    Troops (P18 unshaded: per Troop): Active Cells first, Arms Caches once no Cells remain; Cells go to
    Available and Prison alternately, Available first (P18 shaded: all Available); Underground Cells by
    spending Intel Chits."""

    name = "pal.op.assault"
    op = "assault"

    def eligible(self, g, f, sid):
        x = B.sp(g, sid)
        if not x["troops"] or not B.irgun_pieces(x):
            return f"Assault needs Troops and Irgun pieces in the space (3.2.4); {B.name(sid)} lacks them"
        return None

    def sub_prompt(self, g, f):
        out = {"done": []}
        x = B.sp(g, f["here"])
        if f["cap"] - f["taken"] > 0 and x["cells_u"]:
            vals = B.chit_values(g, 1)
            if vals:
                out["chit"] = vals
        return out

    def sub_text(self, g, f):
        return (f"British Assault in {B.name(f['here'])}: spend an Intel Chit to remove Underground Cells, "
                "or done")

    def on_space(self, g, f, sid):
        x = B.sp(g, sid)
        f["here"] = sid
        f["cap"] = x["troops"] if cap(g, "P18") == "unshaded" else x["troops"] // 2
        f["taken"] = 0
        f["budget"] = 0
        f["ug"] = 0
        f.setdefault("alt", 0)
        g.say(f"British Assaulted in {B.name(sid)}.", faction="british", rule="3.2.4")
        self.take(g, f, "cells_a", f["cap"])
        self.after_cells(g, f)

    def take(self, g, f, key, n):
        for _ in range(n):
            if f["taken"] >= f["cap"] or not B.sp(g, f["here"])[key]:
                return
            to = "available"
            if cap(g, "P18") != "shaded" and f["alt"] % 2 == 1:
                to = "prison"
            f["alt"] += 1
            B.remove(g, f["here"], key, 1, to=to)
            f["taken"] += 1
            g.say(f"British removed an {'Active' if key == 'cells_a' else 'Underground'} Cell in "
                  f"{B.name(f['here'])} to {to.title()}.", faction="british", rule="3.2.4")

    def after_cells(self, g, f):
        """Caches once no Cells remain; otherwise, wait for chits if they could help (3.2.4 NOTE)."""
        x = B.sp(g, f["here"])
        room = f["cap"] - f["taken"]
        if room and not B.cells(x) and x["caches"]:
            k = B.remove(g, f["here"], "caches", room)
            f["taken"] += k
            for _ in range(k):
                g.say(f"British removed an Arms Cache in {B.name(f['here'])}.", faction="british", rule="3.2.4")
                remove_cache_bonus(g, f["here"], "3.2.4")
        f["stage"] = "assault" if "chit" in self.sub_prompt(g, f) else "select"

    def sub_act(self, g, f, verb, arg):
        if verb == "done":
            f["stage"] = "select"
            return
        B.spend_chit(g, int(arg))
        f["budget"] += int(arg)
        g.say(f"British spent an Intel Chit of value {arg} in {B.name(f['here'])}.", faction="british",
              rule="1.6.1")
        k = min(f["cap"] - f["taken"], f["budget"] - f["ug"], B.sp(g, f["here"])["cells_u"])
        before = f["taken"]
        self.take(g, f, "cells_u", k)
        f["ug"] += f["taken"] - before
        self.after_cells(g, f)
