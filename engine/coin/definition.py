"""The GameDefinition of a British Way game (engine.core.game): what every COIN game registers alike, so that each
game's ``__init__`` says only what is its own."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from ..core.game import GameDefinition
from ..versions import load_golden
from . import deck
from . import facts as F
from .legend import legend

#: The series' migrations of saved games (engine.versions): rules version 2 keeps the deck's sizes in the
#: state (engine.coin.deck.migrate_sizes_v1; 2.1, 2.2).
MIGRATIONS: dict[int, Callable[[dict], None]] = {1: deck.migrate_sizes_v1}


def keeping_sizes(setup: Callable[..., dict]) -> Callable[..., dict]:
    """The game's *setup*, whose state then gets the deck's kept sizes (engine.coin.deck.keep_sizes: 2.1, the
    Events set aside; 2.2, the cards in the draw deck). It keeps *setup*'s module and name (the game's setup
    module is found from it: service.rulings)."""
    @functools.wraps(setup)
    def run(scenario: str, options: dict, g) -> dict:
        return deck.keep_sizes(setup(scenario, options, g))
    return run


def coin_definition(*, slug: str, title: str, roles: tuple[str, ...], scenarios: dict[str, str],
                    options: dict[str, str], setup: Callable[..., dict], view: Callable[[dict, str], dict],
                    board, rules, rulings: list, orders: tuple, position, facts: Callable, invariants: Callable,
                    data: Path, role_names: dict[str, str] | None = None, rules_version: int = 2,
                    migrations: dict[int, Callable[[dict], None]] | None = None,
                    margins: Callable[[dict], dict[str, float] | None] | None = None) -> GameDefinition:
    """The GameDefinition of a COIN game, to register: the game's own parts as given, and the series':

    - ``names`` and ``legend`` from its *board* (engine.coin.facts.names; the text board's key,
      engine.coin.legend);
    - ``rulings`` its list of rulings;
    - ``layers`` the COIN layer, whose procedures and order words are the game's too;
    - ``protected`` the cards (engine.coin.deck.PROTECTED: no correction touches them);
    - ``setup`` the game's *setup*, then the deck's kept sizes (engine.coin.deck.keep_sizes; 2.1, 2.2);
    - ``persisted`` the golden list of persisted names in ``persisted.json`` of its *data* folder, for
      *rules_version* (engine.versions: bump it with a migration when a persisted name or the state's format
      changes);
    - ``migrations`` *migrations*, by default the series' own (:data:`MIGRATIONS`); a game with its own
      migration from version 1 calls ``engine.coin.deck.migrate_sizes_v1`` in it;
    - ``max_actions`` 5000, the fuzzer's bound on a game's length.

    *orders* are the order words with their arguments (engine.core.grammar; docs/orders.md), *position* the
    position files (docs/positions.md), *margins* the game's own margin of a finished position (its victory
    module's ``margins``: ``GameDefinition.margins``, issue 33, item 4).
    """
    return GameDefinition(
        slug=slug,
        title=title,
        roles=roles,
        role_names=dict(role_names or {}),
        scenarios=dict(scenarios),
        options=dict(options),
        setup=keeping_sizes(setup),
        view=view,
        names=F.names(board),
        legend=legend(board),
        rules=rules,
        rulings=lambda: rulings,
        max_actions=5000,
        layers=("engine.coin",),
        orders=orders,
        position=position,
        facts=facts,
        invariants=invariants,
        protected=deck.PROTECTED,
        rules_version=rules_version,
        migrations=dict(MIGRATIONS if migrations is None else migrations),
        persisted=load_golden(data / "persisted.json"),
        margins=margins,
    )
