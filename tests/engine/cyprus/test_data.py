"""Cyprus's static data (issue 29): map (1.3), components (1.2, 1.4, 1.6-1.10, 6.5), setup (2.1), cards (9.0,
5.2, 5.3, setup deck), rulings. Every fact carries its source; these tests check the data against the
rulebook's numbers, load it into the COIN layer (engine.coin.board, deck, intel, map_overrides), and read
rules/british-way.txt itself to check that every cited line holds what the data says it does."""

import re

import pytest

from engine.coin import map_overrides
from engine.coin.board import Board, PieceKind
from engine.coin.intel import INTEL_CHITS
from engine.games.cyprus.data import CARDS, COMPONENTS, DECK, MAP, RULINGS, SETUP, load

from .. import data_checks as checks

PROVENANCE = checks.provenance("stated", "example", "derived", "inferred", "ruling")
CYPRUS_LINES = range(3183, 4161)  # Cyprus in rules/british-way.txt

SPACES = {s["id"]: s for s in MAP["spaces"]}
PIECES = {p["piece"]: p for p in COMPONENTS["pieces"]}
MARKERS = {m["marker"]: m for m in COMPONENTS["markers"]}
SIDES = ("british", "eoka")
EVENTS = [c for c, v in CARDS.items() if v["kind"] == "event"]
THE_MAP = checks.MapData(MAP)
edges, neighbours, kind = THE_MAP.edges, THE_MAP.neighbours, THE_MAP.kind


def short(sid: str) -> str:
    """The word the rulebook names a space by ('Troodos' for the Troodos Mountains)."""
    return SPACES[sid]["name"].split()[0]


def board() -> Board:
    """The COIN layer's board built from map.json and components.json, as a game's board.py builds it."""
    kinds = [PieceKind(name, p["side"], flips=p["flips"], stack=p.get("stack"), never_in=frozenset(p.get("never_in", ())),
                       label=name.title(), words=(f"{name}-u", f"{name}-a") if p["flips"] else (name,))
             for name, p in PIECES.items()]
    return Board(MAP, kinds, markers=("sabotage", "curfew"), curfews=MARKERS["curfew"]["count"],
                 curfew_kinds=tuple(MARKERS["curfew"]["kinds"]), curfew_rule="1.10",
                 boxes={"prison": tuple(COMPONENTS["prison"]["accepts"])})


def setup_state(b: Board) -> dict:
    """The setup of 2.1 as a state of counts: Cells Underground (1.4.3), the Prison box."""
    return {"spaces": b.spaces_at_setup(SETUP["spaces"]), "available": {p: SETUP["available"][p] for p in PIECES},
            "prison": SETUP["prison"]["cells"]}


@pytest.fixture(scope="module")
def rulebook() -> list[str]:
    """The rulebook's lines (index 0 is L1), the edition the data cites: Cyprus at L3183, its Setup at L4121."""
    return checks.rulebook_lines("Cyprus", 3183, 4121)


# 1.3 the map ---------------------------------------------------------------------------------------------


def test_1_3_1_ten_spaces_with_their_kinds(rulebook):
    assert len(MAP["spaces"]) == len(SPACES) == 10
    assert kind("town") == {"nicosia", "famagusta", "larnaca", "limassol", "paphos", "karpas"}  # 1.3.2: six Towns
    assert "six lightly-shaded" in rulebook[3218]  # L3219
    assert kind("mountain") == {"troodos", "kyrenia"}
    assert "(Troodos and Kyrenia)" in rulebook[3222]  # L3223
    assert kind("base") == {"akrotiri", "dhekelia"}
    assert "(Dhekelia and Akrotiri)" in rulebook[3226]  # L3227


def test_6_1_2_sabotage_values_and_where_arms_caches_may_stand(rulebook):
    value = {s: v["sabotage"] for s, v in SPACES.items()}
    assert value["nicosia"] == 2 and all(value[t] == 1 for t in kind("town") - {"nicosia"})
    assert all(value[b] == 2 for b in kind("base")) and all(value[m] == 0 for m in kind("mountain"))
    assert "1 for most Towns, 2 for Nicosia and Bases" in rulebook[3503]  # 6.1.2 L3504
    assert "marked with a number '0'" in rulebook[3222] and "marked with a number '2'" in rulebook[3226]
    # 8.0 L3632: -2 for the Sabotage marker in Nicosia, -1 for the one in Karpas
    assert f"–{value['nicosia']} for the Sabotage marker in Nicosia" in rulebook[3631]
    assert f"–{value['karpas']} for the Sabotage marker in Karpas" in rulebook[3631]
    assert {s for s, v in SPACES.items() if not v["caches_allowed"]} == kind("base")  # 1.3.4 L3227, 1.4.2 L3253
    assert PIECES["caches"]["never_in"] == ["base"] and PIECES["caches"]["stack"] == 2
    for s in SPACES.values():
        assert PROVENANCE.match(s["sabotage_source"]) and PROVENANCE.match(s["caches_source"]), s["id"]


