"""Japanese Occupation's static data (issue 30): map (1.3), components (1.2, 1.4-1.15, 6.7), setup (2.1),
rulings. Every fact carries its source; these tests check the data against the rulebook's numbers and read
rules/british-way-enemy-of-my-enemy.txt itself to check that every cited line holds what the data says it does."""

import ast
import os
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.games.japanese_occupation.data import COMPONENTS, MAP, RULINGS, SETUP, load

from .. import data_checks as checks

PROVENANCE = checks.provenance("stated", "example", "derived", "inferred", "ruling")
JO_LINES = range(1101, 2189)  # Japanese Occupation in rules/british-way-enemy-of-my-enemy.txt
AR_BODIES = {238, 256, 339, 393, 413}  # the Arab Revolt rule bodies the rulings borrow (2.3.6, 3.1, 4.1.1, 5.1, 5.2)
ANY_LINE = re.compile(r"\bL(\d{3,4})\b")

SPACES = {s["id"]: s for s in MAP["spaces"]}
PIECES = {p["piece"]: p for p in COMPONENTS["pieces"]}
MARKERS = {m["marker"]: m for m in COMPONENTS["markers"]}
RAILWAYS = {r["id"]: r for r in MAP["railways"]}
THE_MAP = checks.MapData(MAP)
edges, neighbours, kind = THE_MAP.edges, THE_MAP.neighbours, THE_MAP.kind


@pytest.fixture(scope="module")
def rulebook() -> list[str]:
    """rules/british-way-enemy-of-my-enemy.txt (index 0 is L1), checked to be the edition the data cites. It is
    not in the repository: without it the test is skipped, naming what to set."""
    repo = Path(__file__).resolve().parents[3]
    dirs = [Path(os.environ["UMPIRE_RULES_DIR"])] if os.environ.get("UMPIRE_RULES_DIR") else []
    for d in [*dirs, repo / "rules", repo.parent / "shared" / "rules"]:
        path = d / "british-way-enemy-of-my-enemy.txt"
        if path.is_file():
            lines = path.read_text(encoding="utf-8").split("\n")
            assert lines[1100] == "Japanese Occupation" and lines[2138] == "Setup Instructions (2.1)", (
                f"{path} is not the edition the data cites (the game at L1101, its setup at L2139)")
            return lines
    pytest.skip("rules/british-way-enemy-of-my-enemy.txt not found: set UMPIRE_RULES_DIR to the folder holding it")


def at(lines: list[str], ref: str) -> str:
    """The line a reference such as ``setup L2171`` names (its first line number)."""
    return lines[int(ANY_LINE.search(ref).group(1)) - 1]


# 1.3 the map ------------------------------------------------------------------------------------------------


def test_1_3_eleven_spaces_of_their_kinds(rulebook):
    assert len(SPACES) == 11 and all(re.fullmatch(r"[a-z]+(-[a-z]+)*", s) for s in SPACES)
    assert len(kind("province")) == 8 and kind("city") == {"kuala-lumpur"} and kind("ec") == {"ec-top", "ec-bottom"}
    assert "The eight large irregular spaces (excepting Thailand) are Provinces" in rulebook[1147]  # L1148
    mountains = {s for s in kind("province") if SPACES[s]["terrain"] == "mountain"}
    assert mountains == {"perak", "selangor"} and "Mountains (dark green, Perak and Selangor only)" in rulebook[1147]
    assert all(SPACES[s]["terrain"] == "jungle" for s in kind("province") - mountains)
    assert all(SPACES[s]["terrain"] is None for s in kind("city") | kind("ec"))
    for s in kind("province") | kind("city"):  # each space's setup line opens with its name
        line = at(rulebook, SPACES[s]["source"].split("setup")[1])
        assert line.startswith(SPACES[s]["name"] + ":"), s
    assert "thailand" not in SPACES and [o["id"] for o in MAP["out_of_play"]] == ["thailand"]
    assert "Thailand: Out of Play marker" in rulebook[2166]  # L2167


