"""What the test helpers of the COIN games built on a hand-made Context share (Kenya's and Cyprus's): a
Context around a state from the game's ``setup.initial_state``, with the game's procedures and the COIN
layer's, the game's invariants asserted, and the log's lines."""

from __future__ import annotations

import copy
from collections.abc import Callable

from engine.core.chance import Recorder, ScriptedChance, SeededChance
from engine.core.flow import Context, ProcedureTable


class HandBuilt:
    """The Contexts one game's tests build by hand: *game* names its package under ``engine.games``;
    *initial_state(scenario, options)* is its setup and *invariants(state)* lists the problems of a state."""

    def __init__(self, game: str, initial_state: Callable[[str, dict | None], dict],
                 invariants: Callable[[dict], list[str]]):
        self.procs = ProcedureTable((f"engine.games.{game}", "engine.coin"))
        self.initial_state = initial_state
        self.invariants = invariants

    def fresh(self, scenario: str = "standard", options: dict | None = None) -> dict:
        """The state of a new game of *scenario*."""
        return self.initial_state(scenario, options)

    def context(self, state: dict | None = None, seed: int = 1) -> Context:
        """A Context around *state* (default: a fresh standard setup) with a recorded seeded chance."""
        return Context(state if state is not None else self.fresh(), Recorder(SeededChance(seed)), rules=None,
                       procs=self.procs)

    def scripted(self, state: dict | None = None, rolls=(), draws=()) -> Context:
        """A Context whose dice and draws are the ones given, in order (engine.core.chance.ScriptedChance)."""
        chance = ScriptedChance(rolls=list(rolls), draws=list(draws))
        return Context(state if state is not None else self.fresh(), Recorder(chance), rules=None,
                       procs=self.procs)

    def check(self, state: dict) -> None:
        """The game's invariants hold for *state*."""
        problems = self.invariants(state)
        assert not problems, problems

    def planted(self, state: dict, fault: Callable[[dict], object]) -> list[str]:
        """The invariants' problems for a copy of *state* changed by *fault(copy)*."""
        s = copy.deepcopy(state)
        fault(s)
        return self.invariants(s)


def texts(g: Context) -> list[str]:
    """The lines *g* has logged, in order."""
    return [e["text"] for e in g.log]
