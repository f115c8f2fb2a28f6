"""What every Arab Revolt Operation shares (engine.coin.operation.Operation): the space count, the
Special Activities each may take, and placing one's own pieces from the map when none are Available.

Rules 3.1 (British: up to three spaces, one if Limited; Rebels: up to the Operations chit's value, even if
Limited), 2.3.5 (Limited: no Special Activity), 4.1 and 4.1.1 (which Special Activity may accompany which
Operation), 1.4.1 IMPORTANT (own pieces from the map; ruling R-1.4.1, whose Event reading R-1.4.1-EVENT is the umpire's), 1.3.7 (British never select Foreign
Countries; Rebels only for Rally, March and Mobilize; Out of Play spaces not at all).
"""

from __future__ import annotations

import functools

from ...coin import operation
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B

notation.declare(__name__, {"take", "done"})

OP_FACTION = {"deploy": "british", "patrol": "british", "sweep": "british", "assault": "british",
              "rally": "rebels", "march": "rebels", "sabotage": "rebels", "ambush": "rebels"}
OPS = {"british": ["deploy", "patrol", "sweep", "assault"], "rebels": ["rally", "march", "sabotage", "ambush"]}
OP_RULE = {"deploy": "3.2.1", "patrol": "3.2.2", "sweep": "3.2.3", "assault": "3.2.4",
           "rally": "3.3.1", "march": "3.3.2", "sabotage": "3.3.3", "ambush": "3.3.4"}
#: Special Activities and the Operations they may accompany (4.1.1, 4.2, 4.3).
SA_ACCOMPANY = {
    "deploy": ["punish", "divide", "air-recon"],
    "patrol": ["punish", "divide", "air-recon"],
    "sweep": ["punish", "air-recon"],
    "assault": ["punish", "air-recon"],
    "rally": ["mobilize", "coordinate", "raid"],
    "march": ["mobilize", "coordinate"],
    "sabotage": ["coordinate", "raid"],
    "ambush": ["coordinate", "raid"],
}
#: Operations that may select Foreign Countries in play (1.3.7).
FOREIGN_OPS = {"rally", "march"}


def cap(g: Context, cid: str) -> str | None:
    """The side of Capability *cid* in play, if any (5.3)."""
    return g.s["capabilities"].get(cid)


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


def selectable(g: Context, op: str, sid: str) -> str | None:
    """``None`` if Operation *op* may select *sid* at all by 1.3.7, else why not."""
    if B.KIND[sid] != "foreign":
        return None
    if OP_FACTION[op] == "british":
        return "British Operations never select Foreign Countries (1.3.7)"
    if op not in FOREIGN_OPS:
        return f"{op.title()} may not select Foreign Countries (1.3.7: Rally, March and Mobilize only)"
    if not B.in_play(g, sid):
        return f"{B.name(sid)} is Out of Play (1.3.7)"
    return None


class Operation(operation.Operation):
    """Base of the eight Arab Revolt Operations."""

    sa_prefix = "ar.sa."

    @property
    def faction(self) -> str:
        return OP_FACTION[self.op]

    def rule_for(self, g, f):
        return OP_RULE[self.op]

    def candidates(self, g, f):
        return [s for s in super().candidates(g, f) if selectable(g, self.op, s) is None]

    def admits(self, g, f, sid):
        return self.eligible(g, f, sid) is None and selectable(g, self.op, sid) is None

    def explain(self, g, f, verb, arg):
        if verb == "space" and arg in B.SPACES and arg not in f["spaces"]:
            why = selectable(g, self.op, arg)
            if why:
                return why
        if verb == "space" and f["stage"] == "select" and len(f["spaces"]) >= f["max"] and self.faction == "rebels":
            return f"the Operation already has its {f['max']} space(s): the Operations chit's value (3.1, 1.8.2)"
        return super().explain(g, f, verb, arg)

    def sa_allowed(self, g, f):
        sa_possible = _special().sa_possible
        return [a for a in SA_ACCOMPANY[self.op] if sa_possible(g, a)]


@functools.cache
def _special():
    """The ``special`` module, which imports this one: imported once, on first use (not on every prompt)."""
    from . import special
    return special


