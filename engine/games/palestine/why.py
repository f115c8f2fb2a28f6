"""Why an order is refused in Palestine: the words that name the facts of the position.

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses, and
says it with these helpers: a space's name and kind, what it holds ("Lydda has 1 Cell and 1 Police cube"),
the spaces of an order's argument. The rule that forbids the order is the first rule number in parentheses
of the reason (``engine.core.errors.forbidding_rule``), or a :class:`Refusal`'s ``rule`` for a card's
restriction. Nothing here runs while prompting: only on a refusal.
"""

from __future__ import annotations

from ...coin import cell_words, wording
from ...core.errors import Refusal
from ...core.flow import Context
from . import board as B

__all__ = ["Refusal", "space_of", "not_a_space", "spaces_in", "count", "has", "names", "kind_of", "held",
           "elsewhere", "word_of"]

#: How a count of each thing is said: (one, many); the Cell games' (engine.coin.cell_words) and Palestine's own.
NOUNS = {**cell_words.NOUNS, "irgun": ("Irgun piece", "Irgun pieces"), "terror": ("Terror marker", "Terror markers")}

KIND_WORD = {"city": "a City", "district": "a District", "railway": "a Railway"}


def count(n: int, what: str) -> str:
    """``no Troop``, ``1 Troop``, ``2 Troops`` (*what*: a key of :data:`NOUNS`)."""
    return wording.count(n, *NOUNS[what])


def amount(x: dict, what: str) -> int:
    """How many of *what* the space counts *x* hold: a key, or ``cells``, ``irgun``, ``british``."""
    if what == "cells":
        return B.cells(x)
    if what == "irgun":
        return B.irgun_pieces(x)
    if what == "british":
        return B.british_pieces(x)
    return x[what]


def has(g: Context, sid: str, *what: str) -> str:
    """``Lydda has 1 Cell and no Police cube``: the counts of *what* in *sid* (see :func:`amount`)."""
    x = B.sp(g, sid)
    return f"{B.name(sid)} has {names([count(amount(x, w), w) for w in what], plain=True)}"


def names(items, plain: bool = False) -> str:
    """``Galilee, Lydda and Gaza`` for space ids (or, *plain*, for words as given); ``none`` if empty."""
    return wording.joined(list(items) if plain else [B.name(s) for s in items])


def kind_of(sid: str) -> str:
    """``a City``, ``a District``, ``a Railway`` (1.3.2 to 1.3.4)."""
    return KIND_WORD[B.KIND[sid]]


def space_of(word: str | None) -> str | None:
    """The space *word* names: its id, or a unique prefix of its words (``jer city``, ``tel``;
    engine.coin.cell_words)."""
    return cell_words.space_of(word, B.BOARD)


word_of = cell_words.word_of  # the order word a shortened word names (``rest`` for ``restore``)


def not_a_space(word: str) -> str:
    """The reason for a word that names no space (1.3.1: only the Districts, Cities and Railways)."""
    return (f"{word!r} is not a space of the map (1.3.1: the map's spaces are its Districts, Cities and Railways; "
            "the foreign territories are not playable)")


def spaces_in(arg: str | None, n: int) -> list[str] | str:
    """The *n* spaces an order's argument names (``galilee rail-haifa``); else why not: a word that names no
    space (:func:`not_a_space`), or ``""`` when the argument has not *n* words (the caller says what the
    order takes)."""
    parts = (arg or "").split()
    if len(parts) != n:
        return ""
    out = []
    for p in parts:
        sid = space_of(p)
        if sid is None:
            return not_a_space(p)
        out.append(sid)
    return out


#: The reason any step but a turn's Event box gives to an Event text (2.3.2), and the step's refusal of one.
EVENT_ONLY, elsewhere = cell_words.EVENT_ONLY, cell_words.elsewhere


def held(g: Context) -> str:
    """The values of the Intel Chits the British hold (1.6.1: open information): ``0, 2`` or ``none``."""
    h = g.s["intel"]["held"]
    return ", ".join(str(v) for v in h) if h else "none"
