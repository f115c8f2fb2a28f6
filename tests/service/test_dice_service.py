"""Trusted dice through the service (issue 4): commitment, binding, reveal, export and offline verify."""

from __future__ import annotations

import hashlib
import json

from click.testing import CliRunner

import engine
from engine.core import dice
from engine.core.chance import SeededChance
from engine.playout import choose
from service import adjudication
from service import games as G
from service.models import Game, Move, Submission
from service.seeds import open_seed
from umpire_cli.main import cli


def _new(sessions, **kw):
    with sessions() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", "standard", {}, kw.get("seats"), "t")
        return game.id, tokens


def _move(sessions, gid, role, text):
    """One move, stating the position it is written at (the same orders twice in a row are two moves)."""
    with sessions() as s, s.begin():
        game = G.get_game(s, gid)
        sub, _ = adjudication.store(s, game.id, f"after {game.seq}\n{text}", "text/plain", role=role)
        sid = sub["id"]
    adjudication.adjudicate(sessions, sid)
    with sessions() as s:
        return adjudication.submission_status(s, sid)


def _game(sessions, gid) -> Game:
    with sessions() as s:
        return G.get_game(s, gid)


def _play_to_end(sessions, gid, seed=1):
    picker = SeededChance(seed, context="picker")
    for _ in range(5000):
        state = _game(sessions, gid).state
        if engine.outcome(state):
            return state
        role = engine.active_roles(state)[0]
        out = _move(sessions, gid, role, choose(engine.legal_actions(state, role), picker))
        assert out["status"] == "accepted", out
    raise AssertionError("the game did not end")


def test_commitment_at_creation_matches_the_seed_revealed_at_the_end(client, sessions):
    r = client.post("/api/games", json={"game": "palestine"})
    gid, commitment = r.json["id"], r.json["commitment"]
    d = client.get(f"/api/games/{gid}/dice").json
    assert d["seed"] is None and d["commitment"] == commitment and not d["revealed"]
    _play_to_end(sessions, gid)
    d = client.get(f"/api/games/{gid}/dice").json
    assert d["revealed"] and hashlib.sha256(bytes.fromhex(d["seed"])).hexdigest() == commitment
    log = client.get(f"/api/games/{gid}/log").json
    assert [e["kind"] for e in log["events"]] == ["seed-revealed"]


def test_finished_game_export_verifies_and_tampered_copies_fail(client, sessions, tmp_path):
    r = client.post("/api/games", json={"game": "palestine"})
    gid, umpire = r.json["id"], r.json["tokens"]["umpire"]
    _play_to_end(sessions, gid, seed=2)
    export = client.get(f"/api/games/{gid}/export", headers={"Authorization": f"Bearer {umpire}"}).json
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    runner = CliRunner()
    ok = runner.invoke(cli, ["verify", str(path)])
    assert ok.exit_code == 0, ok.output
    assert "OK" in ok.output and "replayed" in ok.output

    rolled = [m for m in export["moves"] if any(o["kind"] == "die" for o in m["outcomes"])]
    bad = json.loads(json.dumps(export))
    m = next(x for x in bad["moves"] if x["seq"] == rolled[0]["seq"])
    die = next(o for o in m["outcomes"] if o["kind"] == "die")
    die["value"] = 1 + die["value"] % 6
    (tmp_path / "bad1.json").write_text(json.dumps(bad))
    res = runner.invoke(cli, ["verify", str(tmp_path / "bad1.json")])
    assert res.exit_code == 1 and f"action {m['seq']}" in res.output and "the seed gives" in res.output

    bad = json.loads(json.dumps(export))
    first = next(x for x in bad["moves"] if x["seq"] == 1)
    first["action"] = "box limited" if first["action"] != "box limited" else "box event"
    (tmp_path / "bad2.json").write_text(json.dumps(bad))
    res = runner.invoke(cli, ["verify", str(tmp_path / "bad2.json")])
    assert res.exit_code == 1 and "different history" in res.output

    bad = json.loads(json.dumps(export))
    bad["seed"] = bad["keys"][-1]["seed"] = "11" * 32
    (tmp_path / "bad3.json").write_text(json.dumps(bad))
    res = runner.invoke(cli, ["verify", str(tmp_path / "bad3.json")])
    assert res.exit_code == 1 and "does not match the commitment" in res.output


def test_unrevealed_dice_file_cannot_be_verified_yet(client, tmp_path):
    gid = client.post("/api/games", json={"game": "palestine"}).json["id"]
    path = tmp_path / "dice.json"
    path.write_text(json.dumps(client.get(f"/api/games/{gid}/dice").json))
    res = CliRunner().invoke(cli, ["verify", str(path)])
    assert res.exit_code == 3 and "not revealed" in res.output


def test_setup_shuffles_nothing_and_a_reveal_goes_on_under_a_new_commitment(client, sessions):
    """Issue 22, attacks 2 and 5: a new game's setup draws no hidden order (cards are drawn as the rules
    reveal them), and a seed revealed mid-game is followed at once by a new one, committed in the log."""
    r = client.post("/api/games", json={"game": "palestine"})
    gid, umpire = r.json["id"], r.json["tokens"]["umpire"]
    setup = client.get(f"/api/games/{gid}/dice").json["moves"][0]
    assert setup["action"] == "setup" and not any(o["kind"] == "shuffle" for o in setup["outcomes"])
    res = client.post(f"/api/games/{gid}/reveal", headers={"Authorization": f"Bearer {umpire}"})
    assert res.status_code == 200 and hashlib.sha256(bytes.fromhex(res.json["seed"])).hexdigest() == r.json["commitment"]
    assert res.json["commitment"] != r.json["commitment"] and res.json["status"] == "active"
    rec = client.get(f"/api/games/{gid}/dice").json
    assert [k["commitment"] for k in rec["keys"]] == [r.json["commitment"], res.json["commitment"]]
    assert rec["keys"][0]["seed"] == res.json["seed"] and rec["keys"][1]["seed"] is None and not rec["revealed"]
    assert [e["kind"] for e in rec["events"]] == ["seed-revealed", "rekeyed"]
    assert client.post(f"/api/games/{gid}/reveal", headers={"Authorization": f"Bearer {r.json['tokens']['irgun']}"}).status_code == 403


