"""One air mission flown (10.2-10.6): the air units placed, the enemy's interception, the air-to-air combat, then
the mission itself (an air strike, an aerial reconnaissance or an airlift), and the air units to the Completed box.

``faiw.air.mission`` (the phasing side's frame, run automatically) holds the mission: ``kind`` (``strike``,
``recon``, ``airlift``), ``side``, ``air`` (its air units, one country: 10.7), ``hex`` (a strike's or a
reconnaissance's target), ``cargo``, ``origin`` and ``dest`` (an airlift's), and its progress. Its steps:

- 10.6: after the phasing player placed the mission's air units, the non-phasing player may place an air unit of
  its own on each hex of the mission (an airlift's origin and destination: 10.6d): ``faiw.air.intercept``, the
  other side's frame. None under the mandate (26.1b) or in a truce's first turn (22.1b, 22.3); after that, an
  interception violates the truce (22.3);
- 10.6a: each player rolls a die for each of its air units in the air-to-air combat, all before any result is
  applied; the phasing units' results fall on the interceptor (the worst applies), the interceptor's on one
  phasing air unit (the nationality's air units are interchangeable: R-4.6-alike); 10.6b: the survivors that
  did not abort fly the mission;
- 10.3: the strike: a die per air unit on the pack's strike table (``air_codes``), the struck stack revealed to
  the striker (21.1), its losses named by its owner in ``faiw.air.breaks`` (``air_breaks``: the struck side's
  frame, where a brigade may be split to take a break, 5.6; ``faiw.air.losses`` below is the same frame without the
  split, kept for games saved inside it);
- 10.4, 21.2: the reconnaissance: the stack revealed; 10.5: the airlift (``air_lift.carry``);
- 10.1a, 10.3c: every air unit that flew goes to the Completed box; an interceptor too (10.6c: it flies no other
  mission in the impulse).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Procedure, procedure
from . import air_codes, air_units, british, units, victory
from .sequence import Staged
from .units import SIDE_TITLES, other

notation.declare(__name__, {"intercept", "decline", "break"})


def reveal(state: dict, side: str, hex_: str) -> None:
    """21.1, 21.2: *hex_*'s enemy stack is revealed to *side* (``state["revealed"][side]``)."""
    if hex_ not in state["revealed"][side]:
        state["revealed"][side].append(hex_)


def lose_air(g, cid: str, why: str) -> None:
    """An air unit is eliminated (the enemy scores its VP: 28.1)."""
    units.remove(g.s, cid, "eliminated")
    victory.eliminated(g, cid, why)


def start(g, side: str, kind: str, air: list[str], **where) -> None:
    """Pushes the mission frame (its air units just placed: 10.6)."""
    g.call("faiw.air.mission", side, kind=kind, side=side, air=list(air), lost=[], aborted=[], stage="place",
           **where)


def mission_hexes(f: dict) -> list[str]:
    return [f["origin"], f["dest"]] if f["kind"] == "airlift" else [f["hex"]]


