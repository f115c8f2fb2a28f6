"""The granted Operations and Special Activities of Japanese Occupation's Event cards (rule 5; texts and Tips in
9.0, L1739-2121): the texts that grant them are in ``granted_j01_j13`` (J1 Sook Ching, J7 South East Asia
Command, J9 Atomic Bombings, J11 KMT Guerrillas, J13 Lai Teck Betrayal, J24 Victory in Europe) and
``granted_j21_j32`` (J21 Malay Collaboration, J25 John Davis unshaded, J26 Subhas Chandra Bose, J32 MPAJU).

A granted Operation or Special Activity is the game's own procedure (``jo.op.<op>``, ``jo.sa.<sa>``) started with
the card as ``rule`` (ruling R-FREE-OPS): free, without Special Activity unless the text grants one (J25),
leaving Eligibility to the Event box (4.1), made by its owner whoever executes the Event (ruling R-5.1: the
Japanese make J21 shaded's Eliminate). Where the text names its spaces they replace the rule's count (``max``,
``only``) and a British Operation's Force 136 (``no_f136``; rulings R-J11, R-J13, R-J26); where it does not (J7,
J24, J25) the rule's own spaces apply, Capabilities included. "May" leaves each space and each granted action to
that faction (ruling R-EVENT-MAY, default ``each``): a granted one may end with no space (``optional``). A grant
that could do nothing is not asked: the log says why (5.1.3; engine.coin.granted). Under R-EVENT-MAY's ``whole``
reading a granted Special Activity of several spaces (J1 and J13 shaded, J7 and J24 unshaded) may still select
none, but once it has selected one it selects every space it can (its frame's ``whole``, special.Selecting).

Entry points: :func:`free_op` (one Operation), :func:`free_ops` (several, the kind of each chosen in turn:
``op NAME``, procedure ``jo.ev.free_ops``), :func:`free_sa` (one Special Activity), :class:`FreeSpecial` (any one
British Special Activity, ``sa NAME``: J25). Order words: ``op``, ``sa`` and ``done``; the cards' own (J11
shaded's ``remove``, J21's ``place`` and ``move``) are in their modules.
"""

from __future__ import annotations

from ....coin.granted import Grants, grant
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import ACTIVITIES, OP_PREFIX, OPS, SA_PREFIX, new_op_frame, op_refusal
from ..special import SA_OF
from .common import TITLE, whole  # noqa: F401  (TITLE: the cards' titles, read here by tests)

notation.declare(__name__, {"op", "sa", "done"})


# -- granted Operations and Special Activities (ruling R-FREE-OPS) --------------------------------------------------

#: Japanese Occupation's granted Operations and Special Activities (engine.coin.granted.Grants).
GRANTS = Grants(ACTIVITIES, OP_PREFIX, SA_PREFIX)
op_title, sa_title = GRANTS.op_title, GRANTS.sa_title


def op_frame(g: Context, op: str, *, limited: bool, rule: str, spaces: int | None = None,
             only: list[str] | None = None, optional: bool = True, **flags) -> dict:
    """The locals of Operation *op* granted by card *rule* (operation.new_op_frame): no Special Activity (ruling
    R-FREE-OPS), Limited if *limited* (2.4.4), *spaces* the card's count (default: the Operation's own, 3.1),
    within *only*; *flags* the Operation's own (``no_f136``, ``mpaja_only``, ``resistance_instead``,
    ``police_as_troops``)."""
    return new_op_frame(g, op, limited, False, spaces=spaces, only=only, optional=optional, rule=rule, **flags)


def op_possible(g: Context, role: str, op: str, frame: dict) -> bool:
    return GRANTS.op_possible(g, role, op, frame)


