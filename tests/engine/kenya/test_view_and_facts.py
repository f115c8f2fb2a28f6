"""What each role sees of Kenya (engine.games.kenya.view; DESIGN.md section 3) and the headline values
(engine.games.kenya.facts); issue 28.

Kenya hides only the draw deck: the next cards and which Events are set aside (2.1, 2.2: the played cards
and the number left are open). Each output is compared with the hidden facts themselves: the cards still in
the deck (engine.coin.deck.remaining) never appear in any role's view or facts, at setup or after cards are
revealed, in either scenario (the Example of Play's deck order is fixed by 8.0, and still not shown)."""

from __future__ import annotations

import re

import pytest

from engine.games.kenya import board as B
from engine.games.kenya.data import CARDS
from engine.games.kenya.facts import facts
from engine.games.kenya.view import view

from ..view_checks import check_no_python_reprs, check_only_revealed_cards_shown, facts_by_label, reveal
from .helpers import context, fresh

ROLES = ("british", "maumau", "public")
CARD_ID = re.compile(r"\bK\d+\b")


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
@pytest.mark.parametrize("revealed", [0, 1, 4])
def test_2_2_views_and_facts_never_name_a_card_still_in_the_deck(scenario, revealed):
    check_only_revealed_cards_shown(lambda seed: context(fresh(scenario), seed), revealed, ROLES, view, facts, CARD_ID)


def test_2_2_the_view_shows_the_map_and_the_current_card():
    s = fresh("example-of-play")
    reveal(context(s, 0), 1)
    assert s["current"] == "K19"  # the Example of Play's first card (8.0 L2597)
    v = view(s, "british")
    assert v["current_card"] == {"id": "K19", "title": CARDS["K19"]["title"], "kind": "event"}
    assert v["spaces"] == s["spaces"] and v["control"] == s["control"] and v["population"] == s["population"]
    assert v["out_of_play"] == 8 and v["pipeline"] == 1 and v["resources"] == {"maumau": 8}


def test_facts_at_setup():
    f = facts_by_label(facts, view(fresh(), "public"))
    assert f["Political Will"] == "12" and f["Mau Mau Resources"] == "8"
    assert f["Pipeline"] == "Emergency Powers (1): Relocate 0, Reprisal 1"
    assert f["Control"] == ("British Nairobi, Rift Valley, Nanyuki, Thompson's Falls, Thika; "
                            "Mau Mau Kiambu, Fort Hall, Nyeri, Embu, Meru, Aberdares, Mount Kenya")
    assert f["Loyalty"] == f["Resistance"] == f["Population changed"] == f["Terror"] == "none"
    assert f["Out of Play"] == "8 Police cubes"
    assert f["Available"] == "Troops 4, Police cubes 0, Guerrillas 7, Bases 1"
    assert f["Eligible"] == "1st Mau Mau, 2nd British" and f["Deck"] == "21 cards left, 0 played"
    assert f["Capabilities"] == "none" and f["Propaganda Rounds"] == "0 of 3"


def test_facts_follow_the_board_and_have_no_python_reprs():
    g = context()
    B.reduce_population(g, "nyeri", "Relocate")
    B.reduce_population(g, "meru", "Relocate")
    B.set_level(g, "kiambu", -1, "test", "K19")
    B.set_level(g, "nairobi", 1, "test", "K1")
    B.place_terror(g, "thika", "3.3.3")
    B.place_terror(g, "thika", "K9", by_event=True)
    B.shift_pipeline(g, 3, "test", "K1")
    g.s["capabilities"] = {"K11": "shaded"}
    reveal(context(g.s, 0), 1)
    f = facts_by_label(facts, view(g.s, "public"))
    assert f["Population changed"] == "Nyeri 1 (printed 2), Meru 0 (printed 1)"
    assert f["Loyalty"] == "Nairobi" and f["Resistance"] == "Kiambu" and f["Terror"] == "Thika 2"
    assert f["Pipeline"] == "Pipeline 4 (4): Relocate 2, Reprisal 2"
    assert f["Capabilities"] == f"{CARDS['K11']['title']} (K11, shaded: {CARDS['K11']['shaded']})"
    check_no_python_reprs(f.values(), words=("maumau",))
