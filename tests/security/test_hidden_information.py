"""No output for a seat or the public contains hidden information (issue 9, part 5, item 5).

What is hidden (``engine.coin.view``, each game's ``view.py``; DESIGN.md section 3): the cards not revealed
yet, including the next one (neither game's view shows it: only the current card, with the deck's size;
since issue 22, attack 5 the deck stores no order and the next card is drawn when revealed,
engine.coin.deck), and which Events are set aside (only their number is shown); Arab Revolt's chit cups
keep their order hidden too. Palestine and Arab Revolt are played forward through the API with random
legal moves (seeded), and at the setup, in the middle of an Event and in a Propaganda round every output is
collected for each seat and the public: the JSON view, the log (JSON and text), the dice record, the
rulings, a check preview, the game page, the PDF snapshot's text (pypdf), and the mail a seat gets (a
STATUS answer, a verdict, HELP and the "your move" notice, as ``mail.compose`` writes them).

Two checks, neither fooled by a title that is also an ordinary word ("Lehi", "Curfews", "Montgomery"):

- a hidden card's id, written as outputs write card ids (``"P12"`` in JSON, ``Lehi (P7)`` in text; not
  ``P1``, one Police in the mail's board, nor ``R-P32``, a ruling), never appears (except in the rulings
  list, rules text that names cards and is the same for every game);
- the *twin* test: the same outputs for the same position with the hidden cards in another order (the
  deck's top card and the set-aside Events changed) name every card title and id the same number of times.
  Any output that depended on the hidden order or set would differ. ``test_the_checker_finds_a_planted_leak``
  proves each check catches a leak.

Japanese Occupation hides more than cards: the value of every concealed Intel chit nobody has seen (1.11).
The Example of Play places its nine chits face down, their values in the state apart (``intel_face_down``, 8.0
L1650); played forward, every output for each seat and the public is compared with the hidden facts
themselves: no view shows a value for such a chit, and the *Intel twin* (the same state with those values permuted among the concealed spaces)
gives every output identical, text for text. ``test_the_intel_checker_finds_a_planted_leak`` proves it catches
a leak.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import random
import re

import pytest
from pypdf import PdfReader

import engine
from engine.coin import deck
from engine.core.chance import SeededChance
from engine.playout import choose
from mail import compose
from service import games as G
from service.models import Game
from service.reports.documents import snapshot_pdf
from tests.service.test_api import adjudicated, auth, post_text
from tests.service.test_game_page import sit

#: A card id as outputs write one: a JSON string ("P12") or after a title ("Lehi (P7)"); not "T2 P1 Cu1"
#: (a Police count in the mail's board) or "R-P32" (a ruling). The letters of Palestine, Arab Revolt, Malaya,
#: Kenya and Japanese Occupation; not Cyprus's: its board names a box "Suez (C4)" at every position (the card's
#: Troops are kept there), so its cards are left to the twin test.
CARD_ID = re.compile(r"[\"(]([PAMKJ]\d{1,2})[\")]")
#: PDFs are the slow output: rendered at the positions whose name is listed (all of them with =all).
PDF_AT = os.environ.get("UMPIRE_HIDDEN_PDF_AT", "propaganda")


def _cards(slug: str) -> dict[str, dict]:
    return importlib.import_module(f"engine.games.{slug.replace('-', '_')}.data").CARDS


def hidden_of(state: dict) -> set[str]:
    """Card ids a viewer must not learn: the cards not revealed yet (``engine.coin.deck.remaining``: what
    the deck may still reveal and the set-aside Events; ``current`` and the played and capability cards
    are public). Not the Propaganda cards: that one is shuffled into the bottom of each pile is the setup
    procedure (2.1); where in the pile is not stored (engine.coin.deck), and the twin test covers it."""
    cards = _cards(state["game"])
    return {c for c in deck.remaining(state) if cards[c].get("kind") != "propaganda"}


def twin(state: dict, cards: dict) -> dict:
    """The same position with the hidden cards in another order: another top card (of another title) and,
    where Events are set aside, another set of them. A deck that stores no order (engine.coin.deck) is
    first written as a game stored before issue 22, attack 5 held its deck (an ordered list and the
    set-aside Events), so the outputs must also be the same for either way of storing the position."""
    if not deck.is_legacy(state):
        order = sorted(deck.remaining(state), key=lambda c: int(c[1:]))
        n = deck.size(state)
        state = {**state, "deck": order[:n], "unused": order[n:]}
    hidden = list(state["deck"]) + list(state["unused"])
    for k in range(1, len(hidden)):
        rot = hidden[k:] + hidden[:k]
        if cards[rot[0]]["title"] != cards[hidden[0]]["title"]:
            n = len(state["deck"])
            return {**state, "deck": rot[:n], "unused": rot[n:]}
    raise AssertionError("no twin position: every hidden card has the same title")


#: The page's form key (CSRF) and move id: random per page, so one may by chance begin with a card id
#: ("P9x..."); they are no output of the position, and are left out before counting.
RANDOM_FIELDS = re.compile(r'name="(form_key|move_id)" value="[^"]*"')


def counts(text: str, cards: dict) -> dict[str, int]:
    text = RANDOM_FIELDS.sub(r'name="\1" value=""', text)
    out = {cid: len(re.findall(rf"(?<![\w-]){cid}(?!\d)", text)) for cid in cards}
    for c in cards.values():
        out["title:" + c["title"]] = text.count(c["title"])
    return {k: v for k, v in out.items() if v}


#: The items of a draw that revealed a card (the dice record's ``items``, label ``deck: ...``): the pool it
#: was drawn from, every card not revealed yet alike (engine.coin.deck), public as the played cards are.
DECK_POOL = re.compile(r'"items":\[[^\]]*\](?=(?:,"[a-z]+":(?:\d+|"[^"]*"))*,"label":"deck:)')


def direct_leaks(text: str, state: dict) -> set[str]:
    return set(CARD_ID.findall(DECK_POOL.sub('"items":[]', text))) & hidden_of(state)


def twin_leaks(outputs: dict[str, str], twin_outputs: dict[str, str], cards: dict) -> dict[str, dict]:
    out = {}
    for name, text in outputs.items():
        a, b = counts(text, cards), counts(twin_outputs[name], cards)
        diff = {k: (a.get(k, 0), b.get(k, 0)) for k in set(a) | set(b) if a.get(k, 0) != b.get(k, 0)}
        if diff:
            out[name] = diff
    return out


def _pdf_text(pdf: bytes) -> str:
    return "\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(pdf)).pages)


def collect(app, client, sessions, gid: str, tokens: dict, who: str, with_pdf: bool) -> dict[str, str]:
    """Every output *who* (a role or ``public``) gets at the game's current position."""
    tok = tokens.get(who)
    out = {"view": client.get(f"/api/games/{gid}", headers=auth(tok)).get_data(as_text=True),
           "log": client.get(f"/api/games/{gid}/log").get_data(as_text=True),
           "log text": client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True),
           "dice": client.get(f"/api/games/{gid}/dice").get_data(as_text=True),
           "rulings": client.get(f"/api/games/{gid}/rulings").get_data(as_text=True),
           "list": client.get("/api/games").get_data(as_text=True)}
    client.delete_cookie("umpire_seat", path=f"/games/{gid}")
    if who != "public":
        sit(client, gid, tok)
    out["page"] = client.get(f"/games/{gid}").get_data(as_text=True)
    out["board alone"] = client.get(f"/games/{gid}/board.svg").get_data(as_text=True)
    out["page at the setup"] = client.get(f"/games/{gid}?at=0").get_data(as_text=True)
    out["landing"] = client.get("/").get_data(as_text=True)
    verdict = None
    if who != "public":
        r = post_text(client, gid, tok, "pass\n", path="check")
        out["check"], verdict = r.get_data(as_text=True), r.get_json()
    with sessions() as s:
        game = G.get_game(s, gid)
        view = G.game_view(game, None if who == "public" else who)
        if who != "public":
            blocks = (compose.position_blocks(gid, view, who)
                      + compose.help_blocks(gid, game.game, "g@x", who, G.prompts(game))
                      + compose.verdict_blocks(verdict, who))
            out["mail text"], out["mail html"] = compose.text_of(blocks), compose.html_of(blocks)
        if with_pdf:
            out["pdf"] = _pdf_text(snapshot_pdf(s, game, who))
    return out


