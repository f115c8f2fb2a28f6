"""The game page (issue 5, item 3) through Flask's test client: every route and every error path.

Seat tokens travel in a form and a cookie, never in a URL; every POST needs the form key; nothing hidden
from a seat (the next card, the deck order, unused cards) is on its page; user values are escaped.
"""

from __future__ import annotations

import io
import json
import re

import pytest

import engine
from engine.coin import deck
from engine.games.palestine.data import CARDS
from service import adjudication
from service import games as G
from service.pages import cookies, positions, routes

HOSTILE = "<img src=x onerror=alert(1)>"
LEGAL_TO_THE_DIE = "box opsa\nop sabotage\nspace galilee\nroll\n"


def new_game(client, seats=None, title="Club game"):
    body = {"game": "palestine", "title": title}
    if seats:
        body["seats"] = seats
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"], r.get_json()["tokens"]


def html(r) -> str:
    assert r.mimetype == "text/html", (r.status_code, r.mimetype)
    return r.get_data(as_text=True)


def form_key(client, gid) -> str:
    """Opens the page (which sets the form key cookie) and returns the key its forms carry."""
    page = html(client.get(f"/games/{gid}"))
    return re.search(r'name="form_key" value="([^"]+)"', page).group(1)


def sit(client, gid, token) -> str:
    key = form_key(client, gid)
    r = client.post(f"/games/{gid}/seat", data={"form_key": key, "token": token})
    assert r.status_code == 303, html(r)
    return key


def cookie_header(r, name) -> str:
    return next(h for h in r.headers.getlist("Set-Cookie") if h.startswith(name + "="))


def verdict_of(page: str) -> str:
    m = re.search(r'<section class="box verdict[^"]*"[^>]*data-status="([^"]+)"', page)
    return m.group(1) if m else ""


@pytest.fixture
def game(client):
    gid, tokens = new_game(client, [{"role": "irgun", "player": "Ann"}, {"role": "british", "player": "Bob"}])
    return gid, tokens


@pytest.fixture
def adjudicate_now(app, sessions, monkeypatch):
    """Queued moves are adjudicated at once, in the request (no worker thread)."""
    notifier = app.extensions["umpire"]["notifier"]
    monkeypatch.setitem(app.extensions["umpire"], "enqueue",
                        lambda sid: adjudication.adjudicate(sessions, sid, on_done=notifier.done))


# --- the page, public and seated -----------------------------------------------------------------------

def test_public_page_shows_board_log_and_whose_move(client, game):
    gid, _ = game
    r = client.get(f"/games/{gid}")
    assert r.status_code == 200
    page = html(r)
    assert page.count('<svg xmlns="http://www.w3.org/2000/svg"') == 1 and "<?xml" not in page
    for space in ("galilee", "jerusalem-city", "rail-egypt"):
        assert f'data-space="{space}"' in page
    assert re.search(r"Waiting for <b>Irgun \(Ann\)</b>", page)
    assert "20 cards left" in page and 'data-seq="0"' in page
    assert 'name="orders"' not in page, "no move form without a seat"
    assert 'name="token"' in page and 'type="password"' in page
    assert "default-src 'none'" in r.headers["Content-Security-Policy"]
    assert r.headers["Cache-Control"] == "no-store"
    c = cookie_header(r, cookies.CSRF)
    assert "HttpOnly" in c and "SameSite=Strict" in c and f"Path=/games/{gid}" in c


def test_unknown_game_is_an_html_404(client):
    r = client.get("/games/G-000000")
    assert r.status_code == 404
    page = html(r)
    assert "no game" in page and "Traceback" not in page
    assert client.get("/games/G-000000/moves/x").status_code == 404
    r = client.post("/games/G-000000/preview", data={"orders": "box opsa"})
    assert r.status_code == 404 and "no game" in html(r)


