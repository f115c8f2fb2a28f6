"""Irgun Operations: Recruit, Travel, Sabotage (with the Terror Special Activity), Rob (rule 3.3).

Recruit, Travel and Sabotage are the Cell games' (engine.coin.cell_ops) on Palestine's spaces: Recruit places
two Cells with or next to an Arms Cache, one in a City without (3.3.1); a Travel group ends Active in a Railway
or Curfew space with more than three Cells and cubes (3.3.2); Sabotage goes anywhere (3.3.3). Palestine's own
are Terror declared in a City's Sabotage (4.3.3), the Capabilities that change a Sabotage (P17, P32) and the
Events' (P21, P28), and Rob (3.3.4).
"""

from __future__ import annotations

from ...coin import cell_ops
from ...coin.capabilities import cap
from ...core import notation
from ...core.flow import procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .haganah import shift_haganah
from .operation import NO, Operation
from .why import has, kind_of

notation.declare(__name__, {"place", "move", "cache", "terror", "roll"})


@procedure
class Recruit(cell_ops.Recruit, Operation):
    """Recruit (3.3.1): spaces without Curfew; up to two Cells with or next to a Cache, else one in a City."""

    name = "pal.op.recruit"
    op = "recruit"
    faction = "irgun"
    rule = "3.3.1"
    recruit_cells = {"city": (2, 1), "district": (2, 0), "railway": (2, 0)}
    near_kinds = frozenset(recruit_cells)  # 3.3.1 NOTE: a Railway next to a Cache too
    two_cells_where = "a space with or next to an Arms Cache"


@procedure
class Travel(cell_ops.Travel, Operation):
    """Travel (3.3.2): from each origin move Cells to any spaces (their own included); a group that ends in
    a Railway or Curfew space with group plus cubes over three is Active, otherwise it flips Underground."""

    name = "pal.op.travel"
    op = "travel"
    faction = "irgun"
    rule = "3.3.2"
    exposed_kinds = frozenset({"railway"})
    group_ruling = "R-OP-9"


@procedure
class Sabotage(cell_ops.Sabotage, Operation):
    """Sabotage (3.3.3): in each space with an Underground Cell, Activate one; may spend a Cache in or next
    to it for +2; roll minus Police; above 2 places Sabotage. Terror (4.3.3) may be declared in one City
    before its roll: Terror instead, two and a Haganah shift left on 6 or more (P17 unshaded: one marker)."""

    name = "pal.op.sabotage"
    op = "sabotage"
    faction = "irgun"
    rule = "3.3.3"
    cache_choice = "pal.op.cache"

    def event_refusal(self, g, f, sid, why=True):
        """P28 shaded's Sabotage needs Police in the space (``need_police``), P21 shaded's is at Railways only
        (``only_railways``)."""
        if f.get("need_police") and not B.sp(g, sid)["police"]:
            return self.card_refusal(g, f, f"this Sabotage needs Police in the space; {B.name(sid)} has none") \
                if why else NO
        if f.get("only_railways") and B.KIND[sid] != "railway":
            return self.card_refusal(g, f, f"this Sabotage is at Railways only; {B.name(sid)} is {kind_of(sid)}") \
                if why else NO
        return None

    def begin_space(self, g, f, sid):
        f["terror_here"] = False

    def terror_ok(self, g, f):
        return B.KIND[f["here"]] == "city" and not f["terror_here"] and f["sa"] == "open"

    def roll_orders(self, g, f, out):
        if self.terror_ok(g, f):
            out["terror"] = []

    def roll_words(self, g, f):
        return ["declare terror"] if self.terror_ok(g, f) else []

    def terror_refusal(self, g, f):
        """Why Terror is refused: no Special Activity left (2.3.4, 4.1), not a City selected for Sabotage, or
        declared there already (4.3.3), or not before a roll (4.3.3: declared before rolling)."""
        here = f.get("here")
        if f["stage"] == "roll" and f["terror_here"]:
            return f"Terror is already declared in {B.name(here)} (4.3.3)"
        if f["sa"] != "open":
            return self.sa_closed(f)
        if f["stage"] == "roll":
            return f"Terror only in a City selected for Sabotage (4.3.3); {B.name(here)} is {kind_of(here)}"
        if f["stage"] == "select":
            return "Terror is declared in a City selected for Sabotage, before its roll (4.3.3): select the City first"
        return "Terror is declared before a Sabotage roll; this Sabotage is complete (4.3.3)"

    def explain(self, g, f, verb, arg):
        if verb == "terror":
            return self.terror_refusal(g, f)
        return super().explain(g, f, verb, arg)

    def sub_act(self, g, f, verb, arg):
        if verb == "terror":
            f["terror_here"] = True
            f["sa"] = "used"
            f["sa_done"] = "terror"
            g.say(f"Irgun declared Terror in {B.name(f['here'])}.", faction="irgun", rule="4.3.3")
            return
        super().sub_act(g, f, verb, arg)

    def marker_of(self, f):
        return ("Terror", "4.3.3") if f["terror_here"] else ("Sabotage", self.rule)

    def rolled(self, g, f, die, total):
        """Weapon Factories (P32 unshaded): a roll of 1 removes the Activated Cell; a natural 1, or a modified
        1 or less, by ruling R-P32 (an umpire may choose)."""
        natural = chosen(g.s, "R-P32", "natural") == "natural"
        if (die == 1 if natural else total <= 1) and cap(g, "P32") == "unshaded":
            B.remove(g, f["here"], "cells_a", 1)
            g.say("Weapon Factories (P32): the Activated Cell was removed to Available.", rule="P32")

    def succeed(self, g, f, total):
        """Terror where declared (4.3.3: two markers and a Haganah shift left on 6 or more; P17 unshaded: one
        marker), else a Sabotage marker; then CID's Police removal (P28 shaded)."""
        here = f["here"]
        x = B.sp(g, here)
        if f["terror_here"]:
            n = 2 if total >= 6 else 1
            if cap(g, "P17") == "unshaded":
                n = 1
            x["terror"] += n
            why = " (6 or more, but Bevingrads, P17, allow one)" if total >= 6 and n == 1 else (
                " (6 or more)" if n == 2 else "")
            g.say(f"Irgun placed {n} Terror marker(s) in {B.name(here)}{why}.", faction="irgun", rule="4.3.3")
        else:
            super().succeed(g, f, total)
        if f.get("on_success") == "remove-police":
            k = B.remove(g, here, "police", x["police"])
            g.say(f"CID (P28): {k} Police removed from {B.name(here)}.", rule="P28")
        if f["terror_here"] and total >= 6 and not shift_haganah(g, -1, "Terror", rule="4.3.3"):
            g.say("The Haganah Track was already at 0 and did not shift (Terror, 6 or more).", rule="4.3.3")


