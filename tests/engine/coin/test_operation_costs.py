"""An Operation's declared most a space costs (``Operation.most_cost``, rule 3.1 of the games whose Operations
cost Resources) is never less than what any space costs: while a faction holds that much, the space test
asks no cost (``Operation.affordable``), so a wrong figure would offer a space the faction cannot pay for.
Checked for every Operation of every registered game that declares one, in every space, both full and
Limited, over positions of random games."""

from __future__ import annotations

import random

import pytest

import engine
from engine import api
from engine.core.chance import SeededChance
from engine.core.flow import Context
from engine.playout import choose

from ..games_common import COIN_GAMES

GAMES = list(COIN_GAMES)
COSTED = [(slug, name) for slug in GAMES for name in sorted(api.definition(slug).procedures.names())
          if getattr(api.definition(slug).procedures[name], "most_cost", None) is not None]


def test_3_1_some_operation_declares_its_most_cost():
    assert {slug for slug, _ in COSTED} >= {"malaya"}


@pytest.mark.parametrize("slug", sorted({slug for slug, _ in COSTED}))
def test_3_1_no_space_costs_more_than_the_declared_most(slug):
    defn = api.definition(slug)
    procs = [defn.procedures[name] for s, name in COSTED if s == slug]
    for seed in range(8):
        state = engine.setup(slug, "standard", {}, SeededChance(seed, context="setup"))
        picks = SeededChance(seed, context="picks")
        for _ in range(random.Random(seed).randrange(20, 200)):
            if engine.outcome(state):
                break
            role = engine.active_roles(state)[0]
            engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picks),
                                  SeededChance(seed, context="d"))
        g = Context(state, api._NO_RECORDER, defn.rules, defn.procedures)
        for proc in procs:
            for limited in (False, True):
                f = defn.rules.op_frame(g, proc.op, limited, not limited)
                for sid in defn.rules.board.spaces:
                    assert proc.cost(g, f, sid) <= proc.most_cost, (seed, proc.name, sid)