def test_rejected_then_corrected_move_gets_the_dice_it_would_have_got(sessions):
    gid, _ = _new(sessions)
    with sessions() as s:  # games.seed is sealed (issue 22, attack 5): the service opens it
        seed = open_seed(s, G.get_game(s, gid))
    with sessions() as s:  # the preview first: it stops before the die and commits nothing
        v = adjudication.evaluate(s, G.get_game(s, gid), "irgun", "box opsa\nop sabotage\nspace galilee\nroll\n",
                                  "text/plain", preview=True)[0]
    assert v["status"] == "preview-stopped" and v["error"]["line"] == 4
    out = _move(sessions, gid, "irgun", "box opsa\nop sabotage\nspace galilee\nspace nowhere\nroll\n")
    assert out["status"] == "rejected" and out["verdict"]["error"]["line"] == 4
    with sessions() as s:
        assert s.query(Move).filter_by(game_id=gid).count() == 1  # only the setup
    g = _game(sessions, gid)
    assert g.seq == 0 and g.digest == dice.first_digest(gid)
    out = _move(sessions, gid, "irgun", "box opsa\nop sabotage\nspace galilee\nroll\n")
    assert out["status"] == "accepted"
    with sessions() as s:
        roll = s.query(Move).filter_by(game_id=gid, seq=4).one()
    d = dice.first_digest(gid)
    for a in ("box opsa", "op sabotage", "space galilee"):
        d = dice.next_digest(d, "irgun", a)
    rec = roll.outcomes[0]
    assert rec["n"] == 4 and rec["k"] == 0 and rec["digest"] == d
    assert rec["value"] == dice.recompute(seed, gid, {"n": 4, "k": 0, "digest": d, "entropy": "",
                                                      "kind": "die", "sides": 6})


def test_preview_and_rejected_moves_produce_no_outcome(client, sessions):
    r = client.post("/api/games", json={"game": "palestine"})
    gid, tok = r.json["id"], r.json["tokens"]["irgun"]
    h = {"Authorization": f"Bearer {tok}", "Content-Type": "text/plain"}
    v = client.post(f"/api/games/{gid}/check", data="box opsa\nop sabotage\nspace galilee\nroll\n", headers=h).json
    assert v["status"] == "preview-stopped" and v["error"]["line"] == 4
    with sessions() as s:
        assert s.query(Move).filter_by(game_id=gid).count() == 1
        assert s.query(Submission).filter_by(game_id=gid).count() == 0
    assert _game(sessions, gid).seq == 0


def test_replayed_submission_does_not_roll_again(sessions):
    """A submission sent again (same Idempotency-Key) or adjudicated again (a task run twice) rolls nothing."""
    gid, _ = _new(sessions)
    text = "box opsa\nop sabotage\nspace galilee\nroll\n"
    with sessions() as s, s.begin():
        sub, new = adjudication.store(s, gid, text, "text/plain", key="k-1", role="irgun")
        sid = sub["id"]
    assert new
    adjudication.adjudicate(sessions, sid)
    with sessions() as s:
        before = [(m.seq, m.outcomes) for m in s.query(Move).filter_by(game_id=gid).order_by(Move.seq)]
    assert adjudication.adjudicate(sessions, sid) == "accepted"          # the task runs again
    with sessions() as s, s.begin():
        again, new = adjudication.store(s, gid, text, "text/plain", key="k-1", role="irgun")
    assert not new and again["id"] == sid                                    # the client retries
    adjudication.adjudicate(sessions, again["id"])
    with sessions() as s:
        after = [(m.seq, m.outcomes) for m in s.query(Move).filter_by(game_id=gid).order_by(Move.seq)]
    assert before == after and _game(sessions, gid).seq == 4


def test_seat_entropy_at_creation_and_first_move(sessions):
    gid, _ = _new(sessions, seats=[{"role": "irgun", "entropy": "ann"}, {"role": "british"}])
    assert _game(sessions, gid).seq == 0
    first = json.dumps({"format": "umpire-move/1", "role": "irgun", "after": 0, "entropy": "again",
                        "actions": ["box opsa"]})
    with sessions() as s, s.begin():
        sub, _ = adjudication.store(s, gid, first, "application/json", role="irgun")
        sid = sub["id"]
    adjudication.adjudicate(sessions, sid)
    with sessions() as s:
        out = adjudication.submission_status(s, sid)
    assert out["status"] == "rejected" and "once" in out["verdict"]["error"]["message"]
    out = _move(sessions, gid, "irgun", "box opsa\nop sabotage\nspace galilee\nroll\ndone\ndone\n")
    brit = json.dumps({"format": "umpire-move/1", "role": "british", "entropy": "bob-42", "actions": ["box event"]})
    with sessions() as s, s.begin():
        sub, _ = adjudication.store(s, gid, brit, "application/json", role="british")
        sid = sub["id"]
    adjudication.adjudicate(sessions, sid)
    with sessions() as s:
        assert adjudication.submission_status(s, sid)["status"] == "accepted"
        from service.models import Seat
        assert s.query(Seat).filter_by(game_id=gid, role="british").one().entropy == "bob-42"
