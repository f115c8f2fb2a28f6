"""Plain-text rendering of a view, for the terminal (``umpire show``, ``umpire move``) and every mail: any
game's headline values, its spaces with a key to their short labels, and the orders allowed, all of them.

It knows no game: the headline values are the game's facts (``engine.facts``: ``GameDefinition.facts``),
the spaces' names and the short labels of their pieces and markers are the game's display names
(``GameDefinition.names``), and what each label stands for is the game's legend (``GameDefinition.legend``).
A space's level (``support``: Malaya's Support and Opposition) is no count: the game's facts name the spaces
at each level. A game without spaces prints its facts alone.

Issue 27: the board printed ``T2 P1 Cu1`` with no key, and the allowed orders were cut (``(+1 more)``).
The key at the board's foot explains once each label the board printed, and only those; the allowed orders
are listed whole, one order word a line with every argument, wrapped between arguments.
"""

from __future__ import annotations

import engine
from engine.coin.position_checks import LEVEL_KEYS

#: The width the text board and the allowed orders are wrapped to (a terminal's, a mail's is narrower).
WIDTH = 100
#: Between the arguments of one order word in the allowed orders: ``space galilee | gaza | haifa-city``.
SEP = " | "
#: What a space holding nothing is printed as (explained in the key when printed).
NOTHING = "-"


def role_name(role: str, game: str | None = None) -> str:
    """*role* as its game's rulebook prints it (``GameDefinition.role_name``: ``Mau Mau``), else in words."""
    if game:
        return engine.definition(game).role_name(role)
    for g in engine.games():  # a result without its game: the game whose roles print it so
        name = engine.definition(g["slug"]).role_names.get(role)
        if name:
            return name
    return str(role).replace("-", " ").title()


def result_words(res: dict | None, game: str | None = None) -> str:
    """Who won in words: ``British won``; ``both players lost`` where the rules make every player lose
    (``losers``: Japanese Occupation 7.0.1, the MPAJA winning); ``no winner`` for a draw or a game the umpire
    ended (``winner`` None)."""
    res = res or {}
    if res.get("winner"):
        return f"{role_name(res['winner'], game)} won"
    losers = res.get("losers") or []
    if losers:
        names = [role_name(r, game) for r in losers]
        return "both players lost" if len(names) == 2 else f"{' and '.join(names)} lost"
    return "no winner"


def outcome_line(res: dict, game: str | None = None) -> str:
    """``Game over: British won (reason).``, ``Game over: both players lost (reason).`` or ``Game over: no
    winner (reason).`` (:func:`result_words`)."""
    return f"Game over: {result_words(res, game)} ({res.get('reason') or 'ended'})."


def wrap(text: str, width: int = WIDTH, first: str = "", hang: str = "") -> list[str]:
    """*text* in lines of at most *width* characters, broken only between the parts ``SEP`` separates (an
    order's arguments hold hyphens and spaces, ``rail-haifa samaria guerrilla-u``: one is never broken), a
    broken line ending with ``|``; *first* starts the first line, *hang* the others. A part longer than a
    line is kept whole, never cut."""
    parts = text.split(SEP)
    bar = SEP.rstrip()
    lines, cur = [], first + parts[0]
    for i, part in enumerate(parts[1:], 2):
        tail = len(bar) if i < len(parts) else 0  # room for the bar if the line is broken after this part
        if len(cur) + len(SEP) + len(part) + tail <= width:
            cur += SEP + part
        else:
            lines.append(cur + bar)
            cur = hang + part
    lines.append(cur)
    return lines


def order_item(verb: str, args: list[str]) -> str:
    """One order word with all its arguments: ``box limited | event | opsa`` (written as an order: the word,
    then one of the arguments)."""
    return verb if not args else f"{verb} " + SEP.join(map(str, args))


def legal_items(actions: dict) -> list[str]:
    """The allowed orders, one item per order word, every argument listed (none is left out)."""
    return [order_item(verb, actions[verb]) for verb in sorted(actions)]


def legal_lines(actions: dict, width: int = WIDTH, indent: str = "  ") -> list[str]:
    """The allowed orders as lines: each order word with all its arguments, wrapped between arguments, the
    wrapped lines under the first argument."""
    out = []
    for verb in sorted(actions):
        out.extend(wrap(order_item(verb, actions[verb]), width, indent, indent + " " * (len(verb) + 1)))
    return out


def _spaces(v: dict, names: dict) -> tuple[list[str], list[str]]:
    """The spaces' lines, and the labels they print (in the order of ``names``), ``NOTHING`` included if an
    empty space was printed."""
    spaces = v.get("spaces")
    if not isinstance(spaces, dict):
        return [], []
    order = {k: i for i, k in enumerate(names)}
    lines, used = [], set()
    for sid, counts in spaces.items():
        if not isinstance(counts, dict):
            continue
        keys = [k for k, n in sorted(counts.items(), key=lambda kv: order.get(kv[0], len(order)))
                if isinstance(n, int) and not isinstance(n, bool) and n and k not in LEVEL_KEYS]
        used.update(keys)
        parts = [f"{names.get(k, k)}{counts[k]}" for k in keys]
        if not parts:
            used.add(NOTHING)
        lines.append(f"  {names.get(sid, sid):28} {' '.join(parts) or NOTHING}")
    labels = sorted(used - {NOTHING}, key=lambda k: order.get(k, len(order)))
    return lines, labels + ([NOTHING] if NOTHING in used else [])


def key_lines(keys: list[str], names: dict, legend: dict, width: int = WIDTH) -> list[str]:
    """The key to the labels the spaces printed (*keys*: the keys of the counts printed, in order, and
    ``NOTHING`` for an empty space): each label once, with what it stands for (the game's legend; a label
    the legend lacks is explained by the key it stands for, so none is left unexplained)."""
    items: dict[str, str] = {}
    for k in keys:
        label = names.get(k, k)
        if k != NOTHING and label not in items:
            items[label] = legend.get(label) or str(k).replace("_", " ")
    parts = [f"{label} = {meaning}" for label, meaning in items.items()]
    if NOTHING in keys:
        parts.append(f"{NOTHING} = nothing in the space")
    if not parts:
        return []
    text = "Key: " + ", ".join(parts)
    if items:
        first, what = next(iter(items.items()))
        text += f"; the number after a label is how many ({first}2: 2 {what})"
    return _words(text + ".", width, "  ")


def _words(text: str, width: int, hang: str) -> list[str]:
    """*text* wrapped between words, the lines after the first starting with *hang* (never a word cut); the
    leading spaces of *text* are kept."""
    lead = text[:len(text) - len(text.lstrip(" "))]
    lines, cur = [], lead
    for word in text.lstrip(" ").split(" "):
        if cur.strip() and len(cur) + 1 + len(word) > width:
            lines.append(cur)
            cur = hang + word
        else:
            cur = f"{cur} {word}" if cur.strip() else cur + word
    return [*lines, cur] if cur else lines


def render_text(game: dict, v: dict, width: int = WIDTH) -> str:
    """*v* (``engine.view``) of the game *game* (``{"id"}``) as text: the heading, one line a fact (wrapped
    at *width*), the spaces, then the key to the labels the spaces printed."""
    defn = engine.definition(v["game"])
    spaces, used = _spaces(v, defn.names)
    facts = [ln for f in engine.facts(v) for ln in _words(f"  {f['label']}: {f['value']}", width, "    ")]
    lines = [f"{game['id']} {defn.title} ({v['game']}, {v.get('scenario')}), position {v.get('seq', 0)}",
             *facts, *spaces, *key_lines(used, defn.names, defn.legend, width)]
    return "\n".join(lines)
