"""The verification bundle (issue 33, item 5): a round's or the whole tournament's games in one zip, the
manifest with each game's commitments and result, who may download it, and ``umpire verify BUNDLE.zip``
naming each game and position that does not verify.

One tournament is built for the whole file (its games played to the end take a few seconds): its rows are
added directly (the running part is not used) and its games made with ``service.games.create_game`` with
the director's token hash as their umpire's, then played by random legal orders through the service's move
path. Round 1: two Palestine games played to the end. Round 2: one abandoned by the director after a few
moves (with a ruling), one still in play. The tests only read it.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
import zipfile
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

import engine
from engine.core.chance import SeededChance
from engine.playout import choose
from service import control
from service import games as G
from service.models import Game
from service.seeds import open_seed
from service.tokens import hash_token, new_token
from service.tournaments.bundle import bundle, contents, dumps, filename, write_zip
from service.tournaments.models import Tournament, TournamentGame, TournamentPlayer, TournamentRound
from tests.service.conftest import TEST_DATABASE, throwaway_database
from tests.service.test_dice_service import _move, _play_to_end
from umpire_app.web import create_app
from umpire_cli.main import cli

PLAYERS = {"Ann": "ann@example.org", "Bob": "bob@example.org", "Cat": "cat@example.org", "Dan": "dan@example.org"}
#: (round, board) -> (irgun, british)
TABLES = {(1, 1): ("Ann", "Bob"), (1, 2): ("Cat", "Dan"), (2, 1): ("Bob", "Cat"), (2, 2): ("Dan", "Ann")}


@contextlib.contextmanager
def _database(tmp_path_factory):
    if TEST_DATABASE == "postgresql":
        with throwaway_database("umpire_bundle") as (url, _name):
            yield url
    else:
        yield f"sqlite:///{tmp_path_factory.mktemp('bundle') / 'umpire.sqlite3'}"


def _play(sessions, gid: str, moves: int, seed: int) -> None:
    """*moves* random legal moves of game *gid* through the service's move path."""
    picker = SeededChance(seed, context="picker")
    for _ in range(moves):
        with sessions() as s:
            state = G.get_game(s, gid).state
        role = engine.active_roles(state)[0]
        assert _move(sessions, gid, role, choose(engine.legal_actions(state, role), picker))["status"] == "accepted"


def _build(sessions) -> SimpleNamespace:
    director = new_token()
    tid = "T-B0B0B0"
    gids, tokens, rounds = {}, [], {}
    with sessions() as s, s.begin():
        s.add(Tournament(id=tid, name="Spring Open", game="palestine", scenarios=["standard"], options={},
                         rulings=[{"id": "D-1", "text": "a game not over by the deadline is adjudicated"}],
                         pairing="swiss", rounds_planned=2, points={"win": 2, "draw": 1},
                         director_token_hash=hash_token(director), director_email="td@example.org",
                         status="running"))
        for name, email in PLAYERS.items():
            s.add(TournamentPlayer(tournament_id=tid, name=name, email=email))
        for number in (1, 2):
            tables = [{"board": b, "seats": {"irgun": i, "british": br}}
                      for (r, b), (i, br) in sorted(TABLES.items()) if r == number]
            rnd = TournamentRound(tournament_id=tid, number=number, method="manual", scenario="standard",
                                  pairing={"tables": tables, "byes": []})
            s.add(rnd)
            s.flush()
            rounds[number] = rnd.id
        for (number, board), (irgun, british) in sorted(TABLES.items()):
            seats = [{"role": "irgun", "player": irgun, "email": PLAYERS[irgun]},
                     {"role": "british", "player": british, "email": PLAYERS[british]}]
            game, toks = G.create_game(s, "palestine", "standard", {}, seats, f"{tid} round {number} board {board}",
                                       umpire_token_hash=hash_token(director))
            tokens.extend(toks.values())
            gids[number, board] = game.id
            s.add(TournamentGame(tournament_id=tid, round_id=rounds[number], board=board, game_id=game.id,
                                 seats={"irgun": irgun, "british": british}))
    _play_to_end(sessions, gids[1, 1], seed=11)
    _play_to_end(sessions, gids[1, 2], seed=12)
    _play(sessions, gids[2, 1], 6, seed=21)
    _play(sessions, gids[2, 2], 4, seed=22)
    with sessions() as s, s.begin():
        control.abandon(s, G.get_game(s, gids[2, 1], lock=True), "Cat's house flooded")
        tg = s.query(TournamentGame).filter_by(game_id=gids[2, 1]).one()
        tg.ruling = {"status": "abandoned", "outcome": {"Bob": "draw", "Cat": "draw"}, "reason": "a flood"}
    return SimpleNamespace(tid=tid, director=director, gids=gids, tokens=tokens)


