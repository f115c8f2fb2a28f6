"""Test helpers for Japanese Occupation (issue 30): a Context built by hand (tests/engine/coin_helpers.py), with
the game's procedures and the COIN layer's, around a state from
:func:`engine.games.japanese_occupation.setup.initial_state`; a position built on an empty map; the driver the
tests give their orders with (``coin_helpers.Driver``: as ``engine.api`` applies them, the invariants checked
after each order)."""

from __future__ import annotations

import re

from engine.coin import deck
from engine.core import notation
from engine.core.chance import Chance, Recorder, ScriptedChance
from engine.core.flow import Context
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation.data import CARDS
from engine.games.japanese_occupation.events import EVENTS
from engine.games.japanese_occupation.invariants import invariants
from engine.games.japanese_occupation.operation import ACTIVITIES, OP_FACTION, new_op_frame
from engine.games.japanese_occupation.rules import RULES
from engine.games.japanese_occupation.setup import initial_state
from engine.testing import begin

from ..coin_helpers import Driver, HandBuilt, texts  # noqa: F401

HAND = HandBuilt("japanese_occupation", initial_state, invariants)
PROCS = HAND.procs
fresh, check, planted = HAND.fresh, HAND.check, HAND.planted
DRIVE = Driver(check)
do, refused, legal, prompt_text, role, proc, over, said, finish = (
    DRIVE.do, DRIVE.refused, DRIVE.legal, DRIVE.prompt_text, DRIVE.role, DRIVE.proc, DRIVE.over, DRIVE.said,
    DRIVE.finish)

#: The markers a space holds.
MARKERS = B.MARKERS
#: The 3 Kempeitai markers are never Available (1.9 NOTE): :func:`pos` keeps them all on the map.
KEMPEITAI = 3


def empty(g: Context) -> Context:
    """Every piece and marker of the map back to Available (Kempeitai kept aside: they are never Available, so
    :func:`put` places them from nothing), every space Neutral, no Terror, no Sabotage (a position built, no
    log)."""
    for x in g.s["spaces"].values():
        for key, piece in B.BOARD.piece_of_key.items():
            g.s["available"][piece] += x[key]
            x[key] = 0
        for m in B.POOLED:
            g.s["available"][m] += x[m]
            x[m] = 0
        x["opposition"] = x["terror"] = x["kempeitai"] = 0
    g.s["railways"] = dict.fromkeys(B.RAILWAYS, 0)
    return g


def put(g: Context, sid: str, **counts) -> Context:
    """Moves pieces and markers from Available into *sid* (troops, police, mpaja_u, mpaja_a, non_mpaja_u,
    non_mpaja_a, caches; jungle_camp, force_136, new_village) and sets its other markers (opposition, terror,
    kempeitai), as a position is built: no rule is applied, no log."""
    x = g.s["spaces"][sid]
    for key, n in counts.items():
        if key in ("opposition", "terror", "kempeitai"):
            x[key] = n
            continue
        piece = B.BOARD.piece_of_key.get(key, key)
        if g.s["available"][piece] < n:
            raise ValueError(f"not enough {piece} Available to put {n} in {sid}")
        g.s["available"][piece] -= n
        x[key] += n
    return g


def at_card(g: Context, cid: str) -> Context:
    """Card *cid* is the one being played (2.2): out of the deck, played and current (a position built)."""
    assert deck.take(g.s, cid), f"{cid} is not in the deck"
    g.s["played"].append(cid)
    g.s["current"] = cid
    return g


def on_setup(rolls=(), draws=(), chance: Chance | None = None, scenario: str = "standard",
             options: dict | None = None) -> Context:
    """A Context with the game's rules around the setup; the dice give *rolls* and draws *draws* (Intel values
    as they are revealed), in order and no more, unless *chance* is given."""
    source = chance if chance is not None else ScriptedChance(rolls=list(rolls), draws=list(draws))
    return Context(fresh(scenario, options), Recorder(source), RULES, PROCS)


