"""The Haganah Track and its piece reservoirs (rule 6.5).

Shifting right into 3 or 4 releases the pieces under that box to Irgun Available; shifting left away
from 3 or 4 refills that box's empty places from Available, then from the map (the Irgun chooses which,
even during a British action: the game waits for the Irgun), then from Prison (6.5.2).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from .why import elsewhere, has, not_a_space, space_of

notation.declare(__name__, {"take"})

HAGANAH_NAMES = {4: "Coordinate", 3: "Support", 2: "Neutral"}


def shift_haganah(g: Context, steps: int, why: str, rule: str = "6.5.1") -> int:
    """Shifts the Haganah Track *steps* boxes (negative = left); returns the shift made."""
    s = g.s
    done = 0
    while steps:
        before = s["haganah"]
        after = before + (1 if steps > 0 else -1)
        steps -= 1 if steps > 0 else -1
        if not 0 <= after <= 4:
            break
        s["haganah"] = after
        done += after - before
        g.say(f"The Haganah Track shifted from {before} to {after} ({why}).", rule=rule)
        if after > before and str(after) in B.HAGANAH_SLOTS:
            _release(g, str(after))
        elif after < before and str(before) in B.HAGANAH_SLOTS:
            _refill(g, str(before))
    return done


def _release(g: Context, box: str) -> None:
    slot = g.s["haganah_slots"][box]
    for piece, n in slot.items():
        g.s["available"][piece] += n
        slot[piece] = 0
    g.say(f"The Irgun pieces under Haganah box {box} became Available.", faction="irgun", rule="6.5.2")


def _refill(g: Context, box: str) -> None:
    slot = g.s["haganah_slots"][box]
    need = {}
    for piece, cap in B.HAGANAH_SLOTS[box].items():
        want = cap - slot[piece]
        take = min(want, g.s["available"][piece])
        g.s["available"][piece] -= take
        slot[piece] += take
        if want - take:
            need[piece] = want - take
    if need and _map_supply(g, need):
        g.call("pal.haganah_refill", "irgun", box=box)
    else:
        _from_prison(g, box)


def _map_supply(g: Context, need: dict) -> bool:
    for sid in B.SPACES:
        x = B.sp(g, sid)
        if need.get("cells") and B.cells(x):
            return True
        if need.get("caches") and x["caches"]:
            return True
    return False


def _from_prison(g: Context, box: str) -> None:
    slot = g.s["haganah_slots"][box]
    want = B.HAGANAH_SLOTS[box].get("cells", 0) - slot.get("cells", 0)
    take = min(want, g.s["prison"]) if want > 0 else 0
    if take:
        g.s["prison"] -= take
        slot["cells"] += take
        g.say(f"{take} Cell(s) went from Prison to Haganah box {box}.", rule="6.5.2")


def missing(g: Context, box: str) -> dict:
    slot = g.s["haganah_slots"][box]
    return {p: cap - slot[p] for p, cap in B.HAGANAH_SLOTS[box].items() if cap - slot[p] > 0}


@procedure
class HaganahRefill(Procedure):
    """The Irgun picks map pieces to fill the Haganah box the track left (6.5.2)."""

    name = "pal.haganah_refill"
    rule = "6.5.2"

    def prompt(self, g, f):
        need = missing(g, f["box"])
        out = []
        for sid in B.SPACES:
            x = B.sp(g, sid)
            if need.get("cells"):
                if x["cells_u"]:
                    out.append(f"{sid} underground")
                if x["cells_a"]:
                    out.append(f"{sid} active")
            if need.get("caches") and x["caches"]:
                out.append(f"{sid} cache")
        return {"take": out} if out else {}

    def text(self, g, f):
        need = missing(g, f["box"])
        what = ", ".join(f"{n} {p}" for p, n in need.items())
        return f"Irgun: choose map pieces to return to Haganah box {f['box']} ({what} still needed)"

    def explain(self, g, f, verb, arg):
        need = missing(g, f["box"])
        what = " and ".join(f"{n} {'Arms Cache(s)' if p == 'caches' else 'Cell(s)'}" for p, n in need.items())
        if verb == "done":
            return (f"Haganah box {f['box']} is filled from the map while pieces remain there (6.5.2): {what} "
                    "still needed (take SPACE underground|active|cache)")
        if verb != "take":
            return elsewhere(verb)
        parts = (arg or "").split()
        if len(parts) != 2 or parts[1] not in ("underground", "active", "cache"):
            return f"take SPACE underground|active|cache: a map piece for Haganah box {f['box']} (6.5.2)"
        sid = space_of(parts[0])
        if sid is None:
            return not_a_space(parts[0])
        piece = "caches" if parts[1] == "cache" else "cells"
        if not need.get(piece):
            return f"Haganah box {f['box']} needs no more {'Arms Caches' if piece == 'caches' else 'Cells'}: {what} (6.5.2)"
        key = {"underground": "cells_u", "active": "cells_a", "cache": "caches"}[parts[1]]
        return f"{has(g, sid, key)} to return to the Haganah Track (6.5.2)"

    def act(self, g, f, verb, arg):
        sid, kind = arg.split(" ")
        key = {"underground": "cells_u", "active": "cells_a", "cache": "caches"}[kind]
        piece = "caches" if kind == "cache" else "cells"
        B.sp(g, sid)[key] -= 1
        g.s["haganah_slots"][f["box"]][piece] += 1
        g.say(f"Irgun returned a {'Cache' if kind == 'cache' else 'Cell'} from {B.name(sid)} to the Haganah Track.",
              faction="irgun", rule="6.5.2")

    def step(self, g, f):
        if not self.prompt(g, f):
            _from_prison(g, f["box"])
            g.end()
            return True
        return False
