"""The order words of Japanese Occupation and their arguments (engine.core.grammar; docs/orders.md). Every word
the game declares (``notation.declare``) is here, each with its arguments in the one order the prompts use:
origin, then destination, then the piece, leaving out a space the selection already fixed. No card is named:
the help goes to every seat at every point of the game."""

from __future__ import annotations

from ...core.grammar import Order

ORDERS = (
    Order("box BOX", "take a box of the Initiative Track: limited, event or opsa", "2.4.2"),
    Order("op NAME", "start an Operation: Train, Contact, Sabotage, Ambush (British); Deploy, Construct, Sweep, "
          "Assault (Japanese); also a Pass's Contact or Limited Deploy, an Operation an Event grants, and Raid's "
          "Limited Sabotage or Ambush (op sabotage|ambush)", "3.1, 2.4.3, 4.2.3"),
    Order("unshaded", "carry out the card's unshaded text", "5.1"),
    Order("shaded", "carry out the card's shaded text", "5.1"),
    Order("event", "carry out a card with one text", "5.1"),
    Order("pass", "pass: the British may then Contact, the Japanese may make a Limited Deploy", "2.4.3"),
    Order("space SPACE", "select a space for the Operation, Special Activity or Event at hand", "3.1, 4.1"),
    Order("sa NAME", "add the Special Activity: Supply, Gather, Raid (British); Extract, Reprisal, Eliminate "
          "(Japanese); also one an Event or a Propaganda phase grants", "4.1, 6.4"),
    Order("done", "end the step at hand (a selection, an Operation, an optional effect), or decline it", "3.1, 4.1"),
    Order("choose OPTION", "choose one of the options listed: Contact `choose place|move`; the selected space "
          "whose Opposition a Supply removes under a Capability; an Event's option", "3.2.2, 4.2.1, 5.1"),
    Order("place WHAT", "place. Train `place mpaja|non-mpaja`; Contact `place PROVINCE` (a Force 136 marker); "
          "Construct `place new-village`; an Event's or a phase's piece `place SPACE` or `place SPACE "
          "mpaja|non-mpaja`", "3.2.1, 3.2.2, 3.3.2, 5.1, 6.1.2, 6.6"),
    Order("move FROM TO PIECE", "move. Contact `move FROM TO` (a Force 136 marker); Deploy `move FROM TO` (a "
          "Kempeitai marker); Sweep `move FROM TO` (a Troop), or `move FROM TO troops|police` where Police count as "
          "Troops; Raid `move FROM PIECE` (a Guerrilla into the Raid space); Reprisal `move TO PIECE`; Ambush "
          "`move troops|kempeitai` (to Kuala Lumpur); Redeploy `move FROM TO` or `move FROM TO kempeitai|police`; "
          "an Event `move FROM TO`", "3.2.2, 3.2.4, 3.3.1, 3.3.3, 4.2.3, 4.3.2, 6.5, 5.1"),
    Order("carry PIECE", "Contact: the non-MPAJA Guerrilla (non-mpaja-u|non-mpaja-a) that goes with the Force 136 "
          "marker just moved", "3.2.2"),
    Order("take SPACE PIECE", "none is Available: take one of your pieces from SPACE to place it; `take SPACE "
          "jungle-camp` moves a Jungle Camp when none is Available", "1.4.1, 1.10"),
    Order("activate PIECE", "which Underground Guerrilla (mpaja-u|non-mpaja-u) goes Active: Sabotage, Ambush, or "
          "Sweep where the cubes reach only some", "3.2.3, 3.2.4, 3.3.3"),
    Order("sabotage RAILWAY", "put a Sabotage marker on RAILWAY (Sabotage: an adjacent Railway without one; an "
          "Event's markers may stack)", "3.2.3, 1.4.2, 5.1"),
    Order("repair RAILWAY", "take a Sabotage marker off RAILWAY (an Event)", "1.12, 5.1"),
    Order("remove WHAT", "remove. Ambush `remove police`; Construct and Extract `remove RAILWAY` (a Sabotage "
          "marker); Assault `remove mpaja-a|non-mpaja-a`; Eliminate `remove jungle-camp|force-136`; an icon, "
          "Clashes or an Event `remove SPACE PIECE`", "3.2.4, 3.3.2, 3.3.4, 4.3.1, 4.3.3, 5.5, 6.1.1, 5.1"),
    Order("roll", "roll the die: Ambush, Eliminate", "3.2.4, 4.3.3"),
    Order("reveal SPACE PIECE", "reveal the concealed Intel chit in SPACE: Gather names the Underground Guerrilla "
          "there (mpaja-u|non-mpaja-u); an Event `reveal SPACE`", "4.2.2, 1.11, 5.1"),
    Order("conceal SPACE", "conceal the revealed Intel chit in SPACE: Eliminate, an Event", "4.3.3, 1.11"),
    Order("oppose SPACE", "set SPACE to Opposition: the Mobilize Population icon; the Resources phase's Opposition "
          "next to a sabotaged Railway", "5.5, 6.3.1"),
    Order("replace SPACE", "the Seize Supplies icon: the Supply Cache in SPACE becomes a Jungle Camp", "5.5"),
    Order("return SPACE", "Operation Zipper fell: the Supply Cache in SPACE goes back to the track", "6.7.2"),
)
