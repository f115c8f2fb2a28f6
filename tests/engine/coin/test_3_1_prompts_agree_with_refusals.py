"""3.1 in every British Way game: an Operation selects map spaces that its own rule (3.2, 3.3) allows, each once,
up to its limit; the turn offers an Operation only when it has such a space.

The prompts ask these questions with yes/no tests written for speed (DESIGN.md section 3: every step lists the
legal orders): ``admits`` and a game's ``eligible(..., why=False)`` per space, an Operation's ``possible`` (the
turn asks it of each Operation a faction has), the pools a game narrows to the kinds of space an Operation may
select, and some Special Activities' own ``possible``. The refusals ask the same questions with their reasons
(``Procedure.explain``). Where a game answers a question both ways (Cyprus, Kenya, Malaya and Japanese
Occupation write the shared layer's tests again, on the counts, in their hottest prompts), the two must never
part. So, at positions of random games (seeds half fixed, half new each run: ``--fuzz-base`` replays), for
every Operation of every faction, Limited and not:

- the spaces the Operation's prompt would list (``candidates``) are exactly the spaces of the board whose
  selection ``explain`` does not refuse, in board order;
- ``possible`` is whether that list holds a space (but for an Operation that selects no space, named below);

and, for the Special Activities whose ``possible`` a game answers on the counts (4.1: one that could do
something), that answer is the one their list of spaces, or their own test written the long way, gives.
"""

from __future__ import annotations

import random

import pytest

import engine
from engine.api import _context
from engine.coin.capabilities import cap
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.games.malaya.special_mcp import intimidate_options

from ...conftest import fuzz_seeds
from ..games_common import COIN_GAMES, first_scenario

#: Operations whose ``possible`` is not "a space it may select": the reason, per game.
NO_SPACES = {
    ("japanese-occupation", "contact"): "Contact selects no space: it places or moves Force 136 markers (3.2.2)",
}

#: Positions looked at in each game: every third step of this many games (the fixed and the new seeds alike).
GAMES_EACH = 6


def _has_spaces(sa, g) -> bool:
    """The long way for a Special Activity that selects spaces: its list of the spaces it may select holds one."""
    return bool(sa.spaces(g, {}))


#: The Special Activities whose ``possible`` a game answers on the counts, each with the same test written the
#: long way (their class's own parts: its list of spaces, or the pieces the old test was made of).
SA_REFERENCES = {
    "cyprus": {
        "restore": _has_spaces,
        "infiltrate": _has_spaces,
        "propagandize": _has_spaces,
        "smuggle": lambda sa, g: sa.room_left(g, None) and bool(sa.place_spaces(g, None) or sa.moves(g, None)),
        "interrogate": lambda sa, g: any(sa.draws(g).values()) or cap(g, "C10") == "shaded",
    },
    "japanese-occupation": {
        "reprisal": _has_spaces,
        "eliminate": _has_spaces,
        "gather": lambda sa, g: sa.most(g, {}) > 0 and any(
            x["force_136"] and (sa.usable(g, s) or any(sa.usable(g, t) for t in g.rules.board.neighbours(g, s)))
            for s, x in g.s["spaces"].items()),
    },
    "kenya": {name: _has_spaces for name in ("reward", "reprisal", "air-strike", "oath", "raid")},
    "malaya": {
        **{name: lambda sa, g: bool(sa.candidates(g, None)) for name in ("resettle", "reprisal", "air-strike")},
        "intimidate": lambda sa, g: sa.most(g, {}) > 0 and any(
            x["guerrillas_u"] and intimidate_options(g, s) for s, x in g.s["spaces"].items()),
    },
}


def positions(game: str, seeds: list[int]):
    """Every third position of a random game of each seed (the bench's uniform policy), as a working copy."""
    defn = engine.definition(game)
    for seed in seeds:
        state = engine.setup(game, first_scenario(game), {}, SeededChance(seed, context="setup"))
        rnd, dice = random.Random(seed).random, SeededChance(seed, context="dice")
        for n in range(defn.max_actions):
            if engine.outcome(state):
                break
            if n % 3 == 0:
                yield f"{game} seed {seed} action {n}", _context(canonical.copy(state), None, defn)
            role = engine.active_roles(state)[0]
            legal = engine.legal_actions(state, role)
            pairs = [(v, a) for v, args in legal.items() for a in (args or (None,))]
            verb, arg = pairs[int(rnd() * len(pairs))]
            engine.apply_in_place(state, role, verb if arg is None else f"{verb} {arg}", dice, legal=legal)


def _seeds(request) -> list[int]:
    seeds = fuzz_seeds(request.config)
    fixed = [s for s in seeds if s < request.config.fuzz_base][:GAMES_EACH // 2]
    return fixed + [s for s in seeds if s >= request.config.fuzz_base][:GAMES_EACH - len(fixed)]


@pytest.mark.parametrize("game", COIN_GAMES)
def test_3_1_an_operation_lists_exactly_the_spaces_its_refusals_allow(game, request):
    asked = 0
    for where, g in positions(game, _seeds(request)):
        rules, spaces = g.rules, g.rules.board.spaces
        for faction, ops in rules.op_names.items():
            for op in ops:
                proc = g.procs[rules.op_prefix + op]
                for limited in (False, True):
                    frame = {**rules.op_frame(g, op, limited, not limited), "op": op, "spaces": [],
                             "p": proc.name, "role": faction}
                    listed = proc.candidates(g, frame)
                    allowed = [s for s in spaces if proc.explain(g, frame, "space", s) is None]
                    assert listed == allowed, f"{where}: {op} (Limited: {limited}) lists {listed}; its refusals allow " \
                        f"{allowed}"
                    if (game, op) not in NO_SPACES:
                        assert proc.possible(g, frame) == bool(listed), \
                            f"{where}: {op} (Limited: {limited}) possible {proc.possible(g, frame)}, spaces {listed}"
                    asked += 1
    assert asked > 100, f"{game}: only {asked} Operations asked"


@pytest.mark.parametrize("game", sorted(SA_REFERENCES))
def test_4_1_a_special_activity_is_possible_exactly_when_it_has_something_to_do(game, request):
    asked = 0
    for where, g in positions(game, _seeds(request)):
        activities = g.rules.activities
        for name, reference in SA_REFERENCES[game].items():
            sa = g.procs[g.rules.op_prefix.replace(".op.", ".sa.") + name]
            expected = bool(reference(sa, g))
            assert activities.possible(g, name) == expected, f"{where}: {name} possible is not {expected}"
            asked += 1
    assert asked > 100, f"{game}: only {asked} Special Activities asked"
