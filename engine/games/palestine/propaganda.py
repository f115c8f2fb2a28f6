"""The Propaganda Round (rule 6): Political Will, Resources, Redeploy, Reset, with victory (7.0).

Every decision the round gives a player is asked of that player, in the rulebook's order:
Expropriations (Irgun, 6.2.1), the discard of half the Intel Chits (British, 6.2.2), the Cache of
Haganah cooperation (Irgun, 6.2.3), British then Irgun Redeploy (6.3), P29 at the start of Reset (6.4).
"""

from __future__ import annotations

from ...coin.propaganda import PropagandaRound
from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from .operation import cap, new_op_frame
from .why import Refusal, elsewhere, has, held, kind_of, not_a_space, space_of, spaces_in

notation.declare(__name__, {"discard", "police", "troop", "cell", "cache", "place", "done"})

FINAL_PROPAGANDA = 3


def will_change(g: Context) -> tuple[int, list[str]]:
    """Net Political Will change of 6.1.1 and 6.1.2, with the items that make it up."""
    net, parts = 0, []
    rail_sab = 0
    for sid in B.SPACES:
        x = B.sp(g, sid)
        kind = B.KIND[sid]
        if kind == "district" and x["sabotage"]:
            net -= x["sabotage"]
            parts.append(f"{B.name(sid)} Sabotage -{x['sabotage']}")
        elif kind == "railway" and x["sabotage"]:
            rail_sab += 1
            net -= 2
            parts.append(f"{B.name(sid)} sabotaged -2")
        elif kind == "city":
            if x["sabotage"] or x["terror"]:
                d = 2 * x["sabotage"] + 3 * x["terror"]
                net -= d
                parts.append(f"{B.name(sid)} Sabotage/Terror -{d}")
            else:
                net += 1
                parts.append(f"{B.name(sid)} quiet +1")
    if not rail_sab:
        net += 2
        parts.append("no Railway sabotaged +2")
    return net, parts


def expropriation_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.KIND[s] != "railway" and B.cells(B.sp(g, s)) > B.sp(g, s)["police"]]


