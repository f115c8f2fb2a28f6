"""What a step or the end of a move does besides moving (7.0-9.0's neighbours in the rules):

- 19.1a: a combat unit entering a hex that holds only enemy non-combat units eliminates them at no extra cost
  (leaders, the Arms Factory, the Secret Airfield: ``units.remove`` and the VP of ``victory.eliminated``); the
  Secret Airfield destroyed comes back in the Israeli Reinforcement phase two turns later (24.2:
  ``state["flags"]["airfield_back"]``);
- 14.5: the enemy supply points there are checked one by one, 1d6 each: 1-3 eliminated, 4-6 captured (a point of
  the mover's side in the hex, as far as its counter mix allows: 4.6);
- 27.4: a unit ending its move in a hex with British units is eliminated, and counts for victory;
- 15.4: an entrenchment marker goes when every friendly unit has moved out of its hex;
- 4.5: an Israeli ground unit entering Egypt, Transjordan, Syria or Lebanon brings that country's units
  (``border_specials.crossed``).

The log is public (21.0): it names the enemy's eliminated counters (the rules reveal them), never the mover's
units that are still hidden.
"""

from __future__ import annotations

from . import border_specials, calendar, entrenchment, units, victory
from .units import SIDE_NAMES, SIDE_TITLES

#: 14.5: a roll of this or less eliminates the point; more captures it.
CAPTURE_ELIMINATES = 3


def enter_enemy_noncombat(g, side: str, hex_: str) -> None:
    """19.1a and 14.5 as a combat unit of *side* enters *hex_*, which holds only enemy non-combat units."""
    s = g.s
    enemy = units.other(side)
    for cid in units.at(s, hex_):
        if units.side_of(s, cid) != enemy:
            continue
        c = units.counter(s, cid)
        units.remove(s, cid, "eliminated")
        g.say(f"{SIDE_TITLES[side]} entered {hex_}: the enemy's {c.designation or cid} ({cid}), a non-combat unit, "
              f"was eliminated (19.1a).", faction=side, rule="19.1a")
        if c.type == "secret_airfield":
            back = calendar.plus(s["month"], 2)
            s["flags"]["airfield_back"] = back
            g.say(f"The Secret Airfield was destroyed: it returns in Israel's Reinforcement phase of "
                  f"{calendar.name(back)} (24.2).", rule="24.2")
        victory.eliminated(g, cid, f"entered by {SIDE_NAMES[side]}'s combat units, 19.1a")
    points = units.supply_points(s, enemy, hex_)
    if not points:
        return
    units.spend_supply(s, enemy, hex_, points)
    won = captured = 0
    for i in range(points):
        roll = g.roll(f"supply capture: {SIDE_NAMES[enemy]}'s supply point {i + 1} of {points} in {hex_}, "
                      f"for {SIDE_NAMES[side]} (14.5)")
        if roll > CAPTURE_ELIMINATES:
            won += 1
            captured += units.add_supply(s, side, hex_, 1)
    short = won - captured
    g.say(f"{SIDE_TITLES[side]} entered {hex_}, which held {points} enemy supply point{'s' if points != 1 else ''}: "
          f"{captured} captured, {points - captured} eliminated (14.5: 1-3 eliminated, 4-6 captured"
          f"{f'; {short} more won but the counter mix holds no more, 4.6' if short else ''}).", faction=side,
          rule="14.5")


def end_move(g, side: str, hex_: str, cids: list[str], carry: int) -> None:
    """27.4: the units (and the *carry* supply points) ending their move in *hex_* with British units are
    eliminated."""
    s = g.s
    if not any(units.side_of(s, c) == "british" for c in units.at(s, hex_)):
        return
    for cid in cids:
        units.remove(s, cid, "eliminated")
        g.say(f"{cid} ended its move in {hex_} with British units and was eliminated (27.4).", faction=side,
              rule="27.4")
        victory.eliminated(g, cid, "it ended its move with British units, 27.4")
    if carry:
        units.spend_supply(s, side, hex_, min(carry, units.supply_points(s, side, hex_)))
        g.say(f"{carry} supply point{'s' if carry != 1 else ''} of {SIDE_NAMES[side]} ended the move in {hex_} with "
              f"British units and {'were' if carry != 1 else 'was'} eliminated (27.4).", faction=side, rule="27.4")


def left_hex(g, side: str, hex_: str) -> None:
    """15.4: the entrenchment in *hex_* is removed once no unit of its side is left there (``entrenchment.tidy``,
    run as the force leaves its first hex)."""
    entrenchment.tidy(g)


def crossing(g, side: str, country: str | None) -> None:
    """4.5: an Israeli ground unit has entered *country* (Egypt, Transjordan, Syria or Lebanon)."""
    if side == "israel" and country:
        border_specials.crossed(g, country)