def test_seat_token_is_kept_in_a_strict_cookie_not_the_url(client, game):
    gid, tokens = game
    key = form_key(client, gid)
    r = client.post(f"/games/{gid}/seat", data={"form_key": key, "token": tokens["irgun"]})
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}"
    c = cookie_header(r, cookies.SEAT)
    assert "HttpOnly" in c and "SameSite=Strict" in c and f"Path=/games/{gid}" in c
    page = html(client.get(f"/games/{gid}"))
    assert 'data-role="irgun"' in page and "You play" in page
    assert tokens["irgun"] not in page, "the page never prints the token"
    # the seat's orders, as text lines and as a JSON move file
    assert "<code>box opsa</code>" in page and "rule 2.3.2" in page
    example = json.loads(re.search(r"<pre>(.*?)</pre>", page, re.S).group(1).replace("&#34;", '"'))
    assert example == {"format": "umpire-move/1", "game": gid, "role": "irgun", "after": 0,
                       "actions": ["box limited"]}
    assert 'name="orders"' in page and 'name="upload"' in page


def test_the_other_seat_sees_it_is_not_its_decision(client, game):
    gid, tokens = game
    sit(client, gid, tokens["british"])
    page = html(client.get(f"/games/{gid}"))
    assert 'data-role="british"' in page and "it is not your decision" in page
    assert 'name="orders"' not in page
    assert re.search(r"Waiting for <b>Irgun \(Ann\)</b>", page)


@pytest.mark.parametrize("case", ["wrong", "other-game", "umpire", "empty", "too-long"])
def test_a_bad_token_is_refused_and_changes_nothing(client, game, case):
    gid, tokens = game
    _other, other_tokens = new_game(client)
    token = {"wrong": "not-a-token", "other-game": other_tokens["irgun"], "umpire": tokens["umpire"],
             "empty": "  ", "too-long": "x" * 500}[case]
    key = form_key(client, gid)
    r = client.post(f"/games/{gid}/seat", data={"form_key": key, "token": token})
    assert r.status_code == (400 if case == "empty" else 401)
    page = html(r)
    expected = {"wrong": "belongs to no seat of this game", "other-game": "belongs to no seat of this game",
                "umpire": "umpire token cannot move", "empty": "enter the seat token",
                "too-long": "not a seat token"}[case]
    assert expected in page
    assert not any(h.startswith(cookies.SEAT + "=") for h in r.headers.getlist("Set-Cookie"))
    assert 'name="orders"' not in html(client.get(f"/games/{gid}"))


def test_a_bad_token_leaves_a_seated_browser_seated(client, game):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    r = client.post(f"/games/{gid}/seat", data={"form_key": key, "token": "forged"})
    assert r.status_code == 401 and "belongs to no seat" in html(r)
    assert 'data-role="irgun"' in html(client.get(f"/games/{gid}"))


def test_a_kept_token_that_no_longer_fits_is_dropped(client, game):
    gid, _ = game
    client.set_cookie(cookies.SEAT, "stale-token", path=f"/games/{gid}")
    r = client.get(f"/games/{gid}")
    page = html(r)
    assert "enter it again" in page and 'name="orders"' not in page
    assert cookie_header(r, cookies.SEAT).startswith(f"{cookies.SEAT}=;")


def test_leave_forgets_the_seat(client, game):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    r = client.post(f"/games/{gid}/leave", data={"form_key": key})
    assert r.status_code == 303
    assert cookie_header(r, cookies.SEAT).startswith(f"{cookies.SEAT}=;")
    page = html(client.get(f"/games/{gid}"))
    assert 'name="token"' in page and 'name="orders"' not in page


# --- the form key (CSRF) -------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["seat", "leave", "preview", "submit"])
def test_every_post_needs_the_form_key(client, game, path, adjudicate_now):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    data = {"token": tokens["irgun"], "orders": "box opsa\n"}
    for sent in ({}, {"form_key": "x" * 32}):
        r = client.post(f"/games/{gid}/{path}", data={**data, **sent})
        assert r.status_code == 403, path
        assert "not sent from this game" in html(r)
        assert not r.headers.getlist("Set-Cookie")
    # a form key with no cookie (another site's form, the cookie withheld by SameSite) is refused too
    client.delete_cookie(cookies.CSRF, path=f"/games/{gid}")
    assert client.post(f"/games/{gid}/{path}", data={**data, "form_key": key}).status_code == 403
    with client.application.extensions["umpire"]["sessions"]() as s:
        assert G.get_game(s, gid).seq == 0, "nothing was applied"


# --- preview -------------------------------------------------------------------------------------------

