"""The draw deck of The British Way games (Setup Instructions 2.1, Deck Preparation, of each game; 2.2 and
2.3.6 Next Card, Arab Revolt 2.3.7; 8.0 for the Examples of Play).

The physical deck (2.1, Deck Preparation): shuffle the Event cards, form piles of ``pile_size`` Events (the
rest are set aside and not used), shuffle one Propaganda card with the bottom ``bottom`` Events of each pile
and place these under the pile's other Events, and stack the piles. Where the Propaganda cards differ (Arab
Revolt's A34 Munich Conference), they are shuffled first, so that each pile gets a random one.

The stored deck holds no future order, so no copy of the database tells a card to come (docs/dice.md,
Cards): nothing is drawn at setup. The deck is a list
of *groups*, top first, each saying how many of its cards come from which *pool*; a pool is the sorted list
of the cards that may still come from it::

    {"groups": [{"name": "pile 1, top", "slots": {"events": 4}},
                {"name": "pile 1, bottom", "slots": {"events": 2, "propaganda": 1}}, ...],
     "pools": {"events": [...], "propaganda": ["A33", "A34", "A35"]}}

Everything in it follows from the rules and the cards already played, so nothing stored is secret: the
set-aside Events are the cards left in the ``events`` pool when the groups are used up. A card is drawn
from the chance source when the rules reveal it (:func:`draw_top`).

Why this is the same deck (the same joint law of the revealed sequence as the physical shuffle):

- Events. The Events in slot order are the first ``piles * pile_size`` cards of a uniformly shuffled
  Event deck, and the bottom shuffle only moves them within their group. The prefix of a uniform
  permutation is a sequence of uniform draws without replacement (the cards of a shuffled deck are
  exchangeable), so drawing each Event uniformly from the Events not yet drawn, when its slot is reached,
  gives the same law. The set-aside Events are then a uniform subset, as in 2.1.
- Propaganda position. Shuffling one Propaganda card with ``bottom`` Events puts it at each of the
  ``bottom + 1`` places with probability ``1 / (bottom + 1)``, independently of which Events are there.
  Drawing the pool of each next card uniformly over the group's remaining slots (each pool named once per
  slot) gives the same: the Propaganda card is next with probability ``1 / k`` when ``k`` slots are left,
  so it is ``j``-th with probability ``prod(1 - 1/k) * 1/k = 1 / (bottom + 1)``.
- Which Propaganda card (Arab Revolt: "remove and shuffle the three Propaganda cards ... shuffle a random
  Propaganda card with 2 of the Event cards"). The piles' Propaganda cards are a uniform permutation;
  drawing each pile's card uniformly from the shared ``propaganda`` pool when its slot is reached is the
  same law. Palestine's rule reads "shuffle a Propaganda card with 2 of the Event cards": its Propaganda
  cards are alike and each pile gets its own (a pool per card), as before.

The three shuffles of 2.1 are independent, and so are the draws here, each uniform given the cards
revealed before it; so the whole revealed sequence (and the set-aside Events) has the same joint law as
the physical deck, step by step (tests/engine/coin/test_deck.py checks it over thousands of seeds). No
rule of either game lets anyone look at, count by kind, or reorder the unrevealed cards (2.2: "All played
cards and the number of cards in the draw deck are open to inspection"; 2.3.6: "reveal the draw deck's
next card"), so choosing a card when it is revealed rather than at setup changes nothing a player can
observe.

Games stored before this change have ``state["deck"]`` as a list, top first, and ``state["unused"]``:
they play as they did (:func:`is_legacy`). The test helpers :func:`stack`, :func:`take`,
:func:`remaining` and :func:`size` work on both.

The two numbers every view shows (2.2: "the number of cards in the draw deck" is open; 2.1: how many Events
are set aside, a number the setup makes public) are kept in the state, ``state["deck_size"]`` and
``state["unused_count"]`` (:data:`SIZE_KEYS`), so that a view reads them without walking the deck. Every
function here that changes the deck keeps them current (:func:`keep_sizes`, and :func:`draw_top` by one);
:func:`sizes` recomputes them from the deck, for the setup, a position loaded, a saved game of rules version
1 (:func:`migrate_sizes_v1`) and the invariant that they agree (:func:`kept_sizes_problems`).
"""

