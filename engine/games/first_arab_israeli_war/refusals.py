"""Why an order of a known word is refused, where a procedure of this game has no more precise reason of its own
(GAME-STANDARD: every refusal names why, with the facts of the position; engine.api.explain).

A refused order names units and hexes; the reason says what stands in the way, from what the ordering side may
know: where its own unit is (placed already, moved, eliminated, not in the hex the step is about), that a unit is
not its own (nothing more about an enemy unit), and which hexes or units the step accepts now. ``hooks.install``
gives every procedure of the game this reason after its own ``explain``.
"""

from __future__ import annotations

from ...core.errors import Refusal
from ...core.flow import Procedure
from . import units

_WHERE = {"pool": "not in play (in the counter mix)", "eliminated": "eliminated", "out": "out of the game",
          "available": "in the Available air box", "completed": "in the Completed air box",
          "deploying": "waiting to be deployed"}


def _unit_words(state: dict, role: str, cid: str) -> str | None:
    if cid not in state["units"]:
        return None
    if units.side_of(state, cid) != role:
        return f"{cid} is not one of your units"
    rec = state["units"][cid]
    if rec["status"] == "map":
        return f"your {cid} is in {rec['at']}{' (broken)' if rec['broken'] else ''}"
    return f"your {cid} is {_WHERE.get(rec['status'], rec['status'])}"


def fallback(g, f: dict, p: Procedure, verb: str, arg: str | None) -> Refusal | None:
    """The reason *verb arg* is refused at frame *f* (a word the step takes, an argument it does not)."""
    legal = g.legal if g.legal is not None else p.prompt(g, f)
    args = legal.get(verb)
    if args is None or arg is None:
        return None
    role = f.get("role")
    facts = [w for w in (_unit_words(g.s, role, word) for word in arg.split()) if w]
    pack = units.pack_of(g.s)
    hexes = [w for w in arg.split() if pack.map.has(w)]
    off = [w for w in arg.split() if w not in g.s["units"] and not pack.map.has(w) and not w.isdigit()
           and not w.startswith("supply@")]
    if off:
        facts.append(f"{off[0]!r} is neither a unit of the mix nor a hex of the map")
    for h in hexes:
        if pack.map.is_water(h):
            facts.append(f"{h} is water")
    shown = ", ".join(args[:10]) + (" ..." if len(args) > 10 else "")
    why = "; ".join(facts) if facts else f"{arg} is not open to this step"
    return Refusal(f"{why}: the {verb} orders open now are {shown} ({p.rule_for(g, f)})", p.rule_for(g, f))
