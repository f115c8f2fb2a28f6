"""Why an order is refused in Arab Revolt: the words that name the facts of the position,
and the rule that forbids the order.

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses (the
same functions, or a reason function the prompt filters on), and says it with these helpers: a space's name
and kind, what it holds ("Galilee has 1 Active Guerrilla and no Underground Guerrilla"), the pieces of an
order's argument (the series' :class:`engine.coin.refusals.Words`, bound here to Arab Revolt's board, cards
and nouns). ``because`` cites the forbidding rule: the rule number, or for a card's restriction a
``Refusal`` whose ``rule`` is the card's id and whose text names the card. Nothing here runs while
prompting: only on a refusal.
"""

from __future__ import annotations

from ...coin.refusals import Words
from ...core.flow import Context
from . import board as B
from .data import CARDS

#: How a count of each thing is said: (one, many).
NOUNS = {
    "troops": ("Troop", "Troops"), "police": ("Police cube", "Police cubes"),
    "irregulars": ("Irregular", "Irregulars"), "irregulars_u": ("Underground Irregular", "Underground Irregulars"),
    "irregulars_a": ("Active Irregular", "Active Irregulars"), "guerrillas": ("Guerrilla", "Guerrillas"),
    "guerrillas_u": ("Underground Guerrilla", "Underground Guerrillas"),
    "guerrillas_a": ("Active Guerrilla", "Active Guerrillas"), "bases": ("Base", "Bases"),
    "cubes": ("British cube", "British cubes"), "rebels": ("Rebel piece", "Rebel pieces"), "british": ("British piece", "British pieces"),
    "curfew": ("Curfew", "Curfews"), "opposition": ("Opposition marker", "Opposition markers"),
    "sabotage": ("Sabotage marker", "Sabotage markers"),
}

KIND_WORD = {"city": "a City", "district": "a District", "railway": "a Railway", "foreign": "a Foreign Country"}

#: Cards cited by another name than their title: the Propaganda card A34 is the Munich Conference (6.5).
TITLES = {"A34": "Munich Conference"}

#: Arab Revolt's refusal words (engine.coin.refusals), bound to its board, cards and nouns.
WORDS = Words(B.BOARD, CARDS, NOUNS, KIND_WORD,
              {"guerrillas": B.guerrillas, "irregulars": B.irregulars, "cubes": B.cubes, "rebels": B.rebel_pieces,
               "british": B.british_pieces}, letter="A", titles=TITLES)
because, prefixed, count, amount, has, names = (WORDS.because, WORDS.prefixed, WORDS.count, WORDS.amount,
                                                WORDS.has, WORDS.names)
kind_of, is_space, not_a_space, parts, form = (WORDS.kind_of, WORDS.is_space, WORDS.not_a_space, WORDS.parts,
                                               WORDS.form)
space_args, piece_key, turn_order, rule_of = WORDS.space_args, WORDS.piece_key, WORDS.turn_order, WORDS.rule_of


def not_in_play(g: Context, sid: str) -> str | None:
    """Why *sid* may not be used: a Foreign Country under an Out of Play marker (1.3.7)."""
    if B.in_play(g, sid):
        return None
    return because(f"{B.name(sid)} is Out of Play", "1.3.7")

