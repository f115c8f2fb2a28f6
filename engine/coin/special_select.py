"""The selection most Special Activities of the British Way games make (rule 4.1 of each game): spaces one at a
time (``space SPACE``), each once (4.1), up to a count (the rule's, a Capability's, or the ``max`` of an Event or
a phase that grants it), within an Event's ``only``, each tested by the Special Activity's own
:meth:`Selecting.qualifies` and refused with its own :meth:`Selecting.unqualified` words. A step inside the space
just selected (a Reprisal's Guerrilla move, a Raid's moves and Operation) is a sub-stage of the frame; ``done``
ends the selection once a space is selected (at once where the frame is ``optional``), and it ends by itself
when nothing is left to offer. Kenya's and Malaya's MCP Special Activities and Japanese Occupation's six use it.

Frame locals (besides :class:`engine.coin.special.StagedActivity`'s): ``chosen`` (the spaces selected),
``stage`` (``select`` or the Special Activity's own sub-stage), ``over`` (``done`` given).
"""

from __future__ import annotations

from typing import ClassVar

from ..core.flow import Context
from .capabilities import cap
from .special import StagedActivity
from .wording import rule_with_card, side_name

#: The rule a Special Activity's log line cites: its own, with the card or phase that granted it.
sa_rule = rule_with_card


