"""Kenya's static data (issue 28): map (1.3), components (1.2, 1.4, 1.6-1.11, 6.6), setup (2.1), cards (9.0,
5.3, 5.4, setup deck), rulings. Every fact carries its source; these tests check the data against the
rulebook's numbers, load it into the COIN layer (engine.coin.board, control, deck, map_overrides), and read
rules/british-way.txt itself to check that every cited line holds what the data says it does."""

import re

import pytest

from engine.coin import map_overrides
from engine.coin.board import Board, PieceKind
from engine.coin.control import Control
from engine.games.kenya.data import CARDS, COMPONENTS, DECK, MAP, RULINGS, SETUP, load

from .. import data_checks as checks

PROVENANCE = checks.provenance("stated", "example", "inferred", "ruling")
KENYA_LINES = range(2196, 3181)  # Kenya in rules/british-way.txt

SPACES = {s["id"]: s for s in MAP["spaces"]}
NAMES = {s["name"]: s["id"] for s in MAP["spaces"]}
PIECES = {p["piece"]: p for p in COMPONENTS["pieces"]}
MARKERS = {m["marker"]: m for m in COMPONENTS["markers"]}
BRITISH, MAUMAU = ("troops", "police"), ("guerrillas", "bases")
SIDES = ("british", "maumau")
THE_MAP = checks.MapData(MAP)
edges, neighbours, kind = THE_MAP.edges, THE_MAP.neighbours, THE_MAP.kind


def board() -> Board:
    """The COIN layer's board built from map.json and components.json, as a game's board.py builds it."""
    kinds = [PieceKind(name, p["side"], flips=p["flips"], stack=p.get("stack"), label=name.title(),
                       words=(f"{name}-u", f"{name}-a") if p["flips"] else (name,)) for name, p in PIECES.items()]
    return Board(MAP, kinds, markers=("terror",), curfews=0, curfew_kinds=(), curfew_rule="",
                 boxes={"out_of_play": tuple(COMPONENTS["out_of_play"]["accepts"])})


def setup_state(b: Board) -> dict:
    """The setup of 2.1 as a state of counts: Guerrillas Underground (1.4.3), the Out of Play box."""
    spaces = {sid: b.empty_space() for sid in b.spaces}
    for e in SETUP["spaces"]:
        for piece in PIECES:
            spaces[e["space"]][b.pieces[piece].keys[0]] += e.get(piece, 0)
    available = {p: SETUP["available"][p] for p in PIECES}
    return {"spaces": spaces, "available": available, "out_of_play": SETUP["out_of_play"]["police"]}


@pytest.fixture(scope="module")
def rulebook() -> list[str]:
    """The rulebook's lines (index 0 is L1), the edition the data cites: Kenya at L2196, its Setup at L3149."""
    return checks.rulebook_lines("Kenya", 2196, 3149)


# 1.3 the map ---------------------------------------------------------------------------------------------


def test_1_3_1_twelve_spaces_with_their_kinds():
    assert len(MAP["spaces"]) == len(SPACES) == 12
    assert kind("city") == {"nairobi"}
    assert kind("mountain-jungle") == {"aberdares", "mount-kenya"}
    assert len(kind("province")) == 9  # 1.3.2 L2232: 'The nine lighter-colored ... spaces are Provinces'
    assert not any("southern" in s for s in SPACES)  # 1.3.1 L2230: flavour, not a playable space


def test_1_3_2_reserves_and_non_reserves(rulebook):
    reserve = {s for s, v in SPACES.items() if v["reserve"] is True}
    assert reserve == {"meru", "nyeri", "embu", "fort-hall", "kiambu"}
    assert {s for s, v in SPACES.items() if v["reserve"] is False} == {
        "thompsons-falls", "rift-valley", "nanyuki", "thika", "nairobi"}  # Nairobi: 1.3.4 L2238
    assert {s for s, v in SPACES.items() if v["reserve"] is None} == kind("mountain-jungle")  # ruling R-MAP-3
    line = rulebook[2231]  # 1.3.2 L2232 lists both groups
    reserves, others = line.split("Reserves (titled in black")[1].split("Non-Reserves (titled in white")
    assert {NAMES[n] for n in NAMES if n in reserves} == reserve
    assert {NAMES[n] for n in NAMES if n in others} == kind("province") - reserve


