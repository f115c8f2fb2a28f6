"""Versioned persisted names (issue 23, item 4; engine/versions.py): the golden list of each game, and a
game saved under another edition of the rules migrated or refused with a clear error, never a KeyError."""

from __future__ import annotations

import dataclasses
import json

import pytest

import engine
from engine import versions
from engine.core.chance import SeededChance
from engine.core.game import REGISTRY
from engine.playout import choose

from ..conftest import fuzz_seeds
from .games_common import COIN_GAMES, GAMES, first_scenario


@pytest.mark.parametrize("game", GAMES)
def test_golden_list_holds_every_name_a_game_reaches(game, request):
    """A procedure or stage renamed without a new rules_version and a migration shows here as a name the
    golden list lacks (scripts/persisted_names.py lists them)."""
    defn = engine.definition(game)
    golden = defn.persisted[defn.rules_version]
    new: set[str] = set()
    for seed in fuzz_seeds(request.config)[:40]:
        state = engine.setup(game, first_scenario(game), {}, SeededChance(seed, context="setup"))
        picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
        for _ in range(defn.max_actions):
            new |= versions.names_in(state) - golden
            if engine.outcome(state):
                break
            role = engine.active_roles(state)[0]
            engine.apply_in_place(state, role, choose(engine.legal_actions(state, role), picker), dice)
    assert not new, (f"{game} saves names its golden list for rules version {defn.rules_version} lacks: "
                     f"{sorted(new)}; add them to data/persisted.json, or bump rules_version with a migration "
                     "if they replace old names")


@pytest.mark.parametrize("game", GAMES)
def test_every_procedure_of_the_golden_list_still_exists(game):
    defn = engine.definition(game)
    procs = {n for n in defn.persisted[defn.rules_version] if "/" not in n}
    have = defn.procedures.names()
    assert procs and procs <= have, sorted(procs - have)


#: The rules version of new games: 2 for the British Way games (their deck's sizes kept in the state,
#: engine.coin.deck.migrate_sizes_v1; Japanese Occupation's Intel chits stored as the view shows them too,
#: engine.games.japanese_occupation.intel_chits.migrate_intel_v1), 1 for the others.
CURRENT = {g: 2 if g in COIN_GAMES else 1 for g in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_records_its_rules_version(game):
    state = engine.setup(game, first_scenario(game), {}, SeededChance(1))
    assert state["rules_version"] == engine.definition(game).rules_version == CURRENT[game]
    assert sorted(engine.definition(game).migrations) == list(range(1, CURRENT[game]))


@pytest.mark.parametrize("saved", [0, 3, "one"])
def test_a_game_saved_under_another_version_is_refused_naming_both(saved):
    current = engine.definition("palestine").rules_version
    state = engine.setup("palestine", "standard", {}, SeededChance(1))
    state["rules_version"] = saved
    with pytest.raises(versions.RulesVersionError) as err:
        versions.upgrade(state)
    shown = saved if isinstance(saved, int) else -1
    assert f"rules version {shown}" in err.value.message and f"{current}" in err.value.message
    assert err.value.code == "rules-version"


def test_a_game_saved_under_an_older_version_is_migrated_by_its_written_migration(monkeypatch):
    """A next rules version of Palestine that renamed a stage: the migration renames it in saved games."""
    old = engine.definition("palestine")
    current = old.rules_version
    state = engine.setup("palestine", "standard", {}, SeededChance(1))

    def rename(s: dict) -> None:
        for f in s["flow"]:
            if f.get("stage") == "first":
                f["stage"] = "first-eligible"

    monkeypatch.setitem(REGISTRY, "palestine", dataclasses.replace(
        old, rules_version=current + 1, migrations={**old.migrations, current: rename}))
    had = [f.get("stage") for f in state["flow"]]
    assert versions.upgrade(state) == [current] and state["rules_version"] == current + 1
    assert [("first-eligible" if s == "first" else s) for s in had] == [f.get("stage") for f in state["flow"]]
    assert versions.upgrade(state) == []


def test_a_local_game_file_of_another_version_is_refused_with_the_versions(tmp_path):
    from click.testing import CliRunner

    from umpire_cli.main import cli

    path = tmp_path / "g.json"
    assert CliRunner().invoke(cli, ["new", "palestine", "--seed", "3", "-o", str(path)]).exit_code == 0
    g = json.loads(path.read_text())
    g["state"]["rules_version"] = 7
    path.write_text(json.dumps(g))
    res = CliRunner().invoke(cli, ["show", str(path)])
    assert res.exit_code != 0 and "rules version 7" in res.output and "Traceback" not in res.output, res.output
