"""Checks of a British Way game's static data (engine/games/<game>/data/*.json) shared by the games' test_data
modules: the map's edges, the lines of the rulebook (rules/british-way.txt) a fact cites, the source every fact
carries, the cards' texts, the deck of Deck Preparation (2.1) and of the Example of Play (8.0), the rulings.
Each game's test calls them with its own data; what is the game's own stays in its test."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from engine.coin import deck as D
from engine.coin import map_overrides
from engine.core.errors import InvalidActionError

RULING_REF = re.compile(r"\bR-[A-Z0-9.]+(?:-[A-Z0-9.]+)*")
LINE_REF = re.compile(r"\bL(\d{4})\b")


def provenance(*kinds: str) -> re.Pattern:
    """The form of a ``source``: one of *kinds* (stated, example, derived, inferred, ruling), a colon, the
    reference."""
    return re.compile(rf"^({'|'.join(kinds)}): \S")


class MapData:
    """A game's map.json read as sets: its spaces by id, its edges (``adjacency``) and the pairs it lists as
    not adjacent (``not_adjacent``) as unordered pairs."""

    def __init__(self, map_: dict):
        self.map = map_
        self.spaces = {s["id"]: s for s in map_["spaces"]}

    def edges(self, key: str = "adjacency") -> set[frozenset]:
        return {frozenset((e["a"], e["b"])) for e in self.map[key]}

    def neighbours(self, space: str) -> set[str]:
        return {x for e in self.edges() if space in e for x in e if x != space}

    def kind(self, k: str) -> set[str]:
        return {s for s, v in self.spaces.items() if v["kind"] == k}

    def check_edges(self, source: re.Pattern | None = None, count: int | None = None) -> None:
        """Every edge and non-edge names two known spaces, not one twice (and, given *source*, carries a
        source of that form); no edge is listed twice (*count* of them, where given), and no pair is both."""
        for e in self.map["adjacency"] + self.map["not_adjacent"]:
            assert e["a"] in self.spaces and e["b"] in self.spaces and e["a"] != e["b"], e
            if source is not None:
                assert source.match(e["source"]), e
        assert len(self.edges()) == len(self.map["adjacency"]), "an edge is listed twice"
        if count is not None:
            assert len(self.edges()) == count, "an edge is listed twice"
        assert len(self.edges("not_adjacent")) == len(self.map["not_adjacent"])
        assert not self.edges() & self.edges("not_adjacent")


def reachable(start: str, neighbours: Callable[[str], Iterable[str]]) -> set[str]:
    """Every space reached from *start* by steps to a neighbour."""
    seen, todo = set(), [start]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen.add(s)
            todo.extend(neighbours(s))
    return seen


def check_board_loads_the_map(board, map_: dict, start: str) -> None:
    """The COIN layer's board (engine.coin.board) built from *map_*: its spaces in the map's order, every
    adjacency both ways, and every space reached from *start* (the map is connected)."""
    assert board.spaces == [s["id"] for s in map_["spaces"]]
    for s in board.spaces:
        for n in board.adj[s]:
            assert s in board.adj[n], (s, n)  # symmetric
    assert reachable(start, board.adj.__getitem__) == {s["id"] for s in map_["spaces"]}


def check_overrides_refused(board, fixed: Iterable[list[str]]) -> None:
    """An umpire may correct an inferred edge only (engine.coin.map_overrides): removing any of *fixed* is
    refused as not inferred."""
    for edge in fixed:
        with pytest.raises(InvalidActionError, match="not inferred"):
            map_overrides.check(board, {"remove": [edge], "citation": "the physical board"})


# -- the rulebook ---------------------------------------------------------------------------------------------


def rulebook_path() -> Path | None:
    """rules/british-way.txt: under $UMPIRE_RULES_DIR, the repository's rules/, or the shared rules/ beside it."""
    repo = Path(__file__).resolve().parents[2]
    dirs = [Path(os.environ["UMPIRE_RULES_DIR"])] if os.environ.get("UMPIRE_RULES_DIR") else []
    for d in [*dirs, repo / "rules", repo.parent / "shared" / "rules"]:
        if (d / "british-way.txt").is_file():
            return d / "british-way.txt"
    return None


