"""The hex map on a full-size pack (issue 31 item 5): bench/faiw_pack.py's generated 60 x 40 map (test data) is a
pack the service's checks accept, and its board, drawn hex by hex from the view, renders to a PDF."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest

import engine
from bench.faiw_pack import COLUMNS, ROWS, deployed_game, full_size_pack
from engine.core.game import REGISTRY
from engine.games.first_arab_israeli_war import DEFINITION, board
from service.packs.store import check
from service.reports import documents
from service.reports.pdf import DataOnlyFetcher, html_to_pdf


@pytest.fixture
def faiw():
    had = REGISTRY.get(DEFINITION.slug)
    REGISTRY[DEFINITION.slug] = dataclasses.replace(DEFINITION, board=board.board_data)
    yield
    if had is None:
        REGISTRY.pop(DEFINITION.slug, None)
    else:
        REGISTRY[DEFINITION.slug] = had


def test_the_generated_pack_passes_the_service_checks():
    manifest, files = full_size_pack()
    assert check(manifest, files) == []
    assert len(files["map"]["hexes"]) == COLUMNS * ROWS and manifest["test_data"] is True


def test_a_full_size_board_renders_to_a_pdf(faiw):
    state = deployed_game(seed=2)
    view = engine.view(state, "israel")
    data = board.board_data(view)
    assert len(data["hexes"]) == COLUMNS * ROWS and len(data["stacks"]) >= 20
    assert any(b["destroyed"] for b in data["bridges"]) and any(h["entrenched"] for h in data["hexes"])
    svg = documents.board_of(DEFINITION.slug, view, paper=True)
    ET.fromstring(svg.encode())
    assert len(svg) < 200_000  # one region a terrain, one pattern for the hex outlines
    game = {"id": "full", "game": DEFINITION.slug, "title": "Full size", "seq": state["seq"],
            "commitment": "cd" * 32, "outcome": None}
    fetcher = DataOnlyFetcher()
    pdf = html_to_pdf(documents.snapshot_of(game, state, "israel", [], {}), fetcher)
    assert pdf.startswith(b"%PDF") and not fetcher.refused
