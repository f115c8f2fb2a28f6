"""Initial deployment (Scenario 1, 2-4; Scenario 2, 2-4): each side places the units its scenario lists, group by
group, in the hexes each group allows; the Arab League first (both scenarios: "Arab League player places first").

A group is data (``setup.SCENARIO_GROUPS``): the counters it takes from the mix (4.6: what the mix lacks is not
placed, and the log says so), where they may stand (an area of ``AREAS``), and how:
- ``each``: one in each hex of the area (the militia in every settlement hex). With as many counters as hexes
  the placement is no choice and is made; with fewer, the player chooses which hexes get one;
- ``one``: at most one of the group's units, or supply points, a hex (Scenario 2, 3a2 and 4a2);
- ``supply``: supply points placed one at a time (R-14.0-points; ruling R-S1-supply: "N x supply units" of
  unstated value are N points).
Enemy units never share a hex (8.3), so no unit is placed where the enemy stands. Identical counters are
interchangeable (ruling R-4.6-alike): the prompt names the first of each kind.

Scenario 1, 5d and Scenario 2, 5c: players may split and reform units during the initial deployment. Beside each
placement order the deploying player may ``split`` a brigade of his on the map into its battalions, or ``reform``
battalions of his in one hex into a brigade, as in his Reorganization phase (``reorganization.split`` and
``reorganization.reform``: 5.1-5.5, the counters from the mix's pool, 4.6 and ruling R-5.1-pool), ``take`` naming the
counter where counters that differ could serve; the split is made on the map, the battalions in the brigade's hex,
and his deployment ends with his last placement (ruling R-S1-split).
"""

from __future__ import annotations

from collections.abc import Callable

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from . import places, reorganization, units, view
from .combat_units import UNDERGROUND
from .reinforcement_table import BATTALION
from .units import SIDE_TITLES

notation.declare(__name__, {"place", "supply", "split", "reform", "take"})


def _etzion(state: dict, hexes: list[str]) -> list[str]:
    """Scenario 1, 5e: Arab League units may be placed on Etzion (ruling R-S1-etzion: in every Arab group whose
    hexes the player chooses; not the militia of 3a1, one in each Arab settlement hex, a list Etzion is not on)."""
    etzion = places.tagged(state, "etzion")
    if state["scenario"] == "independence" and etzion and etzion not in hexes:
        return [h for h in places.land(state) if h in set(hexes) | {etzion}]
    return hexes


def _airfield(state: dict) -> list[str]:
    """Scenario 1, 4e: a clear or village hex of Palestine holding at least one Israeli combat unit."""
    m = units.pack_of(state).map
    out = []
    for h in places.in_countries(state, ["Palestine"]):
        d = m.hex(h)
        if (d.terrain == "clear" or d.settlement == "village") and any(
                units.unit(state, cid).combat and units.side_of(state, cid) == "israel" for cid in units.at(state, h)):
            out.append(h)
    return out


def _free(state: dict, hexes: list[str], enemy: str) -> list[str]:
    return [h for h in hexes if not places.occupied_by(state, h, enemy)]


#: Where a group may be placed: area name -> (state) -> hexes.
AREAS: dict[str, Callable[[dict], list[str]]] = {
    "arab_settlements": lambda s: places.settlements(s, "arab"),
    "arab_cities": lambda s: places.city_town(s, "arab", palestine_only=True, untouched=True),
    "ala": lambda s: places.in_countries(s, ["Lebanon", "Syria", "Transjordan"]) + places.settlements(s, "arab")
    + [h for h in [places.tagged(s, "fort_latrun")] if h],
    "egypt_border": lambda s: [h for h in places.near_border(s, "Palestine", 4, "Egypt")
                               if units.pack_of(s).map.hex(h).population != "jewish"],
    "transjordan": lambda s: places.in_countries(s, ["Transjordan"]),
    "egypt": lambda s: places.in_countries(s, ["Egypt"]),
    "lebanon_syria": lambda s: places.in_countries(s, ["Lebanon", "Syria"]),
    "fort_base": lambda s: [h for h in places.land(s) if units.pack_of(s).map.hex(h).settlement == "fort_base"],
    "jewish_settlements": lambda s: places.settlements(s, "jewish"),
    "jewish_cities": lambda s: places.city_town(s, "jewish"),
    "jewish_cities_free": lambda s: _free(s, places.city_town(s, "jewish"), "arab"),
    "jewish_cities_and_adjacent": lambda s: places.with_neighbours(
        s, _free(s, places.city_town(s, "jewish"), "arab")),
    "airfield": _airfield,
}


