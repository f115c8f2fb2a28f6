"""Capabilities and Momentum name their card and the text in force, alike in every output (issue 27,
point 4): the board's panel printed bare ids (``P25 (shaded)``); now it prints what the game's facts say
(engine.coin.facts: ``Menachem Begin (P25, shaded: Irgun leader)``), which the text board, the mail, the
game page and the PDFs' facts print too. Palestine's P27 shaded, in effect until the next Event card, is
its Momentum."""

from __future__ import annotations

import importlib
import io
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

import engine
from engine.coin.facts import CARD_SEP, SIDES
from engine.core.chance import SeededChance
from service import games as G
from service.reports import documents, load_layout, render_board_svg
from service.textboard import render_text

SVG = "{http://www.w3.org/2000/svg}"
#: Per game: Capabilities put in force (a shaded one, an unshaded one, a single-text one where the game has
#: one), as the state keeps them.
IN_FORCE = {"palestine": {"P25": "shaded", "P9": "unshaded"},
            "malaya": {"M8": "shaded", "M28": "unshaded"},
            "arab-revolt": {"A1": "shaded", "A28": "event"}}


def cards_of(slug: str) -> dict[str, dict]:
    return importlib.import_module(f"engine.games.{slug.replace('-', '_')}.data").CARDS


def expected(slug: str, cid: str, side: str) -> str:
    card = cards_of(slug)[cid]
    label = card["unshaded" if side in ("unshaded", "event") else "shaded"]
    return f"{card['title']} ({cid}, {side}: {label})"


def state_with(slug: str, caps: dict, loans: str | None = None) -> dict:
    state = engine.setup(slug, "standard", {}, SeededChance(1))
    state["capabilities"] = dict(caps)
    if loans:
        state["flags"]["loans"] = loans
    return state


def fact(view: dict, label: str) -> str | None:
    return next((f["value"] for f in engine.facts(view) if f["label"] == label), None)


def panel_lines(view: dict, slug: str) -> list[ET.Element]:
    defn = engine.definition(slug)
    root = ET.fromstring(render_board_svg(view, load_layout(slug), {**defn.names, "game": defn.title}, paper=True,
                                          header=False, tooltips=False))
    panel = next(g for g in root.iter(SVG + "g") if g.get("class") == "capabilities")
    return list(panel.iter(SVG + "text"))[1:]  # after the title


@pytest.mark.parametrize("slug", list(IN_FORCE))
def test_the_facts_and_the_board_name_each_capability_by_title_and_text_in_force(slug):
    caps = IN_FORCE[slug]
    view = engine.view(state_with(slug, caps), "public")
    want = [expected(slug, c, s) for c, s in sorted(caps.items())]
    assert fact(view, "Capabilities") == CARD_SEP.join(want)
    lines = panel_lines(view, slug)
    assert [(t.get("data-card"), t.get("data-side"), t.text) for t in lines] == \
           [(c, s, w) for (c, s), w in zip(sorted(caps.items()), want, strict=True)]
    for t in lines:  # never the bare id the panel printed
        assert t.text != f"{t.get('data-card')} ({t.get('data-side')})"
    assert CARD_SEP.join(want) in " ".join(render_text({"id": "G-TEST01"}, view).split())


@pytest.mark.parametrize("slug", list(IN_FORCE))
def test_no_capability_is_none(slug):
    view = engine.view(state_with(slug, {}), "public")
    assert fact(view, "Capabilities") == "none" and fact(view, "Momentum") is None
    lines = panel_lines(view, slug)
    assert [t.text for t in lines] == ["none"]


@pytest.mark.parametrize("loans, now", [("next", "the British must Pass on the next Event card"),
                                         ("now", "the British must Pass on this card")])
def test_palestines_p27_shaded_is_its_momentum_in_the_facts_and_on_the_board(loans, now):
    view = engine.view(state_with("palestine", {"P25": "shaded"}, loans), "public")
    text = f"American Loans (P27, shaded: Financial Dunkirk): {now} (ruling R-P27)"
    assert fact(view, "Momentum") == text
    lines = panel_lines(view, "palestine")
    assert [t.get("class") for t in lines][:1] == ["capability"]
    momentum = [t for t in lines if t.get("class") == "momentum"]
    assert momentum and " ".join(t.text for t in momentum) == f"Momentum: {text}"  # on two lines if need be
    assert all(t.get("data-card") is None for t in momentum)


def test_a_full_panel_cuts_its_lines_short_rather_than_running_past_the_next_panel():
    """Every Capability of Palestine in force at once, and P27: more lines than the panel holds, in two
    columns; the last says how many more the facts list."""
    caps = {c: "shaded" for c, card in cards_of("palestine").items() if card.get("capability")}
    view = engine.view(state_with("palestine", caps, "next"), "public")
    lines = panel_lines(view, "palestine")
    panel = next(p for p in load_layout("palestine")["panels"] if p["type"] == "capabilities")
    ys = {float(t.get("y")) for t in lines}
    assert max(ys) <= panel["y"] + 66 and len({float(t.get("x")) for t in lines}) == 2
    assert lines[-1].get("class") == "more" and lines[-1].text.startswith("and ")
    shown = len([t for t in lines if t.get("class") != "more"])
    assert f"and {len(caps) + 1 - shown} more" in lines[-1].text


def test_the_separator_of_the_cards_is_in_no_title_or_label():
    """The board splits the Capabilities and Momentum facts into cards on ``CARD_SEP``."""
    for slug in IN_FORCE:
        for cid, card in cards_of(slug).items():
            for text in (card["title"], *(card.get(s) or "" for s in SIDES)):
                assert CARD_SEP not in text, (slug, cid, text)


def test_the_snapshot_pdf_prints_the_same_text_and_keeps_its_board_on_the_first_page(sessions):
    """The snapshot's facts line names each Capability with its text, long enough to break between its
    words (it used to run off the page, breaking only between facts); the board, shorter by the lines the
    facts take (documents.facts_lines), still fits the first page with its key."""
    caps = {"P25": "shaded", "P18": "shaded", "P29": "shaded", "P9": "unshaded"}
    with sessions() as s, s.begin():
        game, _ = G.create_game(s, "palestine", "standard", {}, None, "caps")
        game.state = {**game.state, "capabilities": caps, "flags": {"loans": "next"}}
        gid = game.id
    with sessions() as s:
        game = G.get_game(s, gid)
        html = documents.snapshot_html(s, game, "public")
        pdf = documents.snapshot_pdf(s, game, "public", documents.DataOnlyFetcher())
    view = engine.view(game.state, "public")
    facts = engine.facts(view)
    assert '<span class="wrap">Capabilities: <b>' in html and '<span class="wrap">Momentum: <b>' in html
    assert documents.facts_lines(facts) >= 4
    pages = ["".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages]
    assert "".join("MenachemBegin(P25,shaded:Irgunleader)".split()) in pages[0]
    assert "Momentum:AmericanLoans(P27,shaded:FinancialDunkirk)" in pages[0]
    assert "nottheprintedboard." in pages[0]  # the key, printed over the foot of the board's side panel
