"""The order words of Cyprus and their arguments (engine.core.grammar; docs/orders.md). Every word the game
declares (``notation.declare``) is here, each with its arguments in the one order the prompts use: origin,
then destination, then the piece, leaving out a space the selection already fixed."""

from __future__ import annotations

from ...core.grammar import Order

ORDERS = (
    Order("box BOX", "take a box of the Initiative Track: limited, event or opsa", "2.3.2"),
    Order("op NAME", "start an Operation: Deploy, Patrol, Search, Assault (British); Recruit, Travel, "
          "Sabotage, Ambush (EOKA); also the EOKA Pass's Ambush and an Operation an Event grants", "3.1, 2.3.3"),
    Order("unshaded", "carry out the card's unshaded text", "5.1"),
    Order("shaded", "carry out the card's shaded text", "5.1"),
    Order("event", "carry out a card with one text", "5.1"),
    Order("pass", "pass: the British draw an Intel Chit, EOKA may Ambush in one Town", "2.3.3"),
    Order("space SPACE", "select a space for the Operation, Special Activity or Event at hand", "3.1"),
    Order("lead N", "Intelligence Lead: discard an Intel Chit of value N for one more space (Patrol, Search, "
          "Assault)", "2.3.7"),
    Order("offensive SPACE", "Offensive: remove the Arms Cache in SPACE (no British cube there) for one more "
          "space (Recruit, Sabotage, Ambush)", "2.3.7"),
    Order("sa NAME", "add the Special Activity: Restore, Diplomacy, Interrogate (British); Smuggle, Infiltrate, "
          "Propagandize (EOKA); also one an Event grants", "4.1"),
    Order("done", "end the step at hand (selection, Operation, an optional effect)", "3.1, 4.1"),
    Order("to SPACE", "Deploy: the one space Troops move to", "3.2.1"),
    Order("troop FROM", "Deploy: move a Troop from FROM to that space", "3.2.1"),
    Order("move FROM TO PIECE", "move pieces. Patrol and Search: `move FROM TO` (a cube); Travel: `move TO "
          "underground|active` (a Cell of the origin); Smuggle: `move FROM TO` (an Arms Cache); Redeploy: "
          "`move FROM TO police|troops|underground|active|cache`; an Event: `move FROM TO`",
          "3.2.2, 3.2.3, 3.3.2, 4.3.1, 6.3"),
    Order("remove WHAT", "remove a piece: `active` or `underground` (the space fixed), or `SPACE PIECE` (troops, "
          "police, underground, active, cache) in an Event", "3.2.2, 3.2.4, 5.1"),
    Order("chit N", "pay with an Intel Chit of value N (Search; Patrol's and Assault's Underground Cells)",
          "1.6.1, 3.2.2, 3.2.3"),
    Order("curfew [FROM]", "Search in a Town: place a Curfew (and Activate one Cell per three cubes); with none "
          "left in the pool, `curfew FROM` names the Town whose Curfew moves", "3.2.3, 1.10"),
    Order("cache SPACE", "Sabotage: spend the Arms Cache in SPACE (in or next to the space) for +2, before "
          "rolling", "3.3.3"),
    Order("roll", "Sabotage: roll for the marker", "3.3.3"),
    Order("use STATE", "which Cell serves a Sabotage or an Ambush: underground or active", "3.3.3, 3.3.4"),
    Order("option police|will", "Ambush under a Capability: remove a Police cube, or none for 1 Political Will",
          "3.3.4"),
    Order("place WHAT", "place: a count of Cells (Recruit), or the SPACE an Arms Cache, Cell or Troop goes to "
          "(Ambush, Smuggle, Resources, the Reset, an Event)", "3.3.1, 3.3.4, 4.3.1, 6.2.1, 6.4"),
    Order("activate WHICH", "Propagandize during a Travel: which Cell to Activate, `moved` or `unmoved`", "4.3.3"),
    Order("count prison|spaces", "Interrogate under a Capability: draw by the Cells in Prison or by the spaces "
          "with Police and Cells", "4.2.3"),
    Order("discard N", "discard an Intel Chit of value N (half of them, rounded down)", "6.2.2"),
    Order("choose OPTION", "choose one of the options an Event or a Special Activity lists", "5.1, 4.3.2"),
)