def area(state: dict, group: dict) -> list[str]:
    """The hexes where *group*'s next unit may go now: its area, less the enemy's hexes (8.3), less the hexes it
    filled already where one a hex is the rule."""
    if units.memo(state) is None:  # asked outside a prompt (the frame's step): one index of who stands where
        with units.Reading(state):  # for the questions of every hex (nothing changes while they are asked)
            return area(state, group)
    side = group["side"]
    hexes = AREAS[group["where"]](state)
    if side == "arab" and not group.get("each"):  # 3a1's militia go to each Arab settlement hex, Etzion not one
        hexes = _etzion(state, hexes)
    enemy = units.other(side) if side in units.SIDES else None
    out = [h for h in hexes if not (enemy and places.occupied_by(state, h, enemy))]
    if group.get("each") or group.get("one"):
        out = [h for h in out if h not in group["filled"]]
    return out


@procedure
class Deploy(Procedure):
    """One side's initial deployment, group by group (frame: ``groups``, the group at hand ``i``)."""

    name = "faiw.deploy"
    rule = "Scenario 1, 3-4"

    def rule_for(self, g, f):
        return self._group(f)["rule"] if self._group(f) else self.rule

    @staticmethod
    def _group(f: dict) -> dict | None:
        return f["groups"][f["i"]] if f["i"] < len(f["groups"]) else None

    def step(self, g, f: dict) -> bool:
        s = g.s
        s["phase"], s["phasing"] = "deployment", f["role"]
        if f.get("pick"):
            return _pick_step(g, f)
        grp = self._group(f)
        if grp is None:
            g.say(f"{SIDE_TITLES.get(f['role'], 'The umpire')} finished deploying.", rule="Scenario 1-2")
            g.end()
            return True
        left = grp["units"] if not grp.get("supply") else []
        hexes = area(s, grp)
        if (not left and not grp.get("supply")) or not hexes:
            if (left or grp.get("supply")) and not hexes:
                what = ", ".join(left) if left else f"{grp['supply']} supply point{'s' if grp['supply'] != 1 else ''}"
                g.say(f"No hex allows {what} ({grp['what']}): not placed.", rule=grp["rule"])
                for cid in left:
                    s["units"][cid] = {"status": "pool", "at": None, "broken": False}
            f["i"] += 1
            return True
        if grp.get("each") and len(left) >= len(hexes):
            # as many counters as hexes: one in each, no choice to make (identical counters: R-4.6-alike)
            for cid, h in zip(left, hexes, strict=False):
                self._place(g, grp, cid, h)
            return True
        return False

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        if f.get("pick"):
            return {"take": reorganization._candidates(g.s, f["role"], f["pick"])}
        grp = self._group(f)
        hexes = area(g.s, grp)
        if grp.get("supply"):
            out = {"supply": list(hexes)}
        else:
            out = {"place": [f"{cid} {h}" for cid in units.interchangeable(g.s, grp["units"]) for h in hexes]}
        out.update(reorganizations(g.s, f["role"]))  # after the placement: Scenario 1, 5d; Scenario 2, 5c
        return out

    def text(self, g, f: dict) -> str:
        pick = f.get("pick")
        if pick:
            return (f"{SIDE_TITLES[f['role']]} deploys: to {pick['op']} {pick['unit']} in {pick['hex']}, take the "
                    f"counter that becomes the next {pick['need'][0].replace('_', ' ')} (5.2; {SPLIT_RULE[g.s['scenario']]})")
        grp = self._group(f)
        legal = g.prompted(self, f)
        words = " or ".join(w for w in ("split", "reform") if w in legal)
        more = f"; or {words} units ({SPLIT_RULE[g.s['scenario']]})" if words else ""
        if grp.get("supply"):
            return f"{SIDE_TITLES[grp['side']] if grp['side'] in SIDE_TITLES else 'The Arab League'} deploys: " \
                   f"place {grp['supply']} more supply point{'s' if grp['supply'] != 1 else ''} ({grp['what']}){more}"
        return (f"{SIDE_TITLES.get(f['role'])} deploys {grp['what']}: place {', '.join(grp['units'])} "
                f"({len(grp['units'])} left){more}")

    def explain(self, g, f: dict, verb: str, arg: str | None) -> Refusal | None:
        return reorganization_refusal(g.s, f, verb, arg)

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb in ("split", "reform", "take"):
            _reorganize(g, f, verb, arg)
            return
        grp = self._group(f)
        if verb == "supply":
            units.add_supply(g.s, grp["side"], arg, 1)
            grp["supply"] -= 1
            grp["filled"].append(arg)  # Scenario 2, 4a2: no more than one a hex where the group says so (one)
            g.say(f"{SIDE_TITLES[grp['side']]} placed a supply point{_where(g.s, grp['side'], arg)}.",
                  faction=grp["side"], rule=grp["rule"])
            return
        cid, h = arg.split()
        self._place(g, grp, cid, h)

    @staticmethod
    def _place(g, grp: dict, cid: str, h: str) -> None:
        units.place(g.s, cid, h)
        grp["units"].remove(cid)
        grp["filled"].append(h)
        side = units.side_of(g.s, cid)
        who = SIDE_TITLES.get(grp["side"], "The Arab League")
        whose = " (a British unit)" if side == "british" else ""
        seen = side not in units.SIDES or view.public(g.s, side, h)  # 21.0, 21.3
        g.say(f"{who} placed {cid}{whose} in {h}." if seen else f"{who} placed a unit.",
              faction=grp["side"] if grp["side"] in units.SIDES else None, rule=grp["rule"])