def test_1_3_2_populations_and_the_examples_sum(rulebook):
    for s in kind("province"):
        assert SPACES[s]["pop"] in (1, 2, 3), s
        assert SPACES[s]["pop_source"].startswith("inferred:") and "R-POP" in SPACES[s]["pop_source"], s
    assert "(either '1', '2', or '3')" in rulebook[1147]  # L1148
    assert SPACES["kuala-lumpur"]["pop"] == 2 and "Population value ('2')" in rulebook[1155]  # L1156
    assert SPACES["ec-top"]["pop"] is SPACES["ec-bottom"]["pop"] is None
    neutral = MAP["population_sum"]
    assert sum(SPACES[s]["pop"] for s in neutral["spaces"]) == neutral["total"] == 13
    assert "–2 for 13 Neutral Population" in rulebook[1724]  # L1725
    # the Neutral spaces of the example are all the Provinces and Kuala Lumpur but the two at Opposition (L1724)
    assert "in this case Trengganu and Negri Sembilan" in rulebook[1723]
    assert set(neutral["spaces"]) == (kind("province") | kind("city")) - {"trengganu", "negri-sembilan"}
    assert sum(SPACES[s]["pop"] for s in neutral["spaces"]) // 5 == 2  # -1 Resistance per 5 (7.2 L1645)
    assert "every 5 Population at Neutral" in rulebook[1644]


def test_1_3_7_adjacency_every_edge_sourced_symmetric_and_connected():
    THE_MAP.check_edges(PROVENANCE)
    for e in MAP["adjacency"] + MAP["not_adjacent"]:
        assert e["source"].startswith(e["status"] + ":"), e
        if e["status"] == "inferred":
            assert "R-MAP-1" in e["source"], e
        else:
            assert ANY_LINE.search(e["source"]), e  # a stated, example or derived edge cites its line
    for s in SPACES:
        for n in neighbours(s):
            assert s in neighbours(n), (s, n)
    assert checks.reachable("kedah", neighbours) == set(SPACES)
    # removing every inferred edge still leaves each space an edge the text gives
    firm = {frozenset((e["a"], e["b"])) for e in MAP["adjacency"] if e["status"] != "inferred"}
    assert {s for e in firm for s in e} == set(SPACES)


def test_1_3_7_the_southern_economic_center_example(rulebook):
    assert "adjacent to Pahang, Johore, and Negri Sembilan Provinces" in rulebook[1173]  # L1174
    assert neighbours("ec-bottom") & kind("province") == {"pahang", "johore", "negri-sembilan"}
    near = {r for r, v in RAILWAYS.items() if "ec-bottom" in v["adjacent"]}
    assert len(near) == 3 and "three connecting Railway markers" in rulebook[1173]
    assert near == {r for r, v in RAILWAYS.items() if set(v["between"]) <= neighbours("ec-bottom")}


def test_8_0_the_moves_of_the_example_are_along_edges():
    moves = [("perak", "selangor"), ("perak", "kedah"), ("johore", "negri-sembilan"), ("ec-bottom", "negri-sembilan"),
             ("kuala-lumpur", "negri-sembilan"), ("trengganu", "kelantan"), ("negri-sembilan", "pahang"),
             ("kelantan", "pahang"), ("perak", "kelantan")]  # L1656, L1678, L1684, L1712, L1718, L1727
    for a, b in moves:
        assert frozenset((a, b)) in edges(), (a, b)
    assert neighbours("kelantan") & kind("ec") == {"ec-top"}  # L1683, 'the adjacent Economic Center'
    assert neighbours("trengganu") & {"perak", "pahang"}  # L1716, Gather from Perak and Pahang
    assert neighbours("johore") & kind("ec")  # L1726, a New Village needs an adjacent EC (3.3.2 L1384)


# 1.3.6 Railway markers ---------------------------------------------------------------------------------------