def test_preview_of_a_legal_move_stops_before_the_die(client, game, sessions):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    r = client.post(f"/games/{gid}/preview", data={"form_key": key, "orders": LEGAL_TO_THE_DIE})
    assert r.status_code == 200
    page = html(r)
    assert verdict_of(page) == "preview-stopped"
    assert "legal up to the first die" in page and "line 4" in page
    assert "<li><code>space galilee</code></li>" in page
    assert ">box opsa\nop sabotage\nspace galilee\nroll\n</textarea>" in page, "the orders stay in the form"
    with sessions() as s:
        assert G.get_game(s, gid).seq == 0


def test_preview_of_a_legal_move_file_upload(client, game):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    move = {"format": "umpire-move/1", "game": gid, "role": "irgun", "after": 0,
            "actions": ["box opsa", "op sabotage", "space jerusalem-city"]}
    r = client.post(f"/games/{gid}/preview", content_type="multipart/form-data", data={
        "form_key": key, "orders": "", "upload": (io.BytesIO(json.dumps(move).encode()), "move.json")})
    page = html(r)
    assert verdict_of(page) == "accepted" and "Preview: legal" in page
    assert "Then you would be asked: Irgun Sabotage in Jerusalem City" in page
    assert "&#34;space jerusalem-city&#34;" in page, "the uploaded file is shown in the form to submit"


def test_3_0_preview_of_an_illegal_move_names_line_rule_and_the_choices(client, game):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    page = html(client.post(f"/games/{gid}/preview", data={"form_key": key, "orders": "box opsa\nop rally\n"}))
    assert verdict_of(page) == "rejected" and "Preview: refused" in page
    assert "<dt>Line</dt><dd>2: <code>op rally</code></dd>" in page
    assert "<dt>Rule</dt><dd>3.1</dd>" in page and "<code>illegal</code>" in page
    assert "&#39;op rally&#39; is not allowed now: Rally is no Operation; the Irgun Operations are" in page
    assert "Line 1 was legal and would stand" in page  # issue 24, item 6
    assert re.search(r'<ol class="applied fine"><li><code>box opsa</code></li></ol>', page)
    allowed = re.search(r"Allowed there:</p><ul class=\"orders\">(.*?)</ul>", page).group(1)
    assert re.findall(r"<code>([^<]+)</code>", allowed) == ["op recruit", "op travel", "op sabotage", "op rob",
                                                              "pass"]


def test_preview_needs_a_seat(client, game):
    gid, _ = game
    key = form_key(client, gid)
    r = client.post(f"/games/{gid}/preview", data={"form_key": key, "orders": "box opsa"})
    assert r.status_code == 401 and "enter your seat token first" in html(r)


@pytest.mark.parametrize("case", ["malformed-json", "not-utf8", "nul", "empty", "schema"])
def test_a_bad_move_file_is_explained_and_nothing_changes(client, game, sessions, case):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    body = {"malformed-json": b'{"format": "umpire-move/1", "actions": [', "not-utf8": b"box \xff\xfe",
            "nul": b"box opsa\x00", "empty": b"  \n", "schema": b'{"format": "umpire-move/9", "actions": 3}'}[case]
    r = client.post(f"/games/{gid}/preview", content_type="multipart/form-data", data={
        "form_key": key, "upload": (io.BytesIO(body), "move.json" if body.startswith(b"{") else "move.txt")})
    assert r.status_code == 400
    page = html(r)
    expected = {"malformed-json": "the move file is malformed", "not-utf8": "must be UTF-8",
                "nul": "NUL", "empty": "the move is empty", "schema": "the move file is malformed"}[case]
    assert expected in page and 'name="orders"' in page and verdict_of(page) == ""
    with sessions() as s:
        assert G.get_game(s, gid).seq == 0


def test_an_oversize_upload_is_refused_with_the_limit(app, client, game, sessions):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    app.config["MAX_CONTENT_LENGTH"] = 4096
    for path in ("preview", "submit"):
        r = client.post(f"/games/{gid}/{path}", content_type="multipart/form-data", data={
            "form_key": key, "upload": (io.BytesIO(b"box opsa\n" * 1000), "big.txt")})
        assert r.status_code == 413
        assert "at most 4096 bytes" in html(r)
    with sessions() as s:
        assert G.get_game(s, gid).seq == 0
        from service.models import Submission
        assert s.query(Submission).count() == 0


def test_text_orders_over_the_api_limit_are_refused(client, game):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    r = client.post(f"/games/{gid}/preview", data={"form_key": key, "orders": "# x\n" * 20_000})
    assert r.status_code == 413 and "at most 60000 characters" in html(r)


