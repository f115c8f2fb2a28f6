"""``umpire pack check DIR`` (umpire_cli/pack_cmd.py): the data pack of The First Arab-Israeli War checked
from the command line (digest A.0, A.16): every problem and exit 1, or "pack OK: <name> <digest>" and exit 0.

The command is run through click's CliRunner on its own group, so the test does not depend on where
umpire_cli/main.py registers it; the last test checks that ``umpire pack`` is reachable once it does.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from service.packs import load_pack
from umpire_cli.pack_cmd import pack_group

TEST_PACK = Path(__file__).resolve().parents[1] / "engine" / "games" / "first_arab_israeli_war" / "data" / "test_pack"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_pack_check_accepts_the_test_pack(runner):
    res = runner.invoke(pack_group, ["check", str(TEST_PACK)], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    first = res.stdout.splitlines()[0]
    assert re.fullmatch(r"pack OK: FAIW test pack [0-9a-f]{64}", first)
    assert first.endswith(load_pack(TEST_PACK).digest)
    assert "test data: its values are made up, not the game's" in res.stdout


def test_pack_check_lists_every_problem_and_exits_1(runner, tmp_path):
    root = tmp_path / "pack"
    shutil.copytree(TEST_PACK, root)
    data = json.loads((root / "map.json").read_text())
    data["bridges"].append({"hexes": ["0203", "0303"]})        # 7.5b: not on a river
    data["hexes"]["0304"]["terrain"] = "marsh"                 # 7.2: not in the TEC
    (root / "map.json").write_text(json.dumps(data))
    res = runner.invoke(pack_group, ["check", str(root)], catch_exceptions=False)
    assert res.exit_code == 1
    lines = res.stdout.splitlines()
    assert lines == [
        'map.json $.hexes["0304"].terrain: the terrain \'marsh\' is not in the Terrain Effects Table (tec.json); '
        "allowed: clear, desert, rough, mountain, all_sea, all_lake (7.2)",
        "map.json $.bridges[2].hexes: the bridge 0203-0303 is not on a river hexside; allowed: a hexside listed in "
        'hexsides with the feature "river" (7.5b, 16.0)',
    ]
    assert f"pack refused: 2 problems in {root}" in res.stderr
    assert "pack OK" not in res.output


def test_pack_check_refuses_a_missing_directory(runner, tmp_path):
    res = runner.invoke(pack_group, ["check", str(tmp_path / "nowhere")], catch_exceptions=False)
    assert res.exit_code == 1
    assert "not a directory; allowed: a directory holding pack.json and the files it names" in res.stdout


def test_pack_check_reports_invalid_json_with_its_file(runner, tmp_path):
    root = tmp_path / "pack"
    shutil.copytree(TEST_PACK, root)
    (root / "crt.json").write_text("{")
    res = runner.invoke(pack_group, ["check", str(root)], catch_exceptions=False)
    assert res.exit_code == 1
    assert res.stdout.startswith("crt.json $: not valid JSON")


def test_pack_command_is_registered_in_umpire():
    """``umpire pack check`` once umpire_cli/main.py adds the group (``cli.add_command(pack_group)``)."""
    from umpire_cli.main import cli
    if "pack" not in cli.commands:
        pytest.fail("umpire_cli/main.py does not register the pack group yet: add "
                    "`from .pack_cmd import pack_group` and `cli.add_command(pack_group)`")
    res = CliRunner().invoke(cli, ["pack", "check", str(TEST_PACK)], catch_exceptions=False)
    assert res.exit_code == 0 and res.stdout.startswith("pack OK: FAIW test pack ")
