"""What every Arab Revolt Operation shares (engine.coin.operation.Operation): the space count, the
Special Activities each may take, and placing one's own pieces from the map when none are Available.

Rules 3.1 (British: up to three spaces, one if Limited; Rebels: up to the Operations chit's value, even if
Limited), 2.3.5 (Limited: no Special Activity), 4.1 and 4.1.1 (which Special Activity may accompany which
Operation), 1.4.1 IMPORTANT (own pieces from the map; ruling R-1.4.1, whose Event reading R-1.4.1-EVENT is the umpire's), 1.3.7 (British never select Foreign
Countries; Rebels only for Rally, March and Mobilize; Out of Play spaces not at all).
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

#: Arab Revolt's Operations (``british_ops``, ``rebel_ops``) and Special Activities (``punish``,
#: ``special_british``, ``special_rebel``), each entered as its class is defined; the tables below derive
#: from the classes.
ACTIVITIES = Activities()
OP_FACTION = ACTIVITIES.op_faction
#: Each faction's Operations, in the order of their rules (3.2, 3.3).
OPS = ACTIVITIES.ops
OP_RULE = ACTIVITIES.op_rule
#: Special Activities and the Operations they may accompany (4.1.1, 4.2, 4.3).
SA_ACCOMPANY = ACTIVITIES.sa_accompany
#: Operations that may select Foreign Countries in play (1.3.7).
FOREIGN_OPS = {"rally", "march"}


def chit_value(g: Context) -> int:
    """Spaces a Rebel Operation may select: the Operations chit played this turn plus Coordinate (1.8.2,
    4.3.2); 0 with no chit (ruling R-CHITS-1)."""
    played = g.s["ops"]["played"]
    return played["value"] + played["bonus"] if played else 0


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 optional: bool = False, only: list[str] | None = None, **flags) -> dict:
    """Local data of an Operation frame. ``spaces`` fixes the count (Event-granted Operations, ruling
    R-OPS-EVENT); otherwise British 3 (1 if Limited), Rebels the chit's value (3.1, 2.3.5)."""
    if spaces is None:
        spaces = chit_value(g) if OP_FACTION[op] == "rebels" else (1 if limited else 3)
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none", "max": spaces,
            "optional": optional, "spaces": [], "stage": "select", "only": only, **flags}


def may_select(g: Context, op: str, sid: str) -> bool:
    """Whether Operation *op* may select *sid* at all by 1.3.7: any space but a Foreign Country; a Foreign
    Country in play for Rally and March only (the prompt's test; :func:`selectable` says why not)."""
    return B.KIND[sid] != "foreign" or (op in FOREIGN_OPS and B.in_play(g, sid))


def selectable(g: Context, op: str, sid: str) -> str | None:
    """``None`` if Operation *op* may select *sid* at all by 1.3.7 (:func:`may_select`), else why not."""
    if may_select(g, op, sid):
        return None
    name = B.name(sid)
    if OP_FACTION[op] == "british":
        return W.because(f"{name} is a Foreign Country: British Operations never select Foreign Countries", "1.3.7")
    if op not in FOREIGN_OPS:
        return W.because(f"{name} is a Foreign Country: {op.title()} may not select one (Rebels select Foreign "
                         "Countries for Rally, March and Mobilize only)", "1.3.7")
    return W.not_in_play(g, sid)


@functools.cache
def _pool(kinds: tuple[str, ...]) -> list[str]:
    """Palestine's spaces of *kinds*, in board order (:meth:`Operation.space_pool`)."""
    return [s for s in B.PALESTINE if B.KIND[s] in kinds]


