"""Fuzz: random legal playouts of Palestine to the end (DESIGN.md section 9).

At every step: no exception, no dead end, the state round-trips through canonical JSON, the public
``apply`` leaves its input unmodified, piece totals are conserved, Political Will stays in 0..20, and no
view shows a card of the deck or the set-aside Events. ``--fuzz-seeds N`` sets the number of playouts
(default 200): half fixed, half new each run (``--fuzz-base`` replays them; tests/conftest.py). No verb that
needs an argument is offered without one.
"""

import re

import engine
from engine.coin import deck
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.games.palestine import board as B
from engine.playout import choose

from ...conftest import fuzz_seeds

#: The orders that take no argument; every other verb is offered with a list of arguments.
ARGLESS = {"done", "pass", "roll", "draw", "curfew", "terror", "unshaded", "shaded", "event"}


def _check_step(before: dict, role: str, action: str, step, dice_seed: int) -> None:
    s = step.state
    assert canonical.loads(canonical.dumps(s)) == s
    assert B.count_pieces(s) == B.TOTALS, action
    assert 0 <= s["pw"] <= 20
    assert 0 <= s["haganah"] <= 4
    assert all(v >= 0 for x in s["spaces"].values() for v in x.values()), action
    assert all(x["caches"] <= 2 for x in s["spaces"].values())
    assert all(s["spaces"][r]["caches"] == 0 for r in B.RAILWAYS)
    assert sum(x["curfew"] for x in s["spaces"].values()) <= 3
    assert all(not x["curfew"] or (x["troops"] + x["police"]) for x in s["spaces"].values())
    if not engine.outcome(s):
        roles = engine.active_roles(s)
        legal = engine.legal_actions(s, roles[0]) if roles else {}
        assert roles and legal, "dead end"
        for verb, args in legal.items():  # an order that needs an argument is never offered without one
            assert bool(args) != (verb in ARGLESS), f"{verb} offered with {args!r} ({action})"
    hidden = deck.remaining(s)  # the unrevealed cards: what the deck may still reveal, and the set-aside ones
    for r in ("irgun", "british", "public"):
        text = canonical.dumps(engine.view(s, r))
        shown = set(re.findall(r'"(P\d+)"', text))
        assert not (shown & hidden), f"view of {r} shows hidden cards {shown & hidden}"


def _fuzz_one(seed: int) -> int:
    state = engine.setup("palestine", "standard", {}, SeededChance(seed, context="setup"))
    picker = SeededChance(seed, context="picker")
    dice = SeededChance(seed, context="dice")
    n = 0
    while not engine.outcome(state):
        role = engine.active_roles(state)[0]
        legal = engine.legal_actions(state, role)
        action = choose(legal, picker)
        assert engine.parse(state, role, engine.describe(state, role, action)) == action
        frozen = canonical.dumps(state)
        step = engine.apply(state, role, action, dice)
        assert canonical.dumps(state) == frozen, "apply modified its input"
        _check_step(state, role, action, step, seed)
        state = step.state
        n += 1
        assert n < 5000, "runaway game"
    assert engine.outcome(state)["winner"] in ("irgun", "british")
    return n


def test_fuzz_random_playouts(request):
    lengths = []
    for seed in fuzz_seeds(request.config):
        try:
            lengths.append(_fuzz_one(seed))
        except Exception as e:  # name the seed, so that the run can be replayed
            raise AssertionError(f"palestine fuzz seed {seed} (replay: _fuzz_one({seed})): {e!r}") from e
    assert min(lengths) > 0


def test_fuzz_example_of_play_scenario_plays_to_the_end():
    state = engine.setup("palestine", "example-of-play", {}, SeededChance(5, context="setup"))
    picker, dice = SeededChance(5, context="p"), SeededChance(5, context="d")
    while not engine.outcome(state):
        role = engine.active_roles(state)[0]
        engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picker), dice)
    assert state["propaganda"] in (1, 2, 3)
    # The Example of Play's cards came first, in their order (8.0), whatever the seed.
    assert state["played"][:7] == ["P31", "P10", "P27", "P25", "P7", "P8", "P35"]
    assert engine.definition("palestine").verbs  # the game's own order words (issue 23, item 2)