@procedure
class Mission(Staged):
    """One air mission (10.2): interception, air-to-air combat, the mission, the Completed box."""

    name = "faiw.air.mission"
    rule = "10.2"
    first = "place"

    def at_place(self, g, f: dict) -> bool:
        for cid in f["air"]:
            air_units.fly(g.s, cid)
        f["stage"] = "intercept"
        return True

    def at_intercept(self, g, f: dict) -> bool:
        s = g.s
        f["stage"] = "dogfight"
        enemy = other(f["side"])
        if air_units.attack_barred(s) is None and air_units.ready(s, enemy):
            g.call("faiw.air.intercept", enemy, hexes=mission_hexes(f), mission=f["kind"], picks=[])
        return True

    def at_dogfight(self, g, f: dict) -> bool:
        for pick in f.pop("ret", None) or []:
            self._dogfight(g, f, pick["air"], pick["hex"])
        f["stage"] = "execute"
        return True

    def at_execute(self, g, f: dict) -> bool:
        s = g.s
        f["stage"] = "done"
        flying = [a for a in f["air"] if a not in f["lost"] and a not in f["aborted"]]
        if not flying:
            g.say(f"No air unit of {SIDE_TITLES[f['side']]}'s {f['kind']} mission is left to fly it (10.6b).",
                  faction=f["side"], rule="10.6b")
        elif f["kind"] == "strike":
            from . import air_strike
            air_strike.resolve(g, f, flying)
        elif f["kind"] == "recon":
            reveal(s, f["side"], f["hex"])
            g.say(f"{SIDE_TITLES[f['side']]} reconnoitred {f['hex']} from the air: the stack there is revealed "
                  f"to it (10.4, 21.2).", faction=f["side"], rule="10.4")
        else:
            from . import air_lift
            air_lift.carry(g, f)
        return True

    def at_done(self, g, f: dict) -> bool:
        """10.1a, 10.3c: every air unit that flew goes to the Completed box."""
        for cid in f["air"]:
            if cid not in f["lost"]:
                air_units.complete(g.s, cid)
        g.end()
        return True

    def _dogfight(self, g, f: dict, interceptor: str, hex_: str) -> None:
        """10.6a: the rolls of both sides over *hex_*, then the results."""
        s = g.s
        side, enemy = f["side"], other(f["side"])
        engaged = [a for a in f["air"] if a not in f["lost"] and a not in f["aborted"]]
        if not engaged:
            air_units.complete(s, interceptor)
            return
        table = units.pack_of(s).air.interception
        facts = air_codes.hex_facts(s, hex_, len(engaged))
        theirs = [(a, air_codes.read(g, table, g.roll(f"interception: {a} ({SIDE_TITLES[side]}) against "
                                                      f"{interceptor} over {hex_}"), facts, "interception"))
                  for a in engaged]
        mine = air_codes.read(g, table, g.roll(f"interception: {interceptor} ({SIDE_TITLES[enemy]}) against "
                                               f"{', '.join(engaged)} over {hex_}"), facts, "interception")
        key = table.key
        g.say(f"Air-to-air combat over {hex_}: " + "; ".join(
            f"{a} rolled {t}: {c} ({key.get(c, c)})" for a, (t, c) in theirs)
            + f"; {interceptor} rolled {mine[0]}: {mine[1]} ({key.get(mine[1], mine[1])}) (10.6a).", rule="10.6a")
        on_interceptor = [air_codes.interception(c) for _, (_, c) in theirs]
        on_phasing = air_codes.interception(mine[1])
        for what, target in ((on_phasing, engaged[0]), (self._worst(on_interceptor), interceptor)):
            if what == "?":
                g.say(f"The interception result on {target} is not one the engine reads: apply the key by hand "
                      f"(10.6a).", rule="10.6a")
            elif what == "eliminated":
                lose_air(g, target, "shot down in air-to-air combat, 10.6")
                if target in f["air"]:
                    f["lost"].append(target)
            elif what == "abort" and target in f["air"]:
                f["aborted"].append(target)
                g.say(f"{target} aborted its mission (10.6a).", faction=side, rule="10.6a")
        if s["units"][interceptor]["status"] == "available":
            air_units.complete(s, interceptor)

    @staticmethod
    def _worst(results: list) -> str | None:
        for w in ("eliminated", "?", "abort"):
            if w in results:
                return w
        return None


@procedure
class Intercept(Procedure):
    """10.6: the non-phasing player may place an air unit on each hex of the phasing player's mission (27.8a: two
    British air units a hex, each fighting its own air-to-air combat in turn: ruling R-27.8a-air) (frame:
    ``hexes``, ``mission``, ``picks``)."""

    name = "faiw.air.intercept"
    rule = "10.6"

    def _open(self, g, f: dict) -> list[str]:
        """The mission hexes some ready air unit may still intercept over (10.6: one a hex; 27.8a: two British)."""
        pairs = self.prompt(g, f)["intercept"]
        return [h for h in f["hexes"] if any(p.endswith(f" {h}") for p in pairs)]

    def step(self, g, f: dict) -> bool:
        if not self.prompt(g, f)["intercept"]:
            g.end(f["picks"])
            return True
        return False

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        used = [p["air"] for p in f["picks"]]
        kinds = air_units.kinds(g.s, air_units.ready(g.s, f["role"], exclude=used))
        return {"intercept": [f"{a} {h}" for a in kinds
                              for h in british.intercept_hexes(g.s, f["hexes"], f["picks"], a)], "decline": []}

    def text(self, g, f: dict) -> str:
        return (f"{SIDE_TITLES[f['role']]} may intercept the enemy's {f['mission']} mission over "
                f"{', '.join(self._open(g, f))}: place an air unit there, or decline (10.6)")

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb == "decline":
            g.say(f"{SIDE_TITLES[f['role']]} did not intercept (10.6).", faction=f["role"], rule="10.6")
            g.end(f["picks"])
            return
        cid, hex_ = arg.split()
        from . import truce
        truce.violated(g, f["role"], f"an interception over {hex_}")
        air_units.fly(g.s, cid)
        f["picks"].append({"air": cid, "hex": hex_})
        g.say(f"{SIDE_TITLES[f['role']]} intercepted over {hex_} with {cid} (10.6).", faction=f["role"], rule="10.6")

    def explain(self, g, f: dict, verb: str, arg: str | None):
        return intercept_refusal(g, f["role"], verb, arg)


