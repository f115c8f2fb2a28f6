"""The GameDefinition of a British Way game (engine.core.game): what every COIN game registers alike, so that each
game's ``__init__`` says only what is its own."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..core.game import GameDefinition
from ..versions import load_golden
from . import deck
from . import facts as F
from .legend import legend


def coin_definition(*, slug: str, title: str, roles: tuple[str, ...], scenarios: dict[str, str],
                    options: dict[str, str], setup: Callable[..., dict], view: Callable[[dict, str], dict],
                    board, rules, rulings: list, orders: tuple, position, facts: Callable, invariants: Callable,
                    data: Path, role_names: dict[str, str] | None = None, rules_version: int = 1,
                    migrations: dict[int, Callable[[dict], None]] | None = None,
                    margins: Callable[[dict], dict[str, float] | None] | None = None) -> GameDefinition:
    """The GameDefinition of a COIN game, to register: the game's own parts as given, and the series':

    - ``names`` and ``legend`` from its *board* (engine.coin.facts.names; the text board's key,
      engine.coin.legend);
    - ``rulings`` its list of rulings;
    - ``layers`` the COIN layer, whose procedures and order words are the game's too;
    - ``protected`` the cards (engine.coin.deck.PROTECTED: no correction touches them);
    - ``persisted`` the golden list of persisted names in ``persisted.json`` of its *data* folder, for
      *rules_version* (engine.versions: bump it with a migration when a persisted name or the state's format
      changes), and *migrations* (version v -> the function bringing a saved state from v to v + 1, in place);
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
        setup=setup,
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
        migrations=dict(migrations or {}),
        persisted=load_golden(data / "persisted.json"),
        margins=margins,
    )
