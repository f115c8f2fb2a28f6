"""Position files of The British Way games (the format is documented in docs/positions.md).

A position is a JSON object that states a game as a rulebook's setup or a mid-game position states it: the
pieces in each space (two-state pieces by side, Underground/Active), Available and the boxes (Prison...),
the tracks, the chits, the Initiative Track, the cards (played, current, those put on top of the deck), the
Capabilities and lasting effects, the Propaganda Rounds run, and the decision the game starts at::

    {"format": "umpire-position/1", "game": "palestine", "scenario": "standard",
     "spaces": {"galilee": {"cells_u": 1, "troops": 2}, ...}, "available": {...}, "prison": 0, ...,
     "tracks": {"political_will": 18, "haganah": 4}, "chits": {...},
     "initiative": {"eligible": ["irgun", "british"], "boxes": {"limited": null, "event": null, "opsa": null}},
     "cards": {"played": [], "current": null, "top": []}, "capabilities": {}, "momentum": {},
     "propaganda_rounds": 0, "decision": {"at": "card"}}

Decisions (``decision``):

- ``{"at": "card"}``: the next card of the deck is revealed (``cards.top[0]``, or ``decision.card``, else a
  card drawn from the deck as the rules reveal it, 2.2) and its turns begin (or its Propaganda Round, 2.4).
- ``{"at": "turn", "faction": F}``: an Eligible faction's choice on the current Event card: the 1st Eligible
  choosing its box, the 2nd Eligible once the 1st holds a box (2.3.2), or, if F's cylinder is already in a
  box, F acting in it (Operation, Event or Pass).
- ``{"at": "propaganda", "phase": P}``: the start of phase P of the current Propaganda card's round (6.0).

The draw deck is not stated card by card: it follows from the scenario's Deck Preparation (2.1) and the
cards played, in order (each played card took its place in the deck as engine.coin.deck draws it), with
the cards ``top`` put on top of it in that order (``engine.coin.deck.stack``). A deck that cannot be said so
(changed by hand) is stated whole as ``cards.deck``, in the stored format (groups and pools).

:class:`CoinPosition` is the shared part; each game subclasses it (``engine/games/<slug>/position.py``) for
its boxes, tracks, chits and lasting effects. Every fault :meth:`CoinPosition.validate` finds is a
:class:`Fault`: its own message with the JSON path of the field and the rule it rests on. Building a state
(:meth:`CoinPosition.build`) writes the engine's frames itself; the automatic steps run to reach the
decision are the caller's ``settle`` (``engine.api.start`` returns their log).
"""

from __future__ import annotations

from typing import Any

from ..core import canonical
from ..core.chance import Recorder
from ..core.errors import InvalidActionError
from ..core.flow import Context
from . import deck as D
from .deck import put_on_top  # tests import it from here too
from .position_checks import (  # noqa: F401  (the games and engine.api import these names from here)
    DECISIONS,
    FORMAT,
    DeckError,
    Fault,
    PositionChecks,
    PositionError,
    is_count,
    ordinal,
    path_of,
)
from .sequence import BOXES


class NoDice:
    """The chance source of a position built without one: a stated card may be revealed, but a die or a draw
    the automatic steps need is refused, naming it."""

    def _refuse(self, label: str):
        raise InvalidActionError(f"reaching the position's decision needs chance ({label}): give a chance source")

    def roll(self, sides: int, label: str) -> int:
        self._refuse(label)

    def draw(self, items: list, label: str) -> int:
        self._refuse(label)

    def shuffle(self, items: list, label: str) -> list:
        self._refuse(label)


def track_value(state: dict, key: str):
    """The value of a track's state *key* (``pw``, or ``resources.british`` inside ``resources``)."""
    top, _, inner = key.partition(".")
    return state[top][inner] if inner else state[top]


