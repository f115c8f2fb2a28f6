"""One grammar of orders, written down once (issue 24, item 5): every game's table names exactly the order
words the game declares, docs/orders.md is the text the code gives, and mail's HELP serves that text."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import engine
from mail import compose

ROOT = Path(__file__).resolve().parents[2]
SLUGS = sorted(g["slug"] for g in engine.games())


def _doc_script():
    spec = importlib.util.spec_from_file_location("orders_doc", ROOT / "scripts" / "orders_doc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("slug", SLUGS)
def test_every_declared_order_word_is_in_the_games_table_and_no_other(slug):
    defn = engine.definition(slug)
    words = [o.word for o in defn.orders]
    assert len(words) == len(set(words)), f"{slug}: a word twice in its table"
    assert set(words) == set(defn.verbs), (f"{slug}: missing {sorted(defn.verbs - set(words))}, "
                                           f"not declared {sorted(set(words) - defn.verbs)}")
    assert all(o.meaning and o.rule for o in defn.orders), f"{slug}: an order without meaning or rule"
    # no card named: the help goes to every seat at every point of the game (hidden information)
    assert not [o.form for o in defn.orders if re.search(r"\b[A-Z]\d+\b", o.form + o.meaning + o.rule)]


def test_docs_orders_md_is_what_the_code_gives():
    assert (ROOT / "docs" / "orders.md").read_text() == _doc_script().text(), \
        "docs/orders.md is out of date: run python scripts/orders_doc.py"


@pytest.mark.parametrize("slug", [s for s in SLUGS if engine.definition(s).orders])
def test_mail_help_serves_the_same_text(slug):
    text = compose.text_of(compose.help_blocks("g-1", slug, "game-g-1@example.org", None, {}))
    grammar = engine.orders_text(slug)
    body = [ln.strip() for ln in text.splitlines()]
    assert [ln.strip() for ln in grammar.splitlines()] == body[body.index("How to write orders"):][:len(grammar.splitlines())]
    assert max(map(len, grammar.splitlines())) <= 76
    for o in engine.definition(slug).orders:  # every order of the table, as docs/orders.md gives it
        assert o.form in grammar and f"`{o.form}`" in (ROOT / "docs" / "orders.md").read_text()
