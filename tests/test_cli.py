"""The ``umpire`` console command (umpire_cli/main.py), run through click's CliRunner.

Local game files use seeded chance (umpire_cli/gamefile.py), so the dice here are not the rulebook's:
the tests check the structure of what happens, not the faces rolled.
"""

from __future__ import annotations

import gc
import json
import warnings
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from engine.coin import deck
from engine.core.moves import MOVE_FORMAT
from umpire_cli.main import cli

EXAMPLE = json.loads((Path(__file__).parent / "data" / "palestine" / "example_of_play.json").read_text())


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def invoke(runner: CliRunner, *args: str, input: str | None = None):
    return runner.invoke(cli, list(args), input=input, catch_exceptions=False)


def new_game(runner: CliRunner, path: Path, *extra: str) -> dict:
    res = invoke(runner, "new", "palestine", "--seed", "3", "-o", str(path), *extra)
    assert res.exit_code == 0, res.output
    return json.loads(path.read_text())


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def move_json(g: dict, actions: list[str], **over) -> str:
    """A JSON move file for the Irgun at the game's current position; *over* replaces fields."""
    data = {"format": MOVE_FORMAT, "game": g["id"], "role": "irgun", "after": g["state"]["seq"],
            "actions": actions}
    data.update(over)
    return json.dumps(data)


def move_file(path: Path, g: dict, actions: list[str], **over) -> Path:
    path.write_text(move_json(g, actions, **over))
    return path


@contextmanager
def watching_open_files():
    """Collects the files the command left open (ResourceWarning once the file object is collected);
    check the list with :func:`assert_no_file_left_open` after the other assertions."""
    leaks: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield leaks
        gc.collect()
    leaks.extend(str(w.message) for w in caught if issubclass(w.category, ResourceWarning))


def assert_no_file_left_open(leaks: list[str]) -> None:
    assert not leaks, ("the command left the move file open (umpire_cli/main.py _read_move: "
                       f"open(source).read() is never closed): {leaks}")


# -- games, new ----------------------------------------------------------------------------------------


def test_games_lists_palestine_and_its_scenarios(runner):
    # Twice: once a game has been loaded (here by the first call), ``engine.games`` must still be the API
    # function and not the ``engine.games`` package that the import of a game binds under the same name.
    for _ in range(2):
        res = runner.invoke(cli, ["games"])
        assert res.exit_code == 0, f"umpire games failed: {res.exception!r}"
        assert "palestine: The British Way: Palestine" in res.output
        assert "roles: irgun, british" in res.output
        assert "scenario standard" in res.output and "scenario example-of-play" in res.output


def test_new_writes_a_game_file(runner, tmp_path):
    path = tmp_path / "g.json"
    res = invoke(runner, "new", "palestine", "--seed", "3", "-o", str(path))
    assert res.exit_code == 0, res.output
    assert path.exists()
    g = load(path)
    assert g["format"] == "umpire-game/1" and g["game"] == "palestine" and g["scenario"] == "standard"
    assert g["id"] == "L-00000003" and g["history"] == []
    assert g["state"]["seq"] == 0 and g["state"]["current"] in g["state"]["played"]
    assert f"Created {g['id']}" in res.output and str(path) in res.output
    assert "Irgun to act" in res.output and "box limited | event | opsa" in res.output


def test_new_with_the_same_seed_gives_the_same_game(runner, tmp_path):
    a, b = new_game(runner, tmp_path / "a.json"), new_game(runner, tmp_path / "b.json")
    assert a == b


def test_new_refuses_an_unknown_game_or_scenario(runner, tmp_path):
    res = runner.invoke(cli, ["new", "chess", "-o", str(tmp_path / "x.json")])
    assert res.exit_code != 0 and "unknown game 'chess'" in res.output and "palestine" in res.output
    res = runner.invoke(cli, ["new", "palestine", "--scenario", "nope", "-o", str(tmp_path / "x.json")])
    assert res.exit_code != 0 and "unknown scenario 'nope'" in res.output
    assert not (tmp_path / "x.json").exists()


