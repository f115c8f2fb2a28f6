"""Helpers several Event texts use."""

from __future__ import annotations

from ....coin.will import shift_will
from ....core.flow import Context
from ....core.ruling_choice import chosen


def star_loss(g: Context, loss: int) -> int:
    """Political Will loss of a starred Event, less 1 with P9 Ernest Bevin unshaded in play (5.4)."""
    if g.s["capabilities"].get("P9") == "unshaded":
        return max(0, loss - 1)
    return loss


def lose_will(g: Context, loss: int, cid: str, starred: bool = False) -> None:
    if starred:
        loss = star_loss(g, loss)
    if loss:
        shift_will(g, -loss, cid, rule=cid)


def gain_will(g: Context, gain: int, cid: str) -> None:
    if gain:
        shift_will(g, gain, cid, rule=cid)


def conductor(g: Context, executing: str, owner: str) -> str:
    """Who makes the selections of an Operation an Event grants without naming a faction ("Search then
    Assault in 1 City", P11): ruling R-EV-OWNER, an umpire option. ``owner`` (the default): the faction
    whose Operation it is; ``executing``: the executing faction (5.1: "Unless otherwise specified, the
    executing Faction makes all selections")."""
    return executing if chosen(g.s, "R-EV-OWNER", "owner") == "executing" else owner