from __future__ import annotations

from ..core.chance import DECK_LABEL
from ..core.errors import RulesBugError
from ..core.flow import Context

EVENTS = "events"
PROPAGANDA = "propaganda"
#: The state's keys of the kept sizes of the draw deck (2.2) and of the set-aside Events (2.1): :func:`keep_sizes`.
SIZE_KEYS = ("deck_size", "unused_count")
#: The state's keys of the cards (``GameDefinition.protected``): the draw deck and the set-aside Events (what
#: is not revealed yet), the played cards and the current one, and the deck's kept sizes, which follow from
#: it. An umpire's correction never touches them: a card comes out of the deck only as the rules reveal it
#: (2.2, 2.3.6).
PROTECTED = frozenset({"deck", "unused", "played", "current", *SIZE_KEYS})


def _key(cid: str) -> tuple:
    """Natural order of card ids (P2 before P10)."""
    head = cid.rstrip("0123456789")
    tail = cid[len(head):]
    return head, int(tail) if tail else -1, cid


def build_deck(events: list[str], propaganda: list[str], pile_size: int = 6, bottom: int = 2,
               shuffle_propaganda: bool = False, top: list[str] = ()) -> dict:
    """The deck of 2.1 as groups and pools (see the module), with the fixed cards *top* (an Example of
    Play's, 8.0) above it in their order, each a group whose pool holds exactly that card.

    One pile per Propaganda card. With *shuffle_propaganda* every pile's Propaganda card comes from one
    shared pool (Arab Revolt); without it, pile ``i`` gets ``propaganda[i]``.
    """
    if not 0 < bottom < pile_size:
        raise RulesBugError(f"a pile of {pile_size} cannot have {bottom} Events under its top")
    if len(events) < len(propaganda) * pile_size:
        raise RulesBugError(f"{len(events)} Events cannot form {len(propaganda)} piles of {pile_size}")
    groups: list[dict] = []
    pools: dict[str, list[str]] = {}
    for i, cid in enumerate(top):
        groups.append({"name": f"Example of Play card {i + 1}", "slots": {cid: 1}})
        pools[cid] = [cid]
    pools[EVENTS] = sorted(events, key=_key)
    if shuffle_propaganda:
        pools[PROPAGANDA] = sorted(propaganda, key=_key)
    for i, prop in enumerate(propaganda):
        pool = PROPAGANDA if shuffle_propaganda else prop
        if not shuffle_propaganda:
            pools[prop] = [prop]
        groups.append({"name": f"pile {i + 1}, top", "slots": {EVENTS: pile_size - bottom}})
        groups.append({"name": f"pile {i + 1}, bottom", "slots": {EVENTS: bottom, pool: 1}})
    return {"groups": groups, "pools": pools}


def example_deck(events: list[str], propaganda: list[str], example: list[str], pile_size: int = 6,
                 bottom: int = 2) -> dict:
    """The deck of an Example of Play (8.0 of each game): its cards *example* on top in their order, then,
    as each game's example goes on, piles of the other Events with the other Propaganda cards shuffled among
    their bottom cards (:func:`build_deck`)."""
    rest = [c for c in events if c not in example]
    props = [c for c in propaganda if c not in example]
    return build_deck(rest, props, pile_size, bottom, shuffle_propaganda=True, top=list(example))


def is_legacy(state: dict) -> bool:
    """A game stored while decks were shuffled at setup: its deck is the ordered list of cards, top first."""
    return isinstance(state["deck"], list)


