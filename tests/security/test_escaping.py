"""HTML and PDF escape every user value and fetch nothing (issue 9, part 5, item 6).

Hostile values go everywhere a user can put text: player names (at creation and by replace-seat), the game's
title, the umpire's reasons (pause, resume, rollback, abandon), a correction's citation, the orders of a
refused move (echoed in its verdict), a mail's Subject and From name. Each carries an ``<img>``, a
``<script>``, a ``<link>`` and a CSS ``url()`` / ``@import`` pointing at a listener on 127.0.0.1 that
records every request. The game page, the PDF snapshot and report (rendered as the service renders them,
through ``/api/.../snapshot.pdf`` and ``report.pdf``) and the mail's HTML part must show them as text:
no raw tag, and the listener gets no fetch at all. (tests/service/test_reports.py and test_game_page.py
check names and titles with WeasyPrint's fetcher; this adds every other value and a real listener.)
"""

from __future__ import annotations

import http.server
import threading

import pytest

from tests.mail.conftest import deliver, letter
from tests.service.test_api import auth, new_game, post_text
from tests.service.test_game_page import sit
from tests.service.test_reports import squash, text_of


class Listener:
    """An HTTP server on 127.0.0.1 that records every request it gets."""

    def __init__(self):
        hits = self.hits = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                hits.append(self.path)
                self.send_response(200)
                self.send_header("Content-Type", "text/css")
                self.end_headers()
                self.wfile.write(b"body{background:red}")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_port
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def payload(self, where: str) -> str:
        u = f"http://127.0.0.1:{self.port}/{where}"
        return (f"<img src={u}/i><script src={u}/s></script><link rel=stylesheet href={u}/l>"
                f"<style>@import url({u}/c);</style><div style=\"background:url({u}/u)\">x</div>"
                "<img src=file:///etc/passwd>")


    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(10)


@pytest.fixture
def listener():
    with Listener() as lis:  # stopped however the test ends
        yield lis


RAW_TAGS = ("<img", "<script", "<link", "<style>@import", "<div style")


def _no_raw(text: str, where: str) -> None:
    for tag in RAW_TAGS:
        assert tag not in text, f"{where}: the raw {tag!r} of a user value"


def test_every_user_value_is_escaped_in_the_page_and_the_pdfs_and_nothing_is_fetched(app, client, sessions,
                                                                                      listener):
    short = lambda w: f"<img src=http://127.0.0.1:{listener.port}/{w}>"  # noqa: E731  (names: 100 chars)
    g = new_game(client, title=listener.payload("title")[:200],
                 seats=[{"role": "irgun", "player": short("p1")}, {"role": "british", "player": short("p2")}])
    gid, tok = g["id"], g["tokens"]
    um = auth(tok["umpire"])
    r = post_text(client, gid, tok["irgun"], "box opsa\n")
    from service import adjudication
    adjudication.adjudicate(sessions, r.get_json()["id"])
    assert client.post(f"/api/games/{gid}/pause", json={"reason": listener.payload("pause")}, headers=um).status_code == 200
    cite = f"6.5.3: {short('cite')}"
    r = client.post(f"/api/games/{gid}/correct", json={"correction": f"set haganah 3 {cite}"}, headers=um)
    assert r.status_code == 200, r.get_data(as_text=True)
    assert client.post(f"/api/games/{gid}/resume", json={"reason": listener.payload("resume")}, headers=um
                       ).status_code == 200
    assert client.post(f"/api/games/{gid}/rollback", json={"to": 1, "reason": listener.payload("rollback")},
                       headers=um).status_code == 200
    r = client.post(f"/api/games/{gid}/replace-seat", json={"role": "british", "player": short("new")}, headers=um)
    assert r.status_code == 200
    for who in (None, tok["irgun"]):
        if who:
            sit(client, gid, who)
        page = client.get(f"/games/{gid}").get_data(as_text=True)
        _no_raw(page, "the game page")
        assert "&lt;img src=http://127.0.0.1" in page
    pre = client.get(f"/api/games/{gid}/snapshot.pdf", headers=auth(tok["irgun"]))
    assert pre.status_code == 200
    assert client.post(f"/api/games/{gid}/abandon", json={"reason": listener.payload("abandon")}, headers=um
                       ).status_code == 200
    report = client.get(f"/api/games/{gid}/report.pdf")
    snap = client.get(f"/api/games/{gid}/snapshot.pdf")
    assert report.status_code == snap.status_code == 200
    flat = squash(text_of(report.data))
    for value in (short("p1"), "rollback", "abandon", "6.5.3"):
        assert squash(value) in flat, f"{value} is not shown as text in the report"
    assert squash(f"<img src=http://127.0.0.1:{listener.port}/pause/i>") in flat  # a reason, as text
    assert listener.hits == [], f"fetched: {listener.hits}"


def test_mail_html_escapes_the_orders_subject_and_sender_it_echoes(mail_app, relay, listener):
    from service import games as G
    with mail_app.extensions["umpire"]["sessions"]() as s, s.begin():
        game, tok = G.create_game(s, "palestine", title=listener.payload("t")[:200],
                                  seats=[{"role": "irgun", "player": "<b>Ann</b>"}, {"role": "british"}])
        gid = game.id
    u = f"http://127.0.0.1:{listener.port}"
    hostile = f"<img src={u}/o><script>x</script>\n<style>@import url({u}/c);</style>"  # orders: 200 characters
    msgs = []
    for body in (f"Token: {tok['irgun']}\n{hostile}\n", f"Token: {tok['irgun']}\nCHECK\n{hostile}\n",
                 f"Token: {tok['irgun']}\nSTATUS\n", "HELP\n"):
        out = deliver(mail_app, letter(gid, body, subject=listener.payload("subj"),
                                       sender=f'"{listener.payload("from")[:60]}" <ann@example.org>'))
        assert out["sent"], out
    msgs = relay.wait_for(4)
    for m in msgs:
        html = m.get_body(preferencelist=("html",)).get_content()
        _no_raw(html, f"the mail {m['Subject']}")
    assert any("&lt;img src=http://127.0.0.1" in m.get_body(preferencelist=("html",)).get_content() for m in msgs)
    assert listener.hits == []
