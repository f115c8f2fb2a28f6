"""Why an order is refused in Malaya: the words that name the facts of the position, and the rule that
forbids the order.

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses, and
says it with these helpers: a space's name and kind, what it holds ("Pahang has 2 Active Guerrillas and no
Troop"), its Control and level, the pieces of an order's argument. :func:`because` cites the forbidding
rule: the rule number, or for a card's restriction a :class:`Refusal` whose ``rule`` is the card's id and
whose text names the card. Nothing here runs while prompting: only on a refusal.
"""

from __future__ import annotations

import re

from ...coin import wording
from ...core.errors import Refusal, forbidding_rule
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
_CARD = re.compile(r"M\d+$")
#: The first rule number or card id of a citation such as "2.3.4, 4.1" or "M6".
_FIRST = re.compile(r"M\d+\b|\d+(?:\.\d+)+")


def because(text: str, rule: str) -> Refusal:
    """*text* with the rule that forbids, cited at its end: ``... (3.3.1)``; a card's id (``M6``) cites the
    card by title and id (``... (Chin Peng, M6)``). The refusal's ``rule`` is the first rule or card cited."""
    first = _FIRST.search(rule)
    head = first.group(0) if first else rule
    if _CARD.match(head):
        title = TITLES.get(head) or (CARDS[head]["title"] if head in CARDS else head)
        return Refusal(f"{text} ({title}, {rule})", rule=head)
    return Refusal(f"{text} ({rule})", rule=head)


def prefixed(head: str, reason: str) -> Refusal:
    """*reason* after *head* (``the March into Pahang is over: ...``), forbidden by the same rule."""
    return Refusal(f"{head}{reason}", rule=forbidding_rule(reason))


def count(n: int, what: str) -> str:
    """``no Troop``, ``1 Troop``, ``2 Troops`` (*what*: a key of :data:`NOUNS`)."""
    return wording.count(n, *NOUNS[what])


def amount(x: dict, what: str) -> int:
    """How many of *what* the space counts *x* hold: a key of the space, or ``guerrillas``, ``cubes``,
    ``mcp``, ``british`` (board.py's counts)."""
    derived = {"guerrillas": B.guerrillas, "cubes": B.cubes, "mcp": B.mcp, "british": B.british}
    return derived[what](x) if what in derived else x[what]


def has(g: Context, sid: str, *what: str) -> str:
    """``Pahang has 1 Active Guerrilla and no Troop``: the counts of *what* in *sid* (see :func:`amount`)."""
    x = B.sp(g, sid)
    return f"{B.name(sid)} has {names([count(amount(x, w), w) for w in what], plain=True)}"


def names(items, plain: bool = False, joint: str = "and") -> str:
    """``Perak, Pahang and Johore`` for space ids (or, *plain*, for words as given); ``none`` if empty."""
    return wording.joined(list(items) if plain else [B.name(s) for s in items], joint)


def kind_of(sid: str) -> str:
    """``a Province``, ``Kuala Lumpur``, ``Thailand``, ``an Economic Center`` (1.3.2 to 1.3.5)."""
    return KIND_WORD[B.KIND[sid]]


def control_of(g: Context, sid: str) -> str:
    """``Pahang is MCP Controlled``, ``Kedah is Uncontrolled``, ``the Economic Center (top) is never
    Controlled`` (1.7)."""
    name = B.name(sid)
    if B.KIND[sid] == "ec":
        return f"{name} is an Economic Center, never Controlled (1.3.5 NOTE)"
    side = B.control(g, sid)
    return f"{name} is {'Uncontrolled' if side is None else ('MCP' if side == 'mcp' else 'British') + ' Controlled'}"


def level_of(g: Context, sid: str) -> str:
    """``Johore is at Support``, ``Kedah is Neutral`` (1.6)."""
    lv = B.level(g, sid)
    return f"{B.name(sid)} is {'Neutral' if not lv else 'at ' + B.SUPPORT.word(lv)}"


def is_space(word: str | None) -> bool:
    return word in B.NAME


def not_a_space(word: str, rule: str = "1.3.1") -> Refusal:
    """The reason for a word that names no space of the map (1.3.1: Provinces, Thailand, Kuala Lumpur and the
    two Economic Centers)."""
    return because(f"{word!r} is not a space of the map", rule)


def parts(arg: str | None, n: int) -> list[str] | None:
    """The *n* words of an order's argument, or ``None`` if it has another number of words."""
    words = (arg or "").split()
    return words if len(words) == n else None


def form(verb: str, shape: str, arg: str | None, rule: str) -> Refusal:
    """An argument of the wrong form: the order this step takes (``move FROM TO guerrilla-u|guerrilla-a``)."""
    if arg is None:
        return because(f"{verb!r} here is written '{verb} {shape}'", rule)
    return because(f"{verb!r} here is written '{verb} {shape}', not '{verb} {arg}'", rule)


def space_args(arg: str | None, n: int, verb: str, shape: str, rule: str) -> list[str] | Refusal:
    """The *n* spaces an argument names (``perak pahang``), or the reason it does not."""
    words = parts(arg, n)
    if words is None:
        return form(verb, shape, arg, rule)
    for w in words:
        if not is_space(w):
            return not_a_space(w)
    return words


def piece_key(word: str) -> str | None:
    """The space key an order's piece word names (``guerrilla-u`` -> ``guerrillas_u``), else ``None``."""
    return B.BOARD.key_of_word.get(word)


def resources(g: Context, faction: str) -> str:
    """``MCP Resources are 2``."""
    return f"{'MCP' if faction == 'mcp' else 'British'} Resources are {g.s['resources'][faction]}"


def turn_order(verb: str) -> Refusal | None:
    """Why an order of a turn's start is refused in the middle of an Operation or Special Activity: the Event
    is executed from the Event box (2.3.2), a Pass is taken instead of the box's action (2.3.3)."""
    if verb in ("unshaded", "shaded", "event"):
        return because("Events are executed only from the Event box, chosen as the turn begins", "2.3.2")
    if verb == "pass":
        return because("a Pass is taken instead of the action of the box chosen, not in the middle of it", "2.3.3")
    return None


def rule_of(f: dict, default: str) -> str:
    """The rule a frame was started under (an Event's card, a Propaganda phase), else *default*."""
    return f.get("rule") or default
