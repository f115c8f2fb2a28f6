"""Umpire tools (issue 8) through the JSON API and the CLI: pause and resume, replacing a seat's player,
resignation and abandonment, the rulings in force, rollback to position N with the undone moves kept
and their dice superseded, export and import.

No worker runs: the queue is a list and the worker's function (``adjudication.adjudicate``) is called
directly. Moves are single random legal actions (``engine.playout.choose``) so games reach dice quickly.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

import engine
from engine.core import canonical, dice
from engine.core.chance import SeededChance
from engine.core.verify import verify
from engine.playout import choose
from service import adjudication
from service import games as G
from service.models import Game, Move, Seat, Submission, UndoneMove
from service.reports import documents
from tests.service.test_api import assert_error, auth, post_text
from umpire_app.web import create_app
from umpire_cli.main import cli


def chain(gid: str, moves: list[dict]) -> str:
    """The digest of *moves* alone, as the chain was before issue 22 reset it on a rollback."""
    d = dice.first_digest(gid)
    for m in moves:
        if m["seq"] > 0:
            d = dice.next_digest(d, m["role"], m["action"])
    return d

ROOT = Path(__file__).resolve().parents[2]
FIRST = "box opsa\nop sabotage\nspace galilee\n"  # three legal Irgun orders, no chance


@pytest.fixture(autouse=True)
def queued(app):
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def new_game(client) -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": "palestine", "seats": [
        {"role": "irgun", "player": "Ann"}, {"role": "british", "player": "Bob"}]})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.json["id"], r.json["tokens"]


def move(client, sessions, gid, token, text) -> dict:
    """One move stating the position it is written at (so the same orders twice in a row are two moves)."""
    r = post_text(client, gid, token, text, query=f"?after={game_row(sessions, gid).seq}")
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.json["id"])
    return client.get(f"/api/submissions/{r.json['id']}").json


def game_row(sessions, gid) -> Game:
    with sessions() as s:
        return G.get_game(s, gid)


def play(client, sessions, gid, tokens, actions: int, seed: int = 1) -> dict[int, str]:
    """Plays *actions* random legal actions, one a move; returns the state hash at each position."""
    picker = SeededChance(seed, context="umpire-tools")
    hashes = {0: canonical.digest(game_row(sessions, gid).state)}
    for _ in range(actions):
        state = game_row(sessions, gid).state
        if engine.outcome(state):
            break
        role = engine.active_roles(state)[0]
        out = move(client, sessions, gid, tokens[role], choose(engine.legal_actions(state, role), picker))
        assert out["status"] == "accepted", out
        g = game_row(sessions, gid)
        hashes[g.seq] = canonical.digest(g.state)
    return hashes


def umpire_post(client, gid, tokens, act, **body):
    return client.post(f"/api/games/{gid}/{act}", json=body, headers=auth(tokens["umpire"]))


def events(client, gid) -> list[dict]:
    return client.get(f"/api/games/{gid}/log").json["events"]


# -------------------------------------------------------------------------------------- pause / resume


def test_pause_refuses_moves_and_previews_until_resumed(client, sessions):
    gid, tokens = new_game(client)
    r = umpire_post(client, gid, tokens, "pause", reason="dispute over Galilee")
    assert r.status_code == 200 and r.json["status"] == "paused", r.json
    e = assert_error(post_text(client, gid, tokens["irgun"], FIRST), 409, "paused")
    assert "paused" in e["message"] and "resume" in e["message"]
    assert_error(post_text(client, gid, tokens["irgun"], FIRST, "check"), 409, "paused")
    assert game_row(sessions, gid).seq == 0
    with sessions() as s:
        assert s.scalar(select(func.count()).select_from(Submission).where(Submission.game_id == gid)) == 0
    assert_error(umpire_post(client, gid, tokens, "pause"), 409, "paused")

    r = umpire_post(client, gid, tokens, "resume", reason="ruled")
    assert r.status_code == 200 and r.json["status"] == "active"
    assert move(client, sessions, gid, tokens["irgun"], FIRST)["status"] == "accepted"
    assert_error(umpire_post(client, gid, tokens, "resume"), 409, "not-paused")
    evs = events(client, gid)
    assert [(e["kind"], e["by"], e["at_seq"], e["data"]["reason"]) for e in evs] == [
        ("paused", "umpire", 0, "dispute over Galilee"), ("resumed", "umpire", 0, "ruled")]
    text = client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    assert "[after 0] umpire: paused the game (reason: dispute over Galilee)" in text
    assert "[after 0] umpire: resumed the game (reason: ruled)" in text


def test_a_move_queued_before_the_pause_is_refused_by_the_worker(client, sessions):
    gid, tokens = new_game(client)
    r = post_text(client, gid, tokens["irgun"], FIRST)
    assert r.status_code == 202 and r.json["status"] == "queued"
    assert umpire_post(client, gid, tokens, "pause").status_code == 200
    adjudication.adjudicate(sessions, r.json["id"])
    out = client.get(f"/api/submissions/{r.json['id']}").json
    assert out["status"] == "rejected" and out["verdict"]["error"]["code"] == "paused", out
    g = game_row(sessions, gid)
    assert g.seq == 0 and g.status == "paused"


# ------------------------------------------------------------------------------- who may do umpire acts


UMPIRE_ACTS = [("pause", {}), ("resume", {}), ("abandon", {}), ("rollback", {"to": 0}),
               ("replace-seat", {"role": "irgun", "player": "Eve"}), ("resign", {"role": "british"})]


@pytest.mark.parametrize("act, body", UMPIRE_ACTS)
def test_a_seat_token_cannot_do_an_umpire_act_and_no_token_is_401(client, sessions, act, body):
    gid, tokens = new_game(client)
    move(client, sessions, gid, tokens["irgun"], FIRST)
    before = game_row(sessions, gid)
    # The Irgun's token may resign only the Irgun; every other act is the umpire's.
    r = client.post(f"/api/games/{gid}/{act}", json=body, headers=auth(tokens["irgun"]))
    assert_error(r, 403, "forbidden")
    assert_error(client.post(f"/api/games/{gid}/{act}", json=body), 401, "unauthorized")
    assert_error(client.post(f"/api/games/{gid}/{act}", json=body, headers=auth("forged")), 401, "unauthorized")
    after = game_row(sessions, gid)
    assert (after.seq, after.status, after.revealed, after.result) == (before.seq, before.status, False, None)
    assert events(client, gid) == []
    assert_error(client.get(f"/api/games/{gid}/export", headers=auth(tokens["irgun"])), 403, "forbidden")


# ------------------------------------------------------------------------------------------ seats


def test_replace_seat_gives_a_new_token_and_revokes_the_old(client, sessions):
    gid, tokens = new_game(client)
    r = umpire_post(client, gid, tokens, "replace-seat", role="irgun", player="Carol", reason="Ann left the club")
    assert r.status_code == 200, r.json
    new = r.json["token"]
    assert r.json["role"] == "irgun" and r.json["player"] == "Carol" and new not in tokens.values()
    assert_error(post_text(client, gid, tokens["irgun"], FIRST), 401, "unauthorized")
    assert move(client, sessions, gid, new, FIRST)["status"] == "accepted"
    with sessions() as s:
        seat = s.scalars(select(Seat).where(Seat.game_id == gid, Seat.role == "irgun")).one()
        assert seat.player == "Carol" and new not in json.dumps(G.export(s, G.get_game(s, gid)))
    (ev,) = events(client, gid)
    assert (ev["kind"], ev["by"], ev["data"]["role"], ev["data"]["player_before"], ev["data"]["player"]) == (
        "seat-replaced", "umpire", "irgun", "Ann", "Carol")
    assert_error(umpire_post(client, gid, tokens, "replace-seat", role="hagana"), 422, "invalid")


def test_replace_seat_over_http_keeps_the_player_of_a_lost_token(client, sessions):
    """Issue 27: a seat given no ``player`` or ``email`` keeps its own (a lost token, not a new player), as
    ``umpire replace-seat`` does; the umpire's own token is not a seat over HTTP (the command line replaces
    it: tests/service/test_cli_authority.py)."""
    r = client.post("/api/games", json={"game": "palestine", "seats": [
        {"role": "irgun", "player": "Ann", "email": "ann@example.org"}, {"role": "british", "player": "Bob"}]})
    gid, tokens = r.json["id"], r.json["tokens"]
    r = umpire_post(client, gid, tokens, "replace-seat", role="irgun", reason="Ann lost her token")
    assert r.status_code == 200 and r.json["player"] == "Ann", r.json
    with sessions() as s:
        seat = s.scalars(select(Seat).where(Seat.game_id == gid, Seat.role == "irgun")).one()
        assert (seat.player, seat.email) == ("Ann", "ann@example.org")
    assert move(client, sessions, gid, r.json["token"], FIRST)["status"] == "accepted"
    assert_error(post_text(client, gid, tokens["irgun"], FIRST), 401, "unauthorized")
    assert_error(umpire_post(client, gid, tokens, "replace-seat", role="umpire"), 422, "invalid")


# ---------------------------------------------------------------------------------- resign / abandon


def test_a_seat_resigns_itself_the_game_ends_and_the_seed_is_revealed(client, sessions):
    gid, tokens = new_game(client)
    assert_error(client.post(f"/api/games/{gid}/resign", json={"role": "british"},
                             headers=auth(tokens["irgun"])), 403, "forbidden")
    assert_error(client.post(f"/api/games/{gid}/resign", json={"reason": "hopeless"},
                             headers=auth(tokens["irgun"])), 422, "invalid")
    r = client.post(f"/api/games/{gid}/resign", json={"role": "irgun", "reason": "hopeless"},
                    headers=auth(tokens["irgun"]))
    assert r.status_code == 200, r.json
    assert r.json["status"] == "finished" and r.json["outcome"]["winner"] == "british"
    view = client.get(f"/api/games/{gid}").json
    assert view["outcome"]["winner"] == "british" and view["waiting_for"] == [] and view["prompts"] == {}
    dice_rec = client.get(f"/api/games/{gid}/dice").json
    assert dice_rec["revealed"] and dice_rec["seed"] == r.json["seed"]
    assert_error(post_text(client, gid, tokens["irgun"], FIRST), 409, "game-over")
    assert_error(post_text(client, gid, tokens["british"], "box event", "check"), 409, "game-over")
    kinds = [(e["kind"], e["by"]) for e in events(client, gid)]
    assert kinds == [("resigned", "irgun"), ("seed-revealed", "service")]
    assert_error(umpire_post(client, gid, tokens, "abandon"), 409, "game-over")
    assert_error(umpire_post(client, gid, tokens, "rollback", to=0), 409, "game-over")


def test_the_umpire_resigns_a_seat_it_names(client, sessions):
    gid, tokens = new_game(client)
    assert_error(umpire_post(client, gid, tokens, "resign"), 422, "invalid")
    r = umpire_post(client, gid, tokens, "resign", role="british", reason="no-show")
    assert r.status_code == 200 and r.json["outcome"] == {"winner": "irgun", "reason": "british resigned",
                                                          "resigned": "british"}
    assert events(client, gid)[0]["by"] == "umpire"


def test_abandon_ends_the_game_with_no_winner(client, sessions):
    gid, tokens = new_game(client)
    r = umpire_post(client, gid, tokens, "abandon", reason="venue closed")
    assert r.status_code == 200 and r.json["status"] == "abandoned"
    assert r.json["outcome"] == {"winner": None, "reason": "abandoned by the umpire: venue closed"}
    assert game_row(sessions, gid).revealed
    assert_error(post_text(client, gid, tokens["irgun"], FIRST), 409, "game-over")
    text = client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    assert "umpire: abandoned the game (reason: venue closed)" in text


# ---------------------------------------------------------------------------------------------- rulings


def test_rulings_in_force_with_rule_numbers_text_and_provenance(client, sessions):
    gid, _tokens = new_game(client)
    r = client.get(f"/api/games/{gid}/rulings")
    assert r.status_code == 200
    b = r.json
    data = json.loads((ROOT / "engine/games/palestine/data/rulings.json").read_text(encoding="utf-8"))["rulings"]
    assert [x["id"] for x in b["rulings"]] == [x["id"] for x in data]
    first = b["rulings"][0]
    assert first == {"id": data[0]["id"], "rule": data[0]["rule"], "text": data[0]["ruling"],
                     "provenance": "ruling"}
    assert b["rules_edition"] == engine.definition("palestine").rules_version and b["engine_version"] and re.fullmatch(r"[0-9a-f]{16}", b["data_version"])
    assert game_row(sessions, gid).data_version == b["data_version"]
    assert_error(client.get("/api/games/G-000000/rulings"), 404, "not-found")
    with sessions() as s:
        html = documents.report_html(s, G.get_game(s, gid))
    assert "Rulings in force" in html and data[3]["id"] in html and data[3]["rule"] in html
    assert f"data version {b['data_version']}" in html


def test_1_3_an_inferred_edge_corrected_at_creation_is_a_ruling_of_the_game_and_changes_legality(client, sessions):
    """Issue 8, part 1: the umpire with the physical board removes the inferred Samaria-Lydda edge of Arab
    Revolt; the game lists it among its rulings, keeps it in its state, and an export replays with it."""
    over = {"remove": [["samaria", "lydda"]], "citation": "the umpire's copy of the printed board"}
    r = client.post("/api/games", json={"game": "arab-revolt", "options": {"map": over}})
    assert r.status_code == 201, r.json
    gid = r.json["id"]
    rows = client.get(f"/api/games/{gid}/rulings").json["rulings"]
    mine = [x for x in rows if x["id"].startswith("MAP-")]
    assert mine == [{"id": "MAP-REMOVED-lydda-samaria", "rule": "1.3",
                     "text": "lydda and samaria are not adjacent in this game (edge removed by the umpire at creation)",
                     "provenance": "umpire: the umpire's copy of the printed board"}]
    with sessions() as s:
        assert G.get_game(s, gid).state["map"]["remove"] == [["lydda", "samaria"]]
    for bad, why in (({"remove": [["samaria", "jerusalem-city"]], "citation": "x"}, "not adjacent on the map"),
                     ({"remove": [["rail-haifa", "samaria"]], "citation": "x"}, "not inferred"),
                     ({"remove": [["samaria", "lydda"]]}, "needs a citation")):
        r = client.post("/api/games", json={"game": "arab-revolt", "options": {"map": bad}})
        assert r.status_code == 400 and r.json["message"].startswith("map option: ") and why in r.json["message"]


def test_an_umpire_chooses_the_other_reading_of_a_ruling_at_creation(client):
    """Issue 8, part 1: R-P32 offers two readings; the rulings list shows the choices, the one in force
    and who chose it."""
    plain = client.post("/api/games", json={"game": "palestine"}).json["id"]
    row = next(x for x in client.get(f"/api/games/{plain}/rulings").json["rulings"] if x["id"] == "R-P32")
    assert row["choice"] == "natural" and set(row["choices"]) == {"natural", "modified"}
    assert row["provenance"] == "ruling" and row["text"] == row["choices"]["natural"]
    r = client.post("/api/games", json={"game": "palestine", "options": {"rulings": {"R-P32": "modified"}}})
    assert r.status_code == 201, r.json
    row = next(x for x in client.get(f"/api/games/{r.json['id']}/rulings").json["rulings"] if x["id"] == "R-P32")
    assert row["choice"] == "modified" and row["provenance"] == "umpire's choice at creation"
    assert row["text"] == row["choices"]["modified"] and "after its modifiers" in row["text"]
    r = client.post("/api/games", json={"game": "palestine", "options": {"rulings": {"R-P32": "rounded"}}})
    assert r.status_code == 400 and r.json["message"].startswith("rulings option: R-P32 may be natural, modified")


def test_a_game_made_with_the_umpires_choices_verifies_and_imports_with_them(client, sessions):
    """The choices at creation are game options: the dice record and the export carry them, so `umpire
    verify` and an import replay the game with the same map and readings."""
    opts = {"rulings": {"R-P32": "modified"},
            "map": {"remove": [["galilee", "samaria"]], "citation": "the umpire's board"}}
    r = client.post("/api/games", json={"game": "palestine", "options": opts})
    assert r.status_code == 201, r.json
    gid, tokens = r.json["id"], r.json["tokens"]
    play(client, sessions, gid, tokens, 30)
    assert client.post(f"/api/games/{gid}/reveal", headers=auth(tokens["umpire"])).status_code == 200
    record = client.get(f"/api/games/{gid}/dice").json
    assert record["options"] == opts
    rep = verify(record)
    assert rep.ok and rep.outcomes > 0, rep.problems
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    assert export["options"] == opts and verify(export).ok


# --------------------------------------------------------------------------------------------- rollback


def test_rollback_keeps_the_undone_moves_restores_the_position_and_verifies(client, sessions, tmp_path):
    gid, tokens = new_game(client)
    hashes = play(client, sessions, gid, tokens, 40)
    top, head = game_row(sessions, gid).seq, game_row(sessions, gid).digest
    with sessions() as s:
        rolled = [m.seq for m in s.scalars(select(Move).where(Move.game_id == gid, Move.seq > 0)) if m.outcomes]
    assert rolled, "the random play should have rolled a die"
    to = rolled[0] - 1  # just before the first die
    with sessions() as s:
        undone_before = [(m.seq, m.role, m.action, m.outcomes) for m in
                         s.scalars(select(Move).where(Move.game_id == gid, Move.seq > to).order_by(Move.seq))]
    r = umpire_post(client, gid, tokens, "rollback", to=to, reason="wrong card played")
    assert r.status_code == 200, r.json
    assert (r.json["seq"], r.json["from_seq"], r.json["undone"]) == (to, top, top - to)
    sup = r.json["superseded"]
    assert sup and {o["seq"] for o in sup} <= {x[0] for x in undone_before}
    assert any(o["seq"] == rolled[0] and o["kind"] in ("die", "draw") for o in sup)

    g = game_row(sessions, gid)
    assert g.seq == to and canonical.digest(g.state) == hashes[to], "the position is the one at N again"
    with sessions() as s:
        kept = [{"seq": m.seq, "role": m.role, "action": m.action} for m in
                s.scalars(select(Move).where(Move.game_id == gid).order_by(Move.seq))]
        undone = [(u.seq, u.role, u.action, u.outcomes) for u in
                  s.scalars(select(UndoneMove).where(UndoneMove.game_id == gid).order_by(UndoneMove.seq))]
    assert [m["seq"] for m in kept] == list(range(to + 1))
    # issue 22, attack 3: the chain never goes back; the rollback is a link after the undone actions
    assert g.digest == dice.rollback_digest(head, to) != chain(gid, kept)
    assert undone == undone_before, "the undone moves are kept, with their dice, in the audit table"

    log = client.get(f"/api/games/{gid}/log").json
    assert [e["seq"] for e in log["undone"]] == [x[0] for x in undone_before]
    assert all(e["undone"] and e["rollback"] == log["events"][0]["id"] for e in log["undone"])
    ev = log["events"][0]
    assert (ev["kind"], ev["by"], ev["data"]["to"], ev["data"]["from_seq"]) == ("rolled-back", "umpire", to, top)
    text = client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    assert f"rolled the game back from position {top} to {to}" in text
    assert f"superseded: action {rolled[0]}" in text and f"[undone by rollback {ev['id']}] [{top}]" in text

    # A different action at N + 1: a new digest, so the dice after it are derived again and differ in
    # their inputs; the game goes on, and its export verifies.
    state = g.state
    role = engine.active_roles(state)[0]
    legal = engine.legal_actions(state, role)
    old_action = undone_before[0][2]
    other = next(f"{v} {a}" if a else v for v in sorted(legal) for a in (legal[v] or [None])
                 if (f"{v} {a}" if a else v) != old_action)
    assert move(client, sessions, gid, tokens[role], other)["status"] == "accepted"
    play(client, sessions, gid, tokens, 30, seed=2)
    with sessions() as s:
        new_digests = {o["digest"] for m in s.scalars(select(Move).where(Move.game_id == gid, Move.seq > to + 1))
                       for o in m.outcomes}
    old_digests = {o["digest"] for x in undone_before[1:] for o in x[3]}
    assert not new_digests & old_digests, "no outcome after the rollback is bound to the undone history"

    assert umpire_post(client, gid, tokens, "abandon").status_code == 200  # reveals the seed
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    assert [u["seq"] for u in export["undone"]] == [x[0] for x in undone_before]
    rep = verify(export)
    assert rep.ok, rep.problems
    path = tmp_path / "after-rollback.json"
    path.write_text(json.dumps(export))
    res = CliRunner().invoke(cli, ["verify", str(path)])
    assert res.exit_code == 0 and "OK" in res.output, res.output


def test_issue_22_attack_3_after_a_rollback_the_die_is_bound_to_the_rollback(client, sessions):
    """Issue 22, attack 3: the same action at the same position after a rollback does not get the
    superseded die back; its die is derived from the chain with the undone action and the rollback's link
    in it (docs/dice.md, "After a rollback"), which the rollback's event publishes."""
    gid, tokens = new_game(client)
    first = move(client, sessions, gid, tokens["irgun"], FIRST + "roll\n")
    assert first["status"] == "accepted"
    head = game_row(sessions, gid).digest
    with sessions() as s:
        before = s.scalars(select(Move.outcomes).where(Move.game_id == gid, Move.seq == 4)).one()
    assert umpire_post(client, gid, tokens, "rollback", to=3).status_code == 200
    assert move(client, sessions, gid, tokens["irgun"], "roll\n")["status"] == "accepted"
    with sessions() as s:
        after = s.scalars(select(Move.outcomes).where(Move.game_id == gid, Move.seq == 4)).one()
    link = dice.rollback_digest(head, 3)
    assert after[0]["digest"] == link != before[0]["digest"]
    assert events(client, gid)[0]["data"]["digest"] == link, "the link is public: the rollback's event has it"
    seed = bytes.fromhex(client.post(f"/api/games/{gid}/reveal", headers=auth(tokens["umpire"])).json["seed"])
    assert dice.recompute(seed, gid, after[0]) == after[0]["value"]
    assert dice.recompute(seed, gid, before[0]) == before[0]["value"]


