"""Why an order is refused in Malaya: the words that name the facts of the position, and the rule that
forbids the order.

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses, and
says it with these helpers: a space's name and kind, what it holds ("Pahang has 2 Active Guerrillas and no
Troop"), its Control and level, the pieces of an order's argument (the series'
:class:`engine.coin.refusals.Words`, bound here to Malaya's board, cards and nouns, with Malaya's own facts:
Control, levels, Resources). Nothing here runs while prompting: only on a refusal.
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
    "cubes": ("British cube", "British cubes"), "mcp": ("MCP piece", "MCP pieces"),
    "british": ("British piece", "British pieces"), "terror": ("Terror marker", "Terror markers"),
    "sabotage": ("Sabotage marker", "Sabotage markers"), "new_village": ("New Village", "New Villages"),
}

KIND_WORD = {"province": "a Province", "city": "Kuala Lumpur", "foreign": "Thailand",
             "ec": "an Economic Center"}

#: Cards cited by another name than their title: the Propaganda cards.
TITLES = {"M33": "Propaganda", "M34": "Propaganda", "M35": "Propaganda"}

#: Malaya's refusal words (engine.coin.refusals), bound to its board, cards and nouns.
WORDS = Words(B.BOARD, CARDS, NOUNS, KIND_WORD,
              {"guerrillas": B.guerrillas, "cubes": B.cubes, "mcp": B.mcp, "british": B.british},
              letter="M", titles=TITLES)
because, prefixed, count, amount, has, names = (WORDS.because, WORDS.prefixed, WORDS.count, WORDS.amount,
                                                WORDS.has, WORDS.names)
kind_of, is_space, not_a_space, parts, form = (WORDS.kind_of, WORDS.is_space, WORDS.not_a_space, WORDS.parts,
                                               WORDS.form)
space_args, piece_key, turn_order, rule_of = WORDS.space_args, WORDS.piece_key, WORDS.turn_order, WORDS.rule_of


#: ``no Troop``, ``1 Troop``, ``2 Troops``...: :func:`count` of each cube key, spelled once for every count the
#: game's cubes allow (1.2), for the texts that list planned moves every step (:func:`cube_count`).
_CUBE_COUNTS = {key: tuple(WORDS.count(n, key) for n in range(B.TOTALS[key] + 1)) for key in ("troops", "police")}


def cube_count(n: int, key: str) -> str:
    """:func:`count` of *n* cubes of *key* (``troops`` or ``police``), read from the words spelled once."""
    counts = _CUBE_COUNTS[key]
    return counts[n] if n < len(counts) else count(n, key)


def control_of(g: Context, sid: str) -> str:
    """``Pahang is MCP Controlled``, ``Kedah is Uncontrolled``, ``Economic Center (top) is an Economic
    Center, never Controlled`` (1.7, 1.3.5 NOTE)."""
    name = B.name(sid)
    if B.KIND[sid] == "ec":
        return f"{name} is an Economic Center, never Controlled (1.3.5 NOTE)"
    side = B.control(g, sid)
    return f"{name} is {'Uncontrolled' if side is None else ('MCP' if side == 'mcp' else 'British') + ' Controlled'}"


def level_of(g: Context, sid: str) -> str:
    """``Johore is at Support``, ``Kedah is Neutral`` (1.6)."""
    lv = B.level(g, sid)
    return f"{B.name(sid)} is {'Neutral' if not lv else 'at ' + B.SUPPORT.word(lv)}"


def resources(g: Context, faction: str) -> str:
    """``MCP Resources are 2`` (1.8)."""
    return f"{'MCP' if faction == 'mcp' else 'British'} Resources are {g.s['resources'][faction]}"
