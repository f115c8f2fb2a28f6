"""Special Activities of Arab Revolt (rule 4): what the six share, and whether each could act now.

The British three, Punish (4.2.1), Divide (4.2.2) and Air Recon (4.2.3), are in ``special_british``; the
Rebels' three, Mobilize (4.3.1), Coordinate (4.3.2) and Raid (4.3.3), in ``special_rebel``. Which may
accompany which Operation is in ``operation.SA_ACCOMPANY`` (4.1.1). None may select a Foreign Country
except Mobilize (1.3.7); Raid's Guerrillas may come from a Base there (ruling R-RAID-FC).
"""

from __future__ import annotations

import functools
from typing import ClassVar

from ...core import canonical
from ...core.flow import Context, Procedure
from . import board as B
from .operation import cap

SA_RULE = {"punish": "4.2.1", "divide": "4.2.2", "air-recon": "4.2.3", "mobilize": "4.3.1",
           "coordinate": "4.3.2", "raid": "4.3.3"}


class SpecialActivity(Procedure):
    """Base of the six: ``initial`` frame locals are set by the first automatic step, so that ``prompt``
    only reads the frame; ``advance`` is each one's automatic progress."""

    sa = ""
    initial: ClassVar[dict] = {}

    def rule_for(self, g, f):
        return f.get("rule") or SA_RULE[self.sa]

    def step(self, g, f):
        if "started" not in f:
            f.update(canonical.copy(self.initial))
            f["started"] = True
            return True
        return self.advance(g, f)

    def advance(self, g: Context, f: dict) -> bool:
        return False


def roll_against_bases(g: Context, label: str) -> tuple[int, bool]:
    """A die against the number of Rebel Bases on the map, success if less or equal (4.3.2, 6.2.2); A2
    Central War Committee adds 1 (unshaded) or subtracts 1 (shaded) from the roll."""
    die = g.roll(label)
    mod = {"unshaded": 1, "shaded": -1}.get(cap(g, "A2") or "", 0)
    return die, die + mod <= B.bases_on_map(g)


# -- availability -------------------------------------------------------------------------------------------

@functools.cache
def _spaces() -> tuple:
    """What :func:`sa_possible` asks of ``special_british`` and ``special_rebel``, which import this module:
    imported once, on first use (not on every prompt)."""
    from .special_british import air_recon_spaces, punish_spaces
    from .special_rebel import mobilize_guerrilla_spaces, mobilize_spaces, raid_spaces
    return air_recon_spaces, punish_spaces, mobilize_guerrilla_spaces, mobilize_spaces, raid_spaces


def sa_possible(g: Context, name: str, f: dict | None = None) -> bool:
    """Whether Special Activity *name* could do anything now."""
    air_recon_spaces, punish_spaces, mobilize_guerrilla_spaces, mobilize_spaces, raid_spaces = _spaces()
    if name == "punish":
        p = g.s["punishment"]
        f = f or {}
        chit = f.get("preset") or (p["held"] if f.get("held_only") else p["pool"] or p["held"])
        return bool(punish_spaces(g, f)) and bool(chit)
    if name in ("divide", "coordinate"):
        return True
    if name == "air-recon":
        return bool(air_recon_spaces(g))
    if name == "mobilize":
        return bool(mobilize_spaces(g) or mobilize_guerrilla_spaces(g, f))
    if name == "raid":
        return bool(raid_spaces(g, []))
    return False
