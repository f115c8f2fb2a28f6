"""The Propaganda Round (6): Political Will with victory (6.1, 7.0), Resources (6.2), Support (6.3),
Redeploy (6.4), Reset with A34 Munich (6.5); eligibility carries over (ruling R-ELIGIBILITY)."""

import engine
from engine.coin import deck

from .helpers import board, legal, role, run, sp, texts

NEXT = "A29"  # the Event card revealed after the Propaganda card's round (the next card of seed 0's deck)


def propaganda(cid="A33", pw=10, unity=2, propaganda=0, **spaces):
    """The British have just passed into a Propaganda card *cid*: its round begins."""
    s = board("A13", first="british", pw=pw, unity=unity, **spaces)
    s["propaganda"] = propaganda
    deck.stack(s, cid, NEXT)
    s, _ = run(s, "box limited", "pass", "hold fine", draws=[1, 2])
    s, _ = run(s, "chit 1", "box opsa", "pass")
    while not engine.outcome(s) and role(s) == "rebels" and "place" in legal(s):
        s, _ = run(s, "done")
    assert s["current"] == cid
    return s


def test_6_1_political_will_net_change_and_sabotage_first():
    # Railways: rail-haifa gets Sabotage (2 Guerrillas vs 1 British piece, 6.1.1); with rail-syria -2; two clean
    # +1. Cities/Districts: Galilee 3 Rebel pieces vs 0 -2; 7 without Rebel pieces or Opposition +3. Galilee's
    # Base -1. Three Irregulars -1.
    s = propaganda(rail_haifa={"guerrillas_u": 2, "police": 1}, rail_syria={"sabotage": 1},
                   galilee={"guerrillas_u": 2, "bases": 1}, samaria={"opposition": 1, "troops": 1},
                   gaza={"irregulars_u": 3})
    assert sp(s, "rail-haifa")["sabotage"] == 1
    # -2 (Railways) +1 (2 clean Railways) -2 (Galilee) +3 (7 clean) -1 (Base) -1 (3 Irregulars) = -2
    assert s["pw"] == 8


def test_6_1_5_political_will_zero_is_a_rebel_victory():
    # Five Districts with more Rebel pieces -10, four clean spaces +2, four clean Railways +2: net -6.
    s = propaganda(pw=5, galilee={"guerrillas_u": 2}, samaria={"guerrillas_u": 2}, lydda={"guerrillas_u": 2},
                   gaza={"guerrillas_u": 2}, haifa_district={"guerrillas_u": 2})
    assert s["pw"] == 0
    assert engine.outcome(s) == {"winner": "rebels", "reason": "British Political Will is at 0 (6.1.5)"}


def test_6_1_6_final_propaganda_is_a_british_victory():
    s = propaganda(pw=15, propaganda=2)
    assert engine.outcome(s)["winner"] == "british"


def test_6_2_resources_british_hold_one_chit_the_rest_return():
    s = propaganda()
    assert role(s) == "british" and legal(s) == {"hold": ["demolish", "detain", "fine"], "done": []}
    s2, _ = run(s, "hold detain", rolls=[6], draws=[1])
    assert s2["punishment"]["held"] == ["detain"] and len(s2["punishment"]["pool"]) == 5


def test_6_2_2_rebel_roll_within_the_bases_gives_unity_or_a_held_chit():
    s = propaganda(galilee={"bases": 2, "troops": 2})
    s, _ = run(s, "done", rolls=[2])
    assert role(s) == "rebels" and legal(s) == {"unity": [], "hold": ["1", "2", "3"], "done": []}
    s2, _ = run(s, "hold 3", draws=[1])
    assert s2["ops"]["held"] == [3] and len(s2["ops"]["pool"]) == 8


def test_6_2_2_rebels_may_decline_both_options():
    """6.2.2: "Rebels may either choose to shift the Unity Track ... or may select any one Operations chit to
    hold": "may", so neither is a choice too."""
    s = propaganda(galilee={"bases": 2, "troops": 2})
    s, _ = run(s, "done", rolls=[2])
    s2, log = run(s, "done", draws=[1])
    assert s2["unity"] == 2 and s2["ops"]["held"] == [] and len(s2["ops"]["pool"]) == 9
    assert "neither" in texts(log)


def test_6_2_2_unity_is_not_offered_at_centralized_where_it_does_nothing():
    """6.6.1 and ruling R-UNITY-2: a shift toward Centralized at Centralized has no effect, so 6.2.2 offers only
    the chit (or neither)."""
    s = propaganda(unity=4, galilee={"bases": 2, "troops": 2})
    s, _ = run(s, "done", rolls=[2])
    assert role(s) == "rebels" and legal(s) == {"hold": ["1", "2", "3"], "done": []}