def test_1_3_5_famagustas_neighbours_are_the_stated_ones(rulebook):
    line = rulebook[3230]  # L3231
    stated = {s for s in SPACES if s != "famagusta" and short(s) in line.split("adjacent to")[1]}
    assert stated == {"karpas", "nicosia", "larnaca", "kyrenia", "troodos", "dhekelia"}
    assert neighbours("famagusta") == stated
    for e in MAP["adjacency"]:
        if "famagusta" in (e["a"], e["b"]):
            assert e["status"] == "stated" and e["source"].startswith("stated: 1.3.5 example L3231"), e
    # Read as complete (ruling R-MAP-1): every other space is listed as not adjacent to Famagusta.
    assert {x for e in edges("not_adjacent") if "famagusta" in e for x in e} - {"famagusta"} == (
        set(SPACES) - stated - {"famagusta"})


def test_1_3_5_edges_name_known_spaces_none_repeats_or_contradicts():
    THE_MAP.check_edges(PROVENANCE, 17)
    for e in MAP["adjacency"] + MAP["not_adjacent"]:
        assert e["source"].startswith(e["status"] + ":"), e
    assert all(e["status"] == "inferred" for e in MAP["not_adjacent"])
    status = [e["status"] for e in MAP["adjacency"]]
    assert (status.count("stated"), status.count("example"), status.count("derived"), status.count("inferred")) == (6, 1, 4, 6)


def test_1_3_5_every_edge_is_on_its_line_or_ruled(rulebook):
    """A stated, example or derived edge: the line it cites names both spaces. An inferred one names ruling R-MAP-1."""
    for e in MAP["adjacency"]:
        if e["status"] in ("stated", "example", "derived"):
            line = checks.at(rulebook, e["source"])
            assert short(e["a"]) in line and short(e["b"]) in line, e
        else:
            assert "R-MAP-1" in e["source"], e
    for e in MAP["not_adjacent"]:
        assert "R-MAP-1" in e["source"], e


def test_1_3_5_the_example_of_play_moves_along_edges():
    # Search (3.2.3: adjacent Troops only) L3586
    for a, b in [("nicosia", "troodos"), ("limassol", "troodos"), ("larnaca", "troodos"), ("akrotiri", "limassol"),
                 ("dhekelia", "famagusta")]:
        assert frozenset((a, b)) in edges(), (a, b)
    # Recruit L3576: Towns with or adjacent to an Arms Cache (3.3.1), the only one in Troodos; Sabotage L3596
    # expends 'the adjacent Arms Cache in Troodos' for Nicosia (3.3.3)
    cache = {e["space"] for e in SETUP["spaces"] if e.get("caches")}
    assert cache == {"troodos"}
    for town in ("nicosia", "paphos"):
        assert neighbours(town) & cache, town
    # Patrol L3608 moves Police from Larnaca to Nicosia and from Famagusta to Karpas, noting that Police need
    # not be adjacent: the second move is along a stated edge, so the note is about the first (ruling R-MAP-1).
    assert frozenset(("famagusta", "karpas")) in edges()
    assert frozenset(("larnaca", "nicosia")) in edges("not_adjacent")


def test_r_map_1_troodos_rings_and_nicosia_borders_no_south_coast_town():
    """Troodos borders Nicosia, Famagusta, Larnaca, Limassol and Paphos (stated, example, derived); with those
    four Towns on the coast Nicosia cannot border Larnaca or Limassol (ruling R-MAP-1), and the map says so."""
    assert neighbours("troodos") == {"nicosia", "famagusta", "larnaca", "limassol", "paphos"}
    assert {frozenset(("nicosia", "larnaca")), frozenset(("nicosia", "limassol"))} <= edges("not_adjacent")
    assert neighbours("akrotiri") == {"limassol"} and neighbours("dhekelia") == {"famagusta", "larnaca"}
    ring = ["nicosia", "famagusta", "larnaca", "limassol", "paphos"]
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):  # each borders the next round the massif
        assert frozenset((a, b)) in edges(), (a, b)


