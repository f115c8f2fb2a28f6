"""One fuzz over every registered game (issue 23, item 7): random legal playouts to the end, new seeds
each run (tests/conftest.py prints the base; ``--fuzz-base`` or ``UMPIRE_FUZZ_BASE`` replays a run), with
the game's own invariants (``GameDefinition.invariants``) and the generic ones after every step: no count
in the state is negative, somebody must act until the game ends, the state round-trips through canonical
JSON, every order word a prompt offers is one the game declares (its own registry, issue 23, item 2),
and every order a prompt lists is accepted (a second order, picked from the prompt, applied to a
copy: a prompt that offers an order the rules then refuse is a bug)."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.core.errors import IllegalActionError, InvalidActionError
from engine.playout import choose

from ..conftest import fuzz_seeds

#: Playouts per game and run, of the suite's fuzz seeds (half fixed, half new each run).
PER_GAME = 60


def _negative(value, path: str = "") -> list[str]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [path] if value < 0 else []
    if isinstance(value, dict):
        return [p for k, v in value.items() if k not in ("flow", "log") for p in _negative(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _negative(v, f"{path}[{i}]")]
    return []


def _seeds(config) -> list[int]:
    seeds = fuzz_seeds(config)
    half = len(seeds) // 2
    return seeds[: PER_GAME // 2] + seeds[half: half + PER_GAME // 2]


@pytest.mark.parametrize("game", sorted(g["slug"] for g in engine.games()))
def test_fuzz_every_registered_game(game, request):
    defn = engine.definition(game)
    for seed in _seeds(request.config):
        state = engine.setup(game, "standard", {}, SeededChance(seed, context="setup"))
        picker, other = SeededChance(seed, context="picker"), SeededChance(seed, context="other")
        dice = SeededChance(seed, context="dice")
        for n in range(defn.max_actions + 1):
            where = f"{game} seed {seed} action {n}"
            if engine.outcome(state):
                break
            roles = engine.active_roles(state)
            assert roles, f"{where}: a dead end"
            prompt = engine.prompt(state, roles[0])
            assert prompt["actions"] == engine.legal_actions(state, roles[0]), where
            assert set(prompt["actions"]) <= defn.verbs, f"{where}: order words the game does not declare: " \
                f"{sorted(set(prompt['actions']) - defn.verbs)}"
            alt = choose(prompt["actions"], other)
            try:
                engine.apply(state, roles[0], alt, SeededChance(seed, context="alt"))
            except (IllegalActionError, InvalidActionError) as e:
                pytest.fail(f"{where}: the prompt lists {alt!r}, which the rules refuse: {e.message}")
            engine.apply_in_place(state, roles[0], choose(prompt["actions"], picker), dice)
            assert not _negative(state), f"{where}: negative counts at {_negative(state)}"
            assert canonical.loads(canonical.dumps(state)) == state, where
            if defn.invariants:
                assert not defn.invariants(state), f"{where}: {defn.invariants(state)}"
        else:
            pytest.fail(f"{game} seed {seed}: no end after {defn.max_actions} actions (a runaway)")
