"""The order words of Arab Revolt and their arguments (engine.core.grammar; docs/orders.md). Every word the
game declares (``notation.declare``) is here, each with its arguments in the one order the prompts use:
origin, then destination, then the piece, leaving out a space the selection already fixed."""

from __future__ import annotations

from ...core.grammar import Order

ORDERS = (
    Order("box BOX", "take a box of the Initiative Track: limited, event or opsa", "2.3.2"),
    Order("chit N", "play a drawn Operations chit (N its value) or a held one (held-N) before choosing a box",
          "2.3.4, 1.8.1"),
    Order("op NAME", "start an Operation: Deploy, Patrol, Sweep, Assault (British); Rally, March, Sabotage, "
          "Ambush (Rebels); also an Operation an Event grants", "3.1"),
    Order("unshaded", "carry out the card's unshaded text", "5.1"),
    Order("shaded", "carry out the card's shaded text", "5.1"),
    Order("event", "carry out a card with one text", "5.1"),
    Order("pass", "pass (the Rebels may then place a Base)", "2.3.3"),
    Order("space SPACE", "select a space for the Operation, Special Activity or Event at hand", "3.1"),
    Order("sa NAME", "add the Special Activity: Punish, Air Recon, Divide (British); Mobilize, Coordinate, Raid (Rebels)",
          "4.1"),
    Order("done", "end the step at hand (selection, Operation, an optional effect)", "3.1, 4.1"),
    Order("place WHAT", "place pieces: in Deploy `police`, `police 2` or `irregular`; in Rally `guerrilla`; "
          "elsewhere the SPACE to place in", "3.2.1, 3.3.1, 4.3.1"),
    Order("take SPACE PIECE", "take a piece from the map to place when none is Available", "1.4.1"),
    Order("move FROM TO PIECE", "move pieces. March: `move TO guerrilla-u|guerrilla-a` (from the selected "
          "space); Patrol: `move FROM TO troop|police`; Sweep: `move FROM TO` (a Troop); Raid: `move FROM "
          "guerrilla-u|guerrilla-a` (into the selected space); an Event's relocation after an Ambush: `move CITY`; "
          "Rebels' Redeploy: `move FROM TO guerrilla-u|guerrilla-a` (its older order FROM PIECE TO is understood)",
          "3.3.2, 3.2.2, 3.2.3, 4.3.3, 6.4.2"),
    Order("curfew SPACE", "place a Curfew, or remove it with the Opposition there (Deploy, or an Event)", "3.2.1"),
    Order("assault RAILWAY", "Patrol's free Assault on one selected Railway", "3.2.2"),
    Order("irregular SPACE", "Sweep: Activate an Underground Irregular to Activate Guerrillas", "3.2.3"),
    Order("opposition SPACE", "Rally: add Opposition in a selected District", "3.3.1"),
    Order("sabotage", "Raid: a Limited Sabotage in the Raid space", "4.3.3"),
    Order("ambush TARGET", "Raid: an Ambush, removing police, irregular-u or irregular-a", "4.3.3"),
    Order("remove WHAT", "remove a piece: SPACE PIECE where the space is not fixed, PIECE where it is, SPACE "
          "for an Active Guerrilla or Opposition", "3.3.4, 4.2.1, 1.8.2"),
    Order("replace SPACE ... PIECE", "replace a piece: Divide `replace SOURCE TARGET PIECE`; a chit's or "
          "Event's `replace SPACE PIECE`", "4.2.2, 1.8.2"),
    Order("roll", "Divide: roll against the Irregulars on the map", "4.2.2"),
    Order("hold CHIT", "hold a Punishment chit (British) or an Operations chit (Rebels)", "6.2.1, 6.2.2"),
    Order("unity", "Propaganda: shift the Unity Track toward Centralized", "6.2.2, 6.6"),
    Order("draw", "draw a chit an Event lets you draw", "5.1"),
    Order("troop FROM TO", "Redeploy a Troop from a Railway to a City", "6.4.1"),
    Order("police FROM TO", "Redeploy Police to a Railway or City", "6.4.1"),
)
