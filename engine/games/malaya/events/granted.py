"""What Malaya's Event texts grant: free Operations and free Special Activities (3.1.2, 4.1, 5.4; ruling
R-FREE-OPS).

An Operation an Event grants costs no Resources and leaves Eligibility alone; Pacify and Agitate inside it
still cost (3.1.2, 5.4 NOTE), except M30's Agitate (ruling R-M30). A granted Limited Operation is in one
space (for Garrison, Sweep and March: one destination) and no granted Operation carries a Special Activity
(2.3.4, ruling R-FREE-OPS). "In 2 spaces" means up to that many. A granted Special Activity needs no
Operation with it. Everything else of the Operation's or Special Activity's rules applies (3.1.2).

Three entry points, each going by the frame contract of ``operation.new_op_frame`` and ``my.sa.<sa>``:

- :func:`free_op`: one free Operation of a named kind;
- :func:`free_ops`: up to *count* free Operations, each of a kind the player chooses in turn (procedure
  ``my.ev.free_ops``), the player free to stop;
- :func:`free_sa`: one free Special Activity.

Each says so in the log when the Operation or Special Activity could do nothing, with the reason, instead of
asking the player to choose among nothing.
"""

from __future__ import annotations

from ....coin.granted import Grants, grant
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import ACTIVITIES, OPS, new_op_frame, op_refusal

notation.declare(__name__, {"op", "done"})


def op_frame(g: Context, op: str, *, limited: bool, only: list[str] | None = None, spaces: int | None = None,
             rule: str, optional: bool = True, **flags) -> dict:
    """The locals of a free Operation *op* granted by card *rule*: no cost (3.1.2, 5.4), no Special Activity
    (ruling R-FREE-OPS), one space if *limited* (2.3.4), else up to *spaces*; within *only* if given.
    *flags* are the Operation's own (M30's free Agitate)."""
    return new_op_frame(g, op, limited, False, spaces=spaces, free=True, optional=optional, only=only, rule=rule,
                        **flags)


#: Malaya's granted Operations and Special Activities (engine.coin.granted.Grants).
GRANTS = Grants(ACTIVITIES, "my.op.", "my.sa.")
op_possible, op_title = GRANTS.op_possible, GRANTS.op_title


def free_op(g: Context, role: str, op: str, *, limited: bool, only: list[str] | None = None,
            spaces: int | None = None, rule: str, label: str, optional: bool = True, **flags) -> bool:
    """*role* conducts one free Operation *op* (3.1.2, 5.4): pushed for the player to select its spaces
    (``optional``: the card says "may", so the player may select none). If it has no space it may select,
    nothing is asked: the log says why (5.1.3). Returns whether the Operation was pushed. The Operation's
    selected spaces come back to the caller's frame as ``ret`` when it ends."""
    frame = op_frame(g, op, limited=limited, only=only, spaces=spaces, rule=rule, optional=optional, **flags)
    what = op_title(op, limited)
    return grant(g, role, f"my.op.{op}", frame, can=op_possible(g, role, op, frame),
                 why=lambda: op_refusal(g, role, op, frame), head=label, what=f"free {what}",
                 began=f"a free {what}", rule=rule)


def free_ops(g: Context, role: str, count: int, *, limited: bool = True, ops: list[str] | None = None,
             only: list[str] | None = None, rule: str, label: str) -> None:
    """*role* may conduct up to *count* free Operations, choosing each kind in turn among *ops* (default:
    all of its own, 3.2 or 3.3), one after the other (M6 shaded, M15 unshaded; 3.1.2, 5.4)."""
    if count <= 0:
        return
    g.call(FreeOps.name, role, left=count, limited=limited, ops=ops, only=only, rule=rule, label=label)


