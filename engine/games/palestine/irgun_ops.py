"""Irgun Operations: Recruit, Travel, Sabotage (with the Terror Special Activity), Rob (rule 3.3)."""

from __future__ import annotations

from ...coin.capabilities import cap
from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B
from .haganah import shift_haganah
from .operation import NO, Operation
from .why import count, elsewhere, has, kind_of, not_a_space, space_of

notation.declare(__name__, {"place", "move", "cache", "terror", "roll"})


def cache_near(g, sid: str) -> bool:
    return any(B.sp(g, s)["caches"] for s in B.within_one(g, sid))


def recruit_limit(g, sid: str) -> int:
    """Cells Recruit may place in *sid* (3.3.1): 2 with or next to a Cache, 1 in a City, else 0."""
    if B.sp(g, sid)["curfew"]:
        return 0
    if cache_near(g, sid):
        return 2
    return 1 if B.KIND[sid] == "city" else 0


@procedure
class Recruit(Operation):
    """Recruit (3.3.1): spaces without Curfew; up to two Cells with or next to a Cache, else one in a City."""

    name = "pal.op.recruit"
    op = "recruit"
    faction = "irgun"
    rule = "3.3.1"

    def eligible(self, g, f, sid, why=True):
        if B.sp(g, sid)["curfew"]:
            return f"Recruit may not select a space with a Curfew (3.3.1, 1.10); {B.name(sid)} has one" if why else NO
        if not g.s["available"]["cells"]:
            return "the Irgun have no Cell Available to place (1.4.1: pieces are placed from Available)"
        if not recruit_limit(g, sid):
            return (f"{B.name(sid)} is {kind_of(sid)}, not a City, and has no Arms Cache in or next to it (3.3.1)"
                    if why else NO)
        return None

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] != "count":
            return None
        here = B.name(f["here"])
        limit, avail = recruit_limit(g, f["here"]), g.s["available"]["cells"]
        ask = f"place 1 to {min(limit, avail)}" if min(limit, avail) > 1 else "place 1"
        if verb != "place" or not (arg or "").isdigit():
            return f"say how many Cells Recruit places in {here}: {ask} (3.3.1)"
        n = int(arg)
        if n > avail:
            return f"the Irgun have {count(avail, 'cells')} Available (1.4.1): {ask}"
        if n > limit == 1:
            return (f"{here} is a City with no Arms Cache in or next to it: Recruit places one Cell there "
                    f"(3.3.1)")
        return f"Recruit places 1 or 2 Cells in a space with or next to an Arms Cache (3.3.1): {ask}"

    def on_space(self, g, f, sid):
        f["here"] = sid
        f["stage"] = "count"

    def sub_prompt(self, g, f):
        n = min(recruit_limit(g, f["here"]), g.s["available"]["cells"])
        return {"place": [str(i) for i in range(1, n + 1)]}

    def sub_text(self, g, f):
        return f"Irgun Recruit in {B.name(f['here'])}: how many Cells to place"

    def sub_act(self, g, f, verb, arg):
        n = B.place(g, f["here"], "cells", int(arg))
        g.say(f"Irgun Recruited {n} Cell(s) in {B.name(f['here'])}.", faction="irgun", rule="3.3.1")
        f["stage"] = "select"


