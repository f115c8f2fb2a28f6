"""Tools for tests of any game: build positions, play scripted orders, fuzz.

Three things, each working through a game's definition only (``engine.definition(slug)``):

- :class:`Position`, a position builder. It starts from a game's rulebook setup (``Position("palestine")``),
  a position file (a dict, docs/positions.md) or a state (``Position(state)``, which it describes), takes
  changes by name (``clear``, ``put``, ``track``, ``chits``, ``capability``, ``turn``, ``card``,
  ``propaganda``...) and gives a valid state: :meth:`Position.state` validates the position (every fault
  raises :class:`engine.coin.position.PositionError`) and builds it with the game's own
  ``from_position``, which writes the engine's frames, so a test never writes ``state["flow"]``::

      s = (Position("palestine").clear().track(haganah=2, political_will=10)
           .put("galilee", troops=2, cells_u=1).turn("british", "P13").state())

- :func:`run`, a scripted runner: applies ``(role, action)`` pairs (or bare actions, for whoever must act)
  with a :class:`engine.core.chance.ScriptedChance`, checks every scripted die and draw was used, and
  returns the state and the log.

- :func:`waiting`, what a state waits at (the procedure, role and locals), for assertions.

- :func:`begin` and :func:`idle`, for a test of one procedure where no position file can state the decision
  (inside an Operation, a free Operation an Event grants, a Propaganda step started from its script): the
  procedure is pushed through ``Context.call`` with the locals it documents, and its automatic steps run; the
  stack is emptied first, or the procedure runs on top of what waits, as a nested one does.

- :func:`fuzz`, one random legal playout of a game (:func:`fuzz_all`: of every registered game,
  ``engine.games()``), checking after
  every step that the state round-trips through canonical JSON, that the game's ``invariants`` (its
  definition's) hold, and that nobody is left without a legal action.

Everything here is as pure as the engine: chance comes from the scripted or seeded sources.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import api
from .core import canonical
from .core.chance import ScriptedChance, SeededChance

__all__ = ["Position", "run", "waiting", "begin", "idle", "fuzz", "fuzz_all"]


class Position:
    """A position under construction (see the module). Every method returns the builder, so calls chain;
    ``position`` is the dict itself, for a change no method names."""

    def __init__(self, start: str | dict, scenario: str = "standard"):
        """*start*: a game's slug (its rulebook setup for *scenario*), a position dict, or a state."""
        if isinstance(start, str):
            self.game = start
            self.rules = api.definition(start).position
            self.position = self.rules.rulebook(scenario)
            return
        if not isinstance(start, dict) or "game" not in start:
            raise TypeError("a Position starts from a game's slug, a position dict or a state")
        self.game = start["game"]
        self.rules = api.definition(self.game).position
        if "flow" in start:  # a state: described as it stands, its decision kept where a position can say it
            try:
                decision = self.rules.decision_of(start)
            except Exception:  # noqa: BLE001 - waiting inside a procedure: the caller states the decision
                decision = {"at": "card"}
            self.position = self.rules.to_position(start, decision)
        else:
            self.position = canonical.copy(start)

    # -- pieces ----------------------------------------------------------------------------------------

    def _board(self):
        return self.rules.board

    def clear(self) -> Position:
        """Empties the map: every piece to Available, every marker off but those that stay (the Out of Play
        markers of Arab Revolt's Foreign Countries)."""
        b = self._board()
        avail = self.position["available"]
        keep = getattr(self.rules, "lasting_markers", ())
        spaces = {}
        for sid, x in self.position["spaces"].items():
            for key, n in x.items():
                if key in b.piece_of_key:
                    piece = b.piece_of_key[key]
                    avail[piece] = avail.get(piece, 0) + n
            kept = {k: n for k, n in x.items() if k in keep and n}
            if kept:
                spaces[sid] = kept
        self.position["spaces"] = spaces
        return self

    def put(self, space: str, **counts: int) -> Position:
        """Puts pieces in *space* from Available (``troops=2, cells_u=1``: a key of the space) and sets its
        markers (``curfew=1``). :raises ValueError: not enough Available."""
        b = self._board()
        x = self.position["spaces"].setdefault(space, {})
        for key, n in counts.items():
            if key in b.piece_of_key:
                piece = b.piece_of_key[key]
                have = self.position["available"].get(piece, 0)
                if have < n:
                    raise ValueError(f"not enough {piece} Available to put {n} in {space} ({have})")
                self.position["available"][piece] = have - n
                x[key] = x.get(key, 0) + n
            else:
                x[key] = n
            if not x[key]:
                del x[key]
        if not x:
            del self.position["spaces"][space]
        return self

    def take(self, space: str, **counts: int) -> Position:
        """Takes pieces from *space* back to Available."""
        b = self._board()
        x = self.position["spaces"].get(space, {})
        for key, n in counts.items():
            if x.get(key, 0) < n:
                raise ValueError(f"{space} holds {x.get(key, 0)} {key}, not {n}")
            x[key] -= n
            self.position["available"][b.piece_of_key[key]] += n
            if not x[key]:
                del x[key]
        return self

    def box(self, name: str, piece: str | None = None, n: int = 0) -> Position:
        """Moves *n* pieces (of *piece*, for a box of several kinds) from Available into box *name* (Prison,
        Out of Play...); a negative *n* moves them back."""
        accepts = self._board().boxes[name]
        piece = piece or accepts[0]
        if self.position["available"][piece] < n:
            raise ValueError(f"not enough {piece} Available to put {n} in {name}")
        self.position["available"][piece] -= n
        if len(accepts) == 1:
            self.position[name] = self.position.get(name, 0) + n
        else:
            box = self.position.setdefault(name, {})
            box[piece] = box.get(piece, 0) + n
        return self

    # -- tracks, chits, cards ------------------------------------------------------------------------

    def track(self, **values: int) -> Position:
        """Sets tracks by name (``political_will``, ``haganah``, ``unity``); a game moves the pieces a track
        holds with it (Palestine's Haganah boxes, 6.5.2)."""
        for name, v in values.items():
            self.rules.set_track(self.position, name, v)
        return self

    def chits(self, **fields: Any) -> Position:
        """Sets the game's chits by name (``intel=[0, 2]``; ``ops={"held": [3]}``: merged into the object)."""
        chits = self.position.setdefault("chits", {})
        for k, v in fields.items():
            if isinstance(v, dict) and isinstance(chits.get(k), dict):
                chits[k].update(canonical.copy(v))
            else:
                chits[k] = canonical.copy(v)
        return self

    def capability(self, cid: str, side: str = "unshaded") -> Position:
        self.position.setdefault("capabilities", {})[cid] = side
        return self

    def momentum(self, **effects: Any) -> Position:
        self.position.setdefault("momentum", {}).update(effects)
        return self

    def eligible(self, first: str) -> Position:
        """*first* 1st Eligible, the other faction 2nd; no cylinder in a box."""
        factions = list(self.rules.factions)
        factions.remove(first)
        self.position["initiative"] = {"eligible": [first, *factions], "boxes": {b: None for b in
                                                                              ("limited", "event", "opsa")}}
        return self

    def played(self, *cids: str) -> Position:
        """The cards played, oldest first (the last one current)."""
        self.position["cards"]["played"] = list(cids)
        self.position["cards"]["current"] = cids[-1] if cids else None
        return self

    def top(self, *cids: str) -> Position:
        """Cards put on top of the deck, the next one first (``engine.coin.deck.stack``)."""
        self.position["cards"]["top"] = list(cids)
        return self

    def rounds(self, n: int) -> Position:
        """The Propaganda Rounds run so far (their Political Will phase done)."""
        self.position["propaganda_rounds"] = n
        return self

    # -- the decision ---------------------------------------------------------------------------------

    def _current(self, cid: str | None) -> None:
        """Makes *cid* the current card: played last. Where the deck could not have given it there (a
        Propaganda card among a pile's first Events, 2.1), the Events the deck gives first are played
        before it (the lowest-numbered ones not named elsewhere in the position)."""
        if cid is None:
            return
        cards = self.position["cards"]
        if cards.get("current") == cid:
            return
        played = [c for c in cards.get("played", []) if c != cid]
        if cid in cards.get("top", []):
            cards["top"].remove(cid)
        from .coin import deck as D
        from .coin.position import DeckError
        scenario = self.position.get("scenario", "standard")
        named = set(played) | set(cards.get("top", [])) | set(self.position.get("capabilities", {})) | {cid}
        for _ in range(len(self.rules.cards)):
            try:
                left = self.rules.replay(scenario, played)
            except DeckError:
                break  # the cards played before are out of order already: validation says so
            group = left["groups"][0] if left["groups"] else None
            if group is None or any(cid in left["pools"].get(pool, ()) for pool in group["slots"]):
                break
            spare = sorted((c for pool in group["slots"] for c in left["pools"].get(pool, ()) if c not in named),
                           key=D._key)
            if not spare:
                break
            played.append(spare[0])
            named.add(spare[0])
        cards["played"] = played + [cid]
        cards["current"] = cid

    def turn(self, faction: str, cid: str | None = None, first: str | None = None) -> Position:
        """The decision: *faction*'s choice on Event card *cid* (made current; by default the current card).
        *first* (default *faction*) becomes 1st Eligible with the cylinders off the boxes, unless *faction*
        is left 2nd Eligible with the 1st's cylinder already in a box (then set the boxes by hand)."""
        self._current(cid)
        if first is not None or cid is not None:
            self.eligible(first or faction)
        self.position["decision"] = {"at": "turn", "faction": faction}
        self.rules.before_decision(self.position)
        return self

    def card(self, cid: str | None = None, first: str | None = None) -> Position:
        """The decision: the start of card *cid* (taken from the deck and revealed as the position is built;
        by default the deck's next card), with *first* 1st Eligible."""
        if first is not None:
            self.eligible(first)
        else:
            self.position["initiative"]["boxes"] = {b: None for b in ("limited", "event", "opsa")}
        cards = self.position["cards"]
        if cid is not None and cid in cards.get("played", []):
            cards["played"].remove(cid)
            cards["current"] = cards["played"][-1] if cards["played"] else None
        self.position["decision"] = {"at": "card", **({"card": cid} if cid else {})}
        self.rules.before_decision(self.position)
        return self

    def propaganda(self, phase: str = "political-will", cid: str | None = None) -> Position:
        """The decision: the start of *phase* of the Propaganda Round of card *cid* (made current)."""
        self._current(cid)
        self.position["initiative"]["boxes"] = {b: None for b in ("limited", "event", "opsa")}
        self.position["decision"] = {"at": "propaganda", "phase": phase}
        self.rules.before_decision(self.position)
        return self

    # -- results --------------------------------------------------------------------------------------

    def validate(self) -> list:
        return self.rules.validate(self.position)

    def start(self, rolls: Iterable[int] = (), draws: Iterable = (), chance=None):
        """The ``engine.api.Step`` of the built position: state, and the log of the automatic steps run to
        reach its decision. Scripted *rolls* and *draws* (all must be used), or a *chance* source."""
        scripted = ScriptedChance(rolls=rolls, draws=draws) if chance is None else None
        step = self.rules.start(canonical.copy(self.position), chance or scripted)
        if scripted is not None:
            assert not scripted.rolls, f"unused scripted dice {scripted.rolls}"
            assert not scripted.draws, f"unused scripted draws {scripted.draws}"
        return step

    def state(self, rolls: Iterable[int] = (), draws: Iterable = (), chance=None) -> dict:
        """The valid state of the position (see :meth:`start`)."""
        return self.start(rolls, draws, chance).state


