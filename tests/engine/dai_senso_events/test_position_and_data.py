"""Position files (each fault its own message with the field's path), the sample, the rulings' quotes and
events.json (the 37 events, their marks and lines)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import engine
from engine.coin.position_checks import PositionError
from engine.core.chance import SeededChance
from engine.games.dai_senso_events.data import EVENTS, RULINGS

from .ds_helpers import SLUG, play, sample, state

RULES = Path(os.environ.get("UMPIRE_RULES_DIR", "/work/shared/rules")) / "dai-senso-political-events.txt"
POS = engine.definition(SLUG).position


def test_15_the_sample_is_valid_flagged_an_illustration_and_round_trips():
    p = sample()
    assert POS.validate(p) == [] and "not a real scenario" in p["illustration"]
    s = engine.setup(SLUG, "position", {}, SeededChance(1))
    again = POS.to_position(s)
    assert POS.validate(again) == [] and POS.same(POS.from_position(json.loads(json.dumps(again))), s)


def test_15_a_game_starts_from_a_position_file_through_the_api():
    p = sample()
    p["start"] = {"faction": "soviet"}
    p.pop("illustration")
    s = engine.setup(SLUG, "position", {"position": p}, SeededChance(1))
    assert engine.active_roles(s) == ["soviet"] and s["illustration"] is None


def _faults(change):
    p = sample()
    change(p)
    return [f.path for f in POS.validate(p)], [str(f) for f in POS.validate(p)]


@pytest.mark.parametrize("change, path, words", [
    (lambda p: p.update(war="peace"), "war", "pre-war"),
    (lambda p: p.update(turn=0), "turn", "from 1"),
    (lambda p: p.pop("government"), "government", "missing"),
    (lambda p: p["government"].update(side="emperor"), "government.side", "army"),
    (lambda p: p["countries"]["hopeh"].update(status="friendly"), "countries.hopeh.status", "neutral"),
    (lambda p: p["countries"]["hopeh"].update(markers=["neutrality", "influence-axis"]), "countries.hopeh.markers",
     "R-15-one-marker"),
    (lambda p: p["countries"]["kansu"].update(markers=["influence-soviet"]), "countries.kansu.markers", "Neutral"),
    (lambda p: p["countries"]["hopeh"].update(borders=["atlantis"]), "countries.hopeh.borders[0]", "atlantis"),
    (lambda p: p["countries"]["hopeh"].update(aligns="axis"), "countries.hopeh.aligns", "western"),
    (lambda p: p["countries"]["hopeh"].update(pac=True), "countries.hopeh.policy", "PAC"),
    (lambda p: p["pieces"]["jp-bomber-1"].update(type="zeppelin"), "pieces.jp-bomber-1.type", "cv-fleet"),
    (lambda p: p["pieces"]["jp-bomber-1"].update(at="map"), "pieces.jp-bomber-1.hex", "missing"),
    (lambda p: p["pieces"]["uk-surface-1"].update(turn=2), "pieces.uk-surface-1.turn", "current turn"),
    (lambda p: p["pieces"]["manchukuo-inf"].update({"in": "jp-bomber-1"}), "pieces.manchukuo-inf.in", "Holding"),
    (lambda p: p["pieces"]["jp-hd-1"].update(steps=0), "pieces.jp-hd-1.steps", "from 1"),
    (lambda p: p["pieces"].update({"Bad Id": dict(p["pieces"]["jp-hd-1"])}), "pieces.Bad Id", "lower-case"),
    (lambda p: p["production"].update({"58": 1}), "production.58", "52"),
    (lambda p: p["esv"].update(western="two"), "esv.western", "whole number"),
    (lambda p: p["tables"].update({"area-china": {"7": "hopeh"}}), "tables.area-china.7", "unknown field"),
    (lambda p: p["start"].update(faction="umpire"), "start.faction", "axis"),
    (lambda p: p.update(weather="mud"), "weather", "unknown field"),
])
def test_15_an_invalid_position_is_refused_with_the_fields_path(change, path, words):
    paths, texts = _faults(change)
    assert path in paths, texts
    assert any(words in t for t in texts if t.startswith(path)), texts
    p = sample()
    change(p)
    with pytest.raises(PositionError) as e:
        engine.setup(SLUG, "position", {"position": p}, SeededChance(1))
    assert any(f.path == path for f in e.value.faults)


def test_15_a_position_inside_an_event_is_not_stated():
    s, _ = play(state(), ["event 15.31", "receiver axis", "resolve"])
    with pytest.raises(Exception, match="inside an event"):
        POS.to_position(s)


def test_15_every_ruling_quotes_its_line():
    lines = RULES.read_text(encoding="utf-8").split("\n")
    for r in RULINGS:
        for q in r["quotes"]:
            n = int(q["at"].split(" L")[1])
            assert q["text"] in lines[n - 1], (r["id"], q["at"])


def test_15_events_json_holds_the_37_events_with_their_marks_and_lines():
    lines = RULES.read_text(encoding="utf-8").split("\n")
    assert sorted(EVENTS) == list(range(1, 38))
    for n, e in EVENTS.items():
        head = lines[e["lines"][0] - 1]
        assert f"15.{n} " in head and e["title"] in head
        assert ("triangle" in e["marks"]) == head.startswith("△")
    assert EVENTS[14]["parts"][0]["marks"] == ["asterisk"] and EVENTS[14]["parts"][1]["marks"] == ["copyright"]
    assert "pressure the us" not in EVENTS[28]["option_marks"] and "reassess policies" in EVENTS[28]["option_marks"]


def test_15_the_documented_example_is_the_sample_written_out_and_round_trips():
    """docs/positions/dai-senso-events-sample.json (docs/positions.md): the sample position with its defaults
    written out, valid, and the same position back after a game is made from it."""
    import json
    from pathlib import Path

    import engine
    from engine.games.dai_senso_events.data import SAMPLE

    doc = json.loads((Path(__file__).resolve().parents[3] / "docs" / "positions" /
                      "dai-senso-events-sample.json").read_text())
    pos = engine.definition("dai-senso-events").position
    assert pos.validate(doc) == []
    assert pos.to_position(pos.from_position(doc)) == doc == pos.to_position(pos.from_position(SAMPLE))
    assert doc["illustration"], "flagged as an illustration, not a real scenario"


def test_15_nothing_of_the_fragment_is_hidden_every_role_sees_the_same_position():
    """The political events hide nothing (no hidden units, cards or chits in section 15; view.py): after an event
    with a die and a choice under way, the three factions' views differ only in whose view it is and the prompt,
    and every piece, country and Posture Box is in each of them."""
    import engine

    from .ds_helpers import declare, play, state

    s, _ = play(state(), declare(1, "axis"), rolls=(2,))
    views = {r: engine.view(s, r) for r in ("axis", "western", "soviet")}
    strip = [{k: v for k, v in view.items() if k not in ("role", "prompt")} for view in views.values()]
    assert strip[0] == strip[1] == strip[2]
    for v in views.values():
        assert set(v["pieces"]) == set(s["pieces"]) and v["countries"] == s["countries"]
        assert v["postures"] == s["postures"] and v["event"]["n"] == 1


STRUCTURAL = [
    lambda p: p.update(war="peace"), lambda p: p.update(turn=0), lambda p: p.pop("government"),
    lambda p: p["government"].update(side="emperor"), lambda p: p["countries"]["hopeh"].update(status="friendly"),
    lambda p: p["countries"]["hopeh"].update(aligns="axis"),
    lambda p: p["pieces"]["jp-bomber-1"].update(type="zeppelin"), lambda p: p["pieces"]["jp-bomber-1"].update(at="map"),
    lambda p: p["pieces"]["jp-hd-1"].update(steps=0),
    lambda p: p["pieces"].update({"Bad Id": dict(p["pieces"]["jp-hd-1"])}), lambda p: p["production"].update({"58": 1}),
    lambda p: p["esv"].update(western="two"), lambda p: p["tables"].update({"area-china": {"7": "hopeh"}}),
    lambda p: p["start"].update(faction="umpire"), lambda p: p.update(weather="mud"),
]


def test_15_the_position_files_json_schema_is_written_out_and_checks_what_validate_checks_of_its_shape():
    """docs/positions/schemas/dai-senso-events.schema.json is engine.games.dai_senso_events.schema.json_schema() written
    out (draft 2020-12); the sample and the documented example pass it, and each fault of shape the game's check
    finds (a value out of its list, a wrong type, a missing or unknown field) is a fault of the schema too."""
    import json
    from pathlib import Path

    import jsonschema

    from engine.games.dai_senso_events.schema import json_schema

    root = Path(__file__).resolve().parents[3]
    written = json.loads((root / "docs" / "positions" / "schemas" / "dai-senso-events.schema.json").read_text())
    assert written == json_schema()
    jsonschema.Draft202012Validator.check_schema(written)
    check = jsonschema.Draft202012Validator(written)
    doc = json.loads((root / "docs" / "positions" / "dai-senso-events-sample.json").read_text())
    assert list(check.iter_errors(sample())) == [] == list(check.iter_errors(doc))
    for i, change in enumerate(STRUCTURAL):
        p = sample()
        change(p)
        assert POS.validate(p), i
        assert list(check.iter_errors(p)), f"the schema lets through case {i}"
