"""What every Palestine Operation shares: space selection, space limits, extra spaces, and the point
at which its Special Activity may run.

Rules 3.1 (select each space once; up to three, one if Limited), 2.3.4 (Limited Operation), 2.3.7
(Intelligence Lead and Offensive), 6.5.3 (Haganah at 4), 4.1 (one Special Activity, at any one time
before, during or after the Operation), 4.1.1 (accompanying Operations). Event-granted Operations carry
their own space count and flags (see rulings R-EV-OPS).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Context, Procedure
from . import board as B
from .special import SA_ACCOMPANY, sa_possible

notation.VERBS.update({"space", "lead", "offensive", "sa", "done"})

LEAD_OPS = {"patrol", "search", "assault"}          # 2.3.7
OFFENSIVE_OPS = {"recruit", "sabotage", "rob"}      # 2.3.7
OP_FACTION = {"deploy": "british", "patrol": "british", "search": "british", "assault": "british",
              "recruit": "irgun", "travel": "irgun", "sabotage": "irgun", "rob": "irgun"}
OP_RULE = {"deploy": "3.2.1", "patrol": "3.2.2", "search": "3.2.3", "assault": "3.2.4",
           "recruit": "3.3.1", "travel": "3.3.2", "sabotage": "3.3.3", "rob": "3.3.4"}


def cap(g: Context, cid: str) -> str | None:
    """The side of Capability *cid* in play, if any (5.3)."""
    return g.s["capabilities"].get(cid)


def base_spaces(g: Context, faction: str, limited: bool) -> int:
    """Spaces an Operation may select before extras (3.1, 2.3.4, P9 shaded, 6.5.3, P13)."""
    if limited:
        n = 1
    elif faction == "british" and cap(g, "P9") == "shaded":
        n = 2
    else:
        n = 3
    if faction == "irgun":
        h = g.s["haganah"]
        if (h == 4 and cap(g, "P13") != "unshaded") or (h == 3 and cap(g, "P13") == "shaded"):
            n += 1
    return n


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 extras: bool = True, optional: bool = False, selected: tuple = (), **flags) -> dict:
    """Local data of an Operation frame. ``spaces`` fixes the count (Event-granted Operations).

    Flags an Event may pass: ``only`` (list of spaces it may select), ``no_intel`` (no Intel Chits:
    P6), ``optional`` (may end with no space), ``need_police`` / ``on_success`` / ``only_railways``
    (Sabotage variants of P28 and P21), ``troop_move`` (Deploy's Troop move, default on), ``terror``
    ("open" lets an Event-granted Sabotage declare Terror without a Special Activity), ``selected``
    (spaces already chosen by the Event, for Operations whose selection does nothing by itself, such as
    Search).
    """
    faction = OP_FACTION[op]
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none",
            "max": spaces if spaces is not None else base_spaces(g, faction, limited),
            "extras": extras and spaces is None, "optional": optional,
            "spaces": list(selected), "stage": "select", "lead": False, "offensive": False,
            "preselected": bool(selected), **flags}


class Operation(Procedure):
    """Base of the eight Operations. Subclasses define ``eligible`` and the per-space work."""

    op = ""

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

    # -- shared machinery --------------------------------------------------------------------------
    def candidates(self, g: Context, f: dict) -> list[str]:
        if len(f["spaces"]) >= f["max"]:
            return []
        only = f.get("only")
        return [s for s in B.SPACES if s not in f["spaces"] and (only is None or s in only)
                and self.eligible(g, f, s) is None]

    def sa_choices(self, g: Context, f: dict) -> list[str]:
        if f["sa"] != "open":
            return []
        return [a for a in SA_ACCOMPANY[self.op] if sa_possible(g, a, f)]

    def prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        stage = f["stage"]
        out: dict[str, list[str]] = {}
        if stage == "select":
            c = self.candidates(g, f)
            if c:
                out["space"] = c
            if f["extras"] and self.op in LEAD_OPS and not f["lead"] and not f.get("no_intel"):
                vals = B.chit_values(g)
                if vals:
                    out["lead"] = vals
            if f["extras"] and self.op in OFFENSIVE_OPS and not f["offensive"]:
                offs = [s for s in B.SPACES if B.sp(g, s)["caches"] and not B.british_pieces(B.sp(g, s))]
                if offs:
                    out["offensive"] = offs
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
        who = OP_FACTION[self.op].title()
        kind = "Limited " if f["limited"] else ""
        if f["stage"] == "select":
            return (f"{who} {kind}{self.op.title()}: select a space ({len(f['spaces'])} of {f['max']} "
                    f"selected) or done")
        if f["stage"] == "final":
            return f"{who} {self.op.title()}: the Operation is complete; a Special Activity, or done"
        return self.sub_text(g, f) or f"{who} {self.op.title()}"

    def rule_for(self, g: Context, f: dict) -> str:
        return OP_RULE[self.op]

    def explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        if verb == "space" and f["stage"] == "select" and arg in B.SPACES:
            if arg in f["spaces"]:
                return f"{B.name(arg)} is already selected (3.1: a space only once)"
            if len(f["spaces"]) >= f["max"]:
                return f"the Operation already has its {f['max']} space(s) (3.1, 2.3.4, 2.3.7)"
            if f.get("only") is not None and arg not in f["only"]:
                return f"this Operation may select only {', '.join(B.name(x) for x in f['only'])}"
            return self.eligible(g, f, arg)
        if verb == "sa":
            if f["sa"] == "none":
                return "no Special Activity with this Operation (2.3.4: Limited; 4.1)"
            if f["sa"] == "used":
                return "the Special Activity was already used (4.1)"
            if arg and arg not in SA_ACCOMPANY.get(self.op, []):
                return f"{arg} may not accompany {self.op.title()} (4.1.1)"
            return f"{arg} has no valid space now"
        if verb == "lead":
            return "Intelligence Lead: once per Patrol, Search or Assault, discarding a chit held (2.3.7)"
        if verb == "offensive":
            return "Offensive: once per Recruit, Sabotage or Rob, a Cache from a space with no British (2.3.7)"
        if verb == "done" and f["stage"] == "select" and not f["spaces"]:
            return "select at least one space first (3.1)"
        return None

    def act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        who = OP_FACTION[self.op]
        if verb == "sa":
            f["sa"] = "used"
            g.call(f"pal.sa.{arg}", who, parent_op=self.op)
            return
        stage = f["stage"]
        if stage == "select":
            if verb == "space":
                f["spaces"].append(arg)
                self.on_space(g, f, arg)
            elif verb == "lead":
                B.spend_chit(g, int(arg))
                f["lead"] = True
                f["max"] += 1
                g.say(f"British discarded an Intel Chit of value {arg} for an Intelligence Lead (one more space).",
                      faction="british", rule="2.3.7")
            elif verb == "offensive":
                B.remove(g, arg, "caches", 1)
                f["offensive"] = True
                f["max"] += 1
                g.say(f"Irgun removed the Arms Cache in {B.name(arg)} for an Offensive (one more space).",
                      faction="irgun", rule="2.3.7")
            elif verb == "done":
                if f["spaces"]:
                    self.on_select_done(g, f)
                else:
                    f["stage"] = "final"
            return
        if stage == "final":
            f["stage"] = "end"
            return
        self.sub_act(g, f, verb, arg)

    def step(self, g: Context, f: dict) -> bool:
        if f["stage"] == "select" and f.get("preselected") and len(f["spaces"]) >= f["max"]:
            # An Event chose the space(s) already: selection is over (see new_op_frame ``selected``).
            f["preselected"] = False
            self.on_select_done(g, f)
            return True
        if f["stage"] == "final" and not self.sa_choices(g, f):
            f["stage"] = "end"
        if f["stage"] == "end":
            g.end(list(f["spaces"]))
            return True
        return False
