"""Chance sources: every die, draw and shuffle goes through one of these (DESIGN.md sections 3 and 5).

The engine never calls ``random``. A game asks its :class:`Recorder` for outcomes; the recorder asks the
injected source and writes each outcome into the step so the log holds it explicitly.

- :class:`ScriptedChance` replays outcomes given by a test (dice faces, chit values, deck orders).
- :class:`SeededChance` derives outcomes from a seed with HMAC-SHA256 and rejection sampling, so a local
  game is reproducible and verifiable.
- :class:`NoChance` refuses to produce anything: a preview stops before the first outcome.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any, Protocol

from .errors import ChanceRequested, RulesBugError

#: How the labels of the draws that reveal a card of the draw deck begin (engine.coin.deck).
DECK_LABEL = "deck:"


class Chance(Protocol):
    """What the engine may ask of a chance source."""

    def roll(self, sides: int, label: str) -> int:
        """Returns a face from 1 to *sides*."""

    def draw(self, items: list, label: str) -> int:
        """Returns the index of the item drawn from *items* (a bag or cup)."""

    def shuffle(self, items: list, label: str) -> list:
        """Returns *items* in a new random order."""


class SeededChance:
    """Outcomes derived from a seed: ``HMAC-SHA256(seed, context | counter)`` with rejection sampling.

    ``context`` binds the stream (the service passes the game id, action number and digest); a local
    game uses a fixed context. Integers below *n* are drawn without modulo bias by rejecting 32-bit
    values at or above the largest multiple of *n*.
    """

    def __init__(self, seed: bytes | str | int, context: str = "local"):
        if isinstance(seed, int):
            seed = str(seed)
        if isinstance(seed, str):
            seed = seed.encode()
        self._seed = seed
        self._context = context
        self._counter = 0
        self._keyed = hmac.new(seed, digestmod=hashlib.sha256)  # keyed once; each block copies it
        self._block = b""
        self._at = 0

    def _word(self) -> int:
        """The next 32-bit word of the stream: the blocks ``HMAC(seed, context|counter)``, 4 bytes at a time
        (a word never spans two blocks: 32 bytes hold 8)."""
        at = self._at
        if at >= len(self._block):
            mac = self._keyed.copy()
            mac.update(f"{self._context}|{self._counter}".encode())
            self._counter += 1
            self._block, at = mac.digest(), 0
        self._at = at + 4
        return int.from_bytes(self._block[at:at + 4], "big")

    def integer(self, n: int) -> int:
        """Returns an unbiased integer in ``[0, n)``."""
        if n <= 0:
            raise RulesBugError(f"cannot draw from an empty range ({n})")
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            w = self._word()
            if w < limit:
                return w % n

    def roll(self, sides: int, label: str) -> int:
        return self.integer(sides) + 1

    def draw(self, items: list, label: str) -> int:
        return self.integer(len(items))

    def shuffle(self, items: list, label: str) -> list:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.integer(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


class ScriptedChance:
    """Outcomes given in advance, for tests and Examples of Play.

    :param rolls: die faces, in the order the game asks for them.
    :param draws: the *values* drawn (for Intel Chits, the chit value); each must be in the bag.
    :param shuffles: orders to return for shuffles, in turn; once used up, shuffles come from
        ``fallback`` (a :class:`SeededChance`), so a test need not script the whole deck.

    The draws that reveal a card of the draw deck (labels starting ``deck:``, engine.coin.deck) also come
    from ``fallback``, so a test need not script the deck: it puts the cards it needs on top with
    ``engine.coin.deck.stack`` (a card put on top is revealed with no draw).
    """

    def __init__(self, rolls=(), draws=(), shuffles=(), fallback: Chance | None = None):
        self.rolls = list(rolls)
        self.draws = list(draws)
        self.shuffles = [list(s) for s in shuffles]
        self.fallback = fallback or SeededChance(0)

    def roll(self, sides: int, label: str) -> int:
        if not self.rolls:
            raise RulesBugError(f"scripted chance ran out of dice at {label!r}")
        v = self.rolls.pop(0)
        if not 1 <= v <= sides:
            raise RulesBugError(f"scripted die {v} is not a face of a d{sides}")
        return v

    def draw(self, items: list, label: str) -> int:
        if label.startswith(DECK_LABEL):
            return self.fallback.draw(items, label)
        if not self.draws:
            raise RulesBugError(f"scripted chance ran out of draws at {label!r}")
        v = self.draws.pop(0)
        if v not in items:
            raise RulesBugError(f"scripted draw {v!r} is not in {items!r} at {label!r}")
        return items.index(v)

    def shuffle(self, items: list, label: str) -> list:
        if self.shuffles:
            order = self.shuffles.pop(0)
            if sorted(map(str, order)) != sorted(map(str, items)):
                raise RulesBugError(f"scripted shuffle {order!r} is not a permutation at {label!r}")
            return list(order)
        return self.fallback.shuffle(items, label)


class NoChance:
    """A source that produces nothing: used by previews, which stop before the first outcome."""

    def roll(self, sides: int, label: str) -> int:
        raise ChanceRequested(label)

    def draw(self, items: list, label: str) -> int:
        raise ChanceRequested(label)

    def shuffle(self, items: list, label: str) -> list:
        raise ChanceRequested(label)


class Recorder:
    """Wraps a chance source and records every outcome it gives, in order."""

    __slots__ = ("source", "outcomes")

    def __init__(self, source: Chance):
        self.source = source
        self.outcomes: list[dict[str, Any]] = []

    def roll(self, label: str, sides: int = 6) -> int:
        v = self.source.roll(sides, label)
        self.outcomes.append({"kind": f"d{sides}", "label": label, "value": v})
        return v

    def draw(self, items: list, label: str):
        """Draws one item from *items* (removing it) and returns it."""
        i = self.source.draw(list(items), label)
        v = items.pop(i)
        self.outcomes.append({"kind": "draw", "label": label, "value": v})
        return v

    def shuffle(self, items: list, label: str) -> list:
        out = self.source.shuffle(list(items), label)
        self.outcomes.append({"kind": "shuffle", "label": label, "size": len(out)})
        return out

    def reveal(self, value, label: str) -> None:
        """Records that hidden information (a card) became public. A preview stops before it."""
        if isinstance(self.source, NoChance):
            raise ChanceRequested(label)
        self.outcomes.append({"kind": "reveal", "label": label, "value": value})