@pytest.mark.parametrize("to, status, code", [(3, 409, "not-earlier"), (5, 409, "not-earlier"), (-1, 422, "invalid"),
                                              ("two", 422, "invalid")])
def test_rollback_refuses_a_position_that_is_not_earlier(client, sessions, to, status, code):
    gid, tokens = new_game(client)
    move(client, sessions, gid, tokens["irgun"], FIRST)
    r = umpire_post(client, gid, tokens, "rollback", to=to)
    assert r.status_code == status and r.json["code"] == code, r.json
    assert game_row(sessions, gid).seq == 3 and events(client, gid) == []


def test_rollback_refuses_moves_queued_for_the_undone_position(client, sessions):
    gid, tokens = new_game(client)
    move(client, sessions, gid, tokens["irgun"], FIRST)
    r = post_text(client, gid, tokens["irgun"], "roll\n")
    assert r.json["status"] == "queued"
    out = umpire_post(client, gid, tokens, "rollback", to=1).json
    assert out["refused_submissions"] == [r.json["id"]]
    sub = client.get(f"/api/submissions/{r.json['id']}").json
    assert sub["status"] == "rejected" and sub["verdict"]["error"]["code"] == "stale"


# -------------------------------------------------------------------------------------- export / import


def _other_app(tmp_path):
    return create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}", "REDIS_URL": ""})


