"""What Kenya's Event texts grant: free Operations and free Special Activities (3.1.2, 5.4; rulings
R-FREE-OPS, R-EVENT-FACTION, R-EVENT-PIPELINE).

An Operation an Event grants costs no Resources and leaves Eligibility alone (5.4); its other procedures and
restrictions stand unless the text changes them. A granted Limited Operation is in one space (Deploy, Sweep
and March: one destination) with no Special Activity (2.3.4); no granted Operation carries a Special
Activity unless the text gives one (ruling R-FREE-OPS). "In 2 spaces" means up to that many. A granted
Special Activity needs no Operation with it. A British Operation or Special Activity granted without naming a
faction is the British's (ruling R-EVENT-FACTION).

Three entry points, each going by the frame contract of ``operation.new_op_frame(..., free=True, rule=CARD)``
and ``ke.sa.<sa>`` (``rule``, ``free``, ``max``, ``only`` and the Special Activity's own flags):

- :func:`free_op`: one free Operation of a named kind;
- :func:`free_ops`: up to *count* free Operations, each of a kind the player chooses in turn (procedure
  ``ke.ev.free_ops``), the player free to stop; with ``distinct``, each in a space not used by an earlier
  one (K8 unshaded: "in 2 spaces");
- :func:`free_sa`: one free Special Activity.

Each says so in the log when the Operation or Special Activity could do nothing, with the reason, instead of
asking the player to choose among nothing (5.1.3).
"""

from __future__ import annotations

from ....coin.granted import Grants, grant
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import ACTIVITIES, OP_PREFIX, OPS, SA_PREFIX, new_op_frame, op_refusal

notation.declare(__name__, {"op", "done"})


def op_frame(g: Context, op: str, *, limited: bool, only: list[str] | None = None, spaces: int | None = None,
             rule: str, optional: bool = True, **flags) -> dict:
    """The locals of a free Operation *op* granted by card *rule*: no cost (3.1.2, 5.4), no Special Activity
    (ruling R-FREE-OPS), one space if *limited* (2.3.4), else up to *spaces* (default: the Operation's own);
    within *only* if given. *flags* are the Operation's own."""
    return new_op_frame(g, op, limited, False, spaces=spaces, free=True, optional=optional, only=only, rule=rule,
                        **flags)


#: Kenya's granted Operations and Special Activities (engine.coin.granted.Grants).
GRANTS = Grants(ACTIVITIES, OP_PREFIX, SA_PREFIX)
op_possible, sa_possible, op_title = GRANTS.op_possible, GRANTS.sa_possible, GRANTS.op_title


def free_op(g: Context, role: str, op: str, *, limited: bool, only: list[str] | None = None,
            spaces: int | None = None, rule: str, label: str, optional: bool = True, **flags) -> bool:
    """*role* conducts one free Operation *op* (3.1.2, 5.4), pushed for the player to select its spaces
    (``optional``: the card says "may", so the player may select none). If it has no space it may select,
    nothing is asked: the log says why (5.1.3). Returns whether the Operation was pushed; its selected spaces
    come back to the caller's frame as ``ret`` when it ends."""
    frame = op_frame(g, op, limited=limited, only=only, spaces=spaces, rule=rule, optional=optional, **flags)
    what = op_title(op, limited)
    return grant(g, role, f"{OP_PREFIX}{op}", frame, can=op_possible(g, role, op, frame),
                 why=lambda: op_refusal(g, role, op, GRANTS.op_local(role, op, frame)), head=label,
                 what=f"free {what}", began=f"a free {what}", rule=rule)


def free_ops(g: Context, role: str, count: int, *, limited: bool = True, ops: list[str] | None = None,
             only: list[str] | None = None, spaces: int | None = None, distinct: bool = False, rule: str,
             label: str) -> None:
    """*role* may conduct up to *count* free Operations, choosing each kind in turn among *ops* (default: all
    of its own, 3.2 or 3.3), one after the other (K9 unshaded; K8 unshaded with ``spaces=1, distinct=True``:
    two one-space Deploys or Sweeps in two different spaces, ruling R-FREE-OPS; 3.1.2, 5.4)."""
    if count <= 0:
        return
    g.call(FreeOps.name, role, left=count, limited=limited, ops=ops, only=only, spaces=spaces,
           distinct=distinct, used=[], rule=rule, label=label)