def waiting(state: dict) -> dict:
    """What *state* waits at, for a test's assertions: the procedure (``p``), the ``role`` that decides and
    the procedure's locals (``max``, ``sa``, ``spaces``...), as a copy; empty when nothing is waited for.
    Tests read the decision through this, never ``state["flow"]`` itself."""
    flow = state.get("flow") or []
    return canonical.copy(flow[-1]) if flow else {}


def idle(g):
    """*g* (an ``engine.core.flow.Context``) with nothing waiting: its stack emptied, for a test that then runs
    one of the game's own starters (a Pass, a Propaganda phase, a Mandatory Event, ``CoinPosition.push``) as
    the engine runs it, with nothing below. Returns *g*."""
    g.s["flow"] = []
    return g


def begin(g, name: str, role: str, *, on_top: bool = False, settle: bool = True, **local: Any) -> dict:
    """Starts procedure *name* for *role* in *g* (an ``engine.core.flow.Context``) with the locals it documents
    (*local*): pushed through ``Context.call`` on an emptied stack (:func:`idle`), or, *on_top*, above what
    waits (a nested procedure, which returns to it when it ends); then its automatic steps are run
    (``Context.settle``) unless *settle* is false. Returns the procedure's frame."""
    if not on_top:
        idle(g)
    frame = g.call(name, role, **local)
    if settle:
        g.settle()
    return frame


