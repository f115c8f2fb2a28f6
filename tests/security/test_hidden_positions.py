"""Issue 22: no output names a hidden item or anything derived from one (which pile a card is in), checked
against the hidden facts themselves.

Attack 1 wanted which pile holds A34, the Munich Conference (its card text depends on "the unpredictable
timing of this Propaganda Event"). Attack 5 reads a copy of the database. Since the deck stores no order
(engine.coin.deck: each card is drawn from the chance source when the rules reveal it), there is no such
fact to find: one stored position goes on to Munich in any pile, and two games whose revealed outcomes
agree (the same public history) store the same state and show the same views, whatever their seeds. A
deck stored in order, as games before the fix have it, is what this check would find.
"""

from __future__ import annotations

import re

import pytest

import engine
from engine.coin import deck
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.playout import choose
from service.games import public_outcome
from tests.engine.scripted import Spy, deal_out, legacy_deck

PROPAGANDA = ("A33", "A34", "A35")
ROLES = {"palestine": ("irgun", "british", "public"), "arab-revolt": ("rebels", "british", "public")}


class Replay(SeededChance):
    """A source with its own seed that gives the values another game's source gave (dice faces, the items
    drawn), in order: the same public history. Anything else would come from its own seed."""

    def __init__(self, seed: int, values: list):
        super().__init__(seed, context="twin")
        self.values = list(values)

    def roll(self, sides, label):
        return self.values.pop(0)

    def draw(self, items, label):
        v = self.values.pop(0)
        assert v in items, f"the twin was asked to draw from {items} at {label!r}, the original drew {v!r}"
        return items.index(v)


def views(state: dict) -> dict[str, str]:
    return {r: canonical.dumps(engine.view(state, r)) for r in ROLES[state["game"]]}


def named_hidden(state: dict) -> dict[str, set[str]]:
    """Cards not revealed yet (engine.coin.deck.remaining) that a view names, by role."""
    hidden = deck.remaining(state)
    return {r: set(re.findall(r'"([PA]\d+)"', text)) & hidden for r, text in views(state).items()
            if set(re.findall(r'"([PA]\d+)"', text)) & hidden}


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_22_1_which_pile_holds_munich_is_decided_only_when_it_is_revealed(seed):
    spy = Spy(seed)
    state = engine.setup("arab-revolt", "standard", {}, spy)
    frozen, shown = canonical.dumps(state), views(state)
    assert not any(c in label for label in spy.labels for c in PROPAGANDA), spy.labels
    piles = {}
    for k in range(40):
        cards = state["played"] + deal_out(state, SeededChance(k, context="the future"))
        piles.setdefault(cards.index("A34") // 7 + 1, k)
    assert set(piles) == {1, 2, 3}, "one stored position goes on to Munich in every pile"
    assert canonical.dumps(state) == frozen and views(state) == shown
    assert not named_hidden(state)


def play_twins(game: str, seed: int, other_seed: int, actions: int):
    """Plays *game* with random legal actions from *seed*, and its twin from *other_seed* with the same
    public history (each outcome's value replayed); yields both states after setup and after each action."""
    picker = SeededChance(seed, context="picker")
    spy = Spy(seed)
    first = engine.setup(game, "standard", {}, spy)
    twin = engine.setup(game, "standard", {}, Replay(other_seed, spy.values))
    yield first, twin
    for _ in range(actions):
        if engine.outcome(first):
            return
        role = engine.active_roles(first)[0]
        action = choose(engine.legal_actions(first, role), picker)
        dice = Spy(seed, context=f"dice {first['seq']}")
        first = engine.apply(first, role, action, dice).state
        twin = engine.apply(twin, role, action, Replay(other_seed, dice.values)).state
        yield first, twin


@pytest.mark.parametrize("game,seed", [("palestine", 3), ("arab-revolt", 5)])
def test_22_5_no_state_or_view_depends_on_the_seed_beyond_what_was_revealed(game, seed):
    """Every view for every role and the public, and the stored state itself, are the same for two seeds
    after the same public history, through cards revealed and Propaganda rounds; no view names a card not
    revealed yet."""
    cards = 0
    for first, twin in play_twins(game, seed, seed + 1000, 250):
        assert canonical.digest(first) == canonical.digest(twin), f"{game} at action {first['seq']}"
        assert views(first) == views(twin)
        assert not named_hidden(first), named_hidden(first)
        cards = len(first["played"])
    assert cards >= 8, "the twins should go through at least one Propaganda round"


@pytest.mark.parametrize("game", ["palestine", "arab-revolt"])
def test_22_5_the_check_finds_an_order_stored_as_before_the_fix(game):
    """The same setup with the deck built as before (shuffled whole, the order stored): the seed shows in
    the stored state before another card is revealed; the views, which hide it, are the same."""
    rules = engine.definition(game).rules
    states = []
    for seed in (1, 2):
        s = engine.setup(game, "standard", {}, SeededChance(0))
        events = sorted(c for c in deck.remaining(s) if rules.card(c)["kind"] == "event")
        props = sorted(c for c in deck.remaining(s) if rules.card(c)["kind"] == "propaganda")
        s["deck"], s["unused"] = legacy_deck(SeededChance(seed), events, props,
                                             shuffle_propaganda=game == "arab-revolt")
        deck.keep_sizes(s)
        states.append(s)
    assert canonical.digest(states[0]) != canonical.digest(states[1])
    assert views(states[0]) == views(states[1])


def test_22_1_a_stored_label_naming_a_card_is_not_published_before_the_reveal():
    """Games set up before the fix stored "deck: shuffle A34 into the bottom of pile 1": the dice record and
    the log publish a hidden shuffle without its label (and without its items and order) until the seed is
    revealed; then everything."""
    old = {"scheme": "umpire-dice/1", "n": 0, "k": 3, "kind": "shuffle", "digest": "d", "entropy": "",
           "label": "deck: shuffle A34 into the bottom of pile 1", "items": ["A5", "A9", "A34"],
           "value": ["A9", "A34", "A5"]}
    shown = public_outcome(old, revealed=False)
    assert "A34" not in canonical.dumps(shown) and shown["size"] == 3
    assert public_outcome(old, revealed=True) == old