# --- submit --------------------------------------------------------------------------------------------

def test_submit_shows_the_verdict_and_the_move_in_the_log(client, game, sessions, adjudicate_now):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    page = html(client.get(f"/games/{gid}"))
    move_id = re.search(r'name="move_id" value="([^"]+)"', page).group(1)
    data = {"form_key": key, "move_id": move_id, "orders": LEGAL_TO_THE_DIE}
    r = client.post(f"/games/{gid}/submit", data=data)
    assert r.status_code == 303 and re.fullmatch(rf"/games/{gid}/moves/[0-9a-f-]+", r.headers["Location"])
    page = html(client.get(r.headers["Location"]))
    assert verdict_of(page) == "accepted" and "Your move: accepted, now position 4" in page
    assert "Irgun Sabotage in Galilee: a Cell was Activated." in page
    assert re.search(r'<tr data-seq="4"[^>]*>.*?<code>roll</code>.*?Sabotage in Galilee → <b>\d</b>', page, re.S)
    # the same form sent again (the back button) is the same submission: applied once
    again = client.post(f"/games/{gid}/submit", data=data)
    assert again.headers["Location"] == r.headers["Location"]
    with sessions() as s:
        assert G.get_game(s, gid).seq == 4
    # ...but that form with other orders is a new move
    edited = client.post(f"/games/{gid}/submit", data={**data, "orders": "done\n"})
    assert edited.headers["Location"] != r.headers["Location"]
    assert verdict_of(html(client.get(edited.headers["Location"]))) == "accepted"
    with sessions() as s:
        assert G.get_game(s, gid).seq == 5


def test_submit_out_of_turn_is_refused_in_the_verdict(client, game, adjudicate_now):
    gid, tokens = game
    key = sit(client, gid, tokens["british"])
    r = client.post(f"/games/{gid}/submit", data={"form_key": key, "orders": "box event\n"})
    page = html(client.get(r.headers["Location"]))
    assert verdict_of(page) == "rejected" and "<code>not-your-turn</code>" in page


def test_submit_of_an_illegal_move_is_refused_with_its_rule(client, game, sessions, adjudicate_now):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    r = client.post(f"/games/{gid}/submit", data={"form_key": key, "orders": "box opsa\nop rally\n"})
    page = html(client.get(r.headers["Location"]))
    assert verdict_of(page) == "rejected" and "<dt>Rule</dt><dd>3.1</dd>" in page
    with sessions() as s:
        assert G.get_game(s, gid).seq == 0


def test_a_move_not_adjudicated_yet_shows_queued_with_a_reload_link(app, client, game, monkeypatch):
    gid, tokens = game
    held: list[str] = []
    monkeypatch.setitem(app.extensions["umpire"], "enqueue", held.append)
    monkeypatch.setattr(routes, "WAIT_SECONDS", 0.2)
    key = sit(client, gid, tokens["irgun"])
    r = client.post(f"/games/{gid}/submit", data={"form_key": key, "orders": "box opsa\n"})
    assert len(held) == 1
    page = html(client.get(r.headers["Location"]))
    assert verdict_of(page) == "queued" and f'href="{r.headers["Location"]}">Reload</a>' in page


def test_a_submission_is_shown_only_to_its_seat(client, game, adjudicate_now):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    where = client.post(f"/games/{gid}/submit", data={"form_key": key, "orders": "box opsa\n"}).headers["Location"]
    sit(client, gid, tokens["british"])
    assert client.get(where).status_code == 404
    assert client.get(f"/games/{gid}/moves/00000000-0000-0000-0000-000000000000").status_code == 404
    client.delete_cookie(cookies.SEAT, path=f"/games/{gid}")
    r = client.get(where)
    assert r.status_code == 401 and "enter your seat token first" in html(r)


def test_a_form_address_opened_directly_goes_back_to_the_page(client, game):
    gid, _ = game
    r = client.get(f"/games/{gid}/preview")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}"


def test_a_failure_is_a_readable_page_without_a_traceback(client, game, monkeypatch):
    gid, _ = game

    def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(positions, "board_for", broken)
    r = client.get(f"/games/{gid}")
    assert r.status_code == 500
    page = html(r)
    assert "something went wrong on our side" in page
    assert "secret internals" not in page and "Traceback" not in page


