"""The static data files a British Way game keeps in its ``data`` package (map, components, setup, cards with
the deck, rulings), read once at import with engine.core.data: static data, not game I/O."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..core.data import loader


class GameData(NamedTuple):
    """A game's data, in the order its ``data/__init__`` binds it: ``load`` (any other file of the package,
    engine.core.data.loader), ``map.json``, ``components.json``, ``setup.json``, the cards of ``cards.json`` by
    id, its ``deck`` (``None`` where the deck is built in the game's setup) and the rulings of
    ``rulings.json``."""

    load: Callable[[str], dict]
    map: dict
    components: dict
    setup: dict
    cards: dict[str, dict]
    deck: dict | None
    rulings: list[dict]


def game_data(package: str) -> GameData:
    """The data files of *package*, a game's ``data`` package (its ``__package__``)."""
    load = loader(package)
    cards = load("cards.json")
    return GameData(load, load("map.json"), load("components.json"), load("setup.json"),
                    {c["id"]: c for c in cards["cards"]}, cards.get("deck"), load("rulings.json")["rulings"])
