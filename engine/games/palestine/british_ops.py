"""British Operations: Deploy, Patrol, Search, Assault (rule 3.2)."""

from __future__ import annotations

from ...coin.will import shift_will
from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B
from .operation import NO, Operation, cap
from .why import count, elsewhere, has, held, names, not_a_space, space_of, spaces_in

notation.declare(__name__, {"to", "troop", "move", "chit", "curfew", "arrest", "remove", "done"})


@procedure
class Deploy(Operation):
    """Deploy (3.2.1): one Police in each selected District or City with more Troops than Irgun pieces;
    then, even if Limited, move any Troops from anywhere to one space (a Railway too)."""

    name = "pal.op.deploy"
    op = "deploy"

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if B.KIND[sid] == "railway":
            return f"{B.name(sid)} is a Railway: Deploy selects Districts and Cities only (3.2.1)" if why else NO
        if x["troops"] <= B.irgun_pieces(x):
            return f"{has(g, sid, 'troops', 'irgun')}: Deploy needs more Troops than Irgun pieces (3.2.1)" if why else NO
        return None

    def stage_refusal(self, g, f, verb, arg):
        st = f["stage"]
        if st == "dest" and verb == "to":
            return not_a_space(arg or "")
        if st == "troops" and verb == "troop":
            sid = space_of(arg)
            if sid is None:
                if len((arg or "").split()) > 1:
                    return (f"troop names the one space a Troop moves from; all go to {B.name(f['dest'])} "
                            "(3.2.1: troop FROM)")
                return not_a_space(arg or "")
            if sid == f["dest"]:
                return f"{B.name(sid)} is where the Troops go (3.2.1: from anywhere to one space)"
            return f"{has(g, sid, 'troops')} to move (3.2.1)"
        if st in ("dest", "troops") and verb in ("to", "troop"):
            return (f"the Troops' one destination is {B.name(f['dest'])}: troop FROM moves one there (3.2.1)"
                    if st == "troops" else "first choose the one space Troops move to (3.2.1: to SPACE)")
        return None

    def on_space(self, g, f, sid):
        n = B.place(g, sid, "police", 1)
        g.say(f"British Deployed in {B.name(sid)}" + (", placing a Police cube." if n else
              " (no Police Available)."), faction="british", rule="3.2.1")

    def on_select_done(self, g, f):
        f["stage"] = "dest"

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


