"""Procedures several Arab Revolt Event texts share: placing one's own pieces space by space, moving one
piece from each of several spaces, and granting a free Operation."""

from __future__ import annotations

from ....coin import pickers
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import may_take_from_map, new_op_frame, place_own

notation.declare(__name__, {"place", "move", "done"})


@procedure
class PlaceEach(pickers.Chooser):
    """The executing faction places one ``piece`` in each of up to ``max`` of ``spaces``, or done (an Event's
    own text). Its own pieces come from Available, else from the map where the umpire's reading of 1.4.1
    against 5.1.1 allows (ruling R-1.4.1-EVENT); the other side's pieces from Available only (1.4.1 IMPORTANT
    covers a faction placing its *own* forces)."""

    name = "ar.ev.place_own"  # the name games in the middle of A4 are stored with
    verb = "place"
    doing = "place"

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        role, piece = f["role"], f["piece"]
        if not g.s["available"][piece] and not (may_take_from_map(g, role, piece, "event")
                                                and any(B.BOARD.on_map(g, k) for k in B.BOARD.pieces[piece].keys)):
            return []
        return [s for s in f["spaces"] if not f["per"].get(s) and B.BOARD.room(g, s, piece) != 0]

    def take(self, g, f, arg):
        place_own(g, f["role"], arg, f["piece"], rule=f["rule"], label=f["label"], by="event")

    def explain(self, g, f, verb, arg):
        """Why *place arg* is refused (:meth:`options`): up to ``max`` pieces, one in each of the card's spaces,
        stacking (1.4.2), a piece to place (5.1.1; 1.4.1 and ruling R-1.4.1-EVENT for one's own)."""
        if verb != "place" or arg is None or arg in self.options(g, f):
            return None
        rule, piece = f["rule"], B.BOARD.pieces[f["piece"]]
        if f["taken"] >= f["max"]:
            return W.because(f"the card places up to {f['max']} piece(s), and has placed them", rule)
        if not W.is_space(arg):
            return W.form("place", "SPACE", arg, rule)
        name = B.name(arg)
        if arg not in f["spaces"]:
            return W.because(f"{name} is not among the card's spaces ({W.names(f['spaces'])})", rule)
        if f["per"].get(arg):
            return W.because(f"{piece.named()} was placed in {name} already: one in each space", rule)
        if B.BOARD.room(g, arg, f["piece"]) == 0:
            return W.because(f"no {piece.label} may go in {name}", "1.4.2")
        if may_take_from_map(g, f["role"], f["piece"], "event"):
            return W.because(f"no {piece.label} is Available or on the map", "1.4.1")
        return W.because(f"no {piece.label} is Available: Events place only Available pieces", "5.1.1")


def place_each(g: Context, role: str, piece: str, spaces: list[str], *, max: int, rule: str, label: str) -> None:
    """Pushes a :class:`PlaceEach` for *role* (the executing faction)."""
    if spaces:
        g.call(PlaceEach.name, role, **pickers.put_frame(piece, spaces=spaces, max=max, per_space=1, rule=rule,
                                                         label=label))
    else:
        g.say(f"{label}: no space qualifies.", faction=role, rule=rule)


@procedure
class MoveEach(Procedure):
    """One piece of ``key`` from each of ``sources`` to one of ``dests`` (the executing faction chooses)."""

    name = "ar.ev.move_each"
    rule = "5.1"

    def prompt(self, g, f):
        moves = [f"{a} {b}" for a in f["sources"] if B.sp(g, a)[f["key"]] for b in f["dests"] if b != a]
        return {"move": moves} if moves else {}

    def text(self, g, f):
        return f"{f['role'].title()} ({f['label']}): move one piece from each listed space (move FROM TO)"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"one piece moves from each of {W.names(f['sources'])}", f["rule"])
        if verb != "move" or arg is None or arg in self.prompt(g, f).get("move", ()):
            return None
        got = W.space_args(arg, 2, "move", "FROM TO", f["rule"])
        if not isinstance(got, list):
            return got
        src, dst = got
        if src not in f["sources"]:
            return W.because(f"{B.name(src)} is not one of the spaces a piece moves from ({W.names(f['sources'])})",
                             f["rule"])
        if dst not in f["dests"] or dst == src:
            return W.because(f"{B.name(dst)} is not one of the destinations ({W.names(f['dests'])})", f["rule"])
        return W.because(f"{W.has(g, src, f['key'])} to move", f["rule"])

    def rule_for(self, g, f):
        return f["rule"]

    def act(self, g, f, verb, arg):
        a, b = arg.split(" ")
        B.move(g, a, b, f["key"])
        f["sources"].remove(a)
        g.say(f"{f['label']}: {B.BOARD.named(f['key'])} moved from {B.name(a)} to {B.name(b)}.", faction=f["role"],
              rule=f["rule"])

    def step(self, g, f):
        if not self.prompt(g, f):
            g.end()
            return True
        return False


def free_op(g: Context, role: str, op: str, *, spaces: int, rule: str, label: str, **flags) -> None:
    """A free Operation an Event grants (no Special Activity, no chit: ruling R-OPS-EVENT), up to *spaces*;
    it may end with none selected."""
    g.say(f"{role.title()} may {op.title()} ({label}).", faction=role, rule=rule)
    g.call(f"ar.op.{op}", role, **new_op_frame(g, op, False, False, spaces=spaces, optional=True, rule=rule,
                                                 **flags))
