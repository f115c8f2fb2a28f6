"""What must hold in every British Way state after every step (``GameDefinition.invariants``; the fuzz
checks it, tests/engine/test_fuzz_all.py): the parts the games share. Each check returns problem texts, each
naming the rule it enforces; ``[]`` when all holds. Each game adds its own tracks and chits
(``engine/games/<game>/invariants.py``)."""

from __future__ import annotations

from . import deck
from .board import Board
from .position_checks import LEVEL_KEYS


def negative(where: str, n) -> list[str]:
    return [f"{where} is {n}: a count of pieces is never negative (1.4.1)"] if isinstance(n, int) and n < 0 else []


def pieces(state: dict, board: Board, counted: dict[str, int], totals: dict[str, int], totals_rule: str) -> list[str]:
    """No count of pieces negative (1.4.1), every piece somewhere (*counted*: the game's count of its pieces
    wherever they are) so the totals are the counter mix (*totals*, rule *totals_rule*), stacking and the
    spaces a piece may never occupy (1.4.2), and the Curfews: at most one a space, only in the kinds of space
    that take one, never more than the pool, only where British pieces are (the game's Curfew rule)."""
    out = []
    for sid, x in state["spaces"].items():
        for k, n in x.items():
            if k not in LEVEL_KEYS:
                out += negative(f"spaces.{sid}.{k}", n)
    for p, n in state["available"].items():
        out += negative(f"available.{p}", n)
    for box in board.boxes:
        val = state[box]
        for p, n in (val.items() if isinstance(val, dict) else [("", val)]):
            out += negative(f"{box}.{p}".rstrip("."), n)
    if counted != totals:
        diff = {p: counted.get(p, 0) - n for p, n in totals.items() if counted.get(p, 0) != n}
        out.append(f"pieces are not conserved: {diff} counted beyond the counter mix {totals} ({totals_rule})")
    for sid, x in state["spaces"].items():
        for p in board.pieces.values():
            n = board.count(x, p.name)
            if p.stack is not None and n > p.stack:
                out.append(f"{sid} holds {n} {p.name}, more than {p.stack} (1.4.2)")
            if n and board.kind[sid] in p.never_in:
                out.append(f"{sid} ({board.kind[sid]}) holds {p.name}, which may never occupy it (1.4.2)")
    curfews = {sid: x.get("curfew", 0) for sid, x in state["spaces"].items() if x.get("curfew")}
    if sum(curfews.values()) > board.curfews:
        out.append(f"{sum(curfews.values())} Curfews on the map, more than the pool of {board.curfews} "
                   f"({board.curfew_rule})")
    for sid, n in curfews.items():
        x = state["spaces"][sid]
        if n > 1 or board.kind[sid] not in board.curfew_kinds or not board.british(x):
            out.append(f"the Curfew in {sid} breaks {board.curfew_rule} (one a space, in a "
                       f"{' or '.join(board.curfew_kinds)} with British pieces)")
    return out


def track(state: dict, key: str, lo: int, hi: int, label: str, rule: str) -> list[str]:
    """A track's marker on the track."""
    v = state[key]
    ok = isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi
    return [] if ok else [f"{label} is {v!r}, off its track {lo}-{hi} ({rule})"]


def cards(state: dict, count: int, rule: str) -> list[str]:
    """Every card of the game's *count* is in one place: played, in the draw deck or set aside (2.1); no card
    played twice; the current card is one played (2.2); the deck's kept sizes are its own (2.1, 2.2:
    ``engine.coin.deck.kept_sizes_problems``)."""
    out = []
    played = state["played"]
    if len(set(played)) != len(played):
        out.append(f"a card was played twice: {sorted(c for c in set(played) if played.count(c) > 1)} (2.2)")
    total = len(played) + deck.size(state) + deck.unused_count(state)
    if total != count:
        out.append(f"{len(played)} played, {deck.size(state)} in the deck and {deck.unused_count(state)} set "
                   f"aside: {total} cards, not the {count} of the game ({rule})")
    out += deck.kept_sizes_problems(state)
    if state.get("current") is not None and state["current"] not in played:
        out.append(f"the current card {state['current']} is not among the played cards (2.2)")
    return out
