"""Repeated bad tokens are rate-limited (issue 9, part 5, item 4; ``service.throttle``).

More than ``BAD_TOKEN_LIMIT`` bad tokens from one client address within ``BAD_TOKEN_WINDOW`` seconds, and
every request of that address carrying a token gets 429 ``too-many-bad-tokens`` with ``Retry-After``, even
with the right token (so a guess gives no signal), until the window has passed: over the API (Bearer), the
game page (its token form and cookie, an HTML page), the mail webhook's secret; mailed ``Token:`` lines are
counted per game and a throttled mail is answered once saying why. The clock is the throttle's
(``Throttle.clock``), moved by the tests. Shared through Redis (db of ``UMPIRE_TEST_REDIS_URL``) between
throttles as between gunicorn's processes; ``X-Forwarded-For`` counts only with ``TRUSTED_PROXIES``.
"""

from __future__ import annotations

import re
import uuid

import pytest

from service.throttle import Throttle
from tests.mail.conftest import SECRET, deliver, letter, mail_config
from tests.service.test_api import FIRST, auth, count, game_row, new_game, post_text
from tests.service.test_game_page import form_key
from umpire_app.web import create_app

LIMIT = 5


class Clock:
    def __init__(self):
        self.t = 1_000_000.0

    def __call__(self):
        return self.t


@pytest.fixture
def clock(app):
    c = Clock()
    app.extensions["umpire"]["throttle"] = Throttle(LIMIT, 600, clock=c)
    return c


def _bad(client, gid, n, **kw):
    for _ in range(n):
        r = client.get(f"/api/games/{gid}", headers=auth("not-a-token"), **kw)
        assert r.status_code == 401
    return r


def test_after_the_limit_every_token_is_refused_even_the_right_one_until_the_window_passes(client, sessions,
                                                                                             clock):
    from service.models import Submission
    g = new_game(client)
    gid, tok = g["id"], g["tokens"]
    _bad(client, gid, LIMIT + 1)
    before = game_row(sessions, gid)
    for r in (client.get(f"/api/games/{gid}", headers=auth(tok["irgun"])),
              post_text(client, gid, tok["irgun"], FIRST),
              client.post(f"/api/games/{gid}/pause", json={}, headers=auth(tok["umpire"])),
              client.get(f"/api/games/{gid}", headers=auth("another-guess"))):
        assert r.status_code == 429 and r.get_json()["code"] == "too-many-bad-tokens"
        assert 1 <= int(r.headers["Retry-After"]) <= 600 and "wait" in r.get_json()["message"]
    assert game_row(sessions, gid) == before and count(sessions, Submission, gid) == 0
    assert client.get(f"/api/games/{gid}").status_code == 200  # no token: the public view, as always
    clock.t += 599
    assert client.get(f"/api/games/{gid}", headers=auth(tok["irgun"])).status_code == 429
    clock.t += 2
    assert client.get(f"/api/games/{gid}", headers=auth(tok["irgun"])).status_code == 200


def test_up_to_the_limit_nothing_is_throttled_and_another_address_is_not(client, clock):
    gid = new_game(client)["id"]
    _bad(client, gid, LIMIT)
    assert client.get(f"/api/games/{gid}", headers=auth("x")).status_code == 401  # the limit + 1st: still 401
    assert client.get(f"/api/games/{gid}", headers=auth("x")).status_code == 429
    other = {"REMOTE_ADDR": "10.9.8.7"}
    assert client.get(f"/api/games/{gid}", headers=auth("x"), environ_base=other).status_code == 401


def test_x_forwarded_for_is_ignored_unless_proxies_are_trusted(tmp_path):
    for trusted, spread in ((0, False), (1, True)):
        app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / f'p{trusted}.sqlite3'}", "REDIS_URL": "",
                          "TRUSTED_PROXIES": trusted, "BAD_TOKEN_LIMIT": LIMIT})
        try:
            c = app.test_client()
            gid = new_game(c)["id"]
            codes = [c.get(f"/api/games/{gid}", headers={**auth("x"), "X-Forwarded-For": f"10.0.0.{i}"}).status_code
                     for i in range(LIMIT + 3)]
            # trusted: each forwarded address is its own client; not: one client (the socket), throttled
            assert (429 in codes) is not spread, codes
        finally:
            app.extensions["umpire"]["engine"].dispose()


def test_the_game_page_token_form_and_cookie_are_throttled_with_an_html_page(client, clock):
    g = new_game(client)
    gid, tok = g["id"], g["tokens"]
    key = form_key(client, gid)
    for _ in range(LIMIT + 1):
        r = client.post(f"/games/{gid}/seat", data={"form_key": key, "token": "guess"})
        assert r.status_code == 401
    r = client.post(f"/games/{gid}/seat", data={"form_key": key, "token": tok["irgun"]})
    assert r.status_code == 429 and r.mimetype == "text/html" and "Retry-After" in r.headers
    assert "too many wrong tokens" in r.get_data(as_text=True)
    assert client.get_cookie("umpire_seat", path=f"/games/{gid}") is None
    clock.t += 601
    r = client.post(f"/games/{gid}/seat", data={"form_key": key, "token": tok["irgun"]})
    assert r.status_code == 303


def test_the_webhook_secret_is_throttled(app, client, clock):
    app.config["MAIL"] = mail_config(None)
    raw = letter("G-000000", "HELP").as_bytes()
    for _ in range(LIMIT + 1):
        r = client.post("/api/mail/inbound", data=raw, content_type="message/rfc822", headers=auth("wrong"))
        assert r.status_code == 401
    r = client.post("/api/mail/inbound", data=raw, content_type="message/rfc822", headers=auth(SECRET))
    assert r.status_code == 429 and r.headers["Retry-After"]
    clock.t += 601
    r = client.post("/api/mail/inbound", data=raw, content_type="message/rfc822", headers=auth(SECRET))
    assert r.status_code == 202


