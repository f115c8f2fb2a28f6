"""The fuzz of every registered game (tests/engine/test_fuzz_all.py), run on Kenya while it is unregistered
(issue 28), with the same checks after every step, over the same seeds (half new each run): no negative
count, no dead end, the state round-trips through canonical JSON, every prompt's words declared and every
order it lists accepted, every word its text offers legal, every refused argument explained, Kenya's
invariants (Control and Political Will consistent, pieces conserved, tracks in range), every Event text
included. When Kenya is registered this file goes: the generic fuzz covers it."""

from __future__ import annotations

from collections import defaultdict

import pytest

import engine
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.core.errors import IllegalActionError, InvalidActionError
from engine.playout import choose

from ..test_fuzz_all import _negative, _seeds, offered_words, unexplained


def test_fuzz_kenya(kenya, request):
    ended = 0
    for seed in _seeds(request.config):
        state = engine.setup("kenya", "standard", {}, SeededChance(seed, context="setup"))
        picker, other = SeededChance(seed, context="picker"), SeededChance(seed, context="other")
        dice = SeededChance(seed, context="dice")
        probe, seen = SeededChance(seed, context="probe"), defaultdict(set)
        for n in range(kenya.max_actions + 1):
            where = f"kenya seed {seed} action {n}"
            if engine.outcome(state):
                ended += 1
                break
            roles = engine.active_roles(state)
            assert roles, f"{where}: a dead end"
            prompt = engine.prompt(state, roles[0])
            assert prompt["actions"] == engine.legal_actions(state, roles[0]), where
            assert set(prompt["actions"]) <= kenya.verbs, f"{where}: order words the game does not declare: " \
                f"{sorted(set(prompt['actions']) - kenya.verbs)}"
            offered = offered_words(prompt["text"], kenya.verbs) - set(prompt["actions"])
            assert not offered, f"{where}: the prompt {prompt['text']!r} offers {sorted(offered)}, not legal now"
            for verb, args in prompt["actions"].items():
                seen[verb].update(args)
            bare = unexplained(state, roles[0], prompt["actions"], seen, probe)
            assert not bare, f"{where}: refusals without a reason of their own: {bare}"
            actions = prompt["actions"]
            alt = choose(actions, other)
            try:
                engine.apply(state, roles[0], alt, SeededChance(seed, context="alt"))
            except (IllegalActionError, InvalidActionError) as e:
                pytest.fail(f"{where}: the prompt lists {alt!r}, which the rules refuse: {e.message}")
            engine.apply_in_place(state, roles[0], choose(actions, picker), dice)
            assert not _negative(state), f"{where}: negative counts at {_negative(state)}"
            assert canonical.loads(canonical.dumps(state)) == state, where
            assert not kenya.invariants(state), f"{where}: {kenya.invariants(state)}"
        else:
            pytest.fail(f"kenya seed {seed}: no end after {kenya.max_actions} actions (a runaway)")
    assert ended == len(_seeds(request.config))
