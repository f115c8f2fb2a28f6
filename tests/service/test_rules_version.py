"""A game saved under another edition of its rules (issue 23, item 4): the service compares the version on
load and refuses with a clear error naming both; a queued move gets that refusal as its verdict, not a
failure that the worker retries."""

from __future__ import annotations

from sqlalchemy import update

from engine.core import canonical
from service import adjudication
from service import games as G
from service.models import Game
from tests.service.test_api import auth, post_text


def test_a_game_of_another_rules_version_is_refused_naming_both(client, sessions, app):
    app.extensions["umpire"]["enqueue"] = lambda _id: None
    r = client.post("/api/games", json={"game": "palestine"})
    gid, tokens = r.json["id"], r.json["tokens"]
    sub = post_text(client, gid, tokens["irgun"], "box opsa\n")
    assert sub.status_code == 202
    with sessions() as s, s.begin():
        state = canonical.copy(G.get_game(s, gid).state)
        state["rules_version"] = 9
        s.execute(update(Game).where(Game.id == gid).values(state=state))
    r = client.get(f"/api/games/{gid}")
    assert r.status_code == 409 and r.json["code"] == "rules-version", r.json
    assert "rules version 9" in r.json["message"] and "1" in r.json["message"]
    adjudication.adjudicate(sessions, sub.json["id"])
    verdict = client.get(f"/api/submissions/{sub.json['id']}", headers=auth(tokens["irgun"])).json
    assert verdict["status"] == "rejected" and verdict["verdict"]["error"]["code"] == "rules-version", verdict
