"""A view is built without copying the whole state (issue 23, item 6), yet it is what it was and nothing done
to it reaches the game (DESIGN.md section 3, hidden information).

Over many random positions of every game, for every role and the public: the view is the same, key order
included, as one built the old way (a deep copy of each visible key through ``canonical.copy``); no list or
dict of the view is one of the state's; and clearing everything in the view leaves the state as it was.
"""

from __future__ import annotations

import contextlib
import json
import sys

import pytest

import engine
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.playout import choose

SEEDS = range(12)


def _view_module(slug: str):
    return sys.modules[engine.definition(slug).view.__module__]


#: The games whose view is built on ``engine.coin.view.base_view`` (the British Way games).
SLUGS = [g["slug"] for g in engine.games() if hasattr(_view_module(g["slug"]), "base_view")]


def _old_base_view(state: dict, role: str, cards: dict[str, dict]) -> dict:
    """``engine.coin.view.base_view`` as it was: every visible key deep-copied through bytes."""
    v = {k: canonical.copy(val) for k, val in state.items() if k not in ("deck", "unused", "flow")}
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


def _clear(x) -> None:
    """Empties every list and dict in *x*, innermost first."""
    for v in list(x.values() if isinstance(x, dict) else x):
        if isinstance(v, dict | list):
            _clear(v)
    x.clear()


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
def test_view_is_the_old_deep_copy_and_shares_nothing_with_the_state(slug):
    roles = [*engine.definition(slug).roles, "public"]
    n = 0
    for state in _positions(slug):
        before = canonical.dumps(state)
        state_containers = _containers(state, {})
        for role in roles:
            v = engine.view(state, role)
            with _old_way(slug):
                old = engine.view(state, role)
            assert json.dumps(v) == json.dumps(old), (slug, state["seq"], role)  # content and key order
            shared = set(_containers(v, {})) & set(state_containers)
            assert not shared, f"{slug} seq {state['seq']} {role}: the view hands out the state's own containers"
            _clear(v)
            assert canonical.dumps(state) == before, (slug, state["seq"], role)
            n += 1
    assert n > 1000


@pytest.mark.parametrize("slug", SLUGS)
def test_each_space_holds_only_counts(slug):
    """What lets ``base_view`` copy each space shallowly (engine.coin.board: counts by key)."""
    for state in _positions(slug):
        for sid, x in state["spaces"].items():
            assert all(type(n) is int for n in x.values()), (slug, state["seq"], sid, x)
