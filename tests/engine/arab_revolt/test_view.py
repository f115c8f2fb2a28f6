"""What each role sees (DESIGN.md section 3): the deck order, the set-aside Events and the order of the chit
cups are hidden from both; chits held and drawn are public (1.7.1, 1.8.1)."""

import re

import engine
from engine.coin import deck
from engine.core import canonical

from .helpers import fresh, run


def test_view_hides_deck_unused_and_cup_order():
    s = fresh(seed=7)
    hidden = deck.remaining(s)  # not revealed yet: a view names none of them
    for role in ("rebels", "british"):
        v = engine.view(s, role)
        text = canonical.dumps(v)
        assert not (set(re.findall(r'"(A\d+)"', text)) & hidden), role
        assert "deck" not in v and "unused" not in v and "flow" not in v
        assert v["deck_size"] == 20 and v["unused_count"] == 14
        assert "pool" not in v["ops"] and v["ops"]["pool_size"] == 7
        assert "pool" not in v["punishment"] and v["punishment"]["pool_size"] == 6
        assert v["current_card"]["id"] == s["current"]


def test_1_8_1_chits_drawn_and_held_are_public_to_both():
    s = fresh(seed=7)
    s["ops"]["held"] = [3]
    s["ops"]["pool"].remove(3) if 3 in s["ops"]["pool"] else s["ops"]["drawn"].remove(3)
    s["punishment"]["held"] = ["fine"]
    s["punishment"]["pool"].remove("fine")
    for role in ("rebels", "british"):
        v = engine.view(s, role)
        assert v["ops"]["held"] == [3] and v["ops"]["drawn"] == s["ops"]["drawn"]
        assert v["punishment"]["held"] == ["fine"]


def test_viewing_changes_nothing():
    """A view is read-only and shares the state's values (engine.coin.view, issue 23 item 6): building it for
    every role leaves the state as it was, and the cups it hides part of are new dicts."""
    s = fresh(seed=1)
    before = canonical.dumps(s)
    for role in ("british", "rebels", "public"):
        v = engine.view(s, role)
        assert v["spaces"]["samaria"]["bases"] == s["spaces"]["samaria"]["bases"] == 1
        assert v["ops"] is not s["ops"] and "pool" in s["ops"]
    assert canonical.dumps(s) == before


def test_view_after_a_move_still_hides_the_deck():
    s = fresh(seed=2)
    chit = str(s["ops"]["drawn"][0])
    s2, _ = run(s, f"chit {chit}")
    assert set(re.findall(r'"(A\d+)"', canonical.dumps(engine.view(s2, "british")))) <= set(s2["played"])
