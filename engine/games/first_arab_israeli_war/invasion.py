"""Invasion (12.0): combat during movement.

The Movement phase offers ``invade HEX`` to a force on the move for each hex of :func:`targets`, spends the 2 MP
(12.1) and pushes the procedure ``faiw.invasion`` (role: the moving side) with the locals ``force`` (unit ids),
``at`` (the force's hex) and ``target`` (the invaded hex), and optionally ``supply`` (the supply points moving
with the force, which alone may double it: 12.3c; or a force entry ``supply@HEX``). The procedure ends with
``{"stop": bool}``.

- 12.2: at most two brigades (or equivalent) with leaders and supply, not from a hex over the stacking limit
  (``hexwar.stacking.invasion_force``); the force's combat units attack (parenthesized ones never do, 1.4a);
- 12.3: resolved like a normal combat one column to the left (the combat desk's invasion shift); the attacker
  chooses the CRT (12.3a; the defender under optional 29.2b, "as in the normal CRT selection rule"; Raid only in
  the mandate period, 26.1b); terrain, entrenchment and leaders count, the attacker's leader only if it moves
  with the force (12.3b, 20.2b); both sides may double with supply, the attacker's only from the force (12.3c);
- 12.4a: no advance after an invasion; 12.4b: the force stops if it must retreat or has a unit broken or
  eliminated (``{"stop": True}``);
- 12.3e: a force invades as often as its MP allow, a unit may be invaded any number of times;
- 22.1b: no invasion during a truce (its violation by invasion is not offered: a truce is violated in the Combat
  phase or by the Movement phase's border crossing); 27.5, 25.1-25.2, 19.2, 11.8, 26.1d as for any attack.
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import procedure
from ...hexwar.stacking import invasion_force
from . import truce, units, view
from .combat_attack import Combat
from .combat_build import enemy_combat_in, hex_refusal, occupied_by_enemy, reveal, unit_may_attack_hex
from .combat_defend import choose_table, declare_fanaticism, fanaticism_offer, may_declare_fanaticism, tables
from .units import SIDE_TITLES

notation.declare(__name__, {"table", "double", "fanaticism", "done"})


def _attackers(state: dict, force: list[str], target: str) -> list[str]:
    """The force's units that attack: combat units not in parentheses (1.4a, 19.5), able to attack the hex."""
    out = []
    for cid in force:
        if cid.startswith("supply@") or state["units"].get(cid, {}).get("status") != "map":
            continue
        u = units.unit(state, cid)
        if u.combat and not u.parenthesized and unit_may_attack_hex(state, cid, target) is None:
            out.append(cid)
    return out


def targets(g, side: str, force: list[str], at: str) -> list[str]:
    """The hexes *force* (in hex *at*) may invade now (12.1-12.3): adjacent enemy hexes its units may attack,
    the force within two brigades and its hex within the stacking limit (12.2), no truce (22.1b)."""
    s = g.s
    if truce.in_effect(s):
        return []
    real = [c for c in force if not c.startswith("supply@") and s["units"].get(c, {}).get("status") == "map"]
    m = units.pack_of(s).map
    # hex_refusal refuses a hex the enemy does not occupy (11.0): with none next to the force, there is no target
    near = [h for h in m.neighbours(at) if occupied_by_enemy(s, h, side)]
    if not real or not near:
        return []
    here = [units.unit(s, c) for c in units.at(s, at) if units.side_of(s, c) == side]
    if invasion_force([units.unit(s, c) for c in real], here) is not None:
        return []
    seen = view.open_hexes(s, side)
    return [h for h in near if hex_refusal(s, side, h, seen=h in seen) is None and _attackers(s, real, h)]