@pytest.fixture(scope="module")
def tour(tmp_path_factory):
    with _database(tmp_path_factory) as url:
        app = create_app({"DATABASE_URL": url, "REDIS_URL": "", "SWEEP_SECONDS": 0.5})
        try:
            sessions = app.extensions["umpire"]["sessions"]
            yield SimpleNamespace(**vars(_build(sessions)), app=app, url=url, sessions=sessions,
                                  client=app.test_client())
        finally:
            app.extensions["umpire"]["engine"].dispose()


def _bundle(tour, number=None) -> bytes:
    with tour.sessions() as s:
        return bundle(s, tour.tid, number)


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}


def _verify(tmp_path, data: bytes, *args, name="bundle.zip"):
    path = tmp_path / name
    path.write_bytes(data)
    return CliRunner().invoke(cli, ["verify", str(path), *args])


def _doctor_die(files: dict[str, bytes], gid: str) -> tuple[dict[str, bytes], int]:
    """*files* with one die's value changed in *gid*'s export; returns them and the die's position."""
    export = json.loads(files[f"games/{gid}.json"])
    move = next(m for m in export["moves"] if any(o["kind"] == "die" for o in m["outcomes"]))
    die = next(o for o in move["outcomes"] if o["kind"] == "die")
    die["value"] = 1 + die["value"] % die.get("sides", 6)
    return {**files, f"games/{gid}.json": dumps(export)}, move["seq"]


def _game_line(output: str, gid: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith(f"{gid} (")]
    assert len(lines) == 1, output
    return lines[0]


def test_the_bundle_holds_every_export_of_a_game_that_is_over_and_a_manifest(tour):
    data = _bundle(tour)
    assert data == _bundle(tour), "the same games give the same bytes"
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        infos = zf.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(names)
    assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
    over = [tour.gids[1, 1], tour.gids[1, 2], tour.gids[2, 1]]
    assert set(names) == {"manifest.json", *(f"games/{g}.json" for g in over)}
    files = _members(data)
    m = json.loads(files["manifest.json"])
    assert m["format"] == "umpire-bundle/1" and m["rounds"] == [1, 2]
    assert m["tournament"] == {
        "id": tour.tid, "name": "Spring Open", "game": "palestine", "scenarios": ["standard"], "options": {},
        "rulings": [{"id": "D-1", "text": "a game not over by the deadline is adjudicated"}],
        "points": {"win": 2, "draw": 1, "loss": 0.0, "bye": 1.0, "bye_buchholz": 0.0}}
    by_id = {g["id"]: g for g in m["games"]}
    assert [(g["round"], g["board"]) for g in m["games"]] == sorted(TABLES)
    with tour.sessions() as s:
        for (number, board), gid in tour.gids.items():
            entry, game = by_id[gid], s.get(Game, gid)
            irgun, british = TABLES[number, board]
            assert entry["seats"] == {"irgun": irgun, "british": british}
            assert (entry["round"], entry["board"]) == (number, board)
            assert entry["commitments"] == [k["commitment"] for k in G.keys(s, game)]
            if gid not in over:
                assert entry["status"] == "in play" and entry["export"] is None and entry["sha256"] is None
                assert entry["result"] is None and "seed is secret" in entry["note"]
                continue
            export = json.loads(files[entry["export"]])
            assert export == json.loads(json.dumps(G.export(s, game)))
            assert entry["sha256"] == hashlib.sha256(files[entry["export"]]).hexdigest()
            assert entry["result"] == export["outcome"] == (game.result or engine.outcome(game.state))
            assert entry["result"] and entry["game_status"] == game.status
            assert entry["commitments"] == [k["commitment"] for k in export["keys"]]
    assert by_id[tour.gids[1, 1]]["status"] == "finished"
    abandoned = by_id[tour.gids[2, 1]]
    assert abandoned["status"] == abandoned["game_status"] == "abandoned"
    assert abandoned["ruling"] == {"status": "abandoned", "outcome": {"Bob": "draw", "Cat": "draw"}, "reason": "a flood"}
    assert (m["exports"], m["in_play"]) == (3, 1)


