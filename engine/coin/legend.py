"""What each short label of the text board stands for (``GameDefinition.legend``), for the key printed at the
board's foot (issue 27: ``T2 P1 Cu1`` was printed with no key).

The labels are the COIN layer's (``facts.KEY_LABELS``, what ``facts.names`` gives a game); a piece's
meaning is its kind's label made plural, with its state for a piece that flips (1.4.3: Underground or
Active), and a marker's is its name as the rulebooks print it: Sabotage and Terror (Palestine 1.7, Malaya
1.9), Curfews (Palestine 1.10, Arab Revolt 1.3.2), Opposition (Arab Revolt 1.6), the Out of Play marker of a
Foreign Country (Arab Revolt 1.3.7), New Villages (Malaya 1.12; Japanese Occupation 1.15) and Japanese
Occupation's Kempeitai, Force 136 and Jungle Camps (1.8-1.10). A level (``LEVEL_KEYS``: Malaya's Support
and Opposition) has no label: the text board prints no count for it, the game's facts name its spaces.
"""

from __future__ import annotations

from .board import Board
from .facts import KEY_LABELS, plural

#: The markers a space may hold, by key, as the rulebooks name them.
MARKERS = {"sabotage": "Sabotage markers", "terror": "Terror markers", "curfew": "Curfew markers",
           "opposition": "Opposition marker", "out_of_play": "Out of Play marker",
           "new_village": "New Village markers", "kempeitai": "Kempeitai markers",
           "force_136": "Force 136 markers", "jungle_camp": "Jungle Camps"}


def meaning(board: Board, key: str) -> str | None:
    """What the label of *key* (a piece's or a marker's key in a space) stands for, or None for a key the
    layer does not name."""
    piece = board.piece_of_key.get(key)
    if piece is not None:
        kind = board.pieces[piece]
        name = plural(kind.label)
        return f"{'Underground' if key.endswith('_u') else 'Active'} {name}" if kind.flips else name
    return MARKERS.get(key)


def legend(board: Board) -> dict[str, str]:
    """A game's legend: the label of each key of its spaces to what the label stands for."""
    out = {}
    for key in board.empty_space():
        label, what = KEY_LABELS.get(key), meaning(board, key)
        if label and what:
            out[label] = what
    return out
