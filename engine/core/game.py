"""The record of everything a title provides (model: godip's ``Variant``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameDefinition:
    """A game the engine can run.

    :ivar slug: identifier used in files and URLs (``palestine``).
    :ivar roles: the factions that decide, in seating order.
    :ivar scenarios: scenario slug to one-line description.
    :ivar options: option name to description.
    :ivar setup: ``(scenario, options, ctx) -> state``; draws its shuffles through ``ctx``.
    :ivar view: ``(state, role) -> dict`` of what *role* may see.
    :ivar names: space and piece ids to display names, used by the text notation.
    :ivar max_actions: a bound on the length of a game, for the fuzzer.
    """

    slug: str
    title: str
    roles: tuple[str, ...]
    scenarios: dict[str, str]
    options: dict[str, str]
    setup: Callable[..., dict]
    view: Callable[[dict, str], dict]
    names: dict[str, str] = field(default_factory=dict)
    rules: Any = None
    rulings: Callable[[], list] | None = None
    max_actions: int = 20_000

    def describe(self) -> dict:
        return {"slug": self.slug, "title": self.title, "roles": list(self.roles),
                "scenarios": dict(self.scenarios), "options": dict(self.options)}


REGISTRY: dict[str, GameDefinition] = {}


def register(defn: GameDefinition) -> GameDefinition:
    REGISTRY[defn.slug] = defn
    return defn