def test_1_3_5_the_map_is_connected_and_loads_into_the_coin_board():
    b = board()
    checks.check_board_loads_the_map(b, MAP, "nicosia")
    # An umpire may correct an inferred edge (engine.coin.map_overrides), never a stated, example or derived one.
    over = map_overrides.check(b, {"remove": [["nicosia", "paphos"]], "add": [["nicosia", "larnaca"]],
                                   "citation": "the physical board"})
    assert map_overrides.apply(b.adj["nicosia"], "nicosia", over) == {"kyrenia", "famagusta", "troodos", "larnaca"}
    checks.check_overrides_refused(b, (["famagusta", "troodos"], ["nicosia", "troodos"], ["akrotiri", "limassol"]))
    # Every space keeps a stated, example or derived edge into the rest: removing every inferred edge at once
    # leaves the map whole, so no override of inferred edges alone is refused as cutting a space off.
    inferred = [[e["a"], e["b"]] for e in MAP["adjacency"] if e["status"] == "inferred"]
    over = map_overrides.check(b, {"remove": inferred, "citation": "the physical board"})
    assert map_overrides.apply(b.adj["kyrenia"], "kyrenia", over) == {"famagusta"}


# 1.2, 1.4 components and tracks --------------------------------------------------------------------------


def test_1_2_pieces_as_the_components_list_them(rulebook):
    printed = {name: int(n) for n, name in re.findall(r"(\d+) [^,(]*\('([\w ]+)'\)", rulebook[3204])}  # L3205
    assert printed == {"Police": 6, "Troops": 12, "Cells": 12, "Arms Caches": 4}
    word = {"troops": "Troops", "police": "Police", "cells": "Cells", "caches": "Arms Caches"}
    assert {p: v["count"] for p, v in PIECES.items()} == {p: printed[w] for p, w in word.items()}
    assert {p: v["side"] for p, v in PIECES.items()} == {"troops": "british", "police": "british", "cells": "eoka",
                                                         "caches": "eoka"}
    assert [p for p, v in PIECES.items() if v["flips"]] == ["cells"]  # 1.4.3 L3259
    assert "only 6 blue Police cubes and 12 tan Troops cubes" in rulebook[3242]  # L3243


def test_1_2_markers_as_the_components_list_them(rulebook):
    printed = {name.strip(): int(n) for n, name in re.findall(r"(\d+)x ([\w /]+)", rulebook[3206])}  # L3207
    assert printed == {"Political Will": 1, "International Opinion": 1, "Curfew": 4, "Intel": 9, "Sabotage/Terror": 15,
                       "Capability": 8}
    word = {"political_will": "Political Will", "international_opinion": "International Opinion", "curfew": "Curfew",
            "intel": "Intel", "sabotage": "Sabotage/Terror", "capability": "Capability"}
    assert {m: v["count"] for m, v in MARKERS.items()} == {m: printed[w] for m, w in word.items()}
    assert MARKERS["curfew"]["kinds"] == ["town"] and MARKERS["curfew"]["per_space"] == 1  # 1.4.2 L3257
    assert MARKERS["sabotage"]["per_space"] is None  # 1.7 L3279: no limit in a space
    assert sorted(MARKERS["intel"]["values"]) == sorted(COMPONENTS["intel"]["chits"]) == sorted(INTEL_CHITS)
    assert [COMPONENTS["intel"]["chits"].count(v) for v in (0, 1, 2)] == [3, 3, 3]  # 1.6.1 L3273
    assert "9 Intel Chits with values ranging from 0 to 2 (3 of each)" in rulebook[3272]


def test_1_8_7_0_political_will(rulebook):
    pw = COMPONENTS["political_will"]
    assert (pw["min"], pw["max"], pw["start"]) == (0, 15, 14)
    assert "never be lower than 0 or greater than 15" in rulebook[3284]  # 1.8 L3285
    assert pw["early_victory"] == {"eoka": [0]}  # 7.0.1 L3549
    assert "EOKA wins if British Political Will is at 0" in rulebook[3548]
    assert list(pw["final_victory"]) == ["british"]  # 7.0.2 L3551: no tie, no British early win
    assert [f["id"] for f in COMPONENTS["factions"]] == list(SIDES)
    assert {f["id"]: f["color"] for f in COMPONENTS["factions"]} == {"british": "blue", "eoka": "red"}
    assert "resources" not in COMPONENTS and COMPONENTS["cylinders"]["resources"] is None  # 1.6 L3269


