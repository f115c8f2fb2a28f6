"""Palestine's position files (docs/positions.md; the shared part is engine.coin.position).

Besides the common fields: ``prison`` (Cells in Prison, 1.3.6) and ``removed`` (Cells out of the game, by
Events); ``tracks`` ``political_will`` (0-20, 1.8) and ``haganah`` (0-4, 6.5); ``haganah_boxes``, the Irgun
pieces under the Haganah Track's boxes 4 and 3 (6.5.2); ``chits`` ``{"intel": [values held]}`` (1.6.1: the
bag holds the rest; engine.coin.intel.IntelChitsPosition, with Cyprus); ``momentum`` ``{"P27": "next" |
"now"}`` (P27 shaded: the British must Pass on the next Event card, ruling R-P27).
"""

from __future__ import annotations

from ...coin.intel import IntelChitsPosition
from ...coin.position import CoinPosition, is_count, path_of
from . import board as B
from .data import CARDS, RULINGS
from .propaganda import PalestinePropaganda
from .rules import RULES
from .setup import deck_for, setup

_SCRIPT = PalestinePropaganda.script


class PalestinePosition(IntelChitsPosition, CoinPosition):
    slug = "palestine"
    rules = RULES
    cards = CARDS
    totals = B.TOTALS
    setup = staticmethod(setup)
    decks = staticmethod(deck_for)
    rulings = RULINGS
    tracks = {"political_will": ("pw", 0, 20, "1.8"), "haganah": ("haganah", 0, 4, "6.5")}
    phases = {"political-will": (_SCRIPT.index("will"), "6.1"),
              "expropriations": (_SCRIPT.index("expropriation"), "6.2.1"),
              "british-intel": (_SCRIPT.index("intel"), "6.2.2"),
              "haganah-cooperation": (_SCRIPT.index("haganah"), "6.2.3"),
              "redeploy": (_SCRIPT.index("redeploy"), "6.3"),
              "reset": (_SCRIPT.index("reset_start"), "6.4")}
    rule = {"mix": "1.2, 1.4", "stacking": "1.4.2", "curfew": "1.10", "boxes": "2.3.2", "deck": "2.1 Deck Preparation",
            "start": "2.2", "eligibility": "2.3.1", "adjust": "2.3.5", "capability": "5.3", "propaganda": "6.0",
            "final": "6.1.4", "victory": "6.1.3", "markers": "1.2, 1.7"}
    extra_fields = ("haganah_boxes",)
    box_names = {"prison": "in Prison", "removed": "out of the game"}

    # -- the Haganah Track's boxes (6.5.2) ---------------------------------------------------------------

    def extra_to_position(self, state: dict, out: dict) -> None:
        out["haganah_boxes"] = {box: dict(slot) for box, slot in state["haganah_slots"].items()}

    def extra_to_state(self, p: dict, state: dict) -> None:
        given = p.get("haganah_boxes", self.default_boxes(p["tracks"]["haganah"]))
        state["haganah_slots"] = {box: {piece: given.get(box, {}).get(piece, 0) for piece in caps}
                                  for box, caps in B.HAGANAH_SLOTS.items()}

    @staticmethod
    def default_boxes(h: int) -> dict:
        """The boxes as 6.5.2 leaves them with the track at *h*: full right of it, empty at or left of it."""
        return {box: {piece: (n if int(box) > h else 0) for piece, n in caps.items()}
                for box, caps in B.HAGANAH_SLOTS.items()}

    def _boxes_of(self, p: dict) -> dict:
        t = p.get("tracks")
        h = t.get("haganah") if isinstance(t, dict) else None
        default = self.default_boxes(h) if isinstance(h, int) and not isinstance(h, bool) else {}
        val = p.get("haganah_boxes", default)
        return val if isinstance(val, dict) else {}

    def held_elsewhere(self, p: dict, fault) -> dict:
        out: dict[str, list] = {}
        for box, slot in self._boxes_of(p).items():
            if box in B.HAGANAH_SLOTS and isinstance(slot, dict):
                for piece, n in slot.items():
                    if piece in B.HAGANAH_SLOTS[box] and is_count(n):
                        out.setdefault(piece, []).append((f"under Haganah box {box}", n))
        return out

    def validate_extra(self, p: dict, fault) -> None:
        if "haganah_boxes" not in p:
            return
        val = p["haganah_boxes"]
        if not isinstance(val, dict):
            fault("haganah_boxes", 'must be {"4": {"cells", "caches"}, "3": {"cells"}} (6.5.2)')
            return
        t = p.get("tracks")
        h = t.get("haganah") if isinstance(t, dict) else None
        h = h if isinstance(h, int) and not isinstance(h, bool) and 0 <= h <= 4 else None
        for box, slot in val.items():
            where = path_of("haganah_boxes", str(box)[:60])
            if box not in B.HAGANAH_SLOTS:
                fault(where, "only boxes 4 and 3 of the Haganah Track hold Irgun pieces (6.5.2)")
                continue
            if not isinstance(slot, dict):
                fault(where, "must be an object of pieces to counts")
                continue
            caps = B.HAGANAH_SLOTS[box]
            for piece, n in slot.items():
                here = path_of(where, str(piece)[:60])
                if piece not in caps:
                    fault(here, f"box {box} holds only {' and '.join(caps)} (6.5.2)")
                elif not is_count(n) or n > caps[piece]:
                    fault(here, f"box {box} holds 0 to {caps[piece]} {piece}, not {n!r} (6.5.2)")
                elif h is not None and h >= int(box) and n:
                    fault(here, f"with the Haganah Track at {h}, the pieces under box {box} are Available "
                                f"(6.5.2)")
        if h is None:
            return
        irgun_elsewhere = self._irgun_outside_boxes(p)
        for box, caps in B.HAGANAH_SLOTS.items():
            if h >= int(box):
                continue
            for piece, cap in caps.items():
                n = val.get(box, {}).get(piece, 0) if isinstance(val.get(box), dict) else 0
                if is_count(n) and n < cap and irgun_elsewhere.get(piece, 0):
                    fault(path_of("haganah_boxes", box, piece),
                          f"with the Haganah Track at {h}, box {box} is filled to {cap} {piece} from Available, "
                          f"the map or Prison while any remain (6.5.2), not {n}")

    @staticmethod
    def _irgun_outside_boxes(p: dict) -> dict[str, int]:
        """Irgun pieces that could fill the Haganah boxes: Available, on the map, Cells in Prison."""
        out = {"cells": 0, "caches": 0}
        avail = p.get("available")
        if isinstance(avail, dict):
            for piece in out:
                if is_count(avail.get(piece, 0)):
                    out[piece] += avail.get(piece, 0)
        spaces = p.get("spaces")
        if isinstance(spaces, dict):
            for x in spaces.values():
                if isinstance(x, dict):
                    for key, piece in (("cells_u", "cells"), ("cells_a", "cells"), ("caches", "caches")):
                        if is_count(x.get(key, 0)):
                            out[piece] += x.get(key, 0)
        if is_count(p.get("prison", 0)):
            out["cells"] += p.get("prison", 0)
        return out

    def set_track(self, p: dict, name: str, value: int) -> None:
        """The Haganah Track takes its boxes' pieces from Available or gives them back (6.5.2)."""
        if name == "haganah":
            old = p.get("haganah_boxes") or self.default_boxes(p["tracks"]["haganah"])
            new = self.default_boxes(value)
            for box, caps in new.items():
                for piece, n in caps.items():
                    p["available"][piece] -= n - old.get(box, {}).get(piece, 0)
            p["haganah_boxes"] = new
        super().set_track(p, name, value)

    # -- markers (1.7, 4.3.3) ------------------------------------------------------------------------------

    def validate_space(self, sid: str, x: dict, where: str, fault) -> None:
        super().validate_space(sid, x, where, fault)
        if x["terror"] and B.KIND[sid] != "city":
            fault(path_of(where, "terror"), "Terror markers are placed only in Cities (4.3.3, 6.1.1)")

    def validate_map(self, spaces: dict[str, dict], fault) -> None:
        super().validate_map(spaces, fault)
        n = sum(x.get("sabotage", 0) + x.get("terror", 0) for x in spaces.values())
        if n > 15:
            fault("spaces", f"{n} Sabotage and Terror markers on the map, but the game has 15 (1.2)")

    # -- P27 American Loans (ruling R-P27) ----------------------------------------------------------------

    def momentum_to_position(self, state: dict) -> dict:
        loans = state["flags"].get("loans")
        return {"P27": loans} if loans else {}

    def momentum_to_state(self, p: dict, state: dict) -> None:
        loans = p.get("momentum", {}).get("P27")
        if loans:
            state["flags"]["loans"] = loans

    def validate_momentum(self, p: dict, fault) -> None:
        m = p.get("momentum", {})
        if not isinstance(m, dict):
            fault("momentum", 'must be an object: {"P27": "next" or "now"}')
            return
        for k, v in m.items():
            where = path_of("momentum", str(k)[:60])
            if k != "P27":
                fault(where, "Palestine's lasting effect is P27 shaded (the British must Pass on the next Event "
                             "card, ruling R-P27)")
            elif v not in ("next", "now"):
                fault(where, f"'next' (the British Pass on the card after the current one) or 'now' (on the "
                             f"current card), not {v!r} (P27, ruling R-P27)")


POSITION = PalestinePosition()
