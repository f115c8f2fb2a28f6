"""Applying a combat result (The First Arab-Israeli War): breaks, eliminations, splits (13.3, 13.4, 5.6, 19.5).

A result's losses on a hex's unit records: a break flips an effective unit to its broken side (13.3); a
second break eliminates it after a combat or a retreat into an enemy ZOC, not after overstacking (13.4,
8.1b); when no combat unit is left, the hex's non-combat units go too (19.5b; non-combat units are never
broken, 19.5c); a brigade may split into its battalions (5.1a, 5.2, 5.3, 5.4, 5.5) to take a D1 (5.6).
Digest part A, A.7 (combat), A.8 (breakdown), A.4.1 (reorganization).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.core.errors import IllegalActionError, InvalidActionError

from .combat_units import UNDERGROUND, Unit, _family, equivalent

# --------------------------------------------------------------------------------------------------------
# Applying results: breaks, eliminations, splits (13.3, 13.4, 5.6, 19.5)
# --------------------------------------------------------------------------------------------------------

#: Causes of a break (13.3): a second break eliminates for a combat result or a retreat into an enemy ZOC
#: (13.4), not for overstacking (8.1b, 13.4).
BREAK_CAUSES = {"combat": "13.3", "retreat_zoc": "13.3", "overstack": "8.1b"}


@dataclass(frozen=True)
class Losses:
    """A hex's units after a result: ``units`` those left (in order), ``eliminated`` those removed."""

    units: tuple[Unit, ...]
    eliminated: tuple[Unit, ...]
    steps: tuple[str, ...]


def break_unit(unit: Unit, cause: str = "combat") -> Unit | None:
    """*unit* broken (13.3): an effective unit flips to its broken side; a broken one is eliminated (None) by
    a combat result or a retreat into an enemy ZOC (13.4) and stays broken otherwise (overstacking, 8.1b)."""
    if cause not in BREAK_CAUSES:
        raise InvalidActionError(f"a break's cause is {', '.join(BREAK_CAUSES)}, not {cause!r} (13.3)")
    if not unit.is_combat:
        raise IllegalActionError(f"{unit.label} is a non-combat unit: non-combat units cannot be broken (19.5c)",
                                 rule="19.5c")
    if not unit.broken:
        return replace(unit, broken=True)
    return None if cause in ("combat", "retreat_zoc") else unit


def apply_breaks(units: Sequence[Unit], ids: Iterable[str], cause: str = "combat") -> Losses:
    """The units named in *ids* (each once; the owner names them) of a hex's *units* broken (13.3/13.4); if
    that eliminates every combat unit of the hex, its non-combat units are eliminated too (19.5b)."""
    ids = list(ids)
    by_id = {u.id: u for u in units}
    for x in ids:
        if x not in by_id:
            raise IllegalActionError(f"{x} is not in the hex: the units broken are the hex's (13.3)", rule="13.3")
    if len(set(ids)) != len(ids):
        raise IllegalActionError("a unit is named twice: each break is taken by a different unit (13.3)",
                                 rule="13.3")
    left, gone, steps = [], [], []
    rule = BREAK_CAUSES.get(cause, "13.3")
    for u in units:
        if u.id not in ids:
            left.append(u)
            continue
        after = break_unit(u, cause)
        if after is None:
            gone.append(u)
            steps.append(f"{u.label}, already broken, is broken again and eliminated (13.4)")
        elif after is u:
            left.append(u)
            steps.append(f"{u.label} is already broken and stays broken (13.4, {rule})")
        else:
            left.append(after)
            steps.append(f"{u.label} is broken: CS {u.front_cs} -> {after.cs} ({rule})")
    had_combat = any(u.is_combat for u in units)
    if had_combat and not any(u.is_combat for u in left) and left:
        steps.append(f"no combat unit is left: {', '.join(u.label for u in left)} "
                     f"{'is' if len(left) == 1 else 'are'} eliminated too (19.5b)")
        gone += left
        left = []
    return Losses(units=tuple(left), eliminated=tuple(gone), steps=tuple(steps))


def split_brigade(brigade: Unit, battalions: Sequence[Unit]) -> tuple[Unit, ...]:
    """*brigade* split into *battalions* (counters from the mix, 4.6), checked against the equivalences of
    5.2 (same nationality 5.4, not Irgun/Stern 5.5); the battalions take its hex and, if it is broken,
    are broken (5.3)."""
    if brigade.size != "brigade" or not brigade.is_combat:
        raise IllegalActionError(f"{brigade.label} is not a brigade: only brigades split (5.1a)", rule="5.1a")
    if brigade.nationality in UNDERGROUND:
        raise IllegalActionError(f"{brigade.label} is {brigade.nationality.title()}: Irgun and Stern Group units "
                                 f"never split or reform (5.5)", rule="5.5")
    want = equivalent(brigade)
    if want is None:
        raise IllegalActionError(f"5.2 gives no battalions for a {brigade.nationality or brigade.side} "
                                 f"{brigade.type} brigade (5.2)", rule="5.2")
    for b in battalions:
        if b.size not in ("battalion", "regiment", "group"):
            raise IllegalActionError(f"{b.label} is not a battalion: a brigade splits into battalions (5.1a)",
                                     rule="5.1a")
        if b.side != brigade.side or b.nationality != brigade.nationality:
            raise IllegalActionError(f"{b.label} is {b.nationality or b.side}, not {brigade.nationality}: "
                                     f"units of one nationality split into the same nationality (5.4)", rule="5.4")
    if sorted(_family(b.type) for b in battalions) != sorted(want):
        raise IllegalActionError(f"{brigade.label} splits into {' + '.join(want)} battalions, not "
                                 f"{' + '.join(b.type for b in battalions) or 'none'} (5.2)", rule="5.2")
    return tuple(replace(b, hex=brigade.hex, broken=brigade.broken) for b in battalions)


def take_break(units: Sequence[Unit], unit_id: str, *, split_into: Sequence[Unit] = (),
               break_id: str | None = None, cause: str = "combat") -> Losses:
    """One break taken by a hex (a D1 and the like): the owner names the unit (*unit_id*); or, splitting
    a brigade during combat to take the loss (5.6), names the brigade, the battalions it splits into
    (*split_into*) and the one of them that breaks (*break_id*)."""
    by_id = {u.id: u for u in units}
    if unit_id not in by_id:
        raise IllegalActionError(f"{unit_id} is not in the hex: the break is taken by one of its units (13.3)",
                                 rule="13.3")
    if not split_into:
        if break_id is not None:
            raise IllegalActionError("a battalion to break is named only when a brigade splits (5.6)", rule="5.6")
        return apply_breaks(units, [unit_id], cause)
    brigade = by_id[unit_id]
    parts = split_brigade(brigade, split_into)
    if break_id not in {b.id for b in parts}:
        raise IllegalActionError(f"name the battalion of {brigade.label} that breaks, one of "
                                 f"{', '.join(b.id for b in parts)} (5.6)", rule="5.6")
    after = []
    for u in units:
        after.extend(parts if u.id == unit_id else (u,))
    done = apply_breaks(after, [break_id], cause)
    said = (f"{brigade.label} splits into {', '.join(b.label for b in parts)}"
            f"{' (broken, 5.3)' if brigade.broken else ''} to take the loss (5.6)")
    return replace(done, steps=(said,) + done.steps)
