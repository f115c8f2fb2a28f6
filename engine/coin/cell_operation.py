"""What the Operations of the Cell games share (Palestine and Cyprus): three spaces, one if Limited, the
Intelligence Lead and the Offensive, and refusals that name the facts.

Rules (both games' numbers): 3.1 (a space once; up to three spaces, one if Limited), 2.3.4 (the Limited
Operation), 2.3.7 (the Intelligence Lead: the British discard any Intel Chit for one more space on Patrol,
Search or Assault; the Offensive: the Insurgent removes an Arms Cache from a space with no British piece to
Available for one more space on its three Operations that allow it), 4.1 (one Special Activity, at any one
time before, during or after the Operation) and 4.1.1 (which may accompany which).

A game subclasses :class:`CellOperation` once, naming its board module ``B`` (``sp``, ``name``, ``remove``,
``british_pieces``, ``spend_chit``, ``chit_values``, ``SPACES``), its refusal words ``W`` (``names``,
``has``, ``held``, ``space_of``, ``not_a_space``, ``word_of``, ``elsewhere``), its ``cards`` and
``activities``, the ``insurgent`` faction, and the Operations the Lead and the Offensive extend; and says
where its own limits differ (:meth:`nominal_limit`, :meth:`limit_reason`: Palestine's Ernest Bevin and
Haganah Track). Each Operation then subclasses that base with its ``eligible`` test and its per-space work.

The orders ``lead CHIT`` and ``offensive SPACE`` are each game's words (declared in its own operation module:
a word declared in engine.coin would be every COIN game's). Frame locals besides the series' (engine.coin.operation): ``extras`` (the Lead and the Offensive may add a
space), ``lead`` and ``offensive`` (taken already), ``card`` and ``count`` (the Event granting it and its
number of spaces), ``no_intel`` (an Event's Operation that uses no Intel Chit).
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from ..core.errors import Refusal
from ..core.flow import Context
from . import operation
from .wording import side_name

#: What ``eligible(..., why=False)`` gives for a space that may not be selected: the same tests, without the
#: words of the reason (prompts ask every space; only a refusal needs the words).
NO = "no"


def new_op_frame(op: str, limited: bool, with_sa: bool, spaces: int, *, extras: bool = True,
                 optional: bool = False, selected: tuple = (), **flags) -> dict:
    """Local data of an Operation frame of *spaces* spaces at most (its caller's count: 3.1, 2.3.4, or an
    Event's). ``selected``: spaces an Event chose already, for an Operation whose selection does nothing by
    itself (a Search); ``optional``: it may end with no space; other *flags* are an Event's own."""
    return {"op": op, "limited": limited, "sa": "open" if with_sa else "none", "max": spaces,
            "extras": extras, "optional": optional, "spaces": list(selected), "stage": "select", "lead": False,
            "offensive": False, "preselected": bool(selected), **flags}


class CellOperation(operation.Operation):
    """Base of a Cell game's Operations: the Intelligence Lead and the Offensive (2.3.7) and the refusals of
    a selection (3.1, 2.3.4, 4.1, 4.1.1). Subclasses define ``eligible`` and the per-space work.

    ``eligible(g, f, sid, why=True)`` is the one test of a space: ``None`` if it may be selected, else the
    reason with the facts of the position; with ``why=False`` (the prompt's candidates) the reason is
    :data:`NO`, the tests the same."""

    #: The game's board module and refusal words (see the module's docstring).
    B: ClassVar[ModuleType]
    W: ClassVar[ModuleType]
    cards: ClassVar[dict] = {}
    #: The Insurgent faction (``irgun``, ``eoka``): its Offensive, the British's Intelligence Lead.
    insurgent: ClassVar[str] = ""
    lead_ops: ClassVar[frozenset[str]] = frozenset({"patrol", "search", "assault"})
    offensive_ops: ClassVar[frozenset[str]] = frozenset()
    #: The words a refusal of a Limited Operation's second space gives for a frame's ``rule``: what selects
    #: one space there (an Insurgent Pass, a Propaganda phase).
    limited_rules: ClassVar[dict[str, str]] = {}

    #: Whether the class keeps the default :meth:`admits` (set for each class): the prompt then asks
    #: :meth:`eligible` of each space itself (:meth:`candidates`).
    plain_admits: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.plain_admits = cls.admits is CellOperation.admits

    def eligible(self, g: Context, f: dict, sid: str, why: bool = True) -> str | None:
        return None

    def admits(self, g: Context, f: dict, sid: str) -> bool:
        return self.eligible(g, f, sid, False) is None

    def candidates(self, g: Context, f: dict) -> list[str]:
        """:meth:`engine.coin.operation.Operation.candidates`, asking :meth:`eligible` (``why=False``) of each
        space directly where :meth:`admits` is the default: the same test, one call a space less (the prompt
        asks every space)."""
        if not self.plain_admits or self.costs:
            return super().candidates(g, f)
        chosen = f["spaces"]
        if len(chosen) >= f["max"]:
            return []
        only, eligible = f.get("only"), self.eligible
        if only is None and not chosen:  # the first space: only the Operation's own test
            return [s for s in self.space_pool(g, f) if eligible(g, f, s, False) is None]
        return [s for s in self.space_pool(g, f) if s not in chosen and (only is None or s in only)
                and eligible(g, f, s, False) is None]

    def possible(self, g: Context, f: dict) -> bool:
        """Whether :meth:`candidates` holds a space: the same test, stopping at the first space found."""
        if not self.plain_admits or self.costs:
            return super().possible(g, f)
        chosen = f["spaces"]
        if len(chosen) >= f["max"]:
            return False
        only, eligible = f.get("only"), self.eligible
        if only is None and not chosen:  # the first space: only the Operation's own test
            for s in self.space_pool(g, f):
                if eligible(g, f, s, False) is None:
                    return True
            return False
        for s in self.space_pool(g, f):
            if s not in chosen and (only is None or s in only) and eligible(g, f, s, False) is None:
                return True
        return False

    # -- the Intelligence Lead and the Offensive (2.3.7) ----------------------------------------------
    def offensive_spaces(self, g: Context) -> list[str]:
        """The spaces an Offensive may take its Arms Cache from: one there and no British piece (2.3.7)."""
        B, spaces = self.B, g.s["spaces"]  # B.sp, inline
        return [s for s in B.SPACES if spaces[s]["caches"] and not B.british_pieces(spaces[s])]

    def select_extras(self, g, f, out):
        if f["extras"] and self.op in self.lead_ops and not f["lead"] and not f.get("no_intel"):
            vals = self.B.chit_values(g)
            if vals:
                out["lead"] = vals
        if f["extras"] and self.op in self.offensive_ops and not f["offensive"]:
            offs = self.offensive_spaces(g)
            if offs:
                out["offensive"] = offs

    def extra_act(self, g, f, verb, arg):
        if verb == "lead":
            self.B.spend_chit(g, int(arg))
            f["lead"] = True
            f["max"] += 1
            g.say(f"British discarded an Intel Chit of value {arg} for an Intelligence Lead (one more space).",
                  faction="british", rule="2.3.7")
            return True
        if verb == "offensive":
            self.B.remove(g, arg, "caches", 1)
            f["offensive"] = True
            f["max"] += 1
            g.say(f"{side_name(self.insurgent)} removed the Arms Cache in {self.B.name(arg)} for an Offensive "
                  "(one more space).", faction=self.insurgent, rule="2.3.7")
            return True
        return False

    def act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        if verb == "sa":
            f["sa_done"] = arg  # named by a later refusal (4.1: one Special Activity)
        super().act(g, f, verb, arg)

    # -- refusals: the tests of prompt, each saying what failed ----------------------------------------
    def explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        stage, W = f["stage"], self.W
        if verb in ("unshaded", "shaded", "event"):
            return W.elsewhere(verb)
        if verb == "sa":
            return self.sa_refusal(g, f, arg)
        if verb == "lead":
            return self.lead_refusal(g, f, arg)
        if verb == "offensive":
            return self.offensive_refusal(g, f, arg)
        own = self.order_refusal(g, f, verb, arg)
        if own is not None:
            return own
        if stage == "select":
            if verb == "space":
                return self.space_refusal(g, f, arg)
            if verb == "done" and not f["spaces"]:
                return f"select at least one space first: this {self.called(f)} has selected none (3.1)"
        if stage == "final" and verb == "space":
            return (f"this {self.called(f)} is complete in {W.names(f['spaces'])}: a Special Activity, or done "
                    "(3.1)")
        return self.stage_refusal(g, f, verb, arg)

    def order_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """A game's reason for one of its own orders, whatever the stage (Palestine's Terror); ``None`` if
        *verb* is not one."""
        return None

    def stage_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why *verb arg* is refused in a sub-stage of the Operation (each Operation's own)."""
        return None

    def called(self, f: dict) -> str:
        """``Limited Patrol``, ``Sabotage``: the Operation as a refusal names it."""
        return f"{'Limited ' if f['limited'] else ''}{self.title}"

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why ``space ARG`` is refused while selecting: not a space (1.3.1), selected already (3.1), the
        space limit (:meth:`limit_refusal`), not one the Event allows, or the Operation's own test
        (``eligible``, the test of ``candidates``)."""
        W, B = self.W, self.B
        sid = W.space_of(arg)
        if sid is None:
            return W.not_a_space(arg or "")
        if sid in f["spaces"]:
            return f"{B.name(sid)} is already selected for this {self.called(f)} (3.1: a space only once)"
        if len(f["spaces"]) >= f["max"]:
            return self.limit_refusal(g, f)
        only = f.get("only")
        if only is not None and sid not in only:
            return self.card_refusal(g, f, f"this {self.title} may select only {W.names(only)}")
        return self.eligible(g, f, sid)

    def card_refusal(self, g: Context, f: dict, text: str) -> str:
        """*text*, a restriction of the Event that grants this Operation, as a refusal naming the card."""
        cid = f.get("card")
        if not cid:
            return f"{text} (5.1: the Event's text)"
        return Refusal(f"{self.cards[cid]['title']} ({cid}): {text}", rule=cid)

    def nominal_limit(self, g: Context, f: dict) -> int:
        """The spaces this Operation may select before the Lead or Offensive: an Event's number (5.1), one if
        Limited (2.3.4), else three (3.1); a game whose Capabilities change it says so."""
        if f.get("card"):
            return f.get("count", f["max"])
        return 1 if f["limited"] else 3

    def limit_reason(self, g: Context, f: dict, head: str, more: str) -> str | None:
        """A game's own reason for the space limit of an Operation that is neither an Event's nor Limited (a
        Capability's); ``None`` for the rule's three spaces."""
        return None

    def limit_refusal(self, g: Context, f: dict) -> str:
        """Why no more space may be selected: the limit that applies, and the extras counted in it: a Limited
        Operation 1 space (2.3.4), the Event's number (5.1), else 3 (3.1) or a game's own; the Intelligence
        Lead or Offensive (2.3.7) and a game's extra space (:meth:`extra_words`) add one each."""
        head = f"this {self.called(f)} already has its {f['max']} space(s) ({self.W.names(f['spaces'])})"
        extras = [w for ok, w in ((f["lead"], "1 by Intelligence Lead, 2.3.7"),
                                  (f["offensive"], "1 by Offensive, 2.3.7")) if ok]
        nominal = self.nominal_limit(g, f)
        if f["max"] - len(extras) > nominal:
            extras.append(self.extra_words(g, f))
        more = f"; counted in it: {' and '.join(extras)}" if extras else ""
        if f.get("card"):
            return self.card_refusal(g, f, f"{head}: the Event grants {nominal} space(s){more}")
        if f["limited"]:
            rule = f.get("rule") or "2.3.4"
            what = self.limited_rules.get(rule, "a Limited Operation selects one space")
            return f"{head} ({rule}: {what}{more})"
        return self.limit_reason(g, f, head, more) or f"{head} (3.1: an Operation selects up to 3 spaces{more})"

    def extra_words(self, g: Context, f: dict) -> str:
        """How a refusal names a game's own extra space (Palestine's Haganah Track, 6.5.3)."""
        return "1 extra space"

    def sa_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why ``sa NAME`` is refused: no Special Activity with this Operation (2.3.4, 4.1), used already
        (4.1), not one that may accompany it (4.1.1 and the Special Activity's rule), not between the
        Operation's steps (4.1), or no valid space (the Special Activity's own test)."""
        if f["sa"] != "open":
            return self.sa_closed(f)
        acts = self.activities
        arg = self.W.word_of(arg, acts.sa_faction)
        # Those offered as ``sa NAME`` (not one declared inside an Operation by an order of its own).
        mine = [a for a, who in acts.sa_faction.items() if who == self.faction and acts.specials[a].offered]
        rule = "4.2" if self.faction == "british" else "4.3"
        who = side_name(self.faction)
        if arg is None:
            return f"name the Special Activity: sa {'|'.join(mine)} ({rule})"
        if arg not in acts.sa_faction:
            return f"{arg!r} is not {_a(who)} {who} Special Activity: {', '.join(acts.sa_title[a] for a in mine)} ({rule})"
        owner = side_name(acts.sa_faction[arg])
        if acts.sa_faction[arg] != self.faction:
            return (f"{acts.sa_title[arg]} is {_a(owner)} {owner} Special Activity; the {who} choose from "
                    f"{', '.join(acts.sa_title[a] for a in mine)} ({rule})")
        own = self.special_refusal(g, f, arg)
        if own is not None:
            return own
        if arg not in acts.sa_accompany[self.op]:
            ops = [acts.op_title[o] for o, sas in acts.sa_accompany.items() if arg in sas]
            return (f"{acts.sa_title[arg]} may only accompany {' or '.join(ops)}, not {self.title} "
                    f"({acts.sa_rule[arg]})")
        if not (self.interruptible(g, f) or f["stage"] == "final"):
            return (f"a Special Activity runs before, during or after the {self.called(f)}, between its steps (4.1): "
                    f"first finish this one: {self.sub_text(g, f) or f['stage']}")
        return self.no_space(g, arg)

    def special_refusal(self, g: Context, f: dict, sa: str) -> str | None:
        """A game's own reason for Special Activity *sa* with this Operation (Palestine's Terror), else
        ``None``."""
        return None

    def no_space(self, g: Context, sa: str) -> str:
        """Why Special Activity *sa* has nothing to do now (each game's words)."""
        return f"{self.activities.sa_title[sa]} has no valid space now ({self.activities.sa_rule[sa]})"

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
        return (f"this {op} already used its one Special Activity"
                f"{': ' + self.activities.sa_title[done] if done else ''} (4.1)")

    def extension_refusal(self, g: Context, f: dict, ext: str) -> str | None:
        """What the Intelligence Lead (*ext* ``lead``) and the Offensive (``offensive``) refuse alike (2.3.7): the
        other faction's extension, an Operation it does not extend, an Event's Operation of fixed size (5.1),
        a second one, one after the spaces are selected; ``None`` where none of these holds."""
        op, acts, lead = self.called(f), self.activities, ext == "lead"
        name, other = ("Intelligence Lead", "Offensive") if lead else ("Offensive", "Intelligence Lead")
        owner, rival = ("british", self.insurgent) if lead else (self.insurgent, "british")
        ops = self.lead_ops if lead else self.offensive_ops
        if self.faction != owner:
            return f"the {name} is the {side_name(owner)}'s; the {side_name(rival)} add a space by {other} (2.3.7)"
        if self.op not in ops:
            listed = _either([acts.op_title[o] for o in acts.ops[owner] if o in ops])
            return f"an {name} adds a space to {listed} only, not to {op} (2.3.7)"
        if lead and f.get("no_intel"):
            return self.card_refusal(g, f, f"this {self.title} uses no Intel Chit, so no Intelligence Lead")
        if not f["extras"]:
            return self.card_refusal(g, f, f"the Event sets this {op}'s spaces at {f['max']}: no {name} adds one")
        if f[ext]:
            return f"this {op} already had its {name}: once per Operation (2.3.7)"
        if f["stage"] != "select":
            return f"an {name} adds a space while spaces are selected; this {op} has moved on (2.3.7)"
        return None

    def lead_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why an Intelligence Lead is refused (2.3.7): British Patrol, Search or Assault, once, while
        selecting, discarding a chit held; none in an Event's Operation of fixed size (5.1) nor in one that
        uses no Intel Chit."""
        why = self.extension_refusal(g, f, "lead")
        if why:
            return why
        if not g.s["intel"]["held"]:
            return "the British hold no Intel Chit to discard for an Intelligence Lead (2.3.7)"
        return f"the British hold no Intel Chit of value {arg} (held: {self.W.held(g)}) (2.3.7)"

    def offensive_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why an Offensive is refused (2.3.7): the Insurgent's Operations it extends, once, while selecting,
        an Arms Cache from a space with no British piece; none in an Event's Operation of fixed size (5.1)."""
        why = self.extension_refusal(g, f, "offensive")
        if why:
            return why
        W = self.W
        sid = W.space_of(arg)
        if sid is None:
            return W.not_a_space(arg or "")
        if not self.B.sp(g, sid)["caches"]:
            return f"{W.has(g, sid, 'caches')}: the Offensive removes an Arms Cache (2.3.7)"
        return (f"{W.has(g, sid, 'troops', 'police')}: the Offensive's Arms Cache comes from a space with no "
                "British piece (2.3.7)")


def _either(items: list[str]) -> str:
    """``Patrol, Search or Assault``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def _a(name: str) -> str:
    return "an" if name[:1] in "AEIOU" else "a"
