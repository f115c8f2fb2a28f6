"""The First Arab-Israeli War's rulings (engine/games/first_arab_israeli_war/data/rulings.json, issue 31).

Each ruling is well formed and quotes the words at issue on the line of rules/first-arab-israeli-war.txt it
cites, inside the section of the rule it names; the digest's A.17 items it says it settles exist and are about
it; every ruling the code cites (engine/hexwar, the game's package, service/packs, their tests) exists; the
readings the code offers are the ruling's alternatives with the same default (the combat desk's
``CombatOptions.rulings``, engine.hexwar's keyword switches); and the data pack's rulings are what
service/packs/check.py enforces, on copies of the test pack (engine/games/first_arab_israeli_war/data/test_pack: made-up test data, not
the game's).

tests/engine/data_checks.py's ruling checks are not used: they read 4-digit line references (``L1234``), and
this rulebook's lines run from L1 to L1295.
"""

from __future__ import annotations

import ast
import copy
import inspect
import os
import re
from pathlib import Path

import pytest

from engine.core.errors import InvalidActionError
from engine.games.first_arab_israeli_war import combat
from engine.games.first_arab_israeli_war.combat import CombatOptions
from engine.games.first_arab_israeli_war.data import RULINGS, RULINGS_FILES, load
from engine.hexwar import retreat, zoc
from engine.hexwar.grid import Layout
from engine.hexwar.terrain import MapData
from service.packs import check_files, read_pack_dir
from service.packs.check import JEWISH_CITIES, OPTIONAL_PLACES, PLACES

REPO = Path(__file__).resolve().parents[3]
TEST_PACK = REPO / "engine" / "games" / "first_arab_israeli_war" / "data" / "test_pack"
BY_ID = {r["id"]: r for r in RULINGS}

#: A ruling id as the code writes it: "R-7.2-mf0", "R-11.2c-H", "R-30.1b1-line"; a scenario's: "R-S1-egypt".
ID = r"R-(?:[0-9]+(?:\.[0-9]+)*[a-z0-9]*|S[12])(?:-[A-Za-z0-9]+)*"
#: Where a quote stands: a rule or part ("7.2", "Scenario 1", "Reinforcement Table") and the line.
AT = re.compile(r"^(?P<rule>\d+\.\d+[a-z]?\d*|Scenario [12]|Reinforcement Table) L(?P<line>\d{1,4})$")
KEYS = {"id", "rule", "register", "quotes", "ruling", "source", "default", "alternatives"}
SOURCE = re.compile(r"^ruling: \S")

#: The ids the code cites (issue 31, step 1): engine/hexwar, combat.py, their tests.
CITED_BY_THE_CODE = {
    "R-11.2c", "R-11.2c-H", "R-11.2d", "R-11.6a-leaders", "R-11.6b-none", "R-11.6b-path", "R-20.5", "R-22.1c",
    "R-26.1c-zoc", "R-29.2b", "R-30.1b1-line", "R-31.2b", "R-7.2-enemy", "R-7.2-mf0", "R-7.5a-hexsides",
    "R-7.5b-destroyed", "R-8.2", "R-9.2-water", "R-9.4a", "R-9.5c-each"}
#: The rulings of the data pack's checks (service/packs/check.py, engine.hexwar.terrain.MapData.is_border).
PACK_RULINGS = {"R-1.3-places", "R-4.2a-david", "R-17.0-population", "R-9.7-borders", "R-30.1b1-gaza"}
#: Where the code that cites rulings lives.
CODE = ("engine/hexwar", "engine/games/first_arab_israeli_war", "service/packs", "tests/engine/hexwar",
        "tests/engine/first_arab_israeli_war", "tests/service/test_faiw_pack.py")

