"""Event cards P19 Rome Embassy Bombing, P20 Indian Independence*, P21 United Resistance Movement,
P22 Jewish Agency (single text) and P24 Sergeants Affair (rule 5; card texts in section 9.0).

P23 Road Mines is a Capability and is registered in ``capabilities``.

Rulings used here: R-5.1.3 (a text that can change nothing is not offered), R-EV-OPS (Event-granted
Operations), R-P22 (who chooses the branch of P22, and the shift at an end of the track).
"""

from __future__ import annotations

from ....coin.sequence import op_refusal
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from ..haganah import shift_haganah
from ..operation import OP_RULE, event_op_frame, new_op_frame
from ..why import Refusal
from .base import ScriptEvent, event
from .common import conductor, gain_will, lose_will, star_loss
from .pickers import pick

notation.declare(__name__, {"shift", "choose", "draw", "op", "done"})

CELL_KEYS = ["cells_u", "cells_a"]


def _cells_on_map(g: Context) -> bool:
    return any(B.cells(B.sp(g, s)) for s in B.SPACES)


def _caches_on_map(g: Context) -> bool:
    return any(B.sp(g, s)["caches"] for s in B.SPACES)


def _railway_sabotaged(g: Context) -> bool:
    return any(B.sp(g, s)["sabotage"] for s in B.RAILWAYS)


def _railways_to_sabotage(g: Context) -> list[str]:
    """Railways where a Sabotage could be performed: an Underground Cell is needed (3.3.3, P21 Tip)."""
    return [s for s in B.RAILWAYS if B.sp(g, s)["cells_u"]]


# -- P19 Rome Embassy Bombing --------------------------------------------------------------------------

def _p19_unshaded_playable(g: Context, faction: str) -> bool:
    return _cells_on_map(g) or _caches_on_map(g)


@event("P19", "unshaded", playable=_p19_unshaded_playable)
@procedure
class RomeEmbassyUnshaded(ScriptEvent):
    """P19 unshaded: the executing faction removes up to two Cells and, separately, up to one Arms Cache,
    from any spaces (P19 Tip) to Available; a Cache removed adds one Political Will.

    The two limits are separate, so the text runs as two picks. Their order cannot matter: removing a
    Cell never changes which Caches may be removed, nor the reverse.
    """

    name = "pal.ev.P19.unshaded"
    script = ("cells", "cache")

    def cells(self, g, f):
        pick(g, f["role"], CELL_KEYS, max=2, rule="P19", label="Rome Embassy Bombing (P19)")

    def cache(self, g, f):
        pick(g, f["role"], ["caches"], max=1, rule="P19", label="Rome Embassy Bombing (P19)", on_cache="pw")


def _p19_shaded_playable(g: Context, faction: str) -> bool:
    return g.s["pw"] > 0


@event("P19", "shaded", playable=_p19_shaded_playable)
def rome_embassy_shaded(g: Context, faction: str) -> None:
    """P19 shaded: one die; above 2, Political Will falls by 2 (clamped at 0, 5.1.1)."""
    die = g.roll("Rome Embassy Bombing (P19)")
    if die > 2:
        g.say(f"{faction.title()} rolled {die} for Rome Embassy Bombing: Political Will falls by 2.",
              faction=faction, rule="P19")
        lose_will(g, 2, "P19")
    else:
        g.say(f"{faction.title()} rolled {die} for Rome Embassy Bombing: no effect.", faction=faction,
              rule="P19")


# -- P20 Indian Independence* --------------------------------------------------------------------------

def _p20_unshaded_playable(g: Context, faction: str) -> bool:
    return not _railway_sabotaged(g) and g.s["pw"] < 20


@event("P20", "unshaded", playable=_p20_unshaded_playable)
def indian_independence_unshaded(g: Context, faction: str) -> None:
    """P20 unshaded: +2 Political Will when no Railway holds a Sabotage marker."""
    if _railway_sabotaged(g):  # not offered then; kept for safety
        g.say("A Railway is Sabotaged: Indian Independence had no effect.", faction=faction, rule="P20")
        return
    gain_will(g, 2, "P20")


def _p20_shaded_playable(g: Context, faction: str) -> bool:
    return g.s["pw"] > 0 and star_loss(g, 2) > 0


@event("P20", "shaded", playable=_p20_shaded_playable)
def indian_independence_shaded(g: Context, faction: str) -> None:
    """P20 shaded: -2 Political Will; starred, so 1 less with P9 unshaded in play (5.4)."""
    lose_will(g, 2, "P20", starred=True)


# -- P21 United Resistance Movement ----------------------------------------------------------------------

def _p21_unshaded_playable(g: Context, faction: str) -> bool:
    return g.s["haganah"] > 0 or _cells_on_map(g)