def free_op(g: Context, role: str, op: str, *, limited: bool, rule: str, label: str, spaces: int | None = None,
            only: list[str] | None = None, optional: bool = True, **flags) -> bool:
    """*role* conducts one granted Operation *op* (:func:`op_frame`), or, where it has no space it may select,
    the log says why and nothing is asked (5.1.3). Returns whether it was started; its spaces come back to the
    caller's frame as ``ret``."""
    frame = op_frame(g, op, limited=limited, rule=rule, spaces=spaces, only=only, optional=optional, **flags)
    what = op_title(op, limited)
    return grant(g, role, f"{OP_PREFIX}{op}", frame, can=op_possible(g, role, op, frame),
                 why=lambda: op_refusal(g, role, op, frame), head=label, what=what, began=f"the card's {what}",
                 rule=rule)


def sa_local(*, rule: str, max: int | None = None, only: list[str] | None = None, optional: bool = True,
             **flags) -> dict:
    """The locals of a Special Activity granted by card *rule*: ``max`` the card's count (``None``: the Special
    Activity's own, 4.2, 4.3, 6.7.3 and Capabilities), ``only`` its spaces, ``optional`` ("may")."""
    local = {"rule": rule, "optional": optional, "only": only, **flags}
    if max is not None:
        local["max"] = max
    return local


def sa_possible(g: Context, sa: str, local: dict) -> bool:
    return GRANTS.sa_possible(g, sa, local)


#: What a Special Activity needs that no space offers, where no space refuses it by itself.
SA_NEEDS = {
    "supply": "a Province with Force 136 and a Jungle Camp where a Supply Cache can go",
    "gather": "a space with Force 136 in or next to which an Underground Guerrilla stands with a concealed Intel chit",
    "raid": "a space adjacent to a Supply Cache with a Guerrilla to move in",
    "extract": "Resources to gain",
    "reprisal": "a space with Troops",
    "eliminate": "a space with Kempeitai and a revealed Intel chit, a Jungle Camp or a Force 136 marker",
}


def sa_reason(g: Context, role: str, sa: str, local: dict) -> str:
    """Why Special Activity *sa* with the card's locals could do nothing now: where the card names its spaces,
    their reasons (the Special Activity's own ``space_refusal``, each different one once); else, or where none
    refuses by itself, what it needs (:data:`SA_NEEDS`)."""
    only = local.get("only")
    if only:
        proc = GRANTS.sa_proc(g, sa)
        frame = {"p": proc.name, "role": role, "chosen": [], "stage": "select", **local}
        why = [str(r) for r in dict.fromkeys(proc.space_refusal(g, frame, s) for s in only) if r][:2]
        if why:
            return "; ".join(why)
    return f"it needs {SA_NEEDS[sa]}"


def free_sa(g: Context, role: str, sa: str, *, rule: str, label: str, max: int | None = None,
            only: list[str] | None = None, optional: bool = True, **flags) -> bool:
    """*role* conducts the granted Special Activity *sa* (:func:`sa_local`), needing no Operation (4.1; ruling
    R-FREE-OPS); where it could do nothing, the log says why and nothing is asked (5.1.3). Returns whether it
    was started; its spaces come back to the caller's frame as ``ret``."""
    local = sa_local(rule=rule, max=max, only=only, optional=optional, **flags)
    where = f" in {W.names(only, joint='or')}" if only else ""
    return grant(g, role, f"{SA_PREFIX}{sa}", local, can=sa_possible(g, sa, local),
                 why=lambda: sa_reason(g, role, sa, local), head=label, what=f"{sa_title(sa)}{where}",
                 began=f"the card's {sa_title(sa)}", rule=rule)


def free_ops(g: Context, role: str, ops: list[str], *, count: int, limited: bool, rule: str, label: str,
             only: list[str] | None = None, distinct: bool = False, one_kind: bool = False, **flags) -> None:
    """*role* may conduct up to *count* granted Operations one after the other, the kind of each among *ops*
    chosen as it starts (:class:`FreeOps`); with *distinct* each selects only spaces no earlier one did (J11:
    one action a space), with *one_kind* the first kind is kept (ruling R-J11 ``one-kind``)."""
    g.call(FreeOps.name, role, ops=list(ops), left=count, begun=0, limited=limited, only=only, distinct=distinct,
           used=[], one_kind=one_kind, kind=None, flags=dict(flags), whole=whole(g), rule=rule, label=label)