def position(resistance: int = 2, resources: int = 0, zipper: int = 0, sabotage: dict | None = None,
             intel: dict | None = None, rolls=(), draws=(), played=(), capabilities: dict | None = None,
             rulings: dict | None = None, chance: Chance | None = None, **spaces) -> Context:
    """A Context with the game's rules on an empty map holding *spaces* (space ids with underscores as keyword
    names, each a dict for :func:`put`), the tracks, *sabotage* (Railway -> markers), *intel* (space -> value
    revealed face up), the cards *played* before (none current), the Capabilities in play and the umpire's
    *rulings*; the dice give *rolls* and the draws *draws*, in order and no more, unless *chance* is given.
    The Zipper track keeps the Supply Caches of the boxes above *zipper*; those below go to Available. The
    invariants hold."""
    g = empty(on_setup(rolls, draws, chance))
    s = g.s
    if rulings:
        s["rulings"] = dict(rulings)
        s["zipper_caches"] = list(B.cache_boxes(s))  # the boxes the umpire's reading of R-ZIPPER starts
    s["resistance"], s["resources"], s["zipper"] = resistance, resources, zipper
    for b in list(s["zipper_caches"]):
        if b <= zipper:
            s["zipper_caches"].remove(b)
            s["available"]["caches"] += 1
    for sid, counts in spaces.items():
        put(g, sid.replace("_", "-"), **counts)
    # Kempeitai are never Available (1.9 NOTE): those the position does not place are out of the game, as
    # after J29 unshaded, so that the three are counted.
    s["kempeitai_out"] = B.MARKER_TOTALS["kempeitai"] - B.markers_on_map(s, "kempeitai")
    for rid, n in (sabotage or {}).items():
        s["railways"][rid] = n
    for sid, v in (intel or {}).items():
        s["intel"][sid] = {"revealed": True, "seen": True, "value": v}
    for cid in played:
        assert deck.take(s, cid), f"{cid} is not in the deck"
        s["played"].append(cid)
    s["capabilities"] = dict(capabilities or {})
    check(s)
    return g


def start(g: Context, op: str, limited: bool = False, with_sa: bool = False, role: str | None = None,
          frame: dict | None = None, **flags) -> Context:
    """Pushes the frame of Operation *op* on an empty flow for *role* (default: the Operation's faction), an
    Operation's (``new_op_frame`` with *flags*) or *frame*, and settles."""
    local = frame if frame is not None else new_op_frame(g, op, limited, with_sa, **flags)
    begin(g, f"jo.op.{op}", role or OP_FACTION[op], **local)
    check(g.s)
    return g


def start_sa(g: Context, name: str, role: str | None = None, **frame) -> Context:
    """Pushes the frame of Special Activity *name* for *role* (default: its faction) with *frame* (an
    Operation's ``parent_op`` or an Event's or phase's ``rule``, ``max``, ``only``) and settles."""
    g.call(f"jo.sa.{name}", role or ACTIVITIES.sa_faction[name], **frame)
    g.settle()
    check(g.s)
    return g


def execute(g: Context, cid: str, side: str, faction: str = "british") -> Context:
    """*faction* executes the *side* text of *cid* as the Event box starts it, *cid* made current first."""
    if g.s["current"] != cid:
        at_card(g, cid)
    assert side in EVENTS.sides(g, faction, CARDS[cid])
    EVENTS.start(g, faction, CARDS[cid], side)
    g.settle()
    check(g.s)
    return g


def sp(g: Context, sid: str) -> dict:
    return g.s["spaces"][sid]


def pieces(g: Context, sid: str) -> dict:
    """The non-zero counts of *sid* (pieces and markers)."""
    return {k: v for k, v in sp(g, sid).items() if v}


def pos(**kw) -> Context:
    """:func:`position` with the Kempeitai the spaces do not hold put in Kuala Lumpur (1.2: all 3 are
    somewhere)."""
    held = sum(v.get("kempeitai", 0) for v in kw.values() if isinstance(v, dict))
    if held < KEMPEITAI:
        kl = dict(kw.get("kuala_lumpur", {}))
        kl["kempeitai"] = kl.get("kempeitai", 0) + KEMPEITAI - held
        kw["kuala_lumpur"] = kl
    return position(**kw)


def offers_only_legal(g: Context) -> dict:
    """The prompt's text names no order word of the game after "(" or "or " that is not legal now (the fuzz
    rule); returns the legal orders."""
    words = notation.verbs_of(("engine.games.japanese_occupation", "engine.coin"))
    text, ok = prompt_text(g), legal(g)
    found = re.findall(r"\(([a-z-]+)\b", text) + re.findall(r"\bor \(?([a-z-]+)\b", text)
    stray = {w for w in found if w in words and w not in ok}
    assert not stray, (stray, text, ok)
    return ok


def sides(g: Context, cid: str, faction: str = "british") -> list[str]:
    """The texts of card *cid* *faction* may execute now (5.2, 5.1.3)."""
    return EVENTS.sides(g, faction, CARDS[cid])


def capability_in_play(cid: str, side: str, faction: str) -> None:
    """Either faction may execute either text of Capability *cid* (5.3: the labels are flavour); it stays in
    effect."""
    g = position()
    assert sides(g, cid, faction) == ["unshaded", "shaded"]
    execute(g, cid, side, faction)
    assert g.s["capabilities"] == {cid: side}
    assert f"put {cid} in play, {side}, as a Capability" in said(g)
    assert over(g)
