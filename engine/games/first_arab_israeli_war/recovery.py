"""The Recovery phase (2.1c-d; 13.5, 14.6, 16.2): broken units recover, supply is destroyed, bridges repaired.

- 13.5.1, 14.3d: ``recover HEX`` spends one supply point in the hex (two on sandy terrain: a hex whose terrain
  the pack's Terrain Effects Table marks ``desert``, ruling R-13.5-desert) and every broken unit of the side there
  turns to its effective face (13.5 says "supply unit", 14.3d "supply point": a point, ruling R-14.0-points);
- 13.5.2: ``absorb UNIT UNIT``: a broken brigade absorbs an effective battalion of its nationality in its hex, of
  a type the list allows (armored/mechanized brigade: an armored, mechanized or reconnaissance battalion;
  infantry brigade: an infantry or commando/guerrilla battalion; commando/guerrilla brigade: a commando/guerrilla
  battalion); the battalion leaves the map (to the pool, ruling R-5.1-pool) and the brigade turns effective;
- 14.6: ``discard HEX`` destroys one of the side's own supply points in the hex;
- 16.2, 14.3e: ``repair HEX HEX`` spends a supply point in the first hex, one of the two hexes of the destroyed
  bridge's hexside, to remove the marker (``state["destroyed_bridges"]``), unless an enemy unit stands in or
  next to either hex of that hexside (ruling R-16.2-enemy).
The log names the units only where the enemy may see the stack (21.0).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from ...core.grammar import Order
from . import units
from .reinforcement_table import BATTALION, family
from .sequence import Phase
from .units import SIDE_TITLES
from .view import private_to, public

notation.declare(__name__, {"recover", "absorb", "discard", "repair"})

ORDERS = (
    Order("recover HEX", "recovery: spend a supply point (two on desert) in the hex: all your broken units there "
          "recover", "13.5, 14.3d"),
    Order("absorb UNIT UNIT", "recovery: the broken brigade (first) absorbs the effective battalion (second) in its "
          "hex and recovers", "13.5"),
    Order("discard HEX", "recovery: destroy one of your own supply points in the hex", "14.6"),
    Order("repair HEX HEX", "recovery: spend a supply point in the first hex to repair the destroyed bridge between "
          "the two hexes", "16.2, 14.3e"),
)

#: 13.5.2: the battalion types each kind of broken brigade absorbs.
ABSORBS = {"armor": ("armor", "mechanized", "recon"), "mechanized": ("armor", "mechanized", "recon"),
           "infantry": ("infantry", "commando"), "commando": ("commando",)}


def cost(state: dict, hex_: str) -> int:
    """13.5.1: supply points a recovery spends in *hex_*: two on sandy terrain (ruling R-13.5-desert), else one."""
    pack = units.pack_of(state)
    return 2 if pack.tec.hex_effect(pack.map.hex(hex_).terrain).desert else 1


def broken_in(state: dict, side: str, hex_: str) -> list[str]:
    return [cid for cid in units.at(state, hex_) if units.side_of(state, cid) == side and state["units"][cid]["broken"]]


def recover_refusal(state: dict, side: str, hex_: str) -> Refusal | None:
    if not broken_in(state, side, hex_):
        return Refusal(f"none of your units in {hex_} is broken (13.5)", "13.5")
    need = cost(state, hex_)
    if units.supply_points(state, side, hex_) < need:
        return Refusal(f"a recovery in {hex_} spends {need} supply point{'s' if need != 1 else ''} there"
                       f"{' (sandy terrain)' if need == 2 else ''}; you have {units.supply_points(state, side, hex_)} "
                       f"(13.5.1)", "13.5")
    return None


def recover(g, side: str, hex_: str) -> list[str]:
    """13.5.1: spend the supply; every broken unit of *side* in *hex_* recovers. Returns them."""
    s = g.s
    need = cost(s, hex_)
    units.spend_supply(s, side, hex_, need)
    done = broken_in(s, side, hex_)
    for cid in done:
        s["units"][cid]["broken"] = False
    what = ", ".join(done) if public(s, side, hex_) else "its broken units"
    g.say(f"{SIDE_TITLES[side]} spent {need} supply point{'s' if need != 1 else ''} in {hex_}: {what} recovered "
          f"(13.5).", faction=side, rule="13.5", to=private_to(s, side, hex_))
    return done


def absorb_refusal(state: dict, side: str, brigade: str, battalion: str) -> Refusal | None:
    """Why *brigade* cannot absorb *battalion* (13.5.2), or None."""
    recs = state["units"]
    for cid in (brigade, battalion):
        if cid not in recs or recs[cid]["status"] != "map" or units.side_of(state, cid) != side:
            return Refusal(f"{cid} is not one of your units on the map (13.5)", "13.5")
    b, u = units.counter(state, brigade), units.counter(state, battalion)
    if b.size != "brigade" or not recs[brigade]["broken"]:
        return Refusal(f"{brigade} is not a broken brigade: only they recover by absorption (13.5.2)", "13.5")
    if u.size not in BATTALION or recs[battalion]["broken"]:
        return Refusal(f"{battalion} is not an effective battalion-sized unit (13.5.2)", "13.5")
    if recs[brigade]["at"] != recs[battalion]["at"]:
        return Refusal(f"{battalion} is not in {brigade}'s hex (13.5.2)", "13.5")
    if b.nationality != u.nationality:
        return Refusal(f"{brigade} and {battalion} are not of the same nationality (13.5.2)", "13.5")
    if family(u.type) not in ABSORBS.get(family(b.type), ()):
        return Refusal(f"a {b.type} brigade absorbs only a {' or '.join(ABSORBS.get(family(b.type), ()) or ('-',))} "
                       f"battalion, not {battalion} ({u.type}) (13.5.2)", "13.5")
    return None


def absorptions(state: dict, side: str) -> list[str]:
    """``"BRIGADE BATTALION"`` pairs that may absorb now, one battalion of each kind a brigade (R-4.6-alike)."""
    out = []
    for b in units.on_map(state, side):
        if units.counter(state, b).size != "brigade" or not state["units"][b]["broken"]:
            continue
        here = [cid for cid in units.at(state, state["units"][b]["at"]) if absorb_refusal(state, side, b, cid) is None]
        out += [f"{b} {cid}" for cid in units.interchangeable(state, here)]
    return out


def absorb(g, side: str, brigade: str, battalion: str) -> None:
    s = g.s
    h = s["units"][brigade]["at"]
    s["units"][battalion] = {"status": "pool", "at": None, "broken": False}
    s["units"][brigade]["broken"] = False
    what = f"{brigade} absorbed {battalion} and recovered" if public(s, side, h) else "a brigade absorbed a battalion"
    g.say(f"{SIDE_TITLES[side]}: {what} in {h} (13.5.2).", faction=side, rule="13.5")


def _enemy_near(state: dict, side: str, hexes: tuple[str, ...]) -> bool:
    m = units.pack_of(state).map
    near = set(hexes)
    for h in hexes:
        near.update(m.neighbours(h))
    enemy = units.other(side)
    return any(h in near for h in state["supply"][enemy]) or any(
        state["units"][cid]["at"] in near for cid in units.on_map(state, enemy))


def repair_refusal(state: dict, side: str, at: str, other: str) -> Refusal | None:
    """Why *side* cannot repair the destroyed bridge *at*-*other* with supply in *at* (16.2), or None."""
    if sorted((at, other)) not in [sorted(p) for p in state["destroyed_bridges"]]:
        return Refusal(f"no destroyed bridge lies between {at} and {other} (16.2)", "16.2")
    if units.supply_points(state, side, at) < 1:
        return Refusal(f"you have no supply point in {at}, next to the bridge (16.2)", "16.2")
    if _enemy_near(state, side, (at, other)):
        return Refusal(f"an enemy unit stands in or next to {at} or {other}: the bridge cannot be repaired (16.2; "
                       f"ruling R-16.2-enemy)", "16.2")
    return None


def repairs(state: dict, side: str) -> list[str]:
    out = []
    for pair in state["destroyed_bridges"]:
        a, b = sorted(pair)
        for at, other in ((a, b), (b, a)):
            if repair_refusal(state, side, at, other) is None:
                out.append(f"{at} {other}")
    return out


@procedure
class RecoveryPhase(Phase):
    """The Recovery phase of a player turn (2.1, 13.5, 14.6, 16.2)."""

    name = "faiw.phase.recovery"
    rule = "13.5"
    phase = "recovery"

    def actions(self, g, f: dict) -> dict[str, list[str]]:
        s, side = g.s, f["role"]
        out: dict[str, list[str]] = {}
        hexes = sorted({s["units"][cid]["at"] for cid in units.on_map(s, side) if s["units"][cid]["broken"]})
        rec = [h for h in hexes if recover_refusal(s, side, h) is None]
        if rec:
            out["recover"] = rec
        ab = absorptions(s, side)
        if ab:
            out["absorb"] = ab
        if s["supply"][side]:
            out["discard"] = sorted(s["supply"][side])
        rep = repairs(s, side)
        if rep:
            out["repair"] = rep
        return out

    def do(self, g, f: dict, verb: str, arg: str | None) -> None:
        s, side = g.s, f["role"]
        if verb == "recover":
            recover(g, side, arg)
        elif verb == "absorb":
            absorb(g, side, *arg.split())
        elif verb == "discard":
            units.spend_supply(s, side, arg, 1)
            g.say(f"{SIDE_TITLES[side]} destroyed one of its own supply points in {arg} (14.6).", faction=side,
                  rule="14.6", to=private_to(s, side, arg))
        elif verb == "repair":
            at, other = arg.split()
            units.spend_supply(s, side, at, 1)
            s["destroyed_bridges"] = [p for p in s["destroyed_bridges"] if sorted(p) != sorted((at, other))]
            g.say(f"{SIDE_TITLES[side]} repaired the bridge between {at} and {other} (16.2).", faction=side,
                  rule="16.2")  # the marker leaves the map in sight of both
            g.say(f"{SIDE_TITLES[side]} spent a supply point in {at} for the repair (16.2).", faction=side,
                  rule="16.2", to=private_to(s, side, at))

    def explain(self, g, f: dict, verb: str, arg: str | None) -> Refusal | None:
        s, side = g.s, f["role"]
        words = (arg or "").split()
        m = units.pack_of(s).map
        if any(not m.has(w) for w in words) and verb in ("recover", "discard", "repair"):
            return Refusal(f"{' '.join(words)}: not hexes of the map (13.5)", "13.5")
        if verb == "recover" and len(words) == 1:
            return recover_refusal(s, side, words[0])
        if verb == "absorb" and len(words) == 2:
            return absorb_refusal(s, side, *words)
        if verb == "discard" and len(words) == 1:
            return Refusal(f"you have no supply point in {words[0]} to destroy (14.6)", "14.6")
        if verb == "repair" and len(words) == 2:
            return repair_refusal(s, side, *words)
        return None
