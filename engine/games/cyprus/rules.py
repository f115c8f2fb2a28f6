"""Cyprus's answers to the shared COIN sequence (engine.coin.sequence.CoinRules).

The card sequence and the Initiative Track are the series' (2.2 to 2.4). Cyprus's own: a Pass still takes a
box (2.3.3); a British Pass draws one Intel Chit, an EOKA Pass may Ambush in one space (2.3.3, L3333; a
Limited Ambush as the Example of Play calls it, L3582; whether an Offensive may add a space is ruling
R-PASS-AMBUSH); an Operation selects up to three spaces, one if Limited (3.1, 2.3.4), with the Intelligence
Lead and the Offensive (2.3.7, engine.games.cyprus.operation); the Reset makes EOKA 1st Eligible and the
British 2nd (6.4, L3534).
"""

from __future__ import annotations

from ...coin import cell_operation
from ...coin.sequence import CoinRules
from ...coin.tabled_rules import TabledRules
from ...core.flow import Context
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .data import CARDS
from .events import EVENTS
from .operation import ACTIVITIES, LIMITED_MAX, OP_PREFIX, SPACES_MAX, new_op_frame


def pass_ambush_frame(g: Context) -> dict:
    """The frame of an EOKA Pass's Ambush (2.3.3): one space, optional, no Special Activity; an Offensive
    adds a second only where the umpire chose that reading (ruling R-PASS-AMBUSH)."""
    extras = chosen(g.s, "R-PASS-AMBUSH", "one") == "offensive"
    return new_op_frame(g, "ambush", True, False, spaces=1, extras=extras, optional=True, rule="2.3.3")


class CyprusRules(TabledRules, CoinRules):
    """Cyprus's answers; the card, the Operations' start and refusal, the Events and the Propaganda Round's call
    are the tables' (engine.coin.tabled_rules)."""

    words = W.WORDS
    cards = CARDS
    factions = ("eoka", "british")  # the roles in seating order; EOKA are 1st Eligible at setup
    board = B.BOARD
    #: 6.4 (L3534): the Reset makes EOKA 1st Eligible, the British 2nd.
    eligibility_after_propaganda = ("eoka", "british")
    activities = ACTIVITIES
    events = EVENTS
    propaganda = "cy.propaganda"
    op_prefix = OP_PREFIX
    frame_per_faction = True  # op_frame: the count is the same for every Operation (3.1, 2.3.4)

    def op_frame(self, g: Context, op: str, limited: bool, with_sa: bool) -> dict:
        """:func:`new_op_frame` of a player's Operation (no Event's count or flags), built directly: the turn's
        prompt asks it of every Operation."""
        return cell_operation.new_op_frame(op, limited, with_sa, LIMITED_MAX if limited else SPACES_MAX)

    def start_pass(self, g: Context, faction: str) -> None:
        """2.3.3 (L3333): the British draw an Intel Chit; EOKA may Ambush in one space, where one qualifies."""
        if faction == "british":
            B.draw_chit(g, "British Pass", rule="2.3.3")
            return
        frame = pass_ambush_frame(g)
        if g.procs[f"{OP_PREFIX}ambush"].possible(g, frame):
            g.call(f"{OP_PREFIX}ambush", "eoka", **frame)
        else:
            g.say("EOKA passed; no Town has an Underground Cell to Ambush with.", faction="eoka", rule="2.3.3")


RULES = CyprusRules()
