"""One ground combat from its declaration to its last retreat and advance (11.1-11.7, 13.3-13.4, 14.3b-c, 19.5,
21.1, 22.3, 25.3, 31.0), and the same resolution for an invasion (12.0: :mod:`.invasion`).

The attacker's decisions, one order at a time in this frame (role: the attacker): under a truce after its first
turn, the violation confirmed (``violate``, 22.3: it ends the truce and gives the other side 10 VP); the
attacking units (``with UNIT``: adjacent, not yet attacked, not in parentheses, at most two brigades from a hex:
11.1a, 1.4a, 8.2) then ``done``; the CRT (``table raid|assault``: 11.3; Raid only in the mandate period, 26.1b;
the defender's choice under optional 29.2b); the supply that doubles an attacking hex (``double HEX``: 14.3b);
fanaticism (optional 31: ``fanaticism``, the attacker first, 31.1). Then the defender's frame
(:mod:`.combat_defend`), the die (``g.roll``) on the pack's CRT through the combat desk (:func:`.combat.resolve`:
odds 11.2b, caps 11.2d, shifts 11.2c, leaders 20.2/20.5, terrain, entrenchment 15.3, the 8.2 cap), and the
result's effects (the pack's ``effects`` of the code): eliminations, breaks chosen by their owner
(:mod:`.combat_losses`), retreats chosen by their owner and the advance of the designated side
(:mod:`.combat_moves`). The stacks of the combat's hexes are revealed to both sides (21.1).
"""

from __future__ import annotations

from collections.abc import Iterator

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from ...hexwar.stacking import LIMIT, stack_points
from . import combat, setup, truce, units, victory, view
from .combat_build import build_attack, each_attacker, enemy_combat_in, options, reveal, unit_may_attack_hex
from .combat_defend import (
    attack_of,
    choose_table,
    declare_fanaticism,
    fanaticism_cost,
    fanaticism_offer,
    may_declare_fanaticism,
    over_cap,
    tables,
)
from .combat_losses import clear_noncombat, eliminate
from .units import SIDE_TITLES

notation.declare(__name__, {"violate", "with", "done", "cancel", "table", "double", "fanaticism"})


def phase_frame(g) -> dict | None:
    """The Combat phase's frame beneath the combat (its units that attacked: 11.1a), or None (an invasion)."""
    return next((fr for fr in reversed(g.s["flow"]) if fr["p"] == "faiw.phase.combat"), None)


