"""Every prompt tells the truth (issue 24, item 2): the words a prompt's text offers ("or done", "(place
guerrilla; ...)", "or roll") are orders legal at that point, every order the prompt lists is accepted, and an
order it cannot take is not offered.

``tests/engine/test_fuzz_all.py`` checks this over random games; these are the Arab Revolt prompts once found
lying, each in the position that made it lie, and the same prompt once the order is legal.
"""

from __future__ import annotations

import engine
from engine.core import notation
from engine.core.chance import SeededChance
from engine.testing import Position

from ..test_fuzz_all import offered_words
from .helpers import board, run

VERBS = engine.definition("arab-revolt").verbs


def prompt_of(s: dict) -> tuple[str, dict]:
    """The text and the legal orders of the decision of *s*, checked to agree: every word the text offers is
    legal, and every order listed is accepted."""
    role = engine.active_roles(s)[0]
    p = engine.prompt(s, role)
    offered = offered_words(p["text"], VERBS)
    assert offered <= set(p["actions"]), f"{p['text']!r} offers {sorted(offered - set(p['actions']))}"
    for line in notation.legal_lines(p["actions"]):
        engine.apply(s, role, line, SeededChance(0, context="check"))  # raises if the rules refuse it
    return p["text"], p["actions"]


def rebels(draws=(2, 1), **spaces):
    s = board("A13", first="rebels", draws=list(draws), **spaces)
    return run(s, f"chit {draws[0]}")[0]


# -- A24 Tensions in Europe: the Troops the card demands come before done ---------------------------------------

def test_a24_prompt_offers_done_only_once_the_card_is_satisfied():
    s = board("A24", first="british", samaria={"troops": 3}, lydda={"troops": 1})
    s, _ = run(s, "done", "remove samaria troop")
    text, actions = prompt_of(s)
    assert "done" not in actions and "or done" not in text and "(1 of 3 to remove)" in text


# -- Rally (3.3.1): one Guerrilla at least in each selected space ----------------------------------------------

def test_3_3_1_rally_prompt_offers_done_only_after_the_first_guerrilla():
    s = rebels(galilee={"guerrillas_u": 1, "bases": 1})
    s, _ = run(s, "box opsa", "op rally", "space galilee")
    text, actions = prompt_of(s)
    assert actions == {"place": ["guerrilla"]} and "done" not in text
    s, _ = run(s, "place guerrilla")
    text, actions = prompt_of(s)
    assert "done" in actions and text.endswith("or done")


# -- Deploy (3.2.1): its own words only -----------------------------------------------------------------------------

def test_3_2_1_deploy_prompt_names_its_place_orders_and_then_the_one_left():
    s = board(gaza={"police": 1})
    s, _ = run(s, "box opsa", "op deploy", "space gaza")
    text, actions = prompt_of(s)
    assert actions["place"] == ["police", "police 2", "irregular"] and "(place police|police 2|irregular" in text
    s, _ = run(s, "place police")
    text, actions = prompt_of(s)
    assert actions["place"] == ["police"] and "(place police)" in text and "irregular" not in text


def test_3_2_1_deploy_curfew_prompt_without_a_curfew_to_place_or_lift_offers_none():
    s = board(gaza={"police": 1}, galilee={"troops": 1, "curfew": 1}, samaria={"troops": 1, "curfew": 1},
              lydda={"troops": 1, "curfew": 1})
    s, _ = run(s, "box opsa", "op deploy", "space gaza", "done", "done")
    text, actions = prompt_of(s)
    assert "curfew" not in actions and "curfew SPACE" not in text


# -- Special Activities (4.2, 4.3): done once a space is selected ------------------------------------------------

def test_4_2_3_air_recon_prompt_offers_done_after_a_space():
    s = board(samaria={"troops": 3, "guerrillas_a": 1}, galilee={"guerrillas_u": 1}, gaza={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op assault", "sa air-recon")
    text, actions = prompt_of(s)
    assert "done" not in actions and "or done" not in text
    s, _ = run(s, "space galilee")
    text, actions = prompt_of(s)
    assert "done" in actions and text.endswith("or done")


def test_4_2_1_punish_prompt_offers_done_after_a_space():
    s = board(samaria={"troops": 3, "guerrillas_a": 1}, lydda={"troops": 1})
    s["capabilities"]["A18"] = "unshaded"
    s, _ = run(s, "box opsa", "op assault", "sa punish", "chit fine")
    text, actions = prompt_of(s)
    assert "done" not in actions and "or done" not in text


def test_4_3_3_raid_prompt_offers_done_only_after_a_guerrilla_moved_in():
    s = rebels(samaria={"guerrillas_u": 2, "bases": 1}, haifa_district={"police": 1})
    s, _ = run(s, "box opsa", "op rally", "sa raid")
    text, actions = prompt_of(s)
    assert "done" not in actions and "or done" not in text
    s, _ = run(s, "space haifa-district")
    text, actions = prompt_of(s)
    assert "done" not in actions and "(move FROM KIND)" in text and "or done" not in text
    s, _ = run(s, "move samaria guerrilla-u")
    text, actions = prompt_of(s)
    assert "done" in actions and text.endswith("or done")


def test_4_2_2_divide_prompt_offers_no_roll_where_the_card_allows_none():
    s = board("A3", first="british", galilee={"irregulars_u": 1, "guerrillas_u": 1})
    s, _ = run(s, "box event", "unshaded", "sa divide")
    text, actions = prompt_of(s)
    assert "roll" not in actions and "roll" not in text and "(replace SOURCE TARGET KIND" in text


def test_4_2_2_divide_prompt_offers_the_roll_alone_where_nothing_can_be_replaced():
    s = board(samaria={"troops": 3, "guerrillas_a": 1}, gaza={"irregulars_u": 1})
    s, _ = run(s, "box opsa", "op deploy", "sa divide")
    text, actions = prompt_of(s)
    assert actions == {"roll": []} and "replace" not in text and "(roll)" in text


# -- Operations' sub-steps: nothing offered that is left --------------------------------------------------------

def test_3_2_2_patrol_assault_prompt_without_a_railway_to_assault_offers_none():
    s = board(haifa_city={"police": 1})
    s, _ = run(s, "box limited", "op patrol", "space haifa-city", "done")
    text, actions = prompt_of(s)
    assert actions == {"done": []} and "assault" not in text


def test_3_3_2_march_prompt_once_every_guerrilla_moved_offers_no_move():
    s = rebels(galilee={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op march", "space galilee", "move samaria guerrilla-u")
    text, actions = prompt_of(s)
    assert actions == {"done": []} and "(move" not in text


# -- Resources (6.2.2): no Unity shift offered at Centralized ---------------------------------------------------

def test_6_2_2_rebels_resources_prompt_at_centralized_offers_no_unity_shift():
    s = (Position("arab-revolt").clear().track(unity=4).put("galilee", bases=1).rounds(1)
         .propaganda("resources-rebels", cid="A33").state(rolls=[1]))
    text, actions = prompt_of(s)
    assert "unity" not in actions and "(unity)" not in text and "(hold N)" in text
