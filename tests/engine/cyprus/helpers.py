"""Test helpers for Cyprus (issue 29): a Context built by hand (tests/engine/coin_helpers.py), with Cyprus's
procedures and the COIN layer's, around a state from :func:`engine.games.cyprus.setup.initial_state`; a
position built on an empty map; and the one driver the tests give their orders with, as ``engine.api`` applies
them (checked against the prompt's legal actions, refused with the procedure's reason, ``act`` and ``settle``),
the invariants checked after each order. Every helper leaves the state for the invariants to check."""

from __future__ import annotations

from engine.coin import deck
from engine.core.chance import Chance, Recorder, ScriptedChance
from engine.core.flow import Context
from engine.games.cyprus import board as B
from engine.games.cyprus.data import CARDS
from engine.games.cyprus.events import EVENTS
from engine.games.cyprus.invariants import invariants
from engine.games.cyprus.operation import OP_FACTION, SA_FACTION, new_op_frame
from engine.games.cyprus.rules import RULES
from engine.games.cyprus.setup import initial_state
from engine.testing import begin

from ..coin_helpers import Driver, HandBuilt, texts  # noqa: F401  (texts: the Cyprus tests import it from here)

HAND = HandBuilt("cyprus", initial_state, invariants)
PROCS = HAND.procs
fresh, context, scripted, check, planted = HAND.fresh, HAND.context, HAND.scripted, HAND.check, HAND.planted

MARKERS = ("sabotage", "curfew")
#: A Cyprus space with nothing in it: its forces and markers at 0.
ZERO = {"troops": 0, "police": 0, "cells_u": 0, "cells_a": 0, "caches": 0, "sabotage": 0, "curfew": 0}


# -- building a position ----------------------------------------------------------------------------------------

def empty(g: Context) -> Context:
    """Every piece of the map back to Available and no marker on the map (the position is built, not played:
    no log)."""
    for x in g.s["spaces"].values():
        for key, piece in B.BOARD.piece_of_key.items():
            g.s["available"][piece] += x[key]
            x[key] = 0
        for m in MARKERS:
            x[m] = 0
    return g


def put(g: Context, sid: str, **counts) -> Context:
    """Moves pieces from Available into *sid* (troops, police, cells_u, cells_a, caches) and sets its markers
    (sabotage, curfew), as a position is built: no rule is applied, no log."""
    x = g.s["spaces"][sid]
    for key, n in counts.items():
        if key in MARKERS:
            x[key] = n
            continue
        piece = B.BOARD.piece_of_key[key]
        if g.s["available"][piece] < n:
            raise ValueError(f"not enough {piece} Available to put {n} in {sid}")
        g.s["available"][piece] -= n
        x[key] += n
    return g


def hold(g: Context, *values: int) -> None:
    """The British take Intel Chits of *values* from the bag into their hand (a position built, no log)."""
    intel = g.s["intel"]
    for v in values:
        intel["bag"].remove(v)
        intel["held"].append(v)
    intel["held"].sort()


def make_current(s: dict, cid: str) -> None:
    """Card *cid* is the one being played (2.2): out of the deck, played and current (a position built)."""
    assert deck.take(s, cid), f"{cid} is not in the deck"
    s["played"].append(cid)
    s["current"] = cid


def at_card(g: Context, cid: str) -> Context:
    """:func:`make_current` in *g*'s state."""
    make_current(g.s, cid)
    return g


def on_setup(rolls=(), draws=(), chance: Chance | None = None) -> Context:
    """A Context with Cyprus's rules around the standard setup; the dice give *rolls* and the bag *draws*
    (chit values), in order and no more, unless *chance* is given."""
    source = chance if chance is not None else ScriptedChance(rolls=list(rolls), draws=list(draws))
    return Context(fresh(), Recorder(source), RULES, PROCS)


def position(pw: int = 10, io: int = 2, prison: int = 0, chits=(), rolls=(), draws=(), played=(),
             capabilities: dict | None = None, rulings: dict | None = None, chance: Chance | None = None,
             **spaces) -> Context:
    """A Context with Cyprus's rules on an empty map holding *spaces* (space ids as keyword names, each a dict
    of pieces and markers for :func:`put`), Political Will *pw*, International Opinion *io*, *prison* Cells in
    Prison (from Available), the British holding Intel Chits of values *chits*, the cards *played* before (in
    order, none current), the Capabilities in play and the umpire's *rulings*; the dice give *rolls* and the
    bag *draws* (chit values), in order and no more, unless *chance* is given. The invariants hold."""
    g = empty(on_setup(rolls, draws, chance))
    s = g.s
    for sid, counts in spaces.items():
        put(g, sid, **counts)
    s["available"]["cells"] -= prison
    s["prison"] = prison
    s["pw"], s["io"] = pw, io
    hold(g, *chits)
    for cid in played:
        assert deck.take(s, cid), f"{cid} is not in the deck"
        s["played"].append(cid)
    s["capabilities"] = dict(capabilities or {})
    if rulings:
        s["rulings"] = dict(rulings)
    check(s)
    return g


def space(**pieces) -> dict:
    """A whole space's counts: *pieces*, the rest 0 (to compare with :func:`sp`)."""
    return {**ZERO, **pieces}


# -- starting an Operation, a Special Activity or an Event ------------------------------------------------------

def start(g: Context, op: str, limited: bool = False, with_sa: bool = False, role: str | None = None,
          frame: dict | None = None, **flags) -> Context:
    """Pushes the frame of Operation *op* on an empty flow for *role* (default: the Operation's faction), an
    Operation's (:func:`engine.games.cyprus.operation.new_op_frame` with *flags*) or *frame* (an Event's), and
    settles."""
    local = frame if frame is not None else new_op_frame(g, op, limited, with_sa, **flags)
    begin(g, f"cy.op.{op}", role or OP_FACTION[op], **local)
    check(g.s)
    return g


def start_sa(g: Context, name: str, role: str | None = None, **frame) -> Context:
    """Pushes the frame of Special Activity *name* for *role* (default: its faction) with *frame* (an
    Operation's ``parent_op`` or an Event's flags) and settles."""
    g.call(f"cy.sa.{name}", role or SA_FACTION[name], **frame)
    g.settle()
    check(g.s)
    return g


def sides(g: Context, cid: str, faction: str = "british") -> list[str]:
    """The texts of *cid* the Event box would offer *faction* now (5.2, 5.1.3)."""
    return EVENTS.sides(g, faction, CARDS[cid])


def execute(g: Context, cid: str, side: str, faction: str = "british") -> Context:
    """*faction* executes the *side* text of *cid* as the Event box starts it (``EVENTS.start``), *cid* revealed
    as the current card first (2.2) unless it is already; the text must be one offered."""
    if g.s["current"] != cid:
        at_card(g, cid)
    assert side in sides(g, cid, faction)
    EVENTS.start(g, faction, CARDS[cid], side)
    g.settle()
    check(g.s)
    return g


# -- the driver and what the tests look at (tests/engine/coin_helpers.Driver) -----------------------------------

#: Orders given as ``engine.api`` applies them, the invariants checked after each; the prompt, the role, the log.
DRIVE = Driver(check)
do, refused, finish = DRIVE.do, DRIVE.refused, DRIVE.finish
legal, prompt_text, role, proc, over, said = DRIVE.legal, DRIVE.prompt_text, DRIVE.role, DRIVE.proc, DRIVE.over, DRIVE.said


def sp(g: Context, sid: str) -> dict:
    """Space *sid*'s counts and markers."""
    return g.s["spaces"][sid]
