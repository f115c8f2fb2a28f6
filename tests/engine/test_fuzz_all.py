"""One fuzz over every registered game (issue 23, item 7): random legal playouts to the end, new seeds each run
(tests/conftest.py prints the base; ``--fuzz-base`` or ``UMPIRE_FUZZ_BASE`` replays a run), with the game's own
invariants (``GameDefinition.invariants``) and the generic ones after every step: no count in the state is negative,
somebody must act until the game ends, the state round-trips through canonical JSON, the view's prompt is the
prompt's, every order word a prompt offers is one the game declares (its own registry, issue 23, item 2), every
order a prompt lists is accepted (a second order, picked from the prompt, applied to a copy: a prompt that offers an
order the rules then refuse is a bug), every order word the prompt's text offers ("or done", "(move FROM TO)") is
legal now, and every refused argument of an offered word gets the procedure's own reason (issue 24, items 1 and 2:
an argument seen legal elsewhere in the game, refused here, must be explained by ``Procedure.explain``, never left
to the generic "not one of the choices")."""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

import engine
from engine.api import _context, explain
from engine.coin.position_checks import LEVEL_KEYS
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.core.errors import IllegalActionError, InvalidActionError
from engine.playout import choose

from ..conftest import fuzz_seeds
from .games_common import first_scenario


def _negative(value, path: str = "") -> list[str]:
    """Every count below 0 in *value*; a space's level (``support``, below 0 toward Opposition) is no count
    (engine.coin.position_checks.LEVEL_KEYS)."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [path] if value < 0 else []
    if isinstance(value, dict):
        return [p for k, v in value.items() if k not in ("flow", "log", *LEVEL_KEYS)
                for p in _negative(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _negative(v, f"{path}[{i}]")]
    return []


def _seeds(config) -> list[int]:
    """Every seed of the suite's fuzz for each game (GAME-STANDARD.md: 200 in the suite; ``--fuzz-seeds N`` for
    a longer run), half fixed and half new each run (tests/conftest.py)."""
    return fuzz_seeds(config)


def offered_words(text: str, verbs: frozenset[str]) -> set[str]:
    """The order words a prompt's *text* offers: the first word of each parenthesis and each word after
    "or", where it is one of the game's order words."""
    found = re.findall(r"\(([a-z-]+)\b", text) + re.findall(r"\bor \(?([a-z-]+)\b", text)
    return {w for w in found if w in verbs}


def unexplained(state: dict, role: str, legal: dict, seen: dict[str, set[str]], chooser: SeededChance) -> list[str]:
    """Refused orders of an offered word (an argument seen legal elsewhere in the game) whose refusal has
    no reason of the procedure's own."""
    defn = engine.definition(state["game"])
    g = _context(state, None, defn)
    f = g.top()
    p = g.proc(f)
    out = []
    for verb, args in legal.items():
        pool = sorted(seen[verb] - set(args)) if args else []
        if not pool:
            continue
        arg = pool[chooser.integer(len(pool))]
        reason, given = explain(g, f, p, verb, arg, legal)
        if not given:
            out.append(f"{verb} {arg} at {f['p']} ({p.text(g, f)}): {reason}")
    return out


@pytest.mark.parametrize("game", sorted(g["slug"] for g in engine.games()))
def test_fuzz_every_registered_game(game, request):
    defn = engine.definition(game)
    for seed in _seeds(request.config):
        state = engine.setup(game, first_scenario(game), {}, SeededChance(seed, context="setup"))
        picker, other = SeededChance(seed, context="picker"), SeededChance(seed, context="other")
        dice = SeededChance(seed, context="dice")
        probe, seen = SeededChance(seed, context="probe"), defaultdict(set)
        for n in range(defn.max_actions + 1):
            where = f"{game} seed {seed} action {n}"
            if engine.outcome(state):
                break
            roles = engine.active_roles(state)
            assert roles, f"{where}: a dead end"
            prompt = engine.prompt(state, roles[0])
            assert prompt["actions"] == engine.legal_actions(state, roles[0]), where
            assert engine.view(state, roles[0])["prompt"] == prompt, f"{where}: the view's prompt is not engine.prompt's"
            assert set(prompt["actions"]) <= defn.verbs, f"{where}: order words the game does not declare: " \
                f"{sorted(set(prompt['actions']) - defn.verbs)}"
            offered = offered_words(prompt["text"], defn.verbs) - set(prompt["actions"])
            assert not offered, f"{where}: the prompt {prompt['text']!r} offers {sorted(offered)}, not legal now"
            for verb, args in prompt["actions"].items():
                seen[verb].update(args)
            bare = unexplained(state, roles[0], prompt["actions"], seen, probe)
            assert not bare, f"{where}: refusals without a reason of their own: {bare}"
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