class CellRemoval:
    """Removing Cells in one space with a capacity (Patrol 3.2.2: one per Police; Assault 3.2.4: one per two
    Troops), Active Cells and Underground Cells paid for with Intel Chits (1.6.1), ruling R-OP-3.

    The British choose, one Cell at a time, whether an Active or an Underground Cell goes, and spend chits
    (value 1 or more) whenever they like in the space; each chit's value pays for that many Underground
    Cells here and the rest is lost. Targeted Cells are removed to the maximum extent (3.1): the space ends
    only when the capacity is used up, or no Active Cell is left and no chit value is unspent. What has
    one possible outcome is done without asking. Frame: ``here``, ``cap``, ``taken``, ``budget`` (chit
    value spent here), ``ug`` (Underground Cells removed here), ``chits_done`` (the British spend no more
    chits here).

    When another faction conducts the Operation (an Event read by R-EV-OWNER ``executing``), it chooses the
    Cells, but spending a chit stays the British player's decision (1.6.1): they are asked first.
    """

    removal_stage = ""

    def active_first(self, g, f) -> bool:
        """Whether Active Cells must all go before Underground ones."""
        return False

    def take_cell(self, g, f, key: str) -> None:
        """Removes one Cell of *key* in ``f["here"]`` (each Operation says where it goes)."""
        raise RulesBugError(f"{type(self).__name__} does not say where its removed Cells go")

    def after_cells(self, g, f) -> None:
        """What the space does once its Cells are settled (Assault: Arms Caches)."""

    def end_removal(self, g, f) -> None:
        """Moves the Operation on once the space's removals are over."""
        raise RulesBugError(f"{type(self).__name__} does not say what follows its removals")

    def start_removal(self, g, f, sid: str, capacity: int) -> None:
        f.update(here=sid, cap=capacity, taken=0, budget=0, ug=0, chits_done=False)
        f["stage"] = self.removal_stage
        self.settle_removal(g, f)

    def options(self, g, f) -> tuple[bool, bool, list[str]]:
        """(an Active Cell may go, an Underground Cell may go, chit values that may be spent)."""
        x = B.sp(g, f["here"])
        room = f["cap"] - f["taken"]
        can_a = room > 0 and x["cells_a"] > 0
        can_u = (room > 0 and x["cells_u"] > 0 and f["budget"] > f["ug"]
                 and not (self.active_first(g, f) and x["cells_a"]))
        chits = B.chit_values(g, 1) if room > 0 and x["cells_u"] and not f.get("chits_done") else []
        return can_a, can_u, chits

    def take_up_to(self, g, f, key: str, n: int) -> None:
        for _ in range(n):
            self.take_cell(g, f, key)
            if key == "cells_u":
                f["ug"] += 1

    def settle_removal(self, g, f) -> None:
        """Makes the removals that have one possible outcome, then asks, or ends the space."""
        while True:
            x = B.sp(g, f["here"])
            room = f["cap"] - f["taken"]
            if self.active_first(g, f) and room and x["cells_a"]:
                self.take_up_to(g, f, "cells_a", min(room, x["cells_a"]))
                continue
            can_a, can_u, chits = self.options(g, f)
            if can_a and not can_u and not chits:
                self.take_up_to(g, f, "cells_a", min(room, x["cells_a"]))
                continue
            if can_u and not can_a:
                self.take_up_to(g, f, "cells_u", min(room, x["cells_u"], f["budget"] - f["ug"]))
                continue
            break
        can_a, can_u, chits = self.options(g, f)
        if chits and f["role"] != "british":
            g.call(ChitChoice.name, "british", minimum=1, here=f["here"],
                   ask=f"spend an Intel Chit to remove Underground Cells in {B.name(f['here'])}")
            return
        if not (can_a and can_u) and not chits:
            if f["budget"] > f["ug"]:  # chit value left over here is lost (1.6.1: one space)
                f.setdefault("unspent", []).append([f["here"], f["budget"] - f["ug"]])
            self.after_cells(g, f)
            self.end_removal(g, f)

    def removal_prompt(self, g, f) -> dict[str, list[str]]:
        can_a, can_u, chits = self.options(g, f)
        out: dict[str, list[str]] = {}
        kinds = [k for k, ok in (("active", can_a), ("underground", can_u)) if ok]
        if kinds:
            out["remove"] = kinds
        if chits and f["role"] == "british":
            out["chit"] = chits
        if not can_a and not can_u:
            out["done"] = []
        return out

    def removal_rule(self) -> str:
        return "3.2.2" if self.op == "patrol" else "3.2.4"

    def removal_refusal(self, g, f, verb, arg) -> str | None:
        """Why an order is refused while removing Cells in ``here``: the tests of :meth:`options`."""
        here, rule = f["here"], self.removal_rule()
        x = B.sp(g, here)
        room = f["cap"] - f["taken"]
        can_a, can_u, chits = self.options(g, f)
        where = B.name(here)
        if verb == "done":
            left = [count(x[k], k) for k, ok in (("cells_a", can_a), ("cells_u", can_u)) if ok]
            return (f"targeted Cells are removed to the maximum extent possible (3.1, ruling R-OP-3): {where} "
                    f"still has {' and '.join(left)} and room for {room} more removal(s); remove a Cell first")
        if verb == "remove":
            if arg not in B.CELL_KINDS:
                if arg == "cache" and self.op == "assault":
                    return (f"Arms Caches are removed only once no Cells remain, even Underground (3.2.4): "
                            f"{has(g, here, 'cells_a', 'cells_u')}; Caches then go by themselves")
                return f"remove active or remove underground: {self.op.title()} removes Cells in {where} ({rule})"
            if room <= 0:
                return f"this {self.op.title()} has used its {f['cap']} removal(s) in {where} ({rule})"
            if arg == "active":
                return f"{has(g, here, 'cells_a')} ({rule})"
            if not x["cells_u"]:
                return f"{has(g, here, 'cells_u')} ({rule})"
            if self.active_first(g, f) and x["cells_a"]:
                return f"first remove Active Cells: {has(g, here, 'cells_a')} (3.2.4, ruling R-OP-3b)"
            if f["budget"]:
                return (f"the Intel Chit value spent in {where} ({f['budget']}) has paid for {f['ug']} Underground "
                        f"Cell(s): spend another chit here (chit VALUE) (1.6.1: each chit's value in one space)")
            lost = [f"{v} in {B.name(sid)}" for sid, v in f.get("unspent", [])]
            if lost:
                return (f"no Intel Chit value is spent in {where}; the value left over ({', '.join(lost)}) may not "
                        "be carried to another space (1.6.1: each chit's full value is spent in a single space)")
            return (f"an Underground Cell is removed by spending Intel Chits in the space ({rule}, 1.6.1): none spent "
                    f"in {where} yet (chit VALUE; the British hold {held(g)})")
        if verb == "chit":
            if f["role"] != "british":
                return "the Intel Chits are the British player's to spend (1.6.1): they are asked"
            if room <= 0:
                return f"this {self.op.title()} has used its {f['cap']} removal(s) in {where} ({rule})"
            if not x["cells_u"]:
                return f"{has(g, here, 'cells_u')}: a chit pays for Underground Cells only (1.6.1)"
            if f.get("chits_done"):
                return f"the British chose to spend no more Intel Chits in {where} (1.6.1)"
            if arg == "0":
                return "a chit of value 0 pays for no Underground Cell (1.6.1)"
            return f"the British hold no Intel Chit of value {arg} (held: {held(g)}) (1.6.1)"
        return None

    def removal_text(self, g, f) -> str:
        room = f["cap"] - f["taken"]
        who = "British" if f["role"] == "british" else f"{f['role'].title()} for the British"
        can_a, can_u, chits = self.options(g, f)  # the tests of removal_prompt: the text offers what it does
        parts = ["remove an active or underground Cell"] if can_a or can_u else []
        if chits and f["role"] == "british":
            parts.append("spend an Intel Chit to remove Underground Cells (chit VALUE)")
        end = "" if can_a or can_u else ", or done"
        return (f"{who} {self.op.title()} in {B.name(f['here'])}, {room} more removal(s) at most: "
                f"{', '.join(parts)}{end}")

    def removal_act(self, g, f, verb, arg) -> None:
        if verb == "chit":
            self.spend(g, f, int(arg))
        elif verb == "remove":
            self.take_up_to(g, f, B.CELL_KINDS[arg], 1)
        else:
            f["chits_done"] = True
        self.settle_removal(g, f)

    def spend(self, g, f, value: int) -> None:
        B.spend_chit(g, value)
        f["budget"] += value
        g.say(f"British spent an Intel Chit of value {value} in {B.name(f['here'])}.", faction="british",
              rule="1.6.1")

    def chit_returned(self, g, f) -> bool:
        """Takes the British answer of a :class:`ChitChoice` asked by :meth:`settle_removal`."""
        if "ret" not in f or f["stage"] != self.removal_stage:
            return False
        ans = f.pop("ret")
        if ans == "none":
            f["chits_done"] = True
        else:
            self.spend(g, f, int(ans))
        self.settle_removal(g, f)
        return True


