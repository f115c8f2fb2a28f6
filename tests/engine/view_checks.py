"""Checks of what each role sees of a COIN game (its view; DESIGN.md section 3) and of its headline values (its
facts), shared by the games' test_view_and_facts modules: the draw deck stays hidden (2.1, 2.2: the next cards
and which Events are set aside; the played cards and the number left are open), and the facts read as words."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable

from engine.coin import deck as D
from engine.core.flow import Context


def reveal(g: Context, n: int) -> None:
    """Reveals the next *n* cards of ``g.s`` as the turn sequence will (2.2, 2.3.6): played, the last one
    current."""
    for _ in range(n):
        cid = D.draw_top(g)
        g.s["played"].append(cid)
        g.s["current"] = cid


def facts_by_label(facts: Callable[[dict], list[dict]], view: dict) -> dict[str, str]:
    """The facts of *view*, each value by its label."""
    return {f["label"]: f["value"] for f in facts(view)}


def check_no_card_in_the_deck_shown(s: dict, roles: Iterable[str], view: Callable[[dict, str], dict],
                                    facts: Callable[[dict], list[dict]], card_id: re.Pattern) -> None:
    """No role's view holds the deck, the unused cards or the procedure stack, only their numbers; and the
    card ids (*card_id*) the view and its facts name are the played cards only, none still in the deck
    (engine.coin.deck.remaining)."""
    hidden = D.remaining(s)
    for role in roles:
        v = view(s, role)
        assert "deck" not in v and "unused" not in v and "flow" not in v
        assert (v["deck_size"], v["unused_count"]) == D.sizes(s)
        text = json.dumps(v) + json.dumps(facts(v))
        shown = set(card_id.findall(text))
        assert shown == set(s["played"]), (shown, s["played"])  # the played cards only (2.2)
        assert not shown & hidden


def check_only_revealed_cards_shown(start: Callable[[int], Context], revealed: int, roles: Iterable[str],
                                    view: Callable[[dict, str], dict], facts: Callable[[dict], list[dict]],
                                    card_id: re.Pattern) -> None:
    """For three seeds, the game ``start(seed)`` gives (a Context around a setup, its chance seeded with *seed*),
    with *revealed* of its 35 cards revealed: the rest are still in the deck, and no view or facts of *roles*
    name any of them (:func:`check_no_card_in_the_deck_shown`)."""
    for seed in range(3):
        g = start(seed)
        reveal(g, revealed)
        assert len(D.remaining(g.s)) == 35 - revealed
        check_no_card_in_the_deck_shown(g.s, roles, view, facts, card_id)


def check_no_python_reprs(values: Iterable[str], words: Iterable[str] = ()) -> None:
    """No value reads as Python: no brackets or braces, None, True, False or underscore (a key's spelling),
    nor any of *words* (a Faction's id, say)."""
    pattern = re.compile("|".join([r"[{}\[\]]", r"\bNone\b", r"\bTrue\b", r"\bFalse\b", *map(re.escape, words), "_"]))
    for value in values:
        assert not pattern.search(value), value
