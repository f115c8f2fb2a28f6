"""The order words of Malaya and their arguments (engine.core.grammar; docs/orders.md). Every word the game
declares (``notation.declare``) is here, each with its arguments in the one order the prompts use: origin,
then destination, then the piece, leaving out a space the selection already fixed."""

from __future__ import annotations

from ...core.grammar import Order

ORDERS = (
    Order("box BOX", "take a box of the Initiative Track: limited, event or opsa", "2.3.2"),
    Order("op NAME", "start an Operation: Train, Garrison, Sweep, Assault (British); Rally, March, Attack, "
          "Terror (MCP); also an Operation an Event grants", "3.1"),
    Order("unshaded", "carry out the card's unshaded text", "5.1"),
    Order("shaded", "carry out the card's shaded text", "5.1"),
    Order("event", "carry out a card with one text", "5.1"),
    Order("pass", "pass: the British gain 2 Resources, the MCP 1", "2.3.3"),
    Order("space SPACE", "select a space for the Operation, Special Activity or Event at hand", "3.1"),
    Order("sa NAME", "add the Special Activity: Resettle, Reprisal, Air Strike (British); Extort, Intimidate, "
          "Ambush (MCP)", "4.1"),
    Order("done", "end the step at hand (selection, Operation, an optional effect)", "3.1, 4.1"),
    Order("pacify SPACE", "one Pacify step in SPACE: remove a Terror marker, or once none is left shift toward "
          "Support (2 Resources each, or as a Capability says)", "3.2.1, 6.3.1"),
    Order("agitate SPACE", "one Agitate step in SPACE: remove a Terror marker, or once none is left shift toward "
          "Opposition (1 Resource each)", "3.3.1, 6.3.2"),
    Order("take SPACE PIECE", "take a piece from the map to place when none is Available", "1.4.1"),
    Order("place WHAT", "place pieces: in Train `troop` or `police` (one cube an order); in Rally `guerrilla`; "
          "in an Event the SPACE to place in", "3.2.1, 3.3.1, 5.1"),
    Order("replace PIECE PIECE", "replace pieces: Rally `replace guerrilla-u guerrilla-a` (the two Guerrillas a "
          "Base replaces); an Event replacing a Guerrilla by a Police cube `replace SPACE guerrilla-u|guerrilla-a`",
          "3.3.1, 5.1"),
    Order("flip", "Rally: flip every Guerrilla in the space Underground", "3.3.1"),
    Order("move FROM TO PIECE", "move pieces. Garrison: `move FROM TO troop|police`; Sweep: `move FROM TO` (a "
          "Troop); March: `move FROM TO guerrilla-u|guerrilla-a`; Reprisal: `move TO guerrilla-u|guerrilla-a` "
          "(from the Province just selected); an Event moving Troops to its space: `move FROM troop`; Redeploy: `move FROM TO "
          "troop|police`. Simultaneous moves are made together at `done`", "3.2.2, 3.2.3, 3.3.2, 4.2.2, 6.4.1"),
    Order("assault SPACE", "Garrison: the free Assault in one Economic Center", "3.2.2"),
    Order("first bases|guerrillas", "Assault under a Capability that lets Bases go first: whether they do in this "
          "space", "3.2.4, 5.3"),
    Order("remove WHAT", "remove a piece: `troop` or `police` in Attack and Ambush where a Capability lets the MCP "
          "choose; `police` in Terror under a Capability; `police` or `new-village` in Intimidate; `SPACE PIECE` "
          "in an Event", "3.3.3, 3.3.4, 4.3.2, 5.1"),
    Order("choose OPTION", "an Event's choice among the options its prompt lists (`jungle` or `mountain`, `guerrillas` "
          "or `base`, `resources` or `will`, `left` or `right`...)", "5.1"),
    Order("lose", "an Event's loss: lose 1 Resource instead of removing a Guerrilla", "5.1"),
)
