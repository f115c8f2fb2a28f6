"""Malaya's position files (docs/positions.md; the shared part is engine.coin.position).

Besides the common fields: ``tracks`` ``political_will`` (0-20, 1.10), ``resources_british`` and
``resources_mcp`` (0-20, 1.8) and ``commander`` (the Commander Track's box: 0 Gurney, 1 Briggs, 2 Templer,
6.6); ``gurney_killed`` (``true`` while M10 shaded cancels the Commander's effect, until the next Reset,
6.6.3). A space's ``support`` is its level (-1 Opposition, 1 Support; absent for Neutral, 1.6) and its
``new_village`` 0 or 1 (1.12); the New Villages not on the map are in the pool. Control is not written: it
follows from the pieces (1.7) and is computed as the position is built.
"""

from __future__ import annotations

from ...coin.position import CoinPosition, path_of
from . import board as B
from .data import CARDS, RULINGS
from .propaganda import MalayaPropaganda
from .rules import RULES
from .setup import deck_for, setup

_SCRIPT = MalayaPropaganda.script


class MalayaPosition(CoinPosition):
    slug = "malaya"
    rules = RULES
    cards = CARDS
    totals = B.TOTALS
    setup = staticmethod(setup)
    decks = staticmethod(deck_for)
    rulings = RULINGS
    tracks = {"political_will": ("pw", 0, 20, "1.10"),
              "resources_british": ("resources.british", 0, 20, "1.8"),
              "resources_mcp": ("resources.mcp", 0, 20, "1.8"),
              "commander": ("commander", 0, 2, "6.6: 0 Gurney, 1 Briggs, 2 Templer")}
    phases = {"political-will": (_SCRIPT.index("will"), "6.1"),
              "resources": (_SCRIPT.index("resources"), "6.2"),
              "support": (_SCRIPT.index("support"), "6.3"),
              "redeploy": (_SCRIPT.index("redeploy"), "6.4"),
              "reset": (_SCRIPT.index("reset"), "6.5")}
    rule = {"mix": "1.2, 1.4", "stacking": "1.4.2", "curfew": "1.2", "boxes": "2.3.2",
            "deck": "2.1 Deck Preparation", "start": "2.2", "eligibility": "2.3.1", "adjust": "2.3.5",
            "capability": "5.3", "propaganda": "6.0", "final": "6.1.4", "victory": "6.1.3", "markers": "1.2"}
    extra_fields = ("gurney_killed",)
    box_names: dict[str, str] = {}
    kind_names = {"ec": "an Economic Center", "foreign": "Thailand"}

    # -- markers and levels (1.6, 1.9, 1.12) -------------------------------------------------------------

    def validate_space(self, sid: str, x: dict, where: str, fault) -> None:
        super().validate_space(sid, x, where, fault)
        kind = B.KIND[sid]
        lv = x["support"]
        if lv not in (-1, 0, 1):
            fault(path_of(where, "support"), f"{lv} is no level: -1 Opposition, 0 Neutral, 1 Support (1.6)")
        elif lv and not B.SUPPORT.takes(sid):
            fault(path_of(where, "support"), f"{B.NAME[sid]} is never at Support or Opposition (1.6 NOTE)")
        if x["new_village"]:
            if x["new_village"] > 1 or kind != "province":
                fault(path_of(where, "new_village"), "one New Village at most, in a Province only (1.4.2, 1.12)")
            elif B.mcp(x) and not B.british(x):
                fault(path_of(where, "new_village"), "a New Village in a space with MCP forces and no British "
                                                     "forces is removed at once (1.12)")
            elif lv > 0 and not B.mcp(x) and B.british(x) > 0 and B.CONTROL.of_pieces(sid, x) == "british":
                fault(path_of(where, "new_village"), "a New Village in a British Controlled space at Support with "
                                                     "no MCP forces is removed at once (1.12)")
        if x["terror"] and kind not in ("province", "city"):
            fault(path_of(where, "terror"), "Terror markers go in Provinces and Kuala Lumpur (3.3.4)")
        if x["sabotage"] and kind != "ec":
            fault(path_of(where, "sabotage"), "Sabotage markers go in Economic Centers (3.3.4)")

    def validate_map(self, spaces: dict[str, dict], fault) -> None:
        super().validate_map(spaces, fault)
        nv = sum(x.get("new_village", 0) for x in spaces.values())
        if nv > B.NEW_VILLAGES:
            fault("spaces", f"{nv} New Villages on the map, but the game has {B.NEW_VILLAGES} (1.2)")
        markers = sum(x.get("terror", 0) + x.get("sabotage", 0) for x in spaces.values())
        if markers > 15:
            fault("spaces", f"{markers} Terror and Sabotage markers on the map, but the game has 15 (1.2)")

    def validate_extra(self, p: dict, fault) -> None:
        if p.get("gurney_killed", False) not in (True, False):
            fault("gurney_killed", "true while M10 shaded cancels the Commander's effect (6.6.3), else false")

    def extra_to_position(self, state: dict, out: dict) -> None:
        if state["gurney_killed"]:
            out["gurney_killed"] = True

    def extra_to_state(self, p: dict, state: dict) -> None:
        state["gurney_killed"] = bool(p.get("gurney_killed", False))
        state["new_villages"] = B.NEW_VILLAGES - sum(x["new_village"] for x in state["spaces"].values())
        state["control"] = B.CONTROL.computed(state)


POSITION = MalayaPosition()
