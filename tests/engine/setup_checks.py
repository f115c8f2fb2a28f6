"""Checks of a COIN game's setup (2.1) shared by the games' test_2_1_setup modules: the Example of Play's deck
(8.0: its cards on top in order, then two piles of six Events with a Propaganda card each), and the refusal of
a scenario or an option the game does not have, each naming what is allowed. Each game's test calls them with
its own setup functions (engine.games.<game>.setup) and cards."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.coin import deck as D
from engine.core.errors import InvalidActionError


def check_the_example_deck(s: dict, example_cards: list[str], propaganda_left: list[str],
                           deck_for: Callable[[str], dict]) -> None:
    """*s*'s deck is the Example of Play's: *example_cards* on top, one to a group, in order; then two piles of
    six Events, each with one of the other Propaganda cards (*propaganda_left*) among its bottom two (8.0); none
    of the example's cards among the Events; and the deck ``deck_for("example-of-play")`` builds."""
    assert [list(g["slots"]) for g in s["deck"]["groups"][:7]] == [[c] for c in example_cards]
    assert D.sizes(s) == (7 + 2 * (6 + 1), 32 - 6 - 12)
    assert sorted(s["deck"]["pools"]["propaganda"]) == propaganda_left
    assert not set(example_cards) & set(s["deck"]["pools"]["events"])
    assert deck_for("example-of-play") == s["deck"]


def check_a_bad_scenario_is_refused(initial_state: Callable, deck_for: Callable, scenario: str, deck: str) -> None:
    """A setup of *scenario*, which the game does not have, is refused naming it and the two it has; a deck of
    *deck* is refused too."""
    with pytest.raises(InvalidActionError) as e:
        initial_state(scenario)
    assert f"'{scenario}'" in e.value.message and "standard" in e.value.message and \
        "example-of-play" in e.value.message
    with pytest.raises(InvalidActionError):
        deck_for(deck)


def check_unknown_options_refused(initial_state: Callable, space: str) -> None:
    """An option the game does not know is refused naming the ones it does (map, rulings), and a map option
    naming a space not on the map (an edge from *space* to Atlantis) is refused as a map option."""
    with pytest.raises(InvalidActionError) as e:
        initial_state("standard", {"speed": 2})
    assert "'speed'" in e.value.message and "map" in e.value.message and "rulings" in e.value.message
    with pytest.raises(InvalidActionError) as e:
        initial_state("standard", {"map": {"remove": [[space, "atlantis"]]}})
    assert e.value.message.startswith("map option:")
