"""A seat cannot act for another role or another game, and the umpire's acts need the umpire's token
(issue 9, part 5, items 1 and 2).

The endpoints come from the app's url_map, so a new one is covered without editing this file: every write
(POST) refuses a request without a token (401) and with a token of another game (401) unless it is one of
the two public writes (making a game, importing one); every umpire act (the ``needs_token`` mark of
``umpire_act``) refuses no token (401) and a seat's token (403) and changes nothing (the state's hash,
the log's length, the events). The move file naming another role, the page's cookie of another game and a
mailed Token: line of another game are refused too. (Single cases already in tests/service/test_api.py and
test_umpire_tools.py; these generalise them.)
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from engine.core import canonical
from service.models import Game, GameEvent, Move, Submission
from tests.mail.conftest import deliver, letter
from tests.service.test_api import FIRST, auth, move_file, new_game
from tests.service.test_game_page import form_key

#: Writes anyone may make: a new game (its tokens are made then), an import (new tokens too) and a new
#: tournament (its director's token is made then).
PUBLIC_WRITES = {"/api/games", "/api/imports", "/api/tournaments"}
#: A body each act takes (by the last part of its path), so that only the token is wrong; a new endpoint
#: missing here gets ``{}``, and fails the test if that is not a body it takes.
BODIES = {"pause": {"reason": "x"}, "resume": {"reason": "x"}, "abandon": {"reason": "x"},
          "extend-deadline": {"hours": 1}, "resign": {"role": "irgun"}, "replace-seat": {"role": "irgun", "player": "Eve"},
          "rollback": {"to": 0}, "correct": {"correction": "set haganah 3 6.5.3: x"},
          "players": {"name": "Zed"}, "ruling": {"status": "forfeited", "outcome": {"Ann": "win", "Bob": "loss"},
                                                 "reason": "x"}}


def _post(client, rule, gid, token, role=None):
    act = rule.rsplit("/", 1)[1]
    if act in ("moves", "check"):  # a good move
        return client.post(_url(rule, gid), data="box opsa\n", content_type="text/plain", headers=auth(token))
    body = dict(BODIES.get(act, {}))
    if role and "role" in body:
        body["role"] = role
    return client.post(_url(rule, gid), json=body, headers=auth(token))


def _writes(app):
    return sorted({(r.rule, r.endpoint) for r in app.url_map.iter_rules() if "POST" in (r.methods or ())
                   and r.rule.startswith("/api/")})


def _umpire_acts(app):
    out = []
    for r in app.url_map.iter_rules():
        view = getattr(app.view_functions[r.endpoint], "view_class", None)
        if view is not None and getattr(getattr(view, "post", None), "needs_token", False):
            out.append(r.rule)
    return sorted(out)


def _fingerprint(sessions, gid):
    with sessions() as s:
        g = s.get(Game, gid)
        n = lambda m: s.execute(select(func.count()).select_from(m).where(m.game_id == gid)).scalar()  # noqa: E731
        return canonical.digest(g.state), g.seq, g.status, n(Move), n(GameEvent), n(Submission)


def _url(rule: str, gid: str, tid: str = "T-000000") -> str:
    return (rule.replace("<string:gid>", gid).replace("<gid>", gid).replace("<string:tid>", tid)
            .replace("<path:name>", "Ann"))


def _tournament(app, client) -> tuple[str, str]:
    """A tournament of two players (Ann and Bob, confirmed by the operator) with its first round paired:
    its id and its game's."""
    from service.tournaments import running
    r = client.post("/api/tournaments", json={"name": "Cup", "game": "palestine",
                                              "players": [{"name": "Ann"}, {"name": "Bob"}]})
    assert r.status_code == 201, r.get_data(as_text=True)
    tid, director = r.get_json()["id"], r.get_json()["director_token"]
    with app.extensions["umpire"]["sessions"]() as s, s.begin():
        for name in ("Ann", "Bob"):
            running.mark_player_confirmed(s, tid, name)
    r = client.post(f"/api/tournaments/{tid}/rounds", json={}, headers=auth(director))
    assert r.status_code == 201, r.get_data(as_text=True)
    return tid, r.get_json()["tables"][0]["game_id"]


def _tournament_fingerprint(sessions, tid):
    from service.tournaments.models import TournamentEvent, TournamentGame, TournamentPlayer, TournamentRound
    with sessions() as s:
        n = lambda m: s.execute(select(func.count()).select_from(m).where(m.tournament_id == tid)).scalar()  # noqa: E731
        return n(TournamentEvent), n(TournamentGame), n(TournamentPlayer), n(TournamentRound)


def test_the_lists_are_found_from_the_app(app):
    writes = [w for w, _ in _writes(app)]
    assert set(PUBLIC_WRITES) <= set(writes) and len(writes) >= 14
    assert len(_umpire_acts(app)) >= 9


