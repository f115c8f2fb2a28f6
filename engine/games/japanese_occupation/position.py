"""Japanese Occupation's position files (docs/positions.md; the shared part is engine.coin.position); issue 30.

Besides the common fields:
- ``available`` holds the forces; ``markers_available`` the Jungle Camps, Force 136 and New Villages not on the
  map (1.9, 1.10, 1.15; Kempeitai are never Available, 1.9 NOTE);
- a space's markers: ``opposition`` (0 or 1, Provinces and Kuala Lumpur, 1.6), ``terror`` (any number, 1.4.2),
  ``kempeitai`` and ``force_136`` (any number), ``jungle_camp`` and ``new_village`` (0 or 1, Provinces only);
- ``railways``: Railway -> Sabotage markers (1.3.6, 1.12; at most 15 Sabotage and Terror markers, 1.2);
- ``tracks`` ``resistance`` (0-20, 1.13) and ``resources`` (Japanese Resources, 0-20, 1.7);
- ``zipper``: the Operation Zipper box (0 for Delay, 6, 12, 18, 20; ruling R-ZIPPER) and ``zipper_caches``, the
  boxes above it still holding their Supply Cache (6.7.2);
- ``intel``: each Province's and Kuala Lumpur's chit: ``{"revealed": bool, "seen": bool, "value": n or
  null}`` or ``null`` (set aside by J20); a concealed chit nobody saw has no value (it is drawn as it is
  revealed), unless the position places it as the Example of Play does (8.0 L1650: the state keeps that value
  hidden in ``intel_face_down``, intel_chits); ``intel_aside`` the values J20 set aside until the Reset;
- the boxes ``burma`` (Troops on J17 until the Reset) and ``removed`` (Supply Caches out of the game, J14);
  ``davis`` (Force 136 on J25 until the Reset) with ``davis_by`` (who executed J25) and ``kempeitai_out``
  (Kempeitai out of the game, J29). Each card is played once (2.1), so each of these holds at most what its
  text moves (3 Troops, one Supply Cache, one Force 136, one Kempeitai) and only once its card is played.

A decision in a Propaganda Round names its phase: ``mpaja`` (6.1), ``resistance`` (6.2), ``resources`` (6.3),
``support`` (6.4), ``redeploy`` (6.5) and ``reset`` (6.6), each a step of the round's script
(:data:`PHASE_STEPS`). The round is counted as its MPAJA Phase begins (``propaganda_rounds``), and the final
round ends after its Resistance Phase (6.2.6): a position may start the third round's Resistance Phase with
``propaganda_rounds`` 3, and no later phase of it.
"""

from __future__ import annotations

from collections import Counter

from ...coin.position import CoinPosition, is_count
from ...core.errors import InvalidActionError
from ...core.flow import Context
from . import board as B
from . import intel_chits as chits
from .data import CARDS, RULINGS
from .rules import RULES
from .setup import OPTIONS, check_icons, deck_for, setup

#: Each phase a position may start at: (the step of the Propaganda Round's script, its rule).
PHASE_STEPS = {"mpaja": ("mpaja", "6.1"), "resistance": ("resistance", "6.2"), "resources": ("resources", "6.3"),
               "support": ("support", "6.4"), "redeploy": ("redeploy", "6.5"), "reset": ("reset", "6.6")}
#: The extra top-level fields and their state keys.
EXTRA = ("markers_available", "railways", "zipper", "zipper_caches", "intel", "intel_aside", "davis", "davis_by",
         "kempeitai_out")
#: What the cards that hold pieces or markers off the map may hold, each played once (2.1): field -> (card, at
#: most, what, the text's rule).
CARD_HELD = {"burma": ("J17", B.BURMA_TROOPS, "Troops on Burma Theater", "J17: 3 Troops on the card until the "
                                                                       "next Reset"),
             "removed": ("J14", 1, "Supply Caches out of the game", "J14 shaded: one Supply Cache removed"),
             "davis": ("J25", 1, "Force 136 markers on John Davis", "J25 shaded: one Force 136 marker to the card "
                                                                     "until the next Reset"),
             "kempeitai_out": ("J29", 1, "Kempeitai out of the game", "J29 unshaded: one Kempeitai marker removed")}


