"""Issue 21, finding 7: imports were unauthenticated and barely validated.

An export is now held to what creation allows (``service.importer.validate``, before anything is stored):
the id by creation's pattern (``service.games.GAME_ID``), the status from the allowed set and agreeing with
the game (a game whose seed is known comes in paused or ended, never running), seats naming each role of
the game once, events and undone moves within their columns, dates neither in the future (beyond a small
skew) nor before the service's epoch. Concurrent imports of one id give one 201 and 409s. The id and role
in a PDF's ``Content-Disposition`` are escaped whatever is stored. Imports need the creation setting
(``tests/security/test_creation_access.py``); here the embedded default's loopback client imports.
"""

from __future__ import annotations

import threading
from urllib.parse import quote

import pytest
from sqlalchemy import func, select

from service import games as G
from service.models import Game, Seat
from tests.service.conftest import throwaway_database
from umpire_app.web import create_app


def made_export(app, monkeypatch, gid: str | None = None) -> dict:
    """A game of *app* (with id *gid* if given, as no API would make it), its seed revealed, exported."""
    with monkeypatch.context() as m:
        if gid is not None:
            m.setattr(G, "_new_id", lambda session: gid)
        with app.extensions["umpire"]["sessions"]() as s, s.begin():
            game, _tokens = G.create_game(s, "palestine", title="Club game")
            G.reveal_seed(s, game)
            return G.export(s, game)


@pytest.fixture
def other(tmp_path):
    """A second Umpire to import into (embedded default, SQLite)."""
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}", "REDIS_URL": ""})
    yield app
    app.extensions["umpire"]["engine"].dispose()


def stored(app) -> int:
    with app.extensions["umpire"]["sessions"]() as s:
        return s.scalar(select(func.count()).select_from(Game))


#: the export of a game made with that id (its dice bound to it, so the export verifies)
IDS = {
    # the id reached Content-Disposition: filename="G-Q"; x=1-0-public.pdf"
    "quote-in-id": 'G-Q"; x=1',
    # a CR LF in the id: a 500 when a header was made of it
    "crlf-in-id": "G-1\r\nX: y",
    "lowercase-id": "g-3f9a1c",
}
CASES = {
    **{case: (lambda e: e, "id") for case in IDS},
    # "running" was imported as running, with its seed public
    "unknown-status": (lambda e: {**e, "status": "running"}, "status"),
    "finished-but-not-over": (lambda e: {**e, "status": "finished"}, "status"),
    "abandoned-without-result": (lambda e: {**e, "status": "abandoned"}, "status"),
    # 9999-12-31 pinned the game to the top of the list (newest first)
    "created-in-the-future": (lambda e: {**e, "created_at": "9999-12-31T00:00:00Z"}, "created_at"),
    "created-before-the-epoch": (lambda e: {**e, "created_at": "1970-01-01T00:00:00Z"}, "created_at"),
    "created-at-not-a-date": (lambda e: {**e, "created_at": "yesterday"}, "created_at"),
    "move-in-the-future": (lambda e: {**e, "moves": [{**e["moves"][0], "at": "2999-01-01T00:00:00"}]}, "at"),
    "seat-role-not-of-the-game": (lambda e: {**e, "seats": e["seats"] + [{"role": 'x"; y', "player": ""}]},
                                  "seats"),
    "seat-missing": (lambda e: {**e, "seats": e["seats"][:1]}, "seats"),
    "event-kind-too-long": (lambda e: {**e, "events": e["events"] + [
        {"id": 99, "at_seq": 0, "kind": "k" * 40, "by": "umpire", "data": {}, "at": e["created_at"]}]}, "kind"),
    "title-too-long": (lambda e: {**e, "title": "t" * 201}, "title"),
    "result-not-an-object": (lambda e: {**e, "result": "irgun won"}, "result"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_finding7_an_import_is_validated_as_strictly_as_creation(case, app, other, monkeypatch):
    change, names = CASES[case]
    export = change(made_export(app, monkeypatch, IDS.get(case)))
    r = other.test_client().post("/api/imports", json=export)
    assert r.status_code == 400, f"{case}: imported anyway ({r.status_code}): {r.get_json()}"
    body = r.get_json()
    assert body["code"] == "invalid-export" and names in body["message"], body
    assert stored(other) == 0, "a refused import stores nothing"


def test_finding7_a_known_seed_is_imported_paused_or_ended_never_running(app, other, monkeypatch):
    export = made_export(app, monkeypatch)
    for gid, status, as_ in (("G-A00000", "active", "paused"), ("G-B00000", "paused", "paused")):
        e = made_export(app, monkeypatch, gid)
        r = other.test_client().post("/api/imports", json={**e, "status": status})
        assert r.status_code == 201 and r.get_json()["status"] == as_, r.get_json()
    r = other.test_client().post("/api/imports", json=export)
    assert r.status_code == 201 and r.get_json()["status"] == "paused"
    with other.extensions["umpire"]["sessions"]() as s:
        assert {g.status for g in s.scalars(select(Game))} == {"paused"}


def test_finding7_content_disposition_is_escaped_whatever_is_stored(app, client, monkeypatch):
    """A game stored before imports were checked may have any id: the header still says only a safe
    file name (a quote and a CR LF no longer reach it; the CR LF gave a 500)."""
    for evil in ('G-Q"; x=1', "G-1\r\nX: y"):
        e = made_export(app, monkeypatch, evil)
        for path in ("report.pdf", "snapshot.pdf"):
            r = client.get(f"/api/games/{quote(evil, safe='')}/{path}")
            assert r.status_code == 200, (evil, path, r.status_code)
            cd = r.headers["Content-Disposition"]
            assert cd.count('"') == 2 and "\r" not in cd and "\n" not in cd and "x=1" not in cd, cd
            assert cd.startswith('inline; filename="G-') and cd.endswith('.pdf"'), cd
        assert e["id"] == evil


def test_finding7_concurrent_imports_of_one_id_give_one_201_and_409s(app, monkeypatch):
    """Ten imports of one export at once, on PostgreSQL (three of them were 500s)."""
    export = made_export(app, monkeypatch)
    with throwaway_database("umpire_imports") as (url, _name):
        _ten_at_once(url, export)


def _ten_at_once(url: str, export: dict) -> None:
    target = create_app({"DATABASE_URL": url, "REDIS_URL": ""})
    try:
        n, codes, lock = 10, [], threading.Lock()
        barrier = threading.Barrier(n)

        def one():
            c = target.test_client()
            barrier.wait()
            r = c.post("/api/imports", json=export)
            with lock:
                codes.append((r.status_code, (r.get_json() or {}).get("code")))

        threads = [threading.Thread(target=one) for _ in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert sorted(c for c, _ in codes) == [201] + [409] * (n - 1), codes
        assert {code for c, code in codes if c == 409} == {"exists"}
        with target.extensions["umpire"]["sessions"]() as s:
            assert s.scalar(select(func.count()).select_from(Seat).where(Seat.game_id == export["id"])) == 2
    finally:
        target.extensions["umpire"]["engine"].dispose()
