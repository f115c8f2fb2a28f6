"""The game report's boards option (issue 27, the report half of point 2): ``boards=none|card|propaganda``
prints a board at each card's reveal or at the end of each Propaganda Round before the current position's,
each rebuilt from the recorded moves (service.history.states_at) and drawn from its public view; a bad
value is refused saying which are allowed; the report says "game in progress" until the game ends."""

from __future__ import annotations

import base64
import io
import re
import time

import pytest
from pypdf import PdfReader

import engine
from engine.core.chance import SeededChance
from engine.games.palestine.data import CARDS
from engine.playout import choose
from service import games as G
from service import history
from service.errors import ServiceError
from service.models import Render
from service.reports import boards as B
from service.reports import documents, limits
from service.reports.store import get_or_render
from service.rulings import rulings_in_force
from tests.security.test_hidden_information import CARD_ID, hidden_of, twin
from tests.service.test_dice_service import _move

PAGE = re.compile(r'<div class="page" data-position="(\d+)">\n<h2>Position \1: ([^<]*)</h2>(.*?)</div><!-- position \1 -->',
                  re.S)


def new_game(sessions) -> str:
    with sessions() as s, s.begin():
        return G.create_game(s, "palestine", "standard", {}, None, "boards")[0].id


def state_of(sessions, gid) -> dict:
    with sessions() as s:
        return G.get_game(s, gid).state


def play(sessions, gid: str, until, seed: int = 7, limit: int = 3000) -> dict:
    """Random legal moves (seeded) until *until(state)* or the game's end."""
    picker = SeededChance(seed, context="report-boards")
    for _ in range(limit):
        state = state_of(sessions, gid)
        if until(state) or engine.outcome(state):
            return state
        role = engine.active_roles(state)[0]
        assert _move(sessions, gid, role, choose(engine.legal_actions(state, role), picker))["status"] == "accepted"
    raise AssertionError("the game did not get there")


def past_a_propaganda_round(sessions) -> str:
    """A game in progress two cards past its first Propaganda Round."""
    gid = new_game(sessions)
    st = play(sessions, gid, lambda s: s["propaganda"] >= 1 and CARDS[s["current"]]["kind"] == "event")
    n = len(st["played"])
    st = play(sessions, gid, lambda s: len(s["played"]) >= n + 2)
    assert not engine.outcome(st)
    return gid


@pytest.fixture
def in_progress(sessions):
    return past_a_propaganda_round(sessions)


def reveal_positions(sessions, gid) -> list[int]:
    """Where the log says a card was revealed (the setup reveals the first)."""
    with sessions() as s:
        moves = G.move_log(s, G.get_game(s, gid))
    return [0] + [m["seq"] for m in moves if any(e["text"].endswith(" was revealed.") for e in m["log"])]


def pages(html: str) -> list[tuple[int, str, str]]:
    """The report's pages of earlier positions: ``(position, heading, the rest of the page)``."""
    return [(int(p), heading, body) for p, heading, body in PAGE.findall(html)]


def board_svg(body: str) -> str:
    src = re.search(r'<img src="data:image/svg\+xml;base64,([^"]+)" alt="the board">', body)[1]
    return base64.b64decode(src).decode()


def test_a_board_at_each_cards_reveal_as_the_public_saw_it(sessions, in_progress):
    gid = in_progress
    revealed = reveal_positions(sessions, gid)
    with sessions() as s:
        game = G.get_game(s, gid)
        html = documents.report_html(s, game, "card")
        seq = game.seq
        states = history.states_at(s, game, revealed)
    got = pages(html)
    want = [p for p in revealed if p != seq]
    assert [p for p, _, _ in got] == want and len(want) >= 5
    for p, heading, body in got:
        view = engine.view(states[p], "public")
        card = view["current_card"]
        assert heading == f"{card['title']} ({card['id']}) revealed"
        svg = board_svg(body)
        assert f'<g class="card" data-card="{card["id"]}">' in svg
        assert f'<g class="deck" data-count="{view["deck_size"]}">' in svg
        for f in engine.facts(view):  # the facts of that position, not the current one's
            assert f"{f['label']}: <b>{f['value']}</b></span>" in body.replace("&#39;", "'")
    assert f"<h2>Position {seq}, game in progress" in html and "Final position" not in html
    assert f"<td>Position {seq}, game in progress</td>" in html


