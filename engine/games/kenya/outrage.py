"""The roll for Outrage (6.6.3): one die after each use of Relocate (3.2.2) or Reprisal (4.2.2), whatever
the number of spaces (6.6.3 NOTE), and where an Event calls for one (K26, K27: Political Will lowered by 2):
a result lower than the Pipeline Track's value lowers Political Will. At Pipeline 0 or 1 no result can be
lower, so no die is rolled (6.6.3) and no chance outcome is recorded."""

from __future__ import annotations

from ...coin.will import shift_will
from ...core.flow import Context
from . import board as B


def roll_outrage(g: Context, why: str, rule: str = "6.6.3", loss: int = 1) -> bool:
    """Rolls for Outrage after *why* (``Relocate``, ``Reprisal``, a card); on a result below the Pipeline's
    value Political Will falls by *loss* (1; an Event may say 2). Returns whether Outrage happened."""
    value = B.pipeline(g)
    if not B.outrage_possible(value):
        g.say(f"No Outrage roll after {why}: the Pipeline Track is at {value} ({B.pipeline_name(value)}), and "
              "no die can be lower.", faction="british", rule=rule)
        return False
    die = g.roll(f"Outrage after {why} (Pipeline {value})")
    if die < value:
        g.say(f"Outrage after {why}: rolled {die}, lower than the Pipeline's {value}.", faction="british",
              rule=rule)
        shift_will(g, -loss, f"Outrage after {why}", rule)
        return True
    g.say(f"No Outrage after {why}: rolled {die}, not lower than the Pipeline's {value}.", faction="british",
          rule=rule)
    return False
