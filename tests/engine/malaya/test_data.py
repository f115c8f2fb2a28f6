"""Malaya's static data: map (1.3), components (1.2, 1.4, 1.7-1.12, 6.6), setup (2.1), cards (9.0, 5.3, 5.4,
setup deck), rulings. Every fact carries its source; these tests check the data against the rulebook's numbers."""

import re
from collections import Counter

from engine.games.malaya.data import CARDS, COMPONENTS, DECK, MAP, RULINGS, SETUP, load

from ..data_checks import MapData, check_named_rulings_exist, check_rulings_well_formed, provenance, reachable

PROVENANCE = provenance("stated", "example", "inferred", "ruling")

SPACES = {s["id"]: s for s in MAP["spaces"]}
PIECES = ("troops", "police", "guerrillas", "bases")
BRITISH, MCP = ("troops", "police"), ("guerrillas", "bases")
THE_MAP = MapData(MAP)
edges, neighbours, kind = THE_MAP.edges, THE_MAP.neighbours, THE_MAP.kind


# 1.3 the map ---------------------------------------------------------------------------------------------


def test_1_3_1_twelve_playable_spaces_with_their_kinds():
    assert len(MAP["spaces"]) == len(SPACES) == 12
    assert kind("province") == {"perak", "kedah", "kelantan", "trengganu", "pahang", "selangor",
                                "negri-sembilan", "johore"}
    assert kind("city") == {"kuala-lumpur"}
    assert kind("foreign") == {"thailand"}
    assert kind("ec") == {"ec-top", "ec-bottom"}
    # 1.3.1 L1210: Indonesia and Singapore are flavour, not playable spaces.
    assert not {"indonesia", "singapore"} & set(SPACES)


def test_1_3_2_terrain_mountain_is_perak_and_selangor_only():
    terrain = {s: v["terrain"] for s, v in SPACES.items()}
    assert {s for s, t in terrain.items() if t == "mountain"} == {"perak", "selangor"}
    assert {s for s, t in terrain.items() if t == "jungle"} == kind("province") - {"perak", "selangor"}
    # M3 Tip L1686 (Kuala Lumpur, Economic Centers) and ruling R-MAP-3 (Thailand): neither.
    for s in ("kuala-lumpur", "ec-top", "ec-bottom", "thailand"):
        assert terrain[s] is None, s
    assert "R-MAP-3" in SPACES["thailand"]["terrain_source"]


def test_1_3_2_populations_and_economic_values():
    pops = {s: v["pop"] for s, v in SPACES.items()}
    assert pops["kuala-lumpur"] == 2 and pops["thailand"] == 0  # stated 1.3.4 L1216, 1.3.3 L1214
    assert SPACES["kuala-lumpur"]["pop_source"].startswith("stated:")
    assert SPACES["thailand"]["pop_source"].startswith("stated:")
    for p in kind("province"):
        assert pops[p] in (1, 2, 3), p  # 1.3.2 L1212: '1', '2', or '3'
        assert SPACES[p]["pop_source"].startswith("example: 8.0 L"), p
    for ec in kind("ec"):
        assert pops[ec] is None and SPACES[ec]["econ"] == 6  # 1.3.5 L1218
    assert all(v["econ"] is None for s, v in SPACES.items() if s not in kind("ec"))


def test_8_0_example_numbers_follow_from_the_populations():
    pop = {s: v["pop"] for s, v in SPACES.items()}
    assert pop["pahang"] == 1  # L1602: +1 for removing MCP Control
    assert pop["negri-sembilan"] == 2  # L1634: +2
    assert pop["kedah"] + pop["selangor"] + pop["negri-sembilan"] + pop["pahang"] == 6  # L1612: 13 -> 7
    assert pop["johore"] == 2  # L1648: Support Population 2, Johore the only Support space
    assert pop["kedah"] + pop["kelantan"] + pop["trengganu"] == 5  # L1648: Opposition without New Village
    british_control = ("kuala-lumpur", "perak", "pahang", "negri-sembilan", "johore")
    assert sum(pop[s] for s in british_control) == 10  # L1649
    assert pop["kelantan"] + 1 == 3 and pop["trengganu"] + 1 == 2  # L1612: Rally with 1 Base, read as maxima


def test_1_3_6_perak_neighbours_are_stated():
    # L1224: Perak is adjacent to Thailand, Kedah, Kelantan, Pahang, Selangor and the top Economic Center.
    assert neighbours("perak") == {"thailand", "kedah", "kelantan", "pahang", "selangor", "ec-top"}
    for e in MAP["adjacency"]:
        if "perak" in (e["a"], e["b"]):
            assert e["source"].startswith("stated: 1.3.6 example L1224"), e