def test_6_2_3_foreign_assistance_rallies_in_foreign_countries_even_empty():
    s = propaganda()
    s, log = run(s, "done", rolls=[3], draws=[2])
    assert "Foreign Assistance" in texts(log)
    assert set(legal(s)["space"]) == {"lebanon", "syria"}
    s2, _ = run(s, "space lebanon", "place guerrilla", "space syria", "place guerrilla")
    assert sp(s2, "lebanon")["guerrillas_u"] == 1 and sp(s2, "syria")["guerrillas_u"] == 1
    assert s2["ops"]["pool"].count(2) == 3  # the chit went back


def test_6_3_and_6_4_support_and_redeploy():
    s = propaganda(rail_haifa={"troops": 2, "guerrillas_u": 1}, haifa_city={"guerrillas_u": 1, "police": 3},
                   samaria={"bases": 1}, gaza={"irregulars_u": 3})
    s, _ = run(s, "done", "done", "done", "done", rolls=[6], draws=[1])
    assert role(s) == "british" and "troop" in legal(s)  # Divide and Mobilize declined; Redeploy
    s, _ = run(s, "troop rail-haifa haifa-city", "troop rail-haifa tel-aviv-jaffa", "done")
    assert legal(s)["remove"] == ["gaza irregular-u"]
    s, _ = run(s, "remove gaza irregular-u")
    assert sp(s, "gaza")["irregulars_u"] == 2 and role(s) == "rebels"  # half of 3, rounded down: one
    assert set(legal(s)["move"]) == {"rail-haifa samaria guerrilla-u", "haifa-city samaria guerrilla-u"}
    s2, log = run(s, "move rail-haifa samaria guerrilla-u", "move haifa-city samaria guerrilla-u")
    assert sp(s2, "samaria")["guerrillas_u"] == 2 and "Reset phase" in texts(log)
    # docs/orders.md: FROM TO KIND; the older FROM KIND TO is still understood (Procedure.respell), so games
    # saved under it replay, and it is applied as the prompt spells it
    s3, _ = run(s, "move rail-haifa guerrilla-u samaria", "move haifa-city guerrilla-u samaria")
    assert engine.dumps(s3) == engine.dumps(s2)
    step = engine.apply(s, "rebels", "move rail-haifa guerrilla-u samaria")
    assert engine.dumps(step.state) == engine.dumps(engine.apply(s, "rebels", "move rail-haifa samaria guerrilla-u").state)
    assert engine.parse(s, "rebels", "move rail-haifa guerrilla-u samaria") == "move rail-haifa samaria guerrilla-u"


def test_6_5_reset_and_eligibility_carries_over():
    s = propaganda(samaria={"guerrillas_a": 1, "curfew": 1, "troops": 1, "irregulars_a": 1},
                   rail_egypt={"sabotage": 2})
    s["prison"]["guerrillas"] = 2
    s["available"]["guerrillas"] -= 2
    s, _ = run(s, "done", "done", "done", "done", "done", rolls=[6], draws=[1])
    assert s["propaganda"] == 1 and not engine.outcome(s)
    assert sp(s, "samaria")["curfew"] == 0 and sp(s, "rail-egypt")["sabotage"] == 0
    assert sp(s, "samaria")["guerrillas_u"] == 1 and sp(s, "samaria")["irregulars_u"] == 1
    assert s["prison"] == {"guerrillas": 0, "bases": 0}
    assert s["eligible"] == ["british", "rebels"]  # from the last card's boxes, not reset


def test_6_5_a34_munich_places_out_of_play_troops_in_cities():
    s = propaganda(cid="A34")
    s, _ = run(s, "done", "done", "done", "done", "done", rolls=[6], draws=[1])
    assert role(s) == "british" and legal(s) == {"place": ["haifa-city", "tel-aviv-jaffa", "jerusalem-city"]}
    s2, _ = run(s, *["place haifa-city"] * 5)
    assert s2["out_of_play"] == 0 and sp(s2, "haifa-city")["troops"] == 5


def test_6_1_a27_shaded_rebel_courts_cost_will_per_two_opposition_spaces():
    # Opposition in Samaria, Gaza, Lydda (3 spaces: -1); they also stop 3 of 9 clean spaces (6 clean: +3);
    # four clean Railways +2. Net +4 instead of +5 without A27.
    s = board("A13", first="british", pw=10, samaria={"opposition": 1}, gaza={"opposition": 1},
              lydda={"opposition": 1})
    s["capabilities"]["A27"] = "shaded"
    deck.stack(s, "A33", NEXT)
    s, log = run(s, "box limited", "pass", "hold fine", "chit 1", "box opsa", "pass", draws=[1, 2])
    assert s["pw"] == 14 and "Rebel Courts" in texts(log)