def test_6_5_international_opinion_track_and_its_labels(rulebook):
    io = COMPONENTS["international_opinion"]
    assert (io["min"], io["max"], io["start"]) == (0, 4, SETUP["international_opinion"]["value"]) == (0, 4, 2)
    labels = [e["label"] for e in io["labels"]]
    assert [e["value"] for e in io["labels"]] == [0, 1, 2, 3, 4]
    assert labels == ["Ignored", "Discussed", "Debated", "Criticized", "Condemned"]  # ruling R-IO-LABELS
    for e in io["labels"]:
        if e["source"].startswith(("stated:", "example:")):
            assert e["label"] in checks.at(rulebook, e["source"]), e
        else:
            assert "R-IO-LABELS" in e["source"], e
    assert f"{labels[2]} (2)" in rulebook[4130]  # setup L4131
    assert f"'{labels[1]}'" in rulebook[3601]  # 8.0 L3602, from 'Discussed'
    assert "at Ignored" in rulebook[3449] and "at Condemned" in rulebook[3449]  # 4.3.1 L3450
    assert (io["smuggle"]["none_at"], io["smuggle"]["two_at"]) == (io["min"], io["max"])
    assert "–0 to –4 PW" in rulebook[3569]  # 7.2 L3570: the track's values


def test_1_3_6_1_10_the_prison_the_curfew_pool_and_the_initiative_boxes():
    assert COMPONENTS["prison"]["accepts"] == ["cells"] and COMPONENTS["prison"]["io_per_cells"] == 3
    assert COMPONENTS["initiative_boxes"]["boxes"] == ["limited", "event", "opsa"]
    assert COMPONENTS["intel"]["pass"] == {"british": 1}
    assert COMPONENTS["pawns"] == {**COMPONENTS["pawns"], "black": 3, "white": 5}


def test_1_2_every_component_carries_a_source():
    checks.check_sourced(COMPONENTS, PROVENANCE, 25)


# 2.1 setup --------------------------------------------------------------------------------------------------

WORDS = {"cells": "Cell", "caches": "Arms Cache", "troops": "Troops", "police": "Police"}


def test_2_1_every_space_set_up_once_from_its_line(rulebook):
    assert sorted(e["space"] for e in SETUP["spaces"]) == sorted(SPACES)
    for e in SETUP["spaces"]:
        assert e["source"].startswith("stated: setup L41"), e
        line = checks.at(rulebook, e["source"])
        assert line.split(":")[0] in (SPACES[e["space"]]["name"], short(e["space"])), e  # the line's heading
        for piece, word in WORDS.items():
            m = re.search(rf"(\d+) {word}", line)
            assert e.get(piece, 0) == (int(m.group(1)) if m else 0), (e["space"], piece)
    assert "Empty" in rulebook[4157] and "Empty" in rulebook[4159]  # L4158 Karpas, L4160 Kyrenia Mountains
    for key in ("available", "prison", "international_opinion", "political_will", "eligible", "intel", "markers",
                "deck", "example_of_play"):
        assert PROVENANCE.match(SETUP[key]["source"]), key


def test_2_1_available_and_piece_totals_equal_the_component_counts(rulebook):
    avail = {p: SETUP["available"][p] for p in PIECES}
    assert avail == {"troops": 0, "police": 3, "cells": 6, "caches": 3}
    assert "EOKA—3 Arms Caches, 6 Cells" in rulebook[4136] and "British—3 Police" in rulebook[4137]  # L4137-4138
    b = board()
    state = setup_state(b)
    assert b.count_pieces(state) == {p: v["count"] for p, v in PIECES.items()}
    assert SETUP["prison"]["cells"] == 0 and "Prison: Empty" in rulebook[4139]


def test_1_4_2_setup_respects_stacking():
    for e in SETUP["spaces"]:
        assert e.get("caches", 0) <= PIECES["caches"]["stack"], e
        if SPACES[e["space"]]["kind"] == "base":
            assert not e.get("caches") and not e.get("cells"), e


