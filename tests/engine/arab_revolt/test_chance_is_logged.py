"""Every roll and draw of Arab Revolt is followed in the log by what it did, a failure as much as a success
(issue 24, item 3): the die, what it was rolled against, whether it succeeded and what that changed; the
chits drawn and what became of them."""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import SeededChance
from engine.playout import choose
from engine.testing import Position

from .helpers import board, run, texts


def rebels(draws=(3, 1), **spaces):
    s = board("A13", first="rebels", draws=list(draws), **spaces)
    return run(s, f"chit {draws[0]}")[0]


def lines_with(log: list[dict], words: str) -> list[str]:
    return [e["text"] for e in log if words in e["text"]]


# -- dice -----------------------------------------------------------------------------------------------------

def test_4_3_2_coordinate_failed_roll_is_logged():
    s = rebels(samaria={"guerrillas_u": 3, "bases": 1, "police": 1})
    unity = s["unity"]
    s, log = run(s, "box opsa", "op rally", "sa coordinate", rolls=[6])
    assert lines_with(log, "Rebels rolled 6 for Coordinate") == [
        "Rebels rolled 6 for Coordinate against 1 Rebel Base(s) on the map: fails (needs 1 or less): the Unity "
        "Track does not shift."]
    assert s["unity"] == unity


def test_4_3_2_coordinate_successful_roll_is_logged_with_its_shift():
    s = rebels(samaria={"guerrillas_u": 3, "bases": 1, "police": 1})
    unity = s["unity"]
    s, log = run(s, "box opsa", "op rally", "sa coordinate", rolls=[1])
    assert lines_with(log, "Rebels rolled 1 for Coordinate") == [
        "Rebels rolled 1 for Coordinate against 1 Rebel Base(s) on the map: succeeds (needs 1 or less): the Unity "
        "Track shifts toward Centralized."]
    assert lines_with(log, "The Unity Track shifted toward Centralized") and s["unity"] == unity + 1


def test_a2_central_war_committee_modifier_is_logged_with_the_total():
    s = rebels(samaria={"guerrillas_u": 3, "bases": 1, "police": 1})
    s["capabilities"]["A2"] = "unshaded"
    s, log = run(s, "box opsa", "op rally", "sa coordinate", rolls=[1])
    assert ("Rebels rolled 1 (+1 for Central War Committee, A2: 2) for Coordinate against 1 Rebel Base(s) on the "
            "map: fails (needs 1 or less): the Unity Track does not shift.") in texts(log)


def test_4_2_2_divide_failed_roll_is_logged():
    s = board(samaria={"troops": 3, "guerrillas_a": 1}, gaza={"irregulars_u": 1})
    unity = s["unity"]
    s, log = run(s, "box opsa", "op deploy", "sa divide", "roll", rolls=[5])
    assert lines_with(log, "British rolled") == [
        "British rolled 5 for Divide against 1 Irregular(s) on the map: fails (needs 1 or less): the Unity Track "
        "does not shift."]
    assert s["unity"] == unity


def test_4_2_2_divide_successful_roll_is_logged_with_its_shift():
    s = board(samaria={"troops": 3, "guerrillas_a": 1}, gaza={"irregulars_u": 1})
    unity = s["unity"]
    s, log = run(s, "box opsa", "op deploy", "sa divide", "roll", rolls=[1])
    assert lines_with(log, "British rolled") == [
        "British rolled 1 for Divide against 1 Irregular(s) on the map: succeeds (needs 1 or less): the Unity Track "
        "shifts toward Decentralized."]
    assert s["unity"] == unity - 1


def test_6_2_2_resources_failed_roll_is_logged():
    step = (Position("arab-revolt").clear().put("galilee", bases=1).rounds(1)
            .propaganda("resources-rebels", cid="A33").start(rolls=[6], draws=[2]))
    assert ("Rebels rolled 6 for Resources against 1 Rebel Base(s) on the map: fails (needs 1 or less): no Unity "
            "shift and no Operations chit to hold.") in texts(step.log)


def test_6_2_2_resources_successful_roll_is_logged_with_its_choice():
    step = (Position("arab-revolt").clear().put("galilee", bases=1).rounds(1)
            .propaganda("resources-rebels", cid="A33").start(rolls=[1]))
    assert ("Rebels rolled 1 for Resources against 1 Rebel Base(s) on the map: succeeds (needs 1 or less): they "
            "may shift the Unity Track toward Centralized or hold an Operations chit.") in texts(step.log)
    assert engine.prompt(step.state, "rebels")["actions"].keys() >= {"unity", "hold", "done"}


def test_a7_unshaded_both_rolls_are_logged():
    s = board("A7", gaza={"irregulars_u": 2})
    unity = s["unity"]
    s, log = run(s, "box event", "unshaded", rolls=[1, 6], draws=[1, 2])
    assert lines_with(log, "Rolled") == [
        "Rolled 1 for Memory of al-Qassam (roll 1 of 2) against 2 Irregular(s) on the map: succeeds (needs 2 or "
        "less): the Unity Track shifts toward Decentralized.",
        "Rolled 6 for Memory of al-Qassam (roll 2 of 2) against 2 Irregular(s) on the map: fails (needs 2 or less): "
        "no shift."]
    assert s["unity"] == unity - 1