def test_1_3_6_edges_name_known_spaces_and_none_repeats():
    THE_MAP.check_edges()


def test_1_3_6_every_space_is_connected_and_thailand_reaches_only_the_north():
    assert reachable("kuala-lumpur", neighbours) == set(SPACES)
    assert neighbours("thailand") == {"perak", "kedah", "kelantan"}


def test_8_0_example_of_play_moves_follow_edges():
    # Sweep L1602 (adjacent Troops only), Reprisal L1606, March L1624.
    for a, b in [("kuala-lumpur", "pahang"), ("johore", "pahang"), ("pahang", "trengganu"),
                 ("perak", "pahang"), ("kelantan", "ec-top")]:
        assert frozenset((a, b)) in edges(), (a, b)


def test_1_3_5_bottom_economic_center_edges_are_inferred_by_ruling():
    assert neighbours("ec-bottom"), "the bottom Economic Center must touch some space"
    assert "perak" not in neighbours("ec-bottom")  # L1224 lists only the top one
    for e in MAP["adjacency"]:
        if "ec-bottom" in (e["a"], e["b"]):
            assert e["source"].startswith("inferred:") and "R-MAP-2" in e["source"], e


def test_1_3_map_provenance_on_every_space_and_edge():
    for item in MAP["spaces"] + MAP["adjacency"] + MAP["not_adjacent"]:
        assert PROVENANCE.match(item["source"]), item
    for s in MAP["spaces"]:
        assert PROVENANCE.match(s["terrain_source"]), s["id"]
        if s["pop"] is not None:
            assert PROVENANCE.match(s["pop_source"]), s["id"]
        if s["econ"] is not None:
            assert PROVENANCE.match(s["econ_source"]), s["id"]
    labels = Counter(e["source"].split(":")[0] for e in MAP["adjacency"])
    assert labels["stated"] == 6 and labels["example"] == 4  # digest B2.3: the rest is inferred


# 1.2, 1.4 components ------------------------------------------------------------------------------------


def test_1_2_piece_counts_and_stacking():
    counts = {p["piece"]: p["count"] for p in COMPONENTS["pieces"]}
    assert counts == {"troops": 15, "police": 15, "guerrillas": 15, "bases": 4}
    bases = next(p for p in COMPONENTS["pieces"] if p["piece"] == "bases")
    assert bases["stack"] == 2 and bases["never_in"] == ["ec"]  # 1.4.2 L1244
    assert [p["piece"] for p in COMPONENTS["pieces"] if p["flips"]] == ["guerrillas"]  # 1.4.3 L1250
    for p in COMPONENTS["pieces"]:
        assert p["side"] in {f["id"] for f in COMPONENTS["factions"]}
        if p["side"] == "british":
            assert p["never_in"] == ["foreign"], p  # 1.3.3 L1214: British never enter Thailand


def test_1_2_marker_counts_fit_the_map():
    markers = {m["marker"]: m for m in COMPONENTS["markers"]}
    assert {k: m["count"] for k, m in markers.items()} == {
        "new_village": 4, "control": 10, "support_oppose": 9, "terror_sabotage": 15, "capability": 8,
        "political_will": 1, "commander": 1}
    # One Control marker per space that can be Controlled (1.7 L1266), one Support/Oppose per space that
    # can be at Support or Opposition (1.6 L1260).
    assert markers["control"]["count"] == sum(
        1 for s in SPACES.values() if s["kind"] in markers["control"]["kinds"])
    assert markers["support_oppose"]["count"] == sum(
        1 for s in SPACES.values() if s["kind"] in markers["support_oppose"]["kinds"])
    assert markers["new_village"]["kinds"] == ["province"] and markers["new_village"]["per_space"] == 1
    assert markers["commander"]["reverse"] == "Gurney Killed"


