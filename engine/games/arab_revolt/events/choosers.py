"""Arab Revolt's registrations of the shared Event choosers (engine.coin.pickers): remove pieces, place
pieces, and one choice among options."""

from __future__ import annotations

from ....coin import pickers
from ....core.flow import Context, procedure


@procedure
class Pick(pickers.Pick):
    name = "ar.pick"


@procedure
class Put(pickers.Put):
    name = "ar.put"


@procedure
class Choose(pickers.Choice):
    name = "ar.choose"


def pick(g: Context, role: str, keys: list[str], **kw) -> None:
    """Pushes an ``ar.pick`` frame (engine.coin.pickers.pick_frame)."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, **kw))


def put(g: Context, role: str, piece: str, **kw) -> None:
    g.call(Put.name, role, **pickers.put_frame(piece, **kw))


def choose(g: Context, role: str, verb: str, options: list[str], *, ask: str, rule: str, label: str) -> None:
    """Asks *role* to pick one of *options*; the answer comes back to the caller's frame as ``ret``."""
    g.call(Choose.name, role, verb=verb, options=options, ask=ask, rule=rule, label=label)
