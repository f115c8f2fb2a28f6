"""Kenya's static data (issue 28): map (1.3), components (1.2, 1.4, 1.6-1.11, 6.6), setup (2.1), cards (9.0,
5.3, 5.4, setup deck), rulings. Every fact carries its source; these tests check the data against the
rulebook's numbers, load it into the COIN layer (engine.coin.board, control, deck, map_overrides), and read
rules/british-way.txt itself to check that every cited line holds what the data says it does."""

import os
import re
from pathlib import Path

import pytest

from engine.coin import deck as D
from engine.coin import map_overrides
from engine.coin.board import Board, PieceKind
from engine.coin.control import Control
from engine.core.errors import InvalidActionError
from engine.games.kenya.data import CARDS, COMPONENTS, DECK, MAP, RULINGS, SETUP, load

PROVENANCE = re.compile(r"^(stated|example|inferred|ruling): \S")
RULING_REF = re.compile(r"\bR-[A-Z0-9.]+(?:-[A-Z0-9.]+)*")
LINE_REF = re.compile(r"\bL(\d{4})\b")
KENYA_LINES = range(2196, 3181)  # Kenya in rules/british-way.txt

SPACES = {s["id"]: s for s in MAP["spaces"]}
NAMES = {s["name"]: s["id"] for s in MAP["spaces"]}
PIECES = {p["piece"]: p for p in COMPONENTS["pieces"]}
MARKERS = {m["marker"]: m for m in COMPONENTS["markers"]}
BRITISH, MAUMAU = ("troops", "police"), ("guerrillas", "bases")
SIDES = ("british", "maumau")


def edges(key="adjacency"):
    return {frozenset((e["a"], e["b"])) for e in MAP[key]}


def neighbours(space):
    return {x for e in edges() if space in e for x in e if x != space}


def kind(k):
    return {s for s, v in SPACES.items() if v["kind"] == k}


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


def rulebook_path() -> Path | None:
    """rules/british-way.txt: under $UMPIRE_RULES_DIR, the repository's rules/, or the shared rules/ beside it."""
    repo = Path(__file__).resolve().parents[3]
    dirs = [Path(os.environ["UMPIRE_RULES_DIR"])] if os.environ.get("UMPIRE_RULES_DIR") else []
    for d in [*dirs, repo / "rules", repo.parent / "shared" / "rules"]:
        if (d / "british-way.txt").is_file():
            return d / "british-way.txt"
    return None


@pytest.fixture(scope="module")
def rulebook() -> list[str]:
    """The rulebook's lines (index 0 is L1). It is not in the repository (its text is not ours to copy)."""
    path = rulebook_path()
    if path is None:
        pytest.skip("rules/british-way.txt not found: set UMPIRE_RULES_DIR to the folder holding it")
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[2195] == "Kenya" and lines[3148].startswith("Kenya — Setup Instructions (2.1)"), (
        f"{path} is not the edition the data cites (Kenya at L2196, its Setup Instructions at L3149)")
    return lines


def at(lines: list[str], ref: str) -> str:
    """The line a reference such as ``8.0 L2609`` names (its first line number)."""
    return lines[int(LINE_REF.search(ref).group(1)) - 1]


def sources(node, path=""):
    """Every ``source`` and ``*_source`` string below *node*, with its path (the file's own heading aside)."""
    if isinstance(node, dict):
        for k, v in node.items():
            p = f"{path}.{k}" if path else k
            if isinstance(v, str) and (k == "source" or k.endswith("_source")) and path:
                yield p, v
            else:
                yield from sources(v, p)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from sources(v, f"{path}[{i}]")


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
    for e in MAP["adjacency"] + MAP["not_adjacent"]:
        assert e["a"] in SPACES and e["b"] in SPACES and e["a"] != e["b"], e
        assert PROVENANCE.match(e["source"]), e
    assert len(edges()) == len(MAP["adjacency"]) == 24, "an edge is listed twice"
    assert len(edges("not_adjacent")) == len(MAP["not_adjacent"])
    assert not edges() & edges("not_adjacent")


def test_1_3_6_every_edge_is_on_its_line_or_ruled(rulebook):
    """A stated or example edge: the line it cites names both spaces. An inferred one names ruling R-MAP-1."""
    for e in MAP["adjacency"]:
        names = (SPACES[e["a"]]["name"], SPACES[e["b"]]["name"])
        if e["source"].startswith(("stated:", "example:")):
            line = at(rulebook, e["source"])
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
    assert b.spaces == [s["id"] for s in MAP["spaces"]]
    for s in b.spaces:
        for n in b.adj[s]:
            assert s in b.adj[n], (s, n)  # symmetric
    seen, todo = set(), ["nairobi"]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen.add(s)
            todo.extend(b.adj[s])
    assert seen == set(SPACES)
    assert b.pop == {s: v["pop"] for s, v in SPACES.items()}
    # An umpire may correct an inferred edge (engine.coin.map_overrides), never a stated or example one.
    over = map_overrides.check(b, {"remove": [["thika", "nairobi"]], "add": [["rift-valley", "nairobi"]],
                                   "citation": "the physical board"})
    assert map_overrides.apply(b.adj["nairobi"], "nairobi", over) == {"kiambu", "rift-valley"}
    for stated in (["kiambu", "nairobi"], ["nyeri", "mount-kenya"]):
        with pytest.raises(InvalidActionError, match="not inferred"):
            map_overrides.check(b, {"remove": [stated], "citation": "the physical board"})


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
            assert f"{b['name']} ({b['index']})" in at(rulebook, b["name_source"]), b
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
    found = list(sources(COMPONENTS))
    assert len(found) > 30
    for path, src in found:
        assert PROVENANCE.match(src), (path, src)