def test_1_3_2_populations_are_stated_or_from_the_example_or_ruled():
    pop = {s: v["pop"] for s, v in SPACES.items()}
    assert pop["nairobi"] == 2 and SPACES["nairobi"]["pop_source"].startswith("stated: 1.3.4 L2238")
    for s in kind("mountain-jungle"):
        assert pop[s] == 0 and SPACES[s]["pop_source"].startswith("stated: 1.3.3 L2236")
    for p in kind("province"):
        assert pop[p] in (1, 2), p  # 1.3.2 L2232: '1' or '2'
    by_example = {s for s in kind("province") if SPACES[s]["pop_source"].startswith("example: 8.0 L")}
    assert by_example >= {"nyeri", "fort-hall", "nanyuki", "rift-valley"}
    for s in kind("province"):
        if not SPACES[s]["pop_source"].startswith("example:") or s in ("kiambu", "meru", "embu"):
            assert "R-MAP-2" in SPACES[s]["pop_source"], s  # what the text leaves open is ruled


def test_8_0_example_numbers_follow_from_the_populations(rulebook):
    pop = {s: v["pop"] for s, v in SPACES.items()}
    assert pop["meru"] + pop["embu"] + pop["kiambu"] + pop["fort-hall"] == 6  # L2651: 6 Population at Resistance
    assert pop["nairobi"] + 1 == 3 and pop["aberdares"] + 1 == pop["mount-kenya"] + 1 == 1  # L2617: Rally, 1 Base
    # The Political Will of the example, step by step: Mau Mau Control removed in Nyeri (L2605), gained in
    # Nairobi (L2617), Nanyuki (L2631) and Rift Valley (L2635), an Outrage (L2639), removed in Nairobi and Fort
    # Hall (L2643), then the Propaganda Round's Resistance (L2651).
    steps = [(2605, +pop["nyeri"]), (2617, -pop["nairobi"]), (2631, -pop["nanyuki"]), (2635, -pop["rift-valley"]),
             (2639, -1), (2643, +pop["nairobi"]), (2643, +pop["fort-hall"]),
             (2651, -(pop["meru"] + pop["embu"] + pop["fort-hall"] + pop["kiambu"]))]
    pw, seen = 12, []
    for line, delta in steps:
        pw += delta
        seen.append(pw)
        assert f"'{pw}'" in rulebook[line - 1], (line, pw)
    assert seen == [14, 12, 11, 10, 9, 11, 13, 7]
    assert "printed value of '2'" in rulebook[2638] and pop["nyeri"] == 2  # L2639: Nyeri's printed Population


def test_1_3_6_kiambu_neighbours_are_the_stated_ones(rulebook):
    stated = {"rift-valley", "aberdares", "fort-hall", "thika", "nairobi"}
    assert neighbours("kiambu") == stated
    assert {NAMES[n] for n in NAMES if n in rulebook[2243].split("adjacent to")[1]} == stated  # L2244
    for e in MAP["adjacency"]:
        if "kiambu" in (e["a"], e["b"]):
            assert e["source"] == "stated: 1.3.6 example L2244", e
    # Read as complete (ruling R-MAP-1): every other space is listed as not adjacent to Kiambu.
    assert {x for e in edges("not_adjacent") if "kiambu" in e for x in e} - {"kiambu"} == (
        set(SPACES) - stated - {"kiambu"})


def test_1_3_6_edges_name_known_spaces_none_repeats_or_contradicts():
    THE_MAP.check_edges(PROVENANCE, 24)


def test_1_3_6_every_edge_is_on_its_line_or_ruled(rulebook):
    """A stated or example edge: the line it cites names both spaces. An inferred one names ruling R-MAP-1."""
    for e in MAP["adjacency"]:
        names = (SPACES[e["a"]]["name"], SPACES[e["b"]]["name"])
        if e["source"].startswith(("stated:", "example:")):
            line = checks.at(rulebook, e["source"])
            assert all(n in line for n in names), e
        else:
            assert e["source"].startswith("inferred:") and "R-MAP-1" in e["source"], e
    assert sum(e["source"].startswith("example:") for e in MAP["adjacency"]) == 6