@pytest.mark.parametrize("kind", ["none", "other game", "forged"])
def test_every_write_refuses_without_a_token_or_with_another_games(app, client, sessions, kind):
    a, b = new_game(client), new_game(client)
    tid, tgid = _tournament(app, client)
    token = {"none": None, "other game": b["tokens"]["irgun"], "forged": "x" * 32}[kind]
    for rule, _ in _writes(app):
        if rule in PUBLIC_WRITES:
            continue
        if rule == "/api/mail/inbound":  # a shared secret, not a seat's: tests/security/test_webhook.py
            continue
        gid = tgid if "<string:tid>" in rule else a["id"]  # a tournament's act on a game of its own
        before = _fingerprint(sessions, gid), _tournament_fingerprint(sessions, tid)
        act = rule.rsplit("/", 1)[1]
        body = {"rounds": {}, "withdraw": {}, "close": {}}.get(act)
        r = (client.post(_url(rule, gid, tid), json=body, headers=auth(token)) if body is not None
             else _post(client, _url(rule, gid, tid), gid, token))
        assert r.status_code == 401, (rule, kind, r.status_code, r.get_data(as_text=True)[:200])
        assert (_fingerprint(sessions, gid), _tournament_fingerprint(sessions, tid)) == before, rule


@pytest.mark.parametrize("seat", ["irgun", "british", "other game's umpire"])
def test_every_umpire_act_is_403_for_a_seat_and_changes_nothing(app, client, sessions, seat):
    a, b = new_game(client), new_game(client)
    if seat != "other game's umpire":
        client.post(f"/api/games/{a['id']}/pause", json={}, headers=auth(a["tokens"]["umpire"]))  # correct needs it
    token = b["tokens"]["umpire"] if seat == "other game's umpire" else a["tokens"][seat]
    for rule in _umpire_acts(app):
        before = _fingerprint(sessions, a["id"])
        r = _post(client, rule, a["id"], token, role="british" if seat == "irgun" else "irgun")
        want = 401 if seat == "other game's umpire" else 403
        assert r.status_code == want, (rule, seat, r.get_data(as_text=True)[:200])
        assert _fingerprint(sessions, a["id"]) == before, rule
        assert _post(client, rule, a["id"], None).status_code == 401


def test_reading_the_umpires_record_needs_the_umpires_token(client):
    g = new_game(client)
    for token, code in ((None, 401), (g["tokens"]["irgun"], 403), ("x" * 32, 401)):
        assert client.get(f"/api/games/{g['id']}/export", headers=auth(token)).status_code == code


def test_a_move_file_naming_another_role_or_game_is_refused_whatever_the_path(client, sessions):
    a, b = new_game(client), new_game(client)
    for mf in (move_file(a["id"], ["box opsa"], role="british"), move_file(b["id"], ["box opsa"])):
        for path in ("check", "moves?wait=0"):
            before = _fingerprint(sessions, a["id"])
            r = client.post(f"/api/games/{a['id']}/{path}", json=mf, headers=auth(a["tokens"]["irgun"]))
            if r.status_code in (200, 202):  # stored, then refused by the verdict
                from service import adjudication
                if path.startswith("moves"):
                    adjudication.adjudicate(sessions, r.get_json()["id"])
                    r = client.get(f"/api/submissions/{r.get_json()['id']}")
                    assert r.get_json()["status"] == "rejected", r.get_json()
                else:
                    assert r.get_json()["status"] == "rejected", r.get_json()
            else:
                assert r.status_code in (400, 403), r.get_data(as_text=True)
            assert _fingerprint(sessions, a["id"])[:4] == before[:4]


def test_the_pages_cookie_of_another_game_is_not_a_seat_here(client):
    a, b = new_game(client), new_game(client)
    client.set_cookie("umpire_seat", b["tokens"]["irgun"], path=f"/games/{a['id']}")
    key = form_key(client, a["id"])
    r = client.post(f"/games/{a['id']}/preview", data={"form_key": key, "orders": FIRST})
    page = r.get_data(as_text=True)
    assert r.status_code == 401 and ("no seat of this game" in page or "enter your seat token" in page)


def test_a_mailed_token_line_of_another_game_is_refused(mail_app, relay):
    from service import games as G
    with mail_app.extensions["umpire"]["sessions"]() as s, s.begin():
        a, _ = G.create_game(s, "palestine")
        b, tb = G.create_game(s, "palestine")
        a = a.id
    out = deliver(mail_app, letter(a, f"Token: {tb['irgun']}\nbox opsa\n"))
    assert out["status"] == "refused" and out["reason"].startswith("bad-token:") and out["submission"] is None