def test_1_3_6_eight_railways_on_the_borders_the_setup_names(rulebook):
    assert len(RAILWAYS) == 8 and sum(r["starred"] for r in RAILWAYS.values()) == 4
    assert rulebook[2152] == "Starred Railways:" and rulebook[2157] == "Non-Starred Railways:"  # L2153, L2158
    names = {**{s: v["name"] for s, v in SPACES.items()}, "thailand": "Thailand"}
    for rid, r in RAILWAYS.items():
        line = at(rulebook, r["source"])
        assert line == "- " + "-".join(names[s] for s in r["between"]) + " Border", rid
        assert (2153 < int(ANY_LINE.search(r["source"]).group(1)) < 2158) == r["starred"], rid
        assert rid == "-".join(r["between"]), rid
        assert set(r["between"]) - {"thailand"} <= set(r["adjacent"]) <= set(SPACES), rid
        # 1.3.7 L1172: the Provinces on a Railway's border are adjacent to each other
        on = [s for s in r["between"] if s != "thailand"]
        for i, a in enumerate(on):
            for b in on[i + 1:]:
                assert frozenset((a, b)) in edges(), (rid, a, b)
        if r["starred"]:  # 1.3.6 L1166: on the borders with Thailand and Johore
            assert {"thailand", "johore"} & set(r["between"]), rid
    assert "on the borders with Thailand and Johore" in rulebook[1165]
    assert {s for r in RAILWAYS.values() if "thailand" in r["between"] for s in r["between"]} - {"thailand"} == set(
        MAP["out_of_play"][0]["borders"]) == {"kedah", "perak", "kelantan"}
    assert [r for r, v in RAILWAYS.items() if "selangor" in v["adjacent"]] == ["perak-pahang-selangor"]  # L1656


def extract_reach(sabotaged: set[str]) -> dict[str, set[str]]:
    """The starred Railways each EC reaches by a chain of Railways without Sabotage (4.3.1 L1442): linked ones and
    ones next to the same EC or Kuala Lumpur are adjacent."""
    links = {r: set() for r in RAILWAYS}
    for e in MAP["railway_links"]:
        links[e["a"]].add(e["b"])
        links[e["b"]].add(e["a"])
    for hub in ("ec-top", "ec-bottom", "kuala-lumpur"):
        near = {r for r, v in RAILWAYS.items() if hub in v["adjacent"]}
        for r in near:
            links[r] |= near - {r}
    clear = lambda r: [n for n in links[r] if n not in sabotaged]  # noqa: E731
    reach = {}
    for ec in ("ec-top", "ec-bottom"):
        start = {r for r, v in RAILWAYS.items() if ec in v["adjacent"] and r not in sabotaged}
        seen = set().union(*(checks.reachable(r, clear) for r in start)) if start else set()
        reach[ec] = {r for r in seen if RAILWAYS[r]["starred"]}
    return reach


def test_4_3_1_extract_chains_of_the_example(rulebook):
    for e in MAP["railway_links"]:
        assert e["a"] in RAILWAYS and e["b"] in RAILWAYS and PROVENANCE.match(e["source"]), e
        assert e["source"].startswith(e["status"] + ":"), e
    starred = {r for r, v in RAILWAYS.items() if v["starred"]}
    assert extract_reach(set()) == {"ec-top": starred, "ec-bottom": starred}  # 8.0 L1668: 8 Resources
    assert "they gain the full 8 Resources" in rulebook[1667]
    cut = extract_reach({"perak-kelantan"})  # L1444: cuts the Kedah-Thailand Railway off from both ECs
    assert all("thailand-kedah" not in v for v in cut.values())
    assert "would interrupt the connection to both Economic Centers" in rulebook[1443]


# 1.2 components ---------------------------------------------------------------------------------------------


