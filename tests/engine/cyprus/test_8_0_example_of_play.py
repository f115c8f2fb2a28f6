"""Golden test: the Cyprus Example of Play (rulebook 8.0, L3572-3637), replayed as move files with the example's
chance; digest B9 (rules-digest-kenya-cyprus.md).

Each step of tests/data/cyprus/example_of_play.json is one move file for one role; after it the position must
be the one the rulebook states, to the end of the Propaganda Round: Political Will 12 (L3632), International
Opinion 2 (L3635), three Cells in Prison (L3635), EOKA 1st Eligible. The chance is the example's: the Intel
Chits drawn, 2 (L3582) and 1 (L3633), and the Sabotage rolls 2, 4, 6 and 3 (L3596); the Diplomacy roll at
L3612 is not given, only that it fails, so the step rolls a 2 (any roll not above International Opinion's 2
would do, and a 3 would not: tested below); the Ambush at L3614 cannot fail with no cube in Larnaca, so the
step rolls a 4. The fifth card's Travel follows the caption (ruling R-8.0-TRAVEL): the literal text's Travel
leaves Nicosia with one Underground Cell against two Police, and the Infiltrate that follows is refused (4.3.2).
"""

import json

import pytest

import engine
from engine.core.chance import ScriptedChance
from engine.games.cyprus import board as B
from engine.games.cyprus.setup import EXAMPLE_CARDS

from ..golden import example_of_play, move, step_checker, views_hide_the_deck
from ..scripted import replay_steps
from .helpers import check

DATA = example_of_play("cyprus")
STEPS = {step["id"]: step for step in DATA["steps"]}
ZERO = B.BOARD.empty_space()
#: The whole stock of each kind of piece (1.2, L3205: 12 Troops, 6 Police, 12 Cells, 4 Arms Caches).
STOCK = {"troops": 12, "police": 6, "cells": 12, "caches": 4}


def _start():
    s = engine.setup("cyprus", DATA["scenario"], {}, ScriptedChance())
    assert s["current"] == "C3" and s["eligible"] == ["eoka", "british"]
    return s


def _intel(s, key, want, step_id) -> bool:
    """The Intel Chits: those held, in order; the bag's, in any order."""
    if key != "intel":
        return False
    assert s["intel"]["held"] == want["held"], f"step {step_id}: chits held"
    assert sorted(s["intel"]["bag"]) == want["bag"], f"step {step_id}: the bag"
    return True


#: Available and the Capabilities compared entry by entry: the step names only the entries the text states.
_check = step_checker(ZERO, partial=("available", "capabilities"), own=_intel)


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, check, upto)


def _before(step_id):
    """The position just before step *step_id*."""
    ids = list(STEPS)
    i = ids.index(step_id)
    return _replay(ids[i - 1]) if i else _start()


def _pieces(s, key):
    return sum(x[key] for x in s["spaces"].values())


def test_8_0_example_of_play_every_step_to_the_end_of_the_propaganda_round():
    s = _replay()
    assert s["pw"] == 12 and s["io"] == 2 and B.io_label(s["io"]) == "Debated (2)" and s["prison"] == 3
    assert s["outcome"] is None and s["propaganda"] == 1 and engine.active_roles(s) == ["eoka"]
    assert s["eligible"] == ["eoka", "british"] and s["capabilities"] == {"C13": "shaded"}
    assert s["played"][:7] == EXAMPLE_CARDS == ["C3", "C21", "C11", "C6", "C19", "C13", "C35"]
    assert len(s["played"]) == 8 and s["current"] == s["played"][7]
    # L3635: every Curfew and Sabotage marker gone, every Cell Underground; the British hold the 1 chit.
    assert not any(x["curfew"] or x["sabotage"] or x["cells_a"] for x in s["spaces"].values())
    assert s["intel"]["held"] == [1] and len(s["intel"]["bag"]) == 8
    # Digest B9's final map: Nicosia 4 Cells, 6 Troops, 4 Police; Famagusta 1 Cell, 3 Troops; Limassol 3 Troops;
    # an Arms Cache in Larnaca and one with a Cell in the Kyrenia Mountains; nothing elsewhere.
    occupied = {sid: {k: v for k, v in x.items() if v} for sid, x in s["spaces"].items() if any(x.values())}
    assert occupied == {"nicosia": {"cells_u": 4, "troops": 6, "police": 4}, "famagusta": {"cells_u": 1, "troops": 3},
                        "limassol": {"troops": 3}, "larnaca": {"caches": 1}, "kyrenia": {"cells_u": 1, "caches": 1}}
    assert s["available"] == {"troops": 0, "police": 2, "cells": 3, "caches": 2}
    # Every piece accounted for (1.2): the map, Available and, for Cells, the Prison.
    on_map = {"troops": _pieces(s, "troops"), "police": _pieces(s, "police"), "caches": _pieces(s, "caches"),
              "cells": _pieces(s, "cells_u") + _pieces(s, "cells_a") + s["prison"]}
    assert {k: on_map[k] + s["available"][k] for k in STOCK} == STOCK


def test_8_0_each_step_states_the_political_will_and_international_opinion_the_text_gives():
    """Political Will stays at 14 until the Propaganda Round lowers it to 12 (L3632). International Opinion: 2
    at setup, 1 after the Diplomacy (L3590), 2 after the Propagandize (L3602), 2 still after the failed Diplomacy
    (L3612), 3 from the five Cells in Prison (L3632), 2 at the Reset (L3635). The chance is the example's."""
    assert [step["expect"]["pw"] for step in DATA["steps"]] == [14] * 11 + [12] * 4
    assert [step["expect"]["io"] for step in DATA["steps"]] == [2, 2, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 2]
    assert [r for step in DATA["steps"] for r in step.get("rolls", [])] == [2, 4, 6, 3, 2, 4]
    assert [d for step in DATA["steps"] for d in step.get("draws", [])] == [2, 1]