def test_export_import_replays_to_the_same_state_hash(client, sessions, tmp_path):
    gid, tokens = new_game(client)
    play(client, sessions, gid, tokens, 30)
    assert umpire_post(client, gid, tokens, "rollback", to=10).status_code == 200
    play(client, sessions, gid, tokens, 10, seed=3)
    assert client.post(f"/api/games/{gid}/reveal", headers=auth(tokens["umpire"])).status_code == 200
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    # the game goes on under a new seed, not revealed: its state stays out of the export (issue 22)
    assert "state_hash" not in export and export["seed"] is None
    want = canonical.digest(game_row(sessions, gid).state)

    other = _other_app(tmp_path)
    try:
        from service.importer import import_game
        with other.extensions["umpire"]["sessions"]() as s, s.begin():
            game, new_tokens = import_game(s, export)
            assert canonical.digest(game.state) == want
            # the export's last key (made when the umpire revealed the seed) was used by no outcome and is not
            # in it: this Umpire gives the game its own new seed, a public link of the chain (issue 22)
            assert game.status == "paused" and game.seq == export["seq"]
            assert game.digest == dice.rekey_digest(export["digest"], game.commitment)
            assert game.commitment != export["commitment"]
            assert set(new_tokens) == {"umpire", "irgun", "british"}
            assert not set(new_tokens.values()) & set(tokens.values())
        with other.extensions["umpire"]["sessions"]() as s:
            again = G.export(s, G.get_game(s, gid))
        assert again["moves"] == export["moves"]
        assert [u["seq"] for u in again["undone"]] == [u["seq"] for u in export["undone"]]
        assert [e["kind"] for e in again["events"][-2:]] == ["imported", "rekeyed"]
        assert [k["commitment"] for k in again["keys"][:-1]] == [k["commitment"] for k in export["keys"]]
        assert verify(again).ok, verify(again).problems
        oc = other.test_client()
        assert_error(oc.post(f"/api/games/{gid}/moves", data=b"box event", content_type="text/plain",
                             headers=auth(new_tokens["irgun"])), 409, "paused")
        assert_error(oc.post("/api/imports", json=export), 409, "exists")
    finally:
        other.extensions["umpire"]["engine"].dispose()


