"""The game page at an earlier position, ``/games/<id>?at=N`` (issue 27, point 2), through Flask's test client.

A Palestine game is played with random legal moves (``engine.playout.choose``) past its first Propaganda
Round (rule 6); the pages of the positions before and after that round show each its own board, facts,
log and move, built from the state ``service.history.state_at`` rebuilds, for the public and for a seat;
plain links lead to the first, previous, next and current positions; a position that is not the game's
is the page's 404 saying the range; no move form is offered at an earlier position. Hidden information:
the replayed page of an earlier position names no card that was still unrevealed there (the state's own
deck, ``deck.remaining``), and shows no die, draw or log line of a later move, though the current page
shows them (Palestine, and Arab Revolt's Operations chits drawn from their cup).
"""

from __future__ import annotations

import re

import pytest
from markupsafe import escape

import engine
from engine.coin import deck
from engine.core.chance import SeededChance
from engine.playout import choose
from service import adjudication, history
from service import games as G
from service.models import Game
from service.pages import positions
from tests.service.test_api import post_text
from tests.service.test_game_page import html, sit

#: Random actions at most before a Propaganda Round must have passed (one comes within about 100).
MAX_ACTIONS = 400


@pytest.fixture(autouse=True)
def queued(app):
    """No worker: moves are adjudicated by the test itself (``adjudication.adjudicate``)."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def new_game(client, slug: str) -> tuple[str, dict]:
    roles = engine.definition(slug).roles
    r = client.post("/api/games", json={"game": slug, "title": f"Replay of {slug}",
                                        "seats": [{"role": r, "player": r.title()} for r in roles]})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.json["id"], r.json["tokens"]


def play_one(client, sessions, gid: str, tokens: dict, picker: SeededChance) -> None:
    with sessions() as s:
        game = s.get(Game, gid)
        state, seq = game.state, game.seq
    role = engine.active_roles(state)[0]
    r = post_text(client, gid, tokens[role], choose(engine.legal_actions(state, role), picker),
                  query=f"?after={seq}")
    assert r.status_code == 202, r.get_data(as_text=True)
    adjudication.adjudicate(sessions, r.json["id"])
    assert client.get(f"/api/submissions/{r.json['id']}").json["status"] == "accepted"


def log_of(sessions, gid: str) -> list[dict]:
    with sessions() as s:
        return G.move_log(s, s.get(Game, gid))


def state_at(sessions, gid: str, seq: int) -> dict:
    with sessions() as s:
        return history.state_at(s, s.get(Game, gid), seq)


def said(entry: dict, rule: str, kind: str = "h2") -> bool:
    return any(e.get("kind") == kind and e.get("rule") == rule for e in entry["log"])


@pytest.fixture
def propaganda_game(client, sessions):
    """A Palestine game played past its first Propaganda Round, and the positions before the round (the
    position the move that revealed the Propaganda card was made from) and after it (its Reset phase,
    6.4, done), with two more moves after that."""
    gid, tokens = new_game(client, "palestine")
    picker = SeededChance(27, context="replay")
    for _ in range(MAX_ACTIONS):
        play_one(client, sessions, gid, tokens, picker)
        log = log_of(sessions, gid)
        reset = [e["seq"] for e in log if said(e, "6.4")]
        if reset and log[-1]["seq"] >= reset[0] + 2:
            break
    else:
        pytest.fail(f"no Propaganda Round in {MAX_ACTIONS} random actions")
    round_starts = next(e["seq"] for e in log if said(e, "6.1"))  # the Political Will phase (6.1)
    return gid, tokens, round_starts - 1, reset[0]


def page_at(client, gid: str, seq: int | None) -> str:
    r = client.get(f"/games/{gid}" + ("" if seq is None else f"?at={seq}"))
    assert r.status_code == 200, r.get_data(as_text=True)[:500]
    return html(r)


def board_of(page: str) -> str:
    return re.search(r"<svg .*?</svg>", page, re.S).group(0)


def section(page: str, cls: str) -> str:
    return re.search(rf'<section class="{cls}".*?</section>', page, re.S).group(0)


def shown_seqs(page: str) -> list[int]:
    return [int(n) for n in re.findall(r'<tr data-seq="(\d+)"', page)]


def esc(text: str) -> str:
    """*text* as the page's templates escape it."""
    return str(escape(text))


def chances(entries: list[dict]) -> list[str]:
    """The dice and draws of *entries* (``games.move_log``: public outcomes) as the page writes them."""
    return [f"{esc(o['kind'])} · {esc(o['label'])} → <b>{esc(str(o['value']))}</b>" for e in entries
            for o in e["outcomes"] if "value" in o and o.get("kind") != "shuffle"]