class CoinPosition(PositionChecks):
    """The position files of one British Way game; a game subclasses it and sets the class attributes."""

    slug = ""
    #: the game's ``CoinRules`` (factions, board, cards, the hooks of the sequence).
    rules: Any = None
    #: card id -> card data (``kind``, ``single``, ``capability``...).
    cards: dict[str, dict] = {}
    #: the counter mix: piece -> how many the game has (1.2).
    totals: dict[str, int] = {}
    #: the game's setup function (``scenario, options, ctx -> state``), for the rulebook's positions.
    setup: Any = None
    #: scenario -> its deck before any card is drawn (2.1, 8.0).
    decks: Any = None
    #: the rulings (for the ``rulings`` option).
    rulings: list = []
    #: game options a position may carry.
    options: tuple[str, ...] = ("map", "rulings")
    #: position track name -> (state key, lowest, highest, rule); a key ``resources.british`` names a value
    #: inside a top-level dict of the state (Malaya's Resources, 1.8).
    tracks: dict[str, tuple[str, int, int, str]] = {}
    #: position phase name -> (index in the game's Propaganda Round script, rule).
    phases: dict[str, tuple[int, str]] = {}
    #: the Propaganda Round that ends the game (6.1.4 / 6.1.6).
    final_propaganda = 3
    #: rule numbers the messages cite: mix, available, stacking, curfew, deck, eligibility, boxes, capability...
    rule: dict[str, str] = {}
    #: box -> how the messages say where its pieces are ("in Prison").
    box_names: dict[str, str] = {"prison": "in Prison"}
    #: top-level fields of the format besides the common ones (the game's boxes, chits, extras).
    extra_fields: tuple[str, ...] = ()

    COMMON = ("format", "game", "scenario", "options", "spaces", "available", "tracks", "chits", "initiative",
              "cards", "capabilities", "momentum", "propaganda_rounds", "decision")

    # ----------------------------------------------------------------------------------------- reading

    @property
    def board(self):
        return self.rules.board

    @property
    def factions(self) -> tuple[str, ...]:
        return self.rules.factions

    def label(self, piece: str, n: int | None = None) -> str:
        lab = self.board.pieces[piece].label
        return lab if n == 1 else lab + "s"

    # ---------------------------------------------------------------------------------- state -> position

    def rulebook(self, scenario: str = "standard") -> dict:
        """The position of the rulebook's setup (2.1; 8.0 for the Example of Play): before the first card,
        which the deck reveals (``decision`` ``card``)."""
        g = Context({"flow": []}, Recorder(NoDice()), self.rules)
        state = self.setup(scenario, {}, g)
        return self.to_position(state, {"at": "card"})

    def to_position(self, state: dict, decision: dict | None = None) -> dict:
        """The position of *state*, waiting at a decision a position can state (see the module).

        With *decision*, that decision is written instead and the state's frames are not read (a test builder
        describing a state it then changes).

        :raises InvalidActionError: the game is over, or waits at a decision no position can state (inside an
            Operation, an Event, after a die in a Propaganda phase...).
        """
        if state.get("outcome"):
            raise InvalidActionError("the game is over: a position states a decision to start from")
        body = self.body(state)
        if decision is not None:
            body["decision"] = canonical.copy(decision)
            return body
        body["decision"] = self.decision_of(state)
        rebuilt = None
        try:
            from ..api import start
            rebuilt = start(self.slug, body["scenario"], {"position": body}, NoDice()).state
        except InvalidActionError:
            pass
        if rebuilt is None or not self.same(rebuilt, state):
            top = state["flow"][-1] if state["flow"] else {}
            raise InvalidActionError(
                f"the game waits for {top.get('role', 'nobody')} in {top.get('p', 'no procedure')}: a position can "
                "state only the start of a card, an Eligible faction's choice on a card, or the start of a "
                "Propaganda phase")
        return body

    @staticmethod
    def same(a: dict, b: dict) -> bool:
        """Whether two states are the same position (their ``seq`` aside, and a result an ended procedure
        left in the card round's frame, which the round never reads)."""
        def flow(s):
            return [{k: v for k, v in f.items() if not (k == "ret" and f.get("p") == "coin.round")}
                    for f in s.get("flow") or []]
        keys = (set(a) | set(b)) - {"seq", "flow"}
        return flow(a) == flow(b) and all(canonical.dumps(a.get(k)) == canonical.dumps(b.get(k)) for k in keys)

    def body(self, state: dict) -> dict:
        """Everything of a position but its decision."""
        out: dict[str, Any] = {"format": FORMAT, "game": self.slug, "scenario": state.get("scenario", "standard")}
        opts = {k: v for k, v in (state.get("options") or {}).items() if k != "position"}
        if opts:
            out["options"] = canonical.copy(opts)
        out["spaces"] = {sid: {k: n for k, n in x.items() if n} for sid, x in state["spaces"].items()
                         if any(x.values())}
        out["available"] = dict(state["available"])
        for box in self.board.boxes:
            out[box] = canonical.copy(state[box])
        out["tracks"] = {name: track_value(state, key) for name, (key, *_rest) in self.tracks.items()}
        self.extra_to_position(state, out)
        out["chits"] = self.chits_to_position(state)
        out["initiative"] = {"eligible": list(state["eligible"]), "boxes": dict(state["boxes"])}
        out["cards"] = self.cards_to_position(state)
        out["capabilities"] = dict(state["capabilities"])
        out["momentum"] = self.momentum_to_position(state)
        out["propaganda_rounds"] = state["propaganda"]
        return out

    def decision_of(self, state: dict) -> dict:
        """The decision the state's frames wait at, read from their shape (checked by rebuilding it)."""
        flow = state["flow"]
        round_ = flow[0] if flow else {}
        if round_.get("p") != "coin.round":
            raise InvalidActionError("the game has no card round under way: no position can state it")
        stage = round_.get("stage")
        if stage in ("after-first", "after-second") and len(flow) >= 2 and flow[1].get("p") == "coin.turn":
            return {"at": "turn", "faction": flow[1]["role"]}
        if stage == "after-propaganda" and len(flow) >= 2:
            pc = flow[1].get("pc", 0)
            for name, (index, _rule) in self.phases.items():
                if index == pc - 1:
                    return {"at": "propaganda", "phase": name}
        top = flow[-1]
        raise InvalidActionError(f"the game waits for {top.get('role')} in {top.get('p')}: a position can state "
                                 "only the start of a card, an Eligible faction's choice on a card, or the start "
                                 "of a Propaganda phase")

    def cards_to_position(self, state: dict) -> dict:
        played = list(state["played"])
        out: dict[str, Any] = {"played": played, "current": state["current"]}
        if D.is_legacy(state):
            raise InvalidActionError("this game stores its deck in order (a game made before decks were kept as counts of cards left): a position cannot state that order")
        try:
            base = self.replay(state.get("scenario", "standard"), played)
        except DeckError:
            base = None
        if base is not None:
            # The deck is the scenario's after the cards played, with the leading one-card groups put on top.
            groups = state["deck"]["groups"]
            top: list[str] = []
            for k in range(len(groups) + 1):
                if k:
                    if not self._single(state["deck"], groups[k - 1]):
                        break
                    top.append(next(iter(groups[k - 1]["slots"])))
                trial = {"deck": canonical.copy(base)}
                try:
                    put_on_top(trial, *top)
                except ValueError:
                    break
                if canonical.dumps(trial["deck"]) == canonical.dumps(state["deck"]):
                    out["top"] = top
                    return out
        out["deck"] = canonical.copy(state["deck"])
        return out

    @staticmethod
    def _single(deck: dict, group: dict) -> bool:
        """A group of one card whose pool holds only that card (a card put on top, an Example of Play's)."""
        slots = group["slots"]
        if len(slots) != 1:
            return False
        cid, n = next(iter(slots.items()))
        return n == 1 and deck["pools"].get(cid) == [cid]

    # ------------------------------------------------------------------------------------------ the deck

    def replay(self, scenario: str, played: list[str]) -> dict:
        """The scenario's deck after *played* were revealed from it in that order (as ``deck.draw_top`` takes
        them). :raises DeckError: naming the first card the deck could not have revealed there."""
        deck = canonical.copy(self.decks(scenario))
        for i, cid in enumerate(played):
            if not deck["groups"]:
                raise DeckError(i, f"{cid} cannot be the {ordinal(i + 1)} card revealed: the {scenario} deck has "
                                 f"only {i} cards ({self.rule['deck']})")
            group = deck["groups"][0]
            pool = next((p for p in group["slots"] if cid in deck["pools"].get(p, ())), None)
            if pool is None:
                kinds = ", ".join(f"{n} from {'the Events' if p == D.EVENTS else 'the Propaganda cards' if p == D.PROPAGANDA else p}"
                                  for p, n in sorted(group["slots"].items()))
                raise DeckError(i, f"{cid} cannot be the {ordinal(i + 1)} card revealed: it comes from {group['name']} "
                                 f"of the {scenario} deck, which holds {kinds} ({self.rule['deck']})")
            deck["pools"][pool].remove(cid)
            D.drop_slot(deck, group, pool)
        return deck

    # --------------------------------------------------------------------------------- position -> state

    def from_position(self, p: dict, chance=None) -> dict:
        """The state of position *p*, at its decision (the automatic steps run with *chance*).

        :raises PositionError: every fault of *p*; InvalidActionError: a die or draw needed without *chance*.
        """
        return self.start(p, chance).state

    def start(self, p: dict, chance=None):
        """:meth:`from_position` as an ``engine.api.Step``: the state, and the log and chance outcomes of the
        automatic steps run to reach the decision (a card revealed, a Mandatory Event, a Propaganda phase)."""
        from ..api import start
        scenario = p.get("scenario", "standard") if isinstance(p, dict) else "standard"
        if not isinstance(scenario, str):
            scenario = "standard"  # the validation names the fault
        return start(self.slug, scenario if scenario in self.decks_known() else "standard", {"position": p},
                     chance or NoDice())

    def decks_known(self) -> tuple[str, ...]:
        from ..core.game import REGISTRY
        return tuple(REGISTRY[self.slug].scenarios)

    def build(self, p: dict, g: Context, scenario: str, options: dict) -> dict:
        """The state of position *p*, its frames pushed on *g* (``g.s`` becomes it); the caller settles.

        :raises PositionError: every fault of *p*.
        """
        faults = self.validate(p)
        if faults:
            raise PositionError(faults)
        from ..core.game import REGISTRY
        b = self.board
        spaces = {sid: b.empty_space() for sid in b.spaces}
        for sid, x in p["spaces"].items():
            spaces[sid].update(x)
        state: dict[str, Any] = {
            "game": self.slug, "scenario": scenario, "options": options,
            "rules_version": REGISTRY[self.slug].rules_version, "seq": 0,
            "spaces": spaces, "available": {piece: p["available"].get(piece, 0) for piece in b.pieces},
        }
        for box, accepts in b.boxes.items():
            val = p.get(box, 0 if len(accepts) == 1 else {})
            state[box] = val if len(accepts) == 1 else {a: val.get(a, 0) for a in accepts}
        for name, (key, *_rest) in self.tracks.items():
            top, _, inner = key.partition(".")
            if inner:
                state.setdefault(top, {})[inner] = p["tracks"][name]
            else:
                state[key] = p["tracks"][name]
        self.extra_to_state(p, state)
        self.chits_to_state(p, state)
        c = p["cards"]
        if "deck" in c:
            state["deck"] = canonical.copy(c["deck"])
        else:
            state["deck"] = self.replay(scenario, c.get("played", []))
            if c.get("top"):
                put_on_top(state, *c["top"])
        D.keep_sizes(state)  # the sizes every view shows (2.1, 2.2), which the position file does not state
        ini = p["initiative"]
        state.update({"played": list(c.get("played", [])), "current": c.get("current"),
                      "eligible": list(ini["eligible"]),
                      "boxes": {bx: ini.get("boxes", {}).get(bx) for bx in BOXES},
                      "capabilities": dict(p.get("capabilities", {})), "flags": {},
                      "propaganda": p.get("propaganda_rounds", 0), "outcome": None, "flow": []})
        self.momentum_to_state(p, state)
        if "map" in options:
            state["map"] = b.map_option(options["map"])
        g.s = state
        self.push(p["decision"], g)
        return state

    def push(self, d: dict, g: Context) -> None:
        """The frames of decision *d* (see the module): what the card round would hold there."""
        s = g.s
        base = self.factions[0]  # the round's frame keeps the role setup gave it (the 1st faction)
        if d["at"] == "card":
            if d.get("card"):
                put_on_top(s, d["card"])
            g.call("coin.round", base, stage="reveal")
            return
        if d["at"] == "propaganda":
            g.call("coin.round", base, stage="after-propaganda")
            g.rules.start_propaganda(g)
            index = self.phases[d["phase"]][0]
            if index:
                g.top()["pc"] = index
            return
        f = d["faction"]
        first = s["eligible"][0] == f
        self.on_turn_card(g)
        g.call("coin.round", base, stage="after-first" if first else "after-second")
        own = next((b for b, who in s["boxes"].items() if who == f), None)
        if own:
            frame = g.call("coin.turn", f, stage="act", box=own)
            if g.rules.must_pass(g, f):
                frame["forced_pass"] = True
        else:
            g.call("coin.turn", f, stage="box")
            self.before_turn(g, f)

    def on_turn_card(self, g: Context) -> None:
        """What holds while the current Event card's turns are under way (Arab Revolt: a Mandatory Event)."""
        return None

    def before_turn(self, g: Context, faction: str) -> None:
        """A turn begins with a box to choose: the game's step before it (Arab Revolt's Operations chit)."""
        g.rules.before_turn(g, faction)

    # ---------------------------------------------------------------- the game's own fields (overridden)

    #: space markers that stay when a test builder clears the map (engine.testing.Position.clear).
    lasting_markers: tuple[str, ...] = ()

    def set_track(self, p: dict, name: str, value: int) -> None:
        """Sets track *name* of position *p* (engine.testing); a game moves the pieces the track holds."""
        p.setdefault("tracks", {})[name] = value

    def before_decision(self, p: dict) -> None:
        """Tidies what a new decision of *p* leaves behind (engine.testing): Arab Revolt's drawn chits."""
        return None

    def extra_to_position(self, state: dict, out: dict) -> None:
        return None

    def extra_to_state(self, p: dict, state: dict) -> None:
        return None

    def chits_to_position(self, state: dict) -> dict:
        return {}

    def chits_to_state(self, p: dict, state: dict) -> None:
        return None

    def momentum_to_position(self, state: dict) -> dict:
        return {}

    def momentum_to_state(self, p: dict, state: dict) -> None:
        return None
