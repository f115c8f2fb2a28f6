"""What Japanese Occupation's six Special Activities share (rule 4; engine.coin.special.StagedActivity and the
series' selection, engine.coin.special_select).

The British three are Supply (4.2.1, with Train or Contact), Gather (4.2.2, with Contact, Sabotage or Ambush)
and Raid (4.2.3, with any British Operation); the Japanese three, Extract (4.3.1, with Deploy only), Reprisal
and Eliminate (4.3.2, 4.3.3, with Construct, Sweep or Assault). A Special Activity runs at any one time before,
during or after its Operation (4.1), selects a space once (4.1 L1404), up to two unless its rule, 6.7.3 or a
Capability says otherwise, and one an Event or a phase grants is free and carries the card's or phase's
``rule`` in its frame (4.1: no effect on eligibility), with ``max`` (its count), ``only`` (the spaces it may
select) and ``optional`` (the text says "may": it may end with no space). Each says whether it could act now
(``possible``).
"""

from __future__ import annotations

from ...coin import special, special_select
from ...coin.special_select import sa_rule  # noqa: F401  (the Special Activities read it here)
from ...coin.wording import side_name
from ...core.flow import Context
from . import board as B
from . import why as W
from .data import CARDS
from .operation import ACTIVITIES

#: Each faction's Special Activities and the rule that lists them (4.2, 4.3).
SA_OF = ACTIVITIES.sa_of
SA_LIST_RULE = {"british": "4.2", "japanese": "4.3"}
#: The Guerrillas' keys (board.GUERRILLA_KEYS), as the Special Activities import them from here.
GUERRILLA_KEYS = B.GUERRILLA_KEYS


def word(key: str) -> str:
    """A key's order word (``mpaja_u`` -> ``mpaja-u``)."""
    return B.BOARD.word_of_key[key]


class SpecialActivity(special.StagedActivity):
    """Base of the six: ``initial`` frame locals are set by the first automatic step, so that ``prompt`` only
    reads the frame; ``advance`` is each one's automatic progress. A caller's ``rule`` in the frame (an
    Event's or a Propaganda phase's) is the one cited. Frame locals set by the caller: ``parent_op`` and
    ``parent_spaces`` (the accompanying Operation and its spaces so far), or an Event's or phase's ``rule``,
    ``max`` and ``only``."""

    activities = ACTIVITIES
    words = W.WORDS


class Selecting(special_select.Selecting, SpecialActivity):
    """A Special Activity of the six, selecting up to two spaces one at a time (the series' selection,
    engine.coin.special_select); its prompt names the card or phase that granted it, and a selection that ends
    with no space selected says so in the log. One an Event grants under the ``whole`` reading of ruling
    R-EVENT-MAY (the frame's ``whole``: J1 and J13 shaded, J7 and J24 unshaded) may end with ``done`` before its
    first space, but once it has selected one it goes on while a space is left (:meth:`bound`)."""

    default_max = 2
    #: Its prompt differs from the series' only in ``done`` (engine.coin.special_select.Selecting.advance).
    series_prompt = True

    def bound(self, g: Context, f: dict) -> bool:
        """Whether ``done`` is withheld: the frame's ``whole`` (ruling R-EVENT-MAY), a space selected already,
        and another it may still select."""
        return bool(f.get("whole")) and bool(f["chosen"]) and bool(self.spaces(g, f))

    def prompt(self, g, f):
        out = super().prompt(g, f)
        if f["stage"] == "select" and self.bound(g, f):
            out.pop("done", None)
        return out

    def refusal(self, g, f, verb, arg):
        if verb == "done" and f["stage"] == "select" and self.bound(g, f):
            left = W.names(self.spaces(g, f), joint="or")
            return W.because(f"the {self.title} has selected {W.names(f['chosen'])} and may still select {left}: "
                             "the umpire's reading 'whole' of ruling R-EVENT-MAY carries a begun text out in full",
                             f"{W.rule_of(f, self.rule)}, ruling R-EVENT-MAY")
        return super().refusal(g, f, verb, arg)

    def head(self, f: dict) -> str:
        """``British Supply``, with the card or phase that granted it: ``British Gather (South East Asia
        Command, J7)``, ``Japanese Reprisal (6.4.2)``."""
        own, rule = super().head(f), f.get("rule")
        if rule in CARDS:
            return f"{own} ({CARDS[rule]['title']}, {rule})"
        return f"{own} ({rule})" if rule else own

    def none_selected(self, g: Context, f: dict) -> None:
        g.say(f"{side_name(self.faction)} {self.title}: no space may be selected.", faction=self.faction,
              rule=W.rule_of(f, self.rule))
