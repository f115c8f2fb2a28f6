"""The Combat phase (2.1, 11.0, 16.1, 8.1a): the phasing side declares its attacks one at a time (``attack HEX``:
:mod:`.combat_attack` runs each to its last retreat and advance), then may try to destroy bridges (``destroy
A-B``: :mod:`.bridges`; once it has, it attacks no more: 16.1 "at the end of the friendly combat phase"), then
ends the phase; the stacking check follows (8.1a-b: :mod:`.stacking_check`).

Which hexes may be attacked (:mod:`.combat_build`): an enemy-held hex adjacent to a unit that may attack it;
never a hex with British units (27.5), nor a treaty city for Israel unless optional 25.3 (25.1, 25.2), nor a hex
the attacker sees holding only non-combat units (19.2; a hidden one is found out by the attack, 21.1). No attack
during a truce (22.1b); after the truce's first turn an attack may be declared as a violation (22.3), confirmed
in the attack (``violate``). The units that attacked are the phase's (``f["attacked"]``: 11.1a, each unit once);
a hex may be attacked again (11.1a), its units, retreated ones included, defending again (11.7).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from ...core.grammar import Order
from . import (  # noqa: F401  (the combat's procedures register themselves)
    bridges,
    combat_attack,
    combat_defend,
    combat_losses,
    combat_moves,
    invasion,
    stacking_check,
    truce,
    units,
    view,
)
from .combat_build import hex_refusal, may_attack, unit_may_attack_hex
from .sequence import Phase

notation.declare(__name__, {"attack", "destroy", "end"})

ORDERS = (
    Order("attack HEX", "combat: declare an attack on the enemy hex; then name the attackers", "11.1"),
    Order("with UNIT", "combat: the unit joins the attack being declared (adjacent, not yet attacked)", "11.1a"),
    Order("done", "combat: the choices of this step are made (the attackers named, the supply spent, no "
          "fanaticism, no further advance)", "11.1"),
    Order("cancel", "combat: call off the attack being declared, before any die or supply is spent", "11.1a"),
    Order("violate", "combat: confirm an attack that violates the truce in effect (it ends; the other side gains "
          "10 VP)", "22.3"),
    Order("table raid|assault", "combat: the Combat Results Table to use (the attacker's choice; the defender's "
          "under optional 29.2b; Raid only in the mandate period)", "11.3, 29.2b, 26.1b"),
    Order("double HEX", "combat: spend one supply point in the hex to double the combat strength of the side's "
          "units there in this combat", "14.3b, 14.3c"),
    Order("count UNIT", "combat: the defender names a unit that counts, where his hex holds more than two "
          "brigades", "8.2"),
    Order("fanaticism", "combat: declare fanaticism (1 column in your favour, at the VP of your battalions "
          "involved; optional rule 31)", "31.0"),
    Order("break UNIT", "combat result: the unit takes a break (a broken unit is eliminated)", "13.3, 13.4"),
    Order("split UNIT", "combat result: split the brigade into its battalions to take a break with one", "5.6"),
    Order("retreat UNIT PATH", "combat result: the unit retreats along the hexes PATH (e.g. 0303 or 0303-0404)",
          "11.6b"),
    Order("advance UNIT PATH", "after combat: the unit advances into the hex the enemy left (PATH: that hex, or "
          "that hex and one more for the units 11.6a2 lists)", "11.6a"),
    Order("destroy HEX-HEX", "end of the Combat phase: try to destroy the bridge between the two hexes", "16.1"),
)


def attackable(g, side: str, f: dict) -> list[str]:
    """The hexes *side* may declare an attack on now (11.1a, 19.2, 25, 27.5, 22.1b)."""
    s = g.s
    if f.get("bridges") or (truce.in_effect(s) and s["truce"]["from"] == s["month"]):
        return []
    m = units.pack_of(s).map
    seen = view.open_hexes(s, side)
    attacked = f.get("attacked", [])
    # the side's counters by hex, once: a hex is attackable when one of them next to it may attack it
    mine: dict[str, list[str]] = {}
    for cid in units.on_map(s, side):
        mine.setdefault(s["units"][cid]["at"], []).append(cid)
    cands = set()
    for at in mine:
        cands.update(m.neighbours(at))
    # hex_refusal refuses a hex the enemy does not occupy (11.0): only the enemy's hexes are asked about
    enemy = units.other(side)
    cands.intersection_update([s["units"][cid]["at"] for cid in units.on_map(s, enemy)]
                              + [h for h, points in s["supply"][enemy].items() if points])
    order = _map_order(m)
    return [h for h in sorted((h for h in cands if h in order), key=order.__getitem__)
            if hex_refusal(s, side, h, seen=h in seen) is None and _has_attacker(s, m, mine, h, attacked)]


def _has_attacker(s: dict, m, mine: dict[str, list[str]], target: str, attacked: list[str]) -> bool:
    """Whether one of the side's counters (*mine*: by hex) may attack *target* now: ``attackers_of`` is not empty
    (11.1a, 11.8, 26.1d). A yes/no question: it stops at the first attacker found (the checks change nothing)."""
    for n in m.neighbours(target):
        for cid in mine.get(n, ()):
            if may_attack(s, cid, attacked) and unit_may_attack_hex(s, cid, target) is None:
                return True
    return False


def _map_order(m) -> dict[str, int]:
    """Each hex's place in the map's order (``m.hexes``), kept in ``MapData.memo`` (the map never changes): the
    attackable hexes are listed in that order, sorted from the few candidates rather than found by a pass over
    every hex of the map."""
    found = m.memo.get(("faiw.map_order",))
    if found is None:
        found = m.memo[("faiw.map_order",)] = {h: i for i, h in enumerate(m.hexes)}
    return found


@procedure
class CombatPhase(Phase):
    """The combat phase of a player turn (2.1, 11.0, 16.1)."""

    name = "faiw.phase.combat"
    rule = "11.0"
    phase = "combat"

    def actions(self, g, f):
        side = f["role"]
        out = {}
        hexes = attackable(g, side, f)
        if hexes:
            out["attack"] = hexes
        bs = bridges.targets(g.s, side)
        if bs:
            out["destroy"] = bs
        return out

    def do(self, g, f, verb, arg):
        side = f["role"]
        if verb == "attack":
            g.call("faiw.combat.attack", side, side=side, hex=arg, attackers=[], doubled=[], fanatic=False,
                   stage="begin")
            return
        f["bridges"] = True
        bridges.attempt(g, side, arg)

    def finish(self, g, f):
        stacking_check.end_of_phase(g, "combat")

    def explain(self, g, f, verb, arg):
        s = g.s
        side = f["role"]
        if verb == "attack" and arg:
            if truce.in_effect(s) and s["truce"]["from"] == s["month"]:
                return Refusal("a truce took effect this turn: no attacks while its terms must be followed (22.1b, "
                               "22.3)", "22.1b")
            if f.get("bridges"):
                return Refusal("bridge destruction ends the Combat phase's attacks: it is done at the end of the "
                               "phase (16.1)", "16.1")
            why = hex_refusal(s, side, arg, seen=arg in view.open_hexes(s, side))
            if why:
                rule = next((r for r in ("27.5", "19.2", "25.2", "25.1", "11.8", "11.0", "1.3") if f"({r}" in why
                             or f"{r})" in why), "11.1")
                return Refusal(why, rule)
            m = units.pack_of(s).map
            if not any(m.adjacent(s["units"][c]["at"], arg) for c in units.on_map(s, side)):
                return Refusal(f"no unit of {units.SIDE_NAMES[side]} is adjacent to {arg}: attackers are adjacent "
                               f"to the defended hex (11.1a)", "11.1a")
            return Refusal(f"no unit adjacent to {arg} may attack it: each unit attacks once a phase, units with "
                           f"their CS in parentheses and non-combat units never attack (11.1a, 1.4a, 19.5)", "11.1a")
        if verb == "destroy" and arg:
            text, rule = bridges.refusal(s, side, arg)
            return Refusal(text, rule)
        return None
