"""The defender's declaration at the desk (11.1b, 8.2, 14.3c, 15.3, 20.2, 31.1; rulings R-11.1-order,
R-11.1-desk): every unit of the defended hex (all defend together), his leader, the entrenchment marker, his
supply point, his fanaticism (declared after the attacker's, 31.1), beyond 2 brigades the units that count, and
under optional rule 29 a friendly settlement on or next to his hex (``population``) and, where 29.2b then gives him
the choice, the CRT (``table``; ruling R-29.2b-desk); ``roll`` throws the die (:mod:`.resolve`). The frame ``desk.defend`` (role: the defender); ``stage`` is
``declare``, or ``size`` while a strength declared without a pack waits for its size.
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from ...core.grammar import Order
from . import units as U
from .desk import (
    MAX_HALVES,
    TITLES,
    attack_refusal,
    chooser,
    declared_shifts,
    fanaticism_refusal,
    halves,
    mandate,
    optional,
    other,
    pack_of,
    sixth_refusal,
)
from .resolve import resolve, summary_of_attack

notation.declare(__name__, {"unit", "strength", "size", "broken", "leader", "double", "entrench", "fanaticism",
                            "count", "population", "table", "roll"})

ORDERS = (
    Order("entrench", "desk: an entrenchment marker stands in the defended hex (one column left)", "15.3"),
    Order("count UNIT", "desk: the defender names a unit that counts, where his hex holds more than two brigades",
          "8.2"),
    Order("population", "desk, with a pack: the defended hex or one next to it holds a settlement of the defender's "
          "population with no terror marker (optional rule 29)", "29.2b"),
)


def _r(text: str, rule: str) -> Refusal:
    return Refusal(text, rule)


def attack_frame(g) -> dict:
    return g.s["flow"][-2]


def combat_halves(g, f) -> int:
    return sum(halves(g.s, u) for u in f["units"])


def counted_halves(g, f) -> int:
    by_id = {u["id"]: u for u in f["units"]}
    return sum(halves(g.s, by_id[x]) for x in f["count"] or [])


def needs_count(g, f) -> bool:
    """8.2: the defended hex holds more than 2 brigades, so the defender names those that count."""
    return combat_halves(g, f) > MAX_HALVES


@procedure
class Defend(Procedure):
    name = "desk.defend"
    rule = "11.1b"

    def prompt(self, g, f):
        s = g.s
        if f["stage"] == "size":
            return {"size": U.sizes(s, f, attacking=False)}
        out: dict[str, list[str]] = {}
        af = attack_frame(g)
        if pack_of(s) is not None:
            ids = U.candidates(g, f, attacking=False)
            if ids:
                out["unit"] = ids
            if U.broken_refusal(s, f, attacking=False) is None:
                out["broken"] = []
        else:
            out["strength"] = [str(n) for n in U.STRENGTHS]
        right, left = declared_shifts(s, af, f)
        if f["leader"] is None and not sixth_refusal("defender", left, 1):
            leaders = U.leaders(s, f["role"])
            if leaders is not None:
                out["leader"] = leaders
        if not f["double"]:
            out["double"] = []
        if self._entrench_refusal(g, f) is None:
            out["entrench"] = []
        if self._fanaticism_refusal(g, f) is None:
            out["fanaticism"] = []
        if self._population_refusal(g, f) is None:
            out["population"] = []
        chosen = chooser(s, af, f) if f["stage"] == "declare" else None  # who names the CRT: asked once a prompt
        tables = [t for t in ("raid", "assault") if self._table_refusal(g, f, t, chosen) is None]
        if tables:
            out["table"] = tables
        counting = self._count_choices(g, f)
        if counting:
            out["count"] = counting
        if self._roll_refusal(g, f, chosen) is None:
            out["roll"] = []
        return out

    def text(self, g, f):
        side = f["role"]
        af = attack_frame(g)
        if f["stage"] == "size":
            return f"{TITLES[side]} declares the defence: the size of the unit of strength {f['pending']} (8.2)"
        n = len(f["units"])
        return (f"{TITLES[side]} defends against {summary_of_attack(g.s, af)}; {n} defending unit"
                f"{'s' if n != 1 else ''} declared: declare every unit of the defended hex and the conditions, "
                f"then roll (11.1b)")

    # Refusals -------------------------------------------------------------------------------------------------

    def _entrench_refusal(self, g, f) -> Refusal | None:
        if f["entrench"]:
            return _r("the entrenchment marker is declared already: a hex holds one (15.1)", "15.1")
        return sixth_refusal("defender", declared_shifts(g.s, attack_frame(g), f)[1], 1)

    def _fanaticism_refusal(self, g, f) -> Refusal | None:
        refused = fanaticism_refusal(g.s, f, "defender")
        if refused:
            return refused
        af = attack_frame(g)
        if af["fanatic"]:
            return None   # it cancels the attacker's (31.2a)
        return sixth_refusal("defender", declared_shifts(g.s, af, f)[1], 1)

    def _population_refusal(self, g, f) -> Refusal | None:
        """29.2b's second condition, declared by the defender (the desk has no map: ruling R-29.2b-desk)."""
        s = g.s
        if not optional(s, "29"):
            return _r("optional rule 29 (commando and guerrilla units) is not in use at this desk: the attacker "
                      "chooses the CRT (11.3, 29.2b)", "29.2b")
        if pack_of(s) is None:
            return _r("without a data pack the desk has strengths, not unit types: it cannot see that every defender "
                      "is a guerrilla unit, so 29.2b's choice is the umpire's to apply (ruling R-29.2b-desk)", "29.2b")
        if f.get("population"):
            return _r("the friendly settlement is declared already (29.2b)", "29.2b")
        return None

    def _table_refusal(self, g, f, arg: str | None, chosen: tuple[str, str] | None = None) -> Refusal | None:
        """29.2b: the defender chooses the CRT only when its three conditions hold (11.3 otherwise); 26.1b.
        *chosen*: :func:`chooser` of this declaration, where the caller asked it already."""
        if f["stage"] != "declare":
            return U.pending_size_refusal(f)
        who, why = chosen or chooser(g.s, attack_frame(g), f)
        if who != "defender":
            af = attack_frame(g)
            return _r(f"the attacker chose the {af['table'].title()} table and it stands: {why}", "11.3")
        if arg == "assault" and mandate(g.s):
            return _r("the Assault table cannot be used in the mandate period (December 1947 - April 1948): the Raid "
                      "table may (26.1b)", "26.1b")
        if arg == f.get("table"):
            return _r(f"the {arg.title()} table is chosen already (29.2b)", "29.2b")
        return None

    def _count_choices(self, g, f) -> list[str]:
        if f["stage"] != "declare" or not needs_count(g, f):
            return []
        have = counted_halves(g, f)
        return [u["id"] for u in f["units"] if u["id"] not in (f["count"] or [])
                and have + halves(g.s, u) <= MAX_HALVES]

    def _roll_refusal(self, g, f, chosen: tuple[str, str] | None = None) -> Refusal | None:
        if f["stage"] != "declare":
            return U.pending_size_refusal(f)
        if not f["units"]:
            return _r("declare the defended hex's combat units first: all of them defend together (11.1b)", "11.1b")
        who, why = chosen or chooser(g.s, attack_frame(g), f)
        if who == "defender" and not f.get("table") and not mandate(g.s):   # 26.1b: only the Raid table is left
            return _r(f"{why}: the defender names the table first, table raid or table assault (29.2b)", "29.2b")
        return attack_refusal(g.s, attack_frame(g), f)

    def explain(self, g, f, verb, arg):
        s = g.s
        if f["stage"] == "size" and verb != "size":
            return U.pending_size_refusal(f)
        if verb in U.UNIT_VERBS:
            return U.unit_order_refusal(g, f, verb, arg, attacking=False)
        if verb == "leader":
            return U.leader_refusal(g, f, arg) or sixth_refusal(
                "defender", declared_shifts(s, attack_frame(g), f)[1], 1)
        if verb == "double":
            return _r("one supply point already doubles the defenders in this combat; a second adds nothing "
                      "(14.3c)", "14.3c") if f["double"] else None
        if verb == "entrench":
            return self._entrench_refusal(g, f)
        if verb == "fanaticism":
            return self._fanaticism_refusal(g, f)
        if verb == "count":
            if not needs_count(g, f):
                return _r("the defended hex holds at most 2 brigades: every unit counts (8.2, 11.1b)", "8.2")
            if arg in (f["count"] or []):
                return _r(f"{arg} is named to count already (8.2)", "8.2")
            if arg not in {u["id"] for u in f["units"]}:
                return _r(f"{arg} is not declared in the defended hex: the units that count are named among its "
                          f"defenders (8.2)", "8.2")
            return _r(f"{arg} would make the units that count more than 2 brigades (8.2; ruling R-8.2)", "8.2")
        if verb == "population":
            return self._population_refusal(g, f)
        if verb == "table":
            return self._table_refusal(g, f, arg)
        if verb == "roll":
            return self._roll_refusal(g, f)
        return None

    # Orders ---------------------------------------------------------------------------------------------------

    def act(self, g, f, verb, arg):
        if verb in U.UNIT_VERBS:
            U.add_unit(g, f, verb, arg, prefix="d", hex_=0)
        elif verb == "leader":
            f["leader"] = arg or "leader"
        elif verb == "double":
            f["double"] = True
        elif verb == "entrench":
            f["entrench"] = True
        elif verb == "fanaticism":
            f["fanatic"] = True
        elif verb == "count":
            f["count"] = [*(f["count"] or []), arg]
        elif verb == "population":
            f["population"] = True
        elif verb == "table":
            f["table"] = arg   # his until the die: the resolution says who named the table
        else:
            resolve(g, attack_frame(g), f)
            g.end("resolved")


__all__ = ["Defend", "other"]
