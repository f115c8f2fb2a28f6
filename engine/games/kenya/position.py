"""Kenya's position files (docs/positions.md; the shared part is engine.coin.position), as far as the game is
built (issue 28): a position may start at a card or at an Eligible faction's choice; the Propaganda phases
come with the Propaganda Round.

Besides the common fields: ``tracks`` ``political_will`` (0-20, 1.10), ``resources_maumau`` (0-20, 1.8) and
``pipeline`` (the Pipeline Track's box, 0-4, 6.6, ruling R-PIPELINE-1); ``out_of_play`` (the Police Out of
Play, 1.3.5); ``population`` (the spaces whose Population differs from the printed one: a Population marker,
1.3.2, 3.2.2; ruling R-POPULATION). A space's ``support`` is its level (-1 Resistance, 1 Loyal; absent for
Neutral, 1.6). Control is not written: it follows from the pieces (1.7) and is computed as the position is
built.
"""

from __future__ import annotations

from ...coin.position import CoinPosition, path_of
from . import board as B
from .data import CARDS, RULINGS
from .propaganda import KenyaPropaganda
from .rules import RULES
from .setup import deck_for, setup

_SCRIPT = KenyaPropaganda.script


class KenyaPosition(CoinPosition):
    slug = "kenya"
    rules = RULES
    cards = CARDS
    totals = B.TOTALS
    setup = staticmethod(setup)
    decks = staticmethod(deck_for)
    rulings = RULINGS
    tracks = {"political_will": ("pw", 0, 20, "1.10"),
              "resources_maumau": ("resources.maumau", 0, B.RESOURCES_MAX, "1.8"),
              "pipeline": ("pipeline", B.PIPELINE_MIN, B.PIPELINE_MAX, "6.6, ruling R-PIPELINE-1")}
    phases = {"political-will": (_SCRIPT.index("will"), "6.1"),
              "resources": (_SCRIPT.index("resources"), "6.2"),
              "support": (_SCRIPT.index("support"), "6.3"),
              "redeploy": (_SCRIPT.index("redeploy"), "6.4"),
              "forest-camps": (_SCRIPT.index("forest_camps"), "6.4.2"),
              "reset": (_SCRIPT.index("reset"), "6.5")}
    rule = {"mix": "1.2, 1.4", "stacking": "1.4.2", "curfew": "1.2", "boxes": "1.3.5",
            "deck": "2.1 Deck Preparation", "start": "2.2", "eligibility": "2.3.1", "adjust": "2.3.5",
            "capability": "5.3", "propaganda": "6.0", "final": "6.0", "victory": "7.0", "markers": "1.2"}
    extra_fields = ("population",)
    box_names = {"out_of_play": "Out of Play"}
    kind_names = {"mountain-jungle": "a Mountain Jungle", "city": "Nairobi"}

    def validate_space(self, sid: str, x: dict, where: str, fault) -> None:
        """Levels only in Nairobi and the Populated Provinces (1.6); Terror markers (1.9)."""
        super().validate_space(sid, x, where, fault)
        lv = x["support"]
        if lv not in (-1, 0, 1):
            fault(path_of(where, "support"), f"{lv} is no level: -1 Resistance, 0 Neutral, 1 Loyal (1.6)")
        elif lv and not B.LOYALTY.takes(sid):
            fault(path_of(where, "support"), f"{B.NAME[sid]} is never Loyal or Resistant (1.6)")

    def validate_map(self, spaces: dict[str, dict], fault) -> None:
        super().validate_map(spaces, fault)
        n = sum(x.get("terror", 0) for x in spaces.values())
        if n > B.TERROR_MARKERS:
            fault("spaces", f"{n} Terror markers on the map, but the game has {B.TERROR_MARKERS} (1.2)")

    def validate_extra(self, p: dict, fault) -> None:
        """``population``: space -> its Population, from 0 to the printed value, where it differs (1.3.2);
        a space at 0 holds no level (L2279)."""
        pop = p.get("population", {})
        if not isinstance(pop, dict):
            fault("population", "must be an object of spaces to their Population, where it differs from the "
                                "printed one (1.3.2)")
            return
        spaces = p.get("spaces") if isinstance(p.get("spaces"), dict) else {}
        for sid, n in pop.items():
            where = path_of("population", str(sid)[:60])
            if sid not in B.PRINTED:
                fault(where, "not a space of Kenya's map (1.3)")
            elif isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= B.PRINTED[sid]:
                fault(where, f"must be a whole number from 0 to {B.PRINTED[sid]}, the printed Population "
                             "(1.3.2, ruling R-POPULATION)")
            elif n == 0 and isinstance(spaces.get(sid), dict) and spaces[sid].get("support"):
                fault(path_of(path_of("spaces", sid), "support"), f"{B.NAME[sid]} is Unpopulated: it is never "
                                                                  "Loyal or Resistant (1.6, L2279)")

    def extra_to_position(self, state: dict, out: dict) -> None:
        lowered = {sid: n for sid, n in state["population"].items() if n != B.PRINTED[sid]}
        if lowered:
            out["population"] = lowered

    def extra_to_state(self, p: dict, state: dict) -> None:
        state["population"] = {**B.initial_population(), **p.get("population", {})}
        state["control"] = B.CONTROL.computed(state)


POSITION = KenyaPosition()
