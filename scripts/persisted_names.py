"""Prints the persisted names (procedures and their stages) that random playouts of a game reach and its
golden list does not hold (issue 23, item 4; engine/versions.py). Usage:

    .venv/bin/python scripts/persisted_names.py GAME [GAMES_TO_PLAY]

A name printed here is new: if it replaces an old one, the game needs a new rules_version and a migration;
if it is simply new, add it to engine/games/<game>/data/persisted.json under the current version.
"""

import sys

import engine
from engine import versions
from engine.core.chance import SeededChance
from engine.playout import choose


def reached(game: str, games: int) -> set[str]:
    seen: set[str] = set()
    for seed in range(games):
        scenarios = engine.definition(game).scenarios
        scenario = "standard" if "standard" in scenarios else list(scenarios)[seed % len(scenarios)]
        state = engine.setup(game, scenario, {}, SeededChance(seed, context="setup"))
        picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
        seen |= versions.names_in(state)
        for _ in range(engine.definition(game).max_actions):
            if engine.outcome(state):
                break
            role = engine.active_roles(state)[0]
            engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picker), dice)
            seen |= versions.names_in(state)
    return seen


if __name__ == "__main__":
    slug = sys.argv[1]
    defn = engine.definition(slug)
    golden = defn.persisted.get(defn.rules_version, frozenset())
    for name in sorted(reached(slug, int(sys.argv[2]) if len(sys.argv) > 2 else 200) - golden):
        print(name)