def test_a_board_at_the_end_of_each_propaganda_round(sessions, in_progress):
    gid = in_progress
    revealed = reveal_positions(sessions, gid)
    with sessions() as s:
        game = G.get_game(s, gid)
        html = documents.report_html(s, game, "propaganda")
        states = history.states_at(s, game, revealed)
    got = pages(html)
    assert [h for _, h, _ in got] == ["after Propaganda Round 1"]
    p, _, body = got[0]
    # the round's card was revealed at the reveal before p, and p is the next card's reveal
    before = revealed[revealed.index(p) - 1]
    assert engine.view(states[before], "public")["current_card"]["kind"] == "propaganda"
    assert engine.view(states[p], "public")["current_card"]["kind"] == "event"
    assert "<span>Propaganda Rounds: <b>1 of 3</b></span>" in body


def _board_pages(html: str) -> list[str]:
    return [body for _, _, body in pages(html)]


def test_an_earlier_board_hides_what_it_hid_then(sessions, in_progress):
    """Each board shows its position's public view: no card still to come at that position is named on it
    (the cards revealed later are in the log, not on the board), and the same position with its hidden
    cards in another order (the deck, the set-aside Events: ``twin``) prints the same board and facts."""
    gid = in_progress
    revealed = reveal_positions(sessions, gid)
    with sessions() as s:
        game = G.get_game(s, gid)
        export = G.export(s, game)
        rulings = rulings_in_force(game)

        def real(ps):
            return history.states_at(s, game, ps)

        def twins(ps):
            return {p: twin(st, CARDS) for p, st in history.states_at(s, game, ps).items()}

        html = documents.report_of(export, game.state, rulings, "card", real)
        other = documents.report_of(export, game.state, rulings, "card", twins)
        states = real(revealed)
    assert _board_pages(html) == _board_pages(other)
    for p, _, body in pages(html):
        hidden = hidden_of(states[p])
        assert hidden, p
        shown = body + board_svg(body)
        assert not set(CARD_ID.findall(shown)) & hidden, p
        assert not {c for c in hidden if f'data-card="{c}"' in shown}, p


def test_twin_states_do_change_what_is_hidden(sessions, in_progress):
    """The twin test above compares states that differ: the next card's pool order and set-aside Events."""
    with sessions() as s:
        game = G.get_game(s, in_progress)
        st = history.states_at(s, game, [0])[0]
    other = twin(st, CARDS)
    assert (other["deck"], other["unused"]) != (st.get("deck"), st.get("unused"))


def test_a_bad_boards_value_is_refused_saying_what_is_allowed(client, sessions):
    gid = new_game(sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        for bad in ("all", "", "Card", None, 3):
            with pytest.raises(ServiceError) as e:
                documents.report_html(s, game, bad)
            assert e.value.code == "bad-boards" and e.value.status == 400
            assert "none (no other board); card (a board at each card's reveal); propaganda" in e.value.message
    r = client.get(f"/api/games/{gid}/report.pdf?boards=all")
    assert r.status_code == 422, r.get_data(as_text=True)
    assert "'all' is not a boards option: use one of none" in r.json["message"] and "propaganda" in r.json["message"]
    assert client.get(f"/api/games/{gid}/report.pdf?board=card").status_code == 422  # a misspelt option
    with sessions() as s:
        assert s.query(Render).filter_by(game_id=gid).count() == 0  # nothing rendered, nothing stored


def test_the_api_serves_each_boards_option_as_a_pdf_of_its_own(client, sessions, in_progress):
    gid = in_progress
    texts = {}
    for boards in ("none", "card", "propaganda"):
        r = client.get(f"/api/games/{gid}/report.pdf" + ("" if boards == "none" else f"?boards={boards}"))
        assert r.status_code == 200 and r.data.startswith(b"%PDF")
        assert (boards in r.headers["Content-Disposition"]) == (boards != "none")
        texts[boards] = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(r.data)).pages)
    assert " revealed" not in texts["none"].split("The whole log")[0].replace("not revealed yet (revealed", "")
    assert "after Propaganda Round 1" in texts["propaganda"]
    assert texts["card"].count(" revealed\n") + texts["card"].count(" revealed ") >= 5
    with sessions() as s:
        kinds = sorted(r.kind for r in s.query(Render).filter_by(game_id=gid))
    assert kinds == ["report", "report+card", "report+prop"]