@procedure
class CacheChoice(cell_ops.CacheChoice):
    """The Irgun decide whether to spend an Arms Cache for +2 in a Sabotage another faction conducts for an
    Event (3.3.3: "Irgun may expend an Arms Cache"; ruling R-EV-OWNER)."""

    name = "pal.op.cache"
    rule = "3.3.3"
    faction = "irgun"
    B = B
    W = W


@procedure
class Rob(Operation):
    """Rob (3.3.4): Districts or Cities with more Cells than Police; a roll above 2 (P32 shaded: always)
    adds an Arms Cache; with Police there, Activate an Underground Cell if possible."""

    name = "pal.op.rob"
    op = "rob"
    faction = "irgun"
    rule = "3.3.4"

    def space_pool(self, g, f):
        """Districts and Cities: Rob never selects a Railway (3.3.4)."""
        return cell_ops.pool_of(self, ("district", "city"))

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if B.KIND[sid] == "railway":
            return f"{B.name(sid)} is a Railway: Rob selects Districts or Cities only (3.3.4)" if why else NO
        if B.cells(x) <= x["police"]:
            return f"{has(g, sid, 'cells', 'police')}: Rob needs more Cells than Police (3.3.4)" if why else NO
        return None

    def admits(self, g, f, sid):
        """The prompt's test of a space (3.3.4: a District or City with more Cells than Police): :meth:`eligible`'s
        tests, read inline, without building a reason."""
        x = g.s["spaces"][sid]
        return B.KIND[sid] != "railway" and x["cells_u"] + x["cells_a"] > x["police"]

    def on_space(self, g, f, sid):
        x = B.sp(g, sid)
        if cap(g, "P32") == "shaded":
            ok = True
            g.say(f"Irgun Robbed in {B.name(sid)} (Weapon Factories: no roll).", faction="irgun", rule="P32")
        else:
            die = g.roll(f"Rob in {B.name(sid)}")
            ok = die > 2
            g.say(f"Irgun Robbed in {B.name(sid)}, rolling {die}: "
                  + ("succeeds (more than 2)." if ok else "fails (needs 3 or more): no Arms Cache."),
                  faction="irgun", rule="3.3.4")
        if ok:
            if B.place(g, sid, "caches", 1):
                g.say(f"Irgun placed an Arms Cache in {B.name(sid)}.", faction="irgun", rule="3.3.4")
            elif not g.s["available"]["caches"]:
                g.say(f"No Arms Cache could be placed in {B.name(sid)}: none is Available.", faction="irgun",
                      rule="1.4.1")
            else:
                g.say(f"No Arms Cache could be placed in {B.name(sid)}: it holds two already.", faction="irgun",
                      rule="1.4.2")
        if x["police"] and B.activate(g, sid, 1):
            g.say(f"A Cell in {B.name(sid)} was Activated (Police present).", faction="irgun", rule="3.3.4")
