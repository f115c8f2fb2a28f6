"""Capabilities in play (rule 5.3 of each game): a Capability Event's text, once executed, stays in effect for
the rest of the game. :meth:`engine.coin.events.EventRegistry.capability` records the side put in play in the
state's ``capabilities`` (card id -> ``unshaded`` or ``shaded``); the rules that it changes ask :func:`cap`."""

from __future__ import annotations

from ..core.flow import Context


def cap(g: Context, cid: str) -> str | None:
    """The side of Capability *cid* in play, if any (5.3)."""
    return g.s["capabilities"].get(cid)