# -- own pieces from the map (1.4.1 IMPORTANT) -----------------------------------------------------------

def map_sources(g: Context, sid: str, piece: str) -> list[str]:
    """Map pieces of *piece* the owner could take to place one in *sid* ("SPACE WORD"); never from Prison,
    which is not on the map (1.4.1 IMPORTANT)."""
    out = []
    for s in B.SPACES:
        if piece == "bases" and s == sid:
            continue
        for key in B.BOARD.pieces[piece].keys:
            if B.sp(g, s)[key]:
                out.append(f"{s} {B.BOARD.word_of_key[key]}")
    return out


def may_take_from_map(g: Context, role: str, piece: str, by: str) -> bool:
    """Whether *role* placing *piece* may take one from the map when none is Available (ruling R-1.4.1).

    1.4.1 IMPORTANT: a faction executing an Operation, Special Activity or Event to place its *own* forces
    (replacing is placing: 1.4.3 "including if replacing a piece"). *by* is ``op`` for an Operation or a
    Special Activity (Event-granted ones included), ``event`` for an Event's own text, where 5.1.1 ("Events
    place only Available pieces") may be read against it: the umpire's reading R-1.4.1-EVENT decides.
    """
    if B.BOARD.pieces[piece].side != role:
        return False
    if by == "event":
        return chosen(g.s, "R-1.4.1-EVENT", "map") == "map"
    return by == "op"


def place_own(g: Context, role: str, sid: str, piece: str, *, rule: str, label: str, by: str = "op") -> None:
    """*role* places one *piece* in *sid* by an Operation or Special Activity (``by="op"``) or an Event's own
    text (``by="event"``): from Available; with none Available, one it may take from the map if
    :func:`may_take_from_map` (it asks which, or none); else nothing, so that a replacement is a removal (1.4.1,
    5.1.1). Nothing if stacking forbids it (1.4.2). A Pass (2.3.3) and the chits' effects are none of these
    and place with ``B.place`` (Available only)."""
    if B.BOARD.room(g, sid, piece) == 0:
        g.say(f"{label}: no {B.BOARD.pieces[piece].label} may go in {B.name(sid)} (1.4.2).", faction=role,
              rule="1.4.2")
        return
    if g.s["available"][piece]:
        B.place(g, sid, piece, 1)
        g.say(f"{label}: {role.title()} placed {B.BOARD.pieces[piece].named()} in {B.name(sid)}.", faction=role,
              rule=rule)
        return
    from_map = may_take_from_map(g, role, piece, by)
    sources = map_sources(g, sid, piece) if from_map else []
    if sources:
        g.call(FromMap.name, role, sid=sid, piece=piece, options=sources, rule=rule, label=label)
    elif from_map:
        g.say(f"{label}: no {B.BOARD.pieces[piece].label} is Available or on the map.", faction=role, rule="1.4.1")
    else:
        g.say(f"{label}: no {B.BOARD.pieces[piece].label} is Available ({'5.1.1' if by == 'event' else '1.4.1'}).",
              faction=role, rule="1.4.1")


@procedure
class FromMap(Procedure):
    """None of a piece is Available: the owner takes one from the map to place it, or places none (1.4.1)."""

    name = "ar.from_map"
    rule = "1.4.1"

    def prompt(self, g, f):
        return {"take": list(f["options"]), "done": []}

    def text(self, g, f):
        label = B.BOARD.pieces[f["piece"]].label
        return (f"{f['role'].title()} ({f['label']}): no {label} is Available; take one from the map to place in "
                f"{B.name(f['sid'])} (take SPACE KIND), or done to place none")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            return
        src, word = arg.split(" ")
        key = B.BOARD.key_of_word[word]
        B.remove(g, src, key, 1)
        for frame in g.frames:  # an Operation paused for this Special Activity keeps its own count of pieces
            hook = getattr(g.proc(frame), "piece_left", None)
            if hook:
                hook(g, frame, src, key)
        B.place(g, f["sid"], f["piece"], 1)
        g.say(f"{f['label']}: {f['role'].title()} moved {B.BOARD.named(key)} from {B.name(src)} to place it in "
              f"{B.name(f['sid'])}.", faction=f["role"], rule="1.4.1")