def test_1_8_1_10_6_6_tracks():
    pw = COMPONENTS["political_will"]
    assert (pw["min"], pw["max"], pw["start"]) == (0, 20, 12)
    assert pw["early_victory"] == {"mcp": [0, 1, 2], "british": [18, 19, 20]}  # 6.1.3 L1520
    res = COMPONENTS["resources"]
    assert (res["min"], res["max"]) == (0, 20) and res["start"] == {"british": 20, "mcp": 10}
    assert res["pass"] == {"british": 2, "mcp": 1}  # 2.3.3 L1329
    track = COMPONENTS["commander_track"]
    assert [b["name"] for b in track["boxes"]] == ["Gurney", "Briggs", "Templer"]
    assert [b["index"] for b in track["boxes"]] == [0, 1, 2]
    assert [b["effect"] for b in track["boxes"]] == [{"reprisal": 2}, {"resettle": 2}, {"pacify_with_train": 2}]
    assert track["start"] == SETUP["commander"]["index"] == 0 and track["reverse"] == "Gurney Killed"
    assert COMPONENTS["support_levels"]["levels"] == ["opposition", "neutral", "support"]  # 1.6: three
    assert COMPONENTS["initiative_boxes"]["boxes"] == ["limited", "event", "opsa"]


def test_1_2_every_component_carries_a_source():
    items = (COMPONENTS["factions"] + COMPONENTS["pieces"] + COMPONENTS["markers"]
             + COMPONENTS["commander_track"]["boxes"])
    items += [COMPONENTS[k] for k in ("political_will", "resources", "commander_track", "support_levels",
                                      "initiative_boxes")]
    for p in items:
        assert PROVENANCE.match(p["source"]), p


# 2.1 setup --------------------------------------------------------------------------------------------------


def count(entry, piece):
    return entry.get(piece, 0)


def test_2_1_every_space_set_up_once_with_a_source():
    assert sorted(e["space"] for e in SETUP["spaces"]) == sorted(SPACES)
    for e in SETUP["spaces"]:
        assert PROVENANCE.match(e["source"]), e
        assert e["source"].startswith(("stated: setup L21", "inferred:")), e
    for key in ("available", "resources", "commander", "political_will", "eligible", "new_villages_available",
                "markers"):
        assert PROVENANCE.match(SETUP[key]["source"]), key


def test_2_1_piece_totals_equal_the_component_counts():
    counts = {p["piece"]: p["count"] for p in COMPONENTS["pieces"]}
    for piece in PIECES:
        on_map = sum(count(e, piece) for e in SETUP["spaces"])
        assert on_map + SETUP["available"][piece] == counts[piece], piece
    assert SETUP["available"] == {**SETUP["available"], "troops": 7, "police": 9, "guerrillas": 9, "bases": 2}


def test_1_7_setup_control_matches_the_pieces():
    for e in SETUP["spaces"]:
        british = sum(count(e, p) for p in BRITISH)
        mcp = sum(count(e, p) for p in MCP)
        if SPACES[e["space"]]["kind"] == "ec":
            assert e["control"] is None, e  # 1.3.5 NOTE L1220
        elif british > mcp:
            assert e["control"] == "british", e
        elif mcp > british:
            assert e["control"] == "mcp", e
        else:
            assert e["control"] is None, e


def test_1_3_setup_restrictions_thailand_and_economic_centers():
    by_space = {e["space"]: e for e in SETUP["spaces"]}
    thailand = by_space["thailand"]
    assert thailand["control"] != "british" and not any(count(thailand, p) for p in BRITISH)
    for ec in kind("ec"):
        assert by_space[ec]["control"] is None and count(by_space[ec], "bases") == 0
        assert by_space[ec]["alignment"] == "neutral"
    for e in SETUP["spaces"]:
        assert count(e, "bases") <= 2, e
        if SPACES[e["space"]]["kind"] in ("foreign", "ec"):
            assert e["alignment"] == "neutral", e  # 1.6 NOTE L1262


def test_2_1_setup_alignment_and_tracks_as_the_rulebook_lists():
    by_space = {e["space"]: e for e in SETUP["spaces"]}
    assert {s for s, e in by_space.items() if e["alignment"] == "support"} == {"kuala-lumpur"}  # L2176
    assert {s for s, e in by_space.items() if e["alignment"] == "opposition"} == {"pahang"}  # L2180
    assert SETUP["resources"] == {**SETUP["resources"], "british": 20, "mcp": 10}  # L2166
    assert SETUP["political_will"]["value"] == COMPONENTS["political_will"]["start"] == 12  # L2168
    assert SETUP["commander"]["name"] == "Gurney" and not SETUP["commander"]["gurney_killed"]  # L2167
    assert SETUP["eligible"]["order"] == ["british", "mcp"]  # L2169
    assert SETUP["new_villages_available"]["count"] == 4  # 1.12 L1288


# 9.0 cards and the deck -------------------------------------------------------------------------------------


