"""What the British Way games that word their refusals with :class:`engine.coin.refusals.Words` share
(Malaya, Kenya): an Operation's refusals of a space count and a Special Activity (2.3.4, 3.1, 4.1, 4.1.1),
the refusal of an Operation that may not start (3.1), and a turn's refusals (2.3.2 to 2.3.4, 4.1, 5.1.3, 5.2).

A game's Operation base subclasses :class:`WordedOperation` (with ``activities`` and ``words``); its
``CoinRules`` mixes in :class:`WordedTurns` (with ``words``, ``cards`` and ``op_refusal``;
``engine.coin.tabled_rules.TabledRules`` binds :func:`op_refusal` from the game's tables).
"""

from __future__ import annotations

from ..core.flow import Context
from .operation import TestedOperation
from .sequence import BOX_NAMES
from .wording import article, side_name


class WordedOperation(TestedOperation):
    """An Operation whose refusals of a space count and of a Special Activity are worded with the game's
    ``words``, and whose work as a space is selected is :meth:`on_selected` (the base pays first, 3.1)."""

    #: How the frame's Special Activity refusal names an Operation that comes with none and is not Limited.
    unaccompanied = "a free Operation"

    def on_space(self, g: Context, f: dict, sid: str) -> None:
        """A space selected (and paid for by the base, 3.1; nothing if free): the Operation's own work."""
        self.on_selected(g, f, sid)

    def on_selected(self, g: Context, f: dict, sid: str) -> None:
        """Each Operation's work as *sid* is selected."""

    def space_limit_refusal(self, g: Context, f: dict) -> str:
        """One space in a Limited Operation (2.3.4); an Event's count (its card)."""
        w = self.words
        if f["limited"]:
            return w.because(f"a Limited Operation selects one space, and this {self.title} has selected "
                             f"{w.names(f['spaces'])}", "2.3.4")
        return w.because(f"this {self.title} selects up to {f['max']} space(s) and has them", w.rule_of(f, "3.1"))

    def sa_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Special Activity *arg* may not accompany this Operation now (4.1, 4.1.1; 2.3.4): asked for in the
        middle of one of its steps (4.1: before, during or after the Operation, between its steps)."""
        w, acts = self.words, self.activities
        if (f["sa"] == "open" and arg in acts.sa_accompany.get(self.op, ()) and f["stage"] != "final"
                and not self.interruptible(g, f)):
            return w.because(f"a Special Activity comes before, between or after the {self.title}'s steps, not in "
                             "the middle of one: finish this step first", "4.1")
        if f["sa"] == "none":
            if f["limited"] and not f.get("rule"):
                return w.because("a Limited Operation comes with no Special Activity", "2.3.4, 4.1")
            return w.because(f"this {self.title} comes with no Special Activity ({self.unaccompanied})",
                             w.rule_of(f, "4.1"))
        if f["sa"] == "used":
            return w.because(f"the {self.title} already had its one Special Activity", "4.1")
        if arg is None:
            return None
        if arg not in acts.sa_rule:
            mine = [a for a, fac in acts.sa_faction.items() if fac == self.faction]
            return w.because(f"{arg!r} is no Special Activity; the "
                             f"{w.names([acts.sa_title[a] for a in mine], plain=True)} are", "4.2, 4.3")
        if arg not in acts.sa_accompany.get(self.op, ()):
            return w.because(f"{acts.sa_title[arg]} may not accompany {self.title}", f"{acts.sa_rule[arg]}, 4.1.1")
        return w.because(f"{acts.sa_title[arg]} has nothing it could do now", acts.sa_rule[arg])


def op_refusal(g: Context, role: str, op: str, frame: dict, *, activities, words, prefix: str) -> str | None:
    """Why *role* may not start Operation *op* with the frame locals *frame*: not one of its Operations (3.1),
    or no space it may select, with the (different) reasons of the first spaces it may not; ``None`` if it
    may. *prefix*: the game's Operation procedures' (``my.op.``)."""
    mine = activities.ops.get(role, [])
    listed = words.names([activities.op_title[o] for o in mine], plain=True, joint="or")
    who = side_name(role)
    if op not in activities.op_faction:
        return words.because(f"{op!r} is no Operation; the {who} choose {listed}", "3.1")
    if op not in mine:
        owner = side_name(activities.op_faction[op])
        return words.because(f"{activities.op_title[op]} is {article(owner)} {owner} Operation; the {who} choose "
                             f"{listed}", "3.1")
    proc = g.procs[f"{prefix}{op}"]
    if proc.possible(g, frame):
        return None
    local = {**frame, "p": proc.name, "role": role}
    where = frame.get("only")
    spaces = where if where is not None else g.rules.board.spaces
    why = list(dict.fromkeys(r for sid in spaces if (r := proc.space_refusal(g, local, sid))))[:2]  # each once
    return words.because(f"{activities.op_title[op]} has no space it may select"
                         f"{' among ' + words.names(where) if where is not None else ''}: {'; '.join(why)}",
                         activities.op_rule[op])


class WordedTurns:
    """A ``CoinRules`` mixin: a turn's refusals in the game's ``words`` (``coin.turn``, :meth:`turn_refusal`),
    with the game's ``cards`` and its ``op_refusal``."""

    words = None
    cards: dict = {}

    def op_refusal(self, g: Context, role: str, op: str, frame: dict) -> str | None:
        """Why *role* may not start *op* (each game binds :func:`op_refusal` with its tables); none here."""
        return None

    def event_refusal(self, g: Context, cid: str, side: str) -> str:
        """Why the *side* text of Event card *cid* is refused in the Event box: the card has no such text
        (5.2), or the text can change nothing now (5.1.3)."""
        card, w = self.cards[cid], self.words
        if card["single"] != (side == "event"):
            texts = "a single text (event)" if card["single"] else "an unshaded and a shaded text"
            return w.because(f"{card['title']} ({cid}) has {texts}", "5.2")
        label = card["unshaded" if side in ("unshaded", "event") else "shaded"]
        return w.because(f"the {side} text of {card['title']} ({cid}), {label}, can change nothing now", "5.1.3")

    def turn_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """The reasons in a turn: a box before anything else (2.3.2), no Special Activity in the Limited
        Operation box (2.3.4, 4.1) and one only with its Operation (4.1), an Operation's own reasons
        (:meth:`op_refusal`: its spaces and what they cost), an Event text's (:meth:`event_refusal`)."""
        stage, box, w = f.get("stage"), f.get("box"), self.words
        if stage == "box" and verb in ("pass", "op", "sa", "done", "unshaded", "shaded", "event"):
            return w.because(f"choose a box of the Initiative Track first: the {'Pass' if verb == 'pass' else 'action'}"
                             " is taken in the box chosen", "2.3.2, 2.3.3")
        if stage != "act":
            return None
        if verb == "done":
            return w.because(f"the turn in the {BOX_NAMES[box]} box is its action or a Pass: choose one",
                             "2.3.2, 2.3.3")
        if verb == "sa":
            if box == "limited":
                return w.because("a Limited Operation comes with no Special Activity", "2.3.4, 4.1")
            if box == "event":
                return w.because("the Event box allows only the Event or a Pass", "2.3.2")
            return w.because("choose the Operation first (op NAME): the Special Activity accompanies it, before, "
                             "during or after it", "4.1")
        if verb == "op" and box != "event" and arg:
            known = any(arg in ops for ops in self.op_names.values())
            frame = self.op_frame(g, arg, box == "limited", box == "opsa") if known else {}
            return self.op_refusal(g, f["role"], arg, frame)
        if box == "event" and verb in ("unshaded", "shaded", "event"):
            return self.event_refusal(g, g.s["current"], verb)
        return None