def test_1_2_pieces_as_the_components_list_them(rulebook):
    printed = {name: int(n) for n, name in re.findall(r"(\d+) [^,(]*\('([\w -]+)'\)", rulebook[1124])}  # L1125
    assert printed == {"Police": 6, "Troops": 15, "non-MPAJA Guerrillas": 4, "MPAJA Guerrillas": 10,
                       "Supply Caches": 5}
    word = {"troops": "Troops", "police": "Police", "mpaja": "MPAJA Guerrillas", "non_mpaja": "non-MPAJA Guerrillas",
            "caches": "Supply Caches"}
    assert {p: v["count"] for p, v in PIECES.items()} == {p: printed[w] for p, w in word.items()}
    assert {p for p, v in PIECES.items() if v["side"] == "japanese"} == {"troops", "police"}
    assert [p for p, v in PIECES.items() if v["flips"]] == ["mpaja", "non_mpaja"]  # 1.4.3 L1206
    assert PIECES["caches"]["stack"] == 1 and PIECES["caches"]["never_in"] == ["ec"]
    assert "Supply Caches may never occupy Economic Centers" in rulebook[1195]  # L1196


def test_1_2_markers_as_the_components_list_them(rulebook):
    printed = {}
    for n in (1126, 1127):  # L1127, L1128
        printed |= {name.strip(): int(k) for k, name in re.findall(r"(\d+)x ([\w /]+)", rulebook[n])}
    assert printed == {"New Villages": 4, "Intel": 9, "Support/Oppose": 9, "Sabotage/Terror": 15, "Capability": 6,
                       "Resistance": 1, "Zipper": 1, "Jungle Camps": 4, "Railways": 4, "Starred Railways": 4,
                       "Kempeitai": 3, "Force 136": 3, "Out of Play": 1}
    word = {"new_village": "New Villages", "intel": "Intel", "opposition": "Support/Oppose", "sabotage": "Sabotage/Terror",
            "capability": "Capability", "resistance": "Resistance", "zipper": "Zipper", "jungle_camp": "Jungle Camps",
            "railway": "Railways", "starred_railway": "Starred Railways", "kempeitai": "Kempeitai",
            "force_136": "Force 136", "out_of_play": "Out of Play"}
    assert {m: v["count"] for m, v in MARKERS.items()} == {m: printed[w] for m, w in word.items()}
    assert MARKERS["railway"]["count"] + MARKERS["starred_railway"]["count"] == len(RAILWAYS)
    assert sorted(MARKERS["intel"]["values"]) == sorted(COMPONENTS["intel"]["chits"])
    assert Counter(COMPONENTS["intel"]["chits"]) == {0: 3, 1: 3, 2: 3}
    assert MARKERS["new_village"]["kinds"] == MARKERS["jungle_camp"]["kinds"] == ["province"]  # 1.4.2 L1200
    assert "one New Village (1.15) marker may ever be in a Province" in rulebook[1199]


def test_1_13_1_7_7_0_tracks_and_victory(rulebook):
    res = COMPONENTS["resistance"]
    assert (res["min"], res["max"], res["start"]) == (0, 20, SETUP["resistance"]["value"]) == (0, 20, 2)
    assert "never be lower than 0 or greater than 20" in rulebook[1255]  # L1256
    assert res["early_victory"] is None and "does not have the possibility of early victory" in rulebook[1625]
    assert set(res["final_victory"]) == {"japanese", "british", "mpaja"}
    rs = COMPONENTS["resources"]
    assert (rs["min"], rs["max"], rs["start"]) == (0, 20, SETUP["resources"]["value"]) == (0, 20, 0)
    assert "between 0 and 20 Resources" in rulebook[1225]
    assert [f["id"] for f in COMPONENTS["factions"]] == ["british", "japanese"]
    assert "the British (blue), and the Japanese (red)" in rulebook[1215]
    assert COMPONENTS["pawns"] == {**COMPONENTS["pawns"], "black": 6, "white": 3}
    assert "Six black and three white pawns" in rulebook[1125]