def test_9_0_thirty_two_events_and_three_propaganda_cards():
    assert len(CARDS) == 35
    events = [c["id"] for c in CARDS.values() if c["kind"] == "event"]
    props = [c["id"] for c in CARDS.values() if c["kind"] == "propaganda"]
    assert events == [f"M{i}" for i in range(1, 33)]
    assert props == ["M33", "M34", "M35"]


def test_5_2_single_text_cards_are_m24_and_m26():
    assert [c["id"] for c in CARDS.values() if c.get("single")] == ["M24", "M26"]
    for c in CARDS.values():
        if c["kind"] == "event":
            assert c["title"] and c["unshaded"], c["id"]
            assert (c["shaded"] is None) == c["single"], c["id"]


def test_5_3_capabilities_cover_both_texts():
    caps = {c["id"]: c["capability_label"] for c in CARDS.values() if c.get("capability")}
    assert caps == {"M1": "british", "M18": "british", "M28": "british", "M2": "mcp", "M8": "mcp", "M27": "mcp"}
    assert {c["capability"] for c in CARDS.values() if c.get("capability")} == {"both"}
    assert len(caps) <= next(m["count"] for m in COMPONENTS["markers"] if m["marker"] == "capability")


def test_5_4_cards_that_grant_free_operations():
    free = {c["id"]: c["free_ops"] for c in CARDS.values() if c.get("free_ops")}
    assert free == {"M6": ["shaded"], "M9": ["unshaded"], "M15": ["unshaded"], "M17": ["unshaded"],
                    "M22": ["shaded"], "M23": ["shaded"], "M30": ["shaded"], "M31": ["shaded"],
                    "M32": ["shaded"]}
    for c in CARDS.values():
        for side in c.get("free_ops", []):
            assert c[side], (c["id"], side)


def test_9_0_every_card_cites_its_line_and_carries_no_card_text():
    lines = [int(re.match(r"9\.0 L(\d+)", c["source"]).group(1)) for c in CARDS.values()]
    events = lines[:32]
    assert events == sorted(events) and 1660 <= events[0] and events[-1] < 1976
    raw = load("cards.json")
    for c in raw["cards"]:
        for side in ("unshaded", "shaded"):
            assert len(c.get(side) or "") < 40, c["id"]  # the headline label, not the paragraph
            assert ":" not in (c.get(side) or ""), c["id"]


def test_2_1_standard_and_extended_decks():
    assert DECK["events"] == 32 and DECK["propaganda"] == 3
    for name, size, unused in (("standard", 21, 14), ("extended", 27, 8)):
        d = DECK[name]
        assert d["deck_size"] == size and d["unused"] == unused, name
        assert d["piles"] * (d["pile_size"] + 1) == d["deck_size"], name
        assert d["piles"] * d["pile_size"] + d["unused"] == DECK["events"], name
        assert d["piles"] == DECK["propaganda"] and d["bottom"] < d["pile_size"], name
        assert PROVENANCE.match(d["source"]), name
    assert DECK["standard"]["bottom"] == 2 and DECK["extended"]["bottom"] == 4
    assert DECK["example_of_play"]["cards"] == ["M23", "M25", "M10", "M8", "M7", "M29", "M35"]  # 8.0 L1600
    assert all(c in CARDS for c in DECK["example_of_play"]["cards"])


# rulings ----------------------------------------------------------------------------------------------------


def test_rulings_are_unique_quoted_and_sourced():
    check_rulings_well_formed(RULINGS, PROVENANCE)


def test_rulings_cover_the_digests_open_questions():
    ids = {r["id"] for r in RULINGS}
    # Map (B2), 1.4.1 vs 5.1.1 (B1), Train Pacify at cost 0 and Thailand Terror (B5), M2 shaded Extort (B5),
    # Redeploy Control (B6), Intimidate eligibility (B9 c), M24 and M30 and the other faction (B7), Commander.
    assert {"R-MAP-1", "R-MAP-2", "R-MAP-3", "R-MAP-4", "R-1.4.1", "R-1.4.1-EVENT", "R-TRAIN-PACIFY",
            "R-TERROR-THAILAND", "R-M2", "R-CONTROL-PW", "R-INTIMIDATE", "R-M24", "R-M30", "R-EVENT-FACTION",
            "R-COMMANDER", "R-8.0-ERRATA"} <= ids


def test_every_ruling_named_by_the_data_exists():
    check_named_rulings_exist(RULINGS, load, ("map.json", "components.json", "setup.json", "cards.json"))