@procedure
class PalestinePropaganda(PropagandaRound):
    """Runs the phases of 6.1 to 6.4 in order, calling on each player where the rules let them choose."""

    name = "pal.propaganda"
    script = ("will", "expropriation", "intel", "haganah", "redeploy", "reset_start", "reset")

    def will(self, g, f):
        """6.1: net Political Will change, then the victory checks (6.1.3, 6.1.4; 7.0)."""
        s = g.s
        s["propaganda"] += 1
        net, parts = will_change(g)
        g.say("Political Will phase: " + "; ".join(parts) + f" (net {net:+d}).", kind="h2", rule="6.1")
        shift_will(g, net, "Political Will phase", rule="6.1")
        if s["pw"] == 0:
            self.win(g, "irgun", "British Political Will is at 0 (6.1.3)", "7.0.1")
        elif s["propaganda"] >= FINAL_PROPAGANDA:
            self.win(g, "british", "the final Propaganda Round ended without an Irgun victory (6.1.4)", "7.0.2")

    def expropriation(self, g, f):
        """6.2.1: the Irgun may Rob in one District or City with more Cells than Police."""
        g.say("Resource phase.", kind="h2", rule="6.2")
        if expropriation_spaces(g):
            g.call("pal.op.rob", "irgun", **new_op_frame(g, "rob", True, False, spaces=1, optional=True,
                                                        rule="6.2.1"))
        else:
            g.say("No space allowed Expropriations.", rule="6.2.1")

    def intel(self, g, f):
        """6.2.2: draw a chit if none is held, else discard half, rounded down (the British choose)."""
        held = g.s["intel"]["held"]
        if not held:
            B.draw_chit(g, "British Intel", rule="6.2.2")
        elif len(held) // 2:
            n = len(held) // 2
            if len(set(held)) == 1:
                for _ in range(n):
                    B.spend_chit(g, held[0])
                g.say(f"British discarded {n} Intel Chit(s).", faction="british", rule="6.2.2")
            else:
                g.call("pal.discard", "british", left=n)

    def haganah(self, g, f):
        """6.2.3: at 0 the British draw a chit; at 4 the Irgun may place a Cache."""
        s = g.s
        if s["haganah"] == 0:
            B.draw_chit(g, "Haganah cooperation", rule="6.2.3")
        elif s["haganah"] == 4 and cache_spots(g) and s["available"]["caches"]:
            g.call("pal.haganah_cache", "irgun")

    def redeploy(self, g, f):
        """6.3: British Redeploy, then Irgun Redeploy (pushed in reverse so the British go first)."""
        g.say("Redeploy phase.", kind="h2", rule="6.3")
        g.call("pal.redeploy_irgun", "irgun", stage="cells", got=[])
        g.call("pal.redeploy_british", "british", stage="police", arrived={})

    def reset_start(self, g, f):
        """P29 acts at the start of Reset (6.4)."""
        g.say("Reset phase.", kind="h2", rule="6.4")
        p29 = cap(g, "P29")
        curfew = [c for c in B.CITIES if B.sp(g, c)["curfew"]]
        if p29 == "unshaded":
            for c in curfew:
                x = B.sp(g, c)
                key = "cells_a" if x["cells_a"] else "cells_u"
                if B.remove(g, c, key, 1):
                    g.say(f"Curfews (P29): a Cell in {B.name(c)} was removed to Available.", rule="P29")
        elif p29 == "shaded" and curfew and g.s["available"]["cells"]:
            g.call("pal.p29_place", "irgun", done=[])

    def reset(self, g, f):
        """6.4: markers off, half of Prison back (rounded down), Cells Underground, Irgun 1st Eligible."""
        s = g.s
        for sid in B.SPACES:
            x = B.sp(g, sid)
            x["curfew"] = x["sabotage"] = x["terror"] = 0
            x["cells_u"] += x["cells_a"]
            x["cells_a"] = 0
        back = s["prison"] // 2
        s["prison"] -= back
        s["available"]["cells"] += back
        s["eligible"] = list(g.rules.eligibility_after_propaganda)
        g.say(f"Markers were removed, {back} Cell(s) returned from Prison, all Cells flipped Underground; "
              "Irgun is 1st Eligible.", rule="6.4")


def cache_spots(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.KIND[s] != "railway" and B.cells(B.sp(g, s)) and B.sp(g, s)["caches"] < 2]


def cache_refusal(g: Context, arg: str | None, rule: str) -> str:
    """Why an Arms Cache may not go to *arg* (Haganah cooperation 6.2.3, Irgun Redeploy 6.3.2): a District or
    City (never a Railway, 1.4.2) with a Cell, holding fewer than two Caches (1.4.2); the tests of
    :func:`cache_spots`."""
    sid = space_of(arg)
    if sid is None:
        return not_a_space(arg or "")
    x = B.sp(g, sid)
    if B.KIND[sid] == "railway":
        return f"{B.name(sid)} is a Railway: Arms Caches never occupy Railways (1.4.2)"
    if x["caches"] >= 2:
        return f"{B.name(sid)} already holds 2 Arms Caches (1.4.2: at most two a space)"
    if not B.cells(x):
        return f"{has(g, sid, 'cells')}: the Arms Cache goes to a District or City with a Cell ({rule})"
    return "no Arms Cache is Available (1.4.1)"


@procedure
class Discard(Procedure):
    """British discard half their Intel Chits, rounded down, choosing which (6.2.2; ruling R-6.2.2)."""

    name = "pal.discard"
    rule = "6.2.2"

    def prompt(self, g, f):
        return {"discard": B.chit_values(g)}

    def text(self, g, f):
        return f"British: discard {f['left']} more Intel Chit(s)"

    def explain(self, g, f, verb, arg):
        if verb == "discard":
            return f"the British hold no Intel Chit of value {arg} (held: {held(g)}) (6.2.2)"
        if verb == "done":
            return (f"the British discard half their Intel Chits, rounded down (6.2.2): {f['left']} more "
                    f"(held: {held(g)})")
        return elsewhere(verb)

    def act(self, g, f, verb, arg):
        B.spend_chit(g, int(arg))
        f["left"] -= 1
        g.say(f"British discarded an Intel Chit of value {arg}.", faction="british", rule="6.2.2")

    def step(self, g, f):
        if f["left"] <= 0:
            g.end()
            return True
        return False


