"""Why an order is refused in Japanese Occupation: the words that name the facts of the position, and the rule
that forbids the order (issue 30).

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses, and says
it with these helpers: a space's name and kind, what it holds ("Perak has 2 Underground MPAJA Guerrillas and no
Troop"), the pieces of an order's argument (the series' :class:`engine.coin.refusals.Words`, bound here to the
game's board, cards and nouns), and the game's own facts: Opposition (1.6), Force 136 (1.9), the Railways and
their Sabotage (1.3.6, 1.12), the Intel chits (1.11), Resistance (1.13) and Operation Zipper (6.7). Nothing here
runs while prompting: only on a refusal.
"""

from __future__ import annotations

from ...coin.refusals import Words
from ...core.flow import Context
from . import board as B
from .data import CARDS

#: How a count of each thing is said: (one, many).
NOUNS = {
    "troops": ("Troop", "Troops"), "police": ("Police cube", "Police cubes"),
    "mpaja": ("MPAJA Guerrilla", "MPAJA Guerrillas"), "non_mpaja": ("non-MPAJA Guerrilla", "non-MPAJA Guerrillas"),
    "mpaja_u": ("Underground MPAJA Guerrilla", "Underground MPAJA Guerrillas"),
    "mpaja_a": ("Active MPAJA Guerrilla", "Active MPAJA Guerrillas"),
    "non_mpaja_u": ("Underground non-MPAJA Guerrilla", "Underground non-MPAJA Guerrillas"),
    "non_mpaja_a": ("Active non-MPAJA Guerrilla", "Active non-MPAJA Guerrillas"),
    "guerrillas": ("Guerrilla", "Guerrillas"), "underground": ("Underground Guerrilla", "Underground Guerrillas"),
    "active": ("Active Guerrilla", "Active Guerrillas"),
    "caches": ("Supply Cache", "Supply Caches"), "cubes": ("cube", "cubes"),
    "british": ("British force", "British forces"), "japanese": ("Japanese force", "Japanese forces"),
    "terror": ("Terror marker", "Terror markers"), "kempeitai": ("Kempeitai marker", "Kempeitai markers"),
    "force_136": ("Force 136 marker", "Force 136 markers"), "jungle_camp": ("Jungle Camp", "Jungle Camps"),
    "new_village": ("New Village", "New Villages"), "opposition": ("Opposition marker", "Opposition markers"),
}

KIND_WORD = {"province": "a Province", "city": "Kuala Lumpur", "ec": "an Economic Center"}

#: Cards cited by another name than their title: the Propaganda cards.
TITLES = {"J33": "Propaganda", "J34": "Propaganda", "J35": "Propaganda"}

#: The game's refusal words (engine.coin.refusals), bound to its board, cards and nouns.
WORDS = Words(B.BOARD, CARDS, NOUNS, KIND_WORD,
              {"guerrillas": B.guerrillas, "underground": B.underground, "active": B.active_guerrillas,
               "mpaja": B.mpaja, "non_mpaja": B.non_mpaja, "cubes": B.cubes, "british": B.british_forces,
               "japanese": B.japanese_forces},
              letter="J", titles=TITLES)
because, prefixed, count, amount, has, names = (WORDS.because, WORDS.prefixed, WORDS.count, WORDS.amount,
                                                WORDS.has, WORDS.names)
kind_of, is_space, not_a_space, parts, form = (WORDS.kind_of, WORDS.is_space, WORDS.not_a_space, WORDS.parts,
                                               WORDS.form)
space_args, piece_key, turn_order, rule_of = WORDS.space_args, WORDS.piece_key, WORDS.turn_order, WORDS.rule_of


def terrain_of(sid: str) -> str:
    """``Perak is a Mountain Province``, ``Kedah is a Jungle Province``, ``Kuala Lumpur is Kuala Lumpur``."""
    if B.is_province(sid):
        return f"{B.NAME[sid]} is a {B.TERRAIN[sid].title()} Province"
    return f"{B.NAME[sid]} is {kind_of(sid)}"


def level_of(g: Context, sid: str) -> str:
    """``Perak is at Opposition``, ``Kedah is Neutral``, ``the Economic Center ... is never at Opposition``."""
    if sid not in B.OPPOSITION_SPACES:
        return f"{B.NAME[sid]} is {kind_of(sid)}, never at Opposition (1.3.5 NOTE)"
    return f"{B.NAME[sid]} is {'at Opposition' if B.opposed(g, sid) else 'Neutral'}"


def rail_name(rid: str) -> str:
    return B.RAIL_NAME[rid]


def rail_of(word: str | None) -> str | None:
    """The Railway *word* names: its id or a unique beginning of it."""
    if not word:
        return None
    if word in B.RAILWAYS:
        return word
    hits = [r for r in B.RAILWAYS if r.startswith(word)]
    return hits[0] if len(hits) == 1 else None


def not_a_railway(word: str, rule: str = "1.3.6") -> str:
    return because(f"{word!r} is not a Railway marker; the Railways are {', '.join(B.RAILWAYS)}", rule)


def resistance_of(g: Context) -> str:
    return f"Resistance is {g.s['resistance']}"


def zipper_of(g: Context) -> str:
    return f"Operation Zipper is at {B.zipper_label(g.s['zipper'])}"
