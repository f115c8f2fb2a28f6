"""The registered games as the generic tests read them: every game, the British Way games (built on engine.coin,
whose tests read the COIN state: spaces, deck, cards), and the scenario a generic test plays (``standard``, or a
game's first scenario when it has none of that name, as The First Arab-Israeli War)."""

from __future__ import annotations

import engine

GAMES = tuple(sorted(g["slug"] for g in engine.games()))
COIN_GAMES = tuple(g for g in GAMES if "engine.coin" in engine.definition(g).layers)


def first_scenario(game: str) -> str:
    scenarios = engine.definition(game).scenarios
    return "standard" if "standard" in scenarios else next(iter(scenarios))
