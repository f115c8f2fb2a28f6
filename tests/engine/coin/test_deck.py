"""The draw deck holds no future order (issue 22, attack 5; engine.coin.deck): Setup Instructions 2.1 of
each game (Deck Preparation), 2.2 (reveal the top card; the number of cards left is open), 8.0 (the
Example of Play's cards on top).

The stored deck says only how many cards of which kind each part of each pile holds and which cards may
still come: nothing in it depends on the seed, and the next card is drawn from the chance source when it is
revealed. The statistical tests compare the cards so revealed with the physical shuffle of 2.1 over a few
thousand seeds, with bounds of 6 standard deviations (a false alarm has odds below one in 10^8); seeds are
fixed, so a run is the same every time.
"""

from __future__ import annotations

import importlib
import math
from collections import Counter

import pytest

import engine
from engine.coin import deck
from engine.core import canonical
from engine.core.chance import Recorder, SeededChance
from engine.core.flow import Context
from engine.playout import choose

from ..games_common import COIN_GAMES
from ..scripted import Spy, deal_out, legacy_deck

# The setup modules (each game's package exports its setup function under the same name).
#: Every British Way game (each one's setup module names its Events and Propaganda cards).
GAMES = COIN_GAMES
_SETUP = {g: importlib.import_module(engine.definition(g).setup.__module__) for g in GAMES}
#: Each game's Events and Propaganda cards, and whether its Propaganda cards are shuffled first (2.1: Palestine
#: gives each pile its own Propaganda card, the others shuffle them).
CARDS = {g: (m.EVENT_CARDS, m.PROPAGANDA_CARDS, g != "palestine") for g, m in _SETUP.items()}
PILES, PILE, BOTTOM = 3, 7, 3  # three piles of 6 Events and a Propaganda card; it is in the bottom 2 + 1
SAMPLES = 4000


def unrevealed(game: str, scenario: str = "standard", seed: int = 0) -> tuple[dict, list[dict]]:
    """The state the game's setup builds, before the card round reveals the first card (the flow at the
    round's "reveal" stage), and the chance outcomes the setup asked for."""
    defn = engine.definition(game)
    rec = Recorder(SeededChance(seed, context="setup"))
    return defn.setup(scenario, {}, Context({"flow": []}, rec, defn.rules)), rec.outcomes


def within(count: int, n: int, p: float) -> bool:
    """*count* successes of *n* trials of probability *p* are within 6 standard deviations of n p."""
    return abs(count - n * p) <= 6 * math.sqrt(n * p * (1 - p)) + 1e-9


@pytest.fixture(scope="module", params=GAMES)
def deals(request) -> tuple[str, list[list[str]]]:
    """For each game, the whole deck as revealed from one stored setup by SAMPLES chance sources."""
    game = request.param
    s, _ = unrevealed(game)
    return game, [deal_out(s, SeededChance(seed, context="deal")) for seed in range(SAMPLES)]


# -- (1) nothing stored depends on the seed -----------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_2_1_deck_setup_stores_nothing_that_depends_on_the_seed(game):
    first, out1 = unrevealed(game, seed=1)
    second, out2 = unrevealed(game, seed=2)
    assert out1 == out2 == [], "the setup asked the chance source for something"
    assert canonical.digest(first) == canonical.digest(second)
    assert not deck.is_legacy(first) and "unused" not in first
    assert deck.size(first) == 21 and deck.unused_count(first) == 14
    events, props, _ = CARDS[game]
    assert deck.remaining(first) == set(events) | set(props)


@pytest.mark.parametrize("game", GAMES)
def test_2_2_deck_setup_states_differ_only_by_what_was_revealed(game):
    """engine.setup reveals the first card (and Arab Revolt's Rebels draw their Operations chits, 2.3.4):
    two seeds whose revealed outcomes agree give the same state, digest for digest, and no shuffle."""
    by_outcomes: dict[tuple, tuple[int, str]] = {}
    for seed in range(400):
        spy = Spy(seed)
        s = engine.setup(game, "standard", {}, spy)
        key = tuple(map(str, spy.values))
        if key in by_outcomes:
            other_seed, other = by_outcomes[key]
            assert other == canonical.digest(s), (seed, other_seed)
            return
        by_outcomes[key] = (seed, canonical.digest(s))
    raise AssertionError("no two seeds revealed the same first card: the test needs more seeds")


