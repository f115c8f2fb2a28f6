"""The static data besides the map: components (1.2, 1.7, 1.8, 6.6), cards (9.0, 5.3, 5.4), rulings."""

import re

from engine.games.arab_revolt.data import CARDS, COMPONENTS, RULINGS, SETUP, load

SOURCE = re.compile(r"(stated|example|ruling|inferred)|^\d|L\d")


def test_1_7_1_six_punishment_chits_two_of_each():
    chits = COMPONENTS["punishment_chits"]["chits"]
    assert sorted(chits) == ["demolish", "demolish", "detain", "detain", "fine", "fine"]
    assert COMPONENTS["punishment_chits"]["effects"]["fine"]["mobilization"] is None


def test_1_8_1_nine_operations_chits_three_of_each_value():
    assert sorted(COMPONENTS["operations_chits"]["chits"]) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert COMPONENTS["operations_chits"]["draw"] == {"normal": 2, "decentralized": 1}


def test_1_2_piece_counts():
    counts = {p["piece"]: p["count"] for p in COMPONENTS["pieces"]}
    assert counts == {"troops": 15, "police": 9, "irregulars": 6, "guerrillas": 15, "bases": 5}


def test_6_6_unity_track_boxes():
    boxes = COMPONENTS["unity_track"]["boxes"]
    assert [b["index"] for b in boxes] == [0, 1, 2, 3, 4]
    assert boxes[0]["name"] == "Decentralized" and boxes[-1]["name"] == "Centralized"
    assert boxes[2]["value"] == 1 and boxes[3]["value"] == 1 and boxes[4]["value"] == 0  # L1094, L628, L640
    assert COMPONENTS["unity_track"]["start"] == SETUP["unity"]["index"] == 2


def test_1_10_political_will_track():
    assert COMPONENTS["political_will"] == {**COMPONENTS["political_will"], "min": 0, "max": 20, "start": 18}


def test_9_0_thirty_two_events_and_three_propaganda_cards():
    events = [c for c in CARDS.values() if c["kind"] == "event"]
    props = [c for c in CARDS.values() if c["kind"] == "propaganda"]
    assert [c["id"] for c in events] == [f"A{i}" for i in range(1, 33)]
    assert [c["id"] for c in props] == ["A33", "A34", "A35"]
    assert [c["id"] for c in props if c["munich"]] == ["A34"]


def test_5_4_mandatory_events_and_their_executor():
    mandatory = {c["id"]: c["executor"] for c in CARDS.values() if c.get("mandatory")}
    assert mandatory == {"A11": "rebels", "A24": "british"}


def test_5_3_capabilities_and_single_text_cards():
    caps = {c["id"]: c["capability"] for c in CARDS.values() if c.get("capability")}
    assert caps == {"A1": "british", "A15": "british", "A18": "british", "A28": "british",
                    "A2": "rebels", "A8": "rebels", "A27": "rebels"}
    assert sorted((c["id"] for c in CARDS.values() if c.get("single")), key=lambda x: int(x[1:])) == \
        ["A11", "A19", "A24", "A26", "A28"]
    for c in CARDS.values():
        if c["kind"] == "event":
            assert c["unshaded"] and (c["shaded"] is None) == c["single"], c["id"]


def test_every_card_and_component_carries_a_source():
    for c in CARDS.values():
        assert c["source"].startswith("9.0 L"), c["id"]
    for p in COMPONENTS["pieces"] + COMPONENTS["markers"] + COMPONENTS["unity_track"]["boxes"]:
        assert SOURCE.search(p["source"]), p
    for e in SETUP["spaces"]:
        assert e["source"].startswith("stated: L10"), e


def test_rulings_cover_the_digests_open_questions():
    ids = {r["id"] for r in RULINGS}
    # C.3 item 8 of the digest: event-granted Limited Operations, Events vs the map, small cups, Raid in a
    # Foreign Country, A9 shaded; plus the Unity Track values (C.3 item 3) and the map (C.3 item 1).
    assert {"R-OPS-EVENT", "R-1.4.1", "R-CHITS-1", "R-RAID-FC", "R-A9", "R-UNITY-1", "R-MAP-1", "R-MAP-2"} <= ids
    assert len(ids) == len(RULINGS)
    for r in RULINGS:
        assert r["rule"] and len(r["ruling"]) > 40, r["id"]


def test_cards_carry_no_card_text():
    # Titles and the short label of each text only (brief: cite, do not paste).
    raw = load("cards.json")
    for c in raw["cards"]:
        for side in ("unshaded", "shaded"):
            assert len(c.get(side) or "") < 40, c["id"]