def _where(state: dict, side: str, hex_: str) -> str:
    """Where *side* placed a supply point, as the log (public) may say it: the hex if the enemy sees *side*'s
    stack there (21.3), else nothing (21.0: the supply of a hidden stack is hidden)."""
    return f" in {hex_}" if view.public(state, side, hex_) else ""


# Splitting and reforming during the deployment (Scenario 1, 5d; Scenario 2, 5c; ruling R-S1-split) ----------------

#: The special rule that allows it, by scenario.
SPLIT_RULE = {"independence": "Scenario 1, 5d", "struggle": "Scenario 2, 5c"}


def reorganizations(state: dict, side: str) -> dict[str, list[str]]:
    """The splits and reforms *side* may make now among its units on the map (5.1-5.5, 4.6; R-S1-split)."""
    mine = list(units.on_map(state, side))
    out: dict[str, list[str]] = {}
    splits = [cid for cid in mine if units.counter(state, cid).size == "brigade"
              and reorganization.split_refusal(state, cid) is None]
    if splits:
        out["split"] = splits
    count: dict[str, int] = {}
    for cid in mine:
        if units.counter(state, cid).size in BATTALION:
            h = state["units"][cid]["at"]
            count[h] = count.get(h, 0) + 1
    # a brigade is made of two battalions at least (5.2): only those hexes are asked
    reforms = [f"{b} {h}" for h in sorted(h for h, n in count.items() if n >= 2)
               for b in reorganization.brigades_for(state, side, h)]
    if reforms:
        out["reform"] = reforms
    return out


