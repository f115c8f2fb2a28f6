"""Tiny: the smallest game that plugs into Umpire (issue 23, item 3), to prove the generic layers know no
game. Red and Blue in turn add to one counter a die roll or 1 to 3; whoever brings it to 20 wins (T3); if
nobody has after the scenario's turns, the game is a draw (T4): the outcome ``{"winner": None, ...}``.

It is declared like the real games, by its distribution's ``umpire.games`` entry point (tests/plugin_game/
conftest.py writes one), and nothing outside this package names it.
"""

from __future__ import annotations

from engine.core import canonical, notation
from engine.core.flow import Procedure, procedure
from engine.core.game import GameDefinition

ROLES = ("red", "blue")
GOAL = 20
TURNS = {"standard": 20, "short": 2}
notation.declare(__name__, {"roll", "add"})


@procedure
class Turn(Procedure):
    """T2: the role to act rolls a die or adds 1 to 3; T3 and T4 end the game."""

    name = "tiny.turn"
    rule = "T2"

    def prompt(self, g, f):
        return {"roll": [], "add": ["1", "2", "3"]}

    def text(self, g, f):
        return f"{f['role'].title()}: roll a die or add 1 to 3 (the counter is at {g.s['counter']})"

    def act(self, g, f, verb, arg):
        s, role = g.s, f["role"]
        n = g.roll(f"{role}'s die") if verb == "roll" else int(arg)
        s["counter"] += n
        s["turn"] += 1
        g.say(f"{role.title()} added {n}: the counter is at {s['counter']}.", faction=role, rule="T2")
        if s["counter"] >= GOAL:
            s["outcome"] = {"winner": role, "reason": f"{role} brought the counter to {GOAL} (T3)"}
        elif s["turn"] >= s["turns"]:
            s["outcome"] = {"winner": None, "reason": f"a draw: nobody reached {GOAL} in {s['turns']} turns (T4)"}
        else:
            g.goto(self.name, ROLES[1 - ROLES.index(role)])


def setup(scenario, options, g):
    return {"game": "tinygame", "scenario": scenario, "options": options, "seq": 0, "counter": 0, "turn": 0,
            "turns": TURNS[scenario], "outcome": None, "flow": [{"p": Turn.name, "role": ROLES[0]}]}


def view(state, role):
    return {**{k: canonical.copy(v) for k, v in state.items() if k != "flow"}, "role": role}


def facts(v):
    return [{"label": "Counter", "value": f"{v['counter']} of {GOAL}"},
            {"label": "Turns", "value": f"{v['turn']} of {v['turns']}"}]


def invariants(state):
    out = [] if 0 <= state["counter"] < GOAL + 6 else [f"the counter is {state['counter']} (T2)"]
    return out + ([] if 0 <= state["turn"] <= state["turns"] else [f"turn {state['turn']} (T4)"])


DEFINITION = GameDefinition(
    slug="tinygame", title="Tiny: First to Twenty", roles=ROLES,
    scenarios={"standard": f"first to {GOAL}, a draw after {TURNS['standard']} turns",
               "short": f"a draw after {TURNS['short']} turns"},
    options={}, setup=setup, view=view, facts=facts, invariants=invariants, protected=frozenset({"turns"}),
    persisted={1: frozenset({Turn.name})}, max_actions=TURNS["standard"])