@procedure
class Travel(Operation):
    """Travel (3.3.2): from each origin move Cells to any spaces (their own included); a group that ends in
    a Railway or Curfew space with group plus cubes over three is Active, otherwise it flips Underground."""

    name = "pal.op.travel"
    op = "travel"
    faction = "irgun"
    rule = "3.3.2"

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if B.cells(x) - sum(f.get("arrived", {}).get(sid, {}).values()) <= 0:
            if not why:
                return NO
            moved = f" ({count(B.cells(x), 'cells')}, all moved in)" if B.cells(x) else ""
            return (f"Travel origins need Cells that have not moved this Travel (3.3.2); {B.name(sid)} has "
                    f"none{moved}")
        return None

    def on_space(self, g, f, sid):
        x = B.sp(g, sid)
        arrived = f.setdefault("arrived", {}).get(sid, {})
        f["here"] = sid
        f["left"] = {"underground": x["cells_u"] - arrived.get("underground", 0),
                     "active": x["cells_a"] - arrived.get("active", 0)}
        f["groups"] = {}
        f["stage"] = "move"

    def interruptible(self, g, f):
        """The Special Activity runs before an origin is selected, between origins or after the last, not
        while one origin's Cells are moving: 3.3.2 sets their state by the whole group (ruling R-OP-9)."""
        return f["stage"] == "select"

    def explain(self, g, f, verb, arg):
        if verb == "sa" and f["stage"] == "move" and f["sa"] == "open":
            return ("a Special Activity may not run while an origin's Cells are moving (3.3.2, 4.1, ruling R-OP-9): "
                    "finish this origin (done) first")
        return super().explain(g, f, verb, arg)

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] != "move" or verb != "move":
            return None
        origin = B.name(f["here"])
        parts = (arg or "").split()
        if len(parts) != 2 or parts[1] not in ("underground", "active"):
            return f"move TO underground|active: where one Cell from {origin} goes, and which (3.3.2)"
        if space_of(parts[0]) is None:
            return not_a_space(parts[0])
        kind = parts[1]
        return (f"{origin} has no {kind.title()} Cell left to move in this Travel "
                f"({f['left']['underground']} Underground, {f['left']['active']} Active left) (3.3.2)")

    def sub_prompt(self, g, f):
        out = {"done": []}
        moves = [f"{d} {k}" for d in B.SPACES for k in ("underground", "active") if f["left"][k] > 0]
        if moves:
            out["move"] = moves
        return out

    def sub_text(self, g, f):
        if not (f["left"]["underground"] or f["left"]["active"]):
            return f"Irgun Travel from {B.name(f['here'])}: every Cell has moved; done"
        return f"Irgun Travel from {B.name(f['here'])}: move a Cell (move TO underground|active), or done"

    def sub_act(self, g, f, verb, arg):
        origin = f["here"]
        if verb == "move":
            dest, kind = arg.split(" ")
            key = B.CELL_KINDS[kind]
            if dest != origin and not B.move(g, origin, dest, key):
                raise RulesBugError(f"Travel from {origin}: no {kind} Cell left to move")
            f["left"][kind] -= 1
            grp = f["groups"].setdefault(dest, {"underground": 0, "active": 0})
            grp[kind] += 1
            return
        for dest, grp in f["groups"].items():
            n = grp["underground"] + grp["active"]
            y = B.sp(g, dest)
            exposed = (B.KIND[dest] == "railway" or y["curfew"]) and n + B.cubes(y) > 3
            if exposed:
                flip(g, dest, "underground", grp["underground"])
                final = {"active": n, "underground": 0}
            else:
                flip(g, dest, "active", grp["active"])
                final = {"active": 0, "underground": n}
            arr = f["arrived"].setdefault(dest, {})
            for k, v in final.items():
                arr[k] = arr.get(k, 0) + v
            g.say(f"Irgun Travelled {n} Cell(s) from {B.name(origin)} to {B.name(dest)}"
                  f"{', which stayed Active' if exposed else ', Underground'}.", faction="irgun", rule="3.3.2")
        f["stage"] = "select"


def flip(g, sid: str, kind: str, n: int) -> None:
    """Flips *n* Cells of state *kind* (underground or active) in *sid* to the other state (3.3.2); the
    Cells must be there: a Travel group's Cells cannot have changed while they moved (ruling R-OP-9)."""
    src, dst = ("cells_u", "cells_a") if kind == "underground" else ("cells_a", "cells_u")
    x = B.sp(g, sid)
    if x[src] < n:
        raise RulesBugError(f"Travel: {n} {kind} Cell(s) to flip in {sid}, {x[src]} there")
    x[src] -= n
    x[dst] += n


def sabotage_modifiers(police: int, bonus: int) -> str:
    """`` (-2 for Police, +2 for an Arms Cache)``: the modifiers of a Sabotage roll (3.3.3), or nothing."""
    mods = ([f"-{police} for Police"] if police else []) + ([f"+{bonus} for an Arms Cache"] if bonus else [])
    return f" ({', '.join(mods)})" if mods else ""


