"""The answers to the shared COIN sequence (engine.coin.sequence.CoinRules) that a game gives from its tables
alike (Malaya, Kenya, Cyprus): a card by id, an Operation started with its log line (3.0), the refusal of one
that may not start (3.1), an Event's texts and their start through the game's Events registry (5.1, 5.2), and
the call of the Propaganda Round (6.0). What differs between the games (the Passes, the eligibility after a
Propaganda Round) stays in each game's ``rules``.
"""

from __future__ import annotations

from ..core.errors import RulesBugError
from ..core.flow import Context
from . import worded
from .wording import side_name


class TabledRules(worded.WordedTurns):
    """A ``CoinRules`` mixin, put before ``CoinRules``: the game's class says its ``cards``, ``words``,
    ``op_prefix``, ``op_frame`` (its ``new_op_frame``) and the tables below; ``op_names`` are its
    ``activities``'."""

    #: The game's Operations and Special Activities (engine.coin.activities.Activities): who runs which.
    activities = None
    #: The game's Events (engine.coin.events.Events): the texts a faction may carry out, and their start.
    events = None
    #: The procedure of the game's Propaganda Round (``cy.propaganda``), called for the British.
    propaganda = ""
    op_prefix = ""

    @property
    def op_names(self) -> dict[str, list[str]]:
        """Each faction's Operations, in the order of their rules: the game's table's."""
        return self.activities.ops

    def card(self, cid: str) -> dict:
        return self.cards[cid]

    def start_op(self, g: Context, faction: str, op: str, limited: bool, with_sa: bool) -> None:
        """Starts Operation *op* for *faction* with a log line (3.0), its frame the game's ``op_frame``."""
        if self.activities.op_faction[op] != faction:
            raise RulesBugError(f"{faction} cannot run {op}")
        what = f"{'Limited ' if limited else ''}{op.title()}"
        g.say(f"{side_name(faction)} began {'an' if what[0] in 'AEIOU' else 'a'} {what} Operation.",
              faction=faction, rule="3.0")
        g.call(f"{self.op_prefix}{op}", faction, **self.op_frame(g, op, limited, with_sa))

    def op_refusal(self, g: Context, role: str, op: str, frame: dict) -> str | None:
        """engine.coin.worded.op_refusal with the game's tables, words and procedure names."""
        return worded.op_refusal(g, role, op, frame, activities=self.activities, words=self.words,
                                 prefix=self.op_prefix)

    def event_sides(self, g: Context, faction: str, cid: str) -> list[str]:
        return self.events.sides(g, faction, self.cards[cid])

    def start_event(self, g: Context, faction: str, cid: str, side: str) -> None:
        self.events.start(g, faction, self.cards[cid], side)

    def start_propaganda(self, g: Context) -> None:
        g.call(self.propaganda, "british")
