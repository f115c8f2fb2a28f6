"""What every Palestine Operation shares: space selection, space limits, extra spaces, and the point
at which its Special Activity may run.

Rules 3.1 (select each space once; up to three, one if Limited), 2.3.4 (Limited Operation), 2.3.7
(Intelligence Lead and Offensive), 6.5.3 (Haganah at 4), 4.1 (one Special Activity, at any one time
before, during or after the Operation), 4.1.1 (accompanying Operations). Event-granted Operations carry
their own space count and flags (:func:`event_op_frame`, ruling R-EV-OPS).
"""

from __future__ import annotations

from ...coin import operation
from ...coin.capabilities import cap
from ...core import notation
from ...core.flow import Context
from ...core.ruling_choice import chosen
from . import board as B
from .data import CARDS
from .special import ACTIVITIES, SA_ACCOMPANY, SA_FACTION, SA_RULE, SA_TITLE, no_space
from .why import Refusal, elsewhere, has, held, names, not_a_space, space_of, word_of

notation.declare(__name__, {"lead", "offensive"})

LEAD_OPS = {"patrol", "search", "assault"}          # 2.3.7
OFFENSIVE_OPS = {"recruit", "sabotage", "rob"}      # 2.3.7
#: Each Operation's faction and rule, as its class in ``british_ops`` or ``irgun_ops`` says.
OP_FACTION = ACTIVITIES.op_faction
OP_RULE = ACTIVITIES.op_rule


def base_spaces(g: Context, faction: str, limited: bool) -> int:
    """Spaces an Operation may select before extras (3.1, 2.3.4, P9 shaded, 6.5.3, P13)."""
    if limited:
        n = 1
    elif faction == "british" and cap(g, "P9") == "shaded":
        n = 2
    else:
        n = 3
    return n + haganah_bonus(g, faction)


def haganah_bonus(g: Context, faction: str) -> int:
    """The Haganah extra space of an Irgun Operation: 1 at 4 (6.5.3), none there with P13 unshaded, also
    at 3 with P13 shaded."""
    if faction != "irgun":
        return 0
    h = g.s["haganah"]
    return int((h == 4 and cap(g, "P13") != "unshaded") or (h == 3 and cap(g, "P13") == "shaded"))


def new_op_frame(g: Context, op: str, limited: bool, with_sa: bool, *, spaces: int | None = None,
                 extras: bool = True, optional: bool = False, selected: tuple = (), **flags) -> dict:
    """Local data of an Operation frame. ``spaces`` fixes the count (Event-granted Operations: see
    :func:`event_op_frame`).

    Flags an Event may pass: ``only`` (list of spaces it may select), ``no_intel`` (no Intel Chits:
    P6), ``optional`` (may end with no space), ``need_police`` / ``on_success`` / ``only_railways``
    (Sabotage variants of P28 and P21), ``selected`` (spaces already chosen by the Event, for Operations
    whose selection does nothing by itself, such as Search).
    """
    faction = OP_FACTION[op]
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none",
            "max": spaces if spaces is not None else base_spaces(g, faction, limited),
            "extras": extras and spaces is None, "optional": optional,
            "spaces": list(selected), "stage": "select", "lead": False, "offensive": False,
            "preselected": bool(selected), **flags}


def event_op_frame(g: Context, op: str, spaces: int, *, with_sa: bool = False, **kw) -> dict:
    """Local data of an Operation an Event grants in *spaces* spaces ("Sabotage in 1 space", "Search in
    up to 3 spaces"), read by ruling R-EV-OPS, an umpire option.

    ``card-count`` (the default): the card's number is the most the Operation may select (5.1.1).
    ``extras``: 2.3.7 and 6.5.3 speak of "an Operation or Limited Operation" and "any Operation", so the
    Intelligence Lead, the Offensive and the Haganah extra space add to the card's number, where more
    spaces than that number could be selected at all (not where the card names the one space, P1 and
    P11 unshaded, nor where it allows every Railway, P21 shaded).
    """
    frame = new_op_frame(g, op, False, with_sa, spaces=spaces, **kw)
    frame["card"], frame["count"] = g.s["current"], spaces  # the Event granting it (refusals name it, 5.1)
    if chosen(g.s, "R-EV-OPS", "card-count") != "extras":
        return frame
    pool = kw.get("only")
    if pool is None and kw.get("only_railways"):
        pool = B.RAILWAYS
    if pool is not None and len(pool) <= spaces:
        return frame
    frame["extras"] = True
    frame["max"] = spaces + haganah_bonus(g, OP_FACTION[op])
    return frame