@pytest.mark.parametrize("die, io", [(1, 2), (2, 2), (3, 1)])
def test_8_0_the_diplomacy_roll_the_text_leaves_unstated_fails_on_1_or_2_only(die, io):
    """L3612: four Towns have Sabotage or Curfew markers, so Diplomacy needs a roll above International
    Opinion's 2 (4.2.2); "This roll fails": a 1 or a 2. The step's 2 is one of them; a 3 would have shifted the
    track to Discussed, which the text rules out."""
    step = STEPS["7"]
    res, chance = move(_before("7"), "british", step["actions"], rolls=[die])
    assert res.status == "accepted" and not chance.rolls
    assert res.state["io"] == io and res.state["prison"] == 3
    check(res.state)


def test_8_0_r_8_0_travel_the_literal_travel_leaves_infiltrate_no_space_and_it_is_refused():
    """Step 9 (digest B9 17-18) with L3618 read literally: one Active Cell from Paphos to Nicosia, the Larnaca
    Cell to the Kyrenia Mountains and the Karpas Cell to Akrotiri. Nicosia then has one Underground Cell against
    two Police, so the Infiltrate the text plays there next is refused, naming 4.3.2, and the move file changes
    nothing; the example is played as its caption says (L3620, ruling R-8.0-TRAVEL)."""
    s = _before("9")
    assert s["current"] == "C19" and engine.active_roles(s) == ["eoka"]
    travel = ["box opsa", "op travel", "space paphos", "move nicosia active", "done", "space larnaca",
              "move kyrenia active", "done", "space karpas", "move akrotiri active", "done"]
    res, _ = move(s, "eoka", travel)
    assert res.status == "accepted"
    assert res.state["spaces"]["nicosia"] == {**ZERO, "cells_u": 1, "police": 2, "sabotage": 1}
    assert res.state["spaces"]["paphos"] == {**ZERO, "cells_u": 1}  # its Underground Cell stays
    assert "infiltrate" not in engine.legal_actions(res.state, "eoka")["sa"]
    literal = [*travel, "sa infiltrate", "space nicosia"]
    res, _ = move(s, "eoka", literal)
    assert res.status == "rejected" and res.state is s and not res.applied
    err = res.error
    assert err["code"] == "illegal" and err["order"] == "sa infiltrate" and err["line"] == len(travel) + 1
    assert err["rule"].startswith("4.3.2") and "(4.3.2" in err["message"]
    assert "Nicosia has 2 Police cubes and 1 Underground Cell" in err["message"]


def test_8_0_the_alternatives_the_text_names_are_offered():
    """The example names plays it did not make: Smuggle could move an Arms Cache to an adjacent space with a
    Cell instead (L3578); the Search could spend the Intel Chit in a Town instead of a Curfew (L3588); the
    Limited Assault could take a second space by an Intelligence Lead with the chit (L3604). Each is offered
    where the text says."""
    step = STEPS["1"]
    res, _ = move(_before("1"), "eoka", step["actions"][:step["actions"].index("sa smuggle") + 1])
    legal = engine.legal_actions(res.state, "eoka")
    assert "paphos" in legal["place"] and "troodos paphos" in legal["move"]
    step = STEPS["3"]
    res, _ = move(_before("3"), "british", step["actions"][:step["actions"].index("curfew")])
    assert engine.legal_actions(res.state, "british") == {"curfew": [], "chit": ["2"]}
    res, _ = move(_before("6"), "british", ["box limited", "op assault"])
    assert engine.legal_actions(res.state, "british")["lead"] == ["2"]


def test_8_0_the_troodos_arms_cache_cannot_pay_for_the_offensive():
    """L3596: "they could not remove the Arms Cache in Troodos for an Offensive, as there are British cubes
    there" (2.3.7): only the Paphos Cache is offered, and the Troodos one is refused with the reason."""
    s = _before("5")
    res, _ = move(s, "eoka", ["box opsa", "op sabotage"])
    assert engine.legal_actions(res.state, "eoka")["offensive"] == ["paphos"]
    res, _ = move(s, "eoka", ["box opsa", "op sabotage", "offensive troodos"])
    assert res.status == "rejected" and res.state is s
    assert res.error["rule"] == "2.3.7" and "Troodos Mountains has 6 Troops" in res.error["message"]


@pytest.mark.parametrize("step_id", ["1", "2", "7", "13", "15"])
def test_8_0_example_of_play_views_hide_the_cards_to_come_and_the_chits_in_the_bag(step_id):
    """The next cards are hidden from both players and the public (2.2): no view holds the deck or names a card
    of the example still to be revealed, though the state's deck holds it. The Intel Chits the British hold are
    open (1.6.1, L3273); of the bag only the number of chits is shown, never which they are."""
    s = _replay(step_id)
    views = views_hide_the_deck(s, ("eoka", "british", "public"), EXAMPLE_CARDS[len(s["played"]):])
    for role, v in views.items():
        assert v["intel"] == {"held": s["intel"]["held"], "bag_size": len(s["intel"]["bag"])}
        assert '"bag"' not in json.dumps(v), role