def rulebook_lines(game: str, first: int, setup: int) -> list[str]:
    """The rulebook's lines (index 0 is L1), checked to be the edition the data cites: *game*'s heading on line
    *first* and its Setup Instructions on line *setup*. It is not in the repository (its text is not ours to
    copy): without it the test is skipped, naming what to set."""
    path = rulebook_path()
    if path is None:
        pytest.skip("rules/british-way.txt not found: set UMPIRE_RULES_DIR to the folder holding it")
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[first - 1] == game and lines[setup - 1].startswith(f"{game} — Setup Instructions (2.1)"), (
        f"{path} is not the edition the data cites ({game} at L{first}, its Setup Instructions at L{setup})")
    return lines


def at(lines: list[str], ref: str) -> str:
    """The line a reference such as ``8.0 L3586`` names (its first line number)."""
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


def check_sourced(node, source: re.Pattern, more_than: int) -> None:
    """More than *more_than* sources below *node*, each of the form *source*."""
    found = list(sources(node))
    assert len(found) > more_than
    for path, src in found:
        assert source.match(src), (path, src)


def check_sources_and_lines(load: Callable[[str], dict], source: re.Pattern, lines: range,
                            sourced: Iterable[str], cited: Iterable[str]) -> None:
    """Every source in the files *sourced* has the form *source*; every line the files *cited* name is in
    *lines*, the game's own part of the rulebook."""
    for name in sourced:
        for path, src in sources(load(name)):
            assert source.match(src), (name, path, src)
    for name in cited:
        for n in LINE_REF.findall(str(load(name))):
            assert int(n) in lines, (name, n)  # no line of another game's rules


# -- the cards and the deck -----------------------------------------------------------------------------------


def card_texts(lines: list[str], n: int) -> tuple[str, list[str]]:
    """The heading of the card printed at L*n* and its text lines (up to its Tips or Background)."""
    texts = []
    for line in lines[n:]:
        if line.startswith(("Tips:", "Background:")):
            break
        if line.strip():
            texts.append(line)
    return lines[n - 1], texts


def check_no_card_text(cid: str, card: dict, texts: list[str], run: int) -> None:
    """*card*'s headlines are headlines, not its texts, and its summaries repeat no *run* words running as the
    card prints them."""
    for side, text in zip(("unshaded", "shaded"), texts, strict=False):
        assert len(card[side]) < 40 and ":" not in card[side], (cid, side)  # the headline, not the text
        words = re.findall(r"[\w']+", text.split(":", 1)[1].lower())
        summary = " ".join(re.findall(r"[\w']+", card["summary"][side].lower()))
        for i in range(len(words) - run + 1):
            assert " ".join(words[i:i + run]) not in summary, (cid, side, words[i:i + run])


def check_the_decks(deck: dict, events: list[str], props: list[str], lines: list[str], *, piles_at: int,
                    example_at: int, stacks_at: int, card_id: str) -> None:
    """Deck Preparation (2.1) as cards.json's deck gives it: three piles of six Events with a Propaganda card
    among the bottom two, fourteen Events unused, as line *piles_at* of the rulebook says; and the Example of
    Play's deck (8.0): the cards line *example_at* names on top, top to bottom (ids matching *card_id*), then
    two stacks of six Events and a Propaganda card each (line *stacks_at*). Both built by engine.coin.deck."""
    assert deck["events"] == 32 and deck["propaganda"] == 3
    d = deck["standard"]
    assert (d["piles"], d["pile_size"], d["bottom"], d["unused"], d["deck_size"]) == (3, 6, 2, 14, 21)
    assert d["piles"] * (d["pile_size"] + 1) == d["deck_size"] and d["piles"] == deck["propaganda"]
    assert d["piles"] * d["pile_size"] + d["unused"] == deck["events"]
    line = lines[piles_at - 1]
    for words in ("three piles of 6 regular Event cards", "remaining 14 regular Event cards",
                  "with 2 of the Event cards", "Event Deck of 21 cards"):
        assert words in line, words
    state = {"deck": D.build_deck(events, props, d["pile_size"], d["bottom"], d["shuffle_propaganda"])}
    assert D.size(state) == 21 and D.unused_count(state) == 14
    ex = deck["example_of_play"]
    assert ex["cards"] == re.findall(rf"\(({card_id})\)", lines[example_at - 1])  # top to bottom
    rest, top = ex["rest"], ex["cards"]
    state = {"deck": D.build_deck([c for c in events if c not in top], [c for c in props if c not in top],
                                  rest["pile_size"], rest["bottom"], True, top=top)}
    assert D.size(state) == len(top) + rest["piles"] * (rest["pile_size"] + 1) == 21
    assert D.unused_count(state) == 14
    assert "two stacks of six random Event cards" in lines[stacks_at - 1]