@contextlib.contextmanager
def as_twin(sessions, gid: str, cards: dict):
    with sessions() as s, s.begin():
        g = s.get(Game, gid)
        real = g.state
        g.state = twin(real, cards)
    try:
        yield real
    finally:
        with sessions() as s, s.begin():
            s.get(Game, gid).state = real


def _stage(state: dict) -> str | None:
    """``event`` in the middle of an Event (a card's procedure, ``*.ev.*``, on the stack), ``propaganda``
    in a Propaganda round."""
    names = " ".join(str(f.get("p", "")) for f in state.get("flow", []))
    if "propaganda" in names:
        return "propaganda"
    if ".ev." in names:
        return "event"
    return None


def play_to_stages(client, sessions, gid, tokens, seed: int, limit: int = 400):
    """Plays random legal actions, one a move, yielding at the setup and at the first position of each
    stage (mid-Event, Propaganda)."""
    picker = SeededChance(seed, context="hidden-information")
    yield "setup"
    seen = set()
    for _ in range(limit):
        with sessions() as s:
            state = G.get_game(s, gid).state
        if engine.outcome(state) or seen >= {"event", "propaganda"}:
            return
        stage = _stage(state)
        if stage and stage not in seen:
            seen.add(stage)
            yield stage
        role = engine.active_roles(state)[0]
        legal = engine.legal_actions(state, role)
        # Events half the time they are offered, so one with choices comes soon
        action = "box event" if "event" in legal.get("box", []) and picker.integer(2) == 0 else choose(legal, picker)
        # The position is stated (README: the same orders twice in a row are then two moves, not a copy)
        r = post_text(client, gid, tokens[role], action + "\n", query=f"?after={state['seq']}")
        assert r.status_code == 202, r.get_data(as_text=True)
        assert adjudicated(client, sessions, r.get_json()["id"])["status"] == "accepted"
    raise AssertionError(f"no Event and Propaganda within {limit} actions")