def _phases() -> dict[str, tuple[int, str]]:
    """The phases of :data:`PHASE_STEPS` found in the Propaganda Round's script, with their index in it."""
    from .propaganda import JapaneseOccupationPropaganda
    script = JapaneseOccupationPropaganda.script
    return {name: (script.index(step), rule) for name, (step, rule) in PHASE_STEPS.items() if step in script}


class JapaneseOccupationPosition(CoinPosition):
    slug = "japanese-occupation"
    rules = RULES
    cards = CARDS
    totals = B.TOTALS
    setup = staticmethod(setup)
    decks = staticmethod(deck_for)
    rulings = RULINGS
    options = tuple(OPTIONS)
    tracks = {"resistance": ("resistance", B.RES_MIN, B.RES_MAX, "1.13"),
              "resources": ("resources", B.RESOURCES_MIN, B.RESOURCES_MAX, "1.7")}
    rule = {"mix": "1.2, 1.4.3 IMPORTANT", "stacking": "1.4.2", "curfew": "1.4.2", "boxes": "2.4.2",
            "deck": "2.1", "start": "2.2", "eligibility": "2.4.1", "adjust": "2.4.5", "capability": "5.3",
            "propaganda": "6.0", "final": "6.2.6", "victory": "7.0.1", "markers": "1.2", "mandatory": "5.4",
            "first_phase": "MPAJA"}
    box_names = {"burma": "on Burma Theater (J17)", "removed": "out of the game (J14)"}
    extra_fields = EXTRA
    kind_names = {"province": "a Province", "city": "Kuala Lumpur", "ec": "an Economic Center"}
    lasting_markers = ()

    @property
    def phases(self) -> dict[str, tuple[int, str]]:
        return _phases()

    def closed_boxes(self, current: str | None) -> tuple[str, ...]:
        return ("event",) if current and CARDS[current].get("mandatory") else ()

    def on_turn_card(self, g: Context) -> None:
        cid = g.s["current"]
        if CARDS[cid].get("mandatory"):
            g.s["flags"]["mandatory"] = cid  # resolved as the card was revealed; its Event box is closed

    def held_elsewhere(self, p: dict, fault) -> dict[str, list[tuple[str, int]]]:
        """The Supply Caches on the Zipper track (6.7.2)."""
        caches = p.get("zipper_caches", [])
        return {"caches": [("on the Operation Zipper track", len(caches) if isinstance(caches, list) else 0)]}

    # -- state -> position --------------------------------------------------------------------------------------

    def extra_to_position(self, state: dict, out: dict) -> None:
        avail = out["available"]
        out["markers_available"] = {m: avail.pop(m) for m in B.POOLED}
        out["railways"] = {r: n for r, n in state["railways"].items() if n}
        out["zipper"] = state["zipper"]
        out["zipper_caches"] = list(state["zipper_caches"])
        face_down = state[chits.FACE_DOWN]  # a chit placed face down shows its value in the file (8.0 L1650)
        out["intel"] = {sid: None if c is None else {**c, "value": face_down.get(sid, c["value"])}
                        for sid, c in state["intel"].items()}
        out["intel_aside"] = list(state["intel_aside"])
        out["davis"] = state["davis"]
        if state["davis"] and state["flags"].get("davis_by"):
            out["davis_by"] = state["flags"]["davis_by"]
        out["kempeitai_out"] = state["kempeitai_out"]

    # -- position -> state --------------------------------------------------------------------------------------

    def extra_to_state(self, p: dict, state: dict) -> None:
        marks = p.get("markers_available") or {}
        for m in B.POOLED:
            state["available"][m] = marks.get(m, 0)
        state["railways"] = {r: (p.get("railways") or {}).get(r, 0) for r in B.RAILWAYS}
        state["zipper"] = p.get("zipper", 0)
        state["zipper_caches"] = sorted(p.get("zipper_caches", []))
        state["intel"], state[chits.FACE_DOWN] = self._intel_to_state(p.get("intel"))
        state["intel_aside"] = sorted(p.get("intel_aside", []))
        state["davis"] = p.get("davis", 0)
        state["kempeitai_out"] = p.get("kempeitai_out", 0)

    def momentum_to_state(self, p: dict, state: dict) -> None:
        if p.get("davis_by"):
            state["flags"]["davis_by"] = p["davis_by"]

    # -- validation -----------------------------------------------------------------------------------------------

    def validate_space(self, sid: str, x: dict, where: str, fault) -> None:
        super().validate_space(sid, x, where, fault)
        name = B.NAME[sid]
        for m in ("jungle_camp", "new_village"):
            if x[m] and not B.is_province(sid):
                fault(f"{where}.{m}", f"a {B.MARKER_LABEL[m]} may be only in a Province, not in {name} (1.4.2)")
            elif x[m] > 1:
                fault(f"{where}.{m}", f"one {B.MARKER_LABEL[m]} at most in a Province (1.4.2)")
        if x["opposition"] > 1:
            fault(f"{where}.opposition", "Opposition is 0 or 1: a space is at Opposition or Neutral (1.6)")
        elif x["opposition"] and sid not in B.OPPOSITION_SPACES:
            fault(f"{where}.opposition", f"{name} is an Economic Center, never at Opposition (1.3.5 NOTE)")
        if x["new_village"] and B.british_forces(x) and not B.japanese_forces(x):
            fault(f"{where}.new_village", f"a New Village in {name} with British forces and no Japanese forces is "
                                          "removed at once (1.15)")

    def validate_map(self, spaces: dict[str, dict], fault) -> None:
        return None  # the marker totals are counted with Available's markers (validate_extra)

    def validate_extra(self, p: dict, fault) -> None:
        raw = p.get("spaces")
        spaces = {sid: x for sid, x in raw.items() if sid in B.NAME and isinstance(x, dict)} \
            if isinstance(raw, dict) else {}
        marks = p.get("markers_available", {})
        if not isinstance(marks, dict):
            fault("markers_available", f"must be an object of {', '.join(B.POOLED)} to counts")
            marks = {}
        for m, v in marks.items():
            if m not in B.POOLED:
                fault(f"markers_available.{str(m)[:40]}", f"unknown marker; Available markers are "
                                                          f"{', '.join(B.POOLED)} (Kempeitai are never Available, 1.9 NOTE)")
            elif not is_count(v):
                fault(f"markers_available.{m}", f"must be a whole number from 0, not {v!r}")
        davis, out = p.get("davis", 0), p.get("kempeitai_out", 0)
        for key, v in (("davis", davis), ("kempeitai_out", out)):
            if not is_count(v):
                fault(key, f"must be a whole number from 0, not {v!r}")
        if p.get("davis_by") is not None and (p["davis_by"] not in RULES.factions or not davis):
            fault("davis_by", "the faction that executed John Davis (british or japanese), given only while a Force "
                              "136 marker is on the card (J25)")
        for m, total in B.MARKER_TOTALS.items():
            n = sum(x.get(m, 0) for x in spaces.values() if is_count(x.get(m, 0)))
            n += marks.get(m, 0) if is_count(marks.get(m, 0)) else 0
            n += davis if m == "force_136" and is_count(davis) else 0
            n += out if m == "kempeitai" and is_count(out) else 0
            if n != total:
                where = "markers_available" if m in B.POOLED else "spaces"
                fault(where, f"{B.MARKER_LABEL[m]}s: {n} counted on the map, Available, on John Davis (J25) and out "
                             f"of the game (J29), but the game has {total} (1.2)")
        rails = p.get("railways", {})
        if not isinstance(rails, dict):
            fault("railways", "must be an object of Railway ids to Sabotage markers")
            rails = {}
        for r, v in rails.items():
            if r not in B.RAILWAYS:
                fault(f"railways.{str(r)[:40]}", f"unknown Railway; the Railways are {', '.join(B.RAILWAYS)} (1.3.6)")
            elif not is_count(v):
                fault(f"railways.{r}", f"must be a whole number from 0, not {v!r}")
        used = sum(v for r, v in rails.items() if r in B.RAILWAYS and is_count(v))
        used += sum(x.get("terror", 0) for x in spaces.values() if is_count(x.get("terror", 0)))
        if used > B.SABOTAGE_TERROR:
            fault("railways", f"{used} Sabotage and Terror markers on the map, but the game has {B.SABOTAGE_TERROR} "
                              "(1.2)")
        z, caches = p.get("zipper", 0), p.get("zipper_caches", [])
        if z not in B.ZIPPER_BOXES or isinstance(z, bool):
            fault("zipper", f"must be a box of the Operation Zipper Track, {', '.join(map(str, B.ZIPPER_BOXES))} (0 is "
                            "Delay) (6.7; ruling R-ZIPPER)")
            z = None
        opts = p.get("options") if isinstance(p.get("options"), dict) else {}
        rulings = opts.get("rulings") if isinstance(opts.get("rulings"), dict) else {}
        if not isinstance(rulings.get("R-ZIPPER"), str) or rulings["R-ZIPPER"] not in B.ZIPPER_CACHES:
            rulings = {}  # an unknown reading is the options' fault (validate_options): the default's boxes here
        starts = B.cache_boxes({"rulings": rulings})
        if not isinstance(caches, list) or any(not is_count(b) or b not in starts or (z is not None and b <= z)
                                               for b in caches) or len(set(caches)) != len(caches):
            fault("zipper_caches", f"the boxes still holding a Supply Cache: among {list(starts)}, each above the "
                                   "Zipper marker, once (6.7.2; ruling R-ZIPPER)")
        self._validate_intel(p, fault)
        self._validate_cards_held(p, fault)
        if "icons" in opts:
            try:
                check_icons(opts["icons"])
            except InvalidActionError as e:
                fault("options.icons", e.message)

    @staticmethod
    def _validate_cards_held(p: dict, fault) -> None:
        """J17's Troops, J14's Supply Cache, J25's Force 136 and J29's Kempeitai (:data:`CARD_HELD`): at most what
        the text moves, and only once the card is played (each card is played once, 2.1)."""
        c = p.get("cards")
        played = c.get("played") if isinstance(c, dict) else None
        played = played if isinstance(played, list) else []
        for key, (cid, most, what, rule) in CARD_HELD.items():
            n = p.get(key, 0)
            if not is_count(n) or not n:
                continue  # the form of a count is checked with the boxes and the markers
            if n > most:
                fault(key, f"{n} {what}, but the card moves {most} and is played once ({rule}; 2.1)")
            if cid not in played:
                fault(key, f"{what} only once {cid} {CARDS[cid]['title']} is played ({rule})")

    def validate_decision(self, p: dict, cards: dict, fault) -> None:
        """The series' checks, but the final round's Resistance Phase may start with three rounds counted: the
        MPAJA Phase counts the round, and the game ends only after the Resistance Phase (6.2.6). And the rounds
        counted are the Propaganda cards played (6.0: each card's round), less the current one's before its MPAJA
        Phase."""
        d = p.get("decision")
        rounds = p.get("propaganda_rounds", 0)
        mpaja = isinstance(d, dict) and d.get("at") == "propaganda" and d.get("phase") == "mpaja"
        if isinstance(d, dict) and d.get("at") == "propaganda" and d.get("phase") == "resistance" \
                and rounds == self.final_propaganda:
            p = {**p, "propaganda_rounds": self.final_propaganda - 1}
        super().validate_decision(p, cards, fault)
        if not is_count(rounds) or rounds > self.final_propaganda:
            return
        cards_played = sum(CARDS[cid]["kind"] == "propaganda" for cid in cards["played"])
        want = cards_played - 1 if mpaja else cards_played
        if rounds != want and want >= 0:
            fault("propaganda_rounds", f"{rounds} Propaganda Round{'s' if rounds != 1 else ''} counted, but "
                                       f"{cards_played} Propaganda card{'s' if cards_played != 1 else ''} played: a "
                                       f"round is counted as its MPAJA Phase begins, {want} here (6.0, 6.1)")

    @staticmethod
    def _intel_to_state(intel: dict | None) -> tuple[dict, dict]:
        """The chits of a file's ``intel`` as the state keeps them (intel_chits, 1.11): a revealed or seen chit
        with its value (a revealed one seen); a chit neither, concealed and unseen, its value (placed face down
        as the Example of Play does, 8.0 L1650) kept apart, hidden. No ``intel``: every chit face down."""
        if intel is None:
            return chits.fresh_intel(), {}
        out, face_down = {}, {}
        for sid in B.INTEL_SPACES:
            c = intel.get(sid, {})
            if c is None:
                out[sid] = None
            elif c.get("revealed") or c.get("seen"):
                out[sid] = {"revealed": bool(c.get("revealed")), "seen": True, "value": c.get("value")}
            else:
                out[sid] = chits.concealed_chit()
                if c.get("value") is not None:
                    face_down[sid] = c["value"]
        return out, face_down

    @staticmethod
    def _validate_intel(p: dict, fault) -> None:
        """``intel`` and ``intel_aside`` (1.11): each Intel space's chit ``{revealed, seen, value}`` or null while
        J20 holds it aside; a revealed or seen chit with its value; the values known no more than the nine chits
        (three each of 0, 1, 2); as many chits set aside as spaces without one (J20, 6.6)."""
        intel, aside = p.get("intel"), p.get("intel_aside", [])
        if not isinstance(aside, list) or not all(_chit_value(v) for v in aside):
            fault("intel_aside", "must be a list of Intel values (0, 1 or 2) set aside by J20 (1.11)")
            aside = []
        if intel is None:
            intel = {}
        elif not isinstance(intel, dict):
            fault("intel", "must be an object of the Provinces and Kuala Lumpur to their chits (1.11)")
            return
        values = Counter(aside)
        for sid, c in intel.items():
            where = f"intel.{str(sid)[:40]}"
            if sid not in B.INTEL_SPACES:
                fault(where, f"only the Provinces and Kuala Lumpur hold an Intel chit (1.11), not {str(sid)[:40]!r}")
                continue
            if c is None:
                continue
            if not isinstance(c, dict) or set(c) - {"revealed", "seen", "value"}:
                fault(where, "a chit is {revealed, seen, value} or null (1.11)")
                continue
            for k in ("revealed", "seen"):
                if k in c and not isinstance(c[k], bool):
                    fault(f"{where}.{k}", f"true or false, not {c[k]!r} (1.11)")
            v = c.get("value")
            if v is not None and not _chit_value(v):
                fault(f"{where}.value", f"an Intel chit is worth 0, 1 or 2, not {v!r} (1.11)")
                continue
            if (c.get("revealed") or c.get("seen")) and v is None:
                fault(f"{where}.value", "a revealed or seen chit has its value (1.11)")
            if c.get("revealed") is True and c.get("seen") is False:
                fault(f"{where}.seen", "a revealed chit is seen: both players see its value (1.11)")
            if v is not None:
                values[v] += 1
        if values - Counter(B.INTEL_CHITS):
            fault("intel", f"the Intel values {dict(sorted(values.items()))} (on the map and set aside) are more than "
                           "the nine chits, three each of 0, 1, 2 (1.11)")
        gone = [sid for sid, c in intel.items() if c is None and sid in B.INTEL_SPACES]
        if len(gone) != len(aside):
            fault("intel_aside", f"{len(aside)} chit{'s' if len(aside) != 1 else ''} set aside, but "
                                 f"{len(gone)} space{'s' if len(gone) != 1 else ''} without one "
                                 f"({', '.join(gone) or 'none'}): J20 sets aside the chit it takes from the map, "
                                 "until the Reset deals them all again (J20, 6.6)")


def _chit_value(v) -> bool:
    """An Intel chit's value: 0, 1 or 2 (1.11), not a bool."""
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 2

POSITION = JapaneseOccupationPosition()