def reorganization_refusal(state: dict, f: dict, verb: str, arg: str | None) -> Refusal | None:
    """Why a ``split``, ``reform`` or ``take`` of the deploying side is refused (5.1-5.5, 4.6), or None."""
    side, words = f["role"], (arg or "").split()
    if verb not in ("split", "reform", "take") or not words:
        return None
    if f.get("pick") and verb != "take":
        return Refusal(f"choose the counter for the {f['pick']['op']} under way first: take one of those listed "
                       f"(5.2)", "5.2")
    if verb == "take":
        if not f.get("pick"):
            return Refusal("no split or reform is under way: take names the counter one needs (5.2)", "5.2")
        return None
    cid = words[0]
    if verb == "split":
        rec = state["units"].get(cid)
        if rec is None or rec["status"] != "map" or units.side_of(state, cid) != side:
            return Refusal(f"{cid} is not one of your units on the map: a brigade is split where it stands, once "
                           f"placed (5.1a; ruling R-S1-split)", "5.1a")
        return reorganization.split_refusal(state, cid)
    if len(words) != 2:
        return None
    b, h = words
    if b not in state["units"] or state["units"][b]["status"] != "pool":
        return Refusal(f"{b} is not a brigade counter off the map: a reform replaces battalions by a brigade of the "
                       f"mix (5.1b, 4.6)", "5.1b")
    c = units.counter(state, b)
    if c.nationality in UNDERGROUND:
        return Refusal("Irgun and Stern Group units never split or reform (5.5)", "5.5")
    need = reorganization.equivalence(state, b)
    if not need:
        return Refusal(f"5.2 lists no battalions for {b} (5.2)", "5.2")
    return Refusal(f"{b} needs {' + '.join(need)} {c.nationality} battalions of yours in {h}, all of one "
                   f"nationality (5.1b, 5.2, 5.4)", "5.2")


def _reorganize(g, f: dict, verb: str, arg: str) -> None:
    """``split``, ``reform``: the counters to choose (``f["pick"]``, as the Reorganization phase keeps it);
    ``take``: one of them chosen. The change is made once every counter is chosen (:func:`_pick_step`)."""
    s = g.s
    if verb == "take":
        f["pick"]["chosen"].append(arg)
        f["pick"]["need"].pop(0)
    elif verb == "split":
        f["pick"] = {"op": "split", "unit": arg, "hex": s["units"][arg]["at"],
                     "need": list(reorganization.equivalence(s, arg)), "chosen": []}
    else:
        b, h = arg.split()
        f["pick"] = {"op": "reform", "unit": b, "hex": h, "need": list(reorganization.equivalence(s, b)),
                     "chosen": []}


def _pick_step(g, f: dict) -> bool:
    """The split or reform under way: a counter with no choice taken, the change made once all are chosen."""
    s, side, pick = g.s, f["role"], f["pick"]
    if pick["need"]:
        cands = reorganization._candidates(s, side, pick)
        if not cands:  # nothing can fill the slot (never expected: the order was checked)
            f.pop("pick")
            return True
        if len(cands) != 1:
            return False
        pick["chosen"].append(cands[0])
        pick["need"].pop(0)
        return True
    f.pop("pick")
    h, unit = pick["hex"], pick["unit"]
    if pick["op"] == "split":
        made = reorganization.split(s, unit, pick["chosen"])
        what = f"split {unit} into {', '.join(made)}"
    else:
        reorganization.reform(s, unit, pick["chosen"])
        what = f"reformed {', '.join(pick['chosen'])} into {unit}"
    rule = SPLIT_RULE[s["scenario"]]
    g.say(f"{SIDE_TITLES[side]} {what} in {h} during the deployment ({rule}; 5.1).", faction=side, rule=rule,
          to=view.private_to(s, side, h))  # a hidden stack's counters are its owner's (21.0)
    return True