@procedure
class ChitChoice(Procedure):
    """The British decide whether to spend (or discard) an Intel Chit in an Operation another faction
    conducts for an Event (1.6.1: the chits are the British player's; ruling R-EV-OWNER). Ends with the
    value, or ``none``. Frame: ``minimum`` (lowest value that can do anything), ``ask``."""

    name = "pal.op.chit"
    rule = "1.6.1"

    def prompt(self, g, f):
        return {"chit": B.chit_values(g, f["minimum"]), "done": []}

    def text(self, g, f):
        return f"British: {f['ask']} (chit VALUE), or done"

    def explain(self, g, f, verb, arg):
        if verb != "chit":
            return elsewhere(verb)
        rule = "3.2.3" if f["minimum"] == 0 else "1.6.1"  # a Search's discard (any value) or a payment
        if arg == "0" and f["minimum"]:
            return "a chit of value 0 pays for no Underground Cell (1.6.1)"
        return f"the British hold no Intel Chit of value {arg} (held: {held(g)}) ({rule})"

    def act(self, g, f, verb, arg):
        g.end(arg if verb == "chit" else "none")


def any_move(g, f, key: str, sources) -> bool:
    """Whether a cube of *key* may move into a destination of *f* (``move FROM TO``): one that has not moved
    (``arrived``), from a space of *sources* other than the destination: the test of the prompts of Patrol
    and Search (their ``movable``), stopping at the first cube found."""
    dests, arrived, spaces = f["spaces"], f["arrived"], g.s["spaces"]
    return any(spaces[a][key] > arrived.get(a, 0) and (len(dests) > 1 or a not in dests) for a in sources)


