"""The order words of Kenya and their arguments (engine.core.grammar; docs/orders.md once the game is
registered). Every word the game declares (``notation.declare``) is here, each with its arguments in the one
order the prompts use: origin, then destination, then the piece, leaving out a space the selection already
fixed."""

from __future__ import annotations

from ...core.grammar import Order

ORDERS = (
    Order("box BOX", "take a box of the Initiative Track: limited, event or opsa", "2.3.2"),
    Order("op NAME", "start an Operation: Deploy, Relocate, Sweep, Assault (British); Rally, March, Terror "
          "(Mau Mau); also Raid's free Limited Operation, the Forest Camps' free Rally and an Event's free "
          "Operations", "3.1, 4.3.3, 5.4, 6.4.2"),
    Order("unshaded", "carry out the card's unshaded text", "5.1"),
    Order("shaded", "carry out the card's shaded text", "5.1"),
    Order("event", "carry out a card with one text", "5.1"),
    Order("pass", "pass: the British may shift the Pipeline one box, the Mau Mau gain 1 Resource", "2.3.3"),
    Order("pipeline up|down", "a British Pass, the Reset or an Event: shift the Pipeline Track one box",
          "2.3.3, 5.1, 6.5"),
    Order("space SPACE", "select a space for the Operation, Special Activity or Event at hand", "3.1"),
    Order("sa NAME", "add the Special Activity: Reward, Reprisal, Air Strike (British); Supply, Oath, Raid "
          "(Mau Mau); also the Support phase's Reward and Oath", "4.1, 6.3"),
    Order("done", "end the step at hand (selection, Operation, an optional effect)", "3.1, 4.1"),
    Order("take SPACE PIECE", "take a piece from the map to place when none is Available", "1.4.1"),
    Order("place WHAT", "place: in Deploy `troop` or `police` (one cube an order); in Rally `guerrilla`; in "
          "Terror `terror` (the marker and a shift toward Resistance); in Oath `guerrilla` or `none`; in an Event "
          "`SPACE`, or `troop` or `police`, and for Police from anywhere `SPACE available|out-of-play|FROM`",
          "3.2.1, 3.3.1, 3.3.3, 4.3.2, 5.1"),
    Order("replace PIECE PIECE", "Rally: replace two Guerrillas (guerrilla-u|guerrilla-a) with a Base", "3.3.1"),
    Order("flip", "Rally where a Base is: flip every Guerrilla there Underground", "3.3.1"),
    Order("move FROM TO PIECE", "move pieces. Deploy: `move FROM TO` (a Troop to the one space); Sweep: "
          "`move FROM TO` (a Troop from an adjacent space); March: `move FROM TO guerrilla-u|guerrilla-a`; "
          "Reprisal: `move TO guerrilla-u|guerrilla-a` (from the space at hand); Redeploy: `move FROM TO "
          "troop|police`. Simultaneous moves are made together at `done`", "3.2.1, 3.2.3, 3.3.2, 4.2.2, 6.4.1"),
    Order("remove PIECE", "remove a piece: `police` in Terror (up to 2); `guerrilla-u|guerrilla-a` in a Sweep "
          "of a Mountain Jungle under a Capability; `SPACE PIECE` in an Event", "3.3.3, 3.2.3, 5.1"),
    Order("choose OPTION", "an Event's choice among the options its prompt lists (a piece, an Operation or "
          "Special Activity, or done where the card says may)", "5.1"),
    Order("troops N", "an Event that moves British Troops: how many of the space's Troops move (1 to all)", "5.1"),
    Order("in FROM PIECE", "Raid: move a Guerrilla (guerrilla-u|guerrilla-a) in from an adjacent Mountain Jungle",
          "4.3.3"),
    Order("out TO PIECE", "Raid: move a Guerrilla (guerrilla-u|guerrilla-a) out to an adjacent Mountain Jungle, "
          "Underground", "4.3.3"),
)
