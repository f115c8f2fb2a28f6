"""Arab Revolt's position files (docs/positions.md; the shared part is engine.coin.position).

Besides the common fields: ``prison`` ``{"guerrillas", "bases"}`` (1.3.6), ``out_of_play`` (British Troops Out
of Play, setup L1097 and A24), ``tegart`` (Police on the Tegart Forts card, A28); ``tracks`` ``political_will``
(0-20, 1.10) and ``unity`` (the Unity Track's box, 0 Decentralized to 4 Centralized, 6.6); ``chits``
``{"punishment": {"held", "set_aside"}, "ops": {"held", "set_aside", "drawn", "played"}}`` (1.7, 1.8: the cups
hold the rest). The Out of Play markers of Foreign Countries are the space marker ``out_of_play`` (1.3.7). A
Mandatory Event of the current card (5.4) was resolved when its turns began: its Event box is closed.
"""

from __future__ import annotations

from ...coin.position import CoinPosition, is_count, path_of
from ...core.flow import Context
from . import board as B
from .chits import OpsChit
from .data import CARDS, COMPONENTS, RULINGS
from .propaganda import ArabRevoltPropaganda
from .rules import RULES
from .setup import deck_for, setup

_SCRIPT = ArabRevoltPropaganda.script
PUNISHMENT = COMPONENTS["punishment_chits"]["chits"]
OPS = COMPONENTS["operations_chits"]["chits"]
MARKERS = {m["marker"]: m for m in COMPONENTS["markers"]}