#: The digest's A.17 items the rulings settle, with words each item holds.
REGISTER = {
    "A.17-MOVE-1": "7.2 minimum move", "A.17-MOVE-2": "7.4: entering enemy combat-unit hexes",
    "A.17-MOVE-3": "9.2 \"except in or through hexagons", "A.17-MOVE-4": "9.7 vs 26.1c",
    "A.17-MOVE-5": "8.2 \"two brigades", "A.17-MOVE-6": "9.4a", "A.17-MOVE-7": "19.1b",
    "A.17-COMBAT-1": "11.2d \"less than 3/1\"", "A.17-COMBAT-2": "11.2c \"five moves",
    "A.17-LEADERS-1": "20.5 \"printed combat strength\"", "A.17-OPTIONAL-6": "31.2b \"battalions involved\"",
    "A.17-TERMS-18": "| The leading units | leaders |", "A.17-TERMS-20": "| wild / rugged | rough |",
    "A.17-REINF-8": "Unit type names are inconsistent",
    "A.17-SEQ-1": "lists no Combat, Terrorism or Recovery", "A.17-SEQ-2": "\"January 1947\" should be December 1947",
    "A.17-SEQ-3": "\"or\" should be \"and\""}
SECTIONS = {"Terminology": "TERMS", "Sequence of play": "SEQ", "Movement, ZOC and stacking": "MOVE", "Air": "AIR",
            "Combat": "COMBAT", "Bridges and terrorism": "BRIDGES", "Leaders and special units": "LEADERS",
            "Treaties, British and victory": "TREATIES", "Optional rules": "OPTIONAL",
            "Reinforcements and scenarios": "REINF"}


def _shared(env: str, *parts: str) -> Path | None:
    """A file of the shared folder beside the repository (or under $*env*)."""
    dirs = [Path(os.environ[env])] if os.environ.get(env) else []
    for d in [*dirs, REPO / parts[0], REPO.parent / "shared" / parts[0]]:
        if (d / parts[1]).is_file():
            return d / parts[1]
    return None


@pytest.fixture(scope="module")
def rulebook() -> list[str]:
    """rules/first-arab-israeli-war.txt (index 0 is L1), checked to be the edition the rulings cite. It is not in
    the repository: without it the test is skipped, naming what to set."""
    path = _shared("UMPIRE_RULES_DIR", "rules", "first-arab-israeli-war.txt")
    if path is None:
        pytest.skip("rules/first-arab-israeli-war.txt not found: set UMPIRE_RULES_DIR to the folder holding it")
    lines = path.read_text(encoding="utf-8").split("\n")
    assert (lines[0], lines[603], lines[1145]) == ("The First Arab-Israeli War Rulebook", "12.0. Invasion",
                                                   "Reinforcement table"), f"{path} is not the edition cited"
    return lines


@pytest.fixture(scope="module")
def a17() -> dict[str, str]:
    """The digest's A.17 items by register label (rules-digest-arab-israeli-war-and-dai-senso.md, in the shared
    notes beside the repository or $UMPIRE_NOTES_DIR): the terminology table's rows, the other lists' items."""
    path = _shared("UMPIRE_NOTES_DIR", "notes", "rules-digest-arab-israeli-war-and-dai-senso.md")
    if path is None:
        pytest.skip("rules-digest-arab-israeli-war-and-dai-senso.md not found: set UMPIRE_NOTES_DIR to its folder")
    text = path.read_text(encoding="utf-8")
    part = text[text.index("## A.17 "):text.index("# PART B")]
    items: dict[str, str] = {}
    key, n = None, 0
    for line in part.split("\n"):
        if line.startswith("### "):
            key = next((v for k, v in SECTIONS.items() if line[4:].startswith(k)), None)
            assert key, line
            n = 0
        elif key == "TERMS" and line.startswith("| ") and not line.startswith("| Text |"):
            n += 1
            items[f"A.17-{key}-{n}"] = line
        elif key and key != "TERMS" and line.startswith("- "):
            n += 1
            items[f"A.17-{key}-{n}"] = line
    assert len(items) > 50  # twenty terms and the lists
    return items


# The file ----------------------------------------------------------------------------------------------------


