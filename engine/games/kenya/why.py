"""Why an order is refused in Kenya: the words that name the facts of the position, and the rule that
forbids the order (issue 28).

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses, and
says it with these helpers: a space's name and kind, what it holds ("Nyeri has 2 Active Guerrillas and no
Troop"), the pieces of an order's argument (the series' :class:`engine.coin.refusals.Words`, bound here to
Kenya's board, cards and nouns), and Kenya's own facts: Control (1.7), Loyalty and Resistance (1.6), the
current Population (1.3.2), the Pipeline (6.6), Mau Mau Resources (1.8) and the Out of Play box (1.3.5).
Nothing here runs while prompting: only on a refusal.
"""

from __future__ import annotations

from ...coin.refusals import Words
from ...core.flow import Context
from . import board as B
from .data import CARDS

#: How a count of each thing is said: (one, many).
NOUNS = {
    "troops": ("Troop", "Troops"), "police": ("Police cube", "Police cubes"),
    "guerrillas": ("Guerrilla", "Guerrillas"),
    "guerrillas_u": ("Underground Guerrilla", "Underground Guerrillas"),
    "guerrillas_a": ("Active Guerrilla", "Active Guerrillas"), "bases": ("Base", "Bases"),
    "cubes": ("British cube", "British cubes"), "maumau": ("Mau Mau piece", "Mau Mau pieces"),
    "british": ("British piece", "British pieces"), "terror": ("Terror marker", "Terror markers"),
}

KIND_WORD = {"province": "a Province", "city": "Nairobi", "mountain-jungle": "a Mountain Jungle"}

#: Cards cited by another name than their title: the Propaganda cards.
TITLES = {"K33": "Propaganda", "K34": "Propaganda", "K35": "Propaganda"}

#: Kenya's refusal words (engine.coin.refusals), bound to its board, cards and nouns.
WORDS = Words(B.BOARD, CARDS, NOUNS, KIND_WORD,
              {"guerrillas": B.guerrillas, "cubes": B.cubes, "maumau": B.maumau, "british": B.british},
              letter="K", titles=TITLES)
because, prefixed, count, amount, has, names = (WORDS.because, WORDS.prefixed, WORDS.count, WORDS.amount,
                                                WORDS.has, WORDS.names)
kind_of, is_space, not_a_space, parts, form = (WORDS.kind_of, WORDS.is_space, WORDS.not_a_space, WORDS.parts,
                                               WORDS.form)
space_args, piece_key, turn_order, rule_of = WORDS.space_args, WORDS.piece_key, WORDS.turn_order, WORDS.rule_of


def control_of(g: Context, sid: str) -> str:
    """``Nyeri is Mau Mau Controlled``, ``Thika is Uncontrolled`` (1.7)."""
    side = B.control(g, sid)
    return f"{B.name(sid)} is {'Uncontrolled' if side is None else B.CONTROL.name(side) + ' Controlled'}"


def level_of(g: Context, sid: str) -> str:
    """``Kiambu is at Resistance``, ``Embu is Neutral``, ``Aberdares is a Mountain Jungle, never at Loyalty or
    Resistance``, ``Nyeri is Unpopulated, never at Loyalty or Resistance`` (1.6 and its NOTE)."""
    if not B.LOYALTY.takes(sid):
        return f"{B.name(sid)} is {kind_of(sid)}, never at Loyalty or Resistance (1.3.3)"
    if not B.populated(g, sid):
        return f"{B.name(sid)} is Unpopulated, never at Loyalty or Resistance (1.6)"
    lv = B.level(g, sid)
    return f"{B.name(sid)} is {'Neutral' if not lv else 'at ' + B.LOYALTY.word(lv)}"


def population_of(g: Context, sid: str) -> str:
    """``Nyeri has Population 1 (printed 2)``, ``Aberdares has Population 0`` (1.3.2)."""
    n, printed = B.pop(g, sid), B.PRINTED[sid]
    return f"{B.name(sid)} has Population {n}{f' (printed {printed})' if n != printed else ''}"


def pipeline_of(g: Context) -> str:
    """``the Pipeline is at Emergency Powers (1): Relocate 0 spaces, Reprisal 1 space`` (6.6)."""
    v = B.pipeline(g)
    return (f"the Pipeline is at {B.pipeline_name(v)} ({v}): Relocate {count_spaces(B.relocate_spaces(v))}, "
            f"Reprisal {count_spaces(B.reprisal_spaces(v))}")


def count_spaces(n: int) -> str:
    return f"{n} space{'' if n == 1 else 's'}"


def resources(g: Context) -> str:
    """``Mau Mau Resources are 2`` (1.8)."""
    return f"Mau Mau Resources are {B.resources(g)}"


def out_of_play(g: Context) -> str:
    """``the Out of Play box holds 8 Police cubes`` (1.3.5)."""
    return f"the Out of Play box holds {count(B.out_of_play(g), 'police')}"
