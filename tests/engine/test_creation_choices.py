"""What an umpire chooses when a game is created (issue 8, part 1).

- corrections of the map's inferred adjacency (option ``map``, engine.coin.map_overrides): only
  ``inferred`` edges may be removed; edges the map lacks may be added; the map must stay connected with
  every Railway joining two spaces;
- a reading where a ruling offers alternatives (option ``rulings``, engine.core.ruling_choice).

Anything else is refused with the reason and no game is made.
"""

from __future__ import annotations

import pytest

import engine
from engine.core.chance import SeededChance
from engine.core.errors import IllegalActionError, InvalidActionError

from .arab_revolt.helpers import legal, run
from .arab_revolt.test_3_3_rebel_ops import rebels

CITE = "physical board, umpire's copy"


def new(game: str, over: dict) -> dict:
    return engine.setup(game, "standard", {"map": over}, SeededChance(1, context="map"))


def test_1_3_an_inferred_edge_removed_changes_which_march_is_legal():
    """Samaria-Lydda is inferred (data/map.json): without it, Guerrillas in Samaria cannot March to Lydda."""
    over = engine.setup("arab-revolt", "standard", {"map": {"remove": [["samaria", "lydda"]], "citation": CITE}},
                        SeededChance(1, context="map"))["map"]
    base = rebels(samaria={"guerrillas_u": 1})
    s, _ = run(base, "box limited", "op march", "space samaria")
    assert "lydda" in {m.split()[0] for m in legal(s)["move"]}
    changed = rebels(samaria={"guerrillas_u": 1})
    changed["map"] = over
    s, _ = run(changed, "box limited", "op march", "space samaria")
    assert "lydda" not in {m.split()[0] for m in legal(s)["move"]}
    with pytest.raises(IllegalActionError):
        engine.apply(s, "rebels", "move lydda guerrilla-u")


def test_1_3_an_added_edge_makes_a_march_legal():
    changed = rebels(gaza={"guerrillas_u": 1})
    changed["map"] = new("arab-revolt", {"add": [["gaza", "tel-aviv-jaffa"]], "citation": CITE})["map"]
    s, _ = run(changed, "box limited", "op march", "space gaza")
    assert "tel-aviv-jaffa" in {m.split()[0] for m in legal(s)["move"]}
    s2, _ = run(s, "move tel-aviv-jaffa guerrilla-u", "done", "done")
    assert s2["spaces"]["tel-aviv-jaffa"]["guerrillas_u"] == 1


def test_the_overrides_are_kept_in_the_state_and_seen_in_the_view():
    s = new("palestine", {"remove": [["galilee", "samaria"]], "citation": CITE})
    assert s["map"] == {"remove": [["galilee", "samaria"]], "add": [], "citation": CITE}
    assert s["options"]["map"]["citation"] == CITE


@pytest.mark.parametrize("over, why", [
    ({"remove": [["galilee", "nowhere"]], "citation": CITE}, "no space 'nowhere'"),
    ({"remove": [["haifa-district", "samaria"]], "citation": CITE}, None),  # inferred: allowed (control)
    ({"remove": [["jerusalem-city", "jerusalem-district"]], "citation": CITE}, "not inferred"),
    ({"remove": [["galilee", "gaza"]], "citation": CITE}, "not adjacent on the map"),
    ({"add": [["galilee", "haifa-district"]], "citation": CITE}, "adjacent on the map already"),
    ({"add": [["gaza", "gaza"]], "citation": CITE}, "not adjacent to itself"),
    ({"add": [["gaza", "lydda", "x"]], "citation": CITE}, "pair of space ids"),
    ({"add": "gaza-lydda", "citation": CITE}, "list of at most"),
    ({"remove": [["galilee", "samaria"], ["samaria", "galilee"]], "citation": CITE}, "given twice"),
    ({"remove": [["galilee", "samaria"]]}, "needs a citation"),
    ({"citation": CITE}, "removes or adds at least one edge"),
    ({"remove": [], "nodes": [], "citation": CITE}, "an object with"),
    ("galilee", "an object with"),
])
def test_a_malformed_or_unsound_override_is_refused_with_the_reason(over, why):
    if why is None:
        assert new("palestine", over)["map"]["remove"] == [["haifa-district", "samaria"]]
        return
    with pytest.raises(InvalidActionError, match=why) as e:
        new("palestine", over)
    assert e.value.message.startswith("map option: ")


def test_an_override_that_cuts_a_space_off_is_refused():
    """Galilee's three edges are all inferred (Palestine data/map.json): removing them all would cut it off."""
    from engine.games.palestine import board as B

    edges = [sorted(e) for e, src in B.BOARD.edge_source.items() if "galilee" in e]
    assert all(B.BOARD.edge_source[frozenset(e)].startswith("inferred") for e in edges) and len(edges) == 3
    with pytest.raises(InvalidActionError, match="galilee would be cut off"):
        new("palestine", {"remove": edges, "citation": CITE})
    assert new("palestine", {"remove": edges[:2], "citation": CITE})["map"]["remove"] == edges[:2]


def test_an_override_that_leaves_a_railway_joining_one_space_is_refused():
    """No Railway of either game can be stranded by removing inferred edges (each has two stated or
    example ends), so the check is shown on a small map of the same form."""
    from engine.coin import map_overrides
    from engine.coin.board import Board

    small = Board({"spaces": [{"id": x, "name": x, "kind": k} for x, k in
                              (("a", "district"), ("b", "district"), ("c", "district"), ("r", "railway"))],
                   "adjacency": [{"a": "a", "b": "b", "source": "stated"}, {"a": "b", "b": "c", "source": "stated"},
                                 {"a": "r", "b": "a", "source": "inferred"}, {"a": "r", "b": "b", "source": "inferred"},
                                 {"a": "r", "b": "c", "source": "stated"}]},
                  [], markers=(), curfews=0, curfew_kinds=(), curfew_rule="", boxes={})
    with pytest.raises(InvalidActionError, match="Railway r would join fewer than two spaces"):
        map_overrides.check(small, {"remove": [["r", "a"], ["r", "b"]], "citation": CITE})
    assert map_overrides.check(small, {"remove": [["r", "a"]], "citation": CITE})["remove"] == [["a", "r"]]


def test_an_umpire_chooses_a_reading_where_a_ruling_offers_alternatives():
    """engine.core.ruling_choice: the option rulings {ruling id: choice}, checked, kept in the state."""
    s = engine.setup("palestine", "standard", {"rulings": {"R-P32": "modified"}}, SeededChance(1, context="r"))
    assert s["rulings"] == {"R-P32": "modified"}
    assert "rulings" not in engine.setup("palestine", "standard", {}, SeededChance(1, context="r"))
    for spec, why in (({"R-P32": "rounded"}, "may be natural, modified, not 'rounded'"),
                      ({"R-OP-1": "other"}, "'R-OP-1' offers no choice; the rulings that do: "),
                      ({"R-OP-1": "other"}, "R-P32: natural, modified"),
                      (["R-P32"], "an object")):
        with pytest.raises(InvalidActionError, match="rulings option: ") as e:
            engine.setup("palestine", "standard", {"rulings": spec}, SeededChance(1, context="r"))
        assert why in e.value.message
    with pytest.raises(InvalidActionError, match="offers no choice; the rulings that do: ") as e:
        engine.setup("arab-revolt", "standard", {"rulings": {"R-MAP-1": "x"}}, SeededChance(1, context="r"))
    assert "R-1.4.1-EVENT: map, available" in e.value.message and "R-A29: british, executing" in e.value.message