@event("P21", "unshaded", playable=_p21_unshaded_playable)
@procedure
class UnitedResistanceUnshaded(ScriptEvent):
    """P21 unshaded: Haganah one box left (its refill, 6.5.2, comes first), then the executing faction
    removes up to two Cells from any spaces to Available (the P21 Tip: in addition to the refill)."""

    name = "pal.ev.P21.unshaded"
    script = ("shift", "cells")

    def shift(self, g, f):
        if not shift_haganah(g, -1, "United Resistance Movement", rule="P21"):
            g.say("The Haganah Track is already at 0: it could not shift left.", rule="P21")

    def cells(self, g, f):
        pick(g, f["role"], CELL_KEYS, max=2, rule="P21", label="United Resistance Movement (P21)")


def _p21_shaded_playable(g: Context, faction: str) -> bool:
    return g.s["haganah"] < 4 or bool(_railways_to_sabotage(g))


@event("P21", "shaded", playable=_p21_shaded_playable)
@procedure
class UnitedResistanceShaded(ScriptEvent):
    """P21 shaded: Haganah one box right, then a Sabotage at Railways only, each Railway at most once (one
    selection per space, 3.1), with Underground Cells as usual (P21 Tip), conducted by the Irgun whichever
    faction executes (or by the executing faction under R-EV-OWNER ``executing``; the Irgun still decide
    their Arms Caches). No Special Activity (4.1); no extra space can be used, every Railway being allowed
    (R-EV-OPS)."""

    name = "pal.ev.P21.shaded"
    script = ("shift", "sabotage")

    def shift(self, g, f):
        if not shift_haganah(g, 1, "United Resistance Movement", rule="P21"):
            g.say("The Haganah Track is already at 4: it could not shift right.", rule="P21")

    def sabotage(self, g, f):
        if not _railways_to_sabotage(g):
            g.say("No Railway has an Underground Cell: Irgun could not Sabotage.", faction="irgun",
                  rule="P21")
            return
        g.say("Irgun may Sabotage at each Railway (P21).", faction="irgun", rule="P21")
        g.call("pal.op.sabotage", conductor(g, f["faction"], "irgun"),
               **event_op_frame(g, "sabotage", len(B.RAILWAYS), only_railways=True,
                              optional=True))


# -- P22 Jewish Agency (single text) -------------------------------------------------------------------

def _p22_directions(g: Context) -> list[str]:
    h = g.s["haganah"]
    return [d for d, ok in (("left", h > 0), ("right", h < 4)) if ok]


def _p22_branches(g: Context) -> list[str]:
    """The branches that can be carried out now (5.1.3, ruling R-P22)."""
    from ..rules import RULES  # late import: rules imports the events package

    out = []
    if RULES.ops(g, "irgun", True):
        out.append("irgun-operation")
    if g.s["intel"]["bag"]:
        out.append("british-chit")
    return out


@event("P22", "event")
@procedure
class JewishAgency(ScriptEvent):
    """P22: the executing faction shifts the Haganah Track one box either way; then it chooses whether the
    Irgun may conduct a Limited Operation or the British may draw an Intel Chit (ruling R-P22). Always
    playable: the track can always move one way."""

    name = "pal.ev.P22.event"
    script = ("shift", "branch")

    def shift(self, g, f):
        dirs = _p22_directions(g)
        if len(dirs) == 1:
            # At an end of the track only one direction moves the marker; 5.1.3 requires it (R-P22).
            _p22_shift(g, dirs[0])
            return
        g.call("pal.ev.P22.direction", f["role"])

    def branch(self, g, f):
        branches = _p22_branches(g)
        if not branches:
            g.say("Jewish Agency: the Irgun had no Limited Operation with a legal space and the Intel Chit "
                  "bag was empty, so nothing more happened.", rule="P22")
            return
        if len(branches) == 1:
            # Only one branch can be carried out (5.1.3, R-P22): no choice to make.
            _p22_branch(g, branches[0], f["role"], forced=True)
            return
        g.call("pal.ev.P22.branch", f["role"])


def _p22_shift(g: Context, direction: str) -> None:
    shift_haganah(g, -1 if direction == "left" else 1, "Jewish Agency", rule="P22")


def _p22_branch(g: Context, branch: str, chooser: str, forced: bool = False) -> None:
    how = "only this could be carried out" if forced else f"{chooser.title()} chose"
    if branch == "irgun-operation":
        g.say(f"Jewish Agency: Irgun may conduct a Limited Operation ({how}).", faction=chooser, rule="P22")
        g.call("pal.ev.P22.irgun_op", "irgun")
    else:
        g.say(f"Jewish Agency: British may draw an Intel Chit ({how}).", faction=chooser, rule="P22")
        g.call("pal.ev.P22.chit", "british")


