"""The Propaganda Round skeleton shared by The British Way games (rule 6 of each game).

Every game's round is a fixed sequence of phases (Political Will with its victory check, Resources,
sometimes Support, Redeploy, Reset). A game subclasses :class:`PropagandaRound`, names its phases in
``script`` and writes one method per phase; a phase that gives a player a choice pushes that player's
procedure and the next phase waits for it. The round stops as soon as a phase sets the outcome.
"""

from __future__ import annotations

from ..core.flow import Context, Script
from .wording import side_name


class PropagandaRound(Script):
    """Base of a game's Propaganda Round; see the module docstring."""

    rule = "6.0"

    def win(self, g: Context, winner: str, reason: str, rule: str) -> None:
        """Ends the game (6.1 victory checks): nothing runs after this."""
        g.s["outcome"] = {"winner": winner, "reason": reason}
        g.say(f"{side_name(winner)} won: {reason}.", kind="h1", rule=rule)

    def draw(self, g: Context, reason: str, rule: str) -> None:
        """Ends the game with nobody winning (Malaya 7.0.2: Political Will exactly 10 at the end): the outcome's
        ``winner`` is ``None``."""
        g.s["outcome"] = {"winner": None, "reason": reason}
        g.say(f"The game ended in a draw: {reason}.", kind="h1", rule=rule)

    def reset_eligibility(self, g: Context, rule: str) -> None:
        """The Reset phase's Initiative: the game's ``eligibility_after_propaganda`` order (Palestine 6.4: the
        Irgun 1st Eligible), or untouched where the game leaves it so (Arab Revolt; Malaya 2.3.1 NOTE)."""
        order = g.rules.eligibility_after_propaganda
        if order is not None and list(order) != g.s["eligible"]:
            g.s["eligible"] = list(order)
            g.say(f"{side_name(order[0])} became 1st Eligible.", rule=rule)