def move_refusal(g, f, arg, key: str, movable, rule: str, adjacent: bool = False) -> str:
    """Why ``move FROM TO`` is refused in Patrol (Police, 3.2.2) or Search (adjacent Troops, 3.2.3): the
    destination is not selected, FROM is TO or not adjacent, or FROM has no cube that has not moved
    (ruling R-OP-8: each cube moves once)."""
    pair = spaces_in(arg, 2)
    if not isinstance(pair, list):
        return pair or f"move FROM TO: a space the cube leaves and one of the destinations, {names(f['spaces'])} ({rule})"
    a, b = pair
    if b not in f["spaces"]:
        return f"{B.name(b)} is not a destination of this {f['op'].title()}: {names(f['spaces'])} ({rule})"
    if a == b:
        return f"{B.name(a)} is the destination itself ({rule})"
    if adjacent and a not in B.adj(g, b):
        return f"{B.name(a)} is not adjacent to {B.name(b)}: Search moves adjacent Troops ({rule})"
    if not B.sp(g, a)[key]:
        return f"{has(g, a, key)} to move ({rule})"
    if movable(g, f, a) <= 0:
        return (f"{has(g, a, key)}, each moved into it in this {f['op'].title()} already: a cube moves once "
                f"({rule}, ruling R-OP-8)")
    return f"{B.name(a)} to {B.name(b)} is not a move this {f['op'].title()} may make ({rule})"