@procedure
class JewishAgencyDirection(Procedure):
    """P22: the executing faction picks the direction of the Haganah shift."""

    name = "pal.ev.P22.direction"
    rule = "P22"

    def prompt(self, g, f):
        return {"shift": _p22_directions(g)}

    def text(self, g, f):
        return f"{f['role'].title()} (Jewish Agency): shift the Haganah Track left or right"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return Refusal("Jewish Agency (P22): the Haganah Track shifts one box, left or right, first (5.1.3)",
                           rule="P22")
        if verb != "shift":
            return None
        h = g.s["haganah"]
        if arg in ("left", "right"):
            return Refusal(f"Jewish Agency (P22): the Haganah Track is at {h} and cannot shift {arg} (6.5)", rule="P22")
        return Refusal("Jewish Agency (P22): shift left or shift right", rule="P22")

    def act(self, g, f, verb, arg):
        g.say(f"{f['role'].title()} chose to shift the Haganah Track {arg} (Jewish Agency).",
              faction=f["role"], rule="P22")
        g.end()  # first: a Haganah refill pushed by the shift then runs before the next script step
        _p22_shift(g, arg)


@procedure
class JewishAgencyBranch(Procedure):
    """P22: the executing faction picks the branch (ruling R-P22)."""

    name = "pal.ev.P22.branch"
    rule = "P22"

    def prompt(self, g, f):
        return {"choose": _p22_branches(g)}

    def text(self, g, f):
        return (f"{f['role'].title()} (Jewish Agency): choose irgun-operation (Irgun may conduct a Limited "
                "Operation) or british-chit (British may draw an Intel Chit)")

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return Refusal("Jewish Agency (P22): choose irgun-operation or british-chit; both can be carried "
                           "out, and the text must be (5.1.3)", rule="P22")
        if verb != "choose":
            return None
        if arg == "irgun-operation":
            return Refusal("Jewish Agency (P22): the Irgun have no Limited Operation with a space it may select, "
                           "so only the Intel Chit can be carried out (5.1.3)", rule="P22")
        if arg == "british-chit":
            return Refusal("Jewish Agency (P22): the Intel Chit bag is empty, so only the Irgun Limited Operation "
                           "can be carried out (5.1.3)", rule="P22")
        return Refusal("Jewish Agency (P22): choose irgun-operation or british-chit", rule="P22")

    def act(self, g, f, verb, arg):
        g.end()
        _p22_branch(g, arg, f["role"])


@procedure
class JewishAgencyIrgunOp(Procedure):
    """P22: the Irgun picks a Limited Operation with a legal space, or declines. The Operation follows
    2.3.4 and may add spaces by 2.3.7 and 6.5.3, with no Special Activity (R-EV-OPS)."""

    name = "pal.ev.P22.irgun_op"
    rule = "P22"

    def _ops(self, g):
        from ..rules import RULES

        return RULES.ops(g, "irgun", True)

    def prompt(self, g, f):
        ops = self._ops(g)
        return {"op": ops, "done": []} if ops else {"done": []}

    def text(self, g, f):
        return "Irgun (Jewish Agency): conduct a Limited Operation (op NAME), or done to decline"

    def explain(self, g, f, verb, arg):
        if verb == "op" and arg:
            return op_refusal(g, "irgun", arg, True)
        return None

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say("Irgun declined the Limited Operation (Jewish Agency).", faction="irgun", rule="P22")
            return
        g.say(f"Irgun began a Limited {arg.title()} Operation (Jewish Agency).", faction="irgun",
              rule=OP_RULE[arg])
        g.call(f"pal.op.{arg}", "irgun", **new_op_frame(g, arg, True, False, optional=True))


@procedure
class JewishAgencyChit(Procedure):
    """P22: the British may draw one Intel Chit (1.6.1), or decline."""

    name = "pal.ev.P22.chit"
    rule = "P22"

    def prompt(self, g, f):
        return {"draw": [], "done": []} if g.s["intel"]["bag"] else {"done": []}

    def text(self, g, f):
        if not g.s["intel"]["bag"]:
            return "British (Jewish Agency): the Intel Chit bag is empty; done"
        return "British (Jewish Agency): draw an Intel Chit, or done to decline"

    def explain(self, g, f, verb, arg):
        if verb == "draw":
            return "the Intel Chit bag is empty: every chit is held by the British (1.6.1)"
        return None

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say("British declined to draw an Intel Chit (Jewish Agency).", faction="british", rule="P22")
            return
        B.draw_chit(g, "Jewish Agency", rule="P22")


# -- P24 Sergeants Affair --------------------------------------------------------------------------------

def _terror_count(g: Context) -> int:
    return min(3, B.terror_on_map(g))


def _p24_unshaded_playable(g: Context, faction: str) -> bool:
    return _terror_count(g) > 0 and g.s["pw"] < 20


def _p24_shaded_playable(g: Context, faction: str) -> bool:
    return _terror_count(g) > 0 and g.s["pw"] > 0


@event("P24", "unshaded", playable=_p24_unshaded_playable)
def sergeants_affair_unshaded(g: Context, faction: str) -> None:
    """P24 unshaded: +1 Political Will per Terror marker on the map, at most +3."""
    gain_will(g, _terror_count(g), "P24")


@event("P24", "shaded", playable=_p24_shaded_playable)
def sergeants_affair_shaded(g: Context, faction: str) -> None:
    """P24 shaded: -1 Political Will per Terror marker on the map, at most -3."""
    lose_will(g, _terror_count(g), "P24")