@procedure
class Invasion(Combat):
    """One invasion (12.0), resolved like a combat with the invasion's shift and no advance."""

    name = "faiw.invasion"
    rule = "12.0"

    def _setup(self, g, f) -> None:
        s = g.s
        side = f["role"]
        f["side"], f["hex"], f["invasion"] = side, f["target"], True
        f["attackers"] = _attackers(s, f["force"], f["target"])
        support = [c for c in f["force"] if not c.startswith("supply@")
                   and units.counter(s, c).type == "leader"]
        carried = f.get("supply")
        if carried is None:
            carried = units.supply_points(s, side, f["at"]) if any(c.startswith("supply@") for c in f["force"]) else 0
        f["carried"] = min(int(carried or 0), units.supply_points(s, side, f["at"]))
        if f["carried"]:
            support.append(f"supply@{f['at']}")
        f["support"] = support
        f["doubled"], f["fanatic"], f["stage"] = [], False, "table"
        f["before"] = {c: [s["units"][c]["status"], s["units"][c]["broken"]] for c in f["force"]
                       if not c.startswith("supply@")}
        g.say(f"The invasion of {f['target']} from {f['at']}: the attackers are "
              f"{', '.join(f['attackers'])} (12.1).", faction=side, rule="12.1")

    def step(self, g, f) -> bool:
        s = g.s
        if s.get("outcome"):
            return False
        if "stage" not in f:
            self._setup(g, f)
            reveal(s, f["hex"])
            if not enemy_combat_in(s, f["hex"], f["side"]):  # a hidden stack found out (ruling R-19.2-hidden)
                g.say(f"{f['hex']} holds only non-combat units of {units.SIDE_NAMES[units.other(f['side'])]}: they "
                      f"cannot be attacked (19.2); the stack is revealed (21.1).", faction=f["side"], rule="19.2")
                g.end({"stop": False})
            return True
        stage = f["stage"]
        if stage == "table":
            if self.chooser(g, f) == "defender":
                f["table"], f["stage"] = "raid", "double"
                return True
            if len(tables(s)) == 1:
                f["table"], f["stage"] = "raid", "double"
                return True
            return False
        if stage == "double" and not self._may_double(g, f):
            f["stage"] = "fanaticism"
            return True
        if stage == "fanaticism" and not may_declare_fanaticism(g, f, f["side"], "attacker"):
            f["stage"] = "defend"
            return True
        return self.combat_step(g, f, stage)

    def over(self, g, f) -> None:
        g.end({"stop": self._stop(g, f)})

    def double_choices(self, g, f) -> list[str]:
        """12.3c: only the supply moving with the force doubles it."""
        return [f["at"]]

    def _may_double(self, g, f) -> bool:
        return bool(f["carried"]) and not f["doubled"] and units.supply_points(g.s, f["side"], f["at"]) > 0

    def _stop(self, g, f) -> bool:
        """12.4b: the force retreated, or one of its units was broken or eliminated."""
        s = g.s
        hurt = [c for c, (status, broken) in f["before"].items()
                if s["units"][c]["status"] != status or (s["units"][c]["broken"] and not broken)]
        stop = bool(f.get("retreated")) or bool(hurt) or any(c not in f["before"] for c in f["attackers"])
        if stop:
            g.say(f"The invading force stops moving this turn: it {'retreated' if f.get('retreated') else ''}"
                  f"{' and ' if f.get('retreated') and hurt else ''}{'lost ' + ', '.join(hurt) if hurt else ''} "
                  f"(12.4b).", faction=f["side"], rule="12.4b")
        return stop

    def prompt(self, g, f):
        return self.declaration_prompt(g, f, f.get("stage"))

    def text(self, g, f):
        stage = f.get("stage")
        who = SIDE_TITLES[f["role"]]
        if stage == "table":
            return f"{who} invades {f['target']}: choose the CRT (12.3a): table raid or table assault"
        if stage == "double":
            return (f"{who} may spend a supply point moving with the force to double the invaders (12.3c, 14.3b): "
                    f"double HEX, or done")
        return fanaticism_offer(g, f, f["role"], "attacker")

    def act(self, g, f, verb, arg):
        side = f["side"]
        who = SIDE_TITLES[side]
        if verb == "table":
            f["stage"] = "double"
            choose_table(g, f, side, arg, f"the invasion of {f['hex']}", "12.3a")
        elif verb == "double":
            f["doubled"], f["stage"] = [arg], "fanaticism"
            g.say(f"{who} spends a supply point moving with the force in {arg} to double the invaders (12.3c).",
                  faction=side, rule="12.3c")
        elif verb == "fanaticism":
            declare_fanaticism(g, f, side, f"the invasion of {f['hex']}")
            f["stage"] = "defend"
        elif f["stage"] == "double":
            f["stage"] = "fanaticism"
        else:
            f["stage"] = "defend"