def test_6_7_zipper_known_boxes(rulebook):
    z = COMPONENTS["zipper"]
    assert z["start"] == SETUP["zipper"]["box"] == "delay" and z["caches_on_track"] == SETUP["zipper"]["caches"] == 2
    boxes = [b["box"] for b in z["known_boxes"]]
    assert boxes == ["delay", 6, 12, 20]
    for b in z["known_boxes"]:
        if b["box"] != "delay":
            assert str(b["box"]) in at(rulebook, b["source"]), b
    assert "R-ZIPPER" in z["source"]


def test_1_2_every_component_carries_a_source():
    checks.check_sourced(COMPONENTS, PROVENANCE, 25)


# 2.1 setup --------------------------------------------------------------------------------------------------

WORDS = {"troops": "Troops", "police": "Police", "kempeitai": "Kempeitai", "caches": "Supply Cache",
         "mpaja": "MPAJA Guerrilla", "non_mpaja": "non-MPAJA Guerrilla", "jungle_camp": "Jungle Camp",
         "force_136": "Force 136"}


def test_2_1_every_space_set_up_once_from_its_line(rulebook):
    assert sorted(e["space"] for e in SETUP["spaces"]) == sorted(SPACES)
    for e in SETUP["spaces"]:
        line = at(rulebook, e["source"])
        assert e["source"].startswith("stated: setup L21"), e
        if SPACES[e["space"]]["kind"] == "ec":
            assert line == "Each Economic Center: Japanese—3 Troops" and e.get("troops") == 3, e
            assert "opposition" not in e, e
            continue
        assert line.split(":")[0] == SPACES[e["space"]]["name"], e
        assert e["opposition"] == (line.split(": ")[1].split(";")[0] == "Opposition"), e
        for piece, word in WORDS.items():
            m = re.search(rf"(?<![-\w])(\d+) {word}", line)
            assert e.get(piece, 0) == (int(m.group(1)) if m else 0), (e["space"], piece)


def test_2_1_available_as_the_setup_lists_it(rulebook):
    line = rulebook[2164]  # L2165
    assert line.startswith("Available:")
    for piece, word in {**WORDS, "new_village": "New Village"}.items():
        m = re.search(rf"(?<![-\w])(\d+) {word}", line)
        assert SETUP["available"][piece] == (int(m.group(1)) if m else 0), piece


def test_2_1_setup_totals_equal_the_components():
    on_map = Counter()
    for e in SETUP["spaces"]:
        on_map.update({k: v for k, v in e.items() if isinstance(v, int) and not isinstance(v, bool)})
    for piece, p in PIECES.items():
        track = SETUP["zipper"]["caches"] if piece == "caches" else 0
        assert on_map[piece] + SETUP["available"][piece] + track == p["count"], piece
    for marker in ("jungle_camp", "force_136", "kempeitai", "new_village"):
        assert on_map[marker] + SETUP["available"][marker] == MARKERS[marker]["count"], marker
    assert sum(e.get("opposition", False) for e in SETUP["spaces"]) <= MARKERS["opposition"]["count"]
    for e in SETUP["spaces"]:  # 1.4.2: stacking respected
        assert e.get("caches", 0) <= PIECES["caches"]["stack"], e
        for m in ("jungle_camp", "new_village"):
            assert e.get(m, 0) <= MARKERS[m]["per_space"], e
            assert not e.get(m) or SPACES[e["space"]]["kind"] == "province", e
        if SPACES[e["space"]]["kind"] == "ec":
            assert not e.get("caches"), e


