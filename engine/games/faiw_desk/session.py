"""The desk itself (issue 31, item 4): the side that holds it declares attacks one at a time, passes it to the
other side, or ends the session.

The frame ``desk.session`` (role: the side holding the desk) keeps ``attacked``, the pack counters that have
attacked while this side holds the desk: each unit attacks once a combat phase (11.1a; ruling R-11.1a-desk).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Procedure, procedure
from ...core.grammar import Order
from .desk import NAMES, TITLES, other

notation.declare(__name__, {"attack", "pass", "end"})

ORDERS = (
    Order("attack", "desk: declare an attack (the attacker's units, the conditions, the table), then roll", "11.1"),
    Order("pass", "desk: hand the desk to the other side (its combat phase begins: each unit attacks once a "
          "phase)", "11.1a"),
    Order("end", "desk: end the session (no winner: the umpire ended the desk)", "11.0"),
)


@procedure
class Session(Procedure):
    """11.0: the phasing player is the attacker; attacks are voluntary, one at a time."""

    name = "desk.session"
    rule = "11.0"

    def prompt(self, g, f):
        return {"attack": [], "pass": [], "end": []}

    def text(self, g, f):
        side = f["role"]
        n = len(g.s["attacks"])
        made = f"{n} attack{'s' if n != 1 else ''} made so far" if n else "no attack made yet"
        return (f"{TITLES[side]} holds the combat desk ({made}): declare an attack, pass the desk to "
                f"{NAMES[other(side)]}, or end the session")

    def act(self, g, f, verb, arg):
        side = f["role"]
        if verb == "attack":
            g.call("desk.attack", side, stage="declare", hex=1, units=[], supply=[], terrain=[], shift=None,
                   leader=None, invasion=False, fanatic=False, table=None, pending=None, truce=None, treaty=None)
        elif verb == "pass":
            f["role"] = other(side)
            f["attacked"] = []
            g.say(f"{TITLES[side]} passed the combat desk to {NAMES[other(side)]}: its combat phase begins (11.1a).",
                  faction=side, rule="11.1a")
        else:
            g.s["outcome"] = {"winner": None, "reason": "the umpire ended the desk"}
            g.say(f"{TITLES[side]} ended the combat desk after {len(g.s['attacks'])} attack(s).", faction=side,
                  rule="11.0")