# -- move ----------------------------------------------------------------------------------------------


def test_move_text_orders_on_stdin(runner, tmp_path):
    path = tmp_path / "g.json"
    new_game(runner, path)
    orders = "# Irgun, first card\nbox opsa\nop sabotage\nspace galilee\nroll\n"
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input=orders)
    assert res.exit_code == 0, res.output
    out = res.output
    assert "Irgun chose the Operation + Special Activity box." in out
    assert "Irgun began a Sabotage Operation." in out
    assert "Irgun Sabotage in Galilee: a Cell was Activated." in out
    assert "Irgun rolled" in out and "for Sabotage in Galilee" in out
    assert "Irgun to act (rule 3.3.3)" in out and "1 of 4 selected" in out
    g = load(path)
    assert g["state"]["seq"] == 4
    assert [h["action"] for h in g["history"]] == ["box opsa", "op sabotage", "space galilee", "roll"]
    assert g["state"]["spaces"]["galilee"]["cells_a"] == 1


def test_move_check_previews_without_storing_or_rolling(runner, tmp_path):
    """``umpire move --check``: the same checks as a move, stopping before the first die; the file is
    unchanged whatever the verdict."""
    path = tmp_path / "g.json"
    new_game(runner, path)
    before = path.read_bytes()
    res = invoke(runner, "move", str(path), "--as", "irgun", "--check", "-",
                 input="box opsa\nop sabotage\nspace galilee\nroll\n")
    assert res.exit_code == 0, res.output
    assert "Legal up to line 4 ('roll')" in res.output and "3 order(s) checked" in res.output
    res = invoke(runner, "move", str(path), "--as", "irgun", "--check", "-", input="box opsa\n")
    assert res.exit_code == 0 and "Legal: all 1 order(s) would be applied" in res.output
    res = invoke(runner, "move", str(path), "--as", "irgun", "--check", "-", input="box opsa\nop nothing\n")
    assert res.exit_code == 1 and "Refused" in res.output and "line 2 'op nothing'" in res.output
    assert path.read_bytes() == before


def test_move_text_orders_may_be_abbreviated(runner, tmp_path):
    path = tmp_path / "g.json"
    new_game(runner, path)
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input="box ops\nop sab\nspace gal\n")
    assert res.exit_code == 0, res.output
    assert [h["action"] for h in load(path)["history"]] == ["box opsa", "op sabotage", "space galilee"]


def test_move_json_file(runner, tmp_path):
    path = tmp_path / "g.json"
    g = new_game(runner, path)
    mv = move_file(tmp_path / "m.json", g, ["box opsa", "op sabotage"])
    with watching_open_files() as leaks:
        res = invoke(runner, "move", str(path), "--as", "irgun", str(mv))
    assert res.exit_code == 0, res.output
    assert "Irgun began a Sabotage Operation." in res.output and "Irgun to act" in res.output
    assert load(path)["state"]["seq"] == 2
    assert_no_file_left_open(leaks)


def test_move_json_file_stale_is_refused_and_changes_nothing(runner, tmp_path):
    path = tmp_path / "g.json"
    g = new_game(runner, path)
    invoke(runner, "move", str(path), "--as", "irgun", "-", input="box opsa\nop sabotage\n")
    g = load(path)
    assert g["state"]["seq"] == 2
    before = path.read_bytes()
    mv = move_json(g, ["space galilee"], after=g["state"]["seq"] - 1)
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input=mv)
    assert res.exit_code != 0
    assert "stale" in res.output and "position 1" in res.output and "position 2" in res.output
    assert path.read_bytes() == before


