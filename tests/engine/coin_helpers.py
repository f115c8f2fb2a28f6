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


class Driver:
    """The one driver a game's tests give their orders with, as ``engine.api`` applies them (checked against
    the prompt's legal actions, refused with the procedure's reason, ``act`` and ``settle``), the game's
    invariants (*check*) asserted after each order; and what the tests look at (the prompt, the log)."""

    def __init__(self, check: Callable[[dict], None]):
        self.check = check

    def do(self, g: Context, *orders: str, after: Callable[[Context], None] | None = None) -> Context:
        """Gives each order to the frame on top: one the prompt does not list is refused
        (``engine.api.refusal``); after each, the invariants hold (and *after(g)*)."""
        from engine import api
        from engine.core import notation
        for order in orders:
            f = g.top()
            p = g.proc(f)
            actions = p.prompt(g, f)
            verb, arg = notation.split(order)
            args = actions.get(verb)
            if args is None or (arg is None and args) or (arg is not None and arg not in args):
                raise api.refusal(g, f, p, f"{order!r} is not allowed now", verb, arg, actions)
            p.act(g, f, verb, arg)
            g.settle()
            self.check(g.s)
            if after is not None:
                after(g)
        return g

    def refused(self, g: Context, order: str, *words: str, match: str | None = None, rule: str | None = None,
                own: bool = True) -> str:
        """*order* is refused as ``engine.api`` refuses it, the state unchanged; the reason is the procedure's
        own (unless *own* is false), holds each of *words*, matches *match*; *rule* the rule it names."""
        import re

        import pytest

        from engine import api
        from engine.core import notation
        from engine.core.errors import IllegalActionError
        before = repr(g.s)
        f = g.top()
        p = g.proc(f)
        with pytest.raises(IllegalActionError) as e:
            self.do(g, order)
        err = e.value
        reason, given = api.explain(g, f, p, *notation.split(order), err.legal)
        assert given or not own, reason
        for w in words:
            assert w in reason, (w, reason)
        if match is not None:
            assert re.search(match, reason), (match, reason)
        if rule is not None:
            assert err.rule == rule, (err.rule, str(err))
        assert repr(g.s) == before
        return reason

    @staticmethod
    def legal(g: Context) -> dict:
        f = g.top()
        return g.proc(f).prompt(g, f)

    @staticmethod
    def prompt_text(g: Context) -> str:
        f = g.top()
        return g.proc(f).text(g, f)

    @staticmethod
    def role(g: Context) -> str:
        return g.top()["role"]

    @staticmethod
    def proc(g: Context) -> str | None:
        f = g.top()
        return f["p"] if f else None

    @staticmethod
    def over(g: Context) -> bool:
        return g.s["flow"] == []

    @staticmethod
    def said(g: Context) -> str:
        return "\n".join(e["text"] for e in g.log)

    def finish(self, g: Context) -> Context:
        """``done`` while anything is left to decide."""
        while not self.over(g):
            self.do(g, "done")
        return g
