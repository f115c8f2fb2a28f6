"""Malaya's position files (docs/positions.md; engine.games.malaya.position): the rulebook's setup as a
position, round trips, Control computed as the position is built (1.7), and each Malaya fault refused with
its path and rule: levels (1.6), New Villages (1.12, 1.4.2), Terror and Sabotage (3.3.4), British pieces in
Thailand and Bases in Economic Centers (1.4.2), the tracks (1.8, 1.10, 6.6) and Gurney Killed (6.6.3)."""

from __future__ import annotations

import copy
import json

import pytest

import engine
from engine.coin.position import PositionError
from engine.core.chance import SeededChance

from .helpers import B


def rules():
    return engine.definition("malaya").position


@pytest.mark.parametrize("scenario", ["standard", "extended", "example-of-play"])
def test_2_1_the_rulebook_setup_as_a_position_is_the_setup(scenario):
    p = rules().rulebook(scenario)
    assert p["decision"] == {"at": "card"} and rules().validate(p) == []
    assert p["tracks"] == {"political_will": 12, "resources_british": 20, "resources_mcp": 10, "commander": 0}
    assert p["spaces"]["pahang"] == {"bases": 1, "guerrillas_u": 2, "support": -1}
    assert p["spaces"]["kuala-lumpur"] == {"troops": 4, "police": 2, "support": 1}
    built = rules().from_position(p, SeededChance(7, context="setup"))
    assert rules().same(built, engine.setup("malaya", scenario, {}, SeededChance(7, context="setup")))


def test_2_1_setup_control_is_computed_from_the_pieces():
    """1.7: the setup's Control markers (L2176-2186) are what the pieces give."""
    s = engine.setup("malaya", "standard", {}, SeededChance(1))
    assert {sid for sid, c in s["control"].items() if c == "british"} == {"kuala-lumpur", "perak", "johore"}
    assert {sid for sid, c in s["control"].items() if c == "mcp"} == {"pahang", "kelantan", "trengganu"}
    assert "ec-top" not in s["control"]


def test_a_position_round_trips_through_json_and_computes_control():
    p = rules().rulebook()
    p["spaces"]["kedah"] = {"guerrillas_u": 2, "new_village": 0}
    p["available"]["guerrillas"] -= 2
    p["spaces"]["selangor"] = {"police": 2, "new_village": 1, "support": -1}
    p["available"]["police"] -= 2
    p["gurney_killed"] = True
    s = rules().from_position(json.loads(json.dumps(p)), SeededChance(3, context="setup"))
    assert s["control"]["kedah"] == "mcp" and s["control"]["selangor"] == "british"
    assert s["new_villages"] == B.NEW_VILLAGES - 1 and s["gurney_killed"] is True
    again = rules().to_position(s)
    assert again["gurney_killed"] is True and again["spaces"]["selangor"] == {"police": 2, "new_village": 1,
                                                                                "support": -1}


DELETE = object()


def _set(p: dict, path: tuple, value) -> None:
    for k in path[:-1]:
        p = p.setdefault(k, {})
    if value is DELETE:
        p.pop(path[-1], None)
    else:
        p[path[-1]] = value


FAULTS = [
    ([(("spaces", "kedah", "support"), 2)], "spaces.kedah.support", "-1 Opposition, 0 Neutral, 1 Support (1.6)"),
    ([(("spaces", "ec-top", "support"), 1)], "spaces.ec-top.support", "never at Support or Opposition (1.6 NOTE)"),
    ([(("spaces", "thailand", "support"), -1)], "spaces.thailand.support", "(1.6 NOTE)"),
    ([(("spaces", "kuala-lumpur", "new_village"), 1)], "spaces.kuala-lumpur.new_village", "in a Province only"),
    ([(("spaces", "kedah", "new_village"), 2)], "spaces.kedah.new_village", "one New Village at most"),
    ([(("spaces", "pahang", "new_village"), 1)], "spaces.pahang.new_village",
     "MCP forces and no British forces is removed at once (1.12)"),
    ([(("spaces", "kuala-lumpur", "new_village"), 0), (("spaces", "johore", "new_village"), 1),
      (("spaces", "johore", "support"), 1), (("spaces", "johore", "guerrillas_u"), DELETE),
      (("available", "guerrillas"), 10)], "spaces.johore.new_village",
     "British Controlled space at Support with no MCP forces is removed at once (1.12)"),
    ([(("spaces", "ec-top", "terror"), 1)], "spaces.ec-top.terror", "Terror markers go in Provinces"),
    ([(("spaces", "kedah", "sabotage"), 1)], "spaces.kedah.sabotage", "Sabotage markers go in Economic Centers"),
    ([(("spaces", "thailand", "police"), 1), (("available", "police"), 8)], "spaces.thailand.police",
     "may never occupy Thailand (1.4.2)"),
    ([(("spaces", "ec-top", "bases"), 1), (("available", "bases"), 1)], "spaces.ec-top.bases",
     "may never occupy an Economic Center (1.4.2)"),
    ([(("tracks", "resources_mcp"), 21)], "tracks.resources_mcp", "21 is off the track: 0 to 20 (1.8)"),
    ([(("tracks", "commander"), 3)], "tracks.commander", "0 Gurney, 1 Briggs, 2 Templer"),
    ([(("gurney_killed",), "yes")], "gurney_killed", "(6.6.3)"),
    ([(("available", "guerrillas"), 10)], "available.guerrillas", "but the game has 15"),
]


@pytest.mark.parametrize("changes, path, words", FAULTS, ids=[f[1] for f in FAULTS])
def test_each_malaya_fault_is_refused_with_its_path_and_rule(changes, path, words):
    p = copy.deepcopy(rules().rulebook())
    for where, value in changes:
        _set(p, where, value)
    faults = rules().validate(p)
    assert any(f.path == path and words in f.message for f in faults), faults
    with pytest.raises(PositionError):
        rules().from_position(p, SeededChance(1))
