"""The First Arab-Israeli War as a local game file through the command line (issue 31; GAME-STANDARD.md
"playable through every way in"): ``umpire new ... --pack DIR`` keeps the pack whole in the file's options,
``umpire move`` plays the deployment (each order read from the seat's own ``umpire show --json``), ``umpire
show`` gives each seat its own view and prompt and the other only who is awaited (21.0), and ``umpire verify``
passes, in this process and in a new one, which has only the file to find the pack in (``engine.restore``).

The pack is a copy of the test pack (made-up test data, not the game's) with one designation changed, so that
its digest is not the test pack's, which every process registers at import."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import engine
from engine.games.first_arab_israeli_war.pack import pack_digest
from service.packs import load_pack
from tests.service.faiw_ways_in import SLUG, TEST_PACK, spread
from umpire_cli.main import cli

ROOT = Path(__file__).resolve().parents[1]


def _pack(tmp_path: Path) -> Path:
    root = tmp_path / "pack"
    shutil.copytree(TEST_PACK, root)
    data = json.loads((root / "counters.json").read_text())
    data["counters"][4]["designation"] = "1 Mech (this test's pack)"
    (root / "counters.json").write_text(json.dumps(data, indent=1))
    return root


def _new(tmp_path: Path) -> tuple[Path, Path]:
    pack, path = _pack(tmp_path), tmp_path / "faiw.json"
    out = CliRunner().invoke(cli, ["new", SLUG, "--scenario", "independence", "--pack", str(pack), "-o", str(path),
                                   "--seed", "3"])
    assert out.exit_code == 0, out.output
    return pack, path


def _shown(path: Path, role: str) -> dict:
    out = CliRunner().invoke(cli, ["show", str(path), "--as", role, "--json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def _deploy(path: Path) -> dict[str, list]:
    """Both deployments (Scenario 1, 3-4), one ``umpire move`` an order, each read from the seat's own view;
    returns each seat's outputs."""
    count, outputs = {"arab": 0, "israel": 0}, {"arab": [], "israel": []}
    while (state := json.loads(path.read_text())["state"])["phase"] == "deployment":
        (role,) = engine.active_roles(state)
        order = spread(_shown(path, role)["prompt"]["actions"], count[role])
        count[role] += 1
        out = CliRunner().invoke(cli, ["move", str(path), "--as", role, "-"], input=order + "\n")
        assert out.exit_code == 0, out.output
        outputs[role].append(out.output)
    return outputs


def _umpire(*args: str) -> subprocess.CompletedProcess:
    """``umpire ARGS`` in a new process: nothing registered but what every process registers at import."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", "from umpire_cli.main import cli; cli()", *args],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def test_umpire_new_keeps_the_pack_whole_in_the_file(tmp_path):
    pack, path = _new(tmp_path)
    game = json.loads(path.read_text())
    option = game["options"]["pack"]
    digest = pack_digest(option["manifest"], option["files"])
    assert digest == load_pack(pack).digest != load_pack(TEST_PACK).digest
    assert game["state"]["pack"]["digest"] == digest and game["id"] == "L-00000003"
    assert option["files"]["counters"]["counters"][4]["designation"] == "1 Mech (this test's pack)"


def test_umpire_new_refuses_a_broken_pack(tmp_path):
    pack = _pack(tmp_path)
    data = json.loads((pack / "map.json").read_text())
    data["hexes"]["0304"]["terrain"] = "marsh"
    (pack / "map.json").write_text(json.dumps(data))
    out = CliRunner().invoke(cli, ["new", SLUG, "--scenario", "independence", "--pack", str(pack), "-o",
                                   str(tmp_path / "x.json")])
    assert out.exit_code != 0
    assert "has 1 problem" in out.output and "the terrain 'marsh' is not in the Terrain Effects Table" in out.output
    assert not (tmp_path / "x.json").exists()


def test_scenario_1_deployment_through_the_command_line(tmp_path):
    _, path = _new(tmp_path)
    outputs = _deploy(path)
    assert len(outputs["arab"]) == 27 and len(outputs["israel"]) == 20
    assert "The Arab League placed AL-aas-gue-1 in 0204." in outputs["arab"][0]
    assert "Israel finished deploying." in outputs["israel"][-1]
    state = json.loads(path.read_text())["state"]
    assert state["phase"] == "reinforcement" and state["phasing"] == "arab" and state["seq"] == 47
    # after the Arab League's last placement Israel is to act: the Arab player reads who, not what (21.0)
    assert "Israel to act (rule Scenario 1, 4a2): waiting for Israel" in outputs["arab"][-1]
    assert "IL-ldr-allon" not in outputs["arab"][-1]
    # each seat's show: its own prompt and orders; the other's: who is awaited
    arab = CliRunner().invoke(cli, ["show", str(path), "--as", "arab"])
    israel = CliRunner().invoke(cli, ["show", str(path), "--as", "israel"])
    assert arab.exit_code == israel.exit_code == 0
    prompt = _shown(path, "arab")["prompt"]
    assert f"Arab League to act (rule {prompt['rule']}): {prompt['text']}" in arab.output
    assert prompt["text"] not in israel.output and "Arab League to act" in israel.output
    assert "waiting for Arab League" in israel.output
    for line in ("May 1948", "FAIW test pack"):
        assert line in arab.output and line in israel.output, line
    # what Israel does not see of the Arab League's (21.0): not in its show
    hidden = _shown(path, "israel")["hidden_stacks"]["arab"]
    away = [c for c, r in state["units"].items() if c.startswith("AL-") and r["status"] == "map" and r["at"] in hidden]
    assert away and not [c for c in away if c in israel.output]


def test_umpire_verify_passes_here_and_in_a_new_process(tmp_path):
    _, path = _new(tmp_path)
    _deploy(path)
    out = CliRunner().invoke(cli, ["verify", str(path)])
    assert out.exit_code == 0, out.output
    assert "OK: every seed matches" in out.output and "47 action(s)" in out.output
    # a new process knows the test pack only: it finds this pack in the file's options (engine.restore)
    fresh = _umpire("verify", str(path))
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "OK: every seed matches" in fresh.stdout
    shown = _umpire("show", str(path), "--as", "arab", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["pack"]["digest"] == json.loads(path.read_text())["state"]["pack"]["digest"]
    moved = _umpire("move", str(path), "--as", "arab", "-", "--check")
    assert moved.returncode in (0, 1), moved.stderr  # the pack is there: the move is judged, not refused


@pytest.mark.parametrize("command", ["show", "verify"])
def test_a_game_file_whose_pack_is_gone_is_refused_with_what_is_missing(tmp_path, command):
    """The file names its pack by digest: without the pack in its options a new process cannot play it, and
    says so rather than play on other data (packs.get)."""
    _, path = _new(tmp_path)
    game = json.loads(path.read_text())
    del game["options"]
    path.write_text(json.dumps(game))
    out = _umpire(command, str(path), *(["--as", "arab"] if command == "show" else []))
    assert out.returncode != 0
    assert "not loaded here" in out.stdout + out.stderr
