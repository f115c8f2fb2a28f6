"""How a British Way game says why an order is refused: the words that name the facts of the position and
the rule that forbids the order (each game's ``why.py`` binds one :class:`Words` to its board, cards and
nouns, and adds its own facts: Arab Revolt's Out of Play spaces, Malaya's Control and levels).

Each procedure's ``explain`` finds the condition that failed with the same tests its ``prompt`` uses, and
says it with these: a space's name and kind, what it holds ("Galilee has 1 Active Guerrilla and no Troop"),
the pieces of an order's argument. :meth:`Words.because` cites the forbidding rule: the rule number, or for a
card's restriction a :class:`Refusal` whose ``rule`` is the card's id and whose text names the card. Nothing
here runs while prompting: only on a refusal.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..core.errors import Refusal, forbidding_rule
from ..core.flow import Context
from . import wording
from .board import Board


class Words:
    """One game's refusal words (see the module).

    :ivar board: the game's board (space names, kinds, piece words).
    :ivar cards: card id -> card data (a card cited by its title).
    :ivar nouns: what a count of each thing is called, ``key -> (one, many)``.
    :ivar kinds: how a kind of space is named (``"city": "a City"``).
    :ivar derived: counts a space's keys do not hold directly (``"cubes": board.cubes``).
    :ivar letter: the letter of the game's card ids (``A`` for A24, ``M`` for M6).
    :ivar titles: cards cited by another name than their title (Propaganda cards).
    :ivar spaces_rule: what 1.3.1 names the spaces of the map, for a word that names none.
    """

    def __init__(self, board: Board, cards: dict[str, dict], nouns: dict[str, tuple[str, str]],
                 kinds: dict[str, str], derived: dict[str, Callable[[dict], int]], *, letter: str,
                 titles: dict[str, str] | None = None, spaces_rule: str = "1.3.1"):
        self.board, self.cards, self.nouns, self.kinds, self.derived = board, cards, nouns, kinds, derived
        self.titles = titles or {}
        self.spaces_rule = spaces_rule
        #: A card's id (its restriction is cited by the card: ``Refusal(rule="A24")``).
        self._card = re.compile(rf"{letter}\d+$")
        #: The first rule number or card id of a citation such as "2.3.5, 4.1" or "A24".
        self._first = re.compile(rf"{letter}\d+\b|\d+(?:\.\d+)+")

    def because(self, text: str, rule: str) -> Refusal:
        """*text* with the rule that forbids, cited at its end: ``... (3.3.1)``, ``... (2.3.5, 4.1)``; a card's
        id (``A24``) cites the card by title and id (``... (Tensions in Europe, A24)``). The refusal's ``rule``
        is the first rule number or card id cited."""
        first = self._first.search(rule)
        head = first.group(0) if first else rule
        if self._card.match(head):
            title = self.titles.get(head) or (self.cards[head]["title"] if head in self.cards else head)
            return Refusal(f"{text} ({title}, {rule})", rule=head)
        return Refusal(f"{text} ({rule})", rule=head)

    @staticmethod
    def prefixed(head: str, reason: str) -> Refusal:
        """*reason* after *head* (``the Raid in Galilee is over: ...``), forbidden by the same rule."""
        return Refusal(f"{head}{reason}", rule=forbidding_rule(reason))

    def count(self, n: int, what: str) -> str:
        """``no Troop``, ``1 Troop``, ``2 Troops`` (*what*: a key of :attr:`nouns`)."""
        return wording.count(n, *self.nouns[what])

    def amount(self, x: dict, what: str) -> int:
        """How many of *what* the space counts *x* hold: a key of the space, or a derived count."""
        fn = self.derived.get(what)
        return fn(x) if fn else x[what]

    def has(self, g: Context, sid: str, *what: str) -> str:
        """``Galilee has 1 Active Guerrilla and no Troop``: the counts of *what* in *sid*."""
        x = self.board.sp(g, sid)
        return f"{self.board.name(sid)} has {self.names([self.count(self.amount(x, w), w) for w in what], plain=True)}"

    def names(self, items, plain: bool = False, joint: str = "and") -> str:
        """``Galilee, Lydda and Gaza`` for space ids (or, *plain*, for words as given); ``none`` if empty."""
        return wording.joined(list(items) if plain else [self.board.name(s) for s in items], joint)

    def kind_of(self, sid: str) -> str:
        """``a City``, ``a District``, ``a Province``, ``an Economic Center`` (1.3 of each game)."""
        return self.kinds[self.board.kind[sid]]

    def is_space(self, word: str | None) -> bool:
        return word in self.board.names

    def not_a_space(self, word: str, rule: str | None = None) -> Refusal:
        """The reason for a word that names no space of the map (1.3.1)."""
        return self.because(f"{word!r} is not a space of the map", rule or self.spaces_rule)

    @staticmethod
    def parts(arg: str | None, n: int) -> list[str] | None:
        """The *n* words of an order's argument, or ``None`` if it has another number of words."""
        words = (arg or "").split()
        return words if len(words) == n else None

    def form(self, verb: str, shape: str, arg: str | None, rule: str) -> Refusal:
        """An argument of the wrong form: the order this step takes (``move FROM TO troop|police``)."""
        if arg is None:
            return self.because(f"{verb!r} here is written '{verb} {shape}'", rule)
        return self.because(f"{verb!r} here is written '{verb} {shape}', not '{verb} {arg}'", rule)

    def space_args(self, arg: str | None, n: int, verb: str, shape: str, rule: str) -> list[str] | Refusal:
        """The *n* spaces an argument names (``galilee lydda``), or the reason it does not (:meth:`form`,
        :meth:`not_a_space`)."""
        words = self.parts(arg, n)
        if words is None:
            return self.form(verb, shape, arg, rule)
        for w in words:
            if not self.is_space(w):
                return self.not_a_space(w)
        return words

    def piece_key(self, word: str) -> str | None:
        """The space key an order's piece word names (``guerrilla-u`` -> ``guerrillas_u``), else ``None``."""
        return self.board.key_of_word.get(word)

    def turn_order(self, verb: str) -> Refusal | None:
        """Why an order of a turn's start is refused in the middle of an Operation or Special Activity: the
        Event is executed from the Event box (2.3.2), a Pass is taken instead of the box's action (2.3.3)."""
        if verb in ("unshaded", "shaded", "event"):
            return self.because("Events are executed only from the Event box, chosen as the turn begins", "2.3.2")
        if verb == "pass":
            return self.because("a Pass is taken instead of the action of the box chosen, not in the middle of it",
                                "2.3.3")
        return None

    @staticmethod
    def rule_of(f: dict, default: str) -> str:
        """The rule a frame was started under (an Event's card, a Propaganda phase), else *default*."""
        return f.get("rule") or default