@procedure
class Sabotage(Operation):
    """Sabotage (3.3.3): in each space with an Underground Cell, Activate one; may spend a Cache in or next
    to it for +2; roll minus Police; above 2 places Sabotage. Terror (4.3.3) may be declared in one City
    before its roll: Terror instead, two and a Haganah shift left on 6 or more (P17 unshaded: one marker)."""

    name = "pal.op.sabotage"
    op = "sabotage"
    faction = "irgun"
    rule = "3.3.3"

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if not x["cells_u"]:
            return f"Sabotage needs an Underground Cell (3.3.3); {B.name(sid)} has none" if why else NO
        if f.get("need_police") and not x["police"]:
            return self.card_refusal(g, f, f"this Sabotage needs Police in the space; {B.name(sid)} has none") \
                if why else NO
        if f.get("only_railways") and B.KIND[sid] != "railway":
            return self.card_refusal(g, f, f"this Sabotage is at Railways only; {B.name(sid)} is {kind_of(sid)}") \
                if why else NO
        return None

    def on_space(self, g, f, sid):
        B.activate(g, sid, 1)
        f["here"] = sid
        f["bonus"] = 0
        f["terror_here"] = False
        f["stage"] = "roll"
        g.say(f"Irgun Sabotage in {B.name(sid)}: a Cell was Activated.", faction="irgun", rule="3.3.3")

    def terror_ok(self, g, f):
        return B.KIND[f["here"]] == "city" and not f["terror_here"] and f["sa"] == "open"

    def sub_prompt(self, g, f):
        if f["role"] != "irgun":
            return {}
        out = {"roll": []}
        c = self.caches(g, f)
        if c:
            out["cache"] = c
        if self.terror_ok(g, f):
            out["terror"] = []
        return out

    def caches(self, g, f) -> list[str]:
        """Spaces whose Arms Cache may be spent for +2 here: in or next to it, one per space (3.3.3)."""
        if f["bonus"]:
            return []
        return [s for s in B.within_one(g, f["here"]) if B.sp(g, s)["caches"]]

    def step(self, g, f):
        if f["stage"] == "roll" and f["role"] != "irgun":
            # Another faction conducts this Sabotage for an Event (R-EV-OWNER "executing"): spending an Arms
            # Cache is the Irgun's decision (3.3.3: "Irgun may expend"); the roll then has no choice left.
            if "ret" in f:
                ans = f.pop("ret")
                if ans != "none":
                    self.spend_cache(g, f, ans)
            elif self.caches(g, f):
                g.call(CacheChoice.name, "irgun", options=self.caches(g, f), here=f["here"])
                return True
            self.roll(g, f)
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        # what the text offers is what sub_prompt offers
        if f["role"] != "irgun":
            return f"Irgun Sabotage in {B.name(f['here'])}"
        opts = ["spend a Cache (cache SPACE)"] if self.caches(g, f) else []
        if self.terror_ok(g, f):
            opts.append("declare terror")
        return f"Irgun Sabotage in {B.name(f['here'])}: {', '.join(opts)}{', or ' if opts else ''}roll"

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] != "roll":
            return None
        here = B.name(f["here"])
        if verb == "cache":
            if f["role"] != "irgun":
                return "spending an Arms Cache is the Irgun's decision (3.3.3): they are asked"
            if f["bonus"]:
                return f"one Arms Cache at most per Sabotage space: one was spent for {here} already (3.3.3)"
            sid = space_of(arg)
            if sid is None:
                return not_a_space(arg or "")
            if sid not in B.within_one(g, f["here"]):
                return f"{B.name(sid)} is not in or adjacent to {here}: the Cache spent must be (3.3.3)"
            return f"{has(g, sid, 'caches')} to spend (3.3.3)"
        if verb in ("done", "space"):
            return f"first roll for the Sabotage in {here} (3.3.3: roll)"
        return None

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
        here = f["here"]
        if verb == "cache":
            self.spend_cache(g, f, arg)
            return
        if verb == "terror":
            f["terror_here"] = True
            f["sa"] = "used"
            f["sa_done"] = "terror"
            g.say(f"Irgun declared Terror in {B.name(here)}.", faction="irgun", rule="4.3.3")
            return
        self.roll(g, f)

    def spend_cache(self, g, f, sid: str) -> None:
        B.remove(g, sid, "caches", 1)
        f["bonus"] = 2
        g.say(f"Irgun spent the Arms Cache in {B.name(sid)} (+2).", faction="irgun", rule="3.3.3")

    def roll(self, g, f) -> None:
        """The Sabotage roll in the current space and what follows from it (3.3.3, 4.3.3, P28, P32)."""
        here = f["here"]
        f["stage"] = "select"
        x = B.sp(g, here)
        die = g.roll(f"Sabotage in {B.name(here)}")
        total = die - x["police"] + f["bonus"]
        marker = "Terror" if f["terror_here"] else "Sabotage"
        g.say(f"Irgun rolled {die} for Sabotage in {B.name(here)}: {total} after modifiers"
              f"{sabotage_modifiers(x['police'], f['bonus'])}; "
              + ("succeeds (more than 2)." if total > 2 else f"fails (needs 3 or more): no {marker} marker."),
              faction="irgun", rule="4.3.3" if f["terror_here"] else "3.3.3")
        natural = chosen(g.s, "R-P32", "natural") == "natural"  # ruling R-P32 (an umpire may choose)
        if (die == 1 if natural else total <= 1) and cap(g, "P32") == "unshaded":
            B.remove(g, here, "cells_a", 1)
            g.say("Weapon Factories (P32): the Activated Cell was removed to Available.", rule="P32")
        if total <= 2:
            return
        if f["terror_here"]:
            n = 2 if total >= 6 else 1
            if cap(g, "P17") == "unshaded":
                n = 1
            x["terror"] += n
            why = " (6 or more, but Bevingrads, P17, allow one)" if total >= 6 and n == 1 else (
                " (6 or more)" if n == 2 else "")
            g.say(f"Irgun placed {n} Terror marker(s) in {B.name(here)}{why}.", faction="irgun", rule="4.3.3")
        else:
            x["sabotage"] += 1
            g.say(f"Irgun placed a Sabotage marker in {B.name(here)}.", faction="irgun", rule="3.3.3")
        if f.get("on_success") == "remove-police":
            k = B.remove(g, here, "police", x["police"])
            g.say(f"CID (P28): {k} Police removed from {B.name(here)}.", rule="P28")
        if f["terror_here"] and total >= 6 and not shift_haganah(g, -1, "Terror", rule="4.3.3"):
            g.say("The Haganah Track was already at 0 and did not shift (Terror, 6 or more).", rule="4.3.3")