# -- (2) the next card is not determined by the state -------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_2_2_deck_next_card_is_drawn_when_revealed_not_stored(game):
    """From one stored position, the action that ends a card reveals different next cards under different
    chance sources: the state does not fix it."""
    s = engine.setup(game, "standard", {}, SeededChance(3))
    picker = SeededChance(3, context="picker")
    for _ in range(300):
        role = engine.active_roles(s)[0]
        action = choose(engine.legal_actions(s, role), picker)
        revealed = set()
        for seed in range(20):
            after = engine.apply(s, role, action, SeededChance(seed, context="dice")).state
            if len(after["played"]) > len(s["played"]):
                revealed.add(after["current"])
        if revealed:
            assert len(revealed) > 1, f"every source revealed {revealed}"
            return
        s = engine.apply(s, role, action, SeededChance(0, context="dice")).state
    raise AssertionError("no card was revealed in 300 actions")


# -- (3) the same distribution as the physical shuffle of 2.1 -----------------------------------------

def test_2_1_deck_first_card_is_any_event_equally_often(deals):
    game, hands = deals
    events, props, _ = CARDS[game]
    first = Counter(h[0] for h in hands)
    assert not set(first) & set(props), "a Propaganda card on top of pile 1"
    for cid in events:
        assert within(first[cid], SAMPLES, 1 / len(events)), (cid, first[cid])


def test_2_1_deck_propaganda_only_in_the_bottom_three_of_each_pile_each_place_equally_often(deals):
    game, hands = deals
    _, props, _ = CARDS[game]
    places = Counter()
    for h in hands:
        assert len(h) == PILES * PILE
        for pile in range(PILES):
            cards = h[pile * PILE:(pile + 1) * PILE]
            at = [i for i, c in enumerate(cards) if c in props]
            assert len(at) == 1 and at[0] >= PILE - BOTTOM, cards
            places[at[0]] += 1
    for i in range(PILE - BOTTOM, PILE):
        assert within(places[i], SAMPLES * PILES, 1 / BOTTOM), places


def test_2_1_deck_eighteen_events_used_each_equally_likely_the_rest_set_aside(deals):
    game, hands = deals
    events, props, _ = CARDS[game]
    used = Counter()
    for h in hands:
        drawn = [c for c in h if c in events]
        assert len(drawn) == len(set(drawn)) == PILES * (PILE - 1)
        used.update(drawn)
    for cid in events:
        assert within(used[cid], SAMPLES, PILES * (PILE - 1) / len(events)), (cid, used[cid])


def test_2_1_deck_each_event_in_each_slot_equally_often(deals):
    """Exchangeability: an Event is in any Event place of the deck with the same probability, 1/32."""
    game, hands = deals
    events, props, _ = CARDS[game]
    at = Counter((i, c) for h in hands for i, c in enumerate(h) if c in events)
    for i in (1, 4, 6, 10, 20):  # places of pile 1 (top, bottom), 2 and 3
        slot = sum(at[(i, c)] for c in events)
        for cid in events:
            assert within(at[(i, cid)], slot, 1 / len(events)), (i, cid, at[(i, cid)], slot)


def test_2_1_deck_propaganda_of_each_pile(deals):
    """Arab Revolt shuffles its Propaganda cards first (L1086: A34 Munich's timing is unpredictable): each
    is in each pile a third of the time. Palestine's 2.1 reads "shuffle a Propaganda card with 2 of the
    Event cards": each pile gets its own, P33, P34, P35 (as the engine always did)."""
    game, hands = deals
    _, props, shuffled = CARDS[game]
    piles = Counter()
    for h in hands:
        for pile in range(PILES):
            piles[(pile, next(c for c in h[pile * PILE:(pile + 1) * PILE] if c in props))] += 1
    for pile in range(PILES):
        for i, cid in enumerate(props):
            if shuffled:
                assert within(piles[(pile, cid)], SAMPLES, 1 / 3), (pile, cid, piles)
            else:
                assert piles[(pile, cid)] == (SAMPLES if i == pile else 0), piles