def intercept_refusal(g, side: str, verb: str, arg: str | None):
    from ...core.errors import Refusal

    if verb != "intercept" or not arg or len(arg.split()) != 2:
        return None
    cid = arg.split()[0]
    rec = g.s["units"].get(cid)
    if rec is None or units.counter(g.s, cid).type != "air":
        return Refusal(f"{cid} is not an air unit: only air units intercept (10.6)", "10.6")
    if air_units.flown(g.s, cid):
        return Refusal(f"{cid} flew a mission this impulse: one mission an impulse (10.2b, 10.6c)", "10.2b")
    if rec["status"] != "available":
        return Refusal(f"{cid} is not in the Available box ({rec['status']}) (10.1a)", "10.1a")
    return None


@procedure
class Losses(Procedure):
    """10.3a with 13.3: the owner of a struck stack names the unit that takes each break (frame: ``hex``,
    ``breaks`` left, ``hit``: the units broken by this strike). Each break falls on a unit not hit yet by the
    strike (ruling R-10.3-breaks); a supply point is eliminated by a break (19.6, ruling R-19.6-supply);
    leaders, the Secret Airfield and the Arms Factory are never hit (19.6, 20.4c)."""

    name = "faiw.air.losses"
    rule = "10.3a"

    def _targets(self, g, f: dict) -> list[str]:
        out = units.interchangeable(g.s, [c for c in strikeable(g.s, f["role"], f["hex"]) if c not in f["hit"]])
        if units.supply_points(g.s, f["role"], f["hex"]):
            out.append(f"supply@{f['hex']}")
        return out

    def step(self, g, f: dict) -> bool:
        targets = self._targets(g, f)
        if f["breaks"] <= 0 or not targets:
            if f["breaks"] > 0:
                g.say(f"No unit is left in {f['hex']} to take the remaining {f['breaks']} break"
                      f"{'s' if f['breaks'] != 1 else ''} (10.3a).", rule="10.3a")
            g.end()
            return True
        if len(targets) == 1:
            self.act(g, f, "break", targets[0])
            return True
        return False

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        return {"break": self._targets(g, f)}

    def text(self, g, f: dict) -> str:
        return (f"{SIDE_TITLES[f['role']]}: the air strike on {f['hex']} breaks {f['breaks']} more unit"
                f"{'s' if f['breaks'] != 1 else ''}: name the unit that breaks (10.3a, 13.3)")

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        f["breaks"] -= 1
        hit(g, f["role"], f["hex"], arg)
        if not arg.startswith("supply@"):
            f["hit"].append(arg)


def strikeable(state: dict, side: str, hex_: str) -> list[str]:
    """*side*'s units in *hex_* an air strike may hit: its combat units (19.6: of the non-combat units only
    supply, which is points: R-14.0-points)."""
    out = []
    for cid in units.at(state, hex_):
        c = units.counter(state, cid)
        if units.side_of(state, cid) == side and c.front is not None and c.front.cs >= 1:
            out.append(cid)
    return out


def hit(g, side: str, hex_: str, cid: str) -> None:
    """One break on *cid* (13.3): an effective unit is broken; a broken one, or one without a broken side, is
    eliminated (13.4); ``supply@HEX``: one supply point eliminated (R-19.6-supply)."""
    s = g.s
    if cid.startswith("supply@"):
        units.spend_supply(s, side, hex_)
        g.say(f"The air strike eliminated one of {SIDE_TITLES[side]}'s supply points in {hex_} (19.6).",
              faction=side, rule="19.6")
        return
    rec = s["units"][cid]
    if rec["broken"] or units.counter(s, cid).back is None:
        units.remove(s, cid, "eliminated")
        g.say(f"{cid} was eliminated by the air strike on {hex_} (13.4).", faction=side, rule="13.4")
        victory.eliminated(g, cid, "an air strike, 10.3")
    else:
        rec["broken"] = True
        g.say(f"{cid} was broken by the air strike on {hex_} (13.3).", faction=side, rule="13.3")