#: What ``eligible(..., why=False)`` gives for a space that may not be selected: the same tests, without
#: the words of the reason (prompts ask every space; only a refusal needs the words).
NO = "no"


class Operation(operation.Operation):
    """Base of the eight Palestine Operations (engine.coin.operation.Operation) with Palestine's extras:
    the Intelligence Lead and the Offensive (2.3.7). Subclasses define ``eligible`` and the per-space
    work.

    ``eligible(g, f, sid, why=True)`` is the one test of a space: ``None`` if it may be selected, else the
    reason with the facts of the position; with ``why=False`` (the prompt's candidates) the reason is
    :data:`NO`, the tests the same."""

    sa_prefix = "pal.sa."
    activities = ACTIVITIES

    def eligible(self, g: Context, f: dict, sid: str, why: bool = True) -> str | None:
        return None

    def admits(self, g: Context, f: dict, sid: str) -> bool:
        return self.eligible(g, f, sid, False) is None

    def select_extras(self, g, f, out):
        if f["extras"] and self.op in LEAD_OPS and not f["lead"] and not f.get("no_intel"):
            vals = B.chit_values(g)
            if vals:
                out["lead"] = vals
        if f["extras"] and self.op in OFFENSIVE_OPS and not f["offensive"]:
            offs = [s for s in B.SPACES if B.sp(g, s)["caches"] and not B.british_pieces(B.sp(g, s))]
            if offs:
                out["offensive"] = offs

    def extra_act(self, g, f, verb, arg):
        if verb == "lead":
            B.spend_chit(g, int(arg))
            f["lead"] = True
            f["max"] += 1
            g.say(f"British discarded an Intel Chit of value {arg} for an Intelligence Lead (one more space).",
                  faction="british", rule="2.3.7")
            return True
        if verb == "offensive":
            B.remove(g, arg, "caches", 1)
            f["offensive"] = True
            f["max"] += 1
            g.say(f"Irgun removed the Arms Cache in {B.name(arg)} for an Offensive (one more space).",
                  faction="irgun", rule="2.3.7")
            return True
        return False

    def act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        if verb == "sa":
            f["sa_done"] = arg  # named by a later refusal (4.1: one Special Activity)
        super().act(g, f, verb, arg)

    # -- refusals: the tests of prompt, each saying what failed ----------------------------------------

    def explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        stage = f["stage"]
        if verb in ("unshaded", "shaded", "event"):
            return elsewhere(verb)
        if verb == "sa":
            return self.sa_refusal(g, f, arg)
        if verb == "lead":
            return self.lead_refusal(g, f, arg)
        if verb == "offensive":
            return self.offensive_refusal(g, f, arg)
        if verb == "terror" and self.op != "sabotage":
            return self.terror_refusal(g, f)
        if stage == "select":
            if verb == "space":
                return self.space_refusal(g, f, arg)
            if verb == "done" and not f["spaces"]:
                return f"select at least one space first: this {self.called(f)} has selected none (3.1)"
        if stage == "final" and verb == "space":
            return (f"this {self.called(f)} is complete in {names(f['spaces'])}: a Special Activity, or done "
                    "(3.1)")
        return self.stage_refusal(g, f, verb, arg)

    def stage_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why *verb arg* is refused in a sub-stage of the Operation (each Operation's own)."""
        return None

    def called(self, f: dict) -> str:
        """``Limited Patrol``, ``Sabotage``: the Operation as a refusal names it."""
        return f"{'Limited ' if f['limited'] else ''}{self.op.title()}"

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why ``space ARG`` is refused while selecting: not a space (1.3.1), selected already (3.1), the
        space limit (:meth:`limit_refusal`), not one the Event allows, or the Operation's own test
        (``eligible``, the test of ``candidates``)."""
        sid = space_of(arg)
        if sid is None:
            return not_a_space(arg or "")
        if sid in f["spaces"]:
            return f"{B.name(sid)} is already selected for this {self.called(f)} (3.1: a space only once)"
        if len(f["spaces"]) >= f["max"]:
            return self.limit_refusal(g, f)
        only = f.get("only")
        if only is not None and sid not in only:
            return self.card_refusal(g, f, f"this {self.op.title()} may select only {names(only)}")
        return self.eligible(g, f, sid)

    def card_refusal(self, g: Context, f: dict, text: str) -> str:
        """*text*, a restriction of the Event that grants this Operation, as a refusal naming the card."""
        cid = f.get("card")
        if not cid:
            return f"{text} (5.1: the Event's text)"
        return Refusal(f"{CARDS[cid]['title']} ({cid}): {text}", rule=cid)

    def limit_refusal(self, g: Context, f: dict) -> str:
        """Why no more space may be selected: the limit that applies, and the extras counted in it: a Limited
        Operation 1 space (2.3.4), the Event's number (5.1), Bevin's 2 (P9 shaded), else 3 (3.1); the
        Intelligence Lead or Offensive (2.3.7) and the Haganah's extra space (6.5.3) add one each."""
        head = f"this {self.called(f)} already has its {f['max']} space(s) ({names(f['spaces'])})"
        extras = [w for ok, w in ((f["lead"], "1 by Intelligence Lead, 2.3.7"), (f["offensive"],
                                                                                "1 by Offensive, 2.3.7")) if ok]
        base = f["max"] - len(extras)
        if f.get("card"):
            nominal = f.get("count", base)
        elif f["limited"]:
            nominal = 1
        else:
            nominal = 2 if self.faction == "british" and cap(g, "P9") == "shaded" else 3
        if base > nominal:
            extras.append("1 for the Haganah Track, 6.5.3")
        more = f"; counted in it: {' and '.join(extras)}" if extras else ""
        if f.get("card"):
            return self.card_refusal(g, f, f"{head}: the Event grants {nominal} space(s){more}")
        if f["limited"]:
            rule = f.get("rule") or "2.3.4"
            what = {"6.2.1": "an Expropriation Robs in one space", "2.3.3": "an Irgun Pass Robs in one space"}.get(
                rule, "a Limited Operation selects one space")
            return f"{head} ({rule}: {what}{more})"
        if self.faction == "british" and cap(g, "P9") == "shaded":
            return Refusal(f"{head}: Ernest Bevin (P9, shaded: Declining great power) holds British Operations "
                           f"to 2 spaces{more}", rule="P9")
        return f"{head} (3.1: an Operation selects up to 3 spaces{more})"

    def sa_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why ``sa NAME`` is refused: no Special Activity with this Operation (2.3.4, 4.1), used already
        (4.1), not one that may accompany it (4.1.1 and the Special Activity's rule), not between the
        Operation's steps (4.1), or no valid space (the Special Activity's own test)."""
        if f["sa"] != "open":
            return self.sa_closed(f)
        arg = word_of(arg, SA_FACTION)
        # Those offered as ``sa NAME``: Terror is declared inside a Sabotage instead (4.3.3).
        mine = [a for a, who in SA_FACTION.items() if who == self.faction and ACTIVITIES.specials[a].offered]
        if arg is None:
            return f"name the Special Activity: sa {'|'.join(mine)} ({'4.2' if self.faction == 'british' else '4.3'})"
        if arg not in SA_FACTION:
            return (f"{arg!r} is not a {self.faction.title()} Special Activity: "
                    f"{', '.join(SA_TITLE[a] for a in mine)} ({'4.2' if self.faction == 'british' else '4.3'})")
        if SA_FACTION[arg] != self.faction:
            return (f"{SA_TITLE[arg]} is {'an Irgun' if SA_FACTION[arg] == 'irgun' else 'a British'} Special "
                    f"Activity; the {self.faction.title()} choose from {', '.join(SA_TITLE[a] for a in mine)} "
                    f"({'4.2' if self.faction == 'british' else '4.3'})")
        if arg == "terror":
            return self.terror_refusal(g, f)
        if arg not in SA_ACCOMPANY[self.op]:
            ops = [o.title() for o, sas in SA_ACCOMPANY.items() if arg in sas]
            return f"{SA_TITLE[arg]} may only accompany {' or '.join(ops)}, not {self.op.title()} ({SA_RULE[arg]})"
        if not (self.interruptible(g, f) or f["stage"] == "final"):
            return (f"a Special Activity runs before, during or after the {self.called(f)}, between its steps (4.1): "
                    f"first finish this one: {self.sub_text(g, f) or f['stage']}")
        return no_space(g, arg)

    def sa_closed(self, f: dict) -> str:
        """Why this Operation has no Special Activity left: Limited (2.3.4), an Event's without one (4.1), or
        its one used already (4.1)."""
        op = self.called(f)
        if f["sa"] == "none":
            if f["limited"]:
                return f"a Limited Operation has no Special Activity (2.3.4; 4.1): this is a {op}"
            return (f"this {op} comes with no Special Activity (4.1: an Event grants one only where its text "
                    "says so)")
        done = f.get("sa_done")
        return f"this {op} already used its one Special Activity{': ' + SA_TITLE[done] if done else ''} (4.1)"

    def terror_refusal(self, g: Context, f: dict) -> str:
        """Why Terror is refused with an Operation other than Sabotage (4.3.3; Sabotage has its own)."""
        if f["sa"] == "none":
            return self.sa_closed(f)
        return f"Terror may only accompany Sabotage, not {self.op.title()} (4.3.3)"

    def lead_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why an Intelligence Lead is refused (2.3.7): British Patrol, Search or Assault, once, while
        selecting, discarding a chit held; none in an Event's Operation of fixed size (5.1, ruling R-EV-OPS)
        nor with Montgomery's Search (P6 unshaded)."""
        op = self.called(f)
        if self.faction != "british":
            return "the Intelligence Lead is the British's; the Irgun add a space by Offensive (2.3.7)"
        if self.op not in LEAD_OPS:
            return f"an Intelligence Lead adds a space to Patrol, Search or Assault only, not to {op} (2.3.7)"
        if f.get("no_intel"):
            return self.card_refusal(g, f, "this Search uses no Intel Chit, so no Intelligence Lead")
        if not f["extras"]:
            return self.card_refusal(g, f, f"the Event sets this {op}'s spaces at {f['max']}: no Intelligence "
                                           "Lead adds one (ruling R-EV-OPS)")
        if f["lead"]:
            return f"this {op} already had its Intelligence Lead: once per Operation (2.3.7)"
        if f["stage"] != "select":
            return f"an Intelligence Lead adds a space while spaces are selected; this {op} has moved on (2.3.7)"
        if not g.s["intel"]["held"]:
            return "the British hold no Intel Chit to discard for an Intelligence Lead (2.3.7)"
        return f"the British hold no Intel Chit of value {arg} (held: {held(g)}) (2.3.7)"

    def offensive_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why an Offensive is refused (2.3.7): Irgun Recruit, Sabotage or Rob, once, while selecting, an Arms
        Cache from a space with no British; none in an Event's Operation of fixed size (ruling R-EV-OPS)."""
        op = self.called(f)
        if self.faction != "irgun":
            return "the Offensive is the Irgun's; the British add a space by Intelligence Lead (2.3.7)"
        if self.op not in OFFENSIVE_OPS:
            return f"an Offensive adds a space to Recruit, Sabotage or Rob only, not to {op} (2.3.7)"
        if not f["extras"]:
            return self.card_refusal(g, f, f"the Event sets this {op}'s spaces at {f['max']}: no Offensive adds "
                                           "one (ruling R-EV-OPS)")
        if f["offensive"]:
            return f"this {op} already had its Offensive: once per Operation (2.3.7)"
        if f["stage"] != "select":
            return f"an Offensive adds a space while spaces are selected; this {op} has moved on (2.3.7)"
        sid = space_of(arg)
        if sid is None:
            return not_a_space(arg or "")
        x = B.sp(g, sid)
        if not x["caches"]:
            return f"{has(g, sid, 'caches')}: the Offensive removes an Arms Cache (2.3.7)"
        return f"{has(g, sid, 'troops', 'police')}: the Offensive's Arms Cache comes from a space with no British (2.3.7)"