def test_1_3_6_the_example_of_play_moves_along_edges():
    moves = [("rift-valley", "aberdares"), ("nyeri", "aberdares"), ("nanyuki", "mount-kenya"),
             ("nyeri", "mount-kenya"),  # Sweep L2609
             ("nyeri", "mount-kenya"),  # Reprisal L2627
             ("thompsons-falls", "nanyuki"), ("nyeri", "nanyuki"),  # March L2631
             ("mount-kenya", "nanyuki"), ("aberdares", "rift-valley")]  # Raid L2635
    for a, b in moves:
        assert frozenset((a, b)) in edges(), (a, b)
    # Supply L2621: both Mountain Jungle Bases reach Nairobi through spaces with a Guerrilla or Resistance
    # (4.3.1 NOTE L2460: the end spaces need neither). Those spaces at that moment of the example:
    carriers = {"kiambu", "fort-hall", "nyeri", "embu", "meru", "aberdares", "mount-kenya", "thompsons-falls"}
    for base in ("aberdares", "mount-kenya"):
        seen, todo = set(), [base]
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            if s == base or s in carriers:
                todo.extend(neighbours(s))
        assert "nairobi" in seen, base
    # Raid L2635 selects Nanyuki and Rift Valley: Provinces adjacent to a Mountain Jungle (4.3.3).
    for p in ("nanyuki", "rift-valley"):
        assert neighbours(p) & kind("mountain-jungle"), p


def test_1_3_6_the_map_is_connected_and_loads_into_the_coin_board():
    b = board()
    checks.check_board_loads_the_map(b, MAP, "nairobi")
    assert b.pop == {s: v["pop"] for s, v in SPACES.items()}
    # An umpire may correct an inferred edge (engine.coin.map_overrides), never a stated or example one.
    over = map_overrides.check(b, {"remove": [["thika", "nairobi"]], "add": [["rift-valley", "nairobi"]],
                                   "citation": "the physical board"})
    assert map_overrides.apply(b.adj["nairobi"], "nairobi", over) == {"kiambu", "rift-valley"}
    checks.check_overrides_refused(b, (["kiambu", "nairobi"], ["nyeri", "mount-kenya"]))


# 1.2, 1.4 components and tracks --------------------------------------------------------------------------


def test_1_2_pieces_as_the_components_list_them(rulebook):
    printed = {name: int(n) for n, name in re.findall(r"(\d+) [^,(]*\('(\w+)'\)", rulebook[2217])}  # L2218
    assert printed == {"Police": 15, "Troops": 10, "Guerrillas": 15, "Bases": 4}
    assert {p: v["count"] for p, v in PIECES.items()} == {k.lower(): n for k, n in printed.items()}
    assert {p: v["side"] for p, v in PIECES.items()} == {
        "troops": "british", "police": "british", "guerrillas": "maumau", "bases": "maumau"}
    assert [p for p, v in PIECES.items() if v["flips"]] == ["guerrillas"]  # 1.4.3 L2267
    assert PIECES["bases"]["stack"] == 2  # 1.4.2 L2262
    assert "only 4 red Base discs" in rulebook[2251] and "only 10 tan Troops cubes" in rulebook[2251]  # L2252


def test_1_2_markers_as_the_components_list_them(rulebook):
    printed = dict((name, int(n)) for n, name in re.findall(r"(\d+)x ([^,(—]+?)(?: \(|,|—)", rulebook[2219]))
    assert printed == {"Political Will": 1, "Pipeline": 1, "Population": 5, "British/Mau Mau Control": 12,
                       "Loyal/Resist": 10, "Terror": 15, "Capability": 8}  # L2220
    ours = {"political_will": "Political Will", "pipeline": "Pipeline", "population": "Population",
            "control": "British/Mau Mau Control", "loyal_resist": "Loyal/Resist", "terror": "Terror",
            "capability": "Capability"}
    assert {m: v["count"] for m, v in MARKERS.items()} == {m: printed[n] for m, n in ours.items()}
    # One Control marker per space (1.7 L2285, 1.3.3 L2236), one Loyal/Resist per Province and Nairobi (1.6),
    # one Population marker per Reserve Province (1.3.2).
    assert MARKERS["control"]["count"] == sum(s["kind"] in MARKERS["control"]["kinds"] for s in SPACES.values())
    assert MARKERS["loyal_resist"]["count"] == sum(
        s["kind"] in MARKERS["loyal_resist"]["kinds"] for s in SPACES.values())
    assert MARKERS["population"]["count"] == sum(s["reserve"] is True for s in SPACES.values())
    assert MARKERS["terror"]["per_space"] == {"operations": 1, "events": None}  # 1.4.2 L2265
    assert COMPONENTS["pawns"] == {**COMPONENTS["pawns"], "black": 3, "white": 5}  # L2219


