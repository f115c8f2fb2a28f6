"""``umpire render GAMEFILE``: a local game file's PDFs without the service (issue 27, point 6): a seat's
(or the public's) snapshot with ``--as``, the report with ``--report`` (and ``--boards``); a bad role, file
or option is refused saying what is allowed, and nothing is written."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

import engine
from umpire_cli import gamefile
from umpire_cli.main import cli


def text_of(path) -> str:
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(path.read_bytes())).pages)


@pytest.fixture(scope="module")
def game_file(tmp_path_factory):
    """A local Palestine game (seed 5) two cards in: the Irgun's Sabotage, then British and Irgun turns."""
    path = tmp_path_factory.mktemp("local") / "game.json"
    r = CliRunner()
    assert r.invoke(cli, ["new", "palestine", "--seed", "5", "-o", str(path)]).exit_code == 0
    out = r.invoke(cli, ["move", str(path), "--as", "irgun"], input="box opsa\nop sabotage\nspace galilee\nroll\ndone\ndone\n")
    assert out.exit_code == 0, out.output
    from engine.core.chance import SeededChance
    from engine.playout import choose
    picker = SeededChance(5, context="render-local")
    g = gamefile.load(path)
    while len(g["state"]["played"]) < 3:
        role = engine.active_roles(g["state"])[0]
        res = r.invoke(cli, ["move", str(path), "--as", role], input=choose(engine.legal_actions(g["state"], role), picker))
        assert res.exit_code == 0, res.output
        g = gamefile.load(path)
    return path


def test_a_seats_snapshot_of_a_local_file(game_file, tmp_path):
    g = gamefile.load(game_file)
    state = g["state"]
    on_move = engine.active_roles(state)[0]
    other = next(r for r in engine.definition("palestine").roles if r != on_move)
    r = CliRunner()
    for role in (on_move, other, "public"):
        out = tmp_path / f"{role}.pdf"
        res = r.invoke(cli, ["render", str(game_file), "--as", role, "-o", str(out)])
        assert res.exit_code == 0, res.output
        assert f"Wrote {out}: {role} snapshot of {g['id']} at position {state['seq']}." in res.output
        text = text_of(out)
        assert f"{g['id']}, position {state['seq']}" in text and f"Seen by: {role}" in text
        card = state["current"]
        assert f"({card})" in text
        if role == on_move:
            assert f"{role} to act (rule" in text and "Waiting for" not in text
        else:
            assert f"Waiting for the {on_move.title()}:" in text and "to act (rule" not in text


def test_the_report_of_a_local_file_with_a_board_per_card(game_file, tmp_path):
    g = gamefile.load(game_file)
    out = tmp_path / "report.pdf"
    res = CliRunner().invoke(cli, ["render", str(game_file), "--report", "--boards", "card", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert "report (boards: card)" in res.output
    text = text_of(out)
    seq = g["state"]["seq"]
    assert f"Position {seq}, game in progress" in text and "Final position" not in text
    assert g["commitment"] in text.replace(" ", "") and g["seed"] in text.replace(" ", "")  # a local seed is known
    # one board at each card's reveal before the current one: the setup's, then each later reveal
    reveals = [0] + [h["seq"] for h in g["history"] if any(e["text"].endswith(" was revealed.") for e in h["log"])]
    earlier = [p for p in reveals if p != seq]
    assert len(earlier) >= 2
    for p in earlier:
        assert f"Position {p}: " in text, p
    assert "umpire verify on the game file" in text


def test_states_at_rebuilds_each_position_of_the_file(game_file):
    g = gamefile.load(game_file)
    seq = g["state"]["seq"]
    states = gamefile.states_at(g, [0, seq])
    assert states[seq] == g["state"] and states[seq] is not g["state"]
    assert states[0]["seq"] == 0 and states[0]["played"] == g["state"]["played"][:1]
    with pytest.raises(ValueError, match=rf"no position {seq + 1} in {g['id']}: positions run from 0 \(the setup\) to {seq}"):
        gamefile.states_at(g, [seq + 1])


@pytest.mark.parametrize("args, code, says", [
    (["--as", "romans"], 1, "'romans' is not a role of palestine: use one of irgun, british, or public"),
    (["--report", "--boards", "all"], 2, "'all' is not a boards option: use one of none, card, propaganda"),
    (["--boards", "card"], 2, "--boards goes with --report"),
    (["--report", "--as", "irgun"], 2, "--as goes with a snapshot"),
])
def test_bad_options_are_refused_and_nothing_is_written(game_file, tmp_path, args, code, says):
    out = tmp_path / "x.pdf"
    res = CliRunner().invoke(cli, ["render", str(game_file), *args, "-o", str(out)])
    assert res.exit_code == code and says in res.output, res.output
    assert not out.exists()


def test_a_bad_file_is_refused_saying_why(tmp_path):
    r, out = CliRunner(), tmp_path / "x.pdf"
    res = r.invoke(cli, ["render", str(tmp_path / "missing.json"), "-o", str(out)])
    assert res.exit_code == 1 and "cannot read" in res.output and "missing.json" in res.output
    (tmp_path / "notes.json").write_text("not json")
    res = r.invoke(cli, ["render", str(tmp_path / "notes.json"), "-o", str(out)])
    assert res.exit_code == 1 and "is not JSON" in res.output
    (tmp_path / "other.json").write_text(json.dumps({"format": "umpire-export/1"}))
    res = r.invoke(cli, ["render", str(tmp_path / "other.json"), "-o", str(out)])
    assert res.exit_code == 1 and "is not an Umpire game file (format umpire-game/1)" in res.output
    res = r.invoke(cli, ["render", "-o", str(out)])
    assert res.exit_code == 2 and "give the game file PATH, or --game ID" in res.output
    assert not out.exists()


def test_a_service_games_report_with_boards_from_the_command_line(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'u.sqlite3'}")
    monkeypatch.setenv("REDIS_URL", "")
    r = CliRunner()
    out = r.invoke(cli, ["new", "palestine", "--db"])
    assert out.exit_code == 0, out.output
    gid = out.output.split()[1]
    res = r.invoke(cli, ["render", "--game", gid, "--report", "--boards", "propaganda", "-o", str(tmp_path / "r.pdf")])
    assert res.exit_code == 0 and "report (boards: propaganda)" in res.output, res.output
    assert "Position 0, game in progress" in text_of(tmp_path / "r.pdf")
    res = r.invoke(cli, ["render", "--game", gid, str(tmp_path / "g.json"), "-o", str(tmp_path / "x.pdf")])
    assert res.exit_code == 2 and "not both" in res.output
