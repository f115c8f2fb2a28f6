"""Arab Revolt Event cards A23 al-Hajj Muhammad (shaded) and A25 Montgomery (rule 5; 9.0), those of the
Example of Play's later cards."""

from __future__ import annotations

from ....core.flow import Context
from .. import board as B
from ..special import roll_against_bases
from . import event
from .granted import granted_ops, may_sa

HAIFA_AREA = B.within_one("haifa-district")


@event("A23", "shaded")
def a23_shaded(g: Context, faction: str) -> None:
    """Roll a die; at most the Rebel Bases on the map (A2 modifies the roll): the Rebels may Mobilize,
    then Raid (free Special Activities)."""
    die, ok = roll_against_bases(g, "al-Hajj Muhammad, A23")
    g.say(f"al-Hajj Muhammad: rolled {die} against {B.bases_on_map(g)} Base(s) on the map"
          f"{'' if ok else ': no effect'}.", rule="A23")
    if ok:
        may_sa(g, "rebels", "raid", rule="A23")
        may_sa(g, "rebels", "mobilize", rule="A23")


@event("A25", "unshaded")
def a25_unshaded(g: Context, faction: str) -> None:
    """British may conduct a Limited Operation in or adjacent to Haifa District, then Punish in or adjacent
    to Haifa District."""
    may_sa(g, "british", "punish", rule="A25", only=HAIFA_AREA)
    granted_ops(g, "british", 1, only=HAIFA_AREA, rule="A25", label="Montgomery, A25")


@event("A25", "shaded")
def a25_shaded(g: Context, faction: str) -> None:
    """Rebels may conduct up to 2 Limited Operations in or adjacent to Haifa District."""
    granted_ops(g, "rebels", 2, only=HAIFA_AREA, rule="A25", label="Montgomery, A25")