def draw_top(g: Context) -> str:
    """Reveals the next card and takes it out of the deck (2.2, 2.3.6): returns its id.

    Legacy deck: its first card. New deck: in the top group, the pool of the card is drawn over the
    group's remaining slots (each pool named once per slot), then the card from that pool; a draw with one
    possible outcome is not asked of the chance source. The labels name the group and pool, never a card
    that is not revealed by the draw itself.
    """
    s = g.s
    if size(s) == 0:
        raise RulesBugError("the deck ran out before the final Propaganda card")
    if is_legacy(s):
        cid = s["deck"][0]
        g.reveal(cid, "card revealed")
        s["deck_size"] -= 1  # the kept size (keep_sizes): one card fewer to reveal, none set aside
        return s["deck"].pop(0)
    deck = s["deck"]
    group = deck["groups"][0]
    slots = group["slots"]
    names = [p for p in sorted(slots) for _ in range(slots[p])]
    pool_name = names[0] if len(set(names)) == 1 else g.draw(names, f"{DECK_LABEL} {group['name']}: which kind of card")
    pool = deck["pools"].get(pool_name) or []
    if not pool:
        raise RulesBugError(f"the deck's pool {pool_name!r} is empty but {group['name']} needs a card from it")
    if len(pool) == 1:
        cid = pool[0]
        g.reveal(cid, "card revealed")  # a preview (NoChance) stops here, before the deck changes
        pool.pop()
    else:
        cid = g.draw(pool, f"{DECK_LABEL} {group['name']}: a card from pool {pool_name}")  # taken out of it
        g.reveal(cid, "card revealed")
    drop_slot(deck, group, pool_name)
    s["deck_size"] -= 1  # the kept size (keep_sizes): a slot and its card gone, the set-aside count unchanged
    return cid


def drop_slot(deck: dict, group: dict, pool_name: str) -> None:
    """Takes one slot of *pool_name* out of *group* (a card of it was revealed or taken), dropping what empties."""
    slots = group["slots"]
    slots[pool_name] -= 1
    if not slots[pool_name]:
        del slots[pool_name]
    if not slots:
        deck["groups"].remove(group)
    if not deck["pools"].get(pool_name, True):
        del deck["pools"][pool_name]


def size(state: dict) -> int:
    """How many cards are left to reveal (2.2: open to inspection)."""
    d = state["deck"]
    if type(d) is list:  # legacy (is_legacy), tested inline: a view asks this every step
        return len(d)
    n = 0
    for group in d["groups"]:
        n += sum(group["slots"].values())
    return n


def sizes(state: dict) -> tuple[int, int]:
    """:func:`size` and :func:`unused_count` in one pass, recomputed from the deck (2.1, 2.2): what
    :func:`keep_sizes` keeps in the state for the views, and what :func:`kept_sizes_problems` checks it against."""
    d = state["deck"]
    if type(d) is list:  # legacy (is_legacy)
        return len(d), len(state.get("unused", []))
    n = 0
    for group in d["groups"]:
        for k in group["slots"].values():
            n += k
    pooled = 0
    for pool in d["pools"].values():  # disjoint (engine.coin.position_checks refuses a card in two)
        pooled += len(pool)
    return n, pooled - n


def keep_sizes(state: dict) -> dict:
    """Sets the kept sizes of *state* (:data:`SIZE_KEYS`: the cards left in the draw deck, 2.2, and the
    Events set aside, 2.1) from its deck (:func:`sizes`); returns *state*. Every change of the deck but a
    card drawn (:func:`draw_top` counts it down) ends here: the setup, a position loaded, a card taken or put
    on top, a saved game migrated (:func:`migrate_sizes_v1`)."""
    state["deck_size"], state["unused_count"] = sizes(state)
    return state


def kept_sizes_problems(state: dict) -> list[str]:
    """The invariant of the kept sizes (``engine.coin.invariants.cards``): they are the deck's, recomputed
    (2.1, 2.2); ``[]`` when they are."""
    kept = tuple(state.get(k) for k in SIZE_KEYS)
    have = sizes(state)
    if kept == have:
        return []
    return [f"the kept deck_size and unused_count are {kept[0]!r} and {kept[1]!r}, but the deck holds {have[0]} "
            f"cards to reveal and {have[1]} set aside (2.1, 2.2: engine.coin.deck.keep_sizes)"]


def migrate_sizes_v1(state: dict) -> None:
    """The migration of a British Way game saved under rules version 1, when the views walked the deck for
    its sizes: it gets the kept sizes (:func:`keep_sizes`; 2.1, 2.2). Nothing else of the state changes."""
    keep_sizes(state)


