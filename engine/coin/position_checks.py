"""Checking a position file of The British Way games before it is used (docs/positions.md):
every fault at once, each a :class:`Fault` with the JSON path of the field and the rule it rests on.

:class:`PositionChecks` is the validating half of :class:`engine.coin.position.CoinPosition` (which reads
and writes positions); a game's subclass overrides the hooks (``validate_extra``, ``validate_chits``,
``validate_momentum``...) for its own boxes, tracks and chits.
"""

from __future__ import annotations

from typing import Any

from ..core import ruling_choice
from ..core.errors import InvalidActionError
from . import deck as D
from .sequence import BOX_NAMES, BOXES

FORMAT = "umpire-position/1"
DECISIONS = ("card", "turn", "propaganda")


class Fault(str):
    """One fault of a position: ``"path: message"``, with ``path`` (the JSON path of the field, dotted, list
    items as ``[i]``) and ``message`` (what is wrong, with the rule)."""

    path: str
    message: str

    def __new__(cls, path: str, message: str):
        f = super().__new__(cls, f"{path}: {message}" if path else message)
        f.path = path
        f.message = message
        return f

    def to_dict(self) -> dict:
        return {"path": self.path, "message": self.message}


class PositionError(InvalidActionError):
    """A position refused: every fault is in ``faults`` (and listed in the message)."""

    def __init__(self, faults: list[Fault]):
        n = len(faults)
        super().__init__(f"the position is not valid ({n} fault{'s' if n != 1 else ''}): " + "; ".join(faults))
        self.faults = list(faults)

    def to_dict(self) -> dict:
        out = super().to_dict()
        out["faults"] = [f.to_dict() for f in self.faults]
        return out


#: Keys of a space that hold a level, not a count (engine.coin.support: below 0 toward Opposition); the game
#: checks their range (``validate_space``).
LEVEL_KEYS = frozenset({"support"})


def is_count(v: Any) -> bool:
    """A whole number from 0 (not a bool)."""
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class DeckError(ValueError):
    """A card the deck could not have revealed where the position plays it; ``index`` in ``cards.played``."""

    def __init__(self, index: int, message: str):
        super().__init__(message)
        self.index = index


def path_of(*parts) -> str:
    out = ""
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        else:
            out += f".{p}" if out else str(p)
    return out


