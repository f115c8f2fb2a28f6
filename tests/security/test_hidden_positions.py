"""Issue 22, attack 1: no output names a hidden item or anything derived from one (which pile a card is
in), checked against the hidden facts themselves.

Two Arab Revolt games are set up alike except for the one hidden fact an attacker wanted: which pile
holds A34, the Munich Conference (its card text depends on "the unpredictable timing of this Propaganda
Event"). Everything a seat or the public can see (each view, every setup outcome as the dice record and
the log publish it) must be the same in both. Counting card ids cannot see this leak: A34 was named once
either way ("deck: shuffle A34 into the bottom of pile 1").
"""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, SeededChance
from service.games import public_outcome

PROPAGANDA = "deck: shuffle the Propaganda cards"


class PilesChosen(SeededChance):
    """A seeded source whose Propaganda shuffle is the order given: the twins differ in that alone."""

    def __init__(self, seed: int, propaganda: list[str]):
        super().__init__(seed, context="setup")
        self.propaganda = propaganda

    def shuffle(self, items, label):
        if label == PROPAGANDA:
            assert sorted(items) == sorted(self.propaganda)
            return list(self.propaganda)
        return super().shuffle(items, label)


def twin(seed: int, propaganda: list[str]) -> tuple[dict, list[dict]]:
    """An Arab Revolt game set up with the Propaganda cards in *propaganda*'s order (one a pile), and its
    setup outcomes as the service records them for the public (``public_outcome`` before the reveal)."""
    chance = Recorder(PilesChosen(seed, propaganda))
    state = engine.setup("arab-revolt", "standard", {}, chance)
    return state, [public_outcome(o, revealed=False) for o in chance.outcomes]


def pile_of(state: dict, card: str) -> int:
    """Which pile (1, 2...) of the stacked deck holds *card*: the hidden fact."""
    props = [c for c in state["deck"] if engine.definition("arab-revolt").rules.card(c)["kind"] == "propaganda"]
    return props.index(card) + 1


@pytest.mark.parametrize("seed", [1, 7, 42])
def test_22_1_which_pile_holds_munich_shows_in_no_output(seed):
    first, first_out = twin(seed, ["A34", "A33", "A35"])
    second, second_out = twin(seed, ["A33", "A34", "A35"])
    assert pile_of(first, "A34") != pile_of(second, "A34"), "the twins must differ in the hidden fact"
    assert first["current"] == second["current"], "the twins must agree in every public fact"
    assert canonical.dumps(first_out) == canonical.dumps(second_out), "a setup outcome tells the piles apart"
    for role in ("rebels", "british", "public"):
        a, b = canonical.dumps(engine.view(first, role)), canonical.dumps(engine.view(second, role))
        assert a == b, f"the {role} view tells where A34 is"
    labels = " | ".join(o["label"] for o in first_out)
    assert "A34" not in labels and "A33" not in labels and "A35" not in labels


def test_22_1_a_stored_label_naming_a_card_is_not_published_before_the_reveal():
    """Games set up before the fix stored "deck: shuffle A34 into the bottom of pile 1": the dice record and
    the log publish a hidden shuffle without its label (and without its items and order) until the seed is
    revealed; then everything."""
    old = {"scheme": "umpire-dice/1", "n": 0, "k": 3, "kind": "shuffle", "digest": "d", "entropy": "",
           "label": "deck: shuffle A34 into the bottom of pile 1", "items": ["A5", "A9", "A34"],
           "value": ["A9", "A34", "A5"]}
    shown = public_outcome(old, revealed=False)
    assert "A34" not in canonical.dumps(shown) and shown["size"] == 3
    assert public_outcome(old, revealed=True) == old