@pytest.mark.parametrize("slug,seed", [("palestine", 3), ("arab-revolt", 5), ("malaya", 7), ("kenya", 9),
                                       ("cyprus", 11), ("japanese-occupation", 13)])
def test_no_output_for_a_seat_or_the_public_holds_hidden_cards(app, client, sessions, monkeypatch, slug, seed):
    rnd = random.Random(seed)  # the game's seed too, so the dice and the positions are the same every run
    monkeypatch.setattr(G.secrets, "token_bytes", lambda n=32: rnd.randbytes(n))
    r = client.post("/api/games", json={"game": slug, "title": "hidden"})
    gid, tokens = r.get_json()["id"], r.get_json()["tokens"]
    cards = _cards(slug)
    stages = []
    for stage in play_to_stages(client, sessions, gid, tokens, seed):
        stages.append(stage)
        with_pdf = PDF_AT == "all" or stage == PDF_AT
        for who in [*engine.definition(slug).roles, "public"]:
            with sessions() as s:
                state = G.get_game(s, gid).state
            real = collect(app, client, sessions, gid, tokens, who, with_pdf)
            for name, text in real.items():
                if name == "rulings":  # rules text naming cards, the same for every game: the twin test holds it
                    continue
                assert not direct_leaks(text, state), f"{slug} {stage} {who} {name}: {direct_leaks(text, state)}"
            with as_twin(sessions, gid, cards):
                other = collect(app, client, sessions, gid, tokens, who, with_pdf)
            assert not twin_leaks(real, other, cards), f"{slug} {stage} {who}: {twin_leaks(real, other, cards)}"
    assert stages == ["setup", "event", "propaganda"] or stages == ["setup", "propaganda", "event"], stages


def test_the_checker_finds_a_planted_leak(app, client, sessions):
    r = client.post("/api/games", json={"game": "palestine"})
    gid, tokens = r.get_json()["id"], r.get_json()["tokens"]
    cards = _cards("palestine")
    with sessions() as s:
        state = G.get_game(s, gid).state
    real = collect(app, client, sessions, gid, tokens, "irgun", False)
    with as_twin(sessions, gid, cards):
        other = collect(app, client, sessions, gid, tokens, "irgun", False)
    assert not twin_leaks(real, other, cards)
    nxt = sorted(hidden_of(state))[0]  # a card not revealed yet, as if an output named the next card
    planted = {**real, "page": real["page"] + f"<p>next: {cards[nxt]['title']}</p>"}
    assert "page" in twin_leaks(planted, other, cards)  # the next card's title, by the twin test
    assert direct_leaks(real["view"] + f' "{nxt}"', state) == {nxt}  # its id, directly
    assert direct_leaks(real["page"] + f" {cards[nxt]['title']} ({nxt})", state) == {nxt}
    assert direct_leaks("ruling R-P32, Haifa City T2 P1 Cu1, rule 3.2.1", state) == set()  # not fooled


# -- Japanese Occupation's concealed Intel chits (1.11) ---------------------------------------------------------

JO = "japanese-occupation"


