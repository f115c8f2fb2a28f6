"""Every prompt tells the truth (issue 24, item 2): the words a prompt's text offers ("or done", "(cache
SPACE)", "or chit VALUE") are orders legal at that point, and an order it cannot take is not offered.

``tests/engine/test_fuzz_all.py`` checks this over random games; these are the prompts once found lying,
each in the position that made it lie, and the same prompt where the order is legal.
"""

from __future__ import annotations

import engine
from engine.testing import Position

from ..test_fuzz_all import offered_words
from .helpers import board, run

VERBS = engine.definition("palestine").verbs


def prompt_of(s: dict) -> tuple[str, dict]:
    """The text and the legal orders of the decision of *s*, checked to agree (every word offered legal)."""
    p = engine.prompt(s, engine.active_roles(s)[0])
    offered = offered_words(p["text"], VERBS)
    assert offered <= set(p["actions"]), f"{p['text']!r} offers {sorted(offered - set(p['actions']))}"
    return p["text"], p["actions"]


# -- Patrol (3.2.2): the first removal space is not optional -------------------------------------------

def test_3_2_2_patrol_removal_space_offers_done_only_when_it_may_end():
    s = board("P31", first="british", galilee={"cells_a": 1}, samaria={"police": 1})
    s, _ = run(s, "box opsa", "op patrol", "space galilee", "done", "move samaria galilee", "done")
    text, actions = prompt_of(s)
    assert actions["space"] == ["galilee"] and "done" not in actions and "done" not in text


def test_P23_patrol_second_removal_space_may_be_declined():
    s = (Position("palestine").clear().track(haganah=2, political_will=10)
         .put("galilee", cells_a=2, police=1).put("lydda", cells_a=1, police=1).capability("P23", "unshaded")
         .turn("british", "P31").state())
    s, _ = run(s, "box opsa", "op patrol", "space galilee", "space lydda", "done", "done", "space galilee")
    text, actions = prompt_of(s)
    assert actions["space"] == ["lydda"] and "done" in actions and text.endswith("or done")


# -- Sabotage (3.3.3): a Cache is offered only where one can be spent ----------------------------------

def test_3_3_3_sabotage_prompt_offers_no_cache_where_none_is_in_or_next_to_the_space():
    s = board("P31", first="irgun", galilee={"cells_u": 1}, gaza={"caches": 1})
    s, _ = run(s, "box opsa", "op sabotage", "space galilee")
    text, actions = prompt_of(s)
    assert actions == {"roll": []} and "cache" not in text


def test_3_3_3_sabotage_prompt_offers_the_cache_next_door():
    s = board("P31", first="irgun", jerusalem_city={"cells_u": 1}, jerusalem_district={"caches": 1})
    s, _ = run(s, "box opsa", "op sabotage", "space jerusalem-city")
    text, actions = prompt_of(s)
    assert actions["cache"] == ["jerusalem-district"] and "(cache SPACE)" in text and "declare terror" in text


# -- Search in a City (3.2.3): the chit form only with a chit held -------------------------------------

def search_city(*chits: int) -> dict:
    s = (Position("palestine").clear().track(haganah=2, political_will=10)
         .put("haifa-city", troops=3, cells_u=1).chits(intel=list(chits)).turn("british", "P31").state())
    s, _ = run(s, "box opsa", "op search", "space haifa-city", "done", "done")
    return s


def test_3_2_3_search_in_a_city_offers_no_chit_with_none_held():
    text, actions = prompt_of(search_city())
    assert actions == {"curfew": []} and "chit" not in text


def test_3_2_3_search_in_a_city_offers_the_chits_held():
    text, actions = prompt_of(search_city(0, 2))
    assert actions == {"curfew": [], "chit": ["0", "2"]} and "or chit VALUE" in text


# -- Removing Cells (3.2.4, 3.1): done only once nothing targeted may still go --------------------------

def test_3_2_4_assault_removal_offers_done_only_when_nothing_more_may_go():
    s = (Position("palestine").clear().track(haganah=2, political_will=10)
         .put("galilee", troops=4, cells_u=2).chits(intel=[1]).turn("british", "P31").state())
    s, _ = run(s, "box opsa", "op assault", "space galilee")
    text, actions = prompt_of(s)               # only a chit could remove an Underground Cell: done may end it
    assert actions == {"chit": ["1"], "done": []} and "(chit VALUE), or done" in text


# -- Choosers of Event texts (5.1.3) and the Propaganda Round (6.3) -------------------------------------

def test_5_1_3_event_removal_offers_done_only_once_the_required_pieces_are_gone():
    s = board("P10", first="british", galilee={"police": 2}, samaria={"police": 2})
    s, _ = run(s, "box event", "shaded")
    text, actions = prompt_of(s)
    assert "done" not in actions and "or done" not in text and "(2 more required)" in text
    s, _ = run(s, "remove galilee police", "remove samaria police")
    assert engine.active_roles(s) == ["irgun"]   # the text ended once both were removed


def test_6_3_1_redeploy_without_cubes_to_move_offers_only_done():
    s = Position("palestine").clear().track(political_will=18, haganah=2).rounds(1).propaganda("redeploy", "P33")
    text, actions = prompt_of(s.state())
    assert actions == {"done": []} and "(police FROM TO)" not in text