def test_a7_shaded_failed_roll_is_logged():
    s = board("A7", galilee={"bases": 1, "opposition": 1})
    s, log = run(s, "box event", "shaded", rolls=[6], draws=[1, 2])
    assert lines_with(log, "Rolled") == [
        "Rolled 6 for Memory of al-Qassam against 1 Rebel Base(s) on the map: fails (needs 1 or less): no Limited "
        "Operation."]


def test_a19_league_of_nations_failed_roll_is_logged_with_political_will():
    s = board("A19", galilee={"opposition": 1}, samaria={"opposition": 1})
    pw = s["pw"]
    s, log = run(s, "box event", "event", rolls=[2], draws=[1, 2])
    assert lines_with(log, "Rolled") == [
        "Rolled 2 for League of Nations against 2 space(s) with Opposition: fails (needs 3 or more): Political "
        "Will -2."]
    assert s["pw"] == pw - 2


def test_a20_unshaded_roll_above_the_bases_is_logged_with_its_shift():
    s = board("A20", galilee={"bases": 1})
    unity = s["unity"]
    s, log = run(s, "box event", "unshaded", rolls=[5], draws=[1, 2])
    assert lines_with(log, "Rolled") == [
        "Rolled 5 for Arab Higher Committee against 1 Rebel Base(s) on the map: succeeds (needs 2 or more): the "
        "Unity Track shifts toward Decentralized."]
    assert s["unity"] == unity - 1


def test_a23_shaded_failed_roll_is_logged():
    s = board("A23", galilee={"bases": 1, "guerrillas_u": 1})
    s, log = run(s, "box event", "shaded", rolls=[6], draws=[1, 2])
    assert lines_with(log, "Rolled") == [
        "Rolled 6 for al-Hajj Muhammad, A23 against 1 Rebel Base(s) on the map: fails (needs 1 or less): no "
        "effect."]


# -- draws ----------------------------------------------------------------------------------------------------

def test_1_8_1_operations_chits_drawn_are_logged():
    step = Position("arab-revolt").clear().put("galilee", guerrillas_u=1).card("A13", first="rebels").start(
        draws=[3, 1])
    assert "Rebels drew 3 Ops, 1 Op (Rebel turn)." in texts(step.log)


def test_4_2_1_punishment_chits_drawn_are_logged():
    s = board(samaria={"troops": 3, "guerrillas_a": 1})
    _, log = run(s, "box opsa", "op assault", "sa punish", draws=["fine", "detain"])
    assert "British drew Fine, Detain (Punish)." in texts(log)


def test_a18_shaded_punitive_searches_fine_drawn_is_logged_with_no_effect():
    s = board(samaria={"troops": 2, "guerrillas_u": 1})
    s["capabilities"]["A18"] = "shaded"
    s, log = run(s, "box opsa", "op sweep", "space samaria", "done", "done", draws=["fine"])
    assert "Rebels drew Fine (Punitive Searches, A18)." in texts(log)
    assert ("Punitive Searches: a Fine has no Mobilization effect; the Fine chit goes back to the cup."
            in texts(log))
    assert "fine" in s["punishment"]["pool"]


def test_a18_shaded_punitive_searches_detain_under_opposition_is_logged_as_changing_nothing():
    s = board(samaria={"troops": 2, "guerrillas_u": 1, "opposition": 1})
    s["capabilities"]["A18"] = "shaded"
    _, log = run(s, "box opsa", "op sweep", "space samaria", "done", "done", draws=["detain"])
    assert ("Punitive Searches: Samaria has Opposition already, so Detain's Mobilization changes nothing; the "
            "Detain chit goes back to the cup.") in texts(log)


def test_a10_shaded_fine_drawn_is_logged_with_no_effect():
    s = board("A10", galilee={"police": 1})
    _, log = run(s, "box event", "shaded", "draw", draws=["fine", 1, 2])
    assert "Rebels drew Fine (Ex-Black and Tans, A10)." in texts(log)
    assert "A Fine has no Mobilization effect: nothing happened; the chit went back to the cup." in texts(log)


# -- every roll of random games --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(8))
def test_every_roll_and_chit_drawn_in_a_game_is_followed_by_its_outcome(seed):
    """In random games, each die rolled is named with its value and whether it succeeded, and each chit drawn
    is named, in the log of the step that rolled or drew it."""
    state = engine.setup("arab-revolt", "standard", {}, SeededChance(seed, context="setup"))
    picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
    while not engine.outcome(state):
        role = engine.active_roles(state)[0]
        step = engine.apply(state, role, choose(engine.legal_actions(state, role), picker), dice)
        log = texts(step.log)
        for o in step.outcomes:
            if o["kind"] == "d6":
                what = o["label"].split(",")[0]
                said = [t for t in log.splitlines() if f"olled {o['value']} " in t and f"for {what}" in t]
                assert said and all(("succeeds (needs" in t or "fails (needs" in t) and t.count(":") >= 2
                                    for t in said), (o, log)
            elif o["kind"] == "draw" and o["label"].split(" (")[0] in ("Operations chit", "Punishment chit"):
                assert " drew " in log, (o, log)
        state = step.state