def run(state: dict, orders: Iterable, rolls: Iterable[int] = (), draws: Iterable = (), chance=None,
        check=None) -> tuple[dict, list[dict]]:
    """Applies *orders* to a copy of *state*: each a ``(role, action)`` pair, or an action for whoever must act
    (``role`` None too). Chance is a ``ScriptedChance(rolls, draws)`` whose every die and draw must be used
    (or *chance*). ``check(state)`` runs at the end. Returns the new state and the log entries, in order.

    :raises EngineError: an order refused (the state given is unchanged).
    """
    scripted = ScriptedChance(rolls=rolls, draws=draws) if chance is None else None
    source = chance or scripted
    s = canonical.copy(state)
    log: list[dict] = []
    for order in orders:
        role, action = order if isinstance(order, tuple) else (None, order)
        role = role or api.active_roles(s)[0]
        log.extend(api.apply_in_place(s, role, action, source).log)
    if scripted is not None:
        assert not scripted.rolls, f"unused scripted dice {scripted.rolls}"
        assert not scripted.draws, f"unused scripted draws {scripted.draws}"
    if check:
        check(s)
    return s, log


def fuzz(game: str, seed: int, scenario: str | None = None, max_actions: int | None = None,
         positions: bool = False) -> int:
    """One random legal playout of *game* to its end; returns the number of actions. After every step: the
    state round-trips through canonical JSON, the definition's ``invariants`` (if set) hold, and a role may
    act until the game is over. With *positions*, every state a position can state is stated and rebuilt
    (``to_position`` then ``from_position`` gives the same state).

    :raises AssertionError: naming the game, seed, action count and what failed.
    """
    from .playout import choose

    defn = api.definition(game)
    limit = max_actions or defn.max_actions
    state = api.setup(game, scenario or defn.default_scenario(), {}, SeededChance(seed, context="setup"))
    picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
    n = 0
    where = f"{game} seed {seed}"
    while not api.outcome(state):
        roles = api.active_roles(state)
        legal = api.legal_actions(state, roles[0]) if roles else {}
        assert legal, f"{where}: dead end after {n} actions"
        if positions and defn.position is not None:
            _check_position(defn.position, state, f"{where}, action {n}")
        api.apply_in_place(state, roles[0], choose(legal, picker), dice)
        n += 1
        assert canonical.loads(canonical.dumps(state)) == state, f"{where}, action {n}: no JSON round trip"
        if defn.invariants:
            problems = defn.invariants(state)
            assert not problems, f"{where}, action {n}: {problems}"
        assert n < limit, f"{where}: no end after {n} actions"
    return n


def _check_position(rules, state: dict, where: str) -> None:
    from .core.errors import InvalidActionError
    try:
        p = rules.to_position(state)
    except InvalidActionError:
        return  # inside a procedure: no position states it
    assert not rules.validate(p), f"{where}: {rules.validate(p)}"
    again = rules.from_position(p)
    assert rules.same(again, state), f"{where}: the position does not rebuild the state"
    assert rules.to_position(again) == p, f"{where}: the position does not round-trip"


def fuzz_all(seed: int, max_actions: int | None = None, positions: bool = False) -> dict[str, int]:
    """:func:`fuzz` once for every registered game (``engine.games()``): slug -> number of actions."""
    return {g["slug"]: fuzz(g["slug"], seed, max_actions=max_actions, positions=positions) for g in api.games()}