# --- nothing hidden, everything escaped ----------------------------------------------------------------

#: A word that stands alone on a page: not inside a random token (a form key, a nonce, a game id), whose
#: characters are letters, digits, ``-`` and ``_``: a short card title such as P28's "CID" turns up inside one
#: now and then, and is no leak.
_NOT_IN_TOKEN_BEFORE, _NOT_IN_TOKEN_AFTER = r"(?<![A-Za-z0-9_-])", r"(?![A-Za-z0-9_-])"


def stands_alone(word: str, page: str) -> bool:
    """Whether *word* appears on *page* as itself (text, an attribute), not as a part of a token."""
    return re.search(f"{_NOT_IN_TOKEN_BEFORE}{re.escape(word)}{_NOT_IN_TOKEN_AFTER}", page) is not None


def test_a_seats_page_shows_neither_the_next_card_nor_the_deck(client, game, sessions, adjudicate_now):
    gid, tokens = game
    key = sit(client, gid, tokens["irgun"])
    client.post(f"/games/{gid}/submit", data={"form_key": key, "orders": LEGAL_TO_THE_DIE})
    with sessions() as s:
        state = G.get_game(s, gid).state
    for role in ("irgun", "british", None):
        if role:
            sit(client, gid, tokens[role])
        else:
            client.delete_cookie(cookies.SEAT, path=f"/games/{gid}")
        page = html(client.get(f"/games/{gid}"))
        shown = {state["current"], *state["played"], *state["capabilities"]}
        shown_titles = {CARDS[c]["title"] for c in shown}
        assert CARDS[state["current"]]["title"] in page
        hidden = [c for c in deck.remaining(state) if c not in shown]
        assert len(hidden) > 10
        leaked = [c for c in hidden if CARDS[c]["title"] not in shown_titles and stands_alone(CARDS[c]["title"], page)]
        assert not leaked, f"hidden cards on the {role or 'public'} page: {leaked}"
        ids = set(re.findall(rf"{_NOT_IN_TOKEN_BEFORE}P\d+{_NOT_IN_TOKEN_AFTER}", page))
        assert ids <= shown, f"card ids of hidden cards on the page: {ids - shown}"


def test_player_names_and_titles_are_escaped(client):
    gid, tokens = new_game(client, [{"role": "irgun", "player": HOSTILE}, {"role": "british", "player": "Bob"}],
                           title=f"{HOSTILE}</title><script>alert(2)</script>")
    for seated in (False, True):
        if seated:
            sit(client, gid, tokens["irgun"])
        page = html(client.get(f"/games/{gid}"))
        assert "<img src=x" not in page and "<script>" not in page
        assert "&lt;img src=x onerror=alert(1)&gt;" in page
    key = form_key(client, gid)
    r = client.post(f"/games/{gid}/preview", data={"form_key": key, "orders": "</textarea><img src=x>\n"})
    page = html(r)
    assert "</textarea><img" not in page and "&lt;/textarea&gt;&lt;img src=x&gt;" in page


def test_arab_revolt_page_shows_its_board_with_the_foreign_countries(client):
    r = client.post("/api/games", json={"game": "arab-revolt", "title": "Revolt"})
    assert r.status_code == 201, r.get_data(as_text=True)
    page = html(client.get(f"/games/{r.get_json()['id']}"))
    for space in ("lebanon", "syria", "transjordan", "egypt", "galilee", "rail-syria"):
        assert f'data-space="{space}"' in page
    # Who acts first: the First Eligible Rebels, unless the first card, drawn from the game's seed, is
    # a Mandatory Event that names the British (5.4; A24 Tensions in Europe): the page names whoever the
    # API's prompt names.
    [first] = r.get_json()["prompts"]
    assert 'data-track="unity"' in page and f"Waiting for <b>{first.capitalize()}</b>" in page


def test_24_5_the_page_shows_the_grammar_mail_help_sends(client, game):
    """Issue 24, item 5: the seat's page carries docs/orders.md's text for its game, as mail's HELP does."""
    import html as htmllib

    gid, tokens = game
    sit(client, gid, tokens["irgun"])
    page = html(client.get(f"/games/{gid}"))
    shown = re.search(r'<details class="orders-help"><summary>[^<]*</summary><pre>(.*?)</pre>', page, re.S).group(1)
    assert htmllib.unescape(shown) == engine.orders_text("palestine")