def remaining(state: dict) -> set[str]:
    """The cards not revealed yet: those the deck may still reveal and the set-aside ones (which no one can
    tell apart until the end). Legacy deck: the deck and the set-aside cards."""
    if is_legacy(state):
        return set(state["deck"]) | set(state.get("unused", []))
    return set().union(*state["deck"]["pools"].values())


def unused_count(state: dict, size_now: int | None = None) -> int:
    """How many Events are set aside unused (2.1): the unrevealed cards the deck will never reveal.
    *size_now*: :func:`size`, when the caller has it already."""
    if is_legacy(state):
        return len(state.get("unused", []))
    # the pools are disjoint (a card is in one pool: engine.coin.position_checks refuses one in two)
    return sum(map(len, state["deck"]["pools"].values())) - (size(state) if size_now is None else size_now)


def take(state: dict, cid: str) -> bool:
    """Test helper: takes card *cid* out of what may still be revealed (as if it had been revealed
    elsewhere), keeping the deck's counts consistent: if its pool then holds fewer cards than the deck has
    slots for it, the last group using that pool loses one slot. Returns whether *cid* was there. The kept
    sizes follow (:func:`keep_sizes`)."""
    if not _take(state, cid):
        return False
    keep_sizes(state)
    return True


def _take(state: dict, cid: str) -> bool:
    """:func:`take` without the kept sizes."""
    if is_legacy(state):
        for pile in (state["deck"], state.get("unused", [])):
            if cid in pile:
                pile.remove(cid)
                return True
        return False
    deck = state["deck"]
    pool_name = next((p for p, cards in deck["pools"].items() if cid in cards), None)
    if pool_name is None:
        return False
    deck["pools"][pool_name].remove(cid)
    using = [g for g in deck["groups"] if pool_name in g["slots"]]
    if len(deck["pools"][pool_name]) < sum(g["slots"][pool_name] for g in using):
        drop_slot(deck, using[-1], pool_name)
    elif not deck["pools"][pool_name]:
        del deck["pools"][pool_name]
    return True


def stack(state: dict, *cids: str) -> None:
    """Test helper: puts the cards *cids* (not revealed yet) on top of the deck, the first on top, so that
    they are the next revealed, in that order.

    Each is taken out of its pool as :func:`take` does; each new top group's pool holds exactly that card.
    The kept sizes follow (:func:`keep_sizes`).
    """
    try:
        for cid in reversed(cids):
            if not _take(state, cid):
                raise ValueError(f"{cid} is not in the deck nor set aside: it was revealed already")
            if is_legacy(state):
                state["deck"].insert(0, cid)
                continue
            deck = state["deck"]
            deck["groups"].insert(0, {"name": "a card put on top", "slots": {cid: 1}})
            deck["pools"][cid] = [cid]
    finally:
        keep_sizes(state)


def _consume(deck: dict, cid: str) -> bool:
    """Takes *cid* out of the deck as :func:`draw_top` would if it were drawn now: from its pool and from a
    slot of the top group. False (nothing changed) if the top group has no slot for it."""
    if not deck["groups"]:
        return False
    group = deck["groups"][0]
    pool = next((p for p in group["slots"] if cid in deck["pools"].get(p, ())), None)
    if pool is None:
        return False
    deck["pools"][pool].remove(cid)
    drop_slot(deck, group, pool)
    return True


def put_on_top(state: dict, *cids: str) -> None:
    """Puts *cids* (not revealed yet) on top of the deck, the first on top, as a position states them
    (docs/positions.md): each takes the place in the deck it would have had if drawn next, so that once they
    are revealed the deck is the deck of the cards played (``CoinPosition.replay``); a card the deck could
    not give there loses its place as :func:`take` does. The kept sizes follow (:func:`keep_sizes`).

    :raises ValueError: a card revealed already."""
    deck = state["deck"]
    try:
        for cid in cids:
            if not _consume(deck, cid) and not _take(state, cid):
                raise ValueError(f"{cid} is not in the deck nor set aside: it was revealed already")
        for cid in reversed(cids):
            deck["groups"].insert(0, {"name": "a card put on top", "slots": {cid: 1}})
            deck["pools"][cid] = [cid]
    finally:
        keep_sizes(state)