class Selecting(StagedActivity):
    """A Special Activity that selects up to :meth:`most` spaces (see the module). A game's class mixes this
    one with its own Special Activity base (``words``, ``activities``)."""

    initial: ClassVar[dict] = {"chosen": [], "stage": "select"}
    #: Its own count of spaces, without Capabilities (4.2, 4.3 of each game).
    default_max: ClassVar[int] = 1
    #: A Capability whose text raises the count while in play: ``(card, side, count)`` (Kenya K5, K11
    #: unshaded, K28, K31 shaded; Japanese Occupation J19 unshaded).
    raised_by: ClassVar[tuple[str, str, int] | None] = None
    #: Which spaces it selects, as the prompt says.
    where: ClassVar[str] = ""
    #: Whether the class's prompt is the series' (:meth:`prompt`), or one that differs from it only in ``done``
    #: (a game's class says so); its spaces the series' too (:meth:`candidates`, :meth:`spaces`): set for each
    #: class. :meth:`advance` then asks whether anything is left to offer without building the prompt's lists.
    series_prompt: ClassVar[bool] = True
    series_spaces: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        owner = next(c for c in cls.__mro__ if "prompt" in c.__dict__)  # whose prompt the class runs
        cls.series_prompt = owner is Selecting or owner.__dict__.get("series_prompt") is True
        cls.series_spaces = cls.candidates is Selecting.candidates and cls.spaces is Selecting.spaces

    # -- the count -----------------------------------------------------------------------------------------
    def raised(self, g: Context) -> bool:
        """Whether the Capability of :attr:`raised_by` is in play on the side that raises the count."""
        return self.raised_by is not None and cap(g, self.raised_by[0]) == self.raised_by[1]

    def own_max(self, g: Context) -> int:
        """Its own count now (a Capability, a track may change it)."""
        return self.raised_by[2] if self.raised(g) else self.default_max

    def own_count_rule(self, g: Context) -> str:
        """The rule of :meth:`own_max` (the Capability's card where one sets it)."""
        return self.raised_by[0] if self.raised(g) else self.rule

    def most(self, g: Context, f: dict | None) -> int:
        """The spaces it may select: an Event's or a phase's ``max``, else its own count now."""
        return (f or {}).get("max") or self.own_max(g)

    def count_rule(self, g: Context, f: dict) -> str:
        return self.words.rule_of(f, self.rule) if f.get("max") else self.own_count_rule(g)

    # -- the spaces ----------------------------------------------------------------------------------------
    def qualifies(self, g: Context, f: dict, sid: str) -> bool:
        """Whether *sid* may be selected (each Special Activity its own test)."""
        return False

    def unqualified(self, g: Context, f: dict, sid: str) -> str:
        """Why *sid* fails :meth:`qualifies`, with the facts and the rule (each its own words)."""
        return self.words.because(f"{self.words.board.name(sid)} does not qualify for {self.title}", self.rule)

    def candidates(self, g: Context, f: dict) -> list[str]:
        """The spaces not yet selected, within ``only``, that qualify, in board order (the count aside)."""
        only, done, qualifies = f.get("only"), f.get("chosen", ()), self.qualifies
        if only is None and not done:  # the first space: only the Special Activity's own test
            return [s for s in self.words.board.spaces if qualifies(g, f, s)]
        return [s for s in self.words.board.spaces
                if s not in done and (only is None or s in only) and qualifies(g, f, s)]

    def spaces(self, g: Context, f: dict) -> list[str]:
        """The spaces it may select now: none once the count is reached."""
        if len(f.get("chosen", ())) >= self.most(g, f):
            return []
        return self.candidates(g, f)

    def any_space(self, g: Context, f: dict) -> bool:
        """Whether :meth:`spaces` holds a space: the same tests, stopping at the first space found."""
        if not self.series_spaces:
            return bool(self.spaces(g, f))
        done = f.get("chosen", ())
        if len(done) >= self.most(g, f):
            return False
        only, qualifies = f.get("only"), self.qualifies
        for s in self.words.board.spaces:
            if s not in done and (only is None or s in only) and qualifies(g, f, s):
                return True
        return False

    def offers_more(self, g: Context, f: dict) -> bool:
        """Whether the selection stage's prompt offers anything but ``done``: a space, or one of :meth:`more`'s
        orders (asked of the prompt itself where a class's prompt is its own)."""
        if not self.series_prompt:
            return not set(self.prompt(g, f)) <= {"done"}
        if self.any_space(g, f):
            return True
        out: dict[str, list[str]] = {}
        self.more(g, f, out)
        return bool(out)

    def possible(self, g, f=None):
        f = f or {}
        if self.most(g, f) <= 0:
            return False
        only, qualifies = f.get("only"), self.qualifies
        for s in self.words.board.spaces:
            if (only is None or s in only) and qualifies(g, f, s):
                return True
        return False

    # -- prompting -----------------------------------------------------------------------------------------
    def more(self, g: Context, f: dict, out: dict[str, list[str]]) -> None:
        """Adds the selection stage's other orders to *out* (Japanese Occupation's Gather reveals)."""

    def prompt(self, g, f):
        if f["stage"] != "select":
            return self.sub_prompt(g, f)
        out: dict[str, list[str]] = {}
        c = self.spaces(g, f)
        if c:
            out["space"] = c
        self.more(g, f, out)
        if f["chosen"] or f.get("optional") or not out:
            out["done"] = []
        return out

    def head(self, f: dict) -> str:
        """``British Reward``: the faction and the Special Activity, as a prompt begins."""
        return f"{side_name(self.faction)} {self.title}"

    def select_text(self, g: Context, f: dict) -> str:
        return f"select a space ({self.where}; {len(f['chosen'])} of up to {self.most(g, f)} selected)"

    def text(self, g, f):
        if f["stage"] != "select":
            return self.sub_text(g, f)
        parts = []
        if g.offers("space", lambda: bool(self.spaces(g, f))):
            parts.append(self.select_text(g, f))
        parts += self.more_text(g, f)
        if g.offers("done", lambda: "done" in self.prompt(g, f)):
            parts.append("done")
        return f"{self.head(f)}: {', or '.join(parts)}"

    def more_text(self, g: Context, f: dict) -> list[str]:
        """The words of :meth:`more`'s orders, for the prompt."""
        return []

    def sub_prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        return {}

    def sub_text(self, g: Context, f: dict) -> str:
        return self.head(f)

    # -- refusals ------------------------------------------------------------------------------------------
    def refusal(self, g, f, verb, arg):
        if f["stage"] != "select":
            return self.sub_refusal(g, f, verb, arg)
        if verb == "space":
            return self.space_refusal(g, f, arg)
        if verb == "done" and not f["chosen"] and not f.get("optional"):
            return self.words.because(f"the {self.title} has selected no space yet: select one",
                                      self.words.rule_of(f, self.rule))
        return self.more_refusal(g, f, verb, arg)

    def more_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why one of :meth:`more`'s orders is refused."""
        return None

    def sub_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        return None

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why *arg* may not be selected: not a space, once a space (4.1), the count (the rule, a Capability,
        an Event's), an Event's ``only``, then the Special Activity's own test."""
        if arg is None:
            return None
        w = self.words
        if not w.is_space(arg):
            return w.not_a_space(arg)
        name = w.board.name(arg)
        if arg in f["chosen"]:
            return w.because(f"{name} is already selected for this {self.title}: a space only once", "4.1")
        n = self.most(g, f)
        if len(f["chosen"]) >= n:
            return w.because(f"this {self.title} selects up to {n} space(s) and has {w.names(f['chosen'])}",
                             self.count_rule(g, f))
        only = f.get("only")
        if only is not None and arg not in only:
            return w.because(f"{name} is not among the spaces this {self.title} may select ({w.names(only)})",
                             w.rule_of(f, self.rule))
        if self.qualifies(g, f, arg):
            return None
        return self.unqualified(g, f, arg)

    # -- acting --------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        if f["stage"] != "select":
            self.sub_act(g, f, verb, arg)
            return
        if verb == "done":
            f["over"] = True
        elif verb == "space":
            f["chosen"].append(arg)
            self.on_space(g, f, arg)
        else:
            self.more_act(g, f, verb, arg)

    def on_space(self, g: Context, f: dict, sid: str) -> None:
        """The Special Activity's work in *sid*, just selected."""

    def more_act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        """Carries out one of :meth:`more`'s orders."""

    def sub_act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        pass

    def sub_advance(self, g: Context, f: dict) -> bool:
        """Automatic progress inside a sub-stage (a Raid's Operation returning); ``False`` if none."""
        return False

    def advance(self, g, f):
        if f["stage"] != "select":
            return self.sub_advance(g, f)
        if f.get("over") or not self.offers_more(g, f):
            if not f["chosen"] and not f.get("over"):
                self.none_selected(g, f)
            if not self.close(g, f):
                g.end(self.result(f))
            return True
        return False

    def none_selected(self, g: Context, f: dict) -> None:
        """The selection ends by itself before any space is selected (a game may log it)."""

    def close(self, g: Context, f: dict) -> bool:
        """Once, as the selection ends (Kenya's Reprisal rolls for Outrage); ``True`` if it asks something first
        or ends the frame itself."""
        return False

    def result(self, f: dict) -> list[str] | None:
        """What the frame leaves the caller as ``ret``: the spaces selected."""
        return list(f["chosen"])