def test_the_positions_before_and_after_a_propaganda_round(client, sessions, propaganda_game):
    gid, _tokens, before, after = propaganda_game
    last = log_of(sessions, gid)[-1]["seq"]
    pages = {seq: page_at(client, gid, seq) for seq in (before, after)}
    states = {seq: state_at(sessions, gid, seq) for seq in (before, after)}
    assert states[before]["propaganda"] != states[after]["propaganda"], "the round counts in the state"

    for seq, page in pages.items():
        state = states[seq]
        view = engine.view(state, "public")
        # the board as it stood: the very drawing of that position's public view
        _view, svg = positions.board_for(positions.At("palestine", state), "public")
        assert board_of(page) == positions.inline_svg(svg)[0], seq
        assert f'data-track="pw" data-value="{state["pw"]}"' in board_of(page)
        # its facts (the Propaganda Rounds, the Political Will, the card...), as the engine gives them
        facts = section(page, "box now")
        for f in engine.facts(view):
            assert f"<td>{esc(f['label'])}</td><td>{esc(f['value'])}</td>" in facts, (seq, f)
        # the log up to the position, and the position's own move with its dice as the log shows them
        assert shown_seqs(page) == list(range(seq + 1)), seq
        move = next(e for e in log_of(sessions, gid) if e["seq"] == seq)
        box = section(page, "box this-move")
        assert f'data-seq="{seq}"' in box and esc(move["action"]) in box
        assert all(c in box for c in chances([move]))
        for line in move["log"]:
            assert esc(line["text"]) in box
        # where it is, and no move form: a notice with the way to the current position
        assert f"You are looking at position {seq} of {last}" in page
        assert f'<a href="/games/{gid}">go to the current position</a> to move' in page
        assert 'name="orders"' not in page and "/preview" not in page
        assert f"<title>Replay of palestine · {gid} · position {seq} of {last}</title>" in page
    assert board_of(pages[before]) != board_of(pages[after])
    propaganda = [f for f in engine.facts(engine.view(states[after], "public")) if "Propaganda" in f["label"]]
    assert propaganda and propaganda[0]["value"] in section(pages[after], "box now")
    assert propaganda[0]["value"] not in section(pages[before], "box now")
    # the Political Will phase (6.1) is on the page after the round, not before it
    pw_phase = next(line["text"] for e in log_of(sessions, gid) for line in e["log"]
                    if line.get("rule") == "6.1" and line.get("kind") == "h2")
    assert esc(pw_phase) in pages[after] and esc(pw_phase) not in pages[before]


def test_the_replay_links_are_plain_links_to_the_other_positions(client, sessions, propaganda_game):
    gid, _tokens, before, _after = propaganda_game
    last = log_of(sessions, gid)[-1]["seq"]

    def nav(page: str) -> dict[str, str]:
        return {k: v.replace('&amp;', '&') for v, k in re.findall(r'<a href="([^"]+)" rel="[^"]+" data-nav="(\w+)"', page)}

    assert nav(page_at(client, gid, before)) == {
        "first": f"/games/{gid}?at=0", "previous": f"/games/{gid}?at={before - 1}",
        "next": f"/games/{gid}?at={before + 1}", "current": f"/games/{gid}"}
    assert nav(page_at(client, gid, 0)) == {"next": f"/games/{gid}?at=1", "current": f"/games/{gid}"}
    assert nav(page_at(client, gid, last - 1)) == {
        "first": f"/games/{gid}?at=0", "previous": f"/games/{gid}?at={last - 2}", "next": f"/games/{gid}",
        "current": f"/games/{gid}"}
    current = page_at(client, gid, None)
    assert nav(current) == {"first": f"/games/{gid}?at=0", "previous": f"/games/{gid}?at={last - 1}"}
    assert page_at(client, gid, last) == current, "?at= the current position is the current page"
    assert "You are looking at position" not in current
    # each move of the log leads to the position it made
    assert f'<a href="/games/{gid}?at={before}" title="the position after this move">{before}</a>' in current
    # following the links from the setup reaches the current position
    seen, page = [], page_at(client, gid, 0)
    while "next" in nav(page):
        seen.append(int(re.search(r'data-at="(\d+)"', page).group(1)))
        page = html(client.get(nav(page)["next"]))
    assert seen == list(range(last)) and "You are looking at position" not in page


@pytest.mark.parametrize("bad", ["-1", "x", "1.5", "", "１", "99999"])
def test_a_position_out_of_range_is_the_pages_404_saying_the_range(client, sessions, bad):
    gid, tokens = new_game(client, "palestine")
    picker = SeededChance(1, context="replay")
    for _ in range(3):
        play_one(client, sessions, gid, tokens, picker)
    r = client.get(f"/games/{gid}", query_string={"at": bad})
    assert r.status_code == 404
    page = html(r)
    assert "from 0 (the setup) to 3" in page and "Traceback" not in page
    assert f'<a href="/games/{gid}">Back to the game page</a>' in page
    assert html(client.get(f"/games/{gid}?at=4")).count("to 3 (the current one)") == 1
    assert client.get("/games/G-000000?at=0").status_code == 404