def hidden_chits(state: dict) -> dict[str, int]:
    """The hidden facts: the value of each concealed chit nobody has seen that holds one (the Example of Play's,
    kept apart in ``state["intel_face_down"]``; a chit dealt in a standard game has none until it is revealed,
    engine.games.japanese_occupation.intel_chits)."""
    return dict(state["intel_face_down"])


def intel_twin(state: dict) -> dict:
    """*state* with the values of :func:`hidden_chits` moved round among their spaces (the first rotation that
    changes one): nothing public differs."""
    hidden = hidden_chits(state)
    spaces, values = list(hidden), list(hidden.values())
    for k in range(1, len(values)):
        moved = values[k:] + values[:k]
        if moved != values:
            return {**state, "intel_face_down": dict(zip(spaces, moved, strict=True))}
    raise AssertionError(f"no Intel twin: the concealed values {hidden} are all alike")


@contextlib.contextmanager
def as_intel_twin(sessions, gid: str):
    with sessions() as s, s.begin():
        g = s.get(Game, gid)
        real = g.state
        g.state = intel_twin(real)
    try:
        yield real
    finally:
        with sessions() as s, s.begin():
            s.get(Game, gid).state = real


def differing(real: dict[str, str], other: dict[str, str]) -> list[str]:
    """The outputs that are not the same text (the page's random form key and move id aside)."""
    return [name for name, text in real.items()
            if RANDOM_FIELDS.sub(r'name="\1" value=""', text) != RANDOM_FIELDS.sub(r'name="\1" value=""',
                                                                                   other[name])]


def shown_values(view_json: str, state: dict) -> dict[str, object]:
    """What the JSON view shows as the value of each hidden chit: None (nothing) is the only right answer."""
    intel = json.loads(view_json)["view"]["intel"]
    return {sid: intel[sid]["value"] for sid in hidden_chits(state) if intel[sid]["value"] is not None}


def test_no_output_shows_a_concealed_intel_chit(app, client, sessions, monkeypatch):
    rnd = random.Random(17)
    monkeypatch.setattr(G.secrets, "token_bytes", lambda n=32: rnd.randbytes(n))
    r = client.post("/api/games", json={"game": JO, "scenario": "example-of-play", "title": "hidden chits"})
    gid, tokens = r.get_json()["id"], r.get_json()["tokens"]
    stages = []
    for stage in play_to_stages(client, sessions, gid, tokens, 17):
        stages.append(stage)
        with sessions() as s:
            state = G.get_game(s, gid).state
        assert len(hidden_chits(state)) >= 2, state["intel"]  # hidden facts to compare with
        for who in [*engine.definition(JO).roles, "public"]:
            real = collect(app, client, sessions, gid, tokens, who, stage == PDF_AT or PDF_AT == "all")
            assert not shown_values(real["view"], state), f"{stage} {who}: {shown_values(real['view'], state)}"
            with as_intel_twin(sessions, gid):
                other = collect(app, client, sessions, gid, tokens, who, stage == PDF_AT or PDF_AT == "all")
            assert not differing(real, other), f"{stage} {who}: {differing(real, other)}"
    assert sorted(stages) == ["event", "propaganda", "setup"], stages


def test_the_intel_checker_finds_a_planted_leak(app, client, sessions):
    r = client.post("/api/games", json={"game": JO, "scenario": "example-of-play"})
    gid, tokens = r.get_json()["id"], r.get_json()["tokens"]
    with sessions() as s:
        state = G.get_game(s, gid).state
    real = collect(app, client, sessions, gid, tokens, "british", False)
    twin = intel_twin(state)
    with as_intel_twin(sessions, gid):
        other = collect(app, client, sessions, gid, tokens, "british", False)
    assert not differing(real, other)
    hidden, twin_hidden = hidden_chits(state), hidden_chits(twin)
    sid = next(s for s in hidden if twin_hidden[s] != hidden[s])
    # an output naming a concealed chit's value, as a leak would: the twin's differs
    leak = {**real, "page": real["page"] + f"<p>{sid}: {hidden[sid]}</p>"}
    other = {**other, "page": other["page"] + f"<p>{sid}: {twin_hidden[sid]}</p>"}
    assert differing(leak, other) == ["page"]
    # a view showing the value, directly
    view = json.loads(real["view"])
    view["view"]["intel"][sid]["value"] = hidden[sid]
    assert shown_values(json.dumps(view), state) == {sid: hidden[sid]}
    assert shown_values(real["view"], state) == {}