# -- the rulings ----------------------------------------------------------------------------------------------


def check_rulings_well_formed(rulings: list[dict], source: re.Pattern) -> None:
    """Each ruling's id is unique and an ``R-`` id; it names its rule, says more than a phrase, carries a source
    of the form *source* and quotes the words at issue (a line each, never a paragraph); a ruling with a
    default offers it among two or more alternatives."""
    ids = [r["id"] for r in rulings]
    assert len(ids) == len(set(ids))
    for r in rulings:
        assert r["id"].startswith("R-") and r["rule"], r["id"]
        assert len(r["ruling"]) > 40 and source.match(r["source"]), r["id"]
        assert r["quotes"], r["id"]
        for q in r["quotes"]:
            assert LINE_REF.search(q["at"]) and 0 < len(q["text"]) <= 120, (r["id"], q)
        if "default" in r:
            assert r["default"] in r["alternatives"] and len(r["alternatives"]) >= 2, r["id"]


def check_rulings_quote_their_lines(rulings: list[dict], lines: list[str]) -> None:
    """Every quote of every ruling stands on the line it cites."""
    for r in rulings:
        for q in r["quotes"]:
            assert q["text"] in at(lines, q["at"]), (r["id"], q)


def registers(rulings: list[dict]) -> set[str]:
    """The entries of the digest's register (Z-...) the rulings say they settle."""
    return {z for r in rulings for z in r.get("register", ())}


def check_named_rulings_exist(rulings: list[dict], load: Callable[[str], dict], files: Iterable[str]) -> None:
    """The files *files* name some ruling, and every ruling they name is one of *rulings*."""
    ids = {r["id"] for r in rulings}
    named = set()
    for name in files:
        named |= set(RULING_REF.findall(str(load(name))))
    assert named and named <= ids, named - ids


class RulingsAndSourcesTests:
    """The tests of a game's rulings (data/rulings.json) and of the sources its data files carry, the same for
    every game: a game's test_data module runs them as a class ``TestRulingsAndSources(RulingsAndSourcesTests)``
    that gives ``rulings``; ``source``, the form of a source (:func:`provenance`); ``register``, the digest's
    entries the rulings settle; ``load`` (a staticmethod: the game's data.load); ``named_in``, the data files
    that name rulings; ``sourced`` and ``cited``, the files whose sources and whose line numbers are checked;
    and ``lines``, the game's part of the rulebook. The module gives the ``rulebook`` fixture
    (:func:`rulebook_lines`)."""

    rulings: list[dict]
    source: re.Pattern
    register: set[str]
    load: Callable[[str], dict]
    named_in: tuple[str, ...]
    sourced: tuple[str, ...] = ("map.json", "components.json", "setup.json")
    cited: tuple[str, ...]
    lines: range

    def test_rulings_are_unique_quoted_and_sourced(self):
        check_rulings_well_formed(self.rulings, self.source)

    def test_rulings_quote_the_words_on_their_lines(self, rulebook):
        check_rulings_quote_their_lines(self.rulings, rulebook)

    def test_rulings_cover_the_digests_register(self):
        assert registers(self.rulings) == self.register

    def test_every_ruling_named_by_the_data_exists(self):
        check_named_rulings_exist(self.rulings, self.load, self.named_in)

    def test_every_fact_carries_a_source_and_cites_the_games_own_lines(self):
        check_sources_and_lines(self.load, self.source, self.lines, self.sourced, self.cited)
