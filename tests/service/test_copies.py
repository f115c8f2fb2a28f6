"""Issue 21, findings 2 and 8: copies of one move are applied once and all get the first verdict, decided
under the game's lock; a refusal because the game was paused is not remembered as the move's verdict.

The move used: in Palestine, once the Irgun Travel from Galilee (``box opsa / op travel / space galilee``),
``done`` is legal at three positions in a row for the same seat (it ends the origin's moves, then the
selection, then the Operation), so a copy of ``done`` applied again would change the game.
"""

from __future__ import annotations

import threading

import pytest

from service import adjudication, control
from service import games as G
from service.models import Move, Submission
from umpire_app.web import create_app

OPENING = "box opsa\nop travel\nspace galilee\n"


@pytest.fixture(params=["sqlite", "postgresql"])
def sessions(request, tmp_path):
    """An app's sessions on SQLite, and on PostgreSQL (skipped, saying why, where it cannot be reached)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'copies.sqlite3'}"
    else:
        url = request.getfixturevalue("pg_url")
    app = create_app({"DATABASE_URL": url, "REDIS_URL": ""})
    yield app.extensions["umpire"]["sessions"]
    app.extensions["umpire"]["engine"].dispose()


def new_game(sessions) -> tuple[str, dict]:
    with sessions() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", "standard", {}, None, "copies")
        return game.id, tokens


def submit(sessions, gid: str, raw: str, role: str = "irgun", key: str | None = None) -> tuple[str, bool]:
    with sessions() as s, s.begin():
        sub, new = adjudication.store(s, gid, raw, "text/plain", key, role=role)
        return sub["id"], new


def play(sessions, gid: str, raw: str) -> dict:
    sid, _ = submit(sessions, gid, raw)
    adjudication.adjudicate(sessions, sid)
    return status(sessions, sid)


def status(sessions, sid: str) -> dict:
    with sessions() as s:
        return adjudication.submission_status(s, sid)


def seq(sessions, gid: str) -> int:
    with sessions() as s:
        return G.get_game(s, gid).seq


def moves(sessions, gid: str) -> int:
    with sessions() as s:
        return s.query(Move).filter_by(game_id=gid).count()


def test_21_2_a_copy_stored_after_the_first_was_applied_is_not_applied_again(sessions):
    """Finding 2, the race made deterministic: the copy's storage read the position after the first
    ``done`` had been applied, so its key (body + position) was new, and the worker applied ``done`` a
    second time (positions 10 and 11 in the report). Under the game's lock it is now found to be a copy:
    answered with the first verdict, nothing applied."""
    gid, _ = new_game(sessions)
    assert play(sessions, gid, OPENING)["status"] == "accepted"
    first = play(sessions, gid, "done\n")
    at = seq(sessions, gid)
    assert first["status"] == "accepted" and first["verdict"]["seq"] == at
    sid, new = submit(sessions, gid, "done\n")  # stored at the new position: another key
    assert new, "the copy is stored (its key names the new position); the worker must find it"
    adjudication.adjudicate(sessions, sid)
    copy = status(sessions, sid)
    assert seq(sessions, gid) == at, "the copy was applied again"
    assert copy["status"] == "accepted" and copy["verdict"]["copy_of"] == first["id"]
    assert copy["verdict"]["seq"] == first["verdict"]["seq"] and copy["verdict"]["applied"] == ["done"]
    assert f"after {at}" in copy["verdict"]["copy"]


def test_21_2_twenty_copies_sent_at_once_are_applied_once(sessions):
    """Finding 2 as reported: 20 identical ``done`` bodies from the seat on move, stored while a worker
    adjudicates; the move is applied once and every copy gets the first verdict."""
    gid, _ = new_game(sessions)
    play(sessions, gid, OPENING)
    before = seq(sessions, gid)
    ids: list[str] = []
    errors: list[BaseException] = []
    stop = threading.Event()

    def sender():
        try:
            ids.append(submit(sessions, gid, "done\n")[0])
        except BaseException as e:  # noqa: BLE001 (reported below)
            errors.append(e)

    def worker():  # adjudicates whatever is queued, as the Celery worker does, until told to stop
        while not stop.is_set():
            with sessions() as s:
                queued = [x.id for x in s.query(Submission).filter_by(game_id=gid, status="queued")]
            for q in queued:
                adjudication.adjudicate(sessions, q)

    w = threading.Thread(target=worker, daemon=True)
    w.start()
    senders = [threading.Thread(target=sender) for _ in range(20)]
    for t in senders:
        t.start()
    for t in senders:
        t.join(30)
    stop.set()
    w.join(30)
    assert not errors, errors
    for q in set(ids):
        adjudication.adjudicate(sessions, q)
    assert seq(sessions, gid) == before + 1, "done was applied more than once"
    verdicts = [status(sessions, q) for q in ids]
    assert len(verdicts) == 20 and {v["status"] for v in verdicts} == {"accepted"}
    assert {v["verdict"]["seq"] for v in verdicts} == {before + 1}
    firsts = {v["id"] for v in verdicts if "copy_of" not in v["verdict"]}
    assert len(firsts) == 1 and {v["verdict"].get("copy_of", v["id"]) for v in verdicts} == firsts


def test_21_2_the_same_orders_after_another_move_are_a_new_move(sessions):
    """Not a copy: a move was accepted between the two (the game left the position the first one's verdict
    left it at), so the same orders are meant for the new position."""
    gid, _ = new_game(sessions)
    play(sessions, gid, OPENING)
    play(sessions, gid, "done\n")
    assert play(sessions, gid, "space haifa-district\n")["status"] == "accepted"
    at = seq(sessions, gid)
    again = play(sessions, gid, "done\n")
    assert "copy_of" not in again["verdict"] and seq(sessions, gid) == at + 1


def test_21_2_a_copy_outside_the_window_is_a_new_move(sessions, monkeypatch):
    monkeypatch.setattr(adjudication, "COPY_SECONDS", -1)  # every earlier move is outside the window
    gid, _ = new_game(sessions)
    play(sessions, gid, OPENING)
    play(sessions, gid, "done\n")
    at = seq(sessions, gid)
    assert "copy_of" not in play(sessions, gid, "done\n")["verdict"] and seq(sessions, gid) == at + 1


def test_21_2_stating_the_position_sends_the_same_orders_again_on_purpose(sessions):
    """A first line ``after N`` states the position: the same orders for the next position are a new move,
    and a copy of a move that states its position is the same submission whenever it comes."""
    gid, _ = new_game(sessions)
    play(sessions, gid, OPENING)
    at = seq(sessions, gid)
    first = play(sessions, gid, f"after {at}\ndone\n")
    assert first["status"] == "accepted" and seq(sessions, gid) == at + 1
    sid, new = submit(sessions, gid, f"after {at}\ndone\n")
    assert (sid, new) == (first["id"], False), "a copy stating its position is the first submission"
    second = play(sessions, gid, f"after {at + 1}\ndone\n")
    assert second["status"] == "accepted" and seq(sessions, gid) == at + 2
    stale = play(sessions, gid, f"after {at}\n# a later edit\ndone\n")
    assert stale["status"] == "rejected" and stale["verdict"]["error"]["code"] == "stale"


def test_21_8_a_move_refused_while_paused_is_taken_after_the_resume(sessions):
    """Finding 8: a move queued before the umpire paused the game is refused by the worker (``paused``);
    sent again after the resume, it was answered with that refusal (the duplicate check found it) unless a
    comment line was added. Now the refusal gives up the move's key: the same move is a new submission."""
    gid, _ = new_game(sessions)
    sid, _ = submit(sessions, gid, "box opsa\n")
    with sessions() as s, s.begin():
        control.pause(s, G.get_game(s, gid, lock=True), "dispute")
    adjudication.adjudicate(sessions, sid)
    refused = status(sessions, sid)
    assert refused["status"] == "rejected" and refused["verdict"]["error"]["code"] == "paused"
    with sessions() as s, s.begin():
        control.resume(s, G.get_game(s, gid, lock=True), "settled")
    again, new = submit(sessions, gid, "box opsa\n")
    assert new and again != sid, "the refusal while paused was remembered as the move's verdict"
    adjudication.adjudicate(sessions, again)
    assert status(sessions, again)["status"] == "accepted" and seq(sessions, gid) == 1
    assert status(sessions, sid)["verdict"]["error"]["code"] == "paused"  # the old answer stands as it was


