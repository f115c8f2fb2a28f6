"""Palestine Event cards P26 to P31 (section 9.0), except P29, a Capability registered in ``capabilities``.

- P26 Veterans of WWII (single text): the executing faction's own Operation in up to 3 spaces, with a
  Special Activity valid for it (rulings R-EV-OPS, R-P26).
- P27 American Loans* (starred): unshaded, the British choose one Operation in up to 4 spaces (R-P27u);
  shaded, Political Will -1 and the British Pass on the next Event card without an Intel Chit (R-P27;
  the forced Pass itself lives in ``rules.PalestineRules.must_pass`` / ``end_of_card``).
- P28 CID: unshaded, an Intel Chit per space with Police and Cells; shaded, an Irgun Sabotage in one space
  with Police that clears the Police there on success.
- P30 Roy Farran: unshaded, a Cell to Available from each of up to 3 spaces with Police; shaded, 2 Police
  to Available and Political Will -1.
- P31 Dov Gruner: unshaded, a Cell from one space with Troops to Prison; shaded, up to 3 Cells placed in
  Cities or Districts.

Who decides: the executing faction (5.1), except where the card names a faction (P27 unshaded: the
British; P28 shaded: the Irgun).
"""

from __future__ import annotations

from ....coin.sequence import op_refusal
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from ..operation import event_op_frame
from ..special import SA_ACCOMPANY, sa_possible
from .base import ScriptEvent, event
from .common import lose_will
from .pickers import pick, put

notation.declare(__name__, {"op", "done"})

CELL_KEYS = ["cells_u", "cells_a"]
BRITISH_OPS = ("deploy", "patrol", "search", "assault")


def _op_possible(g: Context, op: str, frame: dict) -> bool:
    """Whether the Operation *op* could select a space with the local data *frame* (stops at the first)."""
    return g.procs[f"pal.op.{op}"].possible(g, frame)


# -- P26 Veterans of WWII (single text) ---------------------------------------------------------------

P26_OP = {"irgun": "sabotage", "british": "assault"}


def _p26_frame(g: Context, faction: str) -> dict:
    return event_op_frame(g, P26_OP[faction], 3, with_sa=True, optional=True)


def _p26_playable(g: Context, faction: str) -> bool:
    """Playable if the Operation has a space, or a Special Activity that may accompany it can be done
    (ruling R-P26: the Special Activity is granted by the card even if the Operation selects no space)."""
    op = P26_OP[faction]
    if _op_possible(g, op, _p26_frame(g, faction)):
        return True
    return any(sa_possible(g, a) for a in SA_ACCOMPANY[op])


@event("P26", "event", playable=_p26_playable)
def p26_veterans(g: Context, faction: str) -> None:
    """P26: the executing faction performs its own Operation of the two the card names (Irgun Sabotage,
    British Assault) in up to 3 spaces, plus a Special Activity that may accompany it (4.1.1: any Irgun one
    with Sabotage, including Terror; only Mass Detention with Assault). Ruling R-P26."""
    op = P26_OP[faction]
    g.say(f"{faction.title()} may {op.title()} in up to 3 spaces with a Special Activity (P26).",
          faction=faction, rule="P26")
    g.call(f"pal.op.{op}", faction, **_p26_frame(g, faction))


# -- P27 American Loans* ------------------------------------------------------------------------------

def _p27_frame(g: Context, op: str) -> dict:
    # The card sets the count at 4 (5.1.1, 5.1.2: this Event beats P9 shaded); no SA (4.1); extras: R-EV-OPS.
    return event_op_frame(g, op, 4, optional=True)


def _p27_ops(g: Context) -> list[str]:
    return [op for op in BRITISH_OPS if _op_possible(g, op, _p27_frame(g, op))]


@event("P27", "unshaded", playable=lambda g, faction: bool(_p27_ops(g)))
def p27_loans_unshaded(g: Context, faction: str) -> None:
    """P27 unshaded: the card names Britain, so the British choose which Operation, if any (5.1)."""
    g.call("pal.ev.P27.choose", "british")


@procedure
class LoansChoose(Procedure):
    """P27 unshaded: the British choose one of their Operations, to be done in up to 4 spaces, or none."""

    name = "pal.ev.P27.choose"
    rule = "P27"

    def prompt(self, g, f):
        out = {"done": []}
        ops = _p27_ops(g)
        if ops:
            out["op"] = ops
        return out

    def text(self, g, f):
        return "British (P27 American Loans): choose an Operation in up to 4 spaces (op NAME), or done for none"

    def explain(self, g, f, verb, arg):
        if verb == "op" and arg:
            return op_refusal(g, "british", arg, False)
        return None

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say("British chose to conduct no Operation (P27).", faction="british", rule="P27")
            g.end()
            return
        g.say(f"British chose to {arg.title()} in up to 4 spaces (P27).", faction="british", rule="P27")
        g.goto(f"pal.op.{arg}", "british", **_p27_frame(g, arg))


