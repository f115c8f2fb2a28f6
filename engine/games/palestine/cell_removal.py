"""Removing Irgun Cells in one space, as Patrol (3.2.2) and Assault (3.2.4) do: the capacity, Active Cells,
and Underground Cells paid for with Intel Chits (1.6.1, ruling R-OP-3); the British choice of chits
(:class:`ChitChoice`), which Search (3.2.3) asks too. The Operations themselves are in ``british_ops``."""

from __future__ import annotations

from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Procedure, procedure
from . import board as B
from .why import count, elsewhere, has, held

notation.declare(__name__, {"chit", "remove", "done"})


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