def test_21_2_the_api_takes_the_position_beside_a_text_move(tmp_path):
    """``?after=N`` or an ``After: N`` header states a text move's position (a first line ``after N`` is
    written into the stored move), so a retry is the same submission; a position that disagrees with the
    body is refused with what to do, and nothing is stored."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'api.sqlite3'}", "REDIS_URL": ""})
    client, sessions = app.test_client(), app.extensions["umpire"]["sessions"]
    try:
        r = client.post("/api/games", json={"game": "palestine", "seats": [{"role": "irgun"}, {"role": "british"}]})
        gid, tok = r.json["id"], r.json["tokens"]["irgun"]
        auth = {"Authorization": f"Bearer {tok}", "Content-Type": "text/plain"}
        one = client.post(f"/api/games/{gid}/moves?after=0", headers=auth, data="box opsa\n")
        assert one.status_code == 202
        with sessions() as s:
            assert s.get(Submission, one.json["id"]).raw == "after 0\nbox opsa\n"
        adjudication.adjudicate(sessions, one.json["id"])
        again = client.post(f"/api/games/{gid}/moves", headers={**auth, "After": "0"}, data="box opsa\n")
        assert again.status_code == 200 and again.json["id"] == one.json["id"]  # the first submission, answered
        assert again.json["status"] == "accepted" and seq(sessions, gid) == 1
        bad = client.post(f"/api/games/{gid}/moves?after=1", headers=auth, data="after 0\nbox opsa\n")
        assert bad.status_code == 400 and bad.json["message"].startswith("position: the orders begin with 'after 0'")
        bad = client.post(f"/api/games/{gid}/moves?after=1", headers={**auth, "After": "2"}, data="done\n")
        assert bad.status_code == 400 and "disagree" in bad.json["message"]
        bad = client.post(f"/api/games/{gid}/moves", headers={**auth, "After": "soon"}, data="done\n")
        assert bad.status_code == 400 and "a whole number" in bad.json["message"]
        jmove = {"format": "umpire-move/1", "role": "irgun", "actions": ["op travel"]}
        bad = client.post(f"/api/games/{gid}/moves?after=1", json=jmove, headers={"Authorization": f"Bearer {tok}"})
        assert bad.status_code == 400 and "its own \"after\" field" in bad.json["message"]
        with sessions() as s:
            assert s.query(Submission).filter_by(game_id=gid).count() == 1  # the refusals stored nothing
        check = client.post(f"/api/games/{gid}/check", headers={**auth, "After": "0"}, data="op travel\n")
        assert check.status_code == 200 and check.json["error"]["code"] == "stale"
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_21_2_a_copy_gives_up_its_key_so_the_orders_can_be_sent_later(sessions, monkeypatch):
    """A copy is answered with the first verdict and does not keep the key it was stored under: the same
    orders sent again at that position once the window is over (or with the check turned off,
    ``UMPIRE_COPY_SECONDS=0``) are a new move, not that copy's answer for ever."""
    gid, _ = new_game(sessions)
    play(sessions, gid, OPENING)
    play(sessions, gid, "done\n")
    at = seq(sessions, gid)
    copy = play(sessions, gid, "done\n")
    assert "copy_of" in copy["verdict"] and seq(sessions, gid) == at
    monkeypatch.setattr(adjudication, "COPY_SECONDS", 0)
    sid, new = submit(sessions, gid, "done\n")
    assert new and sid != copy["id"]
    adjudication.adjudicate(sessions, sid)
    assert "copy_of" not in status(sessions, sid)["verdict"] and seq(sessions, gid) == at + 1