def test_move_illegal_order_reports_line_reason_rule_and_choices(runner, tmp_path):
    path = tmp_path / "g.json"
    new_game(runner, path)
    before = path.read_bytes()
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input="box opsa\nop rob\nspace rail-haifa\n")
    assert res.exit_code == 1
    assert path.read_bytes() == before, "a rejected move must leave the game file as it was"
    out = res.output
    assert "Rejected, nothing changed" in out
    assert "Line 3 'space rail-haifa'" in out
    assert "Allowed there:" in out and "  space " in out and "galilee" in out
    assert "[rule 3.3.4]" in out
    # The reason, as engine.apply gives it ("Rob selects Districts or Cities only (3.3.4)").
    assert "Districts or Cities" in out, f"the reply should say why the order is refused:\n{out}"


def test_move_illegal_order_after_a_roll_keeps_the_prefix(runner, tmp_path):
    path = tmp_path / "g.json"
    new_game(runner, path)
    res = invoke(runner, "move", str(path), "--as", "irgun", "-",
                 input="box opsa\nop sabotage\nspace galilee\nroll\nspace rail-haifa\n")
    assert res.exit_code == 1
    assert "Stopped: the 4 order(s) before it stand" in res.output and "Line 5" in res.output
    g = load(path)
    assert [h["action"] for h in g["history"]] == ["box opsa", "op sabotage", "space galilee", "roll"]
    assert g["history"][-1]["outcomes"][0]["label"] == "Sabotage in Galilee"


def test_move_malformed_json_gives_a_clear_error(runner, tmp_path):
    path = tmp_path / "g.json"
    new_game(runner, path)
    before = path.read_bytes()
    bad = tmp_path / "m.json"
    bad.write_text('{"format": "umpire-move/1", "role": "irgun", "actions": ["box opsa",]}')
    with watching_open_files() as leaks:
        res = invoke(runner, "move", str(path), "--as", "irgun", str(bad))
    assert res.exit_code != 0
    assert "not valid JSON" in res.output and "line 1" in res.output
    assert "Traceback" not in res.output
    assert path.read_bytes() == before
    assert_no_file_left_open(leaks)


def test_move_json_with_a_bad_field_is_invalid(runner, tmp_path):
    path = tmp_path / "g.json"
    g = new_game(runner, path)
    before = path.read_bytes()
    mv = move_json(g, ["box opsa"], format="umpire-move/9")
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input=mv)
    assert res.exit_code != 0 and "Refused (invalid)" in res.output and "umpire-move/1" in res.output
    assert path.read_bytes() == before


def test_move_file_for_another_role_is_refused(runner, tmp_path):
    path = tmp_path / "g.json"
    g = new_game(runner, path)
    before = path.read_bytes()
    mv = move_json(g, ["box opsa"], role="british")
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input=mv)
    assert res.exit_code != 0 and "for british" in res.output and "as irgun" in res.output
    assert path.read_bytes() == before


def test_move_file_for_another_game_is_refused(runner, tmp_path):
    path = tmp_path / "g.json"
    g = new_game(runner, path)
    before = path.read_bytes()
    mv = move_json(g, ["box opsa"], game="L-ffffffff")
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input=mv)
    assert res.exit_code != 0 and "L-ffffffff" in res.output
    assert path.read_bytes() == before


def test_move_as_the_role_not_to_act_is_refused(runner, tmp_path):
    path = tmp_path / "g.json"
    new_game(runner, path)
    before = path.read_bytes()
    res = invoke(runner, "move", str(path), "--as", "british", "-", input="box opsa\n")
    assert res.exit_code == 1 and "Rejected, nothing changed" in res.output
    assert "british has no decision to make now; waiting for irgun" in res.output
    assert path.read_bytes() == before


def test_move_refuses_a_token_for_a_game_file_and_ignores_the_umpire_s_environment(runner, tmp_path):
    """A token is for a game in the service's database (issue 27): given on the command line for a game file
    it is refused, saying so; ``UMPIRE_TOKEN`` left in the environment for the umpire tools changes nothing."""
    path = tmp_path / "g.json"
    new_game(runner, path)
    before = path.read_bytes()
    res = runner.invoke(cli, ["move", str(path), "--as", "irgun", "--token", "x", "-"], input="box opsa\n")
    assert res.exit_code == 2 and "--token is for a game in the service's database (--game ID)" in res.output
    assert path.read_bytes() == before
    res = runner.invoke(cli, ["move", str(path), "--as", "irgun", "-"], input="box opsa\n", env={"UMPIRE_TOKEN": "x"})
    assert res.exit_code == 0 and load(path)["state"]["seq"] == 1, res.output


