"""What each role sees of Kenya (engine.games.kenya.view; DESIGN.md section 3) and the headline values
(engine.games.kenya.facts); issue 28.

Kenya hides only the draw deck: the next cards and which Events are set aside (2.1, 2.2: the played cards
and the number left are open). Each output is compared with the hidden facts themselves: the cards still in
the deck (engine.coin.deck.remaining) never appear in any role's view or facts, at setup or after cards are
revealed, in either scenario (the Example of Play's deck order is fixed by 8.0, and still not shown)."""

from __future__ import annotations

import json
import re

import pytest

from engine.coin import deck as D
from engine.games.kenya import board as B
from engine.games.kenya.data import CARDS
from engine.games.kenya.facts import facts
from engine.games.kenya.view import view

from .helpers import context, fresh

ROLES = ("british", "maumau", "public")
CARD_ID = re.compile(r"\bK\d+\b")


def _facts(state: dict, role: str = "public") -> dict[str, str]:
    return {f["label"]: f["value"] for f in facts(view(state, role))}


def _reveal(state: dict, n: int, seed: int) -> None:
    """Reveals the next *n* cards as the turn sequence will (2.2, 2.3.6): played, the last one current."""
    g = context(state, seed)
    for _ in range(n):
        cid = D.draw_top(g)
        state["played"].append(cid)
        state["current"] = cid


@pytest.mark.parametrize("scenario", ["standard", "example-of-play"])
@pytest.mark.parametrize("revealed", [0, 1, 4])
def test_2_2_views_and_facts_never_name_a_card_still_in_the_deck(scenario, revealed):
    for seed in range(3):
        s = fresh(scenario)
        _reveal(s, revealed, seed)
        hidden = D.remaining(s)
        assert len(hidden) == 35 - revealed
        for role in ROLES:
            v = view(s, role)
            assert "deck" not in v and "unused" not in v and "flow" not in v
            assert (v["deck_size"], v["unused_count"]) == D.sizes(s)
            text = json.dumps(v) + json.dumps(facts(v))
            shown = set(CARD_ID.findall(text))
            assert shown == set(s["played"]), (shown, s["played"])  # the played cards only (2.2)
            assert not shown & hidden


def test_2_2_the_view_shows_the_map_and_the_current_card():
    s = fresh("example-of-play")
    _reveal(s, 1, 0)
    assert s["current"] == "K19"  # the Example of Play's first card (8.0 L2597)
    v = view(s, "british")
    assert v["current_card"] == {"id": "K19", "title": CARDS["K19"]["title"], "kind": "event"}
    assert v["spaces"] == s["spaces"] and v["control"] == s["control"] and v["population"] == s["population"]
    assert v["out_of_play"] == 8 and v["pipeline"] == 1 and v["resources"] == {"maumau": 8}


def test_facts_at_setup():
    f = _facts(fresh())
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
    _reveal(g.s, 1, 0)
    f = _facts(g.s)
    assert f["Population changed"] == "Nyeri 1 (printed 2), Meru 0 (printed 1)"
    assert f["Loyalty"] == "Nairobi" and f["Resistance"] == "Kiambu" and f["Terror"] == "Thika 2"
    assert f["Pipeline"] == "Pipeline 4 (4): Relocate 2, Reprisal 2"
    assert f["Capabilities"] == f"{CARDS['K11']['title']} (K11, shaded: {CARDS['K11']['shaded']})"
    for value in f.values():
        assert not re.search(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|maumau|_", value), value
