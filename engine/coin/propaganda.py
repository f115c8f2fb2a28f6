"""The Propaganda Round skeleton shared by The British Way games (rule 6 of each game).

Every game's round is a fixed sequence of phases (Political Will with its victory check, Resources,
sometimes Support, Redeploy, Reset). A game subclasses :class:`PropagandaRound`, names its phases in
``script`` and writes one method per phase; a phase that gives a player a choice pushes that player's
procedure and the next phase waits for it. The round stops as soon as a phase sets the outcome.
"""

from __future__ import annotations

from ..core.flow import Context, Script


class PropagandaRound(Script):
    """Base of a game's Propaganda Round; see the module docstring."""

    rule = "6.0"

    def win(self, g: Context, winner: str, reason: str, rule: str) -> None:
        """Ends the game (6.1 victory checks): nothing runs after this."""
        g.s["outcome"] = {"winner": winner, "reason": reason}
        g.say(f"{winner.title()} won: {reason}.", kind="h1", rule=rule)