# 2.1 setup --------------------------------------------------------------------------------------------------


def test_2_1_every_space_set_up_once_from_its_line(rulebook):
    assert sorted(e["space"] for e in SETUP["spaces"]) == sorted(SPACES)
    for e in SETUP["spaces"]:
        assert e["source"].startswith("stated: setup L31"), e
        line = at(rulebook, e["source"])
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
    n = int(re.match(r"9\.0 L(\d+)", CARDS[cid]["source"]).group(1))
    texts = []
    for line in lines[n:]:
        if line.startswith(("Tips:", "Background:")):
            break
        if line.strip():
            texts.append(line)
    return lines[n - 1], texts


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
        if c["kind"] != "event":
            continue
        _, texts = card_texts(rulebook, cid)
        for side, text in zip(("unshaded", "shaded"), texts, strict=False):
            assert len(c[side]) < 40 and ":" not in c[side], (cid, side)  # the headline, not the text
            words = re.findall(r"[\w']+", text.split(":", 1)[1].lower())
            summary = " ".join(re.findall(r"[\w']+", c["summary"][side].lower()))
            for i in range(len(words) - 7):  # no eight words running as the card prints them
                assert " ".join(words[i:i + 8]) not in summary, (cid, side, words[i:i + 8])


def test_9_0_every_card_cites_its_line():
    lines = [int(re.match(r"9\.0 L(\d+)", c["source"]).group(1)) for c in CARDS.values()]
    assert lines[:32] == sorted(lines[:32]) and 2663 <= lines[0] and lines[31] < 2977
    assert set(lines[32:]) == {2977}


def test_2_1_the_deck_and_the_example_of_play_deck(rulebook):
    assert DECK["events"] == 32 and DECK["propaganda"] == 3
    d = DECK["standard"]
    assert (d["piles"], d["pile_size"], d["bottom"], d["unused"], d["deck_size"]) == (3, 6, 2, 14, 21)
    assert d["piles"] * (d["pile_size"] + 1) == d["deck_size"] and d["piles"] == DECK["propaganda"]
    assert d["piles"] * d["pile_size"] + d["unused"] == DECK["events"]
    line = rulebook[3152]  # L3153
    for words in ("three piles of 6 regular Event cards", "remaining 14 regular Event cards",
                  "with 2 of the Event cards", "Event Deck of 21 cards"):
        assert words in line, words
    events = [c for c, v in CARDS.items() if v["kind"] == "event"]
    props = [c for c, v in CARDS.items() if v["kind"] == "propaganda"]
    state = {"deck": D.build_deck(events, props, d["pile_size"], d["bottom"], d["shuffle_propaganda"])}
    assert D.size(state) == 21 and D.unused_count(state) == 14
    ex = DECK["example_of_play"]
    assert ex["cards"] == re.findall(r"\((K\d+)\)", rulebook[2596])  # L2597, top to bottom
    rest = ex["rest"]
    top = ex["cards"]
    state = {"deck": D.build_deck([c for c in events if c not in top], [c for c in props if c not in top],
                                  rest["pile_size"], rest["bottom"], True, top=top)}
    assert D.size(state) == len(top) + rest["piles"] * (rest["pile_size"] + 1) == 21
    assert D.unused_count(state) == 14
    assert "two stacks of six random Event cards" in rulebook[2656]  # L2657
    assert SETUP["deck"]["scenario"] in DECK and SETUP["example_of_play"]["deck"] in DECK


def test_8_0_the_example_of_play_dice_and_the_swapped_words(rulebook):
    ex = SETUP["example_of_play"]
    assert ex["outrage_rolls"] == [5, 1]
    assert "they roll a 5" in rulebook[2626] and "this time roll a 1" in rulebook[2638]  # L2627, L2639
    for e in ex["errata"]:
        assert e["words"] in at(rulebook, e["at"]), e
        assert e["ruling"] in {r["id"] for r in RULINGS}


# rulings and provenance -------------------------------------------------------------------------------------


def test_rulings_are_unique_quoted_and_sourced():
    ids = [r["id"] for r in RULINGS]
    assert len(ids) == len(set(ids))
    for r in RULINGS:
        assert r["id"].startswith("R-") and r["rule"], r["id"]
        assert len(r["ruling"]) > 40 and PROVENANCE.match(r["source"]), r["id"]
        assert r["quotes"], r["id"]
        for q in r["quotes"]:
            assert LINE_REF.search(q["at"]) and 0 < len(q["text"]) <= 120, (r["id"], q)
        if "default" in r:
            assert r["default"] in r["alternatives"] and len(r["alternatives"]) >= 2, r["id"]


def test_rulings_quote_the_words_on_their_lines(rulebook):
    for r in RULINGS:
        for q in r["quotes"]:
            assert q["text"] in at(rulebook, q["at"]), (r["id"], q)


def test_rulings_cover_the_digests_register():
    covered = {z for r in RULINGS for z in r.get("register", ())}
    assert covered == {f"Z-K{i}" for i in range(1, 13)}


def test_every_ruling_named_by_the_data_exists():
    ids = {r["id"] for r in RULINGS}
    named = set()
    for name in ("map.json", "components.json", "setup.json", "cards.json"):
        named |= set(RULING_REF.findall(str(load(name))))
    assert named and named <= ids, named - ids


def test_every_fact_carries_a_source_and_cites_kenya_lines():
    for name in ("map.json", "components.json", "setup.json"):
        for path, src in sources(load(name)):
            assert PROVENANCE.match(src), (name, path, src)
    for name in ("map.json", "components.json", "setup.json", "cards.json", "rulings.json"):
        for n in LINE_REF.findall(str(load(name))):
            assert int(n) in KENYA_LINES, (name, n)  # no line of another game's rules