def test_import_through_the_api(client, sessions, tmp_path):
    gid, tokens = new_game(client)
    play(client, sessions, gid, tokens, 25)
    assert umpire_post(client, gid, tokens, "resign", role="british").status_code == 200
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    other = _other_app(tmp_path)
    try:
        oc = other.test_client()
        assert_error(oc.post("/api/imports", data=b"{}", content_type="text/plain"), 415,
                     "unsupported-media-type")
        assert_error(oc.post("/api/imports", json={"format": "umpire-game/1"}), 400, "invalid")
        changed = json.loads(json.dumps(export))
        # An action changed before a die: the die is bound to another history (docs/dice.md).
        last_die = max(m["seq"] for m in changed["moves"] if m["outcomes"] and m["seq"] > 1)
        changed["moves"][last_die - 1]["action"] += " (changed)"
        r = oc.post("/api/imports", json=changed)
        assert r.status_code == 409 and r.json["code"] in ("dice-mismatch", "replay-differs"), r.json
        e = r.json
        assert e["seq"] == last_die - 1, "the first difference is named with its position"
        broken = {**export, "moves": [1, 2]}
        assert_error(oc.post("/api/imports", json=broken), 409, "unreadable-export")
        assert "action" in e["message"]
        assert oc.get(f"/api/games/{gid}").status_code == 404, "a refused import stores nothing"
        r = oc.post("/api/imports", json=export)
        assert r.status_code == 201, r.json
        assert r.json["id"] == gid and r.json["status"] == "finished" and r.json["outcome"]["winner"] == "irgun"
        assert set(r.json["tokens"]) == {"umpire", "irgun", "british"}
        again = oc.get(f"/api/games/{gid}/export", headers=auth(r.json["tokens"]["umpire"])).json
        assert again["state_hash"] == export["state_hash"]
    finally:
        other.extensions["umpire"]["engine"].dispose()