class ArabRevoltPosition(CoinPosition):
    slug = "arab-revolt"
    rules = RULES
    cards = CARDS
    totals = B.TOTALS
    setup = staticmethod(setup)
    decks = staticmethod(deck_for)
    rulings = RULINGS
    tracks = {"political_will": ("pw", 0, 20, "1.10"),
              "unity": ("unity", B.DECENTRALIZED, B.CENTRALIZED, "6.6: 0 Decentralized to 4 Centralized")}
    phases = {"political-will": (_SCRIPT.index("will"), "6.1"),
              "resources-british": (_SCRIPT.index("resources_british"), "6.2.1"),
              "resources-rebels": (_SCRIPT.index("resources_rebels"), "6.2.2"),
              "foreign-assistance": (_SCRIPT.index("foreign_assistance"), "6.2.3"),
              "support": (_SCRIPT.index("support"), "6.3"),
              "redeploy": (_SCRIPT.index("redeploy"), "6.4"),
              "reset": (_SCRIPT.index("reset"), "6.5"),
              "munich": (_SCRIPT.index("munich"), "6.5, A34")}
    box_names = {"prison": "in Prison", "out_of_play": "Out of Play", "tegart": "on the Tegart Forts card"}
    rule = {"mix": "1.2, 1.4", "stacking": "1.4.2", "curfew": "1.12", "boxes": "2.3.2",
            "deck": "2.1 Deck Preparation", "start": "2.2", "eligibility": "2.3.1", "adjust": "2.3.6",
            "capability": "5.3", "propaganda": "6.0", "final": "6.1.6", "victory": "6.1.5", "mandatory": "5.4"}

    # -- markers and where pieces may be (1.3.7, 1.4.2, 1.6, 1.9) -------------------------------------

    def validate_space(self, sid: str, x: dict, where: str, fault) -> None:
        super().validate_space(sid, x, where, fault)
        kind = B.KIND[sid]
        if kind == "foreign" and B.british_pieces(x):
            key = next(k for k in ("troops", "police", "irregulars_u", "irregulars_a") if x[k])
            fault(path_of(where, key), "British pieces may never occupy Foreign Country spaces (1.4.2)")
        if x["opposition"] and (x["opposition"] > 1 or kind not in ("district", "city")):
            fault(path_of(where, "opposition"), "one Opposition marker at most, in a District or City only (1.6)")
        if x["sabotage"] and kind != "railway":
            fault(path_of(where, "sabotage"), "Sabotage markers are placed only on Railways (1.9)")
        if x["out_of_play"]:
            if x["out_of_play"] > 1 or kind != "foreign":
                fault(path_of(where, "out_of_play"), "one Out of Play marker at most, on a Foreign Country "
                                                     "(1.3.7)")
            elif B.rebel_pieces(x) or B.british_pieces(x):
                fault(path_of(where, "out_of_play"), "a Foreign Country Out of Play holds no pieces (1.3.7)")

    def validate_map(self, spaces: dict[str, dict], fault) -> None:
        super().validate_map(spaces, fault)
        for marker in ("opposition", "sabotage", "out_of_play"):
            n = sum(x.get(marker, 0) for x in spaces.values())
            have = MARKERS[marker]["count"]
            if n > have:
                fault("spaces", f"{n} {marker.replace('_', ' ').title()} markers on the map, but the game has "
                                f"{have} (1.2)")

    def validate_extra(self, p: dict, fault) -> None:
        tegart = p.get("tegart", 0)
        caps = p.get("capabilities", {})
        if is_count(tegart) and tegart:
            if tegart > 3:
                fault("tegart", f"the Tegart Forts card holds 3 Police at most (A28), not {tegart}")
            elif not isinstance(caps, dict) or "A28" not in caps:
                fault("tegart", "Police are on the Tegart Forts card only once A28 is in play (A28, 5.3)")

    # -- chits (1.7, 1.8) ----------------------------------------------------------------------------------

    def chits_to_position(self, state: dict) -> dict:
        p, o = state["punishment"], state["ops"]
        return {"punishment": {"held": list(p["held"]), "set_aside": list(p["set_aside"])},
                "ops": {"held": list(o["held"]), "set_aside": list(o["set_aside"]), "drawn": list(o["drawn"]),
                        "played": dict(o["played"]) if o["played"] else None}}

    def chits_to_state(self, p: dict, state: dict) -> None:
        chits = p.get("chits", {})
        pun = chits.get("punishment", {})
        ops = chits.get("ops", {})
        held, aside = list(pun.get("held", [])), list(pun.get("set_aside", []))
        pool = list(PUNISHMENT)
        for c in held + aside:
            pool.remove(c)
        state["punishment"] = {"pool": sorted(pool), "held": held, "set_aside": aside}
        o = {k: list(ops.get(k, [])) for k in ("held", "set_aside", "drawn")}
        played = ops.get("played")
        pool = list(OPS)
        for v in o["held"] + o["set_aside"] + o["drawn"] + ([played["value"]] if played else []):
            pool.remove(v)
        state["ops"] = {"pool": sorted(pool), **o, "played": dict(played) if played else None}

    def validate_chits(self, p: dict, fault) -> None:
        chits = p.get("chits", {})
        if not isinstance(chits, dict):
            fault("chits", "must be {punishment: {held, set_aside}, ops: {held, set_aside, drawn, played}}")
            return
        for k in chits:
            if k not in ("punishment", "ops"):
                fault(path_of("chits", str(k)[:60]), "Arab Revolt's chits are punishment (1.7) and ops (1.8)")
        self._cup(chits, "punishment", ("held", "set_aside"), PUNISHMENT, "1.7.1", fault)
        ops = self._cup(chits, "ops", ("held", "set_aside", "drawn"), OPS, "1.8.1", fault)
        if ops is None:
            return
        d = p.get("decision") if isinstance(p.get("decision"), dict) else {}
        ini = p.get("initiative") if isinstance(p.get("initiative"), dict) else {}
        boxes = ini.get("boxes") if isinstance(ini.get("boxes"), dict) else {}
        rebels_turn = d.get("at") == "turn" and d.get("faction") == "rebels"
        choosing = rebels_turn and "rebels" not in boxes.values()
        drawn, played = ops.get("drawn", []), ops.get("played")
        if drawn and not choosing:
            fault("chits.ops.drawn", "Operations chits are drawn as the Rebels' turn begins, before they choose a "
                                     "box, and go back to the cup once they play one (2.3.4, 1.8.1)")
        if drawn and played:
            fault("chits.ops.drawn", "once the Rebels play a chit, the other drawn chits go back to the cup (1.8.1)")
        t = p.get("tracks")
        n = 1 if isinstance(t, dict) and t.get("unity") == B.DECENTRALIZED else 2
        raw = chits.get("ops", {}).get("drawn", []) if isinstance(chits.get("ops"), dict) else []
        if isinstance(raw, list) and len(raw) > n:
            fault("chits.ops.drawn", f"the Rebels draw {n} Operations chit{'s' if n > 1 else ''} "
                                     f"({'6.6.4: Decentralized' if n == 1 else '2.3.4'}), not {len(raw)}")
        if played and not rebels_turn:
            fault("chits.ops.played", "a played Operations chit is set aside once the Rebels' turn ends (1.8.2): "
                                      "only during the Rebels' turn is one played")

    def _cup(self, chits: dict, name: str, lists: tuple[str, ...], mix: list, rule: str, fault) -> dict | None:
        what = "Punishment chits" if name == "punishment" else "Operations chits of value"
        cup = chits.get(name, {})
        where = path_of("chits", name)
        if not isinstance(cup, dict):
            fault(where, f"must be an object with {', '.join(lists)}")
            return None
        allowed = set(lists) | ({"played"} if name == "ops" else set())
        for k in cup:
            if k not in allowed:
                fault(path_of(where, str(k)[:60]), f"unknown field; {name} has {', '.join(sorted(allowed))}")
        used: dict = {}
        out: dict = {}
        kinds = sorted(set(mix), key=str)
        for k in lists:
            vals = cup.get(k, [])
            if not isinstance(vals, list):
                fault(path_of(where, k), f"must be a list of chits ({', '.join(map(str, kinds))})")
                out[k] = []
                continue
            good = []
            for i, v in enumerate(vals):
                if isinstance(v, bool) or v not in kinds:
                    fault(path_of(where, k, i), f"{v!r} is no {name} chit; they are {', '.join(map(str, kinds))} "
                                                f"({rule})")
                    continue
                used[v] = used.get(v, 0) + 1
                if used[v] > mix.count(v):
                    fault(path_of(where, k, i), f"there are {mix.count(v)} {what} {v} ({rule})")
                    continue
                good.append(v)
            out[k] = good
        if name == "ops":
            played = cup.get("played")
            if played is not None:
                ok = (isinstance(played, dict) and set(played) == {"value", "bonus"} and played["value"] in kinds
                      and not isinstance(played["value"], bool) and played["bonus"] in (0, 1)
                      and not isinstance(played["bonus"], bool))
                if not ok:
                    fault(path_of(where, "played"), 'null or {"value": 1 to 3, "bonus": 0 or 1 (Coordinate, '
                                                     '4.3.2)} (1.8.1)')
                    played = None
                else:
                    used[played["value"]] = used.get(played["value"], 0) + 1
                    if used[played["value"]] > mix.count(played["value"]):
                        fault(path_of(where, "played"), f"there are {mix.count(played['value'])} {what} "
                                                         f"{played['value']} ({rule})")
                        played = None
            out["played"] = played
        return out

    lasting_markers = ("out_of_play",)

    def before_decision(self, p: dict) -> None:
        """Drawn chits go back to the cup, and a played one too, where the new decision has none (1.8.1)."""
        d = p.get("decision", {})
        ops = p.get("chits", {}).get("ops", {})
        rebels = d.get("at") == "turn" and d.get("faction") == "rebels"
        if not rebels or "rebels" in p["initiative"]["boxes"].values():
            ops["drawn"] = []
        if not rebels:
            ops["played"] = None

    # -- the turn (2.3.4, 5.4) -------------------------------------------------------------------------

    def closed_boxes(self, current: str | None) -> tuple[str, ...]:
        return ("event",) if current and CARDS[current].get("mandatory") else ()

    def on_turn_card(self, g: Context) -> None:
        cid = g.s["current"]
        if CARDS[cid].get("mandatory"):
            g.s["flags"]["mandatory"] = cid  # resolved as the card was revealed; its Event box is closed

    def before_turn(self, g: Context, faction: str) -> None:
        ops = g.s["ops"]
        if faction != "rebels" or ops["played"]:
            return
        if ops["drawn"]:
            g.call(OpsChit.name, "rebels", drawn=list(ops["drawn"]))
        else:
            g.rules.before_turn(g, faction)


POSITION = ArabRevoltPosition()
