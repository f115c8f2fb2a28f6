"""What several Arab Revolt Event texts grant: Limited Operations (A7, A11, A13, A25, A26) and Special
Activities (A3, A12, A23, A25, A29, A32), each optional unless the card says "must".

Event-granted Limited Operations select one space each, with no Operations chit and no Special Activity
(ruling R-OPS-EVENT); ``only`` limits the spaces they may select ("in or adjacent to Haifa District").
"""

from __future__ import annotations

from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from ..operation import OPS, new_op_frame, op_refusal

notation.declare(__name__, {"op", "sa", "done"})


def granted_ops(g: Context, role: str, count: int, *, only: list[str] | None = None, each: bool = False,
                rule: str, label: str) -> None:
    """Pushes up to *count* Limited Operations for *role*, one after another; ``each``: one in each space of
    *only*, each space once (A7)."""
    if count > 0:
        g.call(GrantedOps.name, role, left=count, only=only, each=each, used=[], rule=rule, label=label)
    else:
        g.say(f"{label}: no Limited Operation to conduct.", faction=role, rule=rule)


def op_frame(g: Context, op: str, only: list[str] | None, rule: str | None = None) -> dict:
    """The locals of one granted Limited Operation: one space, no Special Activity (ruling R-OPS-EVENT), in
    *only* if given; *rule* the card that grants it (cited when the Operation refuses a space)."""
    return new_op_frame(g, op, True, False, spaces=1, only=only, **({"rule": rule} if rule else {}))


@procedure
class GrantedOps(Procedure):
    """An Event's Limited Operations: each one space (ruling R-OPS-EVENT), or done to stop."""

    name = "ar.ev.granted_ops"
    rule = "5.1"

    def where(self, f):
        if f["only"] is None or not f.get("each"):
            return f["only"]
        return [s for s in f["only"] if s not in f["used"]]

    def prompt(self, g, f):
        ops = [op for op in OPS[f["role"]]
               if g.procs[f"ar.op.{op}"].possible(g, op_frame(g, op, self.where(f)))]
        return {"op": ops, "done": []} if ops else {"done": []}

    def text(self, g, f):
        where = f" in {', '.join(B.name(s) for s in self.where(f))}" if f["only"] else ""
        return f"{f['role'].title()} ({f['label']}): conduct a Limited Operation{where} ({f['left']} left), or done"

    def explain(self, g, f, verb, arg):
        if verb != "op" or arg is None:
            return None
        return op_refusal(g, f["role"], arg, op_frame(g, arg, self.where(f), f["rule"]) if arg in OPS[f["role"]] else {})

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        f["left"] -= 1
        if f["left"] <= 0:
            g.end()
        g.say(f"{f['role'].title()} began a Limited {arg.title()} ({f['label']}).", faction=f["role"], rule=f["rule"])
        g.call(f"ar.op.{arg}", f["role"], **op_frame(g, arg, self.where(f), f["rule"]))

    def step(self, g, f):
        if "ret" in f:
            f["used"].extend(f.pop("ret"))
            return True
        if "op" not in self.prompt(g, f):
            g.end()
            return True
        return False


def may_sa(g: Context, role: str, sa: str, *, rule: str, **local) -> None:
    """Pushes an optional free Special Activity (4.1: an Event may grant one)."""
    g.call("ar.may_sa", role, sa=sa, rule=rule, **local)