def test_a_seat_replays_its_own_view_without_a_move_form(client, sessions, propaganda_game):
    gid, tokens, before, _after = propaganda_game
    state = state_at(sessions, gid, before)
    acting = engine.active_roles(state)[0]
    sit(client, gid, tokens[acting])
    page = page_at(client, gid, before)
    assert f'data-role="{acting}"' in page, "the seat is held"
    _view, svg = positions.board_for(positions.At("palestine", state), acting)
    assert board_of(page) == positions.inline_svg(svg)[0], "the seat's own view of that position"
    assert 'name="orders"' not in page and "Your orders now" not in page
    assert f"You are looking at position {before} of" in page
    assert f"At position {before}: waiting for <b>{acting.capitalize()}" in page
    # the seat form keeps the position: leaving the seat comes back to it
    key = re.search(r'name="form_key" value="([^"]+)"', page).group(1)
    r = client.post(f"/games/{gid}/leave", data={"form_key": key, "at": str(before)})
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}?at={before}"
    # the board alone, zoomable, is the same drawing
    r = client.get(f"/games/{gid}/board.svg?at={before}")
    assert r.status_code == 200 and r.mimetype == "image/svg+xml"
    _view, public_svg = positions.board_for(positions.At("palestine", state), "public")
    assert r.get_data(as_text=True) == public_svg


def unrevealed(state: dict) -> set[str]:
    """The cards still unrevealed in *state*: its deck (``deck.remaining``, the hidden state itself)."""
    return set(deck.remaining(state))


def named(page: str, cards) -> list[str]:
    """The cards of *cards* the page names: every card the page shows (the log's "... (P6) was revealed.",
    the current card, the capabilities) is shown with its id. The form key, a random value, is left out."""
    text = re.sub(r'name="form_key" value="[^"]*"', "", page)
    return sorted(c for c in cards if re.search(rf"\b{re.escape(c)}\b", text))


def test_an_earlier_position_hides_what_was_hidden_there(client, sessions, propaganda_game):
    gid, _tokens, before, after = propaganda_game
    current = page_at(client, gid, None)
    log = log_of(sessions, gid)
    for seq in (before, after):
        page = page_at(client, gid, seq)
        state = state_at(sessions, gid, seq)
        hidden = unrevealed(state)
        assert not named(page, hidden), f"position {seq}: a card unrevealed there is named"
        later = {line["refs"]["card"] for e in log if e["seq"] > seq for line in e["log"]
                 if line.get("refs", {}).get("card")} & hidden
        assert named(current, later) == sorted(later), "the cards revealed later are on the current page"
        if seq == before:
            assert later, "a card unrevealed there was revealed later (the check can fail)"
        # no later move's dice or draws, and nothing of the deck but its size
        assert shown_seqs(page) == list(range(seq + 1))
        assert page.count('class="chance"') == len(chances([e for e in log if e["seq"] <= seq])) + len(
            chances([e for e in log if e["seq"] == seq]))  # the log's, and the position's move's again
        assert f"{engine.view(state, 'public')['deck_size']} cards left" in page


def test_an_earlier_arab_revolt_position_hides_the_chits_drawn_later(client, sessions):
    """Arab Revolt's Operations chits are drawn face down from a cup (1.8.1): at an earlier position the
    page shows the cup's size only, and none of the chits drawn after it."""
    gid, tokens = new_game(client, "arab-revolt")
    picker = SeededChance(5, context="replay")
    for _ in range(40):
        play_one(client, sessions, gid, tokens, picker)
    log = log_of(sessions, gid)
    draws = [e["seq"] for e in log if any("chit" in o.get("label", "") for o in e["outcomes"])]
    assert len(draws) >= 2, "chits were drawn in the game"
    seq = draws[1] - 1  # before the second move that drew chits
    page, current = page_at(client, gid, seq), page_at(client, gid, None)
    state = state_at(sessions, gid, seq)
    earlier = {line["text"] for e in log if e["seq"] <= seq for line in e["log"]}
    later = [line["text"] for e in log if e["seq"] > seq for line in e["log"]
             if "drew" in line["text"] and line["text"] not in earlier]
    assert later and all(esc(t) in current for t in later), "the later draws are on the current page"
    assert not [t for t in later if esc(t) in page], "a chit drawn after the position is on its page"
    assert shown_seqs(page) == list(range(seq + 1))
    view = engine.view(state, "public")
    assert "pool" not in view["ops"] and f"{view['ops']['pool_size']} in the cup" in page
    assert not named(page, unrevealed(state))


def test_the_current_page_shows_its_last_move_with_its_dice(client, sessions):
    gid, tokens = new_game(client, "palestine")
    r = post_text(client, gid, tokens["irgun"], "box opsa\nop sabotage\nspace galilee\nroll\n")
    assert r.status_code == 202
    adjudication.adjudicate(sessions, r.json["id"])
    page = page_at(client, gid, None)
    last = log_of(sessions, gid)[-1]
    box = section(page, "box this-move")
    assert f"Move {last['seq']} (the last): Irgun" in box and "<code>roll</code>" in box
    assert chances([last]) and all(c in box for c in chances([last]))
