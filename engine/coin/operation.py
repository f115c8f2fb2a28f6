"""What every Operation of the British Way games shares: space selection, the space limit, and the
points at which its Special Activity may run (rule 3.1 and 4.1 of each game).

Select each space once, up to the frame's ``max`` (3.1; Limited 2.3.4/2.3.5). One Special Activity, at any
one time before, during or after the Operation (4.1), among those that may accompany it (4.1.1). A game
subclasses :class:`Operation` once for its own extras (Palestine's Intelligence Lead and Offensive) and
its Special Activity table, then once per Operation for the per-space work.

Frame locals: ``op``, ``limited``, ``sa`` (``open``, ``used`` or ``none``), ``max``, ``optional`` (may end
with no space), ``spaces`` (selected so far), ``stage`` (``select``, sub-stages, ``final``, ``end``),
``only`` (an Event's list of the spaces it may select), ``preselected``.
"""

from __future__ import annotations

from ..core import notation
from ..core.errors import RulesBugError
from ..core.flow import Context, Procedure

notation.declare(__name__, {"space", "sa", "done"})


class Operation(Procedure):
    """Base of a game's Operations. Subclasses define ``eligible`` and the per-space work."""

    op = ""
    #: The faction that runs it, and the rule of each Operation (for prompts and errors).
    faction = ""
    sa_prefix = ""

    # -- hooks -------------------------------------------------------------------------------------
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
        return []

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
        if len(f["spaces"]) >= f["max"]:
            return []
        only, chosen, admits = f.get("only"), f["spaces"], self.admits
        return [s for s in self.space_pool(g, f) if s not in chosen and (only is None or s in only)
                and admits(g, f, s)]

    def possible(self, g: Context, f: dict) -> bool:
        """Whether :meth:`candidates` holds a space: the same test, stopping at the first space found."""
        if len(f["spaces"]) >= f["max"]:
            return False
        only, chosen, admits = f.get("only"), f["spaces"], self.admits
        for s in self.space_pool(g, f):
            if s not in chosen and (only is None or s in only) and admits(g, f, s):
                return True
        return False

    def admits(self, g: Context, f: dict, sid: str) -> bool:
        """Whether *sid* of :meth:`space_pool`, not selected yet and allowed by ``only``, may be selected:
        :meth:`eligible` gives no reason against it. A game whose test can answer without building the reason
        overrides this."""
        return self.eligible(g, f, sid) is None

    def sa_choices(self, g: Context, f: dict) -> list[str]:
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
        if self.interruptible(g, f) or stage == "final":
            sas = self.sa_choices(g, f)
            if sas:
                out["sa"] = sas
        return out

    def text(self, g: Context, f: dict) -> str:
        who = self.faction.title()
        kind = "Limited " if f["limited"] else ""
        if f["stage"] == "select":  # "or done" only where done is legal, as prompt (above) offers it
            more = g.offers("space", lambda: self.possible(g, f))
            if not more:
                return f"{who} {kind}{self.op.title()}: no space can be selected now ({len(f['spaces'])} selected); done"
            done = " or done" if f["spaces"] or f["optional"] else ""
            return f"{who} {kind}{self.op.title()}: select a space ({len(f['spaces'])} of {f['max']} selected){done}"
        if f["stage"] == "final":
            return f"{who} {self.op.title()}: the Operation is complete; a Special Activity, or done"
        return self.sub_text(g, f) or f"{who} {self.op.title()}"

    def explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        board = g.rules.board
        if verb == "space" and f["stage"] == "select" and arg in board.spaces:
            if arg in f["spaces"]:
                return f"{board.name(arg)} is already selected (3.1: a space only once)"
            if len(f["spaces"]) >= f["max"]:
                return self.space_limit(f)
            if f.get("only") is not None and arg not in f["only"]:
                return f"this Operation may select only {', '.join(board.name(x) for x in f['only'])}"
            return self.eligible(g, f, arg)
        if verb == "sa":
            if f["sa"] == "none":
                return "no Special Activity with this Operation (Limited Operation; 4.1)"
            if f["sa"] == "used":
                return "the Special Activity was already used (4.1)"
            return f"{arg} may not accompany {self.op.title()} now (4.1.1) or has no valid space"
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