@procedure
class CacheChoice(Procedure):
    """The Irgun decide whether to spend an Arms Cache for +2 in a Sabotage another faction conducts for an
    Event (3.3.3: "Irgun may expend an Arms Cache"; ruling R-EV-OWNER). Ends with the space, or ``none``.
    Frame: ``options`` (spaces with a Cache in or next to the Sabotage space), ``here``."""

    name = "pal.op.cache"
    rule = "3.3.3"

    def prompt(self, g, f):
        return {"cache": list(f["options"]), "done": []}

    def text(self, g, f):
        return f"Irgun: spend an Arms Cache for +2 on the Sabotage roll in {B.name(f['here'])} (cache SPACE), or done"

    def explain(self, g, f, verb, arg):
        if verb != "cache":
            return elsewhere(verb)
        sid = space_of(arg)
        if sid is None:
            return not_a_space(arg or "")
        if sid not in B.within_one(g, f["here"]):
            return f"{B.name(sid)} is not in or adjacent to {B.name(f['here'])}: the Cache spent must be (3.3.3)"
        return f"{has(g, sid, 'caches')} to spend (3.3.3)"

    def act(self, g, f, verb, arg):
        g.end(arg if verb == "cache" else "none")


@procedure
class Rob(Operation):
    """Rob (3.3.4): Districts or Cities with more Cells than Police; a roll above 2 (P32 shaded: always)
    adds an Arms Cache; with Police there, Activate an Underground Cell if possible."""

    name = "pal.op.rob"
    op = "rob"
    faction = "irgun"
    rule = "3.3.4"

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if B.KIND[sid] == "railway":
            return f"{B.name(sid)} is a Railway: Rob selects Districts or Cities only (3.3.4)" if why else NO
        if B.cells(x) <= x["police"]:
            return f"{has(g, sid, 'cells', 'police')}: Rob needs more Cells than Police (3.3.4)" if why else NO
        return None

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