@procedure
class FreeOps(Procedure):
    """Granted Operations, each of the kind the faction names as it starts (``op NAME``), or ``done`` to stop
    (ruling R-EVENT-MAY ``each``; with ``whole``, only before the first: once begun, the text is carried out in
    full and the later ones must select a space). Frame: ``ops`` (the kinds), ``left`` (how many more),
    ``begun``, ``limited``, ``only``, ``distinct`` with ``used`` (the spaces earlier ones selected),
    ``one_kind`` with ``kind``, ``flags`` (the Operations' own), ``whole``, ``rule``, ``label``."""

    name = "jo.ev.free_ops"

    def kinds(self, f: dict) -> list[str]:
        return [f["kind"]] if f.get("kind") else list(f["ops"])

    @staticmethod
    def where(f: dict) -> list[str] | None:
        """The spaces the next Operation may select: ``only``, less those used where ``distinct``."""
        if not f["distinct"] or not f["used"]:
            return f["only"]
        pool = B.SPACES if f["only"] is None else f["only"]
        return [s for s in pool if s not in f["used"]]

    @staticmethod
    def bound(f: dict) -> bool:
        """Whether the faction must go on (ruling R-EVENT-MAY ``whole``, once an Operation has begun)."""
        return f["whole"] and f["begun"] > 0

    def frame(self, g: Context, f: dict, op: str) -> dict:
        return op_frame(g, op, limited=f["limited"], rule=f["rule"], only=self.where(f), optional=not self.bound(f),
                        **f["flags"])

    def options(self, g: Context, f: dict) -> list[str]:
        if f["left"] <= 0:
            return []
        return [op for op in self.kinds(f) if op_possible(g, f["role"], op, self.frame(g, f, op))]

    def prompt(self, g, f):
        ops = self.options(g, f)
        out: dict[str, list[str]] = {"op": ops} if ops else {}
        if not ops or not self.bound(f):
            out["done"] = []
        return out

    def rule_for(self, g, f):
        return f["rule"]

    def text(self, g, f):
        legal = g.prompted(self, f)
        kind = "Limited " if f["limited"] else ""
        kinds = W.names([op_title(k) for k in self.kinds(f)], plain=True, joint="or")
        where = self.where(f)
        at = f" among {W.names(where)}" if where is not None else ""
        head = f"{side_name(f['role'])} ({f['label']}): "
        if "op" not in legal:
            return f"{head}no further {kind}{kinds} is possible{at}; done"
        ops = "|".join(legal["op"])
        tail = ", or done" if "done" in legal else ""
        return f"{head}conduct the card's {kind}{kinds}{at} (op {ops}), {f['left']} left{tail}"

    def explain(self, g, f, verb, arg):
        """Why ``op NAME`` or ``done`` is refused: ``done`` once begun under ruling R-EVENT-MAY ``whole``; an
        Operation not the faction's (3.1) or not one the card grants, the kind ruling R-J11 ``one-kind`` keeps,
        or one with no space it may select now (its own reasons)."""
        rule = f["rule"]
        if verb == "done":
            if "done" in self.prompt(g, f):
                return None
            return W.because("the card's Operations have begun and more can be made: the umpire's reading 'whole' of "
                             "ruling R-EVENT-MAY carries a begun text out in full", f"{rule}, ruling R-EVENT-MAY")
        if verb != "op" or arg is None:
            return W.turn_order(verb)
        if f["left"] <= 0:
            return W.because(f"the card's Operations are made ({f['begun']})", rule)
        mine = OPS.get(f["role"], [])
        if arg in mine and arg not in f["ops"]:
            granted = W.names([op_title(k) for k in f["ops"]], plain=True, joint="or")
            return W.because(f"the card grants {granted}, not {op_title(arg)}", rule)
        if arg in mine and f.get("kind") and arg != f["kind"]:
            return W.because(f"the {side_name(f['role'])} chose {op_title(f['kind'])} for this card: one kind for all "
                             "its spaces (the umpire's reading 'one-kind' of ruling R-J11)", f"{rule}, ruling R-J11")
        frame = self.frame(g, f, arg) if arg in ACTIVITIES.op_faction else {}
        return op_refusal(g, f["role"], arg, frame)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{f['label']}: the {side_name(f['role'])} made no more of the card's Operations.",
                  faction=f["role"], rule=f["rule"])
            g.end()
            return
        frame = self.frame(g, f, arg)
        f["left"] -= 1
        f["begun"] += 1
        f["running"] = True
        if f["one_kind"]:
            f["kind"] = arg
        g.say(f"{f['label']}: the {side_name(f['role'])} began the card's {op_title(arg, f['limited'])}.",
              faction=f["role"], rule=f["rule"])
        g.call(f"{OP_PREFIX}{arg}", f["role"], **frame)

    def step(self, g, f):
        if f.pop("running", False):  # an Operation has ended: its spaces are used
            f["used"] += [s for s in (f.pop("ret", None) or []) if s not in f["used"]]
        if not self.options(g, f):
            if f["left"] > 0:
                g.say(f"{f['label']}: no further Operation of the card has a space it may select.", faction=f["role"],
                      rule=f["rule"])
            g.end()
            return True
        return False


