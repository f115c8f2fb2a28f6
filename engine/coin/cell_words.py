"""The refusal words both Cell games, Palestine and Cyprus, say alike: how a count of their common pieces and
markers is said (rule 1.4, 1.7, 1.10), the space or order word a shortened word names, and the reason an Event
text is refused outside the Event box (2.3.2). Each game's ``why`` binds them among its own words, which the Cell
games' Operations ask (engine.coin.cell_operation: ``W.word_of``, ``W.elsewhere``)."""

from __future__ import annotations

#: How a count of each thing both Cell games have is said: (one, many). A game adds its own (its insurgent
#: faction's pieces, Palestine's Terror markers).
NOUNS: dict[str, tuple[str, str]] = {
    "troops": ("Troop", "Troops"), "police": ("Police cube", "Police cubes"), "cells": ("Cell", "Cells"),
    "cells_u": ("Underground Cell", "Underground Cells"), "cells_a": ("Active Cell", "Active Cells"),
    "caches": ("Arms Cache", "Arms Caches"), "british": ("British piece", "British pieces"),
    "sabotage": ("Sabotage marker", "Sabotage markers"), "curfew": ("Curfew", "Curfews"),
}

#: The reason any step but a turn's Event box gives to an Event text (2.3.2).
EVENT_ONLY = "an Event's text is executed only from the Event box, chosen at the start of a turn (2.3.2)"


def space_of(word: str | None, board) -> str | None:
    """The space of *board* (engine.coin.board.Board) that *word* names: its id, or a unique beginning of each
    of the id's words (``jer city`` for ``jerusalem-city``, ``nic`` for ``nicosia``); ``None`` if none or
    several."""
    if not word:
        return None
    word = word.strip().lower()
    if word in board.names:
        return word
    ws = word.replace("_", "-").replace(" ", "-").split("-")
    found = [s for s in board.spaces if len(ws) <= len(parts := s.split("-"))
             and all(p.startswith(w) for w, p in zip(ws, parts, strict=False))]
    return found[0] if len(found) == 1 else None


def word_of(word: str | None, words) -> str | None:
    """The one of *words* that *word* names: itself, or the only one it begins (``rest`` for ``restore``,
    ``prop`` for ``propagandize``, as the text layer reads a shortened word); else *word* as given."""
    if word is None or word in words:
        return word
    found = [w for w in words if w.startswith(word.lower())]
    return found[0] if len(found) == 1 else word


def elsewhere(verb: str) -> str | None:
    """The reason for an order that belongs to another step whatever this one is: an Event text outside the
    Event box (2.3.2)."""
    return EVENT_ONLY if verb in ("unshaded", "shaded", "event") else None