def test_rulings_are_unique_quoted_and_sourced():
    assert all(load(name)["source"].startswith("Our rulings") for name in RULINGS_FILES)
    ids = [r["id"] for r in RULINGS]
    assert len(ids) == len(set(ids)) == len(BY_ID)
    for r in RULINGS:
        assert re.fullmatch(ID, r["id"]) and set(r) <= KEYS, r["id"]
        assert r["rule"] and len(r["ruling"]) > 40 and SOURCE.match(r["source"]), r["id"]
        assert isinstance(r["register"], list) and r["quotes"], r["id"]
        for q in r["quotes"]:
            assert AT.match(q["at"]) and 0 < len(q["text"]) <= 120, (r["id"], q)  # a line's words, not a paragraph


def test_a_default_is_one_of_two_or_more_alternatives():
    offered = [r for r in RULINGS if "alternatives" in r or "default" in r]
    assert {r["id"] for r in offered} == {"R-9.5c-each", "R-11.2c-H", "R-20.5", "R-26.1c-zoc", "R-29.2b", "R-31.2b"}
    for r in offered:
        assert len(r["alternatives"]) >= 2 and r["default"] in r["alternatives"], r["id"]
        assert all(len(text) > 20 for text in r["alternatives"].values()), r["id"]


def test_rulings_quote_the_words_on_their_lines(rulebook):
    for r in RULINGS:
        for q in r["quotes"]:
            n = int(AT.match(q["at"]).group("line"))
            assert q["text"] in rulebook[n - 1], (r["id"], q)


def test_each_quote_stands_in_the_section_of_the_rule_it_names(rulebook):
    """"7.2 L368" is a line of 7.0; "Scenario 1 L1040" of Scenario 1; "Reinforcement Table L1171" of the table."""
    heads = {}
    for i, line in enumerate(rulebook, 1):
        m = re.match(r"^(\d+)\.0\. ", line)
        if m:
            heads[m.group(1)] = i
        elif line.startswith(("Scenario 1. ", "Scenario 2. ", "Reinforcement table")):
            heads[line.split(".")[0].replace("table", "Table")] = i
    starts = sorted(heads.values())
    assert len(heads) == 34  # 31 rules, two scenarios and the table
    for r in RULINGS:
        for q in r["quotes"]:
            m = AT.match(q["at"])
            rule, n = m.group("rule"), int(m.group("line"))
            start = heads[rule.split(".")[0] if rule[0].isdigit() else rule]
            end = next((s for s in starts if s > start), len(rulebook) + 1)
            assert start < n < end, (r["id"], q["at"], start, end)


def test_the_rulings_register_is_the_digests_a17(a17):
    used = {z for r in RULINGS for z in r["register"]}
    assert used == set(REGISTER)
    for label, words in REGISTER.items():
        assert words in a17[label], (label, a17[label])
    for r in RULINGS:  # a ruling names the rule its A.17 item is about (terms aside)
        for label in r["register"]:
            numbers = re.findall(r"\d+\.\d+[a-z]?", a17[label])
            assert not numbers or set(numbers) & set(re.findall(r"\d+\.\d+[a-z]?", r["rule"])), (r["id"], label)


# The code's citations and readings ------------------------------------------------------------------------------


def _cited() -> dict[str, str]:
    """Every ruling id written in the code (its docstrings, comments, messages) and in the rulings' own texts,
    with the first file naming it."""
    found: dict[str, str] = {}
    for where in CODE:
        base = REPO / where
        for path in sorted([base] if base.is_file() else base.rglob("*.py")):
            if path.name == Path(__file__).name:
                continue
            for rid in re.findall(ID, path.read_text(encoding="utf-8")):
                found.setdefault(rid, str(path.relative_to(REPO)))
    for r in RULINGS:
        for rid in re.findall(ID, r["ruling"] + " ".join(r.get("alternatives", {}).values())):
            found.setdefault(rid, f"rulings.json {r['id']}")
    return found


def test_every_ruling_the_code_cites_exists():
    cited = _cited()
    assert CITED_BY_THE_CODE <= set(cited), CITED_BY_THE_CODE - set(cited)  # the scan finds them
    missing = {rid: where for rid, where in cited.items() if rid not in BY_ID}
    assert not missing, missing


