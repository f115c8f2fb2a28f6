"""Palestine's registrations of the shared Event choosers (engine.coin.pickers): remove pieces, place
pieces. ``pal.pick`` can add +1 Political Will for each Arms Cache removed (``on_cache="pw"``: P11, P19).
"""

from __future__ import annotations

from ....coin import pickers
from ....coin.will import shift_will
from ....core.flow import Context, procedure


def pick(g: Context, role: str, keys: list[str], *, on_cache=None, **kw) -> None:
    """Pushes a ``pal.pick`` frame (engine.coin.pickers.pick_frame); ``on_cache="pw"`` adds +1 Political
    Will per Cache removed (P11, P19)."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, on_cache=on_cache, **kw))


def put(g: Context, role: str, piece: str, **kw) -> None:
    g.call(Put.name, role, **pickers.put_frame(piece, **kw))


@procedure
class Pick(pickers.Pick):
    name = "pal.pick"

    def removed(self, g, f, key):
        if key == "caches" and f.get("on_cache") == "pw":
            shift_will(g, 1, f"{f['label']}: Arms Cache removed", rule=f["rule"])


@procedure
class Put(pickers.Put):
    name = "pal.put"
