"""``umpire new GAME --position FILE -o GAMEFILE`` and ``umpire show GAMEFILE --position`` (issue 23, item 5;
docs/positions.md): show -> new -> the same position, refusals with every fault, and a local game made from
a position verifies."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from umpire_cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "docs" / "positions"


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_show_then_new_gives_the_same_position(tmp_path):
    a, b, p = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "p.json"
    assert invoke("new", "arab-revolt", "--seed", "5", "-o", str(a)).exit_code == 0
    res = invoke("show", str(a), "--position")
    assert res.exit_code == 0, res.output
    p.write_text(res.output)
    position = json.loads(res.output)
    assert position["format"] == "umpire-position/1" and position["decision"] == {"at": "turn", "faction": "rebels"}
    res = invoke("new", "arab-revolt", "--seed", "6", "--position", str(p), "-o", str(b))
    assert res.exit_code == 0, res.output
    assert json.loads(invoke("show", str(b), "--position").output) == position


def test_new_from_a_position_prints_the_steps_to_its_decision_and_verifies(tmp_path):
    g = tmp_path / "g.json"
    res = invoke("new", "palestine", "--seed", "2", "--position", str(EXAMPLES / "palestine-setup.json"),
                 "-o", str(g))
    assert res.exit_code == 0, res.output
    assert "was revealed" in res.output and "Irgun to act" in res.output
    game = json.loads(g.read_text())
    assert game["options"]["position"]["decision"] == {"at": "card"} and game["setup_log"]
    for order in ("box opsa", "op sabotage"):
        assert invoke("move", str(g), "--as", "irgun", "-", input=order + "\n").exit_code == 0
    res = invoke("verify", str(g))
    assert res.exit_code == 0 and "OK:" in res.output, res.output


def test_a_mid_game_position_file_starts_there(tmp_path):
    g = tmp_path / "g.json"
    res = invoke("new", "palestine", "--position", str(EXAMPLES / "palestine-8.0-menachem-begin.json"),
                 "-o", str(g))
    assert res.exit_code == 0, res.output
    assert "(palestine, example-of-play)" in res.output and "British to act" in res.output


def test_a_refused_position_lists_every_fault_and_writes_nothing(tmp_path):
    p, g = tmp_path / "p.json", tmp_path / "g.json"
    bad = json.loads((EXAMPLES / "palestine-setup.json").read_text())
    bad["spaces"]["galilee"]["cells_u"] += 8
    bad["available"]["police"] = -2
    p.write_text(json.dumps(bad))
    res = CliRunner().invoke(cli, ["new", "palestine", "--position", str(p), "-o", str(g)])
    assert res.exit_code == 2
    assert "available.cells: Cells: 17 on the map" in res.output
    assert "available.police: must be a whole number from 0, not -2" in res.output
    assert not g.exists()
    p.write_text("{not json")
    res = CliRunner().invoke(cli, ["new", "palestine", "--position", str(p), "-o", str(g)])
    assert res.exit_code == 1 and "not valid JSON" in res.output


def test_show_position_inside_an_operation_says_why_not(tmp_path):
    g = tmp_path / "g.json"
    assert invoke("new", "palestine", "--seed", "3", "-o", str(g)).exit_code == 0
    assert invoke("move", str(g), "--as", "irgun", "-", input="box opsa\nop sabotage\n").exit_code == 0
    res = CliRunner().invoke(cli, ["show", str(g), "--position"])
    assert res.exit_code == 1 and "no position states this game now" in res.output
    res = CliRunner().invoke(cli, ["show", "--game", "G-000000", "--position"])
    assert res.exit_code == 2 and "local game file" in res.output