def test_1_8_1_10_7_0_political_will_and_resources():
    pw = COMPONENTS["political_will"]
    assert (pw["min"], pw["max"], pw["start"]) == (0, 20, 12)
    assert pw["early_victory"] == {"maumau": [0, 1, 2], "british": [18, 19, 20]}  # 6.1.4 L2522, 7.0.1
    assert pw["final_victory"] == {"tie": 10}  # 7.0.2 L2573
    res = COMPONENTS["resources"]
    assert res["factions"] == ["maumau"]  # 3.1 L2361: British Operations cost nothing
    assert (res["min"], res["max"], res["start"], res["pass"]) == (0, 20, {"maumau": 8}, {"maumau": 1})
    assert COMPONENTS["loyalty_levels"]["levels"] == ["resistance", "neutral", "loyal"]  # 1.6: three levels
    assert COMPONENTS["initiative_boxes"]["boxes"] == ["limited", "event", "opsa"]  # 2.3.5 DESIGN NOTE L2345
    assert [f["id"] for f in COMPONENTS["factions"]] == list(SIDES)


def test_6_6_pipeline_track_boxes(rulebook):
    track = COMPONENTS["pipeline_track"]
    boxes = track["boxes"]
    assert [b["index"] for b in boxes] == [0, 1, 2, 3, 4]  # ruling R-PIPELINE-1
    assert [b["name"] for b in boxes] == [None, "Emergency Powers", "Villagization", "Prison System", None]
    for b in boxes:
        if b["name"]:  # each name is printed with its value on the line cited
            assert f"{b['name']} ({b['index']})" in checks.at(rulebook, b["name_source"]), b
        else:
            assert "R-PIPELINE-1" in b["name_source"], b
    relocate, reprisal = [b["relocate"] for b in boxes], [b["reprisal"] for b in boxes]
    assert relocate == [0, 0, 1, 1, 2] and reprisal == [0, 1, 1, 2, 2]
    # What the Example of Play fixes (L2627, L2639) and 6.6.3 NOTE L2565 states.
    assert relocate[0] == relocate[1] == 0 and relocate[2] == 1 and relocate[4] == 2
    assert reprisal[2] == 1 and reprisal[3] == 2
    for key in ("relocate", "reprisal"):
        assert all(a <= b for a, b in zip([b[key] for b in boxes], [b[key] for b in boxes][1:], strict=False))
        for b in boxes:
            src = b[f"{key}_source"]
            assert src.startswith("example: 8.0 L") or "R-PIPELINE-2" in src, (key, b["index"])
    assert track["start"] == SETUP["pipeline"]["index"] == 1
    assert boxes[track["start"]]["name"] == SETUP["pipeline"]["name"]
    out = COMPONENTS["outrage"]  # 6.6.3 L2563: a die lower than the value; none possible at 0 or 1
    assert out["no_roll_at"] == [v for v in range(5) if not any(d < v for d in range(1, out["die"] + 1))]


def test_1_2_every_component_carries_a_source():
    checks.check_sourced(COMPONENTS, PROVENANCE, 30)


# 2.1 setup --------------------------------------------------------------------------------------------------


def test_2_1_every_space_set_up_once_from_its_line(rulebook):
    assert sorted(e["space"] for e in SETUP["spaces"]) == sorted(SPACES)
    for e in SETUP["spaces"]:
        assert e["source"].startswith("stated: setup L31"), e
        line = checks.at(rulebook, e["source"])
        assert SPACES[e["space"]]["name"] in line.split(":")[0], e  # the line's heading names the space
        control = {"british": "British Control", "maumau": "Mau Mau Control"}[e["control"]]
        assert control in line, e
        for piece, word in (("bases", "Base"), ("guerrillas", "Guerrilla"), ("troops", "Troops"),
                            ("police", "Police")):
            m = re.search(rf"(\d+) {word}", line)
            assert e.get(piece, 0) == (int(m.group(1)) if m else 0), (e["space"], piece)
    for key in ("available", "out_of_play", "resources", "pipeline", "political_will", "eligible",
                "population_markers", "markers", "deck", "example_of_play"):
        assert PROVENANCE.match(SETUP[key]["source"]), key


