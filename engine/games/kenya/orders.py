"""The order words of Kenya and their arguments (engine.core.grammar; docs/orders.md), as far as the game
is built (issue 28): the turn's words and a British Pass's Pipeline shift. Each Operation, Special Activity
and Event adds its words here as it is written."""

from __future__ import annotations

from ...core.grammar import Order

ORDERS = (
    Order("box BOX", "take a box of the Initiative Track: limited, event or opsa", "2.3.2"),
    Order("op NAME", "start an Operation: Deploy, Relocate, Sweep, Assault (British); Rally, March, Terror "
          "(Mau Mau)", "3.1"),
    Order("unshaded", "carry out the card's unshaded text", "5.1"),
    Order("shaded", "carry out the card's shaded text", "5.1"),
    Order("event", "carry out a card with one text", "5.1"),
    Order("pass", "pass: the British may shift the Pipeline one box, the Mau Mau gain 1 Resource", "2.3.3"),
    Order("pipeline up|down", "a British Pass: shift the Pipeline Track one box", "2.3.3"),
    Order("space SPACE", "select a space for the Operation, Special Activity or Event at hand", "3.1"),
    Order("sa NAME", "add the Special Activity: Reward, Reprisal, Air Strike (British); Supply, Oath, Raid "
          "(Mau Mau)", "4.1"),
    Order("done", "end the step at hand (selection, Operation, an optional effect)", "3.1, 4.1"),
    Order("take SPACE PIECE", "take a piece from the map to place when none is Available", "1.4.1"),
)
