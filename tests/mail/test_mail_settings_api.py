"""``GET``/``POST /api/games/ID/mail-settings`` (issue 9): the umpire reads and sets a game's deadline and
addresses over HTTP through the function ``umpire mail settings`` uses; every refusal has its status and
says what is allowed, and changes nothing; the operations are in the OpenAPI document.
"""

from __future__ import annotations

import pytest

from service.mail_settings import update
from tests.service.test_api import assert_error, auth

from .conftest import confirm_addresses, new_game


@pytest.fixture
def client(mail_app):
    return mail_app.test_client()


def url(gid: str) -> str:
    return f"/api/games/{gid}/mail-settings"


def test_the_umpire_sets_and_reads_deadline_and_addresses_as_the_cli_does(mail_app, client):
    gid, tokens = new_game(mail_app)
    r = client.get(url(gid), headers=auth(tokens["umpire"]))
    assert r.status_code == 200
    assert r.get_json() == {"id": gid, "deadline_hours": None, "umpire_email": "",
                            "emails": {"british": "", "irgun": ""}, "unconfirmed": []}
    r = client.post(url(gid), json={"hours": 48, "umpire_email": "ump@example.org",
                                    "emails": {"irgun": "ann@example.org"}}, headers=auth(tokens["umpire"]))
    assert r.status_code == 200, r.get_json()
    want = {"id": gid, "deadline_hours": 48.0, "umpire_email": "ump@example.org",
            "emails": {"british": "", "irgun": "ann@example.org"},
            "unconfirmed": ["ann@example.org", "ump@example.org"]}  # till they answer their confirmation mail
    assert r.get_json() == want and client.get(url(gid), headers=auth(tokens["umpire"])).get_json() == want
    # What is not given stays; the command line sees the same settings through the same function.
    r = client.post(url(gid), json={"emails": {"british": "bob@example.org"}}, headers=auth(tokens["umpire"]))
    assert r.get_json()["deadline_hours"] == 48.0 and r.get_json()["emails"]["irgun"] == "ann@example.org"
    confirm_addresses(mail_app, gid)
    line = update(mail_app.extensions["umpire"]["sessions"], gid, hours=0)
    assert line == f"{gid}: deadline none; umpire ump@example.org; british bob@example.org, irgun ann@example.org"
    assert client.get(url(gid), headers=auth(tokens["umpire"])).get_json()["unconfirmed"] == []
    assert client.get(url(gid), headers=auth(tokens["umpire"])).get_json()["deadline_hours"] is None


def test_every_refusal_has_its_status_and_changes_nothing(mail_app, client):
    gid, tokens = new_game(mail_app)
    ump = auth(tokens["umpire"])
    client.post(url(gid), json={"hours": 24, "umpire_email": "ump@example.org"}, headers=ump)
    before = client.get(url(gid), headers=ump).get_json()
    good = {"emails": {"irgun": "ann@example.org"}}
    for method in ("get", "post"):
        assert_error(getattr(client, method)(url(gid), json=good), 401, "unauthorized")
        body = assert_error(getattr(client, method)(url(gid), json=good, headers=auth(tokens["irgun"])), 403,
                            "forbidden")
        assert "umpire" in body["message"]
        assert_error(getattr(client, method)(url("G-000000"), json=good, headers=ump), 404, "not-found")
    for bad in ("ann", "ann@", "a b@example.org", "ann@example.org\r\nBcc: eve@example.org",
                "ann@example.org, eve@example.org", "ännä@example.org"):
        for body in ({"umpire_email": bad}, {"emails": {"irgun": bad}}, {**good, "umpire_email": bad}):
            msg = assert_error(client.post(url(gid), json=body, headers=ump), 400, "invalid")["message"]
            assert "is not a mail address" in msg and "ann@example.org" in msg
    msg = assert_error(client.post(url(gid), json={"emails": {"martians": "m@example.org"}}, headers=ump),
                       400, "invalid")["message"]
    assert "'martians' is not a seat" in msg and "british, irgun" in msg
    msg = assert_error(client.post(url(gid), json={**good, "emails": {"irgun": "a@example.org", "rebels": "r@example.org"}},
                                   headers=ump), 404, "not-found")["message"]
    assert "'rebels' is not a seat" in msg  # a role of another game: not a seat of this one
    assert_error(client.post(url(gid), json={"hours": -1}, headers=ump), 422, "invalid")
    assert_error(client.post(url(gid), json={"deadline": 5}, headers=ump), 422, "invalid")
    assert client.get(url(gid), headers=ump).get_json() == before


def test_the_operations_are_documented_for_the_umpire(client):
    doc = client.get("/api/openapi.json").get_json()
    ops = doc["paths"]["/api/games/{gid}/mail-settings"]
    for method in ("get", "post"):
        assert ops[method]["security"] == [{"bearer": []}]
        assert {"200", "400", "401", "403", "404"} <= set(ops[method]["responses"])
    body = doc["components"]["schemas"]["MailSettingsIn"]
    assert set(body["properties"]) == {"hours", "umpire_email", "emails"} and body["additionalProperties"] is False
    assert "pattern" in body["properties"]["umpire_email"] and "propertyNames" in body["properties"]["emails"]
    assert ops["post"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("MailSettingsOut")