def test_the_finished_game_says_final_position(sessions):
    """A British Way game ends in a Propaganda Round (6.1: its victory checks): its final board is that
    round's, and says so."""
    gid = new_game(sessions)
    play(sessions, gid, lambda s: False)
    with sessions() as s:
        html = documents.report_html(s, G.get_game(s, gid), "propaganda")
    heads = re.findall("<h2>(.*?)</h2>", html)
    assert "<td>Final position</td>" in html and "game in progress" not in html, heads
    rounds = [h for h in heads if "Propaganda Round" in h]
    assert rounds[-1].startswith("Final position (") and rounds[-1].endswith("(the game&#39;s end)"), heads
    assert [h.split(": ", 1)[1].split(" (")[0] for h in rounds] == \
           [f"after Propaganda Round {n}" for n in range(1, len(rounds) + 1)]


def test_a_whole_games_report_with_a_board_per_card_stays_within_the_render_limits(sessions):
    """A game played to its end (Palestine: 21 cards) with a board per card, rendered as the service
    renders it: in the render child under its limits (UMPIRE_RENDER_SECONDS 60, UMPIRE_RENDER_MAX_MB
    1024). Run with ``-s`` for the cost."""
    gid = new_game(sessions)
    st = play(sessions, gid, lambda s: False)
    t = time.monotonic()
    pdf, seq = get_or_render(sessions, gid, "report", "public", boards="card")
    took = time.monotonic() - t
    child = limits.RENDERER._child  # the render child, still running: its peak resident memory
    with open(f"/proc/{child.proc.pid}/status") as f:
        hwm = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:")) // 1024
    pages_ = len(PdfReader(io.BytesIO(pdf)).pages)
    cards = len(st["played"])
    print(f"\n[report] {cards} cards, {seq} positions, boards=card: {pages_} pages, {len(pdf) // 1024} KiB, "
          f"{took:.1f} s, render child peak {hwm} MiB (limits: 60 s, 1024 MiB)")
    assert pages_ >= cards + 1  # the cover, a board a card (the last one the final position's), the log
    assert hwm < limits.Limits.from_env().max_bytes // (1024 * 1024)


def test_positions_read_the_views_only():
    """``boards.positions`` on views alone: a card seen twice in a row is one board; a round still running
    at the last view has no board yet; one that ended the game has its board there."""
    def v(cid, kind="event", rounds=0, outcome=None):
        return {"current_card": {"id": cid, "title": cid.lower(), "kind": kind}, "propaganda": rounds,
                "outcome": outcome}

    views = {0: v("P1"), 3: v("P2"), 4: v("P2"), 9: v("P35", "propaganda", 1), 12: v("P3", rounds=1),
             20: v("P33", "propaganda", 2)}
    assert B.positions("card", views) == [(0, "p1 (P1) revealed"), (3, "p2 (P2) revealed"),
                                          (9, "p35 (P35) revealed"), (12, "p3 (P3) revealed"),
                                          (20, "p33 (P33) revealed")]
    assert B.positions("propaganda", views) == [(12, "after Propaganda Round 1")]
    views[20] = v("P33", "propaganda", 2, {"winner": "british"})
    assert B.positions("propaganda", views)[-1] == (20, "after Propaganda Round 2 (the game's end)")
    assert B.positions("none", views) == []
    assert B.positions("card", {0: {"counter": 1}}) == []  # a game without cards
