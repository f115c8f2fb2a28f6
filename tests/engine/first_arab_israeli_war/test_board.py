"""The hex map's data (issue 31 item 5): engine/games/first_arab_israeli_war/board.py, ``board_data(view)``.

The data is the map of the pack (1.3, 7.2, 7.5, 9.7, 16.0, 17.0) and what stands in each hex as the view shows it
(21.0): a hidden enemy stack is named as one, never with its units, its count or its supply.
"""

from __future__ import annotations

import json

import engine
from engine.games.first_arab_israeli_war import board, units
from engine.games.first_arab_israeli_war.board import HIDDEN_TEXT, board_data

from .faiw_helpers import deployed, put


def _hidden_facts(state: dict, enemy: str, hexes: list[str]) -> tuple[set[str], set[str]]:
    """The ids and designations of *enemy*'s counters in *hexes*: what a hidden stack holds."""
    pack = units.pack_of(state)
    ids = {cid for h in hexes for cid in units.at(state, h) if units.side_of(state, cid) == enemy}
    return ids, {pack.counters[c].designation for c in ids}


def test_21_0_the_data_hides_what_the_view_hides():
    state = deployed()
    secret = set()
    for role in ("arab", "israel"):
        enemy = units.other(role)
        view = engine.view(state, role)
        hidden = view["hidden_stacks"].get(enemy, [])
        assert hidden, "the deployment leaves some enemy stack hidden"
        ids, _ = _hidden_facts(state, enemy, hidden)
        data = board_data(view)
        text = json.dumps(data)
        secret |= ids
        assert not any(f'"{cid}"' in text for cid in ids)
        by_hex = {st["hex"]: st for st in data["stacks"]}
        for h in hidden:
            st = by_hex[h]
            assert st["hidden"] == [{"side": enemy, "text": HIDDEN_TEXT}]
            assert enemy not in st["supply"]  # no supply points shown (ruling R-21.0-hidden)
            assert all(u["side"] != enemy for u in st["units"])
        # the side's own units are all there, with their hexes
        own = {cid: rec["at"] for cid, rec in state["units"].items()
               if rec["status"] == "map" and units.side_of(state, cid) == role}
        shown = {u["id"]: st["hex"] for st in data["stacks"] for u in st["units"]}
        assert {c: shown[c] for c in own} == own
    assert secret, "the deployment hides some enemy units"


def test_21_0_hidden_supply_points_stay_hidden():
    state = deployed()
    view = engine.view(state, "israel")
    hidden = set(view["hidden_stacks"].get("arab", []))
    secret = {h: n for h, n in state["supply"]["arab"].items() if h in hidden}
    assert secret, "some Arab supply stands in a hidden hex"
    data = board_data(view)
    for st in data["stacks"]:
        if st["hex"] in secret:
            assert "arab" not in st["supply"]


def test_21_0_the_public_sees_whose_stack_is_hidden():
    state = deployed()
    data = board_data(engine.view(state, "public"))
    texts = {h["text"] for st in data["stacks"] for h in st["hidden"]}
    assert texts <= {"Arab League units, hidden", "Israeli units, hidden"} and texts


def test_1_3_every_hex_once_with_its_printed_column_and_row():
    state = deployed()
    data = board_data(engine.view(state, "arab"))
    grid = units.pack_of(state).map.grid
    assert [h["label"] for h in data["hexes"]] == list(grid.hexes)
    for h in data["hexes"]:
        assert (h["col"], h["row"]) == grid.colrow(h["label"])
        assert (h["q"], h["r"]) == tuple(grid.hex(h["label"]))
    assert data["layout"] == {"orientation": "flat", "odd_shift": "down", "first": 1, "digits": 2}
    json.dumps(data)  # JSON-able


def test_17_0_places_settlements_and_population_symbols():
    state = deployed()
    hexes = {h["label"]: h for h in board_data(engine.view(state, "arab"))["hexes"]}
    assert hexes["0203"]["name"] == "Tel Aviv" and hexes["0203"]["settlement"] == "city"
    assert hexes["0203"]["population"] == "jewish" and hexes["0204"]["population"] == "arab"
    assert hexes["0203"]["country"] == "Palestine" and hexes["0101"]["terrain"] == "all_sea"


def test_7_2_9_7_hexside_features_and_borders():
    state = deployed()
    data = board_data(engine.view(state, "arab"))
    sides = {tuple(s["hexes"]): s for s in data["hexsides"]}
    assert "river" in sides[("0202", "0203")]["features"]
    assert sides[("0201", "0202")]["border"] is True  # Lebanon and Palestine (9.7)
    assert all(s["features"] or s["border"] for s in data["hexsides"])


def test_7_5_roads_and_16_0_destroyed_bridges():
    state = deployed()
    data = board_data(engine.view(state, "arab"))
    assert ["0202", "0203"] in data["roads"]
    assert {"hexes": ["0202", "0203"], "destroyed": False} in data["bridges"]
    state["destroyed_bridges"].append(["0203", "0202"])
    data = board_data(engine.view(state, "arab"))
    assert {"hexes": ["0202", "0203"], "destroyed": True} in data["bridges"]
    assert {"hexes": ["0603", "0703"], "destroyed": False} in data["bridges"]


def test_17_2_15_0_terrorized_and_entrenched_markers():
    state = deployed()
    state["entrenched"]["0303"] = "israel"
    hexes = {h["label"]: h for h in board_data(engine.view(state, "public"))["hexes"]}
    tagged = units.pack_of(state).places
    assert hexes[tagged["tiberias"]]["terrorized"]  # Scenario 1, 1b
    assert not hexes[tagged["tel_aviv"]]["terrorized"]
    assert hexes["0303"]["entrenched"] and not hexes["0203"]["entrenched"]


def test_13_2_a_broken_unit_shows_its_back_face():
    state = deployed()
    cid = next(c for c in units.on_map(state, "israel") if units.counter(state, c).back is not None)
    put(state, cid, state["units"][cid]["at"], broken=True)
    data = board_data(engine.view(state, "israel"))
    unit = next(u for st in data["stacks"] for u in st["units"] if u["id"] == cid)
    assert unit["broken"] is True and unit["side"] == "israel"
    assert unit["designation"] == units.counter(state, cid).designation


def test_the_map_part_is_worked_out_once_per_pack_and_copied_fresh():
    state = deployed()
    view = engine.view(state, "arab")
    a = board_data(view)
    a["hexes"][0]["terrain"] = "changed"
    a["hexsides"][0]["features"].append("changed")
    b = board_data(view)
    assert b["hexes"][0]["terrain"] != "changed" and "changed" not in b["hexsides"][0]["features"]
    assert board._static.cache_info().hits >= 1