class Operation(operation.TestedOperation):
    """Base of the eight Arab Revolt Operations (engine.coin.operation.TestedOperation: :meth:`ok` and
    :meth:`why_not` each Operation's own)."""

    sa_prefix = "ar.sa."
    activities = ACTIVITIES
    words = W.WORDS
    #: The kinds of space the Operation selects at all (its rule in 3.2 and 3.3; Foreign Countries only for
    #: Rally and March, 1.3.7), before its own test (:meth:`ok`, which tests the kind again for a refusal).
    kinds: tuple[str, ...] = ("district", "city", "railway")

    def space_pool(self, g, f):
        """The spaces of :attr:`kinds` in board order, a Foreign Country only while in play (1.3.7: what
        :func:`may_select` admits)."""
        pool = _pool(self.kinds)
        if "foreign" in self.kinds:
            return pool + [s for s in B.FOREIGN if not g.s["spaces"][s]["out_of_play"]]
        return pool

    def where_refusal(self, g, f, sid):
        """A Foreign Country the Operation may not select (1.3.7: :func:`selectable`)."""
        return selectable(g, self.op, sid)

    def space_limit_refusal(self, g: Context, f: dict) -> str:
        """The space count reached: an Event's count, a British Limited Operation's one space (2.3.5), the
        British three (3.1), the Rebels' chit value (3.1, 1.8.2; one more with Coordinate, 4.3.2)."""
        n, op = f["max"], self.op.title()
        if f.get("rule") and f["rule"] not in OP_RULE.values():
            return W.because(f"this {op} selects up to {n} space(s) and has its {n}", f["rule"])
        if self.faction == "rebels":
            played = g.s["ops"]["played"]
            plus = " with Coordinate's one more" if played and played["bonus"] else ""
            return W.because(f"the {op} already has its {n} space(s), the Operations chit's value{plus}",
                             "3.1, 1.8.2")
        if f["limited"]:
            return W.because(f"a British Limited Operation selects one space, and this {op} has selected "
                             f"{W.names(f['spaces'])}", "2.3.5")
        return W.because(f"the {op} already has its {n} space(s)", "3.1")

    def sa_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Special Activity *arg* may not accompany this Operation now (4.1, 4.1.1; 2.3.5)."""
        op = self.op.title()
        if f["sa"] == "none":
            if f["limited"] and not f.get("rule"):
                return W.because("a Limited Operation comes with no Special Activity", "2.3.5, 4.1")
            return W.because(f"this {op} comes with no Special Activity (an Event's or a phase's Operation, "
                             "ruling R-OPS-EVENT)", W.rule_of(f, "4.1"))
        if f["sa"] == "used":
            return W.because(f"the {op} already had its one Special Activity", "4.1")
        if arg is None:
            return None
        return _special().sa_refusal(g, self.faction, self.op, arg, self.interruptible(g, f) or f["stage"] == "final")


def op_refusal(g: Context, role: str, op: str, frame: dict) -> str | None:
    """Why *role* may not start Operation *op* with the frame locals *frame* (the turn's, an Event's or a
    phase's): not one of its Operations (3.1), or no space it may select, with the reasons of the first spaces
    it may not (the Operation's own :meth:`Operation.space_refusal`); ``None`` if it may."""
    mine = OPS.get(role, [])
    listed = W.names([o.title() for o in mine], plain=True, joint="or")
    if op not in OP_FACTION:
        return W.because(f"{op!r} is no Operation; the {role.title()} choose {listed}", "3.1")
    if op not in mine:
        owner = "a Rebel" if OP_FACTION[op] == "rebels" else "a British"
        return W.because(f"{op.title()} is {owner} Operation; the {role.title()} choose {listed}", "3.1")
    proc = g.procs[f"ar.op.{op}"]
    if frame["max"] > 0 and proc.possible(g, frame):
        return None
    if frame["max"] <= 0:
        return W.because(f"{op.title()} may select no space: no Operations chit was played", "3.1, 1.8.2")
    local = {**frame, "p": proc.name, "role": role}
    where = frame.get("only")
    why = [r for sid in (where if where is not None else B.SPACES)
           if (r := proc.space_refusal(g, local, sid))][:2]
    return W.because(f"{op.title()} has no space it may select"
                     f"{' among ' + W.names(where) if where is not None else ''}: {'; '.join(why)}", OP_RULE[op])


@functools.cache
def _special():
    """The ``special`` module, which imports this one: imported once, on first use (not on every prompt)."""
    from . import special
    return special


# -- own pieces from the map (1.4.1 IMPORTANT) -----------------------------------------------------------

#: Arab Revolt's reading of 1.4.1 IMPORTANT (engine.coin.placement): an Event's own text may take from the map
#: as the umpire's reading R-1.4.1-EVENT decides (5.1.1 against 1.4.1); a Base never from its own space.
OWN = placement.OwnPieces(B.BOARD, W, proc="ar.from_map", event_ruling="R-1.4.1-EVENT", event_default="map")
map_sources = OWN.sources
may_take_from_map = OWN.may_take
place_own = OWN.place


@procedure
class FromMap(placement.FromMap):
    """None of a piece is Available: the owner takes one from the map to place it, or places none (1.4.1)."""

    name = "ar.from_map"
    own = OWN