# -- show, log -----------------------------------------------------------------------------------------


def test_show_as_british(runner, tmp_path):
    path = tmp_path / "g.json"
    g = new_game(runner, path)
    res = invoke(runner, "show", str(path), "--as", "british")
    assert res.exit_code == 0, res.output
    out = res.output
    assert f"{g['id']} The British Way: Palestine 1945-1947 (palestine, standard), position 0" in out
    assert "Political Will: 18" in out and "Haganah: 4 (Coordinate)" in out  # the game's facts
    assert "Jerusalem City" in out and "T2 P1 Cu1" in out
    assert "Irgun to act" in out


def test_show_json_hides_the_deck(runner, tmp_path):
    path = tmp_path / "g.json"
    g = new_game(runner, path)
    res = invoke(runner, "show", str(path), "--as", "british", "--json")
    assert res.exit_code == 0, res.output
    v = json.loads(res.output)
    assert "deck" not in v and "unused" not in v
    assert v["deck_size"] == deck.size(g["state"])
    assert v["role"] == "british" and v["waiting_for"] == ["irgun"]
    assert v["prompt"] is None                      # not the British decision
    assert v["spaces"]["galilee"]["troops"] == 2
    assert not hidden_keys_in(v), "the view leaks the deck order or the cards set aside"
    assert json.dumps(g["state"]["deck"]) not in res.output


def hidden_keys_in(obj) -> list[str]:
    """Keys naming hidden information (the deck, the unused cards), at any depth."""
    if isinstance(obj, dict):
        return [k for k in obj if k in ("deck", "unused")] + [x for v in obj.values() for x in hidden_keys_in(v)]
    if isinstance(obj, list):
        return [x for v in obj for x in hidden_keys_in(v)]
    return []


def test_log_prints_actions_and_chance_outcomes(runner, tmp_path):
    path = tmp_path / "g.json"
    new_game(runner, path)
    invoke(runner, "move", str(path), "--as", "irgun", "-", input="box opsa\nop sabotage\nspace galilee\nroll\n")
    g = load(path)
    die = g["history"][-1]["outcomes"][0]["value"]
    res = invoke(runner, "log", str(path))
    assert res.exit_code == 0, res.output
    out = res.output
    assert "[1] irgun: box opsa" in out and "[4] irgun: roll" in out
    assert "Irgun chose the Operation + Special Activity box." in out
    assert f"chance: Sabotage in Galilee -> {die}" in out


def test_show_and_log_refuse_a_file_that_is_not_a_game(runner, tmp_path):
    bad = tmp_path / "x.json"
    bad.write_text("{not json")
    for cmd in ("show", "log"):
        res = runner.invoke(cli, [cmd, str(bad)])
        assert res.exit_code != 0 and "is not JSON" in res.output


# -- the Example of Play's first card (8.0) ------------------------------------------------------------