@procedure
class HaganahCache(Procedure):
    """Haganah at 4: the Irgun may place an Arms Cache in a District or City with a Cell (6.2.3)."""

    name = "pal.haganah_cache"
    rule = "6.2.3"

    def prompt(self, g, f):
        return {"place": cache_spots(g), "done": []}

    def text(self, g, f):
        return "Irgun: place an Arms Cache in a District or City with a Cell, or done"

    def explain(self, g, f, verb, arg):
        if verb == "place":
            return cache_refusal(g, arg, "6.2.3")
        return elsewhere(verb)

    def act(self, g, f, verb, arg):
        if verb == "place":
            B.place(g, arg, "caches")
            g.say(f"Irgun placed an Arms Cache in {B.name(arg)} (Haganah cooperation).", faction="irgun",
                  rule="6.2.3")
        g.end()


#: Where Police may always Redeploy, and where Troops may (6.3.1), in board order.
RAILWAYS = frozenset(s for s in B.SPACES if B.KIND[s] == "railway")
TROOP_DESTINATIONS = [s for s in B.SPACES if B.KIND[s] in ("city", "railway")]
#: ``FROM TO``, a move's argument, for each pair of spaces (6.3): formatted once, not at every prompt.
PAIRS = {a: {b: f"{a} {b}" for b in B.SPACES if b != a} for a in B.SPACES}
#: The Troop moves from each space, to every City and Railway but itself in board order (6.3.1).
TROOP_MOVES = {a: [PAIRS[a][b] for b in TROOP_DESTINATIONS if b != a] for a in B.SPACES}
#: The key of ``arrived`` counting the cubes of *key* that moved into a space (ruling R-6.3).
ARRIVED = {key: {a: f"{key}:{a}" for a in B.SPACES} for key in ("police", "troops")}


@procedure
class RedeployBritish(Procedure):
    """British Redeploy (6.3.1): Police to Railways or spaces with British pieces, then Troops to Cities or
    Railways; each cube moves at most once (ruling R-6.3)."""

    name = "pal.redeploy_british"
    rule = "6.3.1"

    def movable(self, g, f, sid, key):
        return B.sp(g, sid)[key] - f["arrived"].get(f"{key}:{sid}", 0)

    @staticmethod
    def destinations(g, key: str) -> list[str]:
        """Where cubes of *key* may go, in board order: Police to Railways and spaces with British pieces, Troops
        to Cities and Railways (6.3.1)."""
        if key == "police":
            spaces = g.s["spaces"]
            return [s for s in B.SPACES if s in RAILWAYS or spaces[s]["troops"] or spaces[s]["police"]]
        return TROOP_DESTINATIONS

    def moves(self, g, f, key: str) -> list[str]:
        """Every ``FROM TO`` move of a cube of *key* not moved yet (:meth:`movable`) to one of
        :meth:`destinations`."""
        spaces, arrived, out, moved = g.s["spaces"], f["arrived"], [], ARRIVED[key]
        dests = None
        for a in B.SPACES:
            n = spaces[a][key]
            if n and (not arrived or n > arrived.get(moved[a], 0)):
                if key == "troops":
                    out += TROOP_MOVES[a]
                    continue
                if dests is None:
                    dests = self.destinations(g, key)
                pair = PAIRS[a]
                for b in dests:  # a loop, not a comprehension: a few destinations each time
                    if a != b:
                        out.append(pair[b])
        return out

    def prompt(self, g, f):
        key = "police" if f["stage"] == "police" else "troops"
        moves = self.moves(g, f, key)
        out = {"done": []}
        if moves:
            out["police" if key == "police" else "troop"] = moves
        return out

    def text(self, g, f):
        key = "police" if f["stage"] == "police" else "troops"
        arrived = f["arrived"]  # movable() of each space, stopping at the first: every cube has a destination
        if not g.offers("police" if key == "police" else "troop", lambda: any(
                x[key] > arrived.get(f"{key}:{s}", 0) for s, x in g.s["spaces"].items() if x[key])):
            what = "Police" if key == "police" else "Troops"
            return f"British Redeploy: no {what} left to move; done"
        if f["stage"] == "police":
            return "British Redeploy: move Police (police FROM TO) to Railways or spaces with British pieces, or done"
        return "British Redeploy: move Troops (troop FROM TO) to Cities or Railways, or done"

    def explain(self, g, f, verb, arg):
        key = {"police": "police", "troop": "troops"}.get(verb)
        if key is None:
            return elsewhere(verb)
        if (key == "police") != (f["stage"] == "police"):
            return ("British Redeploy moves Police first, then Troops (6.3.1): "
                    + ("done with Police first" if key == "troops" else "the Police are done"))
        pair = spaces_in(arg, 2)
        if not isinstance(pair, list):
            return pair or f"{verb} FROM TO: the space the cube leaves and the one it goes to (6.3.1)"
        a, b = pair
        if a == b:
            return f"{B.name(a)} is where the cube is already (6.3.1)"
        if not B.sp(g, a)[key]:
            return f"{has(g, a, key)} to move (6.3.1)"
        if self.movable(g, f, a, key) <= 0:
            return f"{has(g, a, key)}, each moved there in this Redeploy: a cube moves once (6.3.1, ruling R-6.3)"
        if key == "police":
            return (f"{B.name(b)} is {kind_of(b)} with no British piece: Police go to Railways or spaces with British "
                    "pieces (6.3.1)")
        return f"{B.name(b)} is {kind_of(b)}: Troops go to Cities or Railways (6.3.1)"

    def act(self, g, f, verb, arg):
        if verb == "done":
            if f["stage"] == "police":
                f["stage"] = "troops"
            else:
                g.end()
            return
        a, b = arg.split(" ")
        key = "police" if verb == "police" else "troops"
        B.move(g, a, b, key)
        f["arrived"][f"{key}:{b}"] = f["arrived"].get(f"{key}:{b}", 0) + 1
        g.say(f"British redeployed a {'Police cube' if key == 'police' else 'Troop'} from {B.name(a)} to "
              f"{B.name(b)}.", faction="british", rule="6.3.1")


