"""The text board (service.textboard: ``umpire show``, ``umpire move`` and every mail) and the allowed orders
(issue 27, points 5 and 7): every game's facts and board in words, never a Python repr, across random positions
of every registered game (the test plug-in game included); a key at the board's foot that explains each
label the board printed, once, and only those; the allowed orders listed whole, in the terminal and in the
mail, however many arguments an order word has.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

import engine
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.playout import playout
from mail import compose
from service.textboard import NOTHING, legal_items, legal_lines, render_text, wrap
from tests.plugin_game.conftest import installed
from umpire_cli import gamefile
from umpire_cli.main import cli

#: What a Python repr leaves in text: a dict's or a list's brackets, a quoted string (a quote opening a
#: word, not an apostrophe inside one), None, True or False as a value (not a word of a card's text, as
#: Malaya's M17 "False leads").
REPR = re.compile(r"[{}\[\]]|(^|[\s(:,])'[^']*'|(^|[\s(:,])(None|True|False)($|[,;)])")
SEEDS = range(4)  # random positions: every step of these playouts, each seen by every role and the public


def reprs_in(text: str, printed: tuple[str, ...] = ()) -> list[str]:
    """The Python reprs in *text*, less the *printed* words of the game's cards: a title the rulebook prints
    in quotes (Kenya's K19 'One-Mile Strip', K28 unshaded 'Vomiting the Oath') is no repr."""
    for words in printed:
        text = text.replace(words, "")
    return [m.group(0) for m in REPR.finditer(text)]


def printed_words(defn) -> tuple[str, ...]:
    """The titles and text labels of a game's cards that the rulebook prints in quotes (``'...'``)."""
    cards = getattr(defn.position, "cards", None) or {}
    return tuple(w for c in cards.values() for w in (c.get("title"), c.get("unshaded"), c.get("shaded"))
                 if isinstance(w, str) and re.search(r"'[^']+'", w))


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Every registered game's slug, the test plug-in game installed (tests/plugin_game)."""
    with installed(tmp_path_factory.mktemp("site")):
        slugs = sorted(g["slug"] for g in engine.games())
        assert "tinygame" in slugs and {"palestine", "arab-revolt", "malaya"} <= set(slugs)
        yield slugs


def key_of(text: str) -> str:
    """The key at the board's foot, its wrapped lines joined."""
    lines = text.splitlines()
    start = next((i for i, ln in enumerate(lines) if ln.startswith("Key: ")), None)
    return "" if start is None else " ".join(ln.strip() for ln in lines[start:])


def printed_labels(text: str, v: dict, names: dict) -> set[str]:
    """The labels the spaces' lines printed (``T`` of ``T2``), and ``NOTHING`` for an empty space."""
    out = set()
    for sid in v.get("spaces") or {}:
        line = next(ln for ln in text.splitlines() if ln.startswith(f"  {names.get(sid, sid):28} "))
        for token in line[31:].split():
            out.add(token if token == NOTHING else token.rstrip("0123456789"))
    return out


def check_board(slug: str, state: dict) -> None:
    defn = engine.definition(slug)
    for role in ("public", *defn.roles):
        v = engine.view(state, role)
        where = f"{slug} position {state['seq']} as {role}"
        printed = printed_words(defn)
        for f in engine.facts(v):
            assert not reprs_in(f"{f['label']}: {f['value']}", printed), f"{where}: a repr in the fact {f}"
        text = render_text({"id": "G-1"}, v)
        assert not reprs_in(text, printed), f"{where}: {reprs_in(text, printed)} in the board:\n{text}"
        used, key = printed_labels(text, v, defn.names), key_of(text)
        explained = re.findall(r"(?:Key: |, )(\S+) = ", key)
        assert sorted(explained) == sorted(used), f"{where}: printed {used}, the key explains {explained}:\n{text}"
        for label in used - {NOTHING}:
            assert f"{label} = {defn.legend[label]}" in key, f"{where}: {label} is not explained by its legend"


def test_every_game_s_facts_and_board_are_words_with_a_key_at_random_positions(games):
    boards = 0
    for slug in games:
        for seed in SEEDS:
            def check(state, role, action, step, slug=slug):
                nonlocal boards
                check_board(slug, state)
                boards += 1
            playout(slug, seed, check=check)
    assert boards > 500


def test_the_repr_check_catches_a_dict_a_list_and_a_quoted_string():
    """Issue 27 saw ``Prison {'guerrillas': 0, 'bases': 0}``: the check above would have failed on it."""
    assert reprs_in("Prison: {'guerrillas': 0, 'bases': 0}")
    assert reprs_in("Held: ['1', '2']") and reprs_in("Card: None") and reprs_in("Played: 'A2'")
    assert reprs_in("Flag: True, seen") and reprs_in("(M17, shaded: False)")
    assert not reprs_in("Prison: Guerrillas 2, Bases 1") and not reprs_in("Card: Bevin's Plan (P9)")
    assert not reprs_in("Capabilities: Special Branch (M17, shaded: False leads)")
    quoted = ("'Vomiting the Oath'",)  # a card's label the rulebook prints in quotes (Kenya K28)
    assert not reprs_in("Capabilities: Oathing Ceremonies (K28, unshaded: 'Vomiting the Oath')", quoted)
    assert reprs_in("Capabilities: Oathing Ceremonies (K28, unshaded: 'Vomiting')", quoted)


def test_arab_revolt_s_prison_is_counted_in_words():
    """Arab Revolt's Prison (1.3.6) holds Guerrillas and Bases: their counts, as Available's are written."""
    state = engine.setup("arab-revolt", "standard", {}, SeededChance(1))
    state["prison"] = {"guerrillas": 2, "bases": 1}
    facts = {f["label"]: f["value"] for f in engine.facts(engine.view(state, "public"))}
    assert facts["Prison"] == "Guerrillas 2, Bases 1"


def test_the_key_explains_only_the_labels_printed_each_once():
    state = engine.setup("palestine", "standard", {}, SeededChance(3))
    text = render_text({"id": "G-1"}, engine.view(state, "public"))
    key = key_of(text)
    assert key.startswith("Key: T = Troops, P = Police cubes, Cu = Underground Cells, AC = Arms Caches, "
                          "- = nothing in the space; the number after a label is how many (T2: 2 Troops).")
    assert "Ca = " not in key and "Sab = " not in key  # no Active Cell or Sabotage marker on the board yet
    state["spaces"]["galilee"].update(cells_a=2, sabotage=1)
    key = key_of(render_text({"id": "G-1"}, engine.view(state, "public")))
    assert "Ca = Active Cells" in key and "Sab = Sabotage markers" in key and key.count("Cu = ") == 1
    for sid in state["spaces"]:  # every space holding something: no "-" printed, none explained
        state["spaces"][sid]["troops"] += 1
    assert "- = nothing" not in render_text({"id": "G-1"}, engine.view(state, "public"))


def test_malaya_s_levels_are_no_label_and_need_no_key():
    """Malaya's Support and Opposition (1.6) are levels the facts name: no count printed, nothing to explain."""
    state = engine.setup("malaya", "standard", {}, SeededChance(1))
    text = render_text({"id": "G-1"}, engine.view(state, "public"))
    assert "support" not in text.lower().replace("support: ", "") and "Opposition: Pahang" in text
    assert "Gu = Underground Guerrillas" in key_of(text) and "B = Bases" in key_of(text)


# -- the allowed orders, whole -------------------------------------------------------------------------------


def many_arguments() -> tuple[str, dict, str, list[str]]:
    """A real position with an order word of more than 30 arguments (the old mail's cut; the terminal cut
    after 12): Arab Revolt's Police moves, each argument two spaces (``galilee rail-egypt``)."""
    found = {}

    def check(state, role, action, step):
        for r in engine.active_roles(state):
            for verb, args in engine.legal_actions(state, r).items():
                if len(args) > 30 and not found:
                    found.update(state=canonical.copy(state), role=r, verb=verb, args=args)
    for seed in range(10):
        playout("arab-revolt", seed, check=check)
        if found:
            return found["state"], found["role"], found["verb"], found["args"]
    raise AssertionError("no Arab Revolt position in 10 playouts has an order word of more than 30 arguments")


def test_wrap_breaks_only_between_arguments_and_cuts_none():
    args = [f"space-{i} rail-{i}" for i in range(45)]
    lines = wrap("move " + " | ".join(args), 60, "  ", "       ")
    assert all(len(ln) <= 60 for ln in lines) and len(lines) > 5
    assert " ".join(ln.strip() for ln in lines) == "move " + " | ".join(args)
    assert wrap("x " + "y" * 80, 20) == ["x " + "y" * 80]  # a part longer than a line is kept whole


def test_legal_lines_list_every_argument():
    actions = {"space": [f"district-{i:02}" for i in range(40)], "done": [], "box": ["limited", "event", "opsa"]}
    lines = legal_lines(actions, width=50)
    text = "\n".join(lines)
    assert all(len(ln) <= 50 for ln in lines) and "more" not in text
    assert re.findall(r"district-\d\d", text) == actions["space"]
    assert lines[0] == "  box limited | event | opsa" and lines[1] == "  done"
    assert lines[3].startswith("        district-")  # wrapped under the first argument
    assert legal_items(actions) == ["box limited | event | opsa", "done", "space " + " | ".join(actions["space"])]


def test_the_terminal_lists_every_allowed_order_of_a_long_prompt(tmp_path):
    state, role, verb, args = many_arguments()
    g = gamefile.new_game("arab-revolt", "standard", 5)
    g["state"] = state
    path = tmp_path / "g.json"
    gamefile.save(g, path)
    res = CliRunner().invoke(cli, ["show", str(path)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    orders = res.output[res.output.index(f"{role.title()} to act"):]
    assert f"{verb} " + " | ".join(args) in joined(orders)  # all of them, in order, wrapped only between them
    assert "more)" not in res.output and max(map(len, orders.splitlines()[1:])) <= 100


def joined(text: str) -> str:
    """*text*'s lines, unwrapped."""
    return " ".join(ln.strip() for ln in text.splitlines())


def test_the_mail_lists_every_allowed_order_of_a_long_prompt():
    state, role, verb, args = many_arguments()
    prompts = {role: engine.prompt(state, role)}
    blocks = compose.position_blocks("G-1", {"view": engine.view(state, role), "prompts": prompts}, role)
    text, html = compose.text_of(blocks), compose.html_of(blocks)
    assert "more)" not in text and "more)" not in html
    assert f"{verb} " + " | ".join(args) in joined(text)  # all of them, in order, wrapped only between them
    choices = text[text.index("Your choices"):].splitlines()[2:]
    assert choices[0].startswith("  - ") and max(map(len, choices)) <= compose.WIDTH
    assert max(map(len, compose.view_text("G-1", engine.view(state, role)).splitlines())) <= compose.WIDTH - 4
    assert f"<li><code>{verb} " + " | ".join(args) + "</code></li>" in html
    assert "Key: " in text and not reprs_in(text.split("Your move")[0])


def test_a_mail_verdict_lists_every_order_allowed_where_it_stopped():
    state, role, verb, args = many_arguments()
    verdict = {"status": "rejected", "applied": [], "error": {"line": 1, "order": "nonsense", "message": "not allowed",
                                                             "code": "illegal", "legal": {verb: args}}}
    text = compose.text_of(compose.verdict_blocks(verdict, role))
    assert f"{verb} " + " | ".join(args) in joined(text.split("Allowed there:")[1])


def test_show_prints_the_key_and_a_local_game_file_is_unchanged(tmp_path):
    path = tmp_path / "g.json"
    g = gamefile.new_game("palestine", "standard", 3)
    gamefile.save(g, path)
    before = path.read_bytes()
    res = CliRunner().invoke(cli, ["show", str(path), "--as", "british"], catch_exceptions=False)
    assert res.exit_code == 0 and "Key: T = Troops" in res.output and "  box limited | event | opsa" in res.output
    assert path.read_bytes() == before and json.loads(before)["state"]["seq"] == 0
