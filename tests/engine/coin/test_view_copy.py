"""A view is built without copying the state (issue 23, item 6): a new dict whose values are the state's own,
so it is read-only and describes the position until the next action. These tests hold it to that contract
(DESIGN.md section 3, hidden information):

- over many random positions of every British Way game, for every role and the public, the view is the
  same, key order included, as one built the old way (a deep copy of each visible key);
- it holds no list or dict of what is hidden (the deck, the set-aside cards, the procedure stack), and the
  values a game hides part of (Arab Revolt's cups) are new;
- everything that reads a view to show it (the HTTP answer's JSON, the text board, the SVG board of the
  page and the PDFs, the mail's position text, the facts) leaves the state exactly as it was.
"""

from __future__ import annotations

import contextlib
import json
import sys

import pytest

import engine
from engine.coin import deck
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.playout import choose
from mail.compose import view_text
from service.reports.board import load_layout, render_board_svg
from service.textboard import render_text

SEEDS = range(8)


def _view_module(slug: str):
    return sys.modules[engine.definition(slug).view.__module__]


#: The games whose view is built on ``engine.coin.view.base_view`` (the British Way games).
SLUGS = [g["slug"] for g in engine.games() if hasattr(_view_module(g["slug"]), "base_view")]


def _old_base_view(state: dict, role: str, cards: dict[str, dict]) -> dict:
    """``engine.coin.view.base_view`` as it was: every visible key deep-copied through bytes."""
    # (the deck's kept sizes, engine.coin.deck.keep_sizes, are recomputed below as the old view did)
    v = {k: canonical.copy(val) for k, val in state.items() if k not in ("deck", "unused", "flow", *deck.SIZE_KEYS)}
    d = state["deck"]
    if isinstance(d, list):  # a game stored before issue 22
        v["deck_size"], v["unused_count"] = len(d), len(state.get("unused", []))
    else:
        size = sum(n for group in d["groups"] for n in group["slots"].values())
        v["deck_size"], v["unused_count"] = size, len({c for pool in d["pools"].values() for c in pool}) - size
    v["role"] = role
    cur = state.get("current")
    v["current_card"] = {"id": cur, **{k: cards[cur][k] for k in ("title", "kind")}} if cur else None
    return v


@contextlib.contextmanager
def _old_way(slug: str):
    """The game's view built on the old ``base_view`` while inside."""
    module = _view_module(slug)
    new, module.base_view = module.base_view, _old_base_view
    try:
        yield
    finally:
        module.base_view = new


def _containers(x, out: dict[int, object]) -> dict[int, object]:
    """Every list and dict in *x*, by id (the objects are kept, so no id is reused while they are)."""
    if isinstance(x, dict):
        out[id(x)] = x
        for v in x.values():
            _containers(v, out)
    elif isinstance(x, list):
        out[id(x)] = x
        for v in x:
            _containers(v, out)
    return out


def _positions(slug: str):
    """Every position of random games of *slug* (the uniform policy of the fuzz test and the benchmark)."""
    for seed in SEEDS:
        state = engine.setup(slug, "standard", {}, SeededChance(seed, context="setup"))
        picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
        yield state
        while not engine.outcome(state):
            role = engine.active_roles(state)[0]
            engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picker), dice)
            yield state


@pytest.mark.parametrize("slug", SLUGS)
def test_view_is_the_old_deep_copy_and_holds_nothing_hidden(slug):
    roles = [*engine.definition(slug).roles, "public"]
    n = 0
    for state in _positions(slug):
        hidden = _containers({k: state[k] for k in ("deck", "unused", "flow") if k in state}, {})
        for role in roles:
            v = engine.view(state, role)
            with _old_way(slug):
                old = engine.view(state, role)
            assert json.dumps(v) == json.dumps(old), (slug, state["seq"], role)  # content and key order
            assert not set(_containers(v, {})) & set(hidden), f"{slug} seq {state['seq']}: a hidden container"
            n += 1
    assert n > 1000


def test_a_value_the_view_hides_part_of_is_new():
    """Arab Revolt's cups: the view shows the pool's size, never the pool, and a new dict for each cup."""
    state = next(s for s in _positions("arab-revolt") if s["seq"] > 20)
    v = engine.view(state, "rebels")
    for cup in ("punishment", "ops"):
        assert "pool" not in v[cup] and v[cup]["pool_size"] == len(state[cup]["pool"])
        assert v[cup] is not state[cup] and "pool" in state[cup]


@pytest.mark.parametrize("slug", SLUGS)
def test_everything_that_shows_a_view_leaves_the_state_as_it_was(slug):
    defn = engine.definition(slug)
    layout = load_layout(slug)
    n = 0
    for state in _positions(slug):
        if state["seq"] % 7:
            continue
        before = canonical.dumps(state)
        for role in [*defn.roles, "public"]:
            v = engine.view(state, role)
            json.dumps(v)
            engine.facts(v)
            render_text({"id": "g1", "game": slug}, v)
            view_text("g1", v)
            if layout is not None:
                render_board_svg(v, layout, {**defn.names, "game": defn.title}, tooltips=True)
                render_board_svg(v, layout, {**defn.names, "game": defn.title}, tooltips=False, header=False,
                                 paper=True)
            assert canonical.dumps(state) == before, (slug, state["seq"], role)
            n += 1
    assert n > 50


@pytest.mark.parametrize("slug", SLUGS)
def test_each_space_holds_only_counts(slug):
    """What lets the board and the views treat a space as a flat record of counts (engine.coin.board)."""
    for state in _positions(slug):
        for sid, x in state["spaces"].items():
            assert all(type(n) is int for n in x.values()), (slug, state["seq"], sid, x)
