"""One game's Operations and Special Activities as tables (rules 3 and 4 of each COIN game).

Each Operation class says its name, faction and rule once (:class:`engine.coin.operation.Operation`), each
Special Activity class its name, faction, rule and the Operations it may accompany (4.1.1,
:class:`engine.coin.special.SpecialActivity`). A game keeps one :class:`Activities`; its classes name it in
their ``activities`` attribute and are entered as they are defined, so the tables are complete once the
game's modules are imported and no step works any of them out again. The tables list Operations and Special
Activities in the order of their rules (3.2.1 before 3.2.2, the British before the Insurgents), the order in
which the rulebooks list them.

The dicts are filled in place: a module may bind one (``OP_FACTION = ACTIVITIES.op_faction``) before the
classes it describes are defined.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.errors import RulesBugError
from ..core.flow import Context

#: ``possible(g, f)`` of one Special Activity (bound to an instance of its class).
Possible = Callable[[Context, "dict | None"], bool]


def rule_order(rule: str) -> tuple[int, ...]:
    """``"3.2.10"`` as ``(3, 2, 10)``: rules compared as the rulebook numbers them."""
    try:
        return tuple(int(part) for part in rule.split("."))
    except ValueError:
        raise RulesBugError(f"{rule!r} is not a rule number") from None


class Activities:
    """The Operations and Special Activities of one game, and the tables derived from their classes:

    - ``ops``: faction -> its Operations, in rule order (3.2, 3.3);
    - ``op_faction``, ``op_rule``, ``op_title``: Operation -> its faction, rule, printed name;
    - ``sa_of``: faction -> its Special Activities, in rule order (4.2, 4.3);
    - ``sa_faction``, ``sa_rule``, ``sa_title``: Special Activity -> its faction, rule, printed name;
    - ``sa_accompany``: Operation -> the Special Activities that may accompany it (4.1.1) and that it offers
      as ``sa NAME`` (not one declared inside it by an order of its own: Palestine's Terror, 4.3.3);
    - :meth:`possible`: whether a Special Activity could do anything now (its class's own test).
    """

    def __init__(self) -> None:
        self.operations: dict[str, type] = {}
        self.specials: dict[str, type] = {}
        self.ops: dict[str, list[str]] = {}
        self.op_faction: dict[str, str] = {}
        self.op_rule: dict[str, str] = {}
        self.op_title: dict[str, str] = {}
        self.sa_of: dict[str, tuple[str, ...]] = {}
        self.sa_faction: dict[str, str] = {}
        self.sa_rule: dict[str, str] = {}
        self.sa_title: dict[str, str] = {}
        self.sa_accompany: dict[str, list[str]] = {}
        self._possible: dict[str, Possible] = {}
        #: Operation -> ``(name, possible)`` of each Special Activity that may accompany it (4.1.1).
        self._with: dict[str, tuple[tuple[str, Possible], ...]] = {}

    # -- entering the classes (at import) ----------------------------------------------------------------
    def add_operation(self, cls: type) -> None:
        """Enters Operation class *cls* (its ``op``, ``faction`` and ``rule``)."""
        self._enter(self.operations, cls, cls.op, "Operation")
        self._derive()

    def add_special(self, cls: type) -> None:
        """Enters Special Activity class *cls* (its ``sa``, ``faction``, ``rule`` and ``accompanies``), with
        one instance of it to answer :meth:`possible`."""
        self._enter(self.specials, cls, cls.sa, "Special Activity")
        self._possible[cls.sa] = cls().possible
        self._derive()

    def _enter(self, table: dict[str, type], cls: type, name: str, kind: str) -> None:
        if not cls.faction or not cls.rule:
            raise RulesBugError(f"{kind} {name!r} ({cls.__qualname__}) names no faction or no rule")
        rule_order(cls.rule)
        old = table.get(name)
        if old is not None and old is not cls:
            raise RulesBugError(f"{kind} {name!r} is defined twice: {old.__qualname__} and {cls.__qualname__}")
        table[name] = cls

    def _derive(self) -> None:
        """Fills the tables again from the classes entered so far (in place: see the module's note)."""
        ops = sorted(self.operations.values(), key=lambda c: rule_order(c.rule))
        sas = sorted(self.specials.values(), key=lambda c: rule_order(c.rule))
        _refill(self.op_faction, {c.op: c.faction for c in ops})
        _refill(self.op_rule, {c.op: c.rule for c in ops})
        _refill(self.op_title, {c.op: c.title for c in ops})
        _refill(self.ops, _by_faction((c.faction, c.op) for c in ops))
        _refill(self.sa_faction, {c.sa: c.faction for c in sas})
        _refill(self.sa_rule, {c.sa: c.rule for c in sas})
        _refill(self.sa_title, {c.sa: c.title for c in sas})
        _refill(self.sa_of, {k: tuple(v) for k, v in _by_faction((c.faction, c.sa) for c in sas).items()})
        _refill(self.sa_accompany, {c.op: [s.sa for s in sas if s.offered and c.op in s.accompanies] for c in ops})
        self._with = {op: tuple((a, self._possible[a]) for a in names) for op, names in self.sa_accompany.items()}

    # -- asking ------------------------------------------------------------------------------------------
    def possible(self, g: Context, name: str, f: dict | None = None) -> bool:
        """Whether Special Activity *name* could do anything now (its class's ``possible``; *f*: the locals
        it would start with, where a caller sets some); ``False`` for a name that is none of them."""
        test = self._possible.get(name)
        return test is not None and test(g, f)

    def accompanying(self, op: str) -> tuple[tuple[str, Possible], ...]:
        """``(name, possible)`` of each Special Activity that may accompany Operation *op* (4.1.1), in rule
        order: what an Operation asks to list those it may take now."""
        return self._with.get(op, ())

    def problems(self) -> list[str]:
        """What the classes entered say that does not fit together: a Special Activity that accompanies an
        Operation the game does not have, or one of another faction's (4.1.1: a faction's own Operations)."""
        out = []
        for sa, cls in self.specials.items():
            for op in cls.accompanies:
                if op not in self.operations:
                    out.append(f"{sa} accompanies {op!r}, which is no Operation")
                elif self.op_faction[op] != cls.faction:
                    out.append(f"{sa} ({cls.faction}) accompanies {op} ({self.op_faction[op]})")
        return out


def _refill(table: dict, new: dict[str, Any]) -> None:
    table.clear()
    table.update(new)


def _by_faction(pairs) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for faction, name in pairs:
        out.setdefault(faction, []).append(name)
    return out