@procedure
class Patrol(CellRemoval, Operation):
    """Patrol (3.2.2): select destinations with Cells; move Police from anywhere to them; then in one
    destination (two with P23 unshaded) remove Cells to Prison, one per Police there, Underground ones by
    spending Intel Chits worth at least as many (:class:`CellRemoval`, ruling R-OP-3)."""

    name = "pal.op.patrol"
    op = "patrol"
    removal_stage = "arrest"

    def eligible(self, g, f, sid, why=True):
        if not B.cells(B.sp(g, sid)):
            return f"Patrol destinations need Cells (3.2.2); {B.name(sid)} has none" if why else NO
        return None

    def arrest_spaces(self, g, f) -> list[str]:
        """Destinations where Cells may still be removed: with Police, not chosen yet (3.2.2)."""
        return [s for s in f["spaces"] if s not in f.get("arrested", []) and B.sp(g, s)["police"]]

    def stage_refusal(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move" and verb == "move":
            return move_refusal(g, f, arg, "police", self.movable, "3.2.2")
        if st == "arrest-space" and verb == "space":
            sid = space_of(arg)
            if sid is None:
                return not_a_space(arg or "")
            if sid not in f["spaces"]:
                return f"{B.name(sid)} is not a destination of this Patrol: {names(f['spaces'])} (3.2.2)"
            if sid in f.get("arrested", []):
                return f"this Patrol already removed Cells in {B.name(sid)} (3.2.2)"
            if not B.sp(g, sid)["police"]:
                return f"{has(g, sid, 'police')}: the Patrol removes one Cell per Police cube there (3.2.2)"
            return (f"this Patrol removes Cells in {self.removal_spaces(g, f)} destination(s) "
                    f"(3.2.2; P23 unshaded: two), done in {names(f.get('arrested', []))}")
        if st == "arrest-space" and verb == "done":
            return (f"the Patrol then removes Cells in one destination with Police (3.2.2): choose "
                    f"{names(self.arrest_spaces(g, f))}")
        if st == self.removal_stage:
            return self.removal_refusal(g, f, verb, arg)
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
            c = self.arrest_spaces(g, f)
            out = {"space": c} if c else {}
            if f.get("arrested") or not c:
                out["done"] = []
            return out
        if st == "arrest":
            return self.removal_prompt(g, f)
        return {}

    def movable(self, g, f, src):
        """Police in *src* that have not moved in this Patrol (ruling R-OP-8: each cube moves once)."""
        return B.sp(g, src)["police"] - f["arrived"].get(src, 0)

    def step(self, g, f):
        if self.chit_returned(g, f):
            return True
        # Stages with nothing left to decide end by themselves.
        if f["stage"] == "arrest-space" and "space" not in self.sub_prompt(g, f):
            f["stage"] = "final"
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        st = f["stage"]
        if st == "move":
            if not any_move(g, f, "police", B.SPACES):
                return "British Patrol: no Police cube can move to a destination now; done"
            return "British Patrol: move a Police cube to a destination (move FROM TO), or done"
        if st == "arrest-space":
            second = " (a second one, P23), or done" if f.get("arrested") else ""
            return f"British Patrol: choose the destination where Cells are removed{second}"
        return self.removal_text(g, f)

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
            g.say(f"British chose {B.name(arg)} for the Patrol's removal of Cells.", faction="british",
                  rule="3.2.2")
            self.start_removal(g, f, arg, B.sp(g, arg)["police"])
            return
        self.removal_act(g, f, verb, arg)

    def take_cell(self, g, f, key):
        B.remove(g, f["here"], key, 1, to="prison")
        f["taken"] += 1
        g.say(f"British Patrol removed {B.named(key)} from {B.name(f['here'])} to Prison.", faction="british",
              rule="3.2.2")

    def end_removal(self, g, f):
        f["stage"] = "arrest-space" if len(f["arrested"]) < self.removal_spaces(g, f) else "final"

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
        if f["stage"] == "city" and f["role"] == "british":
            out = {"curfew": []}
            vals = self.city_chits(g, f)
            if vals:
                out["chit"] = vals
            return out
        return {}

    def stage_refusal(self, g, f, verb, arg):
        st = f["stage"]
        if st == "move" and verb == "move":
            return move_refusal(g, f, arg, "troops", self.movable, "3.2.3", adjacent=True)
        if st == "city" and verb == "chit":
            city = B.name(f["cities"][0])
            if f.get("no_intel"):
                return self.card_refusal(g, f, f"this Search uses no Intel Chit, so none is discarded in {city}")
            if f["role"] != "british":
                return "the Intel Chits are the British player's to discard (1.6.1): they are asked"
            if not g.s["intel"]["held"]:
                return (f"the British hold no Intel Chit to discard in {city} (3.2.3: a chit to Activate one Cell "
                        "per cube and place no Curfew)")
            return f"the British hold no Intel Chit of value {arg} (held: {held(g)}) (3.2.3)"
        if st == "city" and verb == "done":
            chit = " or discards an Intel Chit (chit VALUE)" if self.city_chits(g, f) else ""
            return f"the Search in {B.name(f['cities'][0])} places a Curfew (curfew){chit} first (3.2.3)"
        return None

    def city_chits(self, g, f) -> list[str]:
        """Chits that may be discarded in a City (3.2.3: any value; none with P6 unshaded)."""
        return [] if f.get("no_intel") else B.chit_values(g)

    def step(self, g, f):
        if f["stage"] == "city" and f["role"] != "british":
            # Another faction conducts this Search for an Event (R-EV-OWNER "executing"): whether to discard
            # a chit is the British player's decision (1.6.1); with none, the Curfew form follows.
            if "ret" in f:
                ans = f.pop("ret")
                self.resolve_city(g, f, None if ans == "none" else int(ans))
            elif self.city_chits(g, f):
                city = B.name(f["cities"][0])
                g.call(ChitChoice.name, "british", minimum=0,
                       ask=f"discard an Intel Chit to Activate one Cell per cube in {city} and place no Curfew")
            else:
                self.resolve_city(g, f, None)
            return True
        return super().step(g, f)

    def sub_text(self, g, f):
        if f["stage"] == "move":
            if not any_move(g, f, "troops", (a for b in f["spaces"] for a in B.adj(g, b))):
                return "British Search: no adjacent Troop can move into a destination now; done"
            return "British Search: move an adjacent Troop into a destination (move FROM TO), or done"
        per = 4 if cap(g, "P17") == "shaded" else 3
        text = f"British Search in {B.name(f['cities'][0])}: curfew (Curfew, 1 per {per} cubes)"
        if f["role"] == "british" and self.city_chits(g, f):
            text += " or chit VALUE (1 per cube, no Curfew)"
        return text

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
        self.resolve_city(g, f, int(arg) if verb == "chit" else None)

    def resolve_city(self, g, f, chit: int | None) -> None:
        """The next City of the Search: with a discarded chit one Cell per cube and no Curfew; else a Curfew
        and one Cell per three cubes (four with P17 shaded)."""
        sid = f["cities"].pop(0)
        x = B.sp(g, sid)
        if chit is not None:
            B.spend_chit(g, chit)
            k = B.activate(g, sid, B.cubes(x))
            g.say(f"British discarded an Intel Chit of value {chit} and Activated {k} Cell(s) in {B.name(sid)}.",
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
class Assault(CellRemoval, Operation):
    """Assault (3.2.4): in each selected space with Troops and Irgun pieces remove one piece per two Troops
    (P18 unshaded: per Troop): Active Cells first (ruling R-OP-3b, an umpire option), Underground Cells by
    spending Intel Chits (:class:`CellRemoval`), Arms Caches once no Cells remain; Cells go to Available
    and Prison alternately, Available first (P18 shaded: all Available)."""

    name = "pal.op.assault"
    op = "assault"
    removal_stage = "assault"

    def eligible(self, g, f, sid, why=True):
        x = B.sp(g, sid)
        if not x["troops"] or not B.irgun_pieces(x):
            return (f"{has(g, sid, 'troops', 'irgun')}: Assault needs Troops and Irgun pieces in the space (3.2.4)"
                    if why else NO)
        return None

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] == self.removal_stage:
            return self.removal_refusal(g, f, verb, arg)
        return None

    def active_first(self, g, f):
        return chosen(g.s, "R-OP-3b", "active-first") == "active-first"

    def sub_prompt(self, g, f):
        return self.removal_prompt(g, f)

    def sub_text(self, g, f):
        return self.removal_text(g, f)

    def on_space(self, g, f, sid):
        x = B.sp(g, sid)
        f.setdefault("alt", 0)
        g.say(f"British Assaulted in {B.name(sid)}.", faction="british", rule="3.2.4")
        self.start_removal(g, f, sid, x["troops"] if cap(g, "P18") == "unshaded" else x["troops"] // 2)

    def step(self, g, f):
        if self.chit_returned(g, f):
            return True
        return super().step(g, f)

    def take_cell(self, g, f, key):
        to = "available"
        if cap(g, "P18") != "shaded" and f["alt"] % 2 == 1:
            to = "prison"
        f["alt"] += 1
        B.remove(g, f["here"], key, 1, to=to)
        f["taken"] += 1
        g.say(f"British removed {B.named(key)} in {B.name(f['here'])} to {to.title()}.", faction="british",
              rule="3.2.4")

    def after_cells(self, g, f):
        """Arms Caches, once no Cells remain (3.2.4 and its NOTE), each for Political Will and a chit."""
        x = B.sp(g, f["here"])
        room = f["cap"] - f["taken"]
        if room and not B.cells(x) and x["caches"]:
            k = B.remove(g, f["here"], "caches", room)
            f["taken"] += k
            for _ in range(k):
                g.say(f"British removed an Arms Cache in {B.name(f['here'])}.", faction="british", rule="3.2.4")
                remove_cache_bonus(g, f["here"], "3.2.4")

    def end_removal(self, g, f):
        f["stage"] = "select"

    def sub_act(self, g, f, verb, arg):
        self.removal_act(g, f, verb, arg)
