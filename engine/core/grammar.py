"""The grammar of orders, one for every game: how a line is read, how a turn ends, and
each game's order words with their arguments (``GameDefinition.orders``).

The text :func:`orders_text` builds is what mail's HELP sends, what the game page shows and what
``docs/orders.md`` holds (``scripts/orders_doc.py`` writes it; a test checks it is current), so the three
cannot disagree. A game's table must name every order word it declares (``notation.declare``) and no other
(tests/engine/test_orders_grammar.py).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass


@dataclass(frozen=True)
class Order:
    """One order word of a game: its form (the word and its arguments, in their one order), what it does
    and where it is used, and the rule."""

    form: str
    meaning: str
    rule: str = ""

    @property
    def word(self) -> str:
        return self.form.split()[0]


#: How every game's orders are written: the part of the grammar no game changes.
GENERAL = (
    ("One order a line", "Each line is one order: a word, then its arguments, separated by spaces, in the "
     "order the table gives. Upper or lower case is the same. `#` starts a comment. A blank line is skipped."),
    ("Names", "Spaces and pieces are written as their ids (`jerusalem-city`, `rail-haifa`, `guerrilla-u`). "
     "Any word may be shortened to a prefix that is unique among the orders allowed at that point "
     "(`space jer city`). The prompt of every decision lists the orders allowed there, in full."),
    ("Argument order", "Where an order names places and a piece, the origin comes first, then the "
     "destination, then the piece (`move rail-haifa samaria guerrilla-u`). A space the step has fixed "
     "already (the space just selected) is left out: a March from the selected space writes `move TO "
     "PIECE`, a Raid into it `move FROM PIECE`."),
    ("Pieces in two states", "A piece that flips is written with its state: `-u` Underground, `-a` Active "
     "(`guerrilla-u`, `irregular-a`); where the order asks only for the state, `underground` or `active`."),
    ("A turn", "`box BOX` takes a box of the Initiative Track (`limited`, `event`, `opsa`); then `op NAME` "
     "starts an Operation, `unshaded`, `shaded` or `event` carries out the card, or `pass` passes."),
    ("An Operation", "`space SPACE` selects each space in turn (once each); what a space asks (how many to "
     "place, which piece to move) follows its `space` line. `sa NAME` adds the Special Activity at any "
     "point the prompt offers it. `done` ends the selection; where a Special Activity could still be added, "
     "a second `done` declines it and ends the Operation."),
    ("Ending with done", "A `done` at the end of a move that the position no longer needs (the turn is "
     "already over) is accepted and ignored, so a move written blind can always end with `done done`. A "
     "`done` refused while the decision is still yours is an error, with the reason."),
    ("The position", "A move may begin with `after N`, the position it answers (every answer gives it); "
     "a move for an older position is refused as stale, never applied to a newer one."),
    ("Refusals", "A refused order names its line, the rule that forbids it, the reason with the facts of "
     "the position, and the orders allowed there. Lines before it that were legal are listed; a move "
     "refused before any die changes nothing."),
)


def orders_text(title: str, orders: tuple[Order, ...], width: int = 76) -> str:
    """The grammar as plain text, lines of at most *width* characters (a mail's body): the general part,
    then *title*'s order words, each with its meaning and rule indented under it."""
    lines = ["How to write orders", ""]
    for head, body in GENERAL:
        lines += textwrap.wrap(f"{head}: {body.replace('`', '')}", width) + [""]
    lines.append(f"The orders of {title}:")
    for o in orders:
        rule = f" ({o.rule})" if o.rule else ""
        lines.append(f"  {o.form}")
        lines += textwrap.wrap(f"{o.meaning.replace('`', '')}{rule}", width, initial_indent="      ",
                               subsequent_indent="      ")
    return "\n".join(lines)


def orders_markdown(games: list[tuple[str, str, tuple[Order, ...]]]) -> str:
    """``docs/orders.md``: the general part and a table per game (*games*: slug, title, orders)."""
    out = ["# Orders", "",
           "<!-- Written by scripts/orders_doc.py from engine/core/grammar.py and each game's orders table; "
           "tests/engine/test_orders_grammar.py checks it is current. Mail's HELP and the game page show the "
           "same text. -->", "",
           "One grammar for every game.", ""]
    for head, body in GENERAL:
        out += [f"## {head}", "", body, ""]
    for slug, title, orders in games:
        out += [f"## {title} (`{slug}`)", "", "| Order | What it does | Rule |", "|---|---|---|"]
        out += [f"| `{o.form}` | {o.meaning} | {o.rule} |" for o in orders]
        out.append("")
    return "\n".join(out)
