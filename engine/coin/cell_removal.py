"""Removing Cells in one space, as the British Patrol (3.2.2) and Assault (3.2.4) of the Cell games do
(Palestine L374-384, Cyprus L3373-3383): a capacity, Active Cells, Underground Cells paid for with Intel
Chits worth at least their number (1.6.1: each chit's value in one space), Assault's Arms Caches once no Cell
remains, each for Political Will and a chit, and Assault's Cells alternately to Available and Prison,
Available first.

:class:`CellRemoval` is a mixin of Patrol and Assault (``engine.coin.police_ops``) on a game's Operation base
(engine.coin.cell_operation.CellOperation), whose board module ``B`` (``sp``, ``name``, ``named``, ``remove``,
``cells``, ``shift_will``) and refusal words ``W`` (``has``, ``count``) it uses. Both games' spaces count
``cells_u``, ``cells_a`` and ``caches``; a Cell removed goes to Available or the ``prison`` box.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.errors import RulesBugError
from . import intel
from .wording import side_name

#: The order words of a Cell's two states (``remove active``) and the key each names in a space.
CELL_KEYS = {"active": "cells_a", "underground": "cells_u"}


class CellRemoval:
    """Removing Cells in one space with a capacity (Patrol: one per Police; Assault: one per Troop or two),
    Active Cells and Underground Cells paid for with Intel Chits (1.6.1).

    The British choose, one Cell at a time, whether an Active or an Underground Cell goes, and spend chits
    (value 1 or more) whenever they like in the space; each chit's value pays for that many Underground
    Cells here and the rest is lost. Targeted Cells are removed to the maximum extent (3.1): the space ends
    only when the capacity is used up, or no Active Cell is left and no chit value is unspent. What has
    one possible outcome is done without asking. Frame: ``here``, ``cap``, ``taken``, ``budget`` (chit
    value spent here), ``ug`` (Underground Cells removed here), ``chits_done`` (the British spend no more
    chits here), ``unspent`` (``[space, value]`` left over, named by a later refusal).

    When another faction conducts the Operation (an Event), it chooses the Cells, but spending a chit stays
    the British player's decision (1.6.1): they are asked first, by the game's
    :class:`engine.coin.intel.ChitChoice` registered as :attr:`chit_choice`.

    Hooks: :meth:`take_cell` (where a Cell goes), :meth:`before_cells` (an Event's Arms Caches first),
    :meth:`after_cells` (Assault: Arms Caches), :meth:`end_removal` (what follows), :meth:`active_first`
    (Active Cells before Underground ones, the rule cited by :attr:`active_first_rule`), :meth:`alternates`
    and :meth:`cache_bonuses` (Assault's Capabilities); :attr:`removal_ruling` is cited for "the maximum
    extent".
    """

    #: The procedure name of the game's :class:`engine.coin.intel.ChitChoice` (``pal.op.chit``).
    chit_choice: ClassVar[str] = ""
    removal_stage = ""
    #: The game's ruling on choosing Cells and spending chits (Palestine's R-OP-3), cited by refusals.
    removal_ruling = ""
    #: The rule cited when an Underground Cell is refused while Active ones remain (:meth:`active_first`).
    active_first_rule = "3.2.4"

    def active_first(self, g, f) -> bool:
        """Whether Active Cells must all go before Underground ones."""
        return False

    def take_cell(self, g, f, key: str) -> None:
        """Removes one Cell of *key* in ``f["here"]`` (each Operation says where it goes)."""
        raise RulesBugError(f"{type(self).__name__} does not say where its removed Cells go")

    def before_cells(self, g, f) -> None:
        """What the space does before its Cells are removed, counted in ``taken`` (nothing, unless an Event
        says so: Cyprus's C2 unshaded, an Assault taking Arms Caches first)."""

    def after_cells(self, g, f) -> None:
        """What the space does once its Cells are settled (Assault: Arms Caches)."""

    def end_removal(self, g, f) -> None:
        """Moves the Operation on once the space's removals are over."""
        raise RulesBugError(f"{type(self).__name__} does not say what follows its removals")

    def removal_rule(self) -> str:
        return "3.2.2" if self.op == "patrol" else "3.2.4"

    def maximum_extent(self) -> str:
        """The citation of "affected to the maximum extent possible" (3.1) and the game's ruling."""
        return f"3.1, ruling {self.removal_ruling}" if self.removal_ruling else "3.1"

    def start_removal(self, g, f, sid: str, capacity: int) -> None:
        f.update(here=sid, cap=capacity, taken=0, budget=0, ug=0, chits_done=False)
        f["stage"] = self.removal_stage
        self.before_cells(g, f)
        self.settle_removal(g, f)

    def options(self, g, f) -> tuple[bool, bool, list[str]]:
        """(an Active Cell may go, an Underground Cell may go, chit values that may be spent)."""
        x = self.B.sp(g, f["here"])
        room = f["cap"] - f["taken"]
        u, a = x["cells_u"], x["cells_a"]
        can_a = room > 0 and a > 0
        can_u = room > 0 and u > 0 and f["budget"] > f["ug"] and not (a and self.active_first(g, f))
        chits = intel.chit_values(g, 1) if room > 0 and u and not f.get("chits_done") else []
        return can_a, can_u, chits

    def take_up_to(self, g, f, key: str, n: int) -> None:
        for _ in range(n):
            self.take_cell(g, f, key)
            if key == "cells_u":
                f["ug"] += 1

    def settle_removal(self, g, f) -> None:
        """Makes the removals that have one possible outcome, then asks, or ends the space."""
        while True:
            x = self.B.sp(g, f["here"])
            room = f["cap"] - f["taken"]
            if room and x["cells_a"] and self.active_first(g, f):
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
            g.call(self.chit_choice, "british", minimum=1, here=f["here"],
                   ask=f"spend an Intel Chit to remove Underground Cells in {self.B.name(f['here'])}")
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

    def removal_refusal(self, g, f, verb, arg) -> str | None:
        """Why an order is refused while removing Cells in ``here``: the tests of :meth:`options`."""
        here, rule, W = f["here"], self.removal_rule(), self.W
        x = self.B.sp(g, here)
        room = f["cap"] - f["taken"]
        can_a, can_u, _chits = self.options(g, f)
        where = self.B.name(here)
        cu, ca = "cells_u", "cells_a"
        if verb == "done":
            left = [W.count(x[k], k) for k, ok in ((ca, can_a), (cu, can_u)) if ok]
            return (f"targeted Cells are removed to the maximum extent possible ({self.maximum_extent()}): "
                    f"{where} still has {' and '.join(left)} and room for {room} more removal(s); remove a Cell "
                    "first")
        if verb == "remove":
            if arg not in CELL_KEYS:
                if arg == "cache" and self.op == "assault":
                    return (f"Arms Caches are removed only once no Cells remain, even Underground (3.2.4): "
                            f"{W.has(g, here, ca, cu)}; Caches then go by themselves")
                return f"remove active or remove underground: {self.op.title()} removes Cells in {where} ({rule})"
            if room <= 0:
                return f"this {self.op.title()} has used its {f['cap']} removal(s) in {where} ({rule})"
            if arg == "active":
                return f"{W.has(g, here, ca)} ({rule})"
            if not x[cu]:
                return f"{W.has(g, here, cu)} ({rule})"
            if x[ca] and self.active_first(g, f):
                return f"first remove Active Cells: {W.has(g, here, ca)} ({self.active_first_rule})"
            if f["budget"]:
                return (f"the Intel Chit value spent in {where} ({f['budget']}) has paid for {f['ug']} Underground "
                        f"Cell(s): spend another chit here (chit VALUE) (1.6.1: each chit's value in one space)")
            lost = [f"{v} in {self.B.name(sid)}" for sid, v in f.get("unspent", [])]
            if lost:
                return (f"no Intel Chit value is spent in {where}; the value left over ({', '.join(lost)}) may not "
                        "be carried to another space (1.6.1: each chit's full value is spent in a single space)")
            return (f"an Underground Cell is removed by spending Intel Chits in the space ({rule}, 1.6.1): none spent "
                    f"in {where} yet (chit VALUE; the British hold {intel.held_text(g)})")
        if verb == "chit":
            if f["role"] != "british":
                return "the Intel Chits are the British player's to spend (1.6.1): they are asked"
            if room <= 0:
                return f"this {self.op.title()} has used its {f['cap']} removal(s) in {where} ({rule})"
            if not x[cu]:
                return f"{W.has(g, here, cu)}: a chit pays for Underground Cells only (1.6.1)"
            if f.get("chits_done"):
                return f"the British chose to spend no more Intel Chits in {where} (1.6.1)"
            if arg == "0":
                return "a chit of value 0 pays for no Underground Cell (1.6.1)"
            return f"the British hold no Intel Chit of value {arg} (held: {intel.held_text(g)}) (1.6.1)"
        return None

    def removal_text(self, g, f) -> str:
        room = f["cap"] - f["taken"]
        who = "British" if f["role"] == "british" else f"{side_name(f['role'])} for the British"
        can_a, can_u, chits = self.options(g, f)  # the tests of removal_prompt: the text offers what it does
        parts = ["remove an active or underground Cell"] if can_a or can_u else []
        if chits and f["role"] == "british":
            parts.append("spend an Intel Chit to remove Underground Cells (chit VALUE)")
        end = "" if can_a or can_u else ", or done"
        return (f"{who} {self.op.title()} in {self.B.name(f['here'])}, {room} more removal(s) at most: "
                f"{', '.join(parts)}{end}")

    def removal_act(self, g, f, verb, arg) -> None:
        if verb == "chit":
            self.spend(g, f, int(arg))
        elif verb == "remove":
            self.take_up_to(g, f, CELL_KEYS[arg], 1)
        else:
            f["chits_done"] = True
        self.settle_removal(g, f)

    def spend(self, g, f, value: int) -> None:
        intel.spend_chit(g, value)
        f["budget"] += value
        g.say(f"British spent an Intel Chit of value {value} in {self.B.name(f['here'])}.", faction="british",
              rule="1.6.1")

    def chit_returned(self, g, f) -> bool:
        """Takes the British answer of the :class:`engine.coin.intel.ChitChoice` asked by
        :meth:`settle_removal`."""
        if "ret" not in f or f["stage"] != self.removal_stage:
            return False
        ans = f.pop("ret")
        if ans == "none":
            f["chits_done"] = True
        else:
            self.spend(g, f, int(ans))
        self.settle_removal(g, f)
        return True

    # -- Assault's own parts: Cells to Available and Prison in turn, Arms Caches last (3.2.4) -------------

    def alternates(self, g, f) -> bool:
        """Whether Assault's Cells go alternately to Available and Prison (3.2.4); a Capability may send them
        all to Available (Palestine P18 shaded)."""
        return True

    def assault_take_cell(self, g, f, key: str) -> None:
        """One Cell removed by Assault: Available first, then Prison, in turn over the whole Operation
        (frame ``alt``, counted from 0)."""
        to = "prison" if f["alt"] % 2 == 1 and self.alternates(g, f) else "available"
        f["alt"] += 1
        self.B.remove(g, f["here"], key, 1, to=to)
        f["taken"] += 1
        g.say(f"British removed {self.B.named(key)} in {self.B.name(f['here'])} to {to.title()}.",
              faction="british", rule="3.2.4")

    def remove_caches(self, g, f) -> None:
        """Arms Caches, once no Cells remain (3.2.4 and its NOTE), each for Political Will and a chit
        (:meth:`cache_bonus`)."""
        here = f["here"]
        x = self.B.sp(g, here)
        room = f["cap"] - f["taken"]
        if room and not self.B.cells(x) and x["caches"]:
            k = self.B.remove(g, here, "caches", room)
            f["taken"] += k
            for _ in range(k):
                g.say(f"British removed an Arms Cache in {self.B.name(here)}.", faction="british", rule="3.2.4")
                self.cache_bonus(g, here, "3.2.4")

    def cache_bonuses(self, g) -> int:
        """How many Political Will and Intel Chits one Arms Cache removed by Assault gives: 1 (3.2.4)."""
        return 1

    def cache_bonus(self, g, sid: str, rule: str) -> None:
        """An Arms Cache removed by Assault: +1 Political Will and one Intel Chit drawn (3.2.4), each as many
        times as :meth:`cache_bonuses` says."""
        n = self.cache_bonuses(g)
        self.B.shift_will(g, n, f"Arms Cache removed in {self.B.name(sid)}", rule=rule)
        for _ in range(n):
            intel.draw_chit(g, "Arms Cache removed by Assault", rule=rule)
