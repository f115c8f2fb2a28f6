"""Deck construction shared by The British Way games (Setup Instructions 2.1 of each game).

Shuffle the Event cards, form piles of ``pile_size`` Events (the rest are set aside unused and hidden),
shuffle one Propaganda card with the bottom ``bottom`` Events of each pile, and stack the piles. Where the
Propaganda cards differ (Arab Revolt's A34 Munich), ``shuffle_propaganda`` first shuffles them, so that
each pile gets a random one (Arab Revolt Setup Instructions, Deck Preparation).
"""

from __future__ import annotations

from ..core.flow import Context


def build_deck(g: Context, events: list[str], propaganda: list[str], pile_size: int = 6,
               bottom: int = 2, shuffle_propaganda: bool = False) -> tuple[list[str], list[str]]:
    """Returns ``(deck, unused)``; the deck's first card is on top."""
    if shuffle_propaganda:
        propaganda = g.shuffle(propaganda, "deck: shuffle the Propaganda cards")
    shuffled = g.shuffle(events, "deck: shuffle the Event cards")
    piles = len(propaganda)
    used, unused = shuffled[: piles * pile_size], shuffled[piles * pile_size:]
    deck: list[str] = []
    for i, prop in enumerate(propaganda):
        pile = used[i * pile_size:(i + 1) * pile_size]
        top, low = pile[: pile_size - bottom], pile[pile_size - bottom:]
        # The label is public: it names no card (which Propaganda card went to which pile is hidden, issue
        # 22, attack 1: Arab Revolt's A34 Munich Conference).
        low = g.shuffle(low + [prop], f"deck: shuffle a Propaganda card into the bottom of pile {i + 1}")
        deck.extend(top + low)
    return deck, unused