def test_2_1_setup_tracks_as_the_rulebook_lists_them(rulebook):
    assert SETUP["political_will"]["value"] == COMPONENTS["political_will"]["start"] == 14
    assert "British Political Will: 14" in rulebook[4131]  # L4132
    assert SETUP["international_opinion"] == {**SETUP["international_opinion"], "value": 2, "label": "Debated"}
    assert SETUP["eligible"]["order"] == ["eoka", "british"]  # L4133, 2.3.1 NOTE L3323
    assert "EOKA 1st Eligible, British 2nd Eligible" in rulebook[4132]
    assert SETUP["intel"]["bag"] == list(INTEL_CHITS) and SETUP["intel"]["held"] == []
    assert SETUP["markers"] == {**SETUP["markers"], "curfew": 0, "sabotage": 0, "capabilities": []}


# 9.0 cards and the deck -------------------------------------------------------------------------------------

LABEL = {"british": "BRITISH CAPABILITY", "eoka": "EOKA CAPABILITY", "dual": "DUAL CAPABILITY", None: None}


def card_texts(lines: list[str], cid: str) -> tuple[str, list[str]]:
    """A card's heading and its text lines (up to its Tips or Background) in the rulebook."""
    return checks.card_texts(lines, CARDS[cid]["line"])


def test_9_0_thirty_two_events_and_three_propaganda_cards():
    assert len(CARDS) == 35
    assert EVENTS == [f"C{i}" for i in range(1, 33)]
    assert [c for c, v in CARDS.items() if v["kind"] == "propaganda"] == ["C33", "C34", "C35"]


def test_9_0_every_card_is_its_printed_heading_and_texts(rulebook):
    for cid in EVENTS:
        c = CARDS[cid]
        heading, texts = card_texts(rulebook, cid)
        label = LABEL[c["capability"]]
        assert heading == f"{cid}. {c['title']}" + (f" — {label}" if label else ""), cid
        assert c["capability_label"] == c["capability"], cid
        assert len(texts) == (1 if c["single"] else 2), cid
        assert [t.split(":")[0] for t in texts] == [c["unshaded"]] + ([] if c["single"] else [c["shaded"]]), cid
        assert c["source"].startswith(f"9.0 L{c['line']}"), cid
    assert "C33, C34, C35. Propaganda" in rulebook[3954]  # L3955
    assert {CARDS[c]["line"] for c in ("C33", "C34", "C35")} == {3955}
    lines = [CARDS[c]["line"] for c in EVENTS]
    assert lines == sorted(lines) and 3643 == lines[0] and lines[-1] < 3955


def test_5_2_single_text_cards_are_c4_c22_c26_c31():
    assert [c for c, v in CARDS.items() if v.get("single")] == ["C4", "C22", "C26", "C31"]
    for cid in EVENTS:
        c = CARDS[cid]
        assert c["title"] and c["unshaded"] and c["summary"]["unshaded"], cid
        assert (c["shaded"] is None) == (c["summary"]["shaded"] is None) == c["single"], cid


def test_5_3_capabilities_as_the_headings_give_them(rulebook):
    caps = {c: v["capability"] for c, v in CARDS.items() if v.get("capability")}
    assert caps == {"C9": "british", "C10": "british", "C17": "british", "C18": "british", "C13": "eoka",
                    "C23": "eoka", "C25": "eoka", "C32": "eoka", "C31": "dual"}
    assert "One Event (C31 TURKISH POLICE) is a \"DUAL CAPABILITY\"" in rulebook[3489]  # 5.3 L3490
    # The markers show which text of a two-text Capability is in effect (8.0 L3628); C31 has one text.
    two_texts = [c for c in caps if not CARDS[c]["single"]]
    assert len(two_texts) == MARKERS["capability"]["count"] == 8


GRANTS = re.compile(r"\b(Deploy|Patrol|Search|Assault|Recruit|Travel|Sabotage(?! marker)|Ambush|Restore|Diplomacy|"
                    r"Interrogate|Smuggle|Infiltrate|Propagandize|Limited Operations?)\b")


