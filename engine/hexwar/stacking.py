"""Who stands where, and stacking (8.0).

:class:`Board` is the units in each hex (a plain mapping of hex label to :class:`~engine.hexwar.terrain.Unit`),
with the questions the movement rules ask of a hex: friendly or enemy units, combat or not (1.6), British
(27.2). The stacking rules:

- 8.1: at most two brigades per hex; a battalion counts half a brigade, a group is a battalion (8.1c), the
  Transjordanian regiments are battalion-sized (1.4a); non-combat units and markers do not count (8.1d,
  19.3).
- 8.1a: the limit applies only at the end of the Movement and Combat phases, friendly and enemy: units may
  move, retreat and advance through or into a full hex in between.
- 8.1b: if at that moment a hex holds more than the limit, all the friendly units in it are broken (those
  already broken stay broken: 13.4; non-combat units cannot be broken: 19.5c).
- 8.2: at most two brigades attack or defend in a hex; the owner says which units count, the rest count
  zero, cannot attack, and are affected by the results.
- 8.3: friendly and enemy units never share a hex (except in passing: non-combat units, 19.1).
- 12.2: an invasion force is at most two brigades (or equivalent) plus leaders and supply, and is not
  launched from an overstacked hex.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

from engine.core.errors import Refusal

from .terrain import SIZES, MapDataError, Unit, mp_text

#: The stacking limit: two brigades per hex (8.1).
LIMIT = Fraction(2)
#: The phases at whose end the limit is checked (8.1a), friendly and enemy.
CHECKED_AFTER = frozenset({"movement", "combat"})
#: The most one unit counts towards the limit (a brigade: 8.1): fewer units than LIMIT / _MOST never pass it.
_MOST = max(SIZES.values())
#: The most units that never pass the limit whatever their sizes: ``n * _MOST <= LIMIT`` for a whole n exactly
#: when ``n <= _FEW`` (an int, so the test makes no Fraction).
_FEW = LIMIT // _MOST


class Board:
    """The units in each hex: ``Board({"4012": [unit, ...], ...})``. Units of any side, British included."""

    def __init__(self, units_at: Mapping[str, Iterable[Unit]] | None = None):
        self._at: dict[str, tuple[Unit, ...]] = {}
        for label, units in (units_at or {}).items():
            units = tuple(units)
            if units:
                self._at[label] = units

    def __iter__(self):
        return iter(self._at.items())

    def units(self, label: str) -> tuple[Unit, ...]:
        return self._at.get(label, ())

    def where(self, unit_id: str) -> str | None:
        """The hex of the unit *unit_id*, or None."""
        for label, units in self._at.items():
            if any(u.id == unit_id for u in units):
                return label
        return None

    def moved(self, unit: Unit, to: str) -> Board:
        """A new board with *unit* moved (or placed) in *to*."""
        at = {label: [u for u in units if u.id != unit.id] for label, units in self._at.items()}
        at.setdefault(to, []).append(unit)
        return Board(at)

    @staticmethod
    def enemy_of(unit_side: str | None, side: str) -> bool:
        """Whether a unit of *unit_side* is an enemy of *side* (1.6): it belongs to the other player. The
        uncontrolled British units (27.2) are nobody's enemy."""
        return unit_side is not None and unit_side != side

    def enemies(self, label: str, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self._at.get(label, ()) if u.side is not None and u.side != side)  # enemy_of, inline

    def friends(self, label: str, side: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units(label) if u.side == side)

    def enemy_combat(self, label: str, side: str) -> bool:
        """Whether *label* holds an enemy combat unit (7.4: it may never be entered)."""
        for u in self._at.get(label, ()):
            if u.side is not None and u.side != side and u.cs >= 1:  # enemy_of and Unit.combat, inline
                return True
        return False

    def enemy_noncombat_only(self, label: str, side: str) -> tuple[Unit, ...]:
        """The enemy units in *label* if they are all non-combat units (19.1a), else ()."""
        enemies = self.enemies(label, side)
        return enemies if enemies and not any(u.combat for u in enemies) else ()

    def british(self, label: str) -> bool:
        """Whether *label* holds an uncontrolled British unit (27.4)."""
        for u in self._at.get(label, ()):
            if u.british:
                return True
        return False


def stack_points(unit: Unit) -> Fraction:
    """What *unit* counts towards the limit (8.1): a brigade 1, a battalion, regiment or group 1/2 (8.1,
    8.1c, 1.4a); a non-combat unit 0 (8.1d, 19.3)."""
    if not unit.combat:
        return Fraction(0)
    try:
        return SIZES[unit.size]
    except KeyError:
        raise MapDataError(f"the unit {unit.id} has the size {unit.size!r}; a combat unit is a "
                           f"{', '.join(SIZES)} (1.4a, 8.1)") from None


#: The sizes' stacking points (8.1) over one common denominator, as whole numbers: a stack's total is summed
#: in these and made a Fraction once (:func:`stack_total`: the same value as the sum of :func:`stack_points`).
_DEN = math.lcm(*(v.denominator for v in SIZES.values()))
_SCALED = {size: int(v * _DEN) for size, v in SIZES.items()}


