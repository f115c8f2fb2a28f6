"""The record of everything a title provides (model: godip's ``Variant``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any

from .flow import ProcedureTable
from .notation import verbs_of


@dataclass(frozen=True)
class GameDefinition:
    """A game the engine can run.

    :ivar slug: identifier used in files and URLs (``palestine``).
    :ivar roles: the factions that decide, in seating order.
    :ivar role_names: a role's name as the rulebook prints it (``Mau Mau``, ``MCP``), where ``title()`` of its
        id would not give it (:meth:`role_name`).
    :ivar scenarios: scenario slug to one-line description.
    :ivar options: option name to description.
    :ivar setup: ``(scenario, options, ctx) -> state``; draws its shuffles through ``ctx``.
    :ivar view: ``(state, role) -> dict`` of what *role* may see.
    :ivar names: space and piece ids to display names, used by the text notation.
    :ivar legend: the short labels among ``names`` (a space's pieces and markers: ``Cu``) to what each
        stands for (``Underground Cells``): the key at the foot of the text board (issue 27).
    :ivar max_actions: a bound on the length of a game, for the fuzzer.
    :ivar rules_version: the edition of the game's rules and persisted names that new games are made
        under; every state records the one it was made under (``state["rules_version"]``).
    :ivar persisted: ``rules_version`` -> the names a saved game of that version may hold (procedure and
        stage names): a rename without a migration is caught by the golden test and refused on load.
    :ivar migrations: ``rules_version`` v -> a function taking a state of version v to v + 1, in place.
    :ivar facts: ``(view) -> [{"label", "value"}]``: the game's headline values (tracks, pools, current
        card...) as the generic layers show them (text board, PDF header, mail, game page).
    :ivar invariants: ``(state) -> [problem text]``: what must hold after every step (the fuzz checks it).
    :ivar protected: top-level state keys an umpire correction may never touch (besides the generic ones).
    :ivar layers: packages of shared rules the game builds on (``engine.coin``): their procedures and order
        words are the game's too, besides its own package's (the package of ``setup``).
    :ivar procedures: the game's own table of procedures (``engine.core.flow.ProcedureTable``), made from
        its packages; another game's procedures are not in it, whatever their names.
    :ivar verbs: the order words the game's packages declare (``engine.core.notation.declare``).
    :ivar orders: the game's order words with their arguments (``engine.core.grammar.Order``): what mail's
        HELP, the game page and docs/orders.md show; every declared order word is in it.
    :ivar position: the game's position files (``engine.testing`` and ``docs/positions.md``): an object with
        ``to_position(state) -> dict``, ``from_position(dict) -> state`` and ``validate(dict) -> [faults]``.
    :ivar open_prompts: whether what a role is asked (a prompt's text) may be shown to the other seats and the
        public, as the pages and the mail show who is awaited. False for a game with hidden units, whose prompts
        name them (fog of war): the others see only who is awaited and the rule, never a prompt's text or orders.
    :ivar restore: ``(options) -> None``: re-establishes in this process what a game's creation options hold
        outside its state (a data pack the state names by digest), before the game is played or verified here.
    :ivar board: a board drawn from a hex grid: ``(view) -> dict``, the hexes with their features and what stands
        in each as the view's role sees it (service.reports.hexboard draws it); None for a game drawn from a
        layout.json, or none.
    :ivar margins: ``(state) -> {role: number} | None``: the game's own margin of a finished position, a number
        per role, higher better for that role, as its rules measure how well a side did (the final Political
        Will of a British Way game, the VP difference of The First Arab-Israeli War): a tournament's tie-break
        after the opponents' scores (issue 33, item 4; ``service.tournaments.results``). None (the field, or
        its answer for a position not finished) where the game has no margin. Its docstring's first line says
        in words what it measures (the standings print it).
    :ivar reading: ``(state) -> context manager``: a stretch of work in which the game's rules only read *state*,
        their indexes of it made once and shared (The First Arab-Israeli War's ``units.Reading``): ``engine.view``
        runs the game's view and the prompt inside one, so that the prompt reads what the view indexed. None
        (most games): nothing is shared.
    """

    slug: str
    title: str
    roles: tuple[str, ...]
    scenarios: dict[str, str]
    options: dict[str, str]
    setup: Callable[..., dict]
    view: Callable[[dict, str], dict]
    names: dict[str, str] = field(default_factory=dict)
    role_names: dict[str, str] = field(default_factory=dict)
    legend: dict[str, str] = field(default_factory=dict)
    rules: Any = None
    rulings: Callable[[], list] | None = None
    max_actions: int = 20_000
    rules_version: int = 1
    persisted: dict[int, frozenset] = field(default_factory=dict)
    migrations: dict[int, Callable[[dict], None]] = field(default_factory=dict)
    facts: Callable[[dict], list[dict]] | None = None
    invariants: Callable[[dict], list[str]] | None = None
    protected: frozenset = frozenset()
    position: Any = None
    layers: tuple[str, ...] = ()
    orders: tuple = ()
    procedures: Any = field(default=None, compare=False)
    open_prompts: bool = True
    restore: Callable[[dict], None] | None = None
    board: Callable[[dict], dict] | None = None
    margins: Callable[[dict], dict[str, float] | None] | None = None
    reading: Callable[[dict], AbstractContextManager] | None = None

    def __post_init__(self) -> None:
        if self.procedures is None:
            object.__setattr__(self, "procedures", ProcedureTable(self.packages()))

    def packages(self) -> tuple[str, ...]:
        """The game's own package and its layers: where its procedures and order words come from."""
        module = sys.modules.get(self.setup.__module__)
        own = (getattr(module, "__package__", None) or self.setup.__module__) if module else self.setup.__module__
        return (own, *self.layers)

    @property
    def verbs(self) -> frozenset[str]:
        return verbs_of(self.packages())

    def default_scenario(self) -> str:
        """The scenario a game is made with when none is named: ``standard`` where the game has one, else its
        first (a game whose rulebook numbers its scenarios, as The First Arab-Israeli War)."""
        return "standard" if "standard" in self.scenarios else next(iter(self.scenarios))

    def role_name(self, role: str) -> str:
        """*role* as the rulebook prints it: :attr:`role_names`, else its id in words (``British``)."""
        return self.role_names.get(role) or str(role).replace("-", " ").title()

    def describe(self) -> dict:
        return {"slug": self.slug, "title": self.title, "roles": list(self.roles),
                "scenarios": dict(self.scenarios), "options": dict(self.options)}


REGISTRY: dict[str, GameDefinition] = {}


def register(defn: GameDefinition) -> GameDefinition:
    REGISTRY[defn.slug] = defn
    return defn