@procedure
class RedeployIrgun(Procedure):
    """Irgun Redeploy (6.3.2): one Cell to each City without a Curfew, then one Arms Cache to a District or
    City with a Cell."""

    name = "pal.redeploy_irgun"
    rule = "6.3.2"

    def cell_cities(self, g, f) -> list[str]:
        """Cities that may still receive a Cell: no Curfew, none received yet (6.3.2)."""
        return [c for c in B.CITIES if not B.sp(g, c)["curfew"] and c not in f["got"]]

    def moves(self, g, f) -> list[str]:
        """Every ``FROM TO`` move of the stage: a Cell to a City of :meth:`cell_cities`, or an Arms Cache to a
        space of ``cache_spots`` (6.3.2), by origin in board order."""
        spaces = g.s["spaces"]
        if f["stage"] == "cells":
            dests = self.cell_cities(g, f)
            origins = [a for a in B.SPACES if B.cells(spaces[a])] if dests else []
        else:
            dests = cache_spots(g)
            origins = [a for a in B.SPACES if spaces[a]["caches"]] if dests else []
        out = []
        for a in origins:
            pair = PAIRS[a]
            for b in dests:  # a loop, not a comprehension: a few destinations each time
                if a != b:
                    out.append(pair[b])
        return out

    def prompt(self, g, f):
        out = {"done": []}
        moves = self.moves(g, f)
        if moves:
            out["cell" if f["stage"] == "cells" else "cache"] = moves
        return out

    def can_move(self, g, f) -> bool:
        """Whether :meth:`moves` holds one (a piece, and a destination other than its space), stopping at the
        first (the text is asked every step)."""
        cells = f["stage"] == "cells"
        dests = self.cell_cities(g, f) if cells else cache_spots(g)
        if not dests:
            return False
        other = None if len(dests) > 1 else dests[0]
        return any((x["cells_u"] or x["cells_a"]) if cells else x["caches"]
                   for sid, x in g.s["spaces"].items() if sid != other)

    def text(self, g, f):
        if not g.offers("cell" if f["stage"] == "cells" else "cache", lambda: self.can_move(g, f)):
            what = "Cell" if f["stage"] == "cells" else "Arms Cache"
            return f"Irgun Redeploy: no {what} can move now; done"
        if f["stage"] == "cells":
            return "Irgun Redeploy: move one Cell to each City without a Curfew (cell FROM CITY), or done"
        return "Irgun Redeploy: move one Arms Cache (cache FROM TO) to a District or City with a Cell, or done"

    def explain(self, g, f, verb, arg):
        if verb not in ("cell", "cache"):
            return elsewhere(verb)
        if (verb == "cell") != (f["stage"] == "cells"):
            return ("Irgun Redeploy moves Cells first, then one Arms Cache (6.3.2): "
                    + ("done with Cells first" if verb == "cache" else "the Cells are done"))
        pair = spaces_in(arg, 2)
        if not isinstance(pair, list):
            return pair or f"{verb} FROM TO: the space it leaves and the one it goes to (6.3.2)"
        a, b = pair
        if a == b:
            return f"{B.name(a)} is where the piece is already (6.3.2)"
        if verb == "cache":
            if not B.sp(g, a)["caches"]:
                return f"{has(g, a, 'caches')} to move (6.3.2)"
            return cache_refusal(g, b, "6.3.2")
        if not B.cells(B.sp(g, a)):
            return f"{has(g, a, 'cells')} to move (6.3.2)"
        if B.KIND[b] != "city":
            return f"{B.name(b)} is {kind_of(b)}: Irgun Redeploy moves Cells to Cities (6.3.2)"
        if B.sp(g, b)["curfew"]:
            return f"{B.name(b)} has a Curfew: Cells go to Cities without one (6.3.2)"
        return f"{B.name(b)} already received its one Cell in this Redeploy (6.3.2: one Cell to each City)"

    def act(self, g, f, verb, arg):
        if verb == "done":
            if f["stage"] == "cells":
                f["stage"] = "cache"
            else:
                g.end()
            return
        a, b = arg.split(" ")
        if verb == "cell":
            x = B.sp(g, a)
            B.move(g, a, b, "cells_u" if x["cells_u"] else "cells_a")
            f["got"].append(b)
            g.say(f"Irgun redeployed a Cell from {B.name(a)} to {B.name(b)}.", faction="irgun", rule="6.3.2")
        else:
            B.move(g, a, b, "caches")
            g.say(f"Irgun redeployed an Arms Cache from {B.name(a)} to {B.name(b)}.", faction="irgun",
                  rule="6.3.2")
            g.end()


