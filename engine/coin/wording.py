"""How the British Way games say counts and lists in their refusals (each game's ``why.py``) and the rule a log
line cites: the words are the game's, the grammar is shared."""

from __future__ import annotations

import functools


def count(n: int, one: str, many: str) -> str:
    """``no Troop``, ``1 Troop``, ``2 Troops``."""
    return f"no {one}" if n == 0 else f"1 {one}" if n == 1 else f"{n} {many}"


def joined(words: list[str], joint: str = "and") -> str:
    """``Galilee, Lydda and Gaza``; ``none`` if there is nothing to list."""
    if not words:
        return "none"
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joint} {words[-1]}"


#: Factions whose printed name is neither their id titled nor its initials (Kenya 1.5: the Mau Mau).
PRINTED = {"maumau": "Mau Mau"}


@functools.cache
def article(name: str) -> str:
    """``a`` or ``an`` before *name* as it is read: ``an Irgun``, ``an MCP`` (em-), ``a Mau Mau``, ``a British``;
    for a name of several words its first decides (``an MPAJA Guerrilla``, ``an Arms Cache``)."""
    first = name.split(" ", 1)[0]
    if first[:1] in "AEIOU" or (first.isupper() and first[:1] in "FHLMNRSX"):
        return "an"
    return "a"


#: The names :func:`side_name` worked out, by faction (a bounded set: the games' factions).
_SIDE_NAMES: dict[str, str] = dict(PRINTED)


def side_name(side: str) -> str:
    """A faction as the rulebooks print it: ``British``, ``Rebels``, ``Irgun``, the initials ``MCP``, and
    the names of :data:`PRINTED` (worked out once a name: prompts ask it every step)."""
    name = _SIDE_NAMES.get(side)
    if name is None:
        name = side.upper() if len(side) <= 4 else side.title()
        if len(_SIDE_NAMES) < 64:  # factions; anything else is worked out each time
            _SIDE_NAMES[side] = name
    return name


def rule_with_card(f: dict, own: str) -> str:
    """The rule a log line cites: an Operation's or a Special Activity's *own*, with the card or phase that
    granted it (the frame's ``rule``) after it: ``4.3.2, M32``."""
    card = f.get("rule")
    return f"{own}, {card}" if card and card != own else own
