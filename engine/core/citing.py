"""A game's citations in its own rulebook's numbers.

Shared code cites the rule numbers most games give a rule (the COIN series' Initiative Track is 2.3.x in five
rulebooks); a game whose rulebook numbers it otherwise (Japanese Occupation: 2.4.x) says so in its rules
object's ``renumber`` (``{"2.3.2": "2.4.2"}``). The log (``Context.say``), the prompt's rule and a refusal's
text and rule are read through it, so every output cites the game's own numbers.
"""

from __future__ import annotations

import re
from typing import Any

#: A rule number in a text: ``2.3.4`` in ``(2.3.4, 4.1)``, not a part of a longer number.
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)+(?![\w]|\.\d)")


def renumbering(rules: Any) -> dict[str, str]:
    """The game's table of renumbered rules; empty for most games."""
    return getattr(rules, "renumber", None) or {}


#: Citations already read, per table (the citations are the code's own strings: a bounded set).
_SEEN: dict[int, dict[str, str]] = {}


def cite(rules: Any, rule: str | None) -> str | None:
    """*rule* (one number, or a citation such as ``2.3.2, 2.3.3``) in the game's own numbers."""
    table = getattr(rules, "renumber", None)  # renumbering(), inline: every prompt and log line asks
    if not table or not rule:
        return rule
    try:
        return _SEEN[id(table)][rule]  # read before (the common case: no test a call)
    except KeyError:
        seen = _SEEN.setdefault(id(table), {})
        out = seen[rule] = _NUMBER.sub(lambda m: table.get(m.group(0), m.group(0)), rule)
        return out


def cite_text(rules: Any, text: str) -> str:
    """Every rule number in *text* (a refusal: not kept, it names the position) in the game's own numbers."""
    table = renumbering(rules)
    return _NUMBER.sub(lambda m: table.get(m.group(0), m.group(0)), text) if table and text else text