@procedure
class FreeSpecial(Procedure):
    """J25 unshaded's "any Special Activity": the British name one of theirs that could act now (``sa NAME``:
    Supply, Gather or Raid, 4.2), started with the card's ``rule`` and the rule's own spaces (ruling R-FREE-OPS),
    or ``done`` for none ("may", ruling R-EVENT-MAY; not once the text has begun under its ``whole`` reading,
    ``bound``). Frame: ``rule``, ``label``, ``bound``."""

    name = "jo.ev.free_sa"

    @staticmethod
    def local(f: dict) -> dict:
        return sa_local(rule=f["rule"])

    def options(self, g: Context, f: dict) -> list[str]:
        return [sa for sa in SA_OF[f["role"]] if sa_possible(g, sa, self.local(f))]

    def prompt(self, g, f):
        sas = self.options(g, f)
        if not sas:
            return {"done": []}
        return {"sa": sas} if f.get("bound") else {"sa": sas, "done": []}

    def rule_for(self, g, f):
        return f["rule"]

    def text(self, g, f):
        legal = g.prompted(self, f)
        head = f"{side_name(f['role'])} ({f['label']}): "
        if "sa" not in legal:
            return f"{head}no Special Activity could do anything now; done"
        tail = ", or done for none" if "done" in legal else ""
        return f"{head}conduct any one Special Activity (sa {'|'.join(legal['sa'])}){tail}"

    def explain(self, g, f, verb, arg):
        """Why ``sa NAME`` or ``done`` is refused: ``done`` once the text has begun under ruling R-EVENT-MAY
        ``whole``; not one of the faction's Special Activities (4.2, 4.3), or one that could do nothing now."""
        if verb == "done" and "done" not in self.prompt(g, f):
            return W.because("the British made the card's Contact: the umpire's reading 'whole' of ruling "
                             "R-EVENT-MAY carries a begun text out in full", f"{f['rule']}, ruling R-EVENT-MAY")
        if verb != "sa" or arg is None or arg in self.options(g, f):
            return W.turn_order(verb) if verb not in ("sa", "done") else None
        mine = SA_OF[f["role"]]
        if arg not in mine:
            listed = W.names([sa_title(a) for a in mine], plain=True, joint="or")
            return W.because(f"{arg!r} is no {side_name(f['role'])} Special Activity; the card grants {listed}",
                             f"{f['rule']}, 4.2")
        return W.because(f"{sa_title(arg)} could do nothing now: {sa_reason(g, f['role'], arg, self.local(f))}",
                         f"{f['rule']}, {ACTIVITIES.sa_rule[arg]}")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say(f"{f['label']}: the {side_name(f['role'])} conducted no Special Activity.", faction=f["role"],
                  rule=f["rule"])
            return
        g.say(f"{f['label']}: the {side_name(f['role'])} began the card's {sa_title(arg)}.", faction=f["role"],
              rule=f["rule"])
        g.call(f"{SA_PREFIX}{arg}", f["role"], **self.local(f))
