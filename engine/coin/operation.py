"""What every Operation of the British Way games shares: space selection, the space limit, and the
points at which its Special Activity may run (rule 3.1 and 4.1 of each game).

Select each space once, up to the frame's ``max`` (3.1; Limited 2.3.4/2.3.5). One Special Activity, at any
one time before, during or after the Operation (4.1), among those that may accompany it (4.1.1). A game
subclasses :class:`Operation` once for its own extras (Palestine's Intelligence Lead and Offensive), naming
its :class:`engine.coin.activities.Activities` (the Special Activities each Operation may take), then once per
Operation for the per-space work; each of those says its ``op``, ``faction`` and ``rule``.

Where Operations cost Resources per space (Malaya, Kenya, Japanese Occupation: 3.1, "Resources permitting"),
an Operation class says what a space costs (:meth:`Operation.cost`): a space the faction cannot pay for is
not offered, and selecting one pays (:mod:`engine.coin.resources`). Palestine and Arab Revolt have no
Resources: their Operations are limited by a space count only, and none of this runs.

Frame locals: ``op``, ``limited``, ``sa`` (``open``, ``used`` or ``none``), ``max``, ``optional`` (may end
with no space), ``spaces`` (selected so far), ``stage`` (``select``, sub-stages, ``final``, ``end``),
``only`` (an Event's list of the spaces it may select), ``preselected``, ``free`` (an Event's Operation that
pays no per-space cost: Malaya 3.1.2, 5.4).
"""

from __future__ import annotations

from typing import ClassVar

from ..core import notation
from ..core.errors import RulesBugError
from ..core.flow import Context, Procedure
from . import resources
from .activities import Activities
from .wording import side_name

notation.declare(__name__, {"space", "sa", "done"})