@event("P27", "shaded")
def p27_loans_shaded(g: Context, faction: str) -> None:
    """P27 shaded: Political Will -1 (starred: 0 with P9 unshaded), then the British must Pass on the next
    Event card and draw no Intel Chit for it (ruling R-P27; ``rules.PalestineRules`` reads the flag)."""
    lose_will(g, 1, "P27", starred=True)
    g.s["flags"]["loans"] = "next"
    g.say("The British must Pass on the next Event card, drawing no Intel Chit (P27).", faction=faction,
          rule="P27")


# -- P28 CID ------------------------------------------------------------------------------------------

def _police_and_cells(g: Context) -> list[str]:
    return [s for s in B.SPACES if (x := B.sp(g, s))["police"] and B.cells(x)]


@event("P28", "unshaded", playable=lambda g, faction: bool(_police_and_cells(g) and g.s["intel"]["bag"]))
def p28_cid_unshaded(g: Context, faction: str) -> None:
    """P28 unshaded: one Intel Chit drawn at random (as the Tip says) for each space with both Police and
    Cells, as long as the bag holds chits (5.1.3)."""
    spaces = _police_and_cells(g)
    for i, sid in enumerate(spaces):
        if not g.s["intel"]["bag"]:
            g.say(f"The Intel Chit bag is empty: {len(spaces) - i} chit(s) could not be drawn (P28).",
                  faction="british", rule="P28")
            return
        B.draw_chit(g, f"CID, {B.name(sid)}", rule="P28")


def _p28_shaded_frame(g: Context) -> dict:
    return event_op_frame(g, "sabotage", 1, optional=True, need_police=True,
                        on_success="remove-police")


@event("P28", "shaded", playable=lambda g, faction: _op_possible(g, "sabotage", _p28_shaded_frame(g)))
def p28_cid_shaded(g: Context, faction: str) -> None:
    """P28 shaded: the Irgun (named by the card) may Sabotage in 1 space with Police and an Underground
    Cell; a successful roll removes all Police there to Available. No Special Activity (4.1; extra spaces: R-EV-OPS)."""
    g.call("pal.op.sabotage", "irgun", **_p28_shaded_frame(g))


# -- P30 Roy Farran -----------------------------------------------------------------------------------

@event("P30", "unshaded", playable=lambda g, faction: bool(_police_and_cells(g)))
def p30_farran_unshaded(g: Context, faction: str) -> None:
    """P30 unshaded: the executing faction removes one Cell (its choice of state) to Available from each of
    up to 3 spaces with Police."""
    pick(g, faction, CELL_KEYS, spaces=_police_and_cells(g), max=3, min=0, per_space=1, rule="P30",
         label="Roy Farran (P30)")


def _police_on_map(g: Context) -> int:
    return sum(B.sp(g, s)["police"] for s in B.SPACES)


@event("P30", "shaded", playable=lambda g, faction: bool(_police_on_map(g) or g.s["pw"] > 0))
@procedure
class FarranShaded(ScriptEvent):
    """P30 shaded: 2 Police (fewer if fewer are on the map, 5.1.3) removed to Available, chosen by the
    executing faction; then Political Will -1."""

    name = "pal.ev.P30.shaded"
    rule = "P30"
    script = ("police", "will")

    def police(self, g, f):
        need = min(2, _police_on_map(g))
        if need:
            pick(g, f["faction"], ["police"], max=2, min=need, rule="P30", label="Roy Farran (P30)")

    def will(self, g, f):
        lose_will(g, 1, "P30")


# -- P31 Dov Gruner -----------------------------------------------------------------------------------

def _troops_and_cells(g: Context) -> list[str]:
    return [s for s in B.SPACES if (x := B.sp(g, s))["troops"] and B.cells(x)]


@event("P31", "unshaded", playable=lambda g, faction: bool(_troops_and_cells(g)))
def p31_gruner_unshaded(g: Context, faction: str) -> None:
    """P31 unshaded: one Cell, from one space with Troops, to Prison; the executing faction picks the space
    and whether the Cell is Underground or Active. Mandatory when possible (5.1.3)."""
    pick(g, faction, CELL_KEYS, spaces=_troops_and_cells(g), max=1, min=1, dest="prison", rule="P31",
         label="Dov Gruner (P31)")


@event("P31", "shaded", playable=lambda g, faction: g.s["available"]["cells"] > 0)
def p31_gruner_shaded(g: Context, faction: str) -> None:
    """P31 shaded: the executing faction places up to 3 Available Cells in total, in any Cities or Districts
    (several in one space allowed; not Railways). New Cells are Underground (1.4.3)."""
    put(g, faction, "cells", spaces=B.CITIES + B.DISTRICTS, max=3, min=0, rule="P31", label="Dov Gruner (P31)")