def test_import_of_an_older_engine_export_names_the_first_differing_position(client, sessions, tmp_path):
    gid, tokens = new_game(client)
    play(client, sessions, gid, tokens, 20)
    assert umpire_post(client, gid, tokens, "resign", role="british").status_code == 200
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    export["engine_version"] = "0.0.1"
    from service.importer import ReplayDiffers, check
    assert canonical.digest(check(export)) == export["state_hash"], "an unchanged older export replays identically"
    changed = json.loads(json.dumps(export))
    seq = next(m["seq"] for m in changed["moves"] if m["seq"] > 5 and m["log"])
    changed["moves"][seq]["log"][0]["text"] = "The older engine said something else."
    with pytest.raises(ReplayDiffers) as err:
        check(changed)
    assert err.value.extra["seq"] == seq and f"position {seq}" in err.value.message
    assert "engine 0.0.1" in err.value.message
    changed = json.loads(json.dumps(export))
    changed["state_hash"] = "0" * 64
    with pytest.raises(ReplayDiffers) as err:
        check(changed)
    assert "final state" in err.value.message


def test_import_refuses_an_export_without_its_seed(client, sessions):
    gid, tokens = new_game(client)
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    from service.errors import ServiceError
    from service.importer import check
    with pytest.raises(ServiceError, match="no seed"):
        check(export)
    with pytest.raises(ServiceError, match="umpire-export/1"):
        check({"format": "something"})