class Combat(Procedure):
    """The resolution and the results, shared by a normal attack and an invasion. Frame keys: ``side``, ``hex``,
    ``attackers``, ``table``, ``doubled``, ``fanatic`` [attacker, defender], ``invasion``, ``support``, then
    ``code`` and ``stage`` once resolved."""

    rule = "11.2"

    #: The stages of the result's effects (:meth:`results`).
    RESULT_STAGES = ("a_elim", "d_elim", "a_breaks", "d_breaks", "d_retreat", "a_retreat", "advance")

    def commit(self, g, f) -> None:
        """The declaration made, before the defender's decisions (a normal attack: 11.1a, 22.3)."""

    def double_choices(self, g, f) -> list[str]:
        """The hexes where a supply point may double the attackers now (14.3b; 12.3c)."""
        return []

    def declaration_prompt(self, g, f, stage: str | None) -> dict:
        """The attacker's orders in the stages an attack and an invasion share: the CRT (11.3, 12.3a), the supply
        that doubles (14.3b, 12.3c), fanaticism (31.1)."""
        if stage == "table":
            return {"table": tables(g.s)}
        if stage == "double":
            return {"double": self.double_choices(g, f), "done": []}
        if stage == "fanaticism":
            return {"fanaticism": [], "done": []}
        return {}

    def combat_step(self, g, f, stage: str) -> bool:
        """The declared combat's course, shared by a normal attack and an invasion: the defender's decisions
        (11.1b), the die (11.2b5, 12.3), the result's effects (11.5-11.7), the end (:meth:`over`)."""
        if stage == "defend":
            self.commit(g, f)
            self.defend(g, f)
            return True
        if stage == "resolve":
            self.resolve(g, f)
            return True
        if stage == "over":
            self.over(g, f)
            return True
        if stage in self.RESULT_STAGES:
            return self.results(g, f)
        return False

    def chooser(self, g, f) -> str:
        """Who chooses the CRT (11.3, 29.2b: ``combat.crt_chooser``): the attacker whenever optional rule 29 is
        not in use, which ``crt_chooser`` answers before it reads the attack (so none is built for it then)."""
        opts = options(g.s)
        if not opts.guerrilla:
            return "attacker"  # crt_chooser's first answer (11.3)
        who, _ = combat.crt_chooser(attack_of(g, f), opts)
        return who

    def defend(self, g, f) -> None:
        """Pushes the defender's frame if he has a decision to make."""
        s = g.s
        foe = units.other(f["side"])
        choose = self.chooser(g, f) == "defender"
        needs = (choose or over_cap(s, f["hex"], foe) or units.supply_points(s, foe, f["hex"])
                 or setup.optional(s, "31"))
        f["stage"] = "resolve"
        if needs:
            g.call("faiw.combat.defend", foe, side=f["side"], hex=f["hex"], attackers=list(f["attackers"]),
                   invasion=f.get("invasion", False), support=f.get("support"), choose_table=choose)

    def resolve(self, g, f) -> None:
        """The die and the result (11.2b5, 11.5), the supply spent (14.2), fanaticism's VP (31.2b)."""
        s = g.s
        ret = f.pop("ret", None) or {}
        if ret.get("table"):
            f["table"] = ret["table"]
        side, foe = f["side"], units.other(f["side"])
        chooser = self.chooser(g, f)
        a = build_attack(s, side, f["hex"], f["attackers"], table=f["table"], chooser=chooser,
                         doubled=tuple(f["doubled"]), defender_supply=bool(ret.get("supply")),
                         counting=ret.get("counting"), fanatic=(bool(f["fanatic"]), bool(ret.get("fanatic"))),
                         invasion=f.get("invasion", False), support=f.get("support"))
        hexes = [f["hex"], *dict.fromkeys(s["units"][c]["at"] for c in f["attackers"])]
        reveal(s, *hexes)
        done = combat.resolve(a, units.pack_of(s).crt, g, options(s))
        for who, h in done.supply_spent:
            units.spend_supply(s, who, h, 1)
        for who, vp in done.vp_cost.items():
            victory.award(g, who, -vp, "fanaticism declared (31.2b)", "31.2b")
        if done.british_intervention_due:
            s["flags"]["treaty_attacked"] = True
        kind = "invaded" if f.get("invasion") else "attacked"
        g.say(f"{SIDE_TITLES[side]} {kind} {f['hex']} with {', '.join(f['attackers'])}: "
              + "; ".join(done.steps) + ".", faction=side, rule="12.3" if f.get("invasion") else "11.2")
        f["code"], f["stage"] = done.result, "a_elim"
        f["effect"] = units.pack_of(s).crt.table(done.table).effect(done.result).as_dict()
        f["defenders"] = [c for c in units.at(s, f["hex"]) if units.side_of(s, c) == foe]
        f["from"] = {c: s["units"][c]["at"] for c in f["attackers"]}

    def results(self, g, f) -> bool:
        """The result's effects, one stage at a time (each may push the owner's frame)."""
        s = g.s
        e, side, foe = f["effect"], f["side"], units.other(f["side"])
        why = f"the {f['code']} result at {f['hex']}"
        stage = f["stage"]
        live_a = [c for c in f["attackers"] if s["units"][c]["status"] == "map"]
        if stage == "a_elim":
            f["stage"] = "d_elim"
            if e["attacker_eliminated"]:
                for c in live_a:
                    g.say(f"{c} was eliminated: {why} (11.5).", faction=side, rule="11.5")
                    eliminate(g, c, why)
            return True
        if stage == "d_elim":
            f["stage"] = "a_breaks"
            if e["defender_eliminated"]:
                for c in [c for c in units.at(s, f["hex"]) if units.side_of(s, c) == foe
                          and units.unit(s, c).combat]:
                    g.say(f"{c} was eliminated: {why} (11.5).", faction=foe, rule="11.5")
                    eliminate(g, c, why)
                clear_noncombat(g, foe, f["hex"], why)
            return True
        if stage == "a_breaks":
            f["stage"] = "d_breaks"
            if e["attacker_breaks"] and live_a:
                g.call("faiw.combat.losses", side, side=side, pool=live_a, n=e["attacker_breaks"], why=why, hex=None)
            return True
        if stage == "d_breaks":
            ret = f.pop("ret", None)
            if ret and ret.get("split"):
                for bde, parts in ret["split"].items():
                    f["attackers"] = [x for x in f["attackers"] if x != bde] + parts
            f["stage"] = "d_retreat"
            pool = [c for c in units.at(s, f["hex"]) if units.side_of(s, c) == foe and units.unit(s, c).combat]
            if e["defender_breaks"] and pool:
                g.call("faiw.combat.losses", foe, side=foe, pool=pool, n=e["defender_breaks"], why=why, hex=f["hex"])
            return True
        if stage == "d_retreat":
            f.pop("ret", None)
            f["stage"] = "a_retreat"
            mine = [c for c in units.at(s, f["hex"]) if units.side_of(s, c) == foe]
            if units.supply_points(s, foe, f["hex"]):
                mine.append(f"supply@{f['hex']}")
            if e["defender_retreat"] and enemy_combat_in(s, f["hex"], side):
                g.call("faiw.combat.retreat", foe, side=foe, units=mine, length=e["defender_retreat"])
            return True
        if stage == "a_retreat":
            f["stage"] = "advance"
            if e["attacker_retreat"] and live_a:
                f["retreated"] = True
                g.call("faiw.combat.retreat", side, side=side, units=live_a, length=e["attacker_retreat"])
            return True
        if stage == "advance":
            f["stage"] = "over"
            if not f.get("invasion"):
                self.advance(g, f)
            return True
        return False

    def advance(self, g, f) -> None:
        """11.6a: the designated side's units that took part (and their leaders, 20.4b) may enter a hex the enemy
        left; an invasion has none (12.4a)."""
        s = g.s
        e, side, foe = f["effect"], f["side"], units.other(f["side"])
        if e["advance"] == "attacker":
            into = [f["hex"]] if not any(units.side_of(s, c) == foe and units.unit(s, c).combat
                                         for c in units.at(s, f["hex"])) else []
            movers = [c for c in f["attackers"] if s["units"][c]["status"] == "map"]
            for h in dict.fromkeys(f["from"].values()):
                movers += [c for c in units.at(s, h) if units.side_of(s, c) == side
                           and units.counter(s, c).type == "leader" and c not in movers]
        elif e["advance"] == "defender":
            into = [h for h in dict.fromkeys(f["from"].values())
                    if not any(units.side_of(s, c) == side and units.unit(s, c).combat for c in units.at(s, h))]
            movers = [c for c in units.at(s, f["hex"]) if units.side_of(s, c) == foe
                      and (units.unit(s, c).combat or units.counter(s, c).type == "leader")]
            side = foe
        else:
            return
        movers = [c for c in movers if s["units"][c]["status"] == "map"]
        if into and movers:
            g.call("faiw.combat.advance", side, side=side, units=movers, into=into)

    def over(self, g, f) -> None:
        g.end()


