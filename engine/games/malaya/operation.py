"""What every Malaya Operation shares (engine.coin.operation.Operation): any number of spaces, Resources
permitting, one if Limited; the costs; the Special Activities each may take; placing one's own pieces from
the map when none are Available.

Rules 3.1 (any number of spaces, Resources permitting; the faction pays for each; select a space once),
2.3.4 (Limited: one space, no Special Activity; Garrison, Sweep and March one destination from any number
of origins), 3.1.2 and 5.4 (an Event's Operation is free, but Pacify and Agitate still cost), 4.1 and 4.1.1
(which Special Activity may accompany which Operation), 1.4.1 IMPORTANT (own pieces from the map; rulings
R-1.4.1 and R-1.4.1-EVENT), 1.3.3 and 1.4.2 (British pieces never in Thailand).

An Operation class says its ``op``, ``faction``, ``rule``, the ``kinds`` of space it selects, its own test
of a space (:meth:`Operation.ok`, with :meth:`Operation.why_not` for a refusal) and what a space costs
(:meth:`Operation.cost`). The frame (:func:`new_op_frame`) holds ``max`` (1 if Limited, else every space),
``free`` (an Event's: no cost) and ``only`` (the spaces an Event allows).
"""

from __future__ import annotations

import functools

from ...coin import operation, placement
from ...coin.activities import Activities
from ...coin.capabilities import cap  # noqa: F401  (the game's modules read it here)
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W

notation.declare(__name__, {"take", "done"})

#: Malaya's Operations (``british_ops``, ``mcp_ops``) and Special Activities (``special_british``,
#: ``special_mcp``), each entered as its class is defined; the tables below derive from the classes.
ACTIVITIES = Activities()
OP_FACTION = ACTIVITIES.op_faction
#: Each faction's Operations, in the order of their rules (3.2, 3.3).
OPS = ACTIVITIES.ops
OP_RULE = ACTIVITIES.op_rule
#: Special Activities and the Operations they may accompany (4.1.1, 4.2, 4.3).
SA_ACCOMPANY = ACTIVITIES.sa_accompany
SA_RULE = ACTIVITIES.sa_rule
SA_TITLE = ACTIVITIES.sa_title
sa_possible = ACTIVITIES.possible


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 free: bool = False, optional: bool = False, only: list[str] | None = None, **flags) -> dict:
    """Local data of an Operation frame: one space if Limited (2.3.4), else as many as the faction can pay
    for (3.1: every space at most); ``spaces`` fixes the count (an Event's "in 2 spaces", ruling R-FREE-OPS);
    ``free`` an Event's Operation that costs nothing (3.1.2, 5.4); ``only`` the spaces an Event allows."""
    if spaces is None:
        spaces = 1 if limited else len(B.SPACES)
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none", "max": spaces, "free": free,
            "optional": optional, "spaces": [], "stage": "select", "only": only, **flags}


@functools.cache
def _pool(kinds: tuple[str, ...]) -> list[str]:
    """Malaya's spaces of *kinds*, in board order (:meth:`Operation.space_pool`)."""
    return [s for s in B.SPACES if B.KIND[s] in kinds]


