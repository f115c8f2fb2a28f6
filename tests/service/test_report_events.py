"""The PDFs show the game's events whatever the position (issue 21, finding 9).

Rendered PDFs are stored and served again while they are current. They used to be looked up by game,
kind, role and position alone, but abandoning, resigning and revealing the seed leave the position as it
is: a ``report.pdf`` asked for before such an event was served after it unchanged, still "in progress",
the seed "not revealed yet", no event listed; and a seat's snapshot still asked a side to act in a game
that was over. Each event below happens after both PDFs were rendered and stored at that position, and
both are asked for again.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from service import games as G
from service.seeds import open_seed


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "").split()) for page in PdfReader(io.BytesIO(pdf)).pages)


def _get(client, url: str, token: str | None = None) -> str:
    r = client.get(url, headers={"Authorization": f"Bearer {token}"} if token else {})
    assert r.status_code == 200 and r.data.startswith(b"%PDF"), (r.status_code, r.data[:300])
    return text_of(r.data)


#: event -> (request, what the report must then say, what the irgun's snapshot must then say or not)
EVENTS = {
    "abandon": (("post", "abandon", "umpire", {"reason": "venue closed"}),
                ["no winner", "abandoned by the umpire: venue closed"], "Game over"),
    "resign": (("post", "resign", "irgun", {"role": "irgun"}),
               ["British won (irgun resigned)", "irgun resigned"], "Game over: British won"),
    "reveal": (("post", "reveal", "umpire", None), ["revealed the seed"], None),
}


@pytest.mark.parametrize("event", list(EVENTS))
def test_an_event_that_keeps_the_position_shows_in_the_pdfs_asked_for_after_it(event, client, sessions):
    with sessions() as s, s.begin():
        game, tokens = G.create_game(s, "palestine", "standard", {}, None, "events")
        gid, seed, seq = game.id, open_seed(s, game).hex(), game.seq
    report = f"/api/games/{gid}/report.pdf"
    snapshot = f"/api/games/{gid}/snapshot.pdf"
    before = _get(client, report)
    assert "in progress" in before and seed not in before
    assert "irgun to act" in _get(client, snapshot, tokens["irgun"])

    (method, act, who, body), says, snapshot_says = EVENTS[event]
    r = getattr(client, method)(f"/api/games/{gid}/{act}", json=body,
                                headers={"Authorization": f"Bearer {tokens[who]}"})
    assert r.status_code == 200, r.get_json()
    with sessions() as s:
        assert G.get_game(s, gid).seq == seq, "the event was meant to keep the position"

    after = _get(client, report)
    for phrase in says:
        assert phrase in after, f"after {event}, the report does not say {phrase!r}: {after[:1500]}"
    assert seed in after, f"after {event}, the report does not show the revealed seed"
    shot = _get(client, snapshot, tokens["irgun"])
    if snapshot_says:
        assert snapshot_says in shot and "irgun to act" not in shot, shot[:1500]