def test_example_of_play_card_1_irgun_move(runner, tmp_path):
    path = tmp_path / "eop.json"
    res = invoke(runner, "new", "palestine", "--scenario", "example-of-play", "--seed", "1", "-o", str(path))
    assert res.exit_code == 0, res.output
    g = load(path)
    step = EXAMPLE["steps"][0]
    assert step["role"] == "irgun" and g["state"]["current"] == step["card"] == "P31"
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input=move_json(g, step["actions"]))
    assert res.exit_code == 0, res.output
    g = load(path)
    s = g["state"]
    assert s["boxes"]["opsa"] == "irgun"
    log = [e["text"] for h in g["history"] for e in h["log"]]
    activations = [t for t in log if t.startswith("Irgun Sabotage in ") and t.endswith("a Cell was Activated.")]
    assert activations == [f"Irgun Sabotage in {n}: a Cell was Activated." for n in
                           ("Galilee", "Gaza", "Haifa City", "Jerusalem City")]
    dice = [o for h in g["history"] for o in h["outcomes"] if o["kind"] == "d6"]
    assert [o["label"] for o in dice] == [f"Sabotage in {n}" for n in
                                          ("Galilee", "Gaza", "Haifa City", "Jerusalem City")]
    assert "Irgun declared Terror in Jerusalem City." in log
    assert s["spaces"]["jerusalem-district"]["caches"] == 0      # the Cache spent for +2
    for sid in ("galilee", "gaza", "haifa-city", "jerusalem-city"):
        assert s["spaces"][sid]["cells_a"] == 1 and s["spaces"][sid]["cells_u"] == 0
    assert "British to act (rule 2.3.2)" in res.output
    assert "box limited | event" in res.output


def test_new_with_options_the_umpire_chose_and_the_file_still_verifies(runner, tmp_path):
    """Issue 8: a local game made with an umpire's choices at creation (a ruling's reading, a map
    correction) keeps them, and `umpire verify` replays it with them."""
    path = tmp_path / "g.json"
    opts = ('{"rulings": {"R-P32": "modified"}, "map": {"remove": [["galilee", "samaria"]], '
            '"citation": "my board"}}')
    res = invoke(runner, "new", "palestine", "--seed", "5", "--options", opts, "-o", str(path))
    assert res.exit_code == 0, res.output
    g = load(path)
    assert g["state"]["rulings"] == {"R-P32": "modified"} and g["state"]["map"]["remove"] == [["galilee", "samaria"]]
    res = invoke(runner, "move", str(path), "--as", "irgun", "-", input="box opsa\nop sabotage\nspace galilee\nroll\n")
    assert res.exit_code == 0, res.output
    res = invoke(runner, "verify", str(path))
    assert res.exit_code == 0 and "OK" in res.output, res.output
    res = invoke(runner, "new", "palestine", "--options", '{"rulings": {"R-P32": "x"}}', "-o", str(tmp_path / "h.json"))
    assert res.exit_code != 0 and "rulings option: R-P32 may be natural, modified" in res.output
    res = invoke(runner, "new", "palestine", "--options", "[1]", "-o", str(tmp_path / "h.json"))
    assert res.exit_code != 0 and "JSON object" in res.output
    assert "option map:" in invoke(runner, "games").output


def test_rulings_of_a_game_list_the_umpire_options_with_their_readings(runner, tmp_path):
    """Issue 20: `umpire rulings SLUG` lists a game's rulings; those that offer the umpire a choice show each
    reading, the default, and how to choose another at creation, and that choice is accepted."""
    res = invoke(runner, "rulings", "arab-revolt", "--options-only")
    assert res.exit_code == 0, res.output
    for rid, other in (("R-1.4.1-EVENT", "available"), ("R-A29", "executing")):
        assert f"{rid} [rule" in res.output and f"    {other}: " in res.output
        assert f'"rulings": {{"{rid}": "{other}"}}' in res.output
    assert "map (default)" in res.output and "R-MAP-1" not in res.output
    every = invoke(runner, "rulings", "arab-revolt").output
    assert "R-MAP-1 [rule" in every and "R-1.4.1 [rule" in every
    res = invoke(runner, "new", "arab-revolt", "--seed", "3", "--options",
                 '{"rulings": {"R-1.4.1-EVENT": "available", "R-A29": "executing"}}', "-o", str(tmp_path / "a.json"))
    assert res.exit_code == 0, res.output
    assert load(tmp_path / "a.json")["state"]["rulings"] == {"R-1.4.1-EVENT": "available", "R-A29": "executing"}
    res = invoke(runner, "rulings")
    assert res.exit_code != 0 and "give one of" in res.output
    res = invoke(runner, "rulings", "chess")
    assert res.exit_code != 0 and "unknown game 'chess'" in res.output