@procedure
class CurfewsShaded(Procedure):
    """P29 shaded, at the start of Reset: the Irgun may place up to one Cell in each Curfew space."""

    name = "pal.p29_place"
    rule = "P29"

    def prompt(self, g, f):
        out = {"done": []}
        if g.s["available"]["cells"]:
            c = [s for s in B.SPACES if B.sp(g, s)["curfew"] and s not in f["done"]]
            if c:
                out["place"] = c
        return out

    def text(self, g, f):
        return "Irgun (Curfews, P29): place a Cell in a Curfew space, or done"

    def explain(self, g, f, verb, arg):
        if verb != "place":
            return elsewhere(verb)
        sid = space_of(arg)
        if sid is None:
            return not_a_space(arg or "")
        if not g.s["available"]["cells"]:
            return "the Irgun have no Cell Available (1.4.1)"
        if not B.sp(g, sid)["curfew"]:
            return Refusal(f"Curfews (P29, shaded): a Cell goes to a space with a Curfew; {B.name(sid)} has none",
                           rule="P29")
        return Refusal(f"Curfews (P29, shaded): one Cell to each Curfew space; {B.name(sid)} has had its one",
                       rule="P29")

    def step(self, g, f):
        if "place" not in self.prompt(g, f):
            g.end()
            return True
        return False

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        B.place(g, arg, "cells")
        f["done"].append(arg)
        g.say(f"Irgun placed a Cell in {B.name(arg)} (Curfews, P29).", faction="irgun", rule="P29")