def test_2_1_tracks_intel_and_the_example_deal(rulebook):
    assert SETUP["eligible"]["order"] == ["british", "japanese"]
    assert "British 1st Eligible, Japanese 2nd Eligible" in rulebook[2151]  # L2152
    assert sorted(SETUP["intel"]["bag"]) == sorted(COMPONENTS["intel"]["chits"])
    assert set(SETUP["intel"]["dealt_to"]) == kind("province") | kind("city")  # 1.11 L1246, setup L2163
    assert len(SETUP["intel"]["dealt_to"]) == len(SETUP["intel"]["bag"])
    ex = SETUP["example_of_play"]
    names = {v["name"]: s for s, v in SPACES.items()}
    dealt = {names[n]: int(v) for n, v in re.findall(r"([A-Z][a-z]+(?: [A-Z][a-z]+)?) \((\d)\)", rulebook[1649])}
    assert ex["intel"] == dealt and sorted(dealt.values()) == sorted(SETUP["intel"]["bag"])  # L1650
    assert ex["cards"] == re.findall(r"\((J\d+)\)", rulebook[1649])


# rulings and provenance -------------------------------------------------------------------------------------


def test_rulings_are_unique_quoted_and_sourced():
    ids = [r["id"] for r in RULINGS]
    assert len(ids) == len(set(ids))
    for r in RULINGS:
        assert r["id"].startswith("R-") and r["rule"] and len(r["ruling"]) > 40, r["id"]
        assert PROVENANCE.match(r["source"]) and r["quotes"], r["id"]
        for q in r["quotes"]:
            assert ANY_LINE.search(q["at"]) and 0 < len(q["text"]) <= 120, (r["id"], q)
        if "default" in r:
            assert r["default"] in r["alternatives"] and len(r["alternatives"]) >= 2, r["id"]


def test_rulings_quote_the_words_on_their_lines(rulebook):
    for r in RULINGS:
        for q in r["quotes"]:
            n = int(ANY_LINE.search(q["at"]).group(1))
            assert (n in AR_BODIES) == q["at"].startswith("Arab Revolt"), (r["id"], q)
            assert n in JO_LINES or n in AR_BODIES, (r["id"], q)
            assert q["text"] in rulebook[n - 1], (r["id"], q)


def test_rulings_cover_the_digests_gaps_and_the_missing_rule_bodies(rulebook):
    assert {"C.3-1", "C.3-2", "C.3-4", "C.3-5", "C.3-6", "C.3-8"} <= checks.registers(RULINGS)
    ids = {r["id"] for r in RULINGS}
    for rule, n in (("2.4.5", 1320), ("4.1.1", 1410), ("5.1", 1462), ("5.2", 1480)):
        assert f"R-{rule}" in ids, rule
        heading = rulebook[n - 1]
        assert heading.startswith(rule + " "), rule
        body = next(line for line in rulebook[n:] if line.strip())
        assert re.match(r"\d+\.\d", body) or body.startswith("DESIGN NOTE"), (rule, body)  # no body of its own


def test_every_ruling_named_by_the_data_exists():
    checks.check_named_rulings_exist(RULINGS, load, ("map.json", "components.json", "setup.json", "cards.json"))
    named = set(checks.RULING_REF.findall(" ".join(r["ruling"] for r in RULINGS)))
    assert named <= {r["id"] for r in RULINGS}


def test_every_fact_carries_a_source_and_cites_the_games_own_lines():
    checks.check_sources_and_lines(load, PROVENANCE, JO_LINES, ("map.json", "components.json", "setup.json"),
                                   ("map.json", "components.json", "setup.json"))
    for path, src in checks.sources(MAP):
        if src.startswith(("stated:", "example:", "derived:")):
            assert ANY_LINE.search(src), path


# the rulings the code reads and cites ----------------------------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[3] / "engine" / "games" / "japanese_occupation"
#: A citation in a docstring, comment or log line: "ruling R-X", "rulings R-X, R-Y and R-Z".
ID = r"R-[A-Z0-9.]+(?:-[A-Z0-9.]+)*"
CITED = re.compile(rf"\brulings?\s+({ID}(?:(?:,\s*|\s+and\s+|\s+or\s+){ID})*)")


