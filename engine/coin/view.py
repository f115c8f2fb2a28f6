"""What every British Way game shows a role (DESIGN.md section 3, hidden information): the state less the
draw deck, the set-aside Events and the procedure stack, with their sizes and the current card.

The deck of a game made since issue 22, attack 5 holds nothing secret (engine.coin.deck: no order, only
how many cards of which kind are left); a game stored before holds its order. Both show only the sizes."""

from __future__ import annotations

from ..core import canonical
from . import deck

HIDDEN_KEYS = frozenset(("deck", "unused", "flow"))

#: Values that cannot change: a view may hand out the state's own.
_ATOMS = frozenset((str, int, float, bool, type(None)))


_flat = _ATOMS.issuperset  # of the types of a container's items: it holds no list or dict


def fresh(value):
    """A copy of the plain data *value* that shares no list or dict with it (strings and numbers, which
    cannot change, are shared), built without a round trip through bytes (``canonical.copy``)."""
    t = type(value)
    if t is dict:
        if _flat(map(type, value.values())):
            return value.copy()
        return {k: x if type(x) in _ATOMS else fresh(x) for k, x in value.items()}
    if t is list:
        if _flat(map(type, value)):
            return value.copy()
        return [x if type(x) in _ATOMS else fresh(x) for x in value]
    return value if t in _ATOMS else canonical.copy(value)


def base_view(state: dict, role: str, cards: dict[str, dict]) -> dict:
    """A copy of *state* without the hidden keys; the deck's and the set-aside Events' sizes (2.2: the played
    cards and the number left are open) and the current card's title and kind.

    Only what the view shows is copied, and every list and dict in it is new, so that nothing done to a view
    reaches the state (tests/engine/coin/test_view_copy.py). ``spaces`` holds one dict of counts (numbers)
    per space (engine.coin.board), so a shallow copy of each space is a full copy; the rest goes through
    :func:`fresh`."""
    v = {}
    for k, val in state.items():
        t = type(val)
        if t in _ATOMS:
            if k not in HIDDEN_KEYS:
                v[k] = val
        elif k in HIDDEN_KEYS:
            continue
        elif k == "spaces":
            v[k] = {sid: x.copy() for sid, x in val.items()}
        elif t is dict and _flat(map(type, val.values())) or t is list and _flat(map(type, val)):
            v[k] = val.copy()  # fresh's first test, without the call
        else:
            v[k] = fresh(val)
    v["deck_size"] = size = deck.size(state)
    v["unused_count"] = deck.unused_count(state, size)
    v["role"] = role
    cur = state.get("current")
    card = cards[cur] if cur else None
    v["current_card"] = {"id": cur, "title": card["title"], "kind": card["kind"]} if card else None
    return v