# ------------------------------------------------------------------------------------------------- CLI


def test_cli_umpire_tools(tmp_path):
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}", "REDIS_URL": "",
           "UMPIRE_INSTANCE": str(tmp_path / "instance")}
    runner = CliRunner()

    def run(*args, input=None, code=0):
        res = runner.invoke(cli, list(args), input=input, env=env)
        assert res.exit_code == code, res.output
        assert "Traceback" not in res.output
        return res.output

    out = run("new", "palestine", "--db")
    gid = re.search(r"Created (G-[0-9A-F]{6})", out).group(1)
    tokens = dict(re.findall(r"^\s+(\w+)\s+token: (\S+)$", out, re.M))
    ump = ["--game", gid, "--token", tokens["umpire"]]

    # the preview from the command line: legal up to the die, an illegal order with its rule; nothing stored
    out = run("move", "--game", gid, "--as", "irgun", "--check", input=FIRST + "roll\n")
    assert "Legal up to line" in out and "'roll'" in out and "nothing was stored" in out
    out = run("move", "--game", gid, "--as", "irgun", "--check", input="box opsa\nop nothing\n", code=1)
    assert "Refused (" in out and "line 2 'op nothing'" in out and "Allowed there:" in out
    assert "Rejected" not in run("move", "--game", gid, "--as", "irgun", input=FIRST + "roll\ndone\n")
    out = run("rulings", "--game", gid)
    assert "engine " in out and f"rules edition {engine.definition('palestine').rules_version}" in out and "R-OP-1 [rule 3.1] (ruling):" in out

    for act in ("pause", "resume", "abandon", "rollback", "export"):
        extra = {"rollback": ["--to", "1"], "export": ["-o", str(tmp_path / "x.json")]}.get(act, [])
        out = run(act, "--game", gid, "--token", tokens["irgun"], *extra, code=1)
        assert "only the umpire token" in out and "(forbidden)" in out  # without one: tests/service/test_cli_authority.py

    assert "pause done at position" in run("pause", *ump, "--reason", "tea")
    out = run("move", "--game", gid, "--as", "irgun", input="done\n", code=1)
    assert "paused" in out
    out = run("correct", *ump, "set", "haganah", "3", "6.5.3:", "marker", "misplaced")
    assert re.search(r"position \d+: The umpire corrected haganah from \d+ to 3 \(6\.5\.3: marker misplaced\)", out)
    assert "(illegal)" in run("correct", *ump, "set", "deck", "3", "x", code=1)
    run("resume", *ump)
    out = run("rollback", *ump, "--to", "3", "--reason", "misread")
    assert re.search(r"rolled back from position \d+ to 3; \d+ action\(s\) undone", out), out
    assert "superseded: action 4" in out
    out = run("replace-seat", *ump, "--role", "british", "--player", "Dan")
    new_british = re.search(r"british\s+token: (\S+)", out).group(1)
    assert new_british != tokens["british"]
    out = run("resign", "--game", gid, "--token", tokens["british"], "--role", "british", code=1)
    assert "(unauthorized)" in out
    out = run("log", "--game", gid)
    assert "umpire: paused the game (reason: tea)" in out and "rolled the game back" in out
    assert "[undone by rollback" in out and "gave the british seat to Dan" in out
    assert "umpire: correct set haganah 3 6.5.3: marker misplaced" in out
    out = run("resign", "--game", gid, "--token", new_british, "--role", "british")
    assert "british resigned; irgun won. Seed revealed:" in out

    path = tmp_path / "game.json"
    assert f"Wrote {path}" in run("export", *ump, "-o", str(path))
    assert "OK" in run("verify", str(path))
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    out = run("import", str(path))
    assert f"Imported {gid}: replayed identically; status finished." in out
    assert "exists here already" in run("import", str(path), code=1)
    exported = json.loads(path.read_text())
    exported["moves"][2]["log"][0]["text"] = "changed"
    path.write_text(json.dumps(exported))
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'third.sqlite3'}"
    assert "the replay differs first at position 2" in run("import", str(path), code=1)