def module_constants(tree: ast.Module) -> dict[str, object]:
    """A module's top-level names bound to literals (``RULING = "R-5.5"``, ``A, B = "x", ("y", "z")``)."""
    out = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = [(target, node.value)]
            if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(target.elts, node.value.elts, strict=True))
            for name, value in pairs:
                if isinstance(name, ast.Name):
                    try:
                        out[name.id] = ast.literal_eval(value)
                    except (ValueError, TypeError, SyntaxError):
                        pass
    return out


def literal(node: ast.expr | None, consts: dict[str, object]) -> object:
    """The value of a literal, a module constant or a constant's item (``KL_READINGS[0]``); else ``None``."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return consts.get(node.id)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and isinstance(node.slice, ast.Constant):
        seq = consts.get(node.value.id)
        return seq[node.slice.value] if isinstance(seq, (tuple, list)) else None
    return None


def ruling_reads() -> list[tuple[str, object, object, set]]:
    """Each reading of an umpire's ruling choice in the package: ``(file:line, ruling id, default, readings it is
    compared with)``, for engine.core.ruling_choice.chosen under any name it is imported as, and for the
    ``event_ruling``/``event_default`` that engine.coin.placement.OwnPieces reads with it."""
    reads = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = module_constants(tree)
        names = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                 and (node.module or "").endswith("ruling_choice") for alias in node.names if alias.name == "chosen"}
        compared: dict[int, set] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                for side in sides:
                    if isinstance(side, ast.Call):
                        compared.setdefault(id(side), set()).update(
                            literal(other, consts) for other in sides if other is not side)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            where = f"{path.relative_to(PACKAGE)}:{node.lineno}"
            keywords = {k.arg: k.value for k in node.keywords}
            if isinstance(node.func, ast.Name) and node.func.id in names:
                bound = dict(zip(("state", "ruling", "default"), node.args, strict=False)) | keywords
                reads.append((where, literal(bound.get("ruling"), consts), literal(bound.get("default"), consts),
                              compared.get(id(node), set())))
            elif "event_ruling" in keywords:
                reads.append((where, literal(keywords["event_ruling"], consts),
                              literal(keywords.get("event_default"), consts), set()))
    return reads


def test_every_ruling_the_code_reads_offers_that_default_and_the_readings_compared():
    """engine.core.ruling_choice.chosen(state, id, default): the ruling exists, offers alternatives (else an
    umpire could not choose it), names the same default, and every reading the code compares the answer with
    is one of its alternatives (a misspelt reading would never be chosen)."""
    reads = ruling_reads()
    found = {(rid, default) for _, rid, default, _ in reads}
    assert {("R-ZIPPER", "six_and_twelve"), ("R-5.5", "mandatory"), ("R-3.2.4-KL", "none"),
            ("R-EVENT-FROM-MAP", "map")} <= found  # literals, module constants, a constant's item, a keyword
    offered = {r["id"]: r for r in RULINGS if r.get("alternatives")}
    for where, rid, default, compared in reads:
        assert isinstance(rid, str) and isinstance(default, str), (where, rid, default)
        assert rid in offered, f"{where} reads {rid}, which rulings.json does not offer as a choice"
        r = offered[rid]
        assert r["default"] == default, f"{where} reads {rid} with default {default!r}, rulings.json {r['default']!r}"
        assert compared <= set(r["alternatives"]), (where, rid, compared - set(r["alternatives"]))


def test_every_ruling_the_code_cites_exists():
    """Each "ruling R-..." of the package's docstrings, comments and log lines names a ruling of rulings.json."""
    ids = {r["id"] for r in RULINGS}
    cited: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for m in CITED.finditer(path.read_text(encoding="utf-8")):
            for rid in re.findall(ID, m.group(1)):
                cited.setdefault(rid.rstrip("."), str(path.relative_to(PACKAGE)))
    assert {"R-3.1", "R-EVENT-MAY", "R-4.2.1-CACHE", "R-J22-SHADED"} <= set(cited)
    missing = {rid: where for rid, where in cited.items() if rid not in ids}
    assert not missing, missing
