"""The armistice (28.4): in a turn when the "United Nations Truce" event is in effect (a truce whose event says
so: ``state["truce"]["armistice"]``), the players may agree to end the game; both total their VP at once and the
winner is found as at the game's end (28.2; ``victory.final``: the end-of-game awards 28.3 and 18.5 included,
ruling R-28.4-scoring).

The phasing player proposes (``propose``, offered in its Air Operations and Terrorism phases, and to any phase
that merges :func:`actions`); the other player decides in a frame of its own (``accept`` or ``refuse``). A side
proposes once a turn (ruling R-28.4-once), so a refusal is not asked again and again.
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from ...core.grammar import Order
from . import calendar, victory
from .sequence import truce as truce_in_effect
from .units import SIDE_TITLES, other

notation.declare(__name__, {"propose", "accept", "refuse"})

VERBS = ("propose",)
ORDERS = (
    Order("propose", "propose an armistice, ending the game on the VP now (while the United Nations Truce is in "
          "effect)", "28.4"),
    Order("accept", "accept the armistice proposed: the game ends and the VP decide it", "28.4"),
    Order("refuse", "refuse the armistice proposed: the game goes on", "28.4"),
)


def possible(state: dict) -> bool:
    """Whether the United Nations Truce is in effect this turn (28.4)."""
    return truce_in_effect(state) and bool(state["truce"].get("armistice"))


def _proposed(state: dict) -> dict:
    return state["flags"].setdefault("armistice", {})


def why_not(state: dict, side: str) -> str | None:
    if not possible(state):
        return "an armistice may be proposed only while the United Nations Truce is in effect (28.4)"
    if _proposed(state).get(side) == state["month"]:
        return f"{SIDE_TITLES[side]} proposed an armistice this turn already (28.4, ruling R-28.4-once)"
    return None


def actions(g, side: str) -> dict[str, list[str]]:
    """``propose`` when *side* may propose an armistice now."""
    return {"propose": []} if why_not(g.s, side) is None else {}


def do(g, f: dict, verb: str, arg: str | None) -> None:
    side = f["role"]
    _proposed(g.s)[side] = g.s["month"]
    g.say(f"{SIDE_TITLES[side]} proposed an armistice in {calendar.name(g.s['month'])} (28.4).", faction=side,
          rule="28.4")
    g.call("faiw.armistice", other(side), proposer=side)


def explain(g, side: str, verb: str):
    why = why_not(g.s, side)
    return Refusal(why, "28.4") if why else None


@procedure
class Armistice(Procedure):
    """28.4: the other player accepts or refuses the armistice proposed."""

    name = "faiw.armistice"
    rule = "28.4"

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        return {"accept": [], "refuse": []}

    def text(self, g, f: dict) -> str:
        vp = g.s["vp"]
        return (f"{SIDE_TITLES[f['proposer']]} proposes an armistice (VP now Arab League {vp['arab']}, Israel "
                f"{vp['israel']}): accept, ending the game, or refuse (28.4)")

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb == "refuse":
            g.say(f"{SIDE_TITLES[f['role']]} refused the armistice: the game goes on (28.4).", faction=f["role"],
                  rule="28.4")
            g.end()
            return
        g.say(f"{SIDE_TITLES[f['role']]} accepted the armistice: the game ends and the VP are totalled (28.4).",
              faction=f["role"], rule="28.4", kind="end")
        victory.final(g)