def test_2_1_piece_totals_equal_the_component_counts():
    b = board()
    assert b.count_pieces(setup_state(b)) == {p: v["count"] for p, v in PIECES.items()}
    assert {p: SETUP["available"][p] for p in PIECES} == {"troops": 4, "police": 0, "guerrillas": 7, "bases": 1}
    assert SETUP["out_of_play"]["police"] == 8  # L3169


def test_1_7_setup_control_is_the_computed_control():
    b = board()
    control = Control(b, SIDES, frozenset(MARKERS["control"]["kinds"]))
    assert control.spaces == b.spaces  # every space can be Controlled (1.7, 1.3.3)
    assert control.computed(setup_state(b)) == {e["space"]: e["control"] for e in SETUP["spaces"]}


def test_1_4_2_1_6_setup_stacking_and_levels():
    for e in SETUP["spaces"]:
        assert e.get("bases", 0) <= PIECES["bases"]["stack"], e
        assert e["alignment"] == "neutral", e  # every space starts Neutral (L3171-3179; 1.3.3 L2236)


def test_2_1_setup_tracks_as_the_rulebook_lists_them(rulebook):
    assert SETUP["resources"]["maumau"] == COMPONENTS["resources"]["start"]["maumau"] == 8
    assert "Mau Mau 8" in rulebook[3158]  # L3159
    assert SETUP["political_will"]["value"] == COMPONENTS["political_will"]["start"] == 12
    assert "British Political Will: 12" in rulebook[3160]  # L3161
    assert SETUP["eligible"]["order"] == ["maumau", "british"]  # L3162, 2.3.1 NOTE L2329
    assert "Mau Mau 1st Eligible, British 2nd Eligible" in rulebook[3161]
    assert SETUP["population_markers"]["spaces"] == {}
    assert SETUP["markers"] == {**SETUP["markers"], "terror": 0, "capabilities": []}


# 9.0 cards and the deck -------------------------------------------------------------------------------------


def card_texts(lines: list[str], cid: str) -> tuple[str, list[str]]:
    """A card's heading and its text lines (up to its Tips or Background) in the rulebook."""
    return checks.card_texts(lines, int(re.match(r"9\.0 L(\d+)", CARDS[cid]["source"]).group(1)))


def test_9_0_thirty_two_events_and_three_propaganda_cards():
    assert len(CARDS) == 35
    assert [c for c, v in CARDS.items() if v["kind"] == "event"] == [f"K{i}" for i in range(1, 33)]
    assert [c for c, v in CARDS.items() if v["kind"] == "propaganda"] == ["K33", "K34", "K35"]


def test_9_0_every_card_is_its_printed_heading_and_texts(rulebook):
    for cid, c in CARDS.items():
        if c["kind"] != "event":
            continue
        heading, texts = card_texts(rulebook, cid)
        label = {"british": "BRITISH CAPABILITY", "maumau": "MAU MAU CAPABILITY", None: None}[c["capability_label"]]
        assert heading == f"{cid}. {c['title']}" + (f" — {label}" if label else ""), cid
        assert len(texts) == (1 if c["single"] else 2), cid
        assert [t.split(":")[0] for t in texts] == [c["unshaded"]] + ([] if c["single"] else [c["shaded"]]), cid
    assert "K33, K34, K35. Propaganda" in rulebook[2976]  # L2977


def test_5_2_single_text_cards_are_k4_and_k26():
    assert [c for c, v in CARDS.items() if v.get("single")] == ["K4", "K26"]
    for c in CARDS.values():
        if c["kind"] == "event":
            assert c["title"] and c["unshaded"] and c["summary"]["unshaded"], c["id"]
            assert (c["shaded"] is None) == (c["summary"]["shaded"] is None) == c["single"], c["id"]


def test_5_3_capabilities_cover_both_texts():
    caps = {c["id"]: c["capability_label"] for c in CARDS.values() if c.get("capability")}
    assert caps == {"K5": "british", "K7": "british", "K11": "british", "K3": "maumau", "K28": "maumau",
                    "K31": "maumau"}
    assert {c["capability"] for c in CARDS.values() if c.get("capability")} == {"both"}
    assert len(caps) <= MARKERS["capability"]["count"]


