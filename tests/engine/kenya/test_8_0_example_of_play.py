"""Golden test: the Kenya Example of Play (rulebook 8.0, L2595-2657), replayed as move files with the
example's two dice, the Outrage rolls 5 (L2627) and 1 (L2639); digest A9 (rules-digest-kenya-cyprus.md).

Each step of tests/data/kenya/example_of_play.json is one move file for one role; after it the position must
be the one the rulebook states, to the end of the Propaganda Round: Political Will 7 (L2651), Mau Mau
Resources 5 (L2652), Nairobi Loyal (L2653), the Pipeline at Prison System (3) (L2655). L2643 swaps the words
Operation and Special Activity; the step follows the paragraph's play, a Deploy with a Reward (ruling
R-8.0-ERRATA), and the literal reading is refused below.
"""

import pytest

import engine
from engine.core.chance import ScriptedChance
from engine.games.kenya import board as B
from engine.games.kenya.setup import EXAMPLE_CARDS

from ..golden import example_of_play, move, step_checker, views_hide_the_deck
from ..scripted import replay_steps
from .helpers import check

DATA = example_of_play("kenya")
STEPS = {step["id"]: step for step in DATA["steps"]}
ZERO = B.BOARD.empty_space()


def _start():
    s = engine.setup("kenya", DATA["scenario"], {}, ScriptedChance())
    assert s["current"] == "K19" and s["eligible"] == ["maumau", "british"]
    return s


#: Keys compared entry by entry: the step names only the entries the text states.
_check = step_checker(ZERO, partial=("available", "control", "resources", "population", "capabilities"))


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, check, upto)


def _move(s, step_id, actions, rolls=()):
    """Applies *actions* as one move file for the role of step *step_id*, with *rolls* as the dice."""
    return move(s, STEPS[step_id]["role"], actions, rolls=rolls)


def test_8_0_example_of_play_every_step_to_the_end_of_the_propaganda_round():
    s = _replay()
    assert s["pw"] == 7 and s["resources"] == {"maumau": 5} and s["pipeline"] == 3
    assert B.pipeline_name(s["pipeline"]) == "Prison System"
    assert s["outcome"] is None and s["propaganda"] == 1 and engine.active_roles(s) == ["maumau"]
    assert s["played"][:7] == EXAMPLE_CARDS == ["K19", "K31", "K17", "K25", "K20", "K7", "K35"]
    assert len(s["played"]) == 8 and s["current"] == s["played"][7]
    assert not any(x["terror"] or x["guerrillas_a"] for x in s["spaces"].values())
    # L2651: 6 Population at Resistance, in Meru, Embu, Fort Hall (2) and Kiambu.
    assert sum(s["population"][sid] for sid in ("meru", "embu", "kiambu")) == 4
    assert sum(s["population"][sid] for sid, x in s["spaces"].items() if x["support"] == -1) == 6


def test_8_0_each_step_states_the_political_will_the_text_gives():
    """The Political Will after each step as the text moves its marker: 12, 14 (L2605), 12 (L2619), 11 (L2631),
    10 (L2635), 9 (L2639), 11 then 13 (L2643), 7 (L2651)."""
    assert [step["expect"]["pw"] for step in DATA["steps"]] == [12, 14, 14, 14, 12, 12, 12, 11, 10, 9, 13, 7, 7,
                                                                7, 7, 7]
    assert [r for step in DATA["steps"] for r in step.get("rolls", [])] == [5, 1]


def test_8_0_mount_kenya_is_uncontrolled_between_the_reprisal_and_the_assault():
    """L2627: the Active Guerrilla the Reprisal moves makes Mount Kenya 4 Mau Mau pieces against 4 Troops,
    Uncontrolled (digest A9, audit correction 3); the Assault (L2629) makes it British again; Population 0,
    so Political Will does not move."""
    s = _replay("6")
    res, chance = _move(s, "7", ["box opsa", "op assault", "sa reprisal", "space nyeri",
                                 "move mount-kenya guerrilla-a"], rolls=[5])
    assert res.status == "accepted" and not chance.rolls
    mid = res.state
    assert mid["control"]["mount-kenya"] is None and mid["control"]["nyeri"] == "british"
    assert mid["spaces"]["mount-kenya"] == {**ZERO, "troops": 4, "bases": 1, "guerrillas_u": 1, "guerrillas_a": 2}
    assert mid["pw"] == 12
    assert "No Outrage after Reprisal: rolled 5, not lower than the Pipeline's 2." in [e["text"] for e in res.log]
    check(mid)


@pytest.mark.parametrize("actions, words, rule", [
    (["box opsa", "op reward"], "'reward' is no Operation", "3.1"),
    (["box opsa", "sa deploy"], "choose the Operation first", "4.1"),
    (["box opsa", "op deploy", "sa deploy"], "'deploy' is no Special Activity", "4.2"),
])
def test_8_0_r_8_0_errata_the_literal_reading_of_l2643_is_refused(actions, words, rule):
    """L2643 reads 'the Deploy Special Activity with the Reward Operation': Reward is no Operation (3.1) and
    Deploy no Special Activity (4.2), so the orders that reading needs are refused and change nothing; the
    step is played as a Deploy with a Reward (ruling R-8.0-ERRATA)."""
    s = _replay("10")
    assert s["current"] == "K7" and engine.active_roles(s) == ["british"]
    res, _ = _move(s, "11", actions)
    assert res.status == "rejected" and res.state is s and not res.applied
    err = res.error
    assert err["code"] == "illegal" and err["line"] == len(actions) and err["order"] == actions[-1]
    assert words in err["message"] and err["rule"].startswith(rule)


@pytest.mark.parametrize("step_id", ["1", "4", "8", "10"])
def test_8_0_example_of_play_views_hide_the_cards_still_to_come(step_id):
    """The next cards are hidden from both players and the public (2.2): no view holds the deck or names a card
    of the example still to be revealed, though the state's deck holds it; the number left is open."""
    s = _replay(step_id)
    views_hide_the_deck(s, ("maumau", "british", "public"), EXAMPLE_CARDS[len(s["played"]):])