def test_an_export_in_the_bundle_hides_nothing_any_more_and_the_bundle_holds_no_secret(tour):
    """Why the bundle is public: each export in it is of a game that is over, whose seeds are revealed and
    whose state is its last; and no token, token hash, address or unrevealed seed is anywhere in it."""
    files = _members(_bundle(tour))
    blob = b"".join(files.values())
    with tour.sessions() as s:
        for name, data in files.items():
            if name == "manifest.json":
                continue
            export = json.loads(data)
            game = s.get(Game, export["id"])
            assert game.status in ("finished", "abandoned") and game.revealed
            assert all(hashlib.sha256(bytes.fromhex(k["seed"])).hexdigest() == k["commitment"] for k in export["keys"])
            assert export["state"] == game.state and not G.hides_orders(game)
            assert [m["action"] for m in export["moves"]] == [m["action"] for m in G.move_log(s, game, None)]
        in_play = s.get(Game, tour.gids[2, 2])
        secrets_ = [open_seed(s, in_play).hex(), in_play.seed, tour.director, hash_token(tour.director),
                    "td@example.org", *PLAYERS.values()]
    for t in tour.tokens:
        secrets_ += [t, hash_token(t)]
    for secret in secrets_:
        assert secret.encode() not in blob


def test_a_round_bundle_holds_only_that_rounds_games(tour):
    for number in (1, 2):
        files = _members(_bundle(tour, number))
        m = json.loads(files["manifest.json"])
        ours = {gid for (r, _b), gid in tour.gids.items() if r == number}
        assert m["rounds"] == [number] and m["scope"] == f"round {number}"
        assert {g["id"] for g in m["games"]} == ours and {g["round"] for g in m["games"]} == {number}
        assert {n for n in files if n.startswith("games/")} <= {f"games/{g}.json" for g in ours}
    assert len([n for n in _members(_bundle(tour, 1)) if n.startswith("games/")]) == 2


def test_anyone_downloads_the_bundle_the_director_gets_the_same_and_a_wrong_token_is_refused(tour):
    c = tour.client
    public = c.get(f"/api/tournaments/{tour.tid}/bundle")
    assert public.status_code == 200 and public.mimetype == "application/zip"
    assert public.headers["Content-Disposition"] == f'attachment; filename="{tour.tid}-bundle.zip"'
    assert public.data == _bundle(tour)
    director = c.get(f"/api/tournaments/{tour.tid}/bundle", headers={"Authorization": f"Bearer {tour.director}"})
    assert director.status_code == 200 and director.data == public.data
    rnd = c.get(f"/api/tournaments/{tour.tid}/rounds/1/bundle")
    assert rnd.status_code == 200 and rnd.data == _bundle(tour, 1)
    assert rnd.headers["Content-Disposition"] == f'attachment; filename="{filename(tour.tid, 1)}"'
    assert filename(tour.tid, 1) == f"{tour.tid}-round-1-bundle.zip"

    forged = c.get(f"/api/tournaments/{tour.tid}/bundle", headers={"Authorization": f"Bearer {tour.tokens[0]}"})
    assert forged.status_code == 401 and forged.json["code"] == "bad-director-token"
    assert tour.tid in forged.json["message"]
    missing = c.get(f"/api/tournaments/{tour.tid}/rounds/7/bundle")
    assert missing.status_code == 404 and missing.json["code"] == "no-such-round"
    assert "its rounds are 1, 2" in missing.json["message"]
    nobody = c.get("/api/tournaments/T-000000/bundle")
    assert nobody.status_code == 404 and "T-000000" in nobody.json["message"]


def test_umpire_tournament_bundle_writes_the_zip_and_verify_says_ok(tour, tmp_path):
    out = tmp_path / "r1.zip"
    runner = CliRunner()
    res = runner.invoke(cli, ["tournament", "bundle", tour.tid, "--round", "1", "-o", str(out)],
                        env={"DATABASE_URL": tour.url, "REDIS_URL": ""})
    assert res.exit_code == 0, res.output
    assert "round 1" in res.output and "2 game(s), 2 with their export, 0 not over yet" in res.output
    assert out.read_bytes() == _bundle(tour, 1)
    res = runner.invoke(cli, ["verify", str(out)])
    assert res.exit_code == 0, res.output
    for board in (1, 2):
        line = _game_line(res.stdout, tour.gids[1, board])
        assert ": OK: " in line and f"round 1, board {board}" in line
    assert "OK: all 2 game(s) verify" in res.stdout
    assert "Verifying the games" in res.stderr  # the progress bar (its label, on a stream that is no terminal)
    quiet = runner.invoke(cli, ["verify", "--quiet", str(out)])
    assert quiet.exit_code == 0 and quiet.stderr == ""

    bad = runner.invoke(cli, ["tournament", "bundle", tour.tid, "--round", "5", "-o", str(tmp_path / "x.zip")],
                        env={"DATABASE_URL": tour.url, "REDIS_URL": ""})
    assert bad.exit_code == 1 and "no round 5" in bad.output and not (tmp_path / "x.zip").exists()