@pytest.mark.parametrize("game", GAMES)
def test_8_0_deck_example_of_play_cards_on_top_in_order(game):
    s, _ = unrevealed(game, "example-of-play")
    top = list(_SETUP[game].EXAMPLE_CARDS)
    _, props, _ = CARDS[game]
    for seed in range(50):
        h = deal_out(s, SeededChance(seed))
        assert h[:7] == top and len(h) == 7 + 2 * PILE
        for pile in range(2):  # "two stacks of six random Event cards, each with a Propaganda card" (8.0)
            at = [i for i, c in enumerate(h[7 + pile * PILE:7 + (pile + 1) * PILE]) if c in props]
            assert len(at) == 1 and at[0] >= PILE - BOTTOM
        assert sorted(c for c in h[7:] if c in props) == sorted(set(props) - set(top))


# -- (4) games stored before this change ---------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_2_1_deck_legacy_list_deck_still_plays_its_cards_in_order(game):
    events, props, shuffled = CARDS[game]
    order, unused = legacy_deck(SeededChance(9), events, props, shuffle_propaganda=shuffled)
    s, _ = unrevealed(game)
    s["deck"], s["unused"] = list(order), list(unused)
    deck.keep_sizes(s)  # as a game stored so is migrated (engine.coin.deck.migrate_sizes_v1)
    assert deck.is_legacy(s) and deck.size(s) == 21 and deck.unused_count(s) == 14
    assert deck.remaining(s) == set(events) | set(props)
    g = Context(s, Recorder(SeededChance(1)), engine.definition(game).rules)
    g.settle()
    assert s["played"] == order[:1] and s["deck"] == order[1:] and s["unused"] == unused
    assert not [o for o in g.chance.outcomes if o["kind"] == "draw" and o["label"].startswith("deck:")]
    picker, dice = SeededChance(9, context="picker"), SeededChance(9, context="dice")
    for _ in range(400):
        if engine.outcome(s) or len(s["played"]) >= 9:
            break
        role = engine.active_roles(s)[0]
        s = engine.apply(s, role, choose(engine.legal_actions(s, role), picker), dice).state
    assert len(s["played"]) >= 2 and s["played"] == order[:len(s["played"])]
    v = engine.view(s, "public")
    assert v["deck_size"] == 21 - len(s["played"]) and v["unused_count"] == 14


# -- the test helpers --------------------------------------------------------------------------------

@pytest.mark.parametrize("legacy", [False, True])
def test_2_2_deck_helpers_stack_take_remaining_size(legacy):
    s, _ = unrevealed("arab-revolt")
    if legacy:
        s["deck"], s["unused"] = legacy_deck(SeededChance(4), *CARDS["arab-revolt"][:2], shuffle_propaganda=True)
        deck.keep_sizes(s)
    cards = deck.remaining(s)
    deck.stack(s, "A34", "A5")
    if not legacy:  # A34 took the propaganda slot of pile 3's bottom; A5 came from the spare Events
        assert deck.size(s) == 22 and deck.unused_count(s) == 13
    assert deck.remaining(s) == cards and deck.size(s) + deck.unused_count(s) == 35
    assert deal_out(s, SeededChance(0))[:2] == ["A34", "A5"]
    assert deck.take(s, "A7") and not deck.take(s, "A7")
    assert deck.remaining(s) == cards - {"A7"}
    with pytest.raises(ValueError):
        deck.stack(s, "A7")
    h = deal_out(s, SeededChance(1))
    assert h[:2] == ["A34", "A5"] and "A7" not in h and len(h) == deck.size(s)
    assert sum(c in ("A33", "A34", "A35") for c in h) == 3


def test_2_2_deck_stack_keeps_counts_when_a_pool_runs_short():
    """Stacking a card whose pool has no spare card (no Event set aside any more) takes a slot from the last
    group that draws from that pool: the deck does not grow and never asks an empty pool for a card."""
    s, _ = unrevealed("arab-revolt")
    while deck.unused_count(s):
        deck.take(s, sorted(s["deck"]["pools"]["events"])[0])
    assert deck.size(s) == 21 and len(s["deck"]["pools"]["events"]) == 18
    deck.stack(s, s["deck"]["pools"]["events"][0])
    assert deck.size(s) == 21 and deck.unused_count(s) == 0
    assert s["deck"]["groups"][-1]["slots"] == {"events": 1, "propaganda": 1}
    h = deal_out(s, SeededChance(2))
    assert len(h) == 21 and sum(c in ("A33", "A34", "A35") for c in h) == 3