def stack_total(units: Iterable[Unit]) -> Fraction:
    """The brigades in a stack (8.1): the sum of :func:`stack_points` (a non-combat unit 0; a combat unit of no
    known size refused as there)."""
    n = 0
    for u in units:
        if u.cs >= 1:  # Unit.combat, inline
            k = _SCALED.get(u.size)
            if k is None:
                return stack_points(u)  # raises MapDataError, naming the unit
            n += k
    return Fraction(n, _DEN)


def overstacked(board: Board, side: str) -> dict[str, Fraction]:
    """The hexes where *side* has more than two brigades, with the count (8.1)."""
    out = {}
    for label, units in board:
        mine = [u for u in units if u.side == side]
        if len(mine) <= _FEW and all(u.size in SIZES or not u.combat for u in mine):
            continue  # too few units to pass the limit, whatever their sizes (each counts at most _MOST)
        total = stack_total(mine)
        if total > LIMIT:
            out[label] = total
    return out


def overstack_breaks(board: Board, phase: str) -> list[tuple[str, str, str]]:
    """At the end of *phase*: the units that overstacking breaks (8.1b), as ``(hex, unit id, reason)``.

    Only at the end of a Movement or Combat phase, friendly or enemy (8.1a): otherwise nothing. All of a
    side's units in an overstacked hex are broken; those already broken stay broken and are not
    eliminated (13.4); non-combat units are not broken (19.5c)."""
    if phase not in CHECKED_AFTER:
        return []
    out = []
    sides = sorted({u.side for _, units in board for u in units if u.side is not None})
    for side in sides:
        for label, total in overstacked(board, side).items():
            for u in board.friends(label, side):
                if u.combat and not u.broken:
                    out.append((label, u.id, f"{label} holds {mp_text(total)} brigades of {side} at the end of "
                                             f"the {phase} phase, more than two: every unit there is broken "
                                             f"(8.1b)"))
    return out


def shared_hexes(board: Board) -> list[str]:
    """Hexes where units of two sides (the uncontrolled British counting as one) stand together: never
    at rest (8.3; 19.1a eliminates enemy non-combat units entered; 27.4 eliminates a unit ending its move
    with British units)."""
    out = []
    for label, units in board:
        if len({u.side for u in units}) > 1:
            out.append(label)
    return out


def combat_cap(units: Iterable[Unit], counted: Iterable[str], *, defending: bool) -> Refusal | None:
    """Check the owner's choice of which of a hex's units count in one combat (8.2).

    *units* are the side's units in the hex taking part (for the defender: all of them, 11.1b); *counted*
    the ids whose CS counts. At most two brigades count (8.2); the rest count zero. The defender cannot
    keep a unit out (11.1b): a unit that could still count without passing two brigades must count. The
    attacker's uncounted units do not attack (8.2: "Such units cannot attack"). None if the choice is
    legal, else the refusal."""
    units = [u for u in units if u.combat]
    ids = {u.id for u in units}
    counted = set(counted)
    stray = sorted(counted - ids)
    if stray:
        return Refusal(f"{', '.join(stray)} {'is' if len(stray) == 1 else 'are'} not among the combat units "
                       f"of the hex ({', '.join(sorted(ids)) or 'none'}) (8.2)", "8.2")
    chosen = [u for u in units if u.id in counted]
    total = stack_total(chosen)
    if total > LIMIT:
        return Refusal(f"{', '.join(sorted(counted))} make {mp_text(total)} brigades; at most two brigades "
                       f"attack or defend in a hex, the others count zero: name units making two brigades or "
                       f"fewer (8.2)", "8.2")
    if defending:
        left_out = [u for u in units if u.id not in counted and total + stack_points(u) <= LIMIT]
        if left_out:
            return Refusal(f"{left_out[0].id} must defend: only the units beyond two brigades count zero (8.2), "
                           f"and the defender cannot refuse a unit (11.1b); the counted units make "
                           f"{mp_text(total)} brigades", "8.2")
    return None


def invasion_force(force: Iterable[Unit], hex_units: Iterable[Unit]) -> Refusal | None:
    """Check an invasion force (12.2): at most two brigades (or equivalent) plus leaders and supply
    units, launched from a hex whose friendly units (the arriving force among them) are within the
    stacking limit. None if legal, else the refusal."""
    force = list(force)
    total = stack_total(force)
    if total > LIMIT:
        return Refusal(f"the invasion force makes {mp_text(total)} brigades; an invasion is made by at most two "
                       f"brigades (or equivalent), with leaders and supply units besides (12.2)", "12.2")
    here = stack_total(hex_units)
    if here > LIMIT:
        return Refusal(f"the hex holds {mp_text(here)} brigades: an invasion cannot be made from a hex over the "
                       f"stacking limit of two brigades (12.2, 8.1)", "12.2")
    return None