class PositionChecks:
    """Every check of a position (see the module); the game's facts (``cards``, ``totals``, ``tracks``,
    ``phases``, ``rule``...) are the attributes of :class:`engine.coin.position.CoinPosition`."""

    #: How the messages name a kind of space where "a <Kind> space" does not read right (Malaya's "an
    #: Economic Center").
    kind_names: dict[str, str] = {}

    # ----------------------------------------------------------------------------------------- validation

    def validate(self, p: Any) -> list[Fault]:
        """Every fault of position *p* (an empty list: *p* is valid). Never raises on a malformed *p*."""
        faults: list[Fault] = []

        def fault(path: str, message: str) -> None:
            faults.append(Fault(path, message))

        if not isinstance(p, dict):
            return [Fault("", "a position is a JSON object (docs/positions.md)")]
        if p.get("format") != FORMAT:
            fault("format", f"must be {FORMAT!r}, not {p.get('format')!r}")
        if p.get("game") != self.slug:
            fault("game", f"this is a position of {self.slug!r}, not {p.get('game')!r}")
        known = set(self.COMMON) | set(self.extra_fields) | set(self.board.boxes)
        for k in sorted(set(p) - known, key=str):
            fault(str(k)[:60], f"unknown field; a {self.slug} position has: {', '.join(sorted(known))}")
        from ..core.game import REGISTRY
        defn = REGISTRY.get(self.slug)
        scenarios = defn.scenarios if defn else {"standard": ""}
        scenario = p.get("scenario", "standard")
        if not isinstance(scenario, str) or scenario not in scenarios:
            fault("scenario", f"unknown scenario {scenario!r}; scenarios are: {', '.join(scenarios)}")
            scenario = None
        self.validate_options(p, fault)
        self.validate_pieces(p, fault)
        self.validate_tracks(p, fault)
        self.validate_extra(p, fault)
        self.validate_chits(p, fault)
        cards = self.validate_cards(p, scenario, fault)
        self.validate_capabilities(p, fault)
        self.validate_momentum(p, fault)
        self.validate_decision(p, cards, fault)
        return faults

    def validate_options(self, p: dict, fault) -> None:
        opts = p.get("options", {})
        if not isinstance(opts, dict):
            fault("options", "must be an object of game options (map, rulings)")
            return
        for k in opts:
            if k not in self.options:
                fault(path_of("options", str(k)[:60]), f"unknown option; a position may carry: {', '.join(self.options)}")
        if "map" in opts:
            try:
                self.board.map_option(opts["map"])
            except InvalidActionError as e:
                fault("options.map", e.message)
        if "rulings" in opts:
            try:
                ruling_choice.check(self.rulings, opts["rulings"])
            except InvalidActionError as e:
                fault("options.rulings", e.message)

    def _counts(self, p: dict, name: str, fault, keys, what: str) -> dict:
        """The object *name* of counts by key (each a whole number from 0); faults for anything else. A negative
        whole number is kept (and named), so the totals say what the file holds."""
        val = p.get(name)
        if not isinstance(val, dict):
            fault(name, f"must be an object of {what} to counts")
            return {}
        out = {}
        for k, v in val.items():
            if k not in keys:
                fault(path_of(name, str(k)[:60]), f"unknown {what[:-1] if what.endswith('s') else what}; "
                                                  f"they are: {', '.join(keys)}")
            elif not is_count(v):
                fault(path_of(name, k), f"must be a whole number from 0, not {v!r}")
                if isinstance(v, int) and not isinstance(v, bool):
                    out[k] = v
            else:
                out[k] = v
        return out

    def box_counts(self, p: dict, fault) -> dict[str, dict[str, int]]:
        """Each box's pieces: box -> piece -> count (a box of one kind is a number in the file)."""
        out: dict[str, dict[str, int]] = {}
        for box, accepts in self.board.boxes.items():
            val = p.get(box, 0 if len(accepts) == 1 else {})
            if len(accepts) == 1:
                if not is_count(val):
                    fault(box, f"must be a whole number from 0 ({self.label(accepts[0])}), not {val!r}")
                    val = 0
                out[box] = {accepts[0]: val}
            else:
                if not isinstance(val, dict):
                    fault(box, f"must be an object of {', '.join(accepts)} to counts")
                    val = {}
                counts = {}
                for k, v in val.items():
                    if k not in accepts:
                        fault(path_of(box, str(k)[:60]), f"the {box.replace('_', ' ')} box holds only "
                                                         f"{', '.join(accepts)} ({self.rule['boxes']})")
                    elif not is_count(v):
                        fault(path_of(box, k), f"must be a whole number from 0, not {v!r}")
                    else:
                        counts[k] = v
                out[box] = counts
        return out

    def held_elsewhere(self, p: dict, fault) -> dict[str, list[tuple[str, int]]]:
        """Pieces a game holds off the map besides Available and the boxes: piece -> [(where, n)]."""
        return {}

    def validate_pieces(self, p: dict, fault) -> None:
        b = self.board
        spaces = p.get("spaces")
        on_map: dict[str, list[tuple[str, int]]] = {piece: [] for piece in b.pieces}
        keys = list(b.piece_of_key) + list(b.markers)
        if not isinstance(spaces, dict):
            fault("spaces", "must be an object of space ids to their pieces and markers")
            spaces = {}
        good: dict[str, dict] = {}
        for sid, x in spaces.items():
            where = path_of("spaces", str(sid)[:60])
            if sid not in b.names:
                fault(where, f"unknown space; spaces are: {', '.join(b.spaces)}")
                continue
            if not isinstance(x, dict):
                fault(where, "must be an object of pieces and markers to counts")
                continue
            counts = {}
            for k, v in x.items():
                if k not in keys:
                    fault(path_of(where, str(k)[:60]), f"unknown piece or marker; they are: {', '.join(keys)}")
                elif k in LEVEL_KEYS:
                    if not isinstance(v, int) or isinstance(v, bool):
                        fault(path_of(where, k), f"must be a whole number (below 0 toward Opposition), not {v!r}")
                    else:
                        counts[k] = v
                elif not is_count(v):
                    fault(path_of(where, k), f"must be a whole number from 0, not {v!r}")
                else:
                    counts[k] = v
            good[sid] = counts
            for k, v in counts.items():
                if k in b.piece_of_key and v:
                    on_map[b.piece_of_key[k]].append((sid, v))
            self.validate_space(sid, {**b.empty_space(), **counts}, where, fault)
        self.validate_map(good, fault)
        avail = self._counts(p, "available", fault, list(b.pieces), "pieces")
        boxes = self.box_counts(p, fault)
        extra = self.held_elsewhere(p, fault)
        for piece, total in self.totals.items():
            n_map = sum(n for _s, n in on_map[piece])
            parts = [f"{n_map} on the map"]
            held = n_map
            n_avail = avail.get(piece, 0)
            parts.append(f"{n_avail} Available")
            held += n_avail
            for box, counts in boxes.items():
                if piece in counts and counts[piece]:
                    parts.append(f"{counts[piece]} {self.box_names.get(box, 'in ' + box)}")
                    held += counts[piece]
            for where, n in extra.get(piece, []):
                if n:
                    parts.append(f"{n} {where}")
                    held += n
            if held != total:
                spread = ", ".join(f"{sid} {n}" for sid, n in on_map[piece])
                fault(path_of("available", piece),
                      f"{self.label(piece)}: {', '.join(parts)} make {held}, but the game has {total} "
                      f"({self.rule['mix']}){'; on the map: ' + spread if spread else ''}")

    def validate_space(self, sid: str, x: dict, where: str, fault) -> None:
        """Stacking (1.4.2) and where each piece may be; a game adds its markers' rules."""
        b = self.board
        kind = b.kind[sid]
        for piece in b.pieces.values():
            n = sum(x[k] for k in piece.keys)
            if not n:
                continue
            key = path_of(where, piece.keys[0] if x[piece.keys[0]] else piece.keys[-1])
            if kind in piece.never_in:
                fault(key, f"{self.label(piece.name)} may never occupy "
                           f"{self.kind_names.get(kind, f'a {kind.title()} space')} ({self.rule['stacking']})")
            elif piece.stack is not None and n > piece.stack:
                fault(key, f"{n} {self.label(piece.name)} in {b.names[sid]}, but at most {piece.stack} may occupy "
                           f"a space ({self.rule['stacking']})")
        if "curfew" in x and x["curfew"]:
            if x["curfew"] > 1:
                fault(path_of(where, "curfew"), f"at most one Curfew per space ({self.rule['curfew']})")
            elif kind not in b.curfew_kinds:
                fault(path_of(where, "curfew"), f"a Curfew may be only in a {' or '.join(k.title() for k in b.curfew_kinds)} "
                                                f"space ({self.rule['curfew']})")
            elif not b.british(x):
                fault(path_of(where, "curfew"), f"a Curfew in a space with no British piece is removed at once "
                                                f"({self.rule['curfew']})")

    def validate_map(self, spaces: dict[str, dict], fault) -> None:
        """Limits over the whole map (markers in the countermix, 1.2)."""
        n = sum(x.get("curfew", 0) for x in spaces.values())
        if n > self.board.curfews:
            fault("spaces", f"{n} Curfews on the map, but the British have {self.board.curfews} ({self.rule['curfew']})")

    def validate_tracks(self, p: dict, fault) -> None:
        t = p.get("tracks")
        if not isinstance(t, dict):
            fault("tracks", f"must be an object with {', '.join(self.tracks)}")
            return
        for k in t:
            if k not in self.tracks:
                fault(path_of("tracks", str(k)[:60]), f"unknown track; tracks are: {', '.join(self.tracks)}")
        for name, (_key, lo, hi, rule) in self.tracks.items():
            v = t.get(name)
            if name not in t:
                fault(path_of("tracks", name), f"missing ({lo} to {hi}, {rule})")
            elif not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
                fault(path_of("tracks", name), f"{v!r} is off the track: {lo} to {hi} ({rule})")

    def validate_extra(self, p: dict, fault) -> None:
        return None

    def validate_chits(self, p: dict, fault) -> None:
        return None

    def validate_momentum(self, p: dict, fault) -> None:
        m = p.get("momentum", {})
        if not isinstance(m, dict):
            fault("momentum", "must be an object")
        elif m:
            for k in m:
                fault(path_of("momentum", str(k)[:60]), f"{self.slug} has no lasting effect {k!r}")

    def _distinct_cards(self, ids: list, key: str, seen: set[str], fault, twice: str) -> bool:
        """Checks the card ids of ``cards.<key>``, each known and not in *seen* (which it extends)."""
        good = True
        for i, cid in enumerate(ids):
            if not self._card_id(cid, path_of("cards", key, i), fault):
                good = False
            elif cid in seen:
                fault(path_of("cards", key, i), f"{cid} {twice}")
                good = False
            else:
                seen.add(cid)
        return good

    def _card_id(self, cid: Any, where: str, fault) -> bool:
        if not isinstance(cid, str) or cid not in self.cards:
            ids = list(self.cards)
            fault(where, f"unknown card {cid!r}; cards are {ids[0]} to {ids[-1]}")
            return False
        return True

    def validate_cards(self, p: dict, scenario: str | None, fault) -> dict:
        """Checks ``cards``; returns what the decision checks need: ``current``, ``played``, ``size`` (cards
        left in the deck, or None if unknown), ``left`` (the cards not revealed)."""
        out: dict[str, Any] = {"current": None, "played": [], "size": None, "left": set()}
        c = p.get("cards")
        if not isinstance(c, dict):
            fault("cards", "must be an object with played, current and top")
            return out
        for k in c:
            if k not in ("played", "current", "top", "deck"):
                fault(path_of("cards", str(k)[:60]), "unknown field; cards has played, current, top (or deck)")
        played = c.get("played", [])
        if not isinstance(played, list):
            fault("cards.played", "must be a list of card ids, oldest first")
            played = []
        seen: set[str] = set()
        good = self._distinct_cards(played, "played", seen, fault, "is played twice")
        current = c.get("current")
        want = played[-1] if played and isinstance(played[-1], str) else None
        if current is not None and not self._card_id(current, "cards.current", fault):
            good = False
        elif current != want and (want is None or want in self.cards):
            fault("cards.current", f"the current card is the last card played ({want!r}), not {current!r} "
                                   f"({self.rule['start']})")
        out["current"] = current if isinstance(current, str) and current in self.cards else None
        out["played"] = [cid for cid in played if isinstance(cid, str) and cid in self.cards]
        top = c.get("top", [])
        if "deck" in c and "top" in c:
            fault("cards.top", "with a deck stated whole, the cards on top are its first groups")
        if not isinstance(top, list):
            fault("cards.top", "must be a list of card ids, the next card first")
            top = []
        good = self._distinct_cards(top, "top", seen, fault, "is played already, or twice on top") and good
        if "deck" in c:
            deck = self._validate_deck(c["deck"], seen, fault)
            if deck is not None:
                out["size"] = D.size({"deck": deck})
                out["left"] = D.remaining({"deck": deck})
            return out
        if not good or scenario is None:
            return out
        try:
            deck = self.replay(scenario, out["played"])
        except DeckError as e:
            fault(path_of("cards", "played", e.index), str(e))
            return out
        state = {"deck": deck}
        try:
            D.put_on_top(state, *top)
        except ValueError as e:
            fault("cards.top", str(e))
            return out
        out["size"] = D.size(state)
        out["left"] = D.remaining(state)
        return out

    def _validate_deck(self, deck: Any, seen: set[str], fault) -> dict | None:
        where = "cards.deck"
        if not isinstance(deck, dict) or not isinstance(deck.get("groups"), list) \
                or not isinstance(deck.get("pools"), dict) or set(deck) != {"groups", "pools"}:
            fault(where, "must be {groups: [{name, slots: {pool: count}}], pools: {pool: [card ids]}} "
                         "(engine.coin.deck)")
            return None
        ok = True
        need: dict[str, int] = {}
        for i, g in enumerate(deck["groups"]):
            gp = path_of(where, "groups", i)
            if not isinstance(g, dict) or set(g) != {"name", "slots"} or not isinstance(g["name"], str) \
                    or not isinstance(g["slots"], dict) or not g["slots"]:
                fault(gp, "must be {name, slots: {pool: count}}")
                ok = False
                continue
            for pool, n in g["slots"].items():
                if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                    fault(path_of(gp, "slots", str(pool)[:60]), f"must be a count from 1, not {n!r}")
                    ok = False
                elif pool not in deck["pools"]:
                    fault(path_of(gp, "slots", str(pool)[:60]), "names no pool of the deck")
                    ok = False
                else:
                    need[pool] = need.get(pool, 0) + n
        for pool, cids in deck["pools"].items():
            pp = path_of(where, "pools", str(pool)[:60])
            if not isinstance(cids, list):
                fault(pp, "must be a list of card ids")
                ok = False
                continue
            for j, cid in enumerate(cids):
                if not self._card_id(cid, path_of(pp, j), fault):
                    ok = False
                elif cid in seen:
                    fault(path_of(pp, j), f"{cid} is played already, or in two pools")
                    ok = False
                else:
                    seen.add(cid)
            if len(cids) < need.get(pool, 0):
                fault(pp, f"{len(cids)} cards cannot fill the {need[pool]} places the groups give it")
                ok = False
        missing = sorted(set(self.cards) - seen, key=D._key)
        if missing and ok:
            fault(where, f"every card is played, in the deck or set aside in a pool: missing {', '.join(missing)} "
                         f"({self.rule['deck']})")
            ok = False
        return deck if ok else None

    def validate_capabilities(self, p: dict, fault) -> None:
        caps = p.get("capabilities", {})
        if not isinstance(caps, dict):
            fault("capabilities", "must be an object of Capability card ids to the side in effect")
            return
        for cid, side in caps.items():
            where = path_of("capabilities", str(cid)[:60])
            card = self.cards.get(cid)
            if card is None or not card.get("capability"):
                names = ", ".join(c for c, d in self.cards.items() if d.get("capability"))
                fault(where, f"{cid!r} is not a Capability card; they are: {names} ({self.rule['capability']})")
                continue
            sides = ("event",) if card.get("single") else ("unshaded", "shaded")
            if side not in sides:
                fault(where, f"{cid} is in effect {' or '.join(sides)}, not {side!r} ({self.rule['capability']})")

    def _boxes(self, p: dict, fault) -> tuple[list[str] | None, dict[str, str | None]]:
        ini = p.get("initiative")
        if not isinstance(ini, dict):
            fault("initiative", "must be {eligible: [1st, 2nd], boxes: {limited, event, opsa}}")
            return None, {}
        for k in ini:
            if k not in ("eligible", "boxes"):
                fault(path_of("initiative", str(k)[:60]), "unknown field; initiative has eligible and boxes")
        el = ini.get("eligible")
        if not isinstance(el, list) or sorted(map(str, el)) != sorted(self.factions):
            fault("initiative.eligible", f"must name the factions once each, the 1st Eligible first: "
                                         f"{list(self.factions)} in some order ({self.rule['eligibility']})")
            el = None
        boxes = ini.get("boxes", {b: None for b in BOXES})
        good: dict[str, str | None] = {b: None for b in BOXES}
        if not isinstance(boxes, dict):
            fault("initiative.boxes", f"must be an object of {', '.join(BOXES)} to a faction or null")
            return el, good
        holders: dict[str, str] = {}
        for b, who in boxes.items():
            where = path_of("initiative", "boxes", str(b)[:60])
            if b not in BOXES:
                fault(where, f"unknown box; the Initiative Track's boxes are {', '.join(BOXES)} ({self.rule['boxes']})")
            elif who is not None and (not isinstance(who, str) or who not in self.factions):
                fault(where, f"{who!r} is no faction; a box holds {' or '.join(self.factions)}, or null")
            elif who in holders:
                fault(where, f"{who}'s cylinder is in the {BOX_NAMES[holders[who]]} box already ({self.rule['boxes']})")
            else:
                good[b] = who
                if who:
                    holders[who] = b
        return el, good

    def validate_decision(self, p: dict, cards: dict, fault) -> None:
        eligible, boxes = self._boxes(p, fault)
        rounds = p.get("propaganda_rounds", 0)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds < self.final_propaganda:
            fault("propaganda_rounds", f"{rounds!r}: 0 to {self.final_propaganda - 1} Propaganda Rounds run (the "
                                       f"{ordinal(self.final_propaganda)} ends the game, {self.rule['final']})")
            rounds = None
        d = p.get("decision")
        if not isinstance(d, dict) or d.get("at") not in DECISIONS:
            fault("decision.at" if isinstance(d, dict) else "decision",
                  f"the decision is at one of: {', '.join(DECISIONS)} (docs/positions.md)")
            return
        allowed = {"card": {"at", "card"}, "turn": {"at", "faction"}, "propaganda": {"at", "phase"}}[d["at"]]
        for k in d:
            if k not in allowed:
                fault(path_of("decision", str(k)[:60]), f"a {d['at']} decision has only {', '.join(sorted(allowed))}")
        current = cards["current"]
        card = self.cards.get(current) if current else None
        held = {who: b for b, who in boxes.items() if who}
        at = d["at"]
        if at in ("card", "propaganda") and held:
            b = next(iter(held.values()))
            fault(path_of("initiative", "boxes", b), f"at the start of a card or a Propaganda Round the cylinders "
                                                     f"are on the Eligible spaces, not in a box ({self.rule['adjust']})")
        if at == "card":
            cid = d.get("card")
            if cid is not None and self._card_id(cid, "decision.card", fault):
                if cid in cards["played"]:
                    fault("decision.card", f"{cid} is played already")
                elif cards["size"] is not None and cid not in cards["left"]:
                    fault("decision.card", f"{cid} is not in the deck")
            elif cards["size"] == 0:
                fault("decision", f"the deck is empty: no card to reveal ({self.rule['final']})")
            return
        if at == "turn":
            f = d.get("faction")
            if not isinstance(f, str) or f not in self.factions:
                fault("decision.faction", f"{f!r} is no faction; factions are {', '.join(self.factions)}")
                return
            if card is None or card["kind"] != "event":
                fault("decision", f"an Eligible faction chooses on an Event card; the current card is "
                                  f"{current or 'none'} ({self.rule['start']}, 2.4)")
                return
            if eligible is None:
                return
            first, second = eligible
            if f == first and second in held:
                fault("decision.faction", f"{f} is 1st Eligible but {second} (2nd Eligible) holds the "
                                          f"{BOX_NAMES[held[second]]} box: the 1st chooses first ({self.rule['boxes']})")
            if f == second and first not in held:
                fault("decision.faction", f"{f} is 2nd Eligible: {first} (1st Eligible) must hold a box first "
                                          f"({self.rule['boxes']})")
            closed = self.closed_boxes(current)
            for b in closed:
                if boxes.get(b):
                    fault(path_of("initiative", "boxes", b), f"the {BOX_NAMES[b]} box is closed on {current} "
                                                             f"({self.rule.get('mandatory', '')})")
            return
        phase = d.get("phase")
        if not isinstance(phase, str) or phase not in self.phases:
            fault("decision.phase", f"{phase!r} is no phase of the Propaganda Round; phases are: "
                                    f"{', '.join(self.phases)} ({self.rule['propaganda']})")
            return
        if card is None or card["kind"] != "propaganda":
            fault("decision", f"a Propaganda phase needs a Propaganda card current, not {current or 'none'} "
                              f"({self.rule['propaganda']})")
        if rounds is not None and self.phases[phase][0] > 0 and rounds < 1:
            fault("propaganda_rounds", f"past its {self.rule.get('first_phase', 'Political Will')} phase this "
                                       f"round counts: at least 1 "
                                       f"({self.rule['propaganda']})")
        t = p.get("tracks")
        if self.phases[phase][0] > 0 and isinstance(t, dict) and t.get("political_will") == 0:
            fault("tracks.political_will", f"0 after the Political Will phase: the game would be over "
                                           f"({self.rule['victory']})")

    def closed_boxes(self, current: str | None) -> tuple[str, ...]:
        """Boxes closed on the current card when its turns are under way (Arab Revolt's 5.4)."""
        return ()