class Operation(Procedure):
    """Base of a game's Operations. Subclasses define ``eligible`` and the per-space work.

    Each concrete class says ``op`` (its order word), ``faction`` (who conducts it, and pays for it), ``rule``
    (``3.2.1``: its prompts and refusals cite it) and, where its printed name is not ``op`` capitalized,
    ``title``; it is then entered in the game's ``activities``."""

    op: ClassVar[str] = ""
    faction: ClassVar[str] = ""
    title: ClassVar[str] = ""
    #: The game's table of Operations and Special Activities (set by the game's base class).
    activities: ClassVar[Activities | None] = None
    sa_prefix = ""
    #: The rule that makes Operations cost Resources ("Resources permitting"), cited when a space is refused.
    cost_rule: ClassVar[str] = "3.1"
    #: Whether the class says a space costs anything (:meth:`cost` overridden): set for each class, so that
    #: the space tests of an Operation without costs do nothing more per space.
    costs: ClassVar[bool] = False
    #: The most one space can cost (:meth:`cost`), where the class knows it: while the faction holds that
    #: much it can pay for any space, and the space test asks no cost (``affordable``). ``None``: unknown.
    most_cost: ClassVar[int | None] = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.costs = cls.cost is not Operation.cost
        if not cls.__dict__.get("op"):
            return
        if "title" not in cls.__dict__:
            cls.title = cls.op.replace("-", " ").title()
        if cls.activities is not None:
            cls.activities.add_operation(cls)

    def rule_for(self, g: Context, f: dict) -> str:
        """The Operation's own rule (an Event's or a phase's Operation names its card or phase itself)."""
        return self.rule

    # -- hooks -------------------------------------------------------------------------------------
    def cost(self, g: Context, f: dict, sid: str) -> int:
        """The Resources the faction pays to select *sid* (3.1 of the games with Resources); 0: none, as in
        Palestine and Arab Revolt, whose Operations only count their spaces."""
        return 0

    def eligible(self, g: Context, f: dict, sid: str) -> str | None:
        """``None`` if *sid* may be selected now, else the reason it may not."""
        return None

    def on_space(self, g: Context, f: dict, sid: str) -> None:
        """Called when *sid* is selected."""

    def on_select_done(self, g: Context, f: dict) -> None:
        """Called when the faction ends selection; default: the Operation is over."""
        f["stage"] = "final"

    def sub_prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        return {}

    def sub_act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        raise RulesBugError(f"{self.name} has no sub-stage {f['stage']!r}")

    def sub_text(self, g: Context, f: dict) -> str:
        return ""

    def interruptible(self, g: Context, f: dict) -> bool:
        """Whether the Special Activity may run at this point (4.1: before, during or after)."""
        return f["stage"] == "select"

    def select_extras(self, g: Context, f: dict, out: dict[str, list[str]]) -> None:
        """Adds a game's extra actions of the selection stage to *out* (Palestine 2.3.7)."""

    def extra_act(self, g: Context, f: dict, verb: str, arg: str | None) -> bool:
        """Carries out an extra action of the selection stage; ``False`` if *verb* is not one."""
        return False

    def sa_allowed(self, g: Context, f: dict) -> list[str]:
        """Special Activities that may accompany this Operation and have something to do now (4.1.1)."""
        if self.activities is None:
            return []
        return [a for a, possible in self.activities.accompanying(self.op) if possible(g, None)]

    def space_limit(self, f: dict) -> str:
        return f"the Operation already has its {f['max']} space(s) (3.1)"

    # -- shared machinery --------------------------------------------------------------------------
    def space_pool(self, g: Context, f: dict):
        """The spaces this Operation may ever select now, before its own test (:meth:`admits`), in board
        order: every space of the board; a game whose rules exclude some outright (Arab Revolt 1.3.7: Foreign
        Countries) gives fewer, so the prompt does not test them one by one."""
        return g.rules.board.spaces

    def candidates(self, g: Context, f: dict) -> list[str]:
        """The spaces the selection may take now: of :meth:`space_pool`, not selected yet, within ``only``
        and the count, and :meth:`admits` (the yes/no test, which builds no reason for the spaces left out)."""
        chosen = f["spaces"]
        if len(chosen) >= f["max"]:
            return []
        only = f.get("only")
        admits = self.affordable(g, f) if self.costs and not f.get("free") else self.admits
        if only is None and not chosen:  # the first space: only the Operation's own test
            return [s for s in self.space_pool(g, f) if admits(g, f, s)]
        return [s for s in self.space_pool(g, f) if s not in chosen and (only is None or s in only)
                and admits(g, f, s)]

    def possible(self, g: Context, f: dict) -> bool:
        """Whether :meth:`candidates` holds a space: the same test, stopping at the first space found."""
        chosen = f["spaces"]
        if len(chosen) >= f["max"]:
            return False
        only = f.get("only")
        admits = self.affordable(g, f) if self.costs and not f.get("free") else self.admits
        if only is None and not chosen:  # the first space: only the Operation's own test
            for s in self.space_pool(g, f):
                if admits(g, f, s):
                    return True
            return False
        for s in self.space_pool(g, f):
            if s not in chosen and (only is None or s in only) and admits(g, f, s):
                return True
        return False

    def admits(self, g: Context, f: dict, sid: str) -> bool:
        """Whether *sid* of :meth:`space_pool`, not selected yet and allowed by ``only``, may be selected:
        :meth:`eligible` gives no reason against it. A game whose test can answer without building the reason
        overrides this."""
        return self.eligible(g, f, sid) is None

    # -- Resources (3.1 of the games that have them) -----------------------------------------------------
    def affordable(self, g: Context, f: dict):
        """The space test of :meth:`candidates` for an Operation that costs Resources and is not free:
        :meth:`admits`, and the faction holds what the space costs."""
        admits, cost, faction, can_pay = self.admits, self.cost, self.faction, resources.can_pay
        if self.most_cost is not None and can_pay(g, faction, self.most_cost):
            return admits
        return lambda g, f, sid: admits(g, f, sid) and can_pay(g, faction, cost(g, f, sid))

    def cost_refusal(self, g: Context, f: dict, sid: str) -> str | None:
        """Why *sid* may not be selected for want of Resources: what it costs, what the faction holds and the
        rule; ``None`` if it costs nothing, the Operation is free (an Event's), or the faction can pay."""
        if not self.costs or f.get("free"):
            return None
        n = self.cost(g, f, sid)
        if n <= 0 or resources.can_pay(g, self.faction, n):
            return None
        what = f"{self.title} in {g.rules.board.name(sid)}"
        return resources.refusal(g, self.faction, n, what, self.cost_rule)

    def pay_for(self, g: Context, f: dict, sid: str) -> None:
        """The faction pays what selecting *sid* costs (nothing if the Operation is free: an Event's)."""
        if self.costs and not f.get("free"):
            what = f"{self.title} in {g.rules.board.name(sid)}"
            resources.pay(g, self.faction, self.cost(g, f, sid), what, self.cost_rule)

    def sa_choices(self, g: Context, f: dict) -> list[str]:
        """The Special Activities the Operation may take now: none once its one is used or where it has none
        (4.1); else :meth:`sa_allowed` (:meth:`prompt` asks the same, inline)."""
        if f["sa"] != "open":
            return []
        return self.sa_allowed(g, f)

    def prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        stage = f["stage"]
        out: dict[str, list[str]] = {}
        if stage == "select":
            c = self.candidates(g, f)
            if c:
                out["space"] = c
            self.select_extras(g, f, out)
            if f["spaces"] or f["optional"] or not c:
                out["done"] = []
        elif stage == "final":
            out["done"] = []
        else:
            out = self.sub_prompt(g, f)
        if (stage == "final" or self.interruptible(g, f)) and f["sa"] == "open":  # sa_choices, inline
            sas = self.sa_allowed(g, f)
            if sas:
                out["sa"] = sas
        return out

    def text(self, g: Context, f: dict) -> str:
        who = side_name(self.faction)
        kind = "Limited " if f["limited"] else ""
        if f["stage"] == "select":  # "or done" only where done is legal, as prompt (above) offers it
            more = "space" in g.legal if g.legal is not None else self.possible(g, f)  # Context.offers, inline
            if not more:
                return f"{who} {kind}{self.title}: no space can be selected now ({len(f['spaces'])} selected); done"
            done = " or done" if f["spaces"] or f["optional"] else ""
            return f"{who} {kind}{self.title}: select a space ({self.count_text(g, f)}){done}"
        if f["stage"] == "final":
            return f"{who} {self.title}: the Operation is complete; a Special Activity, or done"
        return self.sub_text(g, f) or f"{who} {self.title}"

    def count_text(self, g: Context, f: dict) -> str:
        """How far the selection is, for the prompt's text: ``1 of 3 selected`` (a game whose Operations are
        limited by Resources says so instead)."""
        return f"{len(f['spaces'])} of {f['max']} selected"

    def explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        board = g.rules.board
        if verb == "space" and f["stage"] == "select" and arg in board.spaces:
            if arg in f["spaces"]:
                return f"{board.name(arg)} is already selected (3.1: a space only once)"
            if len(f["spaces"]) >= f["max"]:
                return self.space_limit(f)
            if f.get("only") is not None and arg not in f["only"]:
                return f"this Operation may select only {', '.join(board.name(x) for x in f['only'])}"
            return self.eligible(g, f, arg) or self.cost_refusal(g, f, arg)
        if verb == "sa":
            if f["sa"] == "none":
                return "no Special Activity with this Operation (Limited Operation; 4.1)"
            if f["sa"] == "used":
                return "the Special Activity was already used (4.1)"
            return f"{arg} may not accompany {self.title} now (4.1.1) or has no valid space"
        if verb == "done" and f["stage"] == "select" and not f["spaces"]:
            return "select at least one space first (3.1)"
        return None

    def act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        if verb == "sa":
            f["sa"] = "used"
            g.call(f"{self.sa_prefix}{arg}", self.faction, parent_op=self.op, parent_spaces=list(f["spaces"]))
            return
        stage = f["stage"]
        if stage == "select":
            if verb == "space":
                f["spaces"].append(arg)
                if self.costs:
                    self.pay_for(g, f, arg)
                self.on_space(g, f, arg)
            elif verb == "done":
                if f["spaces"]:
                    self.on_select_done(g, f)
                else:
                    f["stage"] = "final"
            elif not self.extra_act(g, f, verb, arg):
                raise RulesBugError(f"{self.name} has no selection action {verb!r}")
            return
        if stage == "final":
            f["stage"] = "end"
            return
        self.sub_act(g, f, verb, arg)

    def step(self, g: Context, f: dict) -> bool:
        if f["stage"] == "select" and f.get("preselected") and len(f["spaces"]) >= f["max"]:
            # An Event chose the space(s) already: selection is over.
            f["preselected"] = False
            self.on_select_done(g, f)
            return True
        if f["stage"] == "final" and not self.sa_choices(g, f):
            f["stage"] = "end"
        if f["stage"] == "end":
            self.finish(g, f)
            g.end(list(f["spaces"]))
            return True
        return False

    def finish(self, g: Context, f: dict) -> None:
        """Called once as the Operation ends (an effect counted over all its spaces)."""


