"""The engine's game-agnostic core: chance sources, notation, canonical JSON, errors (DESIGN.md 3)."""

import pytest

from engine.core import canonical, notation
from engine.core.chance import NoChance, Recorder, ScriptedChance, SeededChance
from engine.core.errors import (
    AmbiguousActionError,
    ChanceRequested,
    IllegalActionError,
    InvalidActionError,
    RulesBugError,
)


def test_seeded_chance_is_reproducible_and_in_range():
    a, b = SeededChance(b"k", "ctx"), SeededChance(b"k", "ctx")
    rolls = [a.roll(6, "x") for _ in range(500)]
    assert rolls == [b.roll(6, "x") for _ in range(500)]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}
    assert SeededChance(b"k", "other").roll(6, "x") is not None


def test_seeded_chance_context_changes_the_stream():
    streams = set()
    for i in range(20):
        src = SeededChance(b"k", str(i))
        streams.add(tuple(src.integer(1000) for _ in range(3)))
    assert len(streams) == 20


def test_seeded_shuffle_is_a_permutation():
    items = list(range(21))
    out = SeededChance(3).shuffle(items, "deck")
    assert sorted(out) == items and out != items


def test_seeded_chance_rejects_empty_range():
    with pytest.raises(RulesBugError):
        SeededChance(1).integer(0)


def test_scripted_chance_gives_what_it_is_told_and_refuses_impossible_values():
    c = ScriptedChance(rolls=[4], draws=[2])
    assert c.roll(6, "a") == 4
    assert c.draw([0, 1, 2], "b") == 2
    with pytest.raises(RulesBugError):
        c.roll(6, "c")
    with pytest.raises(RulesBugError):
        ScriptedChance(draws=[5]).draw([0, 1], "d")
    with pytest.raises(RulesBugError):
        ScriptedChance(rolls=[7]).roll(6, "e")


def test_recorder_records_every_outcome():
    r = Recorder(ScriptedChance(rolls=[3], draws=[1]))
    bag = [0, 1, 2]
    assert r.roll("Sabotage") == 3
    assert r.draw(bag, "chit") == 1 and bag == [0, 2]
    assert [o["kind"] for o in r.outcomes] == ["d6", "draw"]


def test_no_chance_stops_a_preview():
    with pytest.raises(ChanceRequested):
        Recorder(NoChance()).roll("x")
    with pytest.raises(ChanceRequested):
        Recorder(NoChance()).reveal("P1", "card")


LEGAL = {"space": ["jerusalem-city", "jerusalem-district", "galilee"], "done": [],
         "move": ["haifa-city jerusalem-city", "samaria jerusalem-city"]}


@pytest.mark.parametrize("text,action", [
    ("space jerusalem-city", "space jerusalem-city"),
    ("SPACE Jer City", "space jerusalem-city"),
    ("sp gal", "space galilee"),
    ("done", "done"),
    ("move haifa city jer city", "move haifa-city jerusalem-city"),
    ("move sam jer c  # from Samaria", "move samaria jerusalem-city"),
])
def test_notation_parses_prefixes_case_insensitively(text, action):
    assert notation.parse_line(text, LEGAL) == action


def test_notation_ambiguous_prefix():
    with pytest.raises(AmbiguousActionError):
        notation.parse_line("space jer", LEGAL)


def test_notation_unknown_word_is_invalid_and_known_verb_is_illegal():
    verbs = frozenset({"space"})  # the game's order words (GameDefinition.verbs)
    with pytest.raises(InvalidActionError):
        notation.parse_line("fly to the moon", LEGAL, known=verbs)
    with pytest.raises(IllegalActionError):
        notation.parse_line("space gaza", LEGAL, known=verbs)
    with pytest.raises(InvalidActionError):
        notation.parse_line("   ", LEGAL)


def test_notation_describe_parse_round_trip():
    for line in notation.legal_lines(LEGAL):
        verb, arg = notation.split(line)
        assert notation.parse_line(notation.join(verb, arg), LEGAL) == line


def test_canonical_round_trip_and_copy_are_independent():
    s = {"b": [1, {"c": None}], "a": "Tel Aviv-Jaffa"}
    text = canonical.dumps(s)
    assert text == '{"a":"Tel Aviv-Jaffa","b":[1,{"c":null}]}'
    assert canonical.loads(text) == s
    c = canonical.copy(s)
    c["b"][1]["c"] = 1
    assert s["b"][1]["c"] is None
    assert len(canonical.digest(s)) == 64


@pytest.mark.parametrize("order", ["\x1d", " ", "\ufeff", "\x85", "\u3000\t", "a", " b ", "\ufeffa", "\x1cx"])
def test_a_blank_order_is_blank_to_the_schema_and_to_the_engine_alike(order):
    """The move file's JSON Schema (read with Python's or ECMA's idea of white space) and parse_move_file
    agree on which orders are blank, so the service never refuses a file its document calls valid."""
    import jsonschema

    from engine.core.moves import MOVE_FORMAT, MOVE_SCHEMA, parse_move_file

    doc = {"format": MOVE_FORMAT, "role": "irgun", "actions": [order]}
    valid = jsonschema.Draft202012Validator(MOVE_SCHEMA).is_valid(doc)
    try:
        parse_move_file(doc)
        parsed = True
    except InvalidActionError:
        parsed = False
    assert valid == parsed == bool(order.strip(" \t\x1c\x1d\x85\u3000\ufeff"))
