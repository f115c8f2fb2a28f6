"""The Air Operations phase (10.0): air strikes (10.3) and airlifts (10.5), each open to the enemy's interception
(10.6); aerial reconnaissance is flown in the Movement phase (``recon``).

As the phase starts the side's Completed air units return to its Available box (10.1a); none of it happens from
December 1947 to April 1948 (26.1b: the phase ends by itself). A mission is set up order by order and flown
when complete (10.3b: every air unit placed before any is resolved):

- ``strike HEX AIR`` names the target and its first air unit; ``fly AIR`` adds a second of the same country
  (10.3b, 10.7); ``launch`` flies it. No strike in a truce's first turn; later a strike violates the truce
  (22.1b, 22.3);
- ``airlift CARGO AIR`` names the cargo (a unit, or ``supply@HEX`` for a supply point) and the air unit; ``land
  HEX`` names the destination and flies it (10.5);
- ``cancel`` drops the mission being set up (nothing has flown).
The phase's bookkeeping (the mission being set up, the hexes struck) lives in its frame; the missions flown
are ``air_mission``'s frames.
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from ...core.grammar import Order
from . import air_lift, air_mission, air_strike, air_units, armistice, british, truce, units
from .sequence import Phase
from .units import SIDE_TITLES

notation.declare(__name__, {"strike", "fly", "launch", "airlift", "land", "cancel"})

ORDERS = (
    Order("strike HEX AIR", "air phase: strike the hex with the air unit (an enemy stack or an enemy city or town; "
          "more air units with fly, then launch)", "10.3"),
    Order("fly AIR", "air phase: add the air unit, of the same country, to the strike being set up (two at most; "
          "four British air units when Britain intervenes)", "10.3b, 10.7, 27.8a"),
    Order("launch", "air phase: fly the strike set up (the enemy may intercept first)", "10.3b, 10.6"),
    Order("airlift CARGO AIR", "air phase: carry the unit (or supply@HEX, one supply point) with the air unit",
          "10.5"),
    Order("land HEX", "air phase: the airlift's destination; the airlift then flies", "10.5b"),
    Order("cancel", "drop the air mission being set up, before it flies", "10.3b"),
    Order("intercept AIR HEX", "the enemy's air mission: place the air unit on the mission's hex to intercept it",
          "10.6"),
    Order("decline", "the enemy's air mission: do not intercept (any more)", "10.6"),
    Order("break UNIT", "an air strike on your stack: the unit that takes the break (supply@HEX: a supply point "
          "is eliminated)", "10.3a, 13.3, 19.6"),
) + armistice.ORDERS


@procedure
class AirOperationsPhase(Phase):
    """The air phase of a player turn (2.1, 10.0)."""

    name = "faiw.phase.air"
    rule = "10.0"
    phase = "air"

    def begin(self, g, f: dict) -> None:
        f["struck"], f["plan"] = [], None
        why = air_units.grounded(g.s)
        if why:
            self.close(g, f, "air operations", why, "26.1b")
        else:
            air_units.recover(g, f["role"])

    # -- the orders ---------------------------------------------------------------------------------------------
    def actions(self, g, f: dict) -> dict[str, list[str]]:
        s, side, plan = g.s, f["role"], f.get("plan")
        if plan and plan["kind"] == "strike":
            out = {"launch": [], "cancel": []}
            if len(plan["air"]) < british.strike_cap(s, plan["air"]):  # 10.3b; 27.8a
                more = air_units.kinds(s, air_units.ready(s, side, plan["country"], exclude=plan["air"]))
                if more:
                    out["fly"] = more
            return out
        if plan:
            dests = air_lift.destinations(s, side, plan["cargo"])
            return ({"land": dests} if dests else {}) | {"cancel": []}
        out: dict[str, list[str]] = {}
        kinds = air_units.kinds(s, air_units.ready(s, side))
        if kinds and air_units.attack_barred(s) is None:
            hexes = air_strike.targets(s, side, f["struck"])
            if hexes:
                out["strike"] = [f"{h} {a}" for h in hexes for a in kinds]
        if kinds:
            lifts = [f"{c} {a}" for c in air_lift.cargoes(s, side) for a in kinds
                     if air_lift.lift_refusal(s, side, a) is None and air_lift.carry_refusal(s, side, c, a) is None]
            if lifts:
                out["airlift"] = lifts
        out.update(armistice.actions(g, side))
        return out

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        out = super().prompt(g, f)
        if f.get("plan"):
            out.pop("end", None)  # a mission set up is launched or cancelled first
        return out

    def text(self, g, f: dict) -> str:
        plan = f.get("plan")
        if plan and plan["kind"] == "strike":
            return (f"{SIDE_TITLES[f['role']]}'s air strike on {plan['hex']} with {', '.join(plan['air'])}: add an "
                    f"air unit of the same country, launch it, or cancel it (10.3b)")
        if plan:
            return (f"{SIDE_TITLES[f['role']]}'s airlift of {plan['cargo']} with {plan['air'][0]}: name the hex it "
                    f"lands in, or cancel it (10.5b)")
        return super().text(g, f)

    def do(self, g, f: dict, verb: str, arg: str | None) -> None:
        s, side = g.s, f["role"]
        if verb in armistice.VERBS:
            armistice.do(g, f, verb, arg)
            return
        if verb == "strike":
            hex_, air = arg.split()
            f["plan"] = {"kind": "strike", "hex": hex_, "air": [air], "country": air_units.country(s, air)}
        elif verb == "fly":
            f["plan"]["air"].append(arg)
        elif verb == "cancel":
            f["plan"] = None
            g.say(f"{SIDE_TITLES[side]} called off an air mission before it flew (10.3b).", faction=side,
                  rule="10.3b")
        elif verb == "launch":
            plan, f["plan"] = f["plan"], None
            f["struck"].append(plan["hex"])
            g.say(f"{SIDE_TITLES[side]} placed {', '.join(plan['air'])} to strike {plan['hex']} (10.3b).",
                  faction=side, rule="10.3b")
            truce.violated(g, side, f"an air strike on {plan['hex']}")
            air_mission.start(g, side, "strike", plan["air"], hex=plan["hex"])
        elif verb == "airlift":
            cargo, air = arg.split()
            f["plan"] = {"kind": "airlift", "cargo": cargo, "air": [air]}
        elif verb == "land":
            plan, f["plan"] = f["plan"], None
            start = air_lift.origin(s, plan["cargo"])
            air_lift.record(s, side, plan["air"][0])  # 10.5d; 27.8a
            g.say(f"{SIDE_TITLES[side]} placed {plan['air'][0]} for an airlift from {start} to {arg} (10.5).",
                  faction=side, rule="10.5")
            air_mission.start(g, side, "airlift", plan["air"], cargo=plan["cargo"], origin=start, dest=arg)

    # -- refusals ----------------------------------------------------------------------------------------------
    def explain(self, g, f: dict, verb: str, arg: str | None):
        s, side = g.s, f["role"]
        if verb in armistice.VERBS:
            return armistice.explain(g, side, verb)
        why = air_units.grounded(s)
        if why and verb in ("strike", "airlift"):
            return Refusal(why, "26.1b")
        words = (arg or "").split()
        if verb == "strike" and len(words) == 2:
            hex_, air = words
            return (air_refusal(s, side, air) or _r(air_units.attack_barred(s), "22.1b")
                    or _r(air_strike.target_refusal(s, side, hex_, f["struck"]), "10.3"))
        if verb == "fly" and f.get("plan") and words:
            plan = f["plan"]
            cap = british.strike_cap(s, plan["air"])
            if len(plan["air"]) >= cap:
                return (Refusal("a strike takes two air units at most (10.3b)", "10.3b") if cap == 2 else
                        Refusal(f"a British strike takes {cap} air units at most (27.8a)", "27.8a"))
            bad = air_refusal(s, side, words[0])
            if bad:
                return bad
            if air_units.country(s, words[0]) != plan["country"]:
                return Refusal(f"{words[0]} is {air_units.country(s, words[0])}, the strike's air is "
                               f"{plan['country']}: never two countries in one mission (10.7)", "10.7")
        if verb == "airlift" and len(words) == 2:
            cargo, air = words
            return (air_refusal(s, side, air) or _r(air_lift.lift_refusal(s, side, air), "10.5d")
                    or _r(air_lift.cargo_refusal(s, side, cargo, air), "10.5"))
        if verb == "land" and f.get("plan") and f["plan"]["kind"] == "airlift" and words:
            return _r(air_lift.land_refusal(s, side, f["plan"]["cargo"], words[0]), "10.5b") or Refusal(
                f"{words[0]} is no landing hex for {f['plan']['cargo']}: a hex with a friendly unit, city, clear or "
                f"desert, not in an enemy ZOC (10.5b)", "10.5b")
        if verb == "end" and f.get("plan"):
            return Refusal("launch or cancel the air mission set up first (10.3b)", "10.3b")
        return None


def _r(text: str | None, rule: str) -> Refusal | None:
    if not text:
        return None
    import re

    m = re.search(r"\((\d+\.\d+[a-z]?)", text)
    return Refusal(text, m.group(1) if m else rule)


def air_refusal(state: dict, side: str, cid: str) -> Refusal | None:
    """Why *side* may not fly air unit *cid* now (10.1a, 10.2b), or None."""
    rec = state["units"].get(cid)
    if rec is None or units.counter(state, cid).type != "air" or air_units.side_of(state, cid) != side:
        return Refusal(f"{cid} is not one of {SIDE_TITLES[side]}'s air units (10.1)", "10.1")
    if air_units.flown(state, cid):
        return Refusal(f"{cid} flew a mission this impulse: one mission an impulse (10.2b)", "10.2b")
    if rec["status"] != "available":
        return Refusal(f"{cid} is not in the Available box but {rec['status']} (10.1a)", "10.1a")
    return None