class Operation(operation.Operation):
    """Base of the eight Malaya Operations."""

    sa_prefix = "my.sa."
    activities = ACTIVITIES
    cost_rule = "3.1"
    #: The kinds of space the Operation selects (its rule in 3.2 and 3.3), before its own test (:meth:`ok`,
    #: which tests the kind again for a refusal).
    kinds: tuple[str, ...] = ("province", "city", "foreign", "ec")

    # -- which spaces: a test for the prompt, its reason for a refusal ---------------------------------
    def ok(self, g: Context, f: dict, sid: str) -> bool:
        """Whether the Operation's own conditions admit *sid* (the prompt's test; :meth:`why_not` says why
        not): each Operation its own."""
        return True

    def why_not(self, g: Context, f: dict, sid: str) -> str:
        """The condition of :meth:`ok` that *sid* fails, with the facts and the rule."""
        return W.because(f"{B.name(sid)} does not qualify for {self.title}", self.rule)

    def eligible(self, g, f, sid):
        return None if self.ok(g, f, sid) else self.why_not(g, f, sid)

    def space_pool(self, g, f):
        return _pool(self.kinds)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.admits = cls.ok  # the prompt's yes/no test is the Operation's own, bound once

    def admits(self, g, f, sid):
        return self.ok(g, f, sid)

    def count_text(self, g: Context, f: dict) -> str:
        """``2 selected; Resources permitting, British Resources 14`` (3.1: any number of spaces); a Limited or
        an Event's Operation keeps its count (``0 of 1 selected``)."""
        n = len(f["spaces"])
        if f["max"] < len(B.SPACES):
            return f"{n} of {f['max']} selected"
        paying = "" if f.get("free") else f"; Resources permitting, {W.resources(g, self.faction)}"
        return f"{n} selected{paying}"

    def on_space(self, g: Context, f: dict, sid: str) -> None:
        """A space selected and paid for by the base (3.1; nothing if free): the Operation's own work
        (:meth:`on_selected`)."""
        self.on_selected(g, f, sid)

    def on_selected(self, g: Context, f: dict, sid: str) -> None:
        """Each Operation's work as *sid* is selected."""

    # -- refusals ------------------------------------------------------------------------------------------
    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: a space the selection may not take (:meth:`space_refusal`), a Special
        Activity (:meth:`sa_refusal`), an end before the first space, or the sub-stage's own reason."""
        stage = f["stage"]
        if verb == "space" and stage == "select":
            return self.space_refusal(g, f, arg)
        if verb == "sa":
            return self.sa_refusal(g, f, arg)
        if verb == "done" and stage == "select" and not f["spaces"] and not f["optional"] and self.possible(g, f):
            return W.because(f"the {self.title} has selected no space yet: select at least one", "3.1")
        if stage not in ("select", "final"):
            return self.sub_explain(g, f, verb, arg) or W.turn_order(verb)
        return W.turn_order(verb)

    def sub_explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why *verb arg* is refused in a sub-stage of the Operation (each Operation its own)."""
        return None

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why the Operation may not select *arg* now, in the order :meth:`candidates` tests: selected already
        (3.1), the space count reached (2.3.4, an Event's count), outside the spaces an Event allows
        (``only``), the Operation's own :meth:`eligible`, then its cost (3.1: Resources permitting)."""
        if arg is None:
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name = B.name(arg)
        if arg in f["spaces"]:
            return W.because(f"{name} is already selected for this {self.title}: a space only once", "3.1")
        if len(f["spaces"]) >= f["max"]:
            if f["limited"]:
                return W.because(f"a Limited Operation selects one space, and this {self.title} has selected "
                                 f"{W.names(f['spaces'])}", "2.3.4")
            return W.because(f"this {self.title} selects up to {f['max']} space(s) and has them",
                             W.rule_of(f, "3.1"))
        only = f.get("only")
        if only is not None and arg not in only:
            return W.because(f"{name} is not among the spaces this {self.title} may select ({W.names(only)})",
                             W.rule_of(f, "5.1"))
        if B.KIND[arg] not in self.kinds:
            return self.why_not(g, f, arg)
        return self.eligible(g, f, arg) or self.cost_refusal(g, f, arg)

    def sa_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Special Activity *arg* may not accompany this Operation now (4.1, 4.1.1; 2.3.4)."""
        if f["sa"] == "none":
            if f["limited"] and not f.get("rule"):
                return W.because("a Limited Operation comes with no Special Activity", "2.3.4, 4.1")
            return W.because(f"this {self.title} comes with no Special Activity (an Event's Operation)",
                             W.rule_of(f, "4.1"))
        if f["sa"] == "used":
            return W.because(f"the {self.title} already had its one Special Activity", "4.1")
        if arg is None:
            return None
        if arg not in SA_RULE:
            mine = [a for a, fac in ACTIVITIES.sa_faction.items() if fac == self.faction]
            return W.because(f"{arg!r} is no Special Activity; the {W.names([SA_TITLE[a] for a in mine], plain=True)}"
                             " are", "4.2, 4.3")
        if arg not in SA_ACCOMPANY.get(self.op, ()):
            return W.because(f"{SA_TITLE[arg]} may not accompany {self.title}", f"{SA_RULE[arg]}, 4.1.1")
        return W.because(f"{SA_TITLE[arg]} has nothing it could do now", SA_RULE[arg])


def op_refusal(g: Context, role: str, op: str, frame: dict) -> str | None:
    """Why *role* may not start Operation *op* with the frame locals *frame*: not one of its Operations (3.1),
    or no space it may select, with the reasons of the first spaces it may not; ``None`` if it may."""
    mine = OPS.get(role, [])
    listed = W.names([ACTIVITIES.op_title[o] for o in mine], plain=True, joint="or")
    who = "MCP" if role == "mcp" else "British"
    if op not in OP_FACTION:
        return W.because(f"{op!r} is no Operation; the {who} choose {listed}", "3.1")
    if op not in mine:
        owner = "an MCP" if OP_FACTION[op] == "mcp" else "a British"
        return W.because(f"{ACTIVITIES.op_title[op]} is {owner} Operation; the {who} choose {listed}", "3.1")
    proc = g.procs[f"my.op.{op}"]
    if proc.possible(g, frame):
        return None
    local = {**frame, "p": proc.name, "role": role}
    where = frame.get("only")
    why = [r for sid in (where if where is not None else B.SPACES) if (r := proc.space_refusal(g, local, sid))][:2]
    return W.because(f"{ACTIVITIES.op_title[op]} has no space it may select"
                     f"{' among ' + W.names(where) if where is not None else ''}: {'; '.join(why)}", OP_RULE[op])


# -- own pieces from the map (1.4.1 IMPORTANT) -----------------------------------------------------------

#: Malaya's reading of 1.4.1 IMPORTANT (engine.coin.placement; rulings R-1.4.1, R-1.4.1-EVENT): an Operation
#: or Special Activity places its faction's own forces from the map when none are Available; an Event's own
#: text as the umpire's reading decides; a Base never from its own space.
OWN = placement.OwnPieces(B.BOARD, W, proc="my.from_map", event_ruling="R-1.4.1-EVENT", event_default="map")
map_sources = OWN.sources
may_take_from_map = OWN.may_take
place_own = OWN.place


@procedure
class FromMap(placement.FromMap):
    """None of a piece is Available: the owner takes one from the map to place it, or places none (1.4.1)."""

    name = "my.from_map"
    own = OWN