def test_bad_token_lines_from_one_sender_throttle_that_sender_answered_once_saying_why(mail_app, relay):
    """Mailed Token: lines are counted per sender and game (issue 21, finding 3; before, per game, so a
    stranger locked every player out): past the limit that sender's mail with a Token: line is refused,
    its right token too (a guess says nothing), saying why; another sender's right token and another game
    are not. The guesser's address is no seat's, so it is answered once in all."""
    from service import games as G
    clock = Clock()
    mail_app.extensions["umpire"]["throttle"] = Throttle(LIMIT, 600, clock=clock)
    with mail_app.extensions["umpire"]["sessions"]() as s, s.begin():
        a, ta = G.create_game(s, "palestine")
        b, tb = G.create_game(s, "palestine")
        a, b = a.id, b.id
    guesser = "guesser@example.org"
    with mail_app.app_context():
        for _ in range(LIMIT + 1):
            out = deliver(mail_app, letter(a, "Token: guess\nbox opsa\n", sender=guesser))
            assert out["reason"].startswith("bad-token:")
        out = deliver(mail_app, letter(a, f"Token: {ta['irgun']}\nSTATUS\n", sender=guesser))
        assert out["status"] == "refused" and out["reason"].startswith("too-many-bad-tokens:")
        assert guesser in out["reason"] and "more second" in out["reason"]
        to_guesser = [m for m in relay.messages if str(m["To"]) == guesser]
        assert len(to_guesser) == 1 and "bad-token" in str(to_guesser[0]["Subject"])  # answered once
        assert deliver(mail_app, letter(a, f"Token: {ta['irgun']}\nbox opsa\n", sender="ann@example.org"))["submission"]
        assert deliver(mail_app, letter(b, f"Token: {tb['irgun']}\nbox opsa\n", sender=guesser))["submission"]
        clock.t += 601
        assert deliver(mail_app, letter(a, f"Token: {ta['irgun']}\nSTATUS\n", sender=guesser))["status"] != "refused"


def test_counts_are_shared_through_redis_as_between_processes(redis_url):
    key = f"ip:test-{uuid.uuid4().hex}"
    clock = Clock()
    one, two = Throttle(LIMIT, 600, redis_url, clock), Throttle(LIMIT, 600, redis_url, clock)
    for i in range(LIMIT + 1):
        (one if i % 2 else two).failed(key)
    assert one.blocked(key) == pytest.approx(600) and two.blocked(key) == pytest.approx(600)
    clock.t += 300.5
    assert two.blocked(key) == pytest.approx(299.5)
    clock.t += 300
    assert one.blocked(key) is None and two.blocked(key) is None
    two.failed(key)  # a new window begins with this one
    assert one.blocked(key) is None


def test_an_unreachable_redis_lets_requests_through_the_token_check_still_holds():
    t = Throttle(1, 600, "redis://127.0.0.1:1/0")
    t.failed("ip:x")
    t.failed("ip:x")
    assert t.blocked("ip:x") is None


def test_every_endpoint_that_takes_a_token_documents_429_with_retry_after(client, app):
    """From the OpenAPI document, so a new endpoint with a bearer token is covered by this test."""
    doc = client.get("/api/openapi.json").get_json()
    with_token = [(p, m, op) for p, ops in doc["paths"].items() for m, op in ops.items()
                  if m in ("get", "post", "put", "patch", "delete") and any("bearer" in s for s in op.get("security", []))]
    assert len(with_token) >= 14
    for path, method, op in with_token:
        r429 = op["responses"].get("429")
        assert r429 and "Retry-After" in r429["headers"], (method, path)
    # and each of them is gated: the view is marked, so the 429 is true
    marked = {(re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule), m.lower()) for rule in app.url_map.iter_rules()
              for m in rule.methods
              if getattr(getattr(getattr(app.view_functions[rule.endpoint], "view_class", None), m.lower(), None),
                         "takes_token", False)}  # whatever the converter (<string:gid>, <int:n>, <path:name>)
    documented = {(p, m) for p, m, _ in with_token}
    assert documented == marked


def test_the_umpires_own_token_mailed_for_a_seat_is_refused_but_not_counted_as_a_guess(mail_app, relay):
    from service import games as G
    mail_app.extensions["umpire"]["throttle"] = Throttle(LIMIT, 600, clock=Clock())
    with mail_app.extensions["umpire"]["sessions"]() as s, s.begin():
        game, tok = G.create_game(s, "palestine")
        gid = game.id
    with mail_app.app_context():
        for _ in range(LIMIT + 2):
            assert deliver(mail_app, letter(gid, f"Token: {tok['umpire']}\nbox opsa\n"))["reason"].startswith("bad-token")
        assert deliver(mail_app, letter(gid, f"Token: {tok['irgun']}\nbox opsa\n"))["submission"]


def test_the_throttle_outside_an_app_reads_only_its_settings_and_writes_nothing(tmp_path, monkeypatch):
    """The mail listener's and the CLI's throttle (no app context) is made from the environment: it
    must not run the app's whole configuration, which would write a server secret into the cwd."""
    from service import throttle as throttle_mod
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UMPIRE_BAD_TOKEN_LIMIT", "7")
    monkeypatch.setattr(throttle_mod, "_default", None)
    t = throttle_mod.current()
    assert t.limit == 7
    assert list(tmp_path.iterdir()) == []