def test_5_4_the_texts_that_grant_operations_roll_outrage_and_shift_the_pipeline(rulebook):
    free = {c["id"]: c["free_ops"] for c in CARDS.values() if c.get("free_ops")}
    assert free == {"K8": ["unshaded"], "K9": ["unshaded"], "K15": ["unshaded", "shaded"], "K16": ["unshaded"],
                    "K18": ["unshaded"], "K20": ["shaded"], "K21": ["unshaded"], "K22": ["shaded"],
                    "K24": ["unshaded"], "K27": ["unshaded"], "K29": ["shaded"], "K32": ["unshaded"]}
    granted = re.compile(r"\b(Deploy|Relocate|Sweep|Assault|Rally|March|Reward|Reprisal|Air Strike|Limited Operations?"
                         r"|free Terror|Terror there)\b")
    shift = re.compile(r"Pipeline 1 step (?:to )?the (right|left)")
    for cid, c in CARDS.items():
        if c["kind"] != "event":
            continue
        _, texts = card_texts(rulebook, cid)
        for side, text in zip(("unshaded", "shaded"), texts, strict=False):
            body = text.split(":", 1)[1]
            if side in c["free_ops"]:
                assert granted.search(body), (cid, side)
            rolls = "Roll for Outrage" in body and "no Roll for Outrage" not in body
            assert rolls == (side in c["outrage"]), (cid, side)
            m = shift.search(body)
            assert c["pipeline"].get(side) == ({"right": 1, "left": -1}[m.group(1)] if m else None), (cid, side)


def test_5_1_the_faction_each_text_names(rulebook):
    named = re.compile(r"\b(British|Mau Mau) (?:may|place|Sweep|Assault|Deploy|free|conduct)\b")
    decides = re.compile(r"\b(British|Mau Mau) may\b")  # a Capability names a faction's choice only with 'may'
    unnamed_british = {("K8", "unshaded"), ("K32", "unshaded")}  # ruling R-EVENT-FACTION
    rulings = {r["id"]: r for r in RULINGS}
    for cid, c in CARDS.items():
        if c["kind"] != "event":
            continue
        _, texts = card_texts(rulebook, cid)
        for side, text in zip(("unshaded", "shaded"), texts, strict=False):
            m = (decides if c["capability"] else named).search(text.split(":", 1)[1])
            want = {"British": "british", "Mau Mau": "maumau"}[m.group(1)] if m else None
            if (cid, side) in unnamed_british:
                want = "british"
                assert cid in rulings["R-EVENT-FACTION"]["ruling"], cid
            elif "the other player" in text:
                want = "other"
            assert c["acts"][side] == want, (cid, side)


def test_9_0_cards_carry_no_card_text(rulebook):
    for cid, c in CARDS.items():
        if c["kind"] == "event":  # no eight words running as the card prints them
            checks.check_no_card_text(cid, c, card_texts(rulebook, cid)[1], 8)


def test_9_0_every_card_cites_its_line():
    lines = [int(re.match(r"9\.0 L(\d+)", c["source"]).group(1)) for c in CARDS.values()]
    assert lines[:32] == sorted(lines[:32]) and 2663 <= lines[0] and lines[31] < 2977
    assert set(lines[32:]) == {2977}


def test_2_1_the_deck_and_the_example_of_play_deck(rulebook):
    events = [c for c, v in CARDS.items() if v["kind"] == "event"]
    props = [c for c, v in CARDS.items() if v["kind"] == "propaganda"]
    checks.check_the_decks(DECK, events, props, rulebook, piles_at=3153, example_at=2597, stacks_at=2657,
                           card_id=r"K\d+")
    assert SETUP["deck"]["scenario"] in DECK and SETUP["example_of_play"]["deck"] in DECK


def test_8_0_the_example_of_play_dice_and_the_swapped_words(rulebook):
    ex = SETUP["example_of_play"]
    assert ex["outrage_rolls"] == [5, 1]
    assert "they roll a 5" in rulebook[2626] and "this time roll a 1" in rulebook[2638]  # L2627, L2639
    for e in ex["errata"]:
        assert e["words"] in checks.at(rulebook, e["at"]), e
        assert e["ruling"] in {r["id"] for r in RULINGS}


# rulings and provenance -------------------------------------------------------------------------------------


class TestRulingsAndSources(checks.RulingsAndSourcesTests):
    """Kenya's rulings cover register Z-K1..Z-K12; its data files cite Kenya's lines only."""

    rulings, source, load, lines = RULINGS, PROVENANCE, staticmethod(load), KENYA_LINES
    register = {f"Z-K{i}" for i in range(1, 13)}
    named_in = ("map.json", "components.json", "setup.json", "cards.json")
    cited = ("map.json", "components.json", "setup.json", "cards.json", "rulings.json")
