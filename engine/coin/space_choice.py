"""Event choosers that take different spaces one at a time, each worked on as it is chosen (rule 5.1 of each
British Way game): :class:`Spaces`, and :class:`LevelShift`, a text's shift (or setting) of the Support or
Loyalty level of spaces.

Like :mod:`engine.coin.pickers`, a game registers its own subclasses with its own procedure names and its
refusal words (``words``, :class:`engine.coin.refusals.Words`); the frames are plain data, a list ``chosen``
of the spaces chosen so far and the card's ``min``, ``rule`` and ``label``.
"""

from __future__ import annotations

from ..core import notation
from ..core.flow import Context, Procedure
from .pickers import counted_prompt, owed, tally, who
from .refusals import Words

notation.declare(__name__, {"space", "done"})


class Spaces(Procedure):
    """Different spaces chosen one at a time (``space SPACE``), each worked on as it is chosen
    (:meth:`chose`): at most ``f[self.most]``, at least ``min`` where that many can be (5.1.3), then ``done``;
    the frame ends by itself when nothing is left to choose, with :meth:`result` as ``ret``. The spaces on offer
    are :meth:`candidates` not chosen yet; :meth:`explain` says the count's refusals in the game's
    :attr:`words`, then :meth:`space_refusal` the card's own."""

    words: Words
    verb = "space"
    #: The frame local holding the card's "up to" count.
    most = "count"
    #: The word after the count in the prompt's text (``1 of 2 chosen``).
    unit = ""
    #: What the card does to a space, and has done (``marks``, ``marked``), for a refusal.
    does = ("chooses", "chosen")

    def candidates(self, g: Context, f: dict) -> list[str]:
        """The spaces the card could choose now, chosen or not."""
        return []

    def head(self, g: Context, f: dict) -> str:
        """What the player is asked, before the count."""
        return who(f)

    def chose(self, g: Context, f: dict, sid: str) -> None:
        """Works on the space just chosen."""

    def result(self, f: dict):
        """What goes back to the caller as ``ret``: the spaces chosen."""
        return list(f["chosen"])

    def owing(self, f: dict) -> str:
        """What the card demands and has done so far, for a refusal of ``done`` (5.1.3)."""
        return f"the card {self.does[0]} {f['min']} space(s) where it can, and {len(f['chosen'])} so far"

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: ``done`` while the card's count can still be met (5.1.3), the count
        reached, a word that names no space, a space chosen already; else :meth:`space_refusal`."""
        W, rule, n = self.words, f["rule"], len(f["chosen"])
        opts = self.options(g, f)
        if verb == "done" and n < f["min"] and opts:
            return owed(W, f, self.owing(f))
        if verb != self.verb or arg is None or arg in opts:
            return None
        if n >= f[self.most]:
            return W.because(f"the card {self.does[0]} up to {f[self.most]} space(s), and has {self.does[1]} "
                             f"{W.names(f['chosen'])}", rule)
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg in f["chosen"]:
            return W.because(f"{W.board.name(arg)} was chosen already", rule)
        return self.space_refusal(g, f, arg)

    def space_refusal(self, g: Context, f: dict, sid: str):
        """Why *sid*, a space not chosen yet, is not among the card's spaces now."""
        return None

    def options(self, g: Context, f: dict) -> list[str]:
        if len(f["chosen"]) >= f[self.most]:
            return []
        return [s for s in self.candidates(g, f) if s not in f["chosen"]]

    def prompt(self, g, f):
        return counted_prompt(self.verb, self.options(g, f), len(f["chosen"]), f["min"])

    def text(self, g, f):
        return tally(self.head(g, f), len(f["chosen"]), f["min"], f[self.most], unit=self.unit)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end(self.result(f))
            return
        f["chosen"].append(arg)
        self.chose(g, f, arg)

    def step(self, g, f):
        if not self.options(g, f):
            g.end(self.result(f))
            return True
        return False


