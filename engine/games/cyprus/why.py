"""Why an order is refused in Cyprus: the words that name the facts of the position, and the rule that
forbids the order (issue 29).

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses, and
says it with these helpers: a space's name and kind, what it holds ("Nicosia has 1 Underground Cell and 1
Police cube"), the spaces of an order's argument (the series' :class:`engine.coin.refusals.Words`, bound here
to Cyprus's board, cards and nouns, and the names engine.coin.cell_operation asks of a Cell game: ``names``,
``has``, ``held``, ``space_of``, ``not_a_space``, ``word_of``, ``elsewhere``), and Cyprus's own facts: the
Intel Chits held (1.6.1), the Prison (1.3.6), the Curfew pool (1.10), Political Will (1.8) and International
Opinion (6.5). Nothing here runs while prompting: only on a refusal.
"""

from __future__ import annotations

from ...coin import cell_words
from ...coin.refusals import Words
from ...core.errors import Refusal
from ...core.flow import Context
from . import board as B
from .data import CARDS

__all__ = ["Refusal", "WORDS", "because", "count", "has", "names", "kind_of", "space_of", "not_a_space",
           "word_of", "elsewhere", "held"]

#: How a count of each thing is said: (one, many); the Cell games' (engine.coin.cell_words) and Cyprus's own.
NOUNS = {**cell_words.NOUNS, "cubes": ("British cube", "British cubes"), "eoka": ("EOKA piece", "EOKA pieces")}

KIND_WORD = {"town": "a Town", "mountain": "a Mountain", "base": "a British Base"}

#: Cards cited by another name than their title: the Propaganda cards.
TITLES = {"C33": "Propaganda", "C34": "Propaganda", "C35": "Propaganda"}

#: Cyprus's refusal words (engine.coin.refusals), bound to its board, cards and nouns.
WORDS = Words(B.BOARD, CARDS, NOUNS, KIND_WORD,
              {"cells": B.cells, "cubes": B.cubes, "eoka": B.eoka_pieces, "british": B.british_pieces},
              letter="C", titles=TITLES)
because, prefixed, count, amount, has, names = (WORDS.because, WORDS.prefixed, WORDS.count, WORDS.amount,
                                                WORDS.has, WORDS.names)
kind_of, is_space, parts, form = WORDS.kind_of, WORDS.is_space, WORDS.parts, WORDS.form
space_args, piece_key, turn_order, rule_of = WORDS.space_args, WORDS.piece_key, WORDS.turn_order, WORDS.rule_of


def not_a_space(word: str, rule: str | None = None) -> Refusal:
    """``'atlantis' is not a space of the map (1.3.1)``: the map's spaces are its Towns, Mountains and Bases."""
    return WORDS.not_a_space(word, rule)


def space_of(word: str | None) -> str | None:
    """The space *word* names: its id, or a unique beginning of it (``troo``, ``nic``; engine.coin.cell_words)."""
    return cell_words.space_of(word, B.BOARD)


#: The Cell games' words (engine.coin.cell_words): the order word a shortened word names (``rest`` for
#: ``restore``), the reason any step but a turn's Event box gives to an Event text (2.3.2).
word_of, EVENT_ONLY, elsewhere = cell_words.word_of, cell_words.EVENT_ONLY, cell_words.elsewhere


def held(g: Context) -> str:
    """The values of the Intel Chits the British hold (1.6.1: open information): ``0, 2`` or ``none``."""
    return B.held_text(g)


# -- Cyprus's own facts ------------------------------------------------------------------------------------

def chits_of(g: Context) -> str:
    """``the British hold Intel Chits 0, 2`` or ``the British hold no Intel Chit`` (1.6.1)."""
    h = g.s["intel"]["held"]
    return f"the British hold Intel Chits {held(g)}" if h else "the British hold no Intel Chit"


def prison_of(g: Context) -> str:
    """``Prison holds 3 Cells`` (1.3.6)."""
    return f"Prison holds {count(B.prison(g), 'cells')}"


def curfews_of(g: Context) -> str:
    """``no Curfew is left in the pool (Curfews in Limassol, Famagusta, Nicosia and Karpas)`` (1.10)."""
    on = B.curfew_spaces(g)
    left = B.curfew_pool(g)
    pool = f"{left} Curfew{'s are' if left != 1 else ' is'} left in the pool" if left else "no Curfew is left in the pool"
    return f"{pool} (Curfews in {names(on)})" if on else pool


def will_of(g: Context) -> str:
    """``Political Will is 14`` (1.8)."""
    return f"Political Will is {B.will(g)}"


def io_of(g: Context) -> str:
    """``International Opinion is at Debated (2)`` (6.5)."""
    return f"International Opinion is at {B.io_label(B.io(g))}"


# -- a Special Activity with no space (4.2, 4.3) -------------------------------------------------------------
