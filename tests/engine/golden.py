"""The golden tests of the Examples of Play (rulebook 8.0), shared by the games' test_8_0_example_of_play
modules: the steps of tests/data/<game>/example_of_play.json, the check of the position after each step against
what the step says the text states, one move file played with the example's chance, and the views that must
hide the deck. The replay itself is tests/engine/scripted.py's ``replay_steps``; each game's test gives its own
start, invariants and the keys of its own state that need a check of their own."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

import engine
from engine.coin import deck
from engine.core.chance import ScriptedChance
from engine.core.moves import apply_move

DATA = Path(__file__).parents[1] / "data"

#: A check of the position after a step: ``check(state, expect, step id)``.
StepCheck = Callable[[dict, dict, str], None]
#: A game's check of one key of its own: ``own(state, key, want, step id)``, True where it checked the key.
OwnCheck = Callable[[dict, str, object, str], bool]


def example_of_play(game: str) -> dict:
    """tests/data/*game*/example_of_play.json: the scenario and the steps, each one move file for one role."""
    return json.loads((DATA / game / "example_of_play.json").read_text())


def step_checker(zero: dict, partial: Iterable[str] = (), own: OwnCheck | None = None) -> StepCheck:
    """The check after each step: every space the step names holds exactly the pieces and markers it lists
    (the rest 0, as in *zero*); a key in *partial* is compared entry by entry (the step names only the entries
    the text states); a key *own* checks is the game's; any other key equals the step's value."""
    partial = tuple(partial)

    def check(s: dict, expect: dict, step_id: str) -> None:
        for key, want in expect.items():
            if key == "spaces":
                for sid, pieces in want.items():
                    assert s["spaces"][sid] == {**zero, **pieces}, f"step {step_id}: {sid}"
            elif own is not None and own(s, key, want, step_id):
                continue
            elif key in partial:
                for k, v in want.items():
                    assert s[key][k] == v, f"step {step_id}: {key} {k}"
            else:
                assert s[key] == want, f"step {step_id}: {key}"

    return check


def move(s: dict, role: str, actions: list[str], rolls=(), draws=()):
    """Applies *actions* as one move file for *role* after the position *s*, with *rolls* and *draws* as the
    chance; returns the result and the chance (whose rolls and draws left show what the move did not use)."""
    chance = ScriptedChance(rolls=list(rolls), draws=list(draws))
    res = apply_move(s, role, actions, lambda n, applied, c=chance: c, after=s["seq"])
    return res, chance


def views_hide_the_deck(s: dict, roles: Iterable[str], to_come: Iterable[str] = ()) -> dict[str, dict]:
    """The draw deck is hidden (2.2): no role's view holds the deck or the unused cards, only the number left;
    and no view names a card of *to_come* (the example's cards still to be revealed), though the state's deck
    holds each. Returns the views by role."""
    to_come = list(to_come)
    stored = json.dumps(s["deck"])
    assert all(f'"{c}"' in stored for c in to_come)
    views = {}
    for role in roles:
        v = engine.view(s, role)
        assert "deck" not in v and "unused" not in v and v["deck_size"] == deck.size(s)
        shown = json.dumps(v)
        assert not [c for c in to_come if f'"{c}"' in shown], (role, to_come)
        views[role] = v
    return views