@procedure
class FreeOps(Procedure):
    """Up to ``left`` free Operations an Event grants, each of the kind the player names in turn (``op
    NAME``), or ``done`` to stop. Each is free and has no Special Activity (3.1.2, 5.4; ruling R-FREE-OPS),
    Limited if ``limited`` (one space, 2.3.4), within ``only`` if given."""

    name = "my.ev.free_ops"
    rule = "5.4"

    def kinds(self, g: Context, f: dict) -> list[str]:
        mine = OPS.get(f["role"], [])
        return [op for op in mine if f["ops"] is None or op in f["ops"]]

    def frame(self, g: Context, f: dict, op: str) -> dict:
        return op_frame(g, op, limited=f["limited"], only=f["only"], rule=f["rule"])

    def options(self, g: Context, f: dict) -> list[str]:
        return [op for op in self.kinds(g, f) if op_possible(g, f["role"], op, self.frame(g, f, op))]

    def prompt(self, g, f):
        ops = self.options(g, f)
        return {"op": ops, "done": []} if ops else {"done": []}

    def text(self, g, f):
        kind = "Limited " if f["limited"] else ""
        where = f" in {W.names(f['only'], joint='or')}" if f["only"] is not None else ""
        return (f"{side_name(f['role'])} ({f['label']}): conduct a free {kind}Operation{where} "
                f"({f['left']} left), or done")

    def explain(self, g, f, verb, arg):
        """Why ``op NAME`` is refused: not one of the faction's Operations (3.1), not one the card grants, or one
        with no space it may select now (its own reasons)."""
        if verb != "op" or arg is None:
            return W.turn_order(verb)
        kinds = self.kinds(g, f)
        if arg in OPS.get(f["role"], []) and arg not in kinds:
            return W.because(f"the card grants {W.names([op_title(k, False) for k in kinds], plain=True, joint='or')}"
                             f", not {op_title(arg, False)}", f["rule"])
        frame = self.frame(g, f, arg) if arg in ACTIVITIES.op_faction else {}
        return op_refusal(g, f["role"], arg, frame)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{f['label']}: the {side_name(f['role'])} conducted no more free Operations.", faction=f["role"],
                  rule=f["rule"])
            g.end()
            return
        f["left"] -= 1
        frame = self.frame(g, f, arg)
        if f["left"] <= 0:
            g.end()
        g.say(f"{f['label']}: the {side_name(f['role'])} began a free {op_title(arg, f['limited'])}.",
              faction=f["role"], rule=f["rule"])
        g.call(f"my.op.{arg}", f["role"], **frame)

    def step(self, g, f):
        if "ret" in f:  # an Operation just ended: its spaces are not needed here
            f.pop("ret")
            return True
        if not self.options(g, f):
            if f["left"]:
                g.say(f"{f['label']}: no further Operation has a space it may select.", faction=f["role"],
                      rule=f["rule"])
            g.end()
            return True
        return False


def free_sa(g: Context, role: str, sa: str, *, max: int | None = None, only: list[str] | None = None,
            rule: str, label: str) -> bool:
    """*role* conducts the free Special Activity *sa* (4.1, 5.4): no Operation with it, no cost; ``max`` the
    number of spaces the card gives (else the Special Activity's own), ``only`` the spaces it allows. If it
    could do nothing, nothing is asked: the log says so (5.1.3). Returns whether it was pushed."""
    local = {"rule": rule, "free": True, "max": max, "only": only}
    title = GRANTS.sa_title(sa)
    where = f" in {W.names(only, joint='or')}" if only is not None else ""
    return grant(g, role, f"my.sa.{sa}", local, can=GRANTS.sa_possible(g, sa, local),
                 why=lambda: "it has nothing it could do now", head=label, what=f"{title}{where}",
                 began=f"a free {title}", rule=rule)


def near(g: Context, sid: str) -> list[str]:
    """*sid* and the spaces adjacent to it, in board order ("in or adjacent to", M15)."""
    around = B.adj(g, sid)
    return [s for s in B.SPACES if s == sid or s in around]