def test_r_free_ops_the_texts_that_grant_operations_or_special_activities(rulebook):
    free = {c: v["free_ops"] for c, v in CARDS.items() if v.get("free_ops")}
    assert free == {"C1": ["unshaded"], "C2": ["unshaded", "shaded"], "C3": ["unshaded", "shaded"],
                    "C6": ["unshaded", "shaded"], "C8": ["shaded"], "C12": ["unshaded", "shaded"], "C15": ["unshaded"],
                    "C19": ["unshaded"], "C24": ["unshaded"], "C27": ["unshaded"], "C28": ["shaded"],
                    "C29": ["shaded"], "C30": ["unshaded", "shaded"]}
    for cid in EVENTS:
        if CARDS[cid]["capability"]:  # a Capability changes an action; it grants none
            assert not CARDS[cid]["free_ops"], cid
            continue
        _, texts = card_texts(rulebook, cid)
        for side, text in zip(("unshaded", "shaded"), texts, strict=False):
            assert bool(GRANTS.search(text.split(":", 1)[1])) == (side in CARDS[cid]["free_ops"]), (cid, side)


def test_5_1_the_faction_each_text_names(rulebook):
    named = re.compile(r"\b(British|EOKA) (?:may|conducts?)\b")
    decides = re.compile(r"\b(British|EOKA) may\b")  # a Capability names a faction's choice only with 'may'
    owner = {("C2", "unshaded"): "british", ("C15", "unshaded"): "british", ("C24", "unshaded"): "british",
             ("C27", "unshaded"): "british", ("C29", "shaded"): "eoka"}  # ruling R-EVENT-FACTION
    rulings = {r["id"]: r for r in RULINGS}
    for cid in EVENTS:
        c = CARDS[cid]
        _, texts = card_texts(rulebook, cid)
        for side, text in zip(("unshaded", "shaded"), texts, strict=False):
            m = (decides if c["capability"] else named).search(text.split(":", 1)[1])
            want = m.group(1).lower() if m else None
            if (cid, side) in owner:
                assert want is None, (cid, side)
                want = owner[(cid, side)]
                assert cid in rulings["R-EVENT-FACTION"]["ruling"], cid
            assert c["acts"][side] == want, (cid, side)


def test_9_0_cards_carry_no_card_text(rulebook):
    for cid in EVENTS:  # no seven words running as the card prints them
        checks.check_no_card_text(cid, CARDS[cid], card_texts(rulebook, cid)[1], 7)


def test_2_1_the_deck_and_the_example_of_play_deck(rulebook):
    props = [c for c, v in CARDS.items() if v["kind"] == "propaganda"]
    checks.check_the_decks(DECK, EVENTS, props, rulebook, piles_at=4125, example_at=3574, stacks_at=3637,
                           card_id=r"C\d+")
    assert "A deck of 35 Cyprus cards" in rulebook[3203]  # 1.2 L3204
    assert DECK["standard"]["name"] == rulebook[4122]  # L4123
    assert SETUP["deck"]["scenario"] in DECK and SETUP["example_of_play"]["deck"] in DECK


def test_8_0_the_example_of_play_draws_rolls_and_errata(rulebook):
    ex = SETUP["example_of_play"]
    assert [d["value"] for d in ex["draws"]] == [2, 1]
    assert "revealing a valuable '2' chit" in checks.at(rulebook, ex["draws"][0]["at"])
    assert "drawing a 1-value chit" in checks.at(rulebook, ex["draws"][1]["at"])
    for r in ex["rolls"]:
        line = checks.at(rulebook, r["at"])
        if r["value"] is not None:
            space = r["what"].split(", ")[1]
            assert re.search(rf"In {space}[^.]*?roll a {r['value']}|They roll a {r['value']}", line, re.I), r
    assert [r["value"] for r in ex["rolls"][:4]] == [2, 4, 6, 3]
    for e in ex["errata"]:
        assert e["words"] in checks.at(rulebook, e["at"]), e
        assert e["ruling"] in {r["id"] for r in RULINGS}


# rulings and provenance -------------------------------------------------------------------------------------


class TestRulingsAndSources(checks.RulingsAndSourcesTests):
    """Cyprus's rulings cover register Z-C1..Z-C10; its data files and layout.json cite Cyprus's lines only."""

    rulings, source, load, lines = RULINGS, PROVENANCE, staticmethod(load), CYPRUS_LINES
    register = {f"Z-C{i}" for i in range(1, 11)}
    named_in = ("map.json", "components.json", "setup.json", "cards.json", "layout.json")
    cited = ("map.json", "components.json", "setup.json", "cards.json", "rulings.json", "layout.json")


def test_every_ruling_named_by_a_ruling_exists():
    ids = {r["id"] for r in RULINGS}
    named_in_rulings = set(checks.RULING_REF.findall(" ".join(r["ruling"] for r in RULINGS)))
    assert named_in_rulings <= ids, named_in_rulings - ids