class TestedOperation(Operation):
    """An Operation whose space test is one yes/no method, :meth:`ok`, with its reason beside it,
    :meth:`why_not` (Arab Revolt's and Malaya's): the prompt asks :meth:`ok` of the spaces of :attr:`kinds`
    only, and a refusal is worded with the game's ``words`` (engine.coin.refusals.Words), in the order the
    prompt tests: a space not of the map, selected already (3.1), the space count reached
    (:meth:`space_limit_refusal`), outside the spaces an Event allows (``only``), the game's test of where
    the Operation may go at all (:meth:`where_refusal`), the Operation's own (:meth:`why_not`), and its cost
    (3.1: Resources permitting)."""

    #: The kinds of space the Operation selects (its rule in 3.2 and 3.3), before its own test.
    kinds: ClassVar[tuple[str, ...]] = ()
    words: ClassVar = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.admits = cls.ok  # the prompt's yes/no test is the Operation's own, bound once

    def ok(self, g: Context, f: dict, sid: str) -> bool:
        """Whether the Operation's own conditions admit *sid*: each Operation its own."""
        return True

    def admits(self, g, f, sid):
        return self.ok(g, f, sid)

    def why_not(self, g: Context, f: dict, sid: str) -> str:
        """The condition of :meth:`ok` that *sid* fails, with the facts and the rule."""
        return self.words.because(f"{g.rules.board.name(sid)} does not qualify for {self.title}", self.rule)

    def eligible(self, g, f, sid):
        return None if self.ok(g, f, sid) else self.why_not(g, f, sid)

    def space_pool(self, g, f):
        """The spaces of :attr:`kinds` in board order (worked out once: a procedure serves one game)."""
        try:
            return self._pool  # the instance's own: no class sets _pool (a lookup costs less than __dict__'s)
        except AttributeError:
            board = g.rules.board
            pool = self._pool = [s for s in board.spaces if board.kind[s] in self.kinds]
            return pool

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: a space the selection may not take (:meth:`space_refusal`), a Special
        Activity (:meth:`sa_refusal`), an end before the first space, or the sub-stage's own reason
        (:meth:`sub_explain`)."""
        words, stage = self.words, f["stage"]
        if verb == "space" and stage == "select":
            return self.space_refusal(g, f, arg)
        if verb == "sa":
            return self.sa_refusal(g, f, arg)
        if verb == "done" and stage == "select" and not f["spaces"] and not f["optional"] and self.possible(g, f):
            return words.because(f"the {self.title} has selected no space yet: select at least one", "3.1")
        if stage not in ("select", "final"):
            return self.sub_explain(g, f, verb, arg) or words.turn_order(verb)
        return words.turn_order(verb)

    def sub_explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why *verb arg* is refused in a sub-stage of the Operation (each Operation its own)."""
        return None

    def sa_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Special Activity *arg* may not accompany this Operation now (each game its own)."""
        return None

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why the Operation may not select *arg* now (see the class)."""
        if arg is None:
            return None
        words = self.words
        if not words.is_space(arg):
            return words.not_a_space(arg)
        name = g.rules.board.name(arg)
        if arg in f["spaces"]:
            return words.because(f"{name} is already selected for this {self.title}: a space only once", "3.1")
        if len(f["spaces"]) >= f["max"]:
            return self.space_limit_refusal(g, f)
        only = f.get("only")
        if only is not None and arg not in only:
            return words.because(f"{name} is not among the spaces this {self.title} may select "
                                 f"({words.names(only)})", words.rule_of(f, "5.1"))
        return self.where_refusal(g, f, arg) or self.eligible(g, f, arg) or self.cost_refusal(g, f, arg)

    def space_limit_refusal(self, g: Context, f: dict) -> str:
        """The space count reached (each game says what sets it)."""
        return self.words.because(f"this {self.title} selects up to {f['max']} space(s) and has them",
                                  self.words.rule_of(f, "3.1"))

    def where_refusal(self, g: Context, f: dict, sid: str) -> str | None:
        """Why the Operation may not go to *sid* at all, before its own test: by default, a kind of space it
        does not select (:attr:`kinds`)."""
        return None if g.rules.board.kind[sid] in self.kinds else self.why_not(g, f, sid)

