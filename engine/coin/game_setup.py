"""The setup of a British Way game whose setup and deck are data (Kenya, Cyprus: ``data/setup.json`` and the
``deck`` of ``data/cards.json``): its scenarios, the options checked before anything is built, the deck of each
scenario (2.1 Deck Preparation; 8.0 for the Example of Play) and the parts of the state at setup every COIN game
has (the cards, the Initiative Track, no Capability, no Propaganda Round held).

A game's ``setup.py`` makes one :class:`DataSetup` and builds its own pieces, tracks and boxes with it
(:meth:`DataSetup.state`); its ``setup`` (the GameDefinition's) stays its own function, since the game's
package is read from it (``GameDefinition.packages``), and pushes the first frame with :func:`first_round`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core import ruling_choice
from ..core.errors import InvalidActionError
from .deck import build_deck, example_deck, keep_sizes
from .sequence import BOXES

#: The scenario whose deck puts the Example of Play's cards on top (8.0).
EXAMPLE = "example-of-play"


@dataclass(frozen=True)
class DataSetup:
    """A game's scenarios and options, with the data its setup reads.

    :ivar slug: the game's id (``cyprus``), the state's ``game``.
    :ivar name: the game as a refusal names it (``Cyprus``).
    :ivar scenarios: scenario slug to its description, as the GameDefinition lists it (``standard`` and
        ``example-of-play``).
    :ivar options: option name to its description (``map``, ``rulings``).
    :ivar cards: the cards by id (each with its ``kind``, ``event`` or ``propaganda``).
    :ivar decks: ``cards.json``'s ``deck``: ``standard`` (``pile_size``, ``bottom``, ``shuffle_propaganda``),
        ``example_of_play`` (``cards``, top first, and the piles of the ``rest``).
    :ivar board: the game's :class:`engine.coin.board.Board`, which checks the ``map`` option.
    :ivar rulings: the game's rulings, which check the ``rulings`` option.
    :ivar eligible: the order of eligibility at setup (2.2), 1st Eligible first.
    """

    slug: str
    name: str
    scenarios: dict[str, str]
    options: dict[str, str]
    cards: dict[str, dict]
    decks: dict
    board: object
    rulings: list
    eligible: tuple[str, ...]
    events: list[str] = field(init=False)
    propaganda: list[str] = field(init=False)
    example: list[str] = field(init=False)

    def __post_init__(self) -> None:
        kinds = {k: [c for c, card in self.cards.items() if card["kind"] == k] for k in ("event", "propaganda")}
        object.__setattr__(self, "events", kinds["event"])
        object.__setattr__(self, "propaganda", kinds["propaganda"])
        object.__setattr__(self, "example", self.decks["example_of_play"]["cards"])

    def check_scenario(self, scenario: str) -> None:
        if scenario not in self.scenarios:
            raise InvalidActionError(f"{self.name} has no scenario {scenario!r}: the scenarios are "
                                     f"{' and '.join(self.scenarios)}")

    def deck_for(self, scenario: str) -> dict:
        """The draw deck of *scenario* before any card is revealed: the piles of 2.1 (one per Propaganda card,
        shuffled among its bottom Events; the other Events set aside), or the Example of Play's cards on top
        and then, as the example continues the game, piles of the other cards (8.0)."""
        self.check_scenario(scenario)
        if scenario == EXAMPLE:
            rest = self.decks["example_of_play"]["rest"]
            return example_deck(self.events, self.propaganda, self.example, rest["pile_size"], rest["bottom"])
        rules = self.decks["standard"]
        return build_deck(self.events, self.propaganda, rules["pile_size"], rules["bottom"],
                          shuffle_propaganda=rules["shuffle_propaganda"])

    def state(self, scenario: str, options: dict | None, own: Callable[[], dict]) -> dict:
        """The state at setup of *scenario*, with *options* checked first: an unknown option, map correction
        or ruling choice is refused, naming what is allowed, before anything is built. *own* builds the
        game's own part (spaces, Available, boxes, tracks); the rest is every COIN game's: the deck and its kept
        sizes (engine.coin.deck.keep_sizes), no card played, the order of eligibility, the Initiative Track's
        empty boxes, no Capability, no Propaganda Round held, ``flow`` empty (:func:`first_round`), and the
        umpire's ``map`` corrections and ``rulings`` choices where the options give them."""
        self.check_scenario(scenario)
        options = dict(options or {})
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            raise InvalidActionError(f"{self.name} has no option {', '.join(map(repr, unknown))}: the options are "
                                     f"{' and '.join(self.options)}")
        map_over = self.board.map_option(options["map"]) if "map" in options else None
        choices = ruling_choice.check(self.rulings, options["rulings"]) if "rulings" in options else None
        state = {
            "game": self.slug, "scenario": scenario, "options": options, "rules_version": 1, "seq": 0,
            **own(),
            "deck": self.deck_for(scenario), "played": [], "current": None,
            "eligible": list(self.eligible), "boxes": dict.fromkeys(BOXES),
            "capabilities": {}, "flags": {}, "propaganda": 0, "outcome": None,
            "flow": [],
        }
        if map_over:
            state["map"] = map_over  # the umpire's corrections of inferred adjacency (engine.coin.map_overrides)
        if choices:
            state["rulings"] = choices  # the umpire's readings where a ruling offers a choice (ruling_choice)
        return keep_sizes(state)  # the deck's sizes every view shows (2.1, 2.2), kept as the deck changes


def first_round(state: dict) -> dict:
    """*state* with its first frame, the card round, which reveals the first card for the 1st Eligible (2.2)."""
    state["flow"] = [{"p": "coin.round", "role": state["eligible"][0], "stage": "reveal"}]
    return state