def test_the_whole_bundle_is_not_yet_checkable_while_a_game_is_in_play(tour, tmp_path):
    res = _verify(tmp_path, _bundle(tour), "-q")
    assert res.exit_code == 3, res.output
    assert ": NOT YET: in play" in _game_line(res.stdout, tour.gids[2, 2])
    for key in ((1, 1), (1, 2), (2, 1)):
        assert ": OK: " in _game_line(res.stdout, tour.gids[key])
    assert f"cannot be checked yet (their seeds are not revealed): {tour.gids[2, 2]}" in res.stdout


def test_a_doctored_outcome_with_its_hash_updated_is_caught_by_the_replay_naming_game_and_position(tour, tmp_path):
    files = _members(_bundle(tour, 1))
    bad_gid, good_gid = tour.gids[1, 2], tour.gids[1, 1]
    files, seq = _doctor_die(files, bad_gid)
    m = json.loads(files["manifest.json"])
    for g in m["games"]:
        if g["id"] == bad_gid:
            g["sha256"] = hashlib.sha256(files[g["export"]]).hexdigest()
    files["manifest.json"] = dumps(m)
    res = _verify(tmp_path, write_zip(files), "-q")
    assert res.exit_code == 1, res.output
    line = _game_line(res.stdout, bad_gid)
    assert f": FAILED: position {seq}: " in line and "the seed gives" in line
    assert ": OK: " in _game_line(res.stdout, good_gid)
    assert "FAILED: 1 game(s) do not verify:" in res.stdout and f"  {bad_gid} (round 1, board 2):" in res.stdout
    assert "SHA-256" not in res.stdout  # the manifest's checks pass: only the dice and the replay find it


def test_a_doctored_file_whose_hash_no_longer_matches_is_named_with_its_position(tour, tmp_path):
    files, seq = _doctor_die(_members(_bundle(tour, 1)), tour.gids[1, 1])
    res = _verify(tmp_path, write_zip(files), "-q")
    assert res.exit_code == 1, res.output
    line = _game_line(res.stdout, tour.gids[1, 1])
    assert f": FAILED: position {seq}: " in line
    assert f"games/{tour.gids[1, 1]}.json's SHA-256 is" in res.stdout and "the manifest states" in res.stdout
    assert ": OK: " in _game_line(res.stdout, tour.gids[1, 2])


def test_the_manifest_is_checked_against_each_export(tour, tmp_path):
    """A commitment or a result that the manifest misstates, an export missing, and a file the manifest does
    not list: each fails, naming its game (or file), and every failure is listed at the end."""
    files = _members(_bundle(tour))
    m = json.loads(files["manifest.json"])
    by_id = {g["id"]: g for g in m["games"]}
    by_id[tour.gids[1, 1]]["commitments"] = ["00" * 32]
    by_id[tour.gids[2, 1]]["result"] = {"winner": "irgun", "reason": "the director says so"}
    del files[f"games/{tour.gids[1, 2]}.json"]
    files["games/G-EXTRA1.json"] = b"{}"
    files["manifest.json"] = dumps(m)
    res = _verify(tmp_path, write_zip(files), "-q")
    assert res.exit_code == 1, res.output
    assert "the manifest states the commitments" in _game_line(res.stdout, tour.gids[1, 1])
    assert "the manifest states the result" in _game_line(res.stdout, tour.gids[2, 1])
    assert f"the bundle has no games/{tour.gids[1, 2]}.json" in _game_line(res.stdout, tour.gids[1, 2])
    assert "games/G-EXTRA1.json: FAILED: the manifest does not list it" in res.stdout
    assert "FAILED: 3 game(s) do not verify, 1 file(s) not listed:" in res.stdout


def test_a_bundle_with_a_path_outside_it_is_refused_before_anything_is_checked(tour, tmp_path):
    files = _members(_bundle(tour, 1))
    buf = io.BytesIO(write_zip(files))
    with zipfile.ZipFile(buf, "a") as zf:
        zf.writestr("../x", b"escaped")
    res = _verify(tmp_path, buf.getvalue())
    assert res.exit_code == 1
    assert "refused as a tournament bundle" in res.output and "'../x'" in res.output
    assert "OK" not in res.output and not (tmp_path.parent / "x").exists()


def test_random_rezipping_keeps_the_verdict(tour, tmp_path):
    """A zip tool's folder entry and another member order (a player who unzipped and zipped it again) are
    read the same: the manifest and the hashes are of the files, not of the zip."""
    files = _members(_bundle(tour, 1))
    names = list(files)
    random.Random(3).shuffle(names)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr(zipfile.ZipInfo("games/"), b"")
        for n in names:
            zf.writestr(n, files[n])
    res = _verify(tmp_path, buf.getvalue(), "-q")
    assert res.exit_code == 0, res.output


def test_contents_name_each_member_by_its_game(tour):
    with tour.sessions() as s:
        files = contents(s, tour.tid, 2)
    assert set(files) == {"manifest.json", f"games/{tour.gids[2, 1]}.json"}
