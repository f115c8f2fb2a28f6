"""What each side sees (21.0, fog of war; DESIGN.md section 3, hidden information).

A side sees its own units and supply, the uncontrolled British units (27.2: nobody's, on the open map), every
marker (terrorized hexes, entrenchments, destroyed bridges, the truce), the VP, the counters off the map (the
pool, the eliminated, the air boxes: open displays), and of the enemy's stacks on the map only those revealed:
- 21.3: a stack in or adjacent to a hex with the side's own population, not terrorized (17.2);
- 21.1, 21.2, 21.4: a stack a combat, an air strike, an aerial reconnaissance or an event revealed to it, listed
  in ``state["revealed"][side]`` until the end of the player turn (ruling R-21.0-reveal).
Of a hidden stack the side sees only that the hex holds enemy units (the counters stand on the map), not which
or how many, nor their supply (ruling R-21.0-hidden): ``hidden_stacks``. The public (an observer, the umpire's
page) sees both sides' stacks as hidden, except where a stack is open to both sides.
"""

from __future__ import annotations

from functools import lru_cache

from . import packs, places, units
from .units import SIDES

#: State keys every side sees as they are.
OPEN = ("game", "scenario", "options", "seq", "outcome", "pack", "month", "first_month", "last_month", "impulse",
        "phasing", "phase", "vp", "terrorized", "entrenched", "destroyed_bridges", "truce", "rules_version",
        "rulings", "pending")
#: The rules' bookkeeping that names units moving unseen (which moved, were promoted or landed: 21.0): kept out of
#: every view (the prompts already answer for them); the other flags are open (border specials, treaty cities,
#: bridge attempts, air missions flown, terrorism attempts, the armistice, the Airfield's return).
HIDDEN_FLAGS = frozenset({"moved", "promoted", "amphibious_landed"})


def population_open(state: dict, side: str) -> frozenset[str]:
    """21.3: the hexes whose enemy stacks *side* sees: those with its own untouched population and their
    neighbours (the map's, for the hexes terrorized so far: worked out once for each)."""
    return _population_open(state["pack"]["digest"], side, tuple(sorted(state["terrorized"])))


@lru_cache(maxsize=256)
def _population_open(digest: str, side: str, terrorized: tuple[str, ...]) -> frozenset[str]:
    people = places.POPULATION[side]
    m = packs.get(digest).map
    own = [h for h, d in m.hexes.items() if d.population == people and h not in terrorized]
    out = set(own)
    for h in own:
        out.update(m.neighbours(h))
    return frozenset(out)


def open_hexes(state: dict, side: str) -> set[str]:
    """Every hex where *side* sees the enemy's stack now (21.0)."""
    return population_open(state, side) | set(state["revealed"][side])


def public(state: dict, side: str, hex_: str) -> bool:
    """Whether the enemy of *side* sees *side*'s stack in *hex_* now (21.0): what the public log may say of it."""
    return hex_ in open_hexes(state, units.other(side))


def private_to(state: dict, side: str, hex_: str) -> str | None:
    """*side* when what it does in *hex_* is hidden from the enemy (its stack there unseen: 21.0), else None: the
    ``to`` of a log line about it (``Context.say``: the public log names no unit or supply of a hidden stack)."""
    return None if public(state, side, hex_) else side


def enemy_hexes(state: dict, enemy: str) -> set[str]:
    """The hexes where *enemy* has counters or supply points on the map."""
    recs = state["units"]
    return {recs[cid]["at"] for cid in units.on_map(state, enemy)} | set(state["supply"][enemy])


def view(state: dict, role: str) -> dict:
    """What *role* (a side, or anyone else: the public) sees of *state* (21.0). A side's view reads the enemy's
    counters from ``units.on_map`` (``engine.view`` runs it inside the ``units.Reading`` its prompt reads:
    ``GameDefinition.reading``); the public's makes one pass over the counters, each counter's side read as
    ``units.side_of`` does (inline: ``units.printed_sides``)."""
    v = {k: state.get(k) for k in OPEN}
    v["flags"] = {k: x for k, x in state.get("flags", {}).items() if k not in HIDDEN_FLAGS}
    v["role"] = role
    if role in SIDES:
        enemy = units.other(role)
        revealed = state["revealed"][role]
        shown = population_open(state, role)  # open_hexes, read only here: no copy unless something is revealed
        seen = {role: set(), enemy: shown | set(revealed) if revealed else shown}  # where the side looks (21.0)
    else:
        both = open_hexes(state, "arab") & open_hexes(state, "israel")
        seen = {"arab": both, "israel": both}
    printed, brit = units.printed_sides(state), units.british_side(state)
    recs = state["units"]
    out_units: dict[str, dict] = {}
    # the hexes of the counters of each side whose stacks the viewer may not see whole (not its own)
    stacks: dict[str, set[str]] = {side: set() for side in SIDES if side != role}
    if role in SIDES:
        # a side's view: its own counters and the uncontrolled British ones are open (27.2), every other counter
        # on the map is the enemy's (a record's side, or a British intervention's, names one of the two sides),
        # open where the side looks (the public's loop below, specialised: the same counters shown). Every record
        # (shared, not copied: engine.view is read-only), less the enemy's counters the side does not see: the same
        # records in the same order as adding the shown ones one by one. The enemy's counters are units.on_map's:
        # engine.view runs this inside the units.Reading its prompt then reads (GameDefinition.reading), so the
        # index of the counters by side is made once for both
        hexes, looked = stacks[enemy], seen[enemy]
        out_units = dict(recs)
        indexed = units.sides_on_map(state)  # the Reading's index, read in place (on_map, without its copy)
        for cid in (indexed.get(enemy, ()) if indexed is not None else list(units.on_map(state, enemy))):
            at = recs[cid]["at"]
            hexes.add(at)
            if at not in looked:
                del out_units[cid]
    else:
        for cid, rec in recs.items():
            if rec["status"] != "map":
                out_units[cid] = rec
                continue
            owner, at = rec.get("side") or printed[cid] or brit, rec["at"]  # side_of, inline
            hexes = stacks.get(owner)
            if hexes is None:  # an uncontrolled British counter: open (27.2)
                if owner == "british" or owner == role or at in seen.get(owner, ()):
                    out_units[cid] = rec
                continue
            hexes.add(at)
            if at in seen[owner]:
                out_units[cid] = rec
    v["units"] = out_units
    supply = state["supply"]
    shown_supply: dict[str, dict[str, int]] = {}
    for side in SIDES:  # a side's own supply whole; the other's where the viewer looks (21.0)
        if side == role:
            shown_supply[side] = dict(supply[side])
        else:
            looked = seen.get(side, ())
            shown_supply[side] = {h: p for h, p in supply[side].items() if h in looked}
    v["supply"] = shown_supply
    hidden = {}
    for side in SIDES:
        if side == role:
            continue
        hexes = sorted((stacks[side] | set(state["supply"][side])) - seen.get(side, set()))
        if hexes:
            hidden[side] = hexes
    v["hidden_stacks"] = hidden
    v["revealed"] = {role: list(state["revealed"][role])} if role in SIDES else {}
    return v
