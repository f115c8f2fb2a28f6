"""Cyprus's position files (docs/positions.md; the shared part is engine.coin.position); issue 29.

Besides the common fields: ``prison`` (the Cells in Prison, 1.3.6) and ``suez`` (the Troops on card C4 Suez
Crisis until the next Reset, L3675: at most three, and only once C4 is played) with ``suez_by``, the faction
that executed C4 and places them again (optional: the British; rulings R-C4, R-C4-CHOOSER); ``tracks``
``political_will`` (0-15, 1.8) and ``international_opinion`` (0 Ignored to 4 Condemned, 6.5; ruling
R-IO-LABELS); ``chits`` ``{"intel": [values held]}`` (1.6.1: open information; the bag holds the rest;
engine.coin.intel.IntelChitsPosition, with Palestine). A
space's markers are ``curfew`` (0 or 1: only in a Town with a British piece, 1.10) and ``sabotage`` (any
number, 1.7; fifteen in all, 1.2). Cyprus has no lasting effect besides its Capabilities and C4's Troops, so
``momentum`` is empty.

A decision in a Propaganda Round names its phase: ``political-will`` (6.1), ``resources`` (6.2), ``redeploy``
(6.3) and ``reset`` (6.4), each the step of that name in the Propaganda Round's script
(``engine.games.cyprus.propaganda.CyprusPropaganda.script``: ``will``, ``resources``, ``redeploy``,
``reset``), read when a position needs it.
"""

from __future__ import annotations

from ...coin.intel import IntelChitsPosition
from ...coin.position import CoinPosition, is_count
from . import board as B
from .data import CARDS, RULINGS
from .propaganda_phases import SUEZ_BY
from .rules import RULES
from .setup import deck_for, setup

#: Each phase a position may start at: (the step of the Propaganda Round's script, its rule).
PHASE_STEPS = {"political-will": ("will", "6.1"), "resources": ("resources", "6.2"),
               "redeploy": ("redeploy", "6.3"), "reset": ("reset", "6.4")}


def _phases() -> dict[str, tuple[int, str]]:
    """The phases of :data:`PHASE_STEPS` found in the Propaganda Round's script, with their index in it (none
    while the Propaganda Round is not built: a position then cannot start in one)."""
    try:
        from .propaganda import CyprusPropaganda
    except ModuleNotFoundError as e:
        if e.name != f"{__package__}.propaganda":
            raise
        return {}
    script = CyprusPropaganda.script
    return {name: (script.index(step), rule) for name, (step, rule) in PHASE_STEPS.items() if step in script}


class CyprusPosition(IntelChitsPosition, CoinPosition):
    slug = "cyprus"
    rules = RULES
    board = B.BOARD
    factions = RULES.factions
    cards = CARDS
    totals = B.TOTALS
    setup = staticmethod(setup)
    decks = staticmethod(deck_for)
    rulings = RULINGS
    tracks = {"political_will": ("pw", B.PW_MIN, B.PW_MAX, "1.8"),
              "international_opinion": ("io", B.IO_MIN, B.IO_MAX, "6.5, ruling R-IO-LABELS")}
    rule = {"mix": "1.2, 1.4", "stacking": "1.4.2", "curfew": "1.10", "boxes": "2.3.2",
            "deck": "2.1 Deck Preparation", "start": "2.2", "eligibility": "2.3.1", "adjust": "2.3.5",
            "capability": "5.3", "propaganda": "6.0", "final": "6.1.5", "victory": "6.1.4", "markers": "1.2, 1.7"}
    box_names = {"prison": "in Prison", "suez": "on Suez Crisis (C4)"}
    #: ``suez_by``: the faction that executed C4, who returns its Troops at the Reset (rulings R-C4,
    #: R-C4-CHOOSER); optional, the British without it.
    extra_fields = ("suez_by",)
    kind_names = {"town": "a Town", "mountain": "a Mountain", "base": "a British Base"}

    @property
    def phases(self) -> dict[str, tuple[int, str]]:
        return _phases()

    # -- Sabotage markers (1.2, 1.7) and card C4, Suez Crisis (L3675) ---------------------------------------

    def validate_extra(self, p: dict, fault) -> None:
        """The fifteen Sabotage markers (1.2, 1.7; ruling R-SABOTAGE-POOL, unless the position's options choose
        them unlimited); ``suez``: the Troops C4 set on its card, at most three, only once C4 is played
        (L3675)."""
        self._sabotage_pool(p, fault)
        n = p.get("suez", 0)
        by = p.get("suez_by")
        if by is not None and (by not in RULES.factions or not (is_count(n) and n)):
            fault("suez_by", "the faction that executed Suez Crisis (eoka or british), given only while Troops are "
                             f"on the card (C4, L3675; rulings R-C4, R-C4-CHOOSER), not {str(by)[:40]!r}")
        if not is_count(n) or not n:
            return  # a count's form is checked with the boxes (engine.coin.position_checks)
        if n > B.SUEZ_TROOPS:
            fault("suez", f"Suez Crisis holds at most the {B.SUEZ_TROOPS} Troops its text removes, not {n} (C4, L3675)")
        c = p.get("cards")
        played = c.get("played") if isinstance(c, dict) else None
        if not isinstance(played, list) or "C4" not in played:
            fault("suez", "Troops are on Suez Crisis only once C4 is played, until the next Reset (C4, L3675)")

    def extra_to_position(self, state: dict, out: dict) -> None:
        by = state.get("flags", {}).get(SUEZ_BY)
        if by and state.get("suez"):
            out["suez_by"] = by

    def extra_to_state(self, p: dict, state: dict) -> None:
        if p.get("suez_by"):
            state["flags"][SUEZ_BY] = p["suez_by"]

    @staticmethod
    def _sabotage_pool(p: dict, fault) -> None:
        spaces, opts = p.get("spaces"), p.get("options")
        rulings = opts.get("rulings") if isinstance(opts, dict) else None
        if not isinstance(spaces, dict) or not B.sabotage_limited({"rulings": rulings if isinstance(rulings, dict)
                                                                   else {}}):
            return
        n = sum(x["sabotage"] for x in spaces.values() if isinstance(x, dict) and is_count(x.get("sabotage")))
        if n > B.SABOTAGE_MARKERS:
            fault("spaces", f"{n} Sabotage markers on the map, but the game has {B.SABOTAGE_MARKERS} (1.2, 1.7; "
                            "ruling R-SABOTAGE-POOL)")


POSITION = CyprusPosition()