def test_the_packs_rulings_are_there():
    assert PACK_RULINGS <= set(BY_ID)
    assert "R-30.1b1-line" in BY_ID["R-30.1b1-gaza"]["ruling"] and "R-30.1b1-gaza" in BY_ID["R-30.1b1-line"]["ruling"]


def _ruling_reads(tree: ast.Module) -> dict[str, set]:
    """``{ruling id: the string constants its reading is compared with}`` for each ``<x>.ruling("R-...")`` of a
    module, followed through the local names it is assigned to (``face = options.ruling("R-20.5")``,
    ``applies = default``)."""
    reads: dict[str, set] = {}
    for func in (n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)):
        names: dict[str, str] = {}

        def rid(node, names=names):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "ruling"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                return node.args[0].value
            return names.get(node.id) if isinstance(node, ast.Name) else None

        for node in ast.walk(func):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                r = rid(node.value)
                if r:
                    names[node.targets[0].id] = r
            r = rid(node) if isinstance(node, ast.Call) else None
            if r:
                reads.setdefault(r, set())
        for node in ast.walk(func):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                for side in sides:
                    r = rid(side)
                    if r:
                        reads.setdefault(r, set()).update(
                            s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str))
    return reads


def test_combat_reads_its_rulings_alternatives_with_their_defaults():
    """combat.py's ``options.ruling(id)``: the ruling offers alternatives, every reading the code compares it with
    is one of them, the default is the file's, each is accepted and any other refused naming the ruling."""
    reads = _ruling_reads(ast.parse(inspect.getsource(combat)))
    assert set(reads) == {"R-11.2c-H", "R-20.5", "R-29.2b", "R-31.2b"}
    assert reads["R-20.5"] == {"front"} and reads["R-11.2c-H"] == {"all"}
    for rid, compared in reads.items():
        r = BY_ID[rid]
        assert compared and compared <= set(r["alternatives"]), (rid, compared)
        assert CombatOptions().ruling(rid) == r["default"]
        for choice in r["alternatives"]:
            assert CombatOptions(rulings={rid: choice}).ruling(rid) == choice
        with pytest.raises(InvalidActionError, match=re.escape(rid)):
            CombatOptions(rulings={rid: "neither"}).ruling(rid)
    assert combat.RULINGS is RULINGS  # read from the data file, not written in the code


def test_combat_cites_the_rulings_it_applies():
    source = inspect.getsource(combat)
    for rid in ("R-8.2", "R-11.2c", "R-11.2c-H", "R-11.2d", "R-20.5", "R-29.2b", "R-31.2b"):
        assert re.search(rf"\bruling {re.escape(rid)}\b(?!-)", source), rid


@pytest.mark.parametrize(("rid", "module", "functions", "switch"), [
    ("R-9.5c-each", retreat, ("retreat", "retreat_options"), "ezoc_once"),
    ("R-26.1c-zoc", zoc, ("zoc_extent", "enemy_zoc"), "across_borders"),
])
def test_hexwars_switch_is_the_rulings_other_reading(rid, module, functions, switch):
    """engine.hexwar offers a ruling's other reading as a keyword, off by default: the ruling's alternatives
    are its default and that keyword."""
    r = BY_ID[rid]
    assert set(r["alternatives"]) == {r["default"], switch} and r["default"] != switch
    for name in functions:
        param = inspect.signature(getattr(module, name)).parameters[switch]
        assert param.kind is param.KEYWORD_ONLY and param.default is False, (name, switch)


# The data pack's rulings, on copies of the test pack ------------------------------------------------------------


@pytest.fixture(scope="module")
def pack_files():
    files = read_pack_dir(TEST_PACK)
    assert not check_files(files)
    return files


def _problems(files, change) -> list[str]:
    files = copy.deepcopy(files)
    change(files.data["map"])
    return [f"{p.path}: {p.message}" for p in check_files(files)]


def _tag(m: dict, tag: str) -> str:
    return next(label for label, h in m["hexes"].items() if tag in h.get("tags", ()))