@procedure
class Attack(Combat):
    """A normal attack of the Combat phase (11.1-11.7), declared by the phasing side on the hex ``hex``."""

    name = "faiw.combat.attack"
    rule = "11.1"

    def _stage(self, g, f) -> str:
        return f.get("stage", "units")

    def step(self, g, f) -> bool:
        s = g.s
        if s.get("outcome"):
            return False
        stage = self._stage(g, f)
        if stage == "begin":
            f["stage"] = "violate" if truce.in_effect(s) else "units"
            foe = units.other(f["side"])
            seen = f["hex"] in view.open_hexes(s, f["side"])
            reveal(s, f["hex"])
            if not enemy_combat_in(s, f["hex"], f["side"]) and not seen:
                g.say(f"{SIDE_TITLES[f['side']]} declared an attack on {f['hex']}, which holds only non-combat "
                      f"units of {units.SIDE_NAMES[foe]}: they cannot be attacked (19.2); the stack is revealed "
                      f"(21.1).", faction=f["side"], rule="19.2")
                g.end()
            return True
        if stage == "units" and f["attackers"] and not self._any_eligible(g, f):
            f["stage"] = "table"
            return True
        if stage == "table":
            if self.chooser(g, f) == "defender":
                f["stage"] = "double"
                f["table"] = "raid"
                return True
            if len(tables(s)) == 1 and not f.get("table"):
                f["table"] = "raid"
                g.say(f"{SIDE_TITLES[f['side']]} uses the Raid table: no Assault table from December 1947 to April "
                      f"1948 (26.1b).", faction=f["side"], rule="26.1b")
            if f.get("table"):
                f["stage"] = "double"
                return True
            return False
        if stage == "double" and not self.double_choices(g, f):
            f["stage"] = "fanaticism"
            return True
        if stage == "fanaticism" and not self._may_fanatic(g, f):
            f["stage"] = "defend"
            return True
        return self.combat_step(g, f, stage)

    # the attacker's choices

    def _eligible(self, g, f) -> list[str]:
        """The units that may still join this attack (11.1a; 8.2: two brigades from a hex)."""
        return list(self._each_eligible(g, f))

    def _any_eligible(self, g, f) -> bool:
        """Whether a unit may still join this attack (:meth:`_eligible` is not empty): stops at the first found."""
        return next(self._each_eligible(g, f), None) is not None

    def _each_eligible(self, g, f) -> Iterator[str]:
        """:meth:`_eligible`, one at a time (nothing changes between two)."""
        s = g.s
        ph = phase_frame(g)
        done = (ph or {}).get("attacked", [])
        for cid in each_attacker(s, f["side"], f["hex"], done):
            if cid in f["attackers"]:
                continue
            at = s["units"][cid]["at"]
            total = sum(stack_points(units.unit(s, c)) for c in f["attackers"] if s["units"][c]["at"] == at)
            if total + stack_points(units.unit(s, cid)) <= LIMIT:
                yield cid

    def double_choices(self, g, f) -> list[str]:
        s = g.s
        hexes = dict.fromkeys(s["units"][c]["at"] for c in f["attackers"])
        return [h for h in hexes if h not in f["doubled"] and units.supply_points(s, f["side"], h)]

    def _may_fanatic(self, g, f) -> bool:
        return "fanatic_said" not in f and may_declare_fanaticism(g, f, f["side"], "attacker")

    def commit(self, g, f) -> None:
        """The declaration made: the attackers have attacked this phase (11.1a); a truce is violated (22.3)."""
        ph = phase_frame(g)
        if ph is not None:
            ph.setdefault("attacked", []).extend(f["attackers"])
        if f.get("violation"):
            truce.violated(g, f["side"], f"an attack on {f['hex']}")

    def prompt(self, g, f):
        stage = self._stage(g, f)
        if stage == "violate":
            return {"violate": [], "cancel": []}
        if stage == "units":
            eligible = units.interchangeable(g.s, self._eligible(g, f))
            out = {"with": eligible, "cancel": []} if eligible else {"cancel": []}
            if f["attackers"]:
                out["done"] = []
            return out
        return self.declaration_prompt(g, f, stage)

    def text(self, g, f):
        stage = self._stage(g, f)
        who = SIDE_TITLES[f["side"]]
        if stage == "violate":
            return (f"{who}: a truce is in effect; attacking {f['hex']} violates it, ends it and gives the other "
                    f"side 10 VP (22.3): violate, or cancel")
        if stage == "units":
            named = ", ".join(f["attackers"]) or "none yet"
            return f"{who} attacks {f['hex']}: name the attackers (with UNIT; so far {named}), then done; or cancel"
        if stage == "table":
            return f"{who} attacks {f['hex']}: choose the CRT (11.3): table raid or table assault"
        if stage == "double":
            return f"{who} may spend a supply point to double the attackers of a hex (14.3b): double HEX, or done"
        if stage == "fanaticism":
            return fanaticism_offer(g, f, f["side"], "attacker")
        return f"{who} attacks {f['hex']}"

    def explain(self, g, f, verb, arg):
        s = g.s
        stage = self._stage(g, f)
        if verb == "with" and stage == "units" and arg:
            if arg not in s["units"] or units.side_of(s, arg) != f["side"] or s["units"][arg]["status"] != "map":
                return Refusal(f"{arg} is not a unit of {units.SIDE_NAMES[f['side']]} on the map (11.1a)", "11.1a")
            ph = phase_frame(g) or {}
            if arg in ph.get("attacked", []) or arg in f["attackers"]:
                return Refusal(f"{arg} has already attacked this Combat phase: each unit attacks once (11.1a)",
                               "11.1a")
            u = units.unit(s, arg)
            if not u.combat:
                return Refusal(f"{arg} is a non-combat unit: non-combat units never attack (19.5)", "19.5")
            if u.parenthesized:
                return Refusal(f"{arg} has its CS in parentheses: it only defends, never attacks (1.4a)", "1.4a")
            why = unit_may_attack_hex(s, arg, f["hex"])
            if why:
                return Refusal(why, "26.1d" if "26.1d" in why else ("11.8" if "11.8" in why else "11.1a"))
            return Refusal(f"{arg} would bring more than two brigades into this attack from its hex: at most two "
                           f"brigades attack from a hex (8.2; ruling R-8.2)", "8.2")
        if verb == "table" and arg == "assault" and "assault" not in tables(s):
            return Refusal("the Assault table cannot be used from December 1947 to April 1948: the Raid table may "
                           "(26.1b)", "26.1b")
        if verb == "double" and stage == "double" and arg:
            return Refusal(f"no supply point of {units.SIDE_NAMES[f['side']]} to spend in {arg}, or no attacker "
                           f"there, or it already doubles this attack: one point doubles the attackers of its own "
                           f"hex for one attack (14.3b)", "14.3b")
        if verb == "fanaticism" and stage == "fanaticism":
            return None
        if verb == "fanaticism":
            if not setup.optional(s, "31"):
                return Refusal("fanaticism is optional rule 31, which is not in force in this game (31.0)", "31.0")
            return Refusal(f"fanaticism costs {fanaticism_cost(g, f, 'attacker')} VP, the battalions involved, and "
                           f"{units.SIDE_NAMES[f['side']]} has {s['vp'][f['side']]} (31.2b)", "31.2b")
        return None

    def act(self, g, f, verb, arg):
        side = f["side"]
        who = SIDE_TITLES[side]
        if verb == "cancel":
            g.say(f"{who} called off the attack on {f['hex']} before any die was rolled.", faction=side, rule="11.1a")
            g.end()
        elif verb == "violate":
            f["violation"], f["stage"] = True, "units"
        elif verb == "with":
            f["attackers"].append(arg)
        elif verb == "done" and f["stage"] == "units":
            f["stage"] = "table"
        elif verb == "table":
            choose_table(g, f, side, arg, f"the attack on {f['hex']}", "11.3")
        elif verb == "double":
            f["doubled"].append(arg)
            g.say(f"{who} spends a supply point in {arg} to double its attackers (14.3b).", faction=side, rule="14.3b")
        elif verb == "done" and f["stage"] == "double":
            f["stage"] = "fanaticism"
        elif verb == "fanaticism":
            declare_fanaticism(g, f, side, f"the attack on {f['hex']}")
            f["fanatic_said"], f["stage"] = True, "defend"
        else:  # done with fanaticism
            f["fanatic_said"], f["stage"] = True, "defend"