@procedure
class FreeOps(Procedure):
    """Up to ``left`` free Operations an Event grants, each of the kind the player names in turn (``op
    NAME``), or ``done`` to stop. Each is free and has no Special Activity (3.1.2, 5.4; ruling R-FREE-OPS),
    Limited if ``limited`` (one space, 2.3.4), else of ``spaces`` spaces; within ``only`` if given, and with
    ``distinct`` outside the spaces the earlier ones selected (``used``)."""

    name = "ke.ev.free_ops"
    rule = "5.4"

    def kinds(self, g: Context, f: dict) -> list[str]:
        mine = OPS.get(f["role"], [])
        return [op for op in mine if f["ops"] is None or op in f["ops"]]

    def where(self, f: dict) -> list[str] | None:
        """The spaces the next Operation may select: ``only``, less the spaces used (``distinct``)."""
        if not f.get("distinct") or not f["used"]:
            return f["only"]
        pool = B.SPACES if f["only"] is None else f["only"]
        return [s for s in pool if s not in f["used"]]

    def frame(self, g: Context, f: dict, op: str) -> dict:
        return op_frame(g, op, limited=f["limited"], only=self.where(f), spaces=f.get("spaces"), rule=f["rule"])

    def options(self, g: Context, f: dict) -> list[str]:
        return [op for op in self.kinds(g, f) if op_possible(g, f["role"], op, self.frame(g, f, op))]

    def prompt(self, g, f):
        ops = self.options(g, f)
        return {"op": ops, "done": []} if ops else {"done": []}

    def rule_for(self, g, f):
        return f["rule"]

    def text(self, g, f):
        kind = "Limited " if f["limited"] else ""
        size = f" in {W.count_spaces(f['spaces'])}" if f.get("spaces") else ""
        only = self.where(f)
        where = f" among {W.names(only)}" if only is not None and f["only"] is not None else ""
        used = f" (not in {W.names(f['used'])}, used already)" if f.get("distinct") and f["used"] else ""
        kinds = W.names([op_title(k, False) for k in self.kinds(g, f)], plain=True, joint="or")
        return (f"{side_name(f['role'])} ({f['label']}): conduct a free {kind}Operation{size} ({kinds}){where}"
                f"{used} ({f['left']} left), or done")

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
        return op_refusal(g, f["role"], arg, GRANTS.op_local(f["role"], arg, frame) if frame else {})

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{f['label']}: the {side_name(f['role'])} conducted no more free Operations.", faction=f["role"],
                  rule=f["rule"])
            g.end()
            return
        f["left"] -= 1
        f["running"] = True
        frame = self.frame(g, f, arg)
        g.say(f"{f['label']}: the {side_name(f['role'])} began a free {op_title(arg, f['limited'])}.",
              faction=f["role"], rule=f["rule"])
        g.call(f"{OP_PREFIX}{arg}", f["role"], **frame)

    def step(self, g, f):
        if f.pop("running", False):  # an Operation just ended: note its spaces
            f["used"] += [s for s in (f.pop("ret", None) or []) if s not in f["used"]]
            if f["left"] <= 0:
                g.end()
                return True
        if not self.options(g, f):
            if f["left"]:
                g.say(f"{f['label']}: no further Operation has a space it may select.", faction=f["role"],
                      rule=f["rule"])
            g.end()
            return True
        return False


def free_sa(g: Context, role: str, sa: str, *, max: int | None = None, only: list[str] | None = None,
            rule: str, label: str, **flags) -> bool:
    """*role* conducts the free Special Activity *sa* (4.1, 5.4): no Operation with it, no cost; ``max`` the
    number of spaces the card gives (else the Special Activity's own; ruling R-EVENT-PIPELINE), ``only`` the
    spaces it allows, *flags* its own (``outrage=False``: K32's "no Roll for Outrage"). If it could do
    nothing, nothing is asked: the log says so (5.1.3). Returns whether it was pushed; its spaces come back to
    the caller's frame as ``ret``."""
    local = {"rule": rule, "free": True, "max": max, "only": only, **flags}
    title = GRANTS.sa_title(sa)
    where = f" in {W.names(only, joint='or')}" if only is not None else ""
    return grant(g, role, f"{SA_PREFIX}{sa}", local, can=sa_possible(g, sa, local),
                 why=lambda: "it has nothing it could do now", head=label, what=f"{title}{where}",
                 began=f"a free {title}", rule=rule)
