"""Random legal playouts, for the fuzz test and the benchmark.

The chooser is a seeded :class:`engine.core.chance.SeededChance`, not ``random``: the engine stays pure.
"""

from __future__ import annotations

from collections.abc import Callable

from . import api
from .core.chance import SeededChance


def choose(legal: dict[str, list[str]], picker: SeededChance) -> str:
    """Picks a verb uniformly, then one of its arguments."""
    verbs = sorted(legal)
    verb = verbs[picker.integer(len(verbs))]
    args = legal[verb]
    return verb if not args else f"{verb} {args[picker.integer(len(args))]}"


def playout(game: str, seed: int, scenario: str | None = None,
            check: Callable[[dict, str, str, api.Step], None] | None = None,
            max_actions: int | None = None) -> tuple[dict, int]:
    """Plays *game* to the end with random legal actions; returns the final state and the action count.

    ``check(state_after, role, action, step)`` runs after each action (the fuzz test's invariants). *scenario*:
    the game's default scenario unless named (``GameDefinition.default_scenario``).
    """
    defn = api.definition(game)
    scenario = scenario or defn.default_scenario()
    limit = max_actions or defn.max_actions
    state = api.setup(game, scenario, {}, SeededChance(seed, context="setup"))
    picker = SeededChance(seed, context="picker")
    dice = SeededChance(seed, context="dice")
    n = 0
    while not api.outcome(state):
        role = api.active_roles(state)[0]
        action = choose(api.legal_actions(state, role), picker)
        step = api.apply_in_place(state, role, action, dice)
        n += 1
        if check:
            check(state, role, action, step)
        if n >= limit:
            raise AssertionError(f"{game} seed {seed}: no end after {n} actions")
    return state, n
