"""The order words of Palestine and their arguments (engine.core.grammar; docs/orders.md). Every word the
game declares (``notation.declare``) is here, each with its arguments in the one order the prompts use:
origin, then destination, then the piece, leaving out a space the selection already fixed."""

from __future__ import annotations

from ...core.grammar import Order

ORDERS = (
    Order("box BOX", "take a box of the Initiative Track: limited, event or opsa", "2.3.2"),
    Order("op NAME", "start an Operation: Deploy, Patrol, Search, Assault (British); Recruit, Travel, "
          "Sabotage, Rob (Irgun); also an Operation an Event grants", "3.1"),
    Order("unshaded", "carry out the card's unshaded text", "5.1"),
    Order("shaded", "carry out the card's shaded text", "5.1"),
    Order("event", "carry out a card with one text", "5.1"),
    Order("pass", "pass", "2.3.3"),
    Order("space SPACE", "select a space for the Operation, Special Activity or Event at hand", "3.1"),
    Order("lead N", "spend N Intel Chits for Intelligence Lead (an extra space) before selecting", "2.3.7"),
    Order("offensive SPACE", "Offensive: select a space beyond the limit", "2.3.7"),
    Order("sa NAME", "add the Special Activity: Restore, Negotiate, Mass Detention (British); Silence, "
          "Propagandize, Terror (Irgun)", "4.1"),
    Order("done", "end the step at hand (selection, Operation, an optional effect)", "3.1, 4.1"),
    Order("to SPACE", "Deploy: the one space Troops move to", "3.2.1"),
    Order("troop FROM [TO]", "Deploy: move a Troop from FROM; Redeploy: `troop FROM TO`", "3.2.1, 6.3.1"),
    Order("police FROM TO", "Redeploy Police", "6.3.1"),
    Order("cell FROM CITY", "Irgun Redeploy: move a Cell to a City", "6.3.2"),
    Order("cache SPACE [TO]", "Sabotage: spend a Cache in SPACE; Redeploy: `cache FROM TO`", "3.3.3, 6.3.2"),
    Order("move FROM TO", "move pieces. Patrol and Search: `move FROM TO` (a cube); Travel: `move TO "
          "underground|active` (a Cell from the selected space)", "3.2.2, 3.2.3, 3.3.2"),
    Order("arrest SPACE", "Patrol: the destination where Cells are removed", "3.2.2"),
    Order("remove WHAT", "remove a piece: `active` or `underground` (the space fixed), SPACE STATE, or SPACE",
          "3.2.2, 3.2.4, 4.2.3"),
    Order("chit N", "pay Intel Chits of value N (Search, Patrol's and Assault's Underground Cells)", "1.6.1, 3.2.3"),
    Order("curfew", "Search in a City: place a Curfew instead of paying chits", "3.2.3"),
    Order("roll", "Sabotage: roll for the marker", "3.3.3"),
    Order("terror", "Sabotage in a City: declare Terror before rolling", "4.3.3"),
    Order("place WHAT", "place pieces: a count of Cells (Recruit) or the SPACE to place in", "3.3.1"),
    Order("take SPACE STATE", "take a piece from the map (the Haganah box refill)", "6.5"),
    Order("activate WHICH", "Propagandize: which Cells to Activate, `moved` or `unmoved`", "4.3.2"),
    Order("draw", "draw an Intel Chit an Event lets you draw", "1.6"),
    Order("discard N", "discard an Intel Chit of value N (half of them, rounded down)", "6.2.2"),
    Order("choose OPTION", "choose one of an Event's options", "5.1"),
    Order("shift left|right", "shift the Haganah Track the way an Event lets you choose", "6.5, 5.1"),
)