def test_r_1_3_places_each_required_place_is_quoted_and_refused_when_missing(pack_files):
    quoted = " ".join(q["text"] for q in BY_ID["R-1.3-places"]["quotes"])
    for tag, (name, _) in PLACES.items():
        assert name.removeprefix("the ") in quoted, tag
        problems = _problems(pack_files, lambda m, t=tag: m["hexes"][_tag(m, t)]["tags"].remove(t))
        assert any(f"no hex is tagged '{tag}'" in p for p in problems), (tag, problems)
    eilat = _problems(pack_files, lambda m: m["hexes"][_tag(m, "eilat")]["tags"].remove("eilat"))
    assert not eilat and set(OPTIONAL_PLACES) == {"eilat", "jerusalem_old"}  # may be absent
    twice = _problems(pack_files, lambda m: m["hexes"]["0805"].setdefault("tags", []).append("eilat"))
    assert any("Eilat ('eilat') is on 2 hexes" in p for p in twice), twice


def test_r_4_2a_david_the_placement_cities_carry_a_star_of_david(pack_files):
    assert set(JEWISH_CITIES) == {"tel_aviv", "haifa_new", "jerusalem_new"}
    for tag in JEWISH_CITIES:
        problems = _problems(pack_files, lambda m, t=tag: m["hexes"][_tag(m, t)].update(population="arab"))
        assert any("has no Star of David" in p and "18.3" in p for p in problems), (tag, problems)


def test_r_17_0_population_symbols_on_settlements_in_palestine_only(pack_files):
    m = pack_files.data["map"]["hexes"]
    assert m["0603"]["settlement"] == "village" and m["0603"]["population"] == "arab"  # Deir Yassin: allowed
    assert m["0404"]["settlement"] == "settlement" and m["0404"]["population"] == "jewish"  # Etzion: allowed
    for label, why in (("0402", "fort_base"), ("0105", "Egypt"), ("0504", "no settlement")):
        problems = _problems(pack_files, lambda mm, h=label: mm["hexes"][h].update(population="arab"))
        assert any(p.startswith(f'$.hexes["{label}"].population') and why in p and "(17.0)" in p
                   for p in problems), (label, problems)
    eilat = _problems(pack_files, lambda mm: mm["hexes"][_tag(mm, "eilat")].update(population="jewish"))
    assert any("Eilat has no population symbol (17.3)" in p for p in eilat), eilat


def test_r_9_7_borders_derived_from_the_countries(pack_files):
    data = copy.deepcopy(pack_files.data["map"])
    marked = [tuple(s["hexes"]) for s in data["hexsides"] if s.get("border")]
    for s in data["hexsides"]:
        s.pop("border", None)
    bare = MapData.from_dict(data)
    assert marked and all(bare.is_border(a, b) for a, b in marked)  # unmarked, still borders
    for a in bare.grid.hexes:
        for b in bare.neighbours(a):
            ca, cb = bare.hex(a).country, bare.hex(b).country
            assert bare.is_border(a, b) == (ca is not None and cb is not None and ca != cb), (a, b)
    wrong = _problems(pack_files, lambda m: m["hexsides"].append({"hexes": ["0202", "0302"],
                                                                  "border": ["Palestine", "Egypt"]}))
    assert any("lies between 0202 (Palestine) and 0302 (Palestine)" in p and "(9.7)" in p for p in wrong), wrong


def test_r_30_1b1_gaza_the_line_is_the_packs_and_holds_gaza(pack_files):
    line = pack_files.data["map"]["meta"]["gaza_line"]
    assert line["number"] != 40  # the test pack's numbering: not required to be 40 (R-30.1b1-gaza)
    off = _problems(pack_files, lambda m: m["meta"]["gaza_line"].update(number=line["number"] + 1))
    assert any("not on the Gaza line" in p and "(30.1b1)" in p for p in off), off
    # R-30.1b1-line: "4000" names a line; as a hex it is refused, saying so.
    why = Layout("flat", first=1, odd_shift="down", digits=2).problem("4000")
    assert "names a hex line" in why and "hexagon line 4000" in why