def level_changes(level: int, steps: int, set_to: int | None) -> bool:
    """Whether a space at *level* (-1, 0 Neutral, 1) changes when set to *set_to*, or else shifted by *steps*
    (positive toward the track's positive end), on a track of three levels."""
    if set_to is not None:
        return level != set_to
    return (steps > 0 and level < 1) or (steps < 0 and level > -1)


def level_shift_frame(spaces, *, count: int, steps: int = 0, set_to: int | None = None, min: int | None = None,
                      rule: str, label: str) -> dict:
    """Locals of a :class:`LevelShift` frame: up to *count* of *spaces*, at least *min* (default *count*)."""
    return dict(spaces=list(spaces), count=count, steps=steps, set_to=set_to, min=count if min is None else min,
                chosen=[], rule=rule, label=label)


class LevelShift(Spaces):
    """An Event's shift (or setting) of levels (a :class:`Spaces`, frame :func:`level_shift_frame`): up to
    ``count`` of the card's ``spaces``, each shifted by ``steps`` levels or set to ``set_to``, at least ``min``
    where that many can change (5.1.3); only spaces whose level would change (:meth:`changes`) are offered.
    Ends with the spaces chosen as ``ret``. A game names its levels and binds its board's functions."""

    #: The levels as a text names them (``{-1: "Opposition", 0: "Neutral", 1: "Support"}``).
    level_words: dict[int, str] = {}
    #: The ends a shift goes toward: (negative, positive) (``("Opposition", "Support")``).
    toward: tuple[str, str] = ("", "")

    def changes(self, g: Context, sid: str, steps: int, set_to: int | None) -> bool:
        """Whether the shift (or setting) would change the level of *sid*."""
        return False

    @classmethod
    def start(cls, g: Context, role: str, spaces: list[str], *, count: int, steps: int = 0, rule: str, label: str,
              set_to: int | None = None, min: int | None = None) -> None:
        """*role* chooses up to *count* of *spaces* (those whose level the shift would not change are not
        offered) and shifts each by *steps* levels (+ toward the positive end), or sets it to *set_to* (-1, 0,
        1). At least *min* (default *count*: an Event's "Shift 2 spaces" must, 5.1.3) where that many can
        change. The spaces chosen come back to the caller as ``ret``."""
        g.call(cls.name, role, **level_shift_frame(spaces, count=count, steps=steps, set_to=set_to, min=min,
                                                   rule=rule, label=label))

    @classmethod
    def shiftable(cls, g: Context, spaces, steps: int = 0, set_to: int | None = None) -> list[str]:
        """The spaces of *spaces* whose level the shift (or setting) would change (:meth:`changes`)."""
        changes = cls.changes
        return [s for s in spaces if changes(g, s, steps, set_to)]

    def shift_level(self, g: Context, sid: str, steps: int, why: str, rule: str) -> object:
        """Shifts *sid* by *steps* levels (the game's board)."""

    def set_level(self, g: Context, sid: str, value: int, why: str, rule: str) -> object:
        """Sets *sid* to the level *value* (the game's board)."""

    def doing(self, f: dict) -> str:
        """``set to Neutral``, ``shifted 1 level toward Support``."""
        if f["set_to"] is not None:
            return f"set to {self.level_words[f['set_to']]}"
        steps = abs(f["steps"])
        return f"shifted {steps} level{'s' if steps != 1 else ''} toward {self.toward[f['steps'] > 0]}"

    def candidates(self, g, f):
        return [s for s in f["spaces"] if self.changes(g, s, f["steps"], f["set_to"])]

    def head(self, g, f):
        return f"{who(f)}: choose a space to be {self.doing(f)}"

    def owing(self, f):
        return f"the card has {f['min']} space(s) {self.doing(f)} where it can, and {len(f['chosen'])} so far"

    def chose(self, g, f, sid):
        if f["set_to"] is not None:
            self.set_level(g, sid, f["set_to"], f["label"], f["rule"])
        else:
            self.shift_level(g, sid, f["steps"], f["label"], f["rule"])