def test_the_same_orders_sent_again_after_a_rollback_are_a_new_move(client, sessions):
    gid, tokens = new_game(client)
    first = move(client, sessions, gid, tokens["irgun"], FIRST)
    assert umpire_post(client, gid, tokens, "rollback", to=0).status_code == 200
    again = move(client, sessions, gid, tokens["irgun"], FIRST)
    assert again["id"] != first["id"] and again["status"] == "accepted" and again["verdict"]["seq"] == 3


def test_verify_checks_the_undone_actions_of_two_rollbacks(client, sessions):
    gid, tokens = new_game(client)
    play(client, sessions, gid, tokens, 40)
    assert umpire_post(client, gid, tokens, "rollback", to=8).status_code == 200
    play(client, sessions, gid, tokens, 30, seed=4)
    assert umpire_post(client, gid, tokens, "rollback", to=20).status_code == 200
    play(client, sessions, gid, tokens, 10, seed=5)
    client.post(f"/api/games/{gid}/reveal", headers=auth(tokens["umpire"]))
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    assert len({u["rollback"] for u in export["undone"]}) == 2
    rep = verify(export)
    assert rep.ok, rep.problems
    assert any(f"{len(export['undone'])} undone action(s) of 2 rollback(s) checked" in n for n in rep.notes)
    die = next(u for u in export["undone"] if any(o["kind"] == "die" for o in u["outcomes"]))
    o = next(o for o in die["outcomes"] if o["kind"] == "die")
    o["value"] = o["value"] % o["sides"] + 1
    rep = verify(export)
    assert any(f"undone action {die['seq']}" in p and "the seed gives" in p for p in rep.problems), \
        rep.problems


# ------------------------------------------------------------------------------------------ corrections


