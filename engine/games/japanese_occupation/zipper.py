"""The British choice when Operation Zipper falls past a box that started with a Supply Cache and none is
Available: which Supply Cache on the map goes back to the track (6.7.2 L1606: first from Available, then from
the map; the British remove it, so they choose which)."""

from __future__ import annotations

from ...core import notation
from ...core.flow import Procedure, procedure
from . import board as B
from . import why as W

notation.declare(__name__, {"return"})


@procedure
class ReturnCache(Procedure):
    """Frame: ``box`` (the Zipper box the Supply Cache goes back to)."""

    name = "jo.zipper.return"
    rule = "6.7.2"

    def prompt(self, g, f):
        return {"return": B.spaces_with(g, "caches")}

    def text(self, g, f):
        return (f"British: Operation Zipper fell past the {B.zipper_label(f['box'])} box and no Supply Cache is "
                "Available; return one from the map to the track (return SPACE)")

    def explain(self, g, f, verb, arg):
        if verb == "return" and arg:
            if not W.is_space(arg):
                return W.not_a_space(arg)
            return W.because(f"{W.has(g, arg, 'caches')} to return to the track", "6.7.2")
        return W.turn_order(verb)

    def act(self, g, f, verb, arg):
        g.end()
        B.return_cache(g, arg, f["box"])
