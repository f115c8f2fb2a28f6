"""The number of cards in the draw deck (2.2: "open to inspection") and of the Events set aside (2.1) are kept
in the state (engine.coin.deck.keep_sizes), so that a view shows them without walking the deck: the kept
numbers are always the deck's own (engine.coin.deck.sizes), through play, the test helpers that put a card on
top or take one, a position loaded, a legacy deck, and a game saved under rules version 1 migrated
(engine.coin.deck.migrate_sizes_v1)."""

from __future__ import annotations

import pytest

import engine
from engine import versions
from engine.coin import deck
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.playout import choose

from ..games_common import COIN_GAMES, first_scenario
from ..japanese_occupation.test_intel_migration import as_version_1 as as_intel_version_1

SEEDS = range(6)


def kept(state: dict) -> tuple:
    return state["deck_size"], state["unused_count"]


def as_v1(state: dict) -> dict:
    """*state* as a game saved under rules version 1 held it: without the kept sizes (and, in Japanese
    Occupation, with its Intel chits as version 1 stored them: its own migration test's record)."""
    old = as_intel_version_1(state) if state["game"] == "japanese-occupation" else canonical.copy(state)
    for k in deck.SIZE_KEYS:
        old.pop(k, None)
    old["rules_version"] = 1
    return old


def upgraded(state: dict) -> dict:
    old = as_v1(state)
    assert versions.upgrade(old) == [1]
    return old


@pytest.mark.parametrize("game", COIN_GAMES)
def test_2_2_deck_sizes_kept_from_setup_and_migrated_from_version_1(game):
    defn = engine.definition(game)
    # the series' migration, or a game's own that runs it too (Japanese Occupation's to_version_2)
    assert defn.rules_version == 2 and (defn.migrations[1] is deck.migrate_sizes_v1 or game == "japanese-occupation")
    for scenario in defn.scenarios:
        state = engine.setup(game, scenario, {}, SeededChance(1, context="setup"))
        assert kept(state) == deck.sizes(state) and deck.kept_sizes_problems(state) == []
        assert upgraded(state) == state


@pytest.mark.parametrize("game", COIN_GAMES)
def test_2_2_deck_sizes_kept_through_random_playouts(game):
    """Every step: the kept sizes are the deck's, the invariant holds, and a copy saved under rules version 1
    is migrated to the very state the engine holds; every view shows the kept sizes."""
    defn = engine.definition(game)
    for seed in SEEDS:
        state = engine.setup(game, first_scenario(game), {}, SeededChance(seed, context="setup"))
        picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
        drawn = 0
        for n in range(defn.max_actions):
            assert kept(state) == deck.sizes(state), (seed, n)
            assert not [p for p in defn.invariants(state) if "deck_size" in p], (seed, n)
            for role in defn.roles:
                v = engine.view(state, role)
                assert (v["deck_size"], v["unused_count"]) == deck.sizes(state)
                keys = list(v)  # where a view always showed them: after the state's keys, before the role
                at = keys.index("deck_size")
                assert keys[at:at + 4] == ["deck_size", "unused_count", "role", "current_card"]
            if n % 25 == 0:
                assert upgraded(state) == state, (seed, n)
            if engine.outcome(state):
                break
            before = state["deck_size"]
            role = engine.active_roles(state)[0]
            engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picker), dice)
            drawn += before - state["deck_size"]
        assert drawn > 0 and upgraded(state) == state


@pytest.mark.parametrize("game", COIN_GAMES)
def test_2_2_deck_sizes_kept_when_cards_are_stacked_taken_or_the_deck_is_legacy(game):
    state = engine.setup(game, first_scenario(game), {}, SeededChance(2, context="setup"))
    events = sorted(state["deck"]["pools"][deck.EVENTS])
    deck.stack(state, events[0], events[1])
    assert kept(state) == deck.sizes(state)
    deck.take(state, events[2])
    assert kept(state) == deck.sizes(state)
    deck.put_on_top(state, events[3])
    assert kept(state) == deck.sizes(state) and upgraded(state) == state
    with pytest.raises(ValueError):
        deck.stack(state, events[4], state["played"][0])  # revealed already: the sizes still follow
    assert kept(state) == deck.sizes(state)
    # a legacy deck (stored in order, engine.coin.deck.is_legacy), as a game saved under version 1 may hold it
    left = sorted(deck.remaining(state))
    order, unused = left[:10], left[10:]
    state["deck"], state["unused"] = order, unused
    deck.keep_sizes(state)
    assert kept(state) == (len(order), len(unused)) and upgraded(state) == state
    deck.stack(state, unused[0])
    assert kept(state) == (11, len(left) - 11) == deck.sizes(state)


@pytest.mark.parametrize("game", COIN_GAMES)
def test_2_2_deck_sizes_kept_when_a_position_is_loaded(game):
    """A position file states no sizes (docs/positions.md): loading one computes them, with cards put on top
    or with the deck stated whole; the position written from the state names none."""
    defn = engine.definition(game)
    pos = defn.position.rulebook(first_scenario(game))
    pos["cards"]["top"] = sorted(defn.position.decks(first_scenario(game))["pools"][deck.EVENTS])[:2]
    loaded = defn.position.from_position(pos, SeededChance(5))
    assert kept(loaded) == deck.sizes(loaded) and loaded["played"] == pos["cards"]["top"][:1]
    again = defn.position.to_position(loaded, {"at": "card"})
    assert "deck_size" not in canonical.dumps(again) and "unused_count" not in canonical.dumps(again)
    whole = canonical.copy(pos)
    del whole["cards"]["top"]
    whole["cards"]["deck"] = full = canonical.copy(defn.position.decks(first_scenario(game)))
    reloaded = defn.position.from_position(whole, SeededChance(5))
    assert kept(reloaded) == deck.sizes(reloaded) == (deck.size({"deck": full}) - 1, deck.unused_count({"deck": full}))


def test_2_2_a_kept_size_that_is_not_the_decks_breaks_the_invariant():
    state = engine.setup("cyprus", "standard", {}, SeededChance(1))
    assert not engine.definition("cyprus").invariants(state)
    state["deck_size"] += 1
    assert any("deck_size" in p and "2.2" in p for p in engine.definition("cyprus").invariants(state))