def test_correction_with_a_citation_is_an_umpire_action_replayed_by_rollback_verify_and_import(
        client, sessions, tmp_path):
    gid, tokens = new_game(client)
    play(client, sessions, gid, tokens, 12)
    seq = game_row(sessions, gid).seq
    fix = "set haganah 2 6.5.3: the Haganah marker was misplaced"
    assert_error(umpire_post(client, gid, tokens, "correct", correction=fix), 409, "not-paused")
    assert umpire_post(client, gid, tokens, "pause").status_code == 200
    assert_error(client.post(f"/api/games/{gid}/correct", json={"correction": fix}, headers=auth(tokens["irgun"])),
                 403, "forbidden")
    assert_error(umpire_post(client, gid, tokens, "correct", correction="set haganah 2"), 422, "invalid")
    assert_error(umpire_post(client, gid, tokens, "correct", correction="set seq 2 cheat"), 409, "illegal")
    assert_error(umpire_post(client, gid, tokens, "correct", correction="set spaces.atlantis.troops 1 x"),
                 409, "illegal")
    before = game_row(sessions, gid).state
    troops = before["spaces"]["galilee"]["troops"]
    too_many = f"move spaces.galilee.troops available.troops {troops + 1} 3.2.1"
    assert_error(umpire_post(client, gid, tokens, "correct", correction=too_many), 409, "illegal")
    assert game_row(sessions, gid).seq == seq, "a refused correction changes nothing"

    r = umpire_post(client, gid, tokens, "correct", correction=fix)
    assert r.status_code == 200, r.json
    assert r.json["seq"] == seq + 1 and r.json["action"] == "correct " + fix
    g = game_row(sessions, gid)
    assert g.state["haganah"] == 2 and g.seq == seq + 1
    assert g.state["flow"] == before["flow"], "a correction does not touch the flow"
    if troops:
        move_fix = "move spaces.galilee.troops available.troops 1 3.2.1: a Troop left over"
        assert umpire_post(client, gid, tokens, "correct", correction=move_fix).status_code == 200
        g = game_row(sessions, gid)
        assert g.state["spaces"]["galilee"]["troops"] == troops - 1
        assert g.state["available"]["troops"] == before["available"]["troops"] + 1
    log = client.get(f"/api/games/{gid}/log").json
    entry = next(e for e in log["entries"] if e["seq"] == seq + 1)
    assert entry["role"] == "umpire" and entry["log"][0]["rule"] == "6.5.3: the Haganah marker was misplaced"
    assert f"from {before['haganah']} to 2" in entry["log"][0]["text"]
    assert any(e["kind"] == "corrected" and e["data"]["cite"].startswith("6.5.3") for e in log["events"])

    assert umpire_post(client, gid, tokens, "resume").status_code == 200
    play(client, sessions, gid, tokens, 15, seed=6)
    # Undo a move after the correction: the position is rebuilt through the correction.
    after_fix = game_row(sessions, gid)
    assert umpire_post(client, gid, tokens, "rollback", to=after_fix.seq - 1).status_code == 200
    kept = client.get(f"/api/games/{gid}/log").json["entries"]
    assert kept[seq + 1]["action"] == "correct " + fix, "the correction stays in the kept chain"
    play(client, sessions, gid, tokens, 5, seed=7)
    assert umpire_post(client, gid, tokens, "abandon").status_code == 200
    export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
    rep = verify(export)
    assert rep.ok, rep.problems
    other = _other_app(tmp_path)
    try:
        r = other.test_client().post("/api/imports", json=export)
        assert r.status_code == 201, r.json
    finally:
        other.extensions["umpire"]["engine"].dispose()
    # A rollback to before the correction undoes it like any other action.
    gid2, tokens2 = new_game(client)
    assert umpire_post(client, gid2, tokens2, "pause").status_code == 200
    assert umpire_post(client, gid2, tokens2, "correct", correction="set pw 10 6.3: umpire test").status_code == 200
    assert umpire_post(client, gid2, tokens2, "rollback", to=0).status_code == 200
    assert game_row(sessions, gid2).state["pw"] == 18
    assert [u["action"] for u in client.get(f"/api/games/{gid2}/log").json["undone"]] == ["correct set pw 10 6.3: umpire test"]


def test_rollback_correction_and_export_on_postgresql(pg_url):
    """The same acts on the scale setting's database (row locks, the audit table's keys, JSON columns)."""
    app = create_app({"DATABASE_URL": pg_url, "REDIS_URL": ""})
    app.extensions["umpire"]["enqueue"] = lambda sid: None
    try:
        client, sessions = app.test_client(), app.extensions["umpire"]["sessions"]
        gid, tokens = new_game(client)
        hashes = play(client, sessions, gid, tokens, 20)
        assert umpire_post(client, gid, tokens, "rollback", to=6).status_code == 200
        assert canonical.digest(game_row(sessions, gid).state) == hashes[6]
        assert umpire_post(client, gid, tokens, "pause").status_code == 200
        assert umpire_post(client, gid, tokens, "correct", correction="set pw 12 6.3: test").status_code == 200
        assert umpire_post(client, gid, tokens, "resume").status_code == 200
        play(client, sessions, gid, tokens, 10, seed=8)
        assert umpire_post(client, gid, tokens, "abandon").status_code == 200
        export = client.get(f"/api/games/{gid}/export", headers=auth(tokens["umpire"])).json
        assert len(export["undone"]) == 14 and verify(export).ok
    finally:
        app.extensions["umpire"]["engine"].dispose()


@pytest.mark.parametrize("slug", [g["slug"] for g in engine.games()])
def test_every_game_records_its_data_version_and_lists_its_rulings(client, slug):
    r = client.post("/api/games", json={"game": slug})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = client.get(f"/api/games/{r.json['id']}/rulings").json
    assert re.fullmatch(r"[0-9a-f]{16}", b["data_version"]) and b["rulings"]
    assert all(x["rule"] and x["text"] and x["provenance"] == "ruling" for x in b["rulings"])
